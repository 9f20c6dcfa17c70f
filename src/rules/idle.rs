//! The kinds of an idle move (闲): a sacrifice (献), an exchange offer (兑), a
//! block (拦), a follow (跟), or plain idle, told apart once the move is
//! known to be no check, mate threat or chase.

use crate::board::attacks::{
    between, cannon_attacks, cross, horse_attackers_from, horse_attacks, horse_leg, rook_attacks,
};
use crate::board::{Bitboard, Move, Piece, Position, Role, Square};

use super::Nature;
use super::exchange::{capture_gain, capture_net, value};
use super::nature::{MoveNature, Why};
use super::threats::{Pairs, Threat, may_trade_pieces, mutual_piece_exchanges};

/// The [`mutual_piece_exchanges`] (pawns aside) that are even: the
/// opponent's capture of ours wins nothing net ([`capture_net`]): nothing
/// through the exchange on the square, or no more than we then win back
/// elsewhere, as when the capture uncovers a check that we answer by taking
/// the checker. The exchange offers (兑); one that would lose the piece is a
/// sacrifice (献).
fn piece_exchanges(other: &Position, mover: &Position) -> Pairs {
    let mut pairs = mutual_piece_exchanges(other, mover);
    // Mostly none: then no position is copied to weigh them in.
    if !pairs.is_empty() {
        let mut other = other.clone();
        pairs.retain(|&mut pair| is_even(&mut other, pair));
    }
    pairs
}

/// Whether the pair (ours, theirs) trades evenly: the opponent's capture
/// of ours, in `other` (the opponent to move), wins nothing net
/// ([`capture_net`]). The question every exchange offer (兑) answers, found
/// by the move or pressed by its threats.
///
/// The opponent's capture is weighed as the mover's captures are (see
/// [`super::threats::capture_threats_across`]): we answer it with one move,
/// the recapture or whichever piece we like best elsewhere, a piece of the
/// opponent's that hung before the move too included. Taking our piece
/// spends the move that could have saved that one, so the win back is no
/// less real for having stood before.
pub(super) fn is_even(other: &mut Position, (ours, theirs): (Square, Square)) -> bool {
    let take = Move::new(theirs, ours);
    let on_square = capture_gain(other, take);
    capture_net(other, take, on_square, 0).0 <= 0
}

/// Whether the opponent could already win our piece on `ours` by taking it
/// from `theirs` in `before` (the placement before the move, the opponent
/// to move): the trade stood uneven.
fn was_given(before: &mut Position, (ours, theirs): (Square, Square)) -> bool {
    before.is_legal(Move::new(theirs, ours)) && !is_even(before, (ours, theirs))
}

/// Idle kinds: a sacrifice when the moved piece can be won, or when the
/// move offers a like pair whose trade wins the opponent material (the
/// opponent takes first); an exchange offer when the move presses one
/// (`offers`: new threats on pieces that can trade themselves for a like
/// attacker) or makes one, the trade even either way ([`is_even`]); a block
/// when it cuts an enemy piece's way to attack; a follow when it moves along
/// with the piece the opponent just moved; else idle. `after`, the
/// position after the move, is weighed in place and left as it was.
pub(super) fn idle_nature(
    before: &Position,
    after: &mut Position,
    previous: Option<Move>,
    mv: Move,
    moved: Piece,
    offers: &[Threat],
) -> MoveNature {
    let to = mv.to();
    let opponent = after.turn();
    let capturers = after.attackers_to(to, opponent);
    for a in capturers {
        let take = Move::new(a, to);
        if after.is_legal(take) && capture_gain(after, take) > 0 {
            let taker = after.piece_at(a).unwrap_or(moved);
            return MoveNature {
                nature: Nature::Sacrifice,
                targets: Vec::new(),
                attackers: vec![a],
                chases: Vec::new(),
                why: Why::Sacrifice((moved, to), (taker, a)),
            };
        }
    }
    // An offer is one only when its pair trades evenly. One whose trade
    // wins the opponent material offers our piece for it, a sacrifice, if
    // the move made it so; if it stood so before, it offers nothing new.
    // The placement before the move, the opponent to move: copied only
    // for an uneven pair or an offer made, which most idle moves have none of.
    let mut passed: Option<Position> = None;
    let mut given = None;
    let offers: Vec<&Threat> = offers
        .iter()
        .filter(|t| {
            let Some(ours) = t.exchange_with else {
                return true;
            };
            if is_even(after, (ours, t.target)) {
                return true;
            }
            let passed = passed.get_or_insert_with(|| before.passed());
            if given.is_none() && !was_given(passed, (ours, t.target)) {
                given = Some((ours, *t));
            }
            false
        })
        .collect();
    if let Some((ours, t)) = given {
        return MoveNature {
            nature: Nature::Sacrifice,
            targets: Vec::new(),
            attackers: vec![t.target],
            chases: Vec::new(),
            why: Why::Sacrifice(
                (after.piece_at(ours).unwrap_or(moved), ours),
                (t.piece, t.target),
            ),
        };
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
        // Mostly no pair may exist: the mover's view is not built then.
        if !may_trade_pieces(after, moved.color) {
            return None;
        }
        let offered = piece_exchanges(after, &after.passed());
        if offered.is_empty() {
            return None;
        }
        let passed = passed.get_or_insert_with(|| before.passed());
        let existing = piece_exchanges(passed, before);
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
    if let Some((piece, sq, cut)) = blocked_attacker(before, after, mv) {
        let ours = |q| after.piece_at(q).filter(|p| p.color == moved.color);
        let cut = cut.into_iter().map(|q| (q, ours(q))).collect();
        return MoveNature {
            nature: Nature::Block,
            targets: Vec::new(),
            attackers: vec![sq],
            chases: Vec::new(),
            why: Why::Block(moved, to, piece, sq, cut),
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
/// Returns it with the squares it is cut off from ([`cut_goals`]).
fn blocked_attacker(
    before: &Position,
    after: &Position,
    mv: Move,
) -> Option<(Piece, Square, Bitboard)> {
    // Only a rook, cannon or horse on the rank or file of the moved piece
    // can have its way cut ([`cut_goals`]): the others are not looked at.
    let them = !before.turn();
    let cutters = after.pieces(them, Role::Rook)
        | after.pieces(them, Role::Cannon)
        | after.pieces(them, Role::Horse);
    (cutters & cross(mv.to())).into_iter().find_map(|sq| {
        let piece = after.piece_at(sq)?;
        let cut = cut_goals(before, after, mv, sq);
        cut.any().then_some((piece, sq, cut))
    })
}

/// The squares the move `mv` (from `before` to `after`) cuts the enemy rook,
/// cannon or horse on `sq` off from: squares of the mover's pieces it could
/// reach before, and squares from which it would attack the mover's king.
/// Empty for other pieces and for a piece whose way the move does not cut.
fn cut_goals(before: &Position, after: &Position, mv: Move, sq: Square) -> Bitboard {
    // A square cut off has the moved piece between, on a line of the piece
    // or on its leg: on its rank or file either way.
    if !cross(sq).contains(mv.to()) {
        return Bitboard::EMPTY;
    }
    goals_lost(before, after, mv, sq)
}

/// [`cut_goals`] found by comparing the reach of the piece on `sq` before
/// and after the move, wherever it stands.
fn goals_lost(before: &Position, after: &Position, mv: Move, sq: Square) -> Bitboard {
    let us = before.turn();
    let (to, king, occ) = (mv.to(), after.king(us), after.occupied());
    let stayed = before.us(us) & after.us(us) & !Bitboard::from_square(to);
    let Some(piece) = after.piece_at(sq).filter(|p| p.color != us) else {
        return Bitboard::EMPTY;
    };
    let goals = stayed
        | match piece.role {
            Role::Rook => rook_attacks(king, occ),
            Role::Cannon => cannon_attacks(king, occ),
            Role::Horse => horse_attackers_from(king, occ),
            _ => return Bitboard::EMPTY,
        };
    // Reaching the square the moved piece left was taking it: a piece that
    // steps along the line it already blocked cuts nothing new.
    let lost = reach(piece, sq, before.occupied())
        & !reach(piece, sq, occ)
        & goals
        & !Bitboard::from_square(mv.from());
    lost.into_iter()
        .filter(|&q| {
            between(sq, q).contains(to)
                || (piece.role == Role::Horse && horse_leg(sq, q) == Some(to))
        })
        .collect()
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
    use crate::board::{Move, Position, Square};
    use crate::rules::nature::tests::nature;
    use crate::rules::nature::{classify, classify_reply};
    use crate::rules::ruling::Lang;
    use crate::rules::{Nature, RuleSet};

    #[test]
    fn blocked_attacker_agrees_with_asking_every_enemy_piece() {
        // Every legal move of the sample positions: the enemy pieces asked
        // only where a cut is possible name the same piece, and cut it off
        // from the same squares, as every enemy piece asked in turn.
        let positions = crate::rules::sample_positions(0x5EED_0044_0000_000C, 6, 80);
        let (mut moves, mut blocks) = (0, 0);
        for pos in positions.iter().filter(|p| !p.is_attacked_king(!p.turn())) {
            for mv in pos.legal_moves() {
                let mut after = pos.clone();
                after.play_unchecked(mv);
                let plain = after.us(!pos.turn()).into_iter().find_map(|sq| {
                    let piece = after.piece_at(sq)?;
                    let cut = super::cut_goals(pos, &after, mv, sq);
                    cut.any().then_some((piece, sq, cut))
                });
                let fast = super::blocked_attacker(pos, &after, mv);
                assert_eq!(fast, plain, "{} {mv}", pos.fen());
                moves += 1;
                blocks += usize::from(plain.is_some());
            }
        }
        assert!(moves > 20_000 && blocks > 500, "{moves} {blocks}");
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
    fn a_piece_that_hung_before_the_move_too_is_a_win_back_of_the_offer() {
        // The red horse steps off the a-file: the red rook a0, unprotected,
        // and the black rook a9, protected by the horse b7, face each other.
        // Rxa0 is answered by Nxh5, the black rook h5 that the horse g3
        // attacked before the move too: one reply each, the trade is even,
        // so the move offers the rooks in exchange under either rule set.
        let fen = "r2k5/9/1n7/9/7r1/N8/6N2/9/4K4/R8 w";
        for rules in [RuleSet::Cxa2020, RuleSet::Axf] {
            let n = nature(fen, "a4c3", rules);
            assert_eq!(n.nature, Nature::Exchange, "{rules:?} {n:?}");
            assert_eq!(n.targets, vec![Square::parse("a9").unwrap()]);
        }
    }

    #[test]
    fn interposing_a_protected_piece_is_a_block() {
        // The red rook a0 attacks the black elephant a7; the black cannon steps
        // between, protected by the horse b6, so offering it wins nothing.
        let n = nature("4k4/9/b8/1n7/9/8c/9/9/9/R2K5 b", "i4a4", RuleSet::Cxa2020);
        assert_eq!(n.nature, Nature::Block, "{n:?}");
        assert_eq!(n.attackers, vec![Square::parse("a0").unwrap()]);
        // The reason says what the block cuts the rook off from.
        assert_eq!(
            n.reason(Lang::Zh),
            "黑炮(a4)拦红车(a0)：挡住其攻黑象(a7)的路线"
        );
        assert_eq!(
            n.reason(Lang::En),
            "black cannon a4 blocks the way of red rook a0 to black elephant a7"
        );
    }

    #[test]
    fn a_block_of_the_way_to_check_names_the_pieces_the_square_the_move_and_the_king() {
        // The black cannon i4 could go to e4 and check the red king e0 over the
        // pawn e3; the red horse steps to g4, in its way.
        let n = nature("3k5/9/9/9/9/8c/4P4/7N1/9/4K4 w", "h2g4", RuleSet::Cxa2020);
        assert_eq!(n.nature, Nature::Block, "{n:?}");
        assert_eq!(
            n.reason(Lang::En),
            "red horse g4 blocks the way of black cannon i4 to check from e4"
        );
        assert_eq!(
            n.reason(Lang::Zh),
            "红马(g4)拦黑炮(i4)：挡住其到e4照将的路线"
        );
        // Knowing the position after the block, the Chinese names the move
        // it stops as an arbiter writes it.
        let mut after = Position::from_fen("3k5/9/9/9/9/8c/4P4/7N1/9/4K4 w").unwrap();
        after.play_unchecked(Move::parse_uci("h2g4").unwrap());
        assert_eq!(
            n.reason_after(Lang::Zh.into(), &after, RuleSet::Cxa2020, &[]),
            "红马(g4)拦黑炮(i4)：挡住其炮９平５照将的路线"
        );
        // The English names the king it would check, as other reasons name pieces.
        assert_eq!(
            n.reason_after(Lang::En.into(), &after, RuleSet::Cxa2020, &[]),
            "red horse g4 blocks the way of black cannon i4 to check red king e0 from e4"
        );
    }

    #[test]
    fn stepping_along_a_line_already_blocked_is_no_block() {
        // The red rook e4 stands between the black rook e8 and the red king:
        // stepping to e5 keeps the line shut, as it was.
        let fen = "9/3kr4/9/9/9/4R4/3N2N2/9/9/4K4 w";
        let n = nature(fen, "e4e5", RuleSet::Cxa2020);
        assert_eq!(n.nature, Nature::Idle, "{n:?}");
        // Stepping into the line from off it is a block: a cannon, protected.
        let fen = "9/3kr4/9/9/9/9/5C3/9/5N3/4K4 w";
        let n = nature(fen, "f3e3", RuleSet::Cxa2020);
        assert_eq!(n.nature, Nature::Block, "{n:?}");
    }

    #[test]
    fn the_same_step_beside_the_piece_just_moved_is_a_follow() {
        // Black's rook went h7-g7; the red cannon h2 steps to g2 with it.
        let pos = Position::from_fen("4k4/9/6r2/9/9/9/4N4/5K1C1/9/9 w").unwrap();
        let prev = Move::parse_uci("h7g7").ok();
        let mv = Move::parse_uci("h2g2").unwrap();
        let n = classify_reply(&pos, prev, mv, RuleSet::Cxa2020).unwrap();
        assert_eq!(n.nature, Nature::Follow, "{n:?}");
        assert_eq!(n.reason(Lang::En), "red cannon g2 follows black rook g7");
        // Without the previous move, or after another one, it is plain idle.
        assert_eq!(
            classify(&pos, mv, RuleSet::Cxa2020).unwrap().nature,
            Nature::Idle
        );
        let other = Move::parse_uci("e9d9").ok();
        assert_eq!(
            classify_reply(&pos, other, mv, RuleSet::Cxa2020)
                .unwrap()
                .nature,
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

    #[test]
    fn an_uncovered_like_pair_is_an_offer_only_when_the_trade_is_even() {
        // The horse a3 steps aside: the rooks a0 and a8 face each other.
        // Protected by the horse b2, the rook a0 is offered in exchange.
        for rules in [RuleSet::Cxa2020, RuleSet::Axf] {
            let n = nature("4k4/r8/9/9/9/9/N8/1N7/9/R2K5 w", "a3b5", rules);
            assert_eq!(n.nature, Nature::Exchange, "{n:?}");
            assert_eq!(
                n.reason(Lang::En),
                "offers to exchange red rook a0 for black rook a8"
            );
            // Unprotected, black takes it and wins a rook: offered for
            // nothing, a sacrifice, as the moved piece would be.
            let n = nature("4k4/r8/9/9/9/9/N8/9/9/R2K5 w", "a3b5", rules);
            assert_eq!(n.nature, Nature::Sacrifice, "{n:?}");
            assert_eq!(
                n.reason(Lang::En),
                "offers red rook a0 to black rook a8, which can take it and win material"
            );
            assert_eq!(n.reason(Lang::Zh), "献红车(a0)：黑车(a8)可吃之得子");
        }
    }

    #[test]
    fn an_offer_is_even_when_the_capture_uncovers_a_check_answered_by_taking_the_checker() {
        // The rook i1 steps between the cannons f5 and f0, which can now take
        // each other. Black's f0 takes f5 uncovering the check of its cannon
        // h0 (over the elephant g0), so the rook cannot take back, but the
        // horse i2, its leg i1 freed by the move, takes the checker: even.
        // AXF too, where the cannon f0, protected by h0, is not chased.
        let fen = "3akab2/9/4b4/9/5C3/9/9/8N/8R/4KcBc1 w";
        let n = nature(fen, "i1f1", RuleSet::Axf);
        assert_eq!(n.nature, Nature::Exchange, "{n:?}");
        assert_eq!(
            n.reason(Lang::En),
            "offers to exchange red cannon f5 for black cannon f0"
        );
        // Without the horse black wins the cannon f5: no offer.
        let n = nature("3akab2/9/4b4/9/5C3/9/9/9/8R/4KcBc1 w", "i1f1", RuleSet::Axf);
        assert_eq!(n.nature, Nature::Idle, "{n:?}");
        // The horse d2 screens the cannons, and black's f0 takes f5: the
        // horse a6, which the rook a0 could take before the move too, is won
        // back for it (taking f5 spends black's move), so the trade is even.
        let fen = "3akab2/9/4b4/n8/5C3/9/9/3N2n2/9/R3Kc3 w";
        let n = nature(fen, "d2f1", RuleSet::Axf);
        assert_eq!(n.nature, Nature::Exchange, "{n:?}");
    }

    #[test]
    fn cut_goals_agree_with_comparing_every_piece_s_reach() {
        // Every legal move in the positions of the public rule cases and of
        // random playouts, against every square of the opponent's.
        let mut positions: Vec<Position> = Vec::new();
        for (mut pos, moves) in crate::rules::public_case_games() {
            for mv in moves {
                positions.push(pos.clone());
                pos.play_unchecked(mv);
            }
        }
        let mut random = crate::board::random_moves::RandomMoves::new(0x0B10_C4ED_5EED_0001);
        for _ in 0..20 {
            let mut pos = Position::startpos();
            for _ in 0..120 {
                positions.push(pos.clone());
                let Some(mv) = random.pick(&pos) else { break };
                pos.play_unchecked(mv);
            }
        }
        let mut cut = 0;
        for before in &positions {
            for mv in before.legal_moves() {
                let mut after = before.clone();
                after.play_unchecked(mv);
                for sq in after.us(after.turn()) {
                    let fast = super::cut_goals(before, &after, mv, sq);
                    assert_eq!(
                        fast,
                        super::goals_lost(before, &after, mv, sq),
                        "{} {mv} {sq}",
                        before.fen()
                    );
                    cut += usize::from(fast.any());
                }
            }
        }
        assert!(
            positions.len() > 3000 && cut > 1000,
            "{} {cut}",
            positions.len()
        );
    }
}
