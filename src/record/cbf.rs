//! 象棋桥 CBF records: a small XML document, read by hand.
//!
//! `<Head>` holds the tags (`<Red>`, `<Event>`, `<FEN>`, `<RecordResult>`,
//! ...); `<MoveList>` holds `<Move value="XY-XY">` elements with X the file
//! and Y the row from the top, and an optional CDATA comment. The first
//! move `00-00` carries the game comment.

use crate::board::{Move, Position, Square};

use super::error::{ErrorKind, RecordError};
use super::game::Game;
use super::place::Place;
use super::replay::{Replay, initial_position};
use crate::notation::Outcome;
use crate::text::offset_in;
use crate::words::Words;

/// Head elements and the tag names they become.
const TAG_NAMES: [(&str, &str); 14] = [
    ("Name", "Title"),
    ("Contest", "Event"),
    ("Round", "Round"),
    ("Date", "Date"),
    ("Site", "Site"),
    ("TimeRule", "TimeControl"),
    ("Red", "Red"),
    ("RedTeam", "RedTeam"),
    ("Black", "Black"),
    ("BlackTeam", "BlackTeam"),
    ("Commentator", "Annotator"),
    ("ECCO", "ECCO"),
    ("Group", "Group"),
    ("Table", "Table"),
];

/// Reads one CBF document.
pub(crate) fn read(text: &str, name: &str) -> Result<Game, RecordError> {
    let err = |kind, why: Words| RecordError::game(name, 0, kind, why);
    if !text.contains("<ChineseChessRecord") {
        // No CBF document at all: said of the file, not of a game in it.
        return Err(RecordError::file(
            name,
            ErrorKind::Corrupt,
            Words::new(
                "a CBF file has a <ChineseChessRecord> root element",
                "CBF文件的根元素应为<ChineseChessRecord>",
            ),
        ));
    }
    let head = section(text, "Head").unwrap_or("");
    let start =
        match element(head, "FEN").map(str::trim) {
            Some(f) if !f.is_empty() => Position::from_fen(&unescape(f)).map_err(|e| {
                err(ErrorKind::BadPosition, e.words().prefixed("<FEN>", "<FEN>"))
                    .at(Place::in_text(text, offset_in(text, f), 1))
            })?,
            _ => initial_position(),
        };
    let list = section(text, "MoveList").ok_or_else(|| {
        err(
            ErrorKind::Syntax,
            Words::new(
                "the CBF file is incomplete: it has no moves (no <MoveList> element)",
                "CBF文件不完整（缺少着法）",
            ),
        )
    })?;
    let mut replay = Replay::new(start, false);
    let mut rest = list;
    while let Some(i) = rest.find("<Move ") {
        // The element's place in the file, for a move that cannot be played.
        let element_at = offset_in(text, rest) + i;
        let place = || Place::in_text(text, element_at, 1);
        let after = &rest[i + 6..];
        let Some(tag_end) = after.find('>') else {
            return Err(err(
                ErrorKind::Syntax,
                Words::new("a <Move> element is not closed", "<Move>元素没有闭合"),
            )
            .at(place()));
        };
        let attrs = &after[..tag_end];
        let self_closing = attrs.trim_end().ends_with('/');
        let body_start = tag_end + 1;
        let (body, next) = if self_closing {
            ("", &after[body_start..])
        } else {
            match after[body_start..].find("</Move>") {
                Some(e) => (
                    &after[body_start..body_start + e],
                    &after[body_start + e + 7..],
                ),
                None => {
                    return Err(err(
                        ErrorKind::Syntax,
                        Words::new("a <Move> element has no </Move>", "<Move>元素没有</Move>"),
                    )
                    .at(place()));
                }
            }
        };
        rest = next;
        let value = attribute(attrs, "value").unwrap_or_default();
        let comment = cdata(body);
        if value == "00-00" {
            if let Some(c) = comment {
                replay.comment(&c);
            }
            continue;
        }
        let Some(mv) = parse_move(&value) else {
            // A value of the CBF kind that is no move says why; other text
            // may be a move written in a notation.
            match value_fault(&value) {
                Some(why) => {
                    // The value as written, or the element when it has none.
                    let written = if value.is_empty() {
                        format!("<Move {}>", attrs.trim_end_matches('/').trim())
                    } else {
                        value.clone()
                    };
                    replay.unreadable(
                        &written,
                        Words::new(
                            format!("the <Move> element {}", why.en),
                            format!("<Move>元素{}", why.zh),
                        ),
                    );
                }
                None => {
                    replay.push_text(&value);
                }
            }
            replay.stopped_at(place);
            break;
        };
        if !replay.push_move(mv, &value) {
            replay.stopped_at(place);
            break;
        }
        if let Some(c) = comment {
            replay.comment(&c);
        }
    }
    let game = replay.game_mut();
    for (elem, tag) in TAG_NAMES {
        if let Some(v) = element(head, elem) {
            game.push_tag(tag, &unescape(v));
        }
    }
    let code = element(head, "RecordResult").and_then(|r| r.trim().parse::<u32>().ok());
    game.result = code.and_then(Outcome::from_code);
    if let Some(r) = game.result {
        game.push_tag("Result", r.pgn());
    }
    Ok(replay.finish())
}

/// The text between `<name>` and `</name>`.
fn section<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let open = format!("<{name}>");
    let close = format!("</{name}>");
    let s = text.find(&open)? + open.len();
    let e = text[s..].find(&close)? + s;
    Some(&text[s..e])
}

/// The content of a simple element `<name>value</name>`; `<name />` is empty.
fn element<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    if head.contains(&format!("<{name} />")) || head.contains(&format!("<{name}/>")) {
        return Some("");
    }
    section(head, name)
}

fn attribute(attrs: &str, name: &str) -> Option<String> {
    let key = format!("{name}=\"");
    let s = attrs.find(&key)? + key.len();
    let e = attrs[s..].find('"')? + s;
    Some(unescape(&attrs[s..e]))
}

fn cdata(body: &str) -> Option<String> {
    let text = match (body.find("<![CDATA["), body.rfind("]]>")) {
        (Some(s), Some(e)) if e >= s + 9 => body[s + 9..e].to_string(),
        _ => unescape(body),
    };
    let t = text.trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// How a CBF move is written, in words.
const FORM: [&str; 2] = [
    "a move is written value=\"XY-XY\", X the file 0–8 from Red's left and Y the row 0–9 from the top",
    "着法应写作value=\"XY-XY\"，X为自红方左起的纵线0–8，Y为自上而下的横线0–9",
];

/// Why the value of a `<Move>` element is no move, if it is of the CBF
/// kind (empty, or digits and dashes) but not `XY-XY` on the board: none
/// given, another shape, a point off the board, or no movement.
fn value_fault(value: &str) -> Option<Words> {
    let [form, form_zh] = FORM;
    if value.is_empty() {
        return Some(Words::new(
            format!("gives no move (no value): {form}"),
            format!("没有给出着法（value为空）：{form_zh}"),
        ));
    }
    if !value.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
        return None;
    }
    let b = value.as_bytes();
    let [x1, _, b'-', x2, _] = b else {
        return Some(Words::new(
            format!("has the value '{value}', not of the form XY-XY: {form}"),
            format!("的值为“{value}”，不是XY-XY的形式：{form_zh}"),
        ));
    };
    // Rows are 0–9, any digit: only a file can be off the board.
    if let Some(x) = [x1, x2].into_iter().find(|&&x| x > b'8') {
        let x = char::from(*x);
        return Some(Words::new(
            format!("has the value '{value}': file {x} is off the board (files are 0–8)"),
            format!("的值为“{value}”：纵线{x}在棋盘之外（纵线为0–8）"),
        ));
    }
    Some(Words::new(
        format!("has the value '{value}', which moves from a point to the same point"),
        format!("的值为“{value}”，起点与终点相同"),
    ))
}

/// `XY-XY`, X the file, Y the row from the top.
fn parse_move(value: &str) -> Option<Move> {
    let b = value.as_bytes();
    let [x1, y1, b'-', x2, y2] = b else {
        return None;
    };
    let d = |c: u8| c.is_ascii_digit().then(|| i32::from(c - b'0'));
    let from = Square::at(d(*x1)?, 9 - d(*y1)?)?;
    let to = Square::at(d(*x2)?, 9 - d(*y2)?)?;
    (from != to).then(|| Move::new(from, to))
}

/// Replaces the five XML entities and numeric character references.
fn unescape(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        let Some(semi) = after.find(';').filter(|&n| n <= 10) else {
            out.push('&');
            rest = &after[1..];
            continue;
        };
        let ent = &after[1..semi];
        let c = match ent {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => ent
                .strip_prefix("#x")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| ent.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &after[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Lang;

    const DOC: &str = "<?xml version=\"1.0\"?>\n<ChineseChessRecord Version=\"1.0\">\n<Head>\n<Name>A &amp; B</Name>\n\
        <Red>甲</Red>\n<Black />\n<RecordResult>2</RecordResult>\n\
        <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN>\n</Head>\n<MoveList>\n\
        <Move value=\"00-00\"><![CDATA[game note]]></Move>\n<Move value=\"77-47\" />\n\
        <Move value=\"70-62\" end=\"1\"><![CDATA[红方认负]]></Move>\n</MoveList>\n</ChineseChessRecord>";

    #[test]
    fn reads_head_and_moves() {
        let g = read(DOC, "t.cbf").unwrap();
        assert_eq!(g.uci_moves(), ["h2e2", "h9g7"]);
        assert_eq!(g.tag("Title"), Some("A & B"));
        assert_eq!(g.red(), Some("甲"));
        assert_eq!(g.black(), None);
        assert_eq!(g.result, Some(Outcome::BlackWins));
        assert_eq!(g.comment.as_deref(), Some("game note"));
        assert_eq!(g.termination.as_deref(), Some("红方认负"));
    }

    #[test]
    fn a_move_value_that_is_no_move_says_what_where_and_why() {
        let reason = |from: &str, to: &str| {
            let g = read(&DOC.replace(from, to), "t.cbf").unwrap();
            assert_eq!(g.moves.len(), 1);
            let bad = g.illegal.unwrap();
            // The element's place: where its `<` is.
            assert_eq!(
                bad.place,
                Some(Place::Text {
                    line: 13,
                    column: 1
                })
            );
            (bad.text, bad.reason.en, bad.reason.zh)
        };
        let (text, en, zh) = reason("value=\"70-62\"", "value=\"\"");
        assert_eq!(text, "<Move value=\"\" end=\"1\">");
        assert_eq!(
            en,
            "the <Move> element gives no move (no value): a move is written \
             value=\"XY-XY\", X the file 0–8 from Red's left and Y the row 0–9 from the top"
        );
        assert!(
            zh.starts_with("<Move>元素没有给出着法（value为空）"),
            "{zh}"
        );
        let (text, en, _) = reason(" value=\"70-62\"", "");
        assert_eq!(text, "<Move end=\"1\">");
        assert!(en.contains("gives no move (no value)"), "{en}");
        let (_, en, _) = reason("70-62", "70-6");
        assert!(
            en.ends_with(
                "has the value '70-6', not of the form XY-XY: a move is written \
                 value=\"XY-XY\", X the file 0–8 from Red's left and Y the row 0–9 from the top"
            ),
            "{en}"
        );
        let (text, en, _) = reason("70-62", "90-62");
        assert_eq!(text, "90-62");
        assert!(
            en.ends_with("has the value '90-62': file 9 is off the board (files are 0–8)"),
            "{en}"
        );
        let (_, en, _) = reason("70-62", "70-70");
        assert!(
            en.ends_with("which moves from a point to the same point"),
            "{en}"
        );
    }

    #[test]
    fn bad_moves_and_documents() {
        let g = read(&DOC.replace("70-62", "70-99"), "t.cbf").unwrap();
        assert_eq!(g.moves.len(), 1);
        let bad = g.illegal.unwrap();
        assert_eq!(bad.text, "70-99");
        assert_eq!(
            bad.place,
            Some(Place::Text {
                line: 13,
                column: 1
            })
        );
        // No CBF document at all is said of the file, not of a game #0 in it.
        assert_eq!(
            read("<x/>", "t.cbf").unwrap_err().to_string(),
            "t.cbf: a CBF file has a <ChineseChessRecord> root element"
        );
        let cut = &DOC[..DOC.find("<MoveList>").unwrap()];
        let e = read(cut, "t.cbf").unwrap_err();
        assert!(
            e.in_lang(Lang::Zh).ends_with("CBF文件不完整（缺少着法）"),
            "{e}"
        );
        assert!(read(&DOC.replace("</Move>", ""), "t.cbf").is_err());
        assert_eq!(unescape("&#x4e2d;&#20013;&bogus;"), "中中&bogus;");
    }
}
