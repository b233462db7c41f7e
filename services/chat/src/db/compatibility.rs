//! `compatibility_requests`: the other person asked about in a message, and the engine's result.

use anyhow::Context as _;
use chrono::{DateTime, Utc};
use diesel::{ExpressionMethods as _, QueryDsl as _};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;

use super::schema::compatibility_requests;
use crate::domain::{CompatibilityCard, CompatibilityRequestId, CompatibilityTarget, MessageId};

/// Stores a new request (not completed yet).
///
/// # Errors
/// The statement failed.
pub async fn insert(
    conn: &mut AsyncPgConnection,
    id: CompatibilityRequestId,
    user: UserId,
    message: MessageId,
    target: &CompatibilityTarget,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    diesel::insert_into(compatibility_requests::table)
        .values((
            compatibility_requests::id.eq(id.as_uuid()),
            compatibility_requests::user_id.eq(user.as_uuid()),
            compatibility_requests::chat_message_id.eq(message.as_uuid()),
            compatibility_requests::target_birth_date.eq(target.birth_date),
            compatibility_requests::target_birth_time.eq(target.birth_time.as_deref()),
            compatibility_requests::target_birth_location.eq(target.birth_location.as_deref()),
            compatibility_requests::target_gender.eq(target.gender.as_str()),
            compatibility_requests::target_label.eq(target.label.as_deref()),
            compatibility_requests::created_at.eq(now),
        ))
        .execute(conn)
        .await
        .context("insert a compatibility request")?;
    Ok(())
}

/// Stores the result of a request (`is_completed`).
///
/// # Errors
/// The statement failed.
pub async fn complete(
    conn: &mut AsyncPgConnection,
    id: CompatibilityRequestId,
    card: &CompatibilityCard,
) -> anyhow::Result<()> {
    let result = serde_json::to_value(card).context("serialise the compatibility result")?;
    diesel::update(compatibility_requests::table.find(id.as_uuid()))
        .set((compatibility_requests::compatibility_result.eq(result), compatibility_requests::is_completed.eq(true)))
        .execute(conn)
        .await
        .context("complete a compatibility request")?;
    Ok(())
}
