//! social: see README.md. The named places are those of every service (docs/service-shape.md),
//! plus `peers.rs` (the clients of identity and bazi-engine), `clock.rs` and `metrics.rs`.

pub mod cli;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod events;
pub mod grpc;
pub mod metrics;
pub mod peers;
pub mod startup;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod usecases;
