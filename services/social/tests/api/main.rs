//! social's integration tests: one binary (STYLE §9). Each test starts social in-process on free
//! ports with its own schema and Redis prefix, and fakes of identity and bazi-engine.

mod blocks;
mod compatibility;
mod diary;
mod friendships;
mod health;
mod helpers;
mod members;
mod search;
