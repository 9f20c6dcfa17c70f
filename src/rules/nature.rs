//! The nature of one move: check 将, mate threat 杀, chase 捉, or an idle kind
//! (exchange offer 兑, sacrifice 献, block 拦, follow 跟, plain idle 闲: told
//! apart in [`super::idle`]), decided on the positions before and after the move.
//!
//! A chase is a *new* threat: the threats the mover has after the move (as if
//! it could move again) minus those it already had before, compared by target.
//! Discovered attacks, screens, unpinning and lost protection all fall out of
//! this difference. Kings and pawns never chase by themselves, but a king or
//! pawn move that lets another piece chase is a chase.

use crate::board::attacks::{between, line};
use crate::board::{Bitboard, Color, Move, Piece, Position, Role, Square};

use super::exchange::value;
use super::idle::idle_nature;
use super::mate_search::MateSearch;
use super::ruling::Lang;
use super::threats::{
    Across, FalseRoot, Threat, ThreatKind, ThreatRules, capture_threats_across, trading_pairs,
};
use super::{Nature, RuleSet};

/// How many of its own moves the mover may use to force mate by checks for a mate threat (杀).
pub const MATE_THREAT_DEPTH: u32 = 7;

/// A classified move with what it attacks and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNature {
    /// The nature.
    pub nature: Nature,
    /// Squares of the pieces it attacks (the king for a check, the chased pieces for a chase).
    pub targets: Vec<Square>,
    /// Squares of the pieces that attack them.
    pub attackers: Vec<Square>,
    /// The new capture threats, for a chase.
    pub chases: Vec<Threat>,
    /// What the reason names, kept as data: the text is written by [`MoveNature::reason`].
    pub why: Why,
}

/// The facts behind a move's nature, from which its reason is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// A check by these pieces.
    Check(Vec<(Piece, Square)>),
    /// A threat of mate by checks within [`MATE_THREAT_DEPTH`] moves.
    MateThreat,
    /// New capture threats: the reason lists the move's `chases`.
    Chase,
    /// An offer to exchange the first piece for the second.
    Exchange((Piece, Square), (Piece, Square)),
    /// The moved or uncovered piece (first) joins the attack on a piece that
    /// stands offered in exchange (third) for a like piece (second), pressing
    /// that exchange.
    PressedExchange((Piece, Square), (Piece, Square), (Piece, Square)),
    /// The moved piece offered for capture.
    Sacrifice(Piece, Square),
    /// The moved piece (first) cuts the way of an enemy piece (second).
    Block(Piece, Square, Piece, Square),
    /// The moved piece (first) follows the enemy piece (second) that just moved.
    Follow(Piece, Square, Piece, Square),
    /// The defending side's only attacking piece attacks these advisors or
    /// elephants incidentally: idle (CXA 26.2).
    Incidental(Vec<Threat>),
    /// None of the above.
    Idle,
}

impl MoveNature {
    /// Why the move has its nature, for people, e.g. "red rook a5 threatens
    /// black horse e5: it is unprotected".
    pub fn reason(&self, lang: Lang) -> String {
        let en = lang == Lang::En;
        match &self.why {
            Why::Check(checkers) => {
                if en {
                    let names: Vec<String> =
                        checkers.iter().map(|&(p, s)| piece_en(p, s)).collect();
                    format!("check by {}", names.join(" and "))
                } else {
                    let names: Vec<String> =
                        checkers.iter().map(|&(p, s)| piece_zh(p, s)).collect();
                    format!("{}照将", names.join("、"))
                }
            }
            Why::MateThreat if en => {
                format!("threatens mate by checks within {MATE_THREAT_DEPTH} moves")
            }
            Why::MateThreat => format!("伏{MATE_THREAT_DEPTH}步内连将杀"),
            Why::Chase => self.chases_reason(lang),
            &Why::Exchange((p, ours), (t, theirs)) if en => format!(
                "offers to exchange {} for {}",
                piece_en(p, ours),
                piece_en(t, theirs)
            ),
            &Why::Exchange((p, ours), (t, theirs)) => {
                format!("{}兑{}", piece_zh(p, ours), piece_zh(t, theirs))
            }
            &Why::PressedExchange((b, by), (p, ours), (t, theirs)) if en => format!(
                "{} backs the exchange of {} for {}",
                piece_en(b, by),
                piece_en(p, ours),
                piece_en(t, theirs)
            ),
            &Why::PressedExchange((b, by), (p, ours), (t, theirs)) => format!(
                "{}助兑：{}兑{}",
                piece_zh(b, by),
                piece_zh(p, ours),
                piece_zh(t, theirs)
            ),
            &Why::Sacrifice(p, sq) if en => format!("offers {} to capture", piece_en(p, sq)),
            &Why::Sacrifice(p, sq) => format!("献{}", piece_zh(p, sq)),
            &Why::Block(p, sq, e, esq) if en => {
                format!("{} blocks the way of {}", piece_en(p, sq), piece_en(e, esq))
            }
            &Why::Block(p, sq, e, esq) => format!("{}拦{}", piece_zh(p, sq), piece_zh(e, esq)),
            &Why::Follow(p, sq, e, esq) if en => {
                format!("{} follows {}", piece_en(p, sq), piece_en(e, esq))
            }
            &Why::Follow(p, sq, e, esq) => format!("{}跟{}", piece_zh(p, sq), piece_zh(e, esq)),
            Why::Incidental(threats) if en => {
                let targets: Vec<String> = threats
                    .iter()
                    .map(|t| piece_en(t.piece, t.target))
                    .collect();
                format!(
                    "the defending side's only attacking piece attacks {} incidentally: idle (CXA 26.2)",
                    targets.join(" and ")
                )
            }
            Why::Incidental(threats) => {
                let targets: Vec<String> = threats
                    .iter()
                    .map(|t| piece_zh(t.piece, t.target))
                    .collect();
                format!(
                    "守和方只有一个进攻子，附带捉{}，按闲（26.2）",
                    targets.join("、")
                )
            }
            Why::Idle if en => "no check, mate threat or new threat to win material".into(),
            Why::Idle => "无将、杀、捉".into(),
        }
    }

    /// The move's chases explained, one after another: a chase's whole
    /// reason, and for a check or mate threat that also chases (AXF), what
    /// it chases besides.
    pub fn chases_reason(&self, lang: Lang) -> String {
        let parts: Vec<String> = self.chases.iter().map(|t| chase_reason(t, lang)).collect();
        parts.join(if lang == Lang::En { "; " } else { "；" })
    }
}

/// One capture threat explained: who threatens whom, and how it wins material.
fn chase_reason(t: &Threat, lang: Lang) -> String {
    if lang == Lang::En {
        let why = match t.kind {
            ThreatKind::Unprotected if t.false_roots.is_empty() => "it is unprotected".to_string(),
            ThreatKind::Unprotected => {
                let roots: Vec<String> = t
                    .false_roots
                    .iter()
                    .map(|r| false_root_reason(r, lang))
                    .collect();
                if let [root] = roots.as_slice() {
                    format!("its only defender {root}")
                } else {
                    format!("none of its defenders can take back: {}", roots.join("; "))
                }
            }
            ThreatKind::RookByLesser => {
                format!("a rook won for a lesser piece (net +{})", t.gain)
            }
            ThreatKind::Outnumbered => format!(
                "more attackers than defenders: the full exchange wins material (net +{})",
                t.gain
            ),
            ThreatKind::HeldRook => {
                "the rook cannot move: an enemy horse would check (AXF rule 19)".to_string()
            }
            ThreatKind::Cheaper => format!("the exchange wins material (net +{})", t.gain),
            ThreatKind::RemovesDefender => format!(
                "the even exchange takes away a defender and wins {} after it (net +{})",
                t.won_after
                    .map_or("material".to_string(), |(s, p)| piece_en(p, s)),
                t.gain
            ),
            ThreatKind::AfterChecks => format!(
                "its check {}starts a series of checks after which the piece is captured (net +{})",
                t.first_check.map_or(String::new(), |m| format!("{m} ")),
                t.gain
            ),
        };
        let price = t.price_before.map_or(String::new(), |l| {
            format!(
                "; before this move, taking it cost {}",
                piece_en(l.piece, l.square)
            )
        });
        format!(
            "{} threatens {}: {why}{price}",
            piece_en(t.by, t.attacker),
            piece_en(t.piece, t.target)
        )
    } else {
        let why = match t.kind {
            ThreatKind::Unprotected if t.false_roots.is_empty() => "无根".to_string(),
            ThreatKind::Unprotected => {
                let roots: Vec<String> = t
                    .false_roots
                    .iter()
                    .map(|r| false_root_reason(r, lang))
                    .collect();
                format!("假根：{}", roots.join("，"))
            }
            ThreatKind::RookByLesser => "以小换车".to_string(),
            ThreatKind::Outnumbered => "少根子，联合捉，完整交换后得子".to_string(),
            ThreatKind::HeldRook => "车被马别住不能动".to_string(),
            ThreatKind::Cheaper => "交换后得子".to_string(),
            ThreatKind::RemovesDefender => format!(
                "兑子去根，完整交换后得{}",
                t.won_after
                    .map_or("子".to_string(), |(s, p)| piece_zh(p, s))
            ),
            ThreatKind::AfterChecks => format!(
                "先照将{}，连续照将后吃子",
                t.first_check.map_or(String::new(), |m| format!("（{m}）"))
            ),
        };
        let price = t.price_before.map_or(String::new(), |l| {
            format!("；此着前吃之须失{}", piece_zh(l.piece, l.square))
        });
        format!(
            "{}捉{}（{why}{price}）",
            piece_zh(t.by, t.attacker),
            piece_zh(t.piece, t.target)
        )
    }
}

/// Why a defender cannot take back, e.g. "black advisor e8 is pinned by red
/// cannon e2" (黑士(e8)被红炮(e2)牵制), for a king "black king e9 would be in
/// check from red horse f7", or after a capture with check, that taking back
/// would not answer it.
fn false_root_reason(root: &FalseRoot, lang: Lang) -> String {
    let name = |p: Piece, s: Square| piece_in(lang, p, s);
    let by: Vec<String> = root.exposed_to.iter().map(|&(s, p)| name(p, s)).collect();
    let defender = name(root.piece, root.square);
    let king = root.piece.role == Role::King;
    match lang {
        Lang::En => {
            let by = by.join(" and ");
            if root.in_check {
                format!("{defender} cannot take back: it would not answer the check from {by}")
            } else if king {
                format!("{defender} would be in check from {by}")
            } else {
                format!("{defender} is pinned by {by}")
            }
        }
        Lang::Zh => {
            let by = by.join("、");
            if root.in_check {
                format!("{defender}反吃不能应{by}的将")
            } else if king {
                format!("{defender}反吃则被{by}照将")
            } else {
                format!("{defender}被{by}牵制")
            }
        }
    }
}

/// Names a piece on a square, e.g. "black horse c7".
pub fn piece_en(piece: Piece, sq: Square) -> String {
    format!("{} {} {sq}", piece.color, piece.role.name())
}

/// Names a piece on a square in Chinese, e.g. "黑马(c7)".
pub fn piece_zh(piece: Piece, sq: Square) -> String {
    format!("{}{}({sq})", piece.color.name_zh(), piece.chinese())
}

/// Names a piece on a square in `lang`: [`piece_en`] or [`piece_zh`].
pub fn piece_in(lang: Lang, piece: Piece, sq: Square) -> String {
    match lang {
        Lang::En => piece_en(piece, sq),
        Lang::Zh => piece_zh(piece, sq),
    }
}

fn threat_rules(rules: RuleSet) -> ThreatRules {
    ThreatRules {
        pawn_capture_with_check: rules.is_cxa(),
        tied_partner_chased: rules.is_cxa(),
        outnumbered_counts: rules.is_cxa(),
        net_gain: rules.is_cxa(),
        horse_pinned_rook: rules == RuleSet::Axf,
        mate_safety: rules.is_cxa(),
        after_checks: rules.is_cxa(),
    }
}

/// Classifies `mv`, a legal move in `before`, under `rules`, not knowing
/// the move that led to `before` (so no move is found to follow one, 跟).
pub fn classify(before: &Position, mv: Move, rules: RuleSet) -> MoveNature {
    classify_reply(before, None, mv, rules)
}

/// Classifies `mv`, a legal move in `before`, under `rules`; `previous` is
/// the opponent's move that led to `before`, if known.
pub fn classify_reply(
    before: &Position,
    previous: Option<Move>,
    mv: Move,
    rules: RuleSet,
) -> MoveNature {
    classify_searching(before, previous, mv, rules, &mut MateSearch::default())
}

/// [`classify_reply`], its searches for mate sharing `mates` with other
/// classifications (those of one game's moves).
pub fn classify_searching(
    before: &Position,
    previous: Option<Move>,
    mv: Move,
    rules: RuleSet,
    mates: &mut MateSearch,
) -> MoveNature {
    let mover = before.turn();
    let moved = before
        .piece_at(mv.from())
        .unwrap_or(Piece::new(mover, Role::Pawn));
    let mut after = before.clone();
    after.play(mv);

    if after.in_check() {
        let mut nature = check_nature(&after, mover);
        // AXF judges a move that is both a check and a chase by the reading
        // that may be forbidden: the chase still counts towards a perpetual chase.
        if rules == RuleSet::Axf {
            nature.chases = new_threats(before, &after.passed(), rules, mates).0;
        }
        return nature;
    }

    // A king answering check: whatever it then threatens is idle (CXA 26.1.2).
    let king_evasion = rules.is_cxa() && before.in_check() && moved.role == Role::King;
    let mut ahead = after.passed();

    let none = Bitboard::EMPTY;
    if !king_evasion && mates.mates(&mut ahead, MATE_THREAT_DEPTH, none) {
        let mut prior = before.clone();
        if !mates.mates(&mut prior, MATE_THREAT_DEPTH, none) {
            // CXA: a mate that can only start by taking, with check, a piece
            // the move chases, and is not that capture itself, is the chase
            // carried through: a chase.
            if rules.is_cxa() && !mates.mates(&mut ahead.clone(), 1, none) {
                let (chases, _) = new_threats(before, &ahead, rules, mates);
                let chased: Bitboard = chases.iter().map(|t| t.target).collect();
                if chased.any() && !mates.mates(&mut ahead.clone(), MATE_THREAT_DEPTH, chased) {
                    return chase_nature(chases);
                }
            }
            let king = after.king(!mover);
            return MoveNature {
                nature: Nature::MateThreat,
                targets: vec![king],
                attackers: vec![mv.to()],
                // AXF judges a mate threat that also chases by its forbidden reading.
                chases: if rules == RuleSet::Axf {
                    new_threats(before, &ahead, rules, mates).0
                } else {
                    Vec::new()
                },
                why: Why::MateThreat,
            };
        }
    }

    let (new, offers) = if king_evasion
        || (rules == RuleSet::Axf && rook_moves_along_its_confining_line(before, mv))
    {
        (Vec::new(), Vec::new())
    } else {
        new_threats(before, &ahead, rules, mates)
    };
    if !new.is_empty() {
        // CXA 26.2: the defending side's only attacking piece, holding the
        // draw, attacks advisors and elephants only incidentally.
        let incidental = new
            .iter()
            .all(|t| matches!(t.piece.role, Role::Advisor | Role::Elephant));
        if rules.is_cxa() && incidental && defends_with_one_attacker(&after, mover) {
            return MoveNature {
                nature: Nature::Idle,
                targets: new.iter().map(|t| t.target).collect(),
                attackers: new.iter().map(|t| t.attacker).collect(),
                chases: Vec::new(),
                why: Why::Incidental(new),
            };
        }
        return chase_nature(new);
    }
    idle_nature(before, &after, previous, mv, moved, &offers)
}

/// Whether `side` is the defending side (less material than the opponent, on
/// the rulebook's ladder) with only one attacking piece (a rook, horse,
/// cannon or crossed pawn).
fn defends_with_one_attacker(pos: &Position, side: Color) -> bool {
    let material = |color: Color| -> i32 {
        pos.us(color)
            .into_iter()
            .filter_map(|sq| Some(value(pos.piece_at(sq)?, sq)))
            .sum()
    };
    let attackers = pos
        .us(side)
        .into_iter()
        .filter(|&sq| {
            pos.piece_at(sq).is_some_and(|p| match p.role {
                Role::Rook | Role::Horse | Role::Cannon => true,
                Role::Pawn => value(p, sq) > 0,
                _ => false,
            })
        })
        .count();
    attackers == 1 && material(side) < material(!side)
}

/// Whether `mv` moves a rook along the line to which an enemy cannon
/// confines it: the rook and one other piece stand between the cannon and
/// its king, so leaving the line would uncover a check. AXF rule 27: such
/// moves chase nothing.
fn rook_moves_along_its_confining_line(before: &Position, mv: Move) -> bool {
    let us = before.turn();
    let king = before.king(us);
    let is_rook = before
        .piece_at(mv.from())
        .is_some_and(|p| p.role == Role::Rook);
    is_rook
        && Iterator::any(
            &mut before.pieces(!us, Role::Cannon).into_iter(),
            |cannon| {
                let gap = between(cannon, king);
                gap.contains(mv.from())
                    && (gap & before.occupied()).count() == 2
                    && line(cannon, king).contains(mv.to())
            },
        )
}

/// The capture threats the mover has in `ahead` (the position after its move,
/// with the mover to move again) that it did not have in `before`, or had
/// only at a price elsewhere that the move lowered: the chases, then the
/// threats on pieces that can trade themselves for a like attacker (兑).
/// The searches by checks share `search`.
fn new_threats(
    before: &Position,
    ahead: &Position,
    rules: RuleSet,
    search: &mut MateSearch,
) -> (Vec<Threat>, Vec<Threat>) {
    let cxa = rules.is_cxa();
    let rules = threat_rules(rules);
    let after = Across {
        other: before,
        after: true,
    };
    let now = capture_threats_across(&mut ahead.clone(), rules, Bitboard::FULL, after, search);
    if now.is_empty() {
        return (now, Vec::new());
    }
    // Only the pieces threatened now matter, each found by its square before the move.
    let targets = now.iter().map(|t| t.target).collect();
    let prior = Across {
        other: ahead,
        after: false,
    };
    let mut had = capture_threats_across(&mut before.clone(), rules, targets, prior, search);
    // A like attacker the target can trade itself for makes the threat an
    // offer (兑). Another attacker that wins the piece only jointly with
    // such a partner presses the exchange (CXA): before the move, if the
    // pair stood there; after it, if the pair stood before it too. A pair
    // the move makes, with the attack, makes an offer and a chase: a chase
    // (兑兼捉，从重判捉).
    let presses = |t: &Threat| cxa && t.kind == ThreatKind::Outnumbered;
    for h in &mut had {
        if h.exchange_with.is_some() && h.exchange_with != Some(h.attacker) && !presses(h) {
            h.exchange_with = None;
        }
    }
    // The pairs that stood before the move and still stand, found once when first asked.
    let mut stood: Option<Vec<(Square, Square)>> = None;
    let mut stood_paired = |t: &Threat| -> Option<Square> {
        stood
            .get_or_insert_with(|| {
                let then = trading_pairs(before, rules);
                let mut now = trading_pairs(ahead, rules);
                now.retain(|p| then.contains(p));
                now
            })
            .iter()
            .find(|p| p.1 == t.target)
            .map(|p| p.0)
    };
    now.into_iter()
        .filter_map(|mut t| {
            if t.exchange_with.is_some() && t.exchange_with != Some(t.attacker) {
                t.exchange_with = if presses(&t) { stood_paired(&t) } else { None };
            }
            // A piece only offered an exchange before is chased anew once it cannot trade itself.
            let stood = had.iter().find(|h| {
                h.target == t.target && (t.exchange_with.is_some() || h.exchange_with.is_none())
            });
            match stood {
                None => Some(t),
                // A piece that could be won before only at a price elsewhere is
                // threatened anew when the move lets it be won for more.
                Some(h) if h.lost_elsewhere.is_some() && t.gain > h.gain => {
                    t.price_before = h.lost_elsewhere;
                    Some(t)
                }
                Some(_) => None,
            }
        })
        .partition(|t| t.exchange_with.is_none())
}

fn check_nature(after: &Position, mover: Color) -> MoveNature {
    let king = after.king(!mover);
    let checkers: Vec<Square> = after.checkers().collect();
    let pieces = checkers
        .iter()
        .filter_map(|&s| Some((after.piece_at(s)?, s)))
        .collect();
    MoveNature {
        nature: Nature::Check,
        targets: vec![king],
        attackers: checkers,
        chases: Vec::new(),
        why: Why::Check(pieces),
    }
}

fn chase_nature(new: Vec<Threat>) -> MoveNature {
    MoveNature {
        nature: Nature::Chase,
        targets: new.iter().map(|t| t.target).collect(),
        attackers: new.iter().map(|t| t.attacker).collect(),
        chases: new,
        why: Why::Chase,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nature(fen: &str, mv: &str, rules: RuleSet) -> MoveNature {
        let pos = Position::from_fen(fen).unwrap();
        classify(&pos, Move::parse_uci(mv).unwrap(), rules)
    }

    #[test]
    fn check_is_check() {
        let n = nature("4k4/9/9/9/9/9/9/9/9/R2K5 w", "a0a9", RuleSet::Cxa2020);
        assert_eq!(n.nature, Nature::Check);
    }

    #[test]
    fn new_attack_on_unprotected_piece_is_a_chase() {
        let n = nature("4k4/9/9/9/4n4/9/9/9/9/R2K5 w", "a0a5", RuleSet::Cxa2020);
        assert_eq!(n.nature, Nature::Chase, "{n:?}");
        assert_eq!(n.targets, vec![Square::parse("e5").unwrap()]);
    }

    #[test]
    fn king_chasing_alone_is_idle() {
        // Red king steps next to an unprotected black pawn that crossed the river.
        let n = nature("4k4/9/9/9/9/9/9/4p4/9/3K5 w", "d0d1", RuleSet::Cxa2020);
        assert_ne!(n.nature, Nature::Chase);
    }
}
