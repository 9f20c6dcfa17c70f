//! `xqarbiter audit` over a folder mixing good files, a corrupt file, an empty
//! file, an illegal move, a forbidden repetition and unscored or misscored mates.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

const PERPETUAL_CHECK: &str = "[Game \"Chinese Chess\"]\n[Event \"Test Cup\"]\n[Red \"甲\"]\n[Black \"乙\"]\n[Date \"2024.05.01\"]\n[Result \"1-0\"]\n[FEN \"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1\"]\n\n1. 车四平五 将5平6 2. 车五平四 将6平5 3. 车四平五 将5平6 4. 车五平四 将6平5 1-0\n";
const QUIET_DRAW: &str = "[Game \"Chinese Chess\"]\n[Red \"丙\"]\n[Black \"丁\"]\n[Result \"1/2-1/2\"]\n\n1. 炮二平五 马8进7 2. 马二进三 车9平8 1/2-1/2\n";
const ILLEGAL: &str =
    "[Game \"Chinese Chess\"]\n[Result \"0-1\"]\n\n1. 炮二平五 马8进7 2. 马二进四 车9平8 0-1\n";
const MATE_FEN: &str = "4k4/9/9/9/5R3/9/9/R8/9/3K5 w - - 0 1";

fn mate(result: &str) -> String {
    format!(
        "[Game \"Chinese Chess\"]\n[Result \"{result}\"]\n[FEN \"{MATE_FEN}\"]\n\n1. 车九平五 {result}\n"
    )
}

/// A fresh folder of test files; `name` keeps tests running in parallel apart.
fn folder(name: &str) -> tempfile::TempDir {
    let tmp = tempfile::Builder::new()
        .prefix(&format!("xqarbiter-audit-{name}-"))
        .tempdir()
        .expect("temp dir");
    let dir = tmp.path();
    fs::create_dir_all(dir.join("sub")).expect("temp dir");
    fs::write(dir.join("corrupt.xqf"), b"XQ\x0a\xff\x00garbage").expect("write");
    fs::write(dir.join("empty.pgn"), b"").expect("write");
    fs::write(
        dir.join("good.pgn"),
        format!("{PERPETUAL_CHECK}\n{QUIET_DRAW}"),
    )
    .expect("write");
    fs::write(dir.join("illegal.pgn"), ILLEGAL).expect("write");
    fs::write(dir.join("notes.md"), "not a record").expect("write");
    // A record saved under a name that shows no format: found by its content.
    fs::write(
        dir.join("sub/第1局"),
        "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]",
    )
    .expect("write");
    fs::write(
        dir.join("sub/mate.pgn"),
        format!("{}\n{}", mate("*"), mate("1/2-1/2")),
    )
    .expect("write");
    tmp
}

fn audit(dir: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .arg("audit")
        .arg(dir)
        .args(extra)
        .output()
        .expect("the binary runs")
}

fn rows(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is a JSON object"))
        .collect()
}

fn kinds(row: &Value) -> Vec<&str> {
    row["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter_map(|f| f["kind"].as_str())
        .collect()
}

#[test]
fn every_game_and_every_bad_file_yields_one_row_in_order() {
    let tmp = folder("rows");
    let dir = tmp.path();
    let out = audit(dir, &["--jsonl", "--threads", "2"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = rows(&out);
    let names: Vec<(String, u64)> = rows
        .iter()
        .map(|r| {
            let file = r["file"].as_str().expect("file");
            let rel = Path::new(file).strip_prefix(dir).expect("under the folder");
            (
                rel.display().to_string(),
                r["index"].as_u64().expect("index"),
            )
        })
        .collect();
    let expected = [
        ("corrupt.xqf", 0),
        ("empty.pgn", 0),
        ("good.pgn", 0),
        ("good.pgn", 1),
        ("illegal.pgn", 0),
        ("sub/mate.pgn", 0),
        ("sub/mate.pgn", 1),
        ("sub/第1局", 0),
    ];
    assert_eq!(names, expected.map(|(f, i)| (f.to_string(), i)));

    // The corrupt and the empty files: an error, nothing else.
    for row in &rows[..2] {
        assert!(row["error"].is_string(), "{row}");
        assert_eq!(row["plies"], 0);
        assert!(kinds(row).is_empty());
    }
    // An empty file says so, not that no game was found in it.
    assert_eq!(rows[1]["error"], "the file is empty (0 bytes)");
    assert_eq!(rows[1]["error_zh"], "文件是空的（0字节）");
    // Perpetual check recorded as a Red win: forbidden repetition, result mismatch.
    let pc = &rows[2];
    assert_eq!(
        (
            pc["event"].as_str(),
            pc["red"].as_str(),
            pc["black"].as_str()
        ),
        (Some("Test Cup"), Some("甲"), Some("乙"))
    );
    assert_eq!(pc["date"], "2024.05.01");
    assert_eq!(pc["plies"], 8);
    assert_eq!(pc["recorded_result"], "red_wins");
    assert_eq!(pc["ruled_result"], "black_wins");
    assert_eq!(kinds(pc), ["forbidden_repetition", "result_mismatch"]);
    assert_eq!(pc["findings"][0]["ply"], 8);
    assert!(
        pc["findings"][0]["detail"]
            .as_str()
            .is_some_and(|d| d.contains("red") && d.contains("长将")),
        "{pc}"
    );
    // A quiet agreed draw: nothing to say under cxa2020.
    let quiet = &rows[3];
    assert_eq!(
        (quiet["plies"].as_u64(), quiet["ruled_result"].as_str()),
        (Some(4), Some("ongoing"))
    );
    assert!(kinds(quiet).is_empty() && quiet["error"].is_null());
    // The illegal move: two legal plies kept, the third reported with its text.
    let bad = &rows[4];
    assert_eq!(bad["plies"], 2);
    assert_eq!(kinds(bad), ["illegal_move"]);
    assert_eq!(bad["findings"][0]["ply"], 3);
    assert!(
        bad["findings"][0]["detail"]
            .as_str()
            .is_some_and(|d| d.contains("马二进四"))
    );
    // Mate with no result recorded, then mate recorded as a draw.
    assert_eq!(rows[5]["ruled_result"], "red_wins");
    assert_eq!(kinds(&rows[5]), ["checkmate"]);
    assert_eq!(kinds(&rows[6]), ["result_mismatch"]);

    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(summary.contains("6 games read, 2 unreadable"), "{summary}");
    // Those whose result could not be checked are counted: the organiser
    // knows the rest were.
    assert!(
        summary.contains(
            "\n2 games give no result: whether their results follow the rules was not checked\n"
        ),
        "{summary}"
    );
    // The summary is for people: the kinds in words.
    for kind in [
        "Forbidden repetition",
        "Result mismatch",
        "Illegal move",
        "Checkmate",
    ] {
        assert!(summary.contains(kind), "{summary}");
    }
    // It ends with the games to look at first: the results the rules
    // contradict, the unreadable, the illegal moves.
    let first = summary
        .split_once("To look at first:\n")
        .map_or("", |(_, first)| first);
    let labels: Vec<&str> = first
        .lines()
        .filter_map(|l| l.trim_start().split("  ").next())
        .filter(|label| !label.contains('#'))
        .collect();
    assert_eq!(
        labels,
        ["Result mismatch", "Unreadable", "Illegal move"],
        "{summary}"
    );
    assert!(first.contains("#0, ply 3\n"), "{summary}");
    assert!(
        rows[6]["findings"][0]["detail"]
            .as_str()
            .is_some_and(|d| d.starts_with(
                "the record gives 1/2-1/2 (draw), but the rules give 1-0 (Red wins): by the rules the game ended at ply"
            )),
        "{}",
        rows[6]
    );
}

#[test]
fn output_does_not_depend_on_the_thread_count() {
    let tmp = folder("threads");
    let dir = tmp.path();
    let one = audit(dir, &["--jsonl", "--threads", "1"]);
    let four = audit(dir, &["--jsonl", "--threads", "4"]);
    assert_eq!(one.stdout, four.stdout);
}

#[test]
fn csv_text_and_only_findings() {
    let tmp = folder("formats");
    let dir = tmp.path();
    let csv = audit(dir, &["--csv"]);
    let csv = String::from_utf8(csv.stdout).expect("utf-8");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "file,index,event,red,black,date,plies,recorded_result,ruled_result,findings,error,warnings,\
         result_words,findings_words"
    );
    assert_eq!(lines.len(), 9);
    assert!(lines[3].contains(",Test Cup,甲,乙,2024.05.01,8,red_wins,black_wins,\"forbidden_repetition@8: red repeats "), "{}", lines[3]);
    // The same in words, after the contract's columns.
    assert!(
        lines[3].contains(
            ",\"RESULT MISMATCH: recorded 1-0 (Red wins), but the rules give 0-1 (Black wins)\",\"Forbidden repetition at ply 8: red repeats "
        ),
        "{}",
        lines[3]
    );

    let text = audit(dir, &[]);
    let text = String::from_utf8(text.stdout).expect("utf-8");
    assert!(
        text.contains(
            "good.pgn#0  甲 – 乙 (Test Cup, 2024.05.01)  8 plies  RESULT MISMATCH: recorded 1-0 (Red wins), but the rules give 0-1 (Black wins)\n"
        ),
        "{text}"
    );
    assert!(text.contains("UNREADABLE"));
    assert!(
        text.contains("6 games read, 2 unreadable"),
        "the summary ends the table: {text}"
    );
    // The file not read is named, with why.
    assert!(
        text.contains(&format!(
            "1 path not read:\n  {} (not a game record)\n",
            dir.join("notes.md").display()
        )),
        "{text}"
    );

    assert!(
        text.contains("    Forbidden repetition at ply 8: red repeats perpetual check"),
        "{text}"
    );

    // In Chinese: the words, not the contract's kind and result names.
    let zh = audit(dir, &["--lang", "zh"]);
    let zh = String::from_utf8(zh.stdout).expect("utf-8");
    assert!(
        zh.contains(
            "good.pgn#0  甲 – 乙（Test Cup，2024.05.01）  8着  结果不符：记录红胜，按规则应为黑胜\n"
        ),
        "{zh}"
    );
    assert!(
        zh.contains("    禁止着法循环（第8着）：红方重复长将：黑胜——任何情况下均不允许单方面长将"),
        "{zh}"
    );
    assert!(
        zh.contains("违例着法（第3着）：第4行第17列的“马二进四”无法走出：第二路的红方马不能这样走"),
        "{zh}"
    );
    assert!(zh.contains("读取6局，无法读取2个"), "{zh}");
    assert!(zh.contains("（不是棋谱）"), "{zh}");

    let only = audit(dir, &["--jsonl", "--only-findings"]);
    let only = rows(&only);
    assert_eq!(
        only.len(),
        6,
        "all but the quiet draw and the one-move game"
    );
    assert!(
        only.iter()
            .all(|r| r["error"].is_string() || !kinds(r).is_empty())
    );
}

#[test]
fn a_missing_path_is_a_row_and_a_bad_profile_exits_2() {
    let out = audit(Path::new("/nonexistent/games"), &["--jsonl"]);
    // No game read at all: a row says why, and the exit status says so too.
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no game could be read"));
    let rows = rows(&out);
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (rows[0]["index"].as_u64(), rows[0]["error"].is_string()),
        (Some(0), true)
    );
    assert_eq!(rows[0]["error_zh"], "文件不存在");
    let out = audit(Path::new("/nonexistent/games"), &["--lang", "zh"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("/nonexistent/games#0  无法读取：文件不存在"),
        "{text}"
    );
    let out = audit(
        Path::new("/nonexistent/games"),
        &["--profile", "no-such-profile"],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown profile 'no-such-profile'"), "{err}");
    let out = audit(
        Path::new("/nonexistent/games"),
        &["--profile", "no-such-profile", "--lang", "zh"],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("没有名为“no-such-profile”的赛事规程"), "{err}");
}

#[test]
fn a_folder_with_no_game_record_says_so_rather_than_that_games_were_unreadable() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path();
    fs::create_dir_all(dir.join("empty")).expect("temp dir");
    fs::create_dir_all(dir.join("notes")).expect("temp dir");
    fs::write(dir.join("notes/readme.md"), "not a record").expect("write");
    let out = audit(&dir.join("empty"), &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no game record found: the paths given hold no files"),
        "{err}"
    );
    // No rows: no blank line to part them from the summary.
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("0 games read"), "{text:?}");
    let out = audit(&dir.join("notes"), &["--lang", "zh"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("没有找到棋谱：所给路径中的文件都不是棋谱"),
        "{err}"
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("notes/readme.md（不是棋谱）"), "{text}");
}

#[test]
fn a_dash_reads_the_games_from_standard_input() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .args(["audit", "-", "--jsonl"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let text = format!("{}\n{}", mate("*"), mate("1-0"));
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(text.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("the audit ends");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let rows = rows(&out);
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[1]["file"], "-");
    assert_eq!(rows[1]["index"], 1);
    assert!(rows.iter().all(|r| r["error"].is_null()), "{rows:?}");
}

/// An XQStudio 1.0 file of the initial position with `red` playing Red, a
/// Red win, and the move records (from, to, tag byte, comment), squares
/// numbered `file * 10 + rank`.
fn xqf(red: &str, records: &[(u8, u8, u8, &str)]) -> Vec<u8> {
    let mut h = vec![0u8; 0x400];
    h[..3].copy_from_slice(b"XQ\x0a");
    let start: [u8; 32] = [
        0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83, 9, 19, 29, 39, 49, 59, 69,
        79, 89, 17, 77, 6, 26, 46, 66, 86,
    ];
    h[0x10..0x30].copy_from_slice(&start);
    h[0x33] = 1;
    h[0x130] = red.len() as u8;
    h[0x131..0x131 + red.len()].copy_from_slice(red.as_bytes());
    for &(from, to, tag, comment) in records {
        h.extend_from_slice(&[from + 0x18, to + 0x20, tag, 0]);
        h.extend_from_slice(&(comment.len() as u32).to_le_bytes());
        h.extend_from_slice(comment.as_bytes());
    }
    h
}

#[test]
fn a_file_cut_short_keeps_the_header_and_moves_read_before_the_cut() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path();
    // h2e2, h9g7, then a record whose comment the end of the file cuts off.
    let mut bytes = xqf(
        "Hu",
        &[
            (0, 0, 0xF0, ""),
            (72, 42, 0xF0, ""),
            (79, 67, 0xF0, ""),
            (70, 62, 0, "a comment"),
        ],
    );
    bytes.truncate(bytes.len() - 4);
    fs::write(dir.join("cut.xqf"), bytes).expect("write");
    let out = audit(dir, &["--jsonl"]);
    let rows = rows(&out);
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert!(
        row["error"]
            .as_str()
            .is_some_and(|e| e.contains("cut short")),
        "{row}"
    );
    assert_eq!(
        (&row["red"], &row["recorded_result"], &row["plies"]),
        (&"Hu".into(), &"red_wins".into(), &2.into())
    );
    let out = audit(dir, &[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("  read before the damage:  Hu – ?  2 plies  recorded 1-0 (Red wins); not ruled, as the record breaks off\n"),
        "{text}"
    );
    // The cut hides when the game ended: no early resignation on 2 plies.
    let out = audit(dir, &["--jsonl", "--profile", "hengfang2024-slow"]);
    let heng = self::rows(&out);
    assert_eq!(kinds(&heng[0]), Vec::<&str>::new(), "{}", heng[0]);
}

#[test]
fn a_first_move_of_the_side_not_to_move_points_at_the_fen_in_every_format() {
    // Red's first move from a FEN tag that gives Black the move.
    let tmp = tempfile::Builder::new()
        .prefix("xqarbiter-audit-side-")
        .tempdir()
        .expect("temp dir");
    let wrong_side = PERPETUAL_CHECK.replace(" w - - 0 1", " b - - 0 1");
    fs::write(tmp.path().join("side.pgn"), wrong_side).expect("write");
    let hint = "The start position has black to move ('b' in its FEN), and this is red's first move: if red moves first, the FEN should say 'w'";
    let out = audit(tmp.path(), &["--jsonl"]);
    let rows = rows(&out);
    assert_eq!(kinds(&rows[0]), ["illegal_move"], "{rows:?}");
    let finding = &rows[0]["findings"][0];
    let detail = finding["detail"].as_str().expect("detail");
    assert!(detail.ends_with(&format!(". {hint}")), "{detail}");
    let detail_zh = finding["detail_zh"].as_str().expect("detail_zh");
    assert!(
        detail_zh.ends_with(
            "。开局局面是黑方走棋（FEN 中为“b”），而这是红方的着法：如果红方先走，FEN 应为“w”"
        ),
        "{detail_zh}"
    );
    // The text report (the default) and CSV.
    for format in [&[][..], &["--csv"]] {
        let out = audit(tmp.path(), format);
        let shown = String::from_utf8(out.stdout).expect("utf-8");
        assert!(shown.contains(hint), "{format:?}: {shown}");
    }
    // A later move of the wrong side is a move missing or extra: no hint.
    fs::write(tmp.path().join("side.pgn"), ILLEGAL).expect("write");
    let out = audit(tmp.path(), &["--jsonl"]);
    let shown = String::from_utf8(out.stdout).expect("utf-8");
    assert!(!shown.contains("FEN should"), "{shown}");
}

/// Hu Ronghua's game #1212 of the corpus from ply 34, its moves as
/// Fairy-Stockfish writes them (ranks 1–10): the red rook goes round g5,
/// g6, g7 and the black horse round h6, g4, f2 (UCCI's g4, g5, g6 and h5,
/// g3, f1) twice, which ends the game; the players play on one ply.
const POINTS_IN_RANKS_FROM_ONE: &str = "[Event \"t\"]\n[FEN \"3akab2/9/2c1b4/p3p3p/7n1/6R2/P1r1P3P/2N1B3C/9/2BAKA3 w - - 2 18\"]\n[Result \"1-0\"]\n\ng5g6 h6g4 g6g5 g4f2 g5g7 f2g4 g7g6 g4f2 g6g5 f2g4 g5g7 g4f2 e4e5 1-0\n";

#[test]
fn a_ranks_1_to_10_records_findings_name_its_squares_in_them() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let path = tmp.path().join("points.pgn");
    fs::write(&path, POINTS_IN_RANKS_FROM_ONE).expect("write");
    let text = String::from_utf8(audit(&path, &[]).stdout).expect("utf-8");
    assert!(
        text.contains(
            "Red wins — the red rook goes round g5, g6, g7 and the black horse round h6, g4, f2 "
        ),
        "{text}"
    );
    let jsonl = String::from_utf8(audit(&path, &["--jsonl"]).stdout).expect("utf-8");
    let row: Value = serde_json::from_str(jsonl.lines().next().expect("a row")).expect("JSON");
    let finding = &row["findings"][0];
    assert_eq!(finding["kind"], "forbidden_repetition", "{row}");
    assert!(
        finding["detail_zh"]
            .as_str()
            .expect("words")
            .contains("红车在 g5、g6、g7 三点、黑马在 h6、g4、f2 三点循环"),
        "{row}"
    );
    let csv = String::from_utf8(audit(&path, &["--csv"]).stdout).expect("utf-8");
    assert!(csv.contains("the black horse round h6, g4, f2 "), "{csv}");
}
