//! Shared by the tests that run the `xqarbiter` binary: running it, reading its JSON.
// Each test crate uses what it needs of this module.
#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs the binary with `args`: its exit code, standard output and error.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The JSON a run printed, which must have succeeded.
pub fn json_of(out: &Output) -> serde_json::Value {
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}
