//! fortune-gen's errors: the cases a caller can act on, each with its gRPC status, its stable code
//! (`x-meguri-code`) and a Japanese message for a person (the status message; it never carries
//! internal detail), plus one catch-all that is logged and never shown.

use tonic::Status;

use crate::domain::Invalid;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// INVALID_ARGUMENT, the rule's own code (INVALID_TIMEZONE_OFFSET, INVALID_FORTUNE_TYPE, …).
    #[error("invalid input: {0}")]
    Invalid(#[from] Invalid),
    /// FAILED_PRECONDITION CHART_NOT_READY: the chart is not built (yet).
    #[error("chart not ready")]
    ChartNotReady,
    /// FAILED_PRECONDITION PROFILE_INCOMPLETE: identity has no birth date for the user.
    #[error("no birth date")]
    ProfileIncomplete,
    /// NOT_FOUND RATING_NOT_FOUND: no rating of that content by the caller.
    #[error("rating not found")]
    RatingNotFound,
    /// UNAVAILABLE TEMPORARILY_UNAVAILABLE: bazi-engine (or identity) did not answer in time.
    #[error("a dependency is unavailable: {0}")]
    Unavailable(String),
    /// UNAUTHENTICATED: a user-scoped call without a user token.
    #[error("not called for a user")]
    NotAUser,
    /// PERMISSION_DENIED: an admin-only call without an admin token.
    #[error("admin token required")]
    PermissionDenied,
    /// INTERNAL: anything else; logged with its cause chain.
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

impl Error {
    /// The stable code.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::Invalid(invalid) => invalid.code(),
            Self::ChartNotReady => "CHART_NOT_READY",
            Self::ProfileIncomplete => "PROFILE_INCOMPLETE",
            Self::RatingNotFound => "RATING_NOT_FOUND",
            Self::Unavailable(_) => "TEMPORARILY_UNAVAILABLE",
            Self::NotAUser => "UNAUTHENTICATED",
            Self::PermissionDenied => "PERMISSION_DENIED",
            Self::Unexpected(_) => "INTERNAL_ERROR",
        }
    }

    /// What a person is told.
    #[must_use]
    pub fn message(&self) -> &'static str {
        match self {
            Self::Invalid(invalid) => invalid.message(),
            Self::ChartNotReady => "命式を準備しています。しばらくしてからもう一度お試しください",
            Self::ProfileIncomplete => "生年月日が登録されていません。プロフィールから登録してください",
            Self::RatingNotFound => "評価が見つかりません",
            Self::Unavailable(_) => "ただいま占いを読み込めません。しばらくしてからもう一度お試しください",
            Self::NotAUser => "ログインが必要です",
            Self::PermissionDenied => "この操作を行う権限がありません",
            Self::Unexpected(_) => "エラーが発生しました。しばらくしてからもう一度お試しください",
        }
    }
}

impl From<Error> for Status {
    fn from(error: Error) -> Self {
        let (code, message) = (error.code(), error.message());
        let mut status = match &error {
            Error::Invalid(_) => Status::invalid_argument(message),
            Error::ChartNotReady | Error::ProfileIncomplete => Status::failed_precondition(message),
            Error::RatingNotFound => Status::not_found(message),
            Error::Unavailable(what) => {
                tracing::warn!(name: "fortune_gen.dependency.unavailable", dependency = %what, "a dependency did not answer");
                Status::unavailable(message)
            }
            Error::NotAUser => Status::unauthenticated(message),
            Error::PermissionDenied => Status::permission_denied(message),
            Error::Unexpected(e) if meguri_db::is_unavailable(e.as_ref()) => {
                tracing::warn!(name: "fortune_gen.database.unavailable", cause_chain = ?e, "the database did not answer");
                let mut status = Status::unavailable("database unavailable");
                status
                    .metadata_mut()
                    .insert("x-meguri-code", tonic::metadata::MetadataValue::from_static("SERVICE_UNAVAILABLE"));
                return status;
            }
            Error::Unexpected(e) => {
                tracing::error!(name: "fortune_gen.unexpected", cause_chain = ?e, "unexpected error");
                return Status::internal("internal error");
            }
        };
        if let Ok(value) = code.parse() {
            status.metadata_mut().insert("x-meguri-code", value);
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_carries_the_code_and_the_japanese_message() {
        let status = Status::from(Error::ChartNotReady);
        assert_eq!(status.code(), tonic::Code::FailedPrecondition);
        assert_eq!(status.message(), "命式を準備しています。しばらくしてからもう一度お試しください");
        assert_eq!(status.metadata().get("x-meguri-code").and_then(|v| v.to_str().ok()), Some("CHART_NOT_READY"));
        let status = Status::from(Error::Invalid(Invalid::TimezoneOffset));
        assert_eq!(status.code(), tonic::Code::InvalidArgument);
        assert_eq!(
            status.metadata().get("x-meguri-code").and_then(|v| v.to_str().ok()),
            Some("INVALID_TIMEZONE_OFFSET")
        );
    }

    #[test]
    fn an_unexpected_error_says_nothing_of_its_cause() {
        let status = Status::from(Error::Unexpected(anyhow::anyhow!("password=hunter2 at db:5432")));
        assert_eq!(status.code(), tonic::Code::Internal);
        assert_eq!(status.message(), "internal error");
        assert!(status.metadata().get("x-meguri-code").is_none());
    }
}
