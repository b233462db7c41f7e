use actix_web::{HttpResponse, web};
use meguri_proto::notify as notify_pb;
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::routes::{SignedIn, rpc};
use crate::startup::AppState;

/// E-mail notification preferences (spec §3; defaults: all on except inactivityReminder).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreferencesBody {
    pub friend_request_received: bool,
    pub friend_request_accepted: bool,
    pub mentioned_in_diary: bool,
    pub future_diary_delivery: bool,
    pub inactivity_reminder: bool,
}

impl From<notify_pb::EmailPreferences> for PreferencesBody {
    fn from(p: notify_pb::EmailPreferences) -> Self {
        // Without `..`: a preference added to the proto message fails to compile until it is mapped.
        let notify_pb::EmailPreferences {
            friend_request_received,
            friend_request_accepted,
            mentioned_in_diary,
            future_diary_delivery,
            inactivity_reminder,
        } = p;
        Self {
            friend_request_received,
            friend_request_accepted,
            mentioned_in_diary,
            future_diary_delivery,
            inactivity_reminder,
        }
    }
}

/// The signed-in user's e-mail preferences.
#[utoipa::path(get, path = "/api/settings/email-preferences", tag = "settings", operation_id = "get_email_preferences",
    responses(
        (status = 200, description = "All five preferences", body = PreferencesBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 503, description = "notify unavailable", body = ErrorBody),
    ))]
pub async fn email_preferences(me: SignedIn, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let got = rpc(
        "GetEmailPreferences",
        state.notify.get_email_preferences(&me.ctx, notify_pb::GetEmailPreferencesRequest {}),
    )
    .await?;
    Ok(HttpResponse::Ok().json(PreferencesBody::from(got.preferences.unwrap_or_default())))
}
