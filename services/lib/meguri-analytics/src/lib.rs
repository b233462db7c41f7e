//! The analytics contract (issue 26, docs/analytics.md): which actions are counted, under which
//! names, and how a producer records one — an `analytics.activity` event in its outbox, in the
//! transaction that makes the change, so the count exists exactly when the action does. Support is
//! the only reader; it stores an event only for a member who consented to analytics at the time.
//!
//! ```ignore
//! meguri_analytics::enqueue(conn, user, Activity::DiaryEntry, json!({"visibility": "friends"}), now).await?;
//! ```

use std::net::IpAddr;

use chrono::{DateTime, SecondsFormat, Utc};
use meguri_ids::UserId;
use meguri_proto::analytics::ActivityRecorded;

/// An action a service counts. The names are the `event_type` of `analytics_events` rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Activity {
    SignUp,
    EmailVerified,
    FirstChartReady,
    DailyReadingViewed,
    Rating,
    FriendRequest,
    DiaryEntry,
    ChatMessage,
    Purchase,
    TicketOpened,
}

impl Activity {
    pub const ALL: [Self; 10] = [
        Self::SignUp,
        Self::EmailVerified,
        Self::FirstChartReady,
        Self::DailyReadingViewed,
        Self::Rating,
        Self::FriendRequest,
        Self::DiaryEntry,
        Self::ChatMessage,
        Self::Purchase,
        Self::TicketOpened,
    ];

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::SignUp => "sign_up",
            Self::EmailVerified => "email_verified",
            Self::FirstChartReady => "first_chart_ready",
            Self::DailyReadingViewed => "daily_reading_viewed",
            Self::Rating => "rating",
            Self::FriendRequest => "friend_request",
            Self::DiaryEntry => "diary_entry",
            Self::ChatMessage => "chat_message",
            Self::Purchase => "purchase",
            Self::TicketOpened => "ticket_opened",
        }
    }

    /// The activity named `name`, if it is one.
    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.as_str() == name)
    }
}

/// What a browser reports through the gateway (`analytics.client`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClientEvent {
    /// The SPA showed a page (sent by the SPA, batched).
    PageView,
    /// A visitor calculated a chart on the landing page (recorded by the gateway itself).
    LandingCalculation,
}

impl ClientEvent {
    pub const ALL: [Self; 2] = [Self::PageView, Self::LandingCalculation];

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::PageView => "page_view",
            Self::LandingCalculation => "landing_calculation",
        }
    }

    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.as_str() == name)
    }
}

/// The largest `data_json` a producer may attach (a few facts, never free text).
pub const MAX_DATA_BYTES: usize = 1024;

#[cfg(feature = "outbox")]
/// Puts one `analytics.activity` event for `user` in the outbox on `conn`. Call it inside the
/// transaction that makes the change. `data` is a JSON object of facts (no text a member wrote, no
/// birth data); `at` is the producer's clock.
///
/// # Errors
/// The insert failed (the caller's transaction should then roll back).
pub async fn enqueue(
    conn: &mut diesel_async::AsyncPgConnection,
    user: UserId,
    activity: Activity,
    data: serde_json::Value,
    at: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    meguri_events::enqueue(conn, &activity_event(user, activity, &data, at)).await.map(|_| ())
}

/// The event [`enqueue`] writes.
#[must_use]
pub fn activity_event(
    user: UserId,
    activity: Activity,
    data: &serde_json::Value,
    at: DateTime<Utc>,
) -> ActivityRecorded {
    ActivityRecorded {
        user_id: user.to_string(),
        event_type: activity.as_str().to_owned(),
        data_json: if data.is_object() { data.to_string() } else { "{}".to_owned() },
        occurred_at: rfc3339(at),
    }
}

/// `at` as the events carry it (RFC 3339, microseconds, UTC).
#[must_use]
pub fn rfc3339(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Micros, true)
}

/// The part of a client address analytics may keep: IPv4 to its /24, IPv6 to its /48 (an
/// IPv4-mapped IPv6 address as the IPv4 it maps). The whole address never leaves the gateway.
#[must_use]
pub fn truncate_ip(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            IpAddr::from([a, b, c, 0])
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return truncate_ip(IpAddr::V4(v4));
            }
            let s = v6.segments();
            IpAddr::from([s[0], s[1], s[2], 0, 0, 0, 0, 0])
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_unique() {
        for a in Activity::ALL {
            assert_eq!(Activity::parse(a.as_str()), Some(a));
            assert!(ClientEvent::parse(a.as_str()).is_none(), "{a:?} collides with a client event");
        }
        for c in ClientEvent::ALL {
            assert_eq!(ClientEvent::parse(c.as_str()), Some(c));
        }
        assert_eq!(Activity::parse("page_views"), None);
    }

    #[test]
    fn ipv4_keeps_its_24_bit_network() {
        assert_eq!(truncate_ip("203.0.113.77".parse().unwrap()).to_string(), "203.0.113.0");
        assert_eq!(truncate_ip("::ffff:198.51.100.9".parse().unwrap()).to_string(), "198.51.100.0");
    }

    #[test]
    fn ipv6_keeps_its_48_bit_network() {
        assert_eq!(truncate_ip("2001:db8:abcd:12:1:2:3:4".parse().unwrap()).to_string(), "2001:db8:abcd::");
    }

    #[test]
    fn data_that_is_not_an_object_becomes_empty() {
        let at = DateTime::parse_from_rfc3339("2026-11-29T00:00:00Z").unwrap().to_utc();
        let e = activity_event(UserId::new(), Activity::Rating, &serde_json::json!([1]), at);
        assert_eq!(e.data_json, "{}");
        assert_eq!(e.occurred_at, "2026-11-29T00:00:00.000000Z");
        let e = activity_event(UserId::new(), Activity::Rating, &serde_json::json!({"stars": 4}), at);
        assert_eq!(e.data_json, r#"{"stars":4}"#);
    }
}
