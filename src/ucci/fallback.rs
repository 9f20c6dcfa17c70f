//! The bridge's own move, for when the engine gives none it may pass on (it
//! insists on a banned move, answers no move, or does not answer in time):
//! a move the engine itself liked earlier in the search, else a cheap
//! choice that at least mates when it can, does not walk into a mate in
//! one, and does not leave material hanging. No search of its own: the
//! moves worth the engine's short searches, for an engine that ignores
//! bans, are chosen here too.

use crate::board::{Move, Position};
use crate::rules::exchange::{capture_gain, value};

/// The score of a move that mates (or leaves the opponent without a move).
const MATES: i32 = 1000;
/// The score of a move after which the opponent mates in one.
const MATED: i32 = -1000;

/// Where the bridge's move comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// The first move of one of the engine's `info … pv` lines in this search.
    EnginePv,
    /// The cheap assessment: mate, no mate in one against, material.
    Assessment,
    /// Short searches by the engine of the position after each candidate.
    Probes,
}

impl Source {
    /// How the choice is described to the GUI.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Source::EnginePv => "the first move of the engine's latest line that may be played",
            Source::Assessment => {
                "the bridge's own pick: a mate if there is one, else no mate in one against and the least material lost"
            }
            Source::Probes => {
                "the allowed move the engine scored best when it searched the position after each"
            }
        }
    }
}

/// What `mv` does at a glance, for the side to move in `pos`: [`MATES`] if
/// it leaves the opponent no move, [`MATED`] if the opponent then mates in
/// one, else the material it captures less the most the opponent can then
/// win by a capture (each exchange played out), in the units of
/// [`value`] (a rook is 8).
pub(crate) fn assess(pos: &Position, mv: Move) -> i32 {
    let mut after = pos.clone();
    let taken = after.piece_at(mv.to()).map_or(0, |p| value(p, mv.to()));
    after.play_unchecked(mv);
    if after.has_no_legal_moves() {
        return MATES;
    }
    for check in after.checking_moves() {
        let undo = after.play_unchecked(check);
        let mated = after.has_no_legal_moves();
        after.undo(undo);
        if mated {
            return MATED;
        }
    }
    let lost = after
        .legal_captures()
        .into_iter()
        .map(|reply| capture_gain(&mut after, reply))
        .max()
        .unwrap_or(0)
        .max(0);
    taken - lost
}

/// Whether a move assessed `score` may be played when the best allowed move
/// is assessed `best`: it walks into no mate in one and loses no more
/// material than that one (nothing, if that one loses nothing).
fn acceptable(score: i32, best: i32) -> bool {
    score > MATED && score >= best.min(0)
}

/// The bridge's move among `allowed` (the legal moves it may pass on) in
/// `pos`: the most recent of `liked` (first moves of the engine's `pv`
/// lines, oldest first) that is allowed, walks into no mate in one and
/// loses no more material than the best allowed move does, or else the
/// best assessed allowed move (the first in `allowed` of equals). `None`
/// when nothing is allowed.
pub(crate) fn choose(pos: &Position, allowed: &[Move], liked: &[Move]) -> Option<(Move, Source)> {
    let scored: Vec<(Move, i32)> = allowed.iter().map(|&m| (m, assess(pos, m))).collect();
    let (best_move, best) = scored
        .iter()
        .copied()
        .reduce(|a, b| if b.1 > a.1 { b } else { a })?;
    let from_pv = liked.iter().rev().find_map(|m| {
        scored
            .iter()
            .find(|(a, s)| a == m && acceptable(*s, best))
            .map(|&(a, _)| a)
    });
    Some(match from_pv {
        Some(m) if best < MATES => (m, Source::EnginePv),
        _ => (best_move, Source::Assessment),
    })
}

/// The moves worth a short search by the engine when it cannot be told to
/// leave some out: those [`choose`] would accept (allowed, no mate in one
/// against, no more material lost than the best allowed move), the engine's
/// `liked` ones (oldest first) first, most recent first, then by assessment;
/// at most `cap`. A mate, if there is one, alone.
pub(crate) fn candidates(
    pos: &Position,
    allowed: &[Move],
    liked: &[Move],
    cap: usize,
) -> Vec<Move> {
    let mut scored: Vec<(Move, i32)> = allowed.iter().map(|&m| (m, assess(pos, m))).collect();
    scored.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
    let Some(&(first, best)) = scored.first() else {
        return Vec::new();
    };
    if best == MATES {
        return vec![first];
    }
    let acceptable: Vec<Move> = scored
        .iter()
        .filter(|&&(_, s)| acceptable(s, best))
        .map(|&(m, _)| m)
        .collect();
    let mut out: Vec<Move> = Vec::with_capacity(cap);
    for &m in liked.iter().rev().chain(&acceptable) {
        if acceptable.contains(&m) && !out.contains(&m) {
            out.push(m);
        }
    }
    out.truncate(cap);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    fn mv(s: &str) -> Move {
        Move::parse_uci(s).unwrap()
    }

    #[test]
    fn takes_a_mate_in_one() {
        // The rook on i8 holds the eighth rank; a7a9 mates the king on d9,
        // and so does e0e1 (the kings may not face each other on e9).
        let p = pos("3k5/8R/R8/9/9/9/9/9/9/4K4 w - - 0 1");
        assert_eq!(assess(&p, mv("a7a9")), MATES);
        assert_eq!(assess(&p, mv("e0e1")), MATES);
        assert_eq!(assess(&p, mv("i8i7")), 0);
        let allowed = p.legal_moves();
        let (m, source) = choose(&p, &allowed, &[mv("i8i7")]).unwrap();
        assert_eq!(assess(&p, m), MATES, "{m:?}");
        assert_eq!(source, Source::Assessment);
        // The rook on h5 keeps Black's rook on h9 off the first rank, where
        // it would mate (the rook on a1 holds the second), and is lost to
        // it there, unless it mates first on the d-file or goes where it
        // can block the check (f5, g5).
        let p = pos("3k3r1/9/9/9/7R1/9/9/9/r8/4K4 w - - 0 1");
        assert_eq!(assess(&p, mv("h5a5")), MATED);
        assert_eq!(assess(&p, mv("h5h6")), -8);
        assert_eq!(assess(&p, mv("h5h9")), 8);
        assert_eq!(assess(&p, mv("h5d5")), MATES);
        let allowed: Vec<Move> = p
            .legal_moves()
            .into_iter()
            .filter(|&m| m != mv("h5h9") && m != mv("h5d5"))
            .collect();
        let (m, source) = choose(&p, &allowed, &[mv("h5a5")]).unwrap();
        assert!([mv("h5f5"), mv("h5g5")].contains(&m), "{m:?}");
        assert_eq!(assess(&p, m), 0);
        assert_eq!(source, Source::Assessment);
    }

    #[test]
    fn does_not_hang_the_rook_or_walk_into_mate() {
        // Red's rook on a0 may take the pawn on a6 and be lost to the rook
        // on a9; on a5 the pawn takes it.
        let p = pos("r3k4/9/9/p8/9/9/9/9/9/R2K5 w - - 0 1");
        assert_eq!(assess(&p, mv("a0a5")), -8);
        assert!(assess(&p, mv("a0a6")) < 0);
        let allowed = p.legal_moves();
        let (m, _) = choose(&p, &allowed, &[mv("a0a6")]).unwrap();
        assert_ne!(m, mv("a0a6"));
        assert!(assess(&p, m) >= 0);
    }

    #[test]
    fn prefers_the_engines_latest_line_among_safe_moves() {
        let p = Position::startpos();
        let allowed: Vec<Move> = p
            .legal_moves()
            .into_iter()
            .filter(|&m| m != mv("h2e2"))
            .collect();
        let liked = [mv("b2e2"), mv("h2e2"), mv("h0g2")];
        assert_eq!(
            choose(&p, &allowed, &liked),
            Some((mv("h0g2"), Source::EnginePv))
        );
        let liked = [mv("b2e2"), mv("h2e2")];
        assert_eq!(
            choose(&p, &allowed, &liked),
            Some((mv("b2e2"), Source::EnginePv))
        );
        assert_eq!(choose(&p, &[], &liked), None);
    }

    #[test]
    fn candidates_are_the_acceptable_moves_the_engine_liked_first() {
        // The mate net of the tests above: the rook's four holding moves.
        let p = pos("r3k4/9/9/p8/9/9/9/9/9/R2K5 w - - 0 1");
        let allowed = p.legal_moves();
        let liked = [mv("a0a3"), mv("a0a6"), mv("a0a1"), mv("a0a3")];
        let got = candidates(&p, &allowed, &liked, 10);
        assert_eq!(got[..2], [mv("a0a3"), mv("a0a1")]);
        let mut sorted = got.clone();
        sorted.sort_by_key(|m| m.to_iccs());
        assert_eq!(sorted, ["a0a1", "a0a2", "a0a3", "a0a4"].map(mv));
        assert_eq!(candidates(&p, &allowed, &liked, 1), [mv("a0a3")]);
        // A mate comes alone.
        let p = pos("3k5/8R/R8/9/9/9/9/9/9/4K4 w - - 0 1");
        let got = candidates(&p, &p.legal_moves(), &[], 10);
        assert_eq!(got.len(), 1);
        assert_eq!(assess(&p, got[0]), MATES);
        assert!(candidates(&p, &[], &[], 10).is_empty());
    }
}
