//! The subcommands' `--help`: what a user types is named there.

use std::process::Command;

fn help(command: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .args([command, "--help"])
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn ucci_help_names_the_engine_protocols_it_takes() {
    let text = help("ucci");
    // The option's line, then its description on the next line.
    let mut lines = text
        .lines()
        .skip_while(|l| !l.contains("--engine-protocol"));
    let line = lines.nth(1).unwrap_or_default();
    assert!(line.contains("ucci or uci"), "{text}");
}
