//! The mascot chat through the gateway in front of real identity, billing, bazi-engine, fortune-gen
//! and chat (its built-in responder), PostgreSQL and Redis (one test binary): credits charged
//! exactly once under concurrency, replays, a stream closed early, account deletion and a
//! compatibility question. chat's own tests, with fakes of its peers, stay in its crate.

mod credits;
mod helpers;
mod replies;
