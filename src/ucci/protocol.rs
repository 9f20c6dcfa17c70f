//! UCCI 3.0 (and UCI) command lines from the GUI: parsing into [`Command`]
//! and the `go` parameters, with errors that say what was wrong.

use std::fmt;

use crate::board::Color;
use crate::words::Words;

/// Where a `position` or `probe` starts: the start position or a FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Start {
    /// `startpos`.
    StartPos,
    /// `fen <FEN>` (the fields as written, joined by single spaces).
    Fen(String),
}

/// A position as the GUI gives it: a start and the moves played from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PositionSpec {
    /// Where the game (since the last capture) starts.
    pub start: Start,
    /// The moves, as written.
    pub moves: Vec<String>,
}

/// The search limit of a `go` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Limit {
    /// `depth N`.
    Depth(u32),
    /// `nodes N`.
    Nodes(u64),
    /// `time T [movestogo M | increment I] [opptime …]`, values as written
    /// (seconds, or milliseconds after `usemillisec`).
    Time(Clock),
    /// `mate N` (UCI): search for a mate in N moves.
    Mate(u32),
    /// `depth infinite`, `infinite` or no limit at all: search until `stop`.
    Infinite,
}

/// The UCI clocks of `go wtime … btime … winc … binc …`, in milliseconds,
/// by colour; [`Go::for_turn`] turns them into the mover's [`Clock`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Sides {
    /// Red's time left (`wtime`).
    pub wtime: Option<u64>,
    /// Black's time left (`btime`).
    pub btime: Option<u64>,
    /// Red's increment (`winc`).
    pub winc: Option<u64>,
    /// Black's increment (`binc`).
    pub binc: Option<u64>,
    /// `movestogo`, given with them.
    pub movestogo: Option<u32>,
}

/// The clock parameters of `go time …`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Clock {
    /// Time left for the side to move.
    pub time: u64,
    /// Moves to play in this period (sudden-death periods).
    pub movestogo: Option<u32>,
    /// Fischer increment per move.
    pub increment: Option<u64>,
    /// The opponent's time left.
    pub opptime: Option<u64>,
    /// The opponent's moves to go.
    pub oppmovestogo: Option<u32>,
    /// The opponent's increment.
    pub oppincrement: Option<u64>,
}

/// A parsed `go` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Go {
    /// `go ponder`: the clock does not run until `ponderhit`.
    pub ponder: bool,
    /// `go draw`: the opponent offers a draw.
    pub draw: bool,
    /// The search limit.
    pub limit: Limit,
    /// UCI clocks not yet read for the side to move (see [`Go::for_turn`]).
    pub sides: Option<Sides>,
    /// The clock's times are in milliseconds whatever the session's unit:
    /// they came from UCI clock words.
    pub millis: bool,
    /// `searchmoves m1 m2 …` (UCI): the only moves to consider, as written.
    pub searchmoves: Option<Vec<String>>,
    /// What was not taken as written: unknown words skipped, values clamped.
    /// For a message to the GUI; the search runs with the rest.
    pub notes: Vec<Words>,
}

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Command {
    /// `ucci`: the GUI speaks UCCI.
    Ucci,
    /// `uci`: the GUI speaks UCI.
    Uci,
    /// `ucinewgame` (UCI's new-game button).
    UciNewGame,
    /// `isready`.
    IsReady,
    /// `setoption <name> [<value>]` (also the UCI form `name … value …`).
    SetOption {
        /// Option name, lower case.
        name: String,
        /// Value, if any.
        value: Option<String>,
    },
    /// `position …`.
    Position(PositionSpec),
    /// `fen <FEN> [moves …]` without `position`, from a UCI GUI: the
    /// Cyclone dialect UCI2WB speaks for xiangqi, whose ranks count 0–9.
    CyclonePosition(PositionSpec),
    /// `banmoves m1 m2 …` (moves as written).
    BanMoves(Vec<String>),
    /// `go …`.
    Go(Go),
    /// `ponderhit [draw]`.
    PonderHit {
        /// The opponent offers a draw.
        draw: bool,
    },
    /// `stop`.
    Stop,
    /// `probe [position]`: `None` probes the current position.
    Probe(Option<PositionSpec>),
    /// `quit`.
    Quit,
}

/// Why a GUI line could not be understood, in English and Chinese.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ParseError(pub Words);

impl fmt::Display for ParseError {
    /// The English message.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.en)
    }
}

impl std::error::Error for ParseError {}

/// The error `en`, in Chinese `zh`.
fn err<T>(en: impl Into<String>, zh: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError(Words::new(en, zh)))
}

/// Parses one GUI line; `uci` says whether the GUI speaks UCI, which adds
/// `ucinewgame` and `go`'s `mate` and `searchmoves`. Blank lines give `Ok(None)`.
pub(crate) fn parse_command(line: &str, uci: bool) -> Result<Option<Command>, ParseError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&head, rest)) = tokens.split_first() else {
        return Ok(None);
    };
    let cmd = match head {
        "ucci" => Command::Ucci,
        "uci" => Command::Uci,
        "ucinewgame" if uci => Command::UciNewGame,
        "isready" => Command::IsReady,
        "setoption" => parse_setoption(rest)?,
        "position" => Command::Position(parse_position(rest)?),
        "fen" if uci => Command::CyclonePosition(parse_position(&tokens)?),
        "banmoves" => Command::BanMoves(rest.iter().map(|s| s.to_string()).collect()),
        "go" => Command::Go(parse_go(rest, uci)?),
        "ponderhit" => match rest {
            [] => Command::PonderHit { draw: false },
            ["draw"] => Command::PonderHit { draw: true },
            _ => {
                let got = rest.join(" ");
                return err(
                    format!("ponderhit takes only 'draw', got '{got}'"),
                    format!("ponderhit 后只能跟“draw”，收到“{got}”"),
                );
            }
        },
        "stop" => Command::Stop,
        "probe" if rest.is_empty() => Command::Probe(None),
        "probe" => Command::Probe(Some(parse_position(rest)?)),
        "quit" => Command::Quit,
        _ => {
            return err(
                format!(
                    "unknown command '{head}' (expected ucci, uci, setoption, position, banmoves, go, ponderhit, stop, isready, probe or quit)"
                ),
                format!(
                    "未知指令“{head}”（应为 ucci、uci、setoption、position、banmoves、go、ponderhit、stop、isready、probe 或 quit）"
                ),
            );
        }
    };
    Ok(Some(cmd))
}

fn parse_setoption(rest: &[&str]) -> Result<Command, ParseError> {
    // UCI form: setoption name <id…> [value <x…>]
    if rest.first() == Some(&"name") {
        let value_at = rest.iter().position(|&t| t == "value");
        let name_end = value_at.unwrap_or(rest.len());
        let name = rest.get(1..name_end).unwrap_or_default().join(" ");
        if name.is_empty() {
            return err(
                "setoption name: the option name is missing",
                "setoption name：缺少选项名",
            );
        }
        let value = value_at.map(|i| rest.get(i + 1..).unwrap_or_default().join(" "));
        return Ok(Command::SetOption {
            name: name.to_ascii_lowercase(),
            value,
        });
    }
    let Some((name, value)) = rest.split_first() else {
        return err(
            "setoption: the option name is missing",
            "setoption：缺少选项名",
        );
    };
    Ok(Command::SetOption {
        name: name.to_ascii_lowercase(),
        value: (!value.is_empty()).then(|| value.join(" ")),
    })
}

/// Parses the arguments of `position` (or `probe`): `{fen <FEN> | startpos} [moves …]`.
pub(crate) fn parse_position(rest: &[&str]) -> Result<PositionSpec, ParseError> {
    let moves_at = rest.iter().position(|&t| t == "moves");
    let head = rest
        .get(..moves_at.unwrap_or(rest.len()))
        .unwrap_or_default();
    let moves = match moves_at {
        Some(i) => rest
            .get(i + 1..)
            .unwrap_or_default()
            .iter()
            .map(|s| s.to_string())
            .collect(),
        None => Vec::new(),
    };
    let start = match head {
        ["startpos"] => Start::StartPos,
        ["startpos", extra, ..] => {
            return err(
                format!("position startpos: unexpected '{extra}' (moves follow the word 'moves')"),
                format!("position startpos：多出“{extra}”（着法应写在“moves”之后）"),
            );
        }
        ["fen", fields @ ..] if !fields.is_empty() => Start::Fen(fields.join(" ")),
        ["fen"] => {
            return err(
                "position fen: the FEN is missing",
                "position fen：缺少局面（FEN）",
            );
        }
        [] => {
            return err(
                "position: expected 'startpos' or 'fen <FEN>'",
                "position：应为“startpos”或“fen <FEN>”",
            );
        }
        [other, ..] => {
            return err(
                format!("position: expected 'startpos' or 'fen <FEN>', got '{other}'"),
                format!("position：应为“startpos”或“fen <FEN>”，收到“{other}”"),
            );
        }
    };
    Ok(PositionSpec { start, moves })
}

/// The largest depth or move count passed on: fits an engine's signed 32-bit int.
const MAX_COUNT: u64 = i32::MAX as u64;
/// The largest node count passed on: fits a signed 64-bit int.
const MAX_NODES: u64 = i64::MAX as u64;
/// The largest time passed on: still fits a signed 64-bit int in milliseconds
/// when the GUI gives seconds.
const MAX_TIME: u64 = i64::MAX as u64 / 1000;

/// A `go` value: a non-negative integer, clamped to `max` (with a note) when larger.
fn number(
    key: &str,
    value: Option<&&str>,
    max: u64,
    notes: &mut Vec<Words>,
) -> Result<u64, ParseError> {
    let Some(v) = value else {
        return err(
            format!("go {key}: the value is missing"),
            format!("go {key}：缺少数值"),
        );
    };
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
        return err(
            format!("go {key}: '{v}' is not a non-negative integer"),
            format!("go {key}：“{v}”不是非负整数"),
        );
    }
    let n = v.parse::<u64>().unwrap_or(u64::MAX);
    if n > max {
        notes.push(Words::new(
            format!("go {key} {v} is out of range; using {max}"),
            format!("go {key} {v} 超出范围，改用 {max}"),
        ));
        return Ok(max);
    }
    Ok(n)
}

/// A count (`depth`, `movestogo`): a [`number`] no larger than [`MAX_COUNT`].
fn count(key: &str, value: Option<&&str>, notes: &mut Vec<Words>) -> Result<u32, ParseError> {
    let n = number(key, value, MAX_COUNT, notes)?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

/// The words `go` knows, in UCCI and UCI: a `searchmoves` list ends at one.
const GO_WORDS: [&str; 18] = [
    "ponder",
    "draw",
    "infinite",
    "depth",
    "nodes",
    "mate",
    "time",
    "movetime",
    "movestogo",
    "increment",
    "opptime",
    "oppmovestogo",
    "oppincrement",
    "wtime",
    "btime",
    "winc",
    "binc",
    "searchmoves",
];

/// Parses the arguments of `go`, in UCCI words, the UCI clocks, and with
/// `uci` UCI's `mate` and `searchmoves`. Unknown words are
/// skipped (as engines do) and listed in [`Go::notes`]; `movetime T` is read
/// as `time T movestogo 1`; UCI clocks (`wtime btime winc binc`, always in
/// milliseconds) wait in [`Go::sides`] for [`Go::for_turn`], unless UCCI's
/// `time` is also given. A missing or malformed value is an error: the `go`
/// cannot be understood.
pub(crate) fn parse_go(rest: &[&str], uci: bool) -> Result<Go, ParseError> {
    let mut go = Go {
        ponder: false,
        draw: false,
        limit: Limit::Infinite,
        sides: None,
        millis: false,
        searchmoves: None,
        notes: Vec::new(),
    };
    let mut notes = Vec::new();
    let mut ignored: Vec<&str> = Vec::new();
    let mut clock: Option<Clock> = None;
    let mut sides: Option<Sides> = None;
    let mut timed = false;
    let mut i = 0;
    while let Some(&key) = rest.get(i) {
        let value = rest.get(i + 1);
        let mut used = 2;
        let n = &mut notes;
        match key {
            "ponder" => {
                go.ponder = true;
                used = 1;
            }
            "draw" => {
                go.draw = true;
                used = 1;
            }
            "infinite" => {
                go.limit = Limit::Infinite;
                used = 1;
            }
            "searchmoves" if uci => {
                let moves: Vec<String> = rest
                    .get(i + 1..)
                    .unwrap_or_default()
                    .iter()
                    .take_while(|w| !GO_WORDS.contains(w))
                    .map(|w| w.to_string())
                    .collect();
                used = 1 + moves.len();
                go.searchmoves = Some(moves);
            }
            "depth" if value == Some(&"infinite") => go.limit = Limit::Infinite,
            "depth" => go.limit = Limit::Depth(count(key, value, n)?),
            "nodes" => go.limit = Limit::Nodes(number(key, value, MAX_NODES, n)?),
            "mate" if uci => go.limit = Limit::Mate(count(key, value, n)?),
            "time" => {
                timed = true;
                clock.get_or_insert_with(Clock::default).time = number(key, value, MAX_TIME, n)?
            }
            "movetime" => {
                timed = true;
                let c = clock.get_or_insert_with(Clock::default);
                c.time = number(key, value, MAX_TIME, n)?;
                c.movestogo = Some(1);
            }
            "movestogo" => {
                clock.get_or_insert_with(Clock::default).movestogo = Some(count(key, value, n)?)
            }
            "increment" => {
                clock.get_or_insert_with(Clock::default).increment =
                    Some(number(key, value, MAX_TIME, n)?)
            }
            "opptime" => {
                clock.get_or_insert_with(Clock::default).opptime =
                    Some(number(key, value, MAX_TIME, n)?)
            }
            "oppmovestogo" => {
                clock.get_or_insert_with(Clock::default).oppmovestogo = Some(count(key, value, n)?)
            }
            "oppincrement" => {
                clock.get_or_insert_with(Clock::default).oppincrement =
                    Some(number(key, value, MAX_TIME, n)?)
            }
            "wtime" | "btime" | "winc" | "binc" => {
                let v = Some(number(key, value, MAX_TIME, n)?);
                let s = sides.get_or_insert_with(Sides::default);
                match key {
                    "wtime" => s.wtime = v,
                    "btime" => s.btime = v,
                    "winc" => s.winc = v,
                    _ => s.binc = v,
                }
            }
            _ => {
                ignored.push(key);
                used = 1;
            }
        }
        i += used;
    }
    if go.ponder && go.draw {
        return err(
            "go: 'ponder' and 'draw' cannot be used together (use 'ponderhit draw')",
            "go：“ponder”与“draw”不能同用（应用“ponderhit draw”）",
        );
    }
    match (clock, sides) {
        (Some(c), Some(_)) if timed => {
            notes.push(Words::new(
                "go: UCCI 'time' given; the UCI clocks are ignored",
                "go：已给出 UCCI 的“time”，不计 UCI 的计时",
            ));
            go.limit = Limit::Time(c);
        }
        (c, Some(mut s)) => {
            s.movestogo = c.and_then(|c| c.movestogo);
            go.sides = Some(s);
        }
        (Some(c), None) => go.limit = Limit::Time(c),
        (None, None) => {}
    }
    if !ignored.is_empty() {
        let (rest_en, rest_zh) = match go.limit {
            Limit::Infinite if go.sides.is_none() => {
                ("; searching until stop", "，搜索至 stop 为止")
            }
            _ => ("", ""),
        };
        let words = ignored.join(" ");
        notes.insert(
            0,
            Words::new(
                format!("go: ignored '{words}'{rest_en}"),
                format!("go：不理会“{words}”{rest_zh}"),
            ),
        );
    }
    go.notes = notes;
    Ok(go)
}

impl Go {
    /// Reads the UCI clocks for the side to move, `turn`: its time and
    /// increment become the search's [`Clock`] (in milliseconds), the other
    /// side's the opponent's. Without a time for `turn` the limit stays as it
    /// was, with a note.
    pub(crate) fn for_turn(mut self, turn: Color) -> Go {
        let Some(s) = self.sides.take() else {
            return self;
        };
        let (own, own_inc, opp, opp_inc, word) = match turn {
            Color::Red => (s.wtime, s.winc, s.btime, s.binc, "wtime"),
            Color::Black => (s.btime, s.binc, s.wtime, s.winc, "btime"),
        };
        let Some(time) = own else {
            let (then_en, then_zh) = match self.limit {
                Limit::Infinite => ("; searching until stop", "，搜索至 stop 为止"),
                _ => ("", ""),
            };
            self.notes.push(Words::new(
                format!("go: no {word} for the side to move; the clocks are ignored{then_en}"),
                format!("go：没有走子方的 {word}，不计计时{then_zh}"),
            ));
            return self;
        };
        self.limit = Limit::Time(Clock {
            time,
            movestogo: s.movestogo,
            increment: own_inc,
            opptime: opp,
            oppmovestogo: None,
            oppincrement: opp_inc,
        });
        self.millis = true;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_position_with_moves() {
        let cmd = parse_command(
            "position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1 moves e0e1 e9e8",
            false,
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            cmd,
            Command::Position(PositionSpec {
                start: Start::Fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1".into()),
                moves: vec!["e0e1".into(), "e9e8".into()],
            })
        );
        assert!(parse_command("position", false).is_err());
        assert!(parse_command("position fen", false).is_err());
        assert!(parse_command("position banana", false).is_err());
        let e = parse_command("position startpos h2e2 h9g7", false).unwrap_err();
        assert_eq!(
            e.0.en,
            "position startpos: unexpected 'h2e2' (moves follow the word 'moves')"
        );
        assert_eq!(
            e.0.zh,
            "position startpos：多出“h2e2”（着法应写在“moves”之后）"
        );
    }

    #[test]
    fn parses_go_forms() {
        let go = |s: &str| match parse_command(s, false).unwrap().unwrap() {
            Command::Go(g) => g,
            other => panic!("{other:?}"),
        };
        assert_eq!(go("go depth 9").limit, Limit::Depth(9));
        assert_eq!(go("go depth infinite").limit, Limit::Infinite);
        assert_eq!(go("go").limit, Limit::Infinite);
        assert_eq!(go("go nodes 1000").limit, Limit::Nodes(1000));
        let g = go("go ponder time 300 increment 2 opptime 200 oppincrement 3");
        assert!(g.ponder);
        assert_eq!(
            g.limit,
            Limit::Time(Clock {
                time: 300,
                increment: Some(2),
                opptime: Some(200),
                oppincrement: Some(3),
                ..Clock::default()
            })
        );
        assert!(parse_command("go depth x", false).is_err());
        assert!(parse_command("go depth", false).is_err());
        assert!(parse_command("go time 1.5", false).is_err());
        assert!(parse_command("go depth -1", false).is_err());
        assert!(parse_command("go ponder draw time 3", false).is_err());
    }

    #[test]
    fn go_skips_unknown_words_and_clamps_large_values() {
        let go = |s: &str| match parse_command(s, false).unwrap().unwrap() {
            Command::Go(g) => g,
            other => panic!("{other:?}"),
        };
        let g = go("go warp 9 depth 4");
        assert_eq!(g.limit, Limit::Depth(4));
        assert_eq!(g.notes[0].en, "go: ignored 'warp 9'");
        let g = go("go warp 9");
        assert_eq!(g.limit, Limit::Infinite);
        assert!(
            g.notes[0].en.ends_with("searching until stop"),
            "{:?}",
            g.notes
        );
        assert_eq!(
            go("go movetime 500").limit,
            Limit::Time(Clock {
                time: 500,
                movestogo: Some(1),
                ..Clock::default()
            })
        );
        let g = go("go depth 4294967296");
        assert_eq!(g.limit, Limit::Depth(i32::MAX as u32));
        assert!(g.notes[0].en.contains("out of range"), "{:?}", g.notes);
        let g = go("go nodes 99999999999999999999999");
        assert_eq!(g.limit, Limit::Nodes(i64::MAX as u64));
        assert!(go("go depth 9").notes.is_empty());
    }

    #[test]
    fn reads_uci_clocks_for_the_side_to_move() {
        let go = |s: &str| match parse_command(s, true).unwrap().unwrap() {
            Command::Go(g) => g,
            other => panic!("{other:?}"),
        };
        let g = go("go wtime 10000 btime 8000 winc 100 binc 50 movestogo 20");
        assert!(g.notes.is_empty(), "{:?}", g.notes);
        let black = g.clone().for_turn(Color::Black);
        assert!(black.millis);
        assert_eq!(
            black.limit,
            Limit::Time(Clock {
                time: 8000,
                movestogo: Some(20),
                increment: Some(50),
                opptime: Some(10000),
                oppincrement: Some(100),
                ..Clock::default()
            })
        );
        let red = g.for_turn(Color::Red);
        assert!(matches!(red.limit, Limit::Time(Clock { time: 10000, .. })));
        // No time for the mover: the clocks are ignored, and it is said.
        let g = go("go btime 500").for_turn(Color::Red);
        assert_eq!(g.limit, Limit::Infinite);
        assert!(g.notes[0].en.contains("no wtime"), "{:?}", g.notes);
        // UCCI's time wins over UCI clocks.
        let g = go("go time 300 wtime 9");
        assert!(matches!(g.limit, Limit::Time(Clock { time: 300, .. })));
        assert!(g.sides.is_none());
        // searchmoves ends at the next go word.
        let g = go("go searchmoves h2e2 b0c2 depth 3");
        assert_eq!(g.limit, Limit::Depth(3));
        assert_eq!(
            g.searchmoves,
            Some(vec!["h2e2".to_string(), "b0c2".to_string()])
        );
        assert_eq!(go("go mate 3").limit, Limit::Mate(3));
        // A UCCI GUI's go knows the UCI clocks but not mate or searchmoves.
        let Ok(Some(Command::Go(g))) = parse_command("go mate 3 wtime 5 btime 5", false) else {
            panic!("a go");
        };
        assert!(g.sides.is_some());
        assert_eq!(g.notes[0].en, "go: ignored 'mate 3'");
        assert!(parse_command("ucinewgame", false).is_err());
        assert_eq!(parse_command("uci", false).unwrap(), Some(Command::Uci));
        assert_eq!(
            parse_command("ucinewgame", true).unwrap(),
            Some(Command::UciNewGame)
        );
        // Depth and clocks are kept when the mover has no clock.
        let g = go("go depth 4 wtime 100").for_turn(Color::Black);
        assert_eq!(g.limit, Limit::Depth(4));
    }

    #[test]
    fn parses_setoption_both_forms() {
        assert_eq!(
            parse_command("setoption usemillisec true", false).unwrap(),
            Some(Command::SetOption {
                name: "usemillisec".into(),
                value: Some("true".into())
            })
        );
        assert_eq!(
            parse_command("setoption newgame", false).unwrap(),
            Some(Command::SetOption {
                name: "newgame".into(),
                value: None
            })
        );
        assert_eq!(
            parse_command("setoption name Hash Size value 64", false).unwrap(),
            Some(Command::SetOption {
                name: "hash size".into(),
                value: Some("64".into())
            })
        );
        assert!(parse_command("setoption", false).is_err());
    }

    #[test]
    fn rejects_unknown_and_accepts_blank() {
        assert_eq!(parse_command("   ", false).unwrap(), None);
        let e = parse_command("fly away", false).unwrap_err();
        assert!(e.0.en.contains("unknown command 'fly'"));
        assert!(e.0.zh.starts_with("未知指令“fly”"));
        assert!(parse_command("ponderhit now", false).is_err());
        assert_eq!(
            parse_command("probe", false).unwrap(),
            Some(Command::Probe(None))
        );
    }
}
