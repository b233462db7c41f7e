//! The notify settings, read once from the environment (STYLE §5); every problem is listed at once.

use std::env;
use std::path::PathBuf;
use std::time::Duration;

use lettre::message::Mailbox;
use meguri_db::DbConfig;
use meguri_events::EventsConfig;
use meguri_server::{ConfigError, ServerConfig};
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

/// Everything notify needs; tests build it in code.
#[derive(Clone, Debug)]
pub struct Config {
    /// `HOST`, `GRPC_PORT`, `ADMIN_PORT`, `INTERNAL_JWT_SECRET`, `SHUTDOWN_*` (meguri-server).
    pub server: ServerConfig,
    /// `DATABASE_URL`, `DATABASE_POOL_SIZE` (meguri-db), schema `notify`.
    pub db: DbConfig,
    /// `REDIS_URL` (default `redis://127.0.0.1:6379`): the event streams.
    pub redis_url: String,
    /// `REDIS_KEY_PREFIX` (default empty, as in the gateway and identity): put before every stream key.
    pub events: EventsConfig,
    pub mail: MailConfig,
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
        }
    }
}

fn default_from() -> Mailbox {
    DEFAULT_MAIL_FROM.parse().expect("the default MAIL_FROM parses")
}

fn read(name: &str) -> Option<String> {
    env::var(name).ok().map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// Reads the notify settings and the telemetry ones.
///
/// # Errors
/// [`ConfigError`] naming every missing or invalid variable.
pub fn from_env() -> Result<(Config, TelemetryConfig), ConfigError> {
    let mut problems = Vec::new();
    let server = meguri_server::from_env(DEFAULT_GRPC_PORT, DEFAULT_ADMIN_PORT).map_err(|e| problems.extend(e.0)).ok();
    let db = DbConfig::from_env(SCHEMA).map_err(|e| problems.extend(e)).ok();
    let redis_url = redis_url(read("REDIS_URL"), &mut problems);
    let prefix = std::env::var("REDIS_KEY_PREFIX").unwrap_or_default();
    let mut mail = MailConfig::dev(read("MAIL_DIR").map_or_else(|| PathBuf::from(DEFAULT_MAIL_DIR), PathBuf::from));
    mail.smtp_url = smtp_url(read("SMTP_URL"), &mut problems);
    if let Some(from) = read("MAIL_FROM") {
        match from.parse() {
            Ok(from) => mail.from = from,
            Err(_) => problems.push("MAIL_FROM (expected an address such as Meguri <no-reply@meguri.jp>)".to_owned()),
        }
    }
    if let Some(ms) = read("NOTIFY_RETRY_BASE_MS") {
        match ms.parse::<u64>() {
            Ok(ms) if ms > 0 => mail.retry = RetryPolicy::scaled(Duration::from_millis(ms)),
            _ => problems.push("NOTIFY_RETRY_BASE_MS (expected a positive number of milliseconds)".to_owned()),
        }
    }
    if let Some(base) = read("APP_BASE_URL") {
        match app_base_url(&base) {
            Some(base) => mail.app_base_url = base,
            None => problems.push("APP_BASE_URL (expected http(s)://host[:port][/path])".to_owned()),
        }
    }
    match (server, db) {
        (Some((server, telemetry)), Some(db)) if problems.is_empty() => {
            Ok((Config { server, db, redis_url, events: EventsConfig::new(prefix), mail }, telemetry))
        }
        _ => Err(ConfigError(problems)),
    }
}

/// `redis://…` or `rediss://…`; the value is never echoed (it may hold a password).
fn redis_url(raw: Option<String>, problems: &mut Vec<String>) -> String {
    match raw {
        None => "redis://127.0.0.1:6379".to_owned(),
        Some(url) if url.starts_with("redis://") || url.starts_with("rediss://") => url,
        Some(_) => {
            problems.push("REDIS_URL (expected redis://host:port)".to_owned());
            String::new()
        }
    }
}

/// `smtp://…` or `smtps://…`; never echoed (it may hold a password). lettre checks the rest when
/// the transport is built.
fn smtp_url(raw: Option<String>, problems: &mut Vec<String>) -> Option<SecretString> {
    let url = raw?;
    if url.starts_with("smtp://") || url.starts_with("smtps://") {
        Some(SecretString::from(url))
    } else {
        problems.push("SMTP_URL (expected smtp://host:port or smtps://user:password@host:465)".to_owned());
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

    #[test]
    fn smtp_urls_must_be_smtp_and_are_not_echoed() {
        let mut problems = Vec::new();
        assert!(smtp_url(Some("smtp://127.0.0.1:2525".into()), &mut problems).is_some());
        assert!(smtp_url(Some("smtps://u:p@mail.example:465".into()), &mut problems).is_some());
        assert!(smtp_url(None, &mut problems).is_none());
        assert!(problems.is_empty());
        assert!(smtp_url(Some("http://u:hunter2@x".into()), &mut problems).is_none());
        assert_eq!(problems.len(), 1);
        assert!(!problems[0].contains("hunter2"));
    }

    #[test]
    fn the_default_sender_parses() {
        assert_eq!(default_from().email.to_string(), "no-reply@meguri.localhost");
        let japanese: Mailbox = "巡り <no-reply@meguri.example>".parse().expect("a Japanese display name");
        assert_eq!(japanese.name.as_deref(), Some("巡り"));
    }
}
