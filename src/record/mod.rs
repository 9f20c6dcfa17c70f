//! Game records: the [`Game`] model and one reader per file format (PGN, XQF,
//! DhtmlXQ, CBF, CBR, CBL, plain move lists), with text-encoding detection and
//! a PGN writer.
//!
//! Every reader replays the main line on the board: a game keeps the legal
//! moves it starts with, and the first illegal or unreadable move ends the main
//! line and is recorded in [`Game::illegal`]. Variations are counted in
//! [`Game::variations`] and skipped.
//!
//! ```
//! use xqarbiter::record::{read_games_from_bytes, ReadOptions, Outcome};
//! let text = "[Game \"Chinese Chess\"]\n[Red \"A\"]\n[Result \"1-0\"]\n1. h2e2 h9g7 2. h0g2 1-0\n";
//! let games = read_games_from_bytes(text.as_bytes(), "a.pgn", &ReadOptions::default()).unwrap();
//! let game = games[0].as_ref().unwrap();
//! assert_eq!(game.red(), Some("A"));
//! assert_eq!(game.moves.len(), 3);
//! assert_eq!(game.result, Some(Outcome::RedWins));
//! ```

mod binary;
mod brackets;
mod cbf;
mod cbr;
mod dhtmlxq;
mod encoding;
mod encoding_check;
mod error;
mod game;
mod header_lines;
mod labels;
mod list_games;
mod move_text;
mod movetext;
mod pgn;
mod pgn_lines;
mod place;
mod ranks_reading;
mod replay;
#[cfg(feature = "cli")]
mod traditional;
mod write;
mod wrong_side;
mod xqf;

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::Path;

use crate::words::Words;

pub use crate::notation::Outcome;
pub use encoding::{decode_text, detect_encoding, encoding_by_name, forced_encoding_mismatch};
pub use encoding_check::{file_encoding_mismatch, file_head, wrong_encoding_warning};
pub use error::{ErrorKind, RecordError};
#[cfg(feature = "cli")]
pub(crate) use game::termination_from_comment;
pub use game::{Game, GameMove, IllegalMove};
pub use move_text::MoveText;
#[cfg(feature = "cli")]
pub(crate) use pgn::move_list_start;
pub use place::Place;
#[cfg(feature = "cli")]
pub(crate) use traditional::traditional_glyphs;
pub use write::{format_tag, write_pgn};
pub use wrong_side::wrong_side_to_move;

/// The file formats the readers understand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// Xiangqi PGN (xqbase spec), one or many games.
    Pgn,
    /// XQStudio binary record.
    Xqf,
    /// 东萍 DhtmlXQ (UBB) text record.
    DhtmlXq,
    /// 象棋桥 XML record.
    Cbf,
    /// 象棋桥 binary record.
    Cbr,
    /// 象棋桥 library of CBR records.
    Cbl,
    /// A bare move list or pasted record (optional FEN, moves, comments, result).
    MoveList,
}

impl Format {
    /// Lower-case name, as used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Pgn => "pgn",
            Format::Xqf => "xqf",
            Format::DhtmlXq => "dhtmlxq",
            Format::Cbf => "cbf",
            Format::Cbr => "cbr",
            Format::Cbl => "cbl",
            Format::MoveList => "movelist",
        }
    }
}

/// How to read a file: force an encoding or a format instead of detecting them.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// Text encoding of the file (default: detected).
    pub encoding: Option<&'static encoding_rs::Encoding>,
    /// File format (default: detected from the content, then the extension).
    pub format: Option<Format>,
}

/// Largest file read whole (binary formats, DhtmlXQ, CBF, move lists); PGN streams.
const MAX_WHOLE_FILE: u64 = 512 << 20;

/// How many leading bytes decide the format and the encoding of a streamed file.
const SNIFF_LEN: usize = 64 << 10;

/// Guesses the format from the content, with the file name's extension as a hint.
pub fn detect_format(bytes: &[u8], file_name: Option<&str>) -> Option<Format> {
    if bytes.starts_with(b"CCBridge Record\0") {
        return Some(Format::Cbr);
    }
    if bytes.starts_with(b"CCBridgeLibrary\0") {
        return Some(Format::Cbl);
    }
    if bytes.starts_with(b"XQ") && bytes.len() >= 3 {
        return Some(Format::Xqf);
    }
    let ext = file_name
        .and_then(|n| Path::new(n).extension())
        .and_then(|e| e.to_str())
        .map(|e| e.to_ascii_lowercase());
    let (text, _) = encoding::decode(bytes, None);
    if text.contains("<ChineseChessRecord") {
        return Some(Format::Cbf);
    }
    if text.contains("[DhtmlXQ") {
        return Some(Format::DhtmlXq);
    }
    if pgn::looks_like_pgn(&text) {
        return Some(Format::Pgn);
    }
    // NULs in the decoded text: binary data (a photo, an archive), which the
    // name of a text format does not make a record.
    let binary = text.contains('\0');
    match ext.as_deref() {
        Some("pgn" | "pgns") if !binary => return Some(Format::Pgn),
        Some("xqf") => return Some(Format::Xqf),
        Some("cbf") if !binary => return Some(Format::Cbf),
        Some("cbr") => return Some(Format::Cbr),
        Some("cbl") => return Some(Format::Cbl),
        Some("ubb") if !binary => return Some(Format::DhtmlXq),
        _ => {}
    }
    if !text.trim().is_empty() && !binary {
        return Some(Format::MoveList);
    }
    None
}

/// The games of a file, one item per game; an unreadable game is an `Err` item.
pub struct GameIter {
    inner: IterInner,
}

enum IterInner {
    Stream(pgn::PgnStream<BufReader<File>>),
    Whole(std::vec::IntoIter<Result<Game, RecordError>>),
}

impl std::fmt::Debug for GameIter {
    /// The iterator's state is the reader's: only the type is shown.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameIter").finish_non_exhaustive()
    }
}

impl Iterator for GameIter {
    type Item = Result<Game, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        match &mut self.inner {
            IterInner::Stream(s) => s.next(),
            IterInner::Whole(v) => v.next(),
        }
    }
}

/// Opens a game file and reads its games one by one. PGN is streamed game by
/// game; other formats are read whole. Fails only if the file cannot be
/// opened, its format is not recognised, or it is not of the format that
/// `opts` forces (a PGN file must have a tag line in its first 64 KiB).
/// A game that cannot be read is an `Err` item; the others still come.
///
/// ```
/// use xqarbiter::record::{ReadOptions, read_games};
///
/// let path = "positions/examples/perpetual_check.pgn"; // or a `Path`, a `PathBuf`
/// for (i, game) in read_games(path, &ReadOptions::default())?.enumerate() {
///     match game {
///         Ok(game) => {
///             assert_eq!(game.moves.len(), 8);
///             assert_eq!(game.moves[0].mv.to_string(), "f0e0");
///             assert_eq!(game.moves[0].text.as_str(), "车四平五"); // as written
///             println!("game #{i}: {:?}, {} moves", game.event(), game.moves.len());
///         }
///         Err(e) => eprintln!("{e}"), // names the file and the game, e.g. "a.pgn, game #3: …"
///     }
/// }
/// # Ok::<(), xqarbiter::record::RecordError>(())
/// ```
pub fn read_games(path: impl AsRef<Path>, opts: &ReadOptions) -> Result<GameIter, RecordError> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let io_err = |e: std::io::Error| RecordError::io(&name, &e);
    let file = File::open(path).map_err(io_err)?;
    let len = file.metadata().map_err(io_err)?.len();
    let mut reader = BufReader::with_capacity(SNIFF_LEN, file);
    let mut head = Vec::with_capacity(SNIFF_LEN.min(len as usize));
    (&mut reader)
        .take(SNIFF_LEN as u64)
        .read_to_end(&mut head)
        .map_err(io_err)?;
    // Nothing but whitespace is no game, whatever the file's name says.
    if head.len() as u64 == len && is_blank(&head) {
        return Err(empty(&name, len == 0));
    }
    let format = opts
        .format
        .or_else(|| detect_format(&head, Some(&name)))
        .ok_or_else(|| unknown_format(&name))?;
    let encoding = opts
        .encoding
        .unwrap_or_else(|| detect_encoding(&head, len as usize <= head.len()));
    if format == Format::Pgn && !encoding::is_utf16(encoding) {
        // A forced PGN is checked on the head: a PGN file has tag lines
        // (moves without tags are read as a game too, but make no PGN file).
        if opts.format.is_some() && !has_pgn_tag(&encoding.decode(&head).0) {
            let whole = len as usize <= head.len();
            return Err(not_of_format(&name, NOT_PGN, whole));
        }
        let note = opts.encoding.is_none().then(|| {
            // The head cut after its last whole line: no character cut in two.
            let whole = len as usize <= head.len();
            let lines = head.iter().rposition(|&b| b == b'\n').filter(|_| !whole);
            encoding::close_chinese_guess(&head[..lines.map_or(head.len(), |at| at + 1)], encoding)
        });
        let stream = pgn::PgnStream::new(head, reader, encoding, opts.encoding.is_some(), name)
            .with_encoding_note(note.flatten());
        return Ok(GameIter {
            inner: IterInner::Stream(stream),
        });
    }
    if len > MAX_WHOLE_FILE {
        return Err(RecordError::file(
            &name,
            ErrorKind::TooLarge,
            Words::new(
                format!(
                    "{len} bytes is more than the {MAX_WHOLE_FILE} bytes a {} file may have",
                    format.name()
                ),
                format!(
                    "文件有{len}字节，超过{}文件的上限{MAX_WHOLE_FILE}字节",
                    format.name()
                ),
            ),
        ));
    }
    let mut bytes = head;
    reader.read_to_end(&mut bytes).map_err(io_err)?;
    let games = read_format(&bytes, &name, format, opts)?;
    Ok(GameIter {
        inner: IterInner::Whole(games.into_iter()),
    })
}

/// Reads every game of a file already in memory; `name` names it in errors
/// and its extension is a format hint. A file of no bytes is said to be
/// empty as [`read_games`] says it.
pub fn read_games_from_bytes(
    bytes: &[u8],
    name: &str,
    opts: &ReadOptions,
) -> Result<Vec<Result<Game, RecordError>>, RecordError> {
    read_bytes(bytes, name, opts, true)
}

/// Reads every game of standard input, read whole, as
/// [`read_games_from_bytes`] does a file's bytes; `name` names it in errors.
/// No input at all is no file of 0 bytes: it is said to be empty as
/// blank input is.
pub(crate) fn read_games_from_stdin(
    bytes: &[u8],
    name: &str,
    opts: &ReadOptions,
) -> Result<Vec<Result<Game, RecordError>>, RecordError> {
    read_bytes(bytes, name, opts, false)
}

/// Reads every game of `bytes`: those of a file (`file`), or of standard input.
fn read_bytes(
    bytes: &[u8],
    name: &str,
    opts: &ReadOptions,
    file: bool,
) -> Result<Vec<Result<Game, RecordError>>, RecordError> {
    if is_blank(bytes) {
        return Err(empty(name, file && bytes.is_empty()));
    }
    // Detected from the head, as `read_games` does.
    let head = bytes.get(..SNIFF_LEN).unwrap_or(bytes);
    let format = opts
        .format
        .or_else(|| detect_format(head, Some(name)))
        .ok_or_else(|| unknown_format(name))?;
    read_format(bytes, name, format, opts)
}

/// Whether `bytes` hold nothing but whitespace (or nothing at all), maybe
/// after a byte-order mark (UTF-8, or UTF-16 of either order), as editors
/// save an empty text.
fn is_blank(bytes: &[u8]) -> bool {
    let ws = u8::is_ascii_whitespace;
    if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        return rest.iter().all(ws);
    }
    let utf16 = |rest: &[u8], at: usize| {
        rest.len().is_multiple_of(2)
            && rest
                .chunks(2)
                .all(|unit| unit[at] == 0 && ws(&unit[1 - at]))
    };
    if let Some(rest) = bytes.strip_prefix(&[0xFF, 0xFE]) {
        return utf16(rest, 1);
    }
    if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        return utf16(rest, 0);
    }
    bytes.iter().all(ws)
}

/// The error for input with nothing but whitespace in it: a file of no
/// bytes at all (`no_bytes`) is said to be so.
fn empty(name: &str, no_bytes: bool) -> RecordError {
    let why = if no_bytes {
        Words::new("the file is empty (0 bytes)", "文件是空的（0字节）")
    } else {
        Words::new(
            "empty: there is no record to read",
            "内容为空，没有可读的棋谱",
        )
    };
    RecordError::file(name, ErrorKind::UnknownFormat, why)
}

/// The error for input of no format known.
fn unknown_format(name: &str) -> RecordError {
    RecordError::file(
        name,
        ErrorKind::UnknownFormat,
        Words::new(
            "not a game file this program knows (PGN, XQF, DhtmlXQ, CBF, CBR, CBL or a move list)",
            "不是本程序认识的棋谱文件（PGN、XQF、DhtmlXQ、CBF、CBR、CBL或着法文本）",
        ),
    )
}

/// Whether `text` has a line that starts a PGN game: a tag line, in ASCII
/// or full-width brackets (the PGN reader skips whatever comes before the
/// first one).
fn has_pgn_tag(text: &str) -> bool {
    text.lines().any(|line| {
        let line = line.trim_start();
        (line.starts_with('[') && !line.starts_with("[DhtmlXQ"))
            || pgn_lines::full_width_tag(line.trim_end()).is_some()
    })
}

/// What a forced PGN lacks: what it is not, and why, in English and Chinese.
const NOT_PGN: [&str; 4] = [
    "a PGN file",
    "PGN文件",
    "no tag line such as [Event \"…\"] starts a game",
    "没有[Event \"…\"]之类的标签行开始对局",
];

/// What a forced DhtmlXQ record lacks, as [`NOT_PGN`].
const NOT_DHTMLXQ: [&str; 4] = [
    "a DhtmlXQ record",
    "DhtmlXQ棋谱",
    "it has no [DhtmlXQ] tag",
    "没有[DhtmlXQ]标签",
];

/// The error for a file read in a format the caller forced, in which the
/// reader finds nothing of that format: `[what, what_zh, why, why_zh]`;
/// `whole` tells whether all of the file was looked at (else its first 64 KiB).
fn not_of_format(name: &str, [what, what_zh, why, why_zh]: [&str; 4], whole: bool) -> RecordError {
    let (part, part_zh) = if whole {
        ("", "")
    } else {
        (" in its first 64 KiB", "（前64KiB内）")
    };
    RecordError::file(
        name,
        ErrorKind::UnknownFormat,
        Words::new(
            format!("not {what}, the format asked for: {why}{part}"),
            format!("不是指定格式的{what_zh}：{why_zh}{part_zh}"),
        ),
    )
}

fn read_format(
    bytes: &[u8],
    name: &str,
    format: Format,
    opts: &ReadOptions,
) -> Result<Vec<Result<Game, RecordError>>, RecordError> {
    // The encoding a text format was read in.
    let used = std::cell::Cell::new(None);
    let text = || {
        let (text, encoding) = encoding::decode(bytes, opts.encoding);
        used.set(Some(encoding));
        text
    };
    let forced = opts.format.is_some();
    let mut games = match format {
        Format::Pgn => {
            let text = text();
            if forced && !has_pgn_tag(&text) {
                return Err(not_of_format(name, NOT_PGN, true));
            }
            pgn::read_all(&text, name)
        }
        Format::MoveList => pgn::read_move_lists(&text(), name),
        Format::DhtmlXq => {
            let text = text();
            if forced && !text.contains("[DhtmlXQ") {
                return Err(not_of_format(name, NOT_DHTMLXQ, true));
            }
            dhtmlxq::read_all(&text, name)
        }
        Format::Cbf => vec![cbf::read(&text(), name)],
        Format::Xqf => vec![xqf::read(bytes, name, opts.encoding)],
        Format::Cbr => vec![cbr::read_record(bytes, name, None)],
        Format::Cbl => cbr::read_library(bytes, name)?,
    };
    // A text whose encoding was a close guess between GBK and Big5: the
    // first game says so (a PGN stream's does on its own).
    if let Some(encoding) = used.get()
        && opts.encoding.is_none()
        && let Some(first) = games.first_mut()
        && let Some(note) = encoding::close_chinese_guess(bytes, encoding)
    {
        error::warn_of_encoding(first, note);
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Lang;

    #[test]
    fn the_first_game_of_a_text_guessed_gbk_on_names_alone_says_so() {
        let (gbk, _, _) = encoding_rs::GB18030
            .encode("[Red \"胡荣华\"]\n1. h2e2 *\n[Red \"杨官璘\"]\n1. c3c4 *\n");
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let path = dir.join("names.pgn");
        std::fs::write(&path, &gbk).unwrap();
        let streamed: Vec<Game> = read_games(&path, &ReadOptions::default())
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let whole: Vec<Game> = read_games_from_bytes(&gbk, "names.pgn", &ReadOptions::default())
            .unwrap()
            .into_iter()
            .map(Result::unwrap)
            .collect();
        for games in [streamed, whole] {
            assert_eq!(games[0].red(), Some("胡荣华"));
            assert!(
                games[0].warnings[0]
                    .en
                    .starts_with("the text reads cleanly both as GBK"),
                "{:?}",
                games[0].warnings
            );
            assert!(games[1].warnings.is_empty());
        }
        // Not when the encoding is given, nor for a move list that tells.
        let opts = ReadOptions {
            encoding: Some(encoding_rs::GB18030),
            ..ReadOptions::default()
        };
        let games = read_games_from_bytes(&gbk, "names.pgn", &opts).unwrap();
        assert!(games[0].as_ref().unwrap().warnings.is_empty());
        let (gbk, _, _) = encoding_rs::GB18030.encode("炮二平五 马８进７ 马二进三 车９平８\n");
        let games = read_games_from_bytes(&gbk, "a.txt", &ReadOptions::default()).unwrap();
        assert!(games[0].as_ref().unwrap().warnings.is_empty());
    }

    #[test]
    fn blank_input_is_said_to_be_empty_not_of_an_unknown_format() {
        // A byte-order mark (UTF-8, UTF-16) over nothing: an editor's empty file.
        for bytes in [
            &b""[..],
            b" \n\t\n",
            b"\xEF\xBB\xBF",
            b"\xEF\xBB\xBF\r\n",
            b"\xFF\xFE\n\x00",
            b"\xFE\xFF\x00 ",
        ] {
            let e = read_games_from_stdin(bytes, "<stdin>", &ReadOptions::default()).unwrap_err();
            assert_eq!(e.to_string(), "<stdin>: empty: there is no record to read");
            assert_eq!(e.in_lang(Lang::Zh), "<stdin>：内容为空，没有可读的棋谱");
        }
    }

    #[test]
    fn a_blank_file_is_empty_whatever_its_name_or_the_format_forced() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let forced = ReadOptions {
            encoding: None,
            format: Some(Format::Pgn),
        };
        for (name, bytes, why) in [
            ("none.pgn", &b""[..], "the file is empty (0 bytes)"),
            (
                "blank.pgn",
                b"\n\n  \r\n",
                "empty: there is no record to read",
            ),
            ("none.xqf", b"", "the file is empty (0 bytes)"),
        ] {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            for opts in [ReadOptions::default(), forced.clone()] {
                let e = read_games(&path, &opts).unwrap_err();
                assert_eq!(e.words().en, why, "{name}");
                // A file's bytes read in memory are said to be empty as the file is.
                let e = read_games_from_bytes(bytes, name, &opts).unwrap_err();
                assert_eq!(e.words().en, why, "{name}");
            }
        }
    }

    #[test]
    fn a_pgn_game_starts_at_a_tag_line_not_a_dhtmlxq_one() {
        assert!(has_pgn_tag("notes\n  [Event \"x\"]\n1. h2e2"));
        assert!(!has_pgn_tag("[DhtmlXQ]\n[DhtmlXQ_title]t[/DhtmlXQ_title]"));
        assert!(!has_pgn_tag("1. h2e2 h9g7"));
        // In full-width brackets, as Chinese input methods type them.
        assert!(has_pgn_tag("说明\n［Event “全国赛”］\n1. h2e2"));
        assert!(!has_pgn_tag("［注：好棋］\n1. h2e2"));
    }

    #[test]
    fn the_forced_format_error_says_how_much_was_looked_at() {
        let e = not_of_format("big.pgn", NOT_PGN, false);
        assert_eq!(
            e.to_string(),
            "big.pgn: not a PGN file, the format asked for: no tag line such as [Event \"…\"] starts a game in its first 64 KiB"
        );
        assert_eq!(
            e.in_lang(Lang::Zh),
            "big.pgn：不是指定格式的PGN文件：没有[Event \"…\"]之类的标签行开始对局（前64KiB内）"
        );
    }

    #[test]
    fn binary_data_named_pgn_is_no_pgn() {
        // A photo or an archive saved as .pgn: bytes with NULs, some lines of
        // which start with '['; one "unknown format", not a row per such line.
        let mut bytes = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00".to_vec();
        let mut x = 12345u32;
        for i in 0..20000 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            bytes.push((x >> 16) as u8);
            if i % 400 == 0 {
                bytes.extend_from_slice(b"\n[");
            }
        }
        assert_eq!(detect_format(&bytes, Some("scan.pgn")), None);
        let e = read_games_from_bytes(&bytes, "scan.pgn", &ReadOptions::default()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::UnknownFormat);
        // A PGN file in UTF-16 has NULs in its bytes, not in its text.
        let utf16: Vec<u8> = "1. h2e2 h9g7\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(detect_format(&utf16, Some("a.pgn")), Some(Format::Pgn));
    }

    #[test]
    fn detected_formats_are_not_held_to_the_forced_check() {
        // A .pgn file without tags is read (its moves are a game without
        // tags): only a forced format is an error.
        let games = read_games_from_bytes(b"1. h2e2", "a.pgn", &ReadOptions::default()).unwrap();
        assert_eq!(games.len(), 1);
        let forced = ReadOptions {
            encoding: None,
            format: Some(Format::Pgn),
        };
        assert!(read_games_from_bytes(b"1. h2e2", "a.pgn", &forced).is_err());
    }
}
