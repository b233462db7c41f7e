//! `fortune-gen`: the gRPC service, plus the `provision` and `migrate` subcommands.
//! Configuration from the environment (see docs/services/fortune-gen.md).

use std::sync::Arc;

use fortune_gen::clock::SystemClock;
use fortune_gen::config::SCHEMA;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    fortune_gen::startup::install_tls_provider();
    if let Some(command) = meguri_db::Command::from_args() {
        let telemetry = meguri_telemetry::TelemetryConfig::from_env().unwrap_or_default();
        let _telemetry = meguri_telemetry::init("fortune-gen", &telemetry)?;
        command.run(SCHEMA, fortune_gen::MIGRATIONS).await?;
        return Ok(());
    }
    let (config, telemetry) = fortune_gen::config::from_env()?;
    let _telemetry = meguri_telemetry::init("fortune-gen", &telemetry)?;
    let app = fortune_gen::startup::build(config, Arc::new(SystemClock)).await?;
    tracing::info!(name: "fortune_gen.started", grpc_port = app.grpc_port, admin_port = app.admin_port);
    app.run_until_stopped().await
}
