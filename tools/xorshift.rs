//! A small deterministic random generator (xorshift64) for the tests, benches
//! and tools outside the library, so that a run can be replayed from its seed.

#![allow(dead_code)]

/// xorshift64 from a non-zero seed.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}
