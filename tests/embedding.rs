//! The programs a library user writes, through the public API only (the
//! crate root's re-exports first): a tournament server fed moves one at a
//! time, a tool that prints each game's result and ruling, a GUI helper
//! listing the moves the side to move may not play. Odd input gives errors,
//! never a panic; the types have the traits such programs need.

use std::error::Error;
use std::fmt::Debug;
use std::hash::Hash;
use std::path::PathBuf;

use xqarbiter::notation::{Notation, parse_move, render};
use xqarbiter::rules::limit::LimitOutcome;
use xqarbiter::rules::repetition::CycleOutcome;
use xqarbiter::{
    ClaimMode, Color, Event, FenError, ForbiddenMove, Game, Lang, Move, PlayError, Position,
    Profile, ReadOptions, Reason, RecordError, Referee, RuleSet, Ruling, Verdict, read_games,
    read_games_from_bytes,
};

/// Perpetual check: Red's rook checks from e0 and f0 in turn.
const CHECKS: &str = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
const CYCLE: [&str; 4] = ["f0e0", "e8f8", "e0f0", "f8e8"];

/// What a tournament server tells the players.
#[derive(Debug, Default)]
struct Server {
    refused: Vec<String>,
    over: Option<Ruling>,
}

impl Server {
    /// Plays the moves as they arrive, in any notation, refusing what names
    /// no legal move, until the first ruling that ends the game; the moves
    /// after it are refused.
    fn serve(&mut self, referee: &mut Referee, incoming: &[&str]) {
        for text in incoming {
            if self.over.is_some() {
                self.refused.push(format!("{text}: the game is over"));
                continue;
            }
            let mv = match parse_move(referee.position(), text) {
                Ok(mv) => mv,
                Err(e) => {
                    self.refused.push(e.to_string());
                    continue;
                }
            };
            let event = referee.push(mv).expect("parse_move reads legal moves only");
            self.over = referee
                .ruling_after(event)
                .filter(|r| r.verdict != Verdict::Ongoing);
        }
    }
}

#[test]
fn a_server_refuses_illegal_moves_and_stops_at_the_first_end() {
    let mut referee = Referee::with_rules(RuleSet::Cxa2020, CHECKS.parse().unwrap());
    let mut server = Server::default();
    let incoming = [
        "f0e0",
        "e8f8",
        "zz",
        "e0f0",
        "f8e8",
        "d0d2",
        "车四平五",
        "将5平6",
        "车五平四",
        "将6平5",
        "车四平五",
    ];
    server.serve(&mut referee, &incoming);
    let ruling = server.over.expect("the third occurrence ends the game");
    assert_eq!(
        (ruling.verdict, ruling.reason, ruling.plies),
        (Verdict::BlackWins, Some(Reason::Perpetual), 8)
    );
    assert_eq!(referee.plies(), 8);
    let summary = ruling.summary(Lang::En);
    assert!(summary.starts_with("Black wins"), "{summary}");
    assert!(summary.contains("CXA 2020 25.1"), "{summary}");
    assert_eq!(server.refused.len(), 3, "{:?}", server.refused);
    assert!(server.refused[0].starts_with("'zz': "));
    assert!(server.refused[1].contains("the red king on d0 cannot move to d2"));
    assert_eq!(server.refused[2], "车四平五: the game is over");
}

#[test]
fn a_server_stops_at_mate_and_at_the_natural_limit() {
    let mut referee = Referee::with_rules(
        RuleSet::Axf,
        "3k5/9/3P5/9/9/9/9/9/9/R3K4 w".parse().unwrap(),
    );
    let mut server = Server::default();
    server.serve(&mut referee, &["车九进九", "将4平5"]);
    let ruling = server.over.expect("mate");
    assert_eq!(
        (ruling.verdict, ruling.reason),
        (Verdict::RedWins, Some(Reason::Checkmate))
    );
    assert!(ruling.ends_game());
    // The referee itself refuses a move after mate: there is none.
    assert!(referee.push("d9e9".parse().unwrap()).is_err());

    // 116 plies without a capture before the start: the fourth ply reaches 60 rounds.
    let start = "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 116 59".parse().unwrap();
    let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
    let mut server = Server::default();
    server.serve(&mut referee, &["e1d2", "d9d8", "d2e1", "d8d9", "e1d2"]);
    let ruling = server.over.expect("the natural limit");
    assert_eq!(
        (ruling.verdict, ruling.reason, referee.plies()),
        (Verdict::Draw, Some(Reason::NaturalLimit), 4)
    );
    // Between people the draw is a claim: the game ends once a claim holds.
    assert!(!ruling.ends_game());
    assert_eq!(
        referee.natural_limit().claimable_by,
        [Color::Red, Color::Black]
    );
    referee.set_claim(ClaimMode::Claim(Color::Black));
    assert_eq!(referee.natural_limit().outcome, LimitOutcome::Draw);
    assert!(referee.ruling().ends_game());
}

#[test]
fn the_referee_keeps_the_first_ending_through_later_moves_claims_and_take_backs() {
    // Perpetual check: the third occurrence, at ply 8, ends the game; the
    // referee plays the moves after it and keeps that ending.
    let mut referee = Referee::with_rules(RuleSet::Cxa2020, CHECKS.parse().unwrap());
    let moves: Vec<Move> = CYCLE
        .iter()
        .cycle()
        .take(11)
        .map(|m| m.parse().unwrap())
        .collect();
    let mut first = None;
    for (i, &mv) in moves.iter().enumerate() {
        let event = referee.push(mv).unwrap();
        first = first.or_else(|| referee.ending(event));
        assert_eq!(referee.ended(), first.as_ref(), "after ply {}", i + 1);
        assert_eq!(referee.ended().is_some(), i + 1 >= 8);
    }
    let ended = referee.ended().unwrap().clone();
    assert_eq!(
        (ended.verdict, ended.reason, ended.plies),
        (Verdict::BlackWins, Some(Reason::Perpetual), 8)
    );
    // A later ruling is another one: the sixth occurrence, at ply 11.
    assert_eq!(referee.ruling().plies, 11);
    // Taking back the moves after the ending keeps it; taking back its move
    // takes it back, and playing that move again ends the game again.
    for _ in 0..3 {
        referee.pop();
    }
    assert_eq!(referee.ended(), Some(&ended));
    referee.pop();
    assert_eq!(referee.ended(), None);
    referee.push(moves[7]).unwrap();
    assert_eq!(referee.ended(), Some(&ended));

    // Mate ends the game.
    let mut referee = Referee::with_rules(
        RuleSet::Axf,
        "3k5/9/3P5/9/9/9/9/9/9/R3K4 w".parse().unwrap(),
    );
    referee.push("a0a9".parse().unwrap()).unwrap();
    assert_eq!(
        referee.ended().map(|r| r.reason),
        Some(Some(Reason::Checkmate))
    );

    // The natural limit, reached at ply 4: automatic, the draw is only a claim.
    let start: Position = "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 116 59".parse().unwrap();
    let shuttle =
        ["e1d2", "d9d8", "d2e1", "d8d9", "e1d2", "d9d8"].map(|m| m.parse::<Move>().unwrap());
    let mut referee = Referee::with_rules(RuleSet::Cxa2020, start.clone());
    for &mv in &shuttle[..5] {
        referee.push(mv).unwrap();
    }
    assert_eq!(referee.ruling().reason, Some(Reason::NaturalLimit));
    assert_eq!(referee.ended(), None);
    // Black claims after ply 5: the claim holds, the game ends there.
    referee.set_claim(ClaimMode::Claim(Color::Black));
    assert_eq!(referee.ended().map(|r| r.plies), Some(5));
    // Ended it stays, whatever the claim mode becomes, and on later moves.
    referee.set_claim(ClaimMode::Automatic);
    referee.push(shuttle[5]).unwrap();
    let claimed = referee.ended().expect("the claim held");
    assert_eq!(
        (
            claimed.plies,
            claimed.reason,
            claimed.natural_limit.claim_mode
        ),
        (
            5,
            Some(Reason::NaturalLimit),
            ClaimMode::Claim(Color::Black)
        )
    );
    // Taking back ply 5 takes the claim back.
    referee.pop();
    referee.pop();
    assert_eq!(referee.ended(), None);

    // Claims judged from the start: the first ply that reaches the limit ends the game.
    let mut referee = Referee::with_rules(RuleSet::Cxa2020, start.clone());
    referee.set_claim(ClaimMode::Claim(Color::Red));
    for (i, &mv) in shuttle.iter().enumerate() {
        referee.push(mv).unwrap();
        assert_eq!(referee.ended().map(|r| r.plies), (i + 1 >= 4).then_some(4));
    }

    // A claim that does not hold ends nothing: in nanping2018 a claimant's
    // checks do not count, and Red's were all checks.
    let start: Position = "3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 78 40".parse().unwrap();
    let mut referee = Referee::new(Profile::builtin("nanping2018").unwrap(), start);
    for mv in ["a0a9", "d9d8"] {
        referee.push(mv.parse().unwrap()).unwrap();
    }
    referee.set_claim(ClaimMode::Claim(Color::Red));
    assert_eq!(referee.ended(), None);
    referee.set_claim(ClaimMode::Claim(Color::Black));
    assert_eq!(referee.ended().map(|r| r.verdict), Some(Verdict::Draw));
}

#[test]
fn a_verdict_reads_in_english_and_chinese_and_keeps_its_contract_name() {
    let all = [
        Verdict::Ongoing,
        Verdict::RedWins,
        Verdict::BlackWins,
        Verdict::Draw,
    ];
    let en: Vec<&str> = all.iter().map(|v| v.describe(Lang::En)).collect();
    let zh: Vec<&str> = all.iter().map(|v| v.describe(Lang::Zh)).collect();
    assert_eq!(en, ["Game continues", "Red wins", "Black wins", "Draw"]);
    assert_eq!(zh, ["对局继续", "红胜", "黑胜", "和棋"]);
    let names: Vec<String> = all.iter().map(Verdict::to_string).collect();
    assert_eq!(names, ["ongoing", "red_wins", "black_wins", "draw"]);

    // It heads the ruling's summary, in either language.
    let mut referee = Referee::with_rules(RuleSet::Cxa2020, CHECKS.parse().unwrap());
    for mv in CYCLE.iter().cycle().take(8) {
        referee.push(mv.parse().unwrap()).unwrap();
    }
    let ruling = referee.ended().expect("perpetual check");
    for lang in [Lang::En, Lang::Zh] {
        let summary = ruling.summary(lang);
        assert!(
            summary.starts_with(ruling.verdict.describe(lang)),
            "{summary}"
        );
    }
    assert_eq!(ruling.to_json()["verdict"], "black_wins");
}

/// Each game's players, recorded result, ruling (the first that ended the
/// game, else the last) and the ply of an illegal move, as a tool prints them.
fn rule_games(
    games: impl IntoIterator<Item = Result<Game, RecordError>>,
    profile: &Profile,
) -> Vec<Result<String, RecordError>> {
    let line = |game: Game| {
        let mut referee = Referee::new(profile.clone(), game.start.clone());
        let mut ended = None;
        for m in &game.moves {
            let event = referee.push(m.mv).expect("a record's main line is legal");
            ended = ended.or_else(|| referee.ending(event));
        }
        // The referee keeps the first ending itself.
        assert_eq!(referee.ended(), ended.as_ref());
        let ruling = ended.unwrap_or_else(|| referee.ruling());
        let recorded = game.recorded_result().map(Verdict::from);
        format!(
            "{} – {}: recorded {}, ruled {} after ply {}{}",
            game.red().unwrap_or("?"),
            game.black().unwrap_or("?"),
            recorded.map_or("?", Verdict::score),
            ruling.verdict.score(),
            ruling.plies,
            game.illegal
                .as_ref()
                .map(|i| format!("; illegal move at ply {}", i.ply))
                .unwrap_or_default()
        )
    };
    games.into_iter().map(|g| g.map(line)).collect()
}

fn root(path: &str) -> PathBuf {
    [env!("CARGO_MANIFEST_DIR"), path].iter().collect()
}

#[test]
fn a_tool_prints_each_games_result_and_ruling() {
    let cxa = Profile::builtin("cxa2020").unwrap();
    let opts = ReadOptions::default();
    let examples = root("positions/examples/perpetual_check.pgn");
    let lines = rule_games(read_games(&examples, &opts).unwrap(), &cxa);
    assert_eq!(lines.len(), 1);
    assert!(
        lines[0]
            .as_ref()
            .unwrap()
            .ends_with("ruled 0-1 after ply 8")
    );

    let iccs = rule_games(
        read_games(root("tests/fixtures/games_iccs.pgn"), &opts).unwrap(),
        &cxa,
    );
    let iccs: Vec<String> = iccs.into_iter().map(Result::unwrap).collect();
    assert_eq!(iccs.len(), 3);
    assert!(iccs[2].ends_with("; illegal move at ply 3"), "{}", iccs[2]);
    let third = read_games(root("tests/fixtures/games_iccs.pgn"), &opts)
        .unwrap()
        .nth(2)
        .unwrap()
        .unwrap();
    let illegal = third.illegal.expect("an illegal move");
    assert!(
        illegal
            .in_lang(Lang::En)
            .starts_with("ply 3, line 30, column 17: '")
    );
    assert!(
        illegal
            .in_lang(Lang::Zh)
            .starts_with("第3着（第30行第17列）“")
    );
    for xqf in ["plain.xqf", "encrypted.xqf"] {
        let path = root(&format!("tests/fixtures/{xqf}"));
        let lines = rule_games(read_games(path.to_str().unwrap(), &opts).unwrap(), &cxa);
        assert!(lines[0].as_ref().unwrap().contains("recorded 0-1, ruled *"));
    }

    // A file that does not exist, or holds no record: an error naming it.
    let missing = read_games("/nonexistent/games.pgn", &opts).unwrap_err();
    assert!(missing.to_string().starts_with("/nonexistent/games.pgn: "));
    let garbage = read_games_from_bytes(&[0xff, 0, 0xfe, 0, 7], "photo.jpg", &opts).unwrap_err();
    assert!(garbage.to_string().starts_with("photo.jpg: "));
    // A game whose start position is broken is an error item, the others still come.
    let pgn = "[FEN \"9/9 w\"]\n1. h2e2 *\n\n[Red \"A\"]\n1. h2e2 h9g7 *\n";
    let lines = rule_games(
        read_games_from_bytes(pgn.as_bytes(), "two.pgn", &opts).unwrap(),
        &cxa,
    );
    assert!(
        lines[0]
            .as_ref()
            .unwrap_err()
            .to_string()
            .starts_with("two.pgn, game #0: ")
    );
    assert_eq!(
        lines[1].as_ref().unwrap(),
        "A – ?: recorded ?, ruled * after ply 2"
    );
}

/// The moves the side to move may not play after `history` from `fen`,
/// each in Chinese notation with the reason in `lang`, as a GUI shows them.
fn banned(
    fen: &str,
    history: &[&str],
    rules: RuleSet,
    lang: Lang,
) -> Result<Vec<String>, Box<dyn Error>> {
    let mut referee = Referee::with_rules(rules, fen.parse()?);
    for text in history {
        referee.push(text.parse()?)?;
    }
    let list = referee.forbidden_moves();
    Ok(list
        .iter()
        .map(|f: &ForbiddenMove| {
            let notation = render(referee.position(), f.mv, Notation::Chinese);
            format!("{notation} ({}): {}", f.mv, f.reason(lang))
        })
        .collect())
}

#[test]
fn a_gui_lists_the_moves_the_side_to_move_may_not_play_and_why() {
    let en = banned(CHECKS, &CYCLE, RuleSet::Cxa2020, Lang::En).unwrap();
    assert_eq!(en.len(), 1);
    assert!(en[0].starts_with("车四平五 (f0e0): "), "{}", en[0]);
    assert!(en[0].contains("red must vary"), "{}", en[0]);
    let zh = banned(CHECKS, &CYCLE, RuleSet::Cxa2020, Lang::Zh).unwrap();
    assert!(
        zh[0].starts_with("车四平五 (f0e0): 局面将第2次出现"),
        "{}",
        zh[0]
    );
    // Black, whose moves are allowed, may play anything; so may Red before
    // the position has stood once more.
    assert_eq!(
        banned(CHECKS, &CYCLE[..3], RuleSet::Cxa2020, Lang::En).unwrap(),
        Vec::<String>::new()
    );
    assert_eq!(
        banned(CHECKS, &CYCLE[..2], RuleSet::Cxa2020, Lang::En).unwrap(),
        Vec::<String>::new()
    );
    // A bad position or history is an error, with the reason.
    let err = banned("9/9 w", &[], RuleSet::Cxa2020, Lang::En).unwrap_err();
    assert!(err.is::<FenError>());
    let err = banned(CHECKS, &["f0e0", "e8e9"], RuleSet::Cxa2020, Lang::En).unwrap_err();
    assert_eq!(err.downcast_ref::<PlayError>().unwrap().ply, Some(2));
    assert!(banned(CHECKS, &["f0e0", "e8"], RuleSet::Cxa2020, Lang::En).is_err());
}

#[test]
fn odd_input_is_an_error_or_a_ruling_never_a_panic() {
    for fen in [
        "",
        " ",
        "w",
        "9/9/9/9/9/9/9/9/9/9 w",
        "4k4/9/9/9/9/9/9/9/9/4K4 w",
        "3k5/9/9/9/9/9/9/9/9/4K4 w - - 4294967295 1",
        "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 4294967295",
        "3k5/9/9/9/9/9/9/9/9/4K4 w - - 99999999999999999999 1",
        "3k5/9/9/9/9/9/9/9/9/4K4 w - - -1 1",
        "3k5/9/9/9/9/9/9/9/9/4K4 x",
        "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1 extra",
        "3k5/9/9/9/9/9/9/9/9/4K4/9 w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w",
        "车/9/9/9/9/9/9/9/9/4K4 w",
    ] {
        let err = fen.parse::<Position>().unwrap_err();
        assert!(!err.in_lang(Lang::Zh).is_empty(), "{fen}");
    }
    for text in ["", "a-1a0", "h2--e2", "a0a10", "ｈ２ｅ２x", "e0e0", "车"] {
        let err = text.parse::<Move>().unwrap_err();
        assert!(err.in_lang(Lang::Zh).starts_with("无法读取着法“"), "{text}");
    }

    // The largest counters a FEN may give, and moves played on: no overflow.
    let start: Position = "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 999999 999999"
        .parse()
        .unwrap();
    let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
    for mv in ["e1d2", "d9d8", "d2e1", "d8d9"] {
        referee.push(mv.parse().unwrap()).unwrap();
    }
    assert_eq!(referee.ruling().reason, Some(Reason::NaturalLimit));

    // A long game: thousands of repetitions, every one ruled, all taken back.
    let mut referee =
        Referee::with_rules(RuleSet::Axf, "3k5/9/9/9/9/9/9/9/4A4/4K4 w".parse().unwrap());
    let shuttle = ["e1d2", "d9d8", "d2e1", "d8d9"];
    for i in 0..4_000 {
        let event = referee.push(shuttle[i % 4].parse().unwrap()).unwrap();
        if i >= 3 {
            assert!(matches!(event, Event::Repetition(_)));
        }
        let ruling = referee.ruling_after(event);
        assert_eq!(ruling.is_some(), i >= 3);
    }
    assert_eq!(
        referee.ruling().repetition.map(|r| r.occurrences),
        Some(1_001)
    );
    assert!(referee.forbidden_moves().is_empty());
    while referee.pop().is_some() {}
    assert_eq!(
        referee.ruling(),
        Referee::with_rules(RuleSet::Axf, referee.start().clone()).ruling()
    );
}

fn value_type<T: Clone + Debug + PartialEq + Eq + Hash + Send + Sync>() {}
fn report_type<T: Clone + Debug + PartialEq + Eq + Send + Sync>() {}
fn error_type<T: Error + Clone + PartialEq + Send + Sync + 'static>() {}

#[test]
fn the_types_have_the_traits_an_embedding_program_needs() {
    value_type::<Move>();
    value_type::<Position>();
    value_type::<Color>();
    value_type::<Lang>();
    value_type::<RuleSet>();
    value_type::<Verdict>();
    value_type::<Reason>();
    value_type::<Event>();
    value_type::<ClaimMode>();
    value_type::<LimitOutcome>();
    value_type::<CycleOutcome>();
    value_type::<xqarbiter::board::Illegality>();
    value_type::<xqarbiter::board::Exposure>();
    report_type::<Ruling>();
    report_type::<ForbiddenMove>();
    report_type::<Game>();
    report_type::<Profile>();
    error_type::<PlayError>();
    error_type::<FenError>();
    error_type::<RecordError>();
    error_type::<xqarbiter::board::MoveParseError>();
    error_type::<xqarbiter::notation::NotationError>();
    error_type::<xqarbiter::rules::profile::ProfileError>();
    fn send_debug<T: Send + Clone + Debug>() {}
    send_debug::<Referee>();
}
