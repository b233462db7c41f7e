//! Account deletion: the user's messages, compatibility requests and memory go, once per event.

use diesel_async::AsyncConnection as _;
use meguri_events::mark_processed;
use meguri_ids::UserId;

use super::Chat;
use crate::db;
use crate::error::Error;

impl Chat {
    /// Deletes everything chat holds about `user`; `false` when the event was handled before.
    ///
    /// # Errors
    /// The database.
    pub async fn on_account_deleted(&self, event_id: uuid::Uuid, user: UserId) -> Result<bool, Error> {
        let mut conn = self.conn().await?;
        let applied = conn
            .transaction::<_, diesel::result::Error, _>(async |conn| {
                if !mark_processed(conn, crate::events::GROUP, event_id).await? {
                    return Ok(false);
                }
                db::delete_user(conn, user).await?;
                Ok(true)
            })
            .await?;
        if applied {
            tracing::info!(name: "chat.user.deleted", user_id = %user);
        }
        Ok(applied)
    }
}
