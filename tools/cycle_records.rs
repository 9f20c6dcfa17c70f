//! Prints random games that end in a repeated shuttle played to its third
//! occurrence, one per line (tab-separated): the start FEN, the moves in
//! coordinates, xqarbiter's ruling of the cycle under the rule set, and the
//! side to move after the last move. For comparing rulings with another
//! program that adjudicates at the third occurrence, such as Fairy-Stockfish
//! (`tools/rulings_vs_pyffish.py`).
//!
//! `cargo run --release --example cycle_records -- [N] [cxa2011|cxa2020|axf]`
//! (defaults: 2000 games, axf)

use std::process::ExitCode;

use xqarbiter::referee::Referee;
use xqarbiter::rules::RuleSet;

#[path = "rule_cases.rs"]
mod rule_cases;
use rule_cases::random_cycles::random_cycle;
use rule_cases::xorshift::XorShift;

fn main() -> ExitCode {
    let Some((n, rules)) = rule_cases::count_and_rules(2000, RuleSet::Axf) else {
        return usage();
    };
    let mut rng = XorShift(0x00ab_cdef_1234_5678);
    let mut printed = 0;
    while printed < n {
        let plies = 8 + rng.below(70);
        let Some((start, moves)) = random_cycle(&mut rng, plies, 2) else {
            continue;
        };
        let mut referee = Referee::with_rules(rules, start.clone());
        for &mv in &moves {
            referee.push(mv).expect("the generator plays legal moves");
        }
        // A game that ended earlier (mate, an earlier decisive repetition) is left out.
        let Some(rep) = referee.ruling().repetition.filter(|r| r.occurrences == 3) else {
            continue;
        };
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        println!(
            "{}\t{}\t{}\t{}",
            start.fen(),
            moves.join(" "),
            rep.cycle.outcome.name(),
            referee.position().turn().name()
        );
        printed += 1;
    }
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: cycle_records [N] [cxa2011|cxa2020|axf]");
    ExitCode::from(2)
}
