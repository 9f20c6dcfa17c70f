//! The GUI's clock during a search: what is left of it, and the `go` to ask
//! the engine again with.

use std::time::Duration;

use super::protocol::{Go, Limit};

/// The `go` to ask again with after `elapsed` of a search: a clock search
/// gets only the time left on the GUI's clock (`millis`: in milliseconds,
/// else in seconds), `None` when none is left; other searches are unchanged.
pub(crate) fn go_with_time_left(go: &Go, elapsed: Duration, millis: bool) -> Option<Go> {
    let mut go = go.clone();
    if let (Limit::Time(c), false) = (&mut go.limit, go.ponder) {
        let used = if millis {
            elapsed.as_millis()
        } else {
            elapsed.as_millis().div_ceil(1000)
        };
        let left = u128::from(c.time).checked_sub(used).filter(|&t| t > 0)?;
        c.time = u64::try_from(left).unwrap_or(c.time);
    }
    Some(go)
}

/// What is left of the clock of `go` after `elapsed` (`millis`: its times
/// are in milliseconds, else in seconds): `None` for a search without one
/// (depth, nodes, infinite, ponder), zero when none is left.
pub(crate) fn clock_left(go: &Go, elapsed: Duration, millis: bool) -> Option<Duration> {
    if go.ponder || !matches!(go.limit, Limit::Time(_)) {
        return None;
    }
    let left = match go_with_time_left(go, elapsed, millis).map(|g| g.limit) {
        Some(Limit::Time(c)) => c.time,
        _ => 0,
    };
    Some(if millis {
        Duration::from_millis(left)
    } else {
        Duration::from_secs(left)
    })
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
        // Seconds: a started second counts as used.
        let secs = go(&["time", "3"]);
        let left = go_with_time_left(&secs, Duration::from_millis(1200), false).unwrap();
        assert_eq!(left.limit, go(&["time", "1"]).limit);
        let depth = go(&["depth", "5"]);
        assert_eq!(
            go_with_time_left(&depth, Duration::from_secs(99), true),
            Some(depth)
        );
    }
}
