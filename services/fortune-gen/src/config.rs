//! fortune-gen's configuration, read once from the environment (STYLE §5; docs/configuration.md and
//! docs/services/fortune-gen.md list every variable). Every problem is listed at once.

use std::time::Duration;

use meguri_server::{ConfigError, Env, ServerConfig, Store};
use meguri_telemetry::TelemetryConfig;

/// The gRPC port of fortune-gen.
pub const DEFAULT_GRPC_PORT: u16 = 50054;
/// The admin HTTP port of fortune-gen.
pub const DEFAULT_ADMIN_PORT: u16 = 9094;
/// The PostgreSQL schema fortune-gen owns.
pub const SCHEMA: &str = "fortune";

/// An OpenAI-compatible chat endpoint (meguri-llm reads it the same way for every service).
pub use meguri_llm::LlmConfig;

/// How long things may take and how often the background loops look.
#[derive(Clone, Debug)]
pub struct Timings {
    /// `LLM_TIMEOUT_MS` (default 8000): the whole LLM call, after which the built-in text is used.
    pub llm_timeout: Duration,
    /// `CHART_RETRY_BASE_MS` (default 5000): the wait after a chart's first transient failure; it
    /// doubles with each further failure, up to an hour.
    pub chart_retry_base: Duration,
    /// `PEER_TIMEOUT_MS` (default 5000): the deadline of each call to bazi-engine and identity.
    pub peer_timeout: Duration,
    /// How long a chart build or a report generation may hold its row before another process
    /// takes it over (a crashed process's work). 2 min for charts, 5 min for reports.
    pub chart_lease: Duration,
    pub report_lease: Duration,
    /// How often the retry and report loops look for due rows when nothing wakes them (5 s).
    pub poll_interval: Duration,
}

impl Default for Timings {
    fn default() -> Self {
        Self {
            llm_timeout: Duration::from_millis(8000),
            chart_retry_base: Duration::from_secs(5),
            peer_timeout: Duration::from_secs(5),
            chart_lease: Duration::from_secs(120),
            report_lease: Duration::from_secs(300),
            poll_interval: Duration::from_secs(5),
        }
    }
}

/// Everything fortune-gen needs; tests build it in code.
#[derive(Clone, Debug)]
pub struct Config {
    /// `HOST`, `GRPC_PORT`, `ADMIN_PORT`, `INTERNAL_JWT_SECRET`, `SHUTDOWN_*` (meguri-server). The
    /// same `INTERNAL_JWT_SECRET` signs the `service` tokens fortune-gen sends to bazi-engine and
    /// identity.
    pub server: ServerConfig,
    /// Schema `fortune`; the `REDIS_KEY_PREFIX` equal to identity's.
    pub store: Store,
    /// `BAZI_ENGINE_ADDR` (default `http://127.0.0.1:50052`).
    pub bazi_engine_addr: String,
    /// `IDENTITY_ADDR` (default `http://127.0.0.1:50053`).
    pub identity_addr: String,
    /// `SOCIAL_ADDR` (default `http://127.0.0.1:50055`): ListFriendsOf, for the friend updates.
    pub social_addr: String,
    pub llm: Option<LlmConfig>,
    pub timings: Timings,
}

/// Reads the fortune-gen settings and the telemetry ones from `lookup` (`meguri_server::env_var` in the
/// process, a map in tests).
///
/// # Errors
/// [`ConfigError`] naming every missing or invalid variable.
pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<(Config, TelemetryConfig), ConfigError> {
    let (server, (store, own), telemetry) =
        meguri_server::service_config(DEFAULT_GRPC_PORT, DEFAULT_ADMIN_PORT, lookup, |env| {
            let store = env.store(SCHEMA);
            let own = own_settings(env);
            Some((store?, own))
        })?;
    let config = Config {
        server,
        store,
        bazi_engine_addr: own.bazi_engine_addr,
        identity_addr: own.identity_addr,
        social_addr: own.social_addr,
        llm: own.llm,
        timings: own.timings,
    };
    Ok((config, telemetry))
}

/// The variables only fortune-gen reads.
struct Own {
    bazi_engine_addr: String,
    identity_addr: String,
    social_addr: String,
    llm: Option<LlmConfig>,
    timings: Timings,
}

fn own_settings(env: &mut Env<'_>) -> Own {
    let bazi_engine_addr = env.addr("BAZI_ENGINE_ADDR", "http://127.0.0.1:50052");
    let identity_addr = env.addr("IDENTITY_ADDR", "http://127.0.0.1:50053");
    let social_addr = env.addr("SOCIAL_ADDR", "http://127.0.0.1:50055");
    let llm = meguri_llm::read(env);
    let defaults = Timings::default();
    let timings = Timings {
        llm_timeout: env.millis("LLM_TIMEOUT_MS", defaults.llm_timeout),
        chart_retry_base: env.millis("CHART_RETRY_BASE_MS", defaults.chart_retry_base),
        peer_timeout: env.millis("PEER_TIMEOUT_MS", defaults.peer_timeout),
        ..defaults
    };
    Own { bazi_engine_addr, identity_addr, social_addr, llm, timings }
}

#[cfg(test)]
mod tests {
    use secrecy::ExposeSecret as _;

    use super::*;

    fn own(vars: &[(&str, &str)]) -> (Own, Vec<String>) {
        let lookup = meguri_server::lookup_of(vars);
        let mut env = Env::new(&lookup);
        let own = own_settings(&mut env);
        (own, env.problems().to_vec())
    }

    #[test]
    fn defaults_point_at_the_local_fleet_and_leave_the_llm_off() {
        let (o, problems) = own(&[]);
        assert!(problems.is_empty());
        assert_eq!(o.bazi_engine_addr, "http://127.0.0.1:50052");
        assert_eq!(o.identity_addr, "http://127.0.0.1:50053");
        assert_eq!(o.social_addr, "http://127.0.0.1:50055");
        assert!(o.llm.is_none());
        assert_eq!(o.timings.llm_timeout, Duration::from_secs(8));
        assert_eq!(o.timings.chart_retry_base, Duration::from_secs(5));
    }

    #[test]
    fn the_llm_needs_both_the_key_and_the_base_url() {
        let (o, _) = own(&[("OPENAI_API_KEY", "sk-test")]);
        assert!(o.llm.is_none());
        let (o, problems) =
            own(&[("OPENAI_API_KEY", "sk-test"), ("OPENAI_BASE_URL", "http://llm:8000/v1/"), ("OPENAI_MODEL", "m")]);
        assert!(problems.is_empty());
        let llm = o.llm.expect("configured");
        assert_eq!(llm.base_url, "http://llm:8000/v1");
        assert_eq!(llm.model, "m");
        assert_eq!(llm.api_key.expose_secret(), "sk-test");
        assert!(!format!("{llm:?}").contains("sk-test"));
    }

    #[test]
    fn every_invalid_value_is_listed() {
        let (_, problems) = own(&[
            ("BAZI_ENGINE_ADDR", "engine:50052"),
            ("SOCIAL_ADDR", "social"),
            ("LLM_TIMEOUT_MS", "soon"),
            ("CHART_RETRY_BASE_MS", "0"),
        ]);
        assert_eq!(
            problems,
            [
                "BAZI_ENGINE_ADDR (expected http://host:port)",
                "SOCIAL_ADDR (expected http://host:port)",
                "LLM_TIMEOUT_MS (expected a positive number of milliseconds)",
                "CHART_RETRY_BASE_MS (expected a positive number of milliseconds)",
            ]
        );
    }
}
