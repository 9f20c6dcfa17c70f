//! 象棋桥 CBR records (binary, strings in UTF-16LE) and CBL libraries of them.
//!
//! Layout of a version 2 record: title at 180, event 692, round 756, date
//! 884, site 948, red 1076, red team 1140, black 1300, black team 1364,
//! result byte at 2076, finish type at 2080, board (90 bytes, index
//! `(9 − y)·9 + x`, codes 0x11–0x17 Red R N B A K C P, 0x21–0x27 Black) at
//! 2120, then a game comment and the move records from 2214.

use std::collections::HashSet;

use crate::board::{Color, Move, Piece, Position, Role, Square};

use super::binary::Cursor;
use super::encoding::utf16le_until_nul;
use super::error::{ErrorKind, RecordError};
use super::game::Game;
use super::place::Place;
use super::replay::{Tree, TreeMove};
use crate::notation::Outcome;
use crate::words::Words;

const RECORD_MAGIC: &[u8; 16] = b"CCBridge Record\0";
const LIBRARY_MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";
const MOVES_AT: usize = 2214;
const BOARD_AT: usize = 2120;
/// The byte that gives a record's format version.
const VERSION_AT: usize = 19;
/// Largest comment accepted (bytes); larger lengths mean corrupt data.
const MAX_COMMENT: usize = 1 << 20;

/// Header strings: offset, byte length, tag.
const STRINGS: [(usize, usize, &str); 10] = [
    (180, 128, "Title"),
    (692, 64, "Event"),
    (756, 64, "Round"),
    (884, 64, "Date"),
    (948, 64, "Site"),
    (1076, 64, "Red"),
    (1140, 64, "RedTeam"),
    (1300, 64, "Black"),
    (1364, 64, "BlackTeam"),
    (1780, 64, "Annotator"),
];

/// Reads one CBR record; `game` is its number in a library.
pub(crate) fn read_record(
    bytes: &[u8],
    name: &str,
    game: Option<usize>,
) -> Result<Game, RecordError> {
    let index = game.unwrap_or(0);
    let err = |kind, why: Words| RecordError::game(name, index, kind, why);
    if !bytes.starts_with(RECORD_MAGIC) {
        return Err(err(
            ErrorKind::Corrupt,
            Words::new(
                "a CBR record starts with 'CCBridge Record'",
                "CBR棋谱应以“CCBridge Record”开头",
            ),
        )
        .at(Place::Byte(0)));
    }
    if bytes.len() < MOVES_AT {
        let len = bytes.len();
        return Err(err(
            ErrorKind::Truncated,
            Words::new(
                format!("a CBR record has a {MOVES_AT}-byte header; this one has {len} bytes"),
                format!("CBR棋谱有{MOVES_AT}字节的文件头，此文件只有{len}字节"),
            ),
        )
        .at(Place::Byte(len)));
    }
    let version = bytes[VERSION_AT];
    if version != 2 {
        return Err(err(
            ErrorKind::Unsupported,
            Words::new(
                format!("CBR version {version} is not supported (only version 2 is documented)"),
                format!("不支持CBR第{version}版（仅第2版有公开格式说明）"),
            ),
        )
        .at(Place::Byte(VERSION_AT)));
    }
    let mut pieces = Vec::with_capacity(32);
    for (i, &code) in bytes[BOARD_AT..BOARD_AT + 90].iter().enumerate() {
        if code == 0 {
            continue;
        }
        let piece = piece_of(code).ok_or_else(|| {
            err(
                ErrorKind::Corrupt,
                Words::new(
                    format!("unknown piece code {code:#x} at board index {i}"),
                    format!("棋盘第{i}格的棋子代码{code:#x}无法识别"),
                ),
            )
            .at(Place::Byte(BOARD_AT + i))
        })?;
        // i < 90: every board index is a square.
        let Some(sq) = square_of(i as u8) else {
            continue;
        };
        pieces.push((sq, piece));
    }
    let (tree, damage) = read_moves(&bytes[MOVES_AT..]);
    let mut replay = tree
        .replay(&pieces)
        .map_err(|m| err(ErrorKind::BadPosition, m).at(Place::Byte(BOARD_AT)))?;
    let game = replay.game_mut();
    for (off, len, tag) in STRINGS {
        game.push_tag(tag, &utf16le_until_nul(&bytes[off..off + len]));
    }
    game.result = Outcome::from_code(u32::from(bytes[2076]));
    if let Some(r) = game.result {
        game.push_tag("Result", r.pgn());
    }
    let finish = utf16le_until_nul(&bytes[2080..2112]);
    if !finish.trim().is_empty() {
        game.termination = Some(finish.trim().to_string());
    }
    match damage {
        None => Ok(replay.finish()),
        Some((m, at)) => Err(err(
            ErrorKind::Truncated,
            m.prefixed(
                &format!("move records (bytes counted from byte {MOVES_AT})"),
                &format!("着法记录（字节位置从第{MOVES_AT}字节起算）"),
            ),
        )
        .at(Place::Byte(at))
        .with_partial(replay.finish())),
    }
}

/// Where a CBL library's index starts: one 276-byte entry per slot, the
/// slot count at offset 60; the record blocks (4096 bytes each) follow it.
const INDEX_AT: usize = 66624;
const INDEX_ENTRY: usize = 276;
const BLOCK: usize = 4096;
/// More slots than a library has (its header is corrupt, not cut short).
const MAX_SLOTS: usize = 1 << 16;
/// Index entry flag of a slot in use (cleared for deleted games).
const IN_USE: u32 = 2;

/// Reads a CBL library. When its index is intact the games are the slots it
/// marks in use, in index order; an index shifted whole by bytes lost or
/// added before it is found where it lies, and said so. Otherwise every
/// block that starts with the record magic is read (the vschess approach),
/// a record that repeats a game read before it (a deleted copy) left out,
/// and every game warns that the index could not be used. Records with an
/// empty board are section titles, not games, and are left out.
pub(crate) fn read_library(
    bytes: &[u8],
    name: &str,
) -> Result<Vec<Result<Game, RecordError>>, RecordError> {
    if !bytes.starts_with(LIBRARY_MAGIC) {
        return Err(RecordError::file(
            name,
            ErrorKind::Corrupt,
            Words::new(
                "a CBL library starts with 'CCBridgeLibrary'",
                "CBL棋谱库应以“CCBridgeLibrary”开头",
            ),
        )
        .at(Place::Byte(0)));
    }
    let magic_at: Vec<usize> = bytes
        .windows(RECORD_MAGIC.len())
        .enumerate()
        .filter(|(_, w)| *w == RECORD_MAGIC)
        .map(|(i, _)| i)
        .collect();
    let (starts, mut warning, by_index) = match find_index(bytes, &magic_at) {
        Ok((starts, Some(shift))) => (starts, Some(shifted_index(shift)), true),
        Ok((starts, None)) => {
            let warning = moved_records(bytes, &starts);
            (starts, warning, true)
        }
        Err(why) => {
            if magic_at.is_empty()
                && let Some(end) = index_end(bytes, COUNT_AT)
                && end > bytes.len()
                && end <= INDEX_AT + MAX_SLOTS * INDEX_ENTRY
            {
                let why = index_cut(bytes.len(), end);
                let cut = RecordError::file(name, ErrorKind::Truncated, why);
                return Err(cut.at(Place::Byte(bytes.len())));
            }
            let starts = magic_at.iter().map(|&m| Ok(m)).collect();
            (starts, Some(unusable_index(&why, magic_at.len())), false)
        }
    };
    let mut games = Vec::with_capacity(starts.len());
    let mut seen = HashSet::new();
    let mut repeats = Vec::new();
    for s in starts {
        let s = match s {
            Ok(s) => s,
            Err(at) => {
                // Listed by the index, past the end of the file.
                let why = Words::new(
                    format!(
                        "the library's index lists a record at byte {at}, past the end of the file ({} bytes): the file is cut short",
                        bytes.len()
                    ),
                    format!(
                        "棋谱库索引列出的记录在第{at}字节，超出文件末尾（文件只有{}字节）：文件不完整",
                        bytes.len()
                    ),
                );
                let index = games.len();
                games.push(Err(RecordError::game(
                    name,
                    index,
                    ErrorKind::Truncated,
                    why,
                )));
                continue;
            }
        };
        let end = magic_at
            .iter()
            .copied()
            .find(|&m| m > s)
            .unwrap_or(bytes.len());
        let record = &bytes[s..end];
        if is_section_title(record) {
            continue;
        }
        let mut game = read_record(record, name, Some(games.len()));
        // A move's or the damage's place is the record's in the library.
        match &mut game {
            Ok(g) => {
                if let Some(bad) = &mut g.illegal {
                    bad.place = bad.place.map(|p| p.shifted(s));
                }
            }
            Err(e) => {
                if let Some(place) = &mut e.place {
                    **place = place.shifted(s);
                }
            }
        }
        // Without the index, a game found twice is a copy the index
        // marked deleted: the first is kept.
        if !by_index
            && let Ok(g) = &game
            && !seen.insert(identity(g))
        {
            repeats.push(s);
            continue;
        }
        games.push(game);
    }
    if !repeats.is_empty()
        && let Some(w) = &mut warning
    {
        *w = left_out(w, &repeats);
    }
    if let Some(w) = warning {
        for game in &mut games {
            match game {
                Ok(g) => g.warnings.push(w.clone()),
                Err(RecordError {
                    partial: Some(g), ..
                }) => g.warnings.push(w.clone()),
                Err(_) => {}
            }
        }
    }
    Ok(games)
}

/// What makes a game the same game: the start, the moves, the players,
/// the event, date and round, the result (not the comments or the
/// annotator, which a later copy may have changed).
type Identity = (Position, Vec<Move>, Vec<Option<String>>, Option<Outcome>);

/// The [`Identity`] of `game`.
fn identity(game: &Game) -> Identity {
    let tags = [
        game.red(),
        game.black(),
        game.event(),
        game.date(),
        game.round(),
    ];
    (
        game.start.clone(),
        game.moves.iter().map(|m| m.mv).collect(),
        tags.iter().map(|t| t.map(str::to_string)).collect(),
        game.result,
    )
}

/// Where the records of a library start, in order: each an offset, or as
/// an error one past the end of the file (a library cut short).
type Starts = Vec<Result<usize, usize>>;

/// Where the header gives the number of index slots.
const COUNT_AT: usize = 60;

/// How far from its place an index shifted by bytes lost or added before
/// it is looked for.
const MAX_SHIFT: usize = BLOCK / 2;

/// The records of the library by its index ([`indexed_records`]): where
/// it belongs, or else shifted whole by bytes lost or added before it,
/// with the shift (bytes added count up). Every record the shifted index
/// lists must be exactly where it puts it. When no index is found, why
/// the one where it belongs cannot be used.
fn find_index(bytes: &[u8], magic_at: &[usize]) -> Result<(Starts, Option<isize>), Words> {
    let why = match indexed_records(bytes, magic_at, 0, COUNT_AT, false) {
        Ok(starts) => return Ok((starts, None)),
        Err(why) => why,
    };
    for d in 1..=MAX_SHIFT as isize {
        for shift in [-d, d] {
            // The count moves with the index if the bytes were lost or
            // added before it.
            let moved = COUNT_AT.checked_add_signed(shift);
            for count_at in [Some(COUNT_AT), moved].into_iter().flatten() {
                if let Ok(starts) = indexed_records(bytes, magic_at, shift, count_at, true) {
                    return Ok((starts, Some(shift)));
                }
            }
        }
    }
    Err(why)
}

/// The warning for an index found `shift` bytes from its place.
fn shifted_index(shift: isize) -> Words {
    let n = shift.unsigned_abs();
    let (en, zh) = if shift > 0 {
        ("added", "多出")
    } else {
        ("lost", "缺少")
    };
    let bytes = if n == 1 { "byte" } else { "bytes" };
    Words::new(
        format!(
            "the library's index is not where it belongs: {n} {bytes} {en} before it (the file is damaged); it was found {n} {bytes} {} and its games read by it",
            if shift > 0 { "later" } else { "earlier" }
        ),
        format!(
            "棋谱库索引不在应在的位置：其前{en_zh}{n}字节（文件已损坏）；在{}{n}字节处找到索引，按它读出对局",
            if shift > 0 { "后移" } else { "前移" },
            en_zh = zh
        ),
    )
}

/// The warning for a library whose index, where it belongs, puts records
/// a few bytes from where they were found (`starts`, read by the index:
/// bytes lost or added before them), if it does.
fn moved_records(bytes: &[u8], starts: &Starts) -> Option<Words> {
    let base = index_end(bytes, COUNT_AT)?;
    let moved: Vec<String> = starts
        .iter()
        .flatten()
        .filter(|s| s.abs_diff(base) % BLOCK != 0)
        .map(usize::to_string)
        .collect();
    let (n, at) = (moved.len(), moved.join(", "));
    let records = if n == 1 { "record" } else { "records" };
    (n > 0).then(|| {
        Words::new(
            format!(
                "{n} {records} (at byte {at}) not where the library's index puts them, but a few bytes away (bytes lost or added before them: the file is damaged); each was read from where it was found"
            ),
            format!(
                "{n}个记录（第{at}字节处）不在棋谱库索引所指的位置，而在其附近（其前有字节缺少或多出：文件已损坏）；均按找到的位置读出"
            ),
        )
    })
}

/// The warning for a library whose index cannot be used (`why`), `n`
/// records found in the file instead.
fn unusable_index(why: &Words, n: usize) -> Words {
    Words::new(
        format!(
            "the library's index could not be used ({}): the {n} records found in the file were read instead, in file order, so a game the library deleted may be among them",
            why.en
        ),
        format!(
            "棋谱库索引无法使用（{}）：改为按文件顺序读出文件中找到的{n}个记录，其中可能有棋谱库已删除的对局",
            why.zh
        ),
    )
}

/// `warning` adding that the records at `repeats` (byte offsets) were left
/// out as repeats of a game read before.
fn left_out(warning: &Words, repeats: &[usize]) -> Words {
    let at: Vec<String> = repeats.iter().map(usize::to_string).collect();
    let at = at.join(", ");
    let n = repeats.len();
    let (records, repeat) = if n == 1 {
        ("record", "repeats")
    } else {
        ("records", "repeat")
    };
    Words::new(
        format!(
            "{}; {n} {records} (at byte {at}) {repeat} a game read before it (the same players, event, date, result and moves) and {} left out",
            warning.en,
            if n == 1 { "was" } else { "were" }
        ),
        format!(
            "{}；{n}个记录（第{at}字节处）与之前读出的对局相同（棋手、赛事、日期、结果、着法均同），未重复列出",
            warning.zh
        ),
    )
}

/// Where the index ends, by the slot count at `count_at`, if it can be read.
fn index_end(bytes: &[u8], count_at: usize) -> Option<usize> {
    let raw = bytes.get(count_at..count_at + 4)?.try_into().ok()?;
    let slots = usize::try_from(u32::from_le_bytes(raw)).ok()?;
    INDEX_AT.checked_add(slots.checked_mul(INDEX_ENTRY)?)
}

/// Why a library that ends inside its index (at byte `len`, the index
/// running to byte `end`) holds no game.
fn index_cut(len: usize, end: usize) -> Words {
    Words::new(
        format!(
            "the file ends at byte {len}, inside the library's index (which runs to byte {end}): the file is cut short"
        ),
        format!("文件在第{len}字节结束，位于棋谱库索引之中（索引至第{end}字节）：文件不完整"),
    )
}

/// The records the index marks in use, if the index is intact: the offset
/// of each, or as an error the offset of one past the end of the file (a
/// library cut short). The index and the records are looked for `shift`
/// bytes from their place, its slot count at `count_at`. Unless `exact`,
/// a record found within half a block of where the index puts it
/// (`magic_at`: where records start, in order) is that record: bytes lost
/// or added before it shift it, and reading every record found instead
/// would bring back the games deleted from the library. An index with
/// fewer entries (in use or deleted) than the file has records, or with
/// flags beyond their low byte (entries shifted by bytes lost or added in
/// the index), is not intact: the error says why.
fn indexed_records(
    bytes: &[u8],
    magic_at: &[usize],
    shift: isize,
    count_at: usize,
    exact: bool,
) -> Result<Starts, Words> {
    let unreadable = || {
        Words::new(
            format!("its slot count at byte {count_at} is beyond the file"),
            format!("第{count_at}字节处的记录数超出文件"),
        )
    };
    let base = index_end(bytes, count_at)
        .and_then(|b| b.checked_add_signed(shift))
        .ok_or_else(unreadable)?;
    let index = INDEX_AT
        .checked_add_signed(shift)
        .and_then(|at| bytes.get(at..base))
        .ok_or_else(unreadable)?;
    let mut out = Vec::new();
    let mut entries = 0;
    for (i, entry) in index.chunks_exact(INDEX_ENTRY).enumerate() {
        let word =
            |k: usize| u32::from_le_bytes([entry[k], entry[k + 1], entry[k + 2], entry[k + 3]]);
        let flags = word(0);
        // Flags are a few low bits: others set show entries out of place.
        if flags > 0xFF {
            return Err(Words::new(
                format!(
                    "entry {i} has flags {flags:#x}: its entries are out of place, bytes were lost or added in or before it"
                ),
                format!("第{i}项的标志为{flags:#x}：索引项错位，索引中或其前有字节缺少或多出"),
            ));
        }
        entries += usize::from(flags != 0);
        if flags == 0 || flags & IN_USE == 0 {
            continue;
        }
        let slot = word(4) as usize;
        let at = slot
            .checked_mul(BLOCK)
            .and_then(|o| base.checked_add(o))
            .ok_or_else(unreadable)?;
        let near = || {
            let i = magic_at.partition_point(|&m| m < at.saturating_sub(BLOCK / 2));
            magic_at
                .get(i)
                .copied()
                .filter(|&m| !exact && m.abs_diff(at) < BLOCK / 2)
        };
        if at >= bytes.len() && !exact {
            out.push(Err(at));
        } else if bytes.get(at..).is_some_and(|b| b.starts_with(RECORD_MAGIC)) {
            out.push(Ok(at));
        } else {
            out.push(Ok(near().ok_or_else(|| {
                Words::new(
                    format!("entry {i} puts a record at byte {at}, where there is none"),
                    format!("第{i}项指向第{at}字节处的记录，那里并没有记录"),
                )
            })?));
        }
    }
    // Every record of the file has an entry, in use or deleted: an index
    // with fewer is damaged, and would lose games without a word.
    if entries < magic_at.len() || (exact && out.is_empty()) {
        return Err(Words::new(
            format!(
                "it has {entries} entries for the {} records of the file",
                magic_at.len()
            ),
            format!("索引只有{entries}项，文件却有{}个记录", magic_at.len()),
        ));
    }
    Ok(out)
}

/// A record with no piece on its board: a section title of a library (it
/// may carry a comment), not a game.
fn is_section_title(record: &[u8]) -> bool {
    record
        .get(BOARD_AT..BOARD_AT + 90)
        .is_some_and(|b| b.iter().all(|&c| c == 0))
}

fn piece_of(code: u8) -> Option<Piece> {
    let color = match code >> 4 {
        1 => Color::Red,
        2 => Color::Black,
        _ => return None,
    };
    let role = match code & 0x0F {
        1 => Role::Rook,
        2 => Role::Horse,
        3 => Role::Elephant,
        4 => Role::Advisor,
        5 => Role::King,
        6 => Role::Cannon,
        7 => Role::Pawn,
        _ => return None,
    };
    Some(Piece { color, role })
}

/// Board index `(9 − y)·9 + x` to a square.
fn square_of(i: u8) -> Option<Square> {
    (i < 90)
        .then(|| Square::at(i32::from(i % 9), 9 - i32::from(i / 9)))
        .flatten()
}

fn read_comment(c: &mut Cursor<'_>, len: u32) -> Result<Option<String>, Words> {
    let len = len as usize;
    if len > MAX_COMMENT {
        let at = c.offset();
        return Err(Words::new(
            format!("comment length {len} at byte {at} is implausible"),
            format!("第{at}字节处的注释长度{len}不合情理"),
        ));
    }
    if len == 0 {
        return Ok(None);
    }
    Ok(Some(utf16le_until_nul(c.bytes(len)?)))
}

/// Move records `[flags, 0, from, to]` in pre-order: flag 1 ends a branch,
/// 2 announces a sibling (variation), 4 a comment (u32 byte length, UTF-16LE).
/// A record cut off by the end of the data is an error, returned with the
/// tree read before it and the byte of the file where that record starts.
fn read_moves(data: &[u8]) -> (Tree, Option<(Words, usize)>) {
    let mut tree = Tree {
        root_comment: None,
        moves: Vec::new(),
        variations: 0,
        unreadable: None,
    };
    let damage = read_records(data, &mut tree).err();
    (tree, damage)
}

/// The records of [`read_moves`], read into `tree` until the first that
/// is cut off: why it cannot be read, and the file's byte where it starts.
fn read_records(data: &[u8], tree: &mut Tree) -> Result<(), (Words, usize)> {
    let mut c = Cursor::new(data);
    let root = |m| (m, MOVES_AT);
    tree.root_comment = match c.u32().map_err(root)? {
        0 => None,
        _ => {
            let len = c.u32().map_err(root)?;
            read_comment(&mut c, len).map_err(root)?
        }
    };
    let mut open = 1usize;
    let mut main = true;
    while open > 0 && c.offset() + 4 <= data.len() {
        let at = c.offset();
        let record = |m| (m, MOVES_AT + at);
        let b = c.array4().map_err(record)?;
        if b == [0, 0, 0, 0] {
            break;
        }
        open -= 1;
        let (flags, from, to) = (b[0], b[2], b[3]);
        let comment = if flags & 4 != 0 {
            let len = c.u32().map_err(record)?;
            read_comment(&mut c, len).map_err(record)?
        } else {
            None
        };
        if flags & 1 == 0 {
            open += 1;
        }
        if flags & 2 != 0 {
            open += 1;
            tree.variations += 1;
        }
        if main {
            match (square_of(from), square_of(to)) {
                (Some(f), Some(t)) if f != t => tree.moves.push(TreeMove {
                    mv: Move::new(f, t),
                    at: MOVES_AT + at,
                    comment,
                }),
                _ => {
                    let at = MOVES_AT + at;
                    tree.unreadable = Some((
                        format!("{from}-{to}"),
                        Words::new(
                            format!(
                                "the record at byte {at} names squares {from} and {to}, not two points of the board"
                            ),
                            format!("第{at}字节处的记录格子编号为{from}和{to}，不是棋盘上的两个点"),
                        ),
                        at,
                    ));
                    main = false;
                    continue;
                }
            }
            main = flags & 1 == 0;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Place;

    fn record(moves: &[[u8; 4]]) -> Vec<u8> {
        let mut b = vec![0u8; MOVES_AT];
        b[..16].copy_from_slice(RECORD_MAGIC);
        b[19] = 2;
        b[2076] = 3;
        let board: [(usize, u8); 5] = [(4, 0x25), (85, 0x15), (70, 0x16), (0, 0x21), (58, 0x17)];
        for (i, code) in board {
            b[BOARD_AT + i] = code;
        }
        for (i, u) in "甲".encode_utf16().enumerate() {
            b[1076 + 2 * i..1078 + 2 * i].copy_from_slice(&u.to_le_bytes());
        }
        b.extend_from_slice(&[0, 0, 0, 0]);
        for m in moves {
            b.extend_from_slice(m);
        }
        b
    }

    #[test]
    fn reads_main_line_and_counts_variations() {
        // h2e2 (sibling follows), e9d9 (end), sibling h2h3 (end)
        let b = record(&[[2, 0, 70, 67], [1, 0, 4, 3], [1, 0, 70, 61]]);
        let g = read_record(&b, "t.cbr", None).unwrap();
        assert_eq!(g.uci_moves(), ["h2e2", "e9d9"]);
        assert_eq!(g.variations, 1);
        assert_eq!(g.red(), Some("甲"));
        assert_eq!(g.result, Some(Outcome::Draw));
    }

    #[test]
    fn unreadable_squares_end_the_main_line() {
        let b = record(&[[0, 0, 70, 67], [1, 0, 200, 3]]);
        let g = read_record(&b, "u.cbr", None).unwrap();
        assert_eq!(g.uci_moves(), ["h2e2"]);
        let bad = g.illegal.unwrap();
        assert_eq!(bad.text, "200-3");
        // After the header, the root's 4 bytes and the first move's.
        assert_eq!(bad.place, Some(Place::Byte(MOVES_AT + 8)));
        // In a library, its place in the library.
        let mut lib = vec![0u8; 64];
        lib[..16].copy_from_slice(LIBRARY_MAGIC);
        lib.extend(record(&[]));
        let second = lib.len();
        lib.extend(b);
        let games = read_library(&lib, "l.cbl").unwrap();
        let bad = games[1].as_ref().unwrap().illegal.clone().unwrap();
        assert_eq!(bad.place, Some(Place::Byte(second + MOVES_AT + 8)));
    }

    #[test]
    fn library_splits_on_the_magic() {
        let mut lib = vec![0u8; 64];
        lib[..16].copy_from_slice(LIBRARY_MAGIC);
        lib.extend(record(&[[1, 0, 70, 67]]));
        lib.extend(record(&[]));
        let mut title = record(&[]);
        title[BOARD_AT..BOARD_AT + 90].fill(0);
        lib.extend(title);
        let games = read_library(&lib, "l.cbl").unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].as_ref().unwrap().moves.len(), 1);
        assert!(games[1].as_ref().unwrap().moves.is_empty());
    }

    /// A library whose index lists `n` games, one block each.
    fn indexed_library(n: u32) -> Vec<u8> {
        let mut lib = vec![0u8; INDEX_AT];
        lib[..16].copy_from_slice(LIBRARY_MAGIC);
        lib[60..64].copy_from_slice(&n.to_le_bytes());
        for slot in 0..n {
            let mut entry = vec![0u8; INDEX_ENTRY];
            entry[..4].copy_from_slice(&IN_USE.to_le_bytes());
            entry[4..8].copy_from_slice(&slot.to_le_bytes());
            lib.extend(entry);
        }
        for slot in 0..n {
            lib.extend(block(slot));
        }
        lib
    }

    /// The block of a library's game `round`: one move, its round.
    fn block(round: u32) -> Vec<u8> {
        let mut block = record(&[[1, 0, 70, 67]]);
        block[756] = b'1' + round as u8;
        block.resize(BLOCK, 0);
        block
    }

    /// The rounds of the games of `lib`, and the warnings of the first.
    fn rounds(lib: &[u8]) -> (Vec<String>, Vec<String>) {
        let games = read_library(lib, "l.cbl").unwrap();
        let games: Vec<Game> = games.into_iter().map(Result::unwrap).collect();
        let rounds = games
            .iter()
            .map(|g| g.round().unwrap().to_string())
            .collect();
        let warnings = games[0].warnings.iter().map(|w| w.en.clone()).collect();
        (rounds, warnings)
    }

    #[test]
    fn a_byte_lost_in_a_library_neither_brings_back_a_deleted_game_nor_loses_one() {
        // Three games in use, then the block of a deleted copy of the third
        // (its entry flagged, without the in-use bit, as 象棋桥 leaves it).
        let mut lib = indexed_library(3);
        let mut deleted = vec![0u8; INDEX_ENTRY];
        deleted[..4].copy_from_slice(&5u32.to_le_bytes());
        deleted[4..8].copy_from_slice(&2u32.to_le_bytes());
        lib.splice(
            INDEX_AT + 3 * INDEX_ENTRY..INDEX_AT + 3 * INDEX_ENTRY,
            deleted,
        );
        lib[60..64].copy_from_slice(&4u32.to_le_bytes());
        let mut copy = block(2);
        copy[1780] = b'X'; // another annotator: still the same game
        lib.extend(copy);
        let base = INDEX_AT + 4 * INDEX_ENTRY;
        let three = vec!["1".to_string(), "2".into(), "3".into()];
        assert_eq!(rounds(&lib), (three.clone(), vec![]));
        // A byte lost in the padding of the first record shifts the others
        // off their blocks: still the three games the index lists.
        let mut shifted = lib.clone();
        shifted.remove(base + BLOCK - 10);
        let (read, warnings) = rounds(&shifted);
        assert_eq!(read, three);
        assert_eq!(
            warnings,
            [format!(
                "2 records (at byte {}, {}) not where the library's index puts them, but a few \
                 bytes away (bytes lost or added before them: the file is damaged); each was \
                 read from where it was found",
                base + BLOCK - 1,
                base + 2 * BLOCK - 1
            )]
        );
        // A byte lost inside the index shifts its entries: it is no longer
        // trusted, every record found is read, the deleted copy left out,
        // and each game says so.
        let mut damaged = lib.clone();
        damaged.remove(INDEX_AT + INDEX_ENTRY + 2);
        let (read, warnings) = rounds(&damaged);
        assert_eq!(read, three);
        assert_eq!(
            warnings,
            [format!(
                "the library's index could not be used (entry 1 has flags 0x1000002: its entries \
                 are out of place, bytes were lost or added in or before it): the 4 records found \
                 in the file were read instead, in file order, so a game the library deleted may \
                 be among them; 1 record (at byte {}) repeats a game read before it (the same \
                 players, event, date, result and moves) and was left out",
                base + 3 * BLOCK - 1
            )]
        );
    }

    #[test]
    fn an_index_shifted_by_bytes_lost_or_added_before_it_is_found() {
        let lib = indexed_library(3);
        let three = vec!["1".to_string(), "2".into(), "3".into()];
        let lost = |at: usize, n: usize| [&lib[..at], &lib[at + n..]].concat();
        let added = |at: usize, n: usize| [&lib[..at], &vec![0u8; n], &lib[at..]].concat();
        for (bytes, warning) in [
            (
                lost(1000, 1),
                "1 byte lost before it (the file is damaged); it was found 1 byte earlier",
            ),
            (
                added(1000, 3),
                "3 bytes added before it (the file is damaged); it was found 3 bytes later",
            ),
            // Before the slot count, which moves too.
            (lost(20, 2), "2 bytes lost before it"),
        ] {
            let (read, warnings) = rounds(&bytes);
            assert_eq!(read, three, "{warning}");
            assert_eq!(warnings.len(), 1);
            assert!(
                warnings[0].starts_with("the library's index is not where it belongs: ")
                    && warnings[0].contains(warning),
                "{}",
                warnings[0]
            );
        }
        let zh = read_library(&added(1000, 1), "l.cbl").unwrap();
        assert_eq!(
            zh[0].as_ref().unwrap().warnings[0].zh,
            "棋谱库索引不在应在的位置：其前多出1字节（文件已损坏）；在后移1字节处找到索引，按它读出对局"
        );
    }

    #[test]
    fn a_library_cut_short_names_the_games_it_lost() {
        let lib = indexed_library(3);
        assert_eq!(read_library(&lib, "l.cbl").unwrap().len(), 3);
        // Cut inside the second game's record: one game read, two lost.
        let cut = &lib[..lib.len() - 2 * BLOCK + 1000];
        let games = read_library(cut, "l.cbl").unwrap();
        assert_eq!(games.len(), 3);
        assert!(games[0].is_ok());
        for lost in &games[1..] {
            let e = lost.as_ref().unwrap_err();
            assert_eq!(e.kind, ErrorKind::Truncated, "{e}");
        }
        assert_eq!(
            games[2].as_ref().unwrap_err().words().en,
            format!(
                "the library's index lists a record at byte {}, past the end of the file ({} bytes): the file is cut short",
                lib.len() - BLOCK,
                cut.len()
            )
        );
        // Cut inside the index: the file is cut short, not empty of games.
        let e = read_library(&lib[..INDEX_AT + 100], "l.cbl").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Truncated);
        assert_eq!(
            e.words().en,
            format!(
                "the file ends at byte {}, inside the library's index (which runs to byte {}): the file is cut short",
                INDEX_AT + 100,
                INDEX_AT + 3 * INDEX_ENTRY
            )
        );
    }

    #[test]
    fn truncated_and_bad_version() {
        let b = record(&[[4, 0, 70, 67]]);
        let mut cut = b.clone();
        cut.extend_from_slice(&[10, 0, 0, 0, 1]);
        let e = read_record(&cut, "c.cbr", None).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Truncated);
        // What was read before the cut is kept: the header and the moves.
        let partial = e.partial.as_deref().expect("the header was read");
        assert_eq!(partial.red(), Some("甲"));
        assert!(partial.moves.is_empty());
        let mut v1 = b.clone();
        v1[19] = 1;
        assert_eq!(
            read_record(&v1, "v.cbr", None).unwrap_err().kind,
            ErrorKind::Unsupported
        );
        assert_eq!(
            read_record(&b[..100], "s.cbr", None).unwrap_err().kind,
            ErrorKind::Truncated
        );
    }
}
