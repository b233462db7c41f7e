//! Sign-up, verification, login/logout, password reset, e-mail change confirmation, and the
//! current user (docs/api/accounts.md).

pub mod birth;
pub mod get;
pub mod post;
pub mod user;
