//! Drives the referee for instruction-count profiling (valgrind callgrind):
//! judges a repetition case from `positions/repetition.tsv`, the bench's 200
//! cycles from random games (CXA 2020), every repetition of the corpus master
//! games (`corpus`, with `XQARBITER_CORPUS` naming the shared data folder),
//! or replays the bench's 150-ply game, `N` times. Run with two values of `N`
//! and divide the difference of the instruction counts to get the cost of one
//! operation; that cost includes the copy of the referee each judgement is
//! made on. To count the rulings alone, collect only inside them and divide
//! by `N` (for `random` and `corpus` the count also holds the rulings made
//! while the cycles are found, so compare two builds, not the absolute):
//!
//! `cargo build --release --example referee_profile`
//! `valgrind --tool=callgrind target/release/examples/referee_profile CASE N`
//! `valgrind --tool=callgrind --toggle-collect='*Referee::ruling*' target/release/examples/referee_profile CASE N`
//! (`CASE` = a case id such as `CXA-图2`, `random`, `corpus`, or `replay`)
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
    if id == "random" || id == "corpus" {
        let cycles = if id == "random" {
            random_game_cycles(RuleSet::Cxa2020, 200)
        } else {
            let Some(data) = std::env::var_os("XQARBITER_CORPUS") else {
                eprintln!("corpus: set XQARBITER_CORPUS to the shared data folder");
                return ExitCode::FAILURE;
            };
            corpus_repetitions(&Path::new(&data).join("corpus"), RuleSet::Cxa2020)
        };
        #[cfg(feature = "question-counts")]
        xqarbiter::rules::question_counts::clear();
        for _ in 0..n {
            for referee in &cycles {
                black_box(black_box(referee.clone()).ruling());
            }
        }
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
