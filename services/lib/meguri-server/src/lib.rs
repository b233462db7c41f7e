//! The tonic bootstrap every Meguri service shares.
//!
//! A service's `main.rs` is one [`service_main!`] (allocator, TLS provider, runtime, telemetry,
//! configuration, the database sub-commands, start, `<svc>.started`, run until stopped); its
//! `config.rs` reads its settings with [`service_config`]; its `startup.rs` builds the
//! [`Application`]:
//!
//! ```ignore
//! Application::builder(config.server)
//!     .add_service(BaziEngineServer::new(grpc::Engine::default()))
//!     .readiness(|| async { Ok(()) })
//!     .build()
//!     .await
//! ```
//!
//! What a service gets:
//! - gRPC on `GRPC_PORT` behind two layers: telemetry (span per RPC continuing the caller's
//!   `traceparent`, RPC metrics) and then internal-token auth (`Unauthenticated` without a valid
//!   token; the verified claims in the request extensions, see `meguri_auth::caller`);
//! - the standard `grpc.health.v1.Health` service: NOT_SERVING until the readiness check first
//!   passes, SERVING after, NOT_SERVING again as soon as SIGTERM/Ctrl-C arrives;
//! - an admin HTTP port (`ADMIN_PORT`): `/healthz` (the process answers), `/readyz` (the readiness
//!   check passes now and we are not shutting down), `/metrics` (Prometheus text);
//! - graceful shutdown: signals are hooked in [`ApplicationBuilder::build`], before anything is
//!   served; on a signal (or [`ShutdownHandle::shutdown`]) health flips to NOT_SERVING, the server
//!   keeps serving for `drain_delay`, then stops accepting and lets in-flight calls finish for up to
//!   `shutdown_timeout`.

mod admin;
mod config;
pub mod entry;

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Context as _;
use meguri_auth::{AuthLayer, TokenVerifier};
use meguri_telemetry::GrpcServerTelemetryLayer;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tonic::server::NamedService;
use tonic::service::{Routes, RoutesBuilder};
use tonic::transport::Server;
use tonic::transport::server::TcpIncoming;
use tonic_health::ServingStatus;
use tonic_health::server::HealthReporter;

#[cfg(feature = "db")]
pub use config::Store;
pub use config::{ConfigError, Env, ServerConfig, env_var, lookup_of, service_config};
pub use tonic_health;

/// The future a readiness check returns.
pub type ReadinessFuture = Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send>>;
type ReadinessCheck = Arc<dyn Fn() -> ReadinessFuture + Send + Sync>;
/// A background task: given the stop signal (true once shutdown starts), runs until it sees it.
type BackgroundTask = Box<dyn FnOnce(watch::Receiver<bool>) -> Pin<Box<dyn Future<Output = ()> + Send>> + Send>;

/// Collects the services and the readiness check of one process.
pub struct ApplicationBuilder {
    config: ServerConfig,
    routes: RoutesBuilder,
    service_names: Vec<&'static str>,
    readiness: ReadinessCheck,
    tasks: Vec<(&'static str, BackgroundTask)>,
}

impl ApplicationBuilder {
    /// Runs `task` beside the servers (an outbox relay, an event consumer). It receives the stop
    /// signal, which turns true when shutdown starts; the server waits for it to return, up to the
    /// shutdown timeout.
    #[must_use]
    pub fn task<F, Fut>(mut self, name: &'static str, task: F) -> Self
    where
        F: FnOnce(watch::Receiver<bool>) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        self.tasks.push((name, Box::new(move |stop| Box::pin(task(stop)))));
        self
    }

    /// Serves `service` (a generated `XxxServer`) behind the auth and telemetry layers, and reports
    /// its health under its full name (`meguri.bazi_engine.v1.BaziEngine`).
    #[must_use]
    pub fn add_service<S>(mut self, service: S) -> Self
    where
        S: tonic::codegen::Service<tonic::codegen::http::Request<tonic::body::Body>, Error = Infallible>
            + NamedService
            + Clone
            + Send
            + Sync
            + 'static,
        S::Response: axum::response::IntoResponse,
        S::Future: Send + 'static,
    {
        self.service_names.push(S::NAME);
        self.routes.add_service(service);
        self
    }

    /// What must hold before the service takes traffic (dependencies answer, migrations ran).
    /// Without one, the service is ready as soon as it listens.
    #[must_use]
    pub fn readiness<F, Fut>(mut self, check: F) -> Self
    where
        F: Fn() -> Fut + Send + Sync + 'static,
        Fut: Future<Output = anyhow::Result<()>> + Send + 'static,
    {
        self.readiness = Arc::new(move || Box::pin(check()));
        self
    }

    /// Binds both ports and hooks SIGTERM/Ctrl-C; nothing is served until
    /// [`Application::run_until_stopped`].
    ///
    /// # Errors
    /// A port that cannot be bound, a weak JWT secret, or signal handlers that cannot be installed.
    pub async fn build(self) -> anyhow::Result<Application> {
        let verifier = TokenVerifier::new(&self.config.jwt_secret).context("internal JWT secret")?;
        let signals = Signals::hook().context("install signal handlers")?;

        let grpc_listener = TcpListener::bind(SocketAddr::new(self.config.host, self.config.grpc_port))
            .await
            .with_context(|| format!("bind the gRPC port {}", self.config.grpc_port))?;
        let admin_listener = TcpListener::bind(SocketAddr::new(self.config.host, self.config.admin_port))
            .await
            .with_context(|| format!("bind the admin port {}", self.config.admin_port))?;
        let grpc_port = grpc_listener.local_addr().context("gRPC address")?.port();
        let admin_port = admin_listener.local_addr().context("admin address")?.port();

        let (reporter, health_service) = tonic_health::server::health_reporter();
        let health = Health { reporter, names: self.service_names };
        // tonic-health starts the overall status ("") as SERVING; we are not ready yet.
        health.set_all(ServingStatus::NotServing).await;

        let mut routes = self.routes;
        routes.add_service(health_service);
        let (trigger, _) = watch::channel(false);

        Ok(Application {
            grpc_port,
            admin_port,
            grpc_listener,
            admin_listener,
            routes: routes.routes(),
            verifier,
            readiness: self.readiness,
            tasks: self.tasks,
            health,
            signals,
            trigger: Arc::new(trigger),
            drain_delay: self.config.drain_delay,
            shutdown_timeout: self.config.shutdown_timeout,
        })
    }
}

/// A built service: ports bound, signals hooked, ready to run (STYLE §2's `Application`).
pub struct Application {
    /// The bound gRPC port (the real one when the config asked for 0).
    pub grpc_port: u16,
    /// The bound admin HTTP port.
    pub admin_port: u16,
    grpc_listener: TcpListener,
    admin_listener: TcpListener,
    routes: Routes,
    verifier: TokenVerifier,
    readiness: ReadinessCheck,
    tasks: Vec<(&'static str, BackgroundTask)>,
    health: Health,
    signals: Signals,
    trigger: Arc<watch::Sender<bool>>,
    drain_delay: Duration,
    shutdown_timeout: Duration,
}

/// Starts the same graceful shutdown as SIGTERM (for tests, or a service that decides to stop).
#[derive(Clone, Debug)]
pub struct ShutdownHandle(Arc<watch::Sender<bool>>);

impl ShutdownHandle {
    pub fn shutdown(&self) {
        self.0.send_replace(true);
    }
}

impl Application {
    #[must_use]
    pub fn builder(config: ServerConfig) -> ApplicationBuilder {
        ApplicationBuilder {
            config,
            routes: RoutesBuilder::default(),
            service_names: Vec::new(),
            readiness: Arc::new(|| Box::pin(async { Ok(()) })),
            tasks: Vec::new(),
        }
    }

    #[must_use]
    pub fn shutdown_handle(&self) -> ShutdownHandle {
        ShutdownHandle(Arc::clone(&self.trigger))
    }

    /// The health reporter, for a service that changes a status itself later on.
    #[must_use]
    pub fn health_reporter(&self) -> HealthReporter {
        self.health.reporter.clone()
    }

    /// Serves until SIGTERM, Ctrl-C or [`ShutdownHandle::shutdown`], then shuts down gracefully.
    ///
    /// # Errors
    /// The gRPC or admin server failed while serving.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        let Self {
            grpc_port,
            admin_port,
            grpc_listener,
            admin_listener,
            routes,
            verifier,
            readiness,
            tasks,
            health,
            mut signals,
            trigger,
            drain_delay,
            shutdown_timeout,
        } = self;
        let shutting_down = Arc::new(AtomicBool::new(false));
        let (stop_tx, stop_rx) = watch::channel(false);

        let ready_task =
            tokio::spawn(serve_when_ready(Arc::clone(&readiness), health.clone(), Arc::clone(&shutting_down)));
        let background: Vec<_> = tasks
            .into_iter()
            .map(|(name, task)| {
                let handle = tokio::spawn(task(stop_rx.clone()));
                tracing::debug!(name: "server.task.started", task = name);
                handle
            })
            .collect();
        // Dropping a JoinHandle leaves its task running: kept to cut the tasks that outlive the
        // shutdown timeout (in a test, a "stopped" service must not go on writing).
        let cut_background: Vec<_> = background.iter().map(tokio::task::JoinHandle::abort_handle).collect();
        let background = async move {
            for handle in background {
                let _ = handle.await;
            }
            Ok::<(), anyhow::Error>(())
        };

        let incoming = TcpIncoming::from(grpc_listener).with_nodelay(Some(true));
        let grpc = Server::builder()
            .layer(GrpcServerTelemetryLayer)
            .layer(AuthLayer::new(verifier))
            .serve_with_incoming_shutdown(routes, incoming, stopped(stop_rx.clone()));
        let admin_state = admin::AdminState {
            readiness,
            shutting_down: Arc::clone(&shutting_down),
            metrics: meguri_telemetry::prometheus_handle(),
        };
        let admin = axum::serve(admin_listener, admin::router(admin_state)).with_graceful_shutdown(stopped(stop_rx));

        tracing::info!(
            name: "server.started",
            grpc_port,
            admin_port,
            "serving gRPC and the admin port"
        );

        let mut trigger_rx = trigger.subscribe();
        let coordinator = async move {
            tokio::select! {
                signal = signals.recv() => {
                    tracing::info!(name: "server.signal", signal, "shutdown requested");
                }
                _ = trigger_rx.wait_for(|stop| *stop) => {
                    tracing::info!(name: "server.shutdown", "shutdown requested");
                }
            }
            shutting_down.store(true, Ordering::SeqCst);
            ready_task.abort();
            health.set_all(ServingStatus::NotServing).await;
            if !drain_delay.is_zero() {
                tokio::time::sleep(drain_delay).await;
            }
            stop_tx.send_replace(true);
            tokio::time::sleep(shutdown_timeout).await;
        };

        let servers = async {
            tokio::try_join!(
                async { grpc.await.context("gRPC server") },
                async { admin.await.context("admin server") },
                background,
            )
        };
        tokio::select! {
            result = servers => {
                result?;
                tracing::info!(name: "server.stopped", "stopped");
            }
            () = coordinator => {
                tracing::warn!(
                    name: "server.shutdown_timeout",
                    timeout_seconds = shutdown_timeout.as_secs(),
                    "in-flight calls did not finish in time; cutting them"
                );
                for task in cut_background {
                    task.abort();
                }
            }
        }
        Ok(())
    }
}

/// Resolves once `stop` turns true (or its sender is gone).
async fn stopped(mut stop: watch::Receiver<bool>) {
    let _ = stop.wait_for(|stop| *stop).await;
}

/// Retries the readiness check with backoff until it passes, then reports SERVING.
async fn serve_when_ready(readiness: ReadinessCheck, health: Health, shutting_down: Arc<AtomicBool>) {
    let mut delay = Duration::from_millis(50);
    loop {
        if shutting_down.load(Ordering::SeqCst) {
            return;
        }
        match readiness().await {
            Ok(()) => {
                if !shutting_down.load(Ordering::SeqCst) {
                    health.set_all(ServingStatus::Serving).await;
                    tracing::info!(name: "server.ready", "ready: health is SERVING");
                }
                return;
            }
            Err(error) => {
                tracing::warn!(name: "server.not_ready", error = %error, "not ready yet");
            }
        }
        tokio::time::sleep(delay).await;
        delay = (delay * 2).min(Duration::from_secs(2));
    }
}

/// The health statuses of the whole server ("") and of each service.
#[derive(Clone)]
struct Health {
    reporter: HealthReporter,
    names: Vec<&'static str>,
}

impl Health {
    async fn set_all(&self, status: ServingStatus) {
        self.reporter.set_service_status("", status).await;
        for name in &self.names {
            self.reporter.set_service_status(name, status).await;
        }
    }
}

/// SIGTERM and SIGINT, registered when the application is built (not when first awaited), so a
/// signal that arrives during startup is not lost and does not kill the process outright.
struct Signals {
    #[cfg(unix)]
    terminate: tokio::signal::unix::Signal,
    #[cfg(unix)]
    interrupt: tokio::signal::unix::Signal,
}

impl Signals {
    #[cfg(unix)]
    fn hook() -> std::io::Result<Self> {
        use tokio::signal::unix::{SignalKind, signal};
        Ok(Self { terminate: signal(SignalKind::terminate())?, interrupt: signal(SignalKind::interrupt())? })
    }

    #[cfg(not(unix))]
    fn hook() -> std::io::Result<Self> {
        Ok(Self {})
    }

    #[cfg(unix)]
    async fn recv(&mut self) -> &'static str {
        tokio::select! {
            _ = self.terminate.recv() => "SIGTERM",
            _ = self.interrupt.recv() => "SIGINT",
        }
    }

    #[cfg(not(unix))]
    async fn recv(&mut self) -> &'static str {
        let _ = tokio::signal::ctrl_c().await;
        "ctrl-c"
    }
}
