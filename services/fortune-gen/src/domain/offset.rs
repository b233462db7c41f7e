//! The caller's time zone, as JavaScript's `Date#getTimezoneOffset` gives it.

use chrono::{DateTime, Datelike as _, NaiveDate, Utc};

use super::Invalid;

/// Minutes to add to local time to get UTC (Japan: −540), −840..=720 (UTC+14 .. UTC−12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimezoneOffset(i32);

impl TimezoneOffset {
    /// Japan, the default where the caller gives none.
    pub const JAPAN: Self = Self(-540);

    /// # Errors
    /// [`Invalid::TimezoneOffset`] outside −840..=720.
    pub fn parse(minutes: i32) -> Result<Self, Invalid> {
        if (-840..=720).contains(&minutes) { Ok(Self(minutes)) } else { Err(Invalid::TimezoneOffset) }
    }

    #[must_use]
    pub const fn minutes(self) -> i32 {
        self.0
    }

    /// The caller's local calendar date at `now`.
    #[must_use]
    pub fn local_date(self, now: DateTime<Utc>) -> NaiveDate {
        (now - chrono::Duration::minutes(i64::from(self.0))).date_naive()
    }

    /// The caller's local calendar year at `now`.
    #[must_use]
    pub fn local_year(self, now: DateTime<Utc>) -> i32 {
        self.local_date(now).year()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).expect("RFC 3339").with_timezone(&Utc)
    }

    #[test]
    fn the_local_date_follows_the_offset() {
        let now = at("2026-11-21T16:30:00Z");
        // 01:30 on the 22nd in Japan, still the 21st in UTC and in New York.
        assert_eq!(TimezoneOffset::JAPAN.local_date(now).to_string(), "2026-11-22");
        assert_eq!(TimezoneOffset::parse(0).expect("valid").local_date(now).to_string(), "2026-11-21");
        assert_eq!(TimezoneOffset::parse(300).expect("valid").local_date(now).to_string(), "2026-11-21");
        assert_eq!(TimezoneOffset::JAPAN.local_year(at("2026-12-31T15:00:00Z")), 2027);
    }

    #[test]
    fn offsets_outside_the_earths_zones_are_refused() {
        assert!(TimezoneOffset::parse(-840).is_ok());
        assert!(TimezoneOffset::parse(720).is_ok());
        assert_eq!(TimezoneOffset::parse(-841), Err(Invalid::TimezoneOffset));
        assert_eq!(TimezoneOffset::parse(721), Err(Invalid::TimezoneOffset));
    }
}
