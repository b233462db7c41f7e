//! The billing errors, mapped to gRPC once with `meguri-status`. The stable code travels in
//! `x-meguri-code`; the status message is English for logs; the gateway holds the Japanese message
//! for each code.

use meguri_status::{Failure, ServiceError};
use tonic::Code;

/// Every stable code billing can send (checked below against [`Error`], and by the gateway against
/// its Japanese table).
pub const CODES: &[&str] = meguri_status::codes::BILLING;

/// Every case a caller can act on, plus [`Error::Unexpected`].
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// `InvalidArgument`, `INVALID_USER_ID`: the user id is not a UUID, or an admin/service call
    /// names no user.
    #[error("invalid user id")]
    InvalidUserId,
    /// `InvalidArgument`, `INVALID_AMOUNT`: credits must be 1..=1,000,000.
    #[error("invalid amount")]
    InvalidAmount,
    /// `InvalidArgument`, `INVALID_IDEMPOTENCY_KEY`: 1..=128 visible ASCII characters.
    #[error("invalid idempotency key")]
    InvalidIdempotencyKey,
    /// `InvalidArgument`, `INVALID_REASON`: a snake_case word of at most 64 characters.
    #[error("invalid reason")]
    InvalidReason,
    /// `InvalidArgument`, `INVALID_LIMIT`: 0 (default 20) or 1..=100.
    #[error("invalid limit")]
    InvalidLimit,
    /// `InvalidArgument`, `INVALID_CURSOR`: a ledger page's `before` that no page gave as
    /// `next_before` (not a positive whole number).
    #[error("invalid cursor")]
    InvalidCursor,
    /// `InvalidArgument`, `IDEMPOTENCY_KEY_REUSED`: the key was used for a different change
    /// (another user, amount or kind).
    #[error("idempotency key reused for a different change")]
    IdempotencyKeyReused,
    /// `FailedPrecondition`, `INSUFFICIENT_CREDITS`: the spend is more than the balance.
    #[error("insufficient credits")]
    InsufficientCredits,
    /// `FailedPrecondition`, `BALANCE_LIMIT_EXCEEDED`: the grant would pass the largest balance.
    #[error("balance limit exceeded")]
    BalanceLimit,
    /// `NotFound`, `SPEND_NOT_FOUND`: no spend of this user has that idempotency key.
    #[error("spend not found")]
    SpendNotFound,
    /// `PermissionDenied`, `PERMISSION_DENIED`: a user reading another's credits, or a user or
    /// visitor trying to move credits.
    #[error("permission denied")]
    PermissionDenied,
    /// `Unauthenticated`, `UNAUTHENTICATED`: no verified claims on the call.
    #[error("unauthenticated")]
    Unauthenticated,
    /// `AlreadyExists`, `CONFLICT`: a unique constraint not otherwise handled.
    #[error("conflict")]
    Conflict { constraint: String },
    /// `InvalidArgument`, `INVALID_ITEM`: `item_id` is not 1 or more.
    #[error("invalid item")]
    InvalidItem,
    /// `InvalidArgument`, `INVALID_QUANTITY`: `quantity` outside 1..=10 (0 means 1).
    #[error("invalid quantity")]
    InvalidQuantity,
    /// `NotFound`, `ITEM_NOT_FOUND`: no such pack, or it is retired.
    #[error("item not found")]
    ItemNotFound,
    /// `NotFound`, `PURCHASE_NOT_FOUND`: no purchase of the caller has that id.
    #[error("purchase not found")]
    PurchaseNotFound,
    /// `InvalidArgument`, `INVALID_ATTEMPT_ID`: not a UUID, or an attempt already used for another
    /// pack, quantity or account.
    #[error("invalid attempt id")]
    InvalidAttemptId,
    /// `InvalidArgument`, `INVALID_SIGNATURE`: the webhook's `Stripe-Signature` does not verify
    /// (wrong secret, changed body, timestamp outside the tolerance, malformed header).
    #[error("invalid signature")]
    InvalidSignature,
    /// `InvalidArgument`, `INVALID_PAYLOAD`: a verified webhook body that is not a Stripe event
    /// billing can read; also a checkout request whose return URLs are not absolute http(s) URLs,
    /// and a development checkout without an outcome.
    #[error("invalid payload")]
    InvalidPayload,
    /// `Unavailable`, `STRIPE_UNAVAILABLE`: Stripe did not answer, or refused; nothing chargeable
    /// was stored.
    #[error("stripe unavailable")]
    StripeUnavailable,
    /// `FailedPrecondition`, `DEV_CHECKOUT_DISABLED`: the development checkout is off because
    /// Stripe is configured.
    #[error("development checkout disabled")]
    DevCheckoutDisabled,
    /// `InvalidArgument`, `INVALID_REQUEST_ID`: an adjustment's request id is not a UUID.
    #[error("invalid request id")]
    InvalidRequestId,
    /// `InvalidArgument`, `INVALID_CREDIT_DELTA`: an adjustment of 0, or beyond ±100,000.
    #[error("invalid credit delta")]
    InvalidCreditDelta,
    /// `InvalidArgument`, `ADJUSTMENT_REASON_REQUIRED`: an adjustment without a written reason.
    #[error("adjustment reason required")]
    AdjustmentReasonRequired,
    /// `InvalidArgument`, `ADJUSTMENT_REASON_TOO_LONG`: a reason of more than 200 characters.
    #[error("adjustment reason too long")]
    AdjustmentReasonTooLong,
    /// `InvalidArgument`, `INVALID_SINCE`: a stats request whose `since` is not RFC 3339.
    #[error("invalid since")]
    InvalidSince,
    /// `Internal`, `INTERNAL_ERROR`: logged with its cause chain, never sent. `Unavailable`,
    /// `SERVICE_UNAVAILABLE` when it is a database outage (`meguri_db::is_unavailable`).
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl ServiceError for Error {
    /// Each case's gRPC code, stable code and English log message (a fixed sentence about the
    /// caller's request); the rest (logging, the database outage check, the status) is the one
    /// mapping of `meguri-status`.
    fn failure(&self) -> Failure<'_> {
        let (code, stable, message) = match self {
            Self::InvalidUserId => (Code::InvalidArgument, "INVALID_USER_ID", "invalid user id"),
            Self::InvalidAmount => (Code::InvalidArgument, "INVALID_AMOUNT", "invalid amount"),
            Self::InvalidIdempotencyKey => {
                (Code::InvalidArgument, "INVALID_IDEMPOTENCY_KEY", "invalid idempotency key")
            }
            Self::InvalidReason => (Code::InvalidArgument, "INVALID_REASON", "invalid reason"),
            Self::InvalidLimit => (Code::InvalidArgument, "INVALID_LIMIT", "invalid limit"),
            Self::InvalidCursor => (Code::InvalidArgument, "INVALID_CURSOR", "invalid cursor"),
            Self::IdempotencyKeyReused => {
                (Code::InvalidArgument, "IDEMPOTENCY_KEY_REUSED", "idempotency key reused for a different change")
            }
            Self::InsufficientCredits => (Code::FailedPrecondition, "INSUFFICIENT_CREDITS", "insufficient credits"),
            Self::BalanceLimit => (Code::FailedPrecondition, "BALANCE_LIMIT_EXCEEDED", "balance limit exceeded"),
            Self::SpendNotFound => (Code::NotFound, "SPEND_NOT_FOUND", "spend not found"),
            Self::PermissionDenied => (Code::PermissionDenied, "PERMISSION_DENIED", "permission denied"),
            Self::Unauthenticated => (Code::Unauthenticated, "UNAUTHENTICATED", "unauthenticated"),
            Self::Conflict { .. } => (Code::AlreadyExists, "CONFLICT", "conflict"),
            Self::InvalidItem => (Code::InvalidArgument, "INVALID_ITEM", "invalid item"),
            Self::InvalidQuantity => (Code::InvalidArgument, "INVALID_QUANTITY", "invalid quantity"),
            Self::ItemNotFound => (Code::NotFound, "ITEM_NOT_FOUND", "item not found"),
            Self::PurchaseNotFound => (Code::NotFound, "PURCHASE_NOT_FOUND", "purchase not found"),
            Self::InvalidAttemptId => (Code::InvalidArgument, "INVALID_ATTEMPT_ID", "invalid attempt id"),
            Self::InvalidSignature => (Code::InvalidArgument, "INVALID_SIGNATURE", "invalid signature"),
            Self::InvalidPayload => (Code::InvalidArgument, "INVALID_PAYLOAD", "invalid payload"),
            Self::StripeUnavailable => (Code::Unavailable, "STRIPE_UNAVAILABLE", "stripe unavailable"),
            Self::DevCheckoutDisabled => {
                (Code::FailedPrecondition, "DEV_CHECKOUT_DISABLED", "development checkout disabled")
            }
            Self::InvalidRequestId => (Code::InvalidArgument, "INVALID_REQUEST_ID", "invalid request id"),
            Self::InvalidCreditDelta => (Code::InvalidArgument, "INVALID_CREDIT_DELTA", "invalid credit delta"),
            Self::AdjustmentReasonRequired => {
                (Code::InvalidArgument, "ADJUSTMENT_REASON_REQUIRED", "adjustment reason required")
            }
            Self::AdjustmentReasonTooLong => {
                (Code::InvalidArgument, "ADJUSTMENT_REASON_TOO_LONG", "adjustment reason too long")
            }
            Self::InvalidSince => (Code::InvalidArgument, "INVALID_SINCE", "invalid since"),
            Self::Unexpected(e) => return Failure::Unexpected(e.as_ref()),
        };
        Failure::Known(code, stable, message)
    }
}

meguri_status::service_error!(Error, log: "billing", outage: meguri_db::is_unavailable);

impl Error {
    /// A diesel error: a unique violation becomes [`Error::Conflict`] naming its constraint (the
    /// ledger decides what each means); anything else is unexpected, with `context`.
    pub fn db(context: &'static str) -> impl FnOnce(diesel::result::Error) -> Self {
        move |error| match &error {
            diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, info) => {
                Self::Conflict { constraint: info.constraint_name().unwrap_or("unknown").to_owned() }
            }
            _ => Self::Unexpected(anyhow::Error::new(error).context(context)),
        }
    }
}

/// Needed by diesel-async's `transaction`; queries inside map their errors with [`Error::db`].
impl From<diesel::result::Error> for Error {
    fn from(error: diesel::result::Error) -> Self {
        Self::db("transaction")(error)
    }
}

#[cfg(test)]
mod tests {
    use tonic::Status;

    use super::*;

    /// One error of every variant; the match makes a new variant fail to compile until it is added.
    fn one_of_each() -> Vec<Error> {
        let all = vec![
            Error::InvalidUserId,
            Error::InvalidAmount,
            Error::InvalidIdempotencyKey,
            Error::InvalidReason,
            Error::InvalidLimit,
            Error::InvalidCursor,
            Error::IdempotencyKeyReused,
            Error::InsufficientCredits,
            Error::BalanceLimit,
            Error::SpendNotFound,
            Error::PermissionDenied,
            Error::Unauthenticated,
            Error::Conflict { constraint: "ledger_pkey".to_owned() },
            Error::InvalidItem,
            Error::InvalidQuantity,
            Error::ItemNotFound,
            Error::PurchaseNotFound,
            Error::InvalidAttemptId,
            Error::InvalidSignature,
            Error::InvalidPayload,
            Error::StripeUnavailable,
            Error::DevCheckoutDisabled,
            Error::InvalidRequestId,
            Error::InvalidCreditDelta,
            Error::AdjustmentReasonRequired,
            Error::AdjustmentReasonTooLong,
            Error::InvalidSince,
            Error::Unexpected(anyhow::anyhow!("boom")),
        ];
        for e in &all {
            match e {
                Error::InvalidUserId
                | Error::InvalidAmount
                | Error::InvalidIdempotencyKey
                | Error::InvalidReason
                | Error::InvalidLimit
                | Error::InvalidCursor
                | Error::IdempotencyKeyReused
                | Error::InsufficientCredits
                | Error::BalanceLimit
                | Error::SpendNotFound
                | Error::PermissionDenied
                | Error::Unauthenticated
                | Error::Conflict { .. }
                | Error::InvalidItem
                | Error::InvalidQuantity
                | Error::ItemNotFound
                | Error::PurchaseNotFound
                | Error::InvalidAttemptId
                | Error::InvalidSignature
                | Error::InvalidPayload
                | Error::StripeUnavailable
                | Error::DevCheckoutDisabled
                | Error::InvalidRequestId
                | Error::InvalidCreditDelta
                | Error::AdjustmentReasonRequired
                | Error::AdjustmentReasonTooLong
                | Error::InvalidSince
                | Error::Unexpected(_) => {}
            }
        }
        all
    }

    #[test]
    fn every_code_billing_sends_is_in_its_list() {
        meguri_status::assert_listed(one_of_each(), CODES);
        assert!(CODES.contains(&meguri_status::SERVICE_UNAVAILABLE));
    }

    #[test]
    fn statuses_carry_the_stable_code_and_no_internal_text() {
        let status = Status::from(Error::InsufficientCredits);
        assert_eq!(status.code(), Code::FailedPrecondition);
        assert_eq!(meguri_status::code_of(&status), Some("INSUFFICIENT_CREDITS"));

        let status = Status::from(Error::Conflict { constraint: "ledger_user_key_idx".to_owned() });
        assert!(!status.message().contains("ledger"));

        let status = Status::from(Error::Unexpected(anyhow::anyhow!("relation \"balances\" at 10.0.0.7")));
        assert_eq!(status.code(), Code::Internal);
        assert_eq!(status.message(), "internal error");
        assert_eq!(meguri_status::code_of(&status), Some(meguri_status::INTERNAL_ERROR));
    }
}
