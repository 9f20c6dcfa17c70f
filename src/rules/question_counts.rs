//! Counts of the searches for mate by checks that rulings ask, by the
//! question that asks them, for profiling (feature `question-counts`, off
//! by default: a normal build counts nothing). `referee_profile` prints
//! them when built with the feature:
//!
//! `cargo run --release --features question-counts --example referee_profile random 1`
//!
//! Each search is counted by its question, depth, whether some first
//! checks were spared, how its root went (known from earlier searches, no
//! check to try, or searched) and its answer, with the moves it played
//! (checks and replies). A search asked again within one ruling (same
//! position, depth and spared pieces) is counted as a repeat of its question.
//!
//! Besides the searches, two questions of a move's chases are counted: each
//! time a capture threat after the move is asked whether it stood before the
//! move ("stood", see `threats::Stood`), whether that took a search of the
//! threats before (or was known from an earlier capture of the same piece),
//! its answer, and whether the threat's test of mate comes next or is left
//! to its caller (it is asked once the capture wins, net); and each search
//! for the pieces won after checks at the root of a threat or of a win back
//! (`after_checks::won_after_checks`), with whether the same question (position,
//! pieces looked for, first checks allowed) was asked before in the ruling.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write;

use crate::board::Bitboard;

/// The question a search for mate answers.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Question {
    /// Whether a move threatens mate (杀), or the mover could mate before
    /// it; also the tests of CXA 26.2's point that holds the draw.
    #[default]
    MoveMates,
    /// CXA 29.4: whether a capture leaves the capturer mated (one that
    /// could be played now, or one at the end of a series of checks).
    CaptureAllowsMate,
    /// CXA "不能离线": whether a recapture leaves the defender mated.
    RecaptureAllowsMate,
}

/// How a search went at its root.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Root {
    /// Answered by what earlier searches found (or depth 0).
    Known,
    /// The side to move had no check: nothing to search.
    NoCheck,
    /// Searched.
    Searched,
}

/// What a search is counted by.
type Kind = (Question, u32, bool, Root, bool);

/// What is left to test of a capture threat after the move when "stood"
/// is asked of it: it wins, net, and only its test of mate may drop it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Fate {
    /// Its test of mate comes next.
    MateTestNext,
    /// Its test of mate is left to the caller (another attacker's threat
    /// on the same piece was found first).
    MateTestLeft,
}

impl From<bool> for Fate {
    /// [`Fate::MateTestNext`] for a threat whose test of mate comes next, else [`Fate::MateTestLeft`].
    fn from(mate_test: bool) -> Fate {
        if mate_test {
            Fate::MateTestNext
        } else {
            Fate::MateTestLeft
        }
    }
}

/// A "stood" question counted: whether it searched, its answer, the fate.
type StoodKind = (bool, bool, Fate);

/// A search after checks: position key, pieces looked for, pieces the
/// first check may not take, whether a lone king or pawn may check first.
pub(super) type AfterChecksAsked = (u64, Bitboard, Bitboard, bool);

/// The counts so far.
#[derive(Default)]
struct Counts {
    /// The question the next search answers.
    asking: Question,
    /// The moves played by the search under way.
    nodes: u64,
    /// Searches and the moves they played, by kind.
    searches: BTreeMap<Kind, (u64, u64)>,
    /// The searches of the ruling under way: position key, depth, spared.
    seen: HashSet<(u64, u32, Bitboard)>,
    /// Searches asked again within a ruling, by question and whether searched.
    repeats: BTreeMap<(Question, bool), u64>,
    /// Whether the last "stood" question searched the threats before.
    stood_searched: bool,
    /// "Stood" questions, by kind.
    stood: BTreeMap<StoodKind, u64>,
    /// The searches after checks of the ruling under way.
    after_checks_seen: HashSet<AfterChecksAsked>,
    /// Searches after checks, by whether asked before in the ruling.
    after_checks: BTreeMap<bool, u64>,
}

thread_local! {
    static COUNTS: RefCell<Counts> = RefCell::new(Counts::default());
}

/// Notes that the next search answers `question` (after it, the default).
pub(super) fn asking(question: Question) {
    COUNTS.with(|c| c.borrow_mut().asking = question);
}

/// Notes a move played by the search under way.
pub(super) fn node() {
    COUNTS.with(|c| c.borrow_mut().nodes += 1);
}

/// Notes whether the "stood" question being answered searched the threats before.
pub(super) fn stood_searching(searched: bool) {
    COUNTS.with(|c| c.borrow_mut().stood_searched = searched);
}

/// Notes a "stood" question answered `stood`, and the `fate` of the threat it was asked of.
pub(super) fn stood(stood: bool, fate: Fate) {
    COUNTS.with(|c| {
        let c = &mut *c.borrow_mut();
        *c.stood.entry((c.stood_searched, stood, fate)).or_default() += 1;
    });
}

/// Notes a search for the pieces won after checks.
pub(super) fn after_checks(asked: AfterChecksAsked) {
    COUNTS.with(|c| {
        let c = &mut *c.borrow_mut();
        let again = !c.after_checks_seen.insert(asked);
        *c.after_checks.entry(again).or_default() += 1;
    });
}

/// Notes the start of a search.
pub(super) fn search_starts() {
    COUNTS.with(|c| c.borrow_mut().nodes = 0);
}

/// Notes a search of the position with `key` to `depth`, first checks
/// sparing `spared`, that went as `root` and answered `found`.
pub(super) fn searched(key: u64, depth: u32, spared: Bitboard, root: Root, found: bool) {
    COUNTS.with(|c| {
        let c = &mut *c.borrow_mut();
        let question = std::mem::take(&mut c.asking);
        let kind = (question, depth, spared.any(), root, found);
        let entry = c.searches.entry(kind).or_default();
        entry.0 += 1;
        entry.1 += c.nodes;
        if !c.seen.insert((key, depth, spared)) {
            *c.repeats
                .entry((question, root == Root::Searched))
                .or_default() += 1;
        }
    });
}

/// Notes the start of a ruling: a search asked again after it is no repeat.
pub fn ruling_starts() {
    COUNTS.with(|c| {
        let c = &mut *c.borrow_mut();
        c.seen.clear();
        c.after_checks_seen.clear();
    });
}

/// Forgets the counts so far.
pub fn clear() {
    COUNTS.with(|c| *c.borrow_mut() = Counts::default());
}

/// The counts so far, as a table (tab-separated, one kind of search a
/// line), then the repeats.
pub fn report() -> String {
    COUNTS.with(|c| {
        let c = c.borrow();
        let mut out = String::from("question\tdepth\tspared\troot\tfound\tsearches\tmoves\n");
        for (&(question, depth, spared, root, found), &(n, nodes)) in &c.searches {
            let _ = writeln!(
                out,
                "{question:?}\t{depth}\t{spared}\t{root:?}\t{found}\t{n}\t{nodes}"
            );
        }
        for (&(question, searched), &n) in &c.repeats {
            let _ = writeln!(out, "repeated\t{question:?}\tsearched: {searched}\t{n}");
        }
        for (&(searched, stood, fate), &n) in &c.stood {
            let _ = writeln!(out, "stood\tsearched: {searched}\t{stood}\t{fate:?}\t{n}");
        }
        for (&again, &n) in &c.after_checks {
            let _ = writeln!(out, "after checks\tasked before: {again}\t{n}");
        }
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::rules::MateSearch;

    #[test]
    fn a_search_is_counted_by_its_question_and_asked_again_as_a_repeat() {
        clear();
        let mut pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/1R1K5 w").unwrap();
        let mut search = MateSearch::default();
        asking(Question::RecaptureAllowsMate);
        assert!(search.mates(&mut pos, 3, Bitboard::EMPTY));
        // Asked again, by default the move's question: known at once.
        assert!(search.mates(&mut pos, 3, Bitboard::EMPTY));
        let report = report();
        let lines: Vec<&str> = report.lines().collect();
        assert_eq!(lines.len(), 4, "{report}");
        assert!(
            lines[1].starts_with("MoveMates\t3\tfalse\tKnown\ttrue\t1\t0"),
            "{report}"
        );
        assert!(lines[2].starts_with("RecaptureAllowsMate\t3\tfalse\tSearched\ttrue\t1\t"));
        assert_eq!(lines[3], "repeated\tMoveMates\tsearched: false\t1");
        // A new ruling: the same search is no repeat.
        ruling_starts();
        assert!(search.mates(&mut pos, 3, Bitboard::EMPTY));
        assert!(super::report().ends_with("repeated\tMoveMates\tsearched: false\t1\n"));
    }

    #[test]
    fn a_chase_counts_whether_its_threat_stood_and_what_is_left_to_test() {
        use crate::board::Move;
        use crate::rules::RuleSet;
        use crate::rules::nature::classify;
        let stood_lines = |fen: &str, mv: &str| {
            clear();
            let pos = Position::from_fen(fen).unwrap();
            classify(&pos, Move::parse_uci(mv).unwrap(), RuleSet::Cxa2020).unwrap();
            let report = report();
            let lines: Vec<String> = report
                .lines()
                .filter(|l| l.starts_with("stood") || l.starts_with("after checks"))
                .map(String::from)
                .collect();
            lines
        };
        // The rook goes to a5 and attacks the unprotected horse e5, which
        // nothing could take before: no search of the threats before.
        let made = stood_lines("4k4/9/9/9/4n4/9/9/9/9/R2K5 w", "a0a5");
        // Two searches after checks, neither asked before in the ruling:
        // the capture's win back, and the horse won after checks before
        // the move (none).
        assert_eq!(
            made,
            [
                "stood\tsearched: false\tfalse\tMateTestNext\t1",
                "after checks\tasked before: false\t2"
            ],
            "{made:?}"
        );
        // The rook on a5 attacks it already and the king steps aside: the
        // threat before is searched and found; the threat now wins, its test of
        // mate to come.
        let kept = stood_lines("3ak4/4a4/9/9/R3n4/9/9/9/9/3K5 w", "d0d1");
        assert_eq!(
            kept[0], "stood\tsearched: true\ttrue\tMateTestNext\t1",
            "{kept:?}"
        );
    }
}
