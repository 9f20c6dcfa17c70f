//! Labelled words under the moves of a pasted record or a typed list
//! (`key：value`, with a full-width or ASCII colon): a result after its
//! label (`结果：红胜`, `结果： 红胜`, `Result: 1-0`), or a note after a
//! label (`红方：弃车，好棋`, `注：此着有力`), which runs to the end of its
//! line, or a heading over the moves (`着法：炮二平五 马８进７`). The record
//! readers and the typed-list reader read them alike.

use super::movelist::strip_round_marker;
use super::outcome::RESULT_LABELS;
use super::parse::reads_as_any_move_text;
use super::side_label::side_label;
use crate::text::{line_and_column, offset_in};
use crate::words::Words;

/// What a word that starts with a label is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Label {
    /// A result label (结果, 結果, Result): the result is the text after
    /// the colon, or the next word when the colon ends the word.
    Result,
    /// Another label whose value is no move: a note to the end of the line.
    Note,
    /// A heading over the moves (`着法：`, `Moves:`): the moves follow it,
    /// in its word or the next.
    Heading,
}

/// Whether `key`, a label's key, is that of a heading over the moves
/// ([`Label::Heading`]): `着法`, `著法`, `棋谱`, `Moves`.
pub(crate) fn is_move_heading(key: &str) -> bool {
    ["着法", "著法", "棋谱", "棋譜", "moves"].contains(&key.to_lowercase().as_str())
}

/// What the word `tok` is when it starts with a label, `key：` or `key:`
/// (a key of one to six letters or ideographs, as a header line's), and
/// the byte length of the label with its colon. `next` gives the word
/// after `tok`, which is the value when the colon ends `tok`. A side's
/// label before a move (`红：炮二平五`, [`side_label`]), a word whose key
/// reads as a move, or a round marker (`第一回合：`), is no label. Any
/// other label marks a note, whatever its value: a move there
/// (`注：车９平８`) is the note's, a move the annotator cites, not one
/// played. A heading's key (`着法：`) makes a heading, whatever follows it.
pub(crate) fn label<'a>(tok: &'a str, next: impl FnOnce() -> &'a str) -> Option<(Label, usize)> {
    let colon = tok.find([':', '：'])?;
    let key = &tok[..colon];
    let count = key.chars().count();
    if !(1..=6).contains(&count)
        || !key.chars().all(char::is_alphabetic)
        || strip_round_marker(tok).len() != tok.len()
    {
        return None;
    }
    let after = colon + tok[colon..].chars().next().map_or(1, char::len_utf8);
    if RESULT_LABELS.contains(&key.to_lowercase().as_str()) {
        return Some((Label::Result, after));
    }
    if is_move_heading(key) {
        return Some((Label::Heading, after));
    }
    let value = if after == tok.len() {
        next()
    } else {
        &tok[after..]
    };
    if reads_as_any_move_text(key) || side_label(tok, || value).is_some() {
        return None;
    }
    Some((Label::Note, after))
}

/// Where in `line` a heading over the moves (`着法：`, `Moves:`) starts
/// among the words from byte `from` on, the words of a note, when the text
/// after its colon reads as moves that go on (`goes_on`, given that text's
/// offset): the note ends there, and the moves are read as after a heading
/// on its own line (`红方：许银川 着法：炮二平五 …`).
pub(crate) fn heading_in_note(
    line: &str,
    from: usize,
    goes_on: impl Fn(usize) -> bool,
) -> Option<usize> {
    line[from..].split_whitespace().find_map(|word| {
        let at = offset_in(line, word);
        let colon = word.find([':', '：'])?;
        let after = colon + word[colon..].chars().next().map_or(1, char::len_utf8);
        (is_move_heading(&word[..colon]) && goes_on(at + after)).then_some(at)
    })
}

/// The warning for the note after the label `label`, between the moves,
/// that a heading over the moves at byte `at` of `text` (whose first line
/// is line `first_line` of the file) ends ([`heading_in_note`]): the moves
/// after the heading are read as the game's, but a note may cite moves
/// under such a heading too (`注：另一种着法：车一平二 …`).
pub(crate) fn heading_ends_note(text: &str, at: usize, first_line: usize, label: &str) -> Words {
    let (line, column) = line_and_column(text, at);
    let number = first_line + line - 1;
    let word = text[at..].split_whitespace().next().unwrap_or("");
    let heading = word.find([':', '：']).map_or(word, |colon| {
        &word[..colon + word[colon..].chars().next().map_or(1, char::len_utf8)]
    });
    Words::new(
        format!(
            "line {number}, column {column}: the note after '{label}' ends at the heading '{heading}', and the moves after it, which go on from here, are read as the game's (if they are the note's, write the moves on a line of their own, or the note without the heading)"
        ),
        format!(
            "第{number}行第{column}列：“{label}”后的注释在标题“{heading}”处结束，其后可接着走下去的着法按本局着法读入（若它们属于注释，请把着法另起一行，或注释中不写该标题）"
        ),
    )
}

/// The warning for the note after the label `label` at byte `at` of
/// `text` (whose first line is line `first_line` of the file), when its
/// last words (`shown`) read as moves that go on from where the game
/// stands: a label's note runs to the end of its line, as nothing else
/// ends it and a note may cite moves (`注：如改走2. 马二进三 …`), so they
/// are the note's and are not read.
pub(crate) fn note_reads_as_moves(
    text: &str,
    at: usize,
    first_line: usize,
    (label, shown): (&str, &str),
) -> Words {
    let (line, column) = line_and_column(text, at);
    let number = first_line + line - 1;
    Words::new(
        format!(
            "line {number}, column {column}: the note after '{label}' runs to the end of its line, and its last words read as moves that go on ('{shown}'), which are not read: nothing but the line's end ends such a note (write moves after it on a line of their own)"
        ),
        format!(
            "第{number}行第{column}列：“{label}”后的注释直到行尾，其末尾的文字像是可接着走下去的着法（“{shown}”），未读入：这样的注释只在行尾结束（其后的着法请另起一行）"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_labels_note_labels_and_words_that_are_none() {
        assert_eq!(label("结果：红胜", || ""), Some((Label::Result, 9)));
        assert_eq!(label("结果：", || "红胜"), Some((Label::Result, 9)));
        assert_eq!(label("Result:", || "1-0"), Some((Label::Result, 7)));
        assert_eq!(label("红方：弃车，好棋", || ""), Some((Label::Note, 9)));
        assert_eq!(label("注：", || "此着有力"), Some((Label::Note, 6)));
        // A labelled move, a round marker, a result with a colon, a move: no label.
        assert_eq!(label("红：炮二平五", || ""), None);
        assert_eq!(label("红：", || "炮二平五"), None);
        assert_eq!(label("第一回合：炮二平五", || ""), None);
        assert_eq!(label("1:0", || ""), None);
        assert_eq!(label("炮二平五", || ""), None);
        assert_eq!(label("很长很长的一句话：", || ""), None);
        // A heading over the moves, whatever follows it.
        assert_eq!(label("着法：", || "1."), Some((Label::Heading, 9)));
        assert_eq!(label("Moves:C2.5", || ""), Some((Label::Heading, 6)));
    }

    #[test]
    fn a_labels_value_is_a_note_whatever_it_reads_as() {
        // `中炮` reads as the start of a move, but names none; a legal move
        // after a label other than a side's is a move the note cites.
        for (tok, next, len) in [
            ("注：中炮", "", 6),
            ("评注：", "中炮", 9),
            ("注：", "炮二平五", 6),
            ("注：车９平８", "", 6),
            ("变着：车一平二", "", 9),
        ] {
            assert_eq!(
                label(tok, || next),
                Some((Label::Note, len)),
                "{tok} {next}"
            );
        }
        // A side's label before a move is no label, nor before move text
        // that is no legal move (the reader says why it is none).
        assert_eq!(label("黑方：", || "车９平８"), None);
        assert_eq!(label("Red:C2.5", || ""), None);
    }
}
