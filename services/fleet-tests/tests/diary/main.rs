//! The diary, mentions and letters to the future through the gateway in front of real identity,
//! bazi-engine, social and notify (its scheduler on a clock the tests move), PostgreSQL and Redis
//! (one test binary). Each service's own tests, with fakes of its peers, stay in its crate.

mod access;
// The social binary's fleet (members signed up and verified through the gateway, friends); this
// binary uses part of it.
#[allow(dead_code)]
#[path = "../social/helpers.rs"]
mod fleet;
mod helpers;
mod letters;
mod mentions;
