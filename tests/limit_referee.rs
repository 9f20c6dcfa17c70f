//! The natural move limit as the referee judges it, on games played with the
//! move generator: every fact the count needs (capture, check, chase, mate
//! threat, mate, stalemate, repetition) comes from the rules themselves, none
//! is set by hand. Each test names the clause of rules.md §6 or of
//! regulations.md it checks.

use xqarbiter::board::{Color, Move, Position, Role};
use xqarbiter::referee::{Event, Referee};
use xqarbiter::rules::Nature;
use xqarbiter::rules::limit::{ClaimMode, LimitOutcome, LimitStatus};
use xqarbiter::rules::profile::Profile;
use xqarbiter::rules::ruling::{Reason, Verdict};

/// What the next ply should be, as the rules classify it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Want {
    /// No capture, no check, no chase, no mate threat, a legal reply left.
    Quiet,
    Check,
    Chase,
    MateThreat,
}

/// A game judged by a referee, played by choosing, at each ply, the first
/// legal move of the kind wanted that does not bring any position to its
/// third occurrence.
struct Game {
    referee: Referee,
}

impl Game {
    fn new(profile: Profile, fen: &str) -> Game {
        let mut referee = Referee::new(profile, Position::from_fen(fen).unwrap());
        referee.set_limit_detail(true);
        Game { referee }
    }

    fn plies(&self) -> usize {
        self.referee.plies()
    }

    fn turn(&self) -> Color {
        self.referee.position().turn()
    }

    /// Plays the first legal move that fits `want` (see the order below); panics if there is none.
    fn step(&mut self, want: Want) {
        let pos = self.referee.position().clone();
        let mut moves = pos.legal_moves();
        // Red plays its rooks first, Black its king: the rooks keep their
        // targets in reach, Black's pieces stay where they are.
        let order: &[Role] = match pos.turn() {
            Color::Red => &[Role::Rook, Role::King],
            Color::Black => &[Role::King, Role::Pawn],
        };
        moves.sort_by_key(|&mv| {
            let role = pos.piece_at(mv.from()).map(|p| p.role);
            order
                .iter()
                .position(|&r| Some(r) == role)
                .unwrap_or(order.len())
        });
        for mv in moves {
            if pos.is_capture(mv) {
                continue;
            }
            let event = self.referee.push(mv).unwrap();
            let fits = !matches!(event, Event::Repetition(n) if n >= 3)
                && !self.referee.position().has_no_legal_moves()
                && self.nature_of_last() == want;
            if fits {
                return;
            }
            self.referee.pop();
        }
        panic!(
            "no {want:?} move at ply {} in {}",
            self.plies() + 1,
            pos.fen()
        );
    }

    /// The last move's nature, the kinds of 闲 taken as `Quiet`.
    fn nature_of_last(&self) -> Want {
        let (_, moves) = self.referee.last_moves(1);
        match moves[0].nature.nature {
            Nature::Check => Want::Check,
            Nature::Chase => Want::Chase,
            Nature::MateThreat => Want::MateThreat,
            _ => Want::Quiet,
        }
    }

    /// Plays `n` plies, `plan(mover, its move number since the start)`
    /// telling what each should be.
    fn run(&mut self, n: usize, plan: impl Fn(Color, usize) -> Want) {
        for _ in 0..n {
            let mover = self.turn();
            let k = self.plies() / 2 + 1;
            self.step(plan(mover, k));
        }
    }

    fn play(&mut self, moves: &str) {
        for m in moves.split_whitespace() {
            self.referee.push(Move::parse_uci(m).unwrap()).unwrap();
        }
    }

    fn status(&self) -> LimitStatus {
        self.referee.natural_limit()
    }
}

/// A square by name.
fn builtin(name: &str) -> Profile {
    Profile::builtin(name).unwrap()
}

/// A profile read from TOML.
fn profile(toml: &str) -> Profile {
    toml.parse().unwrap()
}

/// Red: king d0, rook a0. Black: king f9, horse e5, pawns c6 and i6: the
/// rook can chase the unprotected horse from many squares, and check.
const CHASES: &str = "5k3/9/9/2p5p/4n4/9/9/9/9/R2K5 w - - 0 1";

/// Red: king d0, rooks a1 and b2. Black: king e9 alone with four pawns: a
/// rook on the eighth rank threatens the other's mate on the ninth.
const THREATS: &str = "4k4/9/9/p1p3p1p/9/9/9/9/1R7/R2K5 w - - 0 1";

/// A profile with a short limit, for games of a few rounds.
fn short(base: &str, rest: &str) -> Profile {
    profile(&format!(
        "name = \"short\"\nbase = \"{base}\"\n[natural_limit]\n{rest}\n"
    ))
}

/// Red's plan: `checks`, `chases` and `threats` list the move numbers of
/// Red's checks, chases and mate threats, every other move quiet; Black quiet.
fn red_plan(
    checks: &'static [usize],
    chases: &'static [usize],
    threats: &'static [usize],
) -> impl Fn(Color, usize) -> Want {
    move |mover, k| match mover {
        Color::Black => Want::Quiet,
        Color::Red if checks.contains(&k) => Want::Check,
        Color::Red if chases.contains(&k) => Want::Chase,
        Color::Red if threats.contains(&k) => Want::MateThreat,
        Color::Red => Want::Quiet,
    }
}

#[test]
fn chases_the_rules_see_count_against_a_half_limit_cap() {
    // Regulation C (hengfang2024): the claimant's 捉+杀 count at most half
    // the limit; with a limit of 6 rounds, 3.
    let p = short("hengfang2024-rapid", "rounds = 6");
    let cap = p.limit.attack_cap.unwrap();
    assert_eq!(
        (cap.max, cap.counts_checks, p.limit.check_cap),
        (3, false, 0)
    );
    let mut g = Game::new(p, CHASES);
    g.run(12, red_plan(&[], &[1, 3, 5], &[]));
    let s = g.status();
    assert_eq!((s.red.moves, s.red.attacks, s.red.void_attacks), (6, 3, 0));
    assert_eq!(s.claimable_by, vec![Color::Red, Color::Black]);
    // A cap of 2: the third chase is void, Red's claim falls one move short;
    // Black, who attacked nothing, may claim.
    let mut g = Game::new(
        short("hengfang2024-rapid", "rounds = 6\nattack_cap = 2"),
        CHASES,
    );
    g.run(12, red_plan(&[], &[1, 3, 5], &[]));
    let s = g.status();
    assert_eq!(
        (s.red.attacks, s.red.void_attacks, s.red.valid_moves),
        (3, 1, 5)
    );
    assert_eq!(s.claimable_by, vec![Color::Black]);
    g.referee.set_claim(ClaimMode::Claim(Color::Red));
    assert!(g.referee.ended().is_none());
    // One more quiet move and Red's claim holds (6 of its 7 moves count,
    // and Black's 6): the game ends on it.
    g.run(1, red_plan(&[], &[], &[]));
    let ended = g.referee.ended().expect("Red's claim holds");
    assert_eq!(ended.plies, 13);
    assert_eq!(ended.reason, Some(Reason::NaturalLimit));
    assert_eq!(ended.verdict, Verdict::Draw);
}

#[test]
fn checks_never_counted_cost_the_claimant_a_move_and_the_reply_too() {
    // Regulations B and C: "提出方'将军'不计着数". A check by Red and Black's
    // answer to it do not count for Red's claim.
    let mut g = Game::new(short("hengfang2024-rapid", "rounds = 6"), CHASES);
    g.run(12, red_plan(&[2], &[1, 3], &[]));
    let s = g.status();
    assert_eq!((s.red.checks, s.red.void_checks, s.red.attacks), (1, 1, 2));
    assert_eq!((s.red.valid_moves, s.red.opponent_effective_moves), (5, 5));
    assert_eq!(s.claimable_by, vec![Color::Black]);
    g.run(2, red_plan(&[], &[], &[]));
    assert_eq!(g.status().claimable_by, vec![Color::Red, Color::Black]);
}

#[test]
fn checks_mate_threats_and_chases_share_one_cap_where_checks_count() {
    // Regulation A (dqsz2017): "将、杀、捉最多只计N着（其中'将军'数限M着）":
    // here M = 1, N = 2.
    let p = short(
        "dqsz2017-rapid",
        "rounds = 6\ncheck_cap = 1\nattack_cap = 2",
    );
    assert!(p.limit.attack_cap.unwrap().counts_checks);
    // One check and one mate threat: 2 counted, none void.
    let mut g = Game::new(p.clone(), THREATS);
    g.run(12, red_plan(&[2], &[], &[4]));
    let s = g.status();
    assert_eq!((s.red.checks, s.red.attacks), (1, 1));
    assert_eq!((s.red.void_checks, s.red.void_attacks), (0, 0));
    assert!(s.claimable_by.contains(&Color::Red));
    // One check and two mate threats: one attacking move void.
    let mut g = Game::new(p.clone(), THREATS);
    g.run(12, red_plan(&[2], &[], &[4, 6]));
    let s = g.status();
    assert_eq!((s.red.checks, s.red.attacks), (1, 2));
    assert_eq!(
        (s.red.void_checks, s.red.void_attacks, s.red.valid_moves),
        (0, 1, 5)
    );
    assert!(!s.claimable_by.contains(&Color::Red));
    // Two checks and a mate threat: the second check is void once, as a
    // check, and not counted again against the attack cap (1 + 1 = 2).
    let mut g = Game::new(p, THREATS);
    g.run(12, red_plan(&[2, 4], &[], &[6]));
    let s = g.status();
    assert_eq!((s.red.checks, s.red.attacks), (2, 1));
    assert_eq!(
        (s.red.void_checks, s.red.void_attacks, s.red.valid_moves),
        (1, 0, 5)
    );
    assert_eq!(s.red.opponent_effective_moves, 5);
}

#[test]
fn a_capture_in_the_game_restarts_the_count() {
    // rules.md §6.2: any capture by either side resets the count.
    let mut g = Game::new(short("cxa2020", "rounds = 3\ncheck_cap = 1"), CHASES);
    g.play("a0a5 f9f8 a5e5"); // ply 3: the rook takes the horse
    let s = g.status();
    assert_eq!((s.since_ply, s.red.moves, s.black.moves), (4, 0, 0));
    g.run(5, red_plan(&[], &[], &[]));
    assert_eq!(g.status().outcome, LimitOutcome::Running);
    g.run(1, red_plan(&[], &[], &[]));
    let s = g.status();
    assert_eq!((s.red.moves, s.black.moves), (3, 3));
    assert_eq!(s.outcome, LimitOutcome::Draw);
    let ruling = g.referee.ruling();
    assert_eq!(
        (ruling.verdict, ruling.reason),
        (Verdict::Draw, Some(Reason::NaturalLimit))
    );
}

#[test]
fn a_stalemate_on_the_limit_ply_beats_the_limit() {
    // rules.md §6.3 precedence; regulation B: "最终没有将死对方". 119 plies
    // without a capture before the record (Black has made 60 moves, Red
    // 59); Red's 60th move stalemates Black (困毙, a loss).
    let mut g = Game::new(
        builtin("cxa2020"),
        "4k4/5P3/3P5/9/9/9/9/9/9/3K5 w - - 119 70",
    );
    g.play("d7d8");
    assert!(g.referee.position().has_no_legal_moves());
    assert!(!g.referee.position().in_check());
    let ruling = g.referee.ruling();
    assert_eq!(
        (ruling.verdict, ruling.reason),
        (Verdict::RedWins, Some(Reason::Stalemate))
    );
    let s = &ruling.natural_limit;
    assert_eq!((s.red.moves, s.black.moves), (60, 60));
    assert_eq!(s.outcome, LimitOutcome::MateBeatsLimit);
    assert!(s.claimable_by.is_empty());
    let text = s.outcome_text().en;
    assert!(text.contains("but the last move stalemated"), "{text}");
    // The move before: 119 plies, Red one move short.
    g.referee.pop();
    assert_eq!(g.status().outcome, LimitOutcome::Running);
}

#[test]
fn a_drawn_repetition_on_the_limit_ply_is_ruled_as_the_repetition() {
    // rules.md §6.3 precedence: the kings shuffle; the third occurrence of
    // the start falls on ply 8, where a limit of 4 rounds is reached too.
    // The repetition ends the game: no one is left a claim to make.
    let mut g = Game::new(short("cxa2020", "rounds = 4\ncheck_cap = 1"), CHASES);
    g.play("d0d1 f9f8 d1d0 f8f9 d0d1 f9f8 d1d0");
    assert_eq!(g.status().outcome, LimitOutcome::Running);
    g.play("f8f9");
    let ruling = g.referee.ruling();
    assert_eq!(
        (ruling.verdict, ruling.reason),
        (Verdict::Draw, Some(Reason::Repetition))
    );
    assert_no_claim_beside_the_repetition(&g.referee);
}

/// The last move reached the limit and completed a decisive repetition:
/// the ruling and the referee's own status agree that the repetition
/// decides and that neither side may claim the limit's draw (as after a
/// mate on the limit ply).
fn assert_no_claim_beside_the_repetition(referee: &Referee) {
    let ruling = referee.ruling();
    for s in [&ruling.natural_limit, &referee.natural_limit()] {
        assert!(s.red.reached && s.black.reached);
        assert_eq!(s.outcome, LimitOutcome::RepetitionDecides);
        assert!(s.claimable_by.is_empty(), "{:?}", s.claimable_by);
        assert!(!s.red.can_claim && !s.black.can_claim);
    }
}

/// Red checks perpetually with its rook; the third occurrence falls on ply
/// 10, where a limit of 5 rounds is reached too.
const PERPETUAL_CHECK: (&str, &str) = (
    "2b1k1b2/9/9/9/9/1R7/9/9/9/2B2KB2 w",
    "b4d4 c9a7 d4e4 e9d9 e4d4 d9e9 d4e4 e9d9 e4d4 d9e9",
);

#[test]
fn a_perpetual_check_on_the_limit_ply_leaves_no_claim() {
    let mut g = Game::new(
        short("cxa2020", "rounds = 5\ncheck_cap = 5"),
        PERPETUAL_CHECK.0,
    );
    g.play(PERPETUAL_CHECK.1);
    let ruling = g.referee.ruling();
    assert_eq!(
        (ruling.verdict, ruling.reason),
        (Verdict::BlackWins, Some(Reason::Perpetual))
    );
    assert_no_claim_beside_the_repetition(&g.referee);
    // A claim judged there does not hold: the perpetual check decided.
    for side in [Color::Red, Color::Black] {
        let mut referee = g.referee.clone();
        referee.set_claim(ClaimMode::Claim(side));
        assert_eq!(referee.ruling().reason, Some(Reason::Perpetual));
        assert!(referee.natural_limit().claimable_by.is_empty());
    }
}

#[test]
fn rule_says_a_claim_beside_a_decisive_repetition_is_not_valid() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = dir.join("five.toml");
    std::fs::write(
        &file,
        "name = \"five\"\nbase = \"cxa2020\"\n[natural_limit]\nrounds = 5\ncheck_cap = 5\n",
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .args([
            "rule",
            "--fen",
            PERPETUAL_CHECK.0,
            "--moves",
            PERPETUAL_CHECK.1,
        ])
        .args([
            "--profile",
            file.to_str().unwrap(),
            "--claim",
            "red",
            "--json",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["verdict"], "black_wins");
    assert_eq!(v["natural_limit"]["outcome"], "repetition_decides");
    assert_eq!(v["natural_limit"]["claimable_by"], serde_json::json!([]));
    assert_eq!(
        v["claim"],
        serde_json::json!({ "by": "red", "valid": false, "ply": 10, "note": null, "note_zh": null })
    );
}

#[test]
fn a_capture_on_the_limit_ply_leaves_no_draw() {
    // "在连续60个回合中…双方都没有吃过一个棋子": a capture within the rounds,
    // even on the last of them, means the limit is not met.
    let mut g = Game::new(short("cxa2020", "rounds = 3\ncheck_cap = 1"), CHASES);
    g.play("a0a4 f9f8 a4g4 f8f9 d0d1");
    assert_eq!((g.status().red.moves, g.status().black.moves), (3, 2));
    g.play("e5g4"); // ply 6, Black's third move: the horse takes the rook
    let s = g.status();
    assert_eq!((s.since_ply, s.red.moves, s.black.moves), (7, 0, 0));
    assert_eq!(s.outcome, LimitOutcome::Running);
}

#[test]
fn the_check_cap_applies_under_axf_rules_too() {
    // AXF 2017 比赛规例: "在限着内提和方'将军'最多只计十着，超过则为无效步，要扣除";
    // here the cap is 2 in a limit of 6.
    let mut g = Game::new(short("axf", "rounds = 6\ncheck_cap = 2"), CHASES);
    g.run(12, red_plan(&[2, 4, 6], &[], &[]));
    let s = g.status();
    assert_eq!(
        (s.red.checks, s.red.void_checks, s.red.valid_moves),
        (3, 1, 5)
    );
    assert_eq!(s.red.opponent_effective_moves, 5);
    assert_eq!(s.claimable_by, vec![Color::Black]);
}

#[test]
fn a_pawn_or_king_attacking_alone_is_no_chase_for_the_attack_cap() {
    // Reading taken (the spec does not say): kings and pawns do not chase by
    // themselves (CXA), so their attacks are idle moves for the limit too.
    // Red's crossed pawn steps next to an unprotected black horse, then
    // Red's king steps next to another; a cap of 0 on 捉+杀 leaves both
    // moves counted.
    let p = short("hengfang2024-rapid", "rounds = 2\nattack_cap = 0");
    let mut g = Game::new(p, "5k3/9/9/2n6/3P5/9/9/9/4n4/3K5 w - - 0 1");
    g.play("d5d6 f9f8 d0d1 f8f9");
    let s = g.status();
    assert_eq!((s.red.attacks, s.red.valid_moves), (0, 2));
    assert_eq!(s.claimable_by, vec![Color::Red, Color::Black]);
}

#[test]
fn black_claims_after_reds_move_completes_the_rounds() {
    // rules.md §6.1, the CXA 2020 explainer: "红方走完马八进六后，双方已经在60个
    // 回合里没有吃掉过对方一个子，且黑方的'将军'着数没有超过10着" — the count
    // starts with a move of Black, Red's move completes the rounds, and
    // Black claims with its checks within the cap. Here: 6 rounds, cap 2.
    let fen = "5k3/9/9/2p5p/4n4/9/9/8r/9/R2K5 b - - 0 1";
    let p = short("cxa2020", "rounds = 6\ncheck_cap = 2");
    for (checks, holds) in [(&[2usize, 4][..], true), (&[2, 4, 5][..], false)] {
        let mut g = Game::new(p.clone(), fen);
        g.referee.set_claim(ClaimMode::Claim(Color::Black));
        g.run(11, |mover, k| match mover {
            Color::Black if checks.contains(&k) => Want::Check,
            _ => Want::Quiet,
        });
        assert!(g.referee.ended().is_none(), "Red has made 5 moves");
        g.run(1, |_, _| Want::Quiet);
        assert_eq!(g.turn(), Color::Black);
        let s = g.status();
        assert_eq!((s.black.checks, s.red.moves), (checks.len() as u32, 6));
        assert_eq!(g.referee.ended().is_some(), holds, "checks {checks:?}");
    }
}
