//! The last word on every response (`actix_web::middleware::from_fn(hygiene::finish)`, outermost
//! but telemetry):
//! - an `/api` answer is never stored by a cache (`Cache-Control: no-store` unless the route chose
//!   its own): most carry a member's data, and the rest gain nothing from caching in between;
//! - an error without a JSON body (actix's own 404/405 for a known path with another method, a
//!   refused payload) gets the `{"message","code"}` body every other error has;
//! - a query string with an encoded NUL (`%00`) is refused before any handler sees it;
//! - a method no route takes (TRACE, CONNECT, WebDAV's…) is a 405 with the path's `Allow`;
//! - a URL over [`MAX_URL_BYTES`] is a 414 `URI_TOO_LONG`, headers over [`MAX_HEADER_BYTES`] a 431
//!   `HEADERS_TOO_LARGE` (heads beyond actix's own limits, 64 KiB for the URL and 128 KiB for the
//!   whole head, never reach the app: the edge in front must refuse them first, docs/deploy.md).

use actix_web::ResponseError;
use actix_web::body::{BoxBody, EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;

use crate::error::ApiError;
use crate::methods;

/// The longest path and query the gateway reads (browsers and CDNs keep to about 8 KiB).
pub const MAX_URL_BYTES: usize = 8 * 1024;
/// The most header bytes (names, values and separators) a request may carry.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

/// See the module docs.
///
/// # Errors
/// Whatever the inner service fails with.
pub async fn finish(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<BoxBody>>, actix_web::Error> {
    let api = req.path().starts_with("/api");
    if let Some(refused) = refusal(&req) {
        return Ok(req.into_response(refused).map_into_right_body());
    }
    let mut res = next.call(req).await?.map_into_boxed_body();
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if (api || status.is_client_error() || status.is_server_error()) && status.as_u16() >= 400 && !is_json {
        let (req, old) = res.into_parts();
        let mut response = error_for(status).error_response();
        // Keep what the original answer told the client (Allow on a 405, Retry-After, cookies).
        for (name, value) in old.headers() {
            if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
                response.headers_mut().append(name.clone(), value.clone());
            }
        }
        res = ServiceResponse::new(req, response);
    }
    if api && !res.headers().contains_key(header::CACHE_CONTROL) {
        res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    Ok(res.map_into_left_body())
}

/// The answer to a request refused before any route sees it, if it is one.
fn refusal(req: &ServiceRequest) -> Option<actix_web::HttpResponse> {
    if !methods::served(req.method()) {
        let allow = methods::allowed(req.path()).unwrap_or_else(methods::served_anywhere);
        return Some(method_not_allowed(&allow));
    }
    let url = req.uri().path_and_query().map_or(0, |pq| pq.as_str().len());
    if url > MAX_URL_BYTES {
        return Some(ApiError::Coded { status: StatusCode::URI_TOO_LONG, code: "URI_TOO_LONG" }.error_response());
    }
    let headers: usize = req.headers().iter().map(|(name, value)| name.as_str().len() + value.len() + 4).sum();
    if headers > MAX_HEADER_BYTES {
        let status = StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE;
        return Some(ApiError::Coded { status, code: "HEADERS_TOO_LARGE" }.error_response());
    }
    if has_encoded_nul(req.query_string()) {
        return Some(ApiError::Invalid("INVALID_CHARACTERS").error_response());
    }
    None
}

/// 405 `METHOD_NOT_ALLOWED` naming the methods the path takes.
#[must_use]
pub fn method_not_allowed(allow: &str) -> actix_web::HttpResponse {
    let mut response =
        ApiError::Coded { status: StatusCode::METHOD_NOT_ALLOWED, code: "METHOD_NOT_ALLOWED" }.error_response();
    if let Ok(value) = HeaderValue::from_str(allow) {
        response.headers_mut().insert(header::ALLOW, value);
    }
    response
}

/// The error whose body a bare `status` gets.
fn error_for(status: StatusCode) -> ApiError {
    let code = match status {
        StatusCode::BAD_REQUEST => "INVALID_REQUEST",
        StatusCode::UNAUTHORIZED => "UNAUTHENTICATED",
        StatusCode::FORBIDDEN => "PERMISSION_DENIED",
        StatusCode::NOT_FOUND => "NOT_FOUND",
        StatusCode::METHOD_NOT_ALLOWED => "METHOD_NOT_ALLOWED",
        StatusCode::PAYLOAD_TOO_LARGE => "PAYLOAD_TOO_LARGE",
        StatusCode::URI_TOO_LONG => "URI_TOO_LONG",
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => "HEADERS_TOO_LARGE",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "INVALID_REQUEST",
        StatusCode::TOO_MANY_REQUESTS => "RATE_LIMITED",
        StatusCode::SERVICE_UNAVAILABLE => "SERVICE_UNAVAILABLE",
        StatusCode::GATEWAY_TIMEOUT => "GATEWAY_TIMEOUT",
        s if s.is_client_error() => "INVALID_REQUEST",
        _ => "INTERNAL_ERROR",
    };
    ApiError::Coded { status, code }
}

/// Whether a raw query string carries `%00` (in either case of hex, which has none for 0).
fn has_encoded_nul(query: &str) -> bool {
    query.contains("%00")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_encoded_nul_is_seen() {
        assert!(has_encoded_nul("query=%00"));
        assert!(has_encoded_nul("a=1&b=x%00y"));
        assert!(!has_encoded_nul("query=%E5%A4%A7"));
        assert!(!has_encoded_nul(""));
    }

    #[test]
    fn bare_statuses_get_a_code_of_their_class() {
        let body = |s: StatusCode| error_for(s).body().code.into_owned();

        assert_eq!(body(StatusCode::METHOD_NOT_ALLOWED), "METHOD_NOT_ALLOWED");
        assert_eq!(body(StatusCode::NOT_FOUND), "NOT_FOUND");
        assert_eq!(body(StatusCode::IM_A_TEAPOT), "INVALID_REQUEST");
        assert_eq!(body(StatusCode::BAD_GATEWAY), "INTERNAL_ERROR");
    }
}
