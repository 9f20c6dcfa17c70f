//! Generates a library of real-looking xiangqi games for the audit benchmark:
//! random legal playouts (captures and checks preferred, so that games end),
//! stopped at mate or stalemate or after a random length, written as PGN with
//! coordinate moves, `games / files` games per file.
//!
//! `cargo run --release --example gen_games -- OUT_DIR GAMES FILES [SEED]`

use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use xqarbiter::board::{Color, Position};

/// xorshift64*: small, fast, reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const NAMES: [&str; 12] = [
    "许银川",
    "吕钦",
    "王天一",
    "郑惟桐",
    "赵鑫鑫",
    "蒋川",
    "洪智",
    "汪洋",
    "孙勇征",
    "谢靖",
    "党斐",
    "王廓",
];

/// Plays one game and writes it as PGN.
fn game(rng: &mut Rng, round: usize, number: usize) -> String {
    let mut pos = Position::startpos();
    let length = 40 + rng.below(140);
    let mut moves = Vec::with_capacity(length);
    let mut result = None;
    while moves.len() < length {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            // Mate or stalemate: the side to move loses.
            result = Some(if pos.turn() == Color::Red {
                "0-1"
            } else {
                "1-0"
            });
            break;
        }
        let forcing: Vec<_> = legal
            .iter()
            .copied()
            .filter(|&m| pos.is_capture(m) || pos.gives_check(m))
            .collect();
        let mv = if !forcing.is_empty() && rng.below(3) == 0 {
            forcing[rng.below(forcing.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    let result = result.unwrap_or(["1-0", "0-1", "1/2-1/2", "1/2-1/2"][rng.below(4)]);
    let red = NAMES[rng.below(NAMES.len())];
    let black = NAMES[rng.below(NAMES.len())];
    let mut text = format!(
        "[Game \"Chinese Chess\"]\n[Event \"Benchmark Open\"]\n[Round \"{round}.{number}\"]\n[Date \"2024.{:02}.{:02}\"]\n[Red \"{red}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[Format \"ICCS\"]\n\n",
        1 + rng.below(12),
        1 + rng.below(28)
    );
    for (i, mv) in moves.iter().enumerate() {
        if i % 2 == 0 {
            let _ = write!(text, "{}. ", i / 2 + 1);
        }
        let _ = write!(text, "{} ", mv.to_iccs());
        if i % 12 == 11 {
            text.push('\n');
        }
    }
    text.push_str(result);
    text.push_str("\n\n");
    text
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(out), Some(Ok(games)), Some(Ok(files))) = (
        args.first().map(PathBuf::from),
        args.get(1).map(|s| s.parse::<usize>()),
        args.get(2).map(|s| s.parse::<usize>()),
    ) else {
        eprintln!("usage: gen_games OUT_DIR GAMES FILES [SEED]");
        return ExitCode::from(2);
    };
    let seed = args
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x9E37_79B9_7F4A_7C15u64);
    let mut rng = Rng(seed | 1);
    if let Err(e) = fs::create_dir_all(&out) {
        eprintln!("gen_games: {}: {e}", out.display());
        return ExitCode::from(1);
    }
    let files = files.max(1);
    for f in 0..files {
        let count = games / files + usize::from(f < games % files);
        let mut text = String::with_capacity(count * 900);
        for g in 0..count {
            text.push_str(&game(&mut rng, f + 1, g + 1));
        }
        let path = out.join(format!("event-{:04}.pgn", f + 1));
        if let Err(e) = fs::write(&path, text) {
            eprintln!("gen_games: {}: {e}", path.display());
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}
