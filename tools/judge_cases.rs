//! Times the referee's ruling after the moves of every rule case in
//! `positions/repetition.tsv`, slowest first, and prints the median: where
//! judging costs most, as opposed to the three cases of `--bench referee`.
//!
//! `cargo run --release --example judge_cases [-- ITERATIONS]` (default 200)

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use xqarbiter::board::{Move, Position};
use xqarbiter::referee::Referee;
use xqarbiter::rules::RuleSet;

/// The referee after a case's moves, or `None` when the case cannot be played.
fn referee(fields: &[&str]) -> Option<Referee> {
    let rules: RuleSet = fields.get(1)?.parse().ok()?;
    let start = Position::from_fen(fields.get(2)?).ok()?;
    let mut referee = Referee::with_rules(rules, start);
    for m in fields.get(3)?.split_whitespace() {
        referee.push(Move::parse_uci(m).ok()?).ok()?;
    }
    Some(referee)
}

fn main() -> ExitCode {
    let iterations: u32 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 200,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: judge_cases [ITERATIONS > 0]");
            return ExitCode::from(2);
        }
    };
    let text = include_str!("../positions/repetition.tsv");
    let mut rows: Vec<(f64, &str, usize)> = Vec::new();
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let Some(referee) = referee(&fields) else {
            eprintln!("skipped: {}", fields[0]);
            continue;
        };
        let start = Instant::now();
        for _ in 0..iterations {
            // A clone classifies every move again, as a fresh referee would.
            black_box(referee.clone().ruling());
        }
        let micros = start.elapsed().as_secs_f64() * 1e6 / f64::from(iterations);
        rows.push((micros, fields[0], referee.plies()));
    }
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (micros, id, plies) in &rows {
        println!("{micros:9.1} µs  {id} ({plies} plies)");
    }
    if let Some(median) = rows.get(rows.len() / 2) {
        println!("median {:.1} µs over {} cases", median.0, rows.len());
    }
    ExitCode::SUCCESS
}
