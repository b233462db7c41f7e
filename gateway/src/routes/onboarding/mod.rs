//! `POST /api/onboarding/complete`.

pub mod post;
