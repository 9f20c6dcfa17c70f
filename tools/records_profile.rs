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

use xqarbiter::notation::Notation;
use xqarbiter::record::{ReadOptions, read_games_from_bytes};

mod synthetic_games;
use synthetic_games::{dhtmlxq, pgn, random_games};

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
