//! The ruling on a game after its last move, with its explanation: text for
//! people (Chinese or English) and the JSON object of the contract.

use std::fmt::{self, Write as _};
use std::str::FromStr;

use serde::Serialize;
use serde_json::{Value, json};

use crate::board::{Color, Position, Ranks};
use crate::record::Outcome;
use crate::words::{UnknownName, Words};

use super::RuleSet;
use super::limit::{ClaimMode, LimitStatus};
use super::move_table::{MoveReport, MoveRun, MoveTexts};
use super::points_cycle::{PointsCycle, SidePoints};
use super::repetition::{CycleOutcome, CycleRuling, SideCycle};
use super::voice::Voice;

/// The game's result after the last move (or as a record gives it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The game goes on.
    Ongoing,
    /// Red has won.
    RedWins,
    /// Black has won.
    BlackWins,
    /// Drawn.
    Draw,
}

impl Verdict {
    /// Contract name: `ongoing`, `red_wins`, `black_wins`, `draw`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Ongoing => "ongoing",
            Verdict::RedWins => "red_wins",
            Verdict::BlackWins => "black_wins",
            Verdict::Draw => "draw",
        }
    }

    /// In Chinese: 未终局, 红胜, 黑胜, 和棋.
    pub fn name_zh(self) -> &'static str {
        match self {
            Verdict::Ongoing => "未终局",
            Verdict::RedWins => "红胜",
            Verdict::BlackWins => "黑胜",
            Verdict::Draw => "和棋",
        }
    }

    /// The verdict for people, as the head of a ruling's summary
    /// ([`Ruling::summary`]): in English `Game continues`, `Red wins`,
    /// `Black wins`, `Draw`; in Chinese 对局继续, 红胜, 黑胜, 和棋. The
    /// contract names ([`Verdict::name`], the JSON's and `Display`'s) stay
    /// as they are; [`Verdict::name_zh`] is the shorter word of a result
    /// table (未终局 for a game not over).
    ///
    /// ```
    /// use xqarbiter::{Lang, Verdict};
    ///
    /// assert_eq!(Verdict::BlackWins.describe(Lang::En), "Black wins");
    /// assert_eq!(Verdict::BlackWins.describe(Lang::Zh), "黑胜");
    /// assert_eq!(Verdict::BlackWins.to_string(), "black_wins");
    /// ```
    pub const fn describe(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Verdict::Ongoing, Lang::En) => "Game continues",
            (Verdict::RedWins, Lang::En) => "Red wins",
            (Verdict::BlackWins, Lang::En) => "Black wins",
            (Verdict::Draw, Lang::En) => "Draw",
            (Verdict::Ongoing, Lang::Zh) => "对局继续",
            (Verdict::RedWins, Lang::Zh) => "红胜",
            (Verdict::BlackWins, Lang::Zh) => "黑胜",
            (Verdict::Draw, Lang::Zh) => "和棋",
        }
    }

    /// The usual score notation: `*`, `1-0`, `0-1`, `1/2-1/2`.
    pub const fn score(self) -> &'static str {
        match self {
            Verdict::Ongoing => "*",
            Verdict::RedWins => "1-0",
            Verdict::BlackWins => "0-1",
            Verdict::Draw => "1/2-1/2",
        }
    }

    /// A win for `color`.
    pub fn win_for(color: Color) -> Verdict {
        match color {
            Color::Red => Verdict::RedWins,
            Color::Black => Verdict::BlackWins,
        }
    }
}

impl fmt::Display for Verdict {
    /// The contract name ([`Verdict::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Verdict {
    type Err = UnknownName;

    /// A contract name: `ongoing`, `red_wins`, `black_wins` or `draw`.
    fn from_str(s: &str) -> Result<Verdict, UnknownName> {
        [
            Verdict::Ongoing,
            Verdict::RedWins,
            Verdict::BlackWins,
            Verdict::Draw,
        ]
        .into_iter()
        .find(|v| v.name().eq_ignore_ascii_case(s))
        .ok_or_else(|| UnknownName::new("verdict", s, "ongoing, red_wins, black_wins or draw"))
    }
}

impl From<Outcome> for Verdict {
    fn from(r: Outcome) -> Verdict {
        match r {
            Outcome::RedWins => Verdict::RedWins,
            Outcome::BlackWins => Verdict::BlackWins,
            Outcome::Draw => Verdict::Draw,
        }
    }
}

/// Why the game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move has no legal move and is not in check (困毙, a loss).
    Stalemate,
    /// A repetition in which the offender's moves are forbidden by the rules
    /// reached the decisive count: the offender loses.
    Perpetual,
    /// A repetition in which nobody's moves are forbidden to it reached the
    /// decisive count: a draw, or, where a profile's early-repetition clause
    /// made Red vary, a loss for Red.
    Repetition,
    /// The natural move limit.
    NaturalLimit,
}

impl Reason {
    /// Contract name.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Perpetual => "perpetual",
            Reason::Repetition => "repetition",
            Reason::NaturalLimit => "natural_limit",
        }
    }

    /// In Chinese: 将死, 困毙, 禁止着法循环, 循环不变, 自然限着.
    pub fn name_zh(self) -> &'static str {
        match self {
            Reason::Checkmate => "将死",
            Reason::Stalemate => "困毙",
            Reason::Perpetual => "禁止着法循环",
            Reason::Repetition => "循环不变",
            Reason::NaturalLimit => "自然限着",
        }
    }
}

impl fmt::Display for Reason {
    /// The contract name ([`Reason::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

pub use crate::words::Lang;

/// The repetition closed by the last move: a position that stands again
/// (an exact cycle), or pieces that go round points of the board repeating
/// no position (a cycle over points, [`RepetitionReport::points`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RepetitionReport {
    /// Ply after which the repeated position first stood; of a cycle over
    /// points, the ply after which the pieces began the first of the passes counted.
    pub first_ply: usize,
    /// Ply that closed the cycle.
    pub last_ply: usize,
    /// How often the position has now stood; of a cycle over points, the
    /// passes gone round plus one (the first pass counts as the position's
    /// second occurrence would).
    pub occurrences: usize,
    /// The position the cycle starts from (and returns to; of a cycle over
    /// points, the position before its last pass, which does not stand again).
    pub start: Position,
    /// The cycle's ruling.
    pub cycle: CycleRuling,
    /// The cycle's moves, in order.
    pub moves: Vec<MoveReport>,
    /// A note when a profile rule changed the outcome (e.g. an early-repetition rule).
    pub note: Option<Words>,
    /// When an early-repetition clause changed the outcome: where, by ply
    /// and round, the repeated position stood from the start of the drawn
    /// repetition to now, e.g. "the position stood after ply 35 (round 18),
    /// again after ply 39 (round 20) and a 3rd time after ply 43 (round 22)".
    pub early_rounds: Option<Words>,
    /// The rule set the moves were classified under.
    pub rules: RuleSet,
    /// How many cycles in a row, this one the last, the repeated position's
    /// cycles were ruled alike (1 when the cycle before was ruled otherwise
    /// or there is none), counted back no further than the decision needs:
    /// the profile's decisive occurrence less one.
    pub alike: usize,
    /// The cycle before this one, between the two occurrences before the
    /// last, if the position stood that often (of a cycle over points, the
    /// pass before the last).
    pub previous: Option<PreviousCycle>,
    /// Of a cycle over points, each side's piece and the points it goes
    /// round; `None` for a position that stands again.
    pub points: Option<PointsCycle>,
}

/// The cycle between the two occurrences of a repeated position before the
/// last one.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PreviousCycle {
    /// Ply after which it started.
    pub first_ply: usize,
    /// Ply that closed it.
    pub last_ply: usize,
    /// Its ruling.
    pub cycle: CycleRuling,
}

impl RepetitionReport {
    /// Where the repeated position stood first and again, and how often:
    /// `first at the start, again after ply 4 (2 times)`, in Chinese
    /// `起始局面首次出现，第4着后再现（共2次）`.
    ///
    /// Of a cycle over points, how the pieces go round and how often
    /// ([`PointsCycle::describe`], [`PointsCycle::passes_text`]).
    pub(crate) fn stood(&self, voice: impl Into<Voice>) -> String {
        let voice = voice.into();
        let lang = voice.lang;
        if let Some(points) = &self.points {
            let sep = match lang {
                Lang::En => "; ",
                Lang::Zh => "；",
            };
            return format!(
                "{}{sep}{}",
                points.describe_in(voice),
                points.passes_text(self.first_ply, lang)
            );
        }
        let (last, n) = (self.last_ply, self.occurrences);
        match (lang, self.first_ply) {
            (Lang::En, 0) => format!("first at the start, again after ply {last} ({n} times)"),
            (Lang::En, ply) => format!("first after ply {ply}, again after ply {last} ({n} times)"),
            (Lang::Zh, 0) => format!("起始局面首次出现，第{last}着后再现（共{n}次）"),
            (Lang::Zh, ply) => format!("第{ply}着后首次出现，第{last}着后再现（共{n}次）"),
        }
    }

    /// Whether the repetition decides the game when it is ruled at the
    /// `decisive` occurrence: the position has stood that often, and the
    /// last `decisive − 1` cycles were ruled alike. An offender loses only for
    /// repeating a cycle it was told to vary; a draw needs the same cycle
    /// ruling repeated, not a side that varied into another.
    pub fn decides(&self, decisive: u32) -> bool {
        let decisive = decisive as usize;
        self.occurrences >= decisive && self.alike + 1 >= decisive
    }

    /// How often the cycle has come round, for a game that ended on it: `the
    /// repeated position had stood 3 times`, or of a cycle over points `the
    /// pieces had gone round their points 2 times`; in Chinese
    /// `重复局面已出现3次`, `多点循环已循环2遍`.
    pub(crate) fn how_often(&self, lang: Lang) -> String {
        match (lang, &self.points) {
            (Lang::En, None) => {
                format!("the repeated position had stood {} times", self.occurrences)
            }
            (Lang::Zh, None) => format!("重复局面已出现{}次", self.occurrences),
            (Lang::En, Some(p)) => {
                format!("the pieces had gone round their points {} times", p.passes)
            }
            (Lang::Zh, Some(p)) => format!("多点循环已循环{}遍", p.passes),
        }
    }

    /// What the cycle is, for a line's head: `Repeated position` or `Cycle
    /// over points`, in Chinese `重复局面` or `多点循环`.
    pub fn heading(&self, lang: Lang) -> &'static str {
        match (lang, self.points.is_some()) {
            (Lang::En, false) => "Repeated position",
            (Lang::En, true) => "Cycle over points",
            (Lang::Zh, false) => "重复局面",
            (Lang::Zh, true) => "多点循环",
        }
    }

    /// The cycle's moves, from the position it starts from, for reasons and tables.
    pub fn run(&self) -> MoveRun<'_> {
        MoveRun {
            start: &self.start,
            moves: &self.moves,
            rules: self.rules,
        }
    }
}

/// The full ruling after the last move of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Ruling {
    /// Rule set.
    pub rules: RuleSet,
    /// Profile name.
    pub profile: String,
    /// Moves played.
    pub plies: usize,
    /// The result.
    pub verdict: Verdict,
    /// Why the game ended, if it did.
    pub reason: Option<Reason>,
    /// The repetition closed by the last move, if any.
    pub repetition: Option<RepetitionReport>,
    /// The natural move limit's state.
    pub natural_limit: LimitStatus,
    /// Whether the natural-limit count classified every attacking move (else only checks).
    pub attacks_classified: bool,
    /// A note when the profile turned a draw into a result (Armageddon draw odds).
    pub draw_note: Option<Words>,
    /// The position after the last move.
    pub position: Position,
}

/// A side as a line for people names it: `Red`, `Black`; in Chinese 红方, 黑方.
pub(crate) fn side_name(color: Color, lang: Lang) -> String {
    match lang {
        Lang::En => crate::text::capitalized(color.name()),
        Lang::Zh => format!("{}方", color.name_zh()),
    }
}

fn side_json(side: &SideCycle, run: &MoveRun, texts: &MoveTexts) -> Value {
    let ms: Vec<Value> = side
        .moves
        .iter()
        .filter_map(|&i| run.move_json(i, texts))
        .collect();
    json!({
        "pattern": side.pattern(Lang::Zh),
        "pattern_en": side.pattern(Lang::En),
        "forbidden": side.forbidden,
        "moves": ms,
    })
}

/// A cycle over points as the JSON's `points` object.
fn points_json(points: &PointsCycle) -> Value {
    let side = |side: &SidePoints| {
        let squares: Vec<String> = side.points.iter().map(ToString::to_string).collect();
        json!({
            "piece": side.piece.fen_char().to_string(),
            "points": squares,
        })
    };
    json!({
        "red": side(&points.red),
        "black": side(&points.black),
        "pass_rounds": points.pass_rounds,
        "passes": points.passes,
    })
}

impl Ruling {
    /// Whether the rules end the game here: mate, stalemate, a repetition's
    /// decisive occurrence, or a player's claim of the natural-limit draw
    /// that holds ([`ClaimMode::Claim`]). Otherwise a natural-limit draw is
    /// only a claim the players may make ([`ClaimMode::Automatic`]), so it
    /// does not end the game by itself.
    pub fn ends_game(&self) -> bool {
        self.verdict != Verdict::Ongoing
            && (self.reason != Some(Reason::NaturalLimit)
                || matches!(self.natural_limit.claim_mode, ClaimMode::Claim(_)))
    }

    /// The ruling as the JSON object that `xqarbiter rule --json` prints (a
    /// contract: keys and values are kept, keys may be added):
    ///
    /// - `rules`, `profile`, `plies`, `fen` (after the last move);
    /// - `verdict`: `ongoing`, `red_wins`, `black_wins` or `draw`
    ///   ([`Verdict::name`]); `reason`: null or a [`Reason::name`];
    /// - `repetition`: null, or the cycle closed by the last move:
    ///   `first_ply`, `last_ply`, `occurrences`, `ruling` (`draw`,
    ///   `red_must_vary`, `black_must_vary`), `red` and `black` (each
    ///   `pattern` in Chinese, `pattern_en`, `forbidden`, and its `moves`:
    ///   `ply`, `move`, `notation`, `nature`, `targets`, `attackers` (the
    ///   square of the piece that attacks each target; for a piece won by
    ///   checks, the one that takes), `reason`, `reason_zh`), `clause`,
    ///   `explanation` and `explanation_zh`, `note` and `note_zh` (a
    ///   profile's clause that changed the ruling, or null), `alike`,
    ///   `previous_ruling`, `kind` (`position` for a position that stands
    ///   again, `points` for a cycle over points, which repeats no
    ///   position) and `points` (null, or of a cycle over points `red` and
    ///   `black`, each `piece` and the `points` it goes round, `pass_rounds`
    ///   and `passes`);
    /// - `natural_limit`: `limit` (rounds), `claim_mode`, `plies`,
    ///   `since_ply`, `prior_plies`, `red` and `black` (each side's counts),
    ///   `claimable_by`, `outcome` and `attacks_classified`;
    /// - `draw_note` and `draw_note_zh`: why a drawn game is scored
    ///   otherwise by the profile (Armageddon), or null.
    ///
    /// ```
    /// use xqarbiter::board::{Move, Position};
    /// use xqarbiter::referee::Referee;
    /// use xqarbiter::rules::RuleSet;
    ///
    /// // Red checks from e0 and f0 in turn, twice: perpetual check, Red loses.
    /// let start = Position::from_fen("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w").unwrap();
    /// let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
    /// for mv in ["f0e0", "e8f8", "e0f0", "f8e8"].repeat(2) {
    ///     referee.push(mv.parse::<Move>().unwrap()).unwrap();
    /// }
    /// let json = referee.ruling().to_json();
    /// assert_eq!(json["verdict"], "black_wins");
    /// assert_eq!(json["reason"], "perpetual");
    /// assert_eq!(json["repetition"]["occurrences"], 3);
    /// assert_eq!(json["repetition"]["ruling"], "red_must_vary");
    /// assert_eq!(json["repetition"]["red"]["pattern"], "长将");
    /// assert_eq!(json["repetition"]["red"]["moves"][0]["nature"], "check");
    /// assert_eq!(json["repetition"]["clause"], "CXA 2020 25.1");
    /// assert!(json["draw_note"].is_null());
    /// println!("{}", serde_json::to_string_pretty(&json).unwrap());
    /// ```
    pub fn to_json(&self) -> Value {
        let repetition = self.repetition.as_ref().map(|r| {
            let run = r.run();
            let texts = run.texts();
            json!({
                "first_ply": r.first_ply,
                "last_ply": r.last_ply,
                "occurrences": r.occurrences,
                "ruling": r.cycle.outcome.name(),
                "red": side_json(&r.cycle.red, &run, &texts),
                "black": side_json(&r.cycle.black, &run, &texts),
                "clause": r.cycle.clause.to_string(),
                "explanation": r.cycle.explanation(Lang::En),
                "explanation_zh": r.cycle.explanation(Lang::Zh),
                "note": r.note.as_ref().map(|n| n.en.clone()),
                "note_zh": r.note.as_ref().map(|n| n.zh.clone()),
                "alike": r.alike,
                "previous_ruling": r.previous.as_ref().map(|p| p.cycle.outcome.name()),
                "kind": if r.points.is_some() { "points" } else { "position" },
                "points": r.points.as_ref().map(points_json),
            })
        });
        json!({
            "rules": self.rules.name(),
            "profile": self.profile,
            "plies": self.plies,
            "verdict": self.verdict.name(),
            "reason": self.reason.map(Reason::name),
            "repetition": repetition,
            "natural_limit": self.natural_limit_json(),
            "draw_note": self.draw_note.as_ref().map(|n| n.en.clone()),
            "draw_note_zh": self.draw_note.as_ref().map(|n| n.zh.clone()),
            "fen": self.position.fen(),
        })
    }

    /// The natural limit's contract object, with `attacks_classified`.
    pub(crate) fn natural_limit_json(&self) -> Value {
        let mut json = self.natural_limit.to_json();
        json["attacks_classified"] = Value::Bool(self.attacks_classified);
        json
    }

    /// The natural limit's state in one line for people, with the profile's draw note if any.
    pub fn natural_limit_text(&self, lang: Lang) -> String {
        let mut text = self.natural_limit.outcome_text().get(lang).to_string();
        if let Some(note) = &self.draw_note {
            text.push('\n');
            text.push_str(note.get(lang));
        }
        text
    }

    /// FEN after the last move.
    pub fn fen(&self) -> String {
        self.position.fen()
    }

    /// One line: the verdict and its reason. A draw that the profile scores
    /// as a Black win (Armageddon) is told as the draw, then its score.
    pub fn summary(&self, voice: impl Into<Voice>) -> String {
        self.summary_told(voice.into(), false)
    }

    /// [`Ruling::summary`] of a ruling that ended the game while the
    /// record goes on after it: the offender is told to have not varied by
    /// the decisive occurrence, not to have never varied.
    pub fn summary_played_on(&self, voice: impl Into<Voice>) -> String {
        self.summary_told(voice.into(), true)
    }

    /// This ruling, which ended the game after its ply, told of a game the
    /// players played on to ply `plies` (more than this ruling's): where
    /// the game ended (for a repetition, how often the position had stood),
    /// [`Ruling::summary_played_on`], and how many plies were played on, e.g.
    /// "By the rules the game ended after ply 8, when the repeated position
    /// had stood 3 times: Black wins — …: red had not varied by then and
    /// loses (CXA 2020 25.1). The players played on for 1 more ply."
    pub fn ended_before(&self, plies: usize, voice: impl Into<Voice>) -> String {
        let voice = voice.into();
        let (lang, ply, summary) = (voice.lang, self.plies, self.summary_played_on(voice));
        let more = plies.saturating_sub(ply);
        let times = self.repetition.as_ref().map(|r| r.how_often(lang));
        match lang {
            Lang::En => format!(
                "By the rules the game ended after ply {ply}{}: {summary}. The players played on \
                 for {more} more {}.",
                times.map_or(String::new(), |n| format!(", when {n}")),
                if more == 1 { "ply" } else { "plies" },
            ),
            Lang::Zh => format!(
                "按规则，对局于第{ply}着后结束{}：{summary}。双方此后又走了{more}着。",
                times.map_or(String::new(), |n| format!("（{n}）")),
            ),
        }
    }

    /// [`Ruling::summary`], or, when `played_on`, [`Ruling::summary_played_on`].
    fn summary_told(&self, voice: Voice, played_on: bool) -> String {
        if self.draw_note.is_none() {
            return self.summary_of(self.verdict, voice, played_on);
        }
        let draw = self.summary_of(Verdict::Draw, voice, played_on);
        match voice.lang {
            Lang::En => format!("{draw}, scored as a Black win by profile {}", self.profile),
            Lang::Zh => format!("{draw}，按{}规程判黑胜", self.profile),
        }
    }

    /// [`Ruling::summary_told`] with `verdict` as the result.
    fn summary_of(&self, verdict: Verdict, voice: Voice, played_on: bool) -> String {
        let lang = voice.lang;
        let rep = self.repetition.as_ref();
        let decision = |r: &RepetitionReport| {
            if played_on {
                r.cycle.decision_by_then(lang)
            } else {
                r.cycle.decision(lang)
            }
        };
        match lang {
            Lang::En => {
                let head = verdict.describe(lang);
                let why = match (self.reason, rep) {
                    (Some(Reason::Checkmate), _) => " by checkmate".to_string(),
                    (Some(Reason::Stalemate), _) => " by stalemate (no legal move)".to_string(),
                    (Some(Reason::NaturalLimit), _) => " by the natural move limit".to_string(),
                    (Some(_), Some(r)) => match &r.points {
                        None => format!(" — {} ({})", decision(r), r.cycle.clause),
                        Some(p) => format!(
                            " — {}: {} ({})",
                            p.describe_in(voice),
                            decision(r),
                            r.cycle.clause
                        ),
                    },
                    (None, Some(r)) => match &r.points {
                        None => format!(
                            " — repetition ({} occurrences): {} ({})",
                            r.occurrences,
                            r.cycle.explanation(lang),
                            r.cycle.clause
                        ),
                        Some(p) => format!(
                            " — {}: {} ({})",
                            p.describe_in(voice),
                            r.cycle.explanation(lang),
                            r.cycle.clause
                        ),
                    },
                    _ => String::new(),
                };
                format!("{head}{why}")
            }
            Lang::Zh => {
                let head = verdict.describe(lang);
                let why = match (self.reason, rep) {
                    (Some(Reason::Checkmate), _) => "（将死）".to_string(),
                    (Some(Reason::Stalemate), _) => "（困毙）".to_string(),
                    (Some(Reason::NaturalLimit), _) => "（自然限着）".to_string(),
                    (Some(_), Some(r)) => match &r.points {
                        None => format!("——{}（{}）", decision(r), r.cycle.clause.name(lang)),
                        Some(p) => format!(
                            "——{}：{}（{}）",
                            p.describe_in(voice),
                            decision(r),
                            r.cycle.clause.name(lang)
                        ),
                    },
                    (None, Some(r)) => match &r.points {
                        None => format!(
                            "——局面第{}次出现：{}（{}）",
                            r.occurrences,
                            r.cycle.explanation(lang),
                            r.cycle.clause.name(lang)
                        ),
                        Some(p) => format!(
                            "——{}：{}（{}）",
                            p.describe_in(voice),
                            r.cycle.explanation(lang),
                            r.cycle.clause.name(lang)
                        ),
                    },
                    _ => String::new(),
                };
                format!("{head}{why}")
            }
        }
    }

    /// The full explanation for people: verdict, the cycle's per-move table and the natural limit.
    pub fn render(&self, lang: Lang) -> String {
        self.render_in(lang, Ranks::FromZero)
    }

    /// [`Ruling::render`] with the ranks of the table's moves and squares
    /// numbered in `ranks`, those of the record (1–10 for one read so).
    pub fn render_in(&self, lang: Lang, ranks: Ranks) -> String {
        let mut out = self.summary(Voice::new(lang, ranks));
        out.push('\n');
        out.push_str(&self.details_in(lang, ranks));
        out
    }

    /// What [`Ruling::render_in`] prints below the verdict: the repeated
    /// position, each side's pattern, the cycle's per-move table (its moves
    /// and squares in `ranks`) and the natural limit.
    pub(crate) fn details_in(&self, lang: Lang, ranks: Ranks) -> String {
        let mut out = String::new();
        if let Some(r) = &self.repetition {
            let (stood, heading) = (r.stood(Voice::new(lang, ranks)), r.heading(lang));
            let _ = match lang {
                Lang::En => writeln!(out, "\n{heading}: {stood}. Rules: {}.", self.rules),
                Lang::Zh => writeln!(
                    out,
                    "\n{heading}：{stood}。规则：{}（{}）。",
                    self.rules.book_zh(),
                    self.rules
                ),
            };
            for side in [&r.cycle.red, &r.cycle.black] {
                let _ = match lang {
                    Lang::En => writeln!(
                        out,
                        "{}: {} — {}",
                        side_name(side.color, lang),
                        side.pattern(lang),
                        side.standing(lang)
                    ),
                    Lang::Zh => writeln!(
                        out,
                        "{}：{}——{}",
                        side_name(side.color, lang),
                        side.pattern(lang),
                        side.standing(lang)
                    ),
                };
            }
            if let Some(before) = r
                .previous
                .as_ref()
                .filter(|b| b.cycle.outcome != r.cycle.outcome)
            {
                let (from, to) = (before.first_ply + 1, before.last_ply);
                let explanation = before.cycle.explanation(lang);
                let _ = match lang {
                    Lang::En => writeln!(
                        out,
                        "The cycle before it (plies {from}–{to}) was ruled otherwise: {explanation}; a cycle ruled like this one has not been repeated yet."
                    ),
                    Lang::Zh => writeln!(
                        out,
                        "前一循环（第{from}–{to}着）裁决不同：{explanation}；与本循环裁决相同的循环尚未重复。"
                    ),
                };
            }
            out.push('\n');
            out.push_str(&r.run().table_in(lang, ranks));
            if let Some(note) = &r.note {
                let _ = writeln!(out, "\n{}", crate::text::capitalized(note.get(lang)));
            }
        }
        let limit = self.natural_limit_text(lang);
        let _ = writeln!(out, "\n{}", crate::text::capitalized(&limit));
        out
    }

    /// What the move after which this ruling stands brings, for a list of
    /// moves not to play: the end of the game (with the summary), or the
    /// position once more with the cycle's ruling.
    pub fn consequence(&self, voice: impl Into<Voice>) -> String {
        let voice = voice.into();
        let lang = voice.lang;
        let Some(rep) = self.repetition.as_ref().filter(|_| !self.ends_game()) else {
            return match lang {
                Lang::En => format!("would end the game: {}", self.summary(voice)),
                Lang::Zh => format!("将结束对局：{}", self.summary(voice)),
            };
        };
        let (n, clause) = (rep.occurrences, rep.cycle.clause.name(lang));
        let explanation = rep.cycle.explanation(lang);
        match (lang, &rep.points) {
            (Lang::En, None) => {
                format!("the position would stand {n} times: {explanation} ({clause})")
            }
            (Lang::Zh, None) => format!("局面将第{n}次出现：{explanation}（{clause}）"),
            (Lang::En, Some(p)) => format!(
                "{} {}: {explanation} ({clause})",
                p.describe_in(voice),
                p.passes_text(rep.first_ply, lang)
                    .replacen("gone", "would have gone", 1)
            ),
            (Lang::Zh, Some(p)) => format!(
                "将形成{}，{}：{explanation}（{clause}）",
                p.describe_in(voice),
                p.passes_text(rep.first_ply, lang)
            ),
        }
    }

    /// The repetition's outcome, if the last move closed a cycle.
    pub(crate) fn cycle_outcome(&self) -> Option<CycleOutcome> {
        self.repetition.as_ref().map(|r| r.cycle.outcome)
    }
}
