//! social's errors: the cases a caller can act on, each with its gRPC code and stable code
//! (`x-meguri-code`), plus one catch-all that is logged and never shown. The mapping to a status is
//! meguri-status's, once for every service; this file only lists the table.

use meguri_status::{Failure, ServiceError};
use tonic::Code;

use crate::domain::Refusal;

/// Every stable code social can send (checked below, and by the gateway against its Japanese
/// table).
pub const CODES: &[&str] = meguri_status::codes::SOCIAL;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The request is refused by a rule; each [`Refusal`] has its code:
    /// NOT_FOUND MEMBER_NOT_FOUND / FRIEND_REQUEST_NOT_FOUND / FRIEND_NOT_FOUND,
    /// INVALID_ARGUMENT CANNOT_FRIEND_SELF / CANNOT_BLOCK_SELF / INVALID_SEARCH_QUERY,
    /// ALREADY_EXISTS ALREADY_FRIENDS, RESOURCE_EXHAUSTED FRIEND_REQUEST_LIMIT / FRIEND_LIMIT.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// UNAUTHENTICATED UNAUTHENTICATED: a user-scoped call without a user token (or no token).
    #[error("not called for a user")]
    NotAUser,
    /// PERMISSION_DENIED PERMISSION_DENIED: a service-only call (ListFriendsOf) with another role.
    #[error("service token required")]
    PermissionDenied,
    /// UNAVAILABLE SERVICE_UNAVAILABLE: the caller is not in social's member read model yet (its
    /// verification event is still on its way), so a request could not name its sender.
    #[error("the caller is not known yet")]
    CallerNotKnownYet,
    /// INTERNAL INTERNAL_ERROR: anything else, logged with its cause chain. UNAVAILABLE
    /// SERVICE_UNAVAILABLE when it is a database outage (`meguri_db::is_unavailable`).
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<diesel::result::Error> for Error {
    fn from(error: diesel::result::Error) -> Self {
        Self::Unexpected(anyhow::Error::new(error))
    }
}

impl From<meguri_db::DbError> for Error {
    fn from(error: meguri_db::DbError) -> Self {
        Self::Unexpected(error.into())
    }
}

fn grpc_code(refusal: Refusal) -> Code {
    match refusal {
        Refusal::MemberNotFound | Refusal::FriendRequestNotFound | Refusal::FriendNotFound => Code::NotFound,
        Refusal::CannotFriendSelf | Refusal::CannotBlockSelf | Refusal::InvalidSearchQuery => Code::InvalidArgument,
        Refusal::AlreadyFriends => Code::AlreadyExists,
        Refusal::FriendRequestLimit | Refusal::FriendLimit => Code::ResourceExhausted,
    }
}

fn log_message(refusal: Refusal) -> &'static str {
    match refusal {
        Refusal::MemberNotFound => "member not found",
        Refusal::FriendRequestNotFound => "friend request not found",
        Refusal::FriendNotFound => "friend not found",
        Refusal::CannotFriendSelf => "cannot friend oneself",
        Refusal::CannotBlockSelf => "cannot block oneself",
        Refusal::InvalidSearchQuery => "invalid search query",
        Refusal::AlreadyFriends => "already friends",
        Refusal::FriendRequestLimit => "friend request limit reached",
        Refusal::FriendLimit => "friend limit reached",
    }
}

impl ServiceError for Error {
    fn failure(&self) -> Failure<'_> {
        match self {
            Self::Refused(r) => Failure::Known(grpc_code(*r), r.code(), log_message(*r)),
            Self::NotAUser => Failure::Known(Code::Unauthenticated, "UNAUTHENTICATED", "not called for a user"),
            Self::PermissionDenied => {
                Failure::Known(Code::PermissionDenied, "PERMISSION_DENIED", "service token required")
            }
            Self::CallerNotKnownYet => Failure::PeerUnavailable("social member read model"),
            Self::Unexpected(e) => Failure::Unexpected(e.as_ref()),
        }
    }
}

meguri_status::service_error!(Error, log: "social", outage: meguri_db::is_unavailable);

#[cfg(test)]
mod tests {
    use tonic::Status;

    use super::*;

    #[test]
    fn every_code_the_service_sends_is_in_its_list() {
        let mut all: Vec<Error> = Refusal::ALL.iter().map(|r| Error::Refused(*r)).collect();
        all.extend([
            Error::NotAUser,
            Error::PermissionDenied,
            Error::CallerNotKnownYet,
            Error::Unexpected(anyhow::anyhow!("boom")),
        ]);
        for error in &all {
            // A new variant fails to compile here until it is added above.
            match error {
                Error::Refused(_)
                | Error::NotAUser
                | Error::PermissionDenied
                | Error::CallerNotKnownYet
                | Error::Unexpected(_) => {}
            }
        }
        meguri_status::assert_listed(all, CODES);
    }

    #[test]
    fn refusals_carry_the_contracts_grpc_codes() {
        let status = |r| Status::from(Error::Refused(r));
        assert_eq!(status(Refusal::MemberNotFound).code(), Code::NotFound);
        assert_eq!(status(Refusal::InvalidSearchQuery).code(), Code::InvalidArgument);
        assert_eq!(status(Refusal::AlreadyFriends).code(), Code::AlreadyExists);
        assert_eq!(status(Refusal::FriendLimit).code(), Code::ResourceExhausted);
        assert_eq!(meguri_status::code_of(&status(Refusal::FriendRequestLimit)), Some("FRIEND_REQUEST_LIMIT"));
        let internal = Status::from(Error::Unexpected(anyhow::anyhow!("secret detail")));
        assert!(!internal.message().contains("secret"));
    }
}
