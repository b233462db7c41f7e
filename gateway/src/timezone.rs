//! Keeps identity's stored time-zone offset up to date from what browsers send.
//!
//! The readings routes take the browser's `timezoneOffset`. The gateway only checks its form and
//! passes it on (fortune-gen applies the rule "sent, else stored, else Japan", `meguri-tz`); here it
//! also makes sure identity stores the latest offset a signed-in person's browser reported, so a
//! request without one (an API client, the daily mail) still lands on that person's day.
//!
//! Asking identity on every request would add a round trip to every reading. The offset last
//! stored for each user is remembered in Redis (`<prefix>tz:<user id>`); identity is called only
//! when a request brings a different one (a new device or a journey), and the call runs alongside
//! the reading itself. The key is per user, not per session, so it mirrors identity's one stored
//! value: two devices in different zones both keep it current, the last one to report wins.
//! Nothing here can fail a request: a Redis or identity failure is logged and the update is tried
//! again by the next request that brings the offset.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use deadpool_redis::Pool;
use meguri_ids::UserId;
use meguri_proto::identity as pb;

use crate::clients::{CallContext, Identity};
use crate::error::ApiError;

/// A `timezoneOffset` a client sent (minutes, as `Date#getTimezoneOffset`; Japan −540), its form
/// checked at the edge; `None` when none was sent (the service then applies the rule "stored, else
/// Japan"). The one reading of it, for the readings and the diary alike.
///
/// # Errors
/// 400 `INVALID_TIMEZONE_OFFSET` outside −840..=720.
pub fn checked_offset(sent: Option<i32>) -> Result<Option<i32>, ApiError> {
    sent.map(|minutes| meguri_tz::TimezoneOffset::parse(minutes).map(meguri_tz::TimezoneOffset::minutes))
        .transpose()
        .map_err(|_| ApiError::Invalid(meguri_tz::OutOfRange::CODE))
}

/// How long the remembered offset is trusted; after that identity is told again (a no-op write).
const REMEMBER_FOR: Duration = Duration::from_secs(30 * 24 * 3600);
/// A Redis step must not hold a reading up.
const REDIS_BUDGET: Duration = Duration::from_millis(300);

/// See the module docs.
#[derive(Clone)]
pub struct StoredOffsets {
    pool: Pool,
    prefix: Arc<str>,
}

impl fmt::Debug for StoredOffsets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StoredOffsets").field("prefix", &self.prefix).finish_non_exhaustive()
    }
}

impl StoredOffsets {
    #[must_use]
    pub fn new(pool: Pool, key_prefix: &str) -> Self {
        Self { pool, prefix: Arc::from(key_prefix) }
    }

    fn key(&self, user: UserId) -> String {
        format!("{}tz:{user}", self.prefix)
    }

    /// The offset last stored for `user`, as remembered here.
    async fn remembered(&self, user: UserId) -> Result<Option<i32>, String> {
        let get = async {
            let mut conn = self.pool.get().await.map_err(|e| e.to_string())?;
            redis::cmd("GET").arg(self.key(user)).query_async::<Option<i32>>(&mut conn).await.map_err(|e| e.to_string())
        };
        tokio::time::timeout(REDIS_BUDGET, get).await.map_err(|_| "timed out".to_owned())?
    }

    async fn remember(&self, user: UserId, minutes: i32) -> Result<(), String> {
        let set = async {
            let mut conn = self.pool.get().await.map_err(|e| e.to_string())?;
            redis::cmd("SET")
                .arg(self.key(user))
                .arg(minutes)
                .arg("EX")
                .arg(REMEMBER_FOR.as_secs())
                .query_async::<()>(&mut conn)
                .await
                .map_err(|e| e.to_string())
        };
        tokio::time::timeout(REDIS_BUDGET, set).await.map_err(|_| "timed out".to_owned())?
    }

    /// Stores `sent` (an offset already checked at the edge) as `user`'s offset in identity when it
    /// differs from the one last stored. Does nothing without an offset; never fails.
    pub async fn keep_up_to_date(&self, identity: &Identity, ctx: &CallContext, user: UserId, sent: Option<i32>) {
        let Some(minutes) = sent else { return };
        match self.remembered(user).await {
            Ok(Some(stored)) if stored == minutes => return,
            Ok(_) => {}
            Err(error) => {
                // Without the memory every reading would call identity; wait for Redis instead.
                meguri_telemetry::redis_error("timezone");
                tracing::warn!(name: "gateway.timezone.redis_failed", %error, "could not read the remembered offset");
                return;
            }
        }
        let request = pb::SetTimezoneOffsetRequest { timezone_offset: minutes };
        match identity.set_timezone_offset(ctx, request).await {
            Ok(_) => {
                tracing::info!(name: "gateway.timezone.stored", user_id = %user, minutes, "time-zone offset stored");
                if let Err(error) = self.remember(user, minutes).await {
                    meguri_telemetry::redis_error("timezone");
                    tracing::warn!(name: "gateway.timezone.redis_failed", %error, "could not remember the offset");
                }
            }
            Err(status) => {
                tracing::warn!(name: "gateway.timezone.store_failed", code = ?status.code(), "identity did not store the offset");
            }
        }
    }
}
