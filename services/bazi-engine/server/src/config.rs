//! The engine server's configuration: only the settings every service shares (meguri-server), read
//! once from the environment; docs/configuration.md lists them.

use meguri_server::{ConfigError, ServerConfig};
use meguri_telemetry::TelemetryConfig;

/// The gRPC port of bazi-engine.
pub const DEFAULT_GRPC_PORT: u16 = 50052;
/// The admin HTTP port of bazi-engine.
pub const DEFAULT_ADMIN_PORT: u16 = 9092;

/// Reads the bazi-engine settings and the telemetry ones from `lookup` (`meguri_server::env_var` in the
/// process, a map in tests).
///
/// # Errors
/// [`ConfigError`] naming every missing or invalid variable.
pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<(ServerConfig, TelemetryConfig), ConfigError> {
    let (server, (), telemetry) =
        meguri_server::service_config(DEFAULT_GRPC_PORT, DEFAULT_ADMIN_PORT, lookup, |_| Some(()))?;
    Ok((server, telemetry))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_listens_on_its_own_ports_and_needs_the_internal_secret() {
        let secret =
            |name: &str| (name == "INTERNAL_JWT_SECRET").then(|| "0123456789abcdef0123456789abcdef".to_owned());
        let (server, _) = from_lookup(secret).expect("valid");
        assert_eq!((server.grpc_port, server.admin_port), (50052, 9092));
        assert_eq!(from_lookup(|_| None).expect_err("invalid").0, ["INTERNAL_JWT_SECRET (missing)"]);
    }
}
