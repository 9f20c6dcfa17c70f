//! `xqarbiter perft DEPTH [--fen FEN] [--divide] [--json] [--threads N]`.

use std::process::ExitCode;
use std::time::Instant;

use clap::Args;

use crate::board::{Position, START_FEN, perft};

/// Arguments of `perft`.
#[derive(Debug, Args)]
pub(super) struct PerftArgs {
    /// Depth in plies.
    depth: u32,
    /// Start position (default: the initial position).
    #[arg(long, default_value = START_FEN, hide_default_value = true)]
    fen: String,
    /// Print each root move with its subtree count.
    #[arg(long)]
    divide: bool,
    /// Print one JSON object with depth, nodes and seconds.
    #[arg(long)]
    json: bool,
    /// Split the root moves over N threads.
    #[arg(long, value_name = "N", default_value_t = 1)]
    threads: usize,
}

/// Runs `perft`.
pub(super) fn run(args: PerftArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let pos = Position::from_fen(&args.fen)?;
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
            .num_threads(args.threads)
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
