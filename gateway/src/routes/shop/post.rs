use actix_web::{HttpResponse, web};
use serde_json::{Map, Value};

use super::body::{CheckoutAnswer, CheckoutBody, DevCheckoutBody};
use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::routes::purchases::body::{Purchase, purchase, purchase_id};
use crate::routes::{SignedIn, ok_json, rpc};
use crate::startup::AppState;

/// Starts buying a pack for the caller: a pending purchase and the page to pay on (Stripe's
/// checkout, or the app's development checkout). Stripe sends the member back to
/// `/shop?purchase={id}&result=success|cancel`; the credits arrive with Stripe's webhook.
#[utoipa::path(post, path = "/api/shop/checkout", operation_id = "create_checkout", tag = "shop",
    request_body = CheckoutBody,
    responses(
        (status = 200, description = "The purchase and where to pay (the same for the same `attemptId`)", body = CheckoutAnswer),
        (status = 400, description = "INVALID_ITEM, INVALID_QUANTITY, INVALID_ATTEMPT_ID, INVALID_REQUEST (not a JSON object)", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "ITEM_NOT_FOUND (unknown or no longer sold)", body = ErrorBody),
        (status = 503, description = "STRIPE_UNAVAILABLE (nothing was charged)", body = ErrorBody),
    ))]
pub async fn checkout(
    me: SignedIn,
    body: Json<Map<String, Value>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = CheckoutBody::parse(&body)?.request(&state.app_base_url);
    ok_json(CheckoutAnswer::try_from(rpc("CreateCheckout", state.billing.create_checkout(&me.ctx, request)).await?))
}

/// The development checkout's answer: completes the caller's pending purchase (as a paid Stripe
/// checkout would, through billing's webhook code) or cancels it.
#[utoipa::path(post, path = "/api/shop/dev-checkout/{purchaseId}", operation_id = "complete_dev_checkout", tag = "shop",
    params(("purchaseId" = String, Path, description = "The purchase's id (UUID)")),
    request_body = DevCheckoutBody,
    responses(
        (status = 200, description = "The purchase after it (completed, or canceled)", body = Purchase),
        (status = 400, description = "INVALID_REQUEST (`outcome` neither `complete` nor `cancel`)", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "PURCHASE_NOT_FOUND", body = ErrorBody),
        (status = 409, description = "DEV_CHECKOUT_DISABLED (Stripe is configured)", body = ErrorBody),
    ))]
pub async fn complete_dev_checkout(
    me: SignedIn,
    path: web::Path<String>,
    body: Json<DevCheckoutBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = body.into_inner().request(purchase_id(&path)?);
    let answer = rpc("CompleteDevCheckout", state.billing.complete_dev_checkout(&me.ctx, request)).await?;
    ok_json(purchase(answer.purchase, "a development checkout"))
}
