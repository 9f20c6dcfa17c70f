//! The game as the GUI's `position` describes it: the start, the moves, and
//! the judge that replayed them.

use crate::board::{Move, Position};
use crate::rules::profile::Profile;
use crate::words::Words;

use super::gui::read_move;
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
pub(crate) fn replay(profile: &Profile, start: &Position, moves: &[Move]) -> Result<Judge, Words> {
    let mut judge = Judge::new(profile, start.clone());
    for (i, &mv) in moves.iter().enumerate() {
        if let Err(e) = judge.push(mv) {
            let why = judge.position().illegality(mv).map_or_else(
                || Words::new(e, "此局面下不是合法着法"),
                |why| why.words(mv),
            );
            let n = i + 1;
            return Err(Words::new(
                format!("move {n} {mv} is illegal: {}", why.en),
                format!("第{n}着 {mv} 违例：{}", why.zh),
            ));
        }
    }
    Ok(judge)
}

/// Builds the game a `position` command describes, checking every move,
/// with its moves' ranks counted from `base` (0 or 1), and returns it with
/// the base it was read in. When the moves are wrong so but right in the
/// other base, that is the base (with `may_switch`) or the error says so
/// (a UCCI GUI whose moves read with ranks 1–10 speaks Fairy-Stockfish's
/// UCI numbering).
pub(crate) fn load_in(
    profile: &Profile,
    spec: &PositionSpec,
    base: u8,
    may_switch: bool,
) -> Result<(Game, u8), Words> {
    let e = match load_as_written(profile, spec, base) {
        Ok(game) => return Ok((game, base)),
        Err(e) => e,
    };
    let other = u8::from(base == 0);
    let Some(game) = Some(spec)
        .filter(|s| !s.moves.is_empty())
        .and_then(|s| load_as_written(profile, s, other).ok())
    else {
        return Err(e);
    };
    if may_switch {
        return Ok((game, other));
    }
    Err(if base == 0 {
        Words::new(
            format!(
                "{} (the moves are legal with ranks 1–10, as Fairy-Stockfish's UCI writes them; UCCI numbers ranks 0–9)",
                e.en
            ),
            format!(
                "{}（按行号 1–10 读，着法合法，这是 Fairy-Stockfish 的 UCI 写法；UCCI 的行号是 0–9）",
                e.zh
            ),
        )
    } else {
        Words::new(
            format!(
                "{} (the moves are legal with ranks 0–9; the ranks are set to 1–10 here)",
                e.en
            ),
            format!("{}（按行号 0–9 读，着法合法；这里设定的行号是 1–10）", e.zh),
        )
    })
}

/// Reads `spec`'s moves with ranks counted from `base`.
fn parse_moves(spec: &PositionSpec, base: u8) -> Result<Vec<Move>, Words> {
    let mut moves = Vec::with_capacity(spec.moves.len());
    for (i, text) in spec.moves.iter().enumerate() {
        let n = i + 1;
        moves.push(read_move(text, base).map_err(|e| {
            Words::new(
                format!("move {n} '{text}': {}", e.en),
                format!("第{n}着“{text}”：{}", e.zh),
            )
        })?);
    }
    Ok(moves)
}

fn load_as_written(profile: &Profile, spec: &PositionSpec, base: u8) -> Result<Game, Words> {
    let start = match &spec.start {
        Start::StartPos => Position::startpos(),
        // The error names the FEN and what is wrong with it.
        Start::Fen(f) => Position::from_fen(f).map_err(|e| e.words())?,
    };
    let moves = parse_moves(spec, base)?;
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

    /// A UCCI `position`: ranks 0–9, never switched.
    fn load(profile: &Profile, spec: &PositionSpec) -> Result<Game, String> {
        load_in(profile, spec, 0, false)
            .map(|(game, _)| game)
            .map_err(|e| e.en)
    }

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
        // A session that may switch reads them in the other base.
        let spec = PositionSpec {
            start: Start::StartPos,
            moves: vec!["h3e3".into(), "h8e8".into()],
        };
        let (game, base) = load_in(&cxa2020, &spec, 0, true).unwrap();
        assert_eq!(base, 1);
        assert_eq!(game.moves[1], Move::parse_uci("h7e7").unwrap());
        let (_, base) = load_in(&cxa2020, &spec, 1, true).unwrap();
        assert_eq!(base, 1);
        let back = PositionSpec {
            start: Start::StartPos,
            moves: vec!["h2e2".into(), "h9g7".into(), "h0g2".into()],
        };
        let (_, base) = load_in(&cxa2020, &back, 1, true).unwrap();
        assert_eq!(base, 0);
        let e = load_in(&cxa2020, &back, 1, false).err().unwrap();
        assert!(e.en.contains("legal with ranks 0–9"), "{e:?}");
        assert!(e.zh.contains("按行号 0–9 读，着法合法"), "{e:?}");
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
