//! Verifying the address with the mailed code, and sending a new code.

use std::time::Duration;

use diesel_async::AsyncConnection as _;
use meguri_analytics::Activity;
use meguri_events::enqueue;
use meguri_proto::notify::mail_requested::{self, Kind as MailKind};

use crate::db::{tokens, users};
use crate::domain::{Email, Invalid, Purpose, VerificationCode};
use crate::error::Error;
use crate::usecases::accounts::{Accounts, email_verified, later, mail};
use crate::usecases::user::User;

impl Accounts {
    /// Checks a verification code and verifies the address. The same correct code verifies again
    /// while it is valid (a double submit signs in twice rather than failing).
    #[tracing::instrument(skip_all)]
    pub async fn verify_email(&self, email: &str, code: &str) -> Result<User, Error> {
        enum Outcome {
            Verified(Box<User>),
            Wrong { failures: i32 },
            Expired,
            Exhausted,
            Used,
        }
        let email = Email::parse(email)?;
        let code = VerificationCode::parse(code).ok_or(Error::Invalid(Invalid::Code))?;
        let now = self.clock.now();
        let max = self.limits.code_max_failures;
        let mut conn = self.conn().await?;
        let outcome = conn
            .transaction::<_, Error, _>(async |conn| {
                let Some((user, _)) = users::find_by_email_for_update(conn, email.as_str()).await? else {
                    return Ok(Outcome::Wrong { failures: 0 });
                };
                let Some(row) = tokens::code_for_update(conn, user.id).await? else {
                    return Ok(Outcome::Expired);
                };
                if row.failed_attempts >= max {
                    return Ok(Outcome::Exhausted);
                }
                if row.expires_at <= now {
                    return Ok(Outcome::Expired);
                }
                let subject = user.id.to_string();
                if !self.digester.matches(Purpose::Verification, &subject, code.expose(), &row.digest) {
                    let failures = tokens::count_failed_try(conn, user.id).await?;
                    return Ok(if failures >= max { Outcome::Exhausted } else { Outcome::Wrong { failures } });
                }
                // A code signs in once: replaying it (a copied request, a shared screen) must not
                // sign anyone in again without the password.
                if row.used_at.is_some() {
                    return Ok(Outcome::Used);
                }
                {
                    tokens::mark_code_used(conn, user.id, now).await?;
                    users::mark_verified(conn, user.id, now).await?;
                    let verified = email_verified(conn, user.id).await?;
                    enqueue(conn, &verified).await?;
                    meguri_analytics::enqueue(conn, user.id, Activity::EmailVerified, serde_json::json!({}), now)
                        .await?;
                    enqueue(
                        conn,
                        &mail(
                            user.id,
                            user.email.clone(),
                            user.username.clone(),
                            MailKind::Welcome(mail_requested::Welcome {}),
                        ),
                    )
                    .await?;
                }
                users::record_login(conn, user.id, now).await?;
                let user = users::find(conn, user.id).await?.ok_or(Error::UserNotFound)?;
                Ok(Outcome::Verified(Box::new(user)))
            })
            .await?;
        crate::metrics::verification(match &outcome {
            Outcome::Verified(_) => "verified",
            Outcome::Wrong { .. } => "wrong_code",
            Outcome::Expired => "expired",
            Outcome::Exhausted => "exhausted",
            Outcome::Used => "used",
        });
        match outcome {
            Outcome::Verified(user) => {
                self.relay.wake();
                tracing::info!(name: "identity.user.verified", user_id = %user.id);
                Ok(*user)
            }
            Outcome::Wrong { failures } => {
                tracing::info!(name: "identity.code.wrong", failures);
                Err(Error::CodeInvalid)
            }
            Outcome::Expired => Err(Error::CodeExpired),
            Outcome::Exhausted => Err(Error::CodeExhausted),
            Outcome::Used => Err(Error::CodeUsed),
        }
    }

    /// Sends a new code unless one went out within the cooldown. Unknown and verified addresses
    /// get the same answer and no mail.
    #[tracing::instrument(skip_all)]
    pub async fn resend_code(&self, email: &str) -> Result<Duration, Error> {
        let email = Email::parse(email)?;
        let now = self.clock.now();
        let cooldown = self.limits.resend_cooldown;
        let mut conn = self.conn().await?;
        let sent = conn
            .transaction::<_, Error, _>(async |conn| {
                let Some((user, _)) = users::find_by_email_for_update(conn, email.as_str()).await? else {
                    return Ok(false);
                };
                if user.is_email_verified {
                    return Ok(false);
                }
                if let Some(row) = tokens::code_for_update(conn, user.id).await? {
                    let since = (now - row.sent_at).to_std().unwrap_or(Duration::ZERO);
                    // Within the cooldown nothing is sent, and the answer is the one unknown and
                    // verified addresses get: it must not tell that this address awaits a code.
                    // (The gateway's per-address cooldown is what callers see.)
                    if since < cooldown {
                        return Ok(false);
                    }
                }
                let code = VerificationCode::generate()?;
                let digest = self.digester.digest(Purpose::Verification, &user.id.to_string(), code.expose());
                tokens::put_code(conn, user.id, &digest, later(now, self.limits.code_ttl), now).await?;
                enqueue(conn, &self.code_mail(user.id, &email, user.username.as_deref(), &code)).await?;
                Ok(true)
            })
            .await?;
        if sent {
            self.relay.wake();
        }
        Ok(cooldown)
    }
}
