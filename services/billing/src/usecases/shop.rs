//! The shop's use cases: the catalogue, starting a checkout (Stripe or the development
//! checkout), the buyer's purchases, and the development checkout's outcome. The buyer is always
//! the token's user (`grpc.rs` passes it from `domain::buyer`); the webhook side is in
//! `webhooks.rs`.

use std::sync::Arc;

use diesel_async::AsyncConnection as _;
use meguri_clock::Clock;
use meguri_events::Relay;
use meguri_ids::UserId;
use secrecy::{ExposeSecret as _, SecretString};

use crate::db::{self, shop as store};
use crate::domain::stripe::{DevOutcome, development_event, sign};
use crate::domain::{
    AttemptId, DEV_SESSION_PREFIX, MAX_QUANTITY, Order, Pack, PackId, Purchase, PurchaseId, PurchaseStatus, Quantity,
    dev_checkout_url, for_purchase, return_url,
};
use crate::error::Error;
use crate::stripe::{NewSession, StripeApi};

/// How purchases are paid.
pub enum Payments {
    /// Stripe Checkout; webhooks verified with `STRIPE_WEBHOOK_SECRET`.
    Stripe { api: Arc<dyn StripeApi>, webhook_secret: SecretString },
    /// The development checkout; its events signed and verified with `BILLING_DEV_WEBHOOK_SECRET`.
    Development { webhook_secret: SecretString },
}

impl Payments {
    /// The secret webhooks are verified with.
    #[must_use]
    pub const fn webhook_secret(&self) -> &SecretString {
        match self {
            Self::Stripe { webhook_secret, .. } | Self::Development { webhook_secret } => webhook_secret,
        }
    }

    /// The Stripe API, when Stripe is configured.
    #[must_use]
    pub fn stripe(&self) -> Option<&dyn StripeApi> {
        match self {
            Self::Stripe { api, .. } => Some(api.as_ref()),
            Self::Development { .. } => None,
        }
    }
}

/// The shop over its pool, payments and outbox relay; cheap to clone.
#[derive(Clone)]
pub struct Shop {
    pub pool: meguri_db::Pool,
    pub payments: Arc<Payments>,
    /// Publishes the receipt mail right after the purchase's transaction commits.
    pub relay: Relay,
    /// `APP_BASE_URL`, for the development checkout's page.
    pub app_base_url: Option<String>,
    /// The time of a purchase's completion, its ledger entries and the development checkout's
    /// events; the tolerance of a webhook's signature.
    pub clock: Arc<dyn Clock>,
}

/// The catalogue as the shop shows it.
pub struct Catalogue {
    pub packs: Vec<Pack>,
    pub max_quantity: i32,
    pub dev_checkout: bool,
}

/// One checkout request, parsed.
pub struct CheckoutRequest {
    pub pack: PackId,
    pub quantity: Quantity,
    pub attempt: AttemptId,
    pub success_url: String,
    pub cancel_url: String,
}

impl CheckoutRequest {
    /// # Errors
    /// `InvalidItem`, `InvalidQuantity`, `InvalidAttemptId`, `InvalidPayload` (a return URL that is
    /// not an absolute http(s) URL).
    pub fn parse(
        item_id: i32,
        quantity: i32,
        attempt_id: &str,
        success_url: &str,
        cancel_url: &str,
    ) -> Result<Self, Error> {
        Ok(Self {
            pack: PackId::parse(item_id)?,
            quantity: Quantity::parse(quantity)?,
            attempt: AttemptId::parse(attempt_id)?,
            success_url: return_url(success_url)?,
            cancel_url: return_url(cancel_url)?,
        })
    }
}

/// How many purchases one `ListPurchases` returns: 0 means 50, at most 100.
///
/// # Errors
/// `InvalidLimit` for a negative number or one over 100.
pub fn purchases_limit(raw: i32) -> Result<i64, Error> {
    match raw {
        0 => Ok(50),
        1..=100 => Ok(i64::from(raw)),
        _ => Err(Error::InvalidLimit),
    }
}

impl Shop {
    /// Whether purchases run through the development checkout.
    #[must_use]
    pub fn dev_checkout(&self) -> bool {
        matches!(*self.payments, Payments::Development { .. })
    }

    /// The packs on sale (and the retired ones with `include_retired`).
    ///
    /// # Errors
    /// The database.
    #[tracing::instrument(skip_all)]
    pub async fn catalogue(&self, include_retired: bool) -> Result<Catalogue, Error> {
        let mut conn = db::connection(&self.pool).await?;
        let packs = store::packs(&mut conn, include_retired).await?;
        Ok(Catalogue { packs, max_quantity: MAX_QUANTITY, dev_checkout: self.dev_checkout() })
    }

    /// Starts buying for `buyer`: a pending purchase and its Checkout Session (or development
    /// session), in one transaction, so a refused or unanswered Stripe call leaves nothing behind.
    /// The same attempt again returns the same purchase and URL without calling Stripe again; two at
    /// once wait on the attempt's row, so Stripe is called once.
    ///
    /// # Errors
    /// `ItemNotFound` (unknown or retired pack), `InvalidAttemptId` (the attempt was used for
    /// another pack, quantity or account), `StripeUnavailable`, the database.
    #[tracing::instrument(skip_all, fields(user_id = %buyer, item_id = request.pack.get()))]
    pub async fn checkout(&self, buyer: UserId, request: CheckoutRequest) -> Result<(Purchase, String), Error> {
        let mut conn = db::connection(&self.pool).await?;
        let pack = store::pack(&mut conn, request.pack).await?.ok_or(Error::ItemNotFound)?;
        let order = Order::of(pack, request.quantity)?;
        let request = &request;
        let order = &order;
        let (purchase, url, created) = conn
            .transaction(async |conn| {
                let purchase = store::purchase_for_attempt(conn, buyer, order, request.attempt).await?;
                let same = purchase.user == buyer
                    && purchase.item_id == order.pack.id.get()
                    && purchase.quantity == order.quantity;
                if !same {
                    return Err(Error::InvalidAttemptId);
                }
                if let (Some(_), Some(url)) = (&purchase.stripe_session_id, &purchase.checkout_url) {
                    let url = url.clone();
                    return Ok((purchase, url, false));
                }
                let success_url = for_purchase(&request.success_url, purchase.id);
                let cancel_url = for_purchase(&request.cancel_url, purchase.id);
                let (session_id, url) = match self.payments.stripe() {
                    Some(stripe) => {
                        let created = stripe
                            .create_session(&NewSession {
                                purchase: purchase.id,
                                user: buyer,
                                order,
                                attempt: request.attempt,
                                success_url: &success_url,
                                cancel_url: &cancel_url,
                            })
                            .await?;
                        (created.id, created.url)
                    }
                    None => (
                        format!("{DEV_SESSION_PREFIX}{}", uuid::Uuid::new_v4()),
                        dev_checkout_url(self.app_base_url.as_deref(), &success_url, purchase.id),
                    ),
                };
                store::set_session(conn, purchase.id, &session_id, &url).await?;
                let purchase =
                    Purchase { stripe_session_id: Some(session_id), checkout_url: Some(url.clone()), ..purchase };
                Ok((purchase, url, true))
            })
            .await?;
        if created {
            crate::metrics::checkout_started(if self.dev_checkout() { "development" } else { "stripe" });
            tracing::info!(
                name: "billing.checkout.started",
                purchase_id = %purchase.id,
                user_id = %buyer,
                amount = purchase.amount.get(),
                "billing.checkout.started"
            );
        }
        Ok((purchase, url))
    }

    /// One purchase of `buyer`.
    ///
    /// # Errors
    /// `PurchaseNotFound` (also for another user's purchase), the database.
    #[tracing::instrument(skip_all, fields(user_id = %buyer))]
    pub async fn purchase(&self, buyer: UserId, id: PurchaseId) -> Result<Purchase, Error> {
        let mut conn = db::connection(&self.pool).await?;
        store::purchase_of(&mut conn, buyer, id).await?.ok_or(Error::PurchaseNotFound)
    }

    /// The newest purchases of `buyer`, newest first.
    ///
    /// # Errors
    /// The database.
    #[tracing::instrument(skip_all, fields(user_id = %buyer))]
    pub async fn purchases(&self, buyer: UserId, limit: i64) -> Result<Vec<Purchase>, Error> {
        let mut conn = db::connection(&self.pool).await?;
        store::purchases_of(&mut conn, buyer, limit).await
    }

    /// One purchase of `buyer` as the development checkout page shows it.
    ///
    /// # Errors
    /// `DevCheckoutDisabled` when Stripe is configured (whatever the id), `PurchaseNotFound`, the
    /// database.
    #[tracing::instrument(skip_all, fields(user_id = %buyer, purchase_id = %id))]
    pub async fn dev_checkout_purchase(&self, buyer: UserId, id: PurchaseId) -> Result<Purchase, Error> {
        if !self.dev_checkout() {
            return Err(Error::DevCheckoutDisabled);
        }
        self.purchase(buyer, id).await
    }

    /// The development checkout: builds the event Stripe would send for `outcome`, signs it with
    /// the development secret and hands it to the webhook handler, exactly as a Stripe delivery
    /// would arrive. A purchase that is no longer pending is returned as it is.
    ///
    /// # Errors
    /// `DevCheckoutDisabled` when Stripe is configured, `PurchaseNotFound`, the database.
    #[tracing::instrument(skip_all, fields(user_id = %buyer, purchase_id = %id))]
    pub async fn complete_dev_checkout(
        &self,
        buyer: UserId,
        id: PurchaseId,
        outcome: DevOutcome,
    ) -> Result<Purchase, Error> {
        let Payments::Development { webhook_secret } = self.payments.as_ref() else {
            return Err(Error::DevCheckoutDisabled);
        };
        let purchase = self.purchase(buyer, id).await?;
        if purchase.status != PurchaseStatus::Pending || !purchase.is_development() {
            return Ok(purchase);
        }
        let now = self.clock.now().timestamp();
        let (_, payload) = development_event(&purchase, outcome, now);
        let signature = sign(&payload, webhook_secret.expose_secret().as_bytes(), now);
        super::webhooks::handle(self, &payload, &signature).await?;
        self.purchase(buyer, id).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_purchase_list_defaults_to_fifty_and_stops_at_a_hundred() {
        assert_eq!(purchases_limit(0).expect("default"), 50);
        assert_eq!(purchases_limit(100).expect("max"), 100);
        assert!(matches!(purchases_limit(101), Err(Error::InvalidLimit)));
        assert!(matches!(purchases_limit(-1), Err(Error::InvalidLimit)));
    }

    #[test]
    fn a_checkout_request_checks_every_field() {
        let ok = |item, qty, attempt: &str| {
            CheckoutRequest::parse(item, qty, attempt, "https://m.example/shop?r=s", "https://m.example/shop?r=c")
        };
        let attempt = uuid::Uuid::new_v4().to_string();
        assert_eq!(ok(1, 0, &attempt).expect("valid").quantity.get(), 1);
        assert!(matches!(ok(0, 1, &attempt), Err(Error::InvalidItem)));
        assert!(matches!(ok(1, 11, &attempt), Err(Error::InvalidQuantity)));
        assert!(matches!(ok(1, 1, "x"), Err(Error::InvalidAttemptId)));
        assert!(matches!(
            CheckoutRequest::parse(1, 1, &attempt, "/shop", "https://m.example/"),
            Err(Error::InvalidPayload)
        ));
    }
}
