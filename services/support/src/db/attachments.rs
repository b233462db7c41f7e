//! support_attachments: the rows of the screenshots (their bytes are in the attachment store), who
//! may read one, and the ids a thread's messages carry (also written to the spec's `attachments`
//! json lists of the message and, for the first message, of the ticket).

use chrono::{DateTime, Utc};
use diesel::{BoolExpressionMethods as _, ExpressionMethods as _, OptionalExtension as _, QueryDsl as _};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use uuid::Uuid;

use super::schema::{support_attachments as files, support_ticket_messages as messages, support_tickets as tickets};
use crate::usecases::tickets::{Attachment, Message};

/// A screenshot to record (its bytes are stored already).
pub struct NewAttachment<'a> {
    pub id: Uuid,
    pub content_type: &'a str,
    pub size_bytes: i32,
    pub width: i32,
    pub height: i32,
}

fn id_list(ids: impl Iterator<Item = Uuid>) -> serde_json::Value {
    serde_json::Value::Array(ids.map(|id| serde_json::Value::String(id.to_string())).collect())
}

/// Records `new` as the screenshots of `message` (of `ticket`); with `first`, also as the ticket's
/// (spec: a ticket's `attachments` are its first message's).
pub async fn insert(
    conn: &mut AsyncPgConnection,
    ticket: Uuid,
    message: Uuid,
    new: &[NewAttachment<'_>],
    first: bool,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    if new.is_empty() {
        return Ok(());
    }
    let rows: Vec<_> = new
        .iter()
        .map(|a| {
            (
                files::id.eq(a.id),
                files::ticket_id.eq(ticket),
                files::message_id.eq(message),
                files::content_type.eq(a.content_type),
                files::size_bytes.eq(a.size_bytes),
                files::width.eq(a.width),
                files::height.eq(a.height),
                files::created_at.eq(now),
            )
        })
        .collect();
    diesel::insert_into(files::table).values(rows).execute(conn).await?;
    let ids = id_list(new.iter().map(|a| a.id));
    diesel::update(messages::table.filter(messages::id.eq(message)))
        .set(messages::attachments.eq(&ids))
        .execute(conn)
        .await?;
    if first {
        diesel::update(tickets::table.filter(tickets::id.eq(ticket)))
            .set(tickets::attachments.eq(&ids))
            .execute(conn)
            .await?;
    }
    Ok(())
}

type Row = (Uuid, Uuid, String, i32, i32, i32);

/// `messages` with their screenshots filled in (one query), in the order they were sent.
pub async fn fill(conn: &mut AsyncPgConnection, mut list: Vec<Message>) -> Result<Vec<Message>, diesel::result::Error> {
    if list.is_empty() {
        return Ok(list);
    }
    let ids: Vec<Uuid> = list.iter().map(|m| m.id).collect();
    let rows: Vec<Row> = files::table
        .filter(files::message_id.eq_any(&ids))
        .order((files::created_at.asc(), files::id.asc()))
        .select((files::message_id, files::id, files::content_type, files::width, files::height, files::size_bytes))
        .load(conn)
        .await?;
    for (message_id, id, content_type, width, height, size_bytes) in rows {
        if let Some(m) = list.iter_mut().find(|m| m.id == message_id) {
            m.attachments.push(Attachment { id, content_type, width, height, size_bytes });
        }
    }
    Ok(list)
}

/// The content type of screenshot `id` if it is on one of `user`'s tickets.
pub async fn find_for_member(
    conn: &mut AsyncPgConnection,
    user: UserId,
    id: Uuid,
) -> Result<Option<String>, diesel::result::Error> {
    files::table
        .inner_join(tickets::table)
        .filter(files::id.eq(id).and(tickets::user_id.eq(user.as_uuid())))
        .select(files::content_type)
        .first(conn)
        .await
        .optional()
}

/// The content type of screenshot `id` on ticket `ticket` (the reply link's), or of any ticket
/// when `ticket` is `None` (staff).
pub async fn find(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    ticket: Option<Uuid>,
) -> Result<Option<String>, diesel::result::Error> {
    let mut query = files::table.filter(files::id.eq(id)).into_boxed();
    if let Some(ticket) = ticket {
        query = query.filter(files::ticket_id.eq(ticket));
    }
    query.select(files::content_type).first(conn).await.optional()
}
