//! Meguri's Ba Zi engine. Pure computation: no I/O, no async runtime, no database.

pub mod astro;
pub mod ganzhi;
pub mod error;
pub mod input;
pub mod pillars;
pub mod time;

pub use error::EngineError;
pub mod batch;
pub mod chart;
