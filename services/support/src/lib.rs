//! support: see README.md. The named places are those of every service (docs/service-shape.md).
//! Adapters to other services go in `peers.rs` (one trait per peer, its gRPC implementation built in
//! `startup.rs`) and to bazi-engine in `engine.rs`, when the service needs them.

pub mod analytics;
pub mod attachments;
pub mod cli;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod events;
pub mod grpc;
pub mod metrics;
pub mod schedule;
pub mod startup;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod usecases;
