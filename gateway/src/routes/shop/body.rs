//! The JSON shapes of the shop routes (billing's proto → camelCase at the edge), the checkout
//! body's checks, and the return URLs of a checkout.
//!
//! Every mirror destructures its proto message without `..`.

use meguri_proto::billing as pb;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::routes::purchases::body::Purchase;

/// The most packs one purchase may buy (billing's bound too; its message says 1〜10).
pub const MAX_QUANTITY: i64 = 10;

/// Stands for the purchase's id in the return URLs the gateway sends: billing creates the purchase
/// (and so its id) in the same call, and puts the id in its place before it hands the URLs to
/// Stripe — as Stripe itself fills `{CHECKOUT_SESSION_ID}`.
pub const PURCHASE_ID_PLACEHOLDER: &str = "{PURCHASE_ID}";

/// The pages Stripe's checkout sends the member back to: `/shop?purchase=…&result=success|cancel`
/// under `base` (`APP_BASE_URL`, no trailing `/`).
#[must_use]
pub fn return_urls(base: &str) -> (String, String) {
    let url = |result: &str| format!("{base}/shop?purchase={PURCHASE_ID_PLACEHOLDER}&result={result}");
    (url("success"), url("cancel"))
}

/// A credit pack on sale.
#[derive(Debug, Serialize, ToSchema)]
pub struct ShopItem {
    /// The `itemId` to buy it with.
    #[schema(example = 2)]
    pub id: i32,
    #[schema(example = "30クレジット")]
    pub title: String,
    /// What the credits buy.
    #[schema(example = "お得なパックです。")]
    pub description: String,
    #[schema(example = 30)]
    pub credits: i64,
    /// Yen, tax included (JPY has no minor unit).
    #[schema(example = 1200)]
    pub price: i64,
    /// Always `JPY`.
    #[schema(example = "JPY")]
    pub currency: &'static str,
}

/// `GET /api/shop/items`: the packs on sale, in the shop's order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopItems {
    pub items: Vec<ShopItem>,
    /// The largest `quantity` of one purchase.
    #[schema(example = 10)]
    pub max_quantity: i32,
    /// True when payments run through the development checkout (no Stripe key): no real payment.
    pub dev_checkout: bool,
}

impl From<pb::ListPacksResponse> for ShopItems {
    fn from(r: pb::ListPacksResponse) -> Self {
        let pb::ListPacksResponse { packs, max_quantity, dev_checkout } = r;
        let items = packs
            .into_iter()
            .filter(|p| p.active)
            .map(|p| {
                // `active` is the filter; the order is billing's already.
                let pb::Pack { id, title, description, credits, price_yen, active: _, sort_order: _ } = p;
                ShopItem { id, title, description, credits, price: price_yen, currency: "JPY" }
            })
            .collect();
        Self { items, max_quantity, dev_checkout }
    }
}

/// `POST /api/shop/checkout`, as checked (spec §5 "shop purchase").
#[derive(Debug, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutBody {
    /// A pack's `id` (an integer ≥ 1); missing or anything else: 400 `INVALID_ITEM`.
    #[schema(example = 2, minimum = 1)]
    pub item_id: i32,
    /// 1..=10 (default 1); anything else: 400 `INVALID_QUANTITY`.
    #[schema(required = false, default = 1, example = 1, minimum = 1, maximum = 10)]
    pub quantity: i32,
    /// A UUID the app chooses once per purchase attempt: sending it again (a double click, a
    /// retry) answers the same purchase and checkout URL. Anything else: 400 `INVALID_ATTEMPT_ID`.
    #[schema(
        example = "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b",
        pattern = r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
    )]
    pub attempt_id: String,
}

impl CheckoutBody {
    /// Reads the body field by field, so each wrong field gets its own code and message (serde
    /// would answer one generic error for all of them). Checked in the order itemId, quantity,
    /// attemptId.
    ///
    /// # Errors
    /// 400 `INVALID_ITEM`, `INVALID_QUANTITY`, `INVALID_ATTEMPT_ID`.
    pub fn parse(body: &Map<String, Value>) -> Result<Self, ApiError> {
        let item_id = body
            .get("itemId")
            .and_then(Value::as_i64)
            .filter(|id| *id >= 1)
            .and_then(|id| i32::try_from(id).ok())
            .ok_or(ApiError::Invalid("INVALID_ITEM"))?;
        let quantity = match body.get("quantity") {
            None | Some(Value::Null) => 1,
            Some(value) => value
                .as_i64()
                .filter(|q| (1..=MAX_QUANTITY).contains(q))
                .and_then(|q| i32::try_from(q).ok())
                .ok_or(ApiError::Invalid("INVALID_QUANTITY"))?,
        };
        let attempt_id = body
            .get("attemptId")
            .and_then(Value::as_str)
            .and_then(|raw| uuid::Uuid::parse_str(raw.trim()).ok())
            .map(|id| id.hyphenated().to_string())
            .ok_or(ApiError::Invalid("INVALID_ATTEMPT_ID"))?;
        Ok(Self { item_id, quantity, attempt_id })
    }

    /// The request to billing, with the return URLs under `base` (`APP_BASE_URL`).
    #[must_use]
    pub fn request(self, base: &str) -> pb::CreateCheckoutRequest {
        let Self { item_id, quantity, attempt_id } = self;
        let (success_url, cancel_url) = return_urls(base);
        pb::CreateCheckoutRequest { item_id, quantity, attempt_id, success_url, cancel_url }
    }
}

/// Where to send the member to pay.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutAnswer {
    #[schema(example = "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b")]
    pub purchase_id: String,
    /// Stripe's checkout page (absolute), or the app's development checkout
    /// (`…/shop/dev-checkout/{purchaseId}`).
    #[schema(example = "https://checkout.stripe.com/c/pay/cs_test_a1b2c3")]
    pub checkout_url: String,
}

impl TryFrom<pb::CreateCheckoutResponse> for CheckoutAnswer {
    type Error = ApiError;

    fn try_from(r: pb::CreateCheckoutResponse) -> Result<Self, ApiError> {
        let pb::CreateCheckoutResponse { purchase, checkout_url } = r;
        let purchase =
            purchase.ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("billing: a checkout without a purchase")))?;
        Ok(Self { purchase_id: purchase.id, checkout_url })
    }
}

/// `GET /api/shop/dev-checkout/{purchaseId}`: the purchase the development checkout page shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DevCheckout {
    #[serde(flatten)]
    pub purchase: Purchase,
    /// Always true: this page is the development checkout, not a real payment.
    pub dev_checkout: bool,
}

/// What the member chose on the development checkout page.
#[derive(Clone, Copy, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DevOutcome {
    /// 「支払う（テスト）」: completes the purchase as a paid Stripe checkout would.
    Complete,
    /// 「キャンセル」: the purchase ends canceled, nothing is granted.
    Cancel,
}

/// `POST /api/shop/dev-checkout/{purchaseId}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DevCheckoutBody {
    pub outcome: DevOutcome,
}

impl DevCheckoutBody {
    /// The request to billing for purchase `purchase_id` (already checked).
    #[must_use]
    pub fn request(self, purchase_id: String) -> pb::CompleteDevCheckoutRequest {
        let outcome = match self.outcome {
            DevOutcome::Complete => pb::DevOutcome::Complete,
            DevOutcome::Cancel => pb::DevOutcome::Cancel,
        };
        pb::CompleteDevCheckoutRequest { purchase_id, outcome: outcome as i32 }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const ATTEMPT: &str = "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b";

    fn parse(value: Value) -> Result<CheckoutBody, ApiError> {
        CheckoutBody::parse(value.as_object().expect("an object"))
    }

    fn code(value: Value) -> String {
        parse(value).expect_err("refused").body().code.into_owned()
    }

    #[test]
    fn a_checkout_defaults_to_one_pack() {
        let checkout = parse(json!({"itemId": 3, "attemptId": ATTEMPT})).expect("valid");

        assert_eq!(checkout, CheckoutBody { item_id: 3, quantity: 1, attempt_id: ATTEMPT.to_owned() });
        assert_eq!(parse(json!({"itemId": 3, "quantity": null, "attemptId": ATTEMPT})).expect("null").quantity, 1);
        assert_eq!(parse(json!({"itemId": 3, "quantity": 10, "attemptId": ATTEMPT})).expect("ten").quantity, 10);
    }

    #[test]
    fn an_item_that_is_not_a_positive_integer_is_invalid() {
        for item in [json!(null), json!(0), json!(-1), json!("a"), json!("1"), json!(1.5), json!(1e12), json!([1])] {
            assert_eq!(code(json!({"itemId": item, "attemptId": ATTEMPT})), "INVALID_ITEM", "{item}");
        }
        assert_eq!(code(json!({"attemptId": ATTEMPT})), "INVALID_ITEM");
    }

    #[test]
    fn a_quantity_outside_one_to_ten_is_invalid() {
        for quantity in [json!(0), json!(11), json!(-1), json!("2"), json!(2.5)] {
            let body = json!({"itemId": 1, "quantity": quantity, "attemptId": ATTEMPT});
            assert_eq!(code(body), "INVALID_QUANTITY", "{quantity}");
        }
    }

    #[test]
    fn the_attempt_must_be_a_uuid() {
        for attempt in [json!(null), json!(""), json!("attempt-1"), json!(7)] {
            assert_eq!(code(json!({"itemId": 1, "attemptId": attempt})), "INVALID_ATTEMPT_ID", "{attempt}");
        }
        let upper = parse(json!({"itemId": 1, "attemptId": ATTEMPT.to_uppercase()})).expect("valid");
        assert_eq!(upper.attempt_id, ATTEMPT);
    }

    #[test]
    fn the_item_is_checked_before_the_quantity() {
        assert_eq!(code(json!({"itemId": 0, "quantity": 11})), "INVALID_ITEM");
    }

    #[test]
    fn the_return_urls_name_the_purchase_and_the_result() {
        let request = parse(json!({"itemId": 2, "quantity": 3, "attemptId": ATTEMPT}))
            .expect("valid")
            .request("https://meguri.example");

        assert_eq!(request.success_url, "https://meguri.example/shop?purchase={PURCHASE_ID}&result=success");
        assert_eq!(request.cancel_url, "https://meguri.example/shop?purchase={PURCHASE_ID}&result=cancel");
        assert_eq!((request.item_id, request.quantity), (2, 3));
    }

    #[test]
    fn retired_packs_are_not_listed() {
        let pack = |id: i32, active: bool| pb::Pack {
            id,
            title: format!("{id}0クレジット"),
            description: String::new(),
            credits: i64::from(id) * 10,
            price_yen: 480,
            active,
            sort_order: id,
        };
        let items = ShopItems::from(pb::ListPacksResponse {
            packs: vec![pack(1, true), pack(2, false)],
            max_quantity: 10,
            dev_checkout: true,
        });

        let json = serde_json::to_value(items).expect("json");

        assert_eq!(
            json,
            json!({"items": [{"id": 1, "title": "10クレジット", "description": "", "credits": 10, "price": 480,
                "currency": "JPY"}], "maxQuantity": 10, "devCheckout": true})
        );
    }
}
