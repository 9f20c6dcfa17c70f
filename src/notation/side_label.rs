//! A side's label before a move, as records pasted from forums and chats
//! write them: `红：炮二平五`, `红方：炮二平五`, `黑方 马８进７`, `Red: C2=5`,
//! `1. 红 炮二平五 黑 马8进7`.

use super::parse::reads_as_any_move_text;
use super::symbol::begins_split_move;
use crate::board::Color;

/// The Chinese labels of each side, longest first (a colon may follow).
const CHINESE: [(&str, Color); 9] = [
    ("红方", Color::Red),
    ("紅方", Color::Red),
    ("红棋", Color::Red),
    ("紅棋", Color::Red),
    ("黑方", Color::Black),
    ("黑棋", Color::Black),
    ("红", Color::Red),
    ("紅", Color::Red),
    ("黑", Color::Black),
];

/// The side the word `word` labels before a move, and the byte length of
/// the label with its colon: a Chinese label (`红`, `红方`, `黑棋`), alone or
/// before a colon, or `Red:`/`Black:` (any case) before their colon. The
/// move is the text after the colon, or the word `next` gives when the
/// label is the whole word; `None` unless that reads as a move (or the
/// first words of a Chinese move split by spaces), so that `红方：许银川`
/// stays a header line and `红方：弃车` a note.
#[inline(never)]
pub(crate) fn side_label<'a>(
    word: &'a str,
    next: impl FnOnce() -> &'a str,
) -> Option<(Color, usize)> {
    let (side, key) = match *word.as_bytes() {
        // 红 is E7 BA A2, 紅 E7 B4 85, 黑 E9 BB 91: most moves start otherwise.
        [0xE7, 0xBA | 0xB4, ..] | [0xE9, 0xBB, ..] => CHINESE
            .iter()
            .find(|(key, _)| word.starts_with(key))
            .map(|&(key, side)| (side, key.len()))?,
        [b'R' | b'r', ..] => (Color::Red, ascii_key(word, "red")?),
        [b'B' | b'b', ..] => (Color::Black, ascii_key(word, "black")?),
        _ => return None,
    };
    let after = &word[key..];
    let colon = ['：', ':']
        .into_iter()
        .find(|&c| after.starts_with(c))
        .map_or(0, char::len_utf8);
    if colon == 0 && !after.is_empty() {
        // A label with no colon is a word of its own.
        return None;
    }
    let len = key + colon;
    let value = if len == word.len() {
        next()
    } else {
        &word[len..]
    };
    let is_move = !value.is_empty() && (reads_as_any_move_text(value) || begins_split_move(value));
    is_move.then_some((side, len))
}

/// Whether `word` is a side's label and nothing else (`红`, `红方`, `黑棋`,
/// `Red`, `black`), as a result phrase starts (`红方 认负`, `Red resigns`).
pub(crate) fn names_side(word: &str) -> bool {
    CHINESE.iter().any(|&(key, _)| key == word)
        || word.eq_ignore_ascii_case("red")
        || word.eq_ignore_ascii_case("black")
}

/// Whether a word starting with the bytes `word` may start with a side's
/// label ([`side_label`]): a quick test for the readers' every word.
#[inline]
pub(crate) fn may_start_side_label(word: &[u8]) -> bool {
    matches!(
        word,
        [0xE7, 0xBA | 0xB4, ..] | [0xE9, 0xBB, ..] | [b'R' | b'r' | b'B' | b'b', ..]
    )
}

/// Whether a word starting with the bytes `word` may be a side's word
/// alone ([`names_side`], maybe with a colon after it): a quick test, which
/// coordinate and WXF moves (`b0c2`, `R2+3`) do not pass.
#[inline]
pub(crate) fn may_name_side(word: &[u8]) -> bool {
    matches!(
        word,
        [0xE7, 0xBA | 0xB4, ..]
            | [0xE9, 0xBB, ..]
            | [b'R' | b'r', b'E' | b'e', ..]
            | [b'B' | b'b', b'L' | b'l', ..]
    )
}

/// The length of `key` (ASCII, lower case) when `word` starts with it in
/// any case, followed by a colon.
fn ascii_key(word: &str, key: &str) -> Option<usize> {
    let head = word.get(..key.len())?;
    (head.eq_ignore_ascii_case(key) && word[key.len()..].starts_with([':', '：']))
        .then_some(key.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_before_a_move_in_the_word_or_the_next() {
        let none = || "";
        assert_eq!(side_label("红：炮二平五", none), Some((Color::Red, 6)));
        assert_eq!(side_label("红方：", || "炮二平五"), Some((Color::Red, 9)));
        assert_eq!(side_label("黑方", || "马８进７"), Some((Color::Black, 6)));
        assert_eq!(side_label("黑", || "马8进7"), Some((Color::Black, 3)));
        assert_eq!(side_label("紅:炮二平五", none), Some((Color::Red, 4)));
        assert_eq!(side_label("Red:", || "C2=5"), Some((Color::Red, 4)));
        assert_eq!(side_label("black:h9g7", none), Some((Color::Black, 6)));
        // The first words of a move split by spaces.
        assert_eq!(side_label("黑：", || "马"), Some((Color::Black, 6)));
    }

    #[test]
    fn words_that_are_no_side_label() {
        let none = || "";
        // A name, a note, a move, a result word, a label over nothing.
        assert_eq!(side_label("红方：许银川", none), None);
        assert_eq!(side_label("红方：", || "许银川"), None);
        assert_eq!(side_label("红方：弃车，好棋", none), None);
        assert_eq!(side_label("炮二平五", none), None);
        assert_eq!(side_label("红胜", none), None);
        assert_eq!(side_label("红", || "胜"), None);
        assert_eq!(side_label("黑方：", none), None);
        // English labels need their colon; no other word starts one.
        assert_eq!(side_label("Red", || "C2=5"), None);
        assert_eq!(side_label("Reds:", || "C2=5"), None);
        assert_eq!(side_label("Round:", || "C2=5"), None);
        assert_eq!(side_label("红炮二平五", none), None);
    }

    #[test]
    fn the_quick_test_lets_every_side_word_through() {
        for word in [
            "红",
            "紅方",
            "黑棋",
            "黑方：",
            "Red",
            "red:",
            "BLACK",
            "black",
        ] {
            assert!(names_side(word.trim_end_matches(['：', ':'])), "{word}");
            assert!(may_name_side(word.as_bytes()), "{word}");
        }
        for word in ["b0c2", "R2+3", "B3+5", "炮二平五", "r", ""] {
            assert!(!may_name_side(word.as_bytes()), "{word}");
        }
    }

    #[test]
    fn the_quick_test_lets_every_label_through() {
        for word in ["红", "紅方", "黑棋", "Red:", "red:", "Black:", "black:"] {
            assert!(may_start_side_label(word.as_bytes()), "{word}");
        }
        for word in ["炮二平五", "马８进７", "h2e2", "C2.5", "１."] {
            assert!(!may_start_side_label(word.as_bytes()), "{word}");
        }
    }
}
