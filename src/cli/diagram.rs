//! A text diagram of the board for people: Chinese piece names, Red at the
//! bottom, file numbers for both sides, coordinates, and optional ANSI colour.

use crate::board::{Color, Piece, Position, Ranks, Role, Square};

/// The character shown for a piece: Black's chariot, horse and cannon use the
/// traditional forms (車 馬 砲) so that the two sides differ even without colour.
fn glyph(piece: Piece) -> char {
    match (piece.color, piece.role) {
        (Color::Black, Role::Rook) => '車',
        (Color::Black, Role::Horse) => '馬',
        (Color::Black, Role::Cannon) => '砲',
        _ => piece.chinese(),
    }
}

const EMPTY: char = '＋';
const BLACK_FILES: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const RED_FILES: [char; 9] = ['九', '八', '七', '六', '五', '四', '三', '二', '一'];

fn row_of(chars: impl IntoIterator<Item = char>) -> String {
    chars
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The board of `pos` as lines of text, Red at the bottom, its ranks
/// numbered in `ranks` (0–9, or 1–10 for a record read so). With `colour`,
/// Red's pieces are printed in red and Black's in bold (ANSI escapes).
pub(super) fn diagram(pos: &Position, colour: bool, ranks: Ranks) -> String {
    // Ranks 1–10 take two columns, and the rows below the board one more.
    let (from, margin) = match ranks {
        Ranks::FromZero => (0, "  "),
        Ranks::FromOne => (1, "   "),
    };
    let width = margin.len() - 1;
    let mut out = format!("{margin}{}\n", row_of(BLACK_FILES));
    for rank in (0..10).rev() {
        let cells: Vec<String> = (0..9)
            .map(
                |file| match Square::at(file, rank).and_then(|sq| pos.piece_at(sq)) {
                    None => EMPTY.to_string(),
                    Some(p) if colour => {
                        let code = if p.color == Color::Red { "1;31" } else { "1" };
                        format!("\x1b[{code}m{}\x1b[0m", glyph(p))
                    }
                    Some(p) => glyph(p).to_string(),
                },
            )
            .collect();
        let number = rank + from;
        out.push_str(&format!("{number:>width$} {}\n", cells.join(" ")));
        if rank == 5 {
            out.push_str(&format!("{margin}～～～～ 楚 河    汉 界 ～～～～\n"));
        }
    }
    out.push_str(&format!("{margin}{}\n", row_of(RED_FILES)));
    out.push_str(&format!("{margin}a  b  c  d  e  f  g  h  i\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_both_armies_in_place() {
        let d = diagram(&Position::startpos(), false, Ranks::FromZero);
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines.len(), 14);
        assert_eq!(lines[0], "  １ ２ ３ ４ ５ ６ ７ ８ ９");
        assert_eq!(lines[1], "9 車 馬 象 士 将 士 象 馬 車");
        assert_eq!(lines[3], "7 ＋ 砲 ＋ ＋ ＋ ＋ ＋ 砲 ＋");
        assert_eq!(lines[11], "0 车 马 相 仕 帅 仕 相 马 车");
        assert_eq!(lines[12], "  九 八 七 六 五 四 三 二 一");
        assert!(!d.contains('\x1b'));
    }

    #[test]
    fn ranks_from_one_are_numbered_1_to_10_in_two_columns() {
        let d = diagram(&Position::startpos(), false, Ranks::FromOne);
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[0], "   １ ２ ３ ４ ５ ６ ７ ８ ９");
        assert_eq!(lines[1], "10 車 馬 象 士 将 士 象 馬 車");
        assert_eq!(lines[11], " 1 车 马 相 仕 帅 仕 相 马 车");
        assert_eq!(lines[13], "   a  b  c  d  e  f  g  h  i");
    }

    #[test]
    fn colour_marks_each_side() {
        let d = diagram(&Position::startpos(), true, Ranks::FromZero);
        assert!(d.contains("\x1b[1;31m帅\x1b[0m"));
        assert!(d.contains("\x1b[1m将\x1b[0m"));
    }
}
