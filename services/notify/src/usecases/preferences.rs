//! A user's e-mail preferences: only a signed-in user has them; visitors, admins and services none.

use meguri_auth::{Caller, Role};
use meguri_ids::UserId;

use crate::db::preferences as db;
use crate::domain::{Preferences, PreferencesUpdate};
use crate::error::Error;

/// The user whose preferences `caller` reads or changes: their own.
fn owner(caller: Caller) -> Result<UserId, Error> {
    match (caller.role, caller.user) {
        (Role::User, Some(user)) => Ok(user),
        _ => Err(Error::PermissionDenied),
    }
}

/// The caller's preferences (the defaults when never changed).
///
/// # Errors
/// `PermissionDenied` when the caller is not a signed-in user, or the database.
pub async fn get(pool: &meguri_db::Pool, caller: Caller) -> Result<Preferences, Error> {
    db::get(pool, owner(caller)?).await
}

/// Changes the caller's preferences; returns them all.
///
/// # Errors
/// `PermissionDenied` when the caller is not a signed-in user, or the database.
pub async fn update(pool: &meguri_db::Pool, caller: Caller, update: PreferencesUpdate) -> Result<Preferences, Error> {
    db::update(pool, owner(caller)?, update).await
}
