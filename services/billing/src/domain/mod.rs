//! The ledger's rules: parsed values and pure decisions, no I/O.

mod access;
mod credits;
mod ledger;

pub use access::{Caller, reader, writer};
pub use credits::{Credits, MAX_AMOUNT, MAX_BALANCE};
pub use ledger::{
    Applied, Change, ChangeKind, IdempotencyKey, LedgerEntry, LedgerLimit, Reason, Recorded, SIGNUP_BONUS, refund_key,
    replay, signup_bonus_key,
};
