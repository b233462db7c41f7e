//! Sign-up: a new, unverified account with its consent, a verification code and, when the person
//! came from an invite link, the inviter (put in `EmailVerified` once the address is verified).

use diesel_async::AsyncConnection as _;
use meguri_analytics::Activity;
use meguri_events::enqueue;
use meguri_ids::UserId;
use meguri_proto::identity::{BirthDataChanged, UserSignedUp};
use meguri_proto::notify::mail_requested::{self, Kind as MailKind};
use meguri_proto::notify::{MailRequested, SecurityChange};

use crate::db::{tokens, users};
use crate::domain::{
    BirthData, Email, Gender, Invalid, PRIVACY_POLICY_VERSION, Password, Purpose, RawBirth, Username, VerificationCode,
};
use crate::error::Error;
use crate::usecases::accounts::{Accounts, later, mail, minutes, security_notice, username_free};
use crate::usecases::consent::consent_changed;

/// What a sign-up did.
#[derive(Debug)]
pub enum SignedUp {
    /// A new, unverified account; its code is on the way.
    New(UserId, Email),
    /// The address already had an account: nothing was created, its owner was notified.
    Existing(Email),
}

/// A sign-up as it arrives.
#[derive(Debug)]
pub struct SignUp {
    pub email: String,
    pub password: String,
    pub username: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub gender: Option<Gender>,
    pub birth: RawBirth,
    pub privacy_policy_accepted: bool,
    pub analytics_consent: bool,
    pub marketing_consent: bool,
    /// The invite link's member id, as sent (`SignUpRequest.inviter_id`).
    pub inviter_id: Option<String>,
}

/// The inviter to store: a well-formed user id, else none. Nothing tells the person whether the
/// inviter exists (sign-up does not reveal who is a member): social ignores an unknown one.
fn inviter(raw: Option<&str>) -> Option<UserId> {
    raw.map(str::trim).filter(|s| !s.is_empty()).and_then(|s| s.parse().ok())
}

impl Accounts {
    /// The least time before another code goes to an address that was just sent one
    /// (`Limits::resend_cooldown`): the sign-up answer reports it, for a new account and for an
    /// address that already had one alike.
    #[must_use]
    pub const fn resend_cooldown(&self) -> std::time::Duration {
        self.limits.resend_cooldown
    }

    /// Creates an unverified account with its consent and a verification code.
    #[tracing::instrument(skip_all)]
    pub async fn sign_up(&self, input: SignUp) -> Result<SignedUp, Error> {
        let email = Email::parse(&input.email)?;
        let password = Password::parse(&input.password)?;
        let username = Username::parse(&input.username).map_err(Invalid::Username)?;
        let username_key = username.skeleton();
        if !input.privacy_policy_accepted {
            return Err(Invalid::PrivacyPolicyRequired.into());
        }
        let name = |v: Option<String>| -> Result<Option<String>, Error> {
            match v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()) {
                Some(s) if s.chars().count() > 50 || s.chars().any(char::is_control) => {
                    Err(Error::Invalid(Invalid::Name))
                }
                other => Ok(other),
            }
        };
        let inviter_id = inviter(input.inviter_id.as_deref());
        let first_name = name(input.first_name)?;
        let last_name = name(input.last_name)?;
        let now = self.clock.now();
        let birth = BirthData::parse(&input.birth, now.date_naive())?.map(BirthData::with_defaults);
        let hash = self.hash(password).await?;
        let code = VerificationCode::generate()?;
        let id = UserId::new();
        let digest = self.digester.digest(Purpose::Verification, &id.to_string(), code.expose());

        let mut conn = self.conn().await?;
        let created = conn
            .transaction::<_, Error, _>(async |conn| {
                username_free(conn, &username, &username_key, None).await?;
                let new = users::NewUser {
                    id,
                    email: email.as_str(),
                    password_hash: &hash,
                    username: username.as_str(),
                    username_key: &username_key,
                    first_name: first_name.as_deref(),
                    last_name: last_name.as_deref(),
                    gender: input.gender,
                    birth: birth.as_ref(),
                    inviter_id,
                    now,
                };
                users::insert(conn, &new).await?;
                users::insert_consent(
                    conn,
                    id,
                    Some(PRIVACY_POLICY_VERSION),
                    input.analytics_consent,
                    input.marketing_consent,
                    now,
                )
                .await?;
                tokens::put_code(conn, id, &digest, later(now, self.limits.code_ttl), now).await?;
                enqueue(conn, &UserSignedUp { user_id: id.to_string() }).await?;
                // Analytics: the consent first, on the same stream, so support reads it before
                // the sign-up it covers (and stores nothing for a person who said no).
                enqueue(conn, &consent_changed(id, input.analytics_consent, now, false)).await?;
                meguri_analytics::enqueue(
                    conn,
                    id,
                    Activity::SignUp,
                    serde_json::json!({ "invited": inviter_id.is_some(), "birthData": birth.is_some() }),
                    now,
                )
                .await?;
                if birth.is_some() {
                    enqueue(conn, &BirthDataChanged { user_id: id.to_string() }).await?;
                }
                enqueue(conn, &self.code_mail(id, &email, Some(username.as_str()), &code)).await?;
                Ok(())
            })
            .await;
        match created {
            Ok(()) => {}
            // The address has an account: the answer must not say so (anyone can sign up with
            // any address). The owner gets a notice instead; nothing is created.
            Err(Error::EmailTaken) => {
                self.notify_sign_up_attempt(&email).await?;
                return Ok(SignedUp::Existing(email));
            }
            Err(other) => return Err(other),
        }
        self.relay.wake();
        crate::metrics::signed_up();
        tracing::info!(name: "identity.user.signed_up", user_id = %id);
        Ok(SignedUp::New(id, email))
    }

    /// Mails the owner of `email` that someone tried to sign up with it.
    async fn notify_sign_up_attempt(&self, email: &Email) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        let sent = conn
            .transaction::<_, Error, _>(async |conn| {
                let Some((user, _)) = users::find_by_email_for_update(conn, email.as_str()).await? else {
                    return Ok(false);
                };
                enqueue(conn, &security_notice(&user, SecurityChange::SignUpAttempted)).await?;
                Ok(true)
            })
            .await?;
        if sent {
            self.relay.wake();
        }
        tracing::info!(name: "identity.sign_up.existing_address", "sign-up with a registered address; owner notified");
        Ok(())
    }

    pub(crate) fn code_mail(
        &self,
        id: UserId,
        email: &Email,
        name: Option<&str>,
        code: &VerificationCode,
    ) -> MailRequested {
        mail(
            id,
            email.as_str().to_owned(),
            name.map(str::to_owned),
            MailKind::VerificationCode(mail_requested::VerificationCode {
                code: code.expose().to_owned(),
                expires_in_minutes: minutes(self.limits.code_ttl),
            }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_well_formed_inviter_is_kept() {
        let id = UserId::new();
        assert_eq!(inviter(Some(&id.to_string())), Some(id));
        assert_eq!(inviter(Some(&format!("  {id} "))), Some(id));
        for ignored in [None, Some(""), Some("  "), Some("not-a-uuid"), Some("123")] {
            assert_eq!(inviter(ignored), None, "{ignored:?}");
        }
    }
}
