//! Finding the game files under the paths given on the command line.
//!
//! Files named on the command line are always read; inside folders, only files
//! whose extension names a record format are taken, hidden entries are skipped,
//! and entries are visited in name order so that the audit's order is stable.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::words::Words;

/// Extensions (lowercase) of the record formats read when walking a folder.
pub const RECORD_EXTENSIONS: &[&str] = &[
    "pgn", "xqf", "cbf", "cbr", "cbl", "ubb", "dhtmlxq", "txt", "xq",
];

/// One thing found by the walk: a file to read, or a path that could not be walked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A file to read games from.
    File(PathBuf),
    /// A path that could not be read (missing, unreadable folder, …) and why.
    Error(PathBuf, Words),
}

/// A lazy, depth-first walk over files and folders, in input order and then
/// name order inside each folder.
#[derive(Debug)]
pub struct Walk {
    /// Paths still to visit, the next one last; the flag says whether it was
    /// named on the command line (then it is read whatever its extension).
    pending: Vec<(PathBuf, bool)>,
    /// Canonical folders already entered (protects against symlink loops).
    seen: HashSet<PathBuf>,
}

/// Walks `paths` (files and folders, recursively).
pub fn walk<P: AsRef<Path>>(paths: &[P]) -> Walk {
    Walk {
        pending: paths
            .iter()
            .rev()
            .map(|p| (p.as_ref().to_path_buf(), true))
            .collect(),
        seen: HashSet::new(),
    }
}

/// Whether a file found inside a folder looks like a game record.
pub fn is_record_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| RECORD_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

fn is_hidden(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with('.'))
}

impl Walk {
    /// Queues the children of `dir` in name order; returns why it failed, if it did.
    fn enter(&mut self, dir: &Path) -> Result<(), Words> {
        let canonical = fs::canonicalize(dir).map_err(|e| Words::io(&e))?;
        if !self.seen.insert(canonical) {
            return Ok(());
        }
        let mut children = Vec::new();
        for entry in fs::read_dir(dir).map_err(|e| Words::io(&e))? {
            let entry = entry.map_err(|e| Words::io(&e))?;
            let path = entry.path();
            if !is_hidden(&path) {
                children.push(path);
            }
        }
        children.sort();
        self.pending
            .extend(children.into_iter().rev().map(|p| (p, false)));
        Ok(())
    }
}

impl Iterator for Walk {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        while let Some((path, named)) = self.pending.pop() {
            let meta = match fs::metadata(&path) {
                Ok(meta) => meta,
                Err(e) => return Some(Entry::Error(path, Words::io(&e))),
            };
            if meta.is_dir() {
                if let Err(why) = self.enter(&path) {
                    return Some(Entry::Error(path, why));
                }
            } else if named || is_record_file(&path) {
                return Some(Entry::File(path));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("xqarbiter-walk-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn walks_folders_in_name_order_and_keeps_named_files() {
        let dir = temp_dir("order");
        fs::create_dir_all(dir.join("b")).unwrap();
        fs::create_dir_all(dir.join(".hidden")).unwrap();
        for f in [
            "b/2.pgn",
            "b/1.XQF",
            "a.pgn",
            "notes.md",
            ".hidden/x.pgn",
            "c.cbl",
        ] {
            fs::write(dir.join(f), "").unwrap();
        }
        fs::write(dir.join("named.dat"), "").unwrap();
        let found: Vec<Entry> =
            walk(&[dir.clone(), dir.join("named.dat"), dir.join("missing.pgn")]).collect();
        let files = |names: &[&str]| {
            names
                .iter()
                .map(|n| Entry::File(dir.join(n)))
                .collect::<Vec<_>>()
        };
        let expected = files(&["a.pgn", "b/1.XQF", "b/2.pgn", "c.cbl", "named.dat"]);
        assert_eq!(found.len(), 6);
        assert_eq!(found[..5], expected[..]);
        assert!(matches!(&found[5], Entry::Error(p, _) if p == &dir.join("missing.pgn")));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_loop_is_entered_once() {
        let dir = temp_dir("loop");
        fs::write(dir.join("g.pgn"), "").unwrap();
        std::os::unix::fs::symlink(&dir, dir.join("again")).unwrap();
        let found: Vec<Entry> = walk(&[&dir]).collect();
        assert_eq!(found, vec![Entry::File(dir.join("g.pgn"))]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
