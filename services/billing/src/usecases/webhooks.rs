//! Stripe's webhooks (and the development checkout's events, which come through the same
//! [`handle`]): verify the signature, read the event, then apply it at most once.
//!
//! What holds:
//! - **At most once per event.** The event id is claimed (`stripe_events`) in the transaction that
//!   applies it; a redelivery, also a concurrent one, finds the claim and changes nothing.
//! - **Once per purchase, whatever the order.** The purchase row is locked and its status decides
//!   (`domain::session_step`): a second `completed` under another event id, or a late `expired`,
//!   does nothing; the grant's ledger key `purchase:<id>` would refuse a second grant anyway.
//! - **One transaction** holds the status change, the ledger grant (or clawback) and the receipt's
//!   outbox row; the relay publishes the receipt after commit.
//! - **Refunds before completion** (Stripe does not promise order): a full refund whose payment no
//!   purchase has completed with yet is remembered (`early_refunds`) and applied in the
//!   transaction that completes that purchase.

use diesel_async::{AsyncConnection as _, AsyncPgConnection};
use meguri_clock::Clock;
use meguri_proto::notify::MailRequested;
use meguri_proto::notify::mail_requested::{Kind, PurchaseReceipt};
use secrecy::ExposeSecret as _;

use super::shop::Shop;
use crate::db::{self, ledger, shop as store};
use crate::domain::stripe::{EventKind, Session, StripeEvent, verify};
use crate::domain::{
    Change, Credits, Purchase, PurchaseStatus, Reason, SessionOutcome, SessionStep, clawback, is_full_refund,
    purchase_clawback_key, purchase_grant_key, session_step,
};
use crate::error::Error;

/// What happened to one webhook event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handled {
    pub event_id: String,
    pub event_type: String,
    /// False for a type billing ignores (and for an event about a session billing did not make).
    pub handled: bool,
    /// The event id was applied before; nothing changed now.
    pub replayed: bool,
}

/// What the transaction did, for the logs and metrics after commit.
enum Effect {
    Replayed,
    Ignored(&'static str),
    Nothing,
    Became(Purchase, PurchaseStatus),
    Completed { purchase: Purchase, credits: i64, refunded: Option<Refunded> },
    Refunded(Purchase, Refunded),
    RefundRemembered(String),
}

#[derive(Clone, Copy)]
struct Refunded {
    taken: i64,
    shortfall: i64,
}

/// Verifies and applies one webhook delivery.
///
/// # Errors
/// `InvalidSignature` / `InvalidPayload` (nothing changed), `StripeUnavailable` (a completed
/// event without its payment status, and Stripe could not be asked: Stripe delivers it again),
/// the database.
#[tracing::instrument(skip_all, fields(event_id, event_type))]
pub async fn handle(shop: &Shop, payload: &[u8], signature: &str) -> Result<Handled, Error> {
    let secret = shop.payments.webhook_secret().expose_secret().as_bytes();
    let event = verify(payload, signature, secret, shop.clock.now().timestamp())
        .and_then(|()| StripeEvent::parse(payload))
        .inspect_err(|e| {
            crate::metrics::webhook_event("rejected");
            tracing::warn!(name: "billing.webhook.rejected", reason = %e, "billing.webhook.rejected");
        })?;
    let span = tracing::Span::current();
    span.record("event_id", event.id.as_str());
    span.record("event_type", event.event_type.as_str());
    let answer = |handled, replayed| Handled {
        event_id: event.id.clone(),
        event_type: event.event_type.clone(),
        handled,
        replayed,
    };
    if event.kind == EventKind::Other {
        crate::metrics::webhook_event("ignored");
        tracing::debug!(name: "billing.webhook.ignored", "billing.webhook.ignored: a type billing does not act on");
        return Ok(answer(false, false));
    }

    let mut conn = db::connection(&shop.pool).await?;
    if store::event_applied(&mut conn, &event.id).await? {
        crate::metrics::webhook_event("replayed");
        return Ok(answer(true, true));
    }
    let paid = session_paid(shop, &event).await?;
    let event_ref = &event;
    let clock = shop.clock.as_ref();
    let effect = conn.transaction(async |conn| apply(conn, clock, event_ref, paid).await).await?;
    Ok(match after_commit(shop, effect) {
        Outcome::Replayed => answer(true, true),
        Outcome::Ignored => answer(false, false),
        Outcome::Applied => answer(true, false),
    })
}

/// For a `completed` event: whether the session is paid. An event that does not say is asked of
/// Stripe (before any lock is taken); the development checkout always says.
async fn session_paid(shop: &Shop, event: &StripeEvent) -> Result<Option<bool>, Error> {
    let EventKind::SessionCompleted(session) = &event.kind else {
        return Ok(None);
    };
    if let Some(paid) = session.paid() {
        return Ok(Some(paid));
    }
    match shop.payments.stripe() {
        Some(stripe) => Ok(Some(stripe.retrieve_session(&session.id).await?.payment_status == "paid")),
        None => Ok(Some(false)),
    }
}

async fn apply(
    conn: &mut AsyncPgConnection,
    clock: &dyn Clock,
    event: &StripeEvent,
    paid: Option<bool>,
) -> Result<Effect, Error> {
    if !store::claim_event(conn, &event.id, &event.event_type).await? {
        return Ok(Effect::Replayed);
    }
    let effect = match &event.kind {
        EventKind::SessionCompleted(s) => {
            let outcome = if paid == Some(true) { SessionOutcome::Paid } else { SessionOutcome::AwaitingPayment };
            session_event(conn, clock, event, s, outcome).await?
        }
        EventKind::SessionPaid(s) => session_event(conn, clock, event, s, SessionOutcome::Paid).await?,
        EventKind::SessionFailed(s) => session_event(conn, clock, event, s, SessionOutcome::Failed).await?,
        EventKind::SessionExpired(s) => session_event(conn, clock, event, s, SessionOutcome::Expired).await?,
        EventKind::ChargeRefunded(charge) => {
            let Some(payment) = charge.payment_intent.as_deref() else {
                return Ok(Effect::Ignored("a charge without a payment intent"));
            };
            if !is_full_refund(charge.refunded, charge.amount, charge.amount_refunded) {
                tracing::warn!(
                    name: "billing.refund.partial",
                    charge = %charge.id,
                    amount = charge.amount,
                    amount_refunded = charge.amount_refunded,
                    "billing.refund.partial: a partial refund takes no credits back; an admin decides"
                );
                return Ok(Effect::Nothing);
            }
            match store::lock_purchase_by_payment(conn, payment).await? {
                Some(purchase) if purchase.status == PurchaseStatus::Completed => {
                    store::link_event(conn, &event.id, purchase.id).await?;
                    let refunded = refund(conn, clock, &purchase).await?;
                    Effect::Refunded(purchase, refunded)
                }
                Some(purchase) => {
                    store::link_event(conn, &event.id, purchase.id).await?;
                    Effect::Nothing
                }
                None => {
                    store::remember_refund(conn, payment, &event.id).await?;
                    Effect::RefundRemembered(payment.to_owned())
                }
            }
        }
        EventKind::Other => Effect::Ignored("a type billing does not act on"),
    };
    Ok(effect)
}

/// A Checkout Session event for the purchase it names.
async fn session_event(
    conn: &mut AsyncPgConnection,
    clock: &dyn Clock,
    event: &StripeEvent,
    session: &Session,
    outcome: SessionOutcome,
) -> Result<Effect, Error> {
    let purchase = match session.purchase_id {
        Some(id) => store::lock_purchase(conn, id).await?,
        None => store::lock_purchase_by_session(conn, &session.id).await?,
    };
    // The session must be the one billing made for that purchase: an event naming our purchase
    // with another session is not about it.
    let Some(purchase) = purchase.filter(|p| p.stripe_session_id.as_deref() == Some(session.id.as_str())) else {
        return Ok(Effect::Ignored("a session billing did not make"));
    };
    store::link_event(conn, &event.id, purchase.id).await?;
    match session_step(purchase.status, outcome, purchase.is_development()) {
        SessionStep::Nothing => Ok(Effect::Nothing),
        SessionStep::Become(status) => {
            store::set_status(conn, purchase.id, status).await?;
            Ok(Effect::Became(purchase, status))
        }
        SessionStep::Complete => complete(conn, clock, purchase, session.payment_intent.as_deref()).await,
    }
}

/// Completes `purchase`: the grant, the status, the receipt, and a refund that came first.
async fn complete(
    conn: &mut AsyncPgConnection,
    clock: &dyn Clock,
    purchase: Purchase,
    payment: Option<&str>,
) -> Result<Effect, Error> {
    let pack = store::pack(conn, crate::domain::PackId::parse(purchase.item_id)?)
        .await?
        .ok_or_else(|| Error::Unexpected(anyhow::anyhow!("the purchase's pack {} is gone", purchase.item_id)))?;
    let credits = purchase.credits_due(pack.credits)?;
    let grant = Change::grant(purchase.user, credits, Reason::purchase(), purchase_grant_key(purchase.id));
    ledger::apply_in(conn, clock, &grant).await?;
    let completed_at = store::mark_completed(conn, purchase.id, payment, credits.get(), clock.now()).await?;
    let receipt = MailRequested {
        user_id: Some(purchase.user.to_string()),
        to: String::new(),
        name: None,
        kind: Some(Kind::PurchaseReceipt(PurchaseReceipt {
            purchase_id: purchase.id.to_string(),
            item_title: purchase.item_title.clone(),
            amount_yen: purchase.amount.get(),
            quantity: purchase.quantity.get(),
            credits_granted: credits.get(),
            completed_at: completed_at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        })),
    };
    meguri_events::enqueue(conn, &receipt).await.map_err(Error::db("queue the receipt"))?;
    let data = serde_json::json!({
        "amountJpy": purchase.amount.get(),
        "credits": credits.get(),
        "itemId": purchase.item_id,
    });
    meguri_analytics::enqueue(conn, purchase.user, meguri_analytics::Activity::Purchase, data, completed_at)
        .await
        .map_err(Error::db("queue the purchase's analytics"))?;
    let completed = Purchase {
        status: PurchaseStatus::Completed,
        credits_granted: credits.get(),
        completed_at: Some(completed_at),
        stripe_payment_intent_id: payment.map(str::to_owned),
        ..purchase
    };
    let refunded = match payment {
        Some(payment) if store::take_refund(conn, payment).await? => Some(refund(conn, clock, &completed).await?),
        _ => None,
    };
    Ok(Effect::Completed { purchase: completed, credits: credits.get(), refunded })
}

/// Takes a refunded purchase's credits back, as far as the balance goes, and marks it refunded.
async fn refund(conn: &mut AsyncPgConnection, clock: &dyn Clock, purchase: &Purchase) -> Result<Refunded, Error> {
    let balance = ledger::lock_balance(conn, purchase.user).await?;
    let back = clawback(balance, purchase.credits_granted);
    if back.taken > 0 {
        let change = Change::spend(
            purchase.user,
            Credits::amount(back.taken)?,
            Reason::purchase_refund(),
            purchase_clawback_key(purchase.id),
        );
        ledger::apply_in(conn, clock, &change).await?;
    }
    store::mark_refunded(conn, purchase.id, back.taken, back.shortfall).await?;
    Ok(Refunded { taken: back.taken, shortfall: back.shortfall })
}

enum Outcome {
    Replayed,
    Ignored,
    Applied,
}

/// Logs, counts and publishes what a committed transaction did.
fn after_commit(shop: &Shop, effect: Effect) -> Outcome {
    match effect {
        Effect::Replayed => {
            crate::metrics::webhook_event("replayed");
            Outcome::Replayed
        }
        Effect::Ignored(why) => {
            crate::metrics::webhook_event("ignored");
            tracing::info!(name: "billing.webhook.ignored", why, "billing.webhook.ignored");
            Outcome::Ignored
        }
        Effect::Nothing => {
            crate::metrics::webhook_event("applied");
            Outcome::Applied
        }
        Effect::Became(purchase, status) => {
            crate::metrics::webhook_event("applied");
            crate::metrics::purchase_became(status);
            tracing::info!(name: "billing.purchase.closed", purchase_id = %purchase.id, status = status.as_str(), "billing.purchase.closed");
            Outcome::Applied
        }
        Effect::Completed { purchase, credits, refunded } => {
            crate::metrics::webhook_event("applied");
            crate::metrics::purchase_became(PurchaseStatus::Completed);
            crate::metrics::credits_granted(credits);
            tracing::info!(
                name: "billing.purchase.completed",
                purchase_id = %purchase.id,
                user_id = %purchase.user,
                credits,
                amount = purchase.amount.get(),
                "billing.purchase.completed"
            );
            shop.relay.wake();
            if let Some(refunded) = refunded {
                refunded_log(&purchase, refunded);
            }
            Outcome::Applied
        }
        Effect::Refunded(purchase, refunded) => {
            crate::metrics::webhook_event("applied");
            refunded_log(&purchase, refunded);
            Outcome::Applied
        }
        Effect::RefundRemembered(payment) => {
            crate::metrics::webhook_event("applied");
            tracing::warn!(
                name: "billing.refund.early",
                payment_intent = %payment,
                "billing.refund.early: a refund before its purchase completed; applied when it does"
            );
            Outcome::Applied
        }
    }
}

fn refunded_log(purchase: &Purchase, refunded: Refunded) {
    crate::metrics::purchase_became(PurchaseStatus::Refunded);
    tracing::info!(
        name: "billing.purchase.refunded",
        purchase_id = %purchase.id,
        user_id = %purchase.user,
        clawed_back = refunded.taken,
        shortfall = refunded.shortfall,
        "billing.purchase.refunded"
    );
    if refunded.shortfall > 0 {
        crate::metrics::clawback_shortfall(refunded.shortfall);
        tracing::warn!(
            name: "billing.refund.shortfall",
            purchase_id = %purchase.id,
            user_id = %purchase.user,
            shortfall = refunded.shortfall,
            "billing.refund.shortfall: the refunded credits were already spent; flagged for admins"
        );
    }
}
