//! Billing killed between Stripe's success redirect and the webhook: Stripe's delivery fails, it
//! delivers again once billing is back (a new process on the same schema), and the credits arrive
//! exactly once.

use crate::helpers::{Payments, spawn};
use crate::stripe::paid_checkout;

#[tokio::test(flavor = "multi_thread")]
async fn a_webhook_that_failed_while_billing_was_down_is_granted_once_when_redelivered() {
    // Arrange: paid at Stripe, the member back on /shop, billing stopped
    let mut fleet = spawn(Payments::Stripe).await;
    let (before, _) = fleet.ledger().await;
    let (id, _, event) = paid_checkout(&fleet).await;
    assert_eq!(fleet.purchase(&id).await["status"], "pending");
    fleet.stop_billing().await;

    // Act: Stripe's delivery fails (a 5xx: Stripe will retry), billing comes back, Stripe retries
    let while_down = fleet.deliver_signed(&event).await;
    fleet.start_billing_again().await;
    let redelivered = fleet.deliver_signed(&event).await;
    let once_more = fleet.deliver_signed(&event).await;

    // Assert
    assert_eq!(while_down, 503, "billing down: a 5xx so that Stripe retries");
    assert_eq!((redelivered, once_more), (200, 200));
    let purchase = fleet.purchase(&id).await;
    assert_eq!((purchase["status"].as_str(), purchase["creditsGranted"].as_i64()), (Some("completed"), Some(30)));
    assert_eq!(fleet.ledger().await.0, before + 30);
    assert_eq!(fleet.entries("purchase").await.len(), 1);
}
