//! Friends (docs/api/friends.md): the caller's friends and requests, the member search, the
//! request flow and a friend's compatibility. Every route needs a signed-in user and forwards to
//! social, whose caller is the session's user; `body.rs` also holds the shapes `blocks` and
//! `invites` answer with.

pub mod body;
pub mod delete;
pub mod get;
pub mod post;
