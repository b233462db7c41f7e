//! identity's errors: the cases a caller can act on, each with its gRPC status and stable code
//! (`x-meguri-code`), plus one catch-all that is logged and never shown.

use tonic::Status;

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
    /// INTERNAL: anything else; logged with its cause chain.
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
                _ => {}
            }
        }
        Self::Unexpected(anyhow::Error::new(error))
    }
}

impl From<meguri_db::DbError> for Error {
    fn from(error: meguri_db::DbError) -> Self {
        Self::Unexpected(error.into())
    }
}

impl Error {
    /// The stable code.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::Invalid(invalid) => invalid.code(),
            Self::EmailTaken => "EMAIL_TAKEN",
            Self::UsernameTaken => "USERNAME_TAKEN",
            Self::UsernameLookalike => "USERNAME_LOOKALIKE",
            Self::CodeInvalid => "CODE_INVALID",
            Self::CodeExpired => "CODE_EXPIRED",
            Self::CodeExhausted => "CODE_EXHAUSTED",
            Self::CodeUsed => "CODE_ALREADY_USED",
            Self::InvalidCredentials => "INVALID_CREDENTIALS",
            Self::EmailNotVerified => "EMAIL_NOT_VERIFIED",
            Self::WrongPassword => "WRONG_PASSWORD",
            Self::ResetTokenInvalid => "RESET_TOKEN_INVALID",
            Self::EmailChangeTokenInvalid => "EMAIL_CHANGE_TOKEN_INVALID",
            Self::SameEmail => "SAME_EMAIL",
            Self::UserNotFound => "USER_NOT_FOUND",
            Self::AdminInactive => "ADMIN_INACTIVE",
            Self::NotAUser => "UNAUTHENTICATED",
            Self::PermissionDenied => "PERMISSION_DENIED",
            Self::InvalidUserId => "INVALID_USER_ID",
            Self::Unexpected(_) => "INTERNAL_ERROR",
        }
    }
}

impl From<Error> for Status {
    fn from(error: Error) -> Self {
        let code = error.code();
        let mut status = match &error {
            Error::Invalid(_)
            | Error::CodeInvalid
            | Error::ResetTokenInvalid
            | Error::EmailChangeTokenInvalid
            | Error::SameEmail
            | Error::InvalidUserId => Status::invalid_argument(code),
            Error::EmailTaken | Error::UsernameTaken | Error::UsernameLookalike => Status::already_exists(code),
            Error::CodeExpired | Error::CodeExhausted | Error::CodeUsed => Status::failed_precondition(code),
            Error::InvalidCredentials | Error::NotAUser => Status::unauthenticated(code),
            Error::EmailNotVerified | Error::WrongPassword | Error::AdminInactive | Error::PermissionDenied => {
                Status::permission_denied(code)
            }
            Error::UserNotFound => Status::not_found(code),
            Error::Unexpected(e) if meguri_db::is_unavailable(e.as_ref()) => {
                tracing::warn!(name: "identity.database.unavailable", cause_chain = ?e, "the database did not answer");
                let mut status = Status::unavailable("database unavailable");
                status
                    .metadata_mut()
                    .insert("x-meguri-code", tonic::metadata::MetadataValue::from_static("SERVICE_UNAVAILABLE"));
                return status;
            }
            Error::Unexpected(e) => {
                tracing::error!(name: "identity.unexpected", cause_chain = ?e, "unexpected error");
                return Status::internal("internal error");
            }
        };
        if let Ok(value) = code.parse() {
            status.metadata_mut().insert("x-meguri-code", value);
        }
        status
    }
}
