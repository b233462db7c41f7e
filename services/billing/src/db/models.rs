//! Row structs of the ledger, converted to domain values before they leave `db/`.

use chrono::{DateTime, Utc};
use diesel::{Insertable, Queryable, Selectable};
use meguri_ids::UserId;
use uuid::Uuid;

use super::schema::credit_ledger;
use crate::domain::{Credits, IdempotencyKey, LedgerEntry, LedgerSeq, Recorded};
use crate::error::Error;

#[derive(Queryable, Selectable)]
#[diesel(table_name = credit_ledger)]
pub(super) struct LedgerRow {
    pub id: Uuid,
    pub user_id: Uuid,
    pub delta: i64,
    pub balance_after: i64,
    pub reason: String,
    pub idempotency_key: String,
    pub refund_of: Option<String>,
    pub created_at: DateTime<Utc>,
    pub seq: i64,
    pub note: Option<String>,
    pub actor_id: Option<Uuid>,
}

impl LedgerRow {
    pub(super) fn recorded(&self) -> Result<Recorded, Error> {
        Ok(Recorded {
            user: UserId::from_uuid(self.user_id),
            delta: self.delta,
            balance_after: Credits::stored(self.balance_after)?,
            key: IdempotencyKey::stored(self.idempotency_key.clone()),
            refund_of: self.refund_of.clone().map(IdempotencyKey::stored),
        })
    }

    pub(super) fn entry(self) -> Result<LedgerEntry, Error> {
        Ok(LedgerEntry {
            id: self.id,
            seq: LedgerSeq::stored(self.seq),
            delta: self.delta,
            balance_after: Credits::stored(self.balance_after)?,
            reason: self.reason,
            created_at: self.created_at,
            note: self.note,
            actor: self.actor_id.map(UserId::from_uuid),
        })
    }
}

#[derive(Insertable)]
#[diesel(table_name = credit_ledger)]
pub(super) struct NewLedgerRow<'a> {
    pub id: Uuid,
    pub user_id: Uuid,
    pub delta: i64,
    pub balance_after: i64,
    pub reason: &'a str,
    pub idempotency_key: &'a str,
    pub refund_of: Option<&'a str>,
    pub seq: i64,
    pub created_at: DateTime<Utc>,
    pub note: Option<&'a str>,
    pub actor_id: Option<Uuid>,
}
