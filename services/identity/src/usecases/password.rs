//! Passwords: the reset link, the reset itself, and a change from settings.

use diesel_async::AsyncConnection as _;
use meguri_events::enqueue;
use meguri_ids::UserId;
use meguri_proto::notify::SecurityChange;
use meguri_proto::notify::mail_requested::{self, Kind as MailKind};

use crate::db::{tokens, users};
use crate::domain::{Email, LinkToken, Password, Purpose};
use crate::error::Error;
use crate::usecases::accounts::{Accounts, email_verified, later, mail, minutes, security_notice};

impl Accounts {
    /// Mails a reset link when the address has an account; answers the same either way: the
    /// window callers hold before another reset mail to the address (`Limits::reset_cooldown`).
    #[tracing::instrument(skip_all)]
    pub async fn forgot_password(&self, email: &str) -> Result<std::time::Duration, Error> {
        let email = Email::parse(email)?;
        let now = self.clock.now();
        let token = LinkToken::generate()?;
        let mut conn = self.conn().await?;
        let sent = conn
            .transaction::<_, Error, _>(async |conn| {
                let Some((user, _)) = users::find_by_email_for_update(conn, email.as_str()).await? else {
                    return Ok(false);
                };
                let digest = self.digester.digest(Purpose::PasswordReset, &user.id.to_string(), token.expose());
                tokens::put_reset_token(conn, user.id, &digest, later(now, self.limits.reset_ttl), now).await?;
                enqueue(
                    conn,
                    &mail(
                        user.id,
                        user.email.clone(),
                        user.username.clone(),
                        MailKind::PasswordReset(mail_requested::PasswordReset {
                            token: token.expose().to_owned(),
                            expires_in_minutes: minutes(self.limits.reset_ttl),
                        }),
                    ),
                )
                .await?;
                Ok(true)
            })
            .await?;
        if sent {
            self.relay.wake();
            tracing::info!(name: "identity.password.reset_requested", "reset link requested");
        }
        Ok(self.limits.reset_cooldown)
    }

    /// Sets a new password with a reset link; the link and every other reset link of the user are
    /// spent. Following the link proves the address, so an unverified account becomes verified.
    #[tracing::instrument(skip_all)]
    pub async fn reset_password(&self, token: &str, email: &str, password: &str) -> Result<UserId, Error> {
        let token = LinkToken::parse(token).ok_or(Error::ResetTokenInvalid)?;
        let email = Email::parse(email).map_err(|_| Error::ResetTokenInvalid)?;
        let password = Password::parse(password)?;
        let hash = self.hash(password).await?;
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        let id = conn
            .transaction::<_, Error, _>(async |conn| {
                let (user, _) =
                    users::find_by_email_for_update(conn, email.as_str()).await?.ok_or(Error::ResetTokenInvalid)?;
                let digest = self.digester.digest(Purpose::PasswordReset, &user.id.to_string(), token.expose());
                if !tokens::spend_reset_token(conn, user.id, &digest, now).await? {
                    return Err(Error::ResetTokenInvalid);
                }
                users::set_password(conn, user.id, &hash, now).await?;
                if !user.is_email_verified {
                    users::mark_verified(conn, user.id, now).await?;
                    let verified = email_verified(conn, user.id).await?;
                    enqueue(conn, &verified).await?;
                }
                enqueue(conn, &security_notice(&user, SecurityChange::PasswordChanged)).await?;
                Ok(user.id)
            })
            .await?;
        self.relay.wake();
        tracing::info!(name: "identity.password.reset", user_id = %id);
        Ok(id)
    }

    #[tracing::instrument(skip_all, fields(user_id = %id))]
    pub async fn change_password(&self, id: UserId, current: &str, new: &str) -> Result<(), Error> {
        let new = Password::parse(new)?;
        let mut conn = self.conn().await?;
        let (user, stored) = users::find_with_hash_for_update(&mut conn, id).await?.ok_or(Error::UserNotFound)?;
        if !self.verify(current.to_owned(), Some(stored)).await? {
            return Err(Error::WrongPassword);
        }
        let hash = self.hash(new).await?;
        let now = self.clock.now();
        conn.transaction::<_, Error, _>(async |conn| {
            users::set_password(conn, id, &hash, now).await?;
            enqueue(conn, &security_notice(&user, SecurityChange::PasswordChanged)).await?;
            Ok(())
        })
        .await?;
        self.relay.wake();
        Ok(())
    }
}
