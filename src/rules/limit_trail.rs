//! The natural-limit count of a game, kept as plies are played and taken
//! back, so that the count after the last ply costs a few steps instead of a
//! pass over every ply of the game. A ply pushed is only noted: the count is
//! brought up to the last ply when it is asked for, and since a capture
//! starts it again, from the last capture among the plies not counted yet,
//! the plies before it skipped. A quiet ply is counted and taken back in
//! place; a capture counted from the ply before it keeps the counter before
//! it, which taking it back restores. Taking back a capture the count
//! skipped to starts the count again from the capture before it. Asked for
//! after every push, the count costs one step a ply, pushed or taken back.

use std::cell::RefCell;

use crate::board::Position;

use super::limit::{LimitCounter, PlyFacts};

/// The facts of each ply of a game after a base ply, and the natural-limit
/// count as far as it has been asked for. The counter leaves the last ply's
/// `no_legal_reply` unset: it is known only when the count is asked for
/// ([`LimitTrail::last`]).
#[derive(Clone, Debug)]
pub(crate) struct LimitTrail {
    /// The ply the trail starts after (0 = the start of the record).
    base: usize,
    /// The counter after the base ply.
    start: LimitCounter,
    /// `facts[i]`: the facts of ply `base + i + 1`.
    facts: Vec<PlyFacts>,
    /// The index in `facts` of the last capture among them, if any.
    last_capture: Option<usize>,
    /// The count of the plies after the base, as far as it has got.
    count: RefCell<Count>,
}

/// How far a [`LimitTrail`] has counted.
#[derive(Clone, Debug)]
struct Count {
    /// The plies after the base counted (the plies before the last capture
    /// among them may have been skipped: the count starts again there).
    plies: usize,
    /// The counter after them.
    counter: LimitCounter,
    /// The counter before each capture among them that was counted from the
    /// ply before it, with the capture's index in the trail's `facts`, in order.
    before_captures: Vec<(usize, LimitCounter)>,
}

impl LimitTrail {
    /// A trail from the start of a record at `start` (see [`LimitCounter::resume`]).
    pub(crate) fn new(start: &Position) -> LimitTrail {
        LimitTrail::after(0, LimitCounter::resume(start))
    }

    /// A trail from ply `base`, with `counter` the counter after it.
    pub(crate) fn after(base: usize, counter: LimitCounter) -> LimitTrail {
        LimitTrail {
            base,
            start: counter.clone(),
            facts: Vec::with_capacity(256),
            last_capture: None,
            count: RefCell::new(Count {
                plies: 0,
                counter,
                before_captures: Vec::new(),
            }),
        }
    }

    /// The ply the trail starts after.
    pub(crate) fn base(&self) -> usize {
        self.base
    }

    /// The last ply noted.
    pub(crate) fn end(&self) -> usize {
        self.base + self.facts.len()
    }

    /// The facts of the plies after the base, in order.
    pub(crate) fn facts(&self) -> &[PlyFacts] {
        &self.facts
    }

    /// The counter after ply `ply`, which is the base or a capture (after
    /// which the count starts again).
    pub(crate) fn counter_after_capture(&self, ply: usize) -> LimitCounter {
        if ply == self.base {
            self.start.clone()
        } else {
            debug_assert!(
                self.facts[ply - self.base - 1].capture,
                "ply {ply} is no capture"
            );
            LimitCounter::after_capture(ply as u32)
        }
    }

    /// Notes the next ply, to be counted when the count is asked for.
    pub(crate) fn push(&mut self, facts: PlyFacts) {
        if facts.capture {
            self.last_capture = Some(self.facts.len());
        }
        self.facts.push(facts);
    }

    /// Takes back the plies after `ply` (at or after the base), and their
    /// count if they were counted.
    pub(crate) fn truncate(&mut self, ply: usize) {
        let n = ply - self.base;
        let (facts, count) = (&self.facts, self.count.get_mut());
        while count.plies > n {
            count.plies -= 1;
            let ply_facts = facts[count.plies];
            if ply_facts.capture {
                match count.before_captures.pop_if(|(i, _)| *i == count.plies) {
                    Some((_, before)) => count.counter = before,
                    None => {
                        // Skipped to: the count starts again from the capture before it.
                        (count.plies, count.counter) =
                            match facts[..count.plies].iter().rposition(|f| f.capture) {
                                Some(i) => (
                                    i + 1,
                                    LimitCounter::after_capture((self.base + i + 1) as u32),
                                ),
                                None => (0, self.start.clone()),
                            };
                    }
                }
            } else if count.plies == 0 {
                count.counter = self.start.clone();
            } else {
                // What the push of the ply before left as the last ply: a
                // capture's counter starts again with no last ply.
                let last = Some(facts[count.plies - 1]).filter(|f| !f.capture);
                count.counter.unpush(&ply_facts, last);
            }
        }
        self.facts.truncate(n);
        if self.last_capture.is_some_and(|i| i >= n) {
            self.last_capture = self.facts.iter().rposition(|f| f.capture);
        }
    }

    /// The counter after the last ply, that ply marked as leaving the
    /// opponent no legal move if `no_moves`. A capture as the last ply
    /// leaves nothing counted since.
    pub(crate) fn last(&self, no_moves: bool) -> LimitCounter {
        let mut count = self.count.borrow_mut();
        let counted = count.plies;
        if let Some(i) = self.last_capture.filter(|&i| i >= counted) {
            let reset = LimitCounter::after_capture((self.base + i + 1) as u32);
            let before = std::mem::replace(&mut count.counter, reset);
            if i == counted {
                count.before_captures.push((i, before));
            }
            count.plies = i + 1;
        }
        let uncounted = &self.facts[count.plies..];
        count.counter.push_quiet(uncounted);
        count.plies = self.facts.len();
        let mut counter = count.counter.clone();
        if self.facts.last().is_some_and(|f| !f.capture) {
            counter.set_no_legal_reply(no_moves);
        }
        counter
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
            capture,
            check,
            ..PlyFacts::quiet(mover)
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
            for no_moves in [false, true] {
                let fresh = from_scratch(&start, &plies[..n], no_moves);
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

    /// The counter after the plies `plies` from `start`, counted from
    /// scratch from the last capture, the last ply marked `no_moves`.
    fn from_scratch(start: &Position, plies: &[PlyFacts], no_moves: bool) -> LimitCounter {
        let n = plies.len();
        let last_capture = plies.iter().rposition(|f| f.capture).map(|i| i + 1);
        let mut fresh = match last_capture {
            None => LimitCounter::resume(start),
            Some(c) => LimitCounter::after_capture(c as u32),
        };
        for (i, f) in plies.iter().enumerate().skip(last_capture.unwrap_or(0)) {
            fresh.push(&PlyFacts {
                no_legal_reply: no_moves && i + 1 == n,
                ..*f
            });
        }
        fresh
    }

    #[test]
    fn captures_the_count_skipped_to_are_taken_back_to_the_count_made_from_scratch() {
        // Quiet plies, a capture, quiet plies, a capture (the first ply
        // counted after it), quiet plies, two captures in a row, quiet
        // plies: counted once at the end, so that the count skips to the
        // last capture, then taken back ply by ply, each count asked for.
        let start = Position::from_fen("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 30 16").unwrap();
        let captures = [9, 14, 20, 21];
        let plies: Vec<PlyFacts> = (0..26)
            .map(|i| {
                let mover = if i % 2 == 0 { Color::Red } else { Color::Black };
                ply(mover, captures.contains(&i), i % 3 == 0)
            })
            .collect();
        let mut trail = LimitTrail::new(&start);
        for (i, facts) in plies.iter().enumerate() {
            trail.push(*facts);
            // Asked for just before the second capture and after it: the
            // counter before it is kept.
            if i == 13 || i == 14 {
                trail.last(false);
            }
        }
        for n in (0..=plies.len()).rev() {
            trail.truncate(n);
            assert_eq!(
                trail.last(false),
                from_scratch(&start, &plies[..n], false),
                "{n} plies"
            );
        }
    }

    #[test]
    fn plies_pushed_and_taken_back_leave_the_count_made_from_scratch() {
        let start = Position::from_fen("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 30 16").unwrap();
        let mut trail = LimitTrail::new(&start);
        let mut plies: Vec<PlyFacts> = Vec::new();
        // A walk that pushes two plies and takes up to three back, with
        // captures, checks and attacks among them, so that every kind of
        // ply is taken back.
        let mut seed = 7u32;
        for step in 0..600 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let r = seed >> 16;
            if step % 3 == 2 && !plies.is_empty() {
                let keep = plies.len() - 1 - (r as usize % 3).min(plies.len() - 1);
                trail.truncate(keep);
                plies.truncate(keep);
            } else {
                let mover = if plies.len().is_multiple_of(2) {
                    Color::Red
                } else {
                    Color::Black
                };
                let facts = PlyFacts {
                    chase: r % 7 == 1,
                    mate_threat: r % 11 == 2,
                    ..ply(mover, r.is_multiple_of(13), r.is_multiple_of(5))
                };
                trail.push(facts);
                plies.push(facts);
            }
            assert_eq!(trail.end(), plies.len());
            // The count is asked for after some steps only, so that plies
            // are taken back both counted and not yet counted.
            if !(r >> 4).is_multiple_of(3) {
                continue;
            }
            for no_moves in [false, true] {
                assert_eq!(
                    trail.last(no_moves),
                    from_scratch(&start, &plies, no_moves),
                    "step {step}"
                );
            }
            // The count after the last capture is the count from scratch up to it.
            let base = plies.iter().rposition(|f| f.capture).map_or(0, |i| i + 1);
            assert_eq!(
                trail.counter_after_capture(base),
                from_scratch(&start, &plies[..base], false)
            );
        }
    }
}
