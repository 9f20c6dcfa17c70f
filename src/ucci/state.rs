//! The game's state after the last move in words, for the message
//! lines (`info message`, UCI `info string`) a GUI shows to a person: the verdict, the repetition the last move
//! closed with each side's pattern and its moves' natures, and the natural
//! limit's count. In the session's language (English unless the GUI or the
//! command line chose Chinese), in the words `rule --lang` uses; each line
//! starts with a fixed label a program may look for (in English `profile
//! NAME`, `repetition:`, `Red:`, `Black:`, `natural limit`; in Chinese
//! `规程`, `重复局面：`, `红方：`, `黑方：`, `未满自然限着` and the limit's
//! other outcomes, `自然限着计数`), as docs/ucci.md says.

use crate::board::{Color, Move};
use crate::rules::Voice;
use crate::rules::limit::{LimitStatus, SideStatus};
use crate::rules::repetition::SideCycle;
use crate::rules::ruling::{Lang, RepetitionReport, Ruling, side_name};

/// The state lines of `ruling` in `voice`, without the `info message`
/// prefix; moves as `write` writes them (the GUI's coordinates), squares in
/// the voice's ranks (the GUI's).
pub(crate) fn lines(ruling: &Ruling, write: &dyn Fn(Move) -> String, voice: Voice) -> Vec<String> {
    let lang = voice.lang;
    let (profile, rules, summary) = (&ruling.profile, ruling.rules, ruling.summary(voice));
    let mut lines = vec![match (lang, ruling.plies) {
        (Lang::En, 0) => format!("profile {profile} (rules {rules}), at the start: {summary}"),
        (Lang::En, n) => format!("profile {profile} (rules {rules}), after ply {n}: {summary}"),
        (Lang::Zh, 0) => format!("规程{profile}（规则{rules}），起始局面：{summary}"),
        (Lang::Zh, n) => format!("规程{profile}（规则{rules}），第{n}着后：{summary}"),
    }];
    if let Some(rep) = &ruling.repetition {
        lines.push(match (lang, &rep.points) {
            (Lang::En, None) => format!("repetition: the position stood {}", rep.stood(voice)),
            (Lang::En, Some(_)) => format!("repetition: {}", rep.stood(voice)),
            (Lang::Zh, _) => format!("{}：{}", rep.heading(lang), rep.stood(voice)),
        });
        for side in [&rep.cycle.red, &rep.cycle.black] {
            lines.push(side_line(rep, side, write, lang));
        }
    }
    let separator = match lang {
        Lang::En => "; ",
        Lang::Zh => "；",
    };
    lines.push(ruling.natural_limit_text(lang).replace('\n', separator));
    lines.push(counts_line(
        &ruling.natural_limit,
        ruling.attacks_classified,
        lang,
    ));
    lines
}

/// `Red: perpetual check — forbidden: f0e0 check, e0f0 check`; in Chinese
/// `红方：长将——禁止着法：f0e0 将、e0f0 将`.
fn side_line(
    rep: &RepetitionReport,
    side: &SideCycle,
    write: &dyn Fn(Move) -> String,
    lang: Lang,
) -> String {
    let moves: Vec<String> = side
        .moves
        .iter()
        .filter_map(|&i| rep.moves.get(i))
        .map(|m| format!("{} {}", write(m.mv), m.nature.nature.name_in(lang)))
        .collect();
    let (name, pattern, standing) = (
        side_name(side.color, lang),
        side.pattern(lang),
        side.standing(lang),
    );
    match lang {
        Lang::En => format!("{name}: {pattern} — {standing}: {}", moves.join(", ")),
        Lang::Zh => format!("{name}：{pattern}——{standing}：{}", moves.join("、")),
    }
}

/// The natural limit's count for each side as claimant, and who may claim:
/// `natural limit count since the last capture: Red 2 moves (2 counted), 2
/// checks, 0 attacks; …`; without the attacks (mate threats and chases)
/// where they were not classified, only checks.
fn counts_line(limit: &LimitStatus, attacks_classified: bool, lang: Lang) -> String {
    let side = |color: Color, s: &SideStatus| {
        let name = side_name(color, lang);
        let (moves, counted, checks, attacks) = (s.moves, s.valid_moves, s.checks, s.attacks);
        match lang {
            Lang::En => {
                let attacks = if attacks_classified {
                    format!(", {attacks} {}", plural(attacks, "attack", "attacks"))
                } else {
                    String::new()
                };
                format!(
                    "{name} {moves} {} ({counted} counted), {checks} {}{attacks}",
                    plural(moves, "move", "moves"),
                    plural(checks, "check", "checks"),
                )
            }
            Lang::Zh => {
                let attacks = if attacks_classified {
                    format!("，杀、捉{attacks}着")
                } else {
                    String::new()
                };
                format!("{name}{moves}着（计{counted}着），将军{checks}着{attacks}")
            }
        }
    };
    let (red, black) = (
        side(Color::Red, &limit.red),
        side(Color::Black, &limit.black),
    );
    match (lang, limit.claimable_by.as_slice()) {
        (Lang::En, claimants) => {
            let claim = match claimants {
                [] => "neither side may claim the draw".to_string(),
                [c] => format!("{} may claim the draw", side_name(*c, lang)),
                _ => "either side may claim the draw".to_string(),
            };
            format!("natural limit count since the last capture: {red}; {black}; {claim}")
        }
        (Lang::Zh, claimants) => {
            let claim = match claimants {
                [] => "双方均不可提和".to_string(),
                [c] => format!("{}可提和", side_name(*c, lang)),
                _ => "双方均可提和".to_string(),
            };
            format!("自然限着计数（自上次吃子）：{red}；{black}；{claim}")
        }
    }
}

/// `one` for 1, else `many`.
fn plural(n: u32, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::referee::Referee;
    use crate::rules::profile::Profile;

    /// The lines after `moves` from `fen` under `profile`, moves as UCCI writes them.
    fn lines_after(profile: &str, fen: &str, moves: &str) -> Vec<String> {
        lines_in(Lang::En, profile, fen, moves)
    }

    /// [`lines_after`] in `lang`.
    fn lines_in(lang: Lang, profile: &str, fen: &str, moves: &str) -> Vec<String> {
        let profile = Profile::load(profile).unwrap();
        let mut referee = Referee::new(profile, Position::from_fen(fen).unwrap());
        for m in moves.split_whitespace() {
            referee.push(Move::parse_uci(m).unwrap()).unwrap();
        }
        lines(&referee.ruling(), &|m| m.to_string(), lang.into())
    }

    #[test]
    fn the_state_is_told_in_words_without_json_tokens() {
        let lines = lines_after(
            "cxa2020",
            "1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w - - 0 1",
            "b7b8 d8d7 b8b7 d7d8",
        );
        let text = lines.join("\n");
        assert_eq!(
            lines[0],
            "profile cxa2020 (rules cxa2020), after ply 4: Game continues — repetition (2 \
             occurrences): red's moves are all forbidden, black's allowed: red must vary, else \
             red loses (CXA 2020 25.3)"
        );
        assert_eq!(
            lines[1],
            "repetition: the position stood first at the start, again after ply 4 (2 times)"
        );
        assert!(lines[2].starts_with("Red: ") && lines[2].contains(" — forbidden: b7b8 "));
        assert!(lines[3].starts_with("Black: ") && lines[3].contains(" — allowed: d8d7 "));
        assert_eq!(
            lines[5],
            "natural limit count since the last capture: Red 2 moves (2 counted), 1 check; \
             Black 2 moves (2 counted), 0 checks; neither side may claim the draw"
        );
        for token in [
            "_must_vary",
            "mate_threat",
            "natural_limit",
            "valid_moves",
            "can_claim",
            "claimable_by",
            "verdict",
            "forbidden true",
            "=",
            "[]",
        ] {
            assert!(!text.contains(token), "{token} in {text}");
        }
    }

    #[test]
    fn a_game_at_the_start_and_a_claimable_limit_are_said_so() {
        let start = lines_after("cxa2020", "3k5/9/9/9/9/9/9/9/4A4/4K4 w", "");
        assert!(
            start[0].contains(", at the start: Game continues"),
            "{start:?}"
        );
        assert_eq!(start.len(), 3, "{start:?}");
        let limit = lines_after(
            "cxa2020",
            "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 118 60",
            "e1d2 d9d8",
        );
        assert!(
            limit[0].contains("after ply 2: Draw by the natural move limit"),
            "{limit:?}"
        );
        assert!(
            limit[2].ends_with("either side may claim the draw"),
            "{limit:?}"
        );
        assert!(!limit[2].contains("attack"), "{limit:?}");
        // Under a profile with an attack cap, near the limit, the attacks
        // (mate threats and chases) are classified and counted.
        let capped = lines_after(
            "dqsz2017-slow",
            "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 118 60",
            "e1d2 d9d8",
        );
        assert!(
            capped[2].contains("0 checks, 0 attacks; Black"),
            "{capped:?}"
        );
    }

    #[test]
    fn the_state_is_told_in_chinese_in_the_words_of_rule() {
        let fen = "1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w - - 0 1";
        let lines = lines_in(Lang::Zh, "cxa2020", fen, "b7b8 d8d7 b8b7 d7d8");
        assert_eq!(
            lines,
            [
                "规程cxa2020（规则cxa2020），第4着后：对局继续——局面第2次出现：红方禁止着法，\
                 黑方允许着法：红方变着，不变作负（《象棋竞赛规则（2020版）》第25.3条）",
                "重复局面：起始局面首次出现，第4着后再现（共2次）",
                "红方：一将一捉——禁止着法：b7b8 将、b8b7 捉",
                "黑方：一杀一闲——允许着法：d8d7 闲、d7d8 杀",
                "未满自然限着60回合（120着）：已连续4着无吃子",
                "自然限着计数（自上次吃子）：红方2着（计2着），将军1着；黑方2着（计2着），\
                 将军0着；双方均不可提和",
            ]
        );
        let start = lines_in(Lang::Zh, "cxa2020", "3k5/9/9/9/9/9/9/9/4A4/4K4 w", "");
        assert!(start[0].contains("，起始局面：对局继续"), "{start:?}");
        let capped = lines_in(
            Lang::Zh,
            "dqsz2017-slow",
            "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 118 60",
            "e1d2 d9d8",
        );
        assert!(
            capped[2].contains("将军0着，杀、捉0着；黑方") && capped[2].ends_with("双方均可提和"),
            "{capped:?}"
        );
    }
}
