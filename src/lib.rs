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

pub mod audit;
pub mod board;
pub mod cli;
pub mod notation;
pub mod record;
pub mod referee;
pub mod rules;
pub mod text;
pub mod ucci;
