//! What a move looks like to a player: which piece (and which of several on a
//! file), which way it goes and how far, and the symbol sequences every
//! published convention writes for it.

use arrayvec::ArrayVec;

use super::symbol::{Family, Sym};
use crate::board::{Color, File, Move, Position, Role, Square};
use crate::words::Words;

/// A move described in the terms of Chinese and WXF notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Desc {
    /// The mover.
    pub color: Color,
    /// The piece moved.
    pub role: Role,
    /// The origin's file number from the mover's side (1 = the mover's rightmost file).
    pub file: u8,
    /// [`Sym::Forward`], [`Sym::Backward`] or [`Sym::Sideways`].
    pub dir: Sym,
    /// Steps for straight movers going forward or backward, else the destination file.
    pub num: u8,
    /// How many pieces of the same kind stand in front of this one on its file.
    pub rank_in_file: u8,
    /// How many pieces of the same kind stand on the file, this one included.
    pub on_file: u8,
    /// For a pawn when two files each hold two or more of the mover's pawns:
    /// its index among all pawns on those files (files from the mover's right,
    /// then front to back) and how many such pawns there are.
    pub multi: Option<(u8, u8)>,
}

/// How far `sq` is from `color`'s own back rank.
fn advance(sq: Square, color: Color) -> u8 {
    let r = sq.rank().index() as u8;
    match color {
        Color::Red => r,
        Color::Black => 9 - r,
    }
}

impl Desc {
    /// Describes `mv`; `None` when there is no piece on its origin.
    pub(crate) fn new(pos: &Position, mv: Move) -> Option<Desc> {
        let (from, to) = (mv.from(), mv.to());
        let piece = pos.piece_at(from)?;
        let (color, role) = (piece.color, piece.role);
        let same = pos.pieces(color, role);
        let mut rank_in_file = 0;
        let mut on_file = 0;
        let mut per_file = [0u8; 9];
        for sq in same {
            per_file[sq.file().number_for(color) as usize - 1] += 1;
            if sq.file() == from.file() {
                on_file += 1;
                if advance(sq, color) > advance(from, color) {
                    rank_in_file += 1;
                }
            }
        }
        let file = from.file().number_for(color);
        let multi = if role == Role::Pawn
            && on_file >= 2
            && per_file.iter().filter(|&&n| n >= 2).count() >= 2
        {
            let before: u8 = per_file[..file as usize - 1]
                .iter()
                .filter(|&&n| n >= 2)
                .sum();
            let total = per_file.iter().filter(|&&n| n >= 2).sum();
            Some((before + rank_in_file, total))
        } else {
            None
        };
        let (dir, num) = motion(color, role, from, to);
        Some(Desc {
            color,
            role,
            file,
            dir,
            num,
            rank_in_file,
            on_file,
            multi,
        })
    }

    /// Whether 进/退 alone tells this piece from its file mate (advisors, elephants, the king).
    fn needs_no_marker(&self) -> bool {
        matches!(self.role, Role::King | Role::Advisor | Role::Elephant)
    }

    /// The xqbase position marker: 前/后, 前/中/后, or 一…五; `None` for a piece alone on its file.
    fn xqbase_marker(&self) -> Option<Sym> {
        if self.needs_no_marker() || self.on_file < 2 {
            return None;
        }
        Some(match self.multi {
            Some((index, total)) => marker(index, total),
            None => marker(self.rank_in_file, self.on_file),
        })
    }

    /// The marker within the piece's own file.
    fn file_marker(&self) -> Sym {
        marker(self.rank_in_file, self.on_file)
    }

    /// The symbols of this move written in `variant`, if the variant has a form for it.
    pub(crate) fn write(&self, variant: Variant) -> Option<ArrayVec<Sym, 5>> {
        let role = Sym::Role(self.role);
        let file = Sym::Digit(self.file);
        let tandem = self.on_file >= 2 && !self.needs_no_marker();
        let pawn = self.role == Role::Pawn;
        let mut out = ArrayVec::<Sym, 5>::new();
        match variant {
            Variant::Xqbase => match self.xqbase_marker() {
                Some(m) => out.extend([m, role]),
                None => out.extend([role, file]),
            },
            Variant::WxfXqbase => out.extend([role, self.xqbase_marker()?]),
            Variant::PieceFile if tandem => out.extend([self.file_marker(), role, file]),
            Variant::ShortPawn if pawn && tandem => out.extend([self.file_marker(), file]),
            Variant::ShortOrdinal if pawn && tandem => {
                out.extend([Sym::Ordinal(self.rank_in_file + 1), file])
            }
            Variant::FairyOrdinal if pawn && tandem => {
                out.extend([Sym::Digit(self.rank_in_file + 1), file])
            }
            Variant::FrontRearPawns if pawn && self.multi.is_none() && self.on_file >= 4 => {
                if self.rank_in_file == 0 {
                    out.extend([Sym::Front, role]);
                } else if self.rank_in_file + 1 == self.on_file {
                    out.extend([Sym::Rear, role]);
                } else {
                    return None;
                }
            }
            Variant::FilelessPawn if pawn && self.multi.is_some() => {
                out.extend([self.file_marker(), role])
            }
            Variant::MarkedGuard if self.needs_no_marker() && self.on_file == 2 => {
                out.extend([self.file_marker(), role])
            }
            Variant::MarkedGuardAfter if self.needs_no_marker() && self.on_file == 2 => {
                out.extend([role, self.file_marker()])
            }
            Variant::Plain if tandem => out.extend([role, file]),
            Variant::WxfOfficial => out.extend(self.wxf_official_head()),
            _ => return None,
        }
        out.extend([self.dir, Sym::Digit(self.num)]);
        Some(out)
    }

    /// The first two symbols of the official WXF form.
    fn wxf_official_head(&self) -> [Sym; 2] {
        let role = Sym::Role(self.role);
        let file = Sym::Digit(self.file);
        if self.needs_no_marker() || self.on_file < 2 {
            return [role, file];
        }
        if self.role != Role::Pawn {
            return [role, self.file_marker()];
        }
        let (i, n) = (self.rank_in_file, self.on_file);
        if self.multi.is_some() {
            let second = match (i, n) {
                (0, _) => Sym::Front,
                (1, 3) => file,
                _ => Sym::Rear,
            };
            return [file, second];
        }
        match (n, i) {
            (2, 0) | (3, 0) | (4, 1) | (5, 1) => [role, Sym::Front],
            (3, 1) | (5, 2) => [role, file],
            (2, 1) | (3, 2) | (4, 2) | (5, 3) => [role, Sym::Rear],
            (_, 0) => [Sym::Front, Sym::Front],
            _ => [Sym::Rear, Sym::Rear],
        }
    }
}

/// Which way a `role` of `color` going from `from` to `to` moves
/// ([`Sym::Forward`], [`Sym::Backward`] or [`Sym::Sideways`]) and its number:
/// steps for straight movers going forward or backward, else the destination file.
pub(crate) fn motion(color: Color, role: Role, from: Square, to: Square) -> (Sym, u8) {
    let dy = advance(to, color) as i8 - advance(from, color) as i8;
    let to_file = to.file().number_for(color);
    if dy == 0 {
        return (Sym::Sideways, to_file);
    }
    let dir = if dy > 0 { Sym::Forward } else { Sym::Backward };
    match role {
        Role::Advisor | Role::Elephant | Role::Horse => (dir, to_file),
        _ => (dir, dy.unsigned_abs()),
    }
}

/// The square a `role` of `color` on `from` reaches going `dir` with number
/// `num`, if there is one on the board: the inverse of [`motion`].
pub(crate) fn destination(
    color: Color,
    role: Role,
    from: Square,
    dir: Sym,
    num: u8,
) -> Option<Square> {
    let file = from.file().index() as i32;
    let ahead = i32::from(advance(from, color));
    let rank = |ahead: i32| match color {
        Color::Red => ahead,
        Color::Black => 9 - ahead,
    };
    let sign = match dir {
        Sym::Sideways => {
            let to_file = File::from_number(num, color)?;
            return Square::at(to_file.index() as i32, rank(ahead));
        }
        Sym::Forward => 1,
        Sym::Backward => -1,
        _ => return None,
    };
    let steps = match role {
        Role::Advisor | Role::Elephant | Role::Horse => {
            let to_file = File::from_number(num, color)?.index() as i32;
            let steps = match (role, (to_file - file).abs()) {
                (Role::Advisor, 1) => 1,
                (Role::Elephant, 2) => 2,
                (Role::Horse, 1) => 2,
                (Role::Horse, 2) => 1,
                _ => return None,
            };
            return Square::at(to_file, rank(ahead + sign * steps));
        }
        _ => i32::from(num),
    };
    Square::at(file, rank(ahead + sign * steps))
}

/// The marker of the `index`-th (from the front) of `count` pieces.
fn marker(index: u8, count: u8) -> Sym {
    match (count, index) {
        (2, 0) | (3, 0) => Sym::Front,
        (3, 1) => Sym::Middle,
        (2, _) | (3, _) => Sym::Rear,
        _ => Sym::Ordinal(index + 1),
    }
}

/// One published way of writing moves; most differ only for pieces sharing a file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Variant {
    /// xqbase / XQWizard, the default Chinese form: 炮二平五, 前炮退二, 中兵, 一兵平五.
    /// Read with WXF symbols it is the marker-first form `+C-2`, `fC+2`.
    Xqbase,
    /// The marker after the piece, as xqbase writes WXF: `C+-2`, `Pa.5`; only for marked pieces.
    WxfXqbase,
    /// Marker, piece and file: 前兵四平五 (the traditional five-character form).
    PieceFile,
    /// Marker within the file and the file, no piece: 前九平八 (DhtmlXQ short form).
    ShortPawn,
    /// Ordinal within the file and the file: 二7平6.
    ShortOrdinal,
    /// Fairy-Stockfish's `13=4`: the pawn's place from the front as a digit, then the file.
    FairyOrdinal,
    /// 前兵 and 后兵 for the first and last of four or five pawns on one file.
    FrontRearPawns,
    /// 前兵/后兵 with the marker within the pawn's own file and no file, when two
    /// files each hold two or more pawns: not a convention, but what players
    /// write; read when unambiguous (前兵平四 when one front pawn only can go there).
    FilelessPawn,
    /// 前仕/后象: markers that advisors and elephants never need but may carry.
    MarkedGuard,
    /// The same markers after the piece, as xqbase writes WXF: `E+-5`, `A-+4`.
    MarkedGuardAfter,
    /// The plain piece-and-file form for a piece that shares its file (read when unambiguous).
    Plain,
    /// Official WXF: `C2.5`, `R+.3`, `++.4`, `3+.4`.
    WxfOfficial,
}

impl Variant {
    /// The convention in words, for a note naming how a text was read:
    /// `family` is the notation the text is in, `keypad` whether its digits
    /// were read as keypad piece codes.
    pub(crate) fn name(self, family: Family, keypad: bool) -> Words {
        let (en, zh) = match (self, family) {
            (Variant::Xqbase, Family::Chinese) => (
                "the usual Chinese form (xqbase)",
                "通行的中文纵线写法（象棋百科全书）",
            ),
            (Variant::Xqbase, Family::Wxf) => (
                "WXF with the marker first (+C-2)",
                "标记在前的WXF写法（+C-2）",
            ),
            (Variant::WxfXqbase, _) => (
                "xqbase's WXF (C+-2, Pa.5)",
                "象棋百科全书的WXF写法（C+-2、Pa.5）",
            ),
            (Variant::PieceFile, _) => (
                "the five-character form (前兵四平五)",
                "五字写法（前兵四平五）",
            ),
            (Variant::ShortPawn, _) => (
                "the short form without the piece (前九平八)",
                "省略兵种的简写（前九平八）",
            ),
            (Variant::ShortOrdinal, _) => ("the ordinal short form (二7平6)", "序数简写（二7平6）"),
            (Variant::FairyOrdinal, _) => (
                "Fairy-Stockfish's ordinal form (13=4)",
                "Fairy-Stockfish的序数写法（13=4）",
            ),
            (Variant::FrontRearPawns, _) => (
                "前兵/后兵 of four or five pawns on one file",
                "一路四五个兵时的前兵/后兵",
            ),
            (Variant::FilelessPawn, _) => ("前兵/后兵 without the file", "不写纵线的前兵/后兵"),
            (Variant::MarkedGuard | Variant::MarkedGuardAfter, _) => (
                "a marked advisor or elephant (前仕, E+-5)",
                "加前后标记的仕相（前仕、E+-5）",
            ),
            (Variant::Plain, _) => (
                "the plain piece-and-file form of a piece sharing its file",
                "同一纵线上两子时不加前后的写法",
            ),
            (Variant::WxfOfficial, _) => ("official WXF", "WXF官方写法"),
        };
        if keypad {
            Words::new(
                format!("{en} with keypad piece codes (6 = cannon)"),
                format!("{zh}（数字为键盘兵种代码，6为炮）"),
            )
        } else {
            Words::new(en, zh)
        }
    }
}

/// The variants read as Chinese notation, the preferred tier first.
pub(crate) const CHINESE_TIERS: [&[Variant]; 2] = [
    &[
        Variant::Xqbase,
        Variant::PieceFile,
        Variant::ShortPawn,
        Variant::ShortOrdinal,
        Variant::FrontRearPawns,
        Variant::MarkedGuard,
    ],
    &[Variant::Plain, Variant::FilelessPawn],
];

/// The variants read as WXF, the preferred tier first. `33.4` is the middle pawn
/// on file 3 in official WXF but the third pawn in Fairy-Stockfish's form, so the
/// ordinal form comes second.
pub(crate) const WXF_TIERS: [&[Variant]; 2] = [
    &[
        Variant::WxfOfficial,
        Variant::WxfXqbase,
        Variant::Xqbase,
        Variant::MarkedGuard,
        Variant::MarkedGuardAfter,
    ],
    &[
        Variant::FairyOrdinal,
        Variant::PieceFile,
        Variant::Plain,
        Variant::FilelessPawn,
    ],
];

/// WXF tiers for text written with `=`, which is Fairy-Stockfish's style: its ordinal form first.
pub(crate) const WXF_EQUALS_TIERS: [&[Variant]; 2] = [
    &[
        Variant::FairyOrdinal,
        Variant::WxfXqbase,
        Variant::Xqbase,
        Variant::MarkedGuard,
        Variant::MarkedGuardAfter,
    ],
    &[
        Variant::WxfOfficial,
        Variant::PieceFile,
        Variant::Plain,
        Variant::FilelessPawn,
    ],
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn destination_inverts_motion() {
        for color in [Color::Red, Color::Black] {
            for role in Role::ALL {
                for from in Square::all() {
                    for to in Square::all().filter(|&to| to != from) {
                        let (dir, num) = motion(color, role, from, to);
                        let back = destination(color, role, from, dir, num);
                        let (dx, dy) = (
                            to.file().index().abs_diff(from.file().index()),
                            to.rank().index().abs_diff(from.rank().index()),
                        );
                        // Every move a piece can make: straight, or the A/E/H steps.
                        let can = match role {
                            Role::Advisor => dx == 1 && dy == 1,
                            Role::Elephant => dx == 2 && dy == 2,
                            Role::Horse => dx * dy == 2,
                            _ => dx == 0 || dy == 0,
                        };
                        if can {
                            assert_eq!(back, Some(to), "{color:?} {role:?} {from} {to}");
                        }
                    }
                }
            }
        }
    }

    fn desc(fen: &str, mv: &str) -> Desc {
        let pos = Position::from_fen(fen).unwrap();
        Desc::new(&pos, Move::parse_uci(mv).unwrap()).unwrap()
    }

    #[test]
    fn directions_and_numbers() {
        let start = crate::board::START_FEN;
        let d = desc(start, "h2e2");
        assert_eq!(
            (d.role, d.file, d.dir, d.num),
            (Role::Cannon, 2, Sym::Sideways, 5)
        );
        let d = desc(start, "h0g2");
        assert_eq!((d.file, d.dir, d.num), (2, Sym::Forward, 3));
        let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b";
        let d = desc(black, "h9g7");
        assert_eq!((d.file, d.dir, d.num), (8, Sym::Forward, 7));
        let d = desc(black, "b7b0");
        assert_eq!((d.file, d.dir, d.num), (2, Sym::Forward, 7));
    }

    #[test]
    fn xqbase_numbers_pawns_on_two_files_right_to_left() {
        // Red pawns on f8, f6, d8, d6: 一兵 f8, 二兵 f6, 三兵 d8, 四兵 d6.
        let fen = "4k4/3P1P3/9/3P1P3/9/9/9/9/9/3K5 w";
        for (mv, index) in [("f8e8", 0), ("f6e6", 1), ("d8e8", 2), ("d6e6", 3)] {
            let d = desc(fen, mv);
            assert_eq!(d.multi, Some((index, 4)), "{mv}");
            assert_eq!(
                d.write(Variant::Xqbase).unwrap().as_slice(),
                [
                    Sym::Ordinal(index + 1),
                    Sym::Role(Role::Pawn),
                    Sym::Sideways,
                    Sym::Digit(5)
                ]
            );
        }
    }

    #[test]
    fn official_wxf_pawn_table() {
        // Five red pawns on file 7, c9 in front.
        let fen = "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w";
        let heads: Vec<_> = ["c9b9", "c8b8", "c7b7", "c6b6", "c5b5"]
            .iter()
            .map(|m| desc(fen, m).wxf_official_head())
            .collect();
        let p = Sym::Role(Role::Pawn);
        assert_eq!(
            heads,
            [
                [Sym::Front, Sym::Front],
                [p, Sym::Front],
                [p, Sym::Digit(7)],
                [p, Sym::Rear],
                [Sym::Rear, Sym::Rear]
            ]
        );
    }
}
