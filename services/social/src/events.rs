//! The event consumers of social (none yet): each handles one stream's events idempotently and
//! is started as a task in `startup.rs` (see billing's `events.rs` for one that grants credits on
//! `identity.user_signed_up`). Events social produces go through its outbox (meguri-events).

/// The consumer group of social on every stream it reads.
pub const GROUP: &str = "social";
