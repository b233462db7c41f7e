use actix_web::{HttpResponse, web};
use meguri_proto::fortune as pb;
use serde::Deserialize;
use utoipa::ToSchema;

use super::body::{FortuneTypeName, RatingBody, RatingValue};
use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::routes::{SignedIn, rpc};
use crate::startup::AppState;

/// Spec §5 "Fortune feedback".
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RateBody {
    /// `daily`, `chat`, `life`, `yearly`, `dos`, `donts` or `bazi`.
    #[schema(required = true, value_type = FortuneTypeName, example = "daily")]
    pub fortune_type: String,
    /// 1–128 characters, no control character (the reading's `contentHash`).
    #[schema(required = true, pattern = r"^[!-~]{1,128}$")]
    pub fortune_content_hash: String,
    /// `positive` or `negative`.
    #[schema(required = true, value_type = RatingValue, example = "positive")]
    pub rating: String,
    /// At most 1000 characters.
    #[schema(max_length = 1000)]
    pub feedback_text: Option<String>,
    /// A JSON object of at most 4 KiB (e.g. which screen).
    #[schema(value_type = Object)]
    pub context: Option<serde_json::Value>,
}

/// Rates some fortune content; rating the same content again changes the rating.
#[utoipa::path(post, path = "/api/fortunes/rate", tag = "fortune", request_body = RateBody,
    responses(
        (status = 200, description = "The rating", body = RatingBody),
        (status = 400, description = "INVALID_FORTUNE_TYPE, INVALID_RATING, …", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
    ))]
pub async fn rate(me: SignedIn, body: Json<RateBody>, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    // Form only (the JSON types, the 16 KiB body limit): fortune-gen owns the rating's rules
    // (types, hash and feedback lengths, the context) and answers their codes.
    let b = body.into_inner();
    let rating = rpc(
        "RateFortune",
        state.fortune.rate_fortune(
            &me.ctx,
            pb::RateFortuneRequest {
                fortune_type: b.fortune_type,
                fortune_content_hash: b.fortune_content_hash,
                rating: b.rating,
                feedback_text: b.feedback_text.filter(|t| !t.trim().is_empty()),
                context_json: b.context.filter(|c| !c.is_null()).map(|c| c.to_string()),
            },
        ),
    )
    .await?;
    Ok(HttpResponse::Ok().json(RatingBody::from(rating)))
}
