//! The rules of play beyond movement: move natures, repetition rulings, the
//! natural move limit and tournament profiles. Nothing here reads files or
//! speaks protocols.

pub mod limit;
pub(crate) mod limit_trail;
pub mod profile;

use std::fmt;
use std::str::FromStr;

use crate::words::{Lang, UnknownName, Words};

/// A rule set: how moves are classified and repetition cycles ruled.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RuleSet {
    /// Chinese Xiangqi Association, 2011 (trial) edition: classified as the
    /// 2020 edition, and ruled as it but for the 2020 tie-breakers between
    /// forbidden cycles (26.9.2, 26.9.3).
    ///
    /// The older text's clause that a pawn's own chase, idle otherwise, is a
    /// chase once both sides attack perpetually ("兵(卒)本身捉吃对方的棋子(不含将杀)，
    /// 按闲处理；如形成相互长打局面，则应按捉处理") is not applied here: the spec
    /// finds it in the text numbered 第25–29条, "almost certainly the 1999
    /// edition", and of the 2011 edition it has only the table of contents,
    /// which numbers the 棋例 as 2020 does (24 术语, 25 总纲, 26 通则). The 2020
    /// text in its place (26.1) lets a king or pawn chase by itself with no
    /// such exception. No rule set here is the 1999 edition.
    Cxa2011,
    /// Chinese Xiangqi Association, 2020 edition.
    Cxa2020,
    /// Asian Xiangqi Federation (and the World federation's rules built on it).
    Axf,
}

impl RuleSet {
    /// The contract name: `cxa2011`, `cxa2020` or `axf`.
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::Cxa2011 => "cxa2011",
            RuleSet::Cxa2020 => "cxa2020",
            RuleSet::Axf => "axf",
        }
    }

    /// Whether this is one of the Chinese rule sets.
    pub const fn is_cxa(self) -> bool {
        matches!(self, RuleSet::Cxa2011 | RuleSet::Cxa2020)
    }

    /// The rule set named `text`, as [`FromStr`] reads it, or why not in
    /// both languages (a `--rules` or a profile file's `rules`).
    ///
    /// ```
    /// use xqarbiter::rules::RuleSet;
    /// assert_eq!(RuleSet::from_name("AXF"), Ok(RuleSet::Axf));
    /// let why = RuleSet::from_name("fide").unwrap_err();
    /// assert_eq!(why.zh, "未知的规则“fide”，应为 cxa2011、cxa2020 或 axf");
    /// ```
    pub fn from_name(text: &str) -> Result<RuleSet, Words> {
        text.parse().map_err(|e: UnknownName| {
            let zh = format!("未知的规则“{text}”，应为 cxa2011、cxa2020 或 axf");
            Words::new(e.to_string(), zh)
        })
    }

    /// The rulebook's Chinese title: 《象棋竞赛规则（2020版）》, 《亚洲象棋规例》.
    pub const fn book_zh(self) -> &'static str {
        match self {
            RuleSet::Cxa2011 => "《象棋竞赛规则（2011版）》",
            RuleSet::Cxa2020 => "《象棋竞赛规则（2020版）》",
            RuleSet::Axf => "《亚洲象棋规例》",
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RuleSet {
    type Err = UnknownName;

    /// `cxa2011`, `cxa2020` or `axf` (case-insensitive).
    fn from_str(s: &str) -> Result<RuleSet, UnknownName> {
        match s.to_ascii_lowercase().as_str() {
            "cxa2011" => Ok(RuleSet::Cxa2011),
            "cxa2020" => Ok(RuleSet::Cxa2020),
            "axf" => Ok(RuleSet::Axf),
            _ => Err(UnknownName::new("rule set", s, "cxa2011, cxa2020 or axf")),
        }
    }
}

/// The nature of one move in a repetition cycle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Nature {
    /// 将: attacks the enemy king.
    Check,
    /// 杀: threatens mate by a check or a series of checks next move.
    MateThreat,
    /// 捉: a new threat to win material next move.
    Chase,
    /// 闲: none of the above.
    Idle,
    /// 兑: offers an exchange (a kind of idle).
    Exchange,
    /// 献: offers a piece (a kind of idle).
    Sacrifice,
    /// 拦: blocks (a kind of idle).
    Block,
    /// 跟: follows (a kind of idle).
    Follow,
}

impl Nature {
    /// The contract name used in JSON (`check`, `mate_threat`, `chase`, `idle`, …).
    pub const fn name(self) -> &'static str {
        match self {
            Nature::Check => "check",
            Nature::MateThreat => "mate_threat",
            Nature::Chase => "chase",
            Nature::Idle => "idle",
            Nature::Exchange => "exchange",
            Nature::Sacrifice => "sacrifice",
            Nature::Block => "block",
            Nature::Follow => "follow",
        }
    }

    /// The English words for people (`mate threat`, where the contract
    /// name is `mate_threat`): what text output prints, never JSON.
    pub const fn name_en(self) -> &'static str {
        match self {
            Nature::MateThreat => "mate threat",
            other => other.name(),
        }
    }

    /// The word for people in `lang`: [`Nature::name_en`] or [`Nature::name_zh`].
    pub const fn name_in(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.name_en(),
            Lang::Zh => self.name_zh(),
        }
    }

    /// The Chinese term: 将 杀 捉 闲 兑 献 拦 跟.
    pub const fn name_zh(self) -> &'static str {
        match self {
            Nature::Check => "将",
            Nature::MateThreat => "杀",
            Nature::Chase => "捉",
            Nature::Idle => "闲",
            Nature::Exchange => "兑",
            Nature::Sacrifice => "献",
            Nature::Block => "拦",
            Nature::Follow => "跟",
        }
    }

    /// Whether this is an attacking move (将, 杀 or 捉); the others are idle kinds.
    pub const fn is_attack(self) -> bool {
        matches!(self, Nature::Check | Nature::MateThreat | Nature::Chase)
    }

    /// Every nature, in the order of the enum.
    pub const ALL: [Nature; 8] = [
        Nature::Check,
        Nature::MateThreat,
        Nature::Chase,
        Nature::Idle,
        Nature::Exchange,
        Nature::Sacrifice,
        Nature::Block,
        Nature::Follow,
    ];
}

impl fmt::Display for Nature {
    /// The contract name ([`Nature::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Nature {
    type Err = UnknownName;

    /// A contract name ([`Nature::name`]) or a Chinese term ([`Nature::name_zh`]).
    fn from_str(s: &str) -> Result<Nature, UnknownName> {
        Nature::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(s) || n.name_zh() == s)
            .ok_or_else(|| {
                UnknownName::new(
                    "nature",
                    s,
                    "check, mate_threat, chase, idle, exchange, sacrifice, block or follow (or 将 杀 捉 闲 兑 献 拦 跟)",
                )
            })
    }
}
pub(crate) mod after_checks;
pub(crate) mod checks_line;
pub(crate) mod exchange;
pub(crate) mod explain;
pub(crate) mod idle;
pub(crate) mod mate_line;
pub(crate) mod mate_search;
pub(crate) mod move_table;
pub mod nature;
pub(crate) mod net_gain;
pub mod points_cycle;
pub(crate) mod reason;
pub mod repetition;
pub mod ruling;
pub(crate) mod threats;
pub(crate) mod voice;

pub use mate_search::MateSearch;
#[cfg(feature = "question-counts")]
pub mod question_counts;
pub use move_table::{MoveReport, MoveRun};
pub use threats::{FalseRoot, Loss, Threat, ThreatKind};
pub use voice::Voice;

/// The start position and moves of every public rule case in
/// `positions/repetition.tsv`, for tests that need many real positions.
#[cfg(test)]
pub(crate) fn public_case_games() -> Vec<(crate::board::Position, Vec<crate::board::Move>)> {
    use crate::board::{Move, Position};
    include_str!("../../positions/repetition.tsv")
        .lines()
        .skip(1)
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let moves = fields[3].split_whitespace();
            (
                Position::from_fen(fields[2]).unwrap(),
                moves.map(|m| Move::parse_uci(m).unwrap()).collect(),
            )
        })
        .collect()
}

/// The positions after every move of the public rule cases (each also with
/// the other side to move), then after every move of `games` random
/// playouts from the start, at most `plies` plies each, drawn from `seed`:
/// real and ordinary positions for tests that compare two ways of judging.
#[cfg(test)]
pub(crate) fn sample_positions(
    seed: u64,
    games: usize,
    plies: usize,
) -> Vec<crate::board::Position> {
    use crate::board::Position;
    let mut positions = Vec::new();
    for (mut pos, moves) in public_case_games() {
        for mv in moves {
            pos.play_unchecked(mv);
            positions.push(pos.clone());
            positions.push(pos.passed());
        }
    }
    let mut random = crate::board::random_moves::RandomMoves::new(seed);
    for _ in 0..games {
        let mut pos = Position::startpos();
        for _ in 0..plies {
            let Some(mv) = random.pick(&pos) else { break };
            pos.play_unchecked(mv);
            positions.push(pos.clone());
        }
    }
    positions
}

/// Every position one legal move away from those of the public rule cases.
#[cfg(test)]
pub(crate) fn positions_one_move_away() -> Vec<crate::board::Position> {
    let mut positions = Vec::new();
    for (mut pos, moves) in public_case_games() {
        for mv in moves {
            for m in pos.legal_moves() {
                let mut after = pos.clone();
                after.play_unchecked(m);
                positions.push(after);
            }
            pos.play_unchecked(mv);
        }
    }
    positions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_sets_and_natures_parse_their_names() {
        for rules in [RuleSet::Cxa2011, RuleSet::Cxa2020, RuleSet::Axf] {
            assert_eq!(rules.to_string().parse::<RuleSet>(), Ok(rules));
        }
        assert_eq!(
            "wxf".parse::<RuleSet>().unwrap_err().to_string(),
            "unknown rule set 'wxf': expected cxa2011, cxa2020 or axf"
        );
        for nature in Nature::ALL {
            assert_eq!(nature.to_string(), nature.name());
            assert_eq!(nature.name().parse::<Nature>(), Ok(nature));
            assert_eq!(nature.name_zh().parse::<Nature>(), Ok(nature));
        }
        assert_eq!("Mate_Threat".parse::<Nature>(), Ok(Nature::MateThreat));
        assert_eq!("threat".parse::<Nature>().unwrap_err().what, "nature");
    }
}
