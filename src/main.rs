//! The `xqarbiter` command: argument parsing only; the work is in `xqarbiter::cli`.

use std::process::ExitCode;

fn main() -> ExitCode {
    xqarbiter::cli::run()
}
