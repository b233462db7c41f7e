//! PostgreSQL: the `social` schema (see the migrations). Row structs never leave this module; the
//! queries take and return domain values and the records below. Every time comes from the caller
//! (the service's clock).

pub mod blocks;
pub mod diary;
pub mod friendships;
pub mod members;
pub mod schema;

use anyhow::Context as _;
use diesel_async::AsyncPgConnection;
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

/// Takes the transaction-scoped advisory locks of `a` and `b`, in id order (so two transactions
/// locking the same members never wait on each other in a cycle). Every change to a member's
/// friendships, requests or blocks holds its lock: concurrent requests between a pair, in either
/// direction, see each other's row, and the limits count what is really there.
///
/// # Errors
/// The query failed.
pub async fn lock_members(conn: &mut AsyncPgConnection, a: UserId, b: UserId) -> Result<(), diesel::result::Error> {
    use diesel_async::RunQueryDsl as _;
    let (first, second) = if a <= b { (a, b) } else { (b, a) };
    for user in if first == second { vec![first] } else { vec![first, second] } {
        diesel::sql_query("SELECT pg_advisory_xact_lock(hashtextextended('social.member:' || $1::text, 0))")
            .bind::<diesel::sql_types::Uuid, _>(*user.as_uuid())
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// Removes everything social holds about `user` (account deletion: their diary and every mention
/// to or from them too) and leaves a tombstone, in the caller's transaction.
///
/// # Errors
/// A failed statement.
pub async fn delete_user(
    conn: &mut AsyncPgConnection,
    user: UserId,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(), diesel::result::Error> {
    diary::delete_all_of(conn, user).await?;
    members::delete(conn, user, now).await?;
    friendships::delete_all_of(conn, user).await?;
    blocks::delete_all_of(conn, user).await?;
    Ok(())
}
