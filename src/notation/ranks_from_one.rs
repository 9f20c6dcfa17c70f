//! Coordinates in ranks 1–10 (`h3e3 h10g8`), as Fairy-Stockfish and other
//! UCI xiangqi programs write them, next to UCCI's ranks 0–9. A record is
//! read in ranks 1–10 when it says so: a move names rank 10, or read in
//! ranks 0–9 it stops while in ranks 1–10 it plays through.

use crate::words::Words;

/// The two readings of a record's coordinates, and which was taken.
pub(crate) enum Choice<T> {
    /// Ranks 0–9, as written: the record needs no other.
    AsWritten(T),
    /// Ranks 1–10, and the note saying so and why.
    FromOne(T, Words),
    /// Neither reading plays the whole record: the one in ranks 0–9, and
    /// the one in ranks 1–10 when it goes at least as far (else the record
    /// is plainly in ranks 0–9, and its error need not name the other).
    Neither(T, Option<T>),
}

impl<T> Choice<T> {
    /// The reading taken: the one in ranks 1–10 given its note by `noted`;
    /// where neither plays, the one in ranks 0–9, told by `also` of the
    /// other when that goes as far.
    pub(crate) fn taken(
        self,
        noted: impl FnOnce(&mut T, Words),
        also: impl FnOnce(&mut T, T),
    ) -> T {
        match self {
            Choice::AsWritten(read) | Choice::Neither(read, None) => read,
            Choice::FromOne(mut read, note) => {
                noted(&mut read, note);
                read
            }
            Choice::Neither(mut read, Some(from_one)) => {
                also(&mut read, from_one);
                read
            }
        }
    }
}

/// The part of a record's text whose moves [`choose`] reads two ways, and
/// how far.
#[derive(Clone, Copy, Default)]
pub(crate) struct Scope {
    /// The byte where the moves start: the text before (a PGN game's tags)
    /// is neither looked at nor changed.
    pub(crate) moves_from: usize,
    /// The plies read, when only the first are (`None`: every move).
    pub(crate) plies: Option<usize>,
}

/// Reads `text` with `read` in ranks 0–9 and, when the record may be in
/// ranks 1–10, in those too, as [`Choice`] says; `stop` is the ply where
/// a reading stops (`None` when it plays every move it reads, as far as
/// `scope` says).
pub(crate) fn choose<T>(
    text: &str,
    scope: Scope,
    read: impl Fn(&str) -> T,
    stop: impl Fn(&T) -> Option<usize>,
) -> Choice<T> {
    let from = scope.moves_from;
    // The copy in ranks 0–9 is made only when a reading needs it.
    if names_rank_ten(&text[from..]) {
        let Some(shifted) = in_ranks_from_zero(text, from) else {
            return Choice::AsWritten(read(text));
        };
        let from_one = read(&shifted);
        if stop(&from_one).is_none() {
            let why = Words::new("a move names rank 10", "有着法写到第10行");
            return Choice::FromOne(from_one, note(&why));
        }
        return neither(read(text), from_one, stop);
    }
    let as_written = read(text);
    let Some(ply) = stop(&as_written) else {
        return Choice::AsWritten(as_written);
    };
    let Some(shifted) = in_ranks_from_zero(text, from) else {
        return Choice::AsWritten(as_written);
    };
    let from_one = read(&shifted);
    if stop(&from_one).is_some() {
        return neither(as_written, from_one, stop);
    }
    let why = match scope.plies {
        None => Words::new(
            format!("in ranks 0–9 the record stops at ply {ply}, in ranks 1–10 it plays through"),
            format!("按0–9行读，棋谱在第{ply}着走不通；按1–10行读则全部走通"),
        ),
        Some(plies) => Words::new(
            format!(
                "in ranks 0–9 the record stops at ply {ply}, in ranks 1–10 it plays up to ply {plies}, as far as it is read"
            ),
            format!("按0–9行读，棋谱在第{ply}着走不通；按1–10行读则走得通，直到所读的第{plies}着"),
        ),
    };
    Choice::FromOne(from_one, note(&why))
}

/// [`Choice::Neither`] of the readings `as_written` and `from_one`, which
/// both stop where `stop` says.
fn neither<T>(as_written: T, from_one: T, stop: impl Fn(&T) -> Option<usize>) -> Choice<T> {
    let further = stop(&from_one) >= stop(&as_written);
    Choice::Neither(as_written, further.then_some(from_one))
}

/// The note of a record read in ranks 1–10, `why`.
fn note(why: &Words) -> Words {
    Words::new(
        format!(
            "the coordinates were read in ranks 1–10, as UCI xiangqi programs (Fairy-Stockfish) write them: {}",
            why.en
        ),
        format!(
            "坐标按1–10行读出（UCI象棋程序如Fairy-Stockfish的写法）：{}",
            why.zh
        ),
    )
}

/// Adds to `reason`, why the ranks 0–9 reading stops, that the ranks 1–10
/// reading stopped too, at ply `ply`, at the move it read as `text` (in
/// ranks 0–9; said as the record wrote it).
pub(crate) fn add_both_tried(reason: &mut Words, ply: usize, text: &str) {
    let text = as_written(text);
    *reason = Words::new(
        format!(
            "{}; read in ranks 1–10 (as UCI xiangqi programs write them), the record stops too, at ply {ply} ('{text}')",
            reason.en
        ),
        format!(
            "{}；按1–10行（UCI象棋程序的写法）读也走不通，停在第{ply}着（“{text}”）",
            reason.zh
        ),
    );
}

/// A move in coordinates as written: UCCI's `h3e3`, `h10g8`, or ICCS's
/// `H3-E3`, `H10-G8` (files a–i in one case, ranks 0–10 without a leading
/// zero, a dash between the squares or none).
struct Coordinates<'a> {
    /// The word.
    word: &'a str,
    /// Where its second square starts (after the dash, if any).
    to_at: usize,
    /// The ranks of the squares, from and to.
    ranks: (u8, u8),
}

impl<'a> Coordinates<'a> {
    /// The coordinates of `word`, if it is a move in coordinates.
    fn of(word: &'a str) -> Option<Coordinates<'a>> {
        let b = word.as_bytes();
        let upper = b.first()?.is_ascii_uppercase();
        let file = |c: &u8| {
            c.is_ascii_uppercase() == upper && (b'a'..=b'i').contains(&c.to_ascii_lowercase())
        };
        if !file(&b[0]) {
            return None;
        }
        let to_at = b[1..].iter().position(file)? + 1;
        let rank = |digits: &[u8]| -> Option<u8> {
            match digits {
                [d] if d.is_ascii_digit() => Some(d - b'0'),
                b"10" => Some(10),
                _ => None,
            }
        };
        let from_rank = b[1..to_at].strip_suffix(b"-").unwrap_or(&b[1..to_at]);
        let ranks = (rank(from_rank)?, rank(&b[to_at + 1..])?);
        Some(Coordinates { word, to_at, ranks })
    }

    /// Whether a square of the move is on rank 10, or on rank 0.
    fn names_rank(&self, rank: u8) -> bool {
        self.ranks.0 == rank || self.ranks.1 == rank
    }

    /// The move with both ranks moved by `by`, written as it was.
    fn shifted(&self, by: i8) -> String {
        let rank = |r: u8| i16::from(r) + i16::from(by);
        let dash = if self.word[..self.to_at].ends_with('-') {
            "-"
        } else {
            ""
        };
        format!(
            "{}{}{}{}{}",
            &self.word[..1],
            rank(self.ranks.0),
            dash,
            &self.word[self.to_at..=self.to_at],
            rank(self.ranks.1)
        )
    }
}

/// Whether a move in coordinates in `text` names rank 10. Only the words
/// where a letter stands before `10` are looked at: every record is asked.
fn names_rank_ten(text: &str) -> bool {
    let b = text.as_bytes();
    let in_word = |c: &u8| c.is_ascii_alphanumeric() || *c == b'-';
    text.match_indices("10").any(|(at, _)| {
        if !at
            .checked_sub(1)
            .is_some_and(|i| b[i].is_ascii_alphabetic())
        {
            return false;
        }
        let start = b[..at]
            .iter()
            .rposition(|c| !in_word(c))
            .map_or(0, |i| i + 1);
        let end = b[at..]
            .iter()
            .position(|c| !in_word(c))
            .map_or(b.len(), |i| at + i);
        let word = text[start..end].trim_matches('-');
        Coordinates::of(word).is_some_and(|c| c.names_rank(10))
    })
}

/// The words of `text` that may be moves in coordinates, each with its byte
/// offset: runs of ASCII letters, digits and dashes (`h3e3`, `H3-E3`), the
/// dashes at their ends left out.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .map(|w| w.trim_matches('-'))
        .filter(|w| !w.is_empty())
        .map(move |w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
}

/// `text` with every move in coordinates after byte `from` moved from ranks
/// 1–10 to 0–9, a rank 10 written `9` and a space after the move, so that
/// every word stays at its byte offset, line and column; `None` when no
/// move there is in coordinates, or one names rank 0 (the record is in
/// ranks 0–9).
fn in_ranks_from_zero(text: &str, from: usize) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut done = from;
    out.push_str(&text[..from]);
    for (at, word) in words(&text[from..]) {
        let Some(move_) = Coordinates::of(word) else {
            continue;
        };
        if move_.names_rank(0) {
            return None;
        }
        let at = from + at;
        out.push_str(&text[done..at]);
        let shifted = move_.shifted(-1);
        out.push_str(&shifted);
        out.extend(std::iter::repeat_n(' ', word.len() - shifted.len()));
        done = at + word.len();
    }
    if done == from {
        return None;
    }
    out.push_str(&text[done..]);
    Some(out)
}

/// A move in coordinates in ranks 1–10 as written, from its ranks 0–9
/// reading `word` (any other word as it is).
fn as_written(word: &str) -> String {
    match Coordinates::of(word) {
        Some(move_) if !move_.names_rank(10) => move_.shifted(1),
        _ => word.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_move_to_ranks_from_zero_in_place() {
        let text = "1. h3e3 h10g8\n2. h1g3 {好} i10i9";
        let shifted = in_ranks_from_zero(text, 0).unwrap();
        assert_eq!(shifted, "1. h2e2 h9g7 \n2. h0g2 {好} i9i8 ");
        assert_eq!(shifted.len(), text.len());
        assert!(names_rank_ten(text));
        assert!(!names_rank_ten("h3e3 h8e8"));
        // A rank 0, or no coordinates: a record in ranks 0–9.
        assert_eq!(in_ranks_from_zero("h2e2 h9g7 h0g2", 0), None);
        assert_eq!(in_ranks_from_zero("炮二平五 马8进7", 0), None);
        assert_eq!(as_written("h9g7"), "h10g8");
        assert_eq!(as_written("马8进7"), "马8进7");
    }

    #[test]
    fn iccs_moves_move_too_and_other_words_do_not() {
        let text = "1. H3-E3 H10-G8 2. H1G3 - I10-I9";
        let shifted = in_ranks_from_zero(text, 0).unwrap();
        assert_eq!(shifted, "1. H2-E2 H9-G7  2. H0G2 - I9-I8 ");
        assert!(names_rank_ten("1. H3-E3 H10-G8"));
        assert_eq!(as_written("H9-G7"), "H10-G8");
        assert_eq!(as_written("h2-e2"), "h3-e3");
        // XBoard SAN (`A2e1`, mixed case), WXF (`H2-3`, `A4-5`) and results
        // are no coordinates.
        for word in [
            "A2e1", "H2-3", "A4-5", "1-0", "h10", "h3-E3", "h3--e3", "h100g8",
        ] {
            assert!(Coordinates::of(word).is_none(), "{word}");
        }
        assert_eq!(in_ranks_from_zero("1. A2e1 H2-3 1-0", 0), None);
    }

    #[test]
    fn only_the_moves_in_scope_are_looked_at() {
        let text = "[Opening \"h10g8\"]\n1. h2e2 h9g7";
        let shifted = in_ranks_from_zero(text, 18);
        assert_eq!(
            shifted.as_deref(),
            Some("[Opening \"h10g8\"]\n1. h1e1 h8g6")
        );
        let read = |text: &str| text.to_string();
        let scope = Scope {
            moves_from: 18,
            plies: None,
        };
        assert!(matches!(
            choose(text, scope, read, |_| None),
            Choice::AsWritten(_)
        ));
        // Moved after the tags only; stopping at once as written, playing
        // its one ply read so.
        let text = "[Opening \"h3e3\"]\n1. h3e3";
        let scope = Scope {
            moves_from: 17,
            plies: Some(1),
        };
        let stop = |read: &String| (!read.ends_with("h2e2")).then_some(1);
        let Choice::FromOne(read, note) = choose(text, scope, read, stop) else {
            panic!("read in ranks 0–9");
        };
        assert_eq!(read, "[Opening \"h3e3\"]\n1. h2e2");
        assert!(
            note.en
                .ends_with("in ranks 1–10 it plays up to ply 1, as far as it is read")
        );
    }
}
