//! The rules of movement: squares, bitboards, pieces, attack tables, positions,
//! legal move generation, FEN and perft. Nothing here knows about repetition
//! rules, notations or files.

pub(crate) mod attacks;
mod bitboard;
mod fen;
mod legality;
mod movegen;
mod moves;
pub mod perft;
mod piece;
mod position;
#[cfg(test)]
pub(crate) mod random_moves;
mod square;
mod zobrist;

pub use bitboard::Bitboard;
pub use fen::FenError;
pub(crate) use legality::piece_zh;
pub use legality::{Exposure, Illegality, PlayError};
pub use moves::{Move, MoveList, MoveParseError};
pub use piece::{Color, Piece, Role};
pub use position::{Position, START_FEN, Undo};
pub use square::{File, Rank, Ranks, Square, SquareIn};
pub(crate) use zobrist::{KeyHasher, KeyMap};
