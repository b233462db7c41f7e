//! billing: the credit ledger and the shop. Balances never go below zero; every change carries an
//! idempotency key; a new user receives the sign-up credits once (from the `identity` event
//! stream); credit packs are bought through Stripe Checkout (or the development checkout), granted
//! once per purchase from Stripe's webhooks, and receipted by mail through the outbox.

// testkit's fake Stripe renders a Checkout Session as one large `serde_json::json!`.
#![cfg_attr(feature = "testkit", recursion_limit = "256")]

pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod events;
pub mod grpc;
pub mod metrics;
pub mod startup;
pub mod stripe;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod usecases;

pub use startup::MIGRATIONS;
