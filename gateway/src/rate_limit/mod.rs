//! Per-client-IP rate limits in Redis.
//!
//! A fixed window that starts at a client's first request: one Lua script increments the counter
//! and, on the first hit, sets the window's expiry — atomically, so concurrent gateways agree and a
//! counter can never be left without a TTL. Over the limit the request gets 429 with `Retry-After`
//! (the window's remaining time). Each bucket (calculator, places, auth, unsubscribe) counts separately, per IP; the
//! friend search counts per signed-in user instead ([`RateLimiter::check_user`]): it is only for
//! members, and one member must not spend the budget of everyone behind the same address.
//!
//! Chat messages count per signed-in user and per message id ([`RateLimiter::admit_chat_message`]):
//! the same id sent again (a retry, a reconnect) is not a new message, so it is not counted again.
//!
//! Password checks (sign-in, admin sign-in, the current-password check of settings) have their own
//! budgets, counted BEFORE the check runs: see [`RateLimiter::count_credential_attempt`].
//!
//! When Redis fails the limiter fails open (the request passes) and logs: a Redis outage must not
//! take the public calculator down with it.

use std::fmt;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use actix_web::HttpRequest;
use deadpool_redis::Pool;

use meguri_ids::UserId;

use crate::config::RateLimitConfig;
use crate::error::ApiError;
use crate::metrics;

mod chat;
mod credentials;
mod mail;

use chat::CHAT_SCRIPT;
use credentials::{ATTEMPT_SCRIPT, SUCCEEDED_SCRIPT};

pub use chat::CHAT_RATE_LIMITED;
pub use credentials::{CountedAttempt, Credential, KNOWN_DEVICE_TTL};
pub use mail::CLAIM_WHILE_ASKING;

/// `KEYS[1]` counter; `ARGV[1]` window in ms. Returns `{count, remaining_ms}`.
const SCRIPT: &str = r"
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
";

/// A budget shared by a group of routes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bucket {
    /// `POST /api/public/calculate-bazi`.
    Calculate,
    /// `GET /api/places/search` and `GET /api/places/coordinates`.
    Places,
    /// Sign-up, verification, code resends, reset requests and resets (per 15 minutes).
    Auth,
    /// `GET /api/friends/search`, per user.
    FriendSearch,
    /// `POST /api/unsubscribe` (public, per 15 minutes; the `Auth` limit, counted apart).
    Unsubscribe,
    /// The reply-by-link page's thread and answers (public, per 15 minutes; the `Auth` limit,
    /// counted apart).
    SupportReply,
    /// The reply-by-link page's screenshots (public, per minute; the `Places` limit, counted apart:
    /// a thread may show several).
    SupportReplyFile,
    /// `POST /api/analytics/events`: per browser ([`RateLimiter::check_key`]) and, ten times as
    /// many, per IP.
    Analytics,
    /// The same, per client IP.
    AnalyticsPerIp,
}

impl Bucket {
    const fn name(self) -> &'static str {
        match self {
            Self::Calculate => "calculate",
            Self::Places => "places",
            Self::Auth => "auth",
            Self::FriendSearch => "friend_search",
            Self::Unsubscribe => "unsubscribe",
            Self::SupportReply => "support_reply",
            Self::SupportReplyFile => "support_reply_file",
            Self::Analytics => "analytics",
            Self::AnalyticsPerIp => "analytics_ip",
        }
    }
}

/// See the module docs.
#[derive(Clone)]
pub struct RateLimiter {
    pool: Pool,
    prefix: Arc<str>,
    config: RateLimitConfig,
    script: Arc<redis::Script>,
    attempt_script: Arc<redis::Script>,
    succeeded_script: Arc<redis::Script>,
    chat_script: Arc<redis::Script>,
    trust_forwarded_for: bool,
}

impl fmt::Debug for RateLimiter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RateLimiter").field("config", &self.config).finish_non_exhaustive()
    }
}

/// A Redis step must not hold a request up for long before we give up and let it through.
const REDIS_BUDGET: Duration = Duration::from_millis(300);

impl RateLimiter {
    #[must_use]
    pub fn new(pool: Pool, key_prefix: &str, config: RateLimitConfig, trust_forwarded_for: bool) -> Self {
        Self {
            pool,
            prefix: Arc::from(key_prefix),
            config,
            script: Arc::new(redis::Script::new(SCRIPT)),
            attempt_script: Arc::new(redis::Script::new(ATTEMPT_SCRIPT)),
            succeeded_script: Arc::new(redis::Script::new(SUCCEEDED_SCRIPT)),
            chat_script: Arc::new(redis::Script::new(CHAT_SCRIPT)),
            trust_forwarded_for,
        }
    }

    #[must_use]
    pub const fn enabled(&self) -> bool {
        self.config.enabled
    }

    const fn limit(&self, bucket: Bucket) -> u32 {
        match bucket {
            Bucket::Calculate => self.config.calculate_per_window,
            Bucket::Places | Bucket::SupportReplyFile => self.config.places_per_window,
            Bucket::Auth | Bucket::Unsubscribe | Bucket::SupportReply => self.config.auth_per_window,
            Bucket::FriendSearch => self.config.friend_search_per_window,
            Bucket::Analytics => self.config.analytics_per_window,
            Bucket::AnalyticsPerIp => self.config.analytics_per_window.saturating_mul(10),
        }
    }

    const fn window(&self, bucket: Bucket) -> Duration {
        match bucket {
            Bucket::Calculate
            | Bucket::Places
            | Bucket::FriendSearch
            | Bucket::SupportReplyFile
            | Bucket::Analytics
            | Bucket::AnalyticsPerIp => self.config.window,
            Bucket::Auth | Bucket::Unsubscribe | Bucket::SupportReply => self.config.login_window,
        }
    }

    /// Counts one request of `req`'s client against `bucket`.
    ///
    /// # Errors
    /// [`ApiError::RateLimited`] over the limit.
    pub async fn check(&self, bucket: Bucket, req: &HttpRequest) -> Result<(), ApiError> {
        if !self.config.enabled {
            return Ok(());
        }
        let Some(ip) = client_ip(req, self.trust_forwarded_for) else {
            return Ok(());
        };
        self.count(bucket, &ip.to_string()).await
    }

    /// Counts one request of a signed-in `user` against `bucket` (whatever address it comes from).
    ///
    /// # Errors
    /// [`ApiError::RateLimited`] over the limit.
    pub async fn check_user(&self, bucket: Bucket, user: UserId) -> Result<(), ApiError> {
        if !self.config.enabled {
            return Ok(());
        }
        self.count(bucket, &format!("u:{user}")).await
    }

    /// Counts one request of a browser named by `subject` (a member or visitor id) against
    /// `bucket`.
    ///
    /// # Errors
    /// [`ApiError::RateLimited`] over the limit.
    pub async fn check_key(&self, bucket: Bucket, subject: &str) -> Result<(), ApiError> {
        if !self.config.enabled {
            return Ok(());
        }
        self.count(bucket, subject).await
    }

    /// One more request of `subject` (an address, or `u:<user id>`) in `bucket`'s window; fails
    /// open when Redis does not answer in time.
    async fn count(&self, bucket: Bucket, subject: &str) -> Result<(), ApiError> {
        let key = format!("{}ratelimit:{}:{subject}", self.prefix, bucket.name());
        let window_ms = u64::try_from(self.window(bucket).as_millis()).unwrap_or(u64::MAX).max(1);
        let counted = tokio::time::timeout(REDIS_BUDGET, async {
            let mut conn = self.pool.get().await.map_err(|e| e.to_string())?;
            self.script.key(&key).arg(window_ms).invoke_async::<(u64, i64)>(&mut conn).await.map_err(|e| e.to_string())
        })
        .await;
        match counted {
            Ok(Ok((count, remaining_ms))) => {
                if count > u64::from(self.limit(bucket)) {
                    metrics::rate_limited(bucket.name());
                    let remaining = u64::try_from(remaining_ms.max(0)).unwrap_or(0);
                    return Err(ApiError::RateLimited {
                        // Round up: "retry after 0 s" would invite an immediate retry.
                        retry_after: Duration::from_secs(remaining.div_ceil(1000).max(1)),
                    });
                }
                Ok(())
            }
            Ok(Err(error)) => {
                meguri_telemetry::redis_error("rate_limit");
                tracing::warn!(name: "gateway.rate_limit.fail_open", bucket = bucket.name(), %error, "rate limiter unavailable; letting the request through");
                Ok(())
            }
            Err(_) => {
                meguri_telemetry::redis_error("rate_limit");
                tracing::warn!(name: "gateway.rate_limit.fail_open", bucket = bucket.name(), "rate limiter timed out; letting the request through");
                Ok(())
            }
        }
    }
}

fn what_label(what: &str) -> &'static str {
    match what {
        "resend" => "resend",
        "forgot" => "forgot",
        _ => "other",
    }
}

/// The Redis key part for an address: a SHA-256 digest, so keys hold no personal data.
fn account_key(email: &str) -> String {
    use sha2::Digest as _;
    let digest = sha2::Sha256::digest(email.trim().to_lowercase().as_bytes());
    digest.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

/// The client's address: the peer, or — behind our own ingress (`TRUST_FORWARDED_FOR=true`) — the
/// last `X-Forwarded-For` entry, the one the ingress appended (earlier entries are client-supplied).
#[must_use]
pub fn client_ip(req: &HttpRequest, trust_forwarded_for: bool) -> Option<IpAddr> {
    if trust_forwarded_for
        && let Some(ip) = req
            .headers()
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|list| list.rsplit(',').next())
            .and_then(|last| last.trim().parse::<IpAddr>().ok())
    {
        return Some(ip);
    }
    req.peer_addr().map(|addr| addr.ip())
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn the_peer_address_is_used_unless_forwarded_for_is_trusted() {
        let req = TestRequest::default()
            .peer_addr("192.0.2.1:5000".parse().expect("addr"))
            .insert_header(("x-forwarded-for", "198.51.100.7, 203.0.113.9"))
            .to_http_request();

        assert_eq!(client_ip(&req, false), Some("192.0.2.1".parse().expect("ip")));
        assert_eq!(client_ip(&req, true), Some("203.0.113.9".parse().expect("ip")));
    }

    #[test]
    fn a_garbage_forwarded_for_falls_back_to_the_peer() {
        let req = TestRequest::default()
            .peer_addr("192.0.2.1:5000".parse().expect("addr"))
            .insert_header(("x-forwarded-for", "not-an-ip"))
            .to_http_request();

        assert_eq!(client_ip(&req, true), Some("192.0.2.1".parse().expect("ip")));
    }
}
