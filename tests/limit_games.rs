//! The natural move limit on games played with the real move generator: quiet
//! king and rook shuffles, rook checks, captures, pawn moves and a mate on the
//! last counted move. `check`, `capture` and `no_legal_reply` come from the
//! board; `chase` and `mate_threat` are set synthetically for the cap tests.

use xqarbiter::board::{Color, Move, Position, Role};
use xqarbiter::rules::limit::{
    ClaimMode, DeductionKind, LimitCounter, LimitOutcome, LimitParams, LimitStatus, PlyFacts,
};
use xqarbiter::rules::profile::Profile;

/// Red: king d0, rook a7, pawns c3 and i5. Black: king e9, rook i2, pawns a4 and
/// g6. The kings never share a file while rooks shuffle on their files; each rook
/// can check along the rank of the enemy king and capture the pawn on its file.
const SHUFFLE: &str = "4k4/9/R8/6p2/8P/p8/2P6/8r/9/3K5 w - - 0 1";

/// As `SHUFFLE` without pawns, plus a black rook on h1 that keeps Red's king on
/// rank 0, so that the black rook on i2 can mate on i0 whenever Black wants.
const MATE_READY: &str = "4k4/9/R8/9/9/9/9/8r/7r1/3K5 w - - 0 1";

/// What the next ply should be.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Want {
    Quiet,
    Check,
    Mate,
    Capture,
}

/// The synthetic attack fact attached to a ply.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Tag {
    None,
    Chase,
    MateThreat,
}

struct Game {
    pos: Position,
    counter: LimitCounter,
}

impl Game {
    fn new(fen: &str) -> Game {
        Game {
            pos: Position::from_fen(fen).unwrap(),
            counter: LimitCounter::new(),
        }
    }

    fn plies(&self) -> u32 {
        self.counter.plies()
    }

    /// Chooses a legal move of the kind wanted (kings first, rooks along their
    /// file), plays it and counts it.
    fn step(&mut self, want: Want, tag: Tag) {
        let mv = self.choose(want).unwrap_or_else(|| {
            panic!(
                "no {want:?} move at ply {} in {}",
                self.plies() + 1,
                self.pos.fen()
            )
        });
        self.play_move(mv, tag);
    }

    fn play(&mut self, uci: &str) {
        let mv = Move::parse_uci(uci).unwrap();
        assert!(self.pos.is_legal(mv), "{uci} illegal in {}", self.pos.fen());
        self.play_move(mv, Tag::None);
    }

    fn play_move(&mut self, mv: Move, tag: Tag) {
        let undo = self.pos.play_unchecked(mv);
        let mut facts = PlyFacts::observed(&self.pos, undo.captured.is_some());
        facts.chase = tag == Tag::Chase;
        facts.mate_threat = tag == Tag::MateThreat;
        self.counter.push(&facts);
    }

    fn choose(&self, want: Want) -> Option<Move> {
        let mut moves: Vec<Move> = self
            .pos
            .legal_moves()
            .into_iter()
            .filter(|&mv| self.fits(mv, want))
            .collect();
        moves.sort_by_key(|&mv| match self.pos.piece_at(mv.from()).map(|p| p.role) {
            Some(Role::King) => 0,
            _ => 1,
        });
        moves.first().copied()
    }

    fn fits(&self, mv: Move, want: Want) -> bool {
        let Some(piece) = self.pos.piece_at(mv.from()) else {
            return false;
        };
        let shape = match piece.role {
            Role::King => true,
            Role::Rook => mv.from().file() == mv.to().file(),
            _ => want == Want::Capture,
        };
        let capture = self.pos.is_capture(mv);
        let check = self.pos.gives_check(mv);
        let mut after = self.pos.clone();
        after.play_unchecked(mv);
        let mates = after.has_no_legal_moves();
        shape
            && match want {
                Want::Quiet => !capture && !check && !mates,
                Want::Check => !capture && check && !mates,
                Want::Mate => mates,
                Want::Capture => capture && !mates,
            }
    }

    /// Plays `n` plies, asking `plan(ply, mover)` (ply 1-based) what each should be.
    fn run(&mut self, n: u32, mut plan: impl FnMut(u32, Color) -> (Want, Tag)) {
        for _ in 0..n {
            let ply = self.plies() + 1;
            let (want, tag) = plan(ply, self.pos.turn());
            self.step(want, tag);
        }
    }

    fn quiet(&mut self, n: u32) {
        self.run(n, |_, _| (Want::Quiet, Tag::None));
    }

    /// The full status; checks on the way that the cheap `outcome` agrees.
    fn status(&self, profile: &str, mode: ClaimMode) -> LimitStatus {
        let s = self.counter.status(&params(profile), mode);
        assert_eq!(self.counter.outcome(&params(profile), mode), s.outcome);
        s
    }
}

fn params(profile: &str) -> LimitParams {
    Profile::builtin(profile).unwrap().limit
}

/// Red's `k`-th move (1-based) is ply `2k - 1`.
fn red_move_no(ply: u32) -> u32 {
    ply.div_ceil(2)
}

#[test]
fn sixty_rounds_reached_exactly_on_ply_120() {
    let mut g = Game::new(SHUFFLE);
    g.quiet(119);
    let s = g.status("cxa2020", ClaimMode::Automatic);
    assert_eq!((s.red.valid_moves, s.black.valid_moves), (60, 59));
    assert_eq!(s.outcome, LimitOutcome::Running);
    assert!(s.claimable_by.is_empty());
    g.quiet(1);
    let s = g.status("cxa2020", ClaimMode::Automatic);
    assert_eq!(s.outcome, LimitOutcome::Draw);
    assert_eq!(s.claimable_by, vec![Color::Red, Color::Black]);
    assert_eq!(s.since_ply, 1);
    let j = s.to_json();
    assert_eq!(j["limit"], 60);
    assert_eq!(j["claimable_by"], serde_json::json!(["red", "black"]));
}

#[test]
fn a_fen_half_move_clock_continues_the_count() {
    let start = SHUFFLE.replace(" w - - 0 1", " b - - 101 51");
    let mut g = Game::new(&start);
    g.counter = LimitCounter::resume(&g.pos);
    let s = g.status("cxa2020", ClaimMode::Automatic);
    assert_eq!((s.prior_plies, s.red.moves, s.black.moves), (101, 51, 50));
    g.quiet(18);
    assert_eq!(
        g.status("cxa2020", ClaimMode::Automatic).outcome,
        LimitOutcome::Running
    );
    g.quiet(1);
    let s = g.status("cxa2020", ClaimMode::Automatic);
    assert_eq!((s.red.moves, s.black.moves), (60, 60));
    assert_eq!(s.outcome, LimitOutcome::Draw);
    assert_eq!(s.to_json()["prior_plies"], 101);
}

#[test]
fn a_capture_restarts_the_count_from_the_next_ply() {
    let mut g = Game::new(SHUFFLE);
    g.quiet(99);
    assert_eq!(g.pos.turn(), Color::Black);
    g.step(Want::Capture, Tag::None); // ply 100: the black rook takes a red pawn
    assert_eq!(g.counter.since_ply(), 101);
    let s = g.status("cxa2020", ClaimMode::Automatic);
    assert_eq!((s.red.moves, s.black.moves), (0, 0));
    g.quiet(119);
    assert_eq!(g.plies(), 219);
    assert_eq!(
        g.status("cxa2020", ClaimMode::Automatic).outcome,
        LimitOutcome::Running
    );
    g.quiet(1);
    assert_eq!(
        g.status("cxa2020", ClaimMode::Automatic).outcome,
        LimitOutcome::Draw
    );
}

#[test]
fn pawn_moves_do_not_reset_the_count() {
    let mut g = Game::new(SHUFFLE);
    for (red, black) in [("c3c4", "g6g5"), ("c4c5", "g5g4"), ("c5c6", "g4g3")] {
        g.play(red);
        g.quiet(1);
        g.quiet(1);
        g.play(black);
    }
    g.quiet(120 - g.plies());
    let s = g.status("cxa2020", ClaimMode::Automatic);
    assert_eq!(s.since_ply, 1);
    assert_eq!(s.outcome, LimitOutcome::Draw);
}

/// Red gives `checks` checks on its first moves (after a quiet round), the rest quiet.
fn red_checks_game(checks: u32, plies: u32) -> Game {
    let mut g = Game::new(SHUFFLE);
    g.run(plies, |ply, mover| {
        let n = red_move_no(ply);
        if mover == Color::Red && (2..2 + checks).contains(&n) {
            (Want::Check, Tag::None)
        } else {
            (Want::Quiet, Tag::None)
        }
    });
    g
}

#[test]
fn ten_checks_are_within_the_cap() {
    let g = red_checks_game(10, 120);
    let s = g.status("cxa2020", ClaimMode::Claim(Color::Red));
    assert_eq!(s.red.checks, 10);
    assert_eq!(s.red.void_checks, 0);
    assert_eq!(s.outcome, LimitOutcome::Draw);
}

#[test]
fn one_check_over_the_cap_costs_a_round() {
    let mut g = red_checks_game(11, 120);
    let s = g.status("cxa2020", ClaimMode::Claim(Color::Red));
    assert_eq!((s.red.void_checks, s.red.valid_moves), (1, 59));
    assert_eq!(s.red.opponent_effective_moves, 59);
    assert_eq!(s.red.deductions[0].kind, DeductionKind::VoidChecks);
    assert_eq!(s.outcome, LimitOutcome::Running);
    g.quiet(1);
    assert_eq!(
        g.status("cxa2020", ClaimMode::Claim(Color::Red)).outcome,
        LimitOutcome::Running
    );
    g.quiet(1);
    assert_eq!(
        g.status("cxa2020", ClaimMode::Claim(Color::Red)).outcome,
        LimitOutcome::Draw
    );
}

#[test]
fn twelve_checks_automatic_versus_claim_mode() {
    // rules.md §8.1 NL-4.
    let mut g = red_checks_game(12, 120);
    let s = g.status("cxa2020", ClaimMode::Automatic);
    assert_eq!(s.red.valid_moves, 58);
    assert!(!s.red.can_claim);
    assert!(s.black.can_claim, "Black gave no checks: its claim holds");
    assert_eq!(s.claimable_by, vec![Color::Black]);
    assert_eq!(s.outcome, LimitOutcome::Draw);
    assert_eq!(
        g.status("cxa2020", ClaimMode::Claim(Color::Black)).outcome,
        LimitOutcome::Draw
    );
    assert_eq!(
        g.status("cxa2020", ClaimMode::Claim(Color::Red)).outcome,
        LimitOutcome::Running
    );
    g.quiet(3);
    let s = g.status("cxa2020", ClaimMode::Claim(Color::Red));
    assert_eq!(
        (s.red.valid_moves, s.red.opponent_effective_moves),
        (60, 59)
    );
    assert_eq!(s.outcome, LimitOutcome::Running);
    g.quiet(1);
    assert_eq!(
        g.status("cxa2020", ClaimMode::Claim(Color::Red)).outcome,
        LimitOutcome::Draw
    );
}

#[test]
fn replies_to_void_checks_count_when_the_profile_says_so() {
    let g = red_checks_game(12, 124);
    let mut p = params("cxa2020");
    let s = g.counter.status(&p, ClaimMode::Claim(Color::Red));
    assert_eq!(s.red.opponent_replies_to_void_checks, 2);
    p.count_replies_to_void_checks = true;
    let s = g.counter.status(&p, ClaimMode::Claim(Color::Red));
    assert_eq!(s.red.opponent_replies_to_void_checks, 0);
    assert_eq!(s.red.opponent_effective_moves, 62);
}

#[test]
fn black_checks_are_capped_for_black_only() {
    let mut g = Game::new(SHUFFLE);
    g.run(120, |ply, mover| {
        if mover == Color::Black && (1..=11).contains(&(ply / 2)) {
            (Want::Check, Tag::None)
        } else {
            (Want::Quiet, Tag::None)
        }
    });
    let s = g.status("cxa2020", ClaimMode::Automatic);
    assert_eq!((s.black.checks, s.black.void_checks), (11, 1));
    assert_eq!(s.claimable_by, vec![Color::Red]);
}

/// Red: `checks` checks, then `chases` chases and `threats` mate threats on quiet
/// moves, all early in the game; Black quiet.
fn red_attacks_game(checks: u32, chases: u32, threats: u32, plies: u32) -> Game {
    let mut g = Game::new(SHUFFLE);
    g.run(plies, |ply, mover| {
        let n = red_move_no(ply);
        if mover != Color::Red || n < 2 {
            return (Want::Quiet, Tag::None);
        }
        let k = n - 2;
        if k < checks {
            (Want::Check, Tag::None)
        } else if k < checks + chases {
            (Want::Quiet, Tag::Chase)
        } else if k < checks + chases + threats {
            (Want::Quiet, Tag::MateThreat)
        } else {
            (Want::Quiet, Tag::None)
        }
    });
    g
}

#[test]
fn dqsz2017_slow_sixty_thirty_ten() {
    let claim = ClaimMode::Claim(Color::Red);
    // 10 checks + 20 chases = 30 attacking moves: all count.
    let g = red_attacks_game(10, 20, 0, 120);
    assert_eq!(g.status("dqsz2017-slow", claim).outcome, LimitOutcome::Draw);
    // 10 + 15 chases + 6 mate threats = 31: one void.
    let g = red_attacks_game(10, 15, 6, 120);
    let s = g.status("dqsz2017-slow", claim);
    assert_eq!(
        (s.red.void_checks, s.red.void_attacks, s.red.valid_moves),
        (0, 1, 59)
    );
    assert_eq!(s.outcome, LimitOutcome::Running);
    // Under cxa2020 (no attack cap) the same game can be claimed.
    assert_eq!(g.status("cxa2020", claim).outcome, LimitOutcome::Draw);
    // Checks beyond 10 are void once, not again as attacks: 12 + 20 -> 2 void.
    let g = red_attacks_game(12, 20, 0, 120);
    let s = g.status("dqsz2017-slow", claim);
    assert_eq!((s.red.void_checks, s.red.void_attacks), (2, 0));
}

#[test]
fn dqsz2017_rapid_fifty_twentyfive_eight() {
    let claim = ClaimMode::Claim(Color::Red);
    let g = red_attacks_game(8, 17, 0, 100);
    assert_eq!(
        g.status("dqsz2017-rapid", claim).outcome,
        LimitOutcome::Draw
    );
    let g = red_attacks_game(9, 16, 0, 100);
    let s = g.status("dqsz2017-rapid", claim);
    assert_eq!((s.red.void_checks, s.red.void_attacks), (1, 0));
    assert_eq!(s.outcome, LimitOutcome::Running);
    let g = red_attacks_game(8, 18, 0, 100);
    let s = g.status("dqsz2017-rapid", claim);
    assert_eq!((s.red.void_checks, s.red.void_attacks), (0, 1));
    assert_eq!(s.outcome, LimitOutcome::Running);
    // 99 plies: Black has made only 49 moves.
    let g = red_attacks_game(0, 0, 0, 99);
    assert_eq!(
        g.status("dqsz2017-rapid", ClaimMode::Automatic).outcome,
        LimitOutcome::Running
    );
}

#[test]
fn nanping2018_forty_with_checks_never_counted() {
    let mut g = red_checks_game(1, 80);
    let s = g.status("nanping2018", ClaimMode::Automatic);
    assert_eq!((s.red.void_checks, s.red.valid_moves), (1, 39));
    assert_eq!(s.red.opponent_effective_moves, 39);
    assert_eq!(s.claimable_by, vec![Color::Black], "Black gave no check");
    assert_eq!(s.outcome, LimitOutcome::Draw);
    assert_eq!(
        g.status("nanping2018", ClaimMode::Claim(Color::Red))
            .outcome,
        LimitOutcome::Running
    );
    g.quiet(1);
    assert_eq!(
        g.status("nanping2018", ClaimMode::Claim(Color::Red))
            .outcome,
        LimitOutcome::Running
    );
    g.quiet(1);
    assert_eq!(
        g.status("nanping2018", ClaimMode::Claim(Color::Red))
            .outcome,
        LimitOutcome::Draw
    );
    // Under cxa2011 (cap 10) that single check costs nothing.
    let g = red_checks_game(1, 80);
    let mut p = params("cxa2011");
    p.rounds = 40;
    assert_eq!(
        g.counter.status(&p, ClaimMode::Claim(Color::Red)).outcome,
        LimitOutcome::Draw
    );
}

#[test]
fn hengfang2024_slow_forty_with_chases_and_threats_capped_at_twenty() {
    let claim = ClaimMode::Claim(Color::Red);
    let g = red_attacks_game(0, 15, 5, 80);
    assert_eq!(
        g.status("hengfang2024-slow", claim).outcome,
        LimitOutcome::Draw
    );
    let g = red_attacks_game(0, 15, 6, 80);
    let s = g.status("hengfang2024-slow", claim);
    assert_eq!((s.red.void_attacks, s.red.valid_moves), (1, 39));
    assert!(
        s.red
            .deductions
            .iter()
            .any(|d| d.reason.zh.contains("捉、杀"))
    );
    assert_eq!(s.outcome, LimitOutcome::Running);
    // Checks never count, and are not counted again against the 捉+杀 cap.
    let g = red_attacks_game(2, 20, 0, 80);
    let s = g.status("hengfang2024-slow", claim);
    assert_eq!(
        (s.red.void_checks, s.red.void_attacks, s.red.valid_moves),
        (2, 0, 38)
    );
}

#[test]
fn hengfang2024_rapid_thirty_with_cap_fifteen() {
    let claim = ClaimMode::Claim(Color::Red);
    let g = red_attacks_game(0, 15, 0, 60);
    assert_eq!(
        g.status("hengfang2024-rapid", claim).outcome,
        LimitOutcome::Draw
    );
    let g = red_attacks_game(0, 16, 0, 60);
    assert_eq!(
        g.status("hengfang2024-rapid", claim).outcome,
        LimitOutcome::Running
    );
    // Black, quiet, may still claim.
    assert_eq!(
        g.status("hengfang2024-rapid", ClaimMode::Automatic)
            .claimable_by,
        vec![Color::Black]
    );
}

#[test]
fn a_mate_on_the_last_counted_move_beats_the_limit() {
    let mut g = Game::new(MATE_READY);
    g.quiet(119);
    let mut control = Game {
        pos: g.pos.clone(),
        counter: g.counter.clone(),
    };
    g.step(Want::Mate, Tag::None);
    assert!(g.pos.has_no_legal_moves() && g.pos.in_check());
    let s = g.status("cxa2020", ClaimMode::Automatic);
    assert!(s.red.reached && s.black.reached);
    assert!(s.claimable_by.is_empty());
    assert_eq!(s.outcome, LimitOutcome::MateBeatsLimit);
    assert_eq!(s.to_json()["outcome"], "mate_beats_limit");
    control.quiet(1);
    assert_eq!(
        control.status("cxa2020", ClaimMode::Automatic).outcome,
        LimitOutcome::Draw
    );
}

#[test]
fn a_decisive_repetition_on_the_limit_ply_decides_before_the_limit() {
    use xqarbiter::referee::Referee;
    use xqarbiter::rules::ruling::{Lang, Reason, Verdict};
    // Red checks perpetually; the third occurrence falls on ply 10, where a
    // limit of 5 rounds is reached too.
    let mut profile = Profile::builtin("cxa2020").unwrap();
    profile.limit.rounds = 5;
    let start = Position::from_fen("2b1k1b2/9/9/9/9/1R7/9/9/9/2B2KB2 w").unwrap();
    let mut referee = Referee::new(profile, start);
    for m in "b4d4 c9a7 d4e4 e9d9 e4d4 d9e9 d4e4 e9d9 e4d4 d9e9".split_whitespace() {
        referee.push(Move::parse_uci(m).unwrap()).unwrap();
    }
    let ruling = referee.ruling();
    assert_eq!(
        (ruling.verdict, ruling.reason),
        (Verdict::BlackWins, Some(Reason::Perpetual))
    );
    assert_eq!(
        ruling.natural_limit.outcome,
        LimitOutcome::RepetitionDecides
    );
    assert!(
        ruling
            .natural_limit_text(Lang::En)
            .ends_with("but the repetition completed by the last move decides the game")
    );
}
