//! identity's use cases (STYLE §7, docs/service-shape.md): plain async functions on
//! [`accounts::Accounts`], which holds the pool, the hasher, the clock and the limits, one module
//! per use case. `grpc.rs` only translates to and from these; the rules they apply live in
//! `domain/`, the SQL in `db/`.

pub mod accounts;
pub mod admins;
pub mod back_office;
pub mod birth;
pub mod consent;
pub mod deletion;
pub mod email_change;
pub mod login;
pub mod members;
pub mod password;
pub mod profile;
pub mod sign_up;
pub mod user;
pub mod verify_email;
