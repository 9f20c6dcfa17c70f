//! A `;` in a typed or pasted move list: right after a word
//! (`炮二平五;马８进７`) it separates moves, as `；` does; after whitespace or
//! at the start of the text it starts a comment to the end of the line, as
//! in PGN, whose text is never read as moves. The record readers and
//! `rule --moves` read it alike, and a `//` so too, which also starts a
//! comment right after a whole move (`炮二平五//中炮`).

use super::parse::reads_as_any_move_text;
use crate::board::Position;
use crate::text::line_and_column;
use crate::words::Words;

/// Whether the `;` at byte `at` of `text` starts a comment (it follows
/// whitespace or starts the text) rather than separating moves.
pub(crate) fn starts_comment(text: &str, at: usize) -> bool {
    text[..at]
        .chars()
        .next_back()
        .is_none_or(char::is_whitespace)
}

/// Whether the `//` at byte `at` of `text` starts a comment to the end of
/// its line: where a `;` would ([`starts_comment`]), or right after a
/// whole move (`炮二平五//中炮`, `1.h2e2//好`). One inside another word
/// (`http://`) is the word's.
pub(crate) fn slashes_start_comment(text: &str, at: usize) -> bool {
    starts_comment(text, at) || follows_move(text, at)
}

/// Whether the word that ends at byte `at` of `text` (after the last
/// whitespace or separator) is a whole move, maybe after its number.
pub(crate) fn follows_move(text: &str, at: usize) -> bool {
    let word = text[..at]
        .rsplit(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '，' | '；' | '、' | '。'))
        .next()
        .unwrap_or("");
    let digits =
        word.trim_start_matches(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c));
    let unnumbered = match digits.len() < word.len() {
        true => digits.trim_start_matches(['.', '．', '、']),
        false => word,
    };
    reads_as_any_move_text(word) || reads_as_any_move_text(unnumbered)
}

/// Whether the text of a `;` comment (`body`, to the end of its line)
/// reads as moves that go on from `pos`, where the game stands: read as a
/// typed list ([`super::parse_move_list`]), every word of it is a move
/// played from there, a move number, a note or the result, and it holds a
/// move. The one probe of both readers of typed lists: the list reader and
/// the record reader warn of the same comments
/// ([`comment_reads_as_moves`]).
pub(crate) fn comment_goes_on(pos: &Position, body: &str) -> bool {
    super::parse_move_list(pos, body).is_ok_and(|list| !list.moves.is_empty())
}

/// The warning for the comment opened by the `;` (or `//`, as typed lists
/// also open one) at byte `at` of `text`
/// (whose first line is line `first_line` of the file), when the comment
/// (`shown`) reads as moves that go on ([`comment_goes_on`]): they are not read, and the warning
/// says how to write a separator.
pub(crate) fn comment_reads_as_moves(
    text: &str,
    at: usize,
    first_line: usize,
    shown: &str,
) -> Words {
    let (line, column) = line_and_column(text, at);
    let line = first_line + line - 1;
    if text[at..].starts_with("//") {
        return Words::new(
            format!(
                "line {line}, column {column}: the comment after '//' reads as moves ('{shown}'), which are not read: after a space or a whole move, '//' starts a comment to the end of the line"
            ),
            format!(
                "第{line}行第{column}列：“//”之后的注释像是着法（“{shown}”），未读入：空格或完整着法之后的“//”开始一条到行尾的注释"
            ),
        );
    }
    Words::new(
        format!(
            "line {line}, column {column}: the comment after ';' reads as moves ('{shown}'), which are not read: after a space, ';' starts a comment to the end of the line (to separate moves, write ';' right after a move, or '；')"
        ),
        format!(
            "第{line}行第{column}列：“;”之后的注释像是着法（“{shown}”），未读入：空格之后的“;”开始一条到行尾的注释（要分隔着法，请把“;”紧接在着法之后，或写“；”）"
        ),
    )
}
