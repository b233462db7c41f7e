//! users and user_consent.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::{
    BoolExpressionMethods as _, ExpressionMethods as _, NullableExpressionMethods as _, OptionalExtension as _,
    QueryDsl as _, Queryable, Selectable, SelectableHelper as _,
};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use meguri_tz::TimezoneOffset;
use uuid::Uuid;

use super::schema::{user_consent, users};
use crate::domain::{BirthData, DstChoice, Gender};
use crate::usecases::user::{BirthProfile, Contact, MemberProfile, User};

diesel::define_sql_function! {
    /// SQL `lower(text)`: addresses and usernames are compared case-insensitively.
    fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

diesel::define_sql_function! {
    /// SQL `lower(text)` of a nullable column (the username), as `users_username_key` indexes it.
    #[sql_name = "lower"]
    fn lower_nullable(x: diesel::sql_types::Nullable<diesel::sql_types::Text>) -> diesel::sql_types::Nullable<diesel::sql_types::Text>;
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = users)]
struct UserRow {
    id: Uuid,
    email: String,
    username: Option<String>,
    first_name: Option<String>,
    last_name: Option<String>,
    profile_image_url: Option<String>,
    gender: Option<String>,
    birth_date: Option<NaiveDate>,
    birth_time: Option<String>,
    birth_time_unknown: bool,
    birth_location: Option<String>,
    birth_longitude: Option<f64>,
    birth_latitude: Option<f64>,
    birth_dst_choice: Option<String>,
    is_email_verified: bool,
    has_completed_onboarding: bool,
    pending_email: Option<String>,
    timezone_offset: Option<i32>,
    created_at: DateTime<Utc>,
    last_login_at: Option<DateTime<Utc>>,
}

impl From<UserRow> for User {
    fn from(r: UserRow) -> Self {
        Self {
            id: UserId::from_uuid(r.id),
            email: r.email,
            username: r.username,
            first_name: r.first_name,
            last_name: r.last_name,
            profile_image_url: r.profile_image_url,
            gender: r.gender.as_deref().and_then(Gender::from_store),
            birth_date: r.birth_date,
            birth_time: r.birth_time,
            birth_time_unknown: r.birth_time_unknown,
            birth_location: r.birth_location,
            birth_longitude: r.birth_longitude,
            birth_latitude: r.birth_latitude,
            // The column's CHECK keeps it to the three words.
            birth_dst_choice: r.birth_dst_choice.as_deref().and_then(DstChoice::from_key),
            is_email_verified: r.is_email_verified,
            has_completed_onboarding: r.has_completed_onboarding,
            pending_email: r.pending_email,
            // The column's CHECK keeps it in range; anything else reads as never reported.
            timezone_offset: r.timezone_offset.and_then(|m| TimezoneOffset::parse(m).ok()),
            created_at: r.created_at,
            last_login_at: r.last_login_at,
        }
    }
}

/// The row of account `id` (live or deleted), as [`update`] targets it.
type ById = diesel::dsl::Filter<users::table, diesel::dsl::Eq<users::id, Uuid>>;

/// Sets `changes` (a column assignment or a tuple of them) on the row of account `id`: the one
/// update every setter below makes.
async fn update<C>(conn: &mut AsyncPgConnection, id: UserId, changes: C) -> Result<(), diesel::result::Error>
where
    C: diesel::AsChangeset<Target = users::table>,
    diesel::dsl::Update<ById, C>: diesel_async::methods::ExecuteDsl<AsyncPgConnection> + Send,
{
    diesel::update(users::table.filter(users::id.eq(*id.as_uuid()))).set(changes).execute(conn).await?;
    Ok(())
}

/// What sign-up stores.
pub struct NewUser<'a> {
    pub id: UserId,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub username: &'a str,
    /// The username's look-alike skeleton (`users_username_lookalike_key`).
    pub username_key: &'a str,
    pub first_name: Option<&'a str>,
    pub last_name: Option<&'a str>,
    pub gender: Option<Gender>,
    pub birth: Option<&'a BirthData>,
    /// The member whose invite link the person came from (not checked: any UUID).
    pub inviter_id: Option<UserId>,
    pub now: DateTime<Utc>,
}

#[tracing::instrument(skip_all, fields(user_id = %user.id))]
pub async fn insert(conn: &mut AsyncPgConnection, user: &NewUser<'_>) -> Result<(), diesel::result::Error> {
    let birth = user.birth;
    diesel::insert_into(users::table)
        .values((
            users::id.eq(user.id.as_uuid()),
            users::email.eq(user.email),
            users::password_hash.eq(user.password_hash),
            users::username.eq(user.username),
            users::username_key.eq(user.username_key),
            users::first_name.eq(user.first_name),
            users::last_name.eq(user.last_name),
            users::gender.eq(user.gender.map(Gender::as_str)),
            users::birth_date.eq(birth.map(|b| b.date)),
            users::birth_time.eq(birth.map(BirthData::time_text)),
            users::birth_time_unknown.eq(birth.is_some_and(BirthData::time_unknown)),
            users::birth_location.eq(birth.and_then(|b| b.location.clone())),
            users::birth_longitude.eq(birth.and_then(|b| b.coordinates.map(|c| c.0))),
            users::birth_latitude.eq(birth.and_then(|b| b.coordinates.map(|c| c.1))),
            users::birth_dst_choice.eq(birth.and_then(|b| b.dst_choice.map(DstChoice::key))),
            users::birth_updated_at.eq(birth.map(|_| user.now)),
            users::inviter_id.eq(user.inviter_id.map(|i| *i.as_uuid())),
            users::profile_updated_at.eq(user.now),
            users::created_at.eq(user.now),
            users::updated_at.eq(user.now),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Records a member's consents: at sign-up with the privacy policy version accepted; without one
/// for an account from before consents were recorded (its first change in /settings).
pub async fn insert_consent(
    conn: &mut AsyncPgConnection,
    user_id: UserId,
    accepted_version: Option<&str>,
    analytics: bool,
    marketing: bool,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    diesel::insert_into(user_consent::table)
        .values((
            user_consent::id.eq(Uuid::now_v7()),
            user_consent::user_id.eq(user_id.as_uuid()),
            user_consent::privacy_policy_accepted.eq(accepted_version.is_some()),
            user_consent::privacy_policy_version.eq(accepted_version),
            user_consent::analytics_consent.eq(analytics),
            user_consent::marketing_consent.eq(marketing),
            user_consent::created_at.eq(now),
            user_consent::updated_at.eq(now),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// A member's consents (user_consent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Consent {
    pub privacy_policy_accepted: bool,
    pub privacy_policy_version: Option<String>,
    pub analytics: bool,
    pub marketing: bool,
    pub updated_at: DateTime<Utc>,
}

impl Consent {
    /// No consent recorded (an account older than consents): everything off.
    #[must_use]
    pub const fn none(at: DateTime<Utc>) -> Self {
        Self {
            privacy_policy_accepted: false,
            privacy_policy_version: None,
            analytics: false,
            marketing: false,
            updated_at: at,
        }
    }
}

/// A user_consent row: privacy policy accepted and its version, analytics, marketing, updated_at.
type ConsentRow = (bool, Option<String>, bool, bool, DateTime<Utc>);

/// The member's consents, the latest row.
pub async fn consent(conn: &mut AsyncPgConnection, user_id: UserId) -> Result<Option<Consent>, diesel::result::Error> {
    let row: Option<ConsentRow> = user_consent::table
        .filter(user_consent::user_id.eq(user_id.as_uuid()))
        .order((user_consent::updated_at.desc(), user_consent::id.desc()))
        .select((
            user_consent::privacy_policy_accepted,
            user_consent::privacy_policy_version,
            user_consent::analytics_consent,
            user_consent::marketing_consent,
            user_consent::updated_at,
        ))
        .first(conn)
        .await
        .optional()?;
    Ok(row.map(|(privacy_policy_accepted, privacy_policy_version, analytics, marketing, updated_at)| Consent {
        privacy_policy_accepted,
        privacy_policy_version,
        analytics,
        marketing,
        updated_at,
    }))
}

/// Sets the member's analytics and marketing consent (their row, made when there is none).
pub async fn set_consent(
    conn: &mut AsyncPgConnection,
    user_id: UserId,
    analytics: bool,
    marketing: bool,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    let updated = diesel::update(user_consent::table.filter(user_consent::user_id.eq(user_id.as_uuid())))
        .set((
            user_consent::analytics_consent.eq(analytics),
            user_consent::marketing_consent.eq(marketing),
            user_consent::updated_at.eq(now),
        ))
        .execute(conn)
        .await?;
    if updated == 0 {
        insert_consent(conn, user_id, None, analytics, marketing, now).await?;
    }
    Ok(())
}

/// A live account, locked for the rest of the transaction.
pub async fn find_for_update(conn: &mut AsyncPgConnection, id: UserId) -> Result<Option<User>, diesel::result::Error> {
    users::table
        .filter(users::id.eq(id.as_uuid()))
        .filter(users::deleted_at.is_null())
        .select(UserRow::as_select())
        .for_update()
        .first(conn)
        .await
        .optional()
        .map(|row| row.map(User::from))
}

/// A live (not deleted) account.
pub async fn find(conn: &mut AsyncPgConnection, id: UserId) -> Result<Option<User>, diesel::result::Error> {
    users::table
        .filter(users::id.eq(id.as_uuid()))
        .filter(users::deleted_at.is_null())
        .select(UserRow::as_select())
        .first(conn)
        .await
        .optional()
        .map(|row| row.map(User::from))
}

/// A live account by address, with its password hash, locked for the rest of the transaction.
pub async fn find_by_email_for_update(
    conn: &mut AsyncPgConnection,
    email: &str,
) -> Result<Option<(User, String)>, diesel::result::Error> {
    users::table
        .filter(lower(users::email).eq(email))
        .filter(users::deleted_at.is_null())
        .select((UserRow::as_select(), users::password_hash))
        .for_update()
        .first::<(UserRow, String)>(conn)
        .await
        .optional()
        .map(|row| row.map(|(u, h)| (User::from(u), h)))
}

/// A live account with its password hash, locked.
pub async fn find_with_hash_for_update(
    conn: &mut AsyncPgConnection,
    id: UserId,
) -> Result<Option<(User, String)>, diesel::result::Error> {
    users::table
        .filter(users::id.eq(id.as_uuid()))
        .filter(users::deleted_at.is_null())
        .select((UserRow::as_select(), users::password_hash))
        .for_update()
        .first::<(UserRow, String)>(conn)
        .await
        .optional()
        .map(|row| row.map(|(u, h)| (User::from(u), h)))
}

/// Whether a live or deleted account other than `except` holds `email`.
pub async fn email_taken(
    conn: &mut AsyncPgConnection,
    email: &str,
    except: UserId,
) -> Result<bool, diesel::result::Error> {
    let n: i64 = users::table
        .filter(lower(users::email).eq(email))
        .filter(users::id.ne(except.as_uuid()))
        .count()
        .get_result(conn)
        .await?;
    Ok(n > 0)
}

pub async fn mark_verified(
    conn: &mut AsyncPgConnection,
    id: UserId,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    update(conn, id, (users::is_email_verified.eq(true), users::updated_at.eq(now))).await
}

pub async fn record_login(
    conn: &mut AsyncPgConnection,
    id: UserId,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    update(conn, id, users::last_login_at.eq(now)).await
}

pub async fn set_password(
    conn: &mut AsyncPgConnection,
    id: UserId,
    hash: &str,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    update(conn, id, (users::password_hash.eq(hash), users::updated_at.eq(now))).await
}

/// Sets the username and its look-alike key (`username_key`); a public field, so
/// `profile_updated_at` moves too.
pub async fn set_username(
    conn: &mut AsyncPgConnection,
    id: UserId,
    username: &str,
    username_key: &str,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    update(
        conn,
        id,
        (
            users::username.eq(username),
            users::username_key.eq(username_key),
            users::profile_updated_at.eq(now),
            users::updated_at.eq(now),
        ),
    )
    .await
}

/// The usernames of the accounts other than `except` whose key is `username_key` or whose name is
/// `username` ignoring case (both indexed). A scrubbed account has neither.
pub async fn usernames_clashing(
    conn: &mut AsyncPgConnection,
    username: &str,
    username_key: &str,
    except: Option<UserId>,
) -> Result<Vec<String>, diesel::result::Error> {
    let mut query = users::table
        .filter(users::username_key.eq(username_key).or(lower_nullable(users::username).eq(lower(username).nullable())))
        .filter(users::username.is_not_null())
        .select(users::username.assume_not_null())
        .limit(8)
        .into_boxed();
    if let Some(id) = except {
        query = query.filter(users::id.ne(*id.as_uuid()));
    }
    query.load(conn).await
}

/// The accounts that have a username but no `username_key` (stored before the key existed, or
/// left without one by [`claim_username_key`]), oldest first.
pub async fn without_username_key(
    conn: &mut AsyncPgConnection,
) -> Result<Vec<(UserId, String)>, diesel::result::Error> {
    let rows: Vec<(Uuid, String)> = users::table
        .filter(users::username.is_not_null().and(users::username_key.is_null()))
        .order((users::created_at.asc(), users::id.asc()))
        .select((users::id, users::username.assume_not_null()))
        .load(conn)
        .await?;
    Ok(rows.into_iter().map(|(id, name)| (UserId::from_uuid(id), name)).collect())
}

/// Gives account `id` the look-alike key `username_key` unless another account holds it (or `id`
/// has one already); whether it did. A concurrent holder that commits first also answers `false`.
pub async fn claim_username_key(
    conn: &mut AsyncPgConnection,
    id: UserId,
    username_key: &str,
) -> Result<bool, diesel::result::Error> {
    use diesel::result::{DatabaseErrorKind, Error as D};
    let updated = diesel::sql_query(
        "UPDATE users SET username_key = $1 WHERE id = $2 AND username_key IS NULL \
         AND NOT EXISTS (SELECT 1 FROM users WHERE username_key = $1)",
    )
    .bind::<diesel::sql_types::Text, _>(username_key)
    .bind::<diesel::sql_types::Uuid, _>(id.as_uuid())
    .execute(conn)
    .await;
    match updated {
        Ok(rows) => Ok(rows == 1),
        Err(D::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Ok(false),
        Err(other) => Err(other),
    }
}

pub async fn set_birth(
    conn: &mut AsyncPgConnection,
    id: UserId,
    gender: Gender,
    birth: &BirthData,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    update(
        conn,
        id,
        (
            users::gender.eq(gender.as_str()),
            users::birth_date.eq(birth.date),
            users::birth_time.eq(birth.time_text()),
            users::birth_time_unknown.eq(birth.time_unknown()),
            users::birth_location.eq(birth.location.clone()),
            users::birth_longitude.eq(birth.coordinates.map(|c| c.0)),
            users::birth_latitude.eq(birth.coordinates.map(|c| c.1)),
            users::birth_dst_choice.eq(birth.dst_choice.map(DstChoice::key)),
            users::updated_at.eq(now),
        ),
    )
    .await
}

/// Records that the birth data (or the gender) changed at `now`.
pub async fn mark_birth_changed(
    conn: &mut AsyncPgConnection,
    id: UserId,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    update(conn, id, users::birth_updated_at.eq(now)).await
}

/// A live account's gender and birth data, for other services.
pub async fn birth_profile(
    conn: &mut AsyncPgConnection,
    id: UserId,
) -> Result<Option<BirthProfile>, diesel::result::Error> {
    users::table
        .filter(users::id.eq(id.as_uuid()))
        .filter(users::deleted_at.is_null())
        .select((
            users::gender,
            users::birth_date,
            users::birth_time,
            users::birth_time_unknown,
            users::birth_location,
            users::birth_longitude,
            users::birth_latitude,
            users::birth_dst_choice,
            users::birth_updated_at,
            users::updated_at,
        ))
        .first::<BirthProfileRow>(conn)
        .await
        .optional()
        .map(|row| {
            row.map(|r| BirthProfile {
                id,
                gender: r.0.as_deref().and_then(Gender::from_store),
                birth_date: r.1,
                // Other services get the time the person gave, or none: the stored 12:00 of a
                // skipped time is an assumption, not a birth time.
                birth_time: r.2.filter(|_| !r.3),
                birth_location: r.4,
                birth_longitude: r.5,
                birth_latitude: r.6,
                birth_dst_choice: r.7.as_deref().and_then(DstChoice::from_key),
                updated_at: r.8.unwrap_or(r.9),
            })
        })
}

type BirthProfileRow = (
    Option<String>,
    Option<NaiveDate>,
    Option<String>,
    bool,
    Option<String>,
    Option<f64>,
    Option<f64>,
    Option<String>,
    Option<DateTime<Utc>>,
    DateTime<Utc>,
);

/// Stores the offset the person's browser reported. `false` when there is no live account.
pub async fn set_timezone_offset(
    conn: &mut AsyncPgConnection,
    id: UserId,
    offset: TimezoneOffset,
) -> Result<bool, diesel::result::Error> {
    // Not `updated_at`: the offset is observed from the browser, not an edit of the account.
    let updated = diesel::update(users::table.filter(users::id.eq(id.as_uuid())).filter(users::deleted_at.is_null()))
        .set(users::timezone_offset.eq(offset.minutes()))
        .execute(conn)
        .await?;
    Ok(updated > 0)
}

/// The stored offset of a live account: `None` for no such account, `Some(None)` when it never
/// reported one.
pub async fn timezone_offset(
    conn: &mut AsyncPgConnection,
    id: UserId,
) -> Result<Option<Option<TimezoneOffset>>, diesel::result::Error> {
    users::table
        .filter(users::id.eq(id.as_uuid()))
        .filter(users::deleted_at.is_null())
        .select(users::timezone_offset)
        .first::<Option<i32>>(conn)
        .await
        .optional()
        .map(|row| row.map(|minutes| minutes.and_then(|m| TimezoneOffset::parse(m).ok())))
}

pub async fn set_pending_email(
    conn: &mut AsyncPgConnection,
    id: UserId,
    pending: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    update(conn, id, (users::pending_email.eq(pending), users::updated_at.eq(now))).await
}

pub async fn set_email(
    conn: &mut AsyncPgConnection,
    id: UserId,
    email: &str,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    update(
        conn,
        id,
        (
            users::email.eq(email),
            users::pending_email.eq(None::<String>),
            users::is_email_verified.eq(true),
            users::updated_at.eq(now),
        ),
    )
    .await
}

pub async fn complete_onboarding(
    conn: &mut AsyncPgConnection,
    id: UserId,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    update(conn, id, (users::has_completed_onboarding.eq(true), users::updated_at.eq(now))).await
}

/// Soft delete with the personal data scrubbed at once: the row keeps only its id, timestamps
/// and flags, so the address and username are free again and nothing identifies the person.
pub async fn scrub_and_delete(
    conn: &mut AsyncPgConnection,
    id: UserId,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    update(
        conn,
        id,
        (
            users::email.eq(format!("deleted+{}@deleted.invalid", id.as_uuid().simple())),
            // Not a PHC string: no password ever verifies against it.
            users::password_hash.eq("!deleted"),
            users::username.eq(None::<String>),
            users::username_key.eq(None::<String>),
            users::first_name.eq(None::<String>),
            users::last_name.eq(None::<String>),
            users::profile_image_url.eq(None::<String>),
            users::gender.eq(None::<String>),
            users::honorific.eq(None::<String>),
            users::birth_date.eq(None::<NaiveDate>),
            users::birth_time.eq(None::<String>),
            users::birth_time_unknown.eq(false),
            users::birth_location.eq(None::<String>),
            users::birth_longitude.eq(None::<f64>),
            users::birth_latitude.eq(None::<f64>),
            users::birth_updated_at.eq(Some(now)),
            users::google_id.eq(None::<String>),
            users::apple_id.eq(None::<String>),
            users::pending_email.eq(None::<String>),
            users::timezone_offset.eq(None::<i32>),
            users::inviter_id.eq(None::<Uuid>),
            users::profile_updated_at.eq(now),
            users::deleted_at.eq(now),
            users::updated_at.eq(now),
        ),
    )
    .await
}

type MemberRow = (Uuid, Option<String>, Option<String>, Option<String>, DateTime<Utc>);

/// A verified member has a username (sign-up requires one; only deletion clears it).
fn member_of(row: MemberRow) -> Option<MemberProfile> {
    let (id, username, first_name, profile_image_url, updated_at) = row;
    Some(MemberProfile { id: UserId::from_uuid(id), username: username?, first_name, profile_image_url, updated_at })
}

/// The public fields of a verified, live member.
pub async fn member_profile(
    conn: &mut AsyncPgConnection,
    id: UserId,
) -> Result<Option<MemberProfile>, diesel::result::Error> {
    let row: Option<MemberRow> = users::table
        .filter(users::id.eq(id.as_uuid()))
        .filter(users::deleted_at.is_null())
        .filter(users::is_email_verified.eq(true))
        .select((users::id, users::username, users::first_name, users::profile_image_url, users::profile_updated_at))
        .first(conn)
        .await
        .optional()?;
    Ok(row.and_then(member_of))
}

/// Up to `limit` verified, live members with a user id greater than `after` (all when `None`),
/// ordered by user id (the primary key: each page is an index range).
pub async fn member_profiles_after(
    conn: &mut AsyncPgConnection,
    after: Option<UserId>,
    limit: i64,
) -> Result<Vec<MemberProfile>, diesel::result::Error> {
    let mut query = users::table
        .filter(users::deleted_at.is_null())
        .filter(users::is_email_verified.eq(true))
        .filter(users::username.is_not_null())
        .order(users::id.asc())
        .limit(limit)
        .select((users::id, users::username, users::first_name, users::profile_image_url, users::profile_updated_at))
        .into_boxed();
    if let Some(after) = after {
        query = query.filter(users::id.gt(*after.as_uuid()));
    }
    let rows: Vec<MemberRow> = query.load(conn).await?;
    Ok(rows.into_iter().filter_map(member_of).collect())
}

/// The inviter an account signed up with, if any.
pub async fn inviter(conn: &mut AsyncPgConnection, id: UserId) -> Result<Option<UserId>, diesel::result::Error> {
    let inviter: Option<Option<Uuid>> =
        users::table.filter(users::id.eq(id.as_uuid())).select(users::inviter_id).first(conn).await.optional()?;
    Ok(inviter.flatten().map(UserId::from_uuid))
}

/// The address and username of a verified, live member.
pub async fn contact(conn: &mut AsyncPgConnection, id: UserId) -> Result<Option<Contact>, diesel::result::Error> {
    let row: Option<(String, Option<String>)> = users::table
        .filter(users::id.eq(id.as_uuid()))
        .filter(users::deleted_at.is_null())
        .filter(users::is_email_verified.eq(true))
        .select((users::email, users::username))
        .first(conn)
        .await
        .optional()?;
    Ok(row.map(|(email, username)| Contact { email, username: username.unwrap_or_default() }))
}

/// A member as staff see them (no birth data).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForStaff {
    pub id: Uuid,
    pub username: Option<String>,
    pub email: String,
    pub email_verified: bool,
    pub created_at: DateTime<Utc>,
    pub deleted_at: Option<DateTime<Utc>>,
}

/// The members of `ids` (deleted ones too, scrubbed), for staff; unknown ids are left out.
pub async fn for_staff(conn: &mut AsyncPgConnection, ids: &[Uuid]) -> Result<Vec<ForStaff>, diesel::result::Error> {
    let rows: Vec<StaffRow> = users::table
        .filter(users::id.eq_any(ids))
        .select((
            users::id,
            users::username,
            users::email,
            users::is_email_verified,
            users::created_at,
            users::deleted_at,
        ))
        .load(conn)
        .await?;
    Ok(rows.into_iter().map(for_staff_of).collect())
}

/// The columns of a member as staff see them: id, username, e-mail, verified, created, deleted.
type StaffRow = (Uuid, Option<String>, String, bool, DateTime<Utc>, Option<DateTime<Utc>>);

/// A row as staff see it: a deleted account's address is scrubbed to a placeholder, so staff see
/// none.
fn for_staff_of((id, username, email, email_verified, created_at, deleted_at): StaffRow) -> ForStaff {
    ForStaff {
        id,
        username,
        email: if deleted_at.is_some() { String::new() } else { email },
        email_verified,
        created_at,
        deleted_at,
    }
}

/// `%`, `_` and `\` of `text` matched as themselves in a LIKE pattern.
fn like_escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Members for the staff's search, newest sign-up first (`created_at`, then `id`), after
/// `cursor`: the one whose id is `query`, or those whose address or username contains it
/// (case-insensitive); everyone for an empty query. Deleted accounts are included (scrubbed).
pub async fn search_for_staff(
    conn: &mut AsyncPgConnection,
    query: &str,
    cursor: Option<crate::domain::PageCursor>,
    limit: i64,
) -> Result<(Vec<ForStaff>, Option<crate::domain::PageCursor>), diesel::result::Error> {
    use diesel::PgTextExpressionMethods as _;
    let mut q = users::table.into_boxed();
    let text = query.trim();
    if let Ok(id) = Uuid::try_parse(text) {
        q = q.filter(users::id.eq(id));
    } else if !text.is_empty() {
        let pattern = format!("%{}%", like_escaped(text));
        q = q.filter(
            users::email.ilike(pattern.clone()).and(users::deleted_at.is_null()).or(users::username.ilike(pattern)),
        );
    }
    if let Some(c) = cursor {
        q = q.filter(users::created_at.lt(c.at).or(users::created_at.eq(c.at).and(users::id.lt(c.id))));
    }
    let mut rows: Vec<StaffRow> = q
        .order((users::created_at.desc(), users::id.desc()))
        .limit(limit + 1)
        .select((
            users::id,
            users::username,
            users::email,
            users::is_email_verified,
            users::created_at,
            users::deleted_at,
        ))
        .load(conn)
        .await?;
    let more = i64::try_from(rows.len()).is_ok_and(|n| n > limit);
    if more {
        rows.pop();
    }
    let next = if more { rows.last().map(|r| crate::domain::PageCursor { at: r.4, id: r.0 }) } else { None };
    Ok((rows.into_iter().map(for_staff_of).collect(), next))
}

/// One member for the staff's user page: as [`ForStaff`] plus the last sign-in, whether birth
/// data is there (never the data), and onboarding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DetailForStaff {
    pub member: ForStaff,
    pub last_login: Option<DateTime<Utc>>,
    pub has_birth_data: bool,
    pub onboarding_complete: bool,
}

pub async fn detail_for_staff(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> Result<Option<DetailForStaff>, diesel::result::Error> {
    type Row = (StaffRow, Option<DateTime<Utc>>, Option<NaiveDate>, bool);
    let row: Option<Row> = users::table
        .filter(users::id.eq(id))
        .select((
            (users::id, users::username, users::email, users::is_email_verified, users::created_at, users::deleted_at),
            users::last_login_at,
            users::birth_date,
            users::has_completed_onboarding,
        ))
        .first(conn)
        .await
        .optional()?;
    Ok(row.map(|(member, last_login, birth_date, onboarding_complete)| DetailForStaff {
        member: for_staff_of(member),
        last_login,
        has_birth_data: birth_date.is_some(),
        onboarding_complete,
    }))
}

/// The dashboard's member figures: accounts not deleted, of those the ones created at or after
/// `since`, and the verified ones.
pub async fn stats(
    conn: &mut AsyncPgConnection,
    since: DateTime<Utc>,
) -> Result<(i64, i64, i64), diesel::result::Error> {
    use diesel::dsl::sql;
    use diesel::sql_types::{BigInt, Timestamptz};
    let live = users::table.filter(users::deleted_at.is_null());
    let (total, new_since, verified): (i64, i64, i64) = live
        .select((
            diesel::dsl::count_star(),
            sql::<BigInt>("count(*) FILTER (WHERE created_at >= ").bind::<Timestamptz, _>(since).sql(")"),
            sql::<BigInt>("count(*) FILTER (WHERE is_email_verified)"),
        ))
        .first(conn)
        .await?;
    Ok((total, new_since, verified))
}
