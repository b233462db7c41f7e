//! billing's use cases (docs/service-shape.md): who may read or move whose credits, then the ledger
//! change and its metrics (here); the shop's catalogue, checkout and purchases (`shop.rs`); Stripe's
//! webhooks (`webhooks.rs`). `grpc.rs` only translates to and from these; the rules live in
//! `domain/`, the SQL in `db/`.

pub mod shop;
pub mod webhooks;

use std::sync::Arc;

use meguri_clock::Clock;
use meguri_ids::UserId;

use crate::db::ledger;
use crate::domain::{
    self, Applied, Caller, Change, Credits, IdempotencyKey, LedgerCursor, LedgerLimit, LedgerPage, Reason,
};
use crate::error::Error;

/// Proof that the caller may move credits ([`Ledger::may_write`]); the changing use cases take
/// one, so the permission is checked before anything else of the request is read.
pub struct MayWrite(());

/// The ledger's operations over a connection pool and the clock that dates each change; cheap
/// to clone.
#[derive(Clone)]
pub struct Ledger {
    pub pool: meguri_db::Pool,
    pub clock: Arc<dyn Clock>,
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
