//! The request's session: the [`TypedSession`] extractor (loaded lazily) and [`finish`], the
//! middleware that writes the resulting cookie change onto the response.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use futures_util::future::{Ready, ready};
use meguri_auth::Role;
use meguri_ids::UserId;

use crate::error::ApiError;

use super::{
    Caller, SessionError, SessionId, SessionState, SessionStore, SessionUser, SessionsEnded, cookie_name,
    session_cookie,
};

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
