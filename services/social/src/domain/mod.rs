//! social's rules: newtypes that parse once and pure functions, unit-tested inline. No I/O, no
//! proto types, no diesel rows (docs/service-shape.md).

mod compatibility;
pub mod diary;
mod friendship;
mod member;

pub use compatibility::{Analysis, CompatibilityStatus, Elements, Factor, OwnChart, Reading, View, gift};
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
    /// Empty after trimming, or over 1,000 characters.
    #[error("invalid diary content")]
    InvalidDiaryContent,
    /// Not `YYYY-MM-DD`, or after the author's today.
    #[error("invalid diary date")]
    InvalidDiaryDate,
    /// A letter's delivery date missing, not after today or over ten years ahead; or one given
    /// for a plain entry (also `from` of the lucky-day search).
    #[error("invalid delivery date")]
    InvalidDeliveryDate,
    /// The idempotency id is not a UUID.
    #[error("invalid client id")]
    InvalidClientId,
    #[error("invalid cursor")]
    InvalidCursor,
    /// A page size over 50.
    #[error("invalid limit")]
    InvalidLimit,
    /// An offset outside the earth's zones.
    #[error("invalid timezone offset")]
    InvalidTimezoneOffset,
    /// Too many entries written in the last 24 hours.
    #[error("diary limit")]
    DiaryLimit,
    /// Unknown, not the caller's, or not readable by them: indistinguishable.
    #[error("diary entry not found")]
    DiaryEntryNotFound,
    /// A letter before its delivery cannot be edited.
    #[error("letter sealed")]
    LetterSealed,
    /// No 天赦日, 一粒万倍日 or 大安 in the window.
    #[error("lucky day not found")]
    LuckyDayNotFound,
    /// Unknown, or someone else's.
    #[error("mention not found")]
    MentionNotFound,
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
            Self::InvalidDiaryContent => "INVALID_DIARY_CONTENT",
            Self::InvalidDiaryDate => "INVALID_DIARY_DATE",
            Self::InvalidDeliveryDate => "INVALID_DELIVERY_DATE",
            Self::InvalidClientId => "INVALID_CLIENT_ID",
            Self::InvalidCursor => "INVALID_CURSOR",
            Self::InvalidLimit => "INVALID_LIMIT",
            Self::InvalidTimezoneOffset => meguri_tz::OutOfRange::CODE,
            Self::DiaryLimit => "DIARY_LIMIT",
            Self::DiaryEntryNotFound => "DIARY_ENTRY_NOT_FOUND",
            Self::LetterSealed => "LETTER_SEALED",
            Self::LuckyDayNotFound => "LUCKY_DAY_NOT_FOUND",
            Self::MentionNotFound => "MENTION_NOT_FOUND",
        }
    }

    /// Every refusal, for the error table's test.
    pub const ALL: [Self; 21] = [
        Self::MemberNotFound,
        Self::FriendRequestNotFound,
        Self::FriendNotFound,
        Self::CannotFriendSelf,
        Self::CannotBlockSelf,
        Self::InvalidSearchQuery,
        Self::AlreadyFriends,
        Self::FriendRequestLimit,
        Self::FriendLimit,
        Self::InvalidDiaryContent,
        Self::InvalidDiaryDate,
        Self::InvalidDeliveryDate,
        Self::InvalidClientId,
        Self::InvalidCursor,
        Self::InvalidLimit,
        Self::InvalidTimezoneOffset,
        Self::DiaryLimit,
        Self::DiaryEntryNotFound,
        Self::LetterSealed,
        Self::LuckyDayNotFound,
        Self::MentionNotFound,
    ];
}
