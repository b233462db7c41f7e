//! The member's consents in /settings (identity's user_consent; issue 26). Turning analytics off
//! stops collection at once and, with `deleteCollected`, deletes what was collected.

use actix_web::{HttpResponse, web};
use meguri_proto::identity as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::routes::{SignedIn, rpc};
use crate::startup::AppState;

/// The member's consents.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentBody {
    pub privacy_policy_accepted: bool,
    pub privacy_policy_version: Option<String>,
    /// Usage analytics (visits, events) may be recorded.
    pub analytics_consent: bool,
    /// News and offers by e-mail.
    pub marketing_consent: bool,
    /// RFC 3339.
    pub updated_at: String,
}

impl From<pb::Consent> for ConsentBody {
    fn from(c: pb::Consent) -> Self {
        let pb::Consent {
            privacy_policy_accepted,
            privacy_policy_version,
            analytics_consent,
            marketing_consent,
            updated_at,
        } = c;
        Self { privacy_policy_accepted, privacy_policy_version, analytics_consent, marketing_consent, updated_at }
    }
}

/// What to change; an absent consent stays as it is.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ConsentIn {
    pub analytics_consent: Option<bool>,
    pub marketing_consent: Option<bool>,
    /// With `analyticsConsent: false`: also delete the visits and events collected so far.
    pub delete_collected: bool,
}

/// The signed-in member's consents.
#[utoipa::path(get, path = "/api/settings/consent", tag = "settings", operation_id = "get_consent",
    responses(
        (status = 200, description = "The consents", body = ConsentBody),
        (status = 401, description = "Signed out", body = ErrorBody),
    ))]
pub async fn get(me: SignedIn, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let consent = rpc("GetConsent", state.identity.get_consent(&me.ctx, pb::GetConsentRequest {})).await?;
    Ok(HttpResponse::Ok().json(ConsentBody::from(consent)))
}

/// Changes the member's analytics and / or marketing consent.
#[utoipa::path(put, path = "/api/settings/consent", tag = "settings", operation_id = "put_consent",
    request_body = ConsentIn,
    responses(
        (status = 200, description = "The consents after the change", body = ConsentBody),
        (status = 400, description = "INVALID_REQUEST", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
    ))]
pub async fn put(me: SignedIn, body: Json<ConsentIn>, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let request = pb::UpdateConsentRequest {
        analytics_consent: b.analytics_consent,
        marketing_consent: b.marketing_consent,
        delete_collected: b.delete_collected,
    };
    let consent = rpc("UpdateConsent", state.identity.update_consent(&me.ctx, request)).await?;
    Ok(HttpResponse::Ok().json(ConsentBody::from(consent)))
}
