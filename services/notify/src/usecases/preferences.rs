//! A user's e-mail preferences: only a signed-in user has them; visitors, admins and services none.

use meguri_auth::Caller;

use super::{Context, member};
use crate::db::preferences as db;
use crate::domain::{Preferences, PreferencesUpdate};
use crate::error::Error;

/// The caller's preferences (the defaults when never changed).
///
/// # Errors
/// `PermissionDenied` when the caller is not a signed-in user, or the database.
pub async fn get(ctx: &Context, caller: Caller) -> Result<Preferences, Error> {
    db::get(&ctx.pool, member(caller)?).await
}

/// Changes the caller's preferences; returns them all.
///
/// # Errors
/// `PermissionDenied` when the caller is not a signed-in user, or the database.
pub async fn update(ctx: &Context, caller: Caller, update: PreferencesUpdate) -> Result<Preferences, Error> {
    db::update(&ctx.pool, member(caller)?, update, ctx.clock.now()).await
}
