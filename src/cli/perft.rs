//! `xqarbiter perft DEPTH [--fen FEN] [--divide] [--json] [--threads N] [--lang zh|en]`.

use std::process::ExitCode;
use std::time::Instant;

use clap::Args;

use crate::board::{Position, START_FEN, perft};

use super::LangArg;

/// Arguments of `perft`.
#[derive(Debug, Args)]
pub(super) struct PerftArgs {
    /// Depth in plies.
    depth: u32,
    /// Start position (default: the initial position).
    #[arg(long, default_value = START_FEN, hide_default_value = true)]
    fen: String,
    /// Print each root move with its subtree count (on one thread).
    #[arg(long)]
    divide: bool,
    /// Print one JSON object: depth, nodes, seconds, the FEN, and with
    /// --divide each root move's count.
    #[arg(long)]
    json: bool,
    /// Split the root moves over N threads (not with --divide).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    threads: u32,
    /// Language of the errors (a FEN that is no position); the counts are
    /// the same in both.
    #[arg(long, value_enum, default_value = "en")]
    lang: LangArg,
}

/// Runs `perft`: exit 2 for a FEN that is no position.
pub(super) fn run(args: PerftArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let pos = match Position::from_fen(&args.fen) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("xqarbiter: {}", e.in_lang(args.lang.lang()));
            return Ok(ExitCode::from(2));
        }
    };
    let start = Instant::now();
    let (nodes, lines) = if args.divide {
        let parts = perft::divide(&pos, args.depth);
        let total = parts.iter().map(|(_, n)| n).sum();
        (
            total,
            parts
                .iter()
                .map(|(m, n)| (m.to_string(), *n))
                .collect::<Vec<_>>(),
        )
    } else if args.threads > 1 {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(args.threads as usize)
            .build()?;
        (
            pool.install(|| perft::perft_parallel(&pos, args.depth)),
            Vec::new(),
        )
    } else {
        (perft::perft(&mut pos.clone(), args.depth), Vec::new())
    };
    let seconds = start.elapsed().as_secs_f64();
    if args.json {
        let mut out = serde_json::json!({ "depth": args.depth, "nodes": nodes, "seconds": seconds, "fen": pos.fen() });
        if args.divide {
            out["divide"] = parts_json(&lines);
        }
        println!("{out}");
    } else {
        for (mv, n) in &lines {
            println!("{mv}: {n}");
        }
        let nps = if seconds > 0.0 {
            nodes as f64 / seconds
        } else {
            0.0
        };
        println!(
            "nodes {nodes}  time {seconds:.3} s  {:.1} M nodes/s",
            nps / 1e6
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn parts_json(parts: &[(String, u64)]) -> serde_json::Value {
    parts
        .iter()
        .map(|(m, n)| (m.clone(), serde_json::Value::from(*n)))
        .collect::<serde_json::Map<_, _>>()
        .into()
}
