//! fortune-gen's errors: the cases a caller can act on, each with its gRPC status and stable code
//! (`x-meguri-code`), plus one catch-all that is logged and never shown. Statuses are built by
//! `meguri-status`; their messages are English for logs (the gateway owns the Japanese).

use meguri_status::{Failure, ServiceError};
use tonic::Code;

use crate::domain::Invalid;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// INVALID_ARGUMENT, the rule's own code (INVALID_TIMEZONE_OFFSET, INVALID_FORTUNE_TYPE, …).
    #[error("invalid input: {0}")]
    Invalid(#[from] Invalid),
    /// FAILED_PRECONDITION CHART_NOT_READY: the chart is not built (yet).
    #[error("chart not ready")]
    ChartNotReady,
    /// FAILED_PRECONDITION PROFILE_INCOMPLETE: identity has no birth date for the user.
    #[error("no birth date")]
    ProfileIncomplete,
    /// NOT_FOUND RATING_NOT_FOUND: no rating of that content by the caller.
    #[error("rating not found")]
    RatingNotFound,
    /// UNAVAILABLE SERVICE_UNAVAILABLE: bazi-engine (or identity) did not answer in time.
    #[error("a dependency is unavailable: {0}")]
    Unavailable(String),
    /// UNAVAILABLE SOCIAL_UNAVAILABLE: social did not answer, so who is a friend now is not known
    /// and no friend update is served (the home screen says the friends could not be read, not that
    /// all is down).
    #[error("social is unavailable: {0}")]
    SocialUnavailable(String),
    /// UNAUTHENTICATED: a user-scoped call without a user token.
    #[error("not called for a user")]
    NotAUser,
    /// PERMISSION_DENIED: an admin-only call without an admin token.
    #[error("admin token required")]
    PermissionDenied,
    /// FAILED_PRECONDITION CHART_NOT_FAILED: a retry of a chart that has not failed.
    #[error("chart has not failed")]
    ChartNotFailed,
    /// INVALID_ARGUMENT INVALID_USER_ID: a staff call naming no member.
    #[error("invalid user id")]
    InvalidUserId,
    /// INTERNAL INTERNAL_ERROR: anything else; logged with its cause chain. UNAVAILABLE
    /// SERVICE_UNAVAILABLE when it is a database outage (`meguri_db::is_unavailable`).
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Every stable code fortune-gen can send (checked below against [`Error`], and by the gateway
/// against its Japanese table).
pub const CODES: &[&str] = meguri_status::codes::FORTUNE_GEN;

impl ServiceError for Error {
    /// Each case's gRPC code, stable code and English log message; the rest (logging, the database
    /// outage check, the status) is the one mapping of `meguri-status`.
    fn failure(&self) -> Failure<'_> {
        let (code, stable, message) = match self {
            Self::Invalid(invalid) => (Code::InvalidArgument, invalid.code(), "invalid input"),
            Self::ChartNotReady => (Code::FailedPrecondition, "CHART_NOT_READY", "chart not ready"),
            Self::ProfileIncomplete => (Code::FailedPrecondition, "PROFILE_INCOMPLETE", "no birth date"),
            Self::RatingNotFound => (Code::NotFound, "RATING_NOT_FOUND", "rating not found"),
            Self::Unavailable(what) => return Failure::PeerUnavailable(what),
            Self::SocialUnavailable(_) => (Code::Unavailable, "SOCIAL_UNAVAILABLE", "social unavailable"),
            Self::NotAUser => (Code::Unauthenticated, "UNAUTHENTICATED", "not called for a user"),
            Self::PermissionDenied => (Code::PermissionDenied, "PERMISSION_DENIED", "admin token required"),
            Self::ChartNotFailed => (Code::FailedPrecondition, "CHART_NOT_FAILED", "chart has not failed"),
            Self::InvalidUserId => (Code::InvalidArgument, "INVALID_USER_ID", "invalid user id"),
            Self::Unexpected(e) => return Failure::Unexpected(e.as_ref()),
        };
        Failure::Known(code, stable, message)
    }
}

meguri_status::service_error!(
    Error,
    log: "fortune_gen",
    outage: meguri_db::is_unavailable,
    unexpected_from: [diesel::result::Error, meguri_db::DbError],
);

#[cfg(test)]
mod tests {
    use tonic::Status;

    use super::*;

    /// One error of every variant; the matches make a new variant fail to compile until it is added.
    fn one_of_each() -> Vec<Error> {
        let invalid = [
            Invalid::TimezoneOffset,
            Invalid::FortuneType,
            Invalid::ContentHash,
            Invalid::Rating,
            Invalid::FeedbackTooLong,
            Invalid::Context,
            Invalid::Limit,
        ];
        for i in invalid {
            match i {
                Invalid::TimezoneOffset
                | Invalid::FortuneType
                | Invalid::ContentHash
                | Invalid::Rating
                | Invalid::FeedbackTooLong
                | Invalid::Context
                | Invalid::Limit => {}
            }
        }
        let mut all: Vec<Error> = invalid.into_iter().map(Error::Invalid).collect();
        all.extend([
            Error::ChartNotReady,
            Error::ProfileIncomplete,
            Error::RatingNotFound,
            Error::Unavailable("bazi-engine".to_owned()),
            Error::SocialUnavailable("social: unavailable".to_owned()),
            Error::NotAUser,
            Error::PermissionDenied,
            Error::ChartNotFailed,
            Error::InvalidUserId,
            Error::Unexpected(anyhow::anyhow!("boom")),
        ]);
        for e in &all {
            match e {
                Error::Invalid(_)
                | Error::ChartNotReady
                | Error::ProfileIncomplete
                | Error::RatingNotFound
                | Error::Unavailable(_)
                | Error::SocialUnavailable(_)
                | Error::NotAUser
                | Error::PermissionDenied
                | Error::ChartNotFailed
                | Error::InvalidUserId
                | Error::Unexpected(_) => {}
            }
        }
        all
    }

    #[test]
    fn every_code_fortune_gen_sends_is_in_its_list() {
        meguri_status::assert_listed(one_of_each(), CODES);
    }

    #[test]
    fn a_status_carries_the_code_and_an_english_message() {
        let status = Status::from(Error::ChartNotReady);
        assert_eq!(status.code(), Code::FailedPrecondition);
        assert_eq!(status.message(), "chart not ready");
        assert_eq!(meguri_status::code_of(&status), Some("CHART_NOT_READY"));
        let status = Status::from(Error::Invalid(Invalid::TimezoneOffset));
        assert_eq!(status.code(), Code::InvalidArgument);
        assert_eq!(meguri_status::code_of(&status), Some("INVALID_TIMEZONE_OFFSET"));
        for error in one_of_each() {
            let status = Status::from(error);
            assert!(status.message().is_ascii(), "{}", status.message());
        }
    }

    #[test]
    fn a_dependency_that_does_not_answer_is_service_unavailable() {
        let status = Status::from(Error::Unavailable("bazi-engine: deadline".to_owned()));

        assert_eq!(status.code(), Code::Unavailable);
        assert_eq!(meguri_status::code_of(&status), Some(meguri_status::SERVICE_UNAVAILABLE));
        assert!(!status.message().contains("deadline"));
    }

    #[test]
    fn social_that_does_not_answer_has_its_own_code() {
        let status = Status::from(Error::SocialUnavailable("social: deadline_exceeded".to_owned()));

        assert_eq!(status.code(), Code::Unavailable);
        assert_eq!(meguri_status::code_of(&status), Some("SOCIAL_UNAVAILABLE"));
        assert!(!status.message().contains("deadline"));
    }

    #[test]
    fn an_unexpected_error_is_the_shared_catch_all_and_says_nothing_of_its_cause() {
        let status = Status::from(Error::Unexpected(anyhow::anyhow!("password=hunter2 at db:5432")));
        assert_eq!(status.code(), Code::Internal);
        assert_eq!(status.message(), "internal error");
        assert_eq!(meguri_status::code_of(&status), Some(meguri_status::INTERNAL_ERROR));
    }
}
