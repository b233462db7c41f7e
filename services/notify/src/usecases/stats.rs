//! The figures staff read on the admin dashboard.

use meguri_auth::{Caller, Role};

use super::Context;
use crate::db::notifications;
use crate::error::Error;

/// How many mails were given up at or after `since` (RFC 3339): staff only.
///
/// # Errors
/// [`Error::PermissionDenied`] for anyone but staff, [`Error::InvalidSince`], the database.
pub async fn failed_mails(ctx: &Context, caller: Caller, since: &str) -> Result<i64, Error> {
    if !matches!(caller.role, Role::Admin | Role::Support) {
        return Err(Error::PermissionDenied);
    }
    let since = chrono::DateTime::parse_from_rfc3339(since).map_err(|_| Error::InvalidSince)?.to_utc();
    notifications::failed_since(&ctx.pool, since).await
}
