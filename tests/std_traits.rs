//! The standard traits a Rust user reaches for first: `str::parse` for the
//! named and written types, `Display` as the JSON names, `Debug` of squares
//! as coordinates, and parse errors that `?` turns into `Box<dyn Error>`.

use std::error::Error;

use xqarbiter::board::{Color, Move, Position, Square};
use xqarbiter::referee::Referee;
use xqarbiter::rules::ruling::{Reason, Verdict};
use xqarbiter::rules::{Nature, RuleSet};
use xqarbiter::words::Lang;

type Failure = Box<dyn Error + Send + Sync>;

/// A server handler's parsing: every error goes up with `?`.
fn ruling_of(rules: &str, fen: &str, moves: &[&str]) -> Result<Verdict, Failure> {
    let rules: RuleSet = rules.parse()?;
    let start: Position = fen.parse()?;
    let mut referee = Referee::with_rules(rules, start);
    for text in moves {
        referee.push(text.parse::<Move>()?)?;
    }
    Ok(referee.ruling().verdict)
}

#[test]
fn parse_errors_go_up_with_the_question_mark() {
    let fen = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
    let cycle = ["f0e0", "e8f8", "e0f0", "f8e8"];
    let moves: Vec<&str> = cycle.iter().chain(&cycle).copied().collect();
    assert_eq!(
        ruling_of("cxa2020", fen, &moves).unwrap(),
        Verdict::BlackWins
    );
    let err = ruling_of("fide", fen, &moves).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown rule set 'fide': expected cxa2011, cxa2020 or axf"
    );
    assert!(ruling_of("axf", "9/9 w", &moves).is_err());
    assert!(ruling_of("axf", fen, &["f0e0", "zz"]).is_err());
    assert!(ruling_of("axf", fen, &["f0e0", "e0e1"]).is_err());
}

#[test]
fn names_print_as_in_json_and_parse_back() {
    for verdict in [
        Verdict::Ongoing,
        Verdict::RedWins,
        Verdict::BlackWins,
        Verdict::Draw,
    ] {
        assert_eq!(verdict.to_string(), verdict.name());
        assert_eq!(verdict.to_string().parse::<Verdict>().unwrap(), verdict);
        // The JSON name is the serde name too.
        assert_eq!(
            serde_json::to_value(verdict).unwrap(),
            serde_json::Value::from(verdict.name())
        );
    }
    assert!("red".parse::<Verdict>().is_err());
    for reason in [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::Perpetual,
        Reason::Repetition,
        Reason::NaturalLimit,
    ] {
        assert_eq!(reason.to_string(), reason.name());
    }
    assert_eq!(Nature::MateThreat.to_string(), "mate_threat");
    assert_eq!("捉".parse::<Nature>().unwrap(), Nature::Chase);
    assert_eq!(Lang::En.to_string(), "en");
    assert_eq!("zh".parse::<Lang>().unwrap(), Lang::Zh);
    assert_eq!("black".parse::<Color>().unwrap(), Color::Black);
}

#[test]
fn squares_read_and_debug_print_as_coordinates() {
    let sq: Square = "e4".parse().unwrap();
    assert_eq!(format!("{sq} {sq:?}"), "e4 e4");
    let mv: Move = "h2e2".parse().unwrap();
    assert_eq!(format!("{:?}", (mv.from(), mv.to())), "(h2, e2)");
    let err: Failure = "k9".parse::<Square>().unwrap_err().into();
    assert!(err.to_string().starts_with("unknown square 'k9'"));
}

#[test]
fn positions_and_reasons_key_hash_maps_and_game_iterators_debug() {
    use std::collections::HashMap;
    fn is_debug<T: std::fmt::Debug>() {}
    is_debug::<xqarbiter::record::GameIter>();
    let mut seen: HashMap<Position, Reason> = HashMap::new();
    seen.insert(Position::startpos(), Reason::Repetition);
    assert_eq!(
        seen.get(
            &"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
                .parse()
                .unwrap()
        ),
        Some(&Reason::Repetition)
    );
}
