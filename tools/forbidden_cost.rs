//! What `Referee::forbidden_moves` costs, as the UCCI bridge and a GUI call
//! it: after every ply of the public rule cases (each played twice over, so
//! that its cycle stands a third time) and of random games that end in a
//! shuttle. `bridge`: a fresh referee replays the game up to the ply and
//! rules once before the moves are asked for, as the bridge does at every
//! `go`; `game`: one referee is pushed each move, ruled on and asked, as a
//! GUI that greys out moves does. Prints the time spent in
//! `forbidden_moves` alone, per call, and per call in the positions where
//! a legal move repeats a position (the others cost a move generation),
//! and a digest of every answer (the moves and their rulings), so that two
//! builds' outputs show they answer alike.
//!
//! `cargo run --release --example forbidden_cost -- [GAMES] [RUNS]`
//! (defaults: 300 random games, best of 3 runs)

use std::collections::HashSet;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use xqarbiter::board::{Move, Position};
use xqarbiter::referee::Referee;
use xqarbiter::rules::RuleSet;

#[path = "rule_cases.rs"]
mod rule_cases;
use rule_cases::random_cycles::random_cycle;
use rule_cases::xorshift::XorShift;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let parse = |a: Option<String>, default: usize| a.map_or(Some(default), |a| a.parse().ok());
    let (Some(n), Some(runs)) = (parse(args.next(), 300), parse(args.next(), 3)) else {
        eprintln!("usage: forbidden_cost [GAMES] [RUNS]");
        return ExitCode::from(2);
    };
    let games = games(n);
    let plies: usize = games.iter().map(|(_, _, m)| m.len()).sum();
    println!("{} games, {plies} plies", games.len());
    for mode in ["bridge", "game"] {
        let mut best = [Duration::MAX; 2];
        let (mut digest, mut repeating) = (0, 0);
        for _ in 0..runs {
            let (spent, n, d) = run(&games, mode == "bridge");
            best = [best[0].min(spent[0]), best[1].min(spent[1])];
            (repeating, digest) = (n, d);
        }
        let micros = |d: Duration, n: usize| d.as_secs_f64() * 1e6 / n as f64;
        println!(
            "{mode}: {:.3} s in forbidden_moves, {:.2} µs per call; {:.2} µs per call in the {repeating} positions where a move repeats one (best of {runs}); digest {digest:016x}",
            (best[0] + best[1]).as_secs_f64(),
            micros(best[0] + best[1], plies),
            micros(best[1], repeating),
        );
    }
    ExitCode::SUCCESS
}

/// The rule cases' games (their moves played twice) under their rule sets,
/// and `n` random games ending in a shuttle played twice, under CXA 2020
/// and AXF in turn.
fn games(n: usize) -> Vec<(RuleSet, Position, Vec<Move>)> {
    let mut out = Vec::new();
    for (_, referee) in rule_cases::cases() {
        let Ok(referee) = referee else { continue };
        let moves: Vec<Move> = referee.moves().collect();
        let mut twice = referee.clone();
        let again = moves.iter().all(|&m| twice.push(m).is_ok());
        let moves = if again {
            [&moves[..], &moves[..]].concat()
        } else {
            moves
        };
        out.push((referee.rules(), referee.start().clone(), moves));
    }
    let mut rng = XorShift(0xf0bb_1dde_0000_0001);
    while out.len() < n + 150 {
        let plies = 8 + rng.below(60);
        if let Some((start, moves)) = random_cycle(&mut rng, plies, 2) {
            let rules = [RuleSet::Cxa2020, RuleSet::Axf][out.len() % 2];
            out.push((rules, start, moves));
        }
    }
    out
}

/// The time spent in `forbidden_moves` after every ply of every game (where
/// no legal move repeats a position, and where one does), how many
/// positions have such a move, and a digest of the answers.
fn run(games: &[(RuleSet, Position, Vec<Move>)], fresh: bool) -> ([Duration; 2], usize, u64) {
    let mut spent = [Duration::ZERO; 2];
    let mut repeating = 0;
    let mut digest = DefaultHasher::new();
    for (rules, start, moves) in games {
        let mut seen = HashSet::from([start.key()]);
        let mut referee = Referee::with_rules(*rules, start.clone());
        for (i, &mv) in moves.iter().enumerate() {
            if fresh {
                referee = Referee::with_rules(*rules, start.clone());
                for &m in &moves[..=i] {
                    referee.push(m).expect("legal");
                }
            } else {
                referee.push(mv).expect("legal");
            }
            referee.ruling();
            seen.insert(referee.position().key());
            let pos = referee.position();
            let repeats = pos.legal_moves().into_iter().any(|m| {
                let mut after = pos.clone();
                after.play_unchecked(m);
                seen.contains(&after.key())
            });
            repeating += usize::from(repeats);
            let clock = Instant::now();
            let forbidden = referee.forbidden_moves();
            spent[usize::from(repeats)] += clock.elapsed();
            for f in forbidden {
                (f.mv, format!("{:?}", f.ruling)).hash(&mut digest);
            }
            i.hash(&mut digest);
        }
    }
    (spent, repeating, digest.finish())
}
