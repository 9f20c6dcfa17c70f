//! xqarbiter: a xiangqi (Chinese chess) game-adjudication engine.
//!
//! It replays games, classifies every move of a repetition cycle (check 将,
//! mate threat 杀, chase 捉, idle 闲) and rules on repetitions and the natural
//! move limit under the Chinese (CXA) and Asian (AXF) rules.
//!
//! # Using the library
//!
//! The flow is record → [`Game`] → [`Referee`] → [`Ruling`]: read the games
//! of a file ([`read_games`], or [`read_games_from_bytes`] for an upload),
//! push each game's moves into a referee under a [`RuleSet`] or a
//! tournament [`Profile`], and ask for the ruling: the [`Verdict`] and its
//! [`Reason`], the repetition's cycle with the nature of every move, the
//! natural limit, as text in Chinese or English ([`Lang`]) or as JSON. The
//! types met on every path are re-exported here; the modules hold the rest.
//!
//! ## A server's loop
//!
//! Moves arrive one at a time. [`notation::parse_move`] reads one in any
//! notation and refuses, with the reason, text that names no legal move;
//! [`Referee::push`] plays it (and refuses an illegal [`Move`] the same
//! way, leaving the game as it was). The [`Event`] a push returns tells
//! [`Referee::ruling_after`] whether there is anything to rule on, so that a
//! quiet move costs nothing. A game is over once the verdict is no longer
//! ongoing: mate, a repetition's decisive occurrence, the natural limit.
//! [`Referee::pop`] takes a move back.
//!
//! ```
//! use xqarbiter::notation::parse_move;
//! use xqarbiter::{Lang, PlayError, Reason, Referee, RuleSet, Ruling, Verdict};
//!
//! /// Plays the moves as they come, until one ends the game.
//! fn serve(referee: &mut Referee, incoming: &[&str]) -> Result<Option<Ruling>, PlayError> {
//!     for text in incoming {
//!         let mv = match parse_move(referee.position(), text) {
//!             Ok(mv) => mv,
//!             Err(refused) => {
//!                 println!("refused {refused}"); // tell the player, wait for another move
//!                 continue;
//!             }
//!         };
//!         let event = referee.push(mv)?; // legal: parse_move read it as such
//!         if let Some(ruling) = referee.ruling_after(event) {
//!             if ruling.verdict != Verdict::Ongoing {
//!                 return Ok(Some(ruling));
//!             }
//!         }
//!     }
//!     Ok(None)
//! }
//!
//! // Red's rook checks from e0 and f0 in turn; at ply 7 Red first tries an
//! // illegal king move and a slip of the pen. The third occurrence ends the game.
//! let start = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w".parse()?;
//! let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
//! let incoming = [
//!     "f0e0", "e8f8", "e0f0", "f8e8", "车四平五", "将5平6", "d0d2", "车五平六", "车五平四", "将6平5",
//! ];
//! let ruling = serve(&mut referee, &incoming)?.expect("the game ends");
//! assert_eq!((ruling.verdict, ruling.reason), (Verdict::BlackWins, Some(Reason::Perpetual)));
//! assert_eq!(referee.plies(), 8);
//! println!("{}", ruling.summary(Lang::En)); // the verdict and the clause, in one line
//! let cycle = &ruling.repetition.as_ref().expect("a repetition").cycle;
//! assert_eq!((cycle.red.pattern(Lang::Zh), cycle.clause.to_string()), ("长将".into(), "CXA 2020 25.1".into()));
//! let _text = ruling.render(Lang::En); // the verdict, the cycle's table (natures, reasons), the natural limit
//! let _json = ruling.to_json(); // the object `xqarbiter rule --json` prints
//!
//! // Mate.
//! let start = "3k5/9/3P5/9/9/9/9/9/9/R3K4 w".parse()?;
//! let mut referee = Referee::with_rules(RuleSet::Axf, start);
//! let ruling = serve(&mut referee, &["a0a9", "d9e9"])?.expect("mate");
//! assert_eq!((ruling.verdict, ruling.reason), (Verdict::RedWins, Some(Reason::Checkmate)));
//!
//! // The natural limit: 116 plies without a capture before this position.
//! let start = "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 116 59".parse()?;
//! let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
//! let ruling = serve(&mut referee, &["e1d2", "d9d8", "d2e1", "d8d9", "e1d2"])?.expect("a draw");
//! assert_eq!((ruling.verdict, ruling.reason), (Verdict::Draw, Some(Reason::NaturalLimit)));
//! assert_eq!(referee.plies(), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! An engine match adjudicates the natural-limit draw at once, as above. In
//! a game between people the draw is a claim: [`Referee::ending`] returns
//! only the rulings that end the game by themselves, and a natural-limit
//! draw once [`Referee::set_claim`] has the referee judge one side's claim
//! and the claim holds ([`Referee::natural_limit`] says who may claim).
//! After a decisive repetition the referee still plays the moves a record
//! goes on with (an audit reports them), and keeps the first ruling that
//! ended the game: [`Referee::ended`]. A server stops there.
//!
//! ## Ruling on the games of a file
//!
//! A reader replays each game's main line: its moves are legal, and an
//! illegal or unreadable move ends it ([`Game::illegal`]). A record may go
//! on past the move that ended its game; the first ending is the ruling
//! ([`Referee::ended`]).
//! ([`audit::judge`] does all this and compares the result the record gives.)
//!
//! ```
//! use xqarbiter::{Profile, ReadOptions, Referee, Verdict, read_games_from_bytes};
//!
//! let pgn = "[Red \"Li\"]\n[Black \"Wang\"]\n[Result \"0-1\"]\n\
//!            [FEN \"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1\"]\n\
//!            1. 车四平五 将5平6 2. 车五平四 将6平5 3. 车四平五 将5平6 4. 车五平四 将6平5\n\
//!            5. 车四平五 0-1\n\n\
//!            [Red \"Zhao\"]\n[Black \"Qian\"]\n[Result \"1-0\"]\n1. 炮二平五 马8进7 2. 车九进五 1-0\n";
//! let profile = Profile::builtin("cxa2020").expect("built in");
//! let mut results = Vec::new();
//! // `read_games(path, …)` streams the games of a file in the same way.
//! for game in read_games_from_bytes(pgn.as_bytes(), "event.pgn", &ReadOptions::default())? {
//!     let game = game?; // an unreadable game: the error names the file and the game
//!     let mut referee = Referee::new(profile.clone(), game.start.clone());
//!     for m in &game.moves {
//!         referee.push(m.mv)?;
//!     }
//!     if let Some(illegal) = &game.illegal {
//!         println!("{illegal}"); // the ply, where it was written, the move as written, and why
//!     }
//!     let ruling = referee.ended().cloned().unwrap_or_else(|| referee.ruling());
//!     let recorded = game.recorded_result().map(Verdict::from);
//!     let (red, black) = (game.red().unwrap_or("?"), game.black().unwrap_or("?"));
//!     let score = recorded.map_or("?", Verdict::score);
//!     // Li – Wang: recorded 0-1, ruled 0-1
//!     println!("{red} – {black}: recorded {score}, ruled {}", ruling.verdict.score());
//!     results.push((recorded, ruling.verdict, ruling.plies, game.illegal.map(|i| i.ply)));
//! }
//! assert_eq!(
//!     results,
//!     [
//!         (Some(Verdict::BlackWins), Verdict::BlackWins, 8, None),
//!         (Some(Verdict::RedWins), Verdict::Ongoing, 2, Some(3)),
//!     ]
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Moves the side to move may not play
//!
//! [`Referee::forbidden_moves`] lists the legal moves that would repeat a
//! cycle ruled against the mover, each with the ruling it would bring: what
//! a GUI greys out, and an engine bridge bans.
//!
//! ```
//! use xqarbiter::notation::{Notation, render};
//! use xqarbiter::{Lang, Move, Position, Referee, RuleSet};
//!
//! let start: Position = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w".parse()?;
//! let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
//! for text in ["f0e0", "e8f8", "e0f0", "f8e8"] {
//!     referee.push(text.parse()?)?;
//! }
//! let forbidden = referee.forbidden_moves();
//! for f in &forbidden {
//!     let notation = render(referee.position(), f.mv, Notation::Chinese);
//!     // 车四平五 (f0e0): the position would stand 2 times: … red must vary …
//!     println!("{notation} ({}): {}", f.mv, f.reason(Lang::En));
//! }
//! let moves: Vec<Move> = forbidden.iter().map(|f| f.mv).collect();
//! assert_eq!(moves, ["f0e0".parse::<Move>()?]);
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
//! [`Position::play`] checks a move and refuses an illegal one with the
//! reason, the position unchanged; [`Position::play_unchecked`] is the fast
//! form for moves known to be legal (those of [`Position::legal_moves`]),
//! as in a search: given an illegal move it would leave a position the
//! rules cannot reach.
//!
//! ```
//! use xqarbiter::board::{Illegality, Position};
//!
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 44);
//! let err = pos.play("h2h8".parse()?).unwrap_err(); // the cannon on h7 is in the way
//! assert!(matches!(err.illegality, Illegality::CannotReach(_)));
//! assert!(err.to_string().starts_with("illegal move h2h8: the red cannon on h2 cannot move to h8"));
//! let undo = pos.play("h2e2".parse()?)?;
//! assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//! pos.undo(undo);
//! // Black's replies to each of Red's first moves, every move from the list.
//! let mut replies = 0;
//! for mv in pos.legal_moves() {
//!     let undo = pos.play_unchecked(mv);
//!     replies += pos.legal_moves().len();
//!     pos.undo(undo);
//! }
//! assert_eq!(replies, 1920);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Types that may grow
//!
//! What the library hands out is marked `#[non_exhaustive]`, so that a
//! later version can add a variant or a field without breaking the code
//! that embeds this one. A `match` on [`Reason`], [`Nature`], [`Event`],
//! [`RuleSet`], [`Lang`], a clause, an illegality, a finding's kind or an
//! error's kind needs a `_` arm; the rulings, reports, findings and errors
//! ([`Ruling`] and what it holds, [`ForbiddenMove`], [`Game`],
//! [`PlayError`], [`RecordError`], …) are read field by field or taken apart
//! with `..`, and made by the library ([`Game::new`] and
//! [`words::Words::new`] for the two a user may build).
//!
//! Closed sets stay exhaustive, so that the compiler checks that every case
//! is handled: [`Color`], [`board::Role`], [`Verdict`] (the game goes on or
//! has a result), [`rules::repetition::CycleOutcome`] (a draw, or one side
//! must vary), [`ClaimMode`], [`audit::Entry`], [`notation::Outcome`]. So do
//! the structs a user fills in to give the library its input:
//! [`Profile`] and its parts (a tournament's rules), [`ReadOptions`],
//! [`notation::RenderOptions`], [`rules::limit::PlyFacts`] (for a
//! [`rules::limit::LimitCounter`]), [`rules::nature::MoveNature`] and
//! [`rules::Threat`] (for [`rules::repetition::rule_cycle`]),
//! [`record::GameMove`] (for [`record::write_pgn`]), the bridge's settings.
//!
//! ```
//! use xqarbiter::{Reason, Referee, RuleSet, Verdict};
//!
//! let start = "3k5/9/3P5/9/9/9/9/9/9/R3K4 w".parse()?;
//! let mut referee = Referee::with_rules(RuleSet::Axf, start);
//! referee.push("a0a9".parse()?)?;
//! let ruling = referee.ruling();
//! let why = match ruling.reason {
//!     Some(Reason::Checkmate) => "mate",
//!     Some(Reason::Stalemate) => "no legal move",
//!     Some(Reason::Perpetual | Reason::Repetition) => "repetition",
//!     Some(Reason::NaturalLimit) => "natural limit",
//!     Some(_) => "another reason", // one a later version may add
//!     None => "none yet",
//! };
//! let score = match ruling.verdict {
//!     Verdict::RedWins => "1-0",
//!     Verdict::BlackWins => "0-1",
//!     Verdict::Draw => "1/2-1/2",
//!     Verdict::Ongoing => "*",
//! };
//! assert_eq!((why, score), ("mate", "1-0"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Without the `_` arm, a `match` on an enum that may grow does not compile:
//!
//! ```compile_fail,E0004
//! use xqarbiter::Reason;
//!
//! fn word(reason: Reason) -> &'static str {
//!     match reason {
//!         Reason::Checkmate | Reason::Stalemate => "mate",
//!         Reason::Perpetual | Reason::Repetition => "repetition",
//!         Reason::NaturalLimit => "natural limit",
//!     }
//! }
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

pub use board::{Color, FenError, Move, PlayError, Position, Square};
pub use record::{Game, ReadOptions, RecordError, read_games, read_games_from_bytes};
pub use referee::{Event, ForbiddenMove, Referee};
pub use rules::limit::ClaimMode;
pub use rules::profile::Profile;
pub use rules::ruling::{Reason, Ruling, Verdict};
pub use rules::{Nature, RuleSet};
pub use words::Lang;
