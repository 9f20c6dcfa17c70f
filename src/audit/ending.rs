//! How a record says its game ended, beyond who won: a loss on time is
//! neither a resignation nor any other end the players chose.

use crate::record::Game;

/// Words by which records say a side ran out of time, lower case: in
/// Chinese (红方超时, 黑超时负, 超时判负, 时间到) and in English as PGN
/// `Termination` tags and sites write it (`time forfeit`, `Black wins on
/// time`, `Red timed out`, `flag fell`).
const ON_TIME: [&str; 14] = [
    "超时",
    "超時",
    "时间到",
    "時間到",
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

/// Whether the record says its game was lost on time: in its termination
/// (a PGN `Termination` tag, a CBR or DhtmlXQ end, a last comment such as
/// `{红方超时}`) or in a `Result` tag written in words (`黑方超时负`).
pub(crate) fn lost_on_time(game: &Game) -> bool {
    [
        game.termination.as_deref(),
        game.tag("Termination"),
        game.tag("Result"),
    ]
    .into_iter()
    .flatten()
    .any(|text| {
        let text = text.to_lowercase();
        ON_TIME.iter().any(|w| text.contains(w))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{ReadOptions, read_games_from_bytes};

    fn game(text: &str) -> Game {
        let games = read_games_from_bytes(text.as_bytes(), "t.pgn", &ReadOptions::default())
            .expect("a record");
        games.into_iter().next().expect("a game").expect("read")
    }

    #[test]
    fn time_losses_are_read_where_records_write_them() {
        for text in [
            "[Result \"1-0\"]\n[Termination \"time forfeit\"]\n1. h2e2 h9g7 1-0\n",
            "[Result \"0-1\"]\n[Termination \"Red lost on time\"]\n1. h2e2 h9g7 0-1\n",
            "[Result \"0-1\"]\n[Termination \"红方超时负\"]\n1. h2e2 h9g7 0-1\n",
            "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 {红方超时}\n",
            "[Result \"黑方超时负\"]\n1. h2e2 h9g7\n",
        ] {
            assert!(lost_on_time(&game(text)), "{text}");
        }
        for text in [
            "[Result \"1-0\"]\n[Termination \"normal\"]\n1. h2e2 h9g7 1-0\n",
            "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 {红方认负}\n",
            "[Result \"1-0\"]\n1. h2e2 h9g7 1-0\n",
        ] {
            assert!(!lost_on_time(&game(text)), "{text}");
        }
    }
}
