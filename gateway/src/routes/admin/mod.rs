//! `POST /api/admin/login`: the admin SPA's sign-in.

pub mod post;
