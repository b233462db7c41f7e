//! The queries of the `fortune` schema. Every time comes from the caller (the service's clock).

pub mod badges;
pub mod charts;
pub mod daily;
pub mod friend_updates;
pub mod ratings;
pub mod reports;
pub mod schema;

use anyhow::Context as _;
use diesel_async::AsyncPgConnection;

/// A pooled connection.
pub type Conn = diesel_async::pooled_connection::deadpool::Object<AsyncPgConnection>;

/// A connection from the pool.
///
/// # Errors
/// The pool gave none within its timeout.
pub async fn conn(pool: &meguri_db::Pool) -> anyhow::Result<Conn> {
    pool.get().await.context("get a database connection")
}

/// Deletes everything fortune-gen holds about `user` (account deletion), including the other
/// members' friend updates that name the user, in the caller's transaction.
///
/// # Errors
/// A failed delete.
pub async fn delete_user(conn: &mut AsyncPgConnection, user: meguri_ids::UserId) -> Result<(), diesel::result::Error> {
    use diesel::{ExpressionMethods as _, QueryDsl as _};
    use diesel_async::RunQueryDsl as _;
    use schema::{
        charts, daily_friend_updates, daily_readings, fortune_ratings, life_fortune_reports, yearly_fortune_reports,
    };
    let id = *user.as_uuid();
    diesel::delete(charts::table.filter(charts::user_id.eq(id))).execute(conn).await?;
    diesel::delete(daily_readings::table.filter(daily_readings::user_id.eq(id))).execute(conn).await?;
    diesel::delete(daily_friend_updates::table.filter(daily_friend_updates::user_id.eq(id))).execute(conn).await?;
    // Other members' updates about the user go too (they are built again without them).
    friend_updates::drop_naming(conn, user).await?;
    diesel::delete(fortune_ratings::table.filter(fortune_ratings::user_id.eq(id))).execute(conn).await?;
    diesel::delete(yearly_fortune_reports::table.filter(yearly_fortune_reports::user_id.eq(id))).execute(conn).await?;
    diesel::delete(life_fortune_reports::table.filter(life_fortune_reports::user_id.eq(id))).execute(conn).await?;
    Ok(())
}
