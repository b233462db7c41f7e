use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use meguri_proto::billing as pb;
use serde::Serialize;
use utoipa::ToSchema;

use crate::clients::CallContext;
use crate::error::{ApiError, ErrorBody};
use crate::routes::{ok_json, rpc};
use crate::startup::AppState;

/// The largest webhook body accepted (Stripe's events are a few KiB).
pub const MAX_WEBHOOK_BODY: usize = 256 * 1024;

/// The header Stripe signs its webhooks in (`t=…,v1=…`).
pub const SIGNATURE_HEADER: &str = "stripe-signature";

/// What Stripe is told: the event is taken (or was before).
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookReceived {
    /// Always true.
    pub received: bool,
}

/// Stripe's webhook: the body as received and its `Stripe-Signature` go to billing, which verifies
/// them and applies the event at most once. No session, no origin check. A refused signature or
/// body is a 400 (Stripe does not retry it); billing down is a 503 (Stripe retries).
#[utoipa::path(post, path = "/api/stripe/webhook", operation_id = "stripe_webhook", tag = "shop",
    params(("Stripe-Signature" = String, Header, description = "`t=<unix seconds>,v1=<HMAC-SHA256 hex>` as Stripe sends it")),
    request_body(content = Object, description = "A Stripe event, exactly as Stripe sent it", content_type = "application/json"),
    responses(
        (status = 200, description = "Taken (also a replay, and a type billing ignores)", body = WebhookReceived),
        (status = 400, description = "INVALID_SIGNATURE (missing, wrong, or older than 300 s), INVALID_PAYLOAD", body = ErrorBody),
        (status = 413, description = "PAYLOAD_TOO_LARGE (over 256 KiB)", body = ErrorBody),
        (status = 503, description = "Billing does not answer: Stripe retries", body = ErrorBody),
    ))]
pub async fn webhook(
    req: HttpRequest,
    payload: web::Payload,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    // Without a signature there is nothing billing could verify.
    let signature = req
        .headers()
        .get(SIGNATURE_HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.trim().is_empty())
        .ok_or(ApiError::Invalid("INVALID_SIGNATURE"))?
        .to_owned();
    let body = payload
        .to_bytes_limited(MAX_WEBHOOK_BODY)
        .await
        .map_err(|_| ApiError::Coded { status: StatusCode::PAYLOAD_TOO_LARGE, code: "PAYLOAD_TOO_LARGE" })?
        .map_err(|_| ApiError::Invalid("INVALID_PAYLOAD"))?;
    let request = pb::HandleStripeWebhookRequest { payload: body.to_vec(), signature };
    let answer =
        rpc("HandleStripeWebhook", state.billing.handle_stripe_webhook(&CallContext::service(&req), request)).await?;
    let pb::HandleStripeWebhookResponse { event_id, event_type, handled, replayed } = answer;
    tracing::info!(name: "gateway.stripe.webhook", event_id, event_type, handled, replayed, "stripe webhook taken");
    ok_json(Ok(WebhookReceived { received: true }))
}
