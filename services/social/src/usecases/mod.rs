//! social's use cases (STYLE §7, docs/service-shape.md): plain functions on [`Social`], which holds
//! everything the operations need, in one value the gRPC service, the event consumer and the
//! background tasks share. `grpc.rs` only translates to and from these; the rules they apply live
//! in `domain/`, the SQL in `db/`.

pub mod blocks;
pub mod compatibility;
pub mod diary;
pub mod friends;
pub mod invites;
pub mod members;
pub mod search;

use std::sync::Arc;

use meguri_events::Relay;
use tokio::sync::Notify;

use crate::config::Timings;
use crate::db;
use crate::domain::{Limits, Member};
use crate::error::Error;
use crate::peers::Peers;
use meguri_clock::Clock;

#[derive(Clone)]
pub struct Social {
    pub(crate) db: meguri_db::Pool,
    pub(crate) peers: Peers,
    pub(crate) clock: Arc<dyn Clock>,
    /// Publishes the mail requests written to the outbox.
    pub(crate) relay: Relay,
    pub(crate) limits: Limits,
    pub(crate) timings: Timings,
    /// Wakes the compatibility worker (a friendship was accepted, birth data changed).
    pub(crate) compatibility_due: Arc<Notify>,
}

impl Social {
    #[must_use]
    pub fn new(
        db: meguri_db::Pool,
        peers: Peers,
        clock: Arc<dyn Clock>,
        relay: Relay,
        limits: Limits,
        timings: Timings,
    ) -> Self {
        Self { db, peers, clock, relay, limits, timings, compatibility_due: Arc::new(Notify::new()) }
    }

    pub(crate) async fn conn(&self) -> Result<db::Conn, Error> {
        db::conn(&self.db).await.map_err(Error::Unexpected)
    }
}

/// A mail to `to` (notify resolves the address and checks the kind's preference).
fn mail(
    to: meguri_ids::UserId,
    kind: meguri_proto::notify::mail_requested::Kind,
) -> meguri_proto::notify::MailRequested {
    meguri_proto::notify::MailRequested {
        user_id: Some(to.to_string()),
        to: String::new(),
        name: None,
        kind: Some(kind),
    }
}

/// The mail asking `to` to answer `from`'s friend request.
fn mail_request_received(to: meguri_ids::UserId, from: &Member) -> meguri_proto::notify::MailRequested {
    use meguri_proto::notify::mail_requested::{FriendRequestReceived, Kind};
    mail(
        to,
        Kind::FriendRequestReceived(FriendRequestReceived {
            from_username: from.username.clone(),
            from_first_name: from.first_name.clone(),
        }),
    )
}

/// The mail telling `to` that `by` accepted their request.
fn mail_request_accepted(to: meguri_ids::UserId, by: &Member) -> meguri_proto::notify::MailRequested {
    use meguri_proto::notify::mail_requested::{FriendRequestAccepted, Kind};
    mail(
        to,
        Kind::FriendRequestAccepted(FriendRequestAccepted {
            by_username: by.username.clone(),
            by_first_name: by.first_name.clone(),
        }),
    )
}

/// The mail telling `to` that `author` mentioned them in `entry` (never the entry's text).
fn mail_mentioned(
    to: meguri_ids::UserId,
    author: &Member,
    entry: &crate::domain::diary::Entry,
) -> meguri_proto::notify::MailRequested {
    use meguri_proto::notify::mail_requested::{Kind, MentionedInDiary};
    mail(
        to,
        Kind::MentionedInDiary(MentionedInDiary {
            from_username: author.username.clone(),
            from_first_name: author.first_name.clone(),
            entry_id: entry.id.to_string(),
            entry_date: entry.date.to_string(),
        }),
    )
}
