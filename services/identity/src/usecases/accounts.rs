//! The account operations: each parses its input once, runs one transaction, and writes the
//! events (and mail requests) of the change to the outbox in that same transaction.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use chrono::{DateTime, Utc};
use diesel_async::{AsyncConnection as _, AsyncPgConnection};
use meguri_events::{Relay, enqueue};
use meguri_ids::UserId;
use meguri_proto::identity::{AccountDeleted, BirthDataChanged, EmailVerified, UserSignedUp};
use meguri_proto::notify::mail_requested::{self, Kind as MailKind};
use meguri_proto::notify::{MailRequested, SecurityChange};
use meguri_tz::TimezoneOffset;

use crate::db::{admins, tokens, users};
use crate::domain::{
    BirthData, Clash, Email, Gender, Invalid, LinkToken, PRIVACY_POLICY_VERSION, Password, PasswordHasher, Purpose,
    RawBirth, SecretDigester, Username, VerificationCode, clash, skeleton,
};
use crate::error::Error;
use crate::usecases::user::{Admin, BirthProfile, User};

/// The time source; tests move it forward to expire codes and links.
pub trait Clock: Send + Sync {
    fn now(&self) -> DateTime<Utc>;
}

/// The system clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// Lifetimes and limits of the one-time secrets.
#[derive(Clone, Debug)]
pub struct Limits {
    /// How long a verification code works.
    pub code_ttl: Duration,
    /// Wrong tries after which a code is void.
    pub code_max_failures: i32,
    /// Least time between two codes for one account.
    pub resend_cooldown: Duration,
    /// How long a reset link works (spec: an hour).
    pub reset_ttl: Duration,
    /// How long an e-mail-change link works.
    pub email_change_ttl: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            code_ttl: Duration::from_secs(15 * 60),
            code_max_failures: 5,
            resend_cooldown: Duration::from_secs(60),
            reset_ttl: Duration::from_secs(3600),
            email_change_ttl: Duration::from_secs(24 * 3600),
        }
    }
}

/// USERNAME_TAKEN or USERNAME_LOOKALIKE when an account other than `except` holds the name or its
/// skeleton. It names the answer for the common case; under concurrent sign-ups the unique indexes
/// decide, and their violations map to the same codes (`Error::from(diesel::result::Error)`).
async fn username_free(
    conn: &mut AsyncPgConnection,
    username: &Username,
    username_key: &str,
    except: Option<UserId>,
) -> Result<(), Error> {
    let holders = users::usernames_clashing(conn, username.as_str(), username_key, except).await?;
    match clash(username, &holders) {
        Some(Clash::Taken) => Err(Error::UsernameTaken),
        Some(Clash::Lookalike) => Err(Error::UsernameLookalike),
        None => Ok(()),
    }
}

/// What [`Accounts::backfill_username_keys`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Backfill {
    /// Accounts that got their key.
    pub keyed: usize,
    /// Accounts this run left without one: an older account holds their skeleton (or an identity
    /// replica starting at the same time keyed them first).
    pub left_without: usize,
}

fn minutes(d: Duration) -> u32 {
    u32::try_from(d.as_secs().div_ceil(60)).unwrap_or(u32::MAX)
}

fn later(now: DateTime<Utc>, d: Duration) -> DateTime<Utc> {
    now + chrono::Duration::from_std(d).unwrap_or(chrono::Duration::MAX)
}

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
}

/// Everything the operations need.
#[derive(Clone)]
pub struct Accounts {
    pub(crate) db: meguri_db::Pool,
    pub(crate) hasher: PasswordHasher,
    pub(crate) digester: SecretDigester,
    pub(crate) relay: Relay,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) limits: Limits,
}

type Conn = diesel_async::pooled_connection::deadpool::Object<AsyncPgConnection>;

impl Accounts {
    async fn conn(&self) -> Result<Conn, Error> {
        self.db.get().await.context("get a database connection").map_err(Error::Unexpected)
    }

    /// Hashes on a blocking thread (argon2id takes tens of milliseconds of CPU).
    async fn hash(&self, password: Password) -> Result<String, Error> {
        let hasher = self.hasher.clone();
        tokio::task::spawn_blocking(move || hasher.hash(&password))
            .await
            .context("hash task")?
            .map_err(Error::Unexpected)
    }

    async fn verify(&self, password: String, stored: Option<String>) -> Result<bool, Error> {
        let hasher = self.hasher.clone();
        Ok(tokio::task::spawn_blocking(move || hasher.verify(&password, stored.as_deref()))
            .await
            .context("verify task")?)
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
                    now,
                };
                users::insert(conn, &new).await?;
                users::insert_consent(
                    conn,
                    id,
                    PRIVACY_POLICY_VERSION,
                    input.analytics_consent,
                    input.marketing_consent,
                    now,
                )
                .await?;
                tokens::put_code(conn, id, &digest, later(now, self.limits.code_ttl), now).await?;
                enqueue(conn, &UserSignedUp { user_id: id.to_string() }).await?;
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

    fn code_mail(&self, id: UserId, email: &Email, name: Option<&str>, code: &VerificationCode) -> MailRequested {
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
                    enqueue(conn, &EmailVerified { user_id: user.id.to_string() }).await?;
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

    /// Checks e-mail and password. An unknown address costs one hash check like a real one and
    /// gets the same error; an unverified account is refused only after its password matched.
    #[tracing::instrument(skip_all)]
    pub async fn login(&self, email: &str, password: &str) -> Result<User, Error> {
        let Ok(email) = Email::parse(email) else {
            let _ = self.verify(password.to_owned(), None).await?;
            return Err(Error::InvalidCredentials);
        };
        let mut conn = self.conn().await?;
        let found = users::find_by_email_for_update(&mut conn, email.as_str()).await?;
        let (user, stored) = match found {
            Some((user, hash)) => (Some(user), Some(hash)),
            None => (None, None),
        };
        let ok = self.verify(password.to_owned(), stored).await?;
        let Some(user) = user.filter(|_| ok) else {
            crate::metrics::login_failed();
            return Err(Error::InvalidCredentials);
        };
        if !user.is_email_verified {
            return Err(Error::EmailNotVerified);
        }
        let now = self.clock.now();
        users::record_login(&mut conn, user.id, now).await?;
        tracing::info!(name: "identity.user.logged_in", user_id = %user.id);
        Ok(User { last_login_at: Some(now), ..user })
    }

    /// Mails a reset link when the address has an account; answers the same either way.
    #[tracing::instrument(skip_all)]
    pub async fn forgot_password(&self, email: &str) -> Result<(), Error> {
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
        Ok(())
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
                    enqueue(conn, &EmailVerified { user_id: user.id.to_string() }).await?;
                }
                enqueue(conn, &security_notice(&user, SecurityChange::PasswordChanged)).await?;
                Ok(user.id)
            })
            .await?;
        self.relay.wake();
        tracing::info!(name: "identity.password.reset", user_id = %id);
        Ok(id)
    }

    pub async fn get_user(&self, id: UserId) -> Result<User, Error> {
        let mut conn = self.conn().await?;
        users::find(&mut conn, id).await?.ok_or(Error::UserNotFound)
    }

    /// A live user's gender and birth data (for another service: the caller's role is checked at
    /// the edge).
    #[tracing::instrument(skip_all, fields(user_id = %id))]
    pub async fn birth_profile(&self, id: UserId) -> Result<BirthProfile, Error> {
        let mut conn = self.conn().await?;
        users::birth_profile(&mut conn, id).await?.ok_or(Error::UserNotFound)
    }

    /// Stores the offset the person's browser reported (minutes, as `Date#getTimezoneOffset`).
    ///
    /// # Errors
    /// [`Invalid::TimezoneOffset`] outside −840..=720; [`Error::UserNotFound`].
    #[tracing::instrument(skip_all, fields(user_id = %id))]
    pub async fn set_timezone_offset(&self, id: UserId, minutes: i32) -> Result<TimezoneOffset, Error> {
        let offset = TimezoneOffset::parse(minutes).map_err(|_| Invalid::TimezoneOffset)?;
        let mut conn = self.conn().await?;
        if !users::set_timezone_offset(&mut conn, id, offset).await? {
            return Err(Error::UserNotFound);
        }
        tracing::info!(name: "identity.timezone.stored", user_id = %id, minutes);
        Ok(offset)
    }

    /// A live user's stored offset; `None` when it was never reported (for another service: the
    /// caller's role is checked at the edge).
    ///
    /// # Errors
    /// [`Error::UserNotFound`].
    #[tracing::instrument(skip_all, fields(user_id = %id))]
    pub async fn timezone_offset(&self, id: UserId) -> Result<Option<TimezoneOffset>, Error> {
        let mut conn = self.conn().await?;
        users::timezone_offset(&mut conn, id).await?.ok_or(Error::UserNotFound)
    }

    /// Changes the username; the account's own name in other case is no clash.
    #[tracing::instrument(skip_all, fields(user_id = %id))]
    pub async fn update_username(&self, id: UserId, username: &str) -> Result<User, Error> {
        let username = Username::parse(username).map_err(Invalid::Username)?;
        let username_key = username.skeleton();
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        conn.transaction::<_, Error, _>(async |conn| {
            users::find_with_hash_for_update(conn, id).await?.ok_or(Error::UserNotFound)?;
            username_free(conn, &username, &username_key, Some(id)).await?;
            users::set_username(conn, id, username.as_str(), &username_key, now).await?;
            users::find(conn, id).await?.ok_or(Error::UserNotFound)
        })
        .await
    }

    /// Gives every account stored before `username_key` existed its key, oldest first; run at
    /// start-up, before serving (a no-op once done).
    ///
    /// Two existing names can share a skeleton (`hana1` and `hanal` were both allowed before).
    /// Start-up does not fail and nobody is renamed: the older account takes the key, the younger
    /// keeps its name without one and is counted in [`Backfill::left_without`] (logged as
    /// `identity.username_key.left_without`). The older key still refuses every new look-alike of
    /// both, and `users_username_key` still refuses the younger name itself; the younger account
    /// gets a key when it next changes its name.
    ///
    /// # Errors
    /// The database failed.
    #[tracing::instrument(skip_all)]
    pub async fn backfill_username_keys(&self) -> Result<Backfill, Error> {
        let mut conn = self.conn().await?;
        let mut done = Backfill::default();
        for (id, name) in users::without_username_key(&mut conn).await? {
            if users::claim_username_key(&mut conn, id, &skeleton(&name)).await? {
                done.keyed += 1;
            } else {
                done.left_without += 1;
            }
        }
        if done.keyed > 0 {
            tracing::info!(name: "identity.username_key.backfilled", keyed = done.keyed);
        }
        if done.left_without > 0 {
            tracing::warn!(
                name: "identity.username_key.left_without",
                accounts = done.left_without,
                "accounts whose username looks like an older account's keep their name without a look-alike key"
            );
        }
        Ok(done)
    }

    /// Replaces gender and birth data (birth date required); emits `birth_data_changed` when the
    /// birth data (not only the gender) changed, or the gender did (it turns the luck pillars).
    #[tracing::instrument(skip_all, fields(user_id = %id))]
    pub async fn update_birth_data(
        &self,
        id: UserId,
        gender: Option<Gender>,
        raw: &RawBirth,
    ) -> Result<(User, bool), Error> {
        let gender = gender.ok_or(Invalid::Gender)?;
        let now = self.clock.now();
        let birth = BirthData::parse(raw, now.date_naive())?.ok_or(Invalid::BirthDateRequired)?.with_defaults();
        let mut conn = self.conn().await?;
        let result = conn
            .transaction::<_, Error, _>(async |conn| {
                let (before, _) = users::find_with_hash_for_update(conn, id).await?.ok_or(Error::UserNotFound)?;
                users::set_birth(conn, id, gender, &birth, now).await?;
                let after = users::find(conn, id).await?.ok_or(Error::UserNotFound)?;
                let changed = before.birth_date != after.birth_date
                    || before.birth_time != after.birth_time
                    || before.birth_time_unknown != after.birth_time_unknown
                    || before.birth_location != after.birth_location
                    || before.birth_longitude != after.birth_longitude
                    || before.birth_latitude != after.birth_latitude
                    || before.gender != after.gender;
                if changed {
                    users::mark_birth_changed(conn, id, now).await?;
                    enqueue(conn, &BirthDataChanged { user_id: id.to_string() }).await?;
                }
                Ok((after, changed))
            })
            .await?;
        if result.1 {
            self.relay.wake();
        }
        Ok(result)
    }

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

    pub async fn complete_onboarding(&self, id: UserId) -> Result<User, Error> {
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        users::complete_onboarding(&mut conn, id, now).await?;
        users::find(&mut conn, id).await?.ok_or(Error::UserNotFound)
    }

    /// Checks an admin's credentials; inactive admins are refused after the password matched.
    #[tracing::instrument(skip_all)]
    pub async fn admin_login(&self, email: &str, password: &str) -> Result<Admin, Error> {
        let email = Email::parse(email).map_err(|_| Error::InvalidCredentials)?;
        let mut conn = self.conn().await?;
        let found = admins::find_by_email(&mut conn, email.as_str()).await?;
        let (admin, stored) = match found {
            Some((admin, hash)) => (Some(admin), Some(hash)),
            None => (None, None),
        };
        let ok = self.verify(password.to_owned(), stored).await?;
        let admin = admin.filter(|_| ok).ok_or(Error::InvalidCredentials)?;
        if !admin.is_active {
            return Err(Error::AdminInactive);
        }
        admins::record_login(&mut conn, admin.id, self.clock.now()).await?;
        tracing::info!(name: "identity.admin.logged_in", admin_id = %admin.id);
        Ok(admin)
    }
}

/// Creates an admin (or resets an existing admin's password and activates it): the
/// `create-admin` subcommand.
///
/// # Errors
/// An invalid address or password, or the database failed.
pub async fn create_admin(
    db: &meguri_db::Pool,
    hasher: &PasswordHasher,
    email: &str,
    password: &str,
) -> Result<uuid::Uuid, Error> {
    let email = Email::parse(email)?;
    let password = Password::parse(password)?;
    let hasher = hasher.clone();
    let hash = tokio::task::spawn_blocking(move || hasher.hash(&password))
        .await
        .context("hash task")?
        .map_err(Error::Unexpected)?;
    let mut conn = db.get().await.context("get a database connection")?;
    Ok(admins::upsert(&mut conn, email.as_str(), &hash, Utc::now()).await?)
}

fn security_notice(user: &User, what: SecurityChange) -> MailRequested {
    mail(
        user.id,
        user.email.clone(),
        user.username.clone(),
        MailKind::SecurityNotice(mail_requested::SecurityNotice { what: what.into() }),
    )
}

/// A request to notify for one mail to `to` about `user`.
fn mail(user: UserId, to: String, name: Option<String>, kind: MailKind) -> MailRequested {
    MailRequested { user_id: Some(user.to_string()), to, name, kind: Some(kind) }
}
