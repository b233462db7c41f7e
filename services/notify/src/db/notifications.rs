//! `email_notifications`: the outbox of e-mail. Rows are written by the `mail` consumer and
//! worked through by the sender task.

use std::time::Duration;

use diesel::sql_types::{BigInt, Double, Integer, Nullable, Text, Uuid as SqlUuid};
use diesel::{ExpressionMethods as _, QueryDsl as _, QueryableByName};
use diesel_async::{AsyncConnection as _, RunQueryDsl as _};
use meguri_ids::UserId;
use uuid::Uuid;

use super::connection;
use super::schema::{email_notifications, email_preferences};
use crate::domain::MailType;
use crate::error::Error;
use crate::mailer::OutgoingMail;
use crate::templates::Rendered;

/// Queues the rendered message of the `MailRequested` event `event_id`, in one transaction with
/// the processed-event mark. Returns the new row's id; `None` when the event was handled (and the
/// message queued) before.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(%event_id, mail_type = rendered.mail_type.as_str()))]
pub async fn enqueue(
    pool: &meguri_db::Pool,
    consumer: &str,
    event_id: Uuid,
    user: Option<UserId>,
    recipient: &str,
    rendered: &Rendered,
) -> Result<Option<Uuid>, Error> {
    let mut conn = connection(pool).await?;
    conn.transaction(async |conn| {
        if !meguri_events::mark_processed(conn, consumer, event_id).await.map_err(Error::db("mark the event"))? {
            return Ok(None);
        }
        let id = Uuid::now_v7();
        let inserted = diesel::insert_into(email_notifications::table)
            .values((
                email_notifications::id.eq(id),
                email_notifications::event_id.eq(event_id),
                email_notifications::user_id.eq(user.map(|u| *u.as_uuid())),
                email_notifications::recipient.eq(recipient),
                email_notifications::subject.eq(&rendered.subject),
                email_notifications::type_.eq(rendered.mail_type.as_str()),
                email_notifications::metadata.eq(&rendered.metadata),
                email_notifications::body_text.eq(&rendered.text),
                email_notifications::body_html.eq(&rendered.html),
            ))
            .on_conflict(email_notifications::event_id)
            .do_nothing()
            .execute(conn)
            .await
            .map_err(Error::db("insert the notification"))?;
        Ok((inserted == 1).then_some(id))
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
    #[diesel(sql_type = Integer)]
    attempts: i32,
}

/// Takes up to `batch` pending rows that are due, oldest first, skipping rows another sender has
/// locked, and hides them for `lease` (their `next_attempt_at` moves forward): if this process
/// dies mid-send, another attempt follows once the lease ends. Nothing is held locked while
/// sending.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all)]
pub async fn claim_due(pool: &meguri_db::Pool, batch: i64, lease: Duration) -> Result<Vec<Claimed>, Error> {
    let mut conn = connection(pool).await?;
    let rows: Vec<ClaimRow> = diesel::sql_query(
        "UPDATE email_notifications SET next_attempt_at = now() + make_interval(secs => $2) \
         WHERE id IN (SELECT id FROM email_notifications \
                      WHERE status = 'pending' AND next_attempt_at <= now() \
                      ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED) \
         RETURNING id, type, recipient, subject, body_text, body_html, attempts",
    )
    .bind::<BigInt, _>(batch)
    .bind::<Double, _>(lease.as_secs_f64())
    .load(&mut conn)
    .await
    .map_err(Error::db("claim due notifications"))?;
    rows.into_iter()
        .map(|r| {
            let mail_type = MailType::from_stored(&r.r#type)
                .ok_or_else(|| Error::Unexpected(anyhow::anyhow!("a stored notification has an unknown type")))?;
            let mail = match (r.body_text, r.body_html) {
                (Some(text), Some(html)) => {
                    Some(OutgoingMail { id: r.id, mail_type, to: r.recipient, subject: r.subject, text, html })
                }
                _ => None,
            };
            Ok(Claimed { id: r.id, mail_type, attempts: u32::try_from(r.attempts).unwrap_or(0), mail })
        })
        .collect()
}

/// The message left: `sent`, with its bodies cleared.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(notification_id = %id))]
pub async fn mark_sent(pool: &meguri_db::Pool, id: Uuid) -> Result<(), Error> {
    let mut conn = connection(pool).await?;
    diesel::sql_query(
        "UPDATE email_notifications SET status = 'sent', sent_at = now(), body_text = NULL, body_html = NULL, \
         error_message = NULL WHERE id = $1 AND status = 'pending'",
    )
    .bind::<SqlUuid, _>(id)
    .execute(&mut conn)
    .await
    .map_err(Error::db("mark the notification sent"))?;
    Ok(())
}

/// The attempt failed and another follows after `delay`.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(notification_id = %id, attempts))]
pub async fn mark_retry(
    pool: &meguri_db::Pool,
    id: Uuid,
    attempts: u32,
    error: &str,
    delay: Duration,
) -> Result<(), Error> {
    let mut conn = connection(pool).await?;
    diesel::sql_query(
        "UPDATE email_notifications SET attempts = $2, error_message = $3, \
         next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1 AND status = 'pending'",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Integer, _>(i32::try_from(attempts).unwrap_or(i32::MAX))
    .bind::<Text, _>(error)
    .bind::<Double, _>(delay.as_secs_f64())
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
        "UPDATE email_notifications SET status = 'failed', attempts = $2, error_message = $3, \
         body_text = NULL, body_html = NULL WHERE id = $1 AND status = 'pending'",
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
    #[diesel(sql_type = Nullable<Double>)]
    next_due_in: Option<f64>,
}

/// How many rows are pending, and how long until the next one is due (zero when one is due now,
/// `None` when none is pending). Both from the database's clock.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
pub async fn pending(pool: &meguri_db::Pool) -> Result<(i64, Option<Duration>), Error> {
    let mut conn = connection(pool).await?;
    let row: StatsRow = diesel::sql_query(
        "SELECT count(*) AS pending, \
         EXTRACT(EPOCH FROM (min(next_attempt_at) - now()))::float8 AS next_due_in \
         FROM email_notifications WHERE status = 'pending'",
    )
    .get_result(&mut conn)
    .await
    .map_err(Error::db("count pending notifications"))?;
    let next = row.next_due_in.map(|s| Duration::try_from_secs_f64(s.max(0.0)).unwrap_or(Duration::ZERO));
    Ok((row.pending, next))
}

/// For `identity.account_deleted`, once per event: drops the user's preferences and scrubs their
/// messages (recipient `deleted`, bodies and metadata cleared; a message still pending is marked
/// failed). Returns the number of messages scrubbed, `None` when the event was handled before.
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
        let scrubbed = diesel::sql_query(
            "UPDATE email_notifications SET recipient = 'deleted', body_text = NULL, body_html = NULL, \
             metadata = '{}', \
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
