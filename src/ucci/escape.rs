//! Text echoed from the GUI or the engine, made safe to print on one line:
//! control characters become `\xNN`, and a very long text is cut.

use std::borrow::Cow;

/// `text` with every control character (C0, DEL, C1) written as `\xNN`;
/// borrowed unchanged when there is none.
pub(crate) fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.push_str(&format!("\\x{:02x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The most characters of a message's text (`info message`, `info string`): enough for any report
/// line, while a GUI's megabyte-long word echoed in a message is cut.
pub(crate) const MAX_INFO_CHARS: usize = 1000;

/// `text` cut to its first `max` characters, saying how many more it had;
/// borrowed unchanged when it is no longer.
pub(crate) fn clipped(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => Cow::Borrowed(text),
        Some((end, _)) => {
            let more = text[end..].chars().count();
            Cow::Owned(format!("{}… ({more} more characters)", &text[..end]))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_are_cut_saying_how_much() {
        assert!(matches!(clipped("象棋", 2), Cow::Borrowed(_)));
        assert_eq!(clipped("象棋abc", 2), "象棋… (3 more characters)");
    }

    #[test]
    fn escapes_control_characters_only() {
        assert!(matches!(printable("info depth 3 象"), Cow::Borrowed(_)));
        assert_eq!(
            printable("a\0b\x01\x7f\u{85}\tc"),
            "a\\x00b\\x01\\x7f\\x85\\x09c"
        );
        assert_eq!(printable("\u{fffd}"), "\u{fffd}");
    }
}
