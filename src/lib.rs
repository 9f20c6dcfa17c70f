//! xqarbiter: a xiangqi (Chinese chess) game-adjudication engine.
//!
//! It replays games, classifies every move of a repetition cycle (check 将,
//! mate threat 杀, chase 捉, idle 闲) and rules on repetitions and the natural
//! move limit under the Chinese (CXA) and Asian (AXF) rules.
//!
//! ```
//! use xqarbiter::board::{Move, Position};
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 44);
//! pos.play(Move::parse_uci("h2e2").unwrap());
//! assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//! ```
//!
//! Ruling on a repetition: the [`referee::Referee`] replays the moves, and
//! its ruling names the offender, the patterns and the clause applied.
//!
//! ```
//! use xqarbiter::board::{Move, Position};
//! use xqarbiter::referee::Referee;
//! use xqarbiter::rules::RuleSet;
//! use xqarbiter::rules::ruling::{Lang, Verdict};
//!
//! // Red's rook checks from f0 and e0 in turn; Black's king steps aside each time.
//! let start = Position::from_fen("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w").unwrap();
//! let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
//! for _ in 0..2 {
//!     for mv in ["f0e0", "e8f8", "e0f0", "f8e8"] {
//!         referee.push(Move::parse_uci(mv).unwrap()).unwrap();
//!     }
//! }
//! let ruling = referee.ruling();
//! assert_eq!(ruling.verdict, Verdict::BlackWins);
//! let cycle = ruling.repetition.as_ref().unwrap();
//! assert_eq!(cycle.cycle.red.pattern(Lang::Zh), "长将");
//! assert_eq!(cycle.cycle.clause.to_string(), "CXA 2020 25.1");
//! println!("{}", ruling.render(Lang::En));
//! ```
//!
//! Cargo features: `cli` (on by default) builds the `xqarbiter` command and
//! pulls in what only it needs (clap, indicatif, mimalloc). A library user can
//! leave it out with `default-features = false`: every module documented here
//! stays the same.

// Every public item is documented; CI's clippy run (-D warnings) keeps it so.
#![warn(missing_docs)]

pub mod audit;
pub mod board;
// The command line, the binary's only: not part of the library API.
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod cli;
pub mod notation;
pub mod record;
pub mod referee;
pub mod rules;
pub mod text;
pub mod ucci;
pub mod words;
