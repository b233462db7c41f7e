//! The tonic implementation: proto → domain values, the use case, domain → proto. No SQL, no rules.

use meguri_proto::notify as pb;
use pb::notify_server::Notify;
use tonic::{Request, Response, Status};

use crate::domain::{Preference, Preferences, PreferencesUpdate};
use crate::error::Error;
use crate::usecases::{Context, preferences, stats, unsubscribe, visits};

/// The Notify service over the use cases' context.
#[derive(Clone)]
pub struct NotifyService {
    ctx: Context,
}

impl NotifyService {
    #[must_use]
    pub const fn new(ctx: Context) -> Self {
        Self { ctx }
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

const fn preference_to_proto(p: Preference) -> pb::Preference {
    match p {
        Preference::FriendRequestReceived => pb::Preference::FriendRequestReceived,
        Preference::FriendRequestAccepted => pb::Preference::FriendRequestAccepted,
        Preference::MentionedInDiary => pb::Preference::MentionedInDiary,
        Preference::FutureDiaryDelivery => pb::Preference::FutureDiaryDelivery,
        Preference::InactivityReminder => pb::Preference::InactivityReminder,
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
        let current =
            preferences::get(&self.ctx, meguri_auth::required_caller(&request, Error::Unauthenticated)?).await?;
        Ok(Response::new(pb::GetEmailPreferencesResponse { preferences: Some(to_proto(current)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_email_preferences(
        &self,
        request: Request<pb::UpdateEmailPreferencesRequest>,
    ) -> Result<Response<pb::UpdateEmailPreferencesResponse>, Status> {
        let changed = preferences::update(
            &self.ctx,
            meguri_auth::required_caller(&request, Error::Unauthenticated)?,
            update(request.get_ref()),
        )
        .await?;
        Ok(Response::new(pb::UpdateEmailPreferencesResponse { preferences: Some(to_proto(changed)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn unsubscribe(
        &self,
        request: Request<pb::UnsubscribeRequest>,
    ) -> Result<Response<pb::UnsubscribeResponse>, Status> {
        let off = unsubscribe::redeem_token(
            &self.ctx,
            meguri_auth::required_caller(&request, Error::Unauthenticated)?,
            &request.get_ref().token,
        )
        .await?;
        Ok(Response::new(pb::UnsubscribeResponse {
            preference: preference_to_proto(off).into(),
            label: off.label().to_owned(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn record_visit(
        &self,
        request: Request<pb::RecordVisitRequest>,
    ) -> Result<Response<pb::RecordVisitResponse>, Status> {
        visits::record(&self.ctx, meguri_auth::required_caller(&request, Error::Unauthenticated)?).await?;
        Ok(Response::new(pb::RecordVisitResponse {}))
    }

    async fn get_mail_stats(
        &self,
        request: Request<pb::GetMailStatsRequest>,
    ) -> Result<Response<pb::MailStats>, Status> {
        let caller = meguri_auth::required_caller(&request, Error::Unauthenticated)?;
        let failed = stats::failed_mails(&self.ctx, caller, &request.get_ref().since).await?;
        Ok(Response::new(pb::MailStats { failed }))
    }
}
