//! fortune-gen: each user's chart (built from identity's birth data through bazi-engine), the
//! daily reading, day-info and the badge catalogue, ratings, the yearly and life reports, and the
//! daily friend updates.
//! See docs/services/fortune-gen.md.

pub mod config;
pub mod db;
pub mod domain;
pub mod engine;
pub mod error;
pub mod events;
pub mod facts;
pub mod grpc;
pub mod metrics;
pub mod peers;
pub mod startup;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod usecases;

pub use startup::MIGRATIONS;
