//! `chat_messages`: one row per message id, pending while its reply is written, then completed or
//! refunded. Only a pending row changes, and only once (`WHERE status = 'pending'`), so the reply
//! task and the sweeper never both settle one.

use anyhow::Context as _;
use chrono::{DateTime, Utc};
use diesel::prelude::{Insertable, Queryable, Selectable};
use diesel::{
    BoolExpressionMethods as _, ExpressionMethods as _, OptionalExtension as _, QueryDsl as _, SelectableHelper as _,
};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;

use super::schema::chat_messages;
use crate::domain::memory::Turn;
use crate::domain::{ChatMessage, EngineKind, FailureCode, MessageId, MessageStatus, ResponsePart};

#[derive(Queryable, Selectable)]
#[diesel(table_name = chat_messages)]
struct Row {
    id: uuid::Uuid,
    user_id: uuid::Uuid,
    message: String,
    response: String,
    response_messages: serde_json::Value,
    credits_used: i32,
    status: String,
    engine: Option<String>,
    failure_code: Option<String>,
    created_at: DateTime<Utc>,
    completed_at: Option<DateTime<Utc>>,
}

impl Row {
    fn into_message(self) -> anyhow::Result<ChatMessage> {
        let parts: Vec<ResponsePart> =
            serde_json::from_value(self.response_messages).context("response_messages breaks its shape")?;
        Ok(ChatMessage {
            id: MessageId::from_uuid(self.id),
            user: UserId::from_uuid(self.user_id),
            message: self.message,
            response: self.response,
            parts,
            credits_used: self.credits_used,
            status: MessageStatus::parse(&self.status).with_context(|| format!("unknown status {:?}", self.status))?,
            engine: self.engine.as_deref().and_then(EngineKind::parse),
            failure: self.failure_code.as_deref().and_then(FailureCode::parse),
            created_at: self.created_at,
            completed_at: self.completed_at,
        })
    }
}

#[derive(Insertable)]
#[diesel(table_name = chat_messages)]
struct NewRow<'a> {
    id: uuid::Uuid,
    user_id: uuid::Uuid,
    message: &'a str,
    response: &'a str,
    response_messages: serde_json::Value,
    credits_used: i32,
    status: &'a str,
    engine: Option<&'a str>,
    created_at: DateTime<Utc>,
    completed_at: Option<DateTime<Utc>>,
}

fn parts_json(parts: &[ResponsePart]) -> anyhow::Result<serde_json::Value> {
    serde_json::to_value(parts).context("serialise response_messages")
}

/// Stores a pending message; `false` when the id is already taken (a concurrent send won).
///
/// # Errors
/// The statement failed.
pub async fn insert_pending(
    conn: &mut AsyncPgConnection,
    id: MessageId,
    user: UserId,
    message: &str,
    credits: i32,
    now: DateTime<Utc>,
) -> anyhow::Result<bool> {
    let row = NewRow {
        id: *id.as_uuid(),
        user_id: *user.as_uuid(),
        message,
        response: "",
        response_messages: serde_json::json!([]),
        credits_used: credits,
        status: MessageStatus::Pending.as_str(),
        engine: None,
        created_at: now,
        completed_at: None,
    };
    let inserted = diesel::insert_into(chat_messages::table)
        .values(&row)
        .on_conflict_do_nothing()
        .execute(conn)
        .await
        .context("insert a pending message")?;
    Ok(inserted == 1)
}

/// Stores a message answered at once and never charged (a crisis); `false` when the id is taken.
///
/// # Errors
/// The statement failed.
pub async fn insert_free(
    conn: &mut AsyncPgConnection,
    id: MessageId,
    user: UserId,
    message: &str,
    response: &str,
    now: DateTime<Utc>,
) -> anyhow::Result<bool> {
    let parts = [ResponsePart::Text { text: response.to_owned() }];
    let row = NewRow {
        id: *id.as_uuid(),
        user_id: *user.as_uuid(),
        message,
        response,
        response_messages: parts_json(&parts)?,
        credits_used: 0,
        status: MessageStatus::Completed.as_str(),
        engine: Some(EngineKind::Builtin.as_str()),
        created_at: now,
        completed_at: Some(now),
    };
    let inserted = diesel::insert_into(chat_messages::table)
        .values(&row)
        .on_conflict_do_nothing()
        .execute(conn)
        .await
        .context("insert a free message")?;
    Ok(inserted == 1)
}

/// The message `id`, whoever's it is.
///
/// # Errors
/// The query failed, or the row breaks its shape.
pub async fn find(conn: &mut AsyncPgConnection, id: MessageId) -> anyhow::Result<Option<ChatMessage>> {
    let row: Option<Row> = chat_messages::table
        .find(id.as_uuid())
        .select(Row::as_select())
        .first(conn)
        .await
        .optional()
        .context("load a message")?;
    row.map(Row::into_message).transpose()
}

/// Deletes a pending message whose spend took nothing (insufficient credits, billing down).
///
/// # Errors
/// The statement failed.
pub async fn delete_pending(conn: &mut AsyncPgConnection, id: MessageId) -> anyhow::Result<()> {
    diesel::delete(
        chat_messages::table
            .filter(chat_messages::id.eq(id.as_uuid()))
            .filter(chat_messages::status.eq(MessageStatus::Pending.as_str())),
    )
    .execute(conn)
    .await
    .context("delete a pending message")?;
    Ok(())
}

/// Stores the reply of a pending message; `false` when it was no longer pending (the sweeper
/// settled it).
///
/// # Errors
/// The statement failed.
pub async fn complete(
    conn: &mut AsyncPgConnection,
    id: MessageId,
    response: &str,
    parts: &[ResponsePart],
    engine: EngineKind,
    now: DateTime<Utc>,
) -> anyhow::Result<bool> {
    let updated = diesel::update(
        chat_messages::table
            .filter(chat_messages::id.eq(id.as_uuid()))
            .filter(chat_messages::status.eq(MessageStatus::Pending.as_str())),
    )
    .set((
        chat_messages::response.eq(response),
        chat_messages::response_messages.eq(parts_json(parts)?),
        chat_messages::status.eq(MessageStatus::Completed.as_str()),
        chat_messages::engine.eq(engine.as_str()),
        chat_messages::completed_at.eq(now),
    ))
    .execute(conn)
    .await
    .context("complete a message")?;
    Ok(updated == 1)
}

/// Marks a pending message refunded (no reply, credits_used 0); `false` when it was no longer
/// pending.
///
/// # Errors
/// The statement failed.
pub async fn mark_refunded(
    conn: &mut AsyncPgConnection,
    id: MessageId,
    code: FailureCode,
    engine: Option<EngineKind>,
    now: DateTime<Utc>,
) -> anyhow::Result<bool> {
    let updated = diesel::update(
        chat_messages::table
            .filter(chat_messages::id.eq(id.as_uuid()))
            .filter(chat_messages::status.eq(MessageStatus::Pending.as_str())),
    )
    .set((
        chat_messages::status.eq(MessageStatus::Refunded.as_str()),
        chat_messages::credits_used.eq(0),
        chat_messages::failure_code.eq(code.as_str()),
        chat_messages::engine.eq(engine.map(EngineKind::as_str)),
        chat_messages::completed_at.eq(now),
    ))
    .execute(conn)
    .await
    .context("mark a message refunded")?;
    Ok(updated == 1)
}

/// A page of `user`'s history, newest first, older than the message `before` when given
/// (`None` when `before` is not one of the user's messages), `limit + 1` rows to tell if there
/// is a next page.
///
/// # Errors
/// The query failed.
pub async fn page(
    conn: &mut AsyncPgConnection,
    user: UserId,
    before: Option<MessageId>,
    limit: i64,
) -> anyhow::Result<Option<Vec<ChatMessage>>> {
    let mut query = chat_messages::table
        .filter(chat_messages::user_id.eq(user.as_uuid()))
        .select(Row::as_select())
        .order((chat_messages::created_at.desc(), chat_messages::id.desc()))
        .limit(limit + 1)
        .into_boxed();
    if let Some(before) = before {
        let cursor: Option<(DateTime<Utc>, uuid::Uuid)> = chat_messages::table
            .filter(chat_messages::id.eq(before.as_uuid()))
            .filter(chat_messages::user_id.eq(user.as_uuid()))
            .select((chat_messages::created_at, chat_messages::id))
            .first(conn)
            .await
            .optional()
            .context("load the page cursor")?;
        let Some((at, id)) = cursor else { return Ok(None) };
        query = query.filter(
            chat_messages::created_at.lt(at).or(chat_messages::created_at.eq(at).and(chat_messages::id.lt(id))),
        );
    }
    let rows: Vec<Row> = query.load(conn).await.context("load a history page")?;
    rows.into_iter().map(Row::into_message).collect::<anyhow::Result<Vec<_>>>().map(Some)
}

/// The pending messages created before `cutoff` (abandoned by a process), oldest first.
///
/// # Errors
/// The query failed.
pub async fn pending_before(
    conn: &mut AsyncPgConnection,
    cutoff: DateTime<Utc>,
    limit: i64,
) -> anyhow::Result<Vec<ChatMessage>> {
    let rows: Vec<Row> = chat_messages::table
        .filter(chat_messages::status.eq(MessageStatus::Pending.as_str()))
        .filter(chat_messages::created_at.lt(cutoff))
        .select(Row::as_select())
        .order(chat_messages::created_at.asc())
        .limit(limit)
        .load(conn)
        .await
        .context("load abandoned messages")?;
    rows.into_iter().map(Row::into_message).collect()
}

/// `user`'s completed turns after `after` (all when `None`), oldest first, at most `limit` of the
/// newest.
///
/// # Errors
/// The query failed.
pub async fn turns(
    conn: &mut AsyncPgConnection,
    user: UserId,
    after: Option<DateTime<Utc>>,
    limit: i64,
) -> anyhow::Result<Vec<Turn>> {
    let mut query = chat_messages::table
        .filter(chat_messages::user_id.eq(user.as_uuid()))
        .filter(chat_messages::status.eq(MessageStatus::Completed.as_str()))
        .select((chat_messages::message, chat_messages::response, chat_messages::created_at))
        .order((chat_messages::created_at.desc(), chat_messages::id.desc()))
        .limit(limit)
        .into_boxed();
    if let Some(after) = after {
        query = query.filter(chat_messages::created_at.gt(after));
    }
    let mut rows: Vec<(String, String, DateTime<Utc>)> = query.load(conn).await.context("load recent turns")?;
    rows.reverse();
    Ok(rows.into_iter().map(|(message, response, at)| Turn { message, response, at }).collect())
}
