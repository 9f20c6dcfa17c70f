//! The natural move limit under the built-in profiles' own numbers (cxa2011,
//! cxa2020, axf: 60 rounds and 10 checks; the regulations' 60/50/40/30
//! rounds and their caps), the whole feature: games are played with the
//! move generator, every check, chase and mate threat is the rules' own
//! classification, no position stands a third time, and what is asserted
//! is what `rule --claim` and `audit` print for the game.

use std::path::Path;
use std::process::{Command, Output};

use xqarbiter::board::{Color, Move, Position, Role, Square};
use xqarbiter::referee::{Event, Referee};
use xqarbiter::rules::Nature;
use xqarbiter::rules::profile::Profile;

mod cli_common;
use cli_common::json_of;

/// What the next ply should be, as the rules classify it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Want {
    /// No capture, check, chase or mate threat; a legal reply is left.
    Quiet,
    Check,
    Chase,
    Capture,
    /// A move that leaves the opponent no legal move, in check.
    Mate,
    /// Any move that is no capture or check and leaves a legal reply.
    Any,
    /// A quiet move of Red's rook, to a square from which it can chase.
    Reposition,
}

/// The squares a rook on `rook` slides to: empty, or the first piece met
/// in each direction.
fn slides(pos: &Position, rook: Square) -> Vec<Square> {
    let mut out = Vec::new();
    for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
        let (mut f, mut r) = (rook.file().index() as i32, rook.rank().index() as i32);
        loop {
            f += df;
            r += dr;
            let Some(sq) = Square::at(f, r) else { break };
            out.push(sq);
            if pos.piece_at(sq).is_some() {
                break;
            }
        }
    }
    out
}

/// The opponent's horses that the rook on `rook` attacks.
fn targets(pos: &Position, rook: Square) -> Vec<Square> {
    let color = pos.piece_at(rook).map(|p| p.color);
    slides(pos, rook)
        .into_iter()
        .filter(|&sq| {
            pos.piece_at(sq)
                .is_some_and(|p| Some(p.color) != color && p.role == Role::Horse)
        })
        .collect()
}

/// Whether the rook on `rook` could chase a horse it does not attack yet
/// with its next move (Black's move in between left aside).
fn can_chase_again(pos: &Position, rook: Square) -> bool {
    let now = targets(pos, rook);
    slides(pos, rook)
        .into_iter()
        .filter(|&sq| pos.piece_at(sq).is_none())
        .any(|sq| {
            let mut next = pos.passed();
            next.play_unchecked(Move::new(rook, sq));
            let then = targets(&next, sq);
            then.len() == 1 && !now.contains(&then[0])
        })
}

/// A game walked by a referee under a profile: at each ply the first legal
/// move of the kind wanted that brings a position never seen before (or
/// else one seen once), so that over a long game no position stands a
/// third time and no repetition decides anything.
struct Walk {
    referee: Referee,
    fen: String,
    moves: Vec<Move>,
    /// Red's rook chases Black's pieces, which stay where they are: Red
    /// moves its king when quiet, Black only its king and advisors, and
    /// Red's rook keeps a chase within reach (see [`Walk::step_where`]).
    chasing: bool,
}

impl Walk {
    fn new(profile: &str, fen: &str) -> Walk {
        let profile = Profile::builtin(profile).unwrap();
        let mut referee = Referee::new(profile, Position::from_fen(fen).unwrap());
        referee.set_limit_detail(true);
        Walk {
            referee,
            fen: fen.to_string(),
            moves: Vec::new(),
            chasing: true,
        }
    }

    /// A walk in which Red's rook moves first and Black moves any piece.
    fn free(profile: &str, fen: &str) -> Walk {
        Walk {
            chasing: false,
            ..Walk::new(profile, fen)
        }
    }

    fn plies(&self) -> usize {
        self.moves.len()
    }

    /// Plays a move of the kind wanted; panics if there is none.
    fn step(&mut self, want: Want) {
        self.step_where(want, |_| true);
    }

    /// Plays a move of the kind wanted after which `also` holds of the
    /// position; panics if there is none.
    fn step_where(&mut self, want: Want, also: impl Fn(&Position) -> bool) {
        if !self.try_step(want, also) {
            panic!(
                "no {want:?} move at ply {} in {}",
                self.plies() + 1,
                self.referee.position().fen()
            );
        }
    }

    /// Plays a move of the kind wanted after which `also` holds of the
    /// position, if there is one. Red's rook ends a quiet move attacking no
    /// horse, and a chase attacking one, and every move where its next move
    /// could chase a horse it does not attack yet.
    fn try_step(&mut self, want: Want, also: impl Fn(&Position) -> bool) -> bool {
        let pos = self.referee.position().clone();
        // Red moves its king first, then its rook; Black its king, then
        // its advisors, and no other piece when quiet: the targets stay.
        let chasing = self.chasing;
        let order: &[Role] = match (pos.turn(), chasing && want != Want::Reposition) {
            (Color::Red, true) => &[Role::King, Role::Rook],
            (Color::Red, false) => &[Role::Rook, Role::King],
            (Color::Black, _) => &[Role::King, Role::Advisor],
        };
        let rank = |mv: &Move| {
            let role = pos.piece_at(mv.from()).map(|p| p.role);
            order
                .iter()
                .position(|&r| Some(r) == role)
                .unwrap_or(order.len())
        };
        let rook_fits = |after: &Position, rook: Square| {
            let n = targets(after, rook).len();
            match want {
                Want::Quiet | Want::Reposition => n == 0 && can_chase_again(after, rook),
                Want::Check => can_chase_again(after, rook),
                Want::Chase => n == 1 && can_chase_again(after, rook),
                Want::Capture | Want::Mate | Want::Any => true,
            }
        };
        let mut moves: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|&mv| pos.is_capture(mv) == (want == Want::Capture))
            .filter(|&mv| pos.gives_check(mv) == matches!(want, Want::Check | Want::Mate))
            .filter(|&mv| {
                let mut after = pos.clone();
                after.play_unchecked(mv);
                let red_rook = chasing
                    && pos.turn() == Color::Red
                    && pos
                        .piece_at(mv.from())
                        .is_some_and(|p| p.role == Role::Rook);
                let black_piece = chasing
                    && pos.turn() == Color::Black
                    && pos
                        .piece_at(mv.from())
                        .is_some_and(|p| !matches!(p.role, Role::King | Role::Advisor));
                also(&after)
                    && (!red_rook || rook_fits(&after, mv.to()))
                    && !(black_piece && want == Want::Quiet)
            })
            .collect();
        moves.sort_by_key(rank);
        let mut seen_once = None;
        for mv in moves {
            let event = self.referee.push(mv).unwrap();
            let stood = match event {
                Event::Repetition(n) => n,
                _ => 1,
            };
            let fits = stood < 3
                && self.fits(want)
                && (!chasing || pos.turn() == Color::Black || self.black_can_reply());
            self.referee.pop();
            if fits && stood == 1 {
                self.play(mv);
                return true;
            }
            if fits && seen_once.is_none() {
                seen_once = Some(mv);
            }
        }
        seen_once.map(|mv| self.play(mv)).is_some()
    }

    /// Whether Black, to move, has a quiet move of its king or an advisor
    /// that brings no position a third time.
    fn black_can_reply(&mut self) -> bool {
        let pos = self.referee.position().clone();
        pos.legal_moves().into_iter().any(|mv| {
            let by = pos.piece_at(mv.from()).map(|p| p.role);
            if pos.is_capture(mv)
                || pos.gives_check(mv)
                || !matches!(by, Some(Role::King | Role::Advisor))
            {
                return false;
            }
            let event = self.referee.push(mv).unwrap();
            let fits = !matches!(event, Event::Repetition(n) if n >= 3) && self.fits(Want::Quiet);
            self.referee.pop();
            fits
        })
    }

    /// Whether the move just pushed is of the kind wanted.
    fn fits(&self, want: Want) -> bool {
        let no_moves = self.referee.position().has_no_legal_moves();
        if want == Want::Mate {
            return no_moves;
        }
        if no_moves {
            return false;
        }
        let (_, last) = self.referee.last_moves(1);
        let nature = last[0].nature.nature;
        match want {
            Want::Capture | Want::Any => true,
            Want::Quiet | Want::Reposition => {
                !matches!(nature, Nature::Check | Nature::Chase | Nature::MateThreat)
            }
            Want::Check => nature == Nature::Check,
            Want::Chase => nature == Nature::Chase,
            Want::Mate => unreachable!(),
        }
    }

    fn play(&mut self, mv: Move) {
        self.referee.push(mv).unwrap();
        self.moves.push(mv);
    }

    /// Plays `n` quiet plies.
    fn quiet(&mut self, n: usize) -> &mut Walk {
        for _ in 0..n {
            self.step(Want::Quiet);
        }
        self
    }

    /// The moves in coordinates, space-separated.
    fn move_text(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(Move::to_string).collect();
        moves.join(" ")
    }

    /// `rule --json` on the game under `profile`, after ply `ply` (all when
    /// `None`), with `--claim side` when a side is given.
    fn rule(&self, profile: &str, ply: Option<usize>, claim: Option<&str>) -> serde_json::Value {
        let ply = ply.map(|p| p.to_string());
        let mut args = vec!["--profile", profile, "--json"];
        if let Some(ply) = &ply {
            args.extend(["--ply", ply]);
        }
        if let Some(side) = claim {
            args.extend(["--claim", side]);
        }
        let v = json_of(&self.rule_with(&args));
        // No repetition ended the game before its last ply.
        assert!(v["ended"].is_null(), "{}", v["ended"]);
        v
    }

    /// `rule` on the game with the options `args`.
    fn rule_with(&self, args: &[&str]) -> Output {
        let moves = self.move_text();
        let mut all = vec!["rule", "--fen", &self.fen, "--moves", &moves];
        all.extend(args);
        xqarbiter(&all)
    }

    /// `audit --jsonl` of the game, saved as a record file, under `profile`:
    /// its one row.
    fn audit(&self, profile: &str) -> serde_json::Value {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let file = dir.join("game.txt");
        std::fs::write(&file, format!("局面：{}\n{}\n", self.fen, self.move_text())).unwrap();
        let out = xqarbiter(&[
            "audit",
            file.to_str().unwrap(),
            "--profile",
            profile,
            "--jsonl",
        ]);
        let text = String::from_utf8(out.stdout).unwrap();
        let mut rows = text.lines();
        let row = serde_json::from_str(rows.next().expect("one row")).unwrap();
        assert!(rows.next().is_none(), "{text}");
        row
    }
}

fn xqarbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xqarbiter"))
        .args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .output()
        .expect("the binary runs")
}

/// The natural-limit findings of an audit row: (ply, detail).
fn limit_findings(row: &serde_json::Value) -> Vec<(u64, String)> {
    row["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["kind"] == "natural_limit")
        .map(|f| {
            (
                f["ply"].as_u64().unwrap(),
                f["detail"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The claim's verdict and the claimant's counts: (valid, moves, checks,
/// attacks, void checks, void attacks, valid moves, opponent's counted moves).
fn claim(v: &serde_json::Value, side: &str) -> (bool, [u64; 7]) {
    assert_eq!(v["claim"]["by"], side);
    let s = &v["natural_limit"][side];
    let n = |k: &str| s[k].as_u64().unwrap();
    (
        v["claim"]["valid"].as_bool().unwrap(),
        [
            n("moves"),
            n("checks"),
            n("attacks"),
            n("void_checks"),
            n("void_attacks"),
            n("valid_moves"),
            n("opponent_effective_moves"),
        ],
    )
}

/// The readings `side`'s count rests on, as `rule --json` names them.
fn readings(v: &serde_json::Value, side: &str) -> Vec<String> {
    v["natural_limit"][side]["readings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["reading"].as_str().unwrap().to_string())
        .collect()
}

/// Red: king d0, rook a0. Black: king e9, advisors d9 and f9, and two
/// unprotected horses, c7 and g5, far from the palaces: the rook checks along the black king's
/// file or rank, chases a horse by coming onto its file or rank, and walks
/// the board quietly in between; the black king and advisors walk the palace.
const CHASES: &str = "3aka3/9/2n6/9/6n2/9/9/9/9/R2K5 w - - 0 1";

/// Plays `plies` plies: from its second move on, Red checks until it has
/// given `checks` checks, then chases until it has chased `chases` times;
/// when no such move is to be had, its rook moves quietly to a square from
/// which it can, and the rest of Red's moves are quiet. Black is quiet.
fn red_attacks(g: &mut Walk, plies: usize, checks: usize, chases: usize) {
    let (mut checked, mut chased) = (0, 0);
    for _ in 0..plies {
        let red = g.referee.position().turn() == Color::Red;
        let want = match (red && g.plies() >= 2, checked < checks, chased < chases) {
            (false, _, _) => Want::Quiet,
            (true, true, _) => Want::Check,
            (true, false, true) => Want::Chase,
            (true, false, false) => Want::Quiet,
        };
        if g.try_step(want, |_| true) {
            checked += usize::from(want == Want::Check);
            chased += usize::from(want == Want::Chase);
        } else {
            assert_ne!(want, Want::Quiet, "no quiet move at ply {}", g.plies() + 1);
            g.step(Want::Reposition);
        }
    }
    assert_eq!(
        (checked, chased),
        (checks, chases),
        "the attacks do not fit in"
    );
}

#[test]
fn hengfang2024_slow_twenty_one_chases_in_forty_rounds_are_one_too_many() {
    // Regulation C: 40 rounds; the claimant's 捉+杀 count at most half the
    // limit, 20; its checks never count. Red chases on its moves 2 to 22.
    let mut g = Walk::new("hengfang2024-slow", CHASES);
    red_attacks(&mut g, 80, 0, 21);
    let v = g.rule("hengfang2024-slow", None, Some("red"));
    assert_eq!(claim(&v, "red"), (false, [40, 0, 21, 0, 1, 39, 40]));
    assert_eq!(
        v["natural_limit"]["claimable_by"],
        serde_json::json!(["black"])
    );
    let black = g.rule("hengfang2024-slow", None, Some("black"));
    assert_eq!(claim(&black, "black"), (true, [40, 0, 0, 0, 0, 40, 40]));
    // The audit: from ply 80 a draw could be claimed, by Black only.
    let row = g.audit("hengfang2024-slow");
    assert_eq!(
        limit_findings(&row),
        [(
            80,
            "a draw by the natural move limit (40 rounds) could be claimed by black from here"
                .to_string()
        )]
    );
    // One more quiet round: 40 of Red's 41 moves count, and Red may claim.
    g.quiet(2);
    let v = g.rule("hengfang2024-slow", None, Some("red"));
    assert_eq!(claim(&v, "red"), (true, [41, 0, 21, 0, 1, 40, 41]));
    // The audit says so too, from Red's 41st move, ply 81: an arbiter
    // facing Red's claim on ply 80 needs to know it did not hold yet.
    let row = g.audit("hengfang2024-slow");
    let claimed = |side: &str| {
        format!("a draw by the natural move limit (40 rounds) could be claimed by {side} from here")
    };
    assert_eq!(
        limit_findings(&row),
        [(80, claimed("black")), (81, claimed("red"))]
    );
    // Under cxa2020 (60 rounds, no attack cap) nothing is reached yet.
    let v = g.rule("cxa2020", None, Some("red"));
    assert_eq!(v["claim"]["valid"], false);
    assert_eq!(v["natural_limit"]["outcome"], "running");
    // Twenty chases are within the cap.
    let mut g = Walk::new("hengfang2024-slow", CHASES);
    red_attacks(&mut g, 80, 0, 20);
    let v = g.rule("hengfang2024-slow", None, Some("red"));
    assert_eq!(claim(&v, "red"), (true, [40, 0, 20, 0, 0, 40, 40]));
}

#[test]
fn hengfang2024_rapid_one_check_costs_the_claimant_a_round() {
    // Regulation C, rapid: 30 rounds, checks never counted, 捉+杀 at most 15.
    // Red checks once and chases 15 times: the check is void, and Black's
    // answer to it does not count either.
    let mut g = Walk::new("hengfang2024-rapid", CHASES);
    red_attacks(&mut g, 60, 1, 15);
    let v = g.rule("hengfang2024-rapid", None, Some("red"));
    assert_eq!(claim(&v, "red"), (false, [30, 1, 15, 1, 0, 29, 29]));
    g.quiet(2);
    let v = g.rule("hengfang2024-rapid", None, Some("red"));
    assert_eq!(claim(&v, "red"), (true, [31, 1, 15, 1, 0, 30, 30]));
}

#[test]
fn dqsz2017_slow_checks_and_chases_share_the_cap_of_thirty() {
    // Regulation A, slow: 60 rounds; 将+杀+捉 count at most 30, of which
    // checks at most 10. Red checks 10 times and chases 21 times: 31, one
    // void. The same game under the three rule sets' own profiles (no
    // attack cap) can be claimed.
    let mut g = Walk::new("dqsz2017-slow", CHASES);
    red_attacks(&mut g, 120, 10, 21);
    let v = g.rule("dqsz2017-slow", None, Some("red"));
    assert_eq!(claim(&v, "red"), (false, [60, 10, 21, 0, 1, 59, 60]));
    let zh = v["natural_limit"]["red"]["deductions"][0]["zh"]
        .as_str()
        .unwrap();
    assert_eq!(zh, "将、杀、捉累计超过30着，1着为无效着，扣除");
    for profile in ["cxa2011", "cxa2020", "axf"] {
        let v = g.rule(profile, None, Some("red"));
        assert_eq!(v["claim"]["valid"], true, "{profile}");
        assert_eq!(v["natural_limit"]["red"]["checks"], 10, "{profile}");
    }
    let row = g.audit("dqsz2017-slow");
    assert_eq!(limit_findings(&row)[0].0, 120);
    assert!(
        limit_findings(&row)[0]
            .1
            .ends_with("claimed by black from here")
    );
    let row = g.audit("cxa2020");
    assert!(
        limit_findings(&row)[0]
            .1
            .ends_with("claimed by red and black from here")
    );
    // The regulation's caps ruled under cxa2020 (`--rules`): Red's claim
    // fails by them, and would hold under cxa2020's own caps; the ruling
    // says it rests on keeping them, in JSON and in both languages.
    let under = [
        "--profile",
        "dqsz2017-slow",
        "--rules",
        "cxa2020",
        "--claim",
        "red",
    ];
    let v = json_of(&g.rule_with(&[&under[..], &["--json"]].concat()));
    assert_eq!(claim(&v, "red"), (false, [60, 10, 21, 0, 1, 59, 60]));
    assert_eq!(readings(&v, "red"), ["other_rules_caps"]);
    let en = String::from_utf8(
        g.rule_with(&[&under[..], &["--lang", "en"]].concat())
            .stdout,
    )
    .unwrap();
    let en_line = "\nred's claim rests on a reading: the caps are those of a profile made for the \
                   cxa2011 rules, kept under cxa2020 (with cxa2020's own caps, checks at most 10 \
                   and no attack cap, it would hold)\n";
    assert!(en.contains(en_line), "{en}");
    let zh = String::from_utf8(
        g.rule_with(&[&under[..], &["--lang", "zh"]].concat())
            .stdout,
    )
    .unwrap();
    let zh_line = "\n红方提和取决于一种解读：所用上限出自为cxa2011规则制定的规程，按cxa2020规则裁决时\
                   照用（若用cxa2020规则本身的上限，将军最多计10着，攻着不设上限，则提和成立）\n";
    assert!(zh.contains(zh_line), "{zh}");
    // A user profile that takes the regulation as its base and names
    // cxa2020 as its rules is read the same way, in JSON and in both
    // languages; one that sets the caps itself gives the organiser's
    // numbers, no reading.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let inherits = dir.join("inherits.toml");
    std::fs::write(
        &inherits,
        "name = \"t\"\nbase = \"dqsz2017-slow\"\nrules = \"cxa2020\"\n",
    )
    .unwrap();
    let file = inherits.to_str().unwrap();
    let by_file = ["--profile", file, "--claim", "red"];
    let v = json_of(&g.rule_with(&[&by_file[..], &["--json"]].concat()));
    assert_eq!(claim(&v, "red"), (false, [60, 10, 21, 0, 1, 59, 60]));
    assert_eq!(readings(&v, "red"), ["other_rules_caps"]);
    let out = |args: &[&str]| String::from_utf8(g.rule_with(args).stdout).unwrap();
    let en = out(&[&by_file[..], &["--lang", "en"]].concat());
    assert!(en.contains(en_line), "{en}");
    let zh = out(&[&by_file[..], &["--lang", "zh"]].concat());
    assert!(zh.contains(zh_line), "{zh}");
    let sets = dir.join("sets.toml");
    std::fs::write(
        &sets,
        "name = \"t\"\nbase = \"dqsz2017-slow\"\nrules = \"cxa2020\"\n\
         [natural_limit]\ncheck_cap = 10\nattack_cap = 30\n",
    )
    .unwrap();
    let by_file = ["--profile", sets.to_str().unwrap(), "--claim", "red"];
    let v = json_of(&g.rule_with(&[&by_file[..], &["--json"]].concat()));
    assert_eq!(claim(&v, "red"), (false, [60, 10, 21, 0, 1, 59, 60]));
    assert_eq!(readings(&v, "red"), Vec::<String>::new());
    for lang in ["en", "zh"] {
        let text = out(&[&by_file[..], &["--lang", lang]].concat());
        assert!(!text.contains("cxa2011"), "{text}");
    }
    // One that says only what the cap covers adopts the base's cap of 30:
    // the organiser's too.
    let scope = dir.join("scope.toml");
    std::fs::write(
        &scope,
        "name = \"t\"\nbase = \"dqsz2017-slow\"\nrules = \"cxa2020\"\n\
         [natural_limit]\nattack_cap_counts_checks = true\n",
    )
    .unwrap();
    let by_file = [
        "--profile",
        scope.to_str().unwrap(),
        "--claim",
        "red",
        "--json",
    ];
    let v = json_of(&g.rule_with(&by_file));
    assert_eq!(claim(&v, "red"), (false, [60, 10, 21, 0, 1, 59, 60]));
    assert_eq!(readings(&v, "red"), Vec::<String>::new());
    // Under cxa2011 Red's claim rests on the cap of 10 checks, a number no
    // verified 2011 text gives: the finding says so.
    let row = g.audit("cxa2011");
    assert_eq!(
        limit_findings(&row)[0].1,
        "a draw by the natural move limit (60 rounds) could be claimed by red and black from \
         here; red's claim rests on a reading where the rule texts are silent: the check cap of \
         10 is the profile's, from no verified text of its rules (with its checks never counted, \
         it would not hold)"
    );
}

#[test]
fn eleven_checks_in_sixty_rounds_under_cxa2011_cxa2020_and_axf() {
    // rules.md §6.1 and §8.1 NL-4: the claimant's checks count at most 10;
    // the 11th is void, and so is Black's reply to it: Red's claim falls
    // short at ply 120 and holds one round later; Black's holds at 120.
    let mut g = Walk::new("cxa2020", CHASES);
    red_attacks(&mut g, 122, 11, 10);
    for profile in ["cxa2011", "cxa2020", "axf"] {
        let v = g.rule(profile, Some(120), Some("red"));
        let (valid, counts) = claim(&v, "red");
        assert!(!valid, "{profile}");
        assert_eq!(
            (counts[1], counts[3], counts[5], counts[6]),
            (11, 1, 59, 59),
            "{profile}"
        );
        let v = g.rule(profile, Some(120), Some("black"));
        assert_eq!(v["claim"]["valid"], true, "{profile}");
        let v = g.rule(profile, Some(121), Some("red"));
        assert_eq!(
            v["claim"]["valid"], false,
            "{profile}: Black's 60th counted move is to come"
        );
        // Both answers rest on readings where the texts are silent, and say
        // so: at ply 120 the cxa2011 cap (with no cap Red's claim would
        // hold); at ply 121 Black's uncounted reply to the void check (and,
        // under cxa2011, the cap again).
        let v120 = g.rule(profile, Some(120), Some("red"));
        let cap_reading = profile == "cxa2011";
        // cxa2020's and axf's cap of 10 ruled under cxa2011 is cxa2011's
        // own, and as much a reading as it is there.
        let as_cxa2011 = json_of(&g.rule_with(&[
            "--profile",
            profile,
            "--rules",
            "cxa2011",
            "--ply",
            "120",
            "--claim",
            "red",
            "--json",
        ]));
        assert_eq!(readings(&as_cxa2011, "red"), ["check_cap"], "{profile}");
        assert_eq!(
            readings(&v120, "red"),
            if cap_reading {
                vec!["check_cap"]
            } else {
                vec![]
            }
        );
        let expected = if cap_reading {
            vec!["replies_to_void_checks", "check_cap"]
        } else {
            vec!["replies_to_void_checks"]
        };
        assert_eq!(readings(&v, "red"), expected, "{profile}");
        let notes = v["natural_limit"]["red"]["readings"][0]["en"]
            .as_str()
            .unwrap();
        assert_eq!(
            notes,
            "red's claim rests on a reading where the rule texts are silent: black's replies to \
             red's void checks are not counted (counted, it would hold)"
        );
        let v = g.rule(profile, None, Some("red"));
        assert_eq!(
            claim(&v, "red"),
            (true, [61, 11, counts[2], 1, 0, 60, 60]),
            "{profile}"
        );
    }
}

#[test]
fn dqsz2017_rapid_eight_checks_and_twenty_five_attacks_in_fifty_rounds() {
    // Regulation A, rapid: 50 rounds, attack cap 25, checks at most 8.
    let mut g = Walk::new("dqsz2017-rapid", CHASES);
    red_attacks(&mut g, 100, 8, 17);
    let v = g.rule("dqsz2017-rapid", None, Some("red"));
    assert_eq!(claim(&v, "red"), (true, [50, 8, 17, 0, 0, 50, 50]));
    // A ninth check is void as a check, and counts no more as an attack.
    let mut g = Walk::new("dqsz2017-rapid", CHASES);
    red_attacks(&mut g, 100, 9, 16);
    let v = g.rule("dqsz2017-rapid", None, Some("red"));
    assert_eq!(claim(&v, "red"), (false, [50, 9, 16, 1, 0, 49, 49]));
    // Under the Armageddon profile of the same event, the same count; a
    // claim that holds is a draw, scored as a Black win.
    let mut g = Walk::new("dqsz2017-armageddon", CHASES);
    g.quiet(100);
    let v = g.rule("dqsz2017-armageddon", None, Some("red"));
    assert_eq!(v["claim"]["valid"], true);
    assert_eq!(v["verdict"], "black_wins");
}

#[test]
fn each_limit_is_reached_exactly_on_its_last_ply() {
    // 30, 40, 50 and 60 rounds: after 2L - 1 plies Black has made L - 1
    // moves and no claim holds; after 2L plies both may claim.
    let mut g = Walk::new("cxa2020", CHASES);
    g.quiet(120);
    for (profile, rounds) in [
        ("hengfang2024-rapid", 30),
        ("nanping2018", 40),
        ("dqsz2017-rapid", 50),
        ("cxa2020", 60),
    ] {
        let last = 2 * rounds;
        for side in ["red", "black"] {
            let v = g.rule(profile, Some(last - 1), Some(side));
            assert_eq!(v["claim"]["valid"], false, "{profile} {side}");
            let v = g.rule(profile, Some(last), Some(side));
            assert_eq!(v["claim"]["valid"], true, "{profile} {side}");
        }
        let row = g.audit(profile);
        assert_eq!(limit_findings(&row)[0].0, last as u64, "{profile}");
    }
}

/// As `CHASES`, with a black pawn on a3 for the rook to take.
const PAWN: &str = "3aka3/9/2n6/9/6n2/9/p8/9/9/R2K5 w - - 0 1";

/// Plays `quiet` plies that take nothing, then a move after which nothing
/// can be taken but the other side, were it to move, could take (the rook
/// comes onto the pawn's line: a chase, or not, it does not matter here),
/// a ply that takes nothing, and a capture: `quiet` + 3 plies.
fn take_after_quiet_plies(g: &mut Walk, quiet: usize) {
    g.quiet(quiet);
    g.step_where(Want::Any, |after| {
        after.legal_moves().iter().all(|&mv| !after.is_capture(mv))
            && after
                .passed()
                .legal_moves()
                .iter()
                .any(|&mv| after.passed().is_capture(mv))
    });
    g.quiet(1);
    g.step(Want::Capture);
}

#[test]
fn a_count_restarted_after_the_limit_is_found_again() {
    // The players play on past the limit (no one claims), a capture on ply
    // 141 restarts the count, and 60 more rounds reach the limit again on
    // ply 261: the audit finds both, since a claim in the second count
    // rests on that count alone.
    let mut g = Walk::new("cxa2020", PAWN);
    take_after_quiet_plies(&mut g, 138);
    assert_eq!(g.plies(), 141);
    g.quiet(120);
    let row = g.audit("cxa2020");
    let plies: Vec<u64> = limit_findings(&row).iter().map(|f| f.0).collect();
    assert_eq!(plies, [120, 261]);
    assert_eq!(row["ruled_result"], "draw");
}

#[test]
fn a_capture_restarts_the_count_under_cxa2020() {
    // rules.md §6.2: ply 101 takes a piece; the count starts again at ply
    // 102, and 60 rounds are reached on ply 221.
    let mut g = Walk::new("cxa2020", PAWN);
    take_after_quiet_plies(&mut g, 98);
    assert_eq!(g.plies(), 101);
    g.quiet(120);
    let v = g.rule("cxa2020", Some(220), Some("black"));
    assert_eq!(v["claim"]["valid"], false);
    assert_eq!(v["natural_limit"]["since_ply"], 102);
    let v = g.rule("cxa2020", None, Some("black"));
    assert_eq!(v["claim"]["valid"], true);
    let row = g.audit("cxa2020");
    assert_eq!(limit_findings(&row)[0].0, 221);
}

/// Red: king d0, rook a7; Black: king e9, rooks h1 and i2. The h1 rook keeps
/// Red's king on rank 0, where the i2 rook can mate it.
const MATE_READY: &str = "4k4/9/R8/9/9/9/9/8r/7r1/3K5 w - - 0 1";

#[test]
fn a_mate_on_the_limit_ply_beats_the_limit() {
    // rules.md §6.3 precedence; regulation B "最终没有将死对方": Black's 60th
    // move mates on ply 120. No claim holds there; the audit rules the
    // mate and finds no natural limit.
    let mut g = Walk::free("cxa2020", MATE_READY);
    g.quiet(119);
    g.step(Want::Mate);
    for side in ["red", "black"] {
        let v = g.rule("cxa2020", None, Some(side));
        assert_eq!(
            (&v["verdict"], &v["reason"]),
            (&"black_wins".into(), &"checkmate".into())
        );
        assert_eq!(v["natural_limit"]["outcome"], "mate_beats_limit");
        assert_eq!(v["claim"]["valid"], false, "{side}");
    }
    let row = g.audit("cxa2020");
    assert_eq!(row["ruled_result"], "black_wins");
    assert!(limit_findings(&row).is_empty(), "{row}");
    // A quiet move instead: the limit's draw may be claimed.
    g.referee.pop();
    g.moves.pop();
    g.step(Want::Quiet);
    let v = g.rule("cxa2020", None, Some("red"));
    assert_eq!(v["claim"]["valid"], true);
}

/// As `CHASES`, with a red pawn on i3 and a black pawn on c6, far from
/// every other piece but the horse above the pawn: each can walk three
/// steps without meeting anything.
const PAWNS: &str = "3aka3/9/2n6/2p6/6n2/9/8P/9/9/R2K5 w - - 0 1";

/// `rule` on the game after ply `ply`, under `profile`, as text in `lang`.
fn rule_text(g: &Walk, profile: &str, ply: usize, lang: &str) -> String {
    let ply = ply.to_string();
    let out = g.rule_with(&["--profile", profile, "--ply", &ply, "--lang", lang]);
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn pawn_moves_do_not_reset_the_count_and_the_draw_falls_on_ply_120() {
    // rules.md §8.1 NL-3 and §6.2: only a capture resets the count ("没有
    // 吃过一个棋子"), not a pawn's move, nor its crossing the river. Red's
    // pawn walks i3-i6 on its 5th, 15th and 25th moves (crossing on the
    // second step), Black's c6-c3 on its 10th, 20th and 30th; everything
    // else is a quiet shuffle. The draw falls on ply 120, Black's 60th
    // move, as if no pawn had moved: the count runs from ply 1 throughout.
    let mut g = Walk::new("cxa2020", PAWNS);
    let red = ["i3i4", "i4i5", "i5i6"];
    let black = ["c6c5", "c5c4", "c4c3"];
    for _ in 0..120 {
        let ply = g.plies() + 1;
        let k = ply.div_ceil(2);
        let pawn = match (ply % 2, k) {
            (1, 5 | 15 | 25) => Some(red[k / 10]),
            (0, 10 | 20 | 30) => Some(black[k / 10 - 1]),
            _ => None,
        };
        match pawn {
            Some(m) => g.play(Move::parse_uci(m).unwrap()),
            None => g.step(Want::Quiet),
        }
    }
    let at = |ply: usize| g.rule("cxa2020", Some(ply), None);
    let v = at(119);
    assert_eq!(
        (&v["verdict"], &v["reason"]),
        (&"ongoing".into(), &().into())
    );
    assert_eq!(v["natural_limit"]["since_ply"], 1);
    assert_eq!(v["natural_limit"]["outcome"], "running");
    let v = at(120);
    assert_eq!(
        (&v["verdict"], &v["reason"]),
        (&"draw".into(), &"natural_limit".into())
    );
    let nl = &v["natural_limit"];
    assert_eq!((&nl["since_ply"], &nl["plies"]), (&1.into(), &120.into()));
    assert_eq!(
        (&nl["red"]["moves"], &nl["black"]["moves"]),
        (&60.into(), &60.into())
    );
    assert_eq!(nl["claimable_by"], serde_json::json!(["red", "black"]));
    // What the arbiter reads, in both languages: one ply short, and reached.
    let en = rule_text(&g, "cxa2020", 119, "en");
    assert!(
        en.contains(
            "\nNatural limit of 60 rounds (120 plies) not reached: 119 plies without a capture\n"
        ),
        "{en}"
    );
    let zh = rule_text(&g, "cxa2020", 119, "zh");
    assert!(
        zh.contains("\n未满自然限着60回合（120着）：已连续119着无吃子\n"),
        "{zh}"
    );
    let en = rule_text(&g, "cxa2020", 120, "en");
    assert!(en.starts_with("Draw by the natural move limit\n"), "{en}");
    assert!(
        en.contains("\nNatural limit of 60 rounds reached without a capture: draw\n"),
        "{en}"
    );
    let zh = rule_text(&g, "cxa2020", 120, "zh");
    assert!(zh.starts_with("和棋（自然限着）\n"), "{zh}");
    assert!(
        zh.contains("\n双方在60回合内无吃子，符合自然限着，判和\n"),
        "{zh}"
    );
    // The audit: the draw could be claimed from ply 120, by either side.
    let row = g.audit("cxa2020");
    let found: Vec<_> = row["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["kind"] == "natural_limit")
        .map(|f| (&f["ply"], &f["detail"], &f["detail_zh"]))
        .collect();
    assert_eq!(
        found,
        [(
            &120.into(),
            &"a draw by the natural move limit (60 rounds) could be claimed by red and black from here"
                .into(),
            &"红方、黑方可从此着起按自然限着（60回合）提和".into()
        )]
    );
    // Under a 40-round limit, the same game: ply 80, past two pawn moves.
    let row = g.audit("nanping2018");
    assert_eq!(limit_findings(&row)[0].0, 80);
}

#[test]
fn a_blitz_or_armageddon_natural_limit_draw_is_scored_as_a_black_win_on_its_ply() {
    // Regulation C's third knockout game ("第3局超快棋和局后手方晋级") and
    // regulation A's Armageddon ("和棋黑胜"): a draw by the natural limit is
    // a Black win, from the ply the limit's draw falls on (30 rounds: ply
    // 60; 50 rounds: ply 100) and not before.
    let file = "positions/examples/natural_limit.pgn";
    let json = |profile: &str, ply: u32| {
        let ply = ply.to_string();
        json_of(&xqarbiter(&[
            "rule",
            file,
            "--profile",
            profile,
            "--ply",
            &ply,
            "--json",
        ]))
    };
    for (profile, draw, rounds) in [
        ("hengfang2024-blitz", "hengfang2024-rapid", 30),
        ("dqsz2017-armageddon", "dqsz2017-rapid", 50),
    ] {
        let last = 2 * rounds;
        let v = json(profile, last - 1);
        assert_eq!(v["verdict"], "ongoing", "{profile}");
        let v = json(profile, last);
        assert_eq!(
            (&v["verdict"], &v["reason"]),
            (&"black_wins".into(), &"natural_limit".into()),
            "{profile}"
        );
        assert_eq!(
            v["draw_note"],
            format!(
                "the game is a draw by the natural move limit; profile {profile} awards a draw \
                 to Black (Armageddon): Black wins"
            )
        );
        assert_eq!(
            v["draw_note_zh"],
            format!("本局按自然限着作和；{profile}规程规定和棋判黑方胜")
        );
        // The same game under the event's other profile of that limit is a draw.
        let v = json(draw, last);
        assert_eq!(
            (&v["verdict"], &v["reason"]),
            (&"draw".into(), &"natural_limit".into()),
            "{draw}"
        );
        // The audit: the draw could be claimed from that ply; the record
        // stops later, unscored, where it still can: ruled a Black win.
        let out = xqarbiter(&["audit", file, "--profile", profile, "--jsonl"]);
        let row: serde_json::Value =
            serde_json::from_str(String::from_utf8(out.stdout).unwrap().trim()).unwrap();
        assert_eq!(limit_findings(&row)[0].0, u64::from(last), "{profile}");
        assert_eq!(row["ruled_result"], "black_wins", "{profile}");
    }
}

#[test]
fn a_capture_on_the_limit_ply_leaves_no_draw_in_the_ruling_or_the_audit() {
    // "在连续60个回合中…双方都没有吃过一个棋子": 114 plies without a capture
    // before the record (its FEN); Black's 60th move, ply 6 of the record,
    // takes Red's rook. The rounds were not free of captures: no draw, no
    // finding, and the count starts again at ply 7. A quiet 60th move
    // instead reaches the limit there.
    let fen = "5k3/9/9/2p5p/4n4/9/9/9/9/R2K5 w - - 114 58";
    let game = |last: &str| format!("a0a4 f9f8 a4g4 f8f9 d0d1 {last}");
    let rule = |moves: &str| {
        json_of(&xqarbiter(&[
            "rule", "--fen", fen, "--moves", moves, "--json",
        ]))
    };
    let audit = |moves: &str| {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let file = dir.join("game.txt");
        std::fs::write(&file, format!("局面：{fen}\n{moves}\n")).unwrap();
        let out = xqarbiter(&["audit", file.to_str().unwrap(), "--jsonl"]);
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let taken = game("e5g4");
    let v = rule(&taken);
    assert_eq!(v["verdict"], "ongoing");
    let nl = &v["natural_limit"];
    assert_eq!(
        (&nl["since_ply"], &nl["prior_plies"], &nl["outcome"]),
        (&7.into(), &0.into(), &"running".into())
    );
    assert_eq!(
        (&nl["red"]["moves"], &nl["black"]["moves"]),
        (&0.into(), &0.into())
    );
    assert!(limit_findings(&audit(&taken)).is_empty());
    let quiet = game("f9f8");
    let v = rule(&quiet);
    assert_eq!(
        (&v["verdict"], &v["reason"]),
        (&"draw".into(), &"natural_limit".into())
    );
    let nl = &v["natural_limit"];
    assert_eq!(
        (&nl["since_ply"], &nl["prior_plies"]),
        (&1.into(), &114.into())
    );
    assert_eq!(
        (&nl["red"]["moves"], &nl["black"]["moves"]),
        (&60.into(), &60.into())
    );
    assert_eq!(limit_findings(&audit(&quiet))[0].0, 6);
}

#[test]
fn a_record_cut_short_after_the_limit_is_ruled_no_draw_where_it_breaks_off() {
    // The game of the test above, quiet to the limit on ply 6 and on for a
    // ply more. Whole, the audit rules the draw that can be claimed where it
    // ends. Cut at an illegal move on ply 8, the record does not show how
    // the game ended (a capture after ply 7 would have restarted the count,
    // and rule B counts "最终没有将死对方"): the game stays unruled, as
    // `rule` refuses it, and the finding still says from which ply the draw
    // could be claimed.
    let fen = "5k3/9/9/2p5p/4n4/9/9/9/9/R2K5 w - - 114 58";
    let audit = |moves: &str| {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let file = dir.join("game.txt");
        std::fs::write(&file, format!("局面：{fen}\n{moves}\n")).unwrap();
        let out = xqarbiter(&["audit", file.to_str().unwrap(), "--jsonl"]);
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let whole = "a0a4 f9f8 a4g4 f8f9 d0d1 f9f8 d1d0";
    let row = audit(whole);
    assert_eq!(row["ruled_result"], "draw", "{row}");
    assert_eq!(limit_findings(&row)[0].0, 6);
    let row = audit(&format!("{whole} f8f9 d0d5"));
    assert_eq!(row["ruled_result"], "ongoing", "{row}");
    assert_eq!(limit_findings(&row)[0].0, 6);
    let illegal: Vec<&serde_json::Value> = row["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["kind"] == "illegal_move")
        .collect();
    assert_eq!(illegal.len(), 1, "{row}");
    assert_eq!(illegal[0]["ply"], 9);
    let out = xqarbiter(&[
        "rule",
        "--fen",
        fen,
        "--moves",
        &format!("{whole} f8f9 d0d5"),
    ]);
    assert_eq!(out.status.code(), Some(2));
}
