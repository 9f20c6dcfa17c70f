//! The rules know no left and right, and no red and black: a cycle played on
//! the mirrored board (files a↔i) must be ruled the same, move by move, and a
//! cycle played with the colours swapped (the board turned over, red for
//! black) must be ruled the same with the sides swapped. Checked on every
//! public rule case and on cycles from random games, under every rule set.

use std::path::PathBuf;

use xqarbiter::board::{Color, Move, Position};
use xqarbiter::referee::Referee;
use xqarbiter::rules::RuleSet;
use xqarbiter::rules::nature::classify_reply;
use xqarbiter::rules::repetition::CycleOutcome;

#[path = "../tools/rule_cases.rs"]
mod rule_cases;

/// A way of turning the board that the rules must not notice.
#[derive(Copy, Clone, Debug)]
enum Turn {
    /// Files a↔i.
    Mirror,
    /// Ranks 0↔9 and red↔black.
    SwapColours,
}

impl Turn {
    fn fen(self, fen: &str) -> String {
        let mut fields = fen.split_whitespace();
        let board = fields.next().expect("a FEN has a board");
        let ranks: Vec<String> = board.split('/').map(expand).collect();
        let board: Vec<String> = match self {
            Turn::Mirror => ranks
                .iter()
                .map(|r| compress(&r.chars().rev().collect::<String>()))
                .collect(),
            Turn::SwapColours => ranks
                .iter()
                .rev()
                .map(|r| compress(&r.chars().map(swap_case).collect::<String>()))
                .collect(),
        };
        let mut out = vec![board.join("/")];
        if let Some(side) = fields.next() {
            out.push(match (self, side) {
                (Turn::SwapColours, "w" | "r") => "b".to_string(),
                (Turn::SwapColours, _) => "w".to_string(),
                (Turn::Mirror, side) => side.to_string(),
            });
        }
        out.extend(fields.map(str::to_string));
        out.join(" ")
    }

    fn square(self, sq: &str) -> String {
        let (file, rank) = (sq.as_bytes()[0], sq.as_bytes()[1]);
        match self {
            Turn::Mirror => format!("{}{}", (b'a' + b'i' - file) as char, rank as char),
            Turn::SwapColours => format!("{}{}", file as char, (b'0' + b'9' - rank) as char),
        }
    }

    fn mv(self, mv: Move) -> Move {
        let s = mv.to_string();
        Move::parse_uci(&(self.square(&s[..2]) + &self.square(&s[2..]))).unwrap()
    }

    fn outcome(self, outcome: CycleOutcome) -> CycleOutcome {
        match (self, outcome) {
            (Turn::SwapColours, CycleOutcome::MustVary(c)) => CycleOutcome::MustVary(!c),
            _ => outcome,
        }
    }
}

fn expand(rank: &str) -> String {
    rank.chars()
        .flat_map(|c| match c.to_digit(10) {
            Some(n) => vec!['.'; n as usize],
            None => vec![c],
        })
        .collect()
}

fn compress(rank: &str) -> String {
    let mut out = String::new();
    let mut empty = 0;
    for c in rank.chars() {
        if c == '.' {
            empty += 1;
            continue;
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
            empty = 0;
        }
        out.push(c);
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
    out
}

fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

/// The outcome of the repetition closed by the last move, and the nature of each move of its cycle.
fn judged(rules: RuleSet, fen: &str, moves: &[Move]) -> Option<(CycleOutcome, Vec<String>)> {
    let mut referee = Referee::with_rules(rules, Position::from_fen(fen).unwrap());
    for &mv in moves {
        referee.push(mv).unwrap();
    }
    let rep = referee.ruling().repetition?;
    let natures = rep
        .moves
        .iter()
        .map(|m| m.nature.nature.name().to_string())
        .collect();
    Some((rep.cycle.outcome, natures))
}

/// Judges the cycle as given and turned each way: whether the moves close a
/// repetition, and what differs.
fn differences(label: &str, rules: RuleSet, fen: &str, moves: &[Move]) -> (bool, Vec<String>) {
    let plain = judged(rules, fen, moves);
    let mut out = Vec::new();
    for turn in [Turn::Mirror, Turn::SwapColours] {
        let turned_moves: Vec<Move> = moves.iter().map(|&m| turn.mv(m)).collect();
        let turned = judged(rules, &turn.fen(fen), &turned_moves);
        let expected = plain.as_ref().map(|(o, n)| (turn.outcome(*o), n.clone()));
        if turned != expected {
            out.push(format!(
                "{label} {rules} {turn:?}: {expected:?} turned into {turned:?}"
            ));
        }
    }
    (plain.is_some(), out)
}

#[test]
fn turning_the_board_helpers_are_exact() {
    let fen = "2bak4/4a4/4b4/4C4/9/9/4R4/9/4K4/9 w - - 0 1";
    assert_eq!(
        Turn::Mirror.fen(fen),
        "4kab2/4a4/4b4/4C4/9/9/4R4/9/4K4/9 w - - 0 1"
    );
    let swapped = Turn::SwapColours.fen(fen);
    assert_eq!(swapped, "9/4k4/9/4r4/9/9/4c4/4B4/4A4/2BAK4 b - - 0 1");
    assert_eq!(Turn::SwapColours.fen(&swapped), fen);
    assert_eq!(
        Turn::Mirror
            .mv(Move::parse_uci("h2e2").unwrap())
            .to_string(),
        "b2e2"
    );
    assert_eq!(
        Turn::SwapColours
            .mv(Move::parse_uci("h2e2").unwrap())
            .to_string(),
        "h7e7"
    );
    assert_eq!(
        Turn::SwapColours.outcome(CycleOutcome::MustVary(Color::Red)),
        CycleOutcome::MustVary(Color::Black)
    );
}

/// Checks every referee's game turned both ways; returns how many closed a repetition.
fn check_all(referees: impl IntoIterator<Item = (String, Referee)>) -> usize {
    let mut wrong = Vec::new();
    let mut repetitions = 0;
    for (label, referee) in referees {
        let moves: Vec<Move> = referee.moves().collect();
        let (repeated, differ) =
            differences(&label, referee.rules(), &referee.start().fen(), &moves);
        repetitions += usize::from(repeated);
        wrong.extend(differ);
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    repetitions
}

#[test]
fn rule_cases_are_ruled_alike_on_a_turned_board() {
    let cases = rule_cases::cases().map(|(id, r)| (id.to_string(), r.unwrap()));
    // Every case (图29a repeats no position: a cycle over points).
    assert_eq!(check_all(cases), 132);
}

#[test]
fn every_move_of_the_rule_case_positions_has_the_same_nature_on_a_turned_board() {
    let mut wrong = Vec::new();
    let mut judged_moves = 0;
    for (id, referee) in rule_cases::cases() {
        let referee = referee.unwrap();
        let rules = referee.rules();
        let mut pos = referee.start().clone();
        let mut previous = None;
        let mut played = referee.moves();
        loop {
            for turn in [Turn::Mirror, Turn::SwapColours] {
                let turned = Position::from_fen(&turn.fen(&pos.fen())).unwrap();
                for mv in pos.legal_moves() {
                    let plain = classify_reply(&pos, previous, mv, rules).unwrap().nature;
                    let twin =
                        classify_reply(&turned, previous.map(|p| turn.mv(p)), turn.mv(mv), rules)
                            .unwrap()
                            .nature;
                    judged_moves += 1;
                    if plain != twin {
                        wrong.push(format!(
                            "{id} {turn:?} {} {mv}: {plain:?} turned into {twin:?}",
                            pos.fen()
                        ));
                    }
                }
            }
            let Some(mv) = played.next() else { break };
            pos.play_unchecked(mv);
            previous = Some(mv);
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(judged_moves > 50_000, "only {judged_moves} moves judged");
}

#[test]
fn random_game_cycles_are_ruled_alike_on_a_turned_board() {
    for rules in [RuleSet::Cxa2011, RuleSet::Cxa2020, RuleSet::Axf] {
        let cycles = rule_cases::random_game_cycles(rules, 300);
        let labelled = cycles
            .into_iter()
            .enumerate()
            .map(|(i, r)| (format!("random cycle {i}"), r));
        assert_eq!(check_all(labelled), 300);
    }
}

/// The corpus folder of the shared data ($XQARBITER_CORPUS), or a note that
/// the test is skipped.
fn corpus(test: &str) -> Option<PathBuf> {
    match std::env::var_os("XQARBITER_CORPUS") {
        Some(root) => Some(PathBuf::from(root).join("corpus")),
        None => {
            eprintln!("note: XQARBITER_CORPUS is not set; {test} skipped");
            None
        }
    }
}

/// Every repetition in the corpus master games ($XQARBITER_CORPUS).
#[test]
fn corpus_repetitions_are_ruled_alike_on_a_turned_board() {
    let Some(corpus) = corpus("corpus symmetry") else {
        return;
    };
    for rules in [RuleSet::Cxa2011, RuleSet::Cxa2020, RuleSet::Axf] {
        let found = rule_cases::corpus_repetitions(&corpus, rules);
        let count = found.len();
        let labelled = found.into_iter().map(|r| {
            (
                format!("corpus game from {} ply {}", r.start().fen(), r.plies()),
                r,
            )
        });
        assert_eq!(check_all(labelled), count);
        assert!(
            count > 1000,
            "only {count} repetitions in {}",
            corpus.display()
        );
    }
}

/// Each side's natural-limit counts, with the words of the deductions and
/// of the readings left out (they name the colours).
fn limit_counts(referee: &Referee) -> [serde_json::Value; 2] {
    let limit = &referee.ruling().to_json()["natural_limit"];
    [&limit["red"], &limit["black"]].map(|side| {
        let mut side = side.clone();
        for key in ["deductions", "readings"] {
            if let Some(list) = side[key].as_array_mut() {
                for d in list.iter_mut().filter_map(|d| d.as_object_mut()) {
                    d.remove("en");
                    d.remove("zh");
                }
            }
        }
        side
    })
}

/// The natural-limit status after every corpus master game ($XQARBITER_CORPUS),
/// played again with the colours swapped: the two sides' counts swap.
#[test]
fn natural_limit_counts_swap_with_the_colours() {
    let Some(corpus) = corpus("natural-limit symmetry") else {
        return;
    };
    let mut wrong = Vec::new();
    let mut games = 0;
    for (i, game) in rule_cases::corpus_games(&corpus).iter().enumerate() {
        for rules in [RuleSet::Cxa2020, RuleSet::Axf] {
            let turn = Turn::SwapColours;
            let mut plain = Referee::with_rules(rules, game.start.clone());
            let swapped_start = Position::from_fen(&turn.fen(&game.start.fen())).unwrap();
            let mut swapped = Referee::with_rules(rules, swapped_start);
            // Every move since the last capture classified, not only the checks.
            plain.set_limit_detail(true);
            swapped.set_limit_detail(true);
            for gm in &game.moves {
                plain.push(gm.mv).unwrap();
                swapped.push(turn.mv(gm.mv)).unwrap();
            }
            let [red, black] = limit_counts(&plain);
            if [black, red] != limit_counts(&swapped) {
                wrong.push(format!("corpus game {i} {rules}"));
            }
            games += 1;
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(games > 4000, "only {games} games");
}
