//! The diary (docs/api/diary.md): the caller's entries with paging, writing (idempotent by the
//! draft's `clientId`), editing and deleting them, one entry (one's own, or one that mentions the
//! caller), letters to the future (delivered letters shown once, the lucky-day search). Every route
//! needs a signed-in member and forwards to social, whose caller is the session's user; social
//! decides who may see what. The gateway checks only the form of ids, limits and offsets.

pub mod body;
pub mod delete;
pub mod get;
pub mod post;
pub mod put;
