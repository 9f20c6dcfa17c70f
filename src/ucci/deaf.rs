//! An engine that reads nothing while it searches (Sjaak II): a `stop` only
//! reaches it once its search is over. So the bridge never leaves it an
//! endless search: `go infinite` becomes a run of depth-limited searches
//! ([`Slices`]), each sent when the last one answers; at `stop` the bridge
//! answers with the deepest one finished and lets the running one end on
//! its own ([`Drain`]), its answer dropped, rather than killing the engine
//! (a restart costs the engine's start-up and its hash). Only when the next
//! search could not wait for it is the engine restarted.

use std::time::{Duration, Instant};

use crate::board::Move;

/// How much longer each slice is expected to take than the one before (a
/// ply more, Sjaak II's branching factor being about 2.5).
const SLICE_GROWTH: u32 = 3;

/// The first slice's expected length, before any was timed.
const FIRST_SLICE: Duration = Duration::from_millis(50);

/// The deepest slice; after it the engine waits for the `stop`.
const MAX_SLICE_DEPTH: u32 = 64;

/// The longest a search without a clock (analysis) waits for a stopped one
/// to end before the engine is restarted instead.
pub(crate) const DRAIN_WAIT: Duration = Duration::from_millis(500);

/// The longest a clock search of another position waits so (at most a
/// tenth of its clock): about what a restart costs, as the wait is the
/// GUI's time. A search of the position the stopped one runs on waits up to
/// a tenth of its clock: the engine's work on it is not lost while it
/// waits, but kept in its hash, as a restart would not.
pub(crate) const DRAIN_WAIT_CLOCK: Duration = Duration::from_millis(100);

/// An endless search cut into depth-limited ones.
#[derive(Clone, Debug)]
pub(crate) struct Slices {
    /// The depth of the slice running (or, when idle, the last one).
    pub(crate) depth: u32,
    /// When it was sent.
    started: Instant,
    /// How long the last finished slice took.
    last: Option<Duration>,
    /// The answer of the deepest finished slice.
    pub(crate) best: Option<Move>,
    /// The deepest slice has answered: nothing runs.
    pub(crate) idle: bool,
}

impl Slices {
    /// The first slice, depth 1, sent `now`.
    pub(crate) fn new(now: Instant) -> Slices {
        Slices {
            depth: 1,
            started: now,
            last: None,
            best: None,
            idle: false,
        }
    }

    /// The running slice answered `best` (`None`: no move the bridge may
    /// pass on) at `now`; true when the next one, a ply deeper, is to be
    /// sent now.
    pub(crate) fn finished(&mut self, best: Option<Move>, now: Instant) -> bool {
        self.last = Some(now.saturating_duration_since(self.started));
        self.best = best.or(self.best);
        if self.depth >= MAX_SLICE_DEPTH {
            self.idle = true;
            return false;
        }
        self.depth += 1;
        self.started = now;
        true
    }

    /// When the running slice is expected to end; `None` when idle.
    pub(crate) fn expected_end(&self) -> Option<Instant> {
        if self.idle {
            return None;
        }
        let length = self.last.map_or(FIRST_SLICE, |d| d * SLICE_GROWTH);
        self.started.checked_add(length)
    }
}

/// Searches the engine was told to stop (or whose answer the bridge gave
/// itself) that still run: their answers are not the current search's.
#[derive(Clone, Debug, Default)]
pub(crate) struct Drain {
    /// How many `bestmove`s are still to come from them.
    pending: u32,
    /// When the last of them is expected to end.
    until: Option<Instant>,
    /// The position (its key) the last of them searches.
    position: Option<u64>,
}

impl Drain {
    /// One more search runs on, of the position whose key is `position`,
    /// expected to end by `until`.
    pub(crate) fn add(&mut self, until: Instant, position: u64) {
        self.pending += 1;
        self.until = Some(self.until.map_or(until, |u| u.max(until)));
        self.position = Some(position);
    }

    /// Whether the last stopped search still runs on the position whose key
    /// is `position`.
    pub(crate) fn runs_on(&self, position: u64) -> bool {
        self.pending > 0 && self.position == Some(position)
    }

    /// Whether `line` is from a stopped search (then it is dropped); its
    /// `bestmove` ends that search.
    pub(crate) fn swallow(&mut self, line: &str) -> bool {
        if self.pending == 0 {
            return false;
        }
        if line.starts_with("bestmove") || line == "nobestmove" {
            self.pending -= 1;
            if self.pending == 0 {
                self.until = None;
                self.position = None;
            }
        }
        true
    }

    /// Whether a stopped search still runs.
    pub(crate) fn is_pending(&self) -> bool {
        self.pending > 0
    }

    /// How long after `now` the stopped searches are still expected to run
    /// (zero when none runs or they are overdue).
    pub(crate) fn left(&self, now: Instant) -> Duration {
        match (self.pending, self.until) {
            (0, _) | (_, None) => Duration::ZERO,
            (_, Some(u)) => u.saturating_duration_since(now),
        }
    }

    /// Whether a new search, asked at `now`, that may wait `patience` for
    /// them should: the stopped searches are expected to end by then, and
    /// are not overdue (overdue: they may not end at all).
    pub(crate) fn may_wait(&self, patience: Duration, now: Instant) -> bool {
        match (self.pending, self.until) {
            (0, _) => true,
            (_, None) => false,
            (_, Some(u)) => u > now && u.saturating_duration_since(now) <= patience,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ucci::now::Clock;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn slices_go_a_ply_deeper_each_until_the_deepest() {
        let clock = Clock::by_hand();
        let sent = clock.now();
        let mut s = Slices::new(sent);
        assert_eq!(s.depth, 1);
        assert_eq!(s.expected_end(), Some(sent + FIRST_SLICE));
        let h0g2 = Move::parse_uci("h0g2").unwrap();
        clock.advance(ms(40));
        assert!(s.finished(Some(h0g2), clock.now()));
        assert_eq!(s.depth, 2);
        // Each slice is expected to take three times the last one's time.
        assert_eq!(s.expected_end(), Some(clock.now() + ms(120)));
        clock.advance(ms(100));
        assert!(s.finished(None, clock.now()));
        assert_eq!(s.expected_end(), Some(clock.now() + ms(300)));
        assert_eq!(s.best, Some(h0g2));
        while s.finished(None, clock.now()) {}
        assert_eq!(s.depth, MAX_SLICE_DEPTH);
        assert!(s.idle);
        assert_eq!(s.expected_end(), None);
    }

    #[test]
    fn a_drain_drops_lines_until_its_bestmoves_came() {
        let clock = Clock::by_hand();
        let mut d = Drain::default();
        assert!(!d.swallow("bestmove h0g2"));
        assert!(d.may_wait(Duration::ZERO, clock.now()));
        d.add(clock.now() + ms(300), 1);
        d.add(clock.now() + ms(200), 2);
        assert!(d.is_pending());
        assert!(d.runs_on(2) && !d.runs_on(1));
        // The later end counts: a search waits for both.
        assert_eq!(d.left(clock.now()), ms(300));
        assert!(d.swallow("info depth 3 pv h0g2"));
        assert!(d.swallow("bestmove h0g2"));
        assert!(d.is_pending());
        assert!(d.swallow("bestmove h0g2"));
        assert!(!d.is_pending());
        assert!(!d.runs_on(2));
        assert!(!d.swallow("bestmove h0g2"));
        assert_eq!(d.left(clock.now()), Duration::ZERO);
    }

    /// When a deaf engine's stopped search is waited for, and when the
    /// engine is given up (restarted) instead: to the millisecond.
    #[test]
    fn a_stopped_search_is_waited_for_only_within_the_patience_and_until_it_is_overdue() {
        let clock = Clock::by_hand();
        let mut d = Drain::default();
        d.add(clock.now() + ms(300), 1);
        assert!(d.may_wait(ms(300), clock.now()));
        assert!(!d.may_wait(ms(299), clock.now()));
        clock.advance(ms(200));
        assert_eq!(d.left(clock.now()), ms(100));
        assert!(d.may_wait(ms(100), clock.now()));
        assert!(!d.may_wait(ms(99), clock.now()));
        // Due now, and then overdue: it may never end, nothing waits for it.
        clock.advance(ms(100));
        assert_eq!(d.left(clock.now()), Duration::ZERO);
        assert!(!d.may_wait(Duration::from_secs(60), clock.now()));
        clock.advance(ms(1));
        assert!(!d.may_wait(Duration::from_secs(60), clock.now()));
    }
}
