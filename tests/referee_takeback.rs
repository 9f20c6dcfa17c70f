//! Take-back: after pushes and `Referee::pop`, a referee rules exactly as a
//! fresh one that was given only the moves left, and replaying the moves
//! taken back gives the same events and rulings as the first time,
//! repetition counts and the first ruling that ended the game included. Random games that end in a repeated shuttle
//! (so that positions stand up to three times), with captures on the way.

use xqarbiter::board::Move;
use xqarbiter::referee::{Event, Referee};
use xqarbiter::rules::RuleSet;
use xqarbiter::rules::profile::Profile;
use xqarbiter::rules::ruling::Lang;

#[path = "../tools/xorshift.rs"]
mod xorshift;
use xorshift::XorShift;

#[path = "../tools/random_cycles.rs"]
mod random_cycles;
use random_cycles::random_cycle;

/// A referee given the first `plies` of `moves`, with the events of its pushes.
fn fresh(
    rules: &Profile,
    start: &xqarbiter::board::Position,
    moves: &[Move],
    detail: bool,
) -> (Referee, Vec<Event>) {
    let mut referee = Referee::new(rules.clone(), start.clone());
    referee.set_limit_detail(detail);
    let events = moves.iter().map(|&m| referee.push(m).unwrap()).collect();
    (referee, events)
}

/// The forbidden moves and the rulings they bring, comparable.
fn forbidden(referee: &Referee) -> Vec<(Move, String)> {
    referee
        .forbidden_moves()
        .into_iter()
        .map(|f| (f.mv, f.reason(Lang::En)))
        .collect()
}

#[test]
fn pop_then_replay_rules_as_a_fresh_referee() {
    let mut rng = XorShift(0x7a4e_bac4_0000_0001);
    let mut games = 0;
    let mut with_repetition = 0;
    // The three rule sets, and tournament profiles with an early-repetition
    // clause (a drawn repetition's run looked for back to its start) and an
    // attack cap (every move since the last capture classified).
    for name in [
        "cxa2011",
        "cxa2020",
        "axf",
        "dqsz2017-slow",
        "hengfang2024-slow",
    ] {
        let rules = &Profile::builtin(name).expect("built in");
        let mut n = 0;
        while n < 30 {
            let plies = 10 + rng.below(50);
            let Some((start, moves)) = random_cycle(&mut rng, plies, 2) else {
                continue;
            };
            n += 1;
            games += 1;
            let detail = n % 2 == 0;
            let (mut referee, events) = fresh(rules, &start, &moves, detail);
            with_repetition += usize::from(events.contains(&Event::Repetition(3)));
            for _ in 0..4 {
                let k = 1 + rng.below(moves.len());
                let left = moves.len() - k;
                for i in (left..moves.len()).rev() {
                    assert_eq!(referee.pop(), Some(moves[i]));
                }
                assert_eq!(referee.plies(), left);
                let (expected, _) = fresh(rules, &start, &moves[..left], detail);
                assert_eq!(referee.position(), expected.position());
                let ruling = referee.ruling();
                assert_eq!(ruling, expected.ruling(), "{name} after popping {k}");
                assert_eq!(referee.natural_limit(), expected.natural_limit());
                assert_eq!(
                    referee.ended(),
                    expected.ended(),
                    "{name} after popping {k}"
                );
                assert_eq!(forbidden(&referee), forbidden(&expected));
                // Replayed, each move brings the event it brought the first time.
                for (i, &mv) in moves.iter().enumerate().skip(left) {
                    assert_eq!(referee.push(mv).unwrap(), events[i], "ply {}", i + 1);
                    let expected = fresh(rules, &start, &moves[..=i], detail).0;
                    let (got, want) = (referee.ruling(), expected.ruling());
                    assert_eq!(
                        got.repetition.as_ref().map(|r| r.occurrences),
                        want.repetition.as_ref().map(|r| r.occurrences),
                        "ply {}",
                        i + 1
                    );
                    assert_eq!(got, want, "{name} ply {}", i + 1);
                    assert_eq!(referee.ended(), expected.ended(), "{name} ply {}", i + 1);
                }
            }
        }
    }
    assert_eq!(games, 150);
    assert!(
        with_repetition >= 125,
        "only {with_repetition} games reach a third occurrence"
    );
}

/// A line taken back and replaced by another that repeats at the same plies:
/// what the referee kept of the first line about its cycles (where a run
/// of drawn cycles began, the attacks counted for the natural limit) is
/// forgotten, and each ruling of the new line is a fresh referee's.
#[test]
fn a_line_taken_back_and_replaced_rules_as_a_fresh_referee() {
    let start: xqarbiter::board::Position = "3k5/9/9/9/9/9/9/9/4A4/R3K4 w".parse().unwrap();
    let line = |text: &str| -> Vec<Move> {
        text.split_whitespace()
            .map(|m| m.parse().unwrap())
            .collect()
    };
    // Idle shuttles: the start stands again after plies 4, 8 and 12, each
    // cycle a draw, the run begun at ply 4.
    let first = line("e1d2 d9d8 d2e1 d8d9 e1d2 d9d8 d2e1 d8d9 e1d2 d9d8 d2e1 d8d9");
    // The rook steps out, then shuttles: the first cycle is closed at ply 8,
    // the run begins there.
    let second = line("a0a1 d9d8 a1a2 d8d9 a2a1 d9d8 a1a2 d8d9 a2a1 d9d8 a1a2 d8d9");
    // Under an early-repetition clause (the round a drawn run began is in
    // the ruling's note), the limit's attacks classified.
    let profile = Profile::builtin("dqsz2017-slow").expect("built in");
    for detail in [false, true] {
        let mut referee = Referee::new(profile.clone(), start.clone());
        referee.set_limit_detail(detail);
        for &mv in &first {
            referee.push(mv).unwrap();
            referee.ruling();
        }
        for _ in &first {
            referee.pop();
        }
        for (i, &mv) in second.iter().enumerate() {
            referee.push(mv).unwrap();
            let (expected, _) = fresh(&profile, &start, &second[..=i], detail);
            assert_eq!(referee.ruling(), expected.ruling(), "ply {}", i + 1);
        }
    }
}

#[test]
fn pop_on_an_empty_referee_is_none_and_changes_nothing() {
    let start = xqarbiter::board::Position::startpos();
    let mut referee = Referee::with_rules(RuleSet::Cxa2020, start.clone());
    let ruling = referee.ruling();
    assert_eq!(referee.pop(), None);
    assert_eq!(referee.ruling(), ruling);
    assert_eq!(referee.position(), &start);
}

#[test]
fn a_referee_can_be_shared_between_threads_behind_a_mutex() {
    use std::sync::{Arc, Mutex};
    fn is_send<T: Send>() {}
    is_send::<Referee>();
    let shared = Arc::new(Mutex::new(Referee::with_rules(
        RuleSet::Axf,
        xqarbiter::board::Position::startpos(),
    )));
    let other = Arc::clone(&shared);
    std::thread::spawn(move || {
        let mut referee = other.lock().unwrap();
        referee.push(Move::parse_uci("h2e2").unwrap()).unwrap();
    })
    .join()
    .unwrap();
    assert_eq!(shared.lock().unwrap().plies(), 1);
}
