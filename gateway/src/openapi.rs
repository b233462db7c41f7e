//! The OpenAPI document of every route the gateway serves (`GET /api/openapi.json`).

use std::sync::OnceLock;

use actix_web::HttpResponse;
use actix_web::http::header;
use utoipa::OpenApi;

use crate::routes;

mod answers;
mod links;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Meguri gateway",
        description = "The public REST API of Meguri (巡り). Errors are `{\"message\": \"<Japanese>\", \"code\": \"SNAKE_CASE\"}`.",
        version = "1"
    ),
    paths(
        routes::public::post::calculate_bazi,
        routes::places::get::search,
        routes::places::get::coordinates,
        routes::auth::get::user,
        routes::auth::post::signup,
        routes::auth::post::verify_email,
        routes::auth::post::resend_verification,
        routes::auth::post::login,
        routes::auth::post::logout,
        routes::auth::post::forgot_password,
        routes::auth::post::reset_password,
        routes::auth::post::confirm_email_change,
        routes::onboarding::post::complete,
        routes::settings::patch::username,
        routes::settings::put::birth_data,
        routes::settings::post::email,
        routes::settings::post::password,
        routes::settings::get::email_preferences,
        routes::settings::put::email_preferences,
        routes::settings::consent::get,
        routes::settings::consent::put,
        routes::analytics::visitor_consent,
        routes::analytics::put_visitor_consent,
        routes::analytics::post_events,
        routes::account::delete::account,
        routes::admin::post::login,
        routes::admin::session::me,
        routes::admin::session::logout,
        routes::admin::session::staff_list,
        routes::admin::accounts::create,
        routes::admin::accounts::change,
        routes::admin::users::list,
        routes::admin::users::get,
        routes::admin::users::ledger,
        routes::admin::users::purchases,
        routes::admin::users::adjust,
        routes::admin::users::retry_chart,
        routes::admin::analytics::analytics,
        routes::admin::analytics::roll_up,
        routes::admin::dashboard::dashboard,
        routes::admin::audit::audit,
        routes::admin::tickets::list,
        routes::admin::tickets::get,
        routes::admin::tickets::update,
        routes::admin::tickets::assign,
        routes::admin::tickets::message,
        routes::admin::tickets::attachment,
        routes::almanac::get::almanac,
        routes::fortune::get::daily,
        routes::fortune::get::day_info,
        routes::fortune::get::badges,
        routes::fortune::get::chart,
        routes::fortune::get::yearly,
        routes::fortune::get::life,
        routes::fortune::get::friend_updates,
        routes::fortune::post::rate,
        routes::fortune::patch::rate_feedback,
        routes::friends::get::friends,
        routes::friends::get::search_members,
        routes::friends::post::send_friend_request,
        routes::friends::post::accept_friend_request,
        routes::friends::post::decline_friend_request,
        routes::friends::delete::cancel_friend_request,
        routes::friends::delete::remove_friend,
        routes::friends::get::compatibility,
        routes::blocks::get::blocks,
        routes::blocks::post::block,
        routes::blocks::delete::unblock,
        routes::invites::get::invite,
        routes::diary::get::entries,
        routes::diary::post::create,
        routes::diary::get::lucky_day,
        routes::diary::get::letters,
        routes::diary::post::mark_letter_shown,
        routes::diary::get::entry,
        routes::diary::put::update,
        routes::diary::delete::delete,
        routes::mentions::get::notifications,
        routes::mentions::post::mark_shown,
        routes::unsubscribe::post::unsubscribe,
        routes::shop::get::items,
        routes::shop::post::checkout,
        routes::shop::get::dev_checkout,
        routes::shop::post::complete_dev_checkout,
        routes::purchases::get::purchases,
        routes::purchases::get::purchase,
        routes::credits::get::ledger,
        routes::stripe::post::webhook,
        routes::chat::get::status,
        routes::chat::get::messages,
        routes::chat::post::send,
        routes::chat::get::message,
        routes::support::get::tickets,
        routes::support::post::open,
        routes::support::get::ticket,
        routes::support::post::message,
        routes::support::get::attachment,
        routes::support::reply::thread,
        routes::support::reply::reply,
        routes::support::reply::attachment,
        routes::health::get::healthz,
        routes::health::get::readyz,
        routes::health::get::metrics,
        openapi_json,
    ),
    modifiers(&AdminToken),
    tags(
        (name = "public", description = "Signed-out features (the landing calculator)"),
        (name = "places", description = "The birth-place picker"),
        (name = "auth", description = "Sign-up, sign-in, password reset and the current user"),
        (name = "settings", description = "Account settings of the signed-in user, and the one-click unsubscribe of mails"),
        (name = "admin", description = "The admin SPA: staff sign-in (a bearer token, `Authorization: Bearer <token>`, on every other admin route), the staff list and the support inbox"),
        (name = "almanac", description = "Japanese almanac"),
        (name = "fortune", description = "Readings of the signed-in user: daily reading, day-info, ratings, chart, reports, friend updates"),
        (name = "friends", description = "Friends, requests, compatibility, member search, blocks and invite cards"),
        (name = "diary", description = "The diary, mentions of friends and letters to the future"),
        (name = "shop", description = "Credit packs, checkout (Stripe or the development checkout), purchases, the credit ledger and Stripe's webhook"),
        (name = "support", description = "A member's support tickets: the list, one ticket's thread, opening a ticket and writing again"),
        (name = "chat", description = "The mascot chat: cost and balance, history, sending a message (paid in credits) with its reply streamed as Server-Sent Events"),
        (name = "analytics", description = "Usage analytics with consent: a visitor's answer to the notice, and the SPA's batches of page views"),
        (name = "operations", description = "Probes, metrics and this document"),
    )
)]
pub struct ApiDoc;

/// The admin SPA's bearer token (`POST /api/admin/login`), named by the admin routes' `security`.
struct AdminToken;

impl utoipa::Modify for AdminToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "admin_token",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

/// The document as served, rendered once per process: the routes' annotations, the answers every
/// route of a kind gives ([`answers`]) and the links between operations ([`links`]).
/// `cargo run -p gateway --bin openapi` prints it, and the frontend generates its API types from that
/// output (`frontend/scripts/gen-api-types.mjs`).
pub fn document() -> &'static str {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| serde_json::to_string(&document_value()).unwrap_or_else(|_| "{}".to_owned()))
}

fn document_value() -> serde_json::Value {
    let mut doc = serde_json::to_value(ApiDoc::openapi()).unwrap_or_default();
    answers::complete(&mut doc);
    links::add(&mut doc);
    doc
}

/// This OpenAPI document.
#[utoipa::path(get, path = "/api/openapi.json", tag = "operations",
    responses((status = 200, description = "OpenAPI 3 document", content_type = "application/json", body = Object)))]
pub async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok().insert_header((header::CONTENT_TYPE, "application/json")).body(document())
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    fn operation<'a>(doc: &'a Value, id: &str) -> &'a Value {
        doc["paths"]
            .as_object()
            .into_iter()
            .flat_map(|paths| paths.values())
            .filter_map(Value::as_object)
            .flat_map(|item| item.values())
            .find(|op| op["operationId"] == id)
            .unwrap_or_else(|| panic!("no operation {id}"))
    }

    fn schema<'a>(doc: &'a Value, value: &'a Value) -> &'a Value {
        match value["$ref"].as_str() {
            Some(r) => &doc["components"]["schemas"][r.trim_start_matches("#/components/schemas/")],
            None => value,
        }
    }

    /// A property of an object schema, its own or of one of its `allOf` parts (a flattened struct).
    fn property<'a>(doc: &'a Value, at: &'a Value, name: &str) -> Option<&'a Value> {
        at["properties"]
            .get(name)
            .or_else(|| at["allOf"].as_array()?.iter().find_map(|part| property(doc, schema(doc, part), name)))
    }

    /// Follows `/a/0/b` through the answer's schema (objects' properties, arrays' items).
    fn pointer_in_schema(doc: &Value, root: &Value, pointer: &str) -> bool {
        let mut at = schema(doc, root);
        for part in pointer.trim_start_matches('/').split('/').filter(|p| !p.is_empty()) {
            let next = if part.parse::<usize>().is_ok() { at.get("items") } else { property(doc, at, part) };
            match next {
                Some(next) => at = schema(doc, next),
                None => return false,
            }
        }
        true
    }

    #[test]
    fn every_link_joins_two_operations_of_the_document_through_fields_that_exist() {
        let doc = document_value();
        for l in links::LINKS {
            let answer = &operation(&doc, l.from)["responses"][l.status];
            assert!(answer["links"][l.name].is_object(), "{} {} has no link {}", l.from, l.status, l.name);
            let body = &answer["content"]["application/json"]["schema"];
            let target = operation(&doc, l.to);
            for (name, expression) in l.parameters {
                let declared = target["parameters"].as_array().is_some_and(|ps| ps.iter().any(|p| p["name"] == *name));
                assert!(declared, "{} takes no parameter {name}", l.to);
                let pointer = expression.strip_prefix("$response.body#").expect("a response body expression");
                assert!(pointer_in_schema(&doc, body, pointer), "{} {}: no {pointer}", l.from, l.status);
            }
            let target_body = &target["requestBody"]["content"]["application/json"]["schema"];
            for (field, expression) in l.body {
                assert!(
                    pointer_in_schema(&doc, target_body, &format!("/{field}")),
                    "{} has no body field {field}",
                    l.to
                );
                if let Some(pointer) = expression.strip_prefix("$response.body#") {
                    assert!(pointer_in_schema(&doc, body, pointer), "{} {}: no {pointer}", l.from, l.status);
                }
            }
        }
    }

    #[test]
    fn the_chat_stream_lists_each_event_of_chat_stream_event() {
        let doc = document_value();
        let variants: Vec<&str> = doc["components"]["schemas"]["ChatStreamEvent"]["oneOf"]
            .as_array()
            .expect("oneOf")
            .iter()
            .filter_map(|v| v["$ref"].as_str())
            .map(|r| r.trim_start_matches("#/components/schemas/"))
            .collect();
        let listed: Vec<&str> = answers::CHAT_EVENTS.iter().map(|(_, schema)| *schema).collect();
        assert_eq!(variants, listed);
        let stream = &operation(&doc, "send_chat_message")["responses"]["200"]["content"]["text/event-stream"];
        assert_eq!(stream["schema"], answers::chat_event_schema());
    }

    #[test]
    fn the_served_document_is_the_completed_one() {
        let served: Value = serde_json::from_str(document()).expect("json");
        assert_eq!(served, document_value());
    }
}
