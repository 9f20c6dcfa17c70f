//! One audit row per game: what was read, what the rules say, and what is wrong.

use serde::{Serialize, Serializer};

use crate::record::Place;
use crate::rules::ruling::Verdict;
use crate::words::{Lang, Words};

/// What kind of problem or notable fact an audit found in a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum FindingKind {
    /// A move that is not legal where it was played; the replay stops there.
    IllegalMove,
    /// A repetition the rules forbid to one side, repeated up to the decisive count.
    ForbiddenRepetition,
    /// A repetition that the rules rule a draw.
    RepetitionDraw,
    /// A repetition the rules would draw, which a profile's early-repetition
    /// clause made Red vary, repeated up to the decisive count: Red loses.
    EarlyRepetition,
    /// The natural move limit was reached: a draw could be claimed.
    NaturalLimit,
    /// The game ends in checkmate but the record does not score it so.
    Checkmate,
    /// The game ends in stalemate (a loss for the side without moves) but the record does not score it so.
    Stalemate,
    /// The recorded result contradicts the result the rules give.
    ResultMismatch,
    /// The record gives two different results: its Result tag and the end of its moves.
    ResultConflict,
    /// The Result tag says something that is no result: the game is taken as unscored.
    UnreadableResult,
    /// An agreed draw recorded earlier than the profile allows.
    EarlyDraw,
    /// A resignation recorded earlier than the profile allows.
    EarlyResignation,
    /// Neither side has attacking material at the end but the game is not scored a draw.
    SimpleDraw,
    /// A move text that two notation conventions read as two different legal
    /// moves: it was read by the one preferred for it.
    AmbiguousNotation,
    /// A draw agreed by the players, which the profile scores as a Black
    /// win (Armageddon).
    ArmageddonDraw,
}

impl FindingKind {
    /// Every kind, in report order.
    pub const ALL: [FindingKind; 15] = [
        FindingKind::IllegalMove,
        FindingKind::ForbiddenRepetition,
        FindingKind::RepetitionDraw,
        FindingKind::EarlyRepetition,
        FindingKind::NaturalLimit,
        FindingKind::Checkmate,
        FindingKind::Stalemate,
        FindingKind::ResultMismatch,
        FindingKind::ResultConflict,
        FindingKind::UnreadableResult,
        FindingKind::EarlyDraw,
        FindingKind::EarlyResignation,
        FindingKind::SimpleDraw,
        FindingKind::AmbiguousNotation,
        FindingKind::ArmageddonDraw,
    ];

    /// The contract name used in CSV and JSON lines.
    pub const fn name(self) -> &'static str {
        match self {
            FindingKind::IllegalMove => "illegal_move",
            FindingKind::ForbiddenRepetition => "forbidden_repetition",
            FindingKind::RepetitionDraw => "repetition_draw",
            FindingKind::EarlyRepetition => "early_repetition",
            FindingKind::NaturalLimit => "natural_limit",
            FindingKind::Checkmate => "checkmate",
            FindingKind::Stalemate => "stalemate",
            FindingKind::ResultMismatch => "result_mismatch",
            FindingKind::ResultConflict => "result_conflict",
            FindingKind::UnreadableResult => "unreadable_result",
            FindingKind::EarlyDraw => "early_draw",
            FindingKind::EarlyResignation => "early_resignation",
            FindingKind::SimpleDraw => "simple_draw",
            FindingKind::AmbiguousNotation => "ambiguous_notation",
            FindingKind::ArmageddonDraw => "armageddon_draw",
        }
    }

    /// The kind in words for people, in `lang`, as a label that starts a
    /// line (`Forbidden repetition`; the report's text; CSV and JSON lines
    /// keep [`FindingKind::name`]).
    pub const fn label(self, lang: Lang) -> &'static str {
        let (en, zh) = match self {
            FindingKind::IllegalMove => ("Illegal move", "违例着法"),
            FindingKind::ForbiddenRepetition => ("Forbidden repetition", "禁止着法循环"),
            FindingKind::RepetitionDraw => ("Repetition draw", "循环作和"),
            FindingKind::EarlyRepetition => ("Early repetition", "限定回合内不变作和"),
            FindingKind::NaturalLimit => ("Natural limit", "自然限着"),
            FindingKind::Checkmate => ("Checkmate", "将死"),
            FindingKind::Stalemate => ("Stalemate", "困毙"),
            FindingKind::ResultMismatch => ("Result mismatch", "结果不符"),
            FindingKind::ResultConflict => ("Conflicting results", "结果自相矛盾"),
            FindingKind::UnreadableResult => ("Unreadable result", "结果无法识别"),
            FindingKind::EarlyDraw => ("Early draw", "过早议和"),
            FindingKind::EarlyResignation => ("Early resignation", "过早认负"),
            FindingKind::SimpleDraw => ("Simple draw", "简单和棋"),
            FindingKind::AmbiguousNotation => ("Ambiguous notation", "记谱有歧义"),
            FindingKind::ArmageddonDraw => ("Draw scored as a Black win", "和棋判黑胜"),
        };
        match lang {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }
}

/// One finding: its kind, the ply it is about (1-based, if any) and words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Finding {
    /// What was found.
    pub kind: FindingKind,
    /// The ply it concerns (the first move is ply 1), if it concerns one.
    pub ply: Option<usize>,
    /// Where in its file the move it concerns was written, if it
    /// concerns one the reader placed (an illegal move): in JSON the key
    /// `place`, `{"line": L, "column": C}` in a text, `{"byte": N}` in
    /// binary data, or null.
    pub place: Option<Place>,
    /// An explanation for a person (in JSON, the keys `detail` and `detail_zh`).
    #[serde(flatten, serialize_with = "detail_keys")]
    pub detail: Words,
}

/// A finding's words as the keys `detail` and `detail_zh`.
fn detail_keys<S: Serializer>(detail: &Words, s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Keys<'a> {
        detail: &'a str,
        detail_zh: &'a str,
    }
    Keys {
        detail: &detail.en,
        detail_zh: &detail.zh,
    }
    .serialize(s)
}

/// A row's warnings as a list of objects with the keys `detail` and `detail_zh`.
fn warning_list<S: Serializer>(warnings: &[Words], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Keys<'a> {
        detail: &'a str,
        detail_zh: &'a str,
    }
    s.collect_seq(warnings.iter().map(|w| Keys {
        detail: &w.en,
        detail_zh: &w.zh,
    }))
}

/// A row's error as the keys `error` and `error_zh`, both null when there is none.
fn error_keys<S: Serializer>(error: &Option<Words>, s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Keys<'a> {
        error: Option<&'a str>,
        error_zh: Option<&'a str>,
    }
    Keys {
        error: error.as_ref().map(|e| e.en.as_str()),
        error_zh: error.as_ref().map(|e| e.zh.as_str()),
    }
    .serialize(s)
}

/// The audit of one game (or of one unreadable file or game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Row {
    /// The file, as given or as found by the walk.
    pub file: String,
    /// 0-based index of the game in the file.
    pub index: usize,
    /// The event tag, if any.
    pub event: Option<String>,
    /// The Red player, if the record names one ([`crate::words::player_name`]:
    /// not a placeholder such as `红方`).
    pub red: Option<String>,
    /// The Black player, if the record names one (not a placeholder such as `黑方`).
    pub black: Option<String>,
    /// The date, if known.
    pub date: Option<String>,
    /// Moves replayed.
    pub plies: usize,
    /// The result the record gives, if any.
    pub recorded_result: Option<Verdict>,
    /// The result the rules give.
    pub ruled_result: Verdict,
    /// What the audit found, in ply order.
    pub findings: Vec<Finding>,
    /// What the reading of the file or the game gave to doubt, each in
    /// words that name what and why: the encoding given looks wrong for the
    /// file's text, a library's index could not be used, ... (in JSON, a
    /// list of objects with the keys `detail` and `detail_zh`). A warning
    /// about the file is on every row of the file.
    #[serde(serialize_with = "warning_list")]
    pub warnings: Vec<Words>,
    /// Why the file or game could not be read, if it could not (in JSON,
    /// the keys `error` and `error_zh`).
    #[serde(flatten, serialize_with = "error_keys")]
    pub error: Option<Words>,
    /// Where in the file the damage that keeps the game from being read
    /// is, when the reader knows (in JSON, `error_place`: `{"line", "column"}`
    /// or `{"byte"}`, null otherwise).
    pub error_place: Option<Place>,
}

impl Row {
    /// A row for a file or game that could not be read.
    pub fn unreadable(file: String, index: usize, why: Words) -> Row {
        Row {
            file,
            index,
            event: None,
            red: None,
            black: None,
            date: None,
            plies: 0,
            recorded_result: None,
            ruled_result: Verdict::Ongoing,
            findings: Vec::new(),
            warnings: Vec::new(),
            error: Some(why),
            error_place: None,
        }
    }

    /// Whether the row has something to report (a finding, a warning or an error).
    pub fn is_notable(&self) -> bool {
        self.error.is_some() || !self.findings.is_empty() || !self.warnings.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializes_to_the_contract_names() {
        let mut row = Row::unreadable("a.pgn".into(), 0, Words::new("bad", "坏"));
        row.findings.push(Finding {
            place: None,
            kind: FindingKind::ForbiddenRepetition,
            ply: Some(9),
            detail: Words::new("x", "甲"),
        });
        row.recorded_result = Some(Verdict::RedWins);
        let v = serde_json::to_value(&row).unwrap();
        assert_eq!(v["warnings"], serde_json::json!([]));
        row.warnings.push(Words::new("w", "乙"));
        let v = serde_json::to_value(&row).unwrap();
        assert_eq!(
            v["warnings"],
            serde_json::json!([{ "detail": "w", "detail_zh": "乙" }])
        );
        assert_eq!(v["findings"][0]["kind"], "forbidden_repetition");
        assert_eq!(v["findings"][0]["detail_zh"], "甲");
        assert_eq!(v["recorded_result"], "red_wins");
        assert_eq!(v["ruled_result"], "ongoing");
        assert_eq!(v["error"], "bad");
        assert_eq!(v["error_zh"], "坏");
        assert!(v["event"].is_null());
        for kind in FindingKind::ALL {
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.name());
        }
    }

    #[test]
    fn labels_are_words_not_contract_names() {
        for kind in FindingKind::ALL {
            assert!(
                !kind.label(Lang::En).contains('_'),
                "{}",
                kind.label(Lang::En)
            );
            assert!(!kind.label(Lang::Zh).is_ascii(), "{}", kind.label(Lang::Zh));
        }
        assert_eq!(FindingKind::ResultMismatch.label(Lang::Zh), "结果不符");
        assert_eq!(
            FindingKind::ResultMismatch.label(Lang::En),
            "Result mismatch"
        );
    }
}
