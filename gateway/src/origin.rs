//! Cross-site request refusal for state-changing methods (the cookie is `SameSite=Lax`; this closes
//! the rest): a POST/PUT/PATCH/DELETE is refused with 403 `FORBIDDEN_ORIGIN` when it carries an
//! `Origin` outside `PUBLIC_ORIGIN`, or `Sec-Fetch-Site: cross-site`. A request with neither header
//! (curl, another server) passes: browsers always send at least one of them on such requests.
//!
//! Two routes are exempt ([`EXEMPT_PATHS`]): `POST /api/unsubscribe`, which mail clients post from
//! wherever they run (RFC 8058 one-click) and whose authority is the signed token it carries, not a
//! session cookie — a forged cross-site post could only do what the token's holder may do anyway;
//! and `POST /api/stripe/webhook`, posted by Stripe's servers, whose authority is the
//! `Stripe-Signature` billing verifies (it reads no session at all).

use std::sync::Arc;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::http::header::{HeaderMap, ORIGIN};
use actix_web::middleware::Next;
use actix_web::{ResponseError, web};

use crate::error::ApiError;

/// The origins allowed to send state-changing requests (normalised: lower case, no trailing `/`).
#[derive(Clone, Debug)]
pub struct AllowedOrigins(Arc<[String]>);

impl AllowedOrigins {
    #[must_use]
    pub fn new(origins: &[String]) -> Self {
        Self(origins.iter().map(|o| o.to_ascii_lowercase()).collect())
    }

    fn allows(&self, origin: &str) -> bool {
        let origin = origin.trim_end_matches('/');
        self.0.iter().any(|o| o.eq_ignore_ascii_case(origin))
    }
}

/// The POST paths the check does not apply to (see the module docs).
pub const EXEMPT_PATHS: &[&str] = &["/api/unsubscribe", "/api/stripe/webhook"];

/// Whether a request must be refused (see the module docs).
#[must_use]
pub fn is_forbidden(method: &Method, path: &str, headers: &HeaderMap, allowed: &AllowedOrigins) -> bool {
    if !matches!(*method, Method::POST | Method::PUT | Method::PATCH | Method::DELETE) {
        return false;
    }
    if *method == Method::POST && EXEMPT_PATHS.contains(&path) {
        return false;
    }
    let cross_site = headers.get("sec-fetch-site").is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"cross-site"));
    if cross_site {
        return true;
    }
    match headers.get(ORIGIN) {
        None => false,
        Some(origin) => origin.to_str().map_or(true, |o| !allowed.allows(o)),
    }
}

/// Middleware (`actix_web::middleware::from_fn(origin::check_origin)`); reads [`AllowedOrigins`]
/// from the app data.
///
/// # Errors
/// Whatever the inner service fails with.
pub async fn check_origin(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let forbidden = req
        .app_data::<web::Data<AllowedOrigins>>()
        .is_some_and(|allowed| is_forbidden(req.method(), req.path(), req.headers(), allowed));
    if forbidden {
        tracing::info!(
            name: "gateway.origin.refused",
            origin = req.headers().get(ORIGIN).and_then(|v| v.to_str().ok()),
            "refused a cross-origin state-changing request"
        );
        let response = ApiError::ForbiddenOrigin.error_response();
        return Ok(req.into_response(response).map_into_right_body());
    }
    Ok(next.call(req).await?.map_into_left_body())
}

#[cfg(test)]
mod tests {
    use actix_web::http::header::{HeaderName, HeaderValue};

    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (k, v) in pairs {
            map.insert(HeaderName::from_static(k), HeaderValue::from_static(v));
        }
        map
    }

    fn allowed() -> AllowedOrigins {
        AllowedOrigins::new(&["https://meguri.jp".to_owned(), "http://localhost:8080".to_owned()])
    }

    #[test]
    fn a_foreign_origin_is_refused_for_a_post() {
        let h = headers(&[("origin", "https://evil.example")]);
        assert!(is_forbidden(&Method::POST, "/api/x", &h, &allowed()));
        assert!(is_forbidden(&Method::DELETE, "/api/x", &h, &allowed()));
    }

    #[test]
    fn reads_are_never_refused() {
        let h = headers(&[("origin", "https://evil.example"), ("sec-fetch-site", "cross-site")]);
        assert!(!is_forbidden(&Method::GET, "/api/x", &h, &allowed()));
    }

    #[test]
    fn our_own_origin_and_header_less_requests_pass() {
        assert!(!is_forbidden(&Method::POST, "/api/x", &headers(&[("origin", "https://meguri.jp")]), &allowed()));
        assert!(!is_forbidden(&Method::POST, "/api/x", &headers(&[("origin", "http://LOCALHOST:8080")]), &allowed()));
        assert!(!is_forbidden(&Method::POST, "/api/x", &headers(&[]), &allowed()));
        assert!(!is_forbidden(&Method::POST, "/api/x", &headers(&[("sec-fetch-site", "same-origin")]), &allowed()));
    }

    #[test]
    fn cross_site_fetch_metadata_is_refused_even_without_origin() {
        assert!(is_forbidden(&Method::POST, "/api/x", &headers(&[("sec-fetch-site", "cross-site")]), &allowed()));
    }

    #[test]
    fn only_the_unsubscribe_and_stripe_webhook_posts_are_exempt() {
        let h = headers(&[("origin", "https://evil.example"), ("sec-fetch-site", "cross-site")]);

        assert!(!is_forbidden(&Method::POST, "/api/unsubscribe", &h, &allowed()));
        assert!(!is_forbidden(&Method::POST, "/api/stripe/webhook", &h, &allowed()));
        assert!(is_forbidden(&Method::PUT, "/api/stripe/webhook", &h, &allowed()));
        assert!(is_forbidden(&Method::POST, "/api/shop/checkout", &h, &allowed()));
        assert!(is_forbidden(&Method::POST, "/api/unsubscribe/", &h, &allowed()));
        assert!(is_forbidden(&Method::PUT, "/api/unsubscribe", &h, &allowed()));
        assert!(is_forbidden(&Method::POST, "/api/diary", &h, &allowed()));
    }

    #[test]
    fn a_null_origin_is_refused() {
        assert!(is_forbidden(&Method::POST, "/api/x", &headers(&[("origin", "null")]), &allowed()));
    }
}
