//! What ruling after every push costs on a long shuttle without a capture:
//! a 4-ply cycle played over and over, the referee asked for the ruling
//! after each move (`ruling_after`, as a server does). Prints, for each
//! profile and length, the time, the time per ply, and the ratio of the
//! time per ply to that of the previous (half as long) run: about 1 when
//! the cost grows linearly with the plies, about 2 when it grows with their
//! square. Also prints a digest of every ruling made, so that two builds'
//! outputs show they ruled alike (compare the digests, not the times).
//!
//! `cargo run --release --example shuttle_cost -- [PLIES] [PROFILE…]`
//! (defaults: 50000, and the profiles cxa2020, axf, dqsz2017-slow and
//! cxa2020 with every move classified for the natural limit, as `rule`
//! asks). Each profile runs PLIES/4, PLIES/2 and PLIES plies.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::process::ExitCode;
use std::time::Instant;

use xqarbiter::board::{Move, Position};
use xqarbiter::referee::Referee;
use xqarbiter::rules::profile::Profile;

/// The shuttles: a start position and the cycle played from it. The first
/// is idle moves (an advisor and a king stepping), the second a perpetual
/// check, so that the cycle's moves are classified.
const SHUTTLES: [(&str, &str, [&str; 4]); 2] = [
    (
        "idle",
        "3k5/9/9/9/9/9/9/9/4A4/4K4 w",
        ["e1d2", "d9d8", "d2e1", "d8d9"],
    ),
    (
        "check",
        "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w",
        ["f0e0", "e8f8", "e0f0", "f8e8"],
    ),
];

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1).peekable();
    let plies = match args.next_if(|a| a.parse::<usize>().is_ok()) {
        Some(n) => n.parse().expect("checked"),
        None => 50_000,
    };
    let mut profiles: Vec<String> = args.collect();
    if profiles.is_empty() {
        profiles = ["cxa2020", "axf", "dqsz2017-slow", "cxa2020+detail"]
            .map(String::from)
            .into();
    }
    for spec in &profiles {
        let (name, detail) = match spec.strip_suffix("+detail") {
            Some(name) => (name, true),
            None => (spec.as_str(), false),
        };
        let Some(profile) = Profile::builtin(name) else {
            eprintln!("shuttle_cost: no built-in profile {name}");
            return ExitCode::from(2);
        };
        for (shuttle, fen, cycle) in SHUTTLES {
            let mut previous: Option<f64> = None;
            for n in [plies / 4, plies / 2, plies] {
                let (seconds, digest) = run(&profile, detail, fen, &cycle, n);
                let per_ply = seconds / n as f64 * 1e6;
                let growth = previous.map_or(String::from("-"), |p| format!("{:.2}", per_ply / p));
                println!(
                    "{spec} {shuttle} plies {n}: {seconds:.3} s, {per_ply:.2} µs/ply, growth {growth}, digest {digest:016x}"
                );
                previous = Some(per_ply);
            }
        }
    }
    ExitCode::SUCCESS
}

/// Plays `n` plies of `cycle` from `fen`, ruling after each; the seconds it
/// took and a digest of the rulings.
fn run(profile: &Profile, detail: bool, fen: &str, cycle: &[&str; 4], n: usize) -> (f64, u64) {
    let start = Position::from_fen(fen).expect("a valid FEN");
    let moves: Vec<Move> = cycle.iter().map(|m| m.parse().expect("a move")).collect();
    let mut referee = Referee::new(profile.clone(), start);
    referee.set_limit_detail(detail);
    let mut digest = DefaultHasher::new();
    let clock = Instant::now();
    for ply in 0..n {
        let event = referee.push(moves[ply % 4]).expect("the shuttle is legal");
        if let Some(ruling) = referee.ruling_after(event) {
            ruling.verdict.hash(&mut digest);
            ruling.reason.hash(&mut digest);
            let rep = ruling.repetition.as_ref();
            rep.map(|r| (r.first_ply, r.occurrences, r.alike))
                .hash(&mut digest);
            let limit = &ruling.natural_limit;
            (limit.plies, limit.since_ply, &limit.claimable_by).hash(&mut digest);
            // The whole ruling, now and then (its JSON costs more than the ruling).
            if ply % 997 == 0 {
                ruling.to_json().to_string().hash(&mut digest);
            }
        }
    }
    (clock.elapsed().as_secs_f64(), digest.finish())
}
