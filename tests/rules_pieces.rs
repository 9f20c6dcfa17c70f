//! Which pieces chase, tested on positions constructed by hand: a king or a
//! pawn joining another piece's attack (CXA 26.1.1, AXF rules 28, 29, 35),
//! horses and cannons on rooks and rooks on cannons (AXF rules 15, 17, 18),
//! pieces on a rook a cannon confines (rule 27),
//! like pieces (AXF rule 24) and an uncrossed pawn as a target (rule 25).
//! Each cycle is played through the `Referee` to its third occurrence; the
//! ruling, the natures of the moves and what they chase are checked.
//!
//! Board reminder: files a–i from Red's left, ranks 0–9 from Red's side; a FEN
//! lists rank 9 first. Black's half is ranks 5–9.

mod rules_common;

use rules_common::{AXF, CXA, decisive, nature, natures, sq};
use xqarbiter::board::{Color, Square};
use xqarbiter::rules::repetition::CycleOutcome;
use xqarbiter::rules::ruling::{Lang, RepetitionReport};
use xqarbiter::rules::{Nature, RuleSet, ThreatKind};

/// For each move of `color` in the cycle, in cycle order: the attacker and
/// the target of its first chase, with how the target is won.
fn chases(r: &RepetitionReport, color: Color) -> Vec<(Square, Square, ThreatKind)> {
    r.cycle
        .side(color)
        .moves
        .iter()
        .filter_map(|&i| r.moves[i].nature.chases.first())
        .map(|t| (t.attacker, t.target, t.kind))
        .collect()
}

/// The red pawn steps between d6 and e6. On d6 it joins the red rook c1 on
/// the black horse c6, on e6 the red rook f1 on the black horse f6: each
/// horse is protected once, by the black rook behind it, so the rook alone
/// would lose the exchange, but with the pawn it wins the horse (少根子).
/// The black king steps between e9 and e8.
const PAWN_JOINS: &str = "2r1kr3/9/9/2nP1n3/9/9/9/9/2R2R3/3K5 w";
const PAWN_JOINS_CYCLE: &str = "d6e6 e9e8 e6d6 e8e9";

#[test]
fn cxa_a_pawn_move_that_joins_a_rook_on_a_protected_piece_chases_perpetually() {
    // CXA 26.1.1: "走动帅(将)、兵(卒)后与其他子配合同时产生'捉'，按'捉'处理".
    for (rules, clause) in [(CXA, "CXA 2020 25.3"), (RuleSet::Cxa2011, "CXA 2011 25.3")] {
        let r = decisive(
            rules,
            PAWN_JOINS,
            PAWN_JOINS_CYCLE,
            CycleOutcome::MustVary(Color::Red),
            clause,
        );
        assert_eq!(natures(&r, Color::Red), vec![Nature::Chase; 2], "{rules}");
        assert_eq!(natures(&r, Color::Black), vec![Nature::Idle; 2], "{rules}");
        assert_eq!(
            chases(&r, Color::Red),
            [
                (sq("f1"), sq("f6"), ThreatKind::Outnumbered),
                (sq("c1"), sq("c6"), ThreatKind::Outnumbered),
            ],
            "{rules}"
        );
    }
}

#[test]
fn axf_a_pawn_working_with_a_rook_on_a_protected_piece_chases_nothing() {
    // AXF rule 35: two pieces on a protected piece make no chase; rule 29
    // lets pawns chase, with other pieces too.
    let r = decisive(
        AXF,
        PAWN_JOINS,
        PAWN_JOINS_CYCLE,
        CycleOutcome::Draw,
        "AXF rule 5",
    );
    assert_eq!(natures(&r, Color::Red), vec![Nature::Idle; 2]);
    assert!(chases(&r, Color::Red).is_empty());
}

/// The crossed red pawn steps between c5 and d5, freeing in turn the leg of
/// the red horse c6 (onto d4) and of the red horse d6 (onto e4); the
/// unprotected black cannon flees between d4 and e4, each time to the
/// square the other horse cannot reach.
const PAWN_FREES: &str = "4k4/9/9/2NN5/2P6/3c5/9/9/9/5K3 w";
const PAWN_FREES_CYCLE: &str = "c5d5 d4e4 d5c5 e4d4";

#[test]
fn a_pawn_whose_every_move_frees_a_horse_onto_one_piece_chases_perpetually() {
    // AXF rule 29 lets a pawn chase, but not through other pieces it only
    // lets loose (the exceptions of diagrams 71-75; the appendix: a pawn
    // move that keeps a piece exposed makes the other piece's perpetual
    // chase): the horses take turns on the one cannon, and Red must vary.
    // CXA 26.1.1: "走动帅(将)、兵(卒)后，其他子产生新的'捉'，按'捉'处理".
    for (rules, clause) in [(AXF, "WXF general rule 3"), (CXA, "CXA 2020 25.3")] {
        let r = decisive(
            rules,
            PAWN_FREES,
            PAWN_FREES_CYCLE,
            CycleOutcome::MustVary(Color::Red),
            clause,
        );
        assert_eq!(natures(&r, Color::Red), vec![Nature::Chase; 2], "{rules}");
        assert_eq!(natures(&r, Color::Black), vec![Nature::Idle; 2], "{rules}");
        let by: Vec<(Square, Square)> = chases(&r, Color::Red).iter().map(|c| (c.0, c.1)).collect();
        assert_eq!(by, [(sq("c6"), sq("d4")), (sq("d6"), sq("e4"))], "{rules}");
    }
}

/// The red king steps between e1 and d1; the black king between f9 and f8.
/// On d1 the king stands beside the black horse d2, which the red rook a2
/// attacks and the black rook d9 protects: rook and king win it.
const KING_JOINS: &str = "3r1k3/9/9/9/9/9/9/R2n5/4K4/9 w";
const KING_JOINS_CYCLE: &str = "e1d1 f9f8 d1e1 f8f9";

#[test]
fn a_king_move_that_joins_a_rook_on_a_protected_piece_chases_under_cxa_only() {
    // CXA 26.1.1, the king's case: Kd1 chases with the rook; Ke1 is idle, and
    // one chase with one idle move is allowed.
    let r = decisive(
        CXA,
        KING_JOINS,
        KING_JOINS_CYCLE,
        CycleOutcome::Draw,
        "CXA 2020 25.2",
    );
    assert_eq!(natures(&r, Color::Red), [Nature::Chase, Nature::Idle]);
    assert_eq!(
        chases(&r, Color::Red),
        [(sq("a2"), sq("d2"), ThreatKind::Outnumbered)]
    );
    assert_eq!(r.cycle.red.pattern(Lang::Zh), "一捉一闲");
    // The king beside the horse counts as an attacker at once, not as a
    // piece lined up behind another: only the rook d9 keeps it from taking.
    let ply = r.cycle.red.moves[0];
    let [en, zh] = [Lang::En, Lang::Zh].map(|lang| r.run().reasons(lang).swap_remove(ply));
    assert!(
        en.contains(
            "more attackers than defenders (red rook a2 and red king d1 against black rook d9)"
        ),
        "{en}"
    );
    assert!(
        zh.contains("少根子：红车(a2)、红帅(d1)攻，仅黑车(d9)保护"),
        "{zh}"
    );
    // AXF rules 28 and 35: the king may work with another piece, and two
    // pieces on a protected piece make no chase.
    let r = decisive(
        AXF,
        KING_JOINS,
        KING_JOINS_CYCLE,
        CycleOutcome::Draw,
        "AXF rule 5",
    );
    assert_eq!(natures(&r, Color::Red), vec![Nature::Idle; 2]);
}

/// The black rook steps between a5 and a6, protected by the black rook a9;
/// the red cannon follows on the i-file, over the black pawn e5 or the black
/// horse e6.
const CANNON_ON_ROOK: &str = "r3k4/9/9/4n4/r3p3C/9/9/9/9/3K5 b";
const ROOK_AND_CANNON_CYCLE: &str = "a5a6 i5i6 a6a5 i6i5";

#[test]
fn a_cannon_may_not_chase_a_rook_perpetually_even_a_protected_one() {
    // AXF rule 15: "One or two cannons cannot perpetually chase a rook even
    // if the rook is protected". CXA: a rook won for a cannon is a chase.
    for (rules, clause) in [(AXF, "WXF general rule 3"), (CXA, "CXA 2020 25.3")] {
        let r = decisive(
            rules,
            CANNON_ON_ROOK,
            ROOK_AND_CANNON_CYCLE,
            CycleOutcome::MustVary(Color::Red),
            clause,
        );
        assert_eq!(natures(&r, Color::Red), vec![Nature::Chase; 2], "{rules}");
        assert_eq!(natures(&r, Color::Black), vec![Nature::Idle; 2], "{rules}");
        assert_eq!(
            chases(&r, Color::Red),
            [
                (sq("i6"), sq("a6"), ThreatKind::RookByLesser),
                (sq("i5"), sq("a5"), ThreatKind::RookByLesser),
            ],
            "{rules}"
        );
    }
}

#[test]
fn axf_a_cannon_on_a_rook_loses_even_when_the_rook_chases_unprotected_pieces_in_turn() {
    // AXF rule 15: "… or both of the rook's reacting moves are attacking an
    // unprotected piece". The screens are red horses now: the black rook
    // attacks the one on its rank each move, two pieces in turn (rule 32).
    let fen = "r3k4/9/9/4N4/r3N3C/9/9/9/9/3K5 b";
    let r = decisive(
        AXF,
        fen,
        ROOK_AND_CANNON_CYCLE,
        CycleOutcome::MustVary(Color::Red),
        "WXF general rule 3",
    );
    assert_eq!(natures(&r, Color::Black), vec![Nature::Chase; 2]);
    let black: Vec<Square> = chases(&r, Color::Black).iter().map(|c| c.1).collect();
    assert_eq!(black, [sq("e6"), sq("e5")]);
    assert!(!r.cycle.black.forbidden && r.cycle.red.forbidden);
    // CXA: a single rook chased (长捉车) against unprotected pieces chased
    // (长捉无根子), neither jointly: both forbidden, a draw (diagram 3's row).
    let r = decisive(
        CXA,
        fen,
        ROOK_AND_CANNON_CYCLE,
        CycleOutcome::Draw,
        "CXA 2020 26.9.4",
    );
    assert!(r.cycle.black.forbidden && r.cycle.red.forbidden);
}

#[test]
fn a_rook_may_chase_a_cannon_that_is_protected_on_one_of_its_squares() {
    // AXF rule 17: the black horse b8 protects the cannon on a6, not on a5.
    // The rook's move onto the protected cannon follows it (跟), the other
    // chases: one chase and one idle move, allowed under both rule sets.
    let fen = "4k4/1n7/9/9/c7R/9/9/9/9/3K5 b";
    let cycle = "a5a6 i5i6 a6a5 i6i5";
    for (rules, clause) in [(AXF, "AXF rule 5"), (CXA, "CXA 2020 25.2")] {
        let r = decisive(rules, fen, cycle, CycleOutcome::Draw, clause);
        assert_eq!(
            natures(&r, Color::Red),
            [Nature::Follow, Nature::Chase],
            "{rules}"
        );
        assert_eq!(
            chases(&r, Color::Red),
            [(sq("i5"), sq("a5"), ThreatKind::Unprotected)],
            "{rules}"
        );
    }
}

#[test]
fn axf_a_rook_blocking_a_cannon_s_mate_threats_chases_that_cannon_perpetually() {
    // AXF rule 18: "A Rook cannot perpetually chase an unprotected Cannon
    // even if the Cannon is perpetually threatening to checkmate". The
    // position of CXA 2020 diagram 7: the red cannon threatens mate from the
    // h- and i-files, and the black rook steps in its way each time,
    // attacking it. Under CXA taking the cannon would let Red mate (29.4):
    // the rook only blocks (拦), and the mate threats must vary.
    let fen = "2bak1c2/4aRN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K3C w";
    let cycle = "i0h0 i8h8 h0i0 h8i8";
    let r = decisive(
        AXF,
        fen,
        cycle,
        CycleOutcome::MustVary(Color::Black),
        "WXF general rule 3",
    );
    assert_eq!(natures(&r, Color::Red), vec![Nature::MateThreat; 2]);
    assert_eq!(natures(&r, Color::Black), vec![Nature::Chase; 2]);
    assert_eq!(
        chases(&r, Color::Black),
        [
            (sq("h8"), sq("h0"), ThreatKind::Unprotected),
            (sq("i8"), sq("i0"), ThreatKind::Unprotected),
        ]
    );
    let r = decisive(
        CXA,
        fen,
        cycle,
        CycleOutcome::MustVary(Color::Red),
        "CXA 2020 25.3",
    );
    assert_eq!(natures(&r, Color::Black), vec![Nature::Block; 2]);
}

#[test]
fn a_rook_may_not_chase_a_cannon_that_checks_on_one_move() {
    // AXF rule 18: "… even if the Cannon … has a check". The red cannon
    // checks from e2 over the red pawn e5; the black rook steps in between
    // to e4, answering the check and attacking the cannon; the cannon steps
    // to d2 and the rook follows. Red: one check, one idle move (allowed);
    // Black: the cannon chased on every move. CXA 26.1.4: the answer to the
    // check makes a threat the checked position did not have: a chase too.
    let fen = "4k4/9/9/9/4P4/3r5/9/3C5/9/5K3 w";
    let cycle = "d2e2 d4e4 e2d2 e4d4";
    for (rules, clause) in [(AXF, "WXF general rule 3"), (CXA, "CXA 2020 25.3")] {
        let r = decisive(
            rules,
            fen,
            cycle,
            CycleOutcome::MustVary(Color::Black),
            clause,
        );
        assert_eq!(
            natures(&r, Color::Red),
            [Nature::Check, Nature::Idle],
            "{rules}"
        );
        assert_eq!(natures(&r, Color::Black), vec![Nature::Chase; 2], "{rules}");
        assert_eq!(
            chases(&r, Color::Black),
            [
                (sq("e4"), sq("e2"), ThreatKind::Unprotected),
                (sq("d4"), sq("d2"), ThreatKind::Unprotected),
            ],
            "{rules}"
        );
    }
}

#[test]
fn axf_a_like_piece_that_cannot_take_back_is_chased_only_if_unprotected() {
    // AXF rule 24: like pieces that can take each other offer an exchange;
    // "If one side cannot capture the other for some reason, the other side
    // cannot perpetually chase it". A reading (Fairy-Stockfish's too): the
    // attack is then judged as any other, by the target's root. The red
    // horse comes to f5 on the black horse g7, whose leg g6 is blocked.
    let unprotected = nature(AXF, "4k4/9/6n2/6p2/9/9/4N4/9/9/3K5 w", "e3f5");
    assert_eq!(unprotected.nature, Nature::Chase, "{unprotected:?}");
    assert_eq!(unprotected.targets, [sq("g7")]);
    // The black rook g9 protects it: no chase.
    let protected = nature(AXF, "4k1r2/9/6n2/6p2/9/9/4N4/9/9/3K5 w", "e3f5");
    assert!(!protected.nature.is_attack(), "{protected:?}");
    // With its leg free the black horse could take back: the red horse is
    // offered (献), nothing is chased.
    let free = nature(AXF, "4k1r2/9/6n2/9/9/9/4N4/9/9/3K5 w", "e3f5");
    assert_eq!(free.nature, Nature::Sacrifice, "{free:?}");
}

#[test]
fn axf_a_rook_confined_by_a_cannon_is_chased_by_a_horse_even_protected() {
    // AXF rule 27: the red rook e3 stands with the advisor e1 between the
    // black cannon e7 and the red king e0: it cannot leave the e-file. "A
    // Knight or a Cannon cannot perpetually chase a confined Rook, disregard
    // whether the confined Rook is protected or not": the horse g2 protects it.
    let horse = nature(AXF, "3k5/9/2n1c4/9/9/9/4R4/6N2/4A4/4K4 b", "c7d5");
    assert_eq!(horse.nature, Nature::Chase, "{horse:?}");
    assert_eq!(horse.targets, [sq("e3")]);
    assert_eq!(horse.chases[0].kind, ThreatKind::RookByLesser);
    // "The opponent's chariot is not allowed to make a perpetual chase on the
    // pinned chariot": the confined rook cannot take back along rank 3, so
    // the black rook's attack offers no exchange and chases it, unprotected.
    let rook = nature(AXF, "3k5/9/4c4/9/r8/9/4R4/9/4A4/4K4 b", "a5a3");
    assert_eq!(rook.nature, Nature::Chase, "{rook:?}");
    assert_eq!(rook.targets, [sq("e3")]);
    // A reading: protected, as a rook chased on one move and protected on
    // the other (diagram 66, drawn), it is not chased by a rook.
    let protected = nature(AXF, "3k5/9/4c4/9/r8/9/4R4/6N2/4A4/4K4 b", "a5a3");
    assert!(!protected.nature.is_attack(), "{protected:?}");
}

#[test]
fn axf_an_uncrossed_pawn_is_no_chase_target() {
    // AXF rule 25: "perpetually chasing a Pawn that has NOT crossed the river
    // is allowed". The red rook comes to a6 beside the black pawn e6, then
    // to a4 beside a crossed one.
    let uncrossed = nature(AXF, "4k4/9/9/4p4/9/9/9/9/9/R2K5 w", "a0a6");
    assert!(!uncrossed.nature.is_attack(), "{uncrossed:?}");
    let crossed = nature(AXF, "4k4/9/9/9/9/4p4/9/9/9/R2K5 w", "a0a4");
    assert_eq!(crossed.nature, Nature::Chase, "{crossed:?}");
    assert_eq!(crossed.targets, [sq("e4")]);
}

#[test]
fn a_rook_chasing_a_cannon_that_checks_and_chases_must_vary_under_axf() {
    // AXF rule 18, "… or has a check and a chase", on the board: the red
    // cannon checks from e2 over the pawn e5; the black rook steps in
    // between to e4, attacking it; the cannon goes back to d2, from where
    // it attacks the unprotected black horse d7 over the pawn d5; the rook
    // follows to d4, blocking that and attacking the cannon again. Red: one
    // check, one chase (allowed, rule 12); Black: the unprotected cannon
    // chased on every move: Black must vary. Under CXA both sides break a
    // rule (一将一捉 and 长捉 of an unprotected piece, neither a joint
    // chase): a draw (26.9.4).
    let fen = "4k4/9/3n5/9/3PP4/3r5/9/3C5/9/5K3 w";
    let cycle = "d2e2 d4e4 e2d2 e4d4";
    let r = decisive(
        AXF,
        fen,
        cycle,
        CycleOutcome::MustVary(Color::Black),
        "WXF general rule 3",
    );
    assert_eq!(natures(&r, Color::Red), [Nature::Check, Nature::Chase]);
    assert!(!r.cycle.red.forbidden);
    assert_eq!(natures(&r, Color::Black), [Nature::Chase; 2]);
    assert_eq!(
        chases(&r, Color::Black),
        [
            (sq("e4"), sq("e2"), ThreatKind::Unprotected),
            (sq("d4"), sq("d2"), ThreatKind::Unprotected),
        ]
    );
    for (rules, clause) in [
        (RuleSet::Cxa2011, "CXA 2011 26.9.4"),
        (CXA, "CXA 2020 26.9.4"),
    ] {
        let r = decisive(rules, fen, cycle, CycleOutcome::Draw, clause);
        assert_eq!(r.cycle.red.pattern(Lang::Zh), "一将一捉", "{rules}");
        assert_eq!(r.cycle.black.pattern(Lang::Zh), "长捉", "{rules}");
    }
}
