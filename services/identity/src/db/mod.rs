//! The `identity` schema: queries on one connection, so the caller decides the transaction.

pub mod admins;
pub mod audit;
pub mod schema;
pub mod tokens;
pub mod users;
