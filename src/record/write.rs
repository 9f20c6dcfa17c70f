//! Writing games as xiangqi PGN.

use std::fmt::Write as _;

use crate::board::Color;
use crate::notation::{Notation, render};
use crate::words::Lang;

use super::game::{FIRST_PLAYER_AS_IN_CHESS, Game};
use super::replay::initial_position;

/// The PGN `Format` tag value for moves written in `notation`
/// (coordinates of either case are `ICCS`).
pub fn format_tag(notation: Notation) -> &'static str {
    match notation {
        Notation::Uci | Notation::Iccs => "ICCS",
        Notation::Chinese => "Chinese",
        Notation::Wxf => "WXF",
    }
}

/// Tags the writer sets itself, in its own places.
const OWN_TAGS: [&str; 5] = ["Game", "Result", "FEN", "Format", "Termination"];

/// Appends `game` to `out` as one PGN game with its moves in `notation`: `[Game "Chinese Chess"]`, the
/// file's tags, Result, FEN (when not the initial position), Format,
/// Termination, then the numbered main line with its comments and the result.
/// An illegal move that ended the main line is noted in a final comment, in
/// `lang`, with the result the record gives: the game written is the legal
/// part of the record, unfinished (`*`, no Termination), since the result
/// and the termination are those of moves it leaves out.
pub fn write_pgn(game: &Game, notation: Notation, lang: Lang, out: &mut String) {
    // The result and termination of a game cut at an illegal move are
    // those of the whole record: only said in the comment.
    let (result, termination) = match game.illegal {
        Some(_) => (None, None),
        None => (
            game.result,
            game.termination.as_deref().or(game.tag("Termination")),
        ),
    };
    out.push_str("[Game \"Chinese Chess\"]\n");
    // XBoard's White tag names Red's player: written as Red, which xiangqi
    // programs read, unless a Red tag is there too.
    let red_as_white = game.tag("Red").is_none();
    for (k, v) in &game.tags {
        if OWN_TAGS.iter().any(|t| t.eq_ignore_ascii_case(k)) {
            continue;
        }
        let k = if red_as_white && k.eq_ignore_ascii_case(FIRST_PLAYER_AS_IN_CHESS) {
            "Red"
        } else {
            k
        };
        tag(out, k, v);
    }
    tag(out, "Result", result.map_or("*", |r| r.pgn()));
    if game.start != initial_position() {
        tag(out, "FEN", &game.start.fen());
    }
    tag(out, "Format", format_tag(notation));
    // After Format, where it was read from or not, so that a file written
    // and read again is written the same.
    if let Some(t) = termination {
        tag(out, "Termination", t);
    }
    if let Some(c) = &game.comment {
        comment(out, c);
        out.push('\n');
    }
    let mut pos = game.start.clone();
    for (i, m) in game.moves.iter().enumerate() {
        let number = pos.fullmoves();
        if pos.turn() == Color::Red {
            if i > 0 {
                out.push('\n');
            }
            let _ = write!(out, "{number}. ");
        } else if i == 0 {
            let _ = write!(out, "{number}. ... ");
        } else {
            out.push(' ');
        }
        out.push_str(&render(&pos, m.mv, notation));
        pos.play_unchecked(m.mv);
        if let Some(c) = &m.comment {
            out.push(' ');
            comment(out, c);
        }
    }
    if let Some(ill) = &game.illegal {
        if !game.moves.is_empty() {
            out.push(' ');
        }
        let note = match lang {
            Lang::En => format!(
                "ply {} '{}' cannot be played: {}",
                ill.ply, ill.text, ill.reason.en
            ),
            // Not where the source file had it: the record written has its own lines.
            Lang::Zh => format!("第{}着“{}”无法走出：{}", ill.ply, ill.text, ill.reason.zh),
        };
        comment(out, &format!("{note}{}", left_out(game, lang)));
    }
    if !game.moves.is_empty() || game.illegal.is_some() {
        out.push('\n');
    }
    out.push_str(result.map_or("*", |r| r.pgn()));
    out.push_str("\n\n");
}

/// What a game cut at an illegal move leaves out besides its moves, in
/// `lang`: the result and termination the record gives, if any.
fn left_out(game: &Game, lang: Lang) -> String {
    let result = game.result.map(|r| r.pgn());
    let termination = game.termination.as_deref().or(game.tag("Termination"));
    let given: Vec<&str> = result.into_iter().chain(termination).collect();
    let given = given.join(", ");
    match (lang, given.is_empty()) {
        (Lang::En, true) => "; the moves from there on are left out".to_string(),
        (Lang::En, false) => format!(
            "; the moves from there on are left out, and with them the result the record gives ({given}): the game is written as unfinished (*)"
        ),
        (Lang::Zh, true) => "；此后的着法未写出".to_string(),
        (Lang::Zh, false) => {
            format!("；此后的着法未写出，棋谱所记的结果（{given}）也随之略去：本局记为未完（*）")
        }
    }
}

fn tag(out: &mut String, key: &str, value: &str) {
    let value = value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', " ");
    let _ = writeln!(out, "[{key} \"{value}\"]");
}

/// A `{}` comment; braces inside become full-width so the comment stays one.
fn comment(out: &mut String, text: &str) {
    out.push('{');
    out.push_str(&text.replace('{', "｛").replace('}', "｝"));
    out.push('}');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{ReadOptions, read_games_from_bytes};

    /// The first game of the PGN `text`.
    fn first_game(text: &str) -> Game {
        let games = read_games_from_bytes(text.as_bytes(), "a.pgn", &ReadOptions::default());
        games.unwrap().remove(0).unwrap()
    }

    /// `game` written as PGN in `notation`, with notes in `lang`.
    fn written(game: &Game, notation: Notation, lang: Lang) -> String {
        let mut out = String::new();
        write_pgn(game, notation, lang, &mut out);
        out
    }

    fn round_trip(text: &str) {
        for notation in Notation::ALL {
            round_trip_in(text, notation);
        }
    }

    fn round_trip_in(text: &str, notation: Notation) {
        let g = first_game(text);
        let h = first_game(&written(&g, notation, Lang::En));
        assert_eq!(
            g.moves.iter().map(|m| m.mv).collect::<Vec<_>>(),
            h.moves.iter().map(|m| m.mv).collect::<Vec<_>>()
        );
        assert_eq!((g.result, &g.start, g.red()), (h.result, &h.start, h.red()));
        assert_eq!(g.termination, h.termination);
    }

    #[test]
    fn writes_and_reads_back() {
        round_trip(
            "[Red \"甲 \\\"x\\\"\"]\n[Result \"0-1\"]\n{pre} 1. h2e2 {a {b}} h9g7 2. h0g2 0-1 {红方认负}\n",
        );
        round_trip("[FEN \"4k4/9/9/9/9/9/9/9/4A4/3K5 b\"]\n1... e9f9 2. e1f2 *\n");
        // The result's words that say more than the Termination tag are
        // the one written.
        round_trip("[Termination \"normal\"]\n1. h2e2 h9g7 红方超时 0-1\n");
    }

    #[test]
    fn xboards_white_tag_is_written_as_red_unless_a_red_tag_is_there() {
        let xboard = "[White \"甲\"]\n[Black \"乙\"]\n1. Ege2 Hg7 *\n";
        let out = written(&first_game(xboard), Notation::Iccs, Lang::En);
        assert!(out.contains("[Red \"甲\"]\n[Black \"乙\"]\n"), "{out}");
        assert!(!out.contains("White"), "{out}");
        let both = "[Red \"甲\"]\n[White \"丙\"]\n1. h2e2 *\n";
        let out = written(&first_game(both), Notation::Iccs, Lang::En);
        assert!(out.contains("[Red \"甲\"]\n[White \"丙\"]\n"), "{out}");
    }

    #[test]
    fn a_written_game_read_again_is_written_the_same() {
        let text = "[Red \"甲\"]\n1. h2e2 h9g7 {黑方认负} 1-0\n";
        let once = written(&first_game(text), Notation::Iccs, Lang::En);
        assert!(once.contains("[Termination \"黑方认负\"]"), "{once}");
        let twice = written(&first_game(&once), Notation::Iccs, Lang::En);
        assert_eq!(once, twice);
    }

    #[test]
    fn an_illegal_first_move_is_noted_at_the_start_of_its_line() {
        let out = written(&first_game("1. 马二进四 *\n"), Notation::Iccs, Lang::En);
        assert!(
            out.contains("]\n{ply 1 '马二进四' cannot be played"),
            "{out}"
        );
    }

    #[test]
    fn a_game_cut_at_an_illegal_move_is_written_unfinished_with_the_result_in_the_comment() {
        let g = first_game(
            "[Result \"1-0\"]\n[Termination \"黑方认负\"]\n1. h2e2 h9g7 2. h0g2 h9g7 3. c3c4 1-0\n",
        );
        let out = written(&g, Notation::Iccs, Lang::En);
        assert!(out.contains("[Result \"*\"]\n"), "{out}");
        assert!(!out.contains("Termination"), "{out}");
        assert!(
            out.ends_with(
                "2. H0-G2 {ply 4 'h9g7' cannot be played: there is no piece on h9; the moves from \
                 there on are left out, and with them the result the record gives (1-0, 黑方认负): \
                 the game is written as unfinished (*)}\n*\n\n"
            ),
            "{out}"
        );
        let zh = written(&g, Notation::Chinese, Lang::Zh);
        assert!(
            zh.contains("；此后的着法未写出，棋谱所记的结果（1-0, 黑方认负）也随之略去：本局记为未完（*）}\n*\n"),
            "{zh}"
        );
        // Read back: the legal part, no result, nothing illegal.
        let back = first_game(&out);
        assert_eq!(back.uci_moves(), ["h2e2", "h9g7", "h0g2"]);
        assert_eq!((back.result, back.recorded_result()), (None, None));
        assert!(back.illegal.is_none());
        let back = first_game(&zh);
        assert_eq!((back.result, back.recorded_result()), (None, None));
        // Without a result given, only the moves are said to be left out.
        let g = first_game("1. h2e2 h9g7 2. h0g2 h9g7 *\n");
        let out = written(&g, Notation::Iccs, Lang::En);
        assert!(
            out.ends_with("on h9; the moves from there on are left out}\n*\n\n"),
            "{out}"
        );
    }

    #[test]
    fn black_first_numbering() {
        let g = first_game("[FEN \"4k4/9/9/9/9/9/9/9/4A4/3K5 b\"]\n1... e9f9 2. e1f2 *\n");
        let out = written(&g, Notation::Iccs, Lang::En);
        assert!(out.contains("1. ... E9-F9\n2. E1-F2\n*"), "{out}");
        let zh = written(&g, Notation::Chinese, Lang::Zh);
        assert!(zh.contains("[Format \"Chinese\"]\n"), "{zh}");
        assert!(zh.contains("1. ... 将５平６\n2. 仕五进四"), "{zh}");
        assert!(out.starts_with("[Game \"Chinese Chess\"]\n"));
    }

    #[test]
    fn an_illegal_move_is_noted_in_the_language_asked_for() {
        let g = first_game("[Game \"Chinese Chess\"]\n\n1. 炮二平五 马8进7 2. 马二进四 *\n");
        let en = written(&g, Notation::Chinese, Lang::En);
        assert!(en.contains("{ply 3 '马二进四' cannot be played: "), "{en}");
        let zh = written(&g, Notation::Chinese, Lang::Zh);
        assert!(
            zh.contains("{第3着“马二进四”无法走出：第二路的红方马不能这样走"),
            "{zh}"
        );
        assert!(!zh.contains("cannot"), "{zh}");
    }
}
