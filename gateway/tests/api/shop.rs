//! The shop, purchase, ledger and Stripe webhook routes against a billing double: what the gateway
//! refuses before calling billing (spec §5 with its Japanese messages, ids, signed-out callers),
//! what it sends (the caller, the checkout's return URLs, the webhook's exact bytes and signature
//! as a service call), and how billing's answers and codes reach the client.

use std::sync::{Arc, Mutex};

use meguri_auth::{Role, Subject};
use meguri_ids::UserId;
use meguri_proto::billing as pb;
use meguri_proto::billing::billing_server::{Billing, BillingServer};
use serde_json::{Value, json};
use tonic::transport::Server;
use tonic::{Code, Request, Response, Status};

use crate::doubles::{Recorder, Running, serve};
use crate::helpers::{ORIGIN, TestApp, coded_status, json, spawn_app_with};

const PURCHASE: &str = "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b";
const ATTEMPT: &str = "0191b7e4-0000-7000-8000-00000000a77e";
const SIGNATURE: &str = "t=1764158400,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd";

/// A purchase as billing would send it.
fn purchase(status: pb::PurchaseStatus) -> pb::Purchase {
    let completed = status == pb::PurchaseStatus::Completed;
    pb::Purchase {
        id: PURCHASE.to_owned(),
        item_id: 2,
        item_title: "30クレジット".to_owned(),
        item_description: "1クレジットでメグと1回お話しできます".to_owned(),
        amount: 2400,
        quantity: 2,
        credits_granted: if completed { 60 } else { 0 },
        status: status as i32,
        stripe_session_id: Some("dev_cs_1".to_owned()),
        stripe_payment_intent_id: None,
        created_at: "2026-11-26T12:00:00.000Z".to_owned(),
        completed_at: completed.then(|| "2026-11-26T12:01:00.000Z".to_owned()),
        credits_clawed_back: 0,
        clawback_shortfall: 0,
    }
}

/// What the billing double saw beyond the recorder's fields.
#[derive(Default)]
pub struct BillingSeen {
    pub checkouts: Vec<pb::CreateCheckoutRequest>,
    pub webhooks: Vec<pb::HandleStripeWebhookRequest>,
    pub dev_checkouts: Vec<pb::CompleteDevCheckoutRequest>,
}

/// A billing double: answers the shop's RPCs with fixed data, or with the failure set.
#[derive(Clone)]
pub struct BillingDouble {
    pub recorder: Arc<Recorder>,
    pub seen: Arc<Mutex<BillingSeen>>,
    /// What ListPacks says of the development checkout.
    pub dev_checkout: Arc<Mutex<bool>>,
}

impl BillingDouble {
    fn seen<T>(&self, read: impl FnOnce(&BillingSeen) -> T) -> T {
        read(&self.seen.lock().expect("lock"))
    }
}

fn not_here<T>() -> Result<Response<T>, Status> {
    Err(Status::unimplemented("not a route of the gateway"))
}

#[tonic::async_trait]
impl Billing for BillingDouble {
    async fn get_balance(&self, r: Request<pb::GetBalanceRequest>) -> Result<Response<pb::GetBalanceResponse>, Status> {
        let user = r.get_ref().user_id.clone();
        self.recorder.admit("GetBalance", &r, |s| s.subject = Some(user))?;
        Ok(Response::new(pb::GetBalanceResponse { credits: 63 }))
    }

    async fn adjust_credits(
        &self,
        _: Request<pb::AdjustCreditsRequest>,
    ) -> Result<Response<pb::AdjustCreditsResponse>, Status> {
        not_here()
    }

    async fn get_purchase_stats(
        &self,
        _: Request<pb::GetPurchaseStatsRequest>,
    ) -> Result<Response<pb::PurchaseStats>, Status> {
        not_here()
    }

    async fn get_daily_money(&self, _: Request<pb::GetDailyMoneyRequest>) -> Result<Response<pb::DailyMoney>, Status> {
        not_here()
    }

    async fn grant(&self, _: Request<pb::GrantRequest>) -> Result<Response<pb::GrantResponse>, Status> {
        not_here()
    }

    async fn spend(&self, _: Request<pb::SpendRequest>) -> Result<Response<pb::SpendResponse>, Status> {
        not_here()
    }

    async fn refund(&self, _: Request<pb::RefundRequest>) -> Result<Response<pb::RefundResponse>, Status> {
        not_here()
    }

    async fn list_ledger(&self, r: Request<pb::ListLedgerRequest>) -> Result<Response<pb::ListLedgerResponse>, Status> {
        let (user, limit, before) = (r.get_ref().user_id.clone(), r.get_ref().limit, r.get_ref().before.clone());
        self.recorder.admit("ListLedger", &r, |s| {
            s.subject = Some(user);
            s.limit = u32::try_from(limit).ok();
            s.detail = before;
        })?;
        let entry = |id: &str, seq: i64, delta: i64, balance_after: i64, reason: &str| pb::LedgerEntry {
            id: id.to_owned(),
            delta,
            balance_after,
            reason: reason.to_owned(),
            created_at: "2026-11-26T12:01:00.000Z".to_owned(),
            seq,
            note: None,
            actor_id: None,
        };
        Ok(Response::new(pb::ListLedgerResponse {
            entries: vec![entry("e2", 5, 60, 63, "purchase"), entry("e1", 4, 3, 3, "signup_bonus")],
            next_before: Some("4".to_owned()),
        }))
    }

    async fn list_packs(&self, r: Request<pb::ListPacksRequest>) -> Result<Response<pb::ListPacksResponse>, Status> {
        let retired = r.get_ref().include_retired;
        self.recorder.admit("ListPacks", &r, |s| s.detail = Some(format!("include_retired={retired}")))?;
        let pack = |id: i32, credits: i64, price_yen: i64, active: bool| pb::Pack {
            id,
            title: format!("{credits}クレジット"),
            description: "1クレジットでメグと1回お話しできます".to_owned(),
            credits,
            price_yen,
            active,
            sort_order: id,
        };
        Ok(Response::new(pb::ListPacksResponse {
            packs: vec![pack(1, 10, 480, true), pack(2, 30, 1200, true)],
            max_quantity: 10,
            dev_checkout: *self.dev_checkout.lock().expect("lock"),
        }))
    }

    async fn create_checkout(
        &self,
        r: Request<pb::CreateCheckoutRequest>,
    ) -> Result<Response<pb::CreateCheckoutResponse>, Status> {
        self.recorder.admit("CreateCheckout", &r, |_| {})?;
        self.seen.lock().expect("lock").checkouts.push(r.get_ref().clone());
        Ok(Response::new(pb::CreateCheckoutResponse {
            purchase: Some(purchase(pb::PurchaseStatus::Pending)),
            checkout_url: format!("{ORIGIN}/shop/dev-checkout/{PURCHASE}"),
        }))
    }

    async fn get_purchase(&self, r: Request<pb::GetPurchaseRequest>) -> Result<Response<pb::Purchase>, Status> {
        let id = r.get_ref().purchase_id.clone();
        self.recorder.admit("GetPurchase", &r, |s| s.subject = Some(id.clone()))?;
        if id != PURCHASE {
            return Err(coded_status(Code::NotFound, "PURCHASE_NOT_FOUND"));
        }
        Ok(Response::new(purchase(pb::PurchaseStatus::Pending)))
    }

    async fn list_purchases(
        &self,
        r: Request<pb::ListPurchasesRequest>,
    ) -> Result<Response<pb::ListPurchasesResponse>, Status> {
        let limit = r.get_ref().limit;
        self.recorder.admit("ListPurchases", &r, |s| s.limit = u32::try_from(limit).ok())?;
        Ok(Response::new(pb::ListPurchasesResponse {
            purchases: vec![purchase(pb::PurchaseStatus::Completed), purchase(pb::PurchaseStatus::Canceled)],
        }))
    }

    async fn handle_stripe_webhook(
        &self,
        r: Request<pb::HandleStripeWebhookRequest>,
    ) -> Result<Response<pb::HandleStripeWebhookResponse>, Status> {
        self.recorder.admit("HandleStripeWebhook", &r, |_| {})?;
        self.seen.lock().expect("lock").webhooks.push(r.get_ref().clone());
        if r.get_ref().signature != SIGNATURE {
            return Err(coded_status(Code::InvalidArgument, "INVALID_SIGNATURE"));
        }
        Ok(Response::new(pb::HandleStripeWebhookResponse {
            event_id: "evt_1".to_owned(),
            event_type: "checkout.session.completed".to_owned(),
            handled: true,
            replayed: false,
        }))
    }

    async fn get_dev_checkout(&self, r: Request<pb::GetDevCheckoutRequest>) -> Result<Response<pb::Purchase>, Status> {
        let id = r.get_ref().purchase_id.clone();
        self.recorder.admit("GetDevCheckout", &r, |s| s.subject = Some(id.clone()))?;
        if !*self.dev_checkout.lock().expect("lock") {
            return Err(coded_status(Code::FailedPrecondition, "DEV_CHECKOUT_DISABLED"));
        }
        if id != PURCHASE {
            return Err(coded_status(Code::NotFound, "PURCHASE_NOT_FOUND"));
        }
        Ok(Response::new(purchase(pb::PurchaseStatus::Pending)))
    }

    async fn complete_dev_checkout(
        &self,
        r: Request<pb::CompleteDevCheckoutRequest>,
    ) -> Result<Response<pb::CompleteDevCheckoutResponse>, Status> {
        self.recorder.admit("CompleteDevCheckout", &r, |_| {})?;
        self.seen.lock().expect("lock").dev_checkouts.push(r.get_ref().clone());
        let status = if r.get_ref().outcome == pb::DevOutcome::Complete as i32 {
            pb::PurchaseStatus::Completed
        } else {
            pb::PurchaseStatus::Canceled
        };
        Ok(Response::new(pb::CompleteDevCheckoutResponse { purchase: Some(purchase(status)) }))
    }
}

/// The gateway with a billing double and a signed-in member's cookie.
struct ShopApp {
    app: TestApp,
    billing: Running<BillingDouble>,
    user: UserId,
    cookie: String,
}

async fn spawn_shop_app() -> ShopApp {
    let double = BillingDouble {
        recorder: Arc::new(Recorder::new()),
        seen: Arc::default(),
        dev_checkout: Arc::new(Mutex::new(true)),
    };
    let billing = serve(double, |d| Server::builder().add_service(BillingServer::new(d))).await;
    let port = billing.port;
    let app = spawn_app_with(|c| c.billing_addr = format!("http://127.0.0.1:{port}")).await;
    let user = UserId::new();
    let (_, cookie) = app.session_cookie_for(user, Role::User).await;
    ShopApp { app, billing, user, cookie }
}

impl ShopApp {
    async fn get(&self, path: &str) -> (u16, Value) {
        let response =
            self.app.client.get(self.app.url(path)).header("cookie", &self.cookie).send().await.expect("request");
        json(response).await
    }

    async fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let response = self
            .app
            .client
            .post(self.app.url(path))
            .header("cookie", &self.cookie)
            .header("origin", ORIGIN)
            .json(body)
            .send()
            .await
            .expect("request");
        json(response).await
    }

    async fn webhook(&self, body: &[u8], signature: Option<&str>) -> reqwest::Response {
        let mut request = self
            .app
            .client
            .post(self.app.url("/api/stripe/webhook"))
            .header("content-type", "application/json; charset=utf-8")
            .body(body.to_vec());
        if let Some(signature) = signature {
            request = request.header("Stripe-Signature", signature);
        }
        request.send().await.expect("request")
    }

    /// The calls billing saw, by name.
    fn rpcs(&self) -> Vec<&'static str> {
        self.billing.recorder.seen().iter().map(|s| s.rpc).collect()
    }

    /// Every call so far was made for the signed-in member.
    fn assert_calls_were_for_the_member(&self) {
        for seen in self.billing.recorder.seen() {
            assert_eq!(seen.claims.sub, Subject::User(self.user), "{}", seen.rpc);
            assert_eq!(seen.claims.role, Role::User, "{}", seen.rpc);
        }
    }
}

#[tokio::test]
async fn the_shop_lists_the_packs_on_sale_with_their_yen_prices() {
    let shop = spawn_shop_app().await;

    let (status, body) = shop.get("/api/shop/items").await;

    assert_eq!(status, 200);
    assert_eq!(body["maxQuantity"], 10);
    assert_eq!(body["devCheckout"], true);
    assert_eq!(
        body["items"][1],
        json!({"id": 2, "title": "30クレジット", "description": "1クレジットでメグと1回お話しできます",
            "credits": 30, "price": 1200, "currency": "JPY"})
    );
    assert_eq!(shop.billing.recorder.last().detail.as_deref(), Some("include_retired=false"));
    shop.assert_calls_were_for_the_member();
}

#[tokio::test]
async fn a_checkout_goes_to_billing_for_the_member_with_the_apps_return_urls() {
    let shop = spawn_shop_app().await;

    let (status, body) = shop.post("/api/shop/checkout", &json!({"itemId": 2, "attemptId": ATTEMPT})).await;

    assert_eq!(status, 200, "{body}");
    assert_eq!(body, json!({"purchaseId": PURCHASE, "checkoutUrl": format!("{ORIGIN}/shop/dev-checkout/{PURCHASE}")}));
    let sent = shop.billing.seen(|s| s.checkouts.clone());
    assert_eq!(sent.len(), 1);
    assert_eq!(
        (sent[0].item_id, sent[0].quantity, sent[0].attempt_id.as_str()),
        (2, 1, ATTEMPT),
        "quantity defaults to 1"
    );
    assert_eq!(sent[0].success_url, format!("{ORIGIN}/shop?purchase={{PURCHASE_ID}}&result=success"));
    assert_eq!(sent[0].cancel_url, format!("{ORIGIN}/shop?purchase={{PURCHASE_ID}}&result=cancel"));
    shop.assert_calls_were_for_the_member();
}

#[tokio::test]
async fn the_return_urls_start_with_app_base_url() {
    let double = BillingDouble {
        recorder: Arc::new(Recorder::new()),
        seen: Arc::default(),
        dev_checkout: Arc::new(Mutex::new(false)),
    };
    let billing = serve(double, |d| Server::builder().add_service(BillingServer::new(d))).await;
    let port = billing.port;
    let app = spawn_app_with(|c| {
        c.billing_addr = format!("http://127.0.0.1:{port}");
        c.app_base_url = "https://meguri.example/app".to_owned();
    })
    .await;
    let (_, cookie) = app.session_cookie_for(UserId::new(), Role::User).await;

    let response = app
        .client
        .post(app.url("/api/shop/checkout"))
        .header("cookie", cookie)
        .header("origin", ORIGIN)
        .json(&json!({"itemId": 1, "quantity": 10, "attemptId": ATTEMPT}))
        .send()
        .await
        .expect("request");

    assert_eq!(response.status(), 200);
    let sent = billing.seen(|s| s.checkouts.clone());
    assert_eq!(sent[0].quantity, 10);
    assert_eq!(sent[0].success_url, "https://meguri.example/app/shop?purchase={PURCHASE_ID}&result=success");
}

#[tokio::test]
async fn a_checkout_without_a_valid_item_is_refused_in_japanese_before_billing_is_asked() {
    let shop = spawn_shop_app().await;

    for body in [
        json!({"attemptId": ATTEMPT}),
        json!({"itemId": 0, "attemptId": ATTEMPT}),
        json!({"itemId": "a", "attemptId": ATTEMPT}),
    ] {
        let (status, answer) = shop.post("/api/shop/checkout", &body).await;

        assert_eq!(status, 400, "{body}");
        assert_eq!(answer, json!({"code": "INVALID_ITEM", "message": "商品を選んでください"}), "{body}");
    }
    assert!(shop.rpcs().is_empty(), "billing was asked: {:?}", shop.rpcs());
}

#[tokio::test]
async fn a_quantity_outside_one_to_ten_is_refused_in_japanese_before_billing_is_asked() {
    let shop = spawn_shop_app().await;

    for quantity in [0, 11] {
        let body = json!({"itemId": 1, "quantity": quantity, "attemptId": ATTEMPT});

        let (status, answer) = shop.post("/api/shop/checkout", &body).await;

        assert_eq!(status, 400, "{quantity}");
        assert_eq!(
            answer,
            json!({"code": "INVALID_QUANTITY", "message": "数量は1〜10の範囲で指定してください"}),
            "{quantity}"
        );
    }
    let (status, answer) = shop.post("/api/shop/checkout", &json!({"itemId": 1, "attemptId": "again"})).await;
    assert_eq!((status, answer["code"].as_str()), (400, Some("INVALID_ATTEMPT_ID")));
    assert!(shop.rpcs().is_empty(), "billing was asked: {:?}", shop.rpcs());
}

#[tokio::test]
async fn billings_refusals_of_a_checkout_reach_the_member_in_japanese() {
    let shop = spawn_shop_app().await;
    let body = json!({"itemId": 9, "attemptId": ATTEMPT});

    shop.billing.recorder.fail_with(coded_status(Code::NotFound, "ITEM_NOT_FOUND"));
    let (status, answer) = shop.post("/api/shop/checkout", &body).await;
    assert_eq!((status, answer), (404, json!({"code": "ITEM_NOT_FOUND", "message": "この商品は現在購入できません"})));

    shop.billing.recorder.fail_with(coded_status(Code::Unavailable, "STRIPE_UNAVAILABLE"));
    let (status, answer) = shop.post("/api/shop/checkout", &body).await;
    assert_eq!(status, 503);
    assert_eq!(answer["code"], "STRIPE_UNAVAILABLE");
    assert_eq!(answer["message"], "決済サービスに接続できません。しばらくしてからお試しください");
}

#[tokio::test]
async fn the_members_purchases_and_one_purchase_are_listed() {
    let shop = spawn_shop_app().await;

    let (status, list) = shop.get("/api/purchases").await;
    assert_eq!(status, 200);
    assert_eq!(shop.billing.recorder.last().limit, Some(50));
    assert_eq!(
        list["purchases"][0],
        json!({"id": PURCHASE, "itemId": 2, "itemTitle": "30クレジット",
            "itemDescription": "1クレジットでメグと1回お話しできます", "amount": 2400, "quantity": 2,
            "creditsGranted": 60, "status": "completed", "createdAt": "2026-11-26T12:00:00.000Z",
            "completedAt": "2026-11-26T12:01:00.000Z", "creditsClawedBack": 0})
    );
    assert_eq!(list["purchases"][1]["status"], "canceled");
    assert_eq!(list["purchases"][1]["completedAt"], Value::Null);

    let (status, one) = shop.get(&format!("/api/purchases/{}", PURCHASE.to_uppercase())).await;
    assert_eq!(status, 200);
    assert_eq!((one["id"].as_str(), one["status"].as_str()), (Some(PURCHASE), Some("pending")));
    assert_eq!(shop.billing.recorder.last().subject.as_deref(), Some(PURCHASE), "the id in canonical form");
    shop.assert_calls_were_for_the_member();
}

#[tokio::test]
async fn an_unknown_purchase_or_a_path_that_is_no_id_is_not_found() {
    let shop = spawn_shop_app().await;

    let (status, answer) = shop.get("/api/purchases/not-a-purchase").await;
    assert_eq!((status, answer), (404, json!({"code": "PURCHASE_NOT_FOUND", "message": "購入履歴が見つかりません"})));
    assert!(shop.rpcs().is_empty(), "billing was asked for a non-id");

    let (status, answer) = shop.get(&format!("/api/purchases/{}", uuid_other())).await;
    assert_eq!((status, answer["code"].as_str()), (404, Some("PURCHASE_NOT_FOUND")));

    let (status, answer) = shop.get("/api/purchases?limit=101").await;
    assert_eq!((status, answer["code"].as_str()), (400, Some("INVALID_LIMIT")));
}

fn uuid_other() -> String {
    "0191b7e4-0000-7000-8000-000000000000".to_owned()
}

#[tokio::test]
async fn the_ledger_has_the_balance_and_the_entries_of_the_member() {
    let shop = spawn_shop_app().await;

    let (status, body) = shop.get("/api/credits/ledger?limit=5&before=9").await;

    assert_eq!(status, 200);
    assert_eq!(body["balance"], 63);
    assert_eq!(body["nextBefore"], "4", "billing's cursor of the next page");
    assert_eq!(
        body["entries"][0],
        json!({"id": "e2", "delta": 60, "balanceAfter": 63, "reason": "purchase", "createdAt": "2026-11-26T12:01:00.000Z"})
    );
    let ledger = shop.billing.recorder.seen().into_iter().find(|s| s.rpc == "ListLedger").expect("ListLedger");
    assert_eq!((ledger.limit, ledger.subject.as_deref()), (Some(5), Some("")), "the caller's own ledger");
    assert_eq!(ledger.detail.as_deref(), Some("9"), "the page asked for");
    shop.assert_calls_were_for_the_member();
    let (status, body) = shop.get("/api/credits/ledger?limit=0").await;
    assert_eq!((status, body["code"].as_str()), (400, Some("INVALID_LIMIT")));
}

#[tokio::test]
async fn the_development_checkout_shows_and_completes_or_cancels_the_purchase() {
    let shop = spawn_shop_app().await;
    let path = format!("/api/shop/dev-checkout/{PURCHASE}");

    let (status, page) = shop.get(&path).await;
    assert_eq!(status, 200);
    assert_eq!((page["id"].as_str(), page["devCheckout"].as_bool()), (Some(PURCHASE), Some(true)));
    assert_eq!(page["amount"], 2400);

    let (status, completed) = shop.post(&path, &json!({"outcome": "complete"})).await;
    assert_eq!((status, completed["status"].as_str()), (200, Some("completed")));
    let (status, canceled) = shop.post(&path, &json!({"outcome": "cancel"})).await;
    assert_eq!((status, canceled["status"].as_str()), (200, Some("canceled")));
    let sent = shop.billing.seen(|s| s.dev_checkouts.clone());
    assert_eq!(
        sent.iter().map(|r| (r.purchase_id.as_str(), r.outcome)).collect::<Vec<_>>(),
        [(PURCHASE, pb::DevOutcome::Complete as i32), (PURCHASE, pb::DevOutcome::Cancel as i32)]
    );

    let (status, answer) = shop.post(&path, &json!({"outcome": "pay"})).await;
    assert_eq!((status, answer["code"].as_str()), (400, Some("INVALID_REQUEST")));
    shop.assert_calls_were_for_the_member();
}

#[tokio::test]
async fn the_development_checkout_page_is_refused_when_stripe_is_configured() {
    let shop = spawn_shop_app().await;
    *shop.billing.dev_checkout.lock().expect("lock") = false;

    let (status, answer) = shop.get(&format!("/api/shop/dev-checkout/{PURCHASE}")).await;

    assert_eq!(status, 409);
    assert_eq!(answer, json!({"code": "DEV_CHECKOUT_DISABLED", "message": "この決済ページは利用できません"}));
    // billing decides: one call, no catalogue read to find out.
    let rpcs: Vec<_> = shop.billing.recorder.seen().into_iter().map(|s| s.rpc).collect();
    assert_eq!(rpcs, ["GetDevCheckout"]);
}

#[tokio::test]
async fn the_webhook_passes_the_exact_bytes_and_signature_to_billing_as_a_service() {
    let shop = spawn_shop_app().await;
    // Stripe's own spacing and a non-ASCII title: any re-encoding would break the signature.
    let body =
        "{\n  \"id\": \"evt_1\",\n  \"type\": \"checkout.session.completed\",  \"title\": \"30クレジット\"\n}\r\n";

    let response = shop.webhook(body.as_bytes(), Some(SIGNATURE)).await;

    assert!(response.headers().get("set-cookie").is_none(), "no session is made for it");
    let (status, answer) = json(response).await;
    assert_eq!((status, answer), (200, json!({"received": true})));
    let sent = shop.billing.seen(|s| s.webhooks.clone());
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].payload, body.as_bytes());
    assert_eq!(sent[0].signature, SIGNATURE);
    let call = shop.billing.recorder.last();
    assert_eq!((call.claims.sub, call.claims.role), (Subject::Anonymous, Role::Service));
}

#[tokio::test]
async fn the_webhook_needs_no_session_and_no_origin_and_ignores_a_members_cookie() {
    let shop = spawn_shop_app().await;

    let response = shop
        .app
        .client
        .post(shop.app.url("/api/stripe/webhook"))
        .header("cookie", &shop.cookie)
        .header("origin", "https://stripe.example")
        .header("sec-fetch-site", "cross-site")
        .header("stripe-signature", SIGNATURE)
        .body("{}")
        .send()
        .await
        .expect("request");

    assert_eq!(response.status(), 200);
    let call = shop.billing.recorder.last();
    assert_eq!((call.claims.sub, call.claims.role), (Subject::Anonymous, Role::Service), "never as the member");
}

#[tokio::test]
async fn a_bad_signature_is_a_400_and_a_missing_one_never_reaches_billing() {
    let shop = spawn_shop_app().await;

    let (status, answer) = json(shop.webhook(b"{}", Some("t=1,v1=00")).await).await;
    assert_eq!((status, answer), (400, json!({"code": "INVALID_SIGNATURE", "message": "不正なリクエストです"})));
    assert_eq!(shop.rpcs(), ["HandleStripeWebhook"]);

    let (status, answer) = json(shop.webhook(b"{}", None).await).await;
    assert_eq!((status, answer["code"].as_str()), (400, Some("INVALID_SIGNATURE")));
    assert_eq!(shop.rpcs().len(), 1, "billing asked without a signature");

    shop.billing.recorder.fail_with(coded_status(Code::InvalidArgument, "INVALID_PAYLOAD"));
    let (status, answer) = json(shop.webhook(b"not json", Some(SIGNATURE)).await).await;
    assert_eq!((status, answer), (400, json!({"code": "INVALID_PAYLOAD", "message": "不正なリクエストです"})));
}

#[tokio::test]
async fn a_webhook_over_256_kib_is_refused_and_billing_down_makes_stripe_retry() {
    let shop = spawn_shop_app().await;

    let big = vec![b' '; 256 * 1024 + 1];
    let (status, answer) = json(shop.webhook(&big, Some(SIGNATURE)).await).await;
    assert_eq!((status, answer["code"].as_str()), (413, Some("PAYLOAD_TOO_LARGE")));
    assert!(shop.rpcs().is_empty());

    shop.billing.recorder.fail_with(Status::unavailable("billing is restarting"));
    let response = shop.webhook(b"{}", Some(SIGNATURE)).await;
    assert_eq!(response.status(), 503, "a 5xx: Stripe delivers it again later");
}

#[tokio::test]
async fn every_members_route_is_a_401_when_signed_out_and_billing_is_not_asked() {
    let shop = spawn_shop_app().await;
    let dev = format!("/api/shop/dev-checkout/{PURCHASE}");
    let one = format!("/api/purchases/{PURCHASE}");

    for path in ["/api/shop/items", "/api/purchases", one.as_str(), "/api/credits/ledger", dev.as_str()] {
        let (status, body) = json(shop.app.get(path).await).await;
        assert_eq!((status, body["code"].as_str()), (401, Some("UNAUTHENTICATED")), "GET {path}");
    }
    for (path, body) in [
        ("/api/shop/checkout", json!({"itemId": 1, "attemptId": ATTEMPT})),
        (dev.as_str(), json!({"outcome": "complete"})),
    ] {
        let response =
            shop.app.client.post(shop.app.url(path)).header("origin", ORIGIN).json(&body).send().await.expect("post");
        let (status, body) = json(response).await;
        assert_eq!((status, body["code"].as_str()), (401, Some("UNAUTHENTICATED")), "POST {path}");
    }
    assert!(shop.rpcs().is_empty(), "billing was asked: {:?}", shop.rpcs());
}
