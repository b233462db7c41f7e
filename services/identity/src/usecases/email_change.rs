//! Changing the address: a confirmation link to the new one, applied when followed.

use diesel_async::AsyncConnection as _;
use meguri_events::enqueue;
use meguri_ids::UserId;
use meguri_proto::notify::SecurityChange;
use meguri_proto::notify::mail_requested::{self, Kind as MailKind};

use crate::db::{tokens, users};
use crate::domain::{Email, LinkToken, Purpose};
use crate::error::Error;
use crate::usecases::accounts::{Accounts, later, mail, minutes, security_notice};

impl Accounts {
    /// Mails a confirmation link to the new address; the change applies when it is followed.
    #[tracing::instrument(skip_all, fields(user_id = %id))]
    pub async fn request_email_change(
        &self,
        id: UserId,
        new_email: &str,
        current_password: &str,
    ) -> Result<String, Error> {
        let new_email = Email::parse(new_email)?;
        let token = LinkToken::generate()?;
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        let (user, stored) = users::find_with_hash_for_update(&mut conn, id).await?.ok_or(Error::UserNotFound)?;
        if !self.verify(current_password.to_owned(), Some(stored)).await? {
            return Err(Error::WrongPassword);
        }
        if user.email == new_email.as_str() {
            return Err(Error::SameEmail);
        }
        let digest = self.digester.digest(Purpose::EmailChange, "", token.expose());
        conn.transaction::<_, Error, _>(async |conn| {
            if users::email_taken(conn, new_email.as_str(), id).await? {
                return Err(Error::EmailTaken);
            }
            tokens::put_email_change_token(
                conn,
                id,
                &digest,
                new_email.as_str(),
                later(now, self.limits.email_change_ttl),
                now,
            )
            .await?;
            users::set_pending_email(conn, id, Some(new_email.as_str()), now).await?;
            enqueue(
                conn,
                &mail(
                    id,
                    new_email.as_str().to_owned(),
                    user.username.clone(),
                    MailKind::EmailChange(mail_requested::EmailChange {
                        token: token.expose().to_owned(),
                        expires_in_minutes: minutes(self.limits.email_change_ttl),
                    }),
                ),
            )
            .await?;
            Ok(())
        })
        .await?;
        self.relay.wake();
        Ok(new_email.as_str().to_owned())
    }

    /// Applies an e-mail change from its link and tells the old address.
    #[tracing::instrument(skip_all)]
    pub async fn confirm_email_change(&self, token: &str) -> Result<(UserId, String), Error> {
        let token = LinkToken::parse(token).ok_or(Error::EmailChangeTokenInvalid)?;
        let digest = self.digester.digest(Purpose::EmailChange, "", token.expose());
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        let result = conn
            .transaction::<_, Error, _>(async |conn| {
                let (id, new_email) = tokens::spend_email_change_token(conn, &digest, now)
                    .await?
                    .ok_or(Error::EmailChangeTokenInvalid)?;
                let (user, _) =
                    users::find_with_hash_for_update(conn, id).await?.ok_or(Error::EmailChangeTokenInvalid)?;
                users::set_email(conn, id, &new_email, now).await?;
                enqueue(conn, &security_notice(&user, SecurityChange::EmailChanged)).await?;
                Ok((id, new_email))
            })
            .await?;
        self.relay.wake();
        tracing::info!(name: "identity.email.changed", user_id = %result.0);
        Ok(result)
    }
}
