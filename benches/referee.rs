//! Referee costs: judging a repetition cycle (rulebook cases, cycles from
//! random games, and every repetition of the corpus master games when
//! `XQARBITER_CORPUS` names the shared data folder), judging a cycle again
//! once its moves are classified, and replaying a whole game with no
//! repetition (a hash probe per ply).

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;

use xqarbiter::board::Position;
use xqarbiter::referee::Referee;
use xqarbiter::rules::RuleSet;

#[path = "../tools/rule_cases.rs"]
mod rule_cases;
use rule_cases::{case, cases, corpus_repetitions, long_game, random_game_cycles};

fn bench(c: &mut Criterion) {
    for id in ["CXA-图6", "CXA-图2", "FSF-01"] {
        let referee = case(id).expect("a playable case");
        c.bench_function(
            &format!("judge cycle {id} ({} plies)", referee.plies()),
            // A fresh clone per run, made outside the timing: a referee that has
            // ruled keeps the natures it classified.
            |b| b.iter_batched_ref(|| referee.clone(), |r| r.ruling(), BatchSize::SmallInput),
        );
    }
    // The decisive ruling of a game: the cycle played a third time, its moves
    // classified when it stood the second time (as a referee ruling after
    // every move has them), so that only the verdict is worked out again.
    let mut again = case("CXA-图2").expect("a playable case");
    again.ruling();
    let cycle: Vec<_> = again.moves().collect();
    for &mv in &cycle {
        again.push(mv).expect("the cycle is legal again");
    }
    again.ruling();
    c.bench_function("judge cycle CXA-图2 again, its moves classified", |b| {
        b.iter(|| black_box(&again).ruling())
    });
    // Every public case whose moves are one 4-ply cycle, judged in turn: the mean cost.
    let four: Vec<Referee> = cases()
        .filter_map(|(_, r)| r.ok())
        .filter(|r| r.plies() == 4)
        // Judged on a clone, so that the bench's referee keeps no classified moves.
        .filter(|r| r.clone().ruling().repetition.is_some())
        .collect();
    judge_each(
        c,
        &format!("judge all {} public 4-ply cycles", four.len()),
        &four,
    );
    for rules in [RuleSet::Cxa2020, RuleSet::Axf] {
        let random = random_game_cycles(rules, 200);
        let name = format!(
            "judge {} 4-ply cycles from random games ({rules})",
            random.len()
        );
        judge_each(c, &name, &random);
    }
    match std::env::var_os("XQARBITER_CORPUS") {
        Some(data) => {
            let real = corpus_repetitions(&Path::new(&data).join("corpus"), RuleSet::Cxa2020);
            let name = format!("judge {} repetitions of master games (cxa2020)", real.len());
            judge_each(c, &name, &real);
        }
        None => eprintln!(
            "note: XQARBITER_CORPUS is not set; the master-game repetitions are not benched"
        ),
    }
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

/// Benches ruling after the last move of every referee of `referees`, each
/// judged on a fresh clone (made outside the timing) so that no classified
/// move is kept between runs.
fn judge_each(c: &mut Criterion, name: &str, referees: &[Referee]) {
    c.bench_function(name, |b| {
        b.iter_batched_ref(
            || referees.to_vec(),
            |fresh| {
                for r in fresh.iter() {
                    black_box(r.ruling());
                }
            },
            BatchSize::LargeInput,
        )
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
