//! identity's errors: the cases a caller can act on, each with its gRPC status and stable code
//! (`x-meguri-code`), plus one catch-all that is logged and never shown. Statuses are built by
//! `meguri-status`; their messages are English for logs.

use meguri_status::{Failure, ServiceError};
use tonic::Code;

use crate::domain::Invalid;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// INVALID_ARGUMENT, the rule's own code (INVALID_EMAIL, PASSWORD_TOO_SHORT, …).
    #[error("invalid input: {0}")]
    Invalid(#[from] Invalid),
    /// ALREADY_EXISTS EMAIL_TAKEN.
    #[error("e-mail address taken")]
    EmailTaken,
    /// ALREADY_EXISTS USERNAME_TAKEN: another account has this name, ignoring case and width.
    #[error("username taken")]
    UsernameTaken,
    /// ALREADY_EXISTS USERNAME_LOOKALIKE: another account has a name that looks like this one (the
    /// same skeleton, meguri-username).
    #[error("username looks like a taken one")]
    UsernameLookalike,
    /// INVALID_ARGUMENT CODE_INVALID: wrong verification code (tries are left).
    #[error("wrong verification code")]
    CodeInvalid,
    /// FAILED_PRECONDITION CODE_EXPIRED: no live code; ask for a new one.
    #[error("verification code expired")]
    CodeExpired,
    /// FAILED_PRECONDITION CODE_EXHAUSTED: 5 wrong tries voided the code.
    #[error("verification code voided after too many tries")]
    CodeExhausted,
    /// FAILED_PRECONDITION CODE_ALREADY_USED: the code already verified the address and signed
    /// in once; signing in again takes the password.
    #[error("verification code already used")]
    CodeUsed,
    /// UNAUTHENTICATED INVALID_CREDENTIALS: unknown address or wrong password (one answer).
    #[error("invalid credentials")]
    InvalidCredentials,
    /// PERMISSION_DENIED EMAIL_NOT_VERIFIED.
    #[error("e-mail not verified")]
    EmailNotVerified,
    /// PERMISSION_DENIED WRONG_PASSWORD: the current password given in settings is wrong.
    #[error("wrong current password")]
    WrongPassword,
    /// INVALID_ARGUMENT RESET_TOKEN_INVALID: unknown, used or expired reset link.
    #[error("invalid reset token")]
    ResetTokenInvalid,
    /// INVALID_ARGUMENT EMAIL_CHANGE_TOKEN_INVALID.
    #[error("invalid e-mail change token")]
    EmailChangeTokenInvalid,
    /// INVALID_ARGUMENT SAME_EMAIL: the new address is the current one.
    #[error("same e-mail address")]
    SameEmail,
    /// NOT_FOUND USER_NOT_FOUND (deleted, or never existed).
    #[error("user not found")]
    UserNotFound,
    /// PERMISSION_DENIED ADMIN_INACTIVE.
    #[error("admin account inactive")]
    AdminInactive,
    /// NOT_FOUND STAFF_NOT_FOUND: no staff account with that id.
    #[error("staff account not found")]
    StaffNotFound,
    /// INVALID_ARGUMENT TOO_MANY_IDS: more ids than one call may ask for.
    #[error("too many ids")]
    TooManyIds,
    /// UNAUTHENTICATED: a user-scoped call without a user token.
    #[error("not called for a user")]
    NotAUser,
    /// PERMISSION_DENIED PERMISSION_DENIED: a service-only call (GetBirthProfile) with a user or
    /// visitor token.
    #[error("service or admin token required")]
    PermissionDenied,
    /// INVALID_ARGUMENT INVALID_USER_ID: a user id that is not a UUID.
    #[error("invalid user id")]
    InvalidUserId,
    /// ALREADY_EXISTS STAFF_EMAIL_TAKEN: another staff account has this address.
    #[error("staff e-mail address taken")]
    StaffEmailTaken,
    /// FAILED_PRECONDITION STAFF_SELF_CHANGE: nobody deactivates or demotes themself (one admin always remains).
    #[error("staff may not change their own account")]
    StaffSelfChange,
    /// INVALID_ARGUMENT INVALID_ROLE: a staff role other than admin or support.
    #[error("invalid staff role")]
    InvalidRole,
    /// INVALID_ARGUMENT SEARCH_TOO_LONG: search text of more than 100 characters.
    #[error("search text too long")]
    SearchTooLong,
    /// INVALID_ARGUMENT INVALID_CURSOR: a cursor no page gave.
    #[error("invalid cursor")]
    InvalidCursor,
    /// INVALID_ARGUMENT INVALID_LIMIT: a page size outside 1..=100.
    #[error("invalid limit")]
    InvalidLimit,
    /// INVALID_ARGUMENT INVALID_ADMIN_ID: a staff id filter that is not a UUID.
    #[error("invalid admin id")]
    InvalidAdminId,
    /// INVALID_ARGUMENT INVALID_AUDIT_ACTION: an audit action filter no action has.
    #[error("unknown audit action")]
    InvalidAuditAction,
    /// INVALID_ARGUMENT INVALID_TARGET_TYPE: a target type other than ticket, member, staff; or a target id that is not a UUID.
    #[error("unknown audit target type")]
    InvalidTargetType,
    /// INVALID_ARGUMENT INVALID_INSTANT: a bound or `since` that is not RFC 3339.
    #[error("invalid instant")]
    InvalidInstant,
    /// INTERNAL INTERNAL_ERROR: anything else; logged with its cause chain. UNAVAILABLE
    /// SERVICE_UNAVAILABLE when it is a database outage (`meguri_db::is_unavailable`).
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<diesel::result::Error> for Error {
    /// Unique violations are named by their index (STYLE §4); every other database error is
    /// unexpected.
    fn from(error: diesel::result::Error) -> Self {
        use diesel::result::{DatabaseErrorKind, Error as D};
        if let D::DatabaseError(DatabaseErrorKind::UniqueViolation, info) = &error {
            match info.constraint_name() {
                Some("users_email_key") => return Self::EmailTaken,
                Some("users_username_key") => return Self::UsernameTaken,
                Some("users_username_lookalike_key") => return Self::UsernameLookalike,
                Some("admin_users_email_key") => return Self::StaffEmailTaken,
                _ => {}
            }
        }
        Self::Unexpected(anyhow::Error::new(error))
    }
}

/// Every stable code identity can send (checked below against [`Error`], and by the gateway
/// against its Japanese table).
pub const CODES: &[&str] = meguri_status::codes::IDENTITY;

impl ServiceError for Error {
    /// Each case's gRPC code, stable code and English log message; the rest (logging, the database
    /// outage check, the status) is the one mapping of `meguri-status`.
    fn failure(&self) -> Failure<'_> {
        let (code, stable, message) = match self {
            Self::Invalid(invalid) => (Code::InvalidArgument, invalid.code(), "invalid input"),
            Self::EmailTaken => (Code::AlreadyExists, "EMAIL_TAKEN", "e-mail address taken"),
            Self::UsernameTaken => (Code::AlreadyExists, "USERNAME_TAKEN", "username taken"),
            Self::UsernameLookalike => (Code::AlreadyExists, "USERNAME_LOOKALIKE", "username looks like a taken one"),
            Self::CodeInvalid => (Code::InvalidArgument, "CODE_INVALID", "wrong verification code"),
            Self::CodeExpired => (Code::FailedPrecondition, "CODE_EXPIRED", "verification code expired"),
            Self::CodeExhausted => (Code::FailedPrecondition, "CODE_EXHAUSTED", "verification code voided"),
            Self::CodeUsed => (Code::FailedPrecondition, "CODE_ALREADY_USED", "verification code already used"),
            Self::InvalidCredentials => (Code::Unauthenticated, "INVALID_CREDENTIALS", "invalid credentials"),
            Self::EmailNotVerified => (Code::PermissionDenied, "EMAIL_NOT_VERIFIED", "e-mail not verified"),
            Self::WrongPassword => (Code::PermissionDenied, "WRONG_PASSWORD", "wrong current password"),
            Self::ResetTokenInvalid => (Code::InvalidArgument, "RESET_TOKEN_INVALID", "invalid reset token"),
            Self::EmailChangeTokenInvalid => {
                (Code::InvalidArgument, "EMAIL_CHANGE_TOKEN_INVALID", "invalid e-mail change token")
            }
            Self::SameEmail => (Code::InvalidArgument, "SAME_EMAIL", "same e-mail address"),
            Self::UserNotFound => (Code::NotFound, "USER_NOT_FOUND", "user not found"),
            Self::AdminInactive => (Code::PermissionDenied, "ADMIN_INACTIVE", "admin account inactive"),
            Self::StaffNotFound => (Code::NotFound, "STAFF_NOT_FOUND", "staff account not found"),
            Self::TooManyIds => (Code::InvalidArgument, "TOO_MANY_IDS", "too many ids"),
            Self::NotAUser => (Code::Unauthenticated, "UNAUTHENTICATED", "not called for a user"),
            Self::PermissionDenied => (Code::PermissionDenied, "PERMISSION_DENIED", "service or admin token required"),
            Self::InvalidUserId => (Code::InvalidArgument, "INVALID_USER_ID", "invalid user id"),
            Self::StaffEmailTaken => (Code::AlreadyExists, "STAFF_EMAIL_TAKEN", "staff e-mail address taken"),
            Self::StaffSelfChange => {
                (Code::FailedPrecondition, "STAFF_SELF_CHANGE", "staff may not change their own account")
            }
            Self::InvalidRole => (Code::InvalidArgument, "INVALID_ROLE", "invalid staff role"),
            Self::SearchTooLong => (Code::InvalidArgument, "SEARCH_TOO_LONG", "search text too long"),
            Self::InvalidCursor => (Code::InvalidArgument, "INVALID_CURSOR", "invalid cursor"),
            Self::InvalidLimit => (Code::InvalidArgument, "INVALID_LIMIT", "invalid limit"),
            Self::InvalidAdminId => (Code::InvalidArgument, "INVALID_ADMIN_ID", "invalid admin id"),
            Self::InvalidAuditAction => (Code::InvalidArgument, "INVALID_AUDIT_ACTION", "unknown audit action"),
            Self::InvalidTargetType => (Code::InvalidArgument, "INVALID_TARGET_TYPE", "unknown audit target type"),
            Self::InvalidInstant => (Code::InvalidArgument, "INVALID_INSTANT", "invalid instant"),
            Self::Unexpected(e) => return Failure::Unexpected(e.as_ref()),
        };
        Failure::Known(code, stable, message)
    }
}

meguri_status::service_error!(
    Error,
    log: "identity",
    outage: meguri_db::is_unavailable,
    unexpected_from: [meguri_db::DbError],
);

#[cfg(test)]
mod tests {
    use tonic::Status;

    use super::*;

    /// One error of every variant; the match makes a new variant fail to compile until it is added.
    fn one_of_each() -> Vec<Error> {
        let invalid = [
            Invalid::Email,
            Invalid::PasswordTooShort,
            Invalid::PasswordTooLong,
            Invalid::Username(crate::domain::UsernameError::OnlyUnderscores),
            Invalid::Name,
            Invalid::BirthDate,
            Invalid::BirthDateRequired,
            Invalid::BirthTime,
            Invalid::BirthLocation,
            Invalid::Coordinates,
            Invalid::DstChoice,
            Invalid::Gender,
            Invalid::PrivacyPolicyRequired,
            Invalid::Code,
            Invalid::TimezoneOffset,
        ];
        for i in invalid {
            match i {
                Invalid::Email
                | Invalid::PasswordTooShort
                | Invalid::PasswordTooLong
                | Invalid::Username(_)
                | Invalid::Name
                | Invalid::BirthDate
                | Invalid::BirthDateRequired
                | Invalid::BirthTime
                | Invalid::BirthLocation
                | Invalid::Coordinates
                | Invalid::DstChoice
                | Invalid::Gender
                | Invalid::PrivacyPolicyRequired
                | Invalid::Code
                | Invalid::TimezoneOffset => {}
            }
        }
        let mut all: Vec<Error> = invalid.into_iter().map(Error::Invalid).collect();
        all.extend([
            Error::EmailTaken,
            Error::UsernameTaken,
            Error::UsernameLookalike,
            Error::CodeInvalid,
            Error::CodeExpired,
            Error::CodeExhausted,
            Error::CodeUsed,
            Error::InvalidCredentials,
            Error::EmailNotVerified,
            Error::WrongPassword,
            Error::ResetTokenInvalid,
            Error::EmailChangeTokenInvalid,
            Error::SameEmail,
            Error::UserNotFound,
            Error::AdminInactive,
            Error::StaffNotFound,
            Error::TooManyIds,
            Error::NotAUser,
            Error::PermissionDenied,
            Error::InvalidUserId,
            Error::StaffEmailTaken,
            Error::StaffSelfChange,
            Error::InvalidRole,
            Error::SearchTooLong,
            Error::InvalidCursor,
            Error::InvalidLimit,
            Error::InvalidAdminId,
            Error::InvalidAuditAction,
            Error::InvalidTargetType,
            Error::InvalidInstant,
            Error::Unexpected(anyhow::anyhow!("boom")),
        ]);
        for e in &all {
            match e {
                Error::Invalid(_)
                | Error::EmailTaken
                | Error::UsernameTaken
                | Error::UsernameLookalike
                | Error::CodeInvalid
                | Error::CodeExpired
                | Error::CodeExhausted
                | Error::CodeUsed
                | Error::InvalidCredentials
                | Error::EmailNotVerified
                | Error::WrongPassword
                | Error::ResetTokenInvalid
                | Error::EmailChangeTokenInvalid
                | Error::SameEmail
                | Error::UserNotFound
                | Error::AdminInactive
                | Error::StaffNotFound
                | Error::TooManyIds
                | Error::NotAUser
                | Error::PermissionDenied
                | Error::InvalidUserId
                | Error::StaffEmailTaken
                | Error::StaffSelfChange
                | Error::InvalidRole
                | Error::SearchTooLong
                | Error::InvalidCursor
                | Error::InvalidLimit
                | Error::InvalidAdminId
                | Error::InvalidAuditAction
                | Error::InvalidTargetType
                | Error::InvalidInstant
                | Error::Unexpected(_) => {}
            }
        }
        all
    }

    #[test]
    fn every_code_identity_sends_is_in_its_list() {
        meguri_status::assert_listed(one_of_each(), CODES);
        assert!(CODES.contains(&meguri_status::SERVICE_UNAVAILABLE));
    }

    #[test]
    fn an_unexpected_error_is_the_shared_catch_all_and_says_nothing_of_its_cause() {
        let status = Status::from(Error::Unexpected(anyhow::anyhow!("password=hunter2 at db:5432")));

        assert_eq!(status.code(), Code::Internal);
        assert_eq!(status.message(), "internal error");
        assert_eq!(meguri_status::code_of(&status), Some(meguri_status::INTERNAL_ERROR));
    }
}
