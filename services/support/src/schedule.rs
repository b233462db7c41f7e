//! The analytics schedule (issue 26): every few minutes, roll up the Japan days before today that
//! are not done yet and purge raw rows past the retention once a day. Several replicas may run it:
//! each day's job runs under a PostgreSQL advisory lock and is recorded in `analytics_jobs`, so it
//! runs once per day; a restart (or a night the service was down) catches up on the last
//! [`CATCH_UP_DAYS`] days.

use std::time::Duration;

use tokio::sync::watch;

use crate::usecases::UseCases;

/// How many past days the schedule looks back for a day not rolled up.
pub const CATCH_UP_DAYS: u32 = 7;
/// How often the schedule looks.
pub const EVERY: Duration = Duration::from_secs(300);

/// Runs the schedule until `stop` turns true: once at start, then every [`EVERY`].
pub async fn run(usecases: UseCases, mut stop: watch::Receiver<bool>) {
    loop {
        match usecases.run_schedule(CATCH_UP_DAYS).await {
            Ok(days) if !days.is_empty() => {
                tracing::info!(name: "support.analytics.schedule", rolled_up = days.len());
            }
            Ok(_) => {}
            Err(error) => {
                tracing::warn!(name: "support.analytics.schedule_failed", error = %error, "analytics schedule failed; trying again later");
            }
        }
        tokio::select! {
            () = tokio::time::sleep(EVERY) => {}
            _ = stop.wait_for(|s| *s) => return,
        }
    }
}
