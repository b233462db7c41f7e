use std::fmt;
use std::sync::Arc;

use argon2::{Algorithm, Argon2, Params, PasswordHasher as _, PasswordVerifier as _, Version};
use secrecy::{ExposeSecret as _, SecretString};

use super::Invalid;

/// A new password as a person chose it: 8 to 128 characters. Never printed.
pub struct Password(SecretString);

impl Password {
    pub const MIN_CHARS: usize = 8;
    /// An upper bound so a megabyte "password" cannot be used to burn CPU in the hash.
    pub const MAX_CHARS: usize = 128;

    /// # Errors
    /// [`Invalid::PasswordTooShort`] / [`Invalid::PasswordTooLong`].
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let chars = raw.chars().count();
        if chars < Self::MIN_CHARS {
            Err(Invalid::PasswordTooShort)
        } else if chars > Self::MAX_CHARS {
            Err(Invalid::PasswordTooLong)
        } else {
            Ok(Self(SecretString::from(raw)))
        }
    }

    #[must_use]
    pub fn expose(&self) -> &str {
        self.0.expose_secret()
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(…)")
    }
}

/// argon2id with tuned parameters (see docs/services/identity.md): hashes new passwords and
/// checks given ones. Verification reads the parameters stored in each PHC string, so stored
/// hashes stay valid when the parameters are raised.
#[derive(Clone)]
pub struct PasswordHasher {
    argon: Arc<Argon2<'static>>,
    /// A hash of a random password, checked when an e-mail is unknown so a login for a missing
    /// account costs what one for a real account costs.
    dummy: Arc<str>,
    /// Hashes running at once, at most one per core: each holds argon2's `memory_kib` while it
    /// runs, so a burst of sign-ins queues here instead of multiplying the memory (a soak saw 8 at
    /// once take identity from 60 to 118 MiB) or the CPU time of every other request.
    permits: Arc<tokio::sync::Semaphore>,
}

impl PasswordHasher {
    /// `memory_kib`, `iterations`, `parallelism`: argon2id's m, t and p.
    ///
    /// # Errors
    /// Parameters argon2 refuses (e.g. memory below 8 × parallelism KiB).
    pub fn new(memory_kib: u32, iterations: u32, parallelism: u32) -> anyhow::Result<Self> {
        let params = Params::new(memory_kib, iterations, parallelism, None)
            .map_err(|e| anyhow::anyhow!("argon2 parameters: {e}"))?;
        let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
        let mut random = [0_u8; 24];
        getrandom::fill(&mut random).map_err(|e| anyhow::anyhow!("random: {e}"))?;
        let dummy = argon.hash_password(&random).map_err(|e| anyhow::anyhow!("argon2 dummy hash: {e}"))?.to_string();
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        Ok(Self { argon: Arc::new(argon), dummy: dummy.into(), permits: Arc::new(tokio::sync::Semaphore::new(cores)) })
    }

    /// [`Self::hash`] on a blocking thread, once one of the per-core permits is free.
    ///
    /// # Errors
    /// As [`Self::hash`], or the blocking task failed.
    pub async fn hash_bounded(&self, password: Password) -> anyhow::Result<String> {
        let _permit = self.permits.acquire().await?;
        let hasher = self.clone();
        tokio::task::spawn_blocking(move || hasher.hash(&password)).await?
    }

    /// [`Self::verify`] on a blocking thread, once one of the per-core permits is free.
    ///
    /// # Errors
    /// The blocking task failed.
    pub async fn verify_bounded(&self, password: String, stored: Option<String>) -> anyhow::Result<bool> {
        let _permit = self.permits.acquire().await?;
        let hasher = self.clone();
        Ok(tokio::task::spawn_blocking(move || hasher.verify(&password, stored.as_deref())).await?)
    }

    /// Permits free now (all of them when no hash runs).
    #[must_use]
    pub fn free_permits(&self) -> usize {
        self.permits.available_permits()
    }

    /// The PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`) of `password`, with a fresh salt.
    /// CPU-heavy: call it on a blocking thread.
    ///
    /// # Errors
    /// The random source or argon2 failed.
    pub fn hash(&self, password: &Password) -> anyhow::Result<String> {
        self.argon
            .hash_password(password.expose().as_bytes())
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("argon2 hash: {e}"))
    }

    /// Whether `password` matches `stored` (`None`: no such account — the dummy is checked, and the
    /// answer is `false`). argon2 compares the outputs in constant time. CPU-heavy.
    #[must_use]
    pub fn verify(&self, password: &str, stored: Option<&str>) -> bool {
        let Some(stored) = stored else {
            let _ = self.argon.verify_password(password.as_bytes(), &*self.dummy);
            return false;
        };
        self.argon.verify_password(password.as_bytes(), stored).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn light() -> PasswordHasher {
        PasswordHasher::new(64, 1, 1).expect("params")
    }

    #[test]
    fn length_is_checked_in_characters() {
        assert_eq!(Password::parse("1234567").map(|_| ()), Err(Invalid::PasswordTooShort));
        assert!(Password::parse("12345678").is_ok());
        assert!(Password::parse("あいうえおかきく").is_ok());
        assert_eq!(Password::parse(&"x".repeat(129)).map(|_| ()), Err(Invalid::PasswordTooLong));
    }

    #[test]
    fn a_hash_verifies_its_password_only() {
        let hasher = light();
        let hash = hasher.hash(&Password::parse("correct horse").expect("valid")).expect("hash");
        assert!(hash.starts_with("$argon2id$v=19$m=64,t=1,p=1$"));
        assert!(hasher.verify("correct horse", Some(&hash)));
        assert!(!hasher.verify("correct horsE", Some(&hash)));
        assert!(!hasher.verify("correct horse", None));
        assert!(!hasher.verify("correct horse", Some("not a phc string")));
    }

    #[test]
    fn two_hashes_of_one_password_differ_by_salt() {
        let hasher = light();
        let password = Password::parse("correct horse").expect("valid");
        assert_ne!(hasher.hash(&password).expect("hash"), hasher.hash(&password).expect("hash"));
    }

    #[test]
    fn debug_never_shows_the_password() {
        assert_eq!(format!("{:?}", Password::parse("correct horse").expect("valid")), "Password(…)");
    }

    #[tokio::test]
    async fn concurrent_hashes_queue_for_the_per_core_permits_and_each_verifies() {
        let hasher = light();
        let all = hasher.free_permits();
        assert!(all >= 1);
        let tasks: Vec<_> = (0..(all * 3 + 1))
            .map(|i| {
                let hasher = hasher.clone();
                tokio::spawn(async move {
                    let password = format!("password number {i}");
                    let hash = hasher.hash_bounded(Password::parse(&password).expect("valid")).await.expect("hash");
                    (password, hash)
                })
            })
            .collect();
        for task in tasks {
            let (password, hash) = task.await.expect("task");
            assert!(hasher.verify_bounded(password, Some(hash)).await.expect("verify"));
        }
        assert_eq!(hasher.free_permits(), all, "every permit is given back");
    }

    #[tokio::test]
    async fn a_hash_waits_while_every_permit_is_taken_and_runs_once_one_is_free() {
        let hasher = light();
        let held = hasher.permits.acquire_many(u32::try_from(hasher.free_permits()).expect("few")).await.expect("held");
        let waiting = tokio::spawn({
            let hasher = hasher.clone();
            async move { hasher.hash_bounded(Password::parse("waiting its turn").expect("valid")).await }
        });
        // With every permit held it cannot start, however long it is given (the bound holds).
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        assert!(!waiting.is_finished(), "a hash ran without a permit");
        drop(held);
        let hash = waiting.await.expect("task").expect("hash");
        assert!(hasher.verify("waiting its turn", Some(&hash)));
    }
}
