//! Capture threats: the pieces the side to move could win next move, directly
//! (an unprotected piece, or one won through the exchange on its square and
//! net of what the capture leaves hanging) or after a series of checks
//! ([`super::after_checks`]), each with how it is won and the attacker that
//! wins it.
//!
//! Protection is always tested by playing the capture and asking whether a
//! legal recapture exists, so false roots (假根: a pinned defender, a king that
//! would step into an attack or face the other king) need no special case.

use arrayvec::ArrayVec;

use super::RuleSet;
use super::after_checks::{Opening, Searching, Won, won_after_checks};
use super::exchange::{
    Recapture, capture_net, exchange_after_above, exchange_then_capture, mutual_gain, value, valued,
};
use super::mate_search::MateSearch;
use crate::board::attacks::{cross, horse_leg_blockers, horse_reach, unblocked_reach};
use crate::board::{Bitboard, Color, Move, MoveList, Piece, Position, Role, Square};

/// How a capture threat wins material.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ThreatKind {
    /// The target has no legal defender (无根子, including false roots 假根).
    Unprotected,
    /// A rook attacked by a lesser piece: the exchange wins material even if it is protected.
    RookByLesser,
    /// A protected piece won through the exchange, with more attackers than
    /// defenders (少根子, 联合捉).
    Outnumbered,
    /// A protected piece won by a cheaper single attacker (other than a rook target).
    Cheaper,
    /// A rook that cannot move because an enemy horse would then check (AXF rule 19).
    HeldRook,
    /// An even exchange on the target's square that takes away the only
    /// defender of another piece, won next (CXA: "得子" through a complete exchange).
    RemovesDefender,
    /// Won by a capture after consecutive checks (CXA 29.1 "通过连续照将吃子"): the
    /// opponent, busy answering checks, cannot save the piece.
    AfterChecks,
}

/// A threat of the side to move (the one that would move next) to win the piece on `target`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threat {
    /// The threatened piece's square.
    pub target: Square,
    /// The threatened piece.
    pub piece: Piece,
    /// The square of the piece that would capture first.
    pub attacker: Square,
    /// The piece that would capture first.
    pub by: Piece,
    /// How the material is won.
    pub kind: ThreatKind,
    /// Net material won (units of a crossed pawn).
    pub gain: i32,
    /// What the opponent wins back elsewhere after the capture (a piece the
    /// capture leaves hanging, or one won by checks) when that is what limits
    /// `gain`, which has it taken off.
    pub lost_elsewhere: Option<Loss>,
    /// For a threat that stood before the move only at a price elsewhere
    /// (its `lost_elsewhere` then), that price: what makes it new.
    pub price_before: Option<Loss>,
    /// For a threat won after checks ([`ThreatKind::AfterChecks`]), the first check.
    pub first_check: Option<Move>,
    /// For a threat won after an even exchange that takes away a defender
    /// ([`ThreatKind::RemovesDefender`]), the piece then won, with its square.
    pub won_after: Option<(Square, Piece)>,
    /// Defenders that look like protection but cannot legally recapture (假根).
    pub false_roots: Vec<FalseRoot>,
    /// A like piece of the threatening side that attacks the target and that
    /// the target can take in turn (the attacker itself when it is one): the
    /// target could trade itself for it. That partner's threat offers an
    /// exchange (兑), not a chase; whether another attacker's presses the
    /// exchange or chases is for the move's nature to decide.
    pub exchange_with: Option<Square>,
}

/// A piece the opponent wins elsewhere after a capture, and what that takes
/// off the capture's gain.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Loss {
    /// The lost piece's square.
    pub square: Square,
    /// The lost piece.
    pub piece: Piece,
    /// What the opponent wins by taking it instead of taking back: the
    /// capture's gain is what it takes less this (units of a crossed pawn).
    pub value: i32,
}

/// A defender that cannot legally take back (假根), and what stops it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FalseRoot {
    /// The defender's square.
    pub square: Square,
    /// The defender.
    pub piece: Piece,
    /// The enemy pieces that would attack its king after taking back, with
    /// their squares: the pinning piece, a piece guarding the square when the
    /// defender is the king, or the enemy king it would face on an open file.
    pub exposed_to: Vec<(Square, Piece)>,
    /// Whether the capture gives check and taking back would leave the king
    /// in that same check (`exposed_to` are then the checking pieces).
    pub in_check: bool,
    /// Whether taking back is legal but would let the capturer's side force
    /// mate by checks, as CXA 29.4 asks of the capturer (CXA "不能离线": the
    /// defender is tied to the defence against mate); `exposed_to` is then empty.
    pub mated: bool,
}

/// Options that differ between rule sets. Kings and pawns never make a
/// threat by capturing, except as [`ThreatRules::pawn_capture_with_check`] says.
#[derive(Copy, Clone, Debug)]
pub(crate) struct ThreatRules {
    /// CXA 26.8: a pawn's capture that uncovers a check by another piece is
    /// a threat, although pawns do not chase by themselves.
    pub pawn_capture_with_check: bool,
    /// CXA "不能离线": a like piece that can take back makes an exchange offer
    /// (兑) only if it could also step away; one whose only legal moves take
    /// the attacker is threatened.
    pub tied_partner_chased: bool,
    /// Whether threats that need the exchange with several attackers count (CXA: 联合捉 counts; AXF: not).
    pub outnumbered_counts: bool,
    /// Whether a capture must win material against the opponent's best reply
    /// anywhere (CXA: "得子", net gain), or only survive recapture on its square (AXF: "real root").
    pub net_gain: bool,
    /// AXF rule 19: a rook held in place by an enemy horse (moving it would
    /// uncover the horse's check) is chased even when protected.
    pub horse_pinned_rook: bool,
    /// CXA 29.4: a capture after which the opponent can force mate by checks is no threat.
    pub mate_safety: bool,
    /// CXA 29.1: a piece won by a capture after up to [`CHECKS_BEFORE_CAPTURE`] checks is threatened.
    pub after_checks: bool,
}

impl ThreatRules {
    /// The options of a rule set.
    pub(crate) const fn of(rules: RuleSet) -> ThreatRules {
        let cxa = rules.is_cxa();
        ThreatRules {
            pawn_capture_with_check: cxa,
            tied_partner_chased: cxa,
            outnumbered_counts: cxa,
            net_gain: cxa,
            horse_pinned_rook: matches!(rules, RuleSet::Axf),
            mate_safety: cxa,
            after_checks: cxa,
        }
    }

    /// The options as bits, one each: a tag that tells rule sets whose
    /// threats differ apart.
    pub(crate) const fn tag(self) -> u8 {
        self.pawn_capture_with_check as u8
            | (self.tied_partner_chased as u8) << 1
            | (self.outnumbered_counts as u8) << 2
            | (self.net_gain as u8) << 3
            | (self.horse_pinned_rook as u8) << 4
            | (self.mate_safety as u8) << 5
            | (self.after_checks as u8) << 6
    }
}

/// How many checks may precede the capture of a threat under [`ThreatRules::after_checks`].
pub(crate) const CHECKS_BEFORE_CAPTURE: u32 = 2;

/// Whether the piece on `sq` is a rook standing on the leg of an enemy horse
/// that would otherwise check its king.
fn rook_held_by_horse(pos: &Position, sq: Square) -> bool {
    let Some(piece) = pos.piece_at(sq) else {
        return false;
    };
    if piece.role != Role::Rook {
        return false;
    }
    let horses = pos.pieces(!piece.color, Role::Horse);
    horse_leg_blockers(pos.king(piece.color), pos.occupied(), horses).contains(sq)
}

/// Whether the piece that captures by `mv` in `pos` had the same capture in
/// `other`, the position on the other side of a move (the same side to
/// move): from `mv`'s square if it did not move, else from the square the
/// move took it from.
fn had_capture(pos: &Position, other: &Position, mv: Move) -> bool {
    let mover = pos.turn();
    let arrived = pos.us(mover) & !other.us(mover);
    let mut from = Some(mv.from());
    if arrived.contains(mv.from()) {
        from = None;
        for left in other.us(mover) & !pos.us(mover) {
            from = Some(left);
        }
    }
    from.is_some_and(|from| other.is_legal(Move::new(from, mv.to())))
}

/// One side of a move, for threats judged on either side of it (CXA 29.2:
/// a chase is a threat the move made).
#[derive(Copy, Clone)]
pub(crate) struct Across<'a> {
    /// The position on the other side of the move, with the same side to move.
    pub other: &'a Position,
    /// Whether the position judged is the one after the move.
    pub after: bool,
}

/// The pieces of the opponent on `targets` that the side to move could win
/// next move by a capture, under `rules`, judged on one side of a move. A
/// crossed pawn's value floats: after the move, a capture of one that the
/// move made possible (the capturing piece could not take it before) is not
/// weighed against pieces lost elsewhere ("一兵换取数子……均不算得子"). Its searches by checks share `search` with
/// others.
///
/// Every other capture is weighed against the opponent's one reply
/// ([`capture_net`], [`won_back_by_checks`]): the recaptures on the square,
/// or whichever piece it likes best elsewhere instead, a piece that hangs
/// on both sides of the move included, never both. The capture is the
/// mover's "下一着" (29.1), the one move that could otherwise save that
/// piece: what the capture wins ("得子") and whether it is "得不偿失" (26.5) is
/// counted against the material on the board, with no piece written off as
/// lost already. Leaving such a piece out would count a gain the capture
/// does not make: the opponent would take it while the capturer takes. A
/// move that changes nothing still makes no threat new (29.2): the same
/// piece is counted on both sides of it.
pub(crate) fn capture_threats_across(
    pos: &mut Position,
    rules: ThreatRules,
    targets: Bitboard,
    across: Across,
    search: &mut MateSearch,
) -> Vec<Threat> {
    let beyond = (targets, Bitboard::EMPTY);
    capture_threats_beyond(pos, rules, beyond, across, search)
}

/// [`capture_threats_across`] for a caller that knows that no capture of
/// the pieces on `no_direct` makes a threat: those captures are not weighed
/// again, and the pieces are looked for after checks.
pub(crate) fn capture_threats_beyond(
    pos: &mut Position,
    rules: ThreatRules,
    (targets, no_direct): (Bitboard, Bitboard),
    across: Across,
    search: &mut MateSearch,
) -> Vec<Threat> {
    let asking = Asking::AfterChecks(no_direct);
    threats_on(pos, rules, targets, Some(across), search, asking)
}

/// [`capture_threats_across`] without the pieces won after checks: the
/// threats of the captures the side to move can play now.
pub(crate) fn direct_threats_across(
    pos: &mut Position,
    rules: ThreatRules,
    targets: Bitboard,
    across: Across,
    search: &mut MateSearch,
) -> Vec<Threat> {
    threats_on(pos, rules, targets, Some(across), search, Asking::Direct)
}

/// Asked of a piece of the opponent's that the side to move wins by a
/// capture (its square, with the position and the searches), whether it
/// stood threatened on the other side of the move so that no threat on it
/// here counts: if so, its other threats here are not looked for. Asked
/// once a capture is found to win, net, before its costly test of mate
/// ([`allows_mate`]): few threats stood, and the answer may take a search
/// of the threats there, wasted on a capture that wins nothing. The answer
/// must not change. Asking it of fewer captures changes only what is
/// searched: every threat on a piece that stood is dropped as not new,
/// whatever it is (its threat before cost nothing elsewhere and offered
/// nothing), and a piece not asked of, none of its captures a threat, may
/// be found threatened only after checks, weighed then against its
/// threats before like any other.
pub(crate) type Stood<'h> = dyn FnMut(&Position, Square, &mut MateSearch) -> bool + 'h;

/// [`capture_threats_across`] of every piece of the opponent's, with the
/// threats on the pieces that `stood` says stood threatened on the other
/// side of the move left out.
pub(crate) fn capture_threats_unless_stood(
    pos: &mut Position,
    rules: ThreatRules,
    across: Across,
    search: &mut MateSearch,
    stood: &mut Stood,
) -> Vec<Threat> {
    let asking = Asking::UnlessStood(stood);
    threats_on(pos, rules, Bitboard::FULL, Some(across), search, asking)
}

/// What [`threats_on`] looks for besides the threats of the captures that
/// can be played now.
enum Asking<'h> {
    /// Nothing.
    Direct,
    /// The pieces won after checks, where the rules count them; no capture
    /// of the pieces on the board given makes a threat, as the caller knows.
    AfterChecks(Bitboard),
    /// Those too, except on the pieces that stood threatened (see [`Stood`]).
    UnlessStood(&'h mut Stood<'h>),
}

fn threats_on(
    pos: &mut Position,
    rules: ThreatRules,
    targets: Bitboard,
    across: Option<Across>,
    search: &mut MateSearch,
    asking: Asking,
) -> Vec<Threat> {
    let us = pos.turn();
    let them = pos.us(!us);
    let with_checks = !matches!(asking, Asking::Direct);
    let (mut stood, no_direct) = match asking {
        Asking::UnlessStood(stood) => (Some(stood), Bitboard::EMPTY),
        Asking::AfterChecks(no_direct) => (None, no_direct),
        Asking::Direct => (None, Bitboard::EMPTY),
    };
    // The pieces found to have stood threatened: no threat on them is looked for.
    let mut stood_before = Bitboard::EMPTY;
    // The like pieces that could trade, found when first needed.
    let mut mutual: Option<Pairs> = None;
    let mut pairs: Option<Pairs> = None;
    let mut out: Vec<Threat> = Vec::new();
    // Only a piece of the opponent's worth something can be won: the
    // captures of the others (its king, its pawns not yet across the river)
    // are not even generated.
    let worth = valued(pos, !us);
    let mut captures = MoveList::new();
    // Whether the side to move is in check, if found while generating.
    let in_check = pos.legal_captures_on_into(targets & worth & !no_direct, &mut captures);
    for &mv in &captures {
        if stood_before.contains(mv.to()) {
            continue;
        }
        let Some(target) = pos.piece_at(mv.to()) else {
            continue;
        };
        let Some(attacker) = pos.piece_at(mv.from()) else {
            continue;
        };
        if matches!(attacker.role, Role::King | Role::Pawn)
            && !(rules.pawn_capture_with_check
                && attacker.role == Role::Pawn
                && uncovers_check(pos, mv))
        {
            continue;
        }
        let threat = if rules.horse_pinned_rook && rook_held_by_horse(pos, mv.to()) {
            Some(Threat {
                target: mv.to(),
                piece: target,
                attacker: mv.from(),
                by: attacker,
                kind: ThreatKind::HeldRook,
                gain: value(target, mv.to()),
                lost_elsewhere: None,
                price_before: None,
                first_check: None,
                won_after: None,
                false_roots: Vec::new(),
                exchange_with: None,
            })
        } else {
            let line = Line::Direct(across, stood.as_deref_mut());
            // The costly test of mate comes last: on a target already
            // threatened, after the threat is found to take the place of the
            // one found (otherwise the test could only leave it out too).
            let rival = out.iter().any(|t| t.target == mv.to());
            let Ok(judged) =
                capture_threat(pos, mv, (attacker, target), rules, line, search, !rival)
            else {
                // The piece stood threatened: no threat on it is looked for.
                // Asked before any capture of it is kept, `out` has none.
                stood_before.set(mv.to());
                continue;
            };
            let threat = judged.map(|mut t| {
                let pairs = pairs.get_or_insert_with(|| trading_pairs_of(pos, rules, &mut mutual));
                // The attacker itself if it is a partner. A pawn trades itself
                // only with the pawn that attacks it.
                t.exchange_with = if pairs.contains(&(mv.from(), mv.to())) {
                    Some(mv.from())
                } else {
                    pairs
                        .iter()
                        .find(|p| p.1 == mv.to() && target.role != Role::Pawn)
                        .map(|p| p.0)
                };
                t
            });
            threat.filter(|t| {
                !rival
                    || (out
                        .iter()
                        .all(|o| o.target != t.target || preference(t) > preference(o))
                        && !allows_mate(pos, mv, rules, search))
            })
        };
        if let Some(threat) = threat {
            match out.iter_mut().find(|t| t.target == mv.to()) {
                Some(t) if preference(&threat) > preference(t) => *t = threat,
                Some(_) => {}
                None => out.push(threat),
            }
        }
    }
    if with_checks && rules.after_checks && !in_check.unwrap_or_else(|| pos.in_check()) {
        let threatened: Bitboard = out.iter().map(|t| t.target).collect();
        let open = worth & targets & !threatened & !stood_before;
        // Without a check there is nothing to search: the offers are not asked.
        let mut checks = MoveList::new();
        if open.any() {
            search.checking_moves(pos, &mut checks);
        }
        if !checks.is_empty() {
            // A piece offered for exchange (兑) stays an offer: checks that take
            // it, or win it after checks, are the exchange, not a chase.
            let offered: Bitboard = mutual
                .get_or_insert_with(|| mutual_exchanges(pos))
                .iter()
                .map(|&(_, theirs)| theirs)
                .collect();
            #[cfg(feature = "question-counts")]
            super::question_counts::after_checks((pos.key(), open & !offered, offered, false));
            let wins = won_after_checks(
                pos,
                rules,
                CHECKS_BEFORE_CAPTURE,
                0,
                open & !offered,
                Opening {
                    offered,
                    lone_king_or_pawn: false,
                },
                &mut Searching::new(search),
            );
            // Walked by reference: the list is not copied into an iterator.
            for won in &wins {
                let (Some(piece), Some(by)) =
                    (pos.piece_at(won.target), pos.piece_at(won.check.from()))
                else {
                    continue;
                };
                out.push(Threat {
                    target: won.target,
                    piece,
                    attacker: won.check.from(),
                    by,
                    kind: ThreatKind::AfterChecks,
                    gain: won.gain,
                    lost_elsewhere: None,
                    price_before: None,
                    first_check: Some(won.check),
                    won_after: None,
                    false_roots: Vec::new(),
                    exchange_with: None,
                });
            }
        }
    }
    debug_assert!(pos.us(!us) == them);
    out
}

/// How good a threat on a target is, against another attacker's on the same
/// target: another attacker's threat beats a like attacker's offer (兑), then
/// the larger gain, then a threat one piece carries out alone, then the
/// cheaper attacker.
fn preference(t: &Threat) -> (bool, i32, bool, i32) {
    (
        t.exchange_with != Some(t.attacker),
        t.gain,
        t.kind != ThreatKind::Outnumbered && t.false_roots.is_empty(),
        -value(t.by, t.target),
    )
}

/// The pieces of the side to move that the opponent wins by up to
/// [`CHECKS_BEFORE_CAPTURE`] checks and a capture, the opponent to move.
fn won_back(pos: &mut Position, rules: ThreatRules, search: &mut MateSearch) -> ArrayVec<Won, 16> {
    let ours = valued(pos, !pos.turn());
    #[cfg(feature = "question-counts")]
    super::question_counts::after_checks((pos.key(), ours, Bitboard::EMPTY, true));
    won_after_checks(
        pos,
        rules,
        CHECKS_BEFORE_CAPTURE,
        0,
        ours,
        Opening::ANY,
        &mut Searching::new(search),
    )
}

/// The pieces of the side to move that the opponent wins back by checks after
/// the capture `mv` (the capturer itself, or another): each a price of `mv`,
/// one the opponent could win before `mv` too included, as [`capture_net`]
/// counts a piece that hung already.
pub(super) fn won_back_by_checks(
    pos: &mut Position,
    mv: Move,
    rules: ThreatRules,
    search: &mut MateSearch,
) -> ArrayVec<Won, 16> {
    let undo = pos.play_unchecked(mv);
    let won = won_back(pos, rules, search);
    pos.undo(undo);
    won
}

/// Whether `mv` gives check by a piece other than the one it moves, one
/// that did not check already: a check the opponent stands in (the position
/// after a check of the mover's, with the mover to move again) is not
/// uncovered by the capture.
pub(super) fn uncovers_check(pos: &mut Position, mv: Move) -> bool {
    let us = pos.turn();
    let standing = pos.king_danger(pos.king(!us), us, pos.occupied(), pos.us(us));
    let undo = pos.play_unchecked(mv);
    let uncovered = (pos.checkers() & !Bitboard::from_square(mv.to()) & !standing).any();
    pos.undo(undo);
    uncovered
}

/// Pairs (ours, theirs) of like pieces, as [`mutual_exchanges`] finds them:
/// at most 27 (two rooks, two horses and two cannons each meeting two like
/// pieces, five pawns each reaching three squares), so they are kept in place.
pub(crate) type Pairs = ArrayVec<(Square, Square), 32>;

/// The roles of like pieces that can trade: kings never trade; advisors
/// and elephants never meet their like.
const LIKE_ROLES: [Role; 4] = [Role::Rook, Role::Horse, Role::Cannon, Role::Pawn];

/// [`LIKE_ROLES`] but pawns.
const PIECE_ROLES: [Role; 3] = [Role::Rook, Role::Horse, Role::Cannon];

/// Pairs (ours, theirs) of like pieces that can capture each other, ours
/// of the side to move in `pos` (the position seen with the opponent to
/// move is built only when some pair may exist).
pub(crate) fn mutual_exchanges(pos: &Position) -> Pairs {
    let like = pair_candidates(pos, pos.turn(), &LIKE_ROLES, Bitboard::FULL);
    if like.is_empty() {
        return Pairs::new();
    }
    pairs_among(&pos.passed(), pos, like)
}

/// The [`mutual_exchanges`] of pieces other than pawns.
pub(crate) fn mutual_piece_exchanges(other: &Position, mover: &Position) -> Pairs {
    mutual_piece_exchanges_of(other, mover, Bitboard::FULL)
}

/// The [`mutual_piece_exchanges`] of our pieces on `ours` (the pairs whose
/// first square is on it, in the same order).
pub(crate) fn mutual_piece_exchanges_of(
    other: &Position,
    mover: &Position,
    ours: Bitboard,
) -> Pairs {
    let like = pair_candidates(mover, mover.turn(), &PIECE_ROLES, ours);
    pairs_among(other, mover, like)
}

/// Whether `us` may have a pair of [`mutual_piece_exchanges`] in `pos`
/// (`us` to move or not): without one of [`pair_candidates`], it has none.
pub(crate) fn may_trade_pieces(pos: &Position, us: Color) -> bool {
    pair_candidates(pos, us, &PIECE_ROLES, Bitboard::FULL).any()
}

/// The pieces of `us` of `roles` on `ours` that may pair with a like enemy
/// piece: only a piece that one could take back can pair with it (the
/// others are in no pair of [`pairs_among`]). Inlined: the roles are then
/// known where it is called.
#[inline(always)]
fn pair_candidates(pos: &Position, us: Color, roles: &[Role], ours: Bitboard) -> Bitboard {
    let mut like = Bitboard::EMPTY;
    for &role in roles {
        let mine = pos.pieces(us, role) & ours;
        if mine.any() {
            like |= mine & taken_back_from(!us, role, pos.pieces(!us, role));
        }
    }
    like
}

/// The pairs of [`mutual_exchanges`] whose piece of ours is on `like`.
fn pairs_among(other: &Position, mover: &Position, like: Bitboard) -> Pairs {
    let us = mover.turn();
    let mut out = Pairs::new();
    for ours in like {
        let Some(p) = mover.piece_at(ours) else {
            continue;
        };
        // A piece with no like enemy within its reach on an empty board attacks none.
        let within = unblocked_reach(us, p.role, ours) & mover.pieces(!us, p.role);
        if within.is_empty() {
            continue;
        }
        let reached = mover.attacks_from(ours, p, mover.occupied()) & within;
        for theirs in reached {
            // Ours attacks theirs; theirs, unless a rook or cannon, may not attack ours.
            if mover.keeps_king_safe(Move::new(ours, theirs))
                && other.is_legal(Move::new(theirs, ours))
            {
                out.push((ours, theirs));
            }
        }
    }
    out
}

/// The squares onto which the pieces on `pieces`, all of `color` and
/// `role`, could take back a like piece that attacks them: those they reach
/// on an empty board ([`unblocked_reach`], joined), for pawns only the
/// squares straight ahead. A pawn takes sideways only once across the
/// river, on the other side's half, where a pawn of the other side on its
/// rank has not crossed and so could not have attacked it.
#[inline(always)]
fn taken_back_from(color: Color, role: Role, pieces: Bitboard) -> Bitboard {
    let mut reach = Bitboard::EMPTY;
    match role {
        // Red's pawns step up the board (a square's index grows by a rank,
        // nine), Black's down.
        Role::Pawn => {
            reach = match color {
                Color::Red => Bitboard((pieces.0 << 9) & Bitboard::FULL.0),
                Color::Black => Bitboard(pieces.0 >> 9),
            }
        }
        Role::Rook | Role::Cannon => {
            for sq in pieces {
                reach |= cross(sq);
            }
        }
        Role::Horse => {
            for sq in pieces {
                reach |= horse_reach(sq);
            }
        }
        _ => {
            for sq in pieces {
                reach |= unblocked_reach(color, role, sq);
            }
        }
    }
    reach
}

/// The pairs of [`mutual_exchanges`] (`them` has the pair's enemy to move)
/// whose enemy piece can trade itself for ours: under
/// [`ThreatRules::tied_partner_chased`], not one that could only take ours
/// (不能离线), which is chased instead.
fn exchange_pairs(them: &Position, mutual: &[(Square, Square)], rules: ThreatRules) -> Pairs {
    let mut pairs: Pairs = mutual.iter().copied().collect();
    if rules.tied_partner_chased {
        pairs.retain(|&mut (ours, theirs)| !only_takes_back(them, theirs, ours));
    }
    pairs
}

/// The pairs (ours, theirs) in which the side to move in `pos` could trade
/// pieces: like pieces that can take each other, the enemy's not tied to
/// taking ours (see [`Threat::exchange_with`]).
pub(crate) fn trading_pairs(pos: &Position, rules: ThreatRules) -> Pairs {
    trading_pairs_of(pos, rules, &mut None)
}

/// [`trading_pairs`] of `pos`, found among its [`mutual_exchanges`]:
/// those in `mutual` if known, else worked out and kept there. The
/// position seen with the opponent to move is built only when some pair
/// may exist, and then once.
fn trading_pairs_of(pos: &Position, rules: ThreatRules, mutual: &mut Option<Pairs>) -> Pairs {
    let like = pair_candidates(pos, pos.turn(), &LIKE_ROLES, Bitboard::FULL);
    if like.is_empty() {
        mutual.get_or_insert_with(Pairs::new);
        return Pairs::new();
    }
    let them = pos.passed();
    let mutual = mutual.get_or_insert_with(|| pairs_among(&them, pos, like));
    exchange_pairs(&them, mutual, rules)
}

/// A target found to have stood threatened on the other side of the move (see [`Stood`]).
struct StoodBefore;

/// Where a capture stands: threatened directly, or reached after checks.
pub(super) enum Line<'a, 'b, 'h> {
    /// The capture could be played now. Judged across a move, if given,
    /// and, if given, asking whether the target stood threatened on the
    /// other side of the move (see [`Stood`]).
    Direct(Option<Across<'a>>, Option<&'b mut Stood<'h>>),
    /// The last move of a series of checks: the opponent, answering them, had
    /// no time to take the attacker first. Only a gain above the floor is of
    /// use: a capture found to win no more is no threat.
    AfterChecks(i32),
}

/// The threat of the capture `mv` of `target` by `attacker` under `rules`,
/// if it wins material and does not let the opponent mate ([`allows_mate`]).
pub(super) fn evaluate_capture(
    pos: &mut Position,
    mv: Move,
    attacker: Piece,
    target: Piece,
    rules: ThreatRules,
    line: Line,
    search: &mut MateSearch,
) -> Option<Threat> {
    // The line asks nothing of the target: never an `Err`.
    capture_threat(pos, mv, (attacker, target), rules, line, search, true).unwrap_or(None)
}

/// CXA 29.4: whether the capture `mv` of the side to move would leave the
/// capturer mated, at once or by checks: the costliest test of a capture.
#[inline]
pub(super) fn allows_mate(
    pos: &mut Position,
    mv: Move,
    rules: ThreatRules,
    search: &mut MateSearch,
) -> bool {
    if !rules.mate_safety {
        return false;
    }
    #[cfg(feature = "question-counts")]
    super::question_counts::asking(super::question_counts::Question::CaptureAllowsMate);
    mated_after(pos, mv, search)
}

/// Whether, after `mv` of the side to move in `pos`, the other side can
/// force mate by checks ([`MateSearch::mates_after_capture`]); `pos` is
/// left as it was.
fn mated_after(pos: &mut Position, mv: Move, search: &mut MateSearch) -> bool {
    let undo = pos.play_unchecked(mv);
    let mated = search.mates_after_capture(pos);
    pos.undo(undo);
    mated
}

/// [`evaluate_capture`] (of `target` by `attacker`), with the test that the
/// capture does not let the opponent mate ([`allows_mate`]) made last, once
/// the capture is found to win, or left to the caller if not `mate_test`.
/// `Err` when the line asks whether the target stood threatened on the
/// other side of the move, and it did: the capture is not weighed further.
fn capture_threat(
    pos: &mut Position,
    mv: Move,
    (attacker, target): (Piece, Piece),
    rules: ThreatRules,
    line: Line,
    search: &mut MateSearch,
    mate_test: bool,
) -> Result<Option<Threat>, StoodBefore> {
    let to = mv.to();
    let (across, stood, floor) = match line {
        Line::Direct(across, stood) => (across, stood, None),
        Line::AfterChecks(floor) => (None, None, Some(floor)),
    };
    let direct = floor.is_none();
    // Only a capture that wins on its square, or takes a piece that cannot
    // be taken back, or may remove a defender (an even exchange, below),
    // can win (the tests below lower the gain): the others are no threat.
    let may_win = |(on_square, recapturable): (i32, bool)| {
        on_square > 0 || (on_square == 0 && (!recapturable || rules.net_gain))
    };
    // Below 0 (below the floor at the end of checks) the gain on the square
    // need not be exact: such a capture wins nothing unless a defender is
    // tied (below), and the target is then won whole.
    let low = floor.map_or(-1, |f| f.min(-1));
    let undo = pos.play_unchecked(mv);
    let (mut on_square, cheapest) = exchange_after_above(pos, target, to, low);
    // CXA "不能离线" (below): of a capture that can be taken back and does
    // not win, the defenders tied by mate are asked at once, with the
    // capture still on the board.
    let tied_now =
        (cheapest.is_some() && direct && rules.mate_safety && !may_win((on_square, true)))
            .then(|| roots_tied_after(pos, to, cheapest, search));
    pos.undo(undo);
    let mut recapturable = cheapest.is_some();
    // A defender kept from taking back only by a check the opponent stands in
    // already (the move judged gave it) protects all the same: once the check
    // is answered it can take back. The capturer is then lost for the target.
    // At the end of checks the opponent has just answered one: it stands in none.
    if !recapturable && direct && root_behind_standing_check(pos, mv) {
        recapturable = true;
        on_square = value(target, to) - value(attacker, to);
    }
    // CXA "不能离线": defenders that may take back, but only to be mated,
    // cannot leave their post to do it: the target is then won whole.
    let ask_tied = recapturable && direct && rules.mate_safety;
    let mut exchange = (on_square, recapturable);
    let tied = match tied_now {
        Some(tied) => won_whole_if_tied(tied, value(target, to), &mut exchange),
        None if ask_tied => tied_roots(pos, (mv, cheapest), target, &mut exchange, search),
        None => Vec::new(),
    };
    let (on_square, recapturable) = exchange;
    // Only an even exchange that removes a defender (below) wins more than the exchange on the square.
    let removes_defender = rules.net_gain && recapturable && on_square == 0;
    if floor.is_some_and(|f| !removes_defender && on_square <= f) {
        return Ok(None);
    }
    // A crossed pawn's value floats: a capture of one that the move made
    // possible is not weighed against pieces lost elsewhere. A capture the
    // same piece had before (the moved piece from where it stood too) is
    // weighed on both sides of the move alike.
    let floating = target.role == Role::Pawn
        && across.is_some_and(|a| a.after && !had_capture(pos, a.other, mv));
    let elsewhere = rules.net_gain && !floating;
    // The square of the piece lost elsewhere that limits the gain the most:
    // one that hung before the capture too counts (see [`capture_threats_across`]).
    let (mut net, mut lost_at) = if elsewhere {
        capture_net(pos, mv, on_square, floor.map_or(-1, |f| f.max(-1)))
    } else {
        (on_square, None)
    };
    // Checks that win material back: those that end by taking the capturer
    // make a mutual capture, weighed by the two pieces alone (CXA 26.5: equal
    // value counts as a gain); others take off what they win, like a piece
    // left hanging.
    let mut mutual = on_square;
    // They can only lower the gain: not looked for when nothing is won even without them.
    let could_win = net > 0 || (net == 0 && (!recapturable || on_square > 0));
    if rules.after_checks && direct && could_win {
        let won_back = won_back_by_checks(pos, mv, rules, search);
        for w in &won_back {
            if w.target == to {
                mutual = mutual.min(mutual_gain(target, attacker, to, w.gain));
            } else if elsewhere && value(target, to) - w.gain < net {
                // Won by checks instead of recapturing: one reply, as in [`capture_net`].
                net = value(target, to) - w.gain;
                lost_at = Some(w.target);
            }
        }
    }
    // What is lost elsewhere matters when it, not a mutual capture, limits the gain.
    let mut lost_elsewhere = match lost_at {
        Some(square) if net < mutual => pos.piece_at(square).map(|piece| Loss {
            square,
            piece,
            value: value(target, to) - net,
        }),
        _ => None,
    };
    net = net.min(mutual);
    let mut won_after = None;
    // CXA "得子" through a complete exchange: an even exchange that takes away
    // the only defender of another piece wins that piece afterwards.
    if removes_defender {
        (net, won_after) = exchange_then_capture(pos, mv);
        lost_elsewhere = None;
    }
    // A protected piece must be won on its square (29.3: 少根子, or a rook
    // for a lesser piece); an unprotected one is taken directly (29.1).
    // Either is then chased unless the capture loses more elsewhere than it
    // wins: "完整互吃后价值相当或得子者，按捉，得不偿失者，按闲" (26.5), so a
    // gain cancelled exactly by a piece lost elsewhere still chases.
    let even_on_square = recapturable && on_square <= 0;
    if net < 0 || (net == 0 && even_on_square) || floor.is_some_and(|f| net <= f) {
        return Ok(None);
    }
    let single_attacker_loses = value(target, to) - value(attacker, to) <= 0;
    let kind = if !recapturable {
        ThreatKind::Unprotected
    } else if removes_defender {
        ThreatKind::RemovesDefender
    } else if target.role == Role::Rook && !single_attacker_loses {
        ThreatKind::RookByLesser
    } else if single_attacker_loses {
        ThreatKind::Outnumbered
    } else {
        ThreatKind::Cheaper
    };
    if kind == ThreatKind::Outnumbered && !rules.outnumbered_counts {
        return Ok(None);
    }
    // Asked once the capture wins, net (see [`Stood`]).
    if let Some(stood) = stood {
        let stood = stood(pos, to, search);
        #[cfg(feature = "question-counts")]
        super::question_counts::stood(stood, mate_test.into());
        if stood {
            return Err(StoodBefore);
        }
    }
    if mate_test && allows_mate(pos, mv, rules, search) {
        return Ok(None);
    }
    // The false roots are told of an unprotected piece only, and of a
    // capture after checks only the gain is asked. Without a defender no
    // exchange removes one: nothing is won after.
    let false_roots = if !recapturable && direct {
        let mut roots = false_roots(pos, mv);
        roots.extend(tied);
        roots
    } else {
        Vec::new()
    };
    Ok(Some(Threat {
        target: to,
        piece: target,
        attacker: mv.from(),
        by: attacker,
        kind,
        gain: net,
        lost_elsewhere,
        price_before: None,
        first_check: None,
        won_after,
        false_roots,
        exchange_with: None,
    }))
}

/// The defenders tied by mate ([`roots_tied_by_mate`]) of the capture `mv`
/// of `target` (`known`, a legal recapture if one is known), with
/// `exchange` (the gain on the target's square, and whether the target can
/// be taken back) made what they leave of it: with every recapture tied,
/// the target is won whole.
fn tied_roots(
    pos: &mut Position,
    (mv, known): (Move, Option<Recapture>),
    target: Piece,
    exchange: &mut (i32, bool),
    search: &mut MateSearch,
) -> Vec<FalseRoot> {
    let tied = roots_tied_by_mate(pos, mv, known, search);
    won_whole_if_tied(tied, value(target, mv.to()), exchange)
}

/// `tied`, the defenders tied by mate of a capture of a piece worth
/// `worth`, with `exchange` made what they leave of it ([`tied_roots`]).
fn won_whole_if_tied(
    tied: Vec<FalseRoot>,
    worth: i32,
    exchange: &mut (i32, bool),
) -> Vec<FalseRoot> {
    if !tied.is_empty() {
        *exchange = (worth, false);
    }
    tied
}

/// Whether the opponent of the side to move stands in check, and a piece
/// other than its king could take back after the capture `mv` but for that
/// check alone: every piece that would then attack its king checks it already.
fn root_behind_standing_check(pos: &mut Position, mv: Move) -> bool {
    !roots_behind_standing_check(pos, mv).is_empty()
}

/// The pieces of the opponent of the side to move, other than its king,
/// that could take back after the capture `mv` but for the check it stands
/// in already (see [`root_behind_standing_check`]), with their squares.
pub(super) fn roots_behind_standing_check(pos: &mut Position, mv: Move) -> Vec<(Square, Piece)> {
    let us = pos.turn();
    let standing = pos.king_danger(pos.king(!us), us, pos.occupied(), pos.us(us));
    if !standing.any() {
        return Vec::new();
    }
    false_roots(pos, mv)
        .into_iter()
        .filter(|root| {
            root.piece.role != Role::King
                && root.exposed_to.iter().all(|&(s, _)| standing.contains(s))
        })
        .map(|root| (root.square, root.piece))
        .collect()
}

/// The pieces that seem to defend the target of the capture `mv` but cannot
/// legally take back (假根), each with the enemy pieces that would then
/// attack its king.
fn false_roots(pos: &mut Position, mv: Move) -> Vec<FalseRoot> {
    let to = mv.to();
    let undo = pos.play_unchecked(mv);
    let defender = pos.turn();
    let seeming = pos.attackers_to(to, defender);
    // Most targets have no defender at all: the checks are not asked then.
    let checkers = if seeming.any() {
        pos.checkers()
    } else {
        Bitboard::EMPTY
    };
    let mut roots = Vec::new();
    for square in seeming {
        let Some(piece) = pos.piece_at(square) else {
            continue;
        };
        let back = pos.play_unchecked(Move::new(square, to));
        let capturer = pos.us(!defender);
        let danger = pos.king_danger(pos.king(defender), !defender, pos.occupied(), capturer);
        let in_check = danger.any() && (danger & !checkers).is_empty();
        let exposed_to: Vec<(Square, Piece)> = danger
            .into_iter()
            .filter_map(|s| Some((s, pos.piece_at(s)?)))
            .collect();
        pos.undo(back);
        if !exposed_to.is_empty() {
            roots.push(FalseRoot {
                square,
                piece,
                exposed_to,
                in_check,
                mated: false,
            });
        }
    }
    pos.undo(undo);
    roots
}

/// The defenders that could take back after the capture `mv` of the side to
/// move, if each of their legal recaptures would let the capturer's side
/// force mate by checks (none if some recapture is safe, or there is none):
/// false roots under CXA. Being mated for taking back is asked as CXA 29.4
/// asks it of the capturer for taking ("不致被将死"), within the depth of a
/// mate threat (杀): the rulebook sets no shorter one for defenders. Its
/// diagram 25 (the advisor e8, mated in three for taking back the horse d9)
/// is a joint chase (联合捉) either way: a false root makes the chase joint,
/// as the pinned elephant of its diagram 11 does. `known`, if given, is a
/// legal recapture (told whether it is the only one): it is tried first.
fn roots_tied_by_mate(
    pos: &mut Position,
    mv: Move,
    known: Option<Recapture>,
    search: &mut MateSearch,
) -> Vec<FalseRoot> {
    let undo = pos.play_unchecked(mv);
    let roots = roots_tied_after(pos, mv.to(), known, search);
    pos.undo(undo);
    roots
}

/// [`roots_tied_by_mate`] of a capture on `to` just played in `pos`.
fn roots_tied_after(
    pos: &mut Position,
    to: Square,
    known: Option<Recapture>,
    search: &mut MateSearch,
) -> Vec<FalseRoot> {
    let mut checks = MoveList::new();
    // Most captures have a safe recapture, mostly the one known: it is asked
    // before the others are generated, and its checks are not asked again.
    let mut known_checks = None;
    if let Some(Recapture { back, alone }) = known {
        let taken = pos.play_unchecked(back);
        search.checking_moves(pos, &mut checks);
        pos.undo(taken);
        if checks.is_empty() {
            return Vec::new();
        }
        // The only recapture: with no other to try first, it is searched at once.
        if alone {
            let tied = recapture_allows_mate(pos, back, search);
            return if tied {
                mated_roots(pos, &[back])
            } else {
                Vec::new()
            };
        }
        known_checks = Some((back, checks.len()));
    }
    let backs = pos.legal_captures_of(to);
    // One safe recapture settles it. A recapture after which the capturer's
    // side has no check is safe without a search; the others are searched
    // the likeliest to be safe and the quickest to show it first: those
    // that leave the fewest checks, and among them those that do not take
    // a guard of the king (king, advisor, elephant) from its post. The
    // checks are remembered for the search.
    let mut by_checks: ArrayVec<((usize, bool), Move), 16> = ArrayVec::new();
    for &back in &backs {
        let count = match known_checks {
            Some((known, count)) if known == back => count,
            _ => {
                let taken = pos.play_unchecked(back);
                checks.clear();
                search.checking_moves(pos, &mut checks);
                pos.undo(taken);
                checks.len()
            }
        };
        if count == 0 {
            return Vec::new();
        }
        let guard = pos
            .piece_at(back.from())
            .is_some_and(|p| matches!(p.role, Role::King | Role::Advisor | Role::Elephant));
        by_checks.push(((count, guard), back));
    }
    by_checks.sort_by_key(|&(key, _)| key);
    let tied = by_checks
        .iter()
        .all(|&(_, back)| recapture_allows_mate(pos, back, search));
    if tied {
        mated_roots(pos, &backs)
    } else {
        Vec::new()
    }
}

/// The pieces that make the recaptures `backs`, each mated for it, as false roots.
fn mated_roots(pos: &Position, backs: &[Move]) -> Vec<FalseRoot> {
    backs
        .iter()
        .filter_map(|back| {
            Some(FalseRoot {
                square: back.from(),
                piece: pos.piece_at(back.from())?,
                exposed_to: Vec::new(),
                in_check: false,
                mated: true,
            })
        })
        .collect()
}

/// Whether the legal recapture `back` of the side to move, which leaves the
/// capturer's side a check, lets that side force mate by checks
/// ([`MateSearch::mates_after_capture`]).
fn recapture_allows_mate(pos: &mut Position, back: Move, search: &mut MateSearch) -> bool {
    #[cfg(feature = "question-counts")]
    super::question_counts::asking(super::question_counts::Question::RecaptureAllowsMate);
    mated_after(pos, back, search)
}

/// Whether every legal move of the piece on `sq` (its side to move) takes the piece on `attacker`.
fn only_takes_back(pos: &Position, sq: Square, attacker: Square) -> bool {
    let Some(piece) = pos.piece_at(sq) else {
        return true;
    };
    let targets = pos.pseudo_targets(sq, piece.role, pos.occupied()) & !pos.us(pos.turn());
    !Iterator::any(&mut targets.into_iter(), |to| {
        to != attacker && pos.is_legal(Move::new(sq, to))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    const CXA: ThreatRules = ThreatRules::of(RuleSet::Cxa2020);

    /// Every piece of the opponent that the side to move could win next move
    /// by a capture, under `rules`. The position is restored before returning.
    fn capture_threats(pos: &mut Position, rules: ThreatRules) -> Vec<Threat> {
        threats_on(
            pos,
            rules,
            Bitboard::FULL,
            None,
            &mut MateSearch::default(),
            Asking::AfterChecks(Bitboard::EMPTY),
        )
    }

    /// CXA without the captures after checks.
    const CXA_WITHOUT_CHECKS: ThreatRules = ThreatRules {
        after_checks: false,
        ..CXA
    };

    /// AXF's real-root test: no net gain, no joint capture, no mate or checks looked at.
    const AXF: ThreatRules = ThreatRules {
        net_gain: false,
        mate_safety: false,
        outnumbered_counts: false,
        after_checks: false,
        ..CXA
    };

    #[test]
    fn a_target_is_threatened_by_its_best_attacker() {
        // The rook e1 and the horse d7 both attack the unprotected cannon e5.
        // The rook's capture leaves the horse a1 to the rook a9; the horse's
        // costs nothing. The rook comes first in square order.
        let mut pos = Position::from_fen("r2k5/9/3N5/9/4c4/9/9/9/N3R4/5K3 w").unwrap();
        let threats = capture_threats(&mut pos, CXA);
        let cannon: Vec<_> = threats.iter().filter(|t| t.target == sq("e5")).collect();
        assert_eq!(cannon.len(), 1, "{threats:?}");
        assert_eq!((cannon[0].attacker, cannon[0].gain), (sq("d7"), 4));
    }

    #[test]
    fn an_even_exchange_that_removes_a_defender_wins_material() {
        // The cannon i5 takes the horse c5 (over the pawn g5) and the elephant
        // e7 takes back: then the horse f6 wins the pawn e4, which the black
        // horse alone defended. Under CXA the horse c5 is threatened. (Ng8+
        // would also win the elephant e7 after the check: not looked at here.)
        let cxa = CXA_WITHOUT_CHECKS;
        let mut pos = Position::from_fen("4k4/4a4/4b4/5N3/2n3P1C/4p4/9/9/9/3K5 w").unwrap();
        let t = capture_threats(&mut pos, cxa);
        assert_eq!(t.len(), 1, "{t:?}");
        assert_eq!(
            (t[0].target, t[0].kind, t[0].gain),
            (sq("c5"), ThreatKind::RemovesDefender, 1)
        );
        assert_eq!(
            t[0].won_after,
            Some((sq("e4"), Piece::new(Color::Black, Role::Pawn)))
        );
        // Without the pawn there is nothing to win after the exchange.
        let mut bare = Position::from_fen("4k4/4a4/4b4/5N3/2n3P1C/9/9/9/9/3K5 w").unwrap();
        let t = capture_threats(&mut bare, cxa);
        assert!(t.is_empty(), "{t:?}");
        // AXF asks only whether the target has a real root.
        assert!(capture_threats(&mut pos, AXF).is_empty());
    }

    #[test]
    fn an_exchange_even_only_as_it_goes_on_wins_nothing_more() {
        // The cannon e2 takes the elephant e7 (over the rook e4), the elephant
        // g9 takes back, and the rook takes that elephant: a cannon for two
        // elephants, even. The rook's capture is the exchange going on, not a
        // gain after it, so the elephant e7 is not threatened.
        let cxa = CXA_WITHOUT_CHECKS;
        let mut pos = Position::from_fen("4k1b2/4a4/4b4/9/9/4R4/9/4C4/9/3K5 w").unwrap();
        let t = capture_threats(&mut pos, cxa);
        assert!(t.is_empty(), "{t:?}");
        // Without the elephant g9 the elephant e7 is simply unprotected.
        let mut bare = Position::from_fen("4k4/4a4/4b4/9/9/4R4/9/4C4/9/3K5 w").unwrap();
        let t = capture_threats(&mut bare, cxa);
        assert_eq!(t.len(), 1, "{t:?}");
        assert_eq!(
            (t[0].target, t[0].kind),
            (sq("e7"), ThreatKind::Unprotected)
        );
    }

    #[test]
    fn a_defender_held_only_by_the_check_standing_still_protects() {
        // The red rook a9 checks the black king e9; judged with Red to move
        // again, the black rook g9 cannot take back on g7 after the red horse
        // h5 takes there while that check stands, but once it is answered it
        // can: the horse g7 is protected.
        let checked = Position::from_fen("R3k1r2/9/6n2/9/7N1/9/9/9/9/3K5 b").unwrap();
        assert!(capture_threats(&mut checked.passed(), AXF).is_empty());
        // Another red rook on i9 pins the black rook g9 as well: it cannot
        // take back whatever the answer to the check, so the horse is won.
        let pinned = Position::from_fen("R3k1r1R/9/6n2/9/7N1/9/9/9/9/3K5 b").unwrap();
        let t = capture_threats(&mut pinned.passed(), AXF);
        let horse = t
            .iter()
            .find(|t| t.target == sq("g7"))
            .expect("g7 threatened");
        assert_eq!(horse.kind, ThreatKind::Unprotected);
        assert_eq!(horse.false_roots[0].square, sq("g9"));
    }

    #[test]
    fn unprotected_piece_is_threatened() {
        // Red rook on a5 attacks the black horse on e5, which nothing defends.
        let mut pos = Position::from_fen("4k4/9/9/9/R3n4/9/9/9/9/4K4 w").unwrap();
        let t = capture_threats(&mut pos, CXA);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].target, sq("e5"));
        assert_eq!(t[0].kind, ThreatKind::Unprotected);
    }

    #[test]
    fn pinned_defender_is_a_false_root() {
        // The black horse on c5 is "defended" by the black rook on c9, which the red
        // rook on a9 (guarded by the horse on b7) pins to the black king on e9.
        let mut pos = Position::from_fen("R1r1k4/9/1N7/9/2n3R2/9/9/9/9/3K5 w").unwrap();
        let t = capture_threats(&mut pos, CXA);
        let horse = t
            .iter()
            .find(|t| t.target == sq("c5"))
            .expect("horse threatened");
        assert_eq!(horse.kind, ThreatKind::Unprotected);
        assert_eq!(horse.false_roots[0].square, sq("c9"));
        assert_eq!(horse.false_roots[0].exposed_to[0].0, sq("a9"));
        assert_eq!(horse.false_roots.len(), 1);
    }

    #[test]
    fn rook_attacked_by_horse_is_a_threat_even_if_protected() {
        let mut pos = Position::from_fen("4k4/4r4/9/3N5/9/9/9/9/9/3K5 w").unwrap();
        // Horse d6 attacks e8 (leg d7 empty); the rook is protected by the king.
        let t = capture_threats(&mut pos, CXA);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].kind, ThreatKind::RookByLesser);
    }

    #[test]
    fn like_for_like_is_marked_an_offer() {
        // The black rook a5 can take the red rook e5 back: an offer (兑).
        let mut pos = Position::from_fen("3k5/9/9/9/r3R4/9/9/9/9/4K4 w").unwrap();
        let t = capture_threats(&mut pos, CXA);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].exchange_with, Some(sq("e5")));
        // A horse joining the attack is the threat, marked with the partner:
        // the nature decides whether it presses the exchange.
        let mut pos = Position::from_fen("3k5/9/9/9/r3R4/2N6/9/9/9/4K4 w").unwrap();
        let t = capture_threats(&mut pos, CXA);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].attacker, sq("c4"));
        assert_eq!(t[0].exchange_with, Some(sq("e5")));
    }

    #[test]
    fn a_piece_forced_to_interpose_is_followed_to_its_new_square() {
        // The black rook has just taken a6. Rf3+ leaves it only Rf6 to
        // interpose (the king f8 has no square), and Rxf6 wins it.
        let mut pos = Position::from_fen("3a5/3Nck3/3ab4/r8/9/8p/2p4Rn/C3BA2B/4A4/4K4 w").unwrap();
        let threats = capture_threats(&mut pos, CXA);
        let rook = threats.iter().find(|t| t.target == sq("a6"));
        assert!(
            rook.is_some_and(|t| t.kind == ThreatKind::AfterChecks && t.gain == 8),
            "{threats:?}"
        );
    }

    #[test]
    fn a_pawn_checking_by_itself_starts_no_chase_after_checks() {
        // Pd9+ Kxd9 would leave the horse f9 to the rook i9; the pawn's own
        // check starts that series, and pawns do not chase by themselves.
        let mut pos = Position::from_fen("2P1kn3/4r4/9/9/p3p3R/9/4P4/4B4/9/2BAKA3 w").unwrap();
        pos.play_unchecked(Move::parse_uci("i5i9").unwrap());
        let threats = capture_threats(&mut pos.passed(), CXA);
        assert!(threats.iter().all(|t| t.target != sq("f9")), "{threats:?}");
    }

    #[test]
    fn a_pawn_crossing_the_river_to_capture_risks_a_crossed_pawn() {
        // The pawn e4 takes the horse e5 and uncovers the cannon e2's check.
        // The horse f7 cannot take back at once, but the advisor d7-e8
        // answers with the cannon d9's check, over the cannon d5 (which
        // cannot leave the d-file), and the horse takes after the reply:
        // Black wins back the pawn as it stands on e5, crossed and worth 1,
        // not as it stood on e4, worth nothing.
        let mut pos = Position::from_fen("3ck4/9/3a1n3/9/2PCn4/4P4/9/4C4/9/3K5 w").unwrap();
        let (pawn, horse) = (
            pos.piece_at(sq("e4")).unwrap(),
            pos.piece_at(sq("e5")).unwrap(),
        );
        let capture = Move::new(sq("e4"), sq("e5"));
        let line = Line::Direct(None, None);
        let search = &mut MateSearch::default();
        let threat = evaluate_capture(&mut pos, capture, pawn, horse, CXA, line, search);
        assert_eq!(threat.map(|t| t.gain), Some(3));
    }

    /// [`mutual_exchanges`] as first written: every like piece's attacks are looked up.
    fn plain_mutual_exchanges(other: &Position, mover: &Position) -> Vec<(Square, Square)> {
        let us = mover.turn();
        let mut out = Vec::new();
        let mut like = Bitboard::EMPTY;
        for role in [Role::Rook, Role::Horse, Role::Cannon, Role::Pawn] {
            if mover.pieces(!us, role).any() {
                like |= mover.pieces(us, role);
            }
        }
        for ours in like {
            let p = mover.piece_at(ours).unwrap();
            let reached = mover.attacks_from(ours, p, mover.occupied()) & mover.pieces(!us, p.role);
            for theirs in reached {
                if mover.keeps_king_safe(Move::new(ours, theirs))
                    && other.is_legal(Move::new(theirs, ours))
                {
                    out.push((ours, theirs));
                }
            }
        }
        out
    }

    #[test]
    fn mutual_exchanges_agree_with_looking_up_every_like_piece_pawns_or_not() {
        // The positions of the public rule cases and of random playouts, each
        // side to move (when legal).
        let mut positions: Vec<Position> = Vec::new();
        let mut add = |pos: &Position| {
            positions.push(pos.clone());
            if !pos.in_check() {
                positions.push(pos.passed());
            }
        };
        for (mut pos, moves) in crate::rules::public_case_games() {
            for mv in moves {
                add(&pos);
                pos.play_unchecked(mv);
            }
        }
        let mut random = crate::board::random_moves::RandomMoves::new(0x00C0_FFEE_0000_0042);
        for _ in 0..30 {
            let mut pos = Position::startpos();
            for _ in 0..120 {
                add(&pos);
                let Some(mv) = random.pick(&pos) else { break };
                pos.play_unchecked(mv);
            }
        }
        let mut pairs = 0;
        for pos in &positions {
            let other = pos.passed();
            let fast = mutual_exchanges(pos);
            let plain = plain_mutual_exchanges(&other, pos);
            assert_eq!(fast.as_slice(), plain, "{}", pos.fen());
            // And those of pieces other than pawns.
            let pieces: Vec<_> = plain
                .into_iter()
                .filter(|&(ours, _)| pos.piece_at(ours).is_some_and(|p| p.role != Role::Pawn))
                .collect();
            let piece_pairs = mutual_piece_exchanges(&other, pos);
            assert_eq!(piece_pairs.as_slice(), pieces, "{}", pos.fen());
            // Asked with either side to move, the quick test misses none.
            for view in [pos, &other] {
                let may = may_trade_pieces(view, pos.turn());
                assert!(may || piece_pairs.is_empty(), "{}", pos.fen());
            }
            pairs += fast.len();
        }
        assert!(
            positions.len() > 5000 && pairs > 1000,
            "{} {pairs}",
            positions.len()
        );
    }

    /// [`roots_tied_by_mate`] as plainly as it can be put: every legal
    /// recapture searched, in the order they are generated.
    fn plain_roots_tied_by_mate(
        pos: &mut Position,
        mv: Move,
        search: &mut MateSearch,
    ) -> Vec<FalseRoot> {
        let undo = pos.play_unchecked(mv);
        let mut roots = Vec::new();
        let mut tied = true;
        for back in pos.legal_captures_of(mv.to()) {
            let piece = pos.piece_at(back.from()).unwrap();
            let taken = pos.play_unchecked(back);
            tied &= search.mates_after_capture(pos);
            pos.undo(taken);
            roots.push(FalseRoot {
                square: back.from(),
                piece,
                exposed_to: Vec::new(),
                in_check: false,
                mated: true,
            });
        }
        pos.undo(undo);
        if !tied {
            roots.clear();
        }
        roots
    }

    #[test]
    fn roots_tied_by_mate_answers_as_every_recapture_searched_in_turn_would() {
        // The positions of the public rule cases and of random games, either
        // side to move: the recaptures tried in another order, some found
        // safe without a search, leave the false roots and their order as
        // they are.
        // With them, the two positions of tests/rules_clauses.rs whose
        // captures have recaptures that are all mated, one of them two.
        let mut positions: Vec<Position> = [
            "4kab2/4a4/4b4/3R5/9/P1P6/4r3P/4BA3/1cn1A4/1NBC1K3 b",
            "c2a1abn1/9/3kb1r2/7R1/p3P1C1c/2p3Pp1/P1P6/3C2N1B/N3K4/2RA1A3 w",
        ]
        .iter()
        .map(|fen| Position::from_fen(fen).unwrap())
        .collect();
        positions.extend(crate::rules::sample_positions(0x7130_0033, 10, 100));
        let (mut search, mut plain) = (MateSearch::default(), MateSearch::default());
        let (mut asked, mut several, mut tied) = (0, 0, 0);
        for pos in &mut positions {
            for mv in pos.legal_moves() {
                if !pos.us(!pos.turn()).contains(mv.to()) {
                    continue;
                }
                let expected = plain_roots_tied_by_mate(pos, mv, &mut plain);
                let undo = pos.play_unchecked(mv);
                let backs = pos.legal_captures_of(mv.to());
                let alone = !pos.attackers_to(mv.to(), pos.turn()).more_than_one();
                pos.undo(undo);
                // Told of no recapture, and of each legal one in turn.
                let told = backs.iter().map(|&back| Some(Recapture { back, alone }));
                for known in std::iter::once(None).chain(told) {
                    assert_eq!(
                        roots_tied_by_mate(pos, mv, known, &mut search),
                        expected,
                        "{} {mv:?} {known:?}",
                        pos.fen()
                    );
                }
                let backs = backs.len();
                asked += usize::from(backs > 0);
                several += usize::from(backs > 1);
                tied += usize::from(!expected.is_empty());
            }
        }
        assert!(
            asked > 2000 && several > 500 && tied > 30,
            "{asked} {several} {tied}"
        );
    }
}
