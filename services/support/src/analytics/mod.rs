//! Adapters analytics needs to describe a visit: the browser from the User-Agent ([`agent`]) and
//! the place from the truncated address ([`geo`]). The rules are in `domain::analytics`.

pub mod agent;
pub mod geo;
