//! `identity`: the gRPC service, plus the `provision`, `migrate` and `create-admin` subcommands.
//! Configuration from the environment (see docs/configuration.md).

use std::io::BufRead as _;
use std::sync::Arc;

use anyhow::Context as _;
use identity::accounts::{Limits, SystemClock};
use identity::config::{Config, DEFAULT_ARGON2, SCHEMA};
use identity::startup::MIGRATIONS;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    if let Some(command) = meguri_db::Command::from_args() {
        let _logs = init_cli_logs();
        return command.run(SCHEMA, MIGRATIONS).await.map_err(Into::into);
    }
    if std::env::args().nth(1).as_deref() == Some("create-admin") {
        let _logs = init_cli_logs();
        return create_admin().await;
    }
    let (config, telemetry) =
        Config::from_env().map_err(|p| anyhow::anyhow!("invalid configuration: {}", p.join(", ")))?;
    let _telemetry = meguri_telemetry::init("identity", &telemetry)?;
    let app = identity::startup::build(config, Arc::new(SystemClock), Limits::default()).await?;
    tracing::info!(name: "identity.started", grpc_port = app.grpc_port, admin_port = app.admin_port);
    app.run_until_stopped().await
}

/// The subcommands log like the service (same format and filter). The guard lives until the
/// process exits, which is when a subcommand ends.
fn init_cli_logs() -> Option<meguri_telemetry::OtelGuard> {
    let config = meguri_telemetry::TelemetryConfig::from_env().ok()?;
    meguri_telemetry::init("identity", &config).ok()
}

/// `identity create-admin <email>`: the password comes from `ADMIN_PASSWORD` or, when unset, the
/// first line of standard input (so it never appears in a process list or shell history).
async fn create_admin() -> anyhow::Result<()> {
    let email = std::env::args()
        .nth(2)
        .context("usage: identity create-admin <email> (password from ADMIN_PASSWORD or stdin)")?;
    let password = match std::env::var("ADMIN_PASSWORD") {
        Ok(p) if !p.is_empty() => p,
        _ => {
            eprintln!("password (8+ characters), then Enter:");
            let mut line = String::new();
            std::io::stdin().lock().read_line(&mut line).context("read the password")?;
            line.trim_end_matches(['\r', '\n']).to_owned()
        }
    };
    let db = meguri_db::DbConfig::from_env(SCHEMA)
        .map_err(|p| anyhow::anyhow!("invalid configuration: {}", p.join(", ")))?;
    meguri_db::run_migrations(&db, MIGRATIONS).await?;
    let pool = meguri_db::connect(&db).await?;
    let hasher = identity::startup::hasher(DEFAULT_ARGON2)?;
    let id = identity::accounts::create_admin(&pool, &hasher, &email, &password).await?;
    println!("admin {email} is ready (id {id})");
    Ok(())
}
