//! The ruling on a game after its last move, with its explanation: text for
//! people (Chinese or English) and the JSON object of the contract.

use std::fmt::Write as _;

use serde::Serialize;
use serde_json::{Value, json};

use crate::board::{Color, Move, Position};
use crate::notation::{Notation, render};
use crate::record::Outcome;
use crate::text;

use super::Nature;
use super::RuleSet;
use super::explain::{
    NewAttack, NotBefore, describe, describe_not_before, new_attacks, not_before,
};
use super::limit::LimitStatus;
use super::mate_line::{mate_line, write_line};
use super::nature::{MATE_THREAT_DEPTH, MoveNature, Why};
use super::repetition::{CycleOutcome, CycleRuling, SideCycle};

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
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move has no legal move and is not in check (困毙, a loss).
    Stalemate,
    /// A forbidden repetition reached the decisive count: the offender loses.
    Perpetual,
    /// A repetition with no offender reached the decisive count: draw.
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
}

/// Output language for people.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    /// Chinese.
    #[default]
    Zh,
    /// English.
    En,
}

/// One move of the cycle as reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// Ply number in the game (1 = the first move of the record).
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// Its nature, with what it attacks and why.
    pub nature: MoveNature,
}

/// The repetition closed by the last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepetitionReport {
    /// Ply after which the repeated position first stood.
    pub first_ply: usize,
    /// Ply that closed the cycle.
    pub last_ply: usize,
    /// How often the position has now stood.
    pub occurrences: usize,
    /// The position the cycle starts from (and returns to).
    pub start: Position,
    /// The cycle's ruling.
    pub cycle: CycleRuling,
    /// The cycle's moves, in order.
    pub moves: Vec<MoveReport>,
    /// A note when a profile rule changed the outcome (e.g. an early-repetition rule).
    pub note: Option<(String, String)>,
    /// The rule set the moves were classified under.
    pub rules: RuleSet,
    /// How many cycles in a row, this one the last, the repeated position's
    /// cycles were ruled alike (1 when the cycle before was ruled otherwise
    /// or there is none), counted back no further than the decision needs:
    /// the profile's decisive occurrence less one.
    pub alike: usize,
    /// The cycle before this one, between the two occurrences before the
    /// last, if the position stood that often.
    pub previous: Option<PreviousCycle>,
}

/// The cycle between the two occurrences of a repeated position before the
/// last one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PreviousCycle {
    /// Ply after which it started.
    pub first_ply: usize,
    /// Ply that closed it.
    pub last_ply: usize,
    /// Its ruling.
    pub cycle: CycleRuling,
}

impl RepetitionReport {
    /// Whether the repetition decides the game when it is ruled at the
    /// `decisive` occurrence: the position has stood that often, and the
    /// last `decisive − 1` cycles were ruled alike. An offender loses only for
    /// repeating a cycle it was told to vary; a draw needs the same cycle
    /// ruling repeated, not a side that varied into another.
    pub fn decides(&self, decisive: u32) -> bool {
        let decisive = decisive as usize;
        self.occurrences >= decisive && self.alike + 1 >= decisive
    }
}

/// What one move's reason shows beyond its nature (see [`RepetitionReport::reasons`]).
struct Worked {
    /// A mate threat's mating line, from the position after the move.
    line: Option<(Position, Vec<Move>)>,
    /// The grounds of an idle move or of a chase.
    grounds: Grounds,
}

/// The grounds a reason gives beyond the nature.
enum Grounds {
    /// An idle move's new attacks (an exchange offer's own target aside),
    /// each with why it is no chase.
    Idle(Vec<NewAttack>),
    /// Why a chase's captures that could be played before the move were no threats then.
    Chase(Vec<NotBefore>),
    /// None.
    None,
}

impl RepetitionReport {
    /// Each move's reason in `lang`, in order; a mate threat's reason shows
    /// a mating line ([`mate_line`]) from the position after the move, an
    /// idle move's what it newly attacks and why that is no chase
    /// ([`new_attacks`]), a chase's why a capture that could be played before
    /// the move was no threat then ([`not_before`]).
    pub fn reasons(&self, lang: Lang) -> Vec<String> {
        self.reasons_with(lang, &self.work_out())
    }

    /// What the reasons show beyond the natures, worked out once for both
    /// languages: for each move, a mating line for a mate threat (the position
    /// after the move, the mover to move again, and the line), and the grounds
    /// of an idle move or of a chase.
    fn work_out(&self) -> Vec<Worked> {
        let mut pos = self.start.clone();
        self.moves
            .iter()
            .map(|m| {
                let grounds = match &m.nature.why {
                    Why::Idle | Why::Sacrifice(..) | Why::Block(..) | Why::Follow(..) => {
                        Grounds::Idle(new_attacks(&pos, m.mv, self.rules))
                    }
                    // The piece offered in exchange is the offer itself, not an attack to explain.
                    Why::Exchange(..) | Why::PressedExchange(..) => {
                        let mut attacks = new_attacks(&pos, m.mv, self.rules);
                        attacks.retain(|a| !m.nature.targets.contains(&a.target.0));
                        Grounds::Idle(attacks)
                    }
                    Why::Chase => Grounds::Chase(not_before(&pos, m.mv, &m.nature.chases)),
                    _ => Grounds::None,
                };
                pos.play(m.mv);
                let line = (m.nature.nature == Nature::MateThreat)
                    .then(|| {
                        let mut ahead = pos.passed();
                        let line = mate_line(&mut ahead, MATE_THREAT_DEPTH);
                        (!line.is_empty()).then_some((ahead, line))
                    })
                    .flatten();
                Worked { line, grounds }
            })
            .collect()
    }

    /// [`RepetitionReport::reasons`] with what they show worked out; a check
    /// or mate threat that also chases (AXF) says what it chases besides.
    fn reasons_with(&self, lang: Lang, worked: &[Worked]) -> Vec<String> {
        self.moves
            .iter()
            .zip(worked)
            .map(|(m, worked)| {
                let reason = self.reason_with(m, lang, worked);
                if m.nature.nature == Nature::Chase || m.nature.chases.is_empty() {
                    return reason;
                }
                let chases = m.nature.chases_reason(lang);
                match lang {
                    Lang::En => format!("{reason}; it also chases: {chases}"),
                    Lang::Zh => format!("{reason}；兼捉：{chases}"),
                }
            })
            .collect()
    }

    /// One move's reason, with what it shows worked out.
    fn reason_with(&self, m: &MoveReport, lang: Lang, worked: &Worked) -> String {
        let Some((ahead, line)) = &worked.line else {
            let reason = m.nature.reason(lang);
            // The grounds follow the reason: after a colon or a semicolon in
            // English, in brackets in Chinese.
            let with = |lead: &str, grounds: Vec<String>| match lang {
                Lang::En => format!("{reason}{lead}{}", grounds.join("; ")),
                Lang::Zh => format!("{reason}（{}）", grounds.join("；")),
            };
            return match &worked.grounds {
                Grounds::Idle(attacks) if !attacks.is_empty() => {
                    with(": ", describe(attacks, lang))
                }
                Grounds::Chase(before) if !before.is_empty() => {
                    with("; ", describe_not_before(before, lang))
                }
                _ => reason,
            };
        };
        // The line's own length: the mover's moves in it.
        let moves = line.len().div_ceil(2);
        let shown = write_line(ahead, line, lang);
        match lang {
            Lang::En if moves == 1 => format!("threatens mate in 1 move: {shown}"),
            Lang::En => format!("threatens mate by checks in {moves} moves: {shown}"),
            Lang::Zh => format!("伏{moves}步连将杀：{shown}"),
        }
    }

    /// The cycle's moves in Chinese notation, in order.
    pub fn notations(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        self.moves
            .iter()
            .map(|m| {
                let text = render(&pos, m.mv, Notation::Chinese);
                pos.play(m.mv);
                text
            })
            .collect()
    }
}

/// A note added to the ruling by the profile, in English and Chinese.
pub type Note = (String, String);

/// The full ruling after the last move of a record.
#[derive(Clone, Debug, PartialEq)]
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
    pub draw_note: Option<Note>,
    /// The position after the last move.
    pub position: Position,
}

/// Per move of a cycle: its Chinese notation and its reasons in English and Chinese.
struct MoveTexts {
    notations: Vec<String>,
    reasons_en: Vec<String>,
    reasons_zh: Vec<String>,
}

fn side_json(side: &SideCycle, moves: &[MoveReport], texts: &MoveTexts) -> Value {
    let ms: Vec<Value> = side
        .moves
        .iter()
        .filter_map(|&i| {
            let m = moves.get(i)?;
            Some(json!({
                "ply": m.ply,
                "move": m.mv.to_string(),
                "notation": texts.notations.get(i)?,
                "nature": m.nature.nature.name(),
                "targets": m.nature.targets.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
                "reason": texts.reasons_en.get(i)?,
                "reason_zh": texts.reasons_zh.get(i)?,
            }))
        })
        .collect();
    json!({
        "pattern": side.pattern(Lang::Zh),
        "pattern_en": side.pattern(Lang::En),
        "forbidden": side.forbidden,
        "moves": ms,
    })
}

impl Ruling {
    /// Whether the rules end the game here: mate, stalemate, or a repetition's
    /// decisive occurrence. A natural-limit draw is only a claim the players
    /// may make, so it does not end the game by itself.
    pub fn ends_game(&self) -> bool {
        self.verdict != Verdict::Ongoing && self.reason != Some(Reason::NaturalLimit)
    }

    /// The contract object of DESIGN.md.
    pub fn to_json(&self) -> Value {
        let repetition = self.repetition.as_ref().map(|r| {
            let worked = r.work_out();
            let texts = MoveTexts {
                notations: r.notations(),
                reasons_en: r.reasons_with(Lang::En, &worked),
                reasons_zh: r.reasons_with(Lang::Zh, &worked),
            };
            json!({
                "first_ply": r.first_ply,
                "last_ply": r.last_ply,
                "occurrences": r.occurrences,
                "ruling": r.cycle.outcome.name(),
                "red": side_json(&r.cycle.red, &r.moves, &texts),
                "black": side_json(&r.cycle.black, &r.moves, &texts),
                "clause": r.cycle.clause.to_string(),
                "explanation": r.cycle.explanation(Lang::En),
                "explanation_zh": r.cycle.explanation(Lang::Zh),
                "note": r.note.as_ref().map(|n| n.0.clone()),
                "alike": r.alike,
                "previous_ruling": r.previous.as_ref().map(|p| p.cycle.outcome.name()),
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
            "fen": self.position.fen(),
        })
    }

    /// The natural limit's contract object, with `attacks_classified`.
    pub fn natural_limit_json(&self) -> Value {
        let mut json = self.natural_limit.to_json();
        json["attacks_classified"] = Value::Bool(self.attacks_classified);
        json
    }

    /// The natural limit's state in one line for people, with the profile's draw note if any.
    pub fn natural_limit_text(&self, lang: Lang) -> String {
        let (en, zh) = self.natural_limit.outcome_text();
        let mut text = if lang == Lang::En { en } else { zh };
        if let Some((en, zh)) = &self.draw_note {
            text.push('\n');
            text.push_str(if lang == Lang::En { en } else { zh });
        }
        text
    }

    /// FEN after the last move.
    pub fn fen(&self) -> String {
        self.position.fen()
    }

    /// One line: the verdict and its reason.
    pub fn summary(&self, lang: Lang) -> String {
        let rep = self.repetition.as_ref();
        match lang {
            Lang::En => {
                let head = match self.verdict {
                    Verdict::Ongoing => "Game continues".to_string(),
                    Verdict::RedWins => "Red wins".to_string(),
                    Verdict::BlackWins => "Black wins".to_string(),
                    Verdict::Draw => "Draw".to_string(),
                };
                let why = match (self.reason, rep) {
                    (Some(Reason::Checkmate), _) => " by checkmate".to_string(),
                    (Some(Reason::Stalemate), _) => " by stalemate (no legal move)".to_string(),
                    (Some(Reason::NaturalLimit), _) => " by the natural move limit".to_string(),
                    (Some(_), Some(r)) => {
                        format!(" — {} ({})", r.cycle.explanation(lang), r.cycle.clause)
                    }
                    (None, Some(r)) => format!(
                        " — repetition ({} occurrences): {} ({})",
                        r.occurrences,
                        r.cycle.explanation(lang),
                        r.cycle.clause
                    ),
                    _ => String::new(),
                };
                format!("{head}{why}")
            }
            Lang::Zh => {
                let head = match self.verdict {
                    Verdict::Ongoing => "对局继续",
                    Verdict::RedWins => "红胜",
                    Verdict::BlackWins => "黑胜",
                    Verdict::Draw => "和棋",
                };
                let why = match (self.reason, rep) {
                    (Some(Reason::Checkmate), _) => "（将死）".to_string(),
                    (Some(Reason::Stalemate), _) => "（困毙）".to_string(),
                    (Some(Reason::NaturalLimit), _) => "（自然限着）".to_string(),
                    (Some(_), Some(r)) => {
                        format!(
                            "——{}（{}）",
                            r.cycle.explanation(lang),
                            r.cycle.clause.name(lang)
                        )
                    }
                    (None, Some(r)) => {
                        format!(
                            "——循环第{}次：{}（{}）",
                            r.occurrences,
                            r.cycle.explanation(lang),
                            r.cycle.clause.name(lang)
                        )
                    }
                    _ => String::new(),
                };
                format!("{head}{why}")
            }
        }
    }

    /// The full explanation for people: verdict, the cycle's per-move table and the natural limit.
    pub fn render(&self, lang: Lang) -> String {
        let mut out = self.summary(lang);
        out.push('\n');
        out.push_str(&self.details(lang));
        out
    }

    /// What [`Ruling::render`] prints below the verdict: the repeated
    /// position, each side's pattern, the cycle's per-move table and the
    /// natural limit.
    pub fn details(&self, lang: Lang) -> String {
        let mut out = String::new();
        if let Some(r) = &self.repetition {
            let first = match (lang, r.first_ply) {
                (Lang::En, 0) => "first at the start".to_string(),
                (Lang::En, ply) => format!("first after ply {ply}"),
                (Lang::Zh, 0) => "起始局面首次出现".to_string(),
                (Lang::Zh, ply) => format!("第{ply}着后首次出现"),
            };
            let _ = match lang {
                Lang::En => writeln!(
                    out,
                    "\nRepeated position: {first}, again after ply {} ({} times). Rules: {}.",
                    r.last_ply, r.occurrences, self.rules
                ),
                Lang::Zh => writeln!(
                    out,
                    "\n重复局面：{first}，第{}着后再现（共{}次）。规则：{}。",
                    r.last_ply, r.occurrences, self.rules
                ),
            };
            for side in [&r.cycle.red, &r.cycle.black] {
                let _ = match lang {
                    Lang::En => writeln!(
                        out,
                        "{}: {} — {}",
                        side.color,
                        side.pattern(lang),
                        if side.forbidden {
                            "forbidden"
                        } else {
                            "allowed"
                        }
                    ),
                    Lang::Zh => writeln!(
                        out,
                        "{}方：{}——{}",
                        side.color.name_zh(),
                        side.pattern(lang),
                        if side.forbidden {
                            "禁止着法"
                        } else {
                            "允许着法"
                        }
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
            let header = match lang {
                Lang::En => ["ply", "move", "notation", "nature", "targets", "reason"],
                Lang::Zh => ["着", "坐标", "记谱", "性质", "目标", "理由"],
            };
            let mut rows = vec![header.map(String::from)];
            for ((m, notation), reason) in r.moves.iter().zip(r.notations()).zip(r.reasons(lang)) {
                let nature = match lang {
                    Lang::En => m.nature.nature.name(),
                    Lang::Zh => m.nature.nature.zh(),
                };
                let targets = if m.nature.targets.is_empty() {
                    "-".to_string()
                } else {
                    let squares: Vec<String> =
                        m.nature.targets.iter().map(ToString::to_string).collect();
                    squares.join(",")
                };
                rows.push([
                    m.ply.to_string(),
                    m.mv.to_string(),
                    notation,
                    nature.to_string(),
                    targets,
                    reason,
                ]);
            }
            out.push_str(&text::table(&rows));
            if let Some((en, zh)) = &r.note {
                let _ = writeln!(out, "\n{}", if lang == Lang::En { en } else { zh });
            }
        }
        let _ = writeln!(out, "\n{}", self.natural_limit_text(lang));
        out
    }

    /// The repetition's outcome, if the last move closed a cycle.
    pub fn cycle_outcome(&self) -> Option<CycleOutcome> {
        self.repetition.as_ref().map(|r| r.cycle.outcome)
    }
}
