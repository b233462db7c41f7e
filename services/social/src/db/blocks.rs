//! `blocks`: who blocked whom.

use chrono::{DateTime, Utc};
use diesel::sql_types::Uuid as SqlUuid;
use diesel::{BoolExpressionMethods as _, ExpressionMethods as _, QueryDsl as _, QueryableByName};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;

use super::members::MemberRow;
use super::schema::blocks;
use crate::domain::Member;

/// `blocker` blocks `blocked` (idempotent).
///
/// # Errors
/// The insert failed.
pub async fn insert(
    conn: &mut AsyncPgConnection,
    blocker: UserId,
    blocked: UserId,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    diesel::insert_into(blocks::table)
        .values((
            blocks::blocker_id.eq(blocker.as_uuid()),
            blocks::blocked_id.eq(blocked.as_uuid()),
            blocks::created_at.eq(now),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;
    Ok(())
}

/// `blocker` no longer blocks `blocked` (idempotent).
///
/// # Errors
/// The delete failed.
pub async fn delete(
    conn: &mut AsyncPgConnection,
    blocker: UserId,
    blocked: UserId,
) -> Result<(), diesel::result::Error> {
    diesel::delete(
        blocks::table.filter(blocks::blocker_id.eq(blocker.as_uuid())).filter(blocks::blocked_id.eq(blocked.as_uuid())),
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A SQL condition that holds when neither of the members `a` and `b` (SQL expressions) blocked
/// the other.
pub(super) fn neither_blocked(a: &str, b: &str) -> String {
    format!(
        "NOT EXISTS (SELECT 1 FROM blocks b \
                     WHERE (b.blocker_id = {a} AND b.blocked_id = {b}) OR (b.blocker_id = {b} AND b.blocked_id = {a}))"
    )
}

/// Whether `a` blocked `b`, and whether `b` blocked `a`.
///
/// # Errors
/// The query failed.
pub async fn between(
    conn: &mut AsyncPgConnection,
    a: UserId,
    b: UserId,
) -> Result<(bool, bool), diesel::result::Error> {
    let (a, b) = (*a.as_uuid(), *b.as_uuid());
    let rows: Vec<(uuid::Uuid, uuid::Uuid)> = blocks::table
        .filter(
            blocks::blocker_id
                .eq(a)
                .and(blocks::blocked_id.eq(b))
                .or(blocks::blocker_id.eq(b).and(blocks::blocked_id.eq(a))),
        )
        .select((blocks::blocker_id, blocks::blocked_id))
        .load(conn)
        .await?;
    Ok((rows.iter().any(|(x, _)| *x == a), rows.iter().any(|(x, _)| *x == b)))
}

#[derive(QueryableByName)]
struct BlockedRow {
    #[diesel(embed)]
    member: MemberRow,
}

/// The members `blocker` blocked that social knows, newest first.
///
/// # Errors
/// The query failed.
pub async fn list(conn: &mut AsyncPgConnection, blocker: UserId) -> Result<Vec<Member>, diesel::result::Error> {
    let rows: Vec<BlockedRow> = diesel::sql_query(
        "SELECT m.user_id, m.username, m.first_name, m.profile_image_url \
         FROM blocks b JOIN members m ON m.user_id = b.blocked_id \
         WHERE b.blocker_id = $1 ORDER BY b.created_at DESC, m.user_id",
    )
    .bind::<SqlUuid, _>(*blocker.as_uuid())
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| Member::from(r.member)).collect())
}

/// Deletes every block by or of `user`.
///
/// # Errors
/// The delete failed.
pub async fn delete_all_of(conn: &mut AsyncPgConnection, user: UserId) -> Result<(), diesel::result::Error> {
    let id = *user.as_uuid();
    diesel::delete(blocks::table.filter(blocks::blocker_id.eq(id).or(blocks::blocked_id.eq(id)))).execute(conn).await?;
    Ok(())
}
