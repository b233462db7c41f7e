//! A local HTTP server that speaks the part of Stripe's API billing calls, for billing's tests and
//! the fleet tests: `POST /v1/checkout/sessions` (a form-encoded body, answered with the Checkout
//! Session object as Stripe renders it; the same `Idempotency-Key` answers the first session
//! again, and refuses other parameters under it, as Stripe does) and `GET /v1/checkout/sessions/{id}`, on a free loopback port (billing's
//! `STRIPE_API_BASE`). It records every request (method, path, form fields, idempotency key,
//! authorization), and builds the webhooks Stripe would send, signed with Stripe's scheme.
#![allow(clippy::expect_used, clippy::missing_panics_doc)]

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use hmac::{Hmac, KeyInit as _, Mac as _};
use serde_json::{Value, json};
use sha2::Sha256;

/// A session billing created: its id and the form it was created with.
#[derive(Clone, Debug)]
pub struct Session {
    pub id: String,
    pub form: HashMap<String, String>,
}

/// One request the fake received.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub method: &'static str,
    pub path: String,
    pub idempotency_key: Option<String>,
    pub authorization: Option<String>,
    /// The form fields, in order (`line_items[0][price_data][currency]` → `jpy`).
    pub form: Vec<(String, String)>,
}

impl Recorded {
    /// The value of form field `name`.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.form.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

#[derive(Default)]
struct Inner {
    requests: Vec<Recorded>,
    /// Sessions by id, with the form each was created from.
    sessions: HashMap<String, (serde_json::Value, HashMap<String, String>)>,
    /// Session id by idempotency key.
    by_key: HashMap<String, String>,
    /// Answer every request with a 500 (Stripe down).
    failing: bool,
    /// Create the next session, then answer with a 502 (the answer lost on its way back).
    lose_next_answer: bool,
}

#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Inner>>);

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.0.lock().expect("the fake's state")
    }
}

/// The running fake; stops with the test's runtime.
pub struct FakeStripe {
    port: u16,
    state: Shared,
}

impl FakeStripe {
    pub async fn start() -> Self {
        let state = Shared::default();
        let app = Router::new()
            .route("/v1/checkout/sessions", post(create))
            .route("/v1/checkout/sessions/{id}", get(retrieve))
            .with_state(state.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind the fake Stripe");
        let port = listener.local_addr().expect("address").port();
        tokio::spawn(async move { axum::serve(listener, app).await.expect("the fake Stripe serves") });
        Self { port, state }
    }

    /// What billing's `STRIPE_API_BASE` is set to.
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Every request so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.state.lock().requests.clone()
    }

    /// The session-creating requests so far.
    pub fn creates(&self) -> Vec<Recorded> {
        self.requests().into_iter().filter(|r| r.method == "POST").collect()
    }

    /// Makes every answer a 500 (`true`) or normal again.
    pub fn set_failing(&self, failing: bool) {
        self.state.lock().failing = failing;
    }

    /// Creates the next session as asked but answers a 502 instead of it: Stripe made the
    /// session, billing never heard.
    pub fn lose_next_answer(&self) {
        self.state.lock().lose_next_answer = true;
    }

    /// The session billing created for purchase `purchase_id` (its `client_reference_id`).
    pub fn session_of(&self, purchase_id: &str) -> Session {
        let inner = self.state.lock();
        inner
            .sessions
            .iter()
            .find(|(_, (_, form))| form.get("client_reference_id").map(String::as_str) == Some(purchase_id))
            .map(|(id, (_, form))| Session { id: id.clone(), form: form.clone() })
            .unwrap_or_else(|| panic!("no Checkout Session for purchase {purchase_id}"))
    }

    /// How many sessions billing created.
    pub fn created(&self) -> usize {
        self.state.lock().sessions.len()
    }

    /// Marks session `id` paid with `payment_intent` (what a retrieve answers afterwards).
    pub fn pay(&self, id: &str, payment_intent: &str) {
        let mut inner = self.state.lock();
        let (session, _) = inner.sessions.get_mut(id).expect("a session the fake made");
        session["payment_status"] = "paid".into();
        session["status"] = "complete".into();
        session["payment_intent"] = payment_intent.into();
    }
}

fn json(status: StatusCode, body: &serde_json::Value) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body.to_string()).into_response()
}

fn stripe_error(status: StatusCode, kind: &str, message: &str) -> Response {
    json(status, &serde_json::json!({ "error": { "type": kind, "message": message } }))
}

fn record(
    state: &Shared,
    method: &'static str,
    path: String,
    headers: &HeaderMap,
    form: Vec<(String, String)>,
) -> bool {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
    let mut inner = state.lock();
    inner.requests.push(Recorded {
        method,
        path,
        idempotency_key: text("idempotency-key"),
        authorization: text("authorization"),
        form,
    });
    inner.failing
}

async fn create(State(state): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    let form = decode_form(&body);
    if record(&state, "POST", "/v1/checkout/sessions".to_owned(), &headers, form.clone()) {
        return stripe_error(StatusCode::INTERNAL_SERVER_ERROR, "api_error", "the fake Stripe is down");
    }
    let field = |name: &str| form.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let key = headers.get("idempotency-key").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let mut inner = state.lock();
    if let Some((existing, first)) =
        key.as_ref().and_then(|k| inner.by_key.get(k)).and_then(|id| inner.sessions.get(id))
    {
        if *first != form.iter().cloned().collect::<HashMap<_, _>>() {
            return stripe_error(
                StatusCode::BAD_REQUEST,
                "idempotency_error",
                "Keys for idempotent requests can only be used with the same parameters they were first used with.",
            );
        }
        return json(StatusCode::OK, existing);
    }
    let (Some(mode), Some(unit_amount), Some(quantity)) = (
        field("mode"),
        field("line_items[0][price_data][unit_amount]").and_then(|v| v.parse::<i64>().ok()),
        field("line_items[0][quantity]").and_then(|v| v.parse::<i64>().ok()),
    ) else {
        return stripe_error(StatusCode::BAD_REQUEST, "invalid_request_error", "missing mode or line item");
    };
    let id = format!("cs_test_{}", uuid::Uuid::new_v4().simple());
    let now = chrono::Utc::now().timestamp();
    let metadata: serde_json::Map<String, serde_json::Value> = form
        .iter()
        .filter_map(|(k, v)| {
            k.strip_prefix("metadata[").and_then(|k| k.strip_suffix(']')).map(|k| (k.to_owned(), v.clone().into()))
        })
        .collect();
    let session = serde_json::json!({
        "id": id,
        "object": "checkout.session",
        "adaptive_pricing": { "enabled": false },
        "after_expiration": null,
        "allow_promotion_codes": null,
        "amount_subtotal": unit_amount * quantity,
        "amount_total": unit_amount * quantity,
        "automatic_tax": { "enabled": false, "liability": null, "provider": null, "status": null },
        "billing_address_collection": null,
        "cancel_url": field("cancel_url"),
        "client_reference_id": field("client_reference_id"),
        "client_secret": null,
        "collected_information": null,
        "consent": null,
        "consent_collection": null,
        "created": now,
        "currency": field("line_items[0][price_data][currency]"),
        "currency_conversion": null,
        "custom_fields": [],
        "custom_text": { "after_submit": null, "shipping_address": null, "submit": null, "terms_of_service_acceptance": null },
        "customer": null,
        "customer_creation": "if_required",
        "customer_details": null,
        "customer_email": null,
        "discounts": [],
        "expires_at": now + 24 * 3600,
        "invoice": null,
        "invoice_creation": null,
        "livemode": false,
        "locale": null,
        "metadata": metadata,
        "mode": mode,
        "payment_intent": null,
        "payment_link": null,
        "payment_method_collection": "if_required",
        "payment_method_options": {},
        "payment_method_types": ["card"],
        "payment_status": "unpaid",
        "phone_number_collection": { "enabled": false },
        "recovered_from": null,
        "saved_payment_method_options": null,
        "setup_intent": null,
        "shipping_address_collection": null,
        "shipping_cost": null,
        "shipping_options": [],
        "status": "open",
        "submit_type": null,
        "subscription": null,
        "success_url": field("success_url"),
        "total_details": { "amount_discount": 0, "amount_shipping": 0, "amount_tax": 0 },
        "ui_mode": "hosted",
        "url": format!("https://checkout.stripe.test/c/pay/{id}"),
    });
    inner.sessions.insert(id.clone(), (session.clone(), form.into_iter().collect()));
    if let Some(key) = key {
        inner.by_key.insert(key, id);
    }
    if std::mem::take(&mut inner.lose_next_answer) {
        return (StatusCode::BAD_GATEWAY, "upstream connect error").into_response();
    }
    json(StatusCode::OK, &session)
}

async fn retrieve(State(state): State<Shared>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if record(&state, "GET", format!("/v1/checkout/sessions/{id}"), &headers, Vec::new()) {
        return stripe_error(StatusCode::INTERNAL_SERVER_ERROR, "api_error", "the fake Stripe is down");
    }
    match state.lock().sessions.get(&id) {
        Some((session, _)) => json(StatusCode::OK, session),
        None => stripe_error(StatusCode::NOT_FOUND, "invalid_request_error", "No such checkout.session"),
    }
}

/// `application/x-www-form-urlencoded` pairs, percent-decoded (`+` is a space).
fn decode_form(body: &[u8]) -> Vec<(String, String)> {
    fn decode(part: &str) -> String {
        let bytes = part.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'+' => out.push(b' '),
                b'%' if i + 2 < bytes.len() => {
                    match std::str::from_utf8(&bytes[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok()) {
                        Some(b) => {
                            out.push(b);
                            i += 2;
                        }
                        None => out.push(b'%'),
                    }
                }
                b => out.push(b),
            }
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    }
    std::str::from_utf8(body)
        .unwrap_or_default()
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
#[must_use]
pub fn signature(payload: &str, secret: &str, timestamp: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(format!("{timestamp}.{payload}").as_bytes());
    let hex: String = mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
    format!("t={timestamp},v1={hex}")
}

/// An event as Stripe renders it.
#[must_use]
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
#[must_use]
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
#[must_use]
pub fn refunded_charge(payment_intent: &str, amount: i64) -> Value {
    json!({
        "id": format!("ch_{}", uuid::Uuid::new_v4().simple()), "object": "charge", "amount": amount,
        "amount_refunded": amount, "currency": "jpy", "payment_intent": payment_intent, "refunded": true,
        "status": "succeeded",
    })
}

#[cfg(test)]
#[test]
fn forms_decode_like_stripe_reads_them() {
    let form = decode_form(b"mode=payment&line_items%5B0%5D%5Bprice_data%5D%5Bproduct_data%5D%5Bname%5D=30%E3%82%AF%E3%83%AC%E3%82%B8%E3%83%83%E3%83%88&a=b+c&bad=%zz");
    assert_eq!(form[0], ("mode".to_owned(), "payment".to_owned()));
    assert_eq!(form[1], ("line_items[0][price_data][product_data][name]".to_owned(), "30クレジット".to_owned()));
    assert_eq!(form[2].1, "b c");
    assert_eq!(form[3].1, "%zz");
}
