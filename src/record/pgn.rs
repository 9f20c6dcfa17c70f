//! Xiangqi PGN (xqbase spec) and pasted move lists.
//!
//! A PGN file is split game by game from a byte stream: a tag line after
//! movetext, or a second `[Game`/`[Event` tag, starts a new game. Lines never
//! start inside a multi-byte GBK or Big5 character, so the split works on the
//! raw bytes before decoding.

use std::io::BufRead;

use encoding_rs::Encoding;

use crate::board::{Color, Position, Ranks};
use crate::notation;
use crate::notation::ranks_from_one::{self, Reading};

use super::brackets::Brackets;
use super::encoding::{close_chinese_guess, detect_encoding};
use super::error::{ErrorKind, RecordError, warn_first, warn_of_encoding};
use super::game::{Game, IllegalMove};
use super::header_lines::{header_lines, result_of};
use super::list_games::{GameStarts, game_starts, is_line_of_moves, reads_as_moves};
use super::movetext::{Extent, ResultToken, Semicolon, read_movetext, read_movetext_to};
use super::pgn_lines::{
    TAG_QUOTES, ends_with_result, full_width_tag, is_bracketless_tag, is_note_line, open_after,
    starts_numbered_moves, tag_line, tag_without_bracket, trim_ascii_start,
};
use super::place::Place;
use super::replay::{Replay, initial_position};
use crate::ucci::protocol::{Start, parse_position};
use crate::words::Words;

/// Largest text one game may take; longer games are reported and skipped.
const MAX_GAME_BYTES: usize = 16 << 20;

/// Whether the text has a PGN tag line near its start.
pub(crate) fn looks_like_pgn(text: &str) -> bool {
    text.lines().take(64).any(|l| {
        let l = l.trim();
        parse_tag(l).is_some() || full_width_tag(l).is_some()
    })
}

/// Reads a tag line `[Name "value"]` (the value may be in curly or
/// full-width quotes, `“value”`).
fn parse_tag(line: &str) -> Option<(&str, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (key, rest) = inner.split_once(|c: char| c.is_whitespace() || TAG_QUOTES.0.contains(&c))?;
    if key.is_empty() || !key.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let full = &inner[key.len()..];
    let (open, close) = TAG_QUOTES;
    let value = match (full.find(open), full.rfind(close)) {
        (Some(a), Some(b)) if b > a => {
            let quote = full[a..].chars().next().map_or(1, char::len_utf8);
            let v = &full[a + quote..b];
            if v.contains('\\') {
                v.replace("\\\"", "\"")
            } else {
                v.to_string()
            }
        }
        _ => rest.trim().to_string(),
    };
    Some((key, value))
}

/// Why the line `line` (number `number` in the file), which starts like a
/// tag, is none.
fn broken_tag_line(line: &str, number: usize) -> Words {
    let shown: String = line.chars().take(60).collect();
    let shown = if shown.len() < line.len() {
        format!("{shown}…")
    } else {
        shown
    };
    if line.ends_with(']') {
        Words::new(
            format!("line {number}: '{shown}' is not a tag line such as [Event \"…\"]"),
            format!("第{number}行的“{shown}”不是[Event \"…\"]之类的标签行"),
        )
    } else {
        Words::new(
            format!("line {number}: the tag line '{shown}' is not closed by ']'"),
            format!("第{number}行的标签行“{shown}”缺少“]”"),
        )
    }
}

/// Splits a byte stream into games and reads each one.
pub(crate) struct PgnStream<R> {
    head: std::io::Cursor<Vec<u8>>,
    reader: R,
    encoding: &'static Encoding,
    /// The caller chose the encoding; otherwise a game that is not valid
    /// UTF-8 in a file detected as UTF-8 is decoded by its own detection.
    forced: bool,
    name: String,
    /// The first line of the next game, already read, and its number.
    pending: Option<(Vec<u8>, usize)>,
    /// How many lines have been read.
    lines_read: usize,
    index: usize,
    done: bool,
    first_line: bool,
    /// Lines end with a lone CR (as old Mac programs wrote them), decided at
    /// the first line.
    cr_lines: bool,
    /// The warning for text before the first tag line that reads as moves
    /// (which are not read), until a game carries it.
    moves_before_tags: Option<Words>,
    /// The warning that the file's encoding was a close guess between GBK
    /// and Big5, until the first game carries it.
    encoding_note: Option<Box<Words>>,
}

impl<R: BufRead> PgnStream<R> {
    /// Streams the games of `head` followed by the rest of `reader`, decoded
    /// with `encoding` (detected from the head unless `forced`).
    pub(crate) fn new(
        head: Vec<u8>,
        reader: R,
        encoding: &'static Encoding,
        forced: bool,
        name: String,
    ) -> PgnStream<R> {
        PgnStream {
            head: std::io::Cursor::new(head),
            reader,
            encoding,
            forced,
            name,
            pending: None,
            lines_read: 0,
            index: 0,
            done: false,
            first_line: true,
            cr_lines: false,
            moves_before_tags: None,
            encoding_note: None,
        }
    }

    /// The stream, with the first game warned that the file's encoding was
    /// a close guess ([`close_chinese_guess`]), if `note` says so.
    pub(crate) fn with_encoding_note(self, note: Option<Words>) -> PgnStream<R> {
        PgnStream {
            encoding_note: note.map(Box::new),
            ..self
        }
    }

    fn read_line(&mut self, buf: &mut Vec<u8>) -> std::io::Result<usize> {
        buf.clear();
        let end = if self.cr_lines { b'\r' } else { b'\n' };
        let mut n = self.head.read_until(end, buf)?;
        if !buf.ends_with(&[end]) {
            n += self.reader.read_until(end, buf)?;
        }
        if self.first_line && !self.cr_lines && !buf.ends_with(b"\n") && has_lone_cr(buf) {
            // No LF in the whole file, and CRs: its lines end so. The bytes
            // read go back in front of the rest, read again by CR.
            self.cr_lines = true;
            let at = usize::try_from(self.head.position()).unwrap_or(usize::MAX);
            let mut again = std::mem::take(buf);
            again.extend_from_slice(self.head.get_ref().get(at..).unwrap_or_default());
            self.head = std::io::Cursor::new(again);
            return self.read_line(buf);
        }
        if self.cr_lines && buf.last() == Some(&b'\r') {
            buf.pop();
            buf.push(b'\n');
        }
        self.lines_read += 1;
        if self.first_line {
            self.first_line = false;
            if buf.starts_with(&[0xEF, 0xBB, 0xBF]) {
                buf.drain(..3);
            }
        }
        Ok(n)
    }

    /// Collects the next game's bytes and the number of its first line;
    /// `Ok(None)` at the end of the input.
    fn next_chunk(&mut self) -> Result<Option<(Vec<u8>, usize, bool)>, std::io::Error> {
        let (mut chunk, mut first_line) = self.pending.take().unwrap_or_default();
        // The pending line is a tag, or the first line of a game without tags.
        let pending_tag = tag_line(trim_ascii_start(&chunk), self.encoding, true);
        let mut has_tags = pending_tag.is_some();
        let mut has_game_tag = pending_tag.is_some_and(|(game, _)| game);
        let mut has_event_tag = pending_tag.is_some_and(|(_, event)| event);
        let mut has_moves = !chunk.is_empty() && !has_tags;
        // The last line of movetext ended with a result (the pending line
        // too, when it is the first line of a game without tags).
        let mut ended = has_moves && ends_with_result(trim_ascii_start(&chunk), self.encoding);
        let mut overflow = false;
        // Where the movetext starts in the chunk (a game without tags: at
        // its first line), once a line of it is there.
        let mut movetext_at = has_moves.then_some(0);
        // The `{` comments and `(` variations open after the first `scanned`
        // bytes of the chunk, looked at only when a line starts at `1.`.
        let (mut open, mut scanned) = ((0, 0), 0);
        // A line of the movetext started numbered moves (`1.`) outside
        // comments and variations: another such line starts them again.
        let mut numbered = has_moves && starts_numbered_moves(trim_ascii_start(&chunk));
        let mut line = Vec::new();
        loop {
            if self.read_line(&mut line)? == 0 {
                break;
            }
            let trimmed = trim_ascii_start(&line);
            // A tag line that lost its `[` is one among the tags, or after
            // a game that ended with its result; after moves it ends them
            // ([`tag_without_bracket`]).
            let tag = tag_line(trimmed, self.encoding, !has_moves || ended);
            if let Some((game_tag, event_tag)) = tag {
                let new_game = has_moves
                    || (game_tag && has_tags)
                    || (event_tag && has_event_tag && !has_game_tag);
                if new_game {
                    self.pending = Some((std::mem::take(&mut line), self.lines_read));
                    break;
                }
                has_tags = true;
                has_game_tag |= game_tag;
                has_event_tag |= event_tag;
            } else if trimmed.iter().all(|b| b.is_ascii_whitespace()) {
                if !(has_tags || has_moves) {
                    // Blank lines before a game are none of it.
                    continue;
                }
            } else {
                // Numbered moves before the first tag, after a game that
                // ended with its result, or starting again at `1.` (outside
                // comments and variations), are a game without tags.
                let starts_moves = starts_numbered_moves(trimmed);
                // Whether the movetext so far leaves no comment or variation
                // open: looked at only for a line that starts at `1.`.
                let outside = starts_moves && {
                    if let Some(at) = movetext_at {
                        let from = scanned.max(at).min(chunk.len());
                        open = open_after(open, &chunk[from..], self.encoding);
                        scanned = chunk.len();
                    }
                    open == (0, 0)
                };
                let untagged_game =
                    starts_moves && (ended || !(has_tags || has_moves) || (numbered && outside));
                if untagged_game && has_moves {
                    self.pending = Some((std::mem::take(&mut line), self.lines_read));
                    break;
                }
                if !(has_tags || has_moves || untagged_game) {
                    // Other text before the first tag is not a game; if it
                    // reads as moves, the first game says they were not read.
                    if self.moves_before_tags.is_none() {
                        self.moves_before_tags =
                            moves_before_tags(trimmed, self.encoding, self.lines_read);
                    }
                    continue;
                }
                has_moves = true;
                numbered |= outside;
                // A note after the result ({红方超时}, （注：…）) does not undo it.
                ended = ends_with_result(trimmed, self.encoding)
                    || (ended && is_note_line(trimmed, self.encoding));
            }
            if chunk.len() + line.len() > MAX_GAME_BYTES {
                overflow = true;
                chunk.clear();
            } else if !overflow {
                if chunk.is_empty() {
                    first_line = self.lines_read;
                }
                if has_moves && movetext_at.is_none() {
                    movetext_at = Some(chunk.len());
                }
                chunk.extend_from_slice(&line);
            }
        }
        if !has_tags && chunk.is_empty() && !overflow {
            return Ok(None);
        }
        Ok(Some((chunk, first_line, overflow)))
    }
}

/// The warning for the line `line` (number `number`), before the first
/// tag line of a file, when it reads as moves ([`reads_as_moves`]): they
/// are not read, as a game starts at its tags.
fn moves_before_tags(line: &[u8], encoding: &'static Encoding, number: usize) -> Option<Words> {
    let text = match std::str::from_utf8(line) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => encoding.decode_without_bom_handling(line).0,
    };
    let text = text.trim();
    if !reads_as_moves(text) {
        return None;
    }
    let shown: String = text.chars().take(40).collect();
    let shown = if shown.len() < text.len() {
        format!("{shown}…")
    } else {
        shown
    };
    Some(Words::new(
        format!(
            "line {number}: the text before the first tag line reads as moves ('{shown}'), which are not read: a game starts at its tags"
        ),
        format!(
            "第{number}行：第一个标签行之前的文字像是着法（“{shown}”），未读入：对局从标签行开始"
        ),
    ))
}

/// Whether `line` holds a CR that no LF follows (before its end).
fn has_lone_cr(line: &[u8]) -> bool {
    line.iter()
        .enumerate()
        .any(|(i, &b)| b == b'\r' && line.get(i + 1).is_some_and(|&next| next != b'\n'))
}

impl<R: BufRead> Iterator for PgnStream<R> {
    type Item = Result<Game, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.done {
                return None;
            }
            if let Some(item) = self.next_item() {
                return item;
            }
        }
    }
}

impl<R: BufRead> PgnStream<R> {
    /// The next item, or `None` for a chunk without tags that is no game
    /// (a numbered note), passed over as text outside games is.
    fn next_item(&mut self) -> Option<Option<Result<Game, RecordError>>> {
        match self.next_chunk() {
            Ok(None) => {
                self.done = true;
                Some(None)
            }
            Ok(Some((chunk, first_line, overflow))) => {
                let index = self.index;
                if overflow {
                    self.index += 1;
                    return Some(Some(Err(RecordError::game(
                        &self.name,
                        index,
                        ErrorKind::TooLarge,
                        Words::new(
                            format!(
                                "the game's text is longer than {MAX_GAME_BYTES} bytes; skipped"
                            ),
                            format!("这局棋的文本超过{MAX_GAME_BYTES}字节，未读"),
                        ),
                    ))));
                }
                // Unless forced, each game is decoded by its own bytes too:
                // files of several programs put together mix encodings, and
                // valid UTF-8 is UTF-8 whatever the head of the file was.
                let mut encoding = self.encoding;
                let mut guessed = None;
                if !self.forced && !super::encoding::is_utf16(encoding) {
                    if std::str::from_utf8(&chunk).is_ok() {
                        encoding = encoding_rs::UTF_8;
                    } else if encoding == encoding_rs::UTF_8 {
                        encoding = detect_encoding(&chunk, true);
                        guessed = close_chinese_guess(&chunk, encoding);
                    }
                }
                let (text, _) = encoding.decode_without_bom_handling(&chunk);
                let mut game = read_game(&text, &self.name, index, first_line).transpose()?;
                self.index += 1;
                // The first game carries the warning about moves before the
                // tags: among its warnings, or, when it could not be read at
                // all, in its error after the reason.
                if let Some(w) = self.moves_before_tags.take() {
                    warn_first(&mut game, w);
                }
                // So does the warning that its encoding was a close guess,
                // and a game whose encoding was guessed apart, its own.
                if let Some(w) = guessed.or_else(|| self.encoding_note.take().map(|w| *w)) {
                    warn_of_encoding(&mut game, w);
                }
                Some(Some(game))
            }
            Err(e) => {
                self.done = true;
                Some(Some(Err(RecordError::io(&self.name, &e))))
            }
        }
    }
}

/// Reads every game of a decoded PGN text.
pub(crate) fn read_all(text: &str, name: &str) -> Vec<Result<Game, RecordError>> {
    PgnStream::new(
        Vec::new(),
        std::io::Cursor::new(text.as_bytes()),
        encoding_rs::UTF_8,
        true,
        name.to_string(),
    )
    .collect()
}

/// Reads one game's text, whose first line is line `first_line` of the file:
/// tags, then movetext. `None` for a text without tags whose first word is
/// no move: a numbered note, not a game.
pub(crate) fn read_game(
    text: &str,
    name: &str,
    index: usize,
    first_line: usize,
) -> Result<Option<Game>, RecordError> {
    let mut tags = Vec::new();
    // Tag lines that lost their `[`, read as tags.
    let mut warnings = Vec::new();
    let mut body_start = text.len();
    let mut offset = 0;
    for (n, line) in text.split_inclusive('\n').enumerate() {
        let t = line.trim();
        if t.is_empty() {
            offset += line.len();
            continue;
        }
        // A tag line that lost its `[`, among the tags: read as the tag.
        if !t.starts_with('[')
            && is_bracketless_tag(t)
            && let Some((k, v)) = parse_tag(&format!("[{t}"))
        {
            let number = first_line + n;
            warnings.push(Words::new(
                format!(
                    "line {number}: '{t}' is a tag line that lost its '[': read as the tag {k}"
                ),
                format!("第{number}行的“{t}”是缺了“[”的标签行：按标签{k}读入"),
            ));
            tags.push((k.to_string(), v));
            offset += line.len();
            continue;
        }
        // A tag line in full-width brackets reads as one in ASCII brackets.
        let full_width = full_width_tag(t);
        match parse_tag(full_width.as_deref().unwrap_or(t)) {
            Some((k, v)) => tags.push((k.to_string(), v)),
            // A broken tag line: the game's record is damaged, which is no
            // illegal move of a player.
            None if t.starts_with('[') && !t.starts_with("[DhtmlXQ") => {
                let why = broken_tag_line(t, first_line + n);
                let at = offset + (line.len() - line.trim_start().len());
                return Err(RecordError::game(name, index, ErrorKind::Syntax, why)
                    .at(Place::in_text(text, at, first_line)));
            }
            None => {
                body_start = offset;
                break;
            }
        }
        offset += line.len();
    }
    let fen = tags
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("FEN"))
        .map(|(_, v)| v.trim());
    let start = match fen {
        Some(f) if !f.is_empty() => Position::from_fen(f).map_err(|e| {
            RecordError::game(
                name,
                index,
                ErrorKind::BadPosition,
                e.words().prefixed("FEN tag", "FEN标签"),
            )
        })?,
        _ => initial_position(),
    };
    let flexible = fen.is_none_or(|f| f.split_whitespace().count() < 2);
    // A tag line whose '[' was lost ends the moves: it is no move.
    let lost = tag_without_bracket(text, body_start);
    let body = lost.as_ref().map_or(text, |(at, _)| &text[..*at]);
    let read = |body: &str, ranks| {
        read_body(
            body,
            (body_start, first_line),
            (&start, flexible, ranks),
            (name, index),
        )
    };
    let Body {
        mut game,
        token,
        no_move,
    } = ranks_from_one::choose(body, body_start, read)?;
    if tags.is_empty() && no_move {
        return Ok(None);
    }
    // After the result, the line is the next game's: not this one's damage.
    let lost = lost.filter(|_| token == ResultToken::Absent);
    let tag_result = tags
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("Result"))
        .and_then(|(_, v)| result_of(v));
    game.result = match token {
        ResultToken::Known(r) => Some(r),
        _ => tag_result,
    };
    // The Termination tag is how the game ended, unless it says no more
    // than that it did (`normal`) where the result's words under the moves,
    // or the last comment, say how (红方超时 0-1): the more specific wins.
    if let Some((_, t)) = tags
        .iter()
        .find(|(k, v)| k.eq_ignore_ascii_case("Termination") && !v.trim().is_empty())
    {
        let says = |t: &str| notation::Ending::read(t) != notation::Ending::Unknown;
        if says(t) || !game.termination.as_deref().is_some_and(says) {
            game.termination = Some(t.trim().to_string());
        }
    }
    game.tags = tags;
    game.warnings.splice(0..0, warnings);
    match lost {
        Some((at, line)) => {
            let number = first_line + text[..at].matches('\n').count();
            let why = Words::new(
                format!(
                    "line {number}: '{line}' is a tag line that lost its '[': the moves end before it"
                ),
                format!("第{number}行的“{line}”是缺了“[”的标签行：着法到此为止"),
            );
            Err(RecordError::game(name, index, ErrorKind::Syntax, why).with_partial(game))
        }
        None => Ok(Some(game)),
    }
}

/// A PGN game's movetext, read: the game (its moves, comments, and the
/// move that stops it), the result that ends it, and whether its first
/// text reads as no move.
struct Body {
    /// The game of the movetext.
    game: Game,
    /// The result that ends the movetext, or why there is none.
    token: ResultToken,
    /// Whether the movetext's first text reads as no move in any notation
    /// ([`Replay::first_text_is_no_move`]).
    no_move: bool,
}

impl Reading for Body {
    fn stop(&self) -> Option<usize> {
        self.game.stop()
    }

    fn stopped_at(&self) -> Option<(usize, &str)> {
        self.game.stopped_at()
    }

    fn note(&mut self, note: Words) {
        self.game.note(note);
    }

    fn add_to_stop(&mut self, more: &Words) {
        self.game.add_to_stop(more);
    }

    fn in_ranks_from_one(&mut self) {
        self.game.in_ranks_from_one();
    }
}

/// Reads the movetext of `text` from its byte `body_start` (on line
/// `first_line` of the file), from `start` (whose side to move is
/// `flexible`), as the game `index` of the file `name`, read in `ranks`
/// ([`Replay::in_ranks`]). A move read two ways
/// before the first that only XBoard's SAN reads is decided by the whole
/// record, read again in SAN, if it plays as far so.
fn read_body(
    text: &str,
    (body_start, first_line): (usize, usize),
    (start, flexible, ranks): (&Position, bool, Ranks),
    (name, index): (&str, usize),
) -> Result<Body, RecordError> {
    let read = |mut replay: Replay| {
        // A numbered coordinate or Chinese move takes six bytes or more.
        replay.reserve((text.len() - body_start) / 6);
        read_movetext(
            text,
            body_start,
            first_line,
            &mut replay,
            Semicolon::Comment,
        )
        .map(|token| (replay, token))
        .map_err(|why| RecordError::game(name, index, ErrorKind::Syntax, why))
    };
    let (mut replay, mut token) = read(Replay::new(start.clone(), flexible).in_ranks(ranks))?;
    if let Some(san) = replay.san_after_coordinates()
        && let Ok((again, again_token)) =
            read(Replay::in_san(start.clone(), flexible, san).in_ranks(ranks))
        && again.plies_read() >= replay.plies_read()
    {
        (replay, token) = (again, again_token);
    }
    let no_move = replay.first_text_is_no_move();
    Ok(Body {
        game: replay.finish(),
        token,
        no_move,
    })
}

/// Reads the games of a move-list file: one game per line when every line
/// is a `position` command (as `convert --to uci` writes them), else one
/// record per game the text shows ([`game_starts`]: a result, move numbers
/// starting again at `1.`, a title line), each read by [`read_move_list`].
pub(crate) fn read_move_lists(text: &str, name: &str) -> Vec<Result<Game, RecordError>> {
    let text = text.trim_start_matches('\u{feff}');
    // A chat's names before the moves are read as the sides' labels, and
    // name the players of the games they label.
    let chat = notation::chat(text);
    let text = chat.as_ref().map_or(text, |chat| chat.text.as_str());
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let commands: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.trim().strip_prefix("position "))
        .collect();
    if commands.len() < 2 || commands.len() != lines.len() {
        let (starts, guessed) = with_new_games(text, game_starts(text), name);
        let ends = starts.iter().skip(1).map(|&(at, _)| at).chain([text.len()]);
        return starts
            .iter()
            .zip(ends)
            .enumerate()
            .map(|(index, (&(start, line), end))| {
                let mut game = read_move_list(&text[start..end], name, index, line);
                if let Ok(game) = &mut game {
                    let within = |&&(at, _): &&(usize, Words)| start <= at && at < end;
                    for (_, why) in guessed.iter().filter(within) {
                        game.warnings.push(why.clone());
                    }
                    if let Some(chat) = chat
                        .as_ref()
                        .filter(|c| start <= c.span.1 && c.span.0 < end)
                    {
                        name_players(game, &chat.players);
                        let skipped = chat
                            .skipped
                            .iter()
                            .filter(|(at, _)| (start..end).contains(at));
                        game.warnings.extend(skipped.map(|(_, why)| why.clone()));
                    }
                }
                game
            })
            .collect();
    }
    commands
        .iter()
        .enumerate()
        .map(|(index, args)| read_position_line(args, name, index))
        .collect()
}

/// Names the players `[red, black]` of a chat's game ([`notation::chat`]),
/// unless its header lines named them.
fn name_players(game: &mut Game, [red, black]: &[String; 2]) {
    for (tag, player) in [("Red", red), ("Black", black)] {
        if game.tag(tag).is_none() {
            game.push_tag(tag, player);
        }
    }
}

/// A line that may start a game (its byte offset and its number), and
/// whether it follows a blank line ([`with_new_games`]).
type Candidate = ((usize, usize), bool);

/// Lines of a text, each as its byte offset and its number (from 1).
type Lines = Vec<(usize, usize)>;

/// The starts of the games of `text` (file `name`) its text shows, and
/// those of its lines that replaying shows to start a game:
///
/// - a line naming a side alone ([`GameStarts::side_notes`]), where the
///   game read over it names that side in a header line of its own
///   (`红方：许银川`), so the file heads its games so: the game stops at an
///   illegal move after it, while the text from the line to the next such
///   line or game reads as a game of its own, every move legal from the
///   start. Otherwise the line stays a note: a note (`红方：弃车`) and a new
///   game's only header line (`红方：赵国荣`) read alike, and moves that go
///   on legally under it may be either game's;
/// - a line of moves after a blank line ([`GameStarts::after_gaps`]),
///   after which the game stops at an illegal move (on the line or
///   further down, before the next such line), while the text from it to
///   there reads as a game of its own.
///
/// Besides the starts, the lines where the split is a guess, with the
/// warning the game that holds them gives: a header line kept as a note
/// where the file heads its games with such lines
/// ([`header_line_kept_as_note`]), a game started after a blank line
/// ([`game_after_blank_line`]), and a game that goes on over a blank line
/// after its opening when the text after it reads from the start as a
/// game's opening too ([`game_over_blank_line`]), so that no game is
/// merged into another, or split from it, unsaid.
fn with_new_games(text: &str, starts: GameStarts, name: &str) -> (Lines, Vec<(usize, Words)>) {
    let GameStarts {
        games,
        side_notes,
        after_gaps,
    } = starts;
    if side_notes.is_empty() && after_gaps.is_empty() {
        return (games, Vec::new());
    }
    // Each reading here wants no more than the moves up to the stop, if
    // there is one, and whether the text reads.
    let brackets = Brackets::of(text);
    let read = |from: (usize, usize), to: usize| {
        let extent = Extent::ToStop {
            plain: brackets.plain(from.0, to),
        };
        read_move_list_to(&text[from.0..to], name, 0, from.1, extent)
    };
    let plays_whole = |game: &Game| game.illegal.is_none() && !game.moves.is_empty();
    // Each line that may start a game, and whether it follows a blank
    // line (a header line after one is listed twice: once is enough).
    let mut lines: Vec<Candidate> = side_notes
        .into_iter()
        .map(|at| (at, false))
        .chain(after_gaps.into_iter().map(|at| (at, true)))
        .collect();
    lines.sort_unstable();
    lines.dedup_by(|later, kept| {
        let same = later.0 == kept.0;
        kept.1 |= same && later.1;
        same
    });
    let mut out = Vec::with_capacity(games.len() + lines.len());
    let mut guessed = Vec::new();
    let mut rest = &lines[..];
    for (i, &start) in games.iter().enumerate() {
        let end = games.get(i + 1).map_or(text.len(), |&(at, _)| at);
        out.push(start);
        let mut from = start;
        let (mine, later) = rest.split_at(rest.iter().take_while(|l| l.0.0 < end).count());
        rest = later;
        // Where the game read from `from` stops, found once for each
        // `from` (so that no line reads the game above again), and
        // whether it has its opening's plies before a line.
        let mut state = None;
        let mut opening = false;
        for (k, &(line, after_gap)) in mine.iter().enumerate() {
            if line.0 <= from.0 {
                continue;
            }
            // The text up to the next such line, or the game's end.
            let to = mine.get(k + 1).map_or(end, |&((at, _), _)| at.min(end));
            let stops = state.get_or_insert_with(|| {
                opening = false;
                Stops::find(&read, (from, end), (mine, k))
            });
            // Where the game read up to `to` stops, if it reads.
            let (merged, stop) = match stops {
                Stops::Never => (true, None),
                // Past the line whose text holds the stop, the game stops
                // before the line: nothing to try.
                Stops::At { first, .. } if k > *first => continue,
                Stops::At { first, bad } => (true, (k == *first).then(|| bad.clone())),
                Stops::Unknown => match read(from, to) {
                    Ok(game) => (true, game.illegal),
                    Err(_) => (false, None),
                },
            };
            // Where the game read up to its end stops.
            let end_stop = match stops {
                Stops::At { bad, .. } => Some(bad.clone()),
                _ => None,
            };
            let first_line = text[line.0..].lines().next().unwrap_or("").trim();
            // The key of a header line (红方：…, 开局：…) the game above
            // heads itself with too: the file heads its games so.
            let (tags, _) = header_lines(first_line);
            let heads = |before: &Game| {
                tags.first()
                    .is_some_and(|(key, _)| before.tag(key).is_some())
            };
            // A game that goes on over a blank line, as most do, is not
            // read again up to it; but when the text after the line reads
            // from the start as a game's opening, after one, the merge is
            // a guess, and the game says so.
            if after_gap && stop.is_none() && tags.is_empty() {
                // The cheap tests first: the line's first word is a move
                // from the start (else a reading from it stops at once, and
                // looks for the move's near misses, which costs), and the
                // game up to the line, which plays whole.
                // The game has its opening's plies before a line once it
                // has them before an earlier one.
                if merged
                    && opens_a_game(first_line.split_whitespace().next().unwrap_or(""))
                    && (opening || {
                        opening = read(from, line.0).is_ok_and(|g| g.moves.len() >= OPENING_PLIES);
                        opening
                    })
                    && let Ok(after) = read(line, end)
                {
                    // The game stops further down, past other blank lines,
                    // while the text from this one reads whole as a game:
                    // a new game here.
                    if let Some(bad) = end_stop.filter(|_| plays_whole(&after)) {
                        out.push(line);
                        from = line;
                        state = None;
                        let why = game_after_blank_line(first_line, line.1, (bad.ply, &bad.text));
                        guessed.push((line.0, why));
                    } else if after.moves.len() >= OPENING_PLIES && after.start.turn() == Color::Red
                    {
                        guessed.push((line.0, game_over_blank_line(first_line, line.1)));
                    }
                }
                continue;
            }
            let Ok(before) = read(from, line.0) else {
                continue;
            };
            if before.illegal.is_some() {
                continue;
            }
            // The game stops after the line, which reads as a game of its
            // own from the start up to where the next may start.
            let bad = stop.as_ref().filter(|bad| bad.ply > before.moves.len());
            let splits = bad.is_some() && read(line, to).is_ok_and(|g| plays_whole(&g));
            if heads(&before) {
                if splits {
                    out.push(line);
                    from = line;
                    state = None;
                } else {
                    guessed.push((line.0, header_line_kept_as_note(first_line, line.1)));
                }
            } else if let Some(bad) = bad.filter(|_| after_gap && splits) {
                out.push(line);
                from = line;
                state = None;
                let why = game_after_blank_line(first_line, line.1, (bad.ply, &bad.text));
                guessed.push((line.0, why));
            } else if after_gap && stop.is_none() {
                // A header line after a blank line over moves that go on:
                // the next game's, or a note?
                if before.moves.len() >= OPENING_PLIES
                    && read(line, to).is_ok_and(|g| plays_whole(&g))
                {
                    guessed.push((line.0, game_over_blank_line(first_line, line.1)));
                }
            }
        }
    }
    (out, guessed)
}

/// Where the game read from a line of a text stops, as
/// [`with_new_games`] asks of each line after it that may start a game.
enum Stops {
    /// It plays whole to its end.
    Never,
    /// It stops at `bad`, which the text of the line of index `first`
    /// holds (the game read up to the next line stops, and up to the line
    /// itself not).
    At { first: usize, bad: IllegalMove },
    /// It does not read to its end (a comment never closed): each line
    /// reads it up to the next.
    Unknown,
}

impl Stops {
    /// Where the game read by `read` from `from` up to `end` stops, with
    /// `lines` the lines that may start a game from index `k` on, each
    /// read up to the next or to `end`. A game that stops is read again
    /// for as few lines as an exponential search takes: the moves up to a
    /// line are those up to a later line's first, so a game that stops
    /// before a line stops before every later one. Each reading stops at
    /// the stop ([`Extent::ToStop`]), so that finding a stop costs the
    /// text up to it, not the text after it: a text of games in
    /// paragraphs is read in a time linear in its length.
    fn find(
        read: &dyn Fn((usize, usize), usize) -> Result<Game, RecordError>,
        (from, end): ((usize, usize), usize),
        (lines, k): (&[Candidate], usize),
    ) -> Stops {
        let bad = match read(from, end) {
            Ok(game) => match game.illegal {
                None => return Stops::Never,
                Some(bad) => bad,
            },
            Err(_) => return Stops::Unknown,
        };
        let to = |j: usize| lines.get(j + 1).map_or(end, |&((at, _), _)| at.min(end));
        let stops_before = |j: usize| read(from, to(j)).is_ok_and(|g| g.illegal.is_some());
        // The stop is most often near: the lines from `k` are tried at
        // steps that double, then the last step is searched.
        let last = lines.len() - 1;
        let (mut low, mut high) = (k, k);
        while high < last && !stops_before(high) {
            low = high + 1;
            high = (2 * high - k + 1).min(last);
        }
        while low < high {
            let mid = low + (high - low) / 2;
            if stops_before(mid) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        Stops::At { first: low, bad }
    }
}

/// The warning for the game that starts at the line of moves `line`
/// (number `number`) after a blank line: the game above cannot go on with
/// the moves from there (its move `bad` at ply `ply`, on the line or
/// further down, is no move there), but from the start they read as a
/// game, so it is read as a game of its own.
fn game_after_blank_line(line: &str, number: usize, (ply, bad): (usize, &str)) -> Words {
    Words::new(
        format!(
            "line {number}: '{line}' after a blank line is read as a new game: the game above cannot go on with it ('{bad}' is no move at its ply {ply}), and from the start its moves read as a game of their own (if it is the same game, its move there is wrong)"
        ),
        format!(
            "第{number}行：空行之后的“{line}”按新的一局读入：上一局不能以此接着走（“{bad}”不是其第{ply}着可走的着法），而从开局起这些着法自成一局（若仍是同一局，则该处的着法有误）"
        ),
    )
}

/// Whether the word `word` is a first move from the start, by either side.
fn opens_a_game(word: &str) -> bool {
    let start = initial_position();
    notation::read_move(&start, word).is_ok() || notation::read_move(&start.passed(), word).is_ok()
}

/// How many plies a game's opening has. A game that goes on over a blank
/// line may yet be two games when the text after the line reads from the
/// start for so many plies, Red first, a game's opening, after so many of
/// the game above ([`game_over_blank_line`]): moves of a game's middle seldom read
/// from the start so long, and a game in paragraphs reads so within its
/// opening, which few games in a file end in.
const OPENING_PLIES: usize = 10;

/// The warning for the game that goes on over a blank line, with the line
/// of moves `line` (number `number`) after it, whose moves, up to where the
/// next game may start, read as a game from the start too: it is read as
/// the same game, but a new game may start there.
fn game_over_blank_line(line: &str, number: usize) -> Words {
    Words::new(
        format!(
            "line {number}: '{line}' after a blank line is read as this game going on, as its moves are legal there, but from the start they read as a game of their own too: a new game may start there (if so, end the game above with its result, or number the new game's moves from 1.)"
        ),
        format!(
            "第{number}行：空行之后的“{line}”按本局接着走读入，因为这些着法在此处合法；但从开局起它们也自成一局：那里可能是新的一局（若是，请在上一局末尾写上结果，或把新一局的着法从1.编号）"
        ),
    )
}

/// The warning for the header line `line` (number `number`: a side alone,
/// `红方：赵国荣`, or the opening, `开局：仙人指路`), written as the file heads
/// its games, kept as a note on the game above because the moves under it
/// go on from where that game stands: it may be a new game's only header
/// line, and the games merged.
fn header_line_kept_as_note(line: &str, number: usize) -> Words {
    Words::new(
        format!(
            "line {number}: '{line}' is a header line as this file heads its games, but the moves under it go on from this game's: read as a note in this game, not as the start of another (if a game starts there, end this one with its result, or number the new game's moves from 1.)"
        ),
        format!(
            "第{number}行：“{line}”与本文件各局开头的标题行写法相同，但其下的着法可接着本局走下去：按本局中的注释读入，未当作另一局的开始（若那里是新的一局，请在本局末尾写上结果，或把新一局的着法从1.编号）"
        ),
    )
}

/// Reads a pasted record or a plain move list, game `index` of file `name`
/// whose first line is line `first_line` of the file: an optional FEN
/// (first line or first comma-separated field), then moves with optional
/// numbers, comments and result.
pub(crate) fn read_move_list(
    text: &str,
    name: &str,
    index: usize,
    first_line: usize,
) -> Result<Game, RecordError> {
    read_move_list_to(text, name, index, first_line, Extent::Whole)
}

/// [`read_move_list`], reading its moves as far as `extent` says: to the
/// stop of the main line alone, the game has no more than its moves up to
/// there, its start, its header lines, and its illegal move.
fn read_move_list_to(
    text: &str,
    name: &str,
    index: usize,
    first_line: usize,
    extent: Extent,
) -> Result<Game, RecordError> {
    let text = text.trim_start_matches('\u{feff}');
    let top = text.lines().next().unwrap_or("");
    if let Some(args) = top.trim().strip_prefix("position ") {
        // One game a record: a second line (another position, a log's other
        // commands) is not skipped unseen.
        if let Some((i, extra)) = text
            .lines()
            .enumerate()
            .skip(1)
            .find(|(_, l)| !l.trim().is_empty())
        {
            return Err(RecordError::game(
                name,
                index,
                ErrorKind::Syntax,
                Words::new(
                    format!(
                        "a position line is read alone, but line {} follows it: '{}'",
                        first_line + i,
                        extra.trim()
                    ),
                    format!(
                        "position行只能单独成谱，其后第{}行却是“{}”",
                        first_line + i,
                        extra.trim()
                    ),
                ),
            ));
        }
        return read_position_line(args, name, index);
    }
    let read =
        |text: &str, ranks| read_moves_of_list(text, (name, index), first_line, extent, ranks);
    ranks_from_one::choose(text, 0, read)
}

/// The game of a pasted record or plain move list after its `position`
/// line check ([`read_move_list_to`]), its coordinates in ranks 0–9, of a
/// record read in `ranks` ([`Replay::in_ranks`]).
fn read_moves_of_list(
    text: &str,
    (name, index): (&str, usize),
    first_line: usize,
    extent: Extent,
    ranks: Ranks,
) -> Result<Game, RecordError> {
    // Header lines copied with the moves (红方：…, 赛事：…) are tags.
    let whole = text;
    let (tags, text) = header_lines(text);
    let tag = |name: &str| tags.iter().find(|t| t.0 == name).map(|t| t.1.as_str());
    let (start, rest, flexible) = if let Some(candidate) = start_fen(&tags, text) {
        let pos =
            Position::from_fen(candidate).map_err(|e| start_position_error(name, index, &e))?;
        let skip = text.find(candidate).map_or(0, |i| i + candidate.len());
        let explicit_side = candidate.split_whitespace().count() >= 2;
        (pos, &text[skip..], !explicit_side)
    } else {
        (initial_position(), text, true)
    };
    let read = |from: &str| {
        let mut replay = Replay::new(start.clone(), flexible).in_ranks(ranks);
        // `from` ends the whole text, so its offset is what precedes it.
        let at = whole.len() - from.len();
        read_movetext_to(whole, at, first_line, &mut replay, Semicolon::Typed, extent)
            .map(|token| (replay, token))
            .map_err(|why| RecordError::game(name, index, ErrorKind::Syntax, why))
    };
    let (mut replay, mut token) = read(rest)?;
    // A title over the moves (第1局 许银川 胜 吕钦): lines that are no moves
    // before the line that starts them (`1.`), kept as the Title tag.
    let mut title = None;
    if replay.first_text_is_no_move()
        && let Some((lines, moves)) = title_lines(rest)
        && let Ok((again, again_token)) = read(moves)
        && !again.first_text_is_no_move()
    {
        (replay, token, title) = (again, again_token, Some(lines));
    }
    // A note or a table, not a record: no illegal move of a player.
    let no_move = tags.is_empty() && replay.first_text_is_no_move();
    let mut game = replay.finish();
    if no_move && let Some(bad) = &game.illegal {
        let why = Words::new(
            format!(
                "no game found in the text: its first word '{}' is no move ({})",
                bad.text, bad.reason.en
            ),
            format!(
                "文本中找不到对局：开头的“{}”不是着法（{}）",
                bad.text, bad.reason.zh
            ),
        );
        return Err(RecordError::game(name, index, ErrorKind::Syntax, why));
    }
    game.result = match token {
        ResultToken::Known(r) => Some(r),
        _ => tag("Result").and_then(result_of),
    };
    game.tags = tags;
    if let Some(title) = title {
        game.push_tag("Title", &title);
    }
    if game.moves.is_empty() && game.illegal.is_none() {
        let mut none = Err(RecordError::game(
            name,
            index,
            ErrorKind::Syntax,
            Words::new("no moves found in the text", "文本中找不到着法"),
        ));
        // What the reading warned of (moves left in a note) says why.
        for warning in game.warnings {
            warn_first(&mut none, warning);
        }
        return none;
    }
    Ok(game)
}

/// How many lines of a title a move list may have over its moves.
pub(super) const MAX_TITLE_LINES: usize = 5;

/// The title lines of `text` (at most [`MAX_TITLE_LINES`] that are not
/// blank, joined by a space) and the text from the line after them, which
/// starts moves (numbered, `1.`, `1、`, or not), if such a line follows them.
fn title_lines(text: &str) -> Option<(String, &str)> {
    let mut title: Vec<&str> = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if starts_numbered_moves(t.as_bytes()) || reads_as_moves(t) || is_line_of_moves(t) {
            return (!title.is_empty()).then(|| (title.join(" "), &text[at..]));
        }
        if !t.is_empty() {
            if title.len() == MAX_TITLE_LINES {
                return None;
            }
            title.push(t);
        }
        at += line.len();
    }
    None
}

/// The start position a move list gives itself, as written, if it gives
/// one: a `position` command, a FEN as the first line's first
/// comma-separated field, or a FEN or 局面 header line (for `rule`).
#[cfg(feature = "cli")]
pub(crate) fn move_list_start(text: &str) -> Option<String> {
    let text = text.trim_start_matches('\u{feff}');
    let first_line = text.lines().next().unwrap_or("").trim();
    if first_line.starts_with("position ") {
        return Some(first_line.to_string());
    }
    let (tags, moves) = header_lines(text);
    start_fen(&tags, moves).map(str::to_string)
}

/// The FEN that starts a move list, given its header lines and the text
/// after them: the first line's first comma-separated field when it is a
/// board, else a FEN or 局面 header line (the moves then start at the top).
fn start_fen<'a>(tags: &'a [(String, String)], text: &'a str) -> Option<&'a str> {
    let first_line = text.lines().next().unwrap_or("");
    let candidate = first_line.split([',', '，']).next().unwrap_or("").trim();
    if candidate.matches('/').count() == 9 {
        return Some(candidate);
    }
    tags.iter().find(|t| t.0 == "FEN").map(|t| t.1.as_str())
}

/// A move list's start position that is not a position.
fn start_position_error(name: &str, index: usize, e: &crate::board::FenError) -> RecordError {
    let why = e.words().prefixed("start position", "开局局面");
    RecordError::game(name, index, ErrorKind::BadPosition, why)
}

/// A UCCI or UCI `position` command, `position {startpos | fen <FEN>} [moves
/// …]`, as pasted from an engine GUI's log. The moves are in UCCI coordinates
/// (ranks 0–9), or in Fairy-Stockfish's UCI ranks 1–10: when a move names rank
/// 10, or when only that reading replays every move legally (noted, as a
/// plain move list's choice is).
fn read_position_line(args: &str, name: &str, index: usize) -> Result<Game, RecordError> {
    let tokens: Vec<&str> = args.split_whitespace().collect();
    let spec = parse_position(&tokens).map_err(|e| {
        let why = Words::new(e.to_string(), format!("position命令无法读取（{e}）"));
        RecordError::game(name, index, ErrorKind::Syntax, why)
    })?;
    let start = match spec.start {
        Start::StartPos => initial_position(),
        Start::Fen(fen) => {
            Position::from_fen(&fen).map_err(|e| start_position_error(name, index, &e))?
        }
    };
    let replay = |moves: &str, ranks| {
        let mut replay = Replay::new(start.clone(), false).in_ranks(ranks);
        // Moves alone, without brackets or markers: nothing to fail on.
        let _ = read_movetext(moves, 0, 1, &mut replay, Semicolon::Typed);
        let mut game = replay.finish();
        // The moves were read joined anew, not where the line has them.
        if let Some(bad) = &mut game.illegal {
            bad.place = None;
        }
        game
    };
    Ok(ranks_from_one::choose(&spec.moves.join(" "), 0, replay))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Outcome;
    use crate::record::Place;

    #[test]
    fn header_lines_and_round_markers_of_a_pasted_record_are_read() {
        let text = "红方：许银川　黑方：吕钦\n赛事：全国象棋个人赛 第5轮\n结果：红胜\n\n第1回合 炮二平五 马８进７\n第2回合 马二进三\n";
        let game = read_move_list(text, "t", 0, 1).unwrap();
        assert_eq!((game.red(), game.black()), (Some("许银川"), Some("吕钦")));
        assert_eq!(game.event(), Some("全国象棋个人赛 第5轮"));
        assert_eq!(game.result, Some(Outcome::RedWins));
        assert_eq!(game.uci_moves(), ["h2e2", "h9g7", "h0g2"]);
        // A result in the moves goes before the header's.
        let game = read_move_list("结果：红胜\n1. 炮二平五 和棋", "t", 0, 1).unwrap();
        assert_eq!(game.result, Some(Outcome::Draw));
        // The start position from a 局面 line.
        let fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w";
        let game = read_move_list(&format!("局面：{fen}\n1. 车九进五"), "t", 0, 1).unwrap();
        assert_eq!(game.start, Position::from_fen(fen).unwrap());
        assert_eq!(game.uci_moves(), ["a0a5"]);
    }

    #[test]
    fn a_ucci_position_line_is_a_record() {
        let fen = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1";
        let game =
            read_move_list(&format!("position fen {fen} moves f0e0 e8f8\n"), "t", 0, 1).unwrap();
        assert_eq!(game.start.fen(), fen);
        let moves: Vec<String> = game.moves.iter().map(|m| m.mv.to_string()).collect();
        assert_eq!(moves, ["f0e0", "e8f8"]);
        let opening = read_move_list("position startpos moves h2e2 h9g7", "t", 0, 1).unwrap();
        assert_eq!(opening.moves.len(), 2);
        assert!(
            read_move_list("position startpos", "t", 0, 1)
                .unwrap()
                .moves
                .is_empty()
        );
        let bad = read_move_list("position fen 9/9 w moves h2e2", "t", 0, 1).unwrap_err();
        assert!(bad.to_string().contains("start position"), "{bad}");
        let bad = read_move_list("局面：9/9 w\n1. h2e2", "t", 0, 1).unwrap_err();
        assert!(bad.to_string().contains("start position"), "{bad}");
        // Fairy-Stockfish's UCI ranks 1–10, told by a move on rank 10.
        let uci = read_move_list("position startpos moves h3e3 h10g8 h1g3", "t", 0, 1).unwrap();
        let moves: Vec<String> = uci.moves.iter().map(|m| m.mv.to_string()).collect();
        assert_eq!(moves, ["h2e2", "h9g7", "h0g2"]);
        assert!(uci.warnings[0].en.ends_with("a move names rank 10"));
        // Without a move on rank 10, that reading is taken when only it is legal.
        let short = read_move_list("position startpos moves h3e3 h8e8", "t", 0, 1).unwrap();
        let moves: Vec<String> = short.moves.iter().map(|m| m.mv.to_string()).collect();
        assert_eq!(moves, ["h2e2", "h7e7"]);
        let two =
            read_move_list("position startpos moves h2e2\ngo depth 5\n", "t", 0, 1).unwrap_err();
        assert!(
            two.to_string().contains("line 2 follows it: 'go depth 5'"),
            "{two}"
        );
        let illegal = read_move_list("position startpos moves h2e2 h2e2", "t", 0, 1).unwrap();
        assert_eq!(illegal.moves.len(), 1);
        assert!(illegal.illegal.is_some());
        assert!(illegal.warnings.is_empty());
        // Neither reading plays: the one going further (ranks 1–10), whose
        // error says where the other stops, in the line's own ranks.
        let neither = read_move_list("position startpos moves h3e3 h3e3", "t", 0, 1).unwrap();
        assert_eq!(neither.moves[0].text, "h3e3");
        let bad = neither.illegal.unwrap();
        assert_eq!((bad.ply, bad.text.as_str(), bad.place), (2, "h3e3", None));
        assert!(
            bad.reason
                .en
                .starts_with("there is no piece on h3; the coordinates were read")
                && bad.reason.en.ends_with("stops sooner, at ply 1 ('h3e3')"),
            "{}",
            bad.reason.en
        );
    }

    #[test]
    fn a_pasted_list_in_ranks_1_to_10_is_read_so_and_noted() {
        let note = |game: &Game| game.warnings.first().map(|w| w.en.clone());
        // Fairy-Stockfish's UCI moves, told by rank 10.
        let game = read_move_list("1. h1g3 h10g8\n2. h3h7 g7g6\n", "t", 0, 1).unwrap();
        assert_eq!(game.uci_moves(), ["h0g2", "h9g7", "h2h6", "g6g5"]);
        assert!(note(&game).unwrap().ends_with("a move names rank 10"));
        // Without rank 10, when only that reading plays every move.
        let game = read_move_list("h3e3 h8e8", "t", 0, 1).unwrap();
        assert_eq!(game.uci_moves(), ["h2e2", "h7e7"]);
        assert!(
            note(&game)
                .unwrap()
                .ends_with("in ranks 1–10 it plays through")
        );
        // Ranks 0–9 when they play, with nothing noted.
        let game = read_move_list("h2e2 h7e7", "t", 0, 1).unwrap();
        assert_eq!((game.uci_moves().len(), note(&game)), (2, None));
        // Neither: the reading going further (ranks 1–10), noted, its moves
        // and its stop as written, and where ranks 0–9 stop.
        let game = read_move_list("h3e3 h8e8\nh3e3", "t", 0, 1).unwrap();
        assert!(note(&game).unwrap().ends_with(
            "in ranks 0–9 the record stops at ply 1, in ranks 1–10 it goes further, to ply 3"
        ));
        let texts: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["h3e3", "h8e8"]);
        let bad = game.illegal.unwrap();
        assert_eq!((bad.ply, bad.text.as_str()), (3, "h3e3"));
        assert_eq!(bad.place, Some(Place::Text { line: 2, column: 1 }));
        assert!(bad.legal.contains(&"h1g3".to_string()), "{:?}", bad.legal);
        assert!(
            bad.reason.en.starts_with("there is no piece on h3;")
                && bad
                    .reason
                    .en
                    .ends_with("the record stops sooner, at ply 1 ('h3e3')"),
            "{}",
            bad.reason.en
        );
        // Rank 10 named, a later move illegal: ranks 1–10, as written.
        let game = read_move_list("h1g3 h10g8 h10g8", "t", 0, 1).unwrap();
        let bad = game.illegal.unwrap();
        assert_eq!((bad.ply, bad.text.as_str()), (3, "h10g8"));
        assert!(
            bad.reason.en.ends_with("stops sooner, at ply 1 ('h1g3')"),
            "{}",
            bad.reason.en
        );
        // As far both ways: ranks 0–9, saying where the other stops.
        let game = read_move_list("h4e4 h2e2", "t", 0, 1).unwrap();
        let bad = game.illegal.unwrap();
        assert_eq!((bad.ply, bad.text.as_str()), (1, "h4e4"));
        assert!(
            bad.reason.en
                == "there is no piece on h4; read in ranks 1–10 (as UCI xiangqi \
                              programs write them), the record stops too, at ply 1 ('h4e4')",
            "{}",
            bad.reason.en
        );
    }

    #[test]
    fn a_pgn_game_in_ranks_1_to_10_is_read_so_and_noted() {
        let game = |text: &str| read_all(text, "t.pgn").remove(0).unwrap();
        let note = |game: &Game| game.warnings.first().map(|w| w.en.clone());
        // ICCS told by rank 10, read from the movetext's place in the file.
        let text = "[Variant \"xiangqi\"]\n\n1. H3-E3 {+0.4/9} H10-G8 2. H1-G3 *\n";
        let g = game(text);
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(g.moves[0].comment.as_deref(), Some("+0.4/9"));
        assert!(note(&g).unwrap().ends_with("a move names rank 10"));
        // Without rank 10, when only that reading plays every move.
        let g = game("[Event \"e\"]\n1. h3e3 h8e8 2. h1g3 *\n");
        assert_eq!(g.uci_moves(), ["h2e2", "h7e7", "h0g2"]);
        assert!(
            note(&g)
                .unwrap()
                .ends_with("in ranks 1–10 it plays through")
        );
        // A tag naming rank 10 says nothing of the moves.
        let g = game("[Opening \"h10g8\"]\n1. h2e2 h9g7 *\n");
        assert_eq!((g.uci_moves().len(), note(&g)), (2, None));
        // Neither: the reading going further, at its place, as written.
        let g = game("[Event \"e\"]\n1. h3e3 h8e8\n2. h3e3 *\n");
        assert_eq!((g.moves[1].text.as_str(), g.warnings.len()), ("h8e8", 1));
        let bad = g.illegal.unwrap();
        assert_eq!((bad.ply, bad.text.as_str()), (3, "h3e3"));
        assert_eq!(bad.place, Some(Place::Text { line: 3, column: 4 }));
        assert!(
            bad.reason
                .en
                .ends_with("the record stops sooner, at ply 1 ('h3e3')"),
            "{}",
            bad.reason.en
        );
    }

    #[test]
    fn tags() {
        assert_eq!(
            parse_tag("[Red \"许银川\"]"),
            Some(("Red", "许银川".to_string()))
        );
        assert_eq!(
            parse_tag("[Event \"a \\\"b\\\"\"]").map(|t| t.1),
            Some("a \"b\"".to_string())
        );
        assert!(parse_tag("[DhtmlXQ]").is_none());
        assert!(parse_tag("1. h2e2").is_none());
    }

    #[test]
    fn splits_games_and_skips_adverts() {
        let text = "junk\n[Game \"Chinese Chess\"]\n[Event \"e1\"]\n1. h2e2 h9g7 1-0\n=====\n广告\n\
                    [Game \"Chinese Chess\"]\n[Event \"e2\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 r - - 0 1\"]\n1. d0d1 *\n\
                    [Event \"e3\"]\n[Event \"e3 again\"]\n";
        let games = read_all(text, "t.pgn");
        assert_eq!(games.len(), 4);
        let g1 = games[0].as_ref().unwrap();
        assert_eq!(
            (g1.event(), g1.moves.len(), g1.result),
            (Some("e1"), 2, Some(Outcome::RedWins))
        );
        let g2 = games[1].as_ref().unwrap();
        assert_eq!((g2.moves.len(), g2.result), (1, None));
        assert_eq!(games[2].as_ref().unwrap().event(), Some("e3"));
        assert_eq!(games[3].as_ref().unwrap().event(), Some("e3 again"));
    }

    #[test]
    fn tags_named_after_game_or_event_start_no_game() {
        // As cutechess (GameDuration) and ChessBase (EventDate) write them.
        let text = "[Game \"Chinese Chess\"]\n[Event \"e1\"]\n[EventDate \"2026.12.03\"]\n\
                    [GameDuration \"00:00:02\"]\n[GameStartTime \"2026-12-03T01:50:00\"]\n\n\
                    1. h2e2 h9g7 1-0\n\
                    [Event \"e2\"]\n［EventDate \"2026.12.04\"］\n1. h2e2 *\n";
        let games: Vec<Game> = read_all(text, "t.pgn")
            .into_iter()
            .map(Result::unwrap)
            .collect();
        let read: Vec<_> = games.iter().map(|g| (g.event(), g.moves.len())).collect();
        assert_eq!(read, [(Some("e1"), 2), (Some("e2"), 1)]);
    }

    #[test]
    fn a_bad_move_of_a_pgn_game_is_placed_at_its_line_and_column_in_the_file() {
        // The second game starts at line 5; its bad move is on line 9,
        // after a comment holding Chinese characters, counted as one column each.
        let text = "[Event \"a\"]\n\n1. h2e2 h9g7 *\n\n\
                    [Event \"b\"]\n[Result \"*\"]\n\n1. h2e2 h9g7\n2. h0g2 {好棋} i9i9 *\n";
        let games = read_all(text, "t.pgn");
        let bad = games[1].as_ref().unwrap().illegal.clone().unwrap();
        assert_eq!((bad.ply, bad.text.as_str()), (4, "i9i9"));
        assert_eq!(
            bad.place,
            Some(Place::Text {
                line: 9,
                column: 14
            })
        );
        assert!(
            bad.to_string()
                .starts_with("ply 4, line 9, column 14: 'i9i9' cannot be played"),
            "{bad}"
        );
        // A move split by a space that a comment cuts short: at its first word.
        let text = "[Event \"c\"]\n\n1. 炮二平五 马８ {注} 进七 *\n";
        let bad = read_all(text, "t.pgn").remove(0).unwrap().illegal.unwrap();
        assert_eq!(bad.place, Some(Place::Text { line: 3, column: 9 }));
    }

    #[test]
    fn a_bad_move_of_a_move_list_is_placed_in_every_notation() {
        // Chinese, WXF and coordinates, the second game of the file.
        for (moves, column) in [
            ("炮二平五 马８进７\n马二进三 车９平９", 6),
            ("C2.5 H8+7\nH2+3 R9.9", 6),
            ("1. h2e2 h9g7\n2. h0g2 i9i9", 9),
        ] {
            let text = format!("炮二平五 马８进７ 红胜\n\n{moves}\n");
            let games = read_move_lists(&text, "t.txt");
            let bad = games[1].as_ref().unwrap().illegal.clone().unwrap();
            assert_eq!(bad.ply, 4, "{moves}");
            assert_eq!(bad.place, Some(Place::Text { line: 4, column }), "{moves}");
        }
        // A mistyped move in a word of moves run together: at the move,
        // past those read from the word.
        let text = "炮二平五马８进７马二进二\n";
        let bad = read_move_lists(text, "t.txt")
            .remove(0)
            .unwrap()
            .illegal
            .unwrap();
        assert_eq!((bad.ply, bad.text.as_str()), (3, "马二进二"));
        assert_eq!(bad.place, Some(Place::Text { line: 1, column: 9 }));
        // A UCCI position line is read anew, joined: no place is made up.
        let text = "position startpos moves h2e2 h9g7 i9i9\n";
        let bad = read_move_lists(text, "t.txt")
            .remove(0)
            .unwrap()
            .illegal
            .unwrap();
        assert_eq!((bad.ply, bad.place), (3, None));
    }

    #[test]
    fn moves_before_the_first_tag_are_said_not_to_be_read() {
        // Unnumbered moves, or moves numbered from 2, pasted over the tags:
        // the first game says so, in UTF-8 or GBK; prose says nothing.
        let text = "本局着法：\n\n炮二平五 马８进７ 马二进三 车９平８ 车一平二 马２进３ 兵七进一\n\
                    [Event \"a\"]\n1. h2e2 *\n";
        for encoding in [encoding_rs::UTF_8, encoding_rs::GBK] {
            let (bytes, _, _) = encoding.encode(text);
            let reader = std::io::Cursor::new(bytes.into_owned());
            let stream = PgnStream::new(Vec::new(), reader, encoding, false, "t.pgn".into());
            let games: Vec<Game> = stream.map(Result::unwrap).collect();
            assert_eq!(games.len(), 1);
            let warnings: Vec<&str> = games[0].warnings.iter().map(|w| w.en.as_str()).collect();
            assert_eq!(
                warnings,
                [
                    "line 3: the text before the first tag line reads as moves ('炮二平五 马８进７ 马二进三 车９平８ 车一平二 马２进３ 兵七进一'), which are not read: a game starts at its tags"
                ],
                "{}",
                encoding.name()
            );
        }
        let games = read_all("2. h0g2 h9g7\n[Event \"a\"]\n1. h2e2 *\n", "t.pgn");
        let w = &games[0].as_ref().unwrap().warnings[0];
        assert!(
            w.zh.starts_with("第1行：第一个标签行之前的文字像是着法（“2. h0g2 h9g7”）"),
            "{}",
            w.zh
        );
        let games = read_all(
            "说明：本文件收录第一轮\n[Event \"a\"]\n1. h2e2 *\n",
            "t.pgn",
        );
        assert!(games[0].as_ref().unwrap().warnings.is_empty());
        // Prose and blank lines with no tag after them are no game (not an
        // empty game that says nothing).
        assert!(read_all("说明\n\n\n", "t.pgn").is_empty());
        // A first game that cannot be read at all says it in its error.
        let games = read_all("炮二平五 马８进７\n[Event \"a\"\n1. h2e2\n", "t.pgn");
        let e = games[0].as_ref().unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.pgn, game #0: line 2: the tag line '[Event \"a\"' is not closed by ']'; besides, \
             line 1: the text before the first tag line reads as moves ('炮二平五 马８进７'), which \
             are not read: a game starts at its tags"
        );
        assert!(
            e.message.zh.ends_with("；另外，第1行：第一个标签行之前的文字像是着法（“炮二平五 马８进７”），未读入：对局从标签行开始"),
            "{}",
            e.message.zh
        );
    }

    #[test]
    fn a_game_without_tags_is_a_game_of_its_own() {
        // Before the first tag, and after a game that ended with its result.
        let text = "1. h2e2 h9g7 2. h0g2 1-0\n\n[Event \"a\"]\n1. h2e2 h9g7 *\n\n\
                    1. b2e2 b9c7\n2. b0c2 0-1\n[Event \"c\"]\n1. 炮二平五 *\n";
        let games = read_all(text, "t.pgn");
        let read: Vec<_> = games
            .iter()
            .map(|g| {
                let g = g.as_ref().unwrap();
                (g.event(), g.moves.len(), g.result)
            })
            .collect();
        assert_eq!(
            read,
            [
                (None, 3, Some(Outcome::RedWins)),
                (Some("a"), 2, None),
                (None, 3, Some(Outcome::BlackWins)),
                (Some("c"), 1, None),
            ]
        );
        // Adverts and notes after a result are still no game, nor is a
        // numbered note before the first tag.
        let text = "[Event \"a\"]\n1. h2e2 *\n\n本棋谱由某网站提供\n1. 欢迎访问\n";
        assert_eq!(read_all(text, "t.pgn").len(), 1);
        let text =
            "说明：\n1. 本文件收录第一轮全部对局\n\n[Event \"a\"]\n1. h2e2 *\n\n1. 欢迎访问 *\n";
        let games = read_all(text, "t.pgn");
        assert_eq!(games.len(), 1, "{games:?}");
        assert_eq!(games[0].as_ref().unwrap().event(), Some("a"));
    }

    #[test]
    fn a_labelled_note_before_the_first_move_of_a_pgn_game_is_its_note() {
        let text = "[Event \"a\"]\n注：中炮开局\n1. 炮二平五 马８进７ *\n\n注：欢迎访问\n\n\
                    [Event \"b\"]\n\n评注：中炮\n1. 炮二平五 马８进７ 2. 马二进三 *\n";
        let games: Vec<Game> = read_all(text, "t.pgn")
            .into_iter()
            .map(Result::unwrap)
            .collect();
        // The advert between the games, a note alone, is no game.
        assert_eq!(games.len(), 2, "{games:?}");
        for (g, (note, plies)) in games.iter().zip([("注：中炮开局", 2), ("评注：中炮", 3)])
        {
            assert!(g.illegal.is_none(), "{:?}", g.illegal);
            assert_eq!((g.comment.as_deref(), g.moves.len()), (Some(note), plies));
        }
    }

    #[test]
    fn moves_after_a_heading_are_read_and_moves_in_a_note_are_said() {
        // A heading over the moves, on their line or over it.
        for text in [
            "着法：炮二平五 马８进７ 马二进三\n",
            "着法： 1. 炮二平五 马８进７ 2. 马二进三\n",
            "红方：许银川\n着法：\n1. 炮二平五 马８进７ 2. 马二进三\n",
            "Moves: C2.5 H8+7 H2+3\n",
            // After the header pairs of its line too.
            "红方：许银川 着法：炮二平五 马８进７ 马二进三\n",
            "Red: Xu Moves: 1. C2.5 H8+7 2. H2+3\n",
        ] {
            let game = read_move_list(text, "t.txt", 0, 1).unwrap();
            assert_eq!(game.uci_moves(), ["h2e2", "h9g7", "h0g2"], "{text}");
            assert!(game.warnings.is_empty(), "{text}: {:?}", game.warnings);
        }
        // A note's line holds the moves after it: the record has none, and
        // its error says where they went.
        let e = read_move_list("评注：中炮 炮二平五 马８进７\n", "t.txt", 0, 1).unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.txt, game #0: no moves found in the text; besides, line 1, column 1: the note after '评注：' runs to the end of its line, and its last words read as moves that go on ('炮二平五 马８进７'), which are not read: nothing but the line's end ends such a note (write moves after it on a line of their own)"
        );
        // As a typed list reads them.
        let list =
            crate::notation::parse_move_list(&Position::startpos(), "着法：1. 炮二平五 马８进７")
                .unwrap();
        assert_eq!(list.moves.len(), 2);
        // A heading with moves after it ends a note on its line, in both
        // readers; the note is kept. Between the moves, where a note may
        // cite moves under such a heading, the game says so.
        let text = "炮二平五 马８进７\n注：中炮对屏风马 着法：马二进三 车９平８\n";
        let game = read_move_list(text, "t.txt", 0, 1).unwrap();
        assert_eq!(game.moves.len(), 4);
        assert_eq!(game.moves[1].comment.as_deref(), Some("注：中炮对屏风马"));
        let said = "line 2, column 10: the note after '注：' ends at the heading '着法：', and the moves after it, which go on from here, are read as the game's (if they are the note's, write the moves on a line of their own, or the note without the heading)";
        let warnings: Vec<&str> = game.warnings.iter().map(|w| w.en.as_str()).collect();
        assert_eq!(warnings, [said]);
        assert_eq!(
            game.warnings[0].zh,
            "第2行第10列：“注：”后的注释在标题“着法：”处结束，其后可接着走下去的着法按本局着法读入（若它们属于注释，请把着法另起一行，或注释中不写该标题）"
        );
        let list = crate::notation::parse_move_list(&Position::startpos(), text).unwrap();
        assert_eq!(list.moves.len(), 4);
        let warnings: Vec<&str> = list.warnings.iter().map(|w| w.en.as_str()).collect();
        assert_eq!(warnings, [said]);
        // Before the first move, it is the record's header: nothing said.
        let list = crate::notation::parse_move_list(
            &Position::startpos(),
            "红方：许银川 着法：炮二平五 马８进７",
        )
        .unwrap();
        assert_eq!(list.moves.len(), 2);
        assert!(list.warnings.is_empty(), "{:?}", list.warnings);
        assert_eq!(list.comments[0].text, "红方：许银川");
    }

    #[test]
    fn moves_starting_again_at_one_after_a_tagged_game_without_a_result_are_a_game() {
        let text = "[Event \"a\"]\n1. h2e2 h9g7\n2. h0g2\n\n1. c3c4 c6c5\n2. b0c2\n\n\
                    [Event \"b\"]\n1. 炮二平五 马８进７ {notes:\n1. 炮二平五 is the usual}\n2. 马二进三\n\
                    (2. 马八进七\n1. 兵七进一)\n";
        let read: Vec<_> = read_all(text, "t.pgn")
            .into_iter()
            .map(|g| {
                let g = g.unwrap();
                assert!(g.illegal.is_none(), "{:?}", g.illegal);
                (g.event().map(str::to_string), g.uci_moves())
            })
            .collect();
        assert_eq!(
            read,
            [
                (Some("a".to_string()), vec!["h2e2", "h9g7", "h0g2"]),
                (None, vec!["c3c4", "c6c5", "b0c2"]),
                (Some("b".to_string()), vec!["h2e2", "h9g7", "h0g2"]),
            ]
            .map(|(e, m)| (e, m.into_iter().map(String::from).collect::<Vec<_>>()))
        );
    }

    #[test]
    fn a_title_over_moves_not_numbered_is_the_next_games_title() {
        let text = "炮二平五 马８进７ 红胜\n第2局 吕钦 胜 许银川\n兵七进一 卒３进１\n";
        let games = read_move_lists(text, "t.txt");
        let second = games[1].as_ref().unwrap();
        assert_eq!(second.uci_moves(), ["c3c4", "c6c5"]);
        assert_eq!(second.tag("Title"), Some("第2局 吕钦 胜 许银川"));
        let text = "C2.5 H8+7 1-0\nRound 2\nP7+1 P3+1\n";
        let games = read_move_lists(text, "t.txt");
        let second = games[1].as_ref().unwrap();
        assert_eq!(second.uci_moves(), ["c3c4", "c6c5"]);
        assert_eq!(second.tag("Title"), Some("Round 2"));
    }

    #[test]
    fn a_tag_line_that_lost_its_bracket_ends_the_moves_and_says_so() {
        // The next game's first tag lost its '[': its line falls into the
        // moves of the game before, which has no result to end them.
        let text = "[Red \"甲\"]\n\n1. h2e2 h9g7\n\nEvent \"全国赛\"]\n[Red \"乙\"]\n\n1. c3c4 *\n";
        let games = read_all(text, "t.pgn");
        assert_eq!(games.len(), 2);
        let e = games[0].as_ref().unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.pgn, game #0: line 5: 'Event \"全国赛\"]' is a tag line that lost its '[': the moves end before it"
        );
        assert_eq!(
            e.words().zh,
            "第5行的“Event \"全国赛\"]”是缺了“[”的标签行：着法到此为止"
        );
        let partial = e.partial.as_deref().expect("the moves before it");
        assert_eq!(partial.uci_moves(), ["h2e2", "h9g7"]);
        assert_eq!(games[1].as_ref().unwrap().red(), Some("乙"));
        // After a result the line is no damage of the game before; words
        // in a comment or a move are not tag lines.
        let ended =
            "[Red \"甲\"]\n\n1. h2e2 h9g7 *\n\nEvent \"全国赛\"]\n[Red \"乙\"]\n\n1. c3c4 *\n";
        assert!(read_all(ended, "t.pgn")[0].is_ok());
        let noted = "[Red \"甲\"]\n\n1. h2e2 {a \"b\"]} h9g7\n";
        assert!(
            read_all(noted, "t.pgn")[0]
                .as_ref()
                .unwrap()
                .illegal
                .is_none()
        );
    }

    #[test]
    fn a_move_list_file_of_several_games_is_read_game_by_game() {
        // Games without tags, as a federation's .txt holds them: ended by
        // a result, by move numbers starting again under a title, by a
        // title line; each read whole, numbered, its lines counted in the file.
        let text = "第1局 许银川 胜 吕钦\n1. 炮二平五 马８进７\n2. 马二进三 1:0\n\n\
                    第2局 吕钦 和 许银川\n1. 兵七进一 卒７进１\n\n\
                    红方：胡荣华\n第3局\n1. 相三进五 马８进７ 2. 车九进九\n";
        let games = read_move_lists(text, "t.txt");
        let read: Vec<_> = games
            .iter()
            .map(|g| {
                let g = g.as_ref().unwrap();
                (g.tag("Title"), g.red(), g.moves.len(), g.result)
            })
            .collect();
        assert_eq!(
            read,
            [
                (
                    Some("第1局 许银川 胜 吕钦"),
                    None,
                    3,
                    Some(Outcome::RedWins)
                ),
                (Some("第2局 吕钦 和 许银川"), None, 2, None),
                (Some("第3局"), Some("胡荣华"), 2, None),
            ]
        );
        // The third game's illegal move is named in its own game, at its line.
        let ill = games[2].as_ref().unwrap().illegal.as_ref().unwrap();
        assert_eq!((ill.ply, ill.text.as_str()), (3, "车九进九"));
        let e = read_move_list("1. h2e2\n{never closed", "t.txt", 4, 10).unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.txt, game #4: the comment opened by '{' at line 11, column 1 is never closed"
        );
    }

    #[test]
    fn a_record_pasted_from_a_chat_reads_its_names_as_the_sides() {
        let text = "10:32 许银川：炮二平五\n10:33 吕钦：马８进７\n10:33 吕钦：好棋\n\
                    10:34 许银川：马二进三\n注：车９平８\n10:35 吕钦：车９平８\n";
        let games = read_move_lists(text, "t.txt");
        assert_eq!(games.len(), 1);
        let game = games[0].as_ref().unwrap();
        assert_eq!((game.red(), game.black()), (Some("许银川"), Some("吕钦")));
        assert_eq!(game.uci_moves(), ["h2e2", "h9g7", "h0g2", "i9h9"]);
        // A slip of the pen is named at its ply, its line and column as written.
        let text = "许银川：炮二平五\n吕钦：马８进７\n许银川：马二进二\n";
        let game = read_move_lists(text, "t.txt").remove(0).unwrap();
        let bad = game.illegal.unwrap();
        assert_eq!((bad.ply, bad.text.as_str()), (3, "马二进二"));
        assert_eq!(bad.place, Some(Place::Text { line: 3, column: 5 }));
        assert_eq!(
            bad.to_string(),
            "ply 3, line 3, column 5: '马二进二' cannot be played: no red horse on file 二 can move that way; one symbol away: 马二进三 马二进一"
        );
        assert_eq!(
            bad.in_lang(crate::words::Lang::Zh),
            "第3着（第3行第5列）“马二进二”无法走出：第二路的红方马不能这样走；只差一个符号的合法着法：马二进三 马二进一"
        );
        // A move split by a space is named at its first word.
        let text = "许银川：炮二平五\n吕钦：马８进７\n许银川：马二 进二\n";
        let game = read_move_lists(text, "t.txt").remove(0).unwrap();
        let bad = game.illegal.unwrap();
        assert_eq!(bad.place, Some(Place::Text { line: 3, column: 5 }));
    }

    #[test]
    fn a_chat_whose_second_move_is_mistyped_stops_there_at_its_place() {
        // Not "no moves found": the slip is named where it was written.
        let text = "许银川：炮二平五\n吕钦：马８进\n许银川：马二进三\n吕钦：车９平８\n";
        let game = read_move_lists(text, "t.txt").remove(0).unwrap();
        assert_eq!((game.red(), game.black()), (Some("许银川"), Some("吕钦")));
        let bad = game.illegal.unwrap();
        assert_eq!((bad.ply, bad.text.as_str()), (2, "马８进"));
        assert_eq!(bad.place, Some(Place::Text { line: 2, column: 4 }));
    }

    #[test]
    fn a_chat_with_names_and_times_on_lines_of_their_own_reads_as_one() {
        // As WeChat and QQ copy messages.
        let text = "许银川 10:32\n炮二平五\n吕钦 10:33\n马８进７\n\n许银川 10:34\n马二进三\n吕钦 10:35\n车９平８\n";
        let games = read_move_lists(text, "t.txt");
        assert_eq!(games.len(), 1);
        let game = games[0].as_ref().unwrap();
        assert_eq!((game.red(), game.black()), (Some("许银川"), Some("吕钦")));
        assert_eq!(game.uci_moves(), ["h2e2", "h9g7", "h0g2", "i9h9"]);
        let text = "许银川 10:32\n炮二平五\n吕钦 10:33\n马８进７\n许银川 10:34\n马二进二\n";
        let game = read_move_lists(text, "t.txt").remove(0).unwrap();
        let bad = game.illegal.unwrap();
        assert_eq!((bad.ply, bad.text.as_str()), (3, "马二进二"));
        assert_eq!(bad.place, Some(Place::Text { line: 6, column: 1 }));
    }

    #[test]
    fn a_line_naming_both_sides_over_moves_that_go_on_starts_a_game() {
        let text = "炮二平五 马８进７\n红方：吕钦 黑方：许银川\n兵七进一 卒７进１\n";
        let games = read_move_lists(text, "t.txt");
        assert_eq!(games.len(), 2);
        let second = games[1].as_ref().unwrap();
        assert_eq!(
            (second.red(), second.black()),
            (Some("吕钦"), Some("许银川"))
        );
        assert_eq!(second.uci_moves(), ["c3c4", "g6g5"]);
        // One line naming a side alone is still a note on the game.
        let games = read_move_lists("炮二平五 马８进７\n红方：弃车\n兵七进一\n", "t.txt");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].as_ref().unwrap().moves.len(), 3);
    }

    #[test]
    fn a_side_line_starts_a_game_where_the_moves_under_it_cannot_go_on() {
        // Games headed by their players: a line naming Red alone over moves
        // that cannot go on, but are a game from the start, heads a game.
        let head = "红方：许银川\n黑方：吕钦\n炮二平五 马８进７\n马二进三 车９平８\n";
        let text = format!("{head}红方：赵国荣\n炮二平五 马８进７\n马二进三\n");
        let games = read_move_lists(&text, "t.txt");
        let read: Vec<_> = games
            .iter()
            .map(|g| {
                let g = g.as_ref().unwrap();
                (g.red(), g.moves.len(), g.illegal.is_some())
            })
            .collect();
        assert_eq!(
            read,
            [(Some("许银川"), 4, false), (Some("赵国荣"), 3, false)]
        );
        // Moves that go on leave it a note, as in a file whose games have
        // no header lines, or when the moves under it are no game either.
        for text in [
            format!("{head}红方：弃车\n车一平二 马２进３\n"),
            "炮二平五 马８进７\n马二进三 车９平８\n红方：弃车\n炮二平五 马２进３\n".to_string(),
            format!("{head}红方：弃车\n车一进九 马２进３\n"),
        ] {
            assert_eq!(read_move_lists(&text, "t.txt").len(), 1, "{text}");
        }
    }

    #[test]
    fn moves_after_a_blank_line_that_cannot_go_on_but_are_a_game_are_one_and_said() {
        // Games without numbers, results or titles, a blank line between:
        // the second's moves cannot go on from the first's (Black's cannon
        // plays 炮二平五, then 马２进３ is no Red move), but are a game.
        let text = "炮二平五 马８进７ 马二进三\n\n\n炮二平五 马２进３ 马八进七\n";
        let (games, read) = move_lists_read(text);
        assert_eq!(read, [(3, false), (3, false)]);
        assert!(games[0].warnings.is_empty());
        assert_eq!(
            games[1]
                .warnings
                .iter()
                .map(|w| w.en.as_str())
                .collect::<Vec<_>>(),
            [
                "line 4: '炮二平五 马２进３ 马八进七' after a blank line is read as a new game: the game above cannot go on with it ('马２进３' is no move at its ply 5), and from the start its moves read as a game of their own (if it is the same game, its move there is wrong)"
            ]
        );
        // Moves that go on, or that are no game from the start either,
        // stay the game's; so does a line that is no move after the blank.
        for text in [
            "炮二平五 马８进７ 马二进三\n\n车９平８ 车一平二\n",
            "炮二平五 马８进７ 马二进三\n\n车一进九 马２进３\n",
            "炮二平五 马８进７ 马二进三\n\n本局精彩\n",
        ] {
            let games = read_move_lists(text, "t.txt");
            assert_eq!(games.len(), 1, "{text}");
            assert!(games[0].as_ref().unwrap().warnings.is_empty(), "{text}");
        }
    }

    /// The games of the move-list file `text`, each read whole, and for each
    /// its plies and whether it stops at an illegal move.
    use crate::record::movetext::work;

    fn move_lists_read(text: &str) -> (Vec<Game>, Vec<(usize, bool)>) {
        let games: Vec<Game> = read_move_lists(text, "t.txt")
            .into_iter()
            .map(Result::unwrap)
            .collect();
        let read = games
            .iter()
            .map(|g| (g.moves.len(), g.illegal.is_some()))
            .collect();
        (games, read)
    }

    #[test]
    fn a_game_in_paragraphs_is_read_again_for_few_of_them() {
        // 16,006 plies, a blank line after every move pair; the moves after
        // each line go on, and none opens a game. Each line read the game
        // above again from its start (quadratic: 3,006 plies took 0.5 s,
        // these 32 s); the game is read once, and again for a binary search
        // where it stops: a few steps a byte.
        work::take();
        let open = "炮二平五 马８进７\n\n马二进三 车９平８\n\n车一平二 马２进３\n\n";
        let cycle = "车二进四 车８进１\n\n车二退四 车８退１\n\n".repeat(4000);
        let whole = format!("{open}{cycle}");
        let (_, read) = move_lists_read(&whole);
        assert_eq!(read, [(16006, false)]);
        assert_linear(work::take(), &whole);
        // The same with a slip of the pen at the end: the game stops there.
        let slip = format!("{open}{cycle}车二进九\n");
        let (games, read) = move_lists_read(&slip);
        assert_eq!(read, [(16006, true)]);
        assert_eq!(games[0].warnings.len(), 0);
        assert_linear(work::take(), &slip);
    }

    #[test]
    fn paragraphs_that_are_each_a_whole_game_are_read_in_linear_time() {
        // 2,000 paragraphs, each the same ten plies from the start: each
        // stops the game above at its first move, and is a game of its own.
        // Each new game read the text to its end again, and searched for
        // the stop across all the lines after it (quadratic: 1,000 such
        // paragraphs took 4.4 s, these 17 s); the readings now end at the
        // stop, found next to where they start.
        work::take();
        let text = format!("{TEN_PLIES}\n\n").repeat(2000);
        let (games, read) = move_lists_read(&text);
        assert_eq!(read, [(10, false); 2000]);
        assert!(games[1..].iter().all(|g| g.warnings.len() == 1));
        assert_linear(work::take(), &text);
    }

    #[test]
    fn paragraphs_with_closed_comments_are_read_in_linear_time_up_to_the_last() {
        // 4,000 paragraphs as above, a closed comment in each and after the
        // last. A `{` anywhere late made every reading go on past its stop
        // to the text's end (quadratic: 2,000 such paragraphs took 3 s,
        // these 12 s); a comment closed before a reading's end cannot fail
        // it, so the readings end at their stop again.
        work::take();
        let text = format!("{TEN_PLIES} {{注：好棋}}\n\n").repeat(4000) + "{完}\n";
        let (games, read) = move_lists_read(&text);
        assert_eq!(read, [(10, false); 4000]);
        assert_eq!(
            games[3999].moves[9].comment.as_deref(),
            Some("注：好棋\n完")
        );
        assert_linear(work::take(), &text);
    }

    #[test]
    fn paragraphs_with_a_late_variation_are_read_in_linear_time() {
        // 4,000 paragraphs as above, then a last game whose main line has
        // begun when a variation opens (closed on a later line). Any `(`
        // made every reading go on past its stop to the `(` (quadratic:
        // 4,000 such paragraphs took hundreds of steps a byte); a `(` closed
        // with nothing between that could hide its `)` cannot fail a
        // reading, so the readings end at their stop again.
        work::take();
        let last = "炮二平五 马８进７ (马２进３ 马二进三\n车９平８) 马二进三\n";
        let text = format!("{TEN_PLIES}\n\n").repeat(4000) + last;
        let (games, read) = move_lists_read(&text);
        assert_eq!(read[..4000], [(10, false); 4000]);
        assert_eq!(read[4000], (3, false));
        assert_eq!(games[4000].variations, 1);
        assert_linear(work::take(), &text);
    }

    #[test]
    fn paragraphs_with_a_bracket_in_a_late_note_are_read_in_linear_time() {
        // The same, the `(` in a note paragraph after the last game: as
        // above, the readings end at their stop.
        work::take();
        let note = "注：以上各局选自全国赛 (2024年)，供参考\n";
        let text = format!("{TEN_PLIES}\n\n").repeat(4000) + note;
        let (games, read) = move_lists_read(&text);
        assert_eq!(read, [(10, false); 4000]);
        assert!(games[3999].moves[9].comment.is_some());
        assert_linear(work::take(), &text);
    }

    #[test]
    fn a_reading_to_its_stop_past_the_brackets_that_may_fail_reads_as_the_whole() {
        // Texts of moves, slips, brackets, comments and notes at random,
        // each part from a line to a later line read to its stop once past
        // `Brackets::plain`, and whole: the same game, or the same error.
        let words = [
            "炮二平五",
            "马８进７",
            "马二进三",
            "车９平８",
            "车一平二",
            "车二进九",
            "(",
            ")",
            "{",
            "}",
            ";",
            "//",
            "注：",
            "（",
            "）",
            "\n",
            "\n\n",
            "1-0",
            "红方：",
        ];
        let mut seed = 41u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            usize::try_from(seed % n as u64).unwrap()
        };
        for _ in 0..3000 {
            let len = 1 + next(24);
            let text: String = (0..len)
                .map(|_| words[next(words.len())])
                .collect::<Vec<_>>()
                .join(" ");
            let starts: Vec<usize> = std::iter::once(0)
                .chain(text.match_indices('\n').map(|(at, _)| at + 1))
                .collect();
            let from = starts[next(starts.len())];
            let ends: Vec<usize> = starts
                .iter()
                .copied()
                .filter(|&at| at > from)
                .chain([text.len()])
                .collect();
            let to = ends[next(ends.len())];
            let brackets = Brackets::of(&text);
            let part = &text[from..to];
            let plain = brackets.plain(from, to);
            let stop = read_move_list_to(part, "t", 0, 1, Extent::ToStop { plain });
            let whole = read_move_list_to(part, "t", 0, 1, Extent::Whole);
            let moves = |g: &Game| g.moves.iter().map(|m| m.mv).collect::<Vec<_>>();
            match (&stop, &whole) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(moves(a), moves(b), "{part:?}");
                    let bad = |g: &Game| g.illegal.as_ref().map(|i| (i.ply, i.text.clone()));
                    assert_eq!(bad(a), bad(b), "{part:?}");
                }
                (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{part:?}"),
                _ => panic!("{part:?}: to the stop {stop:?}, whole {whole:?}"),
            }
        }
    }

    /// Asserts that the readings of `text` took `steps` of [`work`] that
    /// grow with the text, not faster: a few a byte (the tests above take
    /// at most three), where reading the text again from each of its
    /// thousands of lines takes hundreds.
    fn assert_linear(steps: usize, text: &str) {
        assert!(
            steps < 6 * text.len(),
            "{steps} steps for {} bytes",
            text.len()
        );
    }

    /// Ten plies of a game, past its opening: Red to move.
    const TEN_PLIES: &str =
        "炮二平五 马８进７ 马二进三 车９平８ 车一平二 马２进３ 兵七进一 卒７进１ 车二进六 炮８平９";

    #[test]
    fn moves_after_a_blank_line_that_stop_the_game_further_down_but_are_a_game_are_one() {
        // The second game's first line is legal where the first stands;
        // its next line is not (Black's horse on file ８ has moved), but
        // from the start both lines are a game.
        let text = format!("{TEN_PLIES}\n\n兵三进一 卒３进１\n马八进七 马８进７\n");
        let (games, read) = move_lists_read(&text);
        assert_eq!(read, [(10, false), (4, false)]);
        assert_eq!(
            games[1]
                .warnings
                .iter()
                .map(|w| w.en.as_str())
                .collect::<Vec<_>>(),
            [
                "line 3: '兵三进一 卒３进１' after a blank line is read as a new game: the game above cannot go on with it ('马８进７' is no move at its ply 14), and from the start its moves read as a game of their own (if it is the same game, its move there is wrong)"
            ]
        );
    }

    #[test]
    fn a_game_in_paragraphs_whose_first_goes_on_from_the_game_above_is_split_where_it_stops() {
        // The second game's first paragraph is legal where the first game
        // stands, its second is not; from the start, both read as a game.
        let text = format!("{TEN_PLIES}\n\n兵三进一 卒３进１\n\n马八进七 马８进７\n");
        let (games, read) = move_lists_read(&text);
        assert_eq!(read, [(10, false), (4, false)]);
        let warnings: Vec<&str> = games[1].warnings.iter().map(|w| w.en.as_str()).collect();
        assert_eq!(
            warnings,
            [
                "line 3: '兵三进一 卒３进１' after a blank line is read as a new game: the game above cannot go on with it ('马８进７' is no move at its ply 14), and from the start its moves read as a game of their own (if it is the same game, its move there is wrong)"
            ]
        );
    }

    #[test]
    fn moves_after_a_blank_line_that_go_on_but_are_a_game_from_the_start_are_warned_of() {
        // Legal where the first game stands and from the start: read as
        // the same game, and said, past a game's opening.
        let text = format!(
            "{TEN_PLIES}\n\n兵三进一 卒３进１ 兵九进一 卒１进１\n\n相七进九 象３进１ 仕四进五 士４进５ 兵一进一 卒９进１\n"
        );
        let games = read_move_lists(&text, "t.txt");
        assert_eq!(games.len(), 1);
        let game = games[0].as_ref().unwrap();
        assert_eq!((game.moves.len(), game.illegal.is_some()), (20, false));
        let warnings: Vec<&str> = game.warnings.iter().map(|w| w.en.as_str()).collect();
        assert_eq!(
            warnings,
            [
                "line 3: '兵三进一 卒３进１ 兵九进一 卒１进１' after a blank line is read as this game going on, as its moves are legal there, but from the start they read as a game of their own too: a new game may start there (if so, end the game above with its result, or number the new game's moves from 1.)"
            ]
        );
        assert!(game.warnings[0].zh.starts_with("第3行：空行之后的"));
        // One game in paragraphs: within its opening, moves that are no
        // game from the start, or a game from the start only with Black
        // first (a game's opening is Red's), say nothing.
        for text in [
            "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 g6g5 h0h6 h7i7 g3g4\n\n\
             c6c5 a3a4 a6a5 i3i4 i6i5 b0a2 b7b6 f0e1 f9e8 e3e4\n"
                .to_string(),
            "炮二平五 马８进７\n\n马二进三 车９平８\n\n车一平二 马２进３\n".to_string(),
            format!("{TEN_PLIES}\n\n车二平三 马７退５\n\n兵三进一 卒３进１\n"),
        ] {
            let games = read_move_lists(&text, "t.txt");
            assert_eq!(games.len(), 1, "{text}");
            let game = games[0].as_ref().unwrap();
            assert!(game.illegal.is_none(), "{text}: {:?}", game.illegal);
            assert!(game.warnings.is_empty(), "{text}: {:?}", game.warnings);
        }
    }

    #[test]
    fn an_opening_line_between_the_moves_is_a_note_or_a_new_games_and_said_when_a_guess() {
        let summary = |text: &str| -> Vec<(usize, Option<String>, Vec<String>)> {
            read_move_lists(text, "t.txt")
                .into_iter()
                .map(|g| {
                    let g = g.unwrap();
                    assert!(g.illegal.is_none(), "{text}: {:?}", g.illegal);
                    let warnings = g.warnings.iter().map(|w| w.en.clone()).collect();
                    (g.moves.len(), g.tag("Opening").map(String::from), warnings)
                })
                .collect()
        };
        // The file heads its games with their opening: over moves that go
        // on, the line is a note, said; over moves that cannot, a new game.
        let text =
            format!("开局：中炮\n{TEN_PLIES}\n\n开局：仙人指路\n兵三进一 卒３进１ 兵九进一\n");
        assert_eq!(
            summary(&text),
            [(
                13,
                Some("中炮".into()),
                vec!["line 4: '开局：仙人指路' is a header line as this file heads its games, but the moves under it go on from this game's: read as a note in this game, not as the start of another (if a game starts there, end this one with its result, or number the new game's moves from 1.)".into()]
            )]
        );
        let text = format!(
            "开局：中炮\n{TEN_PLIES}\n开局：仙人指路\n兵七进一 卒７进１ 马八进七 马８进７\n"
        );
        assert_eq!(
            summary(&text),
            [
                (10, Some("中炮".into()), vec![]),
                (4, Some("仙人指路".into()), vec![])
            ]
        );
        // After a blank line in a file whose games have no such line: a
        // new game where the moves cannot go on, said; where they go on,
        // one game, and said.
        let text = format!("{TEN_PLIES}\n\n开局：仙人指路\n兵七进一 卒７进１ 马八进七 马８进７\n");
        assert_eq!(
            summary(&text),
            [
                (10, None, vec![]),
                (4, Some("仙人指路".into()), vec!["line 3: '开局：仙人指路' after a blank line is read as a new game: the game above cannot go on with it ('马８进７' is no move at its ply 14), and from the start its moves read as a game of their own (if it is the same game, its move there is wrong)".into()])
            ]
        );
        let text = format!("{TEN_PLIES}\n\n开局：仙人指路\n兵七进一 卒７进１ 马八进七\n");
        assert_eq!(
            summary(&text),
            [(13, None, vec!["line 3: '开局：仙人指路' after a blank line is read as this game going on, as its moves are legal there, but from the start they read as a game of their own too: a new game may start there (if so, end the game above with its result, or number the new game's moves from 1.)".into()])]
        );
        // A note in one game's opening says nothing.
        let games = read_move_lists(
            "炮二平五 马８进７\n开局：中炮对屏风马\n马二进三 车９平８\n",
            "t.txt",
        );
        let game = games[0].as_ref().unwrap();
        assert_eq!((games.len(), game.moves.len()), (1, 4));
        assert_eq!(game.moves[1].comment.as_deref(), Some("开局：中炮对屏风马"));
        assert!(game.warnings.is_empty(), "{:?}", game.warnings);
    }

    #[test]
    fn a_side_line_kept_as_a_note_where_the_file_heads_its_games_so_is_warned_of() {
        // The file heads its games with a line naming Red; such a line
        // over moves that go on is kept as a note, but it may be a new
        // game's: the game says so rather than merge two games unsaid.
        let text = "红方：许银川\n炮二平五 马８进７ 马二进三\n\n红方：赵国荣\n车９平８ 车一平二\n";
        let games = read_move_lists(text, "t.txt");
        assert_eq!(games.len(), 1);
        let game = games[0].as_ref().unwrap();
        assert_eq!(game.moves.len(), 5);
        let warnings: Vec<&str> = game.warnings.iter().map(|w| w.en.as_str()).collect();
        assert_eq!(
            warnings,
            [
                "line 4: '红方：赵国荣' is a header line as this file heads its games, but the moves under it go on from this game's: read as a note in this game, not as the start of another (if a game starts there, end this one with its result, or number the new game's moves from 1.)"
            ]
        );
        assert!(
            game.warnings[0]
                .zh
                .starts_with("第4行：“红方：赵国荣”与本文件各局开头的标题行写法相同")
        );
        // A note in a file whose games have no such line is no guess; nor
        // is a line that starts a game.
        let games = read_move_lists("炮二平五 马８进７\n红方：弃车\n兵七进一\n", "t.txt");
        assert!(games[0].as_ref().unwrap().warnings.is_empty());
        let head = "红方：许银川\n黑方：吕钦\n炮二平五 马８进７\n马二进三 车９平８\n";
        let text = format!("{head}红方：赵国荣\n炮二平五 马８进７\n马二进三\n");
        for game in read_move_lists(&text, "t.txt") {
            assert!(game.unwrap().warnings.is_empty());
        }
    }

    #[test]
    fn a_semicolon_comment_that_reads_as_moves_is_no_moves() {
        // In a PGN file a `;` starts a comment, however it is spaced.
        for text in [
            "[Game \"Chinese Chess\"]\n1. h2e2 h9g7 ; h0g2 i9h9\n2. c3c4 *\n",
            "[Game \"Chinese Chess\"]\n1. h2e2 h9g7; h0g2 i9h9\n2. c3c4 *\n",
        ] {
            let games = read_all(text, "t.pgn");
            let game = games[0].as_ref().unwrap();
            assert_eq!(game.uci_moves(), ["h2e2", "h9g7", "c3c4"], "{text}");
            assert!(game.warnings.is_empty(), "{text}: {:?}", game.warnings);
        }
        // In a pasted list, after a space: a comment too, with a warning.
        let game = read_move_list("1. h2e2 h9g7 ; h0g2 i9h9\n2. c3c4\n", "t.txt", 0, 1).unwrap();
        assert_eq!(game.uci_moves(), ["h2e2", "h9g7", "c3c4"]);
        assert_eq!(game.warnings.len(), 1, "{:?}", game.warnings);
        // Right after a move, it separates moves, as `；` does.
        let game = read_move_list("1. h2e2; h9g7; 2. h0g2;i9h9\n", "t.txt", 0, 1).unwrap();
        assert_eq!(game.uci_moves(), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    }

    #[test]
    fn a_pasted_record_and_a_typed_list_warn_of_the_same_semicolon_comments() {
        // One probe for both: a comment whose moves go on but end in a
        // rule (`==`), a labelled note (a note to the end of the line in
        // both readers), a NAG or a bracketed note (both readers read them
        // as a record does) is warned of by both, one that stops mid-move
        // by neither.
        for (comment, warned) in [
            ("马８进７ 马二进三", true),
            ("马８进７ ==", true),
            ("马８进７ $1", true),
            ("马８进７ $1 马二进三", true),
            ("马８进７ 注：好棋", true),
            ("马８进７ ［好］", true),
            ("马８进７ 马二", false),
        ] {
            let text = format!("炮二平五 ; {comment}\n");
            let list = crate::notation::parse_move_list(&Position::startpos(), &text).unwrap();
            let game = read_move_list(&text, "t.txt", 0, 1).unwrap();
            assert_eq!(
                (list.warnings.len(), game.warnings.len()),
                (usize::from(warned), usize::from(warned)),
                "{comment}: {:?} {:?}",
                list.warnings,
                game.warnings
            );
        }
    }

    #[test]
    fn title_lines_over_the_moves_of_a_pasted_record_are_its_title() {
        let text = "第1局 许银川 胜 吕钦\n2023年\n\n1. 炮二平五 马８进７\n2. 马二进三\n";
        let game = read_move_list(text, "t.txt", 0, 1).unwrap();
        assert_eq!(game.uci_moves(), ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(game.tag("Title"), Some("第1局 许银川 胜 吕钦 2023年"));
        // After header lines too; a numbered note is still no game, and
        // more lines than a title has are prose.
        let game = read_move_list("红方：许银川\n第1局\n1、炮二平五\n", "t.txt", 0, 1).unwrap();
        assert_eq!((game.red(), game.moves.len()), (Some("许银川"), 1));
        let e = read_move_list("说明文字\n1. 欢迎访问\n", "t.txt", 0, 1).unwrap_err();
        assert!(
            e.to_string()
                .contains("its first word '说明文字' is no move"),
            "{e}"
        );
        let prose = "欢迎\n欢迎\n欢迎\n欢迎\n欢迎\n欢迎\n1. 炮二平五\n";
        assert!(read_move_list(prose, "t.txt", 0, 1).is_err());
    }

    #[test]
    fn a_result_written_with_a_colon_ends_a_game_and_is_its_result() {
        // One game a line, each ending in `1:0`, `0:1`, `½:½` or `1/2:1/2`.
        let text = "1. h2e2 h9g7 1:0\n1. h2e2 h9g7 0:1\n1. c3c4 ½:½\n1. c3c4 1/2:1/2\n";
        let results: Vec<(usize, Option<Outcome>)> = read_all(text, "t.pgn")
            .into_iter()
            .map(|g| g.map(|g| (g.moves.len(), g.result)).unwrap())
            .collect();
        assert_eq!(
            results,
            [
                (2, Some(Outcome::RedWins)),
                (2, Some(Outcome::BlackWins)),
                (1, Some(Outcome::Draw)),
                (1, Some(Outcome::Draw))
            ]
        );
        // As the Result tag too.
        let games = read_all("[Result \"0:1\"]\n1. h2e2\n", "t.pgn");
        assert_eq!(games[0].as_ref().unwrap().result, Some(Outcome::BlackWins));
    }

    #[test]
    fn tag_lines_in_full_width_brackets_or_quotes_are_tag_lines() {
        // As Chinese input methods type them: two games, their tags read,
        // in UTF-8 or GBK alike; a note in such brackets is no tag.
        let text = "［Event \"全国赛\"］\n［Red “许银川”］\n[Black “吕钦”]\n\
                    1. 炮二平五 ［注：好棋］ 马８进７ *\n\n\
                    ［Event ＂个人赛＂］\n［Result \"红胜\"]\n1. h2e2\n";
        for encoding in [encoding_rs::UTF_8, encoding_rs::GBK] {
            let (bytes, _, _) = encoding.encode(text);
            let reader = std::io::Cursor::new(bytes.into_owned());
            let stream = PgnStream::new(Vec::new(), reader, encoding, false, "t.pgn".into());
            let games: Vec<Game> = stream.map(Result::unwrap).collect();
            let read: Vec<_> = games
                .iter()
                .map(|g| (g.event(), g.red(), g.black(), g.moves.len(), g.result))
                .collect();
            assert_eq!(
                read,
                [
                    (Some("全国赛"), Some("许银川"), Some("吕钦"), 2, None),
                    (Some("个人赛"), None, None, 1, Some(Outcome::RedWins)),
                ],
                "{}",
                encoding.name()
            );
        }
        assert!(looks_like_pgn("［Event \"全国赛\"］\n1. 炮二平五\n"));
        assert!(!looks_like_pgn("［注：好棋］\n1. 炮二平五\n"));
        assert_eq!(
            full_width_tag("［Red “许银川”］").as_deref(),
            Some("[Red “许银川”]")
        );
        assert_eq!(full_width_tag("［注 好棋］"), None);
    }

    #[test]
    fn a_chinese_result_ends_a_game_as_a_pgn_result_does() {
        // Games without tags, one a line, each ending in result words: the
        // next numbered line is the next game, in UTF-8 or GBK alike.
        let text = "[Event \"a\"]\n1. 炮二平五 马８进７ 红胜\n\n1. 炮二平五 马２进３ （黑胜）\n\
                    1. 兵七进一 卒７进１ 【和棋】\n1. 马二进三 马８进７ 红方认负。\n1. h2e2\n";
        for encoding in [encoding_rs::UTF_8, encoding_rs::GBK] {
            let (bytes, _, _) = encoding.encode(text);
            let reader = std::io::Cursor::new(bytes.into_owned());
            let stream = PgnStream::new(Vec::new(), reader, encoding, false, "t.pgn".into());
            let games: Vec<Game> = stream.map(Result::unwrap).collect();
            let read: Vec<(usize, Option<Outcome>, usize)> = games
                .iter()
                .map(|g| (g.moves.len(), g.result, g.warnings.len()))
                .collect();
            assert_eq!(
                read,
                [
                    (2, Some(Outcome::RedWins), 0),
                    (2, Some(Outcome::BlackWins), 0),
                    (2, Some(Outcome::Draw), 0),
                    (2, Some(Outcome::BlackWins), 0),
                    (1, None, 0)
                ],
                "{}",
                encoding.name()
            );
        }
        // A note on a line of its own after the result does not undo it.
        let text = "1. 炮二平五 马８进７ 红胜\n（注：黑方超时）\n{复盘}\n1. h2e2 1-0\n";
        for encoding in [encoding_rs::UTF_8, encoding_rs::GBK] {
            let (bytes, _, _) = encoding.encode(text);
            let reader = std::io::Cursor::new(bytes.into_owned());
            let stream = PgnStream::new(Vec::new(), reader, encoding, false, "t.pgn".into());
            let games: Vec<Game> = stream.map(Result::unwrap).collect();
            let read: Vec<(usize, usize)> = games
                .iter()
                .map(|g| (g.moves.len(), g.warnings.len()))
                .collect();
            assert_eq!(read, [(2, 0), (1, 0)], "{}", encoding.name());
        }
        // One game a line, each ending in a PGN result: three games.
        let games = read_all("1. h2e2 h9g7 1-0\n1. h2e2 h9g7 0-1\n1. c3c4 1-0\n", "t.pgn");
        assert_eq!(games.len(), 3, "{games:?}");
        // A line that ends in a move, or in a comment with result words, goes on.
        let text = "[Event \"a\"]\n1. 炮二平五 马８进７\n2. 马二进三 {红胜}\n3. 车一平二 *\n";
        assert_eq!(read_all(text, "t.pgn").len(), 1);
    }

    #[test]
    fn a_lost_bracket_is_found_on_tags_of_any_case_script_and_spacing() {
        for line in [
            "event \"全国赛\"]",
            "赛事 \"全国赛\"]",
            "Event\"全国赛\" ]",
            "Red   \"乙\"  ]",
            "black_team \"\"]",
            "红方 \"乙\"]",
            "Date \"2024.05.01\"]",
        ] {
            let text =
                format!("[Red \"甲\"]\n\n1. h2e2 h9g7\n\n{line}\n[Red \"乙\"]\n\n1. c3c4 *\n");
            let games = read_all(&text, "t.pgn");
            let e = games[0].as_ref().expect_err(line);
            assert_eq!(
                e.to_string(),
                format!(
                    "t.pgn, game #0: line 5: '{}' is a tag line that lost its '[': the moves end before it",
                    line.trim()
                )
            );
            assert_eq!(e.partial.as_deref().unwrap().uci_moves(), ["h2e2", "h9g7"]);
        }
        // No false alarm: such a line inside a comment, a move with a
        // quoted note, a quote with no name before it.
        for moves in [
            "1. h2e2 {a note\nEvent \"全国赛\"]\n} h9g7",
            "1. h2e2 h9g7\n炮二平五 \"好\"]",
            "1. h2e2 h9g7\n\"全国赛\"]",
            "1. h2e2 h9g7\n12 \"全国赛\"]",
        ] {
            let text = format!("[Red \"甲\"]\n\n{moves}\n");
            let game = read_all(&text, "t.pgn").remove(0);
            let game = game.map_err(|e| e.to_string());
            let moves = game.as_ref().map(|g| g.moves.len()).ok();
            assert!(moves >= Some(1), "{text}: {game:?}");
        }
    }

    #[test]
    fn a_tag_line_that_lost_its_bracket_among_the_tags_is_read_as_the_tag_and_said_so() {
        // Among the tags, at the top of the file, or after a game that
        // ended with its result: the tag, one game, the moves all read.
        let text = "event \"top\"]\n[Red \"甲\"]\nblack \"乙\" ]\n[Date \"2024\"]\n1. h2e2 1-0\n\n\
                    Event \"b\"]\n[Red \"丙\"]\n1. c3c4 *\n";
        for encoding in [encoding_rs::UTF_8, encoding_rs::GBK] {
            let (bytes, _, _) = encoding.encode(text);
            let reader = std::io::Cursor::new(bytes.into_owned());
            let stream = PgnStream::new(Vec::new(), reader, encoding, false, "t.pgn".into());
            let games: Vec<Game> = stream.map(Result::unwrap).collect();
            assert_eq!(games.len(), 2, "{}", encoding.name());
            let g = &games[0];
            let read = (g.event(), g.red(), g.black(), g.date(), g.moves.len());
            assert_eq!(read, (Some("top"), Some("甲"), Some("乙"), Some("2024"), 1));
            let warnings: Vec<&str> = g.warnings.iter().map(|w| w.en.as_str()).collect();
            assert_eq!(
                warnings,
                [
                    "line 1: 'event \"top\"]' is a tag line that lost its '[': read as the tag event",
                    "line 3: 'black \"乙\" ]' is a tag line that lost its '[': read as the tag black"
                ]
            );
            assert_eq!(
                g.warnings[0].zh,
                "第1行的“event \"top\"]”是缺了“[”的标签行：按标签event读入"
            );
            let g = &games[1];
            assert_eq!(
                (g.event(), g.red(), g.moves.len()),
                (Some("b"), Some("丙"), 1)
            );
            assert!(g.warnings[0].en.starts_with("line 7: 'Event \"b\"]'"));
        }
    }

    #[test]
    fn a_tag_line_left_open_makes_the_game_unreadable_not_an_illegal_move() {
        let text = "[Event \"a\"]\n1. h2e2 *\n\n[Game \"Chinese Chess\"]\n[Event \"第4轮\n[Red \"周九\"]\n\n1. h2e2 *\n";
        let games = read_all(text, "t.pgn");
        assert_eq!(games.len(), 2);
        let e = games[1].as_ref().unwrap_err();
        assert_eq!((e.kind, e.game), (ErrorKind::Syntax, Some(1)));
        assert_eq!(
            e.to_string(),
            "t.pgn, game #1: line 5: the tag line '[Event \"第4轮' is not closed by ']'"
        );
        assert_eq!(e.words().zh, "第5行的标签行“[Event \"第4轮”缺少“]”");
    }

    #[test]
    fn utf8_games_in_a_file_detected_as_gbk_are_read_as_utf8() {
        // Files of two programs put together: the GBK game makes the file GBK.
        let utf8 = "[Event \"a\"]\n[Red \"许银川\"]\n1. 炮二平五 *\n";
        let (gbk, _, _) =
            encoding_rs::GBK.encode("[Event \"b\"]\n[Red \"胡荣华\"]\n1. 炮二平五 *\n");
        let mut bytes = utf8.as_bytes().to_vec();
        bytes.extend_from_slice(&gbk);
        bytes.extend_from_slice(utf8.as_bytes());
        let games: Vec<_> = PgnStream::new(
            Vec::new(),
            std::io::Cursor::new(bytes),
            encoding_rs::GB18030,
            false,
            "m.pgn".into(),
        )
        .collect();
        let red: Vec<_> = games.iter().map(|g| g.as_ref().unwrap().red()).collect();
        assert_eq!(red, [Some("许银川"), Some("胡荣华"), Some("许银川")]);
    }

    #[test]
    fn lines_ended_by_cr_alone_are_lines() {
        // Old Mac programs end lines with CR only; CRLF files, and a stray
        // CR in a file of LF lines, are as before.
        let games = "[Event \"a\"]\n[Red \"甲\"]\n1. h2e2 h9g7 1-0\n\n".repeat(3);
        for text in [games.replace('\n', "\r"), games.replace('\n', "\r\n")] {
            let read = read_all(&text, "m.pgn");
            assert_eq!(read.len(), 3);
            for g in read {
                let g = g.unwrap();
                assert_eq!((g.red(), g.moves.len()), (Some("甲"), 2));
            }
        }
        let stray = format!("[Event \"a\rb\"]\n{}", games);
        assert_eq!(read_all(&stray, "m.pgn").len(), 4);
    }

    #[test]
    fn a_gbk_game_after_ascii_games_is_still_read() {
        let ascii = "[Event \"a\"]\n1. h2e2 *\n".repeat(3);
        let (gbk, _, _) =
            encoding_rs::GBK.encode("[Event \"b\"]\n[Red \"胡荣华\"]\n1. 炮二平五 *\n");
        let mut bytes = ascii.into_bytes();
        bytes.extend_from_slice(&gbk);
        let games: Vec<_> = PgnStream::new(
            Vec::new(),
            std::io::Cursor::new(bytes),
            encoding_rs::UTF_8,
            false,
            "m.pgn".into(),
        )
        .collect();
        assert_eq!(games.len(), 4);
        let last = games[3].as_ref().unwrap();
        assert_eq!((last.red(), last.moves.len()), (Some("胡荣华"), 1));
    }

    #[test]
    fn bad_fen_is_an_error_item() {
        let text = "[Event \"x\"]\n[FEN \"4k4/9 w\"]\n1. h2e2\n[Event \"y\"]\n1. h2e2\n";
        let games = read_all(text, "t.pgn");
        let e = games[0].as_ref().unwrap_err();
        assert_eq!(e.kind, ErrorKind::BadPosition);
        assert_eq!(e.game, Some(0));
        assert!(e.to_string().starts_with("t.pgn, game #0: FEN tag"));
        assert!(games[1].is_ok());
    }

    #[test]
    fn a_result_tag_in_chinese_is_the_recorded_result() {
        // As Chinese programs write it, with no result after the moves.
        for (tag, result) in [
            ("和棋", Outcome::Draw),
            ("红胜", Outcome::RedWins),
            ("黑胜", Outcome::BlackWins),
            ("红先负", Outcome::BlackWins),
            ("1-0", Outcome::RedWins),
        ] {
            let text =
                format!("[Game \"Chinese Chess\"]\n[Result \"{tag}\"]\n1. 炮二平五 马８进７\n");
            let games = read_all(&text, "t.pgn");
            let game = games[0].as_ref().unwrap();
            assert_eq!(game.result, Some(result), "{tag}");
            assert_eq!(game.tagged_result(), Some(result), "{tag}");
        }
    }

    #[test]
    fn text_whose_first_word_is_no_move_is_no_game() {
        // A note or a results table saved as .txt next to the records.
        for text in [
            "本次比赛共九轮，棋谱由裁判组整理。\n",
            "第1轮 成绩\n1. 张三 1-0 李四\n",
            "Round 1 results\nBoard 1: Zhang 1-0 Li\n",
        ] {
            let e = read_move_list(text, "说明.txt", 0, 1).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Syntax, "{text}");
            assert!(
                e.to_string()
                    .contains("no game found in the text: its first word '"),
                "{e}"
            );
        }
        let e = read_move_list("本次比赛共九轮", "说明.txt", 0, 1).unwrap_err();
        assert_eq!(
            e.words().zh,
            "文本中找不到对局：开头的“本次比赛共九轮”不是着法（“本”不是棋子、纵线、方向或数字）"
        );
        // A move that can be read but not played, or a slip away from a
        // legal move, is the record's illegal move.
        for text in ["炮二进九 马８进７", "炮二平无 马８进７"] {
            let g = read_move_list(text, "m.txt", 0, 1).unwrap();
            assert_eq!(g.illegal.unwrap().ply, 1, "{text}");
        }
    }

    #[test]
    fn a_pasted_chinese_move_split_by_spaces_is_read_once_whole() {
        for text in [
            "炮二 平五 马８ 进７ 2. 马二 进三",
            "1. 炮 二 平 五 马 8 进 7 2. 马二进三",
            "炮二平 五 马８进 ７ 马二进三 红胜",
        ] {
            let g = read_move_list(text, "m.txt", 0, 1).unwrap();
            assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2"], "{text}");
            assert!(g.illegal.is_none(), "{text}");
        }
        // Words that stay short of a move end the line there, quoted as written.
        for (text, bad) in [
            ("炮二平五 马８ 进", "马８ 进"),
            ("炮二平五 马８ 进６", "马８ 进６"),
            ("炮二平五 马８ 炮二平五", "马８"),
            ("炮二平五 马８ {好} 进７", "马８"),
        ] {
            let g = read_move_list(text, "m.txt", 0, 1).unwrap();
            let ill = g.illegal.unwrap();
            assert_eq!((ill.ply, ill.text.as_str()), (2, bad), "{text}");
        }
        // Prose is still no game.
        assert!(read_move_list("本次 比赛 共九轮", "说明.txt", 0, 1).is_err());
    }

    #[test]
    fn move_list_with_fen_and_result() {
        let g = read_move_list(
            "9/3k5/4c4/4N4/9/6R2/9/5p3/4r4/5K3 w, g4g8 d8d9 e6c7 d9e9 g8g9, 1-0",
            "m.txt",
            0,
            1,
        )
        .unwrap();
        assert_eq!(g.moves.len(), 5);
        assert_eq!(g.result, Some(Outcome::RedWins));
        assert!(read_move_list("炮二平五 hello", "m.txt", 0, 1).is_ok_and(|g| g.illegal.is_some()));
        assert!(read_move_list("  ", "m.txt", 0, 1).is_err());
    }
}
