//! Admin accounts: signing in, and the `create-admin` sub-command.

use anyhow::Context as _;
use chrono::Utc;
use diesel_async::AsyncConnection as _;

use crate::db::{admins, audit};
use crate::domain::{AuditAction, AuditRecord, Email, Password, PasswordHasher, StaffRole};
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
        let now = self.clock.now();
        let record = AuditRecord::new(admin.id, AuditAction::SignIn, admin.id, now);
        conn.transaction::<_, Error, _>(async |conn| {
            admins::record_login(conn, admin.id, now).await?;
            audit::append(conn, &record).await?;
            Ok(())
        })
        .await?;
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
    let hash = hasher.hash_bounded(password).await.map_err(Error::Unexpected)?;
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

/// A change of a staff account as an admin asks for it.
#[derive(Clone, Copy, Debug, Default)]
pub struct StaffChange {
    pub is_active: Option<bool>,
    pub role: Option<StaffRole>,
}

impl Accounts {
    /// A new staff account with its first password, created by the admin `by` (audited:
    /// staff.create, after = the role).
    ///
    /// # Errors
    /// The address's and password's rules, [`Error::StaffEmailTaken`].
    #[tracing::instrument(skip_all, fields(by = %by))]
    pub async fn create_staff(
        &self,
        by: uuid::Uuid,
        email: &str,
        role: StaffRole,
        password: &str,
    ) -> Result<admins::StaffRow, Error> {
        let email = Email::parse(email)?;
        let password = Password::parse(password)?;
        let hash = self.hash(password).await?;
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        let created = conn
            .transaction::<_, Error, _>(async |conn| {
                let created = admins::insert(conn, email.as_str(), &hash, role.as_str(), now).await?;
                let record = AuditRecord::new(by, AuditAction::StaffCreate, created.id, now)
                    .change(None, Some(role.as_str().to_owned()));
                audit::append(conn, &record).await?;
                Ok(created)
            })
            .await?;
        tracing::info!(name: "identity.staff.created", admin_id = %created.id, by = %by, role = role.as_str());
        Ok(created)
    }

    /// Deactivates, reactivates or changes the role of the staff account `id`, as the admin `by`
    /// asks; each change that changes something is audited in the same transaction. Deactivation
    /// takes effect at once: the gateway asks for the account on every request.
    ///
    /// # Errors
    /// [`Error::StaffSelfChange`] for `by`'s own account, [`Error::StaffNotFound`].
    #[tracing::instrument(skip_all, fields(admin_id = %id, by = %by))]
    pub async fn update_staff(
        &self,
        by: uuid::Uuid,
        id: uuid::Uuid,
        change: StaffChange,
    ) -> Result<admins::StaffRow, Error> {
        if by == id {
            return Err(Error::StaffSelfChange);
        }
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        conn.transaction::<_, Error, _>(async |conn| {
            let current = admins::find_for_update(conn, id).await?.ok_or(Error::StaffNotFound)?;
            let mut records = Vec::new();
            if let Some(active) = change.is_active.filter(|a| *a != current.is_active) {
                let action = if active { AuditAction::StaffReactivate } else { AuditAction::StaffDeactivate };
                records.push(AuditRecord::new(by, action, id, now));
            }
            if let Some(role) = change.role.filter(|r| r.as_str() != current.role) {
                records.push(
                    AuditRecord::new(by, AuditAction::StaffRole, id, now)
                        .change(Some(current.role.clone()), Some(role.as_str().to_owned())),
                );
            }
            if records.is_empty() {
                return Ok(current);
            }
            let updated = admins::update(conn, id, change.is_active, change.role.map(StaffRole::as_str), now).await?;
            for record in &records {
                audit::append(conn, record).await?;
            }
            tracing::info!(name: "identity.staff.changed", admin_id = %id, by = %by, changes = records.len());
            Ok(updated)
        })
        .await
    }
}
