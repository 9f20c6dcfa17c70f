//! Prints random games that end in a repeated shuttle played to its third
//! occurrence, one per line (tab-separated): the start FEN, the moves in
//! coordinates, xqarbiter's ruling of the cycle under the rule set, and the
//! side to move after the last move. For comparing rulings with another
//! program that adjudicates at the third occurrence, such as Fairy-Stockfish
//! (`tools/rulings_vs_pyffish.py`).
//!
//! `cargo run --release --example cycle_records -- [N] [cxa2011|cxa2020|axf]`
//! (defaults: 2000 games, axf)
//!
//! With `--corpus DATA_FOLDER [RULES]` it prints instead the first third
//! occurrence of each corpus master game that has one, ruled `none` when
//! the game goes on there (its last two cycles were ruled differently), with
//! the game's name (`FILE#N`) in a fifth column.
//!
//! With `--points DATA_FOLDER [RULES]` it prints every cycle over points
//! (多点循环, a repetition of no position) met in the corpus master games,
//! one per line: the game's name, the ply, the occurrences it counts as,
//! its ruling, whether it ends the game, and the summary.

use std::path::Path;
use std::process::ExitCode;

use xqarbiter::referee::{Event, Referee};
use xqarbiter::rules::RuleSet;

#[path = "rule_cases.rs"]
mod rule_cases;
use rule_cases::random_cycles::random_cycle;
use rule_cases::xorshift::XorShift;

fn main() -> ExitCode {
    match std::env::args().nth(1).as_deref() {
        Some("--corpus") => return corpus_records(),
        Some("--points") => return corpus_points(),
        _ => {}
    }
    let Some((n, rules)) = rule_cases::count_and_rules(2000, RuleSet::Axf) else {
        return usage();
    };
    let mut rng = XorShift(0x00ab_cdef_1234_5678);
    let mut printed = 0;
    while printed < n {
        let plies = 8 + rng.below(70);
        let Some((start, moves)) = random_cycle(&mut rng, plies, 2) else {
            continue;
        };
        let mut referee = Referee::with_rules(rules, start.clone());
        for &mv in &moves {
            referee.push(mv).expect("the generator plays legal moves");
        }
        // A game that ended earlier (mate, an earlier decisive repetition) is left out.
        let Some(rep) = referee.ruling().repetition.filter(|r| r.occurrences == 3) else {
            continue;
        };
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        println!(
            "{}\t{}\t{}\t{}",
            start.fen(),
            moves.join(" "),
            rep.cycle.outcome.name(),
            referee.position().turn().name()
        );
        printed += 1;
    }
    ExitCode::SUCCESS
}

/// The `--corpus` mode: one line per master game that reaches a third occurrence.
fn corpus_records() -> ExitCode {
    let (rules, games) = match corpus_args(RuleSet::Axf) {
        Ok(found) => found,
        Err(code) => return code,
    };
    for (name, game) in games {
        let mut referee = Referee::with_rules(rules, game.start.clone());
        let mut moves = Vec::new();
        for m in &game.moves {
            moves.push(m.mv.to_string());
            match referee.push(m.mv) {
                Ok(Event::Repetition(3)) => {
                    let ruling = referee.ruling();
                    let ruled = match &ruling.repetition {
                        Some(rep) if ruling.ends_game() => rep.cycle.outcome.name(),
                        _ => "none",
                    };
                    println!(
                        "{}\t{}\t{ruled}\t{}\t{name}",
                        game.start.fen(),
                        moves.join(" "),
                        referee.position().turn().name()
                    );
                    break;
                }
                Ok(
                    Event::Repetition(_)
                    | Event::PointsCycle(_)
                    | Event::Quiet
                    | Event::NaturalLimit,
                ) => {}
                // Mate, stalemate or an illegal move: the game ends before any third occurrence.
                _ => break,
            }
        }
    }
    ExitCode::SUCCESS
}

/// The arguments of a corpus mode, `DATA_FOLDER [RULES]` (`default` when
/// no rule set is named): the rule set and the master games, or the exit
/// code when they are wrong or no game is found.
fn corpus_args(
    default: RuleSet,
) -> Result<(RuleSet, Vec<(String, xqarbiter::record::Game)>), ExitCode> {
    let mut args = std::env::args().skip(2);
    let data = args.next().ok_or_else(usage)?;
    let rules = match args.next().map(|a| a.parse::<RuleSet>()) {
        None => default,
        Some(Ok(rules)) => rules,
        Some(Err(_)) => return Err(usage()),
    };
    let games = master_games(&data).ok_or(ExitCode::from(2))?;
    Ok((rules, games))
}

/// The corpus master games under `DATA_FOLDER/corpus`, labelled, or `None`
/// (said on stderr) when there are none.
fn master_games(data: &str) -> Option<Vec<(String, xqarbiter::record::Game)>> {
    let games = rule_cases::labelled_corpus_games(&Path::new(data).join("corpus"));
    if games.is_empty() {
        eprintln!("cycle_records: no master game found under {data}/corpus");
        return None;
    }
    Some(games)
}

/// The `--points` mode: one line per cycle over points met in a master game
/// before the game ended.
fn corpus_points() -> ExitCode {
    let (rules, games) = match corpus_args(RuleSet::Cxa2020) {
        Ok(found) => found,
        Err(code) => return code,
    };
    for (name, game) in games {
        let mut referee = Referee::with_rules(rules, game.start.clone());
        for m in &game.moves {
            match referee.push(m.mv) {
                Ok(Event::PointsCycle(n)) => {
                    let ruling = referee.ruling();
                    let outcome = ruling
                        .repetition
                        .as_ref()
                        .map_or("none", |r| r.cycle.outcome.name());
                    println!(
                        "{name}\t{}\t{n}\t{outcome}\t{}\t{}",
                        referee.plies(),
                        ruling.ends_game(),
                        ruling.summary(xqarbiter::Lang::En)
                    );
                }
                Ok(_) if referee.ended().is_none() => {}
                _ => break,
            }
        }
    }
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: cycle_records [N] [cxa2011|cxa2020|axf]");
    eprintln!("       cycle_records --corpus DATA_FOLDER [cxa2011|cxa2020|axf]");
    eprintln!("       cycle_records --points DATA_FOLDER [cxa2011|cxa2020|axf]");
    ExitCode::from(2)
}
