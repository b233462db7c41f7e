//! The password-guessing budgets: every password check (sign-in, admin sign-in, the current
//! password of settings) is counted BEFORE it runs, per account, address and browser.

use std::time::Duration;

use actix_web::HttpRequest;
use meguri_ids::UserId;

use super::{REDIS_BUDGET, RateLimiter, account_key, client_ip};
use crate::device::DeviceId;
use crate::error::ApiError;
use crate::metrics;

/// Counts an attempt against every key unless one of them is spent, atomically: a batch of
/// parallel guesses cannot all read "under the limit" before any of them is counted.
/// `KEYS` counters; `ARGV[1]` window in ms, `ARGV[1 + i]` the limit of `KEYS[i]`.
/// Returns `{1, 0}` when counted, `{0, remaining_ms}` when refused (nothing counted).
pub(super) const ATTEMPT_SCRIPT: &str = r"
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
pub(super) const SUCCEEDED_SCRIPT: &str = r"
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
                meguri_telemetry::redis_error("rate_limit");
                tracing::warn!(name: "gateway.rate_limit.fail_open", bucket = "credential", %error, "credential limiter unavailable; letting the attempt through");
                Ok(CountedAttempt { keys: Vec::new() })
            }
            Err(_) => {
                meguri_telemetry::redis_error("rate_limit");
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
            meguri_telemetry::redis_error("rate_limit");
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
            meguri_telemetry::redis_error("rate_limit");
            tracing::warn!(name: "gateway.login.device_not_remembered", "could not remember the device");
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
