//! The early-repetition clause of regulation A (2017 大棋圣战, profiles
//! `dqsz2017-*`): "如25回合内出现双方不变作和局面时（只记三个循环），红方必须变着，
//! 不变判负". A repetition the rules would draw that began within the first 25
//! rounds is not a draw: Red must vary, else Red loses, even when its decisive
//! occurrence falls after round 25.

use xqarbiter::audit::{FindingKind, judge};
use xqarbiter::board::{Color, Move, Position};
use xqarbiter::record::{ReadOptions, read_games_from_bytes};
use xqarbiter::referee::Referee;
use xqarbiter::rules::profile::Profile;
use xqarbiter::rules::repetition::CycleOutcome;
use xqarbiter::rules::ruling::{Lang, Reason, Ruling, Verdict};
use xqarbiter::words::Words;

/// Both sides shuffle an adviser: a cycle of idle moves, drawn by the rules.
const SHUFFLE: [&str; 4] = ["d0e1", "f9e8", "e1d0", "e8f9"];

/// The ruling after two shuffle cycles from the adviser position, Red to move
/// in round `round`: the position stands a third time after ply 8.
fn shuffled_from_round(profile: &str, round: u32) -> Ruling {
    let fen = format!("3k1a3/9/9/9/9/9/9/9/9/3A1K3 w - - 0 {round}");
    let start = Position::from_fen(&fen).unwrap();
    let mut referee = Referee::new(Profile::builtin(profile).unwrap(), start);
    for mv in SHUFFLE.iter().chain(&SHUFFLE) {
        referee.push(Move::parse_uci(mv).unwrap()).unwrap();
    }
    referee.ruling()
}

#[test]
fn a_drawn_repetition_begun_within_25_rounds_is_lost_by_red_after_round_25() {
    // The first cycle closes in round 24, the second (the decisive third
    // occurrence) in round 26.
    let r = shuffled_from_round("dqsz2017-slow", 23);
    assert_eq!(r.verdict, Verdict::BlackWins, "{}", r.summary(Lang::En));
    let rep = r.repetition.as_ref().unwrap();
    assert_eq!(rep.cycle.outcome, CycleOutcome::MustVary(Color::Red));
    assert_eq!(rep.alike, 2);
    let note = &rep.note.as_ref().unwrap().en;
    assert!(
        note.contains(
            "the position stood at the start, again after ply 4 (round 24) and a 3rd time after ply 8 (round 26)"
        ),
        "{note}"
    );
    // The plain rules draw it.
    assert_eq!(shuffled_from_round("cxa2011", 23).verdict, Verdict::Draw);
}

#[test]
fn a_drawn_repetition_begun_after_round_25_is_a_draw() {
    // The first cycle closes in round 26.
    let r = shuffled_from_round("dqsz2017-rapid", 25);
    assert_eq!(r.verdict, Verdict::Draw);
    assert!(r.repetition.as_ref().unwrap().note.is_none());
    // Begun in round 25 exactly ("含25回合"): Red must vary.
    assert_eq!(
        shuffled_from_round("dqsz2017-rapid", 24).verdict,
        Verdict::BlackWins
    );
}

#[test]
fn the_decisive_occurrence_is_never_left_ongoing() {
    for round in 1..40 {
        for profile in ["dqsz2017-slow", "dqsz2017-armageddon", "cxa2011"] {
            let r = shuffled_from_round(profile, round);
            assert_ne!(r.verdict, Verdict::Ongoing, "{profile} from round {round}");
        }
    }
}

/// QA's game: the position stands after plies 44, 48 and 52; the cycle of
/// plies 45–48 lies within 25 rounds, that of plies 49–52 outside.
const ER44: &str = "[Game \"Chinese Chess\"]\n[Result \"1/2-1/2\"]\n\n\
1. c3c4 b7c7 2. h2e2 c9e7 3. h0g2 i9i8 4. i0h0 i8b8 5. b0c2 b9d8 6. b2a2 h9i7 \
7. c2d4 d9e8 8. a2d2 a9a8 9. d0e1 i6i5 10. d2d0 b8b4 11. e2d2 b4c4 12. c0e2 c4b4 \
13. g3g4 h7f7 14. g2f4 c6c5 15. h0h3 c7c9 16. d4e6 d8e6 17. f4e6 i7g8 18. e6d4 g8f6 \
19. h3h6 c5c4 20. d4c6 b4b6 21. c6e5 c4c3 22. h6g6 c3c2 23. a0b0 c2b2 24. b0a0 b2c2 \
25. a0b0 c2b2 26. b0a0 b2c2 1/2-1/2\n";

#[test]
fn the_audit_rules_a_repetition_crossing_round_25() {
    let game = read_games_from_bytes(ER44.as_bytes(), "er44.pgn", &ReadOptions::default())
        .unwrap()
        .into_iter()
        .next()
        .unwrap()
        .unwrap();
    let row = judge(
        &game,
        &Profile::builtin("dqsz2017-slow").unwrap(),
        "er44.pgn",
        0,
    );
    assert_eq!(row.ruled_result, Verdict::BlackWins);
    let kinds: Vec<FindingKind> = row.findings.iter().map(|f| f.kind).collect();
    assert_eq!(
        kinds,
        [FindingKind::EarlyRepetition, FindingKind::ResultMismatch]
    );
    assert_eq!(row.findings[0].ply, Some(52));
    let plain = judge(&game, &Profile::builtin("cxa2011").unwrap(), "er44.pgn", 0);
    assert_eq!(plain.ruled_result, Verdict::Draw);
}

#[test]
fn the_ruling_cites_the_regulation_and_gives_reason_repetition() {
    let r = shuffled_from_round("dqsz2017-slow", 1);
    assert_eq!(r.verdict, Verdict::BlackWins);
    // Nobody's moves are forbidden by the rules: not a perpetual.
    assert_eq!(r.reason, Some(Reason::Repetition));
    let rep = r.repetition.as_ref().unwrap();
    let clause = rep.cycle.clause.to_string();
    assert!(clause.starts_with("dqsz2017-slow"), "{clause}");
    assert!(!clause.contains("CXA"), "{clause}");
    let zh = rep.cycle.clause.name(Lang::Zh);
    assert!(
        zh.starts_with("dqsz2017-slow") && zh.contains("25回合以内不得不变作和"),
        "{zh}"
    );
    let json = r.to_json();
    assert_eq!(json["reason"], "repetition");
    assert_eq!(json["repetition"]["clause"], clause.as_str());
    assert_eq!(json["repetition"]["ruling"], "red_must_vary");
    // The headline does not call the repetition a draw and then a loss.
    let head_zh = r.summary(Lang::Zh);
    assert!(head_zh.starts_with("黑胜"), "{head_zh}");
    assert!(!head_zh.contains("不变作和："), "{head_zh}");
    assert!(head_zh.contains("红方不变，作负"), "{head_zh}");
    let head_en = r.summary(Lang::En);
    assert!(head_en.contains("within the first 25 rounds"), "{head_en}");
    assert!(
        !head_en.contains("both sides play allowed moves"),
        "{head_en}"
    );
    // The note names the same plies and rounds in both languages.
    let Words { en, zh, .. } = rep.note.clone().unwrap();
    assert!(
        en.contains(
            "the position stood at the start, again after ply 4 (round 2) and a 3rd time after ply 8 (round 4)"
        ) && en.contains("within the first 25 rounds"),
        "{en}"
    );
    assert!(
        zh.contains("起始局面，第4着后（第2回合）再现，第8着后（第4回合）第3次出现")
            && zh.contains("25回合以内"),
        "{zh}"
    );
}

#[test]
fn a_drawn_repetition_outside_the_early_rounds_keeps_the_rules_clause() {
    let r = shuffled_from_round("dqsz2017-slow", 30);
    assert_eq!(
        (r.verdict, r.reason),
        (Verdict::Draw, Some(Reason::Repetition))
    );
    let rep = r.repetition.as_ref().unwrap();
    assert_eq!(rep.cycle.clause.to_string(), "CXA 2011 25.2");
}

#[test]
fn a_perpetual_check_within_the_early_rounds_is_still_a_perpetual() {
    let start = Position::from_fen("4k4/9/9/9/9/9/9/9/5R3/3K5 w").unwrap();
    let mut referee = Referee::new(Profile::builtin("dqsz2017-slow").unwrap(), start);
    let cycle = ["f1e1", "e9f9", "e1f1", "f9e9"];
    for mv in cycle.iter().chain(&cycle) {
        referee.push(Move::parse_uci(mv).unwrap()).unwrap();
    }
    let r = referee.ruling();
    assert_eq!(
        (r.verdict, r.reason),
        (Verdict::BlackWins, Some(Reason::Perpetual))
    );
    let clause = r.repetition.unwrap().cycle.clause.to_string();
    assert_eq!(clause, "CXA 2011 25.1");
}
