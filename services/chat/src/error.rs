//! chat's errors: the cases a caller can act on, each with its gRPC code and stable code
//! (`x-meguri-code`), plus one catch-all that is logged and never shown. The mapping to a status is
//! meguri-status's, once for every service; this file only lists the table.

use meguri_status::{Failure, ServiceError};
use tonic::Code;

/// Every stable code chat can send (checked below, and by the gateway against its Japanese
/// table). REPLY_FAILED and REPLY_TIMEOUT travel in a stream's `failed` event, not in a status.
pub const CODES: &[&str] = meguri_status::codes::CHAT;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// UNAUTHENTICATED UNAUTHENTICATED: no verified user on the call.
    #[error("unauthenticated")]
    Unauthenticated,
    /// INVALID_ARGUMENT INVALID_MESSAGE_ID: the message id is not a UUID.
    #[error("invalid message id")]
    InvalidMessageId,
    /// INVALID_ARGUMENT MESSAGE_EMPTY: nothing left after trimming.
    #[error("empty message")]
    MessageEmpty,
    /// INVALID_ARGUMENT MESSAGE_TOO_LONG: more than `max` (`CHAT_MAX_MESSAGE_LENGTH`) characters;
    /// `max` travels in `x-meguri-limit`, so the refusal is worded without asking chat again.
    #[error("message too long")]
    MessageTooLong { max: usize },
    /// INVALID_ARGUMENT INVALID_COMPATIBILITY_TARGET: the other person's date, gender, time, place
    /// or label is wrong.
    #[error("invalid compatibility target")]
    InvalidCompatibilityTarget,
    /// INVALID_ARGUMENT INVALID_LIMIT: a history page of less than 0 or more than 50.
    #[error("invalid limit")]
    InvalidLimit,
    /// INVALID_ARGUMENT INVALID_TIMEZONE_OFFSET: an offset beyond ±14 hours.
    #[error("invalid timezone offset")]
    InvalidTimezoneOffset,
    /// FAILED_PRECONDITION INSUFFICIENT_CREDITS: the balance is below a message's cost; nothing
    /// was charged or stored.
    #[error("insufficient credits")]
    InsufficientCredits,
    /// ALREADY_EXISTS MESSAGE_ID_TAKEN: the id is another user's, or this user's with another text.
    #[error("message id taken")]
    MessageIdTaken,
    /// NOT_FOUND MESSAGE_NOT_FOUND: no such message of the caller's.
    #[error("message not found")]
    MessageNotFound,
    /// UNAVAILABLE BILLING_UNAVAILABLE: billing did not answer; nothing was charged or stored.
    #[error("billing unavailable")]
    BillingUnavailable,
    /// INTERNAL INTERNAL_ERROR: anything else, logged with its cause chain. UNAVAILABLE
    /// SERVICE_UNAVAILABLE when it is a database outage (`meguri_db::is_unavailable`).
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl ServiceError for Error {
    fn failure(&self) -> Failure<'_> {
        use Code::{AlreadyExists, FailedPrecondition, InvalidArgument, NotFound, Unauthenticated, Unavailable};
        let known = |code, stable, log| Failure::Known(code, stable, log);
        match self {
            Self::Unauthenticated => known(Unauthenticated, "UNAUTHENTICATED", "unauthenticated"),
            Self::InvalidMessageId => known(InvalidArgument, "INVALID_MESSAGE_ID", "invalid message id"),
            Self::MessageEmpty => known(InvalidArgument, "MESSAGE_EMPTY", "empty message"),
            Self::MessageTooLong { .. } => known(InvalidArgument, "MESSAGE_TOO_LONG", "message too long"),
            Self::InvalidCompatibilityTarget => {
                known(InvalidArgument, "INVALID_COMPATIBILITY_TARGET", "invalid compatibility target")
            }
            Self::InvalidLimit => known(InvalidArgument, "INVALID_LIMIT", "invalid limit"),
            Self::InvalidTimezoneOffset => known(InvalidArgument, "INVALID_TIMEZONE_OFFSET", "invalid timezone offset"),
            Self::InsufficientCredits => known(FailedPrecondition, "INSUFFICIENT_CREDITS", "insufficient credits"),
            Self::MessageIdTaken => known(AlreadyExists, "MESSAGE_ID_TAKEN", "message id taken"),
            Self::MessageNotFound => known(NotFound, "MESSAGE_NOT_FOUND", "message not found"),
            Self::BillingUnavailable => known(Unavailable, "BILLING_UNAVAILABLE", "billing unavailable"),
            Self::Unexpected(e) => Failure::Unexpected(e.as_ref()),
        }
    }

    fn limit(&self) -> Option<u64> {
        match self {
            Self::MessageTooLong { max } => u64::try_from(*max).ok(),
            _ => None,
        }
    }
}

meguri_status::service_error!(
    Error,
    log: "chat",
    outage: meguri_db::is_unavailable,
    unexpected_from: [diesel::result::Error, meguri_db::DbError],
);

impl From<crate::domain::TextProblem> for Error {
    fn from(problem: crate::domain::TextProblem) -> Self {
        match problem {
            crate::domain::TextProblem::InvalidId => Self::InvalidMessageId,
            crate::domain::TextProblem::Empty => Self::MessageEmpty,
            crate::domain::TextProblem::TooLong { max } => Self::MessageTooLong { max },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_the_service_sends_is_in_its_list() {
        let all = [
            Error::Unauthenticated,
            Error::InvalidMessageId,
            Error::MessageEmpty,
            Error::MessageTooLong { max: 500 },
            Error::InvalidCompatibilityTarget,
            Error::InvalidLimit,
            Error::InvalidTimezoneOffset,
            Error::InsufficientCredits,
            Error::MessageIdTaken,
            Error::MessageNotFound,
            Error::BillingUnavailable,
            Error::Unexpected(anyhow::anyhow!("boom")),
        ];
        for error in &all {
            // A new variant fails to compile here until it is added above.
            match error {
                Error::Unauthenticated
                | Error::InvalidMessageId
                | Error::MessageEmpty
                | Error::MessageTooLong { .. }
                | Error::InvalidCompatibilityTarget
                | Error::InvalidLimit
                | Error::InvalidTimezoneOffset
                | Error::InsufficientCredits
                | Error::MessageIdTaken
                | Error::MessageNotFound
                | Error::BillingUnavailable
                | Error::Unexpected(_) => {}
            }
        }
        meguri_status::assert_listed(all, CODES);
        let too_long = tonic::Status::from(Error::MessageTooLong { max: 300 });
        assert_eq!(meguri_status::limit_of(&too_long), Some(300));
        assert_eq!(meguri_status::limit_of(&tonic::Status::from(Error::MessageEmpty)), None);
        for stream_code in ["REPLY_FAILED", "REPLY_TIMEOUT"] {
            assert!(CODES.contains(&stream_code), "{stream_code}");
        }
    }
}
