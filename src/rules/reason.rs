//! The reason of a move's nature, written for people in English or Chinese
//! from the facts the classification kept ([`Why`], the threats): "red rook
//! a5 threatens black horse e5: it is unprotected" (红车(a5)捉黑马(e5)：无根).

use crate::board::{Piece, Position, Role, Square};
use crate::notation::{Notation, render};

use super::nature::{MATE_THREAT_DEPTH, MoveNature, Why};
use super::ruling::Lang;
use super::threats::{FalseRoot, Threat, ThreatKind};

impl MoveNature {
    /// Why the move has its nature, for people, e.g. "red rook a5 threatens
    /// black horse e5: it is unprotected".
    pub fn reason(&self, lang: Lang) -> String {
        self.reason_at(lang, None)
    }

    /// [`MoveNature::reason`], knowing `after`, the position after the
    /// move: a chase after checks then names its first check in Chinese
    /// notation in Chinese (in coordinates otherwise).
    pub(crate) fn reason_after(&self, lang: Lang, after: &Position) -> String {
        self.reason_at(lang, Some(after))
    }

    fn reason_at(&self, lang: Lang, after: Option<&Position>) -> String {
        let en = lang == Lang::En;
        match &self.why {
            Why::Check(checkers) => {
                if en {
                    let names: Vec<String> =
                        checkers.iter().map(|&(p, s)| piece_en(p, s)).collect();
                    format!("check by {}", names.join(" and "))
                } else {
                    let names: Vec<String> =
                        checkers.iter().map(|&(p, s)| piece_zh(p, s)).collect();
                    format!("{}照将", names.join("、"))
                }
            }
            Why::MateThreat if en => {
                format!("threatens mate by checks within {MATE_THREAT_DEPTH} moves")
            }
            Why::MateThreat => format!("伏{MATE_THREAT_DEPTH}步内连将杀"),
            Why::Chase => self.chases_reason(lang, after),
            &Why::Exchange((p, ours), (t, theirs)) if en => format!(
                "offers to exchange {} for {}",
                piece_en(p, ours),
                piece_en(t, theirs)
            ),
            &Why::Exchange((p, ours), (t, theirs)) => {
                format!("{}兑{}", piece_zh(p, ours), piece_zh(t, theirs))
            }
            &Why::PressedExchange((b, by), (p, ours), (t, theirs)) if en => format!(
                "{} backs the exchange of {} for {}",
                piece_en(b, by),
                piece_en(p, ours),
                piece_en(t, theirs)
            ),
            &Why::PressedExchange((b, by), (p, ours), (t, theirs)) => format!(
                "{}助兑：{}兑{}",
                piece_zh(b, by),
                piece_zh(p, ours),
                piece_zh(t, theirs)
            ),
            &Why::Sacrifice(p, sq) if en => format!("offers {} to capture", piece_en(p, sq)),
            &Why::Sacrifice(p, sq) => format!("献{}", piece_zh(p, sq)),
            &Why::Block(p, sq, e, esq) if en => {
                format!("{} blocks the way of {}", piece_en(p, sq), piece_en(e, esq))
            }
            &Why::Block(p, sq, e, esq) => format!("{}拦{}", piece_zh(p, sq), piece_zh(e, esq)),
            &Why::Follow(p, sq, e, esq) if en => {
                format!("{} follows {}", piece_en(p, sq), piece_en(e, esq))
            }
            &Why::Follow(p, sq, e, esq) => format!("{}跟{}", piece_zh(p, sq), piece_zh(e, esq)),
            Why::Incidental(threats) if en => {
                let targets: Vec<String> = threats
                    .iter()
                    .map(|t| piece_en(t.piece, t.target))
                    .collect();
                format!(
                    "the defending side's only attacking piece attacks {} incidentally: idle (CXA 26.2)",
                    targets.join(" and ")
                )
            }
            Why::Incidental(threats) => {
                let targets: Vec<String> = threats
                    .iter()
                    .map(|t| piece_zh(t.piece, t.target))
                    .collect();
                format!(
                    "守和方只有一个进攻子，附带捉{}，按闲（26.2）",
                    targets.join("、")
                )
            }
            Why::Idle if en => "no check, mate threat or new threat to win material".into(),
            Why::Idle => "无将、杀、捉".into(),
        }
    }

    /// The move's chases explained, one after another: a chase's whole
    /// reason, and for a check or mate threat that also chases (AXF), what
    /// it chases besides. With `after`, the position after the move, a
    /// first check is written as [`MoveNature::reason_after`] says.
    pub(crate) fn chases_reason(&self, lang: Lang, after: Option<&Position>) -> String {
        let parts: Vec<String> = self
            .chases
            .iter()
            .map(|t| chase_reason(t, lang, after))
            .collect();
        parts.join(if lang == Lang::En { "; " } else { "；" })
    }
}

/// One capture threat explained: who threatens whom, and how it wins
/// material; `after` is the position after the move, if known.
fn chase_reason(t: &Threat, lang: Lang, after: Option<&Position>) -> String {
    // Why each false root cannot take back (none for most threats).
    let roots: Vec<String> = t
        .false_roots
        .iter()
        .map(|r| false_root_reason(r, lang))
        .collect();
    // A pawn threatens only by a capture that uncovers a check (or by giving
    // the first of a series of checks).
    let by_pawn = t.by.role == Role::Pawn && t.kind != ThreatKind::AfterChecks;
    if lang == Lang::En {
        let why = match t.kind {
            ThreatKind::Unprotected if t.false_roots.is_empty() => "it is unprotected".to_string(),
            ThreatKind::Unprotected => {
                if let [root] = roots.as_slice() {
                    format!("its only defender {root}")
                } else {
                    format!("none of its defenders can take back: {}", roots.join("; "))
                }
            }
            ThreatKind::RookByLesser => {
                format!("a rook won for a lesser piece (net +{})", t.gain)
            }
            ThreatKind::Outnumbered => format!(
                "more attackers than defenders: the full exchange wins material (net +{})",
                t.gain
            ),
            ThreatKind::HeldRook => {
                "the rook cannot move: an enemy horse would check (AXF rule 19)".to_string()
            }
            ThreatKind::Cheaper => format!("the exchange wins material (net +{})", t.gain),
            ThreatKind::RemovesDefender => format!(
                "the even exchange takes away a defender and wins {} after it (net +{})",
                t.won_after
                    .map_or("material".to_string(), |(s, p)| piece_en(p, s)),
                t.gain
            ),
            ThreatKind::AfterChecks => format!(
                "its check {}starts a series of checks after which the piece is captured (net +{})",
                t.first_check.map_or(String::new(), |m| format!("{m} ")),
                t.gain
            ),
        };
        let price = t.price_before.map_or(String::new(), |l| {
            format!(
                "; before this move, taking it cost {}",
                piece_en(l.piece, l.square)
            )
        });
        let pawn = if by_pawn {
            "; taking it uncovers a check by another piece (CXA 26.8)"
        } else {
            ""
        };
        format!(
            "{} threatens {}: {why}{pawn}{price}",
            piece_en(t.by, t.attacker),
            piece_en(t.piece, t.target)
        )
    } else {
        let why = match t.kind {
            ThreatKind::Unprotected if t.false_roots.is_empty() => "无根".to_string(),
            ThreatKind::Unprotected => format!("假根：{}", roots.join("，")),
            ThreatKind::RookByLesser => "以小换车".to_string(),
            ThreatKind::Outnumbered => "少根子，联合捉，完整交换后得子".to_string(),
            ThreatKind::HeldRook => "车被马别住不能动".to_string(),
            ThreatKind::Cheaper => "交换后得子".to_string(),
            ThreatKind::RemovesDefender => format!(
                "兑子去根，完整交换后得{}",
                t.won_after
                    .map_or("子".to_string(), |(s, p)| piece_zh(p, s))
            ),
            ThreatKind::AfterChecks => match (t.first_check, after) {
                // The mover checks first: it moves again after its move.
                (Some(check), Some(after)) => format!(
                    "先{}照将，连续照将后吃子",
                    render(&after.passed(), check, Notation::Chinese)
                ),
                (Some(check), None) => format!("先照将（{check}），连续照将后吃子"),
                (None, _) => "连续照将后吃子".to_string(),
            },
        };
        let price = t.price_before.map_or(String::new(), |l| {
            format!("；此着前吃之须失{}", piece_zh(l.piece, l.square))
        });
        let pawn = if by_pawn {
            "；兵(卒)吃子时产生其他子将军，依26.8条按捉"
        } else {
            ""
        };
        format!(
            "{}捉{}（{why}{pawn}{price}）",
            piece_zh(t.by, t.attacker),
            piece_zh(t.piece, t.target)
        )
    }
}

/// Why a defender cannot take back, e.g. "black advisor e8 is pinned by red
/// cannon e2" (黑士(e8)被红炮(e2)牵制), for a king "black king e9 would be in
/// check from red horse f7", or after a capture with check, that taking back
/// would not answer it.
fn false_root_reason(root: &FalseRoot, lang: Lang) -> String {
    let name = |p: Piece, s: Square| piece_in(lang, p, s);
    let by: Vec<String> = root.exposed_to.iter().map(|&(s, p)| name(p, s)).collect();
    let defender = name(root.piece, root.square);
    let king = root.piece.role == Role::King;
    match lang {
        Lang::En => {
            let by = by.join(" and ");
            if root.in_check {
                format!("{defender} cannot take back: it would not answer the check from {by}")
            } else if king {
                format!("{defender} would be in check from {by}")
            } else {
                format!("{defender} is pinned by {by}")
            }
        }
        Lang::Zh => {
            let by = by.join("、");
            if root.in_check {
                format!("{defender}反吃不能应{by}的将")
            } else if king {
                format!("{defender}反吃则被{by}照将")
            } else {
                format!("{defender}被{by}牵制")
            }
        }
    }
}

/// Names a piece on a square, e.g. "black horse c7".
pub(crate) fn piece_en(piece: Piece, sq: Square) -> String {
    format!("{} {} {sq}", piece.color, piece.role.name())
}

/// Names a piece on a square in Chinese, e.g. "黑马(c7)".
pub(crate) fn piece_zh(piece: Piece, sq: Square) -> String {
    format!("{}{}({sq})", piece.color.name_zh(), piece.chinese())
}

/// Names a piece on a square in `lang`: [`piece_en`] or [`piece_zh`].
pub(crate) fn piece_in(lang: Lang, piece: Piece, sq: Square) -> String {
    match lang {
        Lang::En => piece_en(piece, sq),
        Lang::Zh => piece_zh(piece, sq),
    }
}
