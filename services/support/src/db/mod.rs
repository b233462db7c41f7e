//! PostgreSQL: the `support` schema (see the migrations). Row structs never leave this module.

pub mod analytics;
pub mod attachments;
pub mod links;
pub mod schema;
pub mod staff;
pub mod tickets;

use diesel_async::AsyncPgConnection;

/// A pooled connection.
pub type Conn = diesel_async::pooled_connection::deadpool::Object<AsyncPgConnection>;

/// A connection from `pool`.
///
/// # Errors
/// The pool's (a database that does not answer).
pub async fn conn(pool: &meguri_db::Pool) -> anyhow::Result<Conn> {
    pool.get().await.map_err(|e| anyhow::Error::new(e).context("get a database connection"))
}
