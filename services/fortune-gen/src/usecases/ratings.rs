//! Ratings of readings.

use diesel_async::AsyncConnection as _;
use meguri_analytics::Activity;
use meguri_ids::UserId;

use crate::db;
use crate::domain::{Feedback, FortuneType, NewRating, rating};
use crate::error::Error;
use crate::usecases::Fortune;
use crate::usecases::records::RatingRecord;

impl Fortune {
    /// Rates a content: the first rating of this type and content, or an update of it.
    ///
    /// # Errors
    /// The input's rule ([`Error::Invalid`]).
    #[tracing::instrument(skip_all, fields(user_id = %user))]
    pub async fn rate(&self, user: UserId, new: NewRating) -> Result<RatingRecord, Error> {
        let mut conn = self.conn().await?;
        let now = self.clock.now();
        let record = conn
            .transaction::<_, diesel::result::Error, _>(async |conn| {
                let record = db::ratings::upsert(conn, user, &new, now).await?;
                let data = serde_json::json!({
                    "fortuneType": new.fortune_type.as_str(),
                    "rating": new.rating.as_str(),
                });
                meguri_analytics::enqueue(conn, user, Activity::Rating, data, now).await?;
                Ok(record)
            })
            .await?;
        if let Some(relay) = &self.relay {
            relay.wake();
        }
        tracing::info!(name: "fortune_gen.rating.saved", user_id = %user, fortune_type = new.fortune_type.as_str(), rating = new.rating.as_str());
        Ok(record)
    }

    /// Sets the feedback of the caller's rating of `hash` (of `fortune_type`, or the newest).
    ///
    /// # Errors
    /// The input's rule; [`Error::RatingNotFound`].
    #[tracing::instrument(skip_all, fields(user_id = %user))]
    pub async fn update_feedback(
        &self,
        user: UserId,
        hash: &str,
        feedback: &str,
        fortune_type: Option<&str>,
    ) -> Result<RatingRecord, Error> {
        let hash = rating::content_hash(hash)?;
        let feedback = Feedback::parse(feedback)?.into_inner();
        let fortune_type = fortune_type.filter(|t| !t.trim().is_empty()).map(FortuneType::parse).transpose()?;
        let mut conn = self.conn().await?;
        db::ratings::set_feedback(
            &mut conn,
            user,
            &hash,
            fortune_type.map(FortuneType::as_str),
            feedback.as_deref(),
            self.clock.now(),
        )
        .await?
        .ok_or(Error::RatingNotFound)
    }
}
