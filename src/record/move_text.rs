//! [`MoveText`]: a move as written in a file, kept without a heap allocation
//! when it is short (every usual notation is: `h2e2`, `C2.5`, `炮二平五`).

use std::fmt;
use std::ops::Deref;

/// Longest text kept inline, in bytes (seven CJK characters).
const INLINE: usize = 22;

/// A move as written in a file: a string, stored inline up to 22 bytes.
/// It reads as a `&str` through `Deref`, compares with strings, and displays
/// as written.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct MoveText(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Inline { len: u8, bytes: [u8; INLINE] },
    Heap(Box<str>),
}

impl MoveText {
    /// The text as a string slice.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Always valid: the bytes were copied from a `&str` whole.
            Repr::Inline { len, bytes } => bytes
                .get(..usize::from(*len))
                .and_then(|b| std::str::from_utf8(b).ok())
                .unwrap_or(""),
            Repr::Heap(s) => s,
        }
    }
}

impl From<&str> for MoveText {
    fn from(s: &str) -> MoveText {
        let mut bytes = [0u8; INLINE];
        match bytes.get_mut(..s.len()) {
            Some(slot) => {
                slot.copy_from_slice(s.as_bytes());
                MoveText(Repr::Inline {
                    len: s.len() as u8,
                    bytes,
                })
            }
            None => MoveText(Repr::Heap(s.into())),
        }
    }
}

impl Deref for MoveText {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for MoveText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<str> for MoveText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for MoveText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long_texts_read_back() {
        for s in [
            "",
            "h2e2",
            "炮８平６",
            "一二三四五六七",
            "一二三四五六七八",
            &"x".repeat(300),
        ] {
            let t = MoveText::from(s);
            assert_eq!(t, s);
            assert_eq!(t.to_string(), s);
            assert_eq!(format!("{t:?}"), format!("{s:?}"));
        }
        assert!(matches!(MoveText::from("炮二平五").0, Repr::Inline { .. }));
        assert!(matches!(
            MoveText::from("一二三四五六七八").0,
            Repr::Heap(_)
        ));
        assert_eq!(std::mem::size_of::<MoveText>(), 24);
    }
}
