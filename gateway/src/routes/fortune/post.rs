use actix_web::{HttpRequest, HttpResponse, web};
use meguri_proto::fortune as pb;
use serde::Deserialize;
use utoipa::ToSchema;

use super::body::{FortuneTypeName, RatingBody, RatingValue};
use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::routes::signed_in;
use crate::session::TypedSession;
use crate::startup::AppState;

/// The largest `context` accepted, serialised.
const MAX_CONTEXT_BYTES: usize = 4096;
/// The longest feedback text, in characters.
pub const MAX_FEEDBACK_CHARS: usize = 1000;

/// Spec §5 "Fortune feedback".
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RateBody {
    /// `daily`, `chat`, `life`, `yearly`, `dos`, `donts` or `bazi`.
    #[schema(value_type = FortuneTypeName, example = "daily")]
    pub fortune_type: String,
    /// 1–128 characters (the reading's `contentHash`).
    pub fortune_content_hash: String,
    /// `positive` or `negative`.
    #[schema(value_type = RatingValue, example = "positive")]
    pub rating: String,
    /// At most 1000 characters.
    pub feedback_text: Option<String>,
    /// A JSON object of at most 4 KiB (e.g. which screen).
    #[schema(value_type = Object)]
    pub context: Option<serde_json::Value>,
}

const FORTUNE_TYPES: [&str; 7] = ["daily", "chat", "life", "yearly", "dos", "donts", "bazi"];

/// Checks a rating at the edge (fortune-gen checks again).
///
/// # Errors
/// 400 with the code of the first thing wrong.
pub fn validate(body: &RateBody) -> Result<(), ApiError> {
    if !FORTUNE_TYPES.contains(&body.fortune_type.as_str()) {
        return Err(ApiError::Invalid("INVALID_FORTUNE_TYPE"));
    }
    if body.fortune_content_hash.is_empty() || body.fortune_content_hash.chars().count() > 128 {
        return Err(ApiError::Invalid("INVALID_CONTENT_HASH"));
    }
    if body.rating != "positive" && body.rating != "negative" {
        return Err(ApiError::Invalid("INVALID_RATING"));
    }
    if body.feedback_text.as_ref().is_some_and(|t| t.chars().count() > MAX_FEEDBACK_CHARS) {
        return Err(ApiError::Invalid("FEEDBACK_TOO_LONG"));
    }
    match &body.context {
        None | Some(serde_json::Value::Null) => Ok(()),
        Some(v @ serde_json::Value::Object(_)) if v.to_string().len() <= MAX_CONTEXT_BYTES => Ok(()),
        Some(_) => Err(ApiError::Invalid("INVALID_CONTEXT")),
    }
}

/// Rates some fortune content; rating the same content again changes the rating.
#[utoipa::path(post, path = "/api/fortunes/rate", tag = "fortune", request_body = RateBody,
    responses(
        (status = 200, description = "The rating", body = RatingBody),
        (status = 400, description = "INVALID_FORTUNE_TYPE, INVALID_RATING, …", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
    ))]
pub async fn rate(
    req: HttpRequest,
    body: Json<RateBody>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (_, ctx) = signed_in(&req, &session).await?;
    let b = body.into_inner();
    validate(&b)?;
    let rating = state
        .fortune
        .rate_fortune(
            &ctx,
            pb::RateFortuneRequest {
                fortune_type: b.fortune_type,
                fortune_content_hash: b.fortune_content_hash,
                rating: b.rating,
                feedback_text: b.feedback_text.filter(|t| !t.trim().is_empty()),
                context_json: b.context.filter(|c| !c.is_null()).map(|c| c.to_string()),
            },
        )
        .await
        .map_err(|s| ApiError::from_status("RateFortune", s))?;
    Ok(HttpResponse::Ok().json(RatingBody::from(rating)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body() -> RateBody {
        RateBody {
            fortune_type: "daily".into(),
            fortune_content_hash: "abc".into(),
            rating: "negative".into(),
            ..RateBody::default()
        }
    }

    fn code(b: &RateBody) -> Option<String> {
        validate(b).err().map(|e| e.body().code.into_owned())
    }

    #[test]
    fn the_spec_values_pass_and_others_get_their_code() {
        assert_eq!(code(&body()), None);
        assert_eq!(
            code(&RateBody { fortune_type: "weekly".into(), ..body() }).as_deref(),
            Some("INVALID_FORTUNE_TYPE")
        );
        assert_eq!(code(&RateBody { rating: "meh".into(), ..body() }).as_deref(), Some("INVALID_RATING"));
        assert_eq!(
            code(&RateBody { fortune_content_hash: String::new(), ..body() }).as_deref(),
            Some("INVALID_CONTENT_HASH")
        );
        assert_eq!(
            code(&RateBody { fortune_content_hash: "x".repeat(129), ..body() }).as_deref(),
            Some("INVALID_CONTENT_HASH")
        );
        assert_eq!(
            code(&RateBody { feedback_text: Some("あ".repeat(1001)), ..body() }).as_deref(),
            Some("FEEDBACK_TOO_LONG")
        );
        assert_eq!(code(&RateBody { feedback_text: Some("あ".repeat(1000)), ..body() }), None);
    }

    #[test]
    fn the_context_is_a_small_object() {
        let with = |c| RateBody { context: Some(c), ..body() };
        assert_eq!(code(&with(serde_json::json!({"screen": "home"}))), None);
        assert_eq!(code(&with(serde_json::json!([1, 2]))).as_deref(), Some("INVALID_CONTEXT"));
        assert_eq!(code(&with(serde_json::json!({"x": "y".repeat(5000)}))).as_deref(), Some("INVALID_CONTEXT"));
    }
}
