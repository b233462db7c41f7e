//! `GET /api/invites/{userId}`: the public card of an invite link (docs/api/friends.md "Invites").

pub mod get;
