//! The part of Stripe's API billing calls, served on a free loopback port (billing's
//! `STRIPE_API_BASE`): `POST /v1/checkout/sessions` (form-encoded, answered with a Checkout
//! Session object complete enough for async-stripe to read) and `GET /v1/checkout/sessions/{id}`.
//! It keeps each session's form so a test can see what billing asked Stripe for (the return URLs,
//! the amount, the metadata), and signs webhooks the way Stripe does.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use hmac::{Hmac, KeyInit, Mac};
use serde_json::{Value, json};
use sha2::Sha256;

/// The webhook signing secret billing is given in these tests (`STRIPE_WEBHOOK_SECRET`).
pub const WEBHOOK_SECRET: &str = "whsec_fleet_test_0123456789abcdef";

/// A session billing created: its id and the form it was created with.
#[derive(Clone, Debug)]
pub struct Session {
    pub id: String,
    pub form: HashMap<String, String>,
}

type Sessions = Arc<Mutex<Vec<(Session, Value)>>>;

/// The running fake; stops with the test's runtime.
pub struct FakeStripe {
    port: u16,
    sessions: Sessions,
}

impl FakeStripe {
    pub async fn start() -> Self {
        let sessions = Sessions::default();
        let app = Router::new()
            .route("/v1/checkout/sessions", post(create))
            .route("/v1/checkout/sessions/{id}", get(retrieve))
            .with_state(Arc::clone(&sessions));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind the fake Stripe");
        let port = listener.local_addr().expect("address").port();
        tokio::spawn(async move { axum::serve(listener, app).await.expect("the fake Stripe serves") });
        Self { port, sessions }
    }

    /// `STRIPE_API_BASE` for billing.
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The session billing created for purchase `purchase_id` (its `client_reference_id`).
    pub fn session_of(&self, purchase_id: &str) -> Session {
        let sessions = self.sessions.lock().expect("lock");
        sessions
            .iter()
            .map(|(s, _)| s)
            .find(|s| s.form.get("client_reference_id").map(String::as_str) == Some(purchase_id))
            .unwrap_or_else(|| panic!("no Checkout Session for purchase {purchase_id}"))
            .clone()
    }

    /// How many sessions billing created.
    pub fn created(&self) -> usize {
        self.sessions.lock().expect("lock").len()
    }
}

async fn create(State(sessions): State<Sessions>, body: Bytes) -> Response {
    let form: HashMap<String, String> = url_decode(&body).into_iter().collect();
    let number = |name: &str| form.get(name).and_then(|v| v.parse::<i64>().ok()).unwrap_or_default();
    let amount = number("line_items[0][price_data][unit_amount]") * number("line_items[0][quantity]");
    let id = format!("cs_test_{}", uuid::Uuid::new_v4().simple());
    let now = chrono::Utc::now().timestamp();
    let metadata: serde_json::Map<String, Value> = form
        .iter()
        .filter_map(|(k, v)| {
            Some((k.strip_prefix("metadata[")?.strip_suffix(']')?.to_owned(), Value::from(v.as_str())))
        })
        .collect();
    let text = |name: &str| form.get(name).cloned().map_or(Value::Null, Value::from);
    // Stripe renders every field of the object, null when unset; async-stripe reads them all.
    let session = json!({
        "id": id, "object": "checkout.session", "adaptive_pricing": {"enabled": false},
        "after_expiration": null, "allow_promotion_codes": null, "amount_subtotal": amount, "amount_total": amount,
        "automatic_tax": {"enabled": false, "liability": null, "provider": null, "status": null},
        "billing_address_collection": null, "cancel_url": text("cancel_url"),
        "client_reference_id": text("client_reference_id"), "client_secret": null, "collected_information": null,
        "consent": null, "consent_collection": null, "created": now, "currency": text("line_items[0][price_data][currency]"),
        "currency_conversion": null, "custom_fields": [],
        "custom_text": {"after_submit": null, "shipping_address": null, "submit": null, "terms_of_service_acceptance": null},
        "customer": null, "customer_creation": "if_required", "customer_details": null, "customer_email": null,
        "discounts": [], "expires_at": now + 24 * 3600, "invoice": null, "invoice_creation": null, "livemode": false,
        "locale": null, "metadata": metadata, "mode": text("mode"), "payment_intent": null, "payment_link": null,
        "payment_method_collection": "if_required", "payment_method_options": {}, "payment_method_types": ["card"],
        "payment_status": "unpaid", "phone_number_collection": {"enabled": false}, "recovered_from": null,
        "saved_payment_method_options": null, "setup_intent": null, "shipping_address_collection": null,
        "shipping_cost": null, "shipping_options": [], "status": "open", "submit_type": null, "subscription": null,
        "success_url": text("success_url"),
        "total_details": {"amount_discount": 0, "amount_shipping": 0, "amount_tax": 0},
        "ui_mode": "hosted", "url": format!("https://checkout.stripe.test/c/pay/{id}"),
    });
    sessions.lock().expect("lock").push((Session { id, form }, session.clone()));
    ([(header::CONTENT_TYPE, "application/json")], session.to_string()).into_response()
}

async fn retrieve(State(sessions): State<Sessions>, Path(id): Path<String>) -> Response {
    let found = sessions.lock().expect("lock").iter().find(|(s, _)| s.id == id).map(|(_, v)| v.clone());
    match found {
        Some(session) => ([(header::CONTENT_TYPE, "application/json")], session.to_string()).into_response(),
        None => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "application/json")],
            json!({"error": {"type": "invalid_request_error", "message": "No such checkout.session"}}).to_string(),
        )
            .into_response(),
    }
}

/// `application/x-www-form-urlencoded` pairs, percent-decoded.
fn url_decode(body: &[u8]) -> Vec<(String, String)> {
    fn decode(part: &str) -> String {
        let mut out = Vec::new();
        let mut bytes = part.bytes();
        while let Some(b) = bytes.next() {
            match b {
                b'+' => out.push(b' '),
                b'%' => {
                    let hex: String = bytes.by_ref().take(2).map(char::from).collect();
                    out.push(u8::from_str_radix(&hex, 16).expect("a percent escape"));
                }
                b => out.push(b),
            }
        }
        String::from_utf8(out).expect("UTF-8 form values")
    }
    std::str::from_utf8(body)
        .expect("a UTF-8 form")
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(k), decode(v))
        })
        .collect()
}

/// `Stripe-Signature` of `payload` at `timestamp` with `secret`: `t=<ts>,v1=<hex HMAC-SHA256 of
/// "<ts>.<payload>">`, Stripe's scheme.
pub fn signature(payload: &str, secret: &str, timestamp: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(format!("{timestamp}.{payload}").as_bytes());
    let hex: String = mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
    format!("t={timestamp},v1={hex}")
}

/// An event as Stripe renders it.
pub fn event(id: &str, event_type: &str, object: &Value) -> String {
    json!({
        "id": id, "object": "event", "api_version": "2025-10-29.clover", "created": chrono::Utc::now().timestamp(),
        "data": {"object": object}, "livemode": false, "pending_webhooks": 1,
        "request": {"id": null, "idempotency_key": null}, "type": event_type,
    })
    .to_string()
}

/// The Checkout Session of a `checkout.session.completed` event: `session` paid with
/// `payment_intent`.
pub fn paid_session(session: &Session, amount: i64, payment_intent: &str) -> Value {
    let field = |name: &str| session.form.get(name).cloned().map_or(Value::Null, Value::from);
    json!({
        "id": session.id, "object": "checkout.session", "amount_subtotal": amount, "amount_total": amount,
        "client_reference_id": field("client_reference_id"), "currency": "jpy", "livemode": false,
        "metadata": {"purchase_id": field("metadata[purchase_id]"), "user_id": field("metadata[user_id]"),
            "item_id": field("metadata[item_id]"), "quantity": field("metadata[quantity]")},
        "mode": "payment", "payment_intent": payment_intent, "payment_status": "paid", "status": "complete",
    })
}

/// A fully refunded charge of `payment_intent` (`charge.refunded`).
pub fn refunded_charge(payment_intent: &str, amount: i64) -> Value {
    json!({
        "id": format!("ch_{}", uuid::Uuid::new_v4().simple()), "object": "charge", "amount": amount,
        "amount_refunded": amount, "currency": "jpy", "payment_intent": payment_intent, "refunded": true,
        "status": "succeeded",
    })
}
