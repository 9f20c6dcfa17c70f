//! Drives the referee for instruction-count profiling (valgrind callgrind):
//! judges a repetition case from `positions/repetition.tsv`, or replays the
//! bench's 150-ply game, `N` times. Run with two values of `N` and divide the
//! difference of the instruction counts to get the cost of one operation.
//!
//! `cargo build --release --example referee_profile`
//! `valgrind --tool=callgrind target/release/examples/referee_profile CASE N`
//! (`CASE` = a case id such as `CXA-图2`, or `replay`)

use std::hint::black_box;
use std::process::ExitCode;

use xqarbiter::board::{Move, Position};
use xqarbiter::referee::Referee;
use xqarbiter::rules::RuleSet;

/// The case's referee after its moves, or a message saying what is wrong.
fn case(id: &str) -> Result<Referee, String> {
    let text = include_str!("../positions/repetition.tsv");
    let line = text
        .lines()
        .find(|l| l.split('\t').next() == Some(id))
        .ok_or_else(|| format!("no case {id} in positions/repetition.tsv"))?;
    let f: Vec<&str> = line.split('\t').collect();
    let (Some(rules), Some(fen), Some(moves)) = (f.get(1), f.get(2), f.get(3)) else {
        return Err(format!("case {id}: too few fields"));
    };
    let rules: RuleSet = rules.parse().map_err(|e| format!("case {id}: {e}"))?;
    let start = Position::from_fen(fen).map_err(|e| format!("case {id}: {e}"))?;
    let mut referee = Referee::with_rules(rules, start);
    for m in moves.split_whitespace() {
        let mv = Move::parse_uci(m).map_err(|e| format!("case {id}: {e}"))?;
        referee.push(mv).map_err(|e| format!("case {id}: {e}"))?;
    }
    Ok(referee)
}

/// The bench's game: a seeded random playout of 150 plies that never repeats
/// a position nor ends the game.
fn long_game() -> Vec<Move> {
    let mut pos = Position::startpos();
    let mut seen = std::collections::HashSet::new();
    seen.insert(pos.key());
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut moves = Vec::new();
    while moves.len() < 150 {
        let legal = pos.legal_moves();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let start = (state % legal.len() as u64) as usize;
        let pick = (0..legal.len())
            .map(|i| legal[(start + i) % legal.len()])
            .find(|&m| {
                let mut next = pos.clone();
                next.play(m);
                !seen.contains(&next.key()) && !next.has_no_legal_moves()
            });
        let Some(mv) = pick else { break };
        pos.play(mv);
        seen.insert(pos.key());
        moves.push(mv);
    }
    moves
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(id), Some(n)) = (
        args.first(),
        args.get(1).and_then(|n| n.parse::<u32>().ok()),
    ) else {
        eprintln!("usage: referee_profile CASE|replay N");
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
    ExitCode::SUCCESS
}
