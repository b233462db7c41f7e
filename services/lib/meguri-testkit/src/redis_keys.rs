//! A Redis key prefix per test, cleaned up on `Drop`.

/// A fresh `test:<uuid>:` prefix. Give it to every service of the test (sessions, rate limits,
/// event streams all live under it); on `Drop` every key under it is deleted, on a thread of its
/// own with its own small runtime (like [`crate::TestDb`]: `Drop` cannot await and may run while
/// the test's runtime is shutting down).
#[derive(Debug)]
pub struct RedisKeys {
    url: String,
    prefix: String,
}

impl RedisKeys {
    /// A new prefix on [`crate::redis_url`].
    #[must_use]
    pub fn new() -> Self {
        Self::on(crate::redis_url())
    }

    /// A new prefix on the Redis at `url`.
    #[must_use]
    pub fn on(url: String) -> Self {
        Self { url, prefix: format!("test:{}:", uuid::Uuid::new_v4().simple()) }
    }

    /// `test:<uuid>:`
    #[must_use]
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// The Redis URL the keys live on.
    #[must_use]
    pub fn url(&self) -> &str {
        &self.url
    }

    /// `<prefix><rest>`
    #[must_use]
    pub fn key(&self, rest: &str) -> String {
        format!("{}{rest}", self.prefix)
    }

    /// Deletes every key under the prefix now; returns how many there were.
    ///
    /// # Errors
    /// Redis does not answer.
    pub async fn delete_all(&self) -> redis::RedisResult<usize> {
        delete_under(&self.url, &self.prefix).await
    }
}

/// Deletes every key that starts with `prefix` on the Redis at `url`.
async fn delete_under(url: &str, prefix: &str) -> redis::RedisResult<usize> {
    let client = redis::Client::open(url)?;
    let mut conn = client.get_multiplexed_async_connection().await?;
    let pattern = format!("{prefix}*");
    let mut cursor = 0_u64;
    let mut deleted = 0;
    loop {
        let (next, keys): (u64, Vec<String>) = redis::cmd("SCAN")
            .arg(cursor)
            .arg("MATCH")
            .arg(&pattern)
            .arg("COUNT")
            .arg(500)
            .query_async(&mut conn)
            .await?;
        if !keys.is_empty() {
            deleted += keys.len();
            let () = redis::cmd("UNLINK").arg(&keys).query_async(&mut conn).await?;
        }
        if next == 0 {
            return Ok(deleted);
        }
        cursor = next;
    }
}

impl Default for RedisKeys {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for RedisKeys {
    fn drop(&mut self) {
        let (url, prefix) = (self.url.clone(), self.prefix.clone());
        let thread = std::thread::Builder::new().name("meguri-testkit-redis-drop".to_owned()).spawn(move || {
            match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                Ok(runtime) => runtime.block_on(delete_under(&url, &prefix)).map(drop).map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            }
        });
        let outcome = match thread.map(std::thread::JoinHandle::join) {
            Ok(Ok(outcome)) => outcome,
            Ok(Err(_)) => Err("the cleanup thread panicked".to_owned()),
            Err(e) => Err(e.to_string()),
        };
        if let Err(error) = outcome {
            eprintln!("meguri-testkit: could not delete the Redis keys under {}: {error}", self.prefix);
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[tokio::test]
    async fn every_key_under_the_prefix_is_deleted_on_drop_and_no_other() {
        let keys = RedisKeys::new();
        let other = RedisKeys::new();
        let client = redis::Client::open(keys.url()).unwrap();
        let mut conn = client.get_multiplexed_async_connection().await.unwrap();
        for i in 0..3 {
            let () = redis::cmd("SET").arg(keys.key(&format!("k{i}"))).arg(1).query_async(&mut conn).await.unwrap();
        }
        let () = redis::cmd("SET").arg(other.key("kept")).arg(1).query_async(&mut conn).await.unwrap();
        let prefix = keys.prefix().to_owned();

        drop(keys);

        let left: Vec<String> = redis::cmd("KEYS").arg(format!("{prefix}*")).query_async(&mut conn).await.unwrap();
        assert!(left.is_empty(), "{left:?}");
        let kept: i64 = redis::cmd("EXISTS").arg(other.key("kept")).query_async(&mut conn).await.unwrap();
        assert_eq!(kept, 1);
    }

    #[test]
    fn two_prefixes_never_collide() {
        let (a, b) = (RedisKeys::new(), RedisKeys::new());
        assert_ne!(a.prefix(), b.prefix());
        assert!(a.prefix().starts_with("test:") && a.prefix().ends_with(':'));
        assert_eq!(a.key("stream:mail"), format!("{}stream:mail", a.prefix()));
    }
}
