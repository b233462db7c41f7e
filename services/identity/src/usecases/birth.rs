//! Birth data: the owner's edit, and the reads other services make (GetBirthProfile,
//! GetTimezoneOffset).

use diesel_async::AsyncConnection as _;
use meguri_events::enqueue;
use meguri_ids::UserId;
use meguri_proto::identity::BirthDataChanged;
use meguri_tz::TimezoneOffset;

use crate::db::users;
use crate::domain::{BirthData, Gender, Invalid, RawBirth};
use crate::error::Error;
use crate::usecases::accounts::Accounts;
use crate::usecases::user::{BirthProfile, User};

impl Accounts {
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
                    || before.birth_dst_choice != after.birth_dst_choice
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

    /// A live user's gender and birth data (for another service: the caller's role is checked at
    /// the edge).
    #[tracing::instrument(skip_all, fields(user_id = %id))]
    pub async fn birth_profile(&self, id: UserId) -> Result<BirthProfile, Error> {
        let mut conn = self.conn().await?;
        users::birth_profile(&mut conn, id).await?.ok_or(Error::UserNotFound)
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
}
