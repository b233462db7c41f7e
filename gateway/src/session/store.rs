//! The sessions in Redis: one key per session, one index of session ids per user.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use deadpool_redis::Pool;
use meguri_ids::UserId;

use super::{SessionError, SessionId, SessionState};

/// Extra life of a user's session index beyond the absolute lifetime (clock skew between gateways).
const INDEX_MARGIN_SECONDS: u64 = 3600;
/// Pauses between the tries of ending sessions after a committed change.
const END_RETRY_PAUSES: [Duration; 3] = [Duration::from_millis(50), Duration::from_millis(200), Duration::ZERO];

/// Whether a committed change also ended the user's other sessions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionsEnded {
    /// This many sessions were ended (zero when there were none).
    Ended(usize),
    /// Redis failed every try; the sessions still expire on their own.
    Failed,
}

fn redis_error(e: impl fmt::Display) -> SessionError {
    meguri_telemetry::redis_error("session");
    SessionError::Redis(e.to_string())
}

/// Session states in Redis.
#[derive(Clone)]
pub struct SessionStore {
    pool: Pool,
    prefix: Arc<str>,
    ttl: Duration,
    absolute: Duration,
}

impl fmt::Debug for SessionStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SessionStore")
            .field("prefix", &self.prefix)
            .field("ttl", &self.ttl)
            .field("absolute", &self.absolute)
            .finish_non_exhaustive()
    }
}

impl SessionStore {
    /// Sessions that slide by `ttl` on each use and end `absolute` after sign-in at the latest.
    #[must_use]
    pub fn new(pool: Pool, key_prefix: &str, ttl: Duration, absolute: Duration) -> Self {
        Self { pool, prefix: Arc::from(key_prefix), ttl, absolute: absolute.max(ttl) }
    }

    #[must_use]
    pub const fn ttl(&self) -> Duration {
        self.ttl
    }

    /// The Redis key of a session.
    #[must_use]
    pub fn key(&self, id: &SessionId) -> String {
        format!("{}session:{}", self.prefix, id.as_str())
    }

    async fn connection(&self) -> Result<deadpool_redis::Connection, SessionError> {
        self.pool.get().await.map_err(redis_error)
    }

    /// The state of a session, renewing its TTL; `None` when it expired or never existed.
    ///
    /// # Errors
    /// Redis is unreachable.
    pub async fn load(&self, id: &SessionId) -> Result<Option<SessionState>, SessionError> {
        let mut conn = self.connection().await?;
        let raw: Option<String> = redis::cmd("GETEX")
            .arg(self.key(id))
            .arg("EX")
            .arg(self.ttl.as_secs().max(1))
            .query_async(&mut conn)
            .await
            .map_err(redis_error)?;
        // A state we cannot read (an older format) counts as no session.
        let Some(state) = raw.and_then(|json| serde_json::from_str::<SessionState>(&json).ok()) else {
            return Ok(None);
        };
        if self.outlived(&state, chrono::Utc::now().timestamp()) {
            let _: i64 = redis::cmd("DEL").arg(self.key(id)).query_async(&mut conn).await.map_err(redis_error)?;
            tracing::info!(name: "gateway.session.absolute_expiry", user_id = %state.user_id, "session reached its absolute lifetime");
            return Ok(None);
        }
        Ok(Some(state))
    }

    /// Whether `state` is older than the absolute lifetime at `now` (seconds since the epoch).
    fn outlived(&self, state: &SessionState, now: i64) -> bool {
        let absolute = i64::try_from(self.absolute.as_secs()).unwrap_or(i64::MAX);
        now.saturating_sub(state.created_at) >= absolute
    }

    /// Stores a state under a new id (never overwriting an existing key).
    ///
    /// # Errors
    /// Redis is unreachable, or the random source failed.
    pub async fn create(&self, state: &SessionState) -> Result<SessionId, SessionError> {
        let json = serde_json::to_string(state).map_err(|e| SessionError::Redis(format!("encode the session: {e}")))?;
        let mut conn = self.connection().await?;
        loop {
            let id = SessionId::generate()?;
            let created: Option<String> = redis::cmd("SET")
                .arg(self.key(&id))
                .arg(&json)
                .arg("NX")
                .arg("EX")
                .arg(self.ttl.as_secs().max(1))
                .query_async(&mut conn)
                .await
                .map_err(redis_error)?;
            // 2^-256 chance of a collision; loop rather than reason about it.
            if created.is_some() {
                // The user's index of sessions, so a password change can end the others. It
                // lives for the absolute lifetime from this sign-in: no session it lists can
                // outlive it, however often that session is used. Ids of sessions that ended
                // linger harmlessly until the index expires.
                let index = self.user_index(state.user_id);
                redis::pipe()
                    .cmd("SADD")
                    .arg(&index)
                    .arg(id.as_str())
                    .ignore()
                    .cmd("EXPIRE")
                    .arg(&index)
                    .arg(self.absolute.as_secs().max(1) + INDEX_MARGIN_SECONDS)
                    .ignore()
                    .query_async::<()>(&mut conn)
                    .await
                    .map_err(redis_error)?;
                return Ok(id);
            }
        }
    }

    fn user_index(&self, user_id: UserId) -> String {
        format!("{}user-sessions:{user_id}", self.prefix)
    }

    /// Ends every session of `user_id` except `keep` (after a password change or reset, or an
    /// account deletion). Returns how many were ended.
    ///
    /// # Errors
    /// Redis is unreachable.
    pub async fn end_all_for(&self, user_id: UserId, keep: Option<&SessionId>) -> Result<usize, SessionError> {
        let mut conn = self.connection().await?;
        let index = self.user_index(user_id);
        let ids: Vec<String> = redis::cmd("SMEMBERS").arg(&index).query_async(&mut conn).await.map_err(redis_error)?;
        let mut ended = 0;
        let mut pipe = redis::pipe();
        for raw in &ids {
            let Some(id) = SessionId::parse(raw) else { continue };
            if keep.is_some_and(|k| *k == id) {
                continue;
            }
            pipe.cmd("DEL").arg(self.key(&id)).ignore().cmd("SREM").arg(&index).arg(raw).ignore();
            ended += 1;
        }
        // No other session: nothing to send (an empty pipeline is not a command Redis accepts).
        if ended > 0 {
            pipe.query_async::<()>(&mut conn).await.map_err(redis_error)?;
        }
        tracing::info!(name: "gateway.session.ended_others", user_id = %user_id, ended, "sessions ended");
        Ok(ended)
    }

    /// [`Self::end_all_for`] after a change that is already committed (a new password, a
    /// deleted account): a Redis fault is retried a few times and logged; the caller reports
    /// the change as made either way and says whether the other sessions ended.
    pub async fn end_all_after_change(&self, user_id: UserId, keep: Option<&SessionId>) -> SessionsEnded {
        let mut last = None;
        for (attempt, pause) in END_RETRY_PAUSES.iter().enumerate() {
            match self.end_all_for(user_id, keep).await {
                Ok(count) => return SessionsEnded::Ended(count),
                Err(error) => {
                    tracing::warn!(name: "gateway.session.end_retry", user_id = %user_id, attempt, %error, "ending sessions failed; retrying");
                    last = Some(error);
                    tokio::time::sleep(*pause).await;
                }
            }
        }
        tracing::error!(
            name: "gateway.session.end_failed",
            user_id = %user_id,
            error = last.map(|e| e.to_string()).unwrap_or_default(),
            "a committed change could not end the user's other sessions"
        );
        SessionsEnded::Failed
    }

    /// Deletes a session (a missing one is not an error).
    ///
    /// # Errors
    /// Redis is unreachable.
    pub async fn delete(&self, id: &SessionId) -> Result<(), SessionError> {
        let mut conn = self.connection().await?;
        let _: i64 = redis::cmd("DEL").arg(self.key(id)).query_async(&mut conn).await.map_err(redis_error)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use meguri_auth::Role;

    use super::*;

    #[test]
    fn a_session_ends_at_its_absolute_lifetime_however_busy() {
        let pool = deadpool_redis::Config::from_url("redis://127.0.0.1:1")
            .create_pool(Some(deadpool_redis::Runtime::Tokio1))
            .expect("pool");
        let store = SessionStore::new(pool, "t:", Duration::from_secs(30), Duration::from_secs(90));
        let state = SessionState { user_id: UserId::new(), role: Role::User, created_at: 1_000 };

        assert!(!store.outlived(&state, 1_089));
        assert!(store.outlived(&state, 1_090));
    }
}
