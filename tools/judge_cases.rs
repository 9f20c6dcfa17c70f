//! Times the referee's ruling after the moves of every rule case in
//! `positions/repetition.tsv`, slowest first, and prints the median: where
//! judging costs most, as opposed to the three cases of `--bench referee`.
//!
//! `cargo run --release --example judge_cases [-- ITERATIONS]` (default 200)

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

mod rule_cases;
use rule_cases::cases;

fn main() -> ExitCode {
    let iterations: u32 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 200,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: judge_cases [ITERATIONS > 0]");
            return ExitCode::from(2);
        }
    };
    let mut rows: Vec<(f64, &str, usize)> = Vec::new();
    for (id, referee) in cases() {
        let referee = match referee {
            Ok(r) => r,
            Err(e) => {
                eprintln!("skipped: {e}");
                continue;
            }
        };
        // Fresh clones classify every move again, as a fresh referee would;
        // they are made before the timing starts.
        let fresh: Vec<_> = (0..iterations).map(|_| referee.clone()).collect();
        let start = Instant::now();
        for r in &fresh {
            black_box(r.ruling());
        }
        let micros = start.elapsed().as_secs_f64() * 1e6 / f64::from(iterations);
        rows.push((micros, id, referee.plies()));
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
