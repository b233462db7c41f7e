//! The one-time secrets: verification codes, password-reset and e-mail-change tokens (digests only).

use chrono::{DateTime, Utc};
use diesel::{ExpressionMethods as _, OptionalExtension as _, QueryDsl as _};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use uuid::Uuid;

use super::schema::{email_change_tokens, email_verification_codes, password_reset_tokens};

/// The live verification code of a user.
pub struct CodeRow {
    pub digest: Vec<u8>,
    pub expires_at: DateTime<Utc>,
    pub failed_attempts: i32,
    pub sent_at: DateTime<Utc>,
    pub used_at: Option<DateTime<Utc>>,
}

pub async fn code_for_update(
    conn: &mut AsyncPgConnection,
    user: UserId,
) -> Result<Option<CodeRow>, diesel::result::Error> {
    email_verification_codes::table
        .filter(email_verification_codes::user_id.eq(user.as_uuid()))
        .select((
            email_verification_codes::code_digest,
            email_verification_codes::expires_at,
            email_verification_codes::failed_attempts,
            email_verification_codes::sent_at,
            email_verification_codes::used_at,
        ))
        .for_update()
        .first::<(Vec<u8>, DateTime<Utc>, i32, DateTime<Utc>, Option<DateTime<Utc>>)>(conn)
        .await
        .optional()
        .map(|r| {
            r.map(|(digest, expires_at, failed_attempts, sent_at, used_at)| CodeRow {
                digest,
                expires_at,
                failed_attempts,
                sent_at,
                used_at,
            })
        })
}

/// Stores a new code for the user, replacing any earlier one (its tries start again).
pub async fn put_code(
    conn: &mut AsyncPgConnection,
    user: UserId,
    digest: &[u8],
    expires_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    diesel::insert_into(email_verification_codes::table)
        .values((
            email_verification_codes::user_id.eq(user.as_uuid()),
            email_verification_codes::code_digest.eq(digest),
            email_verification_codes::expires_at.eq(expires_at),
            email_verification_codes::failed_attempts.eq(0),
            email_verification_codes::sent_at.eq(now),
        ))
        .on_conflict(email_verification_codes::user_id)
        .do_update()
        .set((
            email_verification_codes::code_digest.eq(digest),
            email_verification_codes::expires_at.eq(expires_at),
            email_verification_codes::failed_attempts.eq(0),
            email_verification_codes::sent_at.eq(now),
            email_verification_codes::used_at.eq(None::<DateTime<Utc>>),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn count_failed_try(conn: &mut AsyncPgConnection, user: UserId) -> Result<i32, diesel::result::Error> {
    diesel::update(email_verification_codes::table.filter(email_verification_codes::user_id.eq(user.as_uuid())))
        .set(email_verification_codes::failed_attempts.eq(email_verification_codes::failed_attempts + 1))
        .returning(email_verification_codes::failed_attempts)
        .get_result(conn)
        .await
}

pub async fn mark_code_used(
    conn: &mut AsyncPgConnection,
    user: UserId,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    diesel::update(email_verification_codes::table.filter(email_verification_codes::user_id.eq(user.as_uuid())))
        .set(email_verification_codes::used_at.eq(now))
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn put_reset_token(
    conn: &mut AsyncPgConnection,
    user: UserId,
    digest: &[u8],
    expires_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    diesel::insert_into(password_reset_tokens::table)
        .values((
            password_reset_tokens::token_digest.eq(digest),
            password_reset_tokens::user_id.eq(user.as_uuid()),
            password_reset_tokens::expires_at.eq(expires_at),
            password_reset_tokens::created_at.eq(now),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Uses a reset token: true when it existed for `user`, unused and unexpired; it is then spent,
/// and so are all other reset tokens of the user.
pub async fn spend_reset_token(
    conn: &mut AsyncPgConnection,
    user: UserId,
    digest: &[u8],
    now: DateTime<Utc>,
) -> Result<bool, diesel::result::Error> {
    let live: Option<Vec<u8>> = password_reset_tokens::table
        .filter(password_reset_tokens::token_digest.eq(digest))
        .filter(password_reset_tokens::user_id.eq(user.as_uuid()))
        .filter(password_reset_tokens::used_at.is_null())
        .filter(password_reset_tokens::expires_at.gt(now))
        .select(password_reset_tokens::token_digest)
        .for_update()
        .first(conn)
        .await
        .optional()?;
    if live.is_none() {
        return Ok(false);
    }
    diesel::update(
        password_reset_tokens::table
            .filter(password_reset_tokens::user_id.eq(user.as_uuid()))
            .filter(password_reset_tokens::used_at.is_null()),
    )
    .set(password_reset_tokens::used_at.eq(now))
    .execute(conn)
    .await?;
    Ok(true)
}

pub async fn put_email_change_token(
    conn: &mut AsyncPgConnection,
    user: UserId,
    digest: &[u8],
    new_email: &str,
    expires_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    // A new request replaces earlier ones: only the latest link works.
    diesel::update(
        email_change_tokens::table
            .filter(email_change_tokens::user_id.eq(user.as_uuid()))
            .filter(email_change_tokens::used_at.is_null()),
    )
    .set(email_change_tokens::used_at.eq(now))
    .execute(conn)
    .await?;
    diesel::insert_into(email_change_tokens::table)
        .values((
            email_change_tokens::token_digest.eq(digest),
            email_change_tokens::user_id.eq(user.as_uuid()),
            email_change_tokens::new_email.eq(new_email),
            email_change_tokens::expires_at.eq(expires_at),
            email_change_tokens::created_at.eq(now),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Spends a live e-mail-change token; returns its user and new address.
pub async fn spend_email_change_token(
    conn: &mut AsyncPgConnection,
    digest: &[u8],
    now: DateTime<Utc>,
) -> Result<Option<(UserId, String)>, diesel::result::Error> {
    let row: Option<(Uuid, String)> = email_change_tokens::table
        .filter(email_change_tokens::token_digest.eq(digest))
        .filter(email_change_tokens::used_at.is_null())
        .filter(email_change_tokens::expires_at.gt(now))
        .select((email_change_tokens::user_id, email_change_tokens::new_email))
        .for_update()
        .first(conn)
        .await
        .optional()?;
    if row.is_some() {
        diesel::update(email_change_tokens::table.filter(email_change_tokens::token_digest.eq(digest)))
            .set(email_change_tokens::used_at.eq(now))
            .execute(conn)
            .await?;
    }
    Ok(row.map(|(id, email)| (UserId::from_uuid(id), email)))
}

/// Removes every secret of a deleted account.
pub async fn delete_all_for(conn: &mut AsyncPgConnection, user: UserId) -> Result<(), diesel::result::Error> {
    let id = user.as_uuid();
    diesel::delete(email_verification_codes::table.filter(email_verification_codes::user_id.eq(id)))
        .execute(conn)
        .await?;
    diesel::delete(password_reset_tokens::table.filter(password_reset_tokens::user_id.eq(id))).execute(conn).await?;
    diesel::delete(email_change_tokens::table.filter(email_change_tokens::user_id.eq(id))).execute(conn).await?;
    Ok(())
}
