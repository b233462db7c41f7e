//! The chart pipeline: identity's events ask for a build (`crate::events`); the builder task
//! builds due charts (identity's birth profile → bazi-engine's CalculateChart → stored), retries transient failures
//! with backoff, and takes over builds a crashed process left behind.

use anyhow::Context as _;
use chrono::{DateTime, Utc};
use meguri_ids::UserId;
use meguri_proto::bazi_engine as be;
use prost::Message as _;
use tokio::sync::watch;

use crate::db::charts::{self, Finish};
use crate::domain::{self, ChartStatus, Failure, backoff, input_fingerprint};
use crate::error::Error;
use crate::usecases::Fortune;
use crate::usecases::records::{ChartRecord, ReportKind};

/// Charts built per round of the builder.
const BATCH: i64 = 16;

/// The CalculateChart input for a birth profile; `None` without a birth date (the one mapping, in
/// meguri-proto, that social's compatibility uses too).
pub use meguri_proto::convert::engine_birth_input as birth_input;

/// The fingerprint of a CalculateChart input (see [`input_fingerprint`]).
#[must_use]
pub fn fingerprint(input: &be::BirthInput) -> String {
    let lon = input.longitude.map(|v| format!("{v:.6}"));
    let lat = input.latitude.map(|v| format!("{v:.6}"));
    let gender = input.gender.to_string();
    input_fingerprint(&[
        Some(&input.birth_date),
        input.birth_time.as_deref(),
        input.place.as_deref(),
        lon.as_deref(),
        lat.as_deref(),
        Some(&gender),
    ])
}

fn later(now: DateTime<Utc>, by: std::time::Duration) -> DateTime<Utc> {
    now + chrono::Duration::from_std(by).unwrap_or(chrono::Duration::MAX)
}

/// What a build decided, before it is recorded.
enum Outcome {
    Finished(Finish, &'static str),
    /// identity does not know the user (deleted): the row goes.
    UserGone,
}

impl Fortune {
    /// Builds `user`'s chart if its build is due and nobody else holds it.
    ///
    /// # Errors
    /// The database failed (the build stays due and is tried again).
    #[tracing::instrument(skip_all, fields(user_id = %user))]
    pub async fn build_chart(&self, user: UserId) -> Result<(), Error> {
        let now = self.clock.now();
        let claimed = {
            let mut conn = self.conn().await?;
            charts::claim(&mut conn, user, now, later(now, self.timings.chart_lease)).await?
        };
        let Some(row) = claimed else { return Ok(()) };
        let outcome = self.run_build(user, &row).await?;
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        match outcome {
            Outcome::UserGone => {
                charts::delete(&mut conn, user).await?;
                crate::metrics::chart_build("user_gone");
                tracing::info!(name: "fortune_gen.chart.user_gone", user_id = %user, "identity does not know the user");
            }
            Outcome::Finished(finish, label) => {
                let ready = matches!(finish, Finish::Ready { .. });
                if let Finish::Failed { description, retry_at } = &finish {
                    tracing::warn!(
                        name: "fortune_gen.chart.failed",
                        user_id = %user,
                        error = %description,
                        attempts = row.attempts + 1,
                        retry_at = ?retry_at,
                        "chart build failed"
                    );
                }
                charts::finish(&mut conn, user, finish, now).await?;
                crate::metrics::chart_build(label);
                if ready {
                    tracing::info!(name: "fortune_gen.chart.ready", user_id = %user);
                    // The reports follow the new chart: the life report is (re)generated, and the
                    // yearly reports are generated again.
                    crate::db::reports::request(&mut conn, user, ReportKind::Life, true, now).await?;
                    crate::db::reports::requeue_yearly(&mut conn, user, now).await?;
                    self.reports_due.notify_one();
                }
            }
        }
        Ok(())
    }

    async fn run_build(&self, user: UserId, row: &ChartRecord) -> Result<Outcome, Error> {
        let failed = |failure: Failure, attempts: i32| {
            let retry_at = failure.transient.then(|| {
                let n = u32::try_from(attempts + 1).unwrap_or(u32::MAX);
                later(self.clock.now(), backoff(self.timings.chart_retry_base, n))
            });
            let label = if failure.transient { "failed_transient" } else { "failed_permanent" };
            Outcome::Finished(Finish::Failed { description: failure.description, retry_at }, label)
        };
        let profile = match self.peers.birth_profile(user).await {
            Ok(Some(profile)) => profile,
            Ok(None) => return Ok(Outcome::UserGone),
            Err(e) => return Ok(failed(e.failure, row.attempts)),
        };
        let Some(input) = birth_input(&profile) else {
            return Ok(Outcome::Finished(Finish::NoBirthDate, "no_birth_date"));
        };
        let fingerprint = fingerprint(&input);
        if row.status == ChartStatus::Ready
            && row.chart.is_some()
            && row.input_fingerprint.as_deref() == Some(&fingerprint)
        {
            return Ok(Outcome::Finished(Finish::Unchanged, "unchanged"));
        }
        {
            let mut conn = self.conn().await?;
            charts::set_generating(&mut conn, user, self.clock.now()).await?;
        }
        match self.peers.calculate_chart(input).await {
            Ok(chart) => Ok(Outcome::Finished(Finish::Ready { chart: chart.encode_to_vec(), fingerprint }, "ready")),
            Err(e) => Ok(failed(e.failure, row.attempts)),
        }
    }

    /// One round of the builder: the due charts, then the failed-charts gauge. Returns how many
    /// were due.
    async fn build_due(&self) -> Result<usize, Error> {
        let due = {
            let mut conn = self.conn().await?;
            charts::due(&mut conn, self.clock.now(), BATCH).await?
        };
        let count = due.len();
        for user in due {
            self.build_chart(user).await?;
        }
        let mut conn = self.conn().await?;
        crate::metrics::charts_failed(charts::count_failed(&mut conn).await?);
        Ok(count)
    }

    /// The builder task: woken by events, and every poll interval for retries and abandoned
    /// builds. Runs until `stop` turns true.
    pub async fn run_chart_builder(self, mut stop: watch::Receiver<bool>) {
        loop {
            if *stop.borrow() {
                return;
            }
            match self.build_due().await {
                // More may be due (a build asked for while another ran).
                Ok(count) if count > 0 => continue,
                Ok(_) => {}
                Err(error) => {
                    tracing::warn!(name: "fortune_gen.builder.failed", error = ?error, "chart builder round failed; retrying");
                }
            }
            tokio::select! {
                () = self.charts_due.notified() => {}
                () = tokio::time::sleep(self.timings.poll_interval) => {}
                _ = stop.wait_for(|s| *s) => return,
            }
        }
    }

    /// The caller's chart status and when it last changed; `pending` when there is no row. With
    /// `birth_data_changed` (identity just said so), as [`ChartStatus::after_birth_change`] reads it.
    ///
    /// # Errors
    /// The database failed.
    pub async fn chart_status(
        &self,
        user: UserId,
        birth_data_changed: bool,
    ) -> Result<(ChartStatus, Option<DateTime<Utc>>), Error> {
        let mut conn = self.conn().await?;
        Ok(charts::find(&mut conn, user).await?.map_or((ChartStatus::Pending, None), |r| {
            (r.status.after_birth_change(birth_data_changed), Some(r.updated_at))
        }))
    }

    /// The caller's ready chart and when it was built.
    ///
    /// # Errors
    /// [`Error::ChartNotReady`] / [`Error::ProfileIncomplete`].
    pub async fn chart(&self, user: UserId) -> Result<(be::Chart, DateTime<Utc>), Error> {
        let chart = self.ready_chart(user).await?;
        let mut conn = self.conn().await?;
        let built_at = charts::find(&mut conn, user)
            .await?
            .and_then(|r| r.built_at)
            .context("a ready chart without its build time")?;
        Ok((chart, built_at))
    }

    /// `user`'s chart row as staff see it (`None`: nothing built or asked for yet).
    ///
    /// # Errors
    /// The database.
    pub async fn chart_for_staff(&self, user: UserId) -> Result<Option<ChartRecord>, Error> {
        let mut conn = self.conn().await?;
        Ok(charts::find(&mut conn, user).await?)
    }

    /// Staff: `user`'s failed chart builds again now, with its audit record (chart.retry) in the
    /// outbox in the same transaction; the builder is woken.
    ///
    /// # Errors
    /// [`Error::ChartNotFailed`] unless the chart's last build failed.
    #[tracing::instrument(skip_all, fields(user_id = %user, staff_id = %staff))]
    pub async fn retry_chart(&self, staff: UserId, user: UserId) -> Result<ChartRecord, Error> {
        use diesel_async::AsyncConnection as _;
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        let retried = conn
            .transaction::<_, Error, _>(async |conn| {
                let row = charts::find_for_update(conn, user).await?;
                if row.as_ref().map(|r| r.status) != Some(ChartStatus::Failed) {
                    return Err(Error::ChartNotFailed);
                }
                let retried = charts::retry_now(conn, user, now).await?;
                let record = meguri_proto::audit::StaffActionRecorded {
                    actor_id: staff.to_string(),
                    action: "chart.retry".to_owned(),
                    target_type: "member".to_owned(),
                    target_id: user.to_string(),
                    before: Some(ChartStatus::Failed.as_str().to_owned()),
                    after: Some(retried.status.as_str().to_owned()),
                    reason: None,
                    occurred_at: now.to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
                };
                meguri_events::enqueue(conn, &record).await?;
                Ok(retried)
            })
            .await?;
        if let Some(relay) = &self.relay {
            relay.wake();
        }
        self.charts_due.notify_one();
        tracing::info!(name: "fortune_gen.chart.retried", user_id = %user, staff_id = %staff);
        Ok(retried)
    }

    /// How many charts have failed (the dashboard).
    ///
    /// # Errors
    /// The database.
    pub async fn failed_charts(&self) -> Result<i64, Error> {
        let mut conn = self.conn().await?;
        Ok(charts::count_failed(&mut conn).await?)
    }

    /// Failed charts, newest first (admins).
    ///
    /// # Errors
    /// [`domain::Invalid::Limit`] outside 0..=200 (0 = 50).
    pub async fn chart_failures(&self, limit: i32) -> Result<Vec<ChartRecord>, Error> {
        let limit = match limit {
            0 => 50,
            1..=200 => i64::from(limit),
            _ => return Err(domain::Invalid::Limit.into()),
        };
        let mut conn = self.conn().await?;
        Ok(charts::failures(&mut conn, limit).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fingerprint_changes_with_any_input_field() {
        let base =
            be::BirthInput { birth_date: "1990-05-15".into(), birth_time: Some("12:00".into()), ..Default::default() };
        let same = fingerprint(&base);
        assert_eq!(same, fingerprint(&base.clone()));
        let moved = be::BirthInput { birth_time: Some("12:01".into()), ..base.clone() };
        assert_ne!(same, fingerprint(&moved));
        let male = be::BirthInput { gender: be::Gender::Male as i32, ..base };
        assert_ne!(same, fingerprint(&male));
    }
}
