//! Move notations: UCCI/ICCS coordinates, Chinese (中文纵线) and WXF.
//!
//! - [`render`] / [`render_with`] write a legal move in a [`Notation`]; the
//!   Chinese style ([`ChineseStyle`], [`PawnConvention`]) and the WXF style
//!   ([`WxfStyle`]) choose among the published conventions.
//! - [`parse_move`] reads one move in any notation. Coordinates are read
//!   directly; Chinese and WXF text is matched against every legal move
//!   written in every accepted convention (xqbase, traditional five-character,
//!   DhtmlXQ short form, official WXF, xqbase WXF, Fairy-Stockfish, keypad
//!   codes, traditional glyphs, full-width characters). Text that names no
//!   legal move, or several, gives a [`NotationError`] with the reason and the
//!   legal moves in the notation the text seemed to use.
//! - [`parse_move_list`] reads a whole move list as an arbiter pastes it into
//!   a [`MoveText`], or a [`MoveListError`] naming the ply, position and reason.
//!
//! ```
//! use xqarbiter::board::Position;
//! use xqarbiter::notation::{Notation, parse_move, render};
//! let pos = Position::startpos();
//! let mv = parse_move(&pos, "H2-E2").unwrap();
//! assert_eq!(render(&pos, mv, Notation::Chinese), "炮二平五");
//! ```

mod describe;
mod movelist;
mod parse;
mod render;
mod symbol;

pub use movelist::{Comment, MoveListError, MoveText, Outcome, parse_move_list};
pub use parse::{NotationError, parse_move};
pub use render::{
    ChineseStyle, Notation, PawnConvention, RenderOptions, WxfStyle, render, render_with,
};
