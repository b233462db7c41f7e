//! PostgreSQL: the `billing` schema (see the migrations). Row structs never leave this module.

pub mod ledger;
mod models;
pub mod schema;
