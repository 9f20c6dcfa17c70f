//! Reading and writing FEN.
//!
//! Reading is lenient where real files differ (`r` for Red, `H`/`E` for horse
//! and elephant, the short form `<board> w`) and strict about positions that
//! cannot arise in a game; writing always gives the canonical six fields.

use super::attacks::reachable;
use super::{Color, Piece, Position, Role, Square};

/// Why a FEN was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid FEN '{fen}': {reason}")]
pub struct FenError {
    /// The FEN as given.
    pub fen: String,
    /// What is wrong, in words that point at the place.
    pub reason: String,
}

impl Position {
    /// Reads a FEN.
    ///
    /// ```
    /// use xqarbiter::board::Position;
    /// let pos = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w").unwrap();
    /// assert_eq!(pos, Position::startpos());
    /// assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").unwrap_err().reason.contains("facing"));
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let err = |reason: String| FenError {
            fen: fen.to_string(),
            reason,
        };
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or_else(|| err("it is empty".into()))?;
        let turn = match fields.next() {
            None => Color::Red,
            Some("w" | "r" | "W" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(other) => return Err(err(format!("side to move '{other}' is not w (or r) or b"))),
        };
        let mut rest: Vec<&str> = fields.collect();
        // Castling and en-passant fields are '-' when present.
        while rest.first() == Some(&"-") {
            rest.remove(0);
        }
        let number = |s: Option<&&str>, what: &str, default: u32| -> Result<u32, FenError> {
            match s {
                None => Ok(default),
                Some(t) => t
                    .parse()
                    .map_err(|_| err(format!("{what} '{t}' is not a number"))),
            }
        };
        let halfmoves = number(rest.first(), "half-move counter", 0)?;
        let fullmoves = number(rest.get(1), "move number", 1)?.max(1);
        if rest.len() > 2 {
            return Err(err(format!(
                "unexpected text after the move number: '{}'",
                rest[2..].join(" ")
            )));
        }

        let mut pos = Position::empty(turn);
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 10 {
            return Err(err(format!(
                "the board has {} ranks separated by '/', not 10",
                rows.len()
            )));
        }
        let mut counts = [[0u32; 7]; 2];
        for (i, row) in rows.iter().enumerate() {
            let rank = 9 - i as i32;
            let mut file = 0i32;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(err(format!(
                            "rank {rank} ('{row}') has an empty-square count of 0"
                        )));
                    }
                    file += d as i32;
                } else if let Some(piece) = Piece::from_fen_char(c) {
                    let Some(sq) = Square::at(file, rank) else {
                        return Err(err(format!("rank {rank} ('{row}') has more than 9 files")));
                    };
                    if !reachable(piece.color, piece.role).contains(sq) {
                        return Err(err(format!(
                            "{} {} on {sq} stands where it can never go",
                            piece.color,
                            piece.role.name()
                        )));
                    }
                    counts[piece.color.index()][piece.role.index()] += 1;
                    pos.put(sq, piece);
                    file += 1;
                } else {
                    return Err(err(format!(
                        "unknown piece letter '{c}' on rank {rank} ('{row}')"
                    )));
                }
                if file > 9 {
                    return Err(err(format!("rank {rank} ('{row}') has more than 9 files")));
                }
            }
            if file != 9 {
                return Err(err(format!(
                    "rank {rank} ('{row}') has {file} files, not 9"
                )));
            }
        }
        for color in Color::ALL {
            for role in Role::ALL {
                let n = counts[color.index()][role.index()];
                if n > role.max_count() {
                    return Err(err(format!(
                        "{color} has {n} {}s; a side has at most {}",
                        role.name(),
                        role.max_count()
                    )));
                }
            }
            if counts[color.index()][Role::King.index()] == 0 {
                return Err(err(format!("{color} has no king")));
            }
        }
        let (red_king, black_king) = (pos.king(Color::Red), pos.king(Color::Black));
        if red_king.file() == black_king.file()
            && (super::attacks::between(red_king, black_king) & pos.occupied()).is_empty()
        {
            return Err(err(format!(
                "the kings on {red_king} and {black_king} are facing on an open file"
            )));
        }
        if pos.is_attacked_king(!turn) {
            return Err(err(format!(
                "{} is in check with {} to move (its king could be captured)",
                !turn, turn
            )));
        }
        pos.set_counters(halfmoves, fullmoves);
        Ok(pos)
    }

    /// The position in FEN, with all six fields and `w`/`b`, `N`/`B`.
    pub fn fen(&self) -> String {
        let mut s = self.board_fen();
        s.push(' ');
        s.push(self.turn().fen_char());
        s.push_str(&format!(" - - {} {}", self.halfmoves(), self.fullmoves()));
        s
    }

    /// Just the placement field of the FEN.
    pub fn board_fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                match self.piece_at(Square::at(file, rank).expect("on board")) {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from_digit(empty, 10).expect("digit"));
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from_digit(empty, 10).expect("digit"));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::START_FEN;

    fn reason(fen: &str) -> String {
        Position::from_fen(fen).unwrap_err().reason
    }

    #[test]
    fn round_trips_and_normalises() {
        let p = Position::from_fen(START_FEN).unwrap();
        assert_eq!(p.fen(), START_FEN);
        let q = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
            .unwrap();
        assert_eq!(q.fen(), START_FEN);
        let b = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 7 12",
        )
        .unwrap();
        assert_eq!(
            b.fen(),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 7 12"
        );
    }

    #[test]
    fn rejects_malformed_boards() {
        assert!(
            reason("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w")
                .contains("9 ranks")
        );
        assert!(
            reason("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/8/RNBAKABNR w")
                .contains("8 files")
        );
        assert!(
            reason("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/91/RNBAKABNR w")
                .contains("more than 9")
        );
        assert!(
            reason("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5X1/9/RNBAKABNR w")
                .contains("unknown piece letter 'X'")
        );
        assert!(
            reason("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x")
                .contains("side to move")
        );
        assert!(
            reason("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1")
                .contains("half-move")
        );
    }

    #[test]
    fn rejects_impossible_material_and_placement() {
        assert!(
            reason("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CR4C1/9/RNBAKABNR w")
                .contains("3 rooks")
        );
        assert!(reason("4k4/9/9/9/9/9/9/9/3A5/3K5 w").contains("advisor on d1"));
        assert!(reason("4k4/9/9/9/9/9/9/9/9/1B2K4 w").contains("elephant on b0"));
        assert!(reason("4k4/9/9/9/9/9/9/9/1P7/4K4 w").contains("pawn on b1"));
        assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/9/5K3 w").is_ok());
        assert!(reason("4k4/9/9/9/9/9/9/9/9/6K2 w").contains("king on g0"));
        assert!(reason("3k5/9/9/9/9/9/9/9/9/6K2 w").contains("king on g0"));
        assert!(reason("9/9/9/9/9/9/9/9/9/4K4 w").contains("black has no king"));
    }

    #[test]
    fn rejects_facing_kings_and_side_not_to_move_in_check() {
        assert!(reason("4k4/9/9/9/9/9/9/9/9/4K4 w").contains("facing"));
        assert!(reason("4k4/9/9/9/9/9/9/9/4R4/4K4 w").contains("black is in check"));
        assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/4R4/4K4 b").is_ok());
    }
}
