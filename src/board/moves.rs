//! Moves and their UCCI coordinate form (`h2e2`).

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;

use super::Square;

/// A move from one square to another. Captures are implied by the board.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

/// A list of moves large enough for every position (the most pseudo-legal moves
/// one side can have is well below 128).
pub type MoveList = ArrayVec<Move, 128>;

impl Move {
    /// The move from `from` to `to`.
    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 7)
    }

    /// Origin square.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::new_unchecked((self.0 & 0x7F) as u8)
    }

    /// Destination square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new_unchecked((self.0 >> 7) as u8)
    }

    /// Parses UCCI (`h2e2`) or ICCS (`H2-E2`) coordinates.
    pub fn parse_uci(s: &str) -> Result<Move, MoveParseError> {
        let mut chars: Vec<char> = s.trim().chars().collect();
        // ICCS's one hyphen, between the squares.
        if chars.len() == 5 && chars[2] == '-' {
            chars.remove(2);
        }
        if chars.len() != 4 {
            return Err(MoveParseError::new(
                s,
                "a coordinate move has four characters, file and rank of the origin then of the destination (like h2e2 or H2-E2)",
            ));
        }
        let square = |i: usize, what: &str| -> Result<Square, MoveParseError> {
            let f = chars[i];
            let r = chars[i + 1];
            if !matches!(f.to_ascii_lowercase(), 'a'..='i') {
                return Err(MoveParseError::new(
                    s,
                    &format!("{what} file '{f}' is not one of a–i"),
                ));
            }
            if !r.is_ascii_digit() {
                return Err(MoveParseError::new(
                    s,
                    &format!("{what} rank '{r}' is not a digit 0–9"),
                ));
            }
            Square::parse(&format!("{f}{r}"))
                .ok_or_else(|| MoveParseError::new(s, "square is off the board"))
        };
        let from = square(0, "origin")?;
        let to = square(2, "destination")?;
        if from == to {
            return Err(MoveParseError::new(
                s,
                "origin and destination are the same square",
            ));
        }
        Ok(Move::new(from, to))
    }

    /// The move in ICCS form, `H2-E2`.
    pub fn to_iccs(self) -> String {
        let f = self.from().to_string().to_uppercase();
        let t = self.to().to_string().to_uppercase();
        format!("{f}-{t}")
    }

    /// Raw 14-bit encoding (origin in the low 7 bits).
    pub const fn to_u16(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Move {
    /// UCCI coordinates, e.g. `h2e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl FromStr for Move {
    type Err = MoveParseError;

    /// UCCI (`h2e2`) or ICCS (`H2-E2`) coordinates, as [`Move::parse_uci`].
    fn from_str(s: &str) -> Result<Move, MoveParseError> {
        Move::parse_uci(s)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// A coordinate move that could not be read: the text and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot read move '{text}': {reason}")]
pub struct MoveParseError {
    /// The text as given.
    pub text: String,
    /// What was wrong with it.
    pub reason: String,
}

impl MoveParseError {
    fn new(text: &str, reason: &str) -> MoveParseError {
        MoveParseError {
            text: text.to_string(),
            reason: reason.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_both_coordinate_styles() {
        let m = Move::parse_uci("h2e2").unwrap();
        assert_eq!(m.to_string(), "h2e2");
        assert_eq!(Move::parse_uci("H2-E2").unwrap(), m);
        assert_eq!(m.to_iccs(), "H2-E2");
    }

    #[test]
    fn parses_with_from_str() {
        assert_eq!("h2e2".parse::<Move>(), Move::parse_uci("h2e2"));
        assert_eq!("H2-E2".parse::<Move>(), Move::parse_uci("h2e2"));
        assert_eq!(
            "h2e".parse::<Move>(),
            Err(Move::parse_uci("h2e").unwrap_err())
        );
    }

    #[test]
    fn explains_bad_coordinates() {
        assert!(
            Move::parse_uci("h2e")
                .unwrap_err()
                .reason
                .contains("four characters")
        );
        assert!(
            Move::parse_uci("j2e2")
                .unwrap_err()
                .reason
                .contains("file 'j'")
        );
        assert!(
            Move::parse_uci("hxe2")
                .unwrap_err()
                .reason
                .contains("rank 'x'")
        );
        for stray in ["a-1a0", "h2e-2", "-h2e2", "h2--e2"] {
            assert!(Move::parse_uci(stray).is_err(), "{stray}");
        }
        assert!(
            Move::parse_uci("e2e2")
                .unwrap_err()
                .reason
                .contains("same square")
        );
    }
}
