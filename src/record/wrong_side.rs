//! A record whose first move only the side not to move can play: the start
//! position's side to move is most likely what is wrong (the `w` or `b` of
//! a FEN, or of a FEN tag), not the move. `rule` and `audit` both say so.

use crate::board::Position;
use crate::notation::parse_move;
use crate::words::Words;

/// The sentence saying so, when the move `text` at ply `ply` from the
/// position `fen` (FEN) is a first move that only the side not to move
/// could play there; `None` for any later move (a move missing or extra
/// is more likely there) or a first move no side can play.
pub fn wrong_side_to_move(ply: usize, fen: &str, text: &str) -> Option<Words> {
    if ply != 1 {
        return None;
    }
    let start = Position::from_fen(fen).ok()?;
    // Through FEN, so that a side left in check is no position to read in.
    let other = Position::from_fen(&start.passed().fen()).ok()?;
    parse_move(&other, text).ok()?;
    let (us, them) = (start.turn(), other.turn());
    let (ours, theirs) = (us.fen_char(), them.fen_char());
    Some(Words::new(
        format!(
            "The start position has {us} to move ('{ours}' in its FEN), and this is {them}'s first move: if {them} moves first, the FEN should say '{theirs}'"
        ),
        format!(
            "开局局面是{}方走棋（FEN 中为“{ours}”），而这是{}方的着法：如果{}方先走，FEN 应为“{theirs}”",
            us.name_zh(),
            them.name_zh(),
            them.name_zh()
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLACK_TO_MOVE: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 b - - 0 1";

    #[test]
    fn a_first_move_of_the_side_not_to_move_blames_the_fen() {
        let words = wrong_side_to_move(1, BLACK_TO_MOVE, "车四平五").expect("a hint");
        assert_eq!(
            words.en,
            "The start position has black to move ('b' in its FEN), and this is red's first move: if red moves first, the FEN should say 'w'"
        );
        assert!(words.zh.contains("FEN 应为“w”"), "{}", words.zh);
    }

    #[test]
    fn a_later_move_or_one_no_side_can_play_blames_nothing() {
        assert_eq!(wrong_side_to_move(3, BLACK_TO_MOVE, "车四平五"), None);
        assert_eq!(wrong_side_to_move(1, BLACK_TO_MOVE, "车四平九"), None);
        assert_eq!(wrong_side_to_move(1, "no position", "车四平五"), None);
    }
}
