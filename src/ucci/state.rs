//! The game's state after the last move in words, for the `info string`
//! lines a GUI shows to a person: the verdict, the repetition the last move
//! closed with each side's pattern and its moves' natures, and the natural
//! limit's count. In English (a session has no language of its own); each
//! line starts with a fixed label a program may look for (`profile NAME`,
//! `repetition:`, `Red:`, `Black:`, `natural limit`), as the README says.

use crate::board::{Color, Move};
use crate::rules::limit::{LimitStatus, SideStatus};
use crate::rules::repetition::SideCycle;
use crate::rules::ruling::{Lang, RepetitionReport, Ruling};

/// The state lines of `ruling`, without the `info string` prefix; moves as
/// `write` writes them (the GUI's coordinates).
pub(crate) fn lines(ruling: &Ruling, write: &dyn Fn(Move) -> String) -> Vec<String> {
    let at = match ruling.plies {
        0 => "at the start".to_string(),
        n => format!("after ply {n}"),
    };
    let mut lines = vec![format!(
        "profile {} (rules {}), {at}: {}",
        ruling.profile,
        ruling.rules,
        ruling.summary(Lang::En)
    )];
    if let Some(rep) = &ruling.repetition {
        let first = match rep.first_ply {
            0 => "first at the start".to_string(),
            ply => format!("first after ply {ply}"),
        };
        lines.push(format!(
            "repetition: the position stood {first}, again after ply {} ({} times)",
            rep.last_ply, rep.occurrences
        ));
        for side in [&rep.cycle.red, &rep.cycle.black] {
            lines.push(side_line(rep, side, write));
        }
    }
    lines.push(ruling.natural_limit_text(Lang::En).replace('\n', "; "));
    lines.push(counts_line(
        &ruling.natural_limit,
        ruling.attacks_classified,
    ));
    lines
}

/// `Red: perpetual check — forbidden: f0e0 check, e0f0 check`.
fn side_line(rep: &RepetitionReport, side: &SideCycle, write: &dyn Fn(Move) -> String) -> String {
    let moves: Vec<String> = side
        .moves
        .iter()
        .filter_map(|&i| rep.moves.get(i))
        .map(|m| format!("{} {}", write(m.mv), m.nature.nature.name_en()))
        .collect();
    format!(
        "{}: {} — {}: {}",
        side_name(side.color),
        side.pattern(Lang::En),
        if side.forbidden {
            "forbidden"
        } else {
            "allowed"
        },
        moves.join(", ")
    )
}

/// `Red` or `Black`.
fn side_name(color: Color) -> &'static str {
    match color {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// The natural limit's count for each side as claimant, and who may claim:
/// `natural limit count since the last capture: Red 2 moves (2 counted), 2
/// checks, 0 attacks; …`; without the attacks (mate threats and chases)
/// where they were not classified, only checks.
fn counts_line(limit: &LimitStatus, attacks_classified: bool) -> String {
    let side = |color: Color, s: &SideStatus| {
        let attacks = if attacks_classified {
            format!(", {} {}", s.attacks, plural(s.attacks, "attack", "attacks"))
        } else {
            String::new()
        };
        format!(
            "{} {} {} ({} counted), {} {}{attacks}",
            side_name(color),
            s.moves,
            plural(s.moves, "move", "moves"),
            s.valid_moves,
            s.checks,
            plural(s.checks, "check", "checks"),
        )
    };
    let claim = match limit.claimable_by.as_slice() {
        [] => "neither side may claim the draw".to_string(),
        [c] => format!("{} may claim the draw", side_name(*c)),
        _ => "either side may claim the draw".to_string(),
    };
    format!(
        "natural limit count since the last capture: {}; {}; {claim}",
        side(Color::Red, &limit.red),
        side(Color::Black, &limit.black)
    )
}

/// `one` for 1, else `many`.
fn plural(n: u32, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::referee::Referee;
    use crate::rules::profile::Profile;

    /// The lines after `moves` from `fen` under `profile`, moves as UCCI writes them.
    fn lines_after(profile: &str, fen: &str, moves: &str) -> Vec<String> {
        let profile = Profile::load(profile).unwrap();
        let mut referee = Referee::new(profile, Position::from_fen(fen).unwrap());
        for m in moves.split_whitespace() {
            referee.push(Move::parse_uci(m).unwrap()).unwrap();
        }
        lines(&referee.ruling(), &|m| m.to_string())
    }

    #[test]
    fn the_state_is_told_in_words_without_json_tokens() {
        let lines = lines_after(
            "cxa2020",
            "1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w - - 0 1",
            "b7b8 d8d7 b8b7 d7d8",
        );
        let text = lines.join("\n");
        assert_eq!(
            lines[0],
            "profile cxa2020 (rules cxa2020), after ply 4: Game continues — repetition (2 \
             occurrences): red's moves are all forbidden, black's allowed: red must vary, else \
             red loses (CXA 2020 25.3)"
        );
        assert_eq!(
            lines[1],
            "repetition: the position stood first at the start, again after ply 4 (2 times)"
        );
        assert!(lines[2].starts_with("Red: ") && lines[2].contains(" — forbidden: b7b8 "));
        assert!(lines[3].starts_with("Black: ") && lines[3].contains(" — allowed: d8d7 "));
        assert_eq!(
            lines[5],
            "natural limit count since the last capture: Red 2 moves (2 counted), 1 check; \
             Black 2 moves (2 counted), 0 checks; neither side may claim the draw"
        );
        for token in [
            "_must_vary",
            "mate_threat",
            "natural_limit",
            "valid_moves",
            "can_claim",
            "claimable_by",
            "verdict",
            "forbidden true",
            "=",
            "[]",
        ] {
            assert!(!text.contains(token), "{token} in {text}");
        }
    }

    #[test]
    fn a_game_at_the_start_and_a_claimable_limit_are_said_so() {
        let start = lines_after("cxa2020", "3k5/9/9/9/9/9/9/9/4A4/4K4 w", "");
        assert!(
            start[0].contains(", at the start: Game continues"),
            "{start:?}"
        );
        assert_eq!(start.len(), 3, "{start:?}");
        let limit = lines_after(
            "cxa2020",
            "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 118 60",
            "e1d2 d9d8",
        );
        assert!(
            limit[0].contains("after ply 2: Draw by the natural move limit"),
            "{limit:?}"
        );
        assert!(
            limit[2].ends_with("either side may claim the draw"),
            "{limit:?}"
        );
        assert!(!limit[2].contains("attack"), "{limit:?}");
        // Under a profile with an attack cap, near the limit, the attacks
        // (mate threats and chases) are classified and counted.
        let capped = lines_after(
            "dqsz2017-slow",
            "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 118 60",
            "e1d2 d9d8",
        );
        assert!(
            capped[2].contains("0 checks, 0 attacks; Black"),
            "{capped:?}"
        );
    }
}
