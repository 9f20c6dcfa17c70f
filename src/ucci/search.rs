//! The bridge's own small search, for the moves it must choose without the
//! engine: iterative deepening alpha-beta to [`MAX_DEPTH`] plies, then a
//! quiescence search of captures (and of every reply to a check, so that
//! mates at the end are seen), scored on material ([`value`], a rook is 8),
//! within a [`Budget`] of nodes and time.
//!
//! The moves of the first [`JUDGED_PLIES`] plies are played on the game's
//! [`Judge`] too, so that the rules judge the tree as they judge the game;
//! so are the moves after them, on a path judged up to them, that give
//! check (captures too) or that reply to a check capturing nothing where
//! the rules could rule on them (see [`JUDGED_PLIES`]):
//!
//! * A move that ends the game by the rules ends the line there: a move
//!   that completes a repetition's decisive occurrence wins for the other
//!   side of its offender (the mover's win when the opponent offends) or,
//!   for a drawn cycle, draws; a move that reaches the natural move limit
//!   draws (unless it mates, or completes a decisive repetition). A draw
//!   scores 0 whatever the material (so a side ahead does not walk into
//!   it and one behind does), or, under a profile that gives a draw to
//!   Black, a win for Black on the spot. A win scores as a mate on that ply.
//! * A repetition short of its decisive occurrence ends nothing: the game
//!   is drawn only if nobody varies, and an offender is only ordered to
//!   vary. So a drawn cycle met again is searched on, like any move (under
//!   an Armageddon profile it is no win for Black yet: Red may still vary).
//!   Its earlier occurrences are in the game, before the root, so the ways
//!   either side could vary on the way round were not searched: scoring it
//!   a draw would be a guess. (A cycle wholly inside the tree, where they
//!   were, needs more plies than are judged.)
//! * A move that repeats a position with its mover ruled the offender is
//!   forbidden, and the bridge's own side (the root's) does not play it: the
//!   bridge bans it. It scores [`-FORBIDDEN`](FORBIDDEN), below every
//!   allowed move, even one after which the mover is mated at once, so it
//!   is played only when nothing else is allowed; and where every legal
//!   move of the bridge's side is forbidden, that side has lost there
//!   (in the game itself the bridge plays one all the same, since no move
//!   would be scored a loss, but in the tree it is lost), and scores
//!   as a side with no legal move does (a mate on that ply), so that among
//!   lost lines the longest is still preferred, whichever way each is lost.
//!   The opponent may not be held by a bridge: the rules let it play such
//!   a move, and it loses only at the decisive occurrence. So its
//!   forbidden moves are searched as moves that go on, and only the one
//!   that completes the decisive occurrence loses, on that ply; an
//!   opponent left only forbidden moves plays one.
//! * The root's moves are those the caller may play. One of them is
//!   forbidden only where the rules forbid every move the bridge's side
//!   has, and the bridge plays one all the same (it lifts the bans, see
//!   the session's `lift_bans`): so at the root a forbidden move is
//!   searched as the opponent's are, as a move that goes on, and one that
//!   completes the decisive occurrence loses on that ply. The moves short
//!   of it thus rank by what follows them, and above those that end the
//!   game, whose equals keep the order of [`sort_for_search`] (captures
//!   first).

use std::time::Instant;

use crate::board::{Color, Move, MoveList, Position};
use crate::rules::exchange::value;

use super::judge::{Judge, Trial};
use super::now::Clock;

/// The score of the side to move when it is mated now; a mate `n` plies
/// away scores `MATE - n` for the side that mates.
pub(crate) const MATE: i32 = 10_000;

/// Scores at least this far from zero are mates (or losses by the rules
/// that end the game as a mate does).
pub(crate) const MATE_BOUND: i32 = MATE - 100;

/// What a move of the bridge's side below the root scores when the
/// repetition rules forbid it: further from zero than any mate, so that it
/// ranks below every allowed move and is never mistaken for one.
pub(crate) const FORBIDDEN: i32 = MATE + 1;

/// The deepest full-width iteration.
const MAX_DEPTH: u32 = 4;

/// The most plies of captures after the full-width plies.
const QUIESCENCE_PLIES: u32 = 8;

/// The plies from the root whose moves the rules judge: all the
/// full-width ones (a position can repeat, or the natural limit be
/// reached, at any of them). Past them the quiescence search tries
/// captures and the replies to a check. A capture ends no repetition (no
/// earlier position had so little material) and reaches no limit (its
/// count starts again), and a reply to a check that captures nothing ends
/// one only if [`Judge::may_rule`] says the rules could rule on it (it
/// repeats a position of the game or of the path, or the natural limit
/// comes in reach), which costs a hash probe; such a reply is judged, on a
/// path judged up to it. So is every move that gives check there, capture
/// or not: every reply to it is tried, and the replies and checks that
/// follow can go round a cycle of positions that stood nowhere before it,
/// both sides checking throughout. Both sides checking is a draw under
/// most rules, but one a profile may rule at its second occurrence, in
/// reach of the quiescence plies, or make Red vary early in a game (Red's
/// move that completes it is then forbidden). The moves after a move left
/// unjudged are not judged either: it gave no check, so the other side
/// tries only captures, after which no position of the game or of the
/// path can come again, and the count of the limit starts again.
const JUDGED_PLIES: i32 = MAX_DEPTH as i32;

/// How many nodes pass between two looks at the clock.
const CLOCK_EVERY: u64 = 256;

/// How many nodes pass between two calls of the caller's `tick` (see
/// [`search`]): the first plies' nodes, which the rules judge, can take
/// tens of microseconds each, so that [`CLOCK_EVERY`] of them could keep
/// a GUI's `isready` waiting for milliseconds.
const TICK_EVERY: u64 = 16;

/// Root moves that score below the best less this much need only an upper
/// bound: they are not worth playing, and their order among themselves
/// matters little.
const ROOT_WINDOW: i32 = 16;

/// How many UCCI score units a unit of material ([`value`]: a crossed pawn)
/// is told as: a crossed pawn 100, a horse or a cannon 400, a rook 800.
const UNITS_PER_PAWN: i64 = 100;

/// What a search may spend: a number of nodes and, if given, a time.
#[derive(Clone, Debug)]
pub(crate) struct Budget {
    /// The most positions the search may visit.
    pub(crate) nodes: u64,
    /// When it must stop, if ever, by `clock`.
    pub(crate) deadline: Option<Instant>,
    /// The clock the search reads the time from (every [`CLOCK_EVERY`]
    /// nodes) when it has a deadline.
    pub(crate) clock: Clock,
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Outcome {
    /// The root moves with their scores for the side to move, best first
    /// (the first of equals in the order given): the deepest iteration
    /// completed, the moves it did not score last with [`-MATE`](MATE); a
    /// move the rules forbid is scored by what follows it, or as a loss on
    /// the spot at the decisive occurrence (see the module's notes).
    pub(crate) moves: Vec<(Move, i32)>,
    /// The depth of the deepest iteration completed (0: none was).
    pub(crate) depth: u32,
    /// The positions visited.
    pub(crate) nodes: u64,
    /// The material of the side to move at the root, less the opponent's:
    /// what a move that wins and loses nothing scores.
    pub(crate) standing: i32,
}

impl Outcome {
    /// The score of the root move `mv` when the search knows it exactly:
    /// `None` for a move scored [`-MATE`](MATE), as the moves it did not
    /// reach are (a move it reached loses, by a mate or by the rules, on
    /// the root's ply at the soonest), and one that
    /// scored no more than the best less [`ROOT_WINDOW`], which was searched
    /// only far enough to show it scores no better than that.
    pub(crate) fn exact(&self, mv: Move) -> Option<i32> {
        let best = self.moves.first()?.1;
        let &(_, score) = self.moves.iter().find(|(m, _)| *m == mv)?;
        (score.abs() < MATE && score > best - ROOT_WINDOW).then_some(score)
    }
}

/// A score of the search in UCCI units, as the GUI is told it: a mate, or
/// a game won or lost by the rules, stays ±(10000 − plies) (UCCI's mate
/// scores), and material counts [`UNITS_PER_PAWN`] to a crossed pawn.
pub(crate) fn ucci_units(score: i32) -> i64 {
    if score.abs() >= MATE_BOUND {
        i64::from(score)
    } else {
        i64::from(score) * UNITS_PER_PAWN
    }
}

/// Searches `moves` (legal in the game's position) within `budget`, the
/// rules judging the first plies' moves as `judge` does the game's;
/// `tick` is called every [`TICK_EVERY`] nodes, so that the caller can
/// answer what cannot wait for the search (a GUI's `isready`).
pub(crate) fn search(judge: &Judge, moves: &[Move], budget: Budget, tick: impl FnMut()) -> Outcome {
    let mut s = Searcher {
        us: judge.position().turn(),
        pos: judge.position().clone(),
        judge: judge.clone(),
        judged: 0,
        nodes: 0,
        budget,
        out_of_budget: false,
        tick,
    };
    let mut order: Vec<Move> = moves.to_vec();
    sort_for_search(&s.pos, &mut order);
    let mut scored: Vec<(Move, i32)> = order.iter().map(|&m| (m, -MATE)).collect();
    let mut depth = 0;
    for d in 1..=MAX_DEPTH {
        let mut this: Vec<(Move, i32)> = Vec::with_capacity(order.len());
        let mut best = -MATE;
        for &(m, _) in &scored {
            s.nodes += 1;
            let floor = best.saturating_sub(ROOT_WINDOW).max(-MATE);
            let score = s.play(m, 0, |s| -s.alpha_beta(d - 1, 1, -MATE, -floor));
            if s.out_of_budget {
                break;
            }
            best = best.max(score);
            this.push((m, score));
        }
        if s.out_of_budget {
            // A partial first iteration still ranks the moves it reached.
            if d == 1 {
                let reached = this.len();
                this.extend(scored[reached..].iter().copied());
                this.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
                scored = this;
            }
            break;
        }
        this.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        scored = this;
        depth = d;
        // A forced mate either way is as deep as it needs to be.
        if scored.first().is_some_and(|&(_, v)| v.abs() >= MATE_BOUND) {
            break;
        }
    }
    Outcome {
        moves: scored,
        depth,
        nodes: s.nodes,
        standing: material(&s.pos),
    }
}

/// Material of the side to move less the opponent's.
fn material(pos: &Position) -> i32 {
    let us = pos.turn();
    pos.occupied()
        .map(|sq| {
            let p = pos.piece_at(sq).expect("an occupied square");
            let v = value(p, sq);
            if p.color == us { v } else { -v }
        })
        .sum()
}

/// Orders `moves` for the search: captures first, the most valuable
/// victim first and then the cheapest attacker; the rest as they are.
fn sort_for_search(pos: &Position, moves: &mut [Move]) {
    moves.sort_by_key(|&m| match pos.piece_at(m.to()) {
        Some(victim) => {
            let attacker = pos.piece_at(m.from()).map_or(0, |p| value(p, m.from()));
            -(value(victim, m.to()) * 64 + 32 - attacker)
        }
        None => 0,
    });
}

/// The search's state: the side it plays for, the position it walks (and,
/// for the first plies, the game it walks it in), what it has spent, and
/// what it calls every [`TICK_EVERY`] nodes.
struct Searcher<T: FnMut()> {
    us: Color,
    pos: Position,
    judge: Judge,
    /// How many moves of the path from the root are played on `judge`.
    judged: i32,
    nodes: u64,
    budget: Budget,
    out_of_budget: bool,
    tick: T,
}

impl<T: FnMut()> Searcher<T> {
    /// Counts a node; true when the budget is spent (and from then on).
    fn spent(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(TICK_EVERY) {
            (self.tick)();
        }
        let clock = self.nodes.is_multiple_of(CLOCK_EVERY);
        if self.nodes >= self.budget.nodes
            || (clock && (self.budget.deadline).is_some_and(|t| self.budget.clock.now() >= t))
        {
            self.out_of_budget = true;
        }
        self.out_of_budget
    }

    /// The score of the position for the side to move, `depth` full-width
    /// plies and then captures deep, `ply` plies from the root.
    fn alpha_beta(&mut self, depth: u32, ply: i32, alpha: i32, beta: i32) -> i32 {
        if depth == 0 {
            return self.quiescence(QUIESCENCE_PLIES, ply, alpha, beta);
        }
        let mut moves: MoveList = self.pos.legal_moves();
        if moves.is_empty() {
            return -(MATE - ply);
        }
        let best = self.best_of(&mut moves, -FORBIDDEN, alpha, beta, ply, |s, a, b| {
            -s.alpha_beta(depth - 1, ply + 1, -b, -a)
        });
        // Every legal move of the bridge's side forbidden: lost here, as
        // with no legal move (only that side's moves score -FORBIDDEN).
        if best == -FORBIDDEN {
            -(MATE - ply)
        } else {
            best
        }
    }

    /// Captures only (every move when in check), standing pat on material
    /// otherwise, at most `plies` deep.
    fn quiescence(&mut self, plies: u32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        let in_check = self.pos.in_check();
        // In check every reply is tried; where each reply of the bridge's
        // side is forbidden, that side is lost here, as in `alpha_beta`.
        let stand = if in_check {
            -FORBIDDEN
        } else {
            material(&self.pos)
        };
        if plies == 0 {
            return if in_check && self.pos.has_no_legal_moves() {
                -(MATE - ply)
            } else {
                material(&self.pos)
            };
        }
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves: MoveList = if in_check {
            self.pos.legal_moves()
        } else {
            self.pos.legal_captures()
        };
        if in_check && moves.is_empty() {
            return -(MATE - ply);
        }
        let best = self.best_of(&mut moves, stand, alpha, beta, ply, |s, a, b| {
            -s.quiescence(plies - 1, ply + 1, -b, -a)
        });
        if best == -FORBIDDEN {
            -(MATE - ply)
        } else {
            best
        }
    }

    /// Plays `m`, `ply` plies from the root, scores it by `score` (from the
    /// mover's side) and takes it back. In the first [`JUDGED_PLIES`], and
    /// past them on a move that gives check or a quiet reply to a check
    /// that the rules could rule on, the rules judge it first (see
    /// [`JUDGED_PLIES`]): a
    /// move that ends the game scores as it ends it and is not searched
    /// further, and a forbidden move of the bridge's side scores
    /// [`-FORBIDDEN`](FORBIDDEN) but at the root, where its ban was lifted
    /// (see the module's notes).
    fn play(&mut self, m: Move, ply: i32, score: impl FnOnce(&mut Self) -> i32) -> i32 {
        let mover = self.pos.turn();
        let held = mover == self.us && ply > 0;
        let undo = self.pos.play_unchecked(m);
        let judged = ply < JUDGED_PLIES
            || (ply == self.judged
                && (self.pos.in_check()
                    || (undo.captured.is_none() && self.judge.may_rule(self.pos.key(), m))));
        let trial = judged.then(|| self.judge.try_move(m));
        self.judged += i32::from(judged);
        // The game ends on this move, as after a mate.
        let won = MATE - ply - 1;
        let s = match trial {
            Some(Trial::Forbidden { .. }) if held => -FORBIDDEN,
            Some(Trial::Forbidden { decisive: true }) => -won,
            Some(Trial::Ends { winner: None }) => 0,
            Some(Trial::Ends { winner: Some(w) }) if w == mover => won,
            Some(Trial::Ends { winner: Some(_) }) => -won,
            Some(Trial::GoesOn | Trial::Forbidden { decisive: false }) | None => score(self),
        };
        self.pos.undo(undo);
        if judged {
            self.judge.take_back();
            self.judged -= 1;
        }
        s
    }

    /// The best score of `moves` (best first, as [`sort_for_search`] orders
    /// them), `ply` plies from the root, against the window `alpha`..`beta`,
    /// starting from `best`; each move is played and scored by `score`
    /// (given the window, from the mover's side). 0 once the budget is spent.
    fn best_of(
        &mut self,
        moves: &mut MoveList,
        mut best: i32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        score: impl Fn(&mut Self, i32, i32) -> i32,
    ) -> i32 {
        sort_for_search(&self.pos, moves);
        for &m in moves.iter() {
            if self.spent() {
                return 0;
            }
            let s = self.play(m, ply, |s| score(s, alpha, beta));
            if self.out_of_budget {
                return 0;
            }
            best = best.max(s);
            alpha = alpha.max(s);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ucci::judge::load_profile;
    use std::time::Duration;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    /// A game from `p` under cxa2020, nothing played yet.
    fn game(p: &Position) -> Judge {
        Judge::new(&load_profile("cxa2020").unwrap(), p.clone())
    }

    fn mv(s: &str) -> Move {
        Move::parse_uci(s).unwrap()
    }

    /// The search, with nothing to do at its looks at the clock.
    fn search(judge: &Judge, moves: &[Move], budget: Budget) -> Outcome {
        super::search(judge, moves, budget, || {})
    }

    fn plenty() -> Budget {
        Budget {
            nodes: u64::MAX,
            deadline: None,
            clock: Clock::default(),
        }
    }

    fn score_of(out: &Outcome, m: &str) -> i32 {
        out.moves.iter().find(|(a, _)| *a == mv(m)).unwrap().1
    }

    #[test]
    fn takes_a_hanging_cannon_and_gives_no_rook_for_a_pawn() {
        // Red's rook on a0 may take the pawn on a6, where the rook on a9
        // takes it; Black's cannon on i4 hangs to Red's rook on i0.
        let p = pos("r4k3/9/9/p8/9/8c/9/9/9/R2K4R w - - 0 1");
        let out = search(&game(&p), &p.legal_moves(), plenty());
        assert_eq!(out.depth, MAX_DEPTH, "{:?}", &out.moves[..4]);
        assert_eq!(out.moves[0].0, mv("i0i4"), "{:?}", &out.moves[..4]);
        assert!(out.moves[0].1 >= 4);
        assert!(
            score_of(&out, "a0a6") < score_of(&out, "a0a1"),
            "{:?}",
            out.moves
        );
        // Without i0i4 among the moves, a0a6 still loses the rook for less.
        let allowed: Vec<Move> = p
            .legal_moves()
            .into_iter()
            .filter(|&m| m != mv("i0i4"))
            .collect();
        let out = search(&game(&p), &allowed, plenty());
        assert_ne!(out.moves[0].0, mv("a0a6"));
        assert!(score_of(&out, "a0a6") < out.moves[0].1);
    }

    #[test]
    fn sees_a_mate_in_two_and_the_one_against() {
        // Two rooks against a bare king: no check mates at once (the king
        // steps aside), but the ladder does in two (a2a8, then b1b9).
        let p = pos("4k4/9/9/9/9/9/9/R8/1R7/3K5 w - - 0 1");
        let out = search(&game(&p), &p.legal_moves(), plenty());
        assert!(out.moves[0].1 >= MATE_BOUND, "{:?}", &out.moves[..4]);
        // Black's threat a9d9 mates the king on d0: a move that leaves it
        // (d0d1 walks into it) scores as mated.
        let p = pos("r3k4/9/9/p8/9/9/9/9/9/R2K5 w - - 0 1");
        let out = search(&game(&p), &p.legal_moves(), plenty());
        assert!(score_of(&out, "d0d1") <= -MATE_BOUND);
        assert!(out.moves[0].1 > -MATE_BOUND);
        assert!(
            ["a0a1", "a0a2", "a0a3", "a0a4"]
                .map(mv)
                .contains(&out.moves[0].0)
        );
    }

    /// A search for `us` on `game`, its last [`JUDGED_PLIES`] plies standing
    /// for the judged path from the root: the next move is past them.
    fn past_judged_plies(game: Judge, us: Color) -> Searcher<fn()> {
        Searcher {
            us,
            pos: game.position().clone(),
            judge: game,
            judged: JUDGED_PLIES,
            nodes: 0,
            budget: plenty(),
            out_of_budget: false,
            tick: || {},
        }
    }

    /// The game from `fen` after `moves` under cxa2020.
    fn played(fen: &str, moves: &str) -> Judge {
        played_under("cxa2020", fen, moves)
    }

    #[test]
    fn a_forbidden_repetition_in_the_tree_loses() {
        // Red's rook must stay between the king and Black's cannon on h0:
        // it checks from e0 and f0 in turn, and e0f0 is Red's only move.
        // After e0f0 f8e8, f0e0 would repeat the cycle of perpetual check
        // (forbidden), and Red has no other move: e0f0 loses by the rules,
        // though it loses no material.
        let game = played("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", "f0e0 e8f8");
        let out = search(&game, &[mv("e0f0")], plenty());
        assert!(out.moves[0].1 <= -MATE_BOUND, "{out:?}");
    }

    #[test]
    fn a_side_left_only_forbidden_moves_in_the_tree_has_lost_there() {
        // After one round of perpetual check, f0e0 is Red's only legal move
        // and repeats the cycle: at the root, where its ban was lifted, it
        // goes on; Black's e8f8 then leaves Red only e0f0, forbidden in the
        // tree, where Red has lost as if mated there.
        let game = played("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", "f0e0 e8f8 e0f0 f8e8");
        let out = search(&game, &[mv("f0e0")], plenty());
        assert_eq!(out.moves, [(mv("f0e0"), -(MATE - 2))], "{out:?}");
        // One round earlier, e0f0 lets Black's f8e8 leave Red only that
        // forbidden move: Red has lost two plies on, as if mated there.
        let game = played("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", "f0e0 e8f8");
        let out = search(&game, &[mv("e0f0")], plenty());
        assert_eq!(out.moves, [(mv("e0f0"), -(MATE - 2))], "{out:?}");
    }

    /// Red's rook checks Black's king round the palace's top corner; at
    /// the end, rook on e8 and king on d9, each of e8d8, e8e9 and e8f8
    /// repeats a position with Red the offender.
    const CORNER: [&str; 2] = [
        "3k5/9/4b4/9/9/9/9/9/3p5/4K3R w",
        "i0i9 e7g9 i9i8 d1d0 e0f0 d0c0 i8d8 d9e9 d8f8 e9d9 f8d8 d9e9 d8d9 e9e8 d9e9 e8d8 e9e8 d8d9",
    ];

    #[test]
    fn lifted_root_moves_rank_by_what_follows_and_the_decisive_one_last() {
        // Where the bridge lifts the bans (every move it may play is
        // forbidden), e8d8 completes the decisive occurrence: lost on the
        // spot; e8e9 checks from next to the king, which takes the rook;
        // e8f8 keeps it. Ranked so, not in the order given.
        let game = played(CORNER[0], CORNER[1]);
        let lifted = ["e8d8", "e8e9", "e8f8"].map(mv);
        let mut rules = game.clone();
        let trials = lifted.map(|m| {
            let t = rules.try_move(m);
            rules.take_back();
            t
        });
        assert_eq!(
            trials,
            [true, false, false].map(|decisive| Trial::Forbidden { decisive })
        );
        let out = search(&game, &lifted, plenty());
        let order: Vec<Move> = out.moves.iter().map(|&(m, _)| m).collect();
        assert_eq!(order, ["e8f8", "e8e9", "e8d8"].map(mv), "{out:?}");
        assert_eq!(score_of(&out, "e8f8"), out.standing, "{out:?}");
        assert!(score_of(&out, "e8e9") < out.standing - 4, "{out:?}");
        assert_eq!(score_of(&out, "e8d8"), -(MATE - 1), "{out:?}");
    }

    /// The game from `fen` after `moves` under the profile `profile`.
    fn played_under(profile: &str, fen: &str, moves: &str) -> Judge {
        let mut judge = Judge::new(&load_profile(profile).unwrap(), pos(fen));
        for m in moves.split_whitespace() {
            judge.push(mv(m)).unwrap();
        }
        judge
    }

    #[test]
    fn a_move_that_reaches_the_natural_limit_draws_unless_it_mates() {
        // 119 plies without a capture: any move reaches the limit (60
        // rounds) and draws, though Red is a horse up.
        let game = played("3k5/9/9/9/9/9/9/9/4A4/4K3N w - - 119 60", "");
        let out = search(&game, &game.position().legal_moves(), plenty());
        assert!(out.standing > 0, "{out:?}");
        assert!(out.moves.iter().all(|&(_, s)| s == 0), "{out:?}");
        // A mate on that ply mates: a7a9 (among others) mates the king on d9.
        let game = played("3k5/8R/R8/9/9/9/9/9/9/4K4 w - - 119 60", "");
        let out = search(&game, &game.position().legal_moves(), plenty());
        assert!(score_of(&out, "a7a9") >= MATE_BOUND, "{out:?}");
        assert_eq!(score_of(&out, "i8i7"), 0, "{out:?}");
        // The limit counted under the profile: 50 rounds under dqsz2017-rapid.
        let fen = "3k5/9/9/9/9/9/9/9/4A4/4K3N w - - 99 60";
        let game = played_under("dqsz2017-rapid", fen, "");
        let out = search(&game, &game.position().legal_moves(), plenty());
        assert!(out.moves.iter().all(|&(_, s)| s == 0), "{out:?}");
        let out = search(&played(fen, ""), &game.position().legal_moves(), plenty());
        assert!(out.moves.iter().all(|&(_, s)| s > 0), "{out:?}");
    }

    #[test]
    fn a_forbidden_repetition_that_reaches_the_natural_limit_draws() {
        // As above, f0e0 repeats the cycle of perpetual check; 115 plies
        // before the record, it also reaches the limit, which draws there.
        let fen = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 115 60";
        let game = played(fen, "f0e0 e8f8 e0f0 f8e8");
        let out = search(&game, &[mv("f0e0")], plenty());
        assert_eq!(out.moves, [(mv("f0e0"), 0)], "{out:?}");
    }

    /// A cycle of idle moves from a position with Black to move: the
    /// first round, and the second but its last move, Red's.
    const ROUND: &str = "d9d8 e1d2 d8d9";
    const TWO_ROUNDS: &str = "d9d8 e1d2 d8d9 d2e1 d9d8 e1d2 d8d9";

    #[test]
    fn a_decisive_drawn_cycle_scores_as_the_profile_scores_a_draw() {
        // Red, a rook down, closes the cycle a third time with d2e1: a
        // draw, its best move under cxa2020; under an Armageddon profile
        // (past its 25 rounds of early repetition) a draw is Black's win.
        let fen = "r2k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 40";
        let moves = played(fen, TWO_ROUNDS).position().legal_moves();
        let out = search(&played(fen, TWO_ROUNDS), &moves, plenty());
        assert!(out.standing < 0, "{out:?}");
        assert_eq!(out.moves[0], (mv("d2e1"), 0), "{out:?}");
        let game = played_under("dqsz2017-armageddon", fen, TWO_ROUNDS);
        let out = search(&game, &moves, plenty());
        assert_eq!(score_of(&out, "d2e1"), -(MATE - 1), "{out:?}");
        assert_ne!(out.moves[0].0, mv("d2e1"), "{out:?}");
    }

    #[test]
    fn a_drawn_cycle_short_of_its_decisive_occurrence_goes_on() {
        // d2e1 closes the cycle a second time: a draw only if nobody varies,
        // so it scores on material, where Red is a rook down, alike under
        // cxa2020 and under an Armageddon profile (no win for Black yet).
        let fen = "r2k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 40";
        let scores = ["cxa2020", "dqsz2017-armageddon"].map(|profile| {
            let game = played_under(profile, fen, ROUND);
            let out = search(&game, &game.position().legal_moves(), plenty());
            score_of(&out, "d2e1")
        });
        assert!(scores[0] < 0 && scores[0] > -MATE_BOUND, "{scores:?}");
        assert_eq!(scores[0], scores[1]);
        // Black, to move one ply earlier, closes it with d8d9: not a win.
        let game = played_under("dqsz2017-armageddon", fen, "d9d8 e1d2");
        let out = search(&game, &game.position().legal_moves(), plenty());
        assert!(out.standing > 0, "{out:?}");
        assert_eq!(score_of(&out, "d8d9"), out.standing, "{out:?}");
    }

    #[test]
    fn a_side_ahead_does_not_close_a_decisive_drawn_cycle() {
        // Both sides' moves were idle: d2e1 would close the cycle a third
        // time, a draw, where Red is a horse up; every other move keeps the
        // horse, and so does d2e1 a round earlier.
        let fen = "3k5/9/9/9/9/9/9/9/4A4/4K3N b";
        let game = played(fen, TWO_ROUNDS);
        let moves = game.position().legal_moves();
        let out = search(&game, &moves, plenty());
        assert_eq!(score_of(&out, "d2e1"), 0, "{out:?}");
        assert!(out.standing > 0, "{out:?}");
        assert!(
            out.moves
                .iter()
                .all(|&(m, s)| m == mv("d2e1") || s == out.standing),
            "{out:?}"
        );
        let game = played(fen, ROUND);
        let out = search(&game, &game.position().legal_moves(), plenty());
        assert!(out.moves.iter().all(|&(_, s)| s == out.standing), "{out:?}");
    }

    /// Red's rook on i8/i9 checks the king on e9/e8 in turn, Black's king
    /// steps between them: a cycle of perpetual check by Red.
    const CHECKS: &str = "4k4/8R/9/9/9/9/9/9/4A4/3K5 w";

    #[test]
    fn a_decisive_repetition_wins_for_the_side_that_did_not_offend() {
        // Black's e8e9 closes the cycle a third time: Red, the offender,
        // loses there, though it had other moves than the next check.
        let game = played(CHECKS, "i8i9 e9e8 i9i8 e8e9 i8i9 e9e8 i9i8");
        let out = search(&game, &game.position().legal_moves(), plenty());
        assert!(out.standing < 0, "{out:?}");
        assert_eq!(out.moves[0], (mv("e8e9"), MATE - 1), "{out:?}");
        // A round earlier it only orders Red to vary: the game goes on.
        let game = played(CHECKS, "i8i9 e9e8 i9i8");
        let out = search(&game, &game.position().legal_moves(), plenty());
        assert!(score_of(&out, "e8e9") < MATE_BOUND, "{out:?}");
    }

    #[test]
    fn the_opponents_forbidden_moves_go_on_until_the_decisive_occurrence() {
        // Black searches; Red's rook can only check from e0 and f0 in turn.
        // After e8f8, Red's only move e0f0 repeats the cycle of perpetual
        // check: forbidden, but Red, whom the bridge does not hold, may
        // play it; it loses when Black's f8e8 closes the cycle a third time.
        let fen = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";
        let game = played(fen, "f0e0 e8f8 e0f0 f8e8 f0e0");
        let out = search(&game, &[mv("e8f8")], plenty());
        assert_eq!(out.moves, [(mv("e8f8"), MATE - 3)], "{out:?}");
        // A round earlier, Black's f8e8 closes it the third time four
        // plies on, in reply to Red's check: a reply the quiescence search
        // tries after the judged plies, and judges as it repeats.
        let game = played(fen, "f0e0 e8f8 e0f0");
        let out = search(&game, &[mv("f8e8")], plenty());
        assert_eq!(out.moves, [(mv("f8e8"), MATE - 5)], "{out:?}");
        // Earlier still, Red's forced forbidden moves lose nothing yet.
        let game = played(fen, "f0e0");
        let out = search(&game, &[mv("e8f8")], plenty());
        assert!(out.moves[0].1.abs() < MATE_BOUND, "{out:?}");
    }

    #[test]
    fn exact_scores_are_those_of_moves_searched_in_full() {
        let p = pos("r4k3/9/9/p8/9/8c/9/9/9/R2K4R w - - 0 1");
        let out = search(&game(&p), &p.legal_moves(), plenty());
        let (best, score) = out.moves[0];
        assert_eq!(out.exact(best), Some(score));
        assert_eq!(ucci_units(score), i64::from(score) * 100);
        let bounded = out.moves.iter().find(|&&(_, s)| s <= score - ROOT_WINDOW);
        let (m, _) = bounded.expect("a move far below the best");
        assert_eq!(out.exact(*m), None, "{out:?}");
        assert_eq!(out.exact(mv("a9a8")), None, "not a root move");
        // A mate stays a mate, and so does a loss by the rules: a
        // forbidden move, its ban lifted, lost two plies on.
        assert_eq!(ucci_units(MATE - 1), 9999);
        assert_eq!(ucci_units(-(MATE - 2)), -9998);
        let cycle = played("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", "f0e0 e8f8 e0f0 f8e8");
        let out = search(&cycle, &[mv("f0e0")], plenty());
        assert_eq!(out.exact(mv("f0e0")), Some(-(MATE - 2)), "{out:?}");
        // Moves a search out of budget did not reach have none.
        let out = search(
            &game(&p),
            &p.legal_moves(),
            Budget {
                nodes: 3,
                deadline: None,
                clock: Clock::default(),
            },
        );
        assert_eq!(out.depth, 0);
        let unreached = out.moves.iter().filter(|&&(m, _)| out.exact(m).is_none());
        assert_eq!(unreached.count(), out.moves.len() - 1, "{out:?}");
    }

    #[test]
    fn a_side_in_check_left_only_forbidden_replies_in_the_captures_search_has_lost_there() {
        // Red's rook checks from d6 and goes back to a6; Black's king steps
        // between e8 and d7, which the rules count against Black: after
        // a6d6, e8d7 is Black's only reply, and forbidden to it.
        let fen = "C2k1ab2/2N1a4/4b4/R5p1p/2r6/2p1p1P2/P7P/4B4/3cA4/3AK1B2 w - - 10 6";
        let game = played(fen, "a6d6 e8d7 d6a6 d7e8 a6d6");
        assert_eq!(game.position().legal_moves().len(), 1);
        // The game's last four plies stand for the judged path, Black the
        // bridge's side: its reply, four plies on, is judged and lost.
        let mut s = past_judged_plies(game, Color::Black);
        let ply = JUDGED_PLIES;
        assert_eq!(
            s.quiescence(QUIESCENCE_PLIES, ply, -MATE, MATE),
            -(MATE - ply)
        );
    }

    #[test]
    fn a_check_given_back_past_the_judged_plies_is_judged_with_the_replies_to_it() {
        // Red a rook up; a position that stood twice (Red to move, Black's
        // cannon on e9 held off the king by the horse on e7 and the pawn on
        // e6), then Black's cannon comes back to e9 and checks. Red's horse
        // f5e7 blocks the check and checks in turn, a position that never
        // stood (the rules have nothing to rule on it); Black's king d9d8
        // then brings the position about a third time: a drawn cycle's
        // decisive occurrence, which Black, behind, takes.
        let fen = "4c4/3k5/4N4/4p4/9/9/9/9/4K4/R8 w - - 0 30";
        let moves = "e1f1 d8d7 f1e1 d7d8 e1f1 e9f9 e7g6 d8d9 g6h4 d9d8 f1e1 d8d9 h4f5 f9e9";
        let game = played(fen, moves);
        assert!(game.position().in_check());
        let mut after = game.position().clone();
        after.play_unchecked(mv("f5e7"));
        assert!(after.in_check() && !game.may_rule(after.key(), mv("f5e7")));
        let mut rules = game.clone();
        rules.push(mv("f5e7")).unwrap();
        assert_eq!(rules.try_move(mv("d9d8")), Trial::Ends { winner: None });
        // The game's last four plies stand for the judged path, Red the
        // bridge's side: its check back is played past it, and scores the
        // draw Black's reply gets by the rules, not the rook Red is up.
        let mut s = past_judged_plies(game, Color::Red);
        assert!(material(&s.pos) > 0);
        let ply = JUDGED_PLIES;
        let score = s.play(mv("f5e7"), ply, |s| {
            -s.quiescence(QUIESCENCE_PLIES - 1, ply + 1, -MATE, MATE)
        });
        assert_eq!(score, 0);
    }

    /// Plays `line` from `ply` on, each move scored by the ones after it,
    /// the last by `leaf` (for the side to move after it): the score of the
    /// first move for its mover.
    fn score_line(s: &mut Searcher<fn()>, line: &[Move], ply: i32, leaf: i32) -> i32 {
        match line.split_first() {
            None => leaf,
            Some((&m, rest)) => s.play(m, ply, |s| -score_line(s, rest, ply + 1, leaf)),
        }
    }

    #[test]
    fn a_cycle_of_checks_after_a_capture_past_the_judged_plies_is_judged() {
        // Past the judged plies Red's cannon takes on f2 with check; then
        // both sides check in turn, each reply blocking the check it meets
        // and giving one: Black's pawn f3e3, Red's rook f2e2, and back,
        // e3f3 and e2f2, which brings the position after the capture about
        // again. Both sides check throughout, a draw were it left to the
        // decisive occurrence; early in a dqsz2017 game (the 10th round) Red
        // must vary such a cycle instead, so e2f2 is forbidden to Red.
        let fen = "4rk3/5C3/7R1/4c4/9/9/2nr1p3/5c3/9/4KR3 w - - 0 10";
        let line = ["f8f2", "f3e3", "f2e2", "e3f3", "e2f2"].map(mv);
        let mut rules = played_under("dqsz2017-slow", fen, "f8f2 f3e3 f2e2 e3f3");
        assert_eq!(
            rules.try_move(line[4]),
            Trial::Forbidden { decisive: false }
        );
        // The capture on the first ply past the judged path, Red the
        // bridge's side: the line scores as forbidden to Red, not as the
        // position it leads to (the leaf's 7).
        let mut s = past_judged_plies(played_under("dqsz2017-slow", fen, ""), Color::Red);
        assert_eq!(score_line(&mut s, &line, JUDGED_PLIES, 7), -FORBIDDEN);
        // Where the second occurrence is the decisive one (a user's
        // profile), it draws there: 0 whoever searches.
        let two: crate::rules::profile::Profile =
            "name = \"two\"\nbase = \"cxa2020\"\n[repetition]\ndecisive_occurrence = 2\n"
                .parse()
                .unwrap();
        let game = Judge::new(&two, pos(fen));
        let mut s = past_judged_plies(game, Color::Black);
        assert_eq!(score_line(&mut s, &line, JUDGED_PLIES, 7), 0);
    }

    #[test]
    fn stops_within_its_budget() {
        let p = Position::startpos();
        let moves = p.legal_moves();
        let out = search(
            &game(&p),
            &moves,
            Budget {
                nodes: 5_000,
                deadline: None,
                clock: Clock::default(),
            },
        );
        assert!(out.nodes <= 5_000 + 1, "{}", out.nodes);
        assert!(out.depth < MAX_DEPTH);
        assert_eq!(out.moves.len(), moves.len());
        // A deadline already passed stops it at the first look at the clock.
        let out = search(
            &game(&p),
            &moves,
            Budget {
                nodes: u64::MAX,
                deadline: Some(Instant::now()),
                clock: Clock::default(),
            },
        );
        assert!(out.nodes <= CLOCK_EVERY + 1, "{}", out.nodes);
        assert_eq!(out.moves.len(), moves.len());
    }

    /// The search reads the time from the clock its budget gives: moved by
    /// hand a millisecond every [`TICK_EVERY`] nodes, a clock with 100 ms
    /// to its deadline stops it at the first look after 100 moves (1,600
    /// nodes; a root move's node, not counted by a look, may put off a
    /// tick or a look); standing still, it lets the search run to its
    /// nodes, though the real clock is past the deadline from the start.
    #[test]
    fn stops_at_its_deadline_by_its_budgets_clock() {
        let p = Position::startpos();
        let moves = p.legal_moves();
        let clock = Clock::by_hand();
        let budget = Budget {
            nodes: u64::MAX,
            deadline: clock.after(Duration::from_millis(100)),
            clock: clock.clone(),
        };
        let out = super::search(&game(&p), &moves, budget, || {
            clock.advance(Duration::from_millis(1));
        });
        let moved = 100 * TICK_EVERY;
        assert!(out.nodes >= moved, "{}", out.nodes);
        assert!(out.nodes <= moved + 3 * CLOCK_EVERY, "{}", out.nodes);
        assert_eq!(out.moves.len(), moves.len());

        let budget = Budget {
            nodes: 20_000,
            deadline: clock.after(Duration::from_millis(1)),
            clock: clock.clone(),
        };
        std::thread::sleep(Duration::from_millis(2));
        let out = search(&game(&p), &moves, budget);
        assert!(out.nodes >= 20_000, "{}", out.nodes);
    }
}
