//! Japan calendar days, the one definition the gateway and the services share: the admin
//! dashboard's "today", the audit filter's days, the analytics rollup's days and ranges.
//!
//! Japan keeps +09:00 all year (no daylight saving since 1951), so a Japan day runs from 15:00 UTC
//! the day before to 15:00 UTC. Days are written `YYYY-MM-DD` and accepted within 2000–9999 (the
//! calendar's far ends overflow an instant in PostgreSQL and in chrono).
//!
//! What a refused day or range is called is the caller's: each maps [`DayError`] to its own stable
//! code (`INVALID_AUDIT_DATE`, `INVALID_ANALYTICS_DATE`, …).

use chrono::{DateTime, Datelike as _, Days, FixedOffset, NaiveDate, NaiveTime, TimeDelta, Utc};

/// Japan's offset from UTC.
pub const OFFSET: TimeDelta = TimeDelta::hours(9);
/// The years a day may fall in.
pub const YEARS: std::ops::RangeInclusive<i32> = 2000..=9999;

/// Japan time as a chrono offset (for formatting an instant as Japanese clock time).
#[must_use]
pub fn offset() -> FixedOffset {
    #[allow(clippy::unwrap_used)] // 9 h is within ±24 h
    FixedOffset::east_opt(9 * 3600).unwrap()
}

/// The Japan day `at` falls on.
#[must_use]
pub fn day_of(at: DateTime<Utc>) -> NaiveDate {
    (at + OFFSET).date_naive()
}

/// When the Japan day `day` starts.
#[must_use]
pub fn start_of(day: NaiveDate) -> DateTime<Utc> {
    let midnight = day.and_time(NaiveTime::MIN);
    // only the calendar's first day has no instant 9 h before it; keep the arithmetic total
    midnight.checked_sub_signed(OFFSET).unwrap_or(midnight).and_utc()
}

/// When the Japan day `day` ends (exclusive): the start of the next day.
#[must_use]
pub fn end_of(day: NaiveDate) -> DateTime<Utc> {
    day.checked_add_days(Days::new(1)).map_or_else(|| start_of(day) + TimeDelta::days(1), start_of)
}

/// The instants `day` covers: `[start, end)`.
#[must_use]
pub fn bounds(day: NaiveDate) -> (DateTime<Utc>, DateTime<Utc>) {
    (start_of(day), end_of(day))
}

/// Why a day or a range was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DayError {
    /// Not `YYYY-MM-DD`, not a calendar day, or outside [`YEARS`].
    #[error("not a day (YYYY-MM-DD within 2000-9999)")]
    NotADay,
    /// `from` after `to`, or longer than the caller allows.
    #[error("the range is reversed or too long")]
    Range,
}

/// A `YYYY-MM-DD` day within [`YEARS`] (surrounding blanks ignored).
///
/// # Errors
/// [`DayError::NotADay`].
pub fn parse_day(raw: &str) -> Result<NaiveDate, DayError> {
    NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d")
        .ok()
        .filter(|d| YEARS.contains(&d.year()))
        .ok_or(DayError::NotADay)
}

/// Japan days `from..=to`, both ends included, checked once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayRange {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl DayRange {
    /// `from..=to` of at most `max_days` days.
    ///
    /// # Errors
    /// [`DayError::Range`] when reversed or too long.
    pub fn new(from: NaiveDate, to: NaiveDate, max_days: i64) -> Result<Self, DayError> {
        if from > to || (to - from).num_days() + 1 > max_days {
            return Err(DayError::Range);
        }
        Ok(Self { from, to })
    }

    /// Both ends parsed with [`parse_day`], then [`DayRange::new`].
    ///
    /// # Errors
    /// [`DayError::NotADay`] for either end, else [`DayError::Range`].
    pub fn parse(from: &str, to: &str, max_days: i64) -> Result<Self, DayError> {
        Self::new(parse_day(from)?, parse_day(to)?, max_days)
    }

    /// Every day of the range, in order.
    pub fn days(self) -> impl Iterator<Item = NaiveDate> {
        self.from.iter_days().take_while(move |d| *d <= self.to)
    }

    /// The instants the range covers: the start of `from` to the end of `to`.
    #[must_use]
    pub fn bounds(self) -> (DateTime<Utc>, DateTime<Utc>) {
        (start_of(self.from), end_of(self.to))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().to_utc()
    }

    fn day(s: &str) -> NaiveDate {
        parse_day(s).unwrap()
    }

    #[test]
    fn a_japan_day_runs_from_15_utc_to_15_utc() {
        assert_eq!(bounds(day("2026-11-29")), (at("2026-11-28T15:00:00Z"), at("2026-11-29T15:00:00Z")));
        assert_eq!(day_of(at("2026-11-28T14:59:59.999Z")), day("2026-11-28"));
        assert_eq!(day_of(at("2026-11-28T15:00:00Z")), day("2026-11-29"));
        assert_eq!(day_of(at("2026-11-29T14:59:59Z")), day("2026-11-29"));
        assert_eq!(at("2026-11-29T00:00:00Z").with_timezone(&offset()).to_rfc3339(), "2026-11-29T09:00:00+09:00");
    }

    #[test]
    fn the_calendars_ends_do_not_overflow() {
        let last = NaiveDate::MAX;
        assert_eq!(end_of(last) - start_of(last), TimeDelta::days(1));
        assert!(start_of(NaiveDate::MIN) <= end_of(NaiveDate::MIN));
    }

    #[test]
    fn days_are_checked_once() {
        assert_eq!(parse_day(" 2026-11-01 "), Ok(day("2026-11-01")));
        for bad in ["yesterday", "2026-02-30", "1999-12-31", "2026/11/01", "", "10000-01-01"] {
            assert_eq!(parse_day(bad), Err(DayError::NotADay), "{bad}");
        }
        assert!(parse_day("9999-12-31").is_ok());
        assert!(parse_day("2000-01-01").is_ok());
    }

    #[test]
    fn ranges_are_ordered_and_bounded() {
        let r = DayRange::parse("2026-11-01", "2026-11-03", 366).unwrap();
        assert_eq!(r.days().collect::<Vec<_>>(), [day("2026-11-01"), day("2026-11-02"), day("2026-11-03")]);
        assert_eq!(r.bounds(), (at("2026-10-31T15:00:00Z"), at("2026-11-03T15:00:00Z")));
        assert_eq!(DayRange::parse("2026-11-03", "2026-11-01", 366), Err(DayError::Range));
        assert_eq!(DayRange::parse("2025-01-01", "2026-01-02", 366), Err(DayError::Range));
        assert!(DayRange::parse("2025-01-01", "2026-01-01", 366).is_ok());
        assert!(DayRange::parse("2026-11-01", "2026-11-01", 1).is_ok());
        assert_eq!(DayRange::parse("1999-12-31", "2000-01-01", 366), Err(DayError::NotADay));
        assert_eq!(DayRange::parse("2026-11-01", "2026-02-30", 366), Err(DayError::NotADay));
    }
}
