//! chat's configuration, read once from the environment (docs/configuration.md and
//! docs/services/chat.md list it); every problem is listed at once.

use std::time::Duration;

use meguri_llm::LlmConfig;
use meguri_server::{ConfigError, Env, ServerConfig, Store};
use meguri_telemetry::TelemetryConfig;

use crate::domain::Limits;

/// The gRPC port of chat.
pub const DEFAULT_GRPC_PORT: u16 = 50058;
/// The admin HTTP port of chat.
pub const DEFAULT_ADMIN_PORT: u16 = 9098;
/// The PostgreSQL schema chat owns.
pub const SCHEMA: &str = "chat";

/// How long things may take and how often the background loops look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timings {
    /// `CHAT_REPLY_DEADLINE_MS` (default 30000): a reply not finished by then is given up and its
    /// charge refunded (REPLY_TIMEOUT).
    pub reply_deadline: Duration,
    /// `CHAT_SWEEP_INTERVAL_MS` (default 15000): how often the sweeper looks for replies a process
    /// left pending (it refunds those older than the deadline plus [`Timings::sweep_grace`]).
    pub sweep_interval: Duration,
    /// 30 s past the deadline before the sweeper takes a pending reply as abandoned.
    pub sweep_grace: Duration,
    /// `PEER_TIMEOUT_MS` (default 5000): the deadline of each call to identity, billing,
    /// fortune-gen and bazi-engine.
    pub peer_timeout: Duration,
    /// How often a send attached to a reply running in another process reads the row again.
    pub poll_interval: Duration,
}

impl Default for Timings {
    fn default() -> Self {
        Self {
            reply_deadline: Duration::from_secs(30),
            sweep_interval: Duration::from_secs(15),
            sweep_grace: Duration::from_secs(30),
            peer_timeout: Duration::from_secs(5),
            poll_interval: Duration::from_millis(250),
        }
    }
}

/// The peers' addresses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerAddrs {
    /// `IDENTITY_ADDR` (default `http://127.0.0.1:50053`): birth profiles, stored time-zone offsets.
    pub identity: String,
    /// `BILLING_ADDR` (default `http://127.0.0.1:50056`): Spend, Refund, GetBalance.
    pub billing: String,
    /// `FORTUNE_ADDR` (default `http://127.0.0.1:50054`): the user's chart and day info.
    pub fortune: String,
    /// `BAZI_ENGINE_ADDR` (default `http://127.0.0.1:50052`): compatibility and the almanac.
    pub bazi_engine: String,
}

/// Everything chat needs; tests build it in code.
#[derive(Clone, Debug)]
pub struct Config {
    /// `HOST`, `GRPC_PORT`, `ADMIN_PORT`, `INTERNAL_JWT_SECRET`, `SHUTDOWN_*` (meguri-server). The
    /// same `INTERNAL_JWT_SECRET` signs the tokens chat sends to its peers.
    pub server: ServerConfig,
    /// Schema `chat`; the `REDIS_KEY_PREFIX` equal to identity's (its events).
    pub store: Store,
    pub peers: PeerAddrs,
    /// `CHAT_CREDITS_PER_MESSAGE` (1), `CHAT_MAX_MESSAGE_LENGTH` (500).
    pub limits: Limits,
    /// `OPENAI_BASE_URL`, `OPENAI_API_KEY`, `OPENAI_MODEL` (meguri-llm): the LLM engine when both
    /// the URL and the key are set, else the built-in responder alone.
    pub llm: Option<LlmConfig>,
    pub timings: Timings,
}

/// Reads the chat settings and the telemetry ones from `lookup` (`meguri_server::env_var` in the
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
    Ok((Config { server, store, peers: own.peers, limits: own.limits, llm: own.llm, timings: own.timings }, telemetry))
}

/// The variables only chat reads.
struct Own {
    peers: PeerAddrs,
    limits: Limits,
    llm: Option<LlmConfig>,
    timings: Timings,
}

fn own_settings(env: &mut Env<'_>) -> Own {
    let identity = env.addr("IDENTITY_ADDR", "http://127.0.0.1:50053");
    let billing = env.addr("BILLING_ADDR", "http://127.0.0.1:50056");
    let fortune = env.addr("FORTUNE_ADDR", "http://127.0.0.1:50054");
    let bazi_engine = env.addr("BAZI_ENGINE_ADDR", "http://127.0.0.1:50052");
    let peers = PeerAddrs { identity, billing, fortune, bazi_engine };
    let defaults = Limits::default();
    let limits = Limits {
        credits_per_message: env.number("CHAT_CREDITS_PER_MESSAGE", defaults.credits_per_message),
        max_message_length: env.number("CHAT_MAX_MESSAGE_LENGTH", defaults.max_message_length),
    };
    let llm = meguri_llm::read(env);
    let timing_defaults = Timings::default();
    let timings = Timings {
        reply_deadline: env.millis("CHAT_REPLY_DEADLINE_MS", timing_defaults.reply_deadline),
        sweep_interval: env.millis("CHAT_SWEEP_INTERVAL_MS", timing_defaults.sweep_interval),
        peer_timeout: env.millis("PEER_TIMEOUT_MS", timing_defaults.peer_timeout),
        ..timing_defaults
    };
    Own { peers, limits, llm, timings }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own(vars: &[(&str, &str)]) -> (Own, Vec<String>) {
        let lookup = meguri_server::lookup_of(vars);
        let mut env = Env::new(&lookup);
        let own = own_settings(&mut env);
        (own, env.problems().to_vec())
    }

    #[test]
    fn defaults_are_the_services_ports_and_the_database_url_is_required() {
        let vars = |name: &str| match name {
            "INTERNAL_JWT_SECRET" => Some("0123456789abcdef0123456789abcdef".to_owned()),
            "DATABASE_URL" => Some("postgres://chat:p@db/meguri".to_owned()),
            _ => None,
        };
        let (config, _) = from_lookup(vars).expect("valid");
        assert_eq!((config.server.grpc_port, config.server.admin_port), (50058, 9098));
        assert_eq!(config.store.db.schema, "chat");
        assert_eq!(config.limits, Limits { credits_per_message: 1, max_message_length: 500 });
        assert_eq!(config.timings, Timings::default());
        assert_eq!(config.timings.reply_deadline, Duration::from_secs(30));
        assert_eq!(config.timings.sweep_interval, Duration::from_secs(15));
        assert_eq!(config.peers.billing, "http://127.0.0.1:50056");
        assert_eq!(config.peers.fortune, "http://127.0.0.1:50054");
        assert!(config.llm.is_none());

        let problems = from_lookup(|_| None).expect_err("invalid").0;
        assert_eq!(problems, ["INTERNAL_JWT_SECRET (missing)", "DATABASE_URL (missing)"]);
    }

    #[test]
    fn settings_are_read_and_every_bad_value_listed() {
        let (o, problems) = own(&[
            ("CHAT_CREDITS_PER_MESSAGE", "2"),
            ("CHAT_MAX_MESSAGE_LENGTH", "300"),
            ("CHAT_REPLY_DEADLINE_MS", "1500"),
            ("CHAT_SWEEP_INTERVAL_MS", "200"),
            ("OPENAI_BASE_URL", "http://llm:8000/v1"),
            ("OPENAI_API_KEY", "sk-test"),
        ]);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(o.limits, Limits { credits_per_message: 2, max_message_length: 300 });
        assert_eq!(o.timings.reply_deadline, Duration::from_millis(1500));
        assert_eq!(o.timings.sweep_interval, Duration::from_millis(200));
        assert_eq!(o.llm.expect("configured").base_url, "http://llm:8000/v1");

        let (_, problems) = own(&[
            ("CHAT_CREDITS_PER_MESSAGE", "0"),
            ("CHAT_MAX_MESSAGE_LENGTH", "many"),
            ("CHAT_REPLY_DEADLINE_MS", "0"),
            ("BILLING_ADDR", "billing:50056"),
        ]);
        assert_eq!(problems.len(), 4, "{problems:?}");
    }
}
