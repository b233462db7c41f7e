//! The user object of `GET /api/auth/user`, composed from identity (the account), fortune-gen (the
//! chart's status) and billing (the credit balance).

use meguri_proto::{billing as billing_pb, fortune as fortune_pb, identity as pb};
use serde::Serialize;
use utoipa::ToSchema;

use crate::clients::CallContext;
use crate::error::ApiError;
use crate::routes::rpc;
use crate::startup::AppState;

/// The signed-in user (spec §3 "Current user"; docs/api/accounts.md). Every field is always sent: an unknown value
/// is `null`, never left out (`required = true` says so in the document).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserBody {
    #[schema(example = "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b")]
    pub id: String,
    #[schema(example = "hanako@example.jp")]
    pub email: String,
    #[schema(required = true, example = "hanako")]
    pub username: Option<String>,
    #[schema(required = true)]
    pub first_name: Option<String>,
    #[schema(required = true)]
    pub last_name: Option<String>,
    #[schema(required = true)]
    pub profile_image_url: Option<String>,
    /// `male`, `female`, `other` or null.
    #[schema(required = true, value_type = Option<GenderName>, example = "female")]
    pub gender: Option<&'static str>,
    #[schema(required = true, example = "1990-05-15")]
    pub birth_date: Option<String>,
    /// `HH:MM`: the time given, or `12:00` (the value used) when it was skipped — then
    /// `birthTimeUnknown` is true.
    #[schema(required = true, example = "14:30")]
    pub birth_time: Option<String>,
    /// True when the person skipped the birth time: `birthTime` is the assumed 12:00 and the
    /// chart marks what depends on the hour.
    pub birth_time_unknown: bool,
    #[schema(required = true, example = "東京, 日本")]
    pub birth_location: Option<String>,
    #[schema(required = true)]
    pub birth_longitude: Option<f64>,
    #[schema(required = true)]
    pub birth_latitude: Option<f64>,
    /// How the birth time is read when a summer-time change skipped or repeated it (`earlier`,
    /// `later` or `standard`); null for every other time.
    #[schema(required = true, value_type = Option<crate::local_time::DstChoiceName>, example = json!(null))]
    pub dst_choice: Option<String>,
    pub is_email_verified: bool,
    pub has_completed_onboarding: bool,
    #[schema(required = true)]
    pub pending_email: Option<String>,
    /// The offset the browser last reported (minutes, as `Date#getTimezoneOffset`; Japan -540);
    /// null until one is reported.
    #[schema(required = true, example = -540)]
    pub timezone_offset: Option<i32>,
    /// The chart's state from fortune-gen: `pending` (not built yet, no birth date, or fortune-gen
    /// not answering), `generating`, `ready` or `failed`.
    #[schema(example = "ready")]
    pub bazi_chart_status: &'static str,
    /// The credit balance; null when billing does not answer.
    #[schema(required = true, example = 3)]
    pub credits: Option<i64>,
    /// `user` or `admin`.
    #[schema(example = "user")]
    pub role: &'static str,
    pub created_at: String,
    #[schema(required = true)]
    pub last_login_at: Option<String>,
}

/// A gender as the user object sends it (only describes the wire: the frontend's generated type is the union).
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum GenderName {
    Male,
    Female,
    Other,
}

fn gender(value: i32) -> Option<&'static str> {
    match pb::Gender::try_from(value).unwrap_or(pb::Gender::Unspecified) {
        pb::Gender::Male => Some("male"),
        pb::Gender::Female => Some("female"),
        pb::Gender::Other => Some("other"),
        pb::Gender::Unspecified => None,
    }
}

impl UserBody {
    #[must_use]
    pub fn new(user: pb::User, extras: Extras) -> Self {
        // Destructured without `..`: a field added to identity's `User` fails to compile here until it
        // is mapped into the JSON (and so into the OpenAPI document and the frontend's types).
        let pb::User {
            id,
            email,
            username,
            first_name,
            last_name,
            profile_image_url,
            gender: gender_value,
            birth,
            is_email_verified,
            has_completed_onboarding,
            pending_email,
            timezone_offset,
            created_at,
            last_login_at,
            birth_time_unknown,
        } = user;
        let pb::BirthData { birth_date, birth_time, birth_location, longitude, latitude, dst_choice } =
            birth.unwrap_or_default();
        Self {
            id,
            email,
            username,
            first_name,
            last_name,
            profile_image_url,
            gender: gender(gender_value),
            birth_date,
            birth_time,
            birth_time_unknown,
            birth_location,
            birth_longitude: longitude,
            birth_latitude: latitude,
            dst_choice,
            is_email_verified,
            has_completed_onboarding,
            pending_email,
            timezone_offset,
            bazi_chart_status: extras.chart_status,
            credits: extras.credits,
            role: "user",
            created_at,
            last_login_at,
        }
    }
}

/// What other services add to the account: the chart's status and the balance.
#[derive(Clone, Copy, Debug)]
pub struct Extras {
    pub chart_status: &'static str,
    pub credits: Option<i64>,
}

/// The chart's status and the balance of the caller, fetched together. Neither may fail the user
/// object: a service that does not answer is logged and gives `pending` / `null`.
pub async fn extras(state: &AppState, ctx: &CallContext) -> Extras {
    extras_after(state, ctx, false).await
}

/// [`extras`] right after identity's UpdateBirthData: `birth_data_changed` as identity answered,
/// passed on for fortune-gen to decide what the chart's status is now.
pub async fn extras_after(state: &AppState, ctx: &CallContext, birth_data_changed: bool) -> Extras {
    let (chart_status, credits) = tokio::join!(chart_status(state, ctx, birth_data_changed), credits(state, ctx));
    Extras { chart_status, credits }
}

/// The chart's status as the spec's values; `pending` (logged) when fortune-gen fails.
///
/// fortune-gen owns the status (its `ChartStatus`: when a chart is pending, generating, ready or
/// failed, and what a birth-data change makes of it); this only maps its word onto the JSON enum,
/// so an unknown word cannot leak.
async fn chart_status(state: &AppState, ctx: &CallContext, birth_data_changed: bool) -> &'static str {
    let request = fortune_pb::GetChartStatusRequest { birth_data_changed };
    match state.fortune.get_chart_status(ctx, request).await {
        Ok(status) => match status.status.as_str() {
            "generating" => "generating",
            "ready" => "ready",
            "failed" => "failed",
            _ => "pending",
        },
        Err(status) => {
            tracing::warn!(name: "gateway.user.chart_status_unavailable", code = ?status.code(), "fortune-gen did not answer");
            "pending"
        }
    }
}

/// The balance of the caller, or `None` (logged) when billing fails.
async fn credits(state: &AppState, ctx: &CallContext) -> Option<i64> {
    match state.billing.get_balance(ctx, billing_pb::GetBalanceRequest { user_id: String::new() }).await {
        Ok(balance) => Some(balance.credits),
        Err(status) => {
            tracing::warn!(name: "gateway.user.credits_unavailable", code = ?status.code(), "billing did not answer");
            None
        }
    }
}

/// The account from identity plus the chart status and the balance, fetched together.
///
/// # Errors
/// identity's status (NOT_FOUND for a deleted account).
pub async fn compose(state: &AppState, ctx: &CallContext) -> Result<UserBody, ApiError> {
    let (user, extras) =
        tokio::join!(rpc("GetUser", state.identity.get_user(ctx, pb::GetUserRequest {})), extras(state, ctx));
    let user = user?.user.ok_or_else(|| anyhow::anyhow!("GetUser: no user"))?;
    Ok(UserBody::new(user, extras))
}
