//! Reading a whole move list as an arbiter types or pastes it: move numbers,
//! separators, comments, a trailing result, notations mixed freely.

use std::fmt;

use super::parse::{Failure, read_move};
use super::render::Notation;
use crate::board::{Move, Position};

/// How a game ended, as recorded.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Red won (`1-0`, 红胜).
    RedWins,
    /// Black won (`0-1`, 黑胜).
    BlackWins,
    /// Drawn (`1/2-1/2`, 和棋).
    Draw,
}

impl Outcome {
    /// The name used in JSON output: `red_wins`, `black_wins`, `draw`.
    pub const fn name(self) -> &'static str {
        match self {
            Outcome::RedWins => "red_wins",
            Outcome::BlackWins => "black_wins",
            Outcome::Draw => "draw",
        }
    }

    /// The PGN result token: `1-0`, `0-1`, `1/2-1/2`.
    pub const fn pgn(self) -> &'static str {
        match self {
            Outcome::RedWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// Chinese: 红胜, 黑胜, 和棋.
    pub const fn zh(self) -> &'static str {
        match self {
            Outcome::RedWins => "红胜",
            Outcome::BlackWins => "黑胜",
            Outcome::Draw => "和棋",
        }
    }

    /// Reads a result token: PGN (`1-0`, `0-1`, `1/2-1/2`, `½-½`), the JSON
    /// names, or Chinese (红胜, 黑胜, 和棋, 和局, 红先胜, 红先负, 黑先和, …, simplified or
    /// traditional). `*` and unknown text give `None`.
    pub fn parse(token: &str) -> Option<Outcome> {
        let t: String = token
            .trim()
            .chars()
            .map(|c| match c {
                '紅' => '红',
                '勝' => '胜',
                '負' => '负',
                '－' => '-',
                '／' => '/',
                '１' => '1',
                '０' => '0',
                '２' => '2',
                _ => c,
            })
            .collect();
        Some(match t.as_str() {
            "1-0" | "red_wins" | "红胜" | "红方胜" | "红赢" | "黑负" | "红先胜" | "黑先负" => {
                Outcome::RedWins
            }
            "0-1" | "black_wins" | "黑胜" | "黑方胜" | "黑赢" | "红负" | "黑先胜" | "红先负" => {
                Outcome::BlackWins
            }
            "1/2-1/2" | "½-½" | "draw" | "和" | "和棋" | "和局" | "平局" | "红先和" | "黑先和" => {
                Outcome::Draw
            }
            _ => return None,
        })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn())
    }
}

/// A comment of a move list: text from `{…}` or `(…)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// How many moves precede it (0 = before the first move).
    pub after_ply: usize,
    /// The text inside the brackets, trimmed.
    pub text: String,
}

/// A move list read against a start position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MoveText {
    /// Each move with the text it was written as.
    pub moves: Vec<(Move, String)>,
    /// Comments in order, each attached to the move before it.
    pub comments: Vec<Comment>,
    /// The trailing result, if one was given (`*` counts as none).
    pub result: Option<Outcome>,
}

/// A move of a list that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct MoveListError {
    /// The ply of the offending move, 1-based from the start position.
    pub ply: usize,
    /// The text as written.
    pub text: String,
    /// FEN of the position before the move.
    pub fen: String,
    /// Why it is not a move.
    pub reason: String,
    /// The legal moves of that position, in the notation the text seemed to use.
    pub legal: Vec<String>,
}

impl fmt::Display for MoveListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "ply {}: '{}': {}", self.ply, self.text, self.reason)?;
        writeln!(f, "  position: {}", self.fen)?;
        write!(f, "  legal moves: {}", self.legal.join(" "))
    }
}

/// One piece of a move list.
#[derive(Debug, PartialEq, Eq)]
enum Token<'a> {
    Word(&'a str),
    Comment(&'a str),
    Unclosed(&'a str),
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | ';' | '，' | '；' | '、' | '。' | '\u{3000}')
}

/// Splits a move list into words and comments. `{}` comments do not nest, `()` ones do.
fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let width = c.len_utf8();
        if is_separator(c) {
            rest = &rest[width..];
        } else if c == '{' {
            match rest.find('}') {
                Some(end) => {
                    out.push(Token::Comment(&rest[width..end]));
                    rest = &rest[end + 1..];
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
                .find(|&(_, ch)| is_separator(ch) || matches!(ch, '{' | '(' | '（'))
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

/// Whether a word is only a move number or the dots of a Black-first move.
fn is_number_only(word: &str) -> bool {
    word.chars()
        .all(|c| c.is_ascii_digit() || ('０'..='９').contains(&c) || matches!(c, '.' | '．' | '…'))
}

fn is_cjk(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c) || ('\u{FF10}'..='\u{FF19}').contains(&c)
}

/// Reads a move list from `start`: move numbers (`1.`, `1、`, `1...`), separators
/// (spaces, line breaks, commas, semicolons), comments in `{}` or `()` (attached
/// to the move before them), a trailing result (text after it is ignored).
/// Each move may be in any notation [`super::parse_move`] reads, mixed freely;
/// Chinese moves may be run together without spaces (`炮二平五马８进７`).
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
pub fn parse_move_list(start: &Position, text: &str) -> Result<MoveText, MoveListError> {
    let mut pos = start.clone();
    let mut out = MoveText::default();
    let words = tokens(text);
    let mut i = 0;
    while let Some(token) = words.get(i) {
        i += 1;
        let word = match *token {
            Token::Comment(c) => {
                out.comments.push(Comment {
                    after_ply: out.moves.len(),
                    text: c.trim().to_string(),
                });
                continue;
            }
            Token::Unclosed(t) => {
                return Err(list_error(
                    &pos,
                    out.moves.len() + 1,
                    t,
                    Failure::new(Notation::Uci, "comment is not closed"),
                ));
            }
            Token::Word(w) => w,
        };
        if word == "*" {
            break;
        }
        if let Some(outcome) = Outcome::parse(word) {
            out.result = Some(outcome);
            break;
        }
        if is_number_only(word) {
            continue;
        }
        let mut failure = match play_word(&mut pos, word, &mut out) {
            Ok(()) => continue,
            Err(f) => f,
        };
        if let Some((_, rest)) = split_number(word) {
            match play_word(&mut pos, rest, &mut out) {
                Ok(()) => continue,
                Err(f) => failure = f,
            }
        }
        // A Chinese move split by stray spaces: join short pieces with the next words.
        let mut joined = word.to_string();
        let mut j = i;
        let mut played = false;
        while joined.chars().count() < 5 && joined.chars().all(is_cjk) {
            let Some(Token::Word(next)) = words.get(j) else {
                break;
            };
            if !next.chars().all(is_cjk) {
                break;
            }
            joined.push_str(next);
            j += 1;
            if play_word(&mut pos, &joined, &mut out).is_ok() {
                played = true;
                break;
            }
        }
        if played {
            i = j;
            continue;
        }
        return Err(list_error(&pos, out.moves.len() + 1, word, failure));
    }
    Ok(out)
}

/// Plays one word: a single move, or Chinese moves run together.
fn play_word(pos: &mut Position, word: &str, out: &mut MoveText) -> Result<(), Failure> {
    let failure = match read_move(pos, word) {
        Ok(mv) => {
            pos.play(mv);
            out.moves.push((mv, word.to_string()));
            return Ok(());
        }
        Err(f) => f,
    };
    if word.chars().count() < 8 || !word.chars().all(is_cjk) {
        return Err(failure);
    }
    let mut trial = pos.clone();
    let mut moves = Vec::new();
    if run_together(&mut trial, word, &mut moves) {
        *pos = trial;
        out.moves.extend(moves);
        Ok(())
    } else {
        Err(failure)
    }
}

/// Reads Chinese moves written without spaces, four (or five) characters each,
/// trying four first and backing out of dead ends.
fn run_together(pos: &mut Position, word: &str, moves: &mut Vec<(Move, String)>) -> bool {
    if word.is_empty() {
        return true;
    }
    for len in [4, 5] {
        let end = match word.char_indices().nth(len) {
            Some((end, _)) => end,
            None if word.chars().count() == len => word.len(),
            None => continue,
        };
        let (head, tail) = word.split_at(end);
        if let Ok(mv) = read_move(pos, head) {
            let undo = pos.play(mv);
            moves.push((mv, head.to_string()));
            if run_together(pos, tail, moves) {
                return true;
            }
            moves.pop();
            pos.undo(undo);
        }
    }
    false
}

fn list_error(pos: &Position, ply: usize, text: &str, failure: Failure) -> MoveListError {
    let err = failure.into_error(pos, text);
    MoveListError {
        ply,
        text: text.to_string(),
        fen: pos.fen(),
        reason: err.reason,
        legal: err.legal,
    }
}
