//! Batch audit of recorded games: walk the inputs, judge every game in
//! parallel, report one row per game in input order.
//!
//! Every game read yields exactly one [`Row`]; an unreadable game yields a row
//! with its error, and so does a file or folder that cannot be read at all
//! (index 0). Rows come out in input order (files in walk order, games in file
//! order) whatever the number of threads. The files a folder holds but the
//! audit does not read are returned, each with the reason.

mod judge;
mod pipeline;
mod report;
mod row;
mod walk;

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use std::io::Read;

use crate::record::{
    Game, ReadOptions, RecordError, file_encoding_mismatch, file_head, read_games,
    read_games_from_stdin, wrong_encoding_warning,
};
use crate::rules::profile::Profile;
use crate::words::Words;

/// Used by the command line's `rule`, which names an early end as the audit flags it.
#[cfg(feature = "cli")]
pub(crate) use judge::early_end;
pub use judge::judge;
pub(crate) use judge::judge_read;
pub use report::{ReportFormat, Summary, Writer};
pub use row::{Finding, FindingKind, Row};
pub use walk::{Entry, Skip, Walk, walk};

/// How to audit.
#[derive(Clone, Debug)]
pub struct Options {
    /// The rules and regulations to judge by.
    pub profile: Profile,
    /// How to read files (forced encoding or format).
    pub read: ReadOptions,
    /// Worker threads (files are read and judged in parallel).
    pub threads: usize,
}

/// A game read, or why it could not be.
type GameRead = Result<Game, RecordError>;

/// The games of one input, each read or not.
type Games = Box<dyn Iterator<Item = GameRead>>;

/// What an audit found besides its rows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Aside {
    /// The paths found in folders and not read, in path order, with the reason.
    pub skipped: Vec<(PathBuf, Skip)>,
    /// The files read whose text is plainly not in the encoding the audit
    /// was told to use ([`ReadOptions::encoding`]), in path order, each
    /// named as its rows name it, with why ([`file_encoding_mismatch`]).
    pub wrong_encoding: Vec<(String, Words)>,
}

/// The games of standard input (`-` on the command line), read whole, and
/// why its text is plainly not in the encoding forced, if it is not.
fn read_stdin(opts: &ReadOptions) -> (Result<Vec<GameRead>, RecordError>, Option<Words>) {
    let mut bytes = Vec::new();
    if let Err(e) = std::io::stdin().lock().read_to_end(&mut bytes) {
        return (Err(RecordError::io(walk::STDIN, &e)), None);
    }
    let wrong = opts
        .encoding
        .and_then(|forced| file_encoding_mismatch(&bytes, walk::STDIN, forced));
    (read_games_from_stdin(&bytes, walk::STDIN, opts), wrong)
}

/// The rows of one walk entry, pushed into `sink` in order; stops when
/// `sink` says so. Returns why the entry's text is plainly not in the
/// encoding forced, if it is a file that shows it.
fn audit_entry(entry: Entry, opts: &Options, sink: &mut dyn FnMut(Row) -> bool) -> Option<Words> {
    let path = match entry {
        Entry::Error(path, why) => {
            sink(Row::unreadable(walk::path_text(&path), 0, why));
            return None;
        }
        Entry::File(path) => path,
        Entry::Skipped(..) => return None,
    };
    let file = walk::path_text(&path);
    let (games, wrong) = if path.as_os_str() == walk::STDIN {
        let (games, wrong) = read_stdin(&opts.read);
        (
            games.map(|games| Box::new(games.into_iter()) as Games),
            wrong,
        )
    } else {
        let wrong = opts
            .read
            .encoding
            .and_then(|forced| file_encoding_mismatch(&file_head(&path), &file, forced));
        let games = read_games(&path, &opts.read).map(|games| Box::new(games) as Games);
        (games, wrong)
    };
    // A warning about the file goes on each of its rows, before the game's own.
    let file_warning = wrong.as_ref().map(wrong_encoding_warning);
    let sink = &mut |mut row: Row| {
        if let Some(w) = &file_warning {
            row.warnings.insert(0, w.clone());
        }
        sink(row)
    };
    let games = match games {
        Ok(games) => games,
        Err(e) => {
            sink(Row {
                error_place: e.place.as_deref().copied(),
                ..Row::unreadable(file, 0, e.words())
            });
            return wrong;
        }
    };
    let mut count = 0;
    for (index, game) in games.enumerate() {
        count += 1;
        let row = match game {
            Ok(game) => judge(&game, &opts.profile, &file, index),
            // A damaged game keeps what was read of it before the damage.
            Err(RecordError {
                partial: Some(game),
                message,
                place,
                ..
            }) => Row {
                error: Some(message),
                error_place: place.as_deref().copied(),
                ..judge_read(&game, &opts.profile, &file, index, false)
            },
            Err(e) => Row {
                error_place: e.place.as_deref().copied(),
                ..Row::unreadable(file.clone(), index, e.words())
            },
        };
        if !sink(row) {
            return wrong;
        }
    }
    // (An empty file is an error of the reader, with its own words.)
    if count == 0 {
        let none = Words::new("no game found in the file", "文件中没有找到对局");
        sink(Row::unreadable(file, 0, none));
    }
    wrong
}

/// Audits every game under `paths` (files and folders, recursively) and hands
/// the rows to `emit` in input order; returns what it found besides (the
/// paths passed over, the files whose forced encoding looks wrong). The
/// first error of `emit` stops the audit.
pub fn audit<P, E>(
    paths: &[P],
    opts: &Options,
    emit: impl FnMut(Row) -> Result<(), E>,
) -> Result<Aside, E>
where
    P: AsRef<Path>,
{
    let skipped = Mutex::new(Vec::new());
    let wrong = Mutex::new(Vec::new());
    pipeline::run_ordered(
        walk(paths),
        opts.threads,
        |entry, sink| match entry {
            Entry::Skipped(path, why) => {
                if let Ok(mut list) = skipped.lock() {
                    list.push((path, why));
                }
            }
            Entry::File(path) => {
                let file = Entry::File(path.clone());
                if let Some(why) = audit_entry(file, opts, sink)
                    && let Ok(mut list) = wrong.lock()
                {
                    list.push((path, why));
                }
            }
            entry => {
                audit_entry(entry, opts, sink);
            }
        },
        emit,
    )?;
    let mut skipped = skipped.into_inner().unwrap_or_else(|e| e.into_inner());
    skipped.sort();
    let mut wrong = wrong.into_inner().unwrap_or_else(|e| e.into_inner());
    wrong.sort_by(|a: &(PathBuf, Words), b| a.0.cmp(&b.0));
    Ok(Aside {
        skipped,
        wrong_encoding: wrong
            .into_iter()
            .map(|(path, why)| (walk::path_text(&path), why))
            .collect(),
    })
}
