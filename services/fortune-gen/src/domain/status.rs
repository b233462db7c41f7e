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
}
