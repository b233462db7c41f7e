//! When timed mail is due: a letter to the future at 07:00 local of its delivery date, the
//! inactivity reminder after seven days without a visit (at most once a week), and how often a
//! visit is worth storing. Pure: the scheduler's SQL asks the same questions with these values.

use std::time::Duration;

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use meguri_tz::TimezoneOffset;

/// The local hour a letter arrives: the author's morning.
pub const DELIVERY_HOUR: u32 = 7;

/// How long without a visit before the inactivity reminder, and the least time between two
/// reminders.
pub const INACTIVITY: Duration = Duration::from_secs(7 * 24 * 3600);

/// A visit closer than this to the stored one is not written again (RecordVisit is called on
/// every app start).
pub const VISIT_GRANULARITY: Duration = Duration::from_secs(10 * 60);

/// 07:00 of `delivery_date` in `offset` (getTimezoneOffset's sign: UTC = local + offset), as UTC.
#[must_use]
pub fn letter_due_at(delivery_date: NaiveDate, offset: TimezoneOffset) -> DateTime<Utc> {
    let local = delivery_date.and_time(NaiveTime::from_hms_opt(DELIVERY_HOUR, 0, 0).unwrap_or(NaiveTime::MIN));
    (local + chrono::Duration::minutes(i64::from(offset.minutes()))).and_utc()
}

/// `now` minus `span` (the span as chrono's; a span past chrono's range leaves `now`).
#[must_use]
pub fn before(now: DateTime<Utc>, span: Duration) -> DateTime<Utc> {
    now - chrono::Duration::from_std(span).unwrap_or(chrono::Duration::zero())
}

/// `now` plus `span` (a span past chrono's range leaves `now`).
#[must_use]
pub fn after(now: DateTime<Utc>, span: Duration) -> DateTime<Utc> {
    now + chrono::Duration::from_std(span).unwrap_or(chrono::Duration::zero())
}

/// Whether a member is due an inactivity reminder at `now`: the preference on, the last visit at
/// least [`INACTIVITY`] ago, and no reminder within the last [`INACTIVITY`] (so at most one a
/// week, and a visit after a reminder starts the seven days again).
#[must_use]
pub fn reminder_due(
    wanted: bool,
    last_visit_at: DateTime<Utc>,
    last_reminded_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> bool {
    let cutoff = before(now, INACTIVITY);
    wanted && last_visit_at <= cutoff && last_reminded_at.is_none_or(|at| at <= cutoff)
}

/// What became of a delivery's mail (`payload.mail` of a finished `scheduled_deliveries` row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MailOutcome {
    /// A mail was queued (its `email_notifications.event_id` is the delivery's id).
    Queued,
    /// The member switched this mail off.
    PreferenceOff,
    /// identity has no verified, live member with an address.
    NoAddress,
    /// identity did not answer through every attempt: the delivery was made without a mail.
    NotSent,
}

impl MailOutcome {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Queued => "queued",
            Self::PreferenceOff => "preference_off",
            Self::NoAddress => "no_address",
            Self::NotSent => "not_sent",
        }
    }

    /// Whether a mail went to the member (`LetterDelivered.email_sent`).
    #[must_use]
    pub const fn email_sent(self) -> bool {
        matches!(self, Self::Queued)
    }
}

/// The kinds of `scheduled_deliveries`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeliveryKind {
    /// A letter to the future (social's LetterSealed).
    FutureLetter,
    InactivityReminder,
}

impl DeliveryKind {
    pub const ALL: [Self; 2] = [Self::FutureLetter, Self::InactivityReminder];

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::FutureLetter => "future_letter",
            Self::InactivityReminder => "inactivity_reminder",
        }
    }

    #[must_use]
    pub fn from_stored(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == raw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).expect("RFC 3339").with_timezone(&Utc)
    }

    fn date(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("a date")
    }

    fn offset(minutes: i32) -> TimezoneOffset {
        TimezoneOffset::parse(minutes).expect("in range")
    }

    #[test]
    fn a_letter_arrives_at_seven_in_the_authors_zone() {
        let day = date("2027-01-15");
        assert_eq!(letter_due_at(day, TimezoneOffset::JAPAN), at("2027-01-14T22:00:00Z"));
        assert_eq!(letter_due_at(day, offset(0)), at("2027-01-15T07:00:00Z"));
        assert_eq!(letter_due_at(day, offset(300)), at("2027-01-15T12:00:00Z"), "New York (UTC-5)");
        assert_eq!(letter_due_at(day, offset(-330)), at("2027-01-15T01:30:00Z"), "India (UTC+5:30)");
        assert_eq!(letter_due_at(day, offset(-840)), at("2027-01-14T17:00:00Z"), "Kiribati (UTC+14)");
        assert_eq!(letter_due_at(day, offset(720)), at("2027-01-15T19:00:00Z"), "UTC-12");
        for minutes in [-840, -540, -330, 0, 300, 720] {
            let due = letter_due_at(day, offset(minutes));
            assert_eq!(offset(minutes).local_date(due), day, "{minutes}: the delivery date, locally");
        }
    }

    #[test]
    fn the_reminder_waits_seven_days_and_comes_at_most_weekly() {
        let now = at("2027-01-15T09:00:00Z");
        let week_ago = at("2027-01-08T09:00:00Z");
        let almost = at("2027-01-08T09:00:01Z");
        assert!(reminder_due(true, week_ago, None, now));
        assert!(!reminder_due(false, week_ago, None, now), "off by default");
        assert!(!reminder_due(true, almost, None, now), "a visit within the week");
        assert!(!reminder_due(true, week_ago, Some(almost), now), "reminded within the week");
        assert!(reminder_due(true, at("2026-12-01T00:00:00Z"), Some(week_ago), now), "a week after the last");
    }

    #[test]
    fn only_a_queued_mail_counts_as_sent() {
        assert!(MailOutcome::Queued.email_sent());
        for other in [MailOutcome::PreferenceOff, MailOutcome::NoAddress, MailOutcome::NotSent] {
            assert!(!other.email_sent(), "{other:?}");
        }
        for kind in DeliveryKind::ALL {
            assert_eq!(DeliveryKind::from_stored(kind.as_str()), Some(kind));
        }
    }
}
