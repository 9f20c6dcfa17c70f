//! Cycles over points (多点循环): pieces that go round three or more points
//! of the board, repeating no position, are ruled as a repetition (CXA
//! diagram 29a); pieces that travel, or a capture, make none.

use xqarbiter::board::{Color, Move, Position};
use xqarbiter::referee::{Event, Referee};
use xqarbiter::rules::RuleSet;
use xqarbiter::rules::repetition::CycleOutcome;
use xqarbiter::rules::ruling::{Lang, RepetitionReport, Verdict};

/// The Chinese rules of 2020.
const CXA: RuleSet = RuleSet::Cxa2020;

/// A referee after playing `moves` from `fen`.
fn play(rules: RuleSet, fen: &str, moves: &str) -> Referee {
    let mut referee = Referee::with_rules(rules, Position::from_fen(fen).unwrap());
    for m in moves.split_whitespace() {
        referee.push(Move::parse_uci(m).unwrap()).unwrap();
    }
    referee
}

/// CXA 2020 diagram 29a.
const FIG_29A: &str = "2bak2r1/4aP3/4b4/2r1C4/4P4/2B6/4R3R/B8/1p7/c3K4 w";

/// Its six plies: the red rook goes round i3, h3, g3, the black rook round h9, i9, g9.
const FIG_29A_MOVES: &str = "i3h3 h9i9 h3i3 i9g9 i3g3 g9h9";

/// Kings out of the way, a red rook on a3 and a black rook on g7, with
/// nothing to attack: every move is idle.
const ROOKS: &str = "5k3/9/6r2/9/9/9/R8/9/9/3K5 w";

/// The cycle closed by the last move.
fn cycle(referee: &Referee) -> RepetitionReport {
    referee.ruling().repetition.expect("a cycle")
}

/// The squares of `color`'s points, as text.
fn points(r: &RepetitionReport, color: Color) -> Vec<String> {
    let points = r.points.as_ref().expect("a cycle over points");
    let side = match color {
        Color::Red => &points.red,
        Color::Black => &points.black,
    };
    side.points.iter().map(ToString::to_string).collect()
}

#[test]
fn diagram_29a_is_a_cycle_over_three_points_that_black_must_vary() {
    let referee = play(CXA, FIG_29A, FIG_29A_MOVES);
    let ruling = referee.ruling();
    assert_eq!(ruling.verdict, Verdict::Ongoing);
    let r = cycle(&referee);
    assert_eq!(r.cycle.outcome, CycleOutcome::MustVary(Color::Black));
    assert_eq!(points(&r, Color::Red), ["i3", "h3", "g3"]);
    assert_eq!(points(&r, Color::Black), ["h9", "i9", "g9"]);
    assert_eq!((r.first_ply, r.last_ply, r.occurrences), (0, 6, 2));
    assert_eq!(r.moves.len(), 6);
    // Five plies close nothing; the seventh closes the exact cycle, ruled alike.
    assert!(
        play(CXA, FIG_29A, "i3h3 h9i9 h3i3 i9g9 i3g3")
            .ruling()
            .repetition
            .is_none()
    );
    let seventh = cycle(&play(CXA, FIG_29A, &format!("{FIG_29A_MOVES} g3h3")));
    assert!(seventh.points.is_none());
    assert_eq!(seventh.cycle.outcome, CycleOutcome::MustVary(Color::Black));
}

#[test]
fn a_cycle_over_points_is_told_plainly_in_either_language() {
    let ruling = play(CXA, FIG_29A, FIG_29A_MOVES).ruling();
    assert_eq!(
        ruling.summary(Lang::En),
        "Game continues — the red rook goes round i3, h3, g3 and the black rook round h9, i9, g9 \
         (a cycle over three points, repeating no position): black's moves are all forbidden, \
         red's allowed: black must vary, else black loses (CXA 2020 25.3)"
    );
    assert_eq!(
        ruling.summary(Lang::Zh),
        "对局继续——红车在 i3、h3、g3 三点、黑车在 h9、i9、g9 三点循环（多点循环，局面未重复）：\
         黑方禁止着法，红方允许着法：黑方变着，不变作负（《象棋竞赛规则（2020版）》第25.3条）"
    );
    let en = ruling.render(Lang::En);
    assert!(
        en.contains("\nCycle over points: the red rook goes round i3, h3, g3 and the black rook round h9, i9, g9 (a cycle over three points, repeating no position); gone round once (3 rounds each) from the start."),
        "{en}"
    );
    let zh = ruling.render(Lang::Zh);
    assert!(zh.contains("\n多点循环：红车在 i3、h3、g3 三点"), "{zh}");
    assert!(zh.contains("起始局面起已循环1遍（每遍3回合）"), "{zh}");
}

#[test]
fn the_json_says_the_cycle_is_over_points_and_which() {
    let json = play(CXA, FIG_29A, FIG_29A_MOVES).ruling().to_json();
    let rep = &json["repetition"];
    assert_eq!(rep["kind"], "points");
    assert_eq!(rep["ruling"], "black_must_vary");
    assert_eq!(rep["occurrences"], 2);
    assert_eq!(rep["points"]["red"]["piece"], "R");
    assert_eq!(
        rep["points"]["red"]["points"],
        serde_json::json!(["i3", "h3", "g3"])
    );
    assert_eq!(rep["points"]["black"]["piece"], "r");
    assert_eq!(
        rep["points"]["black"]["points"],
        serde_json::json!(["h9", "i9", "g9"])
    );
    assert_eq!(rep["points"]["pass_rounds"], 3);
    assert_eq!(rep["points"]["passes"], 1);
    // A position that stands again says so.
    let json = play(CXA, FIG_29A, &format!("{FIG_29A_MOVES} g3h3"))
        .ruling()
        .to_json();
    assert_eq!(json["repetition"]["kind"], "position");
    assert!(json["repetition"]["points"].is_null());
}

#[test]
fn a_round_of_three_points_against_a_shuttle_is_a_cycle() {
    // Liu Dahua's game #196 of the corpus, after ply 43: the black rook
    // threatens mate or checks from h7, h1, h4 while the red king shuttles
    // f2–f1 (chasing by its moves): Black must vary after three rounds.
    let fen = "4kab2/4a4/4b4/p1N1p3p/6p2/9/P5n1P/1R2CKN2/4A2r1/1c1A2B2 b - - 1 22";
    let r = cycle(&play(CXA, fen, "h1h7 f2f1 h7h1 f1f2 h1h4 f2f1"));
    assert_eq!(points(&r, Color::Red), ["f2", "f1"]);
    assert_eq!(points(&r, Color::Black), ["h1", "h7", "h4"]);
    assert_eq!(r.cycle.outcome, CycleOutcome::MustVary(Color::Black));
    assert_eq!((r.first_ply, r.occurrences), (0, 2));
}

#[test]
fn a_cycle_over_points_the_rules_would_draw_is_none() {
    // Red shuttles a3–b3, Black goes round g7, h7, i7, all idle; on to a
    // second pass in an order that repeats no position: no position stands
    // again and nobody plays a forbidden move, so nothing is ruled and the
    // game goes on.
    let moves = "a3b3 g7h7 b3a3 h7i7 a3b3 i7g7 b3a3 g7h7 a3b3 h7i7 b3c3 i7g7";
    let mut referee = play(CXA, ROOKS, "");
    for m in moves.split_whitespace() {
        referee.push(m.parse().unwrap()).unwrap();
        assert!(referee.ruling().repetition.is_none(), "after {m}");
    }
    assert!(referee.ended().is_none());
}

#[test]
fn a_rook_that_travels_along_its_rank_goes_round_nothing() {
    // 29a, but the red rook goes on from g3 to f3 instead of back to i3.
    let referee = play(CXA, FIG_29A, "i3h3 h9i9 h3g3 i9g9 g3f3 g9h9");
    assert!(referee.ruling().repetition.is_none());
    // Nor does a piece that sets out for a new point close a round: the
    // black rook leaves for f9 instead of coming back to h9.
    let referee = play(CXA, FIG_29A, "i3h3 h9i9 h3i3 i9g9 i3g3 g9f9");
    assert!(referee.ruling().repetition.is_none());
}

#[test]
fn a_capture_in_the_stretch_makes_no_cycle() {
    // 29a with a black pawn on h3, which the red rook takes on its first
    // move: only two rounds since.
    let with_pawn = "2bak2r1/4aP3/4b4/2r1C4/4P4/2B6/4R2pR/B8/1p7/c3K4 w";
    let referee = play(CXA, with_pawn, FIG_29A_MOVES);
    assert!(referee.ruling().repetition.is_none());
}

#[test]
fn the_move_that_would_close_a_forbidden_cycle_over_points_is_forbidden() {
    // Black to move after five plies of 29a: g9h9 would close the cycle
    // Black must vary.
    let referee = play(CXA, FIG_29A, "i3h3 h9i9 h3i3 i9g9 i3g3");
    let banned: Vec<String> = referee
        .forbidden_moves()
        .iter()
        .map(|f| f.mv.to_string())
        .collect();
    assert!(banned.contains(&"g9h9".to_string()), "{banned:?}");
    let reason = referee
        .forbidden_moves()
        .into_iter()
        .find(|f| f.mv.to_string() == "g9h9")
        .unwrap()
        .reason(Lang::En);
    assert!(
        reason.contains("the black rook round h9, i9, g9"),
        "{reason}"
    );
}

/// Hu Ronghua's game #1212 of the corpus, after ply 34: the black cannon c7
/// and rook c3 bear on the red horse c2, which black may take once its horse
/// h5 is safe from the red rook g4.
const ROOK_AND_HORSE: &str = "3akab2/9/2c1b4/p3p3p/7n1/6R2/P1r1P3P/2N1B3C/9/2BAKA3 w - - 2 18";

/// Two passes over three points, repeating no position: the red rook goes
/// g4→g5→g4→g6 and on round g5, g4, g6 (period 3) while the black horse,
/// from h5, shuttles g3–f1 (period 2), so no position stands twice in six
/// rounds. Each black move chases (the red cannon i2 from g3, the red horse
/// c2 by the cannon c7 once the horse stands safe on f1); the red rook's are
/// idle but for a chase and an offer.
const TWO_PASSES: &str = "g4g5 h5g3 g5g4 g3f1 g4g6 f1g3 g6g5 g3f1 g5g4 f1g3 g4g6 g3f1";

#[test]
fn the_second_pass_over_points_ends_the_game() {
    let moves: Vec<&str> = TWO_PASSES.split_whitespace().collect();
    let mut referee = play(CXA, ROOK_AND_HORSE, "");
    for (ply, m) in moves.iter().enumerate() {
        let event = referee.push(m.parse().unwrap()).unwrap();
        assert!(!matches!(event, Event::Repetition(_)), "ply {}", ply + 1);
        assert_eq!(
            referee.ended().is_some(),
            ply + 1 == moves.len(),
            "ply {}",
            ply + 1
        );
    }
    // The first pass is ruled as a position's second occurrence.
    let first = cycle(&play(CXA, ROOK_AND_HORSE, &moves[..6].join(" ")));
    assert_eq!(
        (first.first_ply, first.last_ply, first.occurrences),
        (0, 6, 2)
    );
    assert_eq!(first.cycle.outcome, CycleOutcome::MustVary(Color::Black));
    // The second is the third, the decisive one: Black did not vary.
    let ruling = referee.ruling();
    assert_eq!(ruling.verdict, Verdict::RedWins);
    let r = cycle(&referee);
    assert_eq!((r.first_ply, r.last_ply, r.occurrences), (0, 12, 3));
    assert_eq!(r.moves.len(), 6);
    assert_eq!(points(&r, Color::Red), ["g4", "g5", "g6"]);
    assert_eq!(points(&r, Color::Black), ["h5", "g3", "f1"]);
    assert_eq!(
        ruling.summary(Lang::En),
        "Red wins — the red rook goes round g4, g5, g6 and the black horse round h5, g3, f1 \
         (a cycle over three points, repeating no position): black's moves are all forbidden, \
         red's allowed: black did not vary and loses (CXA 2020 25.3)"
    );
    let en = ruling.render(Lang::En);
    assert!(
        en.contains("gone round 2 times (3 rounds each) from the start."),
        "{en}"
    );
    let json = ruling.to_json();
    assert_eq!(json["verdict"], "red_wins");
    let rep = &json["repetition"];
    assert_eq!(rep["kind"], "points");
    assert_eq!(rep["occurrences"], 3);
    assert_eq!(rep["points"]["passes"], 2);
    assert_eq!(rep["points"]["pass_rounds"], 3);
    assert_eq!(
        rep["points"]["black"]["points"],
        serde_json::json!(["h5", "g3", "f1"])
    );
}
