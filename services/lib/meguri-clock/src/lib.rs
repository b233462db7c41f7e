//! The time source. Every date and time a service writes or decides by (a local day, a rolling
//! limit, a retry's backoff, a lease, a due delivery) comes from a [`Clock`], so tests can move time
//! with a [`ManualClock`] instead of sleeping.

use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use chrono::{DateTime, Utc};

/// Where a service reads the current time.
pub trait Clock: Send + Sync {
    fn now(&self) -> DateTime<Utc>;
}

/// The system clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that stands still until moved. Share it (`Arc<ManualClock>`) between the service under
/// test, which reads it as its [`Clock`], and the test, which moves it.
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

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        Self::now(self)
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
