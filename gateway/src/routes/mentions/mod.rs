//! Mention notifications (docs/api/diary.md "Mentions"): the caller's unseen mentions, oldest
//! first, for the app shell's dialog, and marking one seen. Signed-in only; forwards to social.

pub mod get;
pub mod post;
