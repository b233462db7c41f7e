//! PostgreSQL: the `chat` schema (see the migrations). Row structs never leave this module; the
//! queries take and return domain values. Every time comes from the caller (the service's clock).

pub mod compatibility;
pub mod memories;
pub mod messages;
pub mod schema;

use anyhow::Context as _;
use diesel::{ExpressionMethods as _, QueryDsl as _};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;

/// A pooled connection.
pub type Conn = diesel_async::pooled_connection::deadpool::Object<AsyncPgConnection>;

/// A connection from the pool.
///
/// # Errors
/// The pool gave none within its timeout.
pub async fn conn(pool: &meguri_db::Pool) -> anyhow::Result<Conn> {
    pool.get().await.context("get a database connection")
}

/// Removes everything chat holds about `user` (account deletion), in the caller's transaction.
///
/// # Errors
/// A failed statement.
pub async fn delete_user(conn: &mut AsyncPgConnection, user: UserId) -> Result<(), diesel::result::Error> {
    use schema::{chat_memories, chat_messages, compatibility_requests};
    let id = *user.as_uuid();
    diesel::delete(compatibility_requests::table.filter(compatibility_requests::user_id.eq(id))).execute(conn).await?;
    diesel::delete(chat_messages::table.filter(chat_messages::user_id.eq(id))).execute(conn).await?;
    diesel::delete(chat_memories::table.filter(chat_memories::user_id.eq(id))).execute(conn).await?;
    Ok(())
}
