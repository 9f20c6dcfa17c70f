//! Move lists from real files, read with `parse_move_list`. Needs the shared
//! corpus: set `XQARBITER_CORPUS` to the shared data folder; without it the
//! tests print a note and pass.

use std::path::PathBuf;

use xqarbiter::board::{Move, Position};
use xqarbiter::notation::{ParsedMoveList, parse_move_list};

fn corpus() -> Option<PathBuf> {
    match std::env::var_os("XQARBITER_CORPUS") {
        Some(dir) => Some(PathBuf::from(dir).join("formats")),
        None => {
            println!("XQARBITER_CORPUS is not set; skipping the real-file notation tests");
            None
        }
    }
}

/// The games of a PGN text: the FEN tag if any, and the move text.
fn games(text: &str) -> Vec<(Option<String>, String)> {
    let mut out: Vec<(Option<String>, String)> = Vec::new();
    let mut in_moves = true;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            if in_moves {
                out.push((None, String::new()));
                in_moves = false;
            }
            if let Some(fen) = line.strip_prefix("[FEN \"") {
                let fen = fen.trim_end_matches(['"', ']']).to_string();
                if let Some(game) = out.last_mut() {
                    game.0 = Some(fen);
                }
            }
        } else if let Some(game) = out.last_mut() {
            in_moves = true;
            game.1.push_str(line);
            game.1.push('\n');
        }
    }
    out
}

fn read_all(text: &str) -> Vec<ParsedMoveList> {
    games(text)
        .into_iter()
        .map(|(fen, moves)| {
            let start = fen.map_or_else(Position::startpos, |f| Position::from_fen(&f).unwrap());
            parse_move_list(&start, &moves).unwrap_or_else(|e| panic!("{e}"))
        })
        .collect()
}

fn moves(list: &ParsedMoveList) -> Vec<Move> {
    list.moves.iter().map(|(m, _)| *m).collect()
}

#[test]
fn the_same_games_in_chinese_wxf_and_coordinates_agree() {
    let Some(dir) = corpus() else {
        return;
    };
    let read = |name: &str| {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        read_all(&text)
    };
    let chinese = read("wukong-xqdb_traditional.pgn");
    let wxf = read("wukong-xqdb_international.pgn");
    let uci = read("wukong-bulk_games_uci.pgn");
    assert_eq!(chinese.len(), 15);
    for (i, ((c, w), u)) in chinese.iter().zip(&wxf).zip(&uci).enumerate() {
        assert!(c.moves.len() > 20);
        assert_eq!(moves(c), moves(w));
        assert_eq!(c.result, w.result);
        let differ: Vec<usize> = (0..c.moves.len().min(u.moves.len()))
            .filter(|&p| c.moves[p].0 != u.moves[p].0)
            .collect();
        if i == 1 {
            // The coordinate file's converter got one tandem pawn wrong: with red
            // pawns on e5 and e3, 后兵进一 (−P+1) is the rear pawn, e3e4, not e5e6.
            assert_eq!(differ, [70]);
            assert_eq!(c.moves[70].1, "后兵进一");
            assert_eq!(w.moves[70].1, "－Ｐ＋１");
            assert_eq!(
                (c.moves[70].0.to_string(), u.moves[70].0.to_string()),
                ("e3e4".into(), "e5e6".into())
            );
        } else {
            assert_eq!(moves(c), moves(u), "game {i}");
        }
    }
    println!(
        "15 games, {} moves each way",
        chinese.iter().map(|g| g.moves.len()).sum::<usize>()
    );
}

#[test]
fn xqbase_style_gbk_files() {
    let Some(dir) = corpus() else {
        return;
    };
    for (name, plies) in [
        ("test.pgn", 25),
        ("test2.pgn", 0),
        ("endgame_test.pgn", 25),
        ("中炮对列炮黑先平士角炮.pgn", 23),
    ] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let (text, _, _) = encoding_rs::GBK.decode(&bytes);
        let lists = read_all(&text);
        assert_eq!(lists.len(), 1, "{name}");
        if plies > 0 {
            assert_eq!(lists[0].moves.len(), plies, "{name}");
        } else {
            assert!(!lists[0].moves.is_empty(), "{name}");
        }
    }
}
