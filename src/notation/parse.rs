//! Reading one move: coordinates directly, Chinese and WXF by rendering the
//! legal moves in every accepted convention and matching the text against them.

use arrayvec::ArrayVec;

use super::describe::{CHINESE_TIERS, Desc, Variant, WXF_EQUALS_TIERS, WXF_TIERS, destination};
use super::render::{Notation, chinese_digit, render};
use super::suggest::near_misses;
use super::symbol::{self, Family, Input, Sym};
use super::xboard_san;
use crate::board::{
    Bitboard, File, Illegality, Move, Piece, Position, Ranks, Role, Square, piece_zh,
};
use crate::words::{Lang, Words};

/// What is wrong with a move text.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NotationErrorKind {
    /// It reads as no move in any notation (or breaks the move list it stands in).
    Unreadable,
    /// It reads as a move, but the position has no such legal move.
    NoSuchMove,
    /// It fits several legal moves.
    Ambiguous,
}

/// A move text that does not name exactly one legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{text}': {}", .reason.en)]
#[non_exhaustive]
pub struct NotationError {
    /// The text as written.
    pub text: String,
    /// What is wrong with it.
    pub kind: NotationErrorKind,
    /// Why it names no legal move, or several.
    pub reason: Words,
    /// The legal moves of the position, in the notation the text seemed to use.
    pub legal: Vec<String>,
}

impl NotationError {
    /// The message in `lang`: the text as written and why it is no move.
    ///
    /// ```
    /// use xqarbiter::Lang;
    /// use xqarbiter::notation::parse_move;
    ///
    /// let err = parse_move(&xqarbiter::Position::startpos(), "炮二进九").unwrap_err();
    /// assert!(err.in_lang(Lang::En).starts_with("'炮二进九': "));
    /// assert!(err.in_lang(Lang::Zh).starts_with("“炮二进九”："));
    /// ```
    pub fn in_lang(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => format!("“{}”：{}", self.text, self.reason.zh),
        }
    }
}

/// Reads one move of the side to move in `pos`, in any notation: UCCI
/// (`h2e2`), ICCS (`H2-E2`), Chinese (`炮二平五`, traditional glyphs, any digit
/// form, all tandem-pawn conventions) or WXF and its variants (`C2.5`, `C2=5`,
/// `N8+7`, `C+-2`, `+C-2`, `fC+2`, `Pa.5`, `13=4`, keypad codes `62.5`, full width).
///
/// ```
/// use xqarbiter::board::Position;
/// use xqarbiter::notation::parse_move;
/// let pos = Position::startpos();
/// let mv = parse_move(&pos, "炮二平五").unwrap();
/// assert_eq!(mv.to_string(), "h2e2");
/// assert_eq!(parse_move(&pos, "C2.5").unwrap(), mv);
/// let err = parse_move(&pos, "炮二进九").unwrap_err();
/// assert!(err.legal.contains(&"炮二平五".to_string()));
/// ```
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    read_move(pos, text).map_err(|failure| failure.into_error(pos, text))
}

/// Why a text is not a move, before the list of legal moves is written out.
#[derive(Debug, Clone)]
pub(crate) struct Failure {
    notation: Notation,
    kind: NotationErrorKind,
    why: Words,
    /// Whether the text names no legal move (not several): the legal moves
    /// one symbol away are then suggested.
    suggest: bool,
}

impl Failure {
    /// An unreadable text, for reason `why`, whose legal moves will be listed in `notation`.
    pub(crate) fn new(notation: Notation, why: Words) -> Failure {
        Failure {
            notation,
            kind: NotationErrorKind::Unreadable,
            why,
            suggest: false,
        }
    }

    /// [`Failure::new`] for a text that names no legal move (it is `kind`
    /// of wrong): the moves one slip away from it are suggested.
    fn no_match(notation: Notation, kind: NotationErrorKind, why: Words) -> Failure {
        Failure {
            kind,
            suggest: true,
            ..Failure::new(notation, why)
        }
    }

    /// The failure with its reason rewritten by `more` (told what else
    /// went wrong around the text).
    pub(crate) fn explained(self, more: impl FnOnce(Words) -> Words) -> Failure {
        Failure {
            why: more(self.why),
            ..self
        }
    }

    /// Whether `text` reads as no move at all in `pos`: unreadable in every
    /// notation, and no slip away from a legal move (`本次`, `Round`, not
    /// `炮二平无`).
    pub(crate) fn is_no_move(&self, pos: &Position, text: &str) -> bool {
        self.kind == NotationErrorKind::Unreadable
            && (!self.suggest || near_misses(pos, text.trim()).is_empty())
    }

    /// The failure for `text`, its legal moves listed in the notation of
    /// the record's move before it, `previous`, when `text` reads as no
    /// notation at all (`xyz` after 炮二平五 lists Chinese moves, not WXF).
    pub(crate) fn listed_like(self, text: &str, previous: Option<&str>) -> Failure {
        if written_notation(text).is_some() {
            return self;
        }
        match previous.and_then(written_notation) {
            Some(notation) => Failure { notation, ..self },
            None => self,
        }
    }

    /// The full error, with the legal moves in the notation the text seemed
    /// to use, and the reason naming those one symbol away from the text.
    pub(crate) fn into_error(self, pos: &Position, text: &str) -> NotationError {
        self.into_error_and_near(pos, text).0
    }

    /// [`Failure::into_error`], and the legal moves one symbol away from
    /// the text that its reason names (most likely what was meant).
    pub(crate) fn into_error_and_near(
        self,
        pos: &Position,
        text: &str,
    ) -> (NotationError, Vec<String>) {
        let near = if self.suggest {
            near_misses(pos, text.trim())
        } else {
            ArrayVec::new()
        };
        let mut reason = self.why;
        let near: Vec<String> = near
            .iter()
            .map(|&m| render(pos, m, self.notation))
            .collect();
        if !near.is_empty() {
            let names = near.join(" ");
            reason = Words::new(
                format!("{}; one symbol away: {names}", reason.en),
                format!("{}；只差一个符号的合法着法：{names}", reason.zh),
            );
        }
        let error = NotationError {
            text: text.to_string(),
            kind: self.kind,
            reason,
            legal: legal_list(pos, self.notation),
        };
        (error, near)
    }
}

/// Why no move can be played in `pos`, reached after `played` plies, if the
/// game is over there: the side to move is mated or stalemated. A record
/// that goes on is told so, instead of being given an empty list of legal moves.
pub(crate) fn game_over(pos: &Position, played: usize) -> Option<Words> {
    if !pos.has_no_legal_moves() {
        return None;
    }
    let side = pos.turn();
    let (when, when_zh) = match played {
        0 => (
            "in the start position".to_string(),
            "起始局面中".to_string(),
        ),
        n => (format!("after ply {n}"), format!("第{n}着后")),
    };
    let (what, what_zh) = if pos.in_check() {
        ("checkmated", "已被将死")
    } else {
        ("stalemated (no legal move)", "已无着可走（困毙）")
    };
    Some(Words::new(
        format!("the game was already over: {side} was {what} {when}, so no move can follow"),
        format!(
            "对局已经结束：{when_zh}{}方{what_zh}，此后的着法无效",
            side.name_zh()
        ),
    ))
}

/// Every legal move of `pos` written in `notation`.
pub(crate) fn legal_list(pos: &Position, notation: Notation) -> Vec<String> {
    pos.legal_moves()
        .iter()
        .map(|&m| render(pos, m, notation))
        .collect()
}

/// The notation a move text is written in, whether or not it names a legal
/// move; `None` for a text that reads as none.
fn written_notation(text: &str) -> Option<Notation> {
    let text = text.trim();
    if let Some((_, iccs)) = coordinates(text) {
        return Some(if iccs { Notation::Iccs } else { Notation::Uci });
    }
    symbol::read(text).ok().map(|input| match input.family {
        Family::Chinese => Notation::Chinese,
        Family::Wxf => Notation::Wxf,
    })
}

/// Whether `text` is written as a move in coordinates or in Chinese
/// notation, whether or not it names a legal move (`h2e2`, `炮二平五`): the
/// notations whose moves are letters and digits alone (`Red` is no move,
/// though WXF reads its first letter as a rook).
pub(crate) fn reads_as_move_text(text: &str) -> bool {
    matches!(
        written_notation(text),
        Some(Notation::Iccs | Notation::Uci | Notation::Chinese)
    )
}

/// Whether `text` is written as a move in any notation, WXF too (`C2.5`),
/// whether or not it names a legal move: for a word after a move number,
/// where WXF's letters cannot be a word of prose.
pub(crate) fn reads_as_any_move_text(text: &str) -> bool {
    written_notation(text).is_some()
}

/// Whether `text` is one whole move in coordinates or has the shape of one
/// in Chinese notation, whether or not it is legal (`h2e2`, `炮二平五`,
/// `前兵九平八`): not the start of a move (`中炮`), nor a word of prose.
pub(crate) fn shaped_like_move(text: &str) -> bool {
    coordinates(text).is_some() || symbol::shaped_like_chinese_move(text)
}

/// Whether `text` has the shape of a move in coordinates (a letter and a
/// digit twice, maybe a dash between), whatever its squares: `z9z9`.
fn shaped_like_coordinates(text: &str) -> bool {
    let squares: Vec<u8> = text.bytes().filter(|&b| b != b'-').collect();
    matches!(squares[..], [a, b, c, d]
        if a.is_ascii_alphabetic() && b.is_ascii_digit() && c.is_ascii_alphabetic() && d.is_ascii_digit())
}

/// [`parse_move`] without building the error's move list.
pub(crate) fn read_move(pos: &Position, text: &str) -> Result<Move, Failure> {
    read_move_in(pos, text, Ranks::FromZero)
}

/// [`read_move`] of a record read in `ranks`: why the text is no move
/// names the squares of the board in them.
pub(crate) fn read_move_in(pos: &Position, text: &str, ranks: Ranks) -> Result<Move, Failure> {
    read_move_with(pos, text, (false, None), ranks).map(|read| read.mv)
}

/// [`read_move`], and the other reading of the text if another convention
/// reads it as another legal move.
pub(crate) fn read_move_noting(
    pos: &Position,
    text: &str,
) -> Result<(Move, Option<OtherReading>), Failure> {
    read_move_with(pos, text, (true, None), Ranks::FromZero).map(|read| (read.mv, read.other))
}

/// [`read_move_noting`] for a move of a record, whether only XBoard's SAN
/// read it too. `san_record` is the ply and text of the record's first move
/// that only XBoard's SAN read, if one did before: a text that reads as two
/// legal moves, in coordinates and in XBoard's SAN (`H0h2`: the rook on h0,
/// or the horse on rank 0, to h2), is then read as SAN, the record's
/// notation; else as coordinates. Either way the other reading is noted.
/// Why a text is no move names the squares of the board in `ranks`, those
/// the record is read in.
pub(crate) fn read_record_move(
    pos: &Position,
    text: &str,
    san_record: Option<(usize, &str)>,
    ranks: Ranks,
) -> Result<ReadMove, Failure> {
    read_move_with(pos, text, (true, san_record), ranks)
}

/// A move read from its text ([`read_record_move`]).
pub(crate) struct ReadMove {
    /// The move.
    pub(crate) mv: Move,
    /// Its other reading, when another convention reads the text as
    /// another legal move.
    pub(crate) other: Option<OtherReading>,
    /// Whether it was read as XBoard's SAN, and as no other notation.
    pub(crate) by_san: bool,
}

impl ReadMove {
    /// A move read by a notation other than XBoard's SAN, with no other reading.
    fn plain(mv: Move) -> ReadMove {
        ReadMove {
            mv,
            other: None,
            by_san: false,
        }
    }
}

/// Whether `text`, a move in coordinates (`a2e1`, `A2-E1`), may read as
/// XBoard's SAN too: a piece letter, an origin's rank, and a destination
/// in lower case (`A2e1`, `H0h2`), a quick test before [`read_record_move`].
pub(crate) fn may_be_xboard_san(text: &str) -> bool {
    matches!(text.as_bytes(), [piece, _, file, _] if piece.is_ascii_uppercase() && file.is_ascii_lowercase())
}

/// [`read_move`]; with `note`, also the text's other reading, if any;
/// `san_record` as [`read_record_move`] says (only with `note`). Why the
/// text is no move names the board's squares in `ranks` (its moves, such
/// as the legal ones, are listed in UCCI's ranks 0–9, as a record read in
/// ranks 1–10 is read).
fn read_move_with(
    pos: &Position,
    text: &str,
    (note, san_record): (bool, Option<(usize, &str)>),
    ranks: Ranks,
) -> Result<ReadMove, Failure> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Failure::new(
            Notation::Uci,
            Words::new("empty move", "着法为空"),
        ));
    }
    if let Some((mv, iccs)) = coordinates(text) {
        let notation = if iccs { Notation::Iccs } else { Notation::Uci };
        return match check_coordinates(pos, mv, ranks) {
            Ok(mv) if note => Ok(coordinates_or_san(pos, text, mv, san_record)),
            Ok(mv) => Ok(ReadMove::plain(mv)),
            // XBoard's SAN names a piece's origin by its rank (`A2e1`).
            Err(why) => xboard_san::read(text)
                .and_then(|san| read_san(pos, &san).ok())
                .ok_or_else(|| Failure::no_match(notation, NotationErrorKind::NoSuchMove, why)),
        };
    }
    let input = symbol::read(text);
    if input.is_err()
        && let Some(san) = xboard_san::read(text)
    {
        return read_san(pos, &san);
    }
    let input = input.map_err(|why| {
        if let Some(why) = almost_coordinates(text) {
            return Failure::no_match(Notation::Uci, NotationErrorKind::Unreadable, why);
        }
        let why = coordinates_run_on(text).unwrap_or(why);
        let notation = if !text.chars().all(is_width_form) {
            Notation::Chinese
        } else if shaped_like_coordinates(text) {
            Notation::Uci
        } else {
            Notation::Wxf
        };
        Failure::no_match(notation, NotationErrorKind::Unreadable, why)
    })?;
    let notation = match input.family {
        Family::Chinese => Notation::Chinese,
        Family::Wxf => Notation::Wxf,
    };
    // Only one form fits the plain piece-and-file text (see `plain_chinese`).
    if let Some(mv) = plain_chinese(pos, &input) {
        return Ok(ReadMove::plain(mv));
    }
    let (found, other) = if note {
        match_forms_noting(pos, &input, text)
    } else {
        (match_forms(pos, &input), None)
    };
    match found {
        Found::One(mv) => Ok(ReadMove {
            mv,
            other,
            by_san: false,
        }),
        Found::None if let Some(san) = xboard_san::read(text) => read_san(pos, &san),
        Found::None => Err(match (almost_coordinates(text), input.family) {
            (Some(why), Family::Wxf) => {
                Failure::no_match(Notation::Uci, NotationErrorKind::Unreadable, why)
            }
            _ => Failure::no_match(
                notation,
                NotationErrorKind::NoSuchMove,
                coordinates_run_on(text)
                    .or_else(|| no_direction(text, &input))
                    .unwrap_or_else(|| no_match_reason(pos, &input, ranks)),
            ),
        }),
        Found::Many(moves) => {
            let names: Vec<String> = moves
                .iter()
                .map(|&m| format!("{} ({m})", render(pos, m, notation)))
                .collect();
            Err(Failure {
                kind: NotationErrorKind::Ambiguous,
                ..Failure::new(
                    notation,
                    Words::new(
                        format!("ambiguous: it could be {}", names.join(" or ")),
                        format!("有歧义：可以是 {}", names.join(" 或 ")),
                    ),
                )
            })
        }
    }
}

/// The move the text `text`, legal as the move `mv` in coordinates, is read
/// as, with its other reading, if XBoard's SAN reads it as another legal
/// move of `pos`: the SAN's, when the record's move `san_record` was read
/// as SAN alone, else `mv`.
fn coordinates_or_san(
    pos: &Position,
    text: &str,
    mv: Move,
    san_record: Option<(usize, &str)>,
) -> ReadMove {
    let Some(san) = Some(text)
        .filter(|text| may_be_xboard_san(text))
        .and_then(xboard_san::read)
        .and_then(|san| xboard_san::find(pos, &san).ok())
        .filter(|&san| san != mv)
    else {
        return ReadMove::plain(mv);
    };
    let coordinates = Words::new("coordinates", "坐标记法");
    let xboard = Words::new("XBoard SAN", "XBoard SAN记法");
    let zh = |mv: Move| render(pos, mv, Notation::Chinese);
    let (chosen, other, note, conventions) = match san_record {
        Some((ply, first)) => (
            san,
            mv,
            Words::new(
                format!(
                    "'{text}' was read as {} ({san}), in XBoard SAN, the notation of the record, \
                     whose ply {ply} '{first}' reads in it alone; in coordinates, it is {} ({mv})",
                    zh(san),
                    zh(mv)
                ),
                format!(
                    "“{text}”按XBoard SAN记法读作{}（{san}），本谱第{ply}着“{first}”只能按此记法读；按坐标记法则是{}（{mv}）",
                    zh(san),
                    zh(mv)
                ),
            ),
            [xboard, coordinates],
        ),
        None => (
            mv,
            san,
            Words::new(
                format!(
                    "'{text}' was read as {} ({mv}), in coordinates; in XBoard SAN, it is {} ({san})",
                    zh(mv),
                    zh(san)
                ),
                format!(
                    "“{text}”按坐标记法读作{}（{mv}）；按XBoard SAN记法则是{}（{san}）",
                    zh(mv),
                    zh(san)
                ),
            ),
            [coordinates, xboard],
        ),
    };
    ReadMove {
        mv: chosen,
        other: Some(OtherReading {
            text: text.to_string(),
            chosen,
            other,
            note,
            because: None,
            conventions,
        }),
        by_san: san_record.is_some(),
    }
}

/// The legal move of `pos` that `san` names (as [`read_move_with`] gives
/// it), or why there is none or several, its legal moves listed in UCCI
/// coordinates, the squares XBoard's SAN writes.
fn read_san(pos: &Position, san: &xboard_san::San) -> Result<ReadMove, Failure> {
    xboard_san::find(pos, san)
        .map(|mv| ReadMove {
            mv,
            other: None,
            by_san: true,
        })
        .map_err(|mismatch| match mismatch {
            xboard_san::Mismatch::None(why) => Failure {
                suggest: false,
                ..Failure::no_match(Notation::Uci, NotationErrorKind::NoSuchMove, why)
            },
            xboard_san::Mismatch::Many(moves) => {
                let names: Vec<String> = moves.iter().map(Move::to_string).collect();
                Failure {
                    kind: NotationErrorKind::Ambiguous,
                    ..Failure::new(
                        Notation::Uci,
                        Words::new(
                            format!("ambiguous: it could be {} (XBoard SAN)", names.join(" or ")),
                            format!("有歧义：可以是 {}（XBoard SAN）", names.join(" 或 ")),
                        ),
                    )
                }
            }
        })
}

fn is_width_form(c: char) -> bool {
    c.is_ascii() || symbol::fold_width(c) != c
}

/// Reads `[a-i][0-9]-?[a-i][0-9]` (either case, full width too) without
/// allocating; also tells whether it looks like ICCS (upper case or a dash).
pub(super) fn coordinates(text: &str) -> Option<(Move, bool)> {
    let mut b = ArrayVec::<u8, 5>::new();
    for c in text.chars().map(symbol::fold_width) {
        if !c.is_ascii() {
            return None;
        }
        b.try_push(c as u8).ok()?;
    }
    let (f, t) = match b.len() {
        4 => (&b[0..2], &b[2..4]),
        5 if b[2] == b'-' => (&b[0..2], &b[3..5]),
        _ => return None,
    };
    let square = |s: &[u8]| {
        let file = s.first()?.to_ascii_lowercase();
        let rank = *s.get(1)?;
        if !(b'a'..=b'i').contains(&file) || !rank.is_ascii_digit() {
            return None;
        }
        Square::at(i32::from(file - b'a'), i32::from(rank - b'0'))
    };
    let iccs = b.len() == 5 || b[0].is_ascii_uppercase();
    Some((Move::new(square(f)?, square(t)?), iccs))
}

/// Why `text` is no move when it starts with a move in coordinates and
/// goes on without a space (`i3g315.`: a move number run into the move).
fn coordinates_run_on(text: &str) -> Option<Words> {
    [4, 5].into_iter().find_map(|len| {
        let (head, rest) = text.split_at_checked(len)?;
        coordinates(head)?;
        let rest = rest.trim();
        (!rest.is_empty()).then(|| {
            Words::new(
                format!(
                    "'{head}' is a move in coordinates, but '{rest}' follows it without a space"
                ),
                format!("“{head}”是坐标着法，但其后紧接着“{rest}”，中间没有空格"),
            )
        })
    })
}

/// Why `text` is no move when it has the shape of a move in coordinates
/// (`h2e2`, `H2-E2`) but for one character, a file beyond a–i or a rank
/// beyond 0–9 (`h9gK`, `j2e2`): a slip in coordinates, which read as WXF
/// would get a reason about pieces and files that were never meant. A
/// text with a WXF direction (`H2+3`, `C2.5`) is not taken for one.
fn almost_coordinates(text: &str) -> Option<Words> {
    let chars: Vec<char> = text.trim().chars().map(symbol::fold_width).collect();
    let (four, dashed): (Vec<char>, bool) = match chars[..] {
        [a, b, '-', c, d] => (vec![a, b, c, d], true),
        [_, _, _, _] if !chars.iter().any(|c| matches!(c, '+' | '-' | '.' | '=')) => {
            (chars.clone(), false)
        }
        _ => return None,
    };
    let is_file = |c: char| ('a'..='i').contains(&c.to_ascii_lowercase());
    let fits = [
        is_file(four[0]),
        four[1].is_ascii_digit(),
        is_file(four[2]),
        four[3].is_ascii_digit(),
    ];
    let [bad] = fits
        .iter()
        .enumerate()
        .filter(|(_, f)| !**f)
        .map(|(i, _)| i)
        .collect::<Vec<_>>()[..]
    else {
        return None;
    };
    // `C2X5`: a WXF piece letter and a slip where its direction goes reads
    // as WXF as well as coordinates; said as neither.
    if !dashed && bad == 2 && !four[0].is_ascii_lowercase() {
        return None;
    }
    let c = four[bad];
    let (what, range, what_zh) = if bad % 2 == 0 {
        ("file", "a to i", "纵线（a–i）")
    } else {
        ("rank", "0 to 9", "横线（0–9）")
    };
    let text = text.trim();
    Some(Words::new(
        format!(
            "'{text}' has the shape of a move in coordinates (like h2e2), but '{c}' is no {what} ({what}s are {range})"
        ),
        format!("“{text}”形如坐标着法（如 h2e2），但“{c}”不是{what_zh}"),
    ))
}

/// Why a text read as WXF names no move when it has the length of one
/// but no direction (`+`, `-`, `.` or `=`) at all: every WXF move has one
/// (`H2+3`, `C2.5`).
fn no_direction(text: &str, input: &Input) -> Option<Words> {
    let has_direction = text
        .chars()
        .map(symbol::fold_width)
        .any(|c| matches!(c, '+' | '-' | '.' | '='));
    let wxf_length = input.masks.len() == 4;
    (input.family == Family::Wxf && wxf_length && !has_direction).then(|| {
        let text = text.trim();
        Words::new(
            format!(
                "'{text}' has no direction: a WXF move says +, -, . or = for forward, backward or sideways, like H2+3 or C2.5"
            ),
            format!("“{text}”没有方向：WXF 着法用 +、-、. 或 = 表示进、退、平，如 H2+3、C2.5"),
        )
    })
}

/// Whether a coordinate move is legal; if not, why, its squares' ranks
/// numbered in `ranks`.
fn check_coordinates(pos: &Position, mv: Move, ranks: Ranks) -> Result<Move, Words> {
    match pos.illegality(mv) {
        None => Ok(mv),
        Some(why) => Err(why.words_in(mv, ranks)),
    }
}

/// The legal moves (with `legal`; else the moves that follow the movement
/// rules but leave the mover's king attacked), in the order of
/// [`Position::legal_moves`], of the pieces of `roles` (one bit per role
/// index) whose direction and number the masks `dir` and `num` allow, each
/// with its description.
fn candidates(
    pos: &Position,
    legal: bool,
    roles: u32,
    dir: u32,
    num: u32,
    out: &mut ArrayVec<(Move, Desc), 128>,
) {
    let us = pos.turn();
    let movers = (0..7)
        .filter(|i| roles >> i & 1 != 0)
        .filter_map(Role::from_index)
        .fold(Bitboard::EMPTY, |b, r| b | pos.pieces(us, r));
    let motions = motions(dir, num);
    let own = pos.us(us);
    let in_check = pos.in_check();
    for from in movers {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        let mut targets = Bitboard::EMPTY;
        for &(d, n) in &motions {
            if let Some(to) = destination(us, piece.role, from, d, n) {
                targets |= Bitboard::from_square(to);
            }
        }
        for to in targets & !own {
            let mv = Move::new(from, to);
            let wanted = if legal {
                pos.is_legal_knowing_check(mv, in_check)
            } else {
                pos.follows_movement(mv) && !pos.is_legal(mv)
            };
            if wanted && let Some(desc) = Desc::new(pos, mv) {
                // At most 128 legal moves exist, so the list never overflows.
                let _ = out.try_push((mv, desc));
            }
        }
    }
}

/// The (direction, number) pairs the masks `dir` and `num` allow.
fn motions(dir: u32, num: u32) -> ArrayVec<(Sym, u8), 27> {
    let mut out = ArrayVec::new();
    for d in [Sym::Forward, Sym::Backward, Sym::Sideways] {
        if d.bit() & dir == 0 {
            continue;
        }
        for n in symbol::digits(num) {
            // Three directions of nine numbers fill the list at most.
            let _ = out.try_push((d, n));
        }
    }
    out
}

/// The usual Chinese move, found without writing any move: `炮二平五`. Only
/// the plain piece-and-file form (first tier for a piece without a marker,
/// second tier for one with) can fit such a text, and it fits exactly the moves
/// of that piece kind from that file with that direction and number; so one
/// legal move found here is the answer, and anything else is left to
/// [`match_forms`].
fn plain_chinese(pos: &Position, input: &Input) -> Option<Move> {
    let (role, number) = input.chinese_piece_file()?;
    let (Some(&dir), Some(&num)) = (input.masks.get(2), input.masks.get(3)) else {
        return None;
    };
    let us = pos.turn();
    let file = File::from_number(number, us)?;
    let motions = motions(dir, num);
    let mut found = None;
    for from in pos.pieces(us, role).filter(|sq| sq.file() == file) {
        for &(d, n) in &motions {
            let Some(to) = destination(us, role, from, d, n) else {
                continue;
            };
            let mv = Move::new(from, to);
            if pos.is_legal(mv) {
                if found.is_some() {
                    return None;
                }
                found = Some(mv);
            }
        }
    }
    found
}

/// The outcome of matching a text against the legal moves.
enum Found {
    None,
    One(Move),
    Many(ArrayVec<Move, 8>),
}

/// Matches `input` against every legal move, tier by tier, each tier first
/// without and then with keypad piece codes.
fn find(pos: &Position, input: &Input) -> Found {
    match plain_chinese(pos, input) {
        Some(mv) => Found::One(mv),
        None => match_forms(pos, input),
    }
}

/// Matches `input` against the written forms of the legal moves it may name.
fn match_forms(pos: &Position, input: &Input) -> Found {
    match_forms_among(pos, input, true)
}

/// The move that `input` names among those that follow the movement rules
/// but leave the mover's king attacked, if it names exactly one.
fn unsafe_reading(pos: &Position, input: &Input) -> Option<Move> {
    match match_forms_among(pos, input, false) {
        Found::One(mv) => Some(mv),
        _ => None,
    }
}

/// [`match_forms`] among the legal moves, or (without `legal`) among those
/// that follow the movement rules but leave the mover's king attacked.
fn match_forms_among(pos: &Position, input: &Input, legal: bool) -> Found {
    let mut found = Found::None;
    for_each_reading(pos, input, legal, |hits, _| {
        found = match hits {
            [(mv, _)] => Found::One(*mv),
            _ => Found::Many(hits.iter().map(|h| h.0).collect()),
        };
        false
    });
    found
}

/// The moves `input` names, convention by convention in the order they are
/// preferred: tier by tier, each first with plain digits and then with keypad
/// piece codes. `visit` gets the moves of each reading that names any move
/// not named by a reading before, each with the variant it is written in,
/// and whether that is the keypad reading; it returns whether to go on.
fn for_each_reading(
    pos: &Position,
    input: &Input,
    legal: bool,
    mut visit: impl FnMut(&[(Move, Variant)], bool) -> bool,
) {
    let tiers = match (input.family, input.equals) {
        (Family::Chinese, _) => &CHINESE_TIERS,
        (Family::Wxf, false) => &WXF_TIERS,
        (Family::Wxf, true) => &WXF_EQUALS_TIERS,
    };
    if !(4..=5).contains(&input.masks.len()) {
        return;
    }
    let (Some(&dir), Some(&num)) = (input.masks.iter().rev().nth(1), input.masks.last()) else {
        return;
    };
    // Only pieces the text may name, and pawns (the short forms name no piece).
    // Every written form ends with the direction and the number, and the
    // keypad reading differs only in piece codes, so the last two characters
    // rule out every other move before any form is written.
    let roles = input.roles() | 1 << Role::Pawn.index();
    let mut descs = ArrayVec::new();
    candidates(pos, legal, roles, dir, num, &mut descs);
    let readings = [(Some(&input.masks), false), (input.keypad.as_ref(), true)];
    for tier in tiers {
        for (masks, keypad) in readings {
            let Some(masks) = masks else {
                continue;
            };
            let mut hits = ArrayVec::<(Move, Variant), 8>::new();
            for (mv, desc) in &descs {
                let variant = tier.iter().copied().find(|&v| matches(desc, v, masks));
                if let Some(variant) = variant
                    && !hits.iter().any(|h| h.0 == *mv)
                {
                    // More than eight readings cannot happen with at most five pieces of a kind.
                    let _ = hits.try_push((*mv, variant));
                }
            }
            if hits.is_empty() {
                continue;
            }
            if !visit(&hits, keypad) {
                return;
            }
            // A later reading matters only for a move not named yet.
            descs.retain(|(mv, _)| !hits.iter().any(|h| h.0 == *mv));
            if descs.is_empty() {
                return;
            }
        }
    }
}

/// A move text that names one legal move by the convention preferred for
/// it, and another legal move by a convention read after it (`66.5`: the
/// middle pawn on file 6 in official WXF, the cannon on file 6 in keypad
/// piece codes). The text is read the preferred way, unless that makes a
/// later move of the record unplayable and the other lets it go on
/// ([`OtherReading::because`]); a record that meant the reading not chosen
/// has a wrong move from there on.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct OtherReading {
    /// The text as written.
    pub text: String,
    /// The move it was read as.
    pub chosen: Move,
    /// The move the other convention reads it as.
    pub other: Move,
    /// Both readings in words, each with its convention and the move in
    /// Chinese notation and coordinates, and why the one chosen was.
    pub note: Words,
    /// When the text was read the other way: the ply and text of the later
    /// move that the preferred reading left unplayable. `None` when it was
    /// read the preferred way.
    pub because: Option<(usize, String)>,
    /// The conventions of `chosen` and `other`, in words.
    conventions: [Words; 2],
}

impl OtherReading {
    /// The note of a record read in ranks 1–10, as the record writes it:
    /// its texts and the moves it names in coordinates in ranks 1–10.
    pub(crate) fn in_ranks_from_one(&mut self) {
        use super::ranks_from_one::{written_text, written_words};
        self.text = written_text(&self.text);
        self.note = written_words(&self.note);
        if let Some((_, text)) = &mut self.because {
            *text = written_text(text);
        }
    }

    /// The note read the other way: `other` chosen, because the preferred
    /// reading leaves the move `text` at ply `ply` unplayable. `pos` is the
    /// position the move is played from.
    pub(crate) fn switched(&self, pos: &Position, ply: usize, text: &str) -> OtherReading {
        let [by, other_by] = &self.conventions;
        let (mv, other) = (self.other, self.chosen);
        let (zh, other_zh) = (
            render(pos, mv, Notation::Chinese),
            render(pos, other, Notation::Chinese),
        );
        let written = &self.text;
        OtherReading {
            text: written.clone(),
            chosen: mv,
            other,
            note: Words::new(
                format!(
                    "'{written}' was read as {zh} ({mv}), in {}, because in {}, it is {other_zh} \
                     ({other}), after which ply {ply} '{text}' cannot be played",
                    other_by.en, by.en
                ),
                format!(
                    "“{written}”按{}读作{zh}（{mv}），因为按{}读作{other_zh}（{other}）则第{ply}着“{text}”无法走出",
                    other_by.zh, by.zh
                ),
            ),
            because: Some((ply, text.to_string())),
            conventions: [other_by.clone(), by.clone()],
        }
    }
}

/// [`match_forms`], and the other reading of `text` (read into `input`)
/// when it names one move: a convention after the one that names it names
/// another legal move. One pass over the conventions finds both.
fn match_forms_noting(pos: &Position, input: &Input, text: &str) -> (Found, Option<OtherReading>) {
    let mut found = Found::None;
    let mut chosen: Option<(Move, Variant, bool)> = None;
    let mut other = None;
    for_each_reading(pos, input, true, |hits, keypad| match chosen {
        None => match hits {
            [(mv, variant)] => {
                found = Found::One(*mv);
                chosen = Some((*mv, *variant, keypad));
                true
            }
            _ => {
                found = Found::Many(hits.iter().map(|h| h.0).collect());
                false
            }
        },
        Some((mv, ..)) => {
            other = hits
                .iter()
                .find(|h| h.0 != mv)
                .map(|&(m, variant)| (m, variant, keypad));
            other.is_none()
        }
    });
    let (Some((mv, variant, keypad)), Some((other, other_variant, other_keypad))) = (chosen, other)
    else {
        return (found, None);
    };
    let by = variant.name(input.family, keypad);
    let other_by = other_variant.name(input.family, other_keypad);
    let (zh, other_zh) = (
        render(pos, mv, Notation::Chinese),
        render(pos, other, Notation::Chinese),
    );
    let note = OtherReading {
        text: text.to_string(),
        chosen: mv,
        other,
        note: Words::new(
            format!(
                "'{text}' was read as {zh} ({mv}), in {}; in {}, it is {other_zh} ({other})",
                by.en, other_by.en
            ),
            format!(
                "“{text}”按{}读作{zh}（{mv}）；按{}则是{other_zh}（{other}）",
                by.zh, other_by.zh
            ),
        ),
        because: None,
        conventions: [by, other_by],
    };
    (found, Some(note))
}

fn matches(desc: &Desc, variant: Variant, masks: &[u32]) -> bool {
    desc.write(variant)
        .is_some_and(|syms| Input::matches(masks, &syms))
}

/// The move `input` names for the side not to move, if it names exactly one
/// there: a move left out of a record, or a start with the wrong side to move.
fn other_side_reading(pos: &Position, input: &Input) -> Option<Move> {
    // Through FEN, so that a side left in check is no position to read in.
    let other = Position::from_fen(&pos.passed().fen()).ok()?;
    match find(&other, input) {
        Found::One(mv) => Some(mv),
        _ => None,
    }
}

/// Explains why no legal move matches, as precisely as the text allows,
/// the squares of the board named in `ranks`.
fn no_match_reason(pos: &Position, input: &Input, ranks: Ranks) -> Words {
    let us = pos.turn();
    let len = input.masks.len();
    if !(4..=5).contains(&len) {
        return match input.family {
            Family::Chinese => Words::new(
                format!(
                    "a move in Chinese notation has four characters, like 炮二平五 (five for 前兵四平五); this has {len}"
                ),
                format!(
                    "中文纵线着法是四个字，如 炮二平五（前兵四平五 为五个字）；这里是 {len} 个"
                ),
            ),
            Family::Wxf => Words::new(
                format!("a WXF move has four characters, like C2.5; this has {len}"),
                format!("WXF 着法是四个字符，如 C2.5；这里是 {len} 个"),
            ),
        };
    }
    if let Some(mv) = unsafe_reading(pos, input)
        && let Some(Illegality::ExposesKing(_, exposure)) = pos.illegality(mv)
    {
        let exposed = exposure.words_in(us, ranks);
        return Words::new(
            format!("it ({mv}) would leave {}", exposed.en),
            format!("走后{}", exposed.zh),
        );
    }
    if let Some(mv) = other_side_reading(pos, input) {
        let them = !us;
        return Words::new(
            format!("it reads as a {them} move ({mv}), but it is {us} to move"),
            format!(
                "这是{}方的着法（{mv}），但轮到{}方走",
                them.name_zh(),
                us.name_zh()
            ),
        );
    }
    let Some(role) = input.role() else {
        return Words::new("no legal move matches", "没有与之相符的合法着法");
    };
    let mine = pos.pieces(us, role);
    let name = format!("{us} {}", role.name());
    let name_zh = piece_zh(Piece::new(us, role));
    if mine.is_empty() {
        return Words::new(
            format!("there is no {name} on the board"),
            format!("盘上没有{name_zh}"),
        );
    }
    let Some(file) = input.plain_file() else {
        let mut files = [0u8; 9];
        for sq in mine {
            files[sq.file().index()] += 1;
        }
        if input.marked() && files.iter().all(|&n| n < 2) {
            return Words::new(
                format!("no two {us} {}s stand on one file", role.name()),
                format!("没有两个{name_zh}在同一纵线上"),
            );
        }
        return Words::new(
            format!("no {name} can make that move"),
            format!("没有{name_zh}能这样走"),
        );
    };
    let written = match input.family {
        Family::Chinese => chinese_digit(file, us, false).to_string(),
        Family::Wxf => file.to_string(),
    };
    let mut squares = mine;
    if squares
        .find(|sq| sq.file().number_for(us) == file)
        .is_none()
    {
        return Words::new(
            format!("there is no {name} on file {written}"),
            format!("第{written}路没有{name_zh}"),
        );
    }
    Words::new(
        format!("no {name} on file {written} can move that way"),
        format!("第{written}路的{name_zh}不能这样走"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::START_FEN;
    use crate::board::random_moves::RandomMoves;
    use crate::notation::describe::motion;

    fn parse(fen: &str, text: &str) -> Result<String, NotationError> {
        let pos = Position::from_fen(fen).unwrap();
        parse_move(&pos, text).map(|m| m.to_string())
    }

    #[test]
    fn a_move_that_would_expose_its_king_says_to_what() {
        // The red horse d1 is pinned by the black rook d9.
        let pinned = "3r1k3/9/9/9/9/9/9/9/3N5/3K5 w";
        for text in ["马六进八", "H6+8", "d1b2"] {
            let e = parse(pinned, text).unwrap_err();
            assert!(
                e.reason.en.contains("red king in check from black rook d9"),
                "{text}: {}",
                e.reason.en
            );
            assert!(
                e.reason.zh.contains("帅被黑方车(d9)将军"),
                "{text}: {}",
                e.reason.zh
            );
        }
        // The red king stepping onto the black king's open file.
        let e = parse("4k4/9/9/9/9/9/9/9/9/3K5 w", "帅六平五").unwrap_err();
        assert!(
            e.reason.en.contains("red king facing the black king"),
            "{}",
            e.reason.en
        );
        assert!(e.reason.zh.contains("与黑方将照面"), "{}", e.reason.zh);
    }

    #[test]
    fn candidates_are_the_legal_moves_of_that_direction_and_number() {
        let mut pos = Position::startpos();
        let mut random = RandomMoves::new(0x2545_F491_4F6C_DD1D);
        for _ in 0..200 {
            for dir in [Sym::Forward, Sym::Backward, Sym::Sideways] {
                for n in 1..=9 {
                    let expected: Vec<Move> = pos
                        .legal_moves()
                        .into_iter()
                        .filter(|m| {
                            let role = pos.piece_at(m.from()).map(|p| p.role);
                            role.is_some_and(|r| {
                                motion(pos.turn(), r, m.from(), m.to()) == (dir, n)
                            })
                        })
                        .collect();
                    let mut found = ArrayVec::new();
                    candidates(&pos, true, 0x7F, dir.bit(), Sym::Digit(n).bit(), &mut found);
                    let found: Vec<Move> = found.iter().map(|c| c.0).collect();
                    assert_eq!(found, expected, "{} {dir:?} {n}", pos.fen());
                }
            }
            match random.pick(&pos) {
                Some(mv) => {
                    pos.play_unchecked(mv);
                }
                None => pos = Position::startpos(),
            }
        }
    }

    #[test]
    fn plain_chinese_agrees_with_the_full_matching() {
        let pieces = ["帅", "仕", "相", "马", "车", "炮", "兵"];
        let digits = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
        let dirs = ["进", "退", "平"];
        // Random playouts from the start and from positions with pieces sharing files.
        let starts = [
            START_FEN,
            "3k5/9/9/5C3/1R7/2B6/7N1/3A5/1R3C1N1/2BAK4 w",
            "4k4/3P1P3/9/3P1P3/9/9/9/9/9/3K5 w",
            "3k5/9/9/9/9/9/3p1p3/9/3p1p3/4K4 b",
        ];
        let mut positions = Vec::new();
        let mut random = RandomMoves::new(0x9E37_79B9_7F4A_7C15);
        for fen in starts {
            let mut pos = Position::from_fen(fen).unwrap();
            for _ in 0..12 {
                positions.push(pos.clone());
                let Some(mv) = random.pick(&pos) else {
                    break;
                };
                pos.play_unchecked(mv);
            }
        }
        let mut found = 0;
        for pos in positions {
            for piece in pieces {
                for file in digits {
                    for dir in dirs {
                        for num in digits {
                            let text = format!("{piece}{file}{dir}{num}");
                            let Ok(input) = symbol::read(&text) else {
                                panic!("{text} is not read");
                            };
                            if let Some(mv) = plain_chinese(&pos, &input) {
                                found += 1;
                                assert!(
                                    matches!(match_forms(&pos, &input), Found::One(m) if m == mv),
                                    "{} {text}",
                                    pos.fen()
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(found > 300, "{found}");
    }

    #[test]
    fn xboard_san_that_looks_like_coordinates_is_read_when_they_name_no_legal_move() {
        let fen = "5k3/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1";
        assert_eq!(parse(fen, "A2e1").unwrap(), "d2e1");
        assert_eq!(parse(fen, "A0e1").unwrap(), "d0e1");
        // Legal as coordinates: read so, as before.
        assert_eq!(parse(START_FEN, "H2e2").unwrap(), "h2e2");
    }

    #[test]
    fn coordinates_are_read_directly() {
        assert_eq!(parse(START_FEN, "h2e2").unwrap(), "h2e2");
        assert_eq!(parse(START_FEN, "H2-E2").unwrap(), "h2e2");
        assert_eq!(parse(START_FEN, " h2e2 ").unwrap(), "h2e2");
        assert_eq!(parse(START_FEN, "ｈ２ｅ２").unwrap(), "h2e2");
        assert_eq!(parse(START_FEN, "Ｈ２－Ｅ２").unwrap(), "h2e2");
    }

    #[test]
    fn coordinates_run_into_more_say_so() {
        let reason = |t| parse(START_FEN, t).unwrap_err().reason.en;
        assert_eq!(
            reason("h2e215."),
            "'h2e2' is a move in coordinates, but '15.' follows it without a space"
        );
        assert_eq!(
            reason("H2-E2]"),
            "'H2-E2' is a move in coordinates, but ']' follows it without a space"
        );
        assert!(reason("h2e2x").starts_with("'h2e2' is a move in coordinates"));
        // Read as WXF symbols, it names no move: the same words.
        assert_eq!(
            reason("h2e25."),
            "'h2e2' is a move in coordinates, but '5.' follows it without a space"
        );
        assert!(!reason("C2.5x").contains("is a move in coordinates"));
    }

    #[test]
    fn coordinate_errors_say_why() {
        let reason = |t| parse(START_FEN, t).unwrap_err().reason.en;
        assert!(reason("e4e5").contains("no piece on e4"));
        assert!(reason("h7e7").contains("black cannon, but it is red to move"));
        assert!(reason("h2h8").contains("cannot move to h8"));
        assert!(reason("a0a3").contains("own piece"));
        let pinned = "4k4/9/9/9/9/9/9/4R4/9/3K5 b";
        let pos = Position::from_fen(pinned).unwrap();
        for (mv, why) in [
            ("e9d9", "leave the black king facing the red king"),
            ("e9e8", "leave the black king in check from red rook e2"),
        ] {
            let err = parse_move(&pos, mv).unwrap_err();
            assert!(err.reason.en.contains(why), "{}", err.reason.en);
        }
        let err = parse_move(&pos, "e9e7").unwrap_err();
        assert!(
            err.reason.en.contains("cannot move to e7"),
            "{}",
            err.reason.en
        );
        assert_eq!(err.legal, ["e9f9"]);
        assert_eq!(parse_move(&pos, "E9-E7").unwrap_err().legal, ["E9-F9"]);
    }

    #[test]
    fn chinese_variants() {
        let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b";
        for t in [
            "马８进７",
            "马8进7",
            "馬８進７",
            "马八进七",
            "马 8 进 7",
            "马８上７",
        ] {
            assert_eq!(parse(black, t).unwrap(), "h9g7", "{t}");
        }
        for t in ["炮二平五", "砲二平五", "包2平5", "炮贰平伍"] {
            assert_eq!(parse(START_FEN, t).unwrap(), "h2e2", "{t}");
        }
        // Colour comes from the side to move, not the glyph.
        assert_eq!(parse(START_FEN, "卒七进一").unwrap(), "c3c4");
        assert_eq!(parse(START_FEN, "士四进五").unwrap(), "f0e1");
    }

    #[test]
    fn wxf_variants() {
        let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b";
        for t in ["H8+7", "N8+7", "Ｈ８＋７", "48+7", "h8+7"] {
            assert_eq!(parse(black, t).unwrap(), "h9g7", "{t}");
        }
        for t in ["C2.5", "C2=5", "62.5", "62=5"] {
            assert_eq!(parse(START_FEN, t).unwrap(), "h2e2", "{t}");
        }
        let cannons = "rnbakabnr/9/1c5c1/p1p1C1p1p/9/9/P1P1P1P1P/4C4/9/RNBAKABNR w";
        for t in ["C+-2", "+C-2", "fC-2", "前炮退二", "前炮退2", "前炮五退二"] {
            assert_eq!(parse(cannons, t).unwrap(), "e6e4", "{t}");
        }
        for t in ["C-.6", "-C.6", "rC.6", "bc.6", "后炮平六", "後炮平六"] {
            assert_eq!(parse(cannons, t).unwrap(), "e2d2", "{t}");
        }
    }

    #[test]
    fn doubled_advisors_and_elephants_take_the_marker_on_either_side() {
        let elephants = "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w";
        for t in ["E+-5", "+E-5", "E7-5", "B+-5", "3+-5"] {
            assert_eq!(parse(elephants, t).unwrap(), "c4e2", "{t}");
        }
        for t in ["E-+5", "-E+5", "E7+5"] {
            assert_eq!(parse(elephants, t).unwrap(), "c0e2", "{t}");
        }
        let advisors = "3k5/9/9/9/9/9/9/5A3/9/4KA3 w";
        for t in ["A+-5", "+A-5", "2+-5"] {
            assert_eq!(parse(advisors, t).unwrap(), "f2e1", "{t}");
        }
        for t in ["A-+5", "-A+5"] {
            assert_eq!(parse(advisors, t).unwrap(), "f0e1", "{t}");
        }
    }

    #[test]
    fn tandem_pawns_in_every_convention() {
        let fen = "4k4/3P1P3/9/3P1P3/9/9/9/9/9/3K5 w";
        let cases = [
            (
                "f8e8",
                ["一兵平五", "前兵四平五", "前四平五", "4+.5", "Pa.5", "14=5"],
            ),
            (
                "f6e6",
                ["二兵平五", "后兵四平五", "后四平五", "4-.5", "Pb.5", "24=5"],
            ),
            (
                "d8e8",
                ["三兵平五", "前兵六平五", "前六平五", "6+.5", "Pc.5", "16=5"],
            ),
            (
                "d6e6",
                ["四兵平五", "后兵六平五", "后六平五", "6-.5", "Pd.5", "26=5"],
            ),
        ];
        for (mv, texts) in cases {
            for t in texts {
                assert_eq!(parse(fen, t).unwrap(), mv, "{t}");
            }
        }
        // Black: pawns on d3, d1 (file ４) and f3, f1 (file ６); d1 is in front.
        let black = "3k5/9/9/9/9/9/3p1p3/9/3p1p3/4K4 b";
        for t in [
            "二卒平５",
            "后卒４平５",
            "后４平５",
            "二4平5",
            "Pb.5",
            "24=5",
        ] {
            assert_eq!(parse(black, t).unwrap(), "d3e3", "{t}");
        }
        assert_eq!(parse(black, "三卒平５").unwrap(), "f1e1");
        // 兵四平五 names two pawns here: an ambiguity naming both.
        let err = parse(fen, "兵四平五").unwrap_err();
        assert!(
            err.reason.en.contains("一兵平五") && err.reason.en.contains("二兵平五"),
            "{}",
            err.reason.en
        );
    }

    #[test]
    fn front_or_rear_pawn_without_its_file_when_two_files_hold_tandems() {
        // Red pawns e5, e3 (file 五) and c5, c4 (file 七). 前兵平四 names no
        // file, but only the front pawn of file 五 can go to file 四.
        let fen = "3k5/9/9/9/2P1P1P2/2P6/4P4/9/9/4K4 w";
        for t in ["前兵平四", "+P.4", "后兵进一"] {
            assert!(parse(fen, t).is_ok(), "{t}");
        }
        assert_eq!(parse(fen, "前兵平四").unwrap(), "e5f5");
        assert_eq!(parse(fen, "后兵进一").unwrap(), "e3e4");
        // Both front pawns can go to file 六: an ambiguity naming both.
        let err = parse(fen, "前兵平六").unwrap_err();
        assert_eq!(err.kind, NotationErrorKind::Ambiguous);
        assert!(
            err.reason.zh.contains("一兵平六") && err.reason.zh.contains("三兵平六"),
            "{}",
            err.reason.zh
        );
    }

    #[test]
    fn a_move_of_the_side_not_to_move_says_whose_turn_it_is() {
        // Red to move; 将5进1 is the black king's step: a move left out of
        // the record, or a start position with the wrong side to move.
        let fen = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
        let err = parse(fen, "将5进1").unwrap_err();
        assert_eq!(err.kind, NotationErrorKind::NoSuchMove);
        assert!(
            err.reason
                .en
                .starts_with("it reads as a black move (e8e7), but it is red to move"),
            "{}",
            err.reason.en
        );
        assert!(
            err.reason
                .zh
                .starts_with("这是黑方的着法（e8e7），但轮到红方走"),
            "{}",
            err.reason.zh
        );
        // A text that fits neither side keeps the usual reason.
        let err = parse(fen, "车二进一").unwrap_err();
        assert!(!err.reason.en.contains("to move"), "{}", err.reason.en);
    }

    #[test]
    fn keypad_codes_come_after_plain_digits() {
        // 66.5 is the middle pawn on file 6 (official WXF), not the cannon on file 6.
        let fen = "4k4/9/3P5/3P1P3/3P1P3/9/9/3C5/9/5K3 w";
        assert_eq!(parse(fen, "66.5").unwrap(), "d6e6");
        assert_eq!(parse(fen, "C6.5").unwrap(), "d2e2");
        assert_eq!(parse(fen, "16.5").unwrap(), "d7e7");
        assert_eq!(parse(fen, "36=5").unwrap(), "d5e5");
    }

    #[test]
    fn a_text_two_conventions_read_as_two_moves_is_read_the_preferred_way_and_noted() {
        let noting = |fen: &str, text: &str| {
            let pos = Position::from_fen(fen).unwrap();
            let (mv, other) = read_move_noting(&pos, text).unwrap();
            let other = other.map(|o| (o.chosen.to_string(), o.other.to_string(), o.note));
            (mv.to_string(), other)
        };
        // 66.5: the middle pawn on file 6 in official WXF, the cannon on file
        // 6 with keypad piece codes.
        let (mv, other) = noting("4k4/9/3P5/3P1P3/3P1P3/9/9/3C5/9/5K3 w", "66.5");
        let (chosen, alternative, note) = other.expect("a note");
        assert_eq!(
            (mv.as_str(), chosen.as_str(), alternative.as_str()),
            ("d6e6", "d6e6", "d2e2")
        );
        assert_eq!(
            note.en,
            "'66.5' was read as 四兵平五 (d6e6), in official WXF; in official WXF with keypad \
             piece codes (6 = cannon), it is 炮六平五 (d2e2)"
        );
        assert!(
            note.zh.contains("按WXF官方写法读作四兵平五（d6e6）"),
            "{}",
            note.zh
        );
        // 33.4: the middle of three pawns in official WXF, the third in
        // Fairy-Stockfish's ordinal form; `=` prefers the latter.
        let pawns = "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w";
        let (mv, other) = noting(pawns, "33.4");
        assert_eq!(
            (mv.as_str(), other.map(|o| o.1)),
            ("g6f6", Some("g5f5".to_string()))
        );
        let (mv, other) = noting(pawns, "33=4");
        let note = other.expect("a note").2;
        assert_eq!(mv, "g5f5");
        assert!(
            note.en.contains(
                "in Fairy-Stockfish's ordinal form (13=4); in official WXF, it is 二兵平四 (g6f6)"
            ),
            "{}",
            note.en
        );
        // One reading only: no note.
        for (fen, text) in [
            (START_FEN, "炮二平五"),
            (START_FEN, "C2.5"),
            (START_FEN, "h2e2"),
            (pawns, "3+.4"),
        ] {
            assert_eq!(noting(fen, text).1, None, "{text}");
        }
    }

    #[test]
    fn plain_form_for_a_tandem_piece_when_unambiguous() {
        let cannons = "rnbakabnr/9/1c5c1/p1p1C1p1p/9/9/P1P1P1P1P/4C4/9/RNBAKABNR w";
        // Only the front cannon can advance two; both can go to file 六.
        assert_eq!(parse(cannons, "炮五进二").unwrap(), "e6e8");
        assert_eq!(parse(cannons, "C5+2").unwrap(), "e6e8");
        let err = parse(cannons, "炮五平六").unwrap_err();
        assert!(
            err.reason.en.contains("后炮平六 (e2d2) or 前炮平六 (e6d6)"),
            "{}",
            err.reason.en
        );
    }

    #[test]
    fn a_text_naming_no_move_suggests_the_moves_one_symbol_away() {
        // A wrong number or piece, a wrong direction, a wrong file.
        let err = parse(START_FEN, "马二进二").unwrap_err();
        assert!(
            err.reason
                .en
                .ends_with("one symbol away: 马二进三 马二进一 炮二进二"),
            "{}",
            err.reason.en
        );
        let err = parse(START_FEN, "兵三退一").unwrap_err();
        assert!(
            err.reason.en.ends_with("one symbol away: 兵三进一"),
            "{}",
            err.reason.en
        );
        let err = parse(START_FEN, "P5+2").unwrap_err();
        assert!(
            err.reason.en.ends_with("one symbol away: P5+1"),
            "{}",
            err.reason.en
        );
        // Coordinates one square off, in the notation they were written in.
        let err = parse(START_FEN, "H2-E3").unwrap_err();
        assert!(
            err.reason.en.ends_with("one symbol away: H2-E2 H2-H3"),
            "{}",
            err.reason.en
        );
        // A symbol missing or added.
        let err = parse(START_FEN, "马八进").unwrap_err();
        assert!(
            err.reason
                .en
                .ends_with("one symbol away: 马八进九 马八进七"),
            "{}",
            err.reason.en
        );
        let err = parse(START_FEN, "炮二平五五").unwrap_err();
        assert!(
            err.reason.en.ends_with("one symbol away: 炮二平五"),
            "{}",
            err.reason.en
        );
        // A character that stands for nothing keeps its place: a dot for 平,
        // a Chinese character in WXF.
        let err = parse(START_FEN, "炮二.五").unwrap_err();
        assert!(
            err.reason.en.ends_with("one symbol away: 炮二平五"),
            "{}",
            err.reason.en
        );
        let err = parse(START_FEN, "H2+炮").unwrap_err();
        assert!(err.reason.en.contains("马二进三"), "{}", err.reason.en);
        // A text naming several moves, or nothing like a move, gets no suggestion.
        let cannons = "rnbakabnr/9/1c5c1/p1p1C1p1p/9/9/P1P1P1P1P/4C4/9/RNBAKABNR w";
        assert!(
            !parse(cannons, "炮五平六")
                .unwrap_err()
                .reason
                .en
                .contains("away")
        );
        assert!(
            !parse(START_FEN, "xyz")
                .unwrap_err()
                .reason
                .en
                .contains("away")
        );
        // Nothing one symbol away: no suggestion.
        let bare = "4k4/9/9/9/9/9/9/9/9/3K5 w";
        assert!(
            !parse(bare, "车一进一")
                .unwrap_err()
                .reason
                .en
                .contains("away")
        );
    }

    #[test]
    fn reasons_are_given_in_chinese_too() {
        let zh = |text| parse(START_FEN, text).unwrap_err().reason.zh;
        assert_eq!(zh("e4e5"), "e4 上没有棋子");
        assert_eq!(zh("h7e7"), "h7 上是黑方炮，但轮到红方走");
        assert_eq!(
            zh("a0a3"),
            "a3 上是红方自己的棋子；只差一个符号的合法着法：a0a1 a0a2"
        );
        assert_eq!(
            zh("h2h8"),
            "h2 的红方炮走不到 h8；只差一个符号的合法着法：h2h1 h2h3 h2h4 h2h5 h2h6 h2h9"
        );
        assert_eq!(
            zh("炮四进一"),
            "第四路没有红方炮；只差一个符号的合法着法：炮八进一 炮二进一"
        );
        assert!(
            zh("炮二平").starts_with(
                "中文纵线着法是四个字，如 炮二平五（前兵四平五 为五个字）；这里是 3 个；\
                 只差一个符号的合法着法：炮二平七"
            ),
            "{}",
            zh("炮二平")
        );
        assert_eq!(zh("前炮进一"), "没有两个红方炮在同一纵线上");
        assert!(
            zh("炮二平X")
                .starts_with("“X”不是棋子、纵线、方向或数字；只差一个符号的合法着法：炮二平七")
        );
        let checked = "4k4/9/9/9/9/9/9/9/4R4/3K5 b";
        let err = parse(checked, "e9e8").unwrap_err();
        assert!(
            err.reason
                .zh
                .starts_with("e9 的黑方将走到 e8 后，黑方的将被红方车(e1)将军"),
            "{}",
            err.reason.zh
        );
    }

    #[test]
    fn an_unreadable_text_lists_the_moves_as_the_record_writes_them() {
        let pos = Position::startpos();
        let listed = |text: &str, previous: Option<&str>| {
            let failure = read_move(&pos, text).unwrap_err();
            failure
                .listed_like(text, previous)
                .into_error(&pos, text)
                .legal
        };
        assert!(listed("xyz", Some("炮８平５")).contains(&"炮二平五".to_string()));
        assert!(listed("xyz", Some("C8.5")).contains(&"C2.5".to_string()));
        // A text in a notation of its own keeps it.
        assert!(listed("C2.9", Some("炮８平５")).contains(&"C2.5".to_string()));
        assert!(listed("xyz", None).contains(&"C2.5".to_string()));
        // Squares off the board: still coordinates.
        assert!(listed("z9z9", None).contains(&"h2e2".to_string()));
        assert!(listed("j0-j1", None).contains(&"h2e2".to_string()));
    }

    #[test]
    fn a_slip_in_coordinates_or_a_wxf_move_without_direction_is_said_so() {
        let after = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
        let reason = |text: &str| parse(after, text).unwrap_err().reason;
        // Before: "there is no black horse on file 9" (h, 9, g, K read as WXF).
        let why = reason("h9gK");
        assert_eq!(
            why.en,
            "'h9gK' has the shape of a move in coordinates (like h2e2), but 'K' is no rank \
             (ranks are 0 to 9)"
        );
        assert_eq!(
            why.zh,
            "“h9gK”形如坐标着法（如 h2e2），但“K”不是横线（0–9）"
        );
        assert!(
            reason("H9-GK")
                .en
                .ends_with("but 'K' is no rank (ranks are 0 to 9)")
        );
        assert!(
            reason("j2e2")
                .en
                .ends_with("but 'j' is no file (files are a to i)")
        );
        // A WXF piece and a slip where the direction goes: not said to be coordinates.
        assert!(!reason("C2X5").en.contains("coordinates (like"));
        // Four WXF symbols without a direction.
        assert_eq!(
            reason("Hh23").en,
            "'Hh23' has no direction: a WXF move says +, -, . or = for forward, backward or \
             sideways, like H2+3 or C2.5"
        );
        // Real moves are untouched.
        assert!(parse(after, "H2+3").is_ok() && parse(after, "h9g7").is_ok());
    }

    #[test]
    fn errors_say_what_kind_of_wrong_the_text_is() {
        let kind = |fen: &str, text: &str| parse(fen, text).unwrap_err().kind;
        assert_eq!(kind(START_FEN, "xyz"), NotationErrorKind::Unreadable);
        assert_eq!(kind(START_FEN, ""), NotationErrorKind::Unreadable);
        assert_eq!(kind(START_FEN, "z9z9"), NotationErrorKind::Unreadable);
        assert_eq!(kind(START_FEN, "炮二进九"), NotationErrorKind::NoSuchMove);
        assert_eq!(kind(START_FEN, "a0a5"), NotationErrorKind::NoSuchMove);
        let tandem = "3k5/9/9/4P4/4P4/9/9/9/9/5K3 w";
        assert_eq!(kind(tandem, "兵五平四"), NotationErrorKind::Ambiguous);
        assert_eq!(kind(tandem, "P5.4"), NotationErrorKind::Ambiguous);
    }

    #[test]
    fn unmatched_text_gets_a_reason_and_the_legal_moves() {
        let err = parse(START_FEN, "炮二进九").unwrap_err();
        assert_eq!(
            err.reason.en,
            "no red cannon on file 二 can move that way; \
             one symbol away: 炮二进一 炮二进二 炮二进三 炮二进四 炮二进七"
        );
        assert_eq!(err.legal.len(), 44);
        assert!(err.legal.contains(&"炮二平五".to_string()));
        let err = parse(START_FEN, "炮四进一").unwrap_err();
        assert_eq!(
            err.reason.en,
            "there is no red cannon on file 四; one symbol away: 炮八进一 炮二进一"
        );
        let err = parse(START_FEN, "C4+1").unwrap_err();
        assert_eq!(
            err.reason.en,
            "there is no red cannon on file 4; one symbol away: C8+1 C2+1"
        );
        assert!(err.legal.contains(&"C2.5".to_string()));
        let err = parse(START_FEN, "炮二平").unwrap_err();
        assert!(
            err.reason.en.contains("four characters"),
            "{}",
            err.reason.en
        );
        let err = parse(START_FEN, "xyz").unwrap_err();
        assert!(err.reason.en.contains("'x'"), "{}", err.reason.en);
        let err = parse(START_FEN, "").unwrap_err();
        assert_eq!(err.reason.en, "empty move");
        let err = parse(START_FEN, "前炮进一").unwrap_err();
        assert_eq!(err.reason.en, "no two red cannons stand on one file");
        let err = parse(START_FEN, "C+.5").unwrap_err();
        assert_eq!(
            err.reason.en,
            "no red cannon can make that move; one symbol away: C8.5 C2.5"
        );
        let bare = "4k4/9/9/9/9/9/9/9/9/3K5 w";
        assert_eq!(
            parse(bare, "车一进一").unwrap_err().reason.en,
            "there is no red rook on the board"
        );
    }
}
