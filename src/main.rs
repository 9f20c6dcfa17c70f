//! The `xqarbiter` command: argument parsing only; the work is in `xqarbiter::cli`.
//! Built with the `cli` feature (on by default), which brings clap, indicatif and mimalloc.

use std::process::ExitCode;

/// Games are many small allocations (move texts, histories, rows); mimalloc
/// serves them faster than the system allocator (audit throughput, see
/// tools/audit_bench.sh).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    xqarbiter::cli::run()
}
