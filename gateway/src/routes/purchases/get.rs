use actix_web::{HttpResponse, web};
use meguri_proto::billing as pb;

use super::body::{Purchase, PurchaseList, PurchaseListQuery, purchase_id};
use crate::error::{ApiError, ErrorBody};
use crate::routes::{SignedIn, ok_json, rpc};
use crate::startup::AppState;

/// The caller's purchases of credit packs, newest first (/purchase-history).
#[utoipa::path(get, path = "/api/purchases", operation_id = "list_purchases", tag = "shop", params(PurchaseListQuery),
    responses(
        (status = 200, description = "The caller's purchases", body = PurchaseList),
        (status = 400, description = "INVALID_LIMIT", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
    ))]
pub async fn purchases(
    me: SignedIn,
    query: web::Query<PurchaseListQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = query.into_inner().request()?;
    ok_json(PurchaseList::try_from(rpc("ListPurchases", state.billing.list_purchases(&me.ctx, request)).await?))
}

/// One of the caller's purchases: the shop polls it after the checkout sends the member back,
/// until the webhook has completed it.
#[utoipa::path(get, path = "/api/purchases/{id}", operation_id = "get_purchase", tag = "shop",
    params(("id" = String, Path, description = "The purchase's id (UUID)")),
    responses(
        (status = 200, description = "The purchase", body = Purchase),
        (status = 401, description = "Signed out", body = ErrorBody),
        (status = 404, description = "PURCHASE_NOT_FOUND (unknown, someone else's, or not an id)", body = ErrorBody),
    ))]
pub async fn purchase(
    me: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = pb::GetPurchaseRequest { purchase_id: purchase_id(&path)? };
    ok_json(Purchase::try_from(rpc("GetPurchase", state.billing.get_purchase(&me.ctx, request)).await?))
}
