//! The REST routes (spec §7 shapes, camelCase JSON). Handlers only translate: parse → call → map.

pub mod account;
pub mod admin;
pub mod almanac;
pub mod analytics;
pub mod auth;
pub mod blocks;
pub mod chat;
pub mod credits;
pub mod diary;
pub mod fortune;
pub mod friends;
pub mod health;
pub mod invites;
pub mod mentions;
pub mod onboarding;
pub mod places;
pub mod public;
pub mod purchases;
pub mod settings;
pub mod shop;
pub mod stripe;
pub mod support;
pub mod unsubscribe;

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};

use crate::clients::CallContext;
use crate::error::ApiError;
use crate::session::{SessionUser, TypedSession};

/// The signed-in user and the call context for them; 401 when signed out. Handlers take
/// [`SignedIn`] instead.
///
/// # Errors
/// [`ApiError::Unauthenticated`], or the session store failing.
async fn signed_in(req: &HttpRequest, session: &TypedSession) -> Result<(SessionUser, CallContext), ApiError> {
    let user = session.user().await?.ok_or(ApiError::Unauthenticated)?;
    Ok((user, CallContext::of(req, session).await))
}

/// The signed-in member a request is for, and the call context for them: the first argument of
/// every members-only handler. Extracted before anything else, so a signed-out request is a 401
/// before its path or body is looked at, and nobody is called.
pub struct SignedIn {
    pub user: SessionUser,
    pub ctx: CallContext,
}

impl FromRequest for SignedIn {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let session = TypedSession::of(&req)?;
            let (user, ctx) = signed_in(&req, &session).await?;
            Ok(Self { user, ctx })
        })
    }
}

/// One gRPC call of a handler: its answer, or its failure as the route's error (the stable code
/// the service sent, mapped once in [`ApiError::from_status`]), named after the RPC for the logs.
///
/// # Errors
/// The service's status.
pub async fn rpc<T>(name: &'static str, call: impl Future<Output = Result<T, tonic::Status>>) -> Result<T, ApiError> {
    answered(name, call.await)
}

/// [`rpc`] for an answer already in hand: a call whose failure was looked at before it becomes the
/// route's error (a password check settling its budget).
///
/// # Errors
/// The service's status.
pub fn answered<T>(name: &'static str, answer: Result<T, tonic::Status>) -> Result<T, ApiError> {
    answer.map_err(|status| ApiError::from_status(name, status))
}

/// 200 with `body` as JSON, or the error mapping the answer failed with.
///
/// # Errors
/// Whatever `body` is.
pub fn ok_json<T: serde::Serialize>(body: Result<T, ApiError>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(body?))
}

/// 204: the change is made (or was made before).
#[must_use]
pub fn no_content<T>(_answer: T) -> HttpResponse {
    HttpResponse::NoContent().finish()
}

/// Declares a route table once: the function that registers it, and the `(path, method)` pairs the OpenAPI test
/// compares with the document, so the routes served and the routes documented cannot drift apart.
macro_rules! route_table {
    ($(#[$doc:meta])* fn $register:ident, const $table:ident { $($method:ident $path:literal => $handler:path,)* }) => {
        $(#[$doc])*
        pub fn $register(cfg: &mut web::ServiceConfig) {
            $(cfg.route($path, web::$method().to($handler));)*
        }

        #[doc = concat!("The `(path, method)` pairs [`", stringify!($register), "`] registers, methods in lower case.")]
        pub const $table: &[(&str, &str)] = &[$(($path, stringify!($method)),)*];
    };
}

route_table! {
    /// Everything under `/api` (registered inside `web::scope("/api")`).
    fn api, const API_ROUTES {
        post "/public/calculate-bazi" => public::post::calculate_bazi,
        get "/places/search" => places::get::search,
        get "/places/coordinates" => places::get::coordinates,
        get "/auth/user" => auth::get::user,
        post "/auth/signup" => auth::post::signup,
        post "/auth/verify-email" => auth::post::verify_email,
        post "/auth/resend-verification" => auth::post::resend_verification,
        post "/auth/login" => auth::post::login,
        post "/auth/logout" => auth::post::logout,
        post "/auth/forgot-password" => auth::post::forgot_password,
        post "/auth/reset-password" => auth::post::reset_password,
        post "/auth/confirm-email-change" => auth::post::confirm_email_change,
        post "/onboarding/complete" => onboarding::post::complete,
        patch "/settings/username" => settings::patch::username,
        put "/settings/birth-data" => settings::put::birth_data,
        post "/settings/email" => settings::post::email,
        post "/settings/password" => settings::post::password,
        get "/settings/email-preferences" => settings::get::email_preferences,
        put "/settings/email-preferences" => settings::put::email_preferences,
        get "/settings/consent" => settings::consent::get,
        put "/settings/consent" => settings::consent::put,
        get "/analytics/consent" => analytics::visitor_consent,
        put "/analytics/consent" => analytics::put_visitor_consent,
        post "/analytics/events" => analytics::post_events,
        delete "/account" => account::delete::account,
        post "/admin/login" => admin::post::login,
        get "/admin/me" => admin::session::me,
        post "/admin/logout" => admin::session::logout,
        get "/admin/staff" => admin::session::staff_list,
        post "/admin/staff" => admin::accounts::create,
        patch "/admin/staff/{id}" => admin::accounts::change,
        get "/admin/users" => admin::users::list,
        get "/admin/users/{id}" => admin::users::get,
        get "/admin/users/{id}/ledger" => admin::users::ledger,
        get "/admin/users/{id}/purchases" => admin::users::purchases,
        post "/admin/users/{id}/credits" => admin::users::adjust,
        post "/admin/users/{id}/chart/retry" => admin::users::retry_chart,
        get "/admin/dashboard" => admin::dashboard::dashboard,
        get "/admin/analytics" => admin::analytics::analytics,
        post "/admin/analytics/rollup" => admin::analytics::roll_up,
        get "/admin/audit" => admin::audit::audit,
        get "/admin/tickets" => admin::tickets::list,
        get "/admin/tickets/{id}" => admin::tickets::get,
        patch "/admin/tickets/{id}" => admin::tickets::update,
        post "/admin/tickets/{id}/assign" => admin::tickets::assign,
        post "/admin/tickets/{id}/messages" => admin::tickets::message,
        get "/admin/attachments/{id}" => admin::tickets::attachment,
        get "/almanac" => almanac::get::almanac,
        get "/fortune/daily" => fortune::get::daily,
        get "/day-info" => fortune::get::day_info,
        get "/fortune/badges" => fortune::get::badges,
        get "/fortune/chart" => fortune::get::chart,
        get "/fortune/yearly" => fortune::get::yearly,
        get "/fortune/life" => fortune::get::life,
        post "/fortunes/rate" => fortune::post::rate,
        patch "/fortunes/rate" => fortune::patch::rate_feedback,
        get "/friend-updates" => fortune::get::friend_updates,
        get "/friends" => friends::get::friends,
        get "/friends/search" => friends::get::search_members,
        post "/friends/requests" => friends::post::send_friend_request,
        post "/friends/requests/{userId}/accept" => friends::post::accept_friend_request,
        post "/friends/requests/{userId}/decline" => friends::post::decline_friend_request,
        delete "/friends/requests/{userId}" => friends::delete::cancel_friend_request,
        delete "/friends/{userId}" => friends::delete::remove_friend,
        get "/friends/{userId}/compatibility" => friends::get::compatibility,
        get "/blocks" => blocks::get::blocks,
        post "/blocks" => blocks::post::block,
        delete "/blocks/{userId}" => blocks::delete::unblock,
        get "/invites/{userId}" => invites::get::invite,
        get "/diary" => diary::get::entries,
        post "/diary" => diary::post::create,
        get "/diary/lucky-day" => diary::get::lucky_day,
        get "/diary/letters" => diary::get::letters,
        post "/diary/letters/{id}/mark-shown" => diary::post::mark_letter_shown,
        get "/diary/{id}" => diary::get::entry,
        put "/diary/{id}" => diary::put::update,
        delete "/diary/{id}" => diary::delete::delete,
        get "/mentions/notifications" => mentions::get::notifications,
        post "/mentions/{id}/mark-shown" => mentions::post::mark_shown,
        post "/unsubscribe" => unsubscribe::post::unsubscribe,
        get "/shop/items" => shop::get::items,
        post "/shop/checkout" => shop::post::checkout,
        get "/shop/dev-checkout/{purchaseId}" => shop::get::dev_checkout,
        post "/shop/dev-checkout/{purchaseId}" => shop::post::complete_dev_checkout,
        get "/purchases" => purchases::get::purchases,
        get "/purchases/{id}" => purchases::get::purchase,
        get "/credits/ledger" => credits::get::ledger,
        post "/stripe/webhook" => stripe::post::webhook,
        get "/chat/status" => chat::get::status,
        get "/chat/messages" => chat::get::messages,
        post "/chat/messages" => chat::post::send,
        get "/chat/messages/{id}" => chat::get::message,
        get "/support/tickets" => support::get::tickets,
        post "/support/tickets" => support::post::open,
        get "/support/tickets/{id}" => support::get::ticket,
        post "/support/tickets/{id}/messages" => support::post::message,
        get "/support/attachments/{id}" => support::get::attachment,
        get "/public/support/reply/{token}" => support::reply::thread,
        post "/public/support/reply/{token}" => support::reply::reply,
        get "/public/support/reply/{token}/attachments/{id}" => support::reply::attachment,
        get "/openapi.json" => crate::openapi::openapi_json,
    }
}

route_table! {
    /// Probes and metrics, outside `/api`.
    fn operations, const OPERATION_ROUTES {
        get "/healthz" => health::get::healthz,
        get "/readyz" => health::get::readyz,
        get "/metrics" => health::get::metrics,
    }
}

/// Any request no route takes: 405 `METHOD_NOT_ALLOWED` with `Allow` when the path has routes for
/// other methods, else 404 `NOT_FOUND`.
///
/// # Errors
/// Always one of the two.
pub async fn not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    if let Some(allow) = crate::methods::allowed(req.path())
        && !crate::methods::lists(&allow, req.method())
    {
        return Ok(crate::hygiene::method_not_allowed(&allow));
    }
    Err(ApiError::Coded { status: actix_web::http::StatusCode::NOT_FOUND, code: "NOT_FOUND" })
}
