//! Per-client-IP rate limits in Redis.
//!
//! A fixed window that starts at a client's first request: one Lua script increments the counter
//! and, on the first hit, sets the window's expiry — atomically, so concurrent gateways agree and a
//! counter can never be left without a TTL. Over the limit the request gets 429 with `Retry-After`
//! (the window's remaining time). Each bucket (calculator, places) counts separately, per IP.
//!
//! When Redis fails the limiter fails open (the request passes) and logs: a Redis outage must not
//! take the public calculator down with it.

use std::fmt;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use actix_web::HttpRequest;
use deadpool_redis::Pool;

use crate::config::RateLimitConfig;
use crate::error::ApiError;
use crate::metrics;

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
}

impl Bucket {
    const fn name(self) -> &'static str {
        match self {
            Self::Calculate => "calculate",
            Self::Places => "places",
            Self::Auth => "auth",
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
            Bucket::Places => self.config.places_per_window,
            Bucket::Auth => self.config.auth_per_window,
        }
    }

    const fn window(&self, bucket: Bucket) -> Duration {
        match bucket {
            Bucket::Calculate | Bucket::Places => self.config.window,
            Bucket::Auth => self.config.login_window,
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
        let key = format!("{}ratelimit:{}:{ip}", self.prefix, bucket.name());
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
                tracing::warn!(name: "gateway.rate_limit.fail_open", bucket = bucket.name(), %error, "rate limiter unavailable; letting the request through");
                Ok(())
            }
            Err(_) => {
                tracing::warn!(name: "gateway.rate_limit.fail_open", bucket = bucket.name(), "rate limiter timed out; letting the request through");
                Ok(())
            }
        }
    }
}

impl RateLimiter {
    fn login_keys(&self, email: &str, req: &HttpRequest) -> [String; 2] {
        let ip = client_ip(req, self.trust_forwarded_for).map_or_else(|| "unknown".to_owned(), |ip| ip.to_string());
        [
            format!("{}loginfail:account:{}", self.prefix, account_key(email)),
            format!("{}loginfail:ip:{ip}", self.prefix),
        ]
    }

    /// Refuses a login attempt once the account or the client IP has had
    /// `RATE_LIMIT_LOGIN_FAILURES` failures within 15 minutes. Always on (it is a defence, not a
    /// load control), and fails open when Redis does not answer.
    ///
    /// # Errors
    /// [`ApiError::Coded`] 429 `LOGIN_RATE_LIMITED`.
    pub async fn check_login(&self, email: &str, req: &HttpRequest) -> Result<(), ApiError> {
        let keys = self.login_keys(email, req);
        let counts = tokio::time::timeout(REDIS_BUDGET, async {
            let mut conn = self.pool.get().await.map_err(|e| e.to_string())?;
            redis::cmd("MGET")
                .arg(&keys[..])
                .query_async::<Vec<Option<u32>>>(&mut conn)
                .await
                .map_err(|e| e.to_string())
        })
        .await;
        match counts {
            Ok(Ok(counts)) if counts.iter().flatten().any(|&n| n >= self.config.login_failures) => {
                metrics::rate_limited("login");
                Err(ApiError::Coded {
                    status: actix_web::http::StatusCode::TOO_MANY_REQUESTS,
                    code: "LOGIN_RATE_LIMITED",
                })
            }
            Ok(Ok(_)) => Ok(()),
            _ => {
                tracing::warn!(name: "gateway.rate_limit.fail_open", bucket = "login", "login limiter unavailable; letting the request through");
                Ok(())
            }
        }
    }

    /// Counts a failed login against the account and the client IP.
    pub async fn record_login_failure(&self, email: &str, req: &HttpRequest) {
        let window_ms = u64::try_from(self.config.login_window.as_millis()).unwrap_or(u64::MAX);
        let keys = self.login_keys(email, req);
        let _ = tokio::time::timeout(REDIS_BUDGET, async {
            let mut conn = self.pool.get().await.map_err(|e| e.to_string())?;
            for key in &keys {
                self.script
                    .key(key)
                    .arg(window_ms)
                    .invoke_async::<(u64, i64)>(&mut conn)
                    .await
                    .map_err(|e| e.to_string())?;
            }
            Ok::<(), String>(())
        })
        .await;
    }

    /// A successful login clears the account's failures (the IP's stay).
    pub async fn clear_login_failures(&self, email: &str, req: &HttpRequest) {
        let [account, _] = self.login_keys(email, req);
        let _ = tokio::time::timeout(REDIS_BUDGET, async {
            let mut conn = self.pool.get().await.map_err(|e| e.to_string())?;
            redis::cmd("DEL").arg(account).query_async::<i64>(&mut conn).await.map_err(|e| e.to_string())
        })
        .await;
    }

    /// At most one action per `ttl` for `subject` (e.g. a verification code resend per address):
    /// the same answer whether or not the address has an account.
    ///
    /// # Errors
    /// [`ApiError::RateLimited`]-like 429 with `code` while the previous one is younger than `ttl`.
    pub async fn once_per(&self, what: &str, subject: &str, ttl: Duration, code: &'static str) -> Result<(), ApiError> {
        if !self.config.enabled {
            return Ok(());
        }
        let key = format!("{}once:{what}:{}", self.prefix, account_key(subject));
        let result = tokio::time::timeout(REDIS_BUDGET, async {
            let mut conn = self.pool.get().await.map_err(|e| e.to_string())?;
            let set: Option<String> = redis::cmd("SET")
                .arg(&key)
                .arg(1)
                .arg("NX")
                .arg("EX")
                .arg(ttl.as_secs().max(1))
                .query_async(&mut conn)
                .await
                .map_err(|e| e.to_string())?;
            if set.is_some() {
                return Ok::<Option<i64>, String>(None);
            }
            // Already done within the period: how long until it may be done again.
            let remaining_ms: i64 =
                redis::cmd("PTTL").arg(&key).query_async(&mut conn).await.map_err(|e| e.to_string())?;
            Ok(Some(remaining_ms))
        })
        .await;
        match result {
            Ok(Ok(Some(remaining_ms))) => {
                metrics::rate_limited(what_label(what));
                let remaining =
                    u64::try_from(remaining_ms).map_or(ttl, |ms| Duration::from_millis(ms.div_ceil(1000) * 1000));
                Err(ApiError::Cooldown { code, retry_after: remaining })
            }
            _ => Ok(()),
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
