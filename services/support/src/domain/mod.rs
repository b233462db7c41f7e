//! support's rules: newtypes that parse once and pure functions, unit-tested inline. No I/O, no
//! proto types, no diesel rows (docs/service-shape.md).

pub mod analytics;
mod inbox;
mod reply_link;
pub mod screenshot;
mod ticket;

pub use inbox::{AdminId, Assignee, Cursor, DEFAULT_PAGE, MAX_PAGE, assignment, page_size, staff, subject_pattern};
pub use reply_link::{ReplyToken, TOKEN_CHARS, TokenHash, expires_at};
pub use ticket::{
    AuthorName, Body, DEFAULT_AUTHOR_NAME, Invalid, MAX_ATTACHMENTS, MAX_AUTHOR_NAME_CHARS, MAX_BODY_CHARS,
    MAX_SUBJECT_CHARS, PREVIEW_CHARS, Priority, Status, Subject, preview,
};
