//! The bridge's overhead: `position` + `go depth 1` round trips against
//! Fairy-Stockfish directly and through `xqarbiter ucci --engine`, in both
//! engine protocols, interleaved trip by trip so that machine noise hits both
//! sides alike. Prints the means, medians and the difference per round trip.
//!
//! `cargo bench --bench bridge` (trips: `XQARBITER_BENCH_TRIPS`, default 1000).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use xqarbiter::board::{Move, Position};
use xqarbiter::ucci::{Dialect, EngineProtocol, FenLetters};

struct Peer {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    line: String,
}

impl Peer {
    fn start(program: &str, args: &[&str]) -> Peer {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        Peer {
            child,
            stdin,
            stdout,
            line: String::new(),
        }
    }

    fn send(&mut self, text: &str) {
        self.stdin.write_all(text.as_bytes()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn until(&mut self, prefix: &str) -> String {
        loop {
            self.line.clear();
            if self.stdout.read_line(&mut self.line).expect("read") == 0 {
                panic!("peer closed its output while waiting for {prefix}");
            }
            if self.line.starts_with(prefix) {
                return self.line.trim_end().to_string();
            }
        }
    }

    /// One `position` + `go` round trip; returns its duration.
    fn round_trip(&mut self, position: &str) -> Duration {
        let t = Instant::now();
        self.send(position);
        let answer = self.until("bestmove");
        let d = t.elapsed();
        assert!(!answer.contains("(none)"), "no move for {position}");
        d
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn engine() -> Option<String> {
    let fixed = Path::new("/usr/games/fairy-stockfish");
    if fixed.exists() {
        return Some(fixed.display().to_string());
    }
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|p| p.join("fairy-stockfish"))
        .find(|p| p.exists())
        .map(|p| p.display().to_string())
}

/// A deterministic game of `plies` moves (a varied choice among the legal moves).
fn game(plies: usize) -> Vec<Move> {
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    for i in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[(i * 7 + 3) % legal.len()];
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    moves
}

/// A position that closed a cycle (public case CXA-图17): the bridge must
/// rule on it and ban Red's repeating move before each `go`.
const CYCLE_FEN: &str = "1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w - - 0 1";
const CYCLE_MOVES: [&str; 4] = ["b7b8", "d8d7", "b8b7", "d7d8"];

/// The round trips' workload.
#[derive(Copy, Clone)]
enum Workload {
    /// Prefixes (0–60 plies) of one game without repetitions.
    Game,
    /// The same position after a perpetual-check cycle, with a ban to compute.
    Cycle,
}

/// `position … moves …` + `go depth 1` for trip `i`, in `dialect`'s coordinates.
fn command(work: Workload, moves: &[Move], i: usize, dialect: &Dialect) -> String {
    match work {
        Workload::Game => game_command(moves, i % (moves.len() + 1), dialect),
        Workload::Cycle => {
            let list: Vec<String> = CYCLE_MOVES
                .iter()
                .filter_map(|m| Move::parse_uci(m).ok())
                .map(|m| dialect.move_text(m))
                .collect();
            format!(
                "position fen {CYCLE_FEN} moves {}\ngo depth 1\n",
                list.join(" ")
            )
        }
    }
}

/// `position startpos moves …` + `go depth 1` for the first `n` moves.
fn game_command(moves: &[Move], n: usize, dialect: &Dialect) -> String {
    let mut s = String::from("position startpos");
    if n > 0 {
        s.push_str(" moves");
        for &m in &moves[..n] {
            s.push(' ');
            s.push_str(&dialect.move_text(m));
        }
    }
    s.push_str("\ngo depth 1\n");
    s
}

/// Mean, median and 90th percentile in milliseconds.
fn stats(samples: &mut [Duration]) -> (f64, f64, f64) {
    samples.sort();
    let mean = samples.iter().map(Duration::as_secs_f64).sum::<f64>() / samples.len() as f64;
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;
    (mean * 1e3, at(0.5), at(0.9))
}

fn measure(engine: &str, protocol: EngineProtocol, work: Workload, trips: usize) {
    let (name, hello, ok, rank_base) = match protocol {
        EngineProtocol::Ucci => ("ucci", "ucci\n", "ucciok", 0),
        EngineProtocol::Uci => (
            "uci",
            "uci\nsetoption name UCI_Variant value xiangqi\n",
            "uciok",
            1,
        ),
    };
    let direct_dialect = Dialect {
        protocol,
        rank_base,
        millis: true,
        go_infinite: true,
        letters: FenLetters::Standard,
        increments: true,
        cp_mate: None,
    };
    let gui_dialect = Dialect {
        protocol: EngineProtocol::Ucci,
        rank_base: 0,
        millis: true,
        go_infinite: false,
        letters: FenLetters::Standard,
        increments: true,
        cp_mate: None,
    };
    let mut direct = Peer::start(engine, &[]);
    direct.send(hello);
    direct.until(ok);
    direct.send("isready\n");
    direct.until("readyok");
    let bin = env!("CARGO_BIN_EXE_xqarbiter");
    let mut bridge = Peer::start(
        bin,
        &[
            "ucci",
            "--profile",
            "cxa2020",
            "--engine",
            engine,
            "--engine-protocol",
            name,
        ],
    );
    bridge.send("ucci\n");
    bridge.until("ucciok");
    bridge.send("isready\n");
    bridge.until("readyok");

    let moves = game(60);
    let warmup = 50;
    let mut d_samples = Vec::with_capacity(trips);
    let mut b_samples = Vec::with_capacity(trips);
    for i in 0..trips + warmup {
        let d = direct.round_trip(&command(work, &moves, i, &direct_dialect));
        let b = bridge.round_trip(&command(work, &moves, i, &gui_dialect));
        if i >= warmup {
            d_samples.push(d);
            b_samples.push(b);
        }
    }
    let (dm, dmed, d90) = stats(&mut d_samples);
    let (bm, bmed, b90) = stats(&mut b_samples);
    let what = match work {
        Workload::Game => format!("position (0-{} plies of a game)", moves.len()),
        Workload::Cycle => "position after a perpetual-check cycle (one ban)".to_string(),
    };
    println!("{name:>4} engine, {trips} round trips of {what} + go depth 1:");
    println!("     direct: mean {dm:.3} ms, median {dmed:.3} ms, p90 {d90:.3} ms");
    println!("     bridge: mean {bm:.3} ms, median {bmed:.3} ms, p90 {b90:.3} ms");
    println!(
        "     overhead: mean {:.3} ms, median {:.3} ms per round trip (bridge/direct = {:.2}x)",
        bm - dm,
        bmed - dmed,
        bm / dm
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes nothing of ours either.
    let Some(engine) = engine() else {
        println!("note: fairy-stockfish not found; bridge overhead not measured");
        return;
    };
    let trips = std::env::var("XQARBITER_BENCH_TRIPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    for work in [Workload::Game, Workload::Cycle] {
        measure(&engine, EngineProtocol::Ucci, work, trips);
        measure(&engine, EngineProtocol::Uci, work, trips);
    }
}
