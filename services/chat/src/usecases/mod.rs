//! chat's use cases: plain async functions over what they need (the pool; later a clock, peers).
//! `grpc.rs` only translates to and from these; the rules they apply live in `domain/`, the SQL in
//! `db/`. One module per use case or aggregate once there are several.

use crate::db;
use crate::error::Error;

/// What the use cases share; cheap to clone.
#[derive(Clone)]
pub struct UseCases {
    pub db: meguri_db::Pool,
}

impl UseCases {
    /// How many notes there are (the example use case).
    ///
    /// # Errors
    /// The database.
    pub async fn ping(&self) -> Result<u64, Error> {
        let mut conn = self.db.get().await.map_err(|e| anyhow::Error::new(e).context("get a database connection"))?;
        Ok(db::notes::count(&mut conn).await?)
    }
}
