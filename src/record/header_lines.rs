//! The header lines a record copied from a web page or a chat often starts
//! with, before its moves: `红方：许银川`, `赛事：全国象棋个人赛 第5轮`,
//! `结果：红胜`, `Red: Xu Yinchuan`. Each becomes a tag (known keys under
//! their PGN names, others as written), several may share a line.

use crate::notation::{
    Outcome, RESULT_LABELS, is_move_heading, reads_as_any_move_text, shaped_like_move, side_label,
};
use crate::text::offset_in;

/// The PGN tag names of the keys people write, in Chinese or English.
const KEYS: &[(&str, &[&str])] = &[
    (
        "Red",
        &["红方", "紅方", "红", "紅", "红棋", "紅棋", "先手", "red"],
    ),
    ("Black", &["黑方", "黑", "黑棋", "后手", "後手", "black"]),
    (
        "Event",
        &["赛事", "賽事", "比赛", "比賽", "棋赛", "棋賽", "event"],
    ),
    ("Round", &["轮次", "輪次", "round"]),
    ("Date", &["日期", "时间", "時間", "date"]),
    ("Site", &["地点", "地點", "site"]),
    ("Result", &RESULT_LABELS),
    ("Opening", &["开局", "開局", "布局", "opening"]),
    ("Title", &["标题", "標題", "title"]),
    ("FEN", &["局面", "fen"]),
];

/// The header lines at the start of `text`, as (tag, value) pairs, and the
/// text after them. A header line is made of `key：value` pairs (full-width
/// or ASCII colon); a key is a word of one to six letters or ideographs.
pub(crate) fn header_lines(text: &str) -> (Vec<(String, String)>, &str) {
    let mut tags = Vec::new();
    let mut rest = text;
    loop {
        let trimmed = rest.trim_start();
        let line_end = trimmed.find('\n').map_or(trimmed.len(), |i| i + 1);
        let line = &trimmed[..line_end];
        if is_column_heading(line) {
            rest = &trimmed[line_end..];
            continue;
        }
        match pairs(line) {
            Some((found, moves)) if !line.trim().is_empty() => {
                tags.extend(found);
                match moves {
                    // The moves after a heading on the line (`红方：许银川
                    // 着法：炮二平五 …`) are read as under it.
                    Some(at) => return (tags, &trimmed[at..]),
                    None => rest = &trimmed[line_end..],
                }
            }
            _ => return (tags, rest),
        }
    }
}

/// Whether `line` is the heading of a move table copied from a web page
/// (回合 红方 黑方, Move Red Black): only the words of such headings.
fn is_column_heading(line: &str) -> bool {
    const WORDS: &[&str] = &[
        "回合", "着法", "著法", "步数", "序号", "红方", "紅方", "黑方", "红", "紅", "黑", "move",
        "moves", "no.", "red", "black",
    ];
    let mut words = line.split_whitespace().peekable();
    words.peek().is_some() && words.all(|w| WORDS.iter().any(|h| w.eq_ignore_ascii_case(h)))
}

/// A tag read from a header line: its name and value.
type Tag = (String, String);

/// The `key：value` pairs of one line, or `None` if it is not a header line:
/// a side's label before a move (`红方：炮二平五`, `黑方： 马８进７`) makes it
/// a line of moves, and so does a heading over the moves with moves after
/// it (`着法：炮二平五`, `Moves: C2.5`); a move in a value (`注：中炮开局 1.
/// 炮二平五`) makes it a line that holds moves, which the moves' reader
/// reads (a label's note to the end of its line, with a warning when its
/// moves go on). After pairs, a heading with moves after it (`红方：许银川
/// 着法：炮二平五 …`) ends them: its byte offset in `line` comes with them.
fn pairs(line: &str) -> Option<(Vec<Tag>, Option<usize>)> {
    let mut out: Vec<Tag> = Vec::new();
    let mut words = line.split_whitespace().peekable();
    while let Some(word) = words.next() {
        if side_label(word, || words.peek().copied().unwrap_or("")).is_some() {
            return None;
        }
        let (key, value) = word.split_once(['：', ':']).unwrap_or(("", word));
        if is_move_heading(key) && !out.is_empty() && moves_follow(value, words.clone()) {
            let at = offset_in(line, word);
            return Some((out, Some(at)));
        }
        let unnumbered = unnumbered(value);
        if shaped_like_move(unnumbered)
            || (is_move_heading(key) && (!value.is_empty() || words.peek().is_some()))
        {
            return None;
        }
        match key_value(word) {
            Some((key, value)) => out.push((key, value.to_string())),
            None => {
                // A value may hold spaces: the word goes on the last value.
                let (_, value) = out.last_mut()?;
                if !value.is_empty() {
                    value.push(' ');
                }
                value.push_str(word);
            }
        }
    }
    (!out.is_empty()).then_some((out, None))
}

/// `text` without the move number before it (`1.炮二平五`, `12.`).
fn unnumbered(text: &str) -> &str {
    text.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
}

/// Whether a heading's `value`, or else the first of the `next` words that
/// is no move number alone, reads as a move (`炮二平五`, `h2e2`, `C2.5`).
fn moves_follow<'a>(value: &'a str, next: impl Iterator<Item = &'a str>) -> bool {
    std::iter::once(value)
        .chain(next)
        .map(unnumbered)
        .find(|w| !w.is_empty())
        .is_some_and(|w| shaped_like_move(w) || reads_as_any_move_text(w))
}

/// A word starting with `key：` (or `key:`), as the tag name and the value.
fn key_value(word: &str) -> Option<(String, &str)> {
    let (key, value) = word.split_once(['：', ':'])?;
    let count = key.chars().count();
    if !(1..=6).contains(&count) || !key.chars().all(char::is_alphabetic) {
        return None;
    }
    let lower = key.to_lowercase();
    let name = KEYS
        .iter()
        .find(|(_, words)| words.contains(&lower.as_str()))
        .map_or_else(|| key.to_string(), |(name, _)| (*name).to_string());
    Some((name, value))
}

/// The result a `Result` tag gives, in PGN, Chinese words, or an English
/// phrase (`Red wins on time`, `Draw agreed`: [`Outcome::parse`]).
pub(crate) fn result_of(value: &str) -> Option<Outcome> {
    Outcome::from_pgn(value)
        .or_else(|| Outcome::from_chinese(value))
        .or_else(|| Outcome::parse(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(text: &str) -> (Vec<(String, String)>, &str) {
        header_lines(text)
    }

    #[test]
    fn a_result_tag_in_english_words_is_read() {
        assert_eq!(result_of("Red wins on time"), Some(Outcome::RedWins));
        assert_eq!(result_of("Draw agreed"), Some(Outcome::Draw));
        assert_eq!(result_of("Black resigned"), Some(Outcome::RedWins));
        assert_eq!(result_of("unknown"), None);
    }

    #[test]
    fn chinese_and_english_keys_become_pgn_tags() {
        let (t, rest) = tags(
            "红方：许银川　黑方：吕钦\n赛事：全国象棋个人赛 第5轮\nResult: 1-0\n1. 炮二平五 马8进7\n",
        );
        assert_eq!(
            t,
            [
                ("Red".to_string(), "许银川".to_string()),
                ("Black".into(), "吕钦".into()),
                ("Event".into(), "全国象棋个人赛 第5轮".into()),
                ("Result".into(), "1-0".into()),
            ]
        );
        assert_eq!(rest, "1. 炮二平五 马8进7\n");
    }

    #[test]
    fn an_unknown_key_is_kept_as_written_and_moves_end_the_header() {
        let (t, rest) = tags("备注：中局精彩\n炮二平五 马８进７");
        assert_eq!(t, [("备注".to_string(), "中局精彩".to_string())]);
        assert_eq!(rest, "炮二平五 马８进７");
        // No header: the text is left as it is.
        let (t, rest) = tags("1. h2e2 h9g7");
        assert!(t.is_empty());
        assert_eq!(rest, "1. h2e2 h9g7");
        // A key must be a short word: a move with a colon after it is not one.
        assert!(tags("12：炮二平五").0.is_empty());
    }

    #[test]
    fn a_line_with_moves_in_its_values_is_no_header_line() {
        for text in [
            "着法：炮二平五 马８进７\n",
            "着法： 1. 炮二平五 马８进７\n",
            "Moves: C2.5 H8+7\n",
            "注：中炮开局 1. 炮二平五 马８进７\n",
            "评注：中炮 h2e2 h9g7\n",
        ] {
            assert_eq!(tags(text), (Vec::new(), text), "{text}");
        }
        // Values of words that are no whole move stay values.
        let (t, rest) = tags("开局：中炮 对 屏风马\n着法：\n炮二平五\n");
        assert_eq!(
            t,
            [
                ("Opening".to_string(), "中炮 对 屏风马".to_string()),
                ("着法".into(), String::new()),
            ]
        );
        assert_eq!(rest, "炮二平五\n");
    }

    #[test]
    fn a_heading_after_header_pairs_starts_the_moves() {
        for (text, moves) in [
            (
                "红方：许银川 着法：炮二平五 马８进７\n",
                "着法：炮二平五 马８进７\n",
            ),
            (
                "红方：许银川　黑方：吕钦 着法： 1. 炮二平五\n",
                "着法： 1. 炮二平五\n",
            ),
            ("Red: Xu Moves: C2.5 H8+7\n", "Moves: C2.5 H8+7\n"),
        ] {
            let (t, rest) = tags(text);
            assert_eq!(t[0], ("Red".to_string(), t[0].1.clone()), "{text}");
            assert_eq!(rest, moves, "{text}");
        }
        // Words after the heading that are no move: the line is no header
        // line, as before.
        let text = "红方：许银川 着法：见下\n";
        assert_eq!(tags(text), (Vec::new(), text));
    }

    #[test]
    fn a_table_heading_over_the_moves_is_skipped() {
        // As a move table copied from a web page starts.
        let (t, rest) = tags("红方：许银川\n回合　红方　黑方\n1 炮二平五 马８进７");
        assert_eq!(t, [("Red".to_string(), "许银川".to_string())]);
        assert_eq!(rest, "1 炮二平五 马８进７");
        let (t, rest) = tags("Move Red Black\n1. h2e2 h9g7");
        assert!(t.is_empty());
        assert_eq!(rest, "1. h2e2 h9g7");
        // A line with a move in it is no heading.
        let (_, rest) = tags("红方 炮二平五\n");
        assert_eq!(rest, "红方 炮二平五\n");
    }

    #[test]
    fn a_side_labelled_move_is_no_header_line() {
        for text in [
            "红方：炮二平五\n黑方：马８进７\n",
            "红：炮二平五 黑：马８进７\n",
            "Red: C2=5 Black: H8+7\n",
            "红方： 炮二平五\n",
        ] {
            assert_eq!(tags(text), (Vec::new(), text), "{text}");
        }
        // A name after the label stays a tag, and the moves under it moves.
        let (t, rest) = tags("红方：许银川\n红方：炮二平五\n");
        assert_eq!(t, [("Red".to_string(), "许银川".to_string())]);
        assert_eq!(rest, "红方：炮二平五\n");
    }

    #[test]
    fn results_in_either_writing() {
        assert_eq!(result_of("红胜"), Some(Outcome::RedWins));
        assert_eq!(result_of("0-1"), Some(Outcome::BlackWins));
        assert_eq!(result_of("和棋"), Some(Outcome::Draw));
        assert_eq!(result_of("未知"), None);
    }
}
