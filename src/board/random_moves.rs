//! Seeded random legal moves, for tests that walk random games.

use super::{Move, Position};

/// Picks legal moves at random from a fixed seed (xorshift), so that a
/// test's random games are the same on every run.
pub(crate) struct RandomMoves(u64);

impl RandomMoves {
    /// A picker starting from `seed` (not zero).
    pub(crate) fn new(seed: u64) -> RandomMoves {
        RandomMoves(seed)
    }

    /// The next raw random number.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A random legal move of `pos`, or `None` when it has none.
    pub(crate) fn pick(&mut self, pos: &Position) -> Option<Move> {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return None;
        }
        Some(legal[(self.next_u64() % legal.len() as u64) as usize])
    }
}
