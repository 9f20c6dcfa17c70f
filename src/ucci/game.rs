//! The game as the GUI's `position` describes it: the start, the moves, and
//! the judge that replayed them.

use crate::board::{Move, Position};
use crate::rules::profile::Profile;

use super::judge::Judge;
use super::protocol::{PositionSpec, Start};

/// A game since its last capture, replayed under a profile.
pub(crate) struct Game {
    /// The start position.
    pub(crate) start: Position,
    /// The moves played from it.
    pub(crate) moves: Vec<Move>,
    /// The judge after the last move.
    pub(crate) judge: Judge,
}

/// Replays `moves` from `start` under `profile`.
pub(crate) fn replay(profile: &Profile, start: &Position, moves: &[Move]) -> Result<Judge, String> {
    let mut judge = Judge::new(profile, start.clone());
    for (i, &mv) in moves.iter().enumerate() {
        judge
            .push(mv)
            .map_err(|e| format!("move {} {mv}: {e}", i + 1))?;
    }
    Ok(judge)
}

/// Builds the game a `position` command describes, checking every move.
pub(crate) fn load(profile: &Profile, spec: &PositionSpec) -> Result<Game, String> {
    let start = match &spec.start {
        Start::StartPos => Position::startpos(),
        Start::Fen(f) => Position::from_fen(f).map_err(|e| format!("bad FEN '{f}': {e}"))?,
    };
    let mut moves = Vec::with_capacity(spec.moves.len());
    for (i, text) in spec.moves.iter().enumerate() {
        moves.push(Move::parse_uci(text).map_err(|e| format!("move {} '{text}': {e}", i + 1))?);
    }
    let judge = replay(profile, &start, &moves)?;
    Ok(Game {
        start,
        moves,
        judge,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn load_rejects_bad_moves_with_place() {
        let cxa2020 = Profile::builtin("cxa2020").unwrap();
        let spec = PositionSpec {
            start: Start::StartPos,
            moves: vec!["h2e2".into(), "h2e2".into()],
        };
        let e = load(&cxa2020, &spec).err().unwrap();
        assert!(e.starts_with("move 2 h2e2"), "{e}");
        let spec = PositionSpec {
            start: Start::Fen("nonsense".into()),
            moves: vec![],
        };
        assert!(load(&cxa2020, &spec).is_err());
    }
}
