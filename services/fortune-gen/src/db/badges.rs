//! fortune_badges: the catalogue (seeded by a migration).

use diesel::{ExpressionMethods as _, QueryDsl as _};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};

use super::schema::fortune_badges;
use crate::usecases::records::BadgeRecord;

/// Every badge in catalogue order.
pub async fn all(conn: &mut AsyncPgConnection) -> Result<Vec<BadgeRecord>, diesel::result::Error> {
    let rows: Vec<(String, String, String, String, bool)> = fortune_badges::table
        .order((fortune_badges::sort_order.asc(), fortune_badges::id.asc()))
        .select((
            fortune_badges::id,
            fortune_badges::name,
            fortune_badges::description,
            fortune_badges::type_,
            fortune_badges::is_active,
        ))
        .load(conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(id, name, description, kind, is_active)| BadgeRecord { id, name, description, kind, is_active })
        .collect())
}
