//! What every account operation shares: [`Accounts`] (the pool, the hasher, the clock, the limits),
//! the clock, and the helpers that build mail requests and events. The operations themselves live
//! one module per use case beside this one (`sign_up`, `verify_email`, `login`, `password`,
//! `email_change`, `deletion`, `profile`, `birth`, `members`, `admins`): each parses its input
//! once, runs one transaction, and writes the events (and mail requests) of the change to the
//! outbox in that same transaction.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use chrono::{DateTime, Utc};
use diesel_async::AsyncPgConnection;
use meguri_events::Relay;
use meguri_ids::UserId;
use meguri_proto::identity as pb;
use meguri_proto::notify::mail_requested::{self, Kind as MailKind};
use meguri_proto::notify::{MailRequested, SecurityChange};

use crate::db::users;
use crate::domain::{Clash, Password, PasswordHasher, SecretDigester, Username, clash};
use crate::error::Error;
use crate::usecases::user::{MemberProfile, User};
pub use meguri_clock::{Clock, SystemClock};

/// Lifetimes and limits of the one-time secrets.
#[derive(Clone, Debug)]
pub struct Limits {
    /// How long a verification code works.
    pub code_ttl: Duration,
    /// Wrong tries after which a code is void.
    pub code_max_failures: i32,
    /// Least time between two codes for one account (the sign-up and resend answers report it).
    pub resend_cooldown: Duration,
    /// Least time callers leave between two reset mails to one address (the forgot-password answer
    /// reports it; identity answers every address alike, so the caller holds repeats).
    pub reset_cooldown: Duration,
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
            reset_cooldown: Duration::from_secs(60),
            reset_ttl: Duration::from_secs(3600),
            email_change_ttl: Duration::from_secs(24 * 3600),
        }
    }
}

/// USERNAME_TAKEN or USERNAME_LOOKALIKE when an account other than `except` holds the name or its
/// skeleton. It names the answer for the common case; under concurrent sign-ups the unique indexes
/// decide, and their violations map to the same codes (`Error::from(diesel::result::Error)`).
pub(crate) async fn username_free(
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

pub(crate) fn minutes(d: Duration) -> u32 {
    u32::try_from(d.as_secs().div_ceil(60)).unwrap_or(u32::MAX)
}

pub(crate) fn later(now: DateTime<Utc>, d: Duration) -> DateTime<Utc> {
    now + chrono::Duration::from_std(d).unwrap_or(chrono::Duration::MAX)
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

pub(crate) type Conn = diesel_async::pooled_connection::deadpool::Object<AsyncPgConnection>;

impl Accounts {
    pub(crate) async fn conn(&self) -> Result<Conn, Error> {
        self.db.get().await.context("get a database connection").map_err(Error::Unexpected)
    }

    /// Hashes on a blocking thread (argon2id takes tens of milliseconds of CPU), at most one per core.
    pub(crate) async fn hash(&self, password: Password) -> Result<String, Error> {
        self.hasher.hash_bounded(password).await.map_err(Error::Unexpected)
    }

    pub(crate) async fn verify(&self, password: String, stored: Option<String>) -> Result<bool, Error> {
        Ok(self.hasher.verify_bounded(password, stored).await.context("verify task")?)
    }
}

pub(crate) fn security_notice(user: &User, what: SecurityChange) -> MailRequested {
    mail(
        user.id,
        user.email.clone(),
        user.username.clone(),
        MailKind::SecurityNotice(mail_requested::SecurityNotice { what: what.into() }),
    )
}

/// A request to notify for one mail to `to` about `user`.
pub(crate) fn mail(user: UserId, to: String, name: Option<String>, kind: MailKind) -> MailRequested {
    MailRequested { user_id: Some(user.to_string()), to, name, kind: Some(kind) }
}

/// `updated_at` as the contract writes it: RFC 3339 with microseconds (what PostgreSQL stores).
fn micros(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
}

/// A member's public fields as the contract carries them (events and ListMemberProfiles).
pub(crate) fn member_profile_pb(profile: MemberProfile) -> pb::MemberProfile {
    pb::MemberProfile {
        user_id: profile.id.to_string(),
        username: profile.username,
        first_name: profile.first_name,
        profile_image_url: profile.profile_image_url,
        updated_at: micros(profile.updated_at),
    }
}

/// `identity.email_verified` for `id`, just marked verified in this transaction: its public fields
/// (social's read model starts from them) and the inviter it signed up from, if any.
pub(crate) async fn email_verified(conn: &mut AsyncPgConnection, id: UserId) -> Result<pb::EmailVerified, Error> {
    let profile = users::member_profile(conn, id).await?;
    let inviter = users::inviter(conn, id).await?;
    Ok(pb::EmailVerified {
        user_id: id.to_string(),
        profile: profile.map(member_profile_pb),
        inviter_id: inviter.map(|i| i.to_string()),
    })
}
