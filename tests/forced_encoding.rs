//! `--encoding` in `rule` and `audit` as in `convert`: a file whose encoding
//! is guessed wrong is read as told, and a file whose text is plainly in
//! another encoding is named on standard error; XQF header strings and
//! comments honour it too, in a whole file and in one cut short.

mod cli_common;

use cli_common::run;
use std::path::{Path, PathBuf};

/// A fresh scratch folder for one test, removed when it is dropped, pass or fail.
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("xqarbiter-forced-encoding-{name}-"))
        .tempdir()
        .unwrap()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A Big5 record with nothing but names in Chinese: no xiangqi character
/// tells Big5 from GBK, so the guess is GBK and the names come out garbled.
fn big5_names() -> Vec<u8> {
    let text =
        "[Game \"Chinese Chess\"]\n[Red \"許銀川\"]\n[Black \"呂欽\"]\n1. h2e2 h9g7 2. h0g2 *\n";
    let (bytes, _, bad) = encoding_rs::BIG5.encode(text);
    assert!(!bad);
    bytes.into_owned()
}

#[test]
fn rule_reads_a_file_in_the_encoding_given() {
    let tmp = scratch("rule");
    let dir = tmp.path();
    let file = dir.join("tw.pgn");
    std::fs::write(&file, big5_names()).unwrap();
    let (code, out, _) = run(&["rule", path(&file), "--lang", "en"]);
    assert_eq!(code, 0);
    assert!(!out.contains("許銀川"), "{out}");
    let (code, out, err) = run(&["rule", path(&file), "--lang", "en", "--encoding", "big5"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.contains("Record: 許銀川 (red) v 呂欽 (black)"), "{out}");
    let (code, json, _) = run(&[
        "rule",
        "--lang",
        "zh",
        path(&file),
        "--json",
        "--encoding",
        "big5",
    ]);
    assert_eq!(code, 0);
    assert!(json.contains("\"red\": \"許銀川\""), "{json}");
    // Plainly not UTF-8: said, and that it reads cleanly as both GBK and
    // Big5 (nothing in two names tells them apart), rather than name GBK,
    // which is wrong here.
    let (_, _, err) = run(&["rule", path(&file), "--lang", "en", "--encoding", "utf-8"]);
    assert!(
        err.contains(
            "tw.pgn: the encoding given (--encoding) looks wrong: the text is not valid UTF-8: \
             the byte at offset 29 (line 2) is no character in it; it reads cleanly both as GBK \
             (GB18030) and as Big5, and nothing in it tells which (names alone do not): try \
             --encoding gbk or --encoding big5 and look at the names"
        ),
        "{err}"
    );
    // A bare move list given with --fen is decoded as told too.
    let (gbk, _, _) = encoding_rs::GBK.encode("炮二平五 马８进７\n");
    let moves = dir.join("moves.txt");
    std::fs::write(&moves, &gbk).unwrap();
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    let (code, _, err) = run(&[
        "rule",
        "--lang",
        "zh",
        path(&moves),
        "--fen",
        fen,
        "--encoding",
        "gbk",
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    let (code, _, err) = run(&[
        "rule",
        "--lang",
        "zh",
        path(&moves),
        "--fen",
        fen,
        "--encoding",
        "big5",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("（--encoding）似乎不对"), "{err}");
    // Not with --moves, whose text is no file; an unknown name is refused.
    let (code, _, err) = run(&[
        "rule",
        "--lang",
        "zh",
        "--moves",
        "h2e2",
        "--encoding",
        "gbk",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("不能与 --encoding <ENCODING> 同时使用"),
        "{err}"
    );
    let (code, _, err) = run(&["rule", path(&file), "--encoding", "klingon", "--lang", "zh"]);
    assert_eq!(code, 2);
    assert!(err.contains("未知的编码“klingon”"), "{err}");
}

/// `xqf` with its header string at `off` (a length byte, then up to `cap`
/// bytes) replaced by `bytes`.
fn with_string(xqf: &[u8], off: usize, bytes: &[u8]) -> Vec<u8> {
    let mut out = xqf.to_vec();
    out[off] = bytes.len() as u8;
    out[off + 1..off + 1 + bytes.len()].copy_from_slice(bytes);
    out
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name),
    )
    .unwrap()
}

/// The fixture `encrypted.xqf` with its header strings in Big5 (they are
/// not encrypted).
fn big5_xqf() -> Vec<u8> {
    let mut xqf = fixture("encrypted.xqf");
    for (off, text) in [
        (0x50, "測試對局"),
        (0xD0, "象棋賽"),
        (0x130, "許銀川"),
        (0x140, "呂欽"),
    ] {
        let (big5, _, bad) = encoding_rs::BIG5.encode(text);
        assert!(!bad);
        xqf = with_string(&xqf, off, &big5);
    }
    xqf
}

#[test]
fn audit_reads_every_file_in_the_encoding_given_and_names_those_plainly_in_another() {
    let tmp = scratch("audit");
    let dir = tmp.path();
    std::fs::write(dir.join("a-tw.pgn"), big5_names()).unwrap();
    let (gbk, _, _) = encoding_rs::GBK.encode("[Red \"胡荣华\"]\n1. 炮二平五 马８进７ *\n");
    std::fs::write(dir.join("b-gbk.pgn"), &gbk).unwrap();
    // An XQF file whose Red name is in Big5 (its strings are not encrypted).
    std::fs::write(dir.join("c-tw.xqf"), big5_xqf()).unwrap();
    let (code, out, err) = run(&["audit", path(dir), "--jsonl", "--encoding", "big5"]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 3, "{out}");
    assert!(
        rows[0].contains("\"red\":\"許銀川\",\"black\":\"呂欽\""),
        "{}",
        rows[0]
    );
    assert!(rows[2].contains("\"red\":\"許銀川\""), "{}", rows[2]);
    // The warning is on the row of the file it is about, as a field a
    // batch reader of the JSON lines sees; the other rows have none (but
    // for the XQF game's variation, which the audit leaves out).
    let json: Vec<serde_json::Value> = rows
        .iter()
        .map(|r| serde_json::from_str(r).unwrap())
        .collect();
    assert_eq!(json[0]["warnings"], serde_json::json!([]));
    assert_eq!(
        json[2]["warnings"],
        serde_json::json!([{
            "detail": "1 variation left out: only the main line is checked",
            "detail_zh": "略去了1个变着，只审核主线"
        }])
    );
    let warning = json[1]["warnings"][0]["detail"].as_str().unwrap();
    assert!(
        warning.starts_with("the encoding given (--encoding) looks wrong: read as Big5"),
        "{warning}"
    );
    let (_, table, _) = run(&["audit", path(dir), "--encoding", "big5"]);
    let block = &table[table.find("b-gbk.pgn#0").unwrap()..table.find("c-tw.xqf#0").unwrap()];
    assert!(
        block.contains("\n    Warning: the encoding given (--encoding) looks wrong: read as Big5"),
        "{table}"
    );
    let warned: Vec<&str> = err.lines().filter(|l| l.contains("looks wrong")).collect();
    assert_eq!(
        warned,
        [format!(
            "xqarbiter: {}: the encoding given (--encoding) looks wrong: read as Big5, the text \
             holds few of the characters game records use; it reads cleanly as GBK (GB18030): \
             try --encoding gbk, or leave --encoding out",
            dir.join("b-gbk.pgn").display()
        )],
        "{err}"
    );
    // Without --encoding each file's own is guessed: the Big5 names of a
    // record without xiangqi characters are taken for GBK.
    let (_, out, err) = run(&["audit", path(dir), "--jsonl"]);
    assert!(
        !out.contains("許銀川") && !err.contains("looks wrong"),
        "{out}{err}"
    );
    // The XQF strings, named where they are not in the encoding given.
    let (_, _, err) = run(&[
        "audit",
        path(&dir.join("c-tw.xqf")),
        "--encoding",
        "utf-8",
        "--lang",
        "zh",
    ]);
    assert!(
        err.contains("c-tw.xqf：指定的编码（--encoding）似乎不对：文本不是有效的UTF-8：文件头中的标题的第1个字节不是UTF-8字符"),
        "{err}"
    );
    let (code, _, err) = run(&["audit", path(dir), "--encoding", "ebcdic"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown encoding 'ebcdic' (try gbk, big5 or utf-8)"),
        "{err}"
    );
}

#[test]
fn a_cut_xqf_file_has_its_header_strings_checked_as_a_whole_one() {
    let tmp = scratch("cut");
    let dir = tmp.path();
    let whole = big5_xqf();
    // Cut inside the move records: the header is kept (a partial game).
    let cut = dir.join("cut.xqf");
    std::fs::write(&cut, &whole[..whole.len() - 5]).unwrap();
    for (args, red) in [
        (&["--encoding", "big5"][..], Some("許銀川")),
        (&["--encoding", "utf-8"][..], None),
    ] {
        let (code, out, err) = run(&[&["audit", path(&cut), "--jsonl"][..], args].concat());
        // No game read whole: exit 2.
        assert_eq!(code, 2, "{err}");
        assert!(out.contains("\"error\":\"move records"), "{out}");
        if let Some(red) = red {
            assert!(out.contains(&format!("\"red\":\"{red}\"")), "{out}");
            assert!(!err.contains("looks wrong"), "{err}");
        } else {
            assert!(
                err.contains(
                    "cut.xqf: the encoding given (--encoding) looks wrong: the text is not \
                     valid UTF-8: byte 1 of the title (header) is no character in it"
                ),
                "{err}"
            );
        }
    }
    // `convert` and `rule` say it too.
    let (_, _, err) = run(&["convert", path(&cut), "--encoding", "utf-8"]);
    assert!(
        err.contains("cut.xqf: the encoding given (--encoding) looks wrong"),
        "{err}"
    );
    let (_, _, err) = run(&["rule", path(&cut), "--encoding", "utf-8", "--lang", "en"]);
    assert!(
        err.contains("cut.xqf: the encoding given (--encoding) looks wrong"),
        "{err}"
    );
}

/// The real files of `$XQARBITER_CORPUS`, and copies of them re-encoded.
#[test]
fn real_files_read_in_the_encoding_given() {
    let Some(root) = std::env::var_os("XQARBITER_CORPUS").map(PathBuf::from) else {
        eprintln!("note: XQARBITER_CORPUS is unset; skipping the real files");
        return;
    };
    let formats = root.join("formats");
    let tmp = scratch("real");
    let dir = tmp.path();
    // test.pgn is GBK: as told, as UTF-8 re-encoded, and plainly not UTF-8.
    let gbk = std::fs::read(formats.join("test.pgn")).unwrap();
    let (text, _, bad) = encoding_rs::GBK.decode(&gbk);
    assert!(!bad);
    let utf8 = dir.join("test-utf8.pgn");
    std::fs::write(&utf8, text.as_bytes()).unwrap();
    let gbk_path = formats.join("test.pgn");
    for (file, encoding) in [(gbk_path.as_path(), "gbk"), (utf8.as_path(), "utf-8")] {
        let (code, out, err) = run(&["rule", path(file), "--encoding", encoding, "--lang", "en"]);
        assert_eq!((code, err.as_str()), (0, ""), "{}", file.display());
        assert!(
            out.contains("Record: 象棋巫师(大师) (red) v 象棋爱好者 (black)"),
            "{out}"
        );
    }
    let (_, _, err) = run(&["rule", path(&utf8), "--encoding", "gbk", "--lang", "en"]);
    assert!(
        err.contains("the text is valid UTF-8, and read as GBK (GB18030)"),
        "{err}"
    );
    let (_, _, err) = run(&["audit", path(&gbk_path), "--encoding", "utf-8"]);
    assert!(
        err.contains(
            "test.pgn: the encoding given (--encoding) looks wrong: the text is not valid UTF-8"
        ),
        "{err}"
    );
    // A real XQF file whose Red name is rewritten in Big5 (traditional glyph).
    let xqf = std::fs::read(formats.join("test.xqf")).unwrap();
    let (big5, _, _) = encoding_rs::BIG5.encode("柳大華");
    let tw = dir.join("test-tw.xqf");
    std::fs::write(&tw, with_string(&xqf, 0x130, &big5)).unwrap();
    let (code, out, err) = run(&["rule", path(&tw), "--encoding", "big5", "--lang", "en"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("柳大華 (red)"), "{out}");
    // Its other strings are GBK: forced Big5 reads them as few xiangqi
    // characters or no text at all, which is said.
    assert!(
        err.contains("test-tw.xqf: the encoding given (--encoding) looks wrong"),
        "{err}"
    );
    // The real XQF files in their own encoding: not a word.
    for name in [
        "test.xqf",
        "WildHouse.xqf",
        "030-黄松轩先胜冯敬如.XQF",
        "game_test.xqf",
    ] {
        let (_, _, err) = run(&["audit", path(&formats.join(name)), "--encoding", "gbk"]);
        assert!(!err.contains("looks wrong"), "{name}: {err}");
    }
    // CBR and CBL strings are UTF-16 whatever the encoding given.
    let (_, out, err) = run(&[
        "audit",
        path(&formats.join("test.cbr")),
        "--encoding",
        "big5",
        "--jsonl",
    ]);
    assert!(!err.contains("looks wrong"), "{err}");
    let (_, plain, _) = run(&["audit", path(&formats.join("test.cbr")), "--jsonl"]);
    assert_eq!(out, plain);
}

#[test]
fn convert_exits_0_when_only_the_encoding_guess_warns_as_rule_and_audit_do() {
    // Every game is written whole: the close guess between GBK and Big5 is
    // said, as `rule` and `audit` say it, and is no partial output (3).
    let tmp = scratch("convert-guess");
    let dir = tmp.path();
    let (txt, _, bad) = encoding_rs::BIG5.encode("紅方：許銀川\n1. h2e2 h9g7 2. h0g2\n");
    assert!(!bad);
    std::fs::write(dir.join("tw.txt"), &txt).unwrap();
    std::fs::write(dir.join("tw.pgn"), big5_names()).unwrap();
    for file in ["tw.pgn", "tw.txt"] {
        let file = dir.join(file);
        let (code, out, err) = run(&["convert", path(&file), "--to", "iccs"]);
        assert!(out.contains("1. H2-E2 H9-G7\n2. H0-G2"), "{out}");
        assert!(
            err.contains("warning: the text reads cleanly both as GBK (GB18030) and as Big5"),
            "{err}"
        );
        assert_eq!(code, 0, "{}: {err}", file.display());
        for command in ["rule", "audit"] {
            assert_eq!(run(&[command, path(&file)]).0, 0, "{command}");
        }
    }
    // Another warning still says the output may not be whole.
    std::fs::write(
        dir.join("after.pgn"),
        "[Game \"Chinese Chess\"]\n1. h2e2 h9g7 1-0 2. h0g2\n",
    )
    .unwrap();
    assert_eq!(run(&["convert", path(&dir.join("after.pgn"))]).0, 3);
}
