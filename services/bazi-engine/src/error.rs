//! The engine's errors: a stable code for programs and a Japanese message for people.

use chrono::NaiveDateTime;
use thiserror::Error;

/// Whether the clocks jumped over the entered time or passed it twice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockChange {
    /// The clocks went forward: the time never showed.
    Gap,
    /// The clocks went back: the time showed twice.
    Overlap,
}

impl ClockChange {
    pub fn key(self) -> &'static str {
        match self {
            ClockChange::Gap => "gap",
            ClockChange::Overlap => "overlap",
        }
    }
}

/// What one choice makes of a skipped or repeated time.
#[derive(Debug, Clone, PartialEq)]
pub struct DstOption {
    pub choice: crate::input::DstChoice,
    /// The birth instant.
    pub utc: NaiveDateTime,
    /// What the clocks showed at that instant.
    pub wall_clock: NaiveDateTime,
    /// The offset the entered time is read with, seconds east of UTC.
    pub offset_seconds: i32,
    /// That offset is summer time.
    pub summer_time: bool,
}

/// A local time a summer-time change skipped or repeated, with what each choice gives.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalTimeIssue {
    /// A Japanese sentence for a person.
    pub message: String,
    pub civil: NaiveDateTime,
    pub clock_change: ClockChange,
    /// Earlier, later and standard, in that order.
    pub options: Vec<DstOption>,
}

#[derive(Debug, Clone, PartialEq, Error)]
pub enum EngineError {
    /// The date is not a calendar date (e.g. 2月30日) or is malformed. Code INVALID_DATE.
    #[error("{0}")]
    InvalidDate(String),
    /// The date is outside 1900-01-01 ..= 2100-12-31. Code DATE_OUT_OF_RANGE.
    #[error("1900年1月1日から2100年12月31日までの日付を指定してください")]
    DateOutOfRange,
    /// The time is malformed or out of range. Code INVALID_TIME.
    #[error("時刻は 00:00〜23:59 の形式で指定してください")]
    InvalidTime,
    /// The local time falls in a summer-time gap and no choice was given. Code NONEXISTENT_LOCAL_TIME.
    #[error("{}", .0.message)]
    NonexistentLocalTime(Box<LocalTimeIssue>),
    /// The local time happens twice and no choice was given. Code AMBIGUOUS_LOCAL_TIME.
    #[error("{}", .0.message)]
    AmbiguousLocalTime(Box<LocalTimeIssue>),
    /// Not an IANA time zone name. Code UNKNOWN_TIME_ZONE.
    #[error("タイムゾーン「{0}」が見つかりません")]
    UnknownTimeZone(String),
    /// Longitude/latitude/offset out of range. Code INVALID_COORDINATES.
    #[error("{0}")]
    InvalidCoordinates(String),
    /// The place name matched nothing. Code PLACE_NOT_FOUND.
    #[error("場所「{0}」が見つかりません")]
    PlaceNotFound(String),
    /// Any other invalid field. Code INVALID_ARGUMENT.
    #[error("{0}")]
    InvalidArgument(String),
}

impl EngineError {
    /// The stable SNAKE_CASE code.
    pub fn code(&self) -> &'static str {
        match self {
            EngineError::InvalidDate(_) => "INVALID_DATE",
            EngineError::DateOutOfRange => "DATE_OUT_OF_RANGE",
            EngineError::InvalidTime => "INVALID_TIME",
            EngineError::NonexistentLocalTime(_) => "NONEXISTENT_LOCAL_TIME",
            EngineError::AmbiguousLocalTime(_) => "AMBIGUOUS_LOCAL_TIME",
            EngineError::UnknownTimeZone(_) => "UNKNOWN_TIME_ZONE",
            EngineError::InvalidCoordinates(_) => "INVALID_COORDINATES",
            EngineError::PlaceNotFound(_) => "PLACE_NOT_FOUND",
            EngineError::InvalidArgument(_) => "INVALID_ARGUMENT",
        }
    }
}
