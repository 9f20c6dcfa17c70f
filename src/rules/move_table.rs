//! Consecutive moves of a record with their natures, as people read them: each
//! move's notation and reason (a mate threat's mating line, the grounds of an
//! idle move or a chase), the per-move table and the moves' JSON objects. A
//! repetition's cycle is shown this way, and so are the last moves of a record
//! that `rule --natures` asks about.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::board::attacks::between;
use crate::board::{Move, Piece, Position, Ranks, Role, Square};
use crate::notation::{Notation, render};
use crate::text;

use super::Nature;
use super::RuleSet;
use super::checks_line::{ChecksLine, line_taker, won_by_checks_line};
use super::exchange::capture_gain;
use super::explain::{NewAttack, NotBefore, describe, new_attacks, not_before, sacrificed};
use super::mate_line::{mate_line, write_line};
use super::mate_search::MateSearch;
use super::nature::{MATE_THREAT_DEPTH, MoveNature, Why, exemption, new_threats, offered_by};
use super::reason::threats_reason;
use super::ruling::Lang;
use super::threats::{Threat, ThreatKind, ThreatRules};
use super::voice::Voice;

/// One move as reported.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MoveReport {
    /// Ply number in the game (1 = the first move of the record).
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// Its nature, with what it attacks and why: shared with the referee's
    /// cache of natures, so that a ruling does not copy it.
    pub nature: Arc<MoveNature>,
}

/// Consecutive moves of a record, classified under `rules`, from `start`,
/// the position before the first.
#[derive(Copy, Clone, Debug)]
pub struct MoveRun<'a> {
    /// The position before the first move.
    pub start: &'a Position,
    /// The moves, in order, with their natures.
    pub moves: &'a [MoveReport],
    /// The rule set they were classified under.
    pub rules: RuleSet,
}

/// What one move's reason shows beyond its nature (see [`MoveRun::reasons`]).
struct Worked {
    /// The position after the move.
    after: Position,
    /// A mate threat's mating line, from the position after the move.
    line: Option<(Position, Vec<Move>)>,
    /// The grounds of an idle move or of a chase.
    grounds: Grounds,
    /// What a check or mate threat also chases: the nature's own chases
    /// (AXF counts them), or under CXA, which counts a check as a check
    /// alone and a mate threat as a mate threat alone, the chases it makes,
    /// worked out to be shown.
    also: Vec<Threat>,
    /// The squares of the pieces that attack the move's targets, one for
    /// each target (see [`takers`]).
    attackers: Vec<Square>,
}

/// The grounds a reason gives beyond the nature.
enum Grounds {
    /// An idle move's new attacks (an exchange offer's own target aside),
    /// or those of an AXF check or mate threat exempt from chasing, each
    /// with why it is no chase.
    Idle(Vec<NewAttack>),
    /// Why the captures of a chase (or of what a check or mate threat also
    /// chases) that could be played before the move were no threats then.
    Chase(Vec<NotBefore>),
    /// None.
    None,
}

/// Per move: its Chinese notation, its reasons in English and Chinese, and
/// the squares of the pieces that attack its targets.
pub(crate) struct MoveTexts {
    notations: Vec<String>,
    reasons_en: Vec<String>,
    reasons_zh: Vec<String>,
    attackers: Vec<Vec<Square>>,
}

impl<'a> MoveRun<'a> {
    /// Each move's reason in `lang`, in order; a mate threat's reason shows
    /// a mating line from the position after the move, an idle move's what
    /// it newly attacks and why that is no chase, a chase's why a capture
    /// that could be played before the move was no threat then.
    pub fn reasons(&self, lang: Lang) -> Vec<String> {
        self.reasons_with(lang.into(), &self.work_out())
    }

    /// The moves in Chinese notation, in order.
    pub fn notations(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        self.moves
            .iter()
            .map(|m| {
                let text = render(&pos, m.mv, Notation::Chinese);
                pos.play_unchecked(m.mv);
                text
            })
            .collect()
    }

    /// The notations and the reasons in both languages, worked out once.
    pub(crate) fn texts(&self) -> MoveTexts {
        let worked = self.work_out();
        MoveTexts {
            notations: self.notations(),
            reasons_en: self.reasons_with(Lang::En.into(), &worked),
            reasons_zh: self.reasons_with(Lang::Zh.into(), &worked),
            attackers: worked.into_iter().map(|w| w.attackers).collect(),
        }
    }

    /// The JSON object of move `i` (ply, move, notation, nature, targets,
    /// attackers, reasons), its texts taken from `texts`; `None` past the
    /// last move.
    pub(crate) fn move_json(&self, i: usize, texts: &MoveTexts) -> Option<Value> {
        let m = self.moves.get(i)?;
        Some(json!({
            "ply": m.ply,
            "move": m.mv.to_string(),
            "notation": texts.notations.get(i)?,
            "nature": m.nature.nature.name(),
            "targets": m.nature.targets.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            "attackers": texts.attackers.get(i)?.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            "reason": texts.reasons_en.get(i)?,
            "reason_zh": texts.reasons_zh.get(i)?,
        }))
    }

    /// The per-move table in `lang`: ply, move, notation, nature, targets, reason.
    pub fn table(&self, lang: Lang) -> String {
        self.table_in(lang, Ranks::FromZero)
    }

    /// [`MoveRun::table`] with the ranks of its moves and squares numbered
    /// in `ranks`, those of the record (1–10 for one read so).
    pub fn table_in(&self, lang: Lang, ranks: Ranks) -> String {
        let header = match lang {
            Lang::En => ["Ply", "Move", "Notation", "Nature", "Targets", "Reason"],
            Lang::Zh => ["着", "坐标", "记谱", "性质", "目标", "理由"],
        };
        let mut rows = vec![header.map(String::from)];
        let reasons = self.reasons_with(Voice::new(lang, ranks), &self.work_out());
        for ((m, notation), reason) in self.moves.iter().zip(self.notations()).zip(reasons) {
            let nature = m.nature.nature.name_in(lang);
            let targets = if m.nature.targets.is_empty() {
                "-".to_string()
            } else {
                let squares: Vec<String> = m
                    .nature
                    .targets
                    .iter()
                    .map(|sq| sq.in_ranks(ranks).to_string())
                    .collect();
                squares.join(",")
            };
            rows.push([
                m.ply.to_string(),
                m.mv.in_ranks(ranks),
                notation,
                nature.to_string(),
                targets,
                reason,
            ]);
        }
        text::table(&rows)
    }

    /// What the reasons show beyond the natures, worked out once for both
    /// languages: for each move, a mating line for a mate threat (the position
    /// after the move, the mover to move again, and the line), and the grounds
    /// of an idle move or of a chase.
    fn work_out(&self) -> Vec<Worked> {
        let mut pos = self.start.clone();
        // The searches by checks of the run's moves share what they learn.
        let mut search = MateSearch::default();
        self.moves
            .iter()
            .map(|m| {
                // Searched as the nature was: no mate takes a piece the move offers in exchange.
                let offered = offered_by(&pos, m.mv, self.rules, &mut search);
                let grounds = match &m.nature.why {
                    Why::Idle | Why::Block(..) | Why::Follow(..) => {
                        Grounds::Idle(new_attacks(&pos, m.mv, self.rules))
                    }
                    // What the offered piece could trade itself for is taken first.
                    &Why::Sacrifice((p, sq), (t, by)) => Grounds::Idle(sacrificed(
                        new_attacks(&pos, m.mv, self.rules),
                        (sq, p),
                        (by, t),
                    )),
                    // The piece offered in exchange is the offer itself, not an attack to explain.
                    Why::Exchange(..) | Why::PressedExchange(..) => {
                        let mut attacks = new_attacks(&pos, m.mv, self.rules);
                        attacks.retain(|a| !m.nature.targets.contains(&a.target.0));
                        Grounds::Idle(attacks)
                    }
                    Why::Chase | Why::ChaseAnsweringCheck => {
                        Grounds::Chase(search.offering(offered, |search| {
                            not_before(&pos, m.mv, &m.nature.chases, self.rules, search)
                        }))
                    }
                    // An AXF check or mate threat exempt from chasing (a
                    // confined rook's move along its line, the king
                    // answering check) says what it attacks, and why that
                    // is no chase, where one not exempt says what it chases.
                    Why::Check(..) | Why::MateThreat
                        if self.rules == RuleSet::Axf
                            && exemption(&pos, m.mv, self.rules).is_some() =>
                    {
                        Grounds::Idle(new_attacks(&pos, m.mv, self.rules))
                    }
                    _ => Grounds::None,
                };
                let before = pos.clone();
                pos.play_unchecked(m.mv);
                let also = if m.nature.nature == Nature::Chase {
                    Vec::new()
                } else if matches!(m.nature.nature, Nature::Check | Nature::MateThreat)
                    && self.rules.is_cxa()
                {
                    search
                        .offering(offered, |search| {
                            new_threats(&mut before.clone(), &mut pos.passed(), self.rules, search)
                        })
                        .0
                } else {
                    m.nature.chases.clone()
                };
                let grounds = if also.is_empty() {
                    grounds
                } else {
                    Grounds::Chase(search.offering(offered, |search| {
                        not_before(&before, m.mv, &also, self.rules, search)
                    }))
                };
                let line = (m.nature.nature == Nature::MateThreat)
                    .then(|| {
                        let mut ahead = pos.passed();
                        let line = mate_line(&mut ahead, MATE_THREAT_DEPTH);
                        (!line.is_empty()).then_some((ahead, line))
                    })
                    .flatten();
                Worked {
                    attackers: takers(&pos.passed(), &m.nature, self.rules),
                    after: pos.clone(),
                    line,
                    grounds,
                    also,
                }
            })
            .collect()
    }

    /// [`MoveRun::reasons`] with what they show worked out; a check
    /// or mate threat that also chases says what it chases besides (将兼捉).
    fn reasons_with(&self, voice: Voice, worked: &[Worked]) -> Vec<String> {
        self.moves
            .iter()
            .zip(worked)
            .map(|(m, worked)| {
                let reason = self.reason_with(m, voice, worked);
                if worked.also.is_empty() {
                    return reason;
                }
                let grounds = match &worked.grounds {
                    Grounds::Chase(before) => before.as_slice(),
                    _ => &[],
                };
                let at = Some((&worked.after, self.rules));
                let chases = threats_reason(&worked.also, voice, at, grounds);
                match voice.lang {
                    Lang::En => format!("{reason}; it also chases: {chases}"),
                    Lang::Zh => format!("{reason}；兼捉：{chases}"),
                }
            })
            .collect()
    }

    /// One move's reason, with what it shows worked out.
    fn reason_with(&self, m: &MoveReport, voice: Voice, worked: &Worked) -> String {
        let lang = voice.lang;
        let reason = if let Some((ahead, line)) = &worked.line {
            // The line's own length: the mover's moves in it.
            let moves = line.len().div_ceil(2);
            let shown = write_line(ahead, line, voice);
            match lang {
                Lang::En if moves == 1 => format!("threatens mate in 1 move: {shown}"),
                Lang::En => format!("threatens mate by checks in {moves} moves: {shown}"),
                Lang::Zh if moves == 1 => format!("伏{shown}"),
                Lang::Zh => format!("伏{moves}步连将杀：{shown}"),
            }
        } else {
            let grounds = match &worked.grounds {
                Grounds::Chase(before) => before.as_slice(),
                _ => &[],
            };
            let mut reason = m
                .nature
                .reason_after(voice, &worked.after, self.rules, grounds);
            if let Why::Check(checkers) = &m.nature.why {
                reason.push_str(&check_helped(&worked.after, m.mv, checkers, voice));
            }
            if m.nature.nature == Nature::Chase {
                let chases = &m.nature.chases;
                reason.push_str(&offered_too(&worked.after, m.mv, chases, self.rules, voice));
                reason.push_str(&king_or_pawn_lets_chase(
                    &worked.after,
                    m.mv,
                    &m.nature.chases,
                    self.rules,
                    voice,
                ));
            }
            reason
        };
        // The grounds of an idle move (or of an exempt check or mate
        // threat) follow the reason: after a colon in English, in brackets
        // in Chinese.
        match (&worked.grounds, lang) {
            (Grounds::Idle(attacks), Lang::En) if !attacks.is_empty() => {
                format!("{reason}: {}", describe(attacks, voice).join("; "))
            }
            (Grounds::Idle(attacks), Lang::Zh) if !attacks.is_empty() => {
                format!("{reason}（{}）", describe(attacks, voice).join("；"))
            }
            _ => reason,
        }
    }
}

/// The squares of the pieces that attack the targets of a move of nature
/// `nature` under `rules`, one for each target, in `ahead` (the position after the move,
/// its mover to move again): a chase's capturers, the piece that takes at
/// the end of the line for a piece won by checks (the first check is given
/// by [`Threat::attacker`], and shown in the reason); otherwise
/// [`MoveNature::attackers`].
fn takers(ahead: &Position, nature: &MoveNature, rules: RuleSet) -> Vec<Square> {
    if nature.nature != Nature::Chase {
        return nature.attackers.clone();
    }
    nature
        .chases
        .iter()
        .map(|t| {
            let line = match t.first_check {
                Some(check) if t.kind == ThreatKind::AfterChecks => {
                    won_by_checks_line(&mut ahead.clone(), check, t.target, ThreatRules::of(rules))
                }
                _ => ChecksLine::default(),
            };
            line_taker(ahead, line.to_capture()).map_or(t.attacker, |taker| taker.0)
        })
        .collect()
}

/// What a chase by `mv` also offers: the moved piece, when the opponent
/// (to move in `after`) can take it and win material, e.g. "; it also offers
/// black rook i1, which red rook i0 can take and win material: a sacrifice
/// that chases is judged a chase (献兼捉，从重判捉)". A reader who sees the
/// chased piece able to take the chaser for nothing learns why the move is
/// still a chase: CXA judges a move of two natures by the heavier (the
/// rulebook's reference diagrams 23 and 24, "献兼捉，从重判捉"); AXF by the
/// reading that may be forbidden. Empty when the moved piece cannot be so
/// taken, or when a threat of the chase, `chases`, counts its loss already
/// (its reason then names the piece's taker and what the loss leaves).
fn offered_too(
    after: &Position,
    mv: Move,
    chases: &[Threat],
    rules: RuleSet,
    voice: Voice,
) -> String {
    let to = mv.to();
    let counted = chases
        .iter()
        .any(|t| t.lost_elsewhere.is_some_and(|l| l.square == to));
    let Some(moved) = after.piece_at(to).filter(|_| !counted) else {
        return String::new();
    };
    let mut reply = after.clone();
    let taker = after.attackers_to(to, after.turn()).into_iter().find(|&a| {
        let take = Move::new(a, to);
        reply.is_legal(take) && capture_gain(&mut reply, take) > 0
    });
    let Some((taker, by)) = taker.and_then(|a| Some((after.piece_at(a)?, a))) else {
        return String::new();
    };
    let (offered, taker) = (voice.piece(moved, to), voice.piece(taker, by));
    match (voice.lang, rules.is_cxa()) {
        (Lang::En, true) => format!(
            "; it also offers {offered}, which {taker} can take and win material: a sacrifice \
             that chases is judged a chase (献兼捉，从重判捉)"
        ),
        (Lang::En, false) => format!(
            "; it also offers {offered}, which {taker} can take and win material: a move read \
             two ways is judged by the reading that may be forbidden, the chase"
        ),
        (Lang::Zh, true) => format!("；兼献{offered}（{taker}可吃之得子），献兼捉，从重判捉"),
        (Lang::Zh, false) => {
            format!("；兼献{offered}（{taker}可吃之得子），一着两义，按可能犯规者论，判捉")
        }
    }
}

/// Why a chase made by moving a king or a pawn counts, though these pieces
/// do not chase by themselves (CXA 26.1; AXF rules 28 and 29 let them
/// chase): other pieces make the chase. Under CXA that is a chase (26.1.1),
/// e.g. "; red king e1's move lets other pieces chase, which counts as a
/// chase (CXA 26.1.1)" (；红帅(e1)走动后他子产生新的捉，按捉，见第26.1.1条).
/// AXF has no such rule: the move threatens a capture, which is what its
/// rules call a chase, as for a pawn the appendix illustrates (a pawn move
/// that keeps a horse unprotected counts as the rook's chase). Empty
/// when the moved piece is no king or pawn, or makes every chase itself (a
/// pawn's capture that uncovers a check, CXA 26.8, says so itself).
fn king_or_pawn_lets_chase(
    after: &Position,
    mv: Move,
    chases: &[Threat],
    rules: RuleSet,
    voice: Voice,
) -> String {
    let Some(moved) = after.piece_at(mv.to()) else {
        return String::new();
    };
    let by_others = chases.iter().any(|t| t.attacker != mv.to());
    if !matches!(moved.role, Role::King | Role::Pawn) || !by_others {
        return String::new();
    }
    let pawn = moved.role == Role::Pawn;
    match (voice.lang, rules.is_cxa()) {
        (Lang::En, cxa) => {
            let why = match (cxa, pawn) {
                (true, _) => "CXA 26.1.1",
                (false, false) => "AXF: a chase is a move that threatens to capture a piece",
                (false, true) => {
                    "AXF: a chase is a move that threatens to capture a piece; its appendix \
                     counts a pawn move that keeps a horse unprotected as the rook's chase"
                }
            };
            format!(
                "; {}'s move lets other pieces chase, which counts as a chase ({why})",
                voice.piece_en(moved, mv.to())
            )
        }
        (Lang::Zh, cxa) => {
            let why = match (cxa, pawn) {
                (true, _) => "见第26.1.1条",
                (false, false) => "见亚规“捉着”之义：威胁吃子的着法",
                (false, true) => {
                    "见亚规“捉着”之义：威胁吃子的着法；亚规附录亦以兵走动使马无根为车长捉"
                }
            };
            format!(
                "；{}走动后他子产生新的捉，按捉，{why}",
                voice.piece_zh(moved, mv.to())
            )
        }
    }
}

/// What the moved piece did for a check given by other pieces only: it
/// became a checking cannon's screen ("red horse e5 as its screen",
/// 红马(e5)作炮架), or it left a checker's line or leg, a discovered check
/// ("uncovered by red horse g4", 红马(g4)让开). Empty when the moved piece
/// checks itself.
fn check_helped(after: &Position, mv: Move, checkers: &[(Piece, Square)], voice: Voice) -> String {
    if checkers.iter().any(|&(_, sq)| sq == mv.to()) {
        return String::new();
    }
    let Some(moved) = after.piece_at(mv.to()) else {
        return String::new();
    };
    let king = after.king(!moved.color);
    let screen = checkers
        .iter()
        .any(|&(p, sq)| p.role == Role::Cannon && between(sq, king).contains(mv.to()));
    match (voice.lang, screen) {
        (Lang::En, true) => format!(", {} as its screen", voice.piece_en(moved, mv.to())),
        (Lang::En, false) => format!(", uncovered by {}", voice.piece_en(moved, mv.to())),
        (Lang::Zh, true) => format!("（{}作炮架）", voice.piece_zh(moved, mv.to())),
        (Lang::Zh, false) => format!("（{}让开）", voice.piece_zh(moved, mv.to())),
    }
}
