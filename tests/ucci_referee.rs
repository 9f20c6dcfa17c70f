//! `xqarbiter ucci` as a referee engine (no engine behind it), driven as a GUI would.

mod ucci_common;

use ucci_common::{FIG17, FIG20, Gui, has_info, info_strings};
use xqarbiter::board::{Move, Position};
use xqarbiter::referee::Referee;
use xqarbiter::rules::profile::Profile;
use xqarbiter::rules::ruling::Verdict;

#[test]
fn handshake_options_ready_and_quit() {
    let mut gui = Gui::xqarbiter(&["--profile", "cxa2020"]);
    gui.send("ucci");
    let lines = gui.until(|l| l == "ucciok");
    assert!(
        lines.iter().any(|l| l.starts_with("id name xqarbiter")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option profile type combo")
                && l.contains("var axf")
                && l.ends_with("default cxa2020")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option usemillisec type check"))
    );
    gui.send("setoption usemillisec true");
    gui.send("setoption newgame");
    gui.send("isready");
    gui.until(|l| l == "readyok");
    gui.send("stop");
    gui.until(|l| l == "nobestmove");
    gui.send("quit");
    gui.until(|l| l == "bye");
    assert!(gui.wait());
}

#[test]
fn malformed_lines_are_reported_and_survived() {
    let mut gui = Gui::xqarbiter(&[]);
    for bad in [
        "fly to the moon",
        "go depth x",
        "go warp 9",
        "position",
        "position fen",
        "position fen 9/9/9 w",
        "position startpos moves zz99",
        "banmoves a0a0 h2",
        "setoption",
        "setoption profile nosuchrules",
        "ponderhit",
        "\u{1b}[A garbage \u{7f}",
    ] {
        gui.send(bad);
        gui.send("isready");
        let lines = gui.until(|l| l == "readyok");
        let infos = info_strings(&lines);
        assert!(!infos.is_empty(), "no report for {bad:?}: {lines:?}");
    }
    gui.send_bytes(b"go \xff\xfe depth\n");
    gui.send("isready");
    let lines = gui.until(|l| l == "readyok");
    assert!(!info_strings(&lines).is_empty(), "{lines:?}");
    gui.send("quit");
    gui.until(|l| l == "bye");
}

#[test]
fn go_after_a_rejected_position_has_no_position_to_judge() {
    let mut gui = Gui::xqarbiter(&[]);
    for bad in [
        "position startpos moves h2e2 h2e2",
        "position fen 9/9/9 w",
        "position banana",
    ] {
        gui.send("position startpos moves h2e2");
        gui.send(bad);
        gui.send("isready");
        let lines = gui.until(|l| l == "readyok");
        assert!(has_info(&lines, |l| l.contains("rejected")), "{lines:?}");
        gui.send("banmoves h9g7");
        gui.send("go depth 1");
        let (lines, mv) = gui.search();
        assert_eq!(mv, None);
        assert!(
            has_info(&lines, |l| l.starts_with("no position to search")),
            "{bad}: {lines:?}"
        );
        // Nothing is judged: the previous position is gone.
        assert!(!has_info(&lines, |l| l.starts_with("profile")), "{lines:?}");
    }
    assert!(
        info_strings(&gui.transcript)
            .iter()
            .any(|l| l.contains("move 2 h2e2")),
        "{:?}",
        gui.transcript
    );
    gui.send("position startpos moves h2e2");
    gui.send("go depth 1");
    let (lines, _) = gui.search();
    assert!(has_info(&lines, |l| l.starts_with("profile")), "{lines:?}");
    assert!(!has_info(&lines, |l| l.contains("rejected")), "{lines:?}");
}

#[test]
fn every_go_gets_an_answer() {
    let mut gui = Gui::xqarbiter(&[]);
    gui.send("position startpos");
    for go in [
        "go movetime 500",
        "go time 1.5",
        "go depth 4294967296",
        "go warp 9",
        "go ponder draw time 3",
    ] {
        gui.send(go);
        let (lines, _) = gui.search();
        assert_eq!(lines.last().map(String::as_str), Some("nobestmove"));
        assert!(!info_strings(&lines).is_empty(), "{go}: {lines:?}");
    }
}

#[test]
fn control_bytes_are_not_echoed_raw() {
    let mut gui = Gui::xqarbiter(&[]);
    gui.send_bytes(b"fly\x00 away\n");
    gui.send_bytes(b"position startpos moves h2e2 \x01\x1b\n");
    gui.send_bytes(b"go \x00warp depth 1\n");
    let (lines, _) = gui.search();
    let all = gui.transcript.join("\n");
    assert!(
        !all.chars().any(|c| c.is_control() && c != '\n'),
        "{lines:?}"
    );
    assert!(all.contains("fly\\x00"), "{all}");
    assert!(all.contains("\\x00warp"), "{all}");
}

#[test]
fn go_after_a_cycle_bans_the_repeating_move() {
    for (position, repeating) in [(FIG17, "b7b8"), (FIG20, "b6a8")] {
        let mut gui = Gui::xqarbiter(&["--profile", "cxa2020"]);
        gui.send(position);
        gui.send("go depth 5");
        let (lines, mv) = gui.search();
        assert_eq!(mv, None, "the referee alone has no move");
        assert_eq!(lines.last().map(String::as_str), Some("nobestmove"));
        assert!(
            has_info(&lines, |l| l.starts_with(&format!("banned {repeating} ("))),
            "{position}: {lines:?}"
        );
        gui.send("probe");
        let lines = gui.until(|l| l == "pophash");
        assert!(
            has_info(&lines, |l| l.starts_with(&format!("banned {repeating} ("))),
            "{lines:?}"
        );
    }
}

#[test]
fn the_profile_option_changes_the_rules() {
    // 图17 under AXF: Red's one check one chase is allowed, so b7b8 is not banned.
    let mut gui = Gui::xqarbiter(&["--profile", "cxa2020"]);
    gui.send("setoption profile axf");
    gui.send(FIG17);
    gui.send("go depth 5");
    let (lines, _) = gui.search();
    assert!(
        !has_info(&lines, |l| l.starts_with("banned b7b8")),
        "{lines:?}"
    );
}

#[test]
fn checkmate_is_reported_as_game_over() {
    let mut gui = Gui::xqarbiter(&[]);
    gui.send("position fen 3k5/9/9/9/9/9/9/9/3R5/3RK4 b - - 0 1");
    gui.send("go time 10000");
    let (lines, mv) = gui.search();
    assert_eq!(mv, None);
    assert!(
        has_info(&lines, |l| l.starts_with("game over")),
        "{lines:?}"
    );
}

/// Every public rule case: after its cycle, `go` bans exactly the moves the
/// library's referee forbids, and — where the cycle is ruled against the side
/// that opened it — that side's repeating move is among them.
#[test]
fn every_rule_case_bans_what_the_referee_forbids() {
    let text = include_str!("../positions/repetition.tsv");
    let mut gui = Gui::xqarbiter(&[]);
    let mut checked_repeats = 0;
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let (id, rules, fen, moves) = (f[0], f[1], f[2], f[3]);
        let start = Position::from_fen(fen).unwrap();
        let mut referee = Referee::new(Profile::builtin(rules).unwrap(), start.clone());
        for m in moves.split_whitespace() {
            referee.push(Move::parse_uci(m).unwrap()).unwrap();
        }
        // Once the game is over there is nothing left to ban.
        let ruling = referee.ruling();
        let mut want: Vec<String> = match ruling.verdict {
            Verdict::Ongoing => referee
                .forbidden_moves()
                .iter()
                .map(|f| f.mv.to_string())
                .collect(),
            _ => Vec::new(),
        };
        want.sort();

        gui.send(&format!("setoption profile {rules}"));
        gui.send(&format!("position fen {} moves {moves}", start.fen()));
        gui.send("go depth 1");
        let (lines, _) = gui.search();
        let mut got: Vec<String> = info_strings(&lines)
            .iter()
            .filter_map(|l| l.strip_prefix("banned "))
            .filter_map(|l| l.split_whitespace().next())
            .map(str::to_string)
            .collect();
        got.sort();
        assert_eq!(got, want, "{id}: {lines:?}");

        // The game goes on, the cycle just closed is ruled against the side to
        // move: the move it played from the repeated position must be banned.
        let mover = referee.position().turn();
        if let Some(rep) = ruling
            .repetition
            .as_ref()
            .filter(|_| ruling.verdict == Verdict::Ongoing)
            && rep.cycle.outcome.name() == format!("{}_must_vary", mover.name())
        {
            let repeating = moves.split_whitespace().nth(rep.first_ply).unwrap();
            assert!(
                got.iter().any(|m| m == repeating),
                "{id}: {repeating} not banned: {lines:?}"
            );
            checked_repeats += 1;
        }
    }
    assert!(
        checked_repeats >= 10,
        "only {checked_repeats} cases ruled against the side that opened the cycle"
    );
}

#[test]
fn a_gui_that_closes_its_end_ends_the_session_quietly() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(ucci_common::BIN)
        .arg("ucci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xqarbiter starts");
    // The GUI stops reading before the first answer.
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin");
    // The session may end on the first write, before reading this: no matter.
    let _ = stdin.write_all(b"ucci\nisready\nquit\n");
    drop(stdin);
    let out = child.wait_with_output().expect("xqarbiter ends");
    assert!(out.status.success(), "{:?}", out.status);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// A profile file given at start is offered in the `profile` combo by its
/// name, and that name selects it again after another profile was chosen.
#[test]
fn the_profile_file_given_at_start_can_be_chosen_again() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/positions/profiles/example-open-2026.toml"
    );
    let mut gui = Gui::xqarbiter(&["--profile", file]);
    gui.send("setoption profile axf");
    gui.send("ucci");
    let hello = gui.until(|l| l == "ucciok");
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option profile ") && l.contains(" var example-open-2026 ")),
        "{hello:?}"
    );
    gui.send("setoption profile example-open-2026");
    gui.send("position startpos");
    gui.send("probe");
    let lines = gui.until(|l| l == "pophash");
    assert!(
        has_info(&lines, |l| l.starts_with("profile example-open-2026 ")),
        "{lines:?}"
    );
}
