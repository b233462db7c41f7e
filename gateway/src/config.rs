//! The gateway's settings, read once from the environment (STYLE §5).

use std::env;
use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::time::Duration;

use meguri_telemetry::TelemetryConfig;
use secrecy::SecretString;

/// Everything the gateway needs; tests build it in code.
#[derive(Clone, Debug)]
pub struct Config {
    /// `HOST` (default `0.0.0.0`).
    pub host: IpAddr,
    /// `PORT` (default 8080); 0 binds a free port (tests).
    pub port: u16,
    /// `HTTP_WORKERS`: actix worker threads (default: one per core).
    pub workers: Option<usize>,
    /// `APP_ENV=development` relaxes defaults (readable logs, non-`Secure` cookie).
    pub development: bool,
    pub redis: RedisConfig,
    /// `BAZI_ENGINE_ADDR` (default `http://127.0.0.1:50052`).
    pub bazi_engine_addr: String,
    /// `IDENTITY_ADDR` (default `http://127.0.0.1:50053`), `FORTUNE_ADDR` (`…:50054`),
    /// `BILLING_ADDR` (`…:50056`), `NOTIFY_ADDR` (`…:50057`), `SOCIAL_ADDR` (`…:50055`).
    pub identity_addr: String,
    pub fortune_addr: String,
    pub billing_addr: String,
    pub notify_addr: String,
    pub social_addr: String,
    /// `CHAT_ADDR` (default `http://127.0.0.1:50058`).
    pub chat_addr: String,
    /// `SUPPORT_ADDR` (default `http://127.0.0.1:50059`).
    pub support_addr: String,
    /// `ADMIN_JWT_SECRET`: signs the admin SPA's bearer tokens. Unset: admin login answers 503.
    pub admin_jwt_secret: Option<SecretString>,
    /// `INTERNAL_JWT_SECRET`: signs the internal token of every gRPC call.
    pub jwt_secret: SecretString,
    /// `GRPC_TIMEOUT_MS` (default 2000): the deadline of every gRPC call, retries included.
    pub grpc_timeout: Duration,
    /// `READING_TIMEOUT_MS` (default 10000): the deadline of the calls that may write a reading with
    /// the LLM (daily reading, reports); keep it above fortune-gen's `LLM_TIMEOUT_MS`.
    pub reading_timeout: Duration,
    /// `CHAT_ACCEPT_TIMEOUT_MS` (default 10000): how long chat may take to accept or refuse a
    /// message (the charge included). The reply's events then stream without a gateway deadline:
    /// chat ends every reply by its own `CHAT_REPLY_DEADLINE_MS`.
    pub chat_accept_timeout: Duration,
    /// `CHAT_KEEP_ALIVE_MS` (default 15000): a `: keep-alive` comment on a reply stream after this
    /// long without an event, so proxies keep it open and a client gone away is noticed.
    pub chat_keep_alive: Duration,
    /// `PUBLIC_ORIGIN`: the origins allowed to send state-changing requests (comma-separated;
    /// default `http://localhost:$PORT`).
    pub public_origins: Vec<String>,
    /// `APP_BASE_URL`: where the app is served, for the absolute links the gateway builds (the
    /// shop's return URLs from Stripe's checkout). `http(s)://host[:port][/path]` without a
    /// trailing `/`; default: the first `PUBLIC_ORIGIN`.
    pub app_base_url: String,
    pub session: SessionConfig,
    pub rate_limit: RateLimitConfig,
    /// `TRUST_FORWARDED_FOR` (default false): take the client IP from `X-Forwarded-For` (its last
    /// entry, the one our ingress appended) instead of the peer address.
    pub trust_forwarded_for: bool,
    /// `STATIC_DIR`: serve the SPA builds from here (development): `<dir>/app` at `/`, `<dir>/admin`
    /// at `/admin`, each with an `index.html` fallback for client-side routes.
    pub static_dir: Option<PathBuf>,
    pub telemetry: TelemetryConfig,
}

#[derive(Clone, Debug)]
pub struct RedisConfig {
    /// `REDIS_URL` (default `redis://127.0.0.1:6379`).
    pub url: String,
    /// `REDIS_KEY_PREFIX` (default empty): prepended to every key (tests use one per test).
    pub key_prefix: String,
    /// `REDIS_POOL_SIZE` (default 16).
    pub pool_size: usize,
}

#[derive(Clone, Debug)]
pub struct SessionConfig {
    /// `COOKIE_SECURE` (default true unless `APP_ENV=development`).
    pub cookie_secure: bool,
    /// `SESSION_TTL_SECONDS` (default 30 days); renewed on each authenticated request.
    pub ttl: Duration,
    /// `SESSION_ABSOLUTE_TTL_SECONDS` (default 90 days): a session ends this long after sign-in
    /// however often it is used (at least `ttl`).
    pub absolute_ttl: Duration,
}

#[derive(Clone, Debug)]
pub struct RateLimitConfig {
    /// `RATE_LIMIT_ENABLED` (default true).
    pub enabled: bool,
    /// `RATE_LIMIT_CALCULATE_PER_MINUTE` (default 30): chart calculations per client IP.
    pub calculate_per_window: u32,
    /// `RATE_LIMIT_PLACES_PER_MINUTE` (default 120): place searches and look-ups per client IP.
    pub places_per_window: u32,
    /// The window the limits count over (one minute; tests may change it).
    pub window: Duration,
    /// `RATE_LIMIT_LOGIN_FAILURES` (default 10): failed logins per account and per client IP in
    /// `login_window` before 429.
    pub login_failures: u32,
    /// 15 minutes.
    pub login_window: Duration,
    /// `RATE_LIMIT_FRIEND_SEARCH` (default 60): friend searches per signed-in user per `window`.
    pub friend_search_per_window: u32,
    /// `RATE_LIMIT_AUTH_PER_15_MINUTES` (default 30): sign-ups, verification attempts, code resends
    /// and reset requests per client IP per 15 minutes.
    pub auth_per_window: u32,
    /// `RATE_LIMIT_CHAT_PER_MINUTE` (default 10): chat messages (distinct message ids) per
    /// signed-in user per `window`; sending an id again is not counted.
    pub chat_per_window: u32,
    /// `RATE_LIMIT_ANALYTICS_PER_MINUTE` (default 30): analytics batches (`POST /api/analytics/events`)
    /// per browser (member or consenting visitor) per `window`; ten times as many per client IP.
    pub analytics_per_window: u32,
}

/// Parses variables and collects every problem instead of stopping at the first.
struct Env {
    problems: Vec<String>,
}

impl Env {
    fn raw(name: &str) -> Option<String> {
        env::var(name).ok().map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
    }

    fn parse<T: std::str::FromStr>(&mut self, name: &str, default: T, expected: &str) -> T {
        match Self::raw(name) {
            None => default,
            Some(v) => v.parse().unwrap_or_else(|_| {
                self.problems.push(format!("{name} (expected {expected})"));
                default
            }),
        }
    }

    fn flag(&mut self, name: &str, default: bool) -> bool {
        match Self::raw(name).map(|v| v.to_ascii_lowercase()).as_deref() {
            None => default,
            Some("true" | "1" | "yes" | "on") => true,
            Some("false" | "0" | "no" | "off") => false,
            Some(_) => {
                self.problems.push(format!("{name} (expected true or false)"));
                default
            }
        }
    }
}

/// `scheme://host[:port]` with no path; the form browsers send in `Origin`.
fn parse_origin(raw: &str) -> Option<String> {
    let origin = raw.trim().trim_end_matches('/');
    let (scheme, rest) = origin.split_once("://")?;
    let valid = matches!(scheme, "http" | "https") && !rest.is_empty() && !rest.contains(['/', '?', '#', ' ']);
    valid.then(|| origin.to_ascii_lowercase())
}

/// `scheme://host[:port][/path]` without a trailing `/`, query or fragment: the start of a link.
fn parse_base_url(raw: &str) -> Option<String> {
    let url = raw.trim().trim_end_matches('/');
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split('/').next().unwrap_or_default();
    let valid = matches!(scheme, "http" | "https") && !host.is_empty() && !url.contains(['?', '#', ' ']);
    valid.then(|| url.to_owned())
}

impl Config {
    /// # Errors
    /// Lists every missing or invalid variable: `invalid configuration: INTERNAL_JWT_SECRET (missing), PORT (expected a port number)`.
    pub fn from_env() -> Result<Self, anyhow::Error> {
        let mut e = Env { problems: Vec::new() };
        let development = Env::raw("APP_ENV").is_some_and(|v| v == "development");
        let host = e.parse("HOST", IpAddr::V4(Ipv4Addr::UNSPECIFIED), "an IP address");
        let port = e.parse("PORT", 8080_u16, "a port number");
        let workers = match Env::raw("HTTP_WORKERS") {
            None => None,
            Some(v) => match v.parse::<usize>() {
                Ok(n) if n > 0 => Some(n),
                _ => {
                    e.problems.push("HTTP_WORKERS (expected a positive number)".to_owned());
                    None
                }
            },
        };
        let redis = RedisConfig {
            url: Env::raw("REDIS_URL").unwrap_or_else(|| "redis://127.0.0.1:6379".to_owned()),
            key_prefix: env::var("REDIS_KEY_PREFIX").unwrap_or_default(),
            pool_size: e.parse("REDIS_POOL_SIZE", 16_usize, "a positive number"),
        };
        if !redis.url.starts_with("redis://") && !redis.url.starts_with("rediss://") {
            e.problems.push("REDIS_URL (expected redis://host:port)".to_owned());
        }
        let bazi_engine_addr = Env::raw("BAZI_ENGINE_ADDR").unwrap_or_else(|| "http://127.0.0.1:50052".to_owned());
        if !bazi_engine_addr.starts_with("http://") && !bazi_engine_addr.starts_with("https://") {
            e.problems.push("BAZI_ENGINE_ADDR (expected http://host:port)".to_owned());
        }
        let mut addr = |name: &str, port: u16| {
            let value = Env::raw(name).unwrap_or_else(|| format!("http://127.0.0.1:{port}"));
            if !value.starts_with("http://") && !value.starts_with("https://") {
                e.problems.push(format!("{name} (expected http://host:port)"));
            }
            value
        };
        let identity_addr = addr("IDENTITY_ADDR", 50053);
        let billing_addr = addr("BILLING_ADDR", 50056);
        let fortune_addr = addr("FORTUNE_ADDR", 50054);
        let notify_addr = addr("NOTIFY_ADDR", 50057);
        let social_addr = addr("SOCIAL_ADDR", 50055);
        let chat_addr = addr("CHAT_ADDR", 50058);
        let support_addr = addr("SUPPORT_ADDR", 50059);
        let admin_jwt_secret = match Env::raw("ADMIN_JWT_SECRET") {
            None => None,
            Some(v) if v.len() < meguri_auth::MIN_SECRET_BYTES => {
                e.problems.push(format!("ADMIN_JWT_SECRET (at least {} bytes)", meguri_auth::MIN_SECRET_BYTES));
                None
            }
            Some(v) => Some(SecretString::from(v)),
        };
        let jwt_secret = match Env::raw("INTERNAL_JWT_SECRET") {
            None => {
                e.problems.push("INTERNAL_JWT_SECRET (missing)".to_owned());
                SecretString::from(String::new())
            }
            Some(v) if v.len() < meguri_auth::MIN_SECRET_BYTES => {
                e.problems.push(format!("INTERNAL_JWT_SECRET (at least {} bytes)", meguri_auth::MIN_SECRET_BYTES));
                SecretString::from(String::new())
            }
            Some(v) => SecretString::from(v),
        };
        let grpc_timeout = Duration::from_millis(e.parse("GRPC_TIMEOUT_MS", 2000_u64, "milliseconds"));
        let reading_timeout = Duration::from_millis(e.parse("READING_TIMEOUT_MS", 10_000_u64, "milliseconds"));
        let chat_accept_timeout = Duration::from_millis(e.parse("CHAT_ACCEPT_TIMEOUT_MS", 10_000_u64, "milliseconds"));
        let chat_keep_alive = Duration::from_millis(e.parse("CHAT_KEEP_ALIVE_MS", 15_000_u64, "milliseconds").max(1));
        let public_origins = match Env::raw("PUBLIC_ORIGIN") {
            None => vec![format!("http://localhost:{port}")],
            Some(list) => {
                let parsed: Option<Vec<String>> =
                    list.split(',').filter(|s| !s.trim().is_empty()).map(parse_origin).collect();
                match parsed {
                    Some(origins) if !origins.is_empty() => origins,
                    _ => {
                        e.problems
                            .push("PUBLIC_ORIGIN (expected comma-separated origins like https://meguri.jp)".to_owned());
                        Vec::new()
                    }
                }
            }
        };
        let app_base_url = match Env::raw("APP_BASE_URL") {
            None => public_origins.first().cloned().unwrap_or_default(),
            Some(raw) => parse_base_url(&raw).unwrap_or_else(|| {
                e.problems.push("APP_BASE_URL (expected http(s)://host[:port][/path])".to_owned());
                String::new()
            }),
        };
        let session = SessionConfig {
            cookie_secure: e.flag("COOKIE_SECURE", !development),
            ttl: Duration::from_secs(e.parse("SESSION_TTL_SECONDS", 30 * 24 * 3600_u64, "seconds")),
            absolute_ttl: Duration::from_secs(e.parse("SESSION_ABSOLUTE_TTL_SECONDS", 90 * 24 * 3600_u64, "seconds")),
        };
        let rate_limit = RateLimitConfig {
            enabled: e.flag("RATE_LIMIT_ENABLED", true),
            calculate_per_window: e.parse("RATE_LIMIT_CALCULATE_PER_MINUTE", 30_u32, "a number"),
            places_per_window: e.parse("RATE_LIMIT_PLACES_PER_MINUTE", 120_u32, "a number"),
            window: Duration::from_secs(60),
            login_failures: e.parse("RATE_LIMIT_LOGIN_FAILURES", 10_u32, "a number"),
            login_window: Duration::from_secs(15 * 60),
            friend_search_per_window: e.parse("RATE_LIMIT_FRIEND_SEARCH", 60_u32, "a number"),
            auth_per_window: e.parse("RATE_LIMIT_AUTH_PER_15_MINUTES", 30_u32, "a number"),
            chat_per_window: e.parse("RATE_LIMIT_CHAT_PER_MINUTE", 10_u32, "a number"),
            analytics_per_window: e.parse("RATE_LIMIT_ANALYTICS_PER_MINUTE", 30_u32, "a number"),
        };
        let trust_forwarded_for = e.flag("TRUST_FORWARDED_FOR", false);
        let static_dir = Env::raw("STATIC_DIR").map(PathBuf::from);
        let telemetry = TelemetryConfig::from_env().unwrap_or_else(|problems| {
            e.problems.extend(problems);
            TelemetryConfig::default()
        });

        if !e.problems.is_empty() {
            anyhow::bail!("invalid configuration: {}", e.problems.join(", "));
        }
        Ok(Self {
            host,
            port,
            workers,
            development,
            redis,
            bazi_engine_addr,
            identity_addr,
            billing_addr,
            fortune_addr,
            notify_addr,
            social_addr,
            chat_addr,
            support_addr,
            admin_jwt_secret,
            jwt_secret,
            grpc_timeout,
            reading_timeout,
            chat_accept_timeout,
            chat_keep_alive,
            public_origins,
            app_base_url,
            session,
            rate_limit,
            trust_forwarded_for,
            static_dir,
            telemetry,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{parse_base_url, parse_origin};

    #[test]
    fn a_base_url_may_carry_a_path_but_no_query() {
        assert_eq!(parse_base_url("https://meguri.jp/"), Some("https://meguri.jp".to_owned()));
        assert_eq!(parse_base_url("http://localhost:8080/app/"), Some("http://localhost:8080/app".to_owned()));
        assert_eq!(parse_base_url("https://meguri.jp/?x=1"), None);
        assert_eq!(parse_base_url("https:///path"), None);
        assert_eq!(parse_base_url("meguri.jp"), None);
    }

    #[test]
    fn origins_are_normalised_and_paths_refused() {
        assert_eq!(parse_origin("https://Meguri.jp/"), Some("https://meguri.jp".to_owned()));
        assert_eq!(parse_origin("http://localhost:8080"), Some("http://localhost:8080".to_owned()));
        assert_eq!(parse_origin("https://meguri.jp/app"), None);
        assert_eq!(parse_origin("meguri.jp"), None);
        assert_eq!(parse_origin("ftp://meguri.jp"), None);
    }
}
