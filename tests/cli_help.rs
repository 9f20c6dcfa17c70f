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

/// The standard error of `xqarbiter ARGS`, which must fail with exit code 2.
fn refused(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .args(args)
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    String::from_utf8(out.stderr).expect("utf-8")
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
        let err = refused(&["ucci", "--engine", command]);
        assert_eq!(err, format!("xqarbiter: {why}\n"));
    }
}

/// The option errors xqarbiter words itself (not clap's usage errors) are
/// in the `--lang` language, after the option's name.
#[test]
fn option_errors_are_in_the_lang_language() {
    let cases: [(&[&str], &str, &str); 8] = [
        (
            &["ucci", "--engine", "fsf 'x"],
            "--engine: engine command 'fsf 'x': unclosed ' quote",
            "--engine：引擎命令“fsf 'x”中的引号 ' 没有配对",
        ),
        (
            &["ucci", "--engine", " "],
            "--engine: engine command is empty",
            "--engine：引擎命令为空",
        ),
        (
            &["ucci", "--engine", "fsf", "--engine-timeout", "0"],
            "--engine-timeout: '0' is not a positive number of seconds",
            "--engine-timeout：“0”不是大于0的秒数",
        ),
        (
            &["ucci", "--search-limit", "0"],
            "--search-limit: '0' is not a positive number of seconds",
            "--search-limit：“0”不是大于0的秒数",
        ),
        (
            &["ucci", "--engine-option", "Hash"],
            "--engine-option: 'Hash': expected NAME=VALUE",
            "--engine-option：“Hash”应为 NAME=VALUE（选项名=值）的形式",
        ),
        (
            &["ucci", "--engine-protocol", "xboard"],
            "--engine-protocol: unknown engine protocol 'xboard': expected ucci or uci",
            "--engine-protocol：未知的引擎协议“xboard”：应为 ucci 或 uci",
        ),
        (
            &["ucci", "--log", "/nonexistent-folder/session.log"],
            "--log: cannot write /nonexistent-folder/session.log: the folder /nonexistent-folder does not exist",
            "--log：无法写入 /nonexistent-folder/session.log：文件夹 /nonexistent-folder 不存在",
        ),
        (
            &["rule", "--rules", "fide", "--moves", "h2e2"],
            "--rules: unknown rule set 'fide': expected cxa2011, cxa2020 or axf",
            "--rules：未知的规则“fide”，应为 cxa2011、cxa2020 或 axf",
        ),
    ];
    for (args, en, zh) in cases {
        for (lang, why) in [("en", en), ("zh", zh)] {
            let args: Vec<&str> = args.iter().copied().chain(["--lang", lang]).collect();
            assert_eq!(refused(&args), format!("xqarbiter: {why}\n"), "{args:?}");
        }
    }
}

/// `--profile` and `--fen`, read by the library, are in the `--lang`
/// language too; `rule --json` says its errors in English for programs.
#[test]
fn profile_and_fen_errors_are_in_the_lang_language() {
    for (args, en, zh) in [
        (
            &["ucci", "--profile", "nosuch"][..],
            "xqarbiter: unknown profile 'nosuch'",
            "xqarbiter: 没有名为“nosuch”的赛事规程",
        ),
        (
            &["rule", "--profile", "nosuch", "--moves", "h2e2"][..],
            "xqarbiter: unknown profile 'nosuch'",
            "xqarbiter: 没有名为“nosuch”的赛事规程",
        ),
        (
            &["rule", "--fen", "9/9", "--moves", "h2e2"][..],
            "xqarbiter: bad --fen",
            "xqarbiter: --fen有误",
        ),
    ] {
        for (lang, start) in [("en", en), ("zh", zh)] {
            let args: Vec<&str> = args.iter().copied().chain(["--lang", lang]).collect();
            let err = refused(&args);
            assert!(err.starts_with(start), "{args:?}: {err}");
        }
    }
    let err = refused(&[
        "rule", "--rules", "fide", "--moves", "h2e2", "--lang", "zh", "--json",
    ]);
    assert!(
        err.starts_with("xqarbiter: --rules: unknown rule set"),
        "{err}"
    );
}

/// clap's usage errors (an unknown option, a missing or bad value, a
/// missing argument) are in Chinese with `--lang zh`, wherever it stands on
/// the line, and in clap's English without it; both exit 2.
#[test]
fn usage_errors_are_in_chinese_with_lang_zh() {
    let usage_tail = "\n更多信息请用 --help 查看。\n";
    let cases: [(&[&str], &str, &str); 8] = [
        (
            &["rule", "--fenn", "x"],
            "error: unexpected argument '--fenn' found\n\n  tip: a similar argument exists: '--fen'\n",
            "错误：未知的选项“--fenn”\n\n  提示：相近的选项：“--fen”\n\n用法：xqarbiter rule --fen <FEN> [FILE]\n",
        ),
        (
            &["rule", "--moves", "h2e2", "--fen"],
            "error: a value is required for '--fen <FEN>' but none was supplied\n",
            "错误：选项 --fen <FEN> 缺少值\n",
        ),
        (
            &["rule", "--claim", "blue"],
            "error: invalid value 'blue' for '--claim <SIDE>'\n  [possible values: red, black]\n",
            "错误：--claim <SIDE> 的值“blue”无效\n  [可选值：red、black]\n",
        ),
        (
            &["rule", "--natures", "0"],
            "error: invalid value '0' for '--natures <N>': 0 is not in 1..=4294967295\n",
            "错误：--natures <N> 的值“0”无效：应不小于1\n",
        ),
        (
            &["perft", "x"],
            "error: invalid value 'x' for '<DEPTH>': invalid digit found in string\n",
            "错误：<DEPTH> 的值“x”无效：应为非负整数\n",
        ),
        (
            &["audit"],
            "error: the following required arguments were not provided:\n  <PATHS>...\n",
            "错误：缺少必需的参数：<PATHS>...\n\n用法：xqarbiter audit --lang <LANG> <PATHS>...\n",
        ),
        (
            &["rule", "--game", "1", "--moves", "h2e2"],
            "error: the argument '--game <N>' cannot be used with '--moves <MOVES>'\n",
            "错误：--game <N> 不能与 --moves <MOVES> 同时使用\n",
        ),
        (
            &["rul"],
            "error: unrecognized subcommand 'rul'\n\n  tip: a similar subcommand exists: 'rule'\n",
            "错误：未知的子命令“rul”\n\n  提示：相近的子命令：“rule”\n\n用法：xqarbiter <COMMAND>\n",
        ),
    ];
    for (args, en, zh) in cases {
        let err = refused(args);
        assert!(err.starts_with(en), "{args:?}: {err}");
        for lang in [["--lang", "zh"].as_slice(), &["--lang=zh"]] {
            // After the bad argument, and before it.
            let after: Vec<&str> = args.iter().copied().chain(lang.iter().copied()).collect();
            let before: Vec<&str> = args[..1]
                .iter()
                .chain(lang)
                .chain(&args[1..])
                .copied()
                .collect();
            let err = refused(&after);
            assert!(
                err.starts_with(zh) && err.ends_with(usage_tail),
                "{after:?}: {err}"
            );
            if args[0] != "rul" {
                assert!(refused(&before).starts_with("错误："), "{before:?}");
            }
        }
        let english: Vec<&str> = args.iter().copied().chain(["--lang", "en"]).collect();
        assert!(refused(&english).starts_with(en), "{english:?}");
    }
    // Before the subcommand, --lang is no option: said so, with where it goes.
    let err = refused(&["--lang", "zh", "rule"]);
    assert!(
        err.starts_with("错误：未知的选项“--lang”\n\n  提示：该选项属于子命令，应写在子命令之后：“rule --lang”\n"),
        "{err}"
    );
}

/// `perft` says a FEN that is no position in the `--lang` language.
#[test]
fn perft_says_a_bad_fen_in_the_lang_language() {
    let fen = "4k4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
    for (lang, why) in [
        (
            "en",
            "invalid FEN '4k4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1': black is in check with red to move (its king could be captured)",
        ),
        (
            "zh",
            "局面（FEN）“4k4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1”不合法：黑方正被将军，却轮到红方走（其将可被吃掉）",
        ),
    ] {
        let err = refused(&["perft", "3", "--fen", fen, "--lang", lang]);
        assert_eq!(err, format!("xqarbiter: {why}\n"));
    }
}
