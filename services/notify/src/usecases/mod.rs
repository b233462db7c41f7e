//! notify's use cases (docs/service-shape.md). Mail requests are driven by events (`events.rs` →
//! [`mail`] → the outbox → `sender.rs`); timed mail by the scheduler ([`letters`] from social's
//! events, [`scheduler`] for due deliveries and inactivity reminders); the RPCs serve the e-mail
//! preferences, one-click [`unsubscribe`] and [`visits`].

use std::sync::Arc;

use meguri_auth::{Caller, Role};
use meguri_clock::Clock;
use meguri_ids::UserId;

use crate::domain::UnsubscribeKey;
use crate::error::Error;

pub mod letters;
pub mod mail;
pub mod preferences;
pub mod scheduler;
pub mod stats;
pub mod unsubscribe;
pub mod visits;

/// What the RPC use cases need.
#[derive(Clone)]
pub struct Context {
    pub pool: meguri_db::Pool,
    pub clock: Arc<dyn Clock>,
    /// Signs and checks unsubscribe tokens.
    pub key: UnsubscribeKey,
}

/// The signed-in user behind `caller`: preferences and visits are always the caller's own;
/// visitors, admins and services have none.
///
/// # Errors
/// [`Error::PermissionDenied`] for anyone else.
pub fn member(caller: Caller) -> Result<UserId, Error> {
    match (caller.role, caller.user) {
        (Role::User, Some(user)) => Ok(user),
        _ => Err(Error::PermissionDenied),
    }
}
