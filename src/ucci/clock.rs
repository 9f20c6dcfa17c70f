//! The GUI's clock during a search: what is left of it, and the `go` to ask
//! the engine again with.

use std::time::Duration;

use super::protocol::{Go, Limit};

/// The `go` to ask again with after `elapsed` of a search: a clock search
/// gets only the time left on the GUI's clock (`millis`: in milliseconds,
/// else in seconds), `None` when none is left; other searches are unchanged.
///
/// A clock in seconds is told the nearest whole second left, and never 0
/// while some time is left: the few milliseconds the bridge takes to pass a
/// `go` on do not cost the engine a whole second.
pub(crate) fn go_with_time_left(go: &Go, elapsed: Duration, millis: bool) -> Option<Go> {
    let mut go = go.clone();
    if let (Limit::Time(c), false) = (&mut go.limit, go.ponder) {
        let left = millis_left(c.time, elapsed, millis).filter(|&t| t > 0)?;
        let left = if millis {
            left
        } else {
            (left.saturating_add(500) / 1000).max(1)
        };
        c.time = u64::try_from(left).unwrap_or(c.time);
    }
    Some(go)
}

/// What is left of the clock of `go` after `elapsed` (`millis`: its times
/// are in milliseconds, else in seconds): `None` for a search without one
/// (depth, nodes, infinite, ponder), zero when none is left.
pub(crate) fn clock_left(go: &Go, elapsed: Duration, millis: bool) -> Option<Duration> {
    match (&go.limit, go.ponder) {
        (Limit::Time(c), false) => {
            let left = millis_left(c.time, elapsed, millis).unwrap_or(0);
            Some(Duration::from_millis(
                u64::try_from(left).unwrap_or(u64::MAX),
            ))
        }
        _ => None,
    }
}

/// The milliseconds left of a clock that read `time` (`millis`: in
/// milliseconds, else in seconds) `elapsed` ago; `None` when it has run out.
fn millis_left(time: u64, elapsed: Duration, millis: bool) -> Option<u128> {
    let time = u128::from(time) * if millis { 1 } else { 1000 };
    time.checked_sub(elapsed.as_millis())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asks_again_with_the_time_left() {
        let go = |words: &[&str]| crate::ucci::protocol::parse_go(words, false).unwrap();
        let clock = go(&["time", "1000", "increment", "5"]);
        let left = go_with_time_left(&clock, Duration::from_millis(600), true).unwrap();
        assert_eq!(left.limit, go(&["time", "400", "increment", "5"]).limit);
        let left = clock_left(&clock, Duration::from_millis(600), true);
        assert_eq!(left, Some(Duration::from_millis(400)));
        let over = clock_left(&clock, Duration::from_millis(1600), true);
        assert_eq!(over, Some(Duration::ZERO));
        let secs = clock_left(&go(&["time", "3"]), Duration::ZERO, false);
        assert_eq!(secs, Some(Duration::from_secs(3)));
        assert_eq!(clock_left(&go(&["depth", "5"]), Duration::ZERO, true), None);
        assert!(go_with_time_left(&clock, Duration::from_millis(1000), true).is_none());
        // Seconds: the nearest whole second left, never 0 while some is left.
        let secs = go(&["time", "3"]);
        for (ms, left) in [(1, "3"), (1200, "2"), (1600, "1"), (2900, "1")] {
            let told = go_with_time_left(&secs, Duration::from_millis(ms), false).unwrap();
            assert_eq!(told.limit, go(&["time", left]).limit, "{ms} ms");
        }
        assert!(go_with_time_left(&secs, Duration::from_millis(3000), false).is_none());
        let left = clock_left(&secs, Duration::from_millis(1200), false);
        assert_eq!(left, Some(Duration::from_millis(1800)));
        let depth = go(&["depth", "5"]);
        assert_eq!(
            go_with_time_left(&depth, Duration::from_secs(99), true),
            Some(depth)
        );
    }
}
