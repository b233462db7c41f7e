//! The settings screen's API (docs/api/accounts.md "Settings").

pub mod consent;
pub mod get;
pub mod patch;
pub mod post;
pub mod put;
