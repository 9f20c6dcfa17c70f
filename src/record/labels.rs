//! Labelled words under the moves of a pasted record (`key：value`, with
//! a full-width or ASCII colon): a result after its label (`结果：红胜`,
//! `结果： 红胜`, `Result: 1-0`), or a note after a label (`红方：弃车，好棋`,
//! `注：此着有力`), which runs to the end of its line.

use crate::notation::{Outcome, RESULT_LABELS, reads_as_any_move_text, strip_round_marker};

/// The full-width brackets a note or a result is written in under the
/// moves: `（…）`, `【…】`, `［…］`.
pub(super) const FULL_WIDTH_BRACKETS: [(char, char); 3] =
    [('（', '）'), ('【', '】'), ('［', '］')];

/// What a word that starts with a label is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Label {
    /// A result label (结果, 結果, Result): the result is the text after
    /// the colon, or the next word when the colon ends the word.
    Result,
    /// Another label whose value is no move: a note to the end of the line.
    Note,
}

/// What the word `tok` is when it starts with a label, `key：` or `key:`
/// (a key of one to six letters or ideographs, as a header line's), and
/// the byte length of the label with its colon. `next` gives the word
/// after `tok`, which is the value when the colon ends `tok`. A word whose key
/// or value reads as a move (`红：炮二平五`), or a round marker (`第一回合：`), is
/// no label.
pub(super) fn label<'a>(tok: &'a str, next: impl FnOnce() -> &'a str) -> Option<(Label, usize)> {
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
    let value = if after == tok.len() {
        next()
    } else {
        &tok[after..]
    };
    if reads_as_any_move_text(key) || reads_as_any_move_text(value) {
        return None;
    }
    Some((Label::Note, after))
}

/// The result written as `value` after a result label: a result in PGN or
/// Chinese words, maybe in brackets (`（红胜）`); `Ok(None)` for `*`; `Err`
/// for anything else.
pub(super) fn labelled_result(value: &str) -> Result<Option<Outcome>, ()> {
    let value = value.trim().trim_end_matches(['。', '.']);
    let bare = FULL_WIDTH_BRACKETS
        .into_iter()
        .chain([('(', ')'), ('[', ']')])
        .find_map(|(open, close)| value.strip_prefix(open)?.strip_suffix(close))
        .unwrap_or(value);
    if bare == "*" {
        return Ok(None);
    }
    Outcome::parse(bare).map(Some).ok_or(())
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
    }

    #[test]
    fn a_labelled_result_is_read_in_any_writing() {
        for (value, outcome) in [
            ("红胜", Some(Outcome::RedWins)),
            ("1-0", Some(Outcome::RedWins)),
            ("（黑胜）", Some(Outcome::BlackWins)),
            ("和棋。", Some(Outcome::Draw)),
            ("*", None),
        ] {
            assert_eq!(labelled_result(value), Ok(outcome), "{value}");
        }
        assert_eq!(labelled_result("未知"), Err(()));
        assert_eq!(labelled_result(""), Err(()));
    }
}
