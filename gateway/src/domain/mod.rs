//! Request rules that are the gateway's own: shapes and defaults of the spec's bodies. Pure, no I/O,
//! no proto types (STYLE §3); the routes convert at the edge.

pub mod birth;
pub mod dates;
pub mod dst;
