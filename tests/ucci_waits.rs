//! What a GUI waits for behind the bridge: `readyok` comes at once in every
//! phase of a search (the engine searching, the bridge judging, the bridge
//! searching for its own move), and a ponder or endless search of a game
//! that is over ends only when the GUI says so, as a real engine's does.

mod ucci_common;

use std::thread;
use std::time::{Duration, Instant};

use ucci_common::{
    FIG17, Gui, engine, fake, finished_game_searches_end_when_told, has_info, sjaak,
};

/// 14 plies of a middle game (tools/stop_latency.py's line): enough pieces
/// on the board that the bridge's own search takes a while.
const MIDDLE_GAME: &str =
    "position startpos moves h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 b7a7 b0c2 h7h3 b2b6 c6c5 a0b0 a9b9";

/// Black is mated: the rooks on d1 and d0 hold the d-file, the king on e0
/// the e-file.
const MATED: &str = "position fen 3k5/9/9/9/9/9/9/9/3R5/3RK4 b - - 0 1";

/// The longest `readyok` may keep a GUI waiting while the bridge searches.
const PROMPT: Duration = Duration::from_millis(50);

/// Sends `isready` every few milliseconds, each when the last was
/// answered, until the search's answer: every wait, and the search's lines.
fn isready_until_bestmove(gui: &mut Gui) -> (Vec<Duration>, Vec<String>) {
    let mut waits = Vec::new();
    let mut lines = Vec::new();
    loop {
        let sent = Instant::now();
        gui.send("isready");
        let got = gui.until(|l| l == "readyok" || l.starts_with("bestmove") || l == "nobestmove");
        let done = got.last().is_some_and(|l| l != "readyok");
        lines.extend(got.into_iter().filter(|l| l != "readyok"));
        if done {
            gui.until(|l| l == "readyok");
            return (waits, lines);
        }
        waits.push(sent.elapsed());
        thread::sleep(Duration::from_millis(3));
    }
}

/// An engine that answers no move where the rules leave moves is asked
/// twice more, and then the bridge searches for a move of its own: an
/// `isready` sent meanwhile is answered before that search ends, not after
/// the move it gives.
#[test]
fn isready_is_answered_while_the_bridge_searches_for_its_own_move() {
    let engine = fake("echo nobestmove");
    let mut gui = Gui::xqarbiter(&["--engine", &engine]);
    gui.handshake();
    gui.send(MIDDLE_GAME);
    gui.send("go time 10000 increment 0");
    gui.until(|l| l.contains("attempt 2 of 2"));
    // The engine's third answer comes at once; the bridge's search then
    // runs for a tenth of a second or more.
    thread::sleep(Duration::from_millis(30));
    gui.ready_while_searching();
    let (lines, mv) = gui.search();
    assert!(mv.is_some(), "{lines:?}");
    assert!(has_info(&lines, |l| l.contains("playing")), "{lines:?}");
}

/// Through whole searches with a ban, in both of Fairy-Stockfish's
/// protocols (the bridge judging the position, then the engine searching
/// with the ban), every `isready` is answered within [`PROMPT`]; so is it
/// in front of Sjaak II, which ignores bans, while the bridge searches the
/// allowed moves itself and has the engine search the position after each.
#[test]
fn isready_is_answered_at_once_in_every_phase_of_a_bridged_search() {
    let mut engines = Vec::new();
    if let Some(fsf) = engine() {
        engines.push((fsf.clone(), "ucci"));
        engines.push((fsf, "uci"));
    }
    if let Some(s) = sjaak() {
        engines.push((format!("{s} -ucci"), "ucci"));
    }
    for (engine, protocol) in engines {
        let mut gui = Gui::xqarbiter(&["--engine", &engine, "--engine-protocol", protocol]);
        gui.handshake();
        for (position, ban) in [(FIG17, None), (MIDDLE_GAME, Some("c4c5"))] {
            gui.send(position);
            if let Some(ban) = ban {
                gui.send(&format!("banmoves {ban}"));
            }
            gui.send("go time 3000 increment 0");
            let (waits, lines) = isready_until_bestmove(&mut gui);
            let longest = waits.iter().max().copied().unwrap_or_default();
            assert!(
                longest < PROMPT,
                "{engine} ({protocol}): readyok after {longest:?}: {lines:?}"
            );
            assert!(
                lines.last().is_some_and(|l| l.starts_with("bestmove ")),
                "{lines:?}"
            );
        }
    }
}

/// Fairy-Stockfish, asked to ponder on a position where Black is mated,
/// says it is mated and answers only at `ponderhit`; an endless search
/// there only at `stop`.
#[test]
fn fairy_stockfish_ends_a_ponder_search_of_a_mated_position_only_when_told() {
    let Some(fsf) = engine() else { return };
    let mut bare = Gui::start(&fsf, &[]);
    bare.send("ucci");
    bare.until(|l| l == "ucciok");
    bare.send(MATED);
    for (go, end) in [
        ("go ponder time 1000", "ponderhit"),
        ("go infinite", "stop"),
    ] {
        bare.send(go);
        bare.ready_while_searching();
        bare.send(end);
        assert_eq!(bare.search().1, None, "{go}");
    }
}

/// A GUI's `go ponder` on a finished game (Black mated, or the game over by
/// the rules) gets its `nobestmove` at `ponderhit` or `stop`, not at once
/// (a GUI would take it for the answer to its next search), and an endless
/// search only at `stop`, as from Fairy-Stockfish itself; the game over is
/// said at once. A UCI GUI gets `bestmove (none)` so too.
#[test]
fn a_ponder_search_of_a_finished_game_ends_only_when_the_gui_says_so() {
    let engine = fake("echo bestmove h2e2");
    let mut gui = Gui::xqarbiter(&["--engine", &engine]);
    gui.handshake();
    gui.send(MATED);
    // Other commands wait for the search's end, as in any search.
    finished_game_searches_end_when_told(&mut gui, |gui| {
        gui.send("position startpos");
        gui.until(|l| l.contains("a search is running"));
    });
    // `ponderhit` turns an endless ponder search into an endless search.
    gui.send("go ponder");
    gui.send("ponderhit");
    gui.ready_while_searching();
    gui.send("stop");
    assert_eq!(gui.search().1, None);
    // A search with a limit is answered at once.
    gui.send("go depth 5");
    assert_eq!(
        gui.search().0.last().map(String::as_str),
        Some("nobestmove")
    );

    let mut uci = Gui::xqarbiter(&["--engine", &engine]);
    uci.uci_handshake();
    uci.send(MATED);
    uci.send("go ponder wtime 1000 btime 1000");
    uci.ready_while_searching();
    uci.send("ponderhit");
    assert_eq!(
        uci.search().0.last().map(String::as_str),
        Some("bestmove (none)")
    );
}

/// An engine that takes a second to start and crashes at every search:
/// the bridge starts it again within the move, and an `isready` sent while
/// it waits for the new engine's handshake is answered at once, not after it.
#[test]
fn isready_is_answered_while_a_crashed_engine_starts_again() {
    let engine = "sh -c 'sleep 1; while read l; do case \"$l\" in ucci) echo ucciok;; \
        isready) echo readyok;; go*) exit 3;; quit) exit 0;; esac; done'";
    let mut gui = Gui::xqarbiter(&["--engine", engine]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go time 10000 increment 0");
    gui.until(|l| l.contains("starting it again and asking again"));
    let sent = Instant::now();
    gui.send("isready");
    let lines = gui.until(|l| l == "readyok" || l.starts_with("bestmove"));
    let waited = sent.elapsed();
    assert_eq!(
        lines.last().map(String::as_str),
        Some("readyok"),
        "{lines:?}"
    );
    assert!(
        waited < Duration::from_millis(500),
        "readyok after {waited:?}"
    );
    let (lines, mv) = gui.search();
    assert!(mv.is_some(), "{lines:?}");
}
