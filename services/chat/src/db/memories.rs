//! `chat_memories`: each user's rolling summary of the turns up to `summarized_through`.

use anyhow::Context as _;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::upsert::excluded;
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;

use super::schema::chat_memories;

/// The summary and the time of the newest turn it covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub text: String,
    pub through: DateTime<Utc>,
}

/// `user`'s summary, if any turn was summarised yet.
///
/// # Errors
/// The query failed.
pub async fn get(conn: &mut AsyncPgConnection, user: UserId) -> anyhow::Result<Option<Summary>> {
    let row: Option<(String, DateTime<Utc>)> = chat_memories::table
        .find(user.as_uuid())
        .select((chat_memories::summary, chat_memories::summarized_through))
        .first(conn)
        .await
        .optional()
        .context("load the memory")?;
    Ok(row.map(|(text, through)| Summary { text, through }))
}

/// Stores `user`'s new summary (never moving `summarized_through` back: a concurrent reply that
/// summarised further wins).
///
/// # Errors
/// The statement failed.
pub async fn save(conn: &mut AsyncPgConnection, user: UserId, summary: &Summary, now: DateTime<Utc>) -> anyhow::Result<()> {
    diesel::insert_into(chat_memories::table)
        .values((
            chat_memories::user_id.eq(user.as_uuid()),
            chat_memories::summary.eq(&summary.text),
            chat_memories::summarized_through.eq(summary.through),
            chat_memories::updated_at.eq(now),
        ))
        .on_conflict(chat_memories::user_id)
        .do_update()
        .set((
            chat_memories::summary.eq(excluded(chat_memories::summary)),
            chat_memories::summarized_through.eq(excluded(chat_memories::summarized_through)),
            chat_memories::updated_at.eq(excluded(chat_memories::updated_at)),
        ))
        .filter(chat_memories::summarized_through.lt(excluded(chat_memories::summarized_through)))
        .execute(conn)
        .await
        .context("save the memory")?;
    Ok(())
}
