//! PGN movetext and pasted move lists: move numbers, moves in any notation,
//! `{}` comments (nested), `（）`, `【】` and `［］` notes, `()` variations (counted
//! and skipped), `;` line comments (or, in a typed list, separators written
//! right after a move: [`Semicolon`]), NAGs and the result token, after
//! which only a comment is read: moves written after the result are not
//! read, and the game warns of them.

use super::game::Game;
use super::labels::{FULL_WIDTH_BRACKETS, labelled_result};
use super::place::Place;
use super::replay::Replay;
use crate::board::{Color, Position};
use crate::notation::{
    self, Between, Label, Outcome, braced, continues_split_move, is_black_first_marker, label,
    may_lead_result, may_start_side_label, result_words, side_label, spaced_result,
    strip_round_marker, words_on_result,
};
use crate::text::{line_and_column, offset_in};
use crate::words::Words;

/// What the movetext said about the result.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ResultToken {
    /// No result token.
    Absent,
    /// `*`.
    Unknown,
    /// `1-0`, `0-1` or `1/2-1/2` (or `1:0`, `0:1`, `1/2:1/2`, `½:½`).
    Known(Outcome),
}

/// Reads `text` from byte `start` into `replay`, counting variations into
/// the game; `semicolon` says what a `;` is. `first_line` is the number, in
/// the file, of the text's first line: an unclosed `{` or `(`, or a
/// Black-first marker the start position contradicts, is an error naming
/// its line and column. Text after the result is not read; when it reads as
/// moves, the game warns that they were left out ([`warning_after_result`]).
pub(crate) fn read_movetext(
    text: &str,
    start: usize,
    first_line: usize,
    replay: &mut Replay,
    semicolon: Semicolon,
) -> Result<ResultToken, Words> {
    read_movetext_to(text, start, first_line, replay, semicolon, Extent::Whole)
}

/// [`read_movetext`], reading as much of `text` as `extent` says.
pub(crate) fn read_movetext_to(
    text: &str,
    start: usize,
    first_line: usize,
    replay: &mut Replay,
    semicolon: Semicolon,
    extent: Extent,
) -> Result<ResultToken, Words> {
    let mode = Mode {
        semicolon,
        probe: false,
        extent,
    };
    let (result, words, after) = scan(text, start, first_line, replay, mode)?;
    // How the game ended, when the result's words say more than the result
    // (`红方超时`, `Black wins on time`): its termination, unless the reader
    // or the last comment gave one.
    if let (ResultToken::Known(_), Some(words)) = (result, words.and_then(result_words)) {
        replay
            .game_mut()
            .termination
            .get_or_insert_with(|| words.to_string());
    }
    if let Some(at) = after
        && !replay.stopped()
        && let Some(warning) =
            warning_after_result(text, at, first_line, replay.position(), result, semicolon)
    {
        replay.game_mut().warnings.push(warning);
    }
    Ok(result)
}

/// The warning for the text from byte `at` of `text`, which follows the
/// result `result` of a game ending in `end`, when it reads as moves: how
/// many of them go on from `end`, or that they read as moves that do not.
/// `None` when the text is no moves (an advert, a note, the next game's
/// title, a comment): only a first word that reads as a move, or one slip
/// from a legal move, makes it moves. A `;` is read as the game reads it
/// (`semicolon`).
fn warning_after_result(
    text: &str,
    at: usize,
    first_line: usize,
    end: &Position,
    result: ResultToken,
    semicolon: Semicolon,
) -> Option<Words> {
    let mut probe = Replay::new(end.clone(), false);
    // The probe stops where its own text does: at a result of its own, or
    // at damage (an unclosed comment), which leaves the moves before it.
    let mode = Mode {
        semicolon,
        probe: true,
        extent: Extent::Whole,
    };
    let _ = scan(text, at, first_line, &mut probe, mode);
    let no_move = probe.first_text_is_no_move();
    let game = probe.finish();
    let played = game.moves.len();
    if played == 0 && (no_move || game.illegal.is_none()) {
        return None;
    }
    let result = match result {
        ResultToken::Known(r) => r.pgn(),
        _ => "*",
    };
    Some(notation::moves_after_result(
        text, at, first_line, result, played,
    ))
}

/// What a `;` is to [`scan`]: never a door to moves inside a comment. What
/// follows a `;` that starts a comment is never read, whatever it holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Semicolon {
    /// A comment to the end of the line, as PGN has it: in a PGN file.
    Comment,
    /// As a typed list writes it: right after a word (`炮二平五;马８进７`,
    /// `炮二平五; 马８进７`) a separator, as `；` is; after whitespace or at
    /// the start of the text, a comment to the end of the line, and the
    /// game warns when that comment reads as moves that go on
    /// ([`typed_comment_warning`]).
    Typed,
}

/// How much of its text [`read_movetext_to`] reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Extent {
    /// All of it.
    Whole,
    /// Up to where the main line stops at a move that cannot be played,
    /// once past byte `plain`, after which the text holds no `(` or `{`
    /// left open, nor a `(` not surely closed
    /// ([`super::brackets::Brackets::plain`]):
    /// past the stop only an unclosed comment or variation could make the
    /// text unreadable, so the rest would only give the result and the
    /// warnings, which the reader does not want (the text is read again
    /// and again, each time from a different line, to find where its
    /// games start: reading each time to its end made that quadratic).
    ToStop {
        /// The byte of the text after its last `(` or `{` that may be left
        /// open.
        plain: usize,
    },
}

/// How [`scan`] reads: what a `;` is, whether it reads the game or
/// probes the text ahead, which warns of nothing (and so starts no probe
/// of its own), and how far.
#[derive(Copy, Clone)]
struct Mode {
    /// What a `;` is.
    semicolon: Semicolon,
    /// The scan is a probe of the text ahead.
    probe: bool,
    /// How much of the text it reads.
    extent: Extent,
}

/// [`read_movetext`] but for what follows the result: the result, the
/// text it was written in (the result's words, [`result_words`]), and
/// where text other than whitespace and one comment follows it, if any,
/// read as `mode` says.
///
/// The scan works on bytes: every structural character is ASCII, and UTF-8
/// never hides an ASCII byte inside a multi-byte character, so only
/// non-ASCII characters are decoded (to recognise full-width separators).
fn scan<'a>(
    text: &'a str,
    start: usize,
    first_line: usize,
    replay: &mut Replay,
    mode: Mode,
) -> Result<(ResultToken, Option<&'a str>, Option<usize>), Words> {
    let bytes = text.as_bytes();
    let mut i = start;
    let mut variation_depth = 0usize;
    // Where the outermost open variation began.
    let mut variation_start = 0;
    let mut result = ResultToken::Absent;
    // Where the result's words are (set where the result is read, so that
    // the loop over every word pays nothing for them).
    let mut words = None;
    // Where text after the result starts.
    let mut after = None;
    // The word the move being read starts in.
    let mut word = Word {
        at: start,
        end: start,
        plies: 0,
    };
    while i < bytes.len() {
        #[cfg(test)]
        work::add(1);
        let b = bytes[i];
        if b.is_ascii_whitespace() || b == b',' {
            i += 1;
            continue;
        }
        if b == b'{' {
            let Some((body, next)) = braced(text, i + 1) else {
                if result != ResultToken::Absent {
                    // Text after the result is not read.
                    break;
                }
                let (line, column) = place(text, i, first_line);
                return Err(Words::new(
                    format!(
                        "the comment opened by '{{' at line {line}, column {column} is never closed"
                    ),
                    format!("第{line}行第{column}列的“{{”开始的注释没有结束"),
                ));
            };
            if variation_depth == 0 {
                if replay.awaits_rest_of_move() {
                    replay.end_of_moves_at(Between::Comment, next_word(text, next).1);
                }
                replay.comment(body);
            }
            i = next;
            if result != ResultToken::Absent {
                after = bytes[i..]
                    .iter()
                    .position(|c| !c.is_ascii_whitespace())
                    .map(|n| i + n);
                break;
            }
            continue;
        }
        if let Some((open, close)) = note_brackets(b, &text[i..]) {
            // A note in full-width brackets, as Chinese records write them:
            // a comment, or the result (（红胜）, 【红胜】), never a variation.
            let (body, next) = full_width_bracketed(text, i + open.len_utf8(), close);
            if variation_depth == 0 {
                if replay.awaits_rest_of_move() {
                    replay.end_of_moves_at(Between::Comment, next_word(text, next).1);
                }
                match result_token(body.trim()) {
                    Some(r @ ResultToken::Known(_)) if result == ResultToken::Absent => {
                        result = r;
                        words = Some((i, next));
                    }
                    _ => replay.comment(body),
                }
            }
            i = next;
            continue;
        }
        let sep = separator_len(text, i);
        if result != ResultToken::Absent {
            // After the result only whitespace and one comment may follow,
            // and the English words that say how it came (`draw agreed`).
            if sep == 0 {
                if let ResultToken::Known(outcome) = result
                    && let Some(next) = result_words_end(text, i, outcome)
                {
                    words = words.map(|(from, _)| (from, next));
                    i = next;
                    continue;
                }
                after = Some(i);
                break;
            }
            i += sep;
            continue;
        }
        match b {
            _ if sep > 0 => i += sep,
            b'(' => {
                if variation_depth == 0 {
                    // `(红方认负)`: the result in brackets, as `（红胜）`, not a variation.
                    if let Some((r, next)) = bracketed_result(text, i + 1) {
                        result = r;
                        words = Some((i, next));
                        i = next;
                        continue;
                    }
                    variation_start = i;
                    // Nor across a variation.
                    if replay.awaits_rest_of_move() {
                        let after = variation_end(text, i);
                        replay.end_of_moves_at(Between::Bracketed, next_word(text, after).1);
                    }
                }
                i += 1;
                variation_depth += 1;
                replay.game_mut().variations += 1;
            }
            b')' => {
                i += 1;
                variation_depth = variation_depth.saturating_sub(1);
            }
            b';' if mode.semicolon == Semicolon::Typed
                && i > start
                && !notation::starts_comment(text, i) =>
            {
                i += 1;
            }
            // A `//` that starts a comment in a typed list, as a `;` does
            // (`炮二平五 // 中炮`), or right after a whole move (`炮二平五//中炮`);
            // one inside another word (`http://`) is the word's.
            b';' | b'/'
                if b == b';'
                    || (mode.semicolon == Semicolon::Typed
                        && text[i..].starts_with("//")
                        && notation::slashes_start_comment(text, i)) =>
            {
                let line_end = line_end(bytes, i);
                if variation_depth == 0 {
                    // A split move's words do not go on across a comment.
                    replay.end_of_moves_at(Between::Comment, next_word(text, line_end).1);
                }
                if mode.semicolon == Semicolon::Typed
                    && !mode.probe
                    && variation_depth == 0
                    && let Some(warning) =
                        typed_comment_warning(&text[..line_end], i, first_line, replay)
                {
                    replay.game_mut().warnings.push(warning);
                }
                i = (line_end + 1).min(bytes.len());
            }
            _ => {
                let mut end = i;
                let mut ascii = true;
                // The token holds a colon (`:` or `：`): it may start with a label.
                let mut colon = 0;
                while end < bytes.len() {
                    let c = bytes[end];
                    if c < 0x80 {
                        // ASCII: the common case, tested inline.
                        let kind = TOKEN_BYTES[usize::from(c)];
                        if kind == ENDS_TOKEN || c == b'/' && ends_at_slashes(text, end, mode) {
                            break;
                        }
                        colon |= kind;
                        end += 1;
                        continue;
                    }
                    // `：` (EF BC 9A).
                    if c == 0xEF && bytes.get(end + 1..end + 3) == Some(&[0xBC, 0x9A]) {
                        colon = COLON;
                    }
                    // Lead bytes E4–E9 start CJK ideographs (U+4000–U+9FFF), never separators.
                    if !(0xE4..=0xE9).contains(&c)
                        && text[end..].chars().next().is_some_and(|ch| {
                            ch.is_whitespace()
                                || matches!(ch, '，' | '；' | '、' | '。' | '（' | '【' | '［')
                        })
                    {
                        break;
                    }
                    ascii = false;
                    end += utf8_len(c);
                }
                let end = end.min(bytes.len());
                if variation_depth == 0
                    && let Some(tok) = text.get(i..end)
                {
                    // A move split by spaces was read from its first word;
                    // the move the line stopped at stays where it was.
                    if !replay.awaits_rest_of_move() && !replay.stopped() {
                        word = Word {
                            at: i,
                            end,
                            plies: replay.game_mut().moves.len(),
                        };
                    }
                    if is_black_first_marker(tok) {
                        replay.black_first().map_err(|why| {
                            let (line, column) = place(text, i, first_line);
                            why.prefixed(
                                &format!("line {line}, column {column}"),
                                &format!("第{line}行第{column}列"),
                            )
                        })?;
                    }
                    // A side's label before a move (`红：炮二平五`, `黑方 马８进７`,
                    // `Red: C2=5`): the move, once the side agrees.
                    if !(ascii && colon == 0)
                        && may_start_side_label(tok.as_bytes())
                        && let Some(r) = side_labelled(text, (i, end), replay)
                    {
                        result = r;
                        words = Some((i, end));
                        i = end;
                        continue;
                    }
                    // A side's word, or `Game`, before result words (`红方 认负`,
                    // `Red resigns`, `Game drawn`).
                    if may_lead_result(tok.as_bytes())
                        && !replay.awaits_rest_of_move()
                        && let Some((outcome, next)) = side_result(text, tok, end)
                    {
                        result = ResultToken::Known(outcome);
                        words = Some((i, next));
                        i = next;
                        continue;
                    }
                    let labelled = if colon == 0 || replay.awaits_rest_of_move() {
                        None
                    } else {
                        label(tok, || next_word(text, end).1)
                    };
                    match labelled {
                        // A heading over the moves: they start after its colon.
                        Some((Label::Heading, after)) => {
                            i += after;
                            continue;
                        }
                        Some((Label::Result, after)) => {
                            let (value, next) = if after < tok.len() {
                                (&tok[after..], end)
                            } else {
                                let (at, word) = next_word(text, end);
                                (word, at + word.len())
                            };
                            result = result_after_label(text, i, tok, value, first_line, replay);
                            words = Some((i, next));
                            i = next;
                            continue;
                        }
                        Some((Label::Note, len)) => {
                            let line_end = line_end(bytes, i);
                            // A heading with moves after it ends the note;
                            // between the moves, the game says so.
                            let heading =
                                notation::heading_in_note(&text[..line_end], i + len, |from| {
                                    goes_on(
                                        &text[..line_end],
                                        from,
                                        first_line,
                                        replay,
                                        mode.semicolon,
                                    )
                                });
                            if let Some(cut) = heading
                                && !mode.probe
                                && !replay.game_mut().moves.is_empty()
                            {
                                let warning =
                                    notation::heading_ends_note(text, cut, first_line, &tok[..len]);
                                replay.game_mut().warnings.push(warning);
                            }
                            let line_end = heading.unwrap_or(line_end);
                            let line = &text[..line_end];
                            if !mode.probe
                                && let Some(warning) = note_tail_warning(
                                    line,
                                    (i, len),
                                    first_line,
                                    replay,
                                    mode.semicolon,
                                )
                            {
                                replay.game_mut().warnings.push(warning);
                            }
                            replay.note(&text[i..line_end]);
                            i = line_end;
                            continue;
                        }
                        None => {}
                    }
                    if replay.awaits_rest_of_move()
                        && !continues_split_move(tok)
                        && let Some(between) = Between::of_word(tok)
                    {
                        replay.end_of_moves_at(between, next_word(text, end).1);
                    }
                    // A side's word run into the last move, its result
                    // words after it (`马二进三黑方 认负`).
                    if !ascii
                        && !replay.awaits_rest_of_move()
                        && may_hold_side(tok)
                        && let Some((outcome, from, next)) = side_run_in(text, i, end, replay)
                    {
                        result = ResultToken::Known(outcome);
                        words = Some((from, next));
                        i = next;
                        continue;
                    }
                    result = if ascii {
                        ascii_token(tok, replay)
                    } else {
                        token(tok, replay)
                    };
                    if let ResultToken::Known(_) = result {
                        words = Some((i, end));
                    }
                }
                i = end;
                if let Extent::ToStop { plain } = mode.extent
                    && i >= plain
                    && variation_depth == 0
                    && result == ResultToken::Absent
                    && replay.stopped()
                {
                    break;
                }
            }
        }
    }
    replay.end_of_moves();
    // The move the line stopped at: in the word last read while it had
    // not, or the first word of a split move a comment or the end cut short.
    if replay.stopped() {
        let at = stop_in_word(text, word, replay.game_mut());
        replay.stopped_at(|| Place::in_text(text, at, first_line));
    }
    if variation_depth > 0 {
        let (line, column) = place(text, variation_start, first_line);
        return Err(Words::new(
            format!("the variation opened by '(' at line {line}, column {column} is never closed"),
            format!("第{line}行第{column}列的“(”开始的变着没有结束"),
        ));
    }
    let words = words.and_then(|(from, to)| text.get(from..to));
    Ok((result, words, after))
}

/// The byte of the `\n` that ends the line of byte `from` of `bytes`, or
/// the end of the text.
fn line_end(bytes: &[u8], from: usize) -> usize {
    let end = bytes[from..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(bytes.len(), |n| from + n);
    #[cfg(test)]
    work::add(end - from);
    end
}

/// The work [`scan`] does, counted for the tests that bound it: each word,
/// bracket or separator it steps to, and each byte it looks through for a
/// line's end. A reading that goes over text read before, or looks past a
/// line's end for each word, makes the work grow faster than the text,
/// which a clock on a loaded machine tells less surely.
#[cfg(test)]
pub(crate) mod work {
    use std::cell::Cell;

    thread_local! {
        static DONE: Cell<usize> = const { Cell::new(0) };
    }

    /// Counts `n` more steps on this thread.
    pub(super) fn add(n: usize) {
        DONE.with(|done| done.set(done.get() + n));
    }

    /// The steps counted on this thread since the last call.
    pub(crate) fn take() -> usize {
        DONE.with(|done| done.replace(0))
    }
}

/// A word of the text that moves were read from.
#[derive(Copy, Clone)]
struct Word {
    /// The byte where it starts.
    at: usize,
    /// The byte after it.
    end: usize,
    /// The plies played before it.
    plies: usize,
}

/// The byte of `text` where the move `game` stopped at starts, read from
/// `word`: past the moves read from the word before it, when the word ran
/// moves together (`车９平９` of `炮二平五马８进７马二进三车９平９`;
/// `马二进九九` of `1.炮二平五马８进７2.马二进九九`, past its number too),
/// else the word's start.
fn stop_in_word(text: &str, word: Word, game: &Game) -> usize {
    let (Some(bad), Some(read)) = (&game.illegal, game.moves.get(word.plies..)) else {
        return word.at;
    };
    if read.is_empty() {
        return word.at;
    }
    // Each move as written, in order, in the word: only move numbers
    // between them.
    let mut from = word.at;
    let texts = read.iter().map(|m| m.text.as_str());
    for written in texts.chain([bad.text.as_str()]) {
        match text[from..word.end].find(written) {
            Some(n) => from += n + written.len(),
            None => return word.at,
        }
    }
    from - bad.text.len()
}

/// The byte after the `)` that closes the variation opened at byte `at`
/// of `text` (the end of the text if none does).
fn variation_end(text: &str, at: usize) -> usize {
    let mut depth = 0usize;
    for (i, b) in text.bytes().enumerate().skip(at) {
        match b {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    text.len()
}

/// Whether a token of a typed list ends at byte `at` of `text`, where a
/// `//` after a whole move starts a comment (`炮二平五//中炮`). Out of
/// [`scan`]'s loop, which reaches it only at a `/`.
#[inline(never)]
fn ends_at_slashes(text: &str, at: usize, mode: Mode) -> bool {
    mode.semicolon == Semicolon::Typed
        && text[at..].starts_with("//")
        && notation::follows_move(text, at)
}

/// The word that follows byte `from` of `text` after whitespace, and
/// where it starts: the value of a label that ends its word (`结果： 红胜`).
fn next_word(text: &str, from: usize) -> (usize, &str) {
    let rest = text.get(from..).unwrap_or("");
    let word = rest.trim_start();
    let at = from + rest.len() - word.len();
    let end = word.find(char::is_whitespace).unwrap_or(word.len());
    (at, &word[..end])
}

/// The result that the side's word `tok`, which ends at byte `end` of
/// `text`, makes with the words after it on its line ([`spaced_result`]:
/// `红方 认负`, `黑方： 认输`, `Red resigns`), and the offset after its last
/// word. Out of [`scan`]'s loop, which most words pass by.
#[inline(never)]
fn side_result(text: &str, tok: &str, end: usize) -> Option<(Outcome, usize)> {
    let (outcome, taken) = spaced_result(tok, || words_on_line(text, end).map(|(_, w)| w))?;
    let next = match taken.checked_sub(1) {
        None => end,
        Some(last) => words_on_line(text, end)
            .nth(last)
            .map_or(end, |(at, w)| at + w.len()),
    };
    Some((outcome, next))
}

/// Whether the token `tok` may hold a side's word in Chinese after its
/// first character (红, 紅, 黑 start them): a quick test for
/// [`side_run_in`], which no Chinese move passes.
fn may_hold_side(tok: &str) -> bool {
    tok.as_bytes()
        .windows(2)
        .skip(1)
        .any(|w| matches!(w, [0xE7, 0xBA | 0xB4] | [0xE9, 0xBB]))
}

/// The result of the token `text[at..end]`, the last moves with a side's
/// word run into them, and the words after it on its line
/// ([`notation::glued_side`]: `马二进三黑方 认负`): the moves are played, and
/// the result given with where its words start and end. `None`, nothing
/// played, for other tokens.
#[inline(never)]
fn side_run_in(
    text: &str,
    at: usize,
    end: usize,
    replay: &mut Replay,
) -> Option<(Outcome, usize, usize)> {
    let tok = &text[at..end];
    let moves = strip_move_number(strip_round_marker(tok));
    let words = || words_on_line(text, end).map(|(_, w)| w);
    let (side, outcome, taken) = notation::glued_side(replay.position(), moves, words)?;
    if !replay.push_text(&moves[..side]) {
        return None;
    }
    let next = match taken.checked_sub(1) {
        None => end,
        Some(last) => words_on_line(text, end)
            .nth(last)
            .map_or(end, |(at, w)| at + w.len()),
    };
    Some((outcome, end - moves.len() + side, next))
}

/// The end of the English words from byte `at` of `text` on its line
/// that go on the phrase of the result `outcome` ([`words_on_result`]:
/// `agreed` after `draw`, `by checkmate` after `Red wins`), if any. Out of
/// [`scan`]'s loop, which reaches it only after a result.
#[inline(never)]
fn result_words_end(text: &str, at: usize, outcome: Outcome) -> Option<usize> {
    let words = || words_on_line(text, at);
    let last = words_on_result(outcome, words().map(|(_, w)| w)).checked_sub(1)?;
    words().nth(last).map(|(at, w)| at + w.len())
}

/// The words after byte `from` of `text`, with where each starts, up to
/// the end of the line or the first bracket, brace or `;`: words are split
/// by whitespace and the separators [`scan`] reads (`,`, `，`, `、`, `；`).
fn words_on_line(text: &str, from: usize) -> impl Iterator<Item = (usize, &str)> {
    let rest = text.get(from..).unwrap_or("");
    let line = rest
        .find(['\n', '{', '(', ';', '（', '【', '［'])
        .map_or(rest, |n| &rest[..n]);
    line.split(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '、' | '；'))
        .filter(|w| !w.is_empty())
        .map(move |w| (from + offset_in(rest, w), w))
}

/// The word from byte `at` to `end` of `text` read as a side's label and
/// its move ([`side_label`]), if it starts with one: the move read (unless
/// the label is not the side to move, [`side_agrees`]), and what it says
/// of the result. `None` when the word is no such label. Out of [`scan`]'s
/// loop, which most words pass by.
#[inline(never)]
fn side_labelled(
    text: &str,
    (at, end): (usize, usize),
    replay: &mut Replay,
) -> Option<ResultToken> {
    if replay.awaits_rest_of_move() {
        return None;
    }
    let tok = &text[at..end];
    let (side, len) = side_label(tok, || next_word(text, end).1)?;
    let rest = &tok[len..];
    if !side_agrees(text, (at, len, end), side, replay) || rest.is_empty() {
        return Some(ResultToken::Absent);
    }
    Some(if rest.is_ascii() {
        ascii_token(rest, replay)
    } else {
        token(rest, replay)
    })
}

/// Whether the side `side`, which the label of `len` bytes at byte `at` of
/// `text` gives the move after it (in its word, which ends at `end`, or the
/// next word), is the side to move: a label for Black before the first move
/// sets Black to move, as `1...` does. Else the main line stops there, at
/// the label and its move, saying which side is to move.
fn side_agrees(
    text: &str,
    (at, len, end): (usize, usize, usize),
    side: Color,
    replay: &mut Replay,
) -> bool {
    if replay.stopped() || replay.position().turn() == side {
        return true;
    }
    // A start that has Red to move by its own word stays so, and the
    // labels' disagreement is said below.
    if side == Color::Black && replay.black_first().is_ok() && replay.position().turn() == side {
        return true;
    }
    let turn = replay.position().turn();
    let label = &text[at..at + len];
    let shown = if at + len == end {
        let (next, word) = next_word(text, end);
        &text[at..next + word.len()]
    } else {
        &text[at..end]
    };
    let plies = replay.game_mut().moves.len();
    replay.unreadable(
        shown,
        Words::new(
            format!(
                "its label '{label}' gives the move to {side}, but {turn} is to move after {plies} moves: the label and the moves disagree"
            ),
            format!(
                "标注“{label}”说是{}方的着法，但{plies}着之后轮到{}方走棋：标注与着法不符",
                side.name_zh(),
                turn.name_zh()
            ),
        ),
    );
    false
}

/// The result a result label gives (`结果：红胜`, `Result: 1-0`), the label
/// being the word `tok` at byte `at` of `text` and `value` what it labels:
/// a result, or `*`; any other value (`结果：未知`, nothing) leaves the
/// result unknown, with a warning that names it, as the label still ends
/// the moves.
fn result_after_label(
    text: &str,
    at: usize,
    tok: &str,
    value: &str,
    first_line: usize,
    replay: &mut Replay,
) -> ResultToken {
    match labelled_result(value) {
        Ok(Some(outcome)) => ResultToken::Known(outcome),
        Ok(None) => ResultToken::Unknown,
        Err(()) => {
            let (line, column) = place(text, at, first_line);
            let shown = if value.is_empty() || tok.ends_with(value) {
                tok.to_string()
            } else {
                format!("{tok} {value}")
            };
            replay.game_mut().warnings.push(Words::new(
                format!(
                    "line {line}, column {column}: '{shown}' gives no result the reader knows: the moves end there, with the result unknown"
                ),
                format!("第{line}行第{column}列：“{shown}”不是可识别的结果：着法到此为止，结果按未知处理"),
            ));
            ResultToken::Unknown
        }
    }
}

/// The warning for the `;` (or `//`) comment at byte `at` of `line` (which ends
/// there), in a typed list, when its text reads as moves that go on from
/// where `replay` stands, as a typed list's `;` comment is probed
/// ([`notation::comment_goes_on`]): they are not read, as a `;` after a
/// space starts a comment, and the warning says how to write a separator.
fn typed_comment_warning(
    line: &str,
    at: usize,
    first_line: usize,
    replay: &Replay,
) -> Option<Words> {
    let opener = if line[at..].starts_with("//") { 2 } else { 1 };
    let body = &line[at + opener..];
    if replay.stopped()
        || replay.awaits_rest_of_move()
        || !notation::comment_goes_on(replay.position(), body)
    {
        return None;
    }
    let shown = body.trim();
    Some(notation::comment_reads_as_moves(
        line, at, first_line, shown,
    ))
}

/// The warning for the note after the label of `len` bytes at byte `at` of
/// `line` (which ends there), when the note's last words, from one after
/// its first that reads as a move or a move number, read as moves that all
/// go on from where `replay` stands ([`goes_on`]): a label's note runs to
/// the end of its line, as nothing else ends it and a note may cite moves
/// (`注：如改走2. 马二进三 …`), so they are the note's and are not read.
fn note_tail_warning(
    line: &str,
    (at, len): (usize, usize),
    first_line: usize,
    replay: &Replay,
    semicolon: Semicolon,
) -> Option<Words> {
    let (from, _) = words_on_line(line, at + len).skip(1).find(|(_, w)| {
        let rest = strip_move_number(w);
        rest.is_empty() || notation::reads_as_any_move_text(rest)
    })?;
    if !goes_on(line, from, first_line, replay, semicolon) {
        return None;
    }
    let (label, shown) = (&line[at..at + len], line[from..].trim());
    Some(notation::note_reads_as_moves(
        line,
        at,
        first_line,
        (label, shown),
    ))
}

/// Whether the text of `line` from byte `from` to its end reads as moves
/// that all go on from where `replay` stands, a `;` read as `semicolon`
/// says: a probe, which warns of nothing.
fn goes_on(
    line: &str,
    from: usize,
    first_line: usize,
    replay: &Replay,
    semicolon: Semicolon,
) -> bool {
    if replay.stopped() || replay.awaits_rest_of_move() {
        return false;
    }
    let mut probe = Replay::new(replay.position().clone(), false);
    let mode = Mode {
        semicolon,
        probe: true,
        extent: Extent::Whole,
    };
    if scan(line, from, first_line, &mut probe, mode).is_err() {
        return false;
    }
    probe.end_of_moves();
    !probe.stopped() && !probe.game_mut().moves.is_empty()
}

/// The line (counted from `first_line`) and column (in characters, from 1)
/// of byte `at` of `text`.
fn place(text: &str, at: usize, first_line: usize) -> (usize, usize) {
    let (line, column) = line_and_column(text, at);
    (first_line + line - 1, column)
}

/// What an ASCII byte is to a token: [`ENDS_TOKEN`] (whitespace and
/// `{();,`) or [`COLON`] (`:`), or 0.
const TOKEN_BYTES: [u8; 128] = {
    let mut set = [0; 128];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        if b.is_ascii_whitespace() || matches!(b, b'{' | b'(' | b')' | b';' | b',') {
            set[c] = ENDS_TOKEN;
        } else if b == b':' {
            set[c] = COLON;
        }
        c += 1;
    }
    set
};

/// In [`TOKEN_BYTES`]: the byte ends a token.
const ENDS_TOKEN: u8 = 1;

/// In [`TOKEN_BYTES`]: the byte is a colon, after which a label ends.
const COLON: u8 = 2;

/// The result written in `(…)` from byte `start` (after the `(`), as
/// Chinese records write it in half-width brackets too (`(红胜)`,
/// `(黑方认负)`), and the offset after the `)`; `None` for anything else,
/// a variation (a body of more than 32 bytes is none, so that a `(`
/// costs no more than that).
fn bracketed_result(text: &str, start: usize) -> Option<(ResultToken, usize)> {
    let window = text.as_bytes().get(start..)?;
    let close = window.iter().take(32).position(|&c| c == b')')?;
    let body = text.get(start..start + close)?.trim();
    match result_token(body)? {
        r @ ResultToken::Known(_) => Some((r, start + close + 1)),
        _ => None,
    }
}

/// The brackets of a note, `（…）`, `【…】` or `［…］`, if `rest` (whose first byte
/// is `b`) opens one.
fn note_brackets(b: u8, rest: &str) -> Option<(char, char)> {
    if b < 0x80 {
        return None;
    }
    FULL_WIDTH_BRACKETS
        .into_iter()
        .find(|&(open, _)| rest.starts_with(open))
}

/// The body of a note starting at `start` (after the opening bracket) and
/// ending at `close`, and the offset after it (or the end of the text).
fn full_width_bracketed(text: &str, start: usize, close: char) -> (&str, usize) {
    let rest = text.get(start..).unwrap_or("");
    match rest.find(close) {
        Some(n) => (&rest[..n], start + n + close.len_utf8()),
        None => (rest, text.len()),
    }
}

/// Length in bytes of the UTF-8 character starting with byte `b`.
fn utf8_len(b: u8) -> usize {
    match b {
        0xF0.. => 4,
        0xE0.. => 3,
        0xC0.. => 2,
        _ => 1,
    }
}

/// The byte length of the separator (whitespace, `,`, `，`, `；`, `、`, `。`) at `i`, or 0.
#[inline]
fn separator_len(text: &str, i: usize) -> usize {
    let Some(&b) = text.as_bytes().get(i) else {
        return 0;
    };
    if b < 0x80 {
        return usize::from(b.is_ascii_whitespace() || b == b',');
    }
    match text.get(i..).and_then(|s| s.chars().next()) {
        Some(c) if c.is_whitespace() || matches!(c, '，' | '；' | '、' | '。') => c.len_utf8(),
        _ => 0,
    }
}

/// [`token`] for a token known to be ASCII, on bytes: the usual case (move
/// numbers, coordinate and WXF moves, PGN results).
fn ascii_token(tok: &str, replay: &mut Replay) -> ResultToken {
    let b = tok.as_bytes();
    if replay.awaits_rest_of_move() {
        if continues_split_move(tok) {
            // `8` of `马 8 进 7`: part of a move, not a move number.
            replay.push_text(tok);
            return ResultToken::Absent;
        }
        // A split move goes on in the next word or not at all (not after a
        // NAG or a move number), as a typed list reads it.
        replay.end_of_moves();
    }
    // An English draw word (`Draw`, `drawn`), which names no side.
    if let [b'd' | b'D', b'r' | b'R', ..] = b
        && let Some(outcome) = Outcome::parse(tok)
    {
        return ResultToken::Known(outcome);
    }
    if b.first().is_some_and(u8::is_ascii_alphabetic) {
        // A move, the usual token, maybe with the result run into it.
        let outcome = replay.push_text_or_result(strip_annotations(tok));
        return outcome.map_or(ResultToken::Absent, ResultToken::Known);
    }
    match b {
        b"*" => return ResultToken::Unknown,
        b"1-0" | b"1:0" => return ResultToken::Known(Outcome::RedWins),
        b"0-1" | b"0:1" => return ResultToken::Known(Outcome::BlackWins),
        b"1/2-1/2" | b"1/2:1/2" => return ResultToken::Known(Outcome::Draw),
        [b'$', ..] => return ResultToken::Absent,
        _ => {}
    }
    // A move number: digits, then dots not followed by a digit (WXF `62.5` is a move).
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let dots = b.iter().skip(digits).take_while(|&&c| c == b'.').count();
    let number_end = digits + dots;
    let is_number = digits > 0
        && (dots > 0 || number_end == b.len())
        && !b.get(number_end).is_some_and(u8::is_ascii_digit);
    let rest = strip_annotations(tok.get(number_end..).filter(|_| is_number).unwrap_or(tok));
    if !rest.bytes().all(|c| c == b'.')
        && let Some(outcome) = replay.push_text_or_result(rest)
    {
        return ResultToken::Known(outcome);
    }
    ResultToken::Absent
}

/// Removes trailing annotations `!` and `?`.
fn strip_annotations(text: &str) -> &str {
    let marks = text
        .bytes()
        .rev()
        .take_while(|&c| matches!(c, b'!' | b'?'))
        .count();
    // ASCII marks end the text, so the cut falls between characters.
    text.get(..text.len() - marks).unwrap_or(text)
}

/// Handles one token: a move number, a NAG, a result, or a move.
fn token(tok: &str, replay: &mut Replay) -> ResultToken {
    if replay.awaits_rest_of_move() {
        if continues_split_move(tok) {
            replay.push_text(tok);
            return ResultToken::Absent;
        }
        replay.end_of_moves();
    }
    if let Some(r) = result_token(tok) {
        return r;
    }
    let tok = if tok.starts_with('第') {
        strip_round_marker(tok)
    } else {
        tok
    };
    if tok.starts_with('$') {
        return ResultToken::Absent;
    }
    let rest = strip_annotations(strip_move_number(tok));
    if rest.is_empty() || rest.chars().all(|c| matches!(c, '.' | '…' | '．')) {
        return ResultToken::Absent;
    }
    replay
        .push_text_or_result(rest)
        .map_or(ResultToken::Absent, ResultToken::Known)
}

/// A result: `1-0`, `0-1`, `1/2-1/2`, `*` (or `1:0`, `0:1`, `1/2:1/2`,
/// `½:½`, as some exports write them), or Chinese result words such as 红胜, 黑负, 和棋, 红方认负.
fn result_token(tok: &str) -> Option<ResultToken> {
    if tok == "*" {
        return Some(ResultToken::Unknown);
    }
    // The PGN results are at most seven bytes long (`1/2-1/2`).
    if tok.len() <= 7
        && let Some(r) = Outcome::from_pgn(tok)
    {
        return Some(ResultToken::Known(r));
    }
    // The Chinese words and phrases, as a typed move list reads them.
    if !tok.is_ascii() {
        return Outcome::parse(tok).map(ResultToken::Known);
    }
    None
}

/// Removes a leading move number such as `12.`, `1...`, `3、` or `５．`.
fn strip_move_number(tok: &str) -> &str {
    let digits = tok
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_digit() || ('０'..='９').contains(&c)))
        .map_or(tok.len(), |(i, _)| i);
    if digits == 0 {
        return tok;
    }
    let rest = &tok[digits..];
    let dots = rest
        .char_indices()
        .find(|&(_, c)| !matches!(c, '.' | '．' | '、' | '…'))
        .map_or(rest.len(), |(i, _)| i);
    let after = &rest[dots..];
    if (dots == 0 && !rest.is_empty()) || after.starts_with(|c: char| c.is_ascii_digit()) {
        // Digits that are not a move number belong to a move (WXF `62.5`).
        return tok;
    }
    after
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;

    fn read(text: &str) -> (crate::record::Game, ResultToken) {
        let mut r = Replay::new(Position::startpos(), true);
        let res = read_movetext(text, 0, 1, &mut r, Semicolon::Typed).unwrap();
        (r.finish(), res)
    }

    #[test]
    fn a_split_move_goes_on_only_in_the_next_word_as_in_a_typed_list() {
        // Joined when its words follow each other, in both readers.
        for text in ["炮二 平五 马 8 进 7", "炮二平五 马 ８ 进７"] {
            let (g, _) = read(text);
            assert_eq!(g.uci_moves(), ["h2e2", "h9g7"], "{text}");
            assert!(crate::notation::parse_move_list(&Position::startpos(), text).is_ok());
        }
        // Not across a comment, a NAG, a variation or a move number: the
        // head is no move, at ply 1, in both readers.
        for text in [
            "炮二 {好} 平五 马８进７",
            "炮二 ; 好\n平五 马８进７",
            "炮二 $1 平五 马８进７",
            "炮二 (1. 兵七进一) 平五 马８进７",
            "炮二 !? 平五 马８进７",
            "炮二 2. 平五 马８进７",
        ] {
            let (g, _) = read(text);
            let illegal = g.illegal.expect(text);
            assert_eq!((illegal.ply, illegal.text.as_str()), (1, "炮二"), "{text}");
            let err = crate::notation::parse_move_list(&Position::startpos(), text).unwrap_err();
            assert_eq!((err.ply, err.text.as_str()), (1, "炮二"), "{text}");
            assert_eq!(err.reason, illegal.reason, "{text}");
        }
    }

    #[test]
    fn numbers_comments_variations_result() {
        let (g, res) = read(
            "{start} 1. h2e2 {a {nested} note} h9g7 (1... b9c7 (1... a9a8)) 2.h0g2 $1 i9h9!? 0-1 {红方认负} 3. b0c2",
        );
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(g.comment.as_deref(), Some("start"));
        assert_eq!(g.moves[0].comment.as_deref(), Some("a {nested} note"));
        assert_eq!(g.variations, 2);
        assert_eq!(res, ResultToken::Known(Outcome::BlackWins));
        assert_eq!(g.moves[3].comment.as_deref(), Some("红方认负"));
        assert_eq!(g.termination.as_deref(), Some("红方认负"));
    }

    #[test]
    fn english_results_end_the_moves_whole_and_notes_are_no_results() {
        for (text, outcome) in [
            ("1. h2e2 h9g7 Draw agreed", Outcome::Draw),
            ("1. h2e2 h9g7 drawn by repetition", Outcome::Draw),
            ("1. h2e2 h9g7 Draw", Outcome::Draw),
            ("1. h2e2 h9g7 Drawn game", Outcome::Draw),
            ("1. h2e2 h9g7 Red wins by checkmate", Outcome::RedWins),
            ("1. h2e2 h9g7 Black resigned on time", Outcome::RedWins),
            ("1. h2e2 h9g7 Game drawn", Outcome::Draw),
            ("1. h2e2 h9g7 game: drawn by repetition", Outcome::Draw),
        ] {
            let (g, res) = read(text);
            assert_eq!(
                (g.moves.len(), res),
                (2, ResultToken::Known(outcome)),
                "{text}"
            );
            assert!(g.illegal.is_none(), "{text}: {:?}", g.illegal);
            assert!(g.warnings.is_empty(), "{text}: {:?}", g.warnings);
        }
        let (g, _) = read("1. h2e2 h9g7 Draw agreed 2. h0g2");
        assert_eq!(g.warnings.len(), 1, "{:?}", g.warnings);
        // At the very start of a text too; `Game` before other words is no result.
        assert_eq!(read("Game drawn").1, ResultToken::Known(Outcome::Draw));
        let (g, res) = read("1. h2e2 h9g7 Game over");
        assert_eq!((g.moves.len(), res), (2, ResultToken::Absent));
        assert_eq!(g.illegal.map(|i| i.text), Some("Game".to_string()));
        // Notes with result words among others are notes; a move in `d`
        // is a move.
        let (g, res) = read("1. h2e2 {Red wins the exchange} h9g7 【Draw offer declined】 2. d0e1");
        assert_eq!((g.moves.len(), res), (3, ResultToken::Absent));
        assert_eq!(g.moves[1].comment.as_deref(), Some("Draw offer declined"));
    }

    #[test]
    fn full_width_brackets_hold_notes_or_the_result() {
        let (g, res) = read("1. 炮二平五（好棋） 马８进７（黑方：稳健） 2. 马二进三 （红胜）");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(g.moves[0].comment.as_deref(), Some("好棋"));
        assert_eq!(g.moves[1].comment.as_deref(), Some("黑方：稳健"));
        assert_eq!(g.variations, 0, "not a variation");
        assert_eq!(res, ResultToken::Known(Outcome::RedWins));
        // An unclosed note runs to the end.
        let (g, res) = read("1. 炮二平五（未完");
        assert_eq!((g.moves.len(), res), (1, ResultToken::Absent));
        assert_eq!(g.moves[0].comment.as_deref(), Some("未完"));
    }

    #[test]
    fn lenticular_brackets_hold_notes_or_the_result() {
        // 【…】 as web pages write notes: a comment, or the result.
        let (g, res) = read("1. 炮二平五【好棋】 马８进７ 【黑方稳健】 2. 马二进三 【红胜】");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(g.moves[0].comment.as_deref(), Some("好棋"));
        assert_eq!(g.moves[1].comment.as_deref(), Some("黑方稳健"));
        assert_eq!(res, ResultToken::Known(Outcome::RedWins));
    }

    #[test]
    fn black_first_and_separators() {
        let (g, res) = read("1... h9g7, 2. h2e2, ; line comment h0g2\n *");
        assert_eq!(g.uci_moves(), ["h9g7", "h2e2"]);
        assert_eq!(res, ResultToken::Unknown);
        let (g, res) = read("1. 炮二平五，马８进７；2.h0g2!?\u{3000}车９平８?　红胜");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(g.moves[3].text, "车９平８");
        assert_eq!(res, ResultToken::Known(Outcome::RedWins));
    }

    #[test]
    fn a_black_first_marker_sets_black_to_move() {
        for text in [
            "1... 炮８平５ 2. 炮二平五",
            "1. ... C8.5 2. C2.5",
            "1…h7e7 2.h2e2",
        ] {
            let (g, _) = read(text);
            assert_eq!(g.uci_moves(), ["h7e7", "h2e2"], "{text}");
        }
        let mut r = Replay::new(Position::startpos(), false);
        let err = read_movetext("\n  1... 炮８平５", 0, 7, &mut r, Semicolon::Typed).unwrap_err();
        assert!(err.en.starts_with("line 8, column 3: "), "{}", err.en);
        assert!(err.zh.starts_with("第8行第3列："), "{}", err.zh);
    }

    #[test]
    fn an_unclosed_comment_or_variation_is_an_error() {
        let mut r = Replay::new(Position::startpos(), true);
        let err = read_movetext("1. 炮二平五 {好棋 马８进７", 0, 1, &mut r, Semicolon::Typed)
            .unwrap_err();
        assert!(err.en.contains("'{' at line 1, column 9"), "{}", err.en);
        let mut r = Replay::new(Position::startpos(), true);
        let text = "[Game]\n1. h2e2 (1. h2e2 (h9g7) \n2. h0g2";
        let err = read_movetext(text, 7, 4, &mut r, Semicolon::Typed).unwrap_err();
        assert!(err.en.contains("'(' at line 5, column 9"), "{}", err.en);
        assert!(err.zh.contains("第5行第9列"), "{}", err.zh);
        // After the result nothing is read, an open brace included.
        let (g, res) = read("1. h2e2 1-0 {advert");
        assert_eq!(
            (g.moves.len(), res),
            (1, ResultToken::Known(Outcome::RedWins))
        );
    }

    #[test]
    fn moves_after_the_result_are_not_read_and_warned_of() {
        // Two moves that go on from the last one, after the result on its line.
        let (g, res) = read("1. 炮二平五 马８进７ 1-0 2. 马二进三 车９平８");
        assert_eq!(
            (g.moves.len(), res),
            (2, ResultToken::Known(Outcome::RedWins))
        );
        assert_eq!(g.warnings.len(), 1, "{:?}", g.warnings);
        assert_eq!(
            g.warnings[0].en,
            "line 1, column 18: 2 moves after the result 1-0 go on from the last move but are not \
             read ('2. 马二进三 车９平８'): the game is taken to end at the result"
        );
        assert_eq!(
            g.warnings[0].zh,
            "第1行第18列：结果1-0之后还有2着可接着走下去，但未读入（“2. 马二进三 车９平８”）：对局按到结果为止处理"
        );
        // After a comment that follows the result, on the next line, as Chinese words.
        let (g, _) = read("1. h2e2 h9g7 红胜 {红方认负}\n2. h0g2");
        assert_eq!(g.moves.len(), 2);
        assert!(
            g.warnings[0]
                .en
                .starts_with("line 2, column 1: 1 move after the result 1-0 goes on"),
            "{:?}",
            g.warnings
        );
        // Moves that do not go on from the last one (another game's) are
        // still said to be left out.
        let (g, _) = read("1. h2e2 h9g7 *  1. h2e2 h9g7");
        assert_eq!(
            g.warnings[0].en,
            "line 1, column 17: the text after the result * reads as moves ('1. h2e2 h9g7'), \
             which are not read: the game is taken to end at the result"
        );
        // Text that is no moves, after the result, is no warning.
        for tail in [
            "本局由某软件生成",
            "{advert} Generated by XQStudio",
            "Round 2",
            "",
            "{x",
        ] {
            let (g, _) = read(&format!("1. h2e2 h9g7 0-1 {tail}"));
            assert_eq!((g.moves.len(), g.warnings.len()), (2, 0), "{tail}");
        }
    }

    #[test]
    fn a_result_after_its_label_ends_the_moves_however_spaced() {
        for text in [
            "1. 炮二平五 马８进７ 结果：红胜",
            "1. 炮二平五 马８进７\n结果： 红胜\n",
            "1. 炮二平五 马８进７\n结果：\n（红胜）",
            "1. h2e2 h9g7\nResult: 1-0\n",
            "1. h2e2 h9g7\nresult:1-0",
        ] {
            let (g, res) = read(text);
            assert_eq!(g.uci_moves(), ["h2e2", "h9g7"], "{text}");
            assert!(
                g.illegal.is_none() && g.warnings.is_empty(),
                "{text}: {g:?}"
            );
            assert_eq!(res, ResultToken::Known(Outcome::RedWins), "{text}");
        }
        let (g, res) = read("1. h2e2 h9g7\nResult: *\n");
        assert_eq!((g.moves.len(), res), (2, ResultToken::Unknown));
        assert!(g.warnings.is_empty());
        // A label with no result the reader knows ends the moves, and says so.
        let (g, res) = read("1. h2e2 h9g7\n结果： 未知\n");
        assert_eq!((g.moves.len(), res), (2, ResultToken::Unknown));
        assert!(g.illegal.is_none());
        assert_eq!(
            g.warnings[0].en,
            "line 2, column 1: '结果： 未知' gives no result the reader knows: the moves end there, with the result unknown"
        );
        assert_eq!(
            g.warnings[0].zh,
            "第2行第1列：“结果： 未知”不是可识别的结果：着法到此为止，结果按未知处理"
        );
        let (g, _) = read("1. h2e2 h9g7 结果：");
        assert_eq!(g.moves.len(), 2);
        assert!(
            g.warnings[0].en.contains("'结果：' gives no result"),
            "{:?}",
            g.warnings
        );
    }

    #[test]
    fn a_labelled_note_between_the_moves_is_a_comment_to_the_end_of_its_line() {
        let (g, res) = read(
            "1. 炮二平五 马８进７\n红方：弃车，好棋 {x}\n2. 马二进三 车９平８ 注： 稳健\n3. 车一平二 红胜",
        );
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"]);
        assert!(g.illegal.is_none(), "{:?}", g.illegal);
        assert_eq!(g.moves[1].comment.as_deref(), Some("红方：弃车，好棋 {x}"));
        assert_eq!(g.moves[3].comment.as_deref(), Some("注： 稳健"));
        assert_eq!(res, ResultToken::Known(Outcome::RedWins));
        // Before the first move it is the record's first word, no move.
        let mut r = Replay::new(Position::startpos(), true);
        read_movetext("1. 注：欢迎访问", 0, 1, &mut r, Semicolon::Typed).unwrap();
        assert!(r.first_text_is_no_move());
        // A move after a side's label is still a move.
        let (g, _) = read("1. 炮二平五 黑：马８进７");
        assert_eq!(g.moves.len(), 2);
    }

    #[test]
    fn a_labelled_note_before_the_first_move_is_the_games_note() {
        for (text, note) in [
            ("注：中炮开局\n1. 炮二平五 马８进７", "注：中炮开局"),
            ("{开局} 评注：中炮\n炮二平五 马８进７", "开局\n评注：中炮"),
            ("1. 备注：快棋\n炮二平五 马８进７", "备注：快棋"),
        ] {
            let (g, _) = read(text);
            assert_eq!(g.uci_moves(), ["h2e2", "h9g7"], "{text}");
            assert!(g.illegal.is_none(), "{text}: {:?}", g.illegal);
            assert_eq!(g.comment.as_deref(), Some(note), "{text}");
        }
        // A value that reads as move text but is no legal move there is a
        // note's, between the moves too.
        let (g, _) = read("1. 炮二平五 马８进７\n注：中炮\n2. 马二进三");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(g.moves[1].comment.as_deref(), Some("注：中炮"));
        // A text of notes, or notes then prose, is still no record; a note
        // then a move that cannot be played is a record's illegal move.
        for (text, no_move) in [
            ("注：欢迎访问", true),
            ("注：欢迎访问\n本站棋谱", true),
            ("注：中炮\n炮二进九", false),
        ] {
            let mut r = Replay::new(Position::startpos(), true);
            read_movetext(text, 0, 1, &mut r, Semicolon::Typed).unwrap();
            assert_eq!(r.first_text_is_no_move(), no_move, "{text}");
        }
    }

    #[test]
    fn a_labels_value_that_is_a_legal_move_is_the_notes() {
        // An annotator cites a move after a label (`注：车９平８`): a note,
        // not a move played, between the moves and before the first.
        let (g, _) = read("1. 炮二平五 马８进７\n注：马二进三\n2. 马二进三 车９平８");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert!(g.illegal.is_none(), "{:?}", g.illegal);
        assert_eq!(g.moves[1].comment.as_deref(), Some("注：马二进三"));
        let (g, _) = read("1. 炮二平五 马８进７ 2. 马二进三 注：车９平８ 较好\n2... 马２进３");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2", "b9c7"]);
        assert_eq!(g.moves[2].comment.as_deref(), Some("注：车９平８ 较好"));
        let (g, _) = read("注：炮二平五\n炮二平五 马８进７");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7"]);
        assert_eq!(g.comment.as_deref(), Some("注：炮二平五"));
        // A typed list reads it alike.
        let list = notation::parse_move_list(
            &Position::startpos(),
            "炮二平五 马８进７\n注：马二进三\n马二进三 车９平８",
        )
        .unwrap();
        assert_eq!(list.moves.len(), 4);
    }

    #[test]
    fn a_note_after_a_label_mid_line_runs_to_the_end_of_its_line() {
        // Nothing but the line's end ends it, and a note may cite moves: the
        // moves after it on its line are the note's, not read.
        let (g, res) = read("1. 炮二平五 马８进７ 注：这是中炮\n2. 马二进三");
        assert_eq!((g.moves.len(), res), (3, ResultToken::Absent));
        assert_eq!(g.moves[1].comment.as_deref(), Some("注：这是中炮"));
        assert!(g.warnings.is_empty(), "{:?}", g.warnings);
        let (g, _) = read("1. 炮二平五 马８进７ 注：如改走 2. 马二进三 则黑方好走\n2. 兵七进一");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "c3c4"]);
        assert!(g.warnings.is_empty(), "{:?}", g.warnings);
        // When its last words read as moves that go on, they are still the
        // note's, and the game warns of them.
        let (g, _) = read("1. 炮二平五 马８进７ 注：这是中炮 2. 马二进三 车９平８\n3. 兵七进一");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "c3c4"]);
        assert_eq!(
            g.moves[1].comment.as_deref(),
            Some("注：这是中炮 2. 马二进三 车９平８")
        );
        assert_eq!(
            g.warnings.iter().map(|w| w.en.as_str()).collect::<Vec<_>>(),
            [
                "line 1, column 14: the note after '注：' runs to the end of its line, and its last words read as moves that go on ('2. 马二进三 车９平８'), which are not read: nothing but the line's end ends such a note (write moves after it on a line of their own)"
            ]
        );
        assert_eq!(
            g.warnings[0].zh,
            "第1行第14列：“注：”后的注释直到行尾，其末尾的文字像是可接着走下去的着法（“2. 马二进三 车９平８”），未读入：这样的注释只在行尾结束（其后的着法请另起一行）"
        );
    }

    #[test]
    fn a_sides_label_before_a_move_is_read_as_the_move() {
        for text in [
            "红：炮二平五 黑：马８进７ 红：马二进三",
            "红方：炮二平五\n黑方：马８进７\n红方：马二进三\n",
            "红方： 炮二平五 黑方 马８进７ 紅:马二进三",
            "1. 红 炮二平五 黑 马8进7 2. 红 马二进三",
            "Red: C2=5 Black: H8+7 red:H2+3",
            "红：炮二 平五 黑： 马 8 进 7 红方：马二进三",
        ] {
            let (g, _) = read(text);
            assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2"], "{text}");
            assert!(g.illegal.is_none() && g.comment.is_none(), "{text}: {g:?}");
        }
        // Black's label on the first move sets Black to move, as 1... does.
        let (g, _) = read("黑：炮８平５ 红：炮二平五");
        assert_eq!(g.uci_moves(), ["h7e7", "h2e2"]);
        // A note after a side's label is still a note.
        let (g, _) = read("1. 炮二平五 马８进７\n红方：弃车，好棋\n2. 马二进三");
        assert_eq!(g.moves.len(), 3);
        assert_eq!(g.moves[1].comment.as_deref(), Some("红方：弃车，好棋"));
    }

    #[test]
    fn a_sides_label_that_is_not_the_side_to_move_stops_the_moves() {
        let (g, _) = read("红：炮二平五 黑：马８进７\n黑：马二进三 红：车９平８");
        assert_eq!(g.moves.len(), 2);
        let illegal = g.illegal.expect("stopped at the label");
        assert_eq!((illegal.ply, illegal.text.as_str()), (3, "黑：马二进三"));
        assert_eq!(
            illegal.reason.en,
            "its label '黑：' gives the move to black, but red is to move after 2 moves: the label and the moves disagree"
        );
        assert_eq!(
            illegal.reason.zh,
            "标注“黑：”说是黑方的着法，但2着之后轮到红方走棋：标注与着法不符"
        );
        assert_eq!(illegal.place, Some(Place::Text { line: 2, column: 1 }));
        let (g, _) = read("1. 红 炮二平五 红 马二进三");
        let illegal = g.illegal.expect("stopped at the label");
        assert_eq!((illegal.ply, illegal.text.as_str()), (2, "红 马二进三"));
        // A start with Red to move by its own word keeps it.
        let mut r = Replay::new(Position::startpos(), false);
        read_movetext("黑方：马８进７", 0, 1, &mut r, Semicolon::Typed).unwrap();
        let g = r.finish();
        assert!(g.moves.is_empty());
        assert!(
            g.illegal
                .expect("stopped")
                .reason
                .en
                .contains("red is to move after 0 moves")
        );
    }

    #[test]
    fn semicolons_between_moves_separate_them() {
        // A typed list's `;` (half width, as `；` is read): the rest of the
        // line is moves that go on, so no comment to the end of the line.
        let (g, res) = read("1. 炮二平五; 马８进７; 2. 马二进三;车９平８; 红胜\n");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(
            (g.moves[0].comment.as_ref(), res),
            (None, ResultToken::Known(Outcome::RedWins))
        );
        // After a space, `;` starts a comment: words that are no moves.
        let (g, _) = read("1. h2e2 ; a fine move h9g7\n1... h9g7 h0g2");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2"]);
        assert!(g.illegal.is_none() && g.warnings.is_empty(), "{g:?}");
    }

    #[test]
    fn a_result_run_into_the_last_move_is_the_result_as_in_a_typed_list() {
        for (text, plies, outcome) in [
            ("炮二平五马８进７马二进三红胜", 3, Outcome::RedWins),
            (
                "1. 炮二平五 马８进７ 2. 马二进三 车９平８1-0",
                4,
                Outcome::RedWins,
            ),
            ("1. h2e2 h9g7 2. h0g2 i9h90-1", 4, Outcome::BlackWins),
            ("1. h2e2 h9g7 2.h0g21/2-1/2", 3, Outcome::Draw),
            // A side's word run in, its result words after a space.
            ("炮二平五 马８进７ 马二进三黑方 认负", 3, Outcome::RedWins),
            ("炮二平五 马８进７ 2.马二进三红方 胜", 3, Outcome::RedWins),
        ] {
            let (g, result) = read(text);
            assert!(g.illegal.is_none(), "{text}: {:?}", g.illegal);
            assert_eq!(g.moves.len(), plies, "{text}");
            assert_eq!(result, ResultToken::Known(outcome), "{text}");
        }
        // Text that no result ends is still the move that goes bad.
        let (g, _) = read("炮二平五 马８进７ 马二进三红");
        assert_eq!(g.illegal.map(|i| i.ply), Some(3));
        for text in [
            "炮二平五 马８进７ 马二进三黑方 好",
            "h2e2 h9g7 h0g2Black resigns",
        ] {
            let (g, result) = read(text);
            assert_eq!(g.illegal.map(|i| i.ply), Some(3), "{text}");
            assert_eq!(result, ResultToken::Absent, "{text}");
        }
        // The result's words are the game's termination.
        let (g, _) = read("炮二平五 马８进７ 马二进三黑方 认负");
        assert_eq!(g.termination.as_deref(), Some("黑方 认负"));
    }

    #[test]
    fn a_double_slash_after_a_space_comments_in_a_typed_list() {
        let (g, _) = read("1. h2e2 h9g7 // 中炮\n2. h0g2 // i9h9 i0h0\ni9h9 http://xqbase.com");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(g.warnings.len(), 1, "{:?}", g.warnings);
        assert!(
            g.warnings[0]
                .en
                .starts_with("line 2, column 9: the comment after '//' reads as moves"),
            "{}",
            g.warnings[0].en
        );
        // Right after a whole move too, numbered or not.
        let (g, _) = read("1.炮二平五//中炮\n马８进７//好 2.马二进三");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7"]);
        assert!(g.illegal.is_none(), "{:?}", g.illegal);
    }

    #[test]
    fn a_semicolon_comment_is_never_read_as_moves() {
        // In a typed list, after a space: a comment, though it reads as
        // moves that go on; the game warns of them.
        let (g, _) = read("1. h2e2 h9g7 ; h0g2 i9h9\n2. c3c4");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "c3c4"]);
        assert!(g.illegal.is_none(), "{:?}", g.illegal);
        assert_eq!(
            g.warnings.iter().map(|w| w.en.as_str()).collect::<Vec<_>>(),
            [
                "line 1, column 14: the comment after ';' reads as moves ('h0g2 i9h9'), which are not read: after a space, ';' starts a comment to the end of the line (to separate moves, write ';' right after a move, or '；')"
            ]
        );
        assert_eq!(
            g.warnings[0].zh,
            "第1行第14列：“;”之后的注释像是着法（“h0g2 i9h9”），未读入：空格之后的“;”开始一条到行尾的注释（要分隔着法，请把“;”紧接在着法之后，或写“；”）"
        );
        // In a PGN file, always a comment, right after a move too, and
        // no warning: PGN has it so.
        for text in [
            "1. h2e2 h9g7 ; h0g2 i9h9\n2. c3c4",
            "1. h2e2 h9g7;h0g2 i9h9\n2. c3c4",
            "1. h2e2 h9g7\n; 2. h0g2 i9h9\n2. c3c4",
        ] {
            let mut r = Replay::new(Position::startpos(), true);
            read_movetext(text, 0, 1, &mut r, Semicolon::Comment).unwrap();
            let g = r.finish();
            assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "c3c4"], "{text}");
            assert!(
                g.illegal.is_none() && g.warnings.is_empty(),
                "{text}: {g:?}"
            );
        }
        // After the result, a `;` comment is no moves after the result.
        for semicolon in [Semicolon::Typed, Semicolon::Comment] {
            let mut r = Replay::new(Position::startpos(), true);
            read_movetext("1. h2e2 h9g7 1-0 ; h0g2 i9h9", 0, 1, &mut r, semicolon).unwrap();
            let g = r.finish();
            assert_eq!(
                (g.moves.len(), g.warnings.len()),
                (2, 0),
                "{semicolon:?}: {g:?}"
            );
        }
    }

    #[test]
    fn a_result_in_half_width_brackets_is_the_result_not_a_variation() {
        for (text, outcome) in [
            ("1. h2e2 h9g7 (红方认负)", Outcome::BlackWins),
            ("1. h2e2 h9g7\n( 黑胜 )\n", Outcome::BlackWins),
            ("1. h2e2 h9g7 (1-0)", Outcome::RedWins),
        ] {
            let (g, res) = read(text);
            assert_eq!((g.moves.len(), g.variations), (2, 0), "{text}");
            assert_eq!(res, ResultToken::Known(outcome), "{text}");
        }
        // A variation is still one, and so is a note.
        let (g, res) = read("1. h2e2 (1. c3c4 红胜) h9g7 (好棋)");
        assert_eq!(
            (g.moves.len(), g.variations, res),
            (2, 2, ResultToken::Absent)
        );
    }

    #[test]
    fn semicolons_cost_one_look_at_their_line() {
        // Each `;` of a line looked past its line's end once: 100,000 of
        // them, on a line after the result and in a line of moves, took
        // minutes so; a look at the line each: a few steps a byte.
        let linear = |text: &str| {
            let steps = work::take();
            assert!(
                steps < 6 * text.len(),
                "{steps} steps, {} bytes",
                text.len()
            );
        };
        work::take();
        let tail = "x; ".repeat(100_000);
        let text = format!("1. h2e2 h9g7 1-0 {tail}\n");
        let (g, _) = read(&text);
        assert_eq!((g.moves.len(), g.warnings.len()), (2, 0));
        linear(&text);
        let text = format!("1. h2e2 h9g7 h0g2; {tail}\n");
        let (g, _) = read(&text);
        assert_eq!(g.moves.len(), 3);
        linear(&text);
        // Comments and notes whose text reads as moves, each a probe of
        // what follows: a probe starts none of its own.
        for tail in [" ; h0g2".repeat(50_000), " 注：好 h0g2".repeat(50_000)] {
            let text = format!("1. h2e2 h9g7 {tail}\n");
            let (g, _) = read(&text);
            assert_eq!((g.moves.len(), g.warnings.len()), (2, 1));
            linear(&text);
        }
    }

    #[test]
    fn chinese_result_words() {
        assert_eq!(
            result_token("黑胜"),
            Some(ResultToken::Known(Outcome::BlackWins))
        );
        assert_eq!(
            result_token("和棋"),
            Some(ResultToken::Known(Outcome::Draw))
        );
        assert_eq!(result_token("炮二平五"), None);
    }

    #[test]
    fn enumeration_commas_and_full_stops_separate_moves() {
        let (g, res) = read("1、炮二平五、马８进７。2、马二进三、车９平８。红胜。");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(res, ResultToken::Known(Outcome::RedWins));
    }

    #[test]
    fn chinese_moves_run_together_are_read_one_by_one() {
        // As a typed move list reads them: 炮二平五马８进７ is two moves.
        let (g, res) = read("1.炮二平五马８进７ 2.马二进三车９平８ 3.兵七進一 红胜");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2", "i9h9", "c3c4"]);
        assert_eq!(g.moves[1].text, "马８进７");
        assert_eq!(res, ResultToken::Known(Outcome::RedWins));
        assert!(g.illegal.is_none());
        // ASCII digits for Black's files, as mixed records write them.
        let (g, _) = read("1.炮二平五马8进7 2.马二进三车9平8");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(g.moves[3].text, "车9平8");
        assert!(g.illegal.is_none());
        // A run that goes bad is cut where it does, as a typed list cuts it:
        // the move that goes bad is named at its own ply.
        let (g, _) = read("1.炮二平五马８进７车一进一将５进５ 2. 马二进三");
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "i0i1"]);
        let illegal = g.illegal.expect("cut at ply 4");
        assert_eq!((illegal.ply, illegal.text.as_str()), (4, "将５进５"));
        let err = crate::notation::parse_move_list(
            &Position::startpos(),
            "1.炮二平五马８进７车一进一将５进５",
        )
        .unwrap_err();
        assert_eq!(
            (err.ply, err.text.as_str(), err.reason),
            (4, "将５进５", illegal.reason)
        );
        let (g, _) = read("1.炮二平五马８进７车一平二将５进５");
        let illegal = g.illegal.expect("cut at ply 3");
        assert_eq!((illegal.ply, illegal.text.as_str()), (3, "车一平二"));
        // A run that plays fewer than two moves stays one illegal move, as
        // written: prose, not moves.
        let (g, _) = read("1.炮二平五是最常见的开局");
        assert_eq!(
            g.illegal.map(|i| i.text).as_deref(),
            Some("炮二平五是最常见的开局")
        );
        // One move, then one that reads as a move and goes bad: cut there.
        let (g, _) = read("1.炮二平五将５进５ 2. 马二进三");
        assert_eq!(g.uci_moves(), ["h2e2"]);
        let illegal = g.illegal.expect("cut at ply 2");
        assert_eq!((illegal.ply, illegal.text.as_str()), (2, "将５进５"));
    }

    #[test]
    fn move_numbers_between_moves_run_together_are_passed_over() {
        let (g, _) = read("1.炮二平五马８进７2.马二进三车９平８3.车一平二马２进３4.");
        assert_eq!(g.moves.len(), 6);
        assert!(g.illegal.is_none());
        for (text, ply, bad) in [
            ("1.炮二平五马８进７2.马二进二车９平８", 3, "马二进二"),
            (
                "1.炮二平五马８进７2.马二进三车９平８3.车一平二马２２３4.车二进六",
                6,
                "马２２３",
            ),
            ("1.炮二平五马８进７2.马８２７车９平８", 3, "马８２７"),
        ] {
            let (g, _) = read(text);
            let illegal = g.illegal.expect("cut");
            assert_eq!((illegal.ply, illegal.text.as_str()), (ply, bad), "{text}");
        }
    }

    #[test]
    fn a_bad_move_in_a_run_is_named_by_its_own_extent_as_in_a_typed_list() {
        for (text, ply, bad) in [
            ("1.炮二平五马８进７前兵九平八车一进一", 3, "前兵九平八"),
            ("1.炮二平五前兵九平八马８进７", 2, "前兵九平八"),
            ("1.将５进５炮二平五马８进７", 1, "将５进５"),
            ("1.马８２７马二进三车９平８", 1, "马８２７"),
            ("1.马二进三车９２８", 2, "车９２８"),
            ("1.炮二平五炮８平后马二进三", 2, "炮８平后"),
        ] {
            let (g, _) = read(text);
            let illegal = g.illegal.expect("cut");
            assert_eq!((illegal.ply, illegal.text.as_str()), (ply, bad), "{text}");
        }
        // A first move that goes bad is a record's illegal move, no prose;
        // prose after it is still prose.
        let mut r = Replay::new(Position::startpos(), true);
        read_movetext("将５进５炮二平五", 0, 1, &mut r, Semicolon::Typed).unwrap();
        assert!(!r.first_text_is_no_move());
        let mut r = Replay::new(Position::startpos(), true);
        read_movetext("炮二进九是最常见的开局", 0, 1, &mut r, Semicolon::Typed).unwrap();
        assert!(r.first_text_is_no_move());
    }

    #[test]
    fn every_result_word_of_a_typed_list_ends_a_pasted_record() {
        // The words `--moves` reads as the result end a pasted record too.
        for (text, outcome) in [
            ("平局", Outcome::Draw),
            ("红赢", Outcome::RedWins),
            ("红胜。", Outcome::RedWins),
            ("红方认负", Outcome::BlackWins),
            ("黑方认输", Outcome::RedWins),
        ] {
            let (g, res) = read(&format!("1. 炮二平五 马８进７ {text}"));
            assert_eq!(g.moves.len(), 2, "{text}");
            assert_eq!(res, ResultToken::Known(outcome), "{text}");
        }
    }

    #[test]
    fn a_sides_word_then_result_words_is_the_result() {
        // Spaced, after a colon, in English: the result, as 红方认负 is.
        for (text, outcome) in [
            ("红方 认负", Outcome::BlackWins),
            ("黑方 认输", Outcome::RedWins),
            ("红 超时", Outcome::BlackWins),
            ("黑方 超时 判负", Outcome::RedWins),
            ("紅方 認輸。", Outcome::BlackWins),
            ("红方：认负", Outcome::BlackWins),
            ("黑方： 认输", Outcome::RedWins),
            ("黑 胜，", Outcome::BlackWins),
            ("Red resigns", Outcome::BlackWins),
            ("black resigned.", Outcome::RedWins),
            ("Black loses on time", Outcome::RedWins),
            ("Red wins", Outcome::RedWins),
        ] {
            let (g, res) = read(&format!("1. 炮二平五 马８进７ {text}"));
            assert_eq!(g.moves.len(), 2, "{text}");
            assert!(
                g.illegal.is_none() && g.warnings.is_empty() && g.comment.is_none(),
                "{text}: {g:?}"
            );
            assert_eq!(res, ResultToken::Known(outcome), "{text}");
        }
        // Moves after it are after the result.
        let (g, res) = read("1. h2e2 h9g7 红方 认负 2. h0g2");
        assert_eq!(res, ResultToken::Known(Outcome::BlackWins));
        assert_eq!((g.moves.len(), g.warnings.len()), (2, 1), "{g:?}");
        // A side's word before a move, or a note, is still so; and result
        // words on the next line are not the side word's.
        let (g, res) = read("1. 炮二平五 黑方 马８进７ 2. 红 马二进三 红方：弃车 胜");
        assert_eq!((g.moves.len(), res), (3, ResultToken::Absent));
        let (g, _) = read("1. 炮二平五 马８进７ 红方\n认负");
        assert!(g.illegal.is_some(), "{g:?}");
    }

    #[test]
    fn results_written_with_a_colon_are_results_not_moves() {
        for (text, outcome) in [
            ("1:0", Outcome::RedWins),
            ("0:1", Outcome::BlackWins),
            ("1/2:1/2", Outcome::Draw),
            ("½:½", Outcome::Draw),
            ("½-½", Outcome::Draw),
        ] {
            let (g, res) = read(&format!("1. h2e2 h9g7 2. h0g2 {text}"));
            assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2"], "{text}");
            assert!(g.illegal.is_none(), "{text}: {:?}", g.illegal);
            assert_eq!(res, ResultToken::Known(outcome), "{text}");
        }
    }

    #[test]
    fn ascii_tokens_read_as_the_general_path_does() {
        let tokens = [
            "*", "1-0", "0-1", "1/2-1/2", "1:0", "0:1", "1/2:1/2", "$12", "12.", "1...", "3.h2e2",
            "62.5", "12", "h2e2!?", "1.h2e2?", "...", "!!", "12.5.", "c2.5", "C2=5", "1.", "12a",
            "h0g2", "h2e2?!", "+C.5",
        ];
        for tok in tokens {
            let mut fast = Replay::new(Position::startpos(), true);
            let mut slow = Replay::new(Position::startpos(), true);
            let fast_result = ascii_token(tok, &mut fast);
            let slow_result = token(tok, &mut slow);
            assert_eq!(fast_result, slow_result, "{tok}");
            assert_eq!(fast.finish(), slow.finish(), "{tok}");
        }
    }

    #[test]
    fn move_numbers() {
        assert_eq!(strip_move_number("12."), "");
        assert_eq!(strip_move_number("1..."), "");
        assert_eq!(strip_move_number("3、h2e2"), "h2e2");
        assert_eq!(strip_move_number("62.5"), "62.5");
        assert_eq!(strip_move_number("h2e2"), "h2e2");
    }
}
