//! The nature of one move: check 将, mate threat 杀, chase 捉, or an idle kind
//! (exchange offer 兑, sacrifice 献, plain idle 闲), decided on the positions
//! before and after the move.
//!
//! A chase is a *new* threat: the threats the mover has after the move (as if
//! it could move again) minus those it already had before, compared by target.
//! Discovered attacks, screens, unpinning and lost protection all fall out of
//! this difference. Kings and pawns never chase by themselves, but a king or
//! pawn move that lets another piece chase is a chase.

use crate::board::attacks::{
    between, cannon_attacks, horse_attackers_from, horse_attacks, horse_leg, line, rook_attacks,
};
use crate::board::{Bitboard, Color, Move, Piece, Position, Role, Square};

use super::exchange::{capture_gain, value};
use super::mate_search::MateSearch;
use super::ruling::Lang;
use super::threats::{
    Across, FalseRoot, Threat, ThreatKind, ThreatRules, capture_threats_across, mutual_exchanges,
    trading_pairs,
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

/// The [`mutual_exchanges`] of pieces other than pawns that are even: the
/// opponent's capture of ours wins nothing through the exchange. The exchange
/// offers (兑); one that would lose the piece is a sacrifice (献).
fn piece_exchanges(other: &Position, mover: &Position) -> Vec<(Square, Square)> {
    let mut pairs = mutual_exchanges(other, mover);
    let mut other = other.clone();
    pairs.retain(|&(ours, theirs)| {
        mover.piece_at(ours).is_some_and(|p| p.role != Role::Pawn)
            && capture_gain(&mut other, Move::new(theirs, ours)) <= 0
    });
    pairs
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

/// Idle kinds: a sacrifice when the moved piece can be won; an exchange
/// offer when the move presses one (`offers`: new threats on pieces that can
/// trade themselves for a like attacker) or makes an even one; a block when
/// it cuts an enemy piece's way to attack; a follow when it moves along with
/// the piece the opponent just moved; else idle.
fn idle_nature(
    before: &Position,
    after: &Position,
    previous: Option<Move>,
    mv: Move,
    moved: Piece,
    offers: &[Threat],
) -> MoveNature {
    let to = mv.to();
    let opponent = after.turn();
    let mut reply = after.clone();
    let capturers: Vec<Square> = after.attackers_to(to, opponent).collect();
    for a in capturers {
        let take = Move::new(a, to);
        if reply.is_legal(take) && capture_gain(&mut reply, take) > 0 {
            return MoveNature {
                nature: Nature::Sacrifice,
                targets: Vec::new(),
                attackers: vec![a],
                chases: Vec::new(),
                why: Why::Sacrifice(moved, to),
            };
        }
    }
    // An offer of a pair that could already take each other, which the move
    // made winning by adding an attacker: that piece backs it.
    let backed = offers.iter().find_map(|t| {
        let ours = t.exchange_with?;
        if ours != t.attacker {
            Some((t, (t.by, t.attacker), ours))
        } else if before.is_legal(Move::new(ours, t.target))
            && after
                .attacks_from(to, moved, after.occupied())
                .contains(t.target)
        {
            Some((t, (moved, to), ours))
        } else {
            None
        }
    });
    if let Some((t, by, ours)) = backed {
        let p = after.piece_at(ours).unwrap_or(moved);
        return MoveNature {
            nature: Nature::Exchange,
            targets: vec![t.target],
            attackers: vec![by.1, ours],
            chases: Vec::new(),
            why: Why::PressedExchange(by, (p, ours), (t.piece, t.target)),
        };
    }
    // Of several offers, the one of the moved piece is named, then the weightiest.
    let named = |&(ours, theirs): &(Square, Square)| {
        let weight = after.piece_at(theirs).map_or(0, |p| value(p, theirs));
        (ours == to, weight)
    };
    let pressed = offers
        .iter()
        .filter_map(|t| Some((t.exchange_with?, t.target)))
        .max_by_key(named);
    let made = || {
        let offered = piece_exchanges(after, &after.passed());
        let existing = piece_exchanges(&before.passed(), before);
        offered
            .into_iter()
            .filter(|p| !existing.contains(&(if p.0 == to { mv.from() } else { p.0 }, p.1)))
            .max_by_key(named)
    };
    if let Some((ours, theirs)) = pressed.or_else(made) {
        let p = after.piece_at(ours).unwrap_or(moved);
        let t = after.piece_at(theirs).unwrap_or(moved);
        return MoveNature {
            nature: Nature::Exchange,
            targets: vec![theirs],
            attackers: vec![ours],
            chases: Vec::new(),
            why: Why::Exchange((p, ours), (t, theirs)),
        };
    }
    if let Some((piece, sq)) = blocked_attacker(before, after, mv) {
        return MoveNature {
            nature: Nature::Block,
            targets: Vec::new(),
            attackers: vec![sq],
            chases: Vec::new(),
            why: Why::Block(moved, to, piece, sq),
        };
    }
    if let Some(prev) = previous.filter(|&p| follows(mv, p)) {
        let followed = after.piece_at(prev.to()).unwrap_or(moved);
        return MoveNature {
            nature: Nature::Follow,
            targets: vec![prev.to()],
            attackers: Vec::new(),
            chases: Vec::new(),
            why: Why::Follow(moved, to, followed, prev.to()),
        };
    }
    MoveNature {
        nature: Nature::Idle,
        targets: Vec::new(),
        attackers: Vec::new(),
        chases: Vec::new(),
        why: Why::Idle,
    }
}

/// Where an enemy rook, cannon or horse on `from` can go (move or capture) given `occ`.
fn reach(piece: Piece, from: Square, occ: Bitboard) -> Bitboard {
    match piece.role {
        Role::Rook => rook_attacks(from, occ),
        Role::Cannon => (rook_attacks(from, occ) & !occ) | (cannon_attacks(from, occ) & occ),
        Role::Horse => horse_attacks(from, occ),
        _ => Bitboard::EMPTY,
    }
}

/// The enemy rook, cannon or horse whose way the move cuts (拦): the moved
/// piece now stands on its line, or on its leg, between it and a square it
/// could reach before and no longer can — one of the mover's pieces, or a
/// square from which it would attack the mover's king.
fn blocked_attacker(before: &Position, after: &Position, mv: Move) -> Option<(Piece, Square)> {
    let us = before.turn();
    let to = mv.to();
    let king = after.king(us);
    let occ = after.occupied();
    let stayed = before.us(us) & after.us(us) & !Bitboard::from_square(to);
    for sq in after.us(!us) {
        let Some(piece) = after.piece_at(sq) else {
            continue;
        };
        let goals = stayed
            | match piece.role {
                Role::Rook => rook_attacks(king, occ),
                Role::Cannon => cannon_attacks(king, occ),
                Role::Horse => horse_attackers_from(king, occ),
                _ => continue,
            };
        let lost = reach(piece, sq, before.occupied()) & !reach(piece, sq, occ) & goals;
        let cut = Iterator::any(&mut lost.into_iter(), |q| {
            between(sq, q).contains(to)
                || (piece.role == Role::Horse && horse_leg(sq, q) == Some(to))
        });
        if cut {
            return Some((piece, sq));
        }
    }
    None
}

/// Whether `mv` follows the opponent's move `previous` (跟): the same step,
/// by a piece that stood on a rank or file with the one that moved.
fn follows(mv: Move, previous: Move) -> bool {
    let step = |m: Move| {
        (
            m.to().file().index() as i32 - m.from().file().index() as i32,
            m.to().rank().index() as i32 - m.from().rank().index() as i32,
        )
    };
    let (a, f) = (previous.from(), mv.from());
    step(mv) == step(previous) && (a.file() == f.file() || a.rank() == f.rank())
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

    #[test]
    fn of_several_offers_the_moved_piece_s_is_named() {
        // The red rook h5 and the black rook d5 already face each other; the
        // rook g4 moves to b4, facing the rook b9. Turned over (black for red),
        // the same: the offer named is the moved rook's.
        for (fen, mv, theirs) in [
            (
                "1r1akab2/9/c1n1bc3/p3p3p/2pr3R1/P5R2/2P1P1C1P/N3B4/4A3N/2BAK4 w",
                "g4b4",
                "b9",
            ),
            (
                "2bak4/4a3n/n3b4/2p1p1c1p/p5r2/2PR3r1/P3P3P/C1N1BC3/9/1R1AKAB2 b",
                "g5b5",
                "b0",
            ),
        ] {
            let n = nature(fen, mv, RuleSet::Cxa2020);
            assert_eq!(n.nature, Nature::Exchange, "{n:?}");
            assert_eq!(n.targets, vec![Square::parse(theirs).unwrap()], "{fen}");
        }
    }

    #[test]
    fn interposing_a_protected_piece_is_a_block() {
        // The red rook a0 attacks the black elephant a7; the black cannon steps
        // between, protected by the horse b6, so offering it wins nothing.
        let n = nature("4k4/9/b8/1n7/9/8c/9/9/9/R2K5 b", "i4a4", RuleSet::Cxa2020);
        assert_eq!(n.nature, Nature::Block, "{n:?}");
        assert_eq!(n.attackers, vec![Square::parse("a0").unwrap()]);
        assert_eq!(n.reason(Lang::Zh), "黑炮(a4)拦红车(a0)");
    }

    #[test]
    fn the_same_step_beside_the_piece_just_moved_is_a_follow() {
        // Black's rook went h7-g7; the red cannon h2 steps to g2 with it.
        let pos = Position::from_fen("4k4/9/6r2/9/9/9/4N4/5K1C1/9/9 w").unwrap();
        let prev = Move::parse_uci("h7g7").ok();
        let mv = Move::parse_uci("h2g2").unwrap();
        let n = classify_reply(&pos, prev, mv, RuleSet::Cxa2020);
        assert_eq!(n.nature, Nature::Follow, "{n:?}");
        assert_eq!(n.reason(Lang::En), "red cannon g2 follows black rook g7");
        // Without the previous move, or after another one, it is plain idle.
        assert_eq!(classify(&pos, mv, RuleSet::Cxa2020).nature, Nature::Idle);
        let other = Move::parse_uci("e9d9").ok();
        assert_eq!(
            classify_reply(&pos, other, mv, RuleSet::Cxa2020).nature,
            Nature::Idle
        );
    }

    #[test]
    fn like_for_like_is_an_exchange_offer_when_even() {
        // The red rook h5, protected by the horse g3, faces the black rook a5.
        let n = nature("3k5/9/9/9/r8/9/6N2/9/9/4K2R1 w", "h0h5", RuleSet::Cxa2020);
        assert_eq!(n.nature, Nature::Exchange, "{n:?}");
        assert_eq!(
            n.reason(Lang::En),
            "offers to exchange red rook h5 for black rook a5"
        );
        // Unprotected, the black rook would take it for nothing: a sacrifice.
        let n = nature("3k5/9/9/9/r8/9/9/9/9/4K2R1 w", "h0h5", RuleSet::Cxa2020);
        assert_eq!(n.nature, Nature::Sacrifice, "{n:?}");
    }
}
