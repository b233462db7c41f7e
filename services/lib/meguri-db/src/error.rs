//! What can go wrong talking to PostgreSQL.

/// A boxed error from the pool or the migration harness.
pub type BoxError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// The errors of this crate. None carries a password: URLs are never part of a message, and SQL
/// holding a password is never attached as context.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// A schema or role name that is not `^[a-z_][a-z0-9_]{0,62}$`; refused before any SQL runs.
    #[error("invalid {kind} name {name:?}: expected 1-63 characters of [a-z0-9_], not starting with a digit")]
    InvalidName {
        /// `schema` or `role`.
        kind: &'static str,
        /// The refused name.
        name: String,
    },
    /// No connection could be opened, or the pool gave none in time.
    #[error("{context}: cannot get a database connection")]
    Connect {
        /// What we were doing.
        context: String,
        /// The driver's or the pool's error.
        #[source]
        source: BoxError,
    },
    /// A statement failed.
    #[error("{context}: query failed")]
    Query {
        /// What we were doing.
        context: String,
        /// diesel's error (for a database error, the server's message and SQLSTATE class).
        #[source]
        source: diesel::result::Error,
    },
    /// The migrations could not be run.
    #[error("{context}: migration failed")]
    Migration {
        /// What we were doing.
        context: String,
        /// The harness's error.
        #[source]
        source: BoxError,
    },
}

impl DbError {
    pub(crate) fn connect(context: impl Into<String>, source: impl Into<BoxError>) -> Self {
        Self::Connect { context: context.into(), source: source.into() }
    }

    pub(crate) fn query(context: impl Into<String>) -> impl FnOnce(diesel::result::Error) -> Self {
        let context = context.into();
        move |source| Self::Query { context, source }
    }

    pub(crate) fn migration(context: impl Into<String>, source: impl Into<BoxError>) -> Self {
        Self::Migration { context: context.into(), source: source.into() }
    }
}
