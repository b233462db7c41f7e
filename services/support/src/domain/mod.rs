//! support's rules: newtypes that parse once and pure functions, unit-tested inline. No I/O, no
//! proto types, no diesel rows (docs/service-shape.md).

mod ticket;

pub use ticket::{
    Body, Invalid, MAX_ATTACHMENTS, MAX_BODY_CHARS, MAX_SUBJECT_CHARS, PREVIEW_CHARS, Priority, Status, Subject,
    preview,
};
