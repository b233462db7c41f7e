//! fortune_ratings: one rating per user, type and content hash.

use chrono::{DateTime, Utc};
use diesel::upsert::excluded;
use diesel::{
    ExpressionMethods as _, OptionalExtension as _, QueryDsl as _, Queryable, Selectable, SelectableHelper as _,
};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use uuid::Uuid;

use super::schema::fortune_ratings;
use crate::domain::NewRating;
use crate::usecases::records::RatingRecord;

#[derive(Queryable, Selectable)]
#[diesel(table_name = fortune_ratings)]
struct RatingRow {
    id: Uuid,
    fortune_type: String,
    fortune_content_hash: String,
    rating: String,
    feedback_text: Option<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl From<RatingRow> for RatingRecord {
    fn from(r: RatingRow) -> Self {
        Self {
            id: r.id,
            fortune_type: r.fortune_type,
            fortune_content_hash: r.fortune_content_hash,
            rating: r.rating,
            feedback_text: r.feedback_text,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

/// Inserts the rating, or updates the user's earlier rating of the same type and content: the
/// rating always, the feedback and the context only when the request carried them.
pub async fn upsert(
    conn: &mut AsyncPgConnection,
    user: UserId,
    new: &NewRating,
    now: DateTime<Utc>,
) -> Result<RatingRecord, diesel::result::Error> {
    let feedback = new.feedback.clone().and_then(crate::domain::Feedback::into_inner);
    let insert = diesel::insert_into(fortune_ratings::table).values((
        fortune_ratings::id.eq(Uuid::now_v7()),
        fortune_ratings::user_id.eq(user.as_uuid()),
        fortune_ratings::fortune_type.eq(new.fortune_type.as_str()),
        fortune_ratings::fortune_content_hash.eq(&new.content_hash),
        fortune_ratings::rating.eq(new.rating.as_str()),
        fortune_ratings::feedback_text.eq(&feedback),
        fortune_ratings::context.eq(&new.context),
        fortune_ratings::created_at.eq(now),
        fortune_ratings::updated_at.eq(now),
    ));
    let conflict = insert.on_conflict((
        fortune_ratings::user_id,
        fortune_ratings::fortune_type,
        fortune_ratings::fortune_content_hash,
    ));
    let row: RatingRow = match (new.feedback.is_some(), new.context.is_some()) {
        (true, true) => {
            conflict
                .do_update()
                .set((
                    fortune_ratings::rating.eq(excluded(fortune_ratings::rating)),
                    fortune_ratings::feedback_text.eq(excluded(fortune_ratings::feedback_text)),
                    fortune_ratings::context.eq(excluded(fortune_ratings::context)),
                    fortune_ratings::updated_at.eq(now),
                ))
                .returning(RatingRow::as_returning())
                .get_result(conn)
                .await?
        }
        (true, false) => {
            conflict
                .do_update()
                .set((
                    fortune_ratings::rating.eq(excluded(fortune_ratings::rating)),
                    fortune_ratings::feedback_text.eq(excluded(fortune_ratings::feedback_text)),
                    fortune_ratings::updated_at.eq(now),
                ))
                .returning(RatingRow::as_returning())
                .get_result(conn)
                .await?
        }
        (false, true) => {
            conflict
                .do_update()
                .set((
                    fortune_ratings::rating.eq(excluded(fortune_ratings::rating)),
                    fortune_ratings::context.eq(excluded(fortune_ratings::context)),
                    fortune_ratings::updated_at.eq(now),
                ))
                .returning(RatingRow::as_returning())
                .get_result(conn)
                .await?
        }
        (false, false) => {
            conflict
                .do_update()
                .set((
                    fortune_ratings::rating.eq(excluded(fortune_ratings::rating)),
                    fortune_ratings::updated_at.eq(now),
                ))
                .returning(RatingRow::as_returning())
                .get_result(conn)
                .await?
        }
    };
    Ok(row.into())
}

/// Sets the feedback of `user`'s rating of `hash` (of `fortune_type`, or the newest one of that
/// hash); `None` when there is no such rating.
pub async fn set_feedback(
    conn: &mut AsyncPgConnection,
    user: UserId,
    hash: &str,
    fortune_type: Option<&str>,
    feedback: Option<&str>,
    now: DateTime<Utc>,
) -> Result<Option<RatingRecord>, diesel::result::Error> {
    let mut query = fortune_ratings::table
        .filter(fortune_ratings::user_id.eq(user.as_uuid()))
        .filter(fortune_ratings::fortune_content_hash.eq(hash))
        .into_boxed();
    if let Some(t) = fortune_type {
        query = query.filter(fortune_ratings::fortune_type.eq(t.to_owned()));
    }
    let Some(id) = query
        .order(fortune_ratings::updated_at.desc())
        .select(fortune_ratings::id)
        .first::<Uuid>(conn)
        .await
        .optional()?
    else {
        return Ok(None);
    };
    let row: RatingRow = diesel::update(fortune_ratings::table.find(id))
        .set((fortune_ratings::feedback_text.eq(feedback), fortune_ratings::updated_at.eq(now)))
        .returning(RatingRow::as_returning())
        .get_result(conn)
        .await?;
    Ok(Some(row.into()))
}
