//! Squares, files and ranks of the 9×10 board.
//!
//! Files `a`–`i` run from Red's left to right, ranks `0`–`9` from Red's back
//! rank to Black's (UCCI coordinates). A square's index is `rank * 9 + file`,
//! so `a0` is 0 and `i9` is 89.

use std::fmt;
use std::str::FromStr;

use super::Color;
use crate::words::UnknownName;

/// A file (column), `a` to `i` from Red's left.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct File(u8);

impl File {
    /// Number of files.
    pub const COUNT: usize = 9;

    /// The file with index `i` (0 = `a`), if in range.
    pub const fn new(i: u8) -> Option<File> {
        if i < 9 { Some(File(i)) } else { None }
    }

    /// Index 0–8.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Lower-case letter `a`–`i`.
    pub fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// Parses `a`–`i` or `A`–`I`.
    pub fn from_char(c: char) -> Option<File> {
        let c = c.to_ascii_lowercase();
        if ('a'..='i').contains(&c) {
            Some(File(c as u8 - b'a'))
        } else {
            None
        }
    }

    /// The file number a player uses for this file in Chinese and WXF
    /// notation: 1 is the mover's rightmost file.
    pub const fn number_for(self, color: Color) -> u8 {
        match color {
            Color::Red => 9 - self.0,
            Color::Black => self.0 + 1,
        }
    }

    /// Inverse of [`File::number_for`].
    pub const fn from_number(n: u8, color: Color) -> Option<File> {
        if n == 0 || n > 9 {
            return None;
        }
        match color {
            Color::Red => Some(File(9 - n)),
            Color::Black => Some(File(n - 1)),
        }
    }
}

/// A rank (row), 0 (Red's back rank) to 9 (Black's back rank).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    /// Number of ranks.
    pub const COUNT: usize = 10;

    /// The rank with index `i`, if in range.
    pub const fn new(i: u8) -> Option<Rank> {
        if i < 10 { Some(Rank(i)) } else { None }
    }

    /// Index 0–9.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Digit `0`–`9`.
    pub fn char(self) -> char {
        (b'0' + self.0) as char
    }
}

/// One of the 90 points of the board. It prints (`Display` and `Debug`)
/// and parses (`FromStr`) in UCCI coordinates, such as `e4`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Number of squares.
    pub const COUNT: usize = 90;

    /// The square with index `i` (`rank * 9 + file`), if below 90.
    pub const fn new(i: u8) -> Option<Square> {
        if i < 90 { Some(Square(i)) } else { None }
    }

    /// The square with index `i`; the caller guarantees `i < 90`.
    pub(crate) const fn new_unchecked(i: u8) -> Square {
        debug_assert!(i < 90);
        Square(i)
    }

    /// The square on `file` and `rank`.
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 9 + file.0)
    }

    /// The square at file index `file` and rank index `rank`, if both are on the board.
    pub const fn at(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
            Some(Square((rank * 9 + file) as u8))
        } else {
            None
        }
    }

    /// Index 0–89.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file.
    pub const fn file(self) -> File {
        File(self.0 % 9)
    }

    /// The rank.
    pub const fn rank(self) -> Rank {
        Rank(self.0 / 9)
    }

    /// The square mirrored top to bottom (the same point seen from the other side's rank numbering).
    pub const fn flip_rank(self) -> Square {
        Square((9 - self.0 / 9) * 9 + self.0 % 9)
    }

    /// Whether the square is on `color`'s own half of the board (before the river).
    pub const fn on_own_half(self, color: Color) -> bool {
        match color {
            Color::Red => self.0 / 9 <= 4,
            Color::Black => self.0 / 9 >= 5,
        }
    }

    /// All squares, `a0` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }

    /// Parses a square in UCCI coordinates such as `e0` (case-insensitive).
    pub fn parse(s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let f = File::from_char(chars.next()?)?;
        let r = chars.next()?.to_digit(10)? as u8;
        if chars.next().is_some() {
            return None;
        }
        Some(Square::from_coords(f, Rank::new(r)?))
    }
}

impl fmt::Display for Square {
    /// UCCI coordinates, such as `e4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// How the ranks of squares are numbered where they are written: UCCI's
/// 0–9, or 1–10 as Fairy-Stockfish and other UCI xiangqi programs write
/// them (`h3e3 h10g8`). A record read in ranks 1–10 is shown in them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Ranks {
    /// Ranks 0–9, as UCCI writes them.
    #[default]
    FromZero,
    /// Ranks 1–10, as UCI xiangqi programs write them.
    FromOne,
}

/// A square written in a numbering of ranks ([`Square::in_ranks`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SquareIn(Square, Ranks);

impl fmt::Display for SquareIn {
    /// The file's letter and the rank's number: `e4`, or `e5` in ranks 1–10.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let SquareIn(sq, ranks) = *self;
        let rank = sq.rank().index() + usize::from(ranks == Ranks::FromOne);
        write!(f, "{}{rank}", sq.file().char())
    }
}

impl Square {
    /// The square written with its rank numbered in `ranks`: `h2` is `h3`
    /// in ranks 1–10.
    pub const fn in_ranks(self, ranks: Ranks) -> SquareIn {
        SquareIn(self, ranks)
    }
}

impl fmt::Debug for Square {
    /// As `Display`: `e4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl FromStr for Square {
    type Err = UnknownName;

    /// UCCI coordinates (case-insensitive), as [`Square::parse`].
    fn from_str(s: &str) -> Result<Square, UnknownName> {
        Square::parse(s)
            .ok_or_else(|| UnknownName::new("square", s, "a file a–i then a rank 0–9, such as e4"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("e0").unwrap().index(), 4);
        assert_eq!(Square::parse("i9").unwrap().index(), 89);
        assert_eq!(Square::parse("j0"), None);
        assert_eq!(Square::parse("a10"), None);
    }

    #[test]
    fn squares_parse_and_debug_print_as_coordinates() {
        let e4: Square = "E4".parse().unwrap();
        assert_eq!(e4, Square::at(4, 4).unwrap());
        assert_eq!(format!("{e4:?}"), "e4");
        assert_eq!(format!("{:?}", vec![e4]), "[e4]");
        assert_eq!(
            "j0".parse::<Square>().unwrap_err().to_string(),
            "unknown square 'j0': expected a file a–i then a rank 0–9, such as e4"
        );
        assert_eq!("red".parse::<Color>(), Ok(Color::Red));
        assert_eq!("黑".parse::<Color>(), Ok(Color::Black));
        assert_eq!("BLACK".parse::<Color>(), Ok(Color::Black));
        assert!("white".parse::<Color>().is_err());
    }

    #[test]
    fn file_numbers_follow_each_side() {
        let h = File::from_char('h').unwrap();
        assert_eq!(h.number_for(Color::Red), 2);
        assert_eq!(h.number_for(Color::Black), 8);
        assert_eq!(File::from_number(2, Color::Red), Some(h));
        assert_eq!(File::from_number(8, Color::Black), Some(h));
    }
}
