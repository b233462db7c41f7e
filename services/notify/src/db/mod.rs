//! PostgreSQL: the `notify` schema (see the migrations). Row structs never leave this module.

pub mod activity;
pub mod deliveries;
pub mod notifications;
pub mod preferences;
pub mod schema;
pub mod unsubscribe;

type Connection = diesel_async::pooled_connection::deadpool::Object<diesel_async::AsyncPgConnection>;

/// A connection from `pool`.
///
/// # Errors
/// [`crate::error::Error::Unexpected`] when none can be had.
pub async fn connection(pool: &meguri_db::Pool) -> Result<Connection, crate::error::Error> {
    pool.get()
        .await
        .map_err(|e| crate::error::Error::Unexpected(anyhow::Error::new(e).context("get a database connection")))
}
