//! fortune-gen: each user's chart (built from identity's birth data through bazi-engine), the
//! daily reading, day-info and the badge catalogue, ratings, and the yearly and life reports.
//! See docs/services/fortune-gen.md.

pub mod charts;
pub mod clock;
pub mod config;
pub mod daily;
pub mod db;
pub mod domain;
pub mod engine;
pub mod error;
pub mod facts;
pub mod fortune;
pub mod grpc;
pub mod metrics;
pub mod peers;
pub mod ratings;
pub mod records;
pub mod reports;
pub mod startup;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use startup::MIGRATIONS;
