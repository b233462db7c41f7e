//! fortune-gen's use cases (STYLE §7, docs/service-shape.md): plain functions on [`Fortune`], which
//! holds everything the operations need, in one value the gRPC service and the background tasks
//! share. `grpc.rs` only translates to and from these; the rules they apply live in `domain/`.

pub mod charts;
pub mod daily;
pub mod friend_updates;
pub mod ratings;
pub mod records;
pub mod reports;

use std::sync::Arc;

use anyhow::Context as _;
use meguri_ids::UserId;
use meguri_proto::bazi_engine as be;
use prost::Message as _;
use tokio::sync::Notify;

use crate::config::Timings;
use crate::db;
use crate::domain::{ChartStatus, TimezoneOffset};
use crate::engine::Engines;
use crate::error::Error;
use crate::peers::Peers;
use meguri_clock::Clock;

#[derive(Clone)]
pub struct Fortune {
    pub(crate) db: meguri_db::Pool,
    pub(crate) peers: Peers,
    pub(crate) engines: Engines,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) timings: Timings,
    /// Wakes the chart builder (an event asked for a build).
    pub(crate) charts_due: Arc<Notify>,
    /// Wakes the report generator (a report was asked for).
    pub(crate) reports_due: Arc<Notify>,
    /// Moves the outbox (staff actions' audit records) to Redis; absent where nothing is published
    /// (benchmarks).
    pub(crate) relay: Option<meguri_events::Relay>,
}

impl Fortune {
    #[must_use]
    pub fn new(db: meguri_db::Pool, peers: Peers, engines: Engines, clock: Arc<dyn Clock>, timings: Timings) -> Self {
        Self {
            db,
            peers,
            engines,
            clock,
            timings,
            charts_due: Arc::new(Notify::new()),
            reports_due: Arc::new(Notify::new()),
            relay: None,
        }
    }

    /// With the outbox relay woken after a staff action.
    #[must_use]
    pub fn with_relay(mut self, relay: meguri_events::Relay) -> Self {
        self.relay = Some(relay);
        self
    }

    pub(crate) async fn conn(&self) -> Result<db::Conn, Error> {
        db::conn(&self.db).await.map_err(Error::Unexpected)
    }

    /// The offset a request (or a job) of `user` runs in: `sent`, else the offset identity stores
    /// for the user, else Japan ([`meguri_tz::resolve`]). identity is asked only when nothing was
    /// sent.
    ///
    /// # Errors
    /// [`Error::Unavailable`] when identity must be asked and does not answer.
    pub(crate) async fn local_offset(
        &self,
        user: UserId,
        sent: Option<TimezoneOffset>,
    ) -> Result<TimezoneOffset, Error> {
        let stored = match sent {
            Some(_) => None,
            // identity's column is range-checked; an offset it could not hold reads as none.
            None => self.peers.timezone_offset(user).await?.and_then(|m| TimezoneOffset::parse(m).ok()),
        };
        Ok(meguri_tz::resolve(sent, stored))
    }

    /// The caller's chart when it is ready.
    ///
    /// # Errors
    /// [`Error::ProfileIncomplete`] when identity has no birth date; [`Error::ChartNotReady`]
    /// otherwise unless the chart is ready.
    pub(crate) async fn ready_chart(&self, user: UserId) -> Result<be::Chart, Error> {
        let mut conn = self.conn().await?;
        let record = db::charts::find(&mut conn, user).await?;
        match record {
            Some(r) if r.status == ChartStatus::Ready => {
                let bytes = r.chart.context("a ready chart without its chart")?;
                Ok(be::Chart::decode(bytes.as_slice()).context("decode the stored chart")?)
            }
            Some(r) if r.profile_incomplete => Err(Error::ProfileIncomplete),
            _ => Err(Error::ChartNotReady),
        }
    }
}
