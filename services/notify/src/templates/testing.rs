//! What the templates' tests share: a request, a sender, a base URL and a token.

use meguri_ids::UserId;

use crate::domain::{MailKind, MailRequest, Person};

pub(super) const BASE: &str = "https://meguri.example/";
pub(super) const TOKEN: &str = "abc-DEF_123";

pub(super) fn request(mail: MailKind, name: Option<&str>) -> MailRequest {
    MailRequest { user_id: Some(UserId::new()), to: "hanako+jp@example.jp".into(), name: name.map(Into::into), mail }
}

pub(super) fn hanako(first_name: Option<&str>) -> Person {
    Person { username: "hanako".into(), first_name: first_name.map(Into::into) }
}
