//! notify: e-mail. Mail requests arrive as events, are rendered from Japanese templates into the
//! `email_notifications` outbox and delivered by a sender task over SMTP (or to `.eml` files in
//! development); timed mail (letters to the future, the inactivity reminder) is the scheduler's
//! (`usecases::scheduler`). The RPCs serve each user's e-mail preferences, one-click unsubscribe
//! and visits. A request that names only a user gets its address from identity (`peers.rs`).

pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod events;
pub mod grpc;
pub mod mailer;
pub mod metrics;
pub mod peers;
pub mod sender;
pub mod startup;
pub mod templates;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod usecases;

pub use startup::MIGRATIONS;
