//! Grounds for people, worked out only to explain a ruling (the natures
//! themselves are decided in [`super::nature`]): what an idle move newly
//! attacks and why each attack is no chase, and why a chase's capture, when
//! it could be played before the move too, was no threat then.

use crate::board::attacks::{between, horse_leg};
use crate::board::{Bitboard, Move, Piece, Position, Role, Square};

use super::RuleSet;
use super::after_checks::{Opening, Searching, won_after_checks};
use super::exchange::{
    best_cheapest_recapture, capture_gain, capture_net, exchange_after, exchange_line,
    exchange_then_capture_line, mutual_gain, value,
};
use super::mate_search::MateSearch;
use super::nature::{Exemption, exemption};
use super::net_gain::Tally;
use super::reason::and_list;
use super::ruling::Lang;
use super::threats::{
    Across, CHECKS_BEFORE_CAPTURE, FalseRoot, Threat, ThreatKind, ThreatRules, allows_mate,
    capture_threats_across, uncovers_check, won_back_by_checks,
};
use super::voice::Voice;

/// An enemy piece of value that a move attacks when no piece of the mover
/// attacked it before, and why that attack is no chase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NewAttack {
    /// The cheapest attacker (a king or pawn only when no other piece
    /// attacks), with its square.
    pub attacker: (Square, Piece),
    /// The attacked piece, with its square.
    pub target: (Square, Piece),
    /// Why the attack is no chase.
    pub why: NoChase,
}

/// Why an attack is no chase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NoChase {
    /// CXA 26.1: a king or a pawn does not chase by itself.
    KingOrPawn,
    /// AXF rules 28 and 29: a king or a pawn may chase perpetually, so its
    /// attacks do not count towards a perpetual chase.
    KingOrPawnMayChase,
    /// These pieces can take back, and the attacker is worth as much as the target or more.
    Protected(Vec<(Square, Piece)>),
    /// CXA 29.4: the capture would let the opponent mate, at once or by checks.
    AllowsMate,
    /// The capture wins no material in the end (when none of the more
    /// precise grounds below is found).
    NoGain,
    /// The capture would leave this piece of the mover to be taken elsewhere,
    /// worth more than the capture wins (CXA 26.5 "得不偿失").
    CostsElsewhere((Square, Piece)),
    /// After the capture the opponent wins this piece back by checks (CXA 29.1).
    WonBack((Square, Piece)),
    /// The piece could be won before the move already, in this way (CXA
    /// 29.2: only a threat the move makes is a chase).
    AlreadyThreatened(ThreatKind),
    /// The piece can trade itself for this like piece of the mover: the
    /// threat is an exchange offer (兑), not a chase.
    Offered((Square, Piece)),
    /// The move offers this piece of the mover (献, unprotected or
    /// outnumbered), which the target could trade itself for, and this
    /// piece of the opponent can take it first and win material: the attack
    /// comes with a sacrifice, not a chase. Only for a move ruled a
    /// sacrifice (see [`sacrificed`]).
    Sacrificed {
        /// The piece offered, with its square.
        offered: (Square, Piece),
        /// The piece that can take it, with its square.
        taker: (Square, Piece),
    },
    /// AXF rule 24: the piece can take this like piece of the mover as
    /// well; like pieces that can take each other do not chase each other.
    LikePieces((Square, Piece)),
    /// The move is the king's, answering check: whatever it lets the mover
    /// threaten is idle (CXA 26.1.2; AXF rule 28 lets the king chase).
    KingAnsweringCheck,
    /// AXF rule 27: the move is a rook's along the line an enemy cannon confines it to.
    ConfinedRook,
    /// AXF rule 35: the moved piece joins these pieces of the mover, which
    /// attacked the target already, against a piece protected by these
    /// defenders; together they would win it, but pieces together against
    /// a protected piece make no chase.
    Joint(Vec<(Square, Piece)>, Vec<(Square, Piece)>),
}

/// The pieces of value (kings left out) that `mv`, played in `before`, lets
/// the mover capture next when no piece of the mover could capture them
/// before it, each with its cheapest attacker and why that is no chase under
/// `rules`. Meant for a move classified idle: it does not check that the
/// attacks are no threats, only says what keeps each from being one.
pub(crate) fn new_attacks(before: &Position, mv: Move, rules: RuleSet) -> Vec<NewAttack> {
    let attacked_before: Vec<Square> = before.legal_captures().iter().map(|c| c.to()).collect();
    let mut ahead = before.clone();
    ahead.play_unchecked(mv);
    let mut ahead = ahead.passed();
    // The cheapest new attacker of each target, kings and pawns last: the
    // attacker that could chase is the one to explain.
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
        let rank = |p: Piece, s: Square| (matches!(p.role, Role::King | Role::Pawn), value(p, s));
        match attacks.iter_mut().find(|a| a.0.to() == to) {
            Some(a) if rank(attacker, capture.from()) < rank(a.2, a.0.from()) => {
                *a = (capture, target, attacker)
            }
            Some(_) => {}
            None => attacks.push((capture, target, attacker)),
        }
    }
    // A move that chases nothing whatever it attacks, by a rule of its own.
    let exempt = exemption(before, mv, rules).map(|rule| match rule {
        Exemption::KingAnsweringCheck => NoChase::KingAnsweringCheck,
        Exemption::ConfinedRook => NoChase::ConfinedRook,
    });
    let joint = if exempt.is_none() && !rules.is_cxa() {
        joint_attacks(&mut ahead, mv, &attacked_before)
    } else {
        Vec::new()
    };
    let mut search = MateSearch::default();
    let mut attacks: Vec<NewAttack> = attacks
        .into_iter()
        .map(|(capture, target, attacker)| {
            let (from, to) = (capture.from(), capture.to());
            let undo = ahead.play_unchecked(capture);
            let defenders = defenders(&ahead, to);
            let why = if let Some(why) = exempt.clone() {
                why
            } else if matches!(attacker.role, Role::King | Role::Pawn) {
                if rules.is_cxa() {
                    NoChase::KingOrPawn
                } else {
                    NoChase::KingOrPawnMayChase
                }
            } else if !defenders.is_empty()
                && value(attacker, from) >= value(target, to)
                // A piece with fewer defenders than attackers (少根) counts
                // as protected only where such a piece is not chased (AXF).
                && (!ThreatRules::of(rules).outnumbered_counts
                    || exchange_after(&mut ahead, target, to).0 <= 0)
            {
                NoChase::Protected(defenders)
            } else if rules.is_cxa() && search.mates_after_capture(&mut ahead) {
                NoChase::AllowsMate
            } else {
                NoChase::NoGain
            };
            ahead.undo(undo);
            // A capture that wins, yet no chase: the piece could be won
            // before already, or it can trade itself for a like piece; or
            // one that costs what it wins.
            let why = match why {
                NoChase::NoGain => threatened_before(before, &ahead, to, rules, &mut search)
                    .or_else(|| price(&mut ahead, capture, rules, &mut search))
                    .unwrap_or(why),
                _ => why,
            };
            NewAttack {
                attacker: (from, attacker),
                target: (to, target),
                why,
            }
        })
        .collect();
    attacks.extend(joint);
    attacks
}

/// The attacks of a move ruled a sacrifice, which offers the piece on
/// `offered` to `taker`: a target that could trade itself for the offered
/// piece (an exchange offer by the attack alone) is offered that piece to
/// take, and the ground says so (see [`NoChase::Sacrificed`]).
pub(crate) fn sacrificed(
    attacks: Vec<NewAttack>,
    offered: (Square, Piece),
    taker: (Square, Piece),
) -> Vec<NewAttack> {
    attacks
        .into_iter()
        .map(|mut a| {
            if matches!(a.why, NoChase::Offered((partner, _)) if partner == offered.0) {
                a.why = NoChase::Sacrificed { offered, taker };
            }
            a
        })
        .collect()
}

/// Under AXF, the protected pieces that the piece `mv` moved (in `ahead`,
/// after the move, the mover to move again) attacks together with pieces
/// of the mover that attacked them already (`attacked_before`: the squares
/// the mover could take on before the move), when the exchange on the
/// square would win them: pieces together against a protected piece make
/// no chase (AXF rule 35), which says why the move is no chase of them; a
/// king or pawn that joins may chase anyway (AXF rules 28 and 29).
fn joint_attacks(ahead: &mut Position, mv: Move, attacked_before: &[Square]) -> Vec<NewAttack> {
    let (Some(moved), us) = (ahead.piece_at(mv.to()), ahead.turn()) else {
        return Vec::new();
    };
    let mut joint = Vec::new();
    for capture in ahead.legal_captures() {
        let to = capture.to();
        let Some(target) = ahead.piece_at(to) else {
            continue;
        };
        if capture.from() != mv.to()
            || !attacked_before.contains(&to)
            || target.role == Role::King
            || value(target, to) == 0
        {
            continue;
        }
        let others: Vec<(Square, Piece)> = ahead
            .attackers_to(to, us)
            .into_iter()
            .filter(|&s| s != mv.to())
            .filter_map(|s| Some((s, ahead.piece_at(s)?)))
            .collect();
        let undo = ahead.play_unchecked(capture);
        let defenders = defenders(ahead, to);
        let wins = exchange_after(ahead, target, to).0 > 0;
        ahead.undo(undo);
        if others.is_empty() || defenders.is_empty() || !wins {
            continue;
        }
        // A king or pawn may chase anyway; a piece cheaper than its target
        // would not need the others.
        let why = if matches!(moved.role, Role::King | Role::Pawn) {
            NoChase::KingOrPawnMayChase
        } else if value(moved, mv.to()) >= value(target, to) {
            NoChase::Joint(others, defenders)
        } else {
            continue;
        };
        joint.push(NewAttack {
            attacker: (mv.to(), moved),
            target: (to, target),
            why,
        });
    }
    joint
}

/// Why the mover's threat on the piece on `target` after the move (`ahead`,
/// the mover to move again) is no chase: it could win the piece before the
/// move already, or the piece can trade itself for a like piece (兑). None
/// when there is no such threat.
fn threatened_before(
    before: &Position,
    ahead: &Position,
    target: Square,
    rules: RuleSet,
    search: &mut MateSearch,
) -> Option<NoChase> {
    let threats = ThreatRules::of(rules);
    let on = Bitboard::from_square(target);
    let after = Across {
        other: before,
        after: true,
    };
    let now = capture_threats_across(&mut ahead.clone(), threats, on, after, search);
    let threat = now.first()?;
    let prior = Across {
        other: ahead,
        after: false,
    };
    let had = capture_threats_across(&mut before.clone(), threats, on, prior, search);
    if let Some(had) = had.first() {
        return Some(NoChase::AlreadyThreatened(had.kind));
    }
    let partner = threat.exchange_with?;
    let piece = ahead.piece_at(partner)?;
    Some(if rules.is_cxa() {
        NoChase::Offered((partner, piece))
    } else {
        NoChase::LikePieces((partner, piece))
    })
}

/// What the capture `capture` in `ahead` (the mover to move again after its
/// move) costs under the CXA's net gain, when that leaves it a loss: a
/// piece of the mover the opponent can take instead of recapturing, or one
/// it wins back by checks, worth more than the capture wins. None under AXF,
/// which weighs the capture on its square alone, and when nothing such is
/// found.
fn price(
    ahead: &mut Position,
    capture: Move,
    rules: RuleSet,
    search: &mut MateSearch,
) -> Option<NoChase> {
    let threats = ThreatRules::of(rules);
    let on_square = capture_gain(ahead, capture);
    if !threats.net_gain || on_square <= 0 {
        return None;
    }
    let (net, lost) = capture_net(ahead, capture, on_square, -1);
    if let Some(square) = lost.filter(|_| net < 0) {
        return Some(NoChase::CostsElsewhere((square, ahead.piece_at(square)?)));
    }
    won_back_price(ahead, capture, on_square, threats, search).map(NoChase::WonBack)
}

/// The piece of the side to move that the opponent wins back by checks after
/// the capture `capture` instead of recapturing, worth more than the
/// capture wins (`on_square` when the opponent recaptures), with
/// its square after the capture.
fn won_back_price(
    pos: &mut Position,
    capture: Move,
    on_square: i32,
    threats: ThreatRules,
    search: &mut MateSearch,
) -> Option<(Square, Piece)> {
    let (taker, taken) = (pos.piece_at(capture.from())?, pos.piece_at(capture.to())?);
    let back = won_back_by_checks(pos, capture, threats, search);
    // Weighed as the threat is: the capturer won back trades against the piece it took.
    let won = back.iter().find(|w| {
        if w.target == capture.to() {
            mutual_gain(taken, taker, capture.to(), w.gain) < 0
        } else {
            on_square.min(value(taken, capture.to()) - w.gain) < 0
        }
    })?;
    // Its square after the capture: the capturer's, or one the capture left alone.
    let piece = if won.target == capture.to() {
        taker
    } else {
        pos.piece_at(won.target)?
    };
    Some((won.target, piece))
}

/// The pieces of the side to move that can legally take back on `sq`, just
/// captured (or take the piece on it), with their squares.
fn defenders(pos: &Position, sq: Square) -> Vec<(Square, Piece)> {
    pos.legal_captures_of(sq)
        .into_iter()
        .filter_map(|m| Some((m.from(), pos.piece_at(m.from())?)))
        .collect()
}

/// Pieces with their squares.
pub(crate) type Pieces = Vec<(Square, Piece)>;

/// For a piece won through the exchange with more attackers than defenders
/// (少根子), what a person counts at the board ([`Outnumbering`]): the
/// pieces of the side to move in `ahead` that take on the square of `first`
/// (the threat's own capture) and the opponent's that take back, when each
/// side in turn takes with the cheapest piece that does best in the exchange
/// (the first of those that do as well), until one side has none left, with
/// those of the last side to take that could still take there legally.
/// Pieces lined up behind others (a rook behind a rook, a cannon whose
/// screen the exchange makes) count, as the exchange that rules the threat
/// counts them; each piece is marked whether it attacks the square at once
/// (false for one lined up; true for one that only the square's other
/// defenders keep from taking, such as a king beside it). The opponent's pieces that seem to protect the square
/// but could not legally take back (假根: pinned, or a king that would step
/// into check) are kept apart. None when the count shows no more attackers
/// than defenders (the exchange wins by the pieces' values then).
pub(crate) fn outnumbering(ahead: &Position, first: Move) -> Option<Outnumbering> {
    let sq = first.to();
    let mut pos = ahead.clone();
    if !pos.is_legal(first) {
        return None;
    }
    let us = pos.turn();
    // The pieces that reach the square now, whether or not taking is legal yet.
    let direct_attackers = pos.attackers_to(sq, us);
    let mut attackers = vec![(first.from(), pos.piece_at(first.from())?, true)];
    pos.play_unchecked(first);
    let direct_defenders = pos.attackers_to(sq, !us);
    let mut defenders = Vec::new();
    // As deep as the exchange that rules the threat looks.
    let mut depth: u32 = 8;
    while let Some((_, mv)) = best_cheapest_recapture(&mut pos, sq, depth) {
        depth = depth.saturating_sub(1).max(1);
        let piece = pos.piece_at(mv.from())?;
        if piece.color == us {
            let direct = direct_attackers.contains(mv.from());
            attackers.push((mv.from(), piece, direct));
        } else {
            let direct = direct_defenders.contains(mv.from());
            defenders.push((mv.from(), piece, direct));
        }
        pos.play_unchecked(mv);
    }
    // The side that took last: its other pieces that could take back on the
    // square, were it taken, count too.
    let last = !pos.turn();
    let mut false_roots = Vec::new();
    for s in pos.attackers_to(sq, last) {
        let listed = |l: &Lined| l.iter().any(|p| p.0 == s);
        if s == sq || listed(&attackers) || listed(&defenders) {
            continue;
        }
        let piece = pos.piece_at(s)?;
        let exposed_to = exposed_by_taking_back(&pos, s, sq);
        if !exposed_to.is_empty() {
            if last != us {
                false_roots.push(root(s, piece, exposed_to));
            }
            continue;
        }
        let (list, direct) = if last == us {
            (&mut attackers, &direct_attackers)
        } else {
            (&mut defenders, &direct_defenders)
        };
        list.push((s, piece, direct.contains(s)));
    }
    // The opponent's pieces that seem to protect the square but could not
    // take back when the exchange ended (our piece stands there).
    let seeming: Vec<Square> = if last == us {
        pos.attackers_to(sq, !us).into_iter().collect()
    } else {
        Vec::new()
    };
    for s in seeming {
        let piece = pos.piece_at(s)?;
        let exposed_to = exposed_by_taking_back(&pos, s, sq);
        if !exposed_to.is_empty() {
            false_roots.push(root(s, piece, exposed_to));
        }
    }
    let outnumbered = !defenders.is_empty() && attackers.len() > defenders.len();
    outnumbered.then_some(Outnumbering {
        attackers,
        defenders,
        false_roots,
    })
}

/// What [`outnumbering`] counts: the attackers, the defenders, and the
/// opponent's pieces that seem to defend but cannot take back.
pub(crate) struct Outnumbering {
    /// The pieces that take in turn, the threat's own capturer first.
    pub attackers: Lined,
    /// The opponent's pieces that take back.
    pub defenders: Lined,
    /// The opponent's pieces that seem to defend but cannot legally take
    /// back (假根).
    pub false_roots: Vec<FalseRoot>,
}

/// A false root: the piece on `square` cannot take back, the enemy pieces
/// `exposed_to` then attacking its king.
fn root(square: Square, piece: Piece, exposed_to: Vec<(Square, Piece)>) -> FalseRoot {
    FalseRoot {
        square,
        piece,
        exposed_to,
        in_check: false,
        mated: false,
    }
}

/// The enemy pieces that would attack the king of the piece on `from` in
/// `pos` if that piece took on `sq` an enemy piece (the one there, or one
/// that took the piece of its own there): none for a piece that can take
/// there legally.
fn exposed_by_taking_back(pos: &Position, from: Square, sq: Square) -> Vec<(Square, Piece)> {
    let Some(piece) = pos.piece_at(from) else {
        return Vec::new();
    };
    let color = piece.color;
    let king = if piece.role == Role::King {
        sq
    } else {
        pos.king(color)
    };
    let occupied = pos.occupied().without(from);
    let enemies = pos.us(!color).without(sq);
    pos.king_danger(king, !color, occupied, enemies)
        .into_iter()
        .filter_map(|s| Some((s, pos.piece_at(s)?)))
        .collect()
}

/// Pieces with their squares, each marked whether it takes at once (false
/// for one lined up behind another).
pub(crate) type Lined = Vec<(Square, Piece, bool)>;

/// What an even exchange that takes away a defender
/// ([`ThreatKind::RemovesDefender`]) does, as a person follows it.
pub(crate) struct Unguarded {
    /// What the exchange did that the capture after it wins, when it did
    /// not win before.
    pub freed: Freed,
    /// The piece that takes after the exchange, with its square.
    pub taker: (Square, Piece),
    /// The pieces won and given: the exchange, the capture after it and
    /// the exchange on that square.
    pub tally: Tally,
    /// The capture, the recapture, the capture after it and the exchange on
    /// that square, from the position the threat stands in.
    pub line: Vec<Move>,
}

/// Why a capture after an even exchange wins when it did not before: the
/// capture did not win then ([`super::exchange::exchange_then_capture`]
/// asks that alone), here with what made the difference.
pub(crate) enum Freed {
    /// The opponent's pieces that protected the piece then won and no
    /// longer do after the exchange (taken, drawn away or blocked), with
    /// their squares before it.
    Removed(Pieces),
    /// The capture could not be played before: this piece of the exchange
    /// (the capturer or the recapturer, with its square before it) stood in
    /// the taker's way.
    Cleared((Square, Piece)),
    /// The capture could be played before, and won nothing; no defender is
    /// found taken away (the exchange changed the exchange on its square).
    NotWinning,
    /// The capture could not be played before, for another reason (a pin,
    /// the king's exposure).
    NotLegal,
}

/// For the threat `t`, won after an even exchange that takes away a
/// defender, in `ahead` (its side to move makes the threat): the line that
/// shows the gain the ruling counts ([`exchange_then_capture_line`]: the
/// capture, the opponent's recapture that leaves least and the capture that
/// then wins most, then the exchange on that square), the defenders the
/// exchange takes away from the piece then won (one lined up behind another
/// included), and the tally of it all. None when no such line is found.
pub(crate) fn unguarded(ahead: &Position, t: &Threat) -> Option<Unguarded> {
    let (won, _) = t.won_after?;
    unguarded_by(ahead, Move::new(t.attacker, t.target), won)
}

/// [`unguarded`] for the capture `first` of the side to move in `ahead`,
/// the piece then won standing on `won`: also the capture at the end of a
/// line of checks ([`super::checks_line::ChecksLine::after`]).
pub(crate) fn unguarded_by(ahead: &Position, first: Move, won: Square) -> Option<Unguarded> {
    let mut pos = ahead.clone();
    if !pos.is_legal(first) {
        return None;
    }
    let (recapture, take) = exchange_then_capture_line(&mut pos, first)?;
    if take.to() != won {
        return None;
    }
    let them = !pos.turn();
    let guards = guards_of(&mut pos, take);
    pos.play_unchecked(first);
    pos.play_unchecked(recapture);
    let still = guards_of(&mut pos, take);
    let removed = guards
        .into_iter()
        .filter(|&s| {
            // The recapturer guards, if at all, from its new square.
            let guards = if s == recapture.from() {
                still.contains(recapture.to())
            } else {
                still.contains(s)
            };
            !guards && ahead.piece_at(s).is_some_and(|p| p.color == them)
        })
        .filter_map(|s| Some((s, ahead.piece_at(s)?)))
        .collect::<Pieces>();
    let taker = (take.from(), ahead.piece_at(take.from())?);
    let freed = if !removed.is_empty() {
        Freed::Removed(removed)
    } else if ahead.is_legal(take) {
        Freed::NotWinning
    } else {
        // The piece of the exchange whose leaving lets the taker reach.
        let reaches = |occupied: Bitboard| {
            ahead
                .attacks_from(take.from(), taker.1, occupied)
                .contains(won)
        };
        [first.from(), recapture.from()]
            .into_iter()
            .find(|&s| !reaches(ahead.occupied()) && reaches(ahead.occupied().without(s)))
            .and_then(|s| Some((s, ahead.piece_at(s)?)))
            .map_or(Freed::NotLegal, Freed::Cleared)
    };
    let mut line = vec![first, recapture, take];
    let tally = Tally::of_line(&mut ahead.clone(), &line);
    // The exchange on the square of the capture, as the tally counts it.
    pos.play_unchecked(take);
    line.extend(exchange_line(&mut pos, take.to()));
    Some(Unguarded {
        freed,
        taker,
        tally,
        line,
    })
}

/// The squares of the opponent's pieces that protect the piece the capture
/// `take` (of the side to move in `pos`) would take: those that attack its
/// square, and, when `take` can be played, those that take back in the
/// exchange it starts, each side taking with the cheapest piece that does
/// best until one has none left (so a piece lined up behind another counts).
/// The position is restored.
fn guards_of(pos: &mut Position, take: Move) -> Bitboard {
    let sq = take.to();
    let them = !pos.turn();
    let mut guards = pos.attackers_to(sq, them);
    if !pos.is_legal(take) {
        return guards;
    }
    let mut undos = vec![pos.play_unchecked(take)];
    let mut depth: u32 = 8;
    while let Some((_, mv)) = best_cheapest_recapture(pos, sq, depth) {
        depth = depth.saturating_sub(1).max(1);
        if pos.turn() == them {
            guards.set(mv.from());
        }
        undos.push(pos.play_unchecked(mv));
    }
    for undo in undos.into_iter().rev() {
        pos.undo(undo);
    }
    guards
}

/// The attacks in words, one clause each, e.g. "red rook e4 attacks black
/// horse e7, which is protected by black elephant g9" (红车(e4)攻黑马(e7)，
/// 有根：黑象(g9)); empty for no attacks.
pub(crate) fn describe(attacks: &[NewAttack], voice: Voice) -> Vec<String> {
    let (lang, name) = (voice.lang, |(s, p): (Square, Piece)| voice.piece(p, s));
    attacks
        .iter()
        .map(|a| {
            let (target, attacker) = (name(a.target), name(a.attacker));
            match (&a.why, lang) {
                (NoChase::KingOrPawn, Lang::En) => {
                    format!("{attacker} attacks {target} by itself, which is no chase (CXA 26.1)")
                }
                (NoChase::KingOrPawn, Lang::Zh) => format!("{attacker}本身捉{target}，按闲，见第26.1条"),
                (NoChase::KingOrPawnMayChase, Lang::En) => format!(
                    "{attacker} attacks {target}, but a king or pawn may chase (AXF rules 28 and 29)"
                ),
                (NoChase::KingOrPawnMayChase, Lang::Zh) => {
                    format!("{attacker}攻{target}，帅(将)、兵(卒)允许长捉，见亚规28、29条")
                }
                (NoChase::Protected(by), Lang::En) => {
                    let by: Vec<String> = by.iter().map(|&d| name(d)).collect();
                    format!(
                        "{attacker} attacks {target}, which is protected by {}",
                        and_list(&by)
                    )
                }
                (NoChase::Protected(by), Lang::Zh) => {
                    let by: Vec<String> = by.iter().map(|&d| name(d)).collect();
                    format!("{attacker}攻{target}，有根：{}", by.join("、"))
                }
                (NoChase::AllowsMate, Lang::En) => format!(
                    "{attacker} attacks {target}, but taking it would allow mate: no chase"
                ),
                (NoChase::AllowsMate, Lang::Zh) => {
                    format!("{attacker}攻{target}，吃之则被将死，不算捉")
                }
                (NoChase::NoGain, Lang::En) => format!(
                    "{attacker} attacks {target}, but taking it wins no material in the end"
                ),
                (NoChase::NoGain, Lang::Zh) => format!("{attacker}攻{target}，吃之不得子"),
                (NoChase::CostsElsewhere(lost), Lang::En) => format!(
                    "{attacker} attacks {target}, but taking it would lose {} elsewhere, \
                     more than it wins",
                    name(*lost)
                ),
                (NoChase::CostsElsewhere(lost), Lang::Zh) => {
                    format!("{attacker}攻{target}，吃之则失{}，不得子", name(*lost))
                }
                (NoChase::WonBack(lost), Lang::En) => format!(
                    "{attacker} attacks {target}, but after taking it the opponent wins {} \
                     by checks",
                    name(*lost)
                ),
                (NoChase::WonBack(lost), Lang::Zh) => {
                    format!("{attacker}攻{target}，吃之则{}被连将吃去，不得子", name(*lost))
                }
                (NoChase::AlreadyThreatened(kind), Lang::En) => format!(
                    "{attacker} attacks {target}, but {target} could be won before this move \
                     already{}, so the threat is not new",
                    if *kind == ThreatKind::AfterChecks {
                        " (by checks, then a capture)"
                    } else {
                        ""
                    }
                ),
                (NoChase::AlreadyThreatened(kind), Lang::Zh) => format!(
                    "{attacker}攻{target}，走子前已可{}得子，非新产生的捉",
                    if *kind == ThreatKind::AfterChecks {
                        "连将后"
                    } else {
                        ""
                    }
                ),
                (NoChase::Offered(partner), Lang::En) => format!(
                    "{attacker} attacks {target}, but {target} can trade itself for {}: \
                     an exchange offer, not a chase",
                    name(*partner)
                ),
                (NoChase::Offered(partner), Lang::Zh) => {
                    format!(
                        "{attacker}攻{target}，{target}可与{}兑换，是兑子，不算捉",
                        name(*partner)
                    )
                }
                (NoChase::Sacrificed { offered, taker }, Lang::En) => format!(
                    "{attacker} attacks {target}, but {} can take {} first and win material: \
                     a sacrifice, not a chase",
                    name(*taker),
                    name(*offered)
                ),
                (NoChase::Sacrificed { offered, taker }, Lang::Zh) => format!(
                    "{attacker}攻{target}，{}可先吃{}得子，是献子，不算捉",
                    name(*taker),
                    name(*offered)
                ),
                (NoChase::LikePieces(partner), Lang::En) => format!(
                    "{attacker} attacks {target}, but {target} can take {} as well: like pieces \
                     that can take each other make no chase (AXF rule 24)",
                    name(*partner)
                ),
                (NoChase::LikePieces(partner), Lang::Zh) => {
                    format!(
                        "{attacker}攻{target}，{target}亦可吃{}，同类子互可吃，不算捉，见亚规24条",
                        name(*partner)
                    )
                }
                (NoChase::KingAnsweringCheck, Lang::En) => format!(
                    "{attacker} attacks {target}, but a king's move answering check chases nothing"
                ),
                (NoChase::KingAnsweringCheck, Lang::Zh) => {
                    // The attacker is the mover's: its king is the one that answered.
                    let king = Piece::new(a.attacker.1.color, Role::King).chinese();
                    format!("{attacker}攻{target}，走{king}应将，按闲")
                }
                (NoChase::ConfinedRook, Lang::En) => format!(
                    "{attacker} attacks {target}, but the rook moves along the line an enemy \
                     cannon confines it to, which chases nothing (AXF rule 27)"
                ),
                (NoChase::Joint(others, by), Lang::En) => {
                    let others: Vec<String> = others.iter().map(|&o| name(o)).collect();
                    let by: Vec<String> = by.iter().map(|&d| name(d)).collect();
                    format!(
                        "{attacker} attacks {target} together with {}, but it is protected by \
                         {}: pieces together against a protected piece make no chase (AXF rule 35)",
                        and_list(&others),
                        and_list(&by)
                    )
                }
                (NoChase::Joint(others, by), Lang::Zh) => {
                    let others: Vec<String> = others.iter().map(|&o| name(o)).collect();
                    let by: Vec<String> = by.iter().map(|&d| name(d)).collect();
                    format!(
                        "{attacker}与{}联合攻{target}，有根：{}，多子联合捉有根子不算捉，见亚规35条",
                        others.join("、"),
                        by.join("、")
                    )
                }
                (NoChase::ConfinedRook, Lang::Zh) => {
                    format!("{attacker}攻{target}，车被炮牵制沿线移动，不算捉，见亚规27条")
                }
            }
        })
        .collect()
}

/// Why a threat of a chase was none before the move, when the same capture
/// could be played then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NotBefore {
    /// The target, unprotected now, had these defenders.
    Protected((Square, Piece), Vec<(Square, Piece)>),
    /// Taking the target lost material in the exchange on its square.
    LosingExchange((Square, Piece)),
    /// Taking the target cost this piece elsewhere, worth more than the capture won.
    Cost((Square, Piece), (Square, Piece)),
    /// After taking the target the opponent won this piece by checks (CXA 29.1).
    WonBack((Square, Piece), (Square, Piece)),
    /// The threat stood, at this price won by checks after taking the
    /// target (CXA 29.1), and the move raised its gain.
    PricedByChecks((Square, Piece), (Square, Piece)),
    /// Taking the target would have allowed mate (CXA 29.4).
    AllowedMate((Square, Piece)),
    /// A piece won by checks: the first check, by this piece, which did not
    /// move, could not be given before the move, which opened it (uncovered
    /// it, or made it legal).
    CheckOpened((Square, Piece), (Square, Piece)),
    /// A piece won by checks whose first check could be given before the
    /// move too: checks did not win it then, or won no material by it;
    /// the move let them win it (CXA 29.1).
    NotWonByChecks((Square, Piece)),
    /// The pawn's capture of the target uncovered no check, and a pawn
    /// threatens only by such a capture (CXA 26.8).
    PawnUncoveredNoCheck((Square, Piece)),
    /// The cannon could not take the target: the moved piece, with its
    /// square after the move, is its screen now.
    Screen((Square, Piece), (Square, Piece)),
    /// The attacker could not take the target: the moved piece, with its
    /// square after the move, stood in its way (on its line, or on its
    /// horse's leg).
    Uncovered((Square, Piece), (Square, Piece)),
    /// Taking the target would have left the mover's king (second) in
    /// check; the move of the third piece (with its square after the move)
    /// prevents that now, shielding the king or taking it off the line.
    KingExposed((Square, Piece), (Square, Piece), (Square, Piece)),
}

/// For the threats of a chase by `mv` played in `before`, why each was no
/// threat before the move when its capture could be played then (the moved
/// attacker from its old square). A threat already explained by its own
/// reason (an exchange that removes a defender) is left out. One won by
/// checks says why the checks did not win it before
/// ([`won_by_checks_before`]): they allowed mate then (CXA 29.4), the move
/// opened the first check, or the same first check won nothing. One
/// whose capture the move made possible is said how, when the moved piece
/// became a cannon's screen or left the attacker's way. A threat that stood before
/// at a price ([`Threat::price_before`]) is explained by its own reason,
/// unless the price was not left hanging (to be taken at once with gain) but
/// won by checks: that is said. The searches for mate use `search`, which
/// sets aside the pieces offered in exchange as the nature's searches did.
pub(crate) fn not_before(
    before: &Position,
    mv: Move,
    threats: &[Threat],
    rules: RuleSet,
    search: &mut MateSearch,
) -> Vec<NotBefore> {
    let mut pos = before.clone();
    let weigh = ThreatRules::of(rules);
    threats
        .iter()
        .filter(|t| t.kind != ThreatKind::RemovesDefender)
        .filter_map(|t| {
            if t.kind == ThreatKind::AfterChecks {
                return won_by_checks_before(&mut pos, mv, t, weigh, search);
            }
            let from = if t.attacker == mv.to() {
                mv.from()
            } else {
                t.attacker
            };
            let capture = Move::new(from, t.target);
            let target = pos.piece_at(t.target)?;
            if pos.piece_at(from) != Some(t.by) {
                return None;
            }
            if !pos.is_legal(capture) {
                return made_possible(before, mv, t, (t.target, target))
                    .or_else(|| king_exposed(&mut pos, mv, capture, (t.target, target)));
            }
            if let Some(price) = t.price_before {
                let undo = pos.play_unchecked(capture);
                // Left hanging: the opponent wins it by taking it at once.
                let takes = pos.legal_captures_of(price.square);
                let hanging = takes.into_iter().any(|c| capture_gain(&mut pos, c) > 0);
                pos.undo(undo);
                let lost = (price.square, price.piece);
                return (!hanging).then_some(NotBefore::PricedByChecks((t.target, target), lost));
            }
            if t.by.role == Role::Pawn && !uncovers_check(&mut pos, capture) {
                return Some(NotBefore::PawnUncoveredNoCheck((t.target, target)));
            }
            let undo = pos.play_unchecked(capture);
            let (on_square, _) = exchange_after(&mut pos, target, t.target);
            let defenders = defenders(&pos, t.target);
            pos.undo(undo);
            if t.kind == ThreatKind::Unprotected && !defenders.is_empty() {
                return Some(NotBefore::Protected((t.target, target), defenders));
            }
            if on_square <= 0 {
                return Some(NotBefore::LosingExchange((t.target, target)));
            }
            // A piece lost elsewhere is the ground only when it cost more than the capture
            // won: equal value still chased (26.5).
            let (net, lost) = capture_net(&mut pos, capture, on_square, -1);
            if let Some(lost) = lost.filter(|_| net < 0) {
                return Some(NotBefore::Cost(
                    (t.target, target),
                    (lost, pos.piece_at(lost)?),
                ));
            }
            if weigh.after_checks
                && let Some(won) = won_back_price(&mut pos, capture, on_square, weigh, search)
            {
                return Some(NotBefore::WonBack((t.target, target), won));
            }
            allows_mate(&mut pos, capture, weigh, search)
                .then_some(NotBefore::AllowedMate((t.target, target)))
        })
        .collect()
}

/// Why the piece of `t`, won by checks (CXA 29.1), was not won so before
/// the move `mv` (`before`, searched in place and left as it was): the
/// same checks won it but allowed mate (29.4); or the first check, by a
/// piece that stood still, could not be given; or it could, and checks did
/// not win the piece by it. None when the threat stood before at a price
/// (its reason says the move raised the gain), when the moved piece gives
/// the first check (from its new square: new as a capture it makes from
/// there), or when the piece is not found.
fn won_by_checks_before(
    before: &mut Position,
    mv: Move,
    t: &Threat,
    rules: ThreatRules,
    search: &mut MateSearch,
) -> Option<NotBefore> {
    let target = (t.target, before.piece_at(t.target)?);
    if won_by_checks_but_for_mate(before, t.target, rules, search) {
        return Some(NotBefore::AllowedMate(target));
    }
    let check = t.first_check?;
    if t.price_before.is_some() || check.from() == mv.to() {
        return None;
    }
    let given = before.is_legal(check) && before.gives_check(check);
    Some(if given {
        NotBefore::NotWonByChecks(target)
    } else {
        NotBefore::CheckOpened(target, (t.attacker, t.by))
    })
}

/// Whether the side to move in `before` could win the piece on `target` by
/// checks then a capture (CXA 29.1) but for the mate the opponent would then
/// have (29.4): why a piece won by checks after a move was no threat before
/// it, when that is why. False under rules that do not ask 29.4.
fn won_by_checks_but_for_mate(
    before: &mut Position,
    target: Square,
    rules: ThreatRules,
    search: &mut MateSearch,
) -> bool {
    let opening = Opening {
        offered: Bitboard::EMPTY,
        lone_king_or_pawn: false,
    };
    let mut wins = |rules: ThreatRules| {
        let open = Bitboard::from_square(target);
        let searching = &mut Searching::new(search);
        !won_after_checks::<i32>(
            before,
            rules,
            CHECKS_BEFORE_CAPTURE,
            0,
            open,
            opening,
            searching,
        )
        .is_empty()
    };
    let heedless = ThreatRules {
        mate_safety: false,
        ..rules
    };
    rules.mate_safety && wins(heedless) && !wins(rules)
}

/// How the move `mv`, played in `before`, let the piece that stood still
/// make the threat `t` on `target`, when its capture could not be played
/// before: it became a cannon's screen, or it left the attacker's line or
/// its horse's leg. None otherwise (the attacker moved, or the capture was
/// not possible for another reason, such as a pin).
fn made_possible(
    before: &Position,
    mv: Move,
    t: &Threat,
    target: (Square, Piece),
) -> Option<NotBefore> {
    let moved = (mv.to(), before.piece_at(mv.from())?);
    if t.attacker == mv.to() {
        return None;
    }
    let line = between(t.attacker, t.target);
    match t.by.role {
        Role::Cannon if line.contains(mv.to()) => Some(NotBefore::Screen(target, moved)),
        Role::Rook | Role::Cannon if line.contains(mv.from()) => {
            Some(NotBefore::Uncovered(target, moved))
        }
        Role::Horse if horse_leg(t.attacker, t.target) == Some(mv.from()) => {
            Some(NotBefore::Uncovered(target, moved))
        }
        _ => None,
    }
}

/// When the capture `capture` in `before` (searched in place and left as
/// it was), which the move `mv` made legal, would have left the mover's king
/// in check before it: the ground that says so. None when the capture could
/// not be played at all then.
fn king_exposed(
    before: &mut Position,
    mv: Move,
    capture: Move,
    target: (Square, Piece),
) -> Option<NotBefore> {
    let us = before.turn();
    let by = before.piece_at(capture.from())?;
    let reaches = before
        .attacks_from(capture.from(), by, before.occupied())
        .contains(capture.to());
    if !reaches {
        return None;
    }
    let moved = (mv.to(), before.piece_at(mv.from())?);
    let undo = before.play_unchecked(capture);
    let exposed = before.is_attacked_king(us);
    before.undo(undo);
    let king = before.king(us);
    exposed.then(|| NotBefore::KingExposed(target, (king, Piece::new(us, Role::King)), moved))
}

impl NotBefore {
    /// The square of the target it is about.
    pub(crate) fn target(&self) -> Square {
        match self {
            NotBefore::Protected(target, _)
            | NotBefore::LosingExchange(target)
            | NotBefore::Cost(target, _)
            | NotBefore::WonBack(target, _)
            | NotBefore::PricedByChecks(target, _)
            | NotBefore::AllowedMate(target)
            | NotBefore::CheckOpened(target, _)
            | NotBefore::NotWonByChecks(target)
            | NotBefore::PawnUncoveredNoCheck(target)
            | NotBefore::Screen(target, _)
            | NotBefore::Uncovered(target, _)
            | NotBefore::KingExposed(target, _, _) => target.0,
        }
    }

    /// In words, as a clause of the reason of the threat on its target
    /// (which the clause calls "it"), e.g. "before this move, it was
    /// protected by red cannon a1" (此着前有根：红炮(a1)).
    pub(crate) fn clause(&self, voice: Voice) -> String {
        let (lang, name) = (voice.lang, |(s, p): (Square, Piece)| voice.piece(p, s));
        match (self, lang) {
            (NotBefore::Protected(_, by), Lang::En) => {
                let by: Vec<String> = by.iter().map(|&d| name(d)).collect();
                format!("before this move, it was protected by {}", and_list(&by))
            }
            (NotBefore::Protected(_, by), Lang::Zh) => {
                let by: Vec<String> = by.iter().map(|&d| name(d)).collect();
                format!("此着前有根：{}", by.join("、"))
            }
            (NotBefore::LosingExchange(_), Lang::En) => {
                "before this move, taking it lost material in the exchange".to_string()
            }
            (NotBefore::LosingExchange(_), Lang::Zh) => "此着前吃之交换后失子".to_string(),
            (NotBefore::Cost(_, lost), Lang::En) => format!(
                "before this move, taking it cost {}, more than it won",
                name(*lost)
            ),
            (NotBefore::Cost(_, lost), Lang::Zh) => {
                format!("此着前吃之须失{}，不得子", name(*lost))
            }
            (NotBefore::KingExposed(_, king, moved), Lang::En) => format!(
                "before this move, taking it would have left {} in check, which the move of {} \
                 now prevents",
                name(*king),
                name(*moved)
            ),
            (NotBefore::KingExposed(_, king, moved), Lang::Zh) => format!(
                "此着前吃之则{}被将军，{}走动后解除",
                name(*king),
                name(*moved)
            ),
            (NotBefore::WonBack(_, lost), Lang::En) => format!(
                "before this move, taking it let the opponent win {} by checks",
                name(*lost)
            ),
            (NotBefore::WonBack(_, lost), Lang::Zh) => {
                format!("此着前吃之则{}被连将吃去", name(*lost))
            }
            (NotBefore::PricedByChecks(_, lost), Lang::En) => format!(
                "before this move, taking it let the opponent win {} by checks: the move raises \
                 the gain",
                name(*lost)
            ),
            (NotBefore::PricedByChecks(_, lost), Lang::Zh) => {
                format!("此着前吃之则{}被连将吃去，此着后所得更多", name(*lost))
            }
            (NotBefore::AllowedMate(_), Lang::En) => {
                "before this move, taking it allowed mate".to_string()
            }
            (NotBefore::AllowedMate(_), Lang::Zh) => "此着前吃之则被将死".to_string(),
            (NotBefore::CheckOpened(_, checker), Lang::En) => format!(
                "before this move, the first check, by {}, could not be given",
                name(*checker)
            ),
            (NotBefore::CheckOpened(_, checker), Lang::Zh) => {
                format!("此着前{}不能先照将", name(*checker))
            }
            (NotBefore::NotWonByChecks(_), Lang::En) => {
                "before this move, checks starting with the same check did not win it".to_string()
            }
            (NotBefore::NotWonByChecks(_), Lang::Zh) => "此着前同样照将后连将不能得之".to_string(),
            (NotBefore::PawnUncoveredNoCheck(_), Lang::En) => {
                "before this move, the pawn's capture uncovered no check".to_string()
            }
            (NotBefore::PawnUncoveredNoCheck(_), Lang::Zh) => {
                "此着前兵(卒)吃之不产生将军".to_string()
            }
            (NotBefore::Screen(_, moved), Lang::En) => {
                format!("with {} as the cannon's screen", name(*moved))
            }
            (NotBefore::Screen(_, moved), Lang::Zh) => format!("{}作炮架", name(*moved)),
            (NotBefore::Uncovered(_, moved), Lang::En) => format!("uncovered by {}", name(*moved)),
            (NotBefore::Uncovered(_, moved), Lang::Zh) => format!("{}让开", name(*moved)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::rules::Nature;
    use crate::rules::exchange::exchange_then_capture;
    use crate::rules::nature::classify;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn an_exchange_that_removes_a_defender_tallies_the_gain_the_ruling_counts() {
        // Every capture that wins through an even exchange, then a capture,
        // in the positions of the public rule cases and of random playouts:
        // the line the reason follows wins what the ruling counts.
        let mut positions = crate::rules::sample_positions(0x00D1_FFE5_E70F_0002, 60, 150);
        let mut explained = 0;
        for pos in &mut positions {
            for mv in pos.legal_captures() {
                // Only an even exchange is weighed so (CXA "得子" through it).
                if capture_gain(pos, mv) != 0 {
                    continue;
                }
                let (gain, won_after) = exchange_then_capture(pos, mv);
                let (true, Some(won), Some(piece), Some(by)) = (
                    gain > 0,
                    won_after,
                    pos.piece_at(mv.to()),
                    pos.piece_at(mv.from()),
                ) else {
                    continue;
                };
                let threat = Threat {
                    target: mv.to(),
                    piece,
                    attacker: mv.from(),
                    by,
                    kind: ThreatKind::RemovesDefender,
                    gain,
                    lost_elsewhere: None,
                    price_before: None,
                    first_check: None,
                    won_after: Some(won),
                    false_roots: Vec::new(),
                    exchange_with: None,
                };
                let u = unguarded(pos, &threat).unwrap_or_else(|| panic!("{} {mv}", pos.fen()));
                assert_eq!(u.tally.net(), gain, "{} {mv}", pos.fen());
                explained += 1;
            }
        }
        assert!(explained > 300, "{explained}");
    }

    #[test]
    fn an_exchange_that_removes_a_defender_follows_the_capture_the_exchange_makes() {
        // The black cannon i1 takes the horse d1 (over the king), the rook c1
        // takes back and no longer stands behind the pawn c4: the horse b7
        // can then take the cannon c5, and after c4xc5 the elephant a7 takes
        // the pawn, a crossed pawn won. The elephant could take the cannon
        // before the exchange already: that capture is not the one it makes,
        // though it wins more.
        let pos =
            Position::from_fen("3ak1b2/9/bn3aPr1/p8/P1C1p4/2P2c3/4P1R2/7r1/2RNK3c/2BA1ABN1 b")
                .unwrap();
        let mv = Move::parse_uci("i1d1").unwrap();
        let (gain, won_after) = exchange_then_capture(&mut pos.clone(), mv);
        assert_eq!(gain, 1);
        let threat = Threat {
            target: mv.to(),
            piece: Piece::new(Color::Red, Role::Horse),
            attacker: mv.from(),
            by: Piece::new(Color::Black, Role::Cannon),
            kind: ThreatKind::RemovesDefender,
            gain,
            lost_elsewhere: None,
            price_before: None,
            first_check: None,
            won_after,
            false_roots: Vec::new(),
            exchange_with: None,
        };
        let u = unguarded(&pos, &threat).unwrap();
        let line: Vec<String> = u.line.iter().map(ToString::to_string).collect();
        assert_eq!(line, ["i1d1", "c1d1", "b7c5", "c4c5", "a7c5"]);
        assert_eq!(u.tally.net(), 1);
        // The defender that matters: the rook c1, lined up behind the pawn c4.
        let rook = (sq("c1"), Piece::new(Color::Red, Role::Rook));
        assert!(matches!(u.freed, Freed::Removed(ref removed) if *removed == vec![rook]));
    }

    #[test]
    fn an_exchange_that_clears_the_taker_s_way_says_so_not_that_a_defender_went() {
        // The black cannon b6 takes the horse b0 over the cannon b1 and the
        // rook a0 takes back: the cannon no longer stands on the eye of the
        // elephant a7, which then takes the pawn c5. No red piece protected
        // the pawn and stopped doing so: the exchange cleared the way.
        let pos = Position::from_fen(
            "1n1a1a2r/r1C6/b3k1n1b/1cp1p1pc1/p1P5p/P3P4/4N1P1P/9/1C7/RNBAKABR1 b",
        )
        .unwrap();
        let u = unguarded_by(&pos, Move::parse_uci("b6b0").unwrap(), sq("c5")).unwrap();
        let cannon = (sq("b6"), Piece::new(Color::Black, Role::Cannon));
        assert!(matches!(u.freed, Freed::Cleared(blocker) if blocker == cannon));
        assert_eq!(
            u.taker,
            (sq("a7"), Piece::new(Color::Black, Role::Elephant))
        );
    }

    #[test]
    fn an_under_protected_piece_lists_only_the_pieces_that_can_take() {
        // The rooks a5 and d1 attack the cannon d5, which the rook d9
        // protects. The horse e3 seems to attack it too, but is pinned by
        // the rook e8 against its king; the horse f6 seems to protect it,
        // but is pinned by the cannon f0 (over the advisor f2): neither
        // takes, and the horse f6 is
        // named as a false root.
        let ahead = Position::from_fen("3r1k3/4r4/9/5n3/R2c5/9/4N4/5A3/3R5/4KC3 w").unwrap();
        let count = outnumbering(&ahead, Move::parse_uci("a5d5").unwrap()).unwrap();
        let rook = |s: &str, color| (sq(s), Piece::new(color, Role::Rook), true);
        assert_eq!(
            count.attackers,
            vec![rook("a5", Color::Red), rook("d1", Color::Red)]
        );
        assert_eq!(count.defenders, vec![rook("d9", Color::Black)]);
        let roots: Vec<(Square, Vec<Square>)> = count
            .false_roots
            .iter()
            .map(|r| (r.square, r.exposed_to.iter().map(|e| e.0).collect()))
            .collect();
        assert_eq!(roots, vec![(sq("f6"), vec![sq("f0")])]);
    }

    /// `fen` mirrored left to right.
    fn mirrored(fen: &str) -> String {
        let (board, rest) = fen.split_once(' ').unwrap();
        let ranks: Vec<String> = board
            .split('/')
            .map(|rank| {
                let mut squares = String::new();
                for c in rank.chars() {
                    match c.to_digit(10) {
                        Some(n) => squares.extend(std::iter::repeat_n('1', n as usize)),
                        None => squares.push(c),
                    }
                }
                squares.chars().rev().collect()
            })
            .collect();
        format!("{} {rest}", ranks.join("/"))
    }

    #[test]
    fn an_under_protected_piece_is_counted_alike_on_the_mirrored_board() {
        // Every capture in the positions of the public rule cases and of
        // random playouts: of equally cheap pieces, the one that does best
        // takes, so the count does not follow the order of the board.
        let positions = crate::rules::sample_positions(0x00C0_17ED_A11C_0003, 40, 150);
        let flip = |s: Square| Square::parse(&mirrored_square(&s.to_string())).unwrap();
        let mut counted = 0;
        for pos in &positions {
            // A position passed while in check is no legal position to mirror.
            let Ok(other) = Position::from_fen(&mirrored(&pos.fen())) else {
                continue;
            };
            for mv in pos.legal_captures() {
                let there = Move::new(flip(mv.from()), flip(mv.to()));
                let here = outnumbering(pos, mv);
                let there = outnumbering(&other, there);
                let squares = |c: &Option<Outnumbering>| {
                    c.as_ref().map(|c| {
                        // The same pieces (listed in the order of the board, after those that take).
                        let of = |l: &Lined| {
                            let mut pieces: Vec<_> = l.iter().map(|p| (p.0, p.2)).collect();
                            pieces.sort();
                            pieces
                        };
                        (of(&c.attackers), of(&c.defenders))
                    })
                };
                let mirrored_here = squares(&here).map(|(a, d)| {
                    let back = |l: Vec<(Square, bool)>| {
                        let mut l: Vec<_> = l.into_iter().map(|(s, d)| (flip(s), d)).collect();
                        l.sort();
                        l
                    };
                    (back(a), back(d))
                });
                assert_eq!(mirrored_here, squares(&there), "{} {mv}", pos.fen());
                counted += usize::from(here.is_some());
            }
        }
        assert!(counted > 50, "{counted}");
    }

    /// A square's name mirrored left to right: a5 is i5.
    fn mirrored_square(name: &str) -> String {
        let file = name.as_bytes()[0];
        format!("{}{}", char::from(b'a' + b'i' - file), &name[1..])
    }

    #[test]
    fn an_under_protected_piece_is_not_called_protected_where_that_would_chase() {
        // The rook a3 steps to a2 and attacks the cannon d2, which the rook d5
        // protects; the king e2 attacks it too, so the exchange wins the
        // cannon. Taking it lets ...Re5 mate (the king cannot step to f2,
        // facing the black king): that, not the rook d5, is why it is no
        // chase under CXA; under AXF the under-protected piece is protected.
        let before = Position::from_fen("5k3/9/9/9/3r5/9/R8/3cK4/9/9 w").unwrap();
        let mv = Move::parse_uci("a3a2").unwrap();
        let cxa = new_attacks(&before, mv, RuleSet::Cxa2020);
        assert_eq!(cxa.len(), 1, "{cxa:?}");
        assert_eq!(cxa[0].why, NoChase::AllowsMate);
        let axf = new_attacks(&before, mv, RuleSet::Axf);
        assert_eq!(
            axf[0].why,
            NoChase::Protected(vec![(sq("d5"), Piece::new(Color::Black, Role::Rook))])
        );
        assert_eq!(
            classify(&before, mv, RuleSet::Cxa2020).unwrap().nature,
            Nature::Idle
        );
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
            describe(&attacks, Lang::En.into()),
            vec!["red rook e4 attacks black horse e7, which is protected by black elephant g9"]
        );
        assert_eq!(
            describe(&attacks, Lang::Zh.into()),
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
        // AXF lets pawns chase (rule 29): the attack counts for nothing either.
        let axf = new_attacks(&before, step, RuleSet::Axf);
        assert_eq!(axf[0].why, NoChase::KingOrPawnMayChase);
        assert_eq!(
            describe(&axf, Lang::En.into()),
            vec![
                "red pawn e6 attacks black horse e7, but a king or pawn may chase (AXF rules 28 and 29)"
            ]
        );
    }

    #[test]
    fn a_piece_that_could_be_won_by_checks_before_is_not_chased_by_a_new_attack() {
        // The red rook g2 goes to c2 and attacks the unprotected black cannon
        // c6. From g2 it could win the cannon already, after checking on the
        // f file (CXA 29.1), so the threat is not new; under AXF, which knows
        // no such win, it is a chase.
        let before = Position::from_fen("5k3/9/9/2c6/9/9/9/6R2/4K4/6r2 w").unwrap();
        let mv = Move::parse_uci("g2c2").unwrap();
        let attacks = new_attacks(&before, mv, RuleSet::Cxa2020);
        assert_eq!(attacks.len(), 1, "{attacks:?}");
        assert_eq!(
            attacks[0].why,
            NoChase::AlreadyThreatened(ThreatKind::AfterChecks)
        );
        assert_eq!(
            describe(&attacks, Lang::En.into()),
            vec![
                "red rook c2 attacks black cannon c6, but black cannon c6 could be won before \
                 this move already (by checks, then a capture), so the threat is not new"
            ]
        );
        assert_eq!(
            describe(&attacks, Lang::Zh.into()),
            vec!["红车(c2)攻黑炮(c6)，走子前已可连将后得子，非新产生的捉"]
        );
        let nature = super::super::nature::classify(&before, mv, RuleSet::Axf).unwrap();
        assert_eq!(nature.nature, super::super::Nature::Chase);
    }

    #[test]
    fn a_capture_that_costs_as_much_as_it_wins_names_the_price() {
        // The red rook a2 goes to a5 and attacks the unprotected black horse
        // c5, but leaves the rook f2, which the cannon f7 attacks over the
        // pawn f5: taking the horse would lose that rook.
        let left = Position::from_fen("4k4/4a4/5c3/9/2n2P3/9/9/R4R3/9/3K5 w").unwrap();
        let attacks = new_attacks(&left, Move::parse_uci("a2a5").unwrap(), RuleSet::Cxa2020);
        assert_eq!(attacks.len(), 1, "{attacks:?}");
        let rook = (sq("f2"), Piece::new(Color::Red, Role::Rook));
        assert_eq!(attacks[0].why, NoChase::CostsElsewhere(rook));
        assert_eq!(
            describe(&attacks, Lang::En.into()),
            vec![
                "red rook a5 attacks black horse c5, but taking it would lose red rook f2 \
                 elsewhere, more than it wins"
            ]
        );
        // The red rook a5 goes to a3 and attacks the unprotected black cannon
        // d3; after taking it, the horse g4 checks from f2 and takes the rook.
        let forked = Position::from_fen("4k4/4a4/9/9/R8/6n2/3c5/9/9/4K4 w").unwrap();
        let attacks = new_attacks(&forked, Move::parse_uci("a5a3").unwrap(), RuleSet::Cxa2020);
        assert_eq!(attacks.len(), 1, "{attacks:?}");
        let taker = (sq("d3"), Piece::new(Color::Red, Role::Rook));
        assert_eq!(attacks[0].why, NoChase::WonBack(taker));
        assert_eq!(
            describe(&attacks, Lang::Zh.into()),
            vec!["红车(a3)攻黑炮(d3)，吃之则红车(d3)被连将吃去，不得子"]
        );
    }

    #[test]
    fn a_piece_that_can_trade_itself_for_its_attacker_is_offered_not_chased() {
        // The red rook a0 goes to b0, where the horse c2 protects it, and
        // faces the unprotected black rook b9, which can trade itself for it:
        // an exchange offer (兑) under both rule sets.
        let before = Position::from_fen("1r3k3/9/9/9/9/9/9/2N6/9/R2K5 w").unwrap();
        let mv = Move::parse_uci("a0b0").unwrap();
        let partner = (sq("b0"), Piece::new(Color::Red, Role::Rook));
        for rules in [RuleSet::Cxa2020, RuleSet::Axf] {
            let nature = super::super::nature::classify(&before, mv, rules).unwrap();
            assert_eq!(nature.nature, super::super::Nature::Exchange, "{rules}");
        }
        let attacks = new_attacks(&before, mv, RuleSet::Cxa2020);
        assert_eq!(attacks.len(), 1, "{attacks:?}");
        assert_eq!(attacks[0].why, NoChase::Offered(partner));
        assert_eq!(
            describe(&attacks, Lang::En.into()),
            vec![
                "red rook b0 attacks black rook b9, but black rook b9 can trade itself for \
                 red rook b0: an exchange offer, not a chase"
            ]
        );
        // In Chinese too: no chase, whatever the move's own nature (兑 here, 献 elsewhere).
        assert_eq!(
            describe(&attacks, Lang::Zh.into()),
            vec!["红车(b0)攻黑车(b9)，黑车(b9)可与红车(b0)兑换，是兑子，不算捉"]
        );
    }

    #[test]
    fn like_pieces_that_can_take_each_other_are_no_chase_by_axf_rule_24() {
        // AXF rule 24 names the ground, which holds for an exchange offer
        // (the rook b0, protected by the horse c2) and for an offer of an
        // unprotected piece alike (the cannon a2, Fairy-Stockfish's AXF
        // suite, case 19): both can take, so neither chases.
        for (fen, mv, partner, en, zh) in [
            (
                "1r3k3/9/9/9/9/9/9/2N6/9/R2K5 w",
                "a0b0",
                (sq("b0"), Piece::new(Color::Red, Role::Rook)),
                "red rook b0 attacks black rook b9, but black rook b9 can take red rook b0 as \
                 well: like pieces that can take each other make no chase (AXF rule 24)",
                "红车(b0)攻黑车(b9)，黑车(b9)亦可吃红车(b0)，同类子互可吃，不算捉，见亚规24条",
            ),
            (
                "5k3/9/9/c8/9/P1P6/9/2C6/9/3K5 w",
                "c2a2",
                (sq("a2"), Piece::new(Color::Red, Role::Cannon)),
                "red cannon a2 attacks black cannon a6, but black cannon a6 can take red cannon \
                 a2 as well: like pieces that can take each other make no chase (AXF rule 24)",
                "红炮(a2)攻黑炮(a6)，黑炮(a6)亦可吃红炮(a2)，同类子互可吃，不算捉，见亚规24条",
            ),
        ] {
            let attacks = new_attacks(
                &Position::from_fen(fen).unwrap(),
                Move::parse_uci(mv).unwrap(),
                RuleSet::Axf,
            );
            assert_eq!(attacks.len(), 1, "{attacks:?}");
            assert_eq!(attacks[0].why, NoChase::LikePieces(partner));
            assert_eq!(describe(&attacks, Lang::En.into()), vec![en]);
            assert_eq!(describe(&attacks, Lang::Zh.into()), vec![zh]);
        }
    }

    #[test]
    fn what_a_king_answering_check_lets_attack_is_no_chase_by_that_rule() {
        // The black cannon d7 checks over the pawn d4; the red king steps to
        // e1 and uncovers the rook d0 onto the unprotected pawn.
        let before = Position::from_fen("5k3/9/3c5/9/9/3p5/9/9/3K5/3R5 w").unwrap();
        for rules in [RuleSet::Cxa2020, RuleSet::Axf] {
            let attacks = new_attacks(&before, Move::parse_uci("d1e1").unwrap(), rules);
            assert_eq!(attacks.len(), 1, "{rules}: {attacks:?}");
            assert_eq!(attacks[0].why, NoChase::KingAnsweringCheck, "{rules}");
            assert_eq!(
                describe(&attacks, Lang::En.into()),
                vec![
                    "red rook d0 attacks black pawn d4, but a king's move answering check chases nothing"
                ]
            );
            // The Chinese names the king that moved: 帅 for Red, 将 for Black.
            assert_eq!(
                describe(&attacks, Lang::Zh.into()),
                vec!["红车(d0)攻黑卒(d4)，走帅应将，按闲"]
            );
        }
        let mirrored = Position::from_fen("3r5/3k5/9/9/3P5/9/9/3C5/9/5K3 b").unwrap();
        let attacks = new_attacks(
            &mirrored,
            Move::parse_uci("d8e8").unwrap(),
            RuleSet::Cxa2020,
        );
        assert_eq!(
            describe(&attacks, Lang::Zh.into()),
            vec!["黑车(d9)攻红兵(d5)，走将应将，按闲"]
        );
    }

    #[test]
    fn what_a_confined_rook_attacks_along_its_line_is_no_chase_under_axf() {
        // AXF rule 27: the black cannon e8, the red rook e4 and the pawn e3
        // stand on the king's file; the rook's step to e5 frees the horse f4
        // onto the unprotected black horse d5.
        let before = Position::from_fen("3k5/4c4/9/9/3n5/4RN3/4P4/9/9/4K4 w").unwrap();
        let attacks = new_attacks(&before, Move::parse_uci("e4e5").unwrap(), RuleSet::Axf);
        assert_eq!(attacks.len(), 1, "{attacks:?}");
        assert_eq!(attacks[0].why, NoChase::ConfinedRook);
        assert_eq!(
            describe(&attacks, Lang::Zh.into()),
            vec!["红马(f4)攻黑马(d5)，车被炮牵制沿线移动，不算捉，见亚规27条"]
        );
    }

    #[test]
    fn a_piece_joining_an_attack_on_a_protected_piece_is_no_chase_under_axf() {
        // AXF rule 35 (CXA 2020 diagram 23, a joint chase there): the red
        // rook c1 steps to c2 and joins the rook b0 against the black cannon
        // b2, which the rook b3 protects. Two rooks would win it, but pieces
        // together against a protected piece make no chase.
        let before = Position::from_fen("2bakr3/4a4/4b4/9/9/9/1r7/1c3A2B/2R1A2N1/1R3K3 w").unwrap();
        let attacks = new_attacks(&before, Move::parse_uci("c1c2").unwrap(), RuleSet::Axf);
        let rook = |s: &str, color| (sq(s), Piece::new(color, Role::Rook));
        assert_eq!(
            attacks,
            vec![NewAttack {
                attacker: rook("c2", Color::Red),
                target: (sq("b2"), Piece::new(Color::Black, Role::Cannon)),
                why: NoChase::Joint(vec![rook("b0", Color::Red)], vec![rook("b3", Color::Black)]),
            }]
        );
        assert_eq!(
            describe(&attacks, Lang::En.into()),
            vec![
                "red rook c2 attacks black cannon b2 together with red rook b0, but it is \
                 protected by black rook b3: pieces together against a protected piece make no \
                 chase (AXF rule 35)"
            ]
        );
        assert_eq!(
            describe(&attacks, Lang::Zh.into()),
            vec![
                "红车(c2)与红车(b0)联合攻黑炮(b2)，有根：黑车(b3)，多子联合捉有根子不算捉，见亚规35条"
            ]
        );
        // Under CXA the joint attack is a chase (少根子), not explained here.
        assert!(
            new_attacks(&before, Move::parse_uci("c1c2").unwrap(), RuleSet::Cxa2020).is_empty()
        );
        // A pawn that joins a rook against a protected horse may chase by
        // itself, and wins the horse for a pawn alone: rules 28 and 29 say why.
        let before = Position::from_fen("2r1kr3/9/9/2nP1n3/9/9/9/9/2R2R3/3K5 w").unwrap();
        let attacks = new_attacks(&before, Move::parse_uci("d6e6").unwrap(), RuleSet::Axf);
        assert_eq!(attacks.len(), 1, "{attacks:?}");
        assert_eq!(attacks[0].why, NoChase::KingOrPawnMayChase);
        assert_eq!(attacks[0].target.0, sq("f6"));
    }

    /// The grounds of the chase `mv` makes in `fen` under CXA 2020.
    fn chase_grounds(fen: &str, mv: &str) -> Vec<NotBefore> {
        let before = Position::from_fen(fen).unwrap();
        let mv = Move::parse_uci(mv).unwrap();
        let nature = classify(&before, mv, RuleSet::Cxa2020).unwrap();
        assert_eq!(nature.nature, Nature::Chase, "{nature:?}");
        not_before(
            &before,
            mv,
            &nature.chases,
            RuleSet::Cxa2020,
            &mut MateSearch::default(),
        )
    }

    #[test]
    fn a_piece_won_by_checks_says_the_same_checks_allowed_mate_before() {
        // A random game's cycle: the red elephant e2 steps back to g0 and
        // frees e2 for its king, out of Black's mate by 车９平４ (i8d8). The rook
        // i1 wins the advisor f9 by 车一平四 (i1f1+), 将６平５, 车四进八 now; before
        // the move the same checks won it, and Black then mated (29.4).
        let fen = "r2a1a3/8r/b1n2k1Cn/2p1p1p1p/p5b1c/6P2/P1P1P1C1P/2NKB3B/3c4R/3A1A1N1 w";
        let grounds = chase_grounds(fen, "e2g0");
        let advisor = (sq("f9"), Piece::new(Color::Black, Role::Advisor));
        assert!(
            grounds.contains(&NotBefore::AllowedMate(advisor)),
            "{grounds:?}"
        );
    }

    #[test]
    fn a_piece_won_by_checks_says_the_move_opened_its_first_check_or_let_that_check_win_it() {
        // The rook a1 steps behind the horse e4: the horse's step to g5 now
        // checks, and it then takes the horse h7. Before, that step was no check.
        let grounds = chase_grounds("4k4/9/7n1/9/9/4N4/9/9/R8/3K5 w", "a1e1");
        let horse = (sq("h7"), Piece::new(Color::Black, Role::Horse));
        let checker = (sq("e4"), Piece::new(Color::Red, Role::Horse));
        assert_eq!(grounds, vec![NotBefore::CheckOpened(horse, checker)]);
        assert_eq!(
            grounds[0].clause(Lang::En.into()),
            "before this move, the first check, by red horse e4, could not be given"
        );
        assert_eq!(
            grounds[0].clause(Lang::Zh.into()),
            "此着前红马(e4)不能先照将"
        );
        // The cannon g9 leaves the rank: after Ra9+ Ke8 the rook takes the
        // horse i9. Before, the same check was there, but the cannon stood
        // in the rook's way.
        let grounds = chase_grounds("4k1C1n/9/9/9/9/9/9/9/9/R2K5 w", "g9g5");
        let horse = (sq("i9"), Piece::new(Color::Black, Role::Horse));
        assert_eq!(grounds, vec![NotBefore::NotWonByChecks(horse)]);
        assert_eq!(
            grounds[0].clause(Lang::En.into()),
            "before this move, checks starting with the same check did not win it"
        );
        assert_eq!(
            grounds[0].clause(Lang::Zh.into()),
            "此着前同样照将后连将不能得之"
        );
    }

    #[test]
    fn a_chase_names_the_defender_its_move_cut_off() {
        // The black horse f2 steps into the h-file: the red rook h0 no
        // longer protects the horse h5, which the black rook g5 attacks.
        let grounds = chase_grounds("4k4/9/9/9/6rN1/9/9/5n3/9/3K3R1 b", "f2h3");
        let horse = (sq("h5"), Piece::new(Color::Red, Role::Horse));
        let rook = (sq("h0"), Piece::new(Color::Red, Role::Rook));
        assert_eq!(grounds, vec![NotBefore::Protected(horse, vec![rook])]);
        assert_eq!(
            grounds[0].clause(Lang::En.into()),
            "before this move, it was protected by red rook h0"
        );
    }

    #[test]
    fn a_chase_names_what_taking_cost_before_or_the_losing_exchange() {
        // The horse e2 steps away from the black rook i2: taking the crossed
        // pawn a3 no longer costs it. (A capture that won something before at
        // a price is explained by the threat's own reason instead.)
        let grounds = chase_grounds("4k4/9/9/9/9/R8/p8/4N3r/4A4/3K5 w", "e2c3");
        let target = (sq("a3"), Piece::new(Color::Black, Role::Pawn));
        let lost = (sq("e2"), Piece::new(Color::Red, Role::Horse));
        assert_eq!(grounds, vec![NotBefore::Cost(target, lost)]);
        assert_eq!(
            grounds[0].clause(Lang::Zh.into()),
            "此着前吃之须失红马(e2)，不得子"
        );
        assert_eq!(
            grounds[0].clause(Lang::En.into()),
            "before this move, taking it cost red horse e2, more than it won"
        );
        // The rook c1 comes to c2 and joins the attack on the cannon b2: with
        // one attacker the exchange lost material (CXA 2020, diagram 23).
        let fen = "2bakr3/4a4/4b4/9/9/9/1r7/1c3A2B/2R1A2N1/1R3K3 w";
        let cannon = (sq("b2"), Piece::new(Color::Black, Role::Cannon));
        assert_eq!(
            chase_grounds(fen, "c1c2"),
            vec![NotBefore::LosingExchange(cannon)]
        );
    }

    #[test]
    fn a_chase_names_no_price_worth_less_than_the_capture_won() {
        // CXA 2020, diagram 10, ply 3: the horse d4 steps back to c2 and the
        // elephant e2's capture of the rook c4 becomes a chase. Before, that
        // capture let the cannon c7 take the elephant c0 through the elephant
        // on c4, which is mate; an elephant for a rook was no price.
        let fen = "2b1ka3/4a4/n1c1b1n2/p3p3p/6p2/2rN1N1R1/P3P3P/4B2C1/4A4/2BAK4 w";
        let rook = (sq("c4"), Piece::new(Color::Black, Role::Rook));
        assert_eq!(
            chase_grounds(fen, "d4c2"),
            vec![NotBefore::AllowedMate(rook)]
        );
    }

    #[test]
    fn a_chase_names_the_screen_the_move_gives_or_the_way_it_opens() {
        // CXA 2020 diagram 2: the horse h6 steps to i4, the screen of the
        // red cannon i2 against the black rook i9.
        let fen = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w";
        let rook = (sq("i9"), Piece::new(Color::Black, Role::Rook));
        let horse = (sq("i4"), Piece::new(Color::Red, Role::Horse));
        let grounds = chase_grounds(fen, "h6i4");
        assert_eq!(grounds, vec![NotBefore::Screen(rook, horse)]);
        assert_eq!(
            grounds[0].clause(Lang::En.into()),
            "with red horse i4 as the cannon's screen"
        );
        assert_eq!(grounds[0].clause(Lang::Zh.into()), "红马(i4)作炮架");
        // CXA 2020 diagram 15: the king d1 steps aside and frees the leg of
        // the horse d2 against the black pawn e0.
        let fen = "3a2b1r/4ak3/8b/9/9/9/9/B2NN3B/3K5/4p4 w";
        let pawn = (sq("e0"), Piece::new(Color::Black, Role::Pawn));
        let king = (sq("e1"), Piece::new(Color::Red, Role::King));
        let grounds = chase_grounds(fen, "d1e1");
        assert_eq!(grounds, vec![NotBefore::Uncovered(pawn, king)]);
        assert_eq!(
            grounds[0].clause(Lang::En.into()),
            "uncovered by red king e1"
        );
        assert_eq!(grounds[0].clause(Lang::Zh.into()), "红帅(e1)让开");
    }

    #[test]
    fn a_chase_names_a_mate_or_a_win_back_by_checks_that_stopped_it_before() {
        // Positions of the corpus master games. The black king steps from e9 to
        // f9; before, taking the red cannon h0 with the rook h7 allowed mate.
        let fen = "2bak4/4a4/4b2r1/9/6R2/4C3p/4P1c2/2N1B1r2/4A4/2B1KA1C1 b";
        let cannon = (sq("h0"), Piece::new(Color::Red, Role::Cannon));
        let grounds = chase_grounds(fen, "e9f9");
        assert!(
            grounds.contains(&NotBefore::AllowedMate(cannon)),
            "{grounds:?}"
        );
        assert_eq!(
            NotBefore::AllowedMate(cannon).clause(Lang::En.into()),
            "before this move, taking it allowed mate"
        );
        // The red king steps from e1 to f1; before, after the horse c6 took
        // the elephant e7, Black won the rook b5 back by checks.
        let fen = "3ak4/4a4/4b4/2N6/PR6p/r8/4P4/4B4/4K1n2/3A1AB2 w";
        let elephant = (sq("e7"), Piece::new(Color::Black, Role::Elephant));
        let rook = (sq("b5"), Piece::new(Color::Red, Role::Rook));
        assert_eq!(
            chase_grounds(fen, "e1f1"),
            vec![NotBefore::WonBack(elephant, rook)]
        );
        assert_eq!(
            NotBefore::WonBack(elephant, rook).clause(Lang::Zh.into()),
            "此着前吃之则红车(b5)被连将吃去"
        );
    }
}
