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

/// A staff account as the admin SPA and the gateway see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaffRow {
    pub id: Uuid,
    pub email: String,
    pub role: String,
    pub is_active: bool,
    pub last_login: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

type Row = (Uuid, String, String, bool, Option<DateTime<Utc>>, DateTime<Utc>);

fn staff_of((id, email, role, is_active, last_login, created_at): Row) -> StaffRow {
    StaffRow { id, email, role, is_active, last_login, created_at }
}

/// The staff account `id`.
pub async fn find(conn: &mut AsyncPgConnection, id: Uuid) -> Result<Option<StaffRow>, diesel::result::Error> {
    admin_users::table
        .filter(admin_users::id.eq(id))
        .select(STAFF_COLUMNS)
        .first::<Row>(conn)
        .await
        .optional()
        .map(|row| row.map(staff_of))
}

/// Every staff account, by e-mail.
pub async fn list(conn: &mut AsyncPgConnection) -> Result<Vec<StaffRow>, diesel::result::Error> {
    let rows: Vec<Row> =
        admin_users::table.order(lower(admin_users::email).asc()).select(STAFF_COLUMNS).load(conn).await?;
    Ok(rows.into_iter().map(staff_of).collect())
}

const STAFF_COLUMNS: (
    admin_users::id,
    admin_users::email,
    admin_users::role,
    admin_users::is_active,
    admin_users::last_login,
    admin_users::created_at,
) = (
    admin_users::id,
    admin_users::email,
    admin_users::role,
    admin_users::is_active,
    admin_users::last_login,
    admin_users::created_at,
);

/// The staff account `id`, locked until the transaction ends.
pub async fn find_for_update(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> Result<Option<StaffRow>, diesel::result::Error> {
    admin_users::table
        .filter(admin_users::id.eq(id))
        .select(STAFF_COLUMNS)
        .for_update()
        .first::<Row>(conn)
        .await
        .optional()
        .map(|row| row.map(staff_of))
}

/// A new staff account (ALREADY_EXISTS through `admin_users_email_key` for a taken address).
pub async fn insert(
    conn: &mut AsyncPgConnection,
    email: &str,
    hash: &str,
    role: &str,
    now: DateTime<Utc>,
) -> Result<StaffRow, diesel::result::Error> {
    diesel::insert_into(admin_users::table)
        .values((
            admin_users::id.eq(Uuid::now_v7()),
            admin_users::email.eq(email),
            admin_users::password_hash.eq(hash),
            admin_users::role.eq(role),
            admin_users::created_at.eq(now),
            admin_users::updated_at.eq(now),
        ))
        .returning(STAFF_COLUMNS)
        .get_result::<Row>(conn)
        .await
        .map(staff_of)
}

/// Sets what is given of `is_active` and `role`.
pub async fn update(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    is_active: Option<bool>,
    role: Option<&str>,
    now: DateTime<Utc>,
) -> Result<StaffRow, diesel::result::Error> {
    let target = admin_users::table.filter(admin_users::id.eq(id));
    diesel::update(target)
        .set((
            is_active.map(|a| admin_users::is_active.eq(a)),
            role.map(|r| admin_users::role.eq(r)),
            admin_users::updated_at.eq(now),
        ))
        .returning(STAFF_COLUMNS)
        .get_result::<Row>(conn)
        .await
        .map(staff_of)
}
