//! chat's use cases (STYLE §7, docs/service-shape.md): plain functions on [`Chat`], which holds
//! everything the operations need, in one value the gRPC service, the event consumer and the
//! background tasks share. `grpc.rs` only translates to and from these; the rules they apply live
//! in `domain/`, the SQL in `db/`.
//!
//! - [`send`]: a message — validation, the idempotent charge, the reply task, attaching to a reply
//!   in progress or replaying its outcome;
//! - [`reply`]: the detached reply task (engines, deadline, refund, memory);
//! - [`history`]: one message, the history, the status;
//! - [`sweeper`]: refunds replies a process left pending;
//! - [`account`]: deletes a deleted account's rows.

pub mod account;
pub mod history;
pub mod live;
pub mod reply;
pub mod send;
pub mod sweeper;

use std::sync::Arc;

use meguri_clock::Clock;

use crate::config::Timings;
use crate::db;
use crate::domain::Limits;
use crate::engine::Engines;
use crate::error::Error;
use crate::peers::Peers;

pub use live::{Event, Finish};

/// What every operation shares; cheap to clone.
#[derive(Clone)]
pub struct Chat {
    pub(crate) db: meguri_db::Pool,
    pub(crate) peers: Peers,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) engines: Engines,
    pub(crate) limits: Limits,
    pub(crate) timings: Timings,
    /// The replies this process is writing.
    pub(crate) live: Arc<live::Registry>,
    /// Moves chat's outbox (the analytics of accepted messages) to the streams; `None` in tests
    /// that build a bare `Chat` (the rows then wait in the outbox).
    pub(crate) relay: Option<meguri_events::Relay>,
}

impl Chat {
    #[must_use]
    pub fn new(
        db: meguri_db::Pool,
        peers: Peers,
        clock: Arc<dyn Clock>,
        engines: Engines,
        limits: Limits,
        timings: Timings,
    ) -> Self {
        Self { db, peers, clock, engines, limits, timings, live: Arc::new(live::Registry::default()), relay: None }
    }

    /// With the outbox relay, woken after an enqueue.
    #[must_use]
    pub fn with_relay(mut self, relay: meguri_events::Relay) -> Self {
        self.relay = Some(relay);
        self
    }

    pub(crate) async fn conn(&self) -> Result<db::Conn, Error> {
        db::conn(&self.db).await.map_err(Error::Unexpected)
    }

    /// The limits a client shows (cost, length).
    #[must_use]
    pub const fn limits(&self) -> Limits {
        self.limits
    }

    /// Waits (at shutdown) until every reply task of this process has stored its outcome.
    pub async fn drain_replies(self, mut stop: tokio::sync::watch::Receiver<bool>) {
        let _ = stop.wait_for(|s| *s).await;
        self.live.drained().await;
    }
}
