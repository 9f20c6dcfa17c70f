//! Writing audit rows: a table for people, CSV, or JSON lines; and the summary.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};

use std::path::PathBuf;

use super::row::{Finding, FindingKind, Row};
use super::walk::{Skip, path_text};
use crate::rules::ruling::{Lang, Verdict};
use crate::text;
use crate::words::Words;

/// The output format of an audit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReportFormat {
    /// One block per game, for people.
    Text,
    /// Comma-separated values with a header line (RFC 4180 quoting).
    Csv,
    /// One JSON object per game (the contract in DESIGN.md).
    Jsonl,
}

/// Counts over all rows of an audit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
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
    /// Rows with a warning (about the file or the game).
    pub warned: usize,
    /// Games read whose record gives no result: the audit cannot check
    /// their result against the rules.
    pub unrecorded: usize,
    /// Paths found in folders and not read, with the reason.
    pub skipped: Vec<(PathBuf, Skip)>,
    /// The first games of each kind to look at first.
    first: LookFirst,
}

/// The games an organiser looks at first, in this order, a few of each
/// named as `FILE#N` (with the ply, where the finding has one), so that
/// the summary of a long audit points at them: those whose recorded result
/// the rules contradict (the result table is wrong), those that could not
/// be read (not checked at all), and those with a move that cannot be
/// played (the record or the game is wrong).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct LookFirst {
    /// Games whose recorded result the rules contradict.
    mismatches: Vec<GameAt>,
    /// Files and games that could not be read.
    unreadable: Vec<GameAt>,
    /// Games with a move that cannot be played.
    illegal: Vec<GameAt>,
}

/// A game as the summary names it: `FILE#N`, and the ply of its finding.
#[derive(Clone, Debug, PartialEq, Eq)]
struct GameAt {
    game: String,
    ply: Option<usize>,
}

/// Games of each kind [`LookFirst`] names; the rest are counted.
const LOOK_FIRST_NAMED: usize = 5;

impl LookFirst {
    /// Notes `row` under each kind it is of, while that kind has room.
    fn add(&mut self, row: &Row) {
        let at = |ply| GameAt {
            game: format!("{}#{}", row.file, row.index),
            ply,
        };
        let finding = |kind| row.findings.iter().find(|f: &&Finding| f.kind == kind);
        let found = [
            (
                &mut self.mismatches,
                finding(FindingKind::ResultMismatch).map(|f| at(f.ply)),
            ),
            (&mut self.unreadable, row.error.as_ref().map(|_| at(None))),
            (
                &mut self.illegal,
                finding(FindingKind::IllegalMove).map(|f| at(f.ply)),
            ),
        ];
        for (games, game) in found {
            if let Some(game) = game
                && games.len() < LOOK_FIRST_NAMED
            {
                games.push(game);
            }
        }
    }

    /// The lines of the summary that name them, in `lang`: none when there
    /// is nothing to look at first. `summary` gives how many there are of
    /// each kind.
    fn render(&self, summary: &Summary, lang: Lang) -> String {
        let count = |kind| summary.findings.get(&kind).copied().unwrap_or(0);
        let unreadable = match lang {
            Lang::En => "Unreadable",
            Lang::Zh => "无法读取",
        };
        let kinds = [
            (
                &self.mismatches,
                count(FindingKind::ResultMismatch),
                FindingKind::ResultMismatch.label(lang),
            ),
            (&self.unreadable, summary.errors, unreadable),
            (
                &self.illegal,
                count(FindingKind::IllegalMove),
                FindingKind::IllegalMove.label(lang),
            ),
        ];
        let mut cells: Vec<[String; 2]> = Vec::new();
        for (games, total, label) in kinds {
            for (i, GameAt { game, ply }) in games.iter().enumerate() {
                let label = if i == 0 { label } else { "" };
                let game = match (ply, lang) {
                    (None, _) => game.clone(),
                    (Some(ply), Lang::En) => format!("{game}, ply {ply}"),
                    (Some(ply), Lang::Zh) => format!("{game}，第{ply}着"),
                };
                cells.push([format!("  {label}"), game]);
            }
            if total > games.len() {
                let more = total - games.len();
                let more = match lang {
                    Lang::En => format!("and {more} more"),
                    Lang::Zh => format!("另有{more}个"),
                };
                cells.push([String::from("  "), more]);
            }
        }
        if cells.is_empty() {
            return String::new();
        }
        let head = match lang {
            Lang::En => "To look at first:\n",
            Lang::Zh => "优先复核：\n",
        };
        format!("{head}{}", text::table(&cells))
    }
}

/// `n games`, or `1 game`.
fn games_en(n: usize) -> String {
    if n == 1 {
        "1 game".to_string()
    } else {
        format!("{n} games")
    }
}

/// Paths passed over that the summary names one by one; the rest are counted.
const SKIPPED_NAMED: usize = 10;

impl Summary {
    /// Counts one row.
    pub fn add(&mut self, row: &Row) {
        self.rows += 1;
        if row.error.is_some() {
            self.errors += 1;
        } else {
            self.games += 1;
            self.unrecorded += usize::from(row.recorded_result.is_none());
        }
        if !row.findings.is_empty() {
            self.games_with_findings += 1;
        }
        for f in &row.findings {
            *self.findings.entry(f.kind).or_default() += 1;
        }
        self.warned += usize::from(!row.warnings.is_empty());
        self.first.add(row);
    }

    /// The summary for people, a few lines, in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        let mut s = match lang {
            Lang::En => format!(
                "{} read, {} unreadable (files or games), {} with findings\n",
                games_en(self.games),
                self.errors,
                games_en(self.games_with_findings)
            ),
            Lang::Zh => format!(
                "读取{}局，无法读取{}个（文件或对局），{}局需复核\n",
                self.games, self.errors, self.games_with_findings
            ),
        };
        let counts: Vec<[String; 2]> = self
            .findings
            .iter()
            .map(|(kind, n)| [format!("  {}", kind.label(lang)), n.to_string()])
            .collect();
        s.push_str(&text::table(&counts));
        if self.unrecorded > 0 {
            let n = self.unrecorded;
            let _ = match lang {
                Lang::En if n == 1 => writeln!(
                    s,
                    "1 game gives no result: whether its result follows the rules was not checked"
                ),
                Lang::En => writeln!(
                    s,
                    "{n} games give no result: whether their results follow the rules was not checked"
                ),
                Lang::Zh => writeln!(s, "{n}局棋谱未记结果：未能核对其结果是否符合规则"),
            };
        }
        if self.warned > 0 {
            let n = self.warned;
            let _ = match lang {
                Lang::En if n == 1 => writeln!(s, "1 row with warnings (how the file was read)"),
                Lang::En => writeln!(s, "{n} rows with warnings (how the files were read)"),
                Lang::Zh => writeln!(s, "{n}行带有警告（文件如何读出）"),
            };
        }
        if !self.skipped.is_empty() {
            let n = self.skipped.len();
            let _ = match lang {
                Lang::En if n == 1 => writeln!(s, "1 path not read:"),
                Lang::En => writeln!(s, "{n} paths not read:"),
                Lang::Zh => writeln!(s, "未读取{n}个路径："),
            };
            for (path, why) in self.skipped.iter().take(SKIPPED_NAMED) {
                let why = why.words();
                let why = if lang == Lang::En { why.en } else { why.zh };
                let _ = match lang {
                    Lang::En => writeln!(s, "  {} ({why})", path_text(path)),
                    Lang::Zh => writeln!(s, "  {}（{why}）", path_text(path)),
                };
            }
            if n > SKIPPED_NAMED {
                let more = n - SKIPPED_NAMED;
                let _ = match lang {
                    Lang::En => writeln!(s, "  and {more} more"),
                    Lang::Zh => writeln!(s, "  另有{more}个"),
                };
            }
        }
        s.push_str(&self.first.render(self, lang));
        s
    }
}

/// Writes rows in one format.
#[derive(Debug)]
pub struct Writer<W: Write> {
    out: W,
    format: ReportFormat,
    lang: Lang,
    header_done: bool,
    /// Start the CSV with a UTF-8 byte-order mark (for Excel).
    bom: bool,
    /// The file of the last row of the table and the warnings shown for
    /// it: a warning about a file is on each of its rows, the table says
    /// it once.
    warned: Option<(String, Vec<Words>)>,
}

impl<W: Write> Writer<W> {
    /// A writer of `format` into `out`, its words for people in `lang`
    /// (JSON lines carry both languages: `detail` and `detail_zh`).
    pub fn new(out: W, format: ReportFormat, lang: Lang) -> Writer<W> {
        Writer {
            out,
            format,
            lang,
            header_done: false,
            bom: false,
            warned: None,
        }
    }

    /// The same writer, its CSV starting with a UTF-8 byte-order mark: Excel
    /// then reads it as UTF-8, not in the local code page (which garbles
    /// Chinese). Other formats are unchanged.
    pub fn with_bom(self) -> Writer<W> {
        Writer { bom: true, ..self }
    }

    /// The CSV header, after the byte-order mark if asked for.
    fn csv_header(&mut self) -> io::Result<()> {
        if self.bom {
            self.out.write_all("\u{feff}".as_bytes())?;
        }
        self.header_done = true;
        self.out.write_all(CSV_HEADER.as_bytes())
    }

    /// Writes one row.
    pub fn row(&mut self, row: &Row) -> io::Result<()> {
        match self.format {
            ReportFormat::Text => {
                let shown = match &self.warned {
                    Some((file, shown)) if *file == row.file => shown.as_slice(),
                    _ => &[],
                };
                let text = text_row(row, shown, self.lang);
                self.warned = Some((row.file.clone(), row.warnings.clone()));
                self.out.write_all(text.as_bytes())
            }
            ReportFormat::Csv => {
                if !self.header_done {
                    self.csv_header()?;
                }
                self.out.write_all(csv_row(row, self.lang).as_bytes())
            }
            ReportFormat::Jsonl => {
                serde_json::to_writer(&mut self.out, row)?;
                self.out.write_all(b"\n")
            }
        }
    }

    /// Writes what must close the output (the CSV header if no row came) and flushes.
    pub fn finish(&mut self) -> io::Result<()> {
        if self.format == ReportFormat::Csv && !self.header_done {
            self.csv_header()?;
        }
        self.out.flush()
    }
}

/// The CSV header line: the contract's columns, then the result and the
/// findings in words for people reading the sheet.
pub(crate) const CSV_HEADER: &str = "file,index,event,red,black,date,plies,recorded_result,\
                                     ruled_result,findings,error,warnings,result_words,\
                                     findings_words\n";

/// A CSV cell of text that comes from outside the program (a path, a
/// record's event, names, date): one that starts as a spreadsheet formula
/// would (`=`, `+`, `-`, `@`, a tab or a carriage return, as OWASP lists
/// them) gets a `'` before it, so that Excel shows it and does not evaluate
/// it; then quoted as [`csv_field`] does. A sign alone (standard input's
/// `-`) is no formula and stays as it is.
fn csv_text(s: &str) -> String {
    if s.starts_with(['=', '+', '-', '@', '\t', '\r']) && s.chars().nth(1).is_some() {
        csv_field(&format!("'{s}"))
    } else {
        csv_field(s)
    }
}

/// A CSV cell: quoted when it holds a comma, a quote or a line break.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Findings in one cell: `kind@ply: detail` joined by `; `.
fn findings_cell(row: &Row, lang: Lang) -> String {
    row.findings
        .iter()
        .map(|f| match f.ply {
            Some(p) => format!("{}@{p}: {}", f.kind.name(), f.detail.get(lang)),
            None => format!("{}: {}", f.kind.name(), f.detail.get(lang)),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Findings in one cell in words, as the table says them, each after its
/// label (`Forbidden repetition at ply 8: …; Result mismatch at ply 8: …`),
/// on one line as every other cell is.
fn findings_words_cell(row: &Row, lang: Lang) -> String {
    let words: Vec<String> = row
        .findings
        .iter()
        .map(|f| finding_words(f, lang))
        .collect();
    match lang {
        Lang::En => words.join("; "),
        Lang::Zh => words.join("；"),
    }
}

/// A finding in words, its label first: `Forbidden repetition at ply 8:
/// …`, in Chinese `禁止着法循环（第8着）：…`.
fn finding_words(f: &Finding, lang: Lang) -> String {
    let (label, words) = (f.kind.label(lang), f.detail.get(lang));
    match (f.ply, lang) {
        (Some(p), Lang::En) => format!("{label} at ply {p}: {words}"),
        (Some(p), Lang::Zh) => format!("{label}（第{p}着）：{words}"),
        (None, Lang::En) => format!("{label}: {words}"),
        (None, Lang::Zh) => format!("{label}：{words}"),
    }
}

/// Warnings in one cell, joined by `; `.
fn warnings_cell(row: &Row, lang: Lang) -> String {
    let words: Vec<&str> = row.warnings.iter().map(|w| w.get(lang)).collect();
    words.join("; ")
}

fn csv_row(row: &Row, lang: Lang) -> String {
    let opt = |o: &Option<String>| csv_text(o.as_deref().unwrap_or(""));
    format!(
        "{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
        csv_text(&row.file),
        row.index,
        opt(&row.event),
        opt(&row.red),
        opt(&row.black),
        opt(&row.date),
        row.plies,
        row.recorded_result.map_or("", |r| r.name()),
        row.ruled_result.name(),
        csv_field(&findings_cell(row, lang)),
        csv_field(row.error.as_ref().map_or("", |e| e.get(lang))),
        csv_field(&warnings_cell(row, lang)),
        csv_field(&result_cell(row, lang)),
        csv_field(&findings_words_cell(row, lang)),
    )
}

/// A game's result in words: in English its score and who won, `1-0 (Red
/// wins)`, `1/2-1/2 (draw)`; in Chinese 红胜, 黑胜, 和棋 (未终局 for a game
/// not over).
pub(crate) fn result_in_words(result: Verdict, lang: Lang) -> String {
    match (lang, result) {
        (Lang::En, Verdict::Draw) => "1/2-1/2 (draw)".to_string(),
        (Lang::En, v) => format!("{} ({})", v.score(), v.describe(lang)),
        (Lang::Zh, v) => v.name_zh().to_string(),
    }
}

/// What the table (and the CSV's `result_words`) says of a game's result:
/// the recorded one and the one the rules give, in words, and, first, when
/// they disagree (a `result_mismatch` finding), that they do. A record that
/// breaks off (unreadable, or at an illegal move) before the rules ended the
/// game is not ruled on: who ended the game is not known.
fn result_cell(row: &Row, lang: Lang) -> String {
    if row.error.is_some() && !read_before_the_damage(row) {
        return match lang {
            Lang::En => "unreadable: not checked",
            Lang::Zh => "无法读取，未审核",
        }
        .to_string();
    }
    let words = |v| result_in_words(v, lang);
    let has = |kind| row.findings.iter().any(|f| f.kind == kind);
    let mismatch = has(FindingKind::ResultMismatch);
    let breaks_off = row.error.is_some() || has(FindingKind::IllegalMove);
    let ruled = row.ruled_result;
    let goes_on = ruled == Verdict::Ongoing;
    match (lang, row.recorded_result) {
        (Lang::En, None) if goes_on && breaks_off => {
            "no result recorded; not ruled, as the record breaks off".to_string()
        }
        (Lang::En, None) if goes_on => "no result recorded; by the rules the game goes on".into(),
        (Lang::En, None) => format!("no result recorded; the rules give {}", words(ruled)),
        (Lang::En, Some(rec)) if goes_on && breaks_off => {
            format!(
                "recorded {}; not ruled, as the record breaks off",
                words(rec)
            )
        }
        (Lang::En, Some(rec)) if goes_on => format!(
            "recorded {}; by the rules the game went on (the players ended it)",
            words(rec)
        ),
        (Lang::En, Some(rec)) if rec == ruled => {
            format!("recorded {}, as the rules give", words(rec))
        }
        (Lang::En, Some(rec)) if mismatch => format!(
            "RESULT MISMATCH: recorded {}, but the rules give {}",
            words(rec),
            words(ruled)
        ),
        (Lang::En, Some(rec)) => {
            format!("recorded {}; the rules give {}", words(rec), words(ruled))
        }
        (Lang::Zh, None) if goes_on && breaks_off => "未记结果；记录中断，未裁定".into(),
        (Lang::Zh, None) if goes_on => "未记结果；按规则对局未结束".into(),
        (Lang::Zh, None) => format!("未记结果；按规则{}", words(ruled)),
        (Lang::Zh, Some(rec)) if goes_on && breaks_off => {
            format!("记录{}；记录中断，未裁定", words(rec))
        }
        (Lang::Zh, Some(rec)) if goes_on => {
            format!("记录{}；按规则对局未结束（由棋手结束）", words(rec))
        }
        (Lang::Zh, Some(rec)) if rec == ruled => format!("记录{}，与规则相符", words(rec)),
        (Lang::Zh, Some(rec)) if mismatch => {
            format!("结果不符：记录{}，按规则应为{}", words(rec), words(ruled))
        }
        (Lang::Zh, Some(rec)) => format!("记录{}；按规则{}", words(rec), words(ruled)),
    }
}

/// Whether anything of a row with an error was read before the damage
/// (its tags, its result, some moves): else nothing of it was checked.
fn read_before_the_damage(row: &Row) -> bool {
    row.event.is_some()
        || row.red.is_some()
        || row.black.is_some()
        || row.date.is_some()
        || row.recorded_result.is_some()
        || row.plies > 0
}

/// One row of the table, its warnings after it but for those `shown`
/// under the row before it, of the same file.
fn text_row(row: &Row, shown: &[Words], lang: Lang) -> String {
    let mut s = text_row_body(row, lang);
    for w in row.warnings.iter().filter(|w| !shown.contains(w)) {
        let _ = match lang {
            Lang::En => writeln!(s, "    Warning: {}", w.en),
            Lang::Zh => writeln!(s, "    警告：{}", w.zh),
        };
    }
    s
}

/// The row of the table without its warnings.
fn text_row_body(row: &Row, lang: Lang) -> String {
    let mut s = format!("{}#{}", row.file, row.index);
    if let Some(error) = &row.error {
        let _ = match lang {
            Lang::En => writeln!(s, "  UNREADABLE: {}", error.en),
            Lang::Zh => writeln!(s, "  无法读取：{}", error.zh),
        };
        // A damaged game: what was read before the damage follows.
        if !read_before_the_damage(row) {
            return s;
        }
        s.push_str(match lang {
            Lang::En => "  read before the damage:",
            Lang::Zh => "  损坏前读出：",
        });
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
    let when = match lang {
        _ if when.is_empty() => String::new(),
        Lang::En => format!(" ({})", when.join(", ")),
        Lang::Zh => format!("（{}）", when.join("，")),
    };
    let result = result_cell(row, lang);
    let _ = match lang {
        Lang::En => writeln!(
            s,
            "{who}{when}  {} {}  {result}",
            row.plies,
            if row.plies == 1 { "ply" } else { "plies" }
        ),
        Lang::Zh => writeln!(s, "{who}{when}  {}着  {result}", row.plies),
    };
    for f in &row.findings {
        let _ = writeln!(s, "    {}", finding_words(f, lang));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruling::Verdict;
    use crate::words::Words;

    fn sample() -> Row {
        let mut row = Row::unreadable("dir/a, b.pgn".into(), 3, Words::new("", ""));
        row.error = None;
        row.red = Some("许银川".into());
        row.black = Some("吕钦".into());
        row.event = Some("全国\"个人\"赛".into());
        row.plies = 41;
        row.recorded_result = Some(Verdict::Draw);
        row.ruled_result = Verdict::BlackWins;
        row.findings = vec![
            Finding {
                place: None,
                kind: FindingKind::ForbiddenRepetition,
                ply: Some(40),
                detail: Words::new("red: perpetual check", "红方长将"),
            },
            Finding {
                place: None,
                kind: FindingKind::ResultMismatch,
                ply: None,
                detail: Words::new("recorded draw", "棋谱记为和棋"),
            },
        ];
        row
    }

    fn written(format: ReportFormat, rows: &[Row]) -> String {
        written_in(format, Lang::En, rows)
    }

    fn written_in(format: ReportFormat, lang: Lang, rows: &[Row]) -> String {
        let mut w = Writer::new(Vec::new(), format, lang);
        for r in rows {
            w.row(r).unwrap();
        }
        w.finish().unwrap();
        String::from_utf8(w.out).unwrap()
    }

    #[test]
    fn csv_quotes_and_joins_findings() {
        let out = written(ReportFormat::Csv, &[sample()]);
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some(CSV_HEADER.trim_end()));
        assert_eq!(
            lines.next(),
            Some(
                "\"dir/a, b.pgn\",3,\"全国\"\"个人\"\"赛\",许银川,吕钦,,41,draw,black_wins,forbidden_repetition@40: red: perpetual check; result_mismatch: recorded draw,,,\
                 \"RESULT MISMATCH: recorded 1/2-1/2 (draw), but the rules give 0-1 (Black wins)\",\
                 Forbidden repetition at ply 40: red: perpetual check; Result mismatch: recorded draw"
            )
        );
        let zh = written_in(ReportFormat::Csv, Lang::Zh, &[sample()]);
        assert!(
            zh.contains(
                ",forbidden_repetition@40: 红方长将; result_mismatch: 棋谱记为和棋,,,\
                 结果不符：记录和棋，按规则应为黑胜,\
                 禁止着法循环（第40着）：红方长将；结果不符：棋谱记为和棋\n"
            ),
            "{zh}"
        );
        assert_eq!(written(ReportFormat::Csv, &[]), CSV_HEADER);
    }

    #[test]
    fn csv_text_from_the_record_that_starts_as_a_formula_is_not_evaluated() {
        let mut row = sample();
        row.file = "=x.pgn".into();
        row.event = Some("+1".into());
        row.red = Some("=1+1".into());
        row.black = Some("@x".into());
        row.date = Some("-x".into());
        let csv = written(ReportFormat::Csv, &[row.clone()]);
        let line = csv.lines().nth(1).unwrap();
        assert!(
            line.starts_with("'=x.pgn,3,'+1,'=1+1,'@x,'-x,41,draw,"),
            "{line}"
        );
        // A tab or carriage return first too; a quote inside still quotes the cell.
        row.red = Some("\tx".into());
        row.black = Some("\r=a,b".into());
        row.event = Some("=\"x\"".into());
        let csv = written(ReportFormat::Csv, &[row.clone()]);
        assert!(
            csv.contains(",\"'=\"\"x\"\"\",'\tx,\"'\r=a,b\",'-x,"),
            "{csv}"
        );
        // Text that merely holds such a sign, or a sign alone (standard
        // input's `-`), is as written; JSON lines stay raw.
        row.red = Some("许银川-1".into());
        row.file = "-".into();
        let csv = written(ReportFormat::Csv, &[row.clone()]);
        assert!(
            csv.contains("\n-,3,") && csv.contains(",许银川-1,"),
            "{csv}"
        );
        row.file = "=x.pgn".into();
        let json = written(ReportFormat::Jsonl, &[row]);
        assert!(json.contains("\"file\":\"=x.pgn\""), "{json}");
        assert!(json.contains("\"date\":\"-x\""), "{json}");
    }

    #[test]
    fn csv_for_excel_starts_with_a_byte_order_mark() {
        // Excel reads a CSV without one in the local code page: Chinese
        // names and findings come out garbled.
        let mut w = Writer::new(Vec::new(), ReportFormat::Csv, Lang::Zh).with_bom();
        w.row(&sample()).unwrap();
        w.finish().unwrap();
        assert!(w.out.starts_with(b"\xEF\xBB\xBFfile,index,"));
        assert_eq!(w.out.windows(3).filter(|b| b == b"\xEF\xBB\xBF").count(), 1);
        let mut empty = Writer::new(Vec::new(), ReportFormat::Csv, Lang::Zh).with_bom();
        empty.finish().unwrap();
        assert_eq!(
            empty.out,
            [b"\xEF\xBB\xBF".as_slice(), CSV_HEADER.as_bytes()].concat()
        );
        // Without it, and in the other formats, no mark.
        assert!(written(ReportFormat::Csv, &[sample()]).starts_with("file,"));
    }

    #[test]
    fn jsonl_is_one_object_per_line() {
        let out = written(
            ReportFormat::Jsonl,
            &[
                sample(),
                Row::unreadable("x".into(), 0, Words::new("no", "否")),
            ],
        );
        let lines: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["findings"][1]["ply"], serde_json::Value::Null);
        // Both languages, whatever the writer's.
        assert_eq!(lines[0]["findings"][0]["detail"], "red: perpetual check");
        assert_eq!(lines[0]["findings"][0]["detail_zh"], "红方长将");
        assert_eq!(lines[1]["error"], "no");
        assert_eq!(lines[1]["error_zh"], "否");
    }

    #[test]
    fn text_names_the_game_and_each_finding() {
        let out = written(ReportFormat::Text, &[sample()]);
        assert!(out.starts_with("dir/a, b.pgn#3  许银川 – 吕钦 (全国\"个人\"赛)  41 plies  RESULT MISMATCH: recorded 1/2-1/2 (draw), but the rules give 0-1 (Black wins)\n"), "{out}");
        assert!(out.contains("    Forbidden repetition at ply 40: red: perpetual check\n"));
        assert!(
            out.contains("    Result mismatch: recorded draw\n"),
            "{out}"
        );
        let zh = written_in(ReportFormat::Text, Lang::Zh, &[sample()]);
        assert!(
            zh.contains("  41着  结果不符：记录和棋，按规则应为黑胜\n"),
            "{zh}"
        );
        assert!(
            zh.contains("    禁止着法循环（第40着）：红方长将\n"),
            "{zh}"
        );
        assert!(zh.contains("    结果不符：棋谱记为和棋\n"), "{zh}");
        // No contract names in the text, in either language.
        assert!(!out.contains('_') && !zh.contains('_'), "{out}{zh}");
        let mut unscored = sample();
        unscored.recorded_result = None;
        let zh = written_in(ReportFormat::Text, Lang::Zh, &[unscored]);
        assert!(zh.contains("  未记结果；按规则黑胜\n"), "{zh}");
    }

    /// Each pair of a recorded result and the rules' says in words what
    /// an organiser needs to know: whether there is a result to check, and
    /// whether it follows the rules.
    #[test]
    fn the_result_cell_says_in_words_how_the_record_and_the_rules_compare() {
        let cell = |recorded, ruled, mismatch: bool, error: bool| {
            let mut row = sample();
            (row.recorded_result, row.ruled_result) = (recorded, ruled);
            row.findings
                .retain(|f| mismatch || f.kind != FindingKind::ResultMismatch);
            if error {
                row.error = Some(Words::new("damaged", "损坏"));
            }
            [Lang::En, Lang::Zh].map(|lang| result_cell(&row, lang))
        };
        use Verdict::*;
        for (recorded, ruled, mismatch, error, en, zh) in [
            (
                None,
                Ongoing,
                false,
                false,
                "no result recorded; by the rules the game goes on",
                "未记结果；按规则对局未结束",
            ),
            (
                None,
                Ongoing,
                false,
                true,
                "no result recorded; not ruled, as the record breaks off",
                "未记结果；记录中断，未裁定",
            ),
            (
                None,
                Draw,
                false,
                false,
                "no result recorded; the rules give 1/2-1/2 (draw)",
                "未记结果；按规则和棋",
            ),
            (
                Some(RedWins),
                Ongoing,
                false,
                false,
                "recorded 1-0 (Red wins); by the rules the game went on (the players ended it)",
                "记录红胜；按规则对局未结束（由棋手结束）",
            ),
            (
                Some(RedWins),
                Ongoing,
                false,
                true,
                "recorded 1-0 (Red wins); not ruled, as the record breaks off",
                "记录红胜；记录中断，未裁定",
            ),
            (
                Some(BlackWins),
                BlackWins,
                false,
                false,
                "recorded 0-1 (Black wins), as the rules give",
                "记录黑胜，与规则相符",
            ),
            (
                Some(RedWins),
                Draw,
                true,
                false,
                "RESULT MISMATCH: recorded 1-0 (Red wins), but the rules give 1/2-1/2 (draw)",
                "结果不符：记录红胜，按规则应为和棋",
            ),
            // An Armageddon draw, recorded as the draw it was: scored, no mismatch.
            (
                Some(Draw),
                BlackWins,
                false,
                false,
                "recorded 1/2-1/2 (draw); the rules give 0-1 (Black wins)",
                "记录和棋；按规则黑胜",
            ),
        ] {
            assert_eq!(cell(recorded, ruled, mismatch, error), [en, zh]);
        }
        // A record cut at an illegal move: who ended the game is not known.
        let mut row = sample();
        (row.recorded_result, row.ruled_result) = (Some(RedWins), Ongoing);
        row.findings = vec![Finding {
            place: None,
            kind: FindingKind::IllegalMove,
            ply: Some(10),
            detail: Words::new("'e1f0' is not legal", "“e1f0”无法走出"),
        }];
        assert_eq!(
            [Lang::En, Lang::Zh].map(|lang| result_cell(&row, lang)),
            [
                "recorded 1-0 (Red wins); not ruled, as the record breaks off",
                "记录红胜；记录中断，未裁定"
            ]
        );
        // A file of which nothing could be read: no result to speak of.
        let unread = Row::unreadable("x.cbr".into(), 0, Words::new("cut short", "不完整"));
        assert_eq!(
            [Lang::En, Lang::Zh].map(|lang| result_cell(&unread, lang)),
            ["unreadable: not checked", "无法读取，未审核"]
        );
    }

    #[test]
    fn warnings_go_with_their_row_and_a_file_s_are_said_once_in_the_table() {
        let file_warning = Words::new("the file is odd", "文件有异");
        let mut rows = vec![sample(), sample(), sample()];
        rows[0].warnings = vec![file_warning.clone()];
        rows[1].warnings = vec![file_warning.clone(), Words::new("game 4", "第4局")];
        rows[1].index = 4;
        rows[2].file = "other.pgn".into();
        rows[2].warnings = vec![file_warning.clone()];
        let out = written(ReportFormat::Text, &rows);
        assert_eq!(
            out.matches("    Warning: the file is odd\n").count(),
            2,
            "{out}"
        );
        let first = out.find("    Warning: the file is odd").unwrap();
        assert!(first < out.find("#4").unwrap(), "{out}");
        assert!(out.contains("    Warning: game 4\n"), "{out}");
        let zh = written_in(ReportFormat::Text, Lang::Zh, &rows[..1]);
        assert!(zh.contains("    警告：文件有异\n"), "{zh}");
        // An unreadable row says its warnings too.
        let mut bad = Row::unreadable("x".into(), 0, Words::new("no", "否"));
        bad.warnings = vec![file_warning];
        let out = written(ReportFormat::Text, &[bad.clone()]);
        assert!(
            out.ends_with("  UNREADABLE: no\n    Warning: the file is odd\n"),
            "{out}"
        );
        // JSON lines and CSV: on every row.
        let jsonl = written(ReportFormat::Jsonl, &rows);
        for line in jsonl.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["warnings"][0]["detail"], "the file is odd", "{line}");
        }
        let csv = written(ReportFormat::Csv, &rows);
        assert!(
            csv.lines()
                .nth(2)
                .unwrap()
                .contains(",the file is odd; game 4,"),
            "{csv}"
        );
        // Counted, and notable for --only-findings.
        assert!(bad.is_notable());
        let mut s = Summary::default();
        rows.iter().for_each(|r| s.add(r));
        assert!(
            s.render(Lang::En).contains("3 rows with warnings"),
            "{}",
            s.render(Lang::En)
        );
    }

    #[test]
    fn one_ply_is_not_plies() {
        let mut row = sample();
        row.plies = 1;
        let out = written(ReportFormat::Text, &[row]);
        assert!(out.contains("  1 ply  RESULT MISMATCH: recorded"), "{out}");
    }

    #[test]
    fn summary_names_the_games_to_look_at_first() {
        let mut s = Summary::default();
        let mut quiet = sample();
        quiet
            .findings
            .retain(|f| f.kind != FindingKind::ResultMismatch);
        s.add(&quiet);
        assert!(
            !s.render(Lang::En).contains("first"),
            "{}",
            s.render(Lang::En)
        );
        for index in 0..7 {
            let mut row = sample();
            row.index = index;
            row.findings[1].ply = Some(40);
            s.add(&row);
        }
        s.add(&Row::unreadable(
            "bad.cbr".into(),
            0,
            Words::new("no", "否"),
        ));
        let mut illegal = sample();
        illegal.findings = vec![Finding {
            place: None,
            kind: FindingKind::IllegalMove,
            ply: Some(9),
            detail: Words::new("no", "否"),
        }];
        s.add(&illegal);
        let en = s.render(Lang::En);
        let first = &en[en.find("To look at first:\n").expect("a list") + 18..];
        assert_eq!(
            first,
            "  Result mismatch  dir/a, b.pgn#0, ply 40\n\
             \x20                  dir/a, b.pgn#1, ply 40\n\
             \x20                  dir/a, b.pgn#2, ply 40\n\
             \x20                  dir/a, b.pgn#3, ply 40\n\
             \x20                  dir/a, b.pgn#4, ply 40\n\
             \x20                  and 2 more\n\
             \x20 Unreadable       bad.cbr#0\n\
             \x20 Illegal move     dir/a, b.pgn#3, ply 9\n",
            "{en}"
        );
        let zh = s.render(Lang::Zh);
        assert!(
            zh.contains("优先复核：\n  结果不符  dir/a, b.pgn#0，第40着\n"),
            "{zh}"
        );
        assert!(zh.contains("  另有2个\n  无法读取  bad.cbr#0\n"), "{zh}");
    }

    #[test]
    fn summary_counts_rows_errors_and_kinds() {
        let mut s = Summary::default();
        s.add(&sample());
        s.add(&Row::unreadable("x".into(), 0, Words::new("no", "否")));
        assert_eq!(
            (s.rows, s.games, s.errors, s.games_with_findings),
            (2, 1, 1, 1)
        );
        assert_eq!(s.findings.get(&FindingKind::ResultMismatch), Some(&1));
        let en = s.render(Lang::En);
        assert!(
            en.starts_with("1 game read, 1 unreadable (files or games), 1 game with findings\n"),
            "{en}"
        );
        assert!(en.contains("  Forbidden repetition  1\n"), "{en}");
        assert!(!en.contains('_'), "{en}");
        assert!(s.render(Lang::Zh).contains("  禁止着法循环  1\n"));
        assert!(!s.render(Lang::En).contains("not read"));
        s.skipped = (0..12)
            .map(|i| (PathBuf::from(format!("d/{i}.md")), Skip::NotARecord))
            .collect();
        let en = s.render(Lang::En);
        assert!(
            en.contains("12 paths not read:\n  d/0.md (not a game record)\n"),
            "{en}"
        );
        assert!(
            en.contains("  d/9.md (not a game record)\n  and 2 more\n"),
            "{en}"
        );
        assert!(
            s.render(Lang::Zh)
                .contains("未读取12个路径：\n  d/0.md（不是棋谱）\n")
        );
        assert!(
            s.render(Lang::Zh)
                .starts_with("读取1局，无法读取1个（文件或对局），1局需复核\n"),
            "{}",
            s.render(Lang::Zh)
        );
        // The game read records its result: no line on unrecorded results.
        assert!(!s.render(Lang::En).contains("give"));
        let mut unscored = Row::unreadable("y".into(), 0, Words::new("", ""));
        unscored.error = None;
        s.add(&unscored);
        assert_eq!(s.unrecorded, 1);
        assert!(
            s.render(Lang::En).contains(
                "\n1 game gives no result: whether its result follows the rules was not checked\n"
            ),
            "{}",
            s.render(Lang::En)
        );
        assert!(
            s.render(Lang::Zh)
                .contains("\n1局棋谱未记结果：未能核对其结果是否符合规则\n")
        );
    }
}
