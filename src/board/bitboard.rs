//! A set of squares as a 90-bit integer.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::{Rank, Square};

/// A set of squares: bit `i` is square index `i` (`rank * 9 + file`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

/// All 90 squares.
const FULL: u128 = (1u128 << 90) - 1;

/// The one-square set of each square: a load is cheaper than a 128-bit shift.
/// Indexed by any `u8` (the entries past the board are never read), so that
/// no lookup needs a bounds check.
const SQUARE_BITS: [u128; 256] = {
    let mut t = [0u128; 256];
    let mut i = 0;
    while i < 90 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

/// The one-square set of `sq`.
#[inline(always)]
const fn bit(sq: Square) -> u128 {
    SQUARE_BITS[sq.index()]
}

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(FULL);

    /// The set holding only `sq`.
    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(bit(sq))
    }

    /// All squares on rank `r`.
    pub const fn rank(r: Rank) -> Bitboard {
        Bitboard(0x1FFu128 << (9 * r.index()))
    }

    /// Whether `sq` is in the set.
    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        // The bit is tested in the half it is in: no load, no 128-bit shift.
        let i = sq.index();
        let half = if i < 64 {
            self.0 as u64
        } else {
            (self.0 >> 64) as u64
        };
        half >> (i & 63) & 1 != 0
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set is not empty.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        (self.0 as u64).count_ones() + ((self.0 >> 64) as u64).count_ones()
    }

    /// The number of squares up to three (three for three or more): the
    /// lowest squares cleared one by one, cheaper than a full count where
    /// the target has no population-count instruction.
    #[inline(always)]
    pub(crate) const fn count_to_three(self) -> u32 {
        let once = self.0 & self.0.wrapping_sub(1);
        if self.0 == 0 {
            0
        } else if once == 0 {
            1
        } else if once & once.wrapping_sub(1) == 0 {
            2
        } else {
            3
        }
    }

    /// Whether more than one square is set.
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline(always)]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 { None } else { Some(lsb(self.0)) }
    }

    /// The only square, if exactly one is set.
    #[inline(always)]
    pub fn single(self) -> Option<Square> {
        if self.0 != 0 && !self.more_than_one() {
            Some(lsb(self.0))
        } else {
            None
        }
    }

    /// Adds `sq`.
    #[inline(always)]
    pub fn set(&mut self, sq: Square) {
        self.0 |= bit(sq);
    }

    /// Removes `sq`.
    #[inline(always)]
    pub fn clear(&mut self, sq: Square) {
        self.0 &= !bit(sq);
    }

    /// Toggles `sq`.
    #[inline(always)]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= bit(sq);
    }

    /// The set with `sq` added.
    #[inline(always)]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | bit(sq))
    }

    /// The set with `sq` removed.
    #[inline(always)]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !bit(sq))
    }
}

/// Lowest set bit of a non-zero value (found without a branch on which half holds it).
#[inline(always)]
fn lsb(v: u128) -> Square {
    Square::new_unchecked(v.trailing_zeros() as u8)
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        // Whole, not by halves: the only branch is the loop's end (the
        // halves' "is the low one empty?" mispredicts as often as sets vary).
        let sq = lsb(self.0);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.set(sq);
        }
        bb
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline(always)]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & FULL)
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the board with Black's back rank at the top: `X` set, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in (0..10).rev() {
            write!(f, "{rank} ")?;
            for file in 0..9 {
                let sq = Square::at(file, rank).expect("on board");
                f.write_str(if self.contains(sq) { "X" } else { "." })?;
            }
            writeln!(f)?;
        }
        writeln!(f, "  abcdefghi")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contains_and_count_to_three_agree_with_the_plain_forms_in_both_halves() {
        // Sets of up to four squares drawn across the low and high words.
        let picks = [0u8, 1, 62, 63, 64, 65, 88, 89];
        for a in picks {
            for b in picks {
                for c in picks {
                    for d in [None, Some(30u8), Some(70)] {
                        let mut bb = Bitboard::EMPTY;
                        for i in [Some(a), Some(b), Some(c), d].into_iter().flatten() {
                            bb.set(Square::new(i).unwrap());
                        }
                        assert_eq!(bb.count_to_three(), bb.count().min(3), "{:#x}", bb.0);
                        for sq in Square::all() {
                            assert_eq!(bb.contains(sq), bb.0 >> sq.index() & 1 != 0);
                        }
                    }
                }
            }
        }
        assert_eq!(Bitboard::EMPTY.count_to_three(), 0);
        assert_eq!(Bitboard::FULL.count_to_three(), 3);
    }

    #[test]
    fn iterates_in_square_order_across_halves() {
        let squares: Vec<Square> = [0u8, 5, 63, 64, 89]
            .iter()
            .map(|&i| Square::new(i).unwrap())
            .collect();
        let bb: Bitboard = squares.iter().copied().collect();
        assert_eq!(bb.count(), 5);
        assert_eq!(bb.collect::<Vec<_>>(), squares);
        assert!(bb.more_than_one());
        assert_eq!(Bitboard::from_square(squares[3]).single(), Some(squares[3]));
    }

    #[test]
    fn not_stays_on_the_board() {
        assert_eq!((!Bitboard::EMPTY).count(), 90);
        assert_eq!(!Bitboard::FULL, Bitboard::EMPTY);
    }
}
