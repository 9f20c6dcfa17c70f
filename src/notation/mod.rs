//! Move notations: UCCI/ICCS coordinates, Chinese (中文纵线) and WXF.
//!
//! The API (stable; other modules and the CLI build on it):
//!
//! - [`render()`] / [`render_with`] write a legal move in a [`Notation`]. The
//!   default is xqbase Chinese (炮二平五, 马８进７, 前炮退二, 中兵, 一兵平五) and
//!   official WXF (`C2.5`, `H8+7`, `R+.3`, `++.4`, `3+.4`). [`RenderOptions`]
//!   selects the convention for pawns doubled on two files ([`PawnConvention`]:
//!   一兵平五 / 前兵四平五 / 前四平五), ASCII digits for Black ([`ChineseStyle`]),
//!   and xqbase's `[Format "WXF"]` letters ([`WxfStyle`]: `N8+7`, `C+-2`, `Pa.5`).
//! - [`parse_move`] reads one move in any notation. Coordinates (`h2e2`,
//!   `H2-E2`, full width too) are read directly without rendering anything;
//!   Chinese and WXF text is matched against the legal moves written in every
//!   accepted convention: xqbase, traditional five-character, DhtmlXQ short
//!   forms (前九平八, 二7平6), 前/后 on advisors and elephants, the plain form
//!   of a piece sharing its file when only one can make the move, official WXF,
//!   xqbase WXF (`C+-2`, `+C-2`, `Pa.5`), Fairy-Stockfish (`C2=5`, `13=4`), keypad
//!   piece codes (`62.5`), `f`/`r`/`b` prefixes, H/N, E/B/M, G, full-width
//!   characters, traditional glyphs (車馬砲帥將進後…), 上/下 for 进/退, financial
//!   numerals, and XBoard's SAN for xiangqi (`Ege2`, `Hxb9`, `cd5`, `Rd7#`; ranks 0–9),
//!   read when no other notation reads the text. The colour always comes from the side to move. Text naming no
//!   legal move or several gives a [`NotationError`]: the reason (what does not
//!   fit, or the candidates) and the legal moves in the notation the text seemed
//!   to use.
//! - [`parse_move_list`] reads a move list as an arbiter types or pastes it
//!   (move numbers, separators, comments, a trailing result, notations mixed,
//!   Chinese moves run together or split by stray spaces) into a
//!   [`ParsedMoveList`] with [`Comment`]s and an [`Outcome`], or a
//!   [`MoveListError`] naming the ply, the position (FEN), the reason and the
//!   legal moves; [`parse_move_list_until`] reads only its first moves.
//!
//! ```
//! use xqarbiter::board::Position;
//! use xqarbiter::notation::{Notation, parse_move, parse_move_list, render};
//! let pos = Position::startpos();
//! let mv = parse_move(&pos, "H2-E2").unwrap();
//! assert_eq!(render(&pos, mv, Notation::Chinese), "炮二平五");
//! let list = parse_move_list(&pos, "1. 炮二平五 马８进７ 2. N2+3").unwrap();
//! assert_eq!(list.moves.len(), 3);
//! ```

mod after_result;
mod between;
mod braced;
mod chat;
mod describe;
mod ending;
mod labelled;
mod movelist;
// Only the command line warns of numerals written against the custom.
#[cfg(feature = "cli")]
mod numerals;
mod outcome;
mod parse;
pub(crate) mod ranks_from_one;
mod render;
mod reread;
mod semicolon;
mod side_label;
mod suggest;
mod symbol;
mod xboard_san;

pub(crate) use crate::board::piece_zh;
pub(crate) use after_result::moves_after_result;
pub(crate) use between::{Between, split_by};
pub(crate) use braced::braced;
pub(crate) use chat::chat;
pub use ending::Ending;
pub(crate) use ending::leading_result_phrase;
pub(crate) use labelled::{
    Label, heading_ends_note, heading_in_note, is_move_heading, label, note_reads_as_moves,
};
pub use movelist::{
    Comment, MoveListError, ParsedMoveList, parse_move_list, parse_move_list_until,
};
pub(crate) use movelist::{
    cut_run_together, glued_result, glued_side, is_black_first_marker, split_run_together,
    strip_round_marker,
};
#[cfg(feature = "cli")]
pub(crate) use numerals::reversed_numerals;
pub use outcome::Outcome;
pub(crate) use outcome::{
    RESULT_LABELS, is_result_word, may_lead_result, result_words, spaced_result, words_on_result,
};
pub(crate) use parse::{
    Failure, game_over, may_be_xboard_san, read_move, read_record_move, reads_as_any_move_text,
    reads_as_move_text, shaped_like_move,
};
pub use parse::{NotationError, NotationErrorKind, OtherReading, parse_move};
pub use render::{
    ChineseStyle, Notation, PawnConvention, RenderOptions, WxfStyle, render, render_with,
};
pub(crate) use reread::{MAX_REREADINGS, reread_other_way};
pub(crate) use semicolon::{
    comment_goes_on, comment_reads_as_moves, follows_move, slashes_start_comment, starts_comment,
};
pub(crate) use side_label::{may_start_side_label, side_label};
pub(crate) use symbol::{begins_split_move, chinese_length, continues_split_move};
