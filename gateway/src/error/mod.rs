//! Every error the gateway answers with: an HTTP status and `{"message": "<Japanese>", "code": "SNAKE_CASE"}`.
//!
//! This module holds the ONE table from a stable code to the Japanese text a person reads
//! ([`message_for`], one file per area in `messages/`) and the ONE mapping from a gRPC status to
//! HTTP ([`ApiError::from_status`], per DESIGN "Contracts"). Services send the code in the `x-meguri-code` metadata entry
//! (`meguri-status`); their own text (short English for logs) never reaches a client. Every code a
//! service can send (`meguri_status::codes`) has a message here, checked by a test.

use std::borrow::Cow;
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use tonic::Code;

pub use messages::message_for;

mod messages;
#[cfg(test)]
mod tests;

/// The metadata entry in which a service names the stable code of an error.
pub use meguri_status::CODE_METADATA;
/// The gRPC metadata key in which a service says when a RESOURCE_EXHAUSTED call may be retried (seconds).
pub const RETRY_AFTER_METADATA: &str = "retry-after";

/// The UNAVAILABLE codes a client sees as they are sent, because they say which part is down.
const PUBLIC_OUTAGE_CODES: &[&str] = &["SOCIAL_UNAVAILABLE", "STRIPE_UNAVAILABLE", "BILLING_UNAVAILABLE"];

/// The generic code of a gRPC status, used when the service named no code we know.
const fn generic_code(code: Code) -> &'static str {
    match code {
        Code::InvalidArgument | Code::OutOfRange => "INVALID_ARGUMENT",
        Code::Unauthenticated => "UNAUTHENTICATED",
        Code::PermissionDenied => "PERMISSION_DENIED",
        Code::NotFound => "NOT_FOUND",
        Code::AlreadyExists => "ALREADY_EXISTS",
        Code::FailedPrecondition => "FAILED_PRECONDITION",
        Code::ResourceExhausted => "RATE_LIMITED",
        Code::Unavailable => "SERVICE_UNAVAILABLE",
        Code::DeadlineExceeded => "GATEWAY_TIMEOUT",
        _ => "INTERNAL_ERROR",
    }
}

/// DESIGN "Contracts": InvalidArgument 400, Unauthenticated 401, PermissionDenied 403, NotFound 404,
/// AlreadyExists 409, FailedPrecondition 409, ResourceExhausted 429, Unavailable 503,
/// DeadlineExceeded 504, anything else 500.
#[must_use]
pub const fn http_status_for(code: Code) -> StatusCode {
    match code {
        Code::InvalidArgument => StatusCode::BAD_REQUEST,
        Code::Unauthenticated => StatusCode::UNAUTHORIZED,
        Code::PermissionDenied => StatusCode::FORBIDDEN,
        Code::NotFound => StatusCode::NOT_FOUND,
        Code::AlreadyExists | Code::FailedPrecondition => StatusCode::CONFLICT,
        Code::ResourceExhausted => StatusCode::TOO_MANY_REQUESTS,
        Code::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        Code::DeadlineExceeded => StatusCode::GATEWAY_TIMEOUT,
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// A stable code as a service may send it: SNAKE_CASE ASCII, at most 64 characters.
fn is_stable_code(code: &str) -> bool {
    !code.is_empty()
        && code.len() <= 64
        && code.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
}

/// The error body of every failed request.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Japanese text for a person.
    #[schema(example = "リクエストの形式が正しくありません")]
    pub message: Cow<'static, str>,
    /// Stable SNAKE_CASE code for programs.
    #[schema(example = "INVALID_REQUEST")]
    pub code: Cow<'static, str>,
    /// With NONEXISTENT_LOCAL_TIME / AMBIGUOUS_LOCAL_TIME only: the ways the birth time can be read;
    /// send one back as `dstChoice`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choices: Option<Vec<crate::local_time::DstChoiceBody>>,
}

/// What a handler can fail with.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// A request that fails validation, with the code of what is wrong (400).
    #[error("invalid request: {0}")]
    Invalid(&'static str),
    /// No signed-in session (401).
    #[error("unauthenticated")]
    Unauthenticated,
    /// A state-changing request from a foreign origin (403).
    #[error("forbidden origin")]
    ForbiddenOrigin,
    /// A known code with its own status (404 PLACE_NOT_FOUND from the gateway, 404 NOT_FOUND…).
    #[error("{code} ({status})")]
    Coded { status: StatusCode, code: &'static str },
    /// A known code whose text depends on settings (`MESSAGE_TOO_LONG` with chat's length).
    #[error("{code} ({status})")]
    Worded { status: StatusCode, code: &'static str, message: String },
    /// Too many requests from one client; retry after the given time (429).
    #[error("rate limited")]
    RateLimited { retry_after: Duration },
    /// Something that may be done once per period was just done (429 with its own code, e.g.
    /// `RESEND_COOLDOWN`); retry after the given time.
    #[error("{code}: cooling down")]
    Cooldown { code: &'static str, retry_after: Duration },
    /// A gRPC call failed; mapped per DESIGN, the message taken from the table.
    #[error("upstream {rpc} failed: {status:?}")]
    Upstream { rpc: &'static str, status: tonic::Status },
    /// A dependency of the gateway itself (Redis) is unavailable (503).
    #[error("dependency unavailable: {0}")]
    Unavailable(&'static str),
    /// Anything else (500); logged with its cause chain, never shown.
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl ApiError {
    /// The error of a failed gRPC call.
    #[must_use]
    pub const fn from_status(rpc: &'static str, status: tonic::Status) -> Self {
        Self::Upstream { rpc, status }
    }

    /// The stable code and the status, without the body.
    fn code_and_status(&self) -> (Cow<'static, str>, StatusCode) {
        match self {
            Self::Invalid(code) => (Cow::Borrowed(code), StatusCode::BAD_REQUEST),
            Self::Unauthenticated => (Cow::Borrowed("UNAUTHENTICATED"), StatusCode::UNAUTHORIZED),
            Self::ForbiddenOrigin => (Cow::Borrowed("FORBIDDEN_ORIGIN"), StatusCode::FORBIDDEN),
            Self::Coded { status, code } | Self::Worded { status, code, .. } => (Cow::Borrowed(code), *status),
            Self::RateLimited { .. } => (Cow::Borrowed("RATE_LIMITED"), StatusCode::TOO_MANY_REQUESTS),
            Self::Cooldown { code, .. } => (Cow::Borrowed(code), StatusCode::TOO_MANY_REQUESTS),
            Self::Upstream { status, .. } => {
                let http = http_status_for(status.code());
                let sent =
                    status.metadata().get(CODE_METADATA).and_then(|v| v.to_str().ok()).filter(|c| is_stable_code(c));
                let code = match sent {
                    // A 5xx keeps its generic code: a service's internal code is not for clients.
                    // Except an outage the table words for people (fortune-gen's
                    // SOCIAL_UNAVAILABLE: the friend updates, not the whole service, are down).
                    Some(code)
                        if http.is_client_error()
                            || (status.code() == Code::Unavailable && PUBLIC_OUTAGE_CODES.contains(&code)) =>
                    {
                        Cow::Owned(code.to_owned())
                    }
                    _ => Cow::Borrowed(generic_code(status.code())),
                };
                (code, http)
            }
            Self::Unavailable(_) => (Cow::Borrowed("SERVICE_UNAVAILABLE"), StatusCode::SERVICE_UNAVAILABLE),
            Self::Unexpected(_) => (Cow::Borrowed("INTERNAL_ERROR"), StatusCode::INTERNAL_SERVER_ERROR),
        }
    }

    /// Whole seconds for a `Retry-After` header: our own limits, or a service's `retry-after`
    /// metadata on RESOURCE_EXHAUSTED (identity's resend cooldown).
    fn retry_after_seconds(&self) -> Option<u64> {
        match self {
            Self::RateLimited { retry_after } | Self::Cooldown { retry_after, .. } => {
                Some(retry_after.as_secs().max(1))
            }
            Self::Upstream { status, .. } if status.code() == Code::ResourceExhausted => status
                .metadata()
                .get(RETRY_AFTER_METADATA)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse::<u64>().ok())
                .map(|s| s.max(1)),
            _ => None,
        }
    }

    /// The body a client receives.
    #[must_use]
    pub fn body(&self) -> ErrorBody {
        let (code, status) = self.code_and_status();
        if let Self::Worded { message, .. } = self {
            return ErrorBody { message: Cow::Owned(message.clone()), code, choices: None };
        }
        let message = message_for(&code).unwrap_or_else(|| {
            // A code we do not know yet still gets the text of its class.
            let generic = match status {
                StatusCode::BAD_REQUEST => "INVALID_ARGUMENT",
                StatusCode::UNAUTHORIZED => "UNAUTHENTICATED",
                StatusCode::FORBIDDEN => "PERMISSION_DENIED",
                StatusCode::NOT_FOUND => "NOT_FOUND",
                StatusCode::CONFLICT => "FAILED_PRECONDITION",
                StatusCode::TOO_MANY_REQUESTS => "RATE_LIMITED",
                _ => "INTERNAL_ERROR",
            };
            message_for(generic).unwrap_or("エラーが発生しました")
        });
        let choices = match self {
            Self::Upstream { status, .. } => crate::local_time::choices_of(status),
            _ => None,
        };
        ErrorBody { message: Cow::Borrowed(message), code, choices }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.code_and_status().1
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        match self {
            Self::Unexpected(e) => {
                tracing::error!(error.cause_chain = ?e, "gateway.error.unexpected: unexpected error");
            }
            Self::Upstream { rpc, status: s } if status.is_server_error() || s.code() == Code::Unauthenticated => {
                tracing::error!(
                    name: "gateway.error.upstream",
                    rpc,
                    grpc.code = ?s.code(),
                    grpc.message = s.message(),
                    "upstream call failed"
                );
            }
            Self::Unavailable(what) => {
                tracing::error!(name: "gateway.error.unavailable", dependency = what, "dependency unavailable");
            }
            _ => {}
        }
        let mut response = HttpResponse::build(status);
        if let Some(seconds) = self.retry_after_seconds()
            && let Ok(value) = HeaderValue::from_str(&seconds.to_string())
        {
            response.insert_header((header::RETRY_AFTER, value));
        }
        response.insert_header((header::CACHE_CONTROL, "no-store")).json(self.body())
    }
}
