//! A record pasted from a chat, each move behind its player's name as a
//! label (`许银川：炮二平五` / `吕钦：马８进７`), maybe after the time it was
//! sent (`10:32 许银川：炮二平五`, `[2024-05-01 10:32] 吕钦：马８进７`). Such a
//! name is read as its side's label: the label of a line whose value is a
//! move is a side's when it alternates between two names and their values,
//! the first two in turn, are a game's first moves. Any other label stays a
//! note's (`注：车９平８`), and so does a name over words that are no move
//! (`许银川：好棋`). Chats copied as WeChat and QQ copy messages put each
//! name and time on a line of their own, the message on the next
//! (`许银川 10:32` / `炮二平五`): the same rules read those. Talk after a
//! player's move (`炮二平五 这步怎么样`) is skipped, and a move sent twice in
//! a row is read once, each with a warning.

use std::ops::Range;

use super::labelled::{Label, label};
use super::outcome::{Outcome, is_result_word};
use super::parse::{read_move, reads_as_any_move_text};
use super::symbol::{
    continues_split_move, is_talk, lacks_last_number, shaped_like_chinese_move,
    slipped_chinese_move,
};
use crate::board::{Color, Position};
use crate::text::{line_and_column, offset_in};
use crate::words::Words;

/// A chat's text made readable as a record, and its players.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Chat {
    /// The text with each name that labels a move written as its side's
    /// label (`红：`, `黑：`, padded with spaces), the times of the lines
    /// with a name blanked, and so the lines that hold a name and a time
    /// alone, character for character: lines and columns are the text's.
    /// The messages under such a line that are no move of a player's,
    /// chat between the moves or a third person's lines, are blanked too.
    pub(crate) text: String,
    /// The names of Red and Black, in that order.
    pub(crate) players: [String; 2],
    /// The byte offsets, in [`Chat::text`], of the first and the last
    /// line whose name was read as a side's.
    pub(crate) span: (usize, usize),
    /// What was blanked though it reads as a move: a third person's
    /// message, each as its byte offset in the text and the warning.
    pub(crate) skipped: Vec<(usize, Words)>,
}

/// One line of a chat: where its name starts (after the times), the name,
/// the byte length of the label that carries it (the name with its colon,
/// maybe a time between, or the name and time of a message's own line),
/// the colon the side's label is written with (`None` for a name on a line
/// of its own, which is blanked: its message follows on the next lines),
/// the first word of its value, and for a name on a line of its own the
/// byte range of its message in the text (up to the next such line).
struct Line<'a> {
    at: usize,
    name: &'a str,
    len: usize,
    colon: Option<char>,
    value: &'a str,
    message: Range<usize>,
}

/// How many names of a chat, in the order they first send a move, are
/// tried as the players: the two who alternate are among the first.
const NAMES_TRIED: usize = 4;

/// The chat `text` is, read as a record ([`Chat`]), or `None` when it is
/// none: fewer than two lines whose label's value is a move, or no two
/// names (among the first few that send moves) alternate over them, their
/// first two values a game's first moves in turn (Red first, or Black
/// first when only Black can make the first). Names as labels
/// (`许银川：炮二平五`, `许银川 10:32：炮二平五`) are looked for first, then
/// names on lines of their own ([`header_line`]).
pub(crate) fn chat(text: &str) -> Option<Chat> {
    // Only a line with a colon may hold a name's label or a time: a cheap
    // test first (a search for each colon, faster than one for either).
    if !text.contains('：') && !text.contains(':') {
        return None;
    }
    let mut offset = 0;
    let mut lines = Vec::new();
    for raw in text.split_inclusive('\n') {
        if let Some(line) = chat_line(raw) {
            lines.push((offset, line));
        }
        offset += raw.len();
    }
    read_chat(text, &lines).or_else(|| read_chat(text, &header_lines(text)))
}

/// The two names that alternate over the moves `moves` from a game's
/// first, the first to send one first, and the side that makes the first
/// move: of such pairs among the first [`NAMES_TRIED`] names to send a
/// move, the one that sends the most moves (the first of those).
fn players<'a>(moves: &[&(usize, Line<'a>)]) -> Option<(&'a str, &'a str, Color)> {
    let mut names: Vec<&str> = Vec::with_capacity(NAMES_TRIED);
    for (_, line) in moves {
        if !names.contains(&line.name) {
            names.push(line.name);
            if names.len() == NAMES_TRIED {
                break;
            }
        }
    }
    let mut best: Option<(usize, (&str, &str, Color))> = None;
    for (i, &first) in names.iter().enumerate() {
        for &second in &names[i + 1..] {
            let turns: Vec<&Line> = moves
                .iter()
                .map(|(_, l)| l)
                .filter(|l| l.name == first || l.name == second)
                .collect();
            let alternate = turns
                .iter()
                .enumerate()
                .all(|(i, l)| l.name == if i % 2 == 0 { first } else { second });
            if !alternate || turns.len() < 2 || best.is_some_and(|(n, _)| n >= turns.len()) {
                continue;
            }
            // A slip of the pen in the second move (`马８进`, not shaped
            // like a move: not a move of another game, `车一平二`)
            // leaves the first to tell the side, when the first player
            // goes on.
            let reply = turns[1].value;
            let slip = turns.len() > 2 && slipped(reply) && !shaped_like_chinese_move(reply);
            let opener = first_side(turns[0].value, reply)
                .or_else(|| slip.then(|| first_mover(turns[0].value)).flatten());
            if let Some(opener) = opener {
                best = Some((turns.len(), (first, second, opener)));
            }
        }
    }
    best.map(|(_, players)| players)
}

/// The chat `text` is, its lines with a name being `lines` (each with the
/// byte offset at which it starts), as [`chat`] reads it.
fn read_chat(text: &str, lines: &[(usize, Line<'_>)]) -> Option<Chat> {
    let repeats = repeats(text, lines);
    let moves: Vec<&(usize, Line)> = lines
        .iter()
        .zip(&repeats)
        .filter(|((_, l), repeat)| !**repeat && sends_move(text, l))
        .map(|(line, _)| line)
        .collect();
    let (first, second, opener) = players(&moves)?;
    let side = |name: &str| {
        if (name == first) == (opener == Color::Red) {
            Color::Red
        } else {
            Color::Black
        }
    };
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut span = None;
    let mut skipped = Vec::new();
    for ((start, line), &repeat) in lines.iter().zip(&repeats) {
        let player = line.name == first || line.name == second;
        if repeat {
            // The whole line, or the name's line and its message, blanked.
            let end = message_of(text, *start, line).end;
            out.push_str(&text[copied..*start]);
            out.extend(text[*start..end].chars().map(blank));
            copied = end;
            skipped.push((*start, repeated_message(text, *start, line.name)));
            continue;
        }
        // The times before the name, blanked.
        out.push_str(&text[copied..*start]);
        let here = out.len();
        out.extend(text[*start..start + line.at].chars().map(blank));
        let at = start + line.at;
        let label = &text[at..at + line.len];
        let is_move = sends_move(text, line);
        match line.colon {
            // A player's name over a move: its side's label.
            Some(colon) if is_move && player => {
                out.push_str(side(line.name).name_zh());
                out.push(colon);
                out.extend(std::iter::repeat_n(
                    ' ',
                    label.chars().count().saturating_sub(2),
                ));
            }
            // A player's talk that reads as a move's words (`中炮`):
            // skipped.
            Some(_) if player && reads_as_any_move_text(line.value) => {
                let message = message_of(text, *start, line);
                out.extend(text[at..message.end].chars().map(blank));
                copied = message.end;
                let from = offset_in(text, line.value);
                skipped.push((from, talk_alone(text, from..message.end, line.name)));
                continue;
            }
            // A name over no move, or a third person's: a note's label,
            // kept.
            Some(_) => {
                copied = at;
                continue;
            }
            // A name and time on a line of their own: blanked, the
            // message under them read as it is, in turn, when it is a
            // player's move or result; else blanked too. A player's
            // result words that name no side (`认输`) are written with the
            // player's side in the name's place, when they fit.
            None => {
                let message = &text[line.message.clone()];
                let width = label.chars().count();
                let result = (player && !is_move)
                    .then(|| side_result(side(line.name), message))
                    .flatten()
                    .filter(|result| result.chars().count() <= width);
                match &result {
                    Some(result) => {
                        out.push_str(result);
                        out.extend(std::iter::repeat_n(' ', width - result.chars().count()));
                    }
                    None => out.extend(label.chars().map(blank)),
                }
                let read = player
                    && (is_move || result.is_none() && Outcome::parse(message.trim()).is_some());
                if !read {
                    out.push_str(&text[at + line.len..line.message.start]);
                    out.extend(message.chars().map(blank));
                    copied = line.message.end;
                    let from = line.message.start + message.find(line.value).unwrap_or(0);
                    if is_move && !player {
                        skipped.push((from, skipped_message(text, from, line.name, line.value)));
                    } else if player && reads_as_any_move_text(line.value) {
                        let end = from + text[from..].trim_end().len().min(message.len());
                        skipped.push((from, talk_alone(text, from..end, line.name)));
                    }
                    continue;
                }
            }
        }
        copied = at + line.len;
        if !is_move {
            continue;
        }
        // Talk after the move, on its line or the message's next lines.
        for talk in talk(text, message_of(text, *start, line)) {
            out.push_str(&text[copied..talk.start]);
            out.extend(text[talk.clone()].chars().map(blank));
            copied = talk.end;
            skipped.push((talk.start, skipped_talk(text, talk, line.name)));
        }
        span = Some(span.map_or((here, here), |(from, _)| (from, here)));
    }
    out.push_str(&text[copied..]);
    let (red, black) = if opener == Color::Red {
        (first, second)
    } else {
        (second, first)
    };
    Some(Chat {
        text: out,
        players: [red.to_string(), black.to_string()],
        span: span?,
        skipped,
    })
}

/// For each of the chat's lines `lines` (each with the byte offset at
/// which it starts), whether it is a repeat: the same name sends the same
/// move as on the line before, as a message sent twice is copied.
fn repeats(text: &str, lines: &[(usize, Line<'_>)]) -> Vec<bool> {
    let mut out = Vec::with_capacity(lines.len());
    let mut before: Option<(&str, &str)> = None;
    for (start, line) in lines {
        let message = text[message_of(text, *start, line)].trim();
        let sent = (line.name, message);
        out.push(sends_move(text, line) && before == Some(sent));
        before = Some(sent);
    }
    out
}

/// The byte range, in `text`, of the message of the chat's line `line`,
/// which starts at byte `start`: after its label to the line's end, or the
/// lines under a name on a line of its own.
fn message_of(text: &str, start: usize, line: &Line<'_>) -> Range<usize> {
    match line.colon {
        Some(_) => {
            let from = start + line.at + line.len;
            from..text[from..].find('\n').map_or(text.len(), |n| from + n)
        }
        None => line.message.clone(),
    }
}

/// The warning for the message at byte `at` of `text` that `name` sent
/// again right after sending it: read once.
fn repeated_message(text: &str, at: usize, name: &str) -> Words {
    let (line, _) = line_and_column(text, at);
    Words::new(
        format!("line {line}: {name} sent the same message again: read once"),
        format!("第{line}行：{name}重复发送了同一条消息：只读一次"),
    )
}

/// The result a player of side `side` sends as `message` in words that
/// name no side (`认输`, `认负`): the words with the side before them
/// (`黑方认输`); `None` for other messages.
fn side_result(side: Color, message: &str) -> Option<String> {
    let words = message.trim();
    if words.is_empty() || words.contains('\n') || Outcome::parse(words).is_some() {
        return None;
    }
    let phrase = format!("{}方{words}", side.name_zh());
    Outcome::parse(&phrase).map(|_| phrase)
}

/// The warning for the message `value` of `name`, at byte `at` of `text`,
/// that reads as a move but is not read: `name` is none of the players.
fn skipped_message(text: &str, at: usize, name: &str, value: &str) -> Words {
    let (line, column) = line_and_column(text, at);
    Words::new(
        format!(
            "line {line}, column {column}: '{value}' reads as a move, but {name} sent it, who is not one of the two players whose moves alternate: not read"
        ),
        format!(
            "第{line}行第{column}列：“{value}”像是着法，但发送者{name}不是轮流走棋的两位棋手之一：未读入"
        ),
    )
}

/// The talk in the message `text[message]` of a player who sends a move
/// (`炮二平五 这步怎么样`, or a line `还行吧` under the move): on each of its
/// lines, from the first word that is talk ([`is_talk`]) to the line's end,
/// as byte ranges of `text`. Result words (`认输`, `黑方认负`) are no talk;
/// a word that looks like a mistyped move is none either, and is read.
fn talk(text: &str, message: Range<usize>) -> Vec<Range<usize>> {
    let mut found = Vec::new();
    let mut start = message.start;
    for line in text[message].split_inclusive('\n') {
        let body = line.trim_end();
        if let Some(at) = first_talk(body) {
            found.push(start + at..start + body.len());
        }
        start += line.len();
    }
    found
}

/// The byte offset in `line`, a line of a player's message, of its first
/// word of talk: a word [`is_talk`] calls so, or one of Chinese notation
/// more than a symbol short of a move (`中炮`, `后手`: a move names a
/// piece, its file or place, a direction and a number, four characters),
/// with the words that go on with it as a move split by spaces
/// (`炮二 平五`). Result words (`认输`, `黑方认负`) and move numbers are no
/// talk; a word a symbol away from a move (`马８进`, `炮二评五`) is none
/// either, and is read.
fn first_talk(line: &str) -> Option<usize> {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '；' | ';' | '、'))
        .filter(|word| !word.is_empty())
        .collect();
    let mut i = 0;
    while let Some(&word) = words.get(i) {
        let at = offset_in(line, word);
        i += 1;
        if is_result_word(word)
            || Outcome::parse(line[at..].trim()).is_some()
            || without_number(word).is_empty()
        {
            continue;
        }
        if is_talk(word) {
            return Some(at);
        }
        if word.is_ascii() {
            continue;
        }
        let mut places = move_places(word);
        if continues_split_move(word) {
            while let Some(&next) = words.get(i) {
                let more = move_places(next);
                if !continues_split_move(next) || places + more > MOST_PLACES {
                    break;
                }
                places += more;
                i += 1;
            }
        }
        if places + 1 < FEWEST_PLACES {
            return Some(at);
        }
    }
    None
}

/// The fewest characters a move in Chinese notation has (`炮二平五`).
const FEWEST_PLACES: usize = 4;

/// The most characters a move in Chinese notation has (`前兵四平五`).
const MOST_PLACES: usize = 5;

/// How many characters the word `word` has, marks after it (`!`, `？`)
/// not counted: the places it fills of a move in Chinese notation.
fn move_places(word: &str) -> usize {
    word.trim_end_matches(['!', '?', '！', '？', '。'])
        .chars()
        .count()
}

/// Whether the line `line` of a chat says a move: its value reads as one,
/// or as one with a slip of the pen (`马８进`, `炮二平前`), for the reader
/// to stop at and name, and is no talk ([`first_talk`]: `许银川：中炮` is
/// none).
fn sends_move(text: &str, line: &Line<'_>) -> bool {
    let value = line.value;
    if value.is_empty() || !(reads_as_any_move_text(value) || slipped(value)) {
        return false;
    }
    let from = offset_in(text, line.value);
    let end = text[from..].find('\n').map_or(text.len(), |n| from + n);
    first_talk(&text[from..end]) != Some(0)
}

/// The warning for the message `text[talk]` of `name`'s that is talk,
/// though its words are a move's (`中炮`): skipped.
fn talk_alone(text: &str, talk: Range<usize>, name: &str) -> Words {
    let (line, column) = line_and_column(text, talk.start);
    let words = text[talk].trim_end();
    Words::new(
        format!(
            "line {line}, column {column}: '{words}' that {name} sent is talk, not a move: skipped"
        ),
        format!("第{line}行第{column}列：{name}发送的“{words}”是闲谈，不是着法：已跳过"),
    )
}

/// The warning for the talk `text[talk]` after a move `name` sent: skipped.
fn skipped_talk(text: &str, talk: Range<usize>, name: &str) -> Words {
    let (line, column) = line_and_column(text, talk.start);
    let words = &text[talk];
    Words::new(
        format!(
            "line {line}, column {column}: '{words}' after {name}'s move is talk, not a move: skipped"
        ),
        format!("第{line}行第{column}列：{name}着法之后的“{words}”是闲谈，不是着法：已跳过"),
    )
}

/// The side that makes the first of the moves `first` and `second`, when
/// they are a game's first two moves in turn: Red, or Black when only
/// Black can make the first.
fn first_side(first: &str, second: &str) -> Option<Color> {
    let start = Position::startpos();
    [start.clone(), start.passed()]
        .into_iter()
        .find_map(|mut pos| {
            let side = pos.turn();
            pos.play_unchecked(read_move(&pos, first).ok()?);
            read_move(&pos, second).ok().map(|_| side)
        })
}

/// Whether `value` is a Chinese move with a slip of the pen: short of its
/// last number (`马８进`), or of a move's length with a symbol wrong
/// (`炮二平前`).
fn slipped(value: &str) -> bool {
    lacks_last_number(value) || slipped_chinese_move(value)
}

/// The side that makes `first` the first move of a game: Red from the
/// start, or Black when only Black can make it.
fn first_mover(first: &str) -> Option<Color> {
    let start = Position::startpos();
    [start.clone(), start.passed()]
        .into_iter()
        .find(|pos| read_move(pos, first).is_ok())
        .map(|pos| pos.turn())
}

/// A line of a chat (`[10:32] 许银川：炮二平五`, `许银川 10:32：炮二平五`):
/// its times, then a word that starts with a label a record reads as a
/// note's (a name: no side, result or heading), maybe with a time between
/// the name and the colon, then the label's value; `None` for other lines.
fn chat_line(line: &str) -> Option<Line<'_>> {
    let mut at = line.len() - line.trim_start().len();
    while let Some(len) = time_len(&line[at..]) {
        at += len;
        at += line[at..].len() - line[at..].trim_start().len();
    }
    let rest = &line[at..];
    let word = rest.split_whitespace().next()?;
    if !word.contains(['：', ':']) {
        return timed_label(rest).map(|(name, len, colon)| {
            let value = rest[len..].split_whitespace().next().unwrap_or("");
            Line {
                at,
                name,
                len,
                colon: Some(colon),
                value: without_number(value),
                message: 0..0,
            }
        });
    }
    let next = || rest[word.len()..].split_whitespace().next().unwrap_or("");
    let (Label::Note, len) = label(word, next)? else {
        return None;
    };
    let colon = word[..len].chars().next_back()?;
    let name = &word[..len - colon.len_utf8()];
    let value = if len == word.len() {
        next()
    } else {
        &word[len..]
    };
    Some(Line {
        at,
        name,
        len,
        colon: Some(colon),
        value: without_number(value),
        message: 0..0,
    })
}

/// A name, then the time its message was sent, then a colon, at the start
/// of `rest` (`许银川 10:32：炮二平五`, `吕钦 [10:33]: h9g7`): the name, the
/// byte length from it to the colon's end, and the colon; `None` unless
/// the name is one a note's label may carry ([`label`]).
fn timed_label(rest: &str) -> Option<(&str, usize, char)> {
    let name = rest.split_whitespace().next()?;
    let mut at = name.len();
    at += spaces(&rest[at..]);
    if at == name.len() {
        return None;
    }
    at += time_before_colon(&rest[at..])?;
    at += spaces(&rest[at..]);
    let colon = rest[at..]
        .chars()
        .next()
        .filter(|&c| matches!(c, '：' | ':'))?;
    let len = at + colon.len_utf8();
    let value = rest[len..].split_whitespace().next().unwrap_or("");
    let word = format!("{name}{colon}");
    let labelled = label(&word, || value);
    matches!(labelled, Some((Label::Note, _))).then_some((name, len, colon))
}

/// The byte length of the time at the start of `text` that a colon may
/// follow at once (`10:32：`, `10:32:05:`, `2024-05-01 10:32：`,
/// `[10:32]：`): as [`time_len`] reads times, but a colon after the time
/// ends it.
fn time_before_colon(text: &str) -> Option<usize> {
    if let Some(len) = time_len(text).filter(|_| text.starts_with(['[', '(', '（', '【'])) {
        return Some(len);
    }
    let mut at = 0;
    if let Some(date) = text.split_whitespace().next().filter(|w| is_date(w)) {
        at = date.len() + spaces(&text[date.len()..]);
    }
    let digits = text[at..]
        .find(|c: char| !c.is_ascii_digit() && c != ':')
        .unwrap_or(text.len() - at);
    let time = &text[at..at + digits];
    let time = if is_time(time) {
        time
    } else {
        time.strip_suffix(':').filter(|t| is_time(t))?
    };
    Some(at + time.len())
}

/// The byte length of the blanks at the start of `text`.
fn spaces(text: &str) -> usize {
    text.len() - text.trim_start().len()
}

/// `value` without a move number before the move (`1.炮二平五`).
fn without_number(value: &str) -> &str {
    value.trim_start_matches(|c: char| {
        c.is_ascii_digit() || ('０'..='９').contains(&c) || matches!(c, '.' | '．' | '、')
    })
}

/// The lines of `text` that hold a name and a time alone ([`header_line`]),
/// each with the byte offset at which it starts, its message (the lines
/// up to the next such line) and that message's first word as its value
/// (after a move number: `1. 炮二平五`, `1... 马8进7`).
fn header_lines(text: &str) -> Vec<(usize, Line<'_>)> {
    let mut offset = 0;
    let mut lines: Vec<(usize, Line)> = Vec::new();
    for raw in text.split_inclusive('\n') {
        let end = offset + raw.len();
        if let Some((at, name, len)) = header_line(raw) {
            if let Some((_, last)) = lines.last_mut() {
                last.message.end = offset;
            }
            lines.push((
                offset,
                Line {
                    at,
                    name,
                    len,
                    colon: None,
                    value: "",
                    message: end..text.len(),
                },
            ));
        }
        offset = end;
    }
    for (_, line) in &mut lines {
        line.value = text[line.message.clone()]
            .split_whitespace()
            .map(without_number)
            .find(|word| !word.is_empty())
            .unwrap_or("");
    }
    lines
}

/// A line that holds a name and the time its message was sent, as WeChat
/// and QQ copy messages (`许银川 10:32`, `吕钦 2024-05-01 10:33:05`,
/// `许银川 [10:32]`): where the name starts, the name, and the byte length
/// from it to the time's end; `None` for other lines, and when the name has
/// a colon or a word that reads as a move.
fn header_line(line: &str) -> Option<(usize, &str, usize)> {
    if !line.contains(':') {
        return None;
    }
    let at = line.len() - line.trim_start().len();
    let rest = line[at..].trim_end();
    let bracketed = rest
        .char_indices()
        .rev()
        .find(|&(_, c)| matches!(c, '[' | '(' | '（' | '【'))
        .map(|(open, _)| open)
        .filter(|&open| time_len(&rest[open..]) == Some(rest.len() - open));
    let before = match bracketed {
        Some(open) => &rest[..open],
        None => {
            let (before, time) = rest.rsplit_once(char::is_whitespace)?;
            if !is_time(time) {
                return None;
            }
            before.trim_end()
        }
    };
    let name = match before.trim_end().rsplit_once(char::is_whitespace) {
        Some((name, date)) if is_date(date) => name.trim_end(),
        _ => before.trim_end(),
    };
    let moves = || name.split_whitespace().any(reads_as_any_move_text);
    (!name.is_empty() && !name.contains(['：', ':']) && !moves()).then_some((at, name, rest.len()))
}
/// The byte length of the time at the start of `text`, a word as chats
/// write them (`10:32`, `10:32:05`, a date before it, `2024-05-01`,
/// `2024/5/1`), maybe in brackets with its date (`[2024-05-01 10:32]`,
/// `(10:32)`): a time has a colon between digits, two after it.
fn time_len(text: &str) -> Option<usize> {
    let close = match text.chars().next()? {
        '[' => Some(']'),
        '(' => Some(')'),
        '（' => Some('）'),
        '【' => Some('】'),
        _ => None,
    };
    if let Some(close) = close {
        let open = text.chars().next()?.len_utf8();
        let end = text.find(close)?;
        let inner = &text[open..end];
        let mut words = inner.split_whitespace();
        let last = words.next_back()?;
        return (is_time(last) && words.all(is_date)).then_some(end + close.len_utf8());
    }
    let word = text.split_whitespace().next()?;
    (is_time(word) || is_date(word) && time_len(text[word.len()..].trim_start()).is_some())
        .then_some(word.len())
}

/// Whether `word` is a time of day: `10:32`, `9:05`, `10:32:05`.
fn is_time(word: &str) -> bool {
    let mut parts = word.split(':');
    let hours = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    (1..=2).contains(&hours.len())
        && hours.bytes().all(|b| b.is_ascii_digit())
        && (1..=2).contains(&rest.len())
        && rest
            .iter()
            .all(|p| p.len() == 2 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether `word` is a date: digits in three parts split by `-`, `/` or `.`.
fn is_date(word: &str) -> bool {
    let parts: Vec<&str> = word.split(['-', '/', '.']).collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// A character of a time, blanked (a space, but a line's end stays).
fn blank(c: char) -> char {
    if c == '\n' || c == '\r' { c } else { ' ' }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_alternate_over_moves_are_sides() {
        let text = "许银川：炮二平五\n吕钦：马８进７\n许银川：马二进三\n";
        let read = chat(text).unwrap();
        assert_eq!(read.text, "红：  炮二平五\n黑： 马８进７\n红：  马二进三\n");
        assert_eq!(read.players, ["许银川".to_string(), "吕钦".to_string()]);
        // Times blanked, a name over no move kept, Black first (which
        // only coordinates tell: a Chinese move reads for either side).
        let text = "[10:32] 吕钦: h9g7\n10:33 许银川：好棋\n2024-05-01 10:34 许银川：h2e2\n";
        let chat = chat(text).unwrap();
        assert_eq!(
            chat.text,
            "        黑:  h9g7\n      许银川：好棋\n                 红：  h2e2\n"
        );
        assert_eq!(chat.players, ["许银川".to_string(), "吕钦".to_string()]);
    }

    #[test]
    fn notes_and_names_that_do_not_alternate_are_no_chat() {
        for text in [
            // One label, a note's; names over notes; names that repeat.
            "炮二平五 马８进７\n注：车９平８\n",
            "许银川：好棋\n吕钦：谢谢\n",
            "许银川：炮二平五\n许银川：马二进三\n",
            "许银川：炮二平五\n吕钦：马８进７\n吕钦：车９平８\n",
            // Moves that are no game's first in turn.
            "注：车一平二\n评：车９平８\n",
            // Side labels and headings are read as they are.
            "红：炮二平五\n黑：马８进７\n",
        ] {
            assert_eq!(chat(text), None, "{text}");
        }
    }

    #[test]
    fn a_slip_in_the_second_move_after_a_good_start_is_still_a_chat() {
        // The first move tells the side; the slip is kept under its side's
        // label for the reader to stop at.
        for (text, read) in [
            (
                "许银川：炮二平五\n吕钦：马８进\n许银川：马二进三\n",
                "红：  炮二平五\n黑： 马８进\n红：  马二进三\n",
            ),
            (
                "许银川 10:32\n炮二平五\n吕钦 10:33\n马８进\n许银川 10:34\n马二进三\n",
                "         \n炮二平五\n        \n马８进\n         \n马二进三\n",
            ),
        ] {
            assert_eq!(chat(text).map(|c| c.text).as_deref(), Some(read), "{text}");
        }
        // Not on two lines alone, nor when the first move does not tell the
        // side, nor for talk that is no slip (五七炮 names an opening).
        for text in [
            "许银川：炮二平五\n吕钦：马８进\n",
            "许银川：炮二平五\n吕钦：五七炮\n许银川：马二进三\n",
        ] {
            assert_eq!(chat(text), None, "{text}");
        }
    }

    #[test]
    fn names_and_times_on_lines_of_their_own_are_sides() {
        let text = "许银川 10:32\n炮二平五\n\n吕钦 2024-05-01 10:33:05\n马８进７\n许银川 10:34\n1.马二进三\n";
        let read = chat(text).unwrap();
        assert_eq!(
            read.text,
            "         \n炮二平五\n\n                      \n马８进７\n         \n1.马二进三\n"
        );
        assert_eq!(read.players, ["许银川".to_string(), "吕钦".to_string()]);
        // Black first, which only coordinates tell.
        let read = chat("吕钦 10:32\nh9g7\n许银川 10:33\nh2e2\n").unwrap();
        assert_eq!(read.players, ["许银川".to_string(), "吕钦".to_string()]);
        assert_eq!(read.text, "        \nh9g7\n         \nh2e2\n");
        for text in [
            // Names that repeat, messages that are no moves, a move's line,
            // moves that are no game's first in turn.
            "许银川 10:32\n炮二平五\n许银川 10:33\n马二进三\n",
            "许银川 10:32\n好棋\n吕钦 10:33\n谢谢\n",
            "炮二平五 10:32\n马８进７\n车一平二 10:33\n车９平８\n",
            "许银川 10:32\nh2e2\n吕钦 10:33\nh2e2\n",
        ] {
            assert_eq!(chat(text), None, "{text}");
        }
        assert_eq!(header_line("  许银川 10:32\n"), Some((2, "许银川", 15)));
        assert_eq!(header_line("许银川：10:32"), None);
        assert_eq!(header_line("10:32"), None);
    }

    #[test]
    fn chat_between_the_moves_and_a_third_persons_lines_are_skipped() {
        // A player's words that are no move, an emoji line, a third
        // person's move: blanked, the moves read in turn; the move is
        // warned of.
        let text = "许银川 10:32\n炮二平五\n吕钦 10:33\n好棋\n😀\n王五 10:33\n车一平二\n吕钦 10:34\n马８进７\n";
        let read = chat(text).unwrap();
        assert_eq!(
            read.text,
            "         \n炮二平五\n        \n  \n \n        \n    \n        \n马８进７\n"
        );
        assert_eq!(read.players, ["许银川".to_string(), "吕钦".to_string()]);
        let at = text.find("车一平二").unwrap();
        assert_eq!(read.skipped.len(), 1);
        assert_eq!(read.skipped[0].0, at);
        assert!(
            read.skipped[0]
                .1
                .en
                .starts_with("line 7, column 1: '车一平二' reads as a move, but 王五"),
            "{}",
            read.skipped[0].1.en
        );
        // The players are the two whose moves alternate, whoever sent a
        // move first; a player's result words without a side are the
        // player's side's.
        let text = "王五 10:30\n马二进三\n许银川 10:32\n炮二平五\n吕钦 10:33\n马８进７\n许银川 10:34\n马二进三\n吕钦 10:35\n认输\n";
        let read = chat(text).unwrap();
        assert_eq!(read.players, ["许银川".to_string(), "吕钦".to_string()]);
        assert!(read.text.ends_with("\n黑方认输    \n  \n"), "{}", read.text);
        // A result the player writes whole is read as it is.
        let read =
            chat("许银川 10:32\n炮二平五\n吕钦 10:33\n马８进７\n吕钦 10:35\n红胜\n").unwrap();
        assert!(read.text.ends_with("\n红胜\n"), "{}", read.text);
    }

    #[test]
    fn talk_after_a_players_move_is_skipped_and_a_mistyped_move_kept() {
        let text = "许银川：炮二平五 这步怎么样\n吕钦：马８进７ 还行吧，你呢\n许银川：马二进三\n";
        let read = chat(text).unwrap();
        assert_eq!(
            read.text,
            "红：  炮二平五      \n黑： 马８进７       \n红：  马二进三\n"
        );
        let warnings: Vec<&str> = read.skipped.iter().map(|(_, w)| w.en.as_str()).collect();
        assert_eq!(
            warnings,
            [
                "line 1, column 10: '这步怎么样' after 许银川's move is talk, not a move: skipped",
                "line 2, column 9: '还行吧，你呢' after 吕钦's move is talk, not a move: skipped"
            ]
        );
        // Under a name on a line of its own: on the move's line, and a
        // line of talk under it.
        let text = "许银川 10:32\n炮二平五 好棋！\n这步怎么样\n吕钦 10:33\n马８进７\n";
        let read = chat(text).unwrap();
        assert_eq!(
            read.text,
            "         \n炮二平五    \n     \n        \n马８进７\n"
        );
        assert_eq!(read.skipped.len(), 2);
        // A word a symbol away from a move, or a result, is no talk: kept,
        // for the reader to stop at or read.
        for (text, kept) in [
            ("许银川：炮二平五 马８进\n吕钦：马８进７\n", "马８进"),
            ("许银川：炮二平五 炮二评五\n吕钦：马８进７\n", "炮二评五"),
            ("许银川：炮二平五\n吕钦：马８进７ 认输\n", "认输"),
        ] {
            let read = chat(text).unwrap();
            assert!(read.text.contains(kept), "{}", read.text);
            assert!(read.skipped.is_empty(), "{text}");
        }
        // Words of Chinese notation more than a symbol short of a move
        // (an opening's name, 后手) are talk, after a move or alone (a name
        // over words that are no move's, `许银川：飞相局`, is a note); a move
        // split by a space is none.
        let text = "许银川：炮二平五 中炮\n吕钦：马８进７ 后手\n许银川：中炮\n许银川：马二 进三\n";
        let read = chat(text).unwrap();
        assert_eq!(
            read.text,
            "红：  炮二平五   \n黑： 马８进７   \n      \n红：  马二 进三\n"
        );
        let warnings: Vec<&str> = read.skipped.iter().map(|(_, w)| w.en.as_str()).collect();
        assert_eq!(
            warnings,
            [
                "line 1, column 10: '中炮' after 许银川's move is talk, not a move: skipped",
                "line 2, column 9: '后手' after 吕钦's move is talk, not a move: skipped",
                "line 3, column 5: '中炮' that 许银川 sent is talk, not a move: skipped"
            ]
        );
        let read =
            chat("许银川 10:32\n炮二平五\n吕钦 10:33\n马８进７\n吕钦 10:34\n中炮\n").unwrap();
        let warnings: Vec<&str> = read.skipped.iter().map(|(_, w)| w.en.as_str()).collect();
        assert_eq!(
            warnings,
            ["line 6, column 1: '中炮' that 吕钦 sent is talk, not a move: skipped"]
        );
        assert_eq!(first_talk("１． 炮二平五 马８ 进７"), None);
        assert_eq!(first_talk("前兵四平五 后手"), Some(16));
    }

    #[test]
    fn a_move_sent_twice_in_a_row_is_read_once() {
        let text = "许银川：炮二平五\n许银川：炮二平五\n吕钦：马８进７\n吕钦：马８进７\n许银川：马二进三\n";
        let read = chat(text).unwrap();
        assert_eq!(
            read.text,
            "红：  炮二平五\n        \n黑： 马８进７\n       \n红：  马二进三\n"
        );
        let warnings: Vec<&str> = read.skipped.iter().map(|(_, w)| w.en.as_str()).collect();
        assert_eq!(
            warnings,
            [
                "line 2: 许银川 sent the same message again: read once",
                "line 4: 吕钦 sent the same message again: read once"
            ]
        );
        let text = "许银川 10:32\n炮二平五\n许银川 10:32\n炮二平五\n吕钦 10:33\n马８进７\n";
        let read = chat(text).unwrap();
        assert_eq!(read.players, ["许银川".to_string(), "吕钦".to_string()]);
        assert_eq!(read.text.matches("炮二平五").count(), 1, "{}", read.text);
        // Another move in a row is no repeat: no two names alternate.
        assert_eq!(
            chat("许银川：炮二平五\n许银川：马二进三\n吕钦：马８进７\n"),
            None
        );
    }

    #[test]
    fn a_third_persons_times_are_blanked_and_move_numbers_passed() {
        let text = "[10:32] 许银川：炮二平五\n[10:33] 吕钦：马８进７\n[10:34] 王五：马二进三?\n";
        let read = chat(text).unwrap();
        assert_eq!(
            read.text,
            "        红：  炮二平五\n        黑： 马８进７\n        王五：马二进三?\n"
        );
        let read = chat("许银川 10:32\n1. 炮二平五\n吕钦 10:33\n1... 马8进7\n").unwrap();
        assert_eq!(read.players, ["许银川".to_string(), "吕钦".to_string()]);
    }

    #[test]
    fn times_after_the_name_are_read() {
        let read = chat("许银川 [10:32]\n炮二平五\n吕钦 [2024-05-01 10:33]\n马８进７\n").unwrap();
        assert_eq!(read.players, ["许银川".to_string(), "吕钦".to_string()]);
        let text = "许银川 10:32：炮二平五\n吕钦 2024-05-01 10:33:05: 马８进７\n许银川 [10:34]：马二进三\n";
        let read = chat(text).unwrap();
        assert_eq!(
            read.text,
            "红：        炮二平五\n黑:                      马８进７\n红：          马二进三\n"
        );
        assert_eq!(header_line("许银川 (10:32)\n"), Some((0, "许银川", 17)));
        assert_eq!(
            timed_label("许银川 10:32：炮二平五"),
            Some(("许银川", 18, '：'))
        );
        // A side's label or a heading is no name.
        assert_eq!(timed_label("红方 10:32：炮二平五"), None);
        assert_eq!(timed_label("着法 10:32：炮二平五"), None);
        assert_eq!(time_before_colon("10:32:05:x"), Some(8));
        assert_eq!(time_before_colon("10:3:x"), None);
    }

    #[test]
    fn times_as_chats_write_them() {
        for (text, len) in [
            ("10:32 许", 5),
            ("9:05:59 x", 7),
            ("[10:32] x", 7),
            ("（2024-05-01 10:32）x", 22),
            ("2024/5/1 10:32 x", 8),
        ] {
            assert_eq!(time_len(text), Some(len), "{text}");
        }
        for text in [
            "1:0 红胜",
            "1-0",
            "2024-05-01 许",
            "[注] x",
            "10:3 x",
            "C2.5",
        ] {
            assert_eq!(time_len(text), None, "{text}");
        }
    }
}
