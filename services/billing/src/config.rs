//! The billing settings, read once from the environment (STYLE §5); every problem is listed at
//! once.

use meguri_server::{ConfigError, Env, ServerConfig, Store};
use meguri_telemetry::TelemetryConfig;
use secrecy::SecretString;

/// The gRPC port of billing.
pub const DEFAULT_GRPC_PORT: u16 = 50056;
/// The admin HTTP port of billing.
pub const DEFAULT_ADMIN_PORT: u16 = 9096;
/// The PostgreSQL schema billing owns.
pub const SCHEMA: &str = "billing";

/// Stripe's API when `STRIPE_API_BASE` is unset.
pub const DEFAULT_STRIPE_API_BASE: &str = "https://api.stripe.com";
/// The development checkout's signing secret when `BILLING_DEV_WEBHOOK_SECRET` is unset. Public on
/// purpose: it signs only the development checkout's own events, in a billing without Stripe.
pub const DEFAULT_DEV_WEBHOOK_SECRET: &str = "whsec_meguri_development_checkout";

/// Everything billing needs; tests build it in code.
#[derive(Clone, Debug)]
pub struct Config {
    /// `HOST`, `GRPC_PORT`, `ADMIN_PORT`, `INTERNAL_JWT_SECRET`, `SHUTDOWN_*` (meguri-server).
    pub server: ServerConfig,
    /// Schema `billing`.
    pub store: Store,
    /// How purchases are paid.
    pub payments: PaymentsConfig,
    /// `APP_BASE_URL`: the public app URL, start of the development checkout's URL; `None` uses the
    /// origin of the request's success URL.
    pub app_base_url: Option<String>,
}

/// Stripe, or the development checkout.
#[derive(Clone, Debug)]
pub enum PaymentsConfig {
    /// `STRIPE_SECRET_KEY` is set.
    Stripe {
        /// `STRIPE_SECRET_KEY` (`sk_live_…` / `sk_test_…`).
        secret_key: SecretString,
        /// `STRIPE_WEBHOOK_SECRET` (`whsec_…`): verifies the webhooks.
        webhook_secret: SecretString,
        /// `STRIPE_API_BASE` (default `https://api.stripe.com`; tests point it at a local server).
        api_base: String,
    },
    /// No `STRIPE_SECRET_KEY`: `BILLING_DEV_WEBHOOK_SECRET` signs and verifies the development
    /// checkout's events.
    Development { webhook_secret: SecretString },
}

fn http_url(env: &mut Env<'_>, name: &str) -> Option<String> {
    match env.read(name) {
        Some(v) if v.starts_with("http://") || v.starts_with("https://") => Some(v.trim_end_matches('/').to_owned()),
        Some(_) => {
            env.problem(format!("{name} (expected http://… or https://…)"));
            None
        }
        None => None,
    }
}

fn payments(env: &mut Env<'_>) -> Option<PaymentsConfig> {
    let api_base = http_url(env, "STRIPE_API_BASE").unwrap_or_else(|| DEFAULT_STRIPE_API_BASE.to_owned());
    let dev_secret = env.read("BILLING_DEV_WEBHOOK_SECRET");
    match env.read("STRIPE_SECRET_KEY") {
        Some(key) => match env.read("STRIPE_WEBHOOK_SECRET") {
            Some(webhook) => Some(PaymentsConfig::Stripe {
                secret_key: SecretString::from(key),
                webhook_secret: SecretString::from(webhook),
                api_base,
            }),
            None => {
                env.problem("STRIPE_WEBHOOK_SECRET (required with STRIPE_SECRET_KEY)".to_owned());
                None
            }
        },
        None => Some(PaymentsConfig::Development {
            webhook_secret: SecretString::from(dev_secret.unwrap_or_else(|| DEFAULT_DEV_WEBHOOK_SECRET.to_owned())),
        }),
    }
}

/// Reads the billing settings and the telemetry ones from `lookup` (`meguri_server::env_var` in the
/// process, a map in tests).
///
/// # Errors
/// [`ConfigError`] naming every missing or invalid variable.
pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<(Config, TelemetryConfig), ConfigError> {
    let (server, (store, payments, app_base_url), telemetry) =
        meguri_server::service_config(DEFAULT_GRPC_PORT, DEFAULT_ADMIN_PORT, lookup, |env| {
            let store = env.store(SCHEMA);
            let payments = payments(env);
            let app_base_url = http_url(env, "APP_BASE_URL");
            Some((store?, payments?, app_base_url))
        })?;
    Ok((Config { server, store, payments, app_base_url }, telemetry))
}

#[cfg(test)]
mod tests {
    use super::*;

    use meguri_server::lookup_of as lookup;

    const REQUIRED: [(&str, &str); 2] =
        [("INTERNAL_JWT_SECRET", "0123456789abcdef0123456789abcdef"), ("DATABASE_URL", "postgres://billing:p@db/m")];

    #[test]
    fn defaults_are_billings_ports_and_loopback_redis() {
        let (config, _) = from_lookup(lookup(&REQUIRED)).expect("valid");
        assert_eq!((config.server.grpc_port, config.server.admin_port), (50056, 9096));
        assert_eq!(config.store.db.schema, "billing");
        assert_eq!(config.store.redis_url, "redis://127.0.0.1:6379");
    }

    #[test]
    fn without_a_stripe_key_the_development_checkout_runs_with_its_fixed_secret() {
        use secrecy::ExposeSecret as _;
        let (config, _) = from_lookup(lookup(&REQUIRED)).expect("valid");
        let PaymentsConfig::Development { webhook_secret } = config.payments else { panic!("{:?}", config.payments) };
        assert_eq!(webhook_secret.expose_secret(), DEFAULT_DEV_WEBHOOK_SECRET);
        assert_eq!(config.app_base_url, None);
    }

    #[test]
    fn a_stripe_key_needs_the_webhook_secret_and_the_api_base_may_be_moved() {
        let mut vars = REQUIRED.to_vec();
        vars.push(("STRIPE_SECRET_KEY", "sk_test_123"));
        let problems = from_lookup(lookup(&vars)).expect_err("no webhook secret").0;
        assert_eq!(problems, ["STRIPE_WEBHOOK_SECRET (required with STRIPE_SECRET_KEY)"]);
        assert!(!problems.concat().contains("sk_test"));

        vars.extend([("STRIPE_WEBHOOK_SECRET", "whsec_1"), ("STRIPE_API_BASE", "http://127.0.0.1:4242/")]);
        vars.push(("APP_BASE_URL", "https://meguri.example/"));
        let (config, _) = from_lookup(lookup(&vars)).expect("valid");
        let PaymentsConfig::Stripe { api_base, .. } = &config.payments else { panic!("{:?}", config.payments) };
        assert_eq!(api_base, "http://127.0.0.1:4242");
        assert_eq!(config.app_base_url.as_deref(), Some("https://meguri.example"));

        let bad = [REQUIRED.to_vec(), vec![("STRIPE_API_BASE", "api.stripe.com"), ("APP_BASE_URL", "meguri")]].concat();
        assert_eq!(
            from_lookup(lookup(&bad)).expect_err("not URLs").0,
            ["STRIPE_API_BASE (expected http://… or https://…)", "APP_BASE_URL (expected http://… or https://…)"]
        );
    }

    #[test]
    fn redis_urls_of_other_schemes_are_refused_without_echoing_them() {
        let mut vars = REQUIRED.to_vec();
        vars.push(("REDIS_URL", "http://secret@r"));
        let problems = from_lookup(lookup(&vars)).expect_err("invalid").0;
        assert_eq!(problems, ["REDIS_URL (expected redis://host:port)"]);
        let mut vars = REQUIRED.to_vec();
        vars.push(("REDIS_URL", " redis://r:6379 "));
        assert_eq!(from_lookup(lookup(&vars)).expect("valid").0.store.redis_url, "redis://r:6379");
    }
}
