//! The JSON shape of the credit ledger (billing's proto → camelCase at the edge).
//!
//! Every mirror destructures its proto message without `..`.

use meguri_proto::billing as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::ApiError;

/// One change of the balance.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerEntry {
    #[schema(example = "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b")]
    pub id: String,
    /// Credits added (> 0) or taken (< 0).
    #[schema(example = 30)]
    pub delta: i64,
    /// The balance after this change.
    #[schema(example = 33)]
    pub balance_after: i64,
    /// `signup_bonus` (登録特典), `chat_message` (チャット), `chat_refund` (チャットの返金),
    /// `purchase` (購入), `purchase_refund` (購入の返金), `admin_grant` (付与); the app shows
    /// any other as it is.
    #[schema(example = "purchase")]
    pub reason: String,
    /// RFC 3339.
    #[schema(example = "2026-11-26T12:01:00.000Z")]
    pub created_at: String,
}

impl From<pb::LedgerEntry> for LedgerEntry {
    fn from(e: pb::LedgerEntry) -> Self {
        // `seq` orders billing's pages; the app pages by `nextBefore` and lists in the order given.
        // An adjustment's note and staff member are for staff (billing sends them only to staff).
        let pb::LedgerEntry { id, delta, balance_after, reason, created_at, seq: _, note: _, actor_id: _ } = e;
        Self { id, delta, balance_after, reason, created_at }
    }
}

/// `GET /api/credits/ledger`: the balance and one page of entries in the order they were
/// applied, newest first (each entry's `balanceAfter` is the next one's plus its `delta`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreditLedger {
    /// The caller's credits now.
    #[schema(example = 33)]
    pub balance: i64,
    pub entries: Vec<LedgerEntry>,
    /// Pass it as `before` for the next (older) page; null on the last page.
    #[schema(required = true, example = "41")]
    pub next_before: Option<String>,
}

impl CreditLedger {
    #[must_use]
    pub fn new(balance: pb::GetBalanceResponse, ledger: pb::ListLedgerResponse) -> Self {
        let pb::GetBalanceResponse { credits } = balance;
        let pb::ListLedgerResponse { entries, next_before } = ledger;
        Self { balance: credits, entries: entries.into_iter().map(LedgerEntry::from).collect(), next_before }
    }
}

/// The most entries a request may ask for, and how many it gets unless it asks (billing's bounds).
pub const MAX_LEDGER_LIMIT: u32 = 100;
pub const DEFAULT_LEDGER_LIMIT: u32 = 20;

/// The query of `GET /api/credits/ledger`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct LedgerQuery {
    /// 1..=100 (default 20).
    #[param(example = 20, minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// `nextBefore` of the previous page: only entries applied before it.
    #[param(example = "41", pattern = "^[1-9][0-9]{0,18}$")]
    pub before: Option<String>,
}

impl LedgerQuery {
    /// The request to billing: the caller's own ledger.
    ///
    /// # Errors
    /// 400 `INVALID_LIMIT` outside 1..=100 (billing answers `INVALID_CURSOR` for a `before` no
    /// page gave).
    pub fn request(self) -> Result<pb::ListLedgerRequest, ApiError> {
        let limit = match self.limit {
            None => DEFAULT_LEDGER_LIMIT,
            Some(n) if (1..=MAX_LEDGER_LIMIT).contains(&n) => n,
            Some(_) => return Err(ApiError::Invalid("INVALID_LIMIT")),
        };
        let before = self.before.map(|b| b.trim().to_owned()).filter(|b| !b.is_empty());
        Ok(pb::ListLedgerRequest { user_id: String::new(), limit: i32::try_from(limit).unwrap_or(i32::MAX), before })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ledger_is_camel_case_with_the_balance() {
        let ledger = CreditLedger::new(
            pb::GetBalanceResponse { credits: 33 },
            pb::ListLedgerResponse {
                entries: vec![pb::LedgerEntry {
                    id: "e1".to_owned(),
                    delta: 30,
                    balance_after: 33,
                    reason: "purchase".to_owned(),
                    created_at: "2026-11-26T12:01:00.000Z".to_owned(),
                    seq: 2,
                    note: None,
                    actor_id: None,
                }],
                next_before: Some("2".to_owned()),
            },
        );

        let json = serde_json::to_value(ledger).expect("json");

        assert_eq!(
            json,
            serde_json::json!({"balance": 33, "entries": [{"id": "e1", "delta": 30, "balanceAfter": 33,
                "reason": "purchase", "createdAt": "2026-11-26T12:01:00.000Z"}], "nextBefore": "2"})
        );
    }

    #[test]
    fn the_limit_is_bounded_and_the_caller_is_implicit() {
        let request = LedgerQuery { limit: None, before: None }.request().expect("default");
        assert_eq!((request.limit, request.user_id.as_str(), request.before), (20, "", None));
        let blank = LedgerQuery { limit: None, before: Some("  ".to_owned()) }.request().expect("blank");
        assert_eq!(blank.before, None, "an empty cursor is the newest page");
        let next = LedgerQuery { limit: None, before: Some(" 41 ".to_owned()) }.request().expect("cursor");
        assert_eq!(next.before.as_deref(), Some("41"));
        for limit in [0, 101] {
            let error = LedgerQuery { limit: Some(limit), before: None }.request().expect_err("out of range");
            assert_eq!(error.body().code, "INVALID_LIMIT");
        }
    }
}
