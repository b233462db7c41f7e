//! The per-address mail windows (a sign-up, a code resend, a reset mail): one marker per address,
//! claimed before identity is asked and held for the window identity's answer reports.

use std::time::Duration;

use super::{REDIS_BUDGET, RateLimiter, account_key, what_label};
use crate::error::ApiError;
use crate::metrics;

/// How long a claim made before the owner of a mail window is asked holds at most
/// ([`RateLimiter::claim`], [`RateLimiter::once_per`]): the owner's answer then sets the window it
/// reports ([`RateLimiter::hold_for`]); a call that never answers frees the address after this.
/// The window itself is never a copy here: identity's answers carry it.
pub const CLAIM_WHILE_ASKING: Duration = Duration::from_secs(10);

impl RateLimiter {
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
            meguri_telemetry::redis_error("rate_limit");
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
}
