//! The reply link mailed with a staff reply (`/support/reply/{token}`): a token of 32 random bytes
//! (base64url, 43 characters) that support keeps only as its SHA-256, so a copy of the database
//! opens no thread. A 256-bit random token needs no key on its hash: it cannot be guessed from it.

use std::fmt;

use base64::Engine as _;
use chrono::{DateTime, Duration, Utc};
use sha2::{Digest as _, Sha256};

/// The token's length in characters.
pub const TOKEN_CHARS: usize = 43;

/// A fresh reply-link token; shown once (in the mail), then only its [`TokenHash`] exists.
#[derive(Clone, PartialEq, Eq)]
pub struct ReplyToken(String);

impl ReplyToken {
    /// # Errors
    /// The OS random source failed.
    pub fn generate() -> anyhow::Result<Self> {
        let mut bytes = [0_u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| anyhow::anyhow!("random: {e}"))?;
        Ok(Self(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)))
    }

    /// The token for the mail.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// What is stored.
    #[must_use]
    pub fn hash(&self) -> TokenHash {
        TokenHash::of(&self.0)
    }
}

impl fmt::Debug for ReplyToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ReplyToken(…)")
    }
}

/// The SHA-256 of a token, lower-case hex: the column `reply_token`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenHash(String);

impl TokenHash {
    fn of(token: &str) -> Self {
        let digest = Sha256::digest(token.as_bytes());
        Self(digest.iter().map(|b| format!("{b:02x}")).collect())
    }

    /// The hash to look up for a token as it came back from a link; `None` for anything not shaped
    /// like one (no lookup is made, and the caller answers as for an unknown token).
    #[must_use]
    pub fn of_link(raw: &str) -> Option<Self> {
        let raw = raw.trim();
        (raw.len() == TOKEN_CHARS && raw.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
            .then(|| Self::of(raw))
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// When a link made at `now` stops working.
#[must_use]
pub fn expires_at(now: DateTime<Utc>, days: u32) -> DateTime<Utc> {
    now + Duration::days(i64::from(days))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_43_url_safe_characters_and_only_its_hash_is_kept() {
        let token = ReplyToken::generate().expect("random");
        assert_eq!(token.expose().len(), TOKEN_CHARS);
        let hash = token.hash();
        assert_eq!(hash.as_str().len(), 64);
        assert!(!hash.as_str().contains(token.expose()));
        assert_eq!(TokenHash::of_link(token.expose()), Some(hash.clone()));
        assert_eq!(TokenHash::of_link(&format!(" {} ", token.expose())), Some(hash));
        assert_ne!(ReplyToken::generate().expect("random"), token);
        assert_eq!(format!("{token:?}"), "ReplyToken(…)");
    }

    #[test]
    fn anything_not_shaped_like_a_token_is_never_looked_up() {
        let good = ReplyToken::generate().expect("random");
        let short = &good.expose()[1..];
        let long = format!("{}a", good.expose());
        let slash = format!("{}/", &good.expose()[1..]);
        for raw in ["", short, &long, &slash, &"é".repeat(43)] {
            assert_eq!(TokenHash::of_link(raw), None, "{raw}");
        }
        // One character changed: shaped like a token, but another hash (no such link).
        let mut forged = good.expose().to_owned();
        let last = if forged.ends_with('A') { "B" } else { "A" };
        forged.replace_range(42.., last);
        assert_ne!(TokenHash::of_link(&forged), Some(good.hash()));
    }

    #[test]
    fn a_link_lives_the_configured_days() {
        let now = DateTime::parse_from_rfc3339("2026-11-29T10:00:00Z").expect("time").to_utc();
        assert_eq!(expires_at(now, 30).to_rfc3339(), "2026-12-29T10:00:00+00:00");
    }
}
