//! The event consumers of support (none yet): each handles one stream's events idempotently and
//! is started as a task in `startup.rs` (see billing's `events.rs` for one that grants credits on
//! `identity.user_signed_up`). Events support produces go through its outbox (meguri-events).

/// The consumer group of support on every stream it reads.
pub const GROUP: &str = "support";
