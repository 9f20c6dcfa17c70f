//! 东萍 DhtmlXQ (UBB) records: `[DhtmlXQ_key]value[/DhtmlXQ_key]` pairs.
//!
//! Squares are written as two digits, file then row counted from the top.
//! `binit` places the 32 pieces (`99` = off the board), `movelist` holds the
//! main line, `move_<parent>_<ply>_<id>` the variations (counted, skipped),
//! `comment<ply>` the main-line comments.

use crate::board::{Color, Move, Piece, Position, Role, Square};

use super::error::{ErrorKind, RecordError};
use super::game::Game;
use super::header_lines::result_of;
use super::place::Place;
use super::replay::{Replay, initial_position, position_from_placement};
use crate::text::offset_in;
use crate::words::Words;

/// Piece order of `binit`: Red R N B A K A B N R C C P P P P P, then Black.
pub(crate) const PIECE_ORDER: [Role; 16] = [
    Role::Rook,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::King,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Rook,
    Role::Cannon,
    Role::Cannon,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
];

/// Metadata keys and the tag names they become.
const TAG_NAMES: [(&str, &str); 21] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("group", "Group"),
    ("table", "Table"),
    ("red", "Red"),
    ("redteam", "RedTeam"),
    ("redrating", "RedElo"),
    ("redtime", "RedTime"),
    ("black", "Black"),
    ("blackteam", "BlackTeam"),
    ("blackrating", "BlackElo"),
    ("blacktime", "BlackTime"),
    ("open", "Opening"),
    ("ecco", "ECCO"),
    ("variation", "Variation"),
    ("remark", "Annotator"),
    ("author", "Author"),
    ("timerule", "TimeControl"),
];

/// Reads every `[DhtmlXQ]` block of the text (the whole text if it has no block marker).
pub(crate) fn read_all(text: &str, name: &str) -> Vec<Result<Game, RecordError>> {
    let mut starts: Vec<usize> = text
        .match_indices("[DhtmlXQ")
        .filter(|&(i, m)| {
            let after = &text[i + m.len()..];
            after.starts_with(']') || after.starts_with("iFrame]")
        })
        .map(|(i, _)| i)
        .collect();
    if starts.is_empty() {
        starts.push(0);
    }
    starts
        .iter()
        .enumerate()
        .map(|(n, &s)| {
            let end = starts.get(n + 1).copied().unwrap_or(text.len());
            read_block((text, s..end), name, n)
        })
        .collect()
}

/// The `(key, value)` pairs of a block, in order.
fn pairs(text: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("[DhtmlXQ_") {
        let after = &rest[i + 9..];
        let Some(close) = after.find(']') else { break };
        let key = &after[..close];
        let body = &after[close + 1..];
        let end = body.find("[/DhtmlXQ").unwrap_or(body.len());
        out.push((key, &body[..end]));
        rest = &body[end..];
    }
    out
}

/// Reads the block `block` of the file's text `file`: game `index` of
/// file `name`.
fn read_block(
    (file, block): (&str, std::ops::Range<usize>),
    name: &str,
    index: usize,
) -> Result<Game, RecordError> {
    let err = |kind, why: Words| RecordError::game(name, index, kind, why);
    let text = &file[block];
    let pairs = pairs(text);
    let get = |k: &str| {
        pairs
            .iter()
            .find(|(key, _)| *key == k)
            .map(|(_, v)| v.trim())
    };
    // Where no movelist is given, an empty one at the block's end: still a slice of `file`.
    let list = get("movelist").unwrap_or(&text[text.len()..]);
    let list_at = Place::in_text(file, offset_in(file, list), 1);
    // Where each move's digits start in the file: every fourth digit.
    let move_at = |ply: usize| {
        let at = offset_in(file, list);
        let digits = list.char_indices().filter(|(_, c)| !c.is_whitespace());
        digits.map(|(i, _)| at + i).nth(4 * ply)
    };
    let list: std::borrow::Cow<str> = if list.bytes().any(|b| b.is_ascii_whitespace()) {
        list.split_ascii_whitespace().collect::<String>().into()
    } else {
        list.into()
    };
    let placed = |k: &str| get(k).is_some_and(|v| !v.is_empty());
    if list.is_empty() && !placed("binit") && !placed("fen") {
        // Nothing to replay or to set up: a page that lost its record.
        return Err(err(
            ErrorKind::Syntax,
            Words::new(
                "the record holds no moves and no position: its movelist, binit and fen fields are missing or empty",
                "棋谱中既没有着法也没有局面：movelist、binit、fen字段都缺失或为空",
            ),
        ));
    }
    let moves = parse_squares(&list).map_err(|m| {
        err(
            ErrorKind::Syntax,
            m.prefixed("movelist", "movelist（着法）"),
        )
        .at(list_at)
    })?;
    // A field's value, where it starts in the file.
    let value_at = |value: &str| Place::in_text(file, offset_in(file, value), 1);
    let start = match (get("fen").filter(|f| !f.is_empty()), get("binit")) {
        (Some(fen), _) => Position::from_fen(fen).map_err(|e| {
            err(ErrorKind::BadPosition, e.words().prefixed("fen", "fen")).at(value_at(fen))
        })?,
        (None, Some(binit)) if !binit.is_empty() => {
            let binit_error = |kind, m: Words| {
                err(kind, m.prefixed("binit", "binit（局面）")).at(value_at(binit))
            };
            let pieces = parse_binit(binit).map_err(|m| binit_error(ErrorKind::Syntax, m))?;
            position_from_placement(&pieces, moves.first().map(|m| m.0.from()))
                .map_err(|m| binit_error(ErrorKind::BadPosition, m))?
        }
        _ => {
            // No placement: the standard start, with the first move's
            // piece's colour to move.
            let start = initial_position();
            match moves.first().and_then(|m| start.piece_at(m.0.from())) {
                Some(p) if p.color == Color::Black => start.passed(),
                _ => start,
            }
        }
    };
    // Main-line comments by ply (`comment<ply>`; `comment<var>_<ply>` belong to variations).
    let comments: std::collections::HashMap<usize, &str> = pairs
        .iter()
        .filter_map(|(k, v)| Some((k.strip_prefix("comment")?.parse().ok()?, *v)))
        .collect();
    let mut replay = Replay::new(start, false);
    replay.reserve(moves.len());
    if let Some(c) = comments.get(&0) {
        replay.comment(&unescape(c));
    }
    for (ply, &(mv, raw)) in moves.iter().enumerate() {
        if !replay.push_move(mv, raw) {
            if let Some(at) = move_at(ply) {
                replay.stopped_at(|| Place::in_text(file, at, 1));
            }
            break;
        }
        if let Some(c) = comments.get(&(ply + 1)) {
            replay.comment(&unescape(c));
        }
    }
    let game = replay.game_mut();
    game.variations = pairs.iter().filter(|(k, _)| k.starts_with("move_")).count();
    for (key, tag) in TAG_NAMES {
        if let Some(v) = get(key) {
            game.push_tag(tag, &unescape(v));
        }
    }
    if let Some(r) = get("result") {
        game.push_tag("Result", r);
        // In the words any reader's result reads (红胜, 1-0, Red wins, Game drawn).
        game.result = result_of(r);
    }
    if let Some(t) = get("endtype").filter(|t| !t.is_empty()) {
        game.termination = Some(unescape(t));
    }
    Ok(replay.finish())
}

/// Reads `binit`: 32 two-digit squares (file, row from the top), `99` = absent.
fn parse_binit(s: &str) -> Result<Vec<(Square, Piece)>, Words> {
    let digits: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if digits.len() != 64 || !digits.iter().all(u8::is_ascii_digit) {
        return Err(Words::new(
            format!("expected 64 digits, found '{s}'"),
            format!("应为64个数字，实为“{s}”"),
        ));
    }
    let mut pieces = Vec::with_capacity(32);
    for (i, pair) in digits.chunks_exact(2).enumerate() {
        let (x, y) = (pair[0] - b'0', pair[1] - b'0');
        if x > 8 {
            continue;
        }
        let color = if i < 16 { Color::Red } else { Color::Black };
        let sq = Square::at(i32::from(x), 9 - i32::from(y)).ok_or_else(|| {
            Words::new(
                format!("piece {i} stands off the board ({x}{y})"),
                format!("第{i}个棋子在棋盘之外（{x}{y}）"),
            )
        })?;
        pieces.push((
            sq,
            Piece {
                color,
                role: PIECE_ORDER[i % 16],
            },
        ));
    }
    Ok(pieces)
}

/// Reads a move list of four digits per move, without whitespace; returns
/// each move with its digits as written.
fn parse_squares(list: &str) -> Result<Vec<(Move, &str)>, Words> {
    if !list.len().is_multiple_of(4) || !list.bytes().all(|b| b.is_ascii_digit()) {
        let found = truncate(list);
        return Err(Words::new(
            format!("expected groups of four digits, found '{found}'"),
            format!("应为每组四个数字，实为“{found}”"),
        ));
    }
    let mut out = Vec::with_capacity(list.len() / 4);
    let mut rest = list;
    // All ASCII, so every split falls between characters.
    while let (Some(digits), Some(tail)) = (rest.get(..4), rest.get(4..)) {
        let &[x1, y1, x2, y2] = digits.as_bytes() else {
            break;
        };
        let sq = |x: u8, y: u8| Square::at(i32::from(x - b'0'), 9 - i32::from(y - b'0'));
        match (sq(x1, y1), sq(x2, y2)) {
            (Some(f), Some(t)) if f != t => out.push((Move::new(f, t), digits)),
            _ => {
                let n = out.len() + 1;
                return Err(Words::new(
                    format!("move {n} '{digits}' names a square off the board"),
                    format!("第{n}着“{digits}”的格子在棋盘之外"),
                ));
            }
        }
        rest = tail;
    }
    Ok(out)
}

fn truncate(s: &str) -> String {
    s.chars().take(40).collect()
}

/// Undoes the comment escapes: `||` is a newline, `\uXXXX` a character.
fn unescape(s: &str) -> String {
    let s = s.replace("||", "\n");
    if !s.contains("\\u") {
        return s;
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s.as_str();
    while let Some(i) = rest.find("\\u") {
        out.push_str(&rest[..i]);
        let hex = rest.get(i + 2..i + 6).unwrap_or("");
        match u32::from_str_radix(hex, 16).ok().and_then(char::from_u32) {
            Some(c) if hex.len() == 4 => {
                out.push(c);
                rest = &rest[i + 6..];
            }
            _ => {
                out.push_str("\\u");
                rest = &rest[i + 2..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Outcome;

    const GAME: &str = "[DhtmlXQ]\n[DhtmlXQ_title]t[/DhtmlXQ_title]\n[DhtmlXQ_red]甲[/DhtmlXQ_red]\n\
        [DhtmlXQ_result]黑胜[/DhtmlXQ_result]\n[DhtmlXQ_blacktime][/DhtmlXQ_time]\n\
        [DhtmlXQ_binit]0919293949596979891777062646668600102030405060708012720323436383[/DhtmlXQ_binit]\n\
        [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1]\n\
        [DhtmlXQ_comment0]pre||game[/DhtmlXQ_comment0]\n[DhtmlXQ_comment2]红方认负[/DhtmlXQ_comment2]\n[/DhtmlXQ]";

    #[test]
    fn reads_a_block() {
        let games = read_all(GAME, "g.ubb");
        assert_eq!(games.len(), 1);
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7"]);
        assert_eq!(g.result, Some(Outcome::BlackWins));
        assert_eq!(g.variations, 1);
        assert_eq!(g.red(), Some("甲"));
        assert_eq!(g.tag("Title"), Some("t"));
        assert_eq!(g.comment.as_deref(), Some("pre\ngame"));
        assert_eq!(g.termination.as_deref(), Some("红方认负"));
        assert_eq!(g.start, Position::startpos());
    }

    #[test]
    fn a_move_that_cannot_be_played_is_placed_at_its_digits() {
        // The second block starts at line 12: its movelist at line 18, column 19.
        let second = GAME.replace("77477062", "77477747");
        let text = format!("{GAME}\n{second}");
        let bad = read_all(&text, "g.ubb").remove(1).unwrap().illegal.unwrap();
        assert_eq!((bad.ply, bad.text.as_str()), (2, "7747"));
        assert_eq!(
            bad.place,
            Some(Place::Text {
                line: 18,
                column: 23
            })
        );
        // Whitespace inside the list: the digits are counted, not it.
        let text = GAME.replace("77477062", "7747\n  7747");
        let bad = read_all(&text, "g.ubb").remove(0).unwrap().illegal.unwrap();
        assert_eq!(bad.place, Some(Place::Text { line: 8, column: 3 }));
    }

    #[test]
    fn the_result_is_read_in_chinese_pgn_or_english() {
        for (written, outcome) in [
            ("黑胜", Some(Outcome::BlackWins)),
            ("红先负", Some(Outcome::BlackWins)),
            ("0-1", Some(Outcome::BlackWins)),
            ("Black wins", Some(Outcome::BlackWins)),
            ("Red resigns", Some(Outcome::BlackWins)),
            ("Draw agreed", Some(Outcome::Draw)),
            ("Game drawn", Some(Outcome::Draw)),
            ("red_wins", Some(Outcome::RedWins)),
            ("Red wins the exchange", None),
            ("未知", None),
        ] {
            let text = GAME.replace("黑胜", written);
            let g = read_all(&text, "g.ubb").remove(0).unwrap();
            assert_eq!(g.result, outcome, "{written}");
        }
    }

    #[test]
    fn black_to_move_from_the_first_move() {
        let text = GAME.replace("77477062", "7062");
        let g = read_all(&text, "g.ubb").remove(0).unwrap();
        assert_eq!(g.start.turn(), Color::Black);
        assert_eq!(g.uci_moves(), ["h9g7"]);
    }

    #[test]
    fn without_binit_black_may_move_first_from_the_standard_start() {
        let text = "[DhtmlXQ_movelist]70627747[/DhtmlXQ_movelist]";
        let g = read_all(text, "g.ubb").remove(0).unwrap();
        assert!(g.illegal.is_none(), "{:?}", g.illegal);
        assert_eq!(g.uci_moves(), ["h9g7", "h2e2"]);
        assert_eq!(g.start.turn(), Color::Black);
        let g = read_all("[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]", "g.ubb")
            .remove(0)
            .unwrap();
        assert_eq!(
            (g.start.turn(), g.uci_moves()),
            (Color::Red, vec!["h2e2".to_string()])
        );
    }

    #[test]
    fn a_block_with_no_moves_and_no_position_is_an_error_not_an_empty_game() {
        for text in [
            "[DhtmlXQ][/DhtmlXQ]",
            "[DhtmlXQ]\n[DhtmlXQ_title]t[/DhtmlXQ_title]\n[DhtmlXQ_movelist][/DhtmlXQ_movelist]\n[/DhtmlXQ]",
        ] {
            let e = read_all(text, "g.ubb").remove(0).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Syntax, "{text}");
            assert_eq!(
                e.to_string(),
                "g.ubb, game #0: the record holds no moves and no position: its movelist, binit and fen fields are missing or empty",
            );
        }
        // A position without moves (a diagram) is a game of no moves.
        let diagram = GAME.replace("77477062", "");
        let g = read_all(&diagram, "g.ubb").remove(0).unwrap();
        assert!(g.moves.is_empty() && g.illegal.is_none());
    }

    #[test]
    fn errors_name_the_field() {
        let e = read_all(&GAME.replace("77477062", "774"), "g.ubb")
            .remove(0)
            .unwrap_err();
        assert!(e.message.en.starts_with("movelist"));
        let e = read_all(&GAME.replace("77477062", "7747 70a2"), "g.ubb")
            .remove(0)
            .unwrap_err();
        assert!(
            e.message.en.contains("groups of four digits"),
            "{}",
            e.message.en
        );
        let spaced = read_all(&GAME.replace("77477062", " 77 47\n 7062 "), "g.ubb").remove(0);
        assert_eq!(spaced.unwrap().moves[1].text, "7062");
        assert_eq!(unescape("a\\u4e2db"), "a中b");
    }
}
