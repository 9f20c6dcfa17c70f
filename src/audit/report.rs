//! Writing audit rows: a table for people, CSV, or JSON lines; and the summary.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};

use super::row::{FindingKind, Row};

/// The output format of an audit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// One block per game, for people.
    Text,
    /// Comma-separated values with a header line (RFC 4180 quoting).
    Csv,
    /// One JSON object per game (the contract in DESIGN.md).
    Jsonl,
}

/// Counts over all rows of an audit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Rows written or not (every game, plus every unreadable file).
    pub rows: usize,
    /// Games read (rows without an error).
    pub games: usize,
    /// Rows with an error: unreadable files or games.
    pub errors: usize,
    /// Games with at least one finding.
    pub games_with_findings: usize,
    /// Findings by kind.
    pub findings: BTreeMap<FindingKind, usize>,
}

impl Summary {
    /// Counts one row.
    pub fn add(&mut self, row: &Row) {
        self.rows += 1;
        if row.error.is_some() {
            self.errors += 1;
        } else {
            self.games += 1;
        }
        if !row.findings.is_empty() {
            self.games_with_findings += 1;
        }
        for f in &row.findings {
            *self.findings.entry(f.kind).or_default() += 1;
        }
    }

    /// The summary for people, a few lines.
    pub fn render(&self) -> String {
        let mut s = format!(
            "{} games read, {} unreadable (files or games), {} games with findings\n",
            self.games, self.errors, self.games_with_findings
        );
        for (kind, n) in &self.findings {
            let _ = writeln!(s, "  {:<22}{n}", kind.name());
        }
        s
    }
}

/// Writes rows in one format.
pub struct Writer<W: Write> {
    out: W,
    format: Format,
    header_done: bool,
}

impl<W: Write> Writer<W> {
    /// A writer of `format` into `out`.
    pub fn new(out: W, format: Format) -> Writer<W> {
        Writer {
            out,
            format,
            header_done: false,
        }
    }

    /// Writes one row.
    pub fn row(&mut self, row: &Row) -> io::Result<()> {
        match self.format {
            Format::Text => self.out.write_all(text_row(row).as_bytes()),
            Format::Csv => {
                if !self.header_done {
                    self.out.write_all(CSV_HEADER.as_bytes())?;
                    self.header_done = true;
                }
                self.out.write_all(csv_row(row).as_bytes())
            }
            Format::Jsonl => {
                serde_json::to_writer(&mut self.out, row)?;
                self.out.write_all(b"\n")
            }
        }
    }

    /// Writes what must close the output (the CSV header if no row came) and flushes.
    pub fn finish(&mut self) -> io::Result<()> {
        if self.format == Format::Csv && !self.header_done {
            self.out.write_all(CSV_HEADER.as_bytes())?;
            self.header_done = true;
        }
        self.out.flush()
    }
}

/// The CSV header line.
pub const CSV_HEADER: &str =
    "file,index,event,red,black,date,plies,recorded_result,ruled_result,findings,error\n";

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Findings in one cell: `kind@ply: detail` joined by `; `.
fn findings_cell(row: &Row) -> String {
    row.findings
        .iter()
        .map(|f| match f.ply {
            Some(p) => format!("{}@{p}: {}", f.kind.name(), f.detail),
            None => format!("{}: {}", f.kind.name(), f.detail),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn csv_row(row: &Row) -> String {
    let opt = |o: &Option<String>| csv_field(o.as_deref().unwrap_or(""));
    format!(
        "{},{},{},{},{},{},{},{},{},{},{}\n",
        csv_field(&row.file),
        row.index,
        opt(&row.event),
        opt(&row.red),
        opt(&row.black),
        opt(&row.date),
        row.plies,
        row.recorded_result.map_or("", |r| r.name()),
        row.ruled_result.name(),
        csv_field(&findings_cell(row)),
        opt(&row.error),
    )
}

fn text_row(row: &Row) -> String {
    let mut s = format!("{}#{}", row.file, row.index);
    if let Some(error) = &row.error {
        let _ = writeln!(s, "  UNREADABLE: {error}");
        return s;
    }
    let who = match (&row.red, &row.black) {
        (None, None) => String::new(),
        (r, b) => format!(
            "  {} – {}",
            r.as_deref().unwrap_or("?"),
            b.as_deref().unwrap_or("?")
        ),
    };
    let when: Vec<&str> = [&row.event, &row.date]
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
    let when = if when.is_empty() {
        String::new()
    } else {
        format!(" ({})", when.join(", "))
    };
    let _ = writeln!(
        s,
        "{who}{when}  {} plies  recorded {}  ruled {}",
        row.plies,
        row.recorded_result.map_or("?", |r| r.score()),
        row.ruled_result.score()
    );
    for f in &row.findings {
        match f.ply {
            Some(p) => {
                let _ = writeln!(s, "    {} at ply {p}: {}", f.kind.name(), f.detail);
            }
            None => {
                let _ = writeln!(s, "    {}: {}", f.kind.name(), f.detail);
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::row::Finding;
    use crate::rules::ruling::Verdict;

    fn sample() -> Row {
        let mut row = Row::unreadable("dir/a, b.pgn".into(), 3, String::new());
        row.error = None;
        row.red = Some("许银川".into());
        row.black = Some("吕钦".into());
        row.event = Some("全国\"个人\"赛".into());
        row.plies = 41;
        row.recorded_result = Some(Verdict::Draw);
        row.ruled_result = Verdict::BlackWins;
        row.findings = vec![
            Finding {
                kind: FindingKind::ForbiddenRepetition,
                ply: Some(40),
                detail: "红方长将".into(),
            },
            Finding {
                kind: FindingKind::ResultMismatch,
                ply: None,
                detail: "recorded draw".into(),
            },
        ];
        row
    }

    fn written(format: Format, rows: &[Row]) -> String {
        let mut w = Writer::new(Vec::new(), format);
        for r in rows {
            w.row(r).unwrap();
        }
        w.finish().unwrap();
        String::from_utf8(w.out).unwrap()
    }

    #[test]
    fn csv_quotes_and_joins_findings() {
        let out = written(Format::Csv, &[sample()]);
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some(CSV_HEADER.trim_end()));
        assert_eq!(
            lines.next(),
            Some(
                "\"dir/a, b.pgn\",3,\"全国\"\"个人\"\"赛\",许银川,吕钦,,41,draw,black_wins,forbidden_repetition@40: 红方长将; result_mismatch: recorded draw,"
            )
        );
        assert_eq!(written(Format::Csv, &[]), CSV_HEADER);
    }

    #[test]
    fn jsonl_is_one_object_per_line() {
        let out = written(
            Format::Jsonl,
            &[sample(), Row::unreadable("x".into(), 0, "no".into())],
        );
        let lines: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["findings"][1]["ply"], serde_json::Value::Null);
        assert_eq!(lines[1]["error"], "no");
    }

    #[test]
    fn text_names_the_game_and_each_finding() {
        let out = written(Format::Text, &[sample()]);
        assert!(out.starts_with("dir/a, b.pgn#3  许银川 – 吕钦 (全国\"个人\"赛)  41 plies  recorded 1/2-1/2  ruled 0-1\n"), "{out}");
        assert!(out.contains("    forbidden_repetition at ply 40: 红方长将\n"));
    }

    #[test]
    fn summary_counts_rows_errors_and_kinds() {
        let mut s = Summary::default();
        s.add(&sample());
        s.add(&Row::unreadable("x".into(), 0, "no".into()));
        assert_eq!(
            (s.rows, s.games, s.errors, s.games_with_findings),
            (2, 1, 1, 1)
        );
        assert_eq!(s.findings.get(&FindingKind::ResultMismatch), Some(&1));
        assert!(s.render().contains("forbidden_repetition"));
    }
}
