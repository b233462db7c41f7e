//! PostgreSQL: the `billing` schema (see the migrations). Row structs never leave this module.

pub mod ledger;
mod models;
pub mod schema;
pub mod shop;

/// A pooled connection.
pub type Connection = diesel_async::pooled_connection::deadpool::Object<diesel_async::AsyncPgConnection>;

/// A connection from `pool`.
///
/// # Errors
/// [`crate::error::Error::Unexpected`] when none can be had (an outage is reported as one).
pub async fn connection(pool: &meguri_db::Pool) -> Result<Connection, crate::error::Error> {
    pool.get()
        .await
        .map_err(|e| crate::error::Error::Unexpected(anyhow::Error::new(e).context("get a database connection")))
}
