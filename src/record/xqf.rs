//! XQStudio XQF records, every version: 1.0 (0x0A) plain, 0x0B and later
//! encrypted (keys in the header, as reverse-engineered by 小月儿 and
//! implemented in xqf2pgn, cchess and vschess).
//!
//! Moves form a tree in pre-order; the main line is the chain of first
//! children, which is read first. Variations (siblings) are counted.

use encoding_rs::{BIG5, Encoding, GB18030};

use crate::board::{Color, Move, Piece, Square};

use super::binary::Cursor;
use super::dhtmlxq::PIECE_ORDER;
use super::encoding::{
    close_chinese_guess, detect_encoding, is_utf16, pieces_encoding_mismatch, reads_as_gb2312,
    without_cut_tail,
};
use super::error::warn_of_encoding;
use super::error::{ErrorKind, RecordError};
use super::game::Game;
use super::place::Place;
use super::replay::{Tree, TreeMove};
use crate::notation::Outcome;
use crate::words::Words;

const HEADER_LEN: usize = 0x400;
/// Where the header places the 32 pieces, a byte each.
const PIECES_AT: usize = 0x10;
const COPYRIGHT: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The decryption keys of versions ≥ 0x0B.
struct Keys {
    xy: u8,
    xyf: u8,
    xyt: u8,
    rmk: u32,
    f32: [u8; 32],
}

fn derive(b: u8, prev: u8) -> u8 {
    let b = u32::from(b);
    ((b * b * 54 + 221) * u32::from(prev)) as u8
}

impl Keys {
    fn new(h: &[u8]) -> Keys {
        let (mask, sum, xy0, xyf0, xyt0) = (h[3], h[0x0C], h[0x0D], h[0x0E], h[0x0F]);
        let xy = derive(xy0, xy0);
        let xyf = derive(xyf0, xy);
        let xyt = derive(xyt0, xyf);
        let rmk = (u32::from(sum) * 256 + u32::from(xy0)) % 32000 + 767;
        let raw = [sum, xy0, xyf0, xyt0];
        let f: [u8; 4] = std::array::from_fn(|i| (raw[i] & mask) | h[8 + i]);
        let f32 = std::array::from_fn(|j| f[j % 4] & COPYRIGHT[j]);
        Keys {
            xy,
            xyf,
            xyt,
            rmk,
            f32,
        }
    }
}

/// Header strings: offset of the length byte, capacity, tag name.
const STRINGS: [(usize, usize, &str); 10] = [
    (0x50, 63, "Title"),
    (0xD0, 63, "Event"),
    (0x110, 15, "Date"),
    (0x120, 15, "Site"),
    (0x130, 15, "Red"),
    (0x140, 15, "Black"),
    (0x150, 63, "TimeControl"),
    (0x190, 15, "RedTime"),
    (0x1A0, 15, "BlackTime"),
    (0x1D0, 15, "Annotator"),
];

/// The label of each header string in words, for a message about its bytes.
fn string_label(tag: &str) -> Words {
    let (en, zh) = match tag {
        "Title" => ("the title", "标题"),
        "Event" => ("the event", "赛事"),
        "Date" => ("the date", "日期"),
        "Site" => ("the site", "地点"),
        "Red" => ("the Red player's name", "红方名"),
        "Black" => ("the Black player's name", "黑方名"),
        "TimeControl" => ("the time control", "用时规则"),
        "RedTime" => ("Red's time", "红方用时"),
        "BlackTime" => ("Black's time", "黑方用时"),
        _ => ("the annotator", "评注人"),
    };
    Words::new(format!("{en} (header)"), format!("文件头中的{zh}"))
}

/// An XQF file opened: its header, its decryption keys (versions ≥ 0x0B)
/// and its move records decrypted.
struct Opened<'a> {
    header: &'a [u8],
    keys: Option<Keys>,
    data: Vec<u8>,
}

/// Checks the header of an XQF file and decrypts its move records.
/// A header that is no XQF header is said of the file, not of a game in it.
fn open<'a>(bytes: &'a [u8], name: &str) -> Result<Opened<'a>, RecordError> {
    let err = |kind, why: Words| RecordError::file(name, kind, why);
    if !bytes.starts_with(b"XQ") {
        return Err(err(
            ErrorKind::Corrupt,
            Words::new(
                "not an XQF file: its header does not begin with 'XQ'",
                "不是XQF文件：文件头不以“XQ”开头",
            ),
        )
        .at(Place::Byte(0)));
    }
    if bytes.len() < HEADER_LEN {
        let len = bytes.len();
        return Err(err(
            ErrorKind::Truncated,
            Words::new(
                format!(
                    "the XQF file is damaged: it should start with a {HEADER_LEN}-byte header, but has only {len} bytes"
                ),
                format!("XQF文件应以{HEADER_LEN}字节文件头开始，此文件只有{len}字节，已损坏"),
            ),
        )
        .at(Place::Byte(len)));
    }
    let header = &bytes[..HEADER_LEN];
    let keys = (header[2] > 0x0A).then(|| Keys::new(header));
    let data: Vec<u8> = match &keys {
        None => bytes[HEADER_LEN..].to_vec(),
        Some(k) => bytes[HEADER_LEN..]
            .iter()
            .enumerate()
            .map(|(i, b)| b.wrapping_sub(k.f32[i % 32]))
            .collect(),
    };
    Ok(Opened { header, keys, data })
}

/// The header strings of an XQF header, each with its tag, as stored
/// (the NULs that pad them left out).
fn header_strings(h: &[u8]) -> impl Iterator<Item = (&'static str, &[u8])> {
    STRINGS.into_iter().map(move |(off, cap, tag)| {
        let len = usize::from(h[off]).min(cap);
        let raw = &h[off + 1..off + 1 + len];
        let end = raw.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
        (tag, &raw[..end])
    })
}

/// Every piece of text an XQF file stores in the given encoding, each with
/// its label: the header strings, the comment before the first move and
/// those of the main line's moves.
fn texts<'a>(header: &'a [u8], tree: &RawTree<'a>) -> Vec<(Words, &'a [u8])> {
    let mut out: Vec<(Words, &[u8])> = header_strings(header)
        .filter(|(_, raw)| !raw.is_empty())
        .map(|(tag, raw)| (string_label(tag), raw))
        .collect();
    if !tree.root_comment.is_empty() {
        out.push((
            Words::new("the comment before the first move", "开局前的注释"),
            tree.root_comment,
        ));
    }
    for (i, (_, _, comment)) in tree.moves.iter().enumerate() {
        if !comment.is_empty() {
            let ply = i + 1;
            out.push((
                Words::new(
                    format!("the comment of ply {ply}"),
                    format!("第{ply}着的注释"),
                ),
                comment,
            ));
        }
    }
    out
}

/// The encoding of an XQF file's text, from its pieces: GBK as XQStudio
/// writes, unless the bytes read as UTF-8 or, better than GBK, as Big5
/// ([`detect_encoding`]); a character cut off at the end of a piece is
/// left out of the count ([`without_cut_tail`]). With it, the warning for
/// a guess between GBK and Big5 made on little evidence
/// ([`close_chinese_guess`]), unless the text is GBK of the shape
/// XQStudio writes ([`reads_as_gb2312`]), which a Big5 text hardly has.
fn detect(texts: &[(Words, &[u8])]) -> (&'static Encoding, Option<Words>) {
    let joined: Vec<u8> = texts
        .iter()
        .flat_map(|(_, raw)| {
            let whole = without_cut_tail(without_cut_tail(raw, GB18030), BIG5);
            whole.iter().copied().chain([b'\n'])
        })
        .filter(|&b| b != 0)
        .collect();
    let encoding = Some(detect_encoding(&joined, true))
        .filter(|&e| !is_utf16(e))
        .unwrap_or(GB18030);
    let note = if encoding == GB18030 && reads_as_gb2312(&joined) {
        None
    } else {
        close_chinese_guess(&joined, encoding)
    };
    (encoding, note)
}

/// Why the text of the XQF file `bytes` (its header strings and the
/// comments of its main line) is plainly not in the `forced` encoding, if
/// it shows (see [`super::forced_encoding_mismatch`]); `None` for no XQF
/// file. A file cut short is looked at as far as it goes.
pub(crate) fn encoding_mismatch(bytes: &[u8], forced: &'static Encoding) -> Option<Words> {
    let opened = open(bytes, "").ok()?;
    let (tree, _) = read_tree(&opened.data, opened.keys.as_ref());
    pieces_encoding_mismatch(&texts(opened.header, &tree), forced)
}

/// Reads one XQF file; its text is in the `forced` encoding, else in the
/// one it reads as ([`detect`]).
pub(crate) fn read(
    bytes: &[u8],
    name: &str,
    forced: Option<&'static Encoding>,
) -> Result<Game, RecordError> {
    let err = |kind, why: Words| RecordError::game(name, 0, kind, why);
    let Opened {
        header: h,
        keys,
        data,
    } = open(bytes, name)?;
    let version = h[2];
    let squares: [u8; 32] = match &keys {
        None => std::array::from_fn(|i| h[PIECES_AT + i]),
        Some(k) => {
            let mut s = [0u8; 32];
            for i in 0..32 {
                let slot = if version >= 0x0C {
                    (usize::from(k.xy) + 1 + i) & 31
                } else {
                    i
                };
                s[slot] = h[PIECES_AT + i];
            }
            s.map(|v| v.wrapping_sub(k.xy))
        }
    };
    let mut pieces = Vec::with_capacity(32);
    for (i, &v) in squares.iter().enumerate() {
        if v >= 90 {
            continue;
        }
        let sq = Square::at(i32::from(v / 10), i32::from(v % 10))
            .ok_or("square")
            .map_err(|_| {
                err(
                    ErrorKind::Corrupt,
                    Words::new(
                        format!("piece {i} stands off the board ({v})"),
                        format!("第{i}个棋子在棋盘之外（{v}）"),
                    ),
                )
            })?;
        let color = if i < 16 { Color::Red } else { Color::Black };
        pieces.push((
            sq,
            Piece {
                color,
                role: PIECE_ORDER[i % 16],
            },
        ));
    }
    let (raw, damage) = read_tree(&data, keys.as_ref());
    let (encoding, note) = match forced {
        Some(encoding) => (encoding, None),
        None => detect(&texts(h, &raw)),
    };
    let mut replay = raw
        .decode(encoding)
        .replay(&pieces)
        .map_err(|m| err(ErrorKind::BadPosition, m).at(Place::Byte(PIECES_AT)))?;
    let game = replay.game_mut();
    for (tag, raw) in header_strings(h) {
        game.push_tag(tag, &encoding.decode(raw).0);
    }
    game.result = Outcome::from_code(u32::from(h[0x33]));
    if let Some(r) = game.result {
        game.push_tag("Result", r.pgn());
    }
    let mut read = match damage {
        None => Ok(replay.finish()),
        Some((m, at)) => {
            let what = Words::new(
                format!(
                    "move records (bytes counted from byte {HEADER_LEN}; the file is cut short or damaged)"
                ),
                format!("着法记录（字节位置从第{HEADER_LEN}字节起算；文件不完整或已损坏）"),
            );
            Err(err(ErrorKind::Truncated, m.prefixed(&what.en, &what.zh))
                .at(Place::Byte(at))
                .with_partial(replay.finish()))
        }
    };
    if let Some(note) = note {
        warn_of_encoding(&mut read, note);
    }
    read
}

/// The main line of an XQF move tree with its comments as stored, not yet
/// decoded (their encoding is told by all the file's text).
struct RawTree<'a> {
    root_comment: &'a [u8],
    /// Each move, the byte of the file where its record starts, and its comment.
    moves: Vec<(Move, usize, &'a [u8])>,
    variations: usize,
    unreadable: Option<(String, Words, usize)>,
}

impl RawTree<'_> {
    /// The tree with its comments decoded from `encoding` (an empty comment is none).
    fn decode(self, encoding: &'static Encoding) -> Tree {
        let text = |raw: &[u8]| {
            let (text, _, _) = encoding.decode(raw);
            let text = text.trim_end_matches('\0');
            (!text.is_empty()).then(|| text.to_string())
        };
        Tree {
            root_comment: text(self.root_comment),
            moves: self
                .moves
                .into_iter()
                .map(|(mv, at, c)| TreeMove {
                    mv,
                    at,
                    comment: text(c),
                })
                .collect(),
            variations: self.variations,
            unreadable: self.unreadable,
        }
    }
}

/// One decoded move record.
struct Record<'a> {
    from: u8,
    to: u8,
    has_next: bool,
    has_sibling: bool,
    /// The comment as stored (empty for none).
    comment: &'a [u8],
}

fn read_record<'a>(c: &mut Cursor<'a>, keys: Option<&Keys>) -> Result<Record<'a>, Words> {
    let at = c.offset();
    let b = c.array4()?;
    let (from, to, has_next, has_sibling, len) = match keys {
        None => {
            let len = c.u32()?;
            (
                b[0].wrapping_sub(0x18),
                b[1].wrapping_sub(0x20),
                b[2] & 0xF0 != 0,
                b[2] & 0x0F != 0,
                len,
            )
        }
        Some(k) => {
            let flags = b[2] & 0xE0;
            let len = if flags & 0x20 != 0 {
                c.u32()?.wrapping_sub(k.rmk)
            } else {
                0
            };
            (
                b[0].wrapping_sub(0x18).wrapping_sub(k.xyf),
                b[1].wrapping_sub(0x20).wrapping_sub(k.xyt),
                flags & 0x80 != 0,
                flags & 0x40 != 0,
                len,
            )
        }
    };
    let len = usize::try_from(len).map_err(|_| {
        Words::new(
            format!("comment length at byte {at} is too large"),
            format!("第{at}字节处的注释长度过大"),
        )
    })?;
    let comment = c.bytes(len).map_err(|e| {
        e.prefixed(
            &format!("comment of the record at byte {at}"),
            &format!("第{at}字节处记录的注释"),
        )
    })?;
    Ok(Record {
        from,
        to,
        has_next,
        has_sibling,
        comment,
    })
}

/// Reads the tree: record 0 is the root; then the main line until the first
/// record without a child; then the rest, to count its siblings. A record cut
/// off by the end of the data is an error, returned with the tree read
/// before it; records announced but absent are not.
fn read_tree<'a>(data: &'a [u8], keys: Option<&Keys>) -> (RawTree<'a>, Option<(Words, usize)>) {
    let mut tree = RawTree {
        root_comment: &[],
        moves: Vec::new(),
        variations: 0,
        unreadable: None,
    };
    let damage = read_records(data, keys, &mut tree).err();
    (tree, damage)
}

/// The records of [`read_tree`], read into `tree` until the first that is
/// cut off: why it cannot be read, and the file's byte where it starts.
fn read_records<'a>(
    data: &'a [u8],
    keys: Option<&Keys>,
    tree: &mut RawTree<'a>,
) -> Result<(), (Words, usize)> {
    let mut c = Cursor::new(data);
    let root = read_record(&mut c, keys).map_err(|m| (m, HEADER_LEN))?;
    tree.root_comment = root.comment;
    // Records still owed by the pre-order walk.
    let mut open = usize::from(root.has_next) + usize::from(root.has_sibling);
    let mut main = root.has_next;
    while open > 0 && !c.at_end() {
        open -= 1;
        let at = HEADER_LEN + c.offset();
        let r = read_record(&mut c, keys).map_err(|m| (m, at))?;
        if r.has_sibling {
            tree.variations += 1;
            open += 1;
        }
        if r.has_next {
            open += 1;
        }
        if main {
            let sq = |v: u8| Square::at(i32::from(v / 10), i32::from(v % 10)).filter(|_| v < 90);
            match (sq(r.from), sq(r.to)) {
                (Some(f), Some(t)) if f != t => tree.moves.push((Move::new(f, t), at, r.comment)),
                _ => {
                    let (from, to) = (r.from, r.to);
                    tree.unreadable = Some((
                        format!("{from:02}-{to:02}"),
                        Words::new(
                            format!(
                                "the record names squares {from} and {to}, not two points of the board"
                            ),
                            format!("记录的格子编号为{from}和{to}，不是棋盘上的两个点"),
                        ),
                        at,
                    ));
                    main = false;
                    continue;
                }
            }
            main = r.has_next;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Place;
    use crate::words::Lang;

    /// A version 1.0 file with the initial position and the given records
    /// (from, to, tag byte, comment).
    fn plain(records: &[(u8, u8, u8, &str)]) -> Vec<u8> {
        let mut h = vec![0u8; HEADER_LEN];
        h[0] = b'X';
        h[1] = b'Q';
        h[2] = 0x0A;
        let start: [u8; 32] = [
            0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83, 9, 19, 29, 39, 49, 59,
            69, 79, 89, 17, 77, 6, 26, 46, 66, 86,
        ];
        h[0x10..0x30].copy_from_slice(&start);
        h[0x33] = 1;
        h[0x130] = 2;
        h[0x131..0x133].copy_from_slice(b"Hu");
        for &(f, t, tag, comment) in records {
            h.extend_from_slice(&[f + 0x18, t + 0x20, tag, 0]);
            h.extend_from_slice(&(comment.len() as u32).to_le_bytes());
            h.extend_from_slice(comment.as_bytes());
        }
        h
    }

    #[test]
    fn plain_main_line_and_variation() {
        // root, h2e2 (has next + sibling), h9g7 (leaf), sibling b2e2 (leaf)
        let bytes = plain(&[
            (0, 0, 0xF0, "root"),
            (72, 42, 0xFF, "c"),
            (79, 67, 0, ""),
            (12, 42, 0, ""),
        ]);
        let g = read(&bytes, "t.xqf", None).unwrap();
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7"]);
        assert_eq!(g.variations, 1);
        assert_eq!(g.comment.as_deref(), Some("root"));
        assert_eq!(g.moves[0].comment.as_deref(), Some("c"));
        assert_eq!(g.red(), Some("Hu"));
        assert_eq!(g.result, Some(Outcome::RedWins));
    }

    #[test]
    fn empty_and_truncated() {
        let g = read(&plain(&[(0, 0, 0, "")]), "e.xqf", None).unwrap();
        assert!(g.moves.is_empty());
        let mut cut = plain(&[(0, 0, 0xF0, ""), (72, 42, 0, "long comment")]);
        cut.truncate(cut.len() - 3);
        let e = read(&cut, "c.xqf", None).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Truncated);
        // What was read before the cut is kept: the header and the moves.
        let partial = e.partial.as_deref().expect("the header was read");
        assert_eq!(partial.red(), Some("Hu"));
        assert_eq!(partial.result, Some(Outcome::RedWins));
        assert!(partial.moves.is_empty());
        let mut later = plain(&[(0, 0, 0xF0, ""), (72, 42, 0xF0, ""), (79, 67, 0, "comment")]);
        later.truncate(later.len() - 2);
        let partial = read(&later, "c.xqf", None).unwrap_err().partial;
        assert_eq!(partial.expect("read").uci_moves(), ["h2e2"]);
        assert!(e.to_string().starts_with("c.xqf, game #0: move records"));
        // Its byte numbers count from the end of the header, not the file's
        // start: the words say so, and that the file is cut short.
        assert!(
            e.to_string().contains(
                "move records (bytes counted from byte 1024; the file is cut short or damaged): "
            ),
            "{e}"
        );
        assert!(
            e.in_lang(Lang::Zh)
                .contains("着法记录（字节位置从第1024字节起算；文件不完整或已损坏）：")
        );
        let short = read(b"XQ\x0a", "s.xqf", None).unwrap_err();
        assert_eq!(short.kind, ErrorKind::Truncated);
        assert!(
            short
                .in_lang(Lang::Zh)
                .ends_with("XQF文件应以1024字节文件头开始，此文件只有3字节，已损坏"),
            "{short}"
        );
        let other = read(&[b'x'; 2000], "o.xqf", None).unwrap_err();
        assert_eq!(other.kind, ErrorKind::Corrupt);
        // A header that is none is said of the file, not of a game #0 in it.
        assert_eq!(
            other.to_string(),
            "o.xqf: not an XQF file: its header does not begin with 'XQ'"
        );
        assert_eq!(
            short.to_string(),
            "s.xqf: the XQF file is damaged: it should start with a 1024-byte header, but has only 3 bytes"
        );
        assert!(
            other
                .in_lang(Lang::Zh)
                .ends_with("不是XQF文件：文件头不以“XQ”开头")
        );
    }

    #[test]
    fn strings_are_read_in_the_encoding_they_read_as_or_the_one_forced() {
        // A comment with moves in Big5 tells Big5 from GBK; names alone do not.
        let mut bytes = plain(&[(0, 0, 0xF0, ""), (72, 42, 0, "")]);
        let (name, _, _) = encoding_rs::BIG5.encode("許銀川");
        bytes[0x130] = name.len() as u8;
        bytes[0x131..0x131 + name.len()].copy_from_slice(&name);
        let names_only = read(&bytes, "t.xqf", None).unwrap();
        assert_ne!(names_only.red(), Some("許銀川"));
        // Forced UTF-8, the hint names neither GBK nor Big5: both read the
        // name cleanly, and GBK is wrong here.
        let why = encoding_mismatch(&bytes, encoding_rs::UTF_8).unwrap().en;
        assert!(
            why.ends_with(
                "it reads cleanly both as GBK (GB18030) and as Big5, and nothing in it tells \
                 which (names alone do not): try --encoding gbk or --encoding big5 and look at \
                 the names"
            ),
            "{why}"
        );
        let forced = read(&bytes, "t.xqf", Some(encoding_rs::BIG5)).unwrap();
        assert_eq!(forced.red(), Some("許銀川"));
        // `plain` writes comments as UTF-8: this one is built by hand.
        let (raw, _, _) = encoding_rs::BIG5.encode("炮二平五 馬８進７ 紅勝");
        let mut with_comment = bytes[..HEADER_LEN].to_vec();
        with_comment.extend_from_slice(&[0x18, 0x20, 0xF0, 0]);
        with_comment.extend_from_slice(&(raw.len() as u32).to_le_bytes());
        with_comment.extend_from_slice(&raw);
        with_comment.extend_from_slice(&[72 + 0x18, 42 + 0x20, 0, 0, 0, 0, 0, 0]);
        let g = read(&with_comment, "t.xqf", None).unwrap();
        assert_eq!(g.red(), Some("許銀川"));
        assert_eq!(g.comment.as_deref(), Some("炮二平五 馬８進７ 紅勝"));
        assert!(g.warnings.is_empty(), "a clear guess: {:?}", g.warnings);
        // Forced UTF-8: the name is named as no UTF-8, the file whole or cut.
        let why = encoding_mismatch(&with_comment, encoding_rs::UTF_8).unwrap();
        assert!(
            why.en.contains("byte 1 of the Red player's name (header)")
                && why.en.ends_with(
                    "it reads cleanly as Big5: try --encoding big5, or leave --encoding out"
                ),
            "{}",
            why.en
        );
        let cut = &with_comment[..with_comment.len() - 3];
        assert!(read(cut, "t.xqf", None).unwrap_err().partial.is_some());
        let why = encoding_mismatch(cut, encoding_rs::UTF_8).unwrap();
        assert!(
            why.en.contains("byte 1 of the Red player's name (header)"),
            "{}",
            why.en
        );
        assert_eq!(encoding_mismatch(cut, encoding_rs::BIG5), None);
    }

    #[test]
    fn a_guess_on_names_alone_warns_unless_they_read_as_gbk_does() {
        let with_name = |name: &[u8]| {
            let mut bytes = plain(&[(0, 0, 0xF0, ""), (72, 42, 0, "")]);
            bytes[0x130] = name.len() as u8;
            bytes[0x131..0x131 + name.len()].copy_from_slice(name);
            read(&bytes, "t.xqf", None).unwrap()
        };
        // A Big5 name: read as GBK, and said so.
        let (big5, _, _) = encoding_rs::BIG5.encode("許銀川");
        let g = with_name(&big5);
        assert_eq!(g.warnings.len(), 1, "{:?}", g.warnings);
        assert_eq!(
            g.warnings[0].en,
            "the text reads cleanly both as GBK (GB18030) and as Big5, and little in it tells \
             which: read as GBK (GB18030), as both yield as many xiangqi characters (0) and GBK \
             is the more common; if names or notes look garbled, try --encoding big5"
        );
        // GBK names of GB2312, as XQStudio writes: no warning. Two ideographs
        // are too few to tell.
        let (gbk, _, _) = GB18030.encode("无标题");
        let g = with_name(&gbk);
        assert_eq!((g.red(), g.warnings.len()), (Some("无标题"), 0));
        let (gbk, _, _) = GB18030.encode("吕钦");
        assert_eq!(with_name(&gbk).warnings.len(), 1);
        // No text beyond ASCII: nothing to guess.
        assert!(with_name(b"Lu Qin").warnings.is_empty());
    }

    #[test]
    fn illegal_move_is_recorded() {
        let g = read(&plain(&[(0, 0, 0xF0, ""), (72, 45, 0, "")]), "b.xqf", None).unwrap();
        assert!(g.moves.is_empty());
        let bad = g.illegal.unwrap();
        assert_eq!(bad.text, "h2e5");
        // Its record follows the root's 8 bytes after the 1024-byte header.
        assert_eq!(bad.place, Some(Place::Byte(1032)));
    }

    #[test]
    fn unreadable_squares_end_the_main_line() {
        // h2e2, then a record whose origin is square 95 (off the board).
        let g = read(
            &plain(&[(0, 0, 0xF0, ""), (72, 42, 0xF0, ""), (95, 67, 0, "")]),
            "u.xqf",
            None,
        )
        .unwrap();
        assert_eq!(g.uci_moves(), ["h2e2"]);
        let ill = g.illegal.unwrap();
        assert_eq!((ill.ply, ill.text.as_str()), (2, "95-67"));
        assert_eq!(ill.place, Some(Place::Byte(1040)));
        assert!(ill.reason.en.contains("not two points"));
    }

    #[test]
    fn key_derivation_matches_the_formula() {
        assert_eq!(derive(1, 1), (54 + 221) as u8);
        assert_eq!(derive(2, 3), ((4 * 54 + 221) * 3) as u8);
    }
}
