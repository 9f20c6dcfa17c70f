//! Plain text for people: English lines that start with a capital letter;
//! tables with columns padded to the widest cell as
//! a terminal shows it, where a CJK character takes two columns; the line
//! and column where a byte of a text stands, for error messages; and where
//! a word cut from a text stands in it.

/// Terminal columns of `s`: CJK characters (and full-width forms) take two.
pub(crate) fn width(s: &str) -> usize {
    s.chars().map(|c| if c >= '\u{2e80}' { 2 } else { 1 }).sum()
}

/// `s` as an English line or label starts: its first letter in upper case
/// (`red: perpetual check` → `Red: perpetual check`); text that starts with
/// anything else (a digit, a Chinese character) is unchanged.
pub(crate) fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_ascii_lowercase() => c.to_ascii_uppercase().to_string() + chars.as_str(),
        _ => s.to_string(),
    }
}

/// `n` as an English ordinal: `1st`, `2nd`, `3rd`, `4th`, `11th`, `22nd`.
pub(crate) fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The byte offset in `text` of `part`, a slice of it (a word that
/// `split_whitespace` or the like cut from it).
pub(crate) fn offset_in(text: &str, part: &str) -> usize {
    let offset = (part.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize);
    debug_assert!(
        offset <= text.len() && part.len() <= text.len() - offset,
        "not a slice of the text"
    );
    offset
}

/// A character as a message quotes it, in English and Chinese: between
/// quotes, or by its code point when no font shows it (a control character,
/// a zero-width or formatting one, or one of the private-use area), which
/// quotes would show as nothing; the replacement character (�) with what
/// it stands for.
pub(crate) fn quoted_char(c: char) -> (String, String) {
    let unseen = c.is_control()
        || matches!(c, '\u{AD}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}')
        || ('\u{E000}'..='\u{F8FF}').contains(&c);
    if unseen {
        let code = format!("U+{:04X}", u32::from(c));
        (
            format!("the invisible character {code}"),
            format!("不可见字符{code}"),
        )
    } else if c == char::REPLACEMENT_CHARACTER {
        (
            "'�' (bytes that the text's encoding reads as no character: the file is damaged \
             there, or in another encoding)"
                .to_string(),
            "“�”（按文本的编码读不成字的字节：文件在此处损坏，或是另一种编码）".to_string(),
        )
    } else {
        (format!("'{c}'"), format!("“{c}”"))
    }
}

/// The line and the column (in characters), both from 1, of byte `at` of
/// `text` (the end of the text if `at` is past it or inside a character).
pub(crate) fn line_and_column(text: &str, at: usize) -> (usize, usize) {
    let before = text.get(..at).unwrap_or(text);
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    let line = before.matches('\n').count() + 1;
    (line, before[line_start..].chars().count() + 1)
}

/// The rows as lines of columns two spaces apart, each column as wide as its
/// widest cell; the last column is not padded and no line ends in spaces.
pub(crate) fn table<R: AsRef<[String]>>(rows: &[R]) -> String {
    let mut widths: Vec<usize> = Vec::new();
    for row in rows {
        for (i, cell) in row.as_ref().iter().enumerate() {
            match widths.get_mut(i) {
                Some(w) => *w = (*w).max(width(cell)),
                None => widths.push(width(cell)),
            }
        }
    }
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row
            .as_ref()
            .iter()
            .zip(&widths)
            .map(|(c, &w)| format!("{c}{}", " ".repeat(w - width(c))))
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters_from_one() {
        let text = "ab\n炮二平五 {x";
        assert_eq!(line_and_column(text, 0), (1, 1));
        assert_eq!(line_and_column(text, text.find('{').unwrap()), (2, 6));
        assert_eq!(line_and_column(text, 999), (2, 8));
    }

    #[test]
    fn english_lines_start_with_a_capital_letter() {
        assert_eq!(capitalized("red: perpetual check"), "Red: perpetual check");
        assert_eq!(capitalized("Black wins"), "Black wins");
        assert_eq!(capitalized("红方：长将"), "红方：长将");
        assert_eq!(capitalized("2 idle moves"), "2 idle moves");
        assert_eq!(capitalized(""), "");
    }

    #[test]
    fn columns_line_up_by_terminal_width() {
        let rows = [
            vec!["ply".to_string(), "move".to_string(), "why".to_string()],
            vec!["5".to_string(), "车四平五".to_string(), "check".to_string()],
        ];
        assert_eq!(table(&rows), "ply  move      why\n5    车四平五  check\n");
        assert_eq!(width("车四平五"), 8);
        assert_eq!(width("e2e4"), 4);
    }
}
