//! RecordVisit: the member opened the app. The inactivity reminder counts seven days from the
//! last visit; a visit within 10 minutes of the stored one is not written again.

use meguri_auth::Caller;

use super::{Context, member};
use crate::domain::schedule::{VISIT_GRANULARITY, before};
use crate::error::Error;

/// Records a visit of the caller now; returns whether it was written.
///
/// # Errors
/// `PermissionDenied` when the caller is not a signed-in user, or the database.
pub async fn record(ctx: &Context, caller: Caller) -> Result<bool, Error> {
    let user = member(caller)?;
    let now = ctx.clock.now();
    crate::db::activity::record_visit(&ctx.pool, user, now, before(now, VISIT_GRANULARITY)).await
}
