//! The settings every gRPC service shares, read once from the environment.

use std::env;
use std::fmt;
use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

use meguri_telemetry::TelemetryConfig;
use secrecy::SecretString;

/// Where and how a service listens.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// `HOST` (default `0.0.0.0`).
    pub host: IpAddr,
    /// `GRPC_PORT`; 0 binds a free port (tests).
    pub grpc_port: u16,
    /// `ADMIN_PORT` (`/healthz`, `/readyz`, `/metrics`); 0 binds a free port (tests).
    pub admin_port: u16,
    /// `INTERNAL_JWT_SECRET`: verifies the gateway's internal tokens.
    pub jwt_secret: SecretString,
    /// `SHUTDOWN_DRAIN_SECONDS` (default 0): how long to keep serving after reporting NOT_SERVING on
    /// SIGTERM, so load balancers and probes see the change before connections are closed.
    pub drain_delay: Duration,
    /// `SHUTDOWN_TIMEOUT_SECONDS` (default 10): how long in-flight calls may take once the server
    /// stops accepting; after that they are cut.
    pub shutdown_timeout: Duration,
}

impl ServerConfig {
    /// Loopback, free ports, no drain delay: for tests.
    #[must_use]
    pub fn for_tests(jwt_secret: SecretString) -> Self {
        Self {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            grpc_port: 0,
            admin_port: 0,
            jwt_secret,
            drain_delay: Duration::ZERO,
            shutdown_timeout: Duration::from_secs(5),
        }
    }

    /// Reads `HOST`, `GRPC_PORT`, `ADMIN_PORT`, `INTERNAL_JWT_SECRET`, `SHUTDOWN_DRAIN_SECONDS` and
    /// `SHUTDOWN_TIMEOUT_SECONDS`, with the service's own default ports.
    ///
    /// # Errors
    /// Every missing or invalid variable, each as `NAME (what is wrong)`.
    pub fn from_env(default_grpc_port: u16, default_admin_port: u16) -> Result<Self, Vec<String>> {
        let mut problems = Vec::new();
        let host = parse_or("HOST", IpAddr::V4(Ipv4Addr::UNSPECIFIED), "an IP address", &mut problems);
        let grpc_port = parse_or("GRPC_PORT", default_grpc_port, "a port number", &mut problems);
        let admin_port = parse_or("ADMIN_PORT", default_admin_port, "a port number", &mut problems);
        let drain = parse_or("SHUTDOWN_DRAIN_SECONDS", 0_u64, "whole seconds", &mut problems);
        let timeout = parse_or("SHUTDOWN_TIMEOUT_SECONDS", 10_u64, "whole seconds", &mut problems);
        // Trimmed as the gateway trims it: a Secret file with a trailing newline must not make every
        // token look forged.
        let jwt_secret = match env::var("INTERNAL_JWT_SECRET").map(|v| v.trim().to_owned()) {
            Ok(v) if v.len() >= meguri_auth::MIN_SECRET_BYTES => Some(SecretString::from(v)),
            Ok(v) if v.is_empty() => {
                problems.push("INTERNAL_JWT_SECRET (missing)".to_owned());
                None
            }
            Ok(_) => {
                problems.push(format!("INTERNAL_JWT_SECRET (at least {} bytes)", meguri_auth::MIN_SECRET_BYTES));
                None
            }
            Err(_) => {
                problems.push("INTERNAL_JWT_SECRET (missing)".to_owned());
                None
            }
        };
        match jwt_secret {
            Some(jwt_secret) if problems.is_empty() => Ok(Self {
                host,
                grpc_port,
                admin_port,
                jwt_secret,
                drain_delay: Duration::from_secs(drain),
                shutdown_timeout: Duration::from_secs(timeout),
            }),
            _ => Err(problems),
        }
    }
}

fn parse_or<T: std::str::FromStr>(name: &str, default: T, expected: &str, problems: &mut Vec<String>) -> T {
    match env::var(name) {
        Ok(v) if !v.trim().is_empty() => v.trim().parse().unwrap_or_else(|_| {
            problems.push(format!("{name} (expected {expected})"));
            default
        }),
        _ => default,
    }
}

/// Every configuration problem of a process, listed at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError(pub Vec<String>);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid configuration: {}", self.0.join(", "))
    }
}

impl std::error::Error for ConfigError {}

/// The server and telemetry settings of a service in one call; every problem of both is listed.
///
/// # Errors
/// [`ConfigError`] naming each missing or invalid variable.
pub fn from_env(
    default_grpc_port: u16,
    default_admin_port: u16,
) -> Result<(ServerConfig, TelemetryConfig), ConfigError> {
    let server = ServerConfig::from_env(default_grpc_port, default_admin_port);
    let telemetry = TelemetryConfig::from_env();
    match (server, telemetry) {
        (Ok(server), Ok(telemetry)) => Ok((server, telemetry)),
        (server, telemetry) => {
            let mut problems = server.err().unwrap_or_default();
            problems.extend(telemetry.err().unwrap_or_default());
            Err(ConfigError(problems))
        }
    }
}
