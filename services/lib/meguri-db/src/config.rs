//! The database settings of a service, read once from the environment.

use std::env;

use secrecy::SecretString;

/// `DATABASE_POOL_SIZE` when unset.
pub const DEFAULT_POOL_SIZE: usize = 10;

/// Where a service's database is and which schema it owns.
///
/// `Debug` never prints the password: the URL is a [`SecretString`].
#[derive(Clone, Debug)]
pub struct DbConfig {
    /// `DATABASE_URL`: `postgres://role:password@host:5432/db`, connecting as the service's own role.
    pub url: SecretString,
    /// The service's schema (`identity`, `fortune`…): every pooled connection and every migration
    /// runs with `search_path` set to it. Fixed in code, not read from the environment.
    pub schema: String,
    /// `DATABASE_POOL_SIZE` (default 10): most connections the pool keeps open.
    pub max_connections: usize,
}

impl DbConfig {
    /// Reads `DATABASE_URL` (required) and `DATABASE_POOL_SIZE` for the service owning `schema`.
    ///
    /// The schema name itself is checked by [`crate::connect`] and [`crate::run_migrations`].
    ///
    /// # Errors
    /// Every missing or invalid variable, each as `NAME (what is wrong)`, so a service can merge them
    /// with its other configuration problems and list them all at once.
    pub fn from_env(schema: &str) -> Result<Self, Vec<String>> {
        Self::from_lookup(schema, |name| env::var(name).ok())
    }

    /// [`DbConfig::from_env`] over any source of variables (tests pass a map).
    ///
    /// # Errors
    /// As [`DbConfig::from_env`].
    pub fn from_lookup(schema: &str, lookup: impl Fn(&str) -> Option<String>) -> Result<Self, Vec<String>> {
        let mut problems = Vec::new();
        let read = |name: &str| lookup(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());

        let url = match read("DATABASE_URL") {
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                Some(SecretString::from(url))
            }
            // The value is not echoed: it may hold a password.
            Some(_) => {
                problems.push("DATABASE_URL (expected postgres://…)".to_owned());
                None
            }
            None => {
                problems.push("DATABASE_URL (missing)".to_owned());
                None
            }
        };
        let max_connections = match read("DATABASE_POOL_SIZE") {
            None => DEFAULT_POOL_SIZE,
            Some(v) => match v.parse::<usize>() {
                Ok(n) if n > 0 => n,
                _ => {
                    problems.push("DATABASE_POOL_SIZE (expected a positive number)".to_owned());
                    DEFAULT_POOL_SIZE
                }
            },
        };
        match url {
            Some(url) if problems.is_empty() => Ok(Self { url, schema: schema.to_owned(), max_connections }),
            _ => Err(problems),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use secrecy::ExposeSecret as _;

    fn lookup(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = vars.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        move |name| map.get(name).cloned()
    }

    #[test]
    fn reads_the_url_and_defaults_the_pool_size() {
        let config = DbConfig::from_lookup("identity", lookup(&[("DATABASE_URL", " postgres://u:p@db/meguri\n")]))
            .expect("valid");
        assert_eq!(config.url.expose_secret(), "postgres://u:p@db/meguri");
        assert_eq!(config.schema, "identity");
        assert_eq!(config.max_connections, DEFAULT_POOL_SIZE);
    }

    #[test]
    fn lists_every_problem_at_once() {
        let problems = DbConfig::from_lookup("identity", lookup(&[("DATABASE_POOL_SIZE", "0")])).expect_err("invalid");
        assert_eq!(problems, ["DATABASE_URL (missing)", "DATABASE_POOL_SIZE (expected a positive number)"]);
    }

    #[test]
    fn a_url_of_another_kind_is_refused_without_echoing_it() {
        let problems = DbConfig::from_lookup("identity", lookup(&[("DATABASE_URL", "mysql://u:hunter2@db")]))
            .expect_err("invalid");
        assert_eq!(problems, ["DATABASE_URL (expected postgres://…)"]);
    }

    #[test]
    fn debug_does_not_print_the_password() {
        let config =
            DbConfig::from_lookup("identity", lookup(&[("DATABASE_URL", "postgres://u:hunter2@db/m")])).expect("valid");
        assert!(!format!("{config:?}").contains("hunter2"));
    }
}
