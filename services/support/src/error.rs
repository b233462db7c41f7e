//! support's errors: the cases a caller can act on, each with its gRPC code and stable code
//! (`x-meguri-code`), plus one catch-all that is logged and never shown. The mapping to a status is
//! meguri-status's, once for every service; this file only lists the table.

use meguri_status::{Failure, ServiceError};
use tonic::Code;

use crate::domain::Invalid;

/// Every stable code support can send (checked below, and by the gateway against its Japanese
/// table).
pub const CODES: &[&str] = meguri_status::codes::SUPPORT;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// UNAUTHENTICATED UNAUTHENTICATED: no signed-in member on a member's call; no admin the token
    /// names on a staff call (a visitor, no claims).
    #[error("unauthenticated")]
    Unauthenticated,
    /// PERMISSION_DENIED PERMISSION_DENIED: a staff call by a member or a service.
    #[error("permission denied")]
    PermissionDenied,
    /// INVALID_ARGUMENT with the rule's code (TICKET_SUBJECT_REQUIRED, INVALID_CURSOR…).
    #[error("invalid: {}", .0.code())]
    Invalid(Invalid),
    /// INVALID_ARGUMENT INVALID_REQUEST_ID: a request id that is not a UUID.
    #[error("the request id is not a UUID")]
    InvalidRequestId,
    /// NOT_FOUND TICKET_NOT_FOUND: no such ticket, or not the caller's.
    #[error("ticket not found")]
    TicketNotFound,
    /// INVALID_ARGUMENT with meguri-image's code (IMAGE_TYPE_NOT_ALLOWED, IMAGE_TOO_LARGE…): a
    /// screenshot that is not a clean PNG or JPEG of at most 2 MiB.
    #[error("image refused: {}", .0.code())]
    Image(meguri_image::Refusal),
    /// NOT_FOUND ATTACHMENT_NOT_FOUND: no such screenshot, or not one the caller may see.
    #[error("attachment not found")]
    AttachmentNotFound,
    /// NOT_FOUND REPLY_LINK_INVALID: a reply-link token that is unknown, expired, forged or
    /// malformed (one answer for all).
    #[error("reply link invalid")]
    ReplyLinkInvalid,
    /// INVALID_ARGUMENT INVALID_ANALYTICS_DATE / INVALID_ANALYTICS_RANGE: a dashboard or rollup
    /// range with a day that is not one, reversed, or longer than a year.
    #[error("analytics range: {0}")]
    AnalyticsRange(meguri_japan_day::DayError),
    /// INTERNAL INTERNAL_ERROR: anything else, logged with its cause chain. UNAVAILABLE
    /// SERVICE_UNAVAILABLE when it is a database outage (`meguri_db::is_unavailable`).
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<Invalid> for Error {
    fn from(invalid: Invalid) -> Self {
        Self::Invalid(invalid)
    }
}

impl ServiceError for Error {
    fn failure(&self) -> Failure<'_> {
        match self {
            Self::Unauthenticated => Failure::Known(Code::Unauthenticated, "UNAUTHENTICATED", "unauthenticated"),
            Self::PermissionDenied => Failure::Known(Code::PermissionDenied, "PERMISSION_DENIED", "permission denied"),
            Self::Invalid(i) => Failure::Known(Code::InvalidArgument, i.code(), "invalid input"),
            Self::InvalidRequestId => {
                Failure::Known(Code::InvalidArgument, "INVALID_REQUEST_ID", "the request id is not a UUID")
            }
            Self::TicketNotFound => Failure::Known(Code::NotFound, "TICKET_NOT_FOUND", "ticket not found"),
            Self::Image(refusal) => Failure::Known(Code::InvalidArgument, refusal.code(), "image refused"),
            Self::AttachmentNotFound => Failure::Known(Code::NotFound, "ATTACHMENT_NOT_FOUND", "attachment not found"),
            Self::ReplyLinkInvalid => Failure::Known(Code::NotFound, "REPLY_LINK_INVALID", "reply link invalid"),
            Self::AnalyticsRange(e) => Failure::Known(
                Code::InvalidArgument,
                crate::domain::analytics::range_code(*e),
                "invalid analytics range",
            ),
            Self::Unexpected(e) => Failure::Unexpected(e.as_ref()),
        }
    }
}

meguri_status::service_error!(
    Error,
    log: "support",
    outage: meguri_db::is_unavailable,
    unexpected_from: [diesel::result::Error, meguri_db::DbError],
);

#[cfg(test)]
mod tests {
    use meguri_image::Refusal;

    use super::*;

    #[test]
    fn every_code_the_service_sends_is_in_its_list() {
        let all = [
            Error::Unauthenticated,
            Error::PermissionDenied,
            Error::Invalid(Invalid::SubjectRequired),
            Error::Invalid(Invalid::SubjectTooLong),
            Error::Invalid(Invalid::MessageRequired),
            Error::Invalid(Invalid::MessageTooLong),
            Error::Invalid(Invalid::TooManyAttachments),
            Error::Invalid(Invalid::AuthorNameTooLong),
            Error::Invalid(Invalid::Status),
            Error::Invalid(Invalid::Priority),
            Error::Invalid(Invalid::Cursor),
            Error::Invalid(Invalid::AdminId),
            Error::Invalid(Invalid::Limit),
            Error::Invalid(Invalid::UserId),
            Error::InvalidRequestId,
            Error::TicketNotFound,
            Error::Image(Refusal::Empty),
            Error::Image(Refusal::TooLarge { max_bytes: 1 }),
            Error::Image(Refusal::NotAnImage),
            Error::Image(Refusal::Corrupt),
            Error::Image(Refusal::TooManyPixels),
            Error::AttachmentNotFound,
            Error::ReplyLinkInvalid,
            Error::AnalyticsRange(meguri_japan_day::DayError::NotADay),
            Error::AnalyticsRange(meguri_japan_day::DayError::Range),
            Error::Unexpected(anyhow::anyhow!("boom")),
        ];
        for error in &all {
            // A new variant fails to compile here until it is added above.
            match error {
                Error::Unauthenticated
                | Error::PermissionDenied
                | Error::Invalid(_)
                | Error::InvalidRequestId
                | Error::TicketNotFound
                | Error::Image(_)
                | Error::AttachmentNotFound
                | Error::ReplyLinkInvalid
                | Error::AnalyticsRange(_)
                | Error::Unexpected(_) => {}
            }
        }
        meguri_status::assert_listed(all, CODES);
    }
}
