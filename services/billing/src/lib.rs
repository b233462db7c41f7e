//! billing: the credit ledger. Balances never go below zero; every change carries an idempotency
//! key; a new user receives the sign-up credits once (from the `identity` event stream).

pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod events;
pub mod grpc;
pub mod metrics;
pub mod startup;
pub mod usecases;

pub use startup::MIGRATIONS;
