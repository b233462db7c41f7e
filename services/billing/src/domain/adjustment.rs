//! A staff member's credit adjustment: credits granted or taken with a written reason, keyed by
//! the submission's request id so a double click, a retry or two staff at once make one entry.

use meguri_ids::UserId;
use meguri_proto::audit::StaffActionRecorded;
use uuid::Uuid;

use super::{Change, ChangeKind, Credits, IdempotencyKey, LedgerEntry, Reason};
use crate::error::Error;

/// The largest adjustment either way.
pub const MAX_ADJUSTMENT: i64 = 100_000;
/// The longest reason, in characters.
pub const MAX_NOTE_CHARS: usize = 200;
/// The ledger reason of every adjustment (the member's app shows it as 運営による調整).
pub const ADJUSTMENT_REASON: &str = "admin_adjustment";

/// Why a staff member adjusted credits, as they wrote it: trimmed, 1 to 200 characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdjustmentNote(String);

impl AdjustmentNote {
    /// # Errors
    /// [`Error::AdjustmentReasonRequired`] when blank, [`Error::AdjustmentReasonTooLong`] (also for
    /// control characters other than line breaks and tabs, which no form sends and the database
    /// would not store).
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let text = raw.trim();
        if text.is_empty() {
            return Err(Error::AdjustmentReasonRequired);
        }
        let storable = text.chars().all(|c| !c.is_control() || matches!(c, '\n' | '\r' | '\t'));
        if text.chars().count() > MAX_NOTE_CHARS || !storable {
            return Err(Error::AdjustmentReasonTooLong);
        }
        Ok(Self(text.to_owned()))
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Who adjusted and why, stored with the ledger entry (staff read it; members never do).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaffNote {
    pub actor: UserId,
    pub note: AdjustmentNote,
}

/// One adjustment, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjustment {
    pub user: UserId,
    /// ±1..=±[`MAX_ADJUSTMENT`].
    pub delta: i64,
    pub request_id: Uuid,
    pub staff: StaffNote,
}

impl Adjustment {
    /// # Errors
    /// [`Error::InvalidRequestId`], [`Error::InvalidCreditDelta`], and the note's errors.
    pub fn parse(user: UserId, actor: UserId, delta: i64, note: &str, request_id: &str) -> Result<Self, Error> {
        let request_id = Uuid::try_parse(request_id).map_err(|_| Error::InvalidRequestId)?;
        if delta == 0 || delta.unsigned_abs() > MAX_ADJUSTMENT.unsigned_abs() {
            return Err(Error::InvalidCreditDelta);
        }
        let note = AdjustmentNote::parse(note)?;
        Ok(Self { user, delta, request_id, staff: StaffNote { actor, note } })
    }

    /// The ledger key: one per submission, whoever sends it.
    #[must_use]
    pub fn key(&self) -> IdempotencyKey {
        IdempotencyKey::stored(format!("{ADJUSTMENT_REASON}:{}", self.request_id))
    }

    /// The ledger change: a grant for a positive delta, a spend (never below zero) for a negative.
    ///
    /// # Errors
    /// None in practice: the delta was checked to be within the ledger's amounts.
    pub fn change(&self) -> Result<Change, Error> {
        let amount = Credits::amount(self.delta.abs())?;
        let kind = if self.delta > 0 { ChangeKind::Grant } else { ChangeKind::Spend };
        Ok(Change {
            user: self.user,
            kind,
            amount,
            reason: Reason::admin_adjustment(),
            key: self.key(),
            refund_of: None,
            staff: Some(self.staff.clone()),
        })
    }
}

/// The audit record of an adjustment as applied (`entry`): the balance before and after, and the
/// staff member's reason.
#[must_use]
pub fn adjustment_record(adjustment: &Adjustment, entry: &LedgerEntry) -> StaffActionRecorded {
    let after = entry.balance_after.get();
    StaffActionRecorded {
        actor_id: adjustment.staff.actor.to_string(),
        action: "credits.adjust".to_owned(),
        target_type: "member".to_owned(),
        target_id: adjustment.user.to_string(),
        before: Some(after.saturating_sub(entry.delta).to_string()),
        after: Some(after.to_string()),
        reason: Some(adjustment.staff.note.as_str().to_owned()),
        occurred_at: entry.created_at.to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(delta: i64, note: &str, request_id: &str) -> Result<Adjustment, Error> {
        Adjustment::parse(UserId::new(), UserId::new(), delta, note, request_id)
    }

    const ID: &str = "0193d2b0-5a1e-7000-a000-000000000001";

    #[test]
    fn a_grant_and_a_deduction_become_ledger_changes_under_the_request_key() {
        let grant = parse(5, "  お詫びの付与  ", ID).expect("grant");
        assert_eq!(grant.staff.note.as_str(), "お詫びの付与");
        let change = grant.change().expect("change");
        assert_eq!((change.kind, change.delta()), (ChangeKind::Grant, 5));
        assert_eq!(change.key.as_str(), format!("admin_adjustment:{ID}"));
        assert_eq!(change.reason.as_str(), "admin_adjustment");
        let deduct = parse(-3, "誤付与の取り消し", ID).expect("deduct").change().expect("change");
        assert_eq!((deduct.kind, deduct.delta()), (ChangeKind::Spend, -3));
    }

    #[test]
    fn refuses_zero_too_much_no_reason_and_a_bad_request_id() {
        assert!(matches!(parse(0, "x", ID), Err(Error::InvalidCreditDelta)));
        assert!(matches!(parse(100_001, "x", ID), Err(Error::InvalidCreditDelta)));
        assert!(matches!(parse(-100_001, "x", ID), Err(Error::InvalidCreditDelta)));
        assert!(matches!(parse(i64::MIN, "x", ID), Err(Error::InvalidCreditDelta)));
        assert!(parse(100_000, "x", ID).is_ok());
        assert!(matches!(parse(1, " \n", ID), Err(Error::AdjustmentReasonRequired)));
        assert!(matches!(parse(1, &"あ".repeat(201), ID), Err(Error::AdjustmentReasonTooLong)));
        assert!(parse(1, &"あ".repeat(200), ID).is_ok());
        assert!(matches!(parse(1, "nul\0byte", ID), Err(Error::AdjustmentReasonTooLong)));
        assert!(parse(1, "二行の\n理由", ID).is_ok());
        assert!(matches!(parse(1, "x", "not-a-uuid"), Err(Error::InvalidRequestId)));
    }
}
