//! `DELETE /api/account`.

pub mod delete;
