//! What a line of a PGN file or a pasted record is to the readers: a tag
//! line (whole, or one that lost its `[`), the start of numbered moves, the
//! end of a game (a result, in PGN or in Chinese words), a note. The split
//! of a PGN stream into games works on raw bytes, so these read a line's
//! bytes, decoding only what they must in the file's encoding.

use std::borrow::Cow;

use encoding_rs::Encoding;

use super::labels::FULL_WIDTH_BRACKETS;
use crate::notation::{Outcome, is_result_word, reads_as_move_text, spaced_result};

/// Whether a line starts a numbered movetext: `1.` (or `1、`, `1 .`), then a
/// move, which starts with a letter (coordinates, WXF) or a non-ASCII
/// character (Chinese notation, in any encoding).
pub(super) fn starts_numbered_moves(line: &[u8]) -> bool {
    let Some(rest) = line.strip_prefix(b"1") else {
        return false;
    };
    let rest = trim_ascii_start(rest);
    let rest = if let Some(r) = rest.strip_prefix(b".") {
        r
    } else if let Some(r) = rest.strip_prefix("、".as_bytes()) {
        r
    } else {
        return false;
    };
    trim_ascii_start(rest)
        .first()
        .is_some_and(|&b| b.is_ascii_alphabetic() || !b.is_ascii())
}

/// Whether a line of movetext ends with a result: a PGN result (`1-0`,
/// `0-1`, `1/2-1/2`, `*`, or with a colon: `1:0`, `½:½`), or result words as Chinese records write them
/// (红胜, （黑胜）, 【和棋】, 红方认负), also after a side's word and a space
/// or a colon (`红方 认负`, `红方：认负`, `Red resigns`: [`spaced_result`]),
/// read in `encoding` unless the last word is UTF-8. The last word is what
/// follows the last ASCII space, which no GBK, Big5 or UTF-8 character holds.
pub(super) fn ends_with_result(line: &[u8], encoding: &'static Encoding) -> bool {
    let line = line.trim_ascii_end();
    let last = line
        .iter()
        .rposition(u8::is_ascii_whitespace)
        .map_or(line, |i| &line[i + 1..]);
    if matches!(
        last,
        b"1-0" | b"0-1" | b"1/2-1/2" | b"*" | b"1:0" | b"0:1" | b"1/2:1/2"
    ) {
        return true;
    }
    let word = decoded(last, encoding);
    if !last.is_ascii() {
        let word = word.trim_end_matches(['。', '.']);
        let bare = FULL_WIDTH_BRACKETS
            .into_iter()
            .find_map(|(open, close)| word.strip_suffix(close)?.rsplit_once(open))
            .map_or(word, |(_, inner)| inner);
        if Outcome::parse(bare).is_some() {
            return true;
        }
    }
    (is_result_word(&word) || word.contains([':', '：'])) && ends_with_side_result(line, encoding)
}

/// Whether the line `line` ends with a side's word (or `Game`) and result words that
/// make a result ([`spaced_result`]: `红方 认负`, `黑方 超时 判负`,
/// `红方：认负`, `Red resigns`), read in `encoding` unless it is UTF-8.
fn ends_with_side_result(line: &[u8], encoding: &'static Encoding) -> bool {
    let line = decoded(line, encoding);
    let words: Vec<&str> = line.split_whitespace().rev().take(4).collect();
    (0..words.len()).any(|taken| {
        let after = &words[..taken];
        after.iter().all(|w| is_result_word(w))
            && spaced_result(words[taken], || after.iter().rev().copied()).is_some()
    })
}

/// `bytes` as text: UTF-8 when they are, else read in `encoding`.
fn decoded<'a>(bytes: &'a [u8], encoding: &'static Encoding) -> Cow<'a, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => encoding.decode_without_bom_handling(bytes).0,
    }
}

/// How many `{` comments and, outside them, `(` variations are open
/// after `text`, `open` being open before it. Text that is not UTF-8 is
/// read in `encoding`: a GBK or Big5 character may hide the byte of `{`.
pub(super) fn open_after(
    open: (usize, usize),
    text: &[u8],
    encoding: &'static Encoding,
) -> (usize, usize) {
    let decoded;
    let bytes = if text.is_ascii() || std::str::from_utf8(text).is_ok() {
        text
    } else {
        decoded = encoding.decode_without_bom_handling(text).0;
        decoded.as_bytes()
    };
    bytes.iter().fold(open, |(braces, parens), b| match b {
        b'{' => (braces + 1, parens),
        b'}' => (braces.saturating_sub(1), parens),
        b'(' if braces == 0 => (braces, parens + 1),
        b')' if braces == 0 => (braces, parens.saturating_sub(1)),
        _ => (braces, parens),
    })
}

/// Whether a line (trimmed at its start) is one note and nothing else:
/// `{…}`, `(…)`, `（…）`, `【…】` or `［…］` (read in `encoding` unless it is UTF-8).
pub(super) fn is_note_line(line: &[u8], encoding: &'static Encoding) -> bool {
    let text = match std::str::from_utf8(line) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => encoding.decode_without_bom_handling(line).0,
    };
    let text = text.trim_end();
    [('{', '}'), ('(', ')')]
        .into_iter()
        .chain(FULL_WIDTH_BRACKETS)
        .any(|(open, close)| {
            text.strip_prefix(open)
                .and_then(|t| t.strip_suffix(close))
                .is_some_and(|body| !body.contains(open) && !body.contains(close))
        })
}

/// Whether `line` (trimmed at its start) is a tag line (`[Name "value"]`,
/// not `[DhtmlXQ…`; or in full-width brackets, [`full_width_tag`]), or, when `lost_too`, one that lost its `[`
/// ([`is_bracketless_tag`], read in `encoding` unless it is UTF-8); if so,
/// whether its tag is Game, and whether it is Event.
pub(super) fn tag_line(
    line: &[u8],
    encoding: &'static Encoding,
    lost_too: bool,
) -> Option<(bool, bool)> {
    if let Some(full_width) = full_width_tag_line(line, encoding) {
        return Some(full_width);
    }
    let name = if line.starts_with(b"[") {
        if line.starts_with(b"[DhtmlXQ") {
            return None;
        }
        &line[1..]
    } else {
        if !lost_too || !line.trim_ascii_end().ends_with(b"]") {
            return None;
        }
        let text = match std::str::from_utf8(line) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => encoding.decode_without_bom_handling(line).0,
        };
        if !is_bracketless_tag(text.trim()) {
            return None;
        }
        line
    };
    Some(game_or_event(name))
}

/// The quotes a tag's value may be written in: ASCII, curly (`“…”`, as
/// Chinese word processors turn them) or full-width (`＂`); openers, then closers.
pub(super) const TAG_QUOTES: ([char; 3], [char; 3]) = (['"', '“', '＂'], ['"', '”', '＂']);

/// A tag line written with full-width brackets, as Chinese input methods
/// type them (`［Event "全国赛"］`, `［Red “许银川”］`), as the same line with
/// ASCII brackets; `None` unless the trimmed `line` has the whole shape of
/// one: `［`, a name (letters, digits or `_`), a quoted value, `］` (or `]`).
/// A note in such brackets (`［注：好棋］`) is none.
pub(super) fn full_width_tag(line: &str) -> Option<String> {
    let inner = line.strip_prefix('［')?.strip_suffix(['］', ']'])?.trim();
    let (open, close) = TAG_QUOTES;
    let key_end = inner.find(|c: char| c.is_whitespace() || open.contains(&c))?;
    let key = &inner[..key_end];
    let value = inner[key_end..].trim_start();
    let quoted = value.starts_with(open) && value.len() > 1 && value.ends_with(close);
    (!key.is_empty() && key.chars().all(|c| c.is_alphanumeric() || c == '_') && quoted)
        .then(|| format!("[{inner}]"))
}

/// [`tag_line`] for a line that opens with `［` (in `encoding`, or UTF-8):
/// whether it is a tag line ([`full_width_tag`]), and if so whether its tag
/// is Game, and whether it is Event.
fn full_width_tag_line(line: &[u8], encoding: &'static Encoding) -> Option<(bool, bool)> {
    let first = line.first()?;
    if first.is_ascii() {
        return None;
    }
    let utf8 = line.starts_with("［".as_bytes());
    // Two bytes hold `［` in GBK and Big5: the rest is decoded only then.
    if !utf8
        && !encoding
            .decode_without_bom_handling(line.get(..2)?)
            .0
            .starts_with('［')
    {
        return None;
    }
    let text = match std::str::from_utf8(line) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => encoding.decode_without_bom_handling(line).0,
    };
    let tag = full_width_tag(text.trim())?;
    Some(game_or_event(&tag.as_bytes()[1..]))
}

/// Whether the tag of a tag line whose text after the `[` is `name` is Game,
/// and whether it is Event: the whole name, not GameDuration or EventDate,
/// which cutechess and ChessBase write among a game's other tags.
fn game_or_event(name: &[u8]) -> (bool, bool) {
    let end = name
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || b == b'_'))
        .unwrap_or(name.len());
    (&name[..end] == b"Game", &name[..end] == b"Event")
}

pub(super) fn trim_ascii_start(b: &[u8]) -> &[u8] {
    let i = b
        .iter()
        .position(|c| !c.is_ascii_whitespace())
        .unwrap_or(b.len());
    &b[i..]
}

/// The first line of the moves (from byte `start` of `text`) that is a tag
/// line but for its lost `[` ([`is_bracketless_tag`]), with where it
/// starts. Lines that start inside a `{}` comment are the comment's.
pub(super) fn tag_without_bracket(text: &str, start: usize) -> Option<(usize, &str)> {
    let mut at = start;
    // How many `{` are open at byte `counted`: counted up to a line that
    // looks like a tag line only, as such lines are rare.
    let (mut depth, mut counted) = (0usize, start);
    for line in text[start..].split_inclusive('\n') {
        let t = line.trim();
        if is_bracketless_tag(t) {
            for b in text[counted..at].bytes() {
                match b {
                    b'{' => depth += 1,
                    b'}' => depth = depth.saturating_sub(1),
                    _ => {}
                }
            }
            counted = at;
            if depth == 0 {
                return Some((at, t));
            }
        }
        at += line.len();
    }
    None
}

/// Whether the trimmed line `t` is a tag line but for its lost `[`: a name
/// (letters, digits or `_`, in any script, as `Event`, `event`, `红方`; not
/// a move such as `h2e2` or `炮二平五`), a quoted value, then `]`, spaces
/// allowed between them (`Event "…"]`, `red"…" ]`). No move reads so.
pub(super) fn is_bracketless_tag(t: &str) -> bool {
    let Some(value) = t
        .strip_suffix(']')
        .and_then(|inner| inner.trim_end().strip_suffix('"'))
    else {
        return false;
    };
    let Some(open) = value.find('"') else {
        return false;
    };
    let key = value[..open].trim_end();
    !key.is_empty()
        && !key.starts_with(|c: char| c.is_ascii_digit())
        && key.chars().all(|c| c.is_alphanumeric() || c == '_')
        && !reads_as_move_text(key)
}
