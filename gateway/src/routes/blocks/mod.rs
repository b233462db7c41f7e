//! Blocks (docs/api/friends.md "Blocks"): the members the caller blocked, blocking and
//! unblocking. Signed-in only; forwards to social.

pub mod delete;
pub mod get;
pub mod post;
