use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use meguri_proto::bazi_engine as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::clients::CallContext;
use crate::error::{ApiError, ErrorBody};
use crate::rate_limit::Bucket;
use crate::routes::public::post::CoordinatesBody;
use crate::routes::rpc;
use crate::session::TypedSession;
use crate::startup::AppState;

/// At most this many suggestions (spec §9).
const MAX_SUGGESTIONS: u32 = 5;
/// The longest query or place text accepted, in characters.
const MAX_QUERY_CHARS: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Free text, e.g. `大阪` or `osaka`. Blank: no suggestions.
    pub query: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SuggestionsBody {
    /// Place labels, at most 5.
    #[schema(example = json!(["大阪, 日本", "大阪市北区, 大阪府, 日本"]))]
    pub suggestions: Vec<String>,
}

/// Place suggestions for the birth-place field.
#[utoipa::path(
    get,
    path = "/api/places/search",
    tag = "places",
    params(SearchQuery),
    responses(
        (status = 200, description = "Suggestions (empty for a blank query)", body = SuggestionsBody),
        (status = 400, description = "Query too long", body = ErrorBody),
        (status = 429, description = "Too many look-ups from this address", body = ErrorBody),
        (status = 503, description = "The engine is unavailable", body = ErrorBody),
    )
)]
pub async fn search(
    req: HttpRequest,
    query: web::Query<SearchQuery>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let text = query.query.as_deref().map_or("", str::trim);
    if text.is_empty() {
        return Ok(HttpResponse::Ok().json(SuggestionsBody { suggestions: Vec::new() }));
    }
    if text.chars().count() > MAX_QUERY_CHARS {
        return Err(ApiError::Invalid("INVALID_QUERY"));
    }
    state.rate_limiter.check(Bucket::Places, &req).await?;
    let ctx = CallContext::of(&req, &session).await;
    let request = pb::SearchPlacesRequest { query: text.to_owned(), limit: MAX_SUGGESTIONS };
    let response = rpc("SearchPlaces", state.engine.search_places(&ctx, request)).await?;
    let suggestions = response.suggestions.into_iter().take(MAX_SUGGESTIONS as usize).map(|s| s.label).collect();
    Ok(HttpResponse::Ok().json(SuggestionsBody { suggestions }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CoordinatesQuery {
    /// A label from the place search, or a place name: 1..=100 characters, not only blanks.
    #[param(required = true, value_type = String, max_length = 100, pattern = r"^[^\x00]*[^\x00\s][^\x00]*$")]
    pub location: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CoordinatesResponse {
    pub coordinates: CoordinatesBody,
}

/// Coordinates of a place.
#[utoipa::path(
    get,
    path = "/api/places/coordinates",
    tag = "places",
    params(CoordinatesQuery),
    responses(
        (status = 200, description = "The coordinates", body = CoordinatesResponse),
        (status = 400, description = "No or too long location", body = ErrorBody),
        (status = 404, description = "Unknown place", body = ErrorBody),
        (status = 429, description = "Too many look-ups from this address", body = ErrorBody),
        (status = 503, description = "The engine is unavailable", body = ErrorBody),
    )
)]
pub async fn coordinates(
    req: HttpRequest,
    query: web::Query<CoordinatesQuery>,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let location = query.location.as_deref().map_or("", str::trim);
    if location.is_empty() {
        return Err(ApiError::Invalid("LOCATION_REQUIRED"));
    }
    if location.chars().count() > MAX_QUERY_CHARS {
        return Err(ApiError::Invalid("INVALID_LOCATION"));
    }
    state.rate_limiter.check(Bucket::Places, &req).await?;
    let ctx = CallContext::of(&req, &session).await;
    let place_not_found = ApiError::Coded { status: StatusCode::NOT_FOUND, code: "PLACE_NOT_FOUND" };
    let response =
        match state.engine.resolve_place(&ctx, pb::ResolvePlaceRequest { location: location.to_owned() }).await {
            Ok(response) => response,
            // A NotFound without a code of its own is still, here, an unknown place.
            Err(status)
                if status.code() == tonic::Code::NotFound
                    && status.metadata().get(crate::error::CODE_METADATA).is_none() =>
            {
                return Err(place_not_found);
            }
            Err(status) => return Err(ApiError::from_status("ResolvePlace", status)),
        };
    let place = response.place.ok_or(place_not_found)?;
    Ok(HttpResponse::Ok().json(CoordinatesResponse {
        coordinates: CoordinatesBody { longitude: place.longitude, latitude: place.latitude },
    }))
}
