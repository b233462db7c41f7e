//! The tonic implementation: proto → domain values, the use case, domain → proto. No SQL, no rules.

use chrono::SecondsFormat;
use meguri_ids::UserId;
use meguri_proto::billing as pb;
use pb::billing_server::Billing;
use tonic::{Request, Response, Status};

use crate::domain::stripe::DevOutcome;
use crate::domain::{
    self, Change, Credits, IdempotencyKey, LedgerCursor, LedgerLimit, Pack, Purchase, PurchaseStatus, Reason,
};
use crate::error::Error;
use crate::usecases::shop::{CheckoutRequest, Shop, purchases_limit};
use crate::usecases::webhooks;
use crate::usecases::{AdjustRequest, Ledger};

/// The Billing service over the ledger's and the shop's use cases.
#[derive(Clone)]
pub struct BillingService {
    ledger: Ledger,
    shop: Shop,
}

impl BillingService {
    #[must_use]
    pub const fn new(ledger: Ledger, shop: Shop) -> Self {
        Self { ledger, shop }
    }
}

fn rfc3339(t: chrono::DateTime<chrono::Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

fn pack(p: Pack) -> pb::Pack {
    pb::Pack {
        id: p.id.get(),
        title: p.title,
        description: p.description,
        credits: p.credits,
        price_yen: p.price.get(),
        active: p.active,
        sort_order: p.sort_order,
    }
}

const fn status(s: PurchaseStatus) -> pb::PurchaseStatus {
    match s {
        PurchaseStatus::Pending => pb::PurchaseStatus::Pending,
        PurchaseStatus::Completed => pb::PurchaseStatus::Completed,
        PurchaseStatus::Expired => pb::PurchaseStatus::Expired,
        PurchaseStatus::Failed => pb::PurchaseStatus::Failed,
        PurchaseStatus::Canceled => pb::PurchaseStatus::Canceled,
        PurchaseStatus::Refunded => pb::PurchaseStatus::Refunded,
    }
}

fn purchase(p: Purchase) -> pb::Purchase {
    pb::Purchase {
        id: p.id.to_string(),
        item_id: p.item_id,
        item_title: p.item_title,
        item_description: p.item_description,
        amount: p.amount.get(),
        quantity: p.quantity.get(),
        credits_granted: p.credits_granted,
        status: status(p.status).into(),
        stripe_session_id: p.stripe_session_id,
        stripe_payment_intent_id: p.stripe_payment_intent_id,
        created_at: rfc3339(p.created_at),
        completed_at: p.completed_at.map(rfc3339),
        credits_clawed_back: p.credits_clawed_back,
        clawback_shortfall: p.clawback_shortfall,
    }
}

/// A purchase id from a request: text that is no UUID names no purchase.
fn purchase_id(raw: &str) -> Result<domain::PurchaseId, Error> {
    raw.trim().parse().map_err(|_| Error::PurchaseNotFound)
}

fn dev_outcome(raw: i32) -> Result<DevOutcome, Error> {
    match pb::DevOutcome::try_from(raw) {
        Ok(pb::DevOutcome::Complete) => Ok(DevOutcome::Complete),
        Ok(pb::DevOutcome::Cancel) => Ok(DevOutcome::Cancel),
        Ok(pb::DevOutcome::Unspecified) | Err(_) => Err(Error::InvalidPayload),
    }
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

/// A ledger entry; an adjustment's note and staff member only for staff (`for_staff`).
fn entry(e: domain::LedgerEntry, for_staff: bool) -> pb::LedgerEntry {
    pb::LedgerEntry {
        id: e.id.to_string(),
        delta: e.delta,
        balance_after: e.balance_after.get(),
        reason: e.reason,
        created_at: rfc3339(e.created_at),
        seq: e.seq.get(),
        note: e.note.filter(|_| for_staff),
        actor_id: e.actor.filter(|_| for_staff).map(|a| a.to_string()),
    }
}

const fn is_staff(caller: meguri_auth::Caller) -> bool {
    matches!(caller.role, meguri_auth::Role::Admin | meguri_auth::Role::Support)
}

fn instant(raw: &str) -> Result<chrono::DateTime<chrono::Utc>, Error> {
    chrono::DateTime::parse_from_rfc3339(raw).map(|t| t.to_utc()).map_err(|_| Error::InvalidSince)
}

#[tonic::async_trait]
impl Billing for BillingService {
    #[tracing::instrument(skip_all)]
    async fn get_balance(
        &self,
        request: Request<pb::GetBalanceRequest>,
    ) -> Result<Response<pb::GetBalanceResponse>, Status> {
        let user = Ledger::reader(
            meguri_auth::required_caller(&request, Error::Unauthenticated)?,
            optional_user(&request.get_ref().user_id)?,
        )?;
        let credits = self.ledger.balance(user).await?;
        Ok(Response::new(pb::GetBalanceResponse { credits: credits.get() }))
    }

    #[tracing::instrument(skip_all)]
    async fn grant(&self, request: Request<pb::GrantRequest>) -> Result<Response<pb::GrantResponse>, Status> {
        let may = Ledger::may_write(meguri_auth::required_caller(&request, Error::Unauthenticated)?)?;
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
        let may = Ledger::may_write(meguri_auth::required_caller(&request, Error::Unauthenticated)?)?;
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
        let may = Ledger::may_write(meguri_auth::required_caller(&request, Error::Unauthenticated)?)?;
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
        let caller = meguri_auth::required_caller(&request, Error::Unauthenticated)?;
        let user = Ledger::reader(caller, optional_user(&request.get_ref().user_id)?)?;
        let limit = LedgerLimit::parse(request.get_ref().limit)?;
        let before = LedgerCursor::parse(request.get_ref().before.as_deref())?;
        let page = self.ledger.list(user, limit, before).await?;
        let for_staff = is_staff(caller);
        Ok(Response::new(pb::ListLedgerResponse {
            entries: page.entries.into_iter().map(|e| entry(e, for_staff)).collect(),
            next_before: page.next_before.map(|cursor| cursor.to_string()),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn adjust_credits(
        &self,
        request: Request<pb::AdjustCreditsRequest>,
    ) -> Result<Response<pb::AdjustCreditsResponse>, Status> {
        let caller = meguri_auth::required_caller(&request, Error::Unauthenticated)?;
        let r = request.into_inner();
        let asked = AdjustRequest { user_id: &r.user_id, delta: r.delta, reason: &r.reason, request_id: &r.request_id };
        let (applied, adjusted) = self.ledger.adjust(caller, &asked).await?;
        Ok(Response::new(pb::AdjustCreditsResponse {
            balance: applied.balance.get(),
            entry: Some(entry(adjusted, true)),
            replayed: applied.replayed,
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_purchase_stats(
        &self,
        request: Request<pb::GetPurchaseStatsRequest>,
    ) -> Result<Response<pb::PurchaseStats>, Status> {
        let caller = meguri_auth::required_caller(&request, Error::Unauthenticated)?;
        let since = instant(&request.get_ref().since)?;
        let (count, amount_yen) = self.ledger.purchase_stats(caller, since).await?;
        Ok(Response::new(pb::PurchaseStats { count, amount_yen }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_daily_money(
        &self,
        request: Request<pb::GetDailyMoneyRequest>,
    ) -> Result<Response<pb::DailyMoney>, Status> {
        let caller = meguri_auth::required_caller(&request, Error::Unauthenticated)?;
        let (from, to) = (instant(&request.get_ref().from)?, instant(&request.get_ref().to)?);
        let days = self.ledger.daily_money(caller, from, to).await?;
        Ok(Response::new(pb::DailyMoney {
            days: days
                .into_iter()
                .map(|d| pb::daily_money::Day {
                    day: d.day.format("%Y-%m-%d").to_string(),
                    revenue_yen: d.revenue_yen,
                    purchases: d.purchases,
                    credits_sold: d.credits_sold,
                    credits_spent: d.credits_spent,
                })
                .collect(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_packs(
        &self,
        request: Request<pb::ListPacksRequest>,
    ) -> Result<Response<pb::ListPacksResponse>, Status> {
        let include_retired = request.get_ref().include_retired;
        domain::shop_reader(meguri_auth::required_caller(&request, Error::Unauthenticated)?, include_retired)?;
        let catalogue = self.shop.catalogue(include_retired).await?;
        Ok(Response::new(pb::ListPacksResponse {
            packs: catalogue.packs.into_iter().map(pack).collect(),
            max_quantity: catalogue.max_quantity,
            dev_checkout: catalogue.dev_checkout,
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_checkout(
        &self,
        request: Request<pb::CreateCheckoutRequest>,
    ) -> Result<Response<pb::CreateCheckoutResponse>, Status> {
        let buyer = domain::buyer(meguri_auth::required_caller(&request, Error::Unauthenticated)?)?;
        let r = request.into_inner();
        let checkout = CheckoutRequest::parse(r.item_id, r.quantity, &r.attempt_id, &r.success_url, &r.cancel_url)?;
        let (bought, checkout_url) = self.shop.checkout(buyer, checkout).await?;
        Ok(Response::new(pb::CreateCheckoutResponse { purchase: Some(purchase(bought)), checkout_url }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_purchase(&self, request: Request<pb::GetPurchaseRequest>) -> Result<Response<pb::Purchase>, Status> {
        let buyer = domain::buyer(meguri_auth::required_caller(&request, Error::Unauthenticated)?)?;
        let id = purchase_id(&request.get_ref().purchase_id)?;
        Ok(Response::new(purchase(self.shop.purchase(buyer, id).await?)))
    }

    #[tracing::instrument(skip_all)]
    async fn list_purchases(
        &self,
        request: Request<pb::ListPurchasesRequest>,
    ) -> Result<Response<pb::ListPurchasesResponse>, Status> {
        let buyer = domain::purchase_reader(
            meguri_auth::required_caller(&request, Error::Unauthenticated)?,
            optional_user(&request.get_ref().user_id)?,
        )?;
        let limit = purchases_limit(request.get_ref().limit)?;
        let purchases = self.shop.purchases(buyer, limit).await?;
        Ok(Response::new(pb::ListPurchasesResponse { purchases: purchases.into_iter().map(purchase).collect() }))
    }

    #[tracing::instrument(skip_all)]
    async fn handle_stripe_webhook(
        &self,
        request: Request<pb::HandleStripeWebhookRequest>,
    ) -> Result<Response<pb::HandleStripeWebhookResponse>, Status> {
        domain::webhook_caller(meguri_auth::required_caller(&request, Error::Unauthenticated)?)?;
        let r = request.into_inner();
        let handled = webhooks::handle(&self.shop, &r.payload, &r.signature).await?;
        Ok(Response::new(pb::HandleStripeWebhookResponse {
            event_id: handled.event_id,
            event_type: handled.event_type,
            handled: handled.handled,
            replayed: handled.replayed,
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_dev_checkout(
        &self,
        request: Request<pb::GetDevCheckoutRequest>,
    ) -> Result<Response<pb::Purchase>, Status> {
        let buyer = domain::buyer(meguri_auth::required_caller(&request, Error::Unauthenticated)?)?;
        let id = purchase_id(&request.get_ref().purchase_id)?;
        Ok(Response::new(purchase(self.shop.dev_checkout_purchase(buyer, id).await?)))
    }

    #[tracing::instrument(skip_all)]
    async fn complete_dev_checkout(
        &self,
        request: Request<pb::CompleteDevCheckoutRequest>,
    ) -> Result<Response<pb::CompleteDevCheckoutResponse>, Status> {
        let buyer = domain::buyer(meguri_auth::required_caller(&request, Error::Unauthenticated)?)?;
        let r = request.into_inner();
        let (id, outcome) = (purchase_id(&r.purchase_id)?, dev_outcome(r.outcome)?);
        let done = self.shop.complete_dev_checkout(buyer, id, outcome).await?;
        Ok(Response::new(pb::CompleteDevCheckoutResponse { purchase: Some(purchase(done)) }))
    }
}
