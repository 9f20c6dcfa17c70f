//! The values of labelled words under the moves of a pasted record
//! ([`crate::notation::label`]): a result after its label (`结果：红胜`,
//! `结果： 红胜`, `Result: 1-0`), and the brackets notes and results are
//! written in.

use crate::notation::Outcome;

/// The full-width brackets a note or a result is written in under the
/// moves: `（…）`, `【…】`, `［…］`.
pub(super) const FULL_WIDTH_BRACKETS: [(char, char); 3] =
    [('（', '）'), ('【', '】'), ('［', '］')];

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
