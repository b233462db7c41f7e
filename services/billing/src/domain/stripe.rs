//! Stripe's webhooks, as pure functions: the `Stripe-Signature` scheme (verify, and sign for the
//! development checkout) and the few facts billing reads from an event.
//!
//! The signature is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">[,v1=…]` with the
//! endpoint's secret. Any `v1` may match (Stripe sends several while a secret is rolled); other
//! schemes (`v0`) are ignored; the timestamp must be within [`TOLERANCE_SECONDS`] of now. The
//! comparison is constant-time (`Mac::verify_slice`).
//!
//! Events are read with serde_json into the fields billing needs, not into async-stripe's full
//! types: an endpoint receives events rendered at the account's API version, which need not be the
//! one the SDK was generated for, and a field billing never reads must not make an event unreadable.

use hmac::Mac as _;
use serde::Deserialize;

use super::{Purchase, PurchaseId};
use crate::error::Error;

type HmacSha256 = hmac::Hmac<sha2::Sha256>;

/// How far a signature's timestamp may be from now (Stripe's libraries use the same 5 minutes).
pub const TOLERANCE_SECONDS: i64 = 300;

/// The `Stripe-Signature` header for `payload` signed at `timestamp` with `secret`.
#[must_use]
pub fn sign(payload: &[u8], secret: &[u8], timestamp: i64) -> String {
    format!("t={timestamp},v1={}", hex(&mac(payload, secret, timestamp)))
}

/// Checks `header` against `payload` and `secret` at `now` (unix seconds).
///
/// # Errors
/// [`Error::InvalidSignature`]: no header, no `t` or `v1`, no `v1` that matches, or a timestamp
/// further than [`TOLERANCE_SECONDS`] from `now`.
pub fn verify(payload: &[u8], header: &str, secret: &[u8], now: i64) -> Result<(), Error> {
    let mut timestamp = None;
    let mut candidates = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = Some(t.parse::<i64>().map_err(|_| Error::InvalidSignature)?),
            Some(("v1", v)) => candidates.push(v),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(Error::InvalidSignature)?;
    let matches = candidates.iter().filter_map(|c| unhex(c)).any(|candidate| {
        let mut check = keyed(secret);
        check.update(&signed_payload(payload, timestamp));
        check.verify_slice(&candidate).is_ok()
    });
    if !matches || now.abs_diff(timestamp) > TOLERANCE_SECONDS.unsigned_abs() {
        return Err(Error::InvalidSignature);
    }
    Ok(())
}

fn keyed(secret: &[u8]) -> HmacSha256 {
    // HMAC takes a key of any length.
    <HmacSha256 as hmac::KeyInit>::new_from_slice(secret).unwrap_or_else(|_| unreachable!("HMAC accepts any key"))
}

fn signed_payload(payload: &[u8], timestamp: i64) -> Vec<u8> {
    let mut signed = format!("{timestamp}.").into_bytes();
    signed.extend_from_slice(payload);
    signed
}

fn mac(payload: &[u8], secret: &[u8], timestamp: i64) -> Vec<u8> {
    let mut mac = keyed(secret);
    mac.update(&signed_payload(payload, timestamp));
    mac.finalize().into_bytes().to_vec()
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| text.get(i..i + 2).and_then(|pair| u8::from_str_radix(pair, 16).ok())).collect()
}

/// One Stripe event, as far as billing reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StripeEvent {
    /// `evt_…`: applied at most once.
    pub id: String,
    /// `checkout.session.completed` …, as sent.
    pub event_type: String,
    pub kind: EventKind,
}

/// The event types billing acts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// `checkout.session.completed`.
    SessionCompleted(Session),
    /// `checkout.session.async_payment_succeeded`.
    SessionPaid(Session),
    /// `checkout.session.async_payment_failed`.
    SessionFailed(Session),
    /// `checkout.session.expired`.
    SessionExpired(Session),
    /// `charge.refunded`.
    ChargeRefunded(Charge),
    /// Any other type: acknowledged, ignored.
    Other,
}

/// The facts of a Checkout Session billing reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    /// `cs_…` (or `dev_cs_…`).
    pub id: String,
    /// Ours: `client_reference_id`, or `metadata.purchase_id`. `None` for a session billing did not
    /// make (another integration on the same Stripe account).
    pub purchase_id: Option<PurchaseId>,
    /// `paid`, `unpaid` or `no_payment_required`; `None` when the event left it out (then the
    /// session is retrieved from Stripe).
    pub payment_status: Option<String>,
    /// `pi_…`, when the session has one.
    pub payment_intent: Option<String>,
}

impl Session {
    /// Whether the payment arrived (`paid`); `None` when unknown. `no_payment_required` never
    /// grants: every pack has a price.
    #[must_use]
    pub fn paid(&self) -> Option<bool> {
        self.payment_status.as_deref().map(|s| s == "paid")
    }
}

/// The facts of a refunded Charge billing reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Charge {
    pub id: String,
    /// The payment this charge belongs to: how the purchase is found.
    pub payment_intent: Option<String>,
    pub amount: i64,
    pub amount_refunded: i64,
    /// True once the whole amount is refunded.
    pub refunded: bool,
}

#[derive(Deserialize)]
struct RawEvent {
    id: String,
    #[serde(rename = "type")]
    event_type: String,
    data: RawData,
}

#[derive(Deserialize)]
struct RawData {
    object: serde_json::Value,
}

#[derive(Deserialize)]
struct RawSession {
    id: String,
    client_reference_id: Option<String>,
    #[serde(default)]
    metadata: Option<std::collections::HashMap<String, String>>,
    payment_status: Option<String>,
    payment_intent: Option<Expandable>,
}

#[derive(Deserialize)]
struct RawCharge {
    id: String,
    payment_intent: Option<Expandable>,
    amount: i64,
    #[serde(default)]
    amount_refunded: i64,
    #[serde(default)]
    refunded: bool,
}

/// An id, or the object it names with its `id` (Stripe's expandable fields).
#[derive(Deserialize)]
#[serde(untagged)]
enum Expandable {
    Id(String),
    Object { id: String },
}

impl Expandable {
    fn id(self) -> String {
        match self {
            Self::Id(id) | Self::Object { id } => id,
        }
    }
}

/// The longest event or object id billing accepts.
const MAX_ID_LEN: usize = 255;

fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= MAX_ID_LEN && id.bytes().all(|b| b.is_ascii_graphic())
}

impl StripeEvent {
    /// Reads `payload` (already verified).
    ///
    /// # Errors
    /// [`Error::InvalidPayload`]: not JSON, no `id`/`type`/`data.object`, or an object of a type
    /// billing acts on that lacks what it needs (a session's `id`, a charge's `id` and `amount`).
    pub fn parse(payload: &[u8]) -> Result<Self, Error> {
        let raw: RawEvent = serde_json::from_slice(payload).map_err(|_| Error::InvalidPayload)?;
        if !valid_id(&raw.id) || raw.event_type.is_empty() {
            return Err(Error::InvalidPayload);
        }
        let object = raw.data.object;
        let session = || -> Result<Session, Error> {
            let s: RawSession = serde_json::from_value(object.clone()).map_err(|_| Error::InvalidPayload)?;
            if !valid_id(&s.id) {
                return Err(Error::InvalidPayload);
            }
            let reference = s.client_reference_id.or_else(|| s.metadata.and_then(|mut m| m.remove("purchase_id")));
            Ok(Session {
                id: s.id,
                purchase_id: reference.and_then(|r| r.parse().ok()),
                payment_status: s.payment_status,
                payment_intent: s.payment_intent.map(Expandable::id),
            })
        };
        let kind = match raw.event_type.as_str() {
            "checkout.session.completed" => EventKind::SessionCompleted(session()?),
            "checkout.session.async_payment_succeeded" => EventKind::SessionPaid(session()?),
            "checkout.session.async_payment_failed" => EventKind::SessionFailed(session()?),
            "checkout.session.expired" => EventKind::SessionExpired(session()?),
            "charge.refunded" => {
                let c: RawCharge = serde_json::from_value(object).map_err(|_| Error::InvalidPayload)?;
                if !valid_id(&c.id) {
                    return Err(Error::InvalidPayload);
                }
                EventKind::ChargeRefunded(Charge {
                    id: c.id,
                    payment_intent: c.payment_intent.map(Expandable::id),
                    amount: c.amount,
                    amount_refunded: c.amount_refunded,
                    refunded: c.refunded,
                })
            }
            _ => EventKind::Other,
        };
        Ok(Self { id: raw.id, event_type: raw.event_type, kind })
    }
}

/// What the buyer chose at the development checkout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DevOutcome {
    /// 「支払う（テスト）」: the session completes, paid.
    Complete,
    /// 「キャンセル」: the session expires unpaid (the purchase becomes canceled).
    Cancel,
}

/// The event Stripe would send for `purchase`'s development session when the buyer chose
/// `outcome`, at `now` (unix seconds): `checkout.session.completed` (paid, with a payment intent
/// `dev_pi_…`) or `checkout.session.expired`. The event id is fixed per purchase and outcome, so
/// asking twice applies once. Returns the event id and the JSON body.
#[must_use]
pub fn development_event(purchase: &Purchase, outcome: DevOutcome, now: i64) -> (String, Vec<u8>) {
    let simple = purchase.id.as_uuid().simple();
    let (event_type, suffix, status, payment_status, payment_intent) = match outcome {
        DevOutcome::Complete => {
            ("checkout.session.completed", "complete", "complete", "paid", Some(format!("dev_pi_{simple}")))
        }
        DevOutcome::Cancel => ("checkout.session.expired", "cancel", "expired", "unpaid", None),
    };
    let event_id = format!("evt_dev_{simple}_{suffix}");
    let created = purchase.created_at.timestamp();
    let body = serde_json::json!({
        "id": event_id,
        "object": "event",
        "api_version": null,
        "created": now,
        "livemode": false,
        "pending_webhooks": 0,
        "request": { "id": null, "idempotency_key": null },
        "type": event_type,
        "data": {
            "object": {
                "id": purchase.stripe_session_id,
                "object": "checkout.session",
                "amount_subtotal": purchase.amount.get(),
                "amount_total": purchase.amount.get(),
                "client_reference_id": purchase.id.to_string(),
                "created": created,
                "currency": "jpy",
                "expires_at": created + 24 * 3600,
                "livemode": false,
                "metadata": {
                    "user_id": purchase.user.to_string(),
                    "purchase_id": purchase.id.to_string(),
                    "item_id": purchase.item_id.to_string(),
                    "quantity": purchase.quantity.get().to_string(),
                },
                "mode": "payment",
                "payment_intent": payment_intent,
                "payment_method_types": ["card"],
                "payment_status": payment_status,
                "status": status,
                "url": null,
            }
        }
    });
    (event_id, body.to_string().into_bytes())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const SECRET: &[u8] = b"whsec_test_secret";
    const NOW: i64 = 1_764_000_000;

    #[test]
    fn a_signature_made_with_the_secret_verifies_within_the_tolerance() {
        let payload = br#"{"id":"evt_1"}"#;
        let header = sign(payload, SECRET, NOW);
        assert!(header.starts_with(&format!("t={NOW},v1=")));
        assert!(verify(payload, &header, SECRET, NOW).is_ok());
        assert!(verify(payload, &header, SECRET, NOW + TOLERANCE_SECONDS).is_ok());
        assert!(verify(payload, &header, SECRET, NOW - TOLERANCE_SECONDS).is_ok(), "a clock a little behind");
    }

    #[test]
    fn a_wrong_secret_a_changed_body_or_an_old_timestamp_is_refused() {
        let payload = br#"{"id":"evt_1"}"#;
        let header = sign(payload, SECRET, NOW);
        let refused = |p: &[u8], h: &str, s: &[u8], now| matches!(verify(p, h, s, now), Err(Error::InvalidSignature));
        assert!(refused(payload, &header, b"whsec_other", NOW));
        assert!(refused(br#"{"id":"evt_2"}"#, &header, SECRET, NOW));
        assert!(refused(payload, &header, SECRET, NOW + TOLERANCE_SECONDS + 1));
        assert!(refused(payload, &header, SECRET, NOW - TOLERANCE_SECONDS - 1));
    }

    #[test]
    fn any_v1_may_match_and_malformed_headers_are_refused() {
        let payload = b"{}";
        let good = sign(payload, SECRET, NOW);
        let v1 = good.split_once(",v1=").expect("v1").1;
        let rolled = format!("t={NOW},v1={},v0=abc,v1={v1}", "0".repeat(64));
        assert!(verify(payload, &rolled, SECRET, NOW).is_ok(), "the second v1 matches");
        for bad in ["", "t=1", &format!("v1={v1}"), &format!("t=x,v1={v1}"), &format!("t={NOW},v1=zz"), "garbage"] {
            assert!(matches!(verify(payload, bad, SECRET, NOW), Err(Error::InvalidSignature)), "{bad:?}");
        }
    }

    fn event(event_type: &str, object: serde_json::Value) -> Vec<u8> {
        json!({ "id": "evt_123", "object": "event", "type": event_type, "created": NOW, "data": { "object": object } })
            .to_string()
            .into_bytes()
    }

    #[test]
    fn a_completed_session_names_its_purchase_payment_and_status() {
        let purchase = PurchaseId::new();
        let parsed = StripeEvent::parse(&event(
            "checkout.session.completed",
            json!({ "id": "cs_1", "object": "checkout.session", "client_reference_id": purchase.to_string(),
                    "payment_status": "paid", "payment_intent": "pi_1", "metadata": {} }),
        ))
        .expect("valid");
        assert_eq!(parsed.id, "evt_123");
        let EventKind::SessionCompleted(session) = parsed.kind else { panic!("{:?}", parsed.kind) };
        assert_eq!(session.purchase_id, Some(purchase));
        assert_eq!((session.paid(), session.payment_intent.as_deref()), (Some(true), Some("pi_1")));
    }

    #[test]
    fn the_purchase_may_come_from_metadata_and_the_payment_intent_may_be_expanded() {
        let purchase = PurchaseId::new();
        let parsed = StripeEvent::parse(&event(
            "checkout.session.async_payment_succeeded",
            json!({ "id": "cs_1", "client_reference_id": null, "metadata": { "purchase_id": purchase.to_string() },
                    "payment_intent": { "id": "pi_9", "object": "payment_intent" } }),
        ))
        .expect("valid");
        let EventKind::SessionPaid(session) = parsed.kind else { panic!("{:?}", parsed.kind) };
        assert_eq!((session.purchase_id, session.payment_intent.as_deref()), (Some(purchase), Some("pi_9")));
        assert_eq!(session.paid(), None, "no payment_status: unknown");
    }

    #[test]
    fn a_refunded_charge_names_its_payment_and_amounts() {
        let parsed = StripeEvent::parse(&event(
            "charge.refunded",
            json!({ "id": "ch_1", "payment_intent": "pi_1", "amount": 1200, "amount_refunded": 1200, "refunded": true }),
        ))
        .expect("valid");
        assert_eq!(
            parsed.kind,
            EventKind::ChargeRefunded(Charge {
                id: "ch_1".into(),
                payment_intent: Some("pi_1".into()),
                amount: 1200,
                amount_refunded: 1200,
                refunded: true
            })
        );
    }

    fn pending_development_purchase() -> Purchase {
        use crate::domain::{PurchaseStatus, Quantity, Yen};
        Purchase {
            id: PurchaseId::new(),
            user: meguri_ids::UserId::new(),
            item_id: 2,
            item_title: "30クレジット".into(),
            item_description: String::new(),
            amount: Yen::stored(2400),
            quantity: Quantity::stored(2),
            credits_granted: 0,
            status: PurchaseStatus::Pending,
            stripe_session_id: Some("dev_cs_1".into()),
            stripe_payment_intent_id: None,
            created_at: chrono::Utc::now(),
            completed_at: None,
            credits_clawed_back: 0,
            clawback_shortfall: 0,
            checkout_url: None,
        }
    }

    #[test]
    fn the_development_events_read_back_as_stripe_events_of_the_purchase() {
        let purchase = pending_development_purchase();
        let (id, body) = development_event(&purchase, DevOutcome::Complete, NOW);
        let parsed = StripeEvent::parse(&body).expect("readable");
        assert_eq!((parsed.id.as_str(), parsed.event_type.as_str()), (id.as_str(), "checkout.session.completed"));
        let EventKind::SessionCompleted(session) = parsed.kind else { panic!("{:?}", parsed.kind) };
        assert_eq!(
            (session.id.as_str(), session.purchase_id, session.paid()),
            ("dev_cs_1", Some(purchase.id), Some(true))
        );
        assert!(session.payment_intent.is_some_and(|pi| pi.starts_with("dev_pi_")));

        let (cancel_id, body) = development_event(&purchase, DevOutcome::Cancel, NOW);
        assert_ne!(cancel_id, id);
        assert!(matches!(StripeEvent::parse(&body).expect("readable").kind, EventKind::SessionExpired(_)));
        assert_eq!(development_event(&purchase, DevOutcome::Cancel, NOW + 5).0, cancel_id, "one id per outcome");
    }

    #[test]
    fn unknown_types_are_read_as_other_and_broken_bodies_are_invalid() {
        let other = StripeEvent::parse(&event("customer.created", json!({ "id": "cus_1" }))).expect("valid");
        assert_eq!((other.event_type.as_str(), other.kind), ("customer.created", EventKind::Other));
        for bad in [
            b"not json".to_vec(),
            b"{}".to_vec(),
            br#"{"id":"evt_1","type":"checkout.session.completed"}"#.to_vec(),
            event("checkout.session.completed", json!({ "object": "checkout.session" })),
            event("charge.refunded", json!({ "id": "ch_1" })),
            json!({ "id": "", "type": "x", "data": { "object": {} } }).to_string().into_bytes(),
        ] {
            assert!(
                matches!(StripeEvent::parse(&bad), Err(Error::InvalidPayload)),
                "{}",
                String::from_utf8_lossy(&bad)
            );
        }
    }
}
