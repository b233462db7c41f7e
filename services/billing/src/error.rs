//! The billing errors, mapped to gRPC once. The stable code travels in `x-meguri-code`; the
//! gateway holds the Japanese message for each code.

use tonic::{Code, Status};

/// The metadata key of the stable code.
pub const CODE_METADATA: &str = "x-meguri-code";

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
    /// `Internal`: logged with its cause chain, never sent.
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl Error {
    /// The gRPC code and stable code of this error.
    #[must_use]
    pub const fn codes(&self) -> (Code, &'static str) {
        match self {
            Self::InvalidUserId => (Code::InvalidArgument, "INVALID_USER_ID"),
            Self::InvalidAmount => (Code::InvalidArgument, "INVALID_AMOUNT"),
            Self::InvalidIdempotencyKey => (Code::InvalidArgument, "INVALID_IDEMPOTENCY_KEY"),
            Self::InvalidReason => (Code::InvalidArgument, "INVALID_REASON"),
            Self::InvalidLimit => (Code::InvalidArgument, "INVALID_LIMIT"),
            Self::IdempotencyKeyReused => (Code::InvalidArgument, "IDEMPOTENCY_KEY_REUSED"),
            Self::InsufficientCredits => (Code::FailedPrecondition, "INSUFFICIENT_CREDITS"),
            Self::BalanceLimit => (Code::FailedPrecondition, "BALANCE_LIMIT_EXCEEDED"),
            Self::SpendNotFound => (Code::NotFound, "SPEND_NOT_FOUND"),
            Self::PermissionDenied => (Code::PermissionDenied, "PERMISSION_DENIED"),
            Self::Unauthenticated => (Code::Unauthenticated, "UNAUTHENTICATED"),
            Self::Conflict { .. } => (Code::AlreadyExists, "CONFLICT"),
            Self::Unexpected(_) => (Code::Internal, "INTERNAL"),
        }
    }

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

impl From<Error> for Status {
    fn from(error: Error) -> Self {
        if let Error::Unexpected(e) = &error
            && meguri_db::is_unavailable(e.as_ref())
        {
            tracing::warn!(name: "billing.database.unavailable", cause_chain = ?e, "the database did not answer");
            let mut status = Status::unavailable("database unavailable");
            status
                .metadata_mut()
                .insert(CODE_METADATA, tonic::metadata::MetadataValue::from_static("SERVICE_UNAVAILABLE"));
            return status;
        }
        let (code, stable) = error.codes();
        let message = match &error {
            Error::Unexpected(e) => {
                tracing::error!(name: "billing.unexpected", grpc_code = "Internal", error.cause_chain = ?e, "billing.unexpected: unexpected error");
                "internal error".to_owned()
            }
            // The Display of every other variant is a fixed sentence about the caller's request.
            other => other.to_string(),
        };
        let mut status = Status::new(code, message);
        if let Ok(value) = stable.parse() {
            status.metadata_mut().insert(CODE_METADATA, value);
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_carry_the_stable_code_and_no_internal_text() {
        let status = Status::from(Error::InsufficientCredits);
        assert_eq!(status.code(), Code::FailedPrecondition);
        assert_eq!(status.metadata().get(CODE_METADATA).and_then(|v| v.to_str().ok()), Some("INSUFFICIENT_CREDITS"));

        let status = Status::from(Error::Unexpected(anyhow::anyhow!("relation \"balances\" at 10.0.0.7")));
        assert_eq!(status.code(), Code::Internal);
        assert_eq!(status.message(), "internal error");
    }
}
