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
use crate::device::DeviceId;
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
    /// `GET /api/friends/search`, per user.
    FriendSearch,
    /// `POST /api/unsubscribe` (public, per 15 minutes; the `Auth` limit, counted apart).
    Unsubscribe,
}

impl Bucket {
    const fn name(self) -> &'static str {
        match self {
            Self::Calculate => "calculate",
            Self::Places => "places",
            Self::Auth => "auth",
            Self::FriendSearch => "friend_search",
            Self::Unsubscribe => "unsubscribe",
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

/// How long a claim made before the owner of a mail window is asked holds at most
/// ([`RateLimiter::claim`], [`RateLimiter::once_per`]): the owner's answer then sets the window it
/// reports ([`RateLimiter::hold_for`]); a call that never answers frees the address after this.
/// The window itself is never a copy here: identity's answers carry it.
pub const CLAIM_WHILE_ASKING: Duration = Duration::from_secs(10);

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
            Bucket::Places => self.config.places_per_window,
            Bucket::Auth | Bucket::Unsubscribe => self.config.auth_per_window,
            Bucket::FriendSearch => self.config.friend_search_per_window,
        }
    }

    const fn window(&self, bucket: Bucket) -> Duration {
        match bucket {
            Bucket::Calculate | Bucket::Places | Bucket::FriendSearch => self.config.window,
            Bucket::Auth | Bucket::Unsubscribe => self.config.login_window,
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

/// Counts an attempt against every key unless one of them is spent, atomically: a batch of
/// parallel guesses cannot all read "under the limit" before any of them is counted.
/// `KEYS` counters; `ARGV[1]` window in ms, `ARGV[1 + i]` the limit of `KEYS[i]`.
/// Returns `{1, 0}` when counted, `{0, remaining_ms}` when refused (nothing counted).
const ATTEMPT_SCRIPT: &str = r"
for i, key in ipairs(KEYS) do
  local n = tonumber(redis.call('GET', key) or '0')
  if n >= tonumber(ARGV[i + 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl < 0 then ttl = tonumber(ARGV[1]) end
    return {0, ttl}
  end
end
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  if n == 1 or redis.call('PTTL', key) < 0 then
    redis.call('PEXPIRE', KEYS[i], ARGV[1])
  end
end
return {1, 0}
";

/// After a success: `KEYS[1]` (the pair's counter) is cleared, each further key gives back the
/// attempt it counted (never below zero).
const SUCCEEDED_SCRIPT: &str = r"
redis.call('DEL', KEYS[1])
for i = 2, #KEYS do
  local n = tonumber(redis.call('GET', KEYS[i]) or '0')
  if n > 0 then redis.call('DECR', KEYS[i]) end
end
return 1
";

/// How many times more than the per-pair limit one account may be tried from all addresses
/// together, and one address may try across all accounts, per window.
const WIDE_LIMIT_FACTOR: u32 = 10;
/// How long a browser that signed in to an account stays known to it.
pub const KNOWN_DEVICE_TTL: Duration = Duration::from_secs(180 * 24 * 3600);
/// The pause a known device gets while its account is under attack (instead of a refusal).
const UNDER_ATTACK_DELAY: Duration = Duration::from_secs(1);

/// A credential check that was counted before it ran; report a success with
/// [`RateLimiter::credential_ok`] (a failure needs nothing: it is already counted).
#[derive(Debug)]
pub struct CountedAttempt {
    keys: Vec<String>,
}

/// Whose password is being tried: an account by its address (sign-in), or a signed-in user
/// confirming their current password (password change, e-mail change, account deletion).
#[derive(Clone, Copy, Debug)]
pub enum Credential<'a> {
    /// Member sign-in with this address.
    Member(&'a str),
    /// Admin sign-in with this address.
    Admin(&'a str),
    /// The current-password check of a signed-in user.
    CurrentPassword(UserId),
}

impl Credential<'_> {
    fn account(&self) -> String {
        match self {
            Self::Member(email) => format!("m:{}", account_key(email)),
            Self::Admin(email) => format!("a:{}", account_key(email)),
            Self::CurrentPassword(user) => format!("u:{user}"),
        }
    }

    const fn refusal_code(&self) -> &'static str {
        match self {
            Self::Member(_) | Self::Admin(_) => "LOGIN_RATE_LIMITED",
            Self::CurrentPassword(_) => "PASSWORD_CHECK_RATE_LIMITED",
        }
    }
}

impl RateLimiter {
    fn credential_key(&self, kind: &str, rest: &str) -> String {
        format!("{}cred:{kind}:{rest}", self.prefix)
    }

    fn known_device_key(&self, account: &str, device: &DeviceId) -> String {
        self.credential_key("known", &format!("{account}:{}", device.as_str()))
    }

    /// Counts one password check BEFORE it runs, or refuses it (429) once a budget is spent.
    /// Budgets (per 15 minutes, `RATE_LIMIT_LOGIN_FAILURES` = n):
    /// - sign-in from a browser that has signed in to this account before: n per browser; while
    ///   the account is under attack that browser is slowed down, never refused for others' guesses;
    /// - sign-in from elsewhere: n per account and client address together, 10·n per account
    ///   from all addresses, 10·n per address across all accounts — so a stranger's guesses from
    ///   one address cannot lock the owner out;
    /// - a signed-in user's current-password checks: n per account.
    ///
    /// Always on (a defence, not load control). When Redis does not answer, the check is let
    /// through and logged: sign-in itself then fails on the session store.
    ///
    /// # Errors
    /// 429 `LOGIN_RATE_LIMITED` / `PASSWORD_CHECK_RATE_LIMITED` with `Retry-After`.
    pub async fn count_credential_attempt(
        &self,
        credential: Credential<'_>,
        device: Option<&DeviceId>,
        req: &HttpRequest,
    ) -> Result<CountedAttempt, ApiError> {
        let n = self.config.login_failures;
        let wide = n.saturating_mul(WIDE_LIMIT_FACTOR);
        let account = credential.account();
        let ip = client_ip(req, self.trust_forwarded_for).map_or_else(|| "unknown".to_owned(), |ip| ip.to_string());
        let window_ms = u64::try_from(self.config.login_window.as_millis()).unwrap_or(u64::MAX).max(1);
        let account_wide = self.credential_key("acct", &account);
        let result = tokio::time::timeout(REDIS_BUDGET * 2, async {
            let mut conn = self.pool.get().await.map_err(|e| e.to_string())?;
            let known = match (credential, device) {
                (Credential::CurrentPassword(_), _) | (_, None) => false,
                (_, Some(device)) => redis::cmd("EXISTS")
                    .arg(self.known_device_key(&account, device))
                    .query_async::<bool>(&mut conn)
                    .await
                    .map_err(|e| e.to_string())?,
            };
            let limited: Vec<(String, u32)> = match (credential, device) {
                (Credential::CurrentPassword(_), _) => vec![(account_wide.clone(), n)],
                (_, Some(device)) if known => {
                    vec![(self.credential_key("device", &format!("{account}:{}", device.as_str())), n)]
                }
                _ => vec![
                    (self.credential_key("pair", &format!("{account}:{ip}")), n),
                    (account_wide.clone(), wide),
                    (self.credential_key("ip", &ip), wide),
                ],
            };
            let mut invocation = self.attempt_script.prepare_invoke();
            invocation.arg(window_ms);
            for (key, limit) in &limited {
                invocation.key(key).arg(*limit);
            }
            let (counted, remaining_ms): (u8, i64) =
                invocation.invoke_async(&mut conn).await.map_err(|e| e.to_string())?;
            let under_attack = if known {
                let tries: Option<u32> =
                    redis::cmd("GET").arg(&account_wide).query_async(&mut conn).await.map_err(|e| e.to_string())?;
                tries.unwrap_or(0) >= wide
            } else {
                false
            };
            Ok::<_, String>((counted == 1, remaining_ms, under_attack, limited))
        })
        .await;
        match result {
            Ok(Ok((true, _, under_attack, limited))) => {
                if under_attack {
                    tracing::info!(name: "gateway.login.slowed", "known device while its account is under attack");
                    tokio::time::sleep(UNDER_ATTACK_DELAY).await;
                }
                Ok(CountedAttempt { keys: limited.into_iter().map(|(k, _)| k).collect() })
            }
            Ok(Ok((false, remaining_ms, _, _))) => {
                metrics::rate_limited(match credential {
                    Credential::CurrentPassword(_) => "password_check",
                    _ => "login",
                });
                let remaining = u64::try_from(remaining_ms.max(0)).unwrap_or(0);
                Err(ApiError::Cooldown {
                    code: credential.refusal_code(),
                    retry_after: Duration::from_secs(remaining.div_ceil(1000).max(1)),
                })
            }
            Ok(Err(error)) => {
                tracing::warn!(name: "gateway.rate_limit.fail_open", bucket = "credential", %error, "credential limiter unavailable; letting the attempt through");
                Ok(CountedAttempt { keys: Vec::new() })
            }
            Err(_) => {
                tracing::warn!(name: "gateway.rate_limit.fail_open", bucket = "credential", "credential limiter timed out; letting the attempt through");
                Ok(CountedAttempt { keys: Vec::new() })
            }
        }
    }

    /// The attempt's password was right: it no longer counts against the budgets.
    pub async fn credential_ok(&self, attempt: CountedAttempt) {
        if attempt.keys.is_empty() {
            return;
        }
        let outcome = tokio::time::timeout(REDIS_BUDGET, async {
            let mut conn = self.pool.get().await.map_err(|e| e.to_string())?;
            let mut invocation = self.succeeded_script.prepare_invoke();
            for key in &attempt.keys {
                invocation.key(key);
            }
            invocation.invoke_async::<i64>(&mut conn).await.map_err(|e| e.to_string())
        })
        .await;
        if !matches!(outcome, Ok(Ok(_))) {
            tracing::warn!(name: "gateway.rate_limit.clear_failed", "could not give back a successful attempt");
        }
    }

    /// Remembers that the browser with `device` signed in to the account of `email` (member
    /// sign-in), so a stranger's guesses never lock it out.
    pub async fn remember_device(&self, email: &str, device: &DeviceId) {
        let key = self.known_device_key(&Credential::Member(email).account(), device);
        let outcome = tokio::time::timeout(REDIS_BUDGET, async {
            let mut conn = self.pool.get().await.map_err(|e| e.to_string())?;
            redis::cmd("SET")
                .arg(&key)
                .arg(1)
                .arg("EX")
                .arg(KNOWN_DEVICE_TTL.as_secs())
                .query_async::<()>(&mut conn)
                .await
                .map_err(|e| e.to_string())
        })
        .await;
        if !matches!(outcome, Ok(Ok(()))) {
            tracing::warn!(name: "gateway.login.device_not_remembered", "could not remember the device");
        }
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
        match self.set_once(what, subject, ttl, true).await {
            Some(Some(remaining_ms)) => {
                metrics::rate_limited(what_label(what));
                let remaining =
                    u64::try_from(remaining_ms).map_or(ttl, |ms| Duration::from_millis(ms.div_ceil(1000) * 1000));
                Err(ApiError::Cooldown { code, retry_after: remaining })
            }
            _ => Ok(()),
        }
    }

    /// Claims "`what` was just done for `subject`" for `ttl`: `true` when this request made the
    /// claim — or when limits are off or Redis does not answer (fail open) — and `false` while an
    /// earlier claim holds.
    pub async fn claim(&self, what: &str, subject: &str, ttl: Duration) -> bool {
        !self.config.enabled || !matches!(self.set_once(what, subject, ttl, false).await, Some(Some(_)))
    }

    /// Holds the marker of `what` for `subject` for `window` from now: the window the owner of the
    /// rule reported once it acted (identity's resend cooldown, its reset-mail window), replacing
    /// the [`CLAIM_WHILE_ASKING`] hold. A zero window gives the claim back.
    pub async fn hold_for(&self, what: &str, subject: &str, window: Duration) {
        if !self.config.enabled {
            return;
        }
        if window.is_zero() {
            return self.release(what, subject).await;
        }
        let key = self.once_key(what, subject);
        let outcome = tokio::time::timeout(REDIS_BUDGET, async {
            let mut conn = self.pool.get().await.map_err(|e| e.to_string())?;
            redis::cmd("SET")
                .arg(&key)
                .arg(1)
                .arg("EX")
                .arg(window.as_secs().max(1))
                .query_async::<()>(&mut conn)
                .await
                .map_err(|e| e.to_string())
        })
        .await;
        if !matches!(outcome, Ok(Ok(()))) {
            tracing::warn!(name: "gateway.mail_window.not_held", what, "could not hold the mail window");
        }
    }

    /// Gives up a [`Self::claim`] (the action failed, so it may be tried again at once).
    pub async fn release(&self, what: &str, subject: &str) {
        if !self.config.enabled {
            return;
        }
        let key = self.once_key(what, subject);
        let _ = tokio::time::timeout(REDIS_BUDGET, async {
            let mut conn = self.pool.get().await.map_err(|e| e.to_string())?;
            redis::cmd("DEL").arg(&key).query_async::<i64>(&mut conn).await.map_err(|e| e.to_string())
        })
        .await;
    }

    fn once_key(&self, what: &str, subject: &str) -> String {
        format!("{}once:{what}:{}", self.prefix, account_key(subject))
    }

    /// SET NX the marker of `what` for `subject` for `ttl`. `Some(None)`: this call set it;
    /// `Some(Some(ms))`: it was already set (`ms` left, asked only when `want_remaining`, else 0);
    /// `None`: Redis did not answer in time.
    async fn set_once(&self, what: &str, subject: &str, ttl: Duration, want_remaining: bool) -> Option<Option<i64>> {
        let key = self.once_key(what, subject);
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
            if !want_remaining {
                return Ok(Some(0));
            }
            // Already done within the period: how long until it may be done again.
            let remaining_ms: i64 =
                redis::cmd("PTTL").arg(&key).query_async(&mut conn).await.map_err(|e| e.to_string())?;
            Ok(Some(remaining_ms))
        })
        .await;
        match result {
            Ok(Ok(outcome)) => Some(outcome),
            _ => None,
        }
    }

    /// Gives a current-password check back to its budget unless the password was wrong
    /// (`WRONG_PASSWORD`); anything else was not a failed guess.
    pub async fn settle_password_check(&self, attempt: CountedAttempt, error: Option<&tonic::Status>) {
        let wrong_password = error.is_some_and(|s| {
            s.code() == tonic::Code::PermissionDenied
                && s.metadata().get(crate::error::CODE_METADATA).is_some_and(|v| v.as_bytes() == b"WRONG_PASSWORD")
        });
        if !wrong_password {
            self.credential_ok(attempt).await;
        }
    }
}

/// Admits one chat message id of a user in the window, atomically: an id already admitted in the
/// window passes without counting; a new one is added unless the window already holds the limit.
/// `KEYS[1]` the window's set of ids; `ARGV[1]` window in ms, `ARGV[2]` the id, `ARGV[3]` the limit.
/// Returns `{1, 0}` when admitted, `{0, remaining_ms}` when refused (nothing added).
const CHAT_SCRIPT: &str = r"
if redis.call('SISMEMBER', KEYS[1], ARGV[2]) == 1 then
  return {1, 0}
end
local n = redis.call('SCARD', KEYS[1])
if n >= tonumber(ARGV[3]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then ttl = tonumber(ARGV[1]) end
  return {0, ttl}
end
redis.call('SADD', KEYS[1], ARGV[2])
if n == 0 or redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return {1, 0}
";

/// The code of a refused chat message.
pub const CHAT_RATE_LIMITED: &str = "CHAT_RATE_LIMITED";

impl RateLimiter {
    fn chat_key(&self, user: UserId) -> String {
        format!("{}ratelimit:chat:u:{user}", self.prefix)
    }

    /// Counts chat message `message_id` of `user` (`RATE_LIMIT_CHAT_PER_MINUTE` distinct ids per
    /// window); an id already counted in the window is let through without counting again (a
    /// refused message keeps its place: sending it again is the same message). Fails open when
    /// Redis does not answer in time.
    ///
    /// # Errors
    /// 429 `CHAT_RATE_LIMITED` with `Retry-After` over the limit.
    pub async fn admit_chat_message(&self, user: UserId, message_id: &str) -> Result<(), ApiError> {
        if !self.config.enabled {
            return Ok(());
        }
        let key = self.chat_key(user);
        let window_ms = u64::try_from(self.config.window.as_millis()).unwrap_or(u64::MAX).max(1);
        let counted = tokio::time::timeout(REDIS_BUDGET, async {
            let mut conn = self.pool.get().await.map_err(|e| e.to_string())?;
            self.chat_script
                .key(&key)
                .arg(window_ms)
                .arg(message_id)
                .arg(self.config.chat_per_window)
                .invoke_async::<(u8, i64)>(&mut conn)
                .await
                .map_err(|e| e.to_string())
        })
        .await;
        match counted {
            Ok(Ok((1, _))) => Ok(()),
            Ok(Ok((_, remaining_ms))) => {
                metrics::rate_limited("chat");
                let remaining = u64::try_from(remaining_ms.max(0)).unwrap_or(0);
                Err(ApiError::Cooldown {
                    code: CHAT_RATE_LIMITED,
                    retry_after: Duration::from_secs(remaining.div_ceil(1000).max(1)),
                })
            }
            Ok(Err(error)) => {
                tracing::warn!(name: "gateway.rate_limit.fail_open", bucket = "chat", %error, "rate limiter unavailable; letting the message through");
                Ok(())
            }
            Err(_) => {
                tracing::warn!(name: "gateway.rate_limit.fail_open", bucket = "chat", "rate limiter timed out; letting the message through");
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
