//! Robustness of the rules core on random cycles: random games from the
//! start, then a shuttle of one piece per side played until its third
//! occurrence, ruled under every rule set. Nothing may panic, every cycle is
//! ruled, and the verdict tables' invariants hold. Deterministic (xorshift).

use xqarbiter::referee::Referee;
use xqarbiter::rules::repetition::CycleOutcome;
use xqarbiter::rules::ruling::{Lang, Reason, Verdict};
use xqarbiter::rules::{Nature, RuleSet};

#[path = "../tools/xorshift.rs"]
mod xorshift;
use xorshift::XorShift;

#[path = "../tools/random_cycles.rs"]
mod random_cycles;
use random_cycles::random_cycle;

const GAMES: usize = 2000;

#[test]
fn random_cycles_are_ruled_without_panics_and_by_the_tables() {
    let mut rng = XorShift(0x5eed_cafe_f00d_0001);
    let mut ruled = 0;
    let mut seen = [0usize; 3];
    for game in 0..GAMES {
        let plies = 8 + rng.below(70);
        let Some((start, moves)) = random_cycle(&mut rng, plies, 2) else {
            continue;
        };
        for rules in [RuleSet::Cxa2011, RuleSet::Cxa2020, RuleSet::Axf] {
            let mut referee = Referee::with_rules(rules, start.clone());
            let mut ended = false;
            for &mv in &moves {
                if ended {
                    break;
                }
                referee.push(mv).expect("the generator plays legal moves");
                ended = referee.ruling().verdict != Verdict::Ongoing;
            }
            let ruling = referee.ruling();
            for lang in [Lang::En, Lang::Zh] {
                assert!(!ruling.render(lang).is_empty());
            }
            assert!(ruling.to_json().is_object());
            // A game may end earlier (mate, or an earlier repetition's decisive occurrence).
            let Some(rep) = ruling.repetition else {
                continue;
            };
            ruled += 1;
            let cycle = &rep.cycle;
            assert_eq!(
                cycle.red.moves.len() + cycle.black.moves.len(),
                rep.moves.len(),
                "game {game} {rules}"
            );
            for side in [&cycle.red, &cycle.black] {
                let natures: Vec<Nature> = side
                    .moves
                    .iter()
                    .map(|&i| rep.moves[i].nature.nature)
                    .collect();
                for (count, nature) in
                    seen.iter_mut()
                        .zip([Nature::Check, Nature::Chase, Nature::MateThreat])
                {
                    *count += natures.iter().filter(|&&n| n == nature).count();
                }
                let all_checks = natures.iter().all(|&n| n == Nature::Check);
                assert_eq!(side.perpetual_check, all_checks, "game {game} {rules}");
                if all_checks {
                    assert!(
                        side.forbidden,
                        "game {game} {rules}: perpetual check is forbidden"
                    );
                }
                if natures.iter().any(|n| !n.is_attack()) {
                    assert!(
                        !side.forbidden,
                        "game {game} {rules}: an idle move allows the cycle"
                    );
                }
            }
            // The decisive (third) occurrence ends the game exactly when the
            // cycle before it was ruled alike.
            if rep.occurrences >= 3 {
                let before = rep.previous.as_ref().expect("a cycle before the last");
                let alike = before.cycle.outcome == cycle.outcome;
                assert_eq!(rep.alike >= 2, alike, "game {game} {rules}");
                let by_repetition =
                    matches!(ruling.reason, Some(Reason::Perpetual | Reason::Repetition));
                assert_eq!(by_repetition, alike, "game {game} {rules}");
            }
            // Both sides allowed is always a draw.
            if !cycle.red.forbidden && !cycle.black.forbidden {
                assert_eq!(cycle.outcome, CycleOutcome::Draw, "game {game} {rules}");
            }
            // One side forbidden and the other allowed: the forbidden side varies.
            if cycle.red.forbidden != cycle.black.forbidden {
                let offender = if cycle.red.forbidden {
                    cycle.red.color
                } else {
                    cycle.black.color
                };
                assert_eq!(
                    cycle.outcome,
                    CycleOutcome::MustVary(offender),
                    "game {game} {rules}"
                );
            }
        }
    }
    assert!(ruled > GAMES, "only {ruled} cycles were ruled");
    // The cycles exercise the attacks, not only idle shuttles.
    assert!(
        seen.iter().all(|&n| n > 20),
        "checks, chases, mate threats seen: {seen:?}"
    );
}
