//! Random games that end in a repeated shuttle (one piece per side moving
//! out and back), for the tests and benches outside the library: cycles
//! from ordinary play rather than from rulebook diagrams.

use xqarbiter::board::{Move, Position};

use super::xorshift::XorShift;

/// A random legal move whose reverse is legal after it and the opponent's
/// reply: a piece that can shuttle back. `None` if none is found.
fn shuttle_move(pos: &Position, rng: &mut XorShift) -> Option<Move> {
    // Half the time a check, when there is one that can shuttle: attacks are what the rules judge.
    let checks = pos.checking_moves();
    let legal = if rng.below(2) == 0 && !checks.is_empty() {
        checks
    } else {
        pos.legal_moves()
    };
    for _ in 0..legal.len() {
        let mv = legal[rng.below(legal.len())];
        if pos.piece_at(mv.to()).is_some() {
            continue;
        }
        let mut after = pos.clone();
        after.play_unchecked(mv);
        if after.passed().is_legal(Move::new(mv.to(), mv.from())) {
            return Some(mv);
        }
    }
    None
}

/// A random game of `plies` moves from the start followed by a four-ply
/// shuttle played `times` times, or `None` when the shuttle cannot be built
/// or replayed. Returns the start position and the moves.
pub fn random_cycle(
    rng: &mut XorShift,
    plies: usize,
    times: usize,
) -> Option<(Position, Vec<Move>)> {
    let start = Position::startpos();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return None;
        }
        let mv = legal[rng.below(legal.len())];
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    let a = shuttle_move(&pos, rng)?;
    let mut p = pos.clone();
    p.play_unchecked(a);
    let b = shuttle_move(&p, rng)?;
    let cycle = [
        a,
        b,
        Move::new(a.to(), a.from()),
        Move::new(b.to(), b.from()),
    ];
    for _ in 0..times {
        for mv in cycle {
            if !pos.is_legal(mv) {
                return None;
            }
            pos.play_unchecked(mv);
            moves.push(mv);
        }
    }
    Some((start, moves))
}
