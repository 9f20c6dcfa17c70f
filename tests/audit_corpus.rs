//! The audit over the real game files of `$XQARBITER_CORPUS` (skipped with a
//! note when it is unset): no game is lost, whatever the files hold.

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
