//! Protobuf messages and tonic clients/servers for every Meguri service.
//!
//! Generated at build time from `proto/meguri/**/*.proto` (see `build.rs`); the module tree follows the
//! proto packages, e.g. `meguri_proto::meguri::bazi_engine::v1`. Short aliases sit at the crate root.

#[allow(clippy::all, clippy::pedantic, clippy::unwrap_used, missing_docs, unreachable_pub)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/_includes.rs"));
}

pub use generated::meguri;

pub mod convert;
pub mod events;

/// `meguri.bazi_engine.v1`: the Ba Zi engine (charts, compatibility, almanac, places).
pub use generated::meguri::bazi_engine::v1 as bazi_engine;

/// `meguri.identity.v1`: accounts, sessions' identity checks, settings, admin accounts, and the
/// `identity` stream's events.
pub use generated::meguri::identity::v1 as identity;

/// `meguri.billing.v1`: the credit ledger.
pub use generated::meguri::billing::v1 as billing;

/// `meguri.notify.v1`: e-mail delivery and preferences, and the `mail` stream's requests.
pub use generated::meguri::notify::v1 as notify;

/// `meguri.fortune.v1`: charts, daily readings, day-info, badges, ratings and reports.
pub use generated::meguri::fortune::v1 as fortune;

/// `meguri.social.v1`: friendships and their compatibility, blocks, friend search and invites.
pub use generated::meguri::social::v1 as social;

/// `meguri.chat.v1`: the mascot chat (messages paid in credits, streamed replies, history).
pub use generated::meguri::chat::v1 as chat;

/// `meguri.audit.v1`: the staff audit trail's event.
pub use generated::meguri::audit::v1 as audit;

/// `meguri.analytics.v1`: the analytics events support stores (issue 26).
pub use generated::meguri::analytics::v1 as analytics;

/// `meguri.support.v1`: support tickets and their threads.
pub use generated::meguri::support::v1 as support;
