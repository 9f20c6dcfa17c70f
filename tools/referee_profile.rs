//! Drives the referee for instruction-count profiling (valgrind callgrind):
//! judges a repetition case from `positions/repetition.tsv`, the bench's 200
//! cycles from random games (CXA 2020), every repetition of the corpus master
//! games (`corpus`, with `XQARBITER_CORPUS` naming the shared data folder),
//! the middle half of those by judging time (`middle`, below), or replays the
//! bench's 150-ply game, `N` times. Run with two values of `N`
//! and divide the difference of the instruction counts to get the cost of one
//! operation; that cost includes the copy of the referee each judgement is
//! made on. To count the rulings alone, collect only inside them and divide
//! by `N`; for `random`, `corpus` and `middle` collect inside `judge_all`
//! instead (collecting inside the rulings would count too those made while
//! the cycles are found), and read the rulings' share in its breakdown:
//!
//! `cargo build --release --example referee_profile`
//! `valgrind --tool=callgrind target/release/examples/referee_profile CASE N`
//! `valgrind --tool=callgrind --toggle-collect='*Referee::ruling*' target/release/examples/referee_profile CASE N`
//! `valgrind --tool=callgrind --toggle-collect='*judge_all*' target/release/examples/referee_profile middle N`
//! (`CASE` = a case id such as `CXA-图2`, `random`, `corpus`, `middle`, or `replay`)
//!
//! `middle` profiles the typical repetition, whose cost the median of
//! `repetition_times` reports: the corpus repetitions between the quartiles
//! of judging time. Timings vary from run to run, so the set is kept in the
//! file named by `XQARBITER_MIDDLE`: written (the repetitions' indices, one
//! a line) when the file does not exist, read when it does, so that two
//! builds are profiled on the same repetitions.
//!
//! Built with the feature `question-counts`, it prints on stderr the searches
//! for mate that the `N` rounds of rulings asked, by question
//! ([`xqarbiter::rules::question_counts`]; the rulings made while the cycles
//! are found are not counted):
//!
//! `cargo run --release --features question-counts --example referee_profile random 1`

use std::hint::black_box;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use xqarbiter::board::Position;
use xqarbiter::referee::Referee;
use xqarbiter::rules::RuleSet;

mod rule_cases;
use rule_cases::{case, corpus_repetitions, long_game, random_game_cycles};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(id), Some(n)) = (
        args.first(),
        args.get(1).and_then(|n| n.parse::<u32>().ok()),
    ) else {
        eprintln!("usage: referee_profile CASE|replay|random|corpus N");
        return ExitCode::FAILURE;
    };
    if id == "replay" {
        let game = long_game();
        for _ in 0..n {
            let mut referee = Referee::with_rules(RuleSet::Cxa2020, Position::startpos());
            for &m in &game {
                if let Err(e) = referee.push(m) {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            }
            black_box(referee);
        }
        return ExitCode::SUCCESS;
    }
    if id == "random" || id == "corpus" || id == "middle" {
        let cycles = if id == "random" {
            random_game_cycles(RuleSet::Cxa2020, 200)
        } else {
            let Some(data) = std::env::var_os("XQARBITER_CORPUS") else {
                eprintln!("corpus: set XQARBITER_CORPUS to the shared data folder");
                return ExitCode::FAILURE;
            };
            let all = corpus_repetitions(&Path::new(&data).join("corpus"), RuleSet::Cxa2020);
            if id == "corpus" {
                all
            } else {
                match middle_half(all) {
                    Ok(middle) => middle,
                    Err(e) => {
                        eprintln!("middle: {e}");
                        return ExitCode::FAILURE;
                    }
                }
            }
        };
        #[cfg(feature = "question-counts")]
        xqarbiter::rules::question_counts::clear();
        judge_all(&cycles, n);
        print_question_counts();
        return ExitCode::SUCCESS;
    }
    let referee = match case(id) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    for _ in 0..n {
        black_box(black_box(referee.clone()).ruling());
    }
    print_question_counts();
    ExitCode::SUCCESS
}

/// Prints on stderr the searches for mate counted by question, with the
/// feature `question-counts` (without it, nothing).
fn print_question_counts() {
    #[cfg(feature = "question-counts")]
    eprint!("{}", xqarbiter::rules::question_counts::report());
}

/// Judges each referee of `cycles` on a fresh copy, `n` rounds; a function
/// of its own, so that a profile can collect it alone (`--toggle-collect`).
#[inline(never)]
fn judge_all(cycles: &[Referee], n: u32) {
    for _ in 0..n {
        for referee in cycles {
            black_box(black_box(referee.clone()).ruling());
        }
    }
}

/// The repetitions of `all` between the quartiles of judging time, by the
/// indices in the file named by `XQARBITER_MIDDLE`, which is written first
/// (each judged 5 times, the best time kept) if it does not exist.
fn middle_half(all: Vec<Referee>) -> Result<Vec<Referee>, String> {
    let file = std::env::var_os("XQARBITER_MIDDLE")
        .ok_or("set XQARBITER_MIDDLE to the file that keeps the set")?;
    let indices: Vec<usize> = match std::fs::read_to_string(&file) {
        Ok(text) => text
            .lines()
            .map(|l| l.parse().map_err(|e| format!("{l:?}: {e}")))
            .collect::<Result<_, _>>()?,
        Err(_) => {
            let mut timed: Vec<(Duration, usize)> = all
                .iter()
                .enumerate()
                .map(|(i, referee)| (best_of_five(referee), i))
                .collect();
            timed.sort();
            let n = timed.len();
            let mut middle: Vec<usize> = timed[n / 4..3 * n / 4].iter().map(|t| t.1).collect();
            middle.sort_unstable();
            let text: String = middle.iter().map(|i| format!("{i}\n")).collect();
            std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.to_string_lossy()))?;
            middle
        }
    };
    indices
        .iter()
        .map(|&i| all.get(i).cloned().ok_or(format!("no repetition {i}")))
        .collect()
}

/// The shortest of five rulings of `referee`, each on a fresh copy.
fn best_of_five(referee: &Referee) -> Duration {
    (0..5)
        .map(|_| {
            let fresh = referee.clone();
            let start = Instant::now();
            black_box(fresh.ruling());
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}
