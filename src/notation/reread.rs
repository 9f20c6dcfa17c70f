//! Reading a line again with the other reading of one of its ambiguous
//! moves ([`OtherReading`]), or of two of them together, when the preferred
//! reading leaves a later move unplayable: a record that meant the other
//! reading goes on that way.

use super::parse::{OtherReading, read_move_noting};
use crate::board::{Move, Position};

/// How many re-readings one line may try in all, each with one ambiguous
/// move read the other way and every move after it read again: at most
/// this many times the line's length in extra reading, however many
/// ambiguous moves and unplayable moves the line has. Records with a
/// misread move are rare, with two rarer still.
pub(crate) const MAX_REREADINGS: usize = 8;

/// A line read again from one of its ambiguous moves on.
pub(crate) struct Reread {
    /// The ply (1-based) of the (first) ambiguous move read the other way.
    pub(crate) ply: usize,
    /// The moves from that ply on, the move that could not be played the
    /// preferred way last.
    pub(crate) moves: Vec<Move>,
    /// The other readings from that ply on: each switched move's, which
    /// says why, and those of the moves read again.
    pub(crate) other_readings: Vec<(usize, OtherReading)>,
}

/// The line `moves` from `start` (each with its text, as `text_of` gives
/// it) followed by the move `next`, which cannot be played after it, read
/// again with one of its ambiguous moves (`readings`) read the other way,
/// the latest first, if one lets every later move and `next` be played;
/// else with two of them read the other way together, if that does: one
/// of `readings`, and one of the moves read again after it that is still
/// ambiguous, where a move cannot be played. Each try of a move read the
/// other way spends one of `budget` ([`MAX_REREADINGS`] for a line); a
/// pair costs one try more than its first move.
pub(crate) fn reread_other_way<'a>(
    start: &Position,
    moves: &[Move],
    text_of: impl Fn(usize) -> &'a str,
    readings: &[(usize, OtherReading)],
    next: &'a str,
    budget: &mut usize,
) -> Option<Reread> {
    // The text of ply `n` (1-based): of the line, or `next` after it.
    let text_at = |n: usize| {
        if n <= moves.len() {
            text_of(n - 1)
        } else {
            next
        }
    };
    let mut stuck = Vec::new();
    if let Some(reread) = switch_one(start, moves, &text_at, readings, budget, &mut stuck) {
        return Some(reread);
    }
    for mut reread in stuck {
        let line: Vec<Move> = moves[..reread.ply - 1]
            .iter()
            .chain(&reread.moves)
            .copied()
            .collect();
        let after = &reread.other_readings[1..];
        let Some(second) = switch_one(start, &line, &text_at, after, budget, &mut Vec::new())
        else {
            continue;
        };
        reread.moves.truncate(second.ply - reread.ply);
        reread.moves.extend(&second.moves);
        reread.other_readings.retain(|(p, _)| *p < second.ply);
        reread.other_readings.extend(second.other_readings);
        let mut pos = start.clone();
        for &mv in moves[..reread.ply - 1].iter().chain(&reread.moves) {
            pos.play_unchecked(mv);
        }
        let from = reread.ply + reread.moves.len();
        if read_on(&mut pos, &mut reread, from, moves.len() + 1, &text_at) {
            return Some(reread);
        }
    }
    None
}

/// The line `moves` from `start`, followed by the ply that cannot be played
/// after it (the texts of plies 1 to `moves.len() + 1` as `text_at` gives
/// them), read again with one of `readings` read the other way, the latest
/// first, if one lets every later ply be played. A try that stops at a
/// later ply with an ambiguous move read again before it goes to `stuck`,
/// the moves read so far, for a second move to be read the other way.
fn switch_one<'a>(
    start: &Position,
    moves: &[Move],
    text_at: &dyn Fn(usize) -> &'a str,
    readings: &[(usize, OtherReading)],
    budget: &mut usize,
    stuck: &mut Vec<Reread>,
) -> Option<Reread> {
    let last = moves.len() + 1;
    for (ply, reading) in readings.iter().rev() {
        if *budget == 0 {
            return None;
        }
        // A reading already switched, or of a move since read again, is no candidate.
        let index = ply.checked_sub(1)?;
        if reading.because.is_some() || moves.get(index) != Some(&reading.chosen) {
            continue;
        }
        *budget -= 1;
        let mut pos = start.clone();
        for &mv in &moves[..index] {
            pos.play_unchecked(mv);
        }
        if !pos.is_legal(reading.other) {
            continue;
        }
        let switched = reading.switched(&pos, last, text_at(last));
        pos.play_unchecked(reading.other);
        let mut reread = Reread {
            ply: *ply,
            moves: vec![reading.other],
            other_readings: vec![(*ply, switched)],
        };
        if read_on(&mut pos, &mut reread, ply + 1, last, text_at) {
            return Some(reread);
        }
        if reread.other_readings.len() > 1 {
            stuck.push(reread);
        }
    }
    None
}

/// Reads plies `from` to `last` (their texts as `text_at` gives them) on
/// from `pos`, each the preferred way, into `reread`; whether all of them
/// could be played (else `reread` holds the moves before the first that
/// could not).
fn read_on<'a>(
    pos: &mut Position,
    reread: &mut Reread,
    from: usize,
    last: usize,
    text_at: &dyn Fn(usize) -> &'a str,
) -> bool {
    (from..=last).all(|ply| {
        let Ok((mv, other)) = read_move_noting(pos, text_at(ply)) else {
            return false;
        };
        if let Some(other) = other {
            reread.other_readings.push((ply, other));
        }
        pos.play_unchecked(mv);
        reread.moves.push(mv);
        true
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pawns doubled on file 6 and a cannon on file 6: `66.5` is the middle
    /// pawn in official WXF, the cannon with keypad piece codes.
    const FEN: &str = "4k4/9/3P5/3P1P3/3P1P3/9/9/3C5/9/5K3 w - - 0 1";

    /// Reads `texts` the preferred way as far as they go: the moves, the
    /// other readings, and the first text that cannot be played.
    fn read(start: &Position, texts: &[&str]) -> (Vec<Move>, Vec<(usize, OtherReading)>, usize) {
        let mut pos = start.clone();
        let (mut moves, mut readings) = (Vec::new(), Vec::new());
        for (i, text) in texts.iter().enumerate() {
            let Ok((mv, other)) = read_move_noting(&pos, text) else {
                return (moves, readings, i);
            };
            if let Some(other) = other {
                readings.push((i + 1, other));
            }
            pos.play_unchecked(mv);
            moves.push(mv);
        }
        (moves, readings, texts.len())
    }

    #[test]
    fn the_other_reading_is_taken_when_only_it_lets_the_line_go_on() {
        let start = Position::from_fen(FEN).unwrap();
        let texts = ["66.5", "K5+1", "C5+1"];
        let (moves, readings, stop) = read(&start, &texts);
        assert_eq!((moves.len(), readings.len(), stop), (2, 1, 2));
        assert_eq!(readings[0].1.chosen.to_string(), "d6e6");
        let mut budget = MAX_REREADINGS;
        let r = reread_other_way(&start, &moves, |i| texts[i], &readings, "C5+1", &mut budget)
            .expect("the cannon reading plays C5+1");
        assert_eq!(budget, MAX_REREADINGS - 1);
        assert_eq!(r.ply, 1);
        let uci: Vec<String> = r.moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(uci, ["d2e2", "e9e8", "e2e3"]);
        let (ply, switched) = &r.other_readings[0];
        assert_eq!(*ply, 1);
        assert_eq!(switched.because, Some((3, "C5+1".to_string())));
        assert_eq!(
            (switched.chosen.to_string(), switched.other.to_string()),
            ("d2e2".to_string(), "d6e6".to_string())
        );
        assert_eq!(
            switched.note.en,
            "'66.5' was read as 炮六平五 (d2e2), in official WXF with keypad piece codes \
             (6 = cannon), because in official WXF, it is 四兵平五 (d6e6), after which ply 3 \
             'C5+1' cannot be played"
        );
        assert_eq!(
            switched.note.zh,
            "“66.5”按WXF官方写法（数字为键盘兵种代码，6为炮）读作炮六平五（d2e2），因为按WXF官方写法读作四兵平五（d6e6）则第3着“C5+1”无法走出"
        );
        // A move neither reading lets be played: no re-reading, and the
        // budget spent says so; an empty budget tries nothing.
        let r = reread_other_way(&start, &moves, |i| texts[i], &readings, "C9+1", &mut budget);
        assert!(r.is_none());
        assert_eq!(budget, MAX_REREADINGS - 2);
        let mut none = 0;
        let r = reread_other_way(&start, &moves, |i| texts[i], &readings, "C5+1", &mut none);
        assert!(r.is_none());
    }

    /// Red as in [`FEN`]; Black the same, mirrored: `66.5` is a pawn or
    /// the cannon of file 6 for either side. A black horse on e4 is the
    /// screen between the two cannons once both moved to file 5.
    const BOTH_FEN: &str = "3k5/9/3P1c3/3P1P3/3P1P3/3pnp3/3p1p3/3C1p3/9/5K3 w - - 0 1";

    #[test]
    fn two_ambiguous_moves_are_read_the_other_way_together_when_only_that_lets_the_line_go_on() {
        let start = Position::from_fen(BOTH_FEN).unwrap();
        // C5+5 takes the black cannon over the horse: both cannons must have
        // come to file 5, which neither reading alone gives.
        let texts = ["66.5", "66.5", "C5+5"];
        let (moves, readings, stop) = read(&start, &texts);
        assert_eq!((moves.len(), readings.len(), stop), (2, 2, 2));
        let mut budget = MAX_REREADINGS;
        let r = reread_other_way(&start, &moves, |i| texts[i], &readings, "C5+5", &mut budget)
            .expect("the two cannon readings play C5+5");
        assert_eq!(r.ply, 1);
        let uci: Vec<String> = r.moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(uci, ["d2e2", "f7e7", "e2e7"]);
        let because: Vec<(usize, Option<(usize, String)>)> = r
            .other_readings
            .iter()
            .map(|(ply, o)| (*ply, o.because.clone()))
            .collect();
        let c55 = Some((3, "C5+5".to_string()));
        assert_eq!(because, [(1, c55.clone()), (2, c55)]);
        // Each move alone is tried first (2 tries), then the second move
        // that the first leaves ambiguous with it (1).
        assert_eq!(budget, MAX_REREADINGS - 3);
        // A move that no pair lets be played spends at most the budget.
        let mut budget = MAX_REREADINGS;
        let r = reread_other_way(&start, &moves, |i| texts[i], &readings, "C5+6", &mut budget);
        assert!(r.is_none());
        assert!(budget < MAX_REREADINGS);
    }
}
