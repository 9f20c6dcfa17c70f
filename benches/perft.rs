//! Perft throughput (leaves per second, bulk counting, one thread) on rows of
//! `positions/perft.tsv`: the start position and a middlegame.
//!
//! Run: `cargo bench --bench perft`; criterion prints the rate as `thrpt` in elements/s.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use xqarbiter::board::{Position, perft};

const TABLE: &str = include_str!("../positions/perft.tsv");
const DEPTH: u32 = 4;

/// The FEN of table row `id`.
fn fen_of(id: &str) -> &'static str {
    TABLE
        .lines()
        .find_map(|line| {
            let mut cells = line.split('\t');
            (cells.next() == Some(id)).then(|| cells.next()).flatten()
        })
        .unwrap_or_else(|| panic!("row {id} missing from perft.tsv"))
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft4");
    group.sample_size(20);
    // cpw1: the start position; pf6: a middlegame with all chariots and cannons on the board.
    for id in ["cpw1", "pf6"] {
        let pos = Position::from_fen(fen_of(id)).expect("table FENs are valid");
        let leaves = perft::perft(&mut pos.clone(), DEPTH);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(id, |b| {
            let mut p = pos.clone();
            b.iter(|| perft::perft(&mut p, DEPTH));
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
