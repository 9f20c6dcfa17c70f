//! The warning for moves written after a game's result: the readers end a
//! game at its result, and say so when what follows reads as moves.

use crate::text::line_and_column;
use crate::words::Words;

/// The warning for the moves from byte `at` of `text` (whose first line is
/// line `first_line` of the file), written after the result `result` (as
/// PGN writes it): `played` of them go on from the last move read, or, when
/// none does, they read as moves that do not.
pub(crate) fn moves_after_result(
    text: &str,
    at: usize,
    first_line: usize,
    result: &str,
    played: usize,
) -> Words {
    let (line, column) = line_and_column(text, at);
    let line = first_line + line - 1;
    let rest = text.get(at..).unwrap_or("").lines().next().unwrap_or("");
    let rest = rest.trim_end();
    let shown: String = rest.chars().take(40).collect();
    let shown = if shown.len() < rest.len() {
        format!("{shown}…")
    } else {
        shown
    };
    if played == 0 {
        return Words::new(
            format!(
                "line {line}, column {column}: the text after the result {result} reads as moves ('{shown}'), which are not read: the game is taken to end at the result"
            ),
            format!(
                "第{line}行第{column}列：结果{result}之后的文字像是着法（“{shown}”），未读入：对局按到结果为止处理"
            ),
        );
    }
    let (moves, go, are) = if played == 1 {
        ("move", "goes", "is")
    } else {
        ("moves", "go", "are")
    };
    Words::new(
        format!(
            "line {line}, column {column}: {played} {moves} after the result {result} {go} on from the last move but {are} not read ('{shown}'): the game is taken to end at the result"
        ),
        format!(
            "第{line}行第{column}列：结果{result}之后还有{played}着可接着走下去，但未读入（“{shown}”）：对局按到结果为止处理"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_place_the_count_and_the_text_cut_at_its_line() {
        let text = "1. h2e2 1-0\n  2. h0g2 i9h9 3. i0h0 c6c5 4. g3g4 g6g5 5. b0c2 b9c7\nmore";
        let at = text.find("2.").unwrap();
        let w = moves_after_result(text, at, 7, "1-0", 1);
        assert_eq!(
            w.en,
            "line 8, column 3: 1 move after the result 1-0 goes on from the last move but is not \
             read ('2. h0g2 i9h9 3. i0h0 c6c5 4. g3g4 g6g5 5…'): the game is taken to end at \
             the result"
        );
        let w = moves_after_result(text, at, 1, "*", 0);
        assert!(
            w.zh.starts_with("第2行第3列：结果*之后的文字像是着法"),
            "{}",
            w.zh
        );
    }
}
