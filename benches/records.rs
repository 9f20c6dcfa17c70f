//! Reading and replaying game files: synthetic collections of random legal
//! games (80–150 plies) written as PGN (ICCS, Chinese) and as DhtmlXQ, read
//! back through `read_games_from_bytes`. Reports games per second on one core.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use xqarbiter::notation::Notation;
use xqarbiter::record::{ReadOptions, read_games, read_games_from_bytes};

#[path = "../tools/synthetic_games.rs"]
mod synthetic_games;
use synthetic_games::{dhtmlxq, pgn, random_games};

const GAMES: usize = 2000;

fn bench(c: &mut Criterion) {
    let games = random_games(GAMES);
    let plies: usize = games.iter().map(Vec::len).sum();
    eprintln!("{GAMES} games, {plies} plies");
    let inputs = [
        ("pgn_iccs", pgn(&games, Notation::Iccs), "bench.pgn"),
        ("pgn_chinese", pgn(&games, Notation::Chinese), "bench.pgn"),
        ("dhtmlxq", dhtmlxq(&games), "bench.ubb"),
    ];
    let mut group = c.benchmark_group("read_replay");
    group.throughput(Throughput::Elements(GAMES as u64));
    group.sample_size(10);
    for (name, text, file) in &inputs {
        let check = read_games_from_bytes(text.as_bytes(), file, &ReadOptions::default()).unwrap();
        assert_eq!(check.len(), GAMES);
        assert!(
            check
                .iter()
                .all(|g| g.as_ref().is_ok_and(|g| g.illegal.is_none()))
        );
        group.bench_function(*name, |b| {
            b.iter(|| {
                read_games_from_bytes(text.as_bytes(), file, &ReadOptions::default())
                    .unwrap()
                    .len()
            })
        });
    }
    // The streaming path of `read_games` (games read and dropped one by one), from a file.
    let path = std::env::temp_dir().join(format!("xqarbiter-bench-{}.pgn", std::process::id()));
    std::fs::write(&path, &inputs[0].1).unwrap();
    group.bench_function("pgn_iccs_streamed", |b| {
        b.iter(|| {
            read_games(&path, &ReadOptions::default())
                .unwrap()
                .filter(|g| g.is_ok())
                .count()
        })
    });
    group.finish();
    let _ = std::fs::remove_file(&path);
}

criterion_group!(benches, bench);
criterion_main!(benches);
