//! The `{}` comment of a movetext, whose braces nest (`{a {nested} note}`),
//! read alike by every reader: a PGN file, a pasted record, `--moves`.

/// A `{}` comment body starting at byte `start` of `text` (after the
/// opening brace), nesting allowed; returns the body and the offset after
/// the closing brace, or `None` if the comment is never closed.
pub(crate) fn braced(text: &str, start: usize) -> Option<(&str, usize)> {
    let mut depth = 1usize;
    for (n, &c) in text.as_bytes().iter().enumerate().skip(start) {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some((text.get(start..n).unwrap_or(""), n + 1));
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braces_nest_and_an_unclosed_comment_is_none() {
        assert_eq!(braced("{a {b} c} d", 1), Some(("a {b} c", 9)));
        assert_eq!(braced("x{}", 2), Some(("", 3)));
        assert_eq!(braced("{a {b}", 1), None);
        assert_eq!(braced("{", 5), None);
    }
}
