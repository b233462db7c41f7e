//! chat: see README.md. The named places are those of every service (docs/service-shape.md),
//! plus `engine.rs` (the two reply engines), `peers.rs` (the clients of identity, billing,
//! fortune-gen and bazi-engine) and `metrics.rs`.

pub mod config;
pub mod db;
pub mod domain;
pub mod engine;
pub mod error;
pub mod events;
pub mod grpc;
pub mod metrics;
pub mod peers;
pub mod startup;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod usecases;
