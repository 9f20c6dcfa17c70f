//! An engine that writes its mates as centipawns (Sjaak II: `score cp
//! 15999` for a mate in one), known by what it shows rather than by its
//! name: an `info` line whose `score cp N` is beyond any material count and
//! whose `pv`, played out on the board, ends in a mate. A searching
//! engine's principal line carries its score exactly, so a line that ends
//! in a mate scores a mate, `plies` away: the engine's mate is then
//! ±(|N| + plies − n) for a mate `n` plies away, its
//! [`cp_mate`](super::dialect::Dialect::cp_mate).

use crate::board::Position;

use super::dialect::Dialect;

/// The least `score cp` that can be taken for a mate: beyond ten thousand
/// centipawns (a hundred pawns, more than all the pieces on a board), and
/// beyond the mates UCCI writes as bare scores.
const CP_BEYOND_MATERIAL: i64 = 10_000;

/// The mate scale an engine's `info` `line` shows in `pos`, the position
/// it searches: `Some(|N| + plies)` when its `score cp N` is at least
/// [`CP_BEYOND_MATERIAL`] from zero and its `pv` (in the engine's moves, as
/// `dialect` reads them) is legal and ends, `plies` on, with the side to
/// move left no legal move, that side the loser the score's sign says (the
/// side to move in `pos` when it is negative).
pub(crate) fn cp_mate_shown(dialect: &Dialect, pos: &Position, line: &str) -> Option<i64> {
    let mut tokens = line.split_whitespace();
    if tokens.next() != Some("info") {
        return None;
    }
    // What follows `string` is text, not fields.
    let rest: Vec<&str> = tokens.take_while(|&t| t != "string").collect();
    let at = rest.windows(2).position(|w| w == ["score", "cp"])?;
    let score: i64 = rest.get(at + 2)?.parse().ok()?;
    if score.checked_abs()? < CP_BEYOND_MATERIAL {
        return None;
    }
    let pv = rest.iter().position(|&t| t == "pv")?;
    let mut board = pos.clone();
    let mut plies = 0;
    for text in &rest[pv + 1..] {
        let mv = dialect.parse_move(text).filter(|&m| board.is_legal(m))?;
        board.play_unchecked(mv);
        plies += 1;
    }
    // An odd number of plies ends with the side to move's opponent lost.
    let mates = plies % 2 == 1;
    (plies > 0 && board.has_no_legal_moves() && mates == (score > 0)).then(|| score.abs() + plies)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ucci::dialect::{EngineProtocol, FenLetters};

    /// Sjaak II's dialect: ranks from 1, mates not known yet.
    fn ranks_from_one() -> Dialect {
        Dialect {
            protocol: EngineProtocol::Uci,
            rank_base: 1,
            millis: true,
            go_infinite: true,
            letters: FenLetters::HorseElephant,
            increments: false,
            cp_mate: None,
        }
    }

    #[test]
    fn a_line_that_ends_in_a_mate_shows_the_scale() {
        // Two rooks mate the bare king in two: a2a8 (a3a9 with ranks from
        // 1), the king's step, then b1b9.
        let p = Position::from_fen("4k4/9/9/9/9/9/9/R8/1R7/5K3 w - - 0 1").unwrap();
        let d = ranks_from_one();
        // c5c6 is no move here (c4 is empty): the pv must be played.
        let line = "info depth 2 score cp 15997 nodes 150 time 0 pv c5c6 e10d10 b2b10";
        assert_eq!(cp_mate_shown(&d, &p, line), None);
        let line = "info depth 4 score cp 15997 nodes 150 time 0 pv a3a9 e10d10 b2b10";
        assert_eq!(cp_mate_shown(&d, &p, line), Some(16_000));
        // The line's end must be a mate, its side the score's, its score
        // beyond material.
        for line in [
            "info depth 4 score cp 15997 pv a3a9 e10d10",
            "info depth 4 score cp -15997 pv a3a9 e10d10 b2b10",
            "info depth 4 score cp 9997 pv a3a9 e10d10 b2b10",
            "info depth 4 score mate 2 pv a3a9 e10d10 b2b10",
            "info string score cp 15997 pv a3a9 e10d10 b2b10",
        ] {
            assert_eq!(cp_mate_shown(&d, &p, line), None, "{line}");
        }
        // Being mated: an even number of plies, a negative score.
        let p = Position::from_fen("4k4/9/9/9/9/9/9/R8/1R7/5K3 b - - 0 1").unwrap();
        let line = "info depth 4 score cp -15996 pv e10d10 a3a9 d10e10 b2b10";
        assert_eq!(cp_mate_shown(&d, &p, line), Some(16_000));
    }
}
