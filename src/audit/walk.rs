//! Finding the game files under the paths given on the command line.
//!
//! Files named on the command line are always read. Inside folders, files
//! whose extension names a record format are taken, and so are files whose
//! content shows a record format (DhtmlXQ pages saved as `.htm` or with no
//! extension, XQF or PGN under other names); other files, hidden entries and
//! files met a second time are skipped, each reported as skipped with the
//! reason. Entries are visited in name order so that the audit's order is stable.

use std::collections::HashSet;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::record::{Format, detect_format};

use crate::words::Words;

/// A path for people. A name that is not UTF-8 is most often GBK, as
/// archives made on Chinese Windows unpack: each such part of the path is
/// shown decoded so (as the organiser knew it), else with the bytes it
/// cannot show replaced.
pub(crate) fn path_text(path: &Path) -> String {
    if let Some(text) = path.to_str() {
        return text.to_string();
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let parts: Vec<String> = path
            .as_os_str()
            .as_bytes()
            .split(|&b| b == b'/')
            .map(|part| match std::str::from_utf8(part) {
                Ok(text) => text.to_string(),
                Err(_) => encoding_rs::GB18030
                    .decode_without_bom_handling_and_without_replacement(part)
                    .map_or_else(
                        || String::from_utf8_lossy(part).into_owned(),
                        |t| t.into_owned(),
                    ),
            })
            .collect();
        parts.join("/")
    }
    #[cfg(not(unix))]
    path.display().to_string()
}

/// The path that names standard input on the command line.
pub(crate) const STDIN: &str = "-";

/// Extensions (lowercase) of the record formats read when walking a folder.
pub(crate) const RECORD_EXTENSIONS: &[&str] = &[
    "pgn", "xqf", "cbf", "cbr", "cbl", "ubb", "dhtmlxq", "txt", "xq",
];

/// One thing found by the walk: a file to read, or a path that could not be walked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A file to read games from.
    File(PathBuf),
    /// A path that could not be read (missing, unreadable folder, …) and why.
    Error(PathBuf, Words),
    /// A path found inside a folder and not read, and why.
    Skipped(PathBuf, Skip),
}

/// Why the walk passed over a path.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Skip {
    /// A hidden file or folder (its name starts with a dot).
    Hidden,
    /// A file whose name and content show no record format.
    NotARecord,
    /// A file or folder already read under another path.
    AlreadyRead,
    /// A named pipe, socket or device: no record, and opening a pipe would
    /// wait for a writer.
    NotAFile,
    /// An archive (zip, rar, 7z …): records may be inside, unread.
    Archive,
}

impl Skip {
    /// The reason in both languages.
    pub fn words(self) -> Words {
        match self {
            Skip::Hidden => Words::new("hidden", "隐藏"),
            Skip::NotARecord => Words::new("not a game record", "不是棋谱"),
            Skip::AlreadyRead => Words::new("already read", "已读过"),
            Skip::Archive => Words::new(
                "an archive: unpack it to audit the games inside",
                "压缩包：解压后才能审核其中的棋谱",
            ),
            Skip::NotAFile => Words::new(
                "not a regular file (a pipe, socket or device)",
                "不是普通文件（管道、套接字或设备）",
            ),
        }
    }
}

/// A lazy, depth-first walk over files and folders, in input order and then
/// name order inside each folder.
#[derive(Debug)]
pub struct Walk {
    /// Paths still to visit, the next one last; the flag says whether it was
    /// named on the command line (then it is read whatever its extension).
    pending: Vec<(PathBuf, bool)>,
    /// Canonical files and folders already taken (a file named twice, or
    /// found again through a symlink, is read once; symlink loops end).
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
pub(crate) fn is_record_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| RECORD_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

/// Extensions (lowercase) of archives, which may hold records.
const ARCHIVE_EXTENSIONS: &[&str] = &["zip", "rar", "7z", "tar", "gz", "tgz", "bz2", "xz"];

/// Whether a file's extension names an archive.
fn is_archive(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| ARCHIVE_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

fn is_hidden(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with('.'))
}

/// Leading bytes read to tell whether a file of another extension holds a record.
const SNIFF_LEN: u64 = 64 << 10;

/// Whether the content of the file at `path` shows a record format: a
/// binary format's signature, a DhtmlXQ or CBF marker, or PGN tags. A bare
/// move list is only taken under a record extension. A file that cannot be
/// read is taken, so that the audit says why.
fn holds_a_record(path: &Path) -> bool {
    let mut head = Vec::new();
    match fs::File::open(path).and_then(|f| f.take(SNIFF_LEN).read_to_end(&mut head)) {
        Ok(_) => detect_format(&head, None).is_some_and(|f| f != Format::MoveList),
        Err(_) => true,
    }
}

impl Walk {
    /// Queues the children of `dir` in name order; returns why it failed, if it did.
    fn enter(&mut self, dir: &Path) -> Result<(), Words> {
        let mut children = Vec::new();
        for entry in fs::read_dir(dir).map_err(|e| Words::io(&e))? {
            let entry = entry.map_err(|e| Words::io(&e))?;
            children.push(entry.path());
        }
        children.sort();
        self.pending
            .extend(children.into_iter().rev().map(|p| (p, false)));
        Ok(())
    }

    /// Whether the file or folder at `path` is met for the first time.
    fn first_time(&mut self, path: &Path) -> bool {
        fs::canonicalize(path).map_or(true, |canonical| self.seen.insert(canonical))
    }
}

impl Iterator for Walk {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        while let Some((path, named)) = self.pending.pop() {
            if named && path.as_os_str() == STDIN {
                return Some(Entry::File(path));
            }
            if !named && is_hidden(&path) {
                return Some(Entry::Skipped(path, Skip::Hidden));
            }
            let meta = match fs::metadata(&path) {
                Ok(meta) => meta,
                Err(e) => return Some(Entry::Error(path, Words::io(&e))),
            };
            if meta.is_dir() {
                if self.first_time(&path) {
                    if let Err(why) = self.enter(&path) {
                        return Some(Entry::Error(path, why));
                    }
                } else if named {
                    return Some(Entry::Skipped(path, Skip::AlreadyRead));
                }
                // Else a symlink back into a folder walked already: no news.
            } else if !(named || meta.is_file()) {
                return Some(Entry::Skipped(path, Skip::NotAFile));
            } else if !(named || is_record_file(&path) || holds_a_record(&path)) {
                let why = if is_archive(&path) {
                    Skip::Archive
                } else {
                    Skip::NotARecord
                };
                return Some(Entry::Skipped(path, why));
            } else if self.first_time(&path) {
                return Some(Entry::File(path));
            } else {
                return Some(Entry::Skipped(path, Skip::AlreadyRead));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh scratch folder for one test, removed when it is dropped, pass or fail.
    fn temp_dir(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix(&format!("xqarbiter-walk-{name}-"))
            .tempdir()
            .unwrap()
    }

    #[test]
    fn walks_folders_in_name_order_and_keeps_named_files() {
        let tmp = temp_dir("order");
        let dir = tmp.path();
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
        let found: Vec<Entry> = walk(&[
            dir.to_path_buf(),
            dir.join("named.dat"),
            dir.join("missing.pgn"),
            dir.join("a.pgn"),
        ])
        .collect();
        let file = |name: &str| Entry::File(dir.join(name));
        let skipped = |name: &str, why| Entry::Skipped(dir.join(name), why);
        let expected = [
            skipped(".hidden", Skip::Hidden),
            file("a.pgn"),
            file("b/1.XQF"),
            file("b/2.pgn"),
            file("c.cbl"),
            // Inside the folder its name and content show no record; named, it is read.
            skipped("named.dat", Skip::NotARecord),
            skipped("notes.md", Skip::NotARecord),
            file("named.dat"),
        ];
        assert_eq!(found.len(), 10, "{found:?}");
        assert_eq!(found[..8], expected[..]);
        assert!(matches!(&found[8], Entry::Error(p, _) if p == &dir.join("missing.pgn")));
        // Named again after its folder was walked: read once.
        assert_eq!(found[9], skipped("a.pgn", Skip::AlreadyRead));
    }

    #[test]
    fn files_of_other_names_are_read_when_their_content_is_a_record() {
        let tmp = temp_dir("content");
        let dir = tmp.path();
        let dhtml = "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]";
        fs::write(dir.join("01-初赛-红先负"), dhtml).unwrap();
        fs::write(dir.join("game.htm"), format!("<html>{dhtml}</html>")).unwrap();
        fs::write(dir.join("record.che"), "[Event \"x\"]\n\n1. h2e2 *\n").unwrap();
        fs::write(dir.join("readme"), "炮二平五 is how a game starts").unwrap();
        let found: Vec<Entry> = walk(&[&dir]).collect();
        assert_eq!(
            found,
            vec![
                Entry::File(dir.join("01-初赛-红先负")),
                Entry::File(dir.join("game.htm")),
                Entry::Skipped(dir.join("readme"), Skip::NotARecord),
                Entry::File(dir.join("record.che")),
            ]
        );
    }

    #[test]
    fn an_archive_in_a_folder_is_named_as_one() {
        // The games inside a zip are not audited: the summary must say so.
        let tmp = temp_dir("archive");
        let dir = tmp.path();
        for f in ["round5.zip", "round6.RAR", "notes.docx"] {
            fs::write(dir.join(f), b"PK\x03\x04").unwrap();
        }
        let found: Vec<Entry> = walk(&[&dir]).collect();
        assert_eq!(
            found,
            vec![
                Entry::Skipped(dir.join("notes.docx"), Skip::NotARecord),
                Entry::Skipped(dir.join("round5.zip"), Skip::Archive),
                Entry::Skipped(dir.join("round6.RAR"), Skip::Archive),
            ]
        );
        assert_eq!(
            Skip::Archive.words().en,
            "an archive: unpack it to audit the games inside"
        );
    }

    #[cfg(unix)]
    #[test]
    fn pipes_sockets_and_devices_in_a_folder_are_passed_over() {
        // Opening a named pipe waits for a writer: the audit would hang.
        let tmp = temp_dir("special");
        let dir = tmp.path();
        fs::write(dir.join("g.pgn"), "").unwrap();
        let socket = dir.join("live.pgn");
        let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
        let found: Vec<Entry> = walk(&[&dir]).collect();
        assert_eq!(
            found,
            vec![
                Entry::File(dir.join("g.pgn")),
                Entry::Skipped(socket, Skip::NotAFile),
            ]
        );
        assert_eq!(
            Skip::NotAFile.words().en,
            "not a regular file (a pipe, socket or device)"
        );
    }

    #[cfg(unix)]
    #[test]
    fn names_in_gbk_are_shown_as_chinese() {
        use std::os::unix::ffi::OsStrExt;
        let (gbk, _, _) = encoding_rs::GBK.encode("红先胜.pgn");
        let bytes = ["赛事/".as_bytes(), &gbk].concat();
        let path = Path::new(std::ffi::OsStr::from_bytes(&bytes));
        assert_eq!(path_text(path), "赛事/红先胜.pgn");
        assert_eq!(path_text(Path::new("a/许银川.pgn")), "a/许银川.pgn");
        // Neither UTF-8 nor GBK: the bytes it cannot show are replaced.
        let path = Path::new(std::ffi::OsStr::from_bytes(b"a\xff\xff.pgn"));
        assert_eq!(path_text(path), "a\u{fffd}\u{fffd}.pgn");
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_loop_is_entered_once() {
        let tmp = temp_dir("loop");
        let dir = tmp.path();
        fs::write(dir.join("g.pgn"), "").unwrap();
        std::os::unix::fs::symlink(dir, dir.join("again")).unwrap();
        let found: Vec<Entry> = walk(&[&dir]).collect();
        assert_eq!(found, vec![Entry::File(dir.join("g.pgn"))]);
    }
}
