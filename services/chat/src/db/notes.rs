//! The example table `notes`.

use anyhow::Context as _;
use diesel::QueryDsl as _;
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};

use super::schema::notes;

/// How many notes there are.
///
/// # Errors
/// The query failed.
pub async fn count(conn: &mut AsyncPgConnection) -> anyhow::Result<u64> {
    let n: i64 = notes::table.count().get_result(conn).await.context("count notes")?;
    Ok(u64::try_from(n).unwrap_or_default())
}
