//! The billing service over real gRPC on loopback, against real PostgreSQL and Redis.

mod access;
mod events;
mod helpers;
mod ledger;
