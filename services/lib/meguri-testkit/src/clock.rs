//! A clock that stands still until moved.

use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use chrono::{DateTime, Utc};

/// A clock that stands still until moved. Share it (`Arc<ManualClock>`) between the service under
/// test, which reads it through its own `Clock` trait, and the test, which moves it.
#[derive(Debug)]
pub struct ManualClock(Mutex<DateTime<Utc>>);

impl ManualClock {
    /// Standing at the real current time.
    #[must_use]
    pub fn new() -> Self {
        Self::at(Utc::now())
    }

    #[must_use]
    pub const fn at(now: DateTime<Utc>) -> Self {
        Self(Mutex::new(now))
    }

    #[must_use]
    pub fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Moves the clock forward by `by` (a duration past chrono's range does not move it).
    pub fn advance(&self, by: Duration) {
        let mut now = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        *now += chrono::Duration::from_std(by).unwrap_or(chrono::Duration::zero());
    }

    pub fn set(&self, to: DateTime<Utc>) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = to;
    }
}

impl Default for ManualClock {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_moves_only_when_told() {
        let start = DateTime::parse_from_rfc3339("2026-11-22T00:00:00Z").map(|t| t.with_timezone(&Utc));
        let clock = ManualClock::at(start.unwrap_or_default());
        let before = clock.now();

        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(clock.now(), before);

        clock.advance(Duration::from_secs(90));
        assert_eq!(clock.now() - before, chrono::Duration::seconds(90));

        clock.set(before);
        assert_eq!(clock.now(), before);
    }
}
