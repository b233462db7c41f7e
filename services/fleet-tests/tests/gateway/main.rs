//! The gateway through HTTP in front of real services (identity; for readings also bazi-engine and
//! fortune-gen), PostgreSQL and Redis (one test binary). The gateway's own tests, against a
//! BaziEngine double, stay in gateway/tests/api.

mod accounts;
mod admin;
mod analytics;
mod helpers;
mod readings;
mod security;
mod support;
