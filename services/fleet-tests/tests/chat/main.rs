//! The mascot chat through the gateway in front of real identity, billing, bazi-engine, fortune-gen
//! and chat (its built-in responder), PostgreSQL and Redis (one test binary): credits charged
//! exactly once under concurrency, replays, a stream closed early, account deletion, a
//! compatibility question and the built-in responder's table of questions and replies. chat's own
//! tests, with fakes of its peers, stay in its crate.

mod built_in;
mod credits;
mod helpers;
mod replies;
