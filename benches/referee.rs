//! Referee costs: judging a repetition cycle, and replaying a whole game with
//! no repetition (a hash probe per ply).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

use xqarbiter::board::{Move, Position};
use xqarbiter::referee::Referee;
use xqarbiter::rules::RuleSet;

/// A rule case from the project's table: (rules, fen, moves).
fn case(id: &str) -> (RuleSet, Position, Vec<Move>) {
    let text = include_str!("../positions/repetition.tsv");
    let line = text
        .lines()
        .find(|l| l.split('\t').next() == Some(id))
        .expect("case in table");
    let f: Vec<&str> = line.split('\t').collect();
    let moves = f[3]
        .split_whitespace()
        .map(|m| Move::parse_uci(m).expect("move"))
        .collect();
    (
        f[1].parse().expect("rules"),
        Position::from_fen(f[2]).expect("fen"),
        moves,
    )
}

/// A 150-ply game from the start position that never repeats a position:
/// a seeded random playout, skipping moves that would repeat or end the game.
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

fn bench(c: &mut Criterion) {
    for id in ["CXA-图6", "CXA-图2", "FSF-01"] {
        let (rules, start, moves) = case(id);
        let mut referee = Referee::with_rules(rules, start);
        for &m in &moves {
            referee.push(m).expect("legal");
        }
        c.bench_function(&format!("judge cycle {id} ({} plies)", moves.len()), |b| {
            b.iter(|| black_box(referee.clone()).ruling())
        });
    }
    // Every public case whose moves are one 4-ply cycle, judged in turn: the mean cost.
    let text = include_str!("../positions/repetition.tsv");
    let four: Vec<Referee> = text
        .lines()
        .skip(1)
        .filter_map(|l| {
            let id = l.split('\t').next()?;
            let (rules, start, moves) = case(id);
            if moves.len() != 4 {
                return None;
            }
            let mut referee = Referee::with_rules(rules, start);
            for &m in &moves {
                referee.push(m).ok()?;
            }
            // Judged on a clone, so that the bench's referee keeps no classified moves.
            referee
                .clone()
                .ruling()
                .repetition
                .is_some()
                .then_some(referee)
        })
        .collect();
    c.bench_function(
        &format!("judge all {} public 4-ply cycles", four.len()),
        |b| {
            b.iter(|| {
                for r in &four {
                    black_box(r.clone().ruling());
                }
            })
        },
    );
    let game = long_game();
    c.bench_function(
        &format!("replay {} plies, no repetition", game.len()),
        |b| {
            b.iter(|| {
                let mut referee = Referee::with_rules(RuleSet::Cxa2020, Position::startpos());
                for &m in &game {
                    black_box(referee.push(m).expect("legal"));
                }
                referee
            })
        },
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
