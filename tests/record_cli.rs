//! `xqarbiter convert`: output, exit codes and messages; where `rule`,
//! `convert` and `audit` say a bad move was written.

mod cli_common;

use cli_common::run as xqarbiter;
use std::path::Path;
use std::process::Command;

/// Runs `xqarbiter convert` with `args`: its exit code, standard output and error.
fn convert(args: &[&str]) -> (i32, String, String) {
    let args: Vec<&str> = std::iter::once("convert")
        .chain(args.iter().copied())
        .collect();
    xqarbiter(&args)
}

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn converts_a_binary_record_to_pgn() {
    let (code, out, err) = convert(&[&fixture("encrypted.xqf"), "--to", "iccs"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("[Game \"Chinese Chess\"]\n"));
    assert!(out.contains("[Red \"红方甲\"]"));
    assert!(out.contains("[Format \"ICCS\"]"));
    assert!(out.contains("1. H2-E2 H9-G7"));
    assert!(out.trim_end().ends_with("0-1"));
    let (code, zh, _) = convert(&[&fixture("encrypted.xqf")]);
    assert_eq!(code, 0);
    assert!(
        zh.contains("[Format \"Chinese\"]") && zh.contains("1. 炮二平五 马８进７"),
        "{zh}"
    );
    let (_, wxf, _) = convert(&[&fixture("encrypted.xqf"), "--to", "wxf"]);
    assert!(
        wxf.contains("[Format \"WXF\"]") && wxf.contains("1. C2.5 H8+7"),
        "{wxf}"
    );
}

#[test]
fn writes_a_file_in_the_chosen_encoding() {
    let tmp = scratch("convert");
    let dir = tmp.path();
    let out = dir.join("out.pgn");
    let (code, _, err) = convert(&[
        &fixture("game.cbf"),
        "--out-encoding",
        "gbk",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&out).unwrap();
    let (text, _, bad) = encoding_rs::GBK.decode(&bytes);
    assert!(!bad && text.contains("红方甲"));
    assert!(std::str::from_utf8(&bytes).is_err());
    let (code, uci, _) = convert(&[out.to_str().unwrap(), "--to", "uci"]);
    assert_eq!(code, 0);
    assert!(uci.trim_end().ends_with("h2e2 h9g7 h0g2 i9i8"), "{uci}");
}

#[test]
fn unreadable_input_exits_2_with_a_message() {
    let (code, _, err) = convert(&["/nonexistent/game.xqf"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("/nonexistent/game.xqf: the file does not exist"),
        "{err}"
    );
    let (code, _, err) = convert(&["/nonexistent/game.xqf", "--lang", "zh"]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/game.xqf：文件不存在"), "{err}");
    // A game stopped by an illegal move is written in part, and said so:
    // exit 3, the output is partial.
    let (code, out, err) = convert(&[&fixture("games_iccs.pgn")]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("game #2, ply 3, line 30, column 17: 'h2e2' cannot be played")
            && err.contains("(written: the 2 moves before it, as unfinished, *)\n"),
        "{err}"
    );
    let third = &out[out.match_indices("[Game ").nth(2).unwrap().0..];
    assert!(
        third.contains("[Result \"*\"]") && third.trim_end().ends_with("*"),
        "{third}"
    );
    assert!(
        third.contains("{ply 3 'h2e2' cannot be played: "),
        "{third}"
    );
    let (code, _, err) = convert(&[&fixture("games_iccs.pgn"), "--lang", "zh"]);
    assert_eq!(code, 3);
    assert!(err.contains("（写出此前的2着，记为未完*）"), "{err}");
    assert!(
        err.contains("，对局#2第3着（第30行第17列）“h2e2”无法走出"),
        "{err}"
    );
    let (code, _, err) = convert(&[&fixture("game.cbf"), "--encoding", "klingon"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown encoding 'klingon'"), "{err}");
}

#[test]
fn converts_a_record_pasted_on_standard_input() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .args(["convert", "-", "--to", "iccs"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // Black's files in Chinese numerals, as some sites write them; a header line.
    let pasted = "红方：甲\n1. 炮二平五 马八进七\n2. 马二进三 车九平八\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(pasted.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("[Red \"甲\"]"), "{text}");
    assert!(text.contains("1. H2-E2 H9-G7\n2. H0-G2 I9-H9\n"), "{text}");
}

#[test]
fn uci_output_reads_back_as_the_same_games() {
    let tmp = scratch("uci");
    let dir = tmp.path();
    for (name, games) in [("encrypted.xqf", 1), ("game.ubb", 1), ("game_utf8.pgn", 1)] {
        let (code, uci, err) = convert(&[&fixture(name), "--to", "uci"]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(uci.lines().count(), games);
        assert!(uci.starts_with("position fen "), "{uci}");
        let written = dir.join(format!("{name}.txt"));
        std::fs::write(&written, &uci).unwrap();
        let (code, again, err) = convert(&[written.to_str().unwrap(), "--to", "uci"]);
        assert_eq!(code, 0, "{name}: {err}");
        assert_eq!(again, uci, "{name}");
    }
    // Several games, one line each, read back line by line.
    let two = dir.join("two.txt");
    let (_, a, _) = convert(&[&fixture("encrypted.xqf"), "--to", "uci"]);
    let (_, b, _) = convert(&[&fixture("game.ubb"), "--to", "uci"]);
    std::fs::write(&two, format!("{a}{b}")).unwrap();
    let (code, again, err) = convert(&[two.to_str().unwrap(), "--to", "uci"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(again, format!("{a}{b}"));
}

/// A fresh scratch folder for one test, removed when it is dropped, pass or fail.
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("xqarbiter-{name}-"))
        .tempdir()
        .unwrap()
}

#[test]
fn refuses_to_write_over_its_own_input() {
    let tmp = scratch("same-file");
    let dir = tmp.path();
    let file = dir.join("games.pgn");
    let text = "[Red \"甲\"]\n1. h2e2 h9g7 2. h0g2 *\n\n[Red \"乙\"]\n1. c3c4 *\n";
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    for lang in ["en", "zh"] {
        let (code, out, err) = convert(&[path, "-o", path, "--lang", lang]);
        assert_eq!(code, 2, "{err}");
        assert!(out.is_empty(), "{out}");
        assert!(err.contains("games.pgn"), "{err}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    }
    let (_, _, en) = convert(&[path, "-o", path]);
    assert!(en.contains("the input itself"), "{en}");
    // Also when the output is named another way.
    let other = dir.join(".").join("games.pgn");
    let (code, _, _) = convert(&[path, "-o", other.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
}

#[test]
fn an_output_in_a_missing_folder_is_named_in_the_language_asked_for() {
    let tmp = scratch("missing-folder");
    let dir = tmp.path();
    let out = dir.join("no-such-folder").join("out.pgn");
    let out = out.to_str().unwrap();
    let (code, _, err) = convert(&[&fixture("game.cbf"), "-o", out]);
    assert_eq!(code, 2);
    assert!(
        err.contains(out) && err.contains("cannot write") && err.contains("folder"),
        "{err}"
    );
    let (code, _, zh) = convert(&[&fixture("game.cbf"), "-o", out, "--lang", "zh"]);
    assert_eq!(code, 2);
    assert!(zh.contains(out) && zh.contains("文件夹"), "{zh}");
}

#[test]
fn characters_the_output_encoding_lacks_are_reported() {
    let tmp = scratch("unmappable");
    let dir = tmp.path();
    let file = dir.join("viet.pgn");
    std::fs::write(&file, "[Red \"Nguyễn\"]\n1. 炮二平五 马８进７ *\n").unwrap();
    let (code, out, err) = convert(&[file.to_str().unwrap(), "--out-encoding", "big5"]);
    assert_eq!(code, 2, "{err}");
    assert!(!out.is_empty());
    // The moves are written in traditional glyphs; the name's ễ has no
    // Big5 code, and the message says where it is.
    assert!(
        err.contains("game #0: Big5 has no code for 'ễ' in the Red tag: written as &#NNNN;"),
        "{err}"
    );
    let (_, _, zh) = convert(&[
        file.to_str().unwrap(),
        "--out-encoding",
        "big5",
        "--lang",
        "zh",
    ]);
    assert!(zh.contains("对局#0：Big5 编码写不出Red标签中的“ễ”"), "{zh}");
    // GBK (written as GB18030) has them all.
    let (code, _, err) = convert(&[file.to_str().unwrap(), "--out-encoding", "gbk"]);
    assert_eq!(code, 0, "{err}");
}

/// Big5 has no 马, 车, 帅, 将, 进: a record written in Big5 has their
/// traditional forms, which read back as the same moves; a name with no
/// Big5 form is named, tag by tag.
#[test]
fn big5_output_writes_traditional_glyphs_and_reads_back() {
    let tmp = scratch("big5-out");
    let dir = tmp.path();
    let file = dir.join("s.pgn");
    std::fs::write(
        &file,
        "[Event \"全国个人赛\"]\n[Red \"胡荣华\"]\n[Black \"杨官璘\"]\n[Result \"1-0\"]\n\
         1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 卒７进１ 4. 兵七进一 将５进１ 1-0\n",
    )
    .unwrap();
    let out = dir.join("s-big5.pgn");
    let (code, _, err) = convert(&[
        file.to_str().unwrap(),
        "--out-encoding",
        "big5",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.ends_with(
            "game #0: Big5 has no code for '华' in the Red tag, '杨' in the Black tag: written \
             as &#NNNN; references, which other programs show as they are (try --out-encoding \
             utf-8 or gbk)\n"
        ),
        "{err}"
    );
    let bytes = std::fs::read(&out).unwrap();
    let (text, _, bad) = encoding_rs::BIG5.decode(&bytes);
    assert!(!bad);
    assert!(text.contains("[Event \"全國個人賽\"]"), "{text}");
    assert!(
        text.contains(
            "1. 炮二平五 馬８進７\n2. 馬二進三 車９平８\n3. 車一平二 卒７進１\n4. 兵七進一 將５進１"
        ),
        "{text}"
    );
    assert!(!text[text.find("1. ").unwrap()..].contains("&#"), "{text}");
    // Read back (Big5 detected): the same moves.
    let (_, back, _) = convert(&[out.to_str().unwrap(), "--to", "uci"]);
    let (_, orig, _) = convert(&[file.to_str().unwrap(), "--to", "uci"]);
    assert_eq!(back, orig);
    // A record whose every character Big5 has (traditional forms included): exit 0.
    std::fs::write(
        &file,
        "[Event \"全国赛\"]\n1. 炮二平五 马８进７ 2. 车一进一 *\n",
    )
    .unwrap();
    let o = out.to_str().unwrap();
    let (code, _, err) = convert(&[file.to_str().unwrap(), "--out-encoding", "big5", "-o", o]);
    assert_eq!((code, err.as_str()), (0, ""));
    let bytes = std::fs::read(&out).unwrap();
    let (text, _, _) = encoding_rs::BIG5.decode(&bytes);
    assert!(text.contains("1. 炮二平五 馬８進７\n2. 車一進一"), "{text}");
}

#[test]
fn an_unknown_encoding_is_named_in_the_language_asked_for() {
    let (code, _, zh) = convert(&[
        &fixture("game.cbf"),
        "--out-encoding",
        "klingon",
        "--lang",
        "zh",
    ]);
    assert_eq!(code, 2);
    assert!(zh.contains("klingon") && zh.contains("编码"), "{zh}");
}

#[test]
fn an_output_encoding_that_would_be_written_as_utf8_is_refused() {
    let (code, out, err) = convert(&[&fixture("game.cbf"), "--out-encoding", "utf-16"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.is_empty() && err.contains("UTF-16LE"), "{err}");
}

#[test]
fn variations_left_out_are_said() {
    let tmp = scratch("variations");
    let dir = tmp.path();
    let file = dir.join("var.pgn");
    std::fs::write(&file, "1. h2e2 (1. c3c4 g6g5) h9g7 2. h0g2 *\n").unwrap();
    let path = file.to_str().unwrap();
    let (code, out, err) = convert(&[path, "--to", "iccs"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1. H2-E2 H9-G7\n2. H0-G2\n"), "{out}");
    assert!(
        err.contains("game #0") && err.contains("1 variation left out"),
        "{err}"
    );
    let (_, _, zh) = convert(&[path, "--lang", "zh"]);
    assert!(zh.contains("对局#0") && zh.contains("1个变着"), "{zh}");
}

#[test]
fn output_dash_is_standard_output() {
    let tmp = scratch("dash");
    let dir = tmp.path();
    let out = Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .current_dir(dir)
        .args(["convert", &fixture("game.cbf"), "--to", "iccs", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("[Format \"ICCS\"]"));
    assert!(!dir.join("-").exists());
}

#[test]
fn a_forced_encoding_the_text_is_not_in_is_said_to_look_wrong() {
    let tmp = scratch("wrong-encoding");
    let dir = tmp.path();
    let text = "[Event \"测试\"]\n1. 炮二平五 马８进７ *\n";
    let utf8 = dir.join("utf8.pgn");
    std::fs::write(&utf8, text).unwrap();
    let gbk = dir.join("gbk.pgn");
    std::fs::write(&gbk, encoding_rs::GBK.encode(text).0).unwrap();
    // Read so, the first move is no move: the game is written in part.
    let (code, _, err) = convert(&[utf8.to_str().unwrap(), "--encoding", "gbk"]);
    assert_eq!(code, 3);
    assert!(
        err.contains(
            "utf8.pgn: the encoding given (--encoding) looks wrong: the text is valid UTF-8, and \
             read as GBK (GB18030) its Chinese becomes other characters (娴嬭瘯); try --encoding \
             utf-8, or leave --encoding out"
        ),
        "{err}"
    );
    let (code, _, err) = convert(&[gbk.to_str().unwrap(), "--encoding", "utf-8", "--lang", "zh"]);
    assert_eq!(code, 3);
    assert!(
        err.contains(
            "gbk.pgn：指定的编码（--encoding）似乎不对：文本不是有效的UTF-8：偏移8处的字节（第1行）\
             不是UTF-8字符；按GBK (GB18030)读则无误：可改用 --encoding gbk，或不加 --encoding"
        ),
        "{err}"
    );
    // The right encoding: not a word.
    for (file, encoding) in [(&utf8, "utf-8"), (&gbk, "gbk")] {
        let (code, _, err) = convert(&[file.to_str().unwrap(), "--encoding", encoding]);
        assert_eq!((code, err.as_str()), (0, ""), "{encoding}");
    }
}

#[test]
fn a_move_two_conventions_read_as_two_moves_is_noted_when_converted() {
    let tmp = scratch("other-reading");
    let dir = tmp.path();
    let file = dir.join("wxf.pgn");
    std::fs::write(
        &file,
        "[FEN \"4k4/9/3P5/3P1P3/3P1P3/9/9/3C5/9/5K3 w - - 0 1\"]\n\n1. 66.5 *\n",
    )
    .unwrap();
    let (code, out, err) = convert(&[file.to_str().unwrap(), "--to", "iccs"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1. D6-E6"), "{out}");
    assert!(
        err.contains(
            "wxf.pgn, game #0, ply 1: '66.5' was read as 四兵平五 (d6e6), in official WXF; in \
             official WXF with keypad piece codes (6 = cannon), it is 炮六平五 (d2e2); written the first way"
        ),
        "{err}"
    );
}

/// `convert` writes every game of a damaged library, or of a record with
/// moves after its result, says why on standard error, and exits 3 (the
/// output is not surely whole), as for a game written in part.
#[test]
fn convert_exits_3_for_a_damaged_library_or_moves_after_the_result() {
    let intact = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/library.cbl"
    ))
    .unwrap();
    let tmp = scratch("damaged-fixture-cbl");
    let dir = tmp.path();
    let file = dir.join("lost.cbl");
    std::fs::write(&file, [&intact[..1000], &intact[1001..]].concat()).unwrap();
    let f = file.to_str().unwrap();
    let (code, out, err) = convert(&[f, "--to", "uci"]);
    assert_eq!(code, 3, "{err}");
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(
        err.contains("warning: the library's index is not where it belongs: 1 byte lost"),
        "{err}"
    );
    // The intact library is read whole: 0.
    let intact_file = dir.join("intact.cbl");
    std::fs::write(&intact_file, &intact).unwrap();
    let (code, _, err) = convert(&[intact_file.to_str().unwrap(), "--to", "uci"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let after = dir.join("after.pgn");
    std::fs::write(&after, "[Red \"甲\"]\n1. h2e2 h9g7 1-0 2. h0g2\n").unwrap();
    let (code, out, err) = convert(&[after.to_str().unwrap(), "--to", "iccs"]);
    assert_eq!(code, 3, "{err}");
    assert!(out.contains("1. H2-E2 H9-G7\n1-0\n"), "{out}");
    assert!(
        err.contains("warning: line 2, column 18: 1 move after the result 1-0 goes on"),
        "{err}"
    );
}

/// In a file of several games, a warning about one game (moves after its
/// result, a tag line that lost its `[`) names the game, in English and
/// Chinese; a warning about the file (a damaged library's) is said once,
/// for the file.
#[test]
fn convert_names_the_game_a_warning_is_about() {
    let tmp = scratch("warned-game");
    let dir = tmp.path();
    let file = dir.join("round.pgn");
    std::fs::write(
        &file,
        "[Red \"甲\"]\n1. h2e2 h9g7 1-0\n\nred \"乙\"]\n[Black \"丁\"]\n1. c3c4 *\n\n\
         [Red \"丙\"]\n1. h2e2 h9g7 1-0 2. h0g2\n",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let (code, _, err) = convert(&[f, "--to", "iccs"]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains(&format!(
            "xqarbiter: {f}, game #2: warning: line 9, column 18: 1 move after the result 1-0 goes on"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "xqarbiter: {f}, game #1: warning: line 4: 'red \"乙\"]' is a tag line that lost its '['"
        )),
        "{err}"
    );
    let (_, _, err) = convert(&[f, "--to", "iccs", "--lang", "zh"]);
    assert!(
        err.contains(&format!("xqarbiter: {f}，对局#2：警告：第9行第18列")),
        "{err}"
    );
    let intact = std::fs::read(fixture("library.cbl")).unwrap();
    let lost = dir.join("lost.cbl");
    std::fs::write(&lost, [&intact[..1000], &intact[1001..]].concat()).unwrap();
    let f = lost.to_str().unwrap();
    let (_, _, err) = convert(&[f, "--to", "uci"]);
    let said = format!("xqarbiter: {f}: warning: the library's index is not where it belongs");
    assert_eq!(err.matches(&said).count(), 1, "{err}");
    assert!(!err.contains("game #"), "{err}");
}

/// A copy of the corpus's 1989 library with a byte lost before its index:
/// `convert` and `rule` say how it was read on standard error (once), and
/// `audit --jsonl` puts it on every row. Skipped without XQARBITER_CORPUS.
#[test]
fn a_damaged_library_is_said_to_be_so_by_convert_rule_and_audit() {
    let Some(root) = std::env::var_os("XQARBITER_CORPUS") else {
        eprintln!("note: XQARBITER_CORPUS is not set; skipped");
        return;
    };
    let intact =
        std::fs::read(Path::new(&root).join("formats/1989年龙化杯象棋名师邀请赛35局.CBL")).unwrap();
    let tmp = scratch("damaged-cbl");
    let dir = tmp.path();
    let file = dir.join("lost.cbl");
    std::fs::write(&file, [&intact[..1000], &intact[1001..]].concat()).unwrap();
    let f = file.to_str().unwrap();
    let warning = "the library's index is not where it belongs: 1 byte lost before it (the \
                   file is damaged); it was found 1 byte earlier and its games read by it";
    let (code, out, err) = convert(&[f, "--to", "uci"]);
    // Every game written, but from a damaged file: the output is not surely whole.
    assert_eq!(code, 3, "{err}");
    assert_eq!(out.lines().count(), 35);
    assert_eq!(err.matches(warning).count(), 1, "{err}");
    assert!(
        err.contains(&format!("xqarbiter: {f}: warning: {warning}")),
        "{err}"
    );
    let rule = Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .args(["rule", f, "--lang", "en"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&rule.stderr);
    assert!(
        err.contains(&format!("xqarbiter: {f}: warning: {warning}")),
        "{err}"
    );
    let audit = Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .args(["audit", f, "--jsonl"])
        .output()
        .unwrap();
    let rows = String::from_utf8_lossy(&audit.stdout);
    assert_eq!(rows.lines().count(), 35);
    for row in rows.lines() {
        let v: serde_json::Value = serde_json::from_str(row).unwrap();
        assert_eq!(v["warnings"][0]["detail"], warning, "{row}");
    }
}

/// A result given in words is written as PGN readers expect it: the
/// `Termination` tag holds a standard value (`time forfeit`) or nothing
/// (a resignation), the words go to the last comment, and the PGN read
/// back converts to the same text.
#[test]
fn a_result_in_words_is_written_with_a_standard_termination() {
    let tmp = scratch("words");
    let dir = tmp.path();
    for (record, tag) in [
        (
            "炮二平五 马８进７ Black wins on time\n",
            Some("time forfeit"),
        ),
        ("炮二平五 马８进７ 红方认负\n", None),
    ] {
        let input = dir.join(format!("{}.txt", record.len()));
        std::fs::write(&input, record).unwrap();
        let (code, once, err) = convert(&[input.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let termination: Vec<&str> = once
            .lines()
            .filter_map(|l| l.strip_prefix("[Termination \""))
            .collect();
        match tag {
            Some(t) => assert_eq!(termination, [format!("{t}\"]")], "{once}"),
            None => assert!(termination.is_empty(), "{once}"),
        }
        let words = record
            .split_whitespace()
            .skip(2)
            .collect::<Vec<_>>()
            .join(" ");
        assert!(once.contains(&format!("{{{words}}}")), "{once}");
        let written = dir.join(format!("{}.pgn", record.len()));
        std::fs::write(&written, &once).unwrap();
        let (code, again, err) = convert(&[written.to_str().unwrap()]);
        assert_eq!((code, again.as_str()), (0, once.as_str()), "{err}");
    }
}

/// A last comment led by an English result phrase that only says when
/// after it is the game's termination; one whose words after the phrase
/// may undo it is a note.
#[test]
fn a_last_comment_led_by_a_result_phrase_is_the_termination() {
    let tmp = scratch("led");
    let dir = tmp.path();
    for (comment, tag) in [
        ("Red lost on time after 40 moves", true),
        ("Red lost on time. Black was lucky", true),
        ("Red lost on time too early, I think?", false),
    ] {
        let input = dir.join(format!("{}.pgn", comment.len()));
        let pgn =
            format!("[Game \"Chinese Chess\"]\n[Result \"0-1\"]\n1. h2e2 h9g7 {{{comment}}} 0-1\n");
        std::fs::write(&input, pgn).unwrap();
        let (code, out, err) = convert(&[input.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.contains("[Termination \"time forfeit\"]"), tag, "{out}");
        assert!(out.contains(&format!("{{{comment}}}")), "{out}");
    }
}

#[test]
fn a_bad_move_is_named_at_its_line_and_column_by_rule_convert_and_audit() {
    let tmp = scratch("placed");
    let dir = tmp.path();
    let pgn = dir.join("bad.pgn");
    std::fs::write(
        &pgn,
        "[Event \"x\"]\n[Result \"*\"]\n\n1. h2e2 h9g7\n2. h0g2 i9i9 *\n",
    )
    .unwrap();
    let path = pgn.to_str().unwrap();
    let (code, _, err) = xqarbiter(&["rule", path]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with(&format!(
            "xqarbiter: {path}: illegal or unreadable move at ply 4, line 5, column 9: 'i9i9': "
        )),
        "{err}"
    );
    let (_, _, err) = xqarbiter(&["rule", path, "--lang", "zh"]);
    assert!(
        err.starts_with(&format!(
            "xqarbiter: {path}：第4着（第5行第9列）“i9i9”无法走出："
        )),
        "{err}"
    );
    let (_, _, err) = xqarbiter(&["convert", path, "-o", "-"]);
    assert!(
        err.contains("game #0, ply 4, line 5, column 9: 'i9i9' cannot be played"),
        "{err}"
    );
    let (code, out, err) = xqarbiter(&["audit", path, "--jsonl"]);
    assert_eq!(code, 0, "{err}");
    let row: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let finding = &row["findings"][0];
    assert_eq!(finding["kind"], "illegal_move");
    assert_eq!(finding["ply"], 4);
    assert_eq!(
        finding["place"],
        serde_json::json!({ "line": 5, "column": 9 })
    );
    assert!(
        finding["detail"]
            .as_str()
            .unwrap()
            .starts_with("'i9i9' at line 5, column 9 is not legal: "),
        "{finding}"
    );
    assert!(
        finding["detail_zh"]
            .as_str()
            .unwrap()
            .starts_with("第5行第9列的“i9i9”无法走出："),
        "{finding}"
    );
}

#[test]
fn an_xboard_pgn_names_red_by_its_white_tag_in_rule_audit_and_convert() {
    let pgn = fixture("xboard_san.pgn");
    let white = "Fairy-Stockfish 11.1 LB 64 (UXI2WB)";
    let black = "xqarbiter 0.1.0 bridge for Fairy-Stockfish 11.1 LB 64 (UXI2WB)";
    let (code, out, err) = xqarbiter(&["rule", &pgn, "--lang", "en"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("Record: {white} (red) v {black} (black);")),
        "{out}"
    );
    let (_, out, _) = xqarbiter(&["rule", &pgn, "--json"]);
    let ruling: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(ruling["record"]["red"], white, "{ruling}");
    let (_, out, _) = xqarbiter(&["audit", &pgn, "--jsonl"]);
    let row: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!((&row["red"], &row["black"]), (&white.into(), &black.into()));
    let (_, out, _) = xqarbiter(&["audit", &pgn]);
    assert!(out.contains(&format!("#0  {white} – {black} (")), "{out}");
    let (code, out, err) = convert(&[&pgn, "--to", "iccs"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("[Red \"{white}\"]\n[Black \"{black}\"]")),
        "{out}"
    );
}
