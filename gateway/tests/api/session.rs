//! The session helper that sign-in and sign-out will use (`TypedSession::log_in` / `log_out`),
//! exercised through a tiny app with real Redis.

use std::time::Duration;

use actix_web::cookie::Cookie;
use actix_web::middleware::from_fn;
use actix_web::{App, HttpResponse, test, web};
use gateway::config::RedisConfig;
use gateway::session::{self, COOKIE_NAME, SECURE_COOKIE_NAME, SessionId, SessionSettings, SessionStore, TypedSession};
use gateway::startup::redis_pool;
use meguri_auth::Role;
use meguri_ids::UserId;

use crate::helpers::redis_url;

fn store() -> SessionStore {
    let config =
        RedisConfig { url: redis_url(), key_prefix: format!("test:{}:", uuid::Uuid::new_v4().simple()), pool_size: 2 };
    SessionStore::new(
        redis_pool(&config).expect("pool"),
        &config.key_prefix,
        Duration::from_secs(600),
        Duration::from_secs(3600),
    )
}

async fn log_in(path: web::Path<String>, session: TypedSession) -> HttpResponse {
    let user: UserId = path.parse().expect("user id");
    session.log_in(user, Role::User).await.expect("log in");
    HttpResponse::Ok().finish()
}

async fn log_out(session: TypedSession) -> HttpResponse {
    session.log_out().await.expect("log out");
    HttpResponse::Ok().finish()
}

async fn me(session: TypedSession) -> HttpResponse {
    match session.user().await.expect("load") {
        Some(user) => HttpResponse::Ok().body(user.user_id.to_string()),
        None => HttpResponse::Unauthorized().finish(),
    }
}

macro_rules! session_app {
    ($store:expr, $secure:expr) => {
        test::init_service(
            App::new()
                .wrap(from_fn(session::finish))
                .app_data(web::Data::new(SessionSettings { store: $store.clone(), cookie_secure: $secure }))
                .route("/login/{user}", web::post().to(log_in))
                .route("/logout", web::post().to(log_out))
                .route("/me", web::get().to(me)),
        )
        .await
    };
}

fn session_cookie<B>(response: &actix_web::dev::ServiceResponse<B>) -> Cookie<'static> {
    response
        .response()
        .cookies()
        .find(|c| c.name() == COOKIE_NAME || c.name() == SECURE_COOKIE_NAME)
        .map(Cookie::into_owned)
        .expect("a session cookie")
}

#[actix_web::test]
async fn log_in_sets_an_http_only_lax_cookie_and_stores_the_session() {
    let store = store();
    let app = session_app!(store, true);
    let user = UserId::new();

    let response =
        test::call_service(&app, test::TestRequest::post().uri(&format!("/login/{user}")).to_request()).await;

    assert!(response.status().is_success());
    let cookie = session_cookie(&response);
    assert_eq!(cookie.http_only(), Some(true));
    assert_eq!(cookie.same_site(), Some(actix_web::cookie::SameSite::Lax));
    assert_eq!(cookie.path(), Some("/"));
    assert_eq!(cookie.secure(), Some(true));
    let id = SessionId::parse(cookie.value()).expect("an opaque id");
    let state = store.load(&id).await.expect("redis").expect("stored");
    assert_eq!(state.user_id, user);
    assert_eq!(state.role, Role::User);
}

#[actix_web::test]
async fn log_in_again_rotates_the_id_and_deletes_the_old_session() {
    let store = store();
    let app = session_app!(store, false);
    let first = session_cookie(
        &test::call_service(&app, test::TestRequest::post().uri(&format!("/login/{}", UserId::new())).to_request())
            .await,
    );
    let second_user = UserId::new();

    let response = test::call_service(
        &app,
        test::TestRequest::post().uri(&format!("/login/{second_user}")).cookie(first.clone()).to_request(),
    )
    .await;
    let second = session_cookie(&response);

    assert_ne!(first.value(), second.value());
    let old = SessionId::parse(first.value()).expect("id");
    let new = SessionId::parse(second.value()).expect("id");
    assert!(store.load(&old).await.expect("redis").is_none(), "the old id is worthless");
    assert_eq!(store.load(&new).await.expect("redis").expect("stored").user_id, second_user);
    let me = test::call_and_read_body(&app, test::TestRequest::get().uri("/me").cookie(second).to_request()).await;
    assert_eq!(me, second_user.to_string());
}

#[actix_web::test]
async fn log_out_deletes_the_session_and_expires_the_cookie() {
    let store = store();
    let app = session_app!(store, false);
    let cookie = session_cookie(
        &test::call_service(&app, test::TestRequest::post().uri(&format!("/login/{}", UserId::new())).to_request())
            .await,
    );

    let response =
        test::call_service(&app, test::TestRequest::post().uri("/logout").cookie(cookie.clone()).to_request()).await;
    let removal = session_cookie(&response);

    assert_eq!(removal.value(), "");
    assert_eq!(removal.max_age(), Some(actix_web::cookie::time::Duration::ZERO));
    let id = SessionId::parse(cookie.value()).expect("id");
    assert!(store.load(&id).await.expect("redis").is_none());
    let after = test::call_service(&app, test::TestRequest::get().uri("/me").cookie(cookie).to_request()).await;
    assert_eq!(after.status(), 401);
}

#[actix_web::test]
async fn a_visitor_gets_no_session_and_no_cookie() {
    let app = session_app!(store(), false);

    let response = test::call_service(&app, test::TestRequest::get().uri("/me").to_request()).await;

    assert_eq!(response.status(), 401);
    assert!(response.response().cookies().next().is_none());
}
