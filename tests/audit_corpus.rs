//! The audit over the real game files of `$XQARBITER_CORPUS` (skipped with a
//! note when it is unset): no game is lost, whatever the files hold, and a
//! game's variations, which only `convert` used to name, are said on its row.

use std::path::PathBuf;
use std::process::Command;

use xqarbiter::audit::{Entry, walk};
use xqarbiter::record::{ReadOptions, read_games};

#[test]
fn every_game_of_the_corpus_is_accounted_for() {
    let Some(root) = std::env::var_os("XQARBITER_CORPUS").map(PathBuf::from) else {
        eprintln!("note: XQARBITER_CORPUS is unset; skipping the corpus audit");
        return;
    };
    // What the readers find on their own: games (or unreadable games) per file,
    // and one row for each file with no game or no readable content.
    let mut expected = 0usize;
    for entry in walk(&[&root]) {
        expected += match entry {
            Entry::File(path) => match read_games(&path, &ReadOptions::default()) {
                Ok(games) => games.count().max(1),
                Err(_) => 1,
            },
            Entry::Error(..) => 1,
            Entry::Skipped(..) => 0,
        };
    }
    let out = Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .args(["audit", "--jsonl"])
        .arg(&root)
        .output()
        .expect("the binary runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let mut rows = 0;
    for line in stdout.lines() {
        let row: serde_json::Value = serde_json::from_str(line).expect("a JSON object per line");
        assert!(row["file"].is_string() && row["index"].is_u64(), "{row}");
        rows += 1;
    }
    assert!(
        expected > 2_500,
        "the corpus holds thousands of games, found {expected}"
    );
    assert_eq!(rows, expected, "one row per game or unreadable file");
}

/// The `warnings` of the one row `audit --jsonl FILE` gives, in
/// English (`detail`) and Chinese (`detail_zh`).
fn warnings_of_one_game(file: &std::path::Path) -> Vec<(String, String)> {
    let out = Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .args(["audit", "--jsonl"])
        .arg(file)
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let rows: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON object per line"))
        .collect();
    assert_eq!(rows.len(), 1, "{stdout}");
    rows[0]["warnings"]
        .as_array()
        .expect("a list of warnings")
        .iter()
        .map(|w| {
            let words = |key: &str| w[key].as_str().expect("words").to_string();
            (words("detail"), words("detail_zh"))
        })
        .collect()
}

#[test]
fn variations_left_out_are_a_warning_on_the_game_s_row() {
    let Some(root) = std::env::var_os("XQARBITER_CORPUS").map(PathBuf::from) else {
        eprintln!("note: XQARBITER_CORPUS is unset; skipping the variations audit");
        return;
    };
    let formats = root.join("formats");
    for (file, n) in [("test_5_variations.xqf", 4), ("game_varations.xqf", 5)] {
        assert_eq!(
            warnings_of_one_game(&formats.join(file)),
            [(
                format!("{n} variations left out: only the main line is checked"),
                format!("略去了{n}个变着，只审核主线")
            )],
            "{file}"
        );
        // `convert` names them in the same words.
        let out = Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
            .args(["convert", "--lang", "en"])
            .arg(formats.join(file))
            .output()
            .expect("the binary runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!(
                "game #0: {n} variations left out: only the main line is written"
            )),
            "{err}"
        );
    }
    // One variation is singular; a game without any has no such warning.
    let one = warnings_of_one_game(&formats.join("ucci_test3.xqf"));
    assert_eq!(
        one[0].0,
        "1 variation left out: only the main line is checked"
    );
    assert_eq!(warnings_of_one_game(&formats.join("test.xqf")), []);
}
