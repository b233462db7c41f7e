//! The SPA's analytics endpoints (issue 26, docs/api/analytics.md): a visitor's consent on this
//! browser, and the batches of page views. Nothing is collected without consent: a visitor's
//! batch is dropped here unless the consent cookie is present; a member's goes to the stream and
//! support keeps it only while their account's analytics consent is on.

use actix_web::{HttpRequest, HttpResponse, web};
use meguri_analytics::ClientEvent;
use meguri_proto::analytics::ClientEventRecorded;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::analytics::{self, Browser};
use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::rate_limit::Bucket;
use crate::session::TypedSession;
use crate::startup::AppState;

/// The most events one batch may carry.
pub const MAX_BATCH: usize = 50;

/// A visitor's analytics consent on this browser.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitorConsentBody {
    /// Whether this browser agreed to analytics.
    pub analytics: bool,
}

/// A visitor's answer to the analytics notice.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct VisitorConsentIn {
    #[schema(required = true)]
    pub analytics: bool,
    /// With `analytics: false`: also delete what was collected on this browser.
    pub delete_collected: bool,
}

/// Whether this browser agreed to analytics (the consent cookie is `HttpOnly`: the SPA asks here).
#[utoipa::path(get, path = "/api/analytics/consent", tag = "analytics", operation_id = "get_visitor_consent",
    responses((status = 200, description = "This browser's answer", body = VisitorConsentBody)))]
pub async fn visitor_consent(req: HttpRequest, session: TypedSession) -> HttpResponse {
    let analytics = analytics::visitor(&req, session.cookie_secure()).is_some();
    HttpResponse::Ok().json(VisitorConsentBody { analytics })
}

/// Records a visitor's answer: yes sets the consent cookie (a random id, 13 months); no removes
/// it and stops collection at once (and with `deleteCollected` deletes what this browser's id
/// collected). A member's consent is their account's: `PUT /api/settings/consent`.
#[utoipa::path(put, path = "/api/analytics/consent", tag = "analytics", operation_id = "put_visitor_consent",
    request_body = VisitorConsentIn,
    responses(
        (status = 200, description = "The answer recorded", body = VisitorConsentBody),
        (status = 400, description = "INVALID_REQUEST", body = ErrorBody),
        (status = 503, description = "ANALYTICS_UNAVAILABLE: the withdrawal could not be passed on; the cookie stays, try again", body = ErrorBody),
    ))]
pub async fn put_visitor_consent(
    req: HttpRequest,
    session: TypedSession,
    body: Json<VisitorConsentIn>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let secure = session.cookie_secure();
    let current = analytics::visitor(&req, secure);
    let b = body.into_inner();
    let mut response = HttpResponse::Ok();
    if b.analytics {
        // A browser that agreed before keeps its id (a double click is one visitor).
        let id = current.unwrap_or_else(Uuid::new_v4);
        response.cookie(analytics::consent_cookie(id, secure));
    } else {
        if let Some(id) = current {
            state.analytics.withdraw(id, b.delete_collected).await.map_err(|error| {
                tracing::warn!(name: "gateway.analytics.withdraw_failed", error = format!("{error:#}"));
                ApiError::Coded {
                    status: actix_web::http::StatusCode::SERVICE_UNAVAILABLE,
                    code: ANALYTICS_UNAVAILABLE,
                }
            })?;
        }
        response.cookie(analytics::removal_cookie(secure));
    }
    Ok(response.json(VisitorConsentBody { analytics: b.analytics }))
}

/// 503: the stream did not take the events.
pub const ANALYTICS_UNAVAILABLE: &str = "ANALYTICS_UNAVAILABLE";

/// One event of a batch (`Serialize` for the schema's default, which utoipa writes out).
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ClientEventIn {
    /// `page_view` (the only name a browser may send; anything else is refused).
    #[schema(required = true, example = "page_view")]
    pub name: String,
    /// The SPA path shown, e.g. `/home` (a query string is dropped).
    #[schema(required = true, example = "/home", max_length = 200)]
    pub path: String,
    /// `document.referrer` of the page load, if any (kept as origin and path).
    #[schema(max_length = 2000)]
    pub referrer: Option<String>,
}

/// A batch of events (at most 50, at most 16 KiB).
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct EventsIn {
    #[schema(required = true, max_items = 50)]
    pub events: Vec<ClientEventIn>,
}

/// How many events were passed on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventsAccepted {
    /// 0 when nothing may be collected (a visitor without consent).
    pub accepted: usize,
}

/// The batch checked: every name known, every path a path.
///
/// # Errors
/// 400 `TOO_MANY_ANALYTICS_EVENTS`, `UNKNOWN_ANALYTICS_EVENT`, `INVALID_ANALYTICS_PATH`.
pub fn checked(batch: EventsIn) -> Result<Vec<(ClientEvent, String, Option<String>)>, ApiError> {
    if batch.events.len() > MAX_BATCH {
        return Err(ApiError::Invalid("TOO_MANY_ANALYTICS_EVENTS"));
    }
    batch
        .events
        .into_iter()
        .map(|e| {
            // Only page views come from browsers; landing calculations are recorded by the gateway.
            let kind = ClientEvent::parse(&e.name)
                .filter(|k| *k == ClientEvent::PageView)
                .ok_or(ApiError::Invalid("UNKNOWN_ANALYTICS_EVENT"))?;
            let path = e.path.split(['?', '#']).next().unwrap_or_default().to_owned();
            let valid = path.starts_with('/')
                && !path.starts_with("//")
                && path.chars().count() <= 200
                && !path.chars().any(char::is_control);
            if !valid {
                return Err(ApiError::Invalid("INVALID_ANALYTICS_PATH"));
            }
            let referrer = e.referrer.filter(|r| !r.is_empty()).map(|r| r.chars().take(2000).collect());
            Ok((kind, path, referrer))
        })
        .collect()
}

/// Page views from the SPA, batched (sent every few seconds and with `sendBeacon` when the page
/// is hidden). A visitor without the consent cookie gets 202 with `accepted: 0` and nothing is
/// sent on.
#[utoipa::path(post, path = "/api/analytics/events", tag = "analytics", operation_id = "post_analytics_events",
    request_body = EventsIn,
    responses(
        (status = 202, description = "Passed on (support stores them only with consent)", body = EventsAccepted),
        (status = 400, description = "TOO_MANY_ANALYTICS_EVENTS, UNKNOWN_ANALYTICS_EVENT, INVALID_ANALYTICS_PATH, INVALID_REQUEST", body = ErrorBody),
        (status = 413, description = "PAYLOAD_TOO_LARGE (over 16 KiB)", body = ErrorBody),
        (status = 429, description = "Too many batches from this browser or address", body = ErrorBody),
        (status = 503, description = "ANALYTICS_UNAVAILABLE", body = ErrorBody),
    ))]
pub async fn post_events(
    req: HttpRequest,
    session: TypedSession,
    body: Json<EventsIn>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let events = checked(body.into_inner())?;
    let user = session.user().await?.map(|u| *u.user_id.as_uuid());
    let visitor = analytics::visitor(&req, session.cookie_secure());
    let subject = match (user, visitor) {
        (Some(u), _) => format!("u:{u}"),
        (None, Some(v)) => format!("v:{v}"),
        (None, None) => return Ok(HttpResponse::Accepted().json(EventsAccepted { accepted: 0 })),
    };
    state.rate_limiter.check(Bucket::AnalyticsPerIp, &req).await?;
    state.rate_limiter.check_key(Bucket::Analytics, &subject).await?;
    let browser = Browser::of(&req, state.trust_forwarded_for);
    let recorded: Vec<ClientEventRecorded> = events
        .into_iter()
        .map(|(kind, path, referrer)| {
            client_event(user, visitor, kind, path, referrer, &browser, state.analytics.now())
        })
        .collect();
    let accepted = recorded.len();
    state.analytics.publish(&recorded).await.map_err(|error| {
        tracing::warn!(name: "gateway.analytics.publish_failed", error = format!("{error:#}"));
        ApiError::Coded { status: actix_web::http::StatusCode::SERVICE_UNAVAILABLE, code: ANALYTICS_UNAVAILABLE }
    })?;
    Ok(HttpResponse::Accepted().json(EventsAccepted { accepted }))
}

/// A client event as the stream carries it, stamped now.
#[must_use]
pub fn client_event(
    user: Option<Uuid>,
    visitor: Option<Uuid>,
    kind: ClientEvent,
    path: String,
    referrer: Option<String>,
    browser: &Browser,
    at: chrono::DateTime<chrono::Utc>,
) -> ClientEventRecorded {
    ClientEventRecorded {
        user_id: user.map(|u| u.to_string()),
        // A member's events are their account's; the visitor id is not sent with them.
        visitor_id: if user.is_some() { None } else { visitor.map(|v| v.to_string()) },
        event_type: kind.as_str().to_owned(),
        path,
        referrer,
        user_agent: browser.user_agent.clone(),
        ip_prefix: browser.ip_prefix.clone(),
        occurred_at: meguri_analytics::rfc3339(at),
        data_json: "{}".to_owned(),
    }
}

/// Records a landing-page calculation for a member or a consenting visitor (nothing otherwise).
/// Never fails the calculation: a stream that does not answer is logged.
pub async fn landing_calculation(req: &HttpRequest, session: &TypedSession, state: &AppState) {
    let user = session.user().await.ok().flatten().map(|u| *u.user_id.as_uuid());
    let visitor = analytics::visitor(req, session.cookie_secure());
    if user.is_none() && visitor.is_none() {
        return;
    }
    let browser = Browser::of(req, state.trust_forwarded_for);
    let at = state.analytics.now();
    let event = client_event(user, visitor, ClientEvent::LandingCalculation, "/".to_owned(), None, &browser, at);
    if let Err(error) = state.analytics.publish(std::slice::from_ref(&event)).await {
        tracing::warn!(name: "gateway.analytics.publish_failed", error = format!("{error:#}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(name: &str, path: &str) -> ClientEventIn {
        ClientEventIn { name: name.to_owned(), path: path.to_owned(), referrer: None }
    }

    fn code(result: Result<Vec<(ClientEvent, String, Option<String>)>, ApiError>) -> &'static str {
        match result {
            Err(ApiError::Invalid(code)) => code,
            other => panic!("expected a 400, got {other:?}"),
        }
    }

    #[test]
    fn a_batch_of_page_views_passes_without_its_queries() {
        let ok = checked(EventsIn { events: vec![event("page_view", "/home?x=1"), event("page_view", "/diary")] })
            .expect("valid");
        assert_eq!(ok.iter().map(|(_, p, _)| p.as_str()).collect::<Vec<_>>(), ["/home", "/diary"]);
    }

    #[test]
    fn unknown_names_long_batches_and_odd_paths_are_refused() {
        assert_eq!(code(checked(EventsIn { events: vec![event("purchase", "/shop")] })), "UNKNOWN_ANALYTICS_EVENT");
        assert_eq!(
            code(checked(EventsIn { events: vec![event("landing_calculation", "/")] })),
            "UNKNOWN_ANALYTICS_EVENT"
        );
        let many = (0..51).map(|_| event("page_view", "/")).collect();
        assert_eq!(code(checked(EventsIn { events: many })), "TOO_MANY_ANALYTICS_EVENTS");
        for bad in ["home", "//evil.example", "https://x", "/\u{7}"] {
            assert_eq!(code(checked(EventsIn { events: vec![event("page_view", bad)] })), "INVALID_ANALYTICS_PATH");
        }
    }
}
