//! The admin SPA's bearer token: a JWT (HS256 under `ADMIN_JWT_SECRET`) naming the admin and
//! their role, valid for 15 minutes. Separate from the internal service tokens (a different key,
//! issuer and audience), so neither can stand in for the other.

use std::time::Duration;

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use secrecy::{ExposeSecret as _, SecretString};
use serde::{Deserialize, Serialize};

/// How long an admin token is valid; the SPA signs in again after.
pub const ADMIN_TOKEN_TTL: Duration = Duration::from_secs(15 * 60);
const ISSUER: &str = "meguri-gateway";
const AUDIENCE: &str = "meguri-admin";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdminClaims {
    /// The admin_users id.
    pub sub: String,
    pub email: String,
    pub role: String,
    pub iss: String,
    pub aud: String,
    pub iat: i64,
    pub exp: i64,
}

#[derive(Clone)]
pub struct AdminTokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl std::fmt::Debug for AdminTokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AdminTokens(…)")
    }
}

impl AdminTokens {
    #[must_use]
    pub fn new(secret: &SecretString) -> Self {
        let bytes = secret.expose_secret().as_bytes();
        Self { encoding: EncodingKey::from_secret(bytes), decoding: DecodingKey::from_secret(bytes) }
    }

    /// A token for the admin; returns it with its expiry (seconds since the epoch).
    ///
    /// # Errors
    /// Signing failed (it does not with HS256).
    pub fn mint(&self, id: &str, email: &str, role: &str, now: i64) -> anyhow::Result<(String, i64)> {
        let exp = now + i64::try_from(ADMIN_TOKEN_TTL.as_secs())?;
        let claims = AdminClaims {
            sub: id.to_owned(),
            email: email.to_owned(),
            role: role.to_owned(),
            iss: ISSUER.to_owned(),
            aud: AUDIENCE.to_owned(),
            iat: now,
            exp,
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?;
        Ok((token, exp))
    }

    /// The claims of a valid, unexpired token.
    #[must_use]
    pub fn verify(&self, token: &str) -> Option<AdminClaims> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[AUDIENCE]);
        validation.leeway = 5;
        jsonwebtoken::decode::<AdminClaims>(token, &self.decoding, &validation).ok().map(|d| d.claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_minted_token_verifies_and_a_foreign_one_does_not() {
        let tokens = AdminTokens::new(&SecretString::from("a".repeat(40)));
        let now = chrono::Utc::now().timestamp();
        let (token, exp) = tokens.mint("id-1", "admin@example.jp", "admin", now).expect("mint");
        assert_eq!(exp - now, 900);
        let claims = tokens.verify(&token).expect("valid");
        assert_eq!((claims.sub.as_str(), claims.role.as_str()), ("id-1", "admin"));
        let other = AdminTokens::new(&SecretString::from("b".repeat(40)));
        assert!(other.verify(&token).is_none());
        let (old, _) = tokens.mint("id-1", "admin@example.jp", "admin", now - 3600).expect("mint");
        assert!(tokens.verify(&old).is_none());
    }
}
