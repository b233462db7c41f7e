//! `billing`: the credit ledger service. Configuration from the environment (see
//! docs/services/billing.md). `billing provision` and `billing migrate` prepare the database and
//! exit.

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    if let Some(command) = meguri_db::Command::from_args() {
        let telemetry = meguri_telemetry::TelemetryConfig::from_env().unwrap_or_default();
        let _telemetry = meguri_telemetry::init("billing", &telemetry)?;
        command.run(billing::config::SCHEMA, billing::MIGRATIONS).await?;
        return Ok(());
    }
    let (config, telemetry) = billing::config::from_env()?;
    let _telemetry = meguri_telemetry::init("billing", &telemetry)?;
    let app = billing::startup::build(config).await?;
    tracing::info!(name: "billing.started", grpc_port = app.grpc_port, admin_port = app.admin_port, "billing.started");
    app.run_until_stopped().await
}
