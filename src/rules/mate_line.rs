//! A line that shows a mate threat (杀): the checks that mate against the
//! defence that holds out longest, so that a person can check the nature.
//!
//! Judging only asks whether a mate by checks exists; the line is worked out
//! when a ruling is written, for the few moves that are mate threats.

use crate::board::{Bitboard, Move, Position};
use crate::notation::{Notation, render};

use super::mate_search::MateSearch;
use super::ruling::Lang;
use super::voice::Voice;

/// The fewest of its own moves in which the side to move mates by checks, up to `depth`.
fn mate_depth(pos: &mut Position, depth: u32) -> Option<u32> {
    // A position that holds at one depth holds at the shallower ones too: one table serves all.
    let mut search = MateSearch::default();
    (1..=depth).find(|&d| search.mates(pos, d, Bitboard::EMPTY))
}

/// A mate by checks of the side to move within `depth` of its moves: its
/// fastest mating checks, each answered by the reply that delays mate the
/// longest. Empty when there is no such mate. The position is restored.
pub(crate) fn mate_line(pos: &mut Position, depth: u32) -> Vec<Move> {
    let Some(needed) = mate_depth(pos, depth) else {
        return Vec::new();
    };
    for check in pos.checking_moves() {
        let undo = pos.play_unchecked(check);
        let replies = pos.legal_moves();
        if replies.is_empty() {
            pos.undo(undo);
            return vec![check];
        }
        if needed == 1 {
            // Only a check that leaves no reply mates in one.
            pos.undo(undo);
            continue;
        }
        // The reply after which mate takes longest; none if a reply escapes within `needed`.
        let mut slowest = (0, replies[0]);
        let mut escapes = false;
        for &reply in &replies {
            let back = pos.play_unchecked(reply);
            let after = mate_depth(pos, needed - 1);
            pos.undo(back);
            match after {
                Some(d) if d > slowest.0 => slowest = (d, reply),
                Some(_) => {}
                None => {
                    escapes = true;
                    break;
                }
            }
        }
        if !escapes {
            let back = pos.play_unchecked(slowest.1);
            let mut line = vec![check, slowest.1];
            line.extend(mate_line(pos, needed - 1));
            pos.undo(back);
            pos.undo(undo);
            return line;
        }
        pos.undo(undo);
    }
    Vec::new()
}

/// `line`, played from `pos`, in Chinese notation (for `Lang::Zh`) or
/// coordinates in the voice's ranks, the last move marked as mate.
pub(crate) fn write_line(pos: &Position, line: &[Move], voice: Voice) -> String {
    let moves = write_moves(pos, line, voice);
    match voice.lang {
        Lang::Zh => format!("{moves}（杀）"),
        Lang::En => format!("{moves} mate"),
    }
}

/// `line`, played from `pos`, in Chinese notation (for `Lang::Zh`) or
/// coordinates in the voice's ranks, separated by spaces.
pub(crate) fn write_moves(pos: &Position, line: &[Move], voice: Voice) -> String {
    let mut pos = pos.clone();
    let words: Vec<String> = line
        .iter()
        .map(|&mv| {
            let word = match voice.lang {
                Lang::Zh => render(&pos, mv, Notation::Chinese),
                Lang::En => voice.coordinates(mv),
            };
            pos.play_unchecked(mv);
            word
        })
        .collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_mates_by_checks_against_the_longest_defence() {
        // Two rooks against a bare king: Rb8+ then Ra9#, or slower if Black resists.
        let mut pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/1R1K5 w").unwrap();
        let line = mate_line(&mut pos, 3);
        assert!(!line.is_empty() && line.len() % 2 == 1, "{line:?}");
        let mut end = pos.clone();
        for (i, &mv) in line.iter().enumerate() {
            assert!(end.is_legal(mv), "{mv} in {line:?}");
            end.play_unchecked(mv);
            if i % 2 == 0 {
                assert!(end.in_check(), "every attacker move checks: {line:?}");
            }
        }
        assert!(end.has_no_legal_moves(), "the line ends in mate: {line:?}");
        assert!(write_line(&pos, &line, Lang::En.into()).ends_with("mate"));
        // A lone rook cannot mate: no line.
        let mut lone = Position::from_fen("4k4/9/9/9/9/9/9/9/9/1R1K5 w").unwrap();
        assert!(mate_line(&mut lone, 3).is_empty());
    }

    #[test]
    fn a_mate_in_one_is_a_single_move() {
        // The black king d9 cannot step to rank 8 (the red rook a8): Rb9 or Rd0 mates.
        let mut pos = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/1R2K4 w").unwrap();
        let line = mate_line(&mut pos, 2);
        assert_eq!(line.len(), 1, "{line:?}");
        let zh = write_line(&pos, &line, Lang::Zh.into());
        assert!(
            ["车八进九（杀）", "车八平六（杀）"].contains(&zh.as_str()),
            "{zh}"
        );
    }
}
