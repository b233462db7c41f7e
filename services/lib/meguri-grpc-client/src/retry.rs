//! Retrying a failed call later (a chart build, a compatibility, a mail recipient): how long to
//! wait after each failure, and which failures are worth trying again. Shared by every service
//! that keeps failed work and tries it again in the background.

use std::time::Duration;

/// The longest wait between two tries.
pub const MAX_BACKOFF: Duration = Duration::from_secs(3600);

/// The wait after the `attempts`-th failed try (1 = the first failure): `base · 2^(attempts−1)`,
/// capped at [`MAX_BACKOFF`]. With the default base of 5 s: 5 s, 10 s, 20 s, … 1 h from the 11th
/// failure on.
#[must_use]
pub fn backoff(base: Duration, attempts: u32) -> Duration {
    let exponent = attempts.saturating_sub(1).min(31);
    base.saturating_mul(1_u32 << exponent).min(MAX_BACKOFF)
}

/// Why a call to another service failed, as far as retrying goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Worth trying again later (the peer was down, slow or overloaded).
    pub transient: bool,
    /// A short fixed text for admins and logs: the peer and the gRPC code, never personal data.
    pub description: String,
}

impl Failure {
    /// Classifies a failed call to `peer` by its gRPC code: Unavailable, DeadlineExceeded,
    /// ResourceExhausted, Aborted, Cancelled, Unknown and Internal may pass; anything else
    /// (InvalidArgument, NotFound, FailedPrecondition, PermissionDenied, Unauthenticated,
    /// Unimplemented, …) will fail again the same way.
    #[must_use]
    pub fn of_code(peer: &str, code: tonic::Code) -> Self {
        use tonic::Code as C;
        let transient = matches!(
            code,
            C::Unavailable
                | C::DeadlineExceeded
                | C::ResourceExhausted
                | C::Aborted
                | C::Cancelled
                | C::Unknown
                | C::Internal
        );
        Self { transient, description: format!("{peer}: {}", meguri_telemetry::grpc_code_label(code)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_from_the_base_and_stops_at_an_hour() {
        let base = Duration::from_secs(5);
        let waits: Vec<u64> = (1..=5).map(|n| backoff(base, n).as_secs()).collect();
        assert_eq!(waits, [5, 10, 20, 40, 80]);
        assert_eq!(backoff(base, 11), MAX_BACKOFF);
        assert_eq!(backoff(base, 500), MAX_BACKOFF);
        assert_eq!(backoff(base, 0), base);
    }

    #[test]
    fn only_passing_troubles_are_retried() {
        assert!(Failure::of_code("bazi-engine", tonic::Code::Unavailable).transient);
        assert!(Failure::of_code("bazi-engine", tonic::Code::DeadlineExceeded).transient);
        assert!(!Failure::of_code("bazi-engine", tonic::Code::InvalidArgument).transient);
        assert!(!Failure::of_code("identity", tonic::Code::PermissionDenied).transient);
        assert_eq!(Failure::of_code("identity", tonic::Code::Unavailable).description, "identity: Unavailable");
    }
}
