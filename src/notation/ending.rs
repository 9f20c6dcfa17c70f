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
