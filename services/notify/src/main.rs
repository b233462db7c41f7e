//! `notify`: the e-mail service. Configuration from the environment (see docs/services/notify.md).
//! `notify provision` and `notify migrate` prepare the database and exit.

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // One TLS crypto provider for the process (ring), before lettre builds a TLS client.
    let _ = rustls::crypto::ring::default_provider().install_default();
    if let Some(command) = meguri_db::Command::from_args() {
        let telemetry = meguri_telemetry::TelemetryConfig::from_env().unwrap_or_default();
        let _telemetry = meguri_telemetry::init("notify", &telemetry)?;
        command.run(notify::config::SCHEMA, notify::MIGRATIONS).await?;
        return Ok(());
    }
    let (config, telemetry) = notify::config::from_env()?;
    let _telemetry = meguri_telemetry::init("notify", &telemetry)?;
    // Inside the runtime: lettre's SMTP pool spawns a task when it is built.
    let mailer = notify::mailer::from_config(&config.mail)?;
    tracing::info!(name: "notify.transport", transport = mailer.kind(), "notify.transport: mail transport ready");
    let app = notify::startup::build(config, mailer).await?;
    tracing::info!(name: "notify.started", grpc_port = app.grpc_port, admin_port = app.admin_port, "notify.started");
    app.run_until_stopped().await
}
