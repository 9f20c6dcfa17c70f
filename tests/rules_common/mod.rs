//! Shared by the tests that rule moves and cycles on positions constructed
//! by hand (`rules_clauses.rs`, `rules_pieces.rs`): playing a cycle through
//! the `Referee` and reading its ruling.

use xqarbiter::board::{Color, Move, Position, Square};
use xqarbiter::referee::Referee;
use xqarbiter::rules::nature::{MoveNature, classify};
use xqarbiter::rules::repetition::CycleOutcome;
use xqarbiter::rules::ruling::{Reason, RepetitionReport, Verdict};
use xqarbiter::rules::{Nature, RuleSet};

/// The Chinese rules of 2020.
pub const CXA: RuleSet = RuleSet::Cxa2020;
/// The Asian rules.
pub const AXF: RuleSet = RuleSet::Axf;

/// The position of `fen`, which must be legal.
pub fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("bad test position {fen}: {e}"))
}

/// The square named `s` (e.g. "e9").
pub fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// The nature of the single move `mv` in `fen`.
pub fn nature(rules: RuleSet, fen: &str, mv: &str) -> MoveNature {
    let pos = position(fen);
    let mv = Move::parse_uci(mv).unwrap();
    assert!(pos.is_legal(mv), "{mv} is not legal in {fen}");
    classify(&pos, mv, rules).unwrap()
}

/// `cycle` repeated `times` times, as one move string.
pub fn rep(cycle: &str, times: usize) -> String {
    vec![cycle; times].join(" ")
}

/// A referee after playing `moves` from `fen`.
pub fn play(rules: RuleSet, fen: &str, moves: &str) -> Referee {
    let mut referee = Referee::with_rules(rules, position(fen));
    for m in moves.split_whitespace() {
        let mv = Move::parse_uci(m).unwrap();
        referee
            .push(mv)
            .unwrap_or_else(|e| panic!("{fen} {moves}: {e}"));
    }
    referee
}

/// Plays the cycle to the 3rd occurrence and checks the decisive ruling.
pub fn decisive(
    rules: RuleSet,
    fen: &str,
    cycle: &str,
    outcome: CycleOutcome,
    clause: &str,
) -> RepetitionReport {
    let referee = play(rules, fen, &rep(cycle, 2));
    let ruling = referee.ruling();
    let r = ruling.repetition.clone().expect("a repetition");
    assert_eq!(r.occurrences, 3, "{fen} {cycle}");
    assert_eq!(r.cycle.outcome, outcome, "{fen} {cycle}: {:?}", r.cycle);
    assert_eq!(r.cycle.clause.to_string(), clause, "{fen} {cycle}");
    let (verdict, reason) = match outcome {
        CycleOutcome::Draw => (Verdict::Draw, Reason::Repetition),
        CycleOutcome::MustVary(offender) => (Verdict::win_for(!offender), Reason::Perpetual),
    };
    assert_eq!(ruling.verdict, verdict, "{fen} {cycle}");
    assert_eq!(ruling.reason, Some(reason), "{fen} {cycle}");
    r
}

/// The natures of `color`'s moves in the cycle `r` ruled, in cycle order.
pub fn natures(r: &RepetitionReport, color: Color) -> Vec<Nature> {
    r.cycle
        .side(color)
        .moves
        .iter()
        .map(|&i| r.moves[i].nature.nature)
        .collect()
}
