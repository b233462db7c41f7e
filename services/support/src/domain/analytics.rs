//! Analytics rules (issue 26, docs/analytics.md): Japan days, when a visit goes on, who an event is
//! about, what a client may send, and the retention. Pure; the SQL that applies them is in
//! `db/analytics.rs`.

use chrono::{DateTime, Duration, FixedOffset, NaiveDate, NaiveTime, TimeZone as _, Utc};
use uuid::Uuid;

/// A visit ends after this long without a request.
pub const VISIT_IDLE: Duration = Duration::minutes(30);
/// A day is rolled up this long after it ends in Japan (events stamped at its last moment may
/// still be on their way).
pub const ROLLUP_GRACE: Duration = Duration::minutes(15);
/// Raw events and visits are kept this many days unless `ANALYTICS_RETENTION_DAYS` says otherwise
/// (13 months).
pub const DEFAULT_RETENTION_DAYS: u32 = 396;
/// The longest range one dashboard request may ask for, in days (one year and a day: a leap year
/// and a comparison day).
pub const MAX_RANGE_DAYS: i64 = 366;
/// The earliest and latest days a range may name (the calendar's far ends overflow an instant).
const FIRST_DAY: (i32, u32, u32) = (2000, 1, 1);
const LAST_DAY: (i32, u32, u32) = (9999, 12, 31);

/// Japan time: +09:00 all year (no daylight saving since 1951).
#[must_use]
pub fn japan() -> FixedOffset {
    #[allow(clippy::unwrap_used)] // a constant within ±24 h
    FixedOffset::east_opt(9 * 3600).unwrap()
}

/// The Japan day `at` falls on.
#[must_use]
pub fn japan_day(at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&japan()).date_naive()
}

/// The instants a Japan day covers: `[start, end)`.
#[must_use]
pub fn day_bounds(day: NaiveDate) -> (DateTime<Utc>, DateTime<Utc>) {
    let start = japan().from_local_datetime(&day.and_time(NaiveTime::MIN)).single().map_or_else(
        // unreachable for a fixed offset; keep the arithmetic total
        || day.and_time(NaiveTime::MIN).and_utc(),
        |t| t.to_utc(),
    );
    (start, start + Duration::days(1))
}

/// A range of Japan days, both ends included, validated once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayRange {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

/// Why a range was refused; the stable code goes to callers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RangeError {
    /// A day that is not `YYYY-MM-DD` or outside 2000–9999.
    #[error("not a day")]
    NotADay,
    /// `from` after `to`, or more than [`MAX_RANGE_DAYS`] days.
    #[error("the range is reversed or too long")]
    Range,
}

impl RangeError {
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::NotADay => "INVALID_ANALYTICS_DATE",
            Self::Range => "INVALID_ANALYTICS_RANGE",
        }
    }
}

/// A `YYYY-MM-DD` day within 2000–9999.
///
/// # Errors
/// [`RangeError::NotADay`].
pub fn parse_day(raw: &str) -> Result<NaiveDate, RangeError> {
    let day = NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d").map_err(|_| RangeError::NotADay)?;
    let bound = |(y, m, d): (i32, u32, u32)| NaiveDate::from_ymd_opt(y, m, d);
    match (bound(FIRST_DAY), bound(LAST_DAY)) {
        (Some(first), Some(last)) if (first..=last).contains(&day) => Ok(day),
        _ => Err(RangeError::NotADay),
    }
}

impl DayRange {
    /// `from`..=`to`, at most `max_days` days.
    ///
    /// # Errors
    /// Either day invalid, or the range reversed or too long.
    pub fn parse(from: &str, to: &str, max_days: i64) -> Result<Self, RangeError> {
        let (from, to) = (parse_day(from)?, parse_day(to)?);
        if from > to || (to - from).num_days() + 1 > max_days {
            return Err(RangeError::Range);
        }
        Ok(Self { from, to })
    }

    /// Every day of the range, in order.
    pub fn days(self) -> impl Iterator<Item = NaiveDate> {
        self.from.iter_days().take_while(move |d| *d <= self.to)
    }
}

/// Whom an event is about: a member, or a consenting visitor of one browser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    Member(Uuid),
    Visitor(Uuid),
}

impl Actor {
    /// The member when there is one (a member's events are theirs, whatever cookie the browser
    /// also holds), else the visitor; `None` when neither.
    #[must_use]
    pub fn of(user: Option<Uuid>, visitor: Option<Uuid>) -> Option<Self> {
        user.map(Self::Member).or(visitor.map(Self::Visitor))
    }

    /// A number to serialise this actor's visits on (`pg_advisory_xact_lock`).
    #[must_use]
    pub fn lock_key(self) -> i64 {
        let (tag, id) = match self {
            Self::Member(id) => (1_u64, id),
            Self::Visitor(id) => (2_u64, id),
        };
        let (hi, lo) = id.as_u64_pair();
        i64::from_ne_bytes((hi ^ lo.rotate_left(17) ^ tag.rotate_left(61)).to_ne_bytes())
    }
}

/// Whether a member's consent, as last recorded, covers an event at `at`: it is on, and it was
/// given before the event (an event that happened before consent was given is not kept, even if
/// it arrives after).
#[must_use]
pub fn consent_covers(consent: Option<(bool, DateTime<Utc>)>, at: DateTime<Utc>) -> bool {
    consent.is_some_and(|(granted, changed_at)| granted && changed_at <= at)
}

/// Whether an event at `at` continues a visit that ran `start`..`end` (events of one browser may
/// arrive a little out of order: a batch sent on unload).
#[must_use]
pub fn continues_visit(start: DateTime<Utc>, end: DateTime<Utc>, at: DateTime<Utc>) -> bool {
    at >= start - VISIT_IDLE && at <= end + VISIT_IDLE
}

/// The oldest instant raw rows are kept from, `retention_days` before `now`.
#[must_use]
pub fn retention_cutoff(now: DateTime<Utc>, retention_days: u32) -> DateTime<Utc> {
    now - Duration::days(i64::from(retention_days))
}

/// A path as stored: the SPA path without query or fragment, at most 200 characters; `None` for
/// anything that is not an absolute path.
#[must_use]
pub fn clean_path(raw: &str) -> Option<String> {
    let path = raw.split(['?', '#']).next().unwrap_or_default().trim();
    (path.starts_with('/') && !path.starts_with("//") && !path.chars().any(char::is_control))
        .then(|| path.chars().take(200).collect())
}

/// A referrer as stored: scheme, host and path of an http(s) URL, at most 300 characters.
#[must_use]
pub fn clean_referrer(raw: &str) -> Option<String> {
    let raw = raw.trim();
    let rest = raw.strip_prefix("https://").or_else(|| raw.strip_prefix("http://"))?;
    let scheme = &raw[..raw.len() - rest.len()];
    let without = rest.split(['?', '#']).next().unwrap_or_default();
    (!without.is_empty() && !without.chars().any(char::is_control))
        .then(|| format!("{scheme}{without}").chars().take(300).collect())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().to_utc()
    }

    #[test]
    fn a_japan_day_runs_from_15_utc_to_15_utc() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        assert_eq!(day_bounds(day), (at("2026-11-28T15:00:00Z"), at("2026-11-29T15:00:00Z")));
        assert_eq!(japan_day(at("2026-11-28T14:59:59.999Z")), NaiveDate::from_ymd_opt(2026, 11, 28).unwrap());
        assert_eq!(japan_day(at("2026-11-28T15:00:00Z")), day);
    }

    #[test]
    fn ranges_are_checked() {
        let r = DayRange::parse("2026-11-01", "2026-11-03", 366).unwrap();
        assert_eq!(r.days().count(), 3);
        assert_eq!(DayRange::parse("2026-11-03", "2026-11-01", 366), Err(RangeError::Range));
        assert_eq!(DayRange::parse("2025-01-01", "2026-01-02", 366), Err(RangeError::Range));
        assert!(DayRange::parse("2025-01-01", "2026-01-01", 366).is_ok());
        assert_eq!(DayRange::parse("1999-12-31", "2000-01-01", 366), Err(RangeError::NotADay));
        assert_eq!(DayRange::parse("2026-02-30", "2026-03-01", 366), Err(RangeError::NotADay));
        assert_eq!(DayRange::parse("yesterday", "2026-03-01", 366).unwrap_err().code(), "INVALID_ANALYTICS_DATE");
    }

    #[test]
    fn consent_covers_only_what_happened_after_it_was_given() {
        let given = at("2026-11-29T00:00:00Z");
        assert!(consent_covers(Some((true, given)), given));
        assert!(consent_covers(Some((true, given)), at("2026-11-29T00:00:01Z")));
        assert!(!consent_covers(Some((true, given)), at("2026-11-28T23:59:59Z")));
        assert!(!consent_covers(Some((false, given)), at("2026-11-29T01:00:00Z")));
        assert!(!consent_covers(None, given));
    }

    #[test]
    fn a_visit_goes_on_until_thirty_idle_minutes() {
        let (start, end) = (at("2026-11-29T00:00:00Z"), at("2026-11-29T00:10:00Z"));
        assert!(continues_visit(start, end, at("2026-11-29T00:40:00Z")));
        assert!(!continues_visit(start, end, at("2026-11-29T00:40:00.001Z")));
        assert!(continues_visit(start, end, at("2026-11-28T23:45:00Z")));
    }

    #[test]
    fn the_member_wins_over_the_visitor_cookie() {
        let (u, v) = (Uuid::now_v7(), Uuid::now_v7());
        assert_eq!(Actor::of(Some(u), Some(v)), Some(Actor::Member(u)));
        assert_eq!(Actor::of(None, Some(v)), Some(Actor::Visitor(v)));
        assert_eq!(Actor::of(None, None), None);
        assert_ne!(Actor::Member(u).lock_key(), Actor::Visitor(u).lock_key());
    }

    #[test]
    fn paths_and_referrers_lose_their_queries() {
        assert_eq!(clean_path("/home?x=1#y").as_deref(), Some("/home"));
        assert_eq!(clean_path("https://evil"), None);
        assert_eq!(clean_path("//evil.example/x"), None);
        assert_eq!(
            clean_referrer("https://www.google.com/search?q=me").as_deref(),
            Some("https://www.google.com/search")
        );
        assert_eq!(clean_referrer("javascript:alert(1)"), None);
        assert_eq!(clean_referrer(""), None);
    }

    #[test]
    fn retention_is_counted_in_days() {
        assert_eq!(retention_cutoff(at("2026-11-29T00:00:00Z"), 396), at("2025-10-29T00:00:00Z"));
    }
}
