//! Judging one game: replay it through the referee under a profile and turn
//! what the rules say, next to what the record says, into an audit row.
//!
//! No rule is decided here: the referee rules on every position (mate,
//! stalemate, repetitions, the natural limit) and the profile says which
//! early ends are forbidden. This module only compares and words.

use crate::board::{Color, Position, Ranks};
use crate::notation::Ending;
use crate::record::{Game, wrong_side_to_move};
use crate::referee::Referee;
use crate::rules::Voice;
use crate::rules::profile::{EarlyEnd, Profile};
use crate::rules::repetition::CycleOutcome;
use crate::rules::ruling::{Lang, Reason, Ruling, Verdict};
use crate::words::{Words, player_name};

use super::report::result_in_words;
use super::row::{Finding, FindingKind, Row};

/// What records write in a Result tag for "no result (yet)": not worth a finding.
const UNKNOWN_RESULTS: [&str; 6] = ["", "*", "?", "未知", "未记", "unknown"];

/// The first ruling of the replay that ends the game, and its ply.
struct End {
    ply: usize,
    ruling: Ruling,
}

/// Audits one game read from `file` (its `index`-th, 0-based) under `profile`:
/// its main line only, the reader's warnings and the variations left out
/// (if any) being the row's warnings.
pub fn judge(game: &Game, profile: &Profile, file: &str, index: usize) -> Row {
    judge_read(game, profile, file, index, true)
}

/// [`judge`] of a game read `whole`, or only up to damage in its record (a
/// reader's partial game). A record cut short, by damage or at an illegal
/// move, does not show when or where the game ended: no early agreed draw or
/// resignation is flagged on it, nor a simple draw on the position where it
/// breaks off, and no draw by the natural limit is ruled there.
pub(crate) fn judge_read(
    game: &Game,
    profile: &Profile,
    file: &str,
    index: usize,
    whole: bool,
) -> Row {
    let mut row = Row {
        file: file.to_string(),
        index,
        event: game.event().map(str::to_string),
        red: player_name(game.red()).map(str::to_string),
        black: player_name(game.black()).map(str::to_string),
        date: game.date().map(str::to_string),
        plies: 0,
        recorded_result: game.recorded_result().map(Verdict::from),
        ruled_result: Verdict::Ongoing,
        findings: Vec::new(),
        warnings: game.warnings.clone(),
        error: None,
        error_place: None,
    };
    if let Some(left_out) = game.variations_left_out() {
        row.warnings.push(Words::new(
            format!("{}: only the main line is checked", left_out.en),
            format!("{}，只审核主线", left_out.zh),
        ));
    }
    let mut referee = Referee::new(profile.clone(), game.start.clone());
    let mut end: Option<End> = None;
    // Each ply from which a side could first claim a draw by the limit, in
    // each count (a capture starts a new one): the sides, and the readings
    // of silent texts the claims there rest on. A side that can claim keeps
    // that right until a capture, so the sides that could already claim in
    // this count are left out, and once both can, the count is not looked
    // at again until a capture takes the limit out of reach.
    let mut claims: Vec<(usize, Vec<Color>, Vec<Words>)> = Vec::new();
    let mut claimants: Vec<Color> = Vec::new();
    for (i, gm) in game.moves.iter().enumerate() {
        let ply = i + 1;
        // The record's main line holds legal moves only (its reader stops at
        // the first illegal one, reported below), so no second legality check.
        referee.push_legal(gm.mv);
        row.plies = ply;
        // A draw by the natural limit is claimed, not an end of the game
        // (`Ruling::ends_game`): the limit is looked at below.
        if end.is_none()
            && let Some(ruling) = referee.ended()
        {
            end = Some(End {
                ply,
                ruling: ruling.clone(),
            });
        }
        if !referee.limit_in_reach() {
            claimants.clear();
        } else if end.is_none() && claimants.len() < 2 {
            let status = referee.natural_limit();
            let new: Vec<Color> = status
                .claimable_by
                .iter()
                .copied()
                .filter(|c| !claimants.contains(c))
                .collect();
            if !new.is_empty() {
                let readings = status.reading_notes().into_iter().cloned().collect();
                claimants.extend(&new);
                claims.push((ply, new, readings));
            }
        }
    }
    if let Some(bad) = &game.illegal {
        // No list when the game was over (mate, stalemate): the reason says
        // so; nor when the reason names the moves one symbol away, most
        // likely what was meant.
        let (legal, legal_zh) = if bad.legal.is_empty() || !bad.near.is_empty() {
            (String::new(), String::new())
        } else {
            let legal = bad.legal.join(" ");
            (
                format!(" (legal moves: {legal})"),
                format!("（合法着法：{legal}）"),
            )
        };
        // Where it was written, when the reader could tell.
        let (at, at_zh) = bad.place.map_or((String::new(), String::new()), |p| {
            let place = p.words();
            (format!(" at {}", place.en), format!("{}的", place.zh))
        });
        // A first move of the side not to move: the start position's side
        // to move is what to mend.
        let (side, side_zh) = wrong_side_to_move(bad.ply, &bad.fen, &bad.text)
            .map_or((String::new(), String::new()), |w| {
                (format!(". {}", w.en), format!("。{}", w.zh))
            });
        row.findings.push(Finding {
            place: bad.place,
            kind: FindingKind::IllegalMove,
            ply: Some(bad.ply),
            detail: Words::new(
                format!(
                    "'{}'{at} is not legal: {}{legal}{side}",
                    bad.text, bad.reason.en
                ),
                format!(
                    "{at_zh}“{}”无法走出：{}{legal_zh}{side_zh}",
                    bad.text, bad.reason.zh
                ),
            ),
        });
    }
    for (ply, other) in &game.other_readings {
        // A reading switched says why in its note.
        let detail = match other.because {
            Some(_) => other.note.clone(),
            None => Words::new(
                format!("{}; read the first way", other.note.en),
                format!("{}；已按前者读出", other.note.zh),
            ),
        };
        row.findings.push(Finding {
            place: None,
            kind: FindingKind::AmbiguousNotation,
            ply: Some(*ply),
            detail,
        });
    }
    for (ply, sides, readings) in &claims {
        let rounds = profile.limit.rounds;
        let en: Vec<&str> = sides.iter().map(|c| c.name()).collect();
        let zh: Vec<String> = sides.iter().map(|c| format!("{}方", c.name_zh())).collect();
        let mut detail = Words::new(
            format!(
                "a draw by the natural move limit ({rounds} rounds) could be claimed by {} from here",
                en.join(" and ")
            ),
            format!("{}可从此着起按自然限着（{rounds}回合）提和", zh.join("、")),
        );
        for note in readings {
            detail.en.push_str(&format!("; {}", note.en));
            detail.zh.push_str(&format!("；{}", note.zh));
        }
        row.findings.push(Finding {
            place: None,
            kind: FindingKind::NaturalLimit,
            ply: Some(*ply),
            detail,
        });
    }
    // Where a record cut short breaks off is not where the game ended.
    let whole = whole && game.illegal.is_none();
    if let Some(end) = &end {
        row.ruled_result = end.ruling.verdict;
        end_findings(&mut row, end, game.ranks);
    } else if whole && !claimants.is_empty() {
        // Where the record stops, a draw by the limit can be claimed: the
        // ruling `rule` gives there (the game is not decided by a claim the
        // players may not have made, so it is no result mismatch). Not where
        // a record cut short breaks off: the game went on, and a capture
        // there may have ended the count (the finding above still says from
        // which ply a draw could be claimed).
        let ruling = referee.ruling();
        if ruling.reason == Some(Reason::NaturalLimit) {
            row.ruled_result = ruling.verdict;
        }
    }
    if let (Some(tagged), Some(recorded)) = (game.tagged_result(), game.result)
        && tagged != recorded
    {
        let (tagged, recorded) = (Verdict::from(tagged), Verdict::from(recorded));
        row.findings.push(Finding {
            place: None,
            kind: FindingKind::ResultConflict,
            ply: None,
            detail: Words::new(
                format!(
                    "the Result tag says {}, but the moves end with {} (taken as the recorded result)",
                    tagged.score(),
                    recorded.score()
                ),
                format!(
                    "Result标签为{}，着法末尾却为{}（以着法末尾为准）",
                    tagged.name_zh(),
                    recorded.name_zh()
                ),
            ),
        });
    }
    if let Some(tag) = game.tag("Result").map(str::trim)
        && !UNKNOWN_RESULTS.contains(&tag)
        && game.result.is_none()
        && game.tagged_result().is_none()
    {
        row.findings.push(Finding {
            place: None,
            kind: FindingKind::UnreadableResult,
            ply: None,
            detail: Words::new(
                format!(
                    "the Result tag '{tag}' is no result (1-0, 0-1, 1/2-1/2, * or 红胜, 黑胜, 和棋): the game is taken as unscored"
                ),
                format!("Result标签“{tag}”不是结果（1-0、0-1、1/2-1/2、*或红胜、黑胜、和棋）：按未记结果处理"),
            ),
        });
    }
    result_findings(
        &mut row,
        end.as_ref(),
        profile,
        (&game.start, whole, game.ending()),
    );
    if whole
        && profile.simple_draw_note(referee.position())
        && row.recorded_result != Some(Verdict::Draw)
    {
        row.findings.push(Finding {
            place: None,
            kind: FindingKind::SimpleDraw,
            ply: Some(row.plies),
            detail: Words::new(
                "neither side has attacking material left: the arbiter may rule a simple draw",
                "双方均无进攻子力：裁判可判简单和棋",
            ),
        });
    }
    row.findings.sort_by_key(|f| f.ply.unwrap_or(usize::MAX));
    row
}

/// Findings about the ruling that ended the game (repetitions, mate,
/// stalemate), its squares in `ranks`, those of the record.
fn end_findings(row: &mut Row, end: &End, ranks: Ranks) {
    let (en, zh) = (Voice::new(Lang::En, ranks), Voice::new(Lang::Zh, ranks));
    let more = row.plies - end.ply;
    // Players who played on after the rules ended the game may have varied
    // then: the offender is told to have not varied by the decisive occurrence.
    let (tail, tail_zh, summary, summary_zh) = if more > 0 {
        let unit = if more == 1 { "ply" } else { "plies" };
        (
            format!(
                "; the rules end the game here, and the players played on for {more} more {unit}"
            ),
            format!("；按规则对局至此结束，双方此后又走了{more}着"),
            end.ruling.summary_played_on(en),
            end.ruling.summary_played_on(zh),
        )
    } else {
        (
            String::new(),
            String::new(),
            end.ruling.summary(en),
            end.ruling.summary(zh),
        )
    };
    let kind = match end.ruling.reason {
        Some(Reason::Perpetual) => FindingKind::ForbiddenRepetition,
        Some(Reason::Repetition) => match end.ruling.cycle_outcome() {
            Some(CycleOutcome::MustVary(_)) => FindingKind::EarlyRepetition,
            _ => FindingKind::RepetitionDraw,
        },
        Some(Reason::Checkmate) | Some(Reason::Stalemate) => {
            let kind = if end.ruling.reason == Some(Reason::Checkmate) {
                FindingKind::Checkmate
            } else {
                FindingKind::Stalemate
            };
            // Only worth a finding when the record does not score it at all;
            // a wrong score is a result mismatch.
            if row.recorded_result.is_none() {
                row.findings.push(Finding {
                    place: None,
                    kind,
                    ply: Some(end.ply),
                    detail: Words::new(
                        format!("{summary}, but the record gives no result{tail}"),
                        format!("{summary_zh}，但棋谱未记结果{tail_zh}"),
                    ),
                });
            }
            return;
        }
        Some(Reason::NaturalLimit) | None => return,
    };
    let detail = match (&end.ruling.repetition, kind) {
        (Some(rep), FindingKind::EarlyRepetition) => match &rep.early_rounds {
            Some(rounds) => Words::new(
                format!("{}: {summary}{tail}", rounds.en),
                format!("{}：{summary_zh}{tail_zh}", rounds.zh),
            ),
            None => Words::new(format!("{summary}{tail}"), format!("{summary_zh}{tail_zh}")),
        },
        (Some(rep), FindingKind::ForbiddenRepetition) => {
            let offender = match end.ruling.verdict {
                Verdict::RedWins => Color::Black,
                _ => Color::Red,
            };
            let side = rep.cycle.side(offender);
            // What "by then" refers to when the players played on.
            let n = rep.occurrences;
            let (standing, standing_zh) = if more > 0 && rep.points.is_some() {
                (
                    format!(", {}", rep.how_often(Lang::En).replacen("had", "having", 1)),
                    format!("，{}", rep.how_often(Lang::Zh)),
                )
            } else if more > 0 {
                (
                    format!(", the position standing {n} times"),
                    format!("，局面已出现{n}次"),
                )
            } else {
                (String::new(), String::new())
            };
            Words::new(
                format!(
                    "{} repeats {} ({}){standing}: {summary}{tail}",
                    offender.name(),
                    side.pattern(Lang::En),
                    side.pattern(Lang::Zh),
                ),
                format!(
                    "{}方重复{}{standing_zh}：{summary_zh}{tail_zh}",
                    offender.name_zh(),
                    side.pattern(Lang::Zh),
                ),
            )
        }
        _ => Words::new(format!("{summary}{tail}"), format!("{summary_zh}{tail_zh}")),
    };
    row.findings.push(Finding {
        place: None,
        kind,
        ply: Some(end.ply),
        detail,
    });
}

/// How a game ended, in English words after "the game ended by" (the
/// contract's names are `Reason::name`).
fn reason_en(reason: Reason) -> &'static str {
    match reason {
        Reason::Checkmate => "checkmate",
        Reason::Stalemate => "stalemate",
        Reason::Perpetual => "a forbidden repetition",
        Reason::Repetition => "a repetition",
        Reason::NaturalLimit => "the natural move limit",
    }
}

/// Findings comparing the recorded result with the rules and the profile;
/// `start` is the game's start position, whose move number counts the
/// rounds, `whole` whether its moves were read to the end of the record,
/// and `ending` how the record says the game ended ([`Game::ending`]).
fn result_findings(
    row: &mut Row,
    end: Option<&End>,
    profile: &Profile,
    (start, whole, ending): (&Position, bool, Ending),
) {
    let Some(recorded) = row.recorded_result else {
        return;
    };
    match end {
        // A draw that the profile scores as a win (Armageddon) may be recorded
        // as the draw the game was, or as its score.
        Some(end) if recorded == Verdict::Draw && end.ruling.draw_note.is_some() => {}
        Some(end) if recorded != row.ruled_result => {
            row.findings.push(Finding {
                place: None,
                kind: FindingKind::ResultMismatch,
                ply: Some(end.ply),
                detail: Words::new(
                    format!(
                        "the record gives {}, but the rules give {}: by the rules the game ended at ply {} by {}",
                        result_in_words(recorded, Lang::En),
                        result_in_words(row.ruled_result, Lang::En),
                        end.ply,
                        end.ruling.reason.map_or("the ruling", reason_en),
                    ),
                    format!(
                        "棋谱记为{}，按规则应为{}（按规则对局于第{}着结束：{}）",
                        recorded.name_zh(),
                        row.ruled_result.name_zh(),
                        end.ply,
                        end.ruling.reason.map_or("裁决", |r| r.name_zh()),
                    ),
                ),
            });
        }
        Some(_) => {}
        None => {
            // The players ended the game themselves: agreement or resignation.
            // An agreed draw scores as any draw does: a Black win under
            // Armageddon (a draw by the natural limit is scored so already).
            if recorded == Verdict::Draw
                && row.ruled_result == Verdict::Ongoing
                && profile.final_winner(None) == Some(Color::Black)
            {
                row.ruled_result = Verdict::BlackWins;
                let name = &profile.name;
                let (how, how_zh) = match ending {
                    Ending::ByArbiter => ("a draw ruled by the arbiter", "裁判判和"),
                    _ => ("a draw by agreement", "协议和棋"),
                };
                row.findings.push(Finding {
                    place: None,
                    kind: FindingKind::ArmageddonDraw,
                    ply: Some(row.plies),
                    detail: Words::new(
                        format!(
                            "{how}; profile {name} awards a draw to Black (Armageddon): Black wins"
                        ),
                        format!("{how_zh}；{name}规程规定和棋判黑方胜"),
                    ),
                });
            }
            if whole {
                row.findings
                    .extend(early_end(profile, start, row.plies, recorded, ending));
            }
        }
    }
}

/// The finding on a game its players ended themselves, by agreement
/// (`recorded` a draw) or a resignation (a win), after `plies` plies from
/// `start`, when the profile forbids that so early; rounds are counted from
/// the start position's move number, as the referee counts them for the
/// early-repetition clause. A game the record says was lost on time or
/// decided by the arbiter (`ending`, [`Game::ending`]) was not ended by its
/// players: no finding. A record that does not say how the game ended is
/// taken as its players' choice, and the finding says it gives no reason.
/// `rule` says it of the game too.
pub(crate) fn early_end(
    profile: &Profile,
    start: &Position,
    plies: usize,
    recorded: Verdict,
    ending: Ending,
) -> Option<Finding> {
    if !ending.by_the_players() {
        return None;
    }
    let how = if recorded == Verdict::Draw {
        EarlyEnd::AgreedDraw
    } else {
        EarlyEnd::Resignation
    };
    let black_first = usize::from(start.turn() == Color::Black);
    let rounds = u32::try_from((plies + black_first).div_ceil(2))
        .unwrap_or(u32::MAX)
        .saturating_add(start.fullmoves().saturating_sub(1));
    let round_complete = (plies + black_first).is_multiple_of(2);
    let flag = profile.early_end_flag(how, rounds, round_complete)?;
    let kind = match how {
        EarlyEnd::AgreedDraw => FindingKind::EarlyDraw,
        EarlyEnd::Resignation => FindingKind::EarlyResignation,
    };
    // A record that does not say how the game ended: say so, and how it is taken.
    let unsaid = match how {
        EarlyEnd::AgreedDraw => (
            "; the record gives no reason for the draw: it is taken as agreed",
            "；棋谱未写明和棋的原因，按协议和棋处理",
        ),
        _ => (
            "; the record gives no reason for the result: it is taken as a resignation",
            "；棋谱未写明胜负的原因，按认负处理",
        ),
    };
    let detail = match ending {
        Ending::Unknown => Words::new(
            format!("{}{}", flag.detail.en, unsaid.0),
            format!("{}{}", flag.detail.zh, unsaid.1),
        ),
        _ => flag.detail,
    };
    Some(Finding {
        place: None,
        kind,
        ply: Some(plies),
        detail,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Place;
    use crate::record::{ReadOptions, read_games_from_bytes};

    fn game(pgn: &str) -> Game {
        let games =
            read_games_from_bytes(pgn.as_bytes(), "t.pgn", &ReadOptions::default()).unwrap();
        games.into_iter().next().unwrap().unwrap()
    }

    fn kinds(row: &Row) -> Vec<FindingKind> {
        row.findings.iter().map(|f| f.kind).collect()
    }

    fn profile(name: &str) -> Profile {
        Profile::builtin(name).unwrap()
    }

    const OPENING: &str = "1. 炮二平五 马8进7 2. 马二进三 车9平8";

    fn scored(result: &str) -> Game {
        game(&format!(
            "[Game \"Chinese Chess\"]\n[Result \"{result}\"]\n\n{OPENING} {result}\n"
        ))
    }

    #[test]
    fn an_early_agreed_draw_is_flagged_only_where_the_profile_forbids_it() {
        let draw = scored("1/2-1/2");
        assert!(
            judge(&draw, &profile("cxa2020"), "t.pgn", 0)
                .findings
                .is_empty()
        );
        let row = judge(&draw, &profile("hengfang2024-slow"), "t.pgn", 0);
        assert_eq!(kinds(&row), [FindingKind::EarlyDraw]);
        assert_eq!(row.findings[0].ply, Some(4));
        assert_eq!(
            (row.recorded_result, row.ruled_result),
            (Some(Verdict::Draw), Verdict::Ongoing)
        );
    }

    #[test]
    fn early_ends_count_rounds_from_the_start_positions_move_number() {
        // A game resumed at move 30 (as the early-repetition clause counts
        // rounds): a draw agreed in round 31 is not early, one in round 9 is.
        let from = |fullmove: u32, black: bool| {
            let side = if black { "b" } else { "w" };
            let first = if black {
                "1... h9g7 2. h0g2"
            } else {
                "1. h0g2 h9g7"
            };
            game(&format!(
                "[Game \"Chinese Chess\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR {side} - - 0 {fullmove}\"]\n\n{first} 1/2-1/2\n"
            ))
        };
        let slow = profile("hengfang2024-slow");
        assert_eq!(kinds(&judge(&from(30, false), &slow, "t.pgn", 0)), []);
        assert_eq!(
            kinds(&judge(&from(9, false), &slow, "t.pgn", 0)),
            [FindingKind::EarlyDraw]
        );
        // Black first in round 10: its reply is played in round 11.
        assert_eq!(kinds(&judge(&from(10, true), &slow, "t.pgn", 0)), []);
        assert_eq!(
            kinds(&judge(&from(9, true), &slow, "t.pgn", 0)),
            [FindingKind::EarlyDraw]
        );
    }

    #[test]
    fn an_early_end_is_placed_after_a_whole_round_or_in_a_begun_one() {
        let slow = profile("hengfang2024-slow");
        let after = judge(&scored("1/2-1/2"), &slow, "t.pgn", 0);
        let detail = &after.findings[0].detail;
        assert!(
            detail.en.starts_with("agreed draw after round 2,"),
            "{}",
            detail.en
        );
        assert!(detail.zh.starts_with("第2回合后协议和棋"), "{}", detail.zh);
        let begun = game(&format!(
            "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n\n{OPENING} 3. 兵七进一 1-0\n"
        ));
        let within = judge(&begun, &slow, "t.pgn", 0);
        let detail = &within.findings[0].detail;
        assert!(
            detail.en.starts_with("resignation in round 3,"),
            "{}",
            detail.en
        );
        assert!(detail.zh.starts_with("第3回合中认负"), "{}", detail.zh);
    }

    #[test]
    fn an_early_resignation_is_flagged_where_the_profile_says_so() {
        let row = judge(&scored("1-0"), &profile("hengfang2024-slow"), "t.pgn", 0);
        assert_eq!(kinds(&row), [FindingKind::EarlyResignation]);
        assert!(
            judge(&scored("1-0"), &profile("dqsz2017-slow"), "t.pgn", 0)
                .findings
                .is_empty()
        );
    }

    #[test]
    fn a_record_cut_at_an_illegal_move_flags_no_early_end() {
        // The record stops at a typo on move 2: how long the game went on
        // before the result is not known.
        let pgn = "[Game \"Chinese Chess\"]\n[Result \"0-1\"]\n1. h2e2 h9h9 2. h0g2 0-1\n";
        let row = judge(&game(pgn), &profile("hengfang2024-slow"), "t.pgn", 0);
        assert_eq!(kinds(&row), [FindingKind::IllegalMove]);
        // Nor does a game read only up to damage in its record.
        let pgn = "[Game \"Chinese Chess\"]\n[Result \"0-1\"]\n1. h2e2 h9g7 0-1\n";
        let row = judge_read(&game(pgn), &profile("hengfang2024-slow"), "t.pgn", 0, false);
        assert_eq!(kinds(&row), []);
    }

    #[test]
    fn a_record_whose_tag_and_moves_give_two_results_is_flagged() {
        let pgn = "[Game \"Chinese Chess\"]\n[Result \"0-1\"]\n1. h2e2 h9g7 1-0\n";
        let row = judge(&game(pgn), &profile("cxa2020"), "t.pgn", 0);
        assert_eq!(kinds(&row), [FindingKind::ResultConflict]);
        assert_eq!(row.recorded_result, Some(Verdict::RedWins));
        assert_eq!(
            row.findings[0].detail.zh,
            "Result标签为黑胜，着法末尾却为红胜（以着法末尾为准）"
        );
        // The same result twice, or only one of them: nothing to say.
        for pgn in [
            "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n1. h2e2 h9g7 1-0\n",
            "[Game \"Chinese Chess\"]\n[Result \"0-1\"]\n1. h2e2 h9g7\n",
            "[Game \"Chinese Chess\"]\n1. h2e2 h9g7 1-0\n",
        ] {
            assert!(
                judge(&game(pgn), &profile("cxa2020"), "t.pgn", 0)
                    .findings
                    .is_empty(),
                "{pgn}"
            );
        }
    }

    #[test]
    fn an_armageddon_draw_may_be_recorded_as_a_draw_or_as_its_score() {
        // Knights shuffle after round 25: a repetition draw, scored as a Black win.
        let shuffle = |result: &str| {
            game(&format!(
                "[Game \"Chinese Chess\"]\n[FEN \"{START_FEN}\"]\n\n\
                 1. h0g2 h9g7 2. g2h0 g7h9 3. h0g2 h9g7 4. g2h0 g7h9 {result}\n"
            ))
        };
        const START_FEN: &str =
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 40";
        let armageddon = profile("dqsz2017-armageddon");
        for result in ["1/2-1/2", "0-1"] {
            let row = judge(&shuffle(result), &armageddon, "t.pgn", 0);
            assert_eq!(row.ruled_result, Verdict::BlackWins);
            assert_eq!(kinds(&row), [FindingKind::RepetitionDraw], "{result}");
        }
        let row = judge(&shuffle("1-0"), &armageddon, "t.pgn", 0);
        assert_eq!(
            kinds(&row),
            [FindingKind::RepetitionDraw, FindingKind::ResultMismatch]
        );
        // So is an agreed draw, which the rules do not rule: scored as a Black win.
        let agreed = game(&format!(
            "[Game \"Chinese Chess\"]\n[FEN \"{START_FEN}\"]\n\n1. h0g2 h9g7 1/2-1/2\n"
        ));
        let row = judge(&agreed, &armageddon, "t.pgn", 0);
        assert_eq!(row.ruled_result, Verdict::BlackWins);
        assert_eq!(kinds(&row), [FindingKind::ArmageddonDraw]);
        assert_eq!(
            row.findings[0].detail.en,
            "a draw by agreement; profile dqsz2017-armageddon awards a draw to Black (Armageddon): Black wins"
        );
        let row = judge(&agreed, &profile("dqsz2017-slow"), "t.pgn", 0);
        assert_eq!((row.ruled_result, kinds(&row)), (Verdict::Ongoing, vec![]));
        // A draw the arbiter ruled (判和) is scored so too, but not called agreed.
        let ruled = game(&format!(
            "[Game \"Chinese Chess\"]\n[FEN \"{START_FEN}\"]\n[Termination \"判和\"]\n\n1. h0g2 h9g7 1/2-1/2\n"
        ));
        let row = judge(&ruled, &armageddon, "t.pgn", 0);
        assert_eq!(row.ruled_result, Verdict::BlackWins);
        assert_eq!(
            row.findings[0].detail.en,
            "a draw ruled by the arbiter; profile dqsz2017-armageddon awards a draw to Black (Armageddon): Black wins"
        );
        // Elsewhere a draw is scored as one.
        let row = judge(&shuffle("0-1"), &profile("dqsz2017-slow"), "t.pgn", 0);
        assert_eq!(
            kinds(&row),
            [FindingKind::RepetitionDraw, FindingKind::ResultMismatch]
        );
    }

    #[test]
    fn a_move_two_conventions_read_differently_is_a_finding() {
        let pgn = "[Game \"Chinese Chess\"]\n[FEN \"4k4/9/3P5/3P1P3/3P1P3/9/9/3C5/9/5K3 w - - 0 1\"]\n\n\
                   1. K4+1 K5.4 2. 66.5 *\n";
        let row = judge(&game(pgn), &profile("cxa2020"), "t.pgn", 0);
        assert_eq!(kinds(&row), [FindingKind::AmbiguousNotation]);
        assert_eq!(row.findings[0].ply, Some(3));
        assert!(
            row.findings[0]
                .detail
                .en
                .ends_with("it is 炮六平五 (d2e2); read the first way"),
            "{}",
            row.findings[0].detail.en
        );
    }

    #[test]
    fn an_illegal_move_one_symbol_from_legal_ones_names_those_only() {
        let typo = game("[Game \"Chinese Chess\"]\n\n1. 炮二平五 马8进7 2. 车一进五 *\n");
        let bad = typo.illegal.as_ref().expect("an illegal move");
        assert_eq!(bad.near, ["车一进一", "车一进二"]);
        let row = judge(&typo, &profile("cxa2020"), "t.pgn", 0);
        assert_eq!(
            row.findings[0].detail.en,
            "'车一进五' at line 3, column 17 is not legal: no red rook on file 一 can move that way; one symbol away: 车一进一 车一进二"
        );
        assert_eq!(
            row.findings[0].detail.zh,
            "第3行第17列的“车一进五”无法走出：第一路的红方车不能这样走；只差一个符号的合法着法：车一进一 车一进二"
        );
        assert_eq!(row.findings[0].place, bad.place);
        assert_eq!(
            bad.place,
            Some(Place::Text {
                line: 3,
                column: 17
            })
        );
        // Nothing near: all the legal moves.
        let far = game("[Game \"Chinese Chess\"]\n\n1. 炮二平五 马8进7 2. 象九进五 *\n");
        let row = judge(&far, &profile("cxa2020"), "t.pgn", 0);
        assert!(
            row.findings[0]
                .detail
                .en
                .contains("(legal moves: 车九进一 "),
            "{}",
            row.findings[0].detail.en
        );
    }

    #[test]
    fn a_result_said_only_in_the_last_comment_is_the_recorded_one() {
        let pgn = "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 {红方认负}\n";
        let row = judge(&game(pgn), &profile("hengfang2024-slow"), "t.pgn", 0);
        assert_eq!(row.recorded_result, Some(Verdict::BlackWins));
        assert_eq!(kinds(&row), [FindingKind::EarlyResignation]);
        // A comment that names no winner scores nothing.
        let pgn = "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 {红方长将}\n";
        let row = judge(&game(pgn), &profile("hengfang2024-slow"), "t.pgn", 0);
        assert_eq!(row.recorded_result, None);
        // A side out of time loses (超时作负, as the league simulator writes
        // it), and did not resign: no early resignation.
        let pgn = "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 {红方超时}\n";
        let row = judge(&game(pgn), &profile("hengfang2024-slow"), "t.pgn", 0);
        assert_eq!(row.recorded_result, Some(Verdict::BlackWins));
        assert_eq!(kinds(&row), []);
    }

    #[test]
    fn names_that_only_say_the_side_are_no_names() {
        let pgn = "[Game \"Chinese Chess\"]\n[Red \"红方\"]\n[Black \"Black\"]\n\n1. h2e2 h9g7 *\n";
        let row = judge(&game(pgn), &profile("cxa2020"), "t.pgn", 0);
        assert_eq!((row.red, row.black), (None, None));
        let pgn = "[Game \"Chinese Chess\"]\n[Red \"许银川\"]\n[Black \"?\"]\n\n1. h2e2 h9g7 *\n";
        let row = judge(&game(pgn), &profile("cxa2020"), "t.pgn", 0);
        assert_eq!((row.red.as_deref(), row.black), (Some("许银川"), None));
    }

    #[test]
    fn a_loss_on_time_is_no_early_resignation() {
        let tagged = |termination: &str| {
            game(&format!(
                "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n[Termination \"{termination}\"]\n\n{OPENING} 1-0\n"
            ))
        };
        let slow = profile("hengfang2024-slow");
        for on_time in ["time forfeit", "Black lost on time", "黑方超时负"] {
            let row = judge(&tagged(on_time), &slow, "t.pgn", 0);
            assert_eq!(row.recorded_result, Some(Verdict::RedWins), "{on_time}");
            assert_eq!(kinds(&row), [], "{on_time}");
        }
        // A resignation, or a win said no more of, is still one.
        for resigned in ["黑方认负", "normal"] {
            let row = judge(&tagged(resigned), &slow, "t.pgn", 0);
            assert_eq!(kinds(&row), [FindingKind::EarlyResignation], "{resigned}");
        }
    }

    #[test]
    fn a_result_in_words_says_whether_the_players_ended_the_game() {
        let slow = profile("hengfang2024-slow");
        // Lost on time or decided by the arbiter, as the words under the moves say.
        for text in [
            format!("[Event \"x\"]\n[Result \"0-1\"]\n{OPENING} 红方超时 0-1\n"),
            format!("[Event \"x\"]\n{OPENING} Black wins on time\n"),
            format!("[Event \"x\"]\n{OPENING} 红方时间到判负\n"),
            format!("[Event \"x\"]\n{OPENING} 红方违例判负\n"),
            format!("[Event \"x\"]\n{OPENING} 黑方弃权\n"),
            format!("[Event \"x\"]\n{OPENING} 判和\n"),
            format!("[Result \"1-0\"]\n[Termination \"forfeit\"]\n{OPENING} 1-0\n"),
            format!("[Result \"0-1\"]\n[Termination \"adjudicated\"]\n{OPENING} 0-1\n"),
        ] {
            let row = judge(&game(&text), &slow, "t.pgn", 0);
            assert!(row.recorded_result.is_some(), "{text}");
            assert_eq!(kinds(&row), [], "{text}");
        }
        // The players' own end, said or not; unsaid, the finding says so.
        for (text, kind, unsaid) in [
            (
                format!("{OPENING} 红方认负"),
                FindingKind::EarlyResignation,
                false,
            ),
            (format!("{OPENING} 双方议和"), FindingKind::EarlyDraw, false),
            (
                format!("{OPENING} 0-1"),
                FindingKind::EarlyResignation,
                true,
            ),
            (format!("{OPENING} 1/2-1/2"), FindingKind::EarlyDraw, true),
        ] {
            let row = judge(&game(&text), &slow, "t.pgn", 0);
            assert_eq!(kinds(&row), [kind], "{text}");
            let detail = &row.findings[0].detail;
            assert_eq!(
                detail.en.contains("the record gives no reason"),
                unsaid,
                "{text}"
            );
            assert_eq!(detail.zh.contains("棋谱未写明"), unsaid, "{text}");
        }
    }

    #[test]
    fn a_result_tag_that_says_no_known_result_is_flagged() {
        let pgn = "[Game \"Chinese Chess\"]\n[Result \"2-0\"]\n1. h2e2 h9g7\n";
        let row = judge(&game(pgn), &profile("cxa2020"), "t.pgn", 0);
        assert_eq!(kinds(&row), [FindingKind::UnreadableResult]);
        assert_eq!((row.recorded_result, row.findings[0].ply), (None, None));
        assert_eq!(
            row.findings[0].detail.en,
            "the Result tag '2-0' is no result (1-0, 0-1, 1/2-1/2, * or 红胜, 黑胜, 和棋): the game is taken as unscored"
        );
        // Unknown (`*`, as DhtmlXQ writes it `未知`), or a result the moves give: nothing to say.
        for pgn in [
            "[Game \"Chinese Chess\"]\n[Result \"*\"]\n1. h2e2 h9g7\n",
            "[Game \"Chinese Chess\"]\n[Result \"未知\"]\n1. h2e2 h9g7\n",
            "[Game \"Chinese Chess\"]\n[Result \"2-0\"]\n1. h2e2 h9g7 1-0\n",
        ] {
            let row = judge(&game(pgn), &profile("cxa2020"), "t.pgn", 0);
            assert!(row.findings.is_empty(), "{pgn}");
        }
    }

    #[test]
    fn a_won_game_without_attacking_material_is_noted_as_a_simple_draw() {
        let pgn = "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n[FEN \"3k5/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1\"]\n\n1. 仕五进四 士5进6 1-0\n";
        let row = judge(&game(pgn), &profile("nanping2018"), "t.pgn", 0);
        assert_eq!(kinds(&row), [FindingKind::SimpleDraw]);
        assert!(
            judge(&game(pgn), &profile("cxa2020"), "t.pgn", 0)
                .findings
                .is_empty()
        );
    }

    #[test]
    fn a_record_cut_short_is_noted_as_no_simple_draw() {
        // Bare advisors when the record breaks off: at a typo on move 2, or
        // by damage; the game went on, to a position not recorded.
        let fen = "[FEN \"3k5/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1\"]";
        let pgn = format!(
            "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n{fen}\n\n1. 仕五进四 士5进6 2. 帅五进九 1-0\n"
        );
        let row = judge(&game(&pgn), &profile("nanping2018"), "t.pgn", 0);
        assert_eq!(kinds(&row), [FindingKind::IllegalMove]);
        let pgn = format!(
            "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n{fen}\n\n1. 仕五进四 士5进6 1-0\n"
        );
        let row = judge_read(&game(&pgn), &profile("nanping2018"), "t.pgn", 0, false);
        assert_eq!(kinds(&row), []);
    }

    #[test]
    fn no_natural_limit_is_reported_after_the_game_ended() {
        // Red checks perpetually: Black wins at ply 9, the third occurrence.
        // The record goes on to ply 12, past a limit of 5 rounds.
        let pgn = "[Game \"Chinese Chess\"]\n[FEN \"2b1k1b2/9/9/9/9/1R7/9/9/9/2B2KB2 w - - 0 1\"]\n\n\
                   b4e4 e9d9 e4d4 d9e9 d4e4 e9d9 e4d4 d9e9 d4e4 e9d9 e4e1 c9a7\n";
        let mut five = profile("cxa2020");
        five.limit.rounds = 5;
        let row = judge(&game(pgn), &five, "t.pgn", 0);
        assert_eq!(row.ruled_result, Verdict::BlackWins);
        assert!(
            !kinds(&row).contains(&FindingKind::NaturalLimit),
            "{:?}",
            row.findings
        );
    }

    #[test]
    fn a_repetition_draw_then_a_recorded_win_is_a_mismatch() {
        // Both sides shuffle (idle moves) to the third occurrence, then play on.
        let pgn = "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n\n1. 马二进三 马8进7 2. 马三退二 马7退8 3. 马二进三 马8进7 4. 马三退二 马7退8 5. 炮二平五 1-0\n";
        let row = judge(&game(pgn), &profile("cxa2020"), "t.pgn", 0);
        assert_eq!(row.plies, 9);
        assert_eq!(row.ruled_result, Verdict::Draw);
        assert_eq!(
            kinds(&row),
            [FindingKind::RepetitionDraw, FindingKind::ResultMismatch]
        );
        assert_eq!(row.findings[0].ply, Some(8));
        assert!(
            row.findings[0].detail.en.contains("1 more ply"),
            "{}",
            row.findings[0].detail.en
        );
        assert!(
            row.findings[0]
                .detail
                .zh
                .ends_with("；按规则对局至此结束，双方此后又走了1着"),
            "{}",
            row.findings[0].detail.zh
        );
        assert_eq!(
            row.findings[1].detail.zh,
            "棋谱记为红胜，按规则应为和棋（按规则对局于第8着结束：循环不变）"
        );
        assert_eq!(
            row.findings[1].detail.en,
            "the record gives 1-0 (Red wins), but the rules give 1/2-1/2 (draw): by the rules the game ended at ply 8 by a repetition"
        );
    }

    #[test]
    fn a_move_after_mate_is_reported_as_played_after_the_end() {
        let pgn = "[Game \"Chinese Chess\"]\n[FEN \"3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1\"]\n\n1. 车五平六 将4平5 *\n";
        let row = judge(&game(pgn), &profile("cxa2020"), "t.pgn", 0);
        let bad = row
            .findings
            .iter()
            .find(|f| f.kind == FindingKind::IllegalMove)
            .unwrap();
        assert_eq!(bad.ply, Some(2));
        assert_eq!(
            bad.detail.zh,
            "第4行第9列的“将4平5”无法走出：对局已经结束：第1着后黑方已被将死，此后的着法无效"
        );
        assert!(
            bad.detail
                .en
                .ends_with("black was checkmated after ply 1, so no move can follow"),
            "{}",
            bad.detail.en
        );
    }

    #[test]
    fn the_first_ply_of_a_natural_limit_claim_is_reported() {
        let example = include_str!("../../positions/examples/natural_limit.pgn");
        let row = judge(&game(example), &profile("cxa2020"), "t.pgn", 0);
        assert_eq!(row.plies, 120);
        assert_eq!(kinds(&row), [FindingKind::NaturalLimit]);
        assert_eq!(row.findings[0].ply, Some(120), "each side's 60th move");
        assert!(row.findings[0].detail.en.contains("red and black"));
        assert_eq!(
            row.findings[0].detail.zh,
            "红方、黑方可从此着起按自然限着（60回合）提和"
        );
        // The record stops where the draw can be claimed: ruled a draw, as `rule` rules it.
        assert_eq!(row.ruled_result, Verdict::Draw);
        // Under a 40-round limit the claim comes 40 rounds in.
        let row = judge(&game(example), &profile("nanping2018"), "t.pgn", 0);
        assert_eq!(row.findings[0].ply, Some(80));
    }
}
