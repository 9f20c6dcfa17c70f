//! The position: placement, side to move, counters and Zobrist key, with play and undo.

use std::fmt;

use super::attacks::{
    advisor_attacks, between, cannon_attacks, cross, elephant_attacks, elephant_reach,
    horse_attackers_from, horse_attacks, horse_legs_around, horse_reach, king_attacks,
    line_attackers, may_give_check, pawn_attackers_from, pawn_attacks, rook_attacks,
};
use super::{Bitboard, Color, Move, Piece, Role, Square, zobrist};

/// A xiangqi position. Construct it from FEN ([`Position::from_fen`]) or
/// [`Position::startpos`]; change it with [`Position::play`] (checked: an
/// illegal move is refused with the reason), [`Position::play_unchecked`]
/// (for moves known to be legal) and [`Position::undo`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: [Option<Piece>; 90],
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 7],
    kings: [Square; 2],
    turn: Color,
    key: u64,
    halfmoves: u32,
    fullmoves: u32,
}

/// What [`Position::play`] and [`Position::play_unchecked`] return: what
/// [`Position::undo`] needs to take the move back.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Undo {
    /// The move played.
    pub mv: Move,
    /// The piece it captured, if any.
    pub captured: Option<Piece>,
    halfmoves: u32,
}

/// The FEN of the initial position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

impl Position {
    /// The initial position.
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// An empty board with kings on the given squares; used by the FEN reader.
    pub(crate) fn empty(turn: Color) -> Position {
        Position {
            board: [None; 90],
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 7],
            kings: [Square::new_unchecked(4), Square::new_unchecked(85)],
            turn,
            key: zobrist::turn_key(turn),
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    pub(crate) fn set_counters(&mut self, halfmoves: u32, fullmoves: u32) {
        self.halfmoves = halfmoves;
        self.fullmoves = fullmoves;
    }

    /// Sets the move counters to what taking back the last `plies` moves
    /// played would leave, `first` being the first of them, without taking
    /// them back: moves that lead back to the board and side to move they
    /// started from (a cycle, of an even number of plies), so that only the
    /// counters differ.
    pub(crate) fn rewind_counters(&mut self, first: Undo, plies: usize) {
        debug_assert!(
            plies.is_multiple_of(2),
            "a cycle has an even number of plies"
        );
        self.halfmoves = first.halfmoves;
        // Half of the plies are Black's, and taking one back takes back a full move.
        self.fullmoves -= (plies / 2) as u32;
    }

    /// Puts `piece` on an empty square.
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.board[sq.index()].is_none());
        self.board[sq.index()] = Some(piece);
        self.by_color[piece.color.index()].set(sq);
        self.by_role[piece.role.index()].set(sq);
        self.key ^= zobrist::piece_key(piece, sq);
        if piece.role == Role::King {
            self.kings[piece.color.index()] = sq;
        }
    }

    /// Takes the piece on `sq` off the board, if any, and returns it; not
    /// meant for a king (positions without one are not positions).
    pub(crate) fn take_off(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.board[sq.index()].take()?;
        debug_assert!(piece.role != Role::King);
        self.by_color[piece.color.index()].clear(sq);
        self.by_role[piece.role.index()].clear(sq);
        self.key ^= zobrist::piece_key(piece, sq);
        Some(piece)
    }

    /// The side to move.
    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// All pieces of `color`.
    #[inline(always)]
    pub fn us(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// All pieces of `role`, both colours.
    #[inline(always)]
    pub fn role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// Pieces of `color` and `role`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Where `color`'s king stands.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    /// The Zobrist key of placement and side to move.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Plies since the last capture (the FEN half-move field).
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (the FEN full-move field), starting at 1 and increased after Black moves.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Squares from which a piece of `by` attacks `sq` with occupancy `occ`,
    /// counting only the pieces in `by_mask` (the attacker's pieces, perhaps with
    /// a captured one removed). The enemy king counts as attacking along an open
    /// file, which is the flying-general rule; this is the test for king safety.
    #[inline(always)]
    pub(crate) fn king_danger(
        &self,
        sq: Square,
        by: Color,
        occ: Bitboard,
        by_mask: Bitboard,
    ) -> Bitboard {
        let r = &self.by_role;
        // Horses' legs are looked at only with a horse a leap away.
        let horses = r[Role::Horse.index()] & by_mask & horse_reach(sq);
        let mut danger = pawn_attackers_from(by, sq) & r[Role::Pawn.index()] & by_mask;
        if horses.any() {
            danger |= horse_attackers_from(sq, occ) & horses;
        }
        // The enemy king faces `sq` along an empty file: one look between the two.
        let king = r[Role::King.index()] & by_mask & cross(sq);
        if let Some(k) = king.first()
            && (between(sq, k) & occ).is_empty()
        {
            danger |= king;
        }
        let rooks = r[Role::Rook.index()] & by_mask;
        let cannons = r[Role::Cannon.index()] & by_mask;
        danger | line_attackers(sq, occ, rooks, cannons)
    }

    /// The pieces giving check to the side to move (including a king facing it on an open file).
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        let us = self.turn;
        self.king_danger(self.king(us), !us, self.occupied(), self.us(!us))
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether `color`'s king is attacked (whoever is to move).
    pub(crate) fn is_attacked_king(&self, color: Color) -> bool {
        self.king_danger(self.king(color), !color, self.occupied(), self.us(!color))
            .any()
    }

    /// Squares from which a piece of `color` on `sq` could capture, given the occupancy `occ`.
    pub(crate) fn attacks_from(&self, sq: Square, piece: Piece, occ: Bitboard) -> Bitboard {
        match piece.role {
            Role::King => king_attacks(sq),
            Role::Advisor => advisor_attacks(sq),
            Role::Elephant => elephant_attacks(sq, occ),
            Role::Horse => horse_attacks(sq, occ),
            Role::Rook => rook_attacks(sq, occ),
            Role::Cannon => cannon_attacks(sq, occ),
            Role::Pawn => pawn_attacks(piece.color, sq),
        }
    }

    /// Pieces of `color` that attack `sq` (could capture a piece standing there),
    /// by the ordinary moves of each piece. Unlike the check test, a king attacks
    /// only its palace neighbours here. Legality (pins) is not considered.
    pub fn attackers_to(&self, sq: Square, color: Color) -> Bitboard {
        self.attackers_to_with(sq, color, self.occupied())
    }

    /// Like [`Position::attackers_to`] with a different occupancy (for x-ray and what-if questions).
    pub(crate) fn attackers_to_with(&self, sq: Square, color: Color, occ: Bitboard) -> Bitboard {
        let them = self.us(color) & occ;
        let r = &self.by_role;
        let mut attackers = line_attackers(
            sq,
            occ,
            r[Role::Rook.index()] & them,
            r[Role::Cannon.index()] & them,
        ) | (pawn_attackers_from(color, sq) & r[Role::Pawn.index()]
            | advisor_attacks(sq) & r[Role::Advisor.index()]
            | king_attacks(sq) & r[Role::King.index()])
            & them;
        // Legs and eyes are looked at only with a horse or elephant a leap away.
        let horses = r[Role::Horse.index()] & them & horse_reach(sq);
        if horses.any() {
            attackers |= horse_attackers_from(sq, occ) & horses;
        }
        let elephants = r[Role::Elephant.index()] & them & elephant_reach(sq);
        if elephants.any() {
            attackers |= elephant_attacks(sq, occ) & elephants;
        }
        attackers
    }

    /// Plays `mv` without checking it: the fast form for moves known to be
    /// legal (from [`Position::legal_moves`], or already checked). Returns
    /// what [`Position::undo`] needs. Moves from outside (a user, a record, a
    /// protocol) go through [`Position::play`], which checks them and
    /// says why one is illegal.
    ///
    /// An illegal move that has a piece on its origin square is played all
    /// the same (a rook jumping, a king leaving its palace): the position is
    /// then one the rules cannot reach, and what follows is meaningless.
    ///
    /// # Panics
    ///
    /// If no piece stands on the move's origin square.
    #[inline(always)]
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        let from = mv.from();
        let to = mv.to();
        let piece = self.board[from.index()].expect("a piece on the origin square");
        let captured = self.board[to.index()];
        let undo = Undo {
            mv,
            captured,
            halfmoves: self.halfmoves,
        };
        let from_bb = Bitboard::from_square(from);
        let to_bb = Bitboard::from_square(to);
        if let Some(cap) = captured {
            self.by_color[cap.color.index()] ^= to_bb;
            self.by_role[cap.role.index()] ^= to_bb;
            self.key ^= zobrist::piece_key(cap, to);
            self.halfmoves = 0;
        } else {
            self.halfmoves += 1;
        }
        self.by_color[piece.color.index()] ^= from_bb | to_bb;
        self.by_role[piece.role.index()] ^= from_bb | to_bb;
        self.board[from.index()] = None;
        self.board[to.index()] = Some(piece);
        self.key ^= zobrist::piece_key(piece, from)
            ^ zobrist::piece_key(piece, to)
            ^ zobrist::BLACK_TO_MOVE;
        if piece.role == Role::King {
            self.kings[piece.color.index()] = to;
        }
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !self.turn;
        undo
    }

    /// The key of the position after `mv` (a move with a piece on its
    /// origin square), without playing it: what [`Position::key`] would be
    /// after [`Position::play_unchecked`].
    #[inline]
    pub(crate) fn key_after(&self, mv: Move) -> u64 {
        let (from, to) = (mv.from(), mv.to());
        let piece = self.board[from.index()].expect("a piece on the origin square");
        let captured = self.board[to.index()].map_or(0, |cap| zobrist::piece_key(cap, to));
        self.key
            ^ captured
            ^ zobrist::piece_key(piece, from)
            ^ zobrist::piece_key(piece, to)
            ^ zobrist::BLACK_TO_MOVE
    }

    /// Takes back the move that produced `undo`, the last move played.
    ///
    /// # Panics
    ///
    /// If `undo` is not the last move's: no piece stands on its destination.
    #[inline(always)]
    pub fn undo(&mut self, undo: Undo) {
        let from = undo.mv.from();
        let to = undo.mv.to();
        let piece = self.board[to.index()].expect("the moved piece on its destination");
        let from_bb = Bitboard::from_square(from);
        let to_bb = Bitboard::from_square(to);
        self.turn = !self.turn;
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        self.by_color[piece.color.index()] ^= from_bb | to_bb;
        self.by_role[piece.role.index()] ^= from_bb | to_bb;
        self.board[from.index()] = Some(piece);
        self.board[to.index()] = undo.captured;
        self.key ^= zobrist::piece_key(piece, from)
            ^ zobrist::piece_key(piece, to)
            ^ zobrist::BLACK_TO_MOVE;
        if let Some(cap) = undo.captured {
            self.by_color[cap.color.index()] ^= to_bb;
            self.by_role[cap.role.index()] ^= to_bb;
            self.key ^= zobrist::piece_key(cap, to);
        }
        if piece.role == Role::King {
            self.kings[piece.color.index()] = from;
        }
        self.halfmoves = undo.halfmoves;
    }

    /// Whether `mv` captures.
    pub fn is_capture(&self, mv: Move) -> bool {
        self.board[mv.to().index()].is_some()
    }

    /// Whether `mv` (assumed legal, in a position where the opponent is not in
    /// check) gives check, computed on the resulting occupancy without playing the move.
    #[inline]
    pub fn gives_check(&self, mv: Move) -> bool {
        let from = mv.from();
        let to = mv.to();
        let Some(piece) = self.board[from.index()] else {
            return false;
        };
        let us = piece.color;
        let ksq = self.king(!us);
        if !may_give_check(ksq, from, to) {
            return false;
        }
        let occ = (self.occupied() | Bitboard::from_square(to)) ^ Bitboard::from_square(from);
        // Our pieces after the move by role: the moved one now on `to`.
        let ours = |role: Role| {
            let stay = self.by_role[role.index()] & self.us(us) & !Bitboard::from_square(from);
            if piece.role == role {
                stay | Bitboard::from_square(to)
            } else {
                stay
            }
        };
        // The opponent is not in check now, so rooks and cannons can check only
        // if the move touches the king's rank or file, and horses only through a
        // leg or by the moved horse itself.
        let lines = cross(ksq);
        if lines.contains(from) || lines.contains(to) {
            // Only a rook or cannon on the king's lines can check along them.
            if line_attackers(ksq, occ, ours(Role::Rook), ours(Role::Cannon)).any() {
                return true;
            }
        }
        let legs = horse_legs_around(ksq);
        let horses = ours(Role::Horse) & horse_reach(ksq);
        if horses.any()
            && (piece.role == Role::Horse || legs.contains(from) || legs.contains(to))
            && (horse_attackers_from(ksq, occ) & horses).any()
        {
            return true;
        }
        piece.role == Role::Pawn && pawn_attackers_from(us, ksq).contains(to)
    }

    /// Passes the turn without moving (a "null move"), for threat analysis.
    /// Only meaningful when the side to move is not in check. Counters are left alone.
    pub fn pass(&mut self) {
        self.turn = !self.turn;
        self.key ^= zobrist::BLACK_TO_MOVE;
    }

    /// A copy with the side to move switched (see [`Position::pass`]).
    pub fn passed(&self) -> Position {
        let mut p = self.clone();
        p.pass();
        p
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl fmt::Display for Position {
    /// A text diagram, Black at the top, FEN letters for pieces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10).rev() {
            write!(f, "{rank} ")?;
            for file in 0..9 {
                let sq = Square::at(file, rank).expect("on board");
                match self.piece_at(sq) {
                    Some(p) => write!(f, "{}", p.fen_char())?,
                    None => f.write_str(".")?,
                }
            }
            writeln!(f)?;
        }
        write!(f, "  abcdefghi  {} to move", self.turn)
    }
}
