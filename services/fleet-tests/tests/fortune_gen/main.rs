//! fortune-gen through gRPC, with a real bazi-engine (in process, behind a switchable proxy), a
//! real identity (its testkit), PostgreSQL (a fresh schema per test) and Redis (a fresh key prefix
//! per test). One test binary (STYLE §9).

mod charts;
mod daily;
mod day_info;
mod helpers;
mod llm;
mod ratings;
mod reports;
mod timezone;
