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

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use deadpool_redis::Pool;
use futures_util::future::{Ready, ready};
use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

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
        let json = serde_json::to_string(state).map_err(redis_error)?;
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

/// The store plus the cookie attributes: the app data the session machinery needs.
#[derive(Clone, Debug)]
pub struct SessionSettings {
    pub store: SessionStore,
    /// Adds `Secure` to the cookie (true everywhere but local development over plain HTTP).
    pub cookie_secure: bool,
}

enum Loaded {
    NotYet,
    Done(Option<SessionState>),
}

enum CookieChange {
    Set(SessionId),
    Remove,
}

/// Per-request session state, shared by the extractor and [`finish`] through the request extensions.
struct SessionContext {
    settings: SessionSettings,
    current: RefCell<Option<SessionId>>,
    loaded: RefCell<Loaded>,
    change: RefCell<Option<CookieChange>>,
}

/// The session of the current request; see the module docs.
#[derive(Clone)]
pub struct TypedSession(Rc<SessionContext>);

impl FromRequest for TypedSession {
    type Error = actix_web::Error;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Self::of(req))
    }
}

impl TypedSession {
    /// The session of `req` (created on first use within a request).
    ///
    /// # Errors
    /// The app was built without [`SessionSettings`] app data.
    pub fn of(req: &HttpRequest) -> Result<Self, actix_web::Error> {
        if let Some(ctx) = req.extensions().get::<Rc<SessionContext>>() {
            return Ok(Self(Rc::clone(ctx)));
        }
        let settings = req
            .app_data::<web::Data<SessionSettings>>()
            .ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("SessionSettings not configured")))?;
        let current = req.cookie(cookie_name(settings.cookie_secure)).and_then(|c| SessionId::parse(c.value()));
        let ctx = Rc::new(SessionContext {
            settings: settings.get_ref().clone(),
            current: RefCell::new(current),
            loaded: RefCell::new(Loaded::NotYet),
            change: RefCell::new(None),
        });
        req.extensions_mut().insert(Rc::clone(&ctx));
        Ok(Self(ctx))
    }

    fn current_id(&self) -> Option<SessionId> {
        self.0.current.borrow().clone()
    }

    /// The signed-in user, if any. Asks Redis only when the request carries a session cookie, and
    /// at most once per request.
    ///
    /// # Errors
    /// Redis is unreachable.
    pub async fn user(&self) -> Result<Option<SessionUser>, SessionError> {
        if let Loaded::Done(state) = &*self.0.loaded.borrow() {
            return Ok(state.as_ref().map(|s| SessionUser { user_id: s.user_id, role: s.role }));
        }
        let Some(id) = self.current_id() else {
            *self.0.loaded.borrow_mut() = Loaded::Done(None);
            return Ok(None);
        };
        let state = self.0.settings.store.load(&id).await?;
        let change = if state.is_some() {
            // Sliding expiry: the key's TTL was renewed by GETEX; renew the cookie with it.
            CookieChange::Set(id)
        } else {
            // The session ended (expired, or logged out elsewhere): drop the stale cookie.
            *self.0.current.borrow_mut() = None;
            CookieChange::Remove
        };
        *self.0.change.borrow_mut() = Some(change);
        let user = state.as_ref().map(|s| SessionUser { user_id: s.user_id, role: s.role });
        *self.0.loaded.borrow_mut() = Loaded::Done(state);
        Ok(user)
    }

    /// Whom a gRPC call should be made for. A session store failure degrades to anonymous (logged):
    /// the public calculator keeps working while Redis is down.
    pub async fn caller(&self) -> Caller {
        if self.0.current.borrow().is_none() {
            return Caller::ANONYMOUS;
        }
        match self.user().await {
            Ok(user) => Caller::from(user),
            Err(error) => {
                tracing::warn!(name: "gateway.session.degraded", %error, "session unavailable; calling as anonymous");
                Caller::ANONYMOUS
            }
        }
    }

    /// Signs `user_id` in: deletes any previous session, stores a new one under a new id and sets
    /// the cookie.
    ///
    /// # Errors
    /// Redis is unreachable.
    pub async fn log_in(&self, user_id: UserId, role: Role) -> Result<(), SessionError> {
        if let Some(old) = self.current_id() {
            self.0.settings.store.delete(&old).await?;
        }
        let state = SessionState { user_id, role, created_at: chrono::Utc::now().timestamp() };
        let id = self.0.settings.store.create(&state).await?;
        *self.0.current.borrow_mut() = Some(id.clone());
        *self.0.loaded.borrow_mut() = Loaded::Done(Some(state));
        *self.0.change.borrow_mut() = Some(CookieChange::Set(id));
        tracing::info!(name: "gateway.session.logged_in", user_id = %user_id, role = %role, "signed in");
        Ok(())
    }

    /// Ends the user's other sessions, keeping this one (after a committed password change;
    /// see [`SessionStore::end_all_after_change`]).
    pub async fn end_other_sessions(&self, user_id: UserId) -> SessionsEnded {
        self.0.settings.store.end_all_after_change(user_id, self.current_id().as_ref()).await
    }

    /// Ends every session of a user, this one included (after a committed password reset from a
    /// link or an account deletion).
    pub async fn end_all_sessions(&self, user_id: UserId) -> SessionsEnded {
        self.0.settings.store.end_all_after_change(user_id, None).await
    }

    /// Signs out: deletes the session and expires the cookie.
    ///
    /// # Errors
    /// Redis is unreachable.
    pub async fn log_out(&self) -> Result<(), SessionError> {
        let id = self.current_id();
        // The cookie goes whatever Redis says: this browser is signed out either way.
        *self.0.current.borrow_mut() = None;
        *self.0.loaded.borrow_mut() = Loaded::Done(None);
        *self.0.change.borrow_mut() = Some(CookieChange::Remove);
        if let Some(id) = id {
            self.0.settings.store.delete(&id).await?;
        }
        Ok(())
    }

    /// Whether cookies are `Secure` (everywhere but local development).
    #[must_use]
    pub fn cookie_secure(&self) -> bool {
        self.0.settings.cookie_secure
    }
}

/// Middleware (`actix_web::middleware::from_fn(session::finish)`): writes the cookie change a
/// handler made onto the response. Requests that never touched the session pass straight through.
///
/// # Errors
/// Whatever the inner service fails with.
pub async fn finish(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let mut res = next.call(req).await?;
    let ctx = res.request().extensions().get::<Rc<SessionContext>>().cloned();
    let Some(ctx) = ctx else {
        return Ok(res);
    };
    let Some(change) = ctx.change.borrow_mut().take() else {
        return Ok(res);
    };
    let cookie = match change {
        CookieChange::Set(id) => {
            session_cookie(id.as_str().to_owned(), ctx.settings.cookie_secure, ctx.settings.store.ttl())
        }
        CookieChange::Remove => {
            let mut cookie = session_cookie(String::new(), ctx.settings.cookie_secure, Duration::ZERO);
            cookie.make_removal();
            cookie
        }
    };
    if let Err(error) = res.response_mut().add_cookie(&cookie) {
        tracing::error!(name: "gateway.session.cookie_failed", %error, "could not set the session cookie");
    }
    Ok(res)
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
    fn a_session_ends_at_its_absolute_lifetime_however_busy() {
        let pool = deadpool_redis::Config::from_url("redis://127.0.0.1:1")
            .create_pool(Some(deadpool_redis::Runtime::Tokio1))
            .expect("pool");
        let store = SessionStore::new(pool, "t:", Duration::from_secs(30), Duration::from_secs(90));
        let state = SessionState { user_id: UserId::new(), role: Role::User, created_at: 1_000 };

        assert!(!store.outlived(&state, 1_089));
        assert!(store.outlived(&state, 1_090));
    }

    #[test]
    fn an_anonymous_caller_is_a_visitor() {
        assert_eq!(Caller::from(None), Caller::ANONYMOUS);
        let id = UserId::new();
        let caller = Caller::from(Some(SessionUser { user_id: id, role: Role::User }));
        assert_eq!(caller.subject, Subject::User(id));
    }
}
