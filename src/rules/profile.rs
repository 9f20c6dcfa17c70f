//! Tournament profiles: a rule set plus one tournament's numbers (the natural
//! limit and its caps, the decisive repetition count, early-repetition and
//! early-draw clauses, draw odds). The built-ins carry the regulations of
//! `regulations.md`; users write their own as a small TOML file (the format is
//! documented on the `FromStr` implementation of [`Profile`]).

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use serde::Deserialize;
use toml::Spanned;

use crate::board::{Color, Position, Role};
use crate::rules::RuleSet;
use crate::rules::limit::{AttackCap, LimitParams, OtherRulesCaps};
use crate::words::{Lang, Words};

/// A rule set and a tournament's regulations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    /// The profile name (`cxa2020`, `hengfang2024-slow`, or a user's own).
    pub name: String,
    /// One line saying where the numbers come from.
    pub description: String,
    /// How moves are classified and repetition cycles ruled.
    pub rules: RuleSet,
    /// The natural move limit and its caps on the claimant's moves.
    pub limit: LimitParams,
    /// The attack cap is half the natural limit ("自然限着总数的一半", regulation
    /// C): a user profile based on this one that changes the rounds changes
    /// the cap with them, unless it sets its own.
    pub attack_cap_half: bool,
    /// The occurrence of a repeated position at which a repetition is ruled (3).
    pub decisive_occurrence: u32,
    /// Early repetitions that would be draws make Red vary instead (2017 大棋圣战).
    pub early_repetition: Option<EarlyRepetition>,
    /// Armageddon / third knockout game: a drawn game counts as a Black win.
    pub draw_is_black_win: bool,
    /// Agreed draws (and perhaps resignations) this early are flagged by the audit.
    pub early_end: Option<EarlyEndRule>,
    /// The regulation lets the arbiter rule simple draws (简明和棋): the audit
    /// notes positions where neither side has attacking material.
    pub flags_simple_draws: bool,
}

/// "Within the first `rounds` rounds (inclusive), a repetition that would be a
/// draw is not: Red must vary, else Red loses."
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EarlyRepetition {
    /// The last round the rule covers (25 in 2017: "25回合以内（含25回合）").
    pub rounds: u32,
}

/// Early ends of a game that the regulation forbids.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EarlyEndRule {
    /// The last round (inclusive) in which an early end is flagged.
    pub rounds: u32,
    /// Resignations are flagged too ("无故认负"), not only agreed draws.
    pub includes_resignation: bool,
    /// The arbiter may rule both players lost ("裁判有权判双方负").
    pub both_may_lose: bool,
}

/// How a game ended by the players' own decision, for [`Profile::early_end_flag`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EarlyEnd {
    /// A draw by agreement (协议和棋).
    AgreedDraw,
    /// A resignation (认负).
    Resignation,
}

/// An audit finding about an early agreed draw or resignation.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct EarlyEndFlag {
    /// The audit finding kind: `early_draw` or `early_resignation`.
    pub kind: &'static str,
    /// Rounds played when the game ended.
    pub rounds_played: u32,
    /// The profile's early-end limit in rounds.
    pub within_rounds: u32,
    /// Whether the arbiter may rule both players lost.
    pub both_may_lose: bool,
    /// The finding.
    pub detail: Words,
}

/// The names of the built-in profiles, in the order of `regulations.md`.
pub const BUILTIN_NAMES: [&str; 10] = [
    "cxa2011",
    "cxa2020",
    "axf",
    "dqsz2017-slow",
    "dqsz2017-rapid",
    "dqsz2017-armageddon",
    "nanping2018",
    "hengfang2024-slow",
    "hengfang2024-rapid",
    "hengfang2024-blitz",
];

const fn limit(rounds: u32, check_cap: u32, attack_cap: Option<(u32, bool)>) -> LimitParams {
    LimitParams {
        rounds,
        check_cap,
        attack_cap: match attack_cap {
            Some((max, counts_checks)) => Some(AttackCap { max, counts_checks }),
            None => None,
        },
        count_replies_to_void_checks: false,
        replies_are_a_reading: true,
        check_cap_is_a_reading: false,
        caps_of_other_rules: None,
    }
}

impl Profile {
    /// A plain rule-set profile: limit 60, 10 checks, no attack cap, decisive
    /// repetition at the 3rd occurrence, no tournament clauses.
    fn plain(name: &str, rules: RuleSet, description: &str) -> Profile {
        Profile {
            name: name.to_string(),
            description: description.to_string(),
            rules,
            limit: LimitParams::default(),
            attack_cap_half: false,
            decisive_occurrence: 3,
            early_repetition: None,
            draw_is_black_win: false,
            early_end: None,
            flags_simple_draws: false,
        }
    }

    /// The built-in profile of this name (case-insensitive), if any.
    pub fn builtin(name: &str) -> Option<Profile> {
        let name = name.to_ascii_lowercase();
        let dqsz = |n: &str, l: LimitParams, d: &str| Profile {
            limit: l,
            early_repetition: Some(EarlyRepetition { rounds: 25 }),
            early_end: Some(EarlyEndRule {
                rounds: 25,
                includes_resignation: false,
                both_may_lose: false,
            }),
            ..Profile::plain(n, RuleSet::Cxa2011, d)
        };
        let hengfang = |n: &str, l: LimitParams, d: &str| Profile {
            limit: l,
            attack_cap_half: true,
            early_end: Some(EarlyEndRule {
                rounds: 10,
                includes_resignation: true,
                both_may_lose: true,
            }),
            flags_simple_draws: true,
            ..Profile::plain(n, RuleSet::Cxa2020, d)
        };
        let p = match name.as_str() {
            // The profile table gives 10; no verified 2011 text does.
            "cxa2011" => Profile {
                limit: LimitParams {
                    check_cap_is_a_reading: true,
                    ..LimitParams::default()
                },
                ..Profile::plain(
                    "cxa2011",
                    RuleSet::Cxa2011,
                    "CXA 2011 rules: limit 60 rounds, the claimant's checks count at most 10",
                )
            },
            "cxa2020" => Profile::plain(
                "cxa2020",
                RuleSet::Cxa2020,
                "CXA 2020 rules: limit 60 rounds, the claimant's checks count at most 10",
            ),
            "axf" => Profile::plain(
                "axf",
                RuleSet::Axf,
                "AXF/WXF rules: limit 60 rounds, the claimant's checks count at most 10",
            ),
            "dqsz2017-slow" => dqsz(
                "dqsz2017-slow",
                limit(60, 10, Some((30, true))),
                "2017 第五届全国象棋大棋圣战, slow games",
            ),
            "dqsz2017-rapid" => dqsz(
                "dqsz2017-rapid",
                limit(50, 8, Some((25, true))),
                "2017 第五届全国象棋大棋圣战, rapid games (incl. play-offs)",
            ),
            "dqsz2017-armageddon" => Profile {
                draw_is_black_win: true,
                ..dqsz(
                    "dqsz2017-armageddon",
                    limit(50, 8, Some((25, true))),
                    "2017 第五届全国象棋大棋圣战, final Armageddon game (和棋黑胜)",
                )
            },
            "nanping2018" => Profile {
                limit: limit(40, 0, None),
                flags_simple_draws: true,
                ..Profile::plain(
                    "nanping2018",
                    RuleSet::Cxa2011,
                    "2018 南平市第三届唐金俤杯 open: limit 40, the claimant's checks never count",
                )
            },
            "hengfang2024-slow" => hengfang(
                "hengfang2024-slow",
                limit(40, 0, Some((20, false))),
                "2024 重庆首届恒芳杯 open, slow games",
            ),
            "hengfang2024-rapid" => hengfang(
                "hengfang2024-rapid",
                limit(30, 0, Some((15, false))),
                "2024 重庆首届恒芳杯 open, rapid knockout games",
            ),
            "hengfang2024-blitz" => Profile {
                draw_is_black_win: true,
                ..hengfang(
                    "hengfang2024-blitz",
                    limit(30, 0, Some((15, false))),
                    "2024 重庆首届恒芳杯 open, third (blitz) knockout game: a draw qualifies Black",
                )
            },
            _ => return None,
        };
        Some(p)
    }

    /// This profile ruled under `rules` instead of its own rule set
    /// (`rule --profile X --rules R`). The tournament's numbers stay. Caps
    /// on the claimant's moves that are not `rules`' own (its built-in
    /// profile's) are marked as made for the profile's rule set
    /// ([`OtherRulesCaps`]), so that a claim resting on them says so; caps
    /// that are `rules`' own are read as that rule set reads them (the
    /// cxa2011 check cap is a number no verified text gives).
    pub fn with_rules(mut self, rules: RuleSet) -> Profile {
        if rules == self.rules {
            return self;
        }
        let own = Profile::builtin(rules.name()).map_or_else(LimitParams::default, |p| p.limit);
        let limit = &mut self.limit;
        if (limit.check_cap, limit.attack_cap) == (own.check_cap, own.attack_cap) {
            limit.check_cap_is_a_reading = own.check_cap_is_a_reading;
            limit.caps_of_other_rules = None;
        } else {
            // Made for the profile's first rule set, however often it changes.
            let made_for = limit.caps_of_other_rules.map_or(self.rules, |o| o.made_for);
            limit.caps_of_other_rules = (made_for != rules).then_some(OtherRulesCaps {
                made_for,
                ruled_under: rules,
                own_check_cap: own.check_cap,
                own_attack_cap: own.attack_cap,
            });
        }
        self.rules = rules;
        self
    }

    /// All built-in profiles, in the order of [`BUILTIN_NAMES`].
    pub fn builtins() -> Vec<Profile> {
        BUILTIN_NAMES
            .iter()
            .filter_map(|n| Profile::builtin(n))
            .collect()
    }

    /// A built-in profile by name, or else a user profile file at that path.
    pub fn load(spec: &str) -> Result<Profile, ProfileError> {
        if let Some(p) = Profile::builtin(spec) {
            return Ok(p);
        }
        let path = Path::new(spec);
        if path.exists() {
            return Profile::from_file(path);
        }
        Err(ProfileError::plain(Words::new(
            format!(
                "unknown profile '{spec}': not a built-in ({}) and no such file",
                BUILTIN_NAMES.join(", ")
            ),
            format!(
                "没有名为“{spec}”的赛事规程：内置规程为 {}，也没有这个文件",
                BUILTIN_NAMES.join("、")
            ),
        )))
    }

    /// Reads a user profile (TOML) from a file; errors name the file and line.
    /// The text may be UTF-8 (with or without a byte-order mark) or, as a
    /// Chinese Windows editor saves it, GBK: the encoding is detected as for
    /// records.
    pub fn from_file(path: &Path) -> Result<Profile, ProfileError> {
        let bytes = std::fs::read(path).map_err(|e| ProfileError {
            path: Some(path.display().to_string()),
            ..ProfileError::plain(Words::new(
                format!("cannot read the profile: {}", Words::io(&e).en),
                format!("无法读取赛事规程文件：{}", Words::io(&e).zh),
            ))
        })?;
        let (text, _) = crate::record::decode_text(&bytes, None);
        text.parse::<Profile>().map_err(|mut e| {
            e.path = Some(path.display().to_string());
            e
        })
    }

    /// The 2017 early-repetition clause ("如25回合内出现双方不变作和局面时…红方必须
    /// 变着，不变判负"). `round` is the round (1-based) in which the repetition
    /// began: the round of the move that closed the first of its drawn cycles
    /// in a row, when the drawn position had appeared; its decisive occurrence
    /// may come later. `would_be_draw` is whether the rule set rules it a draw
    /// (both sides allowed, or both forbidden). Returns `Some(Red)` when,
    /// instead of a draw, Red must vary (else Red loses).
    pub fn early_repetition_offender(&self, round: u32, would_be_draw: bool) -> Option<Color> {
        match self.early_repetition {
            Some(rule) if would_be_draw && round <= rule.rounds => Some(Color::Red),
            _ => None,
        }
    }

    /// The game's final result under the draw odds: `winner` is `None` for a
    /// draw. Under an Armageddon profile a draw becomes a Black win.
    pub fn final_winner(&self, winner: Option<Color>) -> Option<Color> {
        match winner {
            None if self.draw_is_black_win => Some(Color::Black),
            w => w,
        }
    }

    /// The audit finding for a game the players ended by agreement or resignation
    /// within the profile's early-end limit (`rounds_played` rounds, inclusive);
    /// `round_complete` says whether both sides had moved in the last of them
    /// (the game ended after round N, not in it).
    pub fn early_end_flag(
        &self,
        end: EarlyEnd,
        rounds_played: u32,
        round_complete: bool,
    ) -> Option<EarlyEndFlag> {
        let rule = self.early_end?;
        if rounds_played > rule.rounds
            || (end == EarlyEnd::Resignation && !rule.includes_resignation)
        {
            return None;
        }
        let n = rule.rounds;
        let (kind, what_en, what_zh) = match end {
            EarlyEnd::AgreedDraw => ("early_draw", "agreed draw", "协议和棋"),
            EarlyEnd::Resignation => ("early_resignation", "resignation", "认负"),
        };
        let (tail_en, tail_zh) = if rule.both_may_lose {
            (
                "; the arbiter may rule both players lost",
                "，裁判有权判双方负",
            )
        } else {
            ("", "")
        };
        Some(EarlyEndFlag {
            kind,
            rounds_played,
            within_rounds: n,
            both_may_lose: rule.both_may_lose,
            detail: Words::new(
                format!(
                    "{what_en} {}, within the {n} rounds in which profile {} forbids it{tail_en}",
                    match (rounds_played, round_complete) {
                        (0, _) => "before the first move".to_string(),
                        (r, true) => format!("after round {r}"),
                        (r, false) => format!("in round {r}"),
                    },
                    self.name
                ),
                format!(
                    "{}{what_zh}，违反{n}回合内不得{what_zh}的规定{tail_zh}",
                    match (rounds_played, round_complete) {
                        (0, _) => "未走一着即".to_string(),
                        (r, true) => format!("第{r}回合后"),
                        (r, false) => format!("第{r}回合中"),
                    }
                ),
            ),
        })
    }

    /// Whether the audit should note this position as a possible simple draw:
    /// the profile asks for it and neither side has attacking material.
    pub fn simple_draw_note(&self, pos: &Position) -> bool {
        self.flags_simple_draws && no_attacking_material(pos)
    }

    /// The profile as a JSON object (for `profiles --json`).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "name": self.name,
            "description": self.description,
            "rules": self.rules.name(),
            "natural_limit": {
                "rounds": self.limit.rounds,
                "check_cap": self.limit.check_cap,
                "attack_cap": self.limit.attack_cap.map(|c| c.max),
                "attack_cap_half": self.attack_cap_half,
                "attack_cap_counts_checks": self.limit.attack_cap.map(|c| c.counts_checks),
                "count_replies_to_void_checks": self.limit.count_replies_to_void_checks,
            },
            "decisive_occurrence": self.decisive_occurrence,
            "early_repetition_rounds": self.early_repetition.map(|r| r.rounds),
            "draw_is_black_win": self.draw_is_black_win,
            "early_end": self.early_end.map(|e| serde_json::json!({
                "rounds": e.rounds,
                "includes_resignation": e.includes_resignation,
                "both_may_lose": e.both_may_lose,
            })),
            "flags_simple_draws": self.flags_simple_draws,
        })
    }
}

/// Rounds played after `plies` plies of a game that starts with Red to move (a
/// round in progress counts).
pub const fn rounds_of_plies(plies: u32) -> u32 {
    plies.div_ceil(2)
}

/// Neither side has a rook, horse, cannon or pawn: no piece that can attack
/// beyond its own palace or half (a simple draw, 简明和棋, in practice).
pub(crate) fn no_attacking_material(pos: &Position) -> bool {
    Color::ALL.iter().all(|&c| {
        [Role::Rook, Role::Horse, Role::Cannon, Role::Pawn]
            .iter()
            .all(|&r| pos.pieces(c, r).is_empty())
    })
}

/// A user profile that could not be read: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ProfileError {
    /// The file, when read from one.
    pub path: Option<String>,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// What is wrong. The TOML reader's own complaints about a profile
    /// file's syntax are quoted in English in the Chinese too, as the keys are.
    pub message: Words,
}

impl ProfileError {
    fn plain(why: Words) -> ProfileError {
        ProfileError {
            path: None,
            line: None,
            column: None,
            message: why,
        }
    }

    /// The error in `lang`.
    pub fn in_lang(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => {
                let path = self.path.as_deref().unwrap_or("");
                let place = match (self.line, self.column) {
                    (Some(l), Some(c)) => format!("第{l}行第{c}列"),
                    (Some(l), None) => format!("第{l}行"),
                    _ => String::new(),
                };
                let sep = if path.is_empty() && place.is_empty() {
                    ""
                } else {
                    "："
                };
                format!("{path}{place}{sep}{}", self.message.zh)
            }
        }
    }

    fn at(src: &str, offset: usize, why: Words) -> ProfileError {
        let (line, column) = crate::text::line_and_column(src, offset);
        ProfileError {
            line: Some(line),
            column: Some(column),
            ..ProfileError::plain(why)
        }
    }
}

impl fmt::Display for ProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = &self.path {
            write!(f, "{p}:")?;
        }
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "{l}:{c}: ")?,
            (Some(l), None) => write!(f, "{l}: ")?,
            _ if self.path.is_some() => f.write_str(" ")?,
            _ => {}
        }
        f.write_str(&self.message.en)
    }
}

impl std::error::Error for ProfileError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProfile {
    name: Spanned<String>,
    base: Option<Spanned<String>>,
    rules: Option<Spanned<String>>,
    description: Option<String>,
    natural_limit: Option<RawLimit>,
    repetition: Option<RawRepetition>,
    draws: Option<RawDraws>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLimit {
    rounds: Option<Spanned<i64>>,
    check_cap: Option<Spanned<i64>>,
    attack_cap: Option<Spanned<toml::Value>>,
    attack_cap_counts_checks: Option<Spanned<bool>>,
    count_replies_to_void_checks: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRepetition {
    decisive_occurrence: Option<Spanned<i64>>,
    early_repetition_rounds: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDraws {
    armageddon: Option<bool>,
    early_draw_rounds: Option<Spanned<i64>>,
    early_resignation_flagged: Option<Spanned<bool>>,
    early_draw_both_lose: Option<Spanned<bool>>,
    simple_draws: Option<bool>,
}

/// What the TOML reader says of a profile file, for people: a key it does not
/// know, a key missing or a value of the wrong type in our own words (in
/// English and Chinese, naming no type of the program); the reader's other
/// complaints, about the syntax, quoted after a Chinese lead.
fn toml_words(message: &str) -> Words {
    let quoted: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
    if let (true, Some((key, allowed))) =
        (message.starts_with("unknown field "), quoted.split_first())
    {
        let (hint_en, hint_zh) = match section_of(key) {
            Some("") => (
                " (it belongs at the top of the file, before the first [section])".to_string(),
                "（它应写在文件开头、第一个[节]之前）".to_string(),
            ),
            Some(section) => (
                format!(" (it belongs in [{section}])"),
                format!("（它应写在 [{section}] 一节里）"),
            ),
            None => (String::new(), String::new()),
        };
        return Words::new(
            format!(
                "unknown key '{key}': expected one of {}{hint_en}",
                allowed.join(", ")
            ),
            format!("未知的键“{key}”：应为 {} 之一{hint_zh}", allowed.join("、")),
        );
    }
    if let (true, Some(key)) = (message.starts_with("missing field "), quoted.first()) {
        return Words::new(
            format!("the key '{key}' is missing"),
            format!("缺少键“{key}”"),
        );
    }
    if let Some((found, expected)) = message
        .strip_prefix("invalid type: ")
        .and_then(|m| m.split_once(", expected "))
    {
        let (want_en, want_zh) = match expected {
            "i64" => ("a whole number", "整数"),
            "a boolean" => ("true or false", "true 或 false"),
            "a string" => ("a quoted string", "带引号的字符串"),
            e if e.starts_with("struct ") => ("a table ([section])", "一节（[节名]）"),
            _ => ("another type", "其他类型"),
        };
        let found = found.replace('`', "");
        let found_zh = [
            ("string ", "字符串 "),
            ("integer ", "整数 "),
            ("floating point ", "小数 "),
            ("boolean ", "布尔值 "),
        ]
        .iter()
        .fold(found.clone(), |f, (en, zh)| f.replacen(en, zh, 1));
        return Words::new(
            format!("the value should be {want_en}, not {found}"),
            format!("值的类型不对：应为{want_zh}，这里是{found_zh}"),
        );
    }
    Words::new(message, format!("赛事规程文件的TOML语法有误：{message}"))
}

/// What the TOML reader's "duplicate key" at `span` of `src` is, for
/// people: the key (or the `[section]`) set twice, and the line that set it first.
fn duplicate_key(src: &str, span: std::ops::Range<usize>) -> Words {
    let key = src
        .get(span.clone())
        .unwrap_or("")
        .trim()
        .trim_matches(|c| c == '"' || c == '\'');
    let (line, _) = crate::text::line_and_column(src, span.start);
    // The section each line is in, and whether the duplicate is a section header.
    let header = |l: &str| {
        let l = l.trim();
        (l.starts_with('[') && !l.starts_with("[["))
            .then(|| l.trim_matches(|c| c == '[' || c == ']').trim().to_string())
    };
    let lines: Vec<&str> = src.lines().collect();
    let is_section = lines
        .get(line - 1)
        .and_then(|l| header(l))
        .is_some_and(|h| h == key);
    let mut section = String::new();
    let mut sections = Vec::with_capacity(lines.len());
    for l in &lines {
        if let Some(h) = header(l) {
            section = h;
        }
        sections.push(section.clone());
    }
    let here = sections.get(line - 1).cloned().unwrap_or_default();
    let first = lines.iter().take(line - 1).enumerate().position(|(i, l)| {
        if is_section {
            return header(l).is_some_and(|h| h == key);
        }
        let rest = l.trim_start().trim_start_matches(['"', '\'']);
        sections[i] == here
            && header(l).is_none()
            && rest.strip_prefix(key).is_some_and(|r| {
                r.trim_start_matches(['"', '\''])
                    .trim_start()
                    .starts_with('=')
            })
    });
    let (what, what_zh) = if is_section {
        (
            format!("the section [{key}] appears"),
            format!("[{key}] 一节"),
        )
    } else {
        (format!("the key '{key}' is set"), format!("键“{key}”"))
    };
    match first {
        Some(i) => Words::new(
            format!("{what} twice: first on line {}, again here", i + 1),
            format!("{what_zh}重复出现：第{}行已有，此处又写了一次", i + 1),
        ),
        None => Words::new(format!("{what} twice"), format!("{what_zh}重复出现")),
    }
}

/// The section a profile key belongs in (`""` for the top of the file), so
/// that a key written in the wrong place is told where it goes.
fn section_of(key: &str) -> Option<&'static str> {
    const SECTIONS: [(&str, &[&str]); 4] = [
        ("", &["name", "base", "rules", "description"]),
        (
            "natural_limit",
            &[
                "rounds",
                "check_cap",
                "attack_cap",
                "attack_cap_counts_checks",
                "count_replies_to_void_checks",
            ],
        ),
        (
            "repetition",
            &["decisive_occurrence", "early_repetition_rounds"],
        ),
        (
            "draws",
            &[
                "armageddon",
                "early_draw_rounds",
                "early_resignation_flagged",
                "early_draw_both_lose",
                "simple_draws",
            ],
        ),
    ];
    SECTIONS
        .iter()
        .find(|(_, keys)| keys.contains(&key))
        .map(|(section, _)| *section)
}

/// Checks that a spanned integer lies in `lo..=hi`.
fn ranged(src: &str, v: &Spanned<i64>, key: &str, lo: u32, hi: u32) -> Result<u32, ProfileError> {
    let n = *v.get_ref();
    match u32::try_from(n) {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(ProfileError::at(
            src,
            v.span().start,
            Words::new(
                format!("{key} = {n} is out of range: expected {lo} to {hi}"),
                format!("{key} = {n} 超出范围：应为 {lo} 到 {hi}"),
            ),
        )),
    }
}

/// The longest limit a profile may set, in rounds.
const MAX_ROUNDS: u32 = 300;

impl FromStr for Profile {
    type Err = ProfileError;

    /// A built-in profile by its name (`"axf"`, see [`BUILTIN_NAMES`]), or a
    /// user profile. Every key is optional except `name`; `base` names a
    /// built-in to start from (default: the built-in of `rules`); `rules` is
    /// required when there is no `base`. A `base` made for other rules than
    /// `rules` is read as [`Profile::with_rules`] reads it, except that the
    /// caps the file sets are the organiser's, no reading (an attack cap is
    /// set by `attack_cap_counts_checks` too, which adopts the base's):
    ///
    /// ```toml
    /// name = "my-open-2026"
    /// base = "cxa2020"             # optional: start from a built-in
    /// rules = "cxa2020"            # cxa2011 | cxa2020 | axf
    /// description = "…"
    /// [natural_limit]
    /// rounds = 40                  # 1..=300
    /// check_cap = 0                # 0 = the claimant's checks never count
    /// attack_cap = 20              # a number (0 = never count), "half"
    ///                              # (rounds / 2) or "none"; a base's "half"
    ///                              # follows `rounds` unless set
    /// attack_cap_counts_checks = false  # default: true (将+杀+捉), but false
    ///                              # (捉+杀) for a new "half" cap
    /// count_replies_to_void_checks = false
    /// [repetition]
    /// decisive_occurrence = 3      # 2..=10
    /// early_repetition_rounds = 0  # 0 = no early-repetition clause
    /// [draws]
    /// armageddon = false           # true: a draw is a Black win
    /// early_draw_rounds = 10       # 0 = no early-draw clause
    /// early_resignation_flagged = false
    /// early_draw_both_lose = false
    /// simple_draws = false
    /// ```
    fn from_str(src: &str) -> Result<Profile, ProfileError> {
        if let Some(builtin) = Profile::builtin(src.trim()) {
            return Ok(builtin);
        }
        let raw: RawProfile = toml::from_str(src).map_err(|e| {
            let message = e.message().trim();
            match e.span() {
                Some(span) if message.starts_with("duplicate key") => {
                    ProfileError::at(src, span.start, duplicate_key(src, span))
                }
                Some(span) => ProfileError::at(src, span.start, toml_words(message)),
                None => ProfileError::plain(toml_words(message)),
            }
        })?;
        let name = raw.name.get_ref().trim();
        let name_ok = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
        if !name_ok {
            return Err(ProfileError::at(
                src,
                raw.name.span().start,
                Words::new(
                    format!(
                        "name '{name}' is not valid: use Latin letters (a-z, A-Z), digits, '-', '_' or '.', at least one (Chinese text can go in description)"
                    ),
                    format!(
                        "名称“{name}”不合法：只可用英文字母、数字、'-'、'_'或'.'，不可为空（中文可写在 description 里）"
                    ),
                ),
            ));
        }
        if Profile::builtin(name).is_some() {
            return Err(ProfileError::at(
                src,
                raw.name.span().start,
                Words::new(
                    format!("name '{name}' is a built-in profile; choose another name"),
                    format!("名称“{name}”是内置规程的名称，请另取一个"),
                ),
            ));
        }
        let rules = match &raw.rules {
            Some(r) => Some(
                RuleSet::from_name(r.get_ref())
                    .map_err(|why| ProfileError::at(src, r.span().start, why))?,
            ),
            None => None,
        };
        let mut p = match (&raw.base, rules) {
            (Some(b), _) => Profile::builtin(b.get_ref()).ok_or_else(|| {
                let names = BUILTIN_NAMES.join(", ");
                ProfileError::at(
                    src,
                    b.span().start,
                    Words::new(
                        format!(
                            "unknown base profile '{}': expected one of {names}",
                            b.get_ref()
                        ),
                        format!("未知的基础规程“{}”：应为 {names} 之一", b.get_ref()),
                    ),
                )
            })?,
            (None, Some(r)) => Profile::builtin(r.name()).ok_or_else(|| {
                ProfileError::plain(Words::new(
                    format!("no built-in for rules {r}"),
                    format!("规则 {r} 没有内置规程"),
                ))
            })?,
            (None, None) => {
                return Err(ProfileError::plain(Words::new(
                    "the profile needs `rules` (cxa2011, cxa2020 or axf) or a `base` profile",
                    "赛事规程须给出 `rules`（cxa2011、cxa2020 或 axf）或 `base`（基础规程）",
                )));
            }
        };
        p.name = name.to_string();
        if let Some(r) = rules {
            // As `--rules` would: the base's caps, made for its own rule set,
            // are a reading under another unless the file sets its own.
            p = p.with_rules(r);
        }
        p.description = match raw.description {
            Some(d) => d,
            None => format!("user profile {name}"),
        };
        if let Some(l) = raw.natural_limit {
            apply_limit(src, &mut p, l)?;
        }
        if let Some(r) = raw.repetition {
            if let Some(v) = r.decisive_occurrence {
                p.decisive_occurrence = ranged(src, &v, "decisive_occurrence", 2, 10)?;
            }
            if let Some(v) = r.early_repetition_rounds {
                let n = ranged(src, &v, "early_repetition_rounds", 0, MAX_ROUNDS)?;
                p.early_repetition = (n > 0).then_some(EarlyRepetition { rounds: n });
            }
        }
        if let Some(d) = raw.draws {
            apply_draws(src, &mut p, d)?;
        }
        Ok(p)
    }
}

fn apply_limit(src: &str, p: &mut Profile, l: RawLimit) -> Result<(), ProfileError> {
    // Where a cap the base brings is said to exceed the new limit.
    let rounds_at = l.rounds.as_ref().map_or(0, |v| v.span().start);
    if let Some(v) = l.rounds {
        p.limit.rounds = ranged(src, &v, "rounds", 1, MAX_ROUNDS)?;
    }
    let rounds = p.limit.rounds;
    let sets_check_cap = l.check_cap.is_some();
    // A regulation states what its attack cap covers in the clause that
    // sets it ("提出方'将、杀、捉'最多只计30着", "提出方的'捉'、'杀'等着法累计
    // 最多…"): a file that says what the cap covers adopts the cap, its
    // size kept from the base, as the organiser's.
    let sets_attack_cap = l.attack_cap.is_some() || l.attack_cap_counts_checks.is_some();
    if let Some(v) = l.check_cap {
        p.limit.check_cap = ranged(src, &v, "check_cap", 0, rounds)?;
        // The organiser's number, no reading.
        p.limit.check_cap_is_a_reading = false;
    }
    if let Some(v) = l.attack_cap {
        let at = v.span().start;
        let bad = || {
            ProfileError::at(
                src,
                at,
                Words::new(
                    format!("attack_cap must be a number from 0 to {rounds}, \"half\" or \"none\""),
                    format!("attack_cap 应为 0 到 {rounds} 的数，或 \"half\"、\"none\""),
                ),
            )
        };
        p.attack_cap_half = v.get_ref().as_str() == Some("half");
        // A new cap counts checks (将+杀+捉) unless it is half the limit, which
        // the only regulation using it (hengfang) applies to 捉+杀 alone.
        let counts_checks = p
            .limit
            .attack_cap
            .map_or(!p.attack_cap_half, |c| c.counts_checks);
        p.limit.attack_cap = match v.get_ref() {
            toml::Value::Integer(n) => match u32::try_from(*n) {
                Ok(max) if max <= rounds => Some(AttackCap { max, counts_checks }),
                _ => return Err(bad()),
            },
            toml::Value::String(s) if s == "half" => Some(AttackCap {
                max: rounds / 2,
                counts_checks,
            }),
            toml::Value::String(s) if s == "none" => None,
            _ => return Err(bad()),
        };
    }
    if p.attack_cap_half
        && let Some(cap) = &mut p.limit.attack_cap
    {
        cap.max = rounds / 2;
    }
    if let Some(b) = l.attack_cap_counts_checks {
        match &mut p.limit.attack_cap {
            Some(cap) => cap.counts_checks = *b.get_ref(),
            None => {
                return Err(ProfileError::at(
                    src,
                    b.span().start,
                    Words::new(
                        "attack_cap_counts_checks is set but there is no attack_cap",
                        "设了 attack_cap_counts_checks，却没有 attack_cap",
                    ),
                ));
            }
        }
    }
    if let Some(b) = l.count_replies_to_void_checks {
        p.limit.count_replies_to_void_checks = b;
        p.limit.replies_are_a_reading = false;
    }
    organisers_caps(&mut p.limit, sets_check_cap, sets_attack_cap);
    // A cap set in the file is checked against the rounds above: one that
    // exceeds them here comes from the base profile.
    if let Some(cap) = p.limit.attack_cap.filter(|c| c.max > rounds) {
        return Err(ProfileError::at(
            src,
            rounds_at,
            Words::new(
                format!(
                    "the attack cap {} of the base profile exceeds the limit of {rounds} rounds: set attack_cap too",
                    cap.max
                ),
                format!(
                    "基础规程的攻着上限 {} 超过了 {rounds} 回合的限着：请一并设定 attack_cap",
                    cap.max
                ),
            ),
        ));
    }
    if p.limit.check_cap > rounds {
        return Err(ProfileError::at(
            src,
            rounds_at,
            Words::new(
                format!(
                    "the check cap {} of the base profile exceeds the limit of {rounds} rounds: set check_cap too",
                    p.limit.check_cap
                ),
                format!(
                    "基础规程的将军上限 {} 超过了 {rounds} 回合的限着：请一并设定 check_cap",
                    p.limit.check_cap
                ),
            ),
        ));
    }
    Ok(())
}

/// Caps the file sets are the organiser's for the rule set it names: of
/// caps kept from a base made for another rule set ([`OtherRulesCaps`]),
/// those set here are what that rule set's own would be, and when both
/// are set, or equal its own, nothing rests on a reading.
fn organisers_caps(limit: &mut LimitParams, check_cap: bool, attack_cap: bool) {
    let caps = (limit.check_cap, limit.attack_cap);
    if let Some(other) = &mut limit.caps_of_other_rules {
        if check_cap {
            other.own_check_cap = caps.0;
        }
        if attack_cap {
            other.own_attack_cap = caps.1;
        }
        if (other.own_check_cap, other.own_attack_cap) == caps {
            limit.caps_of_other_rules = None;
        }
    }
}

fn apply_draws(src: &str, p: &mut Profile, d: RawDraws) -> Result<(), ProfileError> {
    if let Some(b) = d.armageddon {
        p.draw_is_black_win = b;
    }
    if let Some(b) = d.simple_draws {
        p.flags_simple_draws = b;
    }
    if let Some(v) = d.early_draw_rounds {
        let n = ranged(src, &v, "early_draw_rounds", 0, MAX_ROUNDS)?;
        p.early_end = (n > 0).then_some(EarlyEndRule {
            rounds: n,
            ..p.early_end.unwrap_or(EarlyEndRule {
                rounds: n,
                includes_resignation: false,
                both_may_lose: false,
            })
        });
    }
    let extra = d
        .early_resignation_flagged
        .as_ref()
        .or(d.early_draw_both_lose.as_ref())
        .map(|b| b.span().start);
    match &mut p.early_end {
        Some(rule) => {
            if let Some(b) = d.early_resignation_flagged {
                rule.includes_resignation = *b.get_ref();
            }
            if let Some(b) = d.early_draw_both_lose {
                rule.both_may_lose = *b.get_ref();
            }
        }
        None => {
            if let Some(at) = extra {
                return Err(ProfileError::at(
                    src,
                    at,
                    Words::new(
                        "early_resignation_flagged / early_draw_both_lose need early_draw_rounds > 0",
                        "early_resignation_flagged 与 early_draw_both_lose 须有 early_draw_rounds > 0",
                    ),
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_built_in_name_parses_as_that_profile() {
        let axf: Profile = " AXF ".parse().unwrap();
        assert_eq!(axf, Profile::builtin("axf").unwrap());
        assert!("axf2".parse::<Profile>().is_err());
    }

    #[test]
    fn every_builtin_name_resolves_to_itself() {
        for n in BUILTIN_NAMES {
            assert_eq!(Profile::builtin(n).map(|p| p.name), Some(n.to_string()));
        }
        assert_eq!(Profile::builtins().len(), BUILTIN_NAMES.len());
        assert!(Profile::builtin("cxa2021").is_none());
    }

    #[test]
    fn keys_and_types_are_explained_in_both_languages() {
        let err = |src: &str| src.parse::<Profile>().unwrap_err();
        let e = err("name = \"t\"\nrules = \"cxa2020\"\nlimit = \"sixty\"\n");
        assert_eq!(e.line, Some(3));
        assert!(
            e.message
                .zh
                .starts_with("未知的键“limit”：应为 name、base、rules"),
            "{}",
            e.message.zh
        );
        assert!(
            e.message
                .en
                .starts_with("unknown key 'limit': expected one of name, base"),
            "{}",
            e.message.en
        );
        let e = err("name = \"南平公开赛\"\nrules = \"cxa2020\"\n");
        assert!(
            e.message.en.contains("Latin letters") && e.message.zh.contains("英文字母"),
            "{e}"
        );
        let e = err("rules = \"cxa2020\"\n");
        assert_eq!(e.message.zh, "缺少键“name”");
        let e = err("name = \"t\"\nrules = \"cxa2020\"\n[natural_limit]\nrounds = \"sixty\"\n");
        assert_eq!(
            e.message.zh,
            "值的类型不对：应为整数，这里是字符串 \"sixty\""
        );
        assert_eq!(
            e.message.en,
            "the value should be a whole number, not string \"sixty\""
        );
        let e = err("name = \"t\"\nrules = \"cxa2020\"\nnatural_limit = 3\n");
        assert!(
            !e.message.en.contains("Raw") && e.message.zh.contains("一节"),
            "{e}"
        );
        // The reader's syntax complaints, quoted after a Chinese lead.
        let e = err("name = \n");
        assert!(
            e.message.zh.starts_with("赛事规程文件的TOML语法有误："),
            "{}",
            e.message.zh
        );
    }

    #[test]
    fn a_key_or_section_set_twice_is_named_with_the_line_that_set_it_first() {
        let err = |src: &str| src.parse::<Profile>().unwrap_err();
        let e =
            err("name = \"x\"\nbase = \"cxa2020\"\n[natural_limit]\nrounds = 40\nrounds = 50\n");
        assert_eq!(e.line, Some(5));
        assert_eq!(
            e.message.en,
            "the key 'rounds' is set twice: first on line 4, again here"
        );
        assert_eq!(
            e.message.zh,
            "键“rounds”重复出现：第4行已有，此处又写了一次"
        );
        let e = err("name = \"x\"\nbase = \"cxa2020\"\nname = \"y\"\n");
        assert_eq!(
            (e.line, e.message.en.as_str()),
            (
                Some(3),
                "the key 'name' is set twice: first on line 1, again here"
            )
        );
        // A section twice is named as a section.
        let e = err(
            "name = \"x\"\nbase = \"cxa2020\"\n[natural_limit]\nrounds = 40\n[draws]\n\
             armageddon = true\n[natural_limit]\ncheck_cap = 3\n",
        );
        assert_eq!(
            (e.line, e.message.en.as_str()),
            (
                Some(7),
                "the section [natural_limit] appears twice: first on line 3, again here"
            )
        );
    }

    #[test]
    fn errors_between_keys_name_the_line_of_the_key_at_fault() {
        let err = |src: &str| src.parse::<Profile>().unwrap_err();
        let e = err("name = \"t\"\nbase = \"cxa2020\"\n[natural_limit]\nrounds = 5\n");
        assert_eq!(e.line, Some(4));
        assert!(
            e.message.en.contains("check cap 10 of the base profile")
                && e.message.en.contains("set check_cap"),
            "{e}"
        );
        let e = err(
            "name = \"t\"\nbase = \"dqsz2017-slow\"\n[natural_limit]\nrounds = 20\ncheck_cap = 5\n",
        );
        assert_eq!(e.line, Some(4));
        assert!(e.message.zh.contains("attack_cap"), "{}", e.message.zh);
        let e = err(
            "name = \"t\"\nrules = \"cxa2020\"\n[natural_limit]\nattack_cap_counts_checks = false\n",
        );
        assert_eq!(e.line, Some(4));
        let e = err(
            "name = \"t\"\nrules = \"cxa2020\"\n[draws]\nsimple_draws = true\nearly_draw_both_lose = true\n",
        );
        assert_eq!(e.line, Some(5));
    }

    #[test]
    fn a_key_in_the_wrong_place_is_told_where_it_goes() {
        let err = |src: &str| src.parse::<Profile>().unwrap_err();
        let e = err("name = \"t\"\nrules = \"cxa2020\"\nrounds = 40\n");
        assert_eq!(e.line, Some(3));
        assert!(
            e.message.en.ends_with("(it belongs in [natural_limit])"),
            "{e}"
        );
        assert!(
            e.message
                .zh
                .ends_with("（它应写在 [natural_limit] 一节里）"),
            "{}",
            e.message.zh
        );
        // TOML puts every key after a [section] header in that section.
        let e = err(
            "name = \"t\"\nrules = \"cxa2020\"\n[draws]\narmageddon = true\ndescription = \"决赛\"\n",
        );
        assert_eq!(e.line, Some(5));
        assert!(e.message.en.contains("before the first [section]"), "{e}");
        let e = err("name = \"t\"\nrules = \"cxa2020\"\n[draws]\nrounds_x = 1\n");
        assert!(e.message.en.ends_with("simple_draws"), "{e}");
    }

    #[test]
    fn error_positions_are_one_based() {
        let e = ProfileError::at("a\nbc = 1", 5, Words::new("x", "甲"));
        assert_eq!((e.line, e.column), (Some(2), Some(4)));
        assert_eq!(e.to_string(), "2:4: x");
        assert_eq!(e.in_lang(Lang::Zh), "第2行第4列：甲");
    }

    #[test]
    fn a_base_profiles_half_attack_cap_follows_new_rounds() {
        let p: Profile =
            "name = \"x\"\nbase = \"hengfang2024-slow\"\n[natural_limit]\nrounds = 60\n"
                .parse()
                .unwrap();
        assert_eq!(
            p.limit.attack_cap,
            Some(AttackCap {
                max: 30,
                counts_checks: false
            })
        );
        assert!(p.attack_cap_half);
        let own: Profile = "name = \"x\"\nbase = \"hengfang2024-slow\"\n[natural_limit]\nrounds = 60\nattack_cap = 25\n"
            .parse()
            .unwrap();
        assert_eq!(own.limit.attack_cap.map(|c| c.max), Some(25));
        assert!(!own.attack_cap_half);
        let fixed: Profile =
            "name = \"x\"\nbase = \"dqsz2017-slow\"\n[natural_limit]\nrounds = 50\n"
                .parse()
                .unwrap();
        assert_eq!(fixed.limit.attack_cap.map(|c| c.max), Some(30));
    }

    #[test]
    fn a_new_half_cap_counts_chases_and_mate_threats_and_a_zero_cap_counts_none() {
        let cap = |natural_limit: &str| -> Option<AttackCap> {
            let src =
                format!("name = \"t\"\nrules = \"cxa2020\"\n[natural_limit]\n{natural_limit}");
            src.parse::<Profile>().unwrap().limit.attack_cap
        };
        // "half" alone: 捉+杀, as regulation C words it.
        assert_eq!(
            cap("rounds = 40\nattack_cap = \"half\"\n"),
            Some(AttackCap {
                max: 20,
                counts_checks: false
            })
        );
        // A number alone: 将+杀+捉, as regulation A words it.
        assert_eq!(
            cap("rounds = 50\nattack_cap = 30\n"),
            Some(AttackCap {
                max: 30,
                counts_checks: true
            })
        );
        // 0: the claimant's attacking moves never count.
        assert_eq!(
            cap("rounds = 40\nattack_cap = 0\nattack_cap_counts_checks = false\n"),
            Some(AttackCap {
                max: 0,
                counts_checks: false
            })
        );
        let too_many =
            "name = \"t\"\nrules = \"cxa2020\"\n[natural_limit]\nrounds = 40\nattack_cap = 41\n"
                .parse::<Profile>()
                .unwrap_err();
        assert!(too_many.to_string().contains("from 0 to 40"), "{too_many}");
    }

    #[test]
    fn half_attack_cap_follows_the_rounds() {
        let p: Profile = "name = \"t\"\nrules = \"cxa2020\"\n[natural_limit]\nrounds = 30\ncheck_cap = 0\nattack_cap = \"half\"\nattack_cap_counts_checks = false\n"
            .parse()
            .unwrap();
        assert_eq!(
            p.limit.attack_cap,
            Some(AttackCap {
                max: 15,
                counts_checks: false
            })
        );
    }

    #[test]
    fn a_profile_ruled_under_other_rules_keeps_its_caps_as_a_reading() {
        let other = |name: &str, rules: RuleSet| {
            let p = Profile::builtin(name).unwrap().with_rules(rules);
            assert_eq!(p.rules, rules);
            (p.limit.caps_of_other_rules, p.limit.check_cap_is_a_reading)
        };
        // The regulation's caps (将+杀+捉 at most 30), made for cxa2011.
        let kept = OtherRulesCaps {
            made_for: RuleSet::Cxa2011,
            ruled_under: RuleSet::Cxa2020,
            own_check_cap: 10,
            own_attack_cap: None,
        };
        assert_eq!(
            other("dqsz2017-slow", RuleSet::Cxa2020),
            (Some(kept), false)
        );
        let p = Profile::builtin("dqsz2017-slow")
            .unwrap()
            .with_rules(RuleSet::Cxa2020);
        assert_eq!((p.limit.rounds, p.limit.check_cap), (60, 10));
        assert_eq!(p.limit.attack_cap.map(|c| c.max), Some(30));
        // Ruled under cxa2011, cxa2020's caps are cxa2011's own, whose
        // check cap of 10 no verified text gives; and the other way round.
        assert_eq!(other("cxa2020", RuleSet::Cxa2011), (None, true));
        assert_eq!(other("cxa2011", RuleSet::Cxa2020), (None, false));
        assert_eq!(other("axf", RuleSet::Axf), (None, false));
        // Made for the profile's first rule set, however often it changes.
        let twice = Profile::builtin("hengfang2024-slow")
            .unwrap()
            .with_rules(RuleSet::Axf)
            .with_rules(RuleSet::Cxa2011);
        assert_eq!(
            twice
                .limit
                .caps_of_other_rules
                .map(|o| (o.made_for, o.ruled_under)),
            Some((RuleSet::Cxa2020, RuleSet::Cxa2011))
        );
        let back = twice.with_rules(RuleSet::Cxa2020);
        assert_eq!(
            back.limit,
            Profile::builtin("hengfang2024-slow").unwrap().limit
        );
    }

    #[test]
    fn a_user_profile_under_other_rules_than_its_base_reads_as_with_rules() {
        let user = |rest: &str| -> Profile {
            format!("name = \"t\"\nbase = \"dqsz2017-slow\"\nrules = \"axf\"\n{rest}")
                .parse()
                .unwrap()
        };
        let with_rules = Profile::builtin("dqsz2017-slow")
            .unwrap()
            .with_rules(RuleSet::Axf);
        // Inherited caps are kept as a reading, as `--rules` keeps them.
        assert_eq!(user("").limit, with_rules.limit);
        assert!(user("").limit.caps_of_other_rules.is_some());
        let alternative = |p: Profile| {
            p.limit
                .caps_of_other_rules
                .map(|o| (o.own_check_cap, o.own_attack_cap.map(|c| c.max)))
        };
        // A cap the file sets is the organiser's; the other stays a reading.
        let caps = "[natural_limit]\n";
        assert_eq!(
            alternative(user(&format!("{caps}check_cap = 5\n"))),
            Some((5, None))
        );
        // Both set, or one set and the other axf's own (10 checks): no reading.
        assert_eq!(
            alternative(user(&format!("{caps}check_cap = 8\nattack_cap = 30\n"))),
            None
        );
        assert_eq!(alternative(user(&format!("{caps}attack_cap = 20\n"))), None);
        // Saying what the cap covers adopts the base's cap: the organiser's.
        let scope = user(&format!("{caps}attack_cap_counts_checks = false\n"));
        assert_eq!(alternative(scope.clone()), None);
        assert_eq!(
            scope.limit.attack_cap,
            Some(AttackCap {
                max: 30,
                counts_checks: false
            })
        );
        assert_eq!(
            alternative(user(&format!(
                "{caps}check_cap = 5\nattack_cap_counts_checks = true\n"
            ))),
            None
        );
        assert_eq!(
            alternative(user(&format!("{caps}attack_cap = \"none\"\n"))),
            None
        );
        // cxa2020's caps under cxa2011 are cxa2011's, whose check cap of 10
        // no verified text gives, as with `--rules`.
        let p: Profile = "name = \"t\"\nbase = \"cxa2020\"\nrules = \"cxa2011\"\n"
            .parse()
            .unwrap();
        assert_eq!(
            p.limit,
            Profile::builtin("cxa2020")
                .unwrap()
                .with_rules(RuleSet::Cxa2011)
                .limit
        );
        assert!(p.limit.check_cap_is_a_reading);
    }

    #[test]
    fn the_numbers_no_text_gives_are_readings_until_a_profile_sets_them() {
        let reading = |p: &Profile| {
            (
                p.limit.replies_are_a_reading,
                p.limit.check_cap_is_a_reading,
            )
        };
        // Only the cxa2011 cap comes from no verified text; no built-in
        // text says whether replies to void checks count.
        for p in Profile::builtins() {
            assert_eq!(reading(&p), (true, p.name == "cxa2011"), "{}", p.name);
        }
        let user = |rest: &str| -> Profile {
            format!("name = \"t\"\nbase = \"cxa2011\"\n[natural_limit]\n{rest}\n")
                .parse()
                .unwrap()
        };
        assert_eq!(reading(&user("rounds = 40")), (true, true));
        assert_eq!(reading(&user("check_cap = 10")), (true, false));
        assert_eq!(
            reading(&user("count_replies_to_void_checks = false")),
            (false, true)
        );
    }
}
