use actix_web::{HttpResponse, web};
use meguri_proto::{identity as pb, notify as notify_pb};
use serde::Deserialize;
use utoipa::ToSchema;

use super::get::PreferencesBody;
use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::local_time::DstChoiceName;
use crate::routes::auth::birth::{birth_in, settle_dst_choice};
use crate::routes::auth::post::{CoordinatesIn, gender_in};
use crate::routes::auth::user::{GenderName, UserBody, extras_after};
use crate::routes::{SignedIn, rpc};
use crate::startup::AppState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct BirthDataBody {
    /// `male`, `female` or `other` (required).
    #[schema(required = true, value_type = GenderName, example = "other")]
    pub gender: Option<String>,
    /// `YYYY-MM-DD`, 1900..=2100 (required).
    #[schema(required = true, value_type = String, example = "1990-05-15", pattern = r"^(19[0-9]{2}|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])$")]
    pub birth_date: Option<String>,
    /// `HH:MM`.
    #[schema(pattern = r"^([01][0-9]|2[0-3]):[0-5][0-9]$")]
    pub birth_time: Option<String>,
    /// At most 100 characters.
    #[schema(max_length = 100)]
    pub birth_location: Option<String>,
    pub coordinates: Option<CoordinatesIn>,
    /// `earlier`, `later` or `standard`: how to read a birth time a summer-time change skipped or
    /// repeated, one of the `choices` of a 400 NONEXISTENT_LOCAL_TIME / AMBIGUOUS_LOCAL_TIME.
    #[schema(value_type = Option<DstChoiceName>, example = "standard")]
    pub dst_choice: Option<String>,
}

/// Replaces gender and birth data; the chart is rebuilt in the background.
#[utoipa::path(put, path = "/api/settings/birth-data", tag = "settings", request_body = BirthDataBody,
    responses(
        (status = 200, description = "The user", body = UserBody),
        (status = 400, description = "BIRTH_DATE_REQUIRED, GENDER_REQUIRED, INVALID_DATE, INVALID_DST_CHOICE…; NONEXISTENT_LOCAL_TIME / AMBIGUOUS_LOCAL_TIME carry `choices` to send back as `dstChoice`", body = ErrorBody),
    ))]
pub async fn birth_data(
    me: SignedIn,
    body: Json<BirthDataBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let gender = gender_in(b.gender.as_deref(), true)?;
    let mut birth = birth_in(b.birth_date, b.birth_time, b.birth_location, b.coordinates, b.dst_choice);
    settle_dst_choice(&state.engine, &me.ctx, &mut birth).await?;
    let updated = rpc(
        "UpdateBirthData",
        state
            .identity
            .update_birth_data(&me.ctx, pb::UpdateBirthDataRequest { gender: gender as i32, birth: Some(birth) }),
    )
    .await?;
    let user = updated.user.ok_or_else(|| anyhow::anyhow!("UpdateBirthData: no user"))?;
    let extras = extras_after(&state, &me.ctx, updated.birth_data_changed).await;
    Ok(HttpResponse::Ok().json(UserBody::new(user, extras)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PreferencesPatch {
    pub friend_request_received: Option<bool>,
    pub friend_request_accepted: Option<bool>,
    pub mentioned_in_diary: Option<bool>,
    pub future_diary_delivery: Option<bool>,
    pub inactivity_reminder: Option<bool>,
}

/// Changes the given e-mail preferences.
#[utoipa::path(put, path = "/api/settings/email-preferences", tag = "settings", operation_id = "put_email_preferences", request_body = PreferencesPatch,
    responses(
        (status = 200, description = "All five preferences", body = PreferencesBody),
        (status = 503, description = "notify unavailable", body = ErrorBody),
    ))]
pub async fn email_preferences(
    me: SignedIn,
    body: Json<PreferencesPatch>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let p = body.into_inner();
    let updated = rpc(
        "UpdateEmailPreferences",
        state.notify.update_email_preferences(
            &me.ctx,
            notify_pb::UpdateEmailPreferencesRequest {
                friend_request_received: p.friend_request_received,
                friend_request_accepted: p.friend_request_accepted,
                mentioned_in_diary: p.mentioned_in_diary,
                future_diary_delivery: p.future_diary_delivery,
                inactivity_reminder: p.inactivity_reminder,
            },
        ),
    )
    .await?;
    Ok(HttpResponse::Ok().json(PreferencesBody::from(updated.preferences.unwrap_or_default())))
}
