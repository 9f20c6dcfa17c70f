//! A game's result as a record gives it: the PGN token, the JSON name, the
//! Chinese words, and the numeric codes of the binary formats.

use std::fmt;

use super::ending::{FORFEIT_ZH, ON_TIME_ZH};
use super::side_label::{may_name_side, names_side};
use super::symbol::fold_width;

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
    pub const fn name_zh(self) -> &'static str {
        match self {
            Outcome::RedWins => "红胜",
            Outcome::BlackWins => "黑胜",
            Outcome::Draw => "和棋",
        }
    }

    /// Reads a result token: PGN (`1-0`, `0-1`, `1/2-1/2`, `½-½`), or with a
    /// colon as some exports write it (`1:0`, `0:1`, `½:½`), the JSON
    /// names, or Chinese (红胜, 黑胜, 和棋, 和局, 红先胜, 红先负, 黑先和, …, simplified or
    /// traditional), also as a phrase of result words such as 红方认负, 黑方认输,
    /// 红超时负 or 双方议和, maybe ending in 。, maybe between dashes or rules
    /// (`——红胜——`, `==1-0==`). `*` and unknown text give `None`.
    pub fn parse(token: &str) -> Option<Outcome> {
        let token = undecorated(token);
        let first = token.trim_start().chars().next().map(fold_width);
        if !matches!(
            first,
            Some('0' | '1' | '½' | 'r' | 'b' | 'd' | '红' | '紅' | '黑' | '和' | '平')
        ) {
            return Outcome::from_phrase(token);
        }
        Outcome::plain(token).or_else(|| Outcome::from_phrase(token))
    }

    /// Reads a result written as a token that says which result and no
    /// more (`1-0`, 红胜, 黑先负, 和棋, `draw`: [`Outcome::parse`]'s table).
    fn plain(token: &str) -> Option<Outcome> {
        let simplified = || {
            token.trim().chars().map(|c| match fold_width(c) {
                '紅' => '红',
                '勝' => '胜',
                '負' => '负',
                c => c,
            })
        };
        PLAIN
            .iter()
            .find(|(t, _)| simplified().eq(t.chars()))
            .map(|&(_, outcome)| outcome)
    }

    /// Reads a result written as a phrase of result words only (红方认负,
    /// 黑方超时判负, 双方议和, 红胜。), maybe spaced (`红方 认负`), or their
    /// English words (`Red resigns`, `Black wins on time`): such a text can
    /// never be a move, as it names no piece.
    fn from_phrase(token: &str) -> Option<Outcome> {
        // Most texts asked are moves, which start otherwise: told at once.
        let first = token.trim_start().chars().next()?;
        if !(first.is_ascii_alphabetic()
            || is_chinese_result_char(first)
            || matches!(first, '结' | '結'))
        {
            return None;
        }
        if let Some(result) = after_label(token) {
            return Outcome::parse(result);
        }
        let phrase = token.trim().trim_end_matches(['。', '.', '！', '!']);
        if phrase.is_empty() {
            return None;
        }
        // The phrase in Chinese result words, English words put so.
        let mut chinese = String::new();
        for word in phrase.split_whitespace() {
            if is_chinese_result_word(word) {
                chinese.push_str(word);
            } else if word.is_ascii() {
                chinese.push_str(english_result_word(word)?);
            } else {
                return None;
            }
        }
        Outcome::from_chinese(&chinese)
    }

    /// Reads a PGN result token, or one written with a colon as some
    /// exports do (`1:0`, `0:1`, `1/2:1/2`, `½:½`); `*` and anything else
    /// give `None`.
    pub fn from_pgn(s: &str) -> Option<Outcome> {
        match s.trim() {
            "1-0" | "1:0" => Some(Outcome::RedWins),
            "0-1" | "0:1" => Some(Outcome::BlackWins),
            "1/2-1/2" | "½-½" | "1/2:1/2" | "½:½" => Some(Outcome::Draw),
            _ => None,
        }
    }

    /// Reads the numeric result code of XQF, CBF and CBR: 1 Red wins,
    /// 2 Black wins, 3 or 4 draw, anything else unknown.
    pub fn from_code(code: u32) -> Option<Outcome> {
        match code {
            1 => Some(Outcome::RedWins),
            2 => Some(Outcome::BlackWins),
            3 | 4 => Some(Outcome::Draw),
            _ => None,
        }
    }

    /// Reads a Chinese result text such as 红胜, 黑负, 和棋, 红先和, 黑方认输
    /// or 红方超时 (the side out of time loses).
    pub fn from_chinese(s: &str) -> Option<Outcome> {
        let s = s.trim();
        if s.contains("和") {
            return Some(Outcome::Draw);
        }
        let red = s.contains('红') || s.contains('紅');
        let black = s.contains('黑');
        let win = s.contains(['胜', '勝', '赢', '贏']);
        let loss = s.contains(['负', '負', '输', '輸'])
            || ON_TIME_ZH.iter().chain(&FORFEIT_ZH).any(|w| s.contains(w));
        match (red, black, win, loss) {
            (true, false, true, false) | (false, true, false, true) => Some(Outcome::RedWins),
            (true, false, false, true) | (false, true, true, false) => Some(Outcome::BlackWins),
            _ => Outcome::from_pgn(s),
        }
    }
}

/// The result tokens that say which result and no more ([`Outcome::plain`]).
const PLAIN: [(&str, Outcome); 30] = [
    ("1-0", Outcome::RedWins),
    ("1:0", Outcome::RedWins),
    ("red_wins", Outcome::RedWins),
    ("红胜", Outcome::RedWins),
    ("红方胜", Outcome::RedWins),
    ("红赢", Outcome::RedWins),
    ("黑负", Outcome::RedWins),
    ("红先胜", Outcome::RedWins),
    ("黑先负", Outcome::RedWins),
    ("0-1", Outcome::BlackWins),
    ("0:1", Outcome::BlackWins),
    ("black_wins", Outcome::BlackWins),
    ("黑胜", Outcome::BlackWins),
    ("黑方胜", Outcome::BlackWins),
    ("黑赢", Outcome::BlackWins),
    ("红负", Outcome::BlackWins),
    ("黑先胜", Outcome::BlackWins),
    ("红先负", Outcome::BlackWins),
    ("1/2-1/2", Outcome::Draw),
    ("½-½", Outcome::Draw),
    ("1/2:1/2", Outcome::Draw),
    ("½:½", Outcome::Draw),
    ("draw", Outcome::Draw),
    ("和", Outcome::Draw),
    ("和棋", Outcome::Draw),
    ("和局", Outcome::Draw),
    ("平局", Outcome::Draw),
    ("红先和", Outcome::Draw),
    ("黑先和", Outcome::Draw),
    ("黑先平", Outcome::Draw),
];

/// Whether `c` is a character of Chinese result phrases
/// ([`Outcome::from_phrase`]): a `match`, as every word a reader meets is
/// asked, moves above all.
const fn is_chinese_result_char(c: char) -> bool {
    matches!(
        c,
        '红' | '紅'
            | '黑'
            | '方'
            | '先'
            | '胜'
            | '勝'
            | '赢'
            | '贏'
            | '负'
            | '負'
            | '输'
            | '輸'
            | '和'
            | '棋'
            | '局'
            | '认'
            | '認'
            | '超'
            | '时'
            | '時'
            | '间'
            | '間'
            | '到'
            | '判'
            | '双'
            | '雙'
            | '议'
            | '議'
            | '作'
            | '违'
            | '違'
            | '例'
            | '犯'
            | '规'
            | '規'
            | '弃'
            | '棄'
            | '权'
            | '權'
            | '不'
            | '场'
            | '場'
    )
}

/// Whether `word` is made of the characters of Chinese result phrases only.
fn is_chinese_result_word(word: &str) -> bool {
    word.chars().all(is_chinese_result_char)
}

/// The Chinese result word an English one stands for in a result phrase
/// (`Red resigns` as 红负), in any case: a side, a win, a loss, a draw, or
/// a word that says how (`on time`, `by resignation`), which adds nothing.
fn english_result_word(word: &str) -> Option<&'static str> {
    if !word.bytes().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    const WORDS: [(&str, &str); 41] = [
        ("red", "红"),
        ("black", "黑"),
        ("wins", "胜"),
        ("win", "胜"),
        ("won", "胜"),
        ("resigns", "负"),
        ("resigned", "负"),
        ("resign", "负"),
        ("loses", "负"),
        ("lost", "负"),
        ("lose", "负"),
        ("forfeits", "负"),
        ("forfeited", "负"),
        ("abandons", "负"),
        ("abandoned", "负"),
        // `Red timed out`.
        ("timed", "负"),
        ("draw", "和"),
        ("drawn", "和"),
        ("on", ""),
        ("time", ""),
        ("out", ""),
        ("by", ""),
        ("resignation", ""),
        ("forfeit", ""),
        ("timeout", ""),
        ("checkmate", ""),
        ("mate", ""),
        ("stalemate", ""),
        ("perpetual", ""),
        ("check", ""),
        ("chase", ""),
        ("repetition", ""),
        ("adjudication", ""),
        ("walkover", ""),
        ("default", ""),
        ("abandonment", ""),
        ("agreement", ""),
        ("agreed", ""),
        ("mutual", ""),
        ("game", ""),
        ("rule", ""),
    ];
    WORDS
        .iter()
        .find(|(english, _)| english.eq_ignore_ascii_case(word))
        .map(|&(_, chinese)| chinese)
}

/// Whether `word` may be a word of a result phrase ([`Outcome::from_phrase`]).
pub(crate) fn is_result_word(word: &str) -> bool {
    let word = word.trim_end_matches(['。', '.', '！', '!']);
    !word.is_empty() && (is_chinese_result_word(word) || english_result_word(word).is_some())
}

/// How many of the words `next` gives go on an English result phrase
/// that reads as `outcome` (`draw agreed`, `Red wins by checkmate`,
/// `Drawn game`, `Black resigned on time`): English result words that
/// only say how it came about, or repeat it, so that the phrase still
/// reads as `outcome` with them (at most four). They are the result's,
/// not text after it.
pub(crate) fn words_on_result<'a>(
    outcome: Outcome,
    next: impl IntoIterator<Item = &'a str>,
) -> usize {
    let mut phrase = String::from(match outcome {
        Outcome::RedWins => "red wins",
        Outcome::BlackWins => "black wins",
        Outcome::Draw => "draw",
    });
    let mut taken = 0;
    for word in next.into_iter().take(4) {
        if !word.is_ascii() || !is_result_word(word) {
            break;
        }
        phrase.push(' ');
        phrase.push_str(word);
        if Outcome::parse(&phrase) != Some(outcome) {
            break;
        }
        taken += 1;
    }
    taken
}

/// The result that a side's word and the words after it make, as people
/// write it with a space or a colon (`红方 认负`, `黑方： 认输`, `红 超时`,
/// `Red resigns`), or the English `Game` and result words after it (`Game
/// drawn`): the result as [`Outcome::parse`] reads the phrase, and how
/// many of the words `next` gives it takes (the fewest that make a result,
/// at most three). `None` unless `word` is a side's word alone or `Game`,
/// maybe with a colon and the phrase's next word ([`names_side`],
/// [`may_lead_result`]); `next` is called only then.
pub(crate) fn spaced_result<'a, I: IntoIterator<Item = &'a str>>(
    word: &str,
    next: impl FnOnce() -> I,
) -> Option<(Outcome, usize)> {
    let (side, value) = match word.split_once(['：', ':']) {
        Some((side, value)) => (side, value),
        None => (word, ""),
    };
    if !names_side(side) && !side.eq_ignore_ascii_case("game") {
        return None;
    }
    let mut phrase = side.to_string();
    if !value.is_empty() {
        phrase.push(' ');
        phrase.push_str(value);
        if let Some(outcome) = Outcome::parse(&phrase) {
            return Some((outcome, 0));
        }
    }
    for (taken, word) in next().into_iter().take(3).enumerate() {
        if !is_result_word(word) {
            return None;
        }
        phrase.push(' ');
        phrase.push_str(word);
        if let Some(outcome) = Outcome::parse(&phrase) {
            return Some((outcome, taken + 1));
        }
    }
    None
}

/// Whether a word starting with the bytes `word` may lead a result
/// phrase of words apart ([`spaced_result`]): a side's word
/// ([`may_name_side`]) or `Game` (`Game drawn`), in any case. A quick test
/// for the readers' every word, which coordinate and WXF moves do not pass.
#[inline]
pub(crate) fn may_lead_result(word: &[u8]) -> bool {
    may_name_side(word) || matches!(word, [b'G' | b'g', b'A' | b'a', ..])
}

/// The labels people write before a result (`结果：红胜`, `Result: 1-0`),
/// lower case: a header line's key for the `Result` tag, and a label a
/// result under the moves may carry.
pub(crate) const RESULT_LABELS: [&str; 3] = ["结果", "結果", "result"];

/// The result a label introduces, as records write it under the moves
/// (结果：红胜, 結果:1-0, Result:1-0): the text after the label, if `token`
/// starts with one of [`RESULT_LABELS`].
fn after_label(token: &str) -> Option<&str> {
    let (label, result) = token.trim().split_once(['：', ':'])?;
    RESULT_LABELS
        .contains(&label.to_lowercase().as_str())
        .then_some(result)
}

/// The characters that decorate a result written between rules
/// (`——红胜——`, `==1-0==`, `～和棋～`): dashes, rules and tildes, never the
/// ASCII `-` of `1-0`.
const DECORATION: [char; 8] = ['—', '―', '─', '━', '=', '＝', '~', '～'];

/// `text` trimmed of blanks and of the rules around it ([`DECORATION`]).
fn undecorated(text: &str) -> &str {
    text.trim().trim_matches(DECORATION).trim()
}

/// The words a result was written in (`红方超时`, `（黑方认负）`,
/// `结果：红方时间到判负`, `Black wins on time`), without the brackets or
/// the result label around them, when they say more than which result it
/// is: `None` for a token that says no more (`1-0`, 红胜, 和棋, `*`).
pub(crate) fn result_words(text: &str) -> Option<&str> {
    let text = text
        .trim()
        .trim_start_matches(['(', '（', '【', '［', '['])
        .trim_end_matches([')', '）', '】', '］', ']'])
        .trim();
    let text = undecorated(after_label(text).unwrap_or(text));
    let bare = text.trim_end_matches(['。', '.', '！', '!']);
    (!bare.is_empty() && bare != "*" && Outcome::plain(bare).is_none()).then_some(text)
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_after_its_label_is_a_result() {
        for (text, outcome) in [
            ("结果：红胜", Some(Outcome::RedWins)),
            ("結果：黑勝", Some(Outcome::BlackWins)),
            ("结果:1/2-1/2", Some(Outcome::Draw)),
            ("Result:1-0", Some(Outcome::RedWins)),
            ("结果：红方认负", Some(Outcome::BlackWins)),
            ("结果：", None),
            ("结果：炮二平五", None),
            ("结果", None),
        ] {
            assert_eq!(Outcome::parse(text), outcome, "{text}");
        }
    }

    #[test]
    fn a_result_between_rules_is_a_result() {
        for (text, outcome) in [
            ("——红胜——", Outcome::RedWins),
            ("==1-0==", Outcome::RedWins),
            ("～和棋～", Outcome::Draw),
            ("━━黑方认负━━", Outcome::RedWins),
        ] {
            assert_eq!(Outcome::parse(text), Some(outcome), "{text}");
        }
        assert_eq!(result_words("——红胜——"), None);
        assert_eq!(result_words("——黑方认负——"), Some("黑方认负"));
        for text in ["——", "==", "-1-0-"] {
            assert_eq!(Outcome::parse(text), None, "{text}");
        }
    }

    #[test]
    fn resignations_timeouts_and_agreed_draws_are_results() {
        for (text, outcome) in [
            ("红方认负", Outcome::BlackWins),
            ("黑方认输", Outcome::RedWins),
            ("紅方認輸", Outcome::BlackWins),
            ("红超时负", Outcome::BlackWins),
            ("黑方超时判负", Outcome::RedWins),
            ("双方议和", Outcome::Draw),
            ("红胜。", Outcome::RedWins),
        ] {
            assert_eq!(Outcome::parse(text), Some(outcome), "{text}");
        }
        // A side with no win or loss, or a move, is no result.
        for text in ["红方", "炮二平五", "红方先", "认负", "Red", "on time"] {
            assert_eq!(Outcome::parse(text), None, "{text}");
        }
    }

    #[test]
    fn english_results_as_arbiters_and_sites_write_them() {
        for (text, outcome) in [
            ("Red won", Outcome::RedWins),
            ("Black wins on time", Outcome::BlackWins),
            ("Red wins by checkmate", Outcome::RedWins),
            ("Black resigned", Outcome::RedWins),
            ("Red timed out", Outcome::BlackWins),
            ("Black abandoned", Outcome::RedWins),
            ("Red loses by perpetual check", Outcome::BlackWins),
            ("Black wins by stalemate", Outcome::BlackWins),
            ("Red forfeits", Outcome::BlackWins),
            ("draw agreed", Outcome::Draw),
            ("Draw by mutual agreement", Outcome::Draw),
            ("drawn by repetition", Outcome::Draw),
            ("Game drawn", Outcome::Draw),
        ] {
            assert_eq!(Outcome::parse(text), Some(outcome), "{text}");
        }
        // A note's ordinary words are no result, even beside result words.
        for text in [
            "Red wins the exchange",
            "Draw offer declined",
            "Black must not resign",
            "Red checks",
            "Red on time",
            "check",
            "Red wins, Black resigns",
        ] {
            assert_eq!(Outcome::parse(text), None, "{text}");
        }
    }

    #[test]
    fn english_words_after_a_result_that_say_how_are_the_results() {
        let words = |text: &'static str| text.split_whitespace();
        assert_eq!(words_on_result(Outcome::Draw, words("agreed")), 1);
        assert_eq!(
            words_on_result(Outcome::RedWins, words("by checkmate 2. h0g2")),
            2
        );
        assert_eq!(words_on_result(Outcome::Draw, words("game")), 1);
        // A move, another result, or a note's words go on no result.
        assert_eq!(words_on_result(Outcome::Draw, words("h0g2")), 0);
        assert_eq!(words_on_result(Outcome::RedWins, words("Black wins")), 0);
        assert_eq!(words_on_result(Outcome::RedWins, words("loses")), 0);
        assert_eq!(words_on_result(Outcome::Draw, words("offer declined")), 0);
        assert_eq!(words_on_result(Outcome::Draw, words("认负")), 0);
    }

    #[test]
    fn a_side_out_of_time_loses() {
        assert_eq!(Outcome::parse("红方超时"), Some(Outcome::BlackWins));
        assert_eq!(Outcome::parse("黑超時"), Some(Outcome::RedWins));
        assert_eq!(Outcome::parse("红方时间到判负"), Some(Outcome::BlackWins));
        assert_eq!(Outcome::parse("黑方时间到"), Some(Outcome::RedWins));
        assert_eq!(Outcome::parse("红方超时作负"), Some(Outcome::BlackWins));
    }

    #[test]
    fn arbiters_decisions_and_forfeits_are_results() {
        for (text, outcome) in [
            ("红方违例判负", Outcome::BlackWins),
            ("黑方犯规判负", Outcome::RedWins),
            ("红方弃权", Outcome::BlackWins),
            ("黑方不到场", Outcome::RedWins),
            ("判和", Outcome::Draw),
            ("Black wins by walkover", Outcome::BlackWins),
            ("Red wins by forfeit", Outcome::RedWins),
            ("Red wins by default", Outcome::RedWins),
        ] {
            assert_eq!(Outcome::parse(text), Some(outcome), "{text}");
        }
        assert_eq!(Outcome::parse("不到场"), None);
    }

    #[test]
    fn the_words_of_a_result_that_say_more_than_the_result() {
        for (text, words) in [
            ("红方超时", Some("红方超时")),
            ("（黑方认负）", Some("黑方认负")),
            ("结果：红方时间到判负", Some("红方时间到判负")),
            ("Black wins on time", Some("Black wins on time")),
            ("1-0", None),
            ("红胜", None),
            ("（红胜）", None),
            ("结果：和棋", None),
            ("紅勝。", None),
            ("*", None),
        ] {
            assert_eq!(result_words(text), words, "{text}");
        }
    }

    #[test]
    fn a_sides_word_and_the_result_words_after_it_make_a_result() {
        let none: [&str; 0] = [];
        assert_eq!(
            spaced_result("红方", || ["认负", "2."]),
            Some((Outcome::BlackWins, 1))
        );
        assert_eq!(
            spaced_result("黑方", || ["超时", "判负"]),
            Some((Outcome::RedWins, 1))
        );
        assert_eq!(
            spaced_result("红", || ["先", "胜"]),
            Some((Outcome::RedWins, 2))
        );
        assert_eq!(
            spaced_result("红方：认负", || none),
            Some((Outcome::BlackWins, 0))
        );
        assert_eq!(
            spaced_result("黑方：", || ["认输"]),
            Some((Outcome::RedWins, 1))
        );
        assert_eq!(
            spaced_result("Red", || ["loses", "on", "time"]),
            Some((Outcome::BlackWins, 1))
        );
        // No side's word alone, words that are no result, or none.
        assert_eq!(spaced_result("红方认负", || none), None);
        assert_eq!(spaced_result("红方", || ["马８进７"]), None);
        assert_eq!(spaced_result("红方", || ["弃车", "负"]), None);
        assert_eq!(spaced_result("红方：弃车", || ["负"]), None);
        assert_eq!(
            spaced_result("Game", || ["drawn", "by", "repetition"]),
            Some((Outcome::Draw, 1))
        );
        assert!(may_lead_result(b"Game") && may_lead_result(b"red"));
        assert!(!may_lead_result(b"g0g1") && !may_lead_result(b"R2+3"));
        assert_eq!(spaced_result("Red", || none), None);
        assert_eq!(spaced_result("Game", || ["over"]), None);
        assert_eq!(spaced_result("Game", || ["notes", "Red", "wins"]), None);
        assert_eq!(spaced_result("R2+3", || ["resigns"]), None);
        assert_eq!(spaced_result("红", || ["先", "先", "先", "胜"]), None);
    }

    #[test]
    fn result_texts() {
        assert_eq!(Outcome::from_chinese("红胜"), Some(Outcome::RedWins));
        assert_eq!(Outcome::from_chinese("黑负"), Some(Outcome::RedWins));
        assert_eq!(Outcome::from_chinese("红先负"), Some(Outcome::BlackWins));
        assert_eq!(Outcome::from_chinese("和局"), Some(Outcome::Draw));
        assert_eq!(Outcome::from_chinese("未知"), None);
        assert_eq!(Outcome::from_chinese("黑方认输"), Some(Outcome::RedWins));
        assert_eq!(Outcome::from_chinese("红方赢"), Some(Outcome::RedWins));
        assert_eq!(Outcome::from_code(4), Some(Outcome::Draw));
        assert_eq!(Outcome::from_pgn("*"), None);
        // With a colon, as some exports write them.
        assert_eq!(Outcome::from_pgn("1:0"), Some(Outcome::RedWins));
        assert_eq!(Outcome::from_pgn("0:1"), Some(Outcome::BlackWins));
        assert_eq!(Outcome::parse("½:½"), Some(Outcome::Draw));
        assert_eq!(Outcome::parse("1/2:1/2"), Some(Outcome::Draw));
        assert_eq!(Outcome::Draw.pgn(), "1/2-1/2");
        assert_eq!(Outcome::BlackWins.name(), "black_wins");
    }
}
