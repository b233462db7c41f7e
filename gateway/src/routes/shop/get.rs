use actix_web::{HttpResponse, web};
use meguri_proto::billing as pb;

use super::body::{DevCheckout, ShopItems};
use crate::error::{ApiError, ErrorBody};
use crate::routes::purchases::body::{Purchase, purchase_id};
use crate::routes::{SignedIn, ok_json, rpc};
use crate::startup::AppState;

/// The credit packs on sale, the largest quantity, and whether payments run through the
/// development checkout.
#[utoipa::path(get, path = "/api/shop/items", operation_id = "list_shop_items", tag = "shop",
    responses(
        (status = 200, description = "The packs on sale, in the shop's order", body = ShopItems),
        (status = 401, description = "Signed out", body = ErrorBody),
    ))]
pub async fn items(me: SignedIn, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let request = pb::ListPacksRequest { include_retired: false };
    ok_json(Ok(ShopItems::from(rpc("ListPacks", state.billing.list_packs(&me.ctx, request)).await?)))
}

/// The caller's purchase as the development checkout page shows it. Only while billing runs the
/// development checkout (no Stripe key): billing decides, the gateway forwards.
#[utoipa::path(get, path = "/api/shop/dev-checkout/{purchaseId}", operation_id = "get_dev_checkout", tag = "shop",
    params(("purchaseId" = String, Path, description = "The purchase's id (UUID)")),
    responses(
        (status = 200, description = "The purchase, with `devCheckout: true`", body = DevCheckout),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "PURCHASE_NOT_FOUND (unknown, someone else's, or not an id)", body = ErrorBody),
        (status = 409, description = "DEV_CHECKOUT_DISABLED (Stripe is configured)", body = ErrorBody),
    ))]
pub async fn dev_checkout(
    me: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = pb::GetDevCheckoutRequest { purchase_id: purchase_id(&path)? };
    let purchase = rpc("GetDevCheckout", state.billing.get_dev_checkout(&me.ctx, request)).await?;
    ok_json(Ok(DevCheckout { purchase: Purchase::try_from(purchase)?, dev_checkout: true }))
}
