//! The JSON shape of a purchase (billing's proto → camelCase at the edge), and the one reading of a
//! purchase id from a path.
//!
//! Every mirror destructures its proto message without `..`: a field added to the message fails to
//! compile here until it is mapped or named and dropped.

use actix_web::http::StatusCode;
use meguri_proto::billing as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::ApiError;

/// The NOT_FOUND code of a purchase (unknown, someone else's, or not an id at all).
pub const PURCHASE_NOT_FOUND: &str = "PURCHASE_NOT_FOUND";

/// The purchase id a path names, in canonical form. Anything that is not a UUID is answered like
/// an unknown purchase (404), without asking billing.
///
/// # Errors
/// 404 `PURCHASE_NOT_FOUND`.
pub fn purchase_id(raw: &str) -> Result<String, ApiError> {
    uuid::Uuid::parse_str(raw.trim())
        .map(|id| id.hyphenated().to_string())
        .map_err(|_| ApiError::Coded { status: StatusCode::NOT_FOUND, code: PURCHASE_NOT_FOUND })
}

/// Where a purchase stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PurchaseStatus {
    /// At checkout: not paid (yet).
    Pending,
    /// Paid; the credits are granted.
    Completed,
    /// The checkout expired unpaid.
    Expired,
    /// The payment failed.
    Failed,
    /// Left at checkout (the development checkout's cancel).
    Canceled,
    /// Paid, then refunded; the credits were taken back (as far as the balance allowed).
    Refunded,
}

impl TryFrom<i32> for PurchaseStatus {
    type Error = ApiError;

    fn try_from(raw: i32) -> Result<Self, ApiError> {
        Ok(match pb::PurchaseStatus::try_from(raw) {
            Ok(pb::PurchaseStatus::Pending) => Self::Pending,
            Ok(pb::PurchaseStatus::Completed) => Self::Completed,
            Ok(pb::PurchaseStatus::Expired) => Self::Expired,
            Ok(pb::PurchaseStatus::Failed) => Self::Failed,
            Ok(pb::PurchaseStatus::Canceled) => Self::Canceled,
            Ok(pb::PurchaseStatus::Refunded) => Self::Refunded,
            Ok(pb::PurchaseStatus::Unspecified) | Err(_) => {
                return Err(ApiError::Unexpected(anyhow::anyhow!("billing: a purchase with status {raw}")));
            }
        })
    }
}

/// A purchase of a credit pack (spec §3 "purchases"), as its buyer sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Purchase {
    #[schema(example = "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b")]
    pub id: String,
    /// The pack bought (`GET /api/shop/items` `id`).
    #[schema(example = 2)]
    pub item_id: i32,
    /// The pack's title when it was bought.
    #[schema(example = "30クレジット")]
    pub item_title: String,
    #[schema(example = "お得なパックです。")]
    pub item_description: String,
    /// Yen, tax included: price × quantity.
    #[schema(example = 1200)]
    pub amount: i64,
    #[schema(example = 1)]
    pub quantity: i32,
    /// 0 until completed.
    #[schema(example = 30)]
    pub credits_granted: i64,
    pub status: PurchaseStatus,
    /// RFC 3339.
    #[schema(example = "2026-11-26T12:00:00.000Z")]
    pub created_at: String,
    /// RFC 3339; null until completed.
    #[schema(required = true, example = "2026-11-26T12:01:00.000Z")]
    pub completed_at: Option<String>,
    /// The credits a refund took back (0 unless refunded).
    #[schema(example = 0)]
    pub credits_clawed_back: i64,
}

impl TryFrom<pb::Purchase> for Purchase {
    type Error = ApiError;

    fn try_from(p: pb::Purchase) -> Result<Self, ApiError> {
        let pb::Purchase {
            id,
            item_id,
            item_title,
            item_description,
            amount,
            quantity,
            credits_granted,
            status,
            // Stripe's ids and the refund's shortfall are for billing and admins, not the buyer.
            stripe_session_id: _,
            stripe_payment_intent_id: _,
            created_at,
            completed_at,
            credits_clawed_back,
            clawback_shortfall: _,
        } = p;
        Ok(Self {
            id,
            item_id,
            item_title,
            item_description,
            amount,
            quantity,
            credits_granted,
            status: PurchaseStatus::try_from(status)?,
            created_at,
            completed_at,
            credits_clawed_back,
        })
    }
}

/// A purchase a billing answer must carry.
///
/// # Errors
/// 500 when billing sent none.
pub fn purchase(p: Option<pb::Purchase>, what: &str) -> Result<Purchase, ApiError> {
    p.ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("billing: {what} without a purchase")))
        .and_then(Purchase::try_from)
}

/// `GET /api/purchases`: the caller's purchases, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct PurchaseList {
    pub purchases: Vec<Purchase>,
}

impl TryFrom<pb::ListPurchasesResponse> for PurchaseList {
    type Error = ApiError;

    fn try_from(r: pb::ListPurchasesResponse) -> Result<Self, ApiError> {
        let pb::ListPurchasesResponse { purchases } = r;
        Ok(Self { purchases: purchases.into_iter().map(Purchase::try_from).collect::<Result<_, _>>()? })
    }
}

/// The most purchases a list may ask for, and how many it gets unless it asks.
pub const MAX_PURCHASES: u32 = 100;
pub const DEFAULT_PURCHASES: u32 = 50;

/// The query of `GET /api/purchases`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct PurchaseListQuery {
    /// 1..=100 (default 50).
    #[param(example = 50, minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
}

impl PurchaseListQuery {
    /// The request to billing.
    ///
    /// # Errors
    /// 400 `INVALID_LIMIT` outside 1..=100.
    pub fn request(self) -> Result<pb::ListPurchasesRequest, ApiError> {
        let limit = match self.limit {
            None => DEFAULT_PURCHASES,
            Some(n) if (1..=MAX_PURCHASES).contains(&n) => n,
            Some(_) => return Err(ApiError::Invalid("INVALID_LIMIT")),
        };
        Ok(pb::ListPurchasesRequest { limit: i32::try_from(limit).unwrap_or(i32::MAX), user_id: String::new() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(status: pb::PurchaseStatus) -> pb::Purchase {
        pb::Purchase {
            id: "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b".to_owned(),
            item_id: 2,
            item_title: "30クレジット".to_owned(),
            item_description: "1クレジットでメグと1回お話しできます".to_owned(),
            amount: 2400,
            quantity: 2,
            credits_granted: 60,
            status: status as i32,
            stripe_session_id: Some("cs_test_1".to_owned()),
            stripe_payment_intent_id: Some("pi_1".to_owned()),
            created_at: "2026-11-26T12:00:00.000Z".to_owned(),
            completed_at: Some("2026-11-26T12:01:00.000Z".to_owned()),
            credits_clawed_back: 0,
            clawback_shortfall: 0,
        }
    }

    #[test]
    fn a_purchase_is_camel_case_without_stripes_ids() {
        let json = serde_json::to_value(Purchase::try_from(sample(pb::PurchaseStatus::Completed)).expect("maps"))
            .expect("json");

        assert_eq!(json["itemId"], 2);
        assert_eq!(json["creditsGranted"], 60);
        assert_eq!(json["status"], "completed");
        assert_eq!(json["completedAt"], "2026-11-26T12:01:00.000Z");
        assert!(json.get("stripeSessionId").is_none() && json.get("stripePaymentIntentId").is_none());
        assert!(json.get("clawbackShortfall").is_none());
    }

    #[test]
    fn every_status_has_its_word_and_an_unspecified_one_is_a_fault() {
        let words = [
            (pb::PurchaseStatus::Pending, "pending"),
            (pb::PurchaseStatus::Completed, "completed"),
            (pb::PurchaseStatus::Expired, "expired"),
            (pb::PurchaseStatus::Failed, "failed"),
            (pb::PurchaseStatus::Canceled, "canceled"),
            (pb::PurchaseStatus::Refunded, "refunded"),
        ];
        for (status, word) in words {
            let mapped = PurchaseStatus::try_from(status as i32).expect("known");
            assert_eq!(serde_json::to_value(mapped).expect("json"), word);
        }
        assert!(PurchaseStatus::try_from(0).is_err());
        assert!(PurchaseStatus::try_from(99).is_err());
    }

    #[test]
    fn a_path_id_that_is_not_a_uuid_is_not_found() {
        assert_eq!(
            purchase_id(" 0191B7E4-8A4E-7C3A-9B55-3F1D2C4E5A6B ").expect("uuid"),
            "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b"
        );
        let error = purchase_id("../x").expect_err("not a uuid");
        assert_eq!(error.body().code, PURCHASE_NOT_FOUND);
    }

    #[test]
    fn the_list_limit_is_bounded() {
        assert_eq!(PurchaseListQuery { limit: None }.request().expect("default").limit, 50);
        assert_eq!(PurchaseListQuery { limit: Some(100) }.request().expect("max").limit, 100);
        for limit in [0, 101] {
            let error = PurchaseListQuery { limit: Some(limit) }.request().expect_err("out of range");
            assert_eq!(error.body().code, "INVALID_LIMIT");
        }
    }
}
