//! What identity's events change here: a deleted account leaves its tickets to staff, anonymised.

use diesel_async::AsyncConnection as _;
use meguri_events::mark_processed;
use meguri_ids::UserId;
use uuid::Uuid;

use super::UseCases;
use crate::db::links;
use crate::error::Error;
use crate::events::GROUP;

impl UseCases {
    /// `user` deleted their account: their tickets stay for staff without their id, their messages
    /// without an author, their screenshots gone (rows and bytes) and no reply link works. Support
    /// never held their e-mail or username. Returns whether the event was new.
    ///
    /// # Errors
    /// The database or the attachment store (the event is then tried again; every step repeats
    /// safely).
    #[tracing::instrument(skip_all, fields(user_id = %user))]
    pub async fn on_account_deleted(&self, event_id: Uuid, user: UserId) -> Result<bool, Error> {
        let mut conn = self.conn().await?;
        let files = self.files.clone();
        let removed = conn
            .transaction::<_, Error, _>(async |conn| {
                if !mark_processed(conn, GROUP, event_id).await? {
                    return Ok(None);
                }
                let gone = links::anonymise(conn, user).await?;
                let (events, visits) = UseCases::forget_analytics(conn, *user.as_uuid()).await?;
                tracing::info!(name: "support.member.analytics_forgotten", events, visits);
                // Inside the transaction: a file that cannot be removed rolls the rows back, and the
                // event comes again.
                for id in &gone {
                    files.delete(*id).await.map_err(Error::Unexpected)?;
                }
                Ok(Some(gone.len()))
            })
            .await?;
        if let Some(screenshots) = removed {
            tracing::info!(name: "support.member.anonymised", screenshots);
        }
        Ok(removed.is_some())
    }
}
