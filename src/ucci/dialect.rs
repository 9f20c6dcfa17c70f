//! What differs between UCCI and UCI engines: square coordinates (rank base),
//! `setoption` forms and names, `go` clocks, bans, scores and `bestmove`.

use crate::board::{Color, Move, Square};
use crate::words::Words;

use super::protocol::{Go, Limit};

/// The protocol the engine speaks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EngineProtocol {
    /// UCCI 3.0 (`ucci` → `ucciok`).
    Ucci,
    /// UCI (`uci` → `uciok`), e.g. Pikafish or Fairy-Stockfish.
    Uci,
}

impl EngineProtocol {
    /// Parses `ucci` or `uci` (case-insensitive); else says why, in both languages.
    pub fn parse(s: &str) -> Result<EngineProtocol, Words> {
        match s.to_ascii_lowercase().as_str() {
            "ucci" => Ok(EngineProtocol::Ucci),
            "uci" => Ok(EngineProtocol::Uci),
            _ => Err(Words::new(
                format!("unknown engine protocol '{s}': expected ucci or uci"),
                format!("未知的引擎协议“{s}”：应为 ucci 或 uci"),
            )),
        }
    }
}

/// How to talk to one engine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Dialect {
    /// The engine's protocol.
    pub protocol: EngineProtocol,
    /// The number the engine gives Red's back rank: 0 (UCCI, Pikafish) or 1
    /// (Fairy-Stockfish in UCI mode, Sjaak II).
    pub rank_base: u8,
    /// Whether a UCCI engine takes `go` times in milliseconds (it declared
    /// `usemillisec` and the bridge set it, or it is Fairy-Stockfish, whose
    /// UCCI mode always does); otherwise it is told whole seconds.
    pub millis: bool,
    /// Whether a UCCI engine takes `go infinite` for a search until `stop`
    /// (Fairy-Stockfish, which stops early on the spec's `go depth infinite`);
    /// otherwise it is sent `go depth infinite`. UCI engines always get `infinite`.
    pub go_infinite: bool,
    /// The letters the engine reads in a FEN for the horse and the elephant.
    pub letters: FenLetters,
    /// Whether the engine is told the increments (UCCI `increment`,
    /// `oppincrement`; UCI `winc`, `binc`, else 0). Sjaak II is not: given
    /// one, of any value, its UCCI side spends half its clock or more on
    /// the move, and its UCI side more than the clock left when that is
    /// short (229 ms of 207 with `winc 100`), losing on time; without, a
    /// small share.
    pub increments: bool,
    /// What the engine's `score cp` gives a mate on the board, if it writes
    /// mates so: a mate `n` plies away is then ±(`cp_mate` − n), and is
    /// passed on as the mate it is. Sjaak II writes 16000 (`score cp 15999`
    /// for a mate in one, in both protocols); `None` for an engine that
    /// writes `score mate M` (or, in UCCI, ±(10000 − plies)).
    pub cp_mate: Option<i64>,
}

/// The letters of the horse and the elephant in the FENs an engine reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FenLetters {
    /// `N` and `B`, as UCCI and Fairy-Stockfish write them.
    Standard,
    /// `H` and `E`, the only ones Sjaak II reads (it answers no search after
    /// a FEN with `N` or `B`).
    HorseElephant,
}

impl FenLetters {
    /// `fen` (in standard letters) with its board written in these letters.
    pub fn fen(self, fen: &str) -> String {
        match self {
            FenLetters::Standard => fen.to_string(),
            FenLetters::HorseElephant => {
                let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
                let board: String = board
                    .chars()
                    .map(|c| match c {
                        'N' => 'H',
                        'n' => 'h',
                        'B' => 'E',
                        'b' => 'e',
                        c => c,
                    })
                    .collect();
                if rest.is_empty() {
                    board
                } else {
                    format!("{board} {rest}")
                }
            }
        }
    }
}

/// Mate scores in the ElephantEye convention: ±(MATE − plies).
pub(crate) const MATE: i64 = 10000;

impl Dialect {
    /// A move as the engine writes it.
    pub fn move_text(&self, mv: Move) -> String {
        let sq = |s: Square| {
            format!(
                "{}{}",
                s.file().char(),
                s.rank().index() + self.rank_base as usize
            )
        };
        format!("{}{}", sq(mv.from()), sq(mv.to()))
    }

    /// Reads a move as the engine writes it (`None` if it is not a move).
    pub(crate) fn parse_move(&self, text: &str) -> Option<Move> {
        let bytes = text.as_bytes();
        let split = bytes.iter().skip(1).position(|b| b.is_ascii_alphabetic())? + 1;
        let (a, b) = text.split_at(split);
        let square = |s: &str| -> Option<Square> {
            let mut chars = s.chars();
            let file = chars.next()?;
            let rank: i32 = chars.as_str().parse().ok()?;
            if !('a'..='i').contains(&file) {
                return None;
            }
            Square::at(
                file as i32 - 'a' as i32,
                rank.checked_sub(i32::from(self.rank_base))?,
            )
        };
        let (from, to) = (square(a)?, square(b)?);
        (from != to).then(|| Move::new(from, to))
    }

    /// The `setoption` line in the engine's form.
    pub(crate) fn setoption(&self, name: &str, value: Option<&str>) -> String {
        match (self.protocol, value) {
            (EngineProtocol::Ucci, Some(v)) => format!("setoption {name} {v}"),
            (EngineProtocol::Ucci, None) => format!("setoption {name}"),
            (EngineProtocol::Uci, Some(v)) => format!("setoption name {name} value {v}"),
            (EngineProtocol::Uci, None) => format!("setoption name {name}"),
        }
    }

    /// The handshake command and the line that ends its answer.
    pub(crate) fn handshake(&self) -> (&'static str, &'static str) {
        match self.protocol {
            EngineProtocol::Ucci => ("ucci", "ucciok"),
            EngineProtocol::Uci => ("uci", "uciok"),
        }
    }

    /// The `go` line for the engine. `millis` says whether the GUI's times are
    /// in milliseconds. `searchmoves`, when given, limits a UCI engine's root moves.
    pub(crate) fn go_line(
        &self,
        go: &Go,
        turn: Color,
        millis: bool,
        searchmoves: Option<&[Move]>,
    ) -> String {
        let ms = |v: u64| if millis { v } else { v.saturating_mul(1000) };
        // Whole seconds for an engine without `usemillisec`; increments round
        // down, but a clock with time left never reads 0 (that means flagged).
        let ucci_increment = |v: u64| if self.millis { ms(v) } else { ms(v) / 1000 };
        let ucci_time = |v: u64| match ucci_increment(v) {
            0 if v > 0 => 1,
            t => t,
        };
        let mut out = String::from("go");
        let mut push = |s: &str| {
            out.push(' ');
            out.push_str(s);
        };
        if go.ponder {
            push("ponder");
        }
        if go.draw && self.protocol == EngineProtocol::Ucci {
            push("draw");
        }
        match (&go.limit, self.protocol) {
            (Limit::Depth(d), _) => push(&format!("depth {d}")),
            (Limit::Nodes(n), _) => push(&format!("nodes {n}")),
            (Limit::Mate(m), EngineProtocol::Uci) => push(&format!("mate {m}")),
            // UCCI has no mate search: a mate in m moves is found within 2m − 1 plies.
            (Limit::Mate(m), EngineProtocol::Ucci) => push(&format!(
                "depth {}",
                m.saturating_mul(2).saturating_sub(1).max(1)
            )),
            (Limit::Infinite, EngineProtocol::Ucci) if !self.go_infinite => push("depth infinite"),
            (Limit::Infinite, _) => push("infinite"),
            (Limit::Time(c), EngineProtocol::Ucci) => {
                push(&format!("time {}", ucci_time(c.time)));
                if let Some(m) = c.movestogo {
                    push(&format!("movestogo {m}"));
                }
                if let Some(i) = c.increment.filter(|_| self.increments) {
                    push(&format!("increment {}", ucci_increment(i)));
                }
                if let Some(t) = c.opptime {
                    push(&format!("opptime {}", ucci_time(t)));
                }
                if let Some(m) = c.oppmovestogo {
                    push(&format!("oppmovestogo {m}"));
                }
                if let Some(i) = c.oppincrement.filter(|_| self.increments) {
                    push(&format!("oppincrement {}", ucci_increment(i)));
                }
            }
            (Limit::Time(c), EngineProtocol::Uci) => {
                let inc = |i: Option<u64>| ms(i.filter(|_| self.increments).unwrap_or(0));
                let ours = (ms(c.time), inc(c.increment));
                let theirs = (ms(c.opptime.unwrap_or(c.time)), inc(c.oppincrement));
                let (w, b) = match turn {
                    Color::Red => (ours, theirs),
                    Color::Black => (theirs, ours),
                };
                push(&format!(
                    "wtime {} btime {} winc {} binc {}",
                    w.0, b.0, w.1, b.1
                ));
                if let Some(m) = c.movestogo {
                    push(&format!("movestogo {m}"));
                }
            }
        }
        if let (Some(moves), EngineProtocol::Uci) = (searchmoves, self.protocol) {
            push("searchmoves");
            for &mv in moves {
                push(&self.move_text(mv));
            }
        }
        out
    }

    /// Rewrites an engine `info` line for the GUI, whose protocol and rank
    /// base `gui` gives: moves in the GUI's coordinates, and the score in
    /// the engine's scale (its centipawns, or a UCCI engine's own units),
    /// mates as the GUI writes them. For a UCCI GUI `score cp N` → `score
    /// N`, kept short of the mates (within ±9899), and a mate (`score mate
    /// M`, or a [`cp_mate`](Dialect::cp_mate) score) → ±(10000 − plies); for
    /// a UCI GUI a UCCI engine's `score N` → `score cp N`, or `score mate M`
    /// near ±10000, and a `cp_mate` score → `score mate M`. A message
    /// reaches the GUI in its form: `info message` for UCCI, `info string`
    /// for UCI, whichever the engine wrote.
    pub(crate) fn translate_info(&self, line: &str, gui: &Dialect) -> String {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let mut out: Vec<String> = Vec::with_capacity(tokens.len());
        let mut i = 0;
        let mut in_moves = false;
        while let Some(&t) = tokens.get(i) {
            i += 1;
            if t == "string" || t == "message" {
                // UCCI's `info message` is UCI's `info string`.
                let label = match gui.protocol {
                    EngineProtocol::Uci => "string",
                    EngineProtocol::Ucci => "message",
                };
                out.push(label.into());
                out.extend(tokens.iter().skip(i).map(|s| s.to_string()));
                break;
            }
            match t {
                "score" => {
                    in_moves = false;
                    out.push("score".into());
                    let kind = tokens.get(i).copied();
                    let value = tokens.get(i + 1).and_then(|v| v.parse::<i64>().ok());
                    let cp_mate = value.and_then(|v| self.cp_mate_score(v));
                    match (gui.protocol, kind, value) {
                        (EngineProtocol::Ucci, Some("cp"), Some(v)) => {
                            out.push(cp_mate.unwrap_or_else(|| short_of_mates(v)).to_string());
                            i += 2;
                        }
                        (EngineProtocol::Ucci, Some("mate"), Some(m)) => {
                            out.push(ucci_mate_score(m).to_string());
                            i += 2;
                        }
                        (EngineProtocol::Uci, Some("cp"), Some(_)) if cp_mate.is_some() => {
                            out.push(uci_score(cp_mate.unwrap_or_default()));
                            i += 2;
                        }
                        (EngineProtocol::Uci, Some(v), _)
                            if self.protocol == EngineProtocol::Ucci =>
                        {
                            if let Ok(v) = v.parse::<i64>() {
                                out.push(uci_score(v));
                                i += 1;
                            }
                        }
                        _ => {}
                    }
                }
                "pv" | "refutation" | "currline" => {
                    in_moves = true;
                    out.push(t.into());
                }
                "currmove" => {
                    out.push(t.into());
                    if let Some(m) = tokens.get(i) {
                        out.push(self.gui_move(m, gui));
                        i += 1;
                    }
                }
                _ if in_moves => out.push(self.gui_move(t, gui)),
                _ => out.push(t.into()),
            }
        }
        out.join(" ")
    }

    /// The engine's `score cp v` as a UCCI mate score, ±(10000 − plies),
    /// when it is a mate in the engine's [`cp_mate`](Dialect::cp_mate)
    /// scale: within [`MATE_PLIES`] of it.
    fn cp_mate_score(&self, v: i64) -> Option<i64> {
        let plies = self.cp_mate?.checked_sub(v.checked_abs()?)?;
        (0..MATE_PLIES)
            .contains(&plies)
            .then(|| v.signum() * (MATE - plies))
    }

    /// A move as the engine writes it, as the GUI writes it (unchanged when
    /// it is not a move).
    fn gui_move(&self, text: &str, gui: &Dialect) -> String {
        self.parse_move(text)
            .map_or_else(|| text.to_string(), |m| gui.move_text(m))
    }
}

/// A UCI `score mate m` as a UCCI score: ±(MATE − plies). Mate in m moves is
/// 2m − 1 plies; mated in |m| is 2|m|. Whatever the engine writes, the score
/// keeps its sign and stays within ±MATE.
fn ucci_mate_score(m: i64) -> i64 {
    let plies = |moves: u64, extra: i64| {
        let p = i64::try_from(moves).unwrap_or(i64::MAX);
        p.saturating_mul(2).saturating_add(extra).min(MATE - 1)
    };
    if m > 0 {
        MATE - plies(m.unsigned_abs(), -1)
    } else {
        -(MATE - plies(m.unsigned_abs(), 0))
    }
}

/// How close to ±MATE a UCCI score must be to read as a mate for a UCI GUI.
pub(crate) const MATE_PLIES: i64 = 100;

/// An engine's centipawns as a UCCI score: unchanged, but kept short of
/// the mates (within ±(10000 − [`MATE_PLIES`] − 1)), so that no GUI and not
/// the bridge read a large advantage as a mate.
fn short_of_mates(cp: i64) -> i64 {
    let most = MATE - MATE_PLIES - 1;
    cp.clamp(-most, most)
}

/// A UCCI score as UCI's `cp N` or, within [`MATE_PLIES`] of ±MATE, `mate M`.
pub(crate) fn uci_score(v: i64) -> String {
    let plies = MATE.saturating_sub(v.saturating_abs());
    match plies {
        0..MATE_PLIES if v > 0 => format!("mate {}", (plies + 1) / 2),
        0..MATE_PLIES => format!("mate -{}", (plies.max(1) + 1) / 2),
        _ => format!("cp {v}"),
    }
}

/// An engine's `bestmove` line, split up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BestMove {
    /// The move as the engine wrote it, `None` for `nobestmove`, `bestmove (none)`, `0000` or `@@@@`.
    pub mv: Option<String>,
    /// The ponder move as written.
    pub ponder: Option<String>,
    /// `draw` or `resign` (UCCI engines).
    pub flags: Vec<String>,
}

/// Reads `bestmove …` or `nobestmove`; `None` for any other line.
pub(crate) fn parse_bestmove(line: &str) -> Option<BestMove> {
    let mut tokens = line.split_whitespace();
    match tokens.next()? {
        "nobestmove" => Some(BestMove {
            mv: None,
            ponder: None,
            flags: Vec::new(),
        }),
        "bestmove" => {
            let mv = tokens
                .next()
                // Sjaak II writes its null move `@@@@` when it has no move.
                .filter(|m| !matches!(*m, "(none)" | "0000" | "none" | "@@@@"))
                .map(str::to_string);
            let mut ponder = None;
            let mut flags = Vec::new();
            while let Some(t) = tokens.next() {
                match t {
                    "ponder" => ponder = tokens.next().map(str::to_string),
                    "draw" | "resign" => flags.push(t.to_string()),
                    _ => {}
                }
            }
            Some(BestMove { mv, ponder, flags })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ucci::protocol::{Clock, parse_go};

    const FSF_UCI: Dialect = Dialect {
        protocol: EngineProtocol::Uci,
        rank_base: 1,
        millis: true,
        go_infinite: true,
        letters: FenLetters::Standard,
        increments: true,
        cp_mate: None,
    };
    const UCCI: Dialect = Dialect {
        protocol: EngineProtocol::Ucci,
        rank_base: 0,
        millis: true,
        go_infinite: false,
        letters: FenLetters::Standard,
        increments: true,
        cp_mate: None,
    };

    #[test]
    fn writes_sjaak_fen_letters_on_the_board_only() {
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
        assert_eq!(
            FenLetters::HorseElephant.fen(fen),
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b - - 0 1"
        );
        assert_eq!(FenLetters::Standard.fen(fen), fen);
        assert_eq!(FenLetters::HorseElephant.fen("4k4/9 w"), "4k4/9 w");
    }

    #[test]
    fn converts_rank_base() {
        let mv = Move::parse_uci("b9b0").unwrap();
        assert_eq!(FSF_UCI.move_text(mv), "b10b1");
        assert_eq!(FSF_UCI.parse_move("b10b1"), Some(mv));
        assert_eq!(UCCI.parse_move("b9b0"), Some(mv));
        assert_eq!(UCCI.parse_move("(none)"), None);
        assert_eq!(FSF_UCI.parse_move("a0a1"), None);
        assert_eq!(UCCI.parse_move("j1j2"), None);
        // Absurd ranks are not moves (and do not overflow).
        assert_eq!(FSF_UCI.parse_move("a-2147483648a1"), None);
        assert_eq!(FSF_UCI.parse_move("a2147483647a1"), None);
    }

    #[test]
    fn translates_go_clock_by_side() {
        let go = Go {
            ponder: false,
            draw: true,
            limit: Limit::Time(Clock {
                time: 300,
                increment: Some(2),
                opptime: Some(200),
                ..Clock::default()
            }),
            sides: None,
            millis: false,
            searchmoves: None,
            notes: Vec::new(),
        };
        assert_eq!(
            FSF_UCI.go_line(&go, Color::Black, false, None),
            "go wtime 200000 btime 300000 winc 0 binc 2000"
        );
        assert_eq!(
            UCCI.go_line(&go, Color::Black, false, None),
            "go draw time 300000 increment 2000 opptime 200000"
        );
        let seconds = Dialect {
            millis: false,
            ..UCCI
        };
        assert_eq!(
            seconds.go_line(&go, Color::Red, true, None),
            "go draw time 1 increment 0 opptime 1"
        );
        assert_eq!(
            seconds.go_line(&go, Color::Red, false, None),
            "go draw time 300 increment 2 opptime 200"
        );
        let sjaak = Dialect {
            increments: false,
            ..UCCI
        };
        assert_eq!(
            sjaak.go_line(&go, Color::Black, false, None),
            "go draw time 300000 opptime 200000"
        );
        let sjaak_uci = Dialect {
            increments: false,
            ..FSF_UCI
        };
        assert_eq!(
            sjaak_uci.go_line(&go, Color::Black, true, None),
            "go wtime 200 btime 300 winc 0 binc 0"
        );
        assert_eq!(
            FSF_UCI.go_line(&go, Color::Black, true, None),
            "go wtime 200 btime 300 winc 0 binc 2"
        );
        let mate = parse_go(&["mate", "2"], true).unwrap();
        assert_eq!(FSF_UCI.go_line(&mate, Color::Red, true, None), "go mate 2");
        assert_eq!(UCCI.go_line(&mate, Color::Red, true, None), "go depth 3");
        let depth = parse_go(&["depth", "3"], false).unwrap();
        let allowed = [Move::parse_uci("h2e2").unwrap()];
        assert_eq!(
            FSF_UCI.go_line(&depth, Color::Red, true, Some(&allowed)),
            "go depth 3 searchmoves h3e3"
        );
        assert_eq!(
            UCCI.go_line(&depth, Color::Red, true, Some(&allowed)),
            "go depth 3"
        );
        let infinite = parse_go(&["depth", "infinite"], false).unwrap();
        assert_eq!(
            UCCI.go_line(&infinite, Color::Red, true, None),
            "go depth infinite"
        );
        let fsf_ucci = Dialect {
            go_infinite: true,
            ..UCCI
        };
        assert_eq!(
            fsf_ucci.go_line(&infinite, Color::Red, true, None),
            "go infinite"
        );
        assert_eq!(
            FSF_UCI.go_line(&infinite, Color::Red, true, None),
            "go infinite"
        );
    }

    #[test]
    fn translates_info_and_bestmove() {
        assert_eq!(
            FSF_UCI.translate_info(
                "info depth 2 seldepth 3 score cp -108 nodes 81 pv b10b9 d9d10",
                &UCCI
            ),
            "info depth 2 seldepth 3 score -108 nodes 81 pv b9b8 d8d9"
        );
        assert_eq!(
            UCCI.translate_info("info depth 5 score mate 2 pv a0a1", &UCCI),
            "info depth 5 score 9997 pv a0a1"
        );
        assert_eq!(
            UCCI.translate_info("info score mate -2", &UCCI),
            "info score -9996"
        );
        // An absurd mate distance keeps the score's sign, within ±10000.
        let score = |line: &str| -> i64 {
            let t = FSF_UCI.translate_info(line, &UCCI);
            t.rsplit(' ').next().unwrap().parse().unwrap()
        };
        for (m, sign) in [(i64::MAX, 1), (i64::MIN, -1), (-i64::MAX, -1)] {
            let s = score(&format!("info score mate {m}"));
            assert!(s.signum() == sign && s.abs() <= MATE, "mate {m}: {s}");
        }
        // A message reaches a UCCI GUI as UCCI's `info message`, whichever
        // form the engine wrote (Fairy-Stockfish writes `info string` in
        // both protocols).
        assert_eq!(
            UCCI.translate_info("info string x pv y", &UCCI),
            "info message x pv y"
        );
        assert_eq!(
            FSF_UCI.translate_info("info string NNUE evaluation", &UCCI),
            "info message NNUE evaluation"
        );
        // A UCI GUI gets UCI scores, and moves in its own rank base.
        let gui_uci = Dialect {
            rank_base: 0,
            ..FSF_UCI
        };
        assert_eq!(
            FSF_UCI.translate_info("info depth 2 score cp -108 pv b10b9 d9d10", &gui_uci),
            "info depth 2 score cp -108 pv b9b8 d8d9"
        );
        assert_eq!(
            UCCI.translate_info("info depth 2 score -108 currmove b9b8", &FSF_UCI),
            "info depth 2 score cp -108 currmove b10b9"
        );
        assert_eq!(
            UCCI.translate_info("info score 9997 pv a0a1", &gui_uci),
            "info score mate 2 pv a0a1"
        );
        assert_eq!(
            UCCI.translate_info("info score -9996", &gui_uci),
            "info score mate -2"
        );
        assert_eq!(
            UCCI.translate_info("info score mate 3", &gui_uci),
            "info score mate 3"
        );
        // UCCI's `info message` reaches a UCI GUI as `info string`; a UCCI
        // GUI gets it as written.
        assert_eq!(
            UCCI.translate_info("info message book move pv a0a1", &gui_uci),
            "info string book move pv a0a1"
        );
        assert_eq!(
            UCCI.translate_info("info message book move", &UCCI),
            "info message book move"
        );
        // Sjaak II's mates, centipawns from 16000, are mates for either GUI;
        // its other centipawns stay as they are. A UCCI GUI gets no
        // centipawns that would read as a mate.
        let sjaak = Dialect {
            cp_mate: Some(16_000),
            ..FSF_UCI
        };
        for (line, ucci, uci) in [
            (
                "info depth 2 score cp 15999 pv a8d8",
                "score 9999",
                "score mate 1",
            ),
            ("info score cp -15998", "score -9998", "score mate -1"),
            ("info score cp 15995", "score 9995", "score mate 3"),
            ("info score cp 1242", "score 1242", "score cp 1242"),
            ("info score cp 15000", "score 9899", "score cp 15000"),
        ] {
            assert!(sjaak.translate_info(line, &UCCI).contains(ucci), "{line}");
            assert!(sjaak.translate_info(line, &gui_uci).contains(uci), "{line}");
        }
        assert_eq!(
            FSF_UCI.translate_info("info score cp -12000", &UCCI),
            "info score -9899"
        );
        assert_eq!(
            FSF_UCI.translate_info("info score cp 15999", &gui_uci),
            "info score cp 15999"
        );
        assert_eq!(
            parse_bestmove("bestmove (none)"),
            Some(BestMove {
                mv: None,
                ponder: None,
                flags: vec![]
            })
        );
        assert_eq!(parse_bestmove("bestmove @@@@").unwrap().mv, None);
        let b = parse_bestmove("bestmove h2e2 ponder h9g7 draw").unwrap();
        assert_eq!(b.mv.as_deref(), Some("h2e2"));
        assert_eq!(b.ponder.as_deref(), Some("h9g7"));
        assert_eq!(b.flags, vec!["draw".to_string()]);
        assert_eq!(parse_bestmove("info depth 1"), None);
    }
}
