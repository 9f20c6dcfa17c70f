//! A move text that two conventions read as two legal moves is read the
//! preferred way, unless that leaves a later move of the record unplayable
//! and the other reading lets the record go on: then the record is read
//! the other way, and `rule`, `convert` and `audit` say which and why.

use std::io::Write;
use std::process::{Command, Stdio};

/// Pawns doubled on file 6 and a cannon on file 6: `66.5` is the middle
/// pawn (d6e6) in official WXF, the cannon (d2e2) with keypad piece codes.
/// Only the cannon on file 5 lets `C5+1` be played at ply 3.
const FEN: &str = "4k4/9/3P5/3P1P3/3P1P3/9/9/3C5/9/5K3 w - - 0 1";

fn run(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn pgn(moves: &str) -> String {
    format!("[FEN \"{FEN}\"]\n\n{moves} *\n")
}

const WHY: &str = "'66.5' was read as 炮六平五 (d2e2), in official WXF with keypad piece codes \
                   (6 = cannon), because in official WXF, it is 四兵平五 (d6e6), after which ply 3 \
                   'C5+1' cannot be played";

#[test]
fn rule_reads_the_other_way_when_only_it_lets_the_record_go_on() {
    let record = pgn("1. 66.5 K5+1 2. C5+1");
    let (code, out, err) = run(&["rule", "-", "--lang", "en"], Some(&record));
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        err,
        format!("xqarbiter: note: ply 1: {WHY}; only so does the record go on\n")
    );
    assert!(
        out.contains("FEN: 9/4k4/3P5/3P1P3/3P1P3/9/4C4/9/9/5K3 b"),
        "{out}"
    );
    let (code, json, _) = run(&["rule", "-", "--json"], Some(&record));
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let other = &v["other_readings"][0];
    assert_eq!(
        (&other["ply"], &other["move"], &other["other"]),
        (&1.into(), &"d2e2".into(), &"d6e6".into())
    );
    assert_eq!(
        other["because"],
        serde_json::json!({ "ply": 3, "text": "C5+1" })
    );
    // The same moves typed with --fen and --moves.
    let (code, _, err) = run(
        &[
            "rule",
            "--fen",
            FEN,
            "--moves",
            "66.5 K5+1 C5+1",
            "--lang",
            "zh",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(
            "因为按WXF官方写法读作四兵平五（d6e6）则第3着“C5+1”无法走出；只有这样读，棋谱才能走下去"
        ),
        "{err}"
    );
    // A later move that neither reading lets be played: the record is
    // read the first way and stops there, as before.
    let (code, _, err) = run(
        &["rule", "-", "--lang", "en"],
        Some(&pgn("1. 66.5 K5+1 2. C9+1")),
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("illegal or unreadable move at ply 3, line 3, column 17: 'C9+1'")
            && err.contains("6-.5"),
        "{err}"
    );
    // The preferred reading that lets the record go on is kept.
    let (code, _, err) = run(
        &["rule", "-", "--lang", "en"],
        Some(&pgn("1. 66.5 K5+1 2. C6+1")),
    );
    assert_eq!(code, 0);
    assert!(
        err.contains("read as 四兵平五 (d6e6), in official WXF; in"),
        "{err}"
    );
}

#[test]
fn convert_and_audit_write_and_judge_the_record_read_the_other_way() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = dir.join("wxf.pgn");
    std::fs::write(&file, pgn("1. 66.5 K5+1 2. C5+1")).unwrap();
    let path = file.to_str().unwrap();
    let (code, out, err) = run(&["convert", path, "--to", "iccs"], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1. D2-E2 E9-E8\n2. E2-E3"), "{out}");
    assert_eq!(
        err,
        format!("xqarbiter: {path}, game #0, ply 1: {WHY}; written so\n")
    );
    let (code, out, err) = run(&["audit", path, "--jsonl"], None);
    assert_eq!(code, 0, "{err}");
    let row: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(row["plies"], 3);
    assert_eq!(row["error"], serde_json::Value::Null);
    assert_eq!(
        row["findings"],
        serde_json::json!([{ "kind": "ambiguous_notation", "ply": 1, "place": null, "detail": WHY,
            "detail_zh": "“66.5”按WXF官方写法（数字为键盘兵种代码，6为炮）读作炮六平五（d2e2），因为按WXF官方写法读作四兵平五（d6e6）则第3着“C5+1”无法走出" }])
    );
}

/// Red as in [`FEN`], Black the same mirrored (`66.5` is a pawn or the
/// cannon of file 6 for either side), a black horse on e4 between.
const BOTH_FEN: &str = "3k5/9/3P1c3/3P1P3/3P1P3/3pnp3/3p1p3/3C1p3/9/5K3 w - - 0 1";

#[test]
fn two_moves_are_read_the_other_way_together_when_only_both_let_the_record_go_on() {
    // C5+5 takes the black cannon over the horse: only when both `66.5`
    // were the cannons. Read from a PGN record and from --moves alike.
    let record = format!("[FEN \"{BOTH_FEN}\"]\n\n1. 66.5 66.5 2. C5+5 *\n");
    let from_file = run(&["rule", "-", "--lang", "en"], Some(&record));
    let typed = ["rule", "--fen", BOTH_FEN, "--moves", "66.5 66.5 C5+5"];
    let from_moves = run(&[&typed[..], &["--lang", "en"]].concat(), None);
    for (code, out, err) in [from_file, from_moves] {
        assert_eq!(code, 0, "{err}");
        assert!(
            err.contains(
                "ply 1: '66.5' was read as 炮六平五 (d2e2), in official WXF with keypad piece codes \
                 (6 = cannon), because in official WXF, it is 四兵平五 (d6e6), after which ply 3 \
                 'C5+5' cannot be played"
            ) && err.contains(
                "ply 2: '66.5' was read as 炮６平５ (f7e7), in official WXF with keypad piece codes \
                 (6 = cannon), because in official WXF, it is 四卒平５ (f3e3), after which ply 3 \
                 'C5+5' cannot be played"
            ),
            "{err}"
        );
        assert!(
            out.contains("FEN: 3k5/9/3PC4/3P1P3/3P1P3/3pnp3/3p1p3/5p3/9/5K3 b"),
            "{out}"
        );
    }
}
