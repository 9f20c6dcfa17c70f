//! Reading a line again with the other reading of one of its ambiguous
//! moves ([`OtherReading`]), when the preferred reading leaves a later move
//! unplayable: a record that meant the other reading goes on that way.

use super::parse::{OtherReading, read_move_noting};
use crate::board::{Move, Position};

/// How many re-readings one line may try in all, each with one ambiguous
/// move read the other way (the latest first) and every move after it read
/// again: at most this many times the line's length in extra reading,
/// however many ambiguous moves and unplayable moves the line has. Two
/// ambiguous moves are never switched together, which would multiply the
/// tries; records with a misread move are rare, with two rarer still.
pub(crate) const MAX_REREADINGS: usize = 8;

/// A line read again from one of its ambiguous moves on.
pub(crate) struct Reread {
    /// The ply (1-based) of the ambiguous move read the other way.
    pub(crate) ply: usize,
    /// The moves from that ply on, the move that could not be played the
    /// preferred way last.
    pub(crate) moves: Vec<Move>,
    /// The other readings from that ply on: the switched move's, which says
    /// why, then those of the moves read again.
    pub(crate) other_readings: Vec<(usize, OtherReading)>,
}

/// The line `moves` from `start` (each with its text, as `text_of` gives
/// it) followed by the move `next`, which cannot be played after it, read
/// again with one of its ambiguous moves (`readings`) read the other way,
/// the latest first, if one lets every later move and `next` be played.
/// Each try spends one of `budget` ([`MAX_REREADINGS`] for a line).
pub(crate) fn reread_other_way<'a>(
    start: &Position,
    moves: &[Move],
    text_of: impl Fn(usize) -> &'a str,
    readings: &[(usize, OtherReading)],
    next: &'a str,
    budget: &mut usize,
) -> Option<Reread> {
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
        let next_ply = moves.len() + 1;
        let switched = reading.switched(&pos, next_ply, next);
        pos.play_unchecked(reading.other);
        let mut reread = Reread {
            ply: *ply,
            moves: vec![reading.other],
            other_readings: vec![(*ply, switched)],
        };
        let later = (index + 1..moves.len())
            .map(&text_of)
            .chain(std::iter::once(next));
        let played = later.enumerate().all(|(i, text)| {
            let Ok((mv, other)) = read_move_noting(&pos, text) else {
                return false;
            };
            if let Some(other) = other {
                reread.other_readings.push((ply + 1 + i, other));
            }
            pos.play_unchecked(mv);
            reread.moves.push(mv);
            true
        });
        if played {
            return Some(reread);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::read_move_noting;

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
}
