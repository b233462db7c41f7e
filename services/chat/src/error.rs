//! chat's errors: the cases a caller can act on, each with its gRPC code and stable code
//! (`x-meguri-code`), plus one catch-all that is logged and never shown. The mapping to a status is
//! meguri-status's, once for every service; this file only lists the table.

use meguri_status::{Failure, ServiceError};
use tonic::Code;

/// Every stable code chat can send (checked below, and by the gateway against its Japanese
/// table).
pub const CODES: &[&str] = meguri_status::codes::CHAT;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// UNAUTHENTICATED UNAUTHENTICATED: no verified claims on the call.
    #[error("unauthenticated")]
    Unauthenticated,
    /// INTERNAL INTERNAL_ERROR: anything else, logged with its cause chain. UNAVAILABLE
    /// SERVICE_UNAVAILABLE when it is a database outage (`meguri_db::is_unavailable`).
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl ServiceError for Error {
    fn failure(&self) -> Failure<'_> {
        match self {
            Self::Unauthenticated => Failure::Known(Code::Unauthenticated, "UNAUTHENTICATED", "unauthenticated"),
            Self::Unexpected(e) => Failure::Unexpected(e.as_ref()),
        }
    }
}

meguri_status::service_error!(
    Error,
    log: "chat",
    outage: meguri_db::is_unavailable,
    unexpected_from: [diesel::result::Error, meguri_db::DbError],
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_the_service_sends_is_in_its_list() {
        let all = [Error::Unauthenticated, Error::Unexpected(anyhow::anyhow!("boom"))];
        for error in &all {
            // A new variant fails to compile here until it is added above.
            match error {
                Error::Unauthenticated | Error::Unexpected(_) => {}
            }
        }
        meguri_status::assert_listed(all, CODES);
    }
}
