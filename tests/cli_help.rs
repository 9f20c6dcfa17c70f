//! The subcommands as a user first meets them: `--help`, and the errors of the options they read.

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

#[test]
fn a_log_file_that_cannot_be_created_is_explained_as_convert_explains_its_output() {
    let out = Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .args(["ucci", "--log", "/nonexistent-folder/session.log"])
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "--log: cannot write /nonexistent-folder/session.log: the folder /nonexistent-folder does not exist"
        ),
        "{err}"
    );
}

#[test]
fn a_bad_engine_command_is_named_by_its_option() {
    for (command, why) in [
        ("", "--engine: engine command is empty"),
        (
            "fsf 'x",
            "--engine: engine command 'fsf 'x': unclosed ' quote",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
            .args(["ucci", "--engine", command])
            .output()
            .expect("the binary runs");
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err, format!("xqarbiter: {why}\n"));
    }
}
