//! The tonic implementation: proto → domain values, the store, domain → proto. No SQL, no rules.

use meguri_auth::Role;
use meguri_ids::UserId;
use meguri_proto::notify as pb;
use pb::notify_server::Notify;
use tonic::{Request, Response, Status};

use crate::db::preferences;
use crate::domain::{Preferences, PreferencesUpdate};
use crate::error::Error;

/// The Notify service over a connection pool.
#[derive(Clone)]
pub struct NotifyService {
    pool: meguri_db::Pool,
}

impl NotifyService {
    #[must_use]
    pub const fn new(pool: meguri_db::Pool) -> Self {
        Self { pool }
    }
}

/// Preferences belong to the signed-in user of the call.
fn signed_in_user<T>(request: &Request<T>) -> Result<UserId, Error> {
    let caller = meguri_auth::caller(request).ok_or(Error::Unauthenticated)?;
    match (caller.role, caller.user) {
        (Role::User, Some(user)) => Ok(user),
        _ => Err(Error::PermissionDenied),
    }
}

const fn to_proto(p: Preferences) -> pb::EmailPreferences {
    pb::EmailPreferences {
        friend_request_received: p.friend_request_received,
        friend_request_accepted: p.friend_request_accepted,
        mentioned_in_diary: p.mentioned_in_diary,
        future_diary_delivery: p.future_diary_delivery,
        inactivity_reminder: p.inactivity_reminder,
    }
}

const fn update(r: &pb::UpdateEmailPreferencesRequest) -> PreferencesUpdate {
    PreferencesUpdate {
        friend_request_received: r.friend_request_received,
        friend_request_accepted: r.friend_request_accepted,
        mentioned_in_diary: r.mentioned_in_diary,
        future_diary_delivery: r.future_diary_delivery,
        inactivity_reminder: r.inactivity_reminder,
    }
}

#[tonic::async_trait]
impl Notify for NotifyService {
    #[tracing::instrument(skip_all)]
    async fn get_email_preferences(
        &self,
        request: Request<pb::GetEmailPreferencesRequest>,
    ) -> Result<Response<pb::GetEmailPreferencesResponse>, Status> {
        let user = signed_in_user(&request)?;
        let current = preferences::get(&self.pool, user).await?;
        Ok(Response::new(pb::GetEmailPreferencesResponse { preferences: Some(to_proto(current)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_email_preferences(
        &self,
        request: Request<pb::UpdateEmailPreferencesRequest>,
    ) -> Result<Response<pb::UpdateEmailPreferencesResponse>, Status> {
        let user = signed_in_user(&request)?;
        let changed = preferences::update(&self.pool, user, update(request.get_ref())).await?;
        Ok(Response::new(pb::UpdateEmailPreferencesResponse { preferences: Some(to_proto(changed)) }))
    }
}
