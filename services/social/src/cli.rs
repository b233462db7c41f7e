//! social's own sub-command, `social backfill-members` (the shared entry runs it; see `main.rs`).

use std::sync::Arc;

/// `social backfill-members`: copies every verified member's public fields from identity into the
/// read model now (newest wins; deleted members stay deleted), with the service's configuration.
/// For a read model that missed events (a stream trimmed while social was down).
///
/// # Errors
/// An invalid configuration, the database, or identity not answering.
pub async fn backfill_members() -> anyhow::Result<()> {
    let (config, _) = crate::config::from_lookup(meguri_server::env_var)?;
    let (social, _) = crate::startup::social(&config, Arc::new(meguri_clock::SystemClock)).await?;
    let count = social.backfill_members().await?;
    println!("backfilled {count} members");
    Ok(())
}
