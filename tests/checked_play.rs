//! A library user's moves come from outside (a GUI, a network): the checked
//! entry points refuse an illegal one, say why, and change nothing.

use xqarbiter::board::{Exposure, Illegality, Move, Position};
use xqarbiter::referee::Referee;
use xqarbiter::rules::RuleSet;
use xqarbiter::rules::nature::{classify, classify_reply};
use xqarbiter::words::Lang;

fn mv(text: &str) -> Move {
    Move::parse_uci(text).unwrap()
}

#[test]
fn every_kind_of_illegal_move_is_refused_with_its_reason() {
    let start = Position::startpos();
    let cases = [
        ("e5e6", "there is no piece on e5"),
        (
            "h7e7",
            "the piece on h7 is a black cannon, but it is red to move",
        ),
        ("a0a3", "a3 is occupied by red's own piece"),
        ("a0a9", "the red rook on a0 cannot move to a9"),
        ("e0e2", "the red king on e0 cannot move to e2"),
        ("b0d1", "the red horse on b0 cannot move to d1"),
    ];
    for (text, why) in cases {
        let mut pos = start.clone();
        let err = pos.play(mv(text)).unwrap_err();
        assert_eq!(pos, start, "{text} changed the position");
        assert_eq!(
            err.to_string(),
            format!("illegal move {text}: {why} (in {})", start.fen())
        );
        // The classifier refuses the same moves for the same reason.
        let refused = classify(&start, mv(text), RuleSet::Cxa2020).unwrap_err();
        assert_eq!(refused, err);
    }
}

#[test]
fn a_move_that_exposes_the_king_is_named_so_in_both_languages() {
    // The red king stepping onto the open e-file would face the black king.
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w").unwrap();
    let err = pos.clone().play(mv("d0e0")).unwrap_err();
    assert!(matches!(
        err.illegality,
        Illegality::ExposesKing(_, Exposure::FacingKing)
    ));
    assert!(
        err.to_string()
            .contains("would leave the red king facing the black king"),
        "{err}"
    );
    assert!(
        err.in_lang(Lang::Zh).contains("红方的帅与黑方将照面"),
        "{}",
        err.in_lang(Lang::Zh)
    );
    // A pinned horse: the rook that would check is named.
    let pinned = Position::from_fen("3r1k3/9/9/9/9/9/9/9/3N5/3K5 w").unwrap();
    let err = pinned.clone().play(mv("d1b2")).unwrap_err();
    assert!(
        err.to_string()
            .contains("would leave the red king in check from black rook d9"),
        "{err}"
    );
    assert!(
        err.in_lang(Lang::Zh).contains("红方的帅被黑方车(d9)将军"),
        "{}",
        err.in_lang(Lang::Zh)
    );
    // classify_reply checks the move, whatever the previous move given.
    assert!(classify_reply(&pos, Some(mv("e8e9")), mv("d0e0"), RuleSet::Axf).is_err());
}

#[test]
fn play_then_classify_and_push_agree_on_legal_moves() {
    let mut pos = Position::startpos();
    let mut referee = Referee::with_rules(RuleSet::Axf, pos.clone());
    for text in ["h2e2", "h9g7", "h0g2", "i9h9"] {
        let before = pos.clone();
        pos.play(mv(text)).unwrap();
        assert!(classify(&before, mv(text), RuleSet::Axf).is_ok());
        referee.push(mv(text)).unwrap();
        assert_eq!(referee.position(), &pos);
    }
    // An illegal push leaves the referee where it was.
    let ruling = referee.ruling();
    assert!(referee.push(mv("e0e2")).is_err());
    assert_eq!(referee.plies(), 4);
    assert_eq!(referee.ruling(), ruling);
}
