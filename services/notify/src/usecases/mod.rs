//! notify's use cases (docs/service-shape.md). The mail itself is driven by events
//! (`events.rs` → [`mail`] → the outbox → `sender.rs`); the RPCs serve the e-mail preferences.

pub mod mail;
pub mod preferences;
