//! Plain-text tables for people: columns padded to the widest cell as a
//! terminal shows it, where a CJK character takes two columns.

/// Terminal columns of `s`: CJK characters (and full-width forms) take two.
pub fn width(s: &str) -> usize {
    s.chars().map(|c| if c >= '\u{2e80}' { 2 } else { 1 }).sum()
}

/// The rows as lines of columns two spaces apart, each column as wide as its
/// widest cell; the last column is not padded and no line ends in spaces.
pub fn table<R: AsRef<[String]>>(rows: &[R]) -> String {
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
