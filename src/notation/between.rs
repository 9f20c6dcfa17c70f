//! What comes between the words of a Chinese move split by spaces (a
//! comment, a variation, a NAG, a move number: `炮二 {好} 平五`), which ends the move
//! there: the error then says so, when the word after it would have made
//! the move whole.

use super::parse::{Failure, read_move};
use super::symbol::continues_split_move;
use crate::board::Position;
use crate::words::Words;

/// What came between the words of a split Chinese move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Between {
    /// A comment (`{好}`, `（好）`, `; 好`).
    Comment,
    /// Brackets (`(1. 兵七进一)`): a comment to a typed list, a variation
    /// to a pasted record.
    Bracketed,
    /// A NAG (`$1`) or marks (`!?`).
    Nag,
    /// A move number (`2.`).
    Number,
}

impl Between {
    /// What the word `word` is, if a NAG or a move number.
    pub(crate) fn of_word(word: &str) -> Option<Between> {
        let is_digit = |c: char| c.is_ascii_digit() || ('０'..='９').contains(&c);
        if word.starts_with('$') || word.chars().all(|c| matches!(c, '!' | '?' | '！' | '？')) {
            return (!word.is_empty()).then_some(Between::Nag);
        }
        let number = word.chars().next().is_some_and(is_digit)
            && word
                .chars()
                .all(|c| is_digit(c) || matches!(c, '.' | '．' | '…' | '、'))
            && !word.chars().all(is_digit);
        number.then_some(Between::Number)
    }

    /// Its name, in both languages.
    fn name(self) -> (&'static str, &'static str) {
        match self {
            Between::Comment => ("a comment", "注释"),
            Between::Bracketed => ("a comment or variation in brackets", "括号中的注释或变着"),
            Between::Nag => ("an annotation", "注解符号"),
            Between::Number => ("a move number", "回合数"),
        }
    }
}

/// `failure`, the reason the words `written` of a split Chinese move
/// (`joined` as read) are no move, told that `between` came after them,
/// when the word after it, `next`, would have made them a legal move in
/// `pos`: a move's words are read only side by side. Else `failure` as it is.
pub(crate) fn split_by(
    pos: &Position,
    failure: Failure,
    between: Between,
    (written, joined): (&str, &str),
    next: &str,
) -> Failure {
    if !continues_split_move(next) || read_move(pos, &format!("{joined}{next}")).is_err() {
        return failure;
    }
    let (en, zh) = between.name();
    failure.explained(|why| {
        Words::new(
            format!(
                "{}; {en} comes between '{written}' and '{next}', and the words of a move split by spaces are read only side by side",
                why.en
            ),
            format!(
                "{}；“{written}”与“{next}”之间隔着{zh}，被空格分开的着法须各部分相连才能读出",
                why.zh
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nags_and_move_numbers_are_told_from_words_of_a_move() {
        assert_eq!(Between::of_word("$1"), Some(Between::Nag));
        assert_eq!(Between::of_word("!?"), Some(Between::Nag));
        assert_eq!(Between::of_word("2."), Some(Between::Number));
        assert_eq!(Between::of_word("２、"), Some(Between::Number));
        for word in ["2", "平五", "", "h2e2"] {
            assert_eq!(Between::of_word(word), None, "{word}");
        }
    }
}
