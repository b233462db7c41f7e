//! support's configuration, read once from the environment (docs/configuration.md lists it);
//! every problem is listed at once.

use std::path::PathBuf;

use meguri_server::{ConfigError, Env, ServerConfig, Store};
use meguri_telemetry::TelemetryConfig;

use crate::domain::analytics::DEFAULT_RETENTION_DAYS;

/// The gRPC port of support.
pub const DEFAULT_GRPC_PORT: u16 = 50059;
/// The admin HTTP port of support.
pub const DEFAULT_ADMIN_PORT: u16 = 9099;
/// The PostgreSQL schema support owns.
pub const SCHEMA: &str = "support";
/// How long a mailed reply link works, in days, unless `SUPPORT_REPLY_LINK_DAYS` says otherwise.
pub const DEFAULT_REPLY_LINK_DAYS: u32 = 30;

/// Everything support needs; tests build it in code.
#[derive(Clone, Debug)]
pub struct Config {
    /// `HOST`, `GRPC_PORT`, `ADMIN_PORT`, `INTERNAL_JWT_SECRET`, `SHUTDOWN_*` (meguri-server).
    pub server: ServerConfig,
    /// Schema `support`, the event streams (`REDIS_URL`, `REDIS_KEY_PREFIX` equal to identity's and
    /// notify's).
    pub store: Store,
    /// `SUPPORT_ATTACHMENT_DIR` (required): where the screenshots are kept, one file per id. A
    /// directory the process may write; in Kubernetes a persistent volume.
    pub attachment_dir: PathBuf,
    /// `SUPPORT_REPLY_LINK_DAYS` (default 30, 1..=365): how long a mailed reply link works.
    pub reply_link_days: u32,
    /// `GEOIP_DB` (optional): a GeoLite2-format City database; visits get a country and city from
    /// it. Unset: both stay empty.
    pub geoip_db: Option<PathBuf>,
    /// `ANALYTICS_RETENTION_DAYS` (default 396, i.e. 13 months; 30..=3650): raw analytics events
    /// and visits older than this are purged by the nightly schedule (the day rollups stay).
    pub analytics_retention_days: u32,
}

/// Reads the support settings and the telemetry ones from `lookup` (`meguri_server::env_var` in the
/// process, a map in tests).
///
/// # Errors
/// [`ConfigError`] naming every missing or invalid variable.
pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<(Config, TelemetryConfig), ConfigError> {
    let (server, (store, own), telemetry) =
        meguri_server::service_config(DEFAULT_GRPC_PORT, DEFAULT_ADMIN_PORT, lookup, |env| {
            let store = env.store(SCHEMA);
            let own = own_settings(env);
            Some((store?, own?))
        })?;
    Ok((
        Config {
            server,
            store,
            attachment_dir: own.attachment_dir,
            reply_link_days: own.reply_link_days,
            geoip_db: own.geoip_db,
            analytics_retention_days: own.analytics_retention_days,
        },
        telemetry,
    ))
}

/// The variables only support reads.
struct Own {
    attachment_dir: PathBuf,
    reply_link_days: u32,
    geoip_db: Option<PathBuf>,
    analytics_retention_days: u32,
}

fn own_settings(env: &mut Env<'_>) -> Option<Own> {
    let dir = env.read("SUPPORT_ATTACHMENT_DIR").filter(|d| !d.trim().is_empty());
    if dir.is_none() {
        env.problem("SUPPORT_ATTACHMENT_DIR (missing)".to_owned());
    }
    let reply_link_days = env.number("SUPPORT_REPLY_LINK_DAYS", DEFAULT_REPLY_LINK_DAYS);
    if !(1..=365).contains(&reply_link_days) {
        env.problem(format!("SUPPORT_REPLY_LINK_DAYS (expected 1..=365, got {reply_link_days})"));
    }
    let geoip_db = env.read("GEOIP_DB").filter(|p| !p.trim().is_empty()).map(PathBuf::from);
    let analytics_retention_days = env.number("ANALYTICS_RETENTION_DAYS", DEFAULT_RETENTION_DAYS);
    if !(30..=3650).contains(&analytics_retention_days) {
        env.problem(format!("ANALYTICS_RETENTION_DAYS (expected 30..=3650, got {analytics_retention_days})"));
    }
    Some(Own { attachment_dir: PathBuf::from(dir?), reply_link_days, geoip_db, analytics_retention_days })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_services_ports_and_the_database_url_and_attachment_dir_are_required() {
        let vars = |name: &str| match name {
            "INTERNAL_JWT_SECRET" => Some("0123456789abcdef0123456789abcdef".to_owned()),
            "DATABASE_URL" => Some("postgres://support:p@db/meguri".to_owned()),
            "SUPPORT_ATTACHMENT_DIR" => Some("/var/lib/meguri/support".to_owned()),
            _ => None,
        };
        let (config, _) = from_lookup(vars).expect("valid");
        assert_eq!((config.server.grpc_port, config.server.admin_port), (50059, 9099));
        assert_eq!(config.store.db.schema, "support");
        assert_eq!(config.attachment_dir, PathBuf::from("/var/lib/meguri/support"));
        assert_eq!(config.reply_link_days, 30);
        assert_eq!((config.geoip_db, config.analytics_retention_days), (None, 396));

        let problems = from_lookup(|_| None).expect_err("invalid").0;
        assert_eq!(
            problems,
            ["INTERNAL_JWT_SECRET (missing)", "DATABASE_URL (missing)", "SUPPORT_ATTACHMENT_DIR (missing)"]
        );
    }

    #[test]
    fn the_analytics_settings_are_read_and_bounded() {
        let lookup = meguri_server::lookup_of(&[
            ("SUPPORT_ATTACHMENT_DIR", "/tmp/a"),
            ("GEOIP_DB", "/var/lib/geoip/GeoLite2-City.mmdb"),
            ("ANALYTICS_RETENTION_DAYS", "90"),
        ]);
        let mut env = Env::new(&lookup);
        let own = own_settings(&mut env).expect("valid");
        assert_eq!(own.geoip_db, Some(PathBuf::from("/var/lib/geoip/GeoLite2-City.mmdb")));
        assert_eq!(own.analytics_retention_days, 90);
        for bad in ["7", "99999", "long"] {
            let lookup =
                meguri_server::lookup_of(&[("SUPPORT_ATTACHMENT_DIR", "/tmp/a"), ("ANALYTICS_RETENTION_DAYS", bad)]);
            let mut env = Env::new(&lookup);
            let _ = own_settings(&mut env);
            assert_eq!(env.problems().len(), 1, "{bad}");
        }
    }

    #[test]
    fn the_reply_links_life_is_read_and_bounded() {
        let lookup =
            meguri_server::lookup_of(&[("SUPPORT_ATTACHMENT_DIR", "/tmp/a"), ("SUPPORT_REPLY_LINK_DAYS", "7")]);
        let mut env = Env::new(&lookup);
        let own = own_settings(&mut env).expect("valid");
        assert_eq!(own.reply_link_days, 7);
        assert!(env.problems().is_empty());

        for bad in ["0", "400", "soon"] {
            let lookup =
                meguri_server::lookup_of(&[("SUPPORT_ATTACHMENT_DIR", "/tmp/a"), ("SUPPORT_REPLY_LINK_DAYS", bad)]);
            let mut env = Env::new(&lookup);
            let _ = own_settings(&mut env);
            assert_eq!(env.problems().len(), 1, "{bad}");
        }
    }
}
