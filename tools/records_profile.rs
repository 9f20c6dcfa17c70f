//! Drives the record readers for instruction-count profiling (valgrind
//! callgrind): builds the records bench's 2,000 random games in one format and
//! reads them back `N` times. Run with two values of `N` and divide the
//! difference of the instruction counts by 2,000 × the difference of `N` to
//! get the cost of reading and replaying one game.
//!
//! `cargo build --release --example records_profile`
//! `valgrind --tool=callgrind target/release/examples/records_profile FORMAT N`
//! (`FORMAT` = `iccs`, `chinese` or `dhtmlxq`)

use std::hint::black_box;
use std::process::ExitCode;

use xqarbiter::board::{Move, Position};
use xqarbiter::notation::{Notation, render};
use xqarbiter::record::{ReadOptions, read_games_from_bytes};

/// The bench's games: seeded random legal games of 80–150 plies.
fn random_games(n: usize) -> Vec<Vec<Move>> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..n)
        .map(|_| {
            let plies = 80 + (next() % 71) as usize;
            let mut pos = Position::startpos();
            let mut moves = Vec::with_capacity(plies);
            for _ in 0..plies {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[(next() % legal.len() as u64) as usize];
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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(format), Some(Ok(n))) = (args.first(), args.get(1).map(|n| n.parse::<usize>()))
    else {
        eprintln!("usage: records_profile iccs|chinese|dhtmlxq N");
        return ExitCode::FAILURE;
    };
    let games = random_games(2000);
    let (text, file) = match format.as_str() {
        "iccs" => (pgn(&games, Notation::Iccs), "bench.pgn"),
        "chinese" => (pgn(&games, Notation::Chinese), "bench.pgn"),
        "dhtmlxq" => (dhtmlxq(&games), "bench.ubb"),
        other => {
            eprintln!("unknown format {other}");
            return ExitCode::FAILURE;
        }
    };
    let (mut read, mut plies) = (0, 0);
    for _ in 0..n {
        match read_games_from_bytes(black_box(text.as_bytes()), file, &ReadOptions::default()) {
            Ok(g) => {
                for game in g.iter().flatten().filter(|g| g.illegal.is_none()) {
                    read += 1;
                    plies += game.moves.len();
                }
            }
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    println!("{read} games read without an illegal move, {plies} plies");
    ExitCode::SUCCESS
}
