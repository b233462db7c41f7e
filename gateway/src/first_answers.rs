//! Tells the first answer about a thing from its repeats, when a service answers both alike.
//!
//! `POST /api/diary` answers 201 for a new entry and 200 for the same `clientId` again, but social
//! answers a replayed CreateDiaryEntry with the first entry and nothing to tell them apart (its
//! proto has no such flag). The gateway remembers, in Redis, the ids it has answered for
//! (`<prefix>first:<kind>:<id>`, `SET NX` with a day's expiry): the first request to see an id
//! gets 201, every later one 200 — also two double-click requests racing through two gateways,
//! since `SET NX` lets exactly one of them win. Only the status depends on it: when Redis fails,
//! the answer is 201 (logged), the body is the same.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use deadpool_redis::Pool;

/// How long an id is remembered (a replay comes seconds later; a day is ample).
const REMEMBER_FOR: Duration = Duration::from_secs(24 * 3600);
/// A Redis step must not hold the answer up.
const REDIS_BUDGET: Duration = Duration::from_millis(300);

/// See the module docs.
#[derive(Clone)]
pub struct FirstAnswers {
    pool: Pool,
    prefix: Arc<str>,
}

impl fmt::Debug for FirstAnswers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FirstAnswers").field("prefix", &self.prefix).finish_non_exhaustive()
    }
}

impl FirstAnswers {
    #[must_use]
    pub fn new(pool: Pool, key_prefix: &str) -> Self {
        Self { pool, prefix: Arc::from(key_prefix) }
    }

    /// Whether this is the first answer about `id` (of `kind`, e.g. `diary-entry`); true when
    /// Redis cannot say.
    pub async fn is_first(&self, kind: &str, id: &str) -> bool {
        let key = format!("{}first:{kind}:{id}", self.prefix);
        let set = async {
            let mut conn = self.pool.get().await.map_err(|e| e.to_string())?;
            redis::cmd("SET")
                .arg(&key)
                .arg(1)
                .arg("NX")
                .arg("EX")
                .arg(REMEMBER_FOR.as_secs())
                .query_async::<Option<String>>(&mut conn)
                .await
                .map_err(|e| e.to_string())
        };
        match tokio::time::timeout(REDIS_BUDGET, set).await.unwrap_or_else(|_| Err("timed out".to_owned())) {
            Ok(set) => set.is_some(),
            Err(error) => {
                tracing::warn!(name: "gateway.first_answer.redis_failed", %error, kind, "could not tell a first answer from a repeat");
                true
            }
        }
    }
}
