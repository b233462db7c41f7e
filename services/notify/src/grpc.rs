//! The tonic implementation: proto → domain values, the use case, domain → proto. No SQL, no rules.

use meguri_auth::Caller;
use meguri_proto::notify as pb;
use pb::notify_server::Notify;
use tonic::{Request, Response, Status};

use crate::domain::{Preferences, PreferencesUpdate};
use crate::error::Error;
use crate::usecases::preferences;

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

fn caller<T>(request: &Request<T>) -> Result<Caller, Error> {
    meguri_auth::caller(request).ok_or(Error::Unauthenticated)
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
        let current = preferences::get(&self.pool, caller(&request)?).await?;
        Ok(Response::new(pb::GetEmailPreferencesResponse { preferences: Some(to_proto(current)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_email_preferences(
        &self,
        request: Request<pb::UpdateEmailPreferencesRequest>,
    ) -> Result<Response<pb::UpdateEmailPreferencesResponse>, Status> {
        let changed = preferences::update(&self.pool, caller(&request)?, update(request.get_ref())).await?;
        Ok(Response::new(pb::UpdateEmailPreferencesResponse { preferences: Some(to_proto(changed)) }))
    }
}
