//! The gateway of `gateway::testkit`, configured by the test to reach the services it started.

use gateway::config::Config;
pub use gateway::testkit::{ORIGIN, TestGateway as TestApp, json, set_cookie};
pub use meguri_testkit::redis_url;

pub const SECRET: &str = "fleet-test-secret-that-is-long-enough-0123456";

/// The gateway with `customise` applied to its test configuration (every service it does not set
/// is unreachable). Redis keys live under the prefix the test sets (`c.redis.key_prefix`), shared
/// with the services it starts.
pub async fn spawn_app_with(customise: impl FnOnce(&mut Config)) -> TestApp {
    let mut config = gateway::testkit::test_config(SECRET, "unset:");
    customise(&mut config);
    assert_ne!(config.redis.key_prefix, "unset:", "the test shares its Redis prefix with the gateway");
    gateway::testkit::spawn(config).await
}
