//! The states of a chart and of a report.

/// A chart's state (the spec's baziChartStatus). pending: not built yet, or no birth date;
/// generating: being computed; ready; failed: the last build failed (retried by itself when the
/// failure was transient).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChartStatus {
    Pending,
    Generating,
    Ready,
    Failed,
}

impl ChartStatus {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Generating => "generating",
            Self::Ready => "ready",
            Self::Failed => "failed",
        }
    }

    /// The status a caller reads whose birth data changed just now, perhaps before this service
    /// read `identity.birth_data_changed`: a ready or failed chart belongs to the old data and will
    /// be rebuilt, so it is `pending`; a build under way is `generating` either way.
    #[must_use]
    pub const fn after_birth_change(self, birth_data_changed: bool) -> Self {
        match self {
            Self::Ready | Self::Failed if birth_data_changed => Self::Pending,
            other => other,
        }
    }

    #[must_use]
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "pending" => Some(Self::Pending),
            "generating" => Some(Self::Generating),
            "ready" => Some(Self::Ready),
            "failed" => Some(Self::Failed),
            _ => None,
        }
    }
}

/// A yearly or life report's state: generating (poll again), ready, failed (asking again retries).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportStatus {
    Generating,
    Ready,
    Failed,
}

impl ReportStatus {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Generating => "generating",
            Self::Ready => "ready",
            Self::Failed => "failed",
        }
    }

    #[must_use]
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "generating" => Some(Self::Generating),
            "ready" => Some(Self::Ready),
            "failed" => Some(Self::Failed),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_round_trip_through_their_stored_names() {
        for s in [ChartStatus::Pending, ChartStatus::Generating, ChartStatus::Ready, ChartStatus::Failed] {
            assert_eq!(ChartStatus::parse(s.as_str()), Some(s));
        }
        for s in [ReportStatus::Generating, ReportStatus::Ready, ReportStatus::Failed] {
            assert_eq!(ReportStatus::parse(s.as_str()), Some(s));
        }
        assert_eq!(ChartStatus::parse("done"), None);
    }

    #[test]
    fn a_birth_change_makes_a_built_or_failed_chart_pending_and_leaves_a_build_under_way() {
        use ChartStatus::{Failed, Generating, Pending, Ready};
        for (stored, changed, answered) in [
            (Ready, true, Pending),
            (Failed, true, Pending),
            (Generating, true, Generating),
            (Pending, true, Pending),
            (Ready, false, Ready),
            (Failed, false, Failed),
            (Generating, false, Generating),
            (Pending, false, Pending),
        ] {
            assert_eq!(stored.after_birth_change(changed), answered, "{stored:?}, changed: {changed}");
        }
    }
}
