//! Which numerals a record's Chinese moves are written with, against the
//! custom: Chinese numerals for Red (炮二平五), Arabic digits for Black
//! (马８进７). Moves are read whatever their numerals, so a record with a
//! move left out reads on as the mirror game, Red's moves taken for Black's;
//! numerals that all go against the custom are the sign of it.

use super::symbol::fold_width;
use crate::board::Color;

/// The style of the number ending a Chinese move, if it has one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Numeral {
    /// 一…九 (or the financial 壹…玖).
    Chinese,
    /// 1…9, half or full width.
    Arabic,
}

/// The style of the number that ends `text`, for a move in Chinese notation
/// (one with a Chinese character); `None` for coordinates and WXF.
fn numeral(text: &str) -> Option<Numeral> {
    let text = text.trim();
    if !text.chars().any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c)) {
        return None;
    }
    match fold_width(text.chars().last()?) {
        '1'..='9' => Some(Numeral::Arabic),
        c if "一二三四五六七八九壹贰貳叁參肆伍陆陸柒捌玖".contains(c) => {
            Some(Numeral::Chinese)
        }
        _ => None,
    }
}

/// Where the Chinese moves of a record, `texts` in the order played with
/// `first` moving first, start to write their numbers against the custom
/// (Red with Arabic digits, Black with Chinese numerals) and keep doing so to
/// the end, at least two of them, or the one move of a record of one move
/// (炮8平5 alone is Black's move written for Red): the 1-based ply and text
/// of the first such move, or `None`. A record written all in one style
/// (炮2平5 马8进7) is the custom for one side in every round and is not
/// flagged.
pub(crate) fn reversed_numerals<'a>(
    first: Color,
    texts: impl IntoIterator<Item = &'a str>,
) -> Option<(usize, &'a str)> {
    // The run of reversed moves since the last move written the usual way.
    let mut run: Option<(usize, &str)> = None;
    let mut reversed = 0;
    let mut mover = first;
    let mut plies = 0;
    for (i, text) in texts.into_iter().enumerate() {
        plies = i + 1;
        let usual = match mover {
            Color::Red => Numeral::Chinese,
            Color::Black => Numeral::Arabic,
        };
        match numeral(text) {
            Some(n) if n == usual => {
                run = None;
                reversed = 0;
            }
            Some(_) => {
                reversed += 1;
                run.get_or_insert((i + 1, text));
            }
            None => {}
        }
        mover = !mover;
    }
    run.filter(|_| reversed >= 2 || plies == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_one_move_out_of_step_has_its_numerals_reversed_from_there() {
        let texts = ["马8进7", "马二进三", "车9平8", "车一平二"];
        assert_eq!(reversed_numerals(Color::Red, texts), Some((1, "马8进7")));
        // A move left out after ply 2: from ply 3 on, the mirror game.
        let texts = [
            "炮二平五",
            "马8进7",
            "马2进3",
            "兵七进一",
            "卒7进1",
            "马八进七",
        ];
        assert_eq!(reversed_numerals(Color::Red, texts), Some((3, "马2进3")));
        // Reversed moves followed by the custom are a slip, not a shift.
        let texts = ["马8进7", "马二进三", "炮二平五"];
        assert_eq!(reversed_numerals(Color::Red, texts), None);
        // Full-width digits and financial numerals count too.
        assert_eq!(
            reversed_numerals(Color::Red, ["马８进７", "马贰进叁"]),
            Some((1, "马８进７"))
        );
    }

    #[test]
    fn a_record_of_one_move_in_the_other_sides_numerals_is_flagged() {
        assert_eq!(
            reversed_numerals(Color::Red, ["炮8平5"]),
            Some((1, "炮8平5"))
        );
        assert_eq!(
            reversed_numerals(Color::Black, ["炮二平五"]),
            Some((1, "炮二平五"))
        );
        assert_eq!(reversed_numerals(Color::Red, ["炮二平五"]), None);
        assert_eq!(reversed_numerals(Color::Black, ["炮8平5"]), None);
    }

    #[test]
    fn the_custom_one_style_throughout_and_other_notations_are_not_flagged() {
        let custom = ["炮二平五", "马８进７", "马二进三", "车９平８"];
        assert_eq!(reversed_numerals(Color::Red, custom), None);
        // Arabic for both sides: usual for Black.
        assert_eq!(
            reversed_numerals(Color::Red, ["炮2平5", "马8进7", "马2进3"]),
            None
        );
        // Coordinates and WXF say nothing; one reversed move in a longer
        // record is not enough.
        assert_eq!(
            reversed_numerals(Color::Red, ["h2e2", "C8.5", "马2进3"]),
            None
        );
        assert_eq!(reversed_numerals(Color::Red, ["h2e2", "炮二平五"]), None);
        // Black first: 马８进７ is the custom.
        assert_eq!(
            reversed_numerals(Color::Black, ["马８进７", "马二进三"]),
            None
        );
    }
}
