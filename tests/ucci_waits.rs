//! What a GUI waits for behind the bridge: `readyok` comes at once in every
//! phase of a search (the engine searching, the bridge judging, the bridge
//! searching for its own move), and a ponder or endless search of a game
//! that is over ends only when the GUI says so, as a real engine's does.

mod ucci_common;

use std::path::Path;
use std::thread;
use std::time::{Duration, Instant};

use ucci_common::{
    FIG17, Gui, engine, fake, finished_game_searches_end_when_told, has_info, info_strings, sjaak,
};

/// 14 plies of a middle game (tools/stop_latency.py's line): enough pieces
/// on the board that the bridge's own search takes a while.
const MIDDLE_GAME: &str =
    "position startpos moves h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 b7a7 b0c2 h7h3 b2b6 c6c5 a0b0 a9b9";

/// Black is mated: the rooks on d1 and d0 hold the d-file, the king on e0
/// the e-file.
const MATED: &str = "position fen 3k5/9/9/9/9/9/9/9/3R5/3RK4 b - - 0 1";

/// Sends `isready` every millisecond or so, each when the last was
/// answered, until the search's answer: the search's lines.
fn isready_until_bestmove(gui: &mut Gui) -> Vec<String> {
    let mut lines = Vec::new();
    loop {
        gui.send("isready");
        let got = gui.until(|l| l == "readyok" || l.starts_with("bestmove") || l == "nobestmove");
        let done = got.last().is_some_and(|l| l != "readyok");
        lines.extend(got.into_iter().filter(|l| l != "readyok"));
        if done {
            gui.until(|l| l == "readyok");
            return lines;
        }
        thread::sleep(Duration::from_millis(1));
    }
}

/// The lines of a bridge's `--log`, in the order it handled them, each
/// without its timestamp (`GUI-> isready`, `ENG-> nobestmove`, …).
fn log_lines(log: &Path) -> Vec<String> {
    std::fs::read_to_string(log)
        .expect("log")
        .lines()
        .map(|l| l.split_once(' ').map_or(l, |(_, rest)| rest).to_string())
        .collect()
}

/// How many `readyok`s the bridge wrote while it was busy with one piece
/// of work: after the last log line that `starts` it, before the first
/// one after that which shows it over (`ends`).
fn answered_during(lines: &[String], starts: &str, ends: &str) -> usize {
    let from = lines
        .iter()
        .rposition(|l| l.starts_with(starts))
        .unwrap_or_else(|| panic!("no '{starts}' in the log: {lines:#?}"));
    let busy = &lines[from + 1..];
    let to = busy
        .iter()
        .position(|l| l.starts_with(ends))
        .unwrap_or_else(|| panic!("no '{ends}' after '{starts}' in the log: {lines:#?}"));
    busy[..to].iter().filter(|l| *l == "->GUI readyok").count()
}

/// An engine that answers no move where the rules leave moves is asked
/// twice more, and then the bridge searches for a move of its own (a
/// quarter of a second, its clock's most): `isready`s sent meanwhile are
/// answered during that search, as the log's order shows (after the
/// engine's third answer, before the bridge's move), not after the move.
/// (Order, not time: a loaded machine stretches both alike.)
#[test]
fn isready_is_answered_while_the_bridge_searches_for_its_own_move() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let log = tmp.path().join("own-move.log");
    let log_arg = log.display().to_string();
    let engine = fake("echo nobestmove");
    let mut gui = Gui::xqarbiter(&["--engine", &engine, "--log", &log_arg]);
    gui.handshake();
    gui.send(MIDDLE_GAME);
    gui.send("go time 10000 increment 0");
    let lines = isready_until_bestmove(&mut gui);
    assert!(has_info(&lines, |l| l.contains("playing")), "{lines:?}");
    gui.send("quit");
    gui.until(|l| l == "bye");
    let logged = log_lines(&log);
    let during = answered_during(&logged, "ENG-> nobestmove", "->GUI bestmove");
    assert!(during > 0, "{logged:#?}");
}

/// An engine that ignores bans (it answers the move the GUI banned) and
/// holds its answers to the bridge's short searches of the positions after
/// each candidate until the test lets it go (`probing`: it got the first;
/// `released`: it may answer). The file names are given.
fn ignores_bans_and_holds_its_probes(probing: &Path, released: &Path) -> String {
    format!(
        "sh -c 'while read l; do case \"$l\" in ucci) echo ucciok;; isready) echo readyok;; \
         \"go depth\"*) touch {p}; while [ ! -e {r} ]; do sleep 0.01; done; \
         echo info depth 4 score 10 pv a9a8; echo bestmove a9a8;; \
         go*) echo bestmove c4c5;; quit) exit 0;; esac; done'",
        p = probing.display(),
        r = released.display()
    )
}

/// Each phase of a search in front of an engine that ignores bans, with
/// `readyok` answered in it, shown by order alone: the bridge judging and
/// the engine answering (before `go` is answered at all), the bridge's own
/// search that orders the candidates (between the engine's banned answer
/// and the first short search, in the log), and the engine's short searches
/// of the position after each, which it holds until the test has had its
/// `readyok` (an event, not a time).
#[test]
fn isready_is_answered_in_every_phase_of_a_search_for_an_engine_that_ignores_bans() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (probing, released) = (tmp.path().join("probing"), tmp.path().join("released"));
    let log = tmp.path().join("phases.log");
    let log_arg = log.display().to_string();
    let engine = ignores_bans_and_holds_its_probes(&probing, &released);
    let args = [
        "--engine",
        &engine,
        "--engine-timeout",
        "60",
        "--log",
        &log_arg,
    ];
    let mut gui = Gui::xqarbiter(&args);
    gui.handshake();
    gui.send(MIDDLE_GAME);
    gui.send("banmoves c4c5");
    gui.send("go time 10000 increment 0");
    while !probing.exists() {
        gui.send("isready");
        let lines = gui.until(|l| l == "readyok" || l.starts_with("bestmove"));
        assert_eq!(
            lines.last().map(String::as_str),
            Some("readyok"),
            "{lines:?}"
        );
        thread::sleep(Duration::from_millis(1));
    }
    // The engine holds its first short search: no answer can come first.
    gui.ready_while_searching();
    std::fs::write(&released, "").expect("release the engine");
    let (lines, mv) = gui.search();
    assert!(mv.is_some_and(|m| m != "c4c5"), "{lines:?}");
    assert!(
        has_info(&lines, |l| l.starts_with("engine answered c4c5")),
        "{lines:?}"
    );
    gui.send("quit");
    gui.until(|l| l == "bye");
    let logged = log_lines(&log);
    let ranking = answered_during(&logged, "ENG-> bestmove c4c5", "->ENG go depth");
    assert!(ranking > 0, "{logged:#?}");
}

/// Through endless searches with a ban, in both of Fairy-Stockfish's
/// protocols and in front of Sjaak II (which reads nothing while it
/// searches and ignores bans; its endless search is cut into depth-limited
/// ones, the bridge's to stop), every `isready` is answered while the
/// search runs: an endless search cannot end before `stop`, so the order
/// shows it, however loaded the machine.
#[test]
fn isready_is_answered_during_a_real_engines_endless_search() {
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
            gui.send("go infinite");
            for _ in 0..20 {
                gui.ready_while_searching();
                thread::sleep(Duration::from_millis(5));
            }
            gui.send("stop");
            let (lines, mv) = gui.search();
            assert!(mv.is_some(), "{engine} ({protocol}), {position}: {lines:?}");
            assert_ne!(
                mv,
                ban.map(str::to_string),
                "{engine} ({protocol}): {lines:?}"
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

/// A GUI's `go ponder` on a finished game (Black mated; a game over by the
/// rules is searched, see tests/ucci_bridge.rs) gets its `nobestmove` at `ponderhit` or `stop`, not at once
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

/// An engine that crashes at every search and, started again, holds its
/// handshake until the test lets it go: the bridge starts it again within
/// the move, and an `isready` sent while it waits for the new engine's
/// handshake is answered then, not after it (an event, not a time: were
/// `readyok` held back, it would come after the search's answer, or not
/// within the test's patience).
#[test]
fn isready_is_answered_while_a_crashed_engine_starts_again() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let marker = |name: &str| tmp.path().join(name);
    let (started, released) = (marker("crash-started"), marker("crash-released"));
    let engine = format!(
        "sh -c 'if [ -e {s} ]; then while [ ! -e {r} ]; do sleep 0.05; done; fi; touch {s}; \
         while read l; do case \"$l\" in ucci) echo ucciok;; \
         isready) echo readyok;; go*) exit 3;; quit) exit 0;; esac; done'",
        s = started.display(),
        r = released.display()
    );
    let mut gui = Gui::xqarbiter(&["--engine", &engine]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go time 10000 increment 0");
    gui.until(|l| l.contains("starting it again and asking again"));
    gui.send("isready");
    let lines = gui.until(|l| l == "readyok" || l.starts_with("bestmove"));
    assert_eq!(
        lines.last().map(String::as_str),
        Some("readyok"),
        "{lines:?}"
    );
    std::fs::write(&released, "").expect("release the engine");
    let (lines, mv) = gui.search();
    assert!(mv.is_some(), "{lines:?}");
}

/// Shell code that holds an engine's start-up, from its second start on
/// (`started` exists), until `released` exists: a start-up as long as the
/// test makes it (a minute at most, should the test fail first).
fn held_restart(started: &Path, released: &Path) -> String {
    format!(
        "if [ -e {s} ]; then i=0; while [ ! -e {r} ] && [ $i -lt 6000 ]; do sleep 0.01; i=$((i+1)); done; fi; touch {s}; ",
        s = started.display(),
        r = released.display()
    )
}

/// Lets an engine held by [`held_restart`] start, once `hold` has passed
/// since `from`: how long after `from` it was let go (`hold` at least).
fn release_after(released: &Path, from: Instant, hold: Duration) -> Duration {
    thread::sleep(hold.saturating_sub(from.elapsed()));
    let held = from.elapsed();
    std::fs::write(released, "").expect("release the engine");
    held
}

/// Whole milliseconds in `d`, as a clock of the engine's counts them.
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).expect("a short time")
}

/// Two scratch files' paths in `tmp`, for [`held_restart`]: the start
/// marker and the release.
fn restart_markers(tmp: &tempfile::TempDir) -> (std::path::PathBuf, std::path::PathBuf) {
    (tmp.path().join("started"), tmp.path().join("released"))
}

/// An engine that answers every search with h2e2 and exits, its start-up
/// held from its second start on (see [`held_restart`]): the bridge starts
/// it again at the next `position`, while the GUI's next lines wait.
fn held_and_gone_after_each_search(held: &str) -> String {
    format!(
        "sh -c '{held}while read l; do case \"$l\" in \
         ucci) echo option usemillisec type check default true; echo ucciok;; \
         isready) echo readyok;; go*) echo bestmove h2e2; exit 0;; quit) exit 0;; esac; done'"
    )
}

/// The clocks of the `go time` and `go ponder time` lines the bridge sent
/// its engine, as its log shows them.
fn clocks_told(log: &std::path::Path) -> Vec<u64> {
    std::fs::read_to_string(log)
        .expect("log")
        .lines()
        .filter(|l| l.contains("->ENG "))
        .filter_map(|l| {
            let go = l.split(" go ").nth(1)?;
            go.strip_prefix("ponder ")
                .unwrap_or(go)
                .strip_prefix("time ")
        })
        .filter_map(|r| r.split_whitespace().next()?.parse().ok())
        .collect()
}

/// How long to hold an engine's start-up, by the test's clock, where the
/// GUI's clock must be charged for the wait: the clock the engine is told
/// is at least that much less than the GUI's (the unit tests in
/// src/ucci/session.rs check the charge to the millisecond). The bounds
/// are by the test's own clock, which no load can break, so the hold is
/// no margin: it is only the wait to be charged, long enough to tell from
/// the few milliseconds a bridge that charged nothing would still show.
const START_UP: Duration = Duration::from_millis(300);

/// A `go` that waits while the bridge starts its engine again at the
/// `position` before it gets the clock the GUI has left: the engine is told
/// the clock less the start-up, at least the time the test held it after
/// sending the `go` (it would spend time the GUI's clock no longer has); a
/// `go` that found the engine running, the clock less at most the time the
/// test waited for its answer. So is a search asked again of an engine
/// started again within the move (it crashed at its first search), told
/// the clock less the start-up the test held after the bridge said so.
/// (Bounds by the test's own clock, which no load can break: the only
/// timing left is that the bridge reads the `go` the test wrote no later
/// than the engine, let go, takes to answer its handshake.)
#[test]
fn a_go_that_waits_for_an_engine_start_up_is_charged_the_wait() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let log = tmp.path().join("charged.log");
    let (started, released) = restart_markers(&tmp);
    let engine = held_and_gone_after_each_search(&held_restart(&started, &released));
    let log_arg = log.display().to_string();
    let mut gui = Gui::xqarbiter(&["--engine", &engine, "--log", &log_arg]);
    gui.handshake();
    gui.send("position startpos");
    let sent = Instant::now();
    gui.send("go time 5000 increment 0");
    let (lines, mv) = gui.search();
    let answered = sent.elapsed();
    assert_eq!(mv.as_deref(), Some("h2e2"), "{lines:?}");
    // The engine's exit is seen before the next position.
    gui.send("isready");
    gui.until(|l| l == "readyok");
    gui.send("position startpos");
    let sent = Instant::now();
    gui.send("go time 5000 increment 0");
    let held = release_after(&released, sent, START_UP);
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("h2e2"), "{lines:?}");
    gui.send("quit");
    gui.until(|l| l == "bye");
    let told = clocks_told(&log);
    assert_eq!(told.len(), 2, "{told:?}");
    assert!(told[0] >= 5000 - millis(answered), "{told:?}, {answered:?}");
    assert!(told[1] <= 5000 - millis(held), "{told:?}, {held:?}");

    let tmp = tempfile::tempdir().expect("temp dir");
    let (started, released) = restart_markers(&tmp);
    let crashed = tmp.path().join("crashed");
    let engine = format!(
        "sh -c '{held}while read l; do case \"$l\" in \
         ucci) echo option usemillisec type check default true; echo ucciok;; \
         isready) echo readyok;; go*) if [ -e {c} ]; then echo bestmove h2e2; else touch {c}; exit 3; fi;; \
         quit) exit 0;; esac; done'",
        held = held_restart(&started, &released),
        c = crashed.display()
    );
    let mut gui = Gui::xqarbiter(&["--engine", &engine, "--log", &log_arg]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go time 5000 increment 0");
    gui.until(|l| l.contains("starting it again"));
    let held = release_after(&released, Instant::now(), START_UP);
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("h2e2"), "{lines:?}");
    gui.send("quit");
    gui.until(|l| l == "bye");
    let told = clocks_told(&log);
    assert_eq!(told.len(), 2, "{told:?}");
    assert!(told[1] <= told[0] - millis(held), "{told:?}, {held:?}");
}

/// An engine that leaves after each search, answering it with c3c4, its
/// start-up held from its second start on (`held`, see [`held_restart`]);
/// `name` is its `id name`. It holds a `go ponder`'s answer until the next
/// line (`ponderhit` or `stop`), as an engine must, and then runs `then`
/// (its answer, or a hang).
fn pondering_engine(name: &str, held: &str, then: &str) -> String {
    format!(
        "sh -c '{held}while read l; do case \"$l\" in \
         ucci) echo id name {name}; echo option usemillisec type check default true; echo ucciok;; \
         isready) echo readyok;; \"go ponder\"*) read l; {then};; \
         go*) echo bestmove c3c4; exit 0;; quit) exit 0;; esac; done'"
    )
}

/// What [`pondering_engine`] does after its ponder search's next line.
const ANSWER: &str = "echo bestmove c3c4; exit 0";

/// How long the first search of [`ponder_searches`] ponders, by the test's
/// clock: were it charged, the engine would be told that much less. No
/// margin either (see [`START_UP`]): only more than the time the test
/// waits for the answer after the `ponderhit`, tens of milliseconds.
const PONDERING: Duration = Duration::from_millis(500);

/// What [`ponder_searches`] saw: the clocks the engine was told, how long
/// the first `ponderhit` waited for its answer, and how long the second
/// was held (by its engine's start-up) before the engine was let go.
struct Pondered {
    told: Vec<u64>,
    answered: Duration,
    held: Duration,
}

/// Plays two ponder searches through a bridge in front of a
/// [`pondering_engine`] named `name`, each `go ponder time 5000` and
/// `ponderhit`: first on the engine started with the session, the
/// `ponderhit` [`PONDERING`] later; then on one started again at the
/// `position` before, the `ponderhit` at once, its start-up held
/// [`START_UP`] after the `ponderhit` was sent (the start-up holds the
/// GUI's `go ponder` and `ponderhit` back).
fn ponder_searches(name: &str, extra: &[&str]) -> Pondered {
    let tmp = tempfile::tempdir().expect("temp dir");
    let log = tmp.path().join("ponder.log");
    let log_arg = log.display().to_string();
    let (started, released) = restart_markers(&tmp);
    let engine = pondering_engine(name, &held_restart(&started, &released), ANSWER);
    let mut args = vec!["--engine", engine.as_str(), "--log", &log_arg];
    args.extend_from_slice(extra);
    let mut gui = Gui::xqarbiter(&args);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go ponder time 5000 increment 0");
    thread::sleep(PONDERING);
    let hit = Instant::now();
    gui.send("ponderhit");
    let (lines, mv) = gui.search();
    let answered = hit.elapsed();
    assert_eq!(mv.as_deref(), Some("c3c4"), "{lines:?}");
    gui.send("isready");
    gui.until(|l| l == "readyok");
    gui.send("position startpos moves h0g2 h9g7");
    gui.send("go ponder time 5000 increment 0");
    let hit = Instant::now();
    gui.send("ponderhit");
    let held = release_after(&released, hit, START_UP);
    let (lines, mv) = gui.search();
    assert_eq!(mv.as_deref(), Some("c3c4"), "{lines:?}");
    gui.send("quit");
    gui.until(|l| l == "bye");
    Pondered {
        told: clocks_told(&log),
        answered,
        held,
    }
}

/// Pondering spends the opponent's time, not the engine's (UCCI: the clock
/// does not run until `ponderhit`). A `go ponder` passed on is told the
/// clock as given, also when it waited for the engine's start-up; an
/// engine that reads nothing while it searches (named Sjaak, as Sjaak II
/// is known), whose ponder search the bridge holds back and sends at
/// `ponderhit`, is told the clock as given too after [`PONDERING`] (less
/// at most the time the test waited for the answer), and only what has
/// run since the `ponderhit` arrived is taken off: at least the start-up
/// the test held after sending it. (Bounds by the test's own clock; the
/// unit tests in src/ucci/session.rs check the same to the millisecond.)
#[test]
fn a_ponder_search_is_told_the_clock_as_given() {
    let passed_on = ponder_searches("Pondering fake", &[]);
    assert_eq!(passed_on.told, [5000, 5000]);

    let held = ponder_searches("Sjaak fake", &["--engine-rank-base", "0"]);
    let Pondered {
        told,
        answered,
        held,
    } = held;
    assert_eq!(told.len(), 2, "{told:?}");
    assert!(told[0] >= 5000 - millis(answered), "{told:?}, {answered:?}");
    assert!(told[1] <= 5000 - millis(held), "{told:?}, {held:?}");
}

/// A `ponderhit` that waited for the engine's start-up started the GUI's
/// clock when it arrived: an engine that then never answers (told 100 ms)
/// is given up 100 ms and `--engine-timeout` (3 s) after the `ponderhit`
/// arrived. Its start-up held 1.5 s after the `ponderhit` was sent, the
/// answer comes 1.6 s after the engine was let go; were the clock started
/// when the `ponderhit` was handled, it would come 3.1 s after, not less:
/// a bound by the test's own clock, which no load shortens (the unit tests
/// in src/ucci/session.rs check the deadline to the millisecond). The hold
/// is the whole difference, so it leaves the answer 1.5 s to be late, and
/// the engine's handshake, which the same 3 s bound, 1.5 s after it is let
/// go.
#[test]
fn a_ponderhit_that_waited_runs_the_clock_from_its_arrival() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (started, released) = restart_markers(&tmp);
    let held = held_restart(&started, &released);
    let engine = pondering_engine("Hanging fake", &held, "exec sleep 60");
    let mut gui = Gui::xqarbiter(&["--engine", &engine, "--engine-timeout", "3"]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go time 5000 increment 0");
    assert_eq!(gui.search().1.as_deref(), Some("c3c4"));
    // Its exit is seen before the next position, which starts it again
    // (else the position reaches it as it exits, and it is asked again).
    gui.until(|l| l.contains("the engine exited"));
    gui.send("position startpos moves h0g2 h9g7");
    gui.send("go ponder time 100 increment 0");
    let hit = Instant::now();
    gui.send("ponderhit");
    release_after(&released, hit, Duration::from_millis(1500));
    let let_go = Instant::now();
    let (lines, mv) = gui.search();
    let waited = let_go.elapsed();
    assert!(mv.is_some(), "{lines:?}");
    // The engine started (its handshake was not given up) and heard the
    // `ponderhit`, which it never answered.
    let said = info_strings(&lines);
    assert_eq!(said.len(), 1, "{lines:?}");
    assert!(
        said[0].starts_with("the engine gave no bestmove in time"),
        "{lines:?}"
    );
    assert!(
        waited < Duration::from_millis(3100),
        "{waited:?}: {lines:?}"
    );
    gui.send("quit");
    gui.until(|l| l == "bye");
}

/// A GUI that quits while the bridge waits for its engine's handshake (an
/// engine that never answers, given a minute to) is not held for that
/// minute: the session ends at once, at start-up and at a `position` that
/// starts the engine again; its `isready` meanwhile is answered too.
#[test]
fn quit_during_an_engine_handshake_ends_the_session_at_once() {
    let bound = Duration::from_secs(20);
    let mut gui = Gui::xqarbiter(&["--engine", "sleep 60", "--engine-timeout", "60"]);
    let sent = Instant::now();
    gui.send("ucci");
    gui.send("quit");
    assert!(gui.wait(), "{:?}", gui.transcript);
    assert!(sent.elapsed() < bound, "{:?}", sent.elapsed());

    let tmp = tempfile::tempdir().expect("temp dir");
    let marker = tmp.path().join("started");
    // Started again once it has answered a search: it never answers again.
    let engine = format!(
        "sh -c 'if [ -e {m} ]; then exec sleep 60; fi; touch {m}; while read l; do case \"$l\" in \
         ucci) echo ucciok;; isready) echo readyok;; go*) echo bestmove h2e2; exit 0;; esac; done'",
        m = marker.display()
    );
    let mut gui = Gui::xqarbiter(&["--engine", &engine, "--engine-timeout", "60"]);
    gui.handshake();
    gui.send("position startpos");
    gui.send("go depth 5");
    assert_eq!(gui.search().1.as_deref(), Some("h2e2"));
    gui.send("position startpos");
    gui.send("isready");
    gui.until(|l| l == "readyok");
    gui.send("go depth 5");
    let sent = Instant::now();
    gui.send("quit");
    let lines = gui.until(|l| l == "bye");
    assert!(sent.elapsed() < bound, "{:?}: {lines:?}", sent.elapsed());
    assert!(gui.wait(), "{lines:?}");
}
