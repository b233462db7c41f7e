//! `identity`: accounts (sign-up, verification, login, reset, settings, deletion) and admin
//! accounts. See docs/services/identity.md.

pub mod cli;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod events;
pub mod grpc;
mod metrics;
pub mod startup;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod usecases;
