use actix_web::{HttpResponse, web};
use meguri_proto::billing as pb;

use super::body::{CreditLedger, LedgerQuery};
use crate::error::{ApiError, ErrorBody};
use crate::routes::{SignedIn, ok_json, rpc};
use crate::startup::AppState;

/// The caller's balance and one page of the credit ledger in the order the changes were applied,
/// newest first (`nextBefore` pages to older ones): what makes the balance explainable.
#[utoipa::path(get, path = "/api/credits/ledger", operation_id = "get_credit_ledger", tag = "shop", params(LedgerQuery),
    responses(
        (status = 200, description = "The balance and a page of entries, newest first, with the cursor of the next (older) page", body = CreditLedger),
        (status = 400, description = "INVALID_LIMIT, INVALID_CURSOR (`before` no page gave)", body = ErrorBody),
        (status = 401, description = "Signed out", body = ErrorBody),
    ))]
pub async fn ledger(
    me: SignedIn,
    query: web::Query<LedgerQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = query.into_inner().request()?;
    let balance = pb::GetBalanceRequest { user_id: String::new() };
    let (balance, entries) = tokio::join!(
        rpc("GetBalance", state.billing.get_balance(&me.ctx, balance)),
        rpc("ListLedger", state.billing.list_ledger(&me.ctx, request)),
    );
    ok_json(Ok(CreditLedger::new(balance?, entries?)))
}
