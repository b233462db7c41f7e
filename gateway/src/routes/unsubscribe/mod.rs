//! One-click unsubscribe (docs/api/diary.md "Unsubscribe"): the link and the `List-Unsubscribe`
//! header of every preference mail. Public (the token is the authority) and exempt from the origin
//! check, since mail clients post it from their own servers (RFC 8058).

pub mod post;
