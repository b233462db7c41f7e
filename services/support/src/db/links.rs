//! The reply links mailed with staff replies (the hash of each token is kept on its staff message)
//! and what a member's account deletion leaves of their tickets.

use chrono::{DateTime, Utc};
use diesel::{BoolExpressionMethods as _, ExpressionMethods as _, OptionalExtension as _, QueryDsl as _};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use uuid::Uuid;

use super::schema::{support_attachments as files, support_ticket_messages as messages, support_tickets as tickets};
use crate::domain::TokenHash;

/// What a live link opens: its ticket, whose member it is, and until when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub ticket: Uuid,
    pub user: UserId,
    pub expires_at: DateTime<Utc>,
}

/// The link whose token hashes to `hash`, if it is live at `now`: on a staff reply (never a note)
/// whose ticket still has its member.
pub async fn find_live(
    conn: &mut AsyncPgConnection,
    hash: &TokenHash,
    now: DateTime<Utc>,
) -> Result<Option<Link>, diesel::result::Error> {
    let row: Option<(Uuid, Option<Uuid>, Option<DateTime<Utc>>)> = messages::table
        .inner_join(tickets::table)
        .filter(
            messages::reply_token
                .eq(hash.as_str())
                .and(messages::author_type.eq("staff"))
                .and(messages::internal.eq(false))
                .and(messages::reply_token_expires_at.gt(now)),
        )
        .select((tickets::id, tickets::user_id, messages::reply_token_expires_at))
        .first(conn)
        .await
        .optional()?;
    Ok(row.and_then(|(ticket, user, expires_at)| {
        Some(Link { ticket, user: UserId::from_uuid(user?), expires_at: expires_at? })
    }))
}

/// Removes `user` from their tickets: the tickets stay for staff without their member, their
/// messages without an author id, no screenshot of theirs and no live link. Returns the ids of the
/// screenshots whose rows were removed (their bytes go next).
pub async fn anonymise(conn: &mut AsyncPgConnection, user: UserId) -> Result<Vec<Uuid>, diesel::result::Error> {
    let ticket_ids: Vec<Uuid> =
        tickets::table.filter(tickets::user_id.eq(user.as_uuid())).select(tickets::id).for_update().load(conn).await?;
    let member_messages = messages::table
        .filter(messages::ticket_id.eq_any(&ticket_ids).and(messages::author_type.eq("member")))
        .select(messages::id);
    let gone: Vec<Uuid> = diesel::delete(files::table.filter(files::message_id.eq_any(member_messages)))
        .returning(files::id)
        .get_results(conn)
        .await?;
    let empty = serde_json::Value::Array(Vec::new());
    let no_author: Option<Uuid> = None;
    let (no_token, no_expiry): (Option<String>, Option<DateTime<Utc>>) = (None, None);
    diesel::update(
        messages::table.filter(messages::ticket_id.eq_any(&ticket_ids).and(messages::author_type.eq("member"))),
    )
    .set((messages::author_id.eq(no_author), messages::attachments.eq(&empty)))
    .execute(conn)
    .await?;
    diesel::update(
        messages::table.filter(messages::ticket_id.eq_any(&ticket_ids).and(messages::reply_token.is_not_null())),
    )
    .set((messages::reply_token.eq(no_token), messages::reply_token_expires_at.eq(no_expiry)))
    .execute(conn)
    .await?;
    diesel::update(tickets::table.filter(tickets::id.eq_any(&ticket_ids)))
        .set((tickets::user_id.eq(no_author), tickets::attachments.eq(&empty)))
        .execute(conn)
        .await?;
    Ok(gone)
}
