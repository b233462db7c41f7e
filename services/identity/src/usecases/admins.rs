//! Admin accounts: signing in, and the `create-admin` sub-command.

use anyhow::Context as _;
use chrono::Utc;

use crate::db::admins;
use crate::domain::{Email, Password, PasswordHasher};
use crate::error::Error;
use crate::usecases::accounts::Accounts;
use crate::usecases::user::Admin;

impl Accounts {
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

/// The most members one staff lookup may name.
pub const MAX_STAFF_LOOKUP: usize = 200;

impl Accounts {
    /// The staff account `id` (the gateway checks it on every admin request).
    ///
    /// # Errors
    /// [`Error::StaffNotFound`].
    #[tracing::instrument(skip_all, fields(admin_id = %id))]
    pub async fn staff(&self, id: uuid::Uuid) -> Result<admins::StaffRow, Error> {
        let mut conn = self.conn().await?;
        admins::find(&mut conn, id).await?.ok_or(Error::StaffNotFound)
    }

    /// Every staff account, by e-mail.
    ///
    /// # Errors
    /// The database.
    pub async fn all_staff(&self) -> Result<Vec<admins::StaffRow>, Error> {
        let mut conn = self.conn().await?;
        Ok(admins::list(&mut conn).await?)
    }

    /// Members as staff see them (no birth data), for up to [`MAX_STAFF_LOOKUP`] ids.
    ///
    /// # Errors
    /// [`Error::TooManyIds`].
    pub async fn members_for_staff(&self, ids: &[uuid::Uuid]) -> Result<Vec<crate::db::users::ForStaff>, Error> {
        if ids.len() > MAX_STAFF_LOOKUP {
            return Err(Error::TooManyIds);
        }
        let mut conn = self.conn().await?;
        Ok(crate::db::users::for_staff(&mut conn, ids).await?)
    }
}
