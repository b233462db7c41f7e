//! daily_readings: one reading per user and local date.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::{
    ExpressionMethods as _, OptionalExtension as _, QueryDsl as _, Queryable, Selectable, SelectableHelper as _,
};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;

use super::schema::daily_readings;
use crate::usecases::records::{DailyRecord, PastReading};

#[derive(Queryable, Selectable)]
#[diesel(table_name = daily_readings)]
struct DailyRow {
    local_date: NaiveDate,
    lines: Vec<String>,
    dos: Vec<String>,
    donts: Vec<String>,
    reasons: serde_json::Value,
    words: serde_json::Value,
    content_hash: String,
    engine: String,
    day_pillar: String,
    generated_at: DateTime<Utc>,
}

impl From<DailyRow> for DailyRecord {
    fn from(r: DailyRow) -> Self {
        Self {
            local_date: r.local_date,
            lines: r.lines,
            dos: r.dos,
            donts: r.donts,
            // Written by `insert_if_absent` from the same types.
            reasons: serde_json::from_value(r.reasons).unwrap_or_default(),
            words: serde_json::from_value(r.words).unwrap_or_default(),
            content_hash: r.content_hash,
            engine: r.engine,
            day_pillar: r.day_pillar,
            generated_at: r.generated_at,
        }
    }
}

pub async fn find(
    conn: &mut AsyncPgConnection,
    user: UserId,
    date: NaiveDate,
) -> Result<Option<DailyRecord>, diesel::result::Error> {
    let row: Option<DailyRow> = daily_readings::table
        .filter(daily_readings::user_id.eq(user.as_uuid()))
        .filter(daily_readings::local_date.eq(date))
        .select(DailyRow::as_select())
        .first(conn)
        .await
        .optional()?;
    Ok(row.map(DailyRecord::from))
}

/// Stores `reading` unless `user` already has one for its date (two first requests of a day
/// race: the first insert wins, and both answer with what is stored).
pub async fn insert_if_absent(
    conn: &mut AsyncPgConnection,
    user: UserId,
    reading: &DailyRecord,
) -> Result<bool, diesel::result::Error> {
    let json = |v: serde_json::Result<serde_json::Value>| {
        v.map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))
    };
    diesel::insert_into(daily_readings::table)
        .values((
            daily_readings::user_id.eq(user.as_uuid()),
            daily_readings::local_date.eq(reading.local_date),
            daily_readings::lines.eq(&reading.lines),
            daily_readings::dos.eq(&reading.dos),
            daily_readings::donts.eq(&reading.donts),
            daily_readings::reasons.eq(json(serde_json::to_value(&reading.reasons))?),
            daily_readings::words.eq(json(serde_json::to_value(&reading.words))?),
            daily_readings::content_hash.eq(&reading.content_hash),
            daily_readings::engine.eq(&reading.engine),
            daily_readings::day_pillar.eq(&reading.day_pillar),
            daily_readings::generated_at.eq(reading.generated_at),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await
        .map(|n| n == 1)
}

/// The readings of `user` dated `from..before` (the history a new reading must not repeat).
pub async fn between(
    conn: &mut AsyncPgConnection,
    user: UserId,
    from: NaiveDate,
    before: NaiveDate,
) -> Result<Vec<PastReading>, diesel::result::Error> {
    let rows: Vec<(NaiveDate, Vec<String>, serde_json::Value)> = daily_readings::table
        .filter(daily_readings::user_id.eq(user.as_uuid()))
        .filter(daily_readings::local_date.ge(from))
        .filter(daily_readings::local_date.lt(before))
        .order(daily_readings::local_date.asc())
        .select((daily_readings::local_date, daily_readings::lines, daily_readings::words))
        .load(conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(local_date, lines, words)| PastReading {
            local_date,
            lines,
            words: serde_json::from_value(words).unwrap_or_default(),
        })
        .collect())
}
