//! The notify errors, mapped to gRPC once. The stable code travels in `x-meguri-code`.

use tonic::{Code, Status};

/// The metadata key of the stable code.
pub const CODE_METADATA: &str = "x-meguri-code";

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// `PermissionDenied`, `PERMISSION_DENIED`: preferences belong to a signed-in user; visitors,
    /// admins and services have none.
    #[error("permission denied")]
    PermissionDenied,
    /// `Unauthenticated`, `UNAUTHENTICATED`: no verified claims on the call.
    #[error("unauthenticated")]
    Unauthenticated,
    /// `Internal`: logged with its cause chain, never sent.
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl Error {
    /// A diesel error with what we were doing.
    pub fn db(context: &'static str) -> impl FnOnce(diesel::result::Error) -> Self {
        move |error| Self::Unexpected(anyhow::Error::new(error).context(context))
    }
}

/// Needed by diesel-async's `transaction`; queries inside map their errors with [`Error::db`].
impl From<diesel::result::Error> for Error {
    fn from(error: diesel::result::Error) -> Self {
        Self::db("transaction")(error)
    }
}

impl From<Error> for Status {
    fn from(error: Error) -> Self {
        let (code, stable, message) = match &error {
            Error::PermissionDenied => (Code::PermissionDenied, "PERMISSION_DENIED", "permission denied"),
            Error::Unauthenticated => (Code::Unauthenticated, "UNAUTHENTICATED", "unauthenticated"),
            Error::Unexpected(e) if meguri_db::is_unavailable(e.as_ref()) => {
                tracing::warn!(name: "notify.database.unavailable", cause_chain = ?e, "the database did not answer");
                (Code::Unavailable, "SERVICE_UNAVAILABLE", "database unavailable")
            }
            Error::Unexpected(e) => {
                tracing::error!(name: "notify.unexpected", grpc_code = "Internal", error.cause_chain = ?e, "notify.unexpected: unexpected error");
                (Code::Internal, "INTERNAL", "internal error")
            }
        };
        let mut status = Status::new(code, message);
        if let Ok(value) = stable.parse() {
            status.metadata_mut().insert(CODE_METADATA, value);
        }
        status
    }
}
