//! `chat_memories`: each user's rolling summary of the turns up to `summarized_through`.

use anyhow::Context as _;
use chrono::{DateTime, Utc};
use diesel::{OptionalExtension as _, QueryDsl as _};
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
pub async fn save(
    conn: &mut AsyncPgConnection,
    user: UserId,
    summary: &Summary,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    diesel::sql_query(
        "INSERT INTO chat_memories (user_id, summary, summarized_through, updated_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id) DO UPDATE SET summary = excluded.summary, \
         summarized_through = excluded.summarized_through, updated_at = excluded.updated_at \
         WHERE chat_memories.summarized_through < excluded.summarized_through",
    )
    .bind::<diesel::sql_types::Uuid, _>(user.as_uuid())
    .bind::<diesel::sql_types::Text, _>(&summary.text)
    .bind::<diesel::sql_types::Timestamptz, _>(summary.through)
    .bind::<diesel::sql_types::Timestamptz, _>(now)
    .execute(conn)
    .await
    .context("save the memory")?;
    Ok(())
}
