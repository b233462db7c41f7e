//! Builds the gateway: the Redis pool, the gRPC channels, the middleware stack and the routes.
//!
//! Request order (outermost first): telemetry (request id, span, metrics) → origin check →
//! session cookie writer → route. Handlers read the session lazily, count rate limits and call
//! services through `clients`.
//!
//! Each actix worker gets its own lazily connected gRPC channel (created in the worker, so the
//! HTTP/2 connection is driven on that worker's thread); the Redis pool is shared.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use actix_files::{Files, NamedFile};
use actix_web::dev::{Server, ServerHandle, ServiceRequest, ServiceResponse, fn_service};
use actix_web::error::QueryPayloadError;
use actix_web::middleware::from_fn;
use actix_web::{App, HttpRequest, HttpServer, web};
use anyhow::Context as _;
use deadpool_redis::{Pool, Runtime};
use meguri_auth::TokenMinter;
use meguri_telemetry::PrometheusHandle;
use tonic::transport::Endpoint;

use crate::admin_token::AdminTokens;
use crate::clients::{BaziEngine, Billing, Chat, ClientPolicy, Fortune, Identity, Notify, Social, Support};
use crate::config::{Config, RedisConfig};
use crate::error::ApiError;
use crate::origin::{self, AllowedOrigins};
use crate::rate_limit::RateLimiter;
use crate::session::{self, SessionSettings, SessionStore};
use crate::timezone::StoredOffsets;
use crate::{hygiene, metrics, routes, telemetry};

/// How long an idle HTTP/1.1 connection is kept (see `keep_alive` below).
pub const HTTP_KEEP_ALIVE: Duration = Duration::from_secs(75);

/// The lifetime of an internal token (well under the 60 s maximum; a call lasts seconds at most).
const TOKEN_TTL: Duration = Duration::from_secs(30);
/// The largest JSON body accepted.
const JSON_LIMIT: usize = 16 * 1024;

/// The largest answer read from support: a screenshot (at most 8 MiB) and its framing.
const SUPPORT_MAX_ANSWER_BYTES: usize = 9 * 1024 * 1024;

/// What each worker's handlers use.
pub struct AppState {
    pub engine: BaziEngine,
    pub identity: Identity,
    pub billing: Billing,
    pub notify: Notify,
    pub fortune: Fortune,
    pub social: Social,
    /// chat's status, history and messages (`GRPC_TIMEOUT_MS`).
    pub chat: Chat,
    /// chat for sending (`CHAT_ACCEPT_TIMEOUT_MS` until the message is accepted or refused).
    pub chat_send: Chat,
    /// How the reply streams are paced (`CHAT_ACCEPT_TIMEOUT_MS`, `CHAT_KEEP_ALIVE_MS`).
    pub chat_stream: ChatStreamSettings,
    /// fortune-gen for the calls that may generate with the LLM (`READING_TIMEOUT_MS`).
    pub readings: Fortune,
    /// support: a member's own tickets.
    pub support: Support,
    pub rate_limiter: RateLimiter,
    /// Keeps identity's stored time-zone offset up to date from the offsets browsers send.
    pub offsets: StoredOffsets,
    /// `None` when `ADMIN_JWT_SECRET` is unset: admin login is then unavailable.
    pub admin_tokens: Option<AdminTokens>,
    /// `APP_BASE_URL`: the start of the absolute links into the app the gateway builds.
    pub app_base_url: Arc<str>,
    /// Adds page views and landing calculations to the `analytics` stream.
    pub analytics: crate::analytics::Publisher,
    /// `TRUST_FORWARDED_FOR`: where a request's address comes from (analytics truncates it).
    pub trust_forwarded_for: bool,
}

/// The timing of the chat reply streams.
#[derive(Clone, Copy, Debug)]
pub struct ChatStreamSettings {
    /// How long chat may take to send its first event (accepted) once the call is answered.
    pub accept_timeout: Duration,
    /// The longest silence on a reply stream before a keep-alive comment.
    pub keep_alive: Duration,
}

/// What `/readyz` and `/metrics` look at (shared by all workers).
pub struct Readiness {
    pub redis: Pool,
    pub prometheus: PrometheusHandle,
}

impl Readiness {
    /// Redis answers PING in time.
    pub async fn redis_ok(&self, timeout: Duration) -> bool {
        let ping = async {
            let mut conn = self.redis.get().await.ok()?;
            redis::cmd("PING").query_async::<String>(&mut conn).await.ok()
        };
        matches!(tokio::time::timeout(timeout, ping).await, Ok(Some(_)))
    }
}

/// A Redis pool that connects lazily, with short timeouts so an outage fails fast.
///
/// # Errors
/// The URL is invalid.
pub fn redis_pool(config: &RedisConfig) -> anyhow::Result<Pool> {
    let connection = redis::AsyncConnectionConfig::new()
        .set_connection_timeout(Some(Duration::from_millis(500)))
        .set_response_timeout(Some(Duration::from_secs(1)));
    let manager = deadpool_redis::Manager::new_with_config(config.url.as_str(), connection).context("REDIS_URL")?;
    Pool::builder(manager)
        .max_size(config.pool_size.max(1))
        .wait_timeout(Some(Duration::from_millis(500)))
        .create_timeout(Some(Duration::from_millis(500)))
        .recycle_timeout(Some(Duration::from_millis(500)))
        .runtime(Runtime::Tokio1)
        .build()
        .context("build the Redis pool")
}

/// The running gateway (STYLE §2): the bound port and the actix server.
pub struct Application {
    port: u16,
    server: Server,
}

impl Application {
    /// Binds the port and prepares everything; nothing is served until
    /// [`run_until_stopped`](Self::run_until_stopped). Must run inside the actix system.
    ///
    /// # Errors
    /// An invalid address or secret, or a port that cannot be bound.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        Self::build_with_clock(config, Arc::new(meguri_clock::SystemClock)).await
    }

    /// [`build`](Self::build) with the clock analytics stamps client events with (tests move it
    /// to simulate days; nothing else reads it).
    ///
    /// # Errors
    /// As [`build`](Self::build).
    pub async fn build_with_clock(config: Config, clock: Arc<dyn meguri_clock::Clock>) -> anyhow::Result<Self> {
        metrics::describe();
        let prometheus = meguri_telemetry::prometheus_handle();
        let redis = redis_pool(&config.redis)?;
        let minter = Arc::new(TokenMinter::new(&config.jwt_secret, TOKEN_TTL).context("INTERNAL_JWT_SECRET")?);
        let endpoint = |addr: &str, name: &str| -> anyhow::Result<Endpoint> {
            meguri_grpc_client::endpoint(addr, config.grpc_timeout).with_context(|| name.to_owned())
        };
        let engine_endpoint = endpoint(&config.bazi_engine_addr, "BAZI_ENGINE_ADDR")?;
        let identity_endpoint = endpoint(&config.identity_addr, "IDENTITY_ADDR")?;
        let billing_endpoint = endpoint(&config.billing_addr, "BILLING_ADDR")?;
        let notify_endpoint = endpoint(&config.notify_addr, "NOTIFY_ADDR")?;
        let fortune_endpoint = endpoint(&config.fortune_addr, "FORTUNE_ADDR")?;
        let social_endpoint = endpoint(&config.social_addr, "SOCIAL_ADDR")?;
        let chat_endpoint = endpoint(&config.chat_addr, "CHAT_ADDR")?;
        let support_endpoint = endpoint(&config.support_addr, "SUPPORT_ADDR")?;
        let admin_tokens = config.admin_jwt_secret.as_ref().map(AdminTokens::new);

        let session_settings = web::Data::new(SessionSettings {
            store: SessionStore::new(
                redis.clone(),
                &config.redis.key_prefix,
                config.session.ttl,
                config.session.absolute_ttl,
            ),
            cookie_secure: config.session.cookie_secure,
        });
        let readiness = web::Data::new(Readiness { redis: redis.clone(), prometheus });
        let origins = web::Data::new(AllowedOrigins::new(&config.public_origins));
        let offsets = StoredOffsets::new(redis.clone(), &config.redis.key_prefix);
        let analytics = crate::analytics::Publisher::new(redis.clone(), &config.redis.key_prefix, clock);
        let trust_forwarded_for = config.trust_forwarded_for;
        let rate_limiter =
            RateLimiter::new(redis, &config.redis.key_prefix, config.rate_limit.clone(), config.trust_forwarded_for);
        let policy = ClientPolicy::new(minter, config.grpc_timeout, metrics::GRPC_CLIENT);
        let reading_policy = policy.with_timeout(config.reading_timeout);
        let chat_send_policy = policy.with_timeout(config.chat_accept_timeout);
        let chat_stream =
            ChatStreamSettings { accept_timeout: config.chat_accept_timeout, keep_alive: config.chat_keep_alive };
        let static_dir = config.static_dir.clone();
        let app_base_url: Arc<str> = Arc::from(config.app_base_url.as_str());

        let listener = TcpListener::bind((config.host, config.port))
            .with_context(|| format!("bind {}:{}", config.host, config.port))?;
        let port = listener.local_addr().context("local address")?.port();

        let server = HttpServer::new(move || {
            let state = web::Data::new(AppState {
                // Created in the worker: its HTTP/2 connection lives on this worker's runtime.
                engine: BaziEngine::new(engine_endpoint.connect_lazy(), policy.clone()),
                identity: Identity::new(identity_endpoint.connect_lazy(), policy.clone()),
                billing: Billing::new(billing_endpoint.connect_lazy(), policy.clone()),
                notify: Notify::new(notify_endpoint.connect_lazy(), policy.clone()),
                fortune: Fortune::new(fortune_endpoint.connect_lazy(), policy.clone()),
                social: Social::new(social_endpoint.connect_lazy(), policy.clone()),
                chat: Chat::new(chat_endpoint.connect_lazy(), policy.clone()),
                chat_send: Chat::new(chat_endpoint.connect_lazy(), chat_send_policy.clone()),
                chat_stream,
                readings: Fortune::new(fortune_endpoint.connect_lazy(), reading_policy.clone()),
                // A screenshot's answer can pass tonic's 4 MiB default (support's clean copy is at
                // most 8 MiB).
                support: Support::new(support_endpoint.connect_lazy(), policy.clone())
                    .max_decoding_message_size(SUPPORT_MAX_ANSWER_BYTES),
                rate_limiter: rate_limiter.clone(),
                offsets: offsets.clone(),
                admin_tokens: admin_tokens.clone(),
                app_base_url: Arc::clone(&app_base_url),
                analytics: analytics.clone(),
                trust_forwarded_for,
            });
            let app = App::new()
                .wrap(from_fn(session::finish))
                .wrap(from_fn(origin::check_origin))
                .wrap(from_fn(hygiene::finish))
                .wrap(from_fn(telemetry::request_telemetry))
                .app_data(state)
                .app_data(session_settings.clone())
                .app_data(readiness.clone())
                .app_data(origins.clone())
                .app_data(json_config())
                .app_data(query_config())
                .configure(routes::operations)
                .service(web::scope("/api").configure(routes::api).default_service(web::to(routes::not_found)));
            match &static_dir {
                Some(dir) => app.service(spa("/admin", dir.join("admin"))).service(spa("/", dir.join("app"))),
                None => app.default_service(web::to(routes::not_found)),
            }
        })
        // Idle keep-alive connections stay open longer than a proxy in front keeps its own (nginx
        // ingress: 60 s upstream): with actix's 5 s default, a proxy reusing a connection the
        // gateway is closing meets a reset, which it answers with a 502 (a soak saw the race).
        .keep_alive(HTTP_KEEP_ALIVE)
        .listen(listener)
        .context("listen")?
        .shutdown_timeout(10);
        let server = match config.workers {
            Some(n) => server.workers(n),
            None => server,
        }
        .run();

        tracing::info!(
            name: "gateway.started",
            port,
            engine = %config.bazi_engine_addr,
            rate_limit = config.rate_limit.enabled,
            static_dir = config.static_dir.as_deref().map(Path::display).map(tracing::field::display),
            "gateway listening"
        );
        Ok(Self { port, server })
    }

    #[must_use]
    pub const fn port(&self) -> u16 {
        self.port
    }

    /// Stops the server (gracefully) from elsewhere, e.g. a test.
    #[must_use]
    pub fn handle(&self) -> ServerHandle {
        self.server.handle()
    }

    /// Serves until SIGTERM/SIGINT (actix stops accepting, then drains for up to 10 s).
    ///
    /// # Errors
    /// The server failed.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// Malformed JSON, a wrong content type or an oversized body → `{"message","code"}`.
fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(JSON_LIMIT)
        .error_handler(|error, _req: &HttpRequest| crate::extract::payload_error(&error).into())
}

fn query_config() -> web::QueryConfig {
    web::QueryConfig::default()
        .error_handler(|_error: QueryPayloadError, _req: &HttpRequest| ApiError::Invalid("INVALID_REQUEST").into())
}

/// A single-page app at `mount` from `dir`: files as they are, any other path → `index.html`
/// (client-side routes).
fn spa(mount: &str, dir: PathBuf) -> Files {
    let index = dir.join("index.html");
    Files::new(mount, dir).index_file("index.html").default_handler(fn_service(move |req: ServiceRequest| {
        let index = index.clone();
        async move {
            let (req, _) = req.into_parts();
            let file = NamedFile::open(&index)?;
            let response = file.into_response(&req);
            Ok(ServiceResponse::new(req, response))
        }
    }))
}
