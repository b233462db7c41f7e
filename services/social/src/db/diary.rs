//! `diary_entries`, `mention_notifications` and `diary_write_log` (the daily limit).

use chrono::{DateTime, NaiveDate, Utc};
use diesel::sql_types::{Array, Bool, Date, Int8, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel::{BoolExpressionMethods as _, ExpressionMethods as _, QueryDsl as _, QueryableByName};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use uuid::Uuid;

use super::blocks::neither_blocked;
use super::members::MemberRow;
use super::schema::{diary_entries, diary_write_log, mention_notifications};
use crate::domain::Member;
use crate::domain::diary::{ClientId, Cursor, Entry, EntryId, MentionId, MentionNotice, Timing};

/// The columns of an entry, as [`EntryRow`] reads them (table alias `e`).
const ENTRY_COLUMNS: &str = "e.id, e.user_id, e.client_id, e.content, e.date, e.publish_to_future, e.delivery_date, \
     e.authored_date, e.delivered_at, e.has_been_shown, e.email_sent, e.created_at, e.updated_at";

#[derive(QueryableByName)]
struct EntryRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    user_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    client_id: Uuid,
    #[diesel(sql_type = Text)]
    content: String,
    #[diesel(sql_type = Date)]
    date: NaiveDate,
    #[diesel(sql_type = Bool)]
    publish_to_future: bool,
    #[diesel(sql_type = Nullable<Date>)]
    delivery_date: Option<NaiveDate>,
    #[diesel(sql_type = Nullable<Date>)]
    authored_date: Option<NaiveDate>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    delivered_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Bool)]
    has_been_shown: bool,
    #[diesel(sql_type = Bool)]
    email_sent: bool,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    updated_at: DateTime<Utc>,
}

impl From<EntryRow> for Entry {
    fn from(r: EntryRow) -> Self {
        Self {
            id: EntryId::from_uuid(r.id),
            author: UserId::from_uuid(r.user_id),
            client_id: ClientId::from_uuid(r.client_id),
            content: r.content,
            date: r.date,
            publish_to_future: r.publish_to_future,
            delivery_date: r.delivery_date,
            authored_date: r.authored_date,
            delivered_at: r.delivered_at,
            has_been_shown: r.has_been_shown,
            email_sent: r.email_sent,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

/// Runs `sql` (an entry query with `ENTRY_COLUMNS` in place of `{}` and `$1` = a user, `$2` = an
/// entry id) and gives its rows.
async fn entries_of(
    conn: &mut AsyncPgConnection,
    sql: &str,
    user: UserId,
    entry: Uuid,
) -> Result<Vec<Entry>, diesel::result::Error> {
    let rows: Vec<EntryRow> = diesel::sql_query(sql.replace("{}", ENTRY_COLUMNS))
        .bind::<SqlUuid, _>(*user.as_uuid())
        .bind::<SqlUuid, _>(entry)
        .load(conn)
        .await?;
    Ok(rows.into_iter().map(Entry::from).collect())
}

/// A new entry of `author`.
#[derive(Clone, Debug)]
pub struct NewEntry<'a> {
    pub id: EntryId,
    pub author: UserId,
    pub client_id: ClientId,
    pub content: &'a str,
    pub timing: Timing,
}

/// `author`'s entry made from `client_id`, if any.
///
/// # Errors
/// The query failed.
pub async fn find_by_client(
    conn: &mut AsyncPgConnection,
    author: UserId,
    client_id: ClientId,
) -> Result<Option<Entry>, diesel::result::Error> {
    let sql = "SELECT {} FROM diary_entries e WHERE e.user_id = $1 AND e.client_id = $2";
    Ok(entries_of(conn, sql, author, *client_id.as_uuid()).await?.pop())
}

/// Inserts the entry unless `author` already has one from its `client_id` (the unique index
/// decides, also between concurrent requests). Returns it when it was inserted.
///
/// # Errors
/// The insert failed.
pub async fn insert(
    conn: &mut AsyncPgConnection,
    new: &NewEntry<'_>,
    now: DateTime<Utc>,
) -> Result<Option<Entry>, diesel::result::Error> {
    let (letter, delivery, authored) = match new.timing {
        Timing::Plain { .. } => (false, None, None),
        Timing::Letter { delivery, authored } => (true, Some(delivery), Some(authored)),
    };
    let rows: Vec<EntryRow> = diesel::sql_query(format!(
        "INSERT INTO diary_entries AS e (id, user_id, client_id, content, date, publish_to_future, delivery_date, \
            authored_date, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) \
         ON CONFLICT (user_id, client_id) DO NOTHING RETURNING {ENTRY_COLUMNS}"
    ))
    .bind::<SqlUuid, _>(*new.id.as_uuid())
    .bind::<SqlUuid, _>(*new.author.as_uuid())
    .bind::<SqlUuid, _>(*new.client_id.as_uuid())
    .bind::<Text, _>(new.content)
    .bind::<Date, _>(new.timing.date())
    .bind::<Bool, _>(letter)
    .bind::<Nullable<Date>, _>(delivery)
    .bind::<Nullable<Date>, _>(authored)
    .bind::<Timestamptz, _>(now)
    .load(conn)
    .await?;
    Ok(rows.into_iter().next().map(Entry::from))
}

/// `author`'s entry `id`; with `lock`, locked for the rest of the transaction.
///
/// # Errors
/// The query failed.
pub async fn find_own(
    conn: &mut AsyncPgConnection,
    author: UserId,
    id: EntryId,
    lock: bool,
) -> Result<Option<Entry>, diesel::result::Error> {
    let sql = "SELECT {} FROM diary_entries e WHERE e.user_id = $1 AND e.id = $2";
    let sql = if lock { format!("{sql} FOR UPDATE") } else { sql.to_owned() };
    Ok(entries_of(conn, &sql, author, *id.as_uuid()).await?.pop())
}

/// Entry `id` when it mentions `reader` (they have its mention row) and neither `reader` nor its
/// author blocked the other.
///
/// # Errors
/// The query failed.
pub async fn find_mentioning(
    conn: &mut AsyncPgConnection,
    reader: UserId,
    id: EntryId,
) -> Result<Option<Entry>, diesel::result::Error> {
    let sql = format!(
        "SELECT {{}} FROM diary_entries e \
         JOIN mention_notifications n ON n.diary_entry_id = e.id AND n.user_id = $1 \
         WHERE e.id = $2 AND {}",
        neither_blocked("$1", "e.user_id")
    );
    Ok(entries_of(conn, &sql, reader, *id.as_uuid()).await?.pop())
}

/// Changes an entry's text and date.
///
/// # Errors
/// The update failed.
pub async fn update_text(
    conn: &mut AsyncPgConnection,
    id: EntryId,
    content: &str,
    date: NaiveDate,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    diesel::update(diary_entries::table.filter(diary_entries::id.eq(id.as_uuid())))
        .set((diary_entries::content.eq(content), diary_entries::date.eq(date), diary_entries::updated_at.eq(now)))
        .execute(conn)
        .await?;
    Ok(())
}

/// Deletes `author`'s entry `id` (its mention rows go with it); gives what was deleted.
///
/// # Errors
/// The delete failed.
pub async fn delete_own(
    conn: &mut AsyncPgConnection,
    author: UserId,
    id: EntryId,
) -> Result<Option<Entry>, diesel::result::Error> {
    let sql = "DELETE FROM diary_entries e WHERE e.user_id = $1 AND e.id = $2 RETURNING {}";
    Ok(entries_of(conn, sql, author, *id.as_uuid()).await?.pop())
}

/// Up to `limit` of `author`'s entries after `after`, newest date first, then newest id.
///
/// # Errors
/// The query failed.
pub async fn page(
    conn: &mut AsyncPgConnection,
    author: UserId,
    after: Option<Cursor>,
    limit: i64,
) -> Result<Vec<Entry>, diesel::result::Error> {
    let rows: Vec<EntryRow> = diesel::sql_query(format!(
        "SELECT {ENTRY_COLUMNS} FROM diary_entries e \
         WHERE e.user_id = $1 AND ($2::date IS NULL OR (e.date, e.id) < ($2::date, $3::uuid)) \
         ORDER BY e.date DESC, e.id DESC LIMIT $4"
    ))
    .bind::<SqlUuid, _>(*author.as_uuid())
    .bind::<Nullable<Date>, _>(after.map(|c| c.date))
    .bind::<Nullable<SqlUuid>, _>(after.map(|c| *c.id.as_uuid()))
    .bind::<Int8, _>(limit)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(Entry::from).collect())
}

/// `author`'s letters delivered and not yet shown, oldest delivery first.
///
/// # Errors
/// The query failed.
pub async fn unshown_letters(
    conn: &mut AsyncPgConnection,
    author: UserId,
) -> Result<Vec<Entry>, diesel::result::Error> {
    let rows: Vec<EntryRow> = diesel::sql_query(format!(
        "SELECT {ENTRY_COLUMNS} FROM diary_entries e \
         WHERE e.user_id = $1 AND e.publish_to_future AND e.delivered_at IS NOT NULL AND NOT e.has_been_shown \
         ORDER BY e.delivered_at, e.id"
    ))
    .bind::<SqlUuid, _>(*author.as_uuid())
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(Entry::from).collect())
}

/// Marks `author`'s delivered letter `id` shown. Returns whether there was such a letter.
///
/// # Errors
/// The update failed.
pub async fn mark_letter_shown(
    conn: &mut AsyncPgConnection,
    author: UserId,
    id: EntryId,
) -> Result<bool, diesel::result::Error> {
    let updated = diesel::update(
        diary_entries::table
            .filter(diary_entries::id.eq(id.as_uuid()))
            .filter(diary_entries::user_id.eq(author.as_uuid()))
            .filter(diary_entries::publish_to_future.eq(true))
            .filter(diary_entries::delivered_at.is_not_null()),
    )
    .set(diary_entries::has_been_shown.eq(true))
    .execute(conn)
    .await?;
    Ok(updated == 1)
}

/// Unseals `author`'s letter `id` (delivered at `at`, mailed or not), unless it was delivered
/// before or is gone. Gives the delivered letter.
///
/// # Errors
/// The update failed.
pub async fn mark_delivered(
    conn: &mut AsyncPgConnection,
    author: UserId,
    id: EntryId,
    at: DateTime<Utc>,
    email_sent: bool,
) -> Result<Option<Entry>, diesel::result::Error> {
    let rows: Vec<EntryRow> = diesel::sql_query(format!(
        "UPDATE diary_entries e SET delivered_at = $3, email_sent = $4 \
         WHERE e.user_id = $1 AND e.id = $2 AND e.publish_to_future AND e.delivered_at IS NULL \
         RETURNING {ENTRY_COLUMNS}"
    ))
    .bind::<SqlUuid, _>(*author.as_uuid())
    .bind::<SqlUuid, _>(*id.as_uuid())
    .bind::<Timestamptz, _>(at)
    .bind::<Bool, _>(email_sent)
    .load(conn)
    .await?;
    Ok(rows.into_iter().next().map(Entry::from))
}

/// Logs an entry written by `author` (kept when it is deleted).
///
/// # Errors
/// The insert failed.
pub async fn log_write(
    conn: &mut AsyncPgConnection,
    author: UserId,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    diesel::insert_into(diary_write_log::table)
        .values((diary_write_log::user_id.eq(author.as_uuid()), diary_write_log::written_at.eq(now)))
        .execute(conn)
        .await?;
    Ok(())
}

/// Entries `author` wrote after `since`.
///
/// # Errors
/// The query failed.
pub async fn count_written_since(
    conn: &mut AsyncPgConnection,
    author: UserId,
    since: DateTime<Utc>,
) -> Result<i64, diesel::result::Error> {
    diary_write_log::table
        .filter(diary_write_log::user_id.eq(author.as_uuid()))
        .filter(diary_write_log::written_at.gt(since))
        .count()
        .get_result(conn)
        .await
}

#[derive(QueryableByName)]
struct MentionedRow {
    #[diesel(sql_type = SqlUuid)]
    diary_entry_id: Uuid,
    #[diesel(embed)]
    member: MemberRow,
}

/// The members each of `entries` mentions (that social knows), by username.
///
/// # Errors
/// The query failed.
pub async fn mentioned_in(
    conn: &mut AsyncPgConnection,
    entries: &[EntryId],
) -> Result<Vec<(EntryId, Member)>, diesel::result::Error> {
    if entries.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<Uuid> = entries.iter().map(|e| *e.as_uuid()).collect();
    let rows: Vec<MentionedRow> = diesel::sql_query(
        "SELECT n.diary_entry_id, m.user_id, m.username, m.first_name, m.profile_image_url \
         FROM mention_notifications n JOIN members m ON m.user_id = n.user_id \
         WHERE n.diary_entry_id = ANY($1) ORDER BY m.username_key, m.user_id",
    )
    .bind::<Array<SqlUuid>, _>(ids)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (EntryId::from_uuid(r.diary_entry_id), Member::from(r.member))).collect())
}

/// Makes the entry's mention rows exactly `mentioned`: rows of members no longer mentioned go
/// (their access and unseen notification with them), new ones are inserted (`ON CONFLICT DO
/// NOTHING`). Returns the members whose row is new, the ones to notify.
///
/// # Errors
/// A failed statement.
pub async fn set_mentions(
    conn: &mut AsyncPgConnection,
    entry: &Entry,
    mentioned: &[UserId],
    now: DateTime<Utc>,
) -> Result<Vec<UserId>, diesel::result::Error> {
    let keep: Vec<Uuid> = mentioned.iter().map(|u| *u.as_uuid()).collect();
    diesel::delete(
        mention_notifications::table
            .filter(mention_notifications::diary_entry_id.eq(entry.id.as_uuid()))
            .filter(mention_notifications::user_id.ne_all(&keep)),
    )
    .execute(conn)
    .await?;
    let mut inserted = Vec::new();
    for user in mentioned {
        let n = diesel::insert_into(mention_notifications::table)
            .values((
                mention_notifications::id.eq(MentionId::new().as_uuid()),
                mention_notifications::user_id.eq(user.as_uuid()),
                mention_notifications::mentioner_id.eq(entry.author.as_uuid()),
                mention_notifications::diary_entry_id.eq(entry.id.as_uuid()),
                mention_notifications::created_at.eq(now),
            ))
            .on_conflict((mention_notifications::diary_entry_id, mention_notifications::user_id))
            .do_nothing()
            .execute(conn)
            .await?;
        if n == 1 {
            inserted.push(*user);
        }
    }
    Ok(inserted)
}

#[derive(QueryableByName)]
struct NoticeRow {
    #[diesel(sql_type = SqlUuid)]
    notice_id: Uuid,
    #[diesel(embed)]
    mentioner: MemberRow,
    #[diesel(sql_type = SqlUuid)]
    entry_id: Uuid,
    #[diesel(sql_type = Date)]
    entry_date: NaiveDate,
    #[diesel(sql_type = Text)]
    entry_content: String,
    #[diesel(sql_type = Timestamptz)]
    notice_created_at: DateTime<Utc>,
}

/// `user`'s unseen mention notifications, oldest first, without those of a member either of the
/// two blocked.
///
/// # Errors
/// The query failed.
pub async fn unseen_mentions(
    conn: &mut AsyncPgConnection,
    user: UserId,
) -> Result<Vec<MentionNotice>, diesel::result::Error> {
    let rows: Vec<NoticeRow> = diesel::sql_query(format!(
        "SELECT n.id AS notice_id, m.user_id, m.username, m.first_name, m.profile_image_url, \
                e.id AS entry_id, e.date AS entry_date, e.content AS entry_content, n.created_at AS notice_created_at \
         FROM mention_notifications n \
         JOIN diary_entries e ON e.id = n.diary_entry_id \
         JOIN members m ON m.user_id = n.mentioner_id \
         WHERE n.user_id = $1 AND NOT n.has_been_shown AND {} \
         ORDER BY n.created_at, n.id",
        neither_blocked("$1", "n.mentioner_id")
    ))
    .bind::<SqlUuid, _>(*user.as_uuid())
    .load(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| MentionNotice {
            id: MentionId::from_uuid(r.notice_id),
            mentioner: Member::from(r.mentioner),
            entry_id: EntryId::from_uuid(r.entry_id),
            entry_date: r.entry_date,
            entry_content: r.entry_content,
            created_at: r.notice_created_at,
        })
        .collect())
}

/// Marks `user`'s notification `id` seen. Returns whether it is theirs.
///
/// # Errors
/// The update failed.
pub async fn mark_mention_shown(
    conn: &mut AsyncPgConnection,
    user: UserId,
    id: MentionId,
) -> Result<bool, diesel::result::Error> {
    let updated = diesel::update(
        mention_notifications::table
            .filter(mention_notifications::id.eq(id.as_uuid()))
            .filter(mention_notifications::user_id.eq(user.as_uuid())),
    )
    .set(mention_notifications::has_been_shown.eq(true))
    .execute(conn)
    .await?;
    Ok(updated == 1)
}

/// Deletes `user`'s entries (letters included, with their mention rows), every mention row to or
/// from them, and their write log. Entries of others that mention them keep their text.
///
/// # Errors
/// A failed delete.
pub async fn delete_all_of(conn: &mut AsyncPgConnection, user: UserId) -> Result<(), diesel::result::Error> {
    let id = *user.as_uuid();
    diesel::delete(
        mention_notifications::table
            .filter(mention_notifications::user_id.eq(id).or(mention_notifications::mentioner_id.eq(id))),
    )
    .execute(conn)
    .await?;
    diesel::delete(diary_entries::table.filter(diary_entries::user_id.eq(id))).execute(conn).await?;
    diesel::delete(diary_write_log::table.filter(diary_write_log::user_id.eq(id))).execute(conn).await?;
    Ok(())
}
