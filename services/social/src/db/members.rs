//! `members`, `member_tombstones`, `member_backfills`: the read model of identity's public fields.

use chrono::{DateTime, Utc};
use diesel::sql_types::{Int8, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel::{ExpressionMethods as _, OptionalExtension as _, QueryDsl as _, QueryableByName};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use uuid::Uuid;

use super::schema::{member_backfills, member_tombstones, members};
use crate::domain::{Link, Member, MemberProfile};

#[derive(QueryableByName, diesel::Queryable)]
pub(super) struct MemberRow {
    #[diesel(sql_type = SqlUuid)]
    pub user_id: Uuid,
    #[diesel(sql_type = Text)]
    pub username: String,
    #[diesel(sql_type = Nullable<Text>)]
    pub first_name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pub profile_image_url: Option<String>,
}

impl From<MemberRow> for Member {
    fn from(r: MemberRow) -> Self {
        Self {
            id: UserId::from_uuid(r.user_id),
            username: r.username,
            first_name: r.first_name,
            profile_image_url: r.profile_image_url,
        }
    }
}

/// Writes `profile` unless a newer copy is stored or the member was deleted. Returns whether it
/// was written.
///
/// # Errors
/// The statement failed.
pub async fn upsert(conn: &mut AsyncPgConnection, profile: &MemberProfile) -> Result<bool, diesel::result::Error> {
    let m = &profile.member;
    let written = diesel::sql_query(
        "INSERT INTO members (user_id, username, username_key, first_name, profile_image_url, profile_updated_at) \
         SELECT $1, $2, $3, $4, $5, $6 \
         WHERE NOT EXISTS (SELECT 1 FROM member_tombstones t WHERE t.user_id = $1) \
         ON CONFLICT (user_id) DO UPDATE SET username = EXCLUDED.username, username_key = EXCLUDED.username_key, \
           first_name = EXCLUDED.first_name, profile_image_url = EXCLUDED.profile_image_url, \
           profile_updated_at = EXCLUDED.profile_updated_at \
         WHERE members.profile_updated_at < EXCLUDED.profile_updated_at",
    )
    .bind::<SqlUuid, _>(*m.id.as_uuid())
    .bind::<Text, _>(&m.username)
    .bind::<Text, _>(profile.username_key())
    .bind::<Nullable<Text>, _>(m.first_name.as_deref())
    .bind::<Nullable<Text>, _>(m.profile_image_url.as_deref())
    .bind::<Timestamptz, _>(profile.updated_at)
    .execute(conn)
    .await?;
    Ok(written == 1)
}

/// The member, if social knows them (verified, not deleted).
///
/// # Errors
/// The query failed.
pub async fn find(conn: &mut AsyncPgConnection, user: UserId) -> Result<Option<Member>, diesel::result::Error> {
    let row: Option<MemberRow> = members::table
        .filter(members::user_id.eq(user.as_uuid()))
        .select((members::user_id, members::username, members::first_name, members::profile_image_url))
        .first(conn)
        .await
        .optional()?;
    Ok(row.map(Member::from))
}

#[derive(QueryableByName)]
struct SearchRow {
    #[diesel(embed)]
    member: MemberRow,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    requester_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<Text>)]
    status: Option<String>,
}

/// Members whose username key lies in `[lower, upper)`, by key, without `me` and without anyone
/// `me` blocked or who blocked `me`, with the pair's row when there is one.
///
/// # Errors
/// The query failed.
pub async fn search(
    conn: &mut AsyncPgConnection,
    me: UserId,
    lower: &str,
    upper: &str,
    limit: u32,
) -> Result<Vec<(Member, Option<Link>)>, diesel::result::Error> {
    let rows: Vec<SearchRow> = diesel::sql_query(format!(
        "SELECT m.user_id, m.username, m.first_name, m.profile_image_url, f.requester_id, f.status \
         FROM members m \
         LEFT JOIN friendships f ON f.user_low = LEAST($1, m.user_id) AND f.user_high = GREATEST($1, m.user_id) \
         WHERE m.username_key >= $2 AND m.username_key < $3 AND m.user_id <> $1 AND {} \
         ORDER BY m.username_key, m.user_id \
         LIMIT $4",
        super::blocks::neither_blocked("$1", "m.user_id")
    ))
    .bind::<SqlUuid, _>(*me.as_uuid())
    .bind::<Text, _>(lower)
    .bind::<Text, _>(upper)
    .bind::<Int8, _>(i64::from(limit))
    .load(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let link = r.requester_id.map(|requester| Link {
                requester: UserId::from_uuid(requester),
                accepted: r.status.as_deref() == Some("accepted"),
            });
            (Member::from(r.member), link)
        })
        .collect())
}

/// Removes the member and leaves a tombstone, so no late event or backfill page brings them back.
///
/// # Errors
/// A failed statement.
pub async fn delete(
    conn: &mut AsyncPgConnection,
    user: UserId,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    diesel::delete(members::table.filter(members::user_id.eq(user.as_uuid()))).execute(conn).await?;
    diesel::insert_into(member_tombstones::table)
        .values((member_tombstones::user_id.eq(user.as_uuid()), member_tombstones::deleted_at.eq(now)))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;
    Ok(())
}

/// Whether a backfill ever completed.
///
/// # Errors
/// The query failed.
pub async fn backfilled(conn: &mut AsyncPgConnection) -> Result<bool, diesel::result::Error> {
    let n: i64 = member_backfills::table.count().get_result(conn).await?;
    Ok(n > 0)
}

/// Records a completed backfill of `count` profiles.
///
/// # Errors
/// The insert failed.
pub async fn record_backfill(
    conn: &mut AsyncPgConnection,
    now: DateTime<Utc>,
    count: usize,
) -> Result<(), diesel::result::Error> {
    diesel::insert_into(member_backfills::table)
        .values((
            member_backfills::completed_at.eq(now),
            member_backfills::members.eq(i32::try_from(count).unwrap_or(i32::MAX)),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// How many members are known.
///
/// # Errors
/// The query failed.
pub async fn count(conn: &mut AsyncPgConnection) -> Result<i64, diesel::result::Error> {
    members::table.count().get_result(conn).await
}
