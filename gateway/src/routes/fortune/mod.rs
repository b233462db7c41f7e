//! Readings (docs/api/readings.md): the daily reading, day-info, badges, ratings, the stored chart,
//! the yearly and life reports, and friend updates. Every route needs a signed-in user and forwards
//! to fortune-gen.

pub mod body;
pub mod get;
pub mod patch;
pub mod post;
