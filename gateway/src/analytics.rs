//! Analytics at the edge (issue 26, docs/analytics.md): the visitor's consent cookie, what a
//! request tells about its browser (the User-Agent and the address truncated to its /24 or /48 —
//! the whole address never leaves the gateway), and the publisher that adds client events to the
//! `analytics` stream. The gateway has no database, so no outbox: events go straight to Redis,
//! where they wait for support however long it is down (the stream's retention). Support decides
//! what is stored: only events a consent covers.

use std::sync::Arc;
use std::time::Duration;

use actix_web::HttpRequest;
use actix_web::cookie::Cookie;
use deadpool_redis::Pool;
use meguri_proto::analytics::{ClientEventRecorded, VisitorConsentWithdrawn};
use meguri_proto::events::{ANALYTICS_STREAM, Event, STREAM_RETENTION_MS, envelope_bytes, stream_key};
use uuid::Uuid;

use crate::session::gateway_cookie;

/// The visitor cookie's name in development (plain HTTP on localhost).
pub const COOKIE_NAME: &str = "meguri_aid";
/// Its name everywhere else (`__Host-`: Secure, host-only, `/`).
pub const SECURE_COOKIE_NAME: &str = "__Host-meguri_aid";
/// How long a visitor's consent lasts before the notice asks again (13 months).
pub const COOKIE_MAX_AGE: Duration = Duration::from_secs(395 * 24 * 3600);
/// The longest a publish may hold a request up.
const PUBLISH_BUDGET: Duration = Duration::from_millis(500);

/// The cookie name for this deployment.
#[must_use]
pub const fn cookie_name(secure: bool) -> &'static str {
    if secure { SECURE_COOKIE_NAME } else { COOKIE_NAME }
}

/// The consenting visitor id the request carries (the cookie exists only after the visitor agreed).
#[must_use]
pub fn visitor(req: &HttpRequest, secure: bool) -> Option<Uuid> {
    req.cookie(cookie_name(secure)).and_then(|c| Uuid::parse_str(c.value()).ok())
}

/// The cookie that records a visitor's consent: a fresh random id.
#[must_use]
pub fn consent_cookie(id: Uuid, secure: bool) -> Cookie<'static> {
    gateway_cookie(cookie_name(secure), id.to_string(), secure, COOKIE_MAX_AGE)
}

/// The cookie that removes it.
#[must_use]
pub fn removal_cookie(secure: bool) -> Cookie<'static> {
    let mut cookie = gateway_cookie(cookie_name(secure), String::new(), secure, Duration::ZERO);
    cookie.make_removal();
    cookie
}

/// What a request tells about its browser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Browser {
    pub user_agent: String,
    /// The address truncated (`203.0.113.0`), empty when unknown.
    pub ip_prefix: String,
}

impl Browser {
    #[must_use]
    pub fn of(req: &HttpRequest, trust_forwarded_for: bool) -> Self {
        let user_agent = req
            .headers()
            .get(actix_web::http::header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .map(|ua| ua.chars().take(512).collect())
            .unwrap_or_default();
        let ip_prefix = crate::rate_limit::client_ip(req, trust_forwarded_for)
            .map(|ip| meguri_analytics::truncate_ip(ip).to_string())
            .unwrap_or_default();
        Self { user_agent, ip_prefix }
    }
}

/// Adds analytics events to the `analytics` stream.
#[derive(Clone)]
pub struct Publisher {
    redis: Pool,
    key: Arc<str>,
    clock: Arc<dyn meguri_clock::Clock>,
}

impl std::fmt::Debug for Publisher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Publisher").field("key", &self.key).finish_non_exhaustive()
    }
}

impl Publisher {
    /// `key_prefix` is `REDIS_KEY_PREFIX` (the services' events prefix); `clock` stamps the events.
    #[must_use]
    pub fn new(redis: Pool, key_prefix: &str, clock: Arc<dyn meguri_clock::Clock>) -> Self {
        Self { redis, key: Arc::from(stream_key(key_prefix, ANALYTICS_STREAM)), clock }
    }

    /// The time events are stamped with.
    #[must_use]
    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        self.clock.now()
    }

    /// Adds `events` in one round trip, each in its envelope with a fresh event id.
    ///
    /// # Errors
    /// Redis did not take them in time.
    pub async fn publish(&self, events: &[ClientEventRecorded]) -> anyhow::Result<()> {
        self.add(events).await
    }

    /// Tells support a visitor withdrew consent.
    ///
    /// # Errors
    /// Redis did not take it in time.
    pub async fn withdraw(&self, visitor: Uuid, delete_collected: bool) -> anyhow::Result<()> {
        let event = VisitorConsentWithdrawn {
            visitor_id: visitor.to_string(),
            withdrawn_at: meguri_analytics::rfc3339(self.clock.now()),
            delete_collected,
        };
        self.add(std::slice::from_ref(&event)).await
    }

    async fn add<E: Event>(&self, events: &[E]) -> anyhow::Result<()> {
        use anyhow::Context as _;
        if events.is_empty() {
            return Ok(());
        }
        let now = self.clock.now();
        let occurred_at = meguri_analytics::rfc3339(now);
        let min_id = (now.timestamp_millis() - STREAM_RETENTION_MS).max(0);
        let traceparent = meguri_telemetry::current_traceparent();
        let mut pipe = redis::pipe();
        for event in events {
            let envelope = envelope_bytes(&Uuid::now_v7().to_string(), event, occurred_at.clone(), traceparent.clone());
            pipe.cmd("XADD")
                .arg(&*self.key)
                .arg("MINID")
                .arg("~")
                .arg(min_id)
                .arg("*")
                .arg("envelope")
                .arg(envelope)
                .ignore();
        }
        let sent = tokio::time::timeout(PUBLISH_BUDGET, async {
            let mut conn = self.redis.get().await.context("get a Redis connection")?;
            pipe.query_async::<()>(&mut conn).await.context("XADD")
        })
        .await;
        let outcome = match &sent {
            Ok(Ok(())) => "published",
            _ => {
                meguri_telemetry::redis_error("analytics");
                "failed"
            }
        };
        metrics::counter!(crate::metrics::ANALYTICS_EVENTS_TOTAL, "outcome" => outcome).increment(events.len() as u64);
        sent.map_err(|_| anyhow::anyhow!("XADD timed out"))?
    }
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn the_browser_keeps_only_the_network_of_the_address() {
        let req = TestRequest::default()
            .peer_addr("203.0.113.77:5000".parse().expect("addr"))
            .insert_header(("user-agent", "Mozilla/5.0 Test"))
            .to_http_request();
        let seen = Browser::of(&req, false);
        assert_eq!(seen.ip_prefix, "203.0.113.0");
        assert_eq!(seen.user_agent, "Mozilla/5.0 Test");
    }

    #[test]
    fn the_visitor_id_is_read_only_from_a_well_formed_cookie() {
        let id = Uuid::new_v4();
        let req = TestRequest::default().cookie(consent_cookie(id, false)).to_http_request();
        assert_eq!(visitor(&req, false), Some(id));
        let req = TestRequest::default().cookie(Cookie::new(COOKIE_NAME, "nope")).to_http_request();
        assert_eq!(visitor(&req, false), None);
        assert!(removal_cookie(true).max_age().is_some_and(|a| a.is_zero()));
    }
}
