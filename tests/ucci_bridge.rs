//! `xqarbiter ucci --engine …`: the bridge in front of Fairy-Stockfish (both
//! protocols) and in front of broken fake engines, driven as a GUI would.

mod ucci_common;

use std::fs;
use std::path::Path;
use tempfile::TempPath;

use ucci_common::{
    FIG17, FIG20, Gui, PERPETUAL, engine, fake, has_info, info_strings, ponder_of, pv_firsts,
};
use xqarbiter::board::{Move, Position};

/// The cases: position after one cycle, and the repeating move that CXA forbids.
const CASES: [(&str, &str); 2] = [(FIG17, "b7b8"), (FIG20, "b6a8")];

/// A fresh log file named after `name`, removed when the path is dropped,
/// pass or fail.
fn temp_log(name: &str) -> TempPath {
    tempfile::Builder::new()
        .prefix(&format!("xqarbiter-{name}-"))
        .suffix(".log")
        .tempfile()
        .expect("temp file")
        .into_temp_path()
}

/// Starts xqarbiter with `args`, logging its engine dialogue to a file
/// named after `name`; returns the session and the log's path.
fn logged(name: &str, args: &[&str]) -> (Gui, TempPath) {
    let log = temp_log(name);
    let log_arg = log.display().to_string();
    let mut all = args.to_vec();
    all.extend(["--log", log_arg.as_str()]);
    (Gui::xqarbiter(&all), log)
}

/// Waits until the log at `log` holds `text` (within the tests' patience).
fn until_logged(log: &Path, text: &str) {
    let until = std::time::Instant::now() + ucci_common::PATIENCE;
    while !fs::read_to_string(log).is_ok_and(|t| t.contains(text)) {
        assert!(std::time::Instant::now() < until, "never logged: {text}");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Ends the session (`quit`, then its `bye`) and returns the log it wrote.
fn quit_and_read_log(gui: &mut Gui, log: &Path) -> String {
    gui.send("quit");
    gui.until(|l| l == "bye");
    fs::read_to_string(log).expect("log")
}

/// Fairy-Stockfish on its own, in UCCI mode (ranks 0–9).
fn bare_ucci(engine: &str, position: &str) -> Option<String> {
    let mut e = Gui::start(engine, &[]);
    e.send("ucci");
    e.until(|l| l == "ucciok");
    e.send(position);
    e.send("go depth 9");
    e.search().1
}

/// Fairy-Stockfish on its own, in UCI mode (ranks 1–10, converted back here).
fn bare_uci(engine: &str, position: &str) -> Option<String> {
    let mut e = Gui::start(engine, &[]);
    e.send("uci");
    e.until(|l| l == "uciok");
    e.send("setoption name UCI_Variant value xiangqi");
    e.send("isready");
    e.until(|l| l == "readyok");
    e.send(&moves_shifted(position, 1));
    e.send("go depth 9");
    e.search().1.map(|m| shift_ranks(&m, -1))
}

/// Adds `by` to both ranks of a coordinate move (`b7b8` ↔ `b8b9`, `a9a8` ↔ `a10a9`).
fn shift_ranks(mv: &str, by: i32) -> String {
    let split = mv[1..]
        .find(|c: char| c.is_ascii_alphabetic())
        .expect("two squares")
        + 1;
    let (a, b) = mv.split_at(split);
    let sq = |s: &str| format!("{}{}", &s[..1], s[1..].parse::<i32>().expect("rank") + by);
    format!("{}{}", sq(a), sq(b))
}

/// The position a UCCI `position fen … moves …` line sets up.
fn position_after(line: &str) -> Position {
    let (head, moves) = line.split_once(" moves ").expect("moves");
    let mut pos = Position::from_fen(head.trim_start_matches("position fen ")).expect("a FEN");
    for m in moves.split(' ') {
        pos.play_unchecked(Move::parse_uci(m).expect("a move"));
    }
    pos
}

/// A UCCI `position fen … moves …` line with its moves' ranks moved by
/// `by` (1: as a UCI GUI or engine writes them).
fn moves_shifted(line: &str, by: i32) -> String {
    let (head, moves) = line.split_once(" moves ").expect("moves");
    let shifted: Vec<String> = moves.split(' ').map(|m| shift_ranks(m, by)).collect();
    format!("{head} moves {}", shifted.join(" "))
}

/// The three ways a GUI has the bridge search: with a limit, endless then
/// stopped, pondering then told of the hit.
const THREE_WAYS: [(&str, Option<&str>); 3] = [
    ("go depth 5", None),
    ("go infinite", Some("stop")),
    ("go ponder time 1000 increment 0", Some("ponderhit")),
];

/// Has `gui` search each of [`THREE_WAYS`], sending `setup` before each
/// `go`; for each, the `go` line, what came back and the move played.
fn search_three_ways(
    gui: &mut Gui,
    setup: &[&str],
) -> Vec<(&'static str, Vec<String>, Option<String>)> {
    THREE_WAYS
        .iter()
        .map(|&(go, end)| {
            for line in setup {
                gui.send(line);
            }
            gui.send(go);
            let mut lines = Vec::new();
            if let Some(end) = end {
                lines = gui.ready_while_searching();
                gui.send(end);
            }
            let (rest, mv) = gui.search();
            lines.extend(rest);
            (go, lines, mv)
        })
        .collect()
}

fn bridged(engine: &str, protocol: &str, position: &str) -> (Vec<String>, Option<String>) {
    let mut gui = Gui::xqarbiter(&[
        "--profile",
        "cxa2020",
        "--engine",
        engine,
        "--engine-protocol",
        protocol,
    ]);
    gui.handshake();
    gui.send(position);
    gui.send("go depth 9");
    gui.search()
}

#[test]
fn bare_engine_repeats_where_the_bridged_engine_varies() {
    let Some(engine) = engine() else { return };
    for (position, repeating) in CASES {
        assert_eq!(
            bare_ucci(&engine, position).as_deref(),
            Some(repeating),
            "bare UCCI, {position}"
        );
        assert_eq!(
            bare_uci(&engine, position).as_deref(),
            Some(repeating),
            "bare UCI, {position}"
        );
        for protocol in ["ucci", "uci"] {
            let (lines, mv) = bridged(&engine, protocol, position);
            let mv = mv.unwrap_or_else(|| panic!("{protocol}: no move: {lines:?}"));
            assert_ne!(mv, repeating, "{protocol}: {lines:?}");
            assert!(
                has_info(&lines, |l| l.starts_with(&format!("banned {repeating} ("))),
                "{protocol}: {lines:?}"
            );
        }
    }
}

/// One ply before each case's cycle closes, Fairy-Stockfish, as Black,
/// closes it and expects Red to repeat: the `ponder` move it names is the
/// one the rules then forbid Red, and the GUI is not told to ponder on it.
#[test]
fn a_ponder_move_the_rules_forbid_is_not_passed_on() {
    let Some(engine) = engine() else { return };
    for (position, repeating) in CASES {
        let before = position.rsplit_once(' ').expect("moves").0;
        for protocol in ["ucci", "uci"] {
            let (lines, mv) = bridged(&engine, protocol, before);
            assert!(mv.is_some(), "{protocol}: {lines:?}");
            assert_ne!(
                ponder_of(&lines).as_deref(),
                Some(repeating),
                "{protocol}, {before}: {lines:?}"
            );
        }
    }
}

/// 98 plies without a capture, and none possible (a horse and an advisor
/// against a bare king): Fairy-Stockfish in UCCI mode, whose own limit is
/// 120 plies, plays a move and names Black's reply as its `ponder` move;
/// under dqsz2017-rapid that reply reaches the natural limit (50 rounds)
/// and ends the game, so the GUI is not told to ponder on it. Under
/// cxa2020 (60 rounds) the game goes on after it, and the GUI gets it.
#[test]
fn a_ponder_move_after_which_the_game_is_over_is_not_passed_on() {
    let Some(engine) = engine() else { return };
    let position = "position fen 3k5/9/9/9/9/9/9/9/4A4/4K3N w - - 98 60";
    let bare = {
        let mut e = Gui::start(&engine, &[]);
        e.send("ucci");
        e.until(|l| l == "ucciok");
        e.send(position);
        e.send("go depth 8");
        e.search().0
    };
    assert!(ponder_of(&bare).is_some(), "{bare:?}");
    for (profile, passed_on) in [("dqsz2017-rapid", false), ("cxa2020", true)] {
        let mut gui = Gui::xqarbiter(&["--profile", profile, "--engine", &engine]);
        gui.handshake();
        gui.send(position);
        gui.send("go depth 8");
        let (lines, mv) = gui.search();
        assert!(mv.is_some(), "{profile}: {lines:?}");
        assert_eq!(
            ponder_of(&lines).is_some(),
            passed_on,
            "{profile}: {lines:?}"
        );
    }
}

/// CXA-图17 as one game: Red's rook chases round the cycle, which then
/// forbids b7b8; Red varies (e0e1, and Black h7h8) and goes round again,
/// and once more after the king's way back, where b7b8 would make the
/// position stand a third time.
const FIG17_FEN: &str = "1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w - - 0 1";
const FIG17_GAME: [&str; 16] = [
    "b7b8", "d8d7", "b8b7", "d7d8", "e0e1", "h7h8", "b7b8", "d8d7", "b8b7", "d7d8", "e1e0", "h8h7",
    "b7b8", "d8d7", "b8b7", "d7d8",
];

/// [`FIG17_GAME`]'s position after `ply` plies.
fn fig17_after(ply: usize) -> String {
    format!(
        "position fen {FIG17_FEN} moves {}",
        FIG17_GAME[..ply].join(" ")
    )
}

/// Fairy-Stockfish on its own, in `protocol`, told that `banned` may not be
/// played in `position` as the bridge tells it: UCCI `banmoves`, UCI
/// `searchmoves` with every other legal move (ranks 1–10, converted back).
fn bare_without(engine: &str, protocol: &str, position: &str, banned: &str) -> Option<String> {
    if protocol == "ucci" {
        let mut e = Gui::start(engine, &[]);
        e.send("ucci");
        e.until(|l| l == "ucciok");
        e.send(position);
        e.send(&format!("banmoves {banned}"));
        e.send("go depth 9");
        return e.search().1;
    }
    let pos = position_after(position);
    let allowed: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| m.to_string())
        .filter(|m| m != banned)
        .map(|m| shift_ranks(&m, 1))
        .collect();
    let mut e = Gui::start(engine, &[]);
    e.send("uci");
    e.until(|l| l == "uciok");
    e.send("setoption name UCI_Variant value xiangqi");
    e.send("isready");
    e.until(|l| l == "readyok");
    e.send(&moves_shifted(position, 1));
    e.send(&format!("go depth 9 searchmoves {}", allowed.join(" ")));
    e.search().1.map(|m| shift_ranks(&m, -1))
}

/// One game, three replies of Red's where the rules ban b7b8: at the first
/// and the last, b7b8 is Fairy-Stockfish's own first choice (on its own it
/// plays it), in the middle it is not. Each time, in both of its protocols,
/// the engine is told the ban (`banmoves`, or `searchmoves` without it) and
/// its answer, another move, is passed on as its own: no refusal, no move
/// of the bridge's. The first answer, of an engine fresh as a bare one, is
/// the one the bare engine gives when told the ban: the engine's best move
/// but the banned one.
#[test]
fn the_engines_banned_first_choice_is_refused_at_every_reply_of_a_game() {
    let Some(engine) = engine() else { return };
    for protocol in ["ucci", "uci"] {
        let log = temp_log(&format!("banned-first-choice-{protocol}"));
        let mut gui = Gui::xqarbiter(&[
            "--profile",
            "cxa2020",
            "--engine",
            &engine,
            "--engine-protocol",
            protocol,
            "--log",
            log.to_str().expect("a UTF-8 path"),
        ]);
        gui.handshake();
        let mut answers = Vec::new();
        for (ply, first_choice_banned) in [(4, true), (10, false), (16, true)] {
            let position = fig17_after(ply);
            let bare = if protocol == "ucci" {
                bare_ucci(&engine, &position)
            } else {
                bare_uci(&engine, &position)
            };
            assert_eq!(
                bare.as_deref() == Some("b7b8"),
                first_choice_banned,
                "{protocol}, ply {ply}: on its own the engine plays {bare:?}"
            );
            gui.send(&position);
            gui.send("go depth 9");
            let (lines, mv) = gui.search();
            let mv = mv.unwrap_or_else(|| panic!("{protocol}, ply {ply}: {lines:?}"));
            assert!(
                has_info(&lines, |l| l.starts_with("banned b7b8 (")),
                "{protocol}, ply {ply}: {lines:?}"
            );
            assert_ne!(mv, "b7b8", "{protocol}, ply {ply}: {lines:?}");
            assert!(
                !has_info(&lines, |l| l.contains("engine answered")
                    || l.contains("playing ")),
                "{protocol}, ply {ply}: {lines:?}"
            );
            assert_eq!(
                pv_firsts(&lines).last(),
                Some(&mv),
                "{protocol}, ply {ply}: {lines:?}"
            );
            answers.push(mv);
        }
        let text = quit_and_read_log(&mut gui, &log);
        let goes: Vec<&str> = text.lines().filter(|l| l.contains("->ENG go ")).collect();
        assert_eq!(goes.len(), 3, "{protocol}: {text}");
        if protocol == "ucci" {
            assert_eq!(text.matches("->ENG banmoves b7b8").count(), 3, "{text}");
        } else {
            // b7b8 with ranks 1–10.
            assert!(
                goes.iter()
                    .all(|g| g.contains(" searchmoves ") && !g.contains(" b8b9")),
                "{goes:?}"
            );
        }
        assert_eq!(
            bare_without(&engine, protocol, &fig17_after(4), "b7b8").as_ref(),
            Some(&answers[0]),
            "{protocol}: {answers:?}"
        );
    }
}

/// Red's rook checks round a cycle (a8a9 e9e8 a9a8 e8e9; the elephant on e7
/// keeps the king off e7 and the kings apart) while Black's rooks on h2
/// and i1 mate Red's king as soon as the checks stop: after one cycle,
/// a8a9, which repeats it, is unilateral perpetual check, which CXA 2020
/// forbids.
const PERPETUAL_WHEN_LOST: &str =
    "position fen 4k4/R8/4b4/9/9/9/9/7r1/8r/4K4 w - - 0 1 moves a8a9 e9e8 a9a8 e8e9";

/// A perpetual check Fairy-Stockfish plays because everything else loses
/// sooner: on its own, at depth 9, it repeats [`PERPETUAL_WHEN_LOST`]'s
/// cycle with a8a9 (mated in 4 by its count, in 3 after its best other move).
/// Through the bridge, in both of its protocols, it is told the ban and
/// plays another move: legal, not a8a9, scored as the loss it is, and the
/// move the bare engine plays when told the ban.
#[test]
fn a_perpetual_check_the_engine_plays_when_lost_is_replaced() {
    let Some(engine) = engine() else { return };
    let banned = "a8a9";
    assert_eq!(
        bare_ucci(&engine, PERPETUAL_WHEN_LOST).as_deref(),
        Some(banned)
    );
    assert_eq!(
        bare_uci(&engine, PERPETUAL_WHEN_LOST).as_deref(),
        Some(banned)
    );
    let pos = position_after(PERPETUAL_WHEN_LOST);
    for protocol in ["ucci", "uci"] {
        let (lines, mv) = bridged(&engine, protocol, PERPETUAL_WHEN_LOST);
        let mv = mv.unwrap_or_else(|| panic!("{protocol}: no move: {lines:?}"));
        assert_ne!(mv, banned, "{protocol}: {lines:?}");
        assert!(
            pos.is_legal(Move::parse_uci(&mv).expect("a move")),
            "{protocol}: {lines:?}"
        );
        assert!(
            has_info(&lines, |l| l.starts_with(&format!("banned {banned} ("))),
            "{protocol}: {lines:?}"
        );
        let score = lines.iter().rev().find_map(|l| {
            l.split(" score ")
                .nth(1)?
                .split(' ')
                .next()?
                .parse::<i64>()
                .ok()
        });
        assert!(score.is_some_and(|s| s < -9000), "{protocol}: {lines:?}");
        assert_eq!(
            bare_without(&engine, protocol, PERPETUAL_WHEN_LOST, banned).as_ref(),
            Some(&mv),
            "{protocol}"
        );
    }
}

#[test]
fn gui_banmoves_reach_both_protocols() {
    let Some(engine) = engine() else { return };
    for protocol in ["ucci", "uci"] {
        let mut gui = Gui::xqarbiter(&[
            "--profile",
            "axf",
            "--engine",
            &engine,
            "--engine-protocol",
            protocol,
        ]);
        gui.handshake();
        gui.send("position startpos");
        gui.send("go depth 6");
        let (_, first) = gui.search();
        let first = first.expect("a move");
        gui.send("position startpos");
        gui.send(&format!("banmoves {first}"));
        gui.send("go depth 6");
        let (lines, second) = gui.search();
        let second = second.expect("a move");
        assert_ne!(first, second, "{protocol}: {lines:?}");
        // Scores and moves come back in UCCI form.
        assert!(
            lines.iter().any(|l| l.starts_with("info depth")),
            "{lines:?}"
        );
        assert!(!lines.iter().any(|l| l.contains(" cp ")), "{lines:?}");
        gui.send("quit");
        gui.until(|l| l == "bye");
    }
}

#[test]
fn uci_time_controls_and_stop() {
    let Some(engine) = engine() else { return };
    let (mut gui, log) = logged("time", &["--engine", &engine, "--engine-protocol", "uci"]);
    gui.handshake();
    gui.send("setoption usemillisec false");
    gui.send("position startpos moves h2e2");
    gui.send("go time 3 increment 1 opptime 5 oppincrement 2");
    assert!(gui.search().1.is_some());
    gui.send("position startpos");
    gui.send("go depth infinite");
    gui.send("stop");
    assert!(gui.search().1.is_some());
    gui.send("go ponder time 2 increment 0");
    gui.send("ponderhit");
    assert!(gui.search().1.is_some());
    gui.send("go draw depth 2");
    assert!(gui.search().1.is_some());
    let text = quit_and_read_log(&mut gui, &log);
    // Black to move: its clock is btime; seconds become milliseconds. The
    // seconds left are told to the nearest one: 3, or 2 if the bridge took
    // half a second or more to pass the `go` on (a loaded machine).
    assert!(
        told(
            &text,
            "go wtime 5000 btime ",
            2000..=3000,
            " winc 2000 binc 1000"
        ),
        "{text}"
    );
    assert!(text.contains("->ENG go infinite"), "{text}");
    assert!(
        text.contains("->ENG go ponder wtime 2000 btime 2000 winc 0 binc 0"),
        "{text}"
    );
    assert!(text.contains("->ENG ponderhit"), "{text}");
    assert!(text.contains("->ENG go depth 2\n"), "{text}");
    assert!(text.contains("GUI-> stop"), "{text}");
    assert!(text.contains("->GUI bye"), "{text}");
    assert!(text.contains("ENG-> bestmove"), "{text}");
    for line in text.lines() {
        let (stamp, rest) = line.split_once(' ').expect("timestamp");
        assert!(
            stamp.len() == 24 && stamp.ends_with('Z') && stamp.as_bytes()[10] == b'T',
            "{line}"
        );
        assert!(
            ["GUI->", "->GUI", "->ENG", "ENG->"]
                .iter()
                .any(|m| rest.starts_with(m)),
            "{line}"
        );
    }
}

/// Fairy-Stockfish's UCCI mode reads `go` times in milliseconds although it
/// does not declare `usemillisec`: the GUI's clock must reach it unshrunk.
#[test]
fn ucci_fairy_stockfish_gets_its_clock_in_milliseconds() {
    let Some(engine) = engine() else { return };
    let (mut gui, log) = logged("ucci-time", &["--engine", &engine]);
    gui.handshake();
    gui.send("position startpos moves h2e2");
    gui.send("go time 700 increment 0");
    assert!(gui.search().1.is_some());
    gui.send("setoption usemillisec false");
    gui.send("go time 1 increment 0 opptime 2");
    assert!(gui.search().1.is_some());
    let text = quit_and_read_log(&mut gui, &log);
    // The clock less what the bridge took to pass the `go` on: up to half
    // of it on a loaded machine (shrunk to seconds, it would be 0 or 1).
    assert!(told(&text, "go time ", 350..=700, " increment 0"), "{text}");
    assert!(
        told(&text, "go time ", 900..=1000, " increment 0 opptime 2000"),
        "{text}"
    );
}

/// Whether the log `text` shows the engine told `head N tail` with `N` in
/// `range`: the GUI's clock less what the session took to pass it on, which
/// a loaded machine makes a millisecond or more (a second, counted in
/// seconds).
fn told(text: &str, head: &str, range: std::ops::RangeInclusive<u64>, tail: &str) -> bool {
    text.lines()
        .filter_map(|l| l.split_once("->ENG ")?.1.strip_prefix(head))
        .filter_map(|rest| {
            let end = rest.find(' ').unwrap_or(rest.len());
            Some((rest[..end].parse::<u64>().ok()?, &rest[end..]))
        })
        .any(|(n, rest)| range.contains(&n) && rest == tail)
}

/// `go depth infinite` searches until `stop`, also through Fairy-Stockfish's
/// UCCI mode (which stops by itself on that form, but not on `go infinite`):
/// the search goes on past depth 8 (a search that stopped by itself would
/// have answered by then), and `isready` is answered before any answer.
#[test]
fn ucci_infinite_search_lasts_until_stop() {
    let Some(engine) = engine() else { return };
    let answer = |l: &str| l.starts_with("bestmove") || l == "nobestmove";
    let deep = |l: &str| {
        let depth = l
            .strip_prefix("info depth ")
            .and_then(|r| r.split(' ').next());
        depth
            .and_then(|d| d.parse::<u32>().ok())
            .is_some_and(|d| d >= 8)
    };
    for protocol in ["ucci", "uci"] {
        let mut gui = Gui::xqarbiter(&["--engine", &engine, "--engine-protocol", protocol]);
        gui.handshake();
        gui.send("position startpos");
        gui.send("go depth infinite");
        let lines = gui.until(|l| deep(l) || answer(l));
        assert!(
            !lines.iter().any(|l| answer(l)),
            "{protocol}: answered before stop: {lines:?}"
        );
        let lines = gui.ready_while_searching();
        assert!(
            !lines.iter().any(|l| answer(l)),
            "{protocol}: answered before stop: {lines:?}"
        );
        gui.send("stop");
        assert!(gui.search().1.is_some(), "{protocol}");
        gui.send("quit");
        gui.until(|l| l == "bye");
    }
}

#[test]
fn killed_engine_is_reported_and_restarted() {
    let Some(engine) = engine() else { return };
    let (mut gui, log) = logged("killed", &["--engine", &engine]);
    gui.handshake();
    let started = |text: &str| -> Vec<u32> {
        text.lines()
            .filter_map(|l| l.split("(started process ").nth(1))
            .filter_map(|r| r.trim_end_matches(')').parse().ok())
            .collect()
    };
    let pids = started(&fs::read_to_string(&log).expect("log"));
    assert_eq!(pids.len(), 1);
    let killed = std::process::Command::new("kill")
        .args(["-9", &pids[0].to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    // Whether the death is seen before this search or during it, the GUI
    // gets an answer, and the next search at the latest runs on a new engine.
    gui.send("position startpos");
    gui.send("go depth 3");
    let (lines, mv) = gui.search();
    if mv.is_none() {
        assert!(has_info(&lines, |l| l.contains("exited")), "{lines:?}");
        gui.send("position startpos");
        gui.send("go depth 3");
        let (lines, mv) = gui.search();
        assert!(mv.is_some(), "{lines:?}");
    }
    let text = quit_and_read_log(&mut gui, &log);
    assert!(text.contains("the engine exited"), "{text}");
    assert_eq!(started(&text).len(), 2, "{text}");
}

#[test]
fn crashing_engine_is_answered_for_by_the_bridge_and_restarted() {
    // Crashing on every search, also once started again within the move:
    // the GUI gets a legal move of the bridge's, not `nobestmove` (a forfeit).
    let engine = fake("exit 3");
    let mut gui = Gui::xqarbiter(&["--engine", &engine]);
    gui.handshake();
    for go in ["go depth 5", "go time 5000"] {
        gui.send("position startpos");
        gui.send(go);
        let (lines, mv) = gui.search();
        let mv = mv.unwrap_or_else(|| panic!("{go}: no move: {lines:?}"));
        let legal = Position::startpos().legal_moves();
        assert!(legal.iter().any(|m| m.to_string() == mv), "{mv}");
        assert!(
            has_info(&lines, |l| l.contains("exited during the search")
                && l.contains("playing")),
            "{lines:?}"
        );
    }
    gui.send("isready");
    gui.until(|l| l == "readyok");
}

#[test]
fn an_engine_that_crashes_once_is_started_again_within_the_move() {
    // The first search crashes the engine; the engine started again answers.
    let tmp = tempfile::tempdir().expect("temp dir");
    let marker = tmp.path().join("crashed-once");
    let m = marker.display();
    let engine = fake(&format!(
        "if [ -e {m} ]; then echo bestmove h2e2; else touch {m}; exit 3; fi"
    ));
    let mut gui = Gui::xqarbiter(&["--engine", &engine]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go time 5000");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("h2e2"), "{lines:?}");
    assert!(
        has_info(&lines, |l| l.contains("starting it again and asking again")),
        "{lines:?}"
    );
}

#[test]
fn hanging_engine_never_makes_the_gui_wait() {
    let engine = fake("true");
    let mut gui = Gui::xqarbiter(&[
        "--engine",
        &engine,
        "--engine-timeout",
        "0.3",
        "--search-limit",
        "0.5",
    ]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go depth 5");
    // The bridge answers with its own move.
    let (lines, mv) = gui.search();
    assert!(mv.is_some(), "{lines:?}");
    assert!(
        has_info(&lines, |l| l.contains("no bestmove in time")
            && l.contains("playing")),
        "{lines:?}"
    );
    gui.send("position startpos");
    gui.send("go time 100");
    let (lines, mv) = gui.search();
    assert!(mv.is_some(), "{lines:?}");
    gui.send("go infinite");
    gui.send("stop");
    let (lines, mv) = gui.search();
    assert!(mv.is_some(), "{lines:?}");
}

/// The state letter of process `pid` (`R`, `S`, `Z` for a zombie, …), or
/// `None` once it is gone.
#[cfg(target_os = "linux")]
fn process_state(pid: u32) -> Option<char> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The name, in brackets, may hold spaces: the state follows its end.
    stat.rsplit_once(") ")?.1.chars().next()
}

/// An engine that gives no move in time and ignores `quit` is killed in the
/// middle of the session, and reaped while the session goes on: no zombie
/// of it is left behind for the rest of the session (nor, at `quit`, a
/// running engine).
#[cfg(target_os = "linux")]
#[test]
fn a_killed_engine_is_reaped_while_the_session_goes_on() {
    let deaf = "sh -c 'while read l; do case \"$l\" in ucci) echo ucciok;; isready) echo readyok;; esac; done'";
    let (mut gui, log) = logged(
        "reaped",
        &[
            "--engine",
            deaf,
            "--engine-timeout",
            "0.3",
            "--search-limit",
            "0.3",
        ],
    );
    gui.handshake();
    gui.send("position startpos");
    gui.send("go depth 5");
    let (lines, mv) = gui.search();
    assert!(mv.is_some(), "{lines:?}");
    assert!(
        has_info(&lines, |l| l.contains("no bestmove in time")),
        "{lines:?}"
    );
    let started = |text: &str| -> Vec<u32> {
        text.lines()
            .filter_map(|l| l.split("(started process ").nth(1))
            .filter_map(|r| r.trim_end_matches(')').parse().ok())
            .collect()
    };
    let killed = started(&fs::read_to_string(&log).expect("log"))[0];
    // The session lives on (it answers), and the killed engine is gone.
    let until = std::time::Instant::now() + ucci_common::PATIENCE;
    while process_state(killed).is_some() && std::time::Instant::now() < until {
        gui.send("isready");
        gui.until(|l| l == "readyok");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(process_state(killed), None, "process {killed}");
    // The engine started for the next position ignores `quit` too: the
    // session still ends, and takes it along.
    gui.send("position startpos");
    let text = quit_and_read_log(&mut gui, &log);
    let pids = started(&text);
    assert_eq!(pids.len(), 2, "{text}");
    assert!(gui.wait(), "{text}");
    let until = std::time::Instant::now() + ucci_common::PATIENCE;
    while process_state(pids[1]).is_some_and(|s| s != 'Z') && std::time::Instant::now() < until {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(
        process_state(pids[1]).is_none_or(|s| s == 'Z'),
        "process {} still runs",
        pids[1]
    );
}

#[test]
fn silent_engine_fails_the_handshake_without_hanging() {
    let mut gui = Gui::xqarbiter(&["--engine", "sleep 30", "--engine-timeout", "0.3"]);
    gui.send("ucci");
    let lines = gui.until(|l| l == "ucciok");
    assert!(has_info(&lines, |l| l.contains("not running")), "{lines:?}");
    gui.send("position startpos");
    gui.send("go depth 1");
    let (lines, mv) = gui.search();
    assert_eq!(mv, None, "{lines:?}");
}

#[test]
fn engine_that_ignores_bans_is_not_passed_on() {
    let engine = fake("echo bestmove h2e2");
    let mut gui = Gui::xqarbiter(&["--engine", &engine]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("banmoves h2e2");
    gui.send("go depth 5");
    let (lines, mv) = gui.search();
    let mv = mv.expect("a fallback move");
    assert_ne!(mv, "h2e2");
    // It was told h2e2 is banned: asking again would only spend time.
    assert!(
        !has_info(&lines, |l| l.contains("asking again")),
        "{lines:?}"
    );
    assert!(
        has_info(&lines, |l| l
            .contains("which it was told it may not play; playing")),
        "{lines:?}"
    );
    // An illegal answer is worth asking again about.
    gui.send("position startpos moves h2e2");
    gui.send("go depth 5");
    let (lines, mv) = gui.search();
    assert_ne!(mv.as_deref(), Some("h2e2"), "{lines:?}");
    assert!(
        has_info(&lines, |l| l
            .contains("(not a legal move); not passed on, asking again")),
        "{lines:?}"
    );
}

#[test]
fn rejected_position_is_not_searched() {
    let engine = fake("echo bestmove h9g7");
    let mut gui = Gui::xqarbiter(&["--engine", &engine]);
    gui.handshake();
    for bad in [
        "position startpos moves h2e2 h2e2",
        "position fen 9/9/9 w",
        "position fen",
    ] {
        gui.send("position startpos moves h2e2");
        gui.send(bad);
        gui.send("go depth 5");
        let (lines, mv) = gui.search();
        assert_eq!(mv, None, "{bad}: {lines:?}");
        assert!(
            has_info(&lines, |l| l.starts_with("no position to search")),
            "{bad}: {lines:?}"
        );
    }
    gui.send("position startpos moves h2e2");
    gui.send("go depth 5");
    assert_eq!(gui.search().1.as_deref(), Some("h9g7"));
}

#[test]
fn every_go_gets_an_answer() {
    let engine = fake("echo bestmove h2e2");
    let mut gui = Gui::xqarbiter(&["--engine", &engine]);
    gui.handshake();
    gui.send("position startpos");
    for (go, answer, note) in [
        ("go movetime 500", Some("h2e2"), None),
        ("go depth 4294967296", Some("h2e2"), Some("out of range")),
        ("go searchmoves h2e2 depth 3", Some("h2e2"), Some("ignored")),
        ("go time 1.5", None, Some("go rejected")),
        ("go depth", None, Some("go rejected")),
    ] {
        gui.send(go);
        let (lines, mv) = gui.search();
        assert_eq!(mv.as_deref(), answer, "{go}: {lines:?}");
        if let Some(note) = note {
            assert!(has_info(&lines, |l| l.contains(note)), "{go}: {lines:?}");
        }
    }
}

#[test]
fn control_bytes_from_the_engine_are_escaped() {
    let engine = fake("printf \"info string a\\001b\\nbestmove h2e2\\000\\n\"");
    let mut gui = Gui::xqarbiter(&["--engine", &engine]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go depth 1");
    let (lines, _) = gui.search();
    assert!(
        !lines.iter().any(|l| l.chars().any(char::is_control)),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l == "info message a\\x01b"),
        "{lines:?}"
    );
}

/// Black mated: the game over is said, and no move is given, the engine
/// not asked (it answers any `go` with a move).
#[test]
fn game_over_is_ruled_without_asking_the_engine() {
    let engine = fake("echo bestmove d9e9");
    let mut gui = Gui::xqarbiter(&["--engine", &engine]);
    gui.handshake();
    gui.send("position fen 3k5/9/9/9/9/9/9/9/3R5/3RK4 b - - 0 1");
    gui.send("go depth 5");
    let (lines, mv) = gui.search();
    assert_eq!(mv, None);
    assert!(
        has_info(&lines, |l| l.starts_with("game over")),
        "{lines:?}"
    );
}

/// [`PERPETUAL`] played on: Red's perpetual check closed its cycle a third
/// time at ply 8, where Red lost (CXA 2020 25.1), and a GUI that does not
/// know the rules had Red check once more. Black, to move, has won.
const WON_BY_THE_RULES: &str = "position fen 2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1 moves f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8 f0e0";

/// A GUI that plays on past the end by the rules and asks `go` is told
/// the game is over, and still gets a legal move from the engine (no move
/// would be scored as a loss, here in a game Black has won): from either
/// engine protocol, to a UCCI or a UCI GUI, in a search with a limit and
/// in an endless or a ponder one.
#[test]
fn a_game_over_by_the_rules_still_gets_the_engines_move() {
    let Some(engine) = engine() else { return };
    let pos = position_after(WON_BY_THE_RULES);
    let legal =
        |mv: &str, by: i32| Move::parse_uci(&shift_ranks(mv, by)).is_ok_and(|m| pos.is_legal(m));
    let over = |l: &str| l.starts_with("game over: By the rules the game ended after ply 8");
    for protocol in ["ucci", "uci"] {
        let args = [
            "--profile",
            "cxa2020",
            "--engine",
            &engine,
            "--engine-protocol",
            protocol,
        ];
        let mut gui = Gui::xqarbiter(&args);
        gui.handshake();
        gui.send(WON_BY_THE_RULES);
        for (go, lines, mv) in search_three_ways(&mut gui, &[]) {
            assert!(has_info(&lines, over), "{protocol}, {go}: {lines:?}");
            let mv = mv.unwrap_or_else(|| panic!("{protocol}, {go}: no move: {lines:?}"));
            assert!(legal(&mv, 0), "{protocol}, {go}: {lines:?}");
        }

        let mut uci = Gui::xqarbiter(&args);
        uci.uci_handshake();
        uci.send(&moves_shifted(WON_BY_THE_RULES, 1));
        uci.send("go wtime 5000 btime 5000");
        let (lines, mv) = uci.search();
        assert!(
            lines
                .iter()
                .any(|l| l.strip_prefix("info string ").is_some_and(over)),
            "UCI GUI, {protocol}: {lines:?}"
        );
        let mv = mv.unwrap_or_else(|| panic!("UCI GUI, {protocol}: no move: {lines:?}"));
        assert!(legal(&mv, -1), "UCI GUI, {protocol}: {lines:?}");
    }
}

/// [`PERPETUAL`] from the position after Red's first check, gone round
/// twice: Red's only legal move, f0e0, now completes the decisive
/// occurrence (the position would stand 3 times).
const PERPETUAL_DECIDES: &str = "position fen 2b6/4k4/9/9/9/9/9/9/2p6/3KR1Bc1 b - - 0 1 moves e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8";

/// Where every legal move the bridge's side has is banned but the game
/// goes on ([`PERPETUAL`]: Red's only legal move, f0e0, repeats its
/// perpetual check), the bridge says so and still passes on the engine's
/// move (no move would be scored as a loss): f0e0, short of the decisive
/// occurrence, in a search with a limit, an endless and a ponder one, from
/// either engine protocol; and also where f0e0 is the decisive occurrence,
/// since every move then ends the game. A UCI GUI's `searchmoves` that
/// leave only a banned move (Red's b7a9 in [`FIG20`]) are answered so too.
#[test]
fn every_legal_move_banned_still_gets_the_engines_move() {
    let Some(engine) = engine() else { return };
    let yet = |l: &str| {
        l.starts_with("every legal move is banned") && l.contains("the game goes on after f0e0 ")
    };
    let at_once =
        |l: &str| l.starts_with("every legal move is banned, and each ends the game at once");
    for protocol in ["ucci", "uci"] {
        let args = [
            "--profile",
            "cxa2020",
            "--engine",
            &engine,
            "--engine-protocol",
            protocol,
        ];
        let mut gui = Gui::xqarbiter(&args);
        gui.handshake();
        for (position, said) in [
            (PERPETUAL, &yet as &dyn Fn(&str) -> bool),
            (PERPETUAL_DECIDES, &at_once),
        ] {
            for (go, lines, mv) in search_three_ways(&mut gui, &[position]) {
                assert!(has_info(&lines, said), "{protocol}, {go}: {lines:?}");
                assert_eq!(mv.as_deref(), Some("f0e0"), "{protocol}, {go}: {lines:?}");
            }
        }
        gui.send("quit");
        gui.until(|l| l == "bye");

        let mut uci = Gui::xqarbiter(&args);
        uci.uci_handshake();
        uci.send(&moves_shifted(FIG20, 1));
        uci.send("go wtime 5000 btime 5000 searchmoves b7a9");
        let (lines, mv) = uci.search();
        assert!(
            lines.iter().any(|l| l
                .strip_prefix("info string every move among searchmoves is banned")
                .is_some_and(|l| l.contains("the game goes on after b7a9 "))),
            "UCI GUI, {protocol}: {lines:?}"
        );
        assert_eq!(
            mv.as_deref(),
            Some("b7a9"),
            "UCI GUI, {protocol}: {lines:?}"
        );
    }
}

/// Red's rook checks Black's king on the e- and f-files, round and round;
/// at the end, rook on e9 and king on f8, both Red's checks repeat a
/// position with Red the offender: e9e8 at the decisive occurrence (the
/// position would stand 3 times), e9f9 at its second, next to the king,
/// which takes the rook. Fairy-Stockfish, free to choose, plays e9e8.
const MIXED_BANS: &str = "position fen 4k4/8R/9/9/9/9/9/9/4A4/3K5 w - - 0 1 moves i8e8 e9f9 e8f8 f9e9 f8e8 e9f9 e8f8 f9e9 f8f9 e9e8 f9e9 e8f8 e9f9 f8e8 f9e9 e8f8";

/// Red's rook checks Black's king round the palace: at the end, rook on
/// e8 and king on f9, e8f8, e8e9 (each a check from next to the king,
/// which takes the rook) and e8g8 repeat a position with Red the offender,
/// short of the decisive occurrence; the first two come first in the order
/// of legal moves.
const ROOK_ROUND_BANS: &str = "position fen 2b6/5k3/9/9/9/9/9/9/2p6/3KR2Nc w - - 0 1 moves e0g0 i0i6 g0g8 f8f9 g8f8 f9e9 f8f9 e9e8 f9e9 e8f8 e9e8 f8f9";

/// `banmoves` for every legal move of `position` (a UCCI `position fen …
/// moves …` line) but `kept`.
fn ban_all_but(position: &str, kept: &[&str]) -> String {
    let pos = position_after(position);
    let others: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| m.to_string())
        .filter(|m| !kept.contains(&m.as_str()))
        .collect();
    assert_eq!(others.len() + kept.len(), pos.legal_moves().len());
    format!("banmoves {}", others.join(" "))
}

/// Where every move left is banned, some at the repetition's decisive
/// occurrence and some short of it ([`MIXED_BANS`], the GUI banning all
/// but the two checks the rules ban), the move played is the one short
/// of it, e9f9, though it loses the rook and Fairy-Stockfish would rather
/// play e9e8 (which the bridge keeps banned): in both engine protocols,
/// with a limit, endless and pondering.
#[test]
fn with_every_move_banned_the_move_played_is_short_of_the_decisive_occurrence() {
    let Some(engine) = engine() else { return };
    let said = |l: &str| {
        l.starts_with("every legal move is banned")
            && l.contains("the game goes on after e9f9 ")
            && l.contains("e9e8 would end it at once and stay banned")
    };
    let bans = ban_all_but(MIXED_BANS, &["e9e8", "e9f9"]);
    for protocol in ["ucci", "uci"] {
        let args = [
            "--profile",
            "cxa2020",
            "--engine",
            &engine,
            "--engine-protocol",
            protocol,
        ];
        let mut gui = Gui::xqarbiter(&args);
        gui.handshake();
        for (go, lines, mv) in search_three_ways(&mut gui, &[MIXED_BANS, &bans]) {
            assert!(has_info(&lines, said), "{protocol}, {go}: {lines:?}");
            assert_eq!(mv.as_deref(), Some("e9f9"), "{protocol}, {go}: {lines:?}");
        }
        gui.send("quit");
        gui.until(|l| l == "bye");
    }
}

/// An engine that ignores the bans and answers a move the GUI banned, in
/// [`ROOK_ROUND_BANS`] (the GUI banning every move but the three the rules
/// ban), gets the bridge's own pick among those three, whose bans are
/// lifted: e8g8, which keeps the rook, not the first of them, e8f8.
#[test]
fn the_bridges_own_pick_among_lifted_bans_keeps_the_material() {
    let lifted = ["e8f8", "e8g8", "e8e9"];
    let bans = ban_all_but(ROOK_ROUND_BANS, &lifted);
    let answer = bans.split(' ').nth(1).expect("a move the GUI bans");
    let engine = fake(&format!("echo bestmove {answer}"));
    let mut gui = Gui::xqarbiter(&["--profile", "cxa2020", "--engine", &engine]);
    gui.handshake();
    gui.send(ROOK_ROUND_BANS);
    gui.send(&bans);
    gui.send("go depth 5");
    let (lines, mv) = gui.search();
    assert!(
        has_info(&lines, |l| l
            .contains("the game goes on after e8f8 e8g8 e8e9 ")),
        "{lines:?}"
    );
    assert!(
        has_info(&lines, |l| l
            .starts_with(&format!("engine answered {answer}"))
            && l.contains("playing e8g8 (the bridge's own pick")),
        "{lines:?}"
    );
    assert_eq!(mv.as_deref(), Some("e8g8"), "{lines:?}");
}

#[test]
fn shifts_ranks_both_ways() {
    assert_eq!(shift_ranks("b7b8", 1), "b8b9");
    assert_eq!(shift_ranks("a10a9", -1), "a9a8");
}

#[test]
fn draw_offers_are_answered_for_uci_engines_by_the_score() {
    let Some(engine) = engine() else { return };
    let mut gui = Gui::xqarbiter(&["--engine", &engine, "--engine-protocol", "uci"]);
    gui.handshake();
    // Bare kings: the score is 0, the offer is accepted.
    gui.send("position fen 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    gui.send("go draw depth 5");
    let (lines, mv) = gui.search();
    assert!(mv.is_some());
    assert!(
        lines.last().is_some_and(|l| l.ends_with(" draw")),
        "{lines:?}"
    );
    // Red a rook up: declined.
    gui.send("position fen 3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    gui.send("go draw depth 5");
    let (lines, _) = gui.search();
    assert!(
        lines.last().is_some_and(|l| !l.ends_with(" draw")),
        "{lines:?}"
    );
    // No offer, no draw.
    gui.send("position fen 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    gui.send("go depth 5");
    let (lines, _) = gui.search();
    assert!(
        lines.last().is_some_and(|l| !l.ends_with(" draw")),
        "{lines:?}"
    );
    // An offer made with the ponder hit (`ponderhit draw`) is answered so too.
    for (hit, draw) in [("ponderhit draw", true), ("ponderhit", false)] {
        gui.send("go ponder depth 5");
        gui.send(hit);
        let (lines, mv) = gui.search();
        assert!(mv.is_some(), "{hit}: {lines:?}");
        assert_eq!(
            lines.last().is_some_and(|l| l.ends_with(" draw")),
            draw,
            "{hit}: {lines:?}"
        );
    }
}

/// A UCCI engine answers a draw offer itself: `go draw` and `ponderhit
/// draw` reach Fairy-Stockfish's UCCI mode as written.
#[test]
fn draw_offers_reach_a_ucci_engine_as_written() {
    let Some(engine) = engine() else { return };
    let (mut gui, log) = logged("ucci-draw", &["--engine", &engine]);
    gui.handshake();
    gui.send("position fen 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    gui.send("go draw depth 5");
    assert!(gui.search().1.is_some());
    gui.send("go ponder depth 5");
    gui.send("ponderhit draw");
    assert!(gui.search().1.is_some());
    let text = quit_and_read_log(&mut gui, &log);
    assert!(text.contains("->ENG go draw depth 5\n"), "{text}");
    assert!(text.contains("->ENG ponderhit draw\n"), "{text}");
}

/// A GUI that, after `stop`, sends its next `position` and `go` at once
/// (as on a ponder miss) gets both searches answered, in order, although the
/// engine's `bestmove` for the stopped search comes later than those lines.
#[test]
fn commands_after_stop_wait_for_the_stopped_search() {
    let engine = "sh -c 'while read l; do case \"$l\" in ucci) echo ucciok;; isready) echo readyok;; \
        go*infinite*) ;; go*) echo bestmove h9g7;; stop) sleep 0.3; echo bestmove h2e2;; quit) exit 0;; esac; done'";
    let mut gui = Gui::xqarbiter(&["--engine", engine]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go infinite");
    gui.send("stop");
    gui.send("position startpos moves h2e2");
    gui.send("go depth 3");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("h2e2"), "{lines:?}");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("h9g7"), "{lines:?}");
    assert!(!has_info(&lines, |l| l.starts_with("ignored")), "{lines:?}");
    // Several go/stop pairs at once: each stop stops its own search.
    for _ in 0..3 {
        gui.send("position startpos");
        gui.send("go infinite");
        gui.send("stop");
    }
    gui.send("isready");
    for _ in 0..3 {
        let (lines, mv) = gui.search();
        assert_eq!(mv.as_deref(), Some("h2e2"), "{lines:?}");
    }
    gui.until(|l| l == "readyok");
}

/// An engine that cannot be started: the handshake already says why, so a
/// match runner's log shows the cause before the first `go`.
#[test]
fn handshake_names_why_the_engine_is_not_running() {
    let mut gui = Gui::xqarbiter(&["--engine", "/nonexistent/xq-engine --flag"]);
    gui.send("ucci");
    let lines = gui.until(|l| l == "ucciok");
    assert!(
        has_info(&lines, |l| l.contains("not running")
            && l.contains("cannot start '/nonexistent/xq-engine --flag'")),
        "{lines:?}"
    );
}

/// A program that starts but does not answer the handshake is named, with
/// the option to wait longer and the protocol to try.
#[test]
fn an_engine_that_does_not_answer_the_handshake_is_named_with_what_to_try() {
    let mut gui = Gui::xqarbiter(&["--engine", "cat", "--engine-timeout", "0.3"]);
    gui.send("ucci");
    let lines = gui.until(|l| l == "ucciok");
    assert!(
        has_info(&lines, |l| l.contains(
            "'cat' started but did not answer 'ucci' with 'ucciok' within 0.3 s \
             (--engine-timeout; an engine that speaks UCI needs --engine-protocol uci)"
        )),
        "{lines:?}"
    );
}

/// An engine that cannot be started is named on standard error as the
/// session starts, what and why, while standard output stays the GUI's:
/// the handshake, and only it.
/// `xqarbiter ucci ARGS` given `ucci` and `quit`: its output.
fn ucci_session(args: &[&str]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(ucci_common::BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(b"ucci\nquit\n").expect("write");
    drop(stdin);
    child.wait_with_output().expect("the binary finishes")
}

/// In Chinese (`--lang zh`) the start failure is said in Chinese, on
/// standard error and to the GUI.
#[test]
fn an_engine_start_failure_is_said_in_the_session_language() {
    let out = ucci_session(&["ucci", "--engine", "/nonexistent/xq-engine", "--lang", "zh"]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            "xqarbiter: --engine：无法启动“/nonexistent/xq-engine”：文件不存在；会话继续，\
             作为裁判程序，下一个局面时再启动引擎"
        ],
        "{err}"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(
            "info message 引擎未在运行（无法启动“/nonexistent/xq-engine”：文件不存在）；\
             下一个局面时再启动\n"
        ),
        "{stdout}"
    );
}

#[test]
fn an_engine_that_cannot_be_started_is_named_on_stderr_at_start_up() {
    let out = ucci_session(&["ucci", "--engine", "/nonexistent/xq-engine"]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            "xqarbiter: --engine: cannot start '/nonexistent/xq-engine': the file does not \
             exist; the session goes on as a referee, and the engine is started again at the \
             next position"
        ],
        "{err}"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines[0].starts_with("id name xqarbiter "), "{stdout}");
    assert_eq!(&lines[lines.len() - 2..], ["ucciok", "bye"], "{stdout}");
    assert!(!stdout.contains("xqarbiter:"), "{stdout}");
}

/// When an engine answers an illegal move and is asked again, the new `go`
/// carries only the time the GUI's clock has left, not the whole clock again
/// (three full tries would overstep the clock threefold). Bounded by what
/// the engine is told and how often it is asked, not by the wall clock:
/// the engine spends at least 600 ms before it answers, however busy the
/// machine, so each `go` it is told is 600 ms less than the one before, at
/// least, and it is asked at most twice. (That the first `go` is told the
/// whole clock but what passed since it arrived is checked to the
/// millisecond by the unit tests in src/ucci/session.rs.)
#[test]
fn asking_again_spends_only_the_time_left() {
    let engine = "sh -c 'while read l; do case \"$l\" in \
        ucci) echo option usemillisec type check default false; echo ucciok;; isready) echo readyok;; \
        go*) sleep 0.6; echo bestmove a0a5;; quit) exit 0;; esac; done'";
    let (mut gui, log) = logged("retry-clock", &["--engine", engine]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go time 1000 increment 0");
    let (lines, mv) = gui.search();
    assert_ne!(mv.as_deref(), Some("a0a5"), "{lines:?}");
    let text = quit_and_read_log(&mut gui, &log);
    let times: Vec<u64> = text
        .lines()
        .filter_map(|l| l.split("->ENG go time ").nth(1))
        .filter_map(|r| r.split_whitespace().next()?.parse().ok())
        .collect();
    assert!(
        times.first().is_some_and(|&t| t <= 1000),
        "{times:?}\n{text}"
    );
    assert!(times.len() <= 2, "{times:?}\n{text}");
    let charged = times.windows(2).all(|w| w[1] + 600 <= w[0]);
    assert!(charged, "{times:?}\n{text}");
}

/// A move the bridge does not pass on is named to the GUI in UCCI
/// coordinates, also when the engine counts ranks from 1.
#[test]
fn refused_moves_are_named_in_ucci_coordinates() {
    let engine = "sh -c 'while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; \
        go*) echo bestmove h3e3;; quit) exit 0;; esac; done'";
    let mut gui = Gui::xqarbiter(&[
        "--engine",
        engine,
        "--engine-protocol",
        "uci",
        "--engine-rank-base",
        "1",
    ]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("banmoves h2e2");
    gui.send("go depth 1");
    let (lines, mv) = gui.search();
    assert_ne!(mv.as_deref(), Some("h2e2"), "{lines:?}");
    assert!(
        has_info(&lines, |l| l.starts_with("engine answered h2e2 (banned")),
        "{lines:?}"
    );
}

// ---- a UCI GUI ----------------------------------------------------------

/// Starts a bridge in front of Fairy-Stockfish speaking `protocol`, for a
/// UCI GUI that counts ranks from `base` (1: it sets `UCI_Variant`).
fn uci_gui(engine: &str, protocol: &str, base: u8, log: Option<&str>) -> (Gui, Vec<String>) {
    let mut args = vec!["--engine", engine, "--engine-protocol", protocol];
    if let Some(l) = log {
        args.extend(["--log", l]);
    }
    let mut gui = Gui::xqarbiter(&args);
    let options = gui.uci_handshake();
    if base == 1 {
        gui.send("setoption name UCI_Variant value xiangqi");
    }
    gui.send("ucinewgame");
    gui.send("isready");
    gui.until(|l| l == "readyok");
    (gui, options)
}

/// A move written with ranks from `base`, in UCCI coordinates.
fn from_base(mv: &str, base: u8) -> String {
    shift_ranks(mv, -i32::from(base))
}

/// A UCI GUI plays through the bridge, with clocks and with depths: every
/// answer is a legal move in the GUI's rank base, its ponder move too.
#[test]
fn uci_gui_plays_through_the_bridge_in_both_engine_protocols() {
    let Some(engine) = engine() else { return };
    for protocol in ["uci", "ucci"] {
        for base in [0u8, 1] {
            let (mut gui, options) = uci_gui(&engine, protocol, base, None);
            // The engine's own options, by the engine's names, in UCI form.
            let skill = if protocol == "uci" {
                "Skill Level"
            } else {
                "Skill_Level"
            };
            assert!(
                options
                    .iter()
                    .any(|l| l.starts_with(&format!("option name {skill} type spin"))),
                "{protocol}: {options:?}"
            );
            gui.send("setoption name Hash value 32");
            let mut pos = Position::startpos();
            let mut moves: Vec<String> = Vec::new();
            for ply in 0..6 {
                let head = "position startpos";
                if moves.is_empty() {
                    gui.send(head);
                } else {
                    gui.send(&format!("{head} moves {}", moves.join(" ")));
                }
                let go = if ply % 2 == 0 {
                    "go wtime 3000 btime 3000 winc 50 binc 50"
                } else {
                    "go depth 4"
                };
                gui.send(go);
                let (lines, mv) = gui.search();
                let what = format!("{protocol}, base {base}, ply {ply}, {go}");
                let mv = mv.unwrap_or_else(|| panic!("{what}: {lines:?}"));
                let parsed = Move::parse_uci(&from_base(&mv, base)).expect("a move");
                assert!(pos.is_legal(parsed), "{what}: {mv} {lines:?}");
                let last = lines.last().expect("bestmove");
                if let Some(p) = last.split(" ponder ").nth(1) {
                    let mut after = pos.clone();
                    after.play_unchecked(parsed);
                    let p = Move::parse_uci(&from_base(p, base)).expect("a ponder move");
                    assert!(after.is_legal(p), "{what}: {last}");
                }
                // UCI scores.
                assert!(
                    lines
                        .iter()
                        .any(|l| l.starts_with("info depth") && l.contains(" score cp ")
                            || l.contains(" score mate ")),
                    "{what}: {lines:?}"
                );
                assert!(
                    !has_info(&lines, |l| l.contains("ignored")),
                    "{what}: {lines:?}"
                );
                pos.play_unchecked(parsed);
                moves.push(mv);
            }
            gui.send("quit");
            assert!(gui.wait(), "{protocol}");
        }
    }
}

/// Through the bridge a UCI GUI gets the varied move where the bare engine
/// repeats, and the ban named in its own ranks.
#[test]
fn uci_gui_bridge_refuses_the_banned_move_in_the_gui_ranks() {
    let Some(engine) = engine() else { return };
    for protocol in ["uci", "ucci"] {
        for base in [0u8, 1] {
            for (position, repeating) in CASES {
                let (mut gui, _) = uci_gui(&engine, protocol, base, None);
                gui.send(&moves_shifted(position, i32::from(base)));
                gui.send("go depth 9");
                let (lines, mv) = gui.search();
                let banned = shift_ranks(repeating, i32::from(base));
                let what = format!("{protocol}, base {base}, {position}");
                assert!(mv.is_some(), "{what}: {lines:?}");
                assert_ne!(mv.as_deref(), Some(banned.as_str()), "{what}: {lines:?}");
                assert!(
                    has_info(&lines, |l| l.starts_with(&format!("banned {banned} ("))),
                    "{what}: {lines:?}"
                );
            }
        }
    }
}

/// A UCCI GUI's `go wtime … btime …` (Fairy-Stockfish's habit) is a timed
/// search for the side to move, in milliseconds whatever `usemillisec` says.
#[test]
fn ucci_gui_go_wtime_is_a_timed_search() {
    let Some(engine) = engine() else { return };
    for protocol in ["ucci", "uci"] {
        let (mut gui, log) = logged(
            &format!("wtime-{protocol}"),
            &["--engine", &engine, "--engine-protocol", protocol],
        );
        gui.handshake();
        gui.send("setoption usemillisec false");
        gui.send("position startpos moves h2e2");
        gui.send("go wtime 1500 btime 1200 winc 10 binc 20");
        // It ends by itself: no stop is sent.
        let (lines, mv) = gui.search();
        assert!(mv.is_some(), "{protocol}: {lines:?}");
        assert!(info_strings(&lines).is_empty(), "{protocol}: {lines:?}");
        let text = quit_and_read_log(&mut gui, &log);
        // Black's clock, less what the bridge took to pass the `go` on (2 ms
        // was seen under load).
        let (before, after) = match protocol {
            "ucci" => (
                "->ENG go time ",
                " increment 20 opptime 1500 oppincrement 10",
            ),
            _ => ("->ENG go wtime 1500 btime ", " winc 10 binc 20"),
        };
        let told: Vec<u64> = text
            .lines()
            .filter_map(|l| l.split_once(before)?.1.strip_suffix(after)?.parse().ok())
            .collect();
        assert!(
            matches!(told[..], [t] if (1000..=1200).contains(&t)),
            "{protocol}: {told:?}\n{text}"
        );
    }
}

/// `go … searchmoves` from a UCI GUI limits the engine's choice, also for a
/// UCCI engine (which is told the other moves as `banmoves`).
#[test]
fn uci_gui_searchmoves_limit_the_engine_in_both_protocols() {
    let Some(engine) = engine() else { return };
    for protocol in ["uci", "ucci"] {
        let (mut gui, _) = uci_gui(&engine, protocol, 1, None);
        gui.send("position startpos");
        gui.send("go depth 5 searchmoves b1c3 a4a5");
        let (lines, mv) = gui.search();
        assert!(
            matches!(mv.as_deref(), Some("b1c3" | "a4a5")),
            "{protocol}: {lines:?}"
        );
        // Moves that are not legal are named and left out.
        gui.send("go depth 3 searchmoves h1h5 i1i2");
        let (lines, mv) = gui.search();
        assert_eq!(mv.as_deref(), Some("i1i2"), "{protocol}: {lines:?}");
        assert!(
            has_info(&lines, |l| l
                .starts_with("go searchmoves h1h5: not a legal move")),
            "{protocol}: {lines:?}"
        );
        gui.send("go depth 3 searchmoves h1h5");
        let (lines, mv) = gui.search();
        assert_eq!(mv, None, "{protocol}: {lines:?}");
        assert_eq!(lines.last().map(String::as_str), Some("bestmove (none)"));
        gui.send("quit");
        assert!(gui.wait());
    }
}

// ---- the bridge's own move ------------------------------------------------

/// Black threatens a9d9 mate; a0b0, the first legal move in generator
/// order, and d0d1 walk into it, a0a2–a0a6 only put it off (the rook blocks
/// on the d-file and is taken with check): only a0a1 holds.
const MATE_NET: &str = "position fen r3k4/9/9/p8/9/9/9/9/9/R2K5 w - - 0 1";

/// A fake engine in `protocol` that answers every search with `on_go`.
fn fake_in(protocol: &str, on_go: &str) -> String {
    let ok = if protocol == "uci" { "uciok" } else { "ucciok" };
    format!(
        "sh -c 'while read l; do case \"$l\" in {protocol}) echo {ok};; isready) echo readyok;; go*) {on_go};; quit) exit 0;; esac; done'"
    )
}

/// The bridge in front of a fake engine in `protocol` that answers every
/// search with `on_go`, asked for a move in [`MATE_NET`] with d0d1 banned:
/// what the GUI saw, and the move.
fn search_mate_net_banning_d0d1(protocol: &str, on_go: &str) -> (Vec<String>, Option<String>) {
    let engine = fake_in(protocol, on_go);
    let mut gui = Gui::xqarbiter(&["--engine", &engine, "--engine-protocol", protocol]);
    gui.handshake();
    gui.send(MATE_NET);
    gui.send("banmoves d0d1");
    gui.send("go depth 5");
    gui.search()
}

/// An engine that insists on a banned move gets the bridge's pick, which
/// walks into no mate, in one or in two: not the first allowed move (mated
/// at once), nor a0a3 from the engine's line (mated two moves later).
#[test]
fn insisting_engine_is_replaced_by_a_move_that_holds() {
    for protocol in ["ucci", "uci"] {
        let (lines, mv) = search_mate_net_banning_d0d1(
            protocol,
            "echo info depth 1 score 3 pv a0a3 a9d9; echo bestmove d0d1",
        );
        assert_eq!(mv.as_deref(), Some("a0a1"), "{protocol}: {lines:?}");
        assert!(
            has_info(&lines, |l| l.contains("playing") && l.contains("own pick")),
            "{protocol}: {lines:?}"
        );
    }
}

/// The last line before a move the bridge plays in the engine's place.
fn own_line(lines: &[String]) -> &str {
    assert!(lines.len() >= 2, "{lines:?}");
    &lines[lines.len() - 2]
}

/// The move the bridge plays in the engine's place follows a line with the
/// score of the search that chose it, in the GUI's dialect: a mate in one
/// its own search sees (UCCI's `score 9999`, UCI's `score mate 1`), and in
/// the mate net a0a1, which holds the material level (0).
#[test]
fn the_bridges_own_move_is_shown_with_its_score() {
    for protocol in ["ucci", "uci"] {
        let engine = fake_in(
            protocol,
            "echo info depth 1 score 3 pv i8i7 d9d8; echo bestmove i8i7",
        );
        let mut gui = Gui::xqarbiter(&["--engine", &engine, "--engine-protocol", protocol]);
        gui.handshake();
        gui.send("position fen 3k5/8R/R8/9/9/9/9/9/9/4K4 w - - 0 1");
        gui.send("banmoves i8i7");
        gui.send("go depth 5");
        let (lines, mv) = gui.search();
        let mv = mv.unwrap_or_else(|| panic!("{protocol}: {lines:?}"));
        assert_eq!(
            own_line(&lines),
            format!("info depth 1 score 9999 pv {mv}"),
            "{protocol}: {lines:?}"
        );
        gui.send(MATE_NET);
        gui.send("banmoves i8i7");
        gui.send("go depth 5");
        let (lines, mv) = gui.search();
        assert_eq!(mv.as_deref(), Some("a0a1"), "{protocol}: {lines:?}");
        assert_eq!(
            own_line(&lines),
            "info depth 4 score 0 pv a0a1",
            "{protocol}: {lines:?}"
        );
        let (mut gui, _) = uci_gui(&engine, protocol, 0, None);
        gui.send("position fen 3k5/8R/R8/9/9/9/9/9/9/4K4 w - - 0 1");
        gui.send("go depth 5 searchmoves a7a9 a7a8");
        let (lines, mv) = gui.search();
        assert_eq!(mv.as_deref(), Some("a7a9"), "{protocol}: {lines:?}");
        assert_eq!(
            own_line(&lines),
            "info depth 1 score mate 1 pv a7a9",
            "{protocol}: {lines:?}"
        );
    }
}

/// The bridge in front of `engine` in `protocol` (with `extra` arguments),
/// which lets a depth-limited search run 2 s (time enough for the engine to
/// print lines on a loaded machine) and 1 s more before it counts the
/// engine as hung and plays for it. The same second bounds the engine's
/// start-up, which a loaded machine has been seen to take more than 0.3 s
/// over.
fn bridge_that_times_out(engine: &str, protocol: &str, extra: &[&str]) -> Gui {
    let mut args = vec![
        "--engine",
        engine,
        "--engine-protocol",
        protocol,
        "--search-limit",
        "2",
        "--engine-timeout",
        "1",
    ];
    args.extend_from_slice(extra);
    Gui::xqarbiter(&args)
}

/// Fairy-Stockfish that does not answer in time gets the first move of its
/// deepest line played for it, after a line with that line's depth and
/// score, in the GUI's dialect whatever the engine's.
#[test]
fn the_engines_line_played_for_it_is_shown_with_its_score() {
    let Some(engine) = engine() else { return };
    for (protocol, gui_uci) in [("ucci", true), ("uci", false)] {
        let mut gui = bridge_that_times_out(&engine, protocol, &[]);
        if gui_uci {
            gui.uci_handshake();
        } else {
            gui.handshake();
        }
        gui.send("position startpos moves h2e2");
        gui.send("go depth 200");
        let (lines, mv) = gui.search();
        let mv = mv.unwrap_or_else(|| panic!("{protocol}: {lines:?}"));
        assert!(
            has_info(&lines, |l| l.contains("no bestmove in time")
                && l.contains("the engine's latest line")),
            "{protocol}: {lines:?}"
        );
        // The deepest of the lines shown that begin with the move (the
        // latest of equals), without bounds.
        let depth_and_score = |l: &str| -> (u32, String) {
            let words: Vec<&str> = l.split(" pv ").next().unwrap().split(' ').collect();
            let at = |w: &str| words.iter().position(|x| *x == w);
            let depth = at("depth").map_or(0, |i| words[i + 1].parse().unwrap());
            let score = at("score").map_or(String::new(), |i| {
                let n = if words[i + 1] == "cp" || words[i + 1] == "mate" {
                    3
                } else {
                    2
                };
                words[i..i + n].join(" ")
            });
            (depth, score)
        };
        let shown = &lines[..lines.len() - 2];
        let deepest = shown
            .iter()
            .filter(|l| l.starts_with("info depth") && l.contains(" score "))
            .filter(|l| !l.contains("bound "))
            .filter(|l| l.split(" pv ").nth(1).and_then(|p| p.split(' ').next()) == Some(&mv))
            .map(|l| depth_and_score(l))
            .fold(None, |best: Option<(u32, String)>, l| match best {
                Some(b) if b.0 > l.0 => Some(b),
                _ => Some(l),
            })
            .unwrap_or_else(|| panic!("{protocol}: {lines:?}"));
        let own = own_line(&lines);
        assert_eq!(depth_and_score(own), deepest, "{protocol}: {lines:?}");
        let kind = own
            .split(" score ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        assert_eq!(
            kind == "cp" || kind == "mate",
            gui_uci,
            "{protocol}: {lines:?}"
        );
        assert!(own.ends_with(&format!(" pv {mv}")), "{protocol}: {lines:?}");
    }
}

/// An engine that insists on a banned move and shows it in its lines: the
/// GUI sees none of the lines that begin with it (their scores are of a
/// move it will not get) but their depths, and the last line it sees
/// begins with the move the bridge plays.
#[test]
fn insisting_engine_lines_the_gui_sees_begin_with_moves_it_may_get() {
    for protocol in ["ucci", "uci"] {
        let (lines, mv) = search_mate_net_banning_d0d1(
            protocol,
            "echo info depth 1 score 3 pv d0d1 a9d9; echo info depth 2 score 5 pv a0a3 a9d9; echo info depth 3 score 7 pv d0d1 a9d9; echo bestmove d0d1",
        );
        let mv = mv.unwrap_or_else(|| panic!("{protocol}: {lines:?}"));
        let firsts = pv_firsts(&lines);
        assert!(
            !firsts.contains(&"d0d1".to_string()),
            "{protocol}: {lines:?}"
        );
        assert_eq!(firsts.last(), Some(&mv), "{protocol}: {lines:?}");
        assert!(
            firsts.contains(&"a0a3".to_string()),
            "{protocol}: {lines:?}"
        );
        assert!(
            has_info(&lines, |l| l
                .contains("(d0d1) are shown without their score and moves")),
            "{protocol}: {lines:?}"
        );
        let depths: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .collect();
        assert_eq!(
            depths[..3],
            [
                "info depth 1",
                "info depth 2 score 5 pv a0a3 a9d9",
                "info depth 3"
            ],
            "{protocol}: {lines:?}"
        );
    }
}

/// An engine that ignores bans and begins every line with the banned move,
/// or with one that is not legal here, shows the GUI how deep it got, with
/// neither score nor moves, and why, once.
#[test]
fn an_engine_whose_every_line_begins_with_a_banned_move_shows_its_progress() {
    for protocol in ["ucci", "uci"] {
        let (lines, mv) = search_mate_net_banning_d0d1(
            protocol,
            "echo info depth 1 seldepth 2 score 3 nodes 20 time 1 pv d0d1 a9d9; echo info depth 2 score 5 nodes 90 time 2 pv d0d1 a9d9; echo info depth 3 score 7 pv a9a8; echo bestmove d0d1",
        );
        assert!(mv.is_some(), "{protocol}: {lines:?}");
        let shown: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .collect();
        assert_eq!(
            shown[..3],
            [
                "info depth 1 seldepth 2 nodes 20 time 1",
                "info depth 2 nodes 90 time 2",
                "info depth 3"
            ],
            "{protocol}: {lines:?}"
        );
        let why = info_strings(&lines)
            .into_iter()
            .filter(|l| l.contains("are shown without their score and moves"))
            .collect::<Vec<_>>();
        assert_eq!(
            why,
            [
                "the engine's lines that begin with a move it may not play (d0d1) are shown without their score and moves"
            ],
            "{protocol}: {lines:?}"
        );
    }
}

/// An engine that insists on a banned move but showed other lines, and
/// whose short searches of each candidate give no score, gets the first move
/// of its latest line that holds: not the later one that leaves the horse
/// on b0 to the cannon on b7.
#[test]
fn insisting_engine_is_answered_with_its_own_line() {
    for protocol in ["ucci", "uci"] {
        let engine = fake_in(
            protocol,
            "case \"$l\" in \"go depth 4\") echo bestmove e9e8;; *) echo info depth 1 score 3 pv h0g2; echo info depth 2 score 1 pv a0a1; echo bestmove h2e2;; esac",
        );
        let mut gui = Gui::xqarbiter(&["--engine", &engine, "--engine-protocol", protocol]);
        gui.handshake();
        gui.send("position startpos");
        gui.send("banmoves h2e2");
        gui.send("go depth 5");
        let (lines, mv) = gui.search();
        assert_eq!(mv.as_deref(), Some("h0g2"), "{protocol}: {lines:?}");
        assert!(
            has_info(&lines, |l| l.contains("the engine's latest line")),
            "{protocol}: {lines:?}"
        );
    }
}

/// An engine that insists on a banned move, a horse up, whose line would
/// close a cycle of idle moves a third time (a draw), gets another move: its
/// line's move scores a draw in the bridge's own search, less than the
/// horse. The second time, the cycle is no draw yet (either side may still
/// vary), and the engine's line is played.
#[test]
fn insisting_engine_ahead_is_not_answered_with_a_drawn_repetition() {
    let fen = "position fen 3k5/9/9/9/9/9/9/9/4A4/4K3N b - - 0 1 moves d9d8 e1d2 d8d9";
    for protocol in ["ucci", "uci"] {
        let engine = fake_in(
            protocol,
            "case \"$l\" in \"go depth 4\") echo bestmove d9e9;; *) echo info depth 1 score 300 pv d2e1 d9d8; echo bestmove i0g1;; esac",
        );
        let mut gui = Gui::xqarbiter(&["--engine", &engine, "--engine-protocol", protocol]);
        gui.handshake();
        gui.send(&format!("{fen} d2e1 d9d8 e1d2 d8d9"));
        gui.send("banmoves i0g1");
        gui.send("go depth 5");
        let (lines, mv) = gui.search();
        let mv = mv.unwrap_or_else(|| panic!("{protocol}: {lines:?}"));
        assert!(
            !["d2e1", "i0g1"].contains(&mv.as_str()),
            "{protocol}: {lines:?}"
        );
        assert!(
            has_info(&lines, |l| l.contains("playing") && l.contains("own pick")),
            "{protocol}: {lines:?}"
        );
        gui.send(fen);
        gui.send("banmoves i0g1");
        gui.send("go depth 5");
        let (lines, mv) = gui.search();
        assert_eq!(mv.as_deref(), Some("d2e1"), "{protocol}: {lines:?}");
        assert!(
            has_info(&lines, |l| l.contains("the engine's latest line")),
            "{protocol}: {lines:?}"
        );
    }
}

/// Under an Armageddon profile a drawn game is Black's win, but a cycle
/// of idle moves closed the second time is no draw yet (Red may still
/// vary): when Fairy-Stockfish, as Black, runs out of time, the bridge
/// plays the first move of its latest line, not the cycle's d8d9 as a win
/// it sees.
#[test]
fn a_drawn_cycle_short_of_its_end_is_no_armageddon_win_for_the_bridge() {
    let Some(engine) = engine() else { return };
    for protocol in ["ucci", "uci"] {
        let mut gui =
            bridge_that_times_out(&engine, protocol, &["--profile", "dqsz2017-armageddon"]);
        gui.handshake();
        gui.send(
            "position fen 3k3n1/9/9/p1p5p/9/9/P1P5P/9/4A4/1N2K4 w - - 0 40 moves e1d2 d9d8 d2e1",
        );
        gui.send("go depth 200");
        let (lines, mv) = gui.search();
        assert!(mv.is_some(), "{protocol}: {lines:?}");
        assert!(
            has_info(&lines, |l| l.contains("no bestmove in time")
                && l.contains("the engine's latest line")),
            "{protocol}: {lines:?}"
        );
    }
}

/// An engine that answers no move where the rules leave it moves (Sjaak II
/// does when its own repetition rules say it has lost) is asked again with
/// the position alone, without the moves that led to it.
#[test]
fn engine_without_a_move_is_asked_again_without_the_history() {
    let engine = fake("case \"$p\" in *moves*) echo bestmove @@@@;; *) echo bestmove h9g7;; esac")
        .replace("go*)", "position*) p=\"$l\";; go*)");
    let (mut gui, log) = logged("no-move", &["--engine", &engine]);
    gui.handshake();
    gui.send("position startpos moves h2e2");
    gui.send("go depth 5");
    let (lines, mv) = gui.search();
    let text = quit_and_read_log(&mut gui, &log);
    assert_eq!(mv.as_deref(), Some("h9g7"), "{lines:?}");
    assert!(
        has_info(&lines, |l| l.starts_with("engine answered 'no move'")),
        "{lines:?}"
    );
    let current = "->ENG position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\n";
    assert!(text.contains(current), "{text}");
}

/// An engine that reads nothing while it searches (Sjaak II) never answers
/// `stop`: the bridge answers with the engine's latest line, restarts it,
/// and from then on cuts `go infinite` into depth-limited searches, answers
/// `stop` at once with the deepest one's move, and holds `go ponder` back
/// until `ponderhit`.
#[test]
fn an_engine_deaf_to_stop_is_answered_for() {
    let engine = "sh -c 'while read l; do case \"$l\" in ucci) echo ucciok;; isready) echo readyok;; \
        go*infinite*) echo info depth 1 score 4 pv h0g2 h9g7; exec sleep 60;; \
        go*) echo info depth 1 score 2 pv b0c2; echo bestmove b0c2;; quit) exit 0;; esac; done'";
    let (mut gui, log) = logged("deaf", &["--engine", engine, "--engine-timeout", "0.5"]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go infinite");
    gui.until(|l| l.starts_with("info depth 1"));
    gui.send("stop");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("h0g2"), "{lines:?}");
    assert!(
        has_info(&lines, |l| l
            .starts_with("the engine gave no bestmove in time")),
        "{lines:?}"
    );
    // Now known: no endless search is sent, and the next stop is answered
    // at once with the deepest finished one's move.
    gui.send("position startpos");
    gui.send("go infinite");
    gui.until(|l| l.starts_with("info depth 1"));
    gui.send("stop");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("b0c2"), "{lines:?}");
    assert!(
        has_info(&lines, |l| l
            .contains("reads no commands while it searches")),
        "{lines:?}"
    );
    // A ponder search waits for ponderhit, then is sent as a normal one.
    gui.send("position startpos moves h0g2 h9g7");
    gui.send("go ponder time 5000 opptime 5000");
    gui.send("ponderhit");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("b0c2"), "{lines:?}");
    // A ponder miss is answered without the engine.
    gui.send("go ponder time 5000");
    gui.send("stop");
    let (lines, mv) = gui.search();
    assert!(mv.is_some(), "{lines:?}");
    let text = quit_and_read_log(&mut gui, &log);
    assert!(!text.contains("->ENG go ponder"), "{text}");
    assert_eq!(text.matches("->ENG go depth infinite").count(), 1, "{text}");
    assert!(text.contains("->ENG go depth 1\n"), "{text}");
    // The fake engine takes seconds.
    assert!(told(&text, "go time ", 4..=5, " opptime 5"), "{text}");
}

/// At `stop`, an engine known to read nothing while it searches is not
/// restarted: the bridge answers with the deepest finished slice of the
/// endless search, the running slice ends on its own, and its answer is
/// dropped, not taken for the next search's. Nothing here hangs on time:
/// the depth-3 slice runs until the test, having had the answer to its
/// `stop`, lets it end, and the next search is sent once the bridge's log
/// shows the slice's `bestmove` read (and so dropped). Whether the bridge
/// waits for a slice still running is left to the clock searches below.
#[test]
fn a_stopped_slice_of_a_deaf_engine_runs_out_without_a_restart() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let released = tmp.path().join("released");
    // As Sjaak II: ranks from 1; h1g3 is h0g2, b1c3 is b0c2, c4c5 is c3c4.
    let engine = format!(
        "sh -c 'while read l; do case \"$l\" in ucci) echo id name Sjaak II fake; echo ucciok;; isready) echo readyok;; \
         \"go depth 1\") echo info depth 1 score 1 pv h1g3; echo bestmove h1g3;; \
         \"go depth 2\") echo info depth 1 score 1 pv h1g3; echo info depth 2 score 1 pv h1g3; echo bestmove h1g3;; \
         \"go depth 3\") echo info depth 3 currmove b1c3; i=0; while [ ! -e {r} ] && [ $i -lt 6000 ]; do sleep 0.01; i=$((i+1)); done; \
         echo info depth 3 score 1 pv b1c3; echo bestmove b1c3;; \
         \"go depth 6\") echo info depth 6 score 2 pv c4c5; echo bestmove c4c5;; \
         quit) exit 0;; esac; done'",
        r = released.display()
    );
    let (mut gui, log) = logged("drain", &["--engine", &engine]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go infinite");
    let shown = gui.until(|l| l.starts_with("info depth 3"));
    // Each slice starts from depth 1 again: the GUI sees each depth once.
    let depth_1 = shown.iter().filter(|l| l.starts_with("info depth 1 "));
    assert_eq!(depth_1.count(), 1, "{shown:?}");
    gui.send("stop");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("h0g2"), "{lines:?}");
    assert!(
        has_info(&lines, |l| l.contains("its search runs on")
            && l.contains("deepest search finished, depth 2")),
        "{lines:?}"
    );
    fs::write(&released, "").expect("marker");
    until_logged(&log, "ENG-> bestmove b1c3");
    gui.send("isready");
    gui.until(|l| l == "readyok");
    gui.send("position startpos");
    gui.send("go depth 6");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("c3c4"), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("b0c2")), "{lines:?}");
    let text = quit_and_read_log(&mut gui, &log);
    assert_eq!(text.matches("(started process").count(), 1, "{text}");
}

/// A stopped slice expected to run longer than the next search may wait
/// for it is ended by a restart after all, and the next search is answered
/// by the new engine. The depth-2 slice takes 2 s, so the depth-3 one is
/// expected to take 6 s, against the half second a search without a clock
/// may wait (the unit tests in src/ucci/deaf.rs and src/ucci/session.rs
/// check that bound to the millisecond): the `go` that follows the `stop`
/// at once would have to come five seconds late to be let wait.
#[test]
fn a_stopped_slice_too_long_to_wait_for_restarts_the_engine() {
    let engine = "sh -c 'while read l; do case \"$l\" in ucci) echo id name Sjaak II fake; echo ucciok;; isready) echo readyok;; \
        \"go depth 1\") echo info depth 1 score 1 pv h1g3; echo bestmove h1g3;; \
        \"go depth 2\") sleep 2; echo info depth 2 score 1 pv h1g3; echo bestmove h1g3;; \
        \"go depth 3\") echo info depth 3 currmove b1c3; exec sleep 30;; \
        \"go depth 6\") echo info depth 6 score 2 pv c4c5; echo bestmove c4c5;; \
        quit) exit 0;; esac; done'";
    let (mut gui, log) = logged("drain-long", &["--engine", engine]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go infinite");
    gui.until(|l| l.starts_with("info depth 3"));
    gui.send("stop");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("h0g2"), "{lines:?}");
    gui.send("position startpos");
    gui.send("go depth 6");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("c3c4"), "{lines:?}");
    assert!(
        has_info(&lines, |l| l.contains("longer than this search may wait")),
        "{lines:?}"
    );
    let text = quit_and_read_log(&mut gui, &log);
    assert_eq!(text.matches("(started process").count(), 2, "{text}");
}

/// A stopped slice expected to run longer than a clock search of another
/// position may wait (100 ms) restarts the engine (where its c3c4 is legal:
/// refused, it would be asked short searches it never answers, and the test
/// would wait for the bridge to give them up), but a clock search of the
/// very position it searches waits for it (up to a tenth of its clock: the
/// engine's work on the position stays in its hash), told the clock left
/// after the wait expected. The depth-2 slice takes 1 s, so the depth-3 one
/// is expected to take 3 s; it runs until the test lets it end, after the
/// next `go` (so it cannot end before that `go` is read, however loaded the
/// machine). The clock, 200 s, lets the search of the same position wait
/// 20 s; the only timing left is that the `go` comes within the 3 s
/// expected of the slice (it follows the `stop` at once).
#[test]
fn a_clock_search_of_the_stopped_position_waits_for_the_stopped_slice() {
    for (next, starts) in [
        ("position startpos", 1),
        ("position startpos moves h2e2 h9g7", 2),
    ] {
        let tmp = tempfile::tempdir().expect("temp dir");
        let released = tmp.path().join("released");
        // As Sjaak II: ranks from 1; h1g3 is h0g2, c4c5 is c3c4.
        let engine = format!(
            "sh -c 'while read l; do case \"$l\" in ucci) echo id name Sjaak II fake; echo ucciok;; isready) echo readyok;; \
             \"go depth 1\") echo info depth 1 score 1 pv h1g3; echo bestmove h1g3;; \
             \"go depth 2\") sleep 1; echo info depth 2 score 1 pv h1g3; echo bestmove h1g3;; \
             \"go depth 3\") echo info depth 3 currmove b1c3; i=0; while [ ! -e {r} ] && [ $i -lt 6000 ]; do sleep 0.01; i=$((i+1)); done; \
             echo info depth 3 score 1 pv b1c3; echo bestmove b1c3;; \
             \"go time\"*) echo info depth 6 score 2 pv c4c5; echo bestmove c4c5;; \
             quit) exit 0;; esac; done'",
            r = released.display()
        );
        let (mut gui, log) = logged("drain-same", &["--engine", &engine]);
        gui.handshake();
        gui.send("position startpos");
        gui.send("go infinite");
        gui.until(|l| l.starts_with("info depth 3"));
        gui.send("stop");
        let (lines, mv) = gui.search();
        assert_eq!(mv.as_deref(), Some("h0g2"), "{lines:?}");
        gui.send(next);
        gui.send("go time 200000");
        fs::write(&released, "").expect("marker");
        let (lines, mv) = gui.search();
        assert_eq!(mv.as_deref(), Some("c3c4"), "{next}: {lines:?}");
        assert!(!lines.iter().any(|l| l.contains("b0c2")), "{lines:?}");
        let text = quit_and_read_log(&mut gui, &log);
        assert_eq!(
            text.matches("(started process").count(),
            starts,
            "{next}: {text}"
        );
        if starts == 1 {
            // The clock the engine is told (in whole seconds, rounded
            // down) is what is left after the wait the slice is expected
            // to take: 196 when the `go` came at once, up to 199 when it
            // came later (200, the whole clock, would be no wait); a
            // loaded machine that stretched the depth-2 slice makes the
            // wait expected longer (190: by a second and a half).
            assert!(told(&text, "go time ", 190..=199, ""), "{text}");
        }
    }
}

/// An engine whose name gives no hint that counts ranks from 1 is found out
/// by its first move, legal only so: the bridge switches, asks again, and
/// from then on writes the game's moves to it with ranks 1–10.
#[test]
fn the_engines_rank_base_is_learned_from_its_moves() {
    let engine = fake_in(
        "uci",
        "case \"$p\" in *moves*) echo bestmove h8e8;; *) echo info depth 1 score 3 pv h3e3; echo bestmove h3e3;; esac",
    )
    .replace("go*)", "position*) p=\"$l\";; go*)");
    let (mut gui, log) = logged("ranks", &["--engine", &engine, "--engine-protocol", "uci"]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go depth 3");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("h2e2"), "{lines:?}");
    assert!(
        has_info(&lines, |l| l.contains("legal only with ranks 1")),
        "{lines:?}"
    );
    gui.send("position startpos moves h2e2");
    gui.send("go depth 3");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("h7e7"), "{lines:?}");
    let text = quit_and_read_log(&mut gui, &log);
    assert!(text.contains(" moves h3e3\n"), "{text}");
}

/// An engine whose answers showed it counts ranks from 0 is not switched to
/// ranks from 1 by one stray answer legal only so (here b1c3, the horse's
/// b0c2 read with ranks from 1): the bridge refuses it and goes on reading
/// the engine's next moves with ranks from 0.
#[test]
fn a_stray_answer_does_not_undo_the_rank_base_the_engine_showed() {
    let engine = fake_in(
        "uci",
        "case \"$p\" in *b9c7) echo bestmove h0g2;; *h7e7) echo bestmove b1c3;; *h2e2) echo bestmove h7e7;; *moves*) echo bestmove a9a8;; *) echo bestmove h2e2;; esac",
    )
    .replace("go*)", "position*) p=\"$l\";; go*)");
    let (mut gui, log) = logged(
        "ranks-stray",
        &["--engine", &engine, "--engine-protocol", "uci"],
    );
    gui.handshake();
    for (moves, want) in [("", "h2e2"), (" moves h2e2", "h7e7")] {
        gui.send(&format!("position startpos{moves}"));
        gui.send("go depth 3");
        let (lines, mv) = gui.search();
        assert_eq!(mv.as_deref(), Some(want), "{lines:?}");
    }
    gui.send("position startpos moves h2e2 h7e7");
    gui.send("go depth 3");
    let (lines, mv) = gui.search();
    assert_ne!(mv.as_deref(), Some("b0c2"), "{lines:?}");
    assert!(
        !has_info(&lines, |l| l.contains("legal only with ranks")),
        "{lines:?}"
    );
    gui.send("position startpos moves h2e2 h7e7 b0c2 b9c7");
    gui.send("go depth 3");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("h0g2"), "{lines:?}");
    assert!(
        !has_info(&lines, |l| l.contains("engine answered")),
        "{lines:?}"
    );
    let text = quit_and_read_log(&mut gui, &log);
    assert!(text.contains(" moves h2e2 h7e7 b0c2 b9c7\n"), "{text}");
}

/// An engine that ignores bans (Sjaak II does) and insists on a banned move
/// is asked to search the position after each acceptable move briefly, its
/// own line's move first, then the captures, and none of the moves that
/// leave a horse hanging; the bridge plays the one it scores best, and
/// shows none of those searches.
#[test]
fn insisting_engine_searches_each_candidate_and_the_best_is_played() {
    let engine = "sh -c 'while read l; do case \"$l\" in ucci) echo ucciok;; isready) echo readyok;; \
        position*) p=\"$l\";; \
        \"go depth 4\") case \"$p\" in *b0c2) echo info depth 4 score -50 pv h9g7;; *) echo info depth 4 score 30 pv h9g7;; esac; echo bestmove h9g7;; \
        go*) echo info depth 3 score 5 pv c3c4; echo bestmove h2e2;; quit) exit 0;; esac; done'";
    let (mut gui, log) = logged("probes", &["--engine", engine]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("banmoves h2e2");
    gui.send("go depth 6");
    let (lines, mv) = gui.search();
    let text = quit_and_read_log(&mut gui, &log);
    assert_eq!(mv.as_deref(), Some("b0c2"), "{lines:?}");
    // All 44 moves but h2e2 and the four rook moves that leave a horse.
    assert!(
        has_info(&lines, |l| l.contains("scored best")
            && l.contains("39 moves to depth 4")),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains("h9g7")), "{lines:?}");
    let start = "->ENG position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves ";
    let probed: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once(start).map(|(_, m)| m))
        .collect();
    assert_eq!(probed.len(), 39, "{probed:?}");
    assert_eq!(probed[0], "c3c4", "{probed:?}");
    let mut captures = probed[1..3].to_vec();
    captures.sort();
    assert_eq!(captures, ["b2b9", "h2h9"], "{probed:?}");
    for m in ["h2e2", "a0a1", "a0a2", "i0i1", "i0i2"] {
        assert!(!probed.contains(&m), "{m}: {probed:?}");
    }
}

/// `info` lines with fields the bridge does not know, or broken ones, are
/// passed on (scores and moves translated) and never stop the search.
#[test]
fn unexpected_info_fields_pass_through() {
    let engine = fake_in(
        "uci",
        "echo info depth 3 seldepth 5 multipv 1 score cp 12 wdl 400 500 100 lowerbound nodes 9 nps 1 hashfull 0 tbhits 0 time 1 pv b1c3 h10g8; \
         echo info depth x score mate; echo info currmove h3e3 currmovenumber 2 refutation h3e3 h8e8; \
         echo info string pv nonsense; echo info pv; echo bestmove b1c3 ponder h10g8",
    );
    let mut gui = Gui::xqarbiter(&[
        "--engine",
        &engine,
        "--engine-protocol",
        "uci",
        "--engine-rank-base",
        "1",
    ]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go depth 3");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("b0c2"), "{lines:?}");
    assert!(
        lines.contains(&"info depth 3 seldepth 5 multipv 1 score 12 wdl 400 500 100 lowerbound nodes 9 nps 1 hashfull 0 tbhits 0 time 1 pv b0c2 h9g7".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"info currmove h2e2 currmovenumber 2 refutation h2e2 h7e7".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"info message pv nonsense".to_string()),
        "{lines:?}"
    );
    assert_eq!(
        lines.last().map(String::as_str),
        Some("bestmove b0c2 ponder h9g7")
    );
}

/// An engine, whatever its name, that writes its mates as centipawns
/// (here from 30000; Sjaak II's are from 16000) is found out by a line
/// whose score is beyond material and whose moves end in a mate on the
/// board: that line and the later ones near that score reach the GUI as
/// the mate they are (`score 9997` in UCCI, `score mate 2` in UCI), also
/// one whose moves stop short of the mate, and a score below it stays
/// centipawns.
#[test]
fn an_engine_that_writes_mates_as_centipawns_is_known_by_its_lines() {
    // Two rooks mate the bare king in two: a2a8, the king's step, b1b9.
    let position = "position fen 4k4/9/9/9/9/9/9/R8/1R7/5K3 w - - 0 1";
    let engine = fake_in(
        "uci",
        "echo info depth 1 score cp 250 pv a2a8; \
         echo info depth 3 score cp 29997 pv a2a8 e9d9 b1b9; \
         echo info depth 4 score cp 29997 pv a2a8; \
         echo info depth 5 score cp 12000 pv a2a8; echo bestmove a2a8",
    );
    for (gui_protocol, mate, near) in [
        ("ucci", " score 9997 ", " score 9899 "),
        ("uci", " score mate 2 ", " score cp 12000 "),
    ] {
        let mut gui = Gui::xqarbiter(&["--engine", &engine, "--engine-protocol", "uci"]);
        if gui_protocol == "uci" {
            gui.uci_handshake();
        } else {
            gui.handshake();
        }
        gui.send(position);
        gui.send("go depth 5");
        let (lines, mv) = gui.search();
        assert_eq!(mv.as_deref(), Some("a2a8"), "{lines:?}");
        let scores: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
        assert_eq!(scores.len(), 4, "{lines:?}");
        assert!(!scores[0].contains(mate), "{scores:?}");
        assert!(
            scores[1].contains(mate) && scores[2].contains(mate),
            "{scores:?}"
        );
        assert!(scores[3].contains(near), "{scores:?}");
    }
}

/// In front of Fairy-Stockfish, in either of its protocols, the GUI's
/// `language` option (in either form) is the bridge's own: the report lines
/// come in Chinese, the engine is not told of the option, and its move is
/// not the banned one.
#[test]
fn the_language_option_is_the_bridges_own() {
    let Some(engine) = engine() else { return };
    for (engine_protocol, setoption) in [
        ("ucci", "setoption language zh"),
        ("uci", "setoption name Language value zh"),
    ] {
        let mut gui = Gui::xqarbiter(&["--engine", &engine, "--engine-protocol", engine_protocol]);
        gui.handshake();
        gui.send(setoption);
        gui.send(FIG17);
        gui.send("go depth 5");
        let (lines, mv) = gui.search();
        let infos = info_strings(&lines);
        assert!(
            infos
                .iter()
                .any(|l| l.starts_with("规程cxa2020（规则cxa2020），第4着后：")),
            "{engine_protocol}: {infos:?}"
        );
        assert!(
            infos.iter().any(|l| l.starts_with("不得走 b7b8（")),
            "{engine_protocol}: {infos:?}"
        );
        assert!(
            !infos.iter().any(|l| l.contains("language")),
            "{engine_protocol}: {infos:?}"
        );
        assert!(
            mv.is_some_and(|m| m != "b7b8"),
            "{engine_protocol}: {lines:?}"
        );
    }
}

/// The start board, without the FEN's other fields.
const START_BOARD: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

/// A GUI's FEN in each of the forms GUIs write (with and without the move
/// counters or the two `-` fields, `r`/`R`/`W` for Red, `B` for Black,
/// horse and elephant as H and E, `startpos`) reaches Fairy-Stockfish, in
/// both protocols, as one full FEN with `w` or `b`, N and B, and the move
/// counters given (else `0 1`); each search is answered with a move. A side
/// letter that does not fit the moves is rejected in words, and the `go`
/// after it answered with no move.
#[test]
fn a_gui_fen_in_each_common_form_reaches_the_engine_in_full() {
    let Some(engine) = engine() else { return };
    let he_board = START_BOARD
        .replace('n', "h")
        .replace('N', "H")
        .replace('b', "e")
        .replace('B', "E");
    let forms: [(String, &str, &str); 11] = [
        (format!("fen {START_BOARD} w - - 0 1"), "h2e2", "w - - 0 1"),
        (
            format!("fen {START_BOARD} w - - 30 17"),
            "h2e2",
            "w - - 30 17",
        ),
        (format!("fen {START_BOARD} w"), "h2e2", "w - - 0 1"),
        (format!("fen {START_BOARD} r"), "h2e2", "w - - 0 1"),
        (format!("fen {START_BOARD} R - - 0 1"), "h2e2", "w - - 0 1"),
        (format!("fen {START_BOARD} W"), "h2e2", "w - - 0 1"),
        (format!("fen {START_BOARD}"), "h2e2", "w - - 0 1"),
        (format!("fen {he_board} w - - 0 1"), "h2e2", "w - - 0 1"),
        (format!("fen {START_BOARD} b - - 0 1"), "h9g7", "b - - 0 1"),
        (format!("fen {START_BOARD} B"), "h9g7", "b - - 0 1"),
        ("startpos".to_string(), "h2e2", "w - - 0 1"),
    ];
    for protocol in ["ucci", "uci"] {
        let (mut gui, log) = logged(
            &format!("fen-forms-{protocol}"),
            &["--engine", &engine, "--engine-protocol", protocol],
        );
        gui.handshake();
        for (spec, mv, _) in &forms {
            gui.send(&format!("position {spec} moves {mv}"));
            gui.send("go depth 2");
            let (lines, best) = gui.search();
            assert!(best.is_some(), "{protocol}, {spec}: {lines:?}");
            assert!(
                info_strings(&lines).is_empty(),
                "{protocol}, {spec}: {lines:?}"
            );
        }
        gui.send(&format!("position fen {START_BOARD} b moves h2e2"));
        gui.send("go depth 2");
        let (lines, best) = gui.search();
        assert_eq!(best, None, "{lines:?}");
        assert!(
            has_info(&lines, |l| l
                .starts_with("position rejected: move 1 h2e2 is illegal")
                && l.contains("black to move")),
            "{protocol}: {lines:?}"
        );
        let text = quit_and_read_log(&mut gui, &log);
        let sent: Vec<&str> = text
            .lines()
            .filter_map(|l| l.split_once("->ENG position fen ").map(|(_, p)| p))
            .collect();
        assert_eq!(sent.len(), forms.len(), "{protocol}: {text}");
        for ((spec, mv, tail), line) in forms.iter().zip(&sent) {
            let mv = match protocol {
                "uci" => shift_ranks(mv, 1),
                _ => mv.to_string(),
            };
            assert_eq!(
                *line,
                format!("{START_BOARD} {tail} moves {mv}"),
                "{protocol}, {spec}"
            );
        }
    }
}

/// A UCCI GUI may set a check option `on` or `off` (ElephantEye reads
/// those); UCI gives a check option only `true` and `false`, so
/// Fairy-Stockfish is told those, in both protocols.
#[test]
fn check_options_set_on_or_off_reach_the_engine_as_true_or_false() {
    let Some(engine) = engine() else { return };
    for (protocol, on, off) in [
        (
            "ucci",
            "->ENG setoption Ponder true\n",
            "->ENG setoption Ponder false\n",
        ),
        (
            "uci",
            "->ENG setoption name Ponder value true\n",
            "->ENG setoption name Ponder value false\n",
        ),
    ] {
        let (mut gui, log) = logged(
            &format!("check-on-{protocol}"),
            &["--engine", &engine, "--engine-protocol", protocol],
        );
        gui.handshake();
        gui.send("setoption ponder on");
        gui.send("setoption ponder off");
        gui.send("isready");
        let lines = gui.until(|l| l == "readyok");
        assert!(info_strings(&lines).is_empty(), "{protocol}: {lines:?}");
        let text = quit_and_read_log(&mut gui, &log);
        assert!(text.contains(on), "{protocol}: {text}");
        assert!(text.contains(off), "{protocol}: {text}");
    }
}

/// A spin option set outside the range the engine declared is set to the
/// nearest end of it, and the GUI told so; UCCI's `hashsize 0` and `threads
/// 0` (the engine's choice) are not passed on: the engine keeps its own.
#[test]
fn spin_options_out_of_range_are_clamped_and_zero_sizes_left_to_the_engine() {
    let Some(engine) = engine() else { return };
    for (protocol, skill, set) in [
        (
            "ucci",
            "->ENG setoption Skill_Level 20\n",
            "->ENG setoption ",
        ),
        (
            "uci",
            "->ENG setoption name Skill Level value 20\n",
            "->ENG setoption name ",
        ),
    ] {
        let (mut gui, log) = logged(
            &format!("spin-{protocol}"),
            &["--engine", &engine, "--engine-protocol", protocol],
        );
        gui.handshake();
        gui.send("setoption skill_level 99");
        gui.send("setoption threads 0");
        gui.send("setoption hashsize 0");
        gui.send("isready");
        let lines = gui.until(|l| l == "readyok");
        assert_eq!(
            info_strings(&lines),
            [
                "setoption skill_level 99: outside the engine's range -20 to 20; setting 20",
                "setoption threads 0 (the engine's choice): not passed on; the engine keeps its own value",
                "setoption hashsize 0 (the engine's choice): not passed on; the engine keeps its own value",
            ],
            "{protocol}"
        );
        gui.send("position startpos");
        gui.send("go depth 2");
        assert!(gui.search().1.is_some(), "{protocol}");
        let text = quit_and_read_log(&mut gui, &log);
        assert!(text.contains(skill), "{protocol}: {text}");
        for name in ["Threads", "Hash"] {
            assert!(
                !text.contains(&format!("{set}{name}")),
                "{protocol}: {text}"
            );
        }
    }
}

/// `setoption batch true` (UCCI: read no command while searching) is not
/// passed on to the engine, in either protocol, and the GUI is told so: an
/// engine that obeyed it could not be stopped. An endless search then still
/// ends at `stop` with the engine's own answer; `batch false`, what holds
/// already, passes silently.
#[test]
fn batch_mode_is_kept_from_the_engine() {
    let Some(engine) = engine() else { return };
    for protocol in ["ucci", "uci"] {
        let (mut gui, log) = logged(
            &format!("batch-{protocol}"),
            &["--engine", &engine, "--engine-protocol", protocol],
        );
        gui.handshake();
        gui.send("setoption batch true");
        gui.send("setoption batch false");
        gui.send("isready");
        let lines = gui.until(|l| l == "readyok");
        assert_eq!(
            info_strings(&lines),
            [
                "setoption batch true: not applied, nor passed on to an engine: commands are read during a search too, so that stop and isready are answered"
            ],
            "{protocol}"
        );
        gui.send("position startpos");
        gui.send("go infinite");
        gui.until(|l| l.starts_with("info depth"));
        gui.send("stop");
        let (lines, mv) = gui.search();
        assert!(mv.is_some(), "{protocol}: {lines:?}");
        assert!(info_strings(&lines).is_empty(), "{protocol}: {lines:?}");
        let text = quit_and_read_log(&mut gui, &log);
        assert!(
            !text
                .lines()
                .any(|l| l.contains("->ENG") && l.to_ascii_lowercase().contains("batch")),
            "{protocol}: {text}"
        );
    }
}

/// A UCCI engine the operator put in batch mode (`--engine-option
/// batch=true`) reads no command while it searches: the bridge knows so
/// from the start and answers the first `stop` at once, without waiting
/// for an answer that cannot come.
#[test]
fn an_engine_in_batch_mode_is_deaf_from_the_start() {
    let engine = fake(
        "case \"$l\" in *infinite*) echo info depth 1 score 4 pv h0g2 h9g7; exec sleep 60;; esac; echo info depth 1 score 2 pv b0c2; echo bestmove b0c2",
    );
    let mut gui = Gui::xqarbiter(&[
        "--engine",
        &engine,
        "--engine-option",
        "batch=true",
        "--engine-timeout",
        "60",
    ]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go infinite");
    gui.until(|l| l.starts_with("info depth 1"));
    let asked = std::time::Instant::now();
    gui.send("stop");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("b0c2"), "{lines:?}");
    assert!(
        has_info(&lines, |l| l
            .contains("reads no commands while it searches")),
        "{lines:?}"
    );
    // Waiting for an answer would take the minute of --engine-timeout.
    assert!(
        asked.elapsed() < std::time::Duration::from_secs(30),
        "{lines:?}"
    );
    gui.send("quit");
    gui.until(|l| l == "bye");
}

/// A `stop` with no search running is answered by the bridge itself, not
/// passed on (Fairy-Stockfish would say nothing): `nobestmove` to a UCCI
/// GUI, as UCCI 3.0 asks so that the GUI does not hang, and nothing to a UCI
/// GUI, as UCI asks nothing. But a `stop` that crossed the answer of the
/// `go` it was sent for (the engine answered as the GUI sent it) gets no
/// second answer in either protocol: one answer per `go`. The crossing is
/// reproduced by sending the `stop` only once the answer is read, which
/// the session cannot tell from a `stop` sent just before the answer left.
#[test]
fn a_stop_when_idle_gets_nobestmove_in_ucci_only() {
    let Some(engine) = engine() else { return };
    for (gui_protocol, answer) in [("ucci", vec!["nobestmove"]), ("uci", vec![])] {
        let (mut gui, log) = logged(
            &format!("idle-stop-{gui_protocol}"),
            &["--engine", &engine, "--engine-protocol", "ucci"],
        );
        if gui_protocol == "uci" {
            gui.uci_handshake();
        } else {
            gui.handshake();
        }
        gui.send("position startpos");
        // Without a search: UCCI's nobestmove.
        gui.send("stop");
        gui.send("isready");
        let mut expected = answer.clone();
        expected.push("readyok");
        assert_eq!(gui.until(|l| l == "readyok"), expected, "{gui_protocol}");
        // Across the answer of a go, with or without an isready between:
        // nothing more.
        for between in [None, Some("isready")] {
            gui.send("go depth 2");
            assert!(gui.search().1.is_some(), "{gui_protocol}");
            if let Some(line) = between {
                gui.send(line);
                gui.until(|l| l == "readyok");
            }
            gui.send("stop");
            gui.send("isready");
            let lines = gui.until(|l| l == "readyok");
            assert_eq!(lines, ["readyok"], "{gui_protocol} {between:?}");
        }
        // A stop after a stopped search's answer, or after another command
        // than go, finds no search again: nobestmove.
        gui.send("go infinite");
        gui.until(|l| l.starts_with("info depth"));
        gui.send("stop");
        assert!(gui.search().1.is_some(), "{gui_protocol}");
        gui.send("stop");
        gui.send("position startpos moves h2e2");
        gui.send("stop");
        gui.send("isready");
        let mut expected = answer.clone();
        expected.extend(answer.clone());
        expected.push("readyok");
        assert_eq!(gui.until(|l| l == "readyok"), expected, "{gui_protocol}");
        // A UCI session says no `bye` at `quit`.
        gui.send("quit");
        assert!(gui.wait(), "{gui_protocol}");
        let text = fs::read_to_string(&log).expect("log");
        // Only the running search's stop reached the engine.
        let stops = text.lines().filter(|l| l.ends_with("->ENG stop")).count();
        assert_eq!(stops, 1, "{gui_protocol}: {text}");
    }
}

/// The session's messages, and the engine's, reach a UCCI GUI as UCCI's
/// `info message` (UCCI 3.0 item 11: the line a GUI shows the user) and a
/// UCI GUI as `info string`, whichever protocol the engine speaks
/// (Fairy-Stockfish writes `info string` in both).
#[test]
fn messages_are_info_message_in_ucci_and_info_string_in_uci() {
    let Some(engine) = engine() else { return };
    for gui_protocol in ["ucci", "uci"] {
        for engine_protocol in ["ucci", "uci"] {
            let case = format!("{gui_protocol} GUI, {engine_protocol} engine");
            let mut gui =
                Gui::xqarbiter(&["--engine", &engine, "--engine-protocol", engine_protocol]);
            if gui_protocol == "uci" {
                gui.uci_handshake();
            } else {
                gui.handshake();
            }
            // The session's own messages: batch mode refused, the report and
            // the ban of Red's repeating move.
            let batch = match gui_protocol {
                "ucci" => "setoption batch true",
                _ => "setoption name batch value true",
            };
            gui.send(batch);
            gui.send(FIG17);
            gui.send("go depth 3");
            let (lines, mv) = gui.search();
            assert!(mv.is_some(), "{case}: {lines:?}");
            let (ours, other) = match gui_protocol {
                "ucci" => ("info message ", "info string"),
                _ => ("info string ", "info message"),
            };
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with(ours) && l.contains("batch true: not applied")),
                "{case}: {lines:?}"
            );
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with(&format!("{ours}banned b7b8"))),
                "{case}: {lines:?}"
            );
            assert!(
                !gui.transcript.iter().any(|l| l.starts_with(other)),
                "{case}: {:?}",
                gui.transcript
            );
            gui.send("quit");
            assert!(gui.wait(), "{case}");
        }
    }
}

/// A UCCI engine that answers a `stop` with no search running by
/// `nobestmove` (as UCCI 3.0 asks, and ElephantEye does) says so also when
/// the bridge's `stop` crossed its `bestmove`: that stray line is not taken
/// for the answer to the GUI's next `go`. The fake engine makes the
/// crossing certain: it reads nothing after `go` until the bridge's log
/// shows the `stop` sent to it, then answers, and only then reads the
/// `stop`.
#[test]
fn an_engine_answer_to_a_stop_that_crossed_its_bestmove_is_not_the_next_searchs() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let released = tmp.path().join("released");
    let engine = format!(
        "sh -c 'while read l; do case \"$l\" in ucci) echo ucciok;; isready) echo readyok;; \
         go*infinite*) i=0; while [ ! -e {r} ] && [ $i -lt 6000 ]; do sleep 0.01; i=$((i+1)); done; \
         echo bestmove b0c2;; go*) echo bestmove h9g7;; \
         stop) echo nobestmove;; quit) exit 0;; esac; done'",
        r = released.display()
    );
    let (mut gui, log) = logged(
        "crossed-stop",
        &["--engine", &engine, "--engine-timeout", "20"],
    );
    gui.handshake();
    gui.send("position startpos");
    gui.send("go infinite");
    gui.send("stop");
    gui.send("position startpos moves b0c2");
    gui.send("go depth 1");
    until_logged(&log, "->ENG stop");
    fs::write(&released, "").expect("marker");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("b0c2"), "{lines:?}");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("h9g7"), "{lines:?}");
    assert!(info_strings(&lines).is_empty(), "{lines:?}");
    let text = quit_and_read_log(&mut gui, &log);
    assert_eq!(text.matches("->ENG go depth 1").count(), 1, "{text}");
    let at = |line: &str| text.find(line).unwrap_or_else(|| panic!("{line}: {text}"));
    assert!(at("->ENG stop") < at("ENG-> bestmove b0c2"), "{text}");
    assert!(at("ENG-> bestmove b0c2") < at("ENG-> nobestmove"), "{text}");
}

// ---- XBoard through UCI2WB ------------------------------------------------

/// A fake UCCI engine with one combo option whose default is not its first
/// `var`.
const COMBO_ENGINE: &str = "sh -c 'while read l; do case \"$l\" in ucci) echo \"option style type combo default normal var solid var normal var risky\"; echo ucciok;; isready) echo readyok;; quit) exit 0;; esac; done'";

/// UCI2WB drops a combo's `default`, so XBoard takes its first `var` for the
/// value and sends it back at every engine start (a real match ran the
/// bridge under CXA 2011, the first profile listed, although it announced
/// `default cxa2020`): every combo the bridge announces, its own and the
/// engine's, lists its default first.
#[test]
fn a_gui_that_takes_each_combos_first_var_keeps_the_defaults() {
    let (mut gui, log) = logged(
        "first-var",
        &["--profile", "cxa2020", "--engine", COMBO_ENGINE],
    );
    gui.send("ucci");
    let lines = gui.until(|l| l == "ucciok");
    let combos: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains(" type combo "))
        .collect();
    assert_eq!(combos.len(), 3, "{lines:?}");
    for line in combos {
        let words: Vec<&str> = line.split_whitespace().collect();
        let first_var = words.windows(2).find(|w| w[0] == "var").expect("a var")[1];
        gui.send(&format!("setoption {} {first_var}", words[1]));
    }
    // Black is mated there: the rules answer without the engine.
    gui.send("position fen 3k5/9/9/9/9/9/9/9/3R5/3RK4 b - - 0 1");
    gui.send("go depth 1");
    let (lines, _) = gui.search();
    let infos = info_strings(&lines);
    assert!(
        infos.iter().any(|i| i.starts_with("profile cxa2020 ")),
        "{infos:?}"
    );
    let text = quit_and_read_log(&mut gui, &log);
    assert!(text.contains("->ENG setoption style normal\n"), "{text}");
}

/// UCI2WB's UCI for xiangqi (its Cyclone dialect) sends `fen <FEN> r moves …`
/// without `position`, with ranks 0–9, after `setoption name UCI_Variant
/// value xiangqi` (which means ranks 1–10 otherwise): the bridge ignored the
/// line and answered from the start position in ranks 1–10 (XBoard forfeited
/// its `c1e3`). It takes the line as the position, and its ranks as 0–9.
#[test]
fn the_cyclone_fen_line_is_a_position_with_ranks_from_zero() {
    let engine = fake("case \"$p\" in *h2e2*) echo bestmove h9g7;; *) echo bestmove a0a1;; esac");
    let engine = engine.replace(
        "read l; do",
        "read l; do case \"$l\" in position*) p=\"$l\";; esac;",
    );
    let mut gui = Gui::xqarbiter(&["--engine", &engine]);
    gui.uci_handshake();
    gui.send("setoption name UCI_Variant value xiangqi");
    gui.send("fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r moves h2e2");
    gui.send("go btime 15000 wtime 15000");
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("h9g7"), "{lines:?}");
}

/// Fairy-Stockfish deaf to bans: a filter in front of it drops `banmoves`
/// (UCCI) and cuts `searchmoves` off `go` (UCI), so it answers as it
/// would on its own, banned move or not.
fn fairy_deaf_to_bans(engine: &str) -> String {
    format!("sh -c \"sed -u -e '/^banmoves/d' -e 's/ searchmoves .*//' | exec {engine}\"")
}

/// The moves named `banned m (…)` among `lines`: the ones the rules forbid.
fn banned_in(lines: &[String]) -> Vec<String> {
    info_strings(lines)
        .iter()
        .filter_map(|l| l.strip_prefix("banned "))
        .filter_map(|l| l.split_once(" (").map(|(m, _)| m.to_string()))
        .collect()
}

/// How many allowed moves the engine searched after its banned answer,
/// from `… playing m (the allowed move the engine scored best when it
/// searched the position after each, N moves to depth 4)`.
fn moves_searched(refusal: &str) -> Option<usize> {
    let (_, tail) = refusal.split_once("searched the position after each, ")?;
    tail.split_once(' ')?.0.parse().ok()
}

/// Fairy-Stockfish deaf to bans, behind the bridge, plays both sides of
/// CXA-图17 from where the rules first forbid b7b8, its own first choice
/// (`the_engines_banned_first_choice_is_refused_at_every_reply_of_a_game`),
/// with many other moves allowed: the bridge refuses b7b8, asks the engine
/// to search the position after several allowed moves and plays the best
/// of them; every answer of the game, twelve plies, is legal and none is a
/// move the rules forbid there. Depth-limited searches, and nothing
/// checked of which allowed move is played, nor of timing beyond that
/// more than one of the engine's depth-4 searches (milliseconds each) fits
/// in the 2 s the bridge gives them without a clock.
#[test]
fn an_engine_deaf_to_bans_behind_the_bridge_plays_a_game_on_through_them() {
    let Some(engine) = engine() else { return };
    let deaf = fairy_deaf_to_bans(&engine);
    let (head, opening) = fig17_after(4)
        .split_once(" moves ")
        .map(|(h, m)| (h.to_string(), m.to_string()))
        .expect("moves");
    let fen = head.trim_start_matches("position fen ");
    for protocol in ["ucci", "uci"] {
        let mut gui = Gui::xqarbiter(&[
            "--profile",
            "cxa2020",
            "--engine",
            &deaf,
            "--engine-protocol",
            protocol,
        ]);
        gui.handshake();
        let mut moves: Vec<String> = opening.split(' ').map(str::to_string).collect();
        let mut refusals = 0;
        for ply in 0..12 {
            let mut pos = Position::from_fen(fen).expect("a FEN");
            for m in &moves {
                pos.play_unchecked(Move::parse_uci(m).expect("a move"));
            }
            gui.send(&format!("{head} moves {}", moves.join(" ")));
            gui.send("go depth 9");
            let (lines, mv) = gui.search();
            let at = format!("{protocol}, ply {ply} after {}", moves.join(" "));
            let mv = mv.unwrap_or_else(|| panic!("{at}: no move: {lines:?}"));
            let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
            let banned = banned_in(&lines);
            assert!(legal.contains(&mv), "{at}: {mv} is not legal: {lines:?}");
            assert!(!banned.contains(&mv), "{at}: {mv} is banned: {lines:?}");
            let refusal = info_strings(&lines)
                .into_iter()
                .find(|l| l.contains("which it was told it may not play; playing"));
            if let Some(refusal) = refusal {
                refusals += 1;
                assert!(
                    refusal.contains(&format!("; playing {mv} (")),
                    "{at}: {lines:?}"
                );
            }
            if ply == 0 {
                assert_eq!(banned, ["b7b8"], "{at}: {lines:?}");
                assert!(legal.len() - banned.len() > 10, "{at}: {legal:?}");
                let refusal = refusal.unwrap_or_else(|| panic!("{at}: not refused: {lines:?}"));
                assert!(
                    refusal.starts_with("engine answered b7b8 (banned"),
                    "{at}: {refusal}"
                );
                assert!(
                    moves_searched(refusal).is_some_and(|n| n > 1),
                    "{at}: {refusal}"
                );
            }
            moves.push(mv);
        }
        assert!(refusals >= 1, "{protocol}: {moves:?}");
        gui.send("quit");
        gui.until(|l| l == "bye");
    }
}
