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
        if judge.push(mv).is_err() {
            let why = why_illegal(judge.position(), mv);
            return Err(format!("move {} {mv} is illegal: {why}", i + 1));
        }
    }
    Ok(judge)
}

/// Why `mv` cannot be played in `pos`, in words (meaningful only when it is illegal).
fn why_illegal(pos: &Position, mv: Move) -> String {
    let (from, to) = (mv.from(), mv.to());
    let turn = pos.turn();
    match (pos.piece_at(from), pos.piece_at(to)) {
        (None, _) => format!("there is no piece on {from}"),
        (Some(p), _) if p.color != turn => {
            format!(
                "the {} on {from} is {}'s and {} is to move",
                p.role.name(),
                p.color.name(),
                turn.name()
            )
        }
        (Some(p), Some(q)) if q.color == turn => {
            format!(
                "the {} on {from} cannot take its own {} on {to}",
                p.role.name(),
                q.role.name()
            )
        }
        (Some(p), _) => format!(
            "the {} on {from} cannot go to {to} here (not a move of that piece, or it would leave its king attacked or facing the other king)",
            p.role.name()
        ),
    }
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
            e.contains("the cannon on h7 is black's and red is to move"),
            "{e}"
        );
        let own = PositionSpec {
            start: Start::StartPos,
            moves: vec!["a0a3".into()],
        };
        let e = load(&cxa2020, &own).err().unwrap();
        assert!(e.contains("cannot take its own pawn on a3"), "{e}");
        let jump = PositionSpec {
            start: Start::StartPos,
            moves: vec!["a0a5".into()],
        };
        let e = load(&cxa2020, &jump).err().unwrap();
        assert!(e.contains("the rook on a0 cannot go to a5"), "{e}");
        let spec = PositionSpec {
            start: Start::Fen("nonsense".into()),
            moves: vec![],
        };
        assert!(load(&cxa2020, &spec).is_err());
    }
}
