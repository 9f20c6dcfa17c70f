//! Perft: counting the leaves of the legal move tree, the standard check of a move generator.

use rayon::prelude::*;

use super::{Move, Position};

/// Number of leaf nodes `depth` plies below `pos`, counting the last ply in bulk.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut nodes = 0;
            for mv in pos.legal_moves() {
                let undo = pos.play_unchecked(mv);
                nodes += perft(pos, depth - 1);
                pos.undo(undo);
            }
            nodes
        }
    }
}

/// Perft split by root move ("divide"): each legal move with its subtree count.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut p = pos.clone();
    p.legal_moves()
        .into_iter()
        .map(|mv| {
            let undo = p.play_unchecked(mv);
            let n = perft(&mut p, depth.saturating_sub(1));
            p.undo(undo);
            (mv, n)
        })
        .collect()
}

/// Perft with the root moves shared among rayon's threads.
pub fn perft_parallel(pos: &Position, depth: u32) -> u64 {
    if depth <= 1 {
        return perft(&mut pos.clone(), depth);
    }
    let moves: Vec<Move> = pos.legal_moves().to_vec();
    moves
        .into_par_iter()
        .map(|mv| {
            let mut p = pos.clone();
            p.play_unchecked(mv);
            perft(&mut p, depth - 1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_shallow() {
        let mut pos = Position::startpos();
        assert_eq!(perft(&mut pos, 1), 44);
        assert_eq!(perft(&mut pos, 2), 1920);
        assert_eq!(perft(&mut pos, 3), 79666);
        assert_eq!(pos, Position::startpos());
    }

    #[test]
    fn divide_sums_to_perft_and_parallel_agrees() {
        let pos = Position::startpos();
        let total: u64 = divide(&pos, 3).iter().map(|(_, n)| n).sum();
        assert_eq!(total, 79666);
        assert_eq!(perft_parallel(&pos, 3), 79666);
    }
}
