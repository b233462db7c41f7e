//! `friendships` (one row per unordered pair) and `friend_request_log` (the daily limit).

use chrono::{DateTime, Utc};
use diesel::sql_types::{Int4, Int8, Jsonb, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel::{
    BoolExpressionMethods as _, ExpressionMethods as _, OptionalExtension as _, QueryDsl as _, QueryableByName,
};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use uuid::Uuid;

use super::members::MemberRow;
use super::schema::{friend_request_log, friendships};
use crate::domain::{Analysis, CompatibilityStatus, Link, Member, Pair};

/// A pair's row as a member of the pair sees it, with the other member's public fields.
#[derive(Clone, Debug)]
pub struct FriendshipRecord {
    pub other: Member,
    pub link: Link,
    pub created_at: DateTime<Utc>,
    pub accepted_at: Option<DateTime<Utc>>,
    pub compatibility: Option<CompatibilityStatus>,
    pub score: Option<i32>,
}

/// A friendship's stored compatibility.
#[derive(Clone, Debug)]
pub struct CompatibilityRecord {
    pub status: CompatibilityStatus,
    pub score: Option<i32>,
    pub analysis: Option<Analysis>,
    pub computed_at: Option<DateTime<Utc>>,
}

/// A compatibility the worker took: compute it for `version`.
#[derive(Clone, Copy, Debug)]
pub struct Claim {
    pub pair: Pair,
    pub version: i32,
    pub attempts: i32,
}

/// How a computation ended.
#[derive(Debug)]
pub enum Outcome {
    Ready {
        score: i32,
        analysis: Analysis,
    },
    Unavailable,
    Failed,
    /// Try again at the given time (a peer did not answer).
    Retry {
        at: DateTime<Utc>,
    },
}

fn pair_filter(
    pair: Pair,
) -> diesel::dsl::And<diesel::dsl::Eq<friendships::user_low, Uuid>, diesel::dsl::Eq<friendships::user_high, Uuid>> {
    friendships::user_low.eq(*pair.low().as_uuid()).and(friendships::user_high.eq(*pair.high().as_uuid()))
}

/// The pair's row, if any.
///
/// # Errors
/// The query failed.
pub async fn find(conn: &mut AsyncPgConnection, pair: Pair) -> Result<Option<Link>, diesel::result::Error> {
    let row: Option<(Uuid, String)> = friendships::table
        .filter(pair_filter(pair))
        .select((friendships::requester_id, friendships::status))
        .first(conn)
        .await
        .optional()?;
    Ok(row.map(|(requester, status)| Link { requester: UserId::from_uuid(requester), accepted: status == "accepted" }))
}

/// A pending request from `requester`; `false` when the pair has a row already.
///
/// # Errors
/// The insert failed.
pub async fn insert_pending(
    conn: &mut AsyncPgConnection,
    pair: Pair,
    requester: UserId,
    now: DateTime<Utc>,
) -> Result<bool, diesel::result::Error> {
    let inserted = diesel::insert_into(friendships::table)
        .values((
            friendships::user_low.eq(pair.low().as_uuid()),
            friendships::user_high.eq(pair.high().as_uuid()),
            friendships::requester_id.eq(requester.as_uuid()),
            friendships::status.eq("pending"),
            friendships::created_at.eq(now),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;
    Ok(inserted == 1)
}

/// Accepts the pair's pending request; the compatibility becomes due now.
///
/// # Errors
/// The update failed.
pub async fn accept(conn: &mut AsyncPgConnection, pair: Pair, now: DateTime<Utc>) -> Result<(), diesel::result::Error> {
    diesel::update(friendships::table.filter(pair_filter(pair)).filter(friendships::status.eq("pending")))
        .set((
            friendships::status.eq("accepted"),
            friendships::accepted_at.eq(Some(now)),
            friendships::compatibility_status.eq(Some(CompatibilityStatus::Pending.as_str())),
            friendships::compatibility_score.eq(None::<i32>),
            friendships::compatibility_analysis.eq(None::<serde_json::Value>),
            friendships::compatibility_computed_at.eq(None::<DateTime<Utc>>),
            friendships::compatibility_version.eq(friendships::compatibility_version + 1),
            friendships::compatibility_attempts.eq(0),
            friendships::compatibility_due_at.eq(Some(now)),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Deletes the pair's row when it is a pending request by `requester` (`Some`) or a friendship
/// (`None`). Returns whether a row went.
///
/// # Errors
/// The delete failed.
pub async fn delete_if(
    conn: &mut AsyncPgConnection,
    pair: Pair,
    pending_from: Option<UserId>,
) -> Result<bool, diesel::result::Error> {
    let target = friendships::table.filter(pair_filter(pair));
    let deleted = match pending_from {
        Some(requester) => {
            diesel::delete(
                target
                    .filter(friendships::status.eq("pending"))
                    .filter(friendships::requester_id.eq(requester.as_uuid())),
            )
            .execute(conn)
            .await?
        }
        None => diesel::delete(target.filter(friendships::status.eq("accepted"))).execute(conn).await?,
    };
    Ok(deleted == 1)
}

/// Deletes the pair's row, whatever it is (a block ends it).
///
/// # Errors
/// The delete failed.
pub async fn delete(conn: &mut AsyncPgConnection, pair: Pair) -> Result<(), diesel::result::Error> {
    diesel::delete(friendships::table.filter(pair_filter(pair))).execute(conn).await?;
    Ok(())
}

/// How many friends `user` has.
///
/// # Errors
/// The query failed.
pub async fn count_friends(conn: &mut AsyncPgConnection, user: UserId) -> Result<i64, diesel::result::Error> {
    let id = *user.as_uuid();
    friendships::table
        .filter(friendships::status.eq("accepted"))
        .filter(friendships::user_low.eq(id).or(friendships::user_high.eq(id)))
        .count()
        .get_result(conn)
        .await
}

/// Logs a request sent (kept when the request is cancelled).
///
/// # Errors
/// The insert failed.
pub async fn log_request(
    conn: &mut AsyncPgConnection,
    requester: UserId,
    recipient: UserId,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    diesel::insert_into(friend_request_log::table)
        .values((
            friend_request_log::requester_id.eq(requester.as_uuid()),
            friend_request_log::recipient_id.eq(recipient.as_uuid()),
            friend_request_log::sent_at.eq(now),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Requests `requester` sent after `since`.
///
/// # Errors
/// The query failed.
pub async fn count_sent_since(
    conn: &mut AsyncPgConnection,
    requester: UserId,
    since: DateTime<Utc>,
) -> Result<i64, diesel::result::Error> {
    friend_request_log::table
        .filter(friend_request_log::requester_id.eq(requester.as_uuid()))
        .filter(friend_request_log::sent_at.gt(since))
        .count()
        .get_result(conn)
        .await
}

#[derive(QueryableByName)]
struct ListRow {
    #[diesel(embed)]
    member: MemberRow,
    #[diesel(sql_type = SqlUuid)]
    requester_id: Uuid,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    accepted_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Text>)]
    compatibility_status: Option<String>,
    #[diesel(sql_type = Nullable<Int4>)]
    compatibility_score: Option<i32>,
}

/// Every row of `me` whose other member social knows, by username.
///
/// # Errors
/// The query failed.
pub async fn list_for(
    conn: &mut AsyncPgConnection,
    me: UserId,
) -> Result<Vec<FriendshipRecord>, diesel::result::Error> {
    let rows: Vec<ListRow> = diesel::sql_query(
        "SELECT m.user_id, m.username, m.first_name, m.profile_image_url, f.requester_id, f.status, f.created_at, \
                f.accepted_at, f.compatibility_status, f.compatibility_score \
         FROM friendships f \
         JOIN members m ON m.user_id = CASE WHEN f.user_low = $1 THEN f.user_high ELSE f.user_low END \
         WHERE f.user_low = $1 OR f.user_high = $1 \
         ORDER BY m.username_key, m.user_id",
    )
    .bind::<SqlUuid, _>(*me.as_uuid())
    .load(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| FriendshipRecord {
            other: Member::from(r.member),
            link: Link { requester: UserId::from_uuid(r.requester_id), accepted: r.status == "accepted" },
            created_at: r.created_at,
            accepted_at: r.accepted_at,
            compatibility: r.compatibility_status.as_deref().and_then(CompatibilityStatus::parse),
            score: r.compatibility_score,
        })
        .collect())
}

/// The friends of `user` social knows, by username.
///
/// # Errors
/// The query failed.
pub async fn friends_of(conn: &mut AsyncPgConnection, user: UserId) -> Result<Vec<Member>, diesel::result::Error> {
    Ok(list_for(conn, user).await?.into_iter().filter(|r| r.link.accepted).map(|r| r.other).collect())
}

#[derive(QueryableByName)]
struct CompatibilityRow {
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Nullable<Text>)]
    compatibility_status: Option<String>,
    #[diesel(sql_type = Nullable<Int4>)]
    compatibility_score: Option<i32>,
    #[diesel(sql_type = Nullable<Jsonb>)]
    compatibility_analysis: Option<serde_json::Value>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    compatibility_computed_at: Option<DateTime<Utc>>,
}

/// The pair's compatibility when the two are friends.
///
/// # Errors
/// The query failed, or the stored analysis does not read.
pub async fn compatibility(conn: &mut AsyncPgConnection, pair: Pair) -> anyhow::Result<Option<CompatibilityRecord>> {
    let row: Option<CompatibilityRow> = diesel::sql_query(
        "SELECT status, compatibility_status, compatibility_score, compatibility_analysis, compatibility_computed_at \
         FROM friendships WHERE user_low = $1 AND user_high = $2",
    )
    .bind::<SqlUuid, _>(*pair.low().as_uuid())
    .bind::<SqlUuid, _>(*pair.high().as_uuid())
    .get_result(conn)
    .await
    .optional()?;
    let Some(row) = row.filter(|r| r.status == "accepted") else { return Ok(None) };
    let analysis = row.compatibility_analysis.map(serde_json::from_value::<Analysis>).transpose()?;
    Ok(Some(CompatibilityRecord {
        status: row
            .compatibility_status
            .as_deref()
            .and_then(CompatibilityStatus::parse)
            .unwrap_or(CompatibilityStatus::Pending),
        score: row.compatibility_score,
        analysis,
        computed_at: row.compatibility_computed_at,
    }))
}

/// Makes every friendship of `user` compute its compatibility again (birth data changed).
/// Returns how many.
///
/// # Errors
/// The update failed.
pub async fn request_recompute(
    conn: &mut AsyncPgConnection,
    user: UserId,
    now: DateTime<Utc>,
) -> Result<usize, diesel::result::Error> {
    let id = *user.as_uuid();
    diesel::update(
        friendships::table
            .filter(friendships::status.eq("accepted"))
            .filter(friendships::user_low.eq(id).or(friendships::user_high.eq(id))),
    )
    .set((
        friendships::compatibility_status.eq(Some(CompatibilityStatus::Pending.as_str())),
        friendships::compatibility_score.eq(None::<i32>),
        friendships::compatibility_analysis.eq(None::<serde_json::Value>),
        friendships::compatibility_computed_at.eq(None::<DateTime<Utc>>),
        friendships::compatibility_version.eq(friendships::compatibility_version + 1),
        friendships::compatibility_attempts.eq(0),
        friendships::compatibility_due_at.eq(Some(now)),
    ))
    .execute(conn)
    .await
}

#[derive(QueryableByName)]
struct ClaimRow {
    #[diesel(sql_type = SqlUuid)]
    user_low: Uuid,
    #[diesel(sql_type = SqlUuid)]
    user_high: Uuid,
    #[diesel(sql_type = Int4)]
    compatibility_version: i32,
    #[diesel(sql_type = Int4)]
    compatibility_attempts: i32,
}

/// Takes up to `limit` due compatibilities nobody else holds (`FOR UPDATE SKIP LOCKED`): each is
/// not due again before `lease_until`, so a crashed worker's claims come back then.
///
/// # Errors
/// The statement failed.
pub async fn claim_due(
    conn: &mut AsyncPgConnection,
    now: DateTime<Utc>,
    lease_until: DateTime<Utc>,
    limit: i64,
) -> Result<Vec<Claim>, diesel::result::Error> {
    let rows: Vec<ClaimRow> = diesel::sql_query(
        "WITH due AS ( \
           SELECT user_low, user_high FROM friendships \
           WHERE status = 'accepted' AND compatibility_status = 'pending' AND compatibility_due_at <= $1 \
           ORDER BY compatibility_due_at LIMIT $3 FOR UPDATE SKIP LOCKED) \
         UPDATE friendships f SET compatibility_due_at = $2 FROM due \
         WHERE f.user_low = due.user_low AND f.user_high = due.user_high \
         RETURNING f.user_low, f.user_high, f.compatibility_version, f.compatibility_attempts",
    )
    .bind::<Timestamptz, _>(now)
    .bind::<Timestamptz, _>(lease_until)
    .bind::<Int8, _>(limit)
    .load(conn)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            let pair = Pair::of(UserId::from_uuid(r.user_low), UserId::from_uuid(r.user_high))?;
            Some(Claim { pair, version: r.compatibility_version, attempts: r.compatibility_attempts })
        })
        .collect())
}

/// Records how the computation of `claim` ended, unless the friendship changed meanwhile (removed,
/// or asked to compute again: another version). Returns whether it was recorded.
///
/// # Errors
/// The update failed, or the analysis does not serialise.
pub async fn finish(
    conn: &mut AsyncPgConnection,
    claim: Claim,
    outcome: Outcome,
    now: DateTime<Utc>,
) -> anyhow::Result<bool> {
    let target = friendships::table
        .filter(pair_filter(claim.pair))
        .filter(friendships::status.eq("accepted"))
        .filter(friendships::compatibility_version.eq(claim.version));
    let done = |status: CompatibilityStatus| {
        (
            friendships::compatibility_status.eq(Some(status.as_str())),
            friendships::compatibility_attempts.eq(0),
            friendships::compatibility_due_at.eq(None::<DateTime<Utc>>),
        )
    };
    let updated = match outcome {
        Outcome::Ready { score, analysis } => {
            let json = serde_json::to_value(&analysis)?;
            diesel::update(target)
                .set((
                    done(CompatibilityStatus::Ready),
                    friendships::compatibility_score.eq(Some(score)),
                    friendships::compatibility_analysis.eq(Some(json)),
                    friendships::compatibility_computed_at.eq(Some(now)),
                ))
                .execute(conn)
                .await?
        }
        Outcome::Unavailable | Outcome::Failed => {
            let status = if matches!(outcome, Outcome::Failed) {
                CompatibilityStatus::Failed
            } else {
                CompatibilityStatus::Unavailable
            };
            diesel::update(target)
                .set((
                    done(status),
                    friendships::compatibility_score.eq(None::<i32>),
                    friendships::compatibility_analysis.eq(None::<serde_json::Value>),
                    friendships::compatibility_computed_at.eq(None::<DateTime<Utc>>),
                ))
                .execute(conn)
                .await?
        }
        Outcome::Retry { at } => {
            diesel::update(target)
                .set((
                    friendships::compatibility_attempts.eq(friendships::compatibility_attempts + 1),
                    friendships::compatibility_due_at.eq(Some(at)),
                ))
                .execute(conn)
                .await?
        }
    };
    Ok(updated == 1)
}

/// Deletes every row and logged request of `user`.
///
/// # Errors
/// A failed delete.
pub async fn delete_all_of(conn: &mut AsyncPgConnection, user: UserId) -> Result<(), diesel::result::Error> {
    let id = *user.as_uuid();
    diesel::delete(friendships::table.filter(friendships::user_low.eq(id).or(friendships::user_high.eq(id))))
        .execute(conn)
        .await?;
    diesel::delete(
        friend_request_log::table
            .filter(friend_request_log::requester_id.eq(id).or(friend_request_log::recipient_id.eq(id))),
    )
    .execute(conn)
    .await?;
    Ok(())
}

#[derive(QueryableByName)]
struct KeyedMemberRow {
    #[diesel(sql_type = Text)]
    username_key: String,
    #[diesel(embed)]
    member: MemberRow,
}

/// The accepted friends of `user` whose username key is one of `keys`, and who neither blocked
/// `user` nor were blocked by them: the members `user` may mention. By key.
///
/// # Errors
/// The query failed.
pub async fn mentionable_friends(
    conn: &mut AsyncPgConnection,
    user: UserId,
    keys: &[String],
) -> Result<Vec<(String, Member)>, diesel::result::Error> {
    if keys.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<KeyedMemberRow> = diesel::sql_query(format!(
        "SELECT m.username_key, m.user_id, m.username, m.first_name, m.profile_image_url \
         FROM friendships f \
         JOIN members m ON m.user_id = CASE WHEN f.user_low = $1 THEN f.user_high ELSE f.user_low END \
         WHERE (f.user_low = $1 OR f.user_high = $1) AND f.status = 'accepted' \
           AND m.username_key = ANY($2) AND {}",
        super::blocks::neither_blocked("$1", "m.user_id")
    ))
    .bind::<SqlUuid, _>(*user.as_uuid())
    .bind::<diesel::sql_types::Array<Text>, _>(keys)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.username_key, Member::from(r.member))).collect())
}
