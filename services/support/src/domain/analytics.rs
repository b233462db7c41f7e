//! Analytics rules (issue 26, docs/analytics.md): the codes of a refused range of Japan days
//! (the days themselves are `meguri_japan_day`'s), when a visit goes on, who an event is
//! about, what a client may send, and the retention. Pure; the SQL that applies them is in
//! `db/analytics.rs`.

use chrono::{DateTime, Duration, Utc};
use meguri_japan_day::DayError;
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

/// The stable code of a refused range (a day that is not one, or a range reversed or too long).
#[must_use]
pub const fn range_code(error: DayError) -> &'static str {
    match error {
        DayError::NotADay => "INVALID_ANALYTICS_DATE",
        DayError::Range => "INVALID_ANALYTICS_RANGE",
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
    use meguri_japan_day::DayRange;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().to_utc()
    }

    #[test]
    fn refused_ranges_have_the_analytics_codes() {
        assert_eq!(
            range_code(DayRange::parse("yesterday", "2026-03-01", MAX_RANGE_DAYS).unwrap_err()),
            "INVALID_ANALYTICS_DATE"
        );
        assert_eq!(
            range_code(DayRange::parse("2025-01-01", "2026-01-02", MAX_RANGE_DAYS).unwrap_err()),
            "INVALID_ANALYTICS_RANGE"
        );
        assert!(DayRange::parse("2025-01-01", "2026-01-01", MAX_RANGE_DAYS).is_ok());
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
