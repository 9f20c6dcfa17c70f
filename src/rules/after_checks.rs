//! Material won by checks (CXA 29.1 "能够通过连续照将吃子"): the pieces the
//! side to move wins whatever the opponent replies, by a series of checks
//! and then a capture that gains material. The search follows a piece that
//! a reply moves, and remembers the replies that answered each check.
//!
//! What it keeps of each piece it wins is a [`Proven`]: the net gain alone
//! for rulings, or the gain with the line that proves it for reasons
//! ([`super::checks_line`]), so that the line a reason shows is the one
//! search's own.

use arrayvec::ArrayVec;

use super::exchange::value;
use super::mate_search::MateSearch;
use super::threats::{Line, ThreatRules, evaluate_capture};
use crate::board::{Bitboard, Move, MoveList, Piece, Position, Role, Square, Undo};

/// A piece won by checks then a capture: its square, the net material won
/// against the opponent's best defence (or, for a reason, its [`Proven`]
/// with the line), and the first check.
#[derive(Copy, Clone, Debug)]
pub(super) struct Won<P = i32> {
    /// The piece's square.
    pub(super) target: Square,
    /// The net material won.
    pub(super) gain: P,
    /// The first check.
    pub(super) check: Move,
}

/// What the search keeps of a piece it wins: the net gain (`i32`, all a
/// ruling asks), or the gain with the line that proves it, for a reason.
/// Over the replies to a check it keeps the one that concedes least, over
/// the checks the one that wins most.
pub(super) trait Proven: Clone {
    /// More than any gain: a piece's due before any reply is weighed.
    fn unset() -> Self;
    /// The net gain.
    fn gain(&self) -> i32;
    /// The capture `mv` of `target` by `attacker` at the end of checks,
    /// `balance` won on the way, weighed as the ruling weighs it when it
    /// wins more than `floor`: the total won, the capture and what it shows.
    fn capture(
        pos: &mut Position,
        mv: Move,
        pieces: (Piece, Piece),
        rules: ThreatRules,
        balance: i32,
        floor: i32,
        search: &mut MateSearch,
    ) -> Option<Self>;
    /// The same after `reply`, played from `pos`, answers a check.
    fn after_reply(self, pos: &Position, reply: Move) -> Self;
    /// The same after the check `check`.
    fn after_check(self, check: Move) -> Self;
    /// Keeps of this, a piece's due over the replies so far, and `other`,
    /// its due after one more reply, the one that concedes less.
    fn keep_least(&mut self, other: Self);
    /// Whether this wins more than `other`, the check's best before.
    fn wins_more(&self, other: &Self) -> bool;
}

/// A ruling keeps the gain alone.
impl Proven for i32 {
    fn unset() -> i32 {
        i32::MAX
    }

    fn gain(&self) -> i32 {
        *self
    }

    fn capture(
        pos: &mut Position,
        mv: Move,
        (attacker, target): (Piece, Piece),
        rules: ThreatRules,
        balance: i32,
        floor: i32,
        search: &mut MateSearch,
    ) -> Option<i32> {
        let gain = search.capture_gain_after_checks(pos, mv, floor, rules.tag(), |pos, s| {
            let line = Line::AfterChecks(floor);
            evaluate_capture(pos, mv, attacker, target, rules, line, s).map(|t| t.gain)
        });
        gain.map(|gain| balance + gain)
    }

    fn after_reply(self, _: &Position, _: Move) -> i32 {
        self
    }

    fn after_check(self, _: Move) -> i32 {
        self
    }

    fn keep_least(&mut self, other: i32) {
        *self = (*self).min(other);
    }

    fn wins_more(&self, other: &i32) -> bool {
        self > other
    }
}

/// Pieces, by square, with the net material won by taking them (one entry per square).
pub(super) type Gains<P = i32> = ArrayVec<(Square, P), 16>;

fn gain_on<P: Proven>(gains: &Gains<P>, sq: Square) -> Option<P> {
    gains.iter().find(|g| g.0 == sq).map(|g| g.1.clone())
}

/// How a series of checks may start.
#[derive(Copy, Clone)]
pub(super) struct Opening {
    /// Pieces the first check must not take: those offered for exchange (兑).
    pub(super) offered: Bitboard,
    /// Whether a king or pawn checking by itself may give the first check:
    /// not when the series is a chase, as they do not chase by themselves (CXA 26.1).
    pub(super) lone_king_or_pawn: bool,
}

impl Opening {
    /// Any check may start the series.
    pub(super) const ANY: Opening = Opening {
        offered: Bitboard::EMPTY,
        lone_king_or_pawn: true,
    };

    /// Plays `check` if the series may start with it, and returns how to take
    /// it back; otherwise leaves the position as it was.
    // Inlined into both instances of the search: called per check, it cost
    // 0.16% more instructions on CXA-图9 (callgrind) as a function.
    #[inline(always)]
    fn play(&self, pos: &mut Position, check: Move) -> Option<Undo> {
        if self.offered.contains(check.to()) {
            return None;
        }
        let by_itself = pos
            .piece_at(check.from())
            .is_some_and(|p| matches!(p.role, Role::King | Role::Pawn));
        let undo = pos.play_unchecked(check);
        if by_itself
            && !self.lone_king_or_pawn
            && pos.checkers() == Bitboard::from_square(check.to())
        {
            pos.undo(undo);
            return None;
        }
        Some(undo)
    }
}

/// What a search by checks for material remembers: what all searches by
/// checks share, among it the replies that answered the checks of earlier
/// searches for material (those of the moves of one cycle meet the same
/// checks again). They set only the order in which replies are tried.
pub(super) struct Searching<'a> {
    shared: &'a mut MateSearch,
}

impl<'a> Searching<'a> {
    /// A search sharing `shared`.
    pub(super) fn new(shared: &'a mut MateSearch) -> Searching<'a> {
        Searching { shared }
    }
}

/// The pieces on `open` that the side to move wins whatever the opponent
/// replies: it checks (at most `depth` times, the first as `opening` allows)
/// and then captures with net gain, counting `balance`, the material already
/// won on the way. A piece that a reply moves is followed to its new square.
/// Each piece is reported by the square it stands on now, with the first
/// check that wins it most. The position is restored before returning.
pub(super) fn won_after_checks<P: Proven>(
    pos: &mut Position,
    rules: ThreatRules,
    depth: u32,
    balance: i32,
    open: Bitboard,
    opening: Opening,
    memory: &mut Searching,
) -> ArrayVec<Won<P>, 16> {
    let mut best: ArrayVec<Won<P>, 16> = ArrayVec::new();
    if open.is_empty() {
        return best;
    }
    let mut checks = MoveList::new();
    memory.shared.checking_moves(pos, &mut checks);
    // Filled in place for each check: a list returned would be copied out.
    let mut floor = Gains::new();
    for &check in &checks {
        floor.clear();
        let weighing = (rules, depth, balance);
        if !won_after_check::<P>(pos, check, weighing, (open, opening), memory, &mut floor) {
            continue;
        }
        for (target, gain) in &floor {
            let (target, gain) = (*target, gain.clone().after_check(check));
            match best.iter_mut().find(|w| w.target == target) {
                Some(w) if gain.wins_more(&w.gain) => {
                    *w = Won {
                        target,
                        gain,
                        check,
                    }
                }
                Some(_) => {}
                None => best.push(Won {
                    target,
                    gain,
                    check,
                }),
            }
        }
    }
    best
}

/// The pieces on `open` that the check `check` wins whatever the opponent
/// replies, as [`won_after_checks`] weighs each check (`depth` checks at
/// most, this one included, `balance` won before it), written into `floor`
/// (empty): each by the square it stands on now, with the least it is won
/// by over the replies. False when `opening` does not allow the check, or
/// when it mates (a mate threat, not a capture threat). The position is
/// restored before returning.
pub(super) fn won_after_check<P: Proven>(
    pos: &mut Position,
    check: Move,
    (rules, depth, balance): (ThreatRules, u32, i32),
    (open, opening): (Bitboard, Opening),
    memory: &mut Searching,
    floor: &mut Gains<P>,
) -> bool {
    let took = pos.piece_at(check.to()).map_or(0, |p| value(p, check.to()));
    let Some(undo) = opening.play(pos, check) else {
        return false;
    };
    let mut live = open & !Bitboard::from_square(check.to());
    // The least each piece still in reach is won by, over the replies so far.
    floor.extend(live.into_iter().map(|sq| (sq, P::unset())));
    // Once every piece is saved the other replies do not matter: the reply
    // that saved them from this check before, if legal, goes before the
    // others are even generated.
    let weigh = |pos: &mut Position, reply, floor: &mut Gains<P>, memory: &mut Searching| {
        weigh_reply(pos, rules, depth, balance + took, reply, floor, memory)
    };
    let known = memory
        .shared
        .after_checks
        .get(check)
        .filter(|&r| pos.is_legal(r));
    let mut any_reply = known.is_some();
    if let Some(reply) = known
        && live.any()
    {
        live = weigh(pos, reply, floor, memory);
    }
    // Taking the checker refutes most checks: those captures go before the
    // other replies are generated, each tested for legality only when its
    // turn comes (after the first that saves every piece, only while no
    // reply is known to exist).
    if live.any() || !any_reply {
        let to = check.to();
        for from in pos.attackers_to(to, pos.turn()) {
            if live.is_empty() && any_reply {
                break;
            }
            let reply = Move::new(from, to);
            if !pos.keeps_king_safe(reply) {
                continue;
            }
            any_reply = true;
            if live.any() && Some(reply) != known {
                live = weigh(pos, reply, floor, memory);
                if live.is_empty() {
                    memory.shared.after_checks.note(check, reply);
                }
            }
        }
    }
    if live.any() {
        let mut replies = MoveList::new();
        memory.shared.legal_moves(pos, &mut replies);
        any_reply |= !replies.is_empty();
        // Every legal capture of the checker has been weighed.
        replies.retain(|m| Some(*m) != known && m.to() != check.to());
        let king = pos.king(pos.turn());
        replies.sort_by_key(|m| (pos.piece_at(m.to()).is_none(), m.from() != king));
        for &reply in &replies {
            live = weigh(pos, reply, floor, memory);
            if live.is_empty() {
                memory.shared.after_checks.note(check, reply);
                break;
            }
        }
    }
    pos.undo(undo);
    // A check with no reply is mate: a mate threat, not a capture threat.
    any_reply
}

/// Plays `reply` to a check, after which the checker's side has won
/// `balance`, and keeps in `floor` the pieces it still wins after the reply,
/// each with the least gain so far. Returns their squares.
// Out of line, as before the search was generic: inlined into the
// per-check closure it cost 0.3% more instructions on CXA-图9 (callgrind).
#[inline(never)]
fn weigh_reply<P: Proven>(
    pos: &mut Position,
    rules: ThreatRules,
    depth: u32,
    balance: i32,
    reply: Move,
    floor: &mut Gains<P>,
    memory: &mut Searching,
) -> Bitboard {
    let live: Bitboard = floor.iter().map(|f| f.0).collect();
    let lost = pos.piece_at(reply.to()).map_or(0, |p| value(p, reply.to()));
    let back = pos.play_unchecked(reply);
    let b = balance - lost;
    // A piece that the reply moves is followed to its new square: stepping
    // into the line of a check saves it only if it is not taken there.
    let (from, to) = (reply.from(), reply.to());
    let still = if live.contains(from) {
        (live & !Bitboard::from_square(from)) | Bitboard::from_square(to)
    } else {
        live
    };
    let mut won: Gains<P> = Gains::new();
    captures_after_checks(pos, rules, b, still, memory.shared, &mut won);
    if depth > 1 {
        let got: Bitboard = won.iter().map(|w| w.0).collect();
        let deeper = still & !got;
        // Walked by reference: the list is not copied into an iterator.
        let later = won_after_checks::<P>(pos, rules, depth - 1, b, deeper, Opening::ANY, memory);
        // Walked by reference: the list is not copied into an iterator.
        won.extend(later.iter().map(|w| (w.target, w.gain.clone())));
    }
    pos.undo(back);
    floor.retain(
        |f| match gain_on(&won, if f.0 == from { to } else { f.0 }) {
            Some(gain) => {
                f.1.keep_least(gain.after_reply(pos, reply));
                true
            }
            None => false,
        },
    );
    floor.iter().map(|f| f.0).collect()
}

/// The pieces on `open` the side to move can capture now with a net gain
/// that, added to `balance`, is positive; with that total, the best per
/// piece (the first capture that wins most), added to `out` (the caller's
/// list: one returned would be copied).
fn captures_after_checks<P: Proven>(
    pos: &mut Position,
    rules: ThreatRules,
    balance: i32,
    open: Bitboard,
    search: &mut MateSearch,
    out: &mut Gains<P>,
) {
    for sq in open {
        let Some(target) = pos.piece_at(sq) else {
            continue;
        };
        if balance + value(target, sq) <= 0 {
            continue;
        }
        // No capture wins more than the whole piece: once one does, the rest are not asked.
        let most = balance + value(target, sq);
        let mut best: Option<P> = None;
        for from in pos.attackers_to(sq, pos.turn()) {
            if best.as_ref().is_some_and(|b| b.gain() == most) {
                break;
            }
            let mv = Move::new(from, sq);
            let Some(attacker) = pos.piece_at(from) else {
                continue;
            };
            if matches!(attacker.role, Role::King | Role::Pawn) || !pos.keeps_king_safe(mv) {
                continue;
            }
            // A capture that wins no more than the best so far, or loses with the balance, is no use.
            let floor = best.as_ref().map_or(0, P::gain) - balance;
            let pieces = (attacker, target);
            if let Some(won) = P::capture(pos, mv, pieces, rules, balance, floor, search)
                && won.gain() > 0
                && best.as_ref().is_none_or(|b| won.gain() > b.gain())
            {
                best = Some(won);
            }
        }
        if let Some(gain) = best {
            out.push((sq, gain));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::exchange::valued;
    use crate::rules::threats::CHECKS_BEFORE_CAPTURE;

    const CXA: ThreatRules = ThreatRules::of(crate::rules::RuleSet::Cxa2020);

    /// [`won_after_checks`] without its shortcuts: every check, every reply,
    /// every piece weighed after each, and no remembered replies.
    fn plain_won_after_checks(
        pos: &mut Position,
        depth: u32,
        balance: i32,
        open: Bitboard,
        opening: Opening,
    ) -> Vec<(Square, i32)> {
        let mut best: Vec<(Square, i32)> = Vec::new();
        for check in pos.checking_moves() {
            let took = pos.piece_at(check.to()).map_or(0, |p| value(p, check.to()));
            let Some(undo) = opening.play(pos, check) else {
                continue;
            };
            let replies = pos.legal_moves();
            if replies.is_empty() {
                pos.undo(undo);
                continue;
            }
            let open = open & !Bitboard::from_square(check.to());
            // Per piece (by its square now), the least it is won by over the replies.
            let mut floor: Vec<(Square, i32)> = open.into_iter().map(|sq| (sq, i32::MAX)).collect();
            for reply in replies {
                let lost = pos.piece_at(reply.to()).map_or(0, |p| value(p, reply.to()));
                let back = pos.play_unchecked(reply);
                let b = balance + took - lost;
                let moved = |sq: Square| if sq == reply.from() { reply.to() } else { sq };
                let still: Bitboard = open.into_iter().map(moved).collect();
                let mut now = Gains::new();
                captures_after_checks(pos, CXA, b, still, &mut MateSearch::default(), &mut now);
                let mut won: Vec<(Square, i32)> = now.to_vec();
                if depth > 1 {
                    let got: Bitboard = won.iter().map(|w| w.0).collect();
                    won.extend(plain_won_after_checks(
                        pos,
                        depth - 1,
                        b,
                        still & !got,
                        Opening::ANY,
                    ));
                }
                pos.undo(back);
                floor.retain_mut(|f| match won.iter().find(|w| w.0 == moved(f.0)) {
                    Some(w) => {
                        f.1 = f.1.min(w.1);
                        true
                    }
                    None => false,
                });
            }
            pos.undo(undo);
            for (sq, gain) in floor {
                match best.iter_mut().find(|b| b.0 == sq) {
                    Some(b) => b.1 = b.1.max(gain),
                    None => best.push((sq, gain)),
                }
            }
        }
        best.sort();
        best
    }

    #[test]
    fn the_last_check_after_losses_agrees_with_a_plain_search() {
        // One check left after material lost on the way, as in a search's
        // second check after a reply took the first checker; one memory for
        // all, so each search tries first the replies that answered others.
        let mut search = MateSearch::default();
        let (mut asked, mut won) = (0, 0);
        for pos in &mut crate::rules::sample_positions(0x00AF_7E2C_4EC5_0046, 20, 120) {
            if pos.in_check() {
                continue;
            }
            let open = valued(pos, !pos.turn());
            for balance in [-9, -8, -5, -4, -3, -1, 0] {
                let mut memory = Searching::new(&mut search);
                let wins = won_after_checks(pos, CXA, 1, balance, open, Opening::ANY, &mut memory);
                let mut fast: Vec<(Square, i32)> =
                    wins.iter().map(|w| (w.target, w.gain)).collect();
                fast.sort();
                let plain = plain_won_after_checks(pos, 1, balance, open, Opening::ANY);
                assert_eq!(fast, plain, "{} {balance}", pos.fen());
                asked += 1;
                won += usize::from(balance < 0 && !plain.is_empty());
            }
        }
        println!("{asked} searches, {won} with losses before that win");
        assert!(asked > 10_000 && won > 100, "{asked} {won}");
    }

    #[test]
    fn won_after_checks_agrees_with_a_plain_search() {
        // Every position one legal move away from those of the public rule
        // cases, with either side to move (when legal).
        let mut positions = Vec::new();
        for after in crate::rules::positions_one_move_away() {
            if !after.in_check() {
                positions.push(after.passed());
            }
            positions.push(after);
        }
        let mut won = 0;
        // One search memory for all: what it remembers of one position must not leak into another.
        let mut search = MateSearch::default();
        for pos in &mut positions {
            let open = valued(pos, !pos.turn());
            let mut fast: Vec<(Square, i32)> = won_after_checks(
                pos,
                CXA,
                CHECKS_BEFORE_CAPTURE,
                0,
                open,
                Opening::ANY,
                &mut Searching::new(&mut search),
            )
            .into_iter()
            .map(|w| (w.target, w.gain))
            .collect();
            fast.sort();
            let plain = plain_won_after_checks(pos, CHECKS_BEFORE_CAPTURE, 0, open, Opening::ANY);
            assert_eq!(fast, plain, "{}", pos.fen());
            won += plain.len();
        }
        println!(
            "{} positions, {won} pieces won after checks",
            positions.len()
        );
        assert!(
            positions.len() > 40_000 && won > 1_000,
            "{} {won}",
            positions.len()
        );
    }
}
