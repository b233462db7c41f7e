//! The compatibility worker: takes accepted friendships whose compatibility is due (`FOR UPDATE
//! SKIP LOCKED`, with a lease), asks identity for both births and bazi-engine for both charts,
//! reads each side against the other's face only ([`Analysis::between`]), and stores the result
//! (never the births or charts). A peer that
//! does not answer leaves it pending, tried again with backoff.

use tokio::sync::watch;

use super::Social;
use crate::db::friendships::{self, Claim, Outcome};
use crate::domain::{Analysis, backoff};
use crate::error::Error;
use crate::peers::{Birth, PeerError};

/// Compatibilities taken per round.
const BATCH: i64 = 16;

fn later(now: chrono::DateTime<chrono::Utc>, by: std::time::Duration) -> chrono::DateTime<chrono::Utc> {
    now + chrono::Duration::from_std(by).unwrap_or(chrono::Duration::MAX)
}

impl Social {
    /// One round: computes every due compatibility (up to a batch). Returns how many were taken.
    ///
    /// # Errors
    /// The database.
    pub async fn compute_due_compatibilities(&self) -> Result<usize, Error> {
        let now = self.clock.now();
        let claims = {
            let mut conn = self.conn().await?;
            friendships::claim_due(&mut conn, now, later(now, self.timings.compatibility_lease), BATCH).await?
        };
        let count = claims.len();
        for claim in claims {
            let outcome = self.compute(claim).await;
            let label = match &outcome {
                Outcome::Ready { .. } => "ready",
                Outcome::Unavailable => "unavailable",
                Outcome::Failed => "failed",
                Outcome::Retry { .. } => "retry",
            };
            let mut conn = self.conn().await?;
            let recorded = friendships::finish(&mut conn, claim, outcome, self.clock.now()).await?;
            crate::metrics::compatibility(label);
            tracing::info!(
                name: "social.compatibility.computed",
                outcome = label,
                recorded,
                attempts = claim.attempts + 1,
            );
        }
        Ok(count)
    }

    async fn compute(&self, claim: Claim) -> Outcome {
        let retry_or_fail = |error: PeerError| {
            tracing::warn!(name: "social.compatibility.peer_failed", error = %error, transient = error.failure.transient);
            if error.failure.transient {
                let attempts = u32::try_from(claim.attempts + 1).unwrap_or(u32::MAX);
                Outcome::Retry { at: later(self.clock.now(), backoff(self.timings.compatibility_retry_base, attempts)) }
            } else {
                Outcome::Failed
            }
        };
        let (low, high) = (claim.pair.low(), claim.pair.high());
        let low_birth = match self.peers.birth(low).await {
            Ok(Birth::Known(b)) => b,
            Ok(Birth::NoBirthDate | Birth::Gone) => return Outcome::Unavailable,
            Err(e) => return retry_or_fail(e),
        };
        let high_birth = match self.peers.birth(high).await {
            Ok(Birth::Known(b)) => b,
            Ok(Birth::NoBirthDate | Birth::Gone) => return Outcome::Unavailable,
            Err(e) => return retry_or_fail(e),
        };
        let low_chart = match self.peers.chart(&low_birth).await {
            Ok(c) => c,
            Err(e) => return retry_or_fail(e),
        };
        let high_chart = match self.peers.chart(&high_birth).await {
            Ok(c) => c,
            Err(e) => return retry_or_fail(e),
        };
        let (score, analysis) = Analysis::between(&low_chart, &high_chart);
        Outcome::Ready { score, analysis }
    }

    /// The worker task: woken when a friendship is accepted or birth data changes, and every poll
    /// interval for retries and abandoned claims. Runs until `stop` turns true.
    pub async fn run_compatibility_worker(self, mut stop: watch::Receiver<bool>) {
        loop {
            if *stop.borrow() {
                return;
            }
            match self.compute_due_compatibilities().await {
                Ok(count) if count > 0 => continue,
                Ok(_) => {}
                Err(error) => {
                    tracing::warn!(name: "social.compatibility.round_failed", error = ?error, "compatibility round failed; retrying");
                }
            }
            tokio::select! {
                () = self.compatibility_due.notified() => {}
                () = tokio::time::sleep(self.timings.poll_interval) => {}
                _ = stop.wait_for(|s| *s) => return,
            }
        }
    }
}
