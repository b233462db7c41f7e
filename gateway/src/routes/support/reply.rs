//! The reply-by-link page's calls (`/support/reply/{token}`, always available, no sign-in): the
//! token in the mailed link is the proof. Each is counted per client address like the other token
//! routes; any token that is not a live one is 404 `REPLY_LINK_INVALID`, the same for an unknown,
//! expired, forged or malformed token (a malformed one never reaches support).

use actix_web::{HttpRequest, HttpResponse, web};
use meguri_proto::support as pb;

use super::body::{PostTicketMessageBody, ReplyThreadBody, TicketMessageBody};
use super::files::{attachment_id, image};
use super::support_rpc;
use crate::clients::CallContext;
use crate::error::{ApiError, ErrorBody};
use crate::extract::LongJson;
use crate::rate_limit::Bucket;
use crate::startup::AppState;

/// The code of every dead link.
pub const REPLY_LINK_INVALID: &str = "REPLY_LINK_INVALID";
/// A token's length (32 random bytes, base64url).
const TOKEN_CHARS: usize = 43;

/// The token if it has a token's form; support alone tells whether it is live.
///
/// # Errors
/// 404 `REPLY_LINK_INVALID`.
pub fn well_formed(raw: &str) -> Result<String, ApiError> {
    let ok = raw.len() == TOKEN_CHARS && raw.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'));
    if ok {
        Ok(raw.to_owned())
    } else {
        Err(ApiError::Coded { status: actix_web::http::StatusCode::NOT_FOUND, code: REPLY_LINK_INVALID })
    }
}

/// The ticket of a reply link with its thread, as its member sees it, and when the link expires.
#[utoipa::path(get, path = "/api/public/support/reply/{token}", operation_id = "get_support_reply_thread", tag = "support",
    params(("token" = String, Path, description = "The token of the mailed link")),
    responses(
        (status = 200, description = "The ticket and its messages, oldest first", body = ReplyThreadBody),
        (status = 404, description = "REPLY_LINK_INVALID (unknown, expired, forged or malformed: one answer)", body = ErrorBody),
        (status = 429, description = "RATE_LIMITED (per client address)", body = ErrorBody),
        (status = 503, description = "SUPPORT_UNAVAILABLE", body = ErrorBody),
    ))]
pub async fn thread(
    req: HttpRequest,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.rate_limiter.check(Bucket::SupportReply, &req).await?;
    let token = well_formed(&path)?;
    let ctx = CallContext::visitor(&req);
    let answer =
        support_rpc("GetReplyThread", state.support.get_reply_thread(&ctx, pb::ReplyLinkRef { token })).await?;
    Ok(HttpResponse::Ok().json(ReplyThreadBody::try_from(answer)?))
}

/// The member's answer through a reply link (stored with `via: email`; a closed ticket opens
/// again). The same `requestId` again answers the message stored first.
#[utoipa::path(post, path = "/api/public/support/reply/{token}", operation_id = "reply_to_support_by_link", tag = "support",
    params(("token" = String, Path, description = "The token of the mailed link")),
    request_body = PostTicketMessageBody,
    responses(
        (status = 201, description = "The stored message", body = TicketMessageBody),
        (status = 400, description = "TICKET_MESSAGE_REQUIRED, TICKET_MESSAGE_TOO_LONG, INVALID_REQUEST_ID, INVALID_REQUEST", body = ErrorBody),
        (status = 404, description = "REPLY_LINK_INVALID (one answer for every dead link)", body = ErrorBody),
        (status = 429, description = "RATE_LIMITED (per client address)", body = ErrorBody),
        (status = 503, description = "SUPPORT_UNAVAILABLE", body = ErrorBody),
    ))]
pub async fn reply(
    req: HttpRequest,
    path: web::Path<String>,
    body: LongJson<PostTicketMessageBody, { super::form::JSON_LIMIT }>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.rate_limiter.check(Bucket::SupportReply, &req).await?;
    let request = body.into_inner().by_link(well_formed(&path)?)?;
    let ctx = CallContext::visitor(&req);
    let message = support_rpc("ReplyByLink", state.support.reply_by_link(&ctx, request)).await?;
    Ok(HttpResponse::Created().json(TicketMessageBody::try_from(message)?))
}

/// A screenshot of the link's ticket.
#[utoipa::path(get, path = "/api/public/support/reply/{token}/attachments/{id}", operation_id = "get_support_reply_attachment", tag = "support",
    params(
        ("token" = String, Path, description = "The token of the mailed link"),
        ("id" = String, Path, description = "The screenshot's id (UUID)"),
    ),
    responses(
        (status = 200, description = "The image (PNG or JPEG)", content_type = "image/*", body = Vec<u8>),
        (status = 404, description = "REPLY_LINK_INVALID, or ATTACHMENT_NOT_FOUND (not of the link's ticket)", body = ErrorBody),
        (status = 429, description = "RATE_LIMITED (per client address)", body = ErrorBody),
        (status = 503, description = "SUPPORT_UNAVAILABLE", body = ErrorBody),
    ))]
pub async fn attachment(
    req: HttpRequest,
    path: web::Path<(String, String)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.rate_limiter.check(Bucket::SupportReplyFile, &req).await?;
    let (token, id) = path.into_inner();
    let request = pb::ReplyAttachmentRef { token: well_formed(&token)?, attachment_id: attachment_id(&id)? };
    let ctx = CallContext::visitor(&req);
    image(support_rpc("GetReplyAttachment", state.support.get_reply_attachment(&ctx, request)).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_tokens_form_reaches_support() {
        let token = "A".repeat(42) + "_";
        assert_eq!(well_formed(&token).expect("shaped"), token);
        for bad in ["", "abc", &"A".repeat(44), &("A".repeat(42) + "/"), &("A".repeat(42) + "=")] {
            assert_eq!(well_formed(bad).expect_err(bad).body().code, REPLY_LINK_INVALID, "{bad}");
        }
    }
}
