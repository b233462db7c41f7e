use actix_web::{HttpResponse, web};
use meguri_proto::fortune as pb;
use serde::Deserialize;
use utoipa::ToSchema;

use super::body::{FortuneTypeName, RatingBody};
use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::routes::{SignedIn, rpc};
use crate::startup::AppState;

/// Spec §3 "Fortune rating": the feedback after a negative rating.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct FeedbackBody {
    /// The rated content's hash: 1–128 characters, no control character.
    #[schema(required = true, pattern = r"^[!-~]{1,128}$")]
    pub fortune_content_hash: String,
    /// At most 1000 characters.
    #[schema(required = true, max_length = 1000)]
    pub feedback_text: String,
    /// Which rating of that content (the newest when absent).
    #[schema(value_type = Option<FortuneTypeName>)]
    pub fortune_type: Option<String>,
}

/// Adds feedback text to the caller's rating of some content.
#[utoipa::path(patch, path = "/api/fortunes/rate", tag = "fortune", request_body = FeedbackBody,
    responses(
        (status = 200, description = "The rating", body = RatingBody),
        (status = 400, description = "INVALID_CONTENT_HASH, FEEDBACK_TOO_LONG", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "RATING_NOT_FOUND", body = ErrorBody),
    ))]
pub async fn rate_feedback(
    me: SignedIn,
    body: Json<FeedbackBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    // Form only: fortune-gen owns the hash and feedback rules and answers their codes.
    let b = body.into_inner();
    let rating = rpc(
        "UpdateRatingFeedback",
        state.fortune.update_rating_feedback(
            &me.ctx,
            pb::UpdateRatingFeedbackRequest {
                fortune_content_hash: b.fortune_content_hash,
                feedback_text: b.feedback_text,
                fortune_type: b.fortune_type,
            },
        ),
    )
    .await?;
    Ok(HttpResponse::Ok().json(RatingBody::from(rating)))
}
