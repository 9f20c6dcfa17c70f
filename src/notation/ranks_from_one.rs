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

/// Reads `text` with `read` in ranks 0–9 and, when the record may be in
/// ranks 1–10, in those too, as [`Choice`] says; `stop` is the ply where
/// a reading stops (`None` when it plays the whole record).
pub(crate) fn choose<T>(
    text: &str,
    read: impl Fn(&str) -> T,
    stop: impl Fn(&T) -> Option<usize>,
) -> Choice<T> {
    // The copy in ranks 0–9 is made only when a reading needs it.
    if names_rank_ten(text) {
        let Some(shifted) = in_ranks_from_zero(text) else {
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
    let Some(shifted) = in_ranks_from_zero(text) else {
        return Choice::AsWritten(as_written);
    };
    let from_one = read(&shifted);
    if stop(&from_one).is_some() {
        return neither(as_written, from_one, stop);
    }
    let why = Words::new(
        format!("in ranks 0–9 the record stops at ply {ply}, in ranks 1–10 it plays through"),
        format!("按0–9行读，棋谱在第{ply}着走不通；按1–10行读则全部走通"),
    );
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

/// What an error of the ranks 0–9 reading adds when the ranks 1–10 reading
/// stopped too, at ply `ply`, at the move written `text` (in ranks 1–10).
pub(crate) fn both_tried(ply: usize, text: &str) -> Words {
    Words::new(
        format!(
            "; read in ranks 1–10 (as UCI xiangqi programs write them), the record stops too, at ply {ply} ('{text}')"
        ),
        format!("；按1–10行（UCI象棋程序的写法）读也走不通，停在第{ply}着（“{text}”）"),
    )
}

/// The ranks of a coordinate word (`h3e3`, `h10g8`): from and to, if the
/// word is one (lower-case files a–i, ranks 0–10 without a leading zero).
fn coordinate_ranks(word: &str) -> Option<(u8, u8)> {
    let b = word.as_bytes();
    let file = |c: u8| (b'a'..=b'i').contains(&c);
    if b.is_empty() || !file(b[0]) {
        return None;
    }
    let to_file = b[1..].iter().position(|&c| file(c))? + 1;
    let rank = |digits: &[u8]| -> Option<u8> {
        match digits {
            [d] if d.is_ascii_digit() => Some(d - b'0'),
            b"10" => Some(10),
            _ => None,
        }
    };
    Some((rank(&b[1..to_file])?, rank(&b[to_file + 1..])?))
}

/// Whether a coordinate word of `text` names rank 10.
fn names_rank_ten(text: &str) -> bool {
    words(text).any(|(_, w)| coordinate_ranks(w).is_some_and(|(a, b)| a == 10 || b == 10))
}

/// The ASCII letter-and-digit words of `text`, each with its byte offset.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(move |w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
}

/// `text` with every coordinate word moved from ranks 1–10 to 0–9, a rank
/// 10 written `9` and a space after the word, so that every word stays at
/// its byte offset, line and column; `None` when no word is in coordinates,
/// or one names rank 0 (the record is in ranks 0–9).
fn in_ranks_from_zero(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    for (at, word) in words(text) {
        let Some((from, to)) = coordinate_ranks(word) else {
            continue;
        };
        if from == 0 || to == 0 {
            return None;
        }
        out.push_str(&text[done..at]);
        let shifted = shift_word(word, -1);
        out.push_str(&shifted);
        out.extend(std::iter::repeat_n(' ', word.len() - shifted.len()));
        done = at + word.len();
    }
    if done == 0 {
        return None;
    }
    out.push_str(&text[done..]);
    Some(out)
}

/// A coordinate word in ranks 1–10 as written, from its ranks 0–9 reading
/// `word` (any other word as it is).
pub(crate) fn as_written(word: &str) -> String {
    match coordinate_ranks(word) {
        Some((from, to)) if from < 10 && to < 10 => shift_word(word, 1),
        _ => word.to_string(),
    }
}

/// Coordinate word `word` with both ranks moved by `by`.
fn shift_word(word: &str, by: i8) -> String {
    let b = word.as_bytes();
    let to_file = b[1..]
        .iter()
        .position(|c| (b'a'..=b'i').contains(c))
        .map_or(0, |i| i + 1);
    let rank = |digits: &str| digits.parse::<i8>().map_or(0, |r| r + by);
    format!(
        "{}{}{}{}",
        &word[..1],
        rank(&word[1..to_file]),
        &word[to_file..=to_file],
        rank(&word[to_file + 1..])
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_move_to_ranks_from_zero_in_place() {
        let text = "1. h3e3 h10g8\n2. h1g3 {好} i10i9";
        let shifted = in_ranks_from_zero(text).unwrap();
        assert_eq!(shifted, "1. h2e2 h9g7 \n2. h0g2 {好} i9i8 ");
        assert_eq!(shifted.len(), text.len());
        assert!(names_rank_ten(text));
        assert!(!names_rank_ten("h3e3 h8e8"));
        // A rank 0, or no coordinates: a record in ranks 0–9.
        assert_eq!(in_ranks_from_zero("h2e2 h9g7 h0g2"), None);
        assert_eq!(in_ranks_from_zero("炮二平五 马8进7"), None);
        assert_eq!(as_written("h9g7"), "h10g8");
        assert_eq!(as_written("马8进7"), "马8进7");
    }
}
