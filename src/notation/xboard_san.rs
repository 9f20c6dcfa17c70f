//! XBoard's SAN for xiangqi, the notation of the PGN files XBoard and
//! WinBoard save: a piece letter (`K A E H R C`; `B`, `N` and `P` are read
//! too), none for a pawn; the origin's file and/or rank when needed to tell
//! two pieces apart (`Ege2`, `cd5`); `x` for a capture; the destination in
//! XBoard's coordinates, files `a`–`i` and ranks `0`–`9` from Red's side (as
//! in UCCI); `+` or `#` after a check or a mate (`Rd7#`).

use crate::board::{File, Move, Position, Rank, Role, Square};
use crate::words::Words;

/// A move as XBoard's SAN writes it, before it is matched to a legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct San {
    /// The piece that moves.
    role: Role,
    /// The origin's file, when written.
    from_file: Option<File>,
    /// The origin's rank, when written.
    from_rank: Option<Rank>,
    /// Whether an `x` marks a capture.
    capture: bool,
    /// The destination.
    to: Square,
}

/// Reads `text` as XBoard SAN, if it has its shape (`Ege2`, `Hxb9`, `gxg5`,
/// `cd5`, `e4`, `Rd7#`); whether it names a legal move is [`find`]'s question.
pub(super) fn read(text: &str) -> Option<San> {
    let b = text.strip_suffix(['+', '#']).unwrap_or(text).as_bytes();
    let (role, b) = match b.split_first() {
        Some((&letter, rest)) if letter.is_ascii_uppercase() => {
            (Role::from_char(char::from(letter))?, rest)
        }
        _ => (Role::Pawn, b),
    };
    let [head @ .., to_file, to_rank] = b else {
        return None;
    };
    let to = Square::from_coords(file(*to_file)?, rank(*to_rank)?);
    let (head, capture) = match head.split_last() {
        Some((b'x', rest)) => (rest, true),
        _ => (head, false),
    };
    let (from_file, from_rank) = match *head {
        [] => (None, None),
        [f] if file(f).is_some() => (file(f), None),
        [r] => (None, Some(rank(r)?)),
        [f, r] => (Some(file(f)?), Some(rank(r)?)),
        _ => return None,
    };
    Some(San {
        role,
        from_file,
        from_rank,
        capture,
        to,
    })
}

/// A file letter `a`–`i` (lower case only: upper case letters are pieces).
fn file(b: u8) -> Option<File> {
    File::new(b.checked_sub(b'a')?)
}

/// A rank digit `0`–`9`.
fn rank(b: u8) -> Option<Rank> {
    Rank::new(b.checked_sub(b'0')?)
}

/// Why a SAN text names no legal move of its position, or several.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Mismatch {
    /// No legal move fits: why.
    None(Words),
    /// Several do: these.
    Many(Vec<Move>),
}

/// The one legal move of `pos` that `san` names.
pub(super) fn find(pos: &Position, san: &San) -> Result<Move, Mismatch> {
    let target = pos.piece_at(san.to);
    if san.capture && target.is_none() {
        return Err(Mismatch::None(Words::new(
            format!("'x' marks a capture, but {} is empty", san.to),
            format!("“x”表示吃子，但{}上没有棋子", san.to),
        )));
    }
    let fits = |m: &Move| {
        m.to() == san.to
            && pos.piece_at(m.from()).is_some_and(|p| p.role == san.role)
            && san.from_file.is_none_or(|f| m.from().file() == f)
            && san.from_rank.is_none_or(|r| m.from().rank() == r)
    };
    let mut moves: Vec<Move> = pos.legal_moves().iter().copied().filter(fits).collect();
    // XBoard writes the origin's file of a pawn that changes file (`cd5`),
    // so a bare destination (`c6`) is the pawn on that file, also where
    // another could step sideways onto it.
    let bare = san.from_file.is_none() && san.from_rank.is_none() && !san.capture;
    if bare && san.role == Role::Pawn && moves.len() > 1 {
        moves.retain(|m| m.from().file() == san.to.file());
    }
    match moves[..] {
        [mv] => Ok(mv),
        [] => {
            let side = pos.turn();
            let from = match (san.from_file, san.from_rank) {
                (Some(f), Some(r)) => format!(" from {}", Square::from_coords(f, r)),
                (Some(f), None) => format!(" from file {}", f.char()),
                (None, Some(r)) => format!(" from rank {}", r.char()),
                (None, None) => String::new(),
            };
            Err(Mismatch::None(Words::new(
                format!(
                    "no {} {}{from} can move to {} (XBoard SAN)",
                    side.name(),
                    san.role.name(),
                    san.to
                ),
                format!(
                    "{}方没有{}能走到{}（XBoard SAN）",
                    side.name_zh(),
                    crate::board::Piece::new(side, san.role).chinese(),
                    san.to
                ),
            )))
        }
        _ => Err(Mismatch::Many(moves)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The move `text` names in the position `fen`, in UCCI coordinates, or why not.
    fn san(fen: &str, text: &str) -> Result<String, Mismatch> {
        let pos = Position::from_fen(fen).unwrap();
        let san = read(text).unwrap_or_else(|| panic!("{text} read as no SAN"));
        find(&pos, &san).map(|m| m.to_string())
    }

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    #[test]
    fn piece_letters_name_the_piece_and_a_pawn_has_none() {
        assert_eq!(san(START, "Hc2").unwrap(), "b0c2");
        assert_eq!(san(START, "Nc2").unwrap(), "b0c2");
        assert_eq!(san(START, "Ch4").unwrap(), "h2h4");
        assert_eq!(san(START, "Ra1").unwrap(), "a0a1");
        assert_eq!(san(START, "Ke1").unwrap(), "e0e1");
        assert_eq!(san(START, "c4").unwrap(), "c3c4");
        assert_eq!(san(START, "Pc4").unwrap(), "c3c4");
    }

    #[test]
    fn ranks_run_from_zero_on_reds_side() {
        // A rook from a0 to a2: rank 2 is the third from Red's side.
        assert_eq!(san(START, "Ra2").unwrap(), "a0a2");
        let black = START.replace(" w ", " b ");
        assert_eq!(san(&black, "Ri7").unwrap(), "i9i7");
        assert!(read("Ra10").is_none());
    }

    #[test]
    fn the_origins_file_or_rank_tells_two_pieces_apart() {
        assert_eq!(san(START, "Ege2").unwrap(), "g0e2");
        assert_eq!(san(START, "Ece2").unwrap(), "c0e2");
        assert_eq!(san(START, "Afe1").unwrap(), "f0e1");
        assert_eq!(san(START, "Ec0e2").unwrap(), "c0e2");
        // Two rooks on the d file, one on d0 and one on d4: the rank tells.
        let fen = "5k3/9/9/9/9/9/3R5/9/9/3RK4 w - - 0 1";
        assert_eq!(san(fen, "R0d2").unwrap(), "d0d2");
        assert_eq!(san(fen, "R3d2").unwrap(), "d3d2");
        assert!(matches!(san(START, "Ee2"), Err(Mismatch::Many(m)) if m.len() == 2));
    }

    #[test]
    fn a_pawn_moving_sideways_names_its_file() {
        let fen = "5k3/9/9/9/2P6/9/9/9/9/4K4 w - - 0 1";
        assert_eq!(san(fen, "cd5").unwrap(), "c5d5");
        assert_eq!(san(fen, "cb5").unwrap(), "c5b5");
        assert_eq!(san(fen, "c6").unwrap(), "c5c6");
        // Pawns on c5 and d6 (XBoard match, game 1, ply 129): c6 is the
        // c-file pawn's step; the d-file pawn's would be dc6.
        let fen = "5k3/9/9/3P5/2P6/9/9/9/9/4K4 w - - 0 1";
        assert_eq!(san(fen, "c6").unwrap(), "c5c6");
        assert_eq!(san(fen, "dc6").unwrap(), "d6c6");
    }

    #[test]
    fn x_marks_a_capture_and_is_checked() {
        let fen = "5k3/9/9/9/2Pr5/9/9/9/9/4K4 w - - 0 1";
        assert_eq!(san(fen, "cxd5").unwrap(), "c5d5");
        assert_eq!(san(START, "Cxh9").unwrap(), "h2h9");
        assert!(matches!(san(START, "Cxh5"), Err(Mismatch::None(_))));
    }

    #[test]
    fn check_and_mate_marks_are_read_over() {
        assert_eq!(san(START, "Cxh9+").unwrap(), "h2h9");
        let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
        assert_eq!(san(fen, "Rd0#").unwrap(), "a0d0");
    }

    #[test]
    fn a_text_of_another_shape_is_no_san() {
        for text in ["C2.5", "H2+3", "Ege", "Qe2", "Ege2x", "Exe", "+", "", "e"] {
            assert!(read(text).is_none(), "{text}");
        }
    }

    #[test]
    fn no_legal_move_of_the_named_piece_says_so() {
        let Err(Mismatch::None(why)) = san(START, "Hc5") else {
            panic!("Hc5 read as a move");
        };
        assert_eq!(why.en, "no red horse can move to c5 (XBoard SAN)");
        let Err(Mismatch::None(why)) = san(START, "Egc2") else {
            panic!("Egc2 read as a move");
        };
        assert_eq!(
            why.en,
            "no red elephant from file g can move to c2 (XBoard SAN)"
        );
    }
}
