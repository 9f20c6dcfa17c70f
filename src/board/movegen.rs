//! Legal move generation.
//!
//! Moves are generated per piece as target sets and filtered for legality
//! with pins computed once per position: a rook or facing king with one piece
//! in between pins it; a cannon with two pieces in between pins both (either
//! one leaving uncovers a check); a cannon with nothing in between makes every
//! square in between forbidden (a piece moving there would become its screen);
//! a horse whose leg is occupied pins the leg. Pieces outside these sets move
//! freely; king moves, pinned pieces and every move while in check are tested
//! on the resulting occupancy. In check, other pieces are first narrowed to the
//! moves that can answer the checker (capture, block, leg, screen leaving).

use arrayvec::ArrayVec;

use super::attacks::{
    advisor_attacks, between, cannon_attacks, check_answers, cross, elephant_attacks,
    elephant_reach, horse_attackers_from, horse_attacks, horse_leg, horse_leg_blockers,
    horse_legs_around, horse_reach, horse_reach_twice, king_attacks, line, may_give_check,
    pawn_attackers_from, pawn_attackers_from_twice, pawn_attacks, reachable,
    rook_and_cannon_attacks, rook_attacks, unblocked_reach,
};
use super::{Bitboard, Move, MoveList, Position, Role, Square};

/// Receives legal moves as (origin, target set) pairs.
trait Sink {
    /// Whether one legal move is all the sink needs: generation then tries the
    /// king first (the likeliest mover in check) and stops at the first move.
    const FIRST_ONLY: bool = false;

    fn add(&mut self, from: Square, targets: Bitboard);

    /// Whether the sink has what it needs (checked only when `FIRST_ONLY`).
    fn satisfied(&self) -> bool {
        false
    }
}

/// Keeps the first legal move it receives.
struct FirstMove(Option<Move>);

impl Sink for FirstMove {
    const FIRST_ONLY: bool = true;

    #[inline(always)]
    fn add(&mut self, from: Square, targets: Bitboard) {
        if self.0.is_none() {
            self.0 = targets.first().map(|to| Move::new(from, to));
        }
    }

    fn satisfied(&self) -> bool {
        self.0.is_some()
    }
}

impl Sink for MoveList {
    #[inline(always)]
    fn add(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::new(from, to));
        }
    }
}

/// Counts moves without listing them.
struct Counter(u64);

impl Sink for Counter {
    #[inline(always)]
    fn add(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }
}

/// Squares whose pieces may not leave freely, and squares no piece may enter.
struct Pins {
    blockers: Bitboard,
    forbidden: Bitboard,
}

impl Position {
    /// All legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// [`Position::legal_moves`] written into `list`, which must be empty:
    /// a list in the caller's frame is not copied on return.
    pub(crate) fn legal_moves_into(&self, list: &mut MoveList) {
        debug_assert!(list.is_empty());
        self.generate(list, None);
    }

    /// The legal moves of the side to move that give check (the moves of
    /// [`Position::legal_moves`] for which [`Position::gives_check`] holds, in
    /// the same order), in a position where the opponent is not in check, as
    /// in every legal position.
    pub fn checking_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.checking_moves_into(&mut list);
        list
    }

    /// [`Position::checking_moves`] written into `list`, which must be empty.
    pub(crate) fn checking_moves_into(&self, list: &mut MoveList) {
        debug_assert!(list.is_empty());
        let us = self.turn();
        let king = self.king(!us);
        let occ = self.occupied();
        let ours = self.us(us);
        // Most positions have no piece of the mover's that uncovers a line or
        // leg on leaving, nor a cannon facing the king: every move then checks
        // by reaching a square that attacks the king, and the pieces are
        // asked in the order of the legal moves with nothing else to track.
        let lines = cross(king);
        let legs = horse_leg_blockers(king, occ, self.pieces(us, Role::Horse)) & ours;
        let mut plain = legs.is_empty();
        for rook in self.pieces(us, Role::Rook) & lines {
            plain &= !(between(rook, king) & occ)
                .single()
                .is_some_and(|blocker| ours.contains(blocker));
        }
        for cannon in self.pieces(us, Role::Cannon) & lines {
            let gap = between(cannon, king) & occ;
            plain &= match gap.count_to_three() {
                0 => false,
                2 => (gap & ours).is_empty(),
                _ => true,
            };
        }
        if !plain {
            self.checking_moves_on_lines(list);
            return;
        }
        let direct = self.direct_checks(king, occ);
        let movers = self.pieces(us, Role::Rook)
            | self.pieces(us, Role::Cannon)
            | self.pieces(us, Role::Horse) & horse_reach_twice(king)
            | self.pieces(us, Role::Pawn) & pawn_attackers_from_twice(us, king);
        for from in movers {
            self.reaching_checks(from, king, &direct, list);
        }
    }

    /// For each role, the squares from which a piece of the side to move
    /// would attack the other king (`king`) with occupancy `occ`: none for
    /// kings, advisors and elephants, for rooks or cannons when it has none
    /// (only a piece of the role reads its squares), and for horses when
    /// none is within two leaps (a horse beyond reaches none of those squares).
    #[inline(always)]
    fn direct_checks(&self, king: Square, occ: Bitboard) -> [Bitboard; 7] {
        let us = self.turn();
        let mut direct = [Bitboard::EMPTY; 7];
        let rooks = self.pieces(us, Role::Rook).any();
        let cannons = self.pieces(us, Role::Cannon).any();
        (direct[Role::Rook.index()], direct[Role::Cannon.index()]) = match (rooks, cannons) {
            (true, true) => rook_and_cannon_attacks(king, occ),
            (true, false) => (rook_attacks(king, occ), Bitboard::EMPTY),
            (false, true) => (Bitboard::EMPTY, cannon_attacks(king, occ)),
            (false, false) => (Bitboard::EMPTY, Bitboard::EMPTY),
        };
        if (self.pieces(us, Role::Horse) & horse_reach_twice(king)).any() {
            direct[Role::Horse.index()] = horse_attackers_from(king, occ);
        }
        direct[Role::Pawn.index()] = pawn_attackers_from(us, king);
        direct
    }

    /// Pushes onto `list` the legal moves of the piece on `from`, which
    /// uncovers no line or leg of the other king (`king`) by leaving and
    /// faces it across no empty gap, to the squares of `direct` from which
    /// it attacks that king: each checks, unless a cannon leaves its line.
    #[inline(always)]
    fn reaching_checks(
        &self,
        from: Square,
        king: Square,
        direct: &[Bitboard; 7],
        list: &mut MoveList,
    ) {
        let Some(piece) = self.piece_at(from) else {
            return;
        };
        let ours = self.us(self.turn());
        let occ = self.occupied();
        let role = piece.role;
        let aim = direct[role.index()];
        let targets = if matches!(role, Role::Rook | Role::Cannon) {
            // At most a few squares where its lines cross those of the
            // king: each is asked on its own.
            let crossing = aim & cross(from) & !ours;
            if crossing.is_empty() {
                return;
            }
            self.slides_onto(from, role, crossing, occ)
        } else {
            self.pseudo_targets(from, role, occ) & !ours & aim
        };
        let sure = role != Role::Cannon || !cross(king).contains(from);
        for to in targets {
            let mv = Move::new(from, to);
            if (sure || self.gives_check(mv)) && self.leaves_king_safe(from, to) {
                list.push(mv);
            }
        }
    }

    /// [`Position::checking_moves_into`] where a piece of the mover's
    /// uncovers a line or leg of the other king by leaving, or a cannon of
    /// its faces that king across an empty gap.
    #[inline(never)]
    fn checking_moves_on_lines(&self, list: &mut MoveList) {
        let us = self.turn();
        let king = self.king(!us);
        let occ = self.occupied();
        // A move checks by attacking the king from its target, by making a
        // piece the only screen of a cannon facing the king, or by uncovering a
        // line or leg: only the pieces that could uncover one try every target.
        let direct = self.direct_checks(king, occ);
        let ours = self.us(us);
        let them = self.us(!us);
        let mut screens = Bitboard::EMPTY;
        let mut facing = Bitboard::EMPTY;
        let legs = horse_leg_blockers(king, occ, self.pieces(us, Role::Horse)) & ours;
        let mut uncovering = legs;
        // Where an uncovering piece may go and still cover every line it
        // covers (a leg covers nowhere once left): elsewhere it checks for sure.
        let mut covers: ArrayVec<(Square, Bitboard), 16> = ArrayVec::new();
        let mut cover =
            |piece: Square, keep: Bitboard| match covers.iter_mut().find(|c| c.0 == piece) {
                Some(c) => c.1 &= keep,
                None => {
                    let _ = covers.try_push((piece, keep));
                }
            };
        for leg in legs {
            cover(leg, Bitboard::EMPTY);
        }
        // Only the rooks and cannons on the king's lines can be uncovered or face it.
        let lines = cross(king);
        for rook in self.pieces(us, Role::Rook) & lines {
            let gap = between(rook, king);
            if let Some(blocker) = (gap & occ).single()
                && ours.contains(blocker)
            {
                uncovering.set(blocker);
                cover(blocker, gap);
            }
        }
        for cannon in self.pieces(us, Role::Cannon) & lines {
            let gap = between(cannon, king);
            match (gap & occ).count_to_three() {
                // Facing the king across empty squares: a piece moving in between
                // checks, and so may the cannon capturing away over a screen.
                0 => {
                    screens |= gap;
                    facing.set(cannon);
                }
                2 => {
                    for screen in gap & occ & ours {
                        uncovering.set(screen);
                        cover(screen, gap);
                    }
                }
                _ => {}
            }
        }
        // Only the candidates are tested: a rook, horse or pawn moving onto a
        // square from which it attacks the king, and any piece filling the empty
        // gap of a cannon facing it, check for sure; the rest are asked.
        // Kings, advisors and elephants check only by uncovering or as screens.
        // Horses and pawns only from two steps away on an empty board (those
        // whose way is blocked find no target to aim at).
        let movers = if screens.any() {
            ours
        } else {
            self.pieces(us, Role::Rook)
                | self.pieces(us, Role::Cannon)
                | self.pieces(us, Role::Horse) & horse_reach_twice(king)
                | self.pieces(us, Role::Pawn) & pawn_attackers_from_twice(us, king)
                | uncovering
        };
        // Most pieces uncover nothing and face no king: they check by reaching
        // a square that attacks it, for sure unless a cannon leaves its line.
        let special = if screens.any() {
            movers
        } else {
            movers & (uncovering | facing)
        };
        for from in movers & !special {
            self.reaching_checks(from, king, &direct, list);
        }
        let plain = list.len();
        for from in special {
            let Some(piece) = self.piece_at(from) else {
                continue;
            };
            let role = piece.role;
            let uncovers = uncovering.contains(from);
            let reach = direct[role.index()];
            let facing_alone = !uncovers && facing.contains(from);
            let aim = if uncovers {
                Bitboard::FULL
            } else if facing_alone {
                // A cannon facing the king checks along that line only by
                // capturing away from it over a screen (its gap left empty,
                // that screen is the only one): not by stepping into its
                // gap, by a quiet move away, or by capturing over the king.
                let away = (line(from, king) & them & !between(from, king)).without(king);
                let away: Bitboard = away
                    .into_iter()
                    .filter(|&to| !between(from, to).contains(king))
                    .collect();
                away | (screens & !between(from, king))
            } else {
                reach | screens
            };
            // A rook or cannon reaches only squares on its own rank and file.
            let slides = matches!(role, Role::Rook | Role::Cannon);
            if aim.is_empty() || slides && (aim & cross(from)).is_empty() {
                continue;
            }
            let sure = if uncovers {
                !covers
                    .iter()
                    .find(|c| c.0 == from)
                    .map_or(Bitboard::FULL, |c| c.1)
            } else if facing_alone {
                aim
            } else if matches!(role, Role::Rook | Role::Horse | Role::Pawn)
                // Off the king's lines, a cannon leaves their screens as they are.
                || role == Role::Cannon && !cross(king).contains(from)
            {
                reach | screens
            } else {
                screens
            };
            for to in self.pseudo_targets(from, role, occ) & !ours & aim {
                let mv = Move::new(from, to);
                if (sure.contains(to) || self.gives_check(mv)) && self.leaves_king_safe(from, to) {
                    list.push(mv);
                }
            }
        }
        // In the order of the legal moves: by origin, then target.
        if plain > 0 && list.len() > plain {
            list.sort_unstable_by_key(|m| (m.from().index(), m.to().index()));
        }
    }

    /// The squares of `squares`, on the rank or file of `from` and without
    /// a piece of the side to move, that its rook or cannon on `from` reaches
    /// ([`Position::pseudo_targets`] there): a rook or a cannon's quiet move
    /// over no piece, a cannon's capture over exactly one.
    #[inline(always)]
    fn slides_onto(&self, from: Square, role: Role, squares: Bitboard, occ: Bitboard) -> Bitboard {
        let them = self.us(!self.turn());
        let mut reached = Bitboard::EMPTY;
        for to in squares {
            let over = between(from, to) & occ;
            // A cannon takes over one screen; otherwise the way must be clear.
            let reaches = if role == Role::Cannon && them.contains(to) {
                over.any() && !over.more_than_one()
            } else {
                over.is_empty()
            };
            if reaches {
                reached.set(to);
            }
        }
        reached
    }

    /// The legal captures of the side to move (the moves of
    /// [`Position::legal_moves`] that take a piece, in the same order).
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_captures_into(&mut list);
        list
    }

    /// [`Position::legal_captures`] written into `list`, which must be empty.
    pub(crate) fn legal_captures_into(&self, list: &mut MoveList) {
        let _ = self.legal_captures_on_into(Bitboard::FULL, list);
    }

    /// The legal captures of the pieces on `targets` (those of
    /// [`Position::legal_captures`] with a target there, in the same order),
    /// written into `list`, which must be empty. Returns whether the side to
    /// move is in check when that was found on the way (with several pieces
    /// on `targets`), so that the caller need not ask again.
    pub(crate) fn legal_captures_on_into(
        &self,
        targets: Bitboard,
        list: &mut MoveList,
    ) -> Option<bool> {
        debug_assert!(list.is_empty());
        let within = self.us(!self.turn()) & targets;
        match within.single() {
            // One target: its attackers, in the generator's order (by origin).
            Some(sq) => {
                list.extend(self.legal_captures_of(sq));
                None
            }
            None if within.any() => {
                let (checkers, pins) = self.checkers_and_pins();
                if checkers.any() {
                    self.generate(list, Some(within));
                } else {
                    self.captures_out_of_check(within, &pins, list);
                }
                Some(checkers.any())
            }
            None => None,
        }
    }

    /// The legal captures of the opponent's pieces on `within` by the side
    /// to move, not in check, whose pins are `pins`, written into `list` in
    /// the generator's order (by origin, then target). Each role is asked
    /// for its own captures only (a cannon's, not its quiet moves); a piece
    /// not pinned takes freely (its target is occupied, so never forbidden).
    fn captures_out_of_check(&self, within: Bitboard, pins: &Pins, list: &mut MoveList) {
        let us = self.turn();
        let occ = self.occupied();
        let mut found: ArrayVec<(Square, Bitboard), 16> = ArrayVec::new();
        let mut take = |from: Square, targets: Bitboard| {
            if targets.any() {
                found.push((from, targets));
            }
        };
        let ksq = self.king(us);
        take(ksq, king_attacks(ksq) & within);
        // Advisors, elephants and pawns are asked only with a target where
        // they can ever stand (an advisor's, within their own palace).
        let can_take = |role| (within & reachable(us, role)).any();
        if can_take(Role::Advisor) {
            for from in self.pieces(us, Role::Advisor) {
                take(from, advisor_attacks(from) & within);
            }
        }
        if can_take(Role::Pawn) {
            for from in self.pieces(us, Role::Pawn) {
                take(from, pawn_attacks(us, from) & within);
            }
        }
        if can_take(Role::Elephant) {
            for from in self.pieces(us, Role::Elephant) {
                if (elephant_reach(from) & within).any() {
                    take(from, elephant_attacks(from, occ) & within);
                }
            }
        }
        for from in self.pieces(us, Role::Horse) {
            if (horse_reach(from) & within).any() {
                take(from, horse_attacks(from, occ) & within);
            }
        }
        for from in self.pieces(us, Role::Rook) {
            if (cross(from) & within).any() {
                take(from, rook_attacks(from, occ) & within);
            }
        }
        for from in self.pieces(us, Role::Cannon) {
            if (cross(from) & within).any() {
                take(from, cannon_attacks(from, occ) & within);
            }
        }
        found.sort_unstable_by_key(|f| f.0.index());
        // By reference: the table is half a kilobyte, not worth a copy into an iterator.
        for &(from, targets) in &found {
            if from != ksq && !pins.blockers.contains(from) {
                list.add(from, targets);
            } else {
                let legal: Bitboard = targets
                    .filter(|&to| self.leaves_king_safe(from, to))
                    .collect();
                list.add(from, legal);
            }
        }
    }

    /// The legal captures of the opponent's piece on `sq` (the moves of
    /// [`Position::legal_moves`] that take it), none if no such piece stands there.
    pub(crate) fn legal_captures_of(&self, sq: Square) -> ArrayVec<Move, 16> {
        let mut out = ArrayVec::new();
        if !self.us(!self.turn()).contains(sq) {
            return out;
        }
        // An attacker of the piece may take it by the movement rules.
        for from in self.attackers_to(sq, self.turn()) {
            let mv = Move::new(from, sq);
            if self.leaves_king_safe(from, sq) {
                out.push(mv);
            }
        }
        out
    }

    /// The number of legal moves, without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c, None);
        c.0
    }

    /// Whether the side to move has no legal move: checkmate if in check,
    /// otherwise stalemate (困毙), which in xiangqi also loses.
    pub fn has_no_legal_moves(&self) -> bool {
        self.first_legal_move().is_none()
    }

    /// Whether the side to move, not in check, has no legal move: stalemate
    /// (困毙). Most positions are answered by `has_quiet_move`
    /// without generating moves.
    pub(crate) fn is_stalemate(&self) -> bool {
        debug_assert!(!self.in_check());
        !self.has_quiet_move() && self.has_no_legal_moves()
    }

    /// Whether a piece other than the king can move without touching any
    /// line or horse leg of its own king: from and to squares off the king's
    /// rank, file and diagonal neighbours (a capture there could take away a
    /// leg that blocks an enemy horse). Out of check, such a move is legal.
    fn has_quiet_move(&self) -> bool {
        let us = self.turn();
        let king = self.king(us);
        let touching = cross(king) | horse_legs_around(king);
        let occ = self.occupied();
        let ours = self.us(us);
        let free = ours & !touching & !Bitboard::from_square(king);
        let open = !ours & !touching;
        // Pawns first: a table lookup each.
        let pawns = free & self.pieces(us, Role::Pawn);
        if Iterator::any(&mut pawns.into_iter(), |from| {
            (pawn_attacks(us, from) & open).any()
        }) {
            return true;
        }
        Iterator::any(&mut (free & !pawns).into_iter(), |from| {
            self.piece_at(from)
                .is_some_and(|p| (self.pseudo_targets(from, p.role, occ) & open).any())
        })
    }

    /// A legal move of the side to move (a king move first when there is
    /// one), or `None` when it has none.
    pub(crate) fn first_legal_move(&self) -> Option<Move> {
        let mut first = FirstMove(None);
        self.generate(&mut first, None);
        first.0
    }

    /// Whether `mv` is legal in this position.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.follows_movement(mv) && self.leaves_king_safe(mv.from(), mv.to())
    }

    /// [`Position::is_legal`] for a move known to follow the movement rules
    /// onto a square without a piece of the mover's (a capture by a piece
    /// that attacks its target): whether it leaves the mover's king unattacked.
    pub(crate) fn keeps_king_safe(&self, mv: Move) -> bool {
        debug_assert!(self.follows_movement(mv));
        self.leaves_king_safe(mv.from(), mv.to())
    }

    /// Like [`Position::is_legal`], for a caller that already knows whether the
    /// side to move is in check: a move that touches no line or horse leg of its
    /// own king then needs no safety test.
    pub(crate) fn is_legal_knowing_check(&self, mv: Move, in_check: bool) -> bool {
        if !self.follows_movement(mv) {
            return false;
        }
        let (from, to) = (mv.from(), mv.to());
        let king = self.king(self.turn());
        // Not in check, the king's safety changes only through its lines and legs,
        // which are exactly what a check on a king there would need to change.
        let quiet = !in_check && from != king && !may_give_check(king, from, to);
        quiet || self.leaves_king_safe(from, to)
    }

    /// Whether `mv` moves a piece of the side to move by its movement rules
    /// onto a square without a piece of its own (king safety aside).
    pub(crate) fn follows_movement(&self, mv: Move) -> bool {
        let from = mv.from();
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        piece.color == self.turn()
            && (self.pseudo_targets(from, piece.role, self.occupied()) & !self.us(self.turn()))
                .contains(mv.to())
    }

    /// Target squares of the piece on `from` by its movement rules, including own pieces.
    #[inline(always)]
    pub(crate) fn pseudo_targets(&self, from: Square, role: Role, occ: Bitboard) -> Bitboard {
        let them = self.us(!self.turn());
        match role {
            Role::King => king_attacks(from),
            Role::Advisor => advisor_attacks(from),
            Role::Elephant => elephant_attacks(from, occ),
            Role::Horse => horse_attacks(from, occ),
            Role::Rook => rook_attacks(from, occ),
            Role::Cannon => {
                let (quiet, captures) = rook_and_cannon_attacks(from, occ);
                (quiet & !occ) | (captures & them)
            }
            Role::Pawn => pawn_attacks(self.turn(), from),
        }
    }

    /// Whether moving the piece on `from` to `to` leaves the mover's king unattacked.
    #[inline]
    fn leaves_king_safe(&self, from: Square, to: Square) -> bool {
        let us = self.turn();
        let to_bb = Bitboard::from_square(to);
        let occ = (self.occupied() ^ Bitboard::from_square(from)) | to_bb;
        let them = self.us(!us) & !to_bb;
        let king = if from == self.king(us) {
            to
        } else {
            self.king(us)
        };
        self.king_danger(king, !us, occ, them).is_empty()
    }

    /// The pieces giving check to the side to move (as
    /// [`Position::checkers`]) and the pins of its king, found together: a
    /// rook, facing king or cannon on the king's lines is a checker or a pinner
    /// by the count of pieces between, and a horse's leg that blocks a check
    /// is pinned.
    fn checkers_and_pins(&self) -> (Bitboard, Pins) {
        let us = self.turn();
        let ksq = self.king(us);
        let them = self.us(!us);
        let occ = self.occupied();
        let mut checkers = pawn_attackers_from(!us, ksq) & self.role(Role::Pawn) & them;
        let mut blockers = Bitboard::EMPTY;
        let mut forbidden = Bitboard::EMPTY;
        // Horses' legs are looked at only with a horse a leap away.
        let horses = self.role(Role::Horse) & them & horse_reach(ksq);
        if horses.any() {
            checkers |= horse_attackers_from(ksq, occ) & horses;
            // An occupied leg between the king and an enemy horse pins the leg piece.
            blockers |= horse_leg_blockers(ksq, occ, horses);
        }
        let lines = cross(ksq);
        let rook_like = (self.role(Role::Rook) | self.role(Role::King)) & them & lines;
        for s in rook_like {
            let b = between(ksq, s) & occ;
            if b.is_empty() {
                checkers.set(s);
            } else if !b.more_than_one() {
                blockers |= b;
            }
        }
        for s in self.role(Role::Cannon) & them & lines {
            let b = between(ksq, s) & occ;
            match b.count_to_three() {
                0 => forbidden |= between(ksq, s),
                1 => checkers.set(s),
                2 => blockers |= b,
                _ => {}
            }
        }
        let pins = Pins {
            blockers: blockers & self.us(us),
            forbidden,
        };
        (checkers, pins)
    }

    /// Where a piece that stands off the lines and horse legs of its king
    /// `ksq`, checked by the piece on `checker` alone, answers the check:
    /// taking the checker, blocking a rook's (or facing king's) line, adding
    /// a cannon's second screen, filling a horse's leg. Such a piece uncovers
    /// nothing by leaving, and on those squares makes no new line attack (it
    /// takes the checker's place, or stands in its line where only an enemy
    /// cannon screening it could use it as a screen in turn).
    fn answers_to_single_check(&self, ksq: Square, checker: Square) -> Bitboard {
        let take = Bitboard::from_square(checker);
        match self.piece_at(checker).map(|p| p.role) {
            Some(Role::Rook | Role::King) => take | between(ksq, checker),
            Some(Role::Cannon) => {
                // A second screen nearer the king than an enemy cannon that
                // screens would make that one check.
                let gap = between(ksq, checker);
                let screen = (gap & self.occupied()).first();
                let blocks = match screen.and_then(|sq| Some((sq, self.piece_at(sq)?))) {
                    Some((sq, p)) if p.role == Role::Cannon && p.color != self.turn() => {
                        between(sq, checker)
                    }
                    _ => gap & !self.occupied(),
                };
                take | blocks
            }
            Some(Role::Horse) => horse_leg(checker, ksq).map_or(take, |leg| take.with(leg)),
            _ => take,
        }
    }

    /// Feeds `sink` the legal moves, or only those onto `within` if given.
    #[inline(always)]
    fn generate<S: Sink>(&self, sink: &mut S, within: Option<Bitboard>) {
        let us = self.turn();
        let own = self.us(us);
        let occ = self.occupied();
        let ksq = self.king(us);
        let (checkers, pins) = self.checkers_and_pins();
        let in_check = checkers.any();
        let pins = (!in_check).then_some(pins);
        // In check, a piece other than the king must answer the (first) checker:
        // take it, block it, fill a horse's leg, or leave as a cannon's screen.
        let (answers, screens) = match checkers.first() {
            Some(c) => (check_answers(ksq, c), between(ksq, c)),
            None => (Bitboard::EMPTY, Bitboard::EMPTY),
        };
        // Pieces free to move without a safety test, and where they may go.
        let (free, allowed) = match (&pins, checkers.single()) {
            (Some(p), _) => (own.without(ksq) & !p.blockers, !p.forbidden),
            (None, Some(c)) => (
                own.without(ksq) & !cross(ksq) & !horse_legs_around(ksq),
                self.answers_to_single_check(ksq, c),
            ),
            (None, None) => (Bitboard::EMPTY, Bitboard::EMPTY),
        };

        let (first, rest) = if S::FIRST_ONLY {
            (Bitboard::from_square(ksq), own.without(ksq))
        } else {
            (own, Bitboard::EMPTY)
        };
        for from in first.into_iter().chain(rest) {
            let role = self.piece_at(from).map(|p| p.role).unwrap_or(Role::Pawn);
            let mut targets = match within {
                // A piece that could not reach them even on an empty board is skipped.
                Some(within) if (unblocked_reach(us, role, from) & within).is_empty() => continue,
                Some(within) => self.pseudo_targets(from, role, occ) & within,
                None => self.pseudo_targets(from, role, occ),
            } & !own;
            if in_check && from != ksq && !screens.contains(from) {
                targets &= answers;
            }
            if targets.is_empty() {
                continue;
            }
            if free.contains(from) {
                sink.add(from, targets & allowed);
            } else if S::FIRST_ONLY {
                if let Some(to) = targets
                    .into_iter()
                    .find(|&to| self.leaves_king_safe(from, to))
                {
                    sink.add(from, Bitboard::from_square(to));
                }
            } else {
                let legal: Bitboard = targets
                    .filter(|&to| self.leaves_king_safe(from, to))
                    .collect();
                sink.add(from, legal);
            }
            if S::FIRST_ONLY && sink.satisfied() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::random_moves::RandomMoves;
    use super::*;

    fn moves(fen: &str) -> Vec<String> {
        let pos = Position::from_fen(fen).unwrap();
        let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        v.sort();
        assert_eq!(v.len() as u64, pos.count_legal_moves());
        v
    }

    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        let fens = [
            super::super::START_FEN,
            "2bak4/4a4/4b4/4C4/9/9/4R4/9/4K4/9 w - - 0 1",
            "3k5/4a4/4b4/9/9/5R3/9/4C4/9/4K4 w - - 0 1",
            "4k4/4a4/9/9/4r4/9/9/3N5/4R4/4K4 w - - 0 1",
            "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2N2C1/9/R1BAKAB1R w - - 0 1",
            "5k3/9/9/9/9/4c4/3r5/3NB4/4A4/4K4 b - - 0 1",
        ];
        let agree = |pos: &Position| {
            for mv in pos.legal_moves() {
                let mut next = pos.clone();
                next.play_unchecked(mv);
                assert_eq!(pos.gives_check(mv), next.in_check(), "{} {mv}", pos.fen());
            }
        };
        for fen in fens {
            agree(&Position::from_fen(fen).unwrap());
        }
        // Random playouts reach captures of every kind, discovered checks and cannon screens.
        for_each_playout_position(40, 120, agree);
    }

    /// Calls `visit` on every position of `games` seeded random playouts of at
    /// most `plies` plies from the start position.
    fn for_each_playout_position(games: usize, plies: usize, mut visit: impl FnMut(&Position)) {
        let mut random = RandomMoves::new(0x9E37_79B9_7F4A_7C15);
        for _ in 0..games {
            let mut pos = Position::startpos();
            for _ in 0..plies {
                visit(&pos);
                let Some(mv) = random.pick(&pos) else {
                    break;
                };
                pos.play_unchecked(mv);
            }
        }
    }

    #[test]
    fn stalemate_is_told_with_and_without_generating_moves() {
        // Black's king on d9 has no move: d8 faces the pawn d7's attack
        // (and e9 the red king), and nothing else of Black's stands.
        let stalemate = Position::from_fen("3k5/9/3P5/9/9/9/9/9/9/4K4 b").unwrap();
        assert!(!stalemate.in_check());
        assert!(stalemate.is_stalemate());
        // Out of check, with or without a quiet move: the same answer as generating moves.
        let mut positions = 0;
        let mut visit = |pos: &Position| {
            if !pos.in_check() {
                assert_eq!(
                    pos.is_stalemate(),
                    pos.has_no_legal_moves(),
                    "{}",
                    pos.fen()
                );
                positions += 1;
            }
        };
        for_each_playout_position(40, 120, &mut visit);
        // Few pieces, hemmed in: the quiet move is often missing.
        let mut random = RandomMoves::new(0x5851_F42D_4C95_7F2D);
        for fen in [
            "4k4/4a4/9/9/9/9/9/9/4A4/3K5 w",
            "4k4/4a4/4b4/9/9/9/9/4B4/4A4/3K5 w",
            "3ak4/9/9/9/9/9/p8/9/4A4/3K5 w",
            // Black horses a leap from the red king, their legs filled.
            "3k5/9/9/9/9/9/9/3n1n3/R2p1p3/4K4 w",
            "4k4/4a4/9/9/9/9/9/2n3n2/3p1p3/3K1R3 w",
        ] {
            for _ in 0..200 {
                let mut pos = Position::from_fen(fen).unwrap();
                for _ in 0..60 {
                    visit(&pos);
                    let Some(mv) = random.pick(&pos) else {
                        break;
                    };
                    pos.play_unchecked(mv);
                }
            }
        }
        assert!(positions > 10_000, "{positions}");
    }

    /// Every pseudo-legal move kept by playing it and asking whether the mover's king is attacked.
    fn brute_force_legal(pos: &Position) -> Vec<Move> {
        let us = pos.turn();
        let mut out = Vec::new();
        for from in pos.us(us) {
            let role = pos.piece_at(from).unwrap().role;
            for to in pos.pseudo_targets(from, role, pos.occupied()) & !pos.us(us) {
                let mv = Move::new(from, to);
                let mut next = pos.clone();
                next.play_unchecked(mv);
                if !next.is_attacked_king(us) {
                    out.push(mv);
                }
            }
        }
        out
    }

    /// The positions of the public rule cases and those a search by checks
    /// meets from each: after each check, and (with `replies`) after each
    /// reply to it instead.
    fn search_positions(replies: bool) -> Vec<Position> {
        let mut positions = Vec::new();
        for (mut pos, moves) in crate::rules::public_case_games() {
            for mv in moves {
                positions.push(pos.clone());
                for check in pos.checking_moves() {
                    let mut checked = pos.clone();
                    checked.play_unchecked(check);
                    if !replies {
                        positions.push(checked);
                        continue;
                    }
                    for reply in checked.legal_moves() {
                        let mut replied = checked.clone();
                        replied.play_unchecked(reply);
                        positions.push(replied);
                    }
                }
                pos.play_unchecked(mv);
            }
        }
        positions
    }

    #[test]
    fn checking_moves_agree_with_playing_every_move_in_search_positions() {
        // The positions of the public rule cases and those the searches by
        // checks meet: after each check, and after each reply to it.
        let positions = search_positions(true);
        let mut checks = 0;
        for pos in &positions {
            let expected: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|&m| {
                    let mut next = pos.clone();
                    next.play_unchecked(m);
                    next.in_check()
                })
                .collect();
            assert_eq!(pos.checking_moves().to_vec(), expected, "{}", pos.fen());
            checks += expected.len();
        }
        assert!(
            positions.len() > 3000 && checks > 3000,
            "{} {checks}",
            positions.len()
        );
    }

    #[test]
    fn checkers_and_pins_agree_with_taking_away_and_adding_pieces() {
        // The public rule cases, the positions their searches by checks meet
        // (many in check) and random playouts.
        let mut positions = search_positions(false);
        for_each_playout_position(60, 150, |pos| positions.push(pos.clone()));
        let (mut in_check, mut pinned, mut forbidden) = (0, 0, 0);
        for pos in &positions {
            let (checkers, pins) = pos.checkers_and_pins();
            assert_eq!(checkers, pos.checkers(), "{}", pos.fen());
            if checkers.any() {
                in_check += 1;
                continue;
            }
            let us = pos.turn();
            let ksq = pos.king(us);
            let (occ, them) = (pos.occupied(), pos.us(!us));
            let exposed = |occ: Bitboard| pos.king_danger(ksq, !us, occ, them).any();
            // A pinned piece of ours is one whose leaving alone exposes the king.
            let plain_blockers: Bitboard = pos
                .us(us)
                .without(ksq)
                .into_iter()
                .filter(|&sq| exposed(occ.without(sq)))
                .collect();
            // A forbidden square is an empty one where any piece would expose it.
            let plain_forbidden: Bitboard = (!occ)
                .into_iter()
                .filter(|&sq| exposed(occ.with(sq)))
                .collect();
            assert_eq!(pins.blockers, plain_blockers, "{}", pos.fen());
            assert_eq!(pins.forbidden, plain_forbidden, "{}", pos.fen());
            pinned += plain_blockers.count();
            forbidden += plain_forbidden.count();
        }
        assert!(
            in_check > 1000 && pinned > 1000 && forbidden > 1000,
            "{in_check} {pinned} {forbidden}"
        );
    }

    #[test]
    fn moves_in_check_checking_moves_and_captures_agree_with_brute_force() {
        let mut random = RandomMoves::new(0x2545_F491_4F6C_DD1D);
        let mut checks = 0;
        let mut in_check_told = 0;
        for _ in 0..120 {
            let mut pos = Position::startpos();
            for _ in 0..150 {
                let mut legal = pos.legal_moves().to_vec();
                let mut expected = brute_force_legal(&pos);
                legal.sort_by_key(|m| (m.from().index(), m.to().index()));
                expected.sort_by_key(|m| (m.from().index(), m.to().index()));
                assert_eq!(legal, expected, "{}", pos.fen());
                let checking: Vec<Move> = pos.checking_moves().to_vec();
                let expected_checking: Vec<Move> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|&m| {
                        let mut next = pos.clone();
                        next.play_unchecked(m);
                        next.in_check()
                    })
                    .collect();
                assert_eq!(checking, expected_checking, "{}", pos.fen());
                let captures: Vec<Move> = pos.legal_captures().to_vec();
                let expected_captures: Vec<Move> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|&m| pos.piece_at(m.to()).is_some())
                    .collect();
                assert_eq!(captures, expected_captures, "{}", pos.fen());
                // Captures of some pieces only: those on the left half, say.
                let left: Bitboard = Square::all().filter(|s| s.file().index() < 5).collect();
                let mut on_left = MoveList::new();
                // Whether in check, when told, is told right.
                let told = pos.legal_captures_on_into(left, &mut on_left);
                assert!(told.is_none_or(|c| c == pos.in_check()), "{}", pos.fen());
                in_check_told += usize::from(told == Some(true));
                let expected_on_left: Vec<Move> = captures
                    .iter()
                    .copied()
                    .filter(|m| left.contains(m.to()))
                    .collect();
                assert_eq!(on_left.to_vec(), expected_on_left, "{}", pos.fen());
                // And of each square alone.
                for sq in Square::all() {
                    let mut on_sq = MoveList::new();
                    pos.legal_captures_on_into(Bitboard::from_square(sq), &mut on_sq);
                    let expected_on_sq: Vec<Move> =
                        captures.iter().copied().filter(|m| m.to() == sq).collect();
                    assert_eq!(on_sq.to_vec(), expected_on_sq, "{} {sq}", pos.fen());
                }
                checks += usize::from(pos.in_check());
                if legal.is_empty() {
                    break;
                }
                let state = random.next_u64();
                // Prefer checking moves so that many positions in check are
                // visited, and captures so that open, sparse boards are too.
                let checking: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|&m| pos.gives_check(m))
                    .collect();
                let pool = match state % 3 {
                    0 if !checking.is_empty() => &checking,
                    1 if !captures.is_empty() => &captures,
                    _ => &legal,
                };
                pos.play_unchecked(pool[(state >> 8) as usize % pool.len()]);
            }
        }
        assert!(checks > 500, "only {checks} positions in check");
        assert!(in_check_told > 100, "in check told {in_check_told} times");
    }

    #[test]
    fn legality_knowing_check_agrees_with_is_legal() {
        for_each_playout_position(40, 150, |pos| {
            let in_check = pos.in_check();
            for from in pos.us(pos.turn()) {
                for to in Bitboard::FULL {
                    let mv = Move::new(from, to);
                    assert_eq!(
                        pos.is_legal_knowing_check(mv, in_check),
                        pos.is_legal(mv),
                        "{} {mv}",
                        pos.fen()
                    );
                }
            }
        });
    }

    #[test]
    fn first_legal_move_is_legal_and_missing_only_without_moves() {
        let mut mates = 0;
        for_each_playout_position(40, 150, |pos| {
            let legal = pos.legal_moves();
            match pos.first_legal_move() {
                Some(mv) => assert!(legal.contains(&mv), "{} {mv}", pos.fen()),
                None => {
                    assert!(legal.is_empty(), "{}", pos.fen());
                    mates += 1;
                }
            }
        });
        // Red rook b9 mates: the king is shut in by the rook a8.
        let mated = Position::from_fen("1R2k4/R8/9/9/9/9/9/9/9/3K5 b").unwrap();
        assert_eq!(mated.first_legal_move(), None);
        assert!(mated.has_no_legal_moves());
        assert!(mates < 40, "{mates} playouts ended in mate");
    }

    #[test]
    fn start_position_has_44_moves() {
        assert_eq!(moves(super::super::START_FEN).len(), 44);
    }

    #[test]
    fn flying_general_forbids_uncovering_the_file() {
        // The e-file rook stands between the kings: it may only move along the file.
        let v = moves("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
        assert!(!v.contains(&"d0e0".to_string()));
        let v = moves("4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1");
        assert!(!v.iter().any(|m| m.starts_with("e4")));
        assert!(v.contains(&"e0e1".to_string()));
    }

    #[test]
    fn cannon_screens_and_hollow_lines() {
        // Black cannon on e9 looks at the red king on e0 with nothing between:
        // no red piece may step onto the e-file between them.
        let v = moves("3kc4/9/9/9/9/9/9/9/R8/4K4 w - - 0 1");
        assert!(!v.contains(&"a1e1".to_string()));
        assert!(v.contains(&"a1a2".to_string()));
    }

    #[test]
    fn horse_leg_pin() {
        // The black horse on f2 attacks e0 through its leg f1, where a red rook stands.
        let v = moves("3k5/9/9/9/9/9/9/5n3/5R3/4K4 w - - 0 1");
        assert!(
            v.iter()
                .filter(|m| m.starts_with("f1"))
                .all(|m| m == "f1f2")
        );
    }

    #[test]
    fn a_second_screen_may_make_the_first_screen_check() {
        // The red cannon f5 checks over the red cannon f6. The rook h7 blocking
        // on f7 would be the screen of the cannon f6: only the king escapes.
        assert_eq!(
            moves("1nba5/5k3/r2ab2r1/5Cp2/5C3/9/P3P4/9/4R4/1NBAKABN1 b - - 0 1"),
            vec!["f8e8"]
        );
        // Blocking between the two cannons answers the check; nearer the king it does not.
        let v = moves("1nba5/5k3/r2ab4/5C3/9/6r2/9/5C3/4R4/1NBAKABN1 b - - 0 1");
        assert!(v.contains(&"g4f4".to_string()), "{v:?}");
        let v = moves("1nba5/5k3/r2ab4/5C1n1/9/9/9/5C3/4R4/1NBAKABN1 b - - 0 1");
        assert!(!v.contains(&"h6f7".to_string()), "{v:?}");
    }

    #[test]
    fn a_cannon_facing_the_king_checks_only_by_capturing_away_over_a_screen() {
        // The red cannon e5 faces the king e8 over an empty gap: taking the
        // horse e1 over the elephant e2 checks; stepping into its gap or away
        // from the king, or taking the horse e9 over the king, does not.
        let pos = Position::from_fen("4n4/4k4/9/9/4C4/9/9/4B4/4n4/3K5 w - - 0 1").unwrap();
        let checking: Vec<String> = pos.checking_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(checking, vec!["e5e1"]);
        let cannon: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .filter(|m| m.starts_with("e5"))
            .collect();
        for mv in ["e5e1", "e5e3", "e5e7", "e5e9"] {
            assert!(cannon.contains(&mv.to_string()), "{mv} {cannon:?}");
        }
    }
}
