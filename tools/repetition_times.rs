//! How long judging each repetition of the corpus master games takes, one
//! at a time: every referee of `rule_cases::corpus_repetitions`, judged on
//! a fresh clone in 20 passes over them all, the best time of each kept.
//! A ruling is timed between others, as a judge meets it, not 20 times in
//! a row (which trains the branch predictor on that one ruling and reads
//! about a fifth lower); and its 20 timings are spread over the run, so
//! that a slow spell of the shared machine does not slow all of them
//! (the median moves by ±0.1 µs from run to run). Prints the median, the
//! quartiles and how many are judged within 5 µs (the target for a
//! 4-ply cycle), of all of them and of the 4-ply cycles alone, then the
//! mean, the tail's percentiles and the share of the time the slowest tenth
//! take. The machine is shared: compare builds in one session.
//!
//! `cargo run --release --example repetition_times -- ../shared/data [cxa2011|cxa2020|axf]`

use std::hint::black_box;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use xqarbiter::rules::RuleSet;

mod rule_cases;
use rule_cases::corpus_repetitions;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(data) = args.next() else {
        eprintln!("usage: repetition_times DATA_FOLDER [cxa2011|cxa2020|axf]");
        return ExitCode::from(2);
    };
    let rules = match args.next().map(|a| a.parse::<RuleSet>()) {
        None => RuleSet::Cxa2020,
        Some(Ok(rules)) => rules,
        Some(Err(e)) => {
            eprintln!("repetition_times: {e}");
            return ExitCode::from(2);
        }
    };
    let referees = corpus_repetitions(&Path::new(&data).join("corpus"), rules);
    if referees.is_empty() {
        eprintln!("repetition_times: no repetition found under {data}/corpus");
        return ExitCode::from(2);
    }
    // Told apart on a copy: a referee that has ruled keeps its natures.
    let four_plies: Vec<bool> = referees
        .iter()
        .map(|r| {
            r.clone()
                .ruling()
                .repetition
                .is_some_and(|rep| rep.moves.len() == 4)
        })
        .collect();
    let mut micros = vec![f64::MAX; referees.len()];
    // Pass after pass over all of them: see the module's comment.
    for _ in 0..20 {
        for (best, referee) in micros.iter_mut().zip(&referees) {
            let fresh = referee.clone();
            let start = Instant::now();
            black_box(fresh.ruling());
            *best = best.min(start.elapsed().as_secs_f64() * 1e6);
        }
    }
    let mut cycles: Vec<f64> = micros
        .iter()
        .zip(&four_plies)
        .filter_map(|(&t, &four)| four.then_some(t))
        .collect();
    micros.sort_by(f64::total_cmp);
    cycles.sort_by(f64::total_cmp);
    println!("{}", spread(&format!("repetitions ({rules})"), &micros));
    if !cycles.is_empty() {
        println!("{}", spread("of them 4-ply cycles", &cycles));
    }
    let n = micros.len();
    // The mean is the tail's: a few repetitions with deep searches by checks cost the most.
    let total: f64 = micros.iter().sum();
    let slowest_tenth: f64 = micros[n * 9 / 10..].iter().sum();
    println!(
        "mean {:.1} µs; 90th percentile {:.1} µs, 99th {:.1} µs, slowest {:.1} µs; \
         the slowest tenth take {:.0}% of the time",
        total / n as f64,
        micros[n * 9 / 10],
        micros[n * 99 / 100],
        micros[n - 1],
        100.0 * slowest_tenth / total
    );
    ExitCode::SUCCESS
}

/// How many of `what` the sorted `micros` time, their median and quartiles,
/// and how many are judged within 5 µs.
fn spread(what: &str, micros: &[f64]) -> String {
    let n = micros.len();
    let quick = micros.iter().filter(|&&t| t <= 5.0).count();
    format!(
        "{n} {what}: median {:.1} µs (quartiles {:.1}, {:.1}); within 5 µs: {quick} ({:.0}%)",
        micros[n / 2],
        micros[n / 4],
        micros[3 * n / 4],
        100.0 * quick as f64 / n as f64
    )
}
