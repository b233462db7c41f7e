//! The admin SPA's API (`/api/admin/…`): sign-in (`post`), the staff session and list
//! (`session`), staff accounts (`accounts`), the support inbox (`tickets`), members (`users`),
//! today's figures (`dashboard`), the analytics charts (`analytics`) and the audit log (`audit`). Every route but the sign-in takes a
//! [`staff::Staff`].

pub mod accounts;
pub mod analytics;
pub mod audit;
pub mod dashboard;
pub mod post;
pub mod session;
pub mod staff;
pub mod tickets;
pub mod users;
