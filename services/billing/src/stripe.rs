//! Stripe's API as billing uses it: create a Checkout Session, and retrieve one. A trait (STYLE
//! §7), so the use cases never see async-stripe; [`StripeHttp`] is the real one, over async-stripe's
//! client, whose base URL comes from `STRIPE_API_BASE` (tests serve a fake Stripe on loopback).

use std::collections::HashMap;
use std::time::Duration;

use meguri_ids::UserId;
use secrecy::{ExposeSecret as _, SecretString};
use stripe::{IdempotencyKey, RequestStrategy, StripeRequest as _};
use stripe_checkout::checkout_session::{
    CreateCheckoutSession, CreateCheckoutSessionLineItems, CreateCheckoutSessionLineItemsPriceData, ProductData,
    RetrieveCheckoutSession,
};

use crate::domain::{AttemptId, Order, PurchaseId};
use crate::error::Error;

/// How long one call to Stripe may take before the checkout answers `STRIPE_UNAVAILABLE`.
const STRIPE_TIMEOUT: Duration = Duration::from_secs(15);

/// The session to create for one purchase.
pub struct NewSession<'a> {
    pub purchase: PurchaseId,
    pub user: UserId,
    pub order: &'a Order,
    pub attempt: AttemptId,
    pub success_url: &'a str,
    pub cancel_url: &'a str,
}

/// What Stripe answered: the session and the page to send the buyer to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CreatedSession {
    pub id: String,
    pub url: String,
}

/// A session's payment as Stripe reports it now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetrievedSession {
    /// `paid`, `unpaid` or `no_payment_required`.
    pub payment_status: String,
    pub payment_intent: Option<String>,
}

/// The Stripe calls billing makes.
#[tonic::async_trait]
pub trait StripeApi: Send + Sync + 'static {
    /// Creates the Checkout Session of one purchase attempt (idempotent by the attempt).
    ///
    /// # Errors
    /// [`Error::StripeUnavailable`] when Stripe does not answer or refuses.
    async fn create_session(&self, session: &NewSession<'_>) -> Result<CreatedSession, Error>;

    /// Retrieves a session (for a completed event that did not say whether it was paid).
    ///
    /// # Errors
    /// [`Error::StripeUnavailable`].
    async fn retrieve_session(&self, id: &str) -> Result<RetrievedSession, Error>;
}

/// Stripe over HTTPS with async-stripe (rustls, ring).
pub struct StripeHttp {
    client: stripe::Client,
}

impl StripeHttp {
    /// A client with `secret_key` against `api_base` (`https://api.stripe.com`, or a test server).
    ///
    /// # Errors
    /// An `api_base` async-stripe cannot use.
    pub fn new(secret_key: &SecretString, api_base: &str) -> anyhow::Result<Self> {
        // async-stripe appends `v1/…` to the base as given: it must end with a slash.
        let base = format!("{}/", api_base.trim_end_matches('/'));
        let client = stripe::ClientBuilder::new(secret_key.expose_secret())
            .url(base)
            .timeout(STRIPE_TIMEOUT)
            .app_info("meguri-billing", Some(env!("CARGO_PKG_VERSION").to_owned()), None)
            .build()
            .map_err(|e| anyhow::anyhow!("build the Stripe client: {e}"))?;
        Ok(Self { client })
    }
}

/// Logs a failed Stripe call (without its text, which may echo request data) and answers
/// `STRIPE_UNAVAILABLE`.
fn unavailable(call: &'static str) -> impl FnOnce(stripe::StripeError) -> Error {
    move |error| {
        let (kind, status) = match &error {
            stripe::StripeError::Stripe(_, status) => ("refused", *status),
            stripe::StripeError::JSONDeserialize(_) => ("unreadable_answer", 0),
            stripe::StripeError::ClientError(_) => ("network", 0),
            stripe::StripeError::ConfigError(_) => ("config", 0),
            stripe::StripeError::Timeout => ("timeout", 0),
        };
        tracing::warn!(name: "billing.stripe.failed", call, kind, status, "billing.stripe.failed");
        crate::metrics::stripe_failure(call, kind);
        Error::StripeUnavailable
    }
}

#[tonic::async_trait]
impl StripeApi for StripeHttp {
    #[tracing::instrument(skip_all, fields(purchase_id = %session.purchase))]
    async fn create_session(&self, session: &NewSession<'_>) -> Result<CreatedSession, Error> {
        let order = session.order;
        let mut price = CreateCheckoutSessionLineItemsPriceData::new(stripe_types::Currency::JPY);
        price.unit_amount = Some(order.pack.price.get());
        price.product_data = Some(ProductData::new(order.pack.title.clone()));
        let mut item = CreateCheckoutSessionLineItems::new();
        item.price_data = Some(price);
        item.quantity = Some(u64::try_from(order.quantity.get()).map_err(|_| Error::InvalidQuantity)?);
        let metadata: HashMap<String, String> = [
            ("user_id", session.user.to_string()),
            ("purchase_id", session.purchase.to_string()),
            ("item_id", order.pack.id.get().to_string()),
            ("quantity", order.quantity.get().to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
        let key = IdempotencyKey::new(session.attempt.stripe_idempotency_key())
            .map_err(|e| Error::Unexpected(anyhow::anyhow!("idempotency key: {e}")))?;
        let created = CreateCheckoutSession::new()
            .mode(stripe_checkout::CheckoutSessionMode::Payment)
            .line_items(vec![item])
            .success_url(session.success_url)
            .cancel_url(session.cancel_url)
            .client_reference_id(session.purchase.to_string())
            .metadata(metadata)
            .customize()
            .request_strategy(RequestStrategy::Idempotent(key))
            .send(&self.client)
            .await
            .map_err(unavailable("create_checkout_session"))?;
        let url = created.url.ok_or_else(|| {
            tracing::warn!(name: "billing.stripe.no_url", "billing.stripe.no_url: a payment session without a URL");
            Error::StripeUnavailable
        })?;
        Ok(CreatedSession { id: created.id.to_string(), url })
    }

    #[tracing::instrument(skip_all)]
    async fn retrieve_session(&self, id: &str) -> Result<RetrievedSession, Error> {
        let session = RetrieveCheckoutSession::new(id)
            .send(&self.client)
            .await
            .map_err(unavailable("retrieve_checkout_session"))?;
        Ok(RetrievedSession {
            payment_status: session.payment_status.as_str().to_owned(),
            payment_intent: session.payment_intent.map(|p| p.id().to_string()),
        })
    }
}
