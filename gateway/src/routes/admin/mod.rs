//! The admin SPA's API (`/api/admin/…`): sign-in (`post`), the staff session and list
//! (`session`), and the support inbox (`tickets`). Every route but the sign-in takes a [`staff::Staff`].

pub mod post;
pub mod session;
pub mod staff;
pub mod tickets;
