//! social's rules: newtypes that parse once and pure functions, unit-tested inline. No I/O, no
//! proto types, no diesel rows (docs/service-shape.md).

mod compatibility;
mod friendship;
mod member;

pub use compatibility::{
    Analysis, CompatibilityStatus, Element, Elements, Factor, View, brings_text, brought_elements,
};
pub use friendship::{FriendshipState, Limits, Link, Pair, RequestStep, on_request};
pub use meguri_grpc_client::retry::{Failure, backoff};
pub use member::{Member, MemberProfile, SearchLimit, SearchQuery, username_key};

/// A request social refuses: each has its stable code (the gateway's table holds the Japanese).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Unknown, deleted, not yet known to social, or blocked either way: indistinguishable.
    #[error("member not found")]
    MemberNotFound,
    #[error("friend request not found")]
    FriendRequestNotFound,
    /// Not friends (a pending request is not a friendship either).
    #[error("friend not found")]
    FriendNotFound,
    #[error("cannot friend oneself")]
    CannotFriendSelf,
    #[error("cannot block oneself")]
    CannotBlockSelf,
    /// Empty after normalising, or longer than [`member::MAX_QUERY_CHARS`].
    #[error("invalid search query")]
    InvalidSearchQuery,
    #[error("already friends")]
    AlreadyFriends,
    /// Too many requests sent in the last 24 hours.
    #[error("friend request limit")]
    FriendRequestLimit,
    /// One of the two has as many friends as allowed.
    #[error("friend limit")]
    FriendLimit,
}

impl Refusal {
    /// The stable code (`x-meguri-code`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::MemberNotFound => "MEMBER_NOT_FOUND",
            Self::FriendRequestNotFound => "FRIEND_REQUEST_NOT_FOUND",
            Self::FriendNotFound => "FRIEND_NOT_FOUND",
            Self::CannotFriendSelf => "CANNOT_FRIEND_SELF",
            Self::CannotBlockSelf => "CANNOT_BLOCK_SELF",
            Self::InvalidSearchQuery => "INVALID_SEARCH_QUERY",
            Self::AlreadyFriends => "ALREADY_FRIENDS",
            Self::FriendRequestLimit => "FRIEND_REQUEST_LIMIT",
            Self::FriendLimit => "FRIEND_LIMIT",
        }
    }

    /// Every refusal, for the error table's test.
    pub const ALL: [Self; 9] = [
        Self::MemberNotFound,
        Self::FriendRequestNotFound,
        Self::FriendNotFound,
        Self::CannotFriendSelf,
        Self::CannotBlockSelf,
        Self::InvalidSearchQuery,
        Self::AlreadyFriends,
        Self::FriendRequestLimit,
        Self::FriendLimit,
    ];
}
