//! chat's integration tests: one binary (STYLE §9).

mod health;
