//! Material and exchanges on one square: the value ladder, what a capture
//! wins once the exchange on its square is played out (each side taking back
//! only when it pays, with whichever of its cheapest pieces does best), and
//! what it wins net of a piece it leaves hanging elsewhere.
//!
//! Protection is always tested by playing the recapture and asking whether it
//! is legal, so false roots (假根: a pinned defender, a king that would step
//! into an attack or face the other king) need no special case.

use arrayvec::ArrayVec;

use crate::board::{Bitboard, Color, Move, MoveList, Piece, Position, Role, Square};

/// Material value on the rulebook's ladder (车 = two of 马/炮, 马 = 炮, 士 = 象,
/// a crossed pawn is worth something, an uncrossed pawn and the king nothing
/// as targets). Units: a crossed pawn is 1.
pub(crate) fn value(piece: Piece, sq: Square) -> i32 {
    // Looked up by role, not matched: a match compiles to a jump per role,
    // which mispredicts as often as the roles asked about change.
    const BY_ROLE: [i32; 7] = [0, 2, 2, 4, 8, 4, 0];
    let crossed = (piece.role == Role::Pawn) & !sq.on_own_half(piece.color);
    BY_ROLE[piece.role.index()] + i32::from(crossed)
}

/// What a capture of `taken` by `taker` on `sq` wins when the capturer is
/// won back there worth `back` (by checks, say): the two pieces alone are
/// weighed, the capturer as it stands on `sq` (CXA 26.5: equal value counts
/// as a gain).
pub(crate) fn mutual_gain(taken: Piece, taker: Piece, sq: Square, back: i32) -> i32 {
    value(taken, sq) - back.min(value(taker, sq))
}

/// The pieces of `color` with material value ([`value`] above 0): all but
/// the king and the pawns still on their own half.
pub(crate) fn valued(pos: &Position, color: Color) -> Bitboard {
    // Red's half is ranks 0 to 4, the squares below index 45.
    const RED_HALF: Bitboard = Bitboard((1 << 45) - 1);
    let own_half = match color {
        Color::Red => RED_HALF,
        Color::Black => Bitboard(Bitboard::FULL.0 & !RED_HALF.0),
    };
    pos.us(color) & !pos.role(Role::King) & !(pos.role(Role::Pawn) & own_half)
}

/// The order in which pieces are sent into an exchange on `sq`: cheapest
/// first, king last. Each is weighed as it will stand on `sq`, the piece it
/// risks there (a pawn that crosses the river to capture is a crossed pawn).
fn exchange_rank(piece: Piece, sq: Square) -> i32 {
    match piece.role {
        Role::King => 1000,
        _ => value(piece, sq),
    }
}

/// The best the side to move can gain by capturing on `sq` and continuing the
/// exchange there, each side free to stop; 0 if it cannot capture with profit.
fn recapture_gain(pos: &mut Position, sq: Square, depth: u32) -> i32 {
    let Some(target) = pos.piece_at(sq) else {
        return 0;
    };
    if depth == 0 || target.role == Role::King {
        return 0;
    }
    best_recapture(pos, sq, target, cheapest_recaptures(pos, sq), depth)
}

/// [`recapture_gain`] with the legal recaptures on `sq`, taking `target`, given.
fn best_recapture(
    pos: &mut Position,
    sq: Square,
    target: Piece,
    recaptures: ArrayVec<Move, 8>,
    depth: u32,
) -> i32 {
    let gained = value(target, sq);
    let mut gain = 0;
    for mv in recaptures {
        let undo = pos.play_unchecked(mv);
        let reply = recapture_gain(pos, sq, depth - 1);
        pos.undo(undo);
        gain = gain.max(gained - reply);
        // Nothing beats keeping the whole piece taken.
        if reply == 0 {
            break;
        }
    }
    gain
}

/// The legal captures on `sq` by the cheapest pieces that can make one (see
/// [`exchange_rank`]): each of them, when several are as cheap, for the
/// exchange may go differently with each (a cannon's screen, a horse's leg).
pub(crate) fn cheapest_recaptures(pos: &Position, sq: Square) -> ArrayVec<Move, 8> {
    cheapest_among(pos, sq, pos.attackers_to(sq, pos.turn()))
}

/// [`cheapest_recaptures`] by the pieces on `attackers`, those of the side
/// to move that attack `sq`.
fn cheapest_among(pos: &Position, sq: Square, attackers: Bitboard) -> ArrayVec<Move, 8> {
    let mut out = ArrayVec::new();
    let mut cheapest = i32::MAX;
    for a in attackers {
        let rank = pos.piece_at(a).map_or(0, |p| exchange_rank(p, sq));
        let mv = Move::new(a, sq);
        // An attacker of the opponent's piece on `sq` may take it by the rules.
        if rank > cheapest || !pos.keeps_king_safe(mv) {
            continue;
        }
        if rank < cheapest {
            cheapest = rank;
            out.clear();
        }
        let _ = out.try_push(mv);
    }
    out
}

/// Of the side to move's cheapest legal captures on `sq`
/// ([`cheapest_recaptures`]), the one that does best in the exchange there,
/// looking `depth` captures ahead (the first of those that do as well), with
/// what it gains; None when there is none, or the piece on `sq` is a king.
pub(crate) fn best_cheapest_recapture(
    pos: &mut Position,
    sq: Square,
    depth: u32,
) -> Option<(i32, Move)> {
    let target = pos.piece_at(sq).filter(|p| p.role != Role::King)?;
    let gained = value(target, sq);
    let mut best: Option<(i32, Move)> = None;
    for mv in cheapest_recaptures(pos, sq) {
        let undo = pos.play_unchecked(mv);
        let reply = recapture_gain(pos, sq, depth - 1);
        pos.undo(undo);
        if best.is_none_or(|b| gained - reply > b.0) {
            best = Some((gained - reply, mv));
        }
    }
    best
}

/// The captures of the exchange on `sq` as [`recapture_gain`] weighs it,
/// the side to move first: each side takes back with its best recapture
/// while that pays, and stops when none does. Worked out for reasons only
/// (rulings need the gain alone); the position is restored.
pub(crate) fn exchange_line(pos: &mut Position, sq: Square) -> Vec<Move> {
    let mut line = Vec::new();
    let mut undos = Vec::new();
    // As deep as exchange_after looks after its capture.
    for depth in (1..=8).rev() {
        match best_cheapest_recapture(pos, sq, depth) {
            Some((gain, mv)) if gain > 0 => {
                line.push(mv);
                undos.push(pos.play_unchecked(mv));
            }
            _ => break,
        }
    }
    for undo in undos.into_iter().rev() {
        pos.undo(undo);
    }
    line
}

/// Net material the side to move wins by playing the capture `mv` and
/// following the exchange on its square to the end (the opponent recaptures
/// only when it pays). Negative when the capture loses material.
pub(crate) fn capture_gain(pos: &mut Position, mv: Move) -> i32 {
    let Some(target) = pos.piece_at(mv.to()) else {
        return 0;
    };
    let undo = pos.play_unchecked(mv);
    let (gain, _) = exchange_after(pos, target, mv.to());
    pos.undo(undo);
    gain
}

/// [`capture_gain`] of a capture of `target` on `sq` just played in `pos`,
/// and a legal recapture of the capturer by a cheapest piece, if it can be
/// taken back at all: the test of a true root (真根).
pub(super) fn exchange_after(pos: &mut Position, target: Piece, sq: Square) -> (i32, Option<Move>) {
    let (gain, cheapest) = exchange_after_above(pos, target, sq, i32::MIN);
    (gain, cheapest.map(|r| r.back))
}

/// A legal recapture by a cheapest piece ([`cheapest_recaptures`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Recapture {
    /// The recapture.
    pub(super) back: Move,
    /// Whether its piece is the only one of its side that attacks the
    /// square: the recapture is then the only legal one.
    pub(super) alone: bool,
}

/// [`exchange_after`] worked out exactly only when the capture gains more
/// than `low` (-1 or less; [`i32::MIN`]: always): when the opponent's first cheapest recapture
/// alone shows it gains `low` or less, that bound is returned instead (the
/// capturer lost, the recapturer at most won back), and the exchange is not
/// played out.
pub(super) fn exchange_after_above(
    pos: &mut Position,
    target: Piece,
    sq: Square,
    low: i32,
) -> (i32, Option<Recapture>) {
    debug_assert!(low < 0);
    let attackers = pos.attackers_to(sq, pos.turn());
    let recaptures = cheapest_among(pos, sq, attackers);
    let first = recaptures.first().map(|&back| Recapture {
        back,
        alone: !attackers.more_than_one(),
    });
    let cheapest = first.map(|r| r.back);
    let back = match pos.piece_at(sq) {
        Some(capturer) if capturer.role != Role::King => {
            let worth = value(target, sq);
            let given = value(capturer, sq);
            // The opponent wins the capturer back less at most the recapturer.
            let retaken = cheapest
                .and_then(|back| pos.piece_at(back.from()))
                .map(|recapturer| worth - given + value(recapturer, sq));
            if let Some(bound) = retaken.filter(|&bound| bound <= low) {
                return (bound, first);
            }
            best_recapture(pos, sq, capturer, recaptures, 8)
        }
        _ => 0,
    };
    (value(target, sq) - back, first)
}

/// Net material the side to move wins by the capture `mv`, whose exchange on
/// its square wins `on_square` (its [`capture_gain`]): the opponent answers
/// with one move, either the recaptures on the square (leaving `on_square`)
/// or its best capture elsewhere instead (leaving the piece `mv` took less
/// what that capture wins), whichever leaves less. The two are never added:
/// a piece taken elsewhere is a move not spent recapturing. The rulebook's
/// "得子". A capture that does not win on its square nets `on_square`.
/// Otherwise the net is exact when above `floor` (-1 or more); once it is
/// found to be `floor` or less, the search stops with a value that low.
/// Also returns the square of the piece the opponent then takes, when it
/// takes one.
///
/// The opponent's reply is followed one capture deep (with the exchange it
/// starts on its own square), not on through the captures that might come
/// after it elsewhere. CXA 29.1 counts "通过完整的交换过程得子": a complete
/// exchange is the captures and recaptures of one exchange, which
/// [`capture_gain`] plays out on each square, and the 捉 definition's
/// "连续交换" starts with the mover's next move; a win back on a third
/// square, after the opponent's reply, is a further move of the mover's
/// that the text does not count (a search of every capture sequence, which
/// no clause asks for and no bound in the text limits). An even exchange
/// that takes away a defender and wins after it is counted by its own rule
/// ([`exchange_then_capture`]).
pub(crate) fn capture_net(
    pos: &mut Position,
    mv: Move,
    on_square: i32,
    floor: i32,
) -> (i32, Option<Square>) {
    debug_assert!(floor >= -1);
    if on_square <= 0 {
        return (on_square, None);
    }
    let taken = pos.piece_at(mv.to()).map_or(0, |p| value(p, mv.to()));
    let undo = pos.play_unchecked(mv);
    // A capture elsewhere must win more than the recaptures on the square leave to the opponent.
    let mut elsewhere = taken - on_square;
    let mut lost = None;
    // Only the capture of a piece worth something, other than the capturer, can count.
    let worth = valued(pos, !pos.turn()).without(mv.to());
    let mut replies = MoveList::new();
    pos.legal_captures_on_into(worth, &mut replies);
    for &reply in &replies {
        // A capture wins at most its target: skip those that cannot beat the best so far.
        let bound = pos.piece_at(reply.to()).map_or(0, |p| value(p, reply.to()));
        if reply.to() != mv.to() && bound > elsewhere {
            let gain = capture_gain(pos, reply);
            if gain > elsewhere {
                elsewhere = gain;
                lost = Some(reply.to());
            }
            if taken - elsewhere <= floor {
                break;
            }
        }
    }
    pos.undo(undo);
    (taken - elsewhere, lost)
}

/// What the side to move wins by the exchange that `mv` starts on its square
/// (the capture, then the opponent's cheapest legal recapture) followed by its
/// best capture that did not win material before: a piece whose defender the
/// exchange took away, or the recapturer when the exchange on the square goes
/// on. The capture and the recapture count too, so an exchange that is even
/// only once it goes on wins nothing more by going on. 0 if there is no such
/// capture or the opponent cannot recapture. Also returns the piece that
/// capture takes, with its square.
pub(super) fn exchange_then_capture(
    pos: &mut Position,
    mv: Move,
) -> (i32, Option<(Square, Piece)>) {
    let mut before = pos.clone();
    // A capture the side to move had before, winning material: the exchange does not make it.
    let mut winning_before = |c: Move| {
        before.piece_at(c.to()).is_some() && before.is_legal(c) && capture_gain(&mut before, c) > 0
    };
    let sq = mv.to();
    let taken = pos.piece_at(sq).map_or(0, |p| value(p, sq));
    let given = pos.piece_at(mv.from()).map_or(0, |p| value(p, sq));
    let first = pos.play_unchecked(mv);
    // The opponent takes back with whichever of its cheapest pieces leaves
    // least (the first of those that leave as little).
    let mut least: Option<(i32, Option<(Square, Piece)>)> = None;
    for recapture in cheapest_recaptures(pos, sq) {
        // Winning this much or more after this recapture, it cannot be the least.
        let enough = least.map_or(i32::MAX, |l| l.0);
        let second = pos.play_unchecked(recapture);
        let mut best = (0, None);
        let mut captures = MoveList::new();
        pos.legal_captures_into(&mut captures);
        for &c in &captures {
            if best.0 >= enough {
                break;
            }
            // A capture wins at most its target: those that cannot beat the best so far are skipped.
            let bound = pos.piece_at(c.to()).map_or(0, |p| value(p, c.to()));
            if bound > best.0 {
                let gain = capture_gain(pos, c);
                if gain > best.0 && !winning_before(c) {
                    best = (gain, pos.piece_at(c.to()).map(|p| (c.to(), p)));
                }
            }
        }
        pos.undo(second);
        if least.is_none_or(|l| best.0 < l.0) {
            least = Some(best);
        }
        if best.0 == 0 {
            break;
        }
    }
    pos.undo(first);
    least.map_or((0, None), |(best, won)| (taken - given + best, won))
}

/// The moves behind [`exchange_then_capture`] of `mv`, for reasons (rulings
/// need the gain alone): the opponent's recapture that leaves least (the
/// first, in move order, of those that leave as little) and the capture that
/// then wins most (the first of those that win as much), which takes the
/// piece [`exchange_then_capture`] names. None when it names none. The
/// position is restored.
pub(crate) fn exchange_then_capture_line(pos: &mut Position, mv: Move) -> Option<(Move, Move)> {
    let mut before = pos.clone();
    let mut winning_before = |c: Move| {
        before.piece_at(c.to()).is_some() && before.is_legal(c) && capture_gain(&mut before, c) > 0
    };
    let first = pos.play_unchecked(mv);
    // Per recapture, the best capture after it: (gain, recapture, capture).
    let mut least: Option<(i32, Move, Option<Move>)> = None;
    for recapture in cheapest_recaptures(pos, mv.to()) {
        let second = pos.play_unchecked(recapture);
        let mut best = (0, None);
        for c in pos.legal_captures() {
            let gain = capture_gain(pos, c);
            if gain > best.0 && !winning_before(c) {
                best = (gain, Some(c));
            }
        }
        pos.undo(second);
        if least.is_none_or(|l| best.0 < l.0) {
            least = Some((best.0, recapture, best.1));
        }
    }
    pos.undo(first);
    let (_, recapture, capture) = least?;
    Some((recapture, capture?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn of_two_equally_cheap_recapturers_the_better_one_takes_back() {
        // Black's cannon takes the rook d1. Red's horse b0 and cannon d8 can
        // take back; the cannon's recapture keeps the horse for the rook d2,
        // so black wins 4, not 8. Mirrored, the two recapturers come in the
        // other order and the answer is the same.
        for (fen, capture) in [
            ("5k3/3C5/9/9/9/3c5/9/3r5/3R5/1N2K4 b", "d4d1"),
            ("3k5/5C3/9/9/9/5c3/9/5r3/5R3/4K2N1 b", "f4f1"),
        ] {
            let mut pos = Position::from_fen(fen).unwrap();
            let mv = Move::parse_uci(capture).unwrap();
            assert_eq!(capture_gain(&mut pos, mv), 4, "{fen}");
        }
    }

    #[test]
    fn values_follow_the_ladder_for_both_colours() {
        // Squares 0 and 89: Red's back rank and Black's.
        let (red_home, black_home) = (Square::new(0).unwrap(), Square::new(89).unwrap());
        for (color, home, across) in [
            (Color::Red, red_home, black_home),
            (Color::Black, black_home, red_home),
        ] {
            let worth = |role, sq| value(Piece::new(color, role), sq);
            for sq in [home, across] {
                assert_eq!(worth(Role::King, sq), 0);
                assert_eq!(worth(Role::Advisor, sq), 2);
                assert_eq!(worth(Role::Elephant, sq), 2);
                assert_eq!(worth(Role::Horse, sq), 4);
                assert_eq!(worth(Role::Cannon, sq), 4);
                assert_eq!(worth(Role::Rook, sq), 8);
            }
            assert_eq!(worth(Role::Pawn, home), 0, "{color:?}");
            assert_eq!(worth(Role::Pawn, across), 1, "{color:?}");
        }
    }

    #[test]
    fn valued_pieces_are_those_worth_something() {
        // Random playouts: pawns cross the river, pieces are taken.
        let mut random = crate::board::random_moves::RandomMoves::new(0x0DDB_1A5E_5BAD_5EED);
        let mut positions = 0;
        for _ in 0..40 {
            let mut pos = Position::startpos();
            for _ in 0..150 {
                for color in [Color::Red, Color::Black] {
                    let expected: Bitboard = pos
                        .us(color)
                        .into_iter()
                        .filter(|&sq| pos.piece_at(sq).is_some_and(|p| value(p, sq) > 0))
                        .collect();
                    assert_eq!(valued(&pos, color), expected, "{} {color:?}", pos.fen());
                }
                positions += 1;
                let Some(mv) = random.pick(&pos) else { break };
                pos.play_unchecked(mv);
            }
        }
        assert!(positions > 4000, "{positions}");
    }

    /// [`capture_net`] as it was first written: every capture of the
    /// opponent's after `mv` is looked at, whatever it takes.
    fn plain_capture_net(
        pos: &mut Position,
        mv: Move,
        on_square: i32,
        floor: i32,
    ) -> (i32, Option<Square>) {
        if on_square <= 0 {
            return (on_square, None);
        }
        let taken = pos.piece_at(mv.to()).map_or(0, |p| value(p, mv.to()));
        let undo = pos.play_unchecked(mv);
        let (mut elsewhere, mut lost) = (taken - on_square, None);
        for reply in pos.legal_captures() {
            let bound = pos.piece_at(reply.to()).map_or(0, |p| value(p, reply.to()));
            if reply.to() != mv.to() && bound > elsewhere {
                let gain = capture_gain(pos, reply);
                if gain > elsewhere {
                    elsewhere = gain;
                    lost = Some(reply.to());
                }
                if taken - elsewhere <= floor {
                    break;
                }
            }
        }
        pos.undo(undo);
        (taken - elsewhere, lost)
    }

    #[test]
    fn capture_net_agrees_with_a_plain_look_at_every_capture() {
        // Every capture in the positions of the public rule cases and of
        // random playouts, at several floors.
        let mut positions = Vec::new();
        for (mut pos, moves) in crate::rules::public_case_games() {
            for mv in moves {
                pos.play_unchecked(mv);
                positions.push(pos.passed());
            }
        }
        let mut random = crate::board::random_moves::RandomMoves::new(0x1234_5678_9ABC_DEF1);
        for _ in 0..30 {
            let mut pos = Position::startpos();
            for _ in 0..120 {
                let Some(mv) = random.pick(&pos) else { break };
                pos.play_unchecked(mv);
                positions.push(pos.passed());
            }
        }
        let mut lost = 0;
        for pos in &mut positions {
            for mv in pos.legal_captures() {
                let on_square = capture_gain(pos, mv);
                for floor in [-1, 0, 2] {
                    let fast = capture_net(pos, mv, on_square, floor);
                    let plain = plain_capture_net(pos, mv, on_square, floor);
                    assert_eq!(fast, plain, "{} {mv}", pos.fen());
                    lost += usize::from(fast.1.is_some());
                }
            }
        }
        assert!(
            positions.len() > 3000 && lost > 500,
            "{} {lost}",
            positions.len()
        );
    }

    #[test]
    fn the_line_of_an_exchange_then_a_capture_takes_the_piece_the_ruling_names() {
        // Every capture in the positions of the public rule cases and of
        // random playouts: the line's capture takes the piece that
        // exchange_then_capture names, and its moves win what it counts.
        let mut positions = crate::rules::sample_positions(0x005E_ED0F_D1CE_0001, 30, 120);
        let mut named = 0;
        for pos in &mut positions {
            for mv in pos.legal_captures() {
                let before = pos.clone();
                let (gain, won) = exchange_then_capture(pos, mv);
                let line = exchange_then_capture_line(pos, mv);
                assert_eq!(*pos, before, "restored");
                let Some((recapture, capture)) = line else {
                    assert_eq!(won, None, "{} {mv}", pos.fen());
                    continue;
                };
                named += 1;
                let target = pos.piece_at(mv.to()).map_or(0, |p| value(p, mv.to()));
                let mover = pos.piece_at(mv.from()).map_or(0, |p| value(p, mv.to()));
                let mut after = pos.clone();
                after.play_unchecked(mv);
                after.play_unchecked(recapture);
                // The piece taken where it stands after the recapture (the recapturer, maybe).
                let taken = after.piece_at(capture.to()).map(|p| (capture.to(), p));
                assert_eq!(taken, won, "{} {mv}", pos.fen());
                assert_eq!(target - mover + capture_gain(&mut after, capture), gain);
            }
        }
        assert!(
            positions.len() > 3000 && named > 300,
            "{} {named}",
            positions.len()
        );
    }

    #[test]
    fn an_exchange_above_a_low_is_exact_and_one_below_stays_below() {
        // Every capture of the public rule cases' and random games' positions,
        // weighed with lows from -1 down: exact above the low, and at or below
        // it a bound of the exact gain, at or below it too.
        let mut positions = crate::rules::sample_positions(0x43C0_0001, 10, 100);
        let (mut bounded, mut exact, mut alone) = (0, 0, 0);
        for pos in &mut positions {
            for mv in pos.legal_captures() {
                let Some(target) = pos.piece_at(mv.to()) else {
                    continue;
                };
                let undo = pos.play_unchecked(mv);
                let (gain, cheapest) = exchange_after(pos, target, mv.to());
                for low in [-1, -2, -4, -8] {
                    let before = pos.clone();
                    let (found, first) = exchange_after_above(pos, target, mv.to(), low);
                    assert_eq!(*pos, before, "restored");
                    assert_eq!(first.map(|r| r.back), cheapest, "{} {mv}", pos.fen());
                    // A recapture made alone is the only legal one.
                    if let Some(r) = first.filter(|r| r.alone) {
                        let backs = pos.legal_captures_of(mv.to());
                        assert_eq!(backs.as_slice(), [r.back], "{} {mv}", pos.fen());
                        alone += 1;
                    }
                    if found == gain {
                        exact += 1;
                    } else {
                        assert!(gain <= found && found <= low, "{} {mv} {low}", pos.fen());
                        bounded += 1;
                    }
                }
                pos.undo(undo);
            }
        }
        assert!(
            exact > 5000 && bounded > 500 && alone > 1000,
            "{exact} {bounded} {alone}"
        );
    }
}
