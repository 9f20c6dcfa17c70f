//! A game's ending made ready for `convert`'s PGN: the `Termination` tag
//! holds only the values the PGN standard gives it (and PGN readers
//! expect), and the record's own words for the ending go to the last
//! comment, where the readers find them again.

use crate::notation::{Ending, Outcome};
use crate::record::{Game, termination_from_comment};

/// `game` with its ending written as PGN readers expect it: a `Termination`
/// that is a standard value ([`Ending::pgn_standard`]) stays; other words (黑方认负, `Black wins on
/// time`, 红方违例判负, a result tag in words) go, and in their place:
///
/// - `time forfeit` for a loss on time, `adjudication` for the arbiter's
///   decision or a forfeit, the standard values that say so;
/// - no tag for a resignation, an agreed draw or an ending the words do not
///   name (`normal` would hide the resignation or the agreement from a
///   reader, which takes the tag before the last comment);
///
/// and the words themselves in the last comment (of the last move, or
/// before the moves when there are none), unless it already says them. A
/// resignation or agreed draw the comment reader would not know in those
/// words (a `Termination` tag's `resignation`) is written as it knows it
/// first, the words after it: 黑方认负（resignation）; one it knows (`Black
/// resigns`) is written as it is. A game cut at an illegal move is left as
/// it is: the writer gives it no ending.
pub(super) fn for_pgn(mut game: Game) -> Game {
    if game.illegal.is_some() {
        return game;
    }
    let Some(words) = ending_words(&game) else {
        return game;
    };
    if Ending::pgn_standard(&words).is_some() {
        return game;
    }
    let ending = Ending::read(&words);
    let result = game.recorded_result();
    game.tags
        .retain(|(k, _)| !k.eq_ignore_ascii_case("Termination"));
    game.termination = match ending {
        Ending::OnTime => Some("time forfeit".to_string()),
        Ending::ByArbiter => Some("adjudication".to_string()),
        _ => None,
    };
    let last = match game.moves.last_mut() {
        Some(m) => &mut m.comment,
        None => &mut game.comment,
    };
    if last
        .as_deref()
        .and_then(termination_from_comment)
        .as_deref()
        == Some(words.as_str())
    {
        return game;
    }
    let known = termination_from_comment(&words).is_some_and(|t| Ending::read(&t) == ending);
    let note = match (ending, known) {
        (Ending::Resigned, false) => format!("{}（{words}）", resigned_zh(result)),
        (Ending::AgreedDraw, false) => format!("双方议和（{words}）"),
        _ => words,
    };
    *last = Some(match last.take() {
        Some(c) => format!("{}\n{note}", c.trim_end()),
        None => note,
    });
    game
}

/// The words in which the record says how its game ended: its termination
/// (a `Termination` tag, an end read from the moves' text or the format's
/// own field), else a `Result` tag in words that says it (黑方超时负).
fn ending_words(game: &Game) -> Option<String> {
    let termination = game
        .termination
        .as_deref()
        .or_else(|| game.tag("Termination"))
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let result_words = game
        .tag("Result")
        .filter(|r| Ending::read(r) != Ending::Unknown);
    match termination {
        Some(t) if Ending::read(t) != Ending::Unknown || result_words.is_none() => {
            Some(t.to_string())
        }
        _ => result_words.map(|r| r.trim().to_string()),
    }
}

/// A resignation in the Chinese words the comment reader knows: the side
/// that lost resigned.
fn resigned_zh(result: Option<Outcome>) -> &'static str {
    match result {
        Some(Outcome::RedWins) => "黑方认负",
        Some(Outcome::BlackWins) => "红方认负",
        _ => "认负",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Notation;
    use crate::record::{ReadOptions, read_games_from_bytes, write_pgn};
    use crate::words::Lang;

    /// The games of `text`, each with its moves, result and ending.
    fn games(text: &str) -> Vec<Game> {
        read_games_from_bytes(text.as_bytes(), "t", &ReadOptions::default())
            .unwrap()
            .into_iter()
            .map(Result::unwrap)
            .collect()
    }

    /// `text`'s first game as convert writes it.
    fn converted(text: &str) -> String {
        let mut out = String::new();
        write_pgn(
            &for_pgn(games(text).remove(0)),
            Notation::Chinese,
            Lang::En,
            &mut out,
        );
        out
    }

    /// What a reader makes of a game: the moves, the result and the ending.
    fn seen(g: &Game) -> (Vec<String>, Option<Outcome>, Ending) {
        (g.uci_moves(), g.recorded_result(), g.ending())
    }

    #[test]
    fn the_termination_tag_holds_standard_values_and_the_ending_reads_back() {
        let moves = "炮二平五 马８进７ 马二进三 车９平８";
        for (end, tag) in [
            ("黑方认负", None),
            ("Black resigns", None),
            ("双方议和", None),
            ("Draw agreed", None),
            ("红方超时", Some("time forfeit")),
            ("Black wins on time", Some("time forfeit")),
            ("红方违例判负", Some("adjudication")),
            ("判和", Some("adjudication")),
            ("Red wins by checkmate", None),
        ] {
            let record = format!("{moves} {end}\n");
            let once = converted(&record);
            let termination = once
                .lines()
                .find_map(|l| l.strip_prefix("[Termination \""))
                .map(|v| v.trim_end_matches("\"]"));
            assert_eq!(termination, tag, "{end}: {once}");
            assert!(once.contains(end), "{end}: the words are kept: {once}");
            // Read back: the same game, result and ending; and converted
            // again, the same text.
            let back = games(&once).remove(0);
            assert_eq!(seen(&back), seen(&games(&record)[0]), "{end}: {once}");
            assert_eq!(converted(&once), once, "{end}");
        }
    }

    #[test]
    fn standard_values_and_words_already_in_the_last_comment_stay_as_they_are() {
        let tagged = "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n[Termination \"normal\"]\n\n1. 炮二平五 马８进７ 1-0\n";
        assert!(converted(tagged).contains("[Termination \"normal\"]"));
        let tagged = tagged.replace("normal", "Rules infraction");
        assert!(converted(&tagged).contains("[Termination \"Rules infraction\"]"));
        let commented = "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n\n1. 炮二平五 马８进７ {好棋\n黑方认负} 1-0\n";
        let once = converted(commented);
        assert_eq!(once.matches("黑方认负").count(), 1, "{once}");
        assert!(!once.contains("Termination"), "{once}");
        // A resignation in words the comment reader knows is written as
        // it is; in others, after the words it knows.
        let tagged = "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n[Termination \"Black resigns\"]\n\n1. 炮二平五 马８进７ 1-0\n";
        let once = converted(tagged);
        assert!(once.contains("{Black resigns}"), "{once}");
        let once = converted(&tagged.replace("Black resigns", "resignation"));
        assert!(once.contains("{黑方认负（resignation）}"), "{once}");
        // A result tag in words: its ending is kept too.
        let worded = "[Game \"Chinese Chess\"]\n[Result \"黑方超时负\"]\n\n1. 炮二平五 马８进７\n";
        let once = converted(worded);
        assert!(once.contains("[Termination \"time forfeit\"]"), "{once}");
        assert_eq!(seen(&games(&once)[0]), seen(&games(worded)[0]), "{once}");
    }
}
