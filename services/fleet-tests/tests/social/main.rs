//! Friends through the gateway in front of real identity, social and bazi-engine (and, for the
//! friend updates, fortune-gen; for the mail, notify with a real SMTP server), PostgreSQL and Redis
//! (one test binary). Each service's own tests, with fakes of its peers, stay in its crate.

mod access;
mod blocks;
mod concurrency;
mod helpers;
mod invites;
mod mail;
mod updates;
