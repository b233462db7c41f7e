//! The tonic implementation: proto → domain values, the use case, domain → proto. No SQL, no rules.

use chrono::SecondsFormat;
use meguri_ids::UserId;
use meguri_proto::billing as pb;
use pb::billing_server::Billing;
use tonic::{Request, Response, Status};

use crate::domain::{self, Caller, Change, Credits, IdempotencyKey, LedgerLimit, Reason};
use crate::error::Error;
use crate::usecases::Ledger;

/// The Billing service over the ledger's use cases.
#[derive(Clone)]
pub struct BillingService {
    ledger: Ledger,
}

impl BillingService {
    #[must_use]
    pub const fn new(pool: meguri_db::Pool) -> Self {
        Self { ledger: Ledger { pool } }
    }
}

fn caller<T>(request: &Request<T>) -> Result<Caller, Error> {
    meguri_auth::caller(request).ok_or(Error::Unauthenticated)
}

/// An optional user id: empty means "the caller's own".
fn optional_user(raw: &str) -> Result<Option<UserId>, Error> {
    if raw.is_empty() { Ok(None) } else { raw.parse().map(Some).map_err(|_| Error::InvalidUserId) }
}

fn user(raw: &str) -> Result<UserId, Error> {
    raw.parse().map_err(|_| Error::InvalidUserId)
}

fn refund_reason(raw: &str) -> Result<Reason, Error> {
    if raw.is_empty() { Ok(Reason::refund()) } else { Reason::parse(raw) }
}

fn entry(e: domain::LedgerEntry) -> pb::LedgerEntry {
    pb::LedgerEntry {
        id: e.id.to_string(),
        delta: e.delta,
        balance_after: e.balance_after.get(),
        reason: e.reason,
        created_at: e.created_at.to_rfc3339_opts(SecondsFormat::Millis, true),
    }
}

#[tonic::async_trait]
impl Billing for BillingService {
    #[tracing::instrument(skip_all)]
    async fn get_balance(
        &self,
        request: Request<pb::GetBalanceRequest>,
    ) -> Result<Response<pb::GetBalanceResponse>, Status> {
        let user = Ledger::reader(caller(&request)?, optional_user(&request.get_ref().user_id)?)?;
        let credits = self.ledger.balance(user).await?;
        Ok(Response::new(pb::GetBalanceResponse { credits: credits.get() }))
    }

    #[tracing::instrument(skip_all)]
    async fn grant(&self, request: Request<pb::GrantRequest>) -> Result<Response<pb::GrantResponse>, Status> {
        let may = Ledger::may_write(caller(&request)?)?;
        let r = request.into_inner();
        let change = Change::grant(
            user(&r.user_id)?,
            Credits::amount(r.credits)?,
            Reason::parse(&r.reason)?,
            IdempotencyKey::parse(&r.idempotency_key)?,
        );
        let applied = self.ledger.change(may, change).await?;
        Ok(Response::new(pb::GrantResponse { balance: applied.balance.get(), replayed: applied.replayed }))
    }

    #[tracing::instrument(skip_all)]
    async fn spend(&self, request: Request<pb::SpendRequest>) -> Result<Response<pb::SpendResponse>, Status> {
        let may = Ledger::may_write(caller(&request)?)?;
        let r = request.into_inner();
        let change = Change::spend(
            user(&r.user_id)?,
            Credits::amount(r.credits)?,
            Reason::parse(&r.reason)?,
            IdempotencyKey::parse(&r.idempotency_key)?,
        );
        let applied = self.ledger.change(may, change).await?;
        Ok(Response::new(pb::SpendResponse { balance: applied.balance.get(), replayed: applied.replayed }))
    }

    #[tracing::instrument(skip_all)]
    async fn refund(&self, request: Request<pb::RefundRequest>) -> Result<Response<pb::RefundResponse>, Status> {
        let may = Ledger::may_write(caller(&request)?)?;
        let r = request.into_inner();
        let user = user(&r.user_id)?;
        let spend_key = IdempotencyKey::parse(&r.spend_idempotency_key)?;
        let applied = self.ledger.refund(may, user, &spend_key, &refund_reason(&r.reason)?).await?;
        Ok(Response::new(pb::RefundResponse { balance: applied.balance.get(), replayed: applied.replayed }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_ledger(
        &self,
        request: Request<pb::ListLedgerRequest>,
    ) -> Result<Response<pb::ListLedgerResponse>, Status> {
        let user = Ledger::reader(caller(&request)?, optional_user(&request.get_ref().user_id)?)?;
        let limit = LedgerLimit::parse(request.get_ref().limit)?;
        let entries = self.ledger.list(user, limit).await?;
        Ok(Response::new(pb::ListLedgerResponse { entries: entries.into_iter().map(entry).collect() }))
    }
}
