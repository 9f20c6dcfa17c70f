//! UCCI front end: a referee engine that speaks UCCI 3.0 on its own, and a
//! bridge that puts a real engine (UCCI or UCI) behind it and keeps it inside
//! the rules by banning the moves the referee forbids.
//!
//! A referee session (`xqarbiter ucci --profile cxa2020`), abridged:
//!
//! ```text
//! > ucci
//! < id name xqarbiter 0.1.0 referee
//! < option profile type combo var cxa2020 var cxa2011 var axf … default cxa2020
//! < option language type combo var en var zh default en
//! < ucciok
//! > position fen 1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w - - 0 1 moves b7b8 d8d7 b8b7 d7d8
//! > go depth 9
//! < info message profile cxa2020 (rules cxa2020), after ply 4: Game continues — repetition (2 occurrences): …
//! < info message Red: 1 check + 1 chase — forbidden: b7b8 check, b8b7 chase
//! < info message banned b7b8 (…why…)
//! < nobestmove
//! ```
//!
//! As a bridge (`--engine "/usr/games/fairy-stockfish" --engine-protocol uci`)
//! the same `go` sends the engine `position …` and `go depth 9 searchmoves
//! <legal moves but b7b8>` (ranks 1–10 for Fairy-Stockfish's UCI), and passes
//! its `info` (scores without `cp`) and `bestmove` back in UCCI form.
//!
//! A GUI that opens with `uci` instead gets the same session in UCI: options
//! as `option name … type …`, `uciok`, `go wtime … btime …`, `bestmove (none)`
//! for `nobestmove`, and moves with ranks 0–9 or, after `setoption name
//! UCI_Variant value xiangqi`, 1–10 (see `gui`).
//!
//! [`run`] holds a session on any reader and writer under [`Settings`]: a
//! profile, the language of the report lines (English or Chinese, which the
//! GUI may change with the `language` option), and the [`EngineSettings`] of
//! an engine to bridge ([`EngineProtocol`] UCCI or UCI), if any; [`Log`] writes the conversation to a file. [`Dialect`]
//! is what differs between UCCI and UCI engines (move coordinates, time units);
//! [`split_command`] turns a command line into the program and its arguments.

// The session's parts:
// - `protocol`: the GUI's command lines.
// - `dialect`: what differs between UCCI and UCI engines.
// - `engine`: the child process.
// - `deaf`: bounded searches for an engine that reads nothing while it searches.
// - `bridge`: the engine's settings, handshake and options.
// - `combo`: combo options with their default listed first.
// - `judge`: the calls into the referee.
// - `state`: the game state in words, for message lines.
// - `session`: the loop that ties them together.
// - `log`: the conversation log.
// - `escape`: echoed text made printable.
// - `fallback`: the bridge's own move when the engine gives none it may pass on.
// - `search`: the bridge's own small search, behind `fallback`.
// - `mate_scale`: an engine that writes mates as centipawns, known by its lines.
// - `ready`: `isready` answered while the session is busy with that search.
// - `game`: a game's start and moves, replayed into a judge.
// - `gui`: the GUI's protocol (UCCI or UCI) and rank base.
// - `now`: the time the session reads (moved by hand in unit tests).
pub(crate) mod bridge;
mod clock;
mod combo;
pub(crate) mod deaf;
pub(crate) mod dialect;
pub(crate) mod engine;
pub(crate) mod escape;
mod fallback;
mod game;
pub(crate) mod gui;
mod info;
pub(crate) mod judge;
pub(crate) mod log;
mod mate_scale;
mod now;
pub(crate) mod protocol;
mod ready;
mod search;
pub(crate) mod session;
mod state;

pub use bridge::EngineSettings;
pub use dialect::{Dialect, EngineProtocol, FenLetters};
pub use engine::split_command;
pub use log::Log;
pub use session::{Settings, run};
