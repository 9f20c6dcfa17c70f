//! `xqarbiter audit PATH… [--profile P] [--csv [--bom]|--jsonl] [--only-findings] [--threads N]
//! [--encoding E] [--lang en|zh]`.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::audit::{self, Options, ReportFormat, Summary, Writer};
use crate::record::ReadOptions;
use crate::rules::profile::Profile;
use crate::words::Words;

use super::LangArg;
use super::encoding::{named_encoding, wrong_encoding_line};

/// Arguments of `audit`.
#[derive(Debug, Args)]
pub(super) struct AuditArgs {
    /// Files and folders to audit (folders are walked recursively); `-` reads standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Profile: a built-in name (see `xqarbiter profiles`) or a profile file.
    #[arg(long, default_value = "cxa2020")]
    profile: String,
    /// Write CSV (summary on stderr): one row per game, the fields of --jsonl, then the result and the findings in words.
    #[arg(long, conflicts_with = "jsonl")]
    csv: bool,
    /// Write one JSON object per game (summary on stderr).
    #[arg(long)]
    jsonl: bool,
    /// Start the CSV with a UTF-8 byte-order mark, so that Excel shows Chinese right.
    #[arg(long, requires = "csv")]
    bom: bool,
    /// Only write the games with a finding, an error or a warning (the summary counts all).
    #[arg(long)]
    only_findings: bool,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    threads: Option<u32>,
    /// Encoding of every text file read (default: detected for each file),
    /// as `convert --encoding`: gbk, big5, utf-8, ...; also of the header
    /// strings and comments of XQF files (CBR and CBL strings are UTF-16 by
    /// the format). A file whose text is plainly in another is named on
    /// standard error.
    #[arg(long)]
    encoding: Option<String>,
    /// Language of the report's words (JSON lines carry both).
    #[arg(long, value_enum, default_value = "en")]
    lang: LangArg,
}

/// The progress line on a terminal: games so far, games per second (whole
/// games: `{per_sec:0}` rounds, where `{per_sec}` would show 4 decimals),
/// time taken.
const PROGRESS: &str = "{spinner} {human_pos} games  {per_sec:0}  {elapsed}";

fn progress_bar() -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template(PROGRESS) {
        bar.set_style(style);
    }
    bar
}

/// Runs `audit`: exit 0 when the audit read games (whatever it found), 2 on a
/// bad profile or when no game could be read, 1 when the report cannot be written.
pub(super) fn run(args: AuditArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let lang = args.lang.lang();
    let profile = match Profile::load(&args.profile) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("xqarbiter: {}", e.in_lang(lang));
            return Ok(ExitCode::from(2));
        }
    };
    let format = if args.csv {
        ReportFormat::Csv
    } else if args.jsonl {
        ReportFormat::Jsonl
    } else {
        ReportFormat::Text
    };
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    let encoding = match args.encoding.as_deref().map(named_encoding).transpose() {
        Ok(e) => e,
        Err(why) => {
            eprintln!("xqarbiter: {}", why.get(lang));
            return Ok(ExitCode::from(2));
        }
    };
    let opts = Options {
        profile,
        read: ReadOptions {
            encoding,
            format: None,
        },
        threads,
    };
    let mut out = Writer::new(io::BufWriter::new(io::stdout().lock()), format, lang);
    if args.bom {
        out = out.with_bom();
    }
    let mut summary = Summary::default();
    let mut wrong_encoding = Vec::new();
    let mut written = 0usize;
    let bar = progress_bar();
    let result = audit::audit(&args.paths, &opts, |row| {
        summary.add(&row);
        bar.inc(1);
        if args.only_findings && !row.is_notable() {
            return Ok(());
        }
        written += 1;
        out.row(&row)
    })
    .and_then(|aside| {
        summary.skipped = aside.skipped;
        wrong_encoding = aside.wrong_encoding;
        out.finish()
    });
    bar.finish_and_clear();
    match result {
        Ok(()) => {}
        // A closed pipe (`| head`) is the reader's choice, not a failure.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(ExitCode::SUCCESS),
        Err(e) => {
            eprintln!("xqarbiter: cannot write the report: {e}");
            return Ok(ExitCode::from(1));
        }
    }
    for (file, why) in &wrong_encoding {
        eprintln!("{}", wrong_encoding_line(file, why, lang));
    }
    let text = summary.render(lang);
    if format == ReportFormat::Text {
        let mut stdout = io::stdout().lock();
        // A blank line parts the rows from the summary, when there are rows.
        let gap = if written > 0 { "\n" } else { "" };
        let _ = write!(stdout, "{gap}{text}");
    } else {
        eprint!("{text}");
    }
    if summary.games == 0 {
        eprintln!("xqarbiter: {}", nothing_read(&summary).get(lang));
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::SUCCESS)
}

/// Why an audit that read no game exits 2: every record found was
/// unreadable, or no record was found at all (an empty folder, or one of
/// files that are no records, which the summary names).
fn nothing_read(summary: &Summary) -> Words {
    match (summary.rows, summary.skipped.is_empty()) {
        (0, true) => Words::new(
            "no game record found: the paths given hold no files",
            "没有找到棋谱：所给路径中没有文件",
        ),
        (0, false) => Words::new(
            "no game record found: no file in the paths given is a game record (the summary names them)",
            "没有找到棋谱：所给路径中的文件都不是棋谱（见上面的汇总）",
        ),
        _ => Words::new(
            "no game could be read (the rows say why)",
            "没有读到任何对局（原因见各行）",
        ),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use indicatif::{ProgressDrawTarget, TermLike};

    use super::*;

    /// A terminal that keeps what is written to it.
    #[derive(Debug, Clone, Default)]
    struct Screen(Arc<Mutex<String>>);

    impl TermLike for Screen {
        fn width(&self) -> u16 {
            120
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> io::Result<()> {
            self.write_str(s)
        }
        fn write_str(&self, s: &str) -> io::Result<()> {
            self.0.lock().expect("screen").push_str(s);
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_progress_line_counts_whole_games_per_second() {
        let screen = Screen::default();
        let bar = ProgressBar::with_draw_target(
            None,
            ProgressDrawTarget::term_like(Box::new(screen.clone())),
        );
        bar.set_style(ProgressStyle::with_template(PROGRESS).expect("the template reads"));
        std::thread::sleep(std::time::Duration::from_millis(30));
        bar.inc(2725);
        bar.tick();
        let shown = screen.0.lock().expect("screen").clone();
        let rate = shown
            .split_whitespace()
            .find(|w| w.ends_with("/s"))
            .unwrap_or_else(|| panic!("a rate: {shown:?}"));
        assert!(
            !rate.contains('.')
                && rate
                    .trim_end_matches("/s")
                    .replace(',', "")
                    .parse::<u64>()
                    .is_ok(),
            "{shown:?}"
        );
        assert!(shown.contains("2,725 games"), "{shown:?}");
    }
}
