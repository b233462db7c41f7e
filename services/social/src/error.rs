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
    /// NOT_FOUND MEMBER_NOT_FOUND / FRIEND_REQUEST_NOT_FOUND / FRIEND_NOT_FOUND /
    /// DIARY_ENTRY_NOT_FOUND / LUCKY_DAY_NOT_FOUND / MENTION_NOT_FOUND,
    /// INVALID_ARGUMENT CANNOT_FRIEND_SELF / CANNOT_BLOCK_SELF / INVALID_SEARCH_QUERY /
    /// INVALID_DIARY_CONTENT / INVALID_DIARY_DATE / INVALID_DELIVERY_DATE / INVALID_CLIENT_ID /
    /// INVALID_CURSOR / INVALID_LIMIT / INVALID_TIMEZONE_OFFSET,
    /// ALREADY_EXISTS ALREADY_FRIENDS, RESOURCE_EXHAUSTED FRIEND_REQUEST_LIMIT / FRIEND_LIMIT /
    /// DIARY_LIMIT, FAILED_PRECONDITION LETTER_SEALED.
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
    /// UNAVAILABLE SERVICE_UNAVAILABLE: a peer the answer needs did not answer (bazi-engine for
    /// the lucky day).
    #[error("{0} did not answer")]
    PeerUnavailable(&'static str),
    /// INTERNAL INTERNAL_ERROR: anything else, logged with its cause chain. UNAVAILABLE
    /// SERVICE_UNAVAILABLE when it is a database outage (`meguri_db::is_unavailable`).
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

fn grpc_code(refusal: Refusal) -> Code {
    match refusal {
        Refusal::MemberNotFound
        | Refusal::FriendRequestNotFound
        | Refusal::FriendNotFound
        | Refusal::DiaryEntryNotFound
        | Refusal::LuckyDayNotFound
        | Refusal::MentionNotFound => Code::NotFound,
        Refusal::CannotFriendSelf
        | Refusal::CannotBlockSelf
        | Refusal::InvalidSearchQuery
        | Refusal::InvalidDiaryContent
        | Refusal::InvalidDiaryDate
        | Refusal::InvalidDeliveryDate
        | Refusal::InvalidClientId
        | Refusal::InvalidCursor
        | Refusal::InvalidLimit
        | Refusal::InvalidTimezoneOffset => Code::InvalidArgument,
        Refusal::AlreadyFriends => Code::AlreadyExists,
        Refusal::FriendRequestLimit | Refusal::FriendLimit | Refusal::DiaryLimit => Code::ResourceExhausted,
        Refusal::LetterSealed => Code::FailedPrecondition,
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
        Refusal::InvalidDiaryContent => "invalid diary content",
        Refusal::InvalidDiaryDate => "invalid diary date",
        Refusal::InvalidDeliveryDate => "invalid delivery date",
        Refusal::InvalidClientId => "invalid client id",
        Refusal::InvalidCursor => "invalid cursor",
        Refusal::InvalidLimit => "invalid limit",
        Refusal::InvalidTimezoneOffset => "invalid timezone offset",
        Refusal::DiaryLimit => "diary limit reached",
        Refusal::DiaryEntryNotFound => "diary entry not found",
        Refusal::LetterSealed => "letter sealed until delivery",
        Refusal::LuckyDayNotFound => "no lucky day in the window",
        Refusal::MentionNotFound => "mention not found",
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
            Self::PeerUnavailable(peer) => Failure::PeerUnavailable(peer),
            Self::Unexpected(e) => Failure::Unexpected(e.as_ref()),
        }
    }
}

meguri_status::service_error!(
    Error,
    log: "social",
    outage: meguri_db::is_unavailable,
    unexpected_from: [diesel::result::Error, meguri_db::DbError],
);

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
            Error::PeerUnavailable("bazi-engine"),
            Error::Unexpected(anyhow::anyhow!("boom")),
        ]);
        for error in &all {
            // A new variant fails to compile here until it is added above.
            match error {
                Error::Refused(_)
                | Error::NotAUser
                | Error::PermissionDenied
                | Error::CallerNotKnownYet
                | Error::PeerUnavailable(_)
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
        assert_eq!(status(Refusal::DiaryLimit).code(), Code::ResourceExhausted);
        assert_eq!(status(Refusal::LetterSealed).code(), Code::FailedPrecondition);
        assert_eq!(status(Refusal::DiaryEntryNotFound).code(), Code::NotFound);
        assert_eq!(status(Refusal::InvalidCursor).code(), Code::InvalidArgument);
        assert_eq!(meguri_status::code_of(&status(Refusal::InvalidTimezoneOffset)), Some("INVALID_TIMEZONE_OFFSET"));
        assert_eq!(meguri_status::code_of(&status(Refusal::FriendRequestLimit)), Some("FRIEND_REQUEST_LIMIT"));
        let internal = Status::from(Error::Unexpected(anyhow::anyhow!("secret detail")));
        assert!(!internal.message().contains("secret"));
    }
}
