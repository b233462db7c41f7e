//! The notify service over real gRPC on loopback, against real PostgreSQL, Redis and (for SMTP)
//! a real SMTP server process.

mod dev_transport;
mod helpers;
mod identity;
mod preferences;
mod receipts;
mod reminders;
mod scheduler;
mod smtp;
mod social;
mod support;
mod unsubscribe;
