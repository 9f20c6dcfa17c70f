//! Clause-by-clause tests of the rules core (rules.md §3.5, §4.4), each on a
//! position constructed by hand: the nature of single moves (`classify`) and
//! the ruling of whole cycles played through the `Referee`.
//!
//! Board reminder: files a–i from Red's left, ranks 0–9 from Red's side; a FEN
//! lists rank 9 first. Black's half is ranks 5–9.

mod rules_common;

use rules_common::{AXF, CXA, decisive, nature, natures, play, position, rep, sq};
use xqarbiter::board::{Bitboard, Color, Move, Piece, Role, Square};
use xqarbiter::referee::Referee;
use xqarbiter::rules::nature::{MATE_THREAT_DEPTH, MoveNature, Why, classify};
use xqarbiter::rules::repetition::{CycleOutcome, CycleRuling, rule_cycle};
use xqarbiter::rules::ruling::{Lang, RepetitionReport, Verdict};
use xqarbiter::rules::{MateSearch, MoveRun, Nature, RuleSet, Threat, ThreatKind};

/// The repetition closed by the last move; fails if there is none.
fn repetition(referee: &Referee) -> RepetitionReport {
    referee
        .ruling()
        .repetition
        .expect("the last move should repeat a position")
}

// ---------------------------------------------------------------- positions

/// Red rook a9 checks the black king e9; Black's only move is Ke8, and the red
/// king d0 cannot move (the black horse f2 guards d1 and e0).
const PERPETUAL_CHECK: &str = "R3k4/9/9/9/9/9/9/5n3/9/3K5 b";
const PERPETUAL_CHECK_CYCLE: &str = "e9e8 a9a8 e8e9 a8a9";

/// Red rook i5 follows the unprotected black cannon between a5 and a6.
const CANNON_CHASE: &str = "4k4/9/9/9/c7R/9/9/9/9/3K5 b";
const CANNON_CHASE_CYCLE: &str = "a5a6 i5i6 a6a5 i6i5";

/// Red rook a9 checks, then chases the unprotected black horse c5 from a5.
const CHECK_AND_CHASE: &str = "R3k4/9/9/9/2n6/9/9/9/9/3K5 b";
const CHECK_AND_CHASE_CYCLE: &str = "e9e8 a9a5 e8e9 a5a9";

/// The red king d0 holds the d-file and the red rook f5 the f-file; the red
/// rook h3/h2 threatens to check on the e-file (mate), and the black rook
/// blocks its rank each time.
const MATE_THREATS: &str = "4k4/9/9/9/5R3/9/6rR1/9/9/3K5 w";
const MATE_THREATS_CYCLE: &str = "h3h2 g3g2 h2h3 g2g3";

// ------------------------------------------------------- CXA: cycle rulings

#[test]
fn cxa_perpetual_check_loses_even_when_the_checker_cannot_vary_otherwise() {
    let r = decisive(
        CXA,
        PERPETUAL_CHECK,
        PERPETUAL_CHECK_CYCLE,
        CycleOutcome::MustVary(Color::Red),
        "CXA 2020 25.1",
    );
    assert_eq!(r.cycle.red.pattern(Lang::Zh), "长将");
    assert!(r.cycle.red.perpetual_check);
    assert!(natures(&r, Color::Black).iter().all(|n| !n.is_attack()));
    // Black's king has a single legal move in the cycle's first position.
    assert_eq!(position(PERPETUAL_CHECK).count_legal_moves(), 1);
}

#[test]
fn cxa_perpetual_mate_threat_is_forbidden_against_idle_moves() {
    let r = decisive(
        CXA,
        MATE_THREATS,
        MATE_THREATS_CYCLE,
        CycleOutcome::MustVary(Color::Red),
        "CXA 2020 25.3",
    );
    assert_eq!(r.cycle.red.pattern(Lang::Zh), "长杀");
    assert_eq!(
        natures(&r, Color::Red),
        vec![Nature::MateThreat, Nature::MateThreat]
    );
    // Blocking next to the red rook, unprotected, offers the black rook: idle (献).
    assert_eq!(
        natures(&r, Color::Black),
        vec![Nature::Sacrifice, Nature::Sacrifice]
    );
    // Each mate threat's reason shows a mating line a person can play out.
    let mut pos = r.start.clone();
    for (m, reason) in r.moves.iter().zip(r.run().reasons(Lang::En)) {
        pos.play_unchecked(m.mv);
        if m.nature.nature != Nature::MateThreat {
            continue;
        }
        // What the mate threat also chases follows the line.
        let shown = reason
            .split("; it also chases: ")
            .next()
            .unwrap_or_default();
        let (_, line) = shown.split_once(": ").expect("a mating line");
        let line = line.strip_suffix(" mate").expect("ends in mate");
        let mut end = pos.passed();
        for mv in line.split(' ') {
            let mv = Move::parse_uci(mv).unwrap();
            assert!(end.is_legal(mv), "{reason}");
            end.play_unchecked(mv);
        }
        assert!(end.in_check() && end.has_no_legal_moves(), "{reason}");
    }
    // Under CXA the mate threat is ruled a mate threat alone; what it also
    // chases is shown after its line (杀兼捉): the rook g3 that interposes.
    let zh = r.run().reasons(Lang::Zh);
    let (mate, also) = zh[0].split_once("；兼捉：").expect("杀兼捉");
    assert!(
        mate.starts_with("伏2步连将杀：") && mate.ends_with("（杀）"),
        "{zh:?}"
    );
    assert!(also.starts_with("红车(h2)捉黑车(g3)（连将后吃子"), "{zh:?}");
}

#[test]
fn a_sacrifice_that_attacks_the_piece_it_is_offered_to_says_so_not_exchange() {
    // The black rook steps back to g3, beside the red rook h3 that can take
    // it and win it (献). Its attack on the red rook is no chase because the
    // red rook takes first, which the ground says, not that the rooks trade
    // (兑), which the move is not.
    let r = decisive(
        CXA,
        MATE_THREATS,
        MATE_THREATS_CYCLE,
        CycleOutcome::MustVary(Color::Red),
        "CXA 2020 25.3",
    );
    let ply = r.cycle.black.moves[1];
    assert_eq!(r.moves[ply].mv.to_string(), "g2g3");
    assert_eq!(r.moves[ply].nature.nature, Nature::Sacrifice);
    assert_eq!(
        r.run().reasons(Lang::En)[ply],
        "offers black rook g3 to red rook h3, which can take it and win material: black rook g3 \
         attacks red rook h3, but red rook h3 can take black rook g3 first and win material: a \
         sacrifice, not a chase"
    );
    assert_eq!(
        r.run().reasons(Lang::Zh)[ply],
        "献黑车(g3)：红车(h3)可吃之得子（黑车(g3)攻红车(h3)，红车(h3)可先吃黑车(g3)得子，\
         是献子，不算捉）"
    );
}

#[test]
fn cxa_perpetual_chase_is_forbidden() {
    let r = decisive(
        CXA,
        CANNON_CHASE,
        CANNON_CHASE_CYCLE,
        CycleOutcome::MustVary(Color::Red),
        "CXA 2020 25.3",
    );
    assert_eq!(r.cycle.red.pattern(Lang::Zh), "长捉");
    assert_eq!(r.cycle.black.pattern(Lang::Zh), "两闲");
}

#[test]
fn a_rook_following_a_cannon_over_three_squares_chases_perpetually_in_six_plies() {
    // The black cannon flees a5-a6-a7-a5 and the red rook follows on the
    // i-file, attacking it anew each time: a cycle of six plies, Black
    // moving first, with three chases.
    let r = decisive(
        CXA,
        "4k4/9/9/9/c7R/9/9/9/9/3K5 b",
        "a5a6 i5i6 a6a7 i6i7 a7a5 i7i5",
        CycleOutcome::MustVary(Color::Red),
        "CXA 2020 25.3",
    );
    assert_eq!(r.moves.len(), 6);
    assert_eq!(natures(&r, Color::Red), vec![Nature::Chase; 3]);
    assert_eq!(r.cycle.red.pattern(Lang::Zh), "长捉");
    assert_eq!(r.cycle.black.pattern(Lang::Zh), "三闲");
}

#[test]
fn cxa_one_check_one_chase_is_forbidden() {
    let r = decisive(
        CXA,
        CHECK_AND_CHASE,
        CHECK_AND_CHASE_CYCLE,
        CycleOutcome::MustVary(Color::Red),
        "CXA 2020 25.3",
    );
    assert_eq!(r.cycle.red.pattern(Lang::Zh), "一将一捉");
    assert!(r.cycle.red.forbidden);
    assert!(!r.cycle.red.perpetual_check);
}

#[test]
fn cxa_several_checks_and_idle_moves_are_allowed() {
    // An 8-ply cycle: Red checks twice and shuffles its king twice.
    let cycle = "e9e8 a9a8 e8e9 d0d1 e9f9 d1d0 f9e9 a8a9";
    let r = decisive(
        CXA,
        "R3k4/9/9/9/9/9/9/9/9/3K5 b",
        cycle,
        CycleOutcome::Draw,
        "CXA 2020 25.2",
    );
    assert_eq!(r.moves.len(), 8, "a cycle longer than four plies");
    assert_eq!(
        natures(&r, Color::Red),
        vec![Nature::Check, Nature::Idle, Nature::Idle, Nature::Check]
    );
    assert!(!r.cycle.red.forbidden);
}

#[test]
fn cxa_one_chase_one_idle_is_allowed_and_both_allowed_is_a_draw() {
    // The red rook steps off the cannon's rank (idle) and back onto it (chase).
    let r = decisive(
        CXA,
        "4k4/9/9/9/c7R/9/9/9/9/3K5 w",
        "i5i4 e9e8 i4i5 e8e9",
        CycleOutcome::Draw,
        "CXA 2020 25.2",
    );
    assert_eq!(r.cycle.red.pattern(Lang::Zh), "一捉一闲");
    assert!(!r.cycle.red.forbidden && !r.cycle.black.forbidden);
}

#[test]
fn cxa_chasing_two_pieces_in_turn_is_still_a_perpetual_chase() {
    let r = decisive(
        CXA,
        TWO_TARGETS,
        TWO_TARGETS_CYCLE,
        CycleOutcome::MustVary(Color::Red),
        "CXA 2020 25.3",
    );
    assert_eq!(r.cycle.red.pattern(Lang::Zh), "长捉");
}

// ------------------------------------------------------- AXF: cycle rulings

/// The red rook on the i-file chases the black cannon c6 from i6 and the
/// black horse b5 from i5, in turn.
const TWO_TARGETS: &str = "4k4/9/9/2c6/1n6R/9/9/9/9/3K5 w";
const TWO_TARGETS_CYCLE: &str = "i5i6 e9e8 i6i5 e8e9";

#[test]
fn axf_perpetual_check_loses() {
    decisive(
        AXF,
        PERPETUAL_CHECK,
        PERPETUAL_CHECK_CYCLE,
        CycleOutcome::MustVary(Color::Red),
        "AXF rule 6",
    );
}

#[test]
fn axf_perpetual_mate_threat_is_allowed() {
    let r = decisive(
        AXF,
        MATE_THREATS,
        MATE_THREATS_CYCLE,
        CycleOutcome::Draw,
        "AXF rule 9",
    );
    assert_eq!(r.cycle.red.pattern(Lang::Zh), "长杀");
    assert!(!r.cycle.red.forbidden);
}

#[test]
fn axf_one_check_one_chase_is_allowed() {
    let r = decisive(
        AXF,
        CHECK_AND_CHASE,
        CHECK_AND_CHASE_CYCLE,
        CycleOutcome::Draw,
        "AXF rule 12",
    );
    assert_eq!(r.cycle.red.pattern(Lang::Zh), "一将一捉");
}

#[test]
fn axf_a_check_chases_no_piece_whose_defender_only_that_check_holds() {
    // From a master game (Hu Ronghua's games, #180): the red cannon checks
    // from d4, and back on e4 threatens mate by Rxf9, the black advisor e8
    // now pinned (a chase of the advisor f9 too). The horse g7 attacks the
    // advisors f9 and e8 on both moves, but after the check only that check
    // keeps them from taking back: the check chases nothing, and Red's one
    // check and one mate threat are allowed, as Black's chase of the horse
    // and idle move are.
    let fen = "4ka3/4a4/c1P1b1N2/8p/1P1r5/4CR3/4P3P/N8/4AK2c/2BA2r2 b";
    let cycle = "e9d9 e4d4 d9e9 d4e4";
    let r = decisive(AXF, fen, cycle, CycleOutcome::Draw, "AXF rule 5");
    let check = &r.moves[1].nature;
    assert_eq!(check.nature, Nature::Check);
    assert!(check.chases.is_empty(), "{check:?}");
    assert_eq!(r.moves[3].nature.chases[0].target, sq("f9"));
    // What the mate threat chases besides is said in its reason.
    let reasons = r.run().reasons(Lang::En);
    assert!(
        reasons[3].contains("; it also chases: red horse g7 threatens black advisor f9"),
        "{}",
        reasons[3]
    );
    assert_eq!(reasons[1], "check by red cannon d4");
    // Under CXA, one check and one mate threat are forbidden.
    decisive(
        CXA,
        fen,
        cycle,
        CycleOutcome::MustVary(Color::Red),
        "CXA 2020 25.3",
    );
}

#[test]
fn axf_perpetual_chase_of_one_unprotected_piece_loses() {
    decisive(
        AXF,
        CANNON_CHASE,
        CANNON_CHASE_CYCLE,
        CycleOutcome::MustVary(Color::Red),
        "WXF general rule 3",
    );
}

#[test]
fn a_chase_that_is_also_an_exchange_offer_is_still_a_chase() {
    // AXF rule 36; CXA 兑兼捉，从重判捉. The red horse goes from c3 to d5,
    // where the rook i5 protects it, and faces the black horse b6: alone, an
    // exchange offer. With the unprotected black cannon shuttling between e7
    // and e4, it chases the cannon too, and so does its way back to c3.
    let offer = "3aka3/9/9/1n7/8R/9/2N6/9/9/3K5 w";
    let with_cannon = "3aka3/9/4c4/1n7/8R/9/2N6/9/9/3K5 w";
    for rules in [AXF, CXA] {
        let alone = nature(rules, offer, "c3d5");
        assert_eq!(alone.nature, Nature::Exchange, "{rules}");
        assert_eq!(alone.targets, vec![sq("b6")], "{rules}");
        let both = nature(rules, with_cannon, "c3d5");
        assert_eq!(both.nature, Nature::Chase, "{rules}");
        assert_eq!(both.targets, vec![sq("e7")], "{rules}");
    }
    let axf = decisive(
        AXF,
        with_cannon,
        "c3d5 e7e4 d5c3 e4e7",
        CycleOutcome::MustVary(Color::Red),
        "WXF general rule 3",
    );
    assert_eq!(natures(&axf, Color::Red), [Nature::Chase, Nature::Chase]);
    decisive(
        CXA,
        with_cannon,
        "c3d5 e7e4 d5c3 e4e7",
        CycleOutcome::MustVary(Color::Red),
        "CXA 2020 25.3",
    );
}

#[test]
fn perpetual_exchange_offers_are_a_draw() {
    // AXF rule 40: the red rook, protected by the rook i3, faces the black
    // rook on the a and b files in turn; the black rook steps aside each time.
    for (rules, clause) in [(AXF, "AXF rule 5"), (CXA, "CXA 2020 25.2")] {
        let r = decisive(
            rules,
            "r1bakab2/9/9/9/9/9/1R6R/9/9/3K5 w",
            "b3a3 a9b9 a3b3 b9a9",
            CycleOutcome::Draw,
            clause,
        );
        assert_eq!(
            natures(&r, Color::Red),
            [Nature::Exchange, Nature::Exchange]
        );
        assert_eq!(r.cycle.red.pattern(Lang::Zh), "长兑");
    }
}

#[test]
fn a_pawn_may_chase_perpetually() {
    // AXF rule 29 (CXA 26.1: a pawn chasing by itself is idle): the crossed
    // red pawn follows the unprotected black cannon between d7 and e7.
    for (rules, clause) in [(AXF, "AXF rule 5"), (CXA, "CXA 2020 25.2")] {
        let r = decisive(
            rules,
            "3aka3/9/3c5/4P4/9/9/9/9/9/5K3 w",
            "e6d6 d7e7 d6e6 e7d7",
            CycleOutcome::Draw,
            clause,
        );
        assert!(!r.cycle.red.forbidden, "{rules}");
        assert!(r.moves.iter().all(|m| m.nature.nature != Nature::Chase));
    }
}

#[test]
fn axf_a_rook_held_by_a_horse_is_chased_even_when_protected() {
    // AXF rule 19: the red rook d1 stands on the leg of the black horse c1,
    // which would check the king e0 if it left; the black rook comes to d5
    // and attacks it, protected by the rook d0 as it is. Without the horse
    // the red rook could take back: the black rook is offered instead.
    let held = "5k3/9/9/9/7r1/9/9/9/2nR5/3RK4 b";
    let chase = nature(AXF, held, "h5d5");
    assert_eq!(chase.nature, Nature::Chase);
    assert_eq!(chase.chases[0].kind, ThreatKind::HeldRook);
    assert_eq!(chase.targets, vec![sq("d1")]);
    // The reason names the horse whose leg the rook stands on.
    let r = play(AXF, held, "h5d5");
    let (start, reports) = r.last_moves(1);
    let run = MoveRun {
        start: &start,
        moves: &reports,
        rules: AXF,
    };
    assert_eq!(
        run.reasons(Lang::En)[0],
        "black rook d5 threatens red rook d1: the rook stands on the leg of black horse c1 and \
         cannot move: the horse would check (AXF rule 19)"
    );
    assert_eq!(
        run.reasons(Lang::Zh)[0],
        "黑车(d5)捉红车(d1)（车别住黑马(c1)的马腿，走开则被照将，见亚规19条）"
    );
    let free = nature(AXF, "5k3/9/9/9/7r1/9/9/9/3R5/3RK4 b", "h5d5");
    assert_eq!(free.nature, Nature::Sacrifice);
}

#[test]
fn a_piece_moved_onto_a_cannon_s_line_as_its_screen_chases() {
    // AXF rule 25 (cannon mounts): the red horse c2 goes to a3 and becomes the
    // screen of the cannon a0, which now threatens the unprotected black horse a7.
    for rules in [AXF, CXA] {
        let mount = nature(rules, "5k3/9/n8/9/9/9/9/2N6/9/C3K4 w", "c2a3");
        assert_eq!(mount.nature, Nature::Chase, "{rules}");
        assert_eq!(mount.targets, vec![sq("a7")], "{rules}");
        assert_eq!(mount.attackers, vec![sq("a0")], "{rules}");
    }
}

#[test]
fn axf_one_piece_chasing_two_pieces_in_turn_is_allowed() {
    let r = decisive(
        AXF,
        TWO_TARGETS,
        TWO_TARGETS_CYCLE,
        CycleOutcome::Draw,
        "AXF rule 32",
    );
    assert_eq!(
        natures(&r, Color::Red),
        vec![Nature::Chase, Nature::Chase],
        "each move is a chase, of a different piece"
    );
    assert!(!r.cycle.red.forbidden);
    // The side's pattern names what is allowed, as the ground does, not a
    // perpetual chase (长捉, which AXF forbids).
    assert_eq!(r.cycle.red.tally.pattern(Lang::En), "perpetual chase");
    assert_eq!(
        r.cycle.red.pattern(Lang::En),
        "chases of several pieces in turn"
    );
    assert_eq!(r.cycle.red.pattern(Lang::Zh), "轮捉多子");
    let text = play(AXF, TWO_TARGETS, &rep(TWO_TARGETS_CYCLE, 2))
        .ruling()
        .render(Lang::Zh);
    assert!(text.contains("\n红方：轮捉多子——允许着法\n"), "{text}");
    // CXA counts it as a perpetual chase, and names it so.
    let cxa = repetition(&play(CXA, TWO_TARGETS, &rep(TWO_TARGETS_CYCLE, 2)));
    assert_eq!(cxa.cycle.red.pattern(Lang::Zh), "长捉");
}

// ------------------------------------------- occurrences, entry, forbidden

#[test]
fn second_occurrence_only_asks_to_vary_and_third_decides() {
    let second = play(CXA, CANNON_CHASE, CANNON_CHASE_CYCLE);
    let ruling = second.ruling();
    let r = ruling.repetition.as_ref().expect("a repetition");
    assert_eq!(r.occurrences, 2);
    assert_eq!(r.cycle.outcome, CycleOutcome::MustVary(Color::Red));
    assert_eq!(ruling.verdict, Verdict::Ongoing);
    assert_eq!(ruling.reason, None);

    let third = play(CXA, CANNON_CHASE, &rep(CANNON_CHASE_CYCLE, 2));
    assert_eq!(third.ruling().verdict, Verdict::BlackWins);
}

/// Red's rook a8 checks from a9 and a8 while the black king steps between
/// e8 and e9; or the red king and the black rook i5 shuffle, idle.
const TWO_CYCLES: &str = "4k4/R8/9/9/8r/9/9/9/9/3K5 w";
const TWO_CYCLES_CHECKS: &str = "a8a9 e9e8 a9a8 e8e9";
const TWO_CYCLES_IDLE: &str = "d0d1 i5i6 d1d0 i6i5";

#[test]
fn an_offender_loses_only_for_repeating_a_cycle_ruled_against_it() {
    for rules in [CXA, AXF] {
        // Idle shuffles first, then Red's checks: the position stands a third
        // time, but Red was never told to vary, so the game goes on.
        let moves = format!("{TWO_CYCLES_IDLE} {TWO_CYCLES_CHECKS}");
        let ruling = play(rules, TWO_CYCLES, &moves).ruling();
        let r = ruling.repetition.as_ref().expect("a repetition");
        assert_eq!(r.occurrences, 3);
        assert_eq!(r.cycle.outcome, CycleOutcome::MustVary(Color::Red));
        assert_eq!(r.alike, 1);
        let before = r.previous.as_ref().expect("the cycle before");
        assert_eq!((before.first_ply, before.last_ply), (0, 4));
        assert_eq!(before.cycle.outcome, CycleOutcome::Draw);
        assert_eq!(ruling.verdict, Verdict::Ongoing, "{rules}");
        let said = format!(
            "The cycle before it (plies 1–4) was ruled otherwise: {}; a cycle ruled like this one has not been repeated yet.",
            before.cycle.explanation(Lang::En)
        );
        assert!(
            ruling.render(Lang::En).contains(&said),
            "{}",
            ruling.render(Lang::En)
        );
        assert_eq!(ruling.to_json()["repetition"]["previous_ruling"], "draw");
        // The checks once more: now Red repeats what it was told to vary.
        let moves = format!("{moves} {TWO_CYCLES_CHECKS}");
        let ruling = play(rules, TWO_CYCLES, &moves).ruling();
        assert_eq!(ruling.repetition.as_ref().map(|r| r.alike), Some(2));
        assert_eq!(ruling.verdict, Verdict::BlackWins, "{rules}");
    }
}

#[test]
fn a_draw_by_repetition_needs_an_allowed_cycle_repeated() {
    // Red checks, is told to vary, and varies into idle moves that bring the
    // position back: no draw yet, until the idle cycle is repeated.
    let moves = format!("{TWO_CYCLES_CHECKS} {TWO_CYCLES_IDLE}");
    let ruling = play(CXA, TWO_CYCLES, &moves).ruling();
    let r = ruling.repetition.as_ref().expect("a repetition");
    assert_eq!((r.occurrences, r.cycle.outcome), (3, CycleOutcome::Draw));
    assert_eq!(ruling.verdict, Verdict::Ongoing);
    let moves = format!("{moves} {TWO_CYCLES_IDLE}");
    assert_eq!(
        play(CXA, TWO_CYCLES, &moves).ruling().verdict,
        Verdict::Draw
    );
    // The same cycle three times is decided at the third occurrence.
    let ruling = play(CXA, TWO_CYCLES, &rep(TWO_CYCLES_IDLE, 2)).ruling();
    assert_eq!(ruling.repetition.as_ref().map(|r| r.alike), Some(2));
    assert_eq!(ruling.verdict, Verdict::Draw);
}

#[test]
fn a_cycle_entered_mid_game_is_found_and_ruled() {
    // Red first brings the rook to i5 (one chase, not repeated), then the cycle.
    let fen = "4k4/9/9/9/c8/9/9/9/9/3K4R w";
    let moves = format!("d0d1 e9e8 d1d0 e8e9 i0i5 {}", rep(CANNON_CHASE_CYCLE, 2));
    let referee = play(CXA, fen, &moves);
    let r = repetition(&referee);
    assert_eq!(r.occurrences, 3);
    assert_eq!(
        r.first_ply, 5,
        "the position after i0i5 is the first occurrence"
    );
    assert_eq!(r.last_ply, 13);
    assert_eq!(r.moves.len(), 4);
    assert_eq!(r.cycle.outcome, CycleOutcome::MustVary(Color::Red));
    assert_eq!(referee.ruling().verdict, Verdict::BlackWins);
}

#[test]
fn forbidden_moves_list_the_repeating_chase_only() {
    // Seven plies: Red to move, i6i5 would chase the cannon into the 3rd occurrence.
    let moves = format!("{CANNON_CHASE_CYCLE} a5a6 i5i6 a6a5");
    let referee = play(CXA, CANNON_CHASE, &moves);
    let forbidden: Vec<String> = referee
        .forbidden_moves()
        .iter()
        .map(|f| f.mv.to_string())
        .collect();
    assert_eq!(forbidden, vec!["i6i5".to_string()]);
    let f = &referee.forbidden_moves()[0];
    assert_eq!(f.ruling.verdict, Verdict::BlackWins);

    // Black's idle moves repeat too, but Black is not the offender.
    let black_to_move = play(CXA, CANNON_CHASE, &rep(CANNON_CHASE_CYCLE, 1));
    assert!(black_to_move.forbidden_moves().is_empty());
}

// ------------------------------------------------------------ move natures

#[test]
fn cxa_blocking_a_mate_threat_is_idle_and_the_perpetual_mate_threat_varies() {
    // CXA 2020 diagram 7: the red cannon threatens mate from the h- or i-file;
    // the black rook steps in its way each time (拦, an idle kind).
    let fen = "2bak1c2/4aRN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K3C w";
    let r = decisive(
        CXA,
        fen,
        "i0h0 i8h8 h0i0 h8i8",
        CycleOutcome::MustVary(Color::Red),
        "CXA 2020 25.3",
    );
    assert_eq!(natures(&r, Color::Red), vec![Nature::MateThreat; 2]);
    assert_eq!(natures(&r, Color::Black), vec![Nature::Block; 2]);
    assert_eq!(r.cycle.black.pattern(Lang::Zh), "两闲");
}

#[test]
fn king_chasing_by_itself_is_idle() {
    // The red king steps to e2, next to the unprotected black cannon d2 (26.1).
    for rules in [CXA, AXF] {
        let n = nature(rules, "5k3/9/9/9/9/9/9/3c5/4K4/9 w", "e1e2");
        assert!(!n.nature.is_attack(), "{rules}: {n:?}");
    }
}

#[test]
fn pawn_chasing_by_itself_is_idle() {
    // The crossed red pawn steps to e6, attacking the unprotected black horse e7.
    for rules in [CXA, AXF] {
        let n = nature(rules, "3k5/9/4n4/9/4P4/9/9/9/9/4K4 w", "e5e6");
        assert!(!n.nature.is_attack(), "{rules}: {n:?}");
    }
}

#[test]
fn a_king_move_that_lets_another_piece_chase_is_a_chase() {
    // The red king leaves rank 1: the red rook a1 now attacks the black horse g1 (26.1.1).
    let n = nature(CXA, "5k3/9/9/9/9/9/9/9/R2K2n2/9 w", "d1d0");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("g1")]);
    assert_eq!(n.attackers, vec![sq("a1")]);
}

#[test]
fn a_pawn_move_that_lets_another_piece_chase_is_a_chase() {
    // The red pawn c5 steps forward: the red rook a5 now attacks the black horse g5 (26.1.1).
    let n = nature(CXA, "5k3/9/9/9/R1P3n2/9/9/9/9/3K5 w", "c5c6");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("g5")]);
}

#[test]
fn a_chase_made_by_moving_a_king_or_pawn_cites_why_it_counts() {
    // A king or pawn does not chase by itself (26.1), so the reason of a
    // chase its move makes by another piece says why it counts (26.1.1):
    // the pawn c5 steps forward and opens the rank for the rook a5; the
    // king d1 steps aside and frees the leg of the horse d2 (CXA 2020,
    // diagram 15).
    for (fen, mv, en, zh) in [
        (
            "5k3/9/9/9/R1P3n2/9/9/9/9/3K5 w",
            "c5c6",
            "red rook a5 threatens black horse g5: it is unprotected; uncovered by red pawn c6; red \
             pawn c6's move lets other pieces chase, which counts as a chase (CXA 26.1.1)",
            "红车(a5)捉黑马(g5)（无根；红兵(c6)让开）；红兵(c6)走动后他子产生新的捉，按捉，见第26.1.1条",
        ),
        (
            "3a2b1r/4ak3/8b/9/9/9/9/B2NN3B/3K5/4p4 w",
            "d1e1",
            "red horse d2 threatens black pawn e0: it is unprotected; uncovered by red king e1; red \
             king e1's move lets other pieces chase, which counts as a chase (CXA 26.1.1)",
            "红马(d2)捉黑卒(e0)（无根；红帅(e1)让开）；红帅(e1)走动后他子产生新的捉，按捉，见第26.1.1条",
        ),
    ] {
        let r = play(CXA, fen, mv);
        let (start, reports) = r.last_moves(1);
        let run = MoveRun {
            start: &start,
            moves: &reports,
            rules: CXA,
        };
        assert_eq!(run.reasons(Lang::En)[0], en);
        assert_eq!(run.reasons(Lang::Zh)[0], zh);
    }
}

#[test]
fn axf_a_chase_made_by_moving_a_king_or_pawn_cites_why_it_counts() {
    // AXF lets a king or pawn chase (rules 28, 29), yet a chase its move
    // makes by another piece counts: the move threatens a capture, which is
    // what AXF calls a chase, as its appendix illustrates for a pawn.
    for (fen, mv, en, zh) in [
        (
            "5k3/9/9/9/R1P3n2/9/9/9/9/3K5 w",
            "c5c6",
            "red rook a5 threatens black horse g5: it is unprotected; uncovered by red pawn c6; red \
             pawn c6's move lets other pieces chase, which counts as a chase (AXF: a chase is a \
             move that threatens to capture a piece; its appendix counts a pawn move that keeps a \
             horse unprotected as the rook's chase)",
            "红车(a5)捉黑马(g5)（无根；红兵(c6)让开）；红兵(c6)走动后他子产生新的捉，按捉，\
             见亚规“捉着”之义：威胁吃子的着法；亚规附录亦以兵走动使马无根为车长捉",
        ),
        (
            "3a2b1r/4ak3/8b/9/9/9/9/B2NN3B/3K5/4p4 w",
            "d1e1",
            "red horse d2 threatens black pawn e0: it is unprotected; uncovered by red king e1; red \
             king e1's move lets other pieces chase, which counts as a chase (AXF: a chase is a \
             move that threatens to capture a piece)",
            "红马(d2)捉黑卒(e0)（无根；红帅(e1)让开）；红帅(e1)走动后他子产生新的捉，按捉，\
             见亚规“捉着”之义：威胁吃子的着法",
        ),
    ] {
        let r = play(AXF, fen, mv);
        let (start, reports) = r.last_moves(1);
        let run = MoveRun {
            start: &start,
            moves: &reports,
            rules: AXF,
        };
        assert_eq!(run.reasons(Lang::En)[0], en);
        assert_eq!(run.reasons(Lang::Zh)[0], zh);
    }
    // AXF-O113 (the appendix's own illustration): the pawn steps between c6
    // and b6, each time leaving the black horse c1 unprotected against the
    // red rook d1 (the cannon c9's screens change).
    let zh = cycle_reasons(
        AXF,
        "2ca1k3/4a4/b3b4/2P5P/6p2/1c7/9/B7N/2nR5/2BAK4 w",
        "c6b6 e7c5 b6c6 c5e7 c6b6 e7c5 b6c6",
        Lang::Zh,
    );
    assert!(
        zh[1].ends_with(
            "红兵(b6)走动后他子产生新的捉，按捉，见亚规“捉着”之义：威胁吃子的着法；\
             亚规附录亦以兵走动使马无根为车长捉"
        ),
        "{zh:?}"
    );
}

#[test]
fn a_king_move_that_leaves_a_defender_unable_to_take_back_facing_the_kings_is_a_chase() {
    // The black king steps to d9, onto the file of the red king d0 with only
    // the red horse d2 between them: the horse can no longer take back on
    // c4, so the black rook c7 now wins the cannon there (26.1.1, the king
    // moving, another piece chasing). Stepping back is idle.
    let fen = "4k4/9/2r6/9/9/2C6/9/3N5/9/3K1A3 b";
    let referee = play(CXA, fen, &rep("e9d9 f0e1 d9e9 e1f0", 2));
    let r = repetition(&referee);
    assert_eq!(natures(&r, Color::Black), vec![Nature::Chase, Nature::Idle]);
    let chase = &r.moves[r.cycle.black.moves[0]].nature;
    assert_eq!((chase.targets[0], chase.attackers[0]), (sq("c4"), sq("c7")));
    assert_eq!(r.cycle.outcome, CycleOutcome::Draw);
}

#[test]
fn a_defender_pinned_only_once_the_capture_reopens_a_line_is_a_false_root() {
    // The red horse c3-e4 attacks the black cannon d6 and closes the e-file
    // between the red rook e1 and the black horse e8, the cannon's defender.
    // Nxd6 opens the file again and pins that horse against its king: the
    // cannon is unprotected, and the move chases it.
    let n = nature(CXA, "2b1k4/4n4/9/3c5/9/9/2N6/9/4R4/5K3 w", "c3e4");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("d6")]);
    assert_eq!(
        n.reason(Lang::En),
        "red horse e4 threatens black cannon d6: its only defender black horse e8 is pinned by \
         red rook e1"
    );
}

#[test]
fn a_king_answering_check_that_uncovers_a_chase_is_idle() {
    // The black cannon d7 checks over the black pawn d4; the red king steps to e1
    // and uncovers the red rook d0 onto the pawn (CXA 26.1.2/26.1.3). AXF lets
    // the king chase, alone or with another piece (rule 28): idle there too.
    let fen = "5k3/9/3c5/9/9/3p5/9/9/3K5/3R5 w";
    assert!(position(fen).in_check());
    for rules in [CXA, AXF] {
        let n = nature(rules, fen, "d1e1");
        assert!(!n.nature.is_attack(), "{rules}: {n:?}");
    }
}

#[test]
fn axf_a_king_answering_check_with_a_discovered_check_chases_nothing() {
    // The black rook d6 checks the red king d1; the king steps to e1 and
    // uncovers the red cannon d0's check over that rook. Its threat to the
    // horse i1 (the rook g1's, suspended by the check) is renewed, but the
    // king answering check chases nothing, be the move also a check: the
    // exemption of idle moves holds for checks too.
    let fen = "9/9/3k5/3r5/9/9/9/9/3K2R1n/3C5 w";
    assert!(position(fen).in_check());
    let n = nature(AXF, fen, "d1e1");
    assert_eq!(n.nature, Nature::Check);
    assert!(n.chases.is_empty(), "{n:?}");
}

#[test]
fn a_king_answering_check_that_renews_a_mate_threat_is_idle() {
    // CXA 26.1.2/26.1.3: "走动帅(将)应将而产生的'捉''杀'，按'闲'处理". The black
    // cannon h1 checks over the red rook g1; the red king steps back to e0,
    // after which the red cannon c4 could mate at once (Cxc9#), a threat the
    // check had suspended. The king's answer is idle all the same, under
    // AXF too. (A position of a random game.)
    let fen = "1nbakabn1/4c3r/5r3/p3p1p1p/2p6/2C3P2/P1P1P3P/N8/R3K1Rc1/2BA1ABN1 w";
    assert!(position(fen).in_check());
    for rules in [CXA, AXF] {
        let n = nature(rules, fen, "e1e0");
        assert_eq!(n.nature, Nature::Idle, "{rules}: {n:?}");
        assert!(n.chases.is_empty(), "{rules}: {n:?}");
    }
}

#[test]
fn axf_a_king_working_with_another_piece_answering_check_chases_nothing() {
    // AXF has no text of its own on a king answering check; rule 28 lets the
    // king "work with another piece to perpetually chase". The black king
    // steps from f8 to f7 and frees its advisor e8, pinned by the red rook
    // b8, to attack the red cannon f9 (a chase: the advisor's). The rook
    // checks from b7, and the king steps back to f8: the advisor attacks the
    // cannon again, but that answer to check chases nothing (the exemption
    // CXA 26.1.2 states). One chase and one idle move: a draw, where counting
    // the answer as the advisor's chase would make Black chase perpetually.
    let fen = "5C3/1R2ak3/9/9/9/9/9/9/9/3K5 b";
    let cycle = "f8f7 b8b7 f7f8 b7b8";
    for (rules, clause) in [(AXF, "AXF rule 5"), (CXA, "CXA 2020 25.2")] {
        let r = decisive(rules, fen, cycle, CycleOutcome::Draw, clause);
        assert_eq!(
            natures(&r, Color::Black),
            [Nature::Chase, Nature::Idle],
            "{rules}"
        );
        let chase = &r.moves[r.cycle.black.moves[0]].nature;
        assert_eq!((chase.attackers[0], chase.targets[0]), (sq("e8"), sq("f9")));
        assert_eq!(natures(&r, Color::Red), [Nature::Check, Nature::Follow]);
        assert!(!r.cycle.black.forbidden, "{rules}");
    }
}

#[test]
fn an_uncrossed_pawn_is_never_a_chase_target() {
    let uncrossed = nature(CXA, "4k4/9/9/4p4/9/9/9/9/9/R2K5 w", "a0a6");
    assert!(!uncrossed.nature.is_attack(), "{uncrossed:?}");
    let crossed = nature(CXA, "4k4/9/9/9/9/4p4/9/9/9/R2K5 w", "a0a4");
    assert_eq!(crossed.nature, Nature::Chase, "{crossed:?}");
}

#[test]
fn a_rook_attacked_by_a_horse_or_cannon_is_chased_even_if_protected() {
    // The black rook e8 is protected by its king; the red horse goes to d6, or
    // the red cannon to e2 (over the black pawn e6).
    for rules in [CXA, AXF] {
        for (fen, mv) in [
            ("4k4/4r4/9/9/1N7/9/9/9/9/3K5 w", "b5d6"),
            ("4k4/4r4/9/4p4/9/9/9/C8/9/3K5 w", "a2e2"),
        ] {
            let n = nature(rules, fen, mv);
            assert_eq!(n.nature, Nature::Chase, "{rules} {mv}: {n:?}");
            assert_eq!(n.chases[0].kind, ThreatKind::RookByLesser);
        }
    }
}

#[test]
fn a_protected_piece_of_equal_value_is_not_chased() {
    // The red horse attacks the black cannon e7, which the elephant c9 protects.
    for rules in [CXA, AXF] {
        let n = nature(rules, "2b1k4/9/4c4/9/9/1N7/9/9/9/3K5 w", "b4d5");
        assert!(!n.nature.is_attack(), "{rules}: {n:?}");
    }
}

#[test]
fn a_pinned_defender_is_a_false_root() {
    // The black horse c7 is "protected" by the black rook e7, pinned to its king
    // by the red rook e1 (itself protected by the advisor f0).
    let pinned = "4k4/9/2n1r4/9/9/9/9/9/4R4/R2K1A3 w";
    for rules in [CXA, AXF] {
        let n = nature(rules, pinned, "a0a7");
        assert_eq!(n.nature, Nature::Chase, "{rules}: {n:?}");
        assert_eq!(n.chases[0].kind, ThreatKind::Unprotected);
        assert_eq!(n.chases[0].false_roots[0].square, sq("e7"));
        assert_eq!(
            n.reason(Lang::En),
            "red rook a7 threatens black horse c7: its only defender black rook e7 is pinned by red rook e1"
        );
        assert_eq!(
            n.reason(Lang::Zh),
            "红车(a7)捉黑马(c7)（假根：黑车(e7)被红车(e1)牵制）"
        );
    }
    // Without the pin the rook e7 is a true root: a rook for a horse is no gain.
    let n = nature(CXA, "4k4/9/2n1r4/9/9/9/9/9/9/R2K5 w", "a0a7");
    assert!(!n.nature.is_attack(), "{n:?}");
}

#[test]
fn two_attackers_on_a_singly_protected_piece_chase_under_cxa_only() {
    // The black horse e5 is protected by the horse g6 and attacked by the red
    // cannon e1 (over the pawn e3); the red rook joins on a5 (少根子, 联合捉).
    let fen = "4k4/9/9/6n2/4n4/9/4P4/9/4C4/R2K5 w";
    let cxa = nature(CXA, fen, "a0a5");
    assert_eq!(cxa.nature, Nature::Chase, "{cxa:?}");
    assert_eq!(cxa.chases[0].kind, ThreatKind::Outnumbered);
    let axf = nature(AXF, fen, "a0a5");
    assert!(!axf.nature.is_attack(), "AXF rule 35: {axf:?}");
}

#[test]
fn a_sacrifice_that_also_chases_is_a_chase() {
    // The red rook goes to a5, where the black horse b7 can take it (献), and
    // attacks the unprotected black cannon e5 (捉): the heavier nature counts.
    let n = nature(CXA, "4k4/9/1n7/9/4c4/9/9/9/9/R2K5 w", "a0a5");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("e5")]);
}

#[test]
fn a_sacrifice_that_attacks_a_protected_piece_says_why_that_is_no_chase() {
    // The black rook steps to c6, where the red cannon c0 takes it over the
    // horse c4 (献), and attacks that horse, which the elephant e2 protects.
    let referee = play(
        CXA,
        "4k4/9/9/r8/9/2N6/9/4B4/9/2CK5 b",
        "a6c6 d0d1 c6a6 d1d0 a6c6 d0d1 c6a6 d1d0",
    );
    let r = repetition(&referee);
    assert_eq!(r.moves[0].nature.nature, Nature::Sacrifice);
    assert_eq!(
        r.run().reasons(Lang::En)[0],
        "offers black rook c6 to red cannon c0, which can take it and win material: \
         black rook c6 attacks red horse c4, which is protected by red elephant e2"
    );
    assert_eq!(
        r.run().reasons(Lang::Zh)[0],
        "献黑车(c6)：红炮(c0)可吃之得子（黑车(c6)攻红马(c4)，有根：红相(e2)）"
    );
}

#[test]
fn an_exchange_offer_says_why_its_other_attacks_are_no_chase() {
    // The red rook goes to d4, protected by the horse e2: it offers itself for
    // the black rook d9 (兑), and attacks the black horse d2, which the pawn
    // c2 protects. The rook d9, the offer itself, is no attack to explain.
    let referee = play(
        CXA,
        "3rk4/9/9/9/9/8R/9/2pnN4/9/5K3 w",
        "i4d4 e9e8 d4i4 e8e9 i4d4 e9e8 d4i4 e8e9",
    );
    let r = repetition(&referee);
    assert_eq!(r.moves[0].nature.nature, Nature::Exchange);
    assert_eq!(
        r.run().reasons(Lang::En)[0],
        "offers to exchange red rook d4 for black rook d9: red rook d4 attacks black horse d2, \
         which is protected by black pawn c2 and black rook d9"
    );
}

#[test]
fn an_exchange_offer_that_also_chases_is_a_chase() {
    // The red horse goes to d5, protected by the rook d0: it offers itself
    // for the black horse c7 (兑) and attacks the unprotected black cannon f4
    // (捉): the heavier nature counts.
    for rules in [CXA, AXF] {
        let both = nature(rules, "5k3/9/2n6/9/9/1N3c3/9/9/9/3RK4 w", "b4d5");
        assert_eq!(both.nature, Nature::Chase, "{rules}: {both:?}");
        assert_eq!(both.targets, vec![sq("f4")]);
        let offer = nature(rules, "5k3/9/2n6/9/9/1N7/9/9/9/3RK4 w", "b4d5");
        assert_eq!(offer.nature, Nature::Exchange, "{rules}: {offer:?}");
    }
}

#[test]
fn a_cheaper_attacker_on_a_protected_piece_chases() {
    // The red elephant attacks the black horse a2, protected by the rook a8:
    // elephant for horse wins material (26.5). (With the red king on d0, Ke9
    // and Rd8# would follow any move: no capture is a chase then, 29.4.)
    for rules in [CXA, AXF] {
        let n = nature(rules, "5k3/r8/9/9/9/9/9/n3B4/9/4K4 w", "e2c4");
        assert_eq!(n.nature, Nature::Chase, "{rules}: {n:?}");
        assert_eq!(n.chases[0].kind, ThreatKind::Cheaper);
    }
}

#[test]
fn a_piece_defended_through_the_attacker_is_not_chased() {
    // The red rook h4 attacks the black cannon a4, but the black rook i4 behind
    // it takes back on a4: only the exchange offer remains (the horse g2
    // protects the rook h4, so the exchange is even).
    let n = nature(CXA, "5k3/9/9/9/9/c7r/9/6N2/9/3K3R1 w", "h0h4");
    assert_eq!(n.nature, Nature::Exchange, "{n:?}");
}

#[test]
fn winning_a_piece_with_a_discovered_check_is_a_chase() {
    // The red rook comes to e1 behind the red horse e4: Nxc5 would then give
    // check, so the black horse a6 could not take back (29.1, capture by check).
    let fen = "4k4/9/9/n8/2c6/4N4/9/9/R8/3K5 w";
    for rules in [CXA, AXF] {
        let n = nature(rules, fen, "a1e1");
        assert_eq!(n.nature, Nature::Chase, "{rules}: {n:?}");
        assert_eq!(n.targets, vec![sq("c5")]);
        assert_eq!(n.chases[0].false_roots[0].square, sq("a6"));
        assert!(
            n.reason(Lang::En).ends_with(
                "black horse a6 cannot take back: it would not answer the check from red rook e1"
            ),
            "{}",
            n.reason(Lang::En)
        );
        // Without the discovered check the protected cannon is not won.
        let n = nature(rules, fen, "a1b1");
        assert!(!n.nature.is_attack(), "{rules}: {n:?}");
    }
}

#[test]
fn a_piece_won_by_a_capture_after_checks_is_chased_under_cxa() {
    // The red rook comes to a6: Rd6+ forces the advisor to d7, then the rook
    // leaves with a discovered check by the cannon d1 (over the advisor) to h6,
    // and takes the black horse h3 next (29.1: "通过连续照将吃子").
    let fen = "9/3ka4/9/9/9/9/7n1/9/3C5/R4K3 w";
    let n = nature(CXA, fen, "a0a6");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("h3")]);
    assert_eq!(n.chases[0].kind, ThreatKind::AfterChecks);
    assert_eq!(n.chases[0].gain, 4);
    // The reason names the first check.
    assert_eq!(n.chases[0].first_check, Move::parse_uci("a6d6").ok());
    assert!(
        n.reason(Lang::En).contains("its check a6d6 starts"),
        "{n:?}"
    );
    // AXF knows no such chase; and from b0 the rook gives no check.
    assert!(!nature(AXF, fen, "a0a6").nature.is_attack());
    assert!(!nature(CXA, fen, "a0b0").nature.is_attack());
    // One check is enough: the horse e4 leaves with a discovered check by the
    // rook e1 and takes the black horse h7, which cannot block the file.
    let fen = "4k4/9/7n1/9/9/4N4/9/9/R8/3K5 w";
    let n = nature(CXA, fen, "a1e1");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("h7")]);
    assert_eq!(n.chases[0].kind, ThreatKind::AfterChecks);
    assert!(!nature(CXA, fen, "a1b1").nature.is_attack());
}

#[test]
fn a_mate_that_needs_a_piece_offered_in_exchange_is_the_offer_unless_taking_is_mated() {
    // CXA 2020 diagrams 29a and 29b, one position. 29a: the rook i3 faces
    // the black rook on each file it goes to, the rook e3 behind to take
    // back. Red's mates by checks all take the black rook on the way, and
    // Black can trade it off evenly: the offer (兑), not a mate threat, and
    // the advisor e8 is no more tied to its post than by that mate. Black
    // threatens mate each time (杀): Black must vary. A seventh ply closes
    // the cycle that the diagram's six begin.
    let fen = "2bak2r1/4aP3/4b4/2r1C4/4P4/2B6/4R3R/B8/1p7/c3K4 w";
    let r = repetition(&play(CXA, fen, "i3h3 h9i9 h3i3 i9g9 i3g3 g9h9 g3h3"));
    assert_eq!(natures(&r, Color::Red), vec![Nature::Exchange; 3]);
    assert_eq!(natures(&r, Color::Black), vec![Nature::MateThreat; 3]);
    assert_eq!(r.cycle.outcome, CycleOutcome::MustVary(Color::Black));
    // 29b: the rook e3 goes instead. Taking it, the black rook is mated by
    // checks (车一进九, the rook cannot leave the rank: 不能离线): a mate
    // threat (杀) on both sides, a draw.
    let r = repetition(&play(CXA, fen, "e3h3 h9g9 h3g3 g9h9 g3h3 h9g9"));
    assert_eq!(natures(&r, Color::Red), vec![Nature::MateThreat; 2]);
    assert_eq!(r.cycle.outcome, CycleOutcome::Draw);
}

#[test]
fn a_piece_offered_for_exchange_is_not_chased_through_checks() {
    // The red horse leaves the a-file: the rooks a1 and a9 attack each other.
    // Cd2+ Ke9 Rxa9 would win the rook, but checks that end by taking the
    // offered piece are the offer, not a chase. Neither rook is protected,
    // so the trade is not even: Black takes the rook a1 for nothing, which
    // the move offers (献), not an exchange (兑).
    let n = nature(CXA, "r1bk5/9/9/9/3P5/N8/9/7C1/R8/5K3 w", "a4c3");
    assert_eq!(n.nature, Nature::Sacrifice, "{n:?}");
    // Protected by the horse c2, the rook a1 trades evenly: an exchange offer.
    let n = nature(CXA, "r1bk5/9/9/9/3P5/N8/9/2N4C1/R8/5K3 w", "a4c3");
    assert_eq!(n.nature, Nature::Exchange, "{n:?}");
    // The rook d6 screens the cannons d5 and d7, which attack each other.
    // Cxd7+ would be check, and the rook d6 would then take the black rook d4;
    // but checks that begin by taking the offered piece are the exchange too
    // (the horse c3 keeps the trade even against Cxd5 Rxd5 Rxd5).
    let n = nature(CXA, "3k5/3na4/3c5/R8/3C5/3r5/2N6/9/9/5K3 w", "a6d6");
    assert_eq!(n.nature, Nature::Exchange, "{n:?}");
    // Without it, Black's Cxd5 wins a cannon through the exchange: the move
    // offers the cannon d5 (献), still no chase.
    let n = nature(CXA, "3k5/3na4/3c5/R8/3C5/3r5/9/9/9/5K3 w", "a6d6");
    assert_eq!(n.nature, Nature::Sacrifice, "{n:?}");
}

#[test]
fn a_capture_that_would_be_mated_is_no_chase() {
    // The red rook c5 guards c2 and c1 against Nc2#; taking the black cannon g5
    // would allow that mate, so attacking it is not a chase (29.4).
    let n = nature(CXA, "5k3/4r4/9/9/6c2/3n5/2R6/3A5/8r/3K5 w", "c3c5");
    assert!(!n.nature.is_attack(), "{n:?}");
    // Without the black rook i1 the king escapes to d1 (where the advisor d2
    // shields it from Rd8+): the same move chases.
    let n = nature(CXA, "5k3/4r4/9/9/6c2/3n5/2R6/3A5/9/3K5 w", "c3c5");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
}

#[test]
fn a_capture_that_would_be_mated_by_checks_is_no_chase() {
    // The red rook c3-c5 attacks the unprotected black cannon g5 and still
    // guards c2. Rxg5 would leave c2 to the black horse: Nc2+ Kd1 Ri1# (the
    // pawn d3 holds d2, the rook e8 the e-file). Mated by checks, not at
    // once: no chase all the same (29.4 "不致被将死").
    let fen = "5k3/4r4/9/8r/6c2/1n7/2Rp2p2/9/9/3K5 w";
    let n = nature(CXA, fen, "c3c5");
    assert!(!n.nature.is_attack(), "{n:?}");
    let reasons = cycle_reasons(CXA, fen, &rep("c3c5 f9f8 c5c3 f8f9", 2), Lang::En);
    assert!(
        reasons[0].ends_with(
            "red rook c5 attacks black cannon g5, but taking it would allow mate: no chase"
        ),
        "{}",
        reasons[0]
    );
    // Without the black rooks nothing mates after Rxg5: a chase.
    let n = nature(CXA, "5k3/9/9/9/6c2/1n7/2Rp2p2/9/9/3K5 w", "c3c5");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("g5")]);
    // AXF asks no such question.
    assert_eq!(nature(AXF, fen, "c3c5").nature, Nature::Chase);
}

#[test]
fn taking_an_unprotected_piece_is_a_chase_even_if_an_equal_piece_is_lost_elsewhere() {
    // Rook b9-c9 attacks the unprotected black horse c7; taking it would leave
    // the red cannon a9 to the black rook a3, an even trade: still a chase.
    let n = nature(CXA, "CR7/5k3/2n6/9/9/9/r8/9/9/3K5 w", "b9c9");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("c7")]);
}

#[test]
fn taking_an_unprotected_piece_that_loses_more_elsewhere_is_a_chase_under_axf_only() {
    // The same, with a black elephant c5 (worth less than the cannon) as the target:
    // CXA counts the net gain, AXF only whether the target has a real root.
    let fen = "CR7/5k3/9/9/2b6/9/r8/9/9/3K5 w";
    let n = nature(CXA, fen, "b9c9");
    assert!(!n.nature.is_attack(), "{n:?}");
    let n = nature(AXF, fen, "b9c9");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("c5")]);
}

#[test]
fn a_piece_that_hangs_on_both_sides_of_the_move_is_a_price_of_the_capture() {
    // Rook b9-c9 attacks the unprotected black elephant c5 while the black
    // rook a3 attacks the red cannon a4, before the move and after it. Rxc5
    // spends the move that could save the cannon, and Black answers Rxa4:
    // an elephant for a cannon, 得不偿失 (CXA 26.5): no chase.
    let n = nature(CXA, "1R7/5k3/9/9/2b6/C8/r8/9/9/3AK4 w", "b9c9");
    assert!(!n.nature.is_attack(), "{n:?}");
    // A cannon on c5 is won for the cannon a4, as much as it costs: a chase.
    let n = nature(CXA, "1R7/5k3/9/9/2c6/C8/r8/9/9/3AK4 w", "b9c9");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!((n.targets[0], n.chases[0].gain), (sq("c5"), 0));
    // With nothing of Red's hanging, the elephant is won whole.
    let n = nature(CXA, "1R7/5k3/9/9/2b6/C8/9/9/9/3AK4 w", "b9c9");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!((n.targets[0], n.chases[0].gain), (sq("c5"), 2));
}

#[test]
fn a_move_that_lifts_a_lesser_price_while_a_greater_one_stands_chases_nothing() {
    // Random CXA cycles in which Fairy-Stockfish's search finds no gain in
    // the capture a move seemed to make new (29.2): a piece of the mover's
    // hangs on both sides of the move, and the capture spends the move that
    // could save it.
    // Cycle 110: the king's return to e0 protects the advisor d0 from the
    // black horse c2, but the same horse takes the horse b0 after Cxi4,
    // with the king on e0 or f0: the pawn i4 costs a horse either way.
    let fen = "2b1ka1nr/1c2r3C/5a2b/2p6/p1P2P3/8p/2RpP3P/B1n2A3/9/1NBAK3R w - - 0 33";
    let r = repetition(&play(CXA, fen, "e0f0 b8a8 f0e0 a8b8"));
    assert_eq!(natures(&r, Color::Red), vec![Nature::Idle, Nature::Idle]);
    // Cycle 220: the king's step to f0 protects the rook g0 from the win by
    // checks that Cxd7 allowed, but Cxd7 leaves the horse d4, its screen,
    // to the black rook e4 on either side: an advisor for a horse.
    let fen = "r2k1abn1/9/n2a2c2/2p1c1p1p/R1b6/2PNr4/3C4P/B7B/4AN3/3AK1R2 w - - 1 38";
    let r = repetition(&play(CXA, fen, "e0f0 g7g8 f0e0 g8g7"));
    assert_eq!(natures(&r, Color::Red), vec![Nature::Idle, Nature::Idle]);
    // Cycle 774: the cannon g4's attack on the elephant g0 (over the pawn
    // g3) leaves the black rook i7 to the red cannon c7 (over the horse g7),
    // as before the move: a sacrifice of the cannon, no chase.
    let fen = "r2k1a3/9/2C3n1r/2p6/2b1p1p1p/p3P2c1/2P3P1P/R2C5/4AR3/1NBAK1BN1 b - - 6 20";
    let cycle = "h4g4 a2b2 g4h4 b2a2";
    let r = repetition(&play(CXA, fen, cycle));
    assert_eq!(
        natures(&r, Color::Black),
        vec![Nature::Sacrifice, Nature::Idle]
    );
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::En)[0],
        "offers black cannon g4 to red pawn g3, which can take it and win material: black cannon \
         g4 attacks red elephant g0, but taking it would lose black rook i7 elsewhere, more than \
         it wins"
    );
}

#[test]
fn a_move_that_changes_nothing_makes_no_chase_of_a_piece_already_attacked() {
    // The red rook c0 attacks the unprotected black elephant c5 while black
    // can take the horse e2 anyway, before and after any red move: the pawn's
    // step a3-a4 changes neither, so it chases nothing.
    let n = nature(CXA, "4k4/9/9/9/2b6/9/P8/4N2r1/9/2RK5 w", "a3a4");
    assert!(!n.nature.is_attack(), "{n:?}");
}

#[test]
fn an_attack_the_victim_walked_into_is_no_chase() {
    // 参考图21/22 ("其因果关系，是红方自己造成的，判闲"): the red horse steps
    // from c2 to b4, into the line of the black rook on rank 4, and back; the
    // rook shuttles along the rank, still attacking the horse. Red made the
    // attack, so Black's moves are idle, under both rule sets.
    for (rules, clause) in [(CXA, "CXA 2020 25.2"), (AXF, "AXF rule 5")] {
        let r = decisive(
            rules,
            "4k4/4a4/9/9/9/7r1/9/2N6/9/3K5 w",
            "c2b4 h4i4 b4c2 i4h4",
            CycleOutcome::Draw,
            clause,
        );
        assert_eq!(
            natures(&r, Color::Black),
            [Nature::Idle, Nature::Idle],
            "{rules}"
        );
    }
}

#[test]
fn a_gain_on_the_square_cancelled_by_a_piece_lost_elsewhere_still_chases() {
    // CXA 26.5: "完整互吃后价值相当或得子者，按捉，得不偿失者，按闲". The red
    // horse steps to b5 and attacks the black rook a7, protected by the
    // elephant c9: the exchange on a7 wins a rook for the horse, but black
    // answers Nxa7 by taking the red rook i5 with the horse h7 instead, a
    // rook for a rook: equal value, a chase, as an unprotected rook taken
    // for a rook lost elsewhere is.
    let fen = "2b1k4/9/r6n1/9/8R/3N5/9/9/9/3K5 w";
    let n = nature(CXA, fen, "d4b5");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("a7")]);
    let reason = n.reason(Lang::En);
    assert!(reason.contains("equal value counts (CXA 26.5)"), "{reason}");
    // Without the red rook i5 nothing is lost elsewhere: a rook for a horse.
    let n = nature(CXA, "2b1k4/9/r6n1/9/9/3N5/9/9/9/3K5 w", "d4b5");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
}

#[test]
fn a_new_threat_to_a_crossed_pawn_is_not_weighed_against_pieces_lost_elsewhere() {
    // Rook d6-f6 attacks the unprotected crossed black pawn f4. Rxf4 would
    // leave the horse b6 to the black rook b8, but a pawn's value floats and
    // is not weighed against pieces (CXA): the move chases the pawn.
    let n = nature(CXA, "4k4/1r7/9/1N1R5/9/5p3/9/3A5/9/3K5 w", "d6f6");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("f4")]);
    // With the rook on f6 already, a move that changes nothing (the advisor's
    // step) makes no chase: the capture was there before, and is weighed the
    // same way on both sides of the move.
    let n = nature(CXA, "4k4/1r7/9/1N3R3/9/5p3/9/3A5/9/3K5 w", "d2e1");
    assert!(!n.nature.is_attack(), "{n:?}");
    // Nor does the rook's own step along the file, to f7: it could take the
    // pawn before (for the horse b6) and can after (for the horse b6, which
    // it now leaves anyway): the pawn is weighed alike on both sides, not
    // exempted after the move only because the rook took it from f6 before.
    let n = nature(CXA, "4k4/1r7/9/1N3R3/9/5p3/9/3A5/9/3K5 w", "f6f7");
    assert!(!n.nature.is_attack(), "{n:?}");
}

#[test]
fn a_piece_won_by_checks_that_hangs_anyway_is_no_price_before_the_move() {
    // Rc3xc2 wins the unprotected black horse. With the king on e0 black may
    // answer Re8xe3+ and then take the cannon i8, but the rook i9 takes that
    // cannon at once anyway, with the king on e0 or f0 and whether or not
    // the horse is taken: the checks cost the capture nothing, so the king's
    // step to f0, after which they are gone, makes no new chase (CXA 29.2).
    let fen = "2b1ka1nr/1c2r3C/5a2b/2p6/p1P2P3/8p/2RpP3P/B1n2A3/9/1NBAK3R w";
    let n = nature(CXA, fen, "e0f0");
    assert!(!n.nature.is_attack(), "{n:?}");
}

#[test]
fn an_even_exchange_that_wins_a_piece_which_cost_a_hanging_piece_before_is_a_new_chase() {
    // Before b7-b6 the elephant a7 can take the crossed red pawn c5, but
    // then the red cannon b1 takes the horse b9 over the cannon b7: a pawn
    // for a horse. The cannon on b6 blocks the elephant's eye and offers
    // Cxb0 Rxb0 then Bxc5: a horse and the pawn for the cannon, and the
    // cannon b6, the screen of b1's capture, is gone with the exchange. The
    // pawn, won before only at a price, is won for more (29.2, as 图3).
    let fen = "1n1a1a2r/r1C6/bc2k1n1b/2p1p1pc1/p1P5p/P3P4/4N1P1P/9/1C7/RNBAKABR1 b";
    let n = nature(CXA, fen, "b7b6");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    let chase = &n.chases[0];
    assert_eq!(
        (chase.target, chase.kind),
        (sq("b0"), ThreatKind::RemovesDefender)
    );
    assert_eq!(chase.won_after.map(|w| w.0), Some(sq("c5")));
    // The stake, a pawn that stood threatened for as much at no price,
    // would make nothing new: without the red cannon b1 Bxc5 costs nothing.
    let fen = "1n1a1a2r/r1C6/bc2k1n1b/2p1p1pc1/p1P5p/P3P4/4N1P1P/9/9/RNBAKABR1 b";
    let n = nature(CXA, fen, "b7b6");
    assert!(!n.nature.is_attack(), "{n:?}");
}

#[test]
fn a_move_that_lets_a_piece_be_won_for_more_chases_it_anew() {
    // Rxa7 wins the unprotected black horse, but before the elephant moves
    // black takes the elephant e2 back (net +2). Stepping to c4 lets the horse
    // be won outright: a new threat, so the elephant's move chases (CXA 29.2,
    // as in the rulebook's 图3).
    let fen = "4k4/9/n8/9/9/9/R8/4B3r/4A4/3K5 w";
    let n = nature(CXA, fen, "e2c4");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("a7")]);
    assert_eq!(n.chases[0].gain, 4);
    let price = n.chases[0].price_before.expect("a price before the move");
    assert_eq!((price.square, price.value), (sq("e2"), 2));
    let reason = n.reason(Lang::En);
    // The threat stood at a price: the reason says the move raised the gain.
    assert!(
        reason.ends_with(
            "before this move, taking it cost red elephant e2: the move raises the gain"
        ),
        "{reason}"
    );
    let zh = n.reason(Lang::Zh);
    assert!(
        zh.ends_with("此着前吃之须失红相(e2)，此着后所得更多）"),
        "{zh}"
    );
}

#[test]
fn a_mate_that_only_follows_winning_a_chased_piece_is_that_chase() {
    // CXA 图17: the rook's return to b7 attacks the black rook c7, pinned
    // against its king and able only to take back (不能离线): a chase. Every
    // mate from there starts with Rxc7+ and is longer than that capture, so
    // the move is the chase carried through, not a mate threat.
    let n = nature(
        CXA,
        "1R3a3/1R2a4/b1rk3r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w",
        "b8b7",
    );
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("c7")]);
    // CXA 图18: the black king's step to d9 threatens Rxd2, a capture that
    // mates at once: a mate threat.
    let n = nature(CXA, "4ka3/4a4/b3b4/9/9/4R4/4n4/3Ar4/3KA4/9 b", "e9d9");
    assert_eq!(n.nature, Nature::MateThreat, "{n:?}");
}

#[test]
fn a_capture_lost_back_after_checks_is_weighed_as_a_mutual_capture() {
    // The red horse comes to b3. After Nxc5 the black rook uncovers the
    // horse e3's check (Rc2+) and takes the horse on c5 after Kf0: a cannon
    // for a horse, equal value, still a chase (CXA 26.5), winning nothing.
    // (The elephant c0 stops Rc0+ Ad0 and mate after Kf0, 29.4.)
    let n = nature(CXA, "3ak4/4a4/9/9/2c6/9/4n4/4rA3/2N1AK3/2B6 w", "c1b3");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("c5")]);
    assert_eq!(n.chases[0].gain, 0);
    // Without it, Nxc5 lets Black mate by checks: no chase.
    let n = nature(CXA, "3ak4/4a4/9/9/2c6/9/4n4/4rA3/2N1AK3/9 w", "c1b3");
    assert!(!n.nature.is_attack(), "{n:?}");
    // An elephant there is taken the same way but is worth less than the
    // horse given for it: no chase. (A red pawn a7 makes the horse not the
    // lone attacker of a defending side, CXA 26.2.)
    let n = nature(CXA, "3ak4/4a4/P8/9/2b6/9/4n4/4rA3/2N1AK3/2B6 w", "c1b3");
    assert!(!n.nature.is_attack(), "{n:?}");
}

#[test]
fn a_piece_that_joins_a_standing_exchange_presses_it() {
    // The red horse f5 (protected by the rook f0) and the black horse h6
    // (protected by the rook h9) can take each other. The red rook joins on
    // a6: h6 is now won, but only with the horse, and h6 can still trade
    // itself for f5. The rook presses the exchange (兑, CXA 图21). (Black's
    // advisors keep the rook h9 from being mated by checks once it takes
    // back: without them it is a false root, and h6 is won outright.)
    let n = nature(CXA, "3aka1r1/9/9/7n1/5N3/9/9/9/9/R2K1R3 w", "a0a6");
    assert_eq!(n.nature, Nature::Exchange, "{n:?}");
    assert_eq!(
        n.reason(Lang::En),
        "red rook a6 backs the exchange of red horse f5 for black horse h6"
    );
    assert_eq!(n.reason(Lang::Zh), "红车(a6)助兑：红马(f5)兑黑马(h6)");
    // Unprotected, h6 falls to the rook alone: a chase, trade or not.
    let n = nature(CXA, "4k4/9/9/7n1/5N3/9/9/9/9/R2K1R3 w", "a0a6");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("h6")]);
}

#[test]
fn a_threat_that_stood_beside_an_exchange_is_not_new() {
    // The red rook a6 already wins the unprotected black horse h6, which
    // could trade itself for the red horse f5. A king step changes nothing:
    // no chase, under either rule set.
    for rules in [CXA, AXF] {
        let n = nature(rules, "4k4/9/9/R6n1/5N3/9/9/9/9/3K1R3 w", "d0d1");
        assert!(!n.nature.is_attack(), "{rules}: {n:?}");
    }
}

#[test]
fn a_move_that_makes_the_pair_and_the_joint_attack_chases() {
    // The red rook a6 already attacks the black horse h6, protected by the
    // rook h9. The red horse comes to f5: it offers itself for h6 (兑) and
    // with the rook wins it (捉): the heavier nature counts (CXA 图11, 图25).
    let n = nature(CXA, "4k2r1/9/9/R6n1/9/9/4N4/9/9/3K1R3 w", "e3f5");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("h6")]);
}

#[test]
fn protecting_a_piece_offered_for_nothing_makes_an_exchange_offer() {
    // The black horse h6 could take the unprotected red horse f5 for nothing;
    // the red rook's return to f0 protects it, so the horses now stand for
    // an even exchange (兑, CXA 图30a).
    let n = nature(CXA, "4k2r1/9/9/7n1/5N3/9/9/9/9/3K4R w", "i0f0");
    assert_eq!(n.nature, Nature::Exchange, "{n:?}");
    assert_eq!(
        n.reason(Lang::En),
        "offers to exchange red horse f5 for black horse h6"
    );
}

#[test]
fn a_piece_that_makes_the_partner_s_own_capture_win_backs_the_exchange() {
    // CXA 图30a after 炮八退四: the black rook returns to f6 and attacks the
    // red horse e6. Taking it first loses the rook to the cannon e2; but the
    // horse c7 takes e6, and after the cannon takes back, the rook takes the
    // cannon. The horses stood offered before: the rook backs the exchange.
    let fen = "2bakab2/9/2n1c3c/p1p1N3p/7n1/2P6/P3P1P1P/1C2CrN2/9/1RBAKAB2 b";
    let n = nature(CXA, fen, "f2f6");
    assert_eq!(n.nature, Nature::Exchange, "{n:?}");
    assert_eq!(
        n.reason(Lang::En),
        "black rook f6 backs the exchange of black horse c7 for red horse e6"
    );
    assert_eq!(n.reason(Lang::Zh), "黑车(f6)助兑：黑马(c7)兑红马(e6)");
}

#[test]
fn an_exchange_offer_is_idle() {
    // The red rook h5, protected by the horse g3, faces the black rook a5.
    for rules in [CXA, AXF] {
        let n = nature(rules, "3k5/9/9/9/r8/9/6N2/9/9/4K2R1 w", "h0h5");
        assert_eq!(n.nature, Nature::Exchange, "{rules}: {n:?}");
        assert!(!n.nature.is_attack());
    }
}

// --------------------------------------- verdict tables on given natures
//
// Cycles where both sides attack on every move are hard to build by hand; the
// verdict tables are checked on a four-ply king shuffle with given natures.

const SHUFFLE: &str = "3k5/9/9/9/9/9/9/9/9/4K4 w";

fn ruled(rules: RuleSet, red: [MoveNature; 2], black: [MoveNature; 2]) -> CycleRuling {
    let start = position(SHUFFLE);
    let moves: Vec<Move> = ["e0e1", "d9d8", "e1e0", "d8d9"]
        .iter()
        .map(|m| Move::parse_uci(m).unwrap())
        .collect();
    let [r0, r1] = red;
    let [b0, b1] = black;
    rule_cycle(rules, &start, &moves, &[r0, b0, r1, b1])
}

fn given(nature: Nature, chases: &[(&str, ThreatKind)]) -> MoveNature {
    let chases: Vec<Threat> = chases
        .iter()
        .map(|&(target, kind)| Threat {
            target: sq(target),
            piece: Piece::new(Color::Black, Role::Horse),
            attacker: sq("a0"),
            by: Piece::new(Color::Red, Role::Rook),
            kind,
            gain: 4,
            lost_elsewhere: None,
            price_before: None,
            first_check: None,
            won_after: None,
            false_roots: Vec::new(),
            exchange_with: None,
        })
        .collect();
    MoveNature {
        nature,
        targets: chases.iter().map(|t| t.target).collect(),
        attackers: chases.iter().map(|t| t.attacker).collect(),
        chases,
        why: if nature == Nature::Chase {
            Why::Chase
        } else {
            Why::Idle
        },
    }
}

fn check() -> MoveNature {
    given(Nature::Check, &[])
}

fn mate() -> MoveNature {
    given(Nature::MateThreat, &[])
}

fn idle() -> MoveNature {
    given(Nature::Idle, &[])
}

fn chase(kind: ThreatKind) -> MoveNature {
    given(Nature::Chase, &[("c5", kind)])
}

#[test]
fn cxa_mixed_attacks_are_forbidden() {
    let one_check_one_mate = ruled(CXA, [check(), mate()], [idle(), idle()]);
    assert_eq!(one_check_one_mate.red.pattern(Lang::Zh), "一将一杀");
    assert_eq!(
        one_check_one_mate.outcome,
        CycleOutcome::MustVary(Color::Red)
    );
    let one_mate_one_chase = ruled(
        CXA,
        [idle(), idle()],
        [mate(), chase(ThreatKind::Unprotected)],
    );
    assert_eq!(one_mate_one_chase.black.pattern(Lang::Zh), "一杀一捉");
    assert_eq!(
        one_mate_one_chase.outcome,
        CycleOutcome::MustVary(Color::Black)
    );
}

#[test]
fn cxa_both_forbidden_is_a_draw_unless_one_side_only_checks() {
    let both = ruled(
        CXA,
        [
            chase(ThreatKind::Unprotected),
            chase(ThreatKind::Unprotected),
        ],
        [mate(), mate()],
    );
    assert_eq!(both.outcome, CycleOutcome::Draw);
    assert_eq!(both.clause.to_string(), "CXA 2020 26.9.4");
    assert_eq!(
        both.clause.name(Lang::Zh),
        "《象棋竞赛规则（2020版）》第26.9.4条"
    );
    let mutual_check = ruled(CXA, [check(), check()], [check(), check()]);
    assert_eq!(mutual_check.outcome, CycleOutcome::Draw);
    let check_against_chase = ruled(
        CXA,
        [check(), check()],
        [
            chase(ThreatKind::Unprotected),
            chase(ThreatKind::Unprotected),
        ],
    );
    assert_eq!(
        check_against_chase.outcome,
        CycleOutcome::MustVary(Color::Red)
    );
    assert_eq!(check_against_chase.clause.to_string(), "CXA 2020 25.1");
}

#[test]
fn cxa_2020_single_chaser_varies_against_a_joint_chase() {
    // 26.9.2: Red chases the rook perpetually alone, Black chases jointly.
    let on_rook = || chase_on("c5", Role::Rook, ThreatKind::RookByLesser);
    let rook = ruled(
        CXA,
        [on_rook(), on_rook()],
        [
            chase(ThreatKind::Outnumbered),
            chase(ThreatKind::Outnumbered),
        ],
    );
    assert_eq!(rook.outcome, CycleOutcome::MustVary(Color::Red));
    assert_eq!(rook.clause.to_string(), "CXA 2020 26.9.2");
    assert_eq!(
        rook.explanation(Lang::Zh),
        "红方长捉车，黑方联合捉：红方变着，不变作负"
    );
    // 26.9.3: Black chases an unprotected piece alone, Red chases jointly.
    let unprotected = ruled(
        CXA,
        [
            chase(ThreatKind::Outnumbered),
            chase(ThreatKind::Outnumbered),
        ],
        [
            chase(ThreatKind::Unprotected),
            chase(ThreatKind::Unprotected),
        ],
    );
    assert_eq!(unprotected.outcome, CycleOutcome::MustVary(Color::Black));
    assert_eq!(unprotected.clause.to_string(), "CXA 2020 26.9.3");
    assert_eq!(
        unprotected.explanation(Lang::En),
        "black chases an unprotected piece perpetually, red chases jointly: black must vary, else black loses"
    );
    // A rook on one move, an unprotected piece on the other: both clauses.
    let mixed = ruled(
        CXA,
        [on_rook(), chase(ThreatKind::Unprotected)],
        [
            chase(ThreatKind::Outnumbered),
            chase(ThreatKind::Outnumbered),
        ],
    );
    assert_eq!(mixed.outcome, CycleOutcome::MustVary(Color::Red));
    assert_eq!(mixed.clause.to_string(), "CXA 2020 26.9.2, 26.9.3");
    assert_eq!(
        mixed.clause.name(Lang::Zh),
        "《象棋竞赛规则（2020版）》第26.9.2、26.9.3条"
    );
    // The 2011 edition has no such tie-breaker: both forbidden is a draw.
    let old = ruled(
        RuleSet::Cxa2011,
        [
            chase(ThreatKind::RookByLesser),
            chase(ThreatKind::RookByLesser),
        ],
        [
            chase(ThreatKind::Outnumbered),
            chase(ThreatKind::Outnumbered),
        ],
    );
    assert_eq!(old.outcome, CycleOutcome::Draw);
}

#[test]
fn cxa_2020_a_move_that_chases_a_rook_alone_and_a_piece_jointly_is_a_single_chase() {
    // A reading: each red move chases the rook c5 alone and the horse g5
    // jointly; Red still "单方长捉车" (26.9.2) against Black's joint chases.
    let both = || {
        let mut m = given(
            Nature::Chase,
            &[
                ("c5", ThreatKind::RookByLesser),
                ("g5", ThreatKind::Outnumbered),
            ],
        );
        m.chases[0].piece = Piece::new(Color::Black, Role::Rook);
        m
    };
    let joint = || chase(ThreatKind::Outnumbered);
    let r = ruled(CXA, [both(), both()], [joint(), joint()]);
    assert_eq!(r.outcome, CycleOutcome::MustVary(Color::Red));
    assert_eq!(r.clause.to_string(), "CXA 2020 26.9.2");
}

#[test]
fn cxa_2020_a_piece_won_alone_counts_as_unprotected_in_26_9_3() {
    // A reading: 29.3 calls every piece a chase may win "无根子" (含假根子、少根子),
    // so a side that wins a protected piece alone, with a cheaper attacker
    // or by checks, chases "无根子" in 26.9.3 as much as one that takes an
    // unprotected piece, and varies against a joint chase. Only the joint
    // chases (少根子, a false root made by another piece) are 联合捉.
    for kind in [ThreatKind::Cheaper, ThreatKind::AfterChecks] {
        let r = ruled(
            CXA,
            [chase(kind), chase(kind)],
            [
                chase(ThreatKind::Outnumbered),
                chase(ThreatKind::Outnumbered),
            ],
        );
        assert_eq!(r.outcome, CycleOutcome::MustVary(Color::Red), "{kind:?}");
        assert_eq!(r.clause.to_string(), "CXA 2020 26.9.3", "{kind:?}");
    }
}

#[test]
fn cxa_2020_a_chase_through_a_defender_mated_for_taking_back_is_joint_in_26_9() {
    // 26.9.3 "凡单方长捉无根子，对方联合捉无根子，前者变着". A piece whose only
    // defender would be mated for taking back is won by the capturer and the
    // pieces that then mate together: a joint chase (联合捉), as a piece whose
    // defender another piece pins (图11, 车炮联合捉子). A cycle from a random
    // game, and the same with the colours swapped, each side in turn the
    // joint chaser, against a perpetual chase of unprotected pieces (长捉无根子).
    let cases = [
        // Red: a2b2, the rook b2 on the cannon b3, whose only defender, the
        // pawn a3, would be mated for taking back; then b2a2, the horse c2 on
        // the pawn a3. Black: its rook and horse on the pawn c7.
        (
            "2ba1a1n1/2r1n4/2P1k3b/4p1p2/7Cp/7C1/pc2P1P1P/R1N3NR1/3cA4/2BA1K3 b",
            "e8g7 a2b2 g7e8 b2a2",
            Color::Black,
            sq("b3"),
        ),
        // The board turned over, red for black: Black's rook b7 on the
        // cannon b6, whose only defender, the pawn a6, would be mated for
        // taking back; Red's rook and horse on the pawn c2.
        (
            "2ba1k3/3Ca4/r1n3nr1/PC2p1p1p/7c1/7cP/4P1P2/2p1K3B/2R1N4/2BA1A1N1 w",
            "e1g2 a7b7 g2e1 b7a7",
            Color::Red,
            sq("b6"),
        ),
    ];
    for (fen, cycle, single, target) in cases {
        let r = decisive(
            CXA,
            fen,
            cycle,
            CycleOutcome::MustVary(single),
            "CXA 2020 26.9.3",
        );
        let joint = !single;
        assert_eq!(
            r.cycle.ground.0,
            format!("{single} chases an unprotected piece perpetually, {joint} chases jointly")
        );
        // The joint chase is the one through the defender mated for taking back.
        let mut natures: Vec<MoveNature> = r
            .moves
            .iter()
            .map(|m| MoveNature::clone(&m.nature))
            .collect();
        let mut tied = 0;
        for n in &mut natures {
            for t in &mut n.chases {
                if t.false_roots.iter().any(|f| f.mated) {
                    assert_eq!(t.target, target, "{fen}");
                    assert!(t.false_roots.iter().all(|f| f.mated), "{fen}");
                    t.false_roots.clear();
                    tied += 1;
                }
            }
        }
        assert_eq!(tied, 1, "{fen}");
        // The piece plain unprotected, without that false root, the chase
        // would be single: both sides chase alone, no tie-breaker (26.9.4).
        let moves: Vec<Move> = r.moves.iter().map(|m| m.mv).collect();
        let alone = rule_cycle(CXA, &r.start, &moves, &natures);
        assert_eq!(alone.outcome, CycleOutcome::Draw, "{fen}");
        assert_eq!(alone.clause.to_string(), "CXA 2020 26.9.4", "{fen}");
    }
}

/// A chase of a black `role` on `target` of `kind` (the verdict tables read
/// the kind, the target and the piece).
fn chase_on(target: &str, role: Role, kind: ThreatKind) -> MoveNature {
    let mut nature = chase(kind);
    nature.chases[0].target = sq(target);
    nature.chases[0].piece = Piece::new(Color::Black, role);
    nature.targets = vec![sq(target)];
    nature
}

#[test]
fn cxa_2020_verdicts_follow_every_row_of_the_diagram_pattern_table() {
    // rules.md §3.6: the patterns of the 2020 diagrams, Red listed first.
    // Lone chases of a rook and of unprotected pieces, joint chases (少根子).
    let rook = || chase_on("c5", Role::Rook, ThreatKind::RookByLesser);
    let other_rook = || chase_on("c6", Role::Rook, ThreatKind::RookByLesser);
    let loose = || chase_on("d5", Role::Cannon, ThreatKind::Unprotected);
    let other_loose = || chase_on("d6", Role::Cannon, ThreatKind::Unprotected);
    let joint = || chase_on("e5", Role::Horse, ThreatKind::Outnumbered);
    let joint_rook = || chase_on("e5", Role::Rook, ThreatKind::Outnumbered);
    let block = || given(Nature::Block, &[]);
    let exchange = || given(Nature::Exchange, &[]);
    let red = CycleOutcome::MustVary(Color::Red);
    let black = CycleOutcome::MustVary(Color::Black);
    let draw = CycleOutcome::Draw;
    let rows: Vec<(&str, [MoveNature; 2], [MoveNature; 2], CycleOutcome)> = vec![
        ("长捉 / 一捉一闲", [loose(), loose()], [rook(), idle()], red),
        ("长将 / 两闲", [check(), check()], [idle(), idle()], red),
        ("一将一捉 / 两闲", [check(), loose()], [idle(), idle()], red),
        ("长杀 / 长拦", [mate(), mate()], [block(), block()], red),
        (
            "长兑 / 长杀",
            [exchange(), exchange()],
            [mate(), mate()],
            black,
        ),
        ("长杀 / 长杀", [mate(), mate()], [mate(), mate()], draw),
        (
            "长捉无根子 / 长捉车",
            [loose(), loose()],
            [rook(), rook()],
            draw,
        ),
        (
            "长捉无根子 / 长杀",
            [loose(), loose()],
            [mate(), mate()],
            draw,
        ),
        (
            "一将一捉 / 长杀",
            [check(), loose()],
            [mate(), mate()],
            draw,
        ),
        (
            "一将一捉 / 一杀一捉",
            [check(), loose()],
            [mate(), rook()],
            draw,
        ),
        (
            "长捉车 / 联合捉车",
            [rook(), rook()],
            [joint_rook(), joint_rook()],
            red,
        ),
        (
            "长捉车 / 一捉无根子+一联合捉",
            [rook(), rook()],
            [loose(), joint()],
            red,
        ),
        (
            "联合捉 / 长捉车",
            [joint(), joint()],
            [rook(), rook()],
            black,
        ),
        (
            "一捉无根子+一联合捉 / 长捉车",
            [loose(), joint()],
            [rook(), rook()],
            black,
        ),
        (
            "长捉无根子 / 联合捉",
            [loose(), loose()],
            [joint(), joint()],
            red,
        ),
        (
            "长捉无根子 / 一联合捉+一杀",
            [loose(), loose()],
            [joint(), mate()],
            red,
        ),
        (
            "长捉无根子 / 一捉无根子+一捉少根子",
            [loose(), loose()],
            [other_loose(), joint()],
            red,
        ),
        (
            "联合捉 / 长捉无根子",
            [joint(), joint()],
            [loose(), loose()],
            black,
        ),
        (
            "一捉无根子+一联合捉 / 长捉无根子",
            [other_loose(), joint()],
            [loose(), loose()],
            black,
        ),
        (
            "一捉车+一捉无根子 / 长捉少根子",
            [rook(), loose()],
            [joint(), joint()],
            red,
        ),
        (
            "长捉车 (two rooks) / 联合捉",
            [rook(), other_rook()],
            [joint(), joint()],
            red,
        ),
        (
            "一将一闲 / 一捉一闲",
            [check(), idle()],
            [loose(), idle()],
            draw,
        ),
        (
            "长兑 / 两闲",
            [exchange(), exchange()],
            [idle(), idle()],
            draw,
        ),
    ];
    for (row, r, b, expected) in rows {
        assert_eq!(ruled(CXA, r, b).outcome, expected, "{row}");
    }
}

#[test]
fn axf_mutual_perpetual_check_is_a_draw_and_check_outranks_chase() {
    let mutual = ruled(AXF, [check(), check()], [check(), check()]);
    assert_eq!(mutual.outcome, CycleOutcome::Draw);
    assert_eq!(mutual.clause.to_string(), "AXF rule 7");
    // Perpetual check against a perpetual chase of one piece: the checker loses.
    let black_chase = ruled(
        AXF,
        [check(), check()],
        [
            chase(ThreatKind::Unprotected),
            chase(ThreatKind::Unprotected),
        ],
    );
    assert_eq!(black_chase.outcome, CycleOutcome::MustVary(Color::Red));
}

#[test]
fn a_reply_to_check_that_renews_a_suspended_threat_is_a_chase() {
    // The red rook a7 attacks the unprotected black horse g7. The black rook
    // checks from d5 and the red advisor blocks on d2. In the checked position
    // Red could not take the horse, so the block renews the threat: 26.1.4
    // ("如应将前不存在，按捉") read on the position before the reply, as the
    // rulebook's diagram 19 does for a mate threat renewed by a block.
    // The same with the colours swapped: the black rook i2 and horse c2.
    let cases = [
        (
            "5k3/9/R5n2/9/2r6/9/9/9/4A4/3K5 b",
            "c5d5 e1d2 d5c5 d2e1",
            Color::Red,
        ),
        (
            "5k3/4a4/9/9/9/6R2/9/2N5r/9/3K5 w",
            "g4f4 e8f7 f4g4 f7e8",
            Color::Black,
        ),
    ];
    for (fen, cycle, blocker) in cases {
        for rules in [CXA, AXF] {
            let r = repetition(&play(rules, fen, &rep(cycle, 2)));
            assert_eq!(
                natures(&r, !blocker),
                vec![Nature::Check, Nature::Idle],
                "{rules} {fen}"
            );
            assert_eq!(natures(&r, blocker)[0], Nature::Chase, "{rules} {fen}");
            assert!(!natures(&r, blocker)[1].is_attack(), "{rules} {fen}");
            assert_eq!(r.cycle.side(blocker).pattern(Lang::Zh), "一捉一闲");
            assert_eq!(r.cycle.outcome, CycleOutcome::Draw, "{rules} {fen}");
        }
    }
}

#[test]
fn a_reply_to_check_that_renews_a_mate_threat_the_check_suspended_is_a_mate_threat() {
    // 26.1.4 "如应将前不存在，按杀": the threat is asked of the checked
    // position, not of the one before the check. A rook on a8 (h1) holds the
    // king's rank and a rook on b1 (h8) threatens to mate on the back rank;
    // the enemy rook checks on the e-file and an advisor blocks,
    // renewing the threat that stood before the check: 杀, as the rulebook's
    // diagram 19 rules 炮2平4, which renews a mate threat its 炮4平2 made
    // before Red's check.
    let cases = [
        (
            "5k3/R8/9/9/9/2P1P4/2r6/9/1R7/3AK4 b",
            "c3e3 d0e1 e3c3 e1d0",
            Color::Red,
        ),
        (
            "4ka3/7r1/9/6R2/4p1p2/9/9/9/8r/3K5 w",
            "g6e6 f9e8 e6g6 e8f9",
            Color::Black,
        ),
    ];
    for (fen, cycle, blocker) in cases {
        let r = repetition(&play(CXA, fen, &rep(cycle, 2)));
        let blocks = natures(&r, blocker);
        assert_eq!(blocks[0], Nature::MateThreat, "{fen}");
        assert!(!blocks[1].is_attack(), "{fen}");
        let checks = natures(&r, !blocker);
        assert_eq!(checks[0], Nature::Check, "{fen}");
        assert!(!checks[1].is_attack(), "{fen}");
        assert_eq!(r.cycle.outcome, CycleOutcome::Draw, "{fen}");
    }
}

#[test]
fn a_reply_to_check_that_keeps_a_threat_standing_in_the_checked_position_is_idle() {
    // 26.1.4 "如应将前已经存在，则为闲": the rook g8 (c1) could take the
    // checking horse g1 (c8) in the checked position; the other horse blocks
    // the check instead, and the rook still attacks the checker: no chase.
    for (fen, mv) in [
        ("3k5/6R2/9/9/9/9/9/7N1/6n2/4K4 w", "h2f1"),
        ("4k4/2N6/1n7/9/9/9/9/9/2r6/5K3 b", "b7d8"),
    ] {
        assert!(position(fen).in_check(), "{fen}");
        let n = nature(CXA, fen, mv);
        assert!(!n.nature.is_attack(), "{fen}: {n:?}");
        assert!(n.chases.is_empty(), "{fen}: {n:?}");
    }
}

#[test]
fn a_reply_to_check_that_creates_a_new_threat_is_a_chase() {
    // The black horse checks from c2; the red rook a2 takes it and now attacks
    // the black cannon c6, which it did not attack before (26.1.4).
    let mut before = position("5k3/9/9/2c6/9/3n5/9/R8/9/3K5 b");
    before.play_unchecked(Move::parse_uci("d4c2").unwrap());
    assert!(before.in_check());
    let n = classify(&before, Move::parse_uci("a2c2").unwrap(), CXA).unwrap();
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("c6")]);
}

// ---------------------------------- AXF: who chases whom, followed by piece
//
// Red's cannon a2, horse c2 and rook i2 against Black's rook a7 and cannon
// i7; the kings shuffle and each move is given its chases.

const PIECES: &str = "3k5/9/r7c/9/9/9/9/C1N5R/9/4K4 w";

/// A chase by the piece on `by` of the piece on `target` (roles as in `PIECES`).
fn chase_of(by: &str, target: &str) -> Threat {
    let start = position(PIECES);
    Threat {
        target: sq(target),
        piece: start.piece_at(sq(target)).expect("a target in PIECES"),
        attacker: sq(by),
        by: start.piece_at(sq(by)).expect("an attacker in PIECES"),
        kind: ThreatKind::Unprotected,
        gain: 4,
        lost_elsewhere: None,
        price_before: None,
        first_check: None,
        won_after: None,
        false_roots: Vec::new(),
        exchange_with: None,
    }
}

/// A move of the king shuffle given the chases `(attacker, target)`.
fn chasing(pairs: &[(&str, &str)]) -> MoveNature {
    let chases: Vec<Threat> = pairs.iter().map(|&(by, t)| chase_of(by, t)).collect();
    MoveNature {
        nature: Nature::Chase,
        targets: chases.iter().map(|t| t.target).collect(),
        attackers: chases.iter().map(|t| t.attacker).collect(),
        chases,
        why: Why::Chase,
    }
}

fn ruled_pieces(red: [MoveNature; 2], black: [MoveNature; 2]) -> CycleRuling {
    let start = position(PIECES);
    let moves: Vec<Move> = ["e0e1", "d9d8", "e1e0", "d8d9"]
        .iter()
        .map(|m| Move::parse_uci(m).unwrap())
        .collect();
    let [r0, r1] = red;
    let [b0, b1] = black;
    rule_cycle(AXF, &start, &moves, &[r0, b0, r1, b1])
}

#[test]
fn axf_verdicts_follow_the_general_rules() {
    // rules.md §4.3, §4.4 and §5, Red listed first: the red rook chases the
    // black cannon, or the black rook; the black rook chases the red horse.
    let rook_on_cannon = || chasing(&[("i2", "i7")]);
    let rook_on_rook = || chasing(&[("i2", "a7")]);
    let rook_on_horse = || chasing(&[("a7", "c2")]);
    let red = CycleOutcome::MustVary(Color::Red);
    let black = CycleOutcome::MustVary(Color::Black);
    let draw = CycleOutcome::Draw;
    let rows: Vec<(&str, [MoveNature; 2], [MoveNature; 2], CycleOutcome)> = vec![
        (
            "perpetual check (rule 6)",
            [check(), check()],
            [idle(), idle()],
            red,
        ),
        (
            "mutual perpetual check (rule 7)",
            [check(), check()],
            [check(), check()],
            draw,
        ),
        (
            "perpetual mate threat (rule 9)",
            [mate(), mate()],
            [idle(), idle()],
            draw,
        ),
        (
            "mate threats answered by mate threats back (rule 10)",
            [mate(), mate()],
            [mate(), mate()],
            draw,
        ),
        (
            "one check one chase (rule 12)",
            [check(), rook_on_cannon()],
            [idle(), idle()],
            draw,
        ),
        (
            "perpetual block (rule 39)",
            [mate(), mate()],
            [given(Nature::Block, &[]), given(Nature::Block, &[])],
            draw,
        ),
        (
            "perpetual chase of one piece",
            [rook_on_cannon(), rook_on_cannon()],
            [idle(), idle()],
            red,
        ),
        (
            "two pieces in turn (rule 32)",
            [rook_on_cannon(), rook_on_rook()],
            [idle(), idle()],
            draw,
        ),
        (
            "perpetual check against perpetual chase",
            [rook_on_cannon(), rook_on_cannon()],
            [check(), check()],
            black,
        ),
        (
            "both chase perpetually",
            [rook_on_cannon(), rook_on_cannon()],
            [rook_on_horse(), rook_on_horse()],
            draw,
        ),
    ];
    for (row, r, b, expected) in rows {
        assert_eq!(ruled_pieces(r, b).outcome, expected, "{row}");
    }
}

#[test]
fn axf_a_cannon_may_not_chase_a_rook_that_chases_another_piece_in_return() {
    // Rule 15: the red cannon chases the black rook on every move; the rook
    // chases the red horse on every move. Both chase perpetually, yet Red varies.
    let cannon_on_rook = || chasing(&[("a2", "a7")]);
    let rook_on_horse = || chasing(&[("a7", "c2")]);
    let r = ruled_pieces(
        [cannon_on_rook(), cannon_on_rook()],
        [rook_on_horse(), rook_on_horse()],
    );
    assert!(r.red.forbidden && r.black.forbidden);
    assert_eq!(r.outcome, CycleOutcome::MustVary(Color::Red));
    assert_eq!(r.clause.to_string(), "AXF rule 15");
    // A rook chasing the cannon that chases it is a mutual chase: a draw.
    let rook_on_cannon = || chasing(&[("a7", "a2")]);
    let mutual = ruled_pieces(
        [cannon_on_rook(), cannon_on_rook()],
        [rook_on_cannon(), rook_on_cannon()],
    );
    assert_eq!(mutual.outcome, CycleOutcome::Draw);
    // No rule names a draw for chases on both sides: rule 5 ("no violation")
    // would be wrong, and the ground says the draw is by the likeness to
    // rule 7's checks on both sides.
    assert_eq!(mutual.clause.to_string(), "AXF rule 7");
    assert_eq!(
        mutual.explanation(Lang::En),
        "both sides chase perpetually, each breaking the rules, like perpetual checks on both \
         sides: draw if neither side varies"
    );
    assert_eq!(
        mutual.explanation(Lang::Zh),
        "双方长捉，均属犯规，比照双方长将，不变作和"
    );
}

#[test]
fn axf_two_pieces_taking_turns_on_one_piece_chase_but_on_two_pieces_do_not() {
    // WXF general rule 3: the cannon, then the horse, chase the black rook.
    let turns_on_one = ruled_pieces(
        [chasing(&[("a2", "a7")]), chasing(&[("c2", "a7")])],
        [idle(), idle()],
    );
    assert!(turns_on_one.red.forbidden);
    assert_eq!(turns_on_one.outcome, CycleOutcome::MustVary(Color::Red));
    // Rule 32: the cannon and the rook take turns on the black rook and cannon.
    let turns_on_two = ruled_pieces(
        [
            chasing(&[("a2", "a7"), ("i2", "i7")]),
            chasing(&[("i2", "a7"), ("a2", "i7")]),
        ],
        [idle(), idle()],
    );
    assert!(!turns_on_two.red.forbidden);
    assert_eq!(turns_on_two.outcome, CycleOutcome::Draw);
    // One piece on the same piece on every move stays forbidden, whatever else is chased.
    let one_on_one = ruled_pieces(
        [
            chasing(&[("a2", "a7"), ("i2", "i7")]),
            chasing(&[("a2", "a7"), ("c2", "i7")]),
        ],
        [idle(), idle()],
    );
    assert!(one_on_one.red.forbidden);
}

#[test]
fn axf_a_defender_pinned_only_by_the_capture_itself_is_a_false_root() {
    // The red horse goes from c3 to d5 and attacks the black cannon f6, which
    // the black horse d7 protects. Taking on f6 moves the horse off the
    // d-file, and the red rook d2 then pins the horse d7 to its king d9: the
    // root is false only after the capture (AXF real/fake root).
    let fen = "3k5/4a4/3n5/5c3/9/9/2N6/3R5/9/4K4 w";
    let n = nature(AXF, fen, "c3d5");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("f6")]);
    assert_eq!(n.chases[0].false_roots[0].square, sq("d7"));
    assert_eq!(
        n.reason(Lang::En),
        "red horse d5 threatens black cannon f6: its only defender black horse d7 is pinned by \
         red rook d2"
    );
    // Without the rook the horse d7 is a real root: a horse for a cannon is no gain.
    let n = nature(AXF, "3k5/4a4/3n5/5c3/9/9/2N6/9/9/4K4 w", "c3d5");
    assert!(!n.nature.is_attack(), "{n:?}");
}

#[test]
fn axf_a_king_that_would_face_the_other_king_is_no_root_in_a_perpetual_chase() {
    // The black advisor shuttles between e8, next to its king f8, and d9;
    // the red rook follows it from d5 to e5 and back. With the red king on
    // the open e-file the king f8 cannot take back on e8 (the kings would
    // face each other): both rook moves chase the advisor, and Red varies.
    let cycle = "d5e5 e8d9 e5d5 d9e8";
    let r = decisive(
        AXF,
        "9/4ak3/9/9/3R5/9/9/9/9/4K4 w",
        cycle,
        CycleOutcome::MustVary(Color::Red),
        "WXF general rule 3",
    );
    assert_eq!(
        r.run().reasons(Lang::En)[0],
        "red rook e5 threatens black advisor e8: its only defender black king f8 cannot take \
         back: the kings would face each other"
    );
    // With the red king on d0 the king f8 takes back: one chase, one idle move.
    decisive(
        AXF,
        "9/4ak3/9/9/3R5/9/9/9/9/3K5 w",
        cycle,
        CycleOutcome::Draw,
        "AXF rule 5",
    );
}

#[test]
fn axf_a_rook_held_on_its_line_by_a_cannon_chases_nothing_along_it() {
    // Rule 27: the black cannon e8, the red rook e4 and the red pawn e3 stand
    // on the king's file, so the rook may only move along it. Its step to e5
    // frees the leg of the horse f4, which then attacks the unprotected black
    // horse d5: a chase under CXA, not under AXF.
    let fen = "3k5/4c4/9/9/3n5/4RN3/4P4/9/9/4K4 w";
    assert_eq!(nature(CXA, fen, "e4e5").nature, Nature::Chase);
    assert!(!nature(AXF, fen, "e4e5").nature.is_attack());
    // With the cannon on another file the rook is free: the step chases.
    let free = "3k5/2c6/9/9/3n5/4RN3/4P4/9/9/4K4 w";
    assert_eq!(nature(AXF, free, "e4e5").nature, Nature::Chase);
}

/// Turns `fen` half round and swaps the colours: Black's side of a Red position.
fn turned(fen: &str) -> String {
    let (board, turn) = fen.split_once(' ').unwrap();
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|rank| rank.chars().rev().map(swap).collect())
        .collect();
    let turn = if turn == "w" { "b" } else { "w" };
    format!("{} {turn}", ranks.join("/"))
}

/// `mv` (coordinates) on the board turned half round.
fn turned_move(mv: &str) -> String {
    mv.chars()
        .map(|c| match c {
            'a'..='i' => (b'i' - (c as u8 - b'a')) as char,
            '0'..='9' => (b'9' - (c as u8 - b'0')) as char,
            _ => c,
        })
        .collect()
}

#[test]
fn axf_a_confined_rook_s_check_along_its_line_chases_nothing() {
    // Rule 27: the black cannon a1, the red cannon b1 and the red rook c1
    // stand on the rank of the red king f1, so the rook may only move along
    // it. Its step to e1 checks the black king on the e-file and frees the
    // leg of the red horse c2, which then attacks the unprotected black
    // cannon d0: a check, and no chase, for either colour.
    let fen = "4k4/9/9/9/9/9/9/2N6/cCR2K3/3c5 w";
    for (fen, mv) in [
        (fen.to_string(), "c1e1".to_string()),
        (turned(fen), turned_move("c1e1")),
    ] {
        let n = nature(AXF, &fen, &mv);
        assert_eq!(n.nature, Nature::Check, "{fen} {mv}");
        assert!(n.chases.is_empty(), "{fen} {mv}: {n:?}");
    }
    // With the cannon on another rank the rook is free: its check chases the cannon d0.
    let free = nature(AXF, "4k4/9/9/9/9/9/9/c1N6/1CR2K3/3c5 w", "c1e1");
    assert_eq!(free.nature, Nature::Check);
    assert_eq!(free.chases[0].target, sq("d0"), "{free:?}");
}

#[test]
fn axf_a_confined_rook_s_mate_threat_along_its_line_chases_nothing() {
    // Rule 27: the black cannon a1, the red cannon c1 and the red rook e1
    // stand on the rank of the red king f1. The rook's step to d1 holds the
    // d-file and uncovers the red rook e0 onto the unprotected black pawn
    // e2, whose capture would mate the black king e7: a mate threat, and no
    // chase, for either colour.
    let fen = "9/9/4k4/9/9/9/9/4p4/c1C1RK3/4R4 w";
    for (fen, mv) in [
        (fen.to_string(), "e1d1".to_string()),
        (turned(fen), turned_move("e1d1")),
    ] {
        let n = nature(AXF, &fen, &mv);
        assert_eq!(n.nature, Nature::MateThreat, "{fen} {mv}");
        assert!(n.chases.is_empty(), "{fen} {mv}: {n:?}");
    }
}

#[test]
fn axf_a_confined_rook_s_mate_threats_along_its_line_are_no_perpetual_chase() {
    // Rule 27 in a cycle: the black cannon a1, the red cannon b1 and the red
    // rook d1 stand on the rank of the red king f1. The rook steps to c1 and
    // back, each step threatening mate and giving the red cannon d0 a new
    // screen (the black pawn, then the rook itself) onto the black rook d3.
    // The steps chase nothing: Red's perpetual mate threat is allowed (rule
    // 9), as is Black's chase of two pieces in turn (rule 32). Counting the
    // cannon's attacks as chases of the rook made Red lose. Either colour.
    let fen = "3k5/3N5/9/9/9/4N4/3r5/3p5/cC1R1K3/3C5 w";
    let cycle = ["d1c1", "d2c2", "c1d1", "c2d2"];
    let turned_cycle: Vec<String> = cycle.iter().map(|m| turned_move(m)).collect();
    for (fen, cycle) in [
        (fen.to_string(), cycle.join(" ")),
        (turned(fen), turned_cycle.join(" ")),
    ] {
        let r = decisive(AXF, &fen, &cycle, CycleOutcome::Draw, "AXF rule 9");
        let mover = position(&fen).turn();
        assert_eq!(natures(&r, mover), vec![Nature::MateThreat; 2], "{fen}");
        assert!(!r.cycle.side(mover).forbidden, "{fen}");
    }
    // The reasons say what the steps attack, and why that is no chase.
    let reasons = cycle_reasons(AXF, fen, &rep(&cycle.join(" "), 2), Lang::En);
    assert!(
        reasons[0].ends_with(
            " mate: red cannon d0 attacks black rook d3, but the rook moves along the line an \
             enemy cannon confines it to, which chases nothing (AXF rule 27)"
        ),
        "{}",
        reasons[0]
    );
    let reasons = cycle_reasons(AXF, fen, &rep(&cycle.join(" "), 2), Lang::Zh);
    assert!(
        reasons[2].ends_with("（红炮(d0)攻黑车(d3)，车被炮牵制沿线移动，不算捉，见亚规27条）"),
        "{}",
        reasons[2]
    );
}

#[test]
fn a_king_that_would_take_back_into_check_is_a_false_root() {
    // The red cannon e1 attacks the black advisor e8 over the pawn e5; the king
    // protects it until the red rook comes to a8: taking back on e8 would then
    // put the king in check from the rook.
    let fen = "4k4/4a4/9/9/4P4/9/9/9/4C4/R2K5 w";
    let n = nature(CXA, fen, "a0a8");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(
        n.reason(Lang::En),
        "red cannon e1 threatens black advisor e8: its only defender black king e9 would be in check from red rook a8"
    );
    assert_eq!(
        n.reason(Lang::Zh),
        "红炮(e1)捉黑士(e8)（假根：黑将(e9)反吃则被红车(a8)照将）"
    );
}

#[test]
fn clauses_are_named_in_the_language_of_the_ruling() {
    let r = decisive(
        AXF,
        CANNON_CHASE,
        CANNON_CHASE_CYCLE,
        CycleOutcome::MustVary(Color::Red),
        "WXF general rule 3",
    );
    assert_eq!(r.cycle.clause.name(Lang::En), "WXF general rule 3");
    assert_eq!(
        r.cycle.clause.name(Lang::Zh),
        "世界象棋联合会《世界象棋规则》一般规则第3条"
    );
}

#[test]
fn a_pawn_capture_that_uncovers_a_check_is_a_chase_under_cxa() {
    // 26.8: the red rook comes to f1 behind the red pawn f6. Pxg6 would then
    // uncover its check on the f-file, so the black rook g9 could not take back.
    let fen = "5kr2/4a4/9/5Pn2/9/9/9/9/R8/4K4 w";
    let n = nature(CXA, fen, "a1f1");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!((n.targets[0], n.attackers[0]), (sq("g6"), sq("f6")));
    assert!(n.chases[0].false_roots[0].in_check, "{n:?}");
    let r = play(CXA, fen, "a1f1");
    let (start, reports) = r.last_moves(1);
    let run = MoveRun {
        start: &start,
        moves: &reports,
        rules: CXA,
    };
    let reason = &run.reasons(Lang::En)[0];
    assert!(
        reason.contains("taking it uncovers a check by another piece (CXA 26.8)")
            && reason.contains("before this move, the pawn's capture uncovered no check"),
        "{reason}"
    );
    // The pawn's capture alone (the rook elsewhere) is idle, as is the same
    // move under AXF, where pawns may chase perpetually anyway.
    assert!(!nature(CXA, fen, "a1b1").nature.is_attack());
    assert!(!nature(AXF, fen, "a1f1").nature.is_attack());
}

#[test]
fn a_check_s_own_standing_check_is_not_uncovered_by_a_pawn_s_capture() {
    // The red rook checks from a9; the crossed red pawn g5 stands next to the
    // unprotected black horse h5. Taking it would leave the rook's check as it
    // stands, not uncover one (26.8): the check chases nothing besides, and
    // its reason says no more than the check.
    let fen = "4k4/9/9/9/6Pn1/9/9/9/9/R2K5 w";
    let reasons = cycle_reasons(CXA, fen, &rep("a0a9 e9e8 a9a0 e8e9", 2), Lang::En);
    assert_eq!(reasons[0], "check by red rook a9");
    let zh = cycle_reasons(CXA, fen, &rep("a0a9 e9e8 a9a0 e8e9", 2), Lang::Zh);
    assert_eq!(zh[0], "红车(a9)照将");
}

#[test]
fn a_defender_that_would_be_mated_for_taking_back_is_a_false_root_under_cxa() {
    // "不能离线" (from a random game): the cannon's step back to g7 attacks
    // the black horse i7 over the pawn h7; the rook i9 taking back would be
    // mated at once (Rb9+), so the horse is won under CXA.
    let fen = "8r/1R2nk3/4baCPn/p1pC4p/4p3P/2P6/P3P4/B8/2R6/1N1A1KcN1 w - - 0 39";
    let cycle = "g7g8 e7c9 g8g7 c9e7";
    let r = repetition(&play(CXA, fen, &rep(cycle, 2)));
    assert_eq!(natures(&r, Color::Red), vec![Nature::Chase, Nature::Chase]);
    let chase = &r.moves[r.cycle.red.moves[1]].nature;
    assert_eq!(chase.targets, vec![sq("i7")]);
    assert!(chase.chases[0].false_roots[0].mated, "{chase:?}");
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::En)[2],
        "red cannon g7 threatens black horse i7: its only defender black rook i9 cannot take \
         back: that would allow mate"
    );
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::Zh)[2],
        "红炮(g7)捉黑马(i7)（假根：黑车(i9)反吃则被将死）"
    );
    // AXF asks only whether the elephant can legally take back.
    let r = repetition(&play(AXF, fen, &rep(cycle, 2)));
    assert!(!natures(&r, Color::Red)[1].is_attack());
}

#[test]
fn a_defender_mated_by_checks_for_taking_back_is_a_false_root_as_29_4_asks_of_the_capturer() {
    // "不能离线" asks whether taking back is mated as CXA 29.4 asks it of
    // the capturer for taking: by checks, within the depth of a mate threat.
    // Each recapture here is mated in two, not in one.
    let mated_in = |fen: &str, moves: &str| -> (bool, bool) {
        let mut pos = play(CXA, fen, moves).position().clone();
        let mut search = MateSearch::default();
        (
            search.mates(&mut pos, 1, Bitboard::EMPTY),
            search.mates(&mut pos, MATE_THREAT_DEPTH, Bitboard::EMPTY),
        )
    };
    // Black (a master game: Liu Dahua - Xu Yinchuan, 2000): the horse's
    // return to c1 screens the cannon b1 onto the advisor e1, whose only
    // defender, the advisor f2, guards the f-file: after Cxe1 Axe1, Rf3+
    // mates. Black chases perpetually and must vary (it was a draw, 一捉一闲).
    let fen = "4kab2/4a4/4b4/1R7/9/P1P6/4r3P/4BA3/1cn1A4/1NBC1K3 b";
    let cycle = "c1b3 b6d6 b3c1 d6b6";
    // After b3c1, Black to move again: Cxe1 Axe1, then Black mates in two.
    let threat = "4kab2/4a4/4b4/3R5/9/P1P6/4r3P/4BA3/1cn1A4/1NBC1K3 b";
    assert_eq!(mated_in(threat, "b1e1 f2e1"), (false, true));
    let r = decisive(
        CXA,
        fen,
        cycle,
        CycleOutcome::MustVary(Color::Black),
        "CXA 2020 25.3",
    );
    assert_eq!(
        natures(&r, Color::Black),
        vec![Nature::Chase, Nature::Chase]
    );
    let chase = &r.moves[r.cycle.black.moves[1]].nature;
    assert_eq!(chase.targets, vec![sq("e1")]);
    assert!(chase.chases[0].false_roots[0].mated, "{chase:?}");
    // Red (from a random game): the cannon g5 attacks the elephant g9; the
    // elephant e7 taking back is mated in two, the rook g7 in one. Red
    // chases perpetually and must vary (it was a sacrifice, 献, and a draw).
    let fen = "c2a1abn1/9/3kb1r2/7R1/p3P2Cc/2p3Pp1/P1P6/3C2N1B/N3K4/2RA1A3 w";
    let cycle = "h5g5 d7d8 g5h5 d8d7";
    // After h5g5, Red to move again: Cxg9 Exg9, then Red mates in two.
    let threat = "c2a1abn1/9/3kb1r2/7R1/p3P1C1c/2p3Pp1/P1P6/3C2N1B/N3K4/2RA1A3 w";
    assert_eq!(mated_in(threat, "g5g9 e7g9"), (false, true));
    let r = decisive(
        CXA,
        fen,
        cycle,
        CycleOutcome::MustVary(Color::Red),
        "CXA 2020 25.3",
    );
    assert_eq!(natures(&r, Color::Red), vec![Nature::Chase, Nature::Chase]);
    let chase = &r.moves[r.cycle.red.moves[0]].nature;
    // The rook h6, uncovered, chases the pawn h4 too: before the move the
    // horse g2 could take it only for the pawn e5, which the cannon i5 takes.
    assert_eq!(chase.targets, vec![sq("g9"), sq("h4")]);
    assert!(
        chase.chases[0].false_roots.iter().all(|f| f.mated),
        "{chase:?}"
    );
    assert_eq!(chase.chases[0].false_roots.len(), 2, "{chase:?}");
}

#[test]
fn a_mate_threat_through_a_defender_mated_for_taking_back_stays_a_mate_threat() {
    // From a master game (Yan Mujiang - Hu Ronghua, 1982): the red rook g8
    // threatens Rxe8+ Axe8 Rc9#. The advisor e8 is won only because taking
    // back is mated: the move threatens that mate (杀), not a chase.
    let fen = "3akr3/4a1R2/4c4/9/p8/4C4/Pc3r2P/4B4/4A4/2RAK1B2 b";
    let referee = play(CXA, fen, &rep("f9f6 g8g9 f6f9 g9g8", 2));
    let r = repetition(&referee);
    assert_eq!(
        natures(&r, Color::Red),
        vec![Nature::Check, Nature::MateThreat]
    );
    assert_eq!(r.cycle.outcome, CycleOutcome::MustVary(Color::Red));
}

#[test]
fn a_like_piece_that_can_only_take_back_is_chased_under_cxa() {
    // "不能离线": the red rook comes to b8, protected by the horse a6. The black
    // rook c8, pinned against its king d8 by it, can only take back: under CXA
    // it is chased (unprotected), not offered an exchange. AXF rule 24 counts
    // any like pair able to take each other as an exchange.
    let fen = "8r/2rk5/4b4/N8/9/9/9/9/1R7/4K4 w";
    let n = nature(CXA, fen, "b1b8");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("c8")]);
    assert_eq!(nature(AXF, fen, "b1b8").nature, Nature::Exchange);
    // From a8 the black rook may also step to b8 along the pin: an exchange offer.
    let free = "8r/2rk5/2N1b4/9/9/9/9/9/R8/4K4 w";
    assert_eq!(nature(CXA, free, "a1a8").nature, Nature::Exchange);
}

#[test]
fn the_defending_sides_only_attacker_chases_advisors_and_elephants_incidentally() {
    // 26.2: "守和方只有一个进攻子时，占据守和要点，附带产生的捉士象按'闲'处理".
    // CXA 2020 diagram 18 after 车五平六 将４平５: Red, with a lone rook
    // against rook and horse, is mated by checks if Black moves now; the
    // rook back on e4, the point that holds the draw, parries that and
    // attacks the unprotected elephant e7 only incidentally: idle under
    // CXA, a chase under AXF.
    let held = "4ka3/4a4/b3b4/9/9/3R5/4n4/3Ar4/3KA4/9 w";
    let n = nature(CXA, held, "d4e4");
    assert_eq!(n.nature, Nature::Idle, "{n:?}");
    assert_eq!(n.targets, vec![sq("e7")]);
    assert!(
        n.reason(Lang::En).ends_with("(CXA 26.2)"),
        "{}",
        n.reason(Lang::En)
    );
    assert_eq!(nature(AXF, held, "d4e4").nature, Nature::Chase);
    // With a second attacking piece (the crossed pawn i6) it is a chase.
    let two = "4ka3/4a4/b3b4/8P/9/3R5/4n4/3Ar4/3KA4/9 w";
    assert_eq!(nature(CXA, two, "d4e4").nature, Nature::Chase);
    // So it is when Red is not the weaker side: Black without the elephant
    // a7 and the advisor f9, Red with elephants a2 and i2 (16 against 16 on
    // the ladder), the same mate parried the same way.
    let even = "4k4/4a4/4b4/9/9/3R5/4n4/B2Ar3B/3KA4/9 w";
    assert_eq!(nature(CXA, even, "d4e4").nature, Nature::Chase);
    // The rook coming to e4 from f4, where it kept the mate off too, parries
    // no mate, but e4 holds the draw: without the rook there Black would
    // mate by checks. Still the point of diagram 18: idle.
    let kept = "4ka3/4a4/b3b4/9/9/5R3/4n4/3Ar4/3KA4/9 w";
    let n = nature(CXA, kept, "f4e4");
    assert_eq!(n.nature, Nature::Idle, "{n:?}");
    assert_eq!(n.targets, vec![sq("e7")]);
    // A point that keeps no mate off holds no draw: here Black threatens
    // none, with the rook or without it, and the lone rook coming to a5
    // chases the unprotected elephant c5.
    let free = "3k1a2r/4a4/7n1/9/2b6/9/9/9/9/R2AKA3 w";
    let n = nature(CXA, free, "a0a5");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("c5")]);
    // Only advisors and elephants are attacked incidentally: the rook that
    // also attacks the unprotected horse a5 anew chases both.
    let horse = "3k1a2r/4a4/7n1/9/n1b6/9/9/9/9/1R1AKA3 w";
    let n = nature(CXA, horse, "b0b5");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets.len(), 2, "{n:?}");
}

#[test]
fn a_lone_attacker_that_leaves_the_mate_standing_holds_no_draw() {
    // 26.2 asks the lone attacker to occupy a point that holds the draw
    // ("占据守和要点"). In diagram 18's position Black threatens mate by
    // checks; the rook back on e4 parries it (idle, the test above), but the
    // rook going to d7 attacks the same elephant e7 and leaves the mate
    // standing: no point that holds the draw, a chase. That Black threatened
    // mate before the move does not make any move of the rook hold the draw.
    let held = "4ka3/4a4/b3b4/9/9/3R5/4n4/3Ar4/3KA4/9 w";
    let n = nature(CXA, held, "d4d7");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("e7")]);
}

#[test]
fn a_lone_attacker_answering_check_is_judged_by_26_1_4_not_26_2() {
    // Neither 26.1.4 ("走动其他子应将产生的'捉'…如应将前不存在，按'捉'…处理")
    // nor 26.2 says which rules an answer to check by the defending side's
    // lone attacker to a point that holds the draw; the code holds to
    // 26.1.4, the clause written for answers to check, and says so. The
    // black cannon d5 checks through the red rook d4; the rook answers by
    // going to e4, where it keeps Black's mate by checks off and attacks
    // the unprotected elephant e7, which it did not before the answer: a
    // chase.
    let checked = "4ka3/4a4/b3b4/9/3c5/3R5/4n4/4r4/3KA4/9 w";
    let n = nature(CXA, checked, "d4e4");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("e7")]);
    assert!(matches!(n.why, Why::ChaseAnsweringCheck), "{n:?}");
    assert_eq!(
        n.reason(Lang::En),
        "red rook e4 threatens black elephant e7: it is unprotected; the move answers check, so \
         CXA 26.1.4 judges it, not 26.2: a chase, though its point keeps a mate by checks off"
    );
    assert_eq!(
        n.reason(Lang::Zh),
        "红车(e4)捉黑象(e7)（无根）；此着应将，按第26.1.4条论捉，虽占阻止对方连将杀的要点，不按第26.2条论闲"
    );
    // The same move with no check to answer (the cannon on a5, off the
    // file) holds the draw: idle by 26.2.
    let free = "4ka3/4a4/b3b4/9/c8/3R5/4n4/4r4/3KA4/9 w";
    let n = nature(CXA, free, "d4e4");
    assert_eq!(n.nature, Nature::Idle, "{n:?}");
    assert!(matches!(n.why, Why::Incidental(_)), "{n:?}");
}

#[test]
fn an_uncrossed_pawn_is_no_second_attacking_piece_in_26_2() {
    // 26.2's "只有一个进攻子": a pawn on its own half has no material value
    // ("未过河兵(卒)…不算'子力'") and attacks nothing of the opponent's: with a
    // red pawn on a3 the rook is still Red's only attacking piece, and its
    // move back to e4 in diagram 18 is idle. Once the pawn has crossed (a5)
    // Red has two attacking pieces, and the same move chases the elephant.
    let uncrossed = "4ka3/4a4/b3b4/9/9/3R5/P3n4/3Ar4/3KA4/9 w";
    let n = nature(CXA, uncrossed, "d4e4");
    assert_eq!(n.nature, Nature::Idle, "{n:?}");
    assert!(matches!(n.why, Why::Incidental(_)), "{n:?}");
    let crossed = "4ka3/4a4/b3b4/9/P8/3R5/4n4/3Ar4/3KA4/9 w";
    let n = nature(CXA, crossed, "d4e4");
    assert_eq!(n.nature, Nature::Chase, "{n:?}");
    assert_eq!(n.targets, vec![sq("e7")]);
}

#[test]
fn axf_perpetual_check_loses_against_a_check_given_back() {
    // Rule 8, "two checks, one check back": Red checks on every move, Black
    // checks back once in the cycle. Red, the perpetual checker, loses.
    let r = ruled_pieces([check(), check()], [check(), idle()]);
    assert_eq!(r.outcome, CycleOutcome::MustVary(Color::Red));
    assert_eq!(r.clause.to_string(), "AXF rule 8");
}

// ------------------------------------------- constructed cycles of §3.3, §4.3

#[test]
fn one_check_one_mate_threat_is_forbidden_by_cxa_and_allowed_by_axf() {
    // 一将一杀 on the board: the red rook c6 checks from e6 when the black
    // advisor leaves e8 for f9; the advisor comes back to block, and the
    // rook goes back to c6, from where, with the cannon c5 behind it, it
    // threatens mate by checks (炮 to e5 over the advisor, then the rook on
    // the f-file). CXA 24.13 forbids 一将一杀 (Red must vary); AXF forbids
    // only perpetual check, and a side that checks and threatens mate
    // breaks no rule: a draw.
    let fen = "2bak4/4a4/9/2R6/2C6/9/9/4B4/4K4/9 b";
    let cycle = "e8f9 c6e6 f9e8 e6c6";
    for (rules, clause) in [(RuleSet::Cxa2011, "CXA 2011 25.3"), (CXA, "CXA 2020 25.3")] {
        let r = decisive(
            rules,
            fen,
            cycle,
            CycleOutcome::MustVary(Color::Red),
            clause,
        );
        assert_eq!(r.cycle.red.pattern(Lang::Zh), "一将一杀", "{rules}");
        assert_eq!(
            natures(&r, Color::Red),
            [Nature::Check, Nature::MateThreat],
            "{rules}"
        );
        assert!(
            natures(&r, Color::Black).iter().all(|n| !n.is_attack()),
            "{rules}"
        );
    }
    let r = decisive(AXF, fen, cycle, CycleOutcome::Draw, "AXF rule 5");
    assert_eq!(natures(&r, Color::Red), [Nature::Check, Nature::MateThreat]);
    assert!(!r.cycle.red.forbidden);
}

#[test]
fn a_perpetual_check_against_one_check_back_loses() {
    // AXF rule 8, "two checks, one check back", on the board: the red horse
    // checks the black king from d6 (on e8) and from b7 (on d8); the king
    // steps between them, and stepping off the d-file uncovers the black
    // cannon d9 onto the red king d0 over the black pawn d4. The horse's
    // step back to d6 answers that check by screening the cannon a second
    // time, and checks again. Red checks on every move, Black once: Red
    // must vary, under both rule sets (CXA 25.1).
    let fen = "3c5/4k4/1N7/9/9/3p5/9/9/9/3K5 w";
    let cycle = "b7d6 e8d8 d6b7 d8e8";
    for (rules, clause) in [
        (RuleSet::Cxa2011, "CXA 2011 25.1"),
        (CXA, "CXA 2020 25.1"),
        (AXF, "AXF rule 8"),
    ] {
        let r = decisive(
            rules,
            fen,
            cycle,
            CycleOutcome::MustVary(Color::Red),
            clause,
        );
        assert_eq!(natures(&r, Color::Red), [Nature::Check; 2], "{rules}");
        assert_eq!(
            natures(&r, Color::Black),
            [Nature::Idle, Nature::Check],
            "{rules}"
        );
        assert_eq!(r.cycle.black.pattern(Lang::Zh), "一将一闲", "{rules}");
    }
}

#[test]
fn mate_threats_answered_by_mate_threats_back_are_a_draw() {
    // AXF rule 10, on the position of CXA 2020 diagram 29b after 车五平二:
    // the black rook shuttles between h9 and g9 and the red rook between
    // g3 and h3, each move a mate threat that also parries the other's.
    // Both sides threaten mate perpetually: a draw, under AXF by rule 10,
    // under CXA as two forbidden sides (26.9.4).
    let fen = "2bak2r1/4aP3/4b4/2r1C4/4P4/2B6/7RR/B8/1p7/c3K4 b";
    let cycle = "h9g9 h3g3 g9h9 g3h3";
    for (rules, clause) in [(AXF, "AXF rule 10"), (CXA, "CXA 2020 26.9.4")] {
        let r = decisive(rules, fen, cycle, CycleOutcome::Draw, clause);
        assert_eq!(r.cycle.red.pattern(Lang::Zh), "长杀", "{rules}");
        assert_eq!(r.cycle.black.pattern(Lang::Zh), "长杀", "{rules}");
    }
}

#[test]
fn a_perpetual_block_of_mate_threats_is_a_draw_under_axf() {
    // AXF rule 39 on the board: as `MATE_THREATS`, with a black cannon
    // protected by the rook g9 in the way: each step of the red rook
    // threatens mate on the e-file, each step of the cannon blocks it (拦,
    // no offer: taking the cannon costs the rook). AXF: a draw (mate
    // threats and blocks break no rule); CXA: 长杀 against blocks, Red must
    // vary (as diagram 7).
    let fen = "4k1r2/9/9/9/5R3/9/6cR1/9/9/3K5 w";
    let cycle = "h3h2 g3g2 h2h3 g2g3";
    let r = decisive(AXF, fen, cycle, CycleOutcome::Draw, "AXF rule 9");
    assert_eq!(natures(&r, Color::Black), [Nature::Block; 2]);
    assert_eq!(natures(&r, Color::Red), [Nature::MateThreat; 2]);
    let r = decisive(
        CXA,
        fen,
        cycle,
        CycleOutcome::MustVary(Color::Red),
        "CXA 2020 25.3",
    );
    assert_eq!(natures(&r, Color::Black), [Nature::Block; 2]);
}

#[test]
fn axf_a_rook_chasing_a_cannon_protected_on_one_move_only_is_allowed() {
    // Rule 17: the rook chases the cannon on one move; on the other the
    // cannon is protected, and attacking it chases nothing.
    let r = ruled_pieces([chasing(&[("a7", "a2")]), idle()], [idle(), idle()]);
    assert!(!r.red.forbidden);
    assert_eq!(r.outcome, CycleOutcome::Draw);
}

#[test]
fn axf_a_rook_may_not_chase_an_unprotected_cannon_whatever_the_cannon_does() {
    // Rule 18: the black rook chases the unprotected red cannon on every move
    // while the cannon's side threatens mate, checks, or checks and chases.
    let rook_on_cannon = || chasing(&[("a7", "a2")]);
    for red in [
        [mate(), mate()],
        [check(), idle()],
        [check(), chasing(&[("i2", "i7")])],
    ] {
        let r = ruled_pieces(red, [rook_on_cannon(), rook_on_cannon()]);
        assert!(!r.red.forbidden && r.black.forbidden, "{r:?}");
        assert_eq!(r.outcome, CycleOutcome::MustVary(Color::Black), "{r:?}");
    }
    // The rule names patterns AXF allows (rules 9 and 12). A check that
    // also chases the piece the side's other move chases (the horse c2 on
    // the cannon i7) is judged by its forbidden reading: that side chases
    // perpetually too, no longer "a check and a chase", and with both sides
    // breaking the rules the cycle is drawn.
    let mut check_and_chase = chasing(&[("c2", "i7")]);
    check_and_chase.nature = Nature::Check;
    let red = [check_and_chase, chasing(&[("c2", "i7")])];
    let r = ruled_pieces(red, [rook_on_cannon(), rook_on_cannon()]);
    assert!(r.red.forbidden && r.black.forbidden, "{r:?}");
    assert_eq!(r.outcome, CycleOutcome::Draw, "{r:?}");
    assert_eq!(r.clause.to_string(), "AXF rule 7");
}

#[test]
fn axf_a_king_move_that_lets_rooks_chase_on_every_move_is_their_perpetual_chase() {
    // Rule 28 lets the king chase, alone or with another piece; like a
    // pawn's (rule 29, the exceptions of diagrams 71-75: a pawn whose every
    // move frees a horse to chase loses), a king's move that lets a rook
    // chase is the rook's chase. The red king steps between d1 and d0,
    // uncovering the rook a1, then the rook a0, onto the unprotected black
    // cannon fleeing between g1 and g0: two rooks take turns on one piece,
    // and Red must vary. (The cannon attacks a rook over the king in turn:
    // two pieces, allowed.)
    let r = decisive(
        AXF,
        "5k3/9/9/9/9/9/9/9/R2K2c2/R8 w",
        "d1d0 g1g0 d0d1 g0g1",
        CycleOutcome::MustVary(Color::Red),
        "WXF general rule 3",
    );
    assert_eq!(natures(&r, Color::Red), vec![Nature::Chase; 2]);
    let rooks: Vec<Square> = r
        .cycle
        .red
        .moves
        .iter()
        .map(|&i| r.moves[i].nature.attackers[0])
        .collect();
    assert_eq!(rooks, [sq("a1"), sq("a0")]);
}

#[test]
fn a_ruling_warns_while_the_game_goes_on_and_decides_once_it_ends() {
    // The second occurrence: a warning that counts the position's occurrences.
    let warned = play(CXA, PERPETUAL_CHECK, PERPETUAL_CHECK_CYCLE).ruling();
    assert_eq!(
        warned.summary(Lang::Zh),
        "对局继续——局面第2次出现：任何情况下均不允许单方面长将：红方变着，不变作负\
         （《象棋竞赛规则（2020版）》第25.1条）"
    );
    // The third: the game is over, and nobody is told to vary any more.
    let decided = play(CXA, PERPETUAL_CHECK, &rep(PERPETUAL_CHECK_CYCLE, 2)).ruling();
    assert_eq!(
        decided.summary(Lang::Zh),
        "黑胜——任何情况下均不允许单方面长将：红方不变，作负（《象棋竞赛规则（2020版）》第25.1条）"
    );
    assert_eq!(
        decided.summary(Lang::En),
        "Black wins — unilateral perpetual check is never allowed: red did not vary and loses \
         (CXA 2020 25.1)"
    );
}

#[test]
fn a_chase_after_checks_shows_its_line_in_the_language_of_the_table() {
    // CXA 2020 diagram 3: the black rook wins the red advisor e1 by checking
    // first. The reply that concedes least is shown: the advisor steps to f0
    // (interposing the elephant on g0 would lose it too) and is taken.
    let fen = "5a3/5k3/4P4/p7p/9/8P/P8/4B4/2nRA2r1/2BAK4 w";
    let ruling = play(CXA, fen, "e2g0 h1g1 g0e2 g1h1").ruling();
    let zh = ruling.render(Lang::Zh);
    assert!(
        zh.contains("黑车(h1)捉红仕(e1)（连将后吃子，净得一仕：车８进１ 仕五退四 车８平６）"),
        "{zh}"
    );
    let en = ruling.render(Lang::En);
    assert!(
        en.contains(
            "black rook h1 threatens red advisor e1: won by checks, then a capture (net gain: \
             an advisor, for nothing): h1h0 e1f0 h0f0"
        ),
        "{en}"
    );
}

#[test]
fn a_chase_after_checks_names_its_gain_in_the_pieces_of_the_line_shown() {
    // CXA 2020 diagram 24: after Re5+ Re8, the pawn c9 checks from d9 and
    // draws the king off the rook e8: the gain the ruling counts, a rook for
    // a crossed pawn, is the line's, not a worth on the scale.
    let fen = "2P1kn3/4r4/9/9/p3p3R/9/4P4/4B4/9/2BAKA3 w";
    let ruling = play(CXA, fen, "i5i9 e8f8 i9i5 f8e8").ruling();
    let en = ruling.render(Lang::En);
    assert!(
        en.contains(
            "red rook i5 threatens black rook f8: won by checks, then a capture (net gain: a \
             rook for a crossed pawn): i5e5 f8e8 c9d9 e9d9 e5e8"
        ),
        "{en}"
    );
    let zh = ruling.render(Lang::Zh);
    assert!(
        zh.contains(
            "红车(i5)捉黑车(f8)（连将后吃子，以兵换车：车一平五 车６平５ 兵七平六 将５平４ \
             车五进三）"
        ),
        "{zh}"
    );
    // CXA 2020 diagram 26: the cannon takes the elephant e2 with check; the
    // elephant g0 takes it back, which concedes least, and the cannon h4
    // takes the rook.
    let fen = "2baka2r/9/2n1b4/2p1p4/9/3Rc1Pc1/4C1n2/3NB1NC1/4A4/4KAB2 w";
    let ruling = play(CXA, fen, "d4d7 h4h7 d7d4 h7h4").ruling();
    let en = ruling.render(Lang::En);
    assert!(
        en.contains("(net gain: a rook and an elephant for a cannon): e4e2 g0e2 h4d4"),
        "{en}"
    );
    let zh = ruling.render(Lang::Zh);
    assert!(
        zh.contains("以炮换车相：炮５进２ 相三进五 炮８平４"),
        "{zh}"
    );
    for text in [en, zh] {
        assert!(
            !text.contains("best defence") && !text.contains("最佳应对"),
            "{text}"
        );
    }
    // CXA 2020 diagram 7, ply 1: after the line, the black pawn e3 can take
    // the elephant e2 (and the pawn is taken back): the gain counts that
    // exchange, which the reason says since the line does not show it.
    let fen = "2bak1c2/4aRN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K3C w";
    let ruling = play(CXA, fen, "i0h0 i8h8 h0i0 h8i8").ruling();
    let en = ruling.render(Lang::En);
    assert!(
        en.contains(
            "(net gain: a rook and a crossed pawn for a horse and an elephant, counting the \
             exchange after black pawn e3 takes red elephant e2): h0h9 e8f9 f8a8 i8g8 a8g8"
        ),
        "{en}"
    );
    let zh = ruling.render(Lang::Zh);
    assert!(
        zh.contains("以马相换车卒，计入其后黑卒(e3)吃红相(e2)的交换：炮二进九"),
        "{zh}"
    );
}

#[test]
fn a_threat_of_mate_in_one_is_written_as_the_mating_move() {
    // CXA 2020 diagram 18: the black king's step threatens R5-4 mate.
    let ruling = play(
        CXA,
        "3k1a3/4a4/b3b4/9/9/4R4/4n4/3Ar4/3KA4/9 w",
        "e4d4 d9e9 d4e4 e9d9",
    )
    .ruling();
    let zh = ruling.render(Lang::Zh);
    assert!(zh.contains("伏车５平４（杀）"), "{zh}");
    assert!(!zh.contains("伏1步"), "{zh}");
}

#[test]
fn a_rook_chased_by_a_lesser_piece_is_chased_alone_even_with_false_roots() {
    // The black horse attacks the red rook, whose defenders cannot take back
    // (the king would face a pawn's attack, the advisor is pinned): still a
    // chase by the horse alone, not a joint chase. Red chases unprotected
    // pieces alone: both sides forbidden, no tie-breaker, a draw (as diagram 3).
    let referee = play(
        CXA,
        "2b6/4k4/9/p8/9/9/2n6/3A5/3RA4/2p1K4 w",
        "d1d0 c3b1 d0d1 b1c3",
    );
    let r = repetition(&referee);
    assert_eq!(r.cycle.outcome, CycleOutcome::Draw);
    assert_eq!(r.cycle.clause.to_string(), "CXA 2020 26.9.4");
}

#[test]
fn axf_mate_threats_that_also_chase_count_as_a_chase_and_the_ruling_says_so() {
    // The red cannon steps between b4 and c4, over the pawns b5 and c5: each
    // step threatens to take the black rook on c9 or b9 with mate (the
    // cannon then checks over the advisor d9; the pawn f8 guards f9). A
    // perpetual mate threat is allowed (rule 9), but these also chase the
    // rook, and that reading is the forbidden one: Red varies, and the
    // ruling says why its pattern, 长杀, loses.
    let r = decisive(
        AXF,
        "2rak4/4aP3/9/9/1PP6/1C7/9/9/9/4K4 w",
        "b4c4 c9b9 c4b4 b9c9",
        CycleOutcome::MustVary(Color::Red),
        "WXF general rule 3",
    );
    assert_eq!(natures(&r, Color::Red), vec![Nature::MateThreat; 2]);
    assert_eq!(r.cycle.red.tally.pattern(Lang::En), "perpetual mate threat");
    // The side's pattern says how it was counted, as its ground does.
    assert_eq!(
        r.cycle.red.pattern(Lang::En),
        "perpetual mate threat (its mate threats chase too: a perpetual chase)"
    );
    assert_eq!(r.cycle.red.pattern(Lang::Zh), "长杀（杀着兼捉，按长捉论）");
    let referee = play(
        AXF,
        "2rak4/4aP3/9/9/1PP6/1C7/9/9/9/4K4 w",
        &rep("b4c4 c9b9 c4b4 b9c9", 2),
    );
    let text = referee.ruling().render(Lang::En);
    assert!(
        text.contains(
            "\nRed: perpetual mate threat (its mate threats chase too: a perpetual chase) — \
             forbidden\n"
        ),
        "{text}"
    );
    let text = referee.ruling().render(Lang::Zh);
    assert!(
        text.contains("\n红方：长杀（杀着兼捉，按长捉论）——禁止着法\n"),
        "{text}"
    );
    assert_eq!(
        r.cycle.explanation(Lang::En),
        "perpetual chase of one piece loses (its mate threats chase it too, and count as \
         chases): red must vary, else red loses"
    );
    assert_eq!(
        r.cycle.explanation(Lang::Zh),
        "长捉一子作负（杀着兼捉，按捉论）：红方变着，不变作负"
    );
}

#[test]
fn axf_a_check_that_also_chases_counts_as_a_chase_and_the_ruling_says_so() {
    // Black's rook checks from e4 while uncovering the cannon a6's attack on
    // the red rook a0, then returns to a4 and the cannon attacks it again.
    let referee = play(
        AXF,
        "3k5/9/9/c8/5P3/r8/4C4/9/4K4/R2N5 w",
        "e3a3 a4e4 a3e3 e4a4",
    );
    let r = repetition(&referee);
    assert_eq!(
        r.cycle.black.pattern(Lang::En),
        "1 check + 1 chase (its checks chase too: a perpetual chase)"
    );
    assert_eq!(
        r.cycle.black.pattern(Lang::Zh),
        "一将一捉（将军兼捉，按长捉论）"
    );
    assert_eq!(r.cycle.outcome, CycleOutcome::MustVary(Color::Black));
    assert!(
        r.cycle
            .explanation(Lang::En)
            .contains("its checks chase it too, and count as chases"),
        "{}",
        r.cycle.explanation(Lang::En)
    );
    assert!(r.cycle.explanation(Lang::Zh).contains("将军兼捉，按捉论"));
}

/// The reasons of the cycle `moves` closes from `fen` under `rules`, in `lang`.
fn cycle_reasons(rules: RuleSet, fen: &str, moves: &str, lang: Lang) -> Vec<String> {
    repetition(&play(rules, fen, moves)).run().reasons(lang)
}

#[test]
fn defenders_stopped_alike_share_one_clause() {
    // CXA 2020 diagram 9, ply 2: the black cannon g0 takes the advisor d0
    // over the red king and uncovers the rook h0's check: no red piece can
    // take back, the king for the cannon b0 and the rook h0, the others as
    // none of them would answer that check.
    let fen = "r1b1kab2/4a4/2n6/p3p2Rp/2p1P4/6N2/P1P5P/2N1C4/3RA4/1cBAK1c1r w";
    let cycle = "g4h2 i0h0 h2g4 h0i0";
    let zh = &cycle_reasons(CXA, fen, cycle, Lang::Zh)[1];
    assert!(
        zh.starts_with(
            "黑炮(g0)捉红仕(d0)（假根：红帅(e0)反吃则被黑炮(b0)、黑车(h0)照将，\
             红车(d1)、红仕(e1)、红马(c2)反吃均不能应黑车(h0)的将；此着前吃之须失黑车(i0)，不得子）"
        ),
        "{zh}"
    );
    let en = &cycle_reasons(CXA, fen, cycle, Lang::En)[1];
    assert!(
        en.starts_with(
            "black cannon g0 threatens red advisor d0: none of its defenders can take back (red \
             king e0 would be in check from black cannon b0 and black rook h0; red rook d1, red \
             advisor e1 and red horse c2 would not answer the check from black rook h0); before \
             this move, taking it cost black rook i0, more than it won; "
        ),
        "{en}"
    );
}

#[test]
fn a_false_root_says_whether_kings_would_face_or_a_horse_would_check() {
    // AXF rulebook diagram (another engine's encoding, AXF-O117): the black
    // cannon f8 stands on the leg of the red horse g8, which would check if
    // it took back on f3.
    let fen = "4ka3/1r3cN2/5aP2/p3P3p/9/6R2/P4c2P/4B4/4A4/3AK1B2 w";
    let n = nature(AXF, fen, "g4g3");
    assert_eq!(
        n.reason(Lang::En),
        "red rook g3 threatens black cannon f3: its only defender black cannon f8 cannot take \
         back: red horse g8 would check"
    );
    assert_eq!(
        n.reason(Lang::Zh),
        "红车(g3)捉黑炮(f3)（假根：黑炮(f8)反吃则被红马(g8)照将）"
    );
    // Disputed case DSP-3: the red king steps to e0, and the black horse e7
    // could no longer take back on d5 without leaving the kings face to face.
    let n = nature(AXF, "4k4/9/4n4/9/3c5/9/4N4/9/9/3K5 w", "d0e0");
    assert_eq!(
        n.reason(Lang::En),
        "red horse e3 threatens black cannon d5: its only defender black horse e7 cannot take \
         back: the kings would face each other"
    );
    assert_eq!(
        n.reason(Lang::Zh),
        "红马(e3)捉黑炮(d5)（假根：黑马(e7)反吃则帅将照面）"
    );
}

#[test]
fn why_a_chase_was_no_threat_before_stands_with_its_threat() {
    // CXA 2020 diagram 3, ply 3: before the elephant went back to e2, taking
    // the horse c1 let Black win it and the advisor e1 by checks (Rxg0+,
    // Rxf0), ply 2's threat; the ground stands in the threat's own brackets.
    let fen = "5a3/5k3/4P4/p7p/9/8P/P8/4B4/2nRA2r1/2BAK4 w";
    let cycle = "e2g0 h1g1 g0e2 g1h1";
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::Zh)[2],
        "红车(d1)捉黑马(c1)（无根；此着前吃之则红仕(e1)被连将吃去，此着后所得更多）"
    );
    // Ply 1: before the elephant left e2, taking the horse let Black win the
    // advisor e1, not by taking it at once (the king would take back) but by
    // checks (Rh0+, Rxg0+, Rxf0): said so, not as a plain price.
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::Zh)[0],
        "红车(d1)捉黑马(c1)（无根；此着前吃之则红仕(e1)被连将吃去，此着后所得更多）"
    );
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::En)[0],
        "red rook d1 threatens black horse c1: it is unprotected; before this move, taking it \
         let the opponent win red advisor e1 by checks: the move raises the gain"
    );
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::En)[2],
        "red rook d1 threatens black horse c1: it is unprotected; before this move, taking it \
         let the opponent win red advisor e1 by checks: the move raises the gain"
    );
}

#[test]
fn a_line_of_checks_ending_in_an_exchange_that_removes_a_defender_says_so() {
    // From CXA 2020 diagram 2, the black cannon c7 steps to c3: after
    // ...Cc3xc0+ Rb0xc0, the cannon c8 takes the horse c2 with check and the
    // cannon i2 takes back, so the horse no longer protects the cannon b4,
    // which the rook b9 then takes. The words say what the extra moves do.
    let fen = "1r2kabr1/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 b";
    let r = play(CXA, fen, "c7c3");
    let (start, reports) = r.last_moves(1);
    let run = MoveRun {
        start: &start,
        moves: &reports,
        rules: CXA,
    };
    assert_eq!(
        run.reasons(Lang::Zh)[0],
        "黑炮(c8)捉红马(c2)（先由黑炮(c3)照将，连将后吃子，兑后红炮(b4)失去红马(c2)的保护，\
         再吃之，以炮换马相：前炮进３ 车八平七 炮３进６ 炮一平七 车２进５）"
    );
    assert_eq!(
        run.reasons(Lang::En)[0],
        "black cannon c8 threatens red horse c2: won by checks, the first by black cannon c3, \
         then a capture whose exchange takes away the protection of red cannon b4 by red horse \
         c2, and red cannon b4 is then won (net gain: a horse and an elephant for a cannon): \
         c3c0 b0c0 c8c2 i2c2 b9b4"
    );
}

/// The reasons of the last move of `moves` played from `fen` under `rules`, in `lang`.
fn last_reason(rules: RuleSet, fen: &str, moves: &str, lang: Lang) -> String {
    let r = play(rules, fen, moves);
    let (start, reports) = r.last_moves(1);
    let run = MoveRun {
        start: &start,
        moves: &reports,
        rules,
    };
    run.reasons(lang).remove(0)
}

#[test]
fn a_gain_counted_with_a_defender_held_by_the_standing_check_is_named_in_pieces() {
    // The red elephant steps from e2 to c4, uncovering the rook e0's check,
    // and attacks the black horse a2, which the rook a9 cannot take back
    // while the check stands, but will once it is answered: the ruling
    // counts a horse for an elephant, and the reason says so in pieces, not
    // as a worth.
    let fen = "r3k4/9/9/9/9/9/9/n3B4/9/3KR4 w";
    let zh = last_reason(CXA, fen, "e2c4", Lang::Zh);
    assert!(
        zh.ends_with("兼捉：红相(c4)捉黑马(a2)（交换后得子，以相换马，黑车(a9)应将后可反吃）"),
        "{zh}"
    );
    let en = last_reason(CXA, fen, "e2c4", Lang::En);
    assert!(
        en.ends_with(
            "the exchange wins material (net gain: a horse for an elephant: black rook a9 takes \
             back once the check is answered)"
        ),
        "{en}"
    );
}

#[test]
fn a_gain_lowered_by_a_piece_left_hanging_names_the_trade_and_the_price() {
    // The black cannon e4 takes the rook h4 over the rook g4 (counted as a
    // rook, for nothing), but the red elephant i2 can take the rook g4
    // instead, and the exchange there wins Red 6: the ruling's gain, 2, is
    // said with both, and the rook g4's step back as the screen.
    let fen = "3rkab2/4a4/b1n3nR1/p1N1p3p/1P4p2/4c1r2/P2c4P/4C1N1B/2R1A4/1CBAK4 b";
    assert_eq!(
        last_reason(CXA, fen, "g4g3 h7h4 g3g4", Lang::Zh),
        "黑炮(e4)捉红车(h4)（净得一车，但其后红相(i2)吃黑车(g4)，交换后对方得回相当于6个过河兵的\
         子力，对方最佳应对下净得相当于一士(象)的子力；黑车(g4)作炮架）"
    );
    assert_eq!(
        last_reason(CXA, fen, "g4g3 h7h4 g3g4", Lang::En),
        "black cannon e4 threatens red rook h4: a rook won for a lesser piece (net gain: a rook, \
         for nothing, but then red elephant i2 takes black rook g4 and the exchange there wins \
         back material worth 6 crossed pawns: material worth an advisor or elephant against the \
         best defence); with black rook g4 as the cannon's screen"
    );
}

#[test]
fn a_piece_left_hanging_is_no_price_when_taking_back_on_the_square_wins_more() {
    // As above with a cannon g4 as the screen: the horse g2 takes back on h4
    // (a rook for a cannon, 4), or the elephant i2 takes the cannon g4
    // instead (Red wins 2 there): Red has one reply, not both, and the
    // recapture leaves Black less, so the gain is the trade on h4 alone.
    let fen = "3rkab2/4a4/b1n3nR1/p1N1p3p/1P4p2/4c1c2/P2r4P/4C1N1B/2R1A4/1CBAK4 b";
    let en = last_reason(CXA, fen, "g4g3 h7h4 g3g4", Lang::En);
    assert!(
        en.starts_with(
            "black cannon e4 threatens red rook h4: a rook won for a lesser piece (net gain: a \
             rook for a cannon); with black cannon g4 as the cannon's screen"
        ),
        "{en}"
    );
}

#[test]
fn a_price_taken_instead_of_taking_back_is_said_against_the_piece_taken() {
    // The black horse h9 steps to g7, so the elephant e7 may take the rook
    // c5, which the cannon c2 would take back; but Red's better reply is to
    // take the cannon g5 with the pawn g4 (winning 3 there) instead: the
    // gain, 5, is the rook less that, and the reason says the rook, not the
    // rook for the elephant, against it.
    let fen = "rn1akabn1/9/4b4/p5p1r/2R1p1c1p/P1P3P2/4P3P/2CcC1N1B/4N4/2BAKA1R1 b";
    let en = last_reason(CXA, fen, "h9g7", Lang::En);
    assert!(
        en.starts_with(
            "black elephant e7 threatens red rook c5: a rook won for a lesser piece (net gain: a \
             rook, for nothing, but then red pawn g4 takes black cannon g5 and the exchange \
             there wins back material worth 3 crossed pawns: material worth 5 crossed pawns \
             against the best defence"
        ),
        "{en}"
    );
}

#[test]
fn a_check_that_also_chases_says_so_under_cxa() {
    // The red horse checks from d7 and attacks the unprotected black rook c9:
    // a check (将) under CXA, whose reason shows the chase too (将兼捉).
    let fen = "2r1k4/9/9/9/2N6/9/9/9/9/3K5 w";
    assert_eq!(nature(CXA, fen, "c5d7").nature, Nature::Check);
    let r = play(CXA, fen, "c5d7");
    let (start, reports) = r.last_moves(1);
    let run = MoveRun {
        start: &start,
        moves: &reports,
        rules: CXA,
    };
    assert_eq!(
        run.reasons(Lang::Zh)[0],
        "红马(d7)照将；兼捉：红马(d7)捉黑车(c9)（无根）"
    );
    assert_eq!(
        run.reasons(Lang::En)[0],
        "check by red horse d7; it also chases: red horse d7 threatens black rook c9: it is \
         unprotected"
    );
}

#[test]
fn a_check_by_another_piece_says_what_the_moved_piece_did() {
    // A pawn shuttles on the files of two cannons: stepping off a line
    // uncovers a check (让开), stepping onto one makes the cannon's screen
    // (作炮架).
    let fen = "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w";
    let cycle = "d6e6 e4d4 e6d6 d4e4";
    let zh = cycle_reasons(CXA, fen, cycle, Lang::Zh);
    assert_eq!(zh[0], "红炮(d0)照将（红兵(e6)让开）");
    assert_eq!(zh[1], "黑炮(e8)照将（黑卒(d4)让开）");
    assert_eq!(zh[3], "黑炮(e8)照将（黑卒(e4)作炮架）");
    let en = cycle_reasons(CXA, fen, cycle, Lang::En);
    assert_eq!(en[0], "check by red cannon d0, uncovered by red pawn e6");
    assert_eq!(
        en[3],
        "check by black cannon e8, black pawn e4 as its screen"
    );
    // The moved piece checking by itself needs no word more.
    let direct = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
    assert_eq!(
        cycle_reasons(CXA, direct, "f0e0 e8f8 e0f0 f8e8", Lang::En)[0],
        "check by red rook e0"
    );
}

#[test]
fn an_incidental_attack_names_the_attacking_piece() {
    // CXA 2020 diagram 18, ply 3: Red's only attacking piece, the rook e4,
    // attacks the elephant e7 only incidentally (26.2).
    let fen = "3k1a3/4a4/b3b4/9/9/4R4/4n4/3Ar4/3KA4/9 w";
    let cycle = "e4d4 d9e9 d4e4 e9d9";
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::Zh)[2],
        "守和方只有一个进攻子，占据阻止对方连将杀的守和要点，红车(e4)附带捉黑象(e7)，按闲，见第26.2条"
    );
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::En)[2],
        "the defending side has only one attacking piece, on a point that keeps a mate by checks \
         off, and red rook e4 attacks black elephant e7 only incidentally: idle (CXA 26.2)"
    );
}

#[test]
fn a_joint_chase_names_its_attackers_and_the_defenders() {
    // CXA 2020 diagram 23: the rook c1 comes to c2 and joins the rook b0
    // against the cannon b2, which only the rook b3 protects.
    let fen = "2bakr3/4a4/4b4/9/9/9/1r7/1c3A2B/2R1A2N1/1R3K3 w";
    let cycle = "c1c2 b2b1 c2c1 b1b2";
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::Zh)[0],
        "红车(b0)捉黑炮(b2)（少根子：红车(b0)、红车(c2)攻，仅黑车(b3)保护，联合捉，\
         完整交换后净得一炮；此着前吃之交换后失子）"
    );
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::En)[0],
        "red rook b0 threatens black cannon b2: more attackers than defenders (red rook b0 and \
         red rook c2 against black rook b3): the full exchange wins material (net gain: a \
         cannon, for nothing); before this move, taking it lost material in the exchange"
    );
}

#[test]
fn the_held_rook_ruling_says_the_rook_blocks_the_horse() {
    // Fairy-Stockfish's AXF suite, FSF-22: the black rook f8 stands on the
    // leg of the red horse g8; Red chases it perpetually (AXF rule 19). The
    // rook blocks the horse (别住马腿), not the other way round.
    let fen = "2baka1r1/C4rN2/9/1Rp1p4/9/9/4P4/9/4A4/4KA3 w";
    let moves = "b6b8 f9e8 b8b9 e8f9 b9b8 f9e8 b8b9 e8f9 b9b8";
    let ruling = play(AXF, fen, moves).ruling();
    assert_eq!(
        ruling.summary(Lang::Zh),
        "黑胜——长捉别住马腿的车：红方不变，作负（《亚洲象棋规例》第19条）"
    );
}

#[test]
fn an_exchange_that_removes_a_defender_names_it_and_the_piece_left_hanging() {
    // CXA 2020 diagram 4, ply 3: the red cannon i5 takes the horse c5 (over
    // the pawn g5) and the elephant e7 takes back; the black pawn e4 has then
    // lost the horse's protection and the horse f6 takes it.
    let fen = "4k4/4a4/4ba2b/5N3/2n5C/4p2p1/P4n3/4BA3/4A4/2B1K4 w";
    let cycle = "f6d5 i7g5 d5f6 g5i7";
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::En)[2],
        "red cannon i5 threatens black horse c5: the even exchange takes away the protection \
         of black pawn e4 by black horse c5, and black pawn e4 is then won (net gain: a horse \
         and a crossed pawn for a cannon): i5c5 e7c5 f6e4"
    );
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::Zh)[2],
        "红炮(i5)捉黑马(c5)（兑子去根，兑后黑卒(e4)失去黑马(c5)的保护，再吃之，以炮换马卒：\
         炮一平七 象５进３ 马四退五）"
    );
}

#[test]
fn an_under_protected_piece_counts_the_pieces_lined_up_behind() {
    // CXA 2020 diagram 27, ply 2: the black cannon a8 stands behind the
    // elephant a7 and the rook a1 on the a file; once the rook has taken the
    // horse a0 and the red rook d0 has taken back, the cannon takes again.
    let fen = "c4k3/4a4/b4a3/1Np5p/6p2/9/6P2/4B4/r3A4/N2RKA3 w";
    let cycle = "b6c8 a9a8 c8b6 a8a9";
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::En)[1],
        "black rook a1 threatens red horse a0: more attackers than defenders (black rook a1, \
         then black cannon a8 lined up behind, against red rook d0): the full exchange wins \
         material (net gain: a horse, for nothing); before this move, taking it cost black \
         cannon a9: the move raises the gain"
    );
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::Zh)[1],
        "黑车(a1)捉红马(a0)（少根子：黑车(a1)、在后的黑炮(a8)攻，仅红车(d0)保护，联合捉，\
         完整交换后净得一马；此着前吃之须失黑炮(a9)，此着后所得更多）"
    );
}

#[test]
fn a_capture_the_move_unpins_says_the_king_was_exposed_before() {
    // CXA 2020 diagram 28, ply 2: the elephant e7 could not take the rook c9
    // before, as it screened its king e9 from the red cannon e2 with the
    // pawn e3 as the cannon's only other screen; the horse's step to e8 puts
    // a third piece on the file.
    let fen = "CR1akab1r/9/2n1b1n2/2p5p/6p2/2P6/r3P1P1P/4CcN2/9/2BAK1BR1 w";
    let cycle = "b9c9 c7e8 c9b9 e8c7";
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::En)[1],
        "black elephant e7 threatens red rook c9: it is unprotected; before this move, taking it \
         would have left black king e9 in check, which the move of black horse e8 now prevents"
    );
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::Zh)[1],
        "黑象(e7)捉红车(c9)（无根；此着前吃之则黑将(e9)被将军，黑马(e8)走动后解除）"
    );
}

#[test]
fn three_defenders_read_as_a_list() {
    // A random AXF cycle: the red rook e6 attacks the elephant e7, which
    // three black pieces protect: "a, b and c", not "a and b and c".
    let fen = "2b1ka1n1/4a4/4bC3/4R3p/p4Ppc1/P1p1r4/N1Pc3NP/4B4/4A4/1R2KAB2 w";
    let reason = &cycle_reasons(AXF, fen, "e2c0 d3e3 c0e2 e3d3", Lang::En)[2];
    assert!(
        reason.ends_with(
            "red rook e6 attacks black elephant e7, which is protected by black cannon e3, black \
             rook e4 and black elephant c9"
        ),
        "{reason}"
    );
}

#[test]
fn a_chase_won_by_checks_names_the_piece_that_takes() {
    // CXA 2020 diagram 2, ply 3: the red horse's check from g8 (taken by the
    // cannon c8) opens the h file for the rook h0, which takes the rook h9.
    let fen = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w";
    let referee = play(CXA, fen, "h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6");
    let json = referee.ruling().to_json();
    let chase = &json["repetition"]["red"]["moves"][1];
    assert_eq!(chase["move"], "i4h6");
    assert_eq!(chase["targets"], serde_json::json!(["h9"]));
    assert_eq!(chase["attackers"], serde_json::json!(["h0"]));
    assert_eq!(
        chase["reason"],
        "red rook h0 threatens black rook h9: won by checks, the first by red horse h6, then a \
         capture (net gain: a rook for a horse): h6g8 c8g8 h0h9"
    );
    assert_eq!(
        chase["reason_zh"],
        "红车(h0)捉黑车(h9)（先由红马(h6)照将，连将后吃子，以马换车：马二进三 后炮平７ 车二进九）"
    );
    // The nature keeps the piece that gives the first check.
    let last = referee.ruling().repetition.unwrap();
    assert_eq!(last.moves.last().unwrap().nature.attackers, vec![sq("h6")]);
}

#[test]
fn a_joint_chase_names_a_defender_that_cannot_take_back_as_a_false_root() {
    // CXA 2020 diagram 25, ply 1: the cannon d3, the rook d5 and the rook
    // b9 against the horse d9. The king e9 stands beside it but would be in
    // check from the rooks on taking back; the advisor e8 may take back but
    // is then mated in three (Rxd9+ …), as 29.4 would ask of a capturer:
    // both are false roots (不能离线), and the chase is joint (联合捉), as the
    // rulebook rules it (红方联合捉子, black's 长捉车 varies, 26.9.2).
    let fen = "1R1nka3/4ac3/b3b4/p1P1p3p/5n1rc/3R5/P2CP1P2/2N1BCr2/4A4/4KAB2 w";
    let cycle = "d4d5 f5g7 d5d4 g7f5";
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::En)[0],
        "red cannon d3 threatens black horse d9: none of its defenders can take back (black \
         king e9 would be in check from red rook d5 and red rook b9; black advisor e8 cannot \
         take back: that would allow mate); before this move, taking it cost red rook d4: the move raises the gain"
    );
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::Zh)[0],
        "红炮(d3)捉黑马(d9)（假根：黑将(e9)反吃则被红车(d5)、红车(b9)照将，\
         黑士(e8)反吃则被将死；此着前吃之须失红车(d4)，此着后所得更多）"
    );
    let r = decisive(
        CXA,
        fen,
        cycle,
        CycleOutcome::MustVary(Color::Black),
        "CXA 2020 26.9.2",
    );
    assert_eq!(
        r.cycle.ground.0,
        "black chases a rook perpetually, red chases jointly"
    );
}

#[test]
fn the_chinese_ruling_names_the_rulebook_it_applies() {
    // The rule set is named by the rulebook's title, its contract name after it.
    let referee = play(AXF, PERPETUAL_CHECK, PERPETUAL_CHECK_CYCLE);
    let zh = referee.ruling().render(Lang::Zh);
    assert!(zh.contains("。规则：《亚洲象棋规例》（axf）。"), "{zh}");
    assert!(!zh.contains("规则：axf"), "{zh}");
}

#[test]
fn checks_met_only_by_other_pieces_idle_moves_are_still_a_perpetual_check() {
    // CXA 2020 24.18 calls a check 自毙 when the opponent can answer it only
    // with a piece other than its king, and does with no check, mate threat or
    // chase. The text gives the name no consequence; 25.1 bans unilateral
    // perpetual check "in any case". Red's rook steps onto and off the e-file:
    // on it, it screens the cannon e1's check; off it, the black elephant
    // (the block against the first check) is the screen. The black king,
    // walled in by its advisors, cannot step out of either check.
    let fen = "3aka3/9/9/9/6b2/3R5/9/9/4C4/3K5 w";
    let cycle = "d4e4 g5e7 e4d4 e7g5";
    for (rules, clause) in [
        (CXA, "CXA 2020 25.1"),
        (RuleSet::Cxa2011, "CXA 2011 25.1"),
        (AXF, "AXF rule 6"),
    ] {
        let r = decisive(
            rules,
            fen,
            cycle,
            CycleOutcome::MustVary(Color::Red),
            clause,
        );
        assert_eq!(
            natures(&r, Color::Red),
            [Nature::Check, Nature::Check],
            "{rules}"
        );
        assert!(
            natures(&r, Color::Black)
                .iter()
                .all(|n| !matches!(n, Nature::Check | Nature::MateThreat | Nature::Chase)),
            "{rules}: {:?}",
            natures(&r, Color::Black)
        );
        let pos = position(fen);
        let after = play(rules, fen, "d4e4");
        assert!(
            after
                .position()
                .legal_moves()
                .iter()
                .all(|m| m.from() != pos.king(Color::Black)),
            "{rules}: the king cannot answer"
        );
    }
}

#[test]
fn a_pawn_chasing_by_itself_against_a_perpetual_chase_stays_idle_under_2011_and_2020() {
    // The pre-2011 text made a pawn's own chase a chase "如形成相互长打局面"
    // (when both sides attack perpetually); the spec gives that clause to the
    // 1999 edition, and 26.1 of the 2020 text (which the 2011 edition's 棋例
    // is numbered as) has no such exception. Red's crossed pawn takes turns
    // on the black horse d7 and elephant e7 while the black rook takes turns
    // on the red horse a2 and cannon b2: only Black's moves are forbidden.
    let fen = "4k4/1r7/3nb4/3P5/9/9/9/NC7/9/3K5 w";
    let cycle = "d6e6 b8a8 e6d6 a8b8";
    for (rules, clause) in [(RuleSet::Cxa2011, "CXA 2011 25.3"), (CXA, "CXA 2020 25.3")] {
        let r = decisive(
            rules,
            fen,
            cycle,
            CycleOutcome::MustVary(Color::Black),
            clause,
        );
        assert_eq!(
            natures(&r, Color::Red),
            [Nature::Idle, Nature::Idle],
            "{rules}"
        );
        assert_eq!(
            natures(&r, Color::Black),
            [Nature::Chase, Nature::Chase],
            "{rules}"
        );
        let run = MoveRun {
            start: &r.start,
            moves: &r.moves,
            rules,
        };
        let reasons = run.reasons(Lang::En);
        assert!(
            reasons[2].ends_with(
                "red pawn d6 attacks black horse d7 by itself, which is no chase (CXA 26.1)"
            ),
            "{rules}: {}",
            reasons[2]
        );
    }
}

#[test]
fn a_chase_whose_piece_can_be_taken_for_nothing_says_it_also_offers_it() {
    // The black rook comes to i1 beside the red rook i0, which the horse h0
    // boxes in: it can only take the rook i1, unprotected. Both rule sets
    // judge a sacrifice that chases a chase, and the reason says so.
    let fen = "3k5/9/9/9/9/9/9/9/5r3/4K2NR b";
    assert_eq!(nature(CXA, fen, "f1i1").nature, Nature::Chase);
    assert_eq!(
        last_reason(CXA, fen, "f1i1", Lang::En),
        "black rook i1 threatens red rook i0: it is unprotected; it also offers black rook i1, \
         which red rook i0 can take and win material: a sacrifice that chases is judged a chase \
         (献兼捉，从重判捉)"
    );
    assert_eq!(
        last_reason(CXA, fen, "f1i1", Lang::Zh),
        "黑车(i1)捉红车(i0)（无根）；兼献黑车(i1)（红车(i0)可吃之得子），献兼捉，从重判捉"
    );
}

#[test]
fn an_exchange_that_clears_the_way_of_the_next_capture_says_so() {
    // A random CXA cycle, ply 2: the black horse b5 takes the cannon d4 and
    // the rook d0 takes back; the horse no longer stands between the rook
    // b6 and the red horse b2, which it then takes. No defender of b2 is
    // taken away: the exchange clears the rook's file.
    let fen = "3k1abn1/1C2a4/4br3/1r2pP2c/1n4p1p/P1BC5/2P3P2/1N3A2B/4A4/2R1KNR2 w - - 9 37";
    let cycle = "c0d0 d9e9 d0c0 e9d9";
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::En)[1],
        "black horse b5 threatens red cannon d4: the even exchange takes black horse b5 out of \
         the way of black rook b6 to red horse b2, which is then won (net gain: a cannon, for \
         nothing): b5d4 d0d4 b6b2; black king e9's move lets other pieces chase, which counts \
         as a chase (CXA 26.1.1)"
    );
    assert_eq!(
        cycle_reasons(CXA, fen, cycle, Lang::Zh)[1],
        "黑马(b5)捉红炮(d4)（兑子让路，兑后黑马(b5)让开，黑车(b6)再吃红马(b2)，净得一炮：\
         马２进４ 车六进四 车２进４）；黑将(e9)走动后他子产生新的捉，按捉，见第26.1.1条"
    );
}

#[test]
fn a_mate_threat_s_extra_chase_rests_on_mates_found_as_the_nature_found_them() {
    // CXA 2020 diagrams 29a and 29b. A mate threat under CXA is a mate
    // threat alone; its reason says what it chases besides, searched as the
    // nature was (no mate may take a piece the move offers in exchange; these
    // moves offer none). 29b, 车二平三: taking the advisor e8 with the cannon
    // e6, the advisor d9's recapture is met by mate in 2 (Fairy-Stockfish:
    // g3g9 e8f9 g9f9). 29a, 车８平９: taking the cannon e6 with the rook c6,
    // the pawn e5's recapture is met by mate in 4 (Fairy-Stockfish: i9i0
    // h3h0 i0h0 e0e1 a0a1 e1e2 h0h2).
    let fen = "2bak2r1/4aP3/4b4/2r1C4/4P4/2B6/4R3R/B8/1p7/c3K4 w";
    let b = cycle_reasons(CXA, fen, "e3h3 h9g9 h3g3 g9h9 g3h3 h9g9", Lang::Zh);
    assert_eq!(
        b[0],
        "伏车三进六（杀）；兼捉：红炮(e6)捉黑士(e8)（假根：黑将(e9)反吃则被红兵(f8)照将，\
         黑士(d9)反吃则被将死；此着前有根：黑士(d9)）"
    );
    let a = cycle_reasons(CXA, fen, "i3h3 h9i9 h3i3 i9g9 i3g3 g9h9 g3h3", Lang::Zh);
    assert!(
        a[0].ends_with(
            "（杀）；兼捉：黑车(c6)捉红炮(e6)（假根：红兵(e5)反吃则被将死；此着前有根：红兵(e5)）"
        ),
        "{}",
        a[0]
    );
}
