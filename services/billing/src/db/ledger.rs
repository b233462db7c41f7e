//! The ledger's storage: every change is one transaction that locks the user's balance row,
//! checks, inserts its ledger row and updates the balance.

use chrono::{DateTime, Utc};
use diesel::{ExpressionMethods as _, OptionalExtension as _, QueryDsl as _, SelectableHelper as _};
use diesel_async::{AsyncConnection as _, AsyncPgConnection, RunQueryDsl as _};
use meguri_clock::Clock;
use meguri_ids::UserId;
use uuid::Uuid;

use super::models::{LedgerRow, NewLedgerRow};
use super::schema::{balances, credit_ledger};
use crate::domain::{
    Adjustment, Applied, Change, Credits, IdempotencyKey, LedgerCursor, LedgerEntry, LedgerLimit, LedgerPage,
    LedgerSeq, Reason, placement,
};
use crate::error::Error;

/// The unique constraints a concurrent change with the same key can hit (see the migration).
const KEY_CONSTRAINTS: [&str; 2] = ["credit_ledger_idempotency_key_key", "credit_ledger_refund_of_key"];

use super::connection;

/// The user's balance; 0 for a user with no ledger rows yet.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(user_id = %user))]
pub async fn balance(pool: &meguri_db::Pool, user: UserId) -> Result<Credits, Error> {
    let mut conn = connection(pool).await?;
    let credits: Option<i64> = balances::table
        .find(user.as_uuid())
        .select(balances::credits)
        .first(&mut conn)
        .await
        .optional()
        .map_err(Error::db("load the balance"))?;
    credits.map_or(Ok(Credits::ZERO), Credits::stored)
}

/// A page of `user`'s ledger in the order of application, newest first: at most `limit` rows,
/// those placed before `before` when given, and the cursor of the next page when there is one.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
#[tracing::instrument(skip_all, fields(user_id = %user))]
pub async fn list(
    pool: &meguri_db::Pool,
    user: UserId,
    limit: LedgerLimit,
    before: Option<LedgerCursor>,
) -> Result<LedgerPage, Error> {
    let mut conn = connection(pool).await?;
    let mut query = credit_ledger::table.filter(credit_ledger::user_id.eq(user.as_uuid())).into_boxed();
    if let Some(cursor) = before {
        query = query.filter(credit_ledger::seq.lt(cursor.before().get()));
    }
    let mut rows: Vec<LedgerRow> = query
        .order(credit_ledger::seq.desc())
        .limit(limit.get().saturating_add(1))
        .select(LedgerRow::as_select())
        .load(&mut conn)
        .await
        .map_err(Error::db("list the ledger"))?;
    let more = i64::try_from(rows.len()).is_ok_and(|n| n > limit.get());
    if more {
        rows.pop();
    }
    let entries = rows.into_iter().map(LedgerRow::entry).collect::<Result<Vec<_>, _>>()?;
    let next_before = if more { entries.last().map(|e| LedgerCursor::after(e.seq)) } else { None };
    Ok(LedgerPage { entries, next_before })
}

/// Applies a grant or spend in its own transaction (see [`apply_in`]).
///
/// # Errors
/// As [`apply_in`].
#[tracing::instrument(skip_all, fields(user_id = %change.user, kind = change.kind.as_str()))]
pub async fn apply(pool: &meguri_db::Pool, clock: &dyn Clock, change: &Change) -> Result<Applied, Error> {
    let mut conn = connection(pool).await?;
    let mut raced = false;
    loop {
        let outcome = conn.transaction(async |conn| apply_in(conn, clock, change).await).await;
        if let Some(outcome) = settle(outcome, &mut raced) {
            return outcome;
        }
    }
}

/// Gives back the spend `spend_key` of `user`, at most once, in its own transaction. Returns the
/// refund as applied (its amount is the spend's).
///
/// # Errors
/// [`Error::SpendNotFound`] when `user` has no spend with that key; otherwise as [`apply_in`].
#[tracing::instrument(skip_all, fields(user_id = %user))]
pub async fn refund(
    pool: &meguri_db::Pool,
    clock: &dyn Clock,
    user: UserId,
    spend_key: &IdempotencyKey,
    reason: &Reason,
) -> Result<(Change, Applied), Error> {
    let mut conn = connection(pool).await?;
    let mut raced = false;
    loop {
        let outcome = conn
            .transaction(async |conn| {
                let spend: Option<LedgerRow> = credit_ledger::table
                    .filter(credit_ledger::idempotency_key.eq(spend_key.as_str()))
                    .select(LedgerRow::as_select())
                    .first(conn)
                    .await
                    .optional()
                    .map_err(Error::db("load the spend"))?;
                let spend = spend.ok_or(Error::SpendNotFound)?.recorded()?;
                let change = Change::refund(user, &spend, reason.clone())?;
                let applied = apply_in(conn, clock, &change).await?;
                Ok((change, applied))
            })
            .await;
        if let Some(outcome) = settle(outcome, &mut raced) {
            return outcome;
        }
    }
}

/// Applies `change` on `conn`, which must be inside a transaction:
/// 1. makes sure the user has a balance row (0) and locks it (`FOR UPDATE`), so changes of one
///    user run one after another and the balance check below cannot race;
/// 2. when the key is already in the ledger, returns the first result (a replay) or refuses a
///    different change under the same key;
/// 3. computes the new balance (never below zero), and, still under the lock, places the entry
///    after the user's latest one (its `seq`, and its time from `clock`, never earlier than the
///    latest's: [`placement`]); inserts the ledger row and updates the balance. So the ledger read
///    by `seq` is the order in which the changes moved the balance.
///
/// # Errors
/// [`Error::InsufficientCredits`], [`Error::BalanceLimit`], [`Error::IdempotencyKeyReused`],
/// [`Error::Conflict`] when a concurrent transaction committed the same key first,
/// [`Error::Unexpected`].
pub async fn apply_in(conn: &mut AsyncPgConnection, clock: &dyn Clock, change: &Change) -> Result<Applied, Error> {
    let user = change.user.as_uuid();
    let current = lock_balance(conn, change.user).await?;

    let existing: Option<LedgerRow> = credit_ledger::table
        .filter(credit_ledger::idempotency_key.eq(change.key.as_str()))
        .select(LedgerRow::as_select())
        .first(conn)
        .await
        .optional()
        .map_err(Error::db("look the idempotency key up"))?;
    if let Some(existing) = existing {
        return crate::domain::replay(&existing.recorded()?, change);
    }

    let after = change.apply(current)?;
    let latest: Option<(i64, DateTime<Utc>)> = credit_ledger::table
        .filter(credit_ledger::user_id.eq(user))
        .order(credit_ledger::seq.desc())
        .select((credit_ledger::seq, credit_ledger::created_at))
        .first(conn)
        .await
        .optional()
        .map_err(Error::db("find the latest ledger entry"))?;
    let (seq, created_at) = placement(latest.map(|(seq, at)| (LedgerSeq::stored(seq), at)), clock.now());
    diesel::insert_into(credit_ledger::table)
        .values(NewLedgerRow {
            id: Uuid::now_v7(),
            user_id: *user,
            delta: change.delta(),
            balance_after: after.get(),
            reason: change.reason.as_str(),
            idempotency_key: change.key.as_str(),
            refund_of: change.refund_of.as_ref().map(IdempotencyKey::as_str),
            seq: seq.get(),
            created_at,
            note: change.staff.as_ref().map(|s| s.note.as_str()),
            actor_id: change.staff.as_ref().map(|s| *s.actor.as_uuid()),
        })
        .execute(conn)
        .await
        .map_err(Error::db("insert the ledger row"))?;
    diesel::update(balances::table.find(user))
        .set((balances::credits.eq(after.get()), balances::updated_at.eq(created_at)))
        .execute(conn)
        .await
        .map_err(Error::db("update the balance"))?;
    Ok(Applied { balance: after, replayed: false })
}

/// Applies a staff adjustment and, when it is new, its audit record (`credits.adjust`, in the
/// outbox) in one transaction. Returns the change as applied and its ledger entry: on a replay
/// (the same request id again, from a double click or a second staff member) the first one's,
/// and no second audit record.
///
/// # Errors
/// As [`apply_in`].
#[tracing::instrument(skip_all, fields(user_id = %adjustment.user, request_id = %adjustment.request_id))]
pub async fn adjust(
    pool: &meguri_db::Pool,
    clock: &dyn Clock,
    adjustment: &Adjustment,
) -> Result<(Change, Applied, LedgerEntry), Error> {
    let change = adjustment.change()?;
    let mut conn = connection(pool).await?;
    let mut raced = false;
    loop {
        let outcome = conn
            .transaction(async |conn| {
                let applied = apply_in(conn, clock, &change).await?;
                let entry: LedgerRow = credit_ledger::table
                    .filter(credit_ledger::idempotency_key.eq(change.key.as_str()))
                    .select(LedgerRow::as_select())
                    .first(conn)
                    .await
                    .map_err(Error::db("load the adjustment"))?;
                let entry = entry.entry()?;
                if !applied.replayed {
                    let record = crate::domain::adjustment_record(adjustment, &entry);
                    meguri_events::enqueue(conn, &record).await.map_err(Error::db("enqueue the audit record"))?;
                }
                Ok((applied, entry))
            })
            .await;
        if let Some(outcome) = settle(outcome, &mut raced) {
            return outcome.map(|(applied, entry)| (change, applied, entry));
        }
    }
}

/// How many purchases completed at or after `since`, and their amounts in yen.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
pub async fn purchase_stats(pool: &meguri_db::Pool, since: DateTime<Utc>) -> Result<(i64, i64), Error> {
    use super::schema::purchases;
    let mut conn = connection(pool).await?;
    // sum(bigint) is numeric in PostgreSQL: cast back (a day's yen fit in a bigint).
    let total = diesel::dsl::sql::<diesel::sql_types::BigInt>("coalesce(sum(amount), 0)::bigint");
    let (count, amount): (i64, i64) = purchases::table
        .filter(purchases::completed_at.ge(since))
        .select((diesel::dsl::count_star(), total))
        .first(&mut conn)
        .await
        .map_err(Error::db("count the purchases"))?;
    Ok((count, amount))
}

/// One Japan day of money (see `GetDailyMoney`).
#[derive(Clone, Debug, Default, PartialEq, Eq, diesel::QueryableByName)]
pub struct MoneyDay {
    #[diesel(sql_type = diesel::sql_types::Date)]
    pub day: chrono::NaiveDate,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub revenue_yen: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub purchases: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub credits_sold: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub credits_spent: i64,
}

/// Money per Japan day over `[from, to)`: completed purchases (yen, count, credits) and credits
/// spent (spends net of their refunds; staff adjustments, purchase grants and the clawback of a
/// refunded purchase are not spending).
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
pub async fn daily_money(
    pool: &meguri_db::Pool,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<MoneyDay>, Error> {
    let mut conn = connection(pool).await?;
    diesel::sql_query(
        r"
        WITH sold AS (
            SELECT (completed_at AT TIME ZONE 'Asia/Tokyo')::date AS day, sum(amount)::bigint AS revenue_yen,
                   count(*)::bigint AS purchases, sum(credits_granted)::bigint AS credits_sold
            FROM purchases WHERE completed_at >= $1 AND completed_at < $2 GROUP BY 1
        ), spent AS (
            SELECT (created_at AT TIME ZONE 'Asia/Tokyo')::date AS day,
                   (sum(CASE WHEN delta < 0 AND refund_of IS NULL THEN -delta ELSE 0 END)
                    - sum(CASE WHEN delta > 0 AND refund_of IS NOT NULL THEN delta ELSE 0 END))::bigint AS credits_spent
            FROM credit_ledger
            WHERE created_at >= $1 AND created_at < $2 AND reason NOT IN ('admin_adjustment', 'purchase', 'purchase_refund')
            GROUP BY 1
        )
        SELECT COALESCE(sold.day, spent.day) AS day, COALESCE(revenue_yen, 0) AS revenue_yen,
               COALESCE(purchases, 0) AS purchases, COALESCE(credits_sold, 0) AS credits_sold,
               COALESCE(credits_spent, 0) AS credits_spent
        FROM sold FULL JOIN spent ON sold.day = spent.day
        ORDER BY 1",
    )
    .bind::<diesel::sql_types::Timestamptz, _>(from)
    .bind::<diesel::sql_types::Timestamptz, _>(to)
    .load(&mut conn)
    .await
    .map_err(Error::db("sum the money per day"))
}

/// Makes sure `user` has a balance row (0) and locks it (`FOR UPDATE`) until the transaction
/// ends; returns the balance. Every change of one user takes this lock first, so a decision on the
/// balance (a spend's check, a refund's clawback) cannot race another change.
///
/// # Errors
/// [`Error::Unexpected`] when the database fails.
pub async fn lock_balance(conn: &mut AsyncPgConnection, user: UserId) -> Result<Credits, Error> {
    diesel::insert_into(balances::table)
        .values((balances::user_id.eq(user.as_uuid()), balances::credits.eq(0_i64)))
        .on_conflict_do_nothing()
        .execute(conn)
        .await
        .map_err(Error::db("create the balance row"))?;
    let current: i64 = balances::table
        .find(user.as_uuid())
        .select(balances::credits)
        .for_update()
        .first(conn)
        .await
        .map_err(Error::db("lock the balance row"))?;
    Credits::stored(current)
}

/// Two changes with the same key for *different* users lock different balance rows, so the second
/// meets the first's key only as a unique violation at insert. Running it once more then finds
/// the committed row and answers as a replay or a reuse. `None` means "run it again".
fn settle<T>(outcome: Result<T, Error>, raced: &mut bool) -> Option<Result<T, Error>> {
    match outcome {
        Err(Error::Conflict { constraint }) if KEY_CONSTRAINTS.contains(&constraint.as_str()) => {
            if *raced {
                return Some(Err(Error::IdempotencyKeyReused));
            }
            tracing::debug!(name: "billing.ledger.key_race", %constraint, "billing.ledger.key_race: same key committed concurrently; retrying");
            *raced = true;
            None
        }
        other => Some(other),
    }
}

/// Grants the sign-up bonus for the event `event_id` once: the processed-event mark and the
/// grant commit together. `None` when the event was handled before.
///
/// # Errors
/// As [`apply_in`].
#[tracing::instrument(skip_all, fields(user_id = %change.user, %event_id))]
pub async fn apply_for_event(
    pool: &meguri_db::Pool,
    clock: &dyn Clock,
    consumer: &str,
    event_id: Uuid,
    change: &Change,
) -> Result<Option<Applied>, Error> {
    let mut conn = connection(pool).await?;
    let mut raced = false;
    loop {
        let outcome = conn
            .transaction(async |conn| {
                if !meguri_events::mark_processed(conn, consumer, event_id)
                    .await
                    .map_err(Error::db("mark the event"))?
                {
                    return Ok(None);
                }
                apply_in(conn, clock, change).await.map(Some)
            })
            .await;
        if let Some(outcome) = settle(outcome, &mut raced) {
            return outcome;
        }
    }
}
