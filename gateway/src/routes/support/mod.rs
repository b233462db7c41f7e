//! A member's support tickets (docs/api/support.md): the list, one ticket with its thread, opening a
//! ticket and writing again (with screenshots), a screenshot; and the signed-out reply-by-link
//! page (`reply`). The member routes need a signed-in member and forward to support, whose caller
//! is the session's user; support checks the words and keeps repeats of one `requestId` to
//! one ticket or message. The gateway checks the form of ids and turns support being down into the
//! support screen's own 503.

pub mod body;
pub mod files;
pub mod form;
pub mod get;
pub mod post;
pub mod reply;

use tonic::Code;

use crate::error::ApiError;

/// The code of support not answering.
pub const SUPPORT_UNAVAILABLE: &str = "SUPPORT_UNAVAILABLE";

/// One call to support: support down is `SUPPORT_UNAVAILABLE` (503, the support section's own
/// words; the rest of the app is unaffected); anything else is mapped like every service's status.
///
/// # Errors
/// support's status.
pub async fn support_rpc<T>(
    rpc: &'static str,
    call: impl std::future::Future<Output = Result<T, tonic::Status>>,
) -> Result<T, ApiError> {
    call.await.map_err(|status| {
        if status.code() == Code::Unavailable {
            tracing::warn!(name: "gateway.support.unavailable", rpc, grpc.message = status.message(), "support does not answer");
            return ApiError::Coded { status: actix_web::http::StatusCode::SERVICE_UNAVAILABLE, code: SUPPORT_UNAVAILABLE };
        }
        ApiError::from_status(rpc, status)
    })
}
