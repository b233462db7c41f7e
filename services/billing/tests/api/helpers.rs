//! Starts the real billing service (`billing::testkit`) on free ports, against a fresh schema and a
//! fresh Redis prefix, in the development checkout or against a fake Stripe, and gives typed
//! clients.

use std::sync::Arc;
use std::time::Duration;

use billing::testkit::{TestBilling, TestOptions};
use deadpool_redis::redis;
use meguri_auth::{Role, Subject, TokenMinter};
use meguri_events::EventsConfig;
use meguri_ids::UserId;
use meguri_proto::billing as pb;
use meguri_proto::billing::billing_client::BillingClient;
use meguri_testkit::{Bearer, RedisKeys, redis_url};
use secrecy::SecretString;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;

use crate::fake_stripe::FakeStripe;

pub const SECRET: &str = "test-secret-that-is-long-enough-for-hs256-0123456789";
/// The webhook secret of the Stripe-mode tests.
pub const WEBHOOK_SECRET: &str = "whsec_test_meguri_webhooks";

/// How long a test waits for something asynchronous (an event being handled) before failing.
pub const DEADLINE: Duration = Duration::from_secs(20);

pub type Client = BillingClient<InterceptedService<Channel, Bearer>>;

pub struct TestApp {
    pub billing: TestBilling,
    pub grpc_port: u16,
    /// The Redis key prefix of this test (kept across restarts; keys deleted with the last app).
    pub prefix: String,
    keys: Arc<RedisKeys>,
    minter: TokenMinter,
}

/// Billing with the development checkout.
pub async fn spawn_app() -> TestApp {
    spawn_with(|options| options).await
}

/// Billing against `stripe` (`STRIPE_API_BASE` = the fake's address).
pub async fn spawn_with_stripe(stripe: &FakeStripe) -> TestApp {
    spawn_with(|options| options.with_stripe(&stripe.base_url(), WEBHOOK_SECRET)).await
}

/// Billing with the options `adjust` makes of the defaults (development checkout).
pub async fn spawn_with(adjust: impl FnOnce(TestOptions) -> TestOptions) -> TestApp {
    let keys = Arc::new(RedisKeys::new());
    let prefix = keys.prefix().to_owned();
    let billing = billing::testkit::spawn(adjust(TestOptions::new(SECRET, &prefix))).await;
    TestApp::around(billing, keys)
}

impl TestApp {
    fn around(billing: TestBilling, keys: Arc<RedisKeys>) -> Self {
        let minter = TokenMinter::new(&SecretString::from(SECRET.to_owned()), Duration::from_secs(60)).expect("minter");
        Self { grpc_port: billing.grpc_port, prefix: keys.prefix().to_owned(), billing, keys, minter }
    }

    async fn channel(&self) -> Channel {
        meguri_testkit::connect(&format!("http://127.0.0.1:{}", self.grpc_port)).await
    }

    pub async fn client_as(&self, subject: Subject, role: Role) -> Client {
        BillingClient::with_interceptor(self.channel().await, Bearer { minter: self.minter.clone(), subject, role })
    }

    /// A service calling on its own behalf (chat, the gateway's webhook route).
    pub async fn service(&self) -> Client {
        self.client_as(Subject::Anonymous, Role::Service).await
    }

    /// A signed-in user, through the gateway.
    pub async fn user(&self, user: UserId) -> Client {
        self.client_as(Subject::User(user), Role::User).await
    }

    /// Another process of the service on the same schema, prefix and payments.
    pub async fn restart(&self) -> Self {
        Self::around(self.billing.start_again().await, Arc::clone(&self.keys))
    }

    /// Stops the service and waits until it has.
    pub async fn stop(&mut self) {
        self.billing.stop().await;
    }

    async fn redis(&self) -> redis::aio::MultiplexedConnection {
        redis::Client::open(redis_url()).expect("redis url").get_multiplexed_async_connection().await.expect("redis")
    }

    /// Appends `event` to its stream exactly as the outbox relay writes it; returns the entry id.
    pub async fn publish<E: meguri_events::Event>(&self, event_id: uuid::Uuid, event: &E) -> String {
        let mut redis = self.redis().await;
        meguri_events::testkit::publish(&mut redis, &EventsConfig::new(&self.prefix), event_id, event)
            .await
            .expect("XADD")
    }

    /// Waits until consumer group `group` has read `stream` up to `entry` and acknowledged all of it.
    pub async fn wait_until_handled(&self, stream: &str, group: &str, entry: &str) {
        let (mut redis, events) = (self.redis().await, EventsConfig::new(&self.prefix));
        let deadline = tokio::time::Instant::now() + DEADLINE;
        while !meguri_events::testkit::handled(&mut redis, &events, stream, group, entry).await.expect("XINFO") {
            assert!(tokio::time::Instant::now() < deadline, "group {group} did not handle {entry} in time");
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// Every mail request billing published, once its outbox is empty (all relayed).
    pub async fn mail_requests(&self) -> Vec<meguri_proto::notify::MailRequested> {
        let deadline = tokio::time::Instant::now() + DEADLINE;
        while self.billing.unrelayed_events().await > 0 {
            assert!(tokio::time::Instant::now() < deadline, "the outbox was not relayed in time");
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        meguri_events::testkit::read_all(&redis_url(), &EventsConfig::new(&self.prefix)).await.expect("the mail stream")
    }

    /// Every audit record billing published, once its outbox is empty (all relayed).
    pub async fn audit_records(&self) -> Vec<meguri_proto::audit::StaffActionRecorded> {
        let deadline = tokio::time::Instant::now() + DEADLINE;
        while self.billing.unrelayed_events().await > 0 {
            assert!(tokio::time::Instant::now() < deadline, "the outbox was not relayed in time");
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        meguri_events::testkit::read_all(&redis_url(), &EventsConfig::new(&self.prefix))
            .await
            .expect("the audit stream")
    }

    /// Delivers a webhook as the gateway does (a service call).
    pub async fn webhook(
        &self,
        payload: &str,
        signature: &str,
    ) -> Result<pb::HandleStripeWebhookResponse, tonic::Status> {
        self.service()
            .await
            .handle_stripe_webhook(pb::HandleStripeWebhookRequest {
                payload: payload.as_bytes().to_vec(),
                signature: signature.to_owned(),
            })
            .await
            .map(tonic::Response::into_inner)
    }

    /// Delivers `payload` signed now with this billing's webhook secret, by Stripe's own library.
    pub async fn signed_webhook(&self, payload: &str) -> Result<pb::HandleStripeWebhookResponse, tonic::Status> {
        let signature =
            stripe_webhook::Webhook::generate_test_header(payload, self.billing.options.webhook_secret(), None);
        self.webhook(payload, &signature).await
    }

    /// The balance of `user` (as a service).
    pub async fn balance(&self, user: UserId) -> i64 {
        self.service()
            .await
            .get_balance(pb::GetBalanceRequest { user_id: user.to_string() })
            .await
            .expect("balance")
            .into_inner()
            .credits
    }

    /// The ledger of `user`, newest first, as (delta, reason).
    pub async fn ledger(&self, user: UserId) -> Vec<(i64, String)> {
        self.service()
            .await
            .list_ledger(pb::ListLedgerRequest { user_id: user.to_string(), limit: 100, before: None })
            .await
            .expect("ledger")
            .into_inner()
            .entries
            .into_iter()
            .map(|e| (e.delta, e.reason))
            .collect()
    }

    /// `user` starts buying `quantity` of pack `item_id` under a fresh attempt.
    pub async fn checkout(&self, user: UserId, item_id: i32, quantity: i32) -> pb::CreateCheckoutResponse {
        self.user(user)
            .await
            .create_checkout(checkout_request(item_id, quantity, &uuid::Uuid::new_v4().to_string()))
            .await
            .expect("checkout")
            .into_inner()
    }

    /// `user`'s purchase `id`.
    pub async fn purchase(&self, user: UserId, id: &str) -> pb::Purchase {
        self.user(user)
            .await
            .get_purchase(pb::GetPurchaseRequest { purchase_id: id.to_owned() })
            .await
            .expect("purchase")
            .into_inner()
    }
}

/// A checkout request with the gateway's return URLs.
pub fn checkout_request(item_id: i32, quantity: i32, attempt_id: &str) -> pb::CreateCheckoutRequest {
    pb::CreateCheckoutRequest {
        item_id,
        quantity,
        attempt_id: attempt_id.to_owned(),
        success_url: "http://localhost:8080/shop?purchase={PURCHASE_ID}&result=success".to_owned(),
        cancel_url: "http://localhost:8080/shop?purchase={PURCHASE_ID}&result=cancel".to_owned(),
    }
}

/// The stable code of a refused call.
pub fn code(status: &tonic::Status) -> Option<&str> {
    status.metadata().get("x-meguri-code").and_then(|v| v.to_str().ok())
}

/// A Stripe event of `event_type` about `object`, as Stripe renders it.
pub fn stripe_event(id: &str, event_type: &str, object: &serde_json::Value) -> String {
    serde_json::json!({
        "id": id,
        "object": "event",
        "api_version": "2025-10-29.clover",
        "created": chrono::Utc::now().timestamp(),
        "data": { "object": object },
        "livemode": false,
        "pending_webhooks": 1,
        "request": { "id": null, "idempotency_key": null },
        "type": event_type,
    })
    .to_string()
}

/// The Checkout Session object of `purchase` in an event: `session` with its payment status and
/// payment intent (`None`: the field left out).
pub fn session_object(
    purchase: &pb::Purchase,
    status: &str,
    payment_status: Option<&str>,
    payment_intent: Option<&str>,
) -> serde_json::Value {
    let mut object = serde_json::json!({
        "id": purchase.stripe_session_id.clone().expect("a session"),
        "object": "checkout.session",
        "amount_subtotal": purchase.amount,
        "amount_total": purchase.amount,
        "client_reference_id": purchase.id,
        "currency": "jpy",
        "livemode": false,
        "metadata": { "purchase_id": purchase.id, "item_id": purchase.item_id.to_string() },
        "mode": "payment",
        "payment_intent": payment_intent,
        "status": status,
    });
    if let Some(payment_status) = payment_status {
        object["payment_status"] = serde_json::Value::from(payment_status);
    }
    object
}

/// A `charge.refunded` of `payment_intent` for `amount`, refunded in full or by `refunded`.
pub fn refunded_charge(payment_intent: &str, amount: i64, refunded: i64) -> serde_json::Value {
    serde_json::json!({
        "id": format!("ch_{}", uuid::Uuid::new_v4().simple()),
        "object": "charge",
        "amount": amount,
        "amount_refunded": refunded,
        "currency": "jpy",
        "payment_intent": payment_intent,
        "refunded": refunded >= amount,
        "status": "succeeded",
    })
}

/// Runs `n` copies of `make()` at once and collects their results.
pub async fn all_at_once<T: Send + 'static, F: std::future::Future<Output = T> + Send + 'static>(
    n: usize,
    make: impl Fn() -> F,
) -> Vec<T> {
    let handles: Vec<_> = (0..n).map(|_| tokio::spawn(make())).collect();
    let mut out = Vec::new();
    for handle in handles {
        out.push(handle.await.expect("task"));
    }
    out
}
