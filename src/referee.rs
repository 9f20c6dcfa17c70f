//! The incremental game judge shared by every front end: push moves, ask for
//! the ruling, ask which moves the side to move may not play.
//!
//! A ply that closes no cycle costs a make-move and one hash probe; moves are
//! classified only when a position repeats, and each classification is cached.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::board::{Move, Position, Undo};
use crate::rules::RuleSet;
use crate::rules::nature::{MoveNature, classify};
use crate::rules::repetition::{CycleOutcome, rule_cycle};
use crate::rules::ruling::{MoveReport, Reason, RepetitionReport, Ruling, Verdict};

/// Zobrist keys are already random: hash them as they are.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

type KeyMap = HashMap<u64, Vec<usize>, BuildHasherDefault<KeyHasher>>;

/// A move that is not legal in the referee's current position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv} at ply {ply} in {fen}")]
pub struct IllegalMove {
    /// The move.
    pub mv: Move,
    /// The ply it would have been (1-based).
    pub ply: usize,
    /// The position it was tried in.
    pub fen: String,
}

/// What happened on a push, cheaply, so that callers know when to ask for a ruling.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Nothing to rule on.
    Quiet,
    /// The position has now stood this many times.
    Repetition(usize),
    /// The side to move has no legal move.
    NoLegalMoves,
}

/// A legal move the side to move may not play, and the ruling it would bring.
#[derive(Clone, Debug)]
pub struct ForbiddenMove {
    /// The move.
    pub mv: Move,
    /// Why, in one line.
    pub reason: String,
    /// The ruling after it.
    pub ruling: Ruling,
}

/// The incremental judge of one game.
#[derive(Clone, Debug)]
pub struct Referee {
    rules: RuleSet,
    profile: String,
    decisive_occurrence: usize,
    position: Position,
    history: Vec<(Undo, u64)>,
    keys: KeyMap,
    natures: RefCell<Vec<Option<MoveNature>>>,
}

impl Referee {
    /// A referee for a game starting at `start`, under a rule set (decisive repetition: the 3rd occurrence).
    pub fn with_rules(rules: RuleSet, start: Position) -> Referee {
        let mut keys = KeyMap::default();
        keys.insert(start.key(), vec![0]);
        Referee {
            rules,
            profile: rules.name().to_string(),
            decisive_occurrence: 3,
            position: start,
            history: Vec::new(),
            keys,
            natures: RefCell::new(Vec::new()),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Moves played so far.
    pub fn plies(&self) -> usize {
        self.history.len()
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Plays `mv` if it is legal.
    pub fn push(&mut self, mv: Move) -> Result<Event, IllegalMove> {
        if !self.position.is_legal(mv) {
            return Err(IllegalMove {
                mv,
                ply: self.plies() + 1,
                fen: self.position.fen(),
            });
        }
        Ok(self.push_legal(mv))
    }

    /// Plays `mv`, which the caller knows to be legal.
    pub fn push_legal(&mut self, mv: Move) -> Event {
        let undo = self.position.play(mv);
        let key = self.position.key();
        self.history.push((undo, key));
        let ply = self.history.len();
        let seen = self.keys.entry(key).or_default();
        seen.push(ply);
        let n = seen.len();
        if n > 1 {
            Event::Repetition(n)
        } else if self.position.has_no_legal_moves() {
            Event::NoLegalMoves
        } else {
            Event::Quiet
        }
    }

    /// The nature of ply `ply` (1-based), classified on first request.
    fn nature(&self, ply: usize, before: &Position) -> MoveNature {
        let mut cache = self.natures.borrow_mut();
        if cache.len() < ply {
            cache.resize(ply, None);
        }
        if let Some(n) = &cache[ply - 1] {
            return n.clone();
        }
        let mv = self.history[ply - 1].0.mv;
        let n = classify(before, mv, self.rules);
        cache[ply - 1] = Some(n.clone());
        n
    }

    /// The repetition closed by the last move, if any.
    fn repetition(&self) -> Option<RepetitionReport> {
        let last = self.plies();
        let key = self.history.last()?.1;
        let seen = self.keys.get(&key)?;
        if seen.len() < 2 {
            return None;
        }
        let prev = seen[seen.len() - 2];
        let mut pos = self.position.clone();
        for (undo, _) in self.history[prev..].iter().rev() {
            pos.undo(*undo);
        }
        let start = pos.clone();
        let mut moves = Vec::new();
        let mut natures = Vec::new();
        let mut reports = Vec::new();
        for ply in prev + 1..=last {
            let mv = self.history[ply - 1].0.mv;
            let n = self.nature(ply, &pos);
            reports.push(MoveReport {
                ply,
                mv,
                notation: mv.to_string(),
                nature: n.nature,
                targets: n.targets.clone(),
                reason_en: n.reason_en.clone(),
                reason_zh: n.reason_zh.clone(),
            });
            pos.play(mv);
            moves.push(mv);
            natures.push(n);
        }
        let cycle = rule_cycle(self.rules, &start, &moves, &natures);
        Some(RepetitionReport {
            first_ply: seen[0],
            last_ply: last,
            occurrences: seen.len(),
            cycle,
            moves: reports,
            note: None,
        })
    }

    /// The ruling after the last move.
    pub fn ruling(&self) -> Ruling {
        let mut verdict = Verdict::Ongoing;
        let mut reason = None;
        let repetition = self.repetition();
        if self.position.has_no_legal_moves() {
            verdict = Verdict::win_for(!self.position.turn());
            reason = Some(if self.position.in_check() {
                Reason::Checkmate
            } else {
                Reason::Stalemate
            });
        } else if let Some(r) = &repetition {
            if r.occurrences >= self.decisive_occurrence {
                match r.cycle.outcome {
                    CycleOutcome::MustVary(offender) => {
                        verdict = Verdict::win_for(!offender);
                        reason = Some(Reason::Perpetual);
                    }
                    CycleOutcome::Draw => {
                        verdict = Verdict::Draw;
                        reason = Some(Reason::Repetition);
                    }
                }
            }
        }
        Ruling {
            rules: self.rules,
            profile: self.profile.clone(),
            plies: self.plies(),
            verdict,
            reason,
            repetition,
            natural_limit: None,
            natural_limit_text: None,
            fen: self.position.fen(),
        }
    }

    /// The legal moves of the side to move after which the position repeats
    /// with the mover ruled the offender.
    pub fn forbidden_moves(&self) -> Vec<ForbiddenMove> {
        let mover = self.position.turn();
        let mut out = Vec::new();
        for mv in self.position.legal_moves() {
            let mut probe = self.position.clone();
            probe.play(mv);
            if !self.keys.contains_key(&probe.key()) {
                continue;
            }
            let mut next = self.clone();
            next.push_legal(mv);
            let ruling = next.ruling();
            if ruling.cycle_outcome() == Some(CycleOutcome::MustVary(mover)) {
                let reason = ruling.summary(crate::rules::ruling::Lang::En);
                out.push(ForbiddenMove { mv, reason, ruling });
            }
        }
        out
    }
}
