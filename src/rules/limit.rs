//! The natural move limit (自然限着): a game in which neither side captures for
//! `L` rounds may be drawn, with caps on how many of the claimant's attacking
//! moves count.
//!
//! # The counting rule implemented here
//!
//! This is `rules.md` §6.3, parameterised by [`LimitParams`]. The count runs from
//! the ply after the last capture (or from the first ply of the record, or
//! earlier with [`LimitCounter::resume`] from a FEN half-move clock). Only a
//! capture resets it; pawn moves do not. A 回合 (round) is one move of each side,
//! and the limit `L` is compared with each side's own number of moves, never with
//! the total of plies.
//!
//! Since the reset, for each side `s`:
//!
//! * `n[s]` = moves made by `s`;
//! * `c[s]` = checks (将) given by `s`;
//! * `x[s]` = attacking moves of `s` that are not checks: mate threats (杀) and
//!   chases (捉), as the rule set classifies the move. A move that checks is
//!   counted as a check only, even if it also chases; a king or a pawn
//!   attacking by itself chases nothing (as in a repetition), so its move
//!   counts as an ordinary one.
//!
//! When `s` claims (提出方 = `s`), with `CC` = `check_cap`:
//!
//! ```text
//! void_checks(s)  = max(0, c[s] - CC)          // CC = 0: every check is void
//! counted(s)      = min(c[s], CC) + x[s]       // attack cap counting 将+杀+捉
//!                 = x[s]                       // attack cap counting 捉+杀 only
//! void_attacks(s) = max(0, counted(s) - K)     // K = attack cap, 0 when none
//! valid(s)        = n[s] - void_checks(s) - void_attacks(s)
//! replies(s)      = the opponent's replies to s's void checks
//!                 = void_checks(s), less one if s's last move was a void check
//!                   not yet answered; 0 when count_replies_to_void_checks
//! eff_opp(s)      = n[opp] - replies(s)
//! claim_ok(s)     = valid(s) >= L && eff_opp(s) >= L
//! ```
//!
//! The checks beyond the cap are the *later* ones (the first `CC` checks count),
//! which is why each of them has been answered except possibly the last move.
//! "提出方'将军'不计着数" (the claimant's checks do not count) is `CC = 0`: each
//! check is a void move, deducted from the claimant's count, and — unless
//! `count_replies_to_void_checks` — the opponent's answer to it is not counted
//! either, so the round containing a void check does not count for anyone.
//!
//! A mate or stalemate on the current ply beats the limit: the status then says
//! the limit is reached but the last move ended the game, and nobody can claim.
//! So does a repetition whose decisive occurrence falls on that ply (the
//! referee, which knows the repetitions, says so with
//! `LimitStatus::repetition_decides`).
//!
//! [`ClaimMode::Automatic`] (engine play) draws as soon as either side's claim
//! holds; [`ClaimMode::Claim`] only when that side's claim holds.
//!
//! # Readings taken where the texts leave a choice
//!
//! * The limit is met by each side's own moves (`L` each, rules.md §6.2),
//!   so after a capture the side that moves second completes it.
//! * The checks that count are the claimant's first `CC`; the later ones
//!   are void, and so is the opponent's reply to each (Pikafish's reading of
//!   the AXF text; the CXA texts are silent; `count_replies_to_void_checks`
//!   counts them). Replies to void mate threats and chases are counted:
//!   §6.3 deducts replies to checks only.
//! * "提出方'将军'不计着数" makes every check of the claimant void, as above.
//! * "自然限着总数的一半" is half the limit in rounds (20 of 40).
//! * Plies before the record (a FEN half-move clock) count as plain moves.
//! * A claim may be judged after either side's move.
//! * The cxa2011 profile caps the claimant's checks at 10, as the profile
//!   table does: no verified 2011 text gives the number (regulations under
//!   the 2011 rules cap them at 10 or count none).
//!
//! * A tournament profile ruled under another rule set than its own
//!   (`rule --profile X --rules R`) keeps its caps; when they are not R's
//!   own, they are a reading too ([`OtherRulesCaps`]).
//!
//! Three of these rest on texts that are silent, not on a rule: the replies
//! to void checks left uncounted, the cxa2011 cap, and a profile's caps kept
//! under another rule set. When whether a claim holds would change under the
//! other reading (for the last, under the rule set's own caps), the status
//! says so ([`SideStatus::readings`], and a line of
//! [`LimitStatus::outcome_text`]).
//!
//! The worked example of §6.3 (L = 60, CC = 10, no attack cap): 130 plies without a
//! capture, Black the claimant with 14 checks:
//!
//! ```
//! use xqarbiter::board::Color;
//! use xqarbiter::rules::limit::{ClaimMode, LimitCounter, LimitParams, PlyFacts};
//!
//! let mut counter = LimitCounter::new();
//! for ply in 0..130 {
//!     let mover = if ply % 2 == 0 { Color::Red } else { Color::Black };
//!     let mut facts = PlyFacts::quiet(mover);
//!     facts.check = mover == Color::Black && ply < 28; // Black's first 14 moves check
//!     counter.push(&facts);
//! }
//! let status = counter.status(&LimitParams::default(), ClaimMode::Claim(Color::Black));
//! assert_eq!(status.black.void_checks, 4);
//! assert_eq!(status.black.valid_moves, 61); // 65 - 4
//! assert_eq!(status.black.opponent_effective_moves, 61); // Red's 4 replies not counted
//! assert!(status.black.can_claim);
//! ```

use serde::Serialize;

use crate::board::{Color, Position};
use crate::rules::RuleSet;
use crate::words::{Lang, Words};

/// What the limit needs to know about one ply (computed by the rules core).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlyFacts {
    /// The side that made the move.
    pub mover: Color,
    /// The move captured a piece (resets the count).
    pub capture: bool,
    /// The move gives check (将).
    pub check: bool,
    /// The move threatens mate (杀).
    pub mate_threat: bool,
    /// The move chases (捉).
    pub chase: bool,
    /// The move leaves the opponent without a legal reply: it mates or stalemates.
    pub no_legal_reply: bool,
}

impl PlyFacts {
    /// A quiet move of `mover`: no capture, no check, no attack, a legal reply exists.
    pub const fn quiet(mover: Color) -> PlyFacts {
        PlyFacts {
            mover,
            capture: false,
            check: false,
            mate_threat: false,
            chase: false,
            no_legal_reply: false,
        }
    }

    /// The facts the board alone can tell, read on the position `after` the move
    /// (`capture` is whether the move took a piece, e.g. `undo.captured.is_some()`).
    /// `mate_threat` and `chase` are left false for the move classifier to set.
    pub fn observed(after: &Position, capture: bool) -> PlyFacts {
        PlyFacts {
            mover: !after.turn(),
            capture,
            check: after.in_check(),
            mate_threat: false,
            chase: false,
            no_legal_reply: after.has_no_legal_moves(),
        }
    }

    /// An attacking move that is not a check: a mate threat or a chase.
    const fn is_non_check_attack(&self) -> bool {
        !self.check && (self.mate_threat || self.chase)
    }
}

/// The numbers of a natural-limit rule (a tournament profile sets them).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LimitParams {
    /// `L`: the limit in rounds (moves per side) without a capture.
    pub rounds: u32,
    /// The claimant's checks that count at most; later checks are void. 0 = the
    /// claimant's checks never count.
    pub check_cap: u32,
    /// The cap on the claimant's attacking moves, if any.
    pub attack_cap: Option<AttackCap>,
    /// Whether the opponent's replies to the claimant's void checks count as moves
    /// (default false: they are deducted from the opponent's count).
    pub count_replies_to_void_checks: bool,
    /// Whether `count_replies_to_void_checks` is a reading of texts that do
    /// not say (true unless the organiser's profile sets it): a claim whose
    /// outcome depends on it says so ([`Reading::RepliesToVoidChecks`]).
    pub replies_are_a_reading: bool,
    /// Whether `check_cap` is a number no verified rule text gives (the
    /// cxa2011 profile's 10, from the profile table): a claim whose outcome
    /// depends on it says so ([`Reading::CheckCap`]).
    pub check_cap_is_a_reading: bool,
    /// The caps were made for another rule set than the one ruling (a
    /// tournament profile whose rule set `rule --rules` overrides), and
    /// that rule set's own: a claim whose outcome depends on which apply
    /// says so ([`Reading::OtherRulesCaps`]).
    pub caps_of_other_rules: Option<OtherRulesCaps>,
}

/// Caps on the claimant's moves kept from a profile made for another rule
/// set, and the caps of the rule set the game is ruled under.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OtherRulesCaps {
    /// The rule set the caps were made for.
    pub made_for: RuleSet,
    /// The rule set the game is ruled under.
    pub ruled_under: RuleSet,
    /// Its own check cap (its built-in profile's).
    pub own_check_cap: u32,
    /// Its own attack cap (its built-in profile's).
    pub own_attack_cap: Option<AttackCap>,
}

impl OtherRulesCaps {
    /// The rule set's own caps in words: "checks at most 10 and no attack
    /// cap", "将军最多计10着，攻着不设上限".
    fn own_words(&self) -> Words {
        let checks = match self.own_check_cap {
            0 => Words::new("checks never counted", "将军不计着数"),
            n => Words::new(format!("checks at most {n}"), format!("将军最多计{n}着")),
        };
        let attacks = match self.own_attack_cap {
            None => Words::new("no attack cap", "攻着不设上限"),
            Some(AttackCap {
                max,
                counts_checks: true,
            }) => Words::new(
                format!("checks, mate threats and chases at most {max}"),
                format!("将、杀、捉最多计{max}着"),
            ),
            Some(AttackCap {
                max,
                counts_checks: false,
            }) => Words::new(
                format!("chases and mate threats at most {max}"),
                format!("捉、杀最多计{max}着"),
            ),
        };
        Words::new(
            format!("{} and {}", checks.en, attacks.en),
            format!("{}，{}", checks.zh, attacks.zh),
        )
    }
}

impl Default for LimitParams {
    /// 60 rounds, 10 checks, no attack cap, replies to void checks not
    /// counted (a reading).
    fn default() -> LimitParams {
        LimitParams {
            rounds: 60,
            check_cap: 10,
            attack_cap: None,
            count_replies_to_void_checks: false,
            replies_are_a_reading: true,
            check_cap_is_a_reading: false,
            caps_of_other_rules: None,
        }
    }
}

/// A reading the count takes where the rule texts are silent, named when a
/// claim's outcome depends on it (rules.md §6.3 and §9).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Reading {
    /// The opponent's replies to the claimant's void checks are not counted
    /// (rules.md §6.3's default and Pikafish's reading of the AXF text; §9:
    /// whether CXA counts them is unknown).
    RepliesToVoidChecks,
    /// The check cap is the profile's number, not a verified rule text's
    /// (the cxa2011 profile's 10: regulations under the 2011 rules set 10,
    /// or count no check at all).
    CheckCap,
    /// The caps are those of a profile made for another rule set, kept
    /// under the rule set ruling ([`OtherRulesCaps`]): its own caps might
    /// be meant instead.
    OtherRulesCaps,
}

/// A cap on the claimant's attacking moves; the excess is void and deducted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AttackCap {
    /// Attacking moves counted at most.
    pub max: u32,
    /// true: the cap covers 将+杀+捉 (the checks within the check cap included);
    /// false: it covers 捉+杀 only (used where checks never count).
    pub counts_checks: bool,
}

/// Who may claim the draw.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClaimMode {
    /// Either side's claim suffices (engine play, automatic adjudication):
    /// the verdict is the draw as soon as one side's claim would hold, but
    /// [`Ruling::ends_game`](crate::rules::ruling::Ruling::ends_game) leaves
    /// it to a claim.
    Automatic,
    /// Only this side's claim is considered (`--claim red|black`).
    Claim(Color),
}

impl ClaimMode {
    /// `automatic`, `red` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            ClaimMode::Automatic => "automatic",
            ClaimMode::Claim(c) => c.name(),
        }
    }
}

impl std::str::FromStr for ClaimMode {
    type Err = crate::words::UnknownName;
    /// `automatic`, `red` or `black` (case-insensitive).
    fn from_str(s: &str) -> Result<ClaimMode, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "automatic" | "auto" => Ok(ClaimMode::Automatic),
            "red" => Ok(ClaimMode::Claim(Color::Red)),
            "black" => Ok(ClaimMode::Claim(Color::Black)),
            _ => Err(crate::words::UnknownName::new(
                "claim mode",
                s,
                "automatic, red or black",
            )),
        }
    }
}

/// Where the limit stands after the current ply, under the chosen claim mode.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LimitOutcome {
    /// No claim under the mode holds yet.
    Running,
    /// A claim under the mode holds: the game is drawn by the natural limit.
    Draw,
    /// The counts reach the limit, but the last move mated or stalemated: the
    /// mate decides the game.
    MateBeatsLimit,
    /// The counts reach the limit, but the last move also completed a
    /// decisive repetition, whose ruling decides the game (rules.md §6.3,
    /// precedence).
    RepetitionDecides,
}

impl LimitOutcome {
    /// `running`, `draw`, `mate_beats_limit` or `repetition_decides`.
    pub const fn name(self) -> &'static str {
        match self {
            LimitOutcome::Running => "running",
            LimitOutcome::Draw => "draw",
            LimitOutcome::MateBeatsLimit => "mate_beats_limit",
            LimitOutcome::RepetitionDecides => "repetition_decides",
        }
    }
}

/// One side's running totals since the last capture.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct SideCount {
    moves: u32,
    checks: u32,
    attacks: u32,
}

impl SideCount {
    /// Counts the side's quiet move `facts`: a check, another attack or neither.
    fn count(&mut self, facts: &PlyFacts) {
        self.moves += 1;
        self.checks += u32::from(facts.check);
        self.attacks += u32::from(facts.is_non_check_attack());
    }
}

/// The incremental natural-limit counter: push every ply, O(1) each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LimitCounter {
    plies: u32,
    prior_plies: u32,
    since_ply: u32,
    sides: [SideCount; 2],
    last: Option<PlyFacts>,
}

impl LimitCounter {
    /// A counter at the start of a record (nothing played).
    pub fn new() -> LimitCounter {
        LimitCounter {
            plies: 0,
            prior_plies: 0,
            since_ply: 1,
            sides: [SideCount::default(); 2],
            last: None,
        }
    }

    /// A counter for a record that starts at `start`, whose FEN half-move field
    /// says how many plies without a capture came before. Those plies count as
    /// plain moves, alternating and ending with the side not to move: the FEN
    /// does not say which of them were checks or attacks.
    pub fn resume(start: &Position) -> LimitCounter {
        let prior = start.halfmoves();
        let mut counter = LimitCounter::new();
        counter.prior_plies = prior;
        counter.sides[(!start.turn()).index()].moves = prior.div_ceil(2);
        counter.sides[start.turn().index()].moves = prior / 2;
        counter
    }

    /// A counter for the plies that follow a capture made on ply `ply`
    /// (1-based) of the record: nothing counted yet, the count running from
    /// the next ply.
    pub(crate) fn after_capture(ply: u32) -> LimitCounter {
        LimitCounter {
            plies: ply,
            since_ply: ply + 1,
            ..LimitCounter::new()
        }
    }

    /// Counts one ply. A capture resets everything; the count then runs from the next ply.
    pub fn push(&mut self, facts: &PlyFacts) {
        self.plies += 1;
        self.last = Some(*facts);
        if facts.capture {
            self.sides = [SideCount::default(); 2];
            self.prior_plies = 0;
            self.since_ply = self.plies + 1;
            return;
        }
        self.sides[facts.mover.index()].count(facts);
    }

    /// Counts `plies`, none of them a capture: what a [`LimitCounter::push`]
    /// of each does, in one pass.
    pub(crate) fn push_quiet(&mut self, plies: &[PlyFacts]) {
        debug_assert!(
            plies.iter().all(|f| !f.capture),
            "a capture among {plies:?}"
        );
        let Some(&last) = plies.last() else {
            return;
        };
        for facts in plies {
            self.sides[facts.mover.index()].count(facts);
        }
        self.plies += plies.len() as u32;
        self.last = Some(last);
    }

    /// Takes back the quiet ply `facts` last pushed, `last` being what
    /// [`LimitCounter::push`] had left as the last ply before it: the
    /// counter is then as it was before that push. A capture resets the
    /// count, so it cannot be taken back this way.
    pub(crate) fn unpush(&mut self, facts: &PlyFacts, last: Option<PlyFacts>) {
        debug_assert!(!facts.capture, "a capture is not taken back by unpush");
        self.plies -= 1;
        self.last = last;
        let side = &mut self.sides[facts.mover.index()];
        side.moves -= 1;
        if facts.check {
            side.checks -= 1;
        } else if facts.is_non_check_attack() {
            side.attacks -= 1;
        }
    }

    /// Sets whether the last ply pushed left the opponent no legal move, as
    /// if it had been pushed so (a counter with no ply pushed, or reset by a
    /// capture, has no last ply to set).
    pub(crate) fn set_no_legal_reply(&mut self, no_moves: bool) {
        if let Some(last) = &mut self.last {
            last.no_legal_reply = no_moves;
        }
    }

    /// Plies pushed so far.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The first ply of the running count (1-based: the ply after the last
    /// capture; 1 when the count began before the record, see `prior_plies`).
    pub fn since_ply(&self) -> u32 {
        self.since_ply
    }

    /// Plies without a capture before the record that are still counted (from
    /// [`LimitCounter::resume`]; 0 once a capture has been made in the record).
    pub fn prior_plies(&self) -> u32 {
        self.prior_plies
    }

    /// The outcome under `mode` after the current ply, without building the
    /// report (no allocation: cheap enough to call after every ply).
    pub fn outcome(&self, params: &LimitParams, mode: ClaimMode) -> LimitOutcome {
        self.outcome_when(mode, |c| self.numbers(c, params).reached(params))
    }

    /// The outcome under `mode`, `reached` telling whether the counts with
    /// a side as the claimant reach the limit.
    fn outcome_when(&self, mode: ClaimMode, reached: impl Fn(Color) -> bool) -> LimitOutcome {
        let reached_under_mode = match mode {
            ClaimMode::Automatic => reached(Color::Red) || reached(Color::Black),
            ClaimMode::Claim(c) => reached(c),
        };
        match (reached_under_mode, self.game_over()) {
            (false, _) => LimitOutcome::Running,
            (true, false) => LimitOutcome::Draw,
            (true, true) => LimitOutcome::MateBeatsLimit,
        }
    }

    /// The limit's full status after the current ply: both sides' counts as
    /// claimant, deductions with reasons, who may claim, the outcome under `mode`.
    pub fn status(&self, params: &LimitParams, mode: ClaimMode) -> LimitStatus {
        let red = self.side_status(Color::Red, params);
        let black = self.side_status(Color::Black, params);
        let claimable_by = [(Color::Red, &red), (Color::Black, &black)]
            .iter()
            .filter(|(_, s)| s.can_claim)
            .map(|(c, _)| *c)
            .collect();
        // Read off the sides' statuses rather than counted again.
        let outcome = self.outcome_when(mode, |c| match c {
            Color::Red => red.reached,
            Color::Black => black.reached,
        });
        LimitStatus {
            limit: params.rounds,
            claim_mode: mode,
            plies: self.plies,
            since_ply: self.since_ply,
            prior_plies: self.prior_plies,
            red,
            black,
            claimable_by,
            outcome,
            stalemate: self.last.is_some_and(|f| f.no_legal_reply && !f.check),
        }
    }

    /// The last ply mated or stalemated.
    fn game_over(&self) -> bool {
        self.last.is_some_and(|f| f.no_legal_reply)
    }

    /// The §6.3 numbers with `claimant` as the claiming side.
    fn numbers(&self, claimant: Color, params: &LimitParams) -> Numbers {
        let own = self.sides[claimant.index()];
        let opp = self.sides[(!claimant).index()];
        let void_checks = own.checks.saturating_sub(params.check_cap);
        let void_attacks = params.attack_cap.map_or(0, |cap| {
            let counted_checks = if cap.counts_checks {
                own.checks.min(params.check_cap)
            } else {
                0
            };
            (counted_checks + own.attacks).saturating_sub(cap.max)
        });
        let unanswered = self.last.is_some_and(|f| {
            !f.capture && f.mover == claimant && f.check && own.checks > params.check_cap
        });
        let replies = if params.count_replies_to_void_checks {
            0
        } else {
            void_checks.saturating_sub(u32::from(unanswered))
        };
        Numbers {
            own,
            opp_moves: opp.moves,
            void_checks,
            void_attacks,
            replies,
            valid: own.moves.saturating_sub(void_checks + void_attacks),
            opp_effective: opp.moves.saturating_sub(replies),
        }
    }

    /// The readings `claimant`'s claim, whose numbers are `n`, depends on:
    /// those which, taken the other way, would change whether the limit is
    /// reached, each with a note saying so.
    fn readings(&self, claimant: Color, params: &LimitParams, n: &Numbers) -> Vec<ReadingNote> {
        let reached = n.reached(params);
        let settled = LimitParams {
            replies_are_a_reading: false,
            check_cap_is_a_reading: false,
            caps_of_other_rules: None,
            ..*params
        };
        let reached_with = |p: LimitParams| self.numbers(claimant, &p).reached(&p);
        let (side, opp) = (claimant, !claimant);
        let (holds_en, holds_zh) = if reached {
            ("it would not hold", "不成立")
        } else {
            ("it would hold", "成立")
        };
        let mut out = Vec::new();
        let counted = params.count_replies_to_void_checks;
        // With no void check there is no reply to count or not.
        if params.replies_are_a_reading
            && n.void_checks > 0
            && reached_with(LimitParams {
                count_replies_to_void_checks: !counted,
                ..settled
            }) != reached
        {
            let (now_en, now_zh, other_en, other_zh) = if counted {
                ("counted", "计入", "not counted", "不计")
            } else {
                ("not counted", "不计", "counted", "计入")
            };
            out.push(ReadingNote {
                reading: Reading::RepliesToVoidChecks,
                note: Words::new(
                    format!(
                        "{side}'s claim rests on a reading where the rule texts are silent: \
                         {opp}'s replies to {side}'s void checks are {now_en} ({other_en}, \
                         {holds_en})",
                    ),
                    format!(
                        "{}方提和取决于对条文未明之处的解读：{}方应对{}方无效将军的着法{now_zh}\
                         （若{other_zh}，则提和{holds_zh}）",
                        side.name_zh(),
                        opp.name_zh(),
                        side.name_zh()
                    ),
                ),
            });
        }
        if params.check_cap_is_a_reading {
            let flips: Vec<(&str, &str)> = [
                (u32::MAX, "with no cap on checks", "将军不设上限"),
                (0, "with its checks never counted", "将军一律不计"),
            ]
            .iter()
            .filter(|(check_cap, _, _)| {
                reached_with(LimitParams {
                    check_cap: *check_cap,
                    ..settled
                }) != reached
            })
            .map(|&(_, en, zh)| (en, zh))
            .collect();
            if let Some(&(en, zh)) = flips.first() {
                let cap = params.check_cap;
                out.push(ReadingNote {
                    reading: Reading::CheckCap,
                    note: Words::new(
                        format!(
                            "{side}'s claim rests on a reading where the rule texts are silent: \
                             the check cap of {cap} is the profile's, from no verified text of \
                             its rules ({en}, {holds_en})"
                        ),
                        format!(
                            "{}方提和取决于对条文未明之处的解读：将军上限{cap}着出自规程设定，\
                             未见该规则的原文（若{zh}，则提和{holds_zh}）",
                            side.name_zh()
                        ),
                    ),
                });
            }
        }
        if let Some(other) = params.caps_of_other_rules
            && reached_with(LimitParams {
                check_cap: other.own_check_cap,
                attack_cap: other.own_attack_cap,
                ..settled
            }) != reached
        {
            let (made, ruled) = (other.made_for.name(), other.ruled_under.name());
            let own = other.own_words();
            out.push(ReadingNote {
                reading: Reading::OtherRulesCaps,
                note: Words::new(
                    format!(
                        "{side}'s claim rests on a reading: the caps are those of a profile \
                         made for the {made} rules, kept under {ruled} (with {ruled}'s own caps, \
                         {}, {holds_en})",
                        own.en
                    ),
                    format!(
                        "{}方提和取决于一种解读：所用上限出自为{made}规则制定的规程，按{ruled}规则\
                         裁决时照用（若用{ruled}规则本身的上限，{}，则提和{holds_zh}）",
                        side.name_zh(),
                        own.zh
                    ),
                ),
            });
        }
        out
    }

    fn side_status(&self, claimant: Color, params: &LimitParams) -> SideStatus {
        let n = self.numbers(claimant, params);
        let reached = n.reached(params);
        let readings = self.readings(claimant, params, &n);
        SideStatus {
            moves: n.own.moves,
            checks: n.own.checks,
            attacks: n.own.attacks,
            void_checks: n.void_checks,
            void_attacks: n.void_attacks,
            valid_moves: n.valid,
            opponent_moves: n.opp_moves,
            opponent_replies_to_void_checks: n.replies,
            opponent_effective_moves: n.opp_effective,
            reached,
            can_claim: reached && !self.game_over(),
            deductions: deductions(claimant, params, &n),
            readings,
        }
    }
}

/// One side's count as claimant (see the module docs for the formulas).
struct Numbers {
    own: SideCount,
    opp_moves: u32,
    void_checks: u32,
    void_attacks: u32,
    replies: u32,
    valid: u32,
    opp_effective: u32,
}

impl Numbers {
    fn reached(&self, params: &LimitParams) -> bool {
        self.valid >= params.rounds && self.opp_effective >= params.rounds
    }
}

fn deductions(claimant: Color, params: &LimitParams, n: &Numbers) -> Vec<Deduction> {
    let (void_checks, void_attacks, replies) = (n.void_checks, n.void_attacks, n.replies);
    let mut out = Vec::new();
    if void_checks > 0 {
        let reason = if params.check_cap == 0 {
            Words::new(
                format!(
                    "the claimant's checks never count: {void_checks} {} deducted",
                    plural(void_checks, "check", "checks")
                ),
                format!("提出方将军不计着数：扣除{void_checks}着"),
            )
        } else {
            let cap = params.check_cap;
            Words::new(
                format!(
                    "{void_checks} {} beyond the cap of {cap} {} void and deducted",
                    plural(void_checks, "check", "checks"),
                    plural(void_checks, "is", "are")
                ),
                format!("将军超过{cap}着，{void_checks}着为无效着，扣除"),
            )
        };
        out.push(Deduction {
            kind: DeductionKind::VoidChecks,
            count: void_checks,
            reason,
        });
    }
    if let (Some(cap), true) = (params.attack_cap, void_attacks > 0) {
        let max = cap.max;
        let (what_en, what_zh) = if cap.counts_checks {
            ("checks, mate threats and chases", "将、杀、捉")
        } else {
            ("chases and mate threats", "捉、杀")
        };
        out.push(Deduction {
            kind: DeductionKind::VoidAttacks,
            count: void_attacks,
            reason: Words::new(
                format!(
                    "{void_attacks} attacking {} ({what_en}) beyond the cap of {max} {} void and deducted",
                    plural(void_attacks, "move", "moves"),
                    plural(void_attacks, "is", "are")
                ),
                format!("{what_zh}累计超过{max}着，{void_attacks}着为无效着，扣除"),
            ),
        });
    }
    if replies > 0 {
        let opp = !claimant;
        out.push(Deduction {
            kind: DeductionKind::RepliesToVoidChecks,
            count: replies,
            reason: Words::new(
                format!(
                    "{}'s {replies} {} to {}'s void checks {} not counted",
                    opp.name(),
                    plural(replies, "reply", "replies"),
                    claimant.name(),
                    plural(replies, "is", "are")
                ),
                format!(
                    "{}方应对{}方无效将军的{replies}着不计",
                    opp.name_zh(),
                    claimant.name_zh()
                ),
            ),
        });
    }
    out
}

/// `one` for a count of 1, else `many`.
fn plural(count: u32, one: &'static str, many: &'static str) -> &'static str {
    if count == 1 { one } else { many }
}

/// Why moves were deducted.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum DeductionKind {
    /// The claimant's checks beyond the check cap (all of them when the cap is 0).
    VoidChecks,
    /// The claimant's attacking moves beyond the attack cap.
    VoidAttacks,
    /// The opponent's replies to the claimant's void checks (deducted from the opponent).
    RepliesToVoidChecks,
}

/// One deduction, with its reason phrased in English and Chinese.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Deduction {
    /// What was deducted.
    pub kind: DeductionKind,
    /// How many moves.
    pub count: u32,
    /// The reason (in JSON, its two languages are the keys `en` and `zh`).
    #[serde(flatten)]
    pub reason: Words,
}

/// The count seen from one side as the claimant (提出方).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct SideStatus {
    /// Moves made since the last capture.
    pub moves: u32,
    /// Checks (将) given.
    pub checks: u32,
    /// Attacking moves that are not checks: mate threats (杀) and chases (捉).
    pub attacks: u32,
    /// Checks beyond the check cap, void.
    pub void_checks: u32,
    /// Attacking moves beyond the attack cap, void.
    pub void_attacks: u32,
    /// `moves - void_checks - void_attacks`.
    pub valid_moves: u32,
    /// The opponent's moves since the last capture.
    pub opponent_moves: u32,
    /// The opponent's replies to this side's void checks, not counted.
    pub opponent_replies_to_void_checks: u32,
    /// `opponent_moves - opponent_replies_to_void_checks`.
    pub opponent_effective_moves: u32,
    /// Both `valid_moves` and `opponent_effective_moves` reach the limit.
    pub reached: bool,
    /// This side may claim the draw now (`reached`, and the last move did not
    /// end the game: no mate, stalemate or decisive repetition).
    pub can_claim: bool,
    /// What was deducted and why.
    pub deductions: Vec<Deduction>,
    /// The readings of silent texts whether `reached` holds depends on
    /// (empty when it holds, or not, whichever way they are read).
    pub readings: Vec<ReadingNote>,
}

/// A reading a claim depends on, with a note saying how (in JSON, its two
/// languages are the keys `en` and `zh`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct ReadingNote {
    /// Which reading.
    pub reading: Reading,
    /// That the claim rests on it, and what the other reading would give.
    #[serde(flatten)]
    pub note: Words,
}

/// The natural limit's status after the current ply.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LimitStatus {
    /// `L`, in rounds.
    pub limit: u32,
    /// The claim mode the outcome was computed under.
    pub claim_mode: ClaimMode,
    /// Plies played.
    pub plies: u32,
    /// First ply of the running count (the ply after the last capture).
    pub since_ply: u32,
    /// Capture-free plies before the record still in the count (from the FEN).
    pub prior_plies: u32,
    /// The count with Red as the claimant.
    pub red: SideStatus,
    /// The count with Black as the claimant.
    pub black: SideStatus,
    /// The sides that may claim the draw now, Red first.
    pub claimable_by: Vec<Color>,
    /// The result under the claim mode.
    pub outcome: LimitOutcome,
    /// Whether the last move left the opponent no legal move without
    /// checking it (困毙), rather than mating it.
    pub stalemate: bool,
}

impl LimitStatus {
    /// The status when the last move also completed a decisive repetition,
    /// whose ruling decides the game (rules.md §6.3, precedence): a draw the
    /// limit would give becomes [`LimitOutcome::RepetitionDecides`], and,
    /// as after a mate, no side may claim.
    pub(crate) fn repetition_decides(&mut self) {
        if self.outcome == LimitOutcome::Draw {
            self.outcome = LimitOutcome::RepetitionDecides;
        }
        self.red.can_claim = false;
        self.black.can_claim = false;
        self.claimable_by.clear();
    }

    /// The contract JSON: `{ "limit", "red", "black", "claimable_by", … }`, plus
    /// `claim_mode`, `plies`, `since_ply`, `prior_plies` and `outcome`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "limit": self.limit,
            "claim_mode": self.claim_mode.name(),
            "plies": self.plies,
            "since_ply": self.since_ply,
            "prior_plies": self.prior_plies,
            "red": self.red,
            "black": self.black,
            "claimable_by": self.claimable_by.iter().map(|c| c.name()).collect::<Vec<_>>(),
            "outcome": self.outcome.name(),
        })
    }

    /// The claimants the outcome is about (the one named, or else Red, then
    /// Black) whose moves and the opponent's would reach the limit but for
    /// the deductions, each with its count.
    fn short_by_deductions(&self) -> Vec<(Color, &SideStatus)> {
        let sides: &[Color] = match self.claim_mode {
            ClaimMode::Claim(c) => &[c][..],
            ClaimMode::Automatic => &[Color::Red, Color::Black],
        };
        let l = self.limit;
        sides
            .iter()
            .filter_map(|&c| {
                let status = match c {
                    Color::Red => &self.red,
                    Color::Black => &self.black,
                };
                let raw = status.moves >= l && status.opponent_moves >= l;
                (raw && !status.reached && !status.deductions.is_empty()).then_some((c, status))
            })
            .collect()
    }

    /// The notes on readings the claims under the claim mode rest on (the
    /// claimant's, or either side's when the mode names none), unless the
    /// last move ended the game (no claim holds there, whatever the reading):
    /// see [`SideStatus::readings`].
    pub fn reading_notes(&self) -> Vec<&Words> {
        if !matches!(self.outcome, LimitOutcome::Running | LimitOutcome::Draw) {
            return Vec::new();
        }
        let sides: &[&SideStatus] = match self.claim_mode {
            ClaimMode::Claim(Color::Red) => &[&self.red],
            ClaimMode::Claim(Color::Black) => &[&self.black],
            ClaimMode::Automatic => &[&self.red, &self.black],
        };
        sides
            .iter()
            .flat_map(|s| s.readings.iter().map(|r| &r.note))
            .collect()
    }

    /// Who may claim, when one side only may and the mode names no
    /// claimant: " (only black may claim)", in English and Chinese.
    fn sole_claimant(&self) -> Words {
        match (self.claim_mode, self.claimable_by.as_slice()) {
            (ClaimMode::Automatic, &[side]) => Words::new(
                format!(" (only {} may claim)", side.name()),
                format!("（仅{}方可提和）", side.name_zh()),
            ),
            _ => Words::new("", ""),
        }
    }

    /// One line on the outcome, in English and in Chinese; when the count
    /// began before the record, a note says how much of it comes from the FEN.
    /// A line follows for each reading of a silent text that a claim under
    /// the claim mode rests on ([`SideStatus::readings`]).
    pub fn outcome_text(&self) -> Words {
        let mut text = self.outcome_line();
        if self.prior_plies > 0 {
            let n = self.prior_plies;
            text.en.push_str(&format!(
                " (the count includes {n} {} before the record, from its FEN, whose checks and \
                 attacks are not known)",
                plural(n, "ply", "plies")
            ));
            text.zh.push_str(&format!(
                "（计入棋谱之前的{n}着（据FEN），其中的将、杀、捉无从得知）"
            ));
        }
        for note in self.reading_notes() {
            text.en.push('\n');
            text.en.push_str(&note.en);
            text.zh.push('\n');
            text.zh.push_str(&note.zh);
        }
        text
    }

    /// The plies since the last capture, those before the record included.
    fn capture_free_plies(&self) -> u32 {
        (self.plies + 1).saturating_sub(self.since_ply) + self.prior_plies
    }

    /// [`LimitStatus::outcome_text`] without the note on plies before the record.
    fn outcome_line(&self) -> Words {
        let l = self.limit;
        match self.outcome {
            LimitOutcome::Running => {
                let short = self.short_by_deductions();
                if short.is_empty() {
                    let n = self.capture_free_plies();
                    let limit_plies = 2 * l;
                    return Words::new(
                        format!(
                            "natural limit of {l} rounds ({limit_plies} plies) not reached: \
                             {n} {} without a capture",
                            plural(n, "ply", "plies")
                        ),
                        format!("未满自然限着{l}回合（{limit_plies}着）：已连续{n}着无吃子"),
                    );
                }
                let (en, zh): (Vec<String>, Vec<String>) = short
                    .iter()
                    .map(|(side, status)| {
                        let why = |lang| -> Vec<&str> {
                            status
                                .deductions
                                .iter()
                                .map(|d| d.reason.get(lang))
                                .collect()
                        };
                        (
                            format!(
                                "natural limit of {l} rounds not reached for {}'s claim: \
                                 {} of its {} moves and {} of the opponent's {} count ({})",
                                side.name(),
                                status.valid_moves,
                                status.moves,
                                status.opponent_effective_moves,
                                status.opponent_moves,
                                why(Lang::En).join("; ")
                            ),
                            format!(
                                "{}方提和未满自然限着{l}回合：本方{}着计{}着，对方{}着计{}着（{}）",
                                side.name_zh(),
                                status.moves,
                                status.valid_moves,
                                status.opponent_moves,
                                status.opponent_effective_moves,
                                why(Lang::Zh).join("；")
                            ),
                        )
                    })
                    .unzip();
                Words::new(en.join("\n"), zh.join("\n"))
            }
            LimitOutcome::Draw => {
                let only = self.sole_claimant();
                Words::new(
                    format!(
                        "natural limit of {l} rounds reached without a capture: draw{}",
                        only.en
                    ),
                    format!("双方在{l}回合内无吃子，符合自然限着，判和{}", only.zh),
                )
            }
            LimitOutcome::MateBeatsLimit if self.stalemate => Words::new(
                format!("natural limit of {l} rounds reached, but the last move stalemated"),
                format!("已满自然限着{l}回合，但最后一着使对方困毙，胜负优先"),
            ),
            LimitOutcome::MateBeatsLimit => Words::new(
                format!("natural limit of {l} rounds reached, but the last move mated"),
                format!("已满自然限着{l}回合，但最后一着将死对方，胜负优先"),
            ),
            LimitOutcome::RepetitionDecides => Words::new(
                format!(
                    "natural limit of {l} rounds reached, but the repetition completed by the \
                     last move decides the game"
                ),
                format!("已满自然限着{l}回合，但最后一着构成的循环重复先行裁决"),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shuffle(
        counter: &mut LimitCounter,
        plies: u32,
        mut facts: impl FnMut(u32, Color) -> PlyFacts,
    ) {
        for ply in 0..plies {
            let mover = if ply % 2 == 0 {
                Color::Red
            } else {
                Color::Black
            };
            counter.push(&facts(ply, mover));
        }
    }

    #[test]
    fn worked_example_attack_cap_thirty() {
        // §6.3: L = 60, checks capped at 10, attack cap 30 (将+杀+捉); Black gives
        // 14 checks and 25 chases in 130 plies -> 10 + 25 = 35 counted, 5 void.
        let mut c = LimitCounter::new();
        shuffle(&mut c, 130, |ply, mover| {
            let mut f = PlyFacts::quiet(mover);
            if mover == Color::Black {
                let k = ply / 2;
                f.check = k < 14;
                f.chase = (14..39).contains(&k);
            }
            f
        });
        let params = LimitParams {
            attack_cap: Some(AttackCap {
                max: 30,
                counts_checks: true,
            }),
            ..LimitParams::default()
        };
        let s = c.status(&params, ClaimMode::Claim(Color::Black));
        assert_eq!((s.black.void_checks, s.black.void_attacks), (4, 5));
        assert_eq!(s.black.valid_moves, 56);
        assert!(!s.black.can_claim);
        assert_eq!(s.outcome, LimitOutcome::Running);
        assert_eq!(s.black.deductions.len(), 3);
    }

    #[test]
    fn a_count_after_a_capture_names_the_plies_of_the_record() {
        // A capture on ply 9, then three plies.
        let mut c = LimitCounter::after_capture(9);
        shuffle(&mut c, 3, |_, mover| PlyFacts::quiet(mover));
        let s = c.status(&LimitParams::default(), ClaimMode::Automatic);
        assert_eq!((s.plies, s.since_ply, s.prior_plies), (12, 10, 0));
        assert_eq!((s.red.moves, s.black.moves), (2, 1));
    }

    #[test]
    fn plies_counted_from_the_fen_are_said_to_be() {
        let start = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 100 51").unwrap();
        let mut c = LimitCounter::resume(&start);
        shuffle(&mut c, 20, |_, mover| PlyFacts::quiet(mover));
        let s = c.status(&LimitParams::default(), ClaimMode::Automatic);
        assert_eq!(s.outcome, LimitOutcome::Draw);
        let Words { en, zh } = s.outcome_text();
        assert!(
            en.ends_with("(the count includes 100 plies before the record, from its FEN, whose checks and attacks are not known)"),
            "{en}"
        );
        assert!(zh.contains("计入棋谱之前的100着"), "{zh}");
        // A capture in the record leaves nothing of the FEN in the count.
        let mut c = LimitCounter::after_capture(1);
        shuffle(&mut c, 2, |_, mover| PlyFacts::quiet(mover));
        let s = c.status(&LimitParams::default(), ClaimMode::Automatic);
        assert!(!s.outcome_text().en.contains("FEN"));
    }

    #[test]
    fn the_limit_reached_by_a_stalemate_or_mate_says_which() {
        let params = LimitParams {
            rounds: 2,
            ..LimitParams::default()
        };
        for (check, en, zh) in [
            (false, "but the last move stalemated", "使对方困毙"),
            (true, "but the last move mated", "将死对方"),
        ] {
            let mut c = LimitCounter::new();
            shuffle(&mut c, 4, |ply, mover| PlyFacts {
                check: check && ply == 3,
                no_legal_reply: ply == 3,
                ..PlyFacts::quiet(mover)
            });
            let s = c.status(&params, ClaimMode::Automatic);
            assert_eq!(s.outcome, LimitOutcome::MateBeatsLimit);
            let Words {
                en: text_en,
                zh: text_zh,
            } = s.outcome_text();
            assert!(text_en.ends_with(en), "{text_en}");
            assert!(
                text_zh.contains(zh) && !text_zh.contains("（困毙）"),
                "{text_zh}"
            );
        }
    }

    #[test]
    fn automatic_mode_names_a_sole_claimant_and_every_side_short_of_the_limit() {
        let params = LimitParams {
            rounds: 3,
            check_cap: 1,
            ..LimitParams::default()
        };
        // Red checks twice in three moves: one void check, only Black may claim.
        let mut c = LimitCounter::new();
        shuffle(&mut c, 6, |ply, mover| PlyFacts {
            check: mover == Color::Red && ply < 4,
            ..PlyFacts::quiet(mover)
        });
        let s = c.status(&params, ClaimMode::Automatic);
        assert_eq!(s.claimable_by, vec![Color::Black]);
        assert_eq!(
            s.outcome_text().en,
            "natural limit of 3 rounds reached without a capture: draw (only black may claim)"
        );
        assert!(s.outcome_text().zh.ends_with("（仅黑方可提和）"));
        // Both sides check twice: neither may claim, and both counts are given,
        // in the singular where one move is deducted.
        let mut c = LimitCounter::new();
        shuffle(&mut c, 6, |ply, mover| PlyFacts {
            check: ply < 4,
            ..PlyFacts::quiet(mover)
        });
        let s = c.status(&params, ClaimMode::Automatic);
        assert!(s.claimable_by.is_empty());
        let Words { en, zh } = s.outcome_text();
        assert_eq!(en.lines().count(), 2, "{en}");
        assert!(
            en.contains("red's claim") && en.contains("black's claim"),
            "{en}"
        );
        assert!(en.contains("1 check beyond the cap of 1 is void"), "{en}");
        assert!(en.contains("1 reply to"), "{en}");
        assert_eq!(zh.lines().count(), 2, "{zh}");
    }

    #[test]
    fn the_running_count_says_how_far_it_has_got() {
        // An arbiter asked for a claim needs the count, not only "not reached".
        let mut c = LimitCounter::new();
        shuffle(&mut c, 109, |_, mover| PlyFacts::quiet(mover));
        let s = c.status(&LimitParams::default(), ClaimMode::Claim(Color::Red));
        assert_eq!(s.outcome, LimitOutcome::Running);
        let Words { en, zh } = s.outcome_text();
        assert_eq!(
            en,
            "natural limit of 60 rounds (120 plies) not reached: 109 plies without a capture"
        );
        assert_eq!(zh, "未满自然限着60回合（120着）：已连续109着无吃子");
        // No move yet: nothing to count.
        let s = LimitCounter::new().status(&LimitParams::default(), ClaimMode::Automatic);
        assert_eq!(
            s.outcome_text().en,
            "natural limit of 60 rounds (120 plies) not reached: 0 plies without a capture"
        );
    }

    #[test]
    fn sixteen_checks_fall_short() {
        let mut c = LimitCounter::new();
        shuffle(&mut c, 130, |ply, mover| PlyFacts {
            check: mover == Color::Black && ply < 32,
            ..PlyFacts::quiet(mover)
        });
        let s = c.status(&LimitParams::default(), ClaimMode::Claim(Color::Black));
        assert_eq!(s.black.valid_moves, 59);
        assert!(!s.black.can_claim);
        // The outcome says why 65 moves without a capture are not yet enough.
        assert_eq!(
            s.outcome_text().en,
            "natural limit of 60 rounds not reached for black's claim: 59 of its 65 moves and \
             59 of the opponent's 65 count (6 checks beyond the cap of 10 are void and deducted; \
             red's 6 replies to black's void checks are not counted)"
        );
        assert_eq!(
            s.outcome_text().zh,
            "黑方提和未满自然限着60回合：本方65着计59着，对方65着计59着\
             （将军超过10着，6着为无效着，扣除；红方应对黑方无效将军的6着不计）"
        );
        // Red gave no checks: Red's own claim holds (Black's 65 moves all count).
        assert!(s.red.can_claim);
        assert_eq!(s.claimable_by, vec![Color::Red]);
    }

    #[test]
    fn unanswered_void_check_is_not_a_deducted_reply() {
        let mut c = LimitCounter::new();
        shuffle(&mut c, 3, |_, mover| PlyFacts {
            check: mover == Color::Red,
            ..PlyFacts::quiet(mover)
        });
        let params = LimitParams {
            check_cap: 0,
            ..LimitParams::default()
        };
        let s = c.status(&params, ClaimMode::Automatic);
        assert_eq!(s.red.void_checks, 2);
        assert_eq!(s.red.opponent_replies_to_void_checks, 1);
        assert_eq!(s.red.opponent_effective_moves, 0);
    }

    #[test]
    fn caps_kept_from_a_profile_of_other_rules_are_a_reading() {
        // Red gives 10 checks and 21 chases in 60 rounds: under a cap of 30
        // on 将+杀+捉 (dqsz2017-slow, made for cxa2011) one is void and Red's
        // claim fails; under cxa2020's own caps (10 checks, no attack cap)
        // it would hold.
        let mut c = LimitCounter::new();
        shuffle(&mut c, 120, |ply, mover| PlyFacts {
            check: mover == Color::Red && ply < 20,
            chase: mover == Color::Red && (20..62).contains(&ply),
            ..PlyFacts::quiet(mover)
        });
        let kept = LimitParams {
            attack_cap: Some(AttackCap {
                max: 30,
                counts_checks: true,
            }),
            caps_of_other_rules: Some(OtherRulesCaps {
                made_for: RuleSet::Cxa2011,
                ruled_under: RuleSet::Cxa2020,
                own_check_cap: 10,
                own_attack_cap: None,
            }),
            ..LimitParams::default()
        };
        let s = c.status(&kept, ClaimMode::Claim(Color::Red));
        assert!(!s.red.reached);
        let kinds: Vec<_> = s.red.readings.iter().map(|r| r.reading).collect();
        assert_eq!(kinds, [Reading::OtherRulesCaps]);
        let Words { en, zh } = s.outcome_text();
        assert!(
            en.ends_with(
                "\nred's claim rests on a reading: the caps are those of a profile made for the \
                 cxa2011 rules, kept under cxa2020 (with cxa2020's own caps, checks at most 10 \
                 and no attack cap, it would hold)"
            ),
            "{en}"
        );
        assert!(
            zh.ends_with(
                "\n红方提和取决于一种解读：所用上限出自为cxa2011规则制定的规程，按cxa2020规则\
                 裁决时照用（若用cxa2020规则本身的上限，将军最多计10着，攻着不设上限，则提和成立）"
            ),
            "{zh}"
        );
        // Caps that give the same answer either way are no reading.
        let same = LimitParams {
            attack_cap: None,
            ..kept
        };
        assert!(
            c.status(&same, ClaimMode::Claim(Color::Red))
                .red
                .readings
                .is_empty()
        );
    }

    #[test]
    fn a_claim_resting_on_a_reading_says_so() {
        // Red checks 11 times; after ply 121 Red has made 61 moves, 60 of
        // them counted, and Black 60, 59 counted without its reply to the
        // void check: counted, Red's claim would hold.
        let mut c = LimitCounter::new();
        shuffle(&mut c, 121, |ply, mover| PlyFacts {
            check: mover == Color::Red && ply < 22,
            ..PlyFacts::quiet(mover)
        });
        let red = ClaimMode::Claim(Color::Red);
        let kinds = |s: &LimitStatus| s.red.readings.iter().map(|r| r.reading).collect::<Vec<_>>();
        let s = c.status(&LimitParams::default(), red);
        assert!(!s.red.reached);
        assert_eq!(kinds(&s), [Reading::RepliesToVoidChecks]);
        let Words { en, zh } = s.outcome_text();
        assert!(
            en.ends_with(
                "\nred's claim rests on a reading where the rule texts are silent: black's \
                 replies to red's void checks are not counted (counted, it would hold)"
            ),
            "{en}"
        );
        assert!(
            zh.ends_with(
                "\n红方提和取决于对条文未明之处的解读：黑方应对红方无效将军的着法不计（若计入，则提和成立）"
            ),
            "{zh}"
        );
        // A profile that settles it is no reading.
        let settled = LimitParams {
            replies_are_a_reading: false,
            ..LimitParams::default()
        };
        assert!(c.status(&settled, red).red.readings.is_empty());
        assert_eq!(c.status(&settled, red).outcome_text().en.lines().count(), 1);
        // A check cap no verified text gives: with no cap, Red's claim would hold.
        let cap = LimitParams {
            check_cap_is_a_reading: true,
            ..LimitParams::default()
        };
        let s = c.status(&cap, red);
        assert_eq!(kinds(&s), [Reading::RepliesToVoidChecks, Reading::CheckCap]);
        assert!(
            s.outcome_text().en.ends_with(
                "the check cap of 10 is the profile's, from no verified text of its rules \
                 (with no cap on checks, it would hold)"
            ),
            "{}",
            s.outcome_text().en
        );
        // Black's claim holds whatever the readings; under Black's claim
        // nothing is said of Red's.
        let s = c.status(&cap, ClaimMode::Claim(Color::Black));
        assert!(s.black.readings.is_empty());
        assert_eq!(s.outcome_text().en.lines().count(), 1);
        // A claim that holds only because checks are capped at all.
        let mut c = LimitCounter::new();
        shuffle(&mut c, 120, |ply, mover| PlyFacts {
            check: mover == Color::Red && ply < 6,
            ..PlyFacts::quiet(mover)
        });
        let s = c.status(&cap, red);
        assert!(s.red.reached);
        assert!(
            s.outcome_text()
                .zh
                .ends_with("（若将军一律不计，则提和不成立）"),
            "{}",
            s.outcome_text().zh
        );
    }

    #[test]
    fn a_check_that_also_chases_or_threatens_mate_counts_as_a_check_only() {
        // A move that checks is counted once, as a check, whatever else it
        // attacks: not again against a cap on 捉+杀, nor twice against one
        // on 将+杀+捉. Red's first two of four moves check and chase or
        // threaten mate.
        let mut c = LimitCounter::new();
        shuffle(&mut c, 8, |ply, mover| PlyFacts {
            check: ply < 4 && mover == Color::Red,
            chase: ply == 0,
            mate_threat: ply == 2,
            ..PlyFacts::quiet(mover)
        });
        let claim = ClaimMode::Claim(Color::Red);
        // Checks never counted, 捉+杀 at most 0 (regulation C's shape).
        let never = LimitParams {
            rounds: 2,
            check_cap: 0,
            attack_cap: Some(AttackCap {
                max: 0,
                counts_checks: false,
            }),
            ..LimitParams::default()
        };
        let s = c.status(&never, claim);
        assert_eq!((s.red.checks, s.red.attacks), (2, 0));
        assert_eq!(
            (s.red.void_checks, s.red.void_attacks, s.red.valid_moves),
            (2, 0, 2)
        );
        assert!(s.red.can_claim);
        // 将+杀+捉 at most 1, checks at most 10 (regulation A's shape): the
        // two checks are two attacking moves, one of them void.
        let shared = LimitParams {
            rounds: 3,
            attack_cap: Some(AttackCap {
                max: 1,
                counts_checks: true,
            }),
            ..LimitParams::default()
        };
        let s = c.status(&shared, claim);
        assert_eq!(
            (s.red.void_checks, s.red.void_attacks, s.red.valid_moves),
            (0, 1, 3)
        );
    }

    #[test]
    fn claim_modes_parse() {
        assert_eq!("Red".parse(), Ok(ClaimMode::Claim(Color::Red)));
        assert_eq!("black".parse(), Ok(ClaimMode::Claim(Color::Black)));
        assert_eq!("automatic".parse(), Ok(ClaimMode::Automatic));
        assert!("both".parse::<ClaimMode>().is_err());
    }

    #[test]
    fn json_has_the_contract_fields() {
        let c = LimitCounter::new();
        let j = c
            .status(&LimitParams::default(), ClaimMode::Automatic)
            .to_json();
        assert_eq!(j["limit"], 60);
        assert!(j["red"]["valid_moves"].is_u64());
        assert_eq!(j["claimable_by"], serde_json::json!([]));
        assert_eq!(j["outcome"], "running");
    }
}
