//! Prints the ruling and per-move natures of cycles from random games, one
//! line per cycle: run it with two builds and `diff` the outputs to see what
//! a change to the rules does to ordinary play, beyond the rule cases.
//!
//! `cargo run --release --example random_rulings -- [N] [cxa2011|cxa2020|axf]`
//! (defaults: 1000 cycles, cxa2020)

use std::process::ExitCode;

use xqarbiter::rules::RuleSet;

#[path = "rule_cases.rs"]
mod rule_cases;

fn main() -> ExitCode {
    let Some((n, rules)) = rule_cases::count_and_rules(1000, RuleSet::Cxa2020) else {
        return usage();
    };
    for (i, referee) in rule_cases::random_game_cycles(rules, n)
        .into_iter()
        .enumerate()
    {
        let ruling = referee.ruling();
        let Some(rep) = ruling.repetition else {
            println!("{i} no repetition");
            continue;
        };
        let natures: Vec<&str> = rep
            .moves
            .iter()
            .map(|m| m.nature.nature.name_zh())
            .collect();
        println!(
            "{i} {} {} | {}",
            rep.cycle.outcome.name(),
            natures.join(" "),
            rep.start.fen()
        );
    }
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: random_rulings [N] [cxa2011|cxa2020|axf]");
    ExitCode::from(2)
}
