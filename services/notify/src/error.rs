//! The notify errors, mapped to gRPC once with `meguri-status`. The stable code travels in
//! `x-meguri-code`; the status message is English for logs.

use meguri_status::{Failure, ServiceError};
use tonic::Code;

/// Every stable code notify can send (checked below against [`Error`], and by the gateway against
/// its Japanese table).
pub const CODES: &[&str] = meguri_status::codes::NOTIFY;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// `InvalidArgument`, `INVALID_UNSUBSCRIBE_TOKEN`: an unsubscribe token that is malformed,
    /// forged, or whose user is gone (its tokens went with the account).
    #[error("invalid unsubscribe token")]
    InvalidUnsubscribeToken,
    /// `FailedPrecondition`, `UNSUBSCRIBE_TOKEN_USED`: the token was used before (that preference
    /// is off already).
    #[error("unsubscribe token used")]
    UnsubscribeTokenUsed,
    /// `PermissionDenied`, `PERMISSION_DENIED`: preferences belong to a signed-in user; visitors,
    /// admins and services have none.
    #[error("permission denied")]
    PermissionDenied,
    /// `Unauthenticated`, `UNAUTHENTICATED`: no verified claims on the call.
    #[error("unauthenticated")]
    Unauthenticated,
    /// `InvalidArgument`, `INVALID_SINCE`: a figures request whose `since` is not RFC 3339.
    #[error("invalid since")]
    InvalidSince,
    /// `Internal`, `INTERNAL_ERROR`: logged with its cause chain, never sent. `Unavailable`,
    /// `SERVICE_UNAVAILABLE` when it is a database outage (`meguri_db::is_unavailable`).
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl Error {
    /// A diesel error with what we were doing.
    pub fn db(context: &'static str) -> impl FnOnce(diesel::result::Error) -> Self {
        move |error| Self::Unexpected(anyhow::Error::new(error).context(context))
    }
}

impl ServiceError for Error {
    /// Each case's gRPC code, stable code and English log message; the rest (logging, the database
    /// outage check, the status) is the one mapping of `meguri-status`.
    fn failure(&self) -> Failure<'_> {
        match self {
            Self::InvalidUnsubscribeToken => {
                Failure::Known(Code::InvalidArgument, "INVALID_UNSUBSCRIBE_TOKEN", "invalid unsubscribe token")
            }
            Self::UnsubscribeTokenUsed => {
                Failure::Known(Code::FailedPrecondition, "UNSUBSCRIBE_TOKEN_USED", "unsubscribe token used")
            }
            Self::PermissionDenied => Failure::Known(Code::PermissionDenied, "PERMISSION_DENIED", "permission denied"),
            Self::Unauthenticated => Failure::Known(Code::Unauthenticated, "UNAUTHENTICATED", "unauthenticated"),
            Self::InvalidSince => Failure::Known(Code::InvalidArgument, "INVALID_SINCE", "invalid since"),
            Self::Unexpected(e) => Failure::Unexpected(e.as_ref()),
        }
    }
}

// `From<diesel::result::Error>` (diesel-async's `transaction` needs it; queries inside map their
// errors with [`Error::db`]) comes from the macro.
meguri_status::service_error!(
    Error,
    log: "notify",
    outage: meguri_db::is_unavailable,
    unexpected_from: [diesel::result::Error],
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_notify_sends_is_in_its_list() {
        let all = [
            Error::InvalidUnsubscribeToken,
            Error::UnsubscribeTokenUsed,
            Error::PermissionDenied,
            Error::Unauthenticated,
            Error::InvalidSince,
            Error::Unexpected(anyhow::anyhow!("boom")),
        ];
        for error in &all {
            // A new variant fails to compile here until it is added above.
            match error {
                Error::InvalidUnsubscribeToken
                | Error::UnsubscribeTokenUsed
                | Error::PermissionDenied
                | Error::Unauthenticated
                | Error::InvalidSince
                | Error::Unexpected(_) => {}
            }
        }
        meguri_status::assert_listed(all, CODES);
        assert!(CODES.contains(&meguri_status::SERVICE_UNAVAILABLE));
    }
}
