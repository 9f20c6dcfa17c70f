//! `xqarbiter rule` on the example records: text and JSON output, exit codes.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

mod cli_common;
use cli_common::json_of;

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("positions/examples")
        .join(name)
}

fn xqarbiter(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    if let Some(text) = stdin {
        input
            .write_all(text.as_bytes())
            .expect("stdin takes the record");
    }
    drop(input);
    child.wait_with_output().expect("the binary finishes")
}

fn rule_json(file: &str, extra: &[&str]) -> serde_json::Value {
    let path = example(file);
    let mut args = vec!["rule", path.to_str().expect("utf-8 path"), "--json"];
    args.extend_from_slice(extra);
    json_of(&xqarbiter(&args, None))
}

#[test]
fn perpetual_check_loses_for_the_checking_side() {
    let v = rule_json("perpetual_check.pgn", &[]);
    assert_eq!(v["rules"], "cxa2020");
    assert_eq!(v["plies"], 8);
    assert_eq!(v["verdict"], "black_wins");
    assert_eq!(v["reason"], "perpetual");
    let rep = &v["repetition"];
    assert_eq!(rep["ruling"], "red_must_vary");
    assert_eq!(rep["occurrences"], 3);
    assert_eq!(rep["red"]["forbidden"], true);
    assert_eq!(rep["red"]["pattern"], "长将");
    assert!(
        rep["red"]["moves"]
            .as_array()
            .is_some_and(|m| m.iter().all(|m| m["nature"] == "check"))
    );
}

#[test]
fn perpetual_chase_loses_under_cxa() {
    let v = rule_json("perpetual_chase.pgn", &[]);
    assert_eq!(v["verdict"], "black_wins");
    assert_eq!(v["repetition"]["ruling"], "red_must_vary");
    assert_eq!(v["repetition"]["red"]["pattern"], "长捉");
}

#[test]
fn one_mate_threat_one_chase_is_forbidden_by_cxa_and_allowed_by_axf() {
    let cxa = rule_json("mate_threat_and_chase.pgn", &[]);
    assert_eq!(cxa["verdict"], "black_wins");
    assert_eq!(cxa["repetition"]["ruling"], "red_must_vary");
    assert_eq!(cxa["repetition"]["red"]["pattern"], "一杀一捉");
    let axf = rule_json("mate_threat_and_chase.pgn", &["--rules", "axf"]);
    assert_eq!(axf["rules"], "axf");
    assert_eq!(axf["verdict"], "draw");
    assert_eq!(axf["repetition"]["ruling"], "draw");
}

/// The English tables name natures in words (`mate threat`); the JSON keeps
/// the contract's token (`mate_threat`).
#[test]
fn english_tables_write_natures_in_words_and_json_keeps_tokens() {
    let path = example("mate_threat_and_chase.pgn");
    let path = path.to_str().expect("utf-8 path");
    let out = xqarbiter(&["rule", path, "--lang", "en", "--natures", "4"], None);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(!text.contains('_'), "{text}");
    let row = "5    b6a8  马八进九  mate threat  e9       threatens mate by checks";
    assert_eq!(text.matches(row).count(), 2, "{text}");
    let json = rule_json("mate_threat_and_chase.pgn", &["--natures", "4"]);
    assert_eq!(
        json["repetition"]["red"]["moves"][0]["nature"],
        "mate_threat"
    );
    assert_eq!(json["natures"][0]["nature"], "mate_threat");
}

#[test]
fn natural_limit_can_be_claimed_after_sixty_quiet_rounds() {
    let v = rule_json("natural_limit.pgn", &["--claim", "red"]);
    assert_eq!(v["plies"], 120);
    assert_eq!(v["repetition"], serde_json::Value::Null);
    assert_eq!(v["natural_limit"]["limit"], 60);
    assert_eq!(
        v["natural_limit"]["claimable_by"],
        serde_json::json!(["red", "black"])
    );
    assert_eq!(
        v["claim"],
        serde_json::json!({ "by": "red", "valid": true, "ply": 120, "note": null, "note_zh": null })
    );
    let rapid = rule_json(
        "natural_limit.pgn",
        &["--profile", "dqsz2017-rapid", "--claim", "black"],
    );
    assert_eq!(rapid["natural_limit"]["limit"], 50);
    assert_eq!(
        rapid["claim"],
        serde_json::json!({ "by": "black", "valid": true, "ply": 120, "note": null, "note_zh": null })
    );
}

#[test]
fn a_claim_is_judged_where_the_record_stops() {
    // The limit is reached after ply 2; the kings then shuttle, so a position
    // repeats after ply 4. That the record goes on shows no claim was made
    // there: Red's claim is judged after ply 5, and the game had not ended.
    let out = xqarbiter(
        &[
            "rule",
            "--fen",
            "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 118 60",
            "--moves",
            "e1d2 d9d8 d2e1 d8d9 e1d2",
            "--claim",
            "red",
            "--json",
        ],
        None,
    );
    let v = json_of(&out);
    assert_eq!(v["ended"], serde_json::Value::Null);
    assert_eq!(v["plies"], 5);
    assert_eq!(
        (&v["verdict"], &v["reason"]),
        (&"draw".into(), &"natural_limit".into())
    );
    assert_eq!(
        v["claim"],
        serde_json::json!({ "by": "red", "valid": true, "ply": 5, "note": null, "note_zh": null })
    );
    assert_eq!(v["earlier_repetitions"][0]["ply"], 4);
}

#[test]
fn ply_rules_on_the_record_as_it_stood_then() {
    // Perpetual check: after ply 4 the position stands twice, red must vary.
    let v = rule_json("perpetual_check.pgn", &["--ply", "4"]);
    assert_eq!(v["plies"], 4);
    assert_eq!(v["verdict"], "ongoing");
    assert_eq!(v["repetition"]["ruling"], "red_must_vary");
    assert_eq!(v["repetition"]["occurrences"], 2);
    // Past the end of the record: refused, saying how long it is.
    let path = example("perpetual_check.pgn");
    let out = xqarbiter(
        &[
            "rule",
            "--lang",
            "zh",
            path.to_str().expect("utf-8 path"),
            "--ply",
            "9",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("棋谱只有8着"), "{err}");
    // An illegal move after that ply does not keep the record from a ruling.
    let record = "[Event \"x\"]\n\n1. 炮二平五 马8进7 2. 车一进五 *\n";
    let out = xqarbiter(&["rule", "--lang", "zh", "-", "--json"], Some(record));
    assert_eq!(out.status.code(), Some(2));
    let out = xqarbiter(
        &["rule", "--lang", "zh", "-", "--json", "--ply", "2"],
        Some(record),
    );
    let v = json_of(&out);
    assert_eq!(v["plies"], 2);
}

#[test]
fn text_output_puts_the_verdict_first_and_draws_the_board() {
    let path = example("perpetual_check.pgn");
    let out = xqarbiter(
        &["rule", "--lang", "zh", path.to_str().expect("utf-8 path")],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let first = text.lines().next().expect("a first line");
    assert!(
        first.contains("长将") || first.contains("负"),
        "verdict line: {first}"
    );
    assert!(text.contains("楚 河"), "{text}");
    assert!(text.contains("第8着后的局面"));
    assert!(
        !text.contains('\x1b'),
        "no colour when stdout is not a terminal"
    );
    let en = xqarbiter(
        &["rule", path.to_str().expect("utf-8 path"), "--lang", "en"],
        None,
    );
    let en = String::from_utf8(en.stdout).expect("utf-8");
    assert!(en.contains("Position after ply 8"), "{en}");
    // The cycle's table: a header, then per move its ply, coordinates,
    // Chinese notation, nature, targets (the king's square for a check) and reason.
    assert!(
        text.contains(
            "着  坐标  记谱      性质  目标  理由\n5   f0e0  车四平五  将    e8    红车(e0)照将\n"
        ),
        "{text}"
    );
    assert!(
        en.contains(
            "Ply  Move  Notation  Nature  Targets  Reason\n5    f0e0  车四平五  check   e8       "
        ),
        "{en}"
    );
}

#[test]
fn a_pasted_record_and_inline_moves_are_ruled_too() {
    let pgn = std::fs::read_to_string(example("perpetual_check.pgn")).expect("example exists");
    let out = xqarbiter(&["rule", "--lang", "zh", "-", "--json"], Some(&pgn));
    let v = json_of(&out);
    assert_eq!(v["verdict"], "black_wins");
    let out = xqarbiter(
        &[
            "rule",
            "--lang",
            "zh",
            "--moves",
            "1. 炮二平五 马8进7 2. 马二进三",
            "--json",
        ],
        None,
    );
    let v = json_of(&out);
    assert_eq!(
        (v["plies"].as_u64(), v["verdict"].as_str()),
        (Some(3), Some("ongoing"))
    );
    // As copied from a web page: header lines, round markers, full-width spaces.
    let copied = "红方：甲　黑方：乙\n局面：2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w\n\
                  第1回合　车四平五　将５平６\n第2回合　车五平四　将６平５\n\
                  第3回合　车四平五　将５平６\n第4回合　车五平四　将６平５\n";
    let out = xqarbiter(&["rule", "--lang", "zh", "-", "--json"], Some(copied));
    let v = json_of(&out);
    assert_eq!(
        (v["plies"].as_u64(), v["verdict"].as_str()),
        (Some(8), Some("black_wins"))
    );
    // What the record says of its game is shown, and a result the ruling contradicts marked.
    let text = xqarbiter(&["rule", "-", "--lang", "en"], Some(copied));
    let text = String::from_utf8(text.stdout).expect("utf-8");
    assert!(text.contains("\nRecord: 甲 (red) v 乙 (black)\n"), "{text}");
    let scored = "[Game \"Chinese Chess\"]\n[Red \"甲\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\
                  [FEN \"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1\"]\n\n\
                  1. 车四平五 将5平6 2. 车五平四 将6平5 3. 车四平五 将5平6 4. 车五平四 将6平5 1-0\n";
    let text = xqarbiter(&["rule", "--lang", "zh", "-"], Some(scored));
    let text = String::from_utf8(text.stdout).expect("utf-8");
    assert!(
        text.contains("\n棋谱：甲（红）对 ?（黑）；记录结果：红胜（与裁决不符）\n"),
        "{text}"
    );
    let out = xqarbiter(&["rule", "--lang", "zh", "-", "--json"], Some(scored));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        (v["record"]["red"].as_str(), v["record"]["black"].is_null()),
        (Some("甲"), true)
    );
    assert_eq!(v["record"]["result"], "red_wins");
    // A UCCI position line from an engine log: two rounds of perpetual check.
    let line = "position fen 2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1 \
                moves f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8\n";
    let out = xqarbiter(&["rule", "--lang", "zh", "-", "--json"], Some(line));
    let v = json_of(&out);
    assert_eq!(
        (v["plies"].as_u64(), v["verdict"].as_str()),
        (Some(8), Some("black_wins"))
    );
}

#[test]
fn a_pasted_record_whose_chinese_moves_are_split_by_spaces_is_ruled() {
    // Two rounds of perpetual check, as OCR or a web page splits the moves.
    let fen = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
    let split = "车四 平五 将5 平6 车五 平四 将6 平5 车四 平五 将 5 平 6 车五平 四 将6平 5";
    for (args, stdin) in [
        (vec!["rule", "-", "--json", "--fen", fen], Some(split)),
        (vec!["rule", "--json", "--fen", fen, "--moves", split], None),
    ] {
        let v = json_of(&xqarbiter(&args, stdin));
        assert_eq!(v["plies"], 8, "{args:?}");
        assert_eq!(v["verdict"], "black_wins", "{args:?}");
    }
    // Words that never make a move: the error quotes them as written.
    let out = xqarbiter(&["rule", "-", "--lang", "en"], Some("炮二平五 马８ 进"));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        err.contains("at ply 2, line 1, column 6: '马８ 进': ")
            && err.contains("one symbol away: 马８进７ 马８进９"),
        "{err}"
    );
}

#[test]
fn a_move_whose_words_a_comment_nag_or_number_splits_is_refused_saying_so() {
    // The comment, NAG or move number between the words is named, in the
    // typed list and the pasted record alike.
    for (moves, between) in [
        ("炮二 {好} 平五", "a comment"),
        ("炮二 （好） 平五", "a comment"),
        (
            "炮二 (1. 兵七进一) 平五",
            "a comment or variation in brackets",
        ),
        ("炮二 ; 好\n平五", "a comment"),
        ("炮二 !? 平五", "an annotation"),
        ("炮二 $1 平五", "an annotation"),
        ("1. 炮二 2. 平五", "a move number"),
    ] {
        for out in [
            xqarbiter(&["rule", "--moves", moves, "--lang", "en"], None),
            xqarbiter(&["rule", "-", "--lang", "en"], Some(moves)),
        ] {
            assert_eq!(out.status.code(), Some(2), "{moves}");
            let err = String::from_utf8(out.stderr).expect("utf-8");
            assert!(
                err.starts_with("xqarbiter: illegal or unreadable move at ply 1, line 1, column ")
                    && err.contains(": '炮二': ")
                    && err.contains(&format!("; {between} comes between '炮二' and '平五'")),
                "{moves}: {err}"
            );
        }
    }
    // Not when the word after it would not make the move whole.
    for out in [
        xqarbiter(
            &["rule", "--moves", "炮二 {好} 马8进7", "--lang", "en"],
            None,
        ),
        xqarbiter(&["rule", "-", "--lang", "en"], Some("炮二 {好} 马8进7")),
    ] {
        let err = String::from_utf8(out.stderr).expect("utf-8");
        assert!(
            err.contains("'炮二': ") && !err.contains("comes between"),
            "{err}"
        );
    }
}

#[test]
fn a_move_two_conventions_read_as_two_moves_is_ruled_with_a_note_naming_both() {
    let fen = "4k4/9/3P5/3P1P3/3P1P3/9/9/3C5/9/5K3 w";
    let out = xqarbiter(
        &["rule", "--fen", fen, "--moves", "66.5", "--lang", "en"],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        err.contains(
            "note: ply 1: '66.5' was read as 四兵平五 (d6e6), in official WXF; in official WXF \
             with keypad piece codes (6 = cannon), it is 炮六平五 (d2e2); the record was read the first way"
        ),
        "{err}"
    );
    let pgn = format!("[FEN \"{fen} - - 0 1\"]\n\n1. 66.5 *\n");
    let v = json_of(&xqarbiter(&["rule", "-", "--json"], Some(&pgn)));
    let other = &v["other_readings"][0];
    assert_eq!(
        (&other["ply"], &other["move"], &other["other"]),
        (&1.into(), &"d6e6".into(), &"d2e2".into())
    );
    // Read by one convention only: no note.
    let out = xqarbiter(&["rule", "--fen", fen, "--moves", "C6.5"], None);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn an_illegal_move_exits_2_and_names_the_move() {
    // 马二进四 is blocked by the elephant on g0 (蹩马腿).
    let out = xqarbiter(
        &[
            "rule",
            "--lang",
            "zh",
            "--moves",
            "炮二平五 马8进7 马二进四",
            "--json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(json["error"]["kind"], "illegal_move");
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(err.contains("ply 3") && err.contains("马二进四"), "{err}");
    assert!(err.contains("Legal moves"), "{err}");
    // Read from a record, the message is in the language asked for (Chinese
    // by default), with the legal moves one symbol away and all legal moves
    // written as the record writes them.
    let record = "[Game \"Chinese Chess\"]\n[Result \"*\"]\n\n1. 炮二平五 马8进7 2. 马二进四 *\n";
    let out = xqarbiter(&["rule", "--lang", "zh", "-"], Some(record));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        err.contains("第3着（第4行第17列）“马二进四”无法走出：第二路的红方马不能这样走"),
        "{err}"
    );
    assert!(err.contains("只差一个符号的合法着法：马二进三"), "{err}");
    assert!(
        err.contains("\n合法着法：") && err.contains("炮五进四"),
        "{err}"
    );
    // All in Chinese: no English beside it.
    assert!(
        !err.contains("illegal") && !err.contains("position") && !err.contains("legal moves"),
        "{err}"
    );
    let out = xqarbiter(&["rule", "-", "--lang", "en"], Some(record));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        err.contains(
            "ply 3, line 4, column 17: '马二进四': no red horse on file 二 can move that way"
        ),
        "{err}"
    );
    assert!(err.contains("one symbol away: 马二进三"), "{err}");
}

#[test]
fn a_first_move_of_the_side_not_to_move_points_at_the_fen() {
    // Red's first move from a FEN that gives Black the move: the FEN's side
    // is wrong, and the message says where to mend it.
    let fen = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 b - - 0 1";
    let out = xqarbiter(&["rule", "--fen", fen, "--moves", "车四平五 将5平6"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        err.contains(
            "\nThe start position has black to move ('b' in its FEN), and this is red's first move: if red moves first, the FEN should say 'w'\nLegal moves: "
        ),
        "{err}"
    );
    let record = format!("[FEN \"{fen}\"]\n1. 车四平五 将5平6\n");
    let out = xqarbiter(&["rule", "-", "--lang", "zh"], Some(&record));
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        err.contains(
            "开局局面是黑方走棋（FEN 中为“b”），而这是红方的着法：如果红方先走，FEN 应为“w”"
        ),
        "{err}"
    );
    // A later move of the side not to move is a move missing or extra,
    // not the FEN's fault; nor is a first move no side can play.
    for moves in ["炮二平五 马8进7 马二进三 车一平二", "车四平九"] {
        let out = xqarbiter(&["rule", "--moves", moves], None);
        let err = String::from_utf8(out.stderr).expect("utf-8");
        assert_eq!(out.status.code(), Some(2), "{moves}");
        assert!(!err.contains("FEN should"), "{err}");
    }
}

#[test]
fn an_unreadable_record_exits_2_and_says_why_in_the_language_asked() {
    let stderr = |args: &[&str]| {
        let out = xqarbiter(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let missing = "/nonexistent/record.pgn";
    let err = stderr(&["rule", missing, "--lang", "en"]);
    assert_eq!(
        err,
        "xqarbiter: /nonexistent/record.pgn: the file does not exist\n"
    );
    let err = stderr(&["rule", "--lang", "zh", missing]);
    assert_eq!(err, "xqarbiter: /nonexistent/record.pgn：文件不存在\n");
    // Programs reading JSON get English.
    let err = stderr(&["rule", "--lang", "zh", missing, "--json"]);
    assert!(err.contains("the file does not exist"), "{err}");
    let err = stderr(&[
        "rule",
        "--lang",
        "zh",
        "--moves",
        "h2e2",
        "--profile",
        "cxa2021",
    ]);
    assert!(err.contains("没有名为“cxa2021”的赛事规程"), "{err}");
    let err = stderr(&[
        "rule",
        "--lang",
        "zh",
        "--moves",
        "h2e2",
        "--profile",
        "cxa2021",
        "--json",
    ]);
    assert!(err.contains("unknown profile 'cxa2021'"), "{err}");
    let err = stderr(&[
        "rule",
        "--moves",
        "h2e2",
        "--fen",
        "not a fen",
        "--lang",
        "en",
    ]);
    assert!(err.contains("bad --fen: invalid FEN 'not a fen'"), "{err}");
    let facing = "4k4/9/9/9/9/9/9/9/9/4K4 w";
    let err = stderr(&["rule", "--lang", "zh", "--moves", "e0d0", "--fen", facing]);
    assert!(err.contains("--fen有误"), "{err}");
    assert!(err.contains("e0与e9的帅将照面"), "{err}");
    // A file that is no record, and a corrupt binary record.
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path();
    let (text, xqf) = (dir.join("notes.txt"), dir.join("cut.xqf"));
    std::fs::write(&text, [0u8, 159, 146, 150, 0, 1]).expect("write");
    std::fs::write(&xqf, b"XQ\x0a\x01").expect("write");
    let err = stderr(&["rule", "--lang", "zh", text.to_str().unwrap()]);
    assert!(err.contains("不是本程序认识的棋谱文件"), "{err}");
    let err = stderr(&["rule", "--lang", "zh", xqf.to_str().unwrap()]);
    assert!(
        err.contains("cut.xqf：XQF文件应以1024字节文件头开始，此文件只有4字节，已损坏"),
        "{err}"
    );
    let err = stderr(&["rule", xqf.to_str().unwrap(), "--lang", "en"]);
    assert!(err.contains("cut.xqf: the XQF file is damaged"), "{err}");
    // A file of no bytes is said to be so, as audit says it; nothing piped in
    // is no file.
    let none = dir.join("none.pgn");
    std::fs::write(&none, b"").expect("write");
    let err = stderr(&["rule", none.to_str().unwrap(), "--lang", "en"]);
    assert!(
        err.contains("none.pgn: the file is empty (0 bytes)"),
        "{err}"
    );
    let out = xqarbiter(&["rule", "-", "--lang", "en"], Some(""));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("<stdin>: empty: there is no record to read"),
        "{err}"
    );
    // A file that is no XQF at all is said so of the file, with no game #0.
    let other = dir.join("x.xqf");
    std::fs::write(&other, b"hello, this is no XQF file").expect("write");
    let err = stderr(&["rule", other.to_str().unwrap(), "--lang", "en"]);
    assert!(
        err.contains("x.xqf: not an XQF file: its header does not begin with 'XQ'"),
        "{err}"
    );
}

/// The object `rule --json` prints on standard output when it gives no
/// ruling (exit 2), beside the English line on standard error.
fn json_error(args: &[&str], stdin: Option<&str>) -> serde_json::Value {
    let out = xqarbiter(args, stdin);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let message = json["error"]["message"].as_str().expect("a message");
    assert_eq!(err, format!("xqarbiter: {message}\n"), "{args:?}");
    json["error"].clone()
}

#[test]
fn a_record_that_cannot_be_ruled_on_is_said_in_json_too() {
    // A move that cannot be played: where, as written, and what was legal.
    let e = json_error(
        &[
            "rule",
            "--moves",
            "炮二平五 马８进６",
            "--json",
            "--lang",
            "zh",
        ],
        None,
    );
    assert_eq!(e["kind"], "illegal_move");
    assert_eq!(
        (&e["file"], &e["game"]),
        (&serde_json::Value::Null, &serde_json::Value::Null)
    );
    assert_eq!((&e["ply"], &e["text"]), (&2.into(), &"马８进６".into()));
    assert_eq!((&e["line"], &e["column"]), (&1.into(), &6.into()));
    assert_eq!(
        e["fen"],
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    );
    let legal = e["legal_moves"].as_array().expect("a list");
    assert_eq!(legal.len(), 45);
    assert!(legal.contains(&"马８进７".into()), "{legal:?}");
    assert!(
        e["message"]
            .as_str()
            .is_some_and(|m| m
                .starts_with("illegal or unreadable move at ply 2, line 1, column 6: '马８进６'")),
        "{e}"
    );
    assert!(
        e["message_zh"]
            .as_str()
            .is_some_and(|m| m.starts_with("第2着（第1行第6列）“马８进６”无法走出")),
        "{e}"
    );
    // In a file: the file, the game, and the line and column of a move list.
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path();
    let list = dir.join("moves.txt");
    std::fs::write(&list, "h2e2 h9g7\nh0g2 x9x8\n").expect("write");
    let list = list.to_str().expect("utf-8 path");
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    let e = json_error(&["rule", list, "--fen", start, "--json"], None);
    assert_eq!(
        (&e["kind"], &e["file"]),
        (&"illegal_move".into(), &list.into())
    );
    assert_eq!((&e["ply"], &e["text"]), (&4.into(), &"x9x8".into()));
    assert_eq!((&e["line"], &e["column"]), (&2.into(), &6.into()));
    let record = "[Game \"Chinese Chess\"]\n\n1. 炮二平五 马8进7 2. 马二进四 *\n";
    let e = json_error(&["rule", "-", "--json"], Some(record));
    assert_eq!(
        (&e["file"], &e["game"], &e["ply"]),
        (&"-".into(), &0.into(), &3.into())
    );
    assert_eq!(e["legal_moves"][0], "车九进一");
    assert_eq!((&e["line"], &e["column"]), (&3.into(), &17.into()));
    // Problems of no move: the fields of a move are null.
    let missing = "/nonexistent/record.pgn";
    for (args, kind) in [
        (&["rule", missing][..], "io"),
        (&["rule", "--moves", "h2e2", "--fen", "9/9"], "bad_fen"),
        (
            &["rule", "--moves", "h2e2", "--profile", "nosuch"],
            "bad_profile",
        ),
        (
            &["rule", "--moves", "h2e2", "--rules", "fide"],
            "bad_option",
        ),
        (&["rule", "--moves", "h2e2", "--ply", "3"], "bad_option"),
    ] {
        let args: Vec<&str> = args
            .iter()
            .copied()
            .chain(["--json", "--lang", "zh"])
            .collect();
        let e = json_error(&args, None);
        assert_eq!(e["kind"], kind, "{args:?}");
        assert_eq!(e["ply"], serde_json::Value::Null, "{args:?}");
        assert_eq!(e["legal_moves"], serde_json::json!([]), "{args:?}");
    }
    let e = json_error(&["rule", missing, "--json"], None);
    assert_eq!(e["file"], missing);
    assert_eq!(
        e["message"],
        "/nonexistent/record.pgn: the file does not exist"
    );
    assert_eq!(e["message_zh"], "/nonexistent/record.pgn：文件不存在");
}

/// A command line asking for `rule --json` that clap cannot parse still
/// gets one object on standard output, of kind `usage`: clap's English, which
/// standard error says also with `--lang zh`, and the Chinese of
/// `--lang zh`; exit 2. Other command lines get no JSON.
#[test]
fn a_usage_error_of_rule_json_is_said_in_json_too() {
    for (args, en, zh) in [
        (
            &["rule", "--json", "--fenn", "x"][..],
            "error: unexpected argument '--fenn' found",
            "错误：未知的选项“--fenn”",
        ),
        (
            &["rule", "--json", "--rules"],
            "error: a value is required for '--rules <RULES>' but none was supplied",
            "错误：选项 --rules <RULES> 缺少值",
        ),
        (
            &["rule", "--claim", "blue", "--json"],
            "error: invalid value 'blue' for '--claim <SIDE>'",
            "错误：--claim <SIDE> 的值“blue”无效",
        ),
        (
            &["rule", "--fen", "--json"],
            "error: a value is required for '--fen <FEN>' but none was supplied",
            "错误：选项 --fen <FEN> 缺少值",
        ),
    ] {
        for lang in ["en", "zh"] {
            let args: Vec<&str> = args.iter().copied().chain(["--lang", lang]).collect();
            let out = xqarbiter(&args, None);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            let json: serde_json::Value =
                serde_json::from_slice(&out.stdout).expect("one JSON object");
            let e = &json["error"];
            assert_eq!(e["kind"], "usage", "{args:?}");
            assert_eq!(
                (&e["file"], &e["ply"]),
                (&serde_json::Value::Null, &serde_json::Value::Null)
            );
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(e["message"].as_str(), Some(err.trim_end()), "{args:?}");
            assert!(err.starts_with(en), "{args:?}: {err}");
            let message_zh = e["message_zh"].as_str().expect("a message");
            assert!(
                message_zh.starts_with(zh) && message_zh.ends_with("更多信息请用 --help 查看。"),
                "{args:?}: {message_zh}"
            );
        }
    }
    // `--json` as a value, after `--`, or given to audit: clap's text only.
    for args in [
        &["rule", "--fenn", "x", "--", "--json"][..],
        &["rule", "--fenn", "x", "--moves", "--json"],
        &["audit", "--json"],
        &["audit", "--jsonl", "--threads", "x"],
    ] {
        let out = xqarbiter(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// A game that cannot be read at all is placed where its damage is, as a
/// bad move is: `rule --json`'s `line` and `column` (a text) or `byte`
/// (binary), and `audit --jsonl`'s `error_place`. The files are the
/// fixtures, damaged: a PGN tag line left open; a DhtmlXQ movelist that is
/// not groups of digits, a binit that is not 64 digits or places no black
/// king; a CBF FEN that is no position, a `<Move>` element never closed;
/// a CBR piece code that is none, a version not supported, a record cut
/// short; an XQF cut short in its move records or in its header, or whose
/// pieces hold no black king.
#[test]
fn a_damaged_game_is_placed_in_rule_json_and_audit_jsonl() {
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let read = |name: &str| std::fs::read(fixtures.join(name)).expect("fixture");
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path();
    let pgn = String::from_utf8(read("game_utf8.pgn")).expect("utf-8");
    let open_tag = pgn.replacen("夹具杯\"]", "夹具杯\"", 1);
    assert_ne!(open_tag, pgn);
    let ubb = String::from_utf8(read("game.ubb")).expect("utf-8");
    let letters = ubb.replacen("[DhtmlXQ_movelist]3031", "[DhtmlXQ_movelist]30x1", 1);
    assert_ne!(letters, ubb);
    let letter_binit = ubb.replacen("[DhtmlXQ_binit]99", "[DhtmlXQ_binit]9x", 1);
    assert_ne!(letter_binit, ubb);
    // The black pieces' 32 digits all 99: taken, the king too.
    let binit_at = ubb.find("[DhtmlXQ_binit]").expect("binit") + "[DhtmlXQ_binit]".len();
    let mut no_king = ubb.clone();
    no_king.replace_range(binit_at + 32..binit_at + 64, &"9".repeat(32));
    assert_ne!(no_king, ubb);
    let cbf = String::from_utf8(read("game.cbf")).expect("utf-8");
    let bad_fen = cbf.replacen("<FEN>rnbakabnr", "<FEN>xnbakabnr", 1);
    assert_ne!(bad_fen, cbf);
    let open_move = cbf.replacen("[红方超时]]></Move>", "[红方超时]]>", 1);
    assert_ne!(open_move, cbf);
    let cbr = read("game.cbr");
    let mut bad_piece = cbr.clone();
    bad_piece[2120] = 0x99;
    let mut version = cbr.clone();
    version[19] = 3;
    let cbr_cut = &cbr[..2270];
    let xqf = read("plain.xqf");
    let cut = &xqf[..1090];
    let header_cut = &xqf[..500];
    let mut xqf_no_king = xqf.clone();
    // Piece 20, the black king, taken (a square past 89).
    xqf_no_king[0x10 + 20] = 0xFF;
    let null = serde_json::Value::Null;
    for (name, bytes, kind, place) in [
        (
            "open_tag.pgn",
            open_tag.as_bytes(),
            "syntax",
            serde_json::json!({ "line": 2, "column": 1 }),
        ),
        (
            "letters.ubb",
            letters.as_bytes(),
            "syntax",
            serde_json::json!({ "line": 9, "column": 19 }),
        ),
        (
            "letter_binit.ubb",
            letter_binit.as_bytes(),
            "syntax",
            serde_json::json!({ "line": 8, "column": 16 }),
        ),
        (
            "no_king.ubb",
            no_king.as_bytes(),
            "bad_position",
            serde_json::json!({ "line": 8, "column": 16 }),
        ),
        (
            "bad_fen.cbf",
            bad_fen.as_bytes(),
            "bad_position",
            serde_json::json!({ "line": 11, "column": 8 }),
        ),
        (
            "open_move.cbf",
            open_move.as_bytes(),
            "syntax",
            serde_json::json!({ "line": 18, "column": 3 }),
        ),
        (
            "bad_piece.cbr",
            &bad_piece,
            "corrupt",
            serde_json::json!({ "byte": 2120 }),
        ),
        (
            "version.cbr",
            &version,
            "unsupported",
            serde_json::json!({ "byte": 19 }),
        ),
        // The record that the end of the file cuts short starts at 2262.
        (
            "cut.cbr",
            cbr_cut,
            "truncated",
            serde_json::json!({ "byte": 2262 }),
        ),
        (
            "cut.xqf",
            cut,
            "truncated",
            serde_json::json!({ "byte": 1080 }),
        ),
        (
            "header_cut.xqf",
            header_cut,
            "truncated",
            serde_json::json!({ "byte": 500 }),
        ),
        (
            "no_king.xqf",
            &xqf_no_king,
            "bad_position",
            serde_json::json!({ "byte": 16 }),
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("write");
        let path = path.to_str().expect("utf-8 path");
        let e = json_error(&["rule", path, "--json"], None);
        assert_eq!(e["kind"], kind, "{name}: {e}");
        for key in ["line", "column", "byte"] {
            assert_eq!(
                e[key],
                place.get(key).unwrap_or(&null).clone(),
                "{name}: {key}"
            );
        }
        let out = xqarbiter(&["audit", path, "--jsonl"], None);
        let row: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one row");
        assert_eq!(row["error_place"], place, "{name}: {row}");
    }
    // Each record of a library, its version byte damaged, is placed in the
    // library: past the record's start.
    let mut library = read("library.cbl");
    let magic = b"CCBridge Record\0";
    let records: Vec<usize> = (0..library.len() - magic.len())
        .filter(|&i| library[i..].starts_with(magic))
        .collect();
    for &at in &records {
        library[at + 19] = 3;
    }
    let path = dir.join("version.cbl");
    std::fs::write(&path, &library).expect("write");
    let out = xqarbiter(&["audit", path.to_str().expect("utf-8"), "--jsonl"], None);
    let rows = String::from_utf8(out.stdout).expect("utf-8");
    assert!(rows.lines().count() > 0);
    for row in rows.lines() {
        let row: serde_json::Value = serde_json::from_str(row).expect("a row");
        let at = row["error_place"]["byte"].as_u64().expect("a byte") as usize;
        assert!(records.contains(&(at - 19)), "{row}");
    }
    // A game read whole has no error_place.
    let good = fixtures.join("plain.xqf");
    let out = xqarbiter(
        &["audit", good.to_str().expect("utf-8 path"), "--jsonl"],
        None,
    );
    let row: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one row");
    assert_eq!((&row["error"], &row["error_place"]), (&null, &null));
}

/// A bad move inside a word of moves run together is placed at its own
/// first character, past the moves read from the word and their numbers:
/// in `rule`'s message and `--json` `line`/`column` (a file and `--moves`),
/// and in `audit --jsonl`'s finding. A word of coordinates run together is
/// no move at all, named and placed whole.
#[test]
fn a_bad_move_run_into_a_word_is_placed_at_its_own_first_character() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path();
    for (name, text, bad, column) in [
        (
            "numbered.txt",
            "1.炮二平五马８进７2.马二进九九",
            "马二进九九",
            13,
        ),
        (
            "chinese.txt",
            "炮二平五马８进７马二进三车９平９",
            "车９平９",
            13,
        ),
        ("wxf.txt", "1. C2.5H8+7H2+3R9.9", "R9.9", 16),
        ("iccs.txt", "1. h2e2 h9g7 2. h0g2i9i9", "h0g2i9i9", 17),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, format!("{text}\n")).expect("write");
        let path = path.to_str().expect("utf-8 path");
        let e = json_error(&["rule", path, "--json"], None);
        assert_eq!(
            (&e["kind"], &e["line"], &e["column"]),
            (&"illegal_move".into(), &1.into(), &column.into()),
            "{name}: {e}"
        );
        let message = e["message"].as_str().expect("a message");
        assert!(
            message.contains(&format!("line 1, column {column}: '{bad}'")),
            "{name}: {message}"
        );
        let out = xqarbiter(&["audit", path, "--jsonl"], None);
        let row: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one row");
        let place = serde_json::json!({ "line": 1, "column": column });
        assert_eq!(row["findings"][0]["place"], place, "{name}: {row}");
        // Given inline, the list is placed alike.
        let e = json_error(&["rule", "--moves", text, "--json"], None);
        assert_eq!(e["column"], column, "{name} inline: {e}");
    }
}

#[test]
fn a_move_list_in_gbk_is_read_with_a_fen_too() {
    // A bare move list saved in GBK, ruled from a position given on the command line.
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path();
    let file = dir.join("moves.txt");
    let (gbk, _, _) = encoding_rs::GBK.encode("炮二平五 马８进７ 马二进三 车９平８\n");
    std::fs::write(&file, &gbk).expect("write");
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    let out = xqarbiter(
        &["rule", file.to_str().unwrap(), "--fen", start, "--json"],
        None,
    );
    assert_eq!(json_of(&out)["plies"], 4);
}

#[test]
fn a_record_without_moves_shows_its_start_position_as_such() {
    for (lang, heading) in [
        ("zh", "\n起始局面（棋谱中没有着法）：\n"),
        ("en", "\nStart position (the record has no moves):\n"),
    ] {
        let out = xqarbiter(&["rule", "--moves", "", "--lang", lang], None);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(heading), "{text}");
    }
    let out = xqarbiter(&["rule", "--moves", "h2e2", "--lang", "en"], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\nPosition after ply 1:\n"), "{text}");
}

#[test]
fn a_record_that_goes_on_after_the_game_ended_says_when_it_ended() {
    // Both horses shuttle: the third occurrence, after ply 8, draws; the record goes on to ply 12.
    let moves = ["h0g2 h9g7 g2h0 g7h9"; 3].join(" ");
    let out = xqarbiter(&["rule", "--moves", &moves, "--lang", "en"], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with(
            "By the rules the game ended after ply 8, when the repeated position had stood 3 times: Draw"
        ),
        "{text}"
    );
    assert!(
        text.contains("The players played on for 4 more plies."),
        "{text}"
    );
    // The cycle that ended it is shown, then the ruling on the last position.
    let table = text.find("Ply  Move").expect("the ending cycle's table");
    let below = text
        .find("Below, the ruling")
        .expect("the last ruling follows");
    assert!(table < below, "{text}");
    assert!(text[table..below].contains("h0g2"), "{text}");
    // A blank line parts the ending's details from what follows.
    assert!(text.contains("\n\nBelow, the ruling"), "{text}");
    let out = xqarbiter(&["rule", "--lang", "zh", "--moves", &moves], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\n\n以下为记录最后一着"), "{text}");
    let out = xqarbiter(&["rule", "--lang", "zh", "--moves", &moves, "--json"], None);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["plies"], 12);
    assert_eq!(v["ended"]["ply"], 8);
    assert_eq!(v["ended"]["verdict"], "draw");
    assert_eq!(v["ended"]["reason"], "repetition");
    assert_eq!(
        v["ended"]["ruling"]["repetition"]["red"]["moves"][0]["ply"],
        5
    );
    // A record that stops where the game ended has no such note.
    let v = rule_json("perpetual_check.pgn", &[]);
    assert!(v["ended"].is_null());
}

#[test]
fn the_json_verdict_is_the_result_that_ended_the_game() {
    // Idle shuttles drawn at ply 8, then perpetual checks that would lose:
    // the game was drawn, whatever the record plays after.
    let fen = "9/4k4/9/9/9/9/3R5/9/4A4/4K4 w";
    let idle = "d3c3 e8e9 c3d3 e9e8";
    let check = "d3e3 e8d8 e3d3 d8e8";
    let ruled = |moves: String| -> serde_json::Value {
        let out = xqarbiter(&["rule", "--fen", fen, "--moves", &moves, "--json"], None);
        serde_json::from_slice(&out.stdout).expect("one JSON object")
    };
    let v = ruled(format!("{idle} {idle} {check} {check}"));
    assert_eq!(v["ended"]["ply"], 8);
    assert_eq!(
        (&v["verdict"], &v["reason"]),
        (&"draw".into(), &"repetition".into())
    );
    // The other way round: Black won at ply 8, and idle moves after do not undo it.
    let v = ruled(format!("{check} {check} {idle}"));
    assert_eq!(v["ended"]["ply"], 8);
    assert_eq!(
        (&v["verdict"], &v["reason"]),
        (&"black_wins".into(), &"perpetual".into())
    );
}

#[test]
fn a_game_of_a_file_holding_several_is_chosen_by_its_index() {
    let fixture = |name: &str| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name)
    };
    let file = fixture("games_iccs.pgn");
    let file = file.to_str().expect("utf-8 path");
    let plies = |args: &[&str]| -> (i32, serde_json::Value, String) {
        let out = xqarbiter(args, None);
        let v = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        (out.status.code().unwrap_or(-1), v["plies"].clone(), err)
    };
    // Without a choice: the first game, and a note on stderr naming how to choose.
    let (code, first, err) = plies(&["rule", "--lang", "zh", file, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("--game N"), "{err}");
    let (code, _, err) = plies(&["rule", "--lang", "zh", file]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("有3局，裁决第一局"), "{err}");
    // `--game 1` and `FILE#1` (as `audit` names games) pick the second game.
    let (code, second, err) = plies(&["rule", "--lang", "zh", file, "--game", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    assert_ne!(first, second);
    let (code, by_name, _) = plies(&["rule", "--lang", "zh", &format!("{file}#1"), "--json"]);
    assert_eq!(code, 0);
    assert_eq!(by_name, second);
    // A game the file does not hold, or two different choices, exit 2 with a message.
    let (code, _, err) = plies(&["rule", file, "--game", "99", "--lang", "en"]);
    assert_eq!(code, 2);
    assert!(err.contains("there is no game 99"), "{err}");
    let (code, _, err) = plies(&["rule", "--lang", "zh", file, "--game", "99"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("有3局，编号为0至2，没有编号为99的对局（对局编号从0开始）"),
        "{err}"
    );
    assert!(!err.contains("第99局"), "{err}");
    let (code, _, err) = plies(&[
        "rule",
        "--lang",
        "zh",
        &format!("{file}#0"),
        "--game",
        "1",
        "--json",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--game says 1"), "{err}");
    let (code, _, err) = plies(&["rule", "--lang", "zh", &format!("{file}#0"), "--game", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("#0指编号为0的对局，但 --game 为1"), "{err}");
    // A file read with --fen is one bare move list: no game to choose in it.
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    let (code, _, err) = plies(&[
        "rule",
        "--lang",
        "zh",
        &format!("{file}#1"),
        "--fen",
        start,
        "--json",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("names no game"), "{err}");
    let (code, _, _) = plies(&["rule", "--lang", "zh", file, "--fen", start, "--game", "1"]);
    assert_eq!(code, 2);
}

#[test]
fn repetitions_earlier_in_the_record_are_listed_as_ruled_when_they_occurred() {
    // The horses shuttle once (the start stands again after ply 4), then red varies.
    let moves = "h0g2 h9g7 g2h0 g7h9 h2e2";
    let out = xqarbiter(&["rule", "--moves", moves, "--lang", "en"], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Repetitions earlier in the record, as ruled when they occurred:\n  After ply 4: Game continues — repetition (2 occurrences)"),
        "{text}"
    );
    let out = xqarbiter(&["rule", "--moves", moves, "--json"], None);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let earlier = v["earlier_repetitions"].as_array().expect("a list");
    assert_eq!(earlier.len(), 1, "{v:#}");
    assert_eq!(earlier[0]["ply"], 4);
    assert_eq!(earlier[0]["occurrences"], 2);
    assert_eq!(earlier[0]["outcome"], "draw");
    // A repetition on the last move is the ruling itself, not an earlier one.
    let v = rule_json("perpetual_check.pgn", &[]);
    let earlier = v["earlier_repetitions"].as_array().expect("a list");
    assert!(
        earlier.iter().all(|e| e["ply"] != v["plies"]),
        "{earlier:?}"
    );
}

#[test]
fn natures_classifies_the_last_moves_even_when_no_position_repeats() {
    // Red's rook chases the unprotected horse; black's king steps idly.
    let fen = "4k4/9/9/9/8n/9/9/9/9/R2K5 w";
    let args = |n: &str, json: bool| {
        let mut a = vec!["rule", "--fen", fen, "--moves", "a0a5 e9e8", "--natures", n];
        a.extend(if json { ["--json"] } else { ["--lang=en"] });
        xqarbiter(&a, None)
    };
    let text = String::from_utf8(args("9", false).stdout).expect("utf-8");
    assert!(text.starts_with("Game continues"), "{text}");
    assert!(
        text.contains("The last 2 moves (plies 1–2), classified under cxa2020:"),
        "{text}"
    );
    assert!(
        text.contains("red rook a5 threatens black horse i5: it is unprotected"),
        "{text}"
    );

    let json: serde_json::Value =
        serde_json::from_slice(&args("1", true).stdout).expect("one JSON object");
    assert_eq!(json["repetition"], serde_json::Value::Null);
    let natures = json["natures"].as_array().expect("the natures asked for");
    assert_eq!(natures.len(), 1);
    assert_eq!(natures[0]["ply"], 2);
    assert_eq!(natures[0]["notation"], "将５进１");
    assert_eq!(natures[0]["nature"], "idle");

    let both: serde_json::Value =
        serde_json::from_slice(&args("2", true).stdout).expect("one JSON object");
    assert_eq!(both["natures"][0]["nature"], "chase");
    assert_eq!(both["natures"][0]["targets"][0], "i5");

    let none = xqarbiter(
        &["rule", "--fen", fen, "--moves", "a0a5", "--natures", "0"],
        None,
    );
    assert_eq!(none.status.code(), Some(2));
}

#[test]
fn the_moves_that_would_repeat_a_cycle_ruled_against_the_mover_are_listed() {
    // Red's rook checks the king back and forth (AXF: perpetual check loses).
    let start = "2b6/4k4/9/9/9/9/9/9/2p6/3KR1Bc1 b";
    let rule = |moves: &str, json: bool| {
        let mut args = vec!["rule", "--rules", "axf", "--fen", start, "--moves", moves];
        args.push(if json { "--json" } else { "--lang=en" });
        xqarbiter(&args, None)
    };
    // The next check would bring the position back a second time ...
    let text = String::from_utf8(rule("e8f8 e0f0 f8e8", false).stdout).expect("utf-8");
    assert!(
        text.contains("Red may not play (each would repeat a cycle ruled against Red):\n  车四平五 (f0e0): the position would stand 2 times: perpetual check loses"),
        "{text}"
    );
    // ... and, a cycle later, a third time: the end of the game.
    let text =
        String::from_utf8(rule("e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8", false).stdout).expect("utf-8");
    assert!(
        text.contains("  车四平五 (f0e0): would end the game: Black wins — perpetual check loses"),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_slice(&rule("e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8", true).stdout)
            .expect("one JSON object");
    let forbidden = json["forbidden_next"].as_array().expect("a list");
    assert_eq!(forbidden.len(), 1);
    assert_eq!(forbidden[0]["move"], "f0e0");
    assert_eq!(forbidden[0]["notation"], "车四平五");
    // Black, to move, is free: its king's step is no offence.
    let json: serde_json::Value =
        serde_json::from_slice(&rule("e8f8 e0f0 f8e8 f0e0", true).stdout).expect("one JSON object");
    assert_eq!(json["forbidden_next"], serde_json::json!([]));
}

#[test]
fn a_fen_without_a_side_to_move_lets_the_first_move_say_whose_turn_it_is() {
    // As a pasted record with a side-less position line does: the black king
    // steps first, then the red rook checks.
    let fen = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1";
    let after = "2b6/9/4k4/9/9/9/9/9/2p6/3KR1Bc1 b - - 2 2";
    for moves in ["将5进1 车四平五", "1... 将5进1 2. 车四平五", "e8e7 f0e0"] {
        let out = xqarbiter(&["rule", "--fen", fen, "--moves", moves, "--json"], None);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{moves}: {err}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(v["fen"], after, "{moves}");
    }
    let out = xqarbiter(
        &["rule", "-", "--json"],
        Some(&format!(
            "{fen}
将5进1 车四平五
"
        )),
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["fen"], after, "pasted");
    // A FEN that names Red to move keeps it: the black move is refused.
    let out = xqarbiter(
        &["rule", "--fen", &format!("{fen} w"), "--moves", "将5进1"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_record_whose_numerals_are_all_reversed_gets_a_note_on_a_missing_move() {
    // 炮二平五 left out: 马8进7 reads as Red's 马八进七, and so on, the mirror game.
    let moves = "马8进7 马二进三 车9平8 车一平二";
    let out = xqarbiter(&["rule", "--moves", moves, "--lang", "en"], None);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("a move may be missing"), "{err}");
    assert!(err.contains("from ply 1 ('马8进7') on"), "{err}");
    let out = xqarbiter(
        &["rule", "--lang", "zh", "-"],
        Some(&format!("1. {moves}\n")),
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("可能漏记或多记了一着"), "{err}");
    // A move left out in the middle: the note names where the shift begins.
    let moves = "炮二平五 马8进7 马2进3 兵七进一 卒7进1 车一进一";
    let out = xqarbiter(&["rule", "--lang", "zh", "--moves", moves], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("自第3着（“马2进3”）起"), "{err}");
    // A record of one move, in Black's digits for Red's move, gets it too.
    let out = xqarbiter(&["rule", "--moves", "炮8平5", "--lang", "en"], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("from ply 1 ('炮8平5') on"), "{err}");
    // The custom, or one style for both sides, gets no note.
    for moves in [
        "炮二平五 马8进7 马二进三",
        "炮2平5 马8进7 马2进3",
        "炮二平五",
    ] {
        let out = xqarbiter(&["rule", "--lang", "zh", "--moves", moves], None);
        assert!(out.stderr.is_empty(), "{moves}");
    }
}

/// The position after 炮８平５ 炮二平五 with Black moving first.
const AFTER_BLACK_FIRST: &str =
    "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 2 2";

#[test]
fn a_black_first_marker_makes_black_move_first() {
    let pgn = "[Game \"Chinese Chess\"]\n1. ... 炮８平５ 2. 炮二平五\n";
    let runs: [(&[&str], Option<&str>); 4] = [
        (
            &["rule", "-", "--json"],
            Some("1... 炮８平５ 2. 炮二平五\n"),
        ),
        (
            &["rule", "--moves", "1... 炮８平５ 2. 炮二平五", "--json"],
            None,
        ),
        (&["rule", "--moves", "1. ... C8.5 2. C2.5", "--json"], None),
        (&["rule", "-", "--json"], Some(pgn)),
    ];
    for (args, stdin) in runs {
        let out = xqarbiter(args, stdin);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(v["fen"], AFTER_BLACK_FIRST, "{args:?} {stdin:?}");
    }
    // A start position with Red to move contradicts the marker.
    let red = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    let out = xqarbiter(
        &[
            "rule",
            "--fen",
            red,
            "--moves",
            "1... 炮８平５",
            "--lang",
            "en",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Black moves first"));
    let pgn = format!("[Game \"Chinese Chess\"]\n[FEN \"{red} - - 0 1\"]\n1... 炮８平５\n");
    let out = xqarbiter(&["rule", "-", "--lang", "en"], Some(&pgn));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 3, column 1") && err.contains("Black moves first"),
        "{err}"
    );
}

#[test]
fn wxf_moves_with_a_digit_for_the_piece_are_never_dropped() {
    for (moves, plies) in [
        ("C2.5 48+7 42+3 59.8", 4),
        ("62.5", 1),
        ("1. 62.5 48+7 2. 42+3 59.8", 4),
    ] {
        let out = xqarbiter(&["rule", "--moves", moves, "--json"], None);
        assert_eq!(out.status.code(), Some(0), "{moves}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(v["natural_limit"]["plies"], plies, "{moves}");
    }
}

#[test]
fn moves_starting_with_a_hyphen_are_moves_not_options() {
    // WXF for the rearmost of four pawns on a file: "--.4" (and "-+" forms).
    let fen = "3k5/4P4/4P4/4P4/4P4/9/9/9/9/4K4 w";
    let out = xqarbiter(&["rule", "--fen", fen, "--moves", "--.4", "--json"], None);
    let v = json_of(&out);
    assert_eq!(v["natural_limit"]["plies"], 1);
    assert!(
        v["fen"]
            .as_str()
            .is_some_and(|f| f.starts_with("3k5/4P4/4P4/4P4/5P3/")),
        "{v}"
    );
}

#[test]
fn an_unclosed_comment_or_variation_is_an_error_naming_its_place() {
    let runs = [
        (
            "1. 炮二平五 {好棋 马８进７ 2. 马二进三 车９平８\n",
            "'{' at line 1, column 9",
        ),
        (
            "[Game \"Chinese Chess\"]\n\n1. h2e2 (1. h2e2 h9g7\n2. h0g2\n",
            "'(' at line 3, column 9",
        ),
    ];
    for (text, place) in runs {
        let out = xqarbiter(&["rule", "-", "--json", "--lang", "en"], Some(text));
        assert_eq!(out.status.code(), Some(2), "{text}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(place) && err.contains("never closed"), "{err}");
    }
}

#[test]
fn fen_with_a_record_file_says_the_file_has_its_own_start() {
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    for (file, format) in [
        ("plain.xqf", "XQF"),
        ("game_utf8.pgn", "PGN"),
        ("game.ubb", "DhtmlXQ"),
    ] {
        let path = fixtures.join(file);
        let path = path.to_str().expect("utf-8 path");
        let out = xqarbiter(&["rule", path, "--fen", fen, "--lang", "en"], None);
        assert_eq!(out.status.code(), Some(2), "{file}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("--fen applies only to --moves or a bare move list")
                && err.contains(&format!(
                    "in {format} format and has its own start position"
                )),
            "{err}"
        );
    }
}

#[test]
fn fen_with_a_move_list_that_has_its_own_start_names_that_start() {
    let own = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1";
    let given = "3k5/9/9/9/9/9/9/9/9/4K4 w";
    for text in [
        format!("{own}\nd0d1 e9e8\n"),
        format!("FEN: {own}\nd0d1 e9e8\n"),
        format!("局面：{own}\n1. 帅六进一\n"),
        format!("position fen {own} moves d0d1\n"),
    ] {
        let out = xqarbiter(&["rule", "-", "--fen", given, "--lang", "en"], Some(&text));
        assert_eq!(out.status.code(), Some(2), "{text}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("--fen applies only to a move list without a start position")
                && err.contains(own),
            "{text}: {err}"
        );
    }
    // A bare move list takes the given start.
    let out = xqarbiter(
        &["rule", "-", "--fen", given, "--lang", "en"],
        Some("e0f0 d9e9\n"),
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn game_numbers_in_messages_are_the_index_file_hash_n_names() {
    let three = "[Game \"Chinese Chess\"]\n1. h2e2\n[Game \"Chinese Chess\"]\n1. h2e2\n\
                 [Game \"Chinese Chess\"]\n1. h2e2 {x\n";
    let out = xqarbiter(&["rule", "-", "--game", "2", "--lang", "en"], Some(three));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("<stdin>, game #2: "), "{err}");
    let out = xqarbiter(&["rule", "--lang", "zh", "-", "--game", "2"], Some(three));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("<stdin>，对局#2："), "{err}");
}

#[test]
fn empty_tags_leave_no_empty_fields() {
    let record = "[Game \"Chinese Chess\"]\n[Event \"\"]\n[Date \"\"]\n[Red \"甲\"]\n[Black \"乙\"]\n[Result \"*\"]\n\n1. 炮二平五 马8进7 *\n";
    let out = xqarbiter(&["rule", "--lang", "zh", "-"], Some(record));
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.contains("\n棋谱：甲（红）对 乙（黑）\n"), "{text}");
    assert!(!text.contains("；；"), "{text}");
}

#[test]
fn a_move_after_mate_says_the_game_was_over() {
    let fen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w";
    let out = xqarbiter(
        &[
            "rule",
            "--lang",
            "zh",
            "--fen",
            fen,
            "--moves",
            "车五平六 将4平5",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        err.contains(
            "第2着（第1行第6列）“将4平5”无法走出：对局已经结束：第1着后黑方已被将死，此后的着法无效"
        ),
        "{err}"
    );
    assert!(!err.contains("合法着法"), "no empty list: {err}");
    let out = xqarbiter(
        &[
            "rule",
            "--fen",
            fen,
            "--moves",
            "车五平六 将4平5",
            "--lang",
            "en",
        ],
        None,
    );
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(err.contains("black was checkmated after ply 1"), "{err}");
    assert!(!err.contains("legal moves"), "{err}");
}

#[test]
fn an_unreadable_move_lists_the_legal_moves_in_the_notation_of_the_record() {
    let out = xqarbiter(&["rule", "--lang", "zh", "--moves", "炮二平五 xyz"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(err.contains("\n合法着法：卒１进１ 卒３进１"), "{err}");
    assert!(!err.contains("P1+1"), "no WXF for a Chinese record: {err}");
    let out = xqarbiter(&["rule", "--moves", "C2.5 xyz", "--lang", "en"], None);
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(err.contains("\nLegal moves: P1+1"), "{err}");
}

#[test]
fn an_armageddon_natural_limit_says_the_game_is_drawn_and_awarded_to_black() {
    let path = example("natural_limit.pgn");
    let file = path.to_str().expect("utf-8 path");
    let out = xqarbiter(
        &[
            "rule",
            "--lang",
            "zh",
            file,
            "--profile",
            "dqsz2017-armageddon",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.starts_with("和棋（自然限着），按dqsz2017-armageddon规程判黑胜\n"),
        "{text}"
    );
    assert!(
        text.contains("\n本局按自然限着作和；dqsz2017-armageddon规程规定和棋判黑方胜\n"),
        "{text}"
    );
    let out = xqarbiter(
        &[
            "rule",
            file,
            "--profile",
            "dqsz2017-armageddon",
            "--lang",
            "en",
        ],
        None,
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.starts_with(
            "Draw by the natural move limit, scored as a Black win by profile dqsz2017-armageddon\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("the game is a draw by the natural move limit; profile dqsz2017-armageddon awards a draw to Black"),
        "{text}"
    );
    // The JSON says it too, in both languages.
    let json = rule_json("natural_limit.pgn", &["--profile", "dqsz2017-armageddon"]);
    assert_eq!(json["verdict"], "black_wins");
    assert!(
        json["draw_note"]
            .as_str()
            .is_some_and(|n| n.starts_with("the game is a draw by the natural move limit;")),
        "{json}"
    );
    assert_eq!(
        json["draw_note_zh"],
        "本局按自然限着作和；dqsz2017-armageddon规程规定和棋判黑方胜"
    );
    assert!(rule_json("natural_limit.pgn", &[])["draw_note"].is_null());
}

#[test]
fn an_armageddon_draw_recorded_as_a_draw_is_scored_as_a_black_win_not_contradicted() {
    let armageddon = ["--profile", "dqsz2017-armageddon", "--lang", "en"];
    // Knights shuffle after round 25: a repetition draw, recorded as one.
    let repeated = "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 40\"]\n\
                    1. h0g2 h9g7 2. g2h0 g7h9 3. h0g2 h9g7 4. g2h0 g7h9 1/2-1/2\n";
    // A draw agreed after two moves: no rule ends the game.
    let agreed = "1. 炮二平五 马８进７ 和棋\n";
    for record in [repeated, agreed] {
        let mut args = vec!["rule", "-"];
        args.extend(armageddon);
        let out = xqarbiter(&args, Some(record));
        let text = String::from_utf8(out.stdout).expect("utf-8");
        assert!(
            text.contains(
                "\nRecord: recorded result: 1/2-1/2, scored as a Black win: profile \
                 dqsz2017-armageddon awards a draw to Black (Armageddon)\n"
            ),
            "{text}"
        );
        args.push("--json");
        let v = json_of(&xqarbiter(&args, Some(record)));
        assert_eq!(
            (&v["record"]["result"], &v["record"]["scored"]),
            (&"draw".into(), &"black_wins".into())
        );
    }
    // Elsewhere a draw is scored as one.
    let v = json_of(&xqarbiter(&["rule", "-", "--json"], Some(agreed)));
    assert_eq!(v["record"]["scored"], "draw");
}

#[test]
fn moves_after_the_result_are_said_to_be_left_out() {
    // Pasted, and typed with --moves: the ruling is on the moves up to the
    // result, and standard error says what was not read.
    let pasted = xqarbiter(
        &["rule", "-", "--lang", "en"],
        Some("1. 炮二平五 马８进７ 1-0 2. 马二进三 车９平８\n"),
    );
    let typed = xqarbiter(
        &[
            "rule",
            "--moves",
            "1. 炮二平五 马８进７ 1-0 2. 马二进三 车９平８",
            "--lang",
            "en",
        ],
        None,
    );
    let warning = "warning: line 1, column 18: 2 moves after the result 1-0 go on from the \
                   last move but are not read ('2. 马二进三 车９平８'): the game is taken to end \
                   at the result";
    for (out, source) in [(pasted, "<stdin>"), (typed, "--moves")] {
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{err}");
        assert!(
            err.contains(&format!("xqarbiter: {source}: {warning}")),
            "{err}"
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("2 plies without a capture"), "{text}");
    }
}

#[test]
fn a_semicolon_reads_alike_pasted_and_typed_with_moves() {
    // Right after a move, `;` separates moves; after a space it starts a
    // comment to the end of the line, whose moves are not read (with a
    // warning), pasted and with --moves alike (and with --fen, as a bare
    // list is read).
    let separated = "炮二平五;马８进７ 马二进三";
    let commented = "炮二平五 马８进７ ; 马二进三 车９平８\n马二进三";
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    // A move then a labelled note: the note is a note, the move goes on.
    let noted = "炮二平五 ; 马８进７ 注：好棋\n马８进７";
    let warning = |column: usize, shown: &str| {
        format!(
            "warning: line 1, column {column}: the comment after ';' reads as moves ('{shown}'), \
             which are not read: after a space, ';' starts a comment to the end of the line (to \
             separate moves, write ';' right after a move, or '；')"
        )
    };
    for (text, plies, warns) in [
        (separated, 3, None),
        (commented, 3, Some(warning(11, "马二进三 车９平８"))),
        (noted, 2, Some(warning(6, "马８进７ 注：好棋"))),
    ] {
        let runs = [
            (
                xqarbiter(&["rule", "-", "--lang", "en", "--json"], Some(text)),
                "<stdin>",
            ),
            (
                xqarbiter(&["rule", "--moves", text, "--lang", "en", "--json"], None),
                "--moves",
            ),
            (
                xqarbiter(
                    &[
                        "rule", "--fen", fen, "--moves", text, "--lang", "en", "--json",
                    ],
                    None,
                ),
                "--moves",
            ),
        ];
        for (out, source) in runs {
            let err = String::from_utf8_lossy(&out.stderr).to_string();
            let v = json_of(&out);
            assert_eq!(v["plies"], plies, "{text} ({source}): {v}");
            assert_eq!(
                err.contains("warning"),
                warns.is_some(),
                "{text} ({source}): {err}"
            );
            if let Some(warning) = &warns {
                assert!(
                    err.contains(&format!("xqarbiter: {source}: {warning}")),
                    "{text} ({source}): {err}"
                );
            }
        }
    }
}

#[test]
fn a_claim_after_the_game_ended_is_judged_where_it_ended() {
    // The limit is in reach from ply 2; the advisor and the black king
    // shuttle, and the third occurrence of the start, after ply 8, draws
    // the game. The record goes on to a new position at ply 10, where Red's
    // claim would hold: it is judged after ply 8 instead, too late.
    let args = |lang: &'static str| {
        [
            "rule",
            "--fen",
            "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 118 60",
            "--moves",
            "e1d2 d9d8 d2e1 d8d9 e1d2 d9d8 d2e1 d8d9 e0f0 d9d8",
            "--claim",
            "red",
            "--lang",
            lang,
        ]
    };
    let mut json_args = args("en").to_vec();
    json_args.push("--json");
    let out = xqarbiter(&json_args, None);
    let v = json_of(&out);
    assert_eq!(v["plies"], 10);
    assert_eq!(v["ended"]["ply"], 8);
    assert_eq!(
        (&v["verdict"], &v["reason"]),
        (&"draw".into(), &"repetition".into())
    );
    // At the record's end the count alone would let Red claim...
    assert_eq!(
        v["natural_limit"]["claimable_by"],
        serde_json::json!(["red", "black"])
    );
    // ...but the claim is judged where the game ended.
    assert_eq!(v["claim"]["valid"], false);
    assert_eq!(v["claim"]["ply"], 8);
    let note = v["claim"]["note"].as_str().expect("a note");
    assert!(
        note.starts_with("by the rules the game ended after ply 8 (Draw")
            && note.ends_with("the 2 plies the players played on after it are not judged"),
        "{note}"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("warning: by the rules the game ended after ply 8"),
        "{err}"
    );
    let out = xqarbiter(&args("en"), None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "\nRed's natural-limit draw claim: not valid: by the rules the game ended after ply 8"
        ),
        "{text}"
    );
    let out = xqarbiter(&args("zh"), None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("\n红方提出自然限着作和：不成立：按规则，对局于第8着后结束"),
        "{text}"
    );
    // Moves after a mate cannot be played at all: the record is refused,
    // claim or not, and the error says the game was over.
    let out = xqarbiter(
        &[
            "rule",
            "--fen",
            "3k5/8R/9/9/9/9/9/9/R8/4K4 w",
            "--moves",
            "a1a9 d9d8",
            "--claim",
            "black",
            "--lang",
            "en",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ply 2") && err.contains("mate"), "{err}");
    // The error says how to rule on the game where it ended, a move list as
    // a record file: with --ply, which reads no further.
    assert!(
        err.ends_with("\nTo rule on the game where it ended, add --ply 1\n"),
        "{err}"
    );
    let mated = |ply: &str, moves: &str| {
        let fen = "3k5/8R/9/9/9/9/9/9/R8/4K4 w";
        xqarbiter(
            &[
                "rule", "--lang", "zh", "--fen", fen, "--moves", moves, "--ply", ply, "--json",
            ],
            None,
        )
    };
    let v = json_of(&mated("1", "a1a9 d9d8 a9a8"));
    assert_eq!(
        (&v["verdict"], &v["reason"], &v["plies"]),
        (&"red_wins".into(), &"checkmate".into(), &1.into())
    );
    // Cut before the end, the list is read as far as asked.
    let v = json_of(&mated("0", "a1a9 d9d8"));
    assert_eq!((&v["verdict"], &v["plies"]), (&"ongoing".into(), &0.into()));
    // A list that is bad before the ply asked for is still refused, and says where.
    let out = mated("2", "a1a9 d9d8");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(
            "xqarbiter: illegal or unreadable move at ply 2, line 1, column 6: 'd9d8': the game was"
        ) && err.ends_with("add --ply 1\n"),
        "{err}"
    );
    // Moves after the ply asked for that are illegal, game over or not, are not read.
    let list = |ply: &str| {
        let moves = "炮二平五 马８进７ 车一进一 将5进5";
        xqarbiter(
            &["rule", "--moves", moves, "--ply", ply, "--lang", "en"],
            None,
        )
    };
    let out = list("3");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("Position after ply 3:"));
    let out = list("4");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(
            "xqarbiter: illegal or unreadable move at ply 4, line 1, column 16: '将5进5'"
        ) && err.contains("\nLegal moves: "),
        "{err}"
    );
    // So are moves run together in one word past the ply asked for; moves
    // run together that are bad before it are still refused.
    let run = |moves: &str, ply: &str| {
        xqarbiter(
            &[
                "rule", "--lang", "zh", "--moves", moves, "--ply", ply, "--json",
            ],
            None,
        )
    };
    // A pasted record cuts such a word as the list does: the moves before
    // the ply asked for are read, and the move that goes bad is named at
    // its own ply.
    let pasted = |moves: &str, ply: &str| {
        xqarbiter(
            &["rule", "--lang", "zh", "-", "--ply", ply, "--json"],
            Some(moves),
        )
    };
    for ply in ["2", "3"] {
        for out in [
            run("炮二平五马８进７车一进一将５进５", ply),
            pasted("炮二平五马８进７车一进一将５进５\n", ply),
        ] {
            assert_eq!(
                out.status.code(),
                Some(0),
                "{ply}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(json_of(&out)["plies"], ply.parse::<u64>().unwrap());
        }
    }
    for out in [
        pasted("炮二平五马８进７车一平二将５进５\n", "3"),
        run("炮二平五马８进７车一平二将５进５", "3"),
    ] {
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            // In the word of moves run together, where the move starts.
            err.starts_with(
                "xqarbiter: illegal or unreadable move at ply 3, line 1, column 9: '车一平二'"
            ),
            "{err}"
        );
    }
    // One move, then one that reads as a move but goes bad: cut there too,
    // the bad move named at its own ply; prose after one move is one word.
    for out in [
        run("炮二平五将５进５", "2"),
        pasted("炮二平五将５进５\n", "2"),
    ] {
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with(
                "xqarbiter: illegal or unreadable move at ply 2, line 1, column 5: '将５进５'"
            ),
            "{err}"
        );
    }
    let out = run("炮二平五是最常见的开局", "2");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("xqarbiter: illegal or unreadable move at ply 1, line 1, column 1: '炮二平五是最常见的开局'"),
        "{err}"
    );
    // A record file is cut with --ply too.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = dir.join("mate.txt");
    std::fs::write(&file, "局面：3k5/8R/9/9/9/9/9/9/R8/4K4 w\n1. a1a9 d9d8\n").unwrap();
    let path = file.to_str().unwrap();
    let out = xqarbiter(&["rule", "--lang", "zh", path], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.ends_with("\n如需裁决对局结束之处，请加 --ply 1\n"),
        "{err}"
    );
    let out = xqarbiter(
        &["rule", "--lang", "zh", path, "--ply", "1", "--json"],
        None,
    );
    let v = json_of(&out);
    assert_eq!(
        (&v["verdict"], &v["reason"]),
        (&"red_wins".into(), &"checkmate".into())
    );
}

#[test]
fn an_early_draw_or_resignation_the_audit_flags_is_named_by_rule_too() {
    let draw =
        "[Event \"Open\"]\n[Result \"1/2-1/2\"]\n\n1. 炮二平五 马8进7 2. 马二进三 车9平8 1/2-1/2\n";
    let out = xqarbiter(
        &[
            "rule",
            "-",
            "--profile",
            "hengfang2024-slow",
            "--lang",
            "en",
        ],
        Some(draw),
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "Record: Open; recorded result: 1/2-1/2\nEarly draw: agreed draw after round 2, within the 10 rounds in which profile hengfang2024-slow forbids it; the arbiter may rule both players lost; the record gives no reason for the draw: it is taken as agreed\n"
        ),
        "{text}"
    );
    let out = xqarbiter(
        &[
            "rule",
            "--lang",
            "zh",
            "-",
            "--profile",
            "hengfang2024-slow",
        ],
        Some(draw),
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "\n过早议和：第2回合后协议和棋，违反10回合内不得协议和棋的规定，裁判有权判双方负；棋谱未写明和棋的原因，按协议和棋处理\n"
        ),
        "{text}"
    );
    // The JSON says it as the audit's finding does.
    let json = json_of(&xqarbiter(
        &[
            "rule",
            "--lang",
            "zh",
            "-",
            "--profile",
            "hengfang2024-slow",
            "--json",
        ],
        Some(&draw.replace("1/2-1/2", "1-0")),
    ));
    let early = &json["record"]["early_end"];
    assert_eq!(early["kind"], "early_resignation", "{json:#}");
    assert!(
        early["detail_zh"]
            .as_str()
            .is_some_and(|d| d.starts_with("第2回合后认负")),
        "{json:#}"
    );
    // Not so under a profile without the clause, nor where --ply cuts the
    // record short of the result, nor after a game the rules ended.
    let plain = json_of(&xqarbiter(
        &["rule", "--lang", "zh", "-", "--json"],
        Some(draw),
    ));
    assert!(plain["record"]["early_end"].is_null(), "{plain:#}");
    let cut = json_of(&xqarbiter(
        &[
            "rule",
            "--lang",
            "zh",
            "-",
            "--profile",
            "hengfang2024-slow",
            "--ply",
            "3",
            "--json",
        ],
        Some(draw),
    ));
    assert!(cut["record"]["early_end"].is_null(), "{cut:#}");
    let check = std::fs::read_to_string(example("perpetual_check.pgn")).expect("example");
    let check = check.replace("[Result \"*\"]", "[Result \"0-1\"]");
    let ended = json_of(&xqarbiter(
        &[
            "rule",
            "--lang",
            "zh",
            "-",
            "--profile",
            "hengfang2024-slow",
            "--json",
        ],
        Some(&check),
    ));
    assert_eq!(ended["record"]["result"], "black_wins", "{ended:#}");
    assert!(ended["record"]["early_end"].is_null(), "{ended:#}");
    // A loss on time, as the termination says it, is no resignation.
    for termination in ["time forfeit", "黑方超时负"] {
        let on_time = draw.replace("1/2-1/2", "1-0").replacen(
            "\n\n",
            &format!("\n[Termination \"{termination}\"]\n\n"),
            1,
        );
        let json = json_of(&xqarbiter(
            &[
                "rule",
                "--lang",
                "zh",
                "-",
                "--profile",
                "hengfang2024-slow",
                "--json",
            ],
            Some(&on_time),
        ));
        assert_eq!(json["record"]["result"], "red_wins", "{json:#}");
        assert!(json["record"]["early_end"].is_null(), "{json:#}");
    }
}

/// A game lost on time or decided by the arbiter, as the words of its
/// result say (in a move list, or under a PGN's moves), is no resignation
/// and no agreed draw: `rule` names no early end; a resignation or an
/// agreed draw the words say is one, without the note that the record
/// gives no reason.
#[test]
fn a_result_in_words_says_whether_the_players_ended_the_game() {
    const OPENING: &str = "炮二平五 马8进7 马二进三 车9平8";
    let early_end = |args: &[&str], stdin: Option<&str>| {
        let mut all = vec!["rule", "--profile", "hengfang2024-slow", "--json"];
        all.extend_from_slice(args);
        let json = json_of(&xqarbiter(&all, stdin));
        assert_ne!(
            json["record"]["result"],
            serde_json::Value::Null,
            "{json:#}"
        );
        json["record"]["early_end"].clone()
    };
    for words in [
        "红方超时",
        "红方时间到判负",
        "黑方时间到",
        "红方违例判负",
        "黑方犯规判负",
        "红方弃权",
        "黑方不到场",
        "判和",
        "Black wins on time",
        "Red wins by walkover",
        "Black wins by forfeit",
    ] {
        let moves = format!("{OPENING} {words}");
        let early = early_end(&["--moves", &moves], None);
        assert!(early.is_null(), "{moves}: {early:#}");
    }
    for pgn in [
        "[Event \"x\"]\n[Result \"0-1\"]\n1. 炮二平五 马8进7 2. 马二进三 车9平8 红方超时 0-1\n",
        "[Event \"x\"]\n1. 炮二平五 马8进7 2. 马二进三 车9平8 Black wins on time\n",
        "[Event \"x\"]\n1. 炮二平五 马8进7 2. 马二进三 车9平8 （黑方违例判负）\n",
    ] {
        let early = early_end(&["-"], Some(pgn));
        assert!(early.is_null(), "{pgn}: {early:#}");
    }
    // The players' own end, said or not: flagged, the note only when unsaid.
    for (words, kind, unsaid) in [
        ("红方认负", "early_resignation", false),
        ("双方议和", "early_draw", false),
        ("0-1", "early_resignation", true),
        ("和棋", "early_draw", true),
    ] {
        let moves = format!("{OPENING} {words}");
        let early = early_end(&["--moves", &moves], None);
        assert_eq!(early["kind"], kind, "{moves}: {early:#}");
        let detail = early["detail"].as_str().unwrap_or_default();
        assert_eq!(
            detail.contains("the record gives no reason"),
            unsaid,
            "{detail}"
        );
    }
}

/// An illegal move in a file is named with the file, and with the game as
/// `audit` names it when the file holds several.
#[test]
fn an_illegal_move_in_a_file_names_the_file_and_the_game() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let two = dir.join("two.pgn");
    std::fs::write(
        &two,
        "[Event \"a\"]\n1. h2e2 h9g7 *\n\n[Event \"b\"]\n1. h2e2 h9g7 2. h0g2 e9e7 *\n",
    )
    .unwrap();
    let one = dir.join("one.pgn");
    std::fs::write(&one, "1. h2e2 h9g7 2. h0g2 e9e7 *\n").unwrap();
    let err = |args: &[&str]| String::from_utf8_lossy(&xqarbiter(args, None).stderr).to_string();
    let (two, one) = (two.to_str().unwrap(), one.to_str().unwrap());
    let en = err(&["rule", &format!("{two}#1"), "--lang", "en"]);
    assert!(
        en.starts_with(&format!(
            "xqarbiter: {two}#1: illegal or unreadable move at ply 4, line 5, column 22: 'e9e7'"
        )),
        "{en}"
    );
    let zh = err(&["rule", "--lang", "zh", two, "--game", "1"]);
    assert!(
        zh.starts_with(&format!(
            "xqarbiter: {two}#1：第4着（第5行第22列）“e9e7”无法走出"
        )),
        "{zh}"
    );
    let en = err(&["rule", one, "--lang", "en"]);
    assert!(
        en.starts_with(&format!(
            "xqarbiter: {one}: illegal or unreadable move at ply 4, line 1, column 22: 'e9e7'"
        )),
        "{en}"
    );
}

#[test]
fn a_chat_copy_is_read_past_its_talk_and_a_third_persons_lines() {
    // WeChat-style copy: a name and time on a line of their own, the
    // message under it; talk, an emoji, a spectator's suggestion, and the
    // loser's 认输 among the moves.
    let chat = "许银川 10:32\n炮二平五\n吕钦 10:33\n好棋\n😀\n王五 10:33\n车一平二\n\
                吕钦 10:34\n马８进７\n许银川 [10:35]\n马二进三\n吕钦 10:36\n认输\n";
    let out = xqarbiter(&["rule", "-", "--json", "--lang", "en"], Some(chat));
    let v = json_of(&out);
    assert_eq!(v["plies"].as_u64(), Some(3));
    assert_eq!(
        (v["record"]["red"].as_str(), v["record"]["black"].as_str()),
        (Some("许银川"), Some("吕钦"))
    );
    assert_eq!(v["record"]["result"], "red_wins");
    let stderr = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        stderr.contains("line 7, column 1: '车一平二' reads as a move, but 王五 sent it"),
        "{stderr}"
    );
    // The time between the name and the colon.
    let out = xqarbiter(
        &[
            "rule",
            "--moves",
            "许银川 10:32：炮二平五\n吕钦 10:33：马８进７\n许银川 10:34：马二进三",
            "--json",
        ],
        None,
    );
    assert_eq!(json_of(&out)["plies"].as_u64(), Some(3));
}

#[test]
fn a_chats_slip_is_named_at_its_line_and_column_and_its_talk_skipped() {
    let chat = "许银川：炮二平五 中炮\n吕钦：马８进７\n许银川：马二进二\n";
    let out = xqarbiter(&["rule", "-", "--lang", "en"], Some(chat));
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).expect("utf-8");
    let lines: Vec<&str> = stderr.lines().take(2).collect();
    assert_eq!(
        lines,
        [
            "xqarbiter: <stdin>: warning: line 1, column 10: '中炮' after 许银川's move is talk, not a move: skipped",
            "xqarbiter: illegal or unreadable move at ply 3, line 3, column 5: '马二进二': no red horse on file 二 can move that way; one symbol away: 马二进三 马二进一"
        ]
    );
}

#[test]
fn a_result_run_into_the_moves_and_a_double_slash_comment_are_read_with_moves() {
    // The result written right after the last move is the result, as when
    // spaced; `//` after a space comments to the end of its line.
    for (moves, plies, result) in [
        ("炮二平五马８进７马二进三红胜", 3, "red_wins"),
        (
            "1. 炮二平五 马８进７ 2. 马二进三 车９平８1-0",
            4,
            "red_wins",
        ),
        (
            "炮二平五 马８进７ // 中炮\n马二进三 车９平８ // 屏风马\n0-1",
            4,
            "black_wins",
        ),
    ] {
        // Typed with --moves, and pasted.
        let typed = xqarbiter(&["rule", "--moves", moves, "--json"], None);
        let pasted = xqarbiter(&["rule", "-", "--json"], Some(moves));
        for out in [typed, pasted] {
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{moves}: {err}");
            assert!(err.is_empty(), "{moves}: {err}");
            let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(json["plies"], plies, "{moves}: {json}");
            assert_eq!(json["record"]["result"], result, "{moves}: {json}");
        }
    }
}

/// Red checks perpetually; the position after ply 1 stands a third time
/// after ply 9, where the rules end the game; the players play on, Red
/// varying at ply 11.
const PLAYED_ON_FEN: &str = "2b1k1b2/9/9/9/9/1R7/9/9/9/2B2KB2 w - - 0 1";
const PLAYED_ON_MOVES: &str = "b4e4 e9d9 e4d4 d9e9 d4e4 e9d9 e4d4 d9e9 d4e4 e9d9 e4e1 c9a7";

#[test]
fn a_game_played_on_after_a_decisive_repetition_is_told_as_it_happened() {
    let rule = |lang: &str| {
        let args = [
            "rule",
            "--fen",
            PLAYED_ON_FEN,
            "--moves",
            PLAYED_ON_MOVES,
            "--lang",
            lang,
        ];
        String::from_utf8_lossy(&xqarbiter(&args, None).stdout).into_owned()
    };
    let text = rule("en");
    assert!(
        text.starts_with(
            "By the rules the game ended after ply 9, when the repeated position had stood 3 times: \
             Black wins — unilateral perpetual check is never allowed: red had not varied by then \
             and loses (CXA 2020 25.1). The players played on for 3 more plies.\n"
        ),
        "{text}"
    );
    assert!(!text.contains("did not vary"), "{text}");
    let text = rule("zh");
    assert!(
        text.starts_with(
            "按规则，对局于第9着后结束（重复局面已出现3次）：黑胜——任何情况下均不允许单方面长将：\
             红方此前未变着，作负（《象棋竞赛规则（2020版）》第25.1条）。双方此后又走了3着。\n"
        ),
        "{text}"
    );
    let v = json_of(&xqarbiter(
        &[
            "rule",
            "--fen",
            PLAYED_ON_FEN,
            "--moves",
            PLAYED_ON_MOVES,
            "--json",
        ],
        None,
    ));
    assert!(
        v["ended"]["summary"]
            .as_str()
            .is_some_and(|s| s.ends_with("red had not varied by then and loses (CXA 2020 25.1)")),
        "{v}"
    );
    assert!(
        v["ended"]["summary_zh"]
            .as_str()
            .is_some_and(|s| s.contains("红方此前未变着，作负")),
        "{v}"
    );

    // The audit says the same, in each of its forms.
    let pgn = format!("[FEN \"{PLAYED_ON_FEN}\"]\n\n{PLAYED_ON_MOVES}\n");
    let en = "red repeats perpetual check (长将), the position standing 3 times: Black wins — \
              unilateral perpetual check is never allowed: red had not varied by then and loses \
              (CXA 2020 25.1); the rules end the game here, and the players played on for 3 more plies";
    let zh = "红方重复长将，局面已出现3次：黑胜——任何情况下均不允许单方面长将：红方此前未变着，\
              作负（《象棋竞赛规则（2020版）》第25.1条）；按规则对局至此结束，双方此后又走了3着";
    let audit = |args: &[&str]| {
        let mut all = vec!["audit", "-"];
        all.extend_from_slice(args);
        String::from_utf8_lossy(&xqarbiter(&all, Some(&pgn)).stdout).into_owned()
    };
    let row: serde_json::Value = serde_json::from_str(&audit(&["--jsonl"])).expect("one row");
    assert_eq!(row["findings"][0]["ply"], 9, "{row}");
    assert_eq!(row["findings"][0]["detail"], en, "{row}");
    assert_eq!(row["findings"][0]["detail_zh"], zh, "{row}");
    let text = audit(&[]);
    assert!(
        text.contains(&format!("Forbidden repetition at ply 9: {en}\n")),
        "{text}"
    );
    let text = audit(&["--lang", "zh"]);
    assert!(text.contains(&format!("（第9着）：{zh}\n")), "{text}");
    let csv = audit(&["--csv"]);
    assert!(
        csv.contains(&format!("forbidden_repetition@9: {en}")),
        "{csv}"
    );
}

/// Kings shuffle from round 17: the position after ply 1 stands again after
/// ply 5 and a third time after ply 9, a repetition the rules would draw.
const EARLY_FEN: &str = "3k1a3/9/9/9/9/9/9/9/9/3A1K3 w - - 0 17";
const EARLY_MOVES: &str = "d0e1 d9d8 f0f1 d8d9 f1f0 d9d8 f0f1 d8d9 f1f0";

#[test]
fn an_early_repetition_names_the_plies_and_rounds_where_the_position_stood() {
    let rule = |lang: &str| {
        let args = [
            "rule",
            "--fen",
            EARLY_FEN,
            "--moves",
            EARLY_MOVES,
            "--profile",
            "dqsz2017-rapid",
            "--lang",
            lang,
        ];
        String::from_utf8_lossy(&xqarbiter(&args, None).stdout).into_owned()
    };
    let text = rule("en");
    assert!(
        text.contains(
            "\nProfile dqsz2017-rapid: the position stood after ply 1 (round 17), again after ply 5 \
             (round 19) and a 3rd time after ply 9 (round 21): the rules would draw this repetition, \
             but it began within the first 25 rounds, so it is not a draw: red must vary, else red loses\n"
        ),
        "{text}"
    );
    let text = rule("zh");
    assert!(
        text.contains(
            "\n规程dqsz2017-rapid：局面第1着后（第17回合）出现，第5着后（第19回合）再现，\
             第9着后（第21回合）第3次出现：按规则为不变作和，但在25回合以内出现，不作和：\
             红方必须变着，不变作负\n"
        ),
        "{text}"
    );
    let pgn = format!("[FEN \"{EARLY_FEN}\"]\n\n{EARLY_MOVES}\n");
    let out = xqarbiter(
        &["audit", "-", "--profile", "dqsz2017-rapid", "--jsonl"],
        Some(&pgn),
    );
    let row: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one row");
    let finding = &row["findings"][0];
    assert_eq!(
        (&finding["kind"], &finding["ply"]),
        (&"early_repetition".into(), &9.into()),
        "{row}"
    );
    assert_eq!(
        finding["detail"],
        "the position stood after ply 1 (round 17), again after ply 5 (round 19) and a 3rd time \
         after ply 9 (round 21): Black wins — a repetition the rules would draw began within the \
         first 25 rounds: red did not vary and loses (dqsz2017-rapid regulation: no drawn \
         repetition within 25 rounds)",
        "{row}"
    );
    assert_eq!(
        finding["detail_zh"],
        "局面第1着后（第17回合）出现，第5着后（第19回合）再现，第9着后（第21回合）第3次出现：\
         黑胜——25回合以内出现双方不变作和局面：红方不变，作负（dqsz2017-rapid 赛事规程：\
         25回合以内不得不变作和）",
        "{row}"
    );
}

/// Fairy-Stockfish's own UCI moves (ranks 1–10), from `position startpos
/// moves …` and `go depth 6` sixteen times with `UCI_Variant xiangqi`, and
/// the FEN its `d` gave after them.
const FAIRY_UCI_MOVES: &str =
    "h1g3 h10g8 h3h7 g7g6 i4i5 c10e8 b3b5 g8f6 c4c5 g6g5 h7g7 g5g4 g3e2 f6e4 e2d4 e4f2";
const FAIRY_UCI_FEN: &str =
    "rn1akab1r/9/1c2b2c1/p1p1p1C1p/9/1CP5P/P2N2p2/9/5n3/RNBAKAB1R w - - 2 9";

#[test]
fn coordinates_in_ranks_1_to_10_are_read_and_noted() {
    let out = xqarbiter(&["rule", "--moves", FAIRY_UCI_MOVES, "--json"], None);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let ruling: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(ruling["fen"], FAIRY_UCI_FEN, "{ruling}");
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        err.contains("warning: the coordinates were read in ranks 1–10, as UCI xiangqi programs (Fairy-Stockfish) write them: a move names rank 10"),
        "{err}"
    );
    // Pasted, numbered, without rank 10: only the 1–10 reading plays it.
    let out = xqarbiter(&["rule", "-", "--json"], Some("1. h3e3 h8e8\n2. h1g3\n"));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        err.contains("in ranks 0–9 the record stops at ply 1, in ranks 1–10 it plays through"),
        "{err}"
    );
    // Neither reading plays: the error is the one of the reading going
    // further, as the record writes it, and says where the other stops.
    let out = xqarbiter(&["rule", "-"], Some("1. h3e3 h8e8\n2. h3e3\n"));
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        err.contains("ply 3, line 2, column 4: 'h3e3': there is no piece on h3; the coordinates were read in ranks 1–10 (as UCI xiangqi programs write them); read in ranks 0–9, the record stops sooner, at ply 1 ('h3e3')"),
        "{err}"
    );
    assert!(err.contains("Legal moves: a1a2 a1a3 b1a3"), "{err}");
    // A UCCI list in ranks 0–9 stopping later names no other reading.
    let out = xqarbiter(&["rule", "--moves", "h2e2 h9g7 h2e2"], None);
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(!err.contains("ranks 1–10"), "{err}");
}

#[test]
fn rule_ply_reads_the_first_moves_of_a_list_in_ranks_1_to_10() {
    // Fairy-Stockfish's moves, a slip after ply 16: ruled after ply 16.
    let moves = format!("{FAIRY_UCI_MOVES} a1a9");
    let out = xqarbiter(&["rule", "--moves", &moves, "--ply", "16", "--json"], None);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let ruling: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(ruling["fen"], FAIRY_UCI_FEN, "{ruling}");
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(err.contains("ranks 1–10"), "{err}");
    // ICCS without rank 10, the 1–10 reading going further than the other.
    let out = xqarbiter(
        &["rule", "--moves", "H3-E3 H8-E8 H3-E3", "--ply", "2"],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        err.contains(
            "in ranks 0–9 the record stops at ply 1, in ranks 1–10 it goes further, to ply 3"
        ),
        "{err}"
    );
}

/// `fairy_uci.pgn` (Fairy-Stockfish's UCI moves, ranks 1–10) with Black's
/// ply 70, `i6i5`, made illegal (`i6i3`): neither reading plays it whole.
fn fairy_pgn_with_a_slip_at_ply_70() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fairy_uci.pgn");
    let text = std::fs::read_to_string(path).expect("fixture");
    assert!(text.contains("i6i5 {"));
    text.replacen("i6i5 {", "i6i3 {", 1)
}

#[test]
fn rule_ply_on_a_file_that_neither_reading_plays_whole_rules_before_the_slip() {
    let record = fairy_pgn_with_a_slip_at_ply_70();
    // Before the slip: ruled on the reading that goes further, saying so.
    let out = xqarbiter(&["rule", "-", "--ply", "69", "--json"], Some(&record));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let ruling: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(ruling["plies"], 69, "{ruling}");
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        err.contains("warning: the coordinates were read in ranks 1–10, as UCI xiangqi programs (Fairy-Stockfish) write them: a move names rank 10"),
        "{err}"
    );
    // At the slip: the move as the record writes it, its ply and place,
    // why, and where the other reading stops; legal moves in ranks 1–10.
    for ply in ["70", "71"] {
        let out = xqarbiter(&["rule", "-", "--ply", ply], Some(&record));
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let err = String::from_utf8(out.stderr).expect("utf-8");
        assert!(
            err.contains("illegal or unreadable move at ply 70, line 40, column 1: 'i6i3': ")
                && err.contains("read in ranks 0–9, the record stops sooner, at ply 1 ('c1e3')"),
            "{err}"
        );
        assert!(
            err.contains("Legal moves: ") && err.contains(" i6i5 "),
            "{err}"
        );
    }
}

#[test]
fn a_ranks_1_to_10_stop_names_the_boards_squares_in_them_and_the_records_as_written() {
    // A square of the board the reading names: h4 in ranks 1–10 (h3 in 0–9).
    let out = xqarbiter(&["rule", "--moves", "h3e3 h10g8 h4h5"], None);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(err.contains("'h4h5': there is no piece on h4;"), "{err}");
    // A square the record writes itself (XBoard SAN's `Rxh3`) stays h3.
    let out = xqarbiter(
        &["rule", "--moves", "h3e3 h10g8 Rxh3", "--lang", "zh"],
        None,
    );
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        err.contains("“Rxh3”无法走出：“x”表示吃子，但h3上没有棋子；"),
        "{err}"
    );
}

/// CXA-图2 (a horse's perpetual chase) with its moves as Fairy-Stockfish
/// writes them, in ranks 1–10, played twice round.
const CHASE_FEN: &str = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w";
const CHASE_UCI_MOVES: &str = "h7i5 i10h10 i5h7 h10i10 h7i5 i10h10 i5h7 h10i10";

/// The words of the table row of ply `ply` in `text`, if there is one.
fn table_row(text: &str, ply: &str) -> Vec<String> {
    let row = text
        .lines()
        .find(|l| l.split_whitespace().next() == Some(ply))
        .unwrap_or_else(|| panic!("no row {ply} in {text}"));
    row.split_whitespace().map(str::to_string).collect()
}

#[test]
fn the_ruling_on_a_ranks_1_to_10_record_shows_its_moves_and_squares_in_them() {
    let args = [
        "rule",
        "--fen",
        CHASE_FEN,
        "--moves",
        CHASE_UCI_MOVES,
        "--natures",
        "1",
    ];
    let out = xqarbiter(&args, None);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    // The cycle's table: move, targets and reason in ranks 1–10.
    assert_eq!(
        table_row(&text, "5")[..9],
        [
            "5",
            "h7i5",
            "马二退一",
            "chase",
            "i10",
            "red",
            "cannon",
            "i3",
            "threatens"
        ],
        "{text}"
    );
    assert!(
        text.contains("then a capture (net gain: a rook for a horse): h7g9 c9g9 h1h10\n"),
        "{text}"
    );
    assert_eq!(
        table_row(&text, "8")[..5],
        ["8", "h10i10", "车８平９", "chase", "i3"]
    );
    assert!(
        text.contains("Moves and squares are in ranks 1–10, as the record writes them"),
        "{text}"
    );
    assert!(text.contains("\n10 ＋ 車 ＋ ＋ 将 士 象 ＋ 車\n"), "{text}");
    assert!(text.contains("\n 1 ＋ 车 相 仕 帅 ＋ ＋ 车 ＋\n"), "{text}");
    // In Chinese, and the moves Red may not play.
    let moves = "h7i5 i10h10 i5h7 h10i10 h7i5 i10h10";
    let out = xqarbiter(
        &["rule", "--fen", CHASE_FEN, "--moves", moves, "--lang", "zh"],
        None,
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(
        table_row(&text, "3")[..5],
        ["3", "i5h7", "马一进二", "捉", "h10"],
        "{text}"
    );
    assert!(text.contains("红车(h1)捉黑车(h10)"), "{text}");
    assert!(text.contains("  马一进二 (i5h7): "), "{text}");
    assert!(text.contains("着法与格子按棋谱的写法以1–10行计"), "{text}");
    // The JSON keeps UCCI's ranks 0–9, as its contract says, and names
    // the record's.
    let out = xqarbiter(
        &["rule", "--fen", CHASE_FEN, "--moves", moves, "--json"],
        None,
    );
    let ruling: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let first = &ruling["repetition"]["red"]["moves"][0];
    assert_eq!(
        (&first["move"], &first["targets"][0]),
        (&"i4h6".into(), &"h9".into())
    );
    assert_eq!(ruling["forbidden_next"][0]["move"], "i4h6", "{ruling}");
    assert_eq!(ruling["record"]["ranks"], "1-10", "{ruling}");
    // A record in ranks 0–9 is shown and named in them.
    let moves = "h6i4 i9h9 i4h6 h9i9 h6i4 i9h9";
    let out = xqarbiter(&["rule", "--fen", CHASE_FEN, "--moves", moves], None);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.contains("  马一进二 (i4h6): ") && !text.contains("ranks 1–10"),
        "{text}"
    );
    assert!(text.contains("\n9 ＋ 車 ＋ ＋ 将 士 象 車 ＋\n"), "{text}");
    let out = xqarbiter(
        &["rule", "--fen", CHASE_FEN, "--moves", moves, "--json"],
        None,
    );
    let ruling: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(ruling["record"]["ranks"], "0-9", "{ruling}");
}

/// CXA 2020 diagram 29a, a cycle over points: its moves as Fairy-Stockfish
/// writes them, in ranks 1–10 (the red rook goes round i4, h4, g4, the
/// black rook round h10, i10, g10; UCCI's i3, h3, g3 and h9, i9, g9).
const POINTS_FEN: &str = "2bak2r1/4aP3/4b4/2r1C4/4P4/2B6/4R3R/B8/1p7/c3K4 w";
const POINTS_UCI_MOVES: &str = "i4h4 h10i10 h4i4 i10g10 i4g4 g10h10";

#[test]
fn a_cycle_over_points_of_a_ranks_1_to_10_record_names_its_points_in_them() {
    let args = ["rule", "--fen", POINTS_FEN, "--moves", POINTS_UCI_MOVES];
    let out = xqarbiter(&args, None);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let points = "the red rook goes round i4, h4, g4 and the black rook round h10, i10, g10 \
                  (a cycle over three points, repeating no position)";
    assert!(
        text.starts_with(&format!("Game continues — {points}: ")),
        "{text}"
    );
    assert!(
        text.contains(&format!("\nCycle over points: {points}; gone round once")),
        "{text}"
    );
    let out = xqarbiter(&[&args[..], &["--lang", "zh"]].concat(), None);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.contains("红车在 i4、h4、g4 三点、黑车在 h10、i10、g10 三点循环"),
        "{text}"
    );
    assert!(!text.contains("i3、h3"), "{text}");
    // Played on: the earlier repetitions name it in ranks 1–10 too, the
    // JSON in UCCI's 0–9.
    let moves = format!("{POINTS_UCI_MOVES} g4h4 h10i10 h4i4");
    let args = ["rule", "--fen", POINTS_FEN, "--moves", &moves];
    let out = xqarbiter(&args, None);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.contains("\n  After ply 6: Game continues — the red rook goes round i4, h4, g4 "),
        "{text}"
    );
    let out = xqarbiter(&[&args[..], &["--json"]].concat(), None);
    let ruling: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let earlier = ruling["earlier_repetitions"][0]["summary"]
        .as_str()
        .expect("a summary");
    assert!(
        earlier.contains("the red rook goes round i3, h3, g3 "),
        "{ruling}"
    );
}

#[test]
fn a_game_a_ranks_1_to_10_record_plays_on_after_is_told_in_them() {
    // Hu Ronghua's game #1212 of the corpus from ply 34 in ranks 1–10: two
    // passes over points end the game after ply 12; the record plays on.
    let fen = "3akab2/9/2c1b4/p3p3p/7n1/6R2/P1r1P3P/2N1B3C/9/2BAKA3 w - - 2 18";
    let moves = "g5g6 h6g4 g6g5 g4f2 g5g7 f2g4 g7g6 g4f2 g6g5 f2g4 g5g7 g4f2 e4e5";
    let args = ["rule", "--fen", fen, "--moves", moves, "--claim", "red"];
    let out = xqarbiter(&args, None);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let (text, err) = (
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
    );
    let points = "the red rook goes round g5, g6, g7 and the black horse round h6, g4, f2 ";
    assert!(
        text.starts_with(&format!(
            "By the rules the game ended after ply 12, when the pieces had gone round their \
             points 2 times: Red wins — {points}"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "Red's natural-limit draw claim: not valid: by the rules the game ended after ply 12 \
             (Red wins — {points}"
        )),
        "{text}"
    );
    assert!(err.contains(points), "{err}");
    // The JSON's claim note keeps UCCI's ranks 0–9.
    let out = xqarbiter(&[&args[..], &["--json"]].concat(), None);
    let ruling: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let note = ruling["claim"]["note"].as_str().expect("a note");
    assert!(
        note.contains("the red rook goes round g4, g5, g6 and the black horse round h5, g3, f1 "),
        "{note}"
    );
}

#[test]
fn a_ranks_1_to_10_file_is_ruled_in_them_too() {
    // Fairy-Stockfish's PGN: the table of its last moves in ranks 1–10.
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fairy_uci.pgn");
    let path = path.to_str().expect("path");
    let out = xqarbiter(&["rule", path, "--natures", "2", "--json"], None);
    let ruling: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let json_moves: Vec<String> = ruling["natures"]
        .as_array()
        .expect("natures")
        .iter()
        .map(|m| m["move"].as_str().expect("move").to_string())
        .collect();
    let out = xqarbiter(&["rule", path, "--natures", "2"], None);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let plies = ruling["plies"].as_u64().expect("plies");
    for (i, uci) in json_moves.iter().enumerate() {
        let ply = (plies - 1 + i as u64).to_string();
        let shown = &table_row(&text, &ply)[1];
        let mv: xqarbiter::board::Move = uci.parse().expect("move");
        let written = format!(
            "{}{}{}{}",
            &uci[..1],
            mv.from().rank().index() + 1,
            &uci[2..3],
            mv.to().rank().index() + 1
        );
        assert_eq!(shown, &written, "{text}");
    }
}
