//! billing's rules: parsed values and pure decisions, no I/O.

mod access;
mod adjustment;
mod credits;
mod ledger;
mod shop;
pub mod stripe;

pub use access::{Caller, adjuster, buyer, purchase_reader, reader, shop_reader, staff, webhook_caller, writer};
pub use adjustment::{ADJUSTMENT_REASON, Adjustment, AdjustmentNote, MAX_ADJUSTMENT, StaffNote, adjustment_record};
pub use credits::{Credits, MAX_AMOUNT, MAX_BALANCE};
pub use ledger::{
    Applied, Change, ChangeKind, IdempotencyKey, LedgerCursor, LedgerEntry, LedgerLimit, LedgerPage, LedgerSeq, Reason,
    Recorded, SIGNUP_BONUS, placement, refund_key, replay, signup_bonus_key,
};
pub use shop::{
    AttemptId, Clawback, DEV_SESSION_PREFIX, MAX_QUANTITY, Order, Pack, PackId, Purchase, PurchaseId, PurchaseStatus,
    Quantity, SessionOutcome, SessionStep, Yen, clawback, dev_checkout_url, for_purchase, is_full_refund,
    purchase_clawback_key, purchase_grant_key, return_url, session_step,
};
