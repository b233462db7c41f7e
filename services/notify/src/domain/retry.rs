//! When a failed message is tried again.

use std::time::Duration;

/// Exponential backoff with a cap on attempts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetryPolicy {
    /// The wait after the 1st, 2nd… failed attempt; the last one repeats if there are more
    /// attempts than delays.
    pub delays: Vec<Duration>,
    /// After this many failed attempts the message is marked failed.
    pub max_attempts: u32,
}

impl Default for RetryPolicy {
    /// 5 s, 30 s, 2 min, 10 min, 1 h, then failed after the 6th attempt (about 1 h 13 min after
    /// the first).
    fn default() -> Self {
        Self::scaled(Duration::from_secs(5))
    }
}

/// What to do after a failed attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextStep {
    RetryIn(Duration),
    GiveUp,
}

impl RetryPolicy {
    /// The default schedule's shape (×1, ×6, ×24, ×120, ×720) from a first delay of `base`:
    /// 5 s gives the default; a short base lets a test or a local run see retries quickly.
    #[must_use]
    pub fn scaled(base: Duration) -> Self {
        Self { delays: [1, 6, 24, 120, 720].into_iter().map(|k| base * k).collect(), max_attempts: 6 }
    }

    /// `attempts` counts every failed attempt so far, this one included.
    #[must_use]
    pub fn after_failure(&self, attempts: u32) -> NextStep {
        if attempts >= self.max_attempts {
            return NextStep::GiveUp;
        }
        let index = usize::try_from(attempts.saturating_sub(1)).unwrap_or(usize::MAX);
        match self.delays.get(index).or_else(|| self.delays.last()) {
            Some(delay) => NextStep::RetryIn(*delay),
            None => NextStep::GiveUp,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_backs_off_then_gives_up_after_six_attempts() {
        let policy = RetryPolicy::default();
        let steps: Vec<NextStep> = (1..=6).map(|n| policy.after_failure(n)).collect();
        let secs = |s| NextStep::RetryIn(Duration::from_secs(s));
        assert_eq!(steps, [secs(5), secs(30), secs(120), secs(600), secs(3600), NextStep::GiveUp]);
    }

    #[test]
    fn a_scaled_schedule_keeps_the_shape() {
        let policy = RetryPolicy::scaled(Duration::from_millis(10));
        assert_eq!(policy.after_failure(1), NextStep::RetryIn(Duration::from_millis(10)));
        assert_eq!(policy.after_failure(5), NextStep::RetryIn(Duration::from_millis(7200)));
        assert_eq!(policy.after_failure(6), NextStep::GiveUp);
    }

    #[test]
    fn the_last_delay_repeats_when_there_are_more_attempts_than_delays() {
        let policy = RetryPolicy { delays: vec![Duration::from_millis(10)], max_attempts: 3 };
        assert_eq!(policy.after_failure(2), NextStep::RetryIn(Duration::from_millis(10)));
        assert_eq!(policy.after_failure(3), NextStep::GiveUp);
        let none = RetryPolicy { delays: Vec::new(), max_attempts: 3 };
        assert_eq!(none.after_failure(1), NextStep::GiveUp);
    }
}
