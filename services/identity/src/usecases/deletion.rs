//! Deleting an account.

use diesel_async::AsyncConnection as _;
use meguri_events::enqueue;
use meguri_ids::UserId;
use meguri_proto::identity::AccountDeleted;

use crate::db::{tokens, users};
use crate::error::Error;
use crate::usecases::accounts::Accounts;

impl Accounts {
    /// Soft-deletes the account after checking the password: personal data scrubbed at once,
    /// secrets removed, `account_deleted` emitted for the other services.
    #[tracing::instrument(skip_all, fields(user_id = %id))]
    pub async fn delete_account(&self, id: UserId, password: &str) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        let (_, stored) = users::find_with_hash_for_update(&mut conn, id).await?.ok_or(Error::UserNotFound)?;
        if !self.verify(password.to_owned(), Some(stored)).await? {
            return Err(Error::WrongPassword);
        }
        let now = self.clock.now();
        conn.transaction::<_, Error, _>(async |conn| {
            users::scrub_and_delete(conn, id, now).await?;
            tokens::delete_all_for(conn, id).await?;
            enqueue(conn, &AccountDeleted { user_id: id.to_string() }).await?;
            Ok(())
        })
        .await?;
        self.relay.wake();
        tracing::info!(name: "identity.user.deleted", user_id = %id);
        Ok(())
    }
}
