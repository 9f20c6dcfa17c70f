//! The natural-limit counter after every ply of a game, kept as plies are
//! played and taken back, so that the count after the last ply costs one
//! step instead of a pass over every ply since the last capture.

use crate::board::Position;

use super::limit::{LimitCounter, PlyFacts};

/// The counter after each ply from a base ply on, and the facts of each ply
/// after the base. The counters leave every ply's `no_legal_reply` unset:
/// only the last ply's is known, when the count is asked for
/// ([`LimitTrail::last`]).
#[derive(Clone, Debug)]
pub(crate) struct LimitTrail {
    /// The ply the trail starts after (0 = the start of the record).
    base: usize,
    /// `counters[i]`: the counter after ply `base + i`.
    counters: Vec<LimitCounter>,
    /// `facts[i]`: the facts of ply `base + i + 1`.
    facts: Vec<PlyFacts>,
}

impl LimitTrail {
    /// A trail from the start of a record at `start` (see [`LimitCounter::resume`]).
    pub(crate) fn new(start: &Position) -> LimitTrail {
        LimitTrail::after(0, LimitCounter::resume(start))
    }

    /// A trail from ply `base`, with `counter` the counter after it.
    pub(crate) fn after(base: usize, counter: LimitCounter) -> LimitTrail {
        let mut counters = Vec::with_capacity(256);
        counters.push(counter);
        LimitTrail {
            base,
            counters,
            facts: Vec::with_capacity(256),
        }
    }

    /// The ply the trail starts after.
    pub(crate) fn base(&self) -> usize {
        self.base
    }

    /// The last ply counted.
    pub(crate) fn end(&self) -> usize {
        self.base + self.facts.len()
    }

    /// The facts of the plies after the base, in order.
    pub(crate) fn facts(&self) -> &[PlyFacts] {
        &self.facts
    }

    /// The counter after ply `ply` (from the base to the end).
    pub(crate) fn counter(&self, ply: usize) -> &LimitCounter {
        &self.counters[ply - self.base]
    }

    /// Counts the next ply. A capture starts the count again after it.
    pub(crate) fn push(&mut self, facts: PlyFacts) {
        let counter = if facts.capture {
            LimitCounter::after_capture(self.end() as u32 + 1)
        } else {
            let mut counter = self.counters[self.facts.len()].clone();
            counter.push(&facts);
            counter
        };
        self.counters.push(counter);
        self.facts.push(facts);
    }

    /// Takes back the plies after `ply` (at or after the base).
    pub(crate) fn truncate(&mut self, ply: usize) {
        self.facts.truncate(ply - self.base);
        self.counters.truncate(ply - self.base + 1);
    }

    /// The counter after the last ply, that ply marked as leaving the
    /// opponent no legal move if `no_moves`. A capture as the last ply
    /// leaves nothing counted since.
    pub(crate) fn last(&self, no_moves: bool) -> LimitCounter {
        let n = self.facts.len();
        match self.facts.last() {
            Some(facts) if !facts.capture => {
                let mut counter = self.counters[n - 1].clone();
                counter.push(&PlyFacts {
                    no_legal_reply: no_moves,
                    ..*facts
                });
                counter
            }
            _ => self.counters[n].clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::rules::limit::{ClaimMode, LimitParams};

    /// Facts of a ply by `mover`.
    fn ply(mover: Color, capture: bool, check: bool) -> PlyFacts {
        PlyFacts {
            mover,
            capture,
            check,
            mate_threat: false,
            chase: false,
            no_legal_reply: false,
        }
    }

    #[test]
    fn the_last_count_is_the_count_of_every_ply_since_the_last_capture() {
        let start = Position::from_fen("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 30 16").unwrap();
        let mut trail = LimitTrail::new(&start);
        let plies: Vec<PlyFacts> = (0..40)
            .map(|i| {
                let mover = if i % 2 == 0 { Color::Red } else { Color::Black };
                ply(mover, i == 13 || i == 14, i % 5 == 0)
            })
            .collect();
        let params = LimitParams::default();
        for (n, facts) in plies.iter().enumerate() {
            trail.push(*facts);
            // The count as made from scratch: from the start or the last capture.
            let n = n + 1;
            let last_capture = plies[..n].iter().rposition(|f| f.capture).map(|i| i + 1);
            for no_moves in [false, true] {
                let mut fresh = match last_capture {
                    None => LimitCounter::resume(&start),
                    Some(c) => LimitCounter::after_capture(c as u32),
                };
                for (i, f) in plies[..n]
                    .iter()
                    .enumerate()
                    .skip(last_capture.unwrap_or(0))
                {
                    fresh.push(&PlyFacts {
                        no_legal_reply: no_moves && i + 1 == n,
                        ..*f
                    });
                }
                let mode = ClaimMode::Automatic;
                assert_eq!(
                    trail.last(no_moves).status(&params, mode),
                    fresh.status(&params, mode),
                    "after ply {n}"
                );
            }
        }
        // Taking plies back leaves the count as it was.
        let before = trail.last(false).status(&params, ClaimMode::Automatic);
        trail.push(ply(Color::Red, false, true));
        trail.truncate(40);
        assert_eq!(trail.end(), 40);
        assert_eq!(
            trail.last(false).status(&params, ClaimMode::Automatic),
            before
        );
    }
}
