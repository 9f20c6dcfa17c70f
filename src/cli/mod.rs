//! Command-line front end: one module per subcommand.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

use crate::rules::ruling::Lang;
use crate::words::Words;

mod audit;
mod convert;
mod diagram;
mod encoding;
mod output;
mod perft;
mod profiles;
mod rule;
mod termination;
mod ucci;
mod usage;

/// xqarbiter: a xiangqi game-adjudication engine.
#[derive(Debug, Parser)]
#[command(name = "xqarbiter", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree (move-generator check and benchmark).
    Perft(perft::PerftArgs),
    /// Read any game file (PGN, XQF, DhtmlXQ, CBF, CBR, CBL, move list) and write PGN (or UCCI position lines).
    Convert(convert::ConvertArgs),
    /// Speak UCCI or UCI to a GUI: a referee engine, or a bridge in front of a real engine.
    Ucci(ucci::UcciArgs),
    /// List the built-in tournament profiles (or check a user profile file).
    Profiles(profiles::ProfilesArgs),
    /// Rule on a record: repetitions, the natural limit, mate; with reasons.
    Rule(rule::RuleArgs),
    /// Audit game files and folders: one row per game, findings, a summary.
    Audit(audit::AuditArgs),
}

/// Output language, as `--lang` names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum LangArg {
    /// 中文.
    Zh,
    /// English.
    En,
}

impl LangArg {
    /// The language for people it names.
    fn lang(self) -> Lang {
        match self {
            LangArg::Zh => Lang::Zh,
            LangArg::En => Lang::En,
        }
    }
}

/// Parses the command line and runs the subcommand; the exit code follows the
/// contract: 0 done, 2 bad input, 1 internal error.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e),
    };
    let result = match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Ucci(args) => ucci::run(args),
        Command::Profiles(args) => profiles::run(args),
        Command::Rule(args) => rule::run(args),
        Command::Audit(args) => audit::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("xqarbiter: {e}");
            ExitCode::from(2)
        }
    }
}

/// Says clap's usage error `e` (or the help or version asked for) and gives
/// its exit code (2 for an error): in Chinese when the command line asks for
/// `--lang zh`, else as clap words it. A command line asking for `rule
/// --json` gets the error also as JSON on standard output, in both
/// languages, and in English on standard error, as `rule --json`'s other
/// errors.
fn usage_error(e: &clap::Error) -> ExitCode {
    let code = ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    let args: Vec<OsString> = std::env::args_os().collect();
    let json = e.use_stderr() && usage::asks_rule_json(&Cli::command(), &args);
    let chinese = e.use_stderr() && !json && usage::asks_chinese(args.iter().cloned());
    match chinese.then(|| usage::in_chinese(e)).flatten() {
        Some(text) => eprint!("{text}"),
        None => {
            // Nothing more can be said when the terminal cannot be written.
            let _ = e.print();
        }
    }
    if !json {
        return code;
    }
    let en = e.render().to_string();
    let zh = usage::in_chinese(e).unwrap_or_else(|| en.clone());
    rule::usage_refused(Words::new(en.trim_end(), zh.trim_end()), code)
}
