//! `email_notifications`: the outbox of e-mail. Rows are written by the `mail` consumer and
//! worked through by the sender task.

use std::time::Duration;

use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Integer, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel::{ExpressionMethods as _, QueryDsl as _, QueryableByName};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use uuid::Uuid;

use super::connection;
use super::schema::{email_notifications, email_preferences, member_activity, scheduled_deliveries};
use super::unsubscribe::{self, NewToken};
use crate::domain::MailType;
use crate::domain::schedule::after;
use crate::error::Error;
use crate::mailer::OutgoingMail;
use crate::templates::Rendered;

/// A rendered message for one recipient, ready to queue.
pub struct NewMail<'a> {
    /// What the row is unique by: the `MailRequested` event, or the scheduled delivery's id.
    pub event_id: Uuid,
    pub user: Option<UserId>,
    pub recipient: &'a str,
    pub rendered: &'a Rendered,
    /// The unsubscribe token the message links to (optional mail), stored with the row.
    pub token: Option<NewToken>,
}

/// Inserts `mail` on `conn` (inside the caller's transaction), due at `now`, with its unsubscribe
/// token. Returns the new row's id; `None` when a row for its event id exists (a retried delivery,
/// a replayed event): nothing is inserted then, the token neither.
///
/// # Errors
/// The database failed.
pub async fn insert(
    conn: &mut AsyncPgConnection,
    mail: &NewMail<'_>,
    now: DateTime<Utc>,
) -> Result<Option<Uuid>, Error> {
    let id = Uuid::now_v7();
    let rendered = mail.rendered;
    let inserted = diesel::insert_into(email_notifications::table)
        .values((
            email_notifications::id.eq(id),
            email_notifications::event_id.eq(mail.event_id),
            email_notifications::user_id.eq(mail.user.map(|u| *u.as_uuid())),
            email_notifications::recipient.eq(mail.recipient),
            email_notifications::subject.eq(&rendered.subject),
            email_notifications::type_.eq(rendered.mail_type.as_str()),
            email_notifications::metadata.eq(&rendered.metadata),
            email_notifications::body_text.eq(&rendered.text),
            email_notifications::body_html.eq(&rendered.html),
            email_notifications::list_unsubscribe.eq(&rendered.list_unsubscribe),
            email_notifications::next_attempt_at.eq(now),
            email_notifications::created_at.eq(now),
        ))
        .on_conflict(email_notifications::event_id)
        .do_nothing()
        .execute(conn)
        .await
        .map_err(Error::db("insert the notification"))?;
    if inserted == 0 {
        return Ok(None);
    }
    if let Some(token) = &mail.token {
        unsubscribe::insert(conn, token, now).await?;
    }
    Ok(Some(id))
}

/// Queues `mail` (the `MailRequested` event `mail.event_id`), in one transaction with the
/// processed-event mark. Returns the new row's id; `None` when the event was handled (and the
/// message queued) before.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(event_id = %mail.event_id, mail_type = mail.rendered.mail_type.as_str()))]
pub async fn enqueue(
    pool: &meguri_db::Pool,
    consumer: &str,
    mail: &NewMail<'_>,
    now: DateTime<Utc>,
) -> Result<Option<Uuid>, Error> {
    let mut conn = connection(pool).await?;
    conn.transaction(async |conn| {
        if !meguri_events::mark_processed(conn, consumer, mail.event_id).await.map_err(Error::db("mark the event"))? {
            return Ok(None);
        }
        insert(conn, mail, now).await
    })
    .await
}

/// A pending message taken by this sender for one attempt.
#[derive(Debug)]
pub struct Claimed {
    pub id: Uuid,
    pub mail_type: MailType,
    /// Failed attempts before this one.
    pub attempts: u32,
    /// `None` when the row has lost its bodies (it cannot be sent).
    pub mail: Option<OutgoingMail>,
}

#[derive(QueryableByName)]
struct ClaimRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    r#type: String,
    #[diesel(sql_type = Text)]
    recipient: String,
    #[diesel(sql_type = Text)]
    subject: String,
    #[diesel(sql_type = Nullable<Text>)]
    body_text: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    body_html: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    list_unsubscribe: Option<String>,
    #[diesel(sql_type = Integer)]
    attempts: i32,
}

/// Takes up to `batch` pending rows due at `now` (the service's clock), oldest first, skipping
/// rows another sender has locked, and hides them for `lease` (their `next_attempt_at` moves
/// forward): if this process dies mid-send, another attempt follows once the lease ends. Nothing
/// is held locked while sending.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all)]
pub async fn claim_due(
    pool: &meguri_db::Pool,
    batch: i64,
    lease: Duration,
    now: DateTime<Utc>,
) -> Result<Vec<Claimed>, Error> {
    let mut conn = connection(pool).await?;
    let rows: Vec<ClaimRow> = diesel::sql_query(
        "UPDATE email_notifications SET next_attempt_at = $3 \
         WHERE id IN (SELECT id FROM email_notifications \
                      WHERE status = 'pending' AND next_attempt_at <= $2 \
                      ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED) \
         RETURNING id, type, recipient, subject, body_text, body_html, list_unsubscribe, attempts",
    )
    .bind::<BigInt, _>(batch)
    .bind::<Timestamptz, _>(now)
    .bind::<Timestamptz, _>(after(now, lease))
    .load(&mut conn)
    .await
    .map_err(Error::db("claim due notifications"))?;
    rows.into_iter()
        .map(|r| {
            let mail_type = MailType::from_stored(&r.r#type)
                .ok_or_else(|| Error::Unexpected(anyhow::anyhow!("a stored notification has an unknown type")))?;
            let mail = match (r.body_text, r.body_html) {
                (Some(text), Some(html)) => Some(OutgoingMail {
                    id: r.id,
                    mail_type,
                    to: r.recipient,
                    subject: r.subject,
                    text,
                    html,
                    list_unsubscribe: r.list_unsubscribe,
                }),
                _ => None,
            };
            Ok(Claimed { id: r.id, mail_type, attempts: u32::try_from(r.attempts).unwrap_or(0), mail })
        })
        .collect()
}

/// The message left at `now`: `sent`, with its bodies cleared.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(notification_id = %id))]
pub async fn mark_sent(pool: &meguri_db::Pool, id: Uuid, now: DateTime<Utc>) -> Result<(), Error> {
    let mut conn = connection(pool).await?;
    diesel::sql_query(
        "UPDATE email_notifications SET status = 'sent', sent_at = $2, body_text = NULL, body_html = NULL, \
         list_unsubscribe = NULL, error_message = NULL WHERE id = $1 AND status = 'pending'",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Timestamptz, _>(now)
    .execute(&mut conn)
    .await
    .map_err(Error::db("mark the notification sent"))?;
    Ok(())
}

/// The attempt failed and another follows at `next_at`.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(notification_id = %id, attempts))]
pub async fn mark_retry(
    pool: &meguri_db::Pool,
    id: Uuid,
    attempts: u32,
    error: &str,
    next_at: DateTime<Utc>,
) -> Result<(), Error> {
    let mut conn = connection(pool).await?;
    diesel::sql_query(
        "UPDATE email_notifications SET attempts = $2, error_message = $3, \
         next_attempt_at = $4 WHERE id = $1 AND status = 'pending'",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Integer, _>(i32::try_from(attempts).unwrap_or(i32::MAX))
    .bind::<Text, _>(error)
    .bind::<Timestamptz, _>(next_at)
    .execute(&mut conn)
    .await
    .map_err(Error::db("schedule the next attempt"))?;
    Ok(())
}

/// No more attempts: `failed`, with its bodies cleared.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(notification_id = %id, attempts))]
pub async fn mark_failed(pool: &meguri_db::Pool, id: Uuid, attempts: u32, error: &str) -> Result<(), Error> {
    let mut conn = connection(pool).await?;
    diesel::sql_query(
        "UPDATE email_notifications SET status = 'failed', attempts = $2, error_message = $3, failed_at = now(), \
         body_text = NULL, body_html = NULL, list_unsubscribe = NULL WHERE id = $1 AND status = 'pending'",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Integer, _>(i32::try_from(attempts).unwrap_or(i32::MAX))
    .bind::<Text, _>(error)
    .execute(&mut conn)
    .await
    .map_err(Error::db("mark the notification failed"))?;
    Ok(())
}

#[derive(QueryableByName)]
struct StatsRow {
    #[diesel(sql_type = BigInt)]
    pending: i64,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    next_due: Option<DateTime<Utc>>,
}

/// How many rows are pending, and how long after `now` the next one is due (zero when one is due
/// now, `None` when none is pending).
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
pub async fn pending(pool: &meguri_db::Pool, now: DateTime<Utc>) -> Result<(i64, Option<Duration>), Error> {
    let mut conn = connection(pool).await?;
    let row: StatsRow = diesel::sql_query(
        "SELECT count(*) AS pending, min(next_attempt_at) AS next_due \
         FROM email_notifications WHERE status = 'pending'",
    )
    .get_result(&mut conn)
    .await
    .map_err(Error::db("count pending notifications"))?;
    let next = row.next_due.map(|due| (due - now).to_std().unwrap_or(Duration::ZERO));
    Ok((row.pending, next))
}

/// For `identity.account_deleted`, once per event: drops the user's preferences, scheduled
/// deliveries, visits and unsubscribe tokens, and scrubs their messages (recipient `deleted`,
/// bodies and metadata cleared; a message still pending is marked failed). Returns the number of
/// messages scrubbed, `None` when the event was handled before.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(user_id = %user, %event_id))]
pub async fn forget_user(
    pool: &meguri_db::Pool,
    consumer: &str,
    event_id: Uuid,
    user: UserId,
) -> Result<Option<usize>, Error> {
    let mut conn = connection(pool).await?;
    conn.transaction(async |conn| {
        if !meguri_events::mark_processed(conn, consumer, event_id).await.map_err(Error::db("mark the event"))? {
            return Ok(None);
        }
        diesel::delete(email_preferences::table.filter(email_preferences::user_id.eq(user.as_uuid())))
            .execute(conn)
            .await
            .map_err(Error::db("delete the preferences"))?;
        diesel::delete(scheduled_deliveries::table.filter(scheduled_deliveries::user_id.eq(user.as_uuid())))
            .execute(conn)
            .await
            .map_err(Error::db("delete the scheduled deliveries"))?;
        diesel::delete(member_activity::table.filter(member_activity::user_id.eq(user.as_uuid())))
            .execute(conn)
            .await
            .map_err(Error::db("delete the activity"))?;
        unsubscribe::delete_for(conn, user).await?;
        let scrubbed = diesel::sql_query(
            "UPDATE email_notifications SET recipient = 'deleted', body_text = NULL, body_html = NULL, \
             list_unsubscribe = NULL, metadata = '{}', \
             error_message = CASE WHEN status = 'pending' THEN 'account deleted' ELSE error_message END, \
             status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END \
             WHERE user_id = $1",
        )
        .bind::<SqlUuid, _>(*user.as_uuid())
        .execute(conn)
        .await
        .map_err(Error::db("scrub the user's notifications"))?;
        Ok(Some(scrubbed))
    })
    .await
}

/// How many mails were given up (every attempt failed) at or after `since`.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
pub async fn failed_since(pool: &meguri_db::Pool, since: DateTime<Utc>) -> Result<i64, Error> {
    let mut conn = connection(pool).await?;
    email_notifications::table
        .filter(email_notifications::failed_at.ge(since))
        .count()
        .get_result(&mut conn)
        .await
        .map_err(Error::db("count the failed mails"))
}
