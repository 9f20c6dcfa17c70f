//! Reading a whole move list as an arbiter types or pastes it: move numbers,
//! separators, comments, a trailing result, notations mixed freely.

use std::fmt;

use super::between::{Between, split_by};
use super::braced::braced;
use super::labelled::{Label, label};
use super::outcome::{Outcome, may_lead_result, result_words, spaced_result, words_on_result};
use super::parse::{
    Failure, NotationErrorKind, OtherReading, ReadMove, game_over, read_move, read_move_in,
    read_record_move, reads_as_any_move_text, reads_as_move_text,
};
use super::ranks_from_one;
use super::render::Notation;
use super::reread::{MAX_REREADINGS, reread_other_way};
use super::side_label::{may_name_side, may_start_side_label, names_side, side_label};
use super::symbol::{
    begins_split_move, chinese_length, continues_split_move, shaped_like_chinese_move,
    slipped_chinese_move,
};
use crate::board::{Color, Move, Position, Ranks};
use crate::text::{line_and_column, offset_in};
use crate::words::Words;

/// A comment of a move list: text from `{…}` or `(…)`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Comment {
    /// How many moves precede it (0 = before the first move).
    pub after_ply: usize,
    /// The text inside the brackets, trimmed.
    pub text: String,
}

/// A move list read against a start position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct ParsedMoveList {
    /// Each move with the text it was written as.
    pub moves: Vec<(Move, String)>,
    /// Comments in order, each attached to the move before it.
    pub comments: Vec<Comment>,
    /// The trailing result, if one was given (`*` counts as none).
    pub result: Option<Outcome>,
    /// The words the result was written in, when they say more than which
    /// result it is (`红方超时`, `Black wins on time`, not `1-0` or 红胜):
    /// how the game ended ([`super::Ending::read`]).
    pub termination: Option<String>,
    /// The moves whose text another convention reads as another legal move,
    /// each with its ply (1-based): read the preferred way.
    pub other_readings: Vec<(usize, OtherReading)>,
    /// The list opened with a Black-first marker (`1...`, `1. ...`) on the
    /// standard start position with Red to move, and was read from it with
    /// Black to move.
    pub black_first: bool,
    /// What the reader noticed that the moves do not show: moves written
    /// after the result, which are not read (the list ends at its result).
    pub warnings: Vec<Words>,
    /// The ranks its moves in coordinates were read in: UCCI's 0–9, or
    /// 1–10 as UCI xiangqi programs write them; the move texts, comments
    /// and warnings above are written in them, as the list writes them.
    pub ranks: Ranks,
}

/// A move of a list that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub struct MoveListError {
    /// The ply of the offending move, 1-based from the start position.
    pub ply: usize,
    /// The text as written.
    pub text: String,
    /// FEN of the position before the move.
    pub fen: String,
    /// What is wrong with it ([`NotationErrorKind::NoSuchMove`] after the
    /// game is over, when no move is legal).
    pub kind: NotationErrorKind,
    /// Why it is not a move.
    pub reason: Words,
    /// The legal moves of that position, in the notation the text seemed to use.
    pub legal: Vec<String>,
    /// The byte offset, in the text read, of the word the move was read from.
    pub at: usize,
    /// The line of that word in the text, from 1.
    pub line: usize,
    /// The column of that word in its line, in characters (not bytes), from 1.
    pub column: usize,
}

impl fmt::Display for MoveListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (ply, line, column) = (self.ply, self.line, self.column);
        let at = format!("ply {ply}, line {line}, column {column}");
        writeln!(f, "{at}: '{}': {}", self.text, self.reason.en)?;
        writeln!(f, "  position: {}", self.fen)?;
        write!(f, "  legal moves: {}", self.legal.join(" "))
    }
}

/// One piece of a move list.
#[derive(Debug, PartialEq, Eq)]
enum Token<'a> {
    Word(&'a str),
    Comment(&'a str),
    /// A comment opened by a `;` or a `//` after whitespace or at the
    /// start (byte `at` of the text), to the end of its line: never read
    /// as moves.
    LineComment {
        at: usize,
        body: &'a str,
    },
    Unclosed(&'a str),
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | ';' | '，' | '；' | '、' | '。' | '\u{3000}')
}

/// The brackets of notes that do not nest, `【】` and `［］`, as the record
/// readers read them: their closing bracket.
fn flat_note_close(open: char) -> Option<char> {
    match open {
        '【' => Some('】'),
        '［' => Some('］'),
        _ => None,
    }
}

/// Splits a move list into words and comments. `{}` and `()` comments nest
/// (`{}` as the file readers' do), `【】` and `［］` ones do not; a `;`
/// separates words or starts a comment to the end of its line
/// ([`super::starts_comment`]), and so does a `//` (`// 中炮`) in the same
/// place or right after a whole move (`炮二平五//中炮`): one that follows
/// another word (`http://`) is the word's ([`super::slashes_start_comment`]).
fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let width = c.len_utf8();
        let at = text.len() - rest.len();
        let opener = match c {
            ';' if super::starts_comment(text, at) => Some(width),
            '/' if rest.starts_with("//") && super::slashes_start_comment(text, at) => Some(2),
            _ => None,
        };
        if let Some(opener) = opener {
            let end = rest.find('\n').unwrap_or(rest.len());
            out.push(Token::LineComment {
                at,
                body: &rest[opener..end],
            });
            rest = &rest[end..];
        } else if is_separator(c) {
            rest = &rest[width..];
        } else if let Some(close) = flat_note_close(c) {
            match rest.find(close) {
                Some(end) => {
                    out.push(Token::Comment(&rest[width..end]));
                    rest = &rest[end + close.len_utf8()..];
                }
                None => {
                    out.push(Token::Unclosed(rest));
                    rest = "";
                }
            }
        } else if c == '{' {
            match braced(rest, width) {
                Some((body, end)) => {
                    out.push(Token::Comment(body));
                    rest = &rest[end..];
                }
                None => {
                    out.push(Token::Unclosed(rest));
                    rest = "";
                }
            }
        } else if c == '(' || c == '（' {
            let mut depth = 0usize;
            let mut close = None;
            for (i, ch) in rest.char_indices() {
                match ch {
                    '(' | '（' => depth += 1,
                    ')' | '）' => {
                        depth -= 1;
                        if depth == 0 {
                            close = Some((i, ch.len_utf8()));
                            break;
                        }
                    }
                    _ => {}
                }
            }
            match close {
                Some((end, w)) => {
                    out.push(Token::Comment(&rest[width..end]));
                    rest = &rest[end + w..];
                }
                None => {
                    out.push(Token::Unclosed(rest));
                    rest = "";
                }
            }
        } else {
            let end = rest
                .char_indices()
                .find(|&(i, ch)| {
                    is_separator(ch)
                        || matches!(ch, '{' | '(' | '（')
                        || flat_note_close(ch).is_some()
                        || (ch == '/'
                            && rest[i..].starts_with("//")
                            && super::follows_move(text, at + i))
                })
                .map_or(rest.len(), |(i, _)| i);
            out.push(Token::Word(&rest[..end]));
            rest = &rest[end..];
        }
    }
    out
}

/// Splits a leading move number (`12.`, `1...`, `3．`, `1、`) from a word: the
/// number part and what follows. Words without one give `None`.
fn split_number(word: &str) -> Option<(&str, &str)> {
    let digits = word.find(|c: char| !c.is_ascii_digit() && !('０'..='９').contains(&c))?;
    if digits == 0 {
        return None;
    }
    let rest = &word[digits..];
    let dots = rest
        .find(|c: char| !matches!(c, '.' | '．' | '…' | '、'))
        .unwrap_or(rest.len());
    (dots > 0).then(|| (&word[..digits + dots], &rest[dots..]))
}

/// What follows a round marker at the start of `word` (第1回合, 第十二着,
/// 第3步, 第4手, with an optional colon or dot), or `word` itself.
pub(crate) fn strip_round_marker(word: &str) -> &str {
    let Some(after) = word.strip_prefix('第') else {
        return word;
    };
    let number = after
        .char_indices()
        .find(|&(_, c)| {
            !(c.is_ascii_digit()
                || ('０'..='９').contains(&c)
                || "零〇一二三四五六七八九十百".contains(c))
        })
        .map_or(after.len(), |(i, _)| i);
    if number == 0 {
        return word;
    }
    let unit = &after[number..];
    let Some(rest) = ["回合", "着", "步", "手"]
        .iter()
        .find_map(|u| unit.strip_prefix(u))
    else {
        return word;
    };
    rest.trim_start_matches([':', '：', '.', '．', '、'])
}

/// Whether a word is only a move number or the dots of a Black-first move.
fn is_number_only(word: &str) -> bool {
    word.chars()
        .all(|c| c.is_ascii_digit() || ('０'..='９').contains(&c) || matches!(c, '.' | '．' | '…'))
}

/// Whether a word opens Black's move: a move number followed by an ellipsis
/// (`1...`, `1…`, `1...h9g7`), or the ellipsis alone (`1. ...`).
pub(crate) fn is_black_first_marker(word: &str) -> bool {
    // Only a digit (ASCII, or full-width from EF), `.`, `…` (E2) or `．` (EF)
    // can begin a marker: other words, most of a record, need no trimming.
    if !matches!(
        word.as_bytes().first(),
        Some(b'0'..=b'9' | b'.' | 0xE2 | 0xEF)
    ) {
        return false;
    }
    let rest = word.trim_start_matches(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c));
    rest.starts_with("..") || rest.starts_with('…') || rest.starts_with("．．")
}

/// Whether a word of digits and a dot has the shape of a WXF move with the
/// piece as a digit (`62.5` = `C2.5`, `59.8`), not of a move number.
fn is_numeric_wxf(word: &str) -> bool {
    matches!(word.as_bytes(), [p, f, b'.', n] if p.is_ascii_digit() && f.is_ascii_digit() && n.is_ascii_digit())
}

/// Whether `c` is a CJK ideograph (a piece, a numeral, a direction).
fn is_ideograph(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c)
}

/// Whether `c` may stand in Chinese moves run together: an ideograph, or a
/// digit, full-width or ASCII (`马８进７`, `将5进5`, as mixed records write
/// Black's moves).
fn is_chinese_move_char(c: char) -> bool {
    is_ideograph(c) || ('\u{FF10}'..='\u{FF19}').contains(&c) || c.is_ascii_digit()
}

/// Reads a move list from `start`: move numbers (`1.`, `1、`, `1...`), separators
/// (spaces, line breaks, commas, semicolons), comments in `{}` or `()` (attached
/// to the move before them) or after a `;` that follows a space (to the end
/// of the line, never read as moves; a `;` right after a move separates
/// moves), or after a `//` that follows a space (`炮二平五 // 中炮`), a
/// trailing result (text after it is ignored), even one run into the last
/// move (`马二进三红胜`, `i9h91-0`).
/// Each move may be in any notation [`super::parse_move`] reads, mixed freely;
/// Chinese moves may be run together without spaces (`炮二平五马８进７`) or
/// split by stray spaces (`炮二 平五`, `马 8 进 7`: read once the move is whole).
///
/// ```
/// use xqarbiter::board::Position;
/// use xqarbiter::notation::{Outcome, parse_move_list};
/// let list = parse_move_list(&Position::startpos(), "1. 炮二平五 马８进７ {常见} 2. h0g2, C8.9 红胜").unwrap();
/// assert_eq!(list.moves.len(), 4);
/// assert_eq!(list.moves[3].1, "C8.9");
/// assert_eq!(list.comments[0].after_ply, 2);
/// assert_eq!(list.result, Some(Outcome::RedWins));
/// ```
///
/// Moves written after the result are not read; the list warns of them
/// ([`ParsedMoveList::warnings`]) when any of them reads as a move.
///
/// Coordinates are read in ranks 1–10, as UCI xiangqi programs write them,
/// when a move names rank 10 or that reading goes further (every move, or
/// more of them where neither plays every move); a warning says so, and the
/// moves, the error and its legal moves are written in ranks 1–10 as the
/// record writes them.
pub fn parse_move_list(start: &Position, text: &str) -> Result<ParsedMoveList, Box<MoveListError>> {
    ranks_from_one::choose(text, 0, |text, ranks| {
        parse_move_list_as_written(start, text, ranks)
    })
}

impl ParsedMoveList {
    /// The list, read in ranks 1–10, as the record writes it: its move
    /// texts, comments and warnings back in ranks 1–10.
    fn in_ranks_from_one(&mut self) {
        self.ranks = Ranks::FromOne;
        for (_, text) in &mut self.moves {
            *text = ranks_from_one::written_text(text);
        }
        for comment in &mut self.comments {
            comment.text = ranks_from_one::written_text(&comment.text);
        }
        for (_, other) in &mut self.other_readings {
            other.in_ranks_from_one();
        }
        for warning in &mut self.warnings {
            *warning = ranks_from_one::written_words(warning);
        }
    }
}

impl MoveListError {
    /// The error, read in ranks 1–10, in the record's ranks: the move as
    /// written, why it does not read and the legal moves.
    fn in_ranks_from_one(&mut self) {
        self.text = ranks_from_one::written_text(&self.text);
        self.reason = ranks_from_one::written_words(&self.reason);
        for legal in &mut self.legal {
            *legal = ranks_from_one::written_text(legal);
        }
    }
}

impl ranks_from_one::Reading for Result<ParsedMoveList, Box<MoveListError>> {
    fn stop(&self) -> Option<usize> {
        self.as_ref().err().map(|e| e.ply)
    }

    fn stopped_at(&self) -> Option<(usize, &str)> {
        self.as_ref().err().map(|e| (e.ply, e.text.as_str()))
    }

    fn note(&mut self, note: Words) {
        // An error says why it was read so itself ([`Self::add_to_stop`]).
        if let Ok(list) = self {
            list.warnings.insert(0, note);
        }
    }

    fn add_to_stop(&mut self, more: &Words) {
        if let Err(e) = self {
            ranks_from_one::add_to_reason(&mut e.reason, more);
        }
    }

    fn in_ranks_from_one(&mut self) {
        match self {
            Ok(list) => list.in_ranks_from_one(),
            Err(e) => e.in_ranks_from_one(),
        }
    }
}

/// The first plies of a move list read one way, weighed by how far its
/// whole text reads that way ([`parse_move_list_until`]).
struct FirstPlies {
    /// Where the whole text read so stops: the ply and the move as written.
    whole_stop: Option<(usize, String)>,
    /// The plies asked for, read so.
    first: Result<ParsedMoveList, Box<MoveListError>>,
}

impl ranks_from_one::Reading for FirstPlies {
    fn stop(&self) -> Option<usize> {
        self.whole_stop.as_ref().map(|(ply, _)| *ply)
    }

    fn stopped_at(&self) -> Option<(usize, &str)> {
        self.whole_stop
            .as_ref()
            .map(|(ply, text)| (*ply, text.as_str()))
    }

    fn note(&mut self, note: Words) {
        self.first.note(note);
    }

    fn add_to_stop(&mut self, more: &Words) {
        self.first.add_to_stop(more);
    }

    fn in_ranks_from_one(&mut self) {
        if let Some((_, text)) = &mut self.whole_stop {
            *text = ranks_from_one::written_text(text);
        }
        self.first.in_ranks_from_one();
    }
}

/// [`parse_move_list`] of coordinates in ranks 0–9, of a record read in
/// `ranks` (why a move is no move names the board's squares in them).
fn parse_move_list_as_written(
    start: &Position,
    text: &str,
    ranks: Ranks,
) -> Result<ParsedMoveList, Box<MoveListError>> {
    // A chat's names before the moves are read as the sides' labels.
    let chat = super::chat(text);
    let text = chat.as_ref().map_or(text, |chat| chat.text.as_str());
    let words = tokens(text);
    let (mut list, end, after) = read_list((start, ranks), (text, &words), usize::MAX)?;
    if let Some(rest) = after.map(|at| &words[at..]) {
        let (played, reads_as_moves) = match read_list((&end, ranks), (text, rest), usize::MAX) {
            Ok((probe, _, _)) => (probe.moves.len(), false),
            Err(e) => (e.ply - 1, e.kind != NotationErrorKind::Unreadable),
        };
        let first_word = rest.iter().find_map(|t| match t {
            Token::Word(w) => Some(*w),
            _ => None,
        });
        if let Some(word) = first_word.filter(|_| played > 0 || reads_as_moves) {
            let at = offset_in(text, word);
            let result = list.result.map_or("*", Outcome::pgn);
            let warning = super::moves_after_result(text, at, 1, result, played);
            list.warnings.push(warning);
        }
    }
    // A third person's messages that read as moves, not read.
    let skipped = chat.into_iter().flat_map(|chat| chat.skipped);
    list.warnings.splice(0..0, skipped.map(|(_, why)| why));
    Ok(list)
}

/// The first `plies` moves of a move list, read from `start` as
/// [`parse_move_list`] reads them (with the comments among them); what
/// follows is not read, so a move there may be unplayable (written after a
/// mate, or illegal), in a word of moves run together too
/// (`炮二平五马８进７车一进一将５进５`, whose first three are read alone). The
/// result, when the list reaches it, is kept.
///
/// ```
/// use xqarbiter::board::Position;
/// use xqarbiter::notation::{parse_move_list, parse_move_list_until};
/// let text = "炮二平五 马８进７ 车一进一 将5进5";
/// assert_eq!(parse_move_list(&Position::startpos(), text).unwrap_err().ply, 4);
/// let list = parse_move_list_until(&Position::startpos(), text, 3).unwrap();
/// assert_eq!(list.moves.len(), 3);
/// ```
///
/// Coordinates are read in the ranks [`parse_move_list`] reads the whole
/// text in (the reading taken is the one that plays every move, or goes
/// further): the plies asked for are read in those ranks, and a warning
/// says when they are 1–10.
pub fn parse_move_list_until(
    start: &Position,
    text: &str,
    plies: usize,
) -> Result<ParsedMoveList, Box<MoveListError>> {
    let read = |text: &str, ranks| {
        let whole = parse_move_list_as_written(start, text, ranks);
        let whole_stop = whole.err().map(|e| (e.ply, e.text));
        FirstPlies {
            whole_stop,
            first: parse_move_list_until_as_written(start, text, plies, ranks),
        }
    };
    ranks_from_one::choose(text, 0, read).first
}

/// [`parse_move_list_until`] of coordinates in ranks 0–9, of a record
/// read in `ranks`, as [`parse_move_list_as_written`].
fn parse_move_list_until_as_written(
    start: &Position,
    text: &str,
    plies: usize,
    ranks: Ranks,
) -> Result<ParsedMoveList, Box<MoveListError>> {
    let chat = super::chat(text);
    let text = chat.as_ref().map_or(text, |chat| chat.text.as_str());
    let (mut list, _, _) = read_list((start, ranks), (text, &tokens(text)), plies)?;
    // Moves run together in one word may go past the last one asked for.
    list.moves.truncate(plies);
    list.other_readings.retain(|(ply, _)| *ply <= plies);
    list.comments.retain(|c| c.after_ply <= plies);
    Ok(list)
}

/// Reads the move list `words` of `text` from `start`, up to its result or
/// its `limit`-th move: the list, the position after its moves, and, when
/// words follow its result, the index of the first. A `;` comment that
/// reads as moves going on from where it stands is warned of. Why a move
/// is no move names the board's squares in `ranks`, those the record is
/// read in.
fn read_list(
    (start, ranks): (&Position, Ranks),
    (text, words): (&str, &[Token<'_>]),
    limit: usize,
) -> Result<(ParsedMoveList, Position, Option<usize>), Box<MoveListError>> {
    let mut pos = start.clone();
    // The position before the first move, and the re-readings still allowed.
    let mut line = Line {
        start: start.clone(),
        rereadings: MAX_REREADINGS,
        ranks,
    };
    let mut out = ParsedMoveList {
        moves: Vec::with_capacity(words.len()),
        ..ParsedMoveList::default()
    };
    let mut i = 0;
    // The index of the first word after the result.
    let mut after = None;
    while let Some(token) = words.get(i) {
        if out.moves.len() >= limit {
            break;
        }
        i += 1;
        let word = match *token {
            Token::Comment(c) => {
                // A result in brackets, as Chinese records end: （红胜）.
                if let Some(outcome) = Outcome::parse(c.trim()) {
                    out.result = Some(outcome);
                    out.termination = result_words(c).map(str::to_string);
                    after = Some(i);
                    break;
                }
                out.comments.push(Comment {
                    after_ply: out.moves.len(),
                    text: c.trim().to_string(),
                });
                continue;
            }
            Token::LineComment { at, body } => {
                if super::comment_goes_on(&pos, body) {
                    let shown = body.trim();
                    let warning = super::comment_reads_as_moves(text, at, 1, shown);
                    out.warnings.push(warning);
                }
                continue;
            }
            Token::Unclosed(t) => {
                return Err(list_error(
                    (&pos, text, offset_in(text, t)),
                    &out,
                    t,
                    Failure::new(
                        Notation::Uci,
                        Words::new("comment is not closed", "注释没有结束"),
                    ),
                ));
            }
            Token::Word(w) => w,
        };
        let raw = word;
        let mut word = strip_round_marker(word);
        // A side's label before a move (`红：炮二平五`, `黑方 马８进７`): the
        // move, when the side is the one to move.
        let next = || match words.get(i) {
            Some(&Token::Word(next)) => next,
            _ => "",
        };
        let labelled = may_start_side_label(word.as_bytes())
            .then(|| side_label(word, next))
            .flatten();
        // A side's word, or `Game`, before result words (`红方 认负`, `Red
        // resigns`, `Game drawn`).
        if labelled.is_none() && may_lead_result(word.as_bytes()) {
            let next = || words_from(words, i);
            if let Some((outcome, taken)) = spaced_result(word, next) {
                out.result = Some(outcome);
                i += taken;
                i += words_on_result(outcome, words_from(words, i));
                out.termination = result_text(text, word, words, i);
                after = Some(i);
                break;
            }
        }
        // A note after a label (`注：好棋`, `红方：弃车`) runs to the end of its
        // line, as in a record, before the first move too (`注：中炮开局`);
        // the moves follow a heading (`着法：`).
        let heading_or_note = (labelled.is_none() && raw.contains([':', '：']))
            .then(|| label(raw, next))
            .flatten();
        if let Some((Label::Heading, len)) = heading_or_note {
            word = &raw[len..];
            if word.is_empty() {
                continue;
            }
        }
        if let Some((Label::Note, len)) = heading_or_note {
            let at = offset_in(text, raw);
            let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
            // A heading with moves after it ends the note; between the
            // moves, the list says so.
            let heading = super::heading_in_note(&text[..end], at + len, |from| {
                super::comment_goes_on(&pos, &text[from..end])
            });
            if let Some(cut) = heading.filter(|_| !out.moves.is_empty()) {
                out.warnings
                    .push(super::heading_ends_note(text, cut, 1, &raw[..len]));
            }
            let end = heading.unwrap_or(end);
            // The value's first word is the note's, whatever it reads as.
            let value = i + usize::from(len == raw.len());
            if let Some(from) = words[value.min(words.len())..]
                .iter()
                .map(|t| token_start(text, t))
                .take_while(|&start| start < end)
                .find(|&start| reads_as_move_or_number(&text[start..end]))
                && super::comment_goes_on(&pos, &text[from..end])
            {
                let shown = (&text[at..at + len], text[from..end].trim());
                out.warnings
                    .push(super::note_reads_as_moves(text, at, 1, shown));
            }
            out.comments.push(Comment {
                after_ply: out.moves.len(),
                text: text[at..end].trim().to_string(),
            });
            while words.get(i).is_some_and(|t| token_start(text, t) < end) {
                i += 1;
            }
            continue;
        }
        if let Some((side, len)) = labelled {
            if side == Color::Black && out.moves.is_empty() && pos == Position::startpos() {
                pos.pass();
                line.start = pos.clone();
                out.black_first = true;
            }
            if side != pos.turn() {
                let plies = out.moves.len();
                let label = &word[..len];
                let why = Words::new(
                    format!(
                        "its label '{label}' gives the move to {side}, but {} is to move after {plies} moves: the label and the moves disagree",
                        pos.turn()
                    ),
                    format!(
                        "标注“{label}”说是{}方的着法，但{plies}着之后轮到{}方走棋：标注与着法不符",
                        side.name_zh(),
                        pos.turn().name_zh()
                    ),
                );
                let shown = if len == word.len() { label } else { word };
                return Err(list_error(
                    (&pos, text, offset_in(text, raw)),
                    &out,
                    shown,
                    Failure::new(Notation::Uci, why),
                ));
            }
            word = &word[len..];
            if word.is_empty() {
                continue;
            }
        }
        if is_black_first_marker(word) && out.moves.is_empty() && pos.turn() == Color::Red {
            if pos != Position::startpos() {
                let why = Words::new(
                    "the list says Black moves first ('1...'), but its start position has Red to move",
                    "着法列表标明黑方先走（“1...”），但其开局局面是红方走棋",
                );
                return Err(list_error(
                    (&pos, text, offset_in(text, raw)),
                    &out,
                    word,
                    Failure::new(Notation::Uci, why),
                ));
            }
            pos.pass();
            line.start = pos.clone();
            out.black_first = true;
        }
        // A move number, or a NAG (`$1`), as the record readers skip them.
        if word.is_empty()
            || (is_number_only(word) && !is_numeric_wxf(word))
            || word.starts_with('$')
        {
            continue;
        }
        let mut failure = match play_word(&mut pos, word, &mut out, (&mut line, limit)) {
            Ok(()) => continue,
            Err(f) => f,
        };
        // No result token reads as a move, so results are looked for only now.
        if word == "*" {
            after = Some(i);
            break;
        }
        // Rules and dashes (`=====`, `——`) are decoration: every move has a digit or a numeral.
        if !word.chars().any(|c| c.is_alphanumeric()) {
            continue;
        }
        if let Some(outcome) = Outcome::parse(word) {
            out.result = Some(outcome);
            i += words_on_result(outcome, words_from(words, i));
            out.termination = result_text(text, word, words, i);
            after = Some(i);
            break;
        }
        // The result run into the last moves (`马二进三红胜`, `车９平８1-0`),
        // or a side's word whose result words follow (`马二进三黑方 认负`).
        let moves = split_number(word).map_or(word, |(_, rest)| rest);
        let glued = glued_result(&pos, moves)
            .map(|(at, outcome)| (at, outcome, 0))
            .or_else(|| glued_side(&pos, moves, || words_from(words, i)));
        if let Some((at, outcome, taken)) = glued {
            i += taken;
            let played = &moves[..at];
            if let Err(failure) = play_word(&mut pos, played, &mut out, (&mut line, limit)) {
                return Err(list_error(
                    (&pos, text, offset_in(text, raw)),
                    &out,
                    played,
                    failure,
                ));
            }
            if out.moves.len() >= limit {
                break;
            }
            let result = &moves[at..];
            out.result = Some(outcome);
            i += words_on_result(outcome, words_from(words, i));
            out.termination = result_text(text, result, words, i);
            after = Some(i);
            break;
        }
        if let Some((_, rest)) = split_number(word) {
            match play_word(&mut pos, rest, &mut out, (&mut line, limit)) {
                Ok(()) => continue,
                Err(f) => failure = f,
            }
        }
        // A Chinese move split by stray spaces (`炮二 平五`, `马 8 进 7`):
        // join its head with the next words until it is whole. What is wrong
        // is then the words as written: all of them when they make a move's
        // length, else the head (the last word belongs to no move of it).
        let mut joined = word.to_string();
        let mut head = (word.to_string(), failure);
        let mut j = i;
        let mut played = false;
        // Whether the words stopped at a token that cannot go on the move.
        let mut blocked = false;
        while begins_split_move(&joined) {
            blocked = true;
            let Some(&Token::Word(next)) = words.get(j) else {
                break;
            };
            if !continues_split_move(next) {
                break;
            }
            blocked = false;
            j += 1;
            let longer = format!("{joined}{next}");
            let written = format!("{} {next}", head.0);
            match play_word(&mut pos, &longer, &mut out, (&mut line, limit)) {
                Ok(()) => {
                    played = true;
                    break;
                }
                Err(f) if begins_split_move(&longer) => head = (written, f),
                Err(f) => {
                    if matches!(chinese_length(&longer), Some(4 | 5))
                        && read_move(&pos, next).is_err()
                    {
                        head = (written, f);
                    }
                    break;
                }
            }
            joined = longer;
        }
        if played {
            i = j;
            continue;
        }
        if blocked
            && let Some(between) = words.get(j).and_then(|t| between_words(text, t))
            && let Some(&Token::Word(next)) = words.get(j + 1)
        {
            head.1 = split_by(&pos, head.1, between, (&head.0, &joined), next);
        }
        // Moves run together that go bad: cut where they do, as the record
        // readers cut them, and name the move there.
        let single = split_number(word).map_or(word, |(_, rest)| rest);
        if head.0 == word
            && let Some(cut) = cut_run_together(&pos, single, line.ranks)
        {
            for &(mv, _) in &cut.moves {
                pos.play_unchecked(mv);
            }
            // Named where it starts, after moves read from the word; at
            // the word's start, as any bad word, when it is the first.
            let at = match cut.moves.is_empty() {
                true => offset_in(text, raw),
                false => offset_in(text, cut.bad),
            };
            out.moves.extend(cut.moves);
            return Err(list_error((&pos, text, at), &out, cut.bad, cut.failure));
        }
        return Err(list_error(
            (&pos, text, offset_in(text, raw)),
            &out,
            &head.0,
            head.1,
        ));
    }
    let after = after.filter(|&at| at < words.len());
    Ok((out, pos, after))
}

/// A result written right after the moves of `word`, without a space
/// (`马二进三红胜`, `炮二平五马８进７马二进三红胜`, `i9h91-0`): where it
/// starts in `word` (a byte offset) and the result, when the text before it
/// plays from `pos`, as one move or as moves run together. The result starts
/// with a digit or an ideograph (`1-0`, `½-½`, 红胜, 黑方超时): English
/// words run into a move (`h2e2draw`) are too near a slip to be read so.
pub(crate) fn glued_result(pos: &Position, word: &str) -> Option<(usize, Outcome)> {
    word.char_indices()
        .skip(1)
        .filter(|&(_, c)| {
            c.is_ascii_digit() || ('０'..='９').contains(&c) || c == '½' || is_ideograph(c)
        })
        .find_map(|(at, _)| {
            let outcome = Outcome::parse(&word[at..])?;
            let moves = &word[..at];
            let plays = read_move(pos, moves).is_ok()
                || split_run_together(pos, moves, usize::MAX).is_some();
            plays.then_some((at, outcome))
        })
}

/// A side's word in Chinese run into the last moves of `word` (`马二进三黑方`)
/// that makes a result with the words after it, which `next` gives
/// (`认负` of `马二进三黑方 认负`, `胜` of `马二进三红方 胜`): where the side's
/// word starts in `word`, the result, and how many of those words it takes
/// ([`spaced_result`]), when the text before it plays from `pos`, as one
/// move or as moves run together. An English side's word run into a move
/// (`h0g2Black resigns`) is too near a slip to be read so.
pub(crate) fn glued_side<'a, I: IntoIterator<Item = &'a str>>(
    pos: &Position,
    word: &str,
    next: impl FnOnce() -> I,
) -> Option<(usize, Outcome, usize)> {
    let at = word.char_indices().skip(1).map(|(at, _)| at).find(|&at| {
        let side = word[at..].split([':', '：']).next().unwrap_or("");
        may_name_side(side.as_bytes()) && !side.is_ascii() && names_side(side)
    })?;
    let moves = &word[..at];
    let plays =
        read_move(pos, moves).is_ok() || split_run_together(pos, moves, usize::MAX).is_some();
    let (outcome, taken) = spaced_result(&word[at..], next).filter(|_| plays)?;
    Some((at, outcome, taken))
}

/// What `token`, read from `text`, is, if a comment (in ASCII brackets, a
/// variation to a pasted record), a NAG or a move number: what ends a
/// Chinese move split by spaces ([`split_by`]).
fn between_words(text: &str, token: &Token<'_>) -> Option<Between> {
    match *token {
        Token::Word(w) => Between::of_word(w),
        Token::Comment(w) if text[..offset_in(text, w)].ends_with('(') => Some(Between::Bracketed),
        Token::Comment(_) | Token::LineComment { .. } | Token::Unclosed(_) => {
            Some(Between::Comment)
        }
    }
}

/// The words of `words` from index `at` up to the first token that is no
/// word (a comment).
fn words_from<'a>(words: &[Token<'a>], at: usize) -> impl Iterator<Item = &'a str> {
    words[at..].iter().map_while(|t| match *t {
        Token::Word(w) => Some(w),
        _ => None,
    })
}

/// The words of a result written from the word `first` of `text` to the
/// word before `words[end]`, when they say more than which result it is
/// ([`result_words`]).
fn result_text(text: &str, first: &str, words: &[Token<'_>], end: usize) -> Option<String> {
    let from = offset_in(text, first);
    let to = match words.get(end.checked_sub(1)?)? {
        Token::Word(last) => offset_in(text, last) + last.len(),
        _ => from + first.len(),
    };
    result_words(text.get(from..to.max(from + first.len()))?).map(str::to_string)
}

/// The byte offset in `text` at which `token`, read from it, starts.
fn token_start(text: &str, token: &Token<'_>) -> usize {
    match *token {
        Token::Word(w) | Token::Comment(w) | Token::Unclosed(w) => offset_in(text, w),
        Token::LineComment { at, .. } => at,
    }
}

/// Whether the first word of `text` reads as a move or a move number
/// (maybe with a move after it: `2.马二进三`).
fn reads_as_move_or_number(text: &str) -> bool {
    let word = text
        .split(is_separator)
        .find(|w| !w.is_empty())
        .unwrap_or("");
    let rest = split_number(word).map_or(word, |(_, rest)| rest);
    is_number_only(word) || reads_as_any_move_text(rest)
}

/// The start of a list's line, how many re-readings it may still try
/// ([`reread_other_way`]), and the ranks the list is read in (why a move
/// is no move names the board's squares in them).
struct Line {
    start: Position,
    rereadings: usize,
    ranks: Ranks,
}

/// Plays one word: a single move, or Chinese moves run together (those up
/// to the list's `limit`-th move, the rest of the word not read); or, when
/// the line as read so far leaves it unplayable, the line read again with
/// one of its ambiguous moves read the other way ([`reread_other_way`]).
fn play_word(
    pos: &mut Position,
    word: &str,
    out: &mut ParsedMoveList,
    (line, limit): (&mut Line, usize),
) -> Result<(), Failure> {
    let failure = match read_record_move(pos, word, None, line.ranks) {
        Ok(ReadMove { mv, other, .. }) => {
            if let Some(other) = other {
                out.other_readings.push((out.moves.len() + 1, other));
            }
            pos.play_unchecked(mv);
            out.moves.push((mv, word.to_string()));
            return Ok(());
        }
        Err(f) => f,
    };
    if let Some(moves) = split_run_together(pos, word, limit - out.moves.len()) {
        for &(mv, _) in &moves {
            pos.play_unchecked(mv);
        }
        out.moves.extend(moves);
        return Ok(());
    }
    // The head of a Chinese move split by spaces waits for the rest first.
    if out.other_readings.is_empty() || begins_split_move(word) {
        return Err(failure);
    }
    let moves: Vec<Move> = out.moves.iter().map(|(mv, _)| *mv).collect();
    let texts = &out.moves;
    let Some(reread) = reread_other_way(
        &line.start,
        &moves,
        |i| texts[i].1.as_str(),
        &out.other_readings,
        word,
        &mut line.rereadings,
    ) else {
        return Err(failure);
    };
    let from = reread.ply - 1;
    for ((mv, _), &new) in out.moves[from..].iter_mut().zip(&reread.moves) {
        *mv = new;
    }
    if let Some(&next) = reread.moves.last() {
        out.moves.push((next, word.to_string()));
    }
    out.other_readings.retain(|(ply, _)| *ply < reread.ply);
    out.other_readings.extend(reread.other_readings);
    *pos = line.start.clone();
    for (mv, _) in &out.moves {
        pos.play_unchecked(*mv);
    }
    Ok(())
}

/// The moves of `word` if it is moves written without spaces that can be
/// played in turn from `pos`, each with its text: all of them, or the first
/// `max` (what follows them is not read); `None` for a word that is no
/// such run ([`Run::of`]). Move numbers may stand between the moves
/// (`炮二平五马８进７2.马二进三`, `C2.5H8+72.H2+3`), and before Chinese
/// moves without their dots (`1炮二平五马８进７2马二进三`).
pub(crate) fn split_run_together(
    pos: &Position,
    word: &str,
    max: usize,
) -> Option<Vec<(Move, String)>> {
    let run = Run::of(word)?;
    let mut trial = pos.clone();
    let mut moves = Vec::new();
    run_together(&mut trial, (word, run), &mut moves, max).then_some(moves)
}

/// The notation of moves run together in one word.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Run {
    /// Chinese moves, four or five characters each (`炮二平五马８进７`).
    Chinese,
    /// WXF moves, four characters each (`C2.5H8+7`).
    Wxf,
}

impl Run {
    /// The moves `word` may run together: Chinese when it has eight
    /// characters or more after a move number, all ideographs and digits
    /// (full-width or ASCII) with an ideograph first, as every Chinese move
    /// starts (a word of digits, a date, is none), but for the dots of move
    /// numbers between the moves; WXF when it is ASCII, eight characters
    /// or more after a move number, its first four a WXF move's (not
    /// coordinates': `h2e2h9g7` is refused as it is, a space forgotten).
    fn of(word: &str) -> Option<Run> {
        let moves = &word[number_len(word, true)..];
        if moves.chars().count() < 8 {
            return None;
        }
        let chinese = moves.chars().next().is_some_and(is_ideograph)
            && moves
                .chars()
                .all(|c| is_chinese_move_char(c) || is_number_dot(c));
        if chinese {
            return Some(Run::Chinese);
        }
        let moves = &word[number_len(word, false)..];
        let wxf = moves.is_ascii()
            && moves.len() >= 8
            && reads_as_any_move_text(&moves[..4])
            && !reads_as_move_text(&moves[..4]);
        wxf.then_some(Run::Wxf)
    }

    /// How many characters a move of the run has.
    fn lengths(self) -> &'static [usize] {
        match self {
            Run::Chinese => &[4, 5],
            Run::Wxf => &[4],
        }
    }

    /// The byte length of the move number at the start of `text`
    /// ([`number_len`]): without its dots too before a Chinese move, which
    /// never starts with a digit; a WXF move may (`62.5`).
    fn number_len(self, text: &str) -> usize {
        number_len(text, self == Run::Chinese)
    }
}

/// Whether `c` ends a move number (`2.`, `2．`, `2、`): no Chinese move has it.
fn is_number_dot(c: char) -> bool {
    matches!(c, '.' | '．' | '、')
}

/// The byte length of the move number at the start of `text`, digits and
/// the dots after them (`2.`, `１２．`), as moves run together write them
/// between the moves (`炮二平五马８进７2.马二进三`); when `bare`, digits
/// without dots before an ideograph too (`马８进７2马二进三`); 0 when none
/// is there. A move's digit is never followed by a dot, so the number is
/// no move's.
fn number_len(text: &str, bare: bool) -> usize {
    let digits = text
        .find(|c: char| !c.is_ascii_digit() && !('０'..='９').contains(&c))
        .unwrap_or(text.len());
    let dots = text[digits..]
        .find(|c: char| !is_number_dot(c))
        .unwrap_or(text.len() - digits);
    let ideograph = || text[digits..].chars().next().is_some_and(is_ideograph);
    if digits > 0 && (dots > 0 || bare && ideograph()) {
        digits + dots
    } else {
        0
    }
}

/// Where Chinese moves run together (`炮二平五马８进７车一进一将５进５`) that
/// [`split_run_together`] cannot read whole go bad: the most moves of the
/// word that play in turn from `pos`, each with its text, then the move
/// that goes bad after them and why. The word is cut there, as each reader
/// reads it, so that the move is named at its own ply, by its own extent
/// ([`move_extent`]). `None` when what goes bad has no move's shape
/// ([`shaped_like_chinese_move`]) and fewer than two moves play, unless it
/// is the notation's symbols alone before a move's shape or the word's end
/// (`马二进三车９２８`, `马２进３２二进三象３进５`): a word of prose that
/// starts with a move (`炮二平五是最常见的开局`) stays one word. When no
/// move plays, the word is cut only when the bad move is the notation's
/// symbols alone and the text after it has a move's shape
/// (`将５进５炮二平五`, `马８２７马二进三`). Why the move is no move names
/// the board's squares in `ranks`, those the record is read in.
pub(crate) fn cut_run_together<'a>(pos: &Position, word: &'a str, ranks: Ranks) -> Option<Cut<'a>> {
    let run = Run::of(word)?;
    let mut best = (Vec::new(), 0);
    longest_run(&mut pos.clone(), (word, run, 0), &mut Vec::new(), &mut best);
    let (moves, at) = best;
    let mut after = pos.clone();
    for &(mv, _) in &moves {
        after.play_unchecked(mv);
    }
    if run == Run::Wxf {
        // Every WXF move has four characters: the bad one is the next four,
        // after a move read (letters that read as no move are a word).
        if moves.is_empty() {
            return None;
        }
        let bad = &word[at..(at + 4).min(word.len())];
        let failure = read_move_in(&after, bad, ranks).err()?;
        return Some(Cut {
            moves,
            bad,
            failure,
        });
    }
    let rest = move_extent(&word[at..]);
    let next = &word[at + rest.len()..];
    let next = &next[number_len(next, true)..];
    // A move of the notation's symbols alone (`马８２７`, `炮二平前`), a slip
    // of the pen, before a move's shape or the word's end.
    let slip = slipped_chinese_move(rest)
        && (next.is_empty() || shaped_like_chinese_move(move_extent(next)));
    let shaped = match moves.len() {
        0 => slip && !next.is_empty(),
        1 => shaped_like_chinese_move(rest) || slip,
        _ => true,
    };
    if !shaped {
        return None;
    }
    let Err(failure) = read_move_in(&after, rest, ranks) else {
        return None;
    };
    Some(Cut {
        moves,
        bad: rest,
        failure,
    })
}

/// The first move of Chinese moves run together (`前兵九平八马８进７`), as
/// far as its shape tells: all of `text` when it is a move's length (five
/// characters or fewer); else its first five characters when they have a
/// move's shape and the first four do not (`前兵九平八`); else its first
/// four, as most moves are written.
fn move_extent(text: &str) -> &str {
    // Where the fifth and the sixth characters start: both exist when the
    // text is longer than five characters.
    let mut ends = text.char_indices().map(|(at, _)| at).skip(4);
    let (Some(four), Some(five)) = (ends.next(), ends.next()) else {
        return text;
    };
    let (four, five) = (&text[..four], &text[..five]);
    if shaped_like_chinese_move(five) && !shaped_like_chinese_move(four) {
        five
    } else {
        four
    }
}

/// Chinese moves run together cut where they go bad ([`cut_run_together`]).
pub(crate) struct Cut<'a> {
    /// The moves before, each with its text.
    pub(crate) moves: Vec<(Move, String)>,
    /// The move that goes bad, as written.
    pub(crate) bad: &'a str,
    /// Why it is no move after them.
    pub(crate) failure: Failure,
}

/// [`run_together`] that keeps in `best` the most moves read from the
/// start of the word, and the byte offset (in the word) of the text after
/// them; `(word, run, at)` is what is left of the word, the notation of its
/// moves, and where it starts.
fn longest_run(
    pos: &mut Position,
    (word, run, at): (&str, Run, usize),
    moves: &mut Vec<(Move, String)>,
    best: &mut (Vec<(Move, String)>, usize),
) {
    let number = number_len(word, false);
    let (word, at) = (&word[number..], at + number);
    if moves.len() > best.0.len() {
        *best = (moves.clone(), at);
    }
    for &len in run.lengths() {
        let Some((end, _)) = word.char_indices().nth(len) else {
            continue;
        };
        let (head, tail) = word.split_at(end);
        if let Ok(mv) = read_move(pos, head) {
            let undo = pos.play_unchecked(mv);
            moves.push((mv, head.to_string()));
            longest_run(pos, (tail, run, at + end), moves, best);
            moves.pop();
            pos.undo(undo);
        }
    }
    let bare = run.number_len(word);
    if bare > 0 {
        longest_run(pos, (&word[bare..], run, at + bare), moves, best);
    }
}

/// Reads moves written without spaces in the notation `run`, four (or five)
/// characters each, trying four first and backing out of dead ends, up to
/// `max` moves; a move number between them (`马８进７2.马二进三`) is passed
/// over, and digits without dots before Chinese moves when no move starting
/// with them reads (`马８进７2马二进三`, but `１卒平５` a pawn's move).
fn run_together(
    pos: &mut Position,
    (word, run): (&str, Run),
    moves: &mut Vec<(Move, String)>,
    max: usize,
) -> bool {
    let word = &word[number_len(word, false)..];
    if word.is_empty() || moves.len() == max {
        return true;
    }
    for &len in run.lengths() {
        let end = match word.char_indices().nth(len) {
            Some((end, _)) => end,
            None if word.chars().count() == len => word.len(),
            None => continue,
        };
        let (head, tail) = word.split_at(end);
        if let Ok(mv) = read_move(pos, head) {
            let undo = pos.play_unchecked(mv);
            moves.push((mv, head.to_string()));
            if run_together(pos, (tail, run), moves, max) {
                return true;
            }
            moves.pop();
            pos.undo(undo);
        }
    }
    let bare = run.number_len(word);
    bare > 0 && run_together(pos, (&word[bare..], run), moves, max)
}

/// The error for the move `text` that follows the moves read so far into
/// `out`, read from the word at byte `at` of the list `list` (in `pos`;
/// a chat's text has its lines and columns): where it is, why it
/// cannot be played (the game being over there, or what is wrong with the
/// text) and the legal moves, in the notation of the move before it when
/// `text` is in none.
fn list_error(
    (pos, list, at): (&Position, &str, usize),
    out: &ParsedMoveList,
    text: &str,
    failure: Failure,
) -> Box<MoveListError> {
    let ply = out.moves.len() + 1;
    let previous = out.moves.last().map(|(_, written)| written.as_str());
    let (kind, reason, legal) = match game_over(pos, ply - 1) {
        Some(over) => (NotationErrorKind::NoSuchMove, over, Vec::new()),
        None => {
            let err = failure.listed_like(text, previous).into_error(pos, text);
            (err.kind, err.reason, err.legal)
        }
    };
    let (line, column) = line_and_column(list, at);
    Box::new(MoveListError {
        ply,
        text: text.to_string(),
        fen: pos.fen(),
        kind,
        reason,
        legal,
        at,
        line,
        column,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<ParsedMoveList, Box<MoveListError>> {
        parse_move_list(&Position::startpos(), text)
    }

    fn coords(list: &ParsedMoveList) -> Vec<String> {
        list.moves.iter().map(|(m, _)| m.to_string()).collect()
    }

    #[test]
    fn black_first_markers_are_told_from_other_words() {
        for marker in [
            "1...",
            "1…",
            "12...h9g7",
            "...",
            "…",
            "１．．",
            "．．",
            "１…",
        ] {
            assert!(is_black_first_marker(marker), "{marker}");
        }
        for word in ["1.", "h2e2", "炮二平五", "１．", "．", "1", "", "C2.5", "—"] {
            assert!(!is_black_first_marker(word), "{word}");
        }
    }

    #[test]
    fn a_list_pasted_from_a_chat_reads_its_names_as_the_sides() {
        let text = "[10:32] 许银川：炮二平五\n[10:33] 吕钦：马８进７\n注：车９平８\n[10:34] 许银川：马二进三";
        let list = read(text).unwrap();
        assert_eq!(coords(&list), ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(list.comments.len(), 1);
        let err = read("许银川：炮二平五\n吕钦：马８进７\n许银川：马二进二").unwrap_err();
        assert_eq!((err.ply, err.text.as_str()), (3, "马二进二"));
        // Where it was written, as the chat's text has it.
        assert_eq!((err.line, err.column), (3, 5));
        assert_eq!(
            err.reason.en,
            "no red horse on file 二 can move that way; one symbol away: 马二进三 马二进一"
        );
        let text = "许银川 10:32\n炮二平五\n吕钦 10:33\n马８进７\n许银川 10:34\n马二 进二\n";
        let err = read(text).unwrap_err();
        assert_eq!((err.line, err.column), (6, 1));
        // A list that is no chat is placed alike, its columns in characters.
        let err = read("炮二平五\n马８进７ 马二进二").unwrap_err();
        assert_eq!((err.ply, err.line, err.column), (3, 2, 6));
        assert!(
            err.to_string()
                .starts_with("ply 3, line 2, column 6: '马二进二': no "),
            "{err}"
        );
    }

    #[test]
    fn english_results_end_the_list_whole_and_notes_are_no_results() {
        for (text, outcome) in [
            ("炮二平五 马８进７ Draw agreed", Outcome::Draw),
            ("炮二平五 马８进７ drawn by repetition", Outcome::Draw),
            ("炮二平五 马８进７ Drawn game", Outcome::Draw),
            ("炮二平五 马８进７ Red wins by checkmate", Outcome::RedWins),
            ("炮二平五 马８进７ Red timed out", Outcome::BlackWins),
            ("炮二平五 马８进７ Game drawn", Outcome::Draw),
            ("炮二平五 马８进７ Game drawn by repetition", Outcome::Draw),
        ] {
            let list = read(text).unwrap();
            assert_eq!(
                (list.moves.len(), list.result),
                (2, Some(outcome)),
                "{text}"
            );
            assert!(list.warnings.is_empty(), "{text}: {:?}", list.warnings);
        }
        // Moves after the words still warn.
        let list = read("炮二平五 马８进７ Draw agreed 马二进三").unwrap();
        assert_eq!(list.warnings.len(), 1);
        // At the very start of a text too; `Game` before other words is no result.
        let list = read("Game drawn").unwrap();
        assert_eq!((list.moves.len(), list.result), (0, Some(Outcome::Draw)));
        assert_eq!(read("炮二平五 马８进７ Game over").unwrap_err().ply, 3);
        // A note in braces with result words among others is a note.
        let list = read("炮二平五 {Red wins the exchange} 马８进７ {Draw offer declined}").unwrap();
        assert_eq!((list.moves.len(), list.result), (2, None));
        assert_eq!(list.comments.len(), 2);
    }

    #[test]
    fn the_first_moves_of_a_list_in_ranks_1_to_10_are_read_so_and_noted() {
        let start = Position::startpos();
        let uci = |list: &ParsedMoveList| -> Vec<String> {
            list.moves.iter().map(|(mv, _)| mv.to_string()).collect()
        };
        // Rank 10, named after the plies read: the whole list decides.
        let text = "h1g3 h8e8 h3h7 h10g8 a1a9";
        assert!(parse_move_list(&start, text).is_err());
        let list = parse_move_list_until(&start, text, 3).unwrap();
        assert_eq!(uci(&list), ["h0g2", "h7e7", "h2h6"]);
        assert!(list.warnings[0].en.ends_with("a move names rank 10"));
        // Without rank 10: the 1–10 reading goes further; the plies read
        // are read so, written as the record writes them.
        let text = "H3-E3 H8-E8 H3-E3";
        let list = parse_move_list_until(&start, text, 2).unwrap();
        assert_eq!(uci(&list), ["h2e2", "h7e7"]);
        assert_eq!(list.moves[1].1, "H8-E8");
        assert!(
            list.warnings[0].en.ends_with(
                "in ranks 0–9 the record stops at ply 1, in ranks 1–10 it goes further, to ply 3"
            ),
            "{}",
            list.warnings[0].en
        );
        // Ranks 0–9 when they go further, with nothing noted.
        let list = parse_move_list_until(&start, "h2e2 h7e7 h2e2", 2).unwrap();
        assert_eq!((uci(&list).len(), list.warnings.len()), (2, 0));
        // Past where the reading taken stops: its error, as written, adding
        // where the other stops.
        let err = parse_move_list_until(&start, text, 3).unwrap_err();
        assert_eq!((err.ply, err.text.as_str()), (3, "H3-E3"));
        assert!(err.legal.contains(&"H1-G3".to_string()), "{:?}", err.legal);
        assert!(
            err.reason.en.starts_with("there is no piece on H3")
                || err.reason.en.starts_with("there is no piece on h3"),
            "{}",
            err.reason.en
        );
        assert!(
            err.reason.en.ends_with("stops sooner, at ply 1 ('H3-E3')"),
            "{}",
            err.reason.en
        );
    }

    #[test]
    fn moves_run_together_are_read_up_to_the_limit() {
        let start = Position::startpos();
        let text = "炮二平五马８进７车一进一将５进５";
        // Cut where it goes bad, the move named at its own ply.
        let err = parse_move_list(&start, text).unwrap_err();
        assert_eq!((err.ply, err.text.as_str()), (4, "将５进５"));
        for plies in 1..=3 {
            let list = parse_move_list_until(&start, text, plies).unwrap();
            assert_eq!(list.moves.len(), plies);
        }
        assert_eq!(parse_move_list_until(&start, text, 4).unwrap_err().ply, 4);
        // Bad before the limit: the move that goes bad, with its own reason.
        let text = "炮二平五马８进７车一平二将５进５";
        let err = parse_move_list_until(&start, text, 3).unwrap_err();
        assert_eq!((err.ply, err.text.as_str()), (3, "车一平二"));
        assert_eq!(err.kind, NotationErrorKind::NoSuchMove);
        // After a move number too.
        let err = parse_move_list(&start, "1.炮二平五马８进７车一进一将５进５").unwrap_err();
        assert_eq!((err.ply, err.text.as_str()), (4, "将５进５"));
        // Prose that starts with one move stays one word.
        let err = parse_move_list(&start, "炮二平五是最常见的开局").unwrap_err();
        assert_eq!((err.ply, err.text.as_str()), (1, "炮二平五是最常见的开局"));
        // One move, then one that reads as a move but goes bad: cut there.
        for text in [
            "炮二平五将５进５",
            "炮二平五将５进５车一进一",
            "1.炮二平五士４进４",
        ] {
            let err = parse_move_list(&start, text).unwrap_err();
            assert_eq!(err.ply, 2, "{text}");
            assert_eq!(err.text.chars().count(), 4, "{text}");
        }
        let err = parse_move_list(&start, "炮二平五将５进５").unwrap_err();
        assert_eq!(err.kind, NotationErrorKind::NoSuchMove);
        // One move, then what is no move's shape: one word.
        for text in [
            "炮二平五五七炮对屏风马",
            "炮二平五进五五进",
            "炮二平五平进五五",
        ] {
            let err = parse_move_list(&start, text).unwrap_err();
            assert_eq!((err.ply, err.text.as_str()), (1, text));
        }
    }

    #[test]
    fn move_numbers_between_moves_run_together_are_passed_over() {
        let list = read("1.炮二平五马８进７2.马二进三车９平８3.车一平二马２进３").unwrap();
        assert_eq!(
            coords(&list),
            ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]
        );
        let err = read("1.炮二平五马８进７2.马二进三车９平８3.车一平二马２２３").unwrap_err();
        assert_eq!((err.ply, err.text.as_str()), (6, "马２２３"));
        // Prose with a move number in it stays one word.
        let err = read("炮二平五是最常见的开局2.马二进三").unwrap_err();
        assert_eq!(
            (err.ply, err.text.as_str()),
            (1, "炮二平五是最常见的开局2.马二进三")
        );
    }

    #[test]
    fn a_bad_move_in_a_run_is_named_by_its_own_extent() {
        let start = Position::startpos();
        // A five-character move that goes bad is named whole, after one
        // good move or more.
        for (text, ply) in [
            ("炮二平五马８进７前兵九平八车一进一", 3),
            ("炮二平五前兵九平八马８进７", 2),
        ] {
            let err = parse_move_list(&start, text).unwrap_err();
            assert_eq!((err.ply, err.text.as_str()), (ply, "前兵九平八"), "{text}");
        }
        // A run whose first move goes bad, when moves' shapes follow it.
        for (text, bad) in [
            ("将５进５炮二平五马８进７", "将５进５"),
            ("1.前兵九平八炮二平五", "前兵九平八"),
        ] {
            let err = parse_move_list(&start, text).unwrap_err();
            assert_eq!((err.ply, err.text.as_str()), (1, bad), "{text}");
        }
        // A slip of the pen, the notation's symbols in no move's shape, is
        // cut before a move's shape or at the word's end, first or after
        // one move (the fuzzed texts that named the whole run).
        for (text, ply, bad) in [
            ("马８２７马二进三车９平８", 1, "马８２７"),
            ("炮二平前马２进３马二进三", 1, "炮二平前"),
            ("马二进三车９２８", 2, "车９２８"),
            ("马２进３２二进三象３进５", 2, "２二进三"),
            ("炮二平五炮８平后马二进三", 2, "炮８平后"),
        ] {
            let err = parse_move_list(&start, text).unwrap_err();
            assert_eq!((err.ply, err.text.as_str()), (ply, bad), "{text}");
        }
        // Prose after a first move that goes bad stays one word, and so does
        // prose that starts with a move.
        for text in [
            "炮二进九是最常见的开局",
            "将５进５是一步错着",
            "炮二平五是最常见的开局",
            "本局开始炮二平五马８进７",
        ] {
            let err = parse_move_list(&start, text).unwrap_err();
            assert_eq!((err.ply, err.text.as_str()), (1, text));
        }
    }

    #[test]
    fn a_semicolon_separates_after_a_move_and_comments_after_a_space() {
        let read_all = |text: &str| {
            let list = read(text).unwrap();
            (coords(&list), list.warnings.len())
        };
        let two = || (vec!["h2e2".to_string(), "h9g7".to_string()], 0);
        assert_eq!(read_all("炮二平五;马８进７"), two());
        assert_eq!(read_all("炮二平五; 马８进７"), two());
        assert_eq!(read_all("炮二平五{好};马８进７"), two());
        // A comment to the end of the line: text that is no move is silent,
        // moves that go on are warned of; the next line is read.
        assert_eq!(read_all("炮二平五 马８进７ ; 好棋"), two());
        assert_eq!(read_all("; 开局\n炮二平五 马８进７"), two());
        assert_eq!(
            read_all("炮二平五 ;马８进７\n"),
            (vec!["h2e2".to_string()], 1)
        );
        assert_eq!(
            read_all("炮二平五 ; 马８进７ 马二进三\n马８进７"),
            (two().0, 1)
        );
        let list = read("炮二平五 ; 马８进７ 马二进三\n马８进７").unwrap();
        assert_eq!(list.warnings.len(), 1);
        assert!(
            list.warnings[0].en.starts_with(
                "line 1, column 6: the comment after ';' reads as moves ('马８进７ 马二进三')"
            ),
            "{}",
            list.warnings[0].en
        );
    }

    #[test]
    fn a_result_run_into_the_last_move_is_the_result() {
        for (text, plies, outcome) in [
            ("炮二平五马８进７马二进三红胜", 3, Outcome::RedWins),
            ("炮二平五 马８进７ 2.马二进三红胜", 3, Outcome::RedWins),
            // A side's word run in, its result words after a space.
            ("炮二平五 马８进７ 马二进三黑方 认负", 3, Outcome::RedWins),
            ("炮二平五 马８进７ 2.马二进三红方 胜", 3, Outcome::RedWins),
            ("炮二平五 马８进７ 马二进三黑 认输", 3, Outcome::RedWins),
            ("1. h2e2 h9g7 2. h0g2 i9h91-0", 4, Outcome::RedWins),
            (
                "炮二平五 马８进７ 马二进三 车９平８0-1",
                4,
                Outcome::BlackWins,
            ),
            ("h2e2 h9g71/2-1/2", 2, Outcome::Draw),
        ] {
            let list = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(
                (list.moves.len(), list.result),
                (plies, Some(outcome)),
                "{text}"
            );
            assert!(list.warnings.is_empty(), "{text}");
        }
        // How it ended, as when spaced; moves after it are warned of.
        let list = read("炮二平五马８进７马二进三红方超时").unwrap();
        assert_eq!(list.result, Some(Outcome::BlackWins));
        assert_eq!(list.termination.as_deref(), Some("红方超时"));
        let list = read("h2e2 h9g7 h0g2 i9h91-0 h2h6").unwrap();
        assert_eq!((list.moves.len(), list.warnings.len()), (4, 1));
        // Only the moves up to a limit are read, without the result.
        let list = parse_move_list_until(&Position::startpos(), "h2e2 h9g71-0", 2).unwrap();
        assert_eq!((list.moves.len(), list.result), (2, None));
        // Text that no result ends stays an error at its move.
        assert_eq!(read("炮二平五 马８进７ 马二进三红").unwrap_err().ply, 3);
        assert_eq!(read("h2e2 h9g71-").unwrap_err().ply, 2);
        // English words run into a move are not read as its result.
        assert_eq!(read("h2e2 h9g7draw").unwrap_err().ply, 2);
        // Nor is a side's word run in without result words after it, nor
        // an English one.
        assert_eq!(
            read("炮二平五 马８进７ 马二进三黑方 好").unwrap_err().ply,
            3
        );
        assert_eq!(read("h2e2 h9g7 h0g2Black resigns").unwrap_err().ply, 3);
    }

    #[test]
    fn a_double_slash_after_a_space_comments_to_the_end_of_its_line() {
        let read_all = |text: &str| {
            let list = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            (coords(&list), list.warnings.len())
        };
        let two = || (vec!["h2e2".to_string(), "h9g7".to_string()], 0);
        assert_eq!(read_all("炮二平五 马８进７ // 中炮"), two());
        assert_eq!(read_all("炮二平五 // 中炮\n马８进７"), two());
        assert_eq!(read_all("// 中炮开局\n炮二平五 马８进７"), two());
        // Moves in it that go on are warned of, as after a `;`.
        let list = read("炮二平五 // 马８进７ 马二进三\n马８进７").unwrap();
        assert_eq!(coords(&list), two().0);
        assert!(
            list.warnings[0].en.starts_with(
                "line 1, column 6: the comment after '//' reads as moves ('马８进７ 马二进三')"
            ),
            "{}",
            list.warnings[0].en
        );
        // A `//` inside a word is the word's (a URL), and a date's slashes
        // are single: neither starts a comment.
        assert_eq!(
            tokens("炮二平五 http://xqbase.com 2024/05/01"),
            [
                Token::Word("炮二平五"),
                Token::Word("http://xqbase.com"),
                Token::Word("2024/05/01")
            ]
        );
        // Right after a whole move, maybe numbered, it starts one too;
        // after a word that is no move, it is still the word's.
        assert_eq!(read_all("炮二平五//中炮\n马８进７"), two());
        assert_eq!(read_all("1.炮二平五//中炮 马８进７\n2.马８进７"), two());
        assert_eq!(read_all("h2e2 h9g7//好"), two());
        assert_eq!(read("炮二平//中炮").unwrap_err().ply, 1);
        assert_eq!(
            tokens("炮二平五//http://xqbase.com"),
            [
                Token::Word("炮二平五"),
                Token::LineComment {
                    at: 12,
                    body: "http://xqbase.com"
                }
            ]
        );
    }

    #[test]
    fn a_labelled_note_runs_to_the_end_of_its_line_as_in_records() {
        // The note is a note (a comment), the moves around it are moves.
        let list = read("炮二平五 马８进７ 注：好棋，稳健\n马二进三").unwrap();
        assert_eq!(coords(&list), ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(list.comments[0].text, "注：好棋，稳健");
        assert_eq!(list.comments[0].after_ply, 2);
        assert!(list.warnings.is_empty());
        // Moves cited in the note are the note's; the last words of the note
        // that go on are warned of, as the record readers do.
        let list = read("炮二平五 马８进７ 注： 如改走 2. 马二进三 车９平８\n车一进一").unwrap();
        assert_eq!(coords(&list), ["h2e2", "h9g7", "i0i1"]);
        assert_eq!(list.warnings.len(), 1);
        assert!(
            list.warnings[0]
                .en
                .starts_with("line 1, column 11: the note after '注：' runs to the end of its line, and its last words read as moves that go on ('2. 马二进三 车９平８')"),
            "{}",
            list.warnings[0].en
        );
        // A side's label before a move, a result label, a side's result
        // words: no note.
        assert_eq!(
            coords(&read("炮二平五 黑：马８进７").unwrap()),
            ["h2e2", "h9g7"]
        );
        assert_eq!(
            read("炮二平五 红方：认负").unwrap().result,
            Some(Outcome::BlackWins)
        );
        assert_eq!(
            read("炮二平五 结果：红胜").unwrap().result,
            Some(Outcome::RedWins)
        );
    }

    #[test]
    fn a_labelled_note_before_the_first_move_is_a_note() {
        // On its own line or before the moves' line, under any label.
        for (text, note) in [
            ("注：中炮开局\n炮二平五 马８进７", "注：中炮开局"),
            ("评注：中炮\n1. 炮二平五 马８进７", "评注：中炮"),
            ("备注： 此局为快棋\n炮二平五 马８进７", "备注： 此局为快棋"),
            ("说明：红方先走\n1. 炮二平五 马８进７", "说明：红方先走"),
        ] {
            let list = read(text).unwrap();
            assert_eq!(coords(&list), ["h2e2", "h9g7"], "{text}");
            assert_eq!(list.comments[0].text, note, "{text}");
            assert_eq!(list.comments[0].after_ply, 0, "{text}");
        }
        // A value that reads as move text but is no legal move where the
        // game stands is a note's, between the moves too.
        let list = read("炮二平五 马８进７\n注：中炮\n马二进三").unwrap();
        assert_eq!(coords(&list), ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(list.comments[0].text, "注：中炮");
        // Prose after the note is still no move.
        assert_eq!(read("注：中炮开局\n本局精彩").unwrap_err().ply, 1);
    }

    #[test]
    fn nags_and_square_bracketed_notes_are_read_as_a_record_reads_them() {
        let list = read("炮二平五 马８进７ $1 马二进三 ［好棋］ 车９平８ $14").unwrap();
        assert_eq!(coords(&list), ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(list.comments[0].text, "好棋");
        assert_eq!(
            read("炮二平五 ［红胜］").unwrap().result,
            Some(Outcome::RedWins)
        );
        assert_eq!(read("炮二平五 ［好棋").unwrap_err().ply, 2);
    }

    #[test]
    fn numbers_separators_and_mixed_notations() {
        let want = ["h2e2", "h9g7", "h0g2", "i9h9"];
        for text in [
            "1. 炮二平五 马８进７ 2. 马二进三 车９平８",
            "1.炮二平五 马８进７\n2.马二进三 车９平８",
            "1、炮二平五，马８进７；2、马二进三，车９平８",
            "1. h2e2 H9-G7 2. H2+3 R9.8",
            "1．炮二平五  马8进7\t2．马二进三 车９平８!?",
            "炮二平五 马８进７ 马二进三 车９平８",
        ] {
            assert_eq!(coords(&read(text).unwrap()), want, "{text}");
        }
        let list = read("1. 炮二平五 马８进７\n=========").unwrap();
        assert_eq!(list.moves[1].1, "马８进７");
        assert_eq!(list.result, None);
    }

    #[test]
    fn a_list_error_says_what_kind_of_wrong_its_move_is() {
        let kind = |text: &str| read(text).unwrap_err().kind;
        assert_eq!(kind("1. 炮二平五 xyz"), NotationErrorKind::Unreadable);
        assert_eq!(kind("1. 炮二平五 {unclosed"), NotationErrorKind::Unreadable);
        assert_eq!(kind("1. 炮二进九"), NotationErrorKind::NoSuchMove);
        // A move after mate: no move is legal.
        let mated = Position::from_fen("3k5/9/3P5/9/9/9/9/9/9/R3K4 w").unwrap();
        let err = parse_move_list(&mated, "a0a9 d9e9").unwrap_err();
        assert_eq!((err.ply, err.kind), (2, NotationErrorKind::NoSuchMove));
    }

    #[test]
    fn black_first_lists() {
        let pos =
            Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b")
                .unwrap();
        for text in [
            "1... 马８进７ 2. 马二进三",
            "1. ... 马８进７ 2. 马二进三",
            "1…马８进７ 2.马二进三",
        ] {
            let list = parse_move_list(&pos, text).unwrap();
            assert_eq!(coords(&list), ["h9g7", "h0g2"], "{text}");
            assert!(!list.black_first);
        }
        // From the start position with Red to move, the marker gives Black the move.
        for text in ["1... 炮８平５ 2. 炮二平五", "1. ... C8.5 2. C2.5", "1…h7e7"] {
            let list = read(text).unwrap();
            assert_eq!(coords(&list)[0], "h7e7", "{text}");
            assert!(list.black_first);
        }
        let red = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w").unwrap();
        let err = parse_move_list(&red, "1... Kd+1").unwrap_err();
        assert!(
            err.reason.en.contains("Black moves first"),
            "{}",
            err.reason.en
        );
    }

    #[test]
    fn side_labels_before_moves() {
        for text in [
            "红：炮二平五 黑：马８进７ 红方：马二进三",
            "1. 红 炮二平五 黑 马8进7 2. 红方： 马二进三",
            "Red: C2=5 Black: H8+7 red:H2+3",
        ] {
            let list = read(text).unwrap();
            assert_eq!(coords(&list), ["h2e2", "h9g7", "h0g2"], "{text}");
        }
        let list = read("黑：炮８平５ 红：炮二平五").unwrap();
        assert_eq!(
            (coords(&list)[0].as_str(), list.black_first),
            ("h7e7", true)
        );
        let err = read("红：炮二平五 红：马二进三").unwrap_err();
        assert_eq!((err.ply, err.text.as_str()), (2, "红：马二进三"));
        assert_eq!(
            err.reason.en,
            "its label '红：' gives the move to red, but black is to move after 1 moves: the label and the moves disagree"
        );
        let err = read("黑方 马８进７ 黑方 马二进三").unwrap_err();
        assert_eq!((err.ply, err.text.as_str()), (2, "黑方"));
    }

    #[test]
    fn lenticular_brackets_hold_notes_or_the_result() {
        let list = read("1. 炮二平五【好棋】 马８进７ 【红胜】 2. 马二进三").unwrap();
        assert_eq!(coords(&list), ["h2e2", "h9g7"]);
        assert_eq!(list.comments[0].text, "好棋");
        assert_eq!(list.result, Some(Outcome::RedWins));
    }

    #[test]
    fn a_sides_word_then_result_words_end_the_list() {
        for (text, outcome) in [
            ("炮二平五 马8进7 红方 认负", Outcome::BlackWins),
            ("炮二平五 马8进7 黑 超时", Outcome::RedWins),
            ("C2.5 H8+7 Red resigns", Outcome::BlackWins),
        ] {
            let list = read(text).unwrap();
            assert_eq!(
                (list.moves.len(), list.result),
                (2, Some(outcome)),
                "{text}"
            );
        }
    }

    #[test]
    fn a_nested_brace_comment_is_never_read_as_moves() {
        // The braces nest, as in a file: the moves inside stay the comment's.
        let list = read("h2e2 {a {b} h9g7 h0g2} b9c7").unwrap();
        assert_eq!(coords(&list), ["h2e2", "b9c7"]);
        assert_eq!(list.comments[0].text, "a {b} h9g7 h0g2");
        assert!(read("h2e2 {a {b} h9g7").is_err());
    }

    #[test]
    fn comments_and_results() {
        let list = read("{开局} 1. 炮二平五 (中炮 (当头炮)) 马８进７ {屏风马} 1-0 {advert 2. xx}")
            .unwrap();
        assert_eq!(coords(&list), ["h2e2", "h9g7"]);
        let comments: Vec<_> = list
            .comments
            .iter()
            .map(|c| (c.after_ply, c.text.as_str()))
            .collect();
        assert_eq!(comments, [(0, "开局"), (1, "中炮 (当头炮)"), (2, "屏风马")]);
        assert_eq!(list.result, Some(Outcome::RedWins));
        for (text, want) in [
            ("0-1", Some(Outcome::BlackWins)),
            ("1/2-1/2", Some(Outcome::Draw)),
            ("*", None),
            ("黑胜", Some(Outcome::BlackWins)),
            ("和局", Some(Outcome::Draw)),
            ("红先负", Some(Outcome::BlackWins)),
            ("紅勝", Some(Outcome::RedWins)),
        ] {
            let list = read(&format!("1. 炮二平五 {text} trailing words")).unwrap();
            assert_eq!(list.result, want, "{text}");
            assert_eq!(list.moves.len(), 1);
        }
        assert_eq!(Outcome::parse("1-0").map(Outcome::name), Some("red_wins"));
        assert_eq!(Outcome::Draw.to_string(), "1/2-1/2");
        assert_eq!(Outcome::BlackWins.name_zh(), "黑胜");
    }

    #[test]
    fn wxf_moves_and_numbers_without_dots_run_together_are_cut_into_moves() {
        for text in [
            "C2.5H8+7H2+3",
            "1.C2.5H8+7 2.H2+3",
            "C2.5H8+72.H2+3",
            "C2=5H8+7 H2+3",
            "1炮二平五马８进７2马二进三",
            "１炮二平五马８进７２马二进三",
        ] {
            let list = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(coords(&list), ["h2e2", "h9g7", "h0g2"], "{text}");
        }
        // A bad move among them is named at its ply, by its own text.
        let err = read("C2.5H8+7H2+4R9.8").unwrap_err();
        assert_eq!((err.ply, err.text.as_str()), (3, "H2+4"));
        // Coordinates run together stay refused: a space forgotten.
        assert_eq!(read("h2e2h9g7").unwrap_err().ply, 1);
        assert_eq!(Run::of("20240501"), None);
        assert_eq!(Run::of("2024年5月1日星期三下午"), Some(Run::Chinese));
        assert!(split_run_together(&Position::startpos(), "2024年5月1日星期三下午", 9).is_none());
    }

    #[test]
    fn chinese_moves_run_together_or_split_by_spaces() {
        let list = read("炮二平五马８进７马二进三车９平８").unwrap();
        assert_eq!(coords(&list), ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(list.moves[3].1, "车９平８");
        // ASCII digits for Black's files, as mixed records write them.
        let list = read("炮二平五马8进7马二进三车9平8").unwrap();
        assert_eq!(coords(&list), ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(list.moves[1].1, "马8进7");
        // A word of digits is no moves run together.
        assert!(split_run_together(&Position::startpos(), "20261202", usize::MAX).is_none());
        let list = read("1. 炮二 平五 马 ８ 进 ７").unwrap();
        assert_eq!(coords(&list), ["h2e2", "h9g7"]);
    }

    #[test]
    fn a_chinese_move_split_by_spaces_is_read_once_whole() {
        // As OCR and some web pages write moves: any split, ASCII digits too.
        for text in [
            "炮二 平五 马８ 进７",
            "炮 二 平 五 马 8 进 7",
            "1. 炮二 平五 马8 进7",
            "炮二平 五 马８进 ７",
        ] {
            let list = read(text).unwrap();
            assert_eq!(coords(&list), ["h2e2", "h9g7"], "{text}");
            assert_eq!(list.moves[0].1, "炮二平五", "{text}");
        }
        let pawns = Position::from_fen("4k4/3P1P3/9/3P1P3/9/9/9/9/9/3K5 w").unwrap();
        let list = parse_move_list(&pawns, "前兵 四 平五").unwrap();
        assert_eq!(coords(&list), ["f8e8"]);
        // Words of a move's length that name no move: the error quotes them all.
        let err = read("炮二平五 马８ 进６").unwrap_err();
        assert_eq!((err.ply, err.text.as_str()), (2, "马８ 进６"));
        assert!(err.reason.en.contains("马８进７"), "{}", err.reason.en);
        // A head that the next word does not complete: the head alone.
        let err = read("炮二平五 马８ 炮二平五").unwrap_err();
        assert_eq!(err.text, "马８");
        let err = read("炮二平五 马８ 进").unwrap_err();
        assert_eq!(err.text, "马８ 进");
        assert!(err.reason.en.contains("this has 3"), "{}", err.reason.en);
        // Joined words that fit two moves are ambiguous, as written whole.
        let tandem = Position::from_fen("3k5/9/9/4P4/4P4/9/9/9/9/5K3 w").unwrap();
        let err = parse_move_list(&tandem, "兵 五 平 四").unwrap_err();
        assert_eq!(
            (err.kind, err.text.as_str()),
            (NotationErrorKind::Ambiguous, "兵 五 平 四")
        );
    }

    #[test]
    fn a_result_line_under_the_moves_ends_them() {
        let list = read("1. 炮二平五 马８进７\n2. 马二进三 车９平８\n结果：红胜").unwrap();
        assert_eq!(list.moves.len(), 4);
        assert_eq!(list.result, Some(Outcome::RedWins));
    }

    #[test]
    fn a_result_in_brackets_ends_the_list() {
        let list = read("1. 炮二平五 马８进７ （红胜）").unwrap();
        assert_eq!((list.moves.len(), list.result), (2, Some(Outcome::RedWins)));
        let list = read("1. 炮二平五（好棋） 马８进７").unwrap();
        assert_eq!((list.moves.len(), list.result), (2, None));
        assert_eq!(list.comments[0].text, "好棋");
    }

    #[test]
    fn moves_after_the_result_are_not_read_and_warned_of() {
        let list = read("1. 炮二平五 马８进７ 红胜 2. 马二进三 车９平８").unwrap();
        assert_eq!((list.moves.len(), list.result), (2, Some(Outcome::RedWins)));
        let en: Vec<&str> = list.warnings.iter().map(|w| w.en.as_str()).collect();
        assert_eq!(
            en,
            [
                "line 1, column 17: 2 moves after the result 1-0 go on from the last move but are \
              not read ('2. 马二进三 车９平８'): the game is taken to end at the result"
            ]
        );
        // After a result in brackets, or `*`; moves that do not go on.
        let list = read("1. h2e2 h9g7 【黑胜】 {note} 2. h0g2").unwrap();
        assert!(
            list.warnings[0]
                .en
                .contains("1 move after the result 0-1 goes on")
        );
        let list = read("1. h2e2 h9g7 * 1. h2e2").unwrap();
        assert!(
            list.warnings[0]
                .en
                .contains("the text after the result * reads as moves ('1. h2e2')")
        );
        // Words that are no moves, and comments, warn of nothing.
        for tail in ["Generated by a program", "{note}", "本局完", ""] {
            let list = read(&format!("1. h2e2 h9g7 0-1 {tail}")).unwrap();
            assert_eq!((list.moves.len(), list.warnings.len()), (2, 0), "{tail}");
        }
    }

    #[test]
    fn wxf_moves_with_a_digit_for_the_piece_are_moves_not_numbers() {
        let list = read("C2.5 48+7 42+3 59.8").unwrap();
        assert_eq!(coords(&list), ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(coords(&read("62.5").unwrap()), ["h2e2"]);
        assert_eq!(coords(&read("1. 62.5 2.").unwrap()), ["h2e2"]);
        // An illegal one is an error, not skipped.
        assert_eq!(read("62.5 62.5 62.5").unwrap_err().ply, 3);
    }

    #[test]
    fn round_markers_are_move_numbers() {
        assert_eq!(strip_round_marker("第1回合"), "");
        assert_eq!(strip_round_marker("第十二着：炮二平五"), "炮二平五");
        assert_eq!(strip_round_marker("第３步."), "");
        assert_eq!(strip_round_marker("第一兵"), "第一兵", "not a marker");
        assert_eq!(strip_round_marker("炮二平五"), "炮二平五");
        let list = read("第1回合 炮二平五 马８进７ 第2回合：马二进三").unwrap();
        assert_eq!(coords(&list), ["h2e2", "h9g7", "h0g2"]);
    }

    #[test]
    fn errors_name_the_ply_position_and_legal_moves() {
        let err = read("1. 炮二平五 马８进７ 2. 炮五进九").unwrap_err();
        assert_eq!(err.ply, 3);
        assert_eq!(err.text, "炮五进九");
        assert_eq!(
            err.fen,
            "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
        );
        assert_eq!(
            err.reason.en,
            "no red cannon on file 五 can move that way; one symbol away: 炮五进四"
        );
        assert!(err.legal.contains(&"炮五进四".to_string()));
        let shown = err.to_string();
        assert!(
            shown.contains("ply 3") && shown.contains(&err.fen) && shown.contains("炮五进四"),
            "{shown}"
        );

        let err = read("1. h2e2 h9g7 2. h0h5").unwrap_err();
        assert_eq!((err.ply, err.text.as_str()), (3, "h0h5"));
        assert!(err.legal.contains(&"h0g2".to_string()));

        let err = read("1. 炮二平五 {unclosed").unwrap_err();
        assert_eq!(err.ply, 2);
        assert!(err.reason.en.contains("not closed"));
    }
}
