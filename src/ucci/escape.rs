//! Text echoed from the GUI or the engine, made safe to print on one line:
//! control characters become `\xNN`.

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

#[cfg(test)]
mod tests {
    use super::*;

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
