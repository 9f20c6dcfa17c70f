//! The game model shared by every reader and writer.

use crate::board::{Move, Position, Ranks};
use crate::notation::{Ending, OtherReading, Outcome, leading_result_phrase};
use crate::words::{Lang, Words};

use super::move_text::MoveText;
use super::place::Place;

/// One game as read from a file: tags, start position, the main line, result.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Game {
    /// Tags in file order. Binary formats use the PGN names: Event, Date,
    /// Round, Site, Red, Black, RedTeam, BlackTeam, Title, Opening, ECCO, ...
    pub tags: Vec<(String, String)>,
    /// The start position (FEN tag, XQF/CBR board, DhtmlXQ binit, or the initial position).
    pub start: Position,
    /// The main line: legal moves only.
    pub moves: Vec<GameMove>,
    /// The recorded result; `None` when unknown (`*`).
    pub result: Option<Outcome>,
    /// Why the game ended, when the file says so (PGN Termination tag, CBR
    /// finish type, DhtmlXQ endtype, the result's words under the moves,
    /// or a last comment such as 认负 or 超时); a Termination tag that says
    /// only that the game ended (`normal`) gives way to words that say how.
    pub termination: Option<String>,
    /// Variations found in the file; they are counted and skipped.
    pub variations: usize,
    /// The move at which the main line stopped because it was illegal or
    /// unreadable; the moves before it are kept.
    pub illegal: Option<IllegalMove>,
    /// The comment before the first move, if any.
    pub comment: Option<String>,
    /// The moves of the main line whose text another convention reads as
    /// another legal move, each with its ply (1-based): they were read the
    /// preferred way, which a record that meant the other gets wrong.
    pub other_readings: Vec<(usize, OtherReading)>,
    /// What the reader noticed about the file or the game that the moves
    /// and tags do not show, for a person to check (a library index it
    /// could not use, text whose encoding it could not tell): each in words.
    pub warnings: Vec<Words>,
    /// How many of [`Game::warnings`] are about the text's encoding (a
    /// close guess between GBK and Big5): the characters of names and
    /// notes may be wrong, but nothing of the record was left out.
    pub encoding_warnings: usize,
    /// The ranks its moves in coordinates were read in: UCCI's 0–9, or
    /// 1–10 as UCI xiangqi programs write them; the moves, comments and
    /// errors above are written in them, as the record writes them.
    pub ranks: Ranks,
}

/// One move of the main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameMove {
    /// The move.
    pub mv: Move,
    /// The move as written in the file (coordinates for binary formats).
    pub text: MoveText,
    /// The comment after the move.
    pub comment: Option<String>,
}

/// A move the main line could not play.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct IllegalMove {
    /// Ply number, 1-based, counted from the start position.
    pub ply: usize,
    /// The move as written.
    pub text: String,
    /// The position before the move.
    pub fen: String,
    /// Why it cannot be played. The Chinese is in English where the file's
    /// own structure is at fault, as for a move stored off the board.
    pub reason: Words,
    /// The legal moves of the position, in the notation the move was written
    /// in (Chinese, WXF, ICCS or UCCI coordinates); in UCCI coordinates for
    /// moves a binary format stores as squares.
    pub legal: Vec<String>,
    /// Those of them one symbol away from the move as written (most likely
    /// what was meant; the reason names them too), if any.
    pub near: Vec<String>,
    /// Where the move was written in the file: the line and column of the
    /// word a text reader read it from, or the byte where a binary
    /// format's record of it starts; `None` where the reader cannot tell
    /// (a move of a UCCI `position` line).
    pub place: Option<Place>,
}

impl std::fmt::Display for IllegalMove {
    /// In English: the ply, where the move was written, the move as
    /// written, and why it cannot be played.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let place = self.place.map(|p| p.words().en);
        let place = place.map_or(String::new(), |p| format!(", {p}"));
        write!(
            f,
            "ply {}{place}: '{}' cannot be played: {}",
            self.ply, self.text, self.reason.en
        )
    }
}

impl IllegalMove {
    /// The message in `lang`: the ply, where the move was written, the
    /// move as written, and why it cannot be played.
    pub fn in_lang(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => {
                let place = self.place.map(|p| p.words().zh);
                let place = place.map_or(String::new(), |p| format!("（{p}）"));
                format!(
                    "第{}着{place}“{}”无法走出：{}",
                    self.ply, self.text, self.reason.zh
                )
            }
        }
    }
}

impl Game {
    /// A game with no tags and no moves from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            tags: Vec::new(),
            start,
            moves: Vec::new(),
            result: None,
            termination: None,
            variations: 0,
            illegal: None,
            comment: None,
            other_readings: Vec::new(),
            warnings: Vec::new(),
            encoding_warnings: 0,
            ranks: Ranks::FromZero,
        }
    }

    /// The variations the reader left out, if any, in words ("2 variations
    /// left out", "略去了2个变着"): a tool that uses the main line alone says
    /// so after them.
    pub fn variations_left_out(&self) -> Option<Words> {
        let n = self.variations;
        let s = if n == 1 { "" } else { "s" };
        (n > 0).then(|| {
            Words::new(
                format!("{n} variation{s} left out"),
                format!("略去了{n}个变着"),
            )
        })
    }

    /// The value of the first tag named `name` (case-insensitive), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The value of the tag named `name`, trimmed, unless it is empty or
    /// blank (as programs write `[Event ""]` for an unknown event).
    fn filled(&self, name: &str) -> Option<&str> {
        self.tag(name).map(str::trim).filter(|v| !v.is_empty())
    }

    /// The result the Result tag gives (as PGN writes it, or in Chinese), if
    /// any. A result written at the end of the moves goes before it in
    /// [`Game::result`]; an audit reports the two when they differ.
    pub fn tagged_result(&self) -> Option<Outcome> {
        self.filled("Result")
            .and_then(super::header_lines::result_of)
    }

    /// The result the record gives: [`Game::result`], or else the one its
    /// termination states (红方认负, 黑超时负, 红方超时, 双方议和 …). A
    /// termination that names no winner (红方长将) gives none.
    pub fn recorded_result(&self) -> Option<Outcome> {
        self.result
            .or_else(|| self.termination.as_deref().and_then(Outcome::parse))
    }

    /// How the record says its game ended, beyond who won
    /// ([`Ending::read`]): in its termination (a PGN `Termination` tag,
    /// a CBR or DhtmlXQ end, the words of the result under the moves such
    /// as 红方超时 or `Black wins on time`, a last comment such as
    /// `{红方超时}`), else in a `Result` tag written in words (黑方超时负).
    pub fn ending(&self) -> Ending {
        Ending::first_said(
            [
                self.termination.as_deref(),
                self.tag("Termination"),
                self.tag("Result"),
            ]
            .into_iter()
            .flatten(),
        )
    }

    /// The Event tag, if not empty.
    pub fn event(&self) -> Option<&str> {
        self.filled("Event")
    }

    /// The Red player, if named: by a Red tag, or else by a White tag, as
    /// XBoard and WinBoard name the first player, who is Red in xiangqi.
    pub fn red(&self) -> Option<&str> {
        self.filled("Red")
            .or_else(|| self.filled(FIRST_PLAYER_AS_IN_CHESS))
    }

    /// The Black player, if named.
    pub fn black(&self) -> Option<&str> {
        self.filled("Black")
    }

    /// The Date tag, if not empty.
    pub fn date(&self) -> Option<&str> {
        self.filled("Date")
    }

    /// The Round tag, if not empty.
    pub fn round(&self) -> Option<&str> {
        self.filled("Round")
    }

    /// The Site tag, if not empty.
    pub fn site(&self) -> Option<&str> {
        self.filled("Site")
    }

    /// The main line as coordinate moves (`h2e2`).
    pub fn uci_moves(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.mv.to_string()).collect()
    }

    /// The position after the main line.
    pub fn end_position(&self) -> Position {
        let mut pos = self.start.clone();
        for m in &self.moves {
            pos.play_unchecked(m.mv);
        }
        pos
    }

    /// Adds a tag unless its value is empty.
    pub(crate) fn push_tag(&mut self, key: &str, value: &str) {
        let value = value.trim();
        if !value.is_empty() {
            self.tags.push((key.to_string(), value.to_string()));
        }
    }
}

/// The tag XBoard and WinBoard write the first player's name in, as chess
/// PGN does: Red's, when no Red tag names one ([`Game::red`]).
pub(crate) const FIRST_PLAYER_AS_IN_CHESS: &str = "White";

/// Words that say how a game ended, as found in last comments.
const TERMINATION_WORDS: [&str; 20] = [
    "认负",
    "认输",
    "超时",
    "时间到",
    "议和",
    "判和",
    "判负",
    "作负",
    "作和",
    "弃权",
    "不到场",
    "违例",
    "绝杀",
    "困毙",
    "长将",
    "长捉",
    "和棋",
    "和局",
    "红胜",
    "黑胜",
];

/// The termination text a last comment carries in its last line, if that
/// reads like one: a line with one of the Chinese [`TERMINATION_WORDS`]
/// (好棋，黑方认负), or the result phrase that leads the line when it says
/// more than the result and nothing after it can make it a note's words
/// ([`leading_result_phrase`]: `Black resigns`, `Red lost on time`,
/// `Black resigned after 40 moves`), so that a note of other words after
/// result words (`Black resigns himself to a draw?`, `Black resigned too
/// early in my view?`) or before them (`time trouble`) is none.
pub(crate) fn termination_from_comment(comment: &str) -> Option<String> {
    let c = comment.lines().rev().find(|l| !l.trim().is_empty())?.trim();
    if c.chars().count() <= 40 && TERMINATION_WORDS.iter().any(|w| c.contains(w)) {
        return Some(c.to_string());
    }
    leading_result_phrase(c).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn termination_comments() {
        assert_eq!(
            termination_from_comment(" 黑方认负 ").as_deref(),
            Some("黑方认负")
        );
        assert_eq!(termination_from_comment("好棋"), None);
        assert_eq!(
            termination_from_comment("好棋\n红方超时\n").as_deref(),
            Some("红方超时")
        );
    }

    #[test]
    fn english_result_phrases_in_a_last_comment_are_its_termination() {
        for text in [
            "Black resigns",
            "Good move.\nRed lost on time.",
            "Black wins on time",
            "Red forfeits",
            "draw agreed",
            "Black resigned after 40 moves",
            "Game drawn by agreement after move 60",
        ] {
            let line = text.lines().last().unwrap_or_default();
            assert_eq!(
                termination_from_comment(text).as_deref(),
                Some(line),
                "{text}"
            );
        }
        // A note's words beside result words, or a result that says no
        // more than the result, is no termination.
        for text in [
            "Black resigns himself to a draw?",
            "Black resigned too early in my view?",
            "time trouble",
            "Red wins the exchange",
            "Black must not resign",
            "1-0",
            "check",
        ] {
            assert_eq!(termination_from_comment(text), None, "{text}");
        }
    }

    fn read(text: &str) -> Game {
        let games = crate::record::read_games_from_bytes(
            text.as_bytes(),
            "t.pgn",
            &crate::record::ReadOptions::default(),
        )
        .expect("a record");
        games.into_iter().next().expect("a game").expect("read")
    }

    #[test]
    fn endings_are_read_where_records_write_them() {
        for (text, ending) in [
            (
                "[Result \"1-0\"]\n[Termination \"time forfeit\"]\n1. h2e2 h9g7 1-0\n",
                Ending::OnTime,
            ),
            (
                "[Result \"0-1\"]\n[Termination \"Red lost on time\"]\n1. h2e2 h9g7 0-1\n",
                Ending::OnTime,
            ),
            (
                "[Result \"0-1\"]\n[Termination \"红方超时负\"]\n1. h2e2 h9g7 0-1\n",
                Ending::OnTime,
            ),
            (
                "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 {红方超时}\n",
                Ending::OnTime,
            ),
            ("[Result \"黑方超时负\"]\n1. h2e2 h9g7\n", Ending::OnTime),
            // The result's words under the moves, after which a PGN token
            // or nothing may follow.
            (
                "[Event \"x\"]\n[Result \"0-1\"]\n1. 炮二平五 马8进7 2. 马二进三 车9平8 红方超时 0-1\n",
                Ending::OnTime,
            ),
            (
                "[Event \"x\"]\n1. 炮二平五 马8进7 2. 马二进三 车9平8 Black wins on time\n",
                Ending::OnTime,
            ),
            (
                "[Event \"x\"]\n1. 炮二平五 马8进7 2. 马二进三 车9平8 红方时间到判负\n",
                Ending::OnTime,
            ),
            (
                "[Event \"x\"]\n1. 炮二平五 马8进7 （红方违例判负）\n",
                Ending::ByArbiter,
            ),
            (
                "[Event \"x\"]\n1. 炮二平五 马8进7 结果：黑方弃权\n",
                Ending::ByArbiter,
            ),
            (
                "[Event \"x\"]\n1. 炮二平五 马8进7 Red wins by walkover\n",
                Ending::ByArbiter,
            ),
            (
                "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 {红方认负}\n",
                Ending::Resigned,
            ),
            // A last comment in English, as the same words under the moves.
            (
                "[Result \"0-1\"]\n\n1. 炮二平五 马８进７ {Red lost on time} 0-1\n",
                Ending::OnTime,
            ),
            (
                "[Result \"1-0\"]\n\n1. 炮二平五 马８进７ {Black resigns} 1-0\n",
                Ending::Resigned,
            ),
            (
                "[Result \"1-0\"]\n\n1. 炮二平五 马８进７ {Black resigns himself to a draw?} 1-0\n",
                Ending::Unknown,
            ),
            (
                "[Event \"x\"]\n1. 炮二平五 马8进7 红方 认负\n",
                Ending::Resigned,
            ),
            (
                "[Event \"x\"]\n1. 炮二平五 马8进7 draw agreed\n",
                Ending::AgreedDraw,
            ),
            (
                "[Result \"1-0\"]\n[Termination \"normal\"]\n1. h2e2 h9g7 1-0\n",
                Ending::Unknown,
            ),
            ("[Result \"1-0\"]\n1. h2e2 h9g7 1-0\n", Ending::Unknown),
            ("[Event \"x\"]\n1. 炮二平五 马8进7 红胜\n", Ending::Unknown),
        ] {
            assert_eq!(read(text).ending(), ending, "{text}");
        }
        // The result's words are the termination; a Termination tag goes
        // before them when it says how the game ended, not when it says
        // only that it did.
        let g = read("[Event \"x\"]\n1. 炮二平五 马8进7 红方超时 0-1\n");
        assert_eq!(g.termination.as_deref(), Some("红方超时"));
        let g = read("[Termination \"normal\"]\n1. 炮二平五 马8进7 红方超时 0-1\n");
        assert_eq!(g.termination.as_deref(), Some("红方超时"));
        assert_eq!(g.ending(), Ending::OnTime);
        let g = read("[Termination \"normal\"]\n1. 炮二平五 马8进7 {红方超时}\n");
        assert_eq!(g.ending(), Ending::OnTime);
        let g = read("[Termination \"time forfeit\"]\n1. 炮二平五 马8进7 红方认负\n");
        assert_eq!(g.termination.as_deref(), Some("time forfeit"));
        let g = read("[Termination \"normal\"]\n1. 炮二平五 马8进7 0-1\n");
        assert_eq!(g.termination.as_deref(), Some("normal"));
        assert_eq!(read("1. 炮二平五 马8进7 1-0\n").termination, None);
    }

    #[test]
    fn tags_are_case_insensitive() {
        let mut g = Game::new(Position::startpos());
        g.push_tag("Red", "甲");
        g.push_tag("Black", " ");
        assert_eq!(g.tag("red"), Some("甲"));
        assert_eq!(g.black(), None);
    }

    #[test]
    fn empty_tags_name_nothing() {
        let mut g = Game::new(Position::startpos());
        // As a PGN file gives them: `[Event ""]`, `[Date " "]`.
        g.tags.push(("Event".into(), String::new()));
        g.tags.push(("Date".into(), " ".into()));
        g.tags.push(("Red".into(), "甲".into()));
        assert_eq!((g.event(), g.date(), g.red()), (None, None, Some("甲")));
        assert_eq!(g.tag("Event"), Some(""));
    }

    #[test]
    fn a_white_tag_names_red_when_no_red_tag_does() {
        // As XBoard and WinBoard write a xiangqi game's players.
        let mut g = Game::new(Position::startpos());
        g.push_tag("White", "Fairy-Stockfish");
        g.push_tag("Black", "xqarbiter");
        assert_eq!(
            (g.red(), g.black()),
            (Some("Fairy-Stockfish"), Some("xqarbiter"))
        );
        // A Red tag names Red, wherever it stands; an empty one does not.
        g.tags.insert(0, ("Red".into(), " ".into()));
        assert_eq!(g.red(), Some("Fairy-Stockfish"));
        g.tags[0].1 = "许银川".into();
        assert_eq!(g.red(), Some("许银川"));
    }
}
