//! Move notations: UCCI/ICCS coordinates, Chinese (中文纵线) and WXF, parsed by
//! rendering the legal moves and matching the text against them.
//!
//! This first version reads coordinates only; the other notations follow.

use crate::board::{Move, Position};

/// A move text that does not name exactly one legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{text}': {reason}")]
pub struct NotationError {
    /// The text as written.
    pub text: String,
    /// Why it names no legal move, or several.
    pub reason: String,
    /// The legal moves of the position, in the notation the text seemed to use.
    pub legal: Vec<String>,
}

/// Reads one move of the side to move in `pos`.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let legal = || pos.legal_moves().iter().map(|m| m.to_string()).collect();
    let mv = Move::parse_uci(text).map_err(|e| NotationError {
        text: text.to_string(),
        reason: e.reason,
        legal: legal(),
    })?;
    if pos.is_legal(mv) {
        Ok(mv)
    } else {
        Err(NotationError {
            text: text.to_string(),
            reason: "not a legal move in this position".into(),
            legal: legal(),
        })
    }
}
