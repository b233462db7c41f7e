//! `GET /api/places/search` and `GET /api/places/coordinates`: the birth-place picker.

pub mod get;
