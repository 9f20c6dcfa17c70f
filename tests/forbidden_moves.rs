//! `Referee::forbidden_moves` answers as the plain way does: every legal
//! move played on a copy of the referee and ruled on, kept when the ruling
//! makes the mover the offender. After every ply of the public rule cases
//! (played twice over, so that their cycles stand a third time) and of
//! random games ending in a shuttle, under the three rule sets and
//! tournament profiles (an early-repetition clause, an attack cap), asked of
//! a referee that has ruled after every move and of a fresh one.

use xqarbiter::board::{Move, Position};
use xqarbiter::referee::Referee;
use xqarbiter::rules::profile::Profile;
use xqarbiter::rules::repetition::CycleOutcome;
use xqarbiter::rules::ruling::Ruling;

#[path = "../tools/rule_cases.rs"]
mod rule_cases;
use rule_cases::random_cycles::random_cycle;
use rule_cases::xorshift::XorShift;

/// The forbidden moves found the plain way.
fn plain(referee: &Referee) -> Vec<(Move, Ruling)> {
    let mover = referee.position().turn();
    let mut out = Vec::new();
    for mv in referee.position().legal_moves() {
        let mut next = referee.clone();
        next.set_limit_detail(false);
        next.push(mv).expect("a legal move");
        let ruling = next.ruling();
        let outcome = ruling.repetition.as_ref().map(|r| r.cycle.outcome);
        if outcome == Some(CycleOutcome::MustVary(mover)) {
            out.push((mv, ruling));
        }
    }
    out
}

/// The referee's answer, comparable.
fn answer(referee: &Referee) -> Vec<(Move, Ruling)> {
    referee
        .forbidden_moves()
        .into_iter()
        .map(|f| (f.mv, f.ruling))
        .collect()
}

/// The games: each rule case's moves played twice (once if they cannot be
/// played again), and random games ending in a shuttle played twice.
fn games() -> Vec<(String, Position, Vec<Move>)> {
    let mut out = Vec::new();
    for (id, referee) in rule_cases::cases() {
        let referee = referee.expect("a playable case");
        let moves: Vec<Move> = referee.moves().collect();
        let mut again = referee.clone();
        let twice = moves.iter().all(|&m| again.push(m).is_ok());
        let moves = if twice { moves.repeat(2) } else { moves };
        out.push((id.to_string(), referee.start().clone(), moves));
    }
    let mut rng = XorShift(0x0f0b_1dde_2026_0001);
    let mut n = 0;
    while n < 40 {
        let plies = 6 + rng.below(40);
        if let Some((start, moves)) = random_cycle(&mut rng, plies, 2) {
            out.push((format!("random game {n}"), start, moves));
            n += 1;
        }
    }
    out
}

#[test]
fn forbidden_moves_are_those_a_copy_of_the_referee_finds_move_by_move() {
    let games = games();
    let mut positions = 0;
    let mut forbidden = 0;
    for name in [
        "cxa2011",
        "cxa2020",
        "axf",
        "dqsz2017-slow",
        "hengfang2024-slow",
    ] {
        let profile = Profile::builtin(name).expect("built in");
        for (i, (id, start, moves)) in games.iter().enumerate() {
            // A referee that rules after every move (its natures and
            // searches learnt), with the natural limit's detail on every
            // other game.
            let mut referee = Referee::new(profile.clone(), start.clone());
            referee.set_limit_detail(i % 2 == 0);
            for (ply, &mv) in moves.iter().enumerate() {
                referee.push(mv).expect("a legal move");
                referee.ruling();
                let expected = plain(&referee);
                assert_eq!(answer(&referee), expected, "{name} {id} ply {}", ply + 1);
                // Asked twice: what the first answer learnt changes nothing.
                assert_eq!(answer(&referee), expected, "{name} {id} ply {}", ply + 1);
                positions += 1;
                forbidden += expected.len();
            }
            // A fresh referee, nothing learnt, at the end.
            let mut fresh = Referee::new(profile.clone(), start.clone());
            for &mv in moves {
                fresh.push(mv).expect("a legal move");
            }
            assert_eq!(answer(&fresh), plain(&fresh), "{name} {id} fresh");
        }
    }
    assert!(positions > 10_000, "{positions} positions");
    assert!(forbidden > 500, "only {forbidden} forbidden moves met");
}
