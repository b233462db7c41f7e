//! The member's consents (user_consent, spec §3): read and changed in /settings. A change of the
//! analytics consent is published on the `analytics` stream (`analytics.consent_changed`), in the
//! transaction that makes it, so support starts or stops storing the member's events exactly when
//! the change commits, and deletes what it holds when asked.

use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection as _;
use meguri_events::enqueue;
use meguri_ids::UserId;
use meguri_proto::analytics::ConsentChanged;

use crate::db::users::{self, Consent};
use crate::error::Error;
use crate::usecases::accounts::Accounts;

/// What a member asks to change; `None` leaves a consent as it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ConsentChange {
    pub analytics: Option<bool>,
    pub marketing: Option<bool>,
    /// With analytics off: delete what analytics collected so far.
    pub delete_collected: bool,
}

/// The `analytics.consent_changed` event of `user`'s analytics consent becoming `analytics` at `at`.
#[must_use]
pub fn consent_changed(user: UserId, analytics: bool, at: DateTime<Utc>, delete_collected: bool) -> ConsentChanged {
    ConsentChanged {
        user_id: user.to_string(),
        analytics,
        changed_at: meguri_analytics::rfc3339(at),
        delete_collected: delete_collected && !analytics,
    }
}

impl Accounts {
    /// The member's consents.
    ///
    /// # Errors
    /// USER_NOT_FOUND for an account that is gone; the database.
    pub async fn get_consent(&self, id: UserId) -> Result<Consent, Error> {
        let mut conn = self.conn().await?;
        users::find(&mut conn, id).await?.ok_or(Error::UserNotFound)?;
        Ok(users::consent(&mut conn, id).await?.unwrap_or_else(|| Consent::none(self.clock.now())))
    }

    /// Applies `change`; see [`ConsentChange`]. Publishes the analytics change (or the request to
    /// delete) in the same transaction.
    ///
    /// # Errors
    /// USER_NOT_FOUND; the database.
    #[tracing::instrument(skip_all, fields(user_id = %id))]
    pub async fn update_consent(&self, id: UserId, change: ConsentChange) -> Result<Consent, Error> {
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        let (consent, published) = conn
            .transaction::<_, Error, _>(async |conn| {
                users::find_for_update(conn, id).await?.ok_or(Error::UserNotFound)?;
                let before = users::consent(conn, id).await?.unwrap_or_else(|| Consent::none(now));
                let analytics = change.analytics.unwrap_or(before.analytics);
                let marketing = change.marketing.unwrap_or(before.marketing);
                let analytics_changed = analytics != before.analytics;
                let delete = change.delete_collected && !analytics;
                if analytics_changed || marketing != before.marketing {
                    users::set_consent(conn, id, analytics, marketing, now).await?;
                }
                let publish = analytics_changed || delete;
                if publish {
                    enqueue(conn, &consent_changed(id, analytics, now, delete)).await?;
                }
                let after = users::consent(conn, id).await?.unwrap_or_else(|| Consent::none(now));
                Ok((after, publish))
            })
            .await?;
        if published {
            self.relay.wake();
        }
        tracing::info!(
            name: "identity.consent.updated",
            analytics = consent.analytics,
            marketing = consent.marketing,
            delete_collected = change.delete_collected
        );
        Ok(consent)
    }
}
