//! The gateway through HTTP, against real Redis and a BaziEngine test double (one test binary).

mod accounts;
mod almanac;
mod auth;
mod calculate;
mod engine_down;
mod health;
mod helpers;
mod hygiene;
mod metrics;
mod openapi;
mod origin;
mod places;
mod rate_limit;
mod readings;
mod security;
mod session;
mod static_files;
