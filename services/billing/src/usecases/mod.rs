//! billing's use cases (docs/service-shape.md): who may read or move whose credits, then the ledger
//! change and its metrics (here); the shop's catalogue, checkout and purchases (`shop.rs`); Stripe's
//! webhooks (`webhooks.rs`). `grpc.rs` only translates to and from these; the rules live in
//! `domain/`, the SQL in `db/`.

pub mod shop;
pub mod webhooks;

use std::sync::Arc;

use chrono::{DateTime, Utc};
use meguri_clock::Clock;
use meguri_events::Relay;
use meguri_ids::UserId;

use crate::db::ledger;
use crate::domain::{
    self, Adjustment, Applied, Caller, Change, Credits, IdempotencyKey, LedgerCursor, LedgerEntry, LedgerLimit,
    LedgerPage, Reason,
};
use crate::error::Error;

/// Proof that the caller may move credits ([`Ledger::may_write`]); the changing use cases take
/// one, so the permission is checked before anything else of the request is read.
pub struct MayWrite(());

/// The ledger's operations over a connection pool, the clock that dates each change and the
/// outbox relay (woken after an adjustment's audit record); cheap to clone.
#[derive(Clone)]
pub struct Ledger {
    pub pool: meguri_db::Pool,
    pub clock: Arc<dyn Clock>,
    pub relay: Relay,
}

/// A staff adjustment as asked for, before it is checked.
pub struct AdjustRequest<'a> {
    pub user_id: &'a str,
    pub delta: i64,
    pub reason: &'a str,
    pub request_id: &'a str,
}

impl Ledger {
    /// Whose credits `caller` reads: `requested`, or the caller's own when `None`
    /// ([`domain::reader`]).
    ///
    /// # Errors
    /// `PermissionDenied`, `InvalidUserId`.
    pub fn reader(caller: Caller, requested: Option<UserId>) -> Result<UserId, Error> {
        domain::reader(caller, requested)
    }

    /// Whether `caller` may grant, spend and refund ([`domain::writer`]).
    ///
    /// # Errors
    /// `PermissionDenied`.
    pub fn may_write(caller: Caller) -> Result<MayWrite, Error> {
        domain::writer(caller)?;
        Ok(MayWrite(()))
    }

    /// The balance of `user` (see [`Ledger::reader`]).
    ///
    /// # Errors
    /// The database.
    pub async fn balance(&self, user: UserId) -> Result<Credits, Error> {
        ledger::balance(&self.pool, user).await
    }

    /// A grant or a spend; idempotent by its key; counted in the metrics.
    ///
    /// # Errors
    /// The ledger's refusals (`InsufficientCredits`, `BalanceLimit`, `IdempotencyKeyReused`), or
    /// the database.
    pub async fn change(&self, _: MayWrite, change: Change) -> Result<Applied, Error> {
        let outcome = ledger::apply(&self.pool, self.clock.as_ref(), &change).await;
        crate::metrics::record(&change, &outcome);
        outcome
    }

    /// Refunds the spend of `user` made with `spend_key`; counted in the metrics.
    ///
    /// # Errors
    /// `SpendNotFound`, or the database.
    pub async fn refund(
        &self,
        _: MayWrite,
        user: UserId,
        spend_key: &IdempotencyKey,
        reason: &Reason,
    ) -> Result<Applied, Error> {
        let (change, applied) = ledger::refund(&self.pool, self.clock.as_ref(), user, spend_key, reason).await?;
        crate::metrics::record(&change, &Ok(applied));
        Ok(applied)
    }

    /// A staff member's adjustment of a member's credits: admins only, checked, applied once per
    /// request id with its audit record; counted in the metrics. Returns the balance after and
    /// the entry (the first one's on a replay).
    ///
    /// # Errors
    /// `PermissionDenied` (anyone but an admin, before anything else is read), `InvalidUserId`,
    /// the adjustment's checks, `InsufficientCredits`, `IdempotencyKeyReused`, or the database.
    pub async fn adjust(&self, caller: Caller, request: &AdjustRequest<'_>) -> Result<(Applied, LedgerEntry), Error> {
        let staff = domain::adjuster(caller)?;
        let user: UserId = request.user_id.parse().map_err(|_| Error::InvalidUserId)?;
        let adjustment = Adjustment::parse(user, staff, request.delta, request.reason, request.request_id)?;
        let (change, applied, entry) = ledger::adjust(&self.pool, self.clock.as_ref(), &adjustment).await?;
        crate::metrics::record(&change, &Ok(applied));
        if !applied.replayed {
            self.relay.wake();
            tracing::info!(
                name: "billing.adjustment.applied",
                user_id = %user,
                staff_id = %staff,
                delta = request.delta,
                balance = applied.balance.get(),
                "billing.adjustment.applied",
            );
        }
        Ok((applied, entry))
    }

    /// The purchases completed at or after `since` and their yen (staff, for the dashboard).
    ///
    /// # Errors
    /// `PermissionDenied` for anyone but staff, or the database.
    pub async fn purchase_stats(&self, caller: Caller, since: DateTime<Utc>) -> Result<(i64, i64), Error> {
        domain::staff(caller)?;
        ledger::purchase_stats(&self.pool, since).await
    }

    /// Money per Japan day over `[from, to)` (staff, for the dashboard's charts).
    ///
    /// # Errors
    /// `PermissionDenied` for anyone but staff, `INVALID_SINCE` for a reversed range, or the
    /// database.
    pub async fn daily_money(
        &self,
        caller: Caller,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<ledger::MoneyDay>, Error> {
        domain::staff(caller)?;
        if to <= from {
            return Err(Error::InvalidSince);
        }
        ledger::daily_money(&self.pool, from, to).await
    }

    /// A page of the entries of `user` in the order they were applied, newest first, from
    /// `before` (a previous page's `next_before`) or the newest (see [`Ledger::reader`]).
    ///
    /// # Errors
    /// The database.
    pub async fn list(
        &self,
        user: UserId,
        limit: LedgerLimit,
        before: Option<LedgerCursor>,
    ) -> Result<LedgerPage, Error> {
        ledger::list(&self.pool, user, limit, before).await
    }
}
