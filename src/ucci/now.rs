//! Where the session's timing code reads the time: the real clock, or, in
//! unit tests, one moved by hand, so that the time accounting (what the
//! engine is told of the GUI's clock, when a search is given up, when the
//! bridge's own small search stops) can be checked to the millisecond
//! however loaded the machine.

use std::time::{Duration, Instant};

/// The time the session reads: [`Instant::now`], unless a unit test moves
/// it by hand (`Clock::by_hand`, in test builds only).
#[derive(Clone, Debug, Default)]
pub(crate) struct Clock {
    /// The instant a unit test has set; `None`: the real clock.
    #[cfg(test)]
    by_hand: Option<std::sync::Arc<std::sync::Mutex<Instant>>>,
}

impl Clock {
    /// Now.
    pub(crate) fn now(&self) -> Instant {
        #[cfg(test)]
        if let Some(t) = &self.by_hand {
            return *t.lock().expect("the clock");
        }
        Instant::now()
    }

    /// How long ago `earlier` was (zero for an instant still to come).
    pub(crate) fn since(&self, earlier: Instant) -> Duration {
        self.now().saturating_duration_since(earlier)
    }

    /// The instant `d` from now; `None` when that is beyond what an
    /// [`Instant`] can hold (a wait without end).
    pub(crate) fn after(&self, d: Duration) -> Option<Instant> {
        self.now().checked_add(d)
    }

    /// How long until `t` (zero once it has come).
    pub(crate) fn until(&self, t: Instant) -> Duration {
        t.saturating_duration_since(self.now())
    }
}

#[cfg(test)]
impl Clock {
    /// A clock that stands still until [`Clock::advance`] moves it; its
    /// clones read the same time.
    pub(crate) fn by_hand() -> Clock {
        Clock {
            by_hand: Some(std::sync::Arc::new(std::sync::Mutex::new(Instant::now()))),
        }
    }

    /// Moves a clock made [`Clock::by_hand`] on by `d`.
    pub(crate) fn advance(&self, d: Duration) {
        let t = self.by_hand.as_ref().expect("a clock moved by hand");
        let mut t = t.lock().expect("the clock");
        *t += d;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_by_hand_moves_only_when_told_and_its_clones_with_it() {
        let clock = Clock::by_hand();
        let start = clock.now();
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!(clock.now(), start);
        let clone = clock.clone();
        clock.advance(Duration::from_millis(1500));
        assert_eq!(clone.since(start), Duration::from_millis(1500));
        assert_eq!(clone.until(start), Duration::ZERO);
        let later = clone.after(Duration::from_secs(2)).unwrap();
        assert_eq!(clock.until(later), Duration::from_secs(2));
    }

    #[test]
    fn the_real_clock_runs() {
        let clock = Clock::default();
        let start = clock.now();
        std::thread::sleep(Duration::from_millis(2));
        assert!(clock.since(start) >= Duration::from_millis(2));
    }
}
