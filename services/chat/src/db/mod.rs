//! PostgreSQL: the `chat` schema (see the migrations). Row structs never leave this module.

pub mod notes;
pub mod schema;
