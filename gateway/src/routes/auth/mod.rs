//! `GET /api/auth/user`: the current user.

pub mod get;
