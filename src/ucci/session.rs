//! The session: reads the GUI's lines (UCCI or UCI, as its handshake word
//! chose), keeps the game as the referee sees it, answers as a referee
//! engine, and — with an engine behind it — passes the session through,
//! adding the bans the rules require.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crate::board::{Move, Position};
use crate::rules::profile::{BUILTIN_NAMES, Profile};
use crate::words::{Lang, Words};

use super::bridge::{Bridge, EngineSettings};
use super::clock::{clock_left, go_with_time_left};
use super::combo::vars_default_first;
use super::deaf::{DRAIN_WAIT, DRAIN_WAIT_CLOCK, Drain, Slices};
use super::dialect::{Dialect, EngineProtocol, MATE, MATE_PLIES, parse_bestmove};
use super::engine::{Engine, SessionInput, start_failure};
use super::escape::{MAX_INFO_CHARS, clipped, printable};
use super::fallback;
use super::game::{Game, load_in, replay};
use super::gui::{GuiSide, RANK_BASE_OPTION, ranks, read_move};
use super::info::{
    PvLine, by_preference, depth_of, exact_score_of, preferred, progress_of, pv_line, score_of,
};
use super::judge::{Ban, Judge, Report, load_profile};
use super::log::{Direction, Log};
use super::mate_scale::cp_mate_shown;
use super::now::Clock;
use super::protocol::{Command, Go, Limit, PositionSpec, parse_command};
use super::ready::Busy;
use super::search::{Budget, Outcome, ucci_units};

/// How often the bridge asks the engine again after it answered a banned move.
const MAX_RETRIES: u32 = 2;

/// The depth of the bridge's short searches of the position after each
/// candidate move, for an engine that ignores bans.
const PROBE_DEPTH: u32 = 4;

/// The share of the GUI's clock left that the short searches may spend: a tenth.
const PROBE_SHARE: u32 = 10;

/// The most the short searches may spend when the GUI's `go` has no clock
/// (a depth or nodes search), for as many candidates as fit.
const PROBE_NO_CLOCK: Duration = Duration::from_secs(2);

/// The share of the GUI's clock left that the bridge's own small search may
/// spend: a twentieth.
const OWN_SEARCH_SHARE: u32 = 20;

/// The most the bridge's own small search may spend.
const OWN_SEARCH_MAX: Duration = Duration::from_millis(250);

/// What the bridge's own small search may spend when it must answer at once
/// (after `stop`, or a search the engine did not answer in time).
const OWN_SEARCH_HURRY: Duration = Duration::from_millis(5);

/// The most positions the bridge's own small search may visit.
const OWN_SEARCH_NODES: u64 = 3_000_000;

/// A UCI engine cannot answer a draw offer; the bridge accepts one for it
/// when the engine's last score is within this many points of equality.
const DRAW_ACCEPT_SCORE: i64 = 20;

/// What the session runs with.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The rules profile.
    pub profile: Profile,
    /// The engine behind the bridge; `None` = referee only.
    pub engine: Option<EngineSettings>,
    /// The language of the report lines (the game's state, the bans, the
    /// game's end) until the GUI sets the `language` option.
    pub lang: Lang,
    /// Told why, in the session's language, when the engine cannot be
    /// started as the session starts (the command line writes it on standard
    /// error, so that it shows before a GUI asks); the GUI hears it in an
    /// message (`info message`, UCI `info string`) either way.
    pub on_start_failure: Option<fn(&str)>,
}

/// A search in progress.
struct Search {
    go: Go,
    bans: Vec<Ban>,
    allowed: Vec<Move>,
    retries: u32,
    deadline: Option<Instant>,
    /// When the GUI's clock for this search started: at `go`, or at
    /// `ponderhit` for a ponder search.
    clock_start: Instant,
    stopped: bool,
    /// The GUI offered a draw (`go draw` or `ponderhit draw`).
    draw_offered: bool,
    /// The engine's last reported score, in UCCI form.
    last_score: Option<i64>,
    /// The `go`'s times are in milliseconds.
    millis: bool,
    /// The GUI limited the moves (`searchmoves`): the engine is told the
    /// allowed ones even without a ban.
    restricted: bool,
    /// The engine exited during this search and was started again.
    restarted: bool,
    /// The engine's `info … pv` lines in this search, oldest first: where
    /// the bridge looks for a move when the engine's answer cannot be passed on.
    liked: Vec<PvLine>,
    /// A ponder search held back from an engine that reads nothing while it
    /// searches: it is sent, as a normal search, at `ponderhit`.
    held: bool,
    /// The engine is sent the position alone, without the moves that led to
    /// it (after it answered no move where the rules leave it some: its own
    /// idea of the game's repetitions may be what stopped it).
    bare: bool,
    /// Short searches of the positions after candidate moves, under way
    /// because the engine insists on a banned move.
    probe: Option<Probe>,
    /// The bridge's own small search of the allowed moves, once run.
    ranking: Option<Outcome>,
    /// The engine's answer in this search was counted as evidence of its
    /// rank base (see `learn_rank_base`).
    ranks_voted: bool,
    /// An endless search of an engine that reads nothing while it
    /// searches, cut into depth-limited ones.
    slices: Option<Slices>,
    /// The GUI was told that the engine's lines beginning with a move that
    /// may not be played are shown without their score and moves.
    hid_lines: bool,
}

impl Search {
    /// What is left of the GUI's clock for this move by `clock`: `None`
    /// for a search without one (depth, nodes, infinite, ponder).
    fn time_left(&self, clock: &Clock) -> Option<Duration> {
        clock_left(&self.go, clock.since(self.clock_start), self.millis)
    }

    /// What the bridge's own small search may spend: a share of the clock
    /// left (by `clock`, which the search reads too), at most
    /// [`OWN_SEARCH_MAX`]; next to nothing in a `hurry`.
    fn own_budget(&self, hurry: bool, clock: &Clock) -> Budget {
        let time = match self.time_left(clock) {
            _ if hurry || self.stopped => OWN_SEARCH_HURRY,
            Some(left) => (left / OWN_SEARCH_SHARE).clamp(OWN_SEARCH_HURRY, OWN_SEARCH_MAX),
            None => OWN_SEARCH_MAX,
        };
        Budget {
            nodes: OWN_SEARCH_NODES,
            deadline: clock.after(time),
            clock: clock.clone(),
        }
    }
}

/// The engine, which ignores bans, searching the position after each
/// candidate move briefly: the bridge plays the one after which it scores
/// the opponent's side worst.
struct Probe {
    /// Candidates still to search, the next first.
    todo: VecDeque<Move>,
    /// The candidate being searched and the engine's last score for it (the
    /// opponent's view, in UCCI units).
    current: Option<(Move, Option<i64>)>,
    /// Searched candidates and their scores for the side to move.
    done: Vec<(Move, i64)>,
    /// When the candidate being searched was sent.
    sent: Instant,
    /// The time the finished searches took, together.
    spent: Duration,
    /// How many searches finished.
    finished: u32,
    /// When the searches must end (a share of the GUI's clock), if ever.
    until: Option<Instant>,
    /// What the engine answered, for the GUI.
    what: Words,
}

impl Probe {
    /// The searched candidate with the best score (the first of equals).
    fn best(&self) -> Option<Move> {
        self.done
            .iter()
            .copied()
            .reduce(|a, b| if b.1 > a.1 { b } else { a })
            .map(|(m, _)| m)
    }
}

/// Whether the GUI's `line` is its `quit`.
fn is_quit(line: &str) -> bool {
    line.split_whitespace().next() == Some("quit")
}

/// An engine's `info` line with its score in UCCI units (a UCI engine's
/// `score cp N` as `score N`, `score mate M` as ±(10000 − plies)), as the
/// bridge keeps scores whatever the GUI speaks.
fn in_ucci_units(dialect: &Dialect, line: &str) -> String {
    dialect.translate_info(line, &GuiSide::new(EngineProtocol::Ucci).coords())
}

/// A short search's score for the side to move (the engine's score for the
/// opponent after the candidate, negated) as a score of the position
/// before the candidate: a mate one ply further off.
fn one_ply_back(ours: i64) -> i64 {
    if ours >= MATE - MATE_PLIES {
        ours - 1
    } else if ours <= -(MATE - MATE_PLIES) {
        ours + 1
    } else {
        ours
    }
}

/// The message for a `position` that was not accepted (`why`).
fn position_rejected(why: &Words) -> Words {
    Words::new(
        format!(
            "position rejected: {}; there is no position until a valid one arrives",
            why.en
        ),
        format!("局面不予接受：{}；收到有效局面之前没有局面", why.zh),
    )
}

/// Runs a session on `input` (the GUI's lines) and `output` until `quit` or
/// the end of input.
pub fn run<R, W>(settings: Settings, input: R, output: W, log: Log) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let mut session = Session::new(&settings, output, log, Clock::default());
    let gui_tx = session.tx.clone();
    let stamps = session.clock.clone();
    thread::spawn(move || {
        let mut input = input;
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    // Bytes that are not UTF-8 become U+FFFD: a bad line, not the end.
                    let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                    let at = stamps.now();
                    if gui_tx.send(SessionInput::Gui { line, at }).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = gui_tx.send(SessionInput::GuiEof);
    });
    if session.bridge.is_some()
        && let Err(e) = session.start_engine()
    {
        session.log.line(
            Direction::ToGui,
            &format!("(engine start failed: {})", e.en),
        );
        if let Some(tell) = settings.on_start_failure.filter(|_| !session.quitting) {
            tell(e.get(settings.lang));
        }
    }
    session.main_loop()
}

struct Session<W: Write> {
    out: W,
    log: Log,
    rx: Receiver<SessionInput>,
    tx: Sender<SessionInput>,
    pending: VecDeque<SessionInput>,
    /// GUI lines that came after a `stop` while the stopped search had not
    /// answered yet, with when they arrived; they are handled, in order,
    /// once it has.
    deferred: VecDeque<(String, Instant)>,
    /// When the GUI line being handled arrived.
    received: Instant,
    /// The time every wait and every charge to the GUI's clock reads.
    clock: Clock,
    /// The GUI quit, or closed its end, while the session waited for the
    /// engine: the session ends without waiting any longer.
    quitting: bool,
    /// The profile given at start, which `setoption profile` may choose by
    /// name again (it may come from a file).
    start_profile: Profile,
    profile: Profile,
    millis: bool,
    /// The language of the report lines.
    lang: Lang,
    /// The GUI's protocol and rank base.
    gui: GuiSide,
    game: Game,
    gui_bans: Vec<Move>,
    /// Why there is no valid position: the last `position` was rejected.
    /// Until a valid one arrives, `go` answers `nobestmove`.
    rejected: Option<Words>,
    bridge: Option<Bridge>,
    search: Option<Search>,
    /// A `go ponder` or endless `go` that has nothing to search (the
    /// referee's always; a bridge's when there is no position, no move is
    /// allowed or there is no engine): its
    /// `nobestmove` waits for the `stop`, or for the `ponderhit` that gives
    /// a ponder search its limit, as an engine's answer would (UCI: such a
    /// search ends only when told to, and Fairy-Stockfish's answer to one
    /// in a mated position waits so too).
    unsearched: Option<Go>,
    /// The GUI's last command that changes anything was a `go` it has sent
    /// no `stop` for (only `isready`, `probe` or `ponderhit` came after
    /// it). A `stop` that finds that search answered crossed the answer on
    /// its way: it was meant for that search, which has had its one
    /// answer, and is not a `stop` without a search (see
    /// [`Session::on_stop`]).
    go_unstopped: bool,
    /// A UCCI engine answered a search the bridge had told to `stop`: if
    /// its answer crossed the `stop`, it answers that `stop` too, with
    /// `nobestmove` as UCCI 3.0 asks of an idle engine, after the answer
    /// the GUI got. [`Session::settle_engine`] lets that line go by before
    /// the GUI's next command reaches the engine.
    settle: bool,
}

enum WaitError {
    Timeout,
    Exited,
    NoEngine,
    /// The GUI quit, or closed its end: nobody waits for the engine any more.
    Quit,
}

/// Why the bridge plays its own move when a search's clock ran out before
/// the engine could be told of it.
fn clock_ran_out() -> Words {
    Words::new(
        "the clock ran out before the engine could be asked",
        "还没来得及问引擎，时间已用完",
    )
}

impl<W: Write> Session<W> {
    /// A session under `settings`, writing to `output` and `log`, reading
    /// the time from `clock`; its engine not started yet, and no GUI line
    /// read yet (they come on its channel).
    fn new(settings: &Settings, output: W, log: Log, clock: Clock) -> Session<W> {
        let (tx, rx) = mpsc::channel();
        let judge = Judge::new(&settings.profile, Position::startpos());
        Session {
            out: output,
            log,
            rx,
            tx,
            pending: VecDeque::new(),
            deferred: VecDeque::new(),
            received: clock.now(),
            clock,
            quitting: false,
            start_profile: settings.profile.clone(),
            profile: settings.profile.clone(),
            millis: true,
            lang: settings.lang,
            gui: GuiSide::default(),
            game: Game {
                start: Position::startpos(),
                moves: Vec::new(),
                judge,
            },
            gui_bans: Vec::new(),
            rejected: None,
            bridge: settings.engine.clone().map(Bridge::new),
            search: None,
            unsearched: None,
            go_unstopped: false,
            settle: false,
        }
    }

    fn main_loop(&mut self) -> io::Result<()> {
        loop {
            let event = match self.pending.pop_front() {
                Some(e) => e,
                None => match self.search.as_ref().and_then(|s| s.deadline) {
                    Some(deadline) => match self.rx.recv_timeout(self.clock.until(deadline)) {
                        Ok(e) => e,
                        Err(RecvTimeoutError::Timeout) => {
                            self.on_search_timeout()?;
                            continue;
                        }
                        Err(RecvTimeoutError::Disconnected) => break,
                    },
                    None => match self.rx.recv() {
                        Ok(e) => e,
                        Err(_) => break,
                    },
                },
            };
            match event {
                SessionInput::Gui { line, at } => {
                    self.log.line(Direction::FromGui, &line);
                    if !self.on_gui(&line, at)? {
                        break;
                    }
                }
                SessionInput::GuiEof => break,
                SessionInput::Engine { generation, line } => {
                    if self.is_current(generation) {
                        self.log.line(Direction::FromEngine, &line);
                        self.on_engine_line(&line)?;
                    }
                }
                SessionInput::EngineEof { generation } => {
                    if self.is_current(generation) {
                        self.on_engine_exit()?;
                    }
                }
            }
            if std::mem::take(&mut self.settle) {
                self.settle_engine()?;
            }
            if !self.run_deferred()? {
                break;
            }
        }
        self.stop_engine();
        Ok(())
    }

    /// Handles the lines held back by a stopped search once it has answered;
    /// `false` ends the session.
    fn run_deferred(&mut self) -> io::Result<bool> {
        while !self.search.as_ref().is_some_and(|s| s.stopped) {
            let Some((line, at)) = self.deferred.pop_front() else {
                break;
            };
            self.received = at;
            if !self.handle_gui(&line)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn is_current(&self, generation: u64) -> bool {
        self.bridge
            .as_ref()
            .and_then(|b| b.engine.as_ref())
            .is_some_and(|e| e.generation() == generation)
    }

    /// Writes one line to the GUI; control characters echoed from the GUI's
    /// or the engine's text are escaped so that the line stays one line of text.
    fn say(&mut self, line: &str) -> io::Result<()> {
        let line = printable(line);
        let line = line.as_ref();
        self.log.line(Direction::ToGui, line);
        self.out.write_all(line.as_bytes())?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }

    /// A message to the GUI, cut to [`MAX_INFO_CHARS`]: `info message` in
    /// UCCI, `info string` in UCI.
    fn info(&mut self, text: &str) -> io::Result<()> {
        self.say(&self.gui.message(&clipped(text, MAX_INFO_CHARS)))
    }

    /// A message (see [`Session::info`]) with `words` in the session's language.
    fn tell(&mut self, words: &Words) -> io::Result<()> {
        self.info(words.get(self.lang))
    }

    /// A message (see [`Session::info`]) saying `en`, in Chinese `zh`.
    fn tell_in(&mut self, en: impl Into<String>, zh: impl Into<String>) -> io::Result<()> {
        self.tell(&Words::new(en, zh))
    }

    // ---- GUI side -------------------------------------------------------

    /// Handles one GUI line, which arrived `at`; `false` ends the session.
    fn on_gui(&mut self, line: &str, at: Instant) -> io::Result<bool> {
        // After `stop` the GUI may send its next commands at once (a ponder
        // miss): they wait for the stopped search's answer, as in an engine,
        // and so does everything after them, to keep their order.
        let head = line.split_whitespace().next();
        let stopped = self.search.as_ref().is_some_and(|s| s.stopped);
        let waits = !self.deferred.is_empty()
            || (stopped && !matches!(head, None | Some("stop" | "isready" | "probe")));
        if waits && head != Some("quit") {
            self.deferred.push_back((line.to_string(), at));
            return Ok(true);
        }
        self.received = at;
        self.handle_gui(line)
    }

    /// Handles one GUI line now; `false` ends the session.
    fn handle_gui(&mut self, line: &str) -> io::Result<bool> {
        match line.split_whitespace().next() {
            Some("go") => self.go_unstopped = true,
            Some("stop" | "isready" | "probe" | "ponderhit") | None => {}
            Some(_) => self.go_unstopped = false,
        }
        let cmd = match parse_command(line, self.gui.is_uci()) {
            Ok(Some(cmd)) => cmd,
            Ok(None) => return Ok(true),
            Err(e) => {
                let head = line.split_whitespace().next();
                match head {
                    Some("position") if self.search.is_none() => {
                        self.tell(&position_rejected(&e.0))?;
                        self.rejected = Some(e.0);
                    }
                    // A GUI waits for the answer to its `go`: it gets one.
                    Some("go") if self.search.is_none() => {
                        self.tell(&e.0.prefixed("go rejected", "go 指令不予执行"))?;
                        self.say(self.gui.no_move())?;
                    }
                    _ => {
                        let line = line.trim();
                        self.tell(
                            &e.0.prefixed(&format!("ignored '{line}'"), &format!("不理会“{line}”")),
                        )?
                    }
                }
                return Ok(true);
            }
        };
        if (self.search.is_some() || self.unsearched.is_some())
            && !matches!(
                cmd,
                Command::Stop
                    | Command::PonderHit { .. }
                    | Command::IsReady
                    | Command::Probe(_)
                    | Command::Quit
            )
        {
            let line = line.trim();
            self.tell_in(
                format!("ignored '{line}': a search is running (send stop first)"),
                format!("不理会“{line}”：正在搜索（请先发 stop）"),
            )?;
            return Ok(true);
        }
        match cmd {
            Command::Ucci => self.on_handshake(EngineProtocol::Ucci)?,
            Command::Uci => self.on_handshake(EngineProtocol::Uci)?,
            Command::UciNewGame => self.on_setoption("newgame", None)?,
            Command::IsReady => self.on_isready()?,
            Command::SetOption { name, value } => self.on_setoption(&name, value.as_deref())?,
            Command::Position(spec) => self.on_position(&spec)?,
            Command::CyclonePosition(spec) => {
                if self.gui.may_switch() {
                    self.gui.switch_to(0);
                }
                self.on_position(&spec)?
            }
            Command::BanMoves(moves) => self.on_banmoves(&moves)?,
            Command::Go(go) => self.on_go(go)?,
            Command::PonderHit { draw } => self.on_ponderhit(draw)?,
            Command::Stop => self.on_stop()?,
            Command::Probe(spec) => self.on_probe(spec.as_ref())?,
            Command::Quit => {
                self.stop_engine();
                // A UCI engine leaves without a word.
                if !self.gui.is_uci() {
                    self.say("bye")?;
                }
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `ucci` or `uci`: the GUI's protocol for the rest of the session; the
    /// answer lists the options in its form.
    fn on_handshake(&mut self, protocol: EngineProtocol) -> io::Result<()> {
        self.gui = GuiSide::new(protocol);
        let uci = self.gui.is_uci();
        if uci {
            // UCI times are milliseconds.
            self.millis = true;
        }
        let version = env!("CARGO_PKG_VERSION");
        let engine_name = self
            .bridge
            .as_ref()
            .map(|b| b.name.clone().unwrap_or_else(|| "engine".into()));
        match &engine_name {
            Some(n) => self.say(&format!("id name xqarbiter {version} bridge for {n}"))?,
            None => self.say(&format!("id name xqarbiter {version} referee"))?,
        }
        self.say("id author xqarbiter developers")?;
        let mut names: Vec<&str> = BUILTIN_NAMES.to_vec();
        for extra in [&self.start_profile.name, &self.profile.name] {
            if !names.contains(&extra.as_str()) {
                names.push(extra);
            }
        }
        let default = &self.profile.name;
        let vars = vars_default_first(default, &names);
        let lang = self.lang.to_string();
        let lang_vars = vars_default_first(&lang, &["en", "zh"]);
        if uci {
            self.say(&format!(
                "option name Profile type combo default {default}{vars}"
            ))?;
            self.say(&format!(
                "option name Language type combo default {lang}{lang_vars}"
            ))?;
            self.say("option name UCI_Variant type combo default xiangqi var xiangqi")?;
            self.say(&self.gui.rank_base_option())?;
        } else {
            self.say(&format!(
                "option profile type combo{vars} default {default}"
            ))?;
            self.say(&format!(
                "option language type combo{lang_vars} default {lang}"
            ))?;
            self.say("option usemillisec type check default true")?;
            self.say("option newgame type button")?;
        }
        let lines: Vec<String> = self
            .bridge
            .as_ref()
            .map(|b| {
                b.options
                    .iter()
                    .map(|o| if uci { &o.uci_line } else { &o.line }.clone())
                    .collect()
            })
            .unwrap_or_default();
        for l in lines {
            self.say(&l)?;
        }
        if let Some(b) = self.bridge.as_ref().filter(|b| b.engine.is_none()) {
            let (en, zh) = b.start_failure.as_ref().map_or_else(Default::default, |e| {
                (format!(" ({})", e.en), format!("（{}）", e.zh))
            });
            self.tell_in(
                format!(
                    "the engine is not running{en}; it will be started again at the next position"
                ),
                format!("引擎未在运行{zh}；下一个局面时再启动"),
            )?;
        }
        self.say(if uci { "uciok" } else { "ucciok" })
    }

    /// After a stopped search's answer (see [`Session::settle`]): `isready`
    /// to the engine, and what it says before its `readyok` (a `nobestmove`
    /// for a `stop` that crossed its answer) is dropped, so that the next
    /// search does not take it for its own answer. Skipped while a stopped
    /// search still runs on (its lines are drained) or the engine was asked
    /// again (a search runs).
    fn settle_engine(&mut self) -> io::Result<()> {
        let Some(bridge) = self.bridge.as_ref() else {
            return Ok(());
        };
        if bridge.engine.is_none() || bridge.drain.is_pending() || self.search.is_some() {
            return Ok(());
        }
        let timeout = bridge.settings.timeout;
        self.send_engine("isready");
        match self.wait_for(|l| l == "readyok", timeout) {
            Ok(_) | Err(WaitError::Quit) => Ok(()),
            Err(e) => self.engine_failed("isready", &e),
        }
    }

    fn on_isready(&mut self) -> io::Result<()> {
        // An engine still in a stopped search would answer only after it.
        let asks = self
            .bridge
            .as_ref()
            .is_some_and(|b| b.engine.is_some() && !b.drain.is_pending());
        if self.search.is_none() && asks {
            self.send_engine("isready");
            let timeout = self
                .bridge
                .as_ref()
                .map_or(Duration::ZERO, |b| b.settings.timeout);
            match self.wait_for(|l| l == "readyok", timeout) {
                Ok(_) => {}
                Err(e) => self.engine_failed("isready", &e)?,
            }
        }
        self.say("readyok")
    }

    fn on_setoption(&mut self, name: &str, value: Option<&str>) -> io::Result<()> {
        if self.gui.is_uci() {
            let set = match name {
                "uci_variant" => Some(self.gui.set_variant(value)),
                n if n.eq_ignore_ascii_case(RANK_BASE_OPTION) => {
                    Some(self.gui.set_rank_base(value))
                }
                _ => None,
            };
            if let Some(set) = set {
                return set.or_else(|e| self.tell(&e));
            }
        }
        match name {
            "profile" => {
                let Some(v) = value else {
                    return self.tell_in(
                        "setoption profile: the profile name is missing",
                        "setoption profile：缺少规程名",
                    );
                };
                let loaded = if v == self.start_profile.name {
                    Ok(self.start_profile.clone())
                } else {
                    load_profile(v)
                };
                let changed = loaded.and_then(|profile| {
                    let judge = replay(&profile, &self.game.start, &self.game.moves)?;
                    Ok((profile, judge))
                });
                match changed {
                    Ok((profile, judge)) => {
                        self.game.judge = judge;
                        self.profile = profile;
                    }
                    Err(e) => {
                        let keep = &self.profile.name;
                        let words = Words::new(
                            format!("setoption profile {v}: {}; keeping {keep}", e.en),
                            format!("setoption profile {v}：{}；仍用 {keep}", e.zh),
                        );
                        self.tell(&words)?
                    }
                }
                Ok(())
            }
            "language" => {
                match value.map(str::parse::<Lang>) {
                    Some(Ok(lang)) => self.lang = lang,
                    Some(Err(e)) => {
                        let (text, keep) = (e.text, self.lang);
                        self.tell_in(
                            format!("setoption language: unknown language '{text}': expected zh or en; keeping {keep}"),
                            format!("setoption language：未知语言“{text}”，应为 zh 或 en；仍用 {keep}"),
                        )?
                    }
                    None => self.tell_in(
                        "setoption language: expected zh or en",
                        "setoption language：应为 zh 或 en",
                    )?,
                }
                Ok(())
            }
            "usemillisec" => {
                match value.map(str::to_ascii_lowercase).as_deref() {
                    Some("true" | "on") => self.millis = true,
                    Some("false" | "off") => self.millis = false,
                    _ => self.tell_in(
                        "setoption usemillisec: expected true or false",
                        "setoption usemillisec：应为 true 或 false",
                    )?,
                }
                Ok(())
            }
            "batch" => self.on_batch(value),
            _ => self.forward_setoption(name, value),
        }
    }

    /// `setoption batch V`. Batch mode (UCCI: read no command while
    /// searching) is never applied, nor passed on to an engine: the session
    /// must read `stop` and `isready` during a search, and an engine that
    /// obeyed it would leave the bridge unable to stop it. `false` is what
    /// holds already; anything else is answered with a message.
    fn on_batch(&mut self, value: Option<&str>) -> io::Result<()> {
        if value.is_some_and(|v| v.eq_ignore_ascii_case("false") || v.eq_ignore_ascii_case("off")) {
            return Ok(());
        }
        let asked = value.map_or_else(String::new, |v| format!(" {v}"));
        self.tell_in(
            format!("setoption batch{asked}: not applied, nor passed on to an engine: commands are read during a search too, so that stop and isready are answered"),
            format!("setoption batch{asked}：不采用，也不转给引擎：搜索期间照常读取指令，以便应答 stop 和 isready"),
        )
    }

    fn forward_setoption(&mut self, name: &str, value: Option<&str>) -> io::Result<()> {
        let range = self.bridge.as_ref().and_then(|b| b.spin_range(name));
        let number = value.and_then(|v| v.parse::<i64>().ok());
        let mut value = value.map(str::to_string);
        if let (Some((min, max)), Some(v)) = (range, number)
            && !(min..=max).contains(&v)
        {
            // UCCI: `hashsize 0` and `threads 0` leave the choice to the engine.
            if v == 0 && matches!(name, "hashsize" | "threads") {
                return self.tell_in(
                    format!("setoption {name} 0 (the engine's choice): not passed on; the engine keeps its own value"),
                    format!("setoption {name} 0（由引擎自定）：不转给引擎，引擎保留自己的值"),
                );
            }
            let set = v.clamp(min, max);
            self.tell_in(
                format!(
                    "setoption {name} {v}: outside the engine's range {min} to {max}; setting {set}"
                ),
                format!("setoption {name} {v}：超出引擎的范围 {min} 至 {max}，设为 {set}"),
            )?;
            value = Some(set.to_string());
        }
        let Some(bridge) = &mut self.bridge else {
            return match name {
                "newgame" => Ok(()),
                _ => self.tell_in(
                    format!("setoption {name}: not an option of the referee; ignored"),
                    format!("setoption {name}：裁判程序没有此选项，不予理会"),
                ),
            };
        };
        let Some(line) = bridge.setoption(name, value.as_deref()) else {
            return self.tell_in(
                format!("setoption {name}: the engine has no such option; ignored"),
                format!("setoption {name}：引擎没有此选项，不予理会"),
            );
        };
        self.send_engine(&line);
        Ok(())
    }

    fn on_position(&mut self, spec: &PositionSpec) -> io::Result<()> {
        let base = self.gui.rank_base();
        match load_in(&self.profile, spec, base, self.gui.may_switch()) {
            Ok((game, read)) => {
                self.game = game;
                self.gui_bans.clear();
                self.rejected = None;
                if read != base {
                    self.gui.switch_to(read);
                    let ranks = ranks(read);
                    self.tell_in(
                        format!("the moves are legal only with ranks {ranks}: moves are read and written so from now on"),
                        format!("着法只有按行号 {ranks} 读才合法：此后按此读写着法"),
                    )?;
                }
            }
            Err(e) => {
                self.tell(&position_rejected(&e))?;
                self.gui_bans.clear();
                self.rejected = Some(e);
            }
        }
        if self.bridge.as_ref().is_some_and(|b| b.engine.is_none())
            && let Err(e) = self.start_engine()
        {
            self.tell(&e.prefixed("engine restart failed", "引擎重新启动失败"))?;
        }
        Ok(())
    }

    fn on_banmoves(&mut self, moves: &[String]) -> io::Result<()> {
        if let Some(why) = &self.rejected {
            let words = Words::new(
                format!(
                    "banmoves ignored: the last position was rejected ({})",
                    why.en
                ),
                format!("不理会 banmoves：上一个局面未被接受（{}）", why.zh),
            );
            return self.tell(&words);
        }
        let pos = self.game.judge.position().clone();
        let base = self.gui.rank_base();
        for text in moves {
            match read_move(text, base) {
                Ok(mv) if pos.is_legal(mv) => {
                    if !self.gui_bans.contains(&mv) {
                        self.gui_bans.push(mv);
                    }
                }
                Ok(_) => self.tell_in(
                    format!("banmoves {text}: not a legal move here; ignored"),
                    format!("banmoves {text}：此局面下不是合法着法，不予理会"),
                )?,
                Err(e) => self.tell_in(
                    format!("banmoves {text}: {}; ignored", e.en),
                    format!("banmoves {text}：{}，不予理会", e.zh),
                )?,
            }
        }
        Ok(())
    }

    fn report_lines(&mut self, report: &Report) -> io::Result<()> {
        for l in &report.lines {
            self.info(l)?;
        }
        for b in &report.bans {
            let mv = self.gui.move_text(b.mv);
            self.info(&match self.lang {
                Lang::En => format!("banned {mv} ({})", b.reason),
                Lang::Zh => format!("不得走 {mv}（{}）", b.reason),
            })?;
        }
        Ok(())
    }

    fn on_probe(&mut self, spec: Option<&PositionSpec>) -> io::Result<()> {
        let (gui, lang) = (self.gui, self.lang);
        let write = |m: Move| gui.move_text(m);
        let report = match spec {
            None if self.rejected.is_some() => {
                self.tell_in(
                    "probe: the last position was rejected; there is no position",
                    "probe：上一个局面未被接受，现在没有局面",
                )?;
                return self.say("pophash");
            }
            None => self.game.judge.report(&write, gui.voice(lang)),
            Some(spec) => match load_in(&self.profile, spec, gui.rank_base(), gui.may_switch()) {
                Ok((game, _)) => game.judge.report(&write, gui.voice(lang)),
                Err(e) => {
                    self.tell(&e.prefixed("probe", "probe"))?;
                    return self.say("pophash");
                }
            },
        };
        self.report_lines(&report)?;
        self.say("pophash")
    }

    fn on_go(&mut self, go: Go) -> io::Result<()> {
        let go = go.for_turn(self.game.judge.position().turn());
        for note in &go.notes {
            self.tell(note)?;
        }
        if let Some(why) = &self.rejected {
            let words = Words::new(
                format!(
                    "no position to search: the last position was rejected ({})",
                    why.en
                ),
                format!("没有可搜索的局面：上一个局面未被接受（{}）", why.zh),
            );
            self.tell(&words)?;
            return self.no_move_for(go);
        }
        let gui = self.gui;
        let report = self
            .game
            .judge
            .report(&|m| gui.move_text(m), gui.voice(self.lang));
        let referee_only = self.bridge.is_none();
        if referee_only || report.over.is_some() || !report.bans.is_empty() {
            self.report_lines(&report)?;
        }
        if let Some(over) = &report.over {
            self.info(&match self.lang {
                Lang::En => format!("game over: {over}"),
                Lang::Zh => format!("对局结束：{over}"),
            })?;
            // A GUI that does not know the rules plays on, and would score
            // no move as a loss: a bridge searches on, unless the board
            // leaves no move (a mate or a stalemate).
            if referee_only || self.game.judge.position().legal_moves().is_empty() {
                return self.no_move_for(go);
            }
        }
        let mut bans = report.bans;
        for &mv in &self.gui_bans {
            if !bans.iter().any(|b| b.mv == mv) {
                bans.push(Ban {
                    mv,
                    reason: match self.lang {
                        Lang::En => "banned by the GUI",
                        Lang::Zh => "界面禁止",
                    }
                    .into(),
                    decisive: false,
                });
            }
        }
        let legal = self.game.judge.position().legal_moves();
        let only = self.searchmoves(go.searchmoves.as_deref())?;
        let restricted = only.is_some();
        let in_only = |m: &Move| only.as_ref().is_none_or(|o| o.contains(m));
        let mut allowed: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| !bans.iter().any(|b| b.mv == *m) && in_only(m))
            .collect();
        if referee_only {
            return self.no_move_for(go);
        }
        if allowed.is_empty() {
            // The moves the GUI leaves, every one of them banned by the rules.
            let left: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| !self.gui_bans.contains(m) && in_only(m))
                .collect();
            if left.is_empty() {
                if restricted {
                    self.tell_in(
                        "no move is left among searchmoves but the banned ones",
                        "searchmoves 中除禁止着法外没有可走的着法",
                    )?;
                } else {
                    self.tell_in("every legal move is banned", "所有合法着法都被禁止")?;
                }
                return self.no_move_for(go);
            }
            allowed = self.lift_bans(&mut bans, left, restricted)?;
        }
        if let Some(b) = &mut self.bridge
            && b.engine.as_mut().is_some_and(|e| !e.is_alive())
        {
            b.engine = None;
            self.tell_in(
                "the engine exited; starting it again",
                "引擎已退出，重新启动",
            )?;
        }
        // A stopped search still running delays this one: wait for it only
        // if it ends soon (a tenth of the clock left, at most DRAIN_WAIT_CLOCK
        // unless it searches this very position; DRAIN_WAIT without a clock).
        let millis = self.millis || go.millis;
        let here = self.game.judge.position().key();
        let same = self.bridge.as_ref().is_some_and(|b| b.drain.runs_on(here));
        let patience = clock_left(&go, Duration::ZERO, millis).map_or(DRAIN_WAIT, |l| {
            let share = l / PROBE_SHARE;
            if same {
                share
            } else {
                share.min(DRAIN_WAIT_CLOCK)
            }
        });
        let mut go = go;
        if let Some(b) = &mut self.bridge
            && b.engine.is_some()
        {
            if !b.drain.may_wait(patience, self.clock.now()) {
                b.engine = None;
                self.tell_in(
                    "the engine still searches a position it was stopped on, longer than this search may wait; starting it again",
                    "引擎仍在搜索已叫停的局面，超过本次搜索可等待的时间；重新启动引擎",
                )?;
            } else if let Some(left) =
                go_with_time_left(&go, b.drain.left(self.clock.now()), millis)
            {
                // The engine reads the clock once the wait is over.
                go = left;
            }
        }
        if self.bridge.as_ref().is_some_and(|b| b.engine.is_none())
            && let Err(e) = self.start_engine()
        {
            self.tell(&e.prefixed("engine could not be started", "引擎无法启动"))?;
            return self.no_move_for(go);
        }
        // The GUI's clock has run since its `go` arrived, while the session
        // was busy (an engine's start-up and handshake, a stopped search's
        // end): the engine is told what is left of it.
        let left = go_with_time_left(&go, self.clock.since(self.received), millis);
        let draw_offered = go.draw;
        self.search = Some(Search {
            go: left.clone().unwrap_or(go),
            bans,
            allowed,
            retries: 0,
            deadline: None,
            clock_start: self.clock.now(),
            stopped: false,
            draw_offered,
            last_score: None,
            millis,
            restricted,
            restarted: false,
            liked: Vec::new(),
            held: false,
            bare: false,
            probe: None,
            ranking: None,
            ranks_voted: false,
            slices: None,
            hid_lines: false,
        });
        if left.is_none() {
            let search = self.search.take().expect("a search");
            return self.play_own_move(&search, &clock_ran_out(), true);
        }
        let deaf = self.bridge.as_ref().is_some_and(|b| b.deaf);
        match &mut self.search {
            // Its `ponderhit` would not reach the engine.
            Some(search) if deaf && search.go.ponder => search.held = true,
            Some(search) if deaf && search.go.limit == Limit::Infinite => {
                search.slices = Some(Slices::new(self.clock.now()));
                self.send_search();
            }
            _ => self.send_search(),
        }
        Ok(())
    }

    /// Where the rules ban every move the GUI leaves (`left`: the legal
    /// moves, or those among its `searchmoves` when `restricted`) and the
    /// game goes on, says so and lifts the bans on the moves that do not
    /// end the game at once (short of the repetition's decisive occurrence,
    /// the mover may still vary later, or the opponent may), or on all of
    /// `left` when each ends it: no move at all would be scored a loss by a
    /// GUI that does not know the rules. Returns the moves now allowed,
    /// which the engine is told to choose among; should its answer not do,
    /// the bridge's small search ranks them by what follows each (see
    /// `search`: a lifted move goes on there, the decisive one loses).
    fn lift_bans(
        &mut self,
        bans: &mut Vec<Ban>,
        left: Vec<Move>,
        restricted: bool,
    ) -> io::Result<Vec<Move>> {
        let decisive = |m: &Move| bans.iter().any(|b| b.mv == *m && b.decisive);
        let (ending, mut lifted): (Vec<Move>, Vec<Move>) =
            left.into_iter().partition(|m| decisive(m));
        let gui = self.gui;
        let list = |moves: &[Move]| -> String {
            let texts: Vec<String> = moves.iter().map(|&m| gui.move_text(m)).collect();
            texts.join(" ")
        };
        let (what_en, what_zh) = if restricted {
            ("every move among searchmoves", "searchmoves 中的所有着法")
        } else {
            ("every legal move", "所有合法着法")
        };
        let words = if lifted.is_empty() {
            lifted = ending;
            Words::new(
                format!(
                    "{what_en} is banned, and each ends the game at once (the decisive occurrence of a repetition this side must vary from): the engine chooses among them, as no move would be scored a loss"
                ),
                format!(
                    "{what_zh}都被禁止，且每一着都会立即结束对局（本方应变着的重复的决定性一次）：引擎在其中选择，因为不走棋会被判负"
                ),
            )
        } else {
            let (stay_en, stay_zh) = if ending.is_empty() {
                (String::new(), String::new())
            } else {
                let l = list(&ending);
                (
                    format!("; {l} would end it at once and stay banned"),
                    format!("；{l} 会立即结束对局，仍禁止"),
                )
            };
            let l = list(&lifted);
            Words::new(
                format!(
                    "{what_en} is banned (each repeats a position with this side the offender), but the game goes on after {l} (the decisive occurrence is still to come){stay_en}: the engine chooses among them, as no move would be scored a loss"
                ),
                format!(
                    "{what_zh}都被禁止（每一着都重复局面，本方为违规方），但 {l} 尚未构成决定性的一次，对局未结束{stay_zh}：引擎在其中选择，因为不走棋会被判负"
                ),
            )
        };
        self.tell(&words)?;
        bans.retain(|b| !lifted.contains(&b.mv));
        Ok(lifted)
    }

    /// Answers `go`, which has nothing to search (the referee's never
    /// has), with no move: at once, unless it is a ponder or endless
    /// search, whose answer waits for `stop` or `ponderhit` (see
    /// [`Session::unsearched`]).
    fn no_move_for(&mut self, go: Go) -> io::Result<()> {
        if go.ponder || go.limit == Limit::Infinite {
            self.unsearched = Some(go);
            return Ok(());
        }
        self.say(self.gui.no_move())
    }

    /// The legal moves among a `go searchmoves` list (in the GUI's
    /// coordinates), naming the others; `None` when there is no list.
    fn searchmoves(&mut self, list: Option<&[String]>) -> io::Result<Option<Vec<Move>>> {
        let Some(list) = list.filter(|l| !l.is_empty()) else {
            return Ok(None);
        };
        let pos = self.game.judge.position().clone();
        let mut only = Vec::with_capacity(list.len());
        for text in list {
            match self.gui.parse_move(text).filter(|&m| pos.is_legal(m)) {
                Some(m) => only.push(m),
                None => self.tell_in(
                    format!("go searchmoves {text}: not a legal move here; ignored"),
                    format!("go searchmoves {text}：此局面下不是合法着法，不予理会"),
                )?,
            }
        }
        Ok(Some(only))
    }

    fn on_ponderhit(&mut self, draw: bool) -> io::Result<()> {
        if let Some(go) = &mut self.unsearched {
            // An endless ponder search goes on as an endless search.
            go.ponder = false;
            if go.limit != Limit::Infinite {
                self.unsearched = None;
                self.say(self.gui.no_move())?;
            }
            return Ok(());
        }
        let Some(search) = &mut self.search else {
            return self.tell_in(
                "ponderhit: no search is running; ignored",
                "ponderhit：没有正在进行的搜索，不予理会",
            );
        };
        search.go.ponder = false;
        search.clock_start = self.received;
        search.draw_offered |= draw;
        if search.held {
            // Pondering spent the opponent's time, not the engine's: the
            // clock of `go ponder` is the engine's at `ponderhit` (UCCI:
            // the clock does not run until then), less only what has run
            // since the `ponderhit` arrived (it may have waited for an
            // engine's start-up).
            search.held = false;
            search.go.draw |= draw;
            let since = self.clock.since(self.received);
            let left = go_with_time_left(&search.go, since, search.millis);
            let Some(go) = left else {
                let search = self.search.take().expect("a search");
                return self.play_own_move(&search, &clock_ran_out(), true);
            };
            search.go = go;
            search.clock_start = self.clock.now();
            self.send_search();
            return Ok(());
        }
        let ucci = self
            .bridge
            .as_ref()
            .is_some_and(|b| b.dialect.protocol == EngineProtocol::Ucci);
        let line = if draw && ucci {
            "ponderhit draw"
        } else {
            "ponderhit"
        };
        self.arm_deadline();
        self.send_engine(line);
        Ok(())
    }

    /// `stop`: a running search answers now (the engine's answer, or the
    /// bridge's own move when the engine cannot give one). With no search
    /// running, a UCCI GUI gets `nobestmove` and a UCI GUI nothing, unless
    /// the `stop` crossed the answer of the `go` it was sent for: that `go`
    /// has had its one answer, and a second would be taken for the next.
    fn on_stop(&mut self) -> io::Result<()> {
        let margin = self
            .bridge
            .as_ref()
            .map_or(Duration::ZERO, |b| b.settings.timeout);
        let deaf = self.bridge.as_ref().is_some_and(|b| b.deaf);
        let crossed_answer = std::mem::take(&mut self.go_unstopped);
        if self.unsearched.take().is_some() {
            return self.say(self.gui.no_move());
        }
        match &mut self.search {
            Some(search) if search.held => {
                let search = self.search.take().expect("a search");
                let what = Words::new(
                    "the ponder search was not passed on",
                    "后台思考的搜索未转给引擎",
                );
                self.play_own_move(&search, &what, true)
            }
            Some(_) if deaf => {
                let search = self.search.take().expect("a search");
                self.stop_deaf(&search)
            }
            Some(search) => {
                search.stopped = true;
                search.deadline = self.clock.after(margin);
                self.send_engine("stop");
                Ok(())
            }
            // The search this `stop` was sent for answered before it
            // came: the GUI has its one answer to that `go` already.
            None if crossed_answer => Ok(()),
            // UCCI 3.0 asks for `nobestmove` to a `stop` without a search,
            // so that a GUI waiting for an answer does not hang (ElephantEye
            // gives it; protocols.md §1.2). UCI asks for nothing, and
            // Stockfish's kin (Pikafish, Fairy-Stockfish) give nothing.
            None if self.gui.is_uci() => Ok(()),
            None => self.say(self.gui.no_move()),
        }
    }

    // ---- engine side ----------------------------------------------------

    fn on_engine_line(&mut self, line: &str) -> io::Result<()> {
        let Some(bridge) = &mut self.bridge else {
            return Ok(());
        };
        if bridge.drain.swallow(line) {
            return Ok(());
        }
        // A line of the search of the game's position (not of a candidate's).
        let searching = self.search.as_ref().is_some_and(|s| s.probe.is_none());
        if searching
            && let Some(scale) = cp_mate_shown(&bridge.dialect, self.game.judge.position(), line)
        {
            bridge.learn_cp_mate(scale);
        }
        let bridge = &*bridge;
        if self.search.is_none() {
            return Ok(());
        }
        if self.search.as_ref().is_some_and(|s| s.probe.is_some()) {
            return self.on_probe_line(line);
        }
        if line.starts_with("info") {
            let text = bridge.dialect.translate_info(line, &self.gui.coords());
            let ucci = in_ucci_units(&bridge.dialect, line);
            let raw = pv_line(line);
            let pv = raw.and_then(|l| {
                let first = bridge.dialect.parse_move(l.first)?;
                self.game
                    .judge
                    .position()
                    .is_legal(first)
                    .then_some(PvLine {
                        depth: l.depth,
                        multipv: l.multipv,
                        first,
                        score: exact_score_of(&ucci),
                    })
            });
            let mut shown = true;
            let mut refused = None;
            if let Some(search) = &mut self.search {
                // A line that begins with a move the bridge will not pass
                // on (banned, outside the GUI's searchmoves, or not legal
                // here) is not the GUI's: its score is that of a move it
                // will not get.
                refused = match (raw, pv) {
                    (_, Some(l)) if !search.allowed.contains(&l.first) => {
                        let mv = self.gui.move_text(l.first);
                        Some(Words::new(mv.clone(), mv))
                    }
                    (Some(l), None) => Some(Words::new(
                        format!("'{}', not a legal move here", l.first),
                        format!("“{}”，此局面下不是合法着法", l.first),
                    )),
                    _ => None,
                };
                if let Some(score) = score_of(&ucci).filter(|_| refused.is_none()) {
                    search.last_score = Some(score);
                }
                // Each slice of an endless search starts again from depth
                // 1: the GUI sees only the depths it has not seen yet.
                if let Some(s) = &search.slices {
                    shown = depth_of(line).is_none_or(|d| d >= s.depth);
                }
                search.liked.extend(pv);
            }
            if let Some(first) = refused {
                // The GUI is told why, once per search, and sees how far the
                // engine got: the line's progress without its score or moves.
                let search = self.search.as_mut().expect("a search");
                if !search.hid_lines {
                    search.hid_lines = true;
                    self.tell_in(
                        format!("the engine's lines that begin with a move it may not play ({}) are shown without their score and moves", first.en),
                        format!("引擎以不可走的着法（{}）开头的变例，显示时不带评分与着法", first.zh),
                    )?;
                }
                return match progress_of(&text).filter(|_| shown) {
                    Some(progress) => self.say(&progress),
                    None => Ok(()),
                };
            }
            if !shown {
                return Ok(());
            }
            return self.say(&text);
        }
        let Some(best) = parse_bestmove(line) else {
            return Ok(());
        };
        let dialect = bridge.dialect;
        let gui = self.gui;
        let Some(mut search) = self.search.take() else {
            return Ok(());
        };
        if let Some(slices) = &mut search.slices {
            // A slice of an endless search: the next one goes a ply deeper.
            let mv = best.mv.as_deref().and_then(|t| dialect.parse_move(t));
            let next = slices.finished(mv.filter(|m| search.allowed.contains(m)), self.clock.now());
            self.search = Some(search);
            if next {
                self.send_search();
            }
            return Ok(());
        }
        self.settle = search.stopped && dialect.protocol == EngineProtocol::Ucci;
        let Some(text) = best.mv else {
            let why = Words::new("the rules leave it moves", "按规则仍有着法可走");
            return self.retry_or_pick(search, None, "no move", &why);
        };
        let vote = !search.ranks_voted;
        search.ranks_voted = true;
        if let Some(base) = self.learn_rank_base(&text, vote) {
            // The engine read the position's moves with the wrong ranks too:
            // it is asked again, with the clock as it stands now.
            let ranks = ranks(base);
            self.tell_in(
                format!("the engine's move {text} is legal only with ranks {ranks}: its moves are read and written so from now on; asking again"),
                format!("引擎的着法 {text} 只有按行号 {ranks} 读才合法：此后按此读写它的着法；重新询问"),
            )?;
            let since = self.clock.since(search.clock_start);
            if let Some(go) = go_with_time_left(&search.go, since, search.millis) {
                search.go = go;
                search.clock_start = self.clock.now();
                search.liked.clear();
                self.search = Some(search);
                self.send_search();
                return Ok(());
            }
        }
        let dialect = self.bridge.as_ref().map_or(dialect, |b| b.dialect);
        let mv = dialect.parse_move(&text);
        if let Some(mv) = mv.filter(|m| search.allowed.contains(m)) {
            let mut out = format!("bestmove {}", gui.move_text(mv));
            // A ponder move the rules would ban, or after the game's end,
            // is not the GUI's to ponder on.
            let judge = &mut self.game.judge;
            if let Some(p) = best
                .ponder
                .as_deref()
                .and_then(|p| dialect.parse_move(p))
                .filter(|&p| judge.may_follow(mv, p))
            {
                out.push_str(&format!(" ponder {}", gui.move_text(p)));
            }
            // UCI has no draw offers or resignations.
            for f in best.flags.iter().filter(|_| !gui.is_uci()) {
                out.push(' ');
                out.push_str(f);
            }
            let accepts = !gui.is_uci()
                && dialect.protocol == EngineProtocol::Uci
                && search.draw_offered
                && search
                    .last_score
                    .is_some_and(|s| s.abs() <= DRAW_ACCEPT_SCORE);
            if accepts {
                out.push_str(" draw");
            }
            return self.say(&out);
        }
        let why = match mv {
            None => Words::new("not a move", "不是着法"),
            Some(m) => match search.bans.iter().find(|b| b.mv == m) {
                Some(b) => Words::new(
                    format!("banned: {}", b.reason),
                    format!("禁止：{}", b.reason),
                ),
                None => Words::new("not a legal move", "不是合法着法"),
            },
        };
        self.retry_or_pick(search, mv, &text, &why)
    }

    /// Learns the engine's rank base from its move `text`, unless it was
    /// given: a move legal only with one base is a vote for it (`vote`:
    /// one per search, as the same answer to the same position again is no
    /// new evidence), and the bridge switches to the other base, and returns
    /// it, when that one has more votes. So the first answers decide, and a
    /// stray one later (an answer to some other position) does not undo them.
    fn learn_rank_base(&mut self, text: &str, vote: bool) -> Option<u8> {
        let pos = self.game.judge.position();
        let bridge = self.bridge.as_mut()?;
        if bridge.settings.rank_base.is_some() || !vote {
            return None;
        }
        let current = bridge.dialect.rank_base.min(1);
        let other = 1 - current;
        let legal = |rank_base: u8| {
            let d = Dialect {
                rank_base,
                ..bridge.dialect
            };
            d.parse_move(text).is_some_and(|m| pos.is_legal(m))
        };
        let votes = &mut bridge.rank_votes;
        match (legal(current), legal(other)) {
            (true, false) => votes[usize::from(current)] += 1,
            (false, true) => {
                votes[usize::from(other)] += 1;
                if votes[usize::from(other)] > votes[usize::from(current)] {
                    bridge.dialect.rank_base = other;
                    return Some(other);
                }
            }
            _ => {}
        }
        None
    }

    /// The engine answered `text` (`mv` when it is a move), which cannot be
    /// passed on for the reason `why`: the bridge asks again, while the GUI's
    /// clock has time and asking can help, or else plays its own move.
    fn retry_or_pick(
        &mut self,
        mut search: Search,
        mv: Option<Move>,
        text: &str,
        why: &Words,
    ) -> io::Result<()> {
        // An engine that answers a move it was told is banned ignores the
        // list: asking it again the same way would only spend the clock.
        let ignored_bans = mv.is_some_and(|m| search.bans.iter().any(|b| b.mv == m));
        if let Some(m) = mv {
            search.allowed.retain(|&a| a != m);
            if !ignored_bans {
                search.bans.push(Ban {
                    mv: m,
                    reason: why.get(self.lang).to_string(),
                    decisive: false,
                });
            }
        }
        // The GUI reads moves in its own coordinates, whatever the engine's ranks.
        let gui = self.gui;
        let text = mv.map_or_else(|| format!("'{text}'"), |m| gui.move_text(m));
        let since = self.clock.since(search.clock_start);
        let again = go_with_time_left(&search.go, since, search.millis);
        let asks = !search.stopped
            && !ignored_bans
            && search.retries < MAX_RETRIES
            && !search.allowed.is_empty();
        let Some(go) = again.filter(|_| asks) else {
            let what = if ignored_bans {
                Words::new(
                    format!(
                        "engine answered {text} ({}), which it was told it may not play",
                        why.en
                    ),
                    format!("引擎答 {text}（{}），而它已被告知不得走此着", why.zh),
                )
            } else {
                Words::new(
                    format!("engine answered {text} ({})", why.en),
                    format!("引擎答 {text}（{}）", why.zh),
                )
            };
            if ignored_bans && let Some(probe) = self.probe_for(&mut search, what.clone())? {
                search.probe = Some(probe);
                self.search = Some(search);
                return self.next_probe();
            }
            return self.play_own_move(&search, &what, false);
        };
        // The new `go` gives the clock as it stands now.
        search.go = go;
        search.clock_start = self.clock.now();
        search.retries += 1;
        search.bare |= mv.is_none();
        let n = search.retries;
        self.tell_in(
            format!(
                "engine answered {text} ({}); not passed on, asking again (attempt {n} of {MAX_RETRIES})",
                why.en
            ),
            format!(
                "引擎答 {text}（{}）；不转给界面，重新询问（第{n}次，共{MAX_RETRIES}次）",
                why.zh
            ),
        )?;
        self.search = Some(search);
        self.send_search();
        Ok(())
    }

    /// Short searches of the position after each candidate move, for an
    /// engine that insists on a banned move in `search` (`what` says so),
    /// the likeliest best first, for as many as fit in a share of the
    /// GUI's clock: `None` when there is nothing to choose between or no
    /// time for them. The bridge's own search that orders them is kept in
    /// `search`.
    fn probe_for(&mut self, search: &mut Search, what: Words) -> io::Result<Option<Probe>> {
        if search.stopped || search.go.ponder {
            return Ok(None);
        }
        let share = match search.time_left(&self.clock) {
            Some(left) if left.is_zero() => return Ok(None),
            Some(left) => left / PROBE_SHARE,
            None => PROBE_NO_CLOCK,
        };
        let until = self.clock.after(share);
        let budget = search.own_budget(false, &self.clock);
        let ranking = self.rank_answering_isready(&search.allowed, budget)?;
        let liked = by_preference(&search.liked);
        let todo = fallback::candidates(self.game.judge.position(), &ranking, &liked);
        search.ranking = Some(ranking);
        Ok((todo.len() > 1).then(|| Probe {
            todo: todo.into(),
            current: None,
            done: Vec::new(),
            sent: self.clock.now(),
            spent: Duration::ZERO,
            finished: 0,
            until,
            what,
        }))
    }

    /// The bridge's own small search's ranking of `allowed` within
    /// `budget`; the GUI's `isready` lines that arrive meanwhile are
    /// answered at once (see `ready`).
    fn rank_answering_isready(&mut self, allowed: &[Move], budget: Budget) -> io::Result<Outcome> {
        let mut busy = Busy {
            rx: &self.rx,
            pending: &mut self.pending,
            in_order: self.deferred.is_empty(),
            out: &mut self.out,
            log: &mut self.log,
        };
        let mut failed = None;
        let ranking = fallback::rank(&self.game.judge, allowed, budget, || {
            if failed.is_none() {
                failed = busy.answer_isready().err();
            }
        });
        failed.map_or(Ok(ranking), Err)
    }

    /// Sends the next candidate's short search, or, when none is left or
    /// time is up, answers with the best one searched.
    fn next_probe(&mut self) -> io::Result<()> {
        let (Some(bridge), Some(search)) = (&self.bridge, &mut self.search) else {
            return Ok(());
        };
        let Some(probe) = &mut search.probe else {
            return Ok(());
        };
        // Another search fits if one as long as the average so far ends in time.
        let average = probe.spent / probe.finished.max(1);
        let fits = probe
            .until
            .is_none_or(|t| self.clock.after(average).is_some_and(|e| e < t));
        let Some(candidate) = probe.todo.pop_front().filter(|_| fits) else {
            let search = self.search.take().expect("a search");
            let what = search
                .probe
                .as_ref()
                .map_or_else(|| Words::new("", ""), |p| p.what.clone());
            return self.play_own_move(&search, &what, false);
        };
        probe.current = Some((candidate, None));
        probe.sent = self.clock.now();
        let d = bridge.dialect;
        let mut pos = format!(
            "position fen {} moves",
            d.letters.fen(&self.game.start.fen())
        );
        for &m in self.game.moves.iter().chain([&candidate]) {
            pos.push(' ');
            pos.push_str(&d.move_text(m));
        }
        let go = Go {
            ponder: false,
            draw: false,
            limit: Limit::Depth(PROBE_DEPTH),
            searchmoves: None,
            ..search.go.clone()
        };
        let go = d.go_line(&go, !self.game.judge.position().turn(), true, None);
        search.deadline = self.clock.after(bridge.settings.timeout);
        self.send_engine_lines(&[&pos, &go]);
        Ok(())
    }

    /// An engine line during the short searches: scores are noted (not shown
    /// to the GUI: they are about other positions), a `bestmove` ends the
    /// candidate's search.
    fn on_probe_line(&mut self, line: &str) -> io::Result<()> {
        let Some(bridge) = &self.bridge else {
            return Ok(());
        };
        let score = score_of(&in_ucci_units(&bridge.dialect, line));
        let best = parse_bestmove(line);
        let Some(search) = &mut self.search else {
            return Ok(());
        };
        let Some(probe) = &mut search.probe else {
            return Ok(());
        };
        let Some((candidate, last)) = &mut probe.current else {
            return Ok(());
        };
        if line.starts_with("info") {
            *last = score.or(*last);
            return Ok(());
        }
        let Some(best) = best else {
            return Ok(());
        };
        // No move for the opponent: it is mated, as far as the engine sees.
        let ours = match (best.mv, *last) {
            (None, _) => Some(MATE),
            (Some(_), s) => s.map(|s| -s),
        };
        if let Some(s) = ours {
            probe.done.push((*candidate, s));
        }
        probe.current = None;
        probe.spent += self.clock.since(probe.sent);
        probe.finished += 1;
        if search.stopped {
            probe.todo.clear();
        }
        self.next_probe()
    }

    /// `stop` to an engine that reads nothing while it searches: the answer
    /// is the deepest slice's move of an endless search, else the bridge's
    /// own move. A search that ends on its own (a slice, a clock search) is
    /// left to end, its answer dropped; any other is ended by a restart.
    fn stop_deaf(&mut self, search: &Search) -> io::Result<()> {
        let ends_by = match &search.slices {
            Some(s) if s.idle => None,
            Some(s) => Some(s.expected_end()),
            None => Some(
                search
                    .time_left(&self.clock)
                    .and_then(|left| self.clock.after(left)),
            ),
        };
        if let Some(b) = &mut self.bridge {
            match ends_by {
                None => {}
                Some(Some(end)) => b.drain.add(end, self.game.judge.position().key()),
                Some(None) => b.engine = None,
            }
        }
        let restarted = matches!(ends_by, Some(None));
        let what = if restarted {
            Words::new(
                "the engine reads no commands while it searches and was stopped; it will be restarted at the next position",
                "引擎搜索时不读指令，已被终止；下一个局面时重新启动",
            )
        } else {
            Words::new(
                "the engine reads no commands while it searches; its search runs on and its answer will be dropped",
                "引擎搜索时不读指令；其搜索继续进行，答案将被舍弃",
            )
        };
        match search
            .slices
            .as_ref()
            .and_then(|s| s.best.map(|m| (m, s.depth)))
        {
            Some((mv, depth)) => {
                let finished = if ends_by.is_some() { depth - 1 } else { depth };
                let text = self.gui.move_text(mv);
                self.tell_in(
                    format!(
                        "{}; playing {text} (the engine's answer to its deepest search finished, depth {finished})",
                        what.en
                    ),
                    format!(
                        "{}；走 {text}（引擎已完成的最深一次搜索的答案，深度 {finished}）",
                        what.zh
                    ),
                )?;
                // The GUI may have seen lines of the search still running:
                // the deepest that begins with the move gives the depth and
                // score shown with it.
                let (depth, score) =
                    preferred(&search.liked, mv).map_or((finished, None), |l| (l.depth, l.score));
                self.say(&self.own_line(depth, score, mv))?;
                self.say(&format!("bestmove {text}"))
            }
            None => self.play_own_move(search, &what, true),
        }
    }

    /// Answers `search` with the bridge's own move (see `fallback`), saying
    /// `what` happened; `nobestmove` when no move is allowed. In a `hurry`
    /// (the GUI waits already) its own search gets next to no time.
    fn play_own_move(&mut self, search: &Search, what: &Words, hurry: bool) -> io::Result<()> {
        let gui = self.gui;
        let liked = by_preference(&search.liked);
        let probed = search.probe.as_ref().and_then(Probe::best);
        let ranking =
            match (&search.ranking, probed) {
                (_, Some(_)) => None,
                (Some(r), None) => Some(r.clone()),
                (None, None) => Some(self.rank_answering_isready(
                    &search.allowed,
                    search.own_budget(hurry, &self.clock),
                )?),
            };
        let choice = match (probed, &ranking) {
            (Some(m), _) => Some((m, fallback::Source::Probes)),
            (None, Some(r)) => fallback::choose(r, &liked),
            (None, None) => None,
        };
        let Some((mv, source)) = choice else {
            self.tell_in(
                format!("{}; no move is left", what.en),
                format!("{}；没有可走的着法", what.zh),
            )?;
            return self.say(gui.no_move());
        };
        let (searched_en, searched_zh) = match (&search.probe, &ranking, source) {
            (Some(p), _, fallback::Source::Probes) => {
                let n = p.done.len();
                (
                    format!(", {n} moves to depth {PROBE_DEPTH}"),
                    format!("，{n}着，深度 {PROBE_DEPTH}"),
                )
            }
            (_, Some(r), fallback::Source::Search) => {
                let (n, depth, nodes) = (r.moves.len(), r.depth, r.nodes);
                (
                    format!(", {n} moves to depth {depth}, {nodes} nodes"),
                    format!("，{n}着，深度 {depth}，{nodes}个节点"),
                )
            }
            _ => Default::default(),
        };
        let (text, how) = (gui.move_text(mv), source.describe());
        self.tell_in(
            format!("{}; playing {text} ({}{searched_en})", what.en, how.en),
            format!("{}；走 {text}（{}{searched_zh}）", what.zh, how.zh),
        )?;
        // The last line the GUI sees begins with the move it gets, with
        // the score of the search that chose it.
        let searched = |r: &Outcome| r.exact(mv).map(ucci_units);
        let (depth, score) = match (source, &search.probe, &ranking) {
            (fallback::Source::Probes, Some(p), _) => (
                PROBE_DEPTH + 1,
                p.done
                    .iter()
                    .find(|(m, _)| *m == mv)
                    .map(|&(_, s)| one_ply_back(s)),
            ),
            (fallback::Source::Search, _, Some(r)) => (r.depth, searched(r)),
            _ => {
                let line = preferred(&search.liked, mv);
                (
                    line.map_or(0, |l| l.depth),
                    line.and_then(|l| l.score)
                        .or_else(|| ranking.as_ref().and_then(searched)),
                )
            }
        };
        self.say(&self.own_line(depth, score, mv))?;
        self.say(&format!("bestmove {}", gui.move_text(mv)))
    }

    /// The `info` line shown before a move the bridge answers with in the
    /// engine's place: `info depth N [score …] pv MOVE`, the depth at least 1.
    fn own_line(&self, depth: u32, score: Option<i64>, mv: Move) -> String {
        let score = score.map_or(String::new(), |v| format!(" {}", self.gui.score_text(v)));
        format!(
            "info depth {}{score} pv {}",
            depth.max(1),
            self.gui.move_text(mv)
        )
    }

    fn on_engine_exit(&mut self) -> io::Result<()> {
        if let Some(b) = &mut self.bridge {
            b.engine = None;
        }
        let Some(search) = self.search.take() else {
            return self.tell_in(
                "the engine exited; it will be restarted at the next position",
                "引擎已退出；下一个局面时重新启动",
            );
        };
        if search.probe.is_some() {
            let what = Words::new(
                "the engine exited while the bridge chose a move in its place; it will be restarted at the next position",
                "桥接程序代引擎选着时引擎退出；下一个局面时重新启动",
            );
            return self.play_own_move(&search, &what, false);
        }
        // Once per search, while the GUI still waits and its clock has time
        // left: a new engine is asked again, so that a crash costs time, not
        // the move.
        let again = !search.stopped
            && !search.restarted
            && go_with_time_left(
                &search.go,
                self.clock.since(search.clock_start),
                search.millis,
            )
            .is_some();
        // Otherwise the bridge answers for it, as for an engine that timed out:
        // `nobestmove` would lose the game.
        if !again {
            let what = Words::new(
                "the engine exited during the search; it will be restarted at the next position",
                "引擎在搜索中退出；下一个局面时重新启动",
            );
            return self.play_own_move(&search, &what, false);
        };
        self.tell_in(
            "the engine exited during the search; starting it again and asking again",
            "引擎在搜索中退出；重新启动并重新询问",
        )?;
        if let Err(e) = self.start_engine() {
            let what = e.prefixed("engine could not be started", "引擎无法启动");
            return self.play_own_move(&search, &what, false);
        }
        // The new engine's start-up took time of the GUI's clock too.
        let since = self.clock.since(search.clock_start);
        let Some(go) = go_with_time_left(&search.go, since, search.millis) else {
            let what = Words::new(
                "the clock ran out while the engine started again",
                "引擎重新启动期间时间已用完",
            );
            return self.play_own_move(&search, &what, true);
        };
        self.search = Some(Search {
            go,
            clock_start: self.clock.now(),
            restarted: true,
            deadline: None,
            ..search
        });
        self.send_search();
        Ok(())
    }

    fn on_search_timeout(&mut self) -> io::Result<()> {
        let Some(search) = self.search.take() else {
            return Ok(());
        };
        if let Some(b) = &mut self.bridge {
            b.engine = None;
            // It let a `stop` go unanswered: later ones are answered by the bridge.
            b.deaf |= search.stopped;
        }
        let what = Words::new(
            "the engine gave no bestmove in time and was stopped; it will be restarted at the next position",
            "引擎未按时给出 bestmove，已被终止；下一个局面时重新启动",
        );
        self.play_own_move(&search, &what, true)
    }

    fn engine_failed(&mut self, what: &str, e: &WaitError) -> io::Result<()> {
        if let Some(b) = &mut self.bridge {
            b.engine = None;
        }
        let (en, zh) = match e {
            WaitError::Timeout => ("did not answer in time", "未按时回答"),
            WaitError::Exited => ("exited", "已退出"),
            WaitError::NoEngine => ("is not running", "未在运行"),
            WaitError::Quit => (
                "was left waiting (the GUI quit)",
                "未等到回答（界面已退出）",
            ),
        };
        self.tell_in(
            format!("the engine {en} ({what}); it will be restarted at the next position"),
            format!("引擎{zh}（{what}）；下一个局面时重新启动"),
        )
    }

    fn send_engine(&mut self, line: &str) {
        self.send_engine_lines(&[line]);
    }

    fn send_engine_lines(&mut self, lines: &[&str]) {
        let Some(engine) = self.bridge.as_mut().and_then(|b| b.engine.as_mut()) else {
            return;
        };
        for l in lines {
            self.log.line(Direction::ToEngine, l);
        }
        // A broken pipe shows up as the engine's end of output; nothing to do here.
        let _ = engine.send_lines(lines);
    }

    /// Sends position, bans and `go` for the current search and arms its deadline.
    fn send_search(&mut self) {
        let (Some(bridge), Some(search)) = (&self.bridge, &self.search) else {
            return;
        };
        let d = bridge.dialect;
        let mut lines = Vec::with_capacity(3);
        let start = if search.bare {
            self.game.judge.position()
        } else {
            &self.game.start
        };
        let mut pos = format!("position fen {}", d.letters.fen(&start.fen()));
        if !search.bare && !self.game.moves.is_empty() {
            pos.push_str(" moves");
            for &m in &self.game.moves {
                pos.push(' ');
                pos.push_str(&d.move_text(m));
            }
        }
        lines.push(pos);
        let banned = !search.bans.is_empty();
        if d.protocol == EngineProtocol::Ucci {
            // A UCCI engine has no searchmoves: what the GUI left out is banned too.
            let mut list: Vec<Move> = search.bans.iter().map(|b| b.mv).collect();
            if search.restricted {
                let legal = self.game.judge.position().legal_moves();
                list.extend(legal.into_iter().filter(|m| !search.allowed.contains(m)));
                list.dedup();
            }
            if !list.is_empty() {
                let list: Vec<String> = list.iter().map(|&m| d.move_text(m)).collect();
                lines.push(format!("banmoves {}", list.join(" ")));
            }
        }
        let searchmoves = (banned || search.restricted).then_some(search.allowed.as_slice());
        let slice = search.slices.as_ref().map(|s| Go {
            limit: Limit::Depth(s.depth),
            ..search.go.clone()
        });
        lines.push(d.go_line(
            slice.as_ref().unwrap_or(&search.go),
            self.game.judge.position().turn(),
            search.millis,
            searchmoves,
        ));
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        self.send_engine_lines(&lines);
        self.arm_deadline();
    }

    fn arm_deadline(&mut self) {
        let (Some(bridge), Some(search)) = (&self.bridge, &mut self.search) else {
            return;
        };
        // A stopped search the engine finishes first delays this one.
        let margin = bridge.settings.timeout + bridge.drain.left(self.clock.now());
        let ms = |v: u64| {
            if search.millis {
                v
            } else {
                v.saturating_mul(1000)
            }
        };
        search.deadline = match &search.go.limit {
            _ if search.go.ponder => None,
            Limit::Infinite => None,
            // The clock runs from `clock_start`: a `ponderhit` that waited
            // (for an engine's start-up) started it before the engine heard it.
            Limit::Time(c) => search
                .clock_start
                .checked_add(Duration::from_millis(ms(c.time)).saturating_add(margin)),
            Limit::Depth(_) | Limit::Nodes(_) | Limit::Mate(_) => {
                let drain = bridge.drain.left(self.clock.now());
                self.clock.after(bridge.settings.search_limit + drain)
            }
        };
    }

    /// Waits for an engine line matching `done`, keeping GUI events for
    /// later but for the `isready`s it answers at once, and for a `quit`
    /// or the end of the GUI's input, which end the wait (a slow engine's
    /// start-up would hold the GUI's `quit` for up to `--engine-timeout`):
    /// it is handled next, before the lines kept.
    fn wait_for(
        &mut self,
        done: impl Fn(&str) -> bool,
        timeout: Duration,
    ) -> Result<Vec<String>, WaitError> {
        let Some(generation) = self
            .bridge
            .as_ref()
            .and_then(|b| b.engine.as_ref())
            .map(|e| e.generation())
        else {
            return Err(WaitError::NoEngine);
        };
        let until = self.clock.after(timeout);
        let mut lines = Vec::new();
        loop {
            let event = match until {
                Some(t) => self
                    .rx
                    .recv_timeout(self.clock.until(t))
                    .map_err(|_| WaitError::Timeout)?,
                None => self.rx.recv().map_err(|_| WaitError::Timeout)?,
            };
            match event {
                SessionInput::Engine {
                    generation: g,
                    line,
                } if g == generation => {
                    self.log.line(Direction::FromEngine, &line);
                    if done(&line) {
                        return Ok(lines);
                    }
                    lines.push(line);
                }
                SessionInput::EngineEof { generation: g } if g == generation => {
                    return Err(WaitError::Exited);
                }
                SessionInput::Engine { .. } | SessionInput::EngineEof { .. } => {}
                SessionInput::Gui { ref line, .. } if is_quit(line) => {
                    self.pending.push_front(event);
                    self.quitting = true;
                    return Err(WaitError::Quit);
                }
                SessionInput::GuiEof => {
                    self.pending.push_front(event);
                    self.quitting = true;
                    return Err(WaitError::Quit);
                }
                // The GUI's `isready` is answered meanwhile (an engine's
                // start-up can take a tenth of a second and more); a
                // failed write shows again at the session's next line.
                gui => {
                    let _ = Busy {
                        rx: &self.rx,
                        pending: &mut self.pending,
                        in_order: self.deferred.is_empty(),
                        out: &mut self.out,
                        log: &mut self.log,
                    }
                    .take(gui);
                }
            }
        }
    }

    /// Starts the engine, runs the handshake and sets its options; a failure
    /// is remembered for the next `ucci`.
    fn start_engine(&mut self) -> Result<(), Words> {
        let started = self.try_start_engine();
        if let Some(b) = &mut self.bridge {
            b.start_failure = started.as_ref().err().cloned();
        }
        started
    }

    fn try_start_engine(&mut self) -> Result<(), Words> {
        let Some(bridge) = &mut self.bridge else {
            return Ok(());
        };
        bridge.generation += 1;
        bridge.drain = Drain::default();
        let engine = Engine::spawn(&bridge.settings.command, bridge.generation, self.tx.clone())
            .map_err(|e| start_failure(&bridge.settings.command, &e))?;
        self.log.line(
            Direction::ToEngine,
            &format!("(started process {})", engine.id()),
        );
        bridge.engine = Some(engine);
        let (hello, ok) = bridge.dialect.handshake();
        let timeout = bridge.settings.timeout;
        let command = bridge.settings.command.join(" ");
        self.send_engine(hello);
        let secs = timeout.as_secs_f64();
        let lines = self.wait_for(|l| l == ok, timeout).map_err(|e| {
            self.kill_engine();
            match e {
                WaitError::Timeout => {
                    let other = if hello == "ucci" { "uci" } else { "ucci" };
                    let speaks = other.to_uppercase();
                    Words::new(
                        format!(
                            "'{command}' started but did not answer '{hello}' with '{ok}' within \
                             {secs} s (--engine-timeout; an engine that speaks {speaks} needs \
                             --engine-protocol {other})"
                        ),
                        format!(
                            "“{command}”已启动，但未在 {secs} 秒内以“{ok}”回答“{hello}”\
                             （--engine-timeout；说 {speaks} 的引擎需要 --engine-protocol {other}）"
                        ),
                    )
                }
                WaitError::Quit => Words::new(
                    format!("the GUI quit before '{command}' answered '{hello}' with '{ok}'"),
                    format!("“{command}”以“{ok}”回答“{hello}”之前界面已退出"),
                ),
                WaitError::Exited | WaitError::NoEngine => Words::new(
                    format!(
                        "'{command}' started but exited before answering '{hello}' with '{ok}'"
                    ),
                    format!("“{command}”已启动，但在以“{ok}”回答“{hello}”之前退出"),
                ),
            }
        })?;
        let Some(bridge) = &mut self.bridge else {
            return Ok(());
        };
        let mut setup = bridge.configure(&lines);
        setup.push("isready".into());
        let setup: Vec<&str> = setup.iter().map(String::as_str).collect();
        self.send_engine_lines(&setup);
        self.wait_for(|l| l == "readyok", timeout).map_err(|_| {
            self.kill_engine();
            Words::new(
                format!(
                    "'{command}' did not answer 'isready' with 'readyok' within {secs} s \
                     (--engine-timeout) after its options were set"
                ),
                format!(
                    "设置选项后，“{command}”未在 {secs} 秒内以“readyok”回答“isready”\
                     （--engine-timeout）"
                ),
            )
        })?;
        Ok(())
    }

    fn kill_engine(&mut self) {
        if let Some(b) = &mut self.bridge {
            b.engine = None;
        }
    }

    fn stop_engine(&mut self) {
        if let Some(engine) = self.bridge.as_mut().and_then(|b| b.engine.take()) {
            self.log.line(Direction::ToEngine, "quit");
            engine.quit(Duration::from_millis(500));
        }
    }
}

#[cfg(test)]
mod tests {
    //! The session's time accounting on a clock moved by hand: what the
    //! engine is told of the GUI's clock, and when a search is given up,
    //! to the millisecond (the tests in tests/ucci_waits.rs check the same
    //! end to end, by events).

    use super::*;
    use crate::ucci::dialect::EngineProtocol;

    /// The engine's `--engine-timeout`.
    const TIMEOUT: Duration = Duration::from_secs(4);

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// A session on `clock` in front of a UCCI engine that answers its
    /// handshake and `isready` and never a search (none is waited for
    /// here), started; `deaf`: known to read nothing while it searches.
    fn session(clock: &Clock, deaf: bool) -> Session<Vec<u8>> {
        let script = "while read l; do case \"$l\" in ucci) echo ucciok;; \
                      isready) echo readyok;; quit) exit 0;; esac; done";
        let settings = Settings {
            profile: Profile::builtin("cxa2020").expect("a profile"),
            engine: Some(EngineSettings {
                command: vec!["sh".into(), "-c".into(), script.into()],
                protocol: EngineProtocol::Ucci,
                options: Vec::new(),
                rank_base: None,
                timeout: TIMEOUT,
                search_limit: Duration::from_secs(10),
            }),
            lang: Lang::En,
            on_start_failure: None,
        };
        let mut session = Session::new(&settings, Vec::new(), Log::off(), clock.clone());
        session.start_engine().expect("the engine starts");
        if let Some(b) = &mut session.bridge {
            b.deaf = deaf;
        }
        session
    }

    /// `line`, which arrived `at`, handled now.
    fn handle(session: &mut Session<Vec<u8>>, line: &str, at: Instant) {
        assert!(session.on_gui(line, at).expect("handled"), "{line}");
    }

    /// The clock the running search's engine was told.
    fn told(session: &Session<Vec<u8>>) -> u64 {
        match &session.search.as_ref().expect("a search").go.limit {
            Limit::Time(c) => c.time,
            other => panic!("no clock search: {other:?}"),
        }
    }

    /// The running search's deadline.
    fn deadline(session: &Session<Vec<u8>>) -> Option<Instant> {
        session.search.as_ref().expect("a search").deadline
    }

    /// What the GUI was told so far.
    fn said(session: &Session<Vec<u8>>) -> String {
        String::from_utf8_lossy(&session.out).into_owned()
    }

    /// A `go` handled two seconds after it arrived (the session was busy,
    /// say with an engine's start-up) is told the clock less those two
    /// seconds; one handled at once, the whole clock. Either search is
    /// given up its clock and the timeout after it was sent.
    #[test]
    fn a_go_is_told_the_clock_less_the_time_since_it_arrived() {
        let clock = Clock::by_hand();
        let mut s = session(&clock, false);
        handle(&mut s, "position startpos", clock.now());
        handle(&mut s, "go time 5000 increment 0", clock.now());
        assert_eq!(told(&s), 5000);
        assert_eq!(deadline(&s), Some(clock.now() + ms(5000) + TIMEOUT));

        let mut s = session(&clock, false);
        handle(&mut s, "position startpos", clock.now());
        let arrived = clock.now();
        clock.advance(ms(2000));
        handle(&mut s, "go time 5000 increment 0", arrived);
        assert_eq!(told(&s), 3000);
        assert_eq!(deadline(&s), Some(clock.now() + ms(3000) + TIMEOUT));
    }

    /// A ponder search has no deadline; its clock runs from the
    /// `ponderhit`'s arrival, not from the `go ponder` (pondering spends
    /// the opponent's time), and not from when the `ponderhit` was
    /// handled (it may have waited three seconds for an engine's start-up):
    /// the engine, told the clock as given, is given up the clock and the
    /// timeout after the `ponderhit` arrived.
    #[test]
    fn a_ponderhit_starts_the_clock_when_it_arrives() {
        let clock = Clock::by_hand();
        let mut s = session(&clock, false);
        handle(&mut s, "position startpos", clock.now());
        handle(&mut s, "go ponder time 4000 increment 0", clock.now());
        assert_eq!(deadline(&s), None);
        clock.advance(ms(3000));
        let hit = clock.now();
        handle(&mut s, "ponderhit", hit);
        assert_eq!(told(&s), 4000);
        assert_eq!(deadline(&s), Some(hit + ms(4000) + TIMEOUT));

        let mut s = session(&clock, false);
        handle(&mut s, "position startpos", clock.now());
        handle(&mut s, "go ponder time 4000 increment 0", clock.now());
        let hit = clock.now();
        clock.advance(ms(3000));
        handle(&mut s, "ponderhit", hit);
        assert_eq!(deadline(&s), Some(hit + ms(4000) + TIMEOUT));
    }

    /// A ponder search held back from an engine that reads nothing while
    /// it searches is sent at `ponderhit`, told the clock as given after
    /// three seconds of pondering, less only what ran since the
    /// `ponderhit` arrived (two seconds' wait for an engine's start-up).
    #[test]
    fn a_held_ponder_search_is_told_the_clock_less_only_the_wait_after_ponderhit() {
        let clock = Clock::by_hand();
        let mut s = session(&clock, true);
        handle(&mut s, "position startpos", clock.now());
        handle(&mut s, "go ponder time 5000 increment 0", clock.now());
        assert!(s.search.as_ref().is_some_and(|search| search.held));
        clock.advance(ms(3000));
        handle(&mut s, "ponderhit", clock.now());
        assert!(s.search.as_ref().is_some_and(|search| !search.held));
        assert_eq!(told(&s), 5000);
        assert_eq!(deadline(&s), Some(clock.now() + ms(5000) + TIMEOUT));

        let mut s = session(&clock, true);
        handle(&mut s, "position startpos", clock.now());
        handle(&mut s, "go ponder time 5000 increment 0", clock.now());
        clock.advance(ms(3000));
        let hit = clock.now();
        clock.advance(ms(2000));
        handle(&mut s, "ponderhit", hit);
        assert_eq!(told(&s), 3000);
        assert_eq!(deadline(&s), Some(clock.now() + ms(3000) + TIMEOUT));
    }

    /// The bridge's own small search gets a twentieth of the clock left,
    /// between [`OWN_SEARCH_HURRY`] and [`OWN_SEARCH_MAX`] (the most when
    /// the `go` has no clock), the least in a hurry; its deadline is on the
    /// session's clock, which its budget gives the search to read.
    #[test]
    fn the_own_search_gets_a_share_of_the_clock_left_on_the_sessions_clock() {
        let clock = Clock::by_hand();
        let budget = |s: &Session<Vec<u8>>, hurry: bool| {
            let search = s.search.as_ref().expect("a search");
            search.own_budget(hurry, &s.clock)
        };
        let own = |s: &Session<Vec<u8>>, hurry: bool| {
            budget(s, hurry).deadline.expect("a deadline") - clock.now()
        };
        let mut s = session(&clock, false);
        handle(&mut s, "position startpos", clock.now());
        handle(&mut s, "go time 2000 increment 0", clock.now());
        assert_eq!(own(&s, false), ms(100));
        assert_eq!(own(&s, true), OWN_SEARCH_HURRY);
        let searchs = budget(&s, false).clock;
        clock.advance(ms(1000));
        assert_eq!(searchs.now(), clock.now());
        assert_eq!(own(&s, false), ms(50));
        clock.advance(ms(950));
        assert_eq!(own(&s, false), OWN_SEARCH_HURRY);

        for go in ["go time 60000 increment 0", "go depth 5"] {
            let mut s = session(&clock, false);
            handle(&mut s, "position startpos", clock.now());
            handle(&mut s, go, clock.now());
            assert_eq!(own(&s, false), OWN_SEARCH_MAX, "{go}");
        }
    }

    /// A clock search stopped on an engine that reads nothing while it
    /// searches runs on until its clock is out (a second into 5 s: four
    /// more). The next search, of another position, waits for it only when
    /// it ends within [`DRAIN_WAIT_CLOCK`], and then is told the clock less
    /// that wait and given up that much later; else the engine is given
    /// up and started again at once.
    #[test]
    fn a_deaf_engines_stopped_search_is_waited_for_only_when_it_ends_soon() {
        let clock = Clock::by_hand();
        let stopped = |clock: &Clock| {
            let mut s = session(clock, true);
            handle(&mut s, "position startpos", clock.now());
            handle(&mut s, "go time 5000 increment 0", clock.now());
            clock.advance(ms(1000));
            handle(&mut s, "stop", clock.now());
            assert!(s.search.is_none(), "{}", said(&s));
            let drain = &s.bridge.as_ref().expect("a bridge").drain;
            assert_eq!(drain.left(clock.now()), ms(4000));
            handle(&mut s, "position startpos moves h2e2", clock.now());
            s
        };
        let mut s = stopped(&clock);
        clock.advance(ms(3900));
        handle(&mut s, "go time 5000 increment 0", clock.now());
        assert!(!said(&s).contains("starting it again"), "{}", said(&s));
        assert_eq!(told(&s), 4900);
        let ends = clock.now() + ms(4900) + TIMEOUT + ms(100);
        assert_eq!(deadline(&s), Some(ends));

        let mut s = stopped(&clock);
        clock.advance(ms(3899));
        handle(&mut s, "go time 5000 increment 0", clock.now());
        assert!(said(&s).contains("starting it again"), "{}", said(&s));
        assert_eq!(told(&s), 5000);
    }
}
