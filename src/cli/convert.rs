//! `xqarbiter convert IN|- [--to pgn|iccs|chinese|wxf|uci] [--encoding E] [--out-encoding E] [-o OUT]
//! [--lang en|zh]`:
//! reads any game file (or a record pasted on standard input) and writes its
//! games as PGN (or coordinate lines).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use encoding_rs::{BIG5, Encoding};

use crate::notation::Notation;
use crate::record::{
    Game, ReadOptions, RecordError, read_games, read_games_from_stdin, traditional_glyphs,
    write_pgn,
};
use crate::words::{Lang, Words};

use super::LangArg;
use super::encoding::{check_bytes, check_file, named_encoding};
use super::output::output_error;
use super::termination::for_pgn;

/// What `convert` writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Target {
    /// PGN in Chinese notation (炮二平五), `[Format "Chinese"]`, as xqbase writes it.
    Pgn,
    /// PGN with ICCS moves (`H2-E2`), `[Format "ICCS"]`.
    Iccs,
    /// Another name for `pgn`.
    Chinese,
    /// PGN with WXF moves (`C2.5`), `[Format "WXF"]`.
    Wxf,
    /// One line per game, a UCCI `position fen FEN moves …` command with the
    /// moves in coordinates (`h2e2`), which xqarbiter reads back.
    Uci,
}

/// Arguments of `convert`.
#[derive(Debug, Args)]
pub(super) struct ConvertArgs {
    /// The game file to read (PGN, XQF, DhtmlXQ, CBF, CBR, CBL or a move
    /// list), or `-` for standard input (a pasted record).
    input: PathBuf,
    /// Output form.
    #[arg(long, value_name = "FORM", value_enum, default_value_t = Target::Pgn)]
    to: Target,
    /// Encoding of the input text (default: detected): gbk, big5, utf-8,
    /// ...; for an XQF file, of its header strings and comments (CBR and
    /// CBL strings are UTF-16 by the format). When the text is plainly in
    /// another, standard error says so.
    #[arg(long)]
    encoding: Option<String>,
    /// Encoding of the output: gbk, big5, utf-8, ...
    #[arg(long, value_name = "ENCODING", default_value = "utf-8")]
    out_encoding: String,
    /// Write to this file instead of standard output (`-`: standard output).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Language of the messages about files and games that cannot be read.
    #[arg(long, value_enum, default_value = "en")]
    lang: LangArg,
}

/// The games of `input`, a file or `-` for standard input.
fn read_input(
    input: &Path,
    opts: &ReadOptions,
    lang: Lang,
) -> Result<Box<dyn Iterator<Item = Result<Game, RecordError>>>, RecordError> {
    if input.as_os_str() != "-" {
        if let Some(forced) = opts.encoding {
            check_file(input, forced, lang);
        }
        return Ok(Box::new(read_games(input, opts)?));
    }
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .map_err(|e| RecordError::io("<stdin>", &e))?;
    if let Some(forced) = opts.encoding {
        check_bytes(&bytes, "<stdin>", forced, lang);
    }
    Ok(Box::new(
        read_games_from_stdin(&bytes, "<stdin>", opts)?.into_iter(),
    ))
}

/// Whether `a` and `b` name the same existing file (the same path written
/// two ways, a link, or a hard link).
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return (x.dev(), x.ino()) == (y.dev(), y.ino());
        }
    }
    matches!(
        (std::fs::canonicalize(a), std::fs::canonicalize(b)),
        (Ok(x), Ok(y)) if x == y
    )
}

/// The characters of `text` that `encoding` cannot write, each once, in order.
fn unwritable_chars(text: &str, encoding: &'static Encoding) -> Vec<char> {
    let mut lacking = Vec::new();
    let mut buf = [0u8; 4];
    for c in text.chars() {
        if !c.is_ascii() && !lacking.contains(&c) {
            let (_, _, had_errors) = encoding.encode(c.encode_utf8(&mut buf));
            if had_errors {
                lacking.push(c);
            }
        }
    }
    lacking
}

/// Where the PGN `text` holds characters `encoding` cannot write, and
/// which: each tag by its name, then the moves and comments, in words.
fn unwritable_places(text: &str, encoding: &'static Encoding) -> Vec<Words> {
    let mut places = Vec::new();
    let mut rest = String::new();
    for line in text.lines() {
        let tag = line
            .strip_prefix('[')
            .and_then(|l| l.split_once(" \""))
            .filter(|(key, _)| key.chars().all(|c| c.is_ascii_alphanumeric()));
        match tag {
            Some((key, value)) => {
                let lacking: String = unwritable_chars(value, encoding).into_iter().collect();
                if !lacking.is_empty() {
                    places.push(Words::new(
                        format!("'{lacking}' in the {key} tag"),
                        format!("{key}标签中的“{lacking}”"),
                    ));
                }
            }
            None => {
                rest.push_str(line);
                rest.push('\n');
            }
        }
    }
    let lacking: String = unwritable_chars(&rest, encoding).into_iter().collect();
    if !lacking.is_empty() {
        places.push(Words::new(
            format!("'{lacking}' in the moves and comments"),
            format!("着法和注释中的“{lacking}”"),
        ));
    }
    places
}

/// Runs `convert`: exit 0 when every game was read and written as it is
/// (warned only that the encoding was a close guess, as `rule` and `audit`
/// exit 0 then), 3 when every game was written but some only in part or
/// not surely whole (the moves before an illegal one, as unfinished; a game
/// the reader warned of otherwise, as a damaged library's or one with moves
/// after its result),
/// 2 when the file, a game or some of its characters could not be read or
/// written.
pub(super) fn run(mut args: ConvertArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let lang = args.lang.lang();
    // `-o -` is standard output, as `-` is standard input.
    if args.output.as_ref().is_some_and(|o| o.as_os_str() == "-") {
        args.output = None;
    }
    let refuse = |why: Words| {
        eprintln!("xqarbiter: {}", why.get(lang));
        Ok(ExitCode::from(2))
    };
    let forced = match args.encoding.as_deref().map(named_encoding).transpose() {
        Ok(e) => e,
        Err(why) => return refuse(why),
    };
    let opts = ReadOptions {
        encoding: forced,
        format: None,
    };
    let out_encoding = match named_encoding(&args.out_encoding) {
        // The encoder of UTF-16 (and of a few others) writes UTF-8 instead.
        Ok(e) if e.output_encoding() != e => {
            let name = e.name();
            return refuse(Words::new(
                format!("cannot write {name} output (try utf-8, gbk or big5)"),
                format!("不能以 {name} 编码输出（可用 utf-8、gbk 或 big5）"),
            ));
        }
        Ok(e) => e,
        Err(why) => return refuse(why),
    };
    if let Some(out) = &args.output
        && args.input.as_os_str() != "-"
        && same_file(&args.input, out)
    {
        let shown = out.display();
        return refuse(Words::new(
            format!(
                "will not write {shown}: it is the input itself, which writing would destroy; choose another output file"
            ),
            format!("不能写入 {shown}：它就是输入文件，写入会毁掉其中的棋谱；请另选输出文件"),
        ));
    }
    let games = match read_input(&args.input, &opts, lang) {
        Ok(games) => games,
        Err(e) => {
            eprintln!("xqarbiter: {}", e.in_lang(lang));
            return Ok(ExitCode::from(2));
        }
    };
    // Games are written as they are read, so a large file never sits in memory.
    let sink: Box<dyn Write> = match &args.output {
        Some(path) => match std::fs::File::create(path) {
            Ok(f) => Box::new(f),
            Err(e) => return refuse(output_error(path, &e)),
        },
        None => Box::new(std::io::stdout().lock()),
    };
    match write_games(&args, games, sink, out_encoding) {
        Ok(Written {
            failed: 0,
            partial: 0,
        }) => Ok(ExitCode::SUCCESS),
        Ok(Written { failed: 0, .. }) => Ok(ExitCode::from(3)),
        Ok(_) => Ok(ExitCode::from(2)),
        // A reader such as `head` that has seen enough is no failure.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => match &args.output {
            Some(path) => refuse(output_error(path, &e)),
            None => Err(e.into()),
        },
    }
}

/// The warnings of a game read, or of what was read of a damaged one.
fn warnings_of(game: &Result<Game, RecordError>) -> Option<&[Words]> {
    match game {
        Ok(g) => Some(&g.warnings),
        Err(e) => e.partial.as_deref().map(|g| &g.warnings[..]),
    }
}

/// How many games `convert` could not read or write whole.
struct Written {
    /// Games (or files) not read, or written with characters the output
    /// encoding lacks.
    failed: usize,
    /// Games written in part, or not surely whole: the moves before an
    /// illegal one, or a game the reader warned of (moves after the result
    /// left out, a damaged library's games read around the damage), but
    /// not only of its encoding.
    partial: usize,
}

/// Writes `games` to `sink` in `encoding`, saying on standard error what
/// could not be read or written; returns how many games that was.
fn write_games(
    args: &ConvertArgs,
    games: Box<dyn Iterator<Item = Result<Game, RecordError>>>,
    sink: Box<dyn Write>,
    encoding: &'static Encoding,
) -> std::io::Result<Written> {
    let lang = args.lang.lang();
    let mut out = std::io::BufWriter::new(sink);
    let mut text = String::new();
    let (mut failed, mut partial) = (0usize, 0usize);
    // Standard input as the readers name it.
    let shown = match args.input.to_str() {
        Some("-") => "<stdin>".to_string(),
        _ => args.input.display().to_string(),
    };
    let shown = shown.as_str();
    let mut warned: Vec<Words> = Vec::new();
    let mut games = games.enumerate().peekable();
    while let Some((index, game)) = games.next() {
        text.clear();
        match game {
            Ok(g) => {
                // A warning about the file is on each of its games: said
                // once, for the file; a game's own is said with its number.
                let next = games.peek().and_then(|(_, next)| warnings_of(next));
                for w in &g.warnings {
                    if warned.contains(w) {
                        continue;
                    }
                    let of_file = next.is_some_and(|next| next.contains(w));
                    match (lang, of_file) {
                        (Lang::En, true) => eprintln!("xqarbiter: {shown}: warning: {}", w.en),
                        (Lang::Zh, true) => eprintln!("xqarbiter: {shown}：警告：{}", w.zh),
                        (Lang::En, false) => {
                            eprintln!("xqarbiter: {shown}, game #{index}: warning: {}", w.en)
                        }
                        (Lang::Zh, false) => {
                            eprintln!("xqarbiter: {shown}，对局#{index}：警告：{}", w.zh)
                        }
                    }
                    if of_file {
                        warned.push(w.clone());
                    }
                }
                // What the reader warned of is what the output may lack;
                // a close guess of the encoding left nothing out.
                if g.warnings.len() > g.encoding_warnings && g.illegal.is_none() {
                    partial += 1;
                }
                if let Some(ill) = &g.illegal {
                    let (file, game, kept) = (shown, index, g.moves.len());
                    let (ply, text) = (ill.ply, &ill.text);
                    let (result, result_zh) = match g.result {
                        Some(r) => (
                            format!(", not the record's result {}", r.pgn()),
                            format!("，不用棋谱所记的结果{}", r.pgn()),
                        ),
                        None => (String::new(), String::new()),
                    };
                    // Where the move was written, when the reader could tell.
                    let place = ill.place.map(|p| p.words());
                    let (at, at_zh) = place.map_or((String::new(), String::new()), |p| {
                        (format!(", {}", p.en), format!("（{}）", p.zh))
                    });
                    match lang {
                        Lang::En => eprintln!(
                            "xqarbiter: {file}, game #{game}, ply {ply}{at}: '{text}' cannot be played: {} (written: the {kept} moves before it, as unfinished, *{result})",
                            ill.reason.en
                        ),
                        Lang::Zh => eprintln!(
                            "xqarbiter: {file}，对局#{game}第{ply}着{at_zh}“{text}”无法走出：{}（写出此前的{kept}着，记为未完*{result_zh}）",
                            ill.reason.zh
                        ),
                    }
                    partial += 1;
                }
                for (ply, other) in &g.other_readings {
                    let file = shown;
                    match (lang, other.because.is_some()) {
                        (Lang::En, false) => eprintln!(
                            "xqarbiter: {file}, game #{index}, ply {ply}: {}; written the first way",
                            other.note.en
                        ),
                        (Lang::Zh, false) => eprintln!(
                            "xqarbiter: {file}，对局#{index}第{ply}着：{}；已按前者写出",
                            other.note.zh
                        ),
                        (Lang::En, true) => eprintln!(
                            "xqarbiter: {file}, game #{index}, ply {ply}: {}; written so",
                            other.note.en
                        ),
                        (Lang::Zh, true) => eprintln!(
                            "xqarbiter: {file}，对局#{index}第{ply}着：{}；已按此写出",
                            other.note.zh
                        ),
                    }
                }
                if let Some(left_out) = g.variations_left_out() {
                    let file = shown;
                    match lang {
                        Lang::En => eprintln!(
                            "xqarbiter: {file}, game #{index}: {}: only the main line is written",
                            left_out.en
                        ),
                        Lang::Zh => eprintln!(
                            "xqarbiter: {file}，对局#{index}：{}，只写出主线",
                            left_out.zh
                        ),
                    }
                }
                let g = match args.to {
                    Target::Uci => g,
                    _ => for_pgn(g),
                };
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
        // Big5 has the traditional forms of the simplified characters the
        // notation and the results use (馬 車 帥 將 進 後 紅勝 …), not theirs.
        if encoding == BIG5 {
            text = traditional_glyphs(&text);
        }
        let (bytes, _, had_errors) = encoding.encode(&text);
        if had_errors {
            let places = unwritable_places(&text, encoding);
            let (file, name) = (shown, encoding.name());
            let en: Vec<&str> = places.iter().map(|p| p.en.as_str()).collect();
            let zh: Vec<&str> = places.iter().map(|p| p.zh.as_str()).collect();
            match lang {
                Lang::En => eprintln!(
                    "xqarbiter: {file}, game #{index}: {name} has no code for {}: written as &#NNNN; references, which other programs show as they are (try --out-encoding utf-8 or gbk)",
                    en.join(", ")
                ),
                Lang::Zh => eprintln!(
                    "xqarbiter: {file}，对局#{index}：{name} 编码写不出{}，已写成 &#NNNN; 形式，其他程序会原样显示（可改用 --out-encoding utf-8 或 gbk）",
                    zh.join("、")
                ),
            }
            failed += 1;
        }
        out.write_all(&bytes)?;
    }
    out.flush()?;
    Ok(Written { failed, partial })
}
