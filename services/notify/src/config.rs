//! The notify settings, read once from the environment (STYLE §5); every problem is listed at once.

use std::path::PathBuf;
use std::time::Duration;

use lettre::message::Mailbox;
use meguri_server::{ConfigError, Env, ServerConfig, Store};
use meguri_telemetry::TelemetryConfig;
use secrecy::SecretString;

use crate::domain::RetryPolicy;

/// The gRPC port of notify.
pub const DEFAULT_GRPC_PORT: u16 = 50057;
/// The admin HTTP port of notify.
pub const DEFAULT_ADMIN_PORT: u16 = 9097;
/// The PostgreSQL schema notify owns.
pub const SCHEMA: &str = "notify";

const DEFAULT_MAIL_FROM: &str = "Meguri <no-reply@meguri.localhost>";
const DEFAULT_MAIL_DIR: &str = ".dev/mail";
const DEFAULT_APP_BASE_URL: &str = "http://localhost:8080";
const DEFAULT_IDENTITY_ADDR: &str = "http://127.0.0.1:50053";

/// Everything notify needs; tests build it in code.
#[derive(Clone, Debug)]
pub struct Config {
    /// `HOST`, `GRPC_PORT`, `ADMIN_PORT`, `INTERNAL_JWT_SECRET`, `SHUTDOWN_*` (meguri-server).
    pub server: ServerConfig,
    /// Schema `notify`.
    pub store: Store,
    pub mail: MailConfig,
    /// identity, which gives the address of a mail request that names only a user.
    pub identity: PeerConfig,
    /// The timed mail (letters to the future, the inactivity reminder).
    pub scheduler: SchedulerConfig,
}

/// How the scheduler runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchedulerConfig {
    /// `NOTIFY_SCHEDULER_POLL_MS` (default 30000): how often it looks for due deliveries and
    /// members due a reminder. A letter goes out at most this long after its 07:00.
    pub poll: Duration,
    /// How long a claimed delivery stays invisible to other replicas: after a crash mid-delivery
    /// another takes it after this long.
    pub lease: Duration,
}

impl Default for SchedulerConfig {
    fn default() -> Self {
        Self { poll: Duration::from_secs(30), lease: Duration::from_secs(120) }
    }
}

/// How notify reaches identity.
#[derive(Clone, Debug)]
pub struct PeerConfig {
    /// `IDENTITY_ADDR` (default `http://127.0.0.1:50053`).
    pub identity_addr: String,
    /// `PEER_TIMEOUT_MS` (default 5000): the deadline of each call to identity.
    pub timeout: Duration,
}

impl Default for PeerConfig {
    fn default() -> Self {
        Self { identity_addr: DEFAULT_IDENTITY_ADDR.to_owned(), timeout: Duration::from_secs(5) }
    }
}

/// How mail is built and delivered.
#[derive(Clone, Debug)]
pub struct MailConfig {
    /// `SMTP_URL` (secret, optional): `smtp://host:port` (plain, e.g. a loopback relay),
    /// `smtp://user:pass@host:587?tls=required` (STARTTLS) or `smtps://user:pass@host:465`.
    /// Unset: the development transport writes `.eml` files to `dir`.
    pub smtp_url: Option<SecretString>,
    /// `MAIL_DIR` (default `.dev/mail`): where the development transport writes; created if missing.
    pub dir: PathBuf,
    /// `MAIL_FROM` (default `Meguri <no-reply@meguri.localhost>`).
    pub from: Mailbox,
    /// `APP_BASE_URL` (default `http://localhost:8080`): where links in mail point, without a
    /// trailing slash.
    pub app_base_url: String,
    /// When failed messages are retried: `NOTIFY_RETRY_BASE_MS` (default 5000) gives the first
    /// delay, the rest keep the default's shape (5 s, 30 s, 2 min, 10 min, 1 h; failed after the
    /// 6th attempt).
    pub retry: RetryPolicy,
    /// How long a message being sent stays invisible to other senders; after a crash mid-send it
    /// is tried again after this long.
    pub lease: Duration,
    /// How long a mail request that could not be taken in (identity or the database down) waits
    /// before it is tried again (the `mail` consumer's `retry_after`).
    pub request_retry: Duration,
}

impl MailConfig {
    /// The development transport into `dir`, the default retry schedule.
    #[must_use]
    pub fn dev(dir: PathBuf) -> Self {
        Self {
            smtp_url: None,
            dir,
            from: default_from(),
            app_base_url: DEFAULT_APP_BASE_URL.to_owned(),
            retry: RetryPolicy::default(),
            lease: Duration::from_secs(120),
            request_retry: Duration::from_secs(30),
        }
    }
}

fn default_from() -> Mailbox {
    DEFAULT_MAIL_FROM.parse().expect("the default MAIL_FROM parses")
}

/// Reads the notify settings and the telemetry ones from `lookup` (`meguri_server::env_var` in the
/// process, a map in tests).
///
/// # Errors
/// [`ConfigError`] naming every missing or invalid variable.
pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<(Config, TelemetryConfig), ConfigError> {
    let (server, (store, mail, identity, scheduler), telemetry) =
        meguri_server::service_config(DEFAULT_GRPC_PORT, DEFAULT_ADMIN_PORT, lookup, |env| {
            let store = env.store(SCHEMA);
            let mail = mail_settings(env);
            let defaults = PeerConfig::default();
            let identity = PeerConfig {
                identity_addr: env.addr("IDENTITY_ADDR", DEFAULT_IDENTITY_ADDR),
                timeout: env.millis("PEER_TIMEOUT_MS", defaults.timeout),
            };
            let scheduler = SchedulerConfig {
                poll: env.millis("NOTIFY_SCHEDULER_POLL_MS", SchedulerConfig::default().poll),
                ..SchedulerConfig::default()
            };
            Some((store?, mail, identity, scheduler))
        })?;
    Ok((Config { server, store, mail, identity, scheduler }, telemetry))
}

fn mail_settings(env: &mut Env<'_>) -> MailConfig {
    let mut mail = MailConfig::dev(env.read("MAIL_DIR").map_or_else(|| PathBuf::from(DEFAULT_MAIL_DIR), PathBuf::from));
    mail.smtp_url = smtp_url(env);
    if let Some(from) = env.read("MAIL_FROM") {
        match from.parse() {
            Ok(from) => mail.from = from,
            Err(_) => env.problem("MAIL_FROM (expected an address such as Meguri <no-reply@meguri.jp>)".to_owned()),
        }
    }
    if env.read("NOTIFY_RETRY_BASE_MS").is_some() {
        mail.retry = RetryPolicy::scaled(env.millis("NOTIFY_RETRY_BASE_MS", Duration::ZERO));
    }
    if let Some(base) = env.read("APP_BASE_URL") {
        match app_base_url(&base) {
            Some(base) => mail.app_base_url = base,
            None => env.problem("APP_BASE_URL (expected http(s)://host[:port][/path])".to_owned()),
        }
    }
    mail
}

/// `SMTP_URL`: `smtp://…` or `smtps://…`; never echoed (it may hold a password). lettre checks the
/// rest when the transport is built.
fn smtp_url(env: &mut Env<'_>) -> Option<SecretString> {
    let url = env.read("SMTP_URL")?;
    if url.starts_with("smtp://") || url.starts_with("smtps://") {
        Some(SecretString::from(url))
    } else {
        env.problem("SMTP_URL (expected smtp://host:port or smtps://user:password@host:465)".to_owned());
        None
    }
}

/// An `http(s)://` base URL without a trailing slash, query or fragment.
fn app_base_url(raw: &str) -> Option<String> {
    let (scheme, rest) = raw.split_once("://")?;
    let ok = matches!(scheme, "http" | "https")
        && !rest.is_empty()
        && !rest.starts_with('/')
        && !rest.contains(['?', '#', ' ']);
    ok.then(|| raw.trim_end_matches('/').to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_urls_lose_their_trailing_slash_and_other_forms_are_refused() {
        assert_eq!(app_base_url("https://meguri.jp/").as_deref(), Some("https://meguri.jp"));
        assert_eq!(app_base_url("http://localhost:8080").as_deref(), Some("http://localhost:8080"));
        assert_eq!(app_base_url("https://example.com/app/").as_deref(), Some("https://example.com/app"));
        for bad in ["meguri.jp", "ftp://meguri.jp", "https://", "https://a.jp/?x=1", "https:///path"] {
            assert_eq!(app_base_url(bad), None, "{bad}");
        }
    }

    use meguri_server::lookup_of as lookup;

    fn with_required(vars: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
        let mut all = vec![
            ("INTERNAL_JWT_SECRET", "0123456789abcdef0123456789abcdef"),
            ("DATABASE_URL", "postgres://notify:p@db/m"),
        ];
        all.extend_from_slice(vars);
        all
    }

    #[test]
    fn smtp_urls_must_be_smtp_and_are_not_echoed() {
        for ok in ["smtp://127.0.0.1:2525", "smtps://u:p@mail.example:465"] {
            let (config, _) = from_lookup(lookup(&with_required(&[("SMTP_URL", ok)]))).expect("valid");
            assert!(config.mail.smtp_url.is_some(), "{ok}");
        }
        let (config, _) = from_lookup(lookup(&with_required(&[]))).expect("valid");
        assert!(config.mail.smtp_url.is_none());
        let problems =
            from_lookup(lookup(&with_required(&[("SMTP_URL", "http://u:hunter2@x")]))).expect_err("invalid").0;
        assert_eq!(problems.len(), 1);
        assert!(!problems[0].contains("hunter2"));
    }

    #[test]
    fn defaults_are_notifys_ports_the_dev_transport_and_the_local_app() {
        let (config, _) = from_lookup(lookup(&with_required(&[]))).expect("valid");
        assert_eq!((config.server.grpc_port, config.server.admin_port), (50057, 9097));
        assert_eq!(config.mail.dir, PathBuf::from(".dev/mail"));
        assert_eq!(config.mail.app_base_url, "http://localhost:8080");
        assert_eq!(config.identity.identity_addr, "http://127.0.0.1:50053");
        assert_eq!(config.identity.timeout, Duration::from_secs(5));
        assert_eq!(config.scheduler, SchedulerConfig::default());
        assert_eq!(config.scheduler.poll, Duration::from_secs(30));
        let problems =
            from_lookup(lookup(&with_required(&[("NOTIFY_RETRY_BASE_MS", "soon"), ("MAIL_FROM", "not an address")])))
                .expect_err("invalid")
                .0;
        assert_eq!(
            problems,
            [
                "MAIL_FROM (expected an address such as Meguri <no-reply@meguri.jp>)",
                "NOTIFY_RETRY_BASE_MS (expected a positive number of milliseconds)",
            ]
        );
    }

    #[test]
    fn identity_is_reached_at_its_address_with_its_deadline() {
        let (config, _) = from_lookup(lookup(&with_required(&[
            ("IDENTITY_ADDR", "http://identity:50053"),
            ("PEER_TIMEOUT_MS", "1500"),
        ])))
        .expect("valid");
        assert_eq!(config.identity.identity_addr, "http://identity:50053");
        assert_eq!(config.identity.timeout, Duration::from_millis(1500));
        let problems = from_lookup(lookup(&with_required(&[("IDENTITY_ADDR", "identity"), ("PEER_TIMEOUT_MS", "0")])))
            .expect_err("invalid")
            .0;
        assert_eq!(problems.len(), 2, "{problems:?}");
    }

    #[test]
    fn the_scheduler_polls_as_often_as_asked() {
        let (config, _) = from_lookup(lookup(&with_required(&[("NOTIFY_SCHEDULER_POLL_MS", "250")]))).expect("valid");
        assert_eq!(config.scheduler.poll, Duration::from_millis(250));
        let problems =
            from_lookup(lookup(&with_required(&[("NOTIFY_SCHEDULER_POLL_MS", "often")]))).expect_err("invalid").0;
        assert_eq!(problems, ["NOTIFY_SCHEDULER_POLL_MS (expected a positive number of milliseconds)"]);
    }

    #[test]
    fn the_default_sender_parses() {
        assert_eq!(default_from().email.to_string(), "no-reply@meguri.localhost");
        let japanese: Mailbox = "巡り <no-reply@meguri.example>".parse().expect("a Japanese display name");
        assert_eq!(japanese.name.as_deref(), Some("巡り"));
    }
}
