//! `xqarbiter ucci` as a referee engine (no engine behind it), driven as a GUI would.

mod ucci_common;

use ucci_common::{
    FIG17, FIG20, Gui, PERPETUAL, PERPETUAL_FROM_ONE, finished_game_searches_end_when_told,
    has_info, info_strings,
};
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
    // UCCI: a stop without a search gets nobestmove, so that a GUI waiting
    // for an answer does not hang (protocols.md §1.2, as ElephantEye does).
    gui.send("stop");
    gui.send("isready");
    assert_eq!(gui.until(|l| l == "readyok"), ["nobestmove", "readyok"]);
    // But a stop that crossed the answer of its go (sent as the answer
    // left; here sent once it is read, which the referee cannot tell
    // apart) gets no second answer: one answer per go.
    gui.send("position startpos");
    gui.send("go depth 1");
    gui.search();
    gui.send("stop");
    gui.send("isready");
    assert_eq!(gui.until(|l| l == "readyok"), ["readyok"]);
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
        "go warp 9 depth 3",
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

/// What the referee says of the lines it cannot take (unknown commands,
/// bad values, a rejected position and what follows it) is in the session's
/// language, English or Chinese, as the report lines are.
#[test]
fn protocol_messages_are_in_the_session_language() {
    let said = |lang: &str| {
        let mut gui = Gui::xqarbiter(&["--lang", lang]);
        let mut infos = Vec::new();
        for line in [
            "fly",
            "go depth x",
            "setoption warp 9",
            "setoption usemillisec maybe",
            "setoption batch true",
            "setoption batch false",
            "ponderhit",
            "position startpos moves h2e2 h2e2",
            "banmoves h9g7",
            "go warp 9 depth 1",
        ] {
            gui.send(line);
            gui.send("isready");
            let lines = gui.until(|l| l == "readyok");
            infos.extend(info_strings(&lines).iter().map(|l| l.to_string()));
        }
        gui.send("quit");
        infos
    };
    let en = said("en");
    let zh = said("zh");
    let expected_en = [
        "ignored 'fly': unknown command 'fly' (expected ucci, uci, setoption, position, banmoves, go, ponderhit, stop, isready, probe or quit)",
        "go rejected: go depth: 'x' is not a non-negative integer",
        "setoption warp: not an option of the referee; ignored",
        "setoption usemillisec: expected true or false",
        "setoption batch true: not applied, nor passed on to an engine: commands are read during a search too, so that stop and isready are answered",
        "ponderhit: no search is running; ignored",
        "position rejected: move 2 h2e2 is illegal: there is no piece on h2; there is no position until a valid one arrives",
        "banmoves ignored: the last position was rejected (move 2 h2e2 is illegal: there is no piece on h2)",
        "go: ignored 'warp 9'",
        "no position to search: the last position was rejected (move 2 h2e2 is illegal: there is no piece on h2)",
    ];
    let expected_zh = [
        "不理会“fly”：未知指令“fly”（应为 ucci、uci、setoption、position、banmoves、go、ponderhit、stop、isready、probe 或 quit）",
        "go 指令不予执行：go depth：“x”不是非负整数",
        "setoption warp：裁判程序没有此选项，不予理会",
        "setoption usemillisec：应为 true 或 false",
        "setoption batch true：不采用，也不转给引擎：搜索期间照常读取指令，以便应答 stop 和 isready",
        "ponderhit：没有正在进行的搜索，不予理会",
        "局面不予接受：第2着 h2e2 违例：h2 上没有棋子；收到有效局面之前没有局面",
        "不理会 banmoves：上一个局面未被接受（第2着 h2e2 违例：h2 上没有棋子）",
        "go：不理会“warp 9”",
        "没有可搜索的局面：上一个局面未被接受（第2着 h2e2 违例：h2 上没有棋子）",
    ];
    assert_eq!(en, expected_en);
    assert_eq!(zh, expected_zh);
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
    // The line that ends each search: a ponder or endless one (`warp 9`
    // is ignored: endless) ends only when the GUI says so, as an engine's
    // does; the others, and a rejected `go`, at once.
    for (go, end) in [
        ("go movetime 500", None),
        ("go time 1.5", None),
        ("go depth 4294967296", None),
        ("go ponder draw time 3", None),
        ("go warp 9", Some("stop")),
        ("go ponder time 3", Some("ponderhit")),
        ("go infinite", Some("stop")),
    ] {
        gui.send(go);
        let mut lines = Vec::new();
        if let Some(end) = end {
            lines = gui.ready_while_searching();
            gui.send(end);
        }
        lines.extend(gui.search().0);
        assert_eq!(lines.last().map(String::as_str), Some("nobestmove"));
        assert!(!info_strings(&lines).is_empty(), "{go}: {lines:?}");
    }
}

/// The state a GUI shows a person is in words: no JSON token (`red_must_vary`,
/// `mate_threat`, `can_claim=false`, `claimable_by []`) in its `info string`
/// lines, which keep their labels (`profile`, `repetition:`, `Red:`,
/// `Black:`, `natural limit`, `banned`).
#[test]
fn the_state_lines_are_words_not_json_tokens() {
    let mut gui = Gui::xqarbiter(&[]);
    gui.send("ucci");
    gui.until(|l| l == "ucciok");
    gui.send(FIG20);
    gui.send("go depth 1");
    let (lines, _) = gui.search();
    let infos = info_strings(&lines);
    for label in [
        "profile cxa2020 ",
        "repetition: ",
        "Red: ",
        "Black: ",
        "natural limit ",
        "banned ",
    ] {
        assert!(
            infos.iter().any(|l| l.starts_with(label)),
            "{label}: {infos:?}"
        );
    }
    for token in [
        "_must_vary",
        "mate_threat",
        "verdict ",
        "reason none",
        "=",
        "[]",
        " true",
        " false",
    ] {
        assert!(
            !infos.iter().any(|l| l.contains(token)),
            "{token}: {infos:?}"
        );
    }
    assert!(
        infos
            .iter()
            .any(|l| l.starts_with("Red: ") && l.contains("mate threat")),
        "{infos:?}"
    );
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
fn a_huge_word_is_not_echoed_in_full() {
    let mut gui = Gui::xqarbiter(&[]);
    let huge = "x".repeat(100_000);
    gui.send(&format!("position startpos moves {huge}"));
    gui.send("go depth 1");
    let (lines, _) = gui.search();
    assert_eq!(lines.last().map(String::as_str), Some("nobestmove"));
    let longest = gui.transcript.iter().map(String::len).max().unwrap_or(0);
    assert!(longest < 2_000, "a line of {longest} bytes");
    assert!(
        gui.transcript
            .iter()
            .any(|l| l.contains("more characters)")),
        "{:?}",
        gui.transcript
    );
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

// ---- a UCI GUI ----------------------------------------------------------

#[test]
fn uci_handshake_lists_options_in_uci_form() {
    let mut gui = Gui::xqarbiter(&["--profile", "axf"]);
    let lines = gui.uci_handshake();
    assert!(
        lines.iter().any(|l| l.starts_with("id name xqarbiter")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(
            |l| l.starts_with("option name Profile type combo default axf")
                && l.contains(" var cxa2020")
        ),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "option name UCI_Variant type combo default xiangqi var xiangqi"),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name RankBase type combo")),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l == "ucciok"), "{lines:?}");
    gui.send("setoption name Profile value cxa2020");
    gui.send("setoption name UCI_Variant value xiangqi");
    gui.send("ucinewgame");
    gui.send("isready");
    let lines = gui.until(|l| l == "readyok");
    assert!(info_strings(&lines).is_empty(), "{lines:?}");
    // UCI: a stop without a search gets no answer; quit gets none either.
    gui.send("stop");
    gui.send("isready");
    let lines = gui.until(|l| l == "readyok");
    assert_eq!(lines, vec!["readyok".to_string()]);
    gui.send("quit");
    assert!(gui.wait());
    assert!(!gui.transcript.iter().any(|l| l == "bye"));
}

/// The referee in a UCI session: `bestmove (none)`, the ban in ranks 0–9.
#[test]
fn uci_referee_bans_a_perpetual_check_in_ranks_0_9() {
    let mut gui = Gui::xqarbiter(&[]);
    gui.uci_handshake();
    gui.send(PERPETUAL);
    gui.send("go wtime 10000 btime 10000");
    let (lines, mv) = gui.search();
    assert_eq!(lines.last().map(String::as_str), Some("bestmove (none)"));
    assert_eq!(mv, None);
    assert!(
        has_info(&lines, |l| l.starts_with("banned f0e0 (")),
        "{lines:?}"
    );
    assert!(
        has_info(&lines, |l| l.starts_with("Red: ")
            && l.contains("f0e0 check")),
        "{lines:?}"
    );
    // The report lines are the UCCI referee's.
    let mut ucci = Gui::xqarbiter(&[]);
    ucci.handshake();
    ucci.send(PERPETUAL);
    ucci.send("go depth 1");
    let (ucci_lines, _) = ucci.search();
    assert_eq!(info_strings(&lines), info_strings(&ucci_lines));
}

/// After `UCI_Variant xiangqi` the GUI counts ranks 1–10, both ways.
#[test]
fn uci_referee_bans_a_perpetual_check_in_ranks_1_10_after_uci_variant() {
    let mut gui = Gui::xqarbiter(&[]);
    gui.uci_handshake();
    gui.send("setoption name UCI_Variant value xiangqi");
    gui.send(PERPETUAL_FROM_ONE);
    gui.send("go depth 5");
    let (lines, mv) = gui.search();
    assert_eq!(mv, None, "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove (none)"));
    assert!(
        has_info(&lines, |l| l.starts_with("banned f1e1 (")),
        "{lines:?}"
    );
    assert!(
        has_info(&lines, |l| l.starts_with("Red: ")
            && l.contains("f1e1 check, e1f1 check")),
        "{lines:?}"
    );
    // Read as written: no switch was needed.
    assert!(!has_info(&lines, |l| l.contains("ranks")), "{lines:?}");
}

/// A UCI GUI that counts ranks 1–10 is told a cycle over points (CXA 2020
/// diagram 29a) in them: its points, and why the move that closes it is
/// banned.
#[test]
fn uci_referee_names_the_points_of_a_cycle_in_ranks_1_10() {
    let fig_29a = "position fen 2bak2r1/4aP3/4b4/2r1C4/4P4/2B6/4R3R/B8/1p7/c3K4 w - - 0 1 moves \
                   i4h4 h10i10 h4i4 i10g10 i4g4";
    let mut gui = Gui::xqarbiter(&[]);
    gui.uci_handshake();
    gui.send("setoption name UCI_Variant value xiangqi");
    gui.send(fig_29a);
    gui.send("go depth 1");
    let (lines, _) = gui.search();
    assert!(
        has_info(&lines, |l| l.starts_with("banned g10h10 (")
            && l.contains(
                "the red rook goes round i4, h4, g4 and the black rook round h10, i10, g10"
            )),
        "{lines:?}"
    );
    gui.send(&format!("{fig_29a} g10h10"));
    gui.send("go depth 1");
    let (lines, _) = gui.search();
    assert!(
        has_info(&lines, |l| l.starts_with(
            "repetition: the red rook goes round i4, h4, g4 and the black rook round h10, i10, g10"
        )),
        "{lines:?}"
    );
    assert!(!has_info(&lines, |l| l.contains("i3, h3")), "{lines:?}");
}

/// A UCI GUI that never said which ranks it counts: moves legal only with
/// ranks 1–10 switch it (once, said in an info string); `RankBase` fixes it.
#[test]
fn uci_rank_base_follows_a_move_list_legal_only_in_1_10() {
    let mut gui = Gui::xqarbiter(&[]);
    gui.uci_handshake();
    gui.send("position startpos moves h3e3 h8e8");
    gui.send("isready");
    let lines = gui.until(|l| l == "readyok");
    let switched: Vec<&str> = info_strings(&lines)
        .into_iter()
        .filter(|l| l.contains("ranks 1–10"))
        .collect();
    assert_eq!(switched.len(), 1, "{lines:?}");
    assert!(!has_info(&lines, |l| l.contains("rejected")), "{lines:?}");
    // From now on the ban is written with ranks 1–10, without another note.
    gui.send(PERPETUAL_FROM_ONE);
    gui.send("go depth 3");
    let (lines, _) = gui.search();
    assert!(
        has_info(&lines, |l| l.starts_with("banned f1e1 (")),
        "{lines:?}"
    );
    assert!(
        !has_info(&lines, |l| l.contains("ranks 1–10:")),
        "{lines:?}"
    );
    // And back: a list legal only with ranks 0–9.
    gui.send(PERPETUAL);
    gui.send("go depth 3");
    let (lines, _) = gui.search();
    assert!(has_info(&lines, |l| l.contains("ranks 0–9")), "{lines:?}");
    assert!(
        has_info(&lines, |l| l.starts_with("banned f0e0 (")),
        "{lines:?}"
    );
    // A fixed base does not switch: the position is rejected, saying why.
    gui.send("setoption name RankBase value 0");
    gui.send(PERPETUAL_FROM_ONE);
    gui.send("isready");
    let lines = gui.until(|l| l == "readyok");
    assert!(
        has_info(&lines, |l| l.starts_with("position rejected")
            && l.contains("legal with ranks 1–10")),
        "{lines:?}"
    );
}

/// A game over: Black mated (the rooks on d1 and d0 hold the d-file, the
/// king on e0 the e-file), or [`PERPETUAL`]'s cycle closed a third time
/// (Red, checking throughout, loses).
const FINISHED: [&str; 2] = [
    "position fen 3k5/9/9/9/9/9/9/9/3R5/3RK4 b - - 0 1",
    "position fen 2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1 moves f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8",
];

/// Without an engine too, a `go ponder` on a finished game gets its
/// `nobestmove` at `ponderhit` or `stop`, not at once (a GUI would take it
/// for the answer to its next search), and an endless search only at
/// `stop`, as the bridge answers (tests/ucci_waits.rs); the game over is
/// said at once, and a search with a limit is answered at once; so after a
/// rejected position. A UCI GUI gets `bestmove (none)` so too.
#[test]
fn a_ponder_search_of_a_finished_game_ends_only_when_the_gui_says_so() {
    let mut gui = Gui::xqarbiter(&[]);
    gui.handshake();
    for finished in FINISHED {
        gui.send(finished);
        finished_game_searches_end_when_told(&mut gui, |_| {});
        gui.send("go depth 5");
        assert_eq!(
            gui.search().0.last().map(String::as_str),
            Some("nobestmove")
        );
    }
    // So too after a rejected position: there is nothing to search.
    gui.send("position fen 9/9/9 w");
    gui.send("go infinite");
    gui.ready_while_searching();
    gui.send("stop");
    assert_eq!(
        gui.search().0.last().map(String::as_str),
        Some("nobestmove")
    );

    let mut uci = Gui::xqarbiter(&[]);
    uci.uci_handshake();
    for (finished, end) in FINISHED.into_iter().zip(["ponderhit", "stop"]) {
        uci.send(finished);
        uci.send("go ponder wtime 1000 btime 1000");
        uci.ready_while_searching();
        uci.send(end);
        assert_eq!(
            uci.search().0.last().map(String::as_str),
            Some("bestmove (none)"),
            "{finished}"
        );
    }
}

/// The lines `rule --lang zh` prints for the moves of `position` (a
/// `position fen FEN moves …` line).
fn rule_zh(position: &str) -> Vec<String> {
    let (fen, moves) = position
        .strip_prefix("position fen ")
        .and_then(|p| p.split_once(" moves "))
        .expect("fen and moves");
    let out = std::process::Command::new(ucci_common::BIN)
        .args(["rule", "--lang", "zh", "--fen", fen, "--moves", moves])
        .output()
        .expect("run rule");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

/// `setoption language zh` (UCCI) turns the report lines into Chinese in
/// the words of `rule --lang zh`: the same verdict, the same side lines
/// and limit line; `setoption language en` turns them back, and a language
/// the session does not speak is refused with the one kept.
#[test]
fn the_language_option_tells_the_state_in_the_words_of_rule() {
    let mut gui = Gui::xqarbiter(&[]);
    gui.send("ucci");
    let lines = gui.until(|l| l == "ucciok");
    assert!(
        lines
            .iter()
            .any(|l| l == "option language type combo var en var zh default en"),
        "{lines:?}"
    );
    gui.send("setoption language zh");
    gui.send(FIG17);
    gui.send("go depth 1");
    let (lines, _) = gui.search();
    let infos = info_strings(&lines);
    let rule = rule_zh(FIG17);
    let verdict = infos[0].split_once("，第4着后：").expect("ply").1;
    assert_eq!(verdict, rule[0], "{infos:?}");
    assert!(
        infos[0].starts_with("规程cxa2020（规则cxa2020）"),
        "{infos:?}"
    );
    assert!(infos.contains(&"重复局面：起始局面首次出现，第4着后再现（共2次）"));
    for side in ["红方：一将一捉——禁止着法", "黑方：一杀一闲——允许着法"]
    {
        assert!(rule.iter().any(|l| l == side), "{side}: {rule:?}");
        assert!(
            infos.iter().any(|l| l.starts_with(&format!("{side}："))),
            "{side}: {infos:?}"
        );
    }
    let limit = rule
        .iter()
        .find(|l| l.starts_with("未满自然限着"))
        .expect("limit");
    assert!(infos.contains(&limit.as_str()), "{infos:?}");
    assert!(
        infos
            .iter()
            .any(|l| l.starts_with("不得走 b7b8（局面将第2次出现：")),
        "{infos:?}"
    );
    assert!(!infos.iter().any(|l| l.is_ascii()), "{infos:?}");
    gui.send("setoption language klingon");
    gui.send("setoption language en");
    gui.send("go depth 1");
    let (lines, _) = gui.search();
    let infos = info_strings(&lines);
    // Said in the language it keeps.
    assert_eq!(
        infos[0], "setoption language：未知语言“klingon”，应为 zh 或 en；仍用 zh",
        "{infos:?}"
    );
    assert!(infos[1].starts_with("profile cxa2020 "), "{infos:?}");
    assert!(
        infos.iter().any(|l| l.starts_with("banned b7b8 (")),
        "{infos:?}"
    );
}

/// `--lang zh` starts the session in Chinese, which a UCI GUI sees as the
/// `Language` option's default and may change with `setoption name
/// Language value en`; the game's end is told in the language too.
#[test]
fn the_lang_flag_and_the_uci_language_option() {
    let mut gui = Gui::xqarbiter(&["--lang", "zh"]);
    let lines = gui.uci_handshake();
    assert!(
        lines
            .iter()
            .any(|l| l == "option name Language type combo default zh var zh var en"),
        "{lines:?}"
    );
    let finished = format!("{PERPETUAL} f0e0 e8f8 e0f0 f8e8");
    gui.send(&finished);
    gui.send("go depth 1");
    let (lines, mv) = gui.search();
    assert_eq!(mv, None);
    assert!(
        has_info(&lines, |l| l.starts_with("对局结束：黑胜——")),
        "{lines:?}"
    );
    gui.send("setoption name Language value EN");
    gui.send("go depth 1");
    let (lines, _) = gui.search();
    assert!(
        has_info(&lines, |l| l.starts_with("game over: Black wins")),
        "{lines:?}"
    );
    // Moves played on past the end: the end is told as it happened, as
    // `rule` tells such a record (red may have varied after ply 8).
    gui.send(&format!("{finished} f0e0 e8f8"));
    for (lang, start, words) in [
        (
            "EN",
            "game over: By the rules the game ended after ply 8, when the repeated position had stood 3 times: Black wins",
            "red had not varied by then and loses (CXA 2020 25.1). The players played on for 2 more plies.",
        ),
        (
            "zh",
            "对局结束：按规则，对局于第8着后结束（重复局面已出现3次）：黑胜——",
            "红方此前未变着，作负（《象棋竞赛规则（2020版）》第25.1条）。双方此后又走了2着。",
        ),
    ] {
        gui.send(&format!("setoption name Language value {lang}"));
        gui.send("go depth 1");
        let (lines, mv) = gui.search();
        assert_eq!(mv, None);
        assert!(
            has_info(&lines, |l| l.starts_with(start) && l.ends_with(words)),
            "{lines:?}"
        );
    }
}
