//! support's integration tests: one binary (STYLE §9), the real service over gRPC with its own schema.

mod analytics;
mod deletion;
mod health;
mod helpers;
mod reply_link;
mod screenshots;
mod staff;
mod tickets;
