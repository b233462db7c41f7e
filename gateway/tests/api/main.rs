//! The gateway through HTTP, against real Redis and a BaziEngine test double (one test binary).
//! Flows through real services (accounts, account security, readings) are fleet tests:
//! services/fleet-tests/tests/gateway.

mod almanac;
mod auth;
mod calculate;
mod chat;
mod diary;
mod doubles;
mod engine_down;
mod friends;
mod health;
mod helpers;
mod hygiene;
mod metrics;
mod openapi;
mod origin;
mod places;
mod rate_limit;
mod session;
mod static_files;
mod unsubscribe;
mod visits;
