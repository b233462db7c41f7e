//! The mascot chat (docs/api/chat.md): the cost and the caller's balance, the history with paging,
//! one message, and sending a message whose reply streams back as Server-Sent Events. Every route
//! needs a signed-in member and forwards to chat, whose caller is the session's user; chat charges
//! (through billing), writes and stores the reply. The gateway checks the form of the body and ids,
//! counts the per-user rate limit (by message id: sending an id again is not counted), turns chat's
//! refusals into JSON errors and its event stream into `text/event-stream`.

pub mod body;
pub mod get;
pub mod post;
pub mod stream;

use tonic::Code;

use crate::error::ApiError;

/// The code of chat not answering (the service, not billing behind it).
pub const CHAT_UNAVAILABLE: &str = "CHAT_UNAVAILABLE";

/// A failed call to chat as the route's error: chat itself down is `CHAT_UNAVAILABLE` (503, the
/// chat screen's own words); billing down behind it keeps `BILLING_UNAVAILABLE`; anything else is
/// mapped like every service's status.
pub fn chat_error(rpc: &'static str, status: tonic::Status) -> ApiError {
    if status.code() == Code::Unavailable && meguri_status::code_of(&status) != Some("BILLING_UNAVAILABLE") {
        tracing::warn!(name: "gateway.chat.unavailable", rpc, grpc.message = status.message(), "chat does not answer");
        return ApiError::Coded { status: actix_web::http::StatusCode::SERVICE_UNAVAILABLE, code: CHAT_UNAVAILABLE };
    }
    ApiError::from_status(rpc, status)
}

/// One call to chat, its failure mapped by [`chat_error`].
///
/// # Errors
/// chat's status.
pub async fn chat_rpc<T>(
    rpc: &'static str,
    call: impl std::future::Future<Output = Result<T, tonic::Status>>,
) -> Result<T, ApiError> {
    call.await.map_err(|status| chat_error(rpc, status))
}

/// A refusal of SendMessage as the route's error. `MESSAGE_TOO_LONG` is worded with the limit chat
/// names in the refusal (`x-meguri-limit`: its configured length), else the table's text.
#[must_use]
pub fn send_refusal(status: tonic::Status) -> ApiError {
    if status.code() == Code::InvalidArgument
        && meguri_status::code_of(&status) == Some("MESSAGE_TOO_LONG")
        && let Some(max) = meguri_status::limit_of(&status)
    {
        return body::too_long(max);
    }
    chat_error("SendMessage", status)
}
