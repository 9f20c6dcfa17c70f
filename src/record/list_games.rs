//! Where the games of a plain move-list file start. A federation's folder
//! may hold `.txt` files of several games without tags, one after another;
//! the text shows where one ends and the next begins:
//!
//! - a result (`红胜`, `1-0`, `（黑方认负）`) ends a game: moves after it
//!   start the next one (unless they are numbered on from the game's, as
//!   `2. 马二进三`, which are its moves after its result), with the lines
//!   between (a title) but not the notes right after the result;
//! - move numbers that start again at `1.` (or `1、`, `第1回合`) start a game, with
//!   the title lines just over them;
//! - a title line (`第2局 …`, or header lines such as `红方：…`, `赛事：…`)
//!   or a FEN line after moves starts a game, once moves follow it; but one
//!   line naming a side alone (`红方：弃车`), or the opening (`开局：…`), over moves that do not start
//!   again at `1.` is a note on the game, which goes on (unless replaying
//!   shows that the moves under it cannot go on but start a game:
//!   [`GameStarts::side_notes`]);
//! - a line of moves after a blank line starts a game when replaying shows
//!   that the game stops after it while its moves are a game from the
//!   start ([`GameStarts::after_gaps`]), and the new game says so; a game
//!   that goes on over it says when the text after it reads as a game's
//!   opening from the start too.
//!
//! Lines inside a `{}` comment are the comment's.

use crate::notation::{reads_as_any_move_text, reads_as_move_text, side_label, strip_round_marker};

use super::header_lines::header_lines;
use super::pgn_lines::{ends_with_result, is_note_line, starts_numbered_moves};

/// How many lines over a restart at `1.` may be the new game's title (as
/// the move-list reader reads at most so many).
const MAX_TITLE_LINES: usize = super::pgn::MAX_TITLE_LINES;

/// Where the games of a text start, as its text shows ([`game_starts`]).
pub(super) struct GameStarts {
    /// The byte offset and the line number (from 1) of each game's first
    /// line. The first game starts at the top.
    pub(super) games: Vec<(usize, usize)>,
    /// The lines naming a side alone (`红方：赵国荣`, `红方：弃车`) or the
    /// opening (`开局：仙人指路`) over moves not numbered, read as notes on
    /// the game: the text cannot tell such a note from a new game's only
    /// header line. Each may yet start
    /// a game when replaying shows that the moves under it cannot go on
    /// from where the game stands, but are a game from the start.
    pub(super) side_notes: Vec<(usize, usize)>,
    /// The lines of moves not numbered after a blank line (and no other
    /// line but one such header line, which is listed instead) in a game:
    /// each may yet start a game when replaying shows
    /// that the game cannot go on with the moves from there, but they are
    /// a game from the start.
    pub(super) after_gaps: Vec<(usize, usize)>,
}

/// Where each game of `text` starts, and the lines that may start one
/// ([`GameStarts`]).
pub(super) fn game_starts(text: &str) -> GameStarts {
    let utf8 = encoding_rs::UTF_8;
    let mut starts = vec![(0, 1)];
    let mut side_notes = Vec::new();
    let mut after_gaps = Vec::new();
    // A blank line came after the game's last line of moves.
    let mut gap = false;
    // The game being read has a line of moves.
    let mut has_moves = false;
    // Its moves ended with a result.
    let mut ended = false;
    // Where the next game starts if moves follow: after the result, or at
    // a title or FEN line after the moves.
    let mut next = None;
    // A FEN line is among the lines since the last line of moves.
    let mut fen = false;
    // The lines since the last line of moves that are no move and no
    // note: the last few are the title of a game numbered from `1.`.
    let mut title: Vec<(usize, usize)> = Vec::new();
    // Those lines are one header line naming a side (红方：弃车): over moves
    // that do not start again it is a note on the game's moves, not the
    // title of another game, which names both sides, or more.
    let mut side_note = false;
    // How many `{` are open.
    let mut depth = 0usize;
    let mut offset = 0;
    for (n, line) in text.split_inclusive('\n').enumerate() {
        let at = (offset, n + 1);
        offset += line.len();
        let t = line.trim();
        let in_comment = depth > 0;
        depth = braces(depth, t);
        if t.is_empty() || in_comment {
            gap |= has_moves && t.is_empty();
            continue;
        }
        if reads_as_moves(t) || is_line_of_moves(t) {
            let first_title = title.len().saturating_sub(MAX_TITLE_LINES);
            let start = if !has_moves {
                None
            } else if starts_again(t) {
                Some(next.or(title.get(first_title).copied()).unwrap_or(at))
            } else if ended {
                (!is_numbered_on(t)).then(|| next.unwrap_or(at))
            } else if fen || !(is_numbered_on(t) || side_note) {
                next
            } else {
                // Moves numbered on after a line shaped as a header line,
                // or moves after one such line naming a side (红方：弃车):
                // a note in the game, which goes on; the latter may yet
                // be a new game's header line.
                if !is_numbered_on(t) {
                    side_notes.extend(title.first().copied());
                }
                None
            };
            if start.is_none()
                && has_moves
                && gap
                && (title.is_empty() || side_note)
                && !ended
                && !is_numbered_on(t)
                && !starts_again(t)
            {
                // From the header line over the moves, if one is.
                after_gaps.push(title.first().copied().unwrap_or(at));
            }
            starts.extend(start);
            gap = false;
            has_moves = true;
            ended = ends_with_result(t.as_bytes(), utf8);
            next = None;
            fen = false;
            title.clear();
            side_note = false;
            continue;
        }
        if !has_moves {
            continue;
        }
        if next.is_none() && title.is_empty() {
            // Right after the moves: the result on a line of its own, or a
            // note, are the game's.
            if ends_with_result(t.as_bytes(), utf8) || is_result_line(t) {
                ended = true;
                continue;
            }
            if is_note_line(t.as_bytes(), utf8) {
                continue;
            }
        }
        fen |= is_fen_line(t);
        if next.is_none() && (ended || fen || is_title_line(t)) {
            next = Some(at);
        }
        side_note = title.is_empty() && is_side_line(t);
        title.push(at);
    }
    GameStarts {
        games: starts,
        side_notes,
        after_gaps,
    }
}

/// The number of `{` open after the line `t`, `depth` being open before it.
fn braces(depth: usize, t: &str) -> usize {
    t.bytes().fold(depth, |d, b| match b {
        b'{' => d + 1,
        b'}' => d.saturating_sub(1),
        _ => d,
    })
}

/// Whether the trimmed line `t` is a line of moves: its first word, after
/// a move number (`12.`, `3、`, `1...`) or a round marker (`第3回合`), is a
/// side's label before a move (`红：炮二平五`), or reads as a move: in any notation after a number, else in coordinates or in
/// Chinese notation (a word of prose may read as WXF).
pub(super) fn reads_as_moves(t: &str) -> bool {
    let (numbered, rest) = match round_marker(t) {
        Some((_, rest)) => (true, rest),
        None => {
            let rest = t
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .trim_start()
                .trim_start_matches(['.', '．', '、', '…'])
                .trim_start();
            (
                rest.len() < t.len() && t.starts_with(|c: char| c.is_ascii_digit()),
                rest,
            )
        }
    };
    let mut words = rest.split(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '；' | ';'));
    let Some(word) = words.next() else {
        return false;
    };
    if side_label(word, || words.next().unwrap_or("")).is_some() {
        // A side's label before a move: `红：炮二平五`, `黑方 马８进７`.
        return true;
    }
    if numbered {
        reads_as_any_move_text(word)
    } else {
        reads_as_move_text(word)
    }
}

/// Whether the trimmed line `t`, not numbered, is a line of moves in any
/// notation, WXF too (`C2.5 H8+7`): every word of it is a move, maybe
/// after a side's label (`Red: C2.5`), and the last may be a result. One word of WXF shape may be a word of prose, a
/// whole line of them is not.
pub(super) fn is_line_of_moves(t: &str) -> bool {
    let mut words = t
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '；' | ';'))
        .filter(|w| !w.is_empty())
        .peekable();
    let mut moves = 0;
    while let Some(word) = words.next() {
        if let Some((_, len)) = side_label(word, || words.peek().copied().unwrap_or("")) {
            // A side's label before its move, in the word or the next.
            moves += usize::from(len < word.len());
        } else if reads_as_any_move_text(word) {
            moves += 1;
        } else if words.peek().is_some() || !ends_with_result(word.as_bytes(), encoding_rs::UTF_8) {
            return false;
        }
    }
    moves > 0
}

/// Whether the line of moves `t` numbers its first move 1: `1.`, `1、`
/// ([`starts_numbered_moves`]) or `第1回合` (`第一回合`).
fn starts_again(t: &str) -> bool {
    starts_numbered_moves(t.as_bytes()) || round_marker(t).is_some_and(|(one, _)| one)
}

/// Whether the line of moves `t` starts with a move number or a round
/// other than 1 (`2. 马二进三`, `第2回合`): the moves of a game going on.
fn is_numbered_on(t: &str) -> bool {
    if let Some((one, _)) = round_marker(t) {
        return !one;
    }
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && &t[..digits] != "1"
}

/// The round marker that starts the trimmed line `t` (`第3回合`, `第一回合：`),
/// if one does: whether it numbers round 1, and the text after it.
fn round_marker(t: &str) -> Option<(bool, &str)> {
    let word = t.split_whitespace().next()?;
    let after = strip_round_marker(word);
    if after.len() == word.len() {
        return None;
    }
    let number = word.strip_prefix('第')?;
    let mut chars = number.chars();
    let one = matches!(chars.next(), Some('1' | '一' | '１'))
        && !chars.next().is_some_and(|c| {
            c.is_ascii_digit()
                || ('０'..='９').contains(&c)
                || "零〇一二三四五六七八九十百".contains(c)
        });
    Some((one, t[word.len() - after.len()..].trim_start()))
}

/// Whether the trimmed line `t` is a game's title line: `第3局 …`, or a
/// header line naming the game's players, event, title, round, date, site
/// or start position (`红方：许银川`, `赛事：…`); not `结果：…`, which may
/// end a game.
fn is_title_line(t: &str) -> bool {
    if let Some(after) = t.strip_prefix('第') {
        let number = after.trim_start_matches(|c: char| {
            c.is_ascii_digit()
                || ('０'..='９').contains(&c)
                || "零〇一二三四五六七八九十百".contains(c)
        });
        if number.len() < after.len() && number.starts_with('局') {
            return true;
        }
    }
    header_key(t).is_some_and(|k| TITLE_KEYS.contains(&k.as_str()))
}

/// The tags of the header lines that make a game's title.
const TITLE_KEYS: [&str; 8] = [
    "Red", "Black", "Event", "Title", "Round", "Date", "Site", "FEN",
];

/// Whether the trimmed line `t` is a header line naming a side (`红方：…`,
/// `Black: …`) or the opening (`开局：…`), and nothing else a title names:
/// a line that names both sides (`红方：许银川 黑方：吕钦`), or a side and the
/// event, is a title. Such a line reads as a note too (`红方：弃车`,
/// `开局：中炮对屏风马`).
fn is_side_line(t: &str) -> bool {
    let (tags, rest) = header_lines(t);
    let mut keys = tags.iter().map(|(k, _)| k.as_str());
    rest.trim().is_empty()
        && matches!(keys.next(), Some("Red" | "Black" | "Opening"))
        && !keys.any(|k| TITLE_KEYS.contains(&k))
}

/// Whether the trimmed line `t` is a header line giving the result (`结果：红胜`).
fn is_result_line(t: &str) -> bool {
    header_key(t).is_some_and(|k| k == "Result")
}

/// The tag of the first `key：value` pair of the trimmed line `t`, when
/// the whole line is a header line.
fn header_key(t: &str) -> Option<String> {
    let (tags, rest) = header_lines(t);
    rest.trim().is_empty().then_some(())?;
    tags.into_iter().next().map(|(k, _)| k)
}

/// Whether the trimmed line `t` starts with a board in FEN (its first
/// comma-separated field has the nine `/` of ten ranks).
fn is_fen_line(t: &str) -> bool {
    let field = t.split([',', '，']).next().unwrap_or("");
    field
        .split_whitespace()
        .next()
        .unwrap_or("")
        .matches('/')
        .count()
        == 9
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first line of each game of `text`.
    fn first_lines(text: &str) -> Vec<&str> {
        game_starts(text)
            .games
            .into_iter()
            .map(|(at, _)| text[at..].lines().next().unwrap_or(""))
            .collect()
    }

    #[test]
    fn a_result_ends_a_game_and_moves_after_it_start_the_next() {
        let text = "1. 炮二平五 马８进７ 红胜\n（注：黑方超时）\n第2局\n炮二平五 马２进３\n黑胜\n\n兵七进一 1-0\n";
        assert_eq!(
            first_lines(text),
            ["1. 炮二平五 马８进７ 红胜", "第2局", "兵七进一 1-0"]
        );
        // Moves numbered on after the result are the game's own.
        assert_eq!(first_lines("1. h2e2 h9g7 1-0\n2. h0g2\n").len(), 1);
        // Prose after the result, with no moves after it, is no game.
        assert_eq!(first_lines("1. h2e2 1-0\n本局精彩\n").len(), 1);
    }

    #[test]
    fn a_sides_word_and_result_words_end_a_game() {
        let text = "炮二平五 马８进７ 红方 认负\n炮二平五 马２进３ Black resigns\n兵七进一 红方：认负\n相三进五\n";
        assert_eq!(
            first_lines(text),
            [
                "炮二平五 马８进７ 红方 认负",
                "炮二平五 马２进３ Black resigns",
                "兵七进一 红方：认负",
                "相三进五"
            ]
        );
    }

    #[test]
    fn numbers_starting_again_at_one_start_a_game_with_its_title() {
        let text = "第1局 许银川 胜 吕钦\n1. 炮二平五 马８进７\n2. 马二进三\n\n\
                    第2局 吕钦 和 许银川\n2023年\n\n1. 兵七进一\n";
        let starts = game_starts(text).games;
        assert_eq!(
            first_lines(text),
            ["第1局 许银川 胜 吕钦", "第2局 吕钦 和 许银川"]
        );
        assert_eq!(starts[1].1, 5);
        // Black-first numbers and numbers going on are no restart, nor is
        // a numbered note; WXF moves after a number are moves.
        assert_eq!(first_lines("1. h2e2\n1... h9g7\n2. h0g2\n").len(), 1);
        assert_eq!(first_lines("1. h2e2\n1. 欢迎访问\n").len(), 1);
        assert_eq!(first_lines("1. C2.5 H8+7\n1. P7+1\n").len(), 2);
        // Rounds marked 第1回合 as numbers are.
        let text =
            "第1回合 炮二平五 马８进７\n第2回合 马二进三\n第一回合 兵七进一\n第十一回合 马二进三\n";
        assert_eq!(
            first_lines(text),
            ["第1回合 炮二平五 马８进７", "第一回合 兵七进一"]
        );
    }

    #[test]
    fn a_title_or_fen_line_after_moves_starts_a_game_once_moves_follow() {
        let text = "炮二平五 马８进７\n红方：吕钦\n黑方：许银川\n兵七进一\n\
                    rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\n炮二平五\n";
        assert_eq!(
            first_lines(text),
            [
                "炮二平五 马８进７",
                "红方：吕钦",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
            ]
        );
        // A result line after the moves, lines in a comment: one game;
        // a result line is the game's, not the next one's title.
        assert_eq!(first_lines("1. h2e2\n结果：红胜\n").len(), 1);
        assert_eq!(
            first_lines("1. h2e2\n结果：红胜\n1. c3c4\n"),
            ["1. h2e2", "1. c3c4"]
        );
        assert_eq!(
            first_lines("1. h2e2 {a note\n1. h2e2 was good}\n2. h9g7\n").len(),
            1
        );
    }

    #[test]
    fn a_header_shaped_note_before_moves_numbered_on_is_the_games() {
        let text = "1. 炮二平五 马８进７\n红方：弃车，好棋\n2. 马二进三 车９平８\n";
        assert_eq!(first_lines(text), ["1. 炮二平五 马８进７"]);
        // Before moves numbered from 1, or after a FEN line, it is a title.
        let text = "1. 炮二平五 马８进７\n红方：吕钦\n1. 兵七进一\n";
        assert_eq!(first_lines(text).len(), 2);
        // Over moves not numbered too: one line naming a side is a note,
        // and still a title after a result, before moves numbered from 1,
        // or with the other side's line.
        for (text, note) in [
            (
                "炮二平五 马８进７\n红方：弃车\n马二进三 车９平８\n",
                "红方：弃车",
            ),
            (
                "炮二平五 马８进７\n\n黑方：稳健\n\n马二进三 车９平８\n",
                "黑方：稳健",
            ),
        ] {
            assert_eq!(first_lines(text), ["炮二平五 马８进７"], "{text}");
            // Such a note may yet be a new game's header line.
            let notes = game_starts(text).side_notes;
            let lines: Vec<&str> = notes
                .iter()
                .map(|&(at, _)| text[at..].lines().next().unwrap())
                .collect();
            assert_eq!(lines, [note], "{text}");
        }
        // So is a line naming the opening, after a blank line too.
        let text = "炮二平五 马８进７\n开局：中炮\n马二进三\n\n开局：中炮对屏风马\n车一平二\n";
        let starts = game_starts(text);
        let lines =
            |found: &[(usize, usize)]| -> Vec<usize> { found.iter().map(|&(_, n)| n).collect() };
        assert_eq!(starts.games.len(), 1);
        assert_eq!(lines(&starts.side_notes), [2, 5]);
        assert_eq!(lines(&starts.after_gaps), [5]);
        // Over moves numbered on, it is a note and nothing else.
        assert!(
            game_starts("1. 炮二平五 马８进７\n红方：弃车\n2. 马二进三\n")
                .side_notes
                .is_empty()
        );
        for (text, second) in [
            ("炮二平五 红胜\n红方：吕钦\n兵七进一\n", "红方：吕钦"),
            ("炮二平五\n红方：吕钦\n1. 兵七进一\n", "红方：吕钦"),
            (
                "炮二平五\n红方：吕钦\n黑方：许银川\n兵七进一\n",
                "红方：吕钦",
            ),
            // One line naming both sides, or a side and the event.
            (
                "炮二平五 马８进７\n红方：吕钦 黑方：许银川\n兵七进一 卒７进１\n",
                "红方：吕钦 黑方：许银川",
            ),
            (
                "炮二平五 马８进７\n红方：吕钦　赛事：全国赛\n兵七进一\n",
                "红方：吕钦　赛事：全国赛",
            ),
            ("炮二平五\n赛事：全国赛\n兵七进一\n", "赛事：全国赛"),
        ] {
            assert_eq!(first_lines(text)[1..], [second], "{text}");
        }
        let text = "1. 炮二平五\n红方：吕钦\n                    rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\n5. 炮二平五\n";
        assert_eq!(first_lines(text), ["1. 炮二平五", "红方：吕钦"]);
    }

    #[test]
    fn side_labelled_moves_are_lines_of_moves() {
        for t in [
            "红：炮二平五 黑：马８进７",
            "红方：炮二平五",
            "黑方 马８进７",
            "1. 红 炮二平五 黑 马8进7",
            "Red: C2=5 Black: H8+7",
        ] {
            assert!(reads_as_moves(t) || is_line_of_moves(t), "{t}");
        }
        assert!(is_line_of_moves("Red: C2=5 Black: H8+7"));
        assert!(!is_line_of_moves("Red: Xu"));
        // After a result, they start a game; before moves numbered on, they go on.
        let text = "红：炮二平五 黑：马８进７ 红胜\n红方：炮二平五\n黑方：马８进７\n";
        assert_eq!(
            first_lines(text),
            ["红：炮二平五 黑：马８进７ 红胜", "红方：炮二平五"]
        );
        let text = "1. 红：炮二平五 黑：马８进７\n2. 红：马二进三 黑：车９平８\n";
        assert_eq!(first_lines(text).len(), 1);
    }

    #[test]
    fn a_line_of_wxf_moves_after_a_result_starts_a_game() {
        let text = "C2.5 H8+7 H2+3 1-0\nC2.5 H8+7\nH2+3\n";
        assert_eq!(first_lines(text), ["C2.5 H8+7 H2+3 1-0", "C2.5 H8+7"]);
        // With its title over it; one word of WXF shape in prose is no move.
        let text = "C2.5 1-0\nRound 2\nC2.5 H8+7\n";
        assert_eq!(first_lines(text), ["C2.5 1-0", "Round 2"]);
        assert!(!is_line_of_moves("Round 2"));
        assert!(!is_line_of_moves("C2.5 is good"));
        assert!(is_line_of_moves("C2.5, H8+7; 红胜"));
    }
}
