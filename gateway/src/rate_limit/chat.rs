//! The chat's per-member limit, counted by message id (the same id again is not counted).

use std::time::Duration;

use meguri_ids::UserId;

use super::{REDIS_BUDGET, RateLimiter};
use crate::error::ApiError;
use crate::metrics;

/// Admits one chat message id of a user in the window, atomically: an id already admitted in the
/// window passes without counting; a new one is added unless the window already holds the limit.
/// `KEYS[1]` the window's set of ids; `ARGV[1]` window in ms, `ARGV[2]` the id, `ARGV[3]` the limit.
/// Returns `{1, 0}` when admitted, `{0, remaining_ms}` when refused (nothing added).
pub(super) const CHAT_SCRIPT: &str = r"
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
                meguri_telemetry::redis_error("rate_limit");
                tracing::warn!(name: "gateway.rate_limit.fail_open", bucket = "chat", %error, "rate limiter unavailable; letting the message through");
                Ok(())
            }
            Err(_) => {
                meguri_telemetry::redis_error("rate_limit");
                tracing::warn!(name: "gateway.rate_limit.fail_open", bucket = "chat", "rate limiter timed out; letting the message through");
                Ok(())
            }
        }
    }
}
