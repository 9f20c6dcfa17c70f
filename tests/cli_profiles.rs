//! `xqarbiter profiles`: the table in both languages, a user profile's errors.

use std::process::{Command, Output};

fn profiles(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .arg("profiles")
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn the_table_is_in_the_language_asked_for_and_the_json_in_neither() {
    let en = profiles(&[]);
    assert_eq!(en.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&en.stdout).starts_with("Name "));
    let zh = profiles(&["--lang", "zh"]);
    assert_eq!(zh.status.code(), Some(0));
    let zh = String::from_utf8(zh.stdout).expect("utf-8");
    assert!(zh.starts_with("名称 "), "{zh}");
    assert!(zh.contains("将军不计着数"), "{zh}");
    let json = |lang: &str| profiles(&["--json", "--lang", lang]).stdout;
    assert_eq!(json("zh"), json("en"));
}

#[test]
fn a_bad_profile_file_is_explained_in_the_language_asked_for() {
    let toml = tempfile::Builder::new()
        .suffix(".toml")
        .tempfile()
        .expect("temp file");
    let path = toml.path();
    std::fs::write(
        path,
        "name = \"t\"\nrules = \"cxa2020\"\nlimit = \"sixty\"\n",
    )
    .expect("write");
    let file = path.to_str().expect("utf-8 path");
    let zh = profiles(&["--file", file, "--lang", "zh"]);
    assert_eq!(zh.status.code(), Some(2));
    let err = String::from_utf8(zh.stderr).expect("utf-8");
    assert!(err.contains("第3行第1列：未知的键“limit”"), "{err}");
    let en = profiles(&["--file", file]);
    assert_eq!(en.status.code(), Some(2));
    let err = String::from_utf8(en.stderr).expect("utf-8");
    assert!(err.contains(":3:1: unknown key 'limit'"), "{err}");
}

#[test]
fn a_profile_saved_in_gbk_reads_as_in_utf8() {
    // "name = \"open40\"\nrules = \"cxa2020\"\ndescription = \"南平公开赛\"\n" in GBK,
    // as Notepad on a Chinese Windows saves it ("ANSI").
    let mut bytes = b"name = \"open40\"\nrules = \"cxa2020\"\ndescription = \"".to_vec();
    bytes.extend_from_slice(&[0xC4, 0xCF, 0xC6, 0xBD, 0xB9, 0xAB, 0xBF, 0xAA, 0xC8, 0xFC]);
    bytes.extend_from_slice(b"\"\n[natural_limit]\nrounds = 40\n");
    let toml = tempfile::Builder::new()
        .suffix(".toml")
        .tempfile()
        .expect("temp file");
    let path = toml.path();
    std::fs::write(path, bytes).expect("write");
    let out = profiles(&["--file", path.to_str().expect("utf-8 path"), "--json"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let json = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        json.contains("\"description\":\"南平公开赛\"") && json.contains("\"rounds\":40"),
        "{json}"
    );
}

#[test]
fn an_early_end_that_both_players_may_lose_says_so_as_the_audit_finding_does() {
    let en = String::from_utf8(profiles(&[]).stdout).expect("utf-8");
    let line = |t: &str, name: &str| t.lines().find(|l| l.starts_with(name)).map(str::to_string);
    let heng = line(&en, "hengfang2024-slow").expect("a row");
    assert!(
        heng.contains(
            "agreed draw or resignation ≤10 rounds flagged (the arbiter may rule both players lost)"
        ),
        "{heng}"
    );
    // The 2017 regulation flags early draws without that sanction.
    let dqsz = line(&en, "dqsz2017-slow").expect("a row");
    assert!(
        dqsz.contains("agreed draw ≤25 rounds flagged") && !dqsz.contains("both"),
        "{dqsz}"
    );
    let zh = String::from_utf8(profiles(&["--lang", "zh"]).stdout).expect("utf-8");
    let heng = line(&zh, "hengfang2024-rapid").expect("a row");
    assert!(
        heng.contains("10回合以内议和或认负予以标记（裁判有权判双方负）"),
        "{heng}"
    );
}
