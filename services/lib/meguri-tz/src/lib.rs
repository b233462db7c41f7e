//! A person's time zone as the browser reports it, and the one rule every service uses to pick the
//! offset of a request or a scheduled job:
//!
//! 1. the offset the client sent with the request;
//! 2. else the offset stored for the user (identity keeps it, updated from what clients send);
//! 3. else Japan (−540), where the product's people live.
//!
//! [`resolve`] is that rule. It is pure: the caller fetches the stored offset (identity's
//! `GetTimezoneOffset`) only when no offset was sent, since the rule ignores it then. fortune-gen's
//! readings use it now; notify's scheduled mail will use the same function.
//!
//! The same "else Japan" gives the birthplace of a person who names none: [`DEFAULT_BIRTHPLACE`].
//! And a birth time that Japan's summer time (1948–1951) skipped or repeated is read as the person
//! chose: [`DstChoice`], the one spelling of that choice the gateway and identity share.

use chrono::{DateTime, Datelike as _, NaiveDate, Utc};

/// Minutes to add to local time to get UTC, as JavaScript's `Date#getTimezoneOffset` gives them
/// (Japan: −540), within −840..=720 (UTC+14 .. UTC−12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimezoneOffset(i32);

/// An offset outside the earth's time zones (code `INVALID_TIMEZONE_OFFSET`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfRange;

impl std::fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("timezone offset outside -840..=720 minutes")
    }
}

impl std::error::Error for OutOfRange {}

impl OutOfRange {
    /// The stable code of this error (`x-meguri-code`, the gateway's table).
    pub const CODE: &'static str = "INVALID_TIMEZONE_OFFSET";
}

impl TimezoneOffset {
    /// Japan (UTC+9): the offset of a person who never reported one.
    pub const JAPAN: Self = Self(-540);
    /// The smallest and largest offsets in use: UTC+14 (Kiribati) and UTC−12.
    pub const MIN_MINUTES: i32 = -840;
    pub const MAX_MINUTES: i32 = 720;

    /// # Errors
    /// [`OutOfRange`] outside −840..=720.
    pub const fn parse(minutes: i32) -> Result<Self, OutOfRange> {
        if minutes >= Self::MIN_MINUTES && minutes <= Self::MAX_MINUTES { Ok(Self(minutes)) } else { Err(OutOfRange) }
    }

    /// The minutes, as `Date#getTimezoneOffset` gives them.
    #[must_use]
    pub const fn minutes(self) -> i32 {
        self.0
    }

    /// The local calendar date at `now`.
    #[must_use]
    pub fn local_date(self, now: DateTime<Utc>) -> NaiveDate {
        (now - chrono::Duration::minutes(i64::from(self.0))).date_naive()
    }

    /// The local calendar year at `now`.
    #[must_use]
    pub fn local_year(self, now: DateTime<Utc>) -> i32 {
        self.local_date(now).year()
    }
}

/// How a birth time that a summer-time change skipped (a gap) or repeated (an overlap) is read: the
/// bazi-engine's `DstChoice`, spelled `earlier`, `later` or `standard` on the wire and in storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DstChoice {
    /// Repeated: the first occurrence; skipped: the offset before the change.
    Earlier,
    /// Repeated: the second occurrence; skipped: the offset after the change.
    Later,
    /// The clock time read as the zone's standard time.
    Standard,
}

impl DstChoice {
    /// `earlier`, `later` or `standard`.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Self::Earlier => "earlier",
            Self::Later => "later",
            Self::Standard => "standard",
        }
    }

    /// The choice a key names (exactly, lower case); `None` for anything else.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Self> {
        match key {
            "earlier" => Some(Self::Earlier),
            "later" => Some(Self::Later),
            "standard" => Some(Self::Standard),
            _ => None,
        }
    }
}

/// A birthplace: its label and its point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Birthplace {
    /// As the place search labels it.
    pub label: &'static str,
    /// Degrees east.
    pub longitude: f64,
    /// Degrees north.
    pub latitude: f64,
}

/// Where a person who gives no birthplace was born (spec §3, §9): Tokyo, for the same reason the
/// offset's default is Japan. The one copy of that rule's value: identity stores it at sign-up,
/// the gateway's anonymous calculator sends it to the engine.
pub const DEFAULT_BIRTHPLACE: Birthplace =
    Birthplace { label: "東京, 日本", longitude: 139.6503, latitude: 35.6762 };

/// The offset to use: the one `sent` with the request, else the one `stored` for the user, else
/// [`TimezoneOffset::JAPAN`].
#[must_use]
pub const fn resolve(sent: Option<TimezoneOffset>, stored: Option<TimezoneOffset>) -> TimezoneOffset {
    match (sent, stored) {
        (Some(offset), _) | (None, Some(offset)) => offset,
        (None, None) => TimezoneOffset::JAPAN,
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).expect("RFC 3339").with_timezone(&Utc)
    }

    fn offset(minutes: i32) -> TimezoneOffset {
        TimezoneOffset::parse(minutes).expect("in range")
    }

    #[test]
    fn the_sent_offset_wins_then_the_stored_one_then_japan() {
        let new_york = offset(300);
        let london = offset(0);
        assert_eq!(resolve(Some(new_york), Some(london)), new_york);
        assert_eq!(resolve(Some(london), None), london);
        assert_eq!(resolve(None, Some(new_york)), new_york);
        assert_eq!(resolve(None, None), TimezoneOffset::JAPAN);
        assert_eq!(TimezoneOffset::JAPAN.minutes(), -540);
    }

    #[test]
    fn the_default_birthplace_is_tokyo() {
        assert_eq!(DEFAULT_BIRTHPLACE.label, "東京, 日本");
        assert_eq!((DEFAULT_BIRTHPLACE.longitude, DEFAULT_BIRTHPLACE.latitude), (139.6503, 35.6762));
    }

    #[test]
    fn the_local_date_follows_the_offset() {
        let now = at("2026-11-21T16:30:00Z");
        // 01:30 on the 22nd in Japan, still the 21st in UTC and in New York.
        assert_eq!(TimezoneOffset::JAPAN.local_date(now).to_string(), "2026-11-22");
        assert_eq!(offset(0).local_date(now).to_string(), "2026-11-21");
        assert_eq!(offset(300).local_date(now).to_string(), "2026-11-21");
        assert_eq!(TimezoneOffset::JAPAN.local_year(at("2026-12-31T15:00:00Z")), 2027);
        // 02:00 UTC on the 25th is still the evening of the 24th in UTC−5.
        let early = at("2026-11-25T02:00:00Z");
        assert_eq!(offset(300).local_date(early).to_string(), "2026-11-24");
        assert_eq!(TimezoneOffset::JAPAN.local_date(early).to_string(), "2026-11-25");
    }

    #[test]
    fn offsets_outside_the_earths_zones_are_refused() {
        assert!(TimezoneOffset::parse(-840).is_ok());
        assert!(TimezoneOffset::parse(720).is_ok());
        assert_eq!(TimezoneOffset::parse(-841), Err(OutOfRange));
        assert_eq!(TimezoneOffset::parse(721), Err(OutOfRange));
    }

    proptest! {
        #[test]
        fn parse_accepts_exactly_the_range_and_keeps_the_minutes(minutes in any::<i32>()) {
            let parsed = TimezoneOffset::parse(minutes);
            prop_assert_eq!(parsed.is_ok(), (-840..=720).contains(&minutes));
            if let Ok(o) = parsed {
                prop_assert_eq!(o.minutes(), minutes);
            }
        }

        #[test]
        fn the_local_date_is_never_more_than_a_day_from_utc(minutes in -840..=720i32, secs in 0i64..4_000_000_000) {
            let now = DateTime::from_timestamp(secs, 0).expect("in range");
            let local = offset(minutes).local_date(now);
            let days = (local - now.date_naive()).num_days();
            prop_assert!((-1..=1).contains(&days));
        }
    }

    #[test]
    fn a_dst_choice_round_trips_through_its_key_and_nothing_else_is_one() {
        for choice in [DstChoice::Earlier, DstChoice::Later, DstChoice::Standard] {
            assert_eq!(DstChoice::from_key(choice.key()), Some(choice));
        }
        for other in ["", "LATER", "summer", " later"] {
            assert_eq!(DstChoice::from_key(other), None, "{other:?}");
        }
    }
}
