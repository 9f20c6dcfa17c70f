//! The one place the UCCI front end asks the rules: replay a position under a
//! profile through the [`Referee`], and report the game state and the moves
//! the side to move may not play.

use crate::board::{Color, Move, Position};
use crate::referee::Referee;
use crate::rules::Voice;
use crate::rules::profile::Profile;
use crate::rules::repetition::CycleOutcome;
use crate::rules::ruling::{Lang, Reason, Ruling, Verdict};
use crate::words::Words;

/// A move the side to move may not play, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ban {
    /// The move.
    pub mv: Move,
    /// Why, in words.
    pub reason: String,
    /// The move completes the repetition's decisive occurrence: the game
    /// ends on it, lost for the mover. Short of it, playing the move loses
    /// nothing yet.
    pub decisive: bool,
}

/// The game state after the last move, for message lines.
#[derive(Clone, Debug, Default)]
pub(crate) struct Report {
    /// The ruling in one line when the game is over by the rules; when the
    /// GUI's moves went on past the ply that ended it, told as it happened
    /// ([`Ruling::ended_before`]), as `rule` tells such a record.
    pub over: Option<String>,
    /// The state in message lines (without the `info message` prefix).
    pub lines: Vec<String>,
    /// Moves the side to move may not play.
    pub bans: Vec<Ban>,
}

/// What the rules make of a move tried in a search ([`Judge::try_move`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Trial {
    /// The game goes on.
    GoesOn,
    /// The game ends on this move, as [`Referee::ruling`] rules it: the
    /// move completes a decisive repetition (its offender loses, or the
    /// cycle is drawn), or reaches the natural move limit (the draw an
    /// engine match adjudicates at once) with neither a mate nor a
    /// decisive repetition on the same ply. A move that mates is not told
    /// apart: the search sees that the reply has no legal move.
    Ends {
        /// Who wins: the other side of the offender, or, in a draw,
        /// whoever the profile gives a draw to (nobody, or Black under an
        /// Armageddon profile).
        winner: Option<Color>,
    },
    /// The move repeats a position with its mover ruled the offender: the
    /// bridge bans it, the referee orders the mover to vary.
    Forbidden {
        /// Whether this is the repetition's decisive occurrence, at which
        /// the mover loses; short of it the game goes on.
        decisive: bool,
    },
}

/// A built-in profile by name, or a profile file.
pub(crate) fn load_profile(spec: &str) -> Result<Profile, Words> {
    Profile::load(spec).map_err(|e| Words::new(e.in_lang(Lang::En), e.in_lang(Lang::Zh)))
}

/// A game replayed under a profile.
#[derive(Clone, Debug)]
pub(crate) struct Judge {
    referee: Referee,
}

impl Judge {
    /// Starts a game from `start` under `profile`.
    pub(crate) fn new(profile: &Profile, start: Position) -> Judge {
        Judge {
            referee: Referee::new(profile.clone(), start),
        }
    }

    /// Plays `mv`, or says why it is not legal (the game is then unchanged).
    pub(crate) fn push(&mut self, mv: Move) -> Result<(), String> {
        self.referee
            .push(mv)
            .map(|_| ())
            .map_err(|_| "not a legal move in this position".to_string())
    }

    /// The current position.
    pub(crate) fn position(&self) -> &Position {
        self.referee.position()
    }

    /// Plays `mv`, legal in the current position, for a search (a move in
    /// the tree, not the game's: [`Judge::take_back`] undoes it), and says
    /// what the rules make of it, as [`Referee::ruling`] would after it:
    /// a decisive repetition (whichever side it falls on), then the natural
    /// limit decide the game on the ply they fall on, and a repetition short
    /// of its decisive occurrence ends nothing: a drawn cycle is a draw
    /// only if nobody varies, and an offender is only ordered to vary.
    /// Only a move that repeats a position, may close a cycle over points
    /// or has the natural limit in reach is ruled on; the others cost a
    /// make-move, a hash probe and a few comparisons.
    ///
    /// A forbidden repetition on the ply that reaches the limit, short of
    /// its decisive occurrence, is a draw: the limit ends the game there,
    /// so the move loses nothing, and [`Judge::report`] does not ban it.
    pub(crate) fn try_move(&mut self, mv: Move) -> Trial {
        let mover = self.referee.position().turn();
        let stood = self.referee.record_legal(mv);
        // A cycle over points may end in a mate, which the search scores itself.
        let repetition = if stood >= 2
            || (self.referee.points_may_close() && !self.referee.position().has_no_legal_moves())
        {
            self.referee.repetition_outcome()
        } else {
            None
        };
        match repetition {
            Some((CycleOutcome::MustVary(offender), true)) if offender == mover => {
                return Trial::Forbidden { decisive: true };
            }
            Some((CycleOutcome::MustVary(offender), true)) => {
                return Trial::Ends {
                    winner: Some(!offender),
                };
            }
            Some((CycleOutcome::Draw, true)) => return self.drawn(),
            _ => {}
        }
        if self.referee.limit_draws() {
            return self.drawn();
        }
        match repetition {
            Some((CycleOutcome::MustVary(offender), _)) if offender == mover => {
                Trial::Forbidden { decisive: false }
            }
            _ => Trial::GoesOn,
        }
    }

    /// Whether the rules could rule on `mv`, a move that captures nothing
    /// and brings about the position `key`: it repeats a position of the
    /// game (or of the moves tried and not taken back), it may close a
    /// cycle over points, or it brings the natural limit in reach. [`Judge::try_move`] says any other such move goes on,
    /// so a search may leave it untried: a hash probe instead of a move
    /// played and taken back.
    pub(crate) fn may_rule(&self, key: u64, mv: Move) -> bool {
        self.referee.has_stood(key)
            || self.referee.limit_in_reach_next()
            || self.referee.points_may_close_with(mv)
    }

    /// A game drawn on the last move tried, scored as the profile scores a draw.
    fn drawn(&self) -> Trial {
        Trial::Ends {
            winner: self.referee.profile().final_winner(None),
        }
    }

    /// Takes back the last move tried ([`Judge::try_move`]).
    pub(crate) fn take_back(&mut self) {
        self.referee.pop();
    }

    /// The state after the last move, in `lang`: the ruling, and, while
    /// the game goes on, the moves after which the mover would be ruled the
    /// offender (but not one after which the natural limit draws the game).
    /// `write` writes a move in the lines as the GUI does, and `voice` says
    /// the words, naming squares in the GUI's ranks.
    ///
    /// The game is over from the first move that ended it
    /// ([`Referee::ended`]: mate, a repetition's decisive occurrence), even
    /// when the GUI's moves go on past it, or at a natural-limit draw: the
    /// referee keeps no such ending, since the draw is the players' claim,
    /// but an engine match adjudicates it at once.
    pub(crate) fn report(&self, write: &dyn Fn(Move) -> String, voice: Voice) -> Report {
        let ruling = self.referee.ruling();
        let over = self.ending(&ruling).map(|r| {
            if r.plies < ruling.plies {
                r.ended_before(ruling.plies, voice)
            } else {
                r.summary(voice)
            }
        });
        let bans = if over.is_some() {
            Vec::new()
        } else {
            self.bans(voice)
        };
        let lines = super::state::lines(&ruling, write, voice);
        Report { over, lines, bans }
    }

    /// The ruling that ended the game, `ruling` being the ruling after the
    /// last move: see [`Judge::report`]. `None` while the game goes on.
    fn ending<'a>(&'a self, ruling: &'a Ruling) -> Option<&'a Ruling> {
        match self.referee.ended() {
            Some(ended) => Some(ended),
            None => (ruling.verdict != Verdict::Ongoing).then_some(ruling),
        }
    }

    /// The moves after which the side to move would be ruled the offender,
    /// less those after which the natural limit draws the game; why, in `voice`.
    fn bans(&self, voice: Voice) -> Vec<Ban> {
        self.referee
            .forbidden_moves()
            .into_iter()
            .filter(|f| !ends_by_the_limit(&f.ruling))
            .map(|f| Ban {
                mv: f.mv,
                reason: f.ruling.consequence(voice),
                decisive: f.ruling.verdict != Verdict::Ongoing,
            })
            .collect()
    }

    /// Whether `reply` may follow `mv` (legal here) and the game go on: it
    /// is legal after `mv`, the game is not over after `mv`, the rules would
    /// not ban it there, and the game is not over after it either (a mate,
    /// a decisive repetition, the natural limit). What a `ponder` move must
    /// be for the GUI to be told it: a move that ends the game is no reply
    /// worth pondering on, since by the rules nothing is played after it.
    pub(crate) fn may_follow(&mut self, mv: Move, reply: Move) -> bool {
        if self.push(mv).is_err() {
            return false;
        }
        let may = self.position().is_legal(reply)
            && self.ending(&self.referee.ruling()).is_none()
            && !self.bans(Lang::En.into()).iter().any(|b| b.mv == reply)
            && self.goes_on_after(reply);
        self.take_back();
        may
    }

    /// Whether the game goes on after `mv`, legal here.
    fn goes_on_after(&mut self, mv: Move) -> bool {
        if self.push(mv).is_err() {
            return false;
        }
        let on = self.ending(&self.referee.ruling()).is_none();
        self.take_back();
        on
    }
}

/// Whether `ruling`, after a move, ends the game by the natural limit: the
/// move reaches it with no mate or decisive repetition on the same ply, so
/// the game is drawn there (scored as the profile scores a draw) and the
/// repetition it may also close loses nothing.
fn ends_by_the_limit(ruling: &Ruling) -> bool {
    ruling.reason == Some(Reason::NaturalLimit) && ruling.verdict != Verdict::Ongoing
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_a_cycle_with_natures_and_the_ban() {
        let profile = load_profile("cxa2020").unwrap();
        let start =
            Position::from_fen("1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w - - 0 1").unwrap();
        let mut judge = Judge::new(&profile, start);
        for m in ["b7b8", "d8d7", "b8b7", "d7d8"] {
            judge.push(Move::parse_uci(m).unwrap()).unwrap();
        }
        let report = judge.report(&|m| m.to_string(), Lang::En.into());
        assert!(report.over.is_none());
        assert!(
            report.lines[0].contains(": Game continues"),
            "{:?}",
            report.lines
        );
        assert!(
            report.lines.iter().any(|l| l.starts_with("repetition: ")),
            "{:?}",
            report.lines
        );
        assert!(
            report
                .lines
                .iter()
                .any(|l| l.starts_with("Red: ") && l.contains("b7b8 check")),
            "{:?}",
            report.lines
        );
        assert!(
            report
                .lines
                .iter()
                .any(|l| l.starts_with("natural limit count ")),
            "{:?}",
            report.lines
        );
        // Moves in the lines are written as the caller asks.
        let marked = judge.report(&|m| format!("<{m}>"), Lang::En.into());
        assert!(
            marked.lines.iter().any(|l| l.contains("<b7b8> check")),
            "{:?}",
            marked.lines
        );
        assert_eq!(report.bans.len(), 1);
        assert_eq!(report.bans[0].mv, Move::parse_uci("b7b8").unwrap());
        assert!(judge.push(Move::parse_uci("a0a1").unwrap()).is_err());
    }

    /// The judge after `moves` from `fen` under cxa2020.
    fn judged(fen: &str, moves: &str) -> Judge {
        let profile = load_profile("cxa2020").unwrap();
        let mut judge = Judge::new(&profile, Position::from_fen(fen).unwrap());
        for m in moves.split_whitespace() {
            judge.push(Move::parse_uci(m).unwrap()).unwrap();
        }
        judge
    }

    #[test]
    fn a_ponder_move_that_ends_the_game_may_not_follow() {
        // After Black's b0a0, Red's g0g9 mates (the advisor on e8 may not
        // block on f9: the kings would face each other); g0g8 goes on.
        let fen = "r3k4/4a4/9/9/9/9/9/9/4A4/4K3R w";
        let mut judge = judged(fen, "i0f0 a9a0 e1d0 a0b0 f0g0");
        let mv = |m: &str| Move::parse_uci(m).unwrap();
        assert!(!judge.may_follow(mv("b0a0"), mv("g0g9")));
        assert!(judge.may_follow(mv("b0a0"), mv("g0g8")));
        // The judge is left as it was.
        assert_eq!(
            judge.position(),
            judged(fen, "i0f0 a9a0 e1d0 a0b0 f0g0").position()
        );
    }

    #[test]
    fn the_game_is_over_from_its_first_ending_on() {
        // Idle moves on both sides: the third occurrence, at ply 8, draws.
        let fen = "3k5/9/9/9/9/9/9/9/4A4/4K4 w";
        let cycle = "e1d2 d9d8 d2e1 d8d9 e1d2 d9d8 d2e1 d8d9";
        let ended = judged(fen, cycle).report(&|m| m.to_string(), Lang::En.into());
        let over = ended.over.expect("the repetition ends the game");
        assert!(over.starts_with("Draw"), "{over}");
        // A GUI that goes on past the end with a new position: still over,
        // by the same ruling told as it happened, with nothing banned.
        let after =
            judged(fen, &format!("{cycle} e0f0")).report(&|m| m.to_string(), Lang::En.into());
        assert_eq!(
            after.over.as_deref(),
            Some(
                "By the rules the game ended after ply 8, when the repeated position had stood \
                 3 times: Draw — both sides play allowed moves: neither side had varied by then, \
                 draw (CXA 2020 25.2). The players played on for 1 more ply."
            )
        );
        assert!(after.bans.is_empty());
        assert!(
            after.lines[0].contains("after ply 9: Game continues"),
            "{:?}",
            after.lines
        );
        // A natural-limit draw, which the referee does not keep as an
        // ending (it is a claim), is adjudicated at once.
        let limit = judged("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 118 60", "e1d2 d9d8");
        let over = limit.report(&|m| m.to_string(), Lang::En.into()).over;
        assert!(over.is_some_and(|o| o.contains("natural move limit")));
    }

    #[test]
    fn a_perpetual_check_played_on_is_told_as_it_happened() {
        // Red checks on: the position stands a third time after ply 8.
        let fen = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1";
        let cycle = "f0e0 e8f8 e0f0 f8e8 f0e0 e8f8 e0f0 f8e8";
        let over = |moves: &str, lang: Lang| {
            let report = judged(fen, moves).report(&|m| m.to_string(), lang.into());
            report.over.expect("the perpetual check ends the game")
        };
        // At the decisive occurrence, as `rule` says of a record ending there.
        assert!(
            over(cycle, Lang::En).ends_with("red did not vary and loses (CXA 2020 25.1)"),
            "{}",
            over(cycle, Lang::En)
        );
        let on = format!("{cycle} f0e0 e8f8");
        assert_eq!(
            over(&on, Lang::En),
            "By the rules the game ended after ply 8, when the repeated position had stood 3 \
             times: Black wins — unilateral perpetual check is never allowed: red had not varied \
             by then and loses (CXA 2020 25.1). The players played on for 2 more plies."
        );
        assert_eq!(
            over(&on, Lang::Zh),
            "按规则，对局于第8着后结束（重复局面已出现3次）：黑胜——任何情况下均不允许单方面长将：\
             红方此前未变着，作负（《象棋竞赛规则（2020版）》第25.1条）。双方此后又走了2着。"
        );
    }

    #[test]
    fn a_forbidden_repetition_that_reaches_the_natural_limit_is_not_banned() {
        // One round of perpetual check: f0e0 would repeat it, forbidden...
        let cycle = "f0e0 e8f8 e0f0 f8e8";
        let banned = |fen: &str| -> Vec<String> {
            let report = judged(fen, cycle).report(&|m| m.to_string(), Lang::En.into());
            assert!(report.over.is_none(), "{:?}", report.over);
            report.bans.iter().map(|b| b.mv.to_string()).collect()
        };
        assert_eq!(
            banned("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1"),
            ["f0e0"]
        );
        // ...unless it also reaches the natural limit (115 plies before the
        // record): the game is drawn there, before the repetition decides.
        assert!(banned("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 115 60").is_empty());
    }

    /// What [`Judge::try_move`] should say of a move after which the
    /// referee rules `ruling`, `mover` having played it.
    fn trial_of(ruling: &Ruling, mover: Color) -> Trial {
        let offends = ruling.cycle_outcome() == Some(CycleOutcome::MustVary(mover));
        match (ruling.verdict, ruling.reason) {
            (Verdict::Ongoing, _) if offends => Trial::Forbidden { decisive: false },
            (Verdict::Ongoing, _) | (_, Some(Reason::Checkmate | Reason::Stalemate)) => {
                Trial::GoesOn
            }
            (_, Some(Reason::Perpetual | Reason::Repetition)) if offends => {
                Trial::Forbidden { decisive: true }
            }
            (Verdict::RedWins, _) => Trial::Ends {
                winner: Some(Color::Red),
            },
            (Verdict::BlackWins, _) => Trial::Ends {
                winner: Some(Color::Black),
            },
            (Verdict::Draw, _) => Trial::Ends { winner: None },
        }
    }

    #[test]
    fn a_move_tried_is_judged_as_the_ruling_after_it_rules() {
        use crate::rules::limit::AttackCap;
        // A short limit with small caps, so that walks cross it often and
        // the attacking moves decide who may claim; Black's win on a draw.
        let short = |name: &str, check_cap, counts_checks| {
            let mut p = load_profile(name).unwrap();
            p.limit.rounds = 8;
            p.limit.check_cap = check_cap;
            p.limit.attack_cap = Some(AttackCap {
                max: 2,
                counts_checks,
            });
            p
        };
        let profiles = [
            load_profile("cxa2020").unwrap(),
            load_profile("axf").unwrap(),
            short("dqsz2017-rapid", 2, true),
            short("hengfang2024-blitz", 0, false),
        ];
        let fens = [
            "3k5/9/9/9/9/9/9/9/4A4/4K3N w - - 0 30",
            "2bak4/4a4/4b4/9/2n3r2/9/2R3N2/4B4/4A4/2B1KA3 w - - 0 30",
            "4k4/8R/9/9/9/9/9/9/4A4/3K5 w - - 0 30",
            "3k5/4a4/9/9/9/9/9/9/8r/4K4 b - - 0 30",
            "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 100 60",
        ];
        let (mut ends, mut forbidden, mut won, mut skipped) = (0, 0, 0, 0);
        let mut rng = crate::board::random_moves::RandomMoves::new(0x9E37_79B9_7F4A_7C15_u64);
        let mut next = |n: usize| (rng.next_u64() % n as u64) as usize;
        for profile in &profiles {
            for fen in fens {
                let mut judge = Judge::new(profile, Position::from_fen(fen).unwrap());
                let mut played: Vec<Move> = Vec::new();
                for _ in 0..80 {
                    let legal = judge.position().legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    let mover = judge.position().turn();
                    // Mostly the move two plies back, taken back, else a
                    // check: a walk that goes round cycles, some of them
                    // of checks.
                    let back = played
                        .len()
                        .checked_sub(2)
                        .map(|i| Move::new(played[i].to(), played[i].from()))
                        .filter(|m| legal.contains(m));
                    let checks = judge.position().checking_moves();
                    let walk = match (back, next(4)) {
                        (Some(m), 0..=2) => m,
                        _ if !checks.is_empty() && next(2) == 0 => checks[next(checks.len())],
                        _ => legal[next(legal.len())],
                    };
                    for &m in &legal {
                        let mut after = judge.position().clone();
                        let quiet = after.play_unchecked(m).captured.is_none();
                        let may_rule = judge.may_rule(after.key(), m);
                        let trial = judge.try_move(m);
                        judge.take_back();
                        // A move left untried by may_rule goes on.
                        if quiet && !may_rule {
                            assert_eq!(trial, Trial::GoesOn, "{m} after {played:?} from {fen}");
                            skipped += 1;
                        }
                        let mut after = judge.clone();
                        after.push(m).unwrap();
                        let ruling = after.referee.ruling();
                        assert_eq!(
                            trial,
                            trial_of(&ruling, mover),
                            "{m} after {played:?} from {fen} under {}: {}",
                            profile.name,
                            ruling.summary(Lang::En)
                        );
                        ends += usize::from(matches!(trial, Trial::Ends { .. }));
                        forbidden += usize::from(matches!(trial, Trial::Forbidden { .. }));
                        let repeated =
                            matches!(ruling.reason, Some(Reason::Perpetual | Reason::Repetition));
                        won += usize::from(
                            repeated
                                && trial
                                    == Trial::Ends {
                                        winner: Some(mover),
                                    },
                        );
                    }
                    judge.push(walk).unwrap();
                    played.push(walk);
                }
            }
        }
        // The walks met games ended (some won by the mover) and moves
        // forbidden, not only moves that go on.
        assert!(
            ends > 100 && forbidden > 20 && won > 50 && skipped > 1000,
            "{ends} {forbidden} {won} {skipped}"
        );
    }
}
