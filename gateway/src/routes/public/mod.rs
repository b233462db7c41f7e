//! `POST /api/public/calculate-bazi`: the landing calculator (no sign-in).

pub mod post;
