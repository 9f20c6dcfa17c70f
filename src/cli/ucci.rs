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
use crate::words::Words;

use super::LangArg;
use super::output::output_error;

/// Arguments of `ucci`.
#[derive(Debug, Args)]
pub(super) struct UcciArgs {
    /// Profile: a built-in name (see `xqarbiter profiles`) or a profile file.
    #[arg(long, default_value = "cxa2020")]
    profile: String,
    /// Language of the messages to the GUI (`info message`; UCI: `info string`): the game's state,
    /// the moves banned, the game's end, commands ignored, engine trouble; until the GUI sets the
    /// `language` option.
    #[arg(long, value_enum, default_value = "en")]
    lang: LangArg,
    /// Run this engine behind the referee (program and arguments, quotes group words).
    #[arg(long, value_name = "CMD ARGS")]
    engine: Option<String>,
    /// The engine's protocol: ucci or uci.
    #[arg(long, value_name = "ucci|uci", default_value = "ucci")]
    engine_protocol: String,
    /// An option set on the engine after each start, NAME=VALUE in the engine's own names (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    engine_option: Vec<String>,
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

/// An `--engine-option` value, `NAME=VALUE`, as the name and the value.
fn parse_option(s: &str) -> Result<(String, String), Words> {
    match s.split_once('=') {
        Some((n, v)) if !n.trim().is_empty() => Ok((n.trim().to_string(), v.trim().to_string())),
        _ => Err(Words::new(
            format!("'{s}': expected NAME=VALUE"),
            format!("“{s}”应为 NAME=VALUE（选项名=值）的形式"),
        )),
    }
}

/// A positive number of seconds (0 would give the engine no time at all).
fn seconds(s: f64) -> Result<Duration, Words> {
    match Duration::try_from_secs_f64(s) {
        Ok(d) if !d.is_zero() => Ok(d),
        _ => Err(Words::new(
            format!("'{s}' is not a positive number of seconds"),
            format!("“{s}”不是大于0的秒数"),
        )),
    }
}

/// The engine to run behind the referee, if `--engine` names one; else why
/// an engine option is wrong (checked with no `--engine` too), after the
/// option's name.
fn engine_settings(args: &UcciArgs) -> Result<Option<EngineSettings>, Words> {
    let named = |option: &'static str| move |why: Words| why.prefixed(option, option);
    let protocol =
        EngineProtocol::parse(&args.engine_protocol).map_err(named("--engine-protocol"))?;
    let options = args
        .engine_option
        .iter()
        .map(|o| parse_option(o))
        .collect::<Result<Vec<_>, _>>()
        .map_err(named("--engine-option"))?;
    let timeout = seconds(args.engine_timeout).map_err(named("--engine-timeout"))?;
    let search_limit = seconds(args.search_limit).map_err(named("--search-limit"))?;
    let Some(cmd) = &args.engine else {
        return Ok(None);
    };
    Ok(Some(EngineSettings {
        command: split_command(cmd).map_err(named("--engine"))?,
        protocol,
        options,
        rank_base: args.engine_rank_base,
        timeout,
        search_limit,
    }))
}

/// Runs `ucci` on standard input and output; a bad option is said in the
/// `--lang` language.
pub(super) fn run(args: UcciArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let lang = args.lang.lang();
    let engine = engine_settings(&args).map_err(|why| why.get(lang).to_string())?;
    let log = match &args.log {
        Some(path) => Log::create(path).map_err(|e| {
            let why = output_error(path, &e).prefixed("--log", "--log");
            why.get(lang).to_string()
        })?,
        None => Log::off(),
    };
    let settings = Settings {
        profile: load_profile(&args.profile).map_err(|e| e.get(lang).to_string())?,
        engine,
        lang,
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
        assert_eq!(seconds(0.25), Ok(Duration::from_millis(250)));
        for bad in [0.0, -0.0, -1.0, f64::NAN, f64::INFINITY] {
            let e = seconds(bad).unwrap_err();
            assert!(
                e.en.ends_with("is not a positive number of seconds"),
                "{e:?}"
            );
            assert!(e.zh.ends_with("不是大于0的秒数"), "{e:?}");
        }
    }

    #[test]
    fn engine_options_are_name_equals_value() {
        assert_eq!(
            parse_option(" Hash = 64 "),
            Ok(("Hash".into(), "64".into()))
        );
        for bad in ["Hash", "=64"] {
            let e = parse_option(bad).unwrap_err();
            assert_eq!(e.en, format!("'{bad}': expected NAME=VALUE"));
            assert_eq!(e.zh, format!("“{bad}”应为 NAME=VALUE（选项名=值）的形式"));
        }
    }
}
