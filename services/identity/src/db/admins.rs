//! admin_users.

use chrono::{DateTime, Utc};
use diesel::{ExpressionMethods as _, OptionalExtension as _, QueryDsl as _};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use uuid::Uuid;

use super::schema::admin_users;
use super::users::lower;
use crate::usecases::user::Admin;

/// An admin by address, with the password hash.
pub async fn find_by_email(
    conn: &mut AsyncPgConnection,
    email: &str,
) -> Result<Option<(Admin, String)>, diesel::result::Error> {
    admin_users::table
        .filter(lower(admin_users::email).eq(email))
        .select((
            admin_users::id,
            admin_users::email,
            admin_users::role,
            admin_users::is_active,
            admin_users::password_hash,
        ))
        .first::<(Uuid, String, String, bool, String)>(conn)
        .await
        .optional()
        .map(|row| row.map(|(id, email, role, is_active, hash)| (Admin { id, email, role, is_active }, hash)))
}

pub async fn record_login(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    diesel::update(admin_users::table.filter(admin_users::id.eq(id)))
        .set(admin_users::last_login.eq(now))
        .execute(conn)
        .await?;
    Ok(())
}

/// Creates the admin, or sets the password of an existing one and activates it again.
pub async fn upsert(
    conn: &mut AsyncPgConnection,
    email: &str,
    hash: &str,
    now: DateTime<Utc>,
) -> Result<Uuid, diesel::result::Error> {
    if let Some((admin, _)) = find_by_email(conn, email).await? {
        diesel::update(admin_users::table.filter(admin_users::id.eq(admin.id)))
            .set((
                admin_users::password_hash.eq(hash),
                admin_users::is_active.eq(true),
                admin_users::updated_at.eq(now),
            ))
            .execute(conn)
            .await?;
        return Ok(admin.id);
    }
    let id = Uuid::now_v7();
    diesel::insert_into(admin_users::table)
        .values((
            admin_users::id.eq(id),
            admin_users::email.eq(email),
            admin_users::password_hash.eq(hash),
            admin_users::created_at.eq(now),
            admin_users::updated_at.eq(now),
        ))
        .execute(conn)
        .await?;
    Ok(id)
}
