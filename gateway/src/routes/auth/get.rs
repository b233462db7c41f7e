use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};

use meguri_proto::notify as notify_pb;

use super::user::{UserBody, compose};
use crate::clients::CallContext;
use crate::error::{ApiError, ErrorBody};
use crate::metrics;
use crate::session::TypedSession;
use crate::startup::AppState;

/// The current user (identity's account, the chart status, billing's balance); 401 when signed out.
/// Also tells notify the member visited (for the inactivity reminder), without waiting for it.
#[utoipa::path(
    get,
    path = "/api/auth/user",
    tag = "auth",
    responses(
        (status = 200, description = "The signed-in user", body = UserBody),
        (status = 401, description = "No signed-in session", body = ErrorBody),
        (status = 503, description = "The session store or identity is unavailable", body = ErrorBody),
    )
)]
pub async fn user(
    req: HttpRequest,
    session: TypedSession,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    session.user().await?.ok_or(ApiError::Unauthenticated)?;
    let ctx = CallContext::of(&req, &session).await;
    match compose(&state, &ctx).await {
        Ok(body) => {
            record_visit(&state, ctx);
            Ok(HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-store")).json(body))
        }
        // The account is gone (deleted elsewhere): the session ends with it.
        Err(ApiError::Upstream { status, .. }) if status.code() == tonic::Code::NotFound => {
            session.log_out().await?;
            Err(ApiError::Unauthenticated)
        }
        Err(e) => Err(e),
    }
}

/// Tells notify the member opened the app (the inactivity reminder counts 7 days from the last
/// visit), on the worker's runtime without the request waiting: it can neither slow nor fail the
/// user object. A failure is logged and counted (`meguri_gateway_background_call_failures_total`);
/// the next visit tells notify again.
fn record_visit(state: &web::Data<AppState>, ctx: CallContext) {
    let state = web::Data::clone(state);
    actix_web::rt::spawn(async move {
        if let Err(status) = state.notify.record_visit(&ctx, notify_pb::RecordVisitRequest {}).await {
            metrics::background_call_failed("RecordVisit");
            tracing::warn!(name: "gateway.visit.record_failed", code = ?status.code(), "notify did not record the visit");
        }
    });
}
