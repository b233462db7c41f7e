//! The cookie session: an opaque id in an `HttpOnly; SameSite=Lax; Path=/` cookie, the state as JSON
//! in Redis under `<prefix>session:<id>`.
//!
//! - The id is 256 bits from the operating system's CSPRNG, hex-encoded; a cookie that is not in
//!   that form is ignored without asking Redis.
//! - A visitor without a cookie has no session and costs no Redis round trip: the state is loaded
//!   lazily, only when a handler asks for it ([`TypedSession::user`]) and a cookie is present.
//! - [`TypedSession::log_in`] rotates the id (the old key is deleted, a new cookie is set) so a
//!   session id fixed before sign-in is worthless after; [`TypedSession::log_out`] deletes the key
//!   and expires the cookie.
//! - Expiry is sliding: each authenticated request renews the key's TTL (`GETEX`) and the cookie,
//!   up to an absolute lifetime from sign-in (`SESSION_ABSOLUTE_TTL_SECONDS`) after which the
//!   session ends however busy it is.
//! - Each user has an index of their session ids, so a password change or reset and an account
//!   deletion can end them all. The index is given the absolute lifetime at every sign-in, so it
//!   always outlives the sessions it lists.
//! - Outside development the cookie is named with the `__Host-` prefix (Secure, host-only, `/`).
//!
//! Handlers take a [`TypedSession`] extractor; [`finish`] (registered with
//! `actix_web::middleware::from_fn`) writes the resulting cookie change onto the response.

use std::fmt;
use std::time::Duration;

use actix_web::cookie::{Cookie, SameSite};
use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

mod store;
mod typed;

pub use store::{SessionStore, SessionsEnded};
pub use typed::{SessionSettings, TypedSession, finish};

/// The name of the session cookie in development (plain HTTP on localhost).
pub const COOKIE_NAME: &str = "meguri_session";
/// The name of the session cookie everywhere else (`Secure`): browsers accept a `__Host-` cookie
/// only when it is Secure, host-only and on `/`, so a sibling subdomain cannot plant one.
pub const SECURE_COOKIE_NAME: &str = "__Host-meguri_session";

/// The session cookie's name for this deployment.
#[must_use]
pub const fn cookie_name(secure: bool) -> &'static str {
    if secure { SECURE_COOKIE_NAME } else { COOKIE_NAME }
}
/// Random bytes in a session id.
const ID_BYTES: usize = 32;

/// An opaque session id (64 lowercase hex digits).
#[derive(Clone, PartialEq, Eq)]
pub struct SessionId(String);

impl SessionId {
    /// A fresh id from the OS CSPRNG.
    ///
    /// # Errors
    /// The OS random source failed.
    pub fn generate() -> Result<Self, SessionError> {
        random_hex(ID_BYTES).map(Self).ok_or(SessionError::Random)
    }

    /// The id in a cookie value, if it has the form of one.
    #[must_use]
    pub fn parse(raw: &str) -> Option<Self> {
        is_lower_hex(raw, ID_BYTES).then(|| Self(raw.to_owned()))
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for SessionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never log a full id: it is a bearer credential.
        write!(f, "SessionId({}…)", &self.0[..6])
    }
}

/// What a session holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionState {
    pub user_id: UserId,
    pub role: Role,
    /// Seconds since the epoch when the user signed in.
    pub created_at: i64,
}

/// The signed-in user of a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionUser {
    pub user_id: UserId,
    pub role: Role,
}

/// Whom a gRPC call is made for (the `sub` and `role` of its internal token).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caller {
    pub subject: Subject,
    pub role: Role,
}

impl Caller {
    pub const ANONYMOUS: Self = Self { subject: Subject::Anonymous, role: Role::Visitor };
}

impl From<Option<SessionUser>> for Caller {
    fn from(user: Option<SessionUser>) -> Self {
        user.map_or(Self::ANONYMOUS, |u| Self { subject: Subject::User(u.user_id), role: u.role })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error("the OS random source failed")]
    Random,
    #[error("redis: {0}")]
    Redis(String),
}

impl From<SessionError> for ApiError {
    fn from(error: SessionError) -> Self {
        match error {
            SessionError::Redis(_) => {
                tracing::warn!(name: "gateway.session.redis_failed", %error, "session store failed");
                Self::Unavailable("redis (session)")
            }
            SessionError::Random => Self::Unexpected(anyhow::anyhow!(error)),
        }
    }
}

fn session_cookie(value: String, secure: bool, max_age: Duration) -> Cookie<'static> {
    gateway_cookie(cookie_name(secure), value, secure, max_age)
}

/// A cookie of ours: `HttpOnly; SameSite=Lax; Path=/`, host-only, `Secure` when `secure` (so a
/// `__Host-` name is accepted), living `max_age`.
#[must_use]
pub fn gateway_cookie(name: &'static str, value: String, secure: bool, max_age: Duration) -> Cookie<'static> {
    let seconds = i64::try_from(max_age.as_secs()).unwrap_or(i64::MAX);
    Cookie::build(name, value)
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(actix_web::cookie::time::Duration::seconds(seconds))
        .finish()
}

/// `bytes` bytes from the OS CSPRNG as lowercase hex; `None` when the random source failed.
#[must_use]
pub fn random_hex(bytes: usize) -> Option<String> {
    let mut raw = vec![0_u8; bytes];
    getrandom::fill(&mut raw).ok()?;
    let mut hex = String::with_capacity(bytes * 2);
    for b in raw {
        hex.push(char::from(b"0123456789abcdef"[usize::from(b >> 4)]));
        hex.push(char::from(b"0123456789abcdef"[usize::from(b & 0x0f)]));
    }
    Some(hex)
}

/// Whether `raw` is exactly `bytes` bytes of lowercase hex (the form [`random_hex`] makes).
#[must_use]
pub fn is_lower_hex(raw: &str, bytes: usize) -> bool {
    raw.len() == bytes * 2 && raw.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_ids_are_256_bit_hex_and_distinct() {
        let a = SessionId::generate().expect("id");
        let b = SessionId::generate().expect("id");

        assert_eq!(a.as_str().len(), 64);
        assert!(SessionId::parse(a.as_str()).is_some());
        assert_ne!(a, b);
    }

    #[test]
    fn cookie_values_not_shaped_like_an_id_are_ignored() {
        assert!(SessionId::parse("").is_none());
        assert!(SessionId::parse("abc").is_none());
        assert!(SessionId::parse(&"G".repeat(64)).is_none());
        assert!(SessionId::parse(&"A".repeat(64)).is_none(), "upper case is not ours");
        assert!(SessionId::parse(&"a".repeat(64)).is_some());
    }

    #[test]
    fn debug_output_does_not_reveal_the_id() {
        let id = SessionId::generate().expect("id");

        let shown = format!("{id:?}");

        assert!(!shown.contains(id.as_str()));
    }

    #[test]
    fn the_session_cookie_is_http_only_lax_and_rooted() {
        let cookie = session_cookie("x".to_owned(), true, Duration::from_secs(60));
        let text = cookie.to_string();

        assert!(text.contains("HttpOnly"), "{text}");
        assert!(text.contains("SameSite=Lax"), "{text}");
        assert!(text.contains("Path=/"), "{text}");
        assert!(text.contains("Secure"), "{text}");
        assert!(text.contains("Max-Age=60"), "{text}");
        assert!(text.starts_with("__Host-meguri_session="), "{text}");
        assert!(!text.contains("Domain"), "{text}");
        let development = session_cookie("x".to_owned(), false, Duration::from_secs(60)).to_string();
        assert!(development.starts_with("meguri_session="), "{development}");
    }

    #[test]
    fn an_anonymous_caller_is_a_visitor() {
        assert_eq!(Caller::from(None), Caller::ANONYMOUS);
        let id = UserId::new();
        let caller = Caller::from(Some(SessionUser { user_id: id, role: Role::User }));
        assert_eq!(caller.subject, Subject::User(id));
    }
}
