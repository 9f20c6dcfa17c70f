//! How the program speaks of a board to people: in a language, and with
//! its ranks numbered as the record does (UCCI's 0–9, or 1–10 for a record
//! read so). The reasons of a ruling name their squares and moves through
//! it, so that each is written in the record's ranks as it is made.

use crate::board::{Move, Piece, Ranks, Square, SquareIn};
use crate::words::Lang;

/// A language, and the numbering of the ranks in which squares and moves
/// are written. A [`Lang`] alone speaks in UCCI's ranks 0–9.
///
/// ```
/// use xqarbiter::board::Ranks;
/// use xqarbiter::rules::Voice;
/// use xqarbiter::words::Lang;
/// assert_eq!(Voice::from(Lang::Zh), Voice::new(Lang::Zh, Ranks::FromZero));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Voice {
    /// The language.
    pub lang: Lang,
    /// The numbering of the ranks.
    pub ranks: Ranks,
}

impl Voice {
    /// `lang` with ranks numbered in `ranks`.
    pub const fn new(lang: Lang, ranks: Ranks) -> Voice {
        Voice { lang, ranks }
    }

    /// `sq` with its rank in this numbering: `h2`, or `h3` in ranks 1–10.
    pub(crate) const fn square(self, sq: Square) -> SquareIn {
        sq.in_ranks(self.ranks)
    }

    /// `mv` in coordinates in this numbering: `h2e2`, or `h3e3` in ranks 1–10.
    pub(crate) fn coordinates(self, mv: Move) -> String {
        mv.in_ranks(self.ranks)
    }

    /// A piece on a square in English: "red rook h2".
    pub(crate) fn piece_en(self, piece: Piece, sq: Square) -> String {
        format!("{} {} {}", piece.color, piece.role.name(), self.square(sq))
    }

    /// A piece on a square in Chinese: "红车(h2)".
    pub(crate) fn piece_zh(self, piece: Piece, sq: Square) -> String {
        format!(
            "{}{}({})",
            piece.color.name_zh(),
            piece.chinese(),
            self.square(sq)
        )
    }

    /// A piece on a square in this language: [`Voice::piece_en`] or
    /// [`Voice::piece_zh`].
    pub(crate) fn piece(self, piece: Piece, sq: Square) -> String {
        match self.lang {
            Lang::En => self.piece_en(piece, sq),
            Lang::Zh => self.piece_zh(piece, sq),
        }
    }
}

impl From<Lang> for Voice {
    /// `lang` in UCCI's ranks 0–9.
    fn from(lang: Lang) -> Voice {
        Voice::new(lang, Ranks::FromZero)
    }
}
