//! Reading and replaying game files: synthetic collections of random legal
//! games (80–150 plies) written as PGN (ICCS, Chinese) and as DhtmlXQ, read
//! back through `read_games_from_bytes`. Reports games per second on one core.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use xqarbiter::board::{Move, Position};
use xqarbiter::notation::{Notation, render};
use xqarbiter::record::{ReadOptions, read_games, read_games_from_bytes};

const GAMES: usize = 2000;

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Random legal games from the initial position.
fn random_games(n: usize) -> Vec<Vec<Move>> {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    (0..n)
        .map(|_| {
            let plies = 80 + (rng.next() % 71) as usize;
            let mut pos = Position::startpos();
            let mut moves = Vec::with_capacity(plies);
            for _ in 0..plies {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[(rng.next() % legal.len() as u64) as usize];
                pos.play(mv);
                moves.push(mv);
            }
            moves
        })
        .collect()
}

fn pgn(games: &[Vec<Move>], notation: Notation) -> String {
    let mut out = String::new();
    for (i, g) in games.iter().enumerate() {
        out.push_str(&format!(
            "[Game \"Chinese Chess\"]\n[Event \"Bench\"]\n[Round \"{}\"]\n[Red \"R\"]\n[Black \"B\"]\n[Result \"*\"]\n",
            i + 1
        ));
        let mut pos = Position::startpos();
        for (ply, &mv) in g.iter().enumerate() {
            if ply % 2 == 0 {
                out.push_str(&format!("{}. ", ply / 2 + 1));
            }
            out.push_str(&render(&pos, mv, notation));
            out.push(' ');
            pos.play(mv);
        }
        out.push_str("*\n\n");
    }
    out
}

fn dhtmlxq(games: &[Vec<Move>]) -> String {
    let mut out = String::new();
    for g in games {
        out.push_str("[DhtmlXQ]\n[DhtmlXQ_red]R[/DhtmlXQ_red]\n[DhtmlXQ_result]红胜[/DhtmlXQ_result]\n[DhtmlXQ_movelist]");
        for mv in g {
            for sq in [mv.from(), mv.to()] {
                out.push(char::from(b'0' + sq.file().index() as u8));
                out.push(char::from(b'0' + 9 - sq.rank().index() as u8));
            }
        }
        out.push_str("[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n");
    }
    out
}

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
