//! The reason of a move's nature, written for people in English or Chinese
//! from the facts the classification kept ([`Why`], the threats): "red rook
//! a5 threatens black horse e5: it is unprotected" (红车(a5)捉黑马(e5)：无根).

use crate::board::attacks::horse_leg;
use crate::board::{Move, Piece, Position, Role, Square};
use crate::notation::{Notation, render};

use super::RuleSet;
use super::checks_line::{ChecksLine, line_taker, won_by_checks_line};
use super::exchange::{capture_gain, value};
use super::explain::{Freed, Lined, NotBefore, Unguarded, outnumbering, unguarded, unguarded_by};
use super::mate_line::write_moves;
use super::nature::{MATE_THREAT_DEPTH, MoveNature, Why};
use super::net_gain::{Tally, gain_words, in_pieces};
use super::ruling::Lang;
use super::threats::{
    FalseRoot, Loss, Threat, ThreatKind, ThreatRules, roots_behind_standing_check,
};
use super::voice::Voice;

impl MoveNature {
    /// Why the move has its nature, for people, e.g. "red rook a5 threatens
    /// black horse e5: it is unprotected".
    pub fn reason(&self, lang: Lang) -> String {
        self.reason_at(lang.into(), None, &[])
    }

    /// [`MoveNature::reason`], knowing `after`, the position after the
    /// move, and the rule set `rules`: a chase then shows the line that
    /// wins a piece by checks, and names its first check in Chinese notation
    /// in Chinese (in coordinates otherwise). A chase also says, with each
    /// threat, why its capture was no threat before the move, as `grounds`
    /// say ([`super::explain::not_before`]).
    pub(crate) fn reason_after(
        &self,
        voice: Voice,
        after: &Position,
        rules: RuleSet,
        grounds: &[NotBefore],
    ) -> String {
        self.reason_at(voice, Some((after, rules)), grounds)
    }

    fn reason_at(&self, voice: Voice, after: Option<At>, grounds: &[NotBefore]) -> String {
        let lang = voice.lang;
        let en = lang == Lang::En;
        match &self.why {
            Why::Check(checkers) => {
                if en {
                    let names: Vec<String> = checkers
                        .iter()
                        .map(|&(p, s)| voice.piece_en(p, s))
                        .collect();
                    format!("check by {}", and_list(&names))
                } else {
                    let names: Vec<String> = checkers
                        .iter()
                        .map(|&(p, s)| voice.piece_zh(p, s))
                        .collect();
                    format!("{}照将", names.join("、"))
                }
            }
            Why::MateThreat if en => {
                format!("threatens mate by checks within {MATE_THREAT_DEPTH} moves")
            }
            Why::MateThreat => format!("伏{MATE_THREAT_DEPTH}步内连将杀"),
            Why::Chase => self.chases_reason(voice, after, grounds),
            Why::ChaseAnsweringCheck => {
                let chases = self.chases_reason(voice, after, grounds);
                match lang {
                    Lang::En => format!(
                        "{chases}; the move answers check, so CXA 26.1.4 judges it, not 26.2: \
                         a chase, though its point keeps a mate by checks off"
                    ),
                    Lang::Zh => format!(
                        "{chases}；此着应将，按第26.1.4条论捉，虽占阻止对方连将杀的要点，不按第26.2条论闲"
                    ),
                }
            }
            &Why::Exchange((p, ours), (t, theirs)) if en => format!(
                "offers to exchange {} for {}",
                voice.piece_en(p, ours),
                voice.piece_en(t, theirs)
            ),
            &Why::Exchange((p, ours), (t, theirs)) => {
                format!("{}兑{}", voice.piece_zh(p, ours), voice.piece_zh(t, theirs))
            }
            &Why::PressedExchange((b, by), (p, ours), (t, theirs)) if en => format!(
                "{} backs the exchange of {} for {}",
                voice.piece_en(b, by),
                voice.piece_en(p, ours),
                voice.piece_en(t, theirs)
            ),
            &Why::PressedExchange((b, by), (p, ours), (t, theirs)) => format!(
                "{}助兑：{}兑{}",
                voice.piece_zh(b, by),
                voice.piece_zh(p, ours),
                voice.piece_zh(t, theirs)
            ),
            &Why::Sacrifice((p, sq), (t, by)) if en => format!(
                "offers {} to {}, which can take it and win material",
                voice.piece_en(p, sq),
                voice.piece_en(t, by)
            ),
            &Why::Sacrifice((p, sq), (t, by)) => {
                format!(
                    "献{}：{}可吃之得子",
                    voice.piece_zh(p, sq),
                    voice.piece_zh(t, by)
                )
            }
            Why::Block(p, sq, e, esq, cut) => {
                block_reason(voice, (*p, *sq), (*e, *esq), cut, after.map(|a| a.0))
            }
            &Why::Follow(p, sq, e, esq) if en => {
                format!(
                    "{} follows {}",
                    voice.piece_en(p, sq),
                    voice.piece_en(e, esq)
                )
            }
            &Why::Follow(p, sq, e, esq) => {
                format!("{}跟{}", voice.piece_zh(p, sq), voice.piece_zh(e, esq))
            }
            Why::Incidental(threats) => incidental_reason(threats, voice),
            Why::Idle if en => "no check, mate threat or new threat to win material".into(),
            Why::Idle => "无将、杀、捉".into(),
        }
    }

    /// The move's chases explained, one after another: a chase's whole
    /// reason, and for a check or mate threat that also chases (AXF), what
    /// it chases besides. With `after`, the position after the move and the
    /// rule set, a piece won by checks is shown as
    /// [`MoveNature::reason_after`] says; each threat is followed by the
    /// `grounds` on its target.
    pub(crate) fn chases_reason(
        &self,
        voice: Voice,
        after: Option<At>,
        grounds: &[NotBefore],
    ) -> String {
        threats_reason(&self.chases, voice, after, grounds)
    }
}

/// The position after a move, with the rule set it is judged under.
pub(crate) type At<'a> = (&'a Position, RuleSet);

/// Capture threats explained, one after another, as
/// [`MoveNature::chases_reason`] explains a move's chases.
pub(crate) fn threats_reason(
    threats: &[Threat],
    voice: Voice,
    after: Option<At>,
    grounds: &[NotBefore],
) -> String {
    let lang = voice.lang;
    let parts: Vec<String> = threats
        .iter()
        .map(|t| {
            let grounds: Vec<&NotBefore> =
                grounds.iter().filter(|g| g.target() == t.target).collect();
            // A price won by checks is said by its ground, not as a plain price.
            let by_checks = |l: &Loss| {
                grounds
                    .iter()
                    .any(|g| matches!(g, NotBefore::PricedByChecks(_, lost) if lost.0 == l.square))
            };
            let price = t.price_before.filter(|l| !by_checks(l));
            let before: Vec<String> = grounds.iter().map(|g| g.clause(voice)).collect();
            chase_reason(t, price, voice, after, &before)
        })
        .collect();
    parts.join(if lang == Lang::En { "; " } else { "；" })
}

/// CXA 26.2 explained: the defending side's only attacking piece, on a
/// point that keeps a mate by checks off, attacks advisors or elephants
/// incidentally, e.g. "the defending side has only one attacking piece, on
/// a point that keeps a mate by checks off, and red rook e4 attacks black
/// elephant e7 only incidentally: idle (CXA 26.2)"
/// (守和方只有一个进攻子，占据阻止对方连将杀的守和要点，红车(e4)附带捉黑象(e7)，按闲，见第26.2条).
fn incidental_reason(threats: &[Threat], voice: Voice) -> String {
    let lang = voice.lang;
    // The targets of each attacker, attackers in order of first appearance.
    let mut by: Vec<((Square, Piece), Vec<String>)> = Vec::new();
    for t in threats {
        let target = voice.piece(t.piece, t.target);
        match by.iter_mut().find(|b| b.0.0 == t.attacker) {
            Some(b) => b.1.push(target),
            None => by.push(((t.attacker, t.by), vec![target])),
        }
    }
    let attacks: Vec<String> = by
        .into_iter()
        .map(|((sq, p), targets)| match lang {
            Lang::En => format!("{} attacks {}", voice.piece_en(p, sq), and_list(&targets)),
            Lang::Zh => format!("{}附带捉{}", voice.piece_zh(p, sq), targets.join("、")),
        })
        .collect();
    match lang {
        Lang::En => format!(
            "the defending side has only one attacking piece, on a point that keeps a mate by \
             checks off, and {} only incidentally: idle (CXA 26.2)",
            and_list(&attacks)
        ),
        Lang::Zh => format!(
            "守和方只有一个进攻子，占据阻止对方连将杀的守和要点，{}，按闲，见第26.2条",
            attacks.join("，")
        ),
    }
}

/// A block (拦) explained: what the moved piece `(p, sq)` cuts the enemy
/// piece `(e, esq)` off from, e.g. "black elephant g5 blocks the way of red
/// cannon i5 to black horse c5" (黑象(g5)拦红炮(i5)：挡住其攻黑马(c5)的路线), or
/// "… to check red king e0 from e4", naming the king as the other reasons
/// name pieces (from `after`, the position after the block; without it,
/// "… to check from e4"); in Chinese, with `after`, the move it stops in
/// Chinese notation, as an arbiter writes it (挡住其炮二平六照将的路线), the
/// square otherwise (挡住其到d9照将的路线).
fn block_reason(
    voice: Voice,
    (p, sq): (Piece, Square),
    (e, esq): (Piece, Square),
    cut: &[(Square, Option<Piece>)],
    after: Option<&Position>,
) -> String {
    let lang = voice.lang;
    let pieces: Vec<String> = cut
        .iter()
        .filter_map(|&(q, ours)| Some(voice.piece(ours?, q)))
        .collect();
    if lang == Lang::En {
        let squares: Vec<String> = cut
            .iter()
            .filter(|c| c.1.is_none())
            .map(|c| voice.square(c.0).to_string())
            .collect();
        let mut ways = Vec::new();
        if !pieces.is_empty() {
            ways.push(and_list(&pieces));
        }
        if !squares.is_empty() {
            let king = after.map_or(String::new(), |a| {
                format!(
                    " {}",
                    voice.piece_en(Piece::new(p.color, Role::King), a.king(p.color))
                )
            });
            ways.push(format!("check{king} from {}", squares.join(" or ")));
        }
        let blocks = format!(
            "{} blocks the way of {}",
            voice.piece_en(p, sq),
            voice.piece_en(e, esq)
        );
        if ways.is_empty() {
            blocks
        } else {
            format!("{blocks} to {}", ways.join(" and to "))
        }
    } else {
        let mut ways = Vec::new();
        if !pieces.is_empty() {
            ways.push(format!("攻{}", pieces.join("、")));
        }
        let checks: Vec<String> = cut
            .iter()
            .filter(|c| c.1.is_none())
            .map(|c| match after {
                Some(after) => render(after, Move::new(esq, c.0), Notation::Chinese),
                None => format!("到{}", voice.square(c.0)),
            })
            .collect();
        if !checks.is_empty() {
            ways.push(format!("{}照将", checks.join("、")));
        }
        let blocks = format!("{}拦{}", voice.piece_zh(p, sq), voice.piece_zh(e, esq));
        if ways.is_empty() {
            blocks
        } else {
            format!("{blocks}：挡住其{}的路线", ways.join("和"))
        }
    }
}

/// One capture threat explained: who threatens whom, and how it wins
/// material; `price`, what taking it cost before the move, if that is to be
/// said as a price; `at`, the position after the move and the rule set, if
/// known; `before`, why its capture was no threat before the move, clause by
/// clause.
fn chase_reason(
    t: &Threat,
    price: Option<Loss>,
    voice: Voice,
    at: Option<At>,
    before: &[String],
) -> String {
    let lang = voice.lang;
    let after = at.map(|a| a.0);
    // Why each false root cannot take back (none for most threats).
    let roots = false_roots_reason(&t.false_roots, voice);
    // A pawn threatens only by a capture that uncovers a check (or by giving
    // the first of a series of checks).
    let by_pawn = t.by.role == Role::Pawn && t.kind != ThreatKind::AfterChecks;
    // A rook held by a horse (AXF rule 19): the horse, when the position is known.
    let holder = after
        .filter(|_| t.kind == ThreatKind::HeldRook)
        .and_then(|after| {
            let king = after.king(t.piece.color);
            after
                .pieces(t.by.color, Role::Horse)
                .into_iter()
                .find(|&h| horse_leg(h, king) == Some(t.target))
                .map(|h| (h, Piece::new(t.by.color, Role::Horse)))
        });
    // An outnumbered piece: its attackers and defenders, when the position is known.
    let count = after
        .filter(|_| t.kind == ThreatKind::Outnumbered)
        .and_then(|after| outnumbering(&after.passed(), Move::new(t.attacker, t.target)));
    // Pieces in words, in the order they take, those lined up behind others
    // marked so that a list does not read as all of it lined up: in English
    // "black rook a1, then black cannon a8 lined up behind"; in Chinese
    // 黑车(a1)、在后的黑炮(a8).
    let names = |pieces: &Lined| -> String {
        let names: Vec<String> = pieces
            .iter()
            .map(|&(s, p, direct)| match (lang, direct) {
                (Lang::Zh, true) => voice.piece_zh(p, s),
                (Lang::Zh, false) => format!("在后的{}", voice.piece_zh(p, s)),
                (Lang::En, true) => voice.piece_en(p, s),
                (Lang::En, false) => format!("{} lined up behind", voice.piece_en(p, s)),
            })
            .collect();
        match lang {
            Lang::Zh => names.join("、"),
            // "then" tells the order, which "and" would not.
            Lang::En if pieces.iter().all(|p| p.2) => and_list(&names),
            Lang::En => names.join(", then "),
        }
    };
    // The comma that closes "…, then … lined up behind" before the words that follow.
    let closed = |pieces: &Lined| {
        let listed = pieces.len() > 1 && pieces.iter().any(|p| !p.2);
        if listed { "," } else { "" }
    };
    // A piece won by checks: the line that wins it, when the position is known.
    let line = match (t.kind, t.first_check, at) {
        (ThreatKind::AfterChecks, Some(check), Some((after, rules))) => {
            let mut ahead = after.passed();
            let line = won_by_checks_line(&mut ahead, check, t.target, ThreatRules::of(rules));
            (!line.moves.is_empty()).then_some((ahead, line))
        }
        _ => None,
    };
    // The piece that takes: for a piece won by checks, the one that takes at
    // the end of the line, the first check said besides when another gives it.
    let taker = line
        .as_ref()
        .and_then(|(ahead, line)| line_taker(ahead, line.to_capture()))
        .unwrap_or((t.attacker, t.by));
    let first_checker = (taker.0 != t.attacker).then(|| voice.piece(t.by, t.attacker));
    // An even exchange that takes away a defender: what it takes away.
    let unguarded = after
        .filter(|_| t.kind == ThreatKind::RemovesDefender)
        .and_then(|after| unguarded(&after.passed(), t));
    // What is won and given, in pieces, when the position is known.
    // The opponent's capture elsewhere after the line, when the gain counts it.
    let mut then_taken = None;
    // A piece lost elsewhere for less than its worth (the ruling's price).
    let mut partly = None;
    // Defenders that take back once the check the opponent stands in is answered.
    let mut held = Vec::new();
    let tally = match (&line, &unguarded, after) {
        (Some((ahead, line)), _, _) => {
            let mut ahead = ahead.clone();
            let tally = Tally::of_line(&mut ahead, &line.moves);
            // Unless the line accounts for the gain, what is lost elsewhere
            // after it, taken instead of taking back on its last square.
            Some(if tally.net() == t.gain {
                tally
            } else {
                let (lost, capture) = Tally::elsewhere(&mut ahead, &line.moves);
                then_taken = capture.and_then(|c| taken_after(&ahead, &line.moves, c, voice));
                Tally::of_captures(&mut ahead, &line.moves).and(lost)
            })
        }
        (None, Some(u), _) => Some(u.tally.clone()),
        (None, None, Some(after)) if t.kind != ThreatKind::AfterChecks => {
            let mut ahead = after.passed();
            let capture = Move::new(t.attacker, t.target);
            // A piece lost elsewhere is taken instead of taking back.
            let mut tally = if t.lost_elsewhere.is_some() {
                Tally::of_captures(&mut ahead, &[capture])
            } else {
                Tally::of_line(&mut ahead, &[capture])
            };
            // A defender held only by the check the opponent stands in takes
            // back once it is answered: the capturer counts as given.
            if !in_pieces(&tally, t.gain) && t.kind != ThreatKind::Unprotected {
                held = roots_behind_standing_check(&mut ahead, capture);
                if !held.is_empty() {
                    tally.give(t.by, value(t.by, t.target));
                }
            }
            match t.lost_elsewhere {
                Some(l) if l.value == value(l.piece, l.square) => tally.give(l.piece, l.value),
                // A piece lost elsewhere for part of its worth: said apart.
                Some(l) => partly = Some(l),
                None => {}
            }
            Some(tally)
        }
        _ => None,
    };
    let tally = tally.unwrap_or_default();
    let (mut gain, exact) = (gain_words(&tally, t.gain, lang), in_pieces(&tally, t.gain));
    // Pieces that come from a capture the line does not show: that capture said.
    if let Some(taken) = then_taken.filter(|_| exact) {
        gain = match lang {
            Lang::En => format!("{gain}, counting the exchange after {taken}"),
            Lang::Zh => format!("{gain}，计入其后{taken}的交换"),
        };
    }
    // A line whose capture wins through an even exchange that takes away a
    // defender: the piece then won, and the defenders taken away.
    let exchanged = line
        .as_ref()
        .filter(|(_, line)| line.after > 0)
        .and_then(|(ahead, line)| exchange_at_end(ahead, line, voice));
    // The gain as a worth, with the pieces traded and the price that lowers it.
    let mut traded = false;
    if let Some(l) = partly.filter(|_| !exact && in_pieces(&tally, tally.net())) {
        let capture = Move::new(t.attacker, t.target);
        let taken = after
            .and_then(|after| price_taker(&after.passed(), capture, l.square))
            .and_then(|reply| taken_after(&after?.passed(), &[capture], reply, voice));
        if let Some(taken) = taken {
            traded = true;
            let pieces = gain_words(&tally, tally.net(), lang);
            gain = match lang {
                Lang::En => format!(
                    "{pieces}, but then {taken} and the exchange there wins back material worth \
                     {}: {gain}",
                    crossed_pawns(l.value)
                ),
                Lang::Zh => format!(
                    "{pieces}，但其后{taken}，交换后对方得回相当于{}个过河兵的子力，{gain}",
                    l.value
                ),
            };
        }
    }
    if exact && !held.is_empty() {
        let held: Vec<String> = held.iter().map(|&(s, p)| voice.piece(p, s)).collect();
        gain = match lang {
            Lang::En => format!(
                "{gain}: {} takes back once the check is answered",
                and_list(&held)
            ),
            Lang::Zh => format!("{gain}，{}应将后可反吃", held.join("、")),
        };
    }
    let line = line.map(|(ahead, line)| write_moves(&ahead, &line.moves, voice));
    // The exchange and the capture after it, shown as a line.
    let exchange = match (&unguarded, after) {
        (Some(u), Some(after)) => match lang {
            Lang::En => format!(": {}", write_moves(&after.passed(), &u.line, voice)),
            Lang::Zh => format!("：{}", write_moves(&after.passed(), &u.line, voice)),
        },
        _ => String::new(),
    };
    let won_after = t.won_after.map(|(s, p)| voice.piece(p, s));
    // What the exchange does for the capture after it, in words.
    let freed = unguarded
        .as_ref()
        .zip(won_after.as_deref())
        .map(|(u, won)| freed_clause(u, won, voice));
    if lang == Lang::En {
        let why = match t.kind {
            ThreatKind::Unprotected if t.false_roots.is_empty() => "it is unprotected".to_string(),
            ThreatKind::Unprotected => {
                if let [_] = t.false_roots.as_slice() {
                    format!("its only defender {}", roots.join(""))
                } else {
                    // In brackets: the clauses that follow are the threat's, not the roots'.
                    format!("none of its defenders can take back ({})", roots.join("; "))
                }
            }
            ThreatKind::RookByLesser => {
                format!("a rook won for a lesser piece (net gain: {gain})")
            }
            ThreatKind::Outnumbered => match &count {
                Some(count) => format!(
                    "more attackers than defenders ({}{} against {}{}): the full exchange wins \
                     material (net gain: {gain})",
                    names(&count.attackers),
                    closed(&count.attackers),
                    names(&count.defenders),
                    false_roots_reason(&count.false_roots, voice)
                        .iter()
                        .map(|r| format!("; {r}"))
                        .collect::<String>(),
                ),
                None => format!(
                    "more attackers than defenders: the full exchange wins material (net gain: \
                     {gain})"
                ),
            },
            ThreatKind::HeldRook => match holder {
                Some((h, horse)) => format!(
                    "the rook stands on the leg of {} and cannot move: the horse would check \
                     (AXF rule 19)",
                    voice.piece_en(horse, h)
                ),
                None => {
                    "the rook cannot move: an enemy horse would check (AXF rule 19)".to_string()
                }
            },
            ThreatKind::Cheaper => format!("the exchange wins material (net gain: {gain})"),
            ThreatKind::RemovesDefender => match freed {
                Some(freed) => format!("the even exchange {freed} (net gain: {gain}){exchange}"),
                None => format!(
                    "the even exchange is followed by a capture that wins material \
                     (net gain: {gain}){exchange}"
                ),
            },
            ThreatKind::AfterChecks => {
                let checks = first_checker.map_or("won by checks".to_string(), |c| {
                    format!("won by checks, the first by {c}")
                });
                match (line, exchanged) {
                    (Some(line), Some(freed)) => format!(
                        "{checks}, then a capture whose exchange {freed} (net gain: {gain}): \
                         {line}"
                    ),
                    (Some(line), None) => {
                        format!("{checks}, then a capture (net gain: {gain}): {line}")
                    }
                    (None, _) => format!(
                        "its check {}starts a series of checks after which the piece is \
                         captured (net gain: {gain})",
                        t.first_check
                            .map_or(String::new(), |m| format!("{} ", voice.coordinates(m))),
                    ),
                }
            }
        };
        let price = price.map_or(String::new(), |l| {
            format!(
                "; before this move, taking it cost {}: the move raises the gain",
                voice.piece_en(l.piece, l.square)
            )
        });
        let pawn = if by_pawn {
            "; taking it uncovers a check by another piece (CXA 26.8)"
        } else {
            ""
        };
        let before: String = before.iter().map(|c| format!("; {c}")).collect();
        format!(
            "{} threatens {}: {why}{pawn}{price}{before}",
            voice.piece_en(taker.1, taker.0),
            voice.piece_en(t.piece, t.target)
        )
    } else {
        let why = match t.kind {
            ThreatKind::Unprotected if t.false_roots.is_empty() => "无根".to_string(),
            ThreatKind::Unprotected => format!("假根：{}", roots.join("，")),
            // A trade in pieces says it all: 以马换车.
            ThreatKind::RookByLesser if exact || traded => gain,
            ThreatKind::RookByLesser => format!("以小换车，{gain}"),
            ThreatKind::Outnumbered => match &count {
                Some(count) => format!(
                    "少根子：{}攻，仅{}保护{}，联合捉，完整交换后{gain}",
                    names(&count.attackers),
                    names(&count.defenders),
                    match false_roots_reason(&count.false_roots, voice).as_slice() {
                        [] => String::new(),
                        roots => format!("，{}，为假根", roots.join("，")),
                    }
                ),
                None => format!("少根子，联合捉，完整交换后{gain}"),
            },
            ThreatKind::HeldRook => match holder {
                Some((h, horse)) => {
                    format!(
                        "车别住{}的马腿，走开则被照将，见亚规19条",
                        voice.piece_zh(horse, h)
                    )
                }
                None => "车别住马腿，走开则被马照将，见亚规19条".to_string(),
            },
            ThreatKind::Cheaper => format!("交换后得子，{gain}"),
            ThreatKind::RemovesDefender => match (freed, unguarded.as_ref().map(|u| &u.freed)) {
                (Some(freed), Some(Freed::Removed(_))) => {
                    format!("兑子去根，{freed}，{gain}{exchange}")
                }
                (Some(freed), Some(Freed::Cleared(_))) => {
                    format!("兑子让路，{freed}，{gain}{exchange}")
                }
                (Some(freed), _) => format!("{freed}，{gain}{exchange}"),
                (None, _) => format!("兑子后再吃子，{gain}{exchange}"),
            },
            ThreatKind::AfterChecks => {
                let checks = first_checker.map_or("连将后吃子".to_string(), |c| {
                    format!("先由{c}照将，连将后吃子")
                });
                match (line, t.first_check, after) {
                    (Some(line), _, _) => match exchanged {
                        Some(freed) => format!("{checks}，{freed}，{gain}：{line}"),
                        None => format!("{checks}，{gain}：{line}"),
                    },
                    // The mover checks first: it moves again after its move.
                    (None, Some(check), Some(after)) => format!(
                        "先{}照将，连续照将后吃子，{gain}",
                        render(&after.passed(), check, Notation::Chinese)
                    ),
                    (None, Some(check), None) => {
                        format!(
                            "先以{}照将，连续照将后吃子，{gain}",
                            voice.coordinates(check)
                        )
                    }
                    (None, None, _) => format!("连续照将后吃子，{gain}"),
                }
            }
        };
        let price = price.map_or(String::new(), |l| {
            format!(
                "；此着前吃之须失{}，此着后所得更多",
                voice.piece_zh(l.piece, l.square)
            )
        });
        let pawn = if by_pawn {
            "；兵(卒)吃子时产生其他子将军，按捉，见第26.8条"
        } else {
            ""
        };
        let before: String = before.iter().map(|c| format!("；{c}")).collect();
        format!(
            "{}捉{}（{why}{pawn}{price}{before}）",
            voice.piece_zh(taker.1, taker.0),
            voice.piece_zh(t.piece, t.target)
        )
    }
}

/// For a line of checks whose capture wins through an even exchange that
/// takes away a defender (`line.after` moves follow it), played from `pos`:
/// the piece then won and the defenders the exchange takes away from it, in
/// words. None when the line shows no such exchange.
fn exchange_at_end(pos: &Position, line: &ChecksLine, voice: Voice) -> Option<String> {
    let (&capture, before) = line.to_capture().split_last()?;
    let won = line.moves.last()?.to();
    let mut at = pos.clone();
    for &mv in before {
        at.play_unchecked(mv);
    }
    let piece = at.piece_at(won).filter(|p| p.color != at.turn())?;
    let u = unguarded_by(&at, capture, won)?;
    Some(freed_clause(&u, &voice.piece(piece, won), voice))
}

/// What the even exchange `u` does for the capture after it of `won` (the
/// piece in words), as a clause: in English one that follows "the even
/// exchange", e.g. "takes away the protection of black horse c5 by black
/// rook c9, and black horse c5 is then won"; in Chinese, e.g.
/// 兑后黑马(c5)失去黑车(c9)的保护，再吃之.
fn freed_clause(u: &Unguarded, won: &str, voice: Voice) -> String {
    let lang = voice.lang;
    let name = |(s, p): (Square, Piece)| voice.piece(p, s);
    let taker = name(u.taker);
    match (&u.freed, lang) {
        (Freed::Removed(removed), Lang::En) => {
            let removed: Vec<String> = removed.iter().map(|&r| name(r)).collect();
            format!(
                "takes away the protection of {won} by {}, and {won} is then won",
                and_list(&removed)
            )
        }
        (Freed::Removed(removed), Lang::Zh) => {
            let removed: Vec<String> = removed.iter().map(|&r| name(r)).collect();
            format!("兑后{won}失去{}的保护，再吃之", removed.join("、"))
        }
        (&Freed::Cleared(blocker), Lang::En) => format!(
            "takes {} out of the way of {taker} to {won}, which is then won",
            name(blocker)
        ),
        (&Freed::Cleared(blocker), Lang::Zh) => {
            format!("兑后{}让开，{taker}再吃{won}", name(blocker))
        }
        (Freed::NotWinning, Lang::En) => {
            format!("lets {taker} win {won}, which taking it did not before the exchange")
        }
        (Freed::NotWinning, Lang::Zh) => format!("兑后{taker}再吃{won}得子，兑前吃之不得子"),
        (Freed::NotLegal, Lang::En) => {
            format!("lets {taker} take {won}, which it could not before the exchange")
        }
        (Freed::NotLegal, Lang::Zh) => format!("兑后{taker}可吃{won}，兑前不能吃"),
    }
}

/// The capture `capture`, played after `line` from `pos`, in words: "black
/// pawn e3 takes red elephant e2" (黑卒(e3)吃红相(e2)).
fn taken_after(pos: &Position, line: &[Move], capture: Move, voice: Voice) -> Option<String> {
    let lang = voice.lang;
    let mut after = pos.clone();
    for &mv in line {
        after.play_unchecked(mv);
    }
    let (by, taken) = (
        after.piece_at(capture.from())?,
        after.piece_at(capture.to())?,
    );
    let (by, taken) = (
        voice.piece(by, capture.from()),
        voice.piece(taken, capture.to()),
    );
    Some(match lang {
        Lang::En => format!("{by} takes {taken}"),
        Lang::Zh => format!("{by}吃{taken}"),
    })
}

/// What stops a defender from taking back, as its clause says it.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Stop {
    /// The capture checks, and taking back would not answer that check.
    InCheck,
    /// Taking back would leave the two kings facing each other (flying general).
    Kings,
    /// The defender is the king, and taking back would step into check.
    KingAttacked,
    /// Taking back would let an enemy horse check: the defender blocks its leg.
    HorseLeg,
    /// The defender is pinned against its king by a rook or cannon.
    Pinned,
    /// Taking back would let the capturer's side force mate by checks.
    Mated,
}

impl Stop {
    fn of(root: &FalseRoot) -> Stop {
        let by =
            |role| !root.exposed_to.is_empty() && root.exposed_to.iter().all(|e| e.1.role == role);
        if root.mated {
            Stop::Mated
        } else if root.in_check {
            Stop::InCheck
        } else if by(Role::King) {
            Stop::Kings
        } else if root.piece.role == Role::King {
            Stop::KingAttacked
        } else if by(Role::Horse) {
            Stop::HorseLeg
        } else {
            Stop::Pinned
        }
    }
}

/// Why the defenders cannot take back, one clause for the defenders stopped
/// alike: "black advisor e8 is pinned by red cannon e2" (黑士(e8)被红炮(e2)
/// 牵制); for a king, "black king e9 would be in check from red horse f7"
/// (黑将(e9)反吃则被红马(f7)照将); "red horse e1 cannot take back: the kings
/// would face each other" (红马(e1)反吃则帅将照面); "black cannon f8 cannot
/// take back: red horse g8 would check" (the cannon blocks the horse's leg:
/// 黑炮(f8)反吃则被红马(g8)照将); after a capture with check, "red rook d1
/// cannot take back: it would not answer the check from black rook h0"
/// (红车(d1)反吃不能应黑车(h0)的将). Several defenders share a clause ("red
/// rook d1 and red horse c2 would not answer the check from black rook h0",
/// 红车(d1)、红马(c2)反吃均不能应黑车(h0)的将).
fn false_roots_reason(roots: &[FalseRoot], voice: Voice) -> Vec<String> {
    let lang = voice.lang;
    let name = |p: Piece, s: Square| voice.piece(p, s);
    // Defenders stopped alike, in order of first appearance.
    let mut groups: Vec<(&FalseRoot, Vec<String>)> = Vec::new();
    for root in roots {
        let defender = name(root.piece, root.square);
        let alike = |g: &&mut (&FalseRoot, Vec<String>)| {
            Stop::of(g.0) == Stop::of(root) && g.0.exposed_to == root.exposed_to
        };
        match groups.iter_mut().find(alike) {
            Some(group) => group.1.push(defender),
            None => groups.push((root, vec![defender])),
        }
    }
    let alone = roots.len() == 1;
    groups
        .into_iter()
        .map(|(root, defenders)| {
            let by: Vec<String> = root.exposed_to.iter().map(|&(s, p)| name(p, s)).collect();
            let several = defenders.len() > 1;
            match lang {
                Lang::En => {
                    let (by, defenders) = (and_list(&by), and_list(&defenders));
                    match Stop::of(root) {
                        Stop::InCheck if alone => format!(
                            "{defenders} cannot take back: it would not answer the check from {by}"
                        ),
                        Stop::InCheck => {
                            format!("{defenders} would not answer the check from {by}")
                        }
                        Stop::Kings => {
                            format!("{defenders} cannot take back: the kings would face each other")
                        }
                        Stop::KingAttacked => format!("{defenders} would be in check from {by}"),
                        Stop::HorseLeg => format!("{defenders} cannot take back: {by} would check"),
                        Stop::Pinned if several => format!("{defenders} are pinned by {by}"),
                        Stop::Pinned => format!("{defenders} is pinned by {by}"),
                        Stop::Mated => {
                            format!("{defenders} cannot take back: that would allow mate")
                        }
                    }
                }
                Lang::Zh => {
                    let (by, defenders) = (by.join("、"), defenders.join("、"));
                    let all = if several { "均" } else { "" };
                    match Stop::of(root) {
                        Stop::InCheck => format!("{defenders}反吃{all}不能应{by}的将"),
                        Stop::Kings => format!("{defenders}反吃则帅将照面"),
                        Stop::KingAttacked | Stop::HorseLeg => {
                            format!("{defenders}反吃则{all}被{by}照将")
                        }
                        Stop::Pinned => format!("{defenders}{all}被{by}牵制"),
                        Stop::Mated => {
                            let then = if several { "均" } else { "则" };
                            format!("{defenders}反吃{then}被将死")
                        }
                    }
                }
            }
        })
        .collect()
}

/// After the capture `capture` of the side to move in `pos`, the
/// opponent's capture on `square` that wins most: the price a ruling counts
/// for a piece left hanging there.
fn price_taker(pos: &Position, capture: Move, square: Square) -> Option<Move> {
    let mut after = pos.clone();
    after.play_unchecked(capture);
    let mut best: Option<(i32, Move)> = None;
    for reply in after.legal_captures() {
        if reply.to() != square {
            continue;
        }
        let gain = capture_gain(&mut after, reply);
        if best.is_none_or(|b| gain > b.0) {
            best = Some((gain, reply));
        }
    }
    best.map(|b| b.1)
}

/// A count of crossed pawns in English: "a crossed pawn", "2 crossed pawns".
fn crossed_pawns(n: i32) -> String {
    match n {
        1 => "a crossed pawn".to_string(),
        n => format!("{n} crossed pawns"),
    }
}

/// Items in English: "a", "a and b", "a, b and c".
pub(crate) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
