//! Batch audit of recorded games: walk the inputs, judge every game in
//! parallel, report one row per game in input order.
//!
//! Every game read yields exactly one [`Row`]; an unreadable game yields a row
//! with its error, and so does a file or folder that cannot be read at all
//! (index 0). Rows come out in input order (files in walk order, games in file
//! order) whatever the number of threads.

pub mod judge;
pub mod pipeline;
pub mod report;
pub mod row;
pub mod walk;

use std::path::Path;

use crate::record::{ReadOptions, read_games};
use crate::rules::profile::Profile;
use crate::words::Words;

pub use judge::judge;
pub use report::{Format, Summary, Writer};
pub use row::{Finding, FindingKind, Row};
pub use walk::{Entry, walk};

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

/// The rows of one walk entry, pushed into `sink` in order; stops when `sink` says so.
fn audit_entry(entry: Entry, opts: &Options, sink: &mut dyn FnMut(Row) -> bool) {
    let path = match entry {
        Entry::Error(path, why) => {
            sink(Row::unreadable(path.display().to_string(), 0, why));
            return;
        }
        Entry::File(path) => path,
    };
    let file = path.display().to_string();
    let games = match read_games(&path, &opts.read) {
        Ok(games) => games,
        Err(e) => {
            sink(Row::unreadable(file, 0, e.words()));
            return;
        }
    };
    let mut count = 0;
    for (index, game) in games.enumerate() {
        count += 1;
        let row = match game {
            Ok(game) => judge(&game, &opts.profile, &file, index),
            Err(e) => Row::unreadable(file.clone(), index, e.words()),
        };
        if !sink(row) {
            return;
        }
    }
    if count == 0 {
        let none = Words::new("no game found in the file", "文件中没有找到对局");
        sink(Row::unreadable(file, 0, none));
    }
}

/// Audits every game under `paths` (files and folders, recursively) and hands
/// the rows to `emit` in input order. The first error of `emit` stops the audit.
pub fn audit<P, E>(
    paths: &[P],
    opts: &Options,
    emit: impl FnMut(Row) -> Result<(), E>,
) -> Result<(), E>
where
    P: AsRef<Path>,
{
    pipeline::run_ordered(
        walk(paths),
        opts.threads,
        |entry, sink| audit_entry(entry, opts, sink),
        emit,
    )
}
