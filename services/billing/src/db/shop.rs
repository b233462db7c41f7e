//! The shop's storage: the catalogue, purchases, the Stripe events already applied and the refunds
//! that came before their purchase completed. The functions taking a connection run inside the
//! caller's transaction (the use cases in `usecases/shop.rs` and `usecases/webhooks.rs`).

use chrono::{DateTime, Utc};
use diesel::{
    ExpressionMethods as _, OptionalExtension as _, QueryDsl as _, Queryable, Selectable, SelectableHelper as _,
};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use uuid::Uuid;

use super::schema::{credit_packs, early_refunds, purchases, stripe_events};
use crate::domain::{AttemptId, Order, Pack, PackId, Purchase, PurchaseId, PurchaseStatus, Quantity, Yen};
use crate::error::Error;

/// The `metadata` key holding the page the buyer pays on.
const CHECKOUT_URL: &str = "checkoutUrl";

#[derive(Queryable, Selectable)]
#[diesel(table_name = credit_packs)]
struct PackRow {
    id: i32,
    title: String,
    description: String,
    credits: i64,
    price_yen: i64,
    active: bool,
    sort_order: i32,
}

impl PackRow {
    fn pack(self) -> Result<Pack, Error> {
        Ok(Pack {
            id: PackId::parse(self.id).map_err(|_| Error::Unexpected(anyhow::anyhow!("stored pack id {}", self.id)))?,
            title: self.title,
            description: self.description,
            credits: self.credits,
            price: Yen::stored(self.price_yen),
            active: self.active,
            sort_order: self.sort_order,
        })
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = purchases)]
struct PurchaseRow {
    id: Uuid,
    user_id: Uuid,
    stripe_payment_intent_id: Option<String>,
    item_id: i32,
    item_title: String,
    item_description: String,
    amount: i64,
    quantity: i32,
    credits_granted: i64,
    status: String,
    stripe_session_id: Option<String>,
    metadata: serde_json::Value,
    created_at: DateTime<Utc>,
    completed_at: Option<DateTime<Utc>>,
    credits_clawed_back: i64,
    clawback_shortfall: i64,
}

impl PurchaseRow {
    fn purchase(self) -> Result<Purchase, Error> {
        Ok(Purchase {
            id: PurchaseId::from_uuid(self.id),
            user: UserId::from_uuid(self.user_id),
            item_id: self.item_id,
            item_title: self.item_title,
            item_description: self.item_description,
            amount: Yen::stored(self.amount),
            quantity: Quantity::stored(self.quantity),
            credits_granted: self.credits_granted,
            status: PurchaseStatus::stored(&self.status)?,
            stripe_session_id: self.stripe_session_id,
            stripe_payment_intent_id: self.stripe_payment_intent_id,
            created_at: self.created_at,
            completed_at: self.completed_at,
            credits_clawed_back: self.credits_clawed_back,
            clawback_shortfall: self.clawback_shortfall,
            checkout_url: self.metadata.get(CHECKOUT_URL).and_then(|u| u.as_str()).map(str::to_owned),
        })
    }
}

/// The packs, in their display order; retired ones only with `include_retired`.
///
/// # Errors
/// The database.
pub async fn packs(conn: &mut AsyncPgConnection, include_retired: bool) -> Result<Vec<Pack>, Error> {
    let mut query = credit_packs::table.order((credit_packs::sort_order, credit_packs::id)).into_boxed();
    if !include_retired {
        query = query.filter(credit_packs::active.eq(true));
    }
    let rows: Vec<PackRow> =
        query.select(PackRow::as_select()).load(conn).await.map_err(Error::db("list the packs"))?;
    rows.into_iter().map(PackRow::pack).collect()
}

/// One pack, retired or not.
///
/// # Errors
/// The database.
pub async fn pack(conn: &mut AsyncPgConnection, id: PackId) -> Result<Option<Pack>, Error> {
    let row: Option<PackRow> = credit_packs::table
        .find(id.get())
        .select(PackRow::as_select())
        .first(conn)
        .await
        .optional()
        .map_err(Error::db("load the pack"))?;
    row.map(PackRow::pack).transpose()
}

/// Stores a pending purchase for `attempt` unless the attempt has one already, and returns the
/// attempt's purchase, locked (`FOR UPDATE`) until the transaction ends: a second request of the
/// same attempt waits here until the first has its session.
///
/// # Errors
/// The database.
pub async fn purchase_for_attempt(
    conn: &mut AsyncPgConnection,
    user: UserId,
    order: &Order,
    attempt: AttemptId,
) -> Result<Purchase, Error> {
    diesel::insert_into(purchases::table)
        .values((
            purchases::id.eq(attempt.purchase_id()),
            purchases::user_id.eq(user.as_uuid()),
            purchases::item_id.eq(order.pack.id.get()),
            purchases::item_title.eq(&order.pack.title),
            purchases::item_description.eq(&order.pack.description),
            purchases::amount.eq(order.amount.get()),
            purchases::quantity.eq(order.quantity.get()),
            purchases::attempt_id.eq(attempt.as_uuid()),
        ))
        // No conflict target: the id is derived from the attempt, so two requests of one attempt at
        // once collide on the primary key as well as on attempt_id, and a target naming only one
        // of them lets the other raise a unique violation (CONFLICT) instead of waiting.
        .on_conflict_do_nothing()
        .execute(conn)
        .await
        .map_err(Error::db("insert the purchase"))?;
    let row: PurchaseRow = purchases::table
        .filter(purchases::attempt_id.eq(attempt.as_uuid()))
        .for_update()
        .select(PurchaseRow::as_select())
        .first(conn)
        .await
        .map_err(Error::db("load the attempt's purchase"))?;
    row.purchase()
}

/// Records the session of a purchase and the page its buyer pays on.
///
/// # Errors
/// The database.
pub async fn set_session(
    conn: &mut AsyncPgConnection,
    id: PurchaseId,
    session_id: &str,
    checkout_url: &str,
) -> Result<(), Error> {
    diesel::update(purchases::table.find(id.as_uuid()))
        .set((
            purchases::stripe_session_id.eq(session_id),
            purchases::metadata.eq(serde_json::json!({ CHECKOUT_URL: checkout_url })),
            purchases::updated_at.eq(diesel::dsl::now),
        ))
        .execute(conn)
        .await
        .map_err(Error::db("store the session"))?;
    Ok(())
}

/// One purchase of `user`.
///
/// # Errors
/// The database.
pub async fn purchase_of(
    conn: &mut AsyncPgConnection,
    user: UserId,
    id: PurchaseId,
) -> Result<Option<Purchase>, Error> {
    let row: Option<PurchaseRow> = purchases::table
        .find(id.as_uuid())
        .filter(purchases::user_id.eq(user.as_uuid()))
        .select(PurchaseRow::as_select())
        .first(conn)
        .await
        .optional()
        .map_err(Error::db("load the purchase"))?;
    row.map(PurchaseRow::purchase).transpose()
}

/// The newest `limit` purchases of `user`, newest first.
///
/// # Errors
/// The database.
pub async fn purchases_of(conn: &mut AsyncPgConnection, user: UserId, limit: i64) -> Result<Vec<Purchase>, Error> {
    let rows: Vec<PurchaseRow> = purchases::table
        .filter(purchases::user_id.eq(user.as_uuid()))
        .order((purchases::created_at.desc(), purchases::id.desc()))
        .limit(limit)
        .select(PurchaseRow::as_select())
        .load(conn)
        .await
        .map_err(Error::db("list the purchases"))?;
    rows.into_iter().map(PurchaseRow::purchase).collect()
}

/// Whether the Stripe event `id` was applied before (a cheap look before any work).
///
/// # Errors
/// The database.
pub async fn event_applied(conn: &mut AsyncPgConnection, id: &str) -> Result<bool, Error> {
    let found: Option<String> = stripe_events::table
        .find(id)
        .select(stripe_events::id)
        .first(conn)
        .await
        .optional()
        .map_err(Error::db("look the event up"))?;
    Ok(found.is_some())
}

/// Claims the Stripe event `id` for this transaction: `false` when it was applied before. A
/// concurrent delivery of the same event waits on the first one's row and then finds it.
///
/// # Errors
/// The database.
pub async fn claim_event(conn: &mut AsyncPgConnection, id: &str, event_type: &str) -> Result<bool, Error> {
    let inserted = diesel::insert_into(stripe_events::table)
        .values((stripe_events::id.eq(id), stripe_events::type_.eq(event_type)))
        .on_conflict_do_nothing()
        .execute(conn)
        .await
        .map_err(Error::db("record the event"))?;
    Ok(inserted == 1)
}

/// Notes the purchase an applied event concerned.
///
/// # Errors
/// The database.
pub async fn link_event(conn: &mut AsyncPgConnection, id: &str, purchase: PurchaseId) -> Result<(), Error> {
    diesel::update(stripe_events::table.find(id))
        .set(stripe_events::purchase_id.eq(purchase.as_uuid()))
        .execute(conn)
        .await
        .map_err(Error::db("link the event"))?;
    Ok(())
}

/// Locks the one purchase `$filter` selects until the transaction ends.
macro_rules! lock_one {
    ($conn:expr, $filter:expr) => {{
        let row: Option<PurchaseRow> = purchases::table
            .filter($filter)
            .for_update()
            .select(PurchaseRow::as_select())
            .first($conn)
            .await
            .optional()
            .map_err(Error::db("lock the purchase"))?;
        row.map(PurchaseRow::purchase).transpose()
    }};
}

/// The purchase `id`, locked until the transaction ends.
///
/// # Errors
/// The database.
pub async fn lock_purchase(conn: &mut AsyncPgConnection, id: PurchaseId) -> Result<Option<Purchase>, Error> {
    lock_one!(conn, purchases::id.eq(id.as_uuid()))
}

/// The purchase of the Checkout Session `session_id`, locked.
///
/// # Errors
/// The database.
pub async fn lock_purchase_by_session(
    conn: &mut AsyncPgConnection,
    session_id: &str,
) -> Result<Option<Purchase>, Error> {
    lock_one!(conn, purchases::stripe_session_id.eq(session_id))
}

/// The purchase paid with `payment_intent`, locked.
///
/// # Errors
/// The database.
pub async fn lock_purchase_by_payment(
    conn: &mut AsyncPgConnection,
    payment_intent: &str,
) -> Result<Option<Purchase>, Error> {
    lock_one!(conn, purchases::stripe_payment_intent_id.eq(payment_intent))
}

/// Marks a purchase completed at `now`: its payment, the credits granted and when.
///
/// # Errors
/// The database (a payment intent another purchase holds is a unique violation).
pub async fn mark_completed(
    conn: &mut AsyncPgConnection,
    id: PurchaseId,
    payment_intent: Option<&str>,
    credits_granted: i64,
    now: DateTime<Utc>,
) -> Result<DateTime<Utc>, Error> {
    diesel::update(purchases::table.find(id.as_uuid()))
        .set((
            purchases::status.eq(PurchaseStatus::Completed.as_str()),
            purchases::completed_at.eq(now),
            purchases::stripe_payment_intent_id.eq(payment_intent),
            purchases::credits_granted.eq(credits_granted),
            purchases::updated_at.eq(now),
        ))
        .execute(conn)
        .await
        .map_err(Error::db("complete the purchase"))?;
    Ok(now)
}

/// Sets a purchase's status (expired, failed, canceled).
///
/// # Errors
/// The database.
pub async fn set_status(conn: &mut AsyncPgConnection, id: PurchaseId, status: PurchaseStatus) -> Result<(), Error> {
    diesel::update(purchases::table.find(id.as_uuid()))
        .set((purchases::status.eq(status.as_str()), purchases::updated_at.eq(diesel::dsl::now)))
        .execute(conn)
        .await
        .map_err(Error::db("set the purchase status"))?;
    Ok(())
}

/// Marks a paid purchase refunded, with what the refund took back and what it could not.
///
/// # Errors
/// The database.
pub async fn mark_refunded(
    conn: &mut AsyncPgConnection,
    id: PurchaseId,
    clawed_back: i64,
    shortfall: i64,
) -> Result<(), Error> {
    diesel::update(purchases::table.find(id.as_uuid()))
        .set((
            purchases::status.eq(PurchaseStatus::Refunded.as_str()),
            purchases::credits_clawed_back.eq(clawed_back),
            purchases::clawback_shortfall.eq(shortfall),
            purchases::updated_at.eq(diesel::dsl::now),
        ))
        .execute(conn)
        .await
        .map_err(Error::db("mark the purchase refunded"))?;
    Ok(())
}

/// Keeps a full refund of `payment_intent` that no purchase has completed with yet.
///
/// # Errors
/// The database.
pub async fn remember_refund(conn: &mut AsyncPgConnection, payment_intent: &str, event_id: &str) -> Result<(), Error> {
    diesel::insert_into(early_refunds::table)
        .values((early_refunds::payment_intent_id.eq(payment_intent), early_refunds::event_id.eq(event_id)))
        .on_conflict_do_nothing()
        .execute(conn)
        .await
        .map_err(Error::db("remember the refund"))?;
    Ok(())
}

/// Takes the remembered refund of `payment_intent`, if there is one.
///
/// # Errors
/// The database.
pub async fn take_refund(conn: &mut AsyncPgConnection, payment_intent: &str) -> Result<bool, Error> {
    let deleted = diesel::delete(early_refunds::table.find(payment_intent))
        .execute(conn)
        .await
        .map_err(Error::db("take the remembered refund"))?;
    Ok(deleted == 1)
}
