//! The Meguri gateway: the public REST API (actix-web) in front of the gRPC services.
//! See `startup.rs` for how the pieces fit and DESIGN.md for the request path.

pub mod admin_token;
pub mod analytics;
pub mod clients;
pub mod config;
pub mod device;
pub mod domain;
pub mod error;
pub mod extract;
pub mod hygiene;
pub mod local_time;
pub mod methods;
pub mod metrics;
pub mod openapi;
pub mod origin;
pub mod rate_limit;
pub mod routes;
pub mod session;
pub mod startup;
pub mod telemetry;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod timezone;
