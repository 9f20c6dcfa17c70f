//! Ruling a repetition cycle: each side's pattern (长将, 长捉, 一将一捉 …),
//! forbidden or allowed, and who must vary, under CXA or AXF.

use std::borrow::Cow;
use std::fmt;
use std::ops::Index;

use crate::board::{Color, Move, Position, Role};

use super::exchange::value;
use super::nature::MoveNature;
use super::ruling::Lang;
use super::threats::{Threat, ThreatKind};
use super::{Nature, RuleSet};

/// What a repetition means for the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CycleOutcome {
    /// Neither side is the offender: if nobody varies, the game is drawn.
    Draw,
    /// This side is the offender: it must vary, else it loses.
    MustVary(Color),
}

impl CycleOutcome {
    /// The contract name: `draw`, `red_must_vary`, `black_must_vary`.
    pub fn name(self) -> &'static str {
        match self {
            CycleOutcome::Draw => "draw",
            CycleOutcome::MustVary(Color::Red) => "red_must_vary",
            CycleOutcome::MustVary(Color::Black) => "black_must_vary",
        }
    }
}

/// One side's moves in the cycle and how they are judged.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SideCycle {
    /// The side.
    pub color: Color,
    /// Indices into the cycle's moves (0-based within the cycle) of this side's moves.
    pub moves: Vec<usize>,
    /// How many of its moves have each nature.
    pub tally: Tally,
    /// Whether the pattern is a forbidden one under the rule set.
    pub forbidden: bool,
    /// Every move checks.
    pub perpetual_check: bool,
    /// How AXF counted the side where its natures alone would name another
    /// pattern; `None` otherwise (and always under CXA).
    pub counted: Option<Counted>,
}

impl SideCycle {
    /// Whether the side's moves are allowed, as the cycle's table heads
    /// them: `forbidden` or `allowed`, in Chinese 禁止着法 or 允许着法.
    pub fn standing(&self, lang: Lang) -> &'static str {
        match (lang, self.forbidden) {
            (Lang::En, true) => "forbidden",
            (Lang::En, false) => "allowed",
            (Lang::Zh, true) => "禁止着法",
            (Lang::Zh, false) => "允许着法",
        }
    }

    /// The side's pattern, e.g. 长将, 一将一捉, 两闲 (or "perpetual check", "1
    /// check + 1 chase"), with how AXF counted it where that differs: 长杀（杀着兼捉，按长捉论）,
    /// 轮捉多子 ("perpetual mate threat (its mate threats chase too: a perpetual
    /// chase)", "chases of several pieces in turn").
    pub fn pattern(&self, lang: Lang) -> String {
        let tally = self.tally.pattern(lang);
        // The moves that chase too, in English and in Chinese.
        let (en, zh) = match (self.tally.checks > 0, self.tally.mate_threats > 0) {
            (true, false) => ("checks", "将军"),
            (false, true) => ("mate threats", "杀着"),
            _ => ("checks and mate threats", "将军、杀着"),
        };
        match (self.counted, lang) {
            (None, _) => tally,
            (Some(Counted::SeveralPieces), Lang::En) => "chases of several pieces in turn".into(),
            (Some(Counted::SeveralPieces), Lang::Zh) => "轮捉多子".into(),
            (Some(Counted::PerpetualChase), Lang::En) => {
                format!("{tally} (its {en} chase too: a perpetual chase)")
            }
            (Some(Counted::PerpetualChase), Lang::Zh) => format!("{tally}（{zh}兼捉，按长捉论）"),
        }
    }
}

/// How AXF counted a side whose natures alone would name another pattern.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Counted {
    /// Its checks or mate threats also chase, and with its other moves they
    /// chase one piece on every move: a perpetual chase (forbidden), not the
    /// perpetual mate threat or checks alternating with chases that its
    /// natures name (allowed, AXF rules 9 and 12).
    PerpetualChase,
    /// Every move is a chase, but of several pieces in turn, not one: no
    /// perpetual chase (allowed, AXF rule 32).
    SeveralPieces,
}

/// How many moves of one side have each nature (the idle kinds counted together).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Tally {
    /// Checks 将.
    pub checks: usize,
    /// Mate threats 杀.
    pub mate_threats: usize,
    /// Chases 捉.
    pub chases: usize,
    /// Idle moves 闲 of any kind (exchange offers included).
    pub idle: usize,
    /// Of the idle moves, the exchange offers 兑, which the rulebook names
    /// apart (一兑一捉, 长兑).
    pub exchanges: usize,
}

impl Tally {
    /// Counts `natures`.
    pub fn of(natures: impl IntoIterator<Item = Nature>) -> Tally {
        let mut t = Tally::default();
        for n in natures {
            match n {
                Nature::Check => t.checks += 1,
                Nature::MateThreat => t.mate_threats += 1,
                Nature::Chase => t.chases += 1,
                Nature::Exchange => {
                    t.idle += 1;
                    t.exchanges += 1;
                }
                _ => t.idle += 1,
            }
        }
        t
    }

    /// The pattern as the rulebook names it: 长将, 一将一捉, 两将一闲, 一捉一兑, 长兑 …
    pub fn pattern(&self, lang: Lang) -> String {
        let kinds = [
            (self.checks, "将", ("check", "checks")),
            (self.mate_threats, "杀", ("mate threat", "mate threats")),
            (self.chases, "捉", ("chase", "chases")),
            (self.exchanges, "兑", ("exchange offer", "exchange offers")),
            (
                self.idle - self.exchanges,
                "闲",
                ("idle move", "idle moves"),
            ),
        ];
        let present: Vec<_> = kinds.iter().filter(|k| k.0 > 0).collect();
        if present.len() == 1 && present[0].1 != "闲" {
            let (_, zh, (en, _)) = present[0];
            return match lang {
                Lang::Zh => format!("长{zh}"),
                Lang::En => format!("perpetual {en}"),
            };
        }
        match lang {
            Lang::Zh => present
                .iter()
                .enumerate()
                .map(|(i, (n, k, _))| format!("{}{k}", zh_count(*n, i == 0)))
                .collect(),
            Lang::En => {
                let en: Vec<String> = present
                    .iter()
                    .map(|(n, _, (one, many))| format!("{n} {}", if *n == 1 { one } else { many }))
                    .collect();
                en.join(" + ")
            }
        }
    }
}

/// The clause a ruling applies: an article of the rules, e.g. CXA 2020 25.3
/// or AXF rule 6, the World federation's general rule that the AXF rule set
/// takes its ban on perpetual chase from, or a tournament regulation's own clause.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Clause {
    /// An article of a rule set.
    Rules {
        /// The rule set.
        rules: RuleSet,
        /// The article's number within it, e.g. "25.3".
        article: &'static str,
    },
    /// A general rule of the World Xiangqi Federation's rules (WXF, built on
    /// the AXF text), cited by the AXF rule set where the AXF rules as the
    /// spec quotes them (Eric Wu's translation, numbered as wxf.org numbers
    /// them) have no rule of their own. The numbers differ: WXF general rule
    /// 3 bans a perpetual chase of one piece, AXF rule 3 makes a violation
    /// repeated three times after the referee's warning lose.
    WxfGeneralRule {
        /// The rule's number among the WXF general rules, e.g. "3".
        number: &'static str,
    },
    /// A profile's early-repetition clause (regulation A of `regulations.md`):
    /// within the first `rounds` rounds a repetition the rules would draw
    /// makes Red vary.
    EarlyRepetition {
        /// The profile whose regulation it is.
        profile: String,
        /// The last round it covers.
        rounds: u32,
    },
}

impl Clause {
    /// The clause for people: in English as [`Clause`]'s `Display` (also the
    /// JSON form), in Chinese e.g. "《象棋竞赛规则（2020版）》第25.3条", "《亚洲象棋规例》第6条",
    /// "世界象棋联合会《世界象棋规则》一般规则第3条"
    /// or "dqsz2017-slow 赛事规程：25回合以内不得不变作和".
    pub fn name(&self, lang: Lang) -> String {
        match (lang, self) {
            (Lang::En, _) => self.to_string(),
            (Lang::Zh, Clause::Rules { rules, article }) => {
                let article = article.replace(", ", "、");
                format!("{}第{article}条", rules.book_zh())
            }
            (Lang::Zh, Clause::WxfGeneralRule { number }) => {
                format!("世界象棋联合会《世界象棋规则》一般规则第{number}条")
            }
            (Lang::Zh, Clause::EarlyRepetition { profile, rounds }) => {
                format!("{profile} 赛事规程：{rounds}回合以内不得不变作和")
            }
        }
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Clause::Rules { rules, article } => match rules {
                RuleSet::Cxa2011 => write!(f, "CXA 2011 {article}"),
                RuleSet::Cxa2020 => write!(f, "CXA 2020 {article}"),
                RuleSet::Axf => write!(f, "AXF rule {article}"),
            },
            Clause::WxfGeneralRule { number } => write!(f, "WXF general rule {number}"),
            Clause::EarlyRepetition { profile, rounds } => write!(
                f,
                "{profile} regulation: no drawn repetition within {rounds} rounds"
            ),
        }
    }
}

/// The ruling on one cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CycleRuling {
    /// Red's side of the cycle.
    pub red: SideCycle,
    /// Black's side of the cycle.
    pub black: SideCycle,
    /// Who must vary, or draw.
    pub outcome: CycleOutcome,
    /// The rule applied.
    pub clause: Clause,
    /// The ground of the ruling in English and Chinese, e.g. "perpetual check loses".
    pub ground: (Cow<'static, str>, Cow<'static, str>),
}

impl CycleRuling {
    /// The given side's part.
    pub fn side(&self, color: Color) -> &SideCycle {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }

    /// The ruling explained in one sentence, while the game goes on, e.g.
    /// "perpetual check loses: red must vary, else red loses".
    pub fn explanation(&self, lang: Lang) -> String {
        let (en, zh) = &self.ground;
        match (self.outcome, lang) {
            (CycleOutcome::MustVary(c), Lang::En) => {
                format!("{en}: {c} must vary, else {c} loses")
            }
            (CycleOutcome::MustVary(c), Lang::Zh) => {
                format!("{zh}：{}方变着，不变作负", c.name_zh())
            }
            (CycleOutcome::Draw, Lang::En) => format!("{en}: draw if neither side varies"),
            (CycleOutcome::Draw, Lang::Zh) => zh.to_string(),
        }
    }

    /// The ruling explained in one sentence once it has ended the game, e.g.
    /// "perpetual check loses: red did not vary and loses".
    pub fn decision(&self, lang: Lang) -> String {
        let (en, zh) = &self.ground;
        match (self.outcome, lang) {
            (CycleOutcome::MustVary(c), Lang::En) => format!("{en}: {c} did not vary and loses"),
            (CycleOutcome::MustVary(c), Lang::Zh) => format!("{zh}：{}方不变，作负", c.name_zh()),
            (CycleOutcome::Draw, Lang::En) => format!("{en}: neither side varied, draw"),
            (CycleOutcome::Draw, Lang::Zh) => zh.to_string(),
        }
    }

    /// [`CycleRuling::decision`] told of a game whose players played on
    /// after it: the offender had not varied by the decisive occurrence,
    /// e.g. "perpetual check loses: red had not varied by then and loses".
    pub fn decision_by_then(&self, lang: Lang) -> String {
        let (en, zh) = &self.ground;
        match (self.outcome, lang) {
            (CycleOutcome::MustVary(c), Lang::En) => {
                format!("{en}: {c} had not varied by then and loses")
            }
            (CycleOutcome::MustVary(c), Lang::Zh) => {
                format!("{zh}：{}方此前未变着，作负", c.name_zh())
            }
            (CycleOutcome::Draw, Lang::En) => {
                format!("{en}: neither side had varied by then, draw")
            }
            (CycleOutcome::Draw, Lang::Zh) => zh.to_string(),
        }
    }

    /// This cycle, which the rules draw, ruled instead by a profile's
    /// early-repetition clause (the first `rounds` rounds): `offender` must vary.
    pub fn early_repetition(mut self, profile: &str, rounds: u32, offender: Color) -> CycleRuling {
        self.rule_early_repetition(profile, rounds, offender);
        self
    }

    /// [`CycleRuling::early_repetition`] in place.
    pub(crate) fn rule_early_repetition(&mut self, profile: &str, rounds: u32, offender: Color) {
        self.outcome = CycleOutcome::MustVary(offender);
        self.clause = Clause::EarlyRepetition {
            profile: profile.to_string(),
            rounds,
        };
        self.ground = (
            format!("a repetition the rules would draw began within the first {rounds} rounds")
                .into(),
            format!("{rounds}回合以内出现双方不变作和局面").into(),
        );
    }
}

const ZH_NUM: [&str; 11] = [
    "零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十",
];

fn zh_count(n: usize, first: bool) -> String {
    match n {
        1 => "一".to_string(),
        2 if !first => "二".to_string(),
        _ if n < ZH_NUM.len() => ZH_NUM[n].to_string(),
        _ => n.to_string(),
    }
}

/// Rules a cycle. `start` is the position where the cycle begins, `moves`
/// the moves that lead back to it, `natures` their classifications (a
/// slice, or anything that gives the `i`-th move's nature, as the referee's
/// reports do).
/// [`Referee::ruling`](crate::referee::Referee::ruling) finds, classifies and
/// rules the cycles of a game; this is the step for a cycle given by hand.
///
/// # Panics
///
/// If `natures` has fewer entries than `moves`.
pub fn rule_cycle<N: Index<usize, Output = MoveNature> + ?Sized>(
    rules: RuleSet,
    start: &Position,
    moves: &[Move],
    natures: &N,
) -> CycleRuling {
    let first_mover = start.turn();
    let side = |color: Color| -> (SideCycle, AxfChases) {
        let idx: Vec<usize> = (0..moves.len())
            .filter(|i| {
                (if i % 2 == 0 {
                    first_mover
                } else {
                    !first_mover
                }) == color
            })
            .collect();
        let tally = Tally::of(idx.iter().map(|&i| natures[i].nature));
        let perpetual_check = !idx.is_empty() && tally.checks == idx.len();
        let mut axf = AxfChases::default();
        let forbidden = match rules {
            RuleSet::Cxa2011 | RuleSet::Cxa2020 => !idx.is_empty() && tally.idle == 0,
            RuleSet::Axf => {
                let chases = labelled_chases(start, moves, natures, &idx);
                axf = AxfChases {
                    every_move: !chases.is_empty(),
                    perpetual: perpetual_targets(&chases),
                    rook_chasers: rook_chasers(&chases),
                };
                perpetual_check || !axf.perpetual.is_empty()
            }
        };
        let counted = if rules != RuleSet::Axf || perpetual_check {
            None
        } else if forbidden && tally.chases < idx.len() {
            Some(Counted::PerpetualChase)
        } else if !forbidden && !idx.is_empty() && tally.chases == idx.len() {
            Some(Counted::SeveralPieces)
        } else {
            None
        };
        let side = SideCycle {
            color,
            moves: idx,
            tally,
            forbidden,
            perpetual_check,
            counted,
        };
        (side, axf)
    };
    let (red, red_axf) = side(Color::Red);
    let (black, black_axf) = side(Color::Black);
    let (outcome, clause, ground) = match rules {
        RuleSet::Axf => verdict_axf(&red, &black, natures, [&red_axf, &black_axf]),
        _ => verdict_cxa(rules, &red, &black, natures),
    };
    CycleRuling {
        red,
        black,
        outcome,
        clause,
        ground,
    }
}

/// What AXF's chase rules need of a side's chases in a cycle.
#[derive(Default)]
struct AxfChases {
    /// Every move of the side chases.
    every_move: bool,
    /// The pieces it chases perpetually (see [`perpetual_targets`]).
    perpetual: Vec<u8>,
    /// Its horses and cannons chasing a rook on every move (see [`rook_chasers`]).
    rook_chasers: Option<Vec<u8>>,
}

/// One chase of a move in a cycle, its pieces labelled by their squares at
/// the cycle's start (a label follows its piece as it moves).
#[derive(Copy, Clone, PartialEq, Eq)]
struct LabelledChase {
    attacker: u8,
    target: u8,
    /// A horse or cannon chasing a rook (AXF rule 15).
    on_rook_by_horse_or_cannon: bool,
}

/// A side's chases in a cycle, under AXF: per move of the side, its chases.
/// Empty if some move of the side does not chase.
fn labelled_chases<N: Index<usize, Output = MoveNature> + ?Sized>(
    start: &Position,
    moves: &[Move],
    natures: &N,
    idx: &[usize],
) -> Vec<Vec<LabelledChase>> {
    // Every move chases (a check that also chases counts, AXF's "forbidden reading").
    if idx.iter().any(|&i| natures[i].chases.is_empty()) {
        return Vec::new();
    }
    let mut label: [Option<u8>; 90] = [None; 90];
    for sq in start.occupied() {
        label[sq.index()] = Some(sq.index() as u8);
    }
    let mut out = Vec::new();
    for (i, mv) in moves.iter().enumerate() {
        label[mv.to().index()] = label[mv.from().index()];
        label[mv.from().index()] = None;
        if idx.contains(&i) {
            let chases = natures[i].chases.iter().filter_map(|t| {
                Some(LabelledChase {
                    attacker: label[t.attacker.index()]?,
                    target: label[t.target.index()]?,
                    on_rook_by_horse_or_cannon: t.piece.role == Role::Rook
                        && matches!(t.by.role, Role::Horse | Role::Cannon),
                })
            });
            out.push(chases.collect());
        }
    }
    out
}

/// The pieces a side chases perpetually under AXF: chased on every move of
/// the side, either by one and the same piece (WXF general rule 3: "perpetual
/// chase of one piece on another piece"), or by pieces taking turns when it
/// is the only such piece (the same rule: "two or more pieces … on one
/// piece"). Pieces taking turns on two or more pieces draw (AXF rule 32).
fn perpetual_targets(chases: &[Vec<LabelledChase>]) -> Vec<u8> {
    let Some(first) = chases.first() else {
        return Vec::new();
    };
    let on_every_move =
        |hit: &dyn Fn(&LabelledChase) -> bool| chases.iter().all(|m| m.iter().any(hit));
    let mut common: Vec<u8> = first
        .iter()
        .map(|c| c.target)
        .filter(|&t| on_every_move(&|c| c.target == t))
        .collect();
    common.sort_unstable();
    common.dedup();
    let by_one_piece: Vec<u8> = common
        .iter()
        .copied()
        .filter(|&t| {
            first
                .iter()
                .filter(|c| c.target == t)
                .any(|&a| on_every_move(&|c| (c.attacker, c.target) == (a.attacker, t)))
        })
        .collect();
    if by_one_piece.is_empty() && common.len() == 1 {
        common
    } else {
        by_one_piece
    }
}

/// The horses and cannons of a side that chase a rook, if one of them does
/// so on every move of the side (AXF rule 15).
fn rook_chasers(chases: &[Vec<LabelledChase>]) -> Option<Vec<u8>> {
    let every_move = !chases.is_empty()
        && chases
            .iter()
            .all(|m| m.iter().any(|c| c.on_rook_by_horse_or_cannon));
    every_move.then(|| {
        chases
            .iter()
            .flatten()
            .filter(|c| c.on_rook_by_horse_or_cannon)
            .map(|c| c.attacker)
            .collect()
    })
}

/// Outcome, clause, and the ground in English and Chinese.
type Verdict = (CycleOutcome, Clause, (Cow<'static, str>, Cow<'static, str>));

/// An article of the AXF rules.
const fn axf(article: &'static str) -> Clause {
    Clause::Rules {
        rules: RuleSet::Axf,
        article,
    }
}

/// Whether every move of the side chases a rook held in place by a horse (AXF rule 19).
fn chases_held_rook<N: Index<usize, Output = MoveNature> + ?Sized>(
    side: &SideCycle,
    natures: &N,
) -> bool {
    !side.moves.is_empty()
        && side.moves.iter().all(|&i| {
            natures[i]
                .chases
                .iter()
                .any(|t| t.kind == ThreatKind::HeldRook)
        })
}

/// Whether `chaser` perpetually chases a rook with a horse or cannon while the
/// other side's perpetual chase is not aimed at those chasing pieces (a mutual
/// chase, each chasing the other, is a plain double perpetual chase).
fn rook_chase_unanswered(chaser: &AxfChases, other: &AxfChases) -> bool {
    chaser
        .rook_chasers
        .as_ref()
        .is_some_and(|by| !other.perpetual.iter().any(|t| by.contains(t)))
}

/// The side for which `red`/`black` alone holds, if exactly one.
fn only(red: bool, black: bool) -> Option<Color> {
    match (red, black) {
        (true, false) => Some(Color::Red),
        (false, true) => Some(Color::Black),
        _ => None,
    }
}

fn verdict_axf<N: Index<usize, Output = MoveNature> + ?Sized>(
    red: &SideCycle,
    black: &SideCycle,
    natures: &N,
    chases: [&AxfChases; 2],
) -> Verdict {
    if let Some(checker) = only(red.perpetual_check, black.perpetual_check) {
        // Rule 8: "two checks, one check back": the other side's checks
        // do not save the side that checks on every move.
        let other = if checker == Color::Red { black } else { red };
        if other.tally.checks > 0 {
            return must_vary(
                checker,
                axf("8"),
                "perpetual check loses, though the other side checks back",
                "长将作负（对方虽有回将）",
            );
        }
        return must_vary(checker, axf("6"), "perpetual check loses", "长将作负");
    }
    if red.perpetual_check {
        return draw(axf("7"), "both sides check perpetually", "双方长将，作和");
    }
    if let Some(chaser) = only(red.forbidden, black.forbidden) {
        let side = if chaser == Color::Red { red } else { black };
        // A check or a mate threat that also chases is judged by its
        // forbidden reading: a chase. The ground says so, since its pattern
        // (长将, 长杀 …) names the other reading.
        let (en, zh) = match (side.tally.checks > 0, side.tally.mate_threats > 0) {
            (true, false) => (
                "perpetual chase of one piece loses (its checks chase it too, and count as chases)",
                "长捉一子作负（将军兼捉，按捉论）",
            ),
            (false, true) => (
                "perpetual chase of one piece loses (its mate threats chase it too, and count as chases)",
                "长捉一子作负（杀着兼捉，按捉论）",
            ),
            (true, true) => (
                "perpetual chase of one piece loses (its checks and mate threats chase it too, and count as chases)",
                "长捉一子作负（将军、杀着兼捉，按捉论）",
            ),
            (false, false) => ("perpetual chase of one piece loses", "长捉一子作负"),
        };
        return must_vary(chaser, Clause::WxfGeneralRule { number: "3" }, en, zh);
    }
    if !red.forbidden {
        return allowed_draw_axf(red, black, chases);
    }
    let held = only(
        chases_held_rook(red, natures),
        chases_held_rook(black, natures),
    );
    if let Some(chaser) = held {
        return must_vary(
            chaser,
            axf("19"),
            "a rook held by a horse may not be chased perpetually, even against a counter-chase",
            "长捉别住马腿的车",
        );
    }
    let [red_axf, black_axf] = chases;
    let on_rook = only(
        rook_chase_unanswered(red_axf, black_axf),
        rook_chase_unanswered(black_axf, red_axf),
    );
    if let Some(chaser) = on_rook {
        return must_vary(
            chaser,
            axf("15"),
            "a rook may not be chased perpetually by a horse or cannon, even against a counter-chase",
            "马炮长捉车",
        );
    }
    // No rule the spec quotes names a draw for chases on both sides; rule 7
    // draws checks on both sides, the one case of both sides breaking the
    // rules it rules on, and the ground says the draw is by its likeness.
    draw(
        axf("7"),
        "both sides chase perpetually, each breaking the rules, like perpetual checks on both sides",
        "双方长捉，均属犯规，比照双方长将，不变作和",
    )
}

/// The AXF draw when neither side breaks a rule, citing why a side that
/// attacks on every move is allowed to: perpetual mate threats on both sides
/// (rule 10) or one (rule 9),
/// checks alternating with chases (rule 12), chases of several pieces in
/// turn (rule 32), or no attack at all (rule 5).
fn allowed_draw_axf(red: &SideCycle, black: &SideCycle, chases: [&AxfChases; 2]) -> Verdict {
    let threatens_mate =
        |s: &SideCycle| !s.moves.is_empty() && s.tally.mate_threats == s.moves.len();
    if threatens_mate(red) && threatens_mate(black) {
        return draw(
            axf("10"),
            "mate threats answered by mate threats back break no rule",
            "双方长杀，不变作和",
        );
    }
    if threatens_mate(red) || threatens_mate(black) {
        return draw(
            axf("9"),
            "a perpetual mate threat breaks no rule",
            "长杀不犯规，不变作和",
        );
    }
    let checks_and_chases = |s: &SideCycle| {
        let t = s.tally;
        t.checks > 0 && t.chases > 0 && t.checks + t.chases == s.moves.len()
    };
    if checks_and_chases(red) || checks_and_chases(black) {
        return draw(
            axf("12"),
            "checks alternating with chases break no rule",
            "一将一捉（或数将一捉）不犯规，不变作和",
        );
    }
    if chases.iter().any(|s| s.every_move) {
        return draw(
            axf("32"),
            "chasing several pieces in turn breaks no rule",
            "轮捉多子不算长捉，不变作和",
        );
    }
    draw(axf("5"), "no side breaks a rule", "双方均未犯规，不变作和")
}

fn must_vary(
    color: Color,
    clause: Clause,
    en: impl Into<Cow<'static, str>>,
    zh: impl Into<Cow<'static, str>>,
) -> Verdict {
    (
        CycleOutcome::MustVary(color),
        clause,
        (en.into(), zh.into()),
    )
}

fn draw(clause: Clause, en: &'static str, zh: &'static str) -> Verdict {
    (CycleOutcome::Draw, clause, (en.into(), zh.into()))
}

/// Whether a threat needs several of the chaser's pieces (联合捉): the target is
/// won only through the exchange with more attackers than defenders (少根子),
/// or its defender cannot recapture because another piece pins it (a false
/// root). A rook attacked by a lesser piece is chased by that piece alone,
/// whether its defenders are true or false.
fn is_joint(t: &Threat) -> bool {
    let rook_by_lesser =
        t.piece.role == Role::Rook && value(t.by, t.target) < value(t.piece, t.target);
    t.kind == ThreatKind::Outnumbered
        || (t.kind == ThreatKind::Unprotected && !t.false_roots.is_empty() && !rook_by_lesser)
}

/// What a side chases alone, move after move, when every move of its
/// cycle is a chase by a single piece (not a joint chase, 联合捉).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum SingleChase {
    /// Every move chases a rook (长捉车, CXA 2020 26.9.2).
    Rook,
    /// Every move chases an unprotected piece other than a rook (长捉无根子,
    /// 26.9.3): as 29.3 counts them, any piece the mover wins alone, be it
    /// by a cheaper attacker or by checks.
    Unprotected,
    /// Some moves chase a rook, the others an unprotected piece (26.9.2 and 26.9.3).
    Both,
}

/// What the side chases alone on every move of its cycle, if every move is
/// a chase by a single piece (of an unprotected piece or a rook).
fn single_chase<N: Index<usize, Output = MoveNature> + ?Sized>(
    side: &SideCycle,
    natures: &N,
) -> Option<SingleChase> {
    let (mut rook, mut other) = (false, false);
    for &i in &side.moves {
        let n = &natures[i];
        let single = || n.chases.iter().filter(|t| !is_joint(t));
        if n.nature != Nature::Chase || single().next().is_none() {
            return None;
        }
        if single().any(|t| t.piece.role == Role::Rook) {
            rook = true;
        } else {
            other = true;
        }
    }
    match (rook, other) {
        (true, false) => Some(SingleChase::Rook),
        (false, true) => Some(SingleChase::Unprotected),
        (true, true) => Some(SingleChase::Both),
        (false, false) => None,
    }
}

/// The CXA 2020 tie-breaker (26.9.2, 26.9.3) when `chaser` chases alone,
/// as `single` says, and the other side chases jointly (联合捉).
fn single_against_joint(chaser: Color, single: SingleChase) -> Verdict {
    let (article, en, zh) = match single {
        SingleChase::Rook => ("26.9.2", "chases a rook perpetually", "长捉车"),
        SingleChase::Unprotected => (
            "26.9.3",
            "chases an unprotected piece perpetually",
            "长捉无根子",
        ),
        SingleChase::Both => (
            "26.9.2, 26.9.3",
            "chases a rook and unprotected pieces in turn",
            "轮捉车与无根子",
        ),
    };
    let other = !chaser;
    must_vary(
        chaser,
        Clause::Rules {
            rules: RuleSet::Cxa2020,
            article,
        },
        format!("{chaser} {en}, {other} chases jointly"),
        format!("{}方{zh}，{}方联合捉", chaser.name_zh(), other.name_zh()),
    )
}

/// Whether some move of the side is a joint chase (联合捉): all its threats need several pieces.
fn has_joint_chase<N: Index<usize, Output = MoveNature> + ?Sized>(
    side: &SideCycle,
    natures: &N,
) -> bool {
    side.moves.iter().any(|&i| {
        let n = &natures[i];
        n.nature == Nature::Chase && n.chases.iter().all(is_joint)
    })
}

fn verdict_cxa<N: Index<usize, Output = MoveNature> + ?Sized>(
    rules: RuleSet,
    red: &SideCycle,
    black: &SideCycle,
    natures: &N,
) -> Verdict {
    if let Some(checker) = only(red.perpetual_check, black.perpetual_check) {
        return must_vary(
            checker,
            Clause::Rules {
                rules,
                article: "25.1",
            },
            "unilateral perpetual check is never allowed",
            "任何情况下均不允许单方面长将",
        );
    }
    match (red.forbidden, black.forbidden) {
        (true, false) => must_vary(
            Color::Red,
            Clause::Rules {
                rules,
                article: "25.3",
            },
            "red's moves are all forbidden, black's allowed",
            "红方禁止着法，黑方允许着法",
        ),
        (false, true) => must_vary(
            Color::Black,
            Clause::Rules {
                rules,
                article: "25.3",
            },
            "black's moves are all forbidden, red's allowed",
            "黑方禁止着法，红方允许着法",
        ),
        (false, false) => draw(
            Clause::Rules {
                rules,
                article: "25.2",
            },
            "both sides play allowed moves",
            "双方均为允许着法，不变作和",
        ),
        (true, true) => {
            if rules == RuleSet::Cxa2020 {
                if let Some(single) = single_chase(red, natures)
                    && has_joint_chase(black, natures)
                {
                    return single_against_joint(Color::Red, single);
                }
                if let Some(single) = single_chase(black, natures)
                    && has_joint_chase(red, natures)
                {
                    return single_against_joint(Color::Black, single);
                }
            }
            draw(
                Clause::Rules {
                    rules,
                    article: "26.9.4",
                },
                "both sides play forbidden moves",
                "双方均为禁止着法，不变作和",
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_read_like_the_rulebook() {
        use Nature::*;
        let zh = |ns: &[Nature]| Tally::of(ns.iter().copied()).pattern(Lang::Zh);
        assert_eq!(zh(&[Check, Check]), "长将");
        assert_eq!(zh(&[Check, Chase]), "一将一捉");
        assert_eq!(zh(&[Idle, Sacrifice]), "两闲");
        assert_eq!(zh(&[Idle, Exchange]), "一兑一闲");
        assert_eq!(zh(&[Exchange, Chase]), "一捉一兑");
        assert_eq!(zh(&[Exchange, Exchange, Exchange]), "长兑");
        assert_eq!(zh(&[Check, Check, Idle]), "两将一闲");
        let en = Tally::of([Chase, Chase]).pattern(Lang::En);
        assert_eq!(en, "perpetual chase");
        assert_eq!(
            Tally::of([Check, Idle]).pattern(Lang::En),
            "1 check + 1 idle move"
        );
        // Counts above one in the plural.
        assert_eq!(
            Tally::of([Check, Check, Chase, Chase]).pattern(Lang::En),
            "2 checks + 2 chases"
        );
        assert_eq!(Tally::of([Idle, Block]).pattern(Lang::En), "2 idle moves");
    }
}
