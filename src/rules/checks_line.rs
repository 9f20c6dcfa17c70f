//! The line that shows a piece won by checks (CXA 29.1) for a reason: the
//! search that rules ([`super::after_checks`]) run for one check and one
//! piece, keeping with each gain the line that proves it ([`Proof`]): the
//! checks, the replies that concede least, and the capture. Its captures,
//! with the exchange on the last square and what the opponent then takes
//! elsewhere, come to the net gain the ruling counted, so the reason can
//! name that gain in pieces.

use std::cmp::Reverse;

use crate::board::{Bitboard, Move, Piece, Position, Square};

use super::after_checks::{Gains, Opening, Proven, Searching, won_after_check};
use super::exchange::exchange_then_capture_line;
use super::mate_search::MateSearch;
use super::threats::{CHECKS_BEFORE_CAPTURE, Line, ThreatRules, evaluate_capture};

/// What the search keeps of a piece won by checks for a reason: the net
/// gain and the line that proves it. Of the replies to a check it keeps one
/// that concedes least (of those, the longest line, then the first reply in
/// move order), of the checks one that wins most (the shortest line, then
/// the first check).
#[derive(Clone, Debug)]
pub(super) struct Proof {
    /// The net gain, from the side of the player who checks.
    gain: i32,
    /// The moves, from the first not yet played.
    moves: Vec<Move>,
    /// How many of the last moves follow the capture of the piece (an even
    /// exchange and the capture it makes, or none).
    after: usize,
    /// The place of the first move among the legal moves, for a reply.
    rank: usize,
}

impl Proven for Proof {
    fn unset() -> Proof {
        Proof {
            gain: i32::MAX,
            moves: Vec::new(),
            after: 0,
            rank: usize::MAX,
        }
    }

    fn gain(&self) -> i32 {
        self.gain
    }

    fn capture(
        pos: &mut Position,
        mv: Move,
        (attacker, target): (Piece, Piece),
        rules: ThreatRules,
        balance: i32,
        floor: i32,
        search: &mut MateSearch,
    ) -> Option<Proof> {
        let line = Line::AfterChecks(floor);
        let t = evaluate_capture(pos, mv, attacker, target, rules, line, search)?;
        // A capture that wins through an even exchange then a capture (a
        // defender taken away): that exchange goes on the line.
        let exchange = match t.won_after {
            Some(_) => {
                exchange_then_capture_line(pos, mv).map_or_else(Vec::new, |(r, c)| vec![r, c])
            }
            None => Vec::new(),
        };
        Some(Proof {
            gain: balance + t.gain,
            after: exchange.len(),
            moves: [vec![mv], exchange].concat(),
            rank: 0,
        })
    }

    fn after_reply(mut self, pos: &Position, reply: Move) -> Proof {
        self.moves.insert(0, reply);
        self.rank = pos
            .legal_moves()
            .iter()
            .position(|&m| m == reply)
            .unwrap_or(usize::MAX);
        self
    }

    fn after_check(mut self, check: Move) -> Proof {
        self.moves.insert(0, check);
        self
    }

    fn keep_least(&mut self, other: Proof) {
        let key = |p: &Proof| (p.gain, Reverse(p.moves.len()), p.rank);
        if key(&other) < key(self) {
            *self = other;
        }
    }

    fn wins_more(&self, other: &Proof) -> bool {
        (self.gain, Reverse(self.moves.len())) > (other.gain, Reverse(other.moves.len()))
    }
}

/// A line that shows a piece won by checks: the checks, the replies and the
/// capture of the piece, then, when the capture wins only through an even
/// exchange that takes away a defender ([`exchange_then_capture_line`]),
/// the recapture and the capture that makes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ChecksLine {
    /// The moves, the checking side's first.
    pub moves: Vec<Move>,
    /// How many of the last moves follow the capture of the piece.
    pub after: usize,
}

impl ChecksLine {
    /// The moves up to the capture of the piece.
    pub(crate) fn to_capture(&self) -> &[Move] {
        &self.moves[..self.moves.len() - self.after]
    }
}

/// A line that shows the piece on `target` won by checks under `rules`
/// (CXA 29.1): from `pos`, the side to move gives `check`, then checks again
/// (at most [`CHECKS_BEFORE_CAPTURE`] checks in all) and takes the piece,
/// followed when a reply moves it. Each reply is one that concedes least,
/// as the ruling counts it (the first, in move order, of those that hold out
/// longest); each of the checking side's moves wins most (the shortest way,
/// then the first). Empty when the checks do not win the piece; the
/// position is restored.
pub(crate) fn won_by_checks_line(
    pos: &mut Position,
    check: Move,
    target: Square,
    rules: ThreatRules,
) -> ChecksLine {
    proof(pos, check, target, rules).map_or_else(ChecksLine::default, |p| ChecksLine {
        moves: p.moves,
        after: p.after,
    })
}

/// What the search proves against the piece on `target` when the side to
/// move gives `check`: the line from the check on, with its gain.
fn proof(pos: &mut Position, check: Move, target: Square, rules: ThreatRules) -> Option<Proof> {
    let mut search = MateSearch::default();
    let weighing = (rules, CHECKS_BEFORE_CAPTURE, 0);
    let open = Bitboard::from_square(target);
    let mut memory = Searching::new(&mut search);
    let mut floor = Gains::new();
    let opening = (open, Opening::ANY);
    if !won_after_check::<Proof>(pos, check, weighing, opening, &mut memory, &mut floor) {
        return None;
    }
    let (_, proof) = floor.into_iter().find(|f| f.0 == target)?;
    Some(proof.after_check(check))
}

/// The piece that takes at the end of `line`, a line played from `pos` by
/// its side to move (which gives its first move), with its square in `pos`:
/// for a piece won by checks, the piece that wins it.
pub(crate) fn line_taker(pos: &Position, line: &[Move]) -> Option<(Square, Piece)> {
    let last = line.len().checked_sub(1)?;
    let mut from = line[last].from();
    // Back through the earlier moves of the same side.
    for i in (0..last).rev().filter(|i| (last - i) % 2 == 0) {
        if line[i].to() == from {
            from = line[i].from();
        }
    }
    Some((from, pos.piece_at(from)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;
    use crate::rules::after_checks::{Opening, Searching, won_after_checks};
    use crate::rules::exchange::valued;
    use crate::rules::net_gain::Tally;

    const CXA: ThreatRules = ThreatRules::of(RuleSet::Cxa2020);

    #[test]
    fn the_line_shown_proves_the_gain_the_ruling_counts() {
        // Every piece won by checks in the positions one legal move away
        // from those of the public rule cases: the line's own weighing comes
        // to the gain of the search that rules, and so do its pieces (or its
        // captures with what the opponent takes elsewhere instead).
        let mut positions: Vec<_> = crate::rules::positions_one_move_away()
            .iter()
            .filter(|after| !after.in_check())
            .map(|after| after.passed())
            .collect();
        let mut won = 0;
        let mut shared = MateSearch::default();
        for pos in &mut positions {
            let open = valued(pos, !pos.turn());
            let mut memory = Searching::new(&mut shared);
            let checks = CHECKS_BEFORE_CAPTURE;
            let wins = won_after_checks(pos, CXA, checks, 0, open, Opening::ANY, &mut memory);
            for w in wins {
                let before = pos.clone();
                let line = won_by_checks_line(pos, w.check, w.target, CXA);
                assert_eq!(*pos, before, "restored");
                let proof = proof(pos, w.check, w.target, CXA);
                assert_eq!(
                    proof.as_ref().map(Proven::gain),
                    Some(w.gain),
                    "{} {}",
                    pos.fen(),
                    w.check
                );
                let tally = Tally::of_line(&mut pos.clone(), &line.moves);
                let tally = if tally.net() == w.gain {
                    tally
                } else {
                    let captures = Tally::of_captures(&mut pos.clone(), &line.moves);
                    captures.and(Tally::elsewhere(&mut pos.clone(), &line.moves).0)
                };
                assert_eq!(tally.net(), w.gain, "{} {:?}", pos.fen(), line.moves);
                won += 1;
            }
        }
        assert!(won > 1000, "{won}");
    }
}
