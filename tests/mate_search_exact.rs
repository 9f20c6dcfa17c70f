//! The mate search by checks prunes: it remembers the replies that answered a
//! check, skips positions already shown to hold (also those found by earlier
//! searches, when they share a [`MateSearch`]), and ranks the defender's
//! replies. None of that may change an answer. A plain search (every legal
//! move that checks, every legal reply, no memory) must agree with it on
//! every position reached by one legal move from the positions of the public
//! rule cases, with either side to move, and, when `XQARBITER_CORPUS` is set,
//! from every 20th position of the corpus master games.

use std::path::PathBuf;

use xqarbiter::board::{Bitboard, Position};
use xqarbiter::rules::MateSearch;
use xqarbiter::rules::nature::MATE_THREAT_DEPTH;

#[path = "../tools/rule_cases.rs"]
mod rule_cases;

/// Whether the side to move mates by checks within `depth` of its moves, its
/// first check taking no piece on `spared`: every check and every reply tried.
fn plain_mate(pos: &mut Position, depth: u32, spared: Bitboard) -> bool {
    if depth == 0 {
        return false;
    }
    pos.legal_moves().into_iter().any(|check| {
        if spared.contains(check.to()) {
            return false;
        }
        let undo = pos.play_unchecked(check);
        let mates = pos.in_check() && {
            let replies = pos.legal_moves();
            replies.is_empty()
                || (depth > 1
                    && replies.into_iter().all(|reply| {
                        let back = pos.play_unchecked(reply);
                        let mated = plain_mate(pos, depth - 1, Bitboard::EMPTY);
                        pos.undo(back);
                        mated
                    }))
        };
        pos.undo(undo);
        mates
    })
}

/// The legal positions one legal move away from `pos`, each with either side to move.
fn one_move_away(pos: &Position, out: &mut Vec<Position>) {
    for mv in pos.legal_moves() {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        let passed = after.passed();
        // With the other side to move, a position that leaves a king in check is not one.
        if !after.in_check() {
            out.push(passed);
        }
        out.push(after);
    }
}

/// Checks the search against the plain one on `positions` to `depth`, with
/// nothing spared and with the opponent's pieces spared (the first check
/// takes nothing): each search on its own, and one [`MateSearch`] that keeps
/// what it learns from position to position. Returns the number of mates found.
fn agree(positions: &[Position], depth: u32) -> usize {
    let mut shared = MateSearch::default();
    let mut mates = 0;
    for pos in positions {
        let spare_all = pos.us(!pos.turn());
        for spared in [Bitboard::EMPTY, spare_all] {
            let plain = plain_mate(&mut pos.clone(), depth, spared);
            let alone = MateSearch::default().mates(&mut pos.clone(), depth, spared);
            let sharing = shared.mates(&mut pos.clone(), depth, spared);
            assert_eq!(
                (alone, sharing),
                (plain, plain),
                "{} to depth {depth}, sparing the opponent's pieces: {}",
                pos.fen(),
                spared.any()
            );
            mates += usize::from(plain);
        }
    }
    mates
}

#[test]
fn mate_search_agrees_with_a_plain_search_on_the_rule_cases() {
    let mut positions = Vec::new();
    for (id, referee) in rule_cases::cases() {
        let referee = referee.unwrap_or_else(|e| panic!("{id}: {e}"));
        let mut pos = referee.start().clone();
        for mv in referee.moves() {
            one_move_away(&pos, &mut positions);
            pos.play_unchecked(mv);
        }
    }
    assert!(positions.len() > 40_000);
    let mates = agree(&positions, MATE_THREAT_DEPTH);
    println!(
        "{} positions, {mates} mates by checks within {MATE_THREAT_DEPTH} moves",
        positions.len()
    );
    // The cases hold mate threats: the comparison is not all "no".
    assert!(mates > 1_000);
}

#[test]
fn mate_search_agrees_with_a_plain_search_on_master_games() {
    let Some(root) = std::env::var_os("XQARBITER_CORPUS") else {
        eprintln!("note: XQARBITER_CORPUS is not set; the master-game positions are skipped");
        return;
    };
    let games = rule_cases::corpus_games(&PathBuf::from(root).join("corpus"));
    assert!(!games.is_empty(), "no master games in the corpus");
    let mut positions = Vec::new();
    for game in games {
        let mut pos = game.start.clone();
        for (ply, m) in game.moves.iter().enumerate() {
            if ply % 20 == 0 {
                one_move_away(&pos, &mut positions);
            }
            pos.play_unchecked(m.mv);
        }
    }
    let mates = agree(&positions, 4);
    println!(
        "{} positions, {mates} mates by checks within 4 moves",
        positions.len()
    );
    assert!(mates > 1_000);
}
