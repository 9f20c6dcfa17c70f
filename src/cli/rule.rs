//! `xqarbiter rule [FILE[#N]|-] [--game N] [--fen FEN] [--moves "…"] [--profile P]
//! [--rules R] [--claim red|black] [--natures N] [--ply N] [--encoding E] [--lang zh|en] [--json]`: the arbiter's command.
//!
//! Reads one record (a file in any format, a pasted record on standard input,
//! or a move list given inline), replays it through the referee and prints the
//! ruling after its last move: the verdict first, then the cycle's moves, the
//! natural-limit status, the moves the side to move may not play, the last
//! moves asked for with `--natures` and the board. All rule logic is the referee's.

use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use crate::audit::{Finding, early_end};
use crate::board::{Color, Move, Position, Ranks};
use crate::notation::{
    Ending, MoveListError, OtherReading, ParsedMoveList, parse_move_list, parse_move_list_until,
    reversed_numerals,
};
use crate::notation::{Notation, render};
use crate::record::{
    ErrorKind, Format, Game, Place, ReadOptions, RecordError, decode_text, detect_format,
    move_list_start, read_games_from_bytes, read_games_from_stdin,
};
use crate::referee::{Event, ForbiddenMove, Referee};
use crate::rules::limit::ClaimMode;
use crate::rules::move_table::MoveRun;
use crate::rules::profile::{Profile, ProfileError};
use crate::rules::ruling::{Lang, Reason, Ruling, Verdict};
use crate::rules::{RuleSet, Voice};
use crate::text::capitalized;
use crate::words::{Words, player_name};

use super::LangArg;
use super::diagram::diagram;
use super::encoding::{check_bytes, named_encoding};

mod bad_record;

use bad_record::{BadMove, BadRecord, Kind, STDIN_NAME};

/// A side, as named on the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum SideArg {
    /// Red (红方).
    Red,
    /// Black (黑方).
    Black,
}

impl SideArg {
    fn color(self) -> Color {
        match self {
            SideArg::Red => Color::Red,
            SideArg::Black => Color::Black,
        }
    }
}

/// Arguments of `rule`.
#[derive(Debug, Args)]
pub(super) struct RuleArgs {
    /// A record file in any supported format, or `-` for standard input
    /// (a pasted record); omitted with --moves. `FILE#N` names the game of
    /// index N, as `audit` prints it.
    file: Option<PathBuf>,
    /// Which game of a file holding several: its index as `audit` prints it
    /// (`FILE#N`), counting from 0. Default: the first.
    #[arg(long, value_name = "N", conflicts_with_all = ["moves", "fen"])]
    game: Option<usize>,
    /// Start position (FEN) of --moves, or of a bare move list read from FILE;
    /// without a side to move (`w` or `b`), the first move says whose turn it is.
    #[arg(long)]
    fen: Option<String>,
    /// The moves, in any notation (Chinese, WXF, coordinates), e.g. "炮二平五 马8进7".
    #[arg(long, conflicts_with = "file", allow_hyphen_values = true)]
    moves: Option<String>,
    /// Profile: a built-in name (see `xqarbiter profiles`) or a profile
    /// file (default: cxa2020, or with --rules the built-in profile of that name).
    #[arg(long)]
    profile: Option<String>,
    /// Rule set, overriding the profile's: cxa2011, cxa2020 or axf.
    #[arg(long)]
    rules: Option<String>,
    /// Say whether this side's natural-limit draw claim holds.
    #[arg(long, value_name = "SIDE", value_enum)]
    claim: Option<SideArg>,
    /// Language of the ruling and of the notes and errors on standard error
    /// (the JSON is the same in both; with --json, errors there are in English).
    #[arg(long, value_enum, default_value = "en")]
    lang: LangArg,
    /// Also list the natures of the record's last N moves (nature, targets,
    /// reason), whether or not they repeat a position.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    natures: Option<u32>,
    /// Encoding of the record's text (default: detected): gbk, big5,
    /// utf-8, ... as `convert --encoding`; for an XQF file, of its header
    /// strings and comments (CBR and CBL strings are UTF-16 by the format).
    /// When the text is plainly in another, standard error says so.
    #[arg(long, conflicts_with = "moves")]
    encoding: Option<String>,
    /// Rule on the position after this ply of the record (0 = its start): the
    /// moves after it are left out, an illegal one among them too.
    #[arg(long, value_name = "N")]
    ply: Option<usize>,
    /// Print the ruling as one JSON object (its fields: docs/rulings.md);
    /// a record that cannot be ruled on, or a command line that cannot be
    /// parsed, prints `{"error": {…}}` (exit 2).
    #[arg(long)]
    json: bool,
}

/// The start position and the moves of the record to rule on, and what it
/// says of its game.
struct Record {
    start: Position,
    moves: Vec<Move>,
    about: About,
    /// The first of the Chinese moves that write their numbers against the
    /// custom to the end of the record (ply, text): see [`reversed_numerals`].
    reversed: Option<(usize, String)>,
    /// The moves whose text another convention reads as another legal move,
    /// with their plies.
    other_readings: Vec<(usize, OtherReading)>,
}

/// Where the record's numerals start to run against the custom, if they do
/// ([`reversed_numerals`]), with the move's text.
fn reversed_from<'a>(
    first: Color,
    texts: impl IntoIterator<Item = &'a str>,
) -> Option<(usize, String)> {
    reversed_numerals(first, texts).map(|(ply, text)| (ply, text.to_string()))
}

impl Record {
    /// One note per move whose text another convention reads as another
    /// legal move: both readings, and that the record was read the first
    /// way, or why the other.
    fn other_reading_notes(&self, lang: Lang) -> Vec<String> {
        self.other_readings
            .iter()
            .map(|(ply, other)| match (lang, other.because.is_some()) {
                (Lang::En, false) => format!(
                    "xqarbiter: note: ply {ply}: {}; the record was read the first way: if it \
                     meant the other, check the moves from there on",
                    other.note.en
                ),
                (Lang::Zh, false) => format!(
                    "xqarbiter: 注意：第{ply}着{}；已按前者读出，若棋谱本意是后者，请核对此后的着法",
                    other.note.zh
                ),
                (Lang::En, true) => format!(
                    "xqarbiter: note: ply {ply}: {}; only so does the record go on",
                    other.note.en
                ),
                (Lang::Zh, true) => format!(
                    "xqarbiter: 注意：第{ply}着{}；只有这样读，棋谱才能走下去",
                    other.note.zh
                ),
            })
            .collect()
    }

    /// The note on numerals written against the custom to the end, if they are.
    fn reversed_note(&self, lang: Lang) -> Option<String> {
        let (ply, text) = self.reversed.as_ref()?;
        Some(match lang {
            Lang::En => format!(
                "xqarbiter: note: from ply {ply} ('{text}') on, every Chinese move of the \
                 record writes red's numbers in Arabic digits and black's in Chinese numerals, \
                 against the custom: a move may be missing or extra before it, or the start \
                 may have the wrong side to move; the moves were read as written"
            ),
            Lang::Zh => format!(
                "xqarbiter: 注意：自第{ply}着（“{text}”）起，棋谱中的着法红方都用阿拉伯数字、\
                 黑方都用中文数字，与惯例相反：此前可能漏记或多记了一着，或开局局面的走子方有误；\
                 各着已按所写读出"
            ),
        })
    }
}

/// What a record says of its game besides the moves: who played, where,
/// when, and the result it gives.
#[derive(Default)]
struct About {
    red: Option<String>,
    black: Option<String>,
    event: Option<String>,
    date: Option<String>,
    result: Option<Verdict>,
    /// How the record says the game ended ([`Game::ending`]): a loss on
    /// time or the arbiter's decision is no end its players chose.
    ending: Ending,
    /// The audit's finding on a game its players ended themselves earlier
    /// than the profile allows ([`early_end`]), set once the game is ruled.
    early_end: Option<Finding>,
    /// The ranks its moves in coordinates were read in: the ruling shows
    /// its moves and squares in them for people, the JSON in UCCI's 0–9.
    ranks: Ranks,
}

impl About {
    fn of(game: &Game) -> About {
        let tag = |t: Option<&str>| t.map(str::to_string);
        let player = |t: Option<&str>| player_name(t).map(str::to_string);
        About {
            red: player(game.red()),
            black: player(game.black()),
            event: tag(game.event()),
            date: tag(game.date()),
            result: game.recorded_result().map(Verdict::from),
            ending: game.ending(),
            early_end: None,
            ranks: game.ranks,
        }
    }

    /// How the recorded result scores under `profile`, given `game`, the
    /// ruling that ended the game (or the last one): a draw, agreed or
    /// ruled, that the profile awards to Black (Armageddon) scores as a
    /// Black win; `None` when the result scores as recorded.
    fn scored(&self, game: &Ruling, profile: &Profile) -> Option<Verdict> {
        let drawn = game.verdict == Verdict::Ongoing || game.draw_note.is_some();
        (self.result == Some(Verdict::Draw)
            && drawn
            && profile.final_winner(None) == Some(Color::Black))
        .then_some(Verdict::BlackWins)
    }

    /// One line for people, if the record says anything; `game` is the
    /// ruling that ended the game (or the last one), which a recorded result
    /// of a finished game may contradict, and `profile` scores the result.
    fn line(&self, game: &Ruling, profile: &Profile, lang: Lang) -> Option<String> {
        let ruled = game.verdict;
        let scored = self.scored(game, profile);
        let mut parts: Vec<String> = Vec::new();
        if self.red.is_some() || self.black.is_some() {
            let (red, black) = (
                self.red.as_deref().unwrap_or("?"),
                self.black.as_deref().unwrap_or("?"),
            );
            parts.push(match lang {
                Lang::Zh => format!("{red}（红）对 {black}（黑）"),
                Lang::En => format!("{red} (red) v {black} (black)"),
            });
        }
        parts.extend(self.event.iter().chain(&self.date).cloned());
        if let Some(result) = self.result {
            let differs = scored.is_none() && ruled != Verdict::Ongoing && ruled != result;
            let name = &profile.name;
            parts.push(match (lang, differs, scored) {
                (Lang::Zh, _, Some(_)) => format!(
                    "记录结果：{}，按{name}规程和棋判黑方胜，计为黑胜",
                    result.name_zh()
                ),
                (Lang::En, _, Some(_)) => format!(
                    "recorded result: {}, scored as a Black win: profile {name} awards a draw to Black (Armageddon)",
                    result.score()
                ),
                (Lang::Zh, false, None) => format!("记录结果：{}", result.name_zh()),
                (Lang::Zh, true, None) => {
                    format!("记录结果：{}（与裁决不符）", result.name_zh())
                }
                (Lang::En, false, None) => format!("recorded result: {}", result.score()),
                (Lang::En, true, None) => format!(
                    "recorded result: {}, which the ruling contradicts",
                    result.score()
                ),
            });
        }
        if parts.is_empty() {
            return None;
        }
        let (label, sep, colon) = match lang {
            Lang::Zh => ("棋谱：", "；", "："),
            Lang::En => ("Record: ", "; ", ": "),
        };
        let mut line = format!("{label}{}", parts.join(sep));
        if let Some(f) = &self.early_end {
            let (kind, detail) = (f.kind.label(lang), f.detail.get(lang));
            line.push_str(&format!("\n{kind}{colon}{detail}"));
        }
        Some(line)
    }

    /// The object `record` of the JSON ruling; `scored` is the result as
    /// the profile scores it ([`About::scored`], else the recorded one).
    fn json(&self, game: &Ruling, profile: &Profile) -> serde_json::Value {
        let scored = self.scored(game, profile).or(self.result);
        serde_json::json!({
            "red": self.red,
            "black": self.black,
            "event": self.event,
            "date": self.date,
            "result": self.result.map(Verdict::name),
            "scored": scored.map(Verdict::name),
            "ranks": match self.ranks {
                Ranks::FromZero => "0-9",
                Ranks::FromOne => "1-10",
            },
            "early_end": self.early_end.as_ref().map(|f| serde_json::json!({
                "kind": f.kind.name(),
                "detail": f.detail.en,
                "detail_zh": f.detail.zh,
            })),
        })
    }
}

fn parse_fen(fen: &str) -> Result<Position, BadRecord> {
    Position::from_fen(fen)
        .map_err(|e| BadRecord::said(Kind::BadFen, e.words().prefixed("bad --fen", "--fen有误")))
}

/// The moves of `text` from `start`: all of them, or, with `--ply N`
/// (`ply`), the first N when a move after them cannot be played (written
/// after a mate, or illegal): the ruling needs no more. A list bad at or
/// before ply N is refused as a whole list is, at the move that is bad;
/// one whose word of moves run together is bad only past ply N is not.
fn read_moves(
    start: &Position,
    text: &str,
    ply: Option<usize>,
) -> Result<ParsedMoveList, Box<MoveListError>> {
    match (parse_move_list(start, text), ply) {
        (Err(e), Some(n)) => parse_move_list_until(start, text, n).map_err(|_| e),
        (read, _) => read,
    }
}

/// Reads a move list from `start`, up to ply `ply` (`--ply`) when a later
/// move cannot be played; an unreadable move names its ply, text
/// and the legal moves. `fen` is the --fen that gave `start`: a Black-first
/// marker may not contradict the side to move it names. A --fen without a
/// side to move lets the first move say whose turn it is, as a pasted
/// record's position line does. A warning of the list (moves after the
/// result) is said on standard error in `lang`, naming `source` (the file,
/// or `--moves`).
fn move_list(
    start: Position,
    (fen, ply): (Option<&str>, Option<usize>),
    text: &str,
    (source, lang): (&str, Lang),
) -> Result<Record, BadRecord> {
    let side_given = fen.is_some_and(|f| f.split_whitespace().nth(1).is_some());
    let (start, list) = match read_moves(&start, text, ply) {
        Ok(list) => (start, list),
        Err(e) => {
            // The other side to move, when the FEN left it open and only
            // that reading plays the first move (going through FEN checks
            // that the side not to move is not in check).
            let other = (fen.is_some() && !side_given && e.ply == 1)
                .then(|| Position::from_fen(&start.passed().fen()).ok())
                .flatten()
                .and_then(|black| Some((read_moves(&black, text, ply).ok()?, black)));
            match other {
                Some((list, black)) => (black, list),
                None => {
                    let bad = BadMove {
                        ply: e.ply,
                        text: e.text,
                        fen: e.fen,
                        legal: e.legal,
                        place: Some(Place::Text {
                            line: e.line,
                            column: e.column,
                        }),
                    };
                    return Err(BadRecord::of_move(bad, &e.reason));
                }
            }
        }
    };
    if list.black_first && side_given {
        return Err(BadRecord::new(
            Kind::BadOption,
            "the moves say Black moves first ('1...'), but --fen has Red to move",
            "着法标明黑方先走（“1...”），但 --fen 是红方走棋",
        ));
    }
    // How the moves were read, when it gives doubt (moves after the
    // result left out), as for a record read from a file.
    for w in &list.warnings {
        match lang {
            Lang::En => eprintln!("xqarbiter: {source}: warning: {}", w.en),
            Lang::Zh => eprintln!("xqarbiter: {source}：警告：{}", w.zh),
        }
    }
    let start = if list.black_first {
        start.passed()
    } else {
        start
    };
    let reversed = reversed_from(start.turn(), list.moves.iter().map(|(_, t)| t.as_str()));
    Ok(Record {
        start,
        reversed,
        other_readings: list.other_readings,
        moves: list.moves.into_iter().map(|(mv, _)| mv).collect(),
        about: About {
            result: list.result.map(Verdict::from),
            ending: list
                .termination
                .as_deref()
                .map_or(Ending::Unknown, Ending::read),
            ranks: list.ranks,
            ..About::default()
        },
    })
}

/// Reads the record to rule on; `lang` is the language of the notes it prints.
fn read_input(args: &RuleArgs, lang: Lang) -> Result<Record, BadRecord> {
    if let Some(moves) = &args.moves {
        let start = args
            .fen
            .as_deref()
            .map_or_else(|| Ok(Position::startpos()), parse_fen)?;
        return move_list(
            start,
            (args.fen.as_deref(), args.ply),
            moves,
            ("--moves", lang),
        );
    }
    let (file, game_index) = file_and_game(args)?;
    let forced = args
        .encoding
        .as_deref()
        .map(named_encoding)
        .transpose()
        .map_err(|why| BadRecord::said(Kind::BadOption, why))?;
    // The bytes, their name, and whether they are a file's (else standard input's).
    let (bytes, name, from_file) = match file.as_deref() {
        Some(path) if path.as_os_str() != "-" => {
            let bytes = std::fs::read(path)
                .map_err(|e| RecordError::io(&path.display().to_string(), &e))?;
            (bytes, path.display().to_string(), true)
        }
        _ => {
            if args.file.is_none() && io::stdin().is_terminal() {
                return Err(BadRecord::new(
                    Kind::NoInput,
                    "nothing to rule on: give a FILE, '-' to paste a record, or --moves",
                    "没有可裁决的棋谱：请给出文件，或用“-”粘贴棋谱，或用 --moves 给出着法",
                ));
            }
            // A person asked to paste: say how to end the paste, or the
            // command seems to hang.
            if io::stdin().is_terminal() {
                eprintln!(
                    "{}",
                    match lang {
                        Lang::En =>
                            "xqarbiter: paste the record, then press Ctrl-D on a new line (Ctrl-Z then Enter on Windows)",
                        Lang::Zh =>
                            "xqarbiter：请粘贴棋谱，然后在新的一行按 Ctrl-D 结束（Windows 上按 Ctrl-Z 再回车）",
                    }
                );
            }
            let mut bytes = Vec::new();
            io::stdin().read_to_end(&mut bytes).map_err(|e| {
                BadRecord::new(
                    Kind::Unreadable(ErrorKind::Io),
                    format!("cannot read standard input: {e}"),
                    format!("无法读取标准输入（{e}）"),
                )
            })?;
            (bytes, STDIN_NAME.to_string(), false)
        }
    };
    if let Some(forced) = forced {
        check_bytes(&bytes, &name, forced, lang);
    }
    if let Some(fen) = &args.fen {
        if let Some(n) = game_index {
            return Err(BadRecord::new(
                Kind::BadOption,
                format!(
                    "{name}#{n}: with --fen the file is read as one bare move list, in which #{n} names no game"
                ),
                format!("{name}#{n}：有 --fen 时文件按一份着法列表读取，#{n} 不指任何对局"),
            ));
        }
        if let Some(format) = detect_format(&bytes, Some(&name)).filter(|&f| f != Format::MoveList)
        {
            let format = match format {
                Format::DhtmlXq => "DhtmlXQ".to_string(),
                other => other.name().to_uppercase(),
            };
            return Err(BadRecord::new(
                Kind::BadOption,
                format!(
                    "--fen applies only to --moves or a bare move list; {name} is in {format} format and has its own start position"
                ),
                format!(
                    "--fen 只用于 --moves 或单纯的着法列表；{name}是{format}棋谱，自带开局局面"
                ),
            ));
        }
        // A move list saved in GBK or Big5 is read as any record is.
        let (text, _) = decode_text(&bytes, forced);
        if let Some(own) = move_list_start(&text) {
            return Err(BadRecord::new(
                Kind::BadOption,
                format!(
                    "--fen applies only to a move list without a start position; {name} gives its own: '{own}'"
                ),
                format!("--fen 只用于不带开局局面的着法列表；{name}自带开局局面“{own}”"),
            ));
        }
        let list = move_list(parse_fen(fen)?, (Some(fen), args.ply), &text, (&name, lang));
        return list.map_err(|e| {
            let e = e.of(&name, None);
            if from_file { e.in_record(&name) } else { e }
        });
    }
    let opts = ReadOptions {
        encoding: forced,
        format: None,
    };
    let games = if from_file {
        read_games_from_bytes(&bytes, &name, &opts)?
    } else {
        read_games_from_stdin(&bytes, &name, &opts)?
    };
    let count = games.len();
    if count == 0 {
        return Err(BadRecord::new(
            Kind::NoGame,
            format!("{name}: no game found"),
            format!("{name}：没有找到对局"),
        ));
    }
    let index = game_index.unwrap_or(0);
    let game = games
        .into_iter()
        .nth(index)
        .ok_or_else(|| no_such_game(&name, count, index))??;
    if count > 1 && game_index.is_none() {
        match lang {
            Lang::En => eprintln!(
                "xqarbiter: {name} holds {count} games; ruling on the first, {name}#0 \
                 (choose with --game N or {name}#N; `audit` lists them all)"
            ),
            Lang::Zh => eprintln!(
                "xqarbiter: {name}有{count}局，裁决第一局（编号为0）{name}#0\
                 （用 --game N 或 {name}#N 选择；`audit` 列出全部）"
            ),
        }
    }
    // How the file was read, when it gives doubt (a library's index not
    // used): said before the ruling, as `audit` puts it on the rows.
    for w in &game.warnings {
        match lang {
            Lang::En => eprintln!("xqarbiter: {name}: warning: {}", w.en),
            Lang::Zh => eprintln!("xqarbiter: {name}：警告：{}", w.zh),
        }
    }
    if let Some(bad) = game
        .illegal
        .as_ref()
        .filter(|b| args.ply.is_none_or(|n| b.ply <= n))
    {
        // The file, and the game as `audit` names it when there are
        // several (a record pasted alone needs no name).
        let why = &bad.reason;
        let bad = BadMove {
            ply: bad.ply,
            text: bad.text.clone(),
            fen: bad.fen.clone(),
            legal: bad.legal.clone(),
            place: bad.place,
        };
        let bad = BadRecord::of_move(bad, why).of(&name, Some(index));
        return Err(match (from_file, count > 1) {
            (_, true) => bad.in_record(&format!("{name}#{index}")),
            (true, false) => bad.in_record(&name),
            (false, false) => bad,
        });
    }
    let about = About::of(&game);
    let reversed = reversed_from(
        game.start.turn(),
        game.moves.iter().map(|m| m.text.as_str()),
    );
    Ok(Record {
        reversed,
        other_readings: game.other_readings,
        start: game.start,
        moves: game.moves.into_iter().map(|m| m.mv).collect(),
        about,
    })
}

/// The record cut after ply `ply` (`--ply`), if one is asked for; an error
/// if the record is shorter.
fn up_to(mut record: Record, ply: Option<usize>) -> Result<Record, BadRecord> {
    let Some(n) = ply else {
        return Ok(record);
    };
    let plies = record.moves.len();
    if n > plies {
        return Err(BadRecord::new(
            Kind::BadOption,
            format!("--ply {n}: the record has only {plies} plies"),
            format!("--ply {n}：棋谱只有{plies}着"),
        ));
    }
    record.moves.truncate(n);
    record.reversed = record.reversed.filter(|(first, _)| *first <= n);
    record.other_readings.retain(|(ply, _)| *ply <= n);
    Ok(record)
}

/// The error for a game index past the `count` games of file `name`. Games
/// are numbered from 0, as `FILE#N` names them, so the Chinese says 编号为N,
/// never 第N局 (which would be the N-th game, counted from 1).
fn no_such_game(name: &str, count: usize, index: usize) -> BadRecord {
    let zh_missing = format!("没有编号为{index}的对局（对局编号从0开始）");
    if count == 1 {
        BadRecord::new(
            Kind::NoGame,
            format!("{name} holds one game, numbered 0: there is no game {index}"),
            format!("{name}只有一局，编号为0，{zh_missing}"),
        )
    } else {
        let last = count - 1;
        BadRecord::new(
            Kind::NoGame,
            format!("{name} holds {count} games, numbered 0 to {last}: there is no game {index}"),
            format!("{name}有{count}局，编号为0至{last}，{zh_missing}"),
        )
    }
}

/// The file to read and the index of the game to rule on: `--game N`, or a
/// `#N` ending the file name when no file has the name as written.
fn file_and_game(args: &RuleArgs) -> Result<(Option<PathBuf>, Option<usize>), BadRecord> {
    let Some(path) = &args.file else {
        return Ok((None, args.game));
    };
    let split = path.to_str().and_then(|s| {
        let (file, n) = s.rsplit_once('#')?;
        let n = n.parse::<usize>().ok()?;
        (!file.is_empty() && !path.exists()).then(|| (PathBuf::from(file), n))
    });
    match (split, args.game) {
        (Some((_, n)), Some(g)) if n != g => {
            let path = path.display();
            Err(BadRecord::new(
                Kind::BadOption,
                format!("{path} names game {n} but --game says {g}"),
                format!("{path}指编号为{n}的对局，但 --game 为{g}"),
            ))
        }
        (Some((file, n)), _) => Ok((Some(file), Some(n))),
        (None, game) => Ok((Some(path.clone()), game)),
    }
}

/// The profile `--profile` and `--rules` name, or why not.
fn profile(args: &RuleArgs) -> Result<Profile, BadRecord> {
    let rules =
        match &args.rules {
            Some(name) => Some(RuleSet::from_name(name).map_err(|why| {
                BadRecord::said(Kind::BadOption, why.prefixed("--rules", "--rules"))
            })?),
            None => None,
        };
    let name = match (&args.profile, rules) {
        (Some(name), _) => name.clone(),
        (None, Some(rules)) => rules.name().to_string(),
        (None, None) => "cxa2020".to_string(),
    };
    let profile = Profile::load(&name).map_err(|e: ProfileError| {
        BadRecord::new(Kind::BadProfile, e.in_lang(Lang::En), e.in_lang(Lang::Zh))
    })?;
    Ok(match rules {
        Some(rules) => profile.with_rules(rules),
        None => profile,
    })
}

/// The answer to `--claim`: whose claim, whether it holds, and where it was
/// judged.
struct Claim {
    side: Color,
    holds: bool,
    /// The ply the claim was judged after: the record's last, or the ply
    /// that ended the game when the record goes on after it.
    ply: usize,
    /// When the game ended before the record's last ply: the ruling that
    /// ended it, and how many plies the players played on after it, which
    /// say why the claim is judged there and not at the record's end.
    ended: Option<(Ruling, usize)>,
}

impl Claim {
    /// The claim judged where the record stops, or, when the game had
    /// already ended (`ended`: its ply and ruling) before the record's last
    /// ply `last`, where it ended: the moves after the end are not judged,
    /// and a claim made after the end comes too late.
    fn judge(side: Color, referee: &Referee, ended: Option<&(usize, Ruling)>) -> Claim {
        let last = referee.plies();
        match ended {
            Some((ply, ruling)) if *ply < last => Claim {
                side,
                holds: false,
                ply: *ply,
                ended: Some((ruling.clone(), last - ply)),
            },
            _ => Claim {
                side,
                holds: referee.natural_limit().claimable_by.contains(&side),
                ply: last,
                ended: None,
            },
        }
    }

    /// When the game ended before the record does, why the claim is judged
    /// there, in `voice`.
    fn note(&self, voice: Voice) -> Option<String> {
        let (ruling, more) = self.ended.as_ref()?;
        let (ply, summary) = (self.ply, ruling.summary_played_on(voice));
        Some(match voice.lang {
            Lang::En => format!(
                "by the rules the game ended after ply {ply} ({summary}), so the claim is judged \
                 there and comes too late; the {more} {} the players played on after it {} \
                 not judged",
                if *more == 1 { "ply" } else { "plies" },
                if *more == 1 { "is" } else { "are" },
            ),
            Lang::Zh => format!(
                "按规则，对局于第{ply}着后结束（{summary}），提和按该处判定，为时已晚；双方此后又走的{more}着不予裁决"
            ),
        })
    }

    /// The line printed under the ruling, in `voice`.
    fn line(&self, voice: Voice) -> String {
        let (side, lang) = (self.side, voice.lang);
        let mut line = match (lang, self.holds) {
            (Lang::Zh, true) => format!("{}方提出自然限着作和：成立", side.name_zh()),
            (Lang::Zh, false) => format!("{}方提出自然限着作和：不成立", side.name_zh()),
            (Lang::En, true) => format!(
                "{}'s natural-limit draw claim: valid",
                capitalized(side.name())
            ),
            (Lang::En, false) => {
                format!(
                    "{}'s natural-limit draw claim: not valid",
                    capitalized(side.name())
                )
            }
        };
        if let Some(note) = self.note(voice) {
            line.push_str(match lang {
                Lang::Zh => "：",
                Lang::En => ": ",
            });
            line.push_str(&note);
        }
        line.push_str(match lang {
            Lang::Zh => "。",
            Lang::En => ".",
        });
        line
    }

    /// The object `claim` of the JSON ruling.
    fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "by": self.side.name(),
            "valid": self.holds,
            "ply": self.ply,
            "note": self.note(Lang::En.into()),
            "note_zh": self.note(Lang::Zh.into()),
        })
    }
}

/// Runs `rule`: exit 0 with a ruling, 2 for a record that cannot be ruled on.
pub(super) fn run(args: RuleArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let lang = args.lang.lang();
    // Programs reading --json get errors in English; people, in their language.
    let error_lang = if args.json { Lang::En } else { lang };
    let refuse = |e: BadRecord| Ok(refused(&e, error_lang, args.json));
    let profile = match profile(&args) {
        Ok(p) => p,
        Err(e) => return refuse(e),
    };
    // Whether the ruling is on the whole record, where its result was given.
    let cut = |r: Record| {
        let plies = r.moves.len();
        up_to(r, args.ply).map(|r| (r.moves.len() == plies, r))
    };
    let (whole, record) = match read_input(&args, error_lang).and_then(cut) {
        Ok(r) => r,
        Err(e) => return refuse(e),
    };
    if let Some(note) = record.reversed_note(error_lang) {
        eprintln!("{note}");
    }
    for note in record.other_reading_notes(error_lang) {
        eprintln!("{note}");
    }
    let other_readings: Vec<serde_json::Value> = record
        .other_readings
        .iter()
        .map(|(ply, other)| {
            serde_json::json!({
                "ply": ply,
                "text": other.text,
                "move": other.chosen.to_string(),
                "other": other.other.to_string(),
                "note": other.note.en,
                "note_zh": other.note.zh,
                "because": other.because.as_ref().map(|(ply, text)| {
                    serde_json::json!({ "ply": ply, "text": text })
                }),
            })
        })
        .collect();
    let mut about = record.about;
    let start = record.start.clone();
    let mut referee = Referee::new(profile, record.start);
    referee.set_limit_detail(true);
    // The repetitions met before the game ended, each as ruled when it occurred.
    let mut earlier: Vec<(usize, Ruling)> = Vec::new();
    for mv in record.moves {
        match referee.push(mv) {
            Err(e) => {
                let message = Words::new(e.in_lang(Lang::En), e.in_lang(Lang::Zh));
                return refuse(BadRecord::said(Kind::IllegalMove, message));
            }
            Ok(_) if referee.ended().is_some() => {}
            // A record that goes on past the natural limit shows that no draw
            // was claimed: the last ruling reports the limit.
            Ok(Event::NaturalLimit) => {}
            Ok(event) => {
                if let Some(ruling) = referee.ruling_after(event)
                    && ruling.repetition.is_some()
                {
                    earlier.push((referee.plies(), ruling));
                }
            }
        }
    }
    // The first ruling that ended the game, if the record goes on after it
    // (taken before a claim is judged below).
    let ended = referee.ended().map(|r| (r.plies, r.clone()));
    // A claim is made where the record stops: the moves after the limit was
    // reached show that no one claimed before. When the game had ended
    // before that, the claim is judged where it ended ([`Claim::judge`]),
    // and the ruling on the record's last position is made as without it.
    let ended_early = ended
        .as_ref()
        .is_some_and(|(ply, _)| *ply < referee.plies());
    if let Some(side) = args.claim
        && !ended_early
    {
        referee.set_claim(ClaimMode::Claim(side.color()));
    }
    // The last move is ruled on once: a ruling made on it is the last one,
    // unless a claim changes what it says of the limit.
    let last = referee.plies();
    let (ended, ruling) = match ended {
        Some((ply, r)) if ply == last && args.claim.is_none() => (None, r),
        Some((ply, _)) if ply == last => (None, referee.ruling()),
        ended => match earlier.pop_if(|(ply, _)| *ply == last) {
            Some((_, r)) if args.claim.is_none() => (ended, r),
            _ => (ended, referee.ruling()),
        },
    };
    // The last moves asked about, classified whether or not they repeat.
    let last_moves = args.natures.map(|n| referee.last_moves(n as usize));
    let last_run = last_moves.as_ref().map(|(start, moves)| MoveRun {
        start,
        moves,
        rules: referee.rules(),
    });
    // While the game goes on: the moves that would repeat a cycle ruled against their mover.
    let forbidden = if ruling.verdict == Verdict::Ongoing {
        referee.forbidden_moves()
    } else {
        Vec::new()
    };
    // The ruling that gave the game its result: the one that ended it, else the last.
    let game_ruling = ended.as_ref().map_or(&ruling, |(_, r)| r);
    // A result the rules did not give, where the record ends: the players
    // ended the game, maybe earlier than the profile allows (as `audit` says).
    if whole && game_ruling.verdict == Verdict::Ongoing {
        about.early_end = about
            .result
            .and_then(|r| early_end(referee.profile(), &start, referee.plies(), r, about.ending));
    }
    let claim = args
        .claim
        .map(|s| Claim::judge(s.color(), &referee, ended.as_ref()));
    if let Some(note) = claim
        .as_ref()
        .and_then(|c| c.note(Voice::new(error_lang, about.ranks)))
    {
        match error_lang {
            Lang::En => eprintln!("xqarbiter: warning: {note}"),
            Lang::Zh => eprintln!("xqarbiter: 警告：{note}"),
        }
    }
    if args.json {
        let mut json = ruling.to_json();
        // The game's result is the one that ended it, whatever the record plays after.
        if let Some((_, end)) = &ended {
            json["verdict"] = end.verdict.name().into();
            json["reason"] = end.reason.map(Reason::name).into();
            json["draw_note"] = end.draw_note.as_ref().map(|n| n.en.clone()).into();
            json["draw_note_zh"] = end.draw_note.as_ref().map(|n| n.zh.clone()).into();
        }
        json["ended"] = ended.as_ref().map_or(serde_json::Value::Null, |(ply, r)| {
            serde_json::json!({
                "ply": ply,
                "verdict": r.verdict.name(),
                "reason": r.reason.map(Reason::name),
                "summary": r.summary_played_on(Lang::En),
                "summary_zh": r.summary_played_on(Lang::Zh),
                "ruling": r.to_json(),
            })
        });
        if let Some(claim) = &claim {
            json["claim"] = claim.json();
        }
        json["forbidden_next"] = forbidden
            .iter()
            .map(|f| {
                serde_json::json!({
                    "move": f.mv.to_string(),
                    "notation": render(referee.position(), f.mv, Notation::Chinese),
                    "ruling": f.ruling.summary(Lang::En),
                    "ruling_zh": f.ruling.summary(Lang::Zh),
                })
            })
            .collect();
        if let Some(run) = &last_run {
            let texts = run.texts();
            json["natures"] = (0..run.moves.len())
                .filter_map(|i| run.move_json(i, &texts))
                .collect();
        }
        json["record"] = about.json(game_ruling, referee.profile());
        json["other_readings"] = other_readings.into();
        json["earlier_repetitions"] = earlier
            .iter()
            .filter_map(|(ply, r)| {
                let rep = r.repetition.as_ref()?;
                Some(serde_json::json!({
                    "ply": ply,
                    "occurrences": rep.occurrences,
                    "outcome": rep.cycle.outcome.name(),
                    "summary": r.summary(Lang::En),
                    "summary_zh": r.summary(Lang::Zh),
                }))
            })
            .collect();
        return Ok(print(&format!("{json:#}\n")));
    }
    // Moves and squares for people in the ranks the record writes them in.
    let ranks = about.ranks;
    let mut text = ended.as_ref().map_or_else(String::new, |(_, r)| {
        ended_note(r, (referee.plies(), ranks), lang)
    });
    text.push_str(&ruling.render_in(lang, ranks));
    if let Some(claim) = &claim {
        text.push_str(&format!("\n{}\n", claim.line(Voice::new(lang, ranks))));
    }
    text.push_str(&forbidden_note(
        &forbidden,
        (referee.position(), ranks),
        lang,
    ));
    text.push_str(&earlier_note(&earlier, Voice::new(lang, ranks)));
    if let Some(run) = &last_run {
        text.push_str(&natures_note(run, ranks, lang));
    }
    if let Some(line) = about.line(game_ruling, referee.profile(), lang) {
        text.push_str(&format!("\n{line}\n"));
    }
    if ranks == Ranks::FromOne {
        text.push_str(&format!("\n{}\n", ranks_note(lang)));
    }
    let colour = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let heading = match (lang, referee.plies()) {
        (Lang::Zh, 0) => "起始局面（棋谱中没有着法）：".to_string(),
        (Lang::En, 0) => "Start position (the record has no moves):".to_string(),
        (Lang::Zh, plies) => format!("第{plies}着后的局面："),
        (Lang::En, plies) => format!("Position after ply {plies}:"),
    };
    Ok(print(&format!(
        "{}\n\n{heading}\n{}FEN: {}\n",
        text.trim_end(),
        diagram(referee.position(), colour, ranks),
        referee.position().fen()
    )))
}

/// The moves the side to move in `pos` may not play, each with the ruling
/// it would bring (the move in coordinates in `ranks`); empty if there
/// are none.
fn forbidden_note(
    forbidden: &[ForbiddenMove],
    (pos, ranks): (&Position, Ranks),
    lang: Lang,
) -> String {
    if forbidden.is_empty() {
        return String::new();
    }
    let side = pos.turn();
    let mut out = match lang {
        Lang::En => {
            let side = capitalized(side.name());
            format!("\n{side} may not play (each would repeat a cycle ruled against {side}):\n")
        }
        Lang::Zh => format!(
            "\n{}方不得走（均重复判{}方须变着的循环）：\n",
            side.name_zh(),
            side.name_zh()
        ),
    };
    for f in forbidden {
        let notation = render(pos, f.mv, Notation::Chinese);
        out.push_str(&format!(
            "  {notation} ({}): {}\n",
            f.mv.in_ranks(ranks),
            f.ruling.consequence(Voice::new(lang, ranks))
        ));
    }
    out
}

/// The table of the last moves asked for with `--natures`, under a
/// heading, its moves and squares in `ranks`.
fn natures_note(run: &MoveRun, ranks: Ranks, lang: Lang) -> String {
    let (Some(first), Some(last)) = (run.moves.first(), run.moves.last()) else {
        return match lang {
            Lang::En => "\nThe record has no moves to classify.\n".to_string(),
            Lang::Zh => "\n记录中没有着法可供判定性质。\n".to_string(),
        };
    };
    let (n, from, to, rules) = (run.moves.len(), first.ply, last.ply, run.rules);
    let heading = match (lang, n) {
        (Lang::En, 1) => format!("The last move (ply {to}), classified under {rules}:"),
        (Lang::En, _) => {
            format!("The last {n} moves (plies {from}–{to}), classified under {rules}:")
        }
        (Lang::Zh, 1) => format!(
            "最后一着（第{to}着）的性质，规则：{}（{rules}）：",
            rules.book_zh()
        ),
        (Lang::Zh, _) => {
            let book = rules.book_zh();
            format!("最后{n}着（第{from}–{to}着）的性质，规则：{book}（{rules}）：")
        }
    };
    format!("\n{heading}\n{}", run.table_in(lang, ranks))
}

/// The repetitions met before the last move (and before the game ended),
/// one line each, as ruled when they occurred, in `voice`; empty if there
/// were none.
fn earlier_note(earlier: &[(usize, Ruling)], voice: Voice) -> String {
    let lang = voice.lang;
    if earlier.is_empty() {
        return String::new();
    }
    let mut out = match lang {
        Lang::En => {
            "\nRepetitions earlier in the record, as ruled when they occurred:\n".to_string()
        }
        Lang::Zh => "\n记录中较早的重复局面（按当时裁决）：\n".to_string(),
    };
    // A shuttle repeats a position at every ply: consecutive plies ruled alike share a line.
    let mut runs: Vec<(usize, usize, String)> = Vec::new();
    for (ply, ruling) in earlier {
        let summary = ruling.summary(voice);
        match runs.last_mut() {
            Some((_, last, s)) if *last + 1 == *ply && *s == summary => *last = *ply,
            _ => runs.push((*ply, *ply, summary)),
        }
    }
    for (first, last, summary) in runs {
        out.push_str(&match (lang, first == last) {
            (Lang::En, true) => format!("  After ply {first}: {summary}\n"),
            (Lang::En, false) => format!("  After plies {first}–{last}: {summary}\n"),
            (Lang::Zh, true) => format!("  第{first}着后：{summary}\n"),
            (Lang::Zh, false) => format!("  第{first}–{last}着后：{summary}\n"),
        });
    }
    out
}

/// What opens the text when the rules ended the game before the record
/// does: [`Ruling::ended_before`] (at which ply and how, that the players
/// played on), that ruling's cycle table, and that the ruling below is on
/// the position after the record's last move, ply `plies`; the table's
/// moves and squares in `ranks`.
fn ended_note(ruling: &Ruling, (plies, ranks): (usize, Ranks), lang: Lang) -> String {
    let (ended, details) = (
        ruling.ended_before(plies, Voice::new(lang, ranks)),
        ruling.details_in(lang, ranks),
    );
    match lang {
        Lang::En => format!(
            "{ended}\n{}\n\nBelow, the ruling on the position after the record's last move (ply {plies}).\n\n",
            details.trim_end(),
        ),
        Lang::Zh => format!(
            "{ended}\n{}\n\n以下为记录最后一着（第{plies}着）后的裁决。\n\n",
            details.trim_end(),
        ),
    }
}

/// What a ruling on a record read in ranks 1–10 says of them, above its
/// board: its moves and squares are in those ranks, as the record writes
/// them, and its FEN is as FEN writes it.
fn ranks_note(lang: Lang) -> &'static str {
    match lang {
        Lang::En => {
            "Moves and squares are in ranks 1–10, as the record writes them (the board's rank \
             numbers too; the FEN is as FEN writes it)."
        }
        Lang::Zh => "着法与格子按棋谱的写法以1–10行计（棋盘的行号亦然；FEN按FEN的写法）。",
    }
}

/// Says why `rule` gives no ruling, on standard error in `lang` and, with
/// `--json` (`json`), as the object `{"error": …}` on standard output: exit 2.
fn refused(e: &BadRecord, lang: Lang, json: bool) -> ExitCode {
    eprintln!("xqarbiter: {}", e.message(lang));
    if json && print(&format!("{:#}\n", e.json())) != ExitCode::SUCCESS {
        return ExitCode::from(1);
    }
    ExitCode::from(2)
}

/// Says, as the object `{"error": …}` of kind `usage` on standard output,
/// the usage error `message` of a command line asking for `rule --json` (its
/// text on standard error is clap's): exit `code` (1 when standard output
/// cannot be written).
pub(super) fn usage_refused(message: Words, code: ExitCode) -> ExitCode {
    let e = BadRecord::said(Kind::Usage, message);
    let printed = print(&format!("{:#}\n", e.json()));
    if printed == ExitCode::SUCCESS {
        code
    } else {
        printed
    }
}

/// Writes the ruling to stdout: exit 0, also when the reader has gone (`| head`);
/// exit 1 when stdout cannot be written.
fn print(text: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xqarbiter: cannot write the ruling: {e}");
            ExitCode::from(1)
        }
    }
}
