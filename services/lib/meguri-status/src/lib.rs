//! How a service fails a call (STYLE §4, issue 12).
//!
//! - The stable SNAKE_CASE code travels in one metadata entry, [`CODE_METADATA`]; [`status`] always
//!   sets it.
//! - The status message is short English text for logs. It is never Japanese (the gateway owns the
//!   one table from code to Japanese) and never internal detail: it is a `&'static str`, so no
//!   `Display` of an error can reach it.
//! - Anything unexpected is [`INTERNAL_ERROR`] ([`internal`]); a database outage or any dependency
//!   that does not answer is [`SERVICE_UNAVAILABLE`] ([`unavailable`]).
//! - [`codes`] lists every code each service can send. Each service's tests check that its error
//!   enum produces only codes of its list; the gateway's tests check that every listed code has a
//!   Japanese message. Neither depends on the other.

use tonic::metadata::MetadataValue;
use tonic::{Code, Status};

/// The metadata entry in which a service names the stable code of an error.
pub const CODE_METADATA: &str = "x-meguri-code";

/// The one catch-all code: anything unexpected (logged with its cause chain, never described).
pub const INTERNAL_ERROR: &str = "INTERNAL_ERROR";

/// The one code for "try again later": the database or a peer service did not answer.
pub const SERVICE_UNAVAILABLE: &str = "SERVICE_UNAVAILABLE";

/// A status with the stable code `stable` in [`CODE_METADATA`] and `message`, short English text
/// for logs.
///
/// # Panics
/// If `stable` is not a valid metadata value; a SNAKE_CASE code always is, and the tests of
/// [`codes`] and of each service check every code a service sends.
#[must_use]
pub fn status(code: Code, stable: &'static str, message: &'static str) -> Status {
    let mut status = Status::new(code, message);
    status.metadata_mut().insert(CODE_METADATA, MetadataValue::from_static(stable));
    status
}

/// The catch-all: `Internal`, [`INTERNAL_ERROR`], "internal error". The caller logs the cause.
#[must_use]
pub fn internal() -> Status {
    status(Code::Internal, INTERNAL_ERROR, "internal error")
}

/// `Unavailable`, [`SERVICE_UNAVAILABLE`], with `message` naming what did not answer
/// ("database unavailable").
#[must_use]
pub fn unavailable(message: &'static str) -> Status {
    status(Code::Unavailable, SERVICE_UNAVAILABLE, message)
}

/// The stable code a status carries, if any.
#[must_use]
pub fn code_of(status: &Status) -> Option<&str> {
    status.metadata().get(CODE_METADATA).and_then(|v| v.to_str().ok())
}

/// Every stable code each service can send, the contract between a service's error enum and the
/// gateway's message table.
pub mod codes {
    use super::{INTERNAL_ERROR, SERVICE_UNAVAILABLE};

    /// identity.
    pub const IDENTITY: &[&str] = &[
        "INVALID_EMAIL",
        "PASSWORD_TOO_SHORT",
        "PASSWORD_TOO_LONG",
        "INVALID_USERNAME",
        "INVALID_NAME",
        "INVALID_DATE",
        "BIRTH_DATE_REQUIRED",
        "INVALID_TIME",
        "INVALID_LOCATION",
        "INVALID_COORDINATES",
        "GENDER_REQUIRED",
        "PRIVACY_POLICY_REQUIRED",
        "CODE_INVALID",
        "INVALID_TIMEZONE_OFFSET",
        "EMAIL_TAKEN",
        "USERNAME_TAKEN",
        "USERNAME_LOOKALIKE",
        "CODE_EXPIRED",
        "CODE_EXHAUSTED",
        "CODE_ALREADY_USED",
        "INVALID_CREDENTIALS",
        "EMAIL_NOT_VERIFIED",
        "WRONG_PASSWORD",
        "RESET_TOKEN_INVALID",
        "EMAIL_CHANGE_TOKEN_INVALID",
        "SAME_EMAIL",
        "USER_NOT_FOUND",
        "ADMIN_INACTIVE",
        "UNAUTHENTICATED",
        "PERMISSION_DENIED",
        "INVALID_USER_ID",
        SERVICE_UNAVAILABLE,
        INTERNAL_ERROR,
    ];

    /// fortune-gen.
    pub const FORTUNE_GEN: &[&str] = &[
        "INVALID_TIMEZONE_OFFSET",
        "INVALID_FORTUNE_TYPE",
        "INVALID_CONTENT_HASH",
        "INVALID_RATING",
        "FEEDBACK_TOO_LONG",
        "INVALID_CONTEXT",
        "INVALID_LIMIT",
        "CHART_NOT_READY",
        "PROFILE_INCOMPLETE",
        "RATING_NOT_FOUND",
        "UNAUTHENTICATED",
        "PERMISSION_DENIED",
        SERVICE_UNAVAILABLE,
        INTERNAL_ERROR,
    ];

    /// billing.
    pub const BILLING: &[&str] = &[
        "INVALID_USER_ID",
        "INVALID_AMOUNT",
        "INVALID_IDEMPOTENCY_KEY",
        "INVALID_REASON",
        "INVALID_LIMIT",
        "IDEMPOTENCY_KEY_REUSED",
        "INSUFFICIENT_CREDITS",
        "BALANCE_LIMIT_EXCEEDED",
        "SPEND_NOT_FOUND",
        "PERMISSION_DENIED",
        "UNAUTHENTICATED",
        "CONFLICT",
        SERVICE_UNAVAILABLE,
        INTERNAL_ERROR,
    ];

    /// notify.
    pub const NOTIFY: &[&str] = &["PERMISSION_DENIED", "UNAUTHENTICATED", SERVICE_UNAVAILABLE, INTERNAL_ERROR];

    /// The bazi-engine server (the engine's own errors and its request checks).
    pub const BAZI_ENGINE: &[&str] = &[
        "INVALID_DATE",
        "DATE_OUT_OF_RANGE",
        "INVALID_TIME",
        "NONEXISTENT_LOCAL_TIME",
        "AMBIGUOUS_LOCAL_TIME",
        "UNKNOWN_TIME_ZONE",
        "INVALID_COORDINATES",
        "PLACE_NOT_FOUND",
        "INVALID_ARGUMENT",
    ];

    /// Every service's list, by service name.
    pub const ALL: &[(&str, &[&str])] = &[
        ("identity", IDENTITY),
        ("fortune-gen", FORTUNE_GEN),
        ("billing", BILLING),
        ("notify", NOTIFY),
        ("bazi-engine", BAZI_ENGINE),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_carries_its_stable_code() {
        let status = status(Code::FailedPrecondition, "CHART_NOT_READY", "chart not ready");

        assert_eq!(status.code(), Code::FailedPrecondition);
        assert_eq!(status.message(), "chart not ready");
        assert_eq!(code_of(&status), Some("CHART_NOT_READY"));
    }

    #[test]
    fn the_catch_all_and_unavailable_have_one_code_each() {
        assert_eq!(code_of(&internal()), Some(INTERNAL_ERROR));
        assert_eq!(internal().message(), "internal error");
        assert_eq!(unavailable("database unavailable").code(), Code::Unavailable);
        assert_eq!(code_of(&unavailable("database unavailable")), Some(SERVICE_UNAVAILABLE));
    }

    #[test]
    fn every_listed_code_is_snake_case_and_listed_once() {
        for (service, list) in codes::ALL {
            for (i, code) in list.iter().enumerate() {
                assert!(
                    !code.is_empty()
                        && code.len() <= 64
                        && code.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_'),
                    "{service}: {code}"
                );
                assert!(!list[..i].contains(code), "{service}: {code} listed twice");
            }
        }
    }
}
