//! Moves and their UCCI coordinate form (`h2e2`).

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;

use super::{Ranks, Square};
use crate::words::{Lang, Words};

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
                Words::new(
                    "a coordinate move has four characters, file and rank of the origin then of the destination (like h2e2 or H2-E2)",
                    "坐标着法由四个字符组成：起点的列与行，再是终点的列与行（如 h2e2 或 H2-E2）",
                ),
            ));
        }
        let square = |i: usize, what: &str, what_zh: &str| -> Result<Square, MoveParseError> {
            let f = chars[i];
            let r = chars[i + 1];
            if !matches!(f.to_ascii_lowercase(), 'a'..='i') {
                return Err(MoveParseError::new(
                    s,
                    Words::new(
                        format!("{what} file '{f}' is not one of a–i"),
                        format!("{what_zh}的列“{f}”不是 a–i 之一"),
                    ),
                ));
            }
            if !r.is_ascii_digit() {
                return Err(MoveParseError::new(
                    s,
                    Words::new(
                        format!("{what} rank '{r}' is not a digit 0–9"),
                        format!("{what_zh}的行“{r}”不是数字 0–9"),
                    ),
                ));
            }
            Square::parse(&format!("{f}{r}")).ok_or_else(|| {
                MoveParseError::new(s, Words::new("square is off the board", "格子不在棋盘上"))
            })
        };
        let from = square(0, "origin", "起点")?;
        let to = square(2, "destination", "终点")?;
        if from == to {
            return Err(MoveParseError::new(
                s,
                Words::new(
                    "origin and destination are the same square",
                    "起点与终点是同一格",
                ),
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

    /// The move in coordinates with its ranks numbered in `ranks`: `h2e2`,
    /// or `h3e3` in ranks 1–10.
    pub fn in_ranks(self, ranks: Ranks) -> String {
        format!(
            "{}{}",
            self.from().in_ranks(ranks),
            self.to().in_ranks(ranks)
        )
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
#[error("cannot read move '{text}': {}", .reason.en)]
#[non_exhaustive]
pub struct MoveParseError {
    /// The text as given.
    pub text: String,
    /// What was wrong with it.
    pub reason: Words,
}

impl MoveParseError {
    fn new(text: &str, reason: Words) -> MoveParseError {
        MoveParseError {
            text: text.to_string(),
            reason,
        }
    }

    /// The message in `lang`: the text as given and why it is no coordinate move.
    ///
    /// ```
    /// use xqarbiter::{Lang, Move};
    ///
    /// let err = "h2j2".parse::<Move>().unwrap_err();
    /// assert_eq!(err.in_lang(Lang::En), "cannot read move 'h2j2': destination file 'j' is not one of a–i");
    /// assert_eq!(err.in_lang(Lang::Zh), "无法读取着法“h2j2”：终点的列“j”不是 a–i 之一");
    /// ```
    pub fn in_lang(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => format!("无法读取着法“{}”：{}", self.text, self.reason.zh),
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
                .en
                .contains("four characters")
        );
        assert!(
            Move::parse_uci("j2e2")
                .unwrap_err()
                .reason
                .en
                .contains("file 'j'")
        );
        assert!(
            Move::parse_uci("hxe2")
                .unwrap_err()
                .reason
                .en
                .contains("rank 'x'")
        );
        for stray in ["a-1a0", "h2e-2", "-h2e2", "h2--e2"] {
            assert!(Move::parse_uci(stray).is_err(), "{stray}");
        }
        assert!(
            Move::parse_uci("e2e2")
                .unwrap_err()
                .reason
                .en
                .contains("same square")
        );
    }

    #[test]
    fn explains_bad_coordinates_in_chinese() {
        let zh = |text: &str| Move::parse_uci(text).unwrap_err().in_lang(Lang::Zh);
        assert!(zh("h2e").contains("四个字符"), "{}", zh("h2e"));
        assert_eq!(zh("j2e2"), "无法读取着法“j2e2”：起点的列“j”不是 a–i 之一");
        assert_eq!(zh("h2ex"), "无法读取着法“h2ex”：终点的行“x”不是数字 0–9");
        assert_eq!(zh("e2e2"), "无法读取着法“e2e2”：起点与终点是同一格");
        // English, the Display form, is as it was.
        assert_eq!(
            Move::parse_uci("hxe2").unwrap_err().in_lang(Lang::En),
            "cannot read move 'hxe2': origin rank 'x' is not a digit 0–9"
        );
    }
}
