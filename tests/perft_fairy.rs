//! Differential perft against Fairy-Stockfish on random reachable positions.
//!
//! The engine is looked up as `$XQARBITER_FSF`, then `fairy-stockfish` on PATH, then
//! `/usr/games/fairy-stockfish`. Without it the test prints a note and passes, unless
//! `XQARBITER_REQUIRE_ENGINE` is set (as in CI), in which case it fails.
//! `tools/perft_vs_fairy.py` is the larger, command-line version of this check.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use xqarbiter::board::{Position, perft};

const POSITIONS: usize = 60;
const DEPTH: u32 = 3;
const MAX_PLIES: u64 = 140;

fn find_engine() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("XQARBITER_FSF") {
        return Some(PathBuf::from(p));
    }
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("fairy-stockfish"))
            .find(|p| p.is_file())
    });
    on_path.or_else(|| {
        let p = PathBuf::from("/usr/games/fairy-stockfish");
        p.is_file().then_some(p)
    })
}

struct Fairy {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Fairy {
    fn start(path: &PathBuf) -> Fairy {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", path.display()));
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut fsf = Fairy {
            child,
            stdin,
            stdout,
        };
        fsf.send("uci");
        fsf.read_until("uciok");
        fsf.send("setoption name UCI_Variant value xiangqi");
        fsf.send("isready");
        fsf.read_until("readyok");
        fsf
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write to Fairy-Stockfish");
        self.stdin.flush().expect("flush to Fairy-Stockfish");
    }

    /// Reads lines up to and including the first one starting with `prefix`.
    fn read_until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self
                .stdout
                .read_line(&mut line)
                .expect("read Fairy-Stockfish");
            assert!(
                n > 0,
                "Fairy-Stockfish exited while we waited for {prefix:?}"
            );
            let line = line.trim().to_string();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// `go perft depth` on `fen`: root moves (converted to ranks 0–9) with their counts.
    fn divide(&mut self, fen: &str, depth: u32) -> BTreeMap<String, u64> {
        self.send(&format!("position fen {fen}"));
        self.send(&format!("go perft {depth}"));
        let lines = self.read_until("Nodes searched:");
        lines
            .iter()
            .filter_map(|l| {
                let (mv, n) = l.split_once(": ")?;
                Some((ucci_from_fsf(mv)?, n.parse().ok()?))
            })
            .collect()
    }
}

impl Drop for Fairy {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

/// `h3e3` (Fairy-Stockfish, ranks 1–10) to `h2e2` (UCCI, ranks 0–9).
fn ucci_from_fsf(mv: &str) -> Option<String> {
    let split = mv
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_alphabetic())?
        .0;
    let (a, b) = mv.split_at(split);
    let square = |s: &str| -> Option<String> {
        let (file, rank) = s.split_at(1);
        let rank: u32 = rank.parse().ok()?;
        ((1..=10).contains(&rank) && ("a".."j").contains(&file))
            .then(|| format!("{file}{}", rank - 1))
    };
    Some(square(a)? + &square(b)?)
}

/// Deterministic xorshift64* generator, so a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[test]
fn random_positions_match_fairy_stockfish() {
    let Some(engine) = find_engine() else {
        assert!(
            std::env::var_os("XQARBITER_REQUIRE_ENGINE").is_none(),
            "XQARBITER_REQUIRE_ENGINE is set but Fairy-Stockfish was not found"
        );
        eprintln!("note: Fairy-Stockfish not found; differential perft skipped");
        return;
    };
    let mut fsf = Fairy::start(&engine);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut failures = Vec::new();
    for i in 0..POSITIONS {
        let mut pos = Position::startpos();
        for _ in 0..rng.below(MAX_PLIES + 1) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let pick = rng.below(moves.len() as u64) as usize;
            pos.play_unchecked(moves[pick]);
        }
        let fen = pos.fen();
        let theirs = fsf.divide(&fen, DEPTH);
        let ours: BTreeMap<String, u64> = perft::divide(&pos, DEPTH)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect();
        if ours != theirs {
            let differing: Vec<String> = ours
                .keys()
                .chain(theirs.keys())
                .filter(|m| ours.get(*m) != theirs.get(*m))
                .map(|m| format!("{m}: ours {:?}, fsf {:?}", ours.get(m), theirs.get(m)))
                .collect();
            failures.push(format!("#{i} {fen}\n  {}", differing.join("\n  ")));
        }
    }
    assert!(
        failures.is_empty(),
        "perft {DEPTH} differs from Fairy-Stockfish:\n{}",
        failures.join("\n")
    );
}
