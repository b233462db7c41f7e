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

/// The metadata entry in which a refusal names the limit the request broke (a number, e.g. the
/// most characters a message may have), so the caller can word the refusal without asking again.
pub const LIMIT_METADATA: &str = "x-meguri-limit";

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

/// [`status`] with `details`: a prost-encoded message the service's proto names for this code (the
/// engine's `LocalTimeChoices` for `NONEXISTENT_LOCAL_TIME`), for a caller that can offer a way out.
#[must_use]
pub fn status_with_details(code: Code, stable: &'static str, message: &'static str, details: Vec<u8>) -> Status {
    let mut status = Status::with_details(code, message, details.into());
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

/// What a service error is, for the one mapping to a status ([`ServiceError`], [`service_error!`]).
#[derive(Clone, Copy, Debug)]
pub enum Failure<'a> {
    /// A case the caller can act on: the gRPC code, the stable code and the English log message.
    /// Not logged: it is the caller's, not ours.
    Known(Code, &'static str, &'static str),
    /// A peer service did not answer (named by `.0`): `Unavailable`, [`SERVICE_UNAVAILABLE`];
    /// logged as a warning, `<svc>.dependency.unavailable`.
    PeerUnavailable(&'a str),
    /// Anything else: `Internal`, [`INTERNAL_ERROR`], logged as an error with its cause chain
    /// (`<svc>.unexpected`); or, when the service's outage check says the database did not answer,
    /// `Unavailable`, [`SERVICE_UNAVAILABLE`], logged as a warning (`<svc>.database.unavailable`).
    Unexpected(&'a (dyn std::error::Error + Send + Sync + 'static)),
}

/// A service's error enum: each variant is a [`Failure`]. The service's `error.rs` lists only
/// this table; [`service_error!`] writes the one `From<Error> for Status` over it.
pub trait ServiceError {
    fn failure(&self) -> Failure<'_>;

    /// The limit a known case broke, sent in [`LIMIT_METADATA`] beside its code ([`limit_of`]
    /// reads it back); `None` for the cases that break none.
    fn limit(&self) -> Option<u64> {
        None
    }

    /// The stable code this error is sent with, given the service's outage check.
    fn stable_code(&self, outage: fn(&(dyn std::error::Error + 'static)) -> bool) -> &'static str {
        match self.failure() {
            Failure::Known(_, stable, _) => stable,
            Failure::PeerUnavailable(_) => SERVICE_UNAVAILABLE,
            Failure::Unexpected(e) if outage(e) => SERVICE_UNAVAILABLE,
            Failure::Unexpected(_) => INTERNAL_ERROR,
        }
    }
}

/// No outage check: for a service without a database, every unexpected error is [`INTERNAL_ERROR`].
#[must_use]
pub fn never_an_outage(_: &(dyn std::error::Error + 'static)) -> bool {
    false
}

/// The status of a [`Failure`] (without logging; [`service_error!`] logs, then calls this).
#[must_use]
pub fn status_of(failure: Failure<'_>, outage: fn(&(dyn std::error::Error + 'static)) -> bool) -> Status {
    match failure {
        Failure::Known(code, stable, message) => status(code, stable, message),
        Failure::PeerUnavailable(_) => unavailable("a dependency is unavailable"),
        Failure::Unexpected(e) if outage(e) => unavailable("database unavailable"),
        Failure::Unexpected(_) => internal(),
    }
}

/// `impl From<$error> for tonic::Status`, the one error-to-status mapping of every service:
/// the error's [`Failure`] becomes its status; a database outage (as `outage` judges it, e.g.
/// `meguri_db::is_unavailable`) is logged as a warning `<log>.database.unavailable`, a peer that
/// did not answer as `<log>.dependency.unavailable`, anything else as an error `<log>.unexpected`
/// with its cause chain. Event names must be literals (tracing keeps them in a static), hence a
/// macro; `log` is the service's event prefix (`fortune_gen`).
///
/// With `unexpected_from: [..]`, it also writes `From<T> for Error` into the catch-all variant
/// `Error::Unexpected(anyhow::Error)` for each listed error type (the database's errors, mostly),
/// so no service writes those impls by hand.
///
/// ```ignore
/// meguri_status::service_error!(Error, log: "identity", outage: meguri_db::is_unavailable);
/// meguri_status::service_error!(
///     Error, log: "fortune_gen", outage: meguri_db::is_unavailable,
///     unexpected_from: [diesel::result::Error, meguri_db::DbError],
/// );
/// ```
#[macro_export]
macro_rules! service_error {
    ($error:ident, log: $log:literal, outage: $outage:path, unexpected_from: [$($from:ty),+ $(,)?] $(,)?) => {
        $(
            impl ::core::convert::From<$from> for $error {
                fn from(error: $from) -> Self {
                    Self::Unexpected(::core::convert::From::from(error))
                }
            }
        )+
        $crate::service_error!($error, log: $log, outage: $outage);
    };
    ($error:ty, log: $log:literal, outage: $outage:path $(,)?) => {
        impl ::core::convert::From<$error> for $crate::__private::tonic::Status {
            fn from(error: $error) -> Self {
                // Names as consts: tracing cannot look inside a forwarded `$log` fragment.
                const DEPENDENCY: &str = ::core::concat!($log, ".dependency.unavailable");
                const DATABASE: &str = ::core::concat!($log, ".database.unavailable");
                const UNEXPECTED: &str = ::core::concat!($log, ".unexpected");
                let failure = $crate::ServiceError::failure(&error);
                match failure {
                    $crate::Failure::Known(..) => {}
                    $crate::Failure::PeerUnavailable(dependency) => {
                        $crate::__private::tracing::warn!(
                            name: DEPENDENCY,
                            dependency,
                            "a dependency did not answer"
                        );
                    }
                    $crate::Failure::Unexpected(e) if $outage(e) => {
                        $crate::__private::tracing::warn!(
                            name: DATABASE,
                            cause_chain = ?e,
                            "the database did not answer"
                        );
                    }
                    $crate::Failure::Unexpected(e) => {
                        $crate::__private::tracing::error!(
                            name: UNEXPECTED,
                            cause_chain = ?e,
                            "unexpected error"
                        );
                    }
                }
                let mut status = $crate::status_of(failure, $outage);
                if let $crate::Failure::Known(..) = failure {
                    $crate::with_limit(&mut status, $crate::ServiceError::limit(&error));
                }
                status
            }
        }
    };
}

/// Checks that every error of `all` is sent with a code of `codes` (the service's list in
/// [`codes`]), with an ASCII message. Each service's error tests call it with one error of each
/// variant.
///
/// # Panics
/// A code missing from the list, or a message that is not ASCII.
pub fn assert_listed<E>(all: impl IntoIterator<Item = E>, codes: &[&str])
where
    Status: From<E>,
{
    for error in all {
        let status = Status::from(error);
        let code = code_of(&status).expect("every status carries a code");
        assert!(codes.contains(&code), "{code} is missing from the service's list in meguri_status::codes");
        assert!(status.message().is_ascii(), "{}", status.message());
    }
}

#[doc(hidden)]
pub mod __private {
    pub use {tonic, tracing};
}

/// Adds `limit` (when there is one) to `status` in [`LIMIT_METADATA`].
pub fn with_limit(status: &mut Status, limit: Option<u64>) {
    if let Some(limit) = limit {
        status.metadata_mut().insert(LIMIT_METADATA, MetadataValue::from(limit));
    }
}

/// The limit a refusal names in [`LIMIT_METADATA`], if it names one.
#[must_use]
pub fn limit_of(status: &Status) -> Option<u64> {
    status.metadata().get(LIMIT_METADATA).and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok())
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
        "INVALID_DST_CHOICE",
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
        "STAFF_NOT_FOUND",
        "TOO_MANY_IDS",
        "UNAUTHENTICATED",
        "PERMISSION_DENIED",
        "INVALID_USER_ID",
        // staff accounts, member search, the audit log
        "STAFF_EMAIL_TAKEN",
        "STAFF_SELF_CHANGE",
        "INVALID_ROLE",
        "SEARCH_TOO_LONG",
        "INVALID_CURSOR",
        "INVALID_LIMIT",
        "INVALID_ADMIN_ID",
        "INVALID_AUDIT_ACTION",
        "INVALID_TARGET_TYPE",
        "INVALID_INSTANT",
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
        "SOCIAL_UNAVAILABLE",
        "UNAUTHENTICATED",
        "PERMISSION_DENIED",
        // the admin user page
        "CHART_NOT_FAILED",
        "INVALID_USER_ID",
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
        "INVALID_CURSOR",
        "IDEMPOTENCY_KEY_REUSED",
        "INSUFFICIENT_CREDITS",
        "BALANCE_LIMIT_EXCEEDED",
        "SPEND_NOT_FOUND",
        "PERMISSION_DENIED",
        "UNAUTHENTICATED",
        "CONFLICT",
        // the shop
        "INVALID_ITEM",
        "INVALID_QUANTITY",
        "ITEM_NOT_FOUND",
        "PURCHASE_NOT_FOUND",
        "INVALID_ATTEMPT_ID",
        "INVALID_SIGNATURE",
        "INVALID_PAYLOAD",
        "STRIPE_UNAVAILABLE",
        "DEV_CHECKOUT_DISABLED",
        // staff adjustments and figures
        "INVALID_REQUEST_ID",
        "INVALID_CREDIT_DELTA",
        "ADJUSTMENT_REASON_REQUIRED",
        "ADJUSTMENT_REASON_TOO_LONG",
        "INVALID_SINCE",
        SERVICE_UNAVAILABLE,
        INTERNAL_ERROR,
    ];

    /// notify.
    pub const NOTIFY: &[&str] = &[
        "INVALID_UNSUBSCRIBE_TOKEN",
        "UNSUBSCRIBE_TOKEN_USED",
        "PERMISSION_DENIED",
        "UNAUTHENTICATED",
        "INVALID_SINCE",
        SERVICE_UNAVAILABLE,
        INTERNAL_ERROR,
    ];

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

    /// social.
    pub const SOCIAL: &[&str] = &[
        "MEMBER_NOT_FOUND",
        "FRIEND_REQUEST_NOT_FOUND",
        "FRIEND_NOT_FOUND",
        "CANNOT_FRIEND_SELF",
        "CANNOT_BLOCK_SELF",
        "INVALID_SEARCH_QUERY",
        "ALREADY_FRIENDS",
        "FRIEND_REQUEST_LIMIT",
        "FRIEND_LIMIT",
        "INVALID_DIARY_CONTENT",
        "INVALID_DIARY_DATE",
        "INVALID_DELIVERY_DATE",
        "INVALID_CLIENT_ID",
        "INVALID_CURSOR",
        "INVALID_LIMIT",
        "INVALID_TIMEZONE_OFFSET",
        "DIARY_LIMIT",
        "DIARY_ENTRY_NOT_FOUND",
        "LETTER_SEALED",
        "LUCKY_DAY_NOT_FOUND",
        "MENTION_NOT_FOUND",
        "UNAUTHENTICATED",
        "PERMISSION_DENIED",
        SERVICE_UNAVAILABLE,
        INTERNAL_ERROR,
    ];

    /// chat.
    pub const CHAT: &[&str] = &[
        "UNAUTHENTICATED",
        "INVALID_MESSAGE_ID",
        "MESSAGE_EMPTY",
        "MESSAGE_TOO_LONG",
        "INVALID_COMPATIBILITY_TARGET",
        "INVALID_LIMIT",
        "INVALID_TIMEZONE_OFFSET",
        "INSUFFICIENT_CREDITS",
        "MESSAGE_ID_TAKEN",
        "MESSAGE_NOT_FOUND",
        "BILLING_UNAVAILABLE",
        // In a SendMessage stream's `failed` event (the charge was refunded).
        "REPLY_FAILED",
        "REPLY_TIMEOUT",
        SERVICE_UNAVAILABLE,
        INTERNAL_ERROR,
    ];

    /// support.
    pub const SUPPORT: &[&str] = &[
        "UNAUTHENTICATED",
        "TICKET_SUBJECT_REQUIRED",
        "TICKET_SUBJECT_TOO_LONG",
        "TICKET_MESSAGE_REQUIRED",
        "TICKET_MESSAGE_TOO_LONG",
        "TOO_MANY_ATTACHMENTS",
        "INVALID_REQUEST_ID",
        "TICKET_NOT_FOUND",
        "PERMISSION_DENIED",
        "AUTHOR_NAME_TOO_LONG",
        "INVALID_STATUS",
        "INVALID_PRIORITY",
        "INVALID_CURSOR",
        "INVALID_ADMIN_ID",
        "INVALID_LIMIT",
        "IMAGE_EMPTY",
        "IMAGE_TOO_LARGE",
        "IMAGE_TYPE_NOT_ALLOWED",
        "IMAGE_CORRUPT",
        "IMAGE_TOO_LARGE_DIMENSIONS",
        "ATTACHMENT_NOT_FOUND",
        "REPLY_LINK_INVALID",
        "INVALID_USER_ID",
        "INVALID_ANALYTICS_DATE",
        "INVALID_ANALYTICS_RANGE",
        SERVICE_UNAVAILABLE,
        INTERNAL_ERROR,
    ];

    /// Every service's list, by service name.
    pub const ALL: &[(&str, &[&str])] = &[
        ("identity", IDENTITY),
        ("fortune-gen", FORTUNE_GEN),
        ("billing", BILLING),
        ("notify", NOTIFY),
        ("bazi-engine", BAZI_ENGINE),
        ("support", SUPPORT),
        ("chat", CHAT),
        ("social", SOCIAL),
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

    #[derive(Debug)]
    enum Sample {
        Taken,
        TooLong(u64),
        PeerDown,
        Unexpected(anyhow_like::Error),
    }

    /// A boxed cause, as `anyhow::Error::as_ref` gives one (no anyhow dependency here).
    mod anyhow_like {
        #[derive(Debug)]
        pub struct Error(pub Box<dyn std::error::Error + Send + Sync>);

        impl<E: std::error::Error + Send + Sync + 'static> From<E> for Error {
            fn from(error: E) -> Self {
                Self(Box::new(error))
            }
        }
    }

    #[derive(Debug, PartialEq)]
    struct Outage;
    impl std::fmt::Display for Outage {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("pool timed out at 10.0.0.7")
        }
    }
    impl std::error::Error for Outage {}

    fn is_outage(e: &(dyn std::error::Error + 'static)) -> bool {
        e.is::<Outage>()
    }

    impl ServiceError for Sample {
        fn failure(&self) -> Failure<'_> {
            match self {
                Self::Taken => Failure::Known(Code::AlreadyExists, "EMAIL_TAKEN", "e-mail address taken"),
                Self::TooLong(_) => Failure::Known(Code::InvalidArgument, "MESSAGE_TOO_LONG", "message too long"),
                Self::PeerDown => Failure::PeerUnavailable("bazi-engine"),
                Self::Unexpected(e) => Failure::Unexpected(e.0.as_ref()),
            }
        }

        fn limit(&self) -> Option<u64> {
            match self {
                Self::TooLong(max) => Some(*max),
                Self::Taken | Self::PeerDown | Self::Unexpected(_) => None,
            }
        }
    }

    crate::service_error!(Sample, log: "sample", outage: is_outage, unexpected_from: [Outage]);

    #[test]
    fn a_listed_error_type_converts_into_the_catch_all() {
        let outage = Status::from(Sample::from(Outage));
        assert_eq!((outage.code(), code_of(&outage)), (Code::Unavailable, Some(SERVICE_UNAVAILABLE)));
    }

    #[test]
    fn the_one_mapping_sends_known_cases_as_listed_and_says_nothing_of_a_cause() {
        let taken = Status::from(Sample::Taken);
        assert_eq!(
            (taken.code(), code_of(&taken), taken.message()),
            (Code::AlreadyExists, Some("EMAIL_TAKEN"), "e-mail address taken")
        );

        let peer = Status::from(Sample::PeerDown);
        assert_eq!((peer.code(), code_of(&peer)), (Code::Unavailable, Some(SERVICE_UNAVAILABLE)));
        assert!(!peer.message().contains("bazi"));

        let outage = Status::from(Sample::Unexpected(anyhow_like::Error(Box::new(Outage))));
        assert_eq!((outage.code(), code_of(&outage)), (Code::Unavailable, Some(SERVICE_UNAVAILABLE)));
        assert_eq!(outage.message(), "database unavailable");

        let other = Status::from(Sample::Unexpected(anyhow_like::Error("password=hunter2".into())));
        assert_eq!(
            (other.code(), code_of(&other), other.message()),
            (Code::Internal, Some(INTERNAL_ERROR), "internal error")
        );
    }

    #[test]
    fn a_refusal_names_the_limit_it_broke_and_others_name_none() {
        let too_long = Status::from(Sample::TooLong(300));
        assert_eq!((code_of(&too_long), limit_of(&too_long)), (Some("MESSAGE_TOO_LONG"), Some(300)));

        assert_eq!(limit_of(&Status::from(Sample::Taken)), None);
        assert_eq!(limit_of(&Status::from(Sample::PeerDown)), None);
    }

    #[test]
    fn the_stable_code_agrees_with_the_status() {
        for (error, outage) in [
            (Sample::Taken, is_outage as fn(&(dyn std::error::Error + 'static)) -> bool),
            (Sample::PeerDown, is_outage),
            (Sample::Unexpected(anyhow_like::Error(Box::new(Outage))), is_outage),
            (Sample::Unexpected(anyhow_like::Error(Box::new(Outage))), never_an_outage),
        ] {
            let stable = error.stable_code(outage);
            assert_eq!(Some(stable), code_of(&status_of(error.failure(), outage)));
        }
        assert_listed([Sample::Taken, Sample::PeerDown], &["EMAIL_TAKEN", SERVICE_UNAVAILABLE]);
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
