//! The ruling's JSON carries the profile's notes in both languages
//! (`repetition.note`/`note_zh`, `draw_note`/`draw_note_zh`) and keeps every
//! key it had: the object is a contract.

use serde_json::Value;
use xqarbiter::board::{Move, Position};
use xqarbiter::referee::Referee;
use xqarbiter::rules::profile::Profile;
use xqarbiter::rules::ruling::Lang;

/// Both sides shuffle an adviser twice from round `round`: the position
/// stands a third time after ply 8, a repetition the rules draw.
fn shuffled(profile: &str, round: u32) -> Value {
    let fen = format!("3k1a3/9/9/9/9/9/9/9/9/3A1K3 w - - 0 {round}");
    let mut referee = Referee::new(
        Profile::builtin(profile).unwrap(),
        Position::from_fen(&fen).unwrap(),
    );
    for mv in ["d0e1", "f9e8", "e1d0", "e8f9"].repeat(2) {
        referee.push(mv.parse::<Move>().unwrap()).unwrap();
    }
    let ruling = referee.ruling();
    let json = ruling.to_json();
    // The JSON's notes are the ruling's, in both languages.
    let rep = ruling.repetition.as_ref().unwrap();
    assert_eq!(
        json["repetition"]["note"],
        Value::from(rep.note.clone().map(|n| n.en))
    );
    assert_eq!(
        json["repetition"]["note_zh"],
        Value::from(rep.note.clone().map(|n| n.zh))
    );
    assert_eq!(
        json["draw_note"],
        Value::from(ruling.draw_note.clone().map(|n| n.en))
    );
    assert_eq!(
        json["draw_note_zh"],
        Value::from(ruling.draw_note.clone().map(|n| n.zh))
    );
    // The text for people shows the same draw note.
    if let Some(zh) = json["draw_note_zh"].as_str() {
        assert!(ruling.natural_limit_text(Lang::Zh).contains(zh));
    }
    json
}

/// The keys of an object, sorted.
fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

#[test]
fn a_repetition_note_comes_in_both_languages() {
    // Begun within 25 rounds under regulation A: Red must vary, with a note.
    let json = shuffled("dqsz2017-slow", 23);
    assert_eq!(json["verdict"], "black_wins");
    let en = json["repetition"]["note"].as_str().unwrap();
    let zh = json["repetition"]["note_zh"].as_str().unwrap();
    assert!(en.contains("again after ply 4 (round 24)"), "{en}");
    assert!(zh.contains("第4着后（第24回合）再现"), "{zh}");
    assert!(json["draw_note"].is_null() && json["draw_note_zh"].is_null());
    // Without the clause there is no note, in either language.
    let json = shuffled("cxa2020", 23);
    assert_eq!(json["verdict"], "draw");
    assert!(json["repetition"]["note"].is_null());
    assert!(json["repetition"]["note_zh"].is_null());
}

#[test]
fn an_armageddon_draw_explains_its_black_win() {
    let json = shuffled("dqsz2017-armageddon", 40);
    assert_eq!(json["verdict"], "black_wins");
    assert_eq!(json["reason"], "repetition");
    assert_eq!(
        json["draw_note"],
        "the game is a draw by repetition; profile dqsz2017-armageddon awards a draw to Black (Armageddon): Black wins"
    );
    assert_eq!(
        json["draw_note_zh"],
        "本局按循环不变作和；dqsz2017-armageddon规程规定和棋判黑方胜"
    );
}

#[test]
fn the_contract_keys_are_all_still_there() {
    let json = shuffled("cxa2020", 23);
    assert_eq!(
        keys(&json),
        [
            "draw_note",
            "draw_note_zh",
            "fen",
            "natural_limit",
            "plies",
            "profile",
            "reason",
            "repetition",
            "rules",
            "verdict",
        ]
    );
    assert_eq!(
        keys(&json["repetition"]),
        [
            "alike",
            "black",
            "clause",
            "explanation",
            "explanation_zh",
            "first_ply",
            "kind",
            "last_ply",
            "note",
            "note_zh",
            "occurrences",
            "points",
            "previous_ruling",
            "red",
            "ruling",
        ]
    );
    assert_eq!(json["rules"], "cxa2020");
    assert_eq!(json["plies"], 8);
    assert_eq!(json["reason"], "repetition");
    assert_eq!(json["repetition"]["ruling"], "draw");
    assert_eq!(json["repetition"]["occurrences"], 3);
    assert_eq!(json["repetition"]["red"]["forbidden"], false);
}
