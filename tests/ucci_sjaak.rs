//! The bridge in front of Sjaak II (Debian's `sjaakii`), a second real
//! engine, in both its protocols: it counts ranks from 1, reads the horse and
//! elephant as H and E in a FEN, and reads nothing while it searches (so
//! `stop` and `ponderhit` are the bridge's to answer). Skipped with a note
//! when Sjaak II is not installed (a failure with `XQARBITER_REQUIRE_ENGINE=1`).

mod ucci_common;

use ucci_common::{FIG17, Gui, has_info, pv_firsts, sjaak};
use xqarbiter::board::{Move, Position};

/// The bridge in front of `sjaakii -<protocol>`, after a UCCI handshake.
fn bridged(engine: &str, protocol: &str) -> Gui {
    let command = format!("{engine} -{protocol}");
    let mut gui = Gui::xqarbiter(&["--engine", &command, "--engine-protocol", protocol]);
    let lines = {
        gui.send("ucci");
        gui.until(|l| l == "ucciok")
    };
    assert!(
        lines.iter().any(|l| l.contains("bridge for Sjaak II")),
        "{protocol}: {lines:?}"
    );
    assert!(
        !has_info(&lines, |l| l.contains("not running")),
        "{lines:?}"
    );
    gui
}

/// A few plies from the start on the clock, then CXA-图17 (a FEN with
/// elephants), where Sjaak II's natural move repeats a forbidden cycle: every
/// answer is a legal move in UCCI coordinates, and the banned one is refused.
#[test]
fn sjaak_plays_through_the_bridge_in_both_protocols() {
    let Some(engine) = sjaak() else { return };
    for protocol in ["ucci", "uci"] {
        let mut gui = bridged(&engine, protocol);
        let mut pos = Position::startpos();
        let mut moves: Vec<String> = Vec::new();
        for ply in 0..4 {
            if moves.is_empty() {
                gui.send("position startpos");
            } else {
                gui.send(&format!("position startpos moves {}", moves.join(" ")));
            }
            gui.send("go time 2000 increment 50 opptime 2000 oppincrement 50");
            let (lines, mv) = gui.search();
            let mv = mv.unwrap_or_else(|| panic!("{protocol}, ply {ply}: {lines:?}"));
            let parsed = Move::parse_uci(&mv).expect("a move in UCCI coordinates");
            assert!(
                pos.is_legal(parsed),
                "{protocol}, ply {ply}: {mv} {lines:?}"
            );
            assert!(
                !has_info(&lines, |l| l.contains("engine answered")),
                "{protocol}, ply {ply}: {lines:?}"
            );
            pos.play_unchecked(parsed);
            moves.push(mv);
        }
        gui.send(FIG17);
        gui.send("go depth 6");
        let (lines, mv) = gui.search();
        let mv = mv.unwrap_or_else(|| panic!("{protocol}: {lines:?}"));
        assert_ne!(mv, "b7b8", "{protocol}: {lines:?}");
        assert!(
            has_info(&lines, |l| l.starts_with("banned b7b8 (")),
            "{protocol}: {lines:?}"
        );
        // Sjaak II searches b7b8 all the same: the GUI sees none of those
        // lines but their depths, and the last one it sees begins with the
        // move it gets.
        let progress = lines
            .iter()
            .filter(|l| l.starts_with("info depth ") && !l.contains(" pv "));
        assert!(progress.count() >= 3, "{protocol}: {lines:?}");
        let firsts = pv_firsts(&lines);
        assert!(
            !firsts.contains(&"b7b8".to_string()),
            "{protocol}: {lines:?}"
        );
        assert_eq!(firsts.last(), Some(&mv), "{protocol}: {lines:?}");
        // That line has the score Sjaak II gave the move when the bridge
        // had it search the position after each candidate.
        let own = &lines[lines.len() - 2];
        assert!(
            own.starts_with("info depth 5 score ") && own.ends_with(&format!(" pv {mv}")),
            "{protocol}: {lines:?}"
        );
        gui.send("quit");
        gui.until(|l| l == "bye");
    }
}

/// `go infinite` then `stop`, and `go ponder` then `ponderhit`, each get
/// their `bestmove`, though Sjaak II itself would answer neither; the
/// endless search reaches it as depth-limited ones, and the one running at
/// `stop` is left to end rather than the engine killed.
#[test]
fn sjaak_answers_stop_and_ponderhit_through_the_bridge() {
    let Some(engine) = sjaak() else { return };
    for protocol in ["ucci", "uci"] {
        let mut gui = bridged(&engine, protocol);
        gui.send("position startpos moves h2e2");
        gui.send("go infinite");
        let before = gui.until(|l| l.starts_with("info depth"));
        gui.send("stop");
        let (lines, mv) = gui.search();
        let mv = mv.unwrap_or_else(|| panic!("{protocol}: {lines:?}"));
        let mut pos = Position::startpos();
        pos.play_unchecked(Move::parse_uci("h2e2").expect("a move"));
        assert!(
            pos.is_legal(Move::parse_uci(&mv).expect("a move")),
            "{protocol}: {lines:?}"
        );
        assert!(
            has_info(&lines, |l| l.contains("its search runs on")),
            "{protocol}: {lines:?}"
        );
        // The GUI may have seen lines of the search still running: the
        // last line before the answer begins with the move it gets.
        let shown = &lines[lines.len().saturating_sub(2)];
        assert!(
            shown.starts_with("info depth ") && shown.ends_with(&format!(" pv {mv}")),
            "{protocol}: {lines:?}"
        );
        // With a depth and score of the engine's, when one of its lines
        // began with the move.
        let began = before
            .iter()
            .chain(&lines[..lines.len() - 2])
            .any(|l| l.contains(" score ") && l.contains(&format!(" pv {mv}")));
        assert!(!began || shown.contains(" score "), "{protocol}: {lines:?}");
        gui.send("position startpos moves h2e2 h9g7");
        gui.send("go ponder time 3000 opptime 3000");
        gui.send("ponderhit");
        let (lines, mv) = gui.search();
        assert!(mv.is_some(), "{protocol}: {lines:?}");
        gui.send("quit");
        gui.until(|l| l == "bye");
    }
}

/// Sjaak II writes a mate as centipawns from 16000 (`score cp 15999`, a
/// mate in one), in both its protocols: the bridge passes it on as the mate
/// it is, `score 9999` to a UCCI GUI and `score mate 1` to a UCI one, and
/// never as those centipawns.
#[test]
fn sjaak_mates_reach_the_gui_as_mates() {
    let Some(engine) = sjaak() else { return };
    // Red's rooks on a7 and i8 mate the king on d9 in one.
    let position = "position fen 3k5/8R/R8/9/9/9/9/9/9/4K4 w - - 0 1";
    for protocol in ["ucci", "uci"] {
        let mut gui = bridged(&engine, protocol);
        gui.send(position);
        gui.send("go depth 4");
        let (lines, mv) = gui.search();
        assert!(mv.is_some(), "{protocol}: {lines:?}");
        assert!(
            lines.iter().any(|l| l.contains(" score 9999 ")),
            "{protocol}: {lines:?}"
        );
        assert!(
            !lines.iter().any(|l| l.contains(" score 1599")),
            "{protocol}: {lines:?}"
        );
        gui.send("quit");
        gui.until(|l| l == "bye");
        let command = format!("{engine} -{protocol}");
        let mut gui = Gui::xqarbiter(&["--engine", &command, "--engine-protocol", protocol]);
        gui.uci_handshake();
        gui.send(position);
        gui.send("go depth 4");
        let (lines, mv) = gui.search();
        assert!(mv.is_some(), "{protocol}: {lines:?}");
        assert!(
            lines.iter().any(|l| l.contains(" score mate 1 ")),
            "{protocol}: {lines:?}"
        );
        assert!(
            !lines.iter().any(|l| l.contains(" cp 1599")),
            "{protocol}: {lines:?}"
        );
        gui.send("quit");
        assert!(gui.wait(), "{protocol}");
    }
}

/// A GUI that sets the hash size (UCCI `setoption hashsize 32`, UCI
/// `setoption name Hash value 32`) gets the engine's answers after it, in
/// both of Sjaak II's protocols: its UCCI side reads the option only in UCI
/// form, and crashes at the next search after `setoption Hash 32`.
#[test]
fn sjaak_takes_the_hash_size_in_both_protocols() {
    let Some(engine) = sjaak() else { return };
    for protocol in ["ucci", "uci"] {
        for gui_uci in [false, true] {
            let mut gui = if gui_uci {
                let command = format!("{engine} -{protocol}");
                let mut gui =
                    Gui::xqarbiter(&["--engine", &command, "--engine-protocol", protocol]);
                gui.uci_handshake();
                gui.send("setoption name Hash value 32");
                gui
            } else {
                let mut gui = bridged(&engine, protocol);
                gui.send("setoption hashsize 32");
                gui
            };
            for position in ["position startpos", "position startpos moves h2e2"] {
                gui.send(position);
                gui.send("go depth 3");
                let (lines, mv) = gui.search();
                assert!(mv.is_some(), "{protocol}, UCI GUI {gui_uci}: {lines:?}");
                assert!(
                    !has_info(&lines, |l| l.contains("exited") || l.contains("playing")),
                    "{protocol}, UCI GUI {gui_uci}: {lines:?}"
                );
            }
            gui.send("quit");
            assert!(gui.wait(), "{protocol}, UCI GUI {gui_uci}");
        }
    }
}

/// CXA-图17 as one game: Red's rook chases round the cycle, which then
/// forbids b7b8; Red varies (e0e1, and Black h7h8) and goes round again,
/// and once more after the king's way back, where b7b8 would make the
/// position stand a third time.
const FIG17_GAME: &str = "position fen 1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w - - 0 1 moves b7b8 d8d7 b8b7 d7d8 e0e1 h7h8 b7b8 d8d7 b8b7 d7d8 e1e0 h8h7 b7b8 d8d7 b8b7 d7d8";

/// One game, three replies of Red's where the rules ban b7b8. Sjaak II is
/// told so (`banmoves`, or in UCI `searchmoves` without it) but does not
/// listen: where b7b8 is its first choice (the first and the last) it
/// answers b7b8 all the same, in both protocols, and the bridge refuses it
/// each time and plays the allowed move Sjaak II scores best when it
/// searches the position after each; in the middle its own answer, another
/// move, is passed on.
#[test]
fn sjaaks_banned_first_choice_is_refused_at_every_reply_of_a_game() {
    let Some(engine) = sjaak() else { return };
    let moves: Vec<&str> = FIG17_GAME
        .split(" moves ")
        .nth(1)
        .expect("moves")
        .split(' ')
        .collect();
    let head = FIG17_GAME.split(" moves ").next().expect("a FEN");
    for protocol in ["ucci", "uci"] {
        let mut gui = bridged(&engine, protocol);
        for (ply, insists) in [(4, true), (10, false), (16, true)] {
            gui.send(&format!("{head} moves {}", moves[..ply].join(" ")));
            gui.send("go depth 6");
            let (lines, mv) = gui.search();
            let mv = mv.unwrap_or_else(|| panic!("{protocol}, ply {ply}: {lines:?}"));
            assert_ne!(mv, "b7b8", "{protocol}, ply {ply}: {lines:?}");
            assert!(
                has_info(&lines, |l| l.starts_with("banned b7b8 (")),
                "{protocol}, ply {ply}: {lines:?}"
            );
            let refused = has_info(&lines, |l| {
                l.starts_with("engine answered b7b8 (banned")
                    && l.contains(&format!(
                        "playing {mv} (the allowed move the engine scored best"
                    ))
            });
            assert_eq!(refused, insists, "{protocol}, ply {ply}: {lines:?}");
            assert_eq!(
                pv_firsts(&lines).last(),
                Some(&mv),
                "{protocol}, ply {ply}: {lines:?}"
            );
        }
        gui.send("quit");
        gui.until(|l| l == "bye");
    }
}
