//! Meguri's Ba Zi engine. Pure computation: no I/O, no async runtime, no database.

pub mod almanac;
pub mod analysis;
pub mod astro;
pub mod error;
pub mod ganzhi;
pub mod input;
pub mod pillars;
pub mod places;
pub mod time;

pub use error::EngineError;
pub mod batch;
pub mod chart;
pub mod compat;
pub mod transit;
