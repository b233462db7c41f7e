//! The shop's rules: what may be bought and how much, what a purchase costs and grants, and how a
//! purchase moves between its states whatever order Stripe's events arrive in. Pure; no I/O.

use std::fmt;

use chrono::{DateTime, Utc};
use meguri_ids::UserId;
use uuid::Uuid;

use super::{Credits, IdempotencyKey};
use crate::error::Error;

/// The most packs one purchase may hold (spec §5 gives `quantity` a minimum of 1; this is the
/// upper bound).
pub const MAX_QUANTITY: i32 = 10;

meguri_ids::uuid_id!(
    /// One purchase (its own UUID; also Stripe's `client_reference_id`).
    pub PurchaseId
);

/// A pack of the catalogue, as the spec's `itemId` names it: 1 or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PackId(i32);

impl PackId {
    /// # Errors
    /// [`Error::InvalidItem`] for 0 or a negative number.
    pub const fn parse(raw: i32) -> Result<Self, Error> {
        if raw >= 1 { Ok(Self(raw)) } else { Err(Error::InvalidItem) }
    }

    #[must_use]
    pub const fn get(self) -> i32 {
        self.0
    }
}

/// How many packs one purchase buys: `1..=MAX_QUANTITY`; 0 (unset) means 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quantity(i32);

impl Quantity {
    /// # Errors
    /// [`Error::InvalidQuantity`] for a negative number or one above [`MAX_QUANTITY`].
    pub const fn parse(raw: i32) -> Result<Self, Error> {
        match raw {
            0 => Ok(Self(1)),
            1..=MAX_QUANTITY => Ok(Self(raw)),
            _ => Err(Error::InvalidQuantity),
        }
    }

    /// A quantity read back from the store (its check constraint holds the range).
    #[must_use]
    pub const fn stored(raw: i32) -> Self {
        Self(raw)
    }

    #[must_use]
    pub const fn get(self) -> i32 {
        self.0
    }
}

/// An amount of money in yen, tax included. JPY has no minor unit, so this is also what Stripe's
/// `unit_amount` and `amount_total` hold. Never floating point (STYLE §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Yen(i64);

impl Yen {
    /// A stored price or amount (positive by the tables' constraints).
    #[must_use]
    pub const fn stored(raw: i64) -> Self {
        Self(raw)
    }

    #[must_use]
    pub const fn get(self) -> i64 {
        self.0
    }
}

impl fmt::Display for Yen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "¥{}", self.0)
    }
}

/// The client's id of one attempt to buy (a UUID it makes per click of 「購入する」): the same
/// attempt asked twice is one purchase and one Checkout Session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttemptId(Uuid);

impl AttemptId {
    /// # Errors
    /// [`Error::InvalidAttemptId`] when `raw` is not a UUID.
    pub fn parse(raw: &str) -> Result<Self, Error> {
        Uuid::parse_str(raw.trim()).map(Self).map_err(|_| Error::InvalidAttemptId)
    }

    #[must_use]
    pub const fn from_uuid(id: Uuid) -> Self {
        Self(id)
    }

    #[must_use]
    pub const fn as_uuid(&self) -> &Uuid {
        &self.0
    }

    /// Stripe's idempotency key for the session of this attempt: a retried create (a timeout, a
    /// crash before the answer was stored) returns the session Stripe already made.
    #[must_use]
    pub fn stripe_idempotency_key(&self) -> String {
        format!("checkout:{}", self.0)
    }

    /// The id of this attempt's purchase, the same every time it is asked. A create whose
    /// answer was lost rolls its purchase back; the retry must send Stripe the same parameters
    /// (the purchase id is in the metadata and the return URLs), or Stripe refuses the reused
    /// idempotency key. A UUID of version 8 from SHA-256 of the attempt.
    #[must_use]
    pub fn purchase_id(&self) -> Uuid {
        use sha2::Digest as _;
        let digest = sha2::Sha256::new().chain_update(b"meguri-purchase:").chain_update(self.0.as_bytes()).finalize();
        let mut bytes = [0_u8; 16];
        bytes.copy_from_slice(&digest[..16]);
        uuid::Builder::from_custom_bytes(bytes).into_uuid()
    }
}

/// A credit pack of the catalogue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pack {
    pub id: PackId,
    pub title: String,
    pub description: String,
    /// Credits one pack grants.
    pub credits: i64,
    pub price: Yen,
    /// False once retired: kept for history, no longer sold.
    pub active: bool,
    pub sort_order: i32,
}

/// What one purchase sells: a snapshot of the pack, the quantity, the amount charged and the
/// credits granted on payment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    pub pack: Pack,
    pub quantity: Quantity,
    pub amount: Yen,
    pub credits: Credits,
}

impl Order {
    /// `quantity` of `pack`.
    ///
    /// # Errors
    /// [`Error::ItemNotFound`] for a retired pack; [`Error::InvalidQuantity`] when the amount or
    /// the credits would overflow what one purchase may hold (not with the seeded packs).
    pub fn of(pack: Pack, quantity: Quantity) -> Result<Self, Error> {
        if !pack.active {
            return Err(Error::ItemNotFound);
        }
        let n = i64::from(quantity.get());
        let amount = pack.price.get().checked_mul(n).ok_or(Error::InvalidQuantity)?;
        let credits = pack.credits.checked_mul(n).ok_or(Error::InvalidQuantity)?;
        let credits = Credits::amount(credits).map_err(|_| Error::InvalidQuantity)?;
        Ok(Self { pack, quantity, amount: Yen(amount), credits })
    }
}

/// Where a purchase stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PurchaseStatus {
    /// At checkout.
    Pending,
    /// Paid; the credits granted.
    Completed,
    /// The session expired unpaid.
    Expired,
    /// The payment failed.
    Failed,
    /// Left at the development checkout.
    Canceled,
    /// Paid, then refunded in full; the credits taken back (as far as the balance allowed).
    Refunded,
}

impl PurchaseStatus {
    pub const ALL: [Self; 6] =
        [Self::Pending, Self::Completed, Self::Expired, Self::Failed, Self::Canceled, Self::Refunded];

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Completed => "completed",
            Self::Expired => "expired",
            Self::Failed => "failed",
            Self::Canceled => "canceled",
            Self::Refunded => "refunded",
        }
    }

    /// A stored status (the column's check constraint holds these six).
    ///
    /// # Errors
    /// Anything else: the store broke its own constraint.
    pub fn stored(raw: &str) -> Result<Self, Error> {
        Self::ALL
            .into_iter()
            .find(|s| s.as_str() == raw)
            .ok_or_else(|| Error::Unexpected(anyhow::anyhow!("unknown stored purchase status {raw:?}")))
    }

    /// Whether the credits of the purchase were granted (and the receipt sent).
    #[must_use]
    pub const fn was_paid(self) -> bool {
        matches!(self, Self::Completed | Self::Refunded)
    }
}

/// A purchase as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Purchase {
    pub id: PurchaseId,
    pub user: UserId,
    pub item_id: i32,
    pub item_title: String,
    pub item_description: String,
    pub amount: Yen,
    pub quantity: Quantity,
    pub credits_granted: i64,
    pub status: PurchaseStatus,
    pub stripe_session_id: Option<String>,
    pub stripe_payment_intent_id: Option<String>,
    pub created_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
    pub credits_clawed_back: i64,
    pub clawback_shortfall: i64,
    /// Where the buyer pays (Stripe's page or the development checkout); `None` until the session
    /// exists.
    pub checkout_url: Option<String>,
}

impl Purchase {
    /// The credits a completed purchase grants: the pack's credits × quantity, recorded on the
    /// purchase when it was created (`credits_per_pack` from the catalogue row it names).
    ///
    /// # Errors
    /// [`Error::InvalidQuantity`] on overflow (cannot happen with stored rows).
    pub fn credits_due(&self, credits_per_pack: i64) -> Result<Credits, Error> {
        let total = credits_per_pack.checked_mul(i64::from(self.quantity.get())).ok_or(Error::InvalidQuantity)?;
        Credits::amount(total).map_err(|_| Error::InvalidQuantity)
    }

    /// Whether the session was made by the development checkout (its ids start `dev_cs_`).
    #[must_use]
    pub fn is_development(&self) -> bool {
        self.stripe_session_id.as_deref().is_some_and(|s| s.starts_with(DEV_SESSION_PREFIX))
    }
}

/// The prefix of a development checkout's session id (`dev_cs_<uuid>`).
pub const DEV_SESSION_PREFIX: &str = "dev_cs_";

/// A return URL of the checkout (the gateway builds them from the public app URL): an absolute
/// `http://` or `https://` URL.
///
/// # Errors
/// [`Error::InvalidPayload`] otherwise.
pub fn return_url(raw: &str) -> Result<String, Error> {
    let raw = raw.trim();
    let rest = raw.strip_prefix("https://").or_else(|| raw.strip_prefix("http://")).ok_or(Error::InvalidPayload)?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if host.is_empty() || raw.chars().any(char::is_whitespace) || raw.len() > 2048 {
        return Err(Error::InvalidPayload);
    }
    Ok(raw.to_owned())
}

/// The placeholder a return URL may hold for the purchase's id (the gateway builds the URLs before
/// the purchase exists): `…/shop?purchase={PURCHASE_ID}&result=success`, like Stripe's own
/// `{CHECKOUT_SESSION_ID}`.
pub const PURCHASE_ID_PLACEHOLDER: &str = "{PURCHASE_ID}";

/// `url` with [`PURCHASE_ID_PLACEHOLDER`] replaced by `purchase`.
#[must_use]
pub fn for_purchase(url: &str, purchase: PurchaseId) -> String {
    url.replace(PURCHASE_ID_PLACEHOLDER, &purchase.to_string())
}

/// The development checkout's page of `purchase`: `<base>/shop/dev-checkout/<id>`, where the base
/// is `APP_BASE_URL` when set, else the origin of the request's success URL (the app that asked).
#[must_use]
pub fn dev_checkout_url(app_base_url: Option<&str>, success_url: &str, purchase: PurchaseId) -> String {
    let base = app_base_url.map_or_else(|| origin(success_url), |b| b.trim_end_matches('/').to_owned());
    format!("{base}/shop/dev-checkout/{purchase}")
}

/// `scheme://host[:port]` of an absolute URL.
fn origin(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("http", url));
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    format!("{scheme}://{authority}")
}

/// The ledger key of a purchase's grant: one grant per purchase, whatever the replays.
#[must_use]
pub fn purchase_grant_key(id: PurchaseId) -> IdempotencyKey {
    IdempotencyKey::stored(format!("purchase:{id}"))
}

/// The ledger key of a purchase's clawback after a refund: at most one per purchase.
#[must_use]
pub fn purchase_clawback_key(id: PurchaseId) -> IdempotencyKey {
    IdempotencyKey::stored(format!("refund:purchase:{id}"))
}

/// What a Checkout Session event says about the payment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionOutcome {
    /// `checkout.session.completed` with `payment_status` `paid`, or
    /// `checkout.session.async_payment_succeeded`.
    Paid,
    /// `checkout.session.completed` whose payment is still on its way (`unpaid`: a delayed payment
    /// method); `async_payment_succeeded` or `_failed` follows.
    AwaitingPayment,
    /// `checkout.session.expired`.
    Expired,
    /// `checkout.session.async_payment_failed`.
    Failed,
}

/// What to do with a purchase for one session event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionStep {
    /// Mark it completed, grant the credits, queue the receipt (one transaction).
    Complete,
    /// Only change the status.
    Become(PurchaseStatus),
    /// Nothing changes (the event is late, repeated, or says nothing new).
    Nothing,
}

/// How `outcome` moves a purchase now in `current`. Money received wins: a paid session completes
/// a purchase that was still pending, or that an earlier (out-of-order) event marked expired,
/// failed or canceled, because the buyer was charged. A completed or refunded purchase never
/// changes for a session event, so a late `expired` after `completed`, or `completed` twice under
/// different event ids, does nothing. Expiry and failure apply only to a pending purchase; a
/// development session's expiry is the buyer's cancel.
#[must_use]
pub const fn session_step(current: PurchaseStatus, outcome: SessionOutcome, development: bool) -> SessionStep {
    use PurchaseStatus as S;
    match (current, outcome) {
        (S::Completed | S::Refunded, _) | (_, SessionOutcome::AwaitingPayment) => SessionStep::Nothing,
        (S::Pending | S::Expired | S::Failed | S::Canceled, SessionOutcome::Paid) => SessionStep::Complete,
        (S::Pending, SessionOutcome::Expired) if development => SessionStep::Become(S::Canceled),
        (S::Pending, SessionOutcome::Expired) => SessionStep::Become(S::Expired),
        (S::Pending, SessionOutcome::Failed) => SessionStep::Become(S::Failed),
        (S::Expired | S::Failed | S::Canceled, SessionOutcome::Expired | SessionOutcome::Failed) => {
            SessionStep::Nothing
        }
    }
}

/// A refund's effect on a paid purchase: how many credits to take back, and how many the balance
/// no longer held (spent already): the balance never goes below zero, the shortfall is recorded
/// for admins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clawback {
    pub taken: i64,
    pub shortfall: i64,
}

/// Takes back `granted` credits from `balance`, as far as it goes.
#[must_use]
pub fn clawback(balance: Credits, granted: i64) -> Clawback {
    let granted = granted.max(0);
    let taken = granted.min(balance.get());
    Clawback { taken, shortfall: granted - taken }
}

/// Whether a `charge.refunded` is a full refund: only a full refund takes the credits back. A
/// partial refund (a goodwill gesture by support) keeps the purchase completed and is logged.
#[must_use]
pub const fn is_full_refund(refunded: bool, amount: i64, amount_refunded: i64) -> bool {
    refunded || (amount > 0 && amount_refunded >= amount)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Reason;

    #[test]
    fn an_attempts_purchase_id_is_the_same_every_time_and_its_own() {
        let attempt = AttemptId::from_uuid(Uuid::new_v4());
        let other = AttemptId::from_uuid(Uuid::new_v4());

        assert_eq!(attempt.purchase_id(), attempt.purchase_id());
        assert_ne!(attempt.purchase_id(), other.purchase_id());
        assert_ne!(attempt.purchase_id(), *attempt.as_uuid(), "not the id the client chose");
        assert_eq!(attempt.purchase_id().get_version_num(), 8);
    }

    fn pack(active: bool) -> Pack {
        Pack {
            id: PackId::parse(2).expect("id"),
            title: "30クレジット".into(),
            description: "お得".into(),
            credits: 30,
            price: Yen::stored(1200),
            active,
            sort_order: 2,
        }
    }

    #[test]
    fn an_item_id_is_one_or_more() {
        assert_eq!(PackId::parse(1).expect("1").get(), 1);
        for bad in [0, -1, i32::MIN] {
            assert!(matches!(PackId::parse(bad), Err(Error::InvalidItem)), "{bad}");
        }
    }

    #[test]
    fn quantity_defaults_to_one_and_stops_at_ten() {
        assert_eq!(Quantity::parse(0).expect("default").get(), 1);
        assert_eq!(Quantity::parse(1).expect("1").get(), 1);
        assert_eq!(Quantity::parse(MAX_QUANTITY).expect("max").get(), 10);
        for bad in [-1, 11, i32::MAX] {
            assert!(matches!(Quantity::parse(bad), Err(Error::InvalidQuantity)), "{bad}");
        }
    }

    #[test]
    fn attempt_ids_are_uuids() {
        let id = Uuid::new_v4();
        let attempt = AttemptId::parse(&id.to_string()).expect("uuid");
        assert_eq!(attempt.stripe_idempotency_key(), format!("checkout:{id}"));
        for bad in ["", "attempt-1", "123"] {
            assert!(matches!(AttemptId::parse(bad), Err(Error::InvalidAttemptId)), "{bad:?}");
        }
    }

    #[test]
    fn an_order_costs_price_times_quantity_and_grants_credits_times_quantity() {
        let order = Order::of(pack(true), Quantity::parse(3).expect("3")).expect("order");
        assert_eq!((order.amount.get(), order.credits.get()), (3600, 90));
        assert!(matches!(Order::of(pack(false), Quantity::parse(1).expect("1")), Err(Error::ItemNotFound)));
    }

    #[test]
    fn money_received_completes_once_and_nothing_moves_a_paid_purchase() {
        use PurchaseStatus as S;
        use SessionOutcome as O;
        assert_eq!(session_step(S::Pending, O::Paid, false), SessionStep::Complete);
        for late in [S::Expired, S::Failed, S::Canceled] {
            assert_eq!(session_step(late, O::Paid, false), SessionStep::Complete, "{late:?}: the buyer paid");
        }
        for paid in [S::Completed, S::Refunded] {
            for outcome in [O::Paid, O::Expired, O::Failed, O::AwaitingPayment] {
                assert_eq!(session_step(paid, outcome, false), SessionStep::Nothing, "{paid:?} {outcome:?}");
            }
        }
        assert_eq!(session_step(S::Pending, O::AwaitingPayment, false), SessionStep::Nothing);
    }

    #[test]
    fn expiry_and_failure_move_only_a_pending_purchase() {
        use PurchaseStatus as S;
        use SessionOutcome as O;
        assert_eq!(session_step(S::Pending, O::Expired, false), SessionStep::Become(S::Expired));
        assert_eq!(session_step(S::Pending, O::Expired, true), SessionStep::Become(S::Canceled), "development cancel");
        assert_eq!(session_step(S::Pending, O::Failed, false), SessionStep::Become(S::Failed));
        assert_eq!(session_step(S::Failed, O::Expired, false), SessionStep::Nothing);
        assert_eq!(session_step(S::Canceled, O::Failed, false), SessionStep::Nothing);
    }

    #[test]
    fn a_clawback_never_takes_the_balance_below_zero() {
        let credits = |n| Credits::stored(n).expect("credits");
        assert_eq!(clawback(credits(50), 30), Clawback { taken: 30, shortfall: 0 });
        assert_eq!(clawback(credits(10), 30), Clawback { taken: 10, shortfall: 20 });
        assert_eq!(clawback(credits(0), 30), Clawback { taken: 0, shortfall: 30 });
    }

    #[test]
    fn only_a_full_refund_counts() {
        assert!(is_full_refund(true, 1200, 1200));
        assert!(is_full_refund(false, 1200, 1200));
        assert!(!is_full_refund(false, 1200, 600));
    }

    #[test]
    fn statuses_round_trip_through_the_store() {
        for s in PurchaseStatus::ALL {
            assert_eq!(PurchaseStatus::stored(s.as_str()).expect("stored"), s);
        }
        assert!(PurchaseStatus::stored("paid").is_err());
    }

    #[test]
    fn return_urls_are_absolute_http_urls() {
        assert_eq!(
            return_url(" https://meguri.example/shop?purchase=1&result=success ").expect("valid"),
            "https://meguri.example/shop?purchase=1&result=success"
        );
        assert!(return_url("http://localhost:8080/shop").is_ok());
        for bad in ["", "/shop", "ftp://x/", "https://", "https:///shop", "javascript:alert(1)", "https://a b/"] {
            assert!(matches!(return_url(bad), Err(Error::InvalidPayload)), "{bad:?}");
        }
    }

    #[test]
    fn the_development_checkout_lives_in_the_app_that_asked_unless_a_base_is_set() {
        let id = PurchaseId::new();
        assert_eq!(
            dev_checkout_url(None, "http://localhost:8080/shop?purchase=1&result=success", id),
            format!("http://localhost:8080/shop/dev-checkout/{id}")
        );
        assert_eq!(
            dev_checkout_url(Some("https://meguri.example/"), "http://elsewhere/shop", id),
            format!("https://meguri.example/shop/dev-checkout/{id}")
        );
    }

    #[test]
    fn the_return_urls_name_the_purchase() {
        let id = PurchaseId::new();
        assert_eq!(
            for_purchase("https://m.example/shop?purchase={PURCHASE_ID}&result=success", id),
            format!("https://m.example/shop?purchase={id}&result=success")
        );
        assert_eq!(for_purchase("https://m.example/shop", id), "https://m.example/shop");
    }

    #[test]
    fn keys_name_the_purchase() {
        let id = PurchaseId::new();
        assert_eq!(purchase_grant_key(id).as_str(), format!("purchase:{id}"));
        assert_eq!(purchase_clawback_key(id).as_str(), format!("refund:purchase:{id}"));
        assert_eq!(Reason::purchase().as_str(), "purchase");
        assert_eq!(Reason::purchase_refund().as_str(), "purchase_refund");
    }
}
