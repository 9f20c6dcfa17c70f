//! The conversation log (`--log FILE`): every line of both sides, with a UTC
//! timestamp and a direction marker.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use super::escape::printable;

/// Who sent a logged line to whom.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    /// GUI → xqarbiter.
    FromGui,
    /// xqarbiter → GUI.
    ToGui,
    /// xqarbiter → engine.
    ToEngine,
    /// engine → xqarbiter.
    FromEngine,
}

impl Direction {
    /// The marker written in the log.
    pub(crate) fn marker(self) -> &'static str {
        match self {
            Direction::FromGui => "GUI->",
            Direction::ToGui => "->GUI",
            Direction::ToEngine => "->ENG",
            Direction::FromEngine => "ENG->",
        }
    }
}

/// A log that may be switched off.
#[derive(Debug, Default)]
pub struct Log {
    file: Option<BufWriter<File>>,
}

impl Log {
    /// A log that writes nothing.
    pub fn off() -> Log {
        Log { file: None }
    }

    /// A log written to `path` (created or truncated).
    pub fn create(path: &Path) -> io::Result<Log> {
        Ok(Log {
            file: Some(BufWriter::new(File::create(path)?)),
        })
    }

    /// Writes one line; a failing log is switched off rather than stopping the session.
    pub(crate) fn line(&mut self, dir: Direction, text: &str) {
        if let Some(f) = &mut self.file {
            let ok = writeln!(
                f,
                "{} {} {}",
                timestamp(SystemTime::now()),
                dir.marker(),
                printable(text)
            )
            .and_then(|_| f.flush());
            if ok.is_err() {
                self.file = None;
            }
        }
    }
}

/// `YYYY-MM-DDTHH:MM:SS.mmmZ` for a system time.
fn timestamp(t: SystemTime) -> String {
    let d = t.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs();
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, day) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60,
        d.subsec_millis()
    )
}

/// Gregorian date of a day count since 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn formats_utc_timestamps() {
        let t = UNIX_EPOCH + Duration::from_millis(1_764_443_424_123);
        assert_eq!(timestamp(t), "2025-11-29T19:10:24.123Z");
        assert_eq!(timestamp(UNIX_EPOCH), "1970-01-01T00:00:00.000Z");
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
