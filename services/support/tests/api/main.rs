//! support's integration tests: one binary (STYLE §9), the real service over gRPC with its own schema.

mod health;
mod helpers;
mod staff;
mod tickets;
