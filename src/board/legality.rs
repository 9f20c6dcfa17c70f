//! Why a move cannot be played: the checked [`Position::play`] and its
//! error, in words that name the piece, the squares and the rule it breaks.

use std::fmt;

use super::{Color, Move, Piece, Position, Ranks, Role, Square, Undo};
use crate::words::{Lang, Words};

/// Why a move is not legal in a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Illegality {
    /// No piece stands on the origin square.
    NoPiece,
    /// The piece on the origin square belongs to the side not to move.
    NotToMove(Piece),
    /// The origin and the destination are the same square.
    SameSquare,
    /// A piece of the mover's own stands on the destination.
    OwnPiece(Piece),
    /// The piece does not move that way, or its way is blocked (a horse's
    /// leg, an elephant's eye, a piece in a rook's way, a cannon without a
    /// screen or with one on a quiet move).
    CannotReach(Piece),
    /// The move would leave the mover's king attacked, or facing the other
    /// king on an open file: the piece moved, and what the king would face.
    ExposesKing(Piece, Exposure),
}

/// What a move that is not legal would leave its own king facing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Exposure {
    /// The other king, across an open file.
    FacingKing,
    /// Attack by these pieces, with their squares (the first two, in square order).
    Attackers([Option<(Square, Piece)>; 2]),
}

impl Exposure {
    /// What `mv` would expose the mover's king to in `pos`, if it follows
    /// the movement rules but is not legal.
    fn of(pos: &Position, mv: Move) -> Exposure {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        // The mover to move again: its king's attackers are the checkers.
        let attackers = after.passed().checkers();
        let other_king = Piece::new(!pos.turn(), Role::King);
        let mut named = attackers
            .into_iter()
            .filter_map(|sq| Some((sq, after.piece_at(sq)?)))
            .filter(|&(_, p)| p != other_king);
        match named.next() {
            None => Exposure::FacingKing,
            first => Exposure::Attackers([first, named.next()]),
        }
    }

    /// The mover's king (of `color`) so exposed, in both languages: "the red
    /// king in check from black rook d9" (红方的帅被黑方车(d9)将军), "the red
    /// king facing the black king" (红方的帅与黑方将照面).
    pub fn words(self, color: Color) -> Words {
        self.words_in(color, Ranks::FromZero)
    }

    /// [`Exposure::words`] with the squares' ranks numbered in `ranks`.
    pub fn words_in(self, color: Color, ranks: Ranks) -> Words {
        let king = Piece::new(color, Role::King).chinese();
        let side = side_zh(color);
        match self {
            Exposure::FacingKing => Words::new(
                format!("the {color} king facing the {} king", !color),
                format!(
                    "{side}的{king}与{}照面",
                    piece_zh(Piece::new(!color, Role::King))
                ),
            ),
            Exposure::Attackers(by) => {
                let by: Vec<(Square, Piece)> = by.into_iter().flatten().collect();
                let en: Vec<String> = by
                    .iter()
                    .map(|(sq, p)| format!("{} {} {}", p.color, p.role.name(), sq.in_ranks(ranks)))
                    .collect();
                let zh: Vec<String> = by
                    .iter()
                    .map(|(sq, p)| format!("{}({})", piece_zh(*p), sq.in_ranks(ranks)))
                    .collect();
                Words::new(
                    format!("the {color} king in check from {}", en.join(" and ")),
                    format!("{side}的{king}被{}将军", zh.join("、")),
                )
            }
        }
    }
}

/// A side in Chinese: 红方 or 黑方.
fn side_zh(color: Color) -> String {
    format!("{}方", color.name_zh())
}

/// A piece in Chinese with its side: 红方车, 黑方卒.
pub(crate) fn piece_zh(piece: Piece) -> String {
    format!("{}{}", side_zh(piece.color), piece.chinese())
}

impl Illegality {
    /// Why `mv` is not legal, in both languages, naming its piece and squares.
    pub fn words(self, mv: Move) -> Words {
        self.words_in(mv, Ranks::FromZero)
    }

    /// [`Illegality::words`] with the squares' ranks numbered in `ranks`:
    /// "there is no piece on h3" for `h2e2` in ranks 1–10.
    pub fn words_in(self, mv: Move, ranks: Ranks) -> Words {
        let (from, to) = (mv.from().in_ranks(ranks), mv.to().in_ranks(ranks));
        let name = |p: Piece| format!("{} {}", p.color, p.role.name());
        match self {
            Illegality::NoPiece => Words::new(
                format!("there is no piece on {from}"),
                format!("{from} 上没有棋子"),
            ),
            Illegality::NotToMove(p) => Words::new(
                format!(
                    "the piece on {from} is a {}, but it is {} to move",
                    name(p),
                    !p.color
                ),
                format!("{from} 上是{}，但轮到{}走", piece_zh(p), side_zh(!p.color)),
            ),
            Illegality::SameSquare => Words::new(
                "origin and destination are the same square",
                "起点与终点是同一格",
            ),
            Illegality::OwnPiece(p) => Words::new(
                format!("{to} is occupied by {}'s own piece", p.color),
                format!("{to} 上是{}自己的棋子", side_zh(p.color)),
            ),
            Illegality::CannotReach(p) => Words::new(
                format!("the {} on {from} cannot move to {to}", name(p)),
                format!("{from} 的{}走不到 {to}", piece_zh(p)),
            ),
            Illegality::ExposesKing(p, exposure) => {
                let exposed = exposure.words_in(p.color, ranks);
                Words::new(
                    format!(
                        "the {} on {from} to {to} would leave {}",
                        name(p),
                        exposed.en
                    ),
                    format!("{from} 的{}走到 {to} 后，{}", piece_zh(p), exposed.zh),
                )
            }
        }
    }
}

/// A move that [`Position::play`] (or a referee's `push`) refused: the
/// move, why, the position it was tried in, and its ply in a game, if it
/// was tried in one.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PlayError {
    /// The move.
    pub mv: Move,
    /// Why it is not legal.
    pub illegality: Illegality,
    /// The FEN of the position it was tried in.
    pub fen: String,
    /// The ply it would have been in the game (1-based), if it was tried in one.
    pub ply: Option<usize>,
}

impl PlayError {
    /// The message in `lang`: the move, its ply if known, why it is illegal,
    /// and the position (in English, as `Display` writes it).
    pub fn in_lang(&self, lang: Lang) -> String {
        let why = self.illegality.words(self.mv);
        match (lang, self.ply) {
            (Lang::En, _) => self.to_string(),
            (Lang::Zh, Some(ply)) => {
                format!(
                    "第{ply}着 {} 不合法：{}（局面 {}）",
                    self.mv, why.zh, self.fen
                )
            }
            (Lang::Zh, None) => format!("着法 {} 不合法：{}（局面 {}）", self.mv, why.zh, self.fen),
        }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = self.illegality.words(self.mv);
        write!(f, "illegal move {}", self.mv)?;
        if let Some(ply) = self.ply {
            write!(f, " at ply {ply}")?;
        }
        write!(f, ": {} (in {})", why.en, self.fen)
    }
}

impl std::error::Error for PlayError {}

impl Position {
    /// Why `mv` is not legal here, or `None` if it is.
    pub fn illegality(&self, mv: Move) -> Option<Illegality> {
        if self.is_legal(mv) {
            return None;
        }
        let (from, to) = (mv.from(), mv.to());
        let us = self.turn();
        let Some(piece) = self.piece_at(from) else {
            return Some(Illegality::NoPiece);
        };
        Some(if piece.color != us {
            Illegality::NotToMove(piece)
        } else if from == to {
            Illegality::SameSquare
        } else if self.piece_at(to).is_some_and(|p| p.color == us) {
            Illegality::OwnPiece(piece)
        } else if !self
            .pseudo_targets(from, piece.role, self.occupied())
            .contains(to)
        {
            Illegality::CannotReach(piece)
        } else {
            Illegality::ExposesKing(piece, Exposure::of(self, mv))
        })
    }

    /// Plays `mv` if it is legal, returning what [`Position::undo`] needs;
    /// otherwise leaves the position as it was and says why the move is
    /// illegal (a [`PlayError`]: the move, why, and the position's FEN). For
    /// moves from outside (a user, a file, a protocol);
    /// [`Position::play_unchecked`] is the fast form for moves known to be
    /// legal.
    ///
    /// ```
    /// use xqarbiter::board::{Illegality, Move, Position};
    ///
    /// let mut pos = Position::startpos();
    /// let undo = pos.play(Move::parse_uci("h2e2").unwrap()).unwrap();
    /// assert_eq!(undo.mv.to_string(), "h2e2");
    ///
    /// // The black rook cannot jump over its own horse.
    /// let err = pos.play(Move::parse_uci("a9a5").unwrap()).unwrap_err();
    /// assert!(matches!(err.illegality, Illegality::CannotReach(_)));
    /// assert!(err.to_string().starts_with(
    ///     "illegal move a9a5: the black rook on a9 cannot move to a5"
    /// ));
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<Undo, PlayError> {
        match self.illegality(mv) {
            None => Ok(self.play_unchecked(mv)),
            Some(illegality) => Err(PlayError {
                mv,
                illegality,
                fen: self.fen(),
                ply: None,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn why(fen: &str, mv: &str) -> Option<Illegality> {
        let pos = Position::from_fen(fen).unwrap();
        pos.illegality(Move::parse_uci(mv).unwrap())
    }

    #[test]
    fn each_illegality_is_told_apart() {
        let start = Position::startpos().fen();
        assert_eq!(why(&start, "h2e2"), None);
        assert_eq!(why(&start, "e5e6"), Some(Illegality::NoPiece));
        assert!(matches!(
            why(&start, "h7e7"),
            Some(Illegality::NotToMove(p)) if p.color == Color::Black
        ));
        assert!(matches!(why(&start, "a0a3"), Some(Illegality::OwnPiece(_))));
        assert!(matches!(
            why(&start, "a0a9"),
            Some(Illegality::CannotReach(_))
        ));
        // Kings on one file, a red horse between: the horse may not leave it.
        assert!(matches!(
            why("4k4/9/9/9/9/9/9/9/4N4/4K4 w", "e1d3"),
            Some(Illegality::ExposesKing(..))
        ));
    }

    #[test]
    fn play_plays_legal_moves_and_refuses_the_others_untouched() {
        let mut pos = Position::startpos();
        let err = pos.play(Move::parse_uci("e5e6").unwrap()).unwrap_err();
        assert_eq!(pos, Position::startpos());
        assert_eq!(err.illegality, Illegality::NoPiece);
        assert_eq!(
            err.to_string(),
            format!(
                "illegal move e5e6: there is no piece on e5 (in {})",
                pos.fen()
            )
        );
        assert_eq!(
            err.in_lang(Lang::Zh),
            format!("着法 e5e6 不合法：e5 上没有棋子（局面 {}）", pos.fen())
        );
        let undo = pos.play(Move::parse_uci("h2e2").unwrap()).unwrap();
        pos.undo(undo);
        assert_eq!(pos, Position::startpos());
    }

    #[test]
    fn play_agrees_with_the_legal_move_list() {
        let mut picker = super::super::random_moves::RandomMoves::new(0x7e57_ab1e);
        let mut pos = Position::startpos();
        for _ in 0..60 {
            let legal = pos.legal_moves();
            for from in super::super::Square::all() {
                for to in super::super::Square::all().step_by(7) {
                    let mv = Move::new(from, to);
                    let mut probe = pos.clone();
                    assert_eq!(probe.play(mv).is_ok(), legal.contains(&mv), "{mv}");
                }
            }
            let Some(mv) = picker.pick(&pos) else { break };
            pos.play_unchecked(mv);
        }
    }
}
