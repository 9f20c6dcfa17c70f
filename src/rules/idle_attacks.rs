//! What a plain idle move newly attacks, and why each attack is no chase.
//! Worked out only to explain a ruling to people: the natures themselves
//! are decided in [`super::nature`].

use crate::board::{Move, Piece, Position, Role, Square};

use super::RuleSet;
use super::exchange::value;
use super::mate_search::{Answers, leads_to_mate_in_one};
use super::nature::{piece_en, piece_zh};
use super::ruling::Lang;

/// An enemy piece of value that a move attacks when no piece of the mover
/// attacked it before, and why that attack is no chase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewAttack {
    /// The cheapest attacker, with its square.
    pub attacker: (Square, Piece),
    /// The attacked piece, with its square.
    pub target: (Square, Piece),
    /// Why the attack is no chase.
    pub why: NoChase,
}

/// Why an attack is no chase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoChase {
    /// CXA 26.1: a king or a pawn does not chase by itself.
    KingOrPawn,
    /// These pieces can take back, and the attacker is worth as much as the target or more.
    Protected(Vec<(Square, Piece)>),
    /// CXA 29.4: the capture would let the opponent mate at once.
    AllowsMate,
    /// The capture wins no material in the end (it costs as much elsewhere).
    NoGain,
}

/// The pieces of value (kings left out) that `mv`, played in `before`, lets
/// the mover capture next when no piece of the mover could capture them
/// before it, each with its cheapest attacker and why that is no chase under
/// `rules`. Meant for a move classified idle: it does not check that the
/// attacks are no threats, only says what keeps each from being one.
pub fn new_attacks(before: &Position, mv: Move, rules: RuleSet) -> Vec<NewAttack> {
    let them = !before.turn();
    let attacked_before: Vec<Square> = before.legal_captures().iter().map(|c| c.to()).collect();
    let mut ahead = before.clone();
    ahead.play(mv);
    let mut ahead = ahead.passed();
    // The cheapest new attacker of each target.
    let mut attacks: Vec<(Move, Piece, Piece)> = Vec::new();
    for capture in ahead.legal_captures() {
        let to = capture.to();
        let (Some(target), Some(attacker)) = (ahead.piece_at(to), ahead.piece_at(capture.from()))
        else {
            continue;
        };
        if attacked_before.contains(&to) || target.role == Role::King || value(target, to) == 0 {
            continue;
        }
        let rank = |p: Piece, s: Square| (p.role == Role::King, value(p, s));
        match attacks.iter_mut().find(|a| a.0.to() == to) {
            Some(a) if rank(attacker, capture.from()) < rank(a.2, a.0.from()) => {
                *a = (capture, target, attacker)
            }
            Some(_) => {}
            None => attacks.push((capture, target, attacker)),
        }
    }
    attacks
        .into_iter()
        .map(|(capture, target, attacker)| {
            let (from, to) = (capture.from(), capture.to());
            let undo = ahead.play(capture);
            let defenders: Vec<(Square, Piece)> = ahead
                .attackers_to(to, them)
                .into_iter()
                .filter(|&d| ahead.is_legal(Move::new(d, to)))
                .filter_map(|d| Some((d, ahead.piece_at(d)?)))
                .collect();
            let mated = rules.is_cxa() && leads_to_mate_in_one(&mut ahead, &mut Answers::default());
            ahead.undo(undo);
            let why = if rules.is_cxa() && matches!(attacker.role, Role::King | Role::Pawn) {
                NoChase::KingOrPawn
            } else if !defenders.is_empty() && value(attacker, from) >= value(target, to) {
                NoChase::Protected(defenders)
            } else if mated {
                NoChase::AllowsMate
            } else {
                NoChase::NoGain
            };
            NewAttack {
                attacker: (from, attacker),
                target: (to, target),
                why,
            }
        })
        .collect()
}

/// The attacks in words, one clause each, e.g. "black horse c7 is protected
/// by black cannon c9" (黑马(c7)有根：黑炮(c9)); empty for no attacks.
pub fn describe(attacks: &[NewAttack], lang: Lang) -> Vec<String> {
    let name = |(s, p): (Square, Piece)| match lang {
        Lang::En => piece_en(p, s),
        Lang::Zh => piece_zh(p, s),
    };
    attacks
        .iter()
        .map(|a| {
            let (target, attacker) = (name(a.target), name(a.attacker));
            match (&a.why, lang) {
                (NoChase::KingOrPawn, Lang::En) => {
                    format!("{attacker} attacks {target} by itself, which is no chase (CXA 26.1)")
                }
                (NoChase::KingOrPawn, Lang::Zh) => format!("{attacker}本身捉{target}按闲（26.1）"),
                (NoChase::Protected(by), Lang::En) => {
                    let by: Vec<String> = by.iter().map(|&d| name(d)).collect();
                    format!(
                        "{attacker} attacks {target}, which is protected by {}",
                        by.join(" and ")
                    )
                }
                (NoChase::Protected(by), Lang::Zh) => {
                    let by: Vec<String> = by.iter().map(|&d| name(d)).collect();
                    format!("{attacker}攻{target}，有根：{}", by.join("、"))
                }
                (NoChase::AllowsMate, Lang::En) => format!(
                    "{attacker} attacks {target}, but taking it would allow mate (CXA 29.4)"
                ),
                (NoChase::AllowsMate, Lang::Zh) => {
                    format!("{attacker}攻{target}，吃之则被将杀（29.4）")
                }
                (NoChase::NoGain, Lang::En) => format!(
                    "{attacker} attacks {target}, but taking it wins no material in the end"
                ),
                (NoChase::NoGain, Lang::Zh) => format!("{attacker}攻{target}，吃之不得子"),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn a_protected_piece_newly_attacked_is_named_with_its_defender() {
        // The rook a4 steps to e4 and attacks the black horse e7, which the
        // elephant g9 protects.
        let before = Position::from_fen("3k2b2/9/4n4/9/9/R8/9/9/9/4K4 w").unwrap();
        let attacks = new_attacks(&before, Move::parse_uci("a4e4").unwrap(), RuleSet::Cxa2020);
        assert_eq!(attacks.len(), 1, "{attacks:?}");
        assert_eq!(attacks[0].target.0, sq("e7"));
        assert_eq!(
            attacks[0].why,
            NoChase::Protected(vec![(sq("g9"), Piece::new(Color::Black, Role::Elephant))])
        );
        assert_eq!(
            describe(&attacks, Lang::En),
            vec!["red rook e4 attacks black horse e7, which is protected by black elephant g9"]
        );
        assert_eq!(
            describe(&attacks, Lang::Zh),
            vec!["红车(e4)攻黑马(e7)，有根：黑象(g9)"]
        );
    }

    #[test]
    fn a_pawn_attack_is_no_chase_under_cxa_and_an_old_attack_is_not_new() {
        // The crossed pawn e5 steps to e6 and attacks the unprotected black
        // horse e7: no chase under CXA (26.1). The rook a7 attacked the horse
        // already, so with it the attack is not new.
        let before = Position::from_fen("3k5/9/4n4/9/4P4/9/9/9/9/4K4 w").unwrap();
        let step = Move::parse_uci("e5e6").unwrap();
        let attacks = new_attacks(&before, step, RuleSet::Cxa2020);
        assert_eq!(attacks.len(), 1, "{attacks:?}");
        assert_eq!(attacks[0].why, NoChase::KingOrPawn);
        let with_rook = Position::from_fen("3k5/9/R3n4/9/4P4/9/9/9/9/4K4 w").unwrap();
        assert!(new_attacks(&with_rook, step, RuleSet::Cxa2020).is_empty());
    }
}
