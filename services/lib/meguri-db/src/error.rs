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

/// Whether `error` (or anything in its source chain) says the database could not be reached — no
/// connection from the pool in time, a connection that could not be opened or was closed under a
/// query — rather than that a statement was wrong. Services answer such a failure `UNAVAILABLE`
/// (the gateway's 503, which a client may retry), never `INTERNAL`.
#[must_use]
pub fn is_unavailable(error: &(dyn std::error::Error + 'static)) -> bool {
    std::iter::successors(Some(error), |e| e.source()).any(|e| {
        e.is::<diesel_async::pooled_connection::deadpool::PoolError>()
            || e.is::<diesel_async::pooled_connection::PoolError>()
            || e.is::<diesel::ConnectionError>()
            || matches!(e.downcast_ref::<DbError>(), Some(DbError::Connect { .. }))
            || matches!(
                e.downcast_ref::<diesel::result::Error>(),
                Some(
                    diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::ClosedConnection, _)
                        | diesel::result::Error::BrokenTransactionManager
                )
            )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pool_timeout_or_a_closed_connection_is_unavailable_a_bad_statement_is_not() {
        let timeout =
            diesel_async::pooled_connection::deadpool::PoolError::Timeout(deadpool::managed::TimeoutType::Wait);
        let closed = diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::ClosedConnection,
            Box::new("server closed the connection".to_owned()),
        );
        let wrong = diesel::result::Error::NotFound;
        let connect = DbError::connect("open", "connection refused");
        let wrapped = DbError::query("load user")(closed);

        assert!(is_unavailable(&timeout));
        assert!(is_unavailable(&connect));
        assert!(is_unavailable(&wrapped), "found through the source chain");
        assert!(!is_unavailable(&wrong));
        assert!(!is_unavailable(&DbError::query("load user")(diesel::result::Error::NotFound)));
    }
}
