//! The line that shows a piece won by checks (CXA 29.1) for a reason, as the
//! ruling weighs it ([`super::after_checks`]): the checks, the replies that
//! concede least, and the capture. Its captures, with the exchange on the
//! last square and what the opponent then takes elsewhere, come to the net
//! gain the ruling counted, so the reason can name that gain in pieces.

use crate::board::{Move, Piece, Position, Role, Square};

use super::exchange::{exchange_then_capture_line, value};
use super::mate_search::MateSearch;
use super::threats::{CHECKS_BEFORE_CAPTURE, Line, ThreatRules, evaluate_capture};

/// A line with the net gain it proves, from the side of the player who
/// checks, and how many of its last moves follow the capture of the piece
/// (an even exchange and the capture it makes, or none).
type Proof = (i32, Vec<Move>, usize);

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
    let mut search = MateSearch::default();
    let checks = CHECKS_BEFORE_CAPTURE;
    after_check(pos, check, target, 0, checks, rules, &mut search).map_or_else(
        ChecksLine::default,
        |(_, moves, after)| ChecksLine { moves, after },
    )
}

/// What the check `check` proves against the piece on `target`, `balance`
/// already won on the way and at most `checks` checks left (this one
/// included): the least the opponent concedes over its replies. None when
/// a reply saves the piece, when the check takes it (a capture, not a win
/// after checks) or when it mates (no reply).
fn after_check(
    pos: &mut Position,
    check: Move,
    target: Square,
    balance: i32,
    checks: u32,
    rules: ThreatRules,
    search: &mut MateSearch,
) -> Option<Proof> {
    if check.to() == target {
        return None;
    }
    let took = pos.piece_at(check.to()).map_or(0, |p| value(p, check.to()));
    let undo = pos.play_unchecked(check);
    let mut least: Option<Proof> = None;
    for reply in pos.legal_moves() {
        let lost = pos.piece_at(reply.to()).map_or(0, |p| value(p, reply.to()));
        // A piece that the reply moves is followed to its new square.
        let on = if reply.from() == target {
            reply.to()
        } else {
            target
        };
        let back = pos.play_unchecked(reply);
        let balance = balance + took - lost;
        // A capture there now, as the ruling weighs it, before more checks.
        let best = capture_now(pos, on, balance, rules, search).or_else(|| {
            let deeper = checks.checked_sub(1).filter(|&c| c > 0)?;
            best_check(pos, on, balance, deeper, rules, search)
        });
        pos.undo(back);
        let Some((gain, rest, after)) = best else {
            // This reply saves the piece.
            pos.undo(undo);
            return None;
        };
        let concedes_less = least
            .as_ref()
            .is_none_or(|l| gain < l.0 || (gain == l.0 && rest.len() + 1 > l.1.len()));
        if concedes_less {
            least = Some((gain, [vec![reply], rest].concat(), after));
        }
    }
    pos.undo(undo);
    least.map(|(gain, rest, after)| (gain, [vec![check], rest].concat(), after))
}

/// The check that proves most against the piece on `target`, as
/// [`after_check`] weighs each (the shortest of those that prove as much,
/// then the first).
fn best_check(
    pos: &mut Position,
    target: Square,
    balance: i32,
    checks: u32,
    rules: ThreatRules,
    search: &mut MateSearch,
) -> Option<Proof> {
    let mut best: Option<Proof> = None;
    for check in pos.checking_moves() {
        if let Some(proof) = after_check(pos, check, target, balance, checks, rules, search) {
            let better = best
                .as_ref()
                .is_none_or(|b| proof.0 > b.0 || (proof.0 == b.0 && proof.1.len() < b.1.len()));
            if better {
                best = Some(proof);
            }
        }
    }
    best
}

/// The side to move's capture of the piece on `target` that wins most, as
/// the ruling weighs a capture at the end of checks (a king or pawn does
/// not take), `balance` already won: with the total gain, when positive.
fn capture_now(
    pos: &mut Position,
    target: Square,
    balance: i32,
    rules: ThreatRules,
    search: &mut MateSearch,
) -> Option<Proof> {
    let piece = pos.piece_at(target)?;
    if piece.color == pos.turn() || balance + value(piece, target) <= 0 {
        return None;
    }
    let mut best: Option<Proof> = None;
    for from in pos.attackers_to(target, pos.turn()) {
        let mv = Move::new(from, target);
        let Some(attacker) = pos.piece_at(from) else {
            continue;
        };
        if matches!(attacker.role, Role::King | Role::Pawn) || !pos.keeps_king_safe(mv) {
            continue;
        }
        let weighed = evaluate_capture(
            pos,
            mv,
            attacker,
            piece,
            rules,
            Line::AfterChecks(-balance),
            search,
        );
        let Some(t) = weighed.filter(|t| balance + t.gain > 0) else {
            continue;
        };
        let gain = balance + t.gain;
        if best.as_ref().is_none_or(|b| gain > b.0) {
            // A capture that wins through an even exchange then a capture
            // (a defender taken away): that exchange goes on the line.
            let exchange = match t.won_after {
                Some(_) => exchange_then_capture_line(pos, mv).map(|(r, c)| vec![r, c]),
                None => Some(Vec::new()),
            };
            if let Some(exchange) = exchange {
                let after = exchange.len();
                best = Some((gain, [vec![mv], exchange].concat(), after));
            }
        }
    }
    best
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
        // to the gain of the search that rules, and so do its pieces (with
        // what the opponent then takes elsewhere).
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
                let mut search = MateSearch::default();
                let proof = after_check(pos, w.check, w.target, 0, checks, CXA, &mut search);
                assert_eq!(
                    proof.map(|p| p.0),
                    Some(w.gain),
                    "{} {}",
                    pos.fen(),
                    w.check
                );
                let tally = Tally::of_line(&mut pos.clone(), &line.moves);
                let tally = if tally.net() == w.gain {
                    tally
                } else {
                    tally.and(Tally::elsewhere(&mut pos.clone(), &line.moves).0)
                };
                assert_eq!(tally.net(), w.gain, "{} {:?}", pos.fen(), line.moves);
                won += 1;
            }
        }
        assert!(won > 1000, "{won}");
    }
}
