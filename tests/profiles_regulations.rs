//! The built-in profiles against the contract table of `regulations.md`, their
//! clause functions (early repetition, draw odds, early ends, simple draws),
//! user profile files and the `profiles` subcommand.

use std::path::{Path, PathBuf};
use std::process::Command;

use xqarbiter::board::{Color, Position};
use xqarbiter::rules::RuleSet;
use xqarbiter::rules::limit::AttackCap;
use xqarbiter::rules::profile::{BUILTIN_NAMES, EarlyEnd, Profile, rounds_of_plies};
use xqarbiter::words::Lang;

fn builtin(name: &str) -> Profile {
    Profile::builtin(name).unwrap()
}

fn example_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/profiles/example-open-2026.toml")
}

/// name, rules, limit, check cap, attack cap (max, counts checks), draw = Black win.
type Row = (&'static str, RuleSet, u32, u32, Option<(u32, bool)>, bool);

#[test]
fn builtins_match_the_contract_table() {
    let table: [Row; 10] = [
        ("cxa2011", RuleSet::Cxa2011, 60, 10, None, false),
        ("cxa2020", RuleSet::Cxa2020, 60, 10, None, false),
        ("axf", RuleSet::Axf, 60, 10, None, false),
        (
            "dqsz2017-slow",
            RuleSet::Cxa2011,
            60,
            10,
            Some((30, true)),
            false,
        ),
        (
            "dqsz2017-rapid",
            RuleSet::Cxa2011,
            50,
            8,
            Some((25, true)),
            false,
        ),
        (
            "dqsz2017-armageddon",
            RuleSet::Cxa2011,
            50,
            8,
            Some((25, true)),
            true,
        ),
        ("nanping2018", RuleSet::Cxa2011, 40, 0, None, false),
        (
            "hengfang2024-slow",
            RuleSet::Cxa2020,
            40,
            0,
            Some((20, false)),
            false,
        ),
        (
            "hengfang2024-rapid",
            RuleSet::Cxa2020,
            30,
            0,
            Some((15, false)),
            false,
        ),
        (
            "hengfang2024-blitz",
            RuleSet::Cxa2020,
            30,
            0,
            Some((15, false)),
            true,
        ),
    ];
    assert_eq!(table.map(|r| r.0), BUILTIN_NAMES);
    for (name, rules, rounds, check_cap, cap, black_wins) in table {
        let p = builtin(name);
        assert_eq!(p.rules, rules, "{name}");
        assert_eq!(p.limit.rounds, rounds, "{name}");
        assert_eq!(p.limit.check_cap, check_cap, "{name}");
        let cap = cap.map(|(max, counts_checks)| AttackCap { max, counts_checks });
        assert_eq!(p.limit.attack_cap, cap, "{name}");
        assert!(!p.limit.count_replies_to_void_checks, "{name}");
        assert_eq!(p.decisive_occurrence, 3, "{name}");
        assert_eq!(p.draw_is_black_win, black_wins, "{name}");
    }
    assert_eq!(
        Profile::builtin("HengFang2024-Slow").map(|p| p.name),
        Some("hengfang2024-slow".to_string())
    );
}

#[test]
fn early_repetition_makes_red_vary_up_to_round_25() {
    for name in ["dqsz2017-slow", "dqsz2017-rapid"] {
        let p = builtin(name);
        assert_eq!(
            p.early_repetition_offender(24, true),
            Some(Color::Red),
            "{name}"
        );
        assert_eq!(
            p.early_repetition_offender(25, true),
            Some(Color::Red),
            "{name}"
        );
        assert_eq!(p.early_repetition_offender(26, true), None, "{name}");
        assert_eq!(p.early_repetition_offender(24, false), None, "{name}");
    }
    for name in [
        "cxa2011",
        "cxa2020",
        "axf",
        "nanping2018",
        "hengfang2024-slow",
    ] {
        assert_eq!(
            builtin(name).early_repetition_offender(10, true),
            None,
            "{name}"
        );
    }
}

#[test]
fn armageddon_and_blitz_draws_are_black_wins() {
    for name in ["dqsz2017-armageddon", "hengfang2024-blitz"] {
        let p = builtin(name);
        assert_eq!(p.final_winner(None), Some(Color::Black), "{name}");
        assert_eq!(p.final_winner(Some(Color::Red)), Some(Color::Red), "{name}");
    }
    for name in ["dqsz2017-rapid", "hengfang2024-rapid", "cxa2020"] {
        assert_eq!(builtin(name).final_winner(None), None, "{name}");
    }
}

#[test]
fn early_agreed_draws_are_flagged_within_25_rounds_in_2017() {
    let p = builtin("dqsz2017-slow");
    let flag = p.early_end_flag(EarlyEnd::AgreedDraw, 25, true).unwrap();
    assert_eq!(flag.kind, "early_draw");
    assert_eq!((flag.rounds_played, flag.within_rounds), (25, 25));
    assert!(!flag.both_may_lose);
    assert!(flag.detail.zh.contains("协议和棋"));
    assert!(p.early_end_flag(EarlyEnd::AgreedDraw, 26, true).is_none());
    assert!(p.early_end_flag(EarlyEnd::Resignation, 10, true).is_none());
    let one = p.early_end_flag(EarlyEnd::AgreedDraw, 1, true).unwrap();
    assert!(
        one.detail
            .en
            .starts_with("agreed draw after round 1, within the 25 rounds"),
        "{}",
        one.detail.en
    );
}

#[test]
fn an_early_end_is_placed_in_its_round_or_before_the_first_move() {
    let p = builtin("hengfang2024-slow");
    let flag = p.early_end_flag(EarlyEnd::Resignation, 0, true).unwrap();
    assert_eq!(flag.rounds_played, 0);
    assert!(
        flag.detail
            .en
            .starts_with("resignation before the first move, within the 10 rounds"),
        "{}",
        flag.detail.en
    );
    assert!(
        flag.detail.zh.starts_with("未走一着即认负，违反10回合内"),
        "{}",
        flag.detail.zh
    );
    // Five plies are two rounds and a half: the draw came in round 3, not after it.
    let draw = p.early_end_flag(EarlyEnd::AgreedDraw, 3, false).unwrap();
    assert!(
        draw.detail.en.starts_with("agreed draw in round 3, within"),
        "{}",
        draw.detail.en
    );
    assert!(
        draw.detail.zh.starts_with("第3回合中协议和棋"),
        "{}",
        draw.detail.zh
    );
    // Six plies are three whole rounds: the draw came after round 3.
    let draw = p.early_end_flag(EarlyEnd::AgreedDraw, 3, true).unwrap();
    assert!(
        draw.detail
            .en
            .starts_with("agreed draw after round 3, within"),
        "{}",
        draw.detail.en
    );
    assert!(
        draw.detail.zh.starts_with("第3回合后协议和棋"),
        "{}",
        draw.detail.zh
    );
}

#[test]
fn early_draws_and_resignations_are_flagged_within_10_rounds_in_2024() {
    for name in [
        "hengfang2024-slow",
        "hengfang2024-rapid",
        "hengfang2024-blitz",
    ] {
        let p = builtin(name);
        let draw = p.early_end_flag(EarlyEnd::AgreedDraw, 10, true).unwrap();
        assert!(draw.both_may_lose && draw.detail.en.contains("both players lost"));
        let resign = p
            .early_end_flag(EarlyEnd::Resignation, rounds_of_plies(19), false)
            .unwrap();
        assert_eq!(
            (resign.kind, resign.rounds_played),
            ("early_resignation", 10)
        );
        assert!(
            p.early_end_flag(EarlyEnd::AgreedDraw, rounds_of_plies(21), false)
                .is_none()
        );
    }
    assert!(
        builtin("cxa2020")
            .early_end_flag(EarlyEnd::AgreedDraw, 1, true)
            .is_none()
    );
    assert!(
        builtin("nanping2018")
            .early_end_flag(EarlyEnd::AgreedDraw, 1, true)
            .is_none()
    );
}

#[test]
fn simple_draws_are_noted_where_the_regulation_allows_them() {
    let bare = Position::from_fen("3ak4/4a4/9/9/9/9/9/4B4/4A4/3K5 w - - 0 1").unwrap();
    let rook = Position::from_fen("3ak4/4a4/9/9/9/9/9/4B4/4A4/R2K5 w - - 0 1").unwrap();
    for name in ["nanping2018", "hengfang2024-slow"] {
        assert!(builtin(name).simple_draw_note(&bare), "{name}");
        assert!(!builtin(name).simple_draw_note(&rook), "{name}");
    }
    assert!(!builtin("cxa2020").simple_draw_note(&bare));
}

#[test]
fn the_example_user_profile_reads() {
    let p = Profile::from_file(&example_file()).unwrap();
    assert_eq!(p.name, "example-open-2026");
    assert_eq!(p.rules, RuleSet::Cxa2020);
    assert_eq!((p.limit.rounds, p.limit.check_cap), (40, 0));
    assert_eq!(
        p.limit.attack_cap,
        Some(AttackCap {
            max: 20,
            counts_checks: false
        })
    );
    let e = p.early_end.unwrap();
    assert!(e.rounds == 10 && e.includes_resignation && e.both_may_lose);
    assert_eq!(Profile::load(example_file().to_str().unwrap()).unwrap(), p);
    assert_eq!(Profile::load("axf").unwrap().rules, RuleSet::Axf);
}

#[test]
fn a_user_profile_starts_from_its_base_or_rules() {
    let p: Profile = "name = \"mine\"\nbase = \"dqsz2017-rapid\"\n[draws]\narmageddon = true\n"
        .parse()
        .unwrap();
    assert_eq!((p.limit.rounds, p.limit.check_cap), (50, 8));
    assert!(p.draw_is_black_win);
    assert_eq!(p.early_repetition_offender(25, true), Some(Color::Red));
    let p: Profile = "name = \"plain\"\nrules = \"axf\"\n[natural_limit]\nrounds = 50\n[repetition]\nearly_repetition_rounds = 20\n"
        .parse()
        .unwrap();
    assert_eq!(
        (p.rules, p.limit.rounds, p.limit.check_cap),
        (RuleSet::Axf, 50, 10)
    );
    assert_eq!(p.early_repetition_offender(20, true), Some(Color::Red));
    assert_eq!(p.early_repetition_offender(21, true), None);
}

#[test]
fn a_hengfang_based_profile_keeps_the_attack_cap_at_half_its_limit() {
    // Regulation C: 捉+杀 count at most 自然限着总数的一半.
    for (base, rounds, cap) in [
        ("hengfang2024-slow", 60, 30),
        ("hengfang2024-rapid", 50, 25),
        ("hengfang2024-blitz", 31, 15),
    ] {
        let p: Profile =
            format!("name = \"x\"\nbase = \"{base}\"\n[natural_limit]\nrounds = {rounds}\n")
                .parse()
                .unwrap();
        assert_eq!(
            p.limit.attack_cap,
            Some(AttackCap {
                max: cap,
                counts_checks: false
            }),
            "{base} with {rounds} rounds"
        );
        assert_eq!(p.to_json()["natural_limit"]["attack_cap"], cap);
    }
    for name in BUILTIN_NAMES {
        let p = builtin(name);
        assert_eq!(p.attack_cap_half, name.starts_with("hengfang"), "{name}");
    }
}

fn error_of(src: &str) -> String {
    src.parse::<Profile>().unwrap_err().to_string()
}

#[test]
fn bad_user_profiles_are_explained_with_their_line() {
    let unknown_key = "name = \"x\"\nrules = \"cxa2020\"\n[natural_limit]\nround = 40\n";
    let e = error_of(unknown_key);
    assert!(
        e.starts_with("4:1:") && e.contains("unknown key 'round'"),
        "{e}"
    );

    let out_of_range =
        "name = \"x\"\nrules = \"cxa2020\"\n[natural_limit]\nrounds = 40\ncheck_cap = 41\n";
    let e = error_of(out_of_range);
    assert!(
        e.starts_with("5:13:") && e.contains("check_cap = 41 is out of range: expected 0 to 40"),
        "{e}"
    );

    let negative = "name = \"x\"\nrules = \"cxa2020\"\n[natural_limit]\nrounds = -3\n";
    assert!(error_of(negative).starts_with("4:10: rounds = -3 is out of range"));

    let e = error_of("name = \"x\"\nbase = \"cxa2030\"\n");
    assert!(e.starts_with("2:8: unknown base profile 'cxa2030'"), "{e}");

    let e = error_of("name = \"x\"\nrules = \"fide\"\n");
    assert!(e.starts_with("2:9: unknown rule set 'fide'"), "{e}");

    let e = error_of("name = \"x\"\n");
    assert!(e.contains("needs `rules`"), "{e}");

    let e = error_of("name = \"cxa2020\"\nrules = \"cxa2020\"\n");
    assert!(e.contains("is a built-in profile"), "{e}");

    let e = error_of("name = \"x\"\nrules = \"axf\"\n[natural_limit]\nattack_cap = \"most\"\n");
    assert!(e.starts_with("4:14: attack_cap must be"), "{e}");

    let e = error_of(
        "name = \"x\"\nrules = \"axf\"\n[natural_limit]\nattack_cap_counts_checks = true\n",
    );
    assert!(e.contains("no attack_cap"), "{e}");

    let e = error_of("name = \"x\"\nrules = \"axf\"\n[draws]\nearly_draw_both_lose = true\n");
    assert!(e.contains("early_draw_rounds"), "{e}");

    let e = error_of("name = \"x\"\nrules = \"axf\"\n[repetition]\ndecisive_occurrence = 1\n");
    assert!(e.contains("expected 2 to 10"), "{e}");

    let e = error_of("name = \"x\nrules = 1");
    assert!(e.starts_with("1:"), "{e}");

    let e = Profile::from_file(Path::new("/nonexistent/p.toml"))
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "/nonexistent/p.toml: cannot read the profile: the file does not exist"
    );
    let e = Profile::load("no-such-profile").unwrap_err().to_string();
    assert!(e.contains("hengfang2024-blitz"), "{e}");
}

#[test]
fn bad_user_profiles_are_explained_in_chinese_too() {
    let zh = |src: &str| src.parse::<Profile>().unwrap_err().in_lang(Lang::Zh);
    let e = zh("name = \"x\"\nrules = \"cxa2020\"\n[natural_limit]\nrounds = 40\ncheck_cap = 41\n");
    assert_eq!(e, "第5行第13列：check_cap = 41 超出范围：应为 0 到 40");
    let e = zh("name = \"x\"\nrules = \"cxa2020\"\n[natural_limit]\nround = 40\n");
    assert!(
        e.starts_with("第4行第1列：未知的键“round”：应为 rounds、check_cap"),
        "{e}"
    );
    let e = zh("name = \"x\"\nrules = \"fide\"\n");
    assert!(e.starts_with("第2行第9列：未知的规则“fide”"), "{e}");
    let e = zh("name = \"x\"\n");
    assert!(e.contains("须给出 `rules`"), "{e}");
    let e = zh("name = \"x\"\nrules = \"axf\"\n[draws]\nearly_draw_both_lose = true\n");
    assert!(e.contains("须有 early_draw_rounds > 0"), "{e}");
    let e = Profile::from_file(Path::new("/nonexistent/p.toml"))
        .unwrap_err()
        .in_lang(Lang::Zh);
    assert_eq!(e, "/nonexistent/p.toml：无法读取赛事规程文件：文件不存在");
}

fn xqarbiter(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn profiles_subcommand_lists_the_builtins() {
    let out = xqarbiter(&["profiles"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for name in BUILTIN_NAMES {
        assert!(
            text.lines().any(|l| l.starts_with(name)),
            "{name} missing:\n{text}"
        );
    }
    let out = xqarbiter(&["profiles", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let all = json.as_array().unwrap();
    assert_eq!(all.len(), 10);
    let heng = &all[7];
    assert_eq!(heng["name"], "hengfang2024-slow");
    assert_eq!(heng["natural_limit"]["attack_cap"], 20);
    assert_eq!(heng["natural_limit"]["attack_cap_counts_checks"], false);
    assert_eq!(heng["early_end"]["rounds"], 10);
}

#[test]
fn profiles_subcommand_checks_a_user_file() {
    let out = xqarbiter(&[
        "profiles",
        "--file",
        example_file().to_str().unwrap(),
        "--json",
    ]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json[0]["name"], "example-open-2026");

    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "name = \"x\"\nrules = \"cxa2020\"\ncolour = \"red\"\n",
    )
    .unwrap();
    let out = xqarbiter(&["profiles", "--file", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("bad.toml:3:1:") && err.contains("colour"),
        "{err}"
    );
}

#[test]
fn every_profile_rules_a_repetition_at_its_third_occurrence_and_not_before() {
    // The decisive occurrence of every built-in profile is the third
    // ("循环反复三次", the contract table). The kings shuttle: the start
    // stands a second time after ply 4 and a third after ply 8, in round 4.
    // An idle cycle on both sides is a draw by the rules; within the first
    // 25 rounds the 2017 event makes Red vary instead (in each of its
    // games, the Armageddon one too), and in the 2024 blitz game the draw
    // is scored as a Black win.
    let fen = "5k3/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1";
    let moves = "d0d1 f9f8 d1d0 f8f9 d0d1 f9f8 d1d0 f8f9";
    let rule = |profile: &str, ply: u32| -> serde_json::Value {
        let ply = ply.to_string();
        let out = xqarbiter(&[
            "rule",
            "--fen",
            fen,
            "--moves",
            moves,
            "--profile",
            profile,
            "--ply",
            &ply,
            "--json",
        ]);
        serde_json::from_slice(&out.stdout).unwrap()
    };
    for name in BUILTIN_NAMES {
        let v = rule(name, 7);
        assert_eq!(v["verdict"], "ongoing", "{name} at ply 7");
        let v = rule(name, 8);
        assert_eq!(v["repetition"]["occurrences"], 3, "{name}");
        let expected = match name {
            name if name.starts_with("dqsz2017") => ("black_wins", "red_must_vary"),
            "hengfang2024-blitz" => ("black_wins", "draw"),
            _ => ("draw", "draw"),
        };
        assert_eq!(
            (&v["verdict"], &v["reason"], &v["repetition"]["ruling"]),
            (&expected.0.into(), &"repetition".into(), &expected.1.into()),
            "{name}"
        );
        assert_eq!(
            v["draw_note"].is_string(),
            name == "hengfang2024-blitz",
            "{name}"
        );
    }
    // The second occurrence (ply 4) decides nothing, under any profile.
    for name in BUILTIN_NAMES {
        let v = rule(name, 4);
        assert_eq!(v["repetition"]["occurrences"], 2, "{name}");
        assert_eq!(v["verdict"], "ongoing", "{name} at ply 4");
    }
}
