//! Every in-repo fixture (tests/fixtures, written for this project) read
//! through the public API, and written back as PGN and read again.

use std::path::{Path, PathBuf};

use xqarbiter::board::Color;
use xqarbiter::notation::Notation;
use xqarbiter::record::{
    Format, Game, Outcome, ReadOptions, detect_format, read_games, read_games_from_bytes, write_pgn,
};
use xqarbiter::words::Lang;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn games(name: &str) -> Vec<Game> {
    read_games(fixture(name), &ReadOptions::default())
        .unwrap()
        .map(|g| g.unwrap())
        .collect()
}

fn one(name: &str) -> Game {
    let mut g = games(name);
    assert_eq!(g.len(), 1, "{name}");
    g.remove(0)
}

#[test]
fn pgn_iccs_three_games() {
    let g = games("games_iccs.pgn");
    assert_eq!(g.len(), 3);
    assert_eq!(
        g[0].uci_moves(),
        ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "h0h6"]
    );
    assert_eq!(g[0].variations, 2);
    assert_eq!(g[0].result, Some(Outcome::RedWins));
    assert_eq!(g[0].termination.as_deref(), Some("黑方认负"));
    assert_eq!(g[0].comment.as_deref(), Some("Opening comment"));
    assert_eq!(g[0].moves[1].comment.as_deref(), Some("the horse"));
    assert_eq!(
        (g[0].event(), g[0].site(), g[0].date(), g[0].round()),
        (
            Some("Fixture Open"),
            Some("Here"),
            Some("2026.11.29"),
            Some("1")
        )
    );
    assert_eq!(g[1].start.turn(), Color::Black);
    assert_eq!(g[1].start.fullmoves(), 20);
    assert_eq!(g[1].uci_moves(), ["f9e8", "e0f0"]);
    assert_eq!(g[1].termination.as_deref(), Some("time forfeit"));
    assert_eq!(g[1].result, Some(Outcome::BlackWins));
    let ill = g[2].illegal.as_ref().unwrap();
    assert_eq!((ill.ply, ill.text.as_str()), (3, "h2e2"));
    assert!(ill.fen.starts_with("rnbakab1r/9/1c4nc1/"), "{}", ill.fen);
    assert!(ill.legal.contains(&"e2e6".to_string()));
    assert_eq!(g[2].moves.len(), 2);
    assert_eq!(g[2].result, None);
}

#[test]
fn text_encodings() {
    let gbk = one("game_gbk.pgn");
    assert_eq!((gbk.red(), gbk.black()), (Some("胡荣华"), Some("杨官璘")));
    assert_eq!(gbk.moves.len(), 8);
    assert_eq!(gbk.moves[7].text, "炮８平６");
    assert_eq!(gbk.result, Some(Outcome::Draw));
    assert_eq!(gbk.termination.as_deref(), Some("双方议和"));
    let big5 = one("game_big5.pgn");
    assert_eq!(
        (big5.red(), big5.event()),
        (Some("吳貴臨"), Some("台北公開賽"))
    );
    assert_eq!(
        big5.uci_moves(),
        ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "g6g5"]
    );
    let utf16 = one("game_utf16.pgn");
    assert_eq!((utf16.red(), utf16.moves.len()), (Some("UTF16"), 2));
    let utf8 = one("game_utf8.pgn");
    assert_eq!(utf8.uci_moves(), ["b2e2", "h7e7", "e2e7", "g9e7", "h0g2"]);
    let forced = ReadOptions {
        encoding: Some(encoding_rs::BIG5),
        format: None,
    };
    let wrong: Vec<_> = read_games(fixture("game_gbk.pgn"), &forced)
        .unwrap()
        .collect();
    assert_ne!(wrong[0].as_ref().unwrap().red(), Some("胡荣华"));
}

#[test]
fn xqf_plain_and_encrypted_agree() {
    for name in ["plain.xqf", "encrypted.xqf"] {
        let g = one(name);
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7", "h0g2", "i9h9"], "{name}");
        assert_eq!(g.variations, 1);
        assert_eq!(
            (g.red(), g.black(), g.event()),
            (Some("红方甲"), Some("黑方乙"), Some("夹具赛"))
        );
        assert_eq!(g.tag("Title"), Some("测试对局"));
        assert_eq!(g.result, Some(Outcome::BlackWins));
        assert_eq!(g.moves[1].comment.as_deref(), Some("主变"));
        assert_eq!(g.termination.as_deref(), Some("红方超时"));
    }
    assert_eq!(one("encrypted.xqf").comment.as_deref(), Some("加密夹具"));
}

#[test]
fn cbr_cbf_cbl_dhtmlxq() {
    let cbr = one("game.cbr");
    assert_eq!(cbr.uci_moves(), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!((cbr.variations, cbr.result), (1, Some(Outcome::BlackWins)));
    assert_eq!(cbr.termination.as_deref(), Some("超时"));
    assert_eq!(cbr.comment.as_deref(), Some("夹具"));
    let cbf = one("game.cbf");
    assert_eq!(cbf.uci_moves(), ["h2e2", "h9g7", "h0g2", "i9i8"]);
    assert_eq!(cbf.tag("Title"), Some("测试对局 & 夹具"));
    assert_eq!(cbf.termination.as_deref(), Some("红方超时"));
    let lib = games("library.cbl");
    assert_eq!(
        lib.len(),
        2,
        "a section title and a deleted slot are not games"
    );
    assert_eq!(lib[0].result, Some(Outcome::RedWins));
    assert_eq!(lib[1].termination.as_deref(), Some("议和"));
    let ubb = one("game.ubb");
    assert_eq!(ubb.start.turn(), Color::Black);
    assert_eq!(ubb.uci_moves(), ["d9d8", "d0e1", "d8d9"]);
    assert_eq!((ubb.variations, ubb.result), (1, Some(Outcome::BlackWins)));
    assert_eq!(ubb.comment.as_deref(), Some("黑先\n残局"));
    assert_eq!(ubb.termination.as_deref(), Some("困毙"));
}

#[test]
fn move_lists() {
    let pasted = one("pasted.txt");
    assert_eq!(pasted.moves.len(), 8);
    assert_eq!(pasted.result, Some(Outcome::RedWins));
    assert_eq!(pasted.moves[3].comment.as_deref(), Some("黑方出车"));
    let plain = one("moves.txt");
    assert_eq!(plain.uci_moves(), ["c3c4", "g6g5", "b0c2"]);
}

#[test]
fn formats_are_detected_from_content() {
    let cases = [
        ("games_iccs.pgn", Format::Pgn),
        ("game_gbk.pgn", Format::Pgn),
        ("plain.xqf", Format::Xqf),
        ("game.cbr", Format::Cbr),
        ("library.cbl", Format::Cbl),
        ("game.cbf", Format::Cbf),
        ("game.ubb", Format::DhtmlXq),
        ("pasted.txt", Format::MoveList),
    ];
    for (name, format) in cases {
        let bytes = std::fs::read(fixture(name)).unwrap();
        assert_eq!(
            detect_format(&bytes, Some("no-extension")),
            Some(format),
            "{name}"
        );
    }
    assert_eq!(detect_format(b"", Some("x.pgn")), Some(Format::Pgn));
    assert_eq!(detect_format(b"", None), None);
    assert!(read_games(Path::new("/nonexistent/x.pgn"), &ReadOptions::default()).is_err());
}

#[test]
fn every_fixture_round_trips_through_pgn() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.display().to_string();
        for game in read_games(&path, &ReadOptions::default()).unwrap() {
            let game = game.unwrap();
            for notation in Notation::ALL {
                let name = format!("{name} as {}", notation.name());
                let mut text = String::new();
                write_pgn(&game, notation, Lang::En, &mut text);
                let again =
                    read_games_from_bytes(text.as_bytes(), "out.pgn", &ReadOptions::default())
                        .unwrap();
                assert_eq!(again.len(), 1, "{name}");
                let back = again[0].as_ref().unwrap();
                let moves = |g: &Game| g.moves.iter().map(|m| m.mv).collect::<Vec<_>>();
                assert_eq!(moves(&game), moves(back), "{name}");
                assert_eq!(
                    (&game.start, game.result),
                    (&back.start, back.result),
                    "{name}"
                );
                for (k, v) in &game.tags {
                    // XBoard's White tag, Red's player, is written as Red.
                    let k = match k.as_str() {
                        "White" if game.tag("Red").is_none() => "Red",
                        k => k,
                    };
                    if !["Result", "FEN", "Format", "Game"].contains(&k) {
                        assert_eq!(back.tag(k), Some(v.as_str()), "{name}: tag {k}");
                    }
                }
                assert_eq!((game.red(), game.black()), (back.red(), back.black()));
                assert_eq!(game.termination, back.termination, "{name}");
            }
        }
    }
}

#[test]
fn a_forced_format_the_file_is_not_in_is_an_error_naming_both() {
    use xqarbiter::record::ErrorKind;
    let force = |format| ReadOptions {
        encoding: None,
        format: Some(format),
    };
    for file in ["plain.xqf", "game.cbr", "game.cbf", "moves.txt"] {
        let path = fixture(file);
        let bytes = std::fs::read(&path).unwrap();
        // PGN, from memory and from the file (streamed).
        let from_bytes = read_games_from_bytes(&bytes, file, &force(Format::Pgn)).unwrap_err();
        let from_file = read_games(&path, &force(Format::Pgn)).err().unwrap();
        for e in [&from_bytes, &from_file] {
            assert_eq!(e.kind, ErrorKind::UnknownFormat, "{file}");
            assert!(
                e.to_string()
                    .contains(": not a PGN file, the format asked for: no tag line"),
                "{e}"
            );
            assert!(
                e.in_lang(Lang::Zh).contains("不是指定格式的PGN文件"),
                "{file}"
            );
        }
        assert!(from_bytes.to_string().starts_with(&format!("{file}: ")));
        // DhtmlXQ.
        let e = read_games_from_bytes(&bytes, file, &force(Format::DhtmlXq)).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{file}: not a DhtmlXQ record, the format asked for: it has no [DhtmlXQ] tag")
        );
        let e = read_games(&path, &force(Format::DhtmlXq)).err().unwrap();
        assert!(e.to_string().contains("not a DhtmlXQ record"), "{e}");
    }
    // Forced on files of their own format, they read as detected.
    for (file, format) in [
        ("game_utf8.pgn", Format::Pgn),
        ("game.ubb", Format::DhtmlXq),
    ] {
        let forced: Vec<Game> = read_games(fixture(file), &force(format))
            .unwrap()
            .map(|g| g.unwrap())
            .collect();
        assert_eq!(forced, games(file), "{file}");
    }
}

/// The moves of `tests/logs/NAME` (not a game file, so not among the
/// fixtures every one of which is read as games): the lines of XBoard's
/// debug log, from the match that played a fixture, where the engines sent
/// their moves (`22784 <second: move g0e2`), in coordinates.
fn xboard_log_moves(name: &str) -> Vec<String> {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/logs")
            .join(name),
    )
    .unwrap()
    .lines()
    .map(|line| line.rsplit_once(": move ").unwrap().1.to_string())
    .collect()
}

/// The moves of the match that played `xboard_san.pgn` ([`xboard_log_moves`]).
fn xboard_debug_moves() -> Vec<String> {
    xboard_log_moves("xboard_san_debug.txt")
}

#[test]
fn pgn_saved_by_xboard_from_a_set_up_position_reads_as_the_engines_played_it() {
    // XBoard's own FEN for xiangqi: `e` and `h` for elephants and horses,
    // and no castling or en passant fields (`w 0 1`), with `[SetUp "1"]`;
    // the match started from it (`-lpf`), horses moved up to c2 and g2.
    let g = one("xboard_setup.pgn");
    assert_eq!(
        g.start.fen(),
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1"
    );
    assert!(g.illegal.is_none(), "{:?}", g.illegal);
    assert_eq!(g.uci_moves(), xboard_log_moves("xboard_setup_debug.txt"));
    assert_eq!(g.uci_moves().len(), 337);
    assert_eq!(g.result, Some(Outcome::Draw));
    assert_eq!(g.red(), Some("Fairy-Stockfish 11.1 LB 64 (UXI2WB)"));
    // Black to move, as XBoard writes it (`b 0 1`), the moves from `1...`.
    let text = "[FEN \"r1eakae1r/9/1ch3hc1/p1p1p1p1p/9/9/P1P1P1P1P/1CH3HC1/9/R1EAKAE1R b 0 1\"]\n[SetUp \"1\"]\n\n1... Cb5 2. Cb4 Ei7 *\n";
    let games = read_games_from_bytes(text.as_bytes(), "b.pgn", &ReadOptions::default()).unwrap();
    let g = games.into_iter().next().unwrap().unwrap();
    assert_eq!(g.start.turn(), Color::Black);
    assert_eq!(g.uci_moves(), ["b7b5", "b2b4", "g9i7"]);
    // A damaged FEN is named, with why.
    let bad = text.replace("AKAE1R b", "AKAE1X b");
    let games = read_games_from_bytes(bad.as_bytes(), "b.pgn", &ReadOptions::default()).unwrap();
    let err = games.into_iter().next().unwrap().unwrap_err().to_string();
    assert!(
        err.contains("FEN tag: invalid FEN") && err.contains("unknown piece letter 'X' on rank 0"),
        "{err}"
    );
}

#[test]
fn pgn_saved_by_xboard_reads_its_san_as_the_engines_played_it() {
    let g = one("xboard_san.pgn");
    assert!(g.illegal.is_none(), "{:?}", g.illegal);
    assert_eq!(g.uci_moves(), xboard_debug_moves());
    assert_eq!(g.uci_moves().len(), 84);
    // `A2e1`: the advisor on rank 2 (d2) to e1, though it looks like coordinates.
    assert_eq!(g.moves[54].text, "A2e1");
    assert_eq!(g.uci_moves()[54], "d2e1");
    assert_eq!(g.result, Some(Outcome::BlackWins));
    assert_eq!(g.moves[0].text, "Ege2");
    assert_eq!(g.moves[0].comment.as_deref(), Some("+2.42/7"));
}

#[test]
fn a_bad_san_move_in_an_xboard_pgn_is_named_with_its_place() {
    let text = std::fs::read_to_string(fixture("xboard_san.pgn")).unwrap();
    let bad = text.replace("Hb4", "Hb5");
    let games = read_games_from_bytes(bad.as_bytes(), "bad.pgn", &ReadOptions::default()).unwrap();
    let g = games.into_iter().next().unwrap().unwrap();
    let ill = g.illegal.as_ref().unwrap();
    assert_eq!((ill.ply, ill.text.as_str()), (50, "Hb5"));
    assert_eq!(
        ill.place,
        Some(xqarbiter::record::Place::Text {
            line: 24,
            column: 15
        })
    );
    assert_eq!(ill.reason.en, "no black horse can move to b5 (XBoard SAN)");
    assert_eq!(g.uci_moves(), xboard_debug_moves()[..49]);
}

/// A position where `H0h2` names two legal moves: in coordinates the rook
/// on h0 to h2 (once `Rh0` has brought it there), in XBoard's SAN the horse
/// on rank 0 (g0) to h2, the horse on g4 reaching h2 too (so XBoard writes
/// the origin's rank).
const ROOK_OR_HORSE: &str = "r4k3/9/9/9/9/6N2/9/9/9/4K1N1R w - - 0 1";

/// The one game of the PGN text `moves` from [`ROOK_OR_HORSE`].
fn from_rook_or_horse(moves: &str) -> Game {
    let text = format!("[FEN \"{ROOK_OR_HORSE}\"]\n\n{moves} *\n");
    let games = read_games_from_bytes(text.as_bytes(), "t.pgn", &ReadOptions::default()).unwrap();
    games.into_iter().next().unwrap().unwrap()
}

#[test]
fn a_move_legal_in_coordinates_and_in_xboard_san_is_read_as_the_records_notation() {
    // XBoard SAN: `Rh0` reads in it alone, so `H0h2` is the horse's move.
    let g = from_rook_or_horse("1. Rh0 Rb9 2. H0h2 Rb8");
    assert!(g.illegal.is_none(), "{:?}", g.illegal);
    assert_eq!(g.uci_moves(), ["i0h0", "a9b9", "g0h2", "b9b8"]);
    let [(ply, other)] = &g.other_readings[..] else {
        panic!("{:?}", g.other_readings);
    };
    assert_eq!((*ply, other.other.to_string()), (3, "h0h2".to_string()));
    assert_eq!(
        other.note.en,
        "'H0h2' was read as 后马进二 (g0h2), in XBoard SAN, the notation of the record, whose ply 1 'Rh0' reads in it alone; in coordinates, it is 车二进二 (h0h2)"
    );
    // Coordinates: the rook's move, and a note of the other reading.
    let g = from_rook_or_horse("1. i0h0 a9b9 2. H0h2 b9b8");
    assert_eq!(g.uci_moves(), ["i0h0", "a9b9", "h0h2", "b9b8"]);
    let [(3, other)] = &g.other_readings[..] else {
        panic!("{:?}", g.other_readings);
    };
    assert_eq!(
        other.note.en,
        "'H0h2' was read as 车二进二 (h0h2), in coordinates; in XBoard SAN, it is 后马进二 (g0h2)"
    );
    // Read two ways before the first move only XBoard SAN reads (`Kd0`):
    // the whole record is in SAN, so is `H0h2`.
    let g = from_rook_or_horse("1. i0h0 a9b9 2. H0h2 b9b8 3. Kd0");
    assert_eq!(g.uci_moves(), ["i0h0", "a9b9", "g0h2", "b9b8", "e0d0"]);
    let [(3, other)] = &g.other_readings[..] else {
        panic!("{:?}", g.other_readings);
    };
    assert_eq!(
        other.note.en,
        "'H0h2' was read as 后马进二 (g0h2), in XBoard SAN, the notation of the record, whose ply 5 'Kd0' reads in it alone; in coordinates, it is 车二进二 (h0h2)"
    );
    // Coordinates, but only the SAN reading lets the record go on.
    let g = from_rook_or_horse("1. i0h0 a9b9 2. H0h2 b9b8 3. h0i0");
    assert!(g.illegal.is_none(), "{:?}", g.illegal);
    assert_eq!(g.uci_moves(), ["i0h0", "a9b9", "g0h2", "b9b8", "h0i0"]);
    assert!(
        g.other_readings[0]
            .1
            .note
            .en
            .ends_with("after which ply 5 'h0i0' cannot be played"),
        "{:?}",
        g.other_readings
    );
}

/// The moves of `fairy_uci.pgn` as Fairy-Stockfish played them (UCI, ranks
/// 1–10), taken from its movetext: the words that are neither move numbers,
/// comments nor the result.
fn fairy_engine_moves() -> Vec<String> {
    let text = std::fs::read_to_string(fixture("fairy_uci.pgn")).unwrap();
    let movetext = &text[text.find("\n\n").unwrap()..];
    let mut moves = Vec::new();
    for (i, part) in movetext.split(['{', '}']).enumerate() {
        // Comments are the odd parts: `{+0.62/7 0.091s}` never nests.
        if i % 2 == 0 {
            moves.extend(
                part.split_whitespace()
                    .filter(|w| !w.ends_with('.') && *w != "1-0")
                    .map(str::to_string),
            );
        }
    }
    moves
}

/// `h10g8` (ranks 1–10) in UCCI's ranks 0–9: `h9g7`.
fn in_ranks_from_zero(uci: &str) -> String {
    let to = uci[1..].find(|c: char| c.is_ascii_lowercase()).unwrap() + 1;
    let rank = |r: &str| r.parse::<u8>().unwrap() - 1;
    format!(
        "{}{}{}{}",
        &uci[..1],
        rank(&uci[1..to]),
        &uci[to..=to],
        rank(&uci[to + 1..])
    )
}

#[test]
fn a_cutechess_style_pgn_of_fairy_stockfish_in_ranks_1_to_10_reads_as_it_played() {
    let g = one("fairy_uci.pgn");
    assert!(g.illegal.is_none(), "{:?}", g.illegal);
    let played: Vec<String> = fairy_engine_moves()
        .iter()
        .map(|m| in_ranks_from_zero(m))
        .collect();
    assert_eq!(played.len(), 77);
    assert_eq!(g.uci_moves(), played);
    // The position pyffish gives after the engine's 77 moves: Red mates.
    assert_eq!(
        g.end_position().fen(),
        "5k3/4R4/9/4C4/9/P7P/2P2N3/4B4/9/3AKAB2 b - - 4 39"
    );
    assert_eq!(g.result, Some(Outcome::RedWins));
    assert_eq!(g.tag("Variant"), Some("xiangqi"));
    assert_eq!(g.moves[0].comment.as_deref(), Some("+0.62/7 0.091s"));
    assert_eq!(
        g.warnings[0].en,
        "the coordinates were read in ranks 1–10, as UCI xiangqi programs (Fairy-Stockfish) write them: a move names rank 10"
    );
}

#[test]
fn a_bad_move_in_a_pgn_in_ranks_1_to_10_names_where_both_readings_stop() {
    let text = std::fs::read_to_string(fixture("fairy_uci.pgn")).unwrap();
    // Ply 70, Black's i6i5 (ranks 1–10), made illegal.
    let bad = text.replace("i6i5 {", "i6i3 {");
    let games = read_games_from_bytes(bad.as_bytes(), "bad.pgn", &ReadOptions::default()).unwrap();
    let g = games.into_iter().next().unwrap().unwrap();
    // The reading going further, ranks 1–10: its moves and its stop as
    // the record writes them, and where the other reading stops.
    assert_eq!(g.moves.len(), 69);
    assert_eq!(
        (g.moves[0].text.as_str(), g.moves[5].text.as_str()),
        ("c1e3", "h10i8")
    );
    let ill = g.illegal.as_ref().unwrap();
    assert_eq!((ill.ply, ill.text.as_str()), (70, "i6i3"));
    assert!(ill.legal.iter().any(|m| m == "i6i5"), "{:?}", ill.legal);
    assert!(
        ill.reason
            .en
            .ends_with("read in ranks 0–9, the record stops sooner, at ply 1 ('c1e3')"),
        "{}",
        ill.reason.en
    );
    assert!(g.warnings[0].en.ends_with("a move names rank 10"));
}
