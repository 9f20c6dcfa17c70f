//! Writing moves in each notation.

use super::describe::{Desc, Variant};
use super::symbol::Sym;
use crate::board::{Color, Move, Piece, Position};

/// A move notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Notation {
    /// UCCI / UCI coordinates, `h2e2`.
    Uci,
    /// ICCS coordinates, `H2-E2`.
    Iccs,
    /// Chinese (中文纵线), `炮二平五`, `马８进７`.
    Chinese,
    /// WXF, `C2.5`, `H8+7`.
    Wxf,
}

impl Notation {
    /// All notations.
    pub const ALL: [Notation; 4] = [
        Notation::Uci,
        Notation::Iccs,
        Notation::Chinese,
        Notation::Wxf,
    ];

    /// Lower-case name: `uci`, `iccs`, `chinese`, `wxf`.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Uci => "uci",
            Notation::Iccs => "iccs",
            Notation::Chinese => "chinese",
            Notation::Wxf => "wxf",
        }
    }

    /// Reads a name as written by [`Notation::name`] (case-insensitive; `ucci`
    /// and `zh` are accepted too).
    pub fn from_name(name: &str) -> Option<Notation> {
        Some(match name.to_ascii_lowercase().as_str() {
            "uci" | "ucci" => Notation::Uci,
            "iccs" => Notation::Iccs,
            "chinese" | "zh" => Notation::Chinese,
            "wxf" => Notation::Wxf,
            _ => return None,
        })
    }
}

/// Which of the published conventions to write when pawns stand two or more
/// on each of two files (they all agree otherwise).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum PawnConvention {
    /// xqbase / XQWizard: number all pawns on those files from the mover's
    /// right, front to back: 一兵平五, 二兵平五, …
    #[default]
    Xqbase,
    /// Traditional five characters: marker within the file, piece, file: 前兵四平五.
    FiveChar,
    /// DhtmlXQ / CXA short form, four characters without the piece: 前九平八.
    Dhtmlxq,
}

/// How to write Chinese notation.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ChineseStyle {
    /// The convention for pawns doubled on two files.
    pub pawns: PawnConvention,
    /// Write Black's file numbers and steps as ASCII `1`–`9` instead of full-width `１`–`９`.
    pub ascii_black_digits: bool,
}

/// How to write WXF.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum WxfStyle {
    /// Official WXF: `H8+7`, `R+.3`, `++.4`, `3+.4`.
    #[default]
    Official,
    /// xqbase's `[Format "WXF"]`: letters N and B, marker after the piece
    /// (`C+-2`, `P..4`), pawn ordinals `a`–`e` (`Pa.5`).
    Xqbase,
}

/// Options for [`render_with`]; the default is xqbase Chinese and official WXF.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RenderOptions {
    /// Chinese notation style.
    pub chinese: ChineseStyle,
    /// WXF style.
    pub wxf: WxfStyle,
}

/// Writes the legal move `mv` of `pos` in `notation` with the default style.
///
/// ```
/// use xqarbiter::board::{Move, Position};
/// use xqarbiter::notation::{Notation, render};
/// let pos = Position::startpos();
/// let mv = Move::parse_uci("h2e2").unwrap();
/// assert_eq!(render(&pos, mv, Notation::Chinese), "炮二平五");
/// assert_eq!(render(&pos, mv, Notation::Wxf), "C2.5");
/// assert_eq!(render(&pos, mv, Notation::Iccs), "H2-E2");
/// ```
pub fn render(pos: &Position, mv: Move, notation: Notation) -> String {
    render_with(pos, mv, notation, &RenderOptions::default())
}

/// Writes the legal move `mv` of `pos` in `notation` with `options`. A move
/// without a piece on its origin is written in UCCI coordinates whatever the notation.
pub fn render_with(
    pos: &Position,
    mv: Move,
    notation: Notation,
    options: &RenderOptions,
) -> String {
    let chinese = |d: &Desc| {
        let variant = match (d.multi, options.chinese.pawns) {
            (Some(_), PawnConvention::FiveChar) => Variant::PieceFile,
            (Some(_), PawnConvention::Dhtmlxq) => Variant::ShortPawn,
            _ => Variant::Xqbase,
        };
        d.write(variant)
            .map(|syms| chinese_text(&syms, d.color, options.chinese.ascii_black_digits))
    };
    let wxf = |d: &Desc| match options.wxf {
        WxfStyle::Official => d
            .write(Variant::WxfOfficial)
            .map(|syms| wxf_text(&syms, false)),
        WxfStyle::Xqbase => d
            .write(Variant::WxfXqbase)
            .or_else(|| d.write(Variant::Xqbase))
            .map(|syms| wxf_text(&syms, true)),
    };
    let described = || Desc::new(pos, mv);
    let text = match notation {
        Notation::Uci => None,
        Notation::Iccs => Some(mv.to_iccs()),
        Notation::Chinese => described().as_ref().and_then(chinese),
        Notation::Wxf => described().as_ref().and_then(wxf),
    };
    text.unwrap_or_else(|| mv.to_string())
}

const CHINESE_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FULL_WIDTH_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// A number of the Chinese notation: Red writes 一…九, Black １…９ (or ASCII).
pub(crate) fn chinese_digit(n: u8, color: Color, ascii_black: bool) -> char {
    let i = n.clamp(1, 9) as usize - 1;
    match color {
        Color::Red => CHINESE_NUMERALS[i],
        Color::Black if ascii_black => (b'1' + i as u8) as char,
        Color::Black => FULL_WIDTH_DIGITS[i],
    }
}

/// Symbols written in Chinese for `color`.
pub(crate) fn chinese_text(syms: &[Sym], color: Color, ascii_black: bool) -> String {
    syms.iter()
        .map(|&s| match s {
            Sym::Digit(n) => chinese_digit(n, color, ascii_black),
            Sym::Ordinal(n) => CHINESE_NUMERALS[n.clamp(1, 9) as usize - 1],
            Sym::Role(r) => Piece::new(color, r).chinese(),
            Sym::Forward => '进',
            Sym::Backward => '退',
            Sym::Sideways => '平',
            Sym::Front => '前',
            Sym::Middle => '中',
            Sym::Rear => '后',
        })
        .collect()
}

/// Symbols written in WXF letters; `xqbase` selects N/B and ordinals `a`–`e`.
pub(crate) fn wxf_text(syms: &[Sym], xqbase: bool) -> String {
    syms.iter()
        .map(|&s| match s {
            Sym::Digit(n) => (b'0' + n) as char,
            Sym::Ordinal(n) if xqbase => (b'a' + n - 1) as char,
            Sym::Ordinal(n) => (b'0' + n) as char,
            Sym::Role(r) => match (r.upper_char(), xqbase) {
                ('N', false) => 'H',
                ('B', false) => 'E',
                (c, _) => c,
            },
            Sym::Forward | Sym::Front => '+',
            Sym::Backward | Sym::Rear => '-',
            Sym::Sideways | Sym::Middle => '.',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(fen: &str, mv: &str) -> [String; 4] {
        let pos = Position::from_fen(fen).unwrap();
        let mv = Move::parse_uci(mv).unwrap();
        Notation::ALL.map(|n| render(&pos, mv, n))
    }

    #[test]
    fn worked_table_of_the_spec() {
        let start = crate::board::START_FEN;
        let after_h2e2 = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b";
        let after_h9g7 = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w";
        assert_eq!(all(start, "h2e2"), ["h2e2", "H2-E2", "炮二平五", "C2.5"]);
        assert_eq!(
            all(after_h2e2, "h9g7"),
            ["h9g7", "H9-G7", "马８进７", "H8+7"]
        );
        assert_eq!(
            all(after_h9g7, "h0g2"),
            ["h0g2", "H0-G2", "马二进三", "H2+3"]
        );
        assert_eq!(
            all(after_h2e2, "a9b9"),
            ["a9b9", "A9-B9", "车１平２", "R1.2"]
        );
        assert_eq!(all(start, "c3c4"), ["c3c4", "C3-C4", "兵七进一", "P7+1"]);
    }

    #[test]
    fn tandem_pieces_and_styles() {
        // Red cannons on e6 and e3 (xqbase example 前炮退二 = E6-E4).
        let fen = "rnbakabnr/9/1c5c1/p1p1C1p1p/9/9/P1P1P1P1P/4C4/9/RNBAKABNR w";
        assert_eq!(all(fen, "e6e4")[2..], ["前炮退二", "C+-2"]);
        assert_eq!(all(fen, "e2d2")[2..], ["后炮平六", "C-.6"]);
        let pos = Position::from_fen(fen).unwrap();
        let xq = RenderOptions {
            wxf: WxfStyle::Xqbase,
            ..RenderOptions::default()
        };
        let mv = Move::parse_uci("e6e4").unwrap();
        assert_eq!(render_with(&pos, mv, Notation::Wxf, &xq), "C+-2");
        let mv = Move::parse_uci("h0g2").unwrap();
        assert_eq!(render_with(&pos, mv, Notation::Wxf, &xq), "N2+3");
    }

    #[test]
    fn pawn_conventions_and_black_digits() {
        let fen = "4k4/3P1P3/9/3P1P3/9/9/9/9/9/3K5 w";
        let pos = Position::from_fen(fen).unwrap();
        let mv = Move::parse_uci("f6e6").unwrap();
        let with = |pawns| {
            let options = RenderOptions {
                chinese: ChineseStyle {
                    pawns,
                    ascii_black_digits: false,
                },
                ..RenderOptions::default()
            };
            render_with(&pos, mv, Notation::Chinese, &options)
        };
        assert_eq!(with(PawnConvention::Xqbase), "二兵平五");
        assert_eq!(with(PawnConvention::FiveChar), "后兵四平五");
        assert_eq!(with(PawnConvention::Dhtmlxq), "后四平五");
        assert_eq!(render(&pos, mv, Notation::Wxf), "4-.5");

        let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b";
        let pos = Position::from_fen(black).unwrap();
        let mv = Move::parse_uci("h9g7").unwrap();
        let ascii = RenderOptions {
            chinese: ChineseStyle {
                ascii_black_digits: true,
                ..ChineseStyle::default()
            },
            ..RenderOptions::default()
        };
        assert_eq!(render_with(&pos, mv, Notation::Chinese, &ascii), "马8进7");
    }

    #[test]
    fn notation_names() {
        for n in Notation::ALL {
            assert_eq!(Notation::from_name(n.name()), Some(n));
        }
        assert_eq!(Notation::from_name("UCCI"), Some(Notation::Uci));
        assert_eq!(Notation::from_name("pgn"), None);
    }
}
