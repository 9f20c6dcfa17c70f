//! The game as the GUI's `position` describes it: the start, the moves, and
//! the judge that replayed them.

use crate::board::{Move, Position};
use crate::rules::profile::Profile;

use super::dialect::{Dialect, EngineProtocol};
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
        if let Err(e) = judge.push(mv) {
            let why = judge
                .position()
                .illegality(mv)
                .map_or(e, |why| why.words(mv).en);
            return Err(format!("move {} {mv} is illegal: {why}", i + 1));
        }
    }
    Ok(judge)
}

/// Builds the game a `position` command describes, checking every move.
/// When the moves are wrong as written but right with ranks counted from 1,
/// the error says so: the GUI speaks Fairy-Stockfish's UCI numbering.
pub(crate) fn load(profile: &Profile, spec: &PositionSpec) -> Result<Game, String> {
    load_as_written(profile, spec).map_err(|e| {
        if ranks_from_one(profile, spec) {
            format!(
                "{e} (the moves are legal with ranks 1–10, as Fairy-Stockfish's UCI writes them; UCCI numbers ranks 0–9)"
            )
        } else {
            e
        }
    })
}

/// Whether `spec`'s moves are all legal when read with ranks 1–10.
fn ranks_from_one(profile: &Profile, spec: &PositionSpec) -> bool {
    let from_one = Dialect {
        protocol: EngineProtocol::Uci,
        rank_base: 1,
        millis: true,
        go_infinite: true,
    };
    let moves: Option<Vec<Move>> = spec.moves.iter().map(|m| from_one.parse_move(m)).collect();
    let start = match &spec.start {
        Start::StartPos => Some(Position::startpos()),
        Start::Fen(f) => Position::from_fen(f).ok(),
    };
    match (start, moves) {
        (Some(start), Some(moves)) if !moves.is_empty() => replay(profile, &start, &moves).is_ok(),
        _ => false,
    }
}

fn load_as_written(profile: &Profile, spec: &PositionSpec) -> Result<Game, String> {
    let start = match &spec.start {
        Start::StartPos => Position::startpos(),
        // The error names the FEN and what is wrong with it.
        Start::Fen(f) => Position::from_fen(f).map_err(|e| e.to_string())?,
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
        assert!(
            e.starts_with("move 2 h2e2 is illegal: there is no piece on h2"),
            "{e}"
        );
        let black_first = PositionSpec {
            start: Start::StartPos,
            moves: vec!["h7e7".into()],
        };
        let e = load(&cxa2020, &black_first).err().unwrap();
        assert!(
            e.contains("the piece on h7 is a black cannon, but it is red to move"),
            "{e}"
        );
        let own = PositionSpec {
            start: Start::StartPos,
            moves: vec!["a0a3".into()],
        };
        let e = load(&cxa2020, &own).err().unwrap();
        assert!(e.contains("a3 is occupied by red's own piece"), "{e}");
        let jump = PositionSpec {
            start: Start::StartPos,
            moves: vec!["a0a5".into()],
        };
        let e = load(&cxa2020, &jump).err().unwrap();
        assert!(e.contains("the red rook on a0 cannot move to a5"), "{e}");
        // A move that exposes its king names what it would face.
        let pinned = PositionSpec {
            start: Start::Fen("3r1k3/9/9/9/9/9/9/9/3N5/3K5 w".into()),
            moves: vec!["d1b2".into()],
        };
        let e = load(&cxa2020, &pinned).err().unwrap();
        assert!(
            e.contains("would leave the red king in check from black rook d9"),
            "{e}"
        );
        // Ranks 1–10 (Fairy-Stockfish's UCI): the error says so.
        for moves in [["h3e3", "h10g8"], ["h3e3", "h8e8"]] {
            let spec = PositionSpec {
                start: Start::StartPos,
                moves: moves.iter().map(|m| m.to_string()).collect(),
            };
            let e = load(&cxa2020, &spec).err().unwrap();
            assert!(e.contains("legal with ranks 1–10"), "{e}");
        }
        let e = load(&cxa2020, &own).err().unwrap();
        assert!(!e.contains("ranks 1–10"), "{e}");
        let spec = PositionSpec {
            start: Start::Fen("nonsense".into()),
            moves: vec![],
        };
        let e = load(&cxa2020, &spec).err().unwrap();
        // The FEN is named once, with what is wrong with it.
        assert_eq!(e.matches("nonsense").count(), 1, "{e}");
        assert!(e.starts_with("invalid FEN 'nonsense': "), "{e}");
    }
}
