//! The shop fleet: identity, billing (development checkout, or Stripe at the test's fake), notify
//! (mail to a directory) and the gateway, sharing one Redis prefix and one internal-token secret;
//! a member signed up and verified through the gateway (the code read from the mail stream before
//! notify starts and takes the stream's entries), with the sign-up credits granted.

use std::path::PathBuf;
use std::time::Duration;

use billing::testkit::TestBilling;
use identity::testkit::TestIdentity;
use meguri_testkit::RedisKeys;
use notify::testkit::{MailTo, TestNotify};
use serde_json::{Value, json};

/// The webhook signing secret billing is given in these tests (`STRIPE_WEBHOOK_SECRET`).
pub const WEBHOOK_SECRET: &str = "whsec_fleet_test_0123456789abcdef";

pub use fleet_tests::{MailDir, eventually, mails, verification_code};
pub use gateway::testkit::{ORIGIN, TestGateway, json};

use crate::fake_stripe::{self, FakeStripe};

pub const SECRET: &str = "fleet-test-secret-that-is-long-enough-0123456";
const PASSWORD: &str = "correct horse battery";
/// How long a test waits to be sure something does *not* happen (a second grant, a second mail).
pub const QUIET: Duration = Duration::from_millis(800);
/// notify's mail type of a purchase receipt (the `.eml` files end in `-purchase_receipt.eml`).
pub const RECEIPT_MAIL: &str = "purchase_receipt";

/// How billing takes payments in a test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Payments {
    Development,
    Stripe,
}

/// A member signed up and verified through the gateway.
#[derive(Clone, Debug)]
pub struct Member {
    pub id: String,
    pub email: String,
    pub cookie: String,
}

pub struct ShopFleet {
    pub gateway: TestGateway,
    pub billing: TestBilling,
    pub stripe: Option<FakeStripe>,
    pub mail: MailDir,
    pub member: Member,
    /// The gateway's configuration, to start another in front of a restarted billing.
    gateway_config: gateway::config::Config,
    _notify: TestNotify,
    _identity: TestIdentity,
    // Last: the keys go once every service has stopped.
    _keys: RedisKeys,
}

/// The fleet with one member whose sign-up credits have arrived.
pub async fn spawn(payments: Payments) -> ShopFleet {
    let keys = RedisKeys::new();
    let prefix = keys.prefix().to_owned();
    let identity = identity::testkit::spawn(SECRET, &prefix).await;
    let identity_addr = format!("http://127.0.0.1:{}", identity.grpc_port);
    let stripe = match payments {
        Payments::Development => None,
        Payments::Stripe => Some(FakeStripe::start().await),
    };
    let mut options = billing::testkit::TestOptions::new(SECRET, &prefix);
    if let Some(stripe) = &stripe {
        options = options.with_stripe(&stripe.base_url(), WEBHOOK_SECRET);
    }
    let billing = billing::testkit::spawn(options).await;
    let mut config = gateway::testkit::test_config(SECRET, &prefix);
    config.identity_addr = identity_addr.clone();
    config.billing_addr = billing.addr();
    config.grpc_timeout = Duration::from_secs(10);
    let gateway = gateway::testkit::spawn(config.clone()).await;
    let member = sign_up_and_verify(&gateway, &prefix).await;
    let mail = MailDir::temporary();
    let notify_options =
        notify::testkit::TestOptions::new(SECRET, &prefix, &identity_addr, MailTo::Dir(mail.0.clone()));
    let notify = notify::testkit::spawn(notify_options).await;
    let fleet = ShopFleet {
        gateway,
        billing,
        stripe,
        mail,
        member,
        gateway_config: config,
        _notify: notify,
        _identity: identity,
        _keys: keys,
    };
    eventually("the sign-up credits", || async {
        let (_, ledger) = fleet.get("/api/credits/ledger").await;
        ledger["entries"].as_array().is_some_and(|e| e.iter().any(|e| e["reason"] == "signup_bonus")).then_some(())
    })
    .await;
    fleet
}

async fn sign_up_and_verify(gateway: &TestGateway, prefix: &str) -> Member {
    let email = format!("buyer_{}@example.jp", &uuid::Uuid::new_v4().simple().to_string()[..8]);
    let username = format!("buyer_{}", &uuid::Uuid::new_v4().simple().to_string()[..8]);
    let body = json!({"email": email, "password": PASSWORD, "username": username, "firstName": "買子",
                      "privacyPolicyAccepted": true});
    let response = gateway
        .client
        .post(gateway.url("/api/auth/signup"))
        .header("origin", ORIGIN)
        .json(&body)
        .send()
        .await
        .expect("sign up");
    assert_eq!(response.status(), 201);
    let code = verification_code(prefix, &email).await;
    let (cookie, user) = gateway.verify_email(&email, &code).await;
    Member { id: user["id"].as_str().expect("the user's id").to_owned(), email, cookie }
}

impl ShopFleet {
    /// A GET as the member.
    pub async fn get(&self, path: &str) -> (u16, Value) {
        let request = self.gateway.client.get(self.gateway.url(path)).header("cookie", &self.member.cookie);
        json(request.send().await.expect("request")).await
    }

    /// A POST as the app sends it for the member.
    pub async fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let request = self
            .gateway
            .client
            .post(self.gateway.url(path))
            .header("origin", ORIGIN)
            .header("cookie", &self.member.cookie)
            .json(body);
        json(request.send().await.expect("request")).await
    }

    /// Stripe delivering `payload` with `signature` to the gateway's webhook route; the status.
    pub async fn deliver(&self, payload: &str, signature: &str) -> u16 {
        let response = self
            .gateway
            .client
            .post(self.gateway.url("/api/stripe/webhook"))
            .header("content-type", "application/json; charset=utf-8")
            .header("stripe-signature", signature)
            .body(payload.to_owned())
            .send()
            .await
            .expect("deliver a webhook");
        response.status().as_u16()
    }

    /// `payload` signed now with billing's webhook secret, delivered; the status.
    pub async fn deliver_signed(&self, payload: &str) -> u16 {
        let signature = fake_stripe::signature(payload, WEBHOOK_SECRET, chrono::Utc::now().timestamp());
        self.deliver(payload, &signature).await
    }

    /// A checkout of `quantity` × pack `item_id` (one attempt); `(purchaseId, checkoutUrl)`.
    pub async fn checkout(&self, item_id: i32, quantity: i32) -> (String, String) {
        let body = json!({"itemId": item_id, "quantity": quantity, "attemptId": uuid::Uuid::new_v4()});
        let (status, answer) = self.post("/api/shop/checkout", &body).await;
        assert_eq!(status, 200, "{answer}");
        let text = |k: &str| answer[k].as_str().unwrap_or_else(|| panic!("{k} in {answer}")).to_owned();
        (text("purchaseId"), text("checkoutUrl"))
    }

    /// The member's balance and ledger (`GET /api/credits/ledger`).
    pub async fn ledger(&self) -> (i64, Vec<Value>) {
        let (status, body) = self.get("/api/credits/ledger?limit=100").await;
        assert_eq!(status, 200, "{body}");
        (body["balance"].as_i64().expect("balance"), body["entries"].as_array().expect("entries").clone())
    }

    /// The ledger entries of `reason`.
    pub async fn entries(&self, reason: &str) -> Vec<Value> {
        self.ledger().await.1.into_iter().filter(|e| e["reason"] == reason).collect()
    }

    /// One of the member's purchases.
    pub async fn purchase(&self, id: &str) -> Value {
        let (status, body) = self.get(&format!("/api/purchases/{id}")).await;
        assert_eq!(status, 200, "{body}");
        body
    }

    /// Stops billing (as SIGTERM would) and waits until it has.
    pub async fn stop_billing(&mut self) {
        self.billing.stop().await;
    }

    /// Billing started again on the same schema (new ports), and a gateway in front of it
    /// (sessions live in Redis: the member stays signed in).
    pub async fn start_billing_again(&mut self) {
        self.billing = self.billing.start_again().await;
        self.gateway_config.billing_addr = self.billing.addr();
        self.gateway = gateway::testkit::spawn(self.gateway_config.clone()).await;
    }

    /// The receipt mails notify wrote.
    pub fn receipts(&self) -> Vec<PathBuf> {
        mails(&self.mail.0, RECEIPT_MAIL)
    }
}
