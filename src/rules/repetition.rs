//! Ruling a repetition cycle: each side's pattern (长将, 长捉, 一将一捉 …),
//! forbidden or allowed, and who must vary, under CXA or AXF.

use crate::board::{Color, Move, Position};

use super::nature::MoveNature;
use super::threats::{Threat, ThreatKind};
use super::{Nature, RuleSet};

/// What a repetition means for the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CycleOutcome {
    /// Neither side is the offender: if nobody varies, the game is drawn.
    Draw,
    /// This side is the offender: it must vary, else it loses.
    MustVary(Color),
}

impl CycleOutcome {
    /// The contract name: `draw`, `red_must_vary`, `black_must_vary`.
    pub fn name(self) -> &'static str {
        match self {
            CycleOutcome::Draw => "draw",
            CycleOutcome::MustVary(Color::Red) => "red_must_vary",
            CycleOutcome::MustVary(Color::Black) => "black_must_vary",
        }
    }
}

/// One side's moves in the cycle and how they are judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideCycle {
    /// The side.
    pub color: Color,
    /// Indices into the cycle's moves (0-based within the cycle) of this side's moves.
    pub moves: Vec<usize>,
    /// Pattern in Chinese, e.g. 长将, 一将一捉, 两闲.
    pub pattern_zh: String,
    /// Pattern in English.
    pub pattern_en: String,
    /// Whether the pattern is a forbidden one under the rule set.
    pub forbidden: bool,
    /// Every move checks.
    pub perpetual_check: bool,
}

/// The ruling on one cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleRuling {
    /// Red's side of the cycle.
    pub red: SideCycle,
    /// Black's side of the cycle.
    pub black: SideCycle,
    /// Who must vary, or draw.
    pub outcome: CycleOutcome,
    /// The rule applied, e.g. "CXA 2020 25.3".
    pub clause: String,
    /// Why, in English.
    pub explanation_en: String,
    /// Why, in Chinese.
    pub explanation_zh: String,
}

impl CycleRuling {
    /// The given side's part.
    pub fn side(&self, color: Color) -> &SideCycle {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }
}

const ZH_NUM: [&str; 11] = [
    "零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十",
];

fn zh_count(n: usize, first: bool) -> String {
    match n {
        1 => "一".to_string(),
        2 if !first => "二".to_string(),
        _ if n < ZH_NUM.len() => ZH_NUM[n].to_string(),
        _ => n.to_string(),
    }
}

fn pattern(natures: &[Nature]) -> (String, String) {
    let count = |f: fn(Nature) -> bool| natures.iter().filter(|&&n| f(n)).count();
    let checks = count(|n| n == Nature::Check);
    let mates = count(|n| n == Nature::MateThreat);
    let chases = count(|n| n == Nature::Chase);
    let idle = natures.len() - checks - mates - chases;
    let kinds = [
        (checks, "将", "check"),
        (mates, "杀", "mate threat"),
        (chases, "捉", "chase"),
        (idle, "闲", "idle"),
    ];
    let present: Vec<&(usize, &str, &str)> = kinds.iter().filter(|k| k.0 > 0).collect();
    if present.len() == 1 && present[0].1 != "闲" {
        let (_, zh, en) = present[0];
        return (format!("长{zh}"), format!("perpetual {en}"));
    }
    let zh: String = present
        .iter()
        .enumerate()
        .map(|(i, (n, k, _))| format!("{}{k}", zh_count(*n, i == 0)))
        .collect();
    let en: Vec<String> = present.iter().map(|(n, _, k)| format!("{n} {k}")).collect();
    (zh, en.join(" + "))
}

/// Rules a cycle. `start` is the position where the cycle begins, `moves`
/// the moves that lead back to it, `natures` their classifications.
pub fn rule_cycle(
    rules: RuleSet,
    start: &Position,
    moves: &[Move],
    natures: &[MoveNature],
) -> CycleRuling {
    let first_mover = start.turn();
    let side = |color: Color| -> SideCycle {
        let idx: Vec<usize> = (0..moves.len())
            .filter(|i| {
                (if i % 2 == 0 {
                    first_mover
                } else {
                    !first_mover
                }) == color
            })
            .collect();
        let ns: Vec<Nature> = idx.iter().map(|&i| natures[i].nature).collect();
        let (pattern_zh, pattern_en) = pattern(&ns);
        let perpetual_check = !ns.is_empty() && ns.iter().all(|&n| n == Nature::Check);
        let forbidden = match rules {
            RuleSet::Cxa2011 | RuleSet::Cxa2020 => {
                !ns.is_empty() && ns.iter().all(|n| n.is_attack())
            }
            RuleSet::Axf => perpetual_check || axf_perpetual_chase(start, moves, natures, &idx),
        };
        SideCycle {
            color,
            moves: idx,
            pattern_zh,
            pattern_en,
            forbidden,
            perpetual_check,
        }
    };
    let red = side(Color::Red);
    let black = side(Color::Black);
    let (outcome, clause, en, zh) = match rules {
        RuleSet::Axf => verdict_axf(&red, &black, natures),
        _ => verdict_cxa(rules, &red, &black, natures),
    };
    CycleRuling {
        red,
        black,
        outcome,
        clause,
        explanation_en: en,
        explanation_zh: zh,
    }
}

/// AXF perpetual chase: every move of the side chases, and one and the same
/// enemy piece is chased on every move (followed as it moves).
fn axf_perpetual_chase(
    start: &Position,
    moves: &[Move],
    natures: &[MoveNature],
    idx: &[usize],
) -> bool {
    // Every move chases (a check that also chases counts, AXF's "forbidden reading").
    if idx.is_empty() || idx.iter().any(|&i| natures[i].chases.is_empty()) {
        return false;
    }
    // Label every piece by its square at the cycle's start and follow the labels.
    let mut label: [Option<u8>; 90] = [None; 90];
    for sq in start.occupied() {
        label[sq.index()] = Some(sq.index() as u8);
    }
    let mut common: Option<Vec<u8>> = None;
    for (i, mv) in moves.iter().enumerate() {
        label[mv.to().index()] = label[mv.from().index()];
        label[mv.from().index()] = None;
        if idx.contains(&i) {
            let targets: Vec<u8> = natures[i]
                .chases
                .iter()
                .filter_map(|t| label[t.target.index()])
                .collect();
            common = Some(match common {
                None => targets,
                Some(c) => c.into_iter().filter(|t| targets.contains(t)).collect(),
            });
        }
    }
    common.is_some_and(|c| !c.is_empty())
}

type Verdict = (CycleOutcome, String, String, String);

/// Whether every move of the side chases a rook held in place by a horse (AXF rule 19).
fn chases_held_rook(side: &SideCycle, natures: &[MoveNature]) -> bool {
    !side.moves.is_empty()
        && side.moves.iter().all(|&i| {
            natures[i]
                .chases
                .iter()
                .any(|t| t.kind == ThreatKind::HeldRook)
        })
}

fn verdict_axf(red: &SideCycle, black: &SideCycle, natures: &[MoveNature]) -> Verdict {
    let both = |a: bool, b: bool| (a, b);
    match both(red.perpetual_check, black.perpetual_check) {
        (true, false) => {
            return must_vary(
                Color::Red,
                "AXF rule 6",
                "perpetual check loses",
                "长将作负",
            );
        }
        (false, true) => {
            return must_vary(
                Color::Black,
                "AXF rule 6",
                "perpetual check loses",
                "长将作负",
            );
        }
        (true, true) => {
            return draw(
                "AXF rule 7",
                "both sides check perpetually",
                "双方长将，作和",
            );
        }
        _ => {}
    }
    match both(red.forbidden, black.forbidden) {
        (true, false) => must_vary(
            Color::Red,
            "AXF rule 3",
            "perpetual chase of one piece loses",
            "长捉一子作负",
        ),
        (false, true) => must_vary(
            Color::Black,
            "AXF rule 3",
            "perpetual chase of one piece loses",
            "长捉一子作负",
        ),
        (true, true) => match (
            chases_held_rook(red, natures),
            chases_held_rook(black, natures),
        ) {
            (true, false) => must_vary(
                Color::Red,
                "AXF rule 19",
                "a rook held by a horse may not be chased perpetually, even against a counter-chase",
                "长捉被马别住的车",
            ),
            (false, true) => must_vary(
                Color::Black,
                "AXF rule 19",
                "a rook held by a horse may not be chased perpetually, even against a counter-chase",
                "长捉被马别住的车",
            ),
            _ => draw(
                "AXF rule 5",
                "both sides chase perpetually",
                "双方长捉，作和",
            ),
        },
        (false, false) => draw(
            "AXF rule 5",
            "no side breaks a rule",
            "双方均未犯规，不变作和",
        ),
    }
}

fn must_vary(color: Color, clause: &str, en: &str, zh: &str) -> Verdict {
    (
        CycleOutcome::MustVary(color),
        clause.to_string(),
        format!("{en}: {color} must vary, else {color} loses"),
        format!("{zh}：{}方变着，不变判负", color.name_zh()),
    )
}

fn draw(clause: &str, en: &str, zh: &str) -> Verdict {
    (
        CycleOutcome::Draw,
        clause.to_string(),
        format!("{en}: draw if neither side varies"),
        zh.to_string(),
    )
}

/// Whether a threat needs several of the chaser's pieces (联合捉): the target is
/// won only through the exchange with more attackers than defenders (少根子),
/// or its defender cannot recapture because another piece pins it (a false root).
fn is_joint(t: &Threat) -> bool {
    t.kind == ThreatKind::Outnumbered
        || (t.kind == ThreatKind::Unprotected && !t.false_roots.is_empty())
}

/// Whether every move of the side is a chase by a single piece (of an
/// unprotected piece or a rook), none of them a joint chase.
fn pure_single_chase(side: &SideCycle, natures: &[MoveNature]) -> bool {
    side.moves.iter().all(|&i| {
        let n = &natures[i];
        n.nature == Nature::Chase && n.chases.iter().any(|t| !is_joint(t))
    })
}

/// Whether some move of the side is a joint chase (联合捉): all its threats need several pieces.
fn has_joint_chase(side: &SideCycle, natures: &[MoveNature]) -> bool {
    side.moves.iter().any(|&i| {
        let n = &natures[i];
        n.nature == Nature::Chase && n.chases.iter().all(is_joint)
    })
}

fn verdict_cxa(
    rules: RuleSet,
    red: &SideCycle,
    black: &SideCycle,
    natures: &[MoveNature],
) -> Verdict {
    let ed = if rules == RuleSet::Cxa2011 {
        "CXA 2011"
    } else {
        "CXA 2020"
    };
    let clause = |n: &str| format!("{ed} {n}");
    match (red.perpetual_check, black.perpetual_check) {
        (true, false) => {
            return must_vary(
                Color::Red,
                &clause("25.1"),
                "unilateral perpetual check is never allowed",
                "单方面长将",
            );
        }
        (false, true) => {
            return must_vary(
                Color::Black,
                &clause("25.1"),
                "unilateral perpetual check is never allowed",
                "单方面长将",
            );
        }
        _ => {}
    }
    match (red.forbidden, black.forbidden) {
        (true, false) => must_vary(
            Color::Red,
            &clause("25.3"),
            "red's moves are all forbidden, black's allowed",
            "红方禁止着法，黑方允许着法",
        ),
        (false, true) => must_vary(
            Color::Black,
            &clause("25.3"),
            "black's moves are all forbidden, red's allowed",
            "黑方禁止着法，红方允许着法",
        ),
        (false, false) => draw(
            &clause("25.2"),
            "both sides play allowed moves",
            "双方均为允许着法，不变作和",
        ),
        (true, true) => {
            if rules == RuleSet::Cxa2020 {
                let red_single = pure_single_chase(red, natures);
                let black_single = pure_single_chase(black, natures);
                if red_single && has_joint_chase(black, natures) {
                    return must_vary(
                        Color::Red,
                        &clause("26.9.2/26.9.3"),
                        "red chases one piece perpetually with single pieces, black chases jointly",
                        "红方单子长捉，黑方联合捉",
                    );
                }
                if black_single && has_joint_chase(red, natures) {
                    return must_vary(
                        Color::Black,
                        &clause("26.9.2/26.9.3"),
                        "black chases perpetually with single pieces, red chases jointly",
                        "黑方单子长捉，红方联合捉",
                    );
                }
            }
            draw(
                &clause("25.2"),
                "both sides play forbidden moves",
                "双方均为禁止着法，不变作和",
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_read_like_the_rulebook() {
        use Nature::*;
        assert_eq!(pattern(&[Check, Check]).0, "长将");
        assert_eq!(pattern(&[Check, Chase]).0, "一将一捉");
        assert_eq!(pattern(&[Idle, Exchange]).0, "两闲");
        assert_eq!(pattern(&[Check, Check, Idle]).0, "两将一闲");
        assert_eq!(pattern(&[Chase, Chase]).1, "perpetual chase");
    }
}
