//! The brackets of a move-list text that a reading of a part of it may
//! find never closed: found once for the text, asked of each part, so
//! that a reading can end where the main line stops once no such bracket
//! lies ahead ([`super::movetext::Extent::ToStop`]).

/// The `{` and `(` of a text, with where each `{` is closed.
pub(super) struct Brackets {
    /// The byte offset of each `(`, in order.
    parens: Vec<usize>,
    /// Each `{`, in order: its byte offset, that of the `}` that closes
    /// it (braces nest, as [`crate::notation::braced`] reads them), if one
    /// does, and the index of the `{` it lies within, if any.
    braces: Vec<Brace>,
}

/// A `{` of the text: see [`Brackets::braces`].
struct Brace {
    at: usize,
    close: Option<usize>,
    within: Option<usize>,
}

impl Brackets {
    /// The brackets of `text`.
    pub(super) fn of(text: &str) -> Brackets {
        let mut parens = Vec::new();
        let mut braces: Vec<Brace> = Vec::new();
        let mut open: Vec<usize> = Vec::new();
        for (at, b) in text.bytes().enumerate() {
            match b {
                b'(' => parens.push(at),
                b'{' => {
                    open.push(braces.len());
                    braces.push(Brace {
                        at,
                        close: None,
                        within: open.len().checked_sub(2).map(|i| open[i]),
                    });
                }
                b'}' => {
                    if let Some(i) = open.pop() {
                        braces[i].close = Some(at);
                    }
                }
                _ => {}
            }
        }
        Brackets { parens, braces }
    }

    /// The byte of `text[from..to]`, counted from `from`, after its last
    /// bracket that a reading of that part alone may find never closed
    /// (0 if none): any `(` (a variation's end depends on what the reading
    /// takes for comments), and a `{` whose `}` is not before `to`. Past
    /// it, the reading cannot fail.
    pub(super) fn plain(&self, from: usize, to: usize) -> usize {
        let paren = self.parens[..self.parens.partition_point(|&at| at < to)]
            .last()
            .copied();
        // The innermost `{` still open at `to`: the last before it, or
        // the one it lies within, when closed before `to`.
        let mut brace = self.braces.partition_point(|b| b.at < to).checked_sub(1);
        while let Some(i) = brace
            && self.braces[i].close.is_some_and(|close| close < to)
        {
            brace = self.braces[i].within;
        }
        let brace = brace.map(|i| self.braces[i].at);
        paren
            .max(brace)
            .filter(|&at| at >= from)
            .map_or(0, |at| at + 1 - from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_brace_is_plain_an_open_one_or_a_paren_is_not() {
        let text = "a {b {c} d} e ( f ) g {h";
        let brackets = Brackets::of(text);
        let at = |s: &str| text.find(s).unwrap();
        // The whole comment in the part: nothing can fail.
        assert_eq!(brackets.plain(0, at(" e")), 0);
        // Cut inside it: the outer brace, then the inner one too, is open.
        assert_eq!(brackets.plain(0, at(" d")), at("{b") + 1);
        assert_eq!(brackets.plain(0, at("c}")), at("{c") + 1);
        // A paren, closed or not, is never plain.
        assert_eq!(brackets.plain(0, at(" g")), at("( f") + 1);
        // A brace never closed; counted from the part's start.
        assert_eq!(brackets.plain(2, text.len()), at("{h") + 1 - 2);
        // Brackets before the part are none of its.
        assert_eq!(brackets.plain(at(" g"), text.len()), 4);
        assert_eq!(brackets.plain(at(" e"), at(" ( f")), 0);
    }
}
