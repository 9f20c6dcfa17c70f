//! The bridge's own move, for when the engine gives none it may pass on (it
//! insists on a banned move, answers no move, or does not answer in time):
//! a move the engine itself liked earlier in the search, if the bridge's
//! small search (see `search`) finds it no worse than the best allowed
//! move, else the move that search scores best. The moves worth the
//! engine's short searches, for an engine that ignores bans, are chosen
//! and ordered here too.

use crate::board::{Move, Position};
use crate::words::Words;

use super::judge::Judge;
use super::search::{Budget, MATE_BOUND, Outcome, search};

/// Where the bridge's move comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// The first move of one of the engine's `info … pv` lines in this search.
    EnginePv,
    /// The bridge's own small search.
    Search,
    /// Short searches by the engine of the position after each candidate.
    Probes,
}

impl Source {
    /// How the choice is described to the GUI.
    pub(crate) fn describe(self) -> Words {
        match self {
            Source::EnginePv => Words::new(
                "the first move of the engine's latest line that may be played",
                "引擎最近一条变例中第一个可走的着法",
            ),
            Source::Search => Words::new(
                "the bridge's own pick: the allowed move its small search scores best",
                "桥接程序自选：其小型搜索评分最高的允许着法",
            ),
            Source::Probes => Words::new(
                "the allowed move the engine scored best when it searched the position after each",
                "引擎逐一搜索各允许着法之后的局面，评分最高的那一着",
            ),
        }
    }
}

/// Whether a move scored `score` may be played when the best allowed move
/// scores `best` and the material stands at `standing` (see [`Outcome`]):
/// it walks into no mate or loss by the rules that the search sees, and
/// loses no more than that one (nothing, if that one loses nothing; a
/// drawn repetition, scored 0, loses what a side ahead has).
fn acceptable(score: i32, best: i32, standing: i32) -> bool {
    score > -MATE_BOUND && score >= best.min(standing)
}

/// The bridge's move among `allowed` (the legal moves it may pass on) in
/// `pos`, given the small search's `ranking` of them: a mate the search
/// sees, else the most recent of `liked` (first moves of the engine's `pv`
/// lines, oldest first) that is [`acceptable`], else the move the search
/// scores best. `None` when nothing is allowed.
pub(crate) fn choose(ranking: &Outcome, liked: &[Move]) -> Option<(Move, Source)> {
    let &(best_move, best) = ranking.moves.first()?;
    if best >= MATE_BOUND {
        return Some((best_move, Source::Search));
    }
    let from_pv = liked.iter().rev().find(|m| {
        ranking
            .moves
            .iter()
            .any(|(a, s)| a == *m && acceptable(*s, best, ranking.standing))
    });
    Some(match from_pv {
        Some(&m) => (m, Source::EnginePv),
        None => (best_move, Source::Search),
    })
}

/// The small search's ranking of `allowed` in the game `judge` holds,
/// within `budget`, calling `tick` every few nodes (see [`search`]).
pub(crate) fn rank(judge: &Judge, allowed: &[Move], budget: Budget, tick: impl FnMut()) -> Outcome {
    search(judge, allowed, budget, tick)
}

/// The moves worth a short search by the engine when it cannot be told to
/// leave some out, best first: those [`choose`] would accept, the engine's
/// `liked` ones (oldest first) first, most recent first, then by the
/// search's score, captures and then checks first among equals. A mate, if
/// the search sees one, alone.
pub(crate) fn candidates(pos: &Position, ranking: &Outcome, liked: &[Move]) -> Vec<Move> {
    let Some(&(first, best)) = ranking.moves.first() else {
        return Vec::new();
    };
    if best >= MATE_BOUND {
        return vec![first];
    }
    let mut acceptable: Vec<(Move, i32)> = ranking
        .moves
        .iter()
        .copied()
        .filter(|&(_, s)| acceptable(s, best, ranking.standing))
        .collect();
    acceptable.sort_by_key(|&(m, s)| {
        let capture = pos.piece_at(m.to()).is_some();
        let mut after = pos.clone();
        after.play_unchecked(m);
        (std::cmp::Reverse(s), !capture, !after.in_check())
    });
    let mut out: Vec<Move> = Vec::with_capacity(acceptable.len());
    let allowed = |m: &Move| acceptable.iter().any(|(a, _)| a == m);
    for &m in liked
        .iter()
        .rev()
        .filter(|m| allowed(m))
        .chain(acceptable.iter().map(|(m, _)| m))
    {
        if !out.contains(&m) {
            out.push(m);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ucci::judge::load_profile;
    use crate::ucci::now::Clock;
    use crate::ucci::search::MATE;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    fn mv(s: &str) -> Move {
        Move::parse_uci(s).unwrap()
    }

    /// The ranking, with nothing to do at the search's looks at the clock.
    fn rank(judge: &Judge, allowed: &[Move], budget: Budget) -> Outcome {
        super::rank(judge, allowed, budget, || {})
    }

    fn ranked(p: &Position, allowed: &[Move]) -> Outcome {
        let budget = Budget {
            nodes: 2_000_000,
            deadline: None,
            clock: Clock::default(),
        };
        rank(
            &Judge::new(&load_profile("cxa2020").unwrap(), p.clone()),
            allowed,
            budget,
        )
    }

    #[test]
    fn takes_a_mate() {
        // The rook on i8 holds the eighth rank; a7a9 mates the king on d9,
        // and so do a7d7 and e0e1 (the kings may not face each other on e9).
        let p = pos("3k5/8R/R8/9/9/9/9/9/9/4K4 w - - 0 1");
        let allowed = p.legal_moves();
        let (m, source) = choose(&ranked(&p, &allowed), &[mv("i8i7")]).unwrap();
        let mut after = p.clone();
        after.play_unchecked(m);
        assert!(after.has_no_legal_moves(), "{m:?}");
        assert_eq!(source, Source::Search);
        // Two rooks mate the bare king in two (a2a8, then b1b9), not in one.
        let p = pos("4k4/9/9/9/9/9/9/R8/1R7/3K5 w - - 0 1");
        let allowed = p.legal_moves();
        let ranking = ranked(&p, &allowed);
        let (m, source) = choose(&ranking, &[mv("d0d1")]).unwrap();
        assert_eq!(source, Source::Search);
        let mut after = p.clone();
        after.play_unchecked(m);
        assert!(!after.has_no_legal_moves());
        assert!(ranking.moves[0].1 >= MATE_BOUND);
        assert_eq!(candidates(&p, &ranking, &[]), [m]);
    }

    #[test]
    fn does_not_hang_the_rook_or_walk_into_mate() {
        // Black threatens a9d9 mate: d0d1 and a0b0 walk into it at once,
        // a0a2–a0a6 two moves later (the rook blocks on the d-file and is
        // taken with check); only a0a1 holds (the king takes back on d1).
        let p = pos("r3k4/9/9/p8/9/9/9/9/9/R2K5 w - - 0 1");
        let allowed = p.legal_moves();
        let ranking = ranked(&p, &allowed);
        for liked in [mv("a0a6"), mv("d0d1"), mv("a0a3")] {
            let (m, source) = choose(&ranking, &[liked]).unwrap();
            assert_eq!((m, source), (mv("a0a1"), Source::Search));
        }
        // At the start a0a1 leaves the horse on b0 to the cannon on b7.
        let p = Position::startpos();
        let ranking = ranked(&p, &p.legal_moves());
        let liked = [mv("h0g2"), mv("a0a1")];
        assert_eq!(
            choose(&ranking, &liked),
            Some((mv("h0g2"), Source::EnginePv))
        );
    }

    #[test]
    fn prefers_the_engines_latest_line_among_safe_moves() {
        let p = Position::startpos();
        let allowed: Vec<Move> = p
            .legal_moves()
            .into_iter()
            .filter(|&m| m != mv("h2e2"))
            .collect();
        let ranking = ranked(&p, &allowed);
        let liked = [mv("b2e2"), mv("h2e2"), mv("h0g2")];
        assert_eq!(
            choose(&ranking, &liked),
            Some((mv("h0g2"), Source::EnginePv))
        );
        let liked = [mv("b2e2"), mv("h2e2")];
        assert_eq!(
            choose(&ranking, &liked),
            Some((mv("b2e2"), Source::EnginePv))
        );
        assert_eq!(choose(&ranked(&p, &[]), &liked), None);
    }

    #[test]
    fn candidates_are_the_acceptable_moves_the_engine_liked_first() {
        // At the start, the rook moves leave a horse to a cannon.
        let p = Position::startpos();
        let ranking = ranked(&p, &p.legal_moves());
        let liked = [mv("h0g2"), mv("a0a1"), mv("c3c4"), mv("h0g2")];
        let got = candidates(&p, &ranking, &liked);
        assert_eq!(got[..2], [mv("h0g2"), mv("c3c4")]);
        // Then the captures (each an even trade).
        let mut captures = got[2..4].to_vec();
        captures.sort_by_key(|m| m.to_iccs());
        assert_eq!(captures, [mv("b2b9"), mv("h2h9")]);
        assert_eq!(got.len(), 40);
        for m in ["a0a1", "a0a2", "i0i1", "i0i2"] {
            assert!(!got.contains(&mv(m)), "{m}");
        }
        assert!(candidates(&p, &ranked(&p, &[]), &[]).is_empty());
    }

    #[test]
    fn candidates_put_winning_captures_and_checks_first() {
        // Black's cannon on i4 hangs to the rook on i0; i0i9 checks.
        let p = pos("r4k3/9/9/p8/9/8c/9/9/9/R2K4R w - - 0 1");
        let ranking = ranked(&p, &p.legal_moves());
        let got = candidates(&p, &ranking, &[]);
        assert_eq!(got[0], mv("i0i4"), "{got:?}");
        let quiet = got.iter().position(|&m| m == mv("a0a1")).unwrap();
        let check = got.iter().position(|&m| m == mv("i0f0")).unwrap();
        assert!(check < quiet, "{got:?}");
    }

    /// The game from `fen` after `moves` under `profile`, and the small
    /// search's ranking of every legal move there.
    fn ranked_after(profile: &str, fen: &str, moves: &str) -> Outcome {
        let mut game = Judge::new(&load_profile(profile).unwrap(), pos(fen));
        for m in moves.split_whitespace() {
            game.push(mv(m)).unwrap();
        }
        let allowed = game.position().legal_moves();
        let budget = Budget {
            nodes: 2_000_000,
            deadline: None,
            clock: Clock::default(),
        };
        rank(&game, &allowed, budget)
    }

    #[test]
    fn a_side_ahead_does_not_take_the_engines_drawn_repetition() {
        // Both sides' moves were idle: the engine's d2e1 would close the
        // cycle a third time, a draw, where Red is a horse up.
        let ranking = ranked_after(
            "cxa2020",
            "3k5/9/9/9/9/9/9/9/4A4/4K3N b",
            "d9d8 e1d2 d8d9 d2e1 d9d8 e1d2 d8d9",
        );
        let (m, source) = choose(&ranking, &[mv("d2e1")]).unwrap();
        assert_ne!(m, mv("d2e1"), "{ranking:?}");
        assert_eq!(source, Source::Search);
    }

    #[test]
    fn a_drawn_cycle_is_a_win_for_black_under_armageddon_only_when_it_decides() {
        // Black may close a cycle of idle moves with d8d9. The second time,
        // Red may still vary: no win seen, the engine's move is played. The
        // third time it ends the game, drawn: Black's win.
        let fen = "3k5/9/9/p8/9/9/9/9/4A4/4K4 w - - 0 40";
        let profile = "dqsz2017-armageddon";
        let ranking = ranked_after(profile, fen, "e1d2 d9d8 d2e1");
        let liked = [mv("a6a5")];
        assert!(ranking.moves[0].1 < MATE_BOUND, "{ranking:?}");
        assert_eq!(choose(&ranking, &liked), Some((liked[0], Source::EnginePv)));
        let ranking = ranked_after(profile, fen, "e1d2 d9d8 d2e1 d8d9 e1d2 d9d8 d2e1");
        assert_eq!(ranking.moves[0], (mv("d8d9"), MATE - 1), "{ranking:?}");
        assert_eq!(choose(&ranking, &liked), Some((mv("d8d9"), Source::Search)));
        assert_eq!(candidates(&pos(fen), &ranking, &liked), [mv("d8d9")]);
    }

    #[test]
    fn among_lifted_bans_the_move_short_of_the_decisive_occurrence_that_keeps_the_material() {
        // Every move Red may play repeats a position with Red the offender
        // (its bans lifted, see `search`): e8d8 completes the decisive
        // occurrence, e8e9 gives the rook to the king, e8f8 keeps it. The
        // engine's line with e8e9 is not followed; nor is e8d8 taken.
        let mut game = Judge::new(
            &load_profile("cxa2020").unwrap(),
            pos("3k5/9/4b4/9/9/9/9/9/3p5/4K3R w"),
        );
        let moves = "i0i9 e7g9 i9i8 d1d0 e0f0 d0c0 i8d8 d9e9 d8f8 e9d9 f8d8 d9e9 d8d9 e9e8 d9e9 e8d8 e9e8 d8d9";
        for m in moves.split_whitespace() {
            game.push(mv(m)).unwrap();
        }
        let lifted = [mv("e8d8"), mv("e8e9"), mv("e8f8")];
        let budget = Budget {
            nodes: 2_000_000,
            deadline: None,
            clock: Clock::default(),
        };
        let ranking = rank(&game, &lifted, budget);
        for liked in [&[][..], &[mv("e8e9")], &[mv("e8d8")]] {
            assert_eq!(
                choose(&ranking, liked),
                Some((mv("e8f8"), Source::Search)),
                "{ranking:?}"
            );
        }
        assert_eq!(
            candidates(game.position(), &ranking, &[mv("e8e9")]),
            [mv("e8f8")]
        );
    }

    #[test]
    fn a_side_ahead_gives_nothing_away_for_the_engines_line() {
        // Red is ahead (two rooks against a rook, a cannon and a pawn);
        // a0a6 gives its rook for the pawn: not acceptable, though Red
        // keeps more than nothing after it.
        let p = pos("r4k3/9/9/p8/9/8c/9/9/9/R2K4R w - - 0 1");
        let ranking = ranked(&p, &p.legal_moves());
        let given = ranking
            .moves
            .iter()
            .find(|(m, _)| *m == mv("a0a6"))
            .unwrap();
        assert!(given.1 >= 0 && given.1 < ranking.standing, "{ranking:?}");
        assert!(!candidates(&p, &ranking, &[]).contains(&mv("a0a6")));
        assert_eq!(
            choose(&ranking, &[mv("a0a6")]),
            Some((mv("i0i4"), Source::Search))
        );
    }
}
