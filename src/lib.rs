//! xqarbiter: a xiangqi (Chinese chess) game-adjudication engine.
//!
//! It replays games, classifies every move of a repetition cycle (check 将,
//! mate threat 杀, chase 捉, idle 闲) and rules on repetitions and the natural
//! move limit under the Chinese (CXA) and Asian (AXF) rules.
//!
//! # Using the library
//!
//! The flow is record → [`record::Game`] → [`referee::Referee`] →
//! [`rules::ruling::Ruling`]: read the games of a file
//! ([`record::read_games`], or [`record::read_games_from_bytes`] for an
//! upload), push each game's moves into a referee under a rule set or a
//! tournament [`rules::profile::Profile`], and ask for the ruling: the
//! verdict and its reason, the repetition's cycle with the nature of every
//! move, the natural limit, as text in Chinese or English or as JSON.
//!
//! ## Ruling on a record
//!
//! ```
//! use xqarbiter::record::{ReadOptions, read_games_from_bytes};
//! use xqarbiter::referee::Referee;
//! use xqarbiter::rules::profile::Profile;
//! use xqarbiter::rules::ruling::{Lang, Reason, Verdict};
//!
//! // Red's rook checks from f0 and e0 in turn; Black's king steps aside each time.
//! let pgn = "[FEN \"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1\"]\n\
//!            1. 车四平五 将5平6 2. 车五平四 将6平5 3. 车四平五 将5平6 4. 车五平四 将6平5 *\n";
//! let games = read_games_from_bytes(pgn.as_bytes(), "upload.pgn", &ReadOptions::default())?;
//! let game = games.into_iter().next().expect("one game")?;
//!
//! let mut referee = Referee::new(Profile::builtin("cxa2020").expect("built in"), game.start.clone());
//! for m in &game.moves {
//!     referee.push(m.mv)?;
//! }
//! let ruling = referee.ruling();
//! assert_eq!((ruling.verdict, ruling.reason), (Verdict::BlackWins, Some(Reason::Perpetual)));
//! let cycle = &ruling.repetition.as_ref().expect("a repetition").cycle;
//! assert_eq!(cycle.red.pattern(Lang::Zh), "长将");
//! assert_eq!(cycle.clause.to_string(), "CXA 2020 25.1");
//! println!("{}", ruling.render(Lang::En)); // the verdict, the cycle's table, the natural limit
//! println!("{}", ruling.to_json()); // the object `xqarbiter rule --json` prints
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## A server's loop
//!
//! Moves arrive one at a time. [`referee::Referee::push`] refuses an illegal
//! one and leaves the game as it was; the [`referee::Event`] it returns
//! tells [`referee::Referee::ending`] whether there is anything to rule on,
//! so that a quiet move costs nothing; [`referee::Referee::pop`] takes a
//! move back. A natural-limit draw does not end the game by itself: it is
//! a claim, in [`referee::Referee::natural_limit`];
//! [`referee::Event::NaturalLimit`] says when it is in reach, and a claim
//! the referee judges ([`referee::Referee::set_claim`]) ends the game if it
//! holds. A decisive repetition ends the game, but the referee still plays
//! the moves a record goes on with: a server stops at the first
//! [`referee::Referee::ending`].
//!
//! ```
//! use xqarbiter::board::{Move, Position};
//! use xqarbiter::referee::Referee;
//! use xqarbiter::rules::RuleSet;
//! use xqarbiter::rules::ruling::{Lang, Verdict};
//!
//! let start: Position = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w".parse()?;
//! let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
//! // Red's rook checks from e0 and f0 in turn. At ply 7 Red first tries an
//! // illegal king move, then plays, takes back and plays again.
//! let incoming = [
//!     "f0e0", "e8f8", "e0f0", "f8e8", "f0e0", "e8f8", "d0d2", "e0f0", "take back", "e0f0", "f8e8",
//! ];
//! let mut ended = None;
//! for text in incoming {
//!     if text == "take back" {
//!         referee.pop();
//!         continue;
//!     }
//!     let mv: Move = text.parse()?;
//!     let event = match referee.push(mv) {
//!         Ok(event) => event,
//!         Err(illegal) => {
//!             println!("refused: {illegal}"); // tell the player, wait for another move
//!             continue;
//!         }
//!     };
//!     if let Some(ruling) = referee.ending(event) {
//!         ended = Some(ruling);
//!         break;
//!     }
//! }
//! let ruling = ended.expect("the third occurrence ends the game");
//! assert_eq!(ruling.verdict, Verdict::BlackWins);
//! assert_eq!(referee.plies(), 8);
//! println!("{}", ruling.summary(Lang::En));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Explaining one move
//!
//! [`rules::nature::classify`] tells what one move is under a rule set, and
//! why; an illegal move is refused with the reason.
//!
//! ```
//! use xqarbiter::board::Position;
//! use xqarbiter::rules::nature::classify;
//! use xqarbiter::rules::ruling::Lang;
//! use xqarbiter::rules::{Nature, RuleSet};
//!
//! let pos: Position = "4k4/9/9/9/8n/9/9/9/9/R2K5 w".parse()?;
//! let nature = classify(&pos, "a0a5".parse()?, RuleSet::Cxa2020)?;
//! assert_eq!(nature.nature, Nature::Chase);
//! assert_eq!(nature.reason(Lang::En), "red rook a5 threatens black horse i5: it is unprotected");
//! assert_eq!(nature.reason(Lang::Zh), "红车(a5)捉黑马(i5)（无根）");
//! assert!(classify(&pos, "a0a9".parse()?, RuleSet::Cxa2020).is_ok());
//! assert!(classify(&pos, "d0c0".parse()?, RuleSet::Cxa2020).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## A tournament's profile
//!
//! A profile is a rule set with a tournament's numbers: the natural
//! limit's rounds and caps, the decisive occurrence of a repetition, and
//! clauses such as Armageddon draws. Ten are built in
//! ([`rules::profile::Profile::builtins`]); a tournament's own is read from
//! TOML (the keys are listed on `Profile`'s `FromStr`), and its errors give
//! the line and column.
//!
//! ```
//! use xqarbiter::rules::RuleSet;
//! use xqarbiter::rules::profile::Profile;
//! use xqarbiter::words::Lang;
//!
//! let toml = "name = \"city-open-2026\"\nbase = \"cxa2020\"\n[natural_limit]\nrounds = 40\n";
//! let profile: Profile = toml.parse()?;
//! assert_eq!((profile.rules, profile.limit.rounds), (RuleSet::Cxa2020, 40));
//!
//! let err = "name = \"x\"\nbase = \"cxa2020\"\n[natural_limit]\nrounds = 0\n"
//!     .parse::<Profile>()
//!     .unwrap_err();
//! println!("{}", err.in_lang(Lang::En)); // names line 4 and the allowed range
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `Profile::load` takes a built-in name or a file path, as `--profile`
//! does.
//!
//! ## The board
//!
//! ```
//! use xqarbiter::board::Position;
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 44);
//! pos.try_play("h2e2".parse()?)?; // checked; `play` is the unchecked form for legal moves
//! assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Cargo features: `cli` (on by default) builds the `xqarbiter` command and
//! pulls in what only it needs (clap, indicatif, mimalloc). A library user can
//! leave it out with `default-features = false`: every module documented here
//! stays the same.

// Every public item is documented; CI's clippy run (-D warnings) keeps it so.
#![warn(missing_docs)]
#![warn(unreachable_pub)]
#![warn(missing_debug_implementations)]

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
pub(crate) mod text;
pub mod ucci;
pub mod words;
