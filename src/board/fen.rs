//! Reading and writing FEN.
//!
//! Reading is lenient where real files differ (`r` for Red, `H`/`E` for horse
//! and elephant, the short form `<board> w`) and strict about positions that
//! cannot arise in a game; writing always gives the canonical six fields.

use super::attacks::reachable;
use super::{Color, Piece, Position, Role, Square};
use crate::text::quoted_char;
use crate::words::{Lang, Words};

/// Why a FEN was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid FEN '{fen}': {}", .reason.en)]
#[non_exhaustive]
pub struct FenError {
    /// The FEN as given.
    pub fen: String,
    /// What is wrong, in words that point at the place.
    pub reason: Words,
}

impl FenError {
    /// The whole message in `lang`: the FEN and what is wrong with it.
    pub fn in_lang(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => format!("局面（FEN）“{}”不合法：{}", self.fen, self.reason.zh),
        }
    }

    /// The whole message in both languages.
    pub fn words(&self) -> Words {
        Words::new(self.in_lang(Lang::En), self.in_lang(Lang::Zh))
    }
}

/// The largest counter a FEN may give: far beyond any game, and far enough
/// below `u32::MAX` that playing moves never makes a counter overflow.
const MAX_COUNTER: u32 = 999_999;

/// The counters of a FEN, in Chinese.
fn what_zh(what: &str) -> &'static str {
    if what == "move number" {
        "回合数"
    } else {
        "半回合计数"
    }
}

/// Why a rank of the board is too wide.
fn too_wide(rank: i32, row: &str) -> Words {
    Words::new(
        format!("rank {rank} ('{row}') has more than 9 files"),
        format!("第{rank}行（“{row}”）超过9列"),
    )
}

impl std::str::FromStr for Position {
    type Err = FenError;

    /// A FEN, as [`Position::from_fen`].
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl Position {
    /// Reads a FEN.
    ///
    /// ```
    /// use xqarbiter::board::Position;
    /// let pos = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w").unwrap();
    /// assert_eq!(pos, Position::startpos());
    /// assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").unwrap_err().reason.en.contains("facing"));
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let err = |why: Words| FenError {
            fen: fen.to_string(),
            reason: why,
        };
        let side_zh = |c: Color| format!("{}方", c.name_zh());
        let mut fields = fen.split_whitespace();
        let board = fields
            .next()
            .ok_or_else(|| err(Words::new("it is empty", "内容为空")))?;
        // The placement first: a text that is no placement (no '/', too few
        // or too many ranks) is named as such, not by a later field.
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 10 {
            let n = rows.len();
            let ranks = if n == 1 { "rank" } else { "ranks" };
            return Err(err(Words::new(
                format!("the placement, its first field, has {n} {ranks} separated by '/', not 10"),
                format!("棋盘（第一个字段）以“/”分为{n}行，应为10行"),
            )));
        }
        let turn = match fields.next() {
            None => Color::Red,
            Some("w" | "r" | "W" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(other) => {
                return Err(err(Words::new(
                    format!("side to move '{other}' is not w (or r) or b"),
                    format!("走子方“{other}”应为 w（或 r）或 b"),
                )));
            }
        };
        let mut rest: Vec<&str> = fields.collect();
        // Castling and en-passant fields are '-' when present.
        while rest.first() == Some(&"-") {
            rest.remove(0);
        }
        let number = |s: Option<&&str>, what: &str, default: u32| -> Result<u32, FenError> {
            match s {
                None => Ok(default),
                Some(t) => t.parse().ok().filter(|&n| n <= MAX_COUNTER).ok_or_else(|| {
                    err(Words::new(
                        format!("{what} '{t}' is not a whole number from 0 to {MAX_COUNTER}"),
                        format!("{}“{t}”不是0至{MAX_COUNTER}的整数", what_zh(what)),
                    ))
                }),
            }
        };
        let halfmoves = number(rest.first(), "half-move counter", 0)?;
        let fullmoves = number(rest.get(1), "move number", 1)?.max(1);
        if rest.len() > 2 {
            let extra = rest[2..].join(" ");
            return Err(err(Words::new(
                format!("unexpected text after the move number: '{extra}'"),
                format!("回合数后多出“{extra}”"),
            )));
        }

        let mut pos = Position::empty(turn);
        let mut counts = [[0u32; 7]; 2];
        for (i, row) in rows.iter().enumerate() {
            let rank = 9 - i as i32;
            let mut file = 0i32;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(err(Words::new(
                            format!("rank {rank} ('{row}') has an empty-square count of 0"),
                            format!("第{rank}行（“{row}”）的空格数为0"),
                        )));
                    }
                    file += d as i32;
                } else if let Some(piece) = Piece::from_fen_char(c) {
                    let Some(sq) = Square::at(file, rank) else {
                        return Err(err(too_wide(rank, row)));
                    };
                    if !reachable(piece.color, piece.role).contains(sq) {
                        return Err(err(Words::new(
                            format!(
                                "{} {} on {sq} stands where it can never go",
                                piece.color,
                                piece.role.name()
                            ),
                            format!(
                                "{}{}在{sq}，这是它走不到的位置",
                                side_zh(piece.color),
                                piece.chinese()
                            ),
                        )));
                    }
                    counts[piece.color.index()][piece.role.index()] += 1;
                    pos.put(sq, piece);
                    file += 1;
                } else {
                    let (en, zh) = quoted_char(c);
                    return Err(err(Words::new(
                        format!("unknown piece letter {en} on rank {rank} ('{row}')"),
                        format!("第{rank}行（“{row}”）有不认识的棋子字母{zh}"),
                    )));
                }
                if file > 9 {
                    return Err(err(too_wide(rank, row)));
                }
            }
            if file != 9 {
                return Err(err(Words::new(
                    format!("rank {rank} ('{row}') has {file} files, not 9"),
                    format!("第{rank}行（“{row}”）有{file}列，应为9列"),
                )));
            }
        }
        for color in Color::ALL {
            for role in Role::ALL {
                let n = counts[color.index()][role.index()];
                if n > role.max_count() {
                    let most = role.max_count();
                    return Err(err(Words::new(
                        format!(
                            "{color} has {n} {}s; a side has at most {most}",
                            role.name()
                        ),
                        format!(
                            "{}有{n}个{}，一方最多{most}个",
                            side_zh(color),
                            Piece::new(color, role).chinese()
                        ),
                    )));
                }
            }
            if counts[color.index()][Role::King.index()] == 0 {
                return Err(err(Words::new(
                    format!("{color} has no king"),
                    format!(
                        "{}没有{}",
                        side_zh(color),
                        Piece::new(color, Role::King).chinese()
                    ),
                )));
            }
        }
        let (red_king, black_king) = (pos.king(Color::Red), pos.king(Color::Black));
        if red_king.file() == black_king.file()
            && (super::attacks::between(red_king, black_king) & pos.occupied()).is_empty()
        {
            return Err(err(Words::new(
                format!("the kings on {red_king} and {black_king} are facing on an open file"),
                format!("{red_king}与{black_king}的帅将照面，中间无子"),
            )));
        }
        if pos.is_attacked_king(!turn) {
            return Err(err(Words::new(
                format!(
                    "{} is in check with {} to move (its king could be captured)",
                    !turn, turn
                ),
                format!(
                    "{}正被将军，却轮到{}走（其{}可被吃掉）",
                    side_zh(!turn),
                    side_zh(turn),
                    Piece::new(!turn, Role::King).chinese()
                ),
            )));
        }
        pos.set_counters(halfmoves, fullmoves);
        Ok(pos)
    }

    /// The position in FEN, with all six fields and `w`/`b`, `N`/`B`.
    pub fn fen(&self) -> String {
        let mut s = self.board_fen();
        s.push(' ');
        s.push(self.turn().fen_char());
        s.push_str(&format!(" - - {} {}", self.halfmoves(), self.fullmoves()));
        s
    }

    /// Just the placement field of the FEN.
    pub fn board_fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                match self.piece_at(Square::at(file, rank).expect("on board")) {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from_digit(empty, 10).expect("digit"));
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from_digit(empty, 10).expect("digit"));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::START_FEN;

    fn reason(fen: &str) -> String {
        Position::from_fen(fen).unwrap_err().reason.en
    }

    #[test]
    fn parses_with_from_str() {
        assert_eq!(START_FEN.parse::<Position>(), Ok(Position::startpos()));
        assert_eq!(
            "4k4/9 w".parse::<Position>(),
            Err(Position::from_fen("4k4/9 w").unwrap_err())
        );
    }

    #[test]
    fn round_trips_and_normalises() {
        let p = Position::from_fen(START_FEN).unwrap();
        assert_eq!(p.fen(), START_FEN);
        let q = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
            .unwrap();
        assert_eq!(q.fen(), START_FEN);
        let b = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 7 12",
        )
        .unwrap();
        assert_eq!(
            b.fen(),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 7 12"
        );
    }

    #[test]
    fn rejects_malformed_boards() {
        assert!(
            reason("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w")
                .contains("9 ranks")
        );
        assert!(
            reason("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/8/RNBAKABNR w")
                .contains("8 files")
        );
        assert!(
            reason("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/91/RNBAKABNR w")
                .contains("more than 9")
        );
        assert!(
            reason("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5X1/9/RNBAKABNR w")
                .contains("unknown piece letter 'X'")
        );
        assert!(
            reason("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5\u{1}1/9/RNBAKABNR w")
                .contains("unknown piece letter the invisible character U+0001 on rank 2")
        );
        assert!(
            reason("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x")
                .contains("side to move")
        );
        assert!(
            reason("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1")
                .contains("half-move")
        );
    }

    #[test]
    fn a_text_that_is_no_placement_is_named_before_the_later_fields() {
        assert_eq!(
            reason("bad fen"),
            "the placement, its first field, has 1 rank separated by '/', not 10"
        );
        assert_eq!(
            Position::from_fen("bad fen").unwrap_err().reason.zh,
            "棋盘（第一个字段）以“/”分为1行，应为10行"
        );
        assert!(reason("4k4/9/9/9/9/9/9/9/3K5 x").contains("has 9 ranks"));
    }

    #[test]
    fn rejects_impossible_material_and_placement() {
        assert!(
            reason("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CR4C1/9/RNBAKABNR w")
                .contains("3 rooks")
        );
        assert!(reason("4k4/9/9/9/9/9/9/9/3A5/3K5 w").contains("advisor on d1"));
        assert!(reason("4k4/9/9/9/9/9/9/9/9/1B2K4 w").contains("elephant on b0"));
        assert!(reason("4k4/9/9/9/9/9/9/9/1P7/4K4 w").contains("pawn on b1"));
        assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/9/5K3 w").is_ok());
        assert!(reason("4k4/9/9/9/9/9/9/9/9/6K2 w").contains("king on g0"));
        assert!(reason("3k5/9/9/9/9/9/9/9/9/6K2 w").contains("king on g0"));
        assert!(reason("9/9/9/9/9/9/9/9/9/4K4 w").contains("black has no king"));
    }

    #[test]
    fn counters_too_large_to_play_on_are_refused() {
        let fen = |counters: &str| format!("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - {counters}");
        assert!(reason(&fen("4294967295 1")).contains("from 0 to 999999"));
        assert!(reason(&fen("0 4294967295")).contains("move number"));
        let mut pos = Position::from_fen(&fen("999999 999999")).unwrap();
        for mv in ["e1d2", "d9d8"] {
            pos.play_unchecked(crate::board::Move::parse_uci(mv).unwrap());
        }
        assert_eq!((pos.halfmoves(), pos.fullmoves()), (1_000_001, 1_000_000));
    }

    #[test]
    fn rejects_facing_kings_and_side_not_to_move_in_check() {
        assert!(reason("4k4/9/9/9/9/9/9/9/9/4K4 w").contains("facing"));
        assert!(reason("4k4/9/9/9/9/9/9/9/4R4/4K4 w").contains("black is in check"));
        assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/4R4/4K4 b").is_ok());
    }

    #[test]
    fn every_reason_is_given_in_chinese_too() {
        let zh = |fen: &str| Position::from_fen(fen).unwrap_err().reason.zh;
        let cases = [
            ("", "内容为空"),
            ("4k4/9/9/9/9/9/9/9/9/3K5 x", "走子方“x”"),
            (
                "4k4/9/9/9/9/9/9/9/9/3K5 w - - a",
                "半回合计数“a”不是0至999999的整数",
            ),
            (
                "4k4/9/9/9/9/9/9/9/9/3K5 w - - -5",
                "半回合计数“-5”不是0至999999的整数",
            ),
            ("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 z", "回合数后多出“z”"),
            ("4k4/9/9/9/9/9/9/9/3K5 w", "分为9行"),
            ("4k4/9/9/9/9/9/9/9/9/3K05 w", "空格数为0"),
            ("4k4/9/9/9/9/9/9/9/9/3K6 w", "超过9列"),
            ("4k4/9/9/9/9/9/9/9/9/3K4 w", "有8列"),
            ("4k4/9/9/9/9/9/9/9/9/3K1X3 w", "不认识的棋子字母“X”"),
            ("4k4/9/9/9/9/9/9/9/9/K8 w", "红方帅在a0，这是它走不到的位置"),
            ("4k4/9/9/9/9/9/9/9/9/9 w", "红方没有帅"),
            ("9/9/9/9/9/9/9/9/9/3K5 w", "黑方没有将"),
            ("3kk4/9/9/9/9/9/9/9/9/3K5 w", "黑方有2个将，一方最多1个"),
            ("4k4/9/9/9/9/9/9/9/9/4K4 w", "e0与e9的帅将照面"),
            (
                "4k4/9/9/9/9/9/9/9/4R4/3K5 w",
                "黑方正被将军，却轮到红方走（其将可被吃掉）",
            ),
        ];
        for (fen, words) in cases {
            let why = zh(fen);
            assert!(why.contains(words), "{fen}: {why}");
        }
        let e = Position::from_fen("4k4/9/9/9/9/9/9/9/9/9 w").unwrap_err();
        assert_eq!(
            e.in_lang(Lang::Zh),
            "局面（FEN）“4k4/9/9/9/9/9/9/9/9/9 w”不合法：红方没有帅"
        );
        assert_eq!(e.words().en, e.to_string());
    }
}
