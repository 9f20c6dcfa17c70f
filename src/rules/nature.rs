//! The nature of one move: check 将, mate threat 杀, chase 捉, or an idle kind
//! (exchange offer 兑, sacrifice 献, block 拦, follow 跟, plain idle 闲: told
//! apart by the idle kinds' own rules), decided on the positions before and after the move.
//!
//! A chase is a *new* threat: the threats the mover has after the move (as if
//! it could move again) minus those it already had before, compared by target.
//! Discovered attacks, screens, unpinning and lost protection all fall out of
//! this difference. Kings and pawns never chase by themselves, but a king or
//! pawn move that lets another piece chase is a chase, unless it is the king
//! answering check.
//!
//! Another piece answering check (CXA 26.1.4: "走动其他子应将产生的'捉'或'杀'，
//! 如应将前不存在，按'捉'或'杀'处理；如应将前已经存在，则为'闲'") is judged the same
//! way, against the checked position ("应将前", before the answer), where a
//! capture or a mate that the check forbids does not stand. A threat the
//! check only suspended is new again once the answer renews it: the
//! rulebook's diagram 19 rules 炮2平4, which answers Red's check, a mate
//! threat (杀), although its 炮4平2 threatened mate before that check. A
//! threat that stands in the checked position and that the answer keeps is
//! not new (29.2): idle.

use crate::board::attacks::{between, line};
use crate::board::{Bitboard, Color, Move, Piece, PlayError, Position, Role, Square};

use super::exchange::value;
use super::idle::{idle_nature, is_even};
use super::mate_search::MateSearch;
use super::threats::{
    Across, Pairs, Threat, ThreatKind, ThreatRules, capture_threats_beyond,
    capture_threats_unless_stood, direct_threats_across, mutual_piece_exchanges_of, trading_pairs,
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
    /// Squares of the pieces that attack them, one for each target. For a
    /// piece won by checks, the piece that gives the first check: the
    /// reasons and the JSON ruling's `attackers` name the piece that takes
    /// at the end of the line, worked out only when they are written.
    pub attackers: Vec<Square>,
    /// The new capture threats, for a chase.
    pub chases: Vec<Threat>,
    /// What the reason names, kept as data: the text is written by [`MoveNature::reason`].
    pub why: Why,
}

/// The facts behind a move's nature, from which its reason is written.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Why {
    /// A check by these pieces.
    Check(Vec<(Piece, Square)>),
    /// A threat of mate by checks within [`MATE_THREAT_DEPTH`] moves.
    MateThreat,
    /// New capture threats: the reason lists the move's `chases`.
    Chase,
    /// New capture threats of advisors or elephants only, by the defending
    /// side's only attacking piece answering check to a point that would
    /// hold the draw ([`Why::Incidental`] but for the check): a chase, as
    /// CXA 26.1.4 judges an answer to check, not 26.2's incidental attack.
    /// The reason lists the move's `chases` and says so.
    ChaseAnsweringCheck,
    /// An offer to exchange the first piece for the second.
    Exchange((Piece, Square), (Piece, Square)),
    /// The moved or uncovered piece (first) joins the attack on a piece that
    /// stands offered in exchange (third) for a like piece (second), pressing
    /// that exchange.
    PressedExchange((Piece, Square), (Piece, Square), (Piece, Square)),
    /// The moved piece (first) offered for capture, and an enemy piece that
    /// can take it and win material (second); or a piece the move offers in
    /// a like pair whose trade is not even, and the like piece that takes it.
    Sacrifice((Piece, Square), (Piece, Square)),
    /// The moved piece (first) cuts the way of an enemy piece (second) to
    /// these squares: each with the mover's piece on it, or, empty, a square
    /// from which the enemy piece would attack the mover's king.
    Block(Piece, Square, Piece, Square, Vec<(Square, Option<Piece>)>),
    /// The moved piece (first) follows the enemy piece (second) that just moved.
    Follow(Piece, Square, Piece, Square),
    /// The defending side's only attacking piece, moving to a point that
    /// holds the draw (it parries a mate by checks), attacks these advisors
    /// or elephants incidentally: idle (CXA 26.2).
    Incidental(Vec<Threat>),
    /// None of the above.
    Idle,
}

/// Classifies `mv`, a move of the side to move in `before`, under `rules`,
/// not knowing the move that led to `before` (so no move is found to follow
/// one, 跟). An illegal move is not classified: the error says why it is
/// illegal.
///
/// ```
/// use xqarbiter::board::{Move, Position};
/// use xqarbiter::rules::nature::classify;
/// use xqarbiter::rules::ruling::Lang;
/// use xqarbiter::rules::{Nature, RuleSet};
///
/// // The red rook goes to a5, attacking the unprotected black horse on i5.
/// let pos = Position::from_fen("4k4/9/9/9/8n/9/9/9/9/R2K5 w").unwrap();
/// let nature = classify(&pos, Move::parse_uci("a0a5").unwrap(), RuleSet::Cxa2020).unwrap();
/// assert_eq!(nature.nature, Nature::Chase);
/// assert_eq!(nature.targets[0].to_string(), "i5");
/// assert_eq!(
///     nature.reason(Lang::En),
///     "red rook a5 threatens black horse i5: it is unprotected"
/// );
///
/// // A move a user typed may be illegal: the king cannot leave its palace.
/// let err = classify(&pos, Move::parse_uci("d0c0").unwrap(), RuleSet::Cxa2020).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "illegal move d0c0: the red king on d0 cannot move to c0 (in 4k4/9/9/9/8n/9/9/9/9/R2K5 w - - 0 1)"
/// );
/// ```
pub fn classify(before: &Position, mv: Move, rules: RuleSet) -> Result<MoveNature, PlayError> {
    classify_reply(before, None, mv, rules)
}

/// Classifies `mv`, a move of the side to move in `before`, under `rules`;
/// `previous` is the opponent's move that led to `before`, if known (it is
/// not checked: it only tells whether `mv` follows it, 跟). An illegal `mv`
/// is not classified: the error says why it is illegal.
pub fn classify_reply(
    before: &Position,
    previous: Option<Move>,
    mv: Move,
    rules: RuleSet,
) -> Result<MoveNature, PlayError> {
    let mut pos = before.clone();
    let undo = pos.play(mv)?;
    pos.undo(undo);
    Ok(classify_searching(
        &mut pos,
        previous,
        mv,
        rules,
        &mut MateSearch::default(),
    ))
}

/// [`classify_reply`] for a move known to be legal, its searches for mate
/// sharing `mates` with other classifications (those of one game's moves).
/// `before` is searched in place and left as it was.
///
/// # Panics
///
/// `mv` must be legal in `before` (debug builds assert it). An illegal move
/// panics if no piece stands on its origin square, and otherwise gets a
/// meaningless nature.
pub(crate) fn classify_searching(
    before: &mut Position,
    previous: Option<Move>,
    mv: Move,
    rules: RuleSet,
    mates: &mut MateSearch,
) -> MoveNature {
    debug_assert!(before.is_legal(mv), "{mv} is illegal in {}", before.fen());
    let mut after = before.clone();
    after.play_unchecked(mv);

    // A move exempt from chasing chases nothing, be it also a check or a
    // mate threat (AXF rule 27: a confined rook's move along its line "will
    // not constitute a chase on any opponent's piece").
    let exempt = exemption(before, mv, rules);

    // Found once: whether the move checks, and by which pieces.
    let checkers = after.checkers();
    if checkers.any() {
        let mut nature = check_nature(&after, checkers, before.turn());
        // AXF judges a move that is both a check and a chase by the reading
        // that may be forbidden: the chase still counts towards a perpetual
        // chase. No piece is offered in exchange under AXF, and a check
        // under CXA is judged without a search: none need be spared.
        if rules == RuleSet::Axf && exempt.is_none() {
            // The mover to move again, turned in place.
            after.pass();
            nature.chases = new_threats(before, &mut after, rules, mates).0;
        }
        return nature;
    }

    // The mover to move again: the threats the move makes are its moves
    // there. Turned in place, not copied, and turned back for the idle kinds.
    after.pass();
    let offered = if offers_exchange(before, mv, rules) {
        offered_in_exchange(&after, mv.to(), mates)
    } else {
        Bitboard::EMPTY
    };
    mates.offering(offered, |mates| {
        classify_quiet(before, &mut after, previous, mv, rules, exempt, mates)
    })
}

/// The enemy pieces that the move `mv` of the side to move in `before`
/// offers its piece to in exchange, which no search for mate may take while
/// the move is judged ([`MateSearch::offering`]): under CXA, for a rook,
/// horse or cannon, those of [`offered_in_exchange`]; none otherwise.
pub(crate) fn offered_by(
    before: &Position,
    mv: Move,
    rules: RuleSet,
    mates: &mut MateSearch,
) -> Bitboard {
    if !offers_exchange(before, mv, rules) {
        return Bitboard::EMPTY;
    }
    let mut ahead = before.clone();
    ahead.play_unchecked(mv);
    ahead.pass();
    offered_in_exchange(&ahead, mv.to(), mates)
}

/// Whether the move `mv` of the side to move in `before` may offer its
/// piece in exchange under `rules`: under CXA, a move of a rook, horse or
/// cannon, the pieces that trade themselves for a like piece.
fn offers_exchange(before: &Position, mv: Move, rules: RuleSet) -> bool {
    rules.is_cxa()
        && before
            .piece_at(mv.from())
            .is_some_and(|p| matches!(p.role, Role::Rook | Role::Horse | Role::Cannon))
}

/// The enemy pieces that the piece the move put on `to` offers itself to
/// in exchange (兑), in `ahead` (the position after the move, the mover to
/// move again): like pieces that can take it in an even trade ([`is_even`]) and are not
/// then mated by checks. CXA judges the move with no mate by checks
/// taking them (see [`MateSearch::offering`]): the rulebook's 图29a calls
/// a rook that faces the enemy rook, with a mate behind the rook's capture,
/// an exchange offer (兑), and 图29b calls it a mate threat (杀) when the
/// enemy rook cannot take it without being mated by checks (不能离线).
fn offered_in_exchange(ahead: &Position, to: Square, mates: &mut MateSearch) -> Bitboard {
    // Most moved pieces attack no like piece: nothing is offered, and the
    // positions the offers are weighed in are not copied.
    let attacks_like = ahead.piece_at(to).is_some_and(|p| {
        (ahead.attacks_from(to, p, ahead.occupied()) & ahead.pieces(!p.color, p.role)).any()
    });
    if !attacks_like {
        return Bitboard::EMPTY;
    }
    let mut other = ahead.passed();
    let mut offered = Bitboard::EMPTY;
    for (ours, theirs) in mutual_piece_exchanges_of(&other, ahead, Bitboard::from_square(to)) {
        if !is_even(&mut other, (ours, theirs)) {
            continue;
        }
        let undo = other.play_unchecked(Move::new(theirs, ours));
        let mated = mates.mates_after_capture(&mut other);
        other.undo(undo);
        if !mated {
            offered.set(theirs);
        }
    }
    offered
}

/// [`classify_searching`] of a move `mv` that does not check, `exempt`
/// from chasing or not, once the pieces offered in exchange, if any, are
/// set aside in `mates`; `ahead` is the position after it, the mover to
/// move again (turned in place for the idle kinds).
fn classify_quiet(
    before: &mut Position,
    ahead: &mut Position,
    previous: Option<Move>,
    mv: Move,
    rules: RuleSet,
    exempt: Option<Exemption>,
    mates: &mut MateSearch,
) -> MoveNature {
    let mover = before.turn();
    let moved = before
        .piece_at(mv.from())
        .unwrap_or(Piece::new(mover, Role::Pawn));
    // AXF judges a move that is both a mate threat and a chase by the
    // reading that may be forbidden: the chase still counts towards a
    // perpetual chase.
    let chases_besides = rules == RuleSet::Axf && exempt.is_none();
    let king_evasion = exempt == Some(Exemption::KingAnsweringCheck);

    let none = Bitboard::EMPTY;
    if !king_evasion
        && mates.mates(ahead, MATE_THREAT_DEPTH, none)
        && !mates.mates(before, MATE_THREAT_DEPTH, none)
    {
        // CXA: a mate that can only start by taking, with check, a piece
        // the move chases, and is not that capture itself, is the chase
        // carried through: a chase. Not a piece chased only because taking
        // back would be mated: winning it is that mate.
        if rules.is_cxa() && !mates.mates(ahead, 1, none) {
            let (chases, _) = new_threats(before, ahead, rules, mates);
            let chased: Bitboard = chases
                .iter()
                .filter(|t| !t.false_roots.iter().any(|r| r.mated))
                .map(|t| t.target)
                .collect();
            if chased.any() && !mates.mates(ahead, MATE_THREAT_DEPTH, chased) {
                return chase_nature(chases);
            }
        }
        let king = ahead.king(!mover);
        return MoveNature {
            nature: Nature::MateThreat,
            targets: vec![king],
            attackers: vec![mv.to()],
            chases: if chases_besides {
                new_threats(before, ahead, rules, mates).0
            } else {
                Vec::new()
            },
            why: Why::MateThreat,
        };
    }

    let (new, offers) = if exempt.is_some() {
        (Vec::new(), Vec::new())
    } else {
        new_threats(before, ahead, rules, mates)
    };
    if !new.is_empty() {
        // CXA 26.2: the defending side's only attacking piece, occupying
        // the point that holds the draw, attacks advisors and elephants only
        // incidentally. The placement alone counts: `ahead` will do.
        let incidental = rules.is_cxa()
            && new
                .iter()
                .all(|t| matches!(t.piece.role, Role::Advisor | Role::Elephant))
            && defends_with_one_attacker(ahead, mover);
        if incidental && !before.in_check() && holds_the_draw(before, ahead, mv.to(), mates) {
            return MoveNature {
                nature: Nature::Idle,
                targets: new.iter().map(|t| t.target).collect(),
                attackers: new.iter().map(|t| t.attacker).collect(),
                chases: Vec::new(),
                why: Why::Incidental(new),
            };
        }
        if incidental && before.in_check() && keeps_the_mate_off(ahead, mv.to(), mover, mates) {
            return MoveNature {
                why: Why::ChaseAnsweringCheck,
                ..chase_nature(new)
            };
        }
        return chase_nature(new);
    }
    ahead.pass();
    idle_nature(before, ahead, previous, mv, moved, &offers)
}

/// Whether the move from `before` to `ahead` (the mover to move again)
/// occupies a point that holds the draw (26.2's "占据守和要点"; the earlier
/// rulebook's "占据防守要点，立即构成简明和棋"): the opponent, were it to
/// move instead, cannot mate by checks after the move, and either could
/// before it (the move parries the mate) or could were the moved piece,
/// now on `to`, not on the board (the point it holds keeps the mate off).
/// The rulebook's diagram 18 shows such a point: the lone rook back on e4,
/// from where Black's mate by checks no longer works, attacks the elephant
/// e7 incidentally. A move to a point that keeps no mate off holds no draw,
/// and what it attacks anew is chased.
///
/// `before` must not stand in check: what a move answering check attacks
/// is judged by 26.1.4 (a chase if it did not stand before the answer),
/// even on a point that would hold the draw ([`Why::ChaseAnsweringCheck`]).
/// Neither clause says which of them rules such a move; 26.1.4 is the one
/// written for answers to check, and it rules every chase an answer makes
/// but one that stood before the answer, while 26.2 speaks of a point the
/// lone attacker chooses to occupy (占据), not one it is driven to.
///
/// Only a mate by checks is kept off. The text names the point, not what
/// it holds against, and the only threat to the game itself that the rules
/// define is the mate threat (杀, a mate by checks): whether a point that keeps a
/// crossed pawn back, or holds a file, makes the game a draw at once
/// ("立即构成简明和棋") is a judgement of the whole ending that the text gives
/// no test for.
fn holds_the_draw(before: &Position, ahead: &Position, to: Square, mates: &mut MateSearch) -> bool {
    debug_assert!(!before.in_check(), "an answer to check holds no point");
    let mut held = ahead.passed();
    if mates.mates(&mut held, MATE_THREAT_DEPTH, Bitboard::EMPTY) {
        return false;
    }
    let mut threatened = before.passed();
    mates.mates(&mut threatened, MATE_THREAT_DEPTH, Bitboard::EMPTY)
        || mated_without(ahead, to, before.turn(), mates)
}

/// Whether the `mover`'s piece on `to` in `ahead` (the mover to move again)
/// keeps a mate by checks off: the opponent, were it to move instead,
/// cannot mate by checks, and could were the piece not on the board.
fn keeps_the_mate_off(ahead: &Position, to: Square, mover: Color, mates: &mut MateSearch) -> bool {
    let mut held = ahead.passed();
    !mates.mates(&mut held, MATE_THREAT_DEPTH, Bitboard::EMPTY)
        && mated_without(ahead, to, mover, mates)
}

/// Whether the opponent of `mover`, to move instead in `ahead`, could mate
/// by checks were the mover's piece on `to` not on the board.
fn mated_without(ahead: &Position, to: Square, mover: Color, mates: &mut MateSearch) -> bool {
    let mut bare = ahead.passed();
    bare.take_off(to);
    // Without the piece the mover's king would stand in check with the
    // opponent to move: no position to search, and the piece shields its
    // king rather than holding a point.
    !bare.is_attacked_king(mover) && mates.mates(&mut bare, MATE_THREAT_DEPTH, Bitboard::EMPTY)
}

/// Whether `side` is the defending side (less material than the opponent, on
/// the rulebook's ladder) with only one attacking piece (a rook, horse,
/// cannon or crossed pawn); the move must attack nothing but advisors and
/// elephants anew, and hold the draw ([`holds_the_draw`]).
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

/// A rule by which a move chases nothing, whatever it attacks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Exemption {
    /// The king answering check: whatever it then threatens is idle (CXA
    /// 26.1.2); AXF too, which lets the king chase, alone or with another
    /// piece (rule 28).
    KingAnsweringCheck,
    /// AXF rule 27: a rook moving along the line an enemy cannon confines it to.
    ConfinedRook,
}

/// The rule by which `mv`, a legal move in `before`, chases nothing under
/// `rules`, if there is one.
pub(crate) fn exemption(before: &Position, mv: Move, rules: RuleSet) -> Option<Exemption> {
    let king_moves = before
        .piece_at(mv.from())
        .is_some_and(|p| p.role == Role::King);
    if king_moves && before.in_check() {
        Some(Exemption::KingAnsweringCheck)
    } else if rules == RuleSet::Axf && rook_moves_along_its_confining_line(before, mv) {
        Some(Exemption::ConfinedRook)
    } else {
        None
    }
}

/// Keeps of `now`, the threats after a move, those that did not stand in
/// `had`, the threats before it. An even exchange that takes a defender away
/// ([`ThreatKind::RemovesDefender`]) only to win a piece that stood threatened
/// for as much before, at no price, threatens nothing new: the stake is the
/// same piece (CXA 29.2). A threat on a piece that may trade itself
/// with a partner other than its attacker stays an offer only if it
/// `presses` the exchange, with the partner `paired` gives (one that stood
/// before the move too).
fn keep_new(
    now: &mut Vec<Threat>,
    had: &[Threat],
    presses: impl Fn(&Threat) -> bool,
    mut paired: impl FnMut(&Threat) -> Option<Square>,
) {
    now.retain_mut(|t| {
        if t.exchange_with.is_some() && t.exchange_with != Some(t.attacker) {
            t.exchange_with = if presses(t) { paired(t) } else { None };
        }
        let stake_stood = t.won_after.is_some_and(|(stake, _)| {
            had.iter().any(|h| {
                h.target == stake
                    && h.exchange_with.is_none()
                    && h.lost_elsewhere.is_none()
                    && h.gain >= t.gain
            })
        });
        if stake_stood {
            return false;
        }
        // A piece only offered an exchange before is chased anew once it cannot trade itself.
        let stood = had.iter().find(|h| {
            h.target == t.target && (t.exchange_with.is_some() || h.exchange_with.is_none())
        });
        match stood {
            None => true,
            // A piece that could be won before only at a price elsewhere is
            // threatened anew when the move lets it be won for more.
            Some(h) if h.lost_elsewhere.is_some() && t.gain > h.gain => {
                t.price_before = h.lost_elsewhere;
                true
            }
            Some(_) => false,
        }
    });
}

/// Whether `mv` moves a rook along the line to which an enemy cannon
/// confines it: the rook and one other piece stand between the cannon and
/// its king, so leaving the line would uncover a check.
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
/// The searches by checks share `search`. Both positions are searched in
/// place and left as they were.
pub(super) fn new_threats(
    before: &mut Position,
    ahead: &mut Position,
    rules: RuleSet,
    search: &mut MateSearch,
) -> (Vec<Threat>, Vec<Threat>) {
    let cxa = rules.is_cxa();
    let rules = ThreatRules::of(rules);
    // A like attacker the target can trade itself for makes the threat an
    // offer (兑). Another attacker that wins the piece only jointly with
    // such a partner presses the exchange (CXA): before the move, if the
    // pair stood there; after it, if the pair stood before it too. A pair
    // the move makes, with the attack, makes an offer and a chase: a chase
    // (兑兼捉，从重判捉).
    let presses = |t: &Threat| cxa && t.kind == ThreatKind::Outnumbered;
    // Of the partners of the threats before the move, only those that offer
    // or press the exchange are kept.
    let partners = |mut had: Vec<Threat>| {
        for h in &mut had {
            if h.exchange_with.is_some() && h.exchange_with != Some(h.attacker) && !presses(h) {
                h.exchange_with = None;
            }
        }
        had
    };
    // The direct threats before the move on the pieces found to be won now,
    // asked of each as soon as a capture is found to win it: a piece
    // threatened before, by a threat that was no offer and cost nothing
    // elsewhere, is no chase whatever threatens it now, so its threats now
    // are not weighed further.
    let mut had: Vec<Threat> = Vec::new();
    let mut asked = Bitboard::EMPTY;
    // Searched on a copy: `before` stands across the move for the threats now.
    let mut then: Option<Position> = None;
    let mut stood = |ahead: &Position, target, search: &mut MateSearch| {
        // Most pieces chased now could not be taken before: nothing to weigh then.
        let searching = !asked.contains(target) && !before.legal_captures_of(target).is_empty();
        #[cfg(feature = "question-counts")]
        super::question_counts::stood_searching(searching);
        if searching {
            let then = then.get_or_insert_with(|| before.clone());
            let on = Bitboard::from_square(target);
            let found = threats_before(then, ahead, rules, (on, Before::Direct), search);
            had.extend(partners(found));
        }
        asked.set(target);
        had.iter()
            .any(|h| h.target == target && h.exchange_with.is_none() && h.lost_elsewhere.is_none())
    };
    let after = Across {
        other: before,
        after: true,
    };
    let mut now = capture_threats_unless_stood(ahead, rules, after, search, &mut stood);
    if now.is_empty() {
        return (now, Vec::new());
    }
    // The other pieces threatened now, each found by its square before the
    // move: those with no direct threat before may have been won after checks.
    let judged: Bitboard = had.iter().map(|h| h.target).collect();
    let rest = now.iter().map(|t| t.target).collect::<Bitboard>() & !judged;
    let checks = (rest, Before::AfterChecks(asked));
    let later = threats_before(before, ahead, rules, checks, search);
    had.extend(partners(later));
    // The pieces that even exchanges taking a defender away would win next,
    // not weighed yet: the stakes of those threats (see [`keep_new`]).
    let stakes = now
        .iter()
        .filter_map(|t| t.won_after.map(|(sq, _)| sq))
        .collect::<Bitboard>()
        & !judged
        & !rest;
    let staked = threats_before(
        before,
        ahead,
        rules,
        (stakes, Before::AfterChecks(asked)),
        search,
    );
    had.extend(partners(staked));
    // The pairs that stood before the move and still stand, found once when first asked.
    let mut stood: Option<Pairs> = None;
    let stood_paired = |t: &Threat| -> Option<Square> {
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
    // Sorted in place: the chases stay in `now`'s list, the offers move out.
    keep_new(&mut now, &had, presses, stood_paired);
    let offers = now.extract_if(.., |t| t.exchange_with.is_some()).collect();
    (now, offers)
}

/// What [`threats_before`] looks for.
#[derive(Copy, Clone)]
enum Before {
    /// The threats of the captures the mover could play.
    Direct,
    /// Those, and the pieces won after checks; the captures of the pieces
    /// on the board given are known to make no threat, and not weighed.
    AfterChecks(Bitboard),
}

/// The capture threats the mover had before its move (`before`; `ahead` is
/// the position after it, the mover to move again) on the pieces of
/// `targets`, as `looking` says; none searched if there are no targets.
fn threats_before(
    before: &mut Position,
    ahead: &Position,
    rules: ThreatRules,
    (targets, looking): (Bitboard, Before),
    search: &mut MateSearch,
) -> Vec<Threat> {
    if targets.is_empty() {
        return Vec::new();
    }
    let prior = Across {
        other: ahead,
        after: false,
    };
    match looking {
        Before::Direct => direct_threats_across(before, rules, targets, prior, search),
        Before::AfterChecks(no_direct) => {
            let on = (targets, no_direct);
            capture_threats_beyond(before, rules, on, prior, search)
        }
    }
}

/// The nature of a check by `mover`, `checkers` the pieces that give it in `after`.
///
/// Every check is a check (将), also the one CXA 2020 24.18 names 自毙: "甲方将军乙方，
/// 以致形成乙方的被杀状态，如乙方用除帅、将以外其他子'应将'的着法不属于将、杀或捉，则甲方
/// '将军'这着棋称为'自毙'" (a check the opponent can meet only with a piece other
/// than its king, and does with a move that is no check, mate threat or chase).
/// The clause defines the name and nothing in the text the spec quotes gives the
/// name a consequence: no clause makes such a check idle, or anything but a check,
/// in a cycle. The texts that do decide keep it a check: a check is a move that
/// directly attacks the king (pre-2011 28.1: "凡走子直接攻击对方帅(将)者，称为'照将'"),
/// and "任何情况下均不允许单方面长将" (25.1) leaves no kind of check out of the ban
/// on perpetual check. So no 自毙 is looked for, and a cycle of them is a perpetual
/// check like any other.
fn check_nature(after: &Position, checkers: Bitboard, mover: Color) -> MoveNature {
    let king = after.king(!mover);
    let checkers: Vec<Square> = checkers.into_iter().collect();
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
pub(super) mod tests {
    use super::*;
    use crate::rules::threats::capture_threats_across;

    /// The nature of `mv` (coordinates) in the position `fen`, with no previous move known.
    pub(in crate::rules) fn nature(fen: &str, mv: &str, rules: RuleSet) -> MoveNature {
        let pos = Position::from_fen(fen).unwrap();
        classify(&pos, Move::parse_uci(mv).unwrap(), rules).unwrap()
    }

    /// [`new_threats`] as first written: every threat after the move weighed
    /// in full, then those before the move on the pieces threatened after
    /// it. Also returns how many threats after the move stood before.
    fn plain_new_threats(
        before: &mut Position,
        ahead: &mut Position,
        rules: RuleSet,
        search: &mut MateSearch,
    ) -> ((Vec<Threat>, Vec<Threat>), usize) {
        let cxa = rules.is_cxa();
        let rules = ThreatRules::of(rules);
        let after = Across {
            other: before,
            after: true,
        };
        let mut now = capture_threats_across(ahead, rules, Bitboard::FULL, after, search);
        if now.is_empty() {
            return ((now, Vec::new()), 0);
        }
        let targets = now
            .iter()
            .flat_map(|t| std::iter::once(t.target).chain(t.won_after.map(|(sq, _)| sq)))
            .collect();
        let prior = Across {
            other: ahead,
            after: false,
        };
        let mut had = capture_threats_across(before, rules, targets, prior, search);
        let presses = |t: &Threat| cxa && t.kind == ThreatKind::Outnumbered;
        for h in &mut had {
            if h.exchange_with.is_some() && h.exchange_with != Some(h.attacker) && !presses(h) {
                h.exchange_with = None;
            }
        }
        let then = trading_pairs(before, rules);
        let mut pairs = trading_pairs(ahead, rules);
        pairs.retain(|p| then.contains(p));
        let threats = now.len();
        keep_new(&mut now, &had, presses, |t| {
            pairs.iter().find(|p| p.1 == t.target).map(|p| p.0)
        });
        let stood = threats - now.len();
        let offers = now.extract_if(.., |t| t.exchange_with.is_some()).collect();
        ((now, offers), stood)
    }

    #[test]
    fn new_threats_agree_with_weighing_every_threat_after_the_move() {
        // Every legal move of the positions of the public rule cases' games
        // and of random playouts (those with a legal side to move).
        let positions = crate::rules::sample_positions(0x5EED_0033_0000_0001, 6, 80);
        let (mut moves, mut threats, mut stood) = (0, 0, 0);
        for rules in [RuleSet::Cxa2020, RuleSet::Axf] {
            // Each way with one search memory for all, as a game's rulings share one.
            let (mut fast_search, mut plain_search) =
                (MateSearch::default(), MateSearch::default());
            for pos in positions.iter().filter(|p| !p.is_attacked_king(!p.turn())) {
                for mv in pos.legal_moves() {
                    let mut before = pos.clone();
                    let mut ahead = pos.clone();
                    ahead.play_unchecked(mv);
                    ahead.pass();
                    let fast = new_threats(&mut before, &mut ahead, rules, &mut fast_search);
                    let (plain, standing) =
                        plain_new_threats(&mut before, &mut ahead, rules, &mut plain_search);
                    assert_eq!(fast, plain, "{} {mv} {rules:?}", pos.fen());
                    moves += 1;
                    threats += plain.0.len() + plain.1.len();
                    stood += standing;
                }
            }
        }
        assert!(
            moves > 20_000 && threats > 1_000 && stood > 1_000,
            "{moves} {threats} {stood}"
        );
    }

    #[test]
    fn an_illegal_move_is_refused_not_classified() {
        use crate::board::Illegality;
        // Kings on open files d and e: the red king stepping to e0 would face the black king.
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w").unwrap();
        let err = classify(&pos, Move::parse_uci("d0e0").unwrap(), RuleSet::Axf).unwrap_err();
        assert!(matches!(err.illegality, Illegality::ExposesKing(..)));
        // No piece on the origin square: refused, where playing it would panic.
        let err = classify_reply(
            &pos,
            None,
            Move::parse_uci("e5e6").unwrap(),
            RuleSet::Cxa2020,
        )
        .unwrap_err();
        assert_eq!(err.illegality, Illegality::NoPiece);
        assert!(
            err.to_string()
                .starts_with("illegal move e5e6: there is no piece on e5")
        );
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
