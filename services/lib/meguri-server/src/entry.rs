//! The one entry of every service binary: [`service_main!`](crate::service_main) writes `main`
//! and the process-wide statics, so each `main.rs` only names what differs (its name, its
//! configuration, its schema, its extra sub-commands and how it is built).
//!
//! What every binary does, in order:
//! 1. mimalloc is the global allocator (every RPC allocates: protobuf strings, HTTP/2 frames;
//!    mimalloc serves those markedly cheaper than the system allocator);
//! 2. rustls's ring provider is installed, before any TLS client is built (lettre, the LLM client);
//! 3. a multi-threaded tokio runtime starts;
//! 4. `provision` / `migrate` (services that own a schema, `meguri_db::Command`) and the service's
//!    own sub-commands run with the service's log format, then exit;
//! 5. otherwise: configuration from the environment (every problem listed, exit status 1),
//!    telemetry, `build`, the `<svc>.started` event, serving until SIGTERM/Ctrl-C.

pub use {anyhow, mimalloc::MiMalloc, tracing};

#[cfg(feature = "db")]
pub use meguri_db::Command as DbCommand;

/// The runtime `#[tokio::main]` would build.
///
/// # Errors
/// The runtime could not start (no threads, no I/O driver).
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build()
}

/// One TLS crypto provider for the process (ring), so no client picks another; a second call is a
/// no-op.
pub fn install_tls_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// The first command-line argument (the sub-command), if any.
#[must_use]
pub fn sub_command() -> Option<String> {
    std::env::args().nth(1)
}

/// Logs for a sub-command, like the service's (same format and filter; defaults when the
/// variables are invalid). The guard lives until the sub-command ends.
///
/// # Errors
/// The subscriber could not be installed.
pub fn command_telemetry(service: &'static str) -> anyhow::Result<meguri_telemetry::OtelGuard> {
    let config = meguri_telemetry::TelemetryConfig::from_env().unwrap_or_default();
    Ok(meguri_telemetry::init(service, &config)?)
}

/// Writes `main` for a service binary (see the [module documentation](crate::entry)).
///
/// ```ignore
/// meguri_server::service_main! {
///     service: "billing",          // OTEL_SERVICE_NAME, the binary's name
///     log: "billing",              // the event prefix: `billing.started` (snake_case: `fortune_gen`)
///     config: billing::config::from_lookup,
///     database: (billing::config::SCHEMA, billing::MIGRATIONS),   // only if it owns a schema
///     commands: { "create-admin" => identity::admin::create_admin }, // optional: async fn() -> anyhow::Result<()>
///     build: billing::startup::build,   // async fn(Config) -> anyhow::Result<Application>
/// }
/// ```
#[macro_export]
macro_rules! service_main {
    (
        service: $service:literal,
        log: $log:literal,
        config: $config:expr,
        $(database: ($schema:expr, $migrations:expr $(,)?),)?
        $(commands: { $($command:literal => $run:expr),* $(,)? },)?
        build: $build:expr $(,)?
    ) => {
        #[global_allocator]
        static GLOBAL: $crate::entry::MiMalloc = $crate::entry::MiMalloc;

        fn main() -> $crate::entry::anyhow::Result<()> {
            $crate::entry::install_tls_provider();
            $crate::entry::runtime()?.block_on(async {
                let command = $crate::entry::sub_command();
                $(
                    if let Some(command) = $crate::entry::DbCommand::parse(command.as_deref()) {
                        let _telemetry = $crate::entry::command_telemetry($service)?;
                        return command.run($schema, $migrations).await.map_err(::core::convert::Into::into);
                    }
                )?
                $($(
                    if command.as_deref() == Some($command) {
                        let _telemetry = $crate::entry::command_telemetry($service)?;
                        return ($run)().await;
                    }
                )*)?
                let _ = command;
                let (config, telemetry) = ($config)($crate::env_var)?;
                let _telemetry = $crate::entry::telemetry($service, &telemetry)?;
                let app = ($build)(config).await?;
                const STARTED: &str = ::core::concat!($log, ".started");
                $crate::entry::tracing::info!(
                    name: STARTED,
                    grpc_port = app.grpc_port,
                    admin_port = app.admin_port
                );
                app.run_until_stopped().await
            })
        }
    };
}

/// Telemetry for the service itself.
///
/// # Errors
/// The subscriber or the OTLP exporter could not be set up.
pub fn telemetry(
    service: &'static str,
    config: &meguri_telemetry::TelemetryConfig,
) -> anyhow::Result<meguri_telemetry::OtelGuard> {
    Ok(meguri_telemetry::init(service, config)?)
}
