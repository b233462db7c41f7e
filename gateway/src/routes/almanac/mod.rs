//! `GET /api/almanac`: Japanese almanac days.

pub mod get;
