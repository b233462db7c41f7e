//! identity's use cases (STYLE §7, docs/service-shape.md): plain async functions on [`accounts::Accounts`],
//! which holds the pool, the hasher, the clock and the limits. `grpc.rs` only translates to and
//! from these; the rules they apply live in `domain/`, the SQL in `db/`.

pub mod accounts;
pub mod user;
