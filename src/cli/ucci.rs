//! `xqarbiter ucci [--profile P] [--lang en|zh] [--engine "CMD ARGS" [--engine-protocol ucci|uci]
//! [--engine-option NAME=VALUE]… [--engine-rank-base 0|1]] [--log FILE]`.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use crate::ucci::bridge::EngineSettings;
use crate::ucci::dialect::EngineProtocol;
use crate::ucci::engine::split_command;
use crate::ucci::judge::load_profile;
use crate::ucci::log::Log;
use crate::ucci::session::{self, Settings};

use super::LangArg;
use super::output::output_error;

/// Arguments of `ucci`.
#[derive(Debug, Args)]
pub(super) struct UcciArgs {
    /// Profile: a built-in name (see `xqarbiter profiles`) or a profile file.
    #[arg(long, default_value = "cxa2020")]
    profile: String,
    /// Language of the `info string` lines (the game's state, the moves banned, the game's end,
    /// commands ignored, engine trouble) until the GUI sets the `language` option.
    #[arg(long, value_enum, default_value = "en")]
    lang: LangArg,
    /// Run this engine behind the referee (program and arguments, quotes group words).
    #[arg(long, value_name = "CMD ARGS")]
    engine: Option<String>,
    /// The engine's protocol: ucci or uci.
    #[arg(long, value_name = "ucci|uci", default_value = "ucci", value_parser = EngineProtocol::parse)]
    engine_protocol: EngineProtocol,
    /// An option set on the engine after each start, NAME=VALUE in the engine's own names (repeatable).
    #[arg(long, value_name = "NAME=VALUE", value_parser = parse_option)]
    engine_option: Vec<(String, String)>,
    /// The number the engine gives Red's back rank, 0 or 1 (default: 1 for Fairy-Stockfish in UCI mode and Sjaak II,
    /// known by their names, else 0; an engine whose moves are legal only the other way switches it).
    #[arg(long, value_name = "0|1", value_parser = clap::value_parser!(u8).range(0..=1))]
    engine_rank_base: Option<u8>,
    /// Seconds to wait for the engine's handshake and readyok, and the margin after a time budget or stop.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    engine_timeout: f64,
    /// Seconds a depth- or nodes-limited search may take before the engine counts as hung.
    #[arg(long, value_name = "SECONDS", default_value_t = 600.0)]
    search_limit: f64,
    /// Write both sides of the conversation to this file.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
}

fn parse_option(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((n, v)) if !n.trim().is_empty() => Ok((n.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("'{s}': expected NAME=VALUE")),
    }
}

/// A positive number of seconds (0 would give the engine no time at all).
fn seconds(what: &str, s: f64) -> Result<Duration, String> {
    match Duration::try_from_secs_f64(s) {
        Ok(d) if !d.is_zero() => Ok(d),
        _ => Err(format!("{what}: '{s}' is not a positive number of seconds")),
    }
}

/// Runs `ucci` on standard input and output.
pub(super) fn run(args: UcciArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let engine = match &args.engine {
        None => None,
        Some(cmd) => Some(EngineSettings {
            command: split_command(cmd).map_err(|e| format!("--engine: {e}"))?,
            protocol: args.engine_protocol,
            options: args.engine_option,
            rank_base: args.engine_rank_base,
            timeout: seconds("--engine-timeout", args.engine_timeout)?,
            search_limit: seconds("--search-limit", args.search_limit)?,
        }),
    };
    let log = match &args.log {
        Some(path) => {
            Log::create(path).map_err(|e| format!("--log: {}", output_error(path, &e).en))?
        }
        None => Log::off(),
    };
    let settings = Settings {
        profile: load_profile(&args.profile).map_err(|e| e.get(args.lang.lang()).to_string())?,
        engine,
        lang: args.lang.lang(),
        // Standard output is the GUI's: the failure goes on standard error.
        on_start_failure: Some(match args.lang {
            LangArg::En => |why| {
                eprintln!(
                    "xqarbiter: --engine: {why}; the session goes on as a referee, and the engine \
                     is started again at the next position"
                );
            },
            LangArg::Zh => |why| {
                eprintln!(
                    "xqarbiter: --engine：{why}；会话继续，作为裁判程序，下一个局面时再启动引擎"
                );
            },
        }),
    };
    match session::run(settings, io::BufReader::new(io::stdin()), io::stdout(), log) {
        // The GUI closed its end (after `quit`, say): nothing is left to tell it.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        other => other.map(|()| ExitCode::SUCCESS).map_err(Into::into),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeouts_are_positive_seconds() {
        assert_eq!(seconds("t", 0.25), Ok(Duration::from_millis(250)));
        for bad in [0.0, -0.0, -1.0, f64::NAN, f64::INFINITY] {
            let e = seconds("--engine-timeout", bad).unwrap_err();
            assert!(e.contains("not a positive number of seconds"), "{e}");
        }
    }
}
