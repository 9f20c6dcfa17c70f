//! Every public rule case in `positions/repetition.tsv`: the ruling of the
//! cycle closed by the last move must match `expected`, and where the source
//! gives per-ply natures they must match too (any idle kind counts as 闲).
//! A disputed case must be ruled without a crash; the ruling chosen is printed.

use std::collections::BTreeMap;

use xqarbiter::board::{Move, Position};
use xqarbiter::referee::Referee;
use xqarbiter::rules::ruling::Lang;
use xqarbiter::rules::{MoveRun, Nature, RuleSet};

struct Case {
    id: String,
    rules: RuleSet,
    fen: String,
    moves: Vec<Move>,
    natures: Option<Vec<String>>,
    expected: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../positions/repetition.tsv");
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            Case {
                id: f[0].to_string(),
                rules: f[1].parse().unwrap(),
                fen: f[2].to_string(),
                moves: f[3]
                    .split_whitespace()
                    .map(|m| Move::parse_uci(m).unwrap())
                    .collect(),
                natures: (f[4] != "-")
                    .then(|| f[4].split_whitespace().map(str::to_string).collect()),
                expected: f[5].to_string(),
            }
        })
        .collect()
}

fn nature_matches(expected: &str, got: Nature) -> bool {
    match expected {
        "将" => got == Nature::Check,
        "杀" => got == Nature::MateThreat,
        "捉" => got == Nature::Chase,
        "兑" => got == Nature::Exchange,
        _ => !got.is_attack(),
    }
}

struct Outcome {
    ruling_ok: bool,
    natures_ok: Option<bool>,
    detail: String,
    /// The ruling with its grounds and each side's pattern, for a disputed case.
    choice: String,
}

fn judge(case: &Case) -> Outcome {
    let start = Position::from_fen(&case.fen).unwrap();
    let mut referee = Referee::with_rules(case.rules, start);
    for (i, &mv) in case.moves.iter().enumerate() {
        referee
            .push(mv)
            .unwrap_or_else(|e| panic!("{}: ply {} {e}", case.id, i + 1));
    }
    let ruling = referee.ruling();
    let rep = ruling.repetition.as_ref();
    let got = rep.map_or("none", |r| r.cycle.outcome.name());
    let ruling_ok = case.expected == "disputed" || got == case.expected;
    let natures_ok = case.natures.as_ref().map(|exp| {
        let Some(rep) = rep else { return false };
        // The source's natures list the plies of the record; the cycle report covers the last cycle.
        let offset = case.moves.len() - rep.moves.len();
        rep.moves.iter().enumerate().all(|(i, m)| {
            exp.get(offset + i)
                .is_none_or(|e| nature_matches(e, m.nature.nature))
        })
    });
    let got_natures: Vec<&str> = rep
        .map(|r| r.moves.iter().map(|m| m.nature.nature.name_zh()).collect())
        .unwrap_or_default();
    let choice = rep.map_or_else(
        || "no repetition".to_string(),
        |r| {
            format!(
                "{} (red {}, black {}): {}",
                r.cycle.outcome.name(),
                r.cycle.red.pattern(Lang::En),
                r.cycle.black.pattern(Lang::En),
                r.cycle.explanation(Lang::En)
            )
        },
    );
    Outcome {
        ruling_ok,
        natures_ok,
        choice,
        detail: format!(
            "{}: expected {} got {} natures {:?} want {:?}",
            case.id,
            case.expected,
            got,
            got_natures.join(" "),
            case.natures.as_ref().map(|n| n.join(" "))
        ),
    }
}

/// Cases the rules code still gets wrong (ruling or natures): open bugs, kept
/// here so that a regression elsewhere fails the test, and so that a fix
/// fails it too until the case is removed from this list.
const KNOWN_WRONG: &[&str] = &[];

#[derive(Default)]
struct Tally {
    cases: usize,
    rulings: usize,
    with_natures: usize,
    natures: usize,
    full: usize,
}

#[test]
fn public_rule_cases() {
    let mut per_source: BTreeMap<String, Tally> = BTreeMap::new();
    let mut unexpected = Vec::new();
    let mut fixed = Vec::new();
    for case in cases() {
        let source = case.id.split('-').next().unwrap_or("").to_string();
        let o = judge(&case);
        let ok = o.ruling_ok && o.natures_ok != Some(false);
        let t = per_source.entry(source).or_default();
        t.cases += 1;
        t.rulings += usize::from(o.ruling_ok);
        t.with_natures += usize::from(o.natures_ok.is_some());
        t.natures += usize::from(o.natures_ok == Some(true));
        t.full += usize::from(ok);
        if case.expected == "disputed" {
            println!("{} (disputed) rules {}", case.id, o.choice);
        }
        let known = KNOWN_WRONG.contains(&case.id.as_str());
        if !ok {
            println!("{} {}", if known { "known" } else { "FAIL" }, o.detail);
            if !known {
                unexpected.push(case.id.clone());
            }
        } else if known {
            fixed.push(case.id.clone());
        }
    }
    for (source, t) in &per_source {
        println!(
            "{source}: {}/{} cases fully right; rulings {}/{}; natures {}/{}",
            t.full, t.cases, t.rulings, t.cases, t.natures, t.with_natures
        );
    }
    assert!(unexpected.is_empty(), "cases now wrong: {unexpected:?}");
    assert!(
        fixed.is_empty(),
        "cases now right, remove them from KNOWN_WRONG: {fixed:?}"
    );
}

/// How deep brackets nest in `text`: full-width （…） in Chinese, (…) in
/// English (Chinese writes squares as (e4), which are no brackets of the text).
fn bracket_depth(text: &str, (open, close): (char, char)) -> usize {
    let (mut depth, mut deepest) = (0usize, 0);
    for c in text.chars() {
        if c == open {
            depth += 1;
            deepest = deepest.max(depth);
        } else if c == close {
            depth = depth.saturating_sub(1);
        }
    }
    deepest
}

#[test]
fn no_reason_nests_brackets() {
    // Every move of every public case, in both languages: a detail in
    // brackets holds no brackets of its own (a citation, a false root, a
    // piece lined up behind, a capture counted, a scale are said without).
    let mut reasons = 0;
    for case in cases() {
        let start = Position::from_fen(&case.fen).unwrap();
        let mut referee = Referee::with_rules(case.rules, start);
        for &mv in &case.moves {
            referee.push(mv).unwrap();
        }
        let (start, moves) = referee.last_moves(case.moves.len());
        let run = MoveRun {
            start: &start,
            moves: &moves,
            rules: case.rules,
        };
        for (lang, brackets) in [(Lang::Zh, ('（', '）')), (Lang::En, ('(', ')'))] {
            for (ply, reason) in run.reasons(lang).iter().enumerate() {
                assert!(
                    bracket_depth(reason, brackets) <= 1,
                    "{} ply {}: {reason}",
                    case.id,
                    ply + 1
                );
                reasons += 1;
            }
        }
    }
    assert!(reasons > 1500, "{reasons}");
}
