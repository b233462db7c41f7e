//! The billing service over real gRPC on loopback, against real PostgreSQL and Redis, and a fake
//! Stripe the tests serve.

// The fake Stripe's Checkout Session object is one large `serde_json::json!`.
#![recursion_limit = "256"]

mod access;
mod adjustments;
mod dev_checkout;
mod events;
mod health;
use billing::testkit::fake_stripe;
mod helpers;
mod ledger;
mod shop;
mod webhooks;
