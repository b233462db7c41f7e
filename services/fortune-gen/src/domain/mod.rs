//! fortune-gen's rules: pure functions and parsed values, unit-tested here. No I/O, no proto types.

pub mod content;
pub mod day_info;
pub mod friend_updates;
pub mod llm_output;
pub mod rating;
pub mod status;

pub use content::{content_hash, daily_seed, input_fingerprint};
pub use day_info::{
    DayItem, PERSONAL_CLASH, PERSONAL_HARMONY, PERSONAL_KONG_WANG, PERSONAL_SUPPORT, order_day_items, personal_marks,
};
pub use meguri_grpc_client::retry::{Failure, backoff};
pub use meguri_tz::TimezoneOffset;
pub use rating::{Feedback, FortuneType, NewRating, RatingValue};
pub use status::{ChartStatus, ReportStatus};

/// A rule broken by the caller's input; each has its stable code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    #[error("timezone offset out of range")]
    TimezoneOffset,
    #[error("unknown fortune type")]
    FortuneType,
    #[error("content hash empty or too long")]
    ContentHash,
    #[error("rating is neither positive nor negative")]
    Rating,
    #[error("feedback too long")]
    FeedbackTooLong,
    #[error("context is not a JSON object of at most 4 KiB")]
    Context,
    #[error("limit out of range")]
    Limit,
}

impl From<meguri_tz::OutOfRange> for Invalid {
    fn from(_: meguri_tz::OutOfRange) -> Self {
        Self::TimezoneOffset
    }
}

impl Invalid {
    /// The stable code (`x-meguri-code`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::TimezoneOffset => meguri_tz::OutOfRange::CODE,
            Self::FortuneType => "INVALID_FORTUNE_TYPE",
            Self::ContentHash => "INVALID_CONTENT_HASH",
            Self::Rating => "INVALID_RATING",
            Self::FeedbackTooLong => "FEEDBACK_TOO_LONG",
            Self::Context => "INVALID_CONTEXT",
            Self::Limit => "INVALID_LIMIT",
        }
    }
}
