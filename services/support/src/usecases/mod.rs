//! support's use cases (docs/service-shape.md): plain async functions on [`UseCases`], which holds
//! what they need (the pool, the clock). `grpc.rs` only translates to and from these; the rules
//! they apply live in `domain/`, the SQL in `db/`.

pub mod analytics;
pub mod files;
pub mod members;
pub mod reply_link;
pub mod staff;
pub mod tickets;

use std::sync::Arc;

use meguri_clock::Clock;
use meguri_events::Relay;

use crate::attachments::AttachmentStore;
use crate::db;
use crate::error::Error;

/// What the use cases share; cheap to clone.
#[derive(Clone)]
pub struct UseCases {
    pub db: meguri_db::Pool,
    pub clock: Arc<dyn Clock>,
    /// The screenshots' bytes.
    pub files: Arc<dyn AttachmentStore>,
    /// Moves the outbox (reply mails) to the event streams; woken after a commit that filled it.
    pub relay: Relay,
    /// How long a mailed reply link works.
    pub reply_link_days: u32,
    /// Country and city of visits (`GEOIP_DB`; none when unset).
    pub geo: Arc<crate::analytics::geo::Geo>,
    /// How many days raw analytics rows are kept (`ANALYTICS_RETENTION_DAYS`).
    pub analytics_retention_days: u32,
}

impl UseCases {
    pub(crate) async fn conn(&self) -> Result<db::Conn, Error> {
        db::conn(&self.db).await.map_err(Error::Unexpected)
    }
}
