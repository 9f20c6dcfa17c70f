//! The game model shared by every reader and writer.

use crate::board::{Move, Position};

use super::move_text::MoveText;

/// One game as read from a file: tags, start position, the main line, result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Tags in file order. Binary formats use the PGN names: Event, Date,
    /// Round, Site, Red, Black, RedTeam, BlackTeam, Title, Opening, ECCO, ...
    pub tags: Vec<(String, String)>,
    /// The start position (FEN tag, XQF/CBR board, DhtmlXQ binit, or the initial position).
    pub start: Position,
    /// The main line: legal moves only.
    pub moves: Vec<GameMove>,
    /// The recorded result; `None` when unknown (`*`).
    pub result: Option<GameResult>,
    /// Why the game ended, when the file says so (PGN Termination tag, CBR
    /// finish type, DhtmlXQ endtype, or a last comment such as 认负 or 超时).
    pub termination: Option<String>,
    /// Variations found in the file; they are counted and skipped.
    pub variations: usize,
    /// The move at which the main line stopped because it was illegal or
    /// unreadable; the moves before it are kept.
    pub illegal: Option<IllegalMove>,
    /// The comment before the first move, if any.
    pub comment: Option<String>,
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
pub struct IllegalMove {
    /// Ply number, 1-based, counted from the start position.
    pub ply: usize,
    /// The move as written.
    pub text: String,
    /// The position before the move.
    pub fen: String,
    /// Why it cannot be played.
    pub reason: String,
    /// The legal moves of the position, in coordinates.
    pub legal: Vec<String>,
}

/// A recorded game result.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Red won.
    RedWins,
    /// Black won.
    BlackWins,
    /// Drawn.
    Draw,
}

impl GameResult {
    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn as_pgn(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The name used in JSON output: `red_wins`, `black_wins` or `draw`.
    pub fn name(self) -> &'static str {
        match self {
            GameResult::RedWins => "red_wins",
            GameResult::BlackWins => "black_wins",
            GameResult::Draw => "draw",
        }
    }

    /// Reads a PGN result token; `*` and anything else give `None`.
    pub fn from_pgn(s: &str) -> Option<GameResult> {
        match s.trim() {
            "1-0" => Some(GameResult::RedWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Some(GameResult::Draw),
            _ => None,
        }
    }

    /// Reads the numeric result code of XQF, CBF and CBR: 1 Red wins,
    /// 2 Black wins, 3 or 4 draw, anything else unknown.
    pub fn from_code(code: u32) -> Option<GameResult> {
        match code {
            1 => Some(GameResult::RedWins),
            2 => Some(GameResult::BlackWins),
            3 | 4 => Some(GameResult::Draw),
            _ => None,
        }
    }

    /// Reads a Chinese result text such as 红胜, 黑负, 和棋 or 红先和.
    pub fn from_chinese(s: &str) -> Option<GameResult> {
        let s = s.trim();
        if s.contains("和") {
            return Some(GameResult::Draw);
        }
        let red = s.contains('红') || s.contains('紅');
        let black = s.contains('黑');
        let win = s.contains('胜') || s.contains('勝');
        let loss = s.contains('负') || s.contains('負');
        match (red, black, win, loss) {
            (true, false, true, false) | (false, true, false, true) => Some(GameResult::RedWins),
            (true, false, false, true) | (false, true, true, false) => Some(GameResult::BlackWins),
            _ => GameResult::from_pgn(s),
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
        }
    }

    /// The value of the first tag named `name` (case-insensitive), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The Event tag.
    pub fn event(&self) -> Option<&str> {
        self.tag("Event")
    }

    /// The Red player.
    pub fn red(&self) -> Option<&str> {
        self.tag("Red")
    }

    /// The Black player.
    pub fn black(&self) -> Option<&str> {
        self.tag("Black")
    }

    /// The Date tag.
    pub fn date(&self) -> Option<&str> {
        self.tag("Date")
    }

    /// The Round tag.
    pub fn round(&self) -> Option<&str> {
        self.tag("Round")
    }

    /// The Site tag.
    pub fn site(&self) -> Option<&str> {
        self.tag("Site")
    }

    /// The main line as coordinate moves (`h2e2`).
    pub fn uci_moves(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.mv.to_string()).collect()
    }

    /// The position after the main line.
    pub fn end_position(&self) -> Position {
        let mut pos = self.start.clone();
        for m in &self.moves {
            pos.play(m.mv);
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

/// Words that say how a game ended, as found in last comments.
const TERMINATION_WORDS: [&str; 16] = [
    "认负", "认输", "超时", "议和", "判和", "判负", "作负", "作和", "绝杀", "困毙", "长将", "长捉",
    "和棋", "和局", "红胜", "黑胜",
];

/// The termination text a last comment carries in its last line, if that reads like one.
pub(crate) fn termination_from_comment(comment: &str) -> Option<String> {
    let c = comment.lines().rev().find(|l| !l.trim().is_empty())?.trim();
    if c.is_empty() || c.chars().count() > 40 {
        return None;
    }
    TERMINATION_WORDS
        .iter()
        .any(|w| c.contains(w))
        .then(|| c.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_texts() {
        assert_eq!(GameResult::from_chinese("红胜"), Some(GameResult::RedWins));
        assert_eq!(GameResult::from_chinese("黑负"), Some(GameResult::RedWins));
        assert_eq!(
            GameResult::from_chinese("红先负"),
            Some(GameResult::BlackWins)
        );
        assert_eq!(GameResult::from_chinese("和局"), Some(GameResult::Draw));
        assert_eq!(GameResult::from_chinese("未知"), None);
        assert_eq!(GameResult::from_code(4), Some(GameResult::Draw));
        assert_eq!(GameResult::from_pgn("*"), None);
        assert_eq!(GameResult::Draw.as_pgn(), "1/2-1/2");
        assert_eq!(GameResult::BlackWins.name(), "black_wins");
    }

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
    fn tags_are_case_insensitive() {
        let mut g = Game::new(Position::startpos());
        g.push_tag("Red", "甲");
        g.push_tag("Black", " ");
        assert_eq!(g.tag("red"), Some("甲"));
        assert_eq!(g.black(), None);
    }
}
