//! identity's own sub-command, `identity create-admin <email>` (the shared entry runs it; see
//! `main.rs`).

use std::io::BufRead as _;

use anyhow::Context as _;
use secrecy::ExposeSecret as _;

use crate::config::{DEFAULT_ARGON2, SCHEMA};
use crate::startup::MIGRATIONS;

/// `identity create-admin <email>`: the password comes from `ADMIN_PASSWORD` or, when unset, the
/// first line of standard input (so it never appears in a process list or shell history).
///
/// # Errors
/// No e-mail argument, an invalid configuration, the database, or a refused password.
pub async fn create_admin() -> anyhow::Result<()> {
    let email = std::env::args()
        .nth(2)
        .context("usage: identity create-admin <email> (password from ADMIN_PASSWORD or stdin)")?;
    let password = match crate::config::admin_password(meguri_server::env_var) {
        Some(p) => p.expose_secret().to_owned(),
        None => {
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
    let hasher = crate::startup::hasher(DEFAULT_ARGON2)?;
    let id = crate::usecases::admins::create_admin(&pool, &hasher, &email, &password).await?;
    println!("admin {email} is ready (id {id})");
    Ok(())
}
