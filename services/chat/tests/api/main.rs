//! chat's integration tests: one binary (STYLE §9). The service runs in-process on free ports
//! with its own schema; identity, billing, fortune-gen and bazi-engine are fakes in this crate
//! (`helpers.rs`), the LLM a local OpenAI-compatible server (`llm_server.rs`).

mod account;
mod compatibility;
mod health;
mod helpers;
mod history;
mod llm;
mod llm_server;
mod send;
