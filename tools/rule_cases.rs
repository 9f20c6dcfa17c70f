//! The rule cases of `positions/repetition.tsv` as referees after their
//! moves, cycles from random games, and the referee bench's long game
//! without repetition. Shared by
//! `benches/referee.rs`, `tools/referee_profile.rs` and `tools/judge_cases.rs`
//! (each uses a part).

#![allow(dead_code)]

use std::path::Path;

use xqarbiter::board::{Move, Position};
use xqarbiter::record::{Game, ReadOptions, read_games};
use xqarbiter::referee::{Event, Referee};
use xqarbiter::rules::RuleSet;

#[path = "xorshift.rs"]
pub mod xorshift;
use xorshift::XorShift;

#[path = "random_cycles.rs"]
pub mod random_cycles;
use random_cycles::random_cycle;

/// The table: a header line, then `id, ruleset, fen, moves, …` tab-separated.
const TABLE: &str = include_str!("../positions/repetition.tsv");

/// Every case in table order: its id, and its referee after its moves or what is wrong.
pub fn cases() -> impl Iterator<Item = (&'static str, Result<Referee, String>)> {
    TABLE
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (fields[0], referee(&fields))
        })
}

/// The case `id`'s referee after its moves, or what is wrong.
pub fn case(id: &str) -> Result<Referee, String> {
    cases().find(|&(c, _)| c == id).map_or_else(
        || Err(format!("no case {id} in positions/repetition.tsv")),
        |(_, r)| r,
    )
}

fn referee(fields: &[&str]) -> Result<Referee, String> {
    let id = fields[0];
    let (Some(rules), Some(fen), Some(moves)) = (fields.get(1), fields.get(2), fields.get(3))
    else {
        return Err(format!("case {id}: too few fields"));
    };
    let rules: RuleSet = rules.parse().map_err(|e| format!("case {id}: {e}"))?;
    let start = Position::from_fen(fen).map_err(|e| format!("case {id}: {e}"))?;
    let mut referee = Referee::with_rules(rules, start);
    for m in moves.split_whitespace() {
        let mv = Move::parse_uci(m).map_err(|e| format!("case {id}: {e}"))?;
        referee.push(mv).map_err(|e| format!("case {id}: {e}"))?;
    }
    Ok(referee)
}

/// A 150-ply game from the start position that never repeats a position:
/// a seeded random playout, skipping moves that would repeat or end the game.
pub fn long_game() -> Vec<Move> {
    let mut pos = Position::startpos();
    let mut seen = std::collections::HashSet::new();
    seen.insert(pos.key());
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let mut moves = Vec::new();
    while moves.len() < 150 {
        let legal = pos.legal_moves();
        let start = rng.below(legal.len());
        let pick = (0..legal.len())
            .map(|i| legal[(start + i) % legal.len()])
            .find(|&m| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                !seen.contains(&next.key()) && !next.has_no_legal_moves()
            });
        let Some(mv) = pick else { break };
        pos.play_unchecked(mv);
        seen.insert(pos.key());
        moves.push(mv);
    }
    moves
}

/// `n` referees after random games that end in a 4-ply shuttle played once
/// (the second occurrence of its position), under `rules`: cycles from
/// ordinary play rather than from rulebook diagrams.
pub fn random_game_cycles(rules: RuleSet, n: usize) -> Vec<Referee> {
    let mut rng = XorShift(0x5eed_0000_0000_0042);
    let mut out = Vec::new();
    while out.len() < n {
        let plies = 8 + rng.below(70);
        let Some((start, moves)) = random_cycle(&mut rng, plies, 1) else {
            continue;
        };
        let mut referee = Referee::with_rules(rules, start);
        for m in moves {
            referee.push(m).expect("the generator plays legal moves");
        }
        // Judged on a clone, so that the referee keeps no classified moves.
        let ruling = referee.clone().ruling();
        if ruling.repetition.is_some_and(|r| r.moves.len() == 4) {
            out.push(referee);
        }
    }
    out
}

/// Every game of the coordinate PGN files (`*_UCI_games.pgn`: master games)
/// in the corpus folder `corpus`, files in name order. Files or games that
/// cannot be read are reported on stderr and left out; an unreadable folder
/// gives none.
pub fn corpus_games(corpus: &Path) -> Vec<Game> {
    labelled_corpus_games(corpus)
        .into_iter()
        .map(|(_, game)| game)
        .collect()
}

/// The games of [`corpus_games`], each with its name as `xqarbiter rule`
/// takes it: `FILE#N`, N counting the file's games from 0.
pub fn labelled_corpus_games(corpus: &Path) -> Vec<(String, Game)> {
    let mut files: Vec<_> = match std::fs::read_dir(corpus) {
        Ok(dir) => dir
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.to_string_lossy().ends_with("_UCI_games.pgn"))
            .collect(),
        Err(e) => {
            eprintln!("{}: {e}", corpus.display());
            return Vec::new();
        }
    };
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let games = match read_games(&file, &ReadOptions::default()) {
            Ok(games) => games,
            Err(e) => {
                eprintln!("{e}");
                continue;
            }
        };
        for (i, game) in games.enumerate() {
            match game {
                Ok(game) => out.push((format!("{}#{i}", file.display()), game)),
                Err(e) => eprintln!("{e}"),
            }
        }
    }
    out
}

/// Referees at every repetition of the corpus master games ([`corpus_games`]),
/// judged under `rules`: each stands right after the move that repeated, no
/// move classified yet.
pub fn corpus_repetitions(corpus: &Path, rules: RuleSet) -> Vec<Referee> {
    let mut out = Vec::new();
    for game in corpus_games(corpus) {
        let mut referee = Referee::with_rules(rules, game.start.clone());
        for m in &game.moves {
            if let Ok(Event::Repetition(_)) = referee.push(m.mv) {
                out.push(referee.clone());
            }
        }
    }
    out
}

/// The arguments `[N] [cxa2011|cxa2020|axf]` of the tools that print random
/// games' rulings, each defaulted when absent; `None` if one does not parse.
pub fn count_and_rules(default_count: usize, default_rules: RuleSet) -> Option<(usize, RuleSet)> {
    let mut args = std::env::args().skip(1);
    let count = match args.next() {
        None => default_count,
        Some(a) => a.parse().ok()?,
    };
    let rules = match args.next() {
        None => default_rules,
        Some(a) => a.parse().ok()?,
    };
    Some((count, rules))
}
