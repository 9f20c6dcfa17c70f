//! Suggestions for a move text that names no legal move: the legal moves one
//! slip of the pen away from it.

use arrayvec::ArrayVec;

use super::describe::{CHINESE_TIERS, Desc, WXF_EQUALS_TIERS, WXF_TIERS};
use super::parse::coordinates;
use super::symbol::{self, Family, Sym};
use crate::board::{Move, Position};

/// At most this many legal moves are suggested for a text that names none.
const SUGGESTED: usize = 6;

/// The legal moves (at most [`SUGGESTED`], in the order of
/// [`Position::legal_moves`]) written like `text` but for one slip: one
/// coordinate wrong, or one piece, file, direction or number of a Chinese or
/// WXF move wrong, missing or added.
pub(super) fn near_misses(pos: &Position, text: &str) -> ArrayVec<Move, SUGGESTED> {
    let mut near = ArrayVec::new();
    let legal = pos.legal_moves();
    if let Some((written, _)) = coordinates(text) {
        let parts = |m: Move| {
            let (from, to) = (m.from(), m.to());
            [
                from.file().index(),
                from.rank().index(),
                to.file().index(),
                to.rank().index(),
            ]
        };
        let want = parts(written);
        let off_by_one =
            |m: &&Move| parts(**m).iter().zip(&want).filter(|(a, b)| a != b).count() == 1;
        near.extend(legal.iter().filter(off_by_one).take(SUGGESTED).copied());
        return near;
    }
    // The strict reading, and the lenient ones in either notation, in which
    // a character that stands for nothing keeps its place (the slip itself,
    // often: a letter among Chinese characters, a dot for 平).
    let strict = symbol::read(text).ok();
    let lenient = [Family::Chinese, Family::Wxf].map(|f| (f, symbol::read_lenient(text, f)));
    let mut readings: ArrayVec<(Family, bool, &[u32]), 3> = ArrayVec::new();
    if let Some(input) = &strict {
        readings.push((input.family, input.equals, &input.masks));
    }
    for (family, masks) in &lenient {
        if let Some(masks) = masks {
            readings.push((*family, text.contains('='), masks));
        }
    }
    for &mv in &legal {
        let Some(desc) = Desc::new(pos, mv) else {
            continue;
        };
        let slip = readings.iter().any(|&(family, equals, masks)| {
            let tiers = match (family, equals) {
                (Family::Chinese, _) => &CHINESE_TIERS,
                (Family::Wxf, false) => &WXF_TIERS,
                (Family::Wxf, true) => &WXF_EQUALS_TIERS,
            };
            tiers.iter().flat_map(|tier| tier.iter()).any(|&variant| {
                desc.write(variant)
                    .is_some_and(|syms| one_slip(&syms, masks))
            })
        });
        if slip && near.try_push(mv).is_err() {
            break;
        }
    }
    near
}

/// Whether the symbols `syms` of a move and the masks `masks` of a text are
/// one edit apart: one symbol the text does not allow, or one symbol too
/// many or too few.
fn one_slip(syms: &[Sym], masks: &[u32]) -> bool {
    let fits = |s: &Sym, m: &u32| s.bit() & m != 0;
    // Whether the sequences match once the item at `skip` of the longer is left out.
    fn matches_without<A, B>(longer: &[A], shorter: &[B], fits: impl Fn(&A, &B) -> bool) -> bool {
        (0..longer.len()).any(|skip| {
            longer
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .zip(shorter)
                .all(|((_, a), b)| fits(a, b))
        })
    }
    match syms.len().cmp(&masks.len()) {
        std::cmp::Ordering::Equal => {
            syms.iter().zip(masks).filter(|(s, m)| !fits(s, m)).count() == 1
        }
        std::cmp::Ordering::Greater if syms.len() == masks.len() + 1 => {
            matches_without(syms, masks, fits)
        }
        std::cmp::Ordering::Less if masks.len() == syms.len() + 1 => {
            matches_without(masks, syms, |m, s| fits(s, m))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Role;

    #[test]
    fn one_slip_is_one_symbol_wrong_missing_or_added() {
        let cannon = Sym::Role(Role::Cannon).bit();
        let two = Sym::Digit(2).bit();
        let (five, six) = (Sym::Digit(5).bit(), Sym::Digit(6).bit());
        let syms = [
            Sym::Role(Role::Cannon),
            Sym::Digit(2),
            Sym::Sideways,
            Sym::Digit(5),
        ];
        let sideways = Sym::Sideways.bit();
        assert!(!one_slip(&syms, &[cannon, two, sideways, five]), "no slip");
        assert!(one_slip(&syms, &[cannon, two, sideways, six]), "wrong");
        assert!(one_slip(&syms, &[cannon, two, five]), "missing");
        assert!(one_slip(&syms, &[cannon, two, sideways, 0, five]), "added");
        assert!(!one_slip(&syms, &[cannon, six, sideways, six]), "two wrong");
        assert!(!one_slip(&syms, &[cannon, five]), "two missing");
    }
}
