//! How a record says its game ended, beyond who won: resigned, drawn by
//! agreement, lost on time, or decided by the arbiter (a forfeit, a
//! walk-over, a loss or draw ruled on an infringement).

/// How a game ended, as the words of a record say it
/// ([`Ending::read`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Ending {
    /// A side resigned (认负, `Black resigns`).
    Resigned,
    /// The players agreed a draw (议和, `draw agreed`).
    AgreedDraw,
    /// A side ran out of time (超时, 时间到, `time forfeit`).
    OnTime,
    /// The arbiter decided it, or a side forfeited it (判负, 违例判负,
    /// 弃权, 不到场, 判和, `forfeit`, `walkover`, `adjudicated`).
    ByArbiter,
    /// The words say none of these, or there are none.
    #[default]
    Unknown,
}

/// Chinese words by which records say a side ran out of time (红方超时,
/// 黑超时负, 超时判负, 时间到): also what makes a side's phrase a loss
/// without 负 ([`super::outcome`]).
pub(crate) const ON_TIME_ZH: [&str; 4] = ["超时", "超時", "时间到", "時間到"];

/// Words by which records say a side ran out of time in English, lower
/// case, as PGN `Termination` tags and sites write it (`time forfeit`,
/// `Black wins on time`, `Red timed out`, `flag fell`).
const ON_TIME_EN: [&str; 10] = [
    "time forfeit",
    "time-forfeit",
    "timeforfeit",
    "on time",
    "timeout",
    "time out",
    "timed out",
    "out of time",
    "flag fell",
    "flagged",
];

/// Chinese words by which records say a side gave up its game before
/// playing or did not come (弃权, 不到场): a forfeit, and, like a time loss,
/// a loss without 负.
pub(crate) const FORFEIT_ZH: [&str; 4] = ["弃权", "棄權", "不到场", "不到場"];

/// Words by which records say the arbiter decided the game or a side
/// forfeited it, lower case: a loss, win or draw ruled (判负, 判胜, 判和,
/// 作负, 作和, 违例判负, 犯规判负), and the English of it and of a
/// forfeit or an abandoned game (with [`FORFEIT_ZH`]).
const BY_ARBITER: [&str; 24] = [
    "判负",
    "判負",
    "判胜",
    "判勝",
    "判和",
    "作负",
    "作負",
    "作和",
    "违例",
    "違例",
    "犯规",
    "犯規",
    "裁判",
    "forfeit",
    "walkover",
    "walk-over",
    "walk over",
    "arbiter",
    "adjudicat",
    "by default",
    "no-show",
    "no show",
    "abandon",
    "infraction",
];

/// The values the PGN standard gives the `Termination` tag, lower case,
/// each with the ending it says ([`Ending::pgn_standard`]): an abandoned
/// game, an administrative forfeit for a `rules infraction`, a game ended
/// by a player's `death` or an `emergency` are the arbiter's to decide, not
/// the players'; `normal` says only that the game ended, `unterminated`
/// that it did not.
pub(crate) const PGN_TERMINATIONS: [(&str, Ending); 8] = [
    ("abandoned", Ending::ByArbiter),
    ("adjudication", Ending::ByArbiter),
    ("death", Ending::ByArbiter),
    ("emergency", Ending::ByArbiter),
    ("normal", Ending::Unknown),
    ("rules infraction", Ending::ByArbiter),
    ("time forfeit", Ending::OnTime),
    ("unterminated", Ending::Unknown),
];

/// Words by which records say a side resigned, lower case.
const RESIGNED: [&str; 5] = ["认负", "認負", "认输", "認輸", "resign"];

/// Words by which records say the players agreed a draw, lower case.
const AGREED_DRAW: [&str; 7] = [
    "议和",
    "議和",
    "协议",
    "協議",
    "agreed",
    "agreement",
    "mutual",
];

impl Ending {
    /// How the words `text` say the game ended: as a PGN standard
    /// `Termination` value says it, when it is one (`rules infraction`,
    /// `abandoned`, `death` and `emergency` are the arbiter's,
    /// `unterminated` no ending); else a time loss first (超时判负 is a loss on time), then
    /// an arbiter's decision or a forfeit, a resignation, an agreed draw;
    /// [`Ending::Unknown`] when they say none.
    pub fn read(text: &str) -> Ending {
        if let Some(ending) = Ending::pgn_standard(text) {
            return ending;
        }
        let text = text.to_lowercase();
        let says = |words: &[&str]| words.iter().any(|w| text.contains(w));
        if says(&ON_TIME_ZH) || says(&ON_TIME_EN) {
            Ending::OnTime
        } else if says(&FORFEIT_ZH) || says(&BY_ARBITER) {
            Ending::ByArbiter
        } else if says(&RESIGNED) {
            Ending::Resigned
        } else if says(&AGREED_DRAW) {
            Ending::AgreedDraw
        } else {
            Ending::Unknown
        }
    }

    /// The ending a PGN standard `Termination` value says, when `text`
    /// (trimmed, in any case) is one ([`PGN_TERMINATIONS`]).
    pub(crate) fn pgn_standard(text: &str) -> Option<Ending> {
        let text = text.trim();
        PGN_TERMINATIONS
            .iter()
            .find(|(value, _)| value.eq_ignore_ascii_case(text))
            .map(|&(_, ending)| ending)
    }

    /// How the first of `texts` that says it has the game ended, else
    /// [`Ending::Unknown`].
    pub fn first_said<'a>(texts: impl IntoIterator<Item = &'a str>) -> Ending {
        texts
            .into_iter()
            .map(Ending::read)
            .find(|&ending| ending != Ending::Unknown)
            .unwrap_or(Ending::Unknown)
    }

    /// Whether the players chose this end, or may have: a resignation, an
    /// agreed draw, or an end the record does not say. A loss on time or
    /// the arbiter's decision is none of theirs.
    pub const fn by_the_players(self) -> bool {
        matches!(
            self,
            Ending::Resigned | Ending::AgreedDraw | Ending::Unknown
        )
    }
}

/// The most words a result phrase that leads a line is looked for in
/// (`Game drawn by mutual agreement` has five).
const LEADING_PHRASE_WORDS: usize = 6;

/// The result phrase that leads `line`, when it says more than the result
/// and nothing after it can turn it into a note's words: `Black resigned
/// after 40 moves`, `Game drawn by agreement after move 60`, `Red wins on
/// time.` (maybe other sentences after it). The phrase stands alone when
/// it ends the line or its sentence (`.`, `!`, `。`, `！`), or when the
/// words after it only say when, and end the line or their sentence
/// ([`when_words`]). Other words after it may say the result was not so
/// (`Black resigned too early in my view?`, `Black resigns, or should`):
/// `None`, as for a line that does not start with a result phrase.
pub(crate) fn leading_result_phrase(line: &str) -> Option<&str> {
    let line = line.trim();
    let words: Vec<&str> = line
        .split_whitespace()
        .take(LEADING_PHRASE_WORDS + 1)
        .collect();
    let end_of = |word: &str| crate::text::offset_in(line, word) + word.len();
    (1..=words.len().min(LEADING_PHRASE_WORDS))
        .rev()
        .find_map(|taken| {
            let phrase = &line[..end_of(words[taken - 1])];
            let says_more =
                || super::Outcome::parse(phrase).is_some() && super::result_words(phrase).is_some();
            let rest = line[phrase.len()..].trim_start();
            let alone = rest.is_empty() || ends_sentence(phrase);
            if alone {
                return says_more().then_some(phrase);
            }
            let when = when_words(rest)?;
            says_more().then(|| &line[..line.len() - rest.len() + when])
        })
}

/// Whether `text` ends a sentence: `.`, `!`, `。` or `！` last.
fn ends_sentence(text: &str) -> bool {
    text.ends_with(['.', '!', '。', '！'])
}

/// The byte length of the words at the start of `text` that say when a
/// game ended (`after 40 moves`, `after move 60`, `on move 31.`, `in 25
/// moves`, `at ply 80`), when they end `text` or their sentence; `None`
/// for other words.
fn when_words(text: &str) -> Option<usize> {
    let mut words = text.split_whitespace();
    let preposition = words.next()?;
    if !["after", "at", "on", "in"]
        .iter()
        .any(|w| w.eq_ignore_ascii_case(preposition))
    {
        return None;
    }
    let unit = |word: &str| {
        let word = word.trim_end_matches(['.', '!', '。', '！']);
        ["move", "moves", "ply", "plies"]
            .iter()
            .any(|w| w.eq_ignore_ascii_case(word))
    };
    let mut word = words.next()?;
    if unit(word) && !ends_sentence(word) {
        word = words.next()?;
    }
    let number = word.trim_end_matches(['.', '!', '。', '！']);
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut last = word;
    if !ends_sentence(last)
        && let Some(next) = words.clone().next().filter(|w| unit(w))
    {
        words.next();
        last = next;
    }
    let end = crate::text::offset_in(text, last) + last.len();
    (words.next().is_none() || ends_sentence(last)).then_some(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_say_how_the_game_ended() {
        for (text, ending) in [
            ("红方超时", Ending::OnTime),
            ("黑方超时判负", Ending::OnTime),
            ("红方时间到判负", Ending::OnTime),
            ("Black wins on time", Ending::OnTime),
            ("time forfeit", Ending::OnTime),
            ("Red timed out", Ending::OnTime),
            ("红方违例判负", Ending::ByArbiter),
            ("黑方犯规判负", Ending::ByArbiter),
            ("红方弃权", Ending::ByArbiter),
            ("黑方不到场", Ending::ByArbiter),
            ("长将判负", Ending::ByArbiter),
            ("判和", Ending::ByArbiter),
            ("Red forfeits", Ending::ByArbiter),
            ("Black wins by walkover", Ending::ByArbiter),
            ("decided by the arbiter", Ending::ByArbiter),
            ("Adjudicated", Ending::ByArbiter),
            ("黑方认负", Ending::Resigned),
            ("紅方認輸", Ending::Resigned),
            ("Black resigns", Ending::Resigned),
            ("双方议和", Ending::AgreedDraw),
            ("Draw by mutual agreement", Ending::AgreedDraw),
            ("draw agreed", Ending::AgreedDraw),
            ("normal", Ending::Unknown),
            ("红胜", Ending::Unknown),
            ("1-0", Ending::Unknown),
            ("Red wins by checkmate", Ending::Unknown),
        ] {
            assert_eq!(Ending::read(text), ending, "{text}");
        }
    }

    #[test]
    fn pgn_standard_termination_values_say_what_they_say() {
        for (text, ending) in [
            ("rules infraction", Ending::ByArbiter),
            ("Rules Infraction", Ending::ByArbiter),
            ("abandoned", Ending::ByArbiter),
            ("adjudication", Ending::ByArbiter),
            ("emergency", Ending::ByArbiter),
            ("death", Ending::ByArbiter),
            (" time forfeit ", Ending::OnTime),
            ("normal", Ending::Unknown),
            ("unterminated", Ending::Unknown),
            // The same words in a phrase.
            ("Black abandoned", Ending::ByArbiter),
            ("forfeit for a rules infraction", Ending::ByArbiter),
            // A standard value's word inside other words is no such value.
            ("Red lost on time in sudden death", Ending::OnTime),
            ("sudden death", Ending::Unknown),
        ] {
            assert_eq!(Ending::read(text), ending, "{text}");
        }
        assert_eq!(Ending::pgn_standard("Unterminated"), Some(Ending::Unknown));
        assert_eq!(Ending::pgn_standard("red forfeits"), None);
    }

    #[test]
    fn a_result_phrase_that_leads_a_line_is_read_when_nothing_after_it_can_undo_it() {
        for (line, phrase) in [
            (
                "Black resigned after 40 moves",
                "Black resigned after 40 moves",
            ),
            ("Red wins on time.", "Red wins on time."),
            (
                "Game drawn by agreement after move 60",
                "Game drawn by agreement after move 60",
            ),
            ("Red wins on move 31. Well played!", "Red wins on move 31."),
            ("Black resigns. Too early in my view?", "Black resigns."),
            (
                "Red lost on time in 25 moves",
                "Red lost on time in 25 moves",
            ),
            ("Black resigns", "Black resigns"),
        ] {
            assert_eq!(leading_result_phrase(line), Some(phrase), "{line}");
        }
        for line in [
            "Black resigned too early in my view?",
            "Black resigns himself to a draw?",
            "Black resigned, too early",
            "Red wins on move 31 if Black takes",
            "Black resigned after 40 moves of suffering",
            "Good move. Black resigns",
            "1-0 after 40 moves",
            "time trouble",
        ] {
            assert_eq!(leading_result_phrase(line), None, "{line}");
        }
        assert_eq!(
            Ending::read("Game drawn by agreement after move 60"),
            Ending::AgreedDraw
        );
    }

    #[test]
    fn the_first_words_that_say_an_ending_say_it() {
        assert_eq!(
            Ending::first_said(["normal", "黑方超时负", "黑方认负"]),
            Ending::OnTime
        );
        assert_eq!(Ending::first_said(["1-0"]), Ending::Unknown);
        assert!(Ending::Unknown.by_the_players() && Ending::Resigned.by_the_players());
        assert!(!Ending::OnTime.by_the_players() && !Ending::ByArbiter.by_the_players());
    }
}
