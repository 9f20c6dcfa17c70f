//! `xqarbiter convert IN|- [--to pgn|iccs|chinese|wxf|uci] [--encoding E] [--out-encoding E] [-o OUT]
//! [--lang en|zh]`:
//! reads any game file (or a record pasted on standard input) and writes its
//! games as PGN (or coordinate lines).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use crate::notation::Notation;
use crate::record::{
    Game, ReadOptions, RecordError, encoding_by_name, read_games, read_games_from_bytes, write_pgn,
};
use crate::words::Lang;

use super::LangArg;

/// What `convert` writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Target {
    /// PGN in Chinese notation (炮二平五), the xqbase default format.
    Pgn,
    /// PGN with ICCS moves (`H2-E2`), `[Format "ICCS"]`.
    Iccs,
    /// The same as `pgn`: `[Format "Chinese"]`.
    Chinese,
    /// PGN with WXF moves (`C2.5`), `[Format "WXF"]`.
    Wxf,
    /// One line per game, a UCCI `position fen FEN moves …` command with the
    /// moves in coordinates (`h2e2`); the readers read it back.
    Uci,
}

/// Arguments of `convert`.
#[derive(Debug, Args)]
pub(super) struct ConvertArgs {
    /// The game file to read (PGN, XQF, DhtmlXQ, CBF, CBR, CBL or a move
    /// list), or `-` for standard input (a pasted record).
    input: PathBuf,
    /// Output form.
    #[arg(long, value_enum, default_value_t = Target::Pgn)]
    to: Target,
    /// Encoding of the input text (default: detected): gbk, big5, utf-8, ...
    #[arg(long)]
    encoding: Option<String>,
    /// Encoding of the output (default utf-8): gbk, big5, utf-8, ...
    #[arg(long, default_value = "utf-8")]
    out_encoding: String,
    /// Write to this file instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Language of the messages about files and games that cannot be read.
    #[arg(long, value_enum, default_value = "en")]
    lang: LangArg,
}

/// The games of `input`, a file or `-` for standard input.
fn read_input(
    input: &Path,
    opts: &ReadOptions,
) -> Result<Box<dyn Iterator<Item = Result<Game, RecordError>>>, RecordError> {
    if input.as_os_str() != "-" {
        return Ok(Box::new(read_games(input, opts)?));
    }
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .map_err(|e| RecordError::io("<stdin>", &e))?;
    Ok(Box::new(
        read_games_from_bytes(&bytes, "<stdin>", opts)?.into_iter(),
    ))
}

/// Runs `convert`: exit 0 when every game was read, 2 when the file or any game could not be.
pub(super) fn run(args: ConvertArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let name_encoding = |n: &str| {
        encoding_by_name(n)
            .ok_or_else(|| format!("unknown encoding '{n}' (try gbk, big5 or utf-8)"))
    };
    let opts = ReadOptions {
        encoding: args.encoding.as_deref().map(name_encoding).transpose()?,
        format: None,
    };
    let out_encoding = name_encoding(&args.out_encoding)?;
    let lang = args.lang.lang();
    let games = match read_input(&args.input, &opts) {
        Ok(games) => games,
        Err(e) => {
            eprintln!("xqarbiter: {}", e.in_lang(lang));
            return Ok(ExitCode::from(2));
        }
    };
    // Games are written as they are read, so a large file never sits in memory.
    let sink: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(std::fs::File::create(path)?),
        None => Box::new(std::io::stdout().lock()),
    };
    let mut out = std::io::BufWriter::new(sink);
    let mut text = String::new();
    let mut failed = 0usize;
    for (index, game) in games.enumerate() {
        text.clear();
        match game {
            Ok(g) => {
                if let Some(ill) = &g.illegal {
                    let (file, game, kept) = (args.input.display(), index, g.moves.len());
                    let (ply, text) = (ill.ply, &ill.text);
                    match lang {
                        Lang::En => eprintln!(
                            "xqarbiter: {file}, game #{game}, ply {ply}: '{text}' cannot be played: {} (kept the {kept} moves before it)",
                            ill.reason.en
                        ),
                        Lang::Zh => eprintln!(
                            "xqarbiter: {file}，对局#{game}第{ply}着“{text}”无法走出：{}（保留此前的{kept}着）",
                            ill.reason.zh
                        ),
                    }
                    failed += 1;
                }
                match args.to {
                    Target::Pgn | Target::Chinese => {
                        write_pgn(&g, Notation::Chinese, lang, &mut text)
                    }
                    Target::Iccs => write_pgn(&g, Notation::Iccs, lang, &mut text),
                    Target::Wxf => write_pgn(&g, Notation::Wxf, lang, &mut text),
                    Target::Uci => {
                        text.push_str("position fen ");
                        text.push_str(&g.start.fen());
                        if !g.moves.is_empty() {
                            text.push_str(" moves");
                        }
                        for m in &g.moves {
                            text.push(' ');
                            text.push_str(&m.mv.to_string());
                        }
                        text.push('\n');
                    }
                }
            }
            Err(e) => {
                eprintln!("xqarbiter: {}", e.in_lang(lang));
                failed += 1;
            }
        }
        let (bytes, _, _) = out_encoding.encode(&text);
        out.write_all(&bytes)?;
    }
    out.flush()?;
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    })
}
