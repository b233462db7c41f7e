//! The `provision` and `migrate` subcommands every schema-owning service binary offers, so a deploy
//! job (or `make dev`) can prepare the database before the service starts:
//!
//! - `<service> provision` — with `DATABASE_ADMIN_URL` (a role allowed to create roles), creates or
//!   updates the service's role and schema, the role's name and password taken from `DATABASE_URL`;
//! - `<service> migrate` — runs the pending migrations as the service's role (`DATABASE_URL`).

use diesel_migrations::EmbeddedMigrations;
use secrecy::{ExposeSecret as _, SecretString};

use crate::{DbConfig, DbError};

/// A database subcommand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Provision,
    Migrate,
}

impl Command {
    /// The subcommand named by the first command-line argument, if any.
    #[must_use]
    pub fn from_args() -> Option<Self> {
        Self::parse(std::env::args().nth(1).as_deref())
    }

    #[must_use]
    pub fn parse(arg: Option<&str>) -> Option<Self> {
        match arg {
            Some("provision") => Some(Self::Provision),
            Some("migrate") => Some(Self::Migrate),
            _ => None,
        }
    }

    /// Runs the subcommand for the service owning `schema`.
    ///
    /// # Errors
    /// Missing or invalid variables (all listed), or the database step failing.
    pub async fn run(self, schema: &str, migrations: EmbeddedMigrations) -> Result<(), CommandError> {
        let config = DbConfig::from_env(schema).map_err(CommandError::Config)?;
        match self {
            Self::Migrate => {
                let applied = crate::run_migrations(&config, migrations).await?;
                tracing::info!(name: "db.migrated", schema, applied = applied.len(), "migrations up to date");
            }
            Self::Provision => {
                let admin = std::env::var("DATABASE_ADMIN_URL")
                    .ok()
                    .filter(|v| !v.trim().is_empty())
                    .ok_or_else(|| CommandError::Config(vec!["DATABASE_ADMIN_URL (missing)".to_owned()]))?;
                let (role, password) = credentials(config.url.expose_secret()).ok_or_else(|| {
                    CommandError::Config(vec!["DATABASE_URL (expected postgres://role:password@host/db)".to_owned()])
                })?;
                crate::provision(&SecretString::from(admin), schema, &role, &SecretString::from(password)).await?;
            }
        }
        Ok(())
    }
}

/// Why a subcommand failed.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    #[error("invalid configuration: {}", .0.join(", "))]
    Config(Vec<String>),
    #[error(transparent)]
    Db(#[from] DbError),
}

/// The user and password of a `postgres://user:password@host/db` URL. Percent-encoded characters
/// are decoded (a generated password may contain them).
fn credentials(url: &str) -> Option<(String, String)> {
    let rest = url.split_once("://")?.1;
    let authority = &rest[..rest.find(['/', '?']).unwrap_or(rest.len())];
    let (userinfo, _) = authority.rsplit_once('@')?;
    let (user, password) = userinfo.split_once(':')?;
    Some((percent_decode(user)?, percent_decode(password)?))
}

fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_come_from_the_url_userinfo() {
        assert_eq!(
            credentials("postgres://identity:s3cr%40t@127.0.0.1:5432/postgres"),
            Some(("identity".to_owned(), "s3cr@t".to_owned()))
        );
        assert_eq!(credentials("postgres://127.0.0.1/postgres"), None);
        assert_eq!(credentials("postgres://identity@127.0.0.1/postgres"), None);
    }

    #[test]
    fn only_the_two_subcommands_are_recognised() {
        assert_eq!(Command::parse(Some("migrate")), Some(Command::Migrate));
        assert_eq!(Command::parse(Some("provision")), Some(Command::Provision));
        assert_eq!(Command::parse(Some("serve")), None);
        assert_eq!(Command::parse(None), None);
    }
}
