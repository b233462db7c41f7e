//! A fresh database schema per test (feature `testkit`).

use diesel_async::{AsyncConnection as _, AsyncPgConnection, SimpleAsyncConnection as _};
use diesel_migrations::EmbeddedMigrations;
use secrecy::{ExposeSecret as _, SecretString};

use crate::{DbConfig, DbError, Pool, sql};

/// Connections a test pool may open: enough for a test that holds a few at once, few enough that
/// many tests in parallel stay under the server's `max_connections`.
const TEST_POOL_SIZE: usize = 4;

/// A migrated `test_<uuid>` schema owned by a `test_<uuid>` role, and a pool connected as that
/// role, so a test sees exactly the privileges a service has in production.
///
/// On `Drop` the schema (`CASCADE`) and the role are dropped, on a thread of its own with its own
/// small runtime, because `Drop` cannot await and may run while the test's runtime is shutting down.
pub struct TestDb {
    /// Connects as the test role, with `schema` set: what a service would read from the environment.
    pub config: DbConfig,
    /// A pool over `config` (at most 4 connections).
    pub pool: Pool,
    /// `test_<uuid-simple>`.
    pub schema: String,
    /// Same name as the schema.
    pub role: String,
    // Last, so the pool's connections are closed before the schema and role are dropped.
    _cleanup: Cleanup,
}

impl TestDb {
    /// Provisions a new schema and role through `admin_url` (a superuser URL, e.g.
    /// `postgres://postgres@127.0.0.1:5432/postgres`), runs `migrations` in it as the new role and
    /// opens a pool. If any step fails, what was created is dropped again.
    ///
    /// Needs a multi-thread runtime (`#[tokio::test(flavor = "multi_thread")]`): migrations run on
    /// a blocking thread that drives the connection through the runtime.
    ///
    /// # Errors
    /// Any [`DbError`] of [`crate::provision`], [`crate::run_migrations`] or [`crate::connect`];
    /// [`DbError::Connect`] when `admin_url` is not a `postgres://` URL.
    pub async fn create(admin_url: &SecretString, migrations: EmbeddedMigrations) -> Result<Self, DbError> {
        let name = format!("test_{}", uuid::Uuid::new_v4().simple());
        let password = SecretString::from(uuid::Uuid::new_v4().simple().to_string());
        let cleanup = Cleanup(Target { admin_url: admin_url.clone(), schema: name.clone(), role: name.clone() });
        crate::provision(admin_url, &name, &name, &password).await?;
        let url = with_credentials(admin_url.expose_secret(), &name, password.expose_secret())
            .ok_or_else(|| DbError::connect("build the test role's URL", "the admin URL is not postgres://…"))?;
        let config = DbConfig { url: SecretString::from(url), schema: name.clone(), max_connections: TEST_POOL_SIZE };
        crate::run_migrations(&config, migrations).await?;
        let pool = crate::connect(&config).await?;
        Ok(Self { config, pool, schema: name.clone(), role: name, _cleanup: cleanup })
    }
}

/// `url` with its user and password replaced. Both are `[a-z0-9_]`, so need no percent-encoding.
fn with_credentials(url: &str, user: &str, password: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if scheme != "postgres" && scheme != "postgresql" {
        return None;
    }
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    let host = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
    Some(format!("{scheme}://{user}:{password}@{host}{tail}"))
}

/// Drops the schema and role when dropped.
struct Cleanup(Target);

/// What to drop. Kept apart from [`Cleanup`] so the copy moved into the cleanup thread has no
/// `Drop` of its own.
#[derive(Clone)]
struct Target {
    admin_url: SecretString,
    schema: String,
    role: String,
}

impl Target {
    async fn run(&self) -> Result<(), DbError> {
        sql::validate_name("schema", &self.schema)?;
        sql::validate_name("role", &self.role)?;
        let mut conn = AsyncPgConnection::establish(self.admin_url.expose_secret())
            .await
            .map_err(|e| DbError::connect("open the admin connection to clean up", e))?;
        let statement = format!(
            "DROP SCHEMA IF EXISTS {} CASCADE; DROP ROLE IF EXISTS {}",
            sql::ident(&self.schema),
            sql::ident(&self.role)
        );
        conn.batch_execute(&statement).await.map_err(DbError::query("drop the test schema and role"))
    }
}

impl Drop for Cleanup {
    fn drop(&mut self) {
        let cleanup = self.0.clone();
        let thread = std::thread::Builder::new().name("meguri-db-testdb-drop".to_owned()).spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build();
            match runtime {
                Ok(runtime) => runtime.block_on(cleanup.run()),
                Err(e) => Err(DbError::connect("start the cleanup runtime", e)),
            }
        });
        let outcome = match thread.map(std::thread::JoinHandle::join) {
            Ok(Ok(outcome)) => outcome,
            Ok(Err(_)) => Err(DbError::migration("clean up", "the cleanup thread panicked")),
            Err(e) => Err(DbError::connect("start the cleanup thread", e)),
        };
        if let Err(error) = outcome {
            eprintln!("meguri-db: could not drop test schema {}: {error:?}", self.0.schema);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::with_credentials;

    #[test]
    fn replaces_or_adds_the_credentials() {
        assert_eq!(
            with_credentials("postgres://postgres@127.0.0.1:5432/postgres", "r", "p").as_deref(),
            Some("postgres://r:p@127.0.0.1:5432/postgres")
        );
        assert_eq!(
            with_credentials("postgresql://a:b@c@db/x?sslmode=disable", "r", "p").as_deref(),
            Some("postgresql://r:p@db/x?sslmode=disable")
        );
        assert_eq!(with_credentials("postgres://db", "r", "p").as_deref(), Some("postgres://r:p@db"));
        assert_eq!(with_credentials("host=db user=x", "r", "p"), None);
    }
}
