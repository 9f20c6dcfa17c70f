//! Coordinates in ranks 1–10 (`h3e3 h10g8`), as Fairy-Stockfish and other
//! UCI xiangqi programs write them, next to UCCI's ranks 0–9. A record is
//! read in ranks 1–10 when it says so: a move names rank 10, or read in
//! ranks 0–9 it stops while in ranks 1–10 it goes further. A reading in
//! ranks 1–10 is said in them too: its moves, comments, and the move where
//! it stops are written as the record writes them, and why it stops names
//! the board's squares in ranks 1–10.

use crate::board::Ranks;
use crate::words::Words;

/// A reading of a record's moves, as [`choose`] weighs and finishes it.
pub(crate) trait Reading {
    /// The ply where it stops (0 when nothing of the moves could be read),
    /// `None` when it plays every move it reads.
    fn stop(&self) -> Option<usize>;
    /// The ply and text of the move where it stops, when it names one.
    fn stopped_at(&self) -> Option<(usize, &str)>;
    /// Notes that it was read in ranks 1–10, and why (`note`).
    fn note(&mut self, note: Words);
    /// Adds `more` to the reason its move stops.
    fn add_to_stop(&mut self, more: &Words);
    /// Writes, read in ranks 1–10, its moves in coordinates back in ranks
    /// 1–10 ([`written_text`]): those of the record (its moves, comments,
    /// the move where it stops) and its own (the legal moves there, and
    /// those why it stops names). The squares it names alone were written
    /// in ranks 1–10 as it read (the `ranks` of [`choose`]'s `read`).
    fn in_ranks_from_one(&mut self);
}

/// Reads the moves of `text` from its byte `moves_from` (the text before,
/// a PGN game's tags, is neither looked at nor changed) with `read` in
/// ranks 0–9 and, when the record may be in ranks 1–10, in those too:
/// `read` is given the text with its moves in coordinates in ranks 0–9,
/// and the ranks the record is read in, in which to name the board's
/// squares where it says why a move is no move. The
/// reading taken is the one that plays every move, or, where neither does,
/// the one that goes further; at a tie, the one in ranks 1–10 when a move
/// names rank 10, else the one in ranks 0–9. One in ranks 1–10 is noted
/// and written as the record writes it; where neither plays, the reason
/// the one taken stops says where the other stops, when that is not sooner
/// (or the one taken is in ranks 1–10, which must say why).
pub(crate) fn choose<T: Reading>(
    text: &str,
    moves_from: usize,
    read: impl Fn(&str, Ranks) -> T,
) -> T {
    let rank_ten = names_rank_ten(&text[moves_from..]);
    // The copy in ranks 0–9 is made only when a reading needs it.
    let (as_written, from_one) = if rank_ten {
        let Some(shifted) = in_ranks_from_zero(text, moves_from) else {
            return read(text, Ranks::FromZero);
        };
        let from_one = read(&shifted, Ranks::FromOne);
        if from_one.stop().is_none() {
            let why = Words::new("a move names rank 10", "有着法写到第10行");
            return taken_from_one(from_one, &why);
        }
        (read(text, Ranks::FromZero), from_one)
    } else {
        let as_written = read(text, Ranks::FromZero);
        let Some(ply) = as_written.stop() else {
            return as_written;
        };
        let Some(shifted) = in_ranks_from_zero(text, moves_from) else {
            return as_written;
        };
        let from_one = read(&shifted, Ranks::FromOne);
        if from_one.stop().is_none() {
            let why = Words::new(
                format!(
                    "in ranks 0–9 the record stops at ply {ply}, in ranks 1–10 it plays through"
                ),
                format!("按0–9行读，棋谱在第{ply}着走不通；按1–10行读则全部走通"),
            );
            return taken_from_one(from_one, &why);
        }
        (as_written, from_one)
    };
    neither(as_written, from_one, rank_ten)
}

/// The reading taken where `as_written` (ranks 0–9) and `from_one` (ranks
/// 1–10) both stop, as [`choose`] says; `rank_ten` is whether a move names
/// rank 10.
fn neither<T: Reading>(mut as_written: T, from_one: T, rank_ten: bool) -> T {
    let (zero_stop, one_stop) = (as_written.stop(), from_one.stop());
    if one_stop > zero_stop || (one_stop == zero_stop && rank_ten) {
        let why = match (rank_ten, zero_stop, one_stop) {
            (false, Some(zero), Some(one)) => Words::new(
                format!(
                    "in ranks 0–9 the record stops at ply {zero}, in ranks 1–10 it goes further, to ply {one}"
                ),
                format!("按0–9行读，棋谱在第{zero}着走不通；按1–10行读则走得更远，到第{one}着"),
            ),
            _ => Words::new("a move names rank 10", "有着法写到第10行"),
        };
        let mut from_one = taken_from_one(from_one, &why);
        if let Some((ply, text)) = as_written.stopped_at() {
            let sooner = zero_stop < one_stop;
            from_one.add_to_stop(&stopped_too(Ranks::FromZero, ply, text, sooner));
        }
        return from_one;
    }
    if one_stop == zero_stop {
        let mut from_one = from_one;
        from_one.in_ranks_from_one();
        if let Some((ply, text)) = from_one.stopped_at() {
            as_written.add_to_stop(&stopped_too(Ranks::FromOne, ply, text, false));
        }
    }
    as_written
}

/// `from_one`, read in ranks 1–10 because of `why`: written as the record
/// writes it, and noted.
fn taken_from_one<T: Reading>(mut from_one: T, why: &Words) -> T {
    from_one.in_ranks_from_one();
    from_one.note(Words::new(
        format!(
            "the coordinates were read in ranks 1–10, as UCI xiangqi programs (Fairy-Stockfish) write them: {}",
            why.en
        ),
        format!(
            "坐标按1–10行读出（UCI象棋程序如Fairy-Stockfish的写法）：{}",
            why.zh
        ),
    ));
    from_one
}

/// What the reason of the reading taken adds of the other, in ranks
/// `other`: that read so the record stops too, at ply `ply`, at the move
/// written `text` (`sooner`: before the one taken does).
fn stopped_too(other: Ranks, ply: usize, text: &str, sooner: bool) -> Words {
    let (en, zh) = if sooner {
        ("sooner", "更早")
    } else {
        ("too", "也")
    };
    match other {
        Ranks::FromOne => Words::new(
            format!(
                "read in ranks 1–10 (as UCI xiangqi programs write them), the record stops {en}, at ply {ply} ('{text}')"
            ),
            format!("按1–10行（UCI象棋程序的写法）读{zh}走不通，停在第{ply}着（“{text}”）"),
        ),
        Ranks::FromZero => Words::new(
            format!(
                "the coordinates were read in ranks 1–10 (as UCI xiangqi programs write them); read in ranks 0–9, the record stops {en}, at ply {ply} ('{text}')"
            ),
            format!(
                "坐标按1–10行（UCI象棋程序的写法）读出；按0–9行读{zh}走不通，停在第{ply}着（“{text}”）"
            ),
        ),
    }
}

/// Adds `more` to `reason`, after a semicolon.
pub(crate) fn add_to_reason(reason: &mut Words, more: &Words) {
    *reason = Words::new(
        format!("{}; {}", reason.en, more.en),
        format!("{}；{}", reason.zh, more.zh),
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

/// `text` of a record read in ranks 1–10 (a move, a comment, why a move
/// stops, a legal move), as the record writes it: every move in
/// coordinates in it back in ranks 1–10 (each was moved to ranks 0–9 to be
/// read). The squares a reading names alone it wrote in ranks 1–10 itself,
/// and the record's own stay as they are.
pub(crate) fn written_text(text: &str) -> String {
    moved_up(text)
}

/// [`written_text`] of both languages of `words` (a warning, a note, why a
/// move stops).
pub(crate) fn written_words(words: &Words) -> Words {
    Words::new(written_text(&words.en), written_text(&words.zh))
}

/// `text` with its moves in coordinates moved from ranks 0–9 to 1–10.
fn moved_up(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    let mut done = 0;
    for (at, word) in words(text) {
        let Some(move_) = Coordinates::of(word) else {
            continue;
        };
        out.push_str(&text[done..at]);
        out.push_str(&move_.shifted(1));
        done = at + word.len();
    }
    out.push_str(&text[done..]);
    out
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
        // Back as written, comments too.
        assert_eq!(
            written_text(&shifted),
            "1. h3e3 h10g8 \n2. h1g3 {好} i10i9 "
        );
        assert_eq!(written_text("马8进7"), "马8进7");
    }

    #[test]
    fn iccs_moves_move_too_and_other_words_do_not() {
        let text = "1. H3-E3 H10-G8 2. H1G3 - I10-I9";
        let shifted = in_ranks_from_zero(text, 0).unwrap();
        assert_eq!(shifted, "1. H2-E2 H9-G7  2. H0G2 - I9-I8 ");
        assert!(names_rank_ten("1. H3-E3 H10-G8"));
        assert_eq!(written_text("H9-G7"), "H10-G8");
        assert_eq!(written_text("h2-e2"), "h3-e3");
        // XBoard SAN (`A2e1`, mixed case), WXF (`H2-3`, `A4-5`) and results
        // are no coordinates.
        for word in [
            "A2e1", "H2-3", "A4-5", "1-0", "h10", "h3-E3", "h3--e3", "h100g8",
        ] {
            assert!(Coordinates::of(word).is_none(), "{word}");
            assert_eq!(written_text(word), word);
        }
        assert_eq!(in_ranks_from_zero("1. A2e1 H2-3 1-0", 0), None);
    }

    #[test]
    fn only_moves_in_coordinates_are_written_back() {
        // A reading's moves (its legal ones too) go back to ranks 1–10;
        // the squares it names alone it wrote in them, and a square of the
        // record, quoted or not, is the record's own.
        assert_eq!(
            written_text("the red rook on a1 cannot move to a9; one symbol away: a0a1 a0a2"),
            "the red rook on a1 cannot move to a9; one symbol away: a1a2 a1a3"
        );
        assert_eq!(written_text("红车a1不能走到a9"), "红车a1不能走到a9");
        assert_eq!(
            written_text("'h2' is no move, nor h2"),
            "'h2' is no move, nor h2"
        );
        assert_eq!(written_text("h2 h0g2 C2.5 H2"), "h2 h1g3 C2.5 H2");
    }

    /// A reading of moves in coordinates that plays them while they are
    /// among `legal`, as a reader does; a square alone in the record is a
    /// remark, which why a move stops repeats after the square it names.
    #[derive(Debug, PartialEq)]
    struct Probe {
        /// The moves played, as read.
        played: Vec<String>,
        /// Where it stops: the ply, the move and why.
        stop: Option<(usize, String, Words)>,
        /// Its notes.
        notes: Vec<String>,
    }

    impl Probe {
        fn read(text: &str, ranks: Ranks, legal: &[&str]) -> Probe {
            let mut probe = Probe {
                played: Vec::new(),
                stop: None,
                notes: Vec::new(),
            };
            let mut remark = None;
            for (_, word) in words(text) {
                if word.len() == 2 {
                    remark = Some(word);
                    continue;
                }
                if !legal.contains(&word) {
                    let from = crate::board::Square::parse(&word[..2]).unwrap();
                    let from = from.in_ranks(ranks);
                    let after = remark.map_or(String::new(), |r| format!(" (after {r})"));
                    let why =
                        Words::new(format!("no piece on {from}{after}"), format!("{from}无子"));
                    probe.stop = Some((probe.played.len() + 1, word.to_string(), why));
                    break;
                }
                probe.played.push(word.to_string());
            }
            probe
        }

        fn stop_reason(&self) -> &str {
            &self.stop.as_ref().unwrap().2.en
        }
    }

    impl Reading for Probe {
        fn stop(&self) -> Option<usize> {
            self.stop.as_ref().map(|(ply, _, _)| *ply)
        }

        fn stopped_at(&self) -> Option<(usize, &str)> {
            self.stop
                .as_ref()
                .map(|(ply, text, _)| (*ply, text.as_str()))
        }

        fn note(&mut self, note: Words) {
            self.notes.push(note.en);
        }

        fn add_to_stop(&mut self, more: &Words) {
            if let Some((_, _, why)) = &mut self.stop {
                add_to_reason(why, more);
            }
        }

        fn in_ranks_from_one(&mut self) {
            for m in &mut self.played {
                *m = written_text(m);
            }
            if let Some((_, text, why)) = &mut self.stop {
                *text = written_text(text);
                why.en = written_text(&why.en);
            }
        }
    }

    #[test]
    fn where_both_readings_stop_the_one_going_further_is_taken() {
        let text = "a3a4 b5b6 c7c8 d9d8";
        let read = |legal: &[&str]| choose(text, 0, |text, ranks| Probe::read(text, ranks, legal));
        // Ranks 1–10 go further: taken, noted, written as the record is,
        // and its stop says where ranks 0–9 stopped.
        let probe = read(&["a3a4", "b5b6", "a2a3", "b4b5", "c6c7"]);
        assert_eq!(probe.played, ["a3a4", "b5b6", "c7c8"]);
        assert_eq!(probe.stopped_at(), Some((4, "d9d8")));
        assert_eq!(
            probe.stop_reason(),
            "no piece on d9; the coordinates were read in ranks 1–10 (as UCI xiangqi \
             programs write them); read in ranks 0–9, the record stops sooner, at ply 3 ('c7c8')"
        );
        assert!(probe.notes[0].ends_with(
            "in ranks 0–9 the record stops at ply 3, in ranks 1–10 it goes further, to ply 4"
        ));
        // Ranks 0–9 go further: taken as they are, nothing said of the other.
        let probe = read(&["a3a4", "b5b6", "c7c8", "a2a3"]);
        assert_eq!(probe.stopped_at(), Some((4, "d9d8")));
        assert_eq!(probe.stop_reason(), "no piece on d9");
        assert!(probe.notes.is_empty());
        // As far: ranks 0–9, saying where the other stops, as written.
        let probe = read(&["a3a4", "a2a3"]);
        assert_eq!(probe.stopped_at(), Some((2, "b5b6")));
        assert_eq!(
            probe.stop_reason(),
            "no piece on b5; read in ranks 1–10 (as UCI xiangqi programs write them), \
             the record stops too, at ply 2 ('b5b6')"
        );
        // As far with rank 10 named: ranks 1–10.
        let text = "a3a4 b10b9";
        let probe = choose(text, 0, |text, ranks| {
            Probe::read(text, ranks, &["a3a4", "a2a3"])
        });
        assert_eq!(probe.stopped_at(), Some((2, "b10b9")));
        assert_eq!(
            probe.stop_reason(),
            "no piece on b10; the coordinates were read in ranks 1–10 (as UCI xiangqi \
             programs write them); read in ranks 0–9, the record stops too, at ply 2 ('b10b9')"
        );
        assert!(probe.notes[0].ends_with("a move names rank 10"));
    }

    #[test]
    fn why_a_move_stops_names_the_boards_squares_in_ranks_1_to_10_and_the_records_as_written() {
        // Read in ranks 1–10 (rank 10 named): the square the reading names
        // is h4, the record's remark h3 stays as it writes it.
        let text = "a3a4 h3 h4h5 b10b9";
        let probe = choose(text, 0, |text, ranks| Probe::read(text, ranks, &["a2a3"]));
        assert_eq!(probe.stopped_at(), Some((2, "h4h5")));
        assert!(
            probe
                .stop_reason()
                .starts_with("no piece on h4 (after h3); "),
            "{}",
            probe.stop_reason()
        );
    }

    #[test]
    fn a_reading_that_plays_every_move_is_taken() {
        let text = "a3a4 b5b6";
        let probe = choose(text, 0, |text, ranks| {
            Probe::read(text, ranks, &["a2a3", "b4b5"])
        });
        assert_eq!((probe.played.len(), probe.stop()), (2, None));
        assert!(
            probe.notes[0].ends_with(
                "in ranks 0–9 the record stops at ply 1, in ranks 1–10 it plays through"
            )
        );
        let probe = choose(text, 0, |text, ranks| {
            Probe::read(text, ranks, &["a3a4", "b5b6"])
        });
        assert!(probe.notes.is_empty());
    }

    #[test]
    fn only_the_moves_in_scope_are_looked_at() {
        let text = "[Opening \"h10g8\"]\n1. h2e2 h9g7";
        let shifted = in_ranks_from_zero(text, 18);
        assert_eq!(
            shifted.as_deref(),
            Some("[Opening \"h10g8\"]\n1. h1e1 h8g6")
        );
        assert!(!names_rank_ten(&text[18..]));
    }
}
