//! The brackets of a move-list text that a reading of a part of it may
//! find never closed: found once for the text, asked of each part, so
//! that a reading can end where the main line stops once no such bracket
//! lies ahead ([`super::movetext::Extent::ToStop`]).

/// The `{` and `(` of a text, with where each is closed.
pub(super) struct Brackets {
    /// Each `(`, in order, closed by a `)` only when surely so
    /// ([`Brackets::of`]).
    parens: Vec<Bracket>,
    /// Each `{`, in order (braces nest, as [`crate::notation::braced`]
    /// reads them).
    braces: Vec<Bracket>,
    /// For each `(`, the index of the last `(` up to it that is not surely
    /// closed, if any.
    open_parens: Vec<Option<usize>>,
}

/// A `{` or `(` of the text.
struct Bracket {
    /// Its byte offset.
    at: usize,
    /// That of the bracket that closes it, if one does.
    close: Option<usize>,
    /// The index of the bracket of its kind it lies within, if any.
    within: Option<usize>,
}

impl Brackets {
    /// The brackets of `text`.
    ///
    /// A `(` is surely closed by the `)` that matches it when nothing
    /// between them can make a reading skip that `)` while it reads the
    /// `(`: no comment or note may open or close there (`{`, `}`, `;`,
    /// `/`, a label's colon, full-width brackets). Whatever a reading takes
    /// the text before the `(` to be (a comment, a note, a variation), it
    /// then reads both or neither, or only the `)`, which is harmless; so
    /// a `(` far into the text, a variation opened after the main line has
    /// started or a bracket in a note, turns no reading before it into one
    /// that must read on to it.
    pub(super) fn of(text: &str) -> Brackets {
        let mut parens: Vec<Bracket> = Vec::new();
        let mut braces: Vec<Bracket> = Vec::new();
        let mut open_braces: Vec<usize> = Vec::new();
        // Each `(` still open, with how many bytes that may hide its `)`
        // had come before it.
        let mut open_parens: Vec<(usize, usize)> = Vec::new();
        let mut hiding = 0usize;
        let bytes = text.as_bytes();
        for (at, &b) in bytes.iter().enumerate() {
            if hides_paren(b, &bytes[at..]) {
                hiding += 1;
            }
            match b {
                b'(' => {
                    open_parens.push((parens.len(), hiding));
                    parens.push(Bracket {
                        at,
                        close: None,
                        within: open_parens.len().checked_sub(2).map(|i| open_parens[i].0),
                    });
                }
                b')' => {
                    if let Some((i, before)) = open_parens.pop()
                        && before == hiding
                    {
                        parens[i].close = Some(at);
                    }
                }
                b'{' => {
                    open_braces.push(braces.len());
                    braces.push(Bracket {
                        at,
                        close: None,
                        within: open_braces.len().checked_sub(2).map(|i| open_braces[i]),
                    });
                }
                b'}' => {
                    if let Some(i) = open_braces.pop() {
                        braces[i].close = Some(at);
                    }
                }
                _ => {}
            }
        }
        let mut last_open = None;
        let open_parens = parens
            .iter()
            .enumerate()
            .map(|(i, paren)| {
                if paren.close.is_none() {
                    last_open = Some(i);
                }
                last_open
            })
            .collect();
        Brackets {
            parens,
            braces,
            open_parens,
        }
    }

    /// The byte of `text[from..to]`, counted from `from`, after its last
    /// bracket that a reading of that part alone may find never closed
    /// (0 if none): a `(` not surely closed ([`Brackets::of`]) or whose
    /// `)` is not before `to` (a variation's end depends on what the
    /// reading takes for comments), and a `{` whose `}` is not before `to`.
    /// Past it, the reading cannot fail.
    pub(super) fn plain(&self, from: usize, to: usize) -> usize {
        let before = self.parens.partition_point(|p| p.at < to);
        let unclosed = before
            .checked_sub(1)
            .and_then(|i| self.open_parens[i])
            .map(|i| self.parens[i].at);
        let paren = innermost_open(&self.parens, to).max(unclosed);
        let brace = innermost_open(&self.braces, to);
        paren
            .max(brace)
            .filter(|&at| at >= from)
            .map_or(0, |at| at + 1 - from)
    }
}

/// Where the innermost of `brackets` (in order, of one kind) still open at
/// byte `to` is: the last before it, or the one it lies within, when
/// closed before `to`.
fn innermost_open(brackets: &[Bracket], to: usize) -> Option<usize> {
    let mut open = brackets.partition_point(|b| b.at < to).checked_sub(1);
    while let Some(i) = open
        && brackets[i].close.is_some_and(|close| close < to)
    {
        open = brackets[i].within;
    }
    open.map(|i| brackets[i].at)
}

/// Whether the byte `b`, which starts `rest`, may open or close a comment
/// or note that hides a `)` from a reading ([`Brackets::of`]): `{`, `}`,
/// `;`, `/` (`//`), `:`, or the first byte of `：`, `（`, `）`, `【`,
/// `】`, `［` or `］`.
fn hides_paren(b: u8, rest: &[u8]) -> bool {
    match b {
        b'{' | b'}' | b';' | b'/' | b':' => true,
        0xE3 | 0xEF => ["：", "（", "）", "【", "】", "［", "］"]
            .iter()
            .any(|c| rest.starts_with(c.as_bytes())),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_brace_is_plain_an_open_one_is_not() {
        let text = "a {b {c} d} e ( f ) g {h";
        let brackets = Brackets::of(text);
        let at = |s: &str| text.find(s).unwrap();
        // The whole comment in the part: nothing can fail.
        assert_eq!(brackets.plain(0, at(" e")), 0);
        // Cut inside it: the outer brace, then the inner one too, is open.
        assert_eq!(brackets.plain(0, at(" d")), at("{b") + 1);
        assert_eq!(brackets.plain(0, at("c}")), at("{c") + 1);
        // A paren surely closed before the part's end is plain.
        assert_eq!(brackets.plain(0, at(" g")), 0);
        // A brace never closed; counted from the part's start.
        assert_eq!(brackets.plain(2, text.len()), at("{h") + 1 - 2);
        // Brackets before the part are none of its.
        assert_eq!(brackets.plain(at(" g"), text.len()), 4);
        assert_eq!(brackets.plain(at(" e"), at(" ( f")), 0);
    }

    #[test]
    fn a_paren_is_plain_only_when_surely_closed_before_the_end() {
        let text = "a ( b ( c ) d ) e ( f ; g ) h ( i （注） j ) k ( l m";
        let brackets = Brackets::of(text);
        let at = |s: &str| text.find(s).unwrap();
        // Nested and closed: plain; cut inside, the innermost open one is not.
        assert_eq!(brackets.plain(0, at(" e")), 0);
        assert_eq!(brackets.plain(0, at(" d")), at("( b") + 1);
        assert_eq!(brackets.plain(0, at(" c")), at("( c") + 1);
        // A `;` or a note between a paren and its `)` may hide the `)`.
        assert_eq!(brackets.plain(0, at(" h")), at("( f") + 1);
        assert_eq!(brackets.plain(at(" h"), at(" k")), at("( i") + 1 - at(" h"));
        // A paren never closed.
        assert_eq!(
            brackets.plain(at(" k"), text.len()),
            at("( l") + 1 - at(" k")
        );
        // One not surely closed stays so for every later part that holds it.
        assert_eq!(brackets.plain(0, text.len()), at("( l") + 1);
        assert_eq!(brackets.plain(at(" g"), at(" k")), at("( i") + 1 - at(" g"));
    }
}
