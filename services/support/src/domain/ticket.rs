//! A ticket's words and states: the subject and message a member writes, the name on a staff
//! reply, the statuses and priorities of spec §4 (and what a status change does to `closed_at`),
//! and the preview the ticket list shows.

use chrono::{DateTime, Utc};

/// The longest subject, in characters (after trimming).
pub const MAX_SUBJECT_CHARS: usize = 100;
/// The longest message, in characters (after trimming).
pub const MAX_BODY_CHARS: usize = 5000;
/// Screenshots one message may carry.
pub const MAX_ATTACHMENTS: usize = 3;
/// Characters of the newest message the ticket list shows.
pub const PREVIEW_CHARS: usize = 80;
/// The longest staff name a member sees on a reply, in characters (after trimming).
pub const MAX_AUTHOR_NAME_CHARS: usize = 50;
/// The name a staff reply carries when staff gives none.
pub const DEFAULT_AUTHOR_NAME: &str = "サポート担当";

/// A rule a caller's input broke (a member's or staff's); each has a stable code and is
/// INVALID_ARGUMENT.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Invalid {
    SubjectRequired,
    SubjectTooLong,
    MessageRequired,
    MessageTooLong,
    TooManyAttachments,
    /// A staff name over [`MAX_AUTHOR_NAME_CHARS`], or not one line.
    AuthorNameTooLong,
    /// A status that is not one of spec §4's.
    Status,
    /// A priority that is not one of spec §4's.
    Priority,
    /// A list cursor this service did not write.
    Cursor,
    /// An admin id that is not a UUID (nor "none" where that is allowed).
    AdminId,
    /// A page size outside 1..=100.
    Limit,
    /// A member id (the list's filter) that is not a UUID.
    UserId,
}

impl Invalid {
    /// The stable code (`x-meguri-code`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::SubjectRequired => "TICKET_SUBJECT_REQUIRED",
            Self::SubjectTooLong => "TICKET_SUBJECT_TOO_LONG",
            Self::MessageRequired => "TICKET_MESSAGE_REQUIRED",
            Self::MessageTooLong => "TICKET_MESSAGE_TOO_LONG",
            Self::TooManyAttachments => "TOO_MANY_ATTACHMENTS",
            Self::AuthorNameTooLong => "AUTHOR_NAME_TOO_LONG",
            Self::Status => "INVALID_STATUS",
            Self::Priority => "INVALID_PRIORITY",
            Self::Cursor => "INVALID_CURSOR",
            Self::AdminId => "INVALID_ADMIN_ID",
            Self::Limit => "INVALID_LIMIT",
            Self::UserId => "INVALID_USER_ID",
        }
    }
}

/// Trimmed text of 1..=`max` characters; control characters other than line breaks and tabs are
/// refused as if the text were too long to store (they never come from a form).
fn text(raw: &str, max: usize, required: Invalid, too_long: Invalid, one_line: bool) -> Result<String, Invalid> {
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        return Err(required);
    }
    let allowed = |c: char| !c.is_control() || (!one_line && (c == '\n' || c == '\t' || c == '\r'));
    if trimmed.chars().count() > max || !trimmed.chars().all(allowed) {
        return Err(too_long);
    }
    Ok(trimmed.replace("\r\n", "\n"))
}

/// A ticket's subject: one line of 1..=100 characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subject(String);

impl Subject {
    /// # Errors
    /// [`Invalid::SubjectRequired`] when blank, [`Invalid::SubjectTooLong`] over 100 characters or
    /// with a line break or control character.
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        text(raw, MAX_SUBJECT_CHARS, Invalid::SubjectRequired, Invalid::SubjectTooLong, true).map(Self)
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A message's text: 1..=5000 characters, line breaks kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Body(String);

impl Body {
    /// # Errors
    /// [`Invalid::MessageRequired`] when blank, [`Invalid::MessageTooLong`] over 5000 characters.
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        text(raw, MAX_BODY_CHARS, Invalid::MessageRequired, Invalid::MessageTooLong, false).map(Self)
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The name a staff reply shows the member: one line of 1..=50 characters; blank is
/// [`DEFAULT_AUTHOR_NAME`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuthorName(String);

impl AuthorName {
    /// # Errors
    /// [`Invalid::AuthorNameTooLong`] over 50 characters or with a line break or control character.
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        match text(raw, MAX_AUTHOR_NAME_CHARS, Invalid::AuthorNameTooLong, Invalid::AuthorNameTooLong, true) {
            Ok(name) => Ok(Self(name)),
            Err(_) if raw.trim().is_empty() => Ok(Self(DEFAULT_AUTHOR_NAME.to_owned())),
            Err(e) => Err(e),
        }
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The start of a message as one line: runs of white space become one space, and a cut text ends
/// with "…".
#[must_use]
pub fn preview(body: &str) -> String {
    let flat = body.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= PREVIEW_CHARS {
        return flat;
    }
    let mut cut: String = flat.chars().take(PREVIEW_CHARS - 1).collect();
    cut.push('…');
    cut
}

/// Spec §4 ticket status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Open,
    InProgress,
    Closed,
}

impl Status {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::InProgress => "in_progress",
            Self::Closed => "closed",
        }
    }

    #[must_use]
    pub fn from_store(raw: &str) -> Option<Self> {
        match raw {
            "open" => Some(Self::Open),
            "in_progress" => Some(Self::InProgress),
            "closed" => Some(Self::Closed),
            _ => None,
        }
    }

    /// `closed_at` after staff sets the status from `self` to `next` at `now`: closing stamps the
    /// time (a ticket already closed keeps the time it was closed), any other status clears it (the
    /// table's CHECK: set exactly when closed).
    #[must_use]
    pub fn closed_at_after(
        self,
        next: Self,
        closed_at: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> Option<DateTime<Utc>> {
        match (self, next) {
            (Self::Closed, Self::Closed) => closed_at.or(Some(now)),
            (_, Self::Closed) => Some(now),
            (_, Self::Open | Self::InProgress) => None,
        }
    }

    /// The status after a staff reply: unchanged. A reply on a closed ticket leaves it closed (staff
    /// may answer a last question without reopening it; the member's answer reopens it).
    #[must_use]
    pub const fn after_staff_reply(self) -> Self {
        self
    }

    /// The status after the member writes again: a closed ticket opens again; an open or
    /// in-progress one stays as it is.
    #[must_use]
    pub const fn after_member_message(self) -> Self {
        match self {
            Self::Closed => Self::Open,
            other => other,
        }
    }
}

/// Spec §4 ticket priority.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    Low,
    Normal,
    High,
    Urgent,
}

impl Priority {
    pub const ALL: [Self; 4] = [Self::Low, Self::Normal, Self::High, Self::Urgent];

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Low => "low",
            Self::Normal => "normal",
            Self::High => "high",
            Self::Urgent => "urgent",
        }
    }

    #[must_use]
    pub fn from_store(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.as_str() == raw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subject_is_one_trimmed_line_of_one_to_a_hundred_characters() {
        assert_eq!(
            Subject::parse("  ログインできません ").map(|s| s.as_str().to_owned()),
            Ok("ログインできません".into())
        );
        assert_eq!(Subject::parse(" \n "), Err(Invalid::SubjectRequired));
        assert!(Subject::parse(&"あ".repeat(100)).is_ok());
        assert_eq!(Subject::parse(&"あ".repeat(101)), Err(Invalid::SubjectTooLong));
        assert_eq!(Subject::parse("二行\nの件名"), Err(Invalid::SubjectTooLong));
    }

    #[test]
    fn a_message_keeps_its_lines_and_is_at_most_five_thousand_characters() {
        assert_eq!(Body::parse(" 一行目\r\n二行目 ").map(|b| b.as_str().to_owned()), Ok("一行目\n二行目".into()));
        assert_eq!(Body::parse(""), Err(Invalid::MessageRequired));
        assert!(Body::parse(&"字".repeat(5000)).is_ok());
        assert_eq!(Body::parse(&"字".repeat(5001)), Err(Invalid::MessageTooLong));
        assert_eq!(Body::parse(&"x".repeat(100_000)), Err(Invalid::MessageTooLong));
        assert_eq!(Body::parse("bell\u{7}"), Err(Invalid::MessageTooLong));
    }

    #[test]
    fn the_preview_is_one_line_cut_with_an_ellipsis() {
        assert_eq!(preview("こんにちは。\n\n  画面が  白いです"), "こんにちは。 画面が 白いです");
        let long = preview(&"長".repeat(200));
        assert_eq!(long.chars().count(), PREVIEW_CHARS);
        assert!(long.ends_with('…'));
    }

    #[test]
    fn statuses_and_priorities_round_trip_and_a_member_message_reopens_a_closed_ticket() {
        for s in [Status::Open, Status::InProgress, Status::Closed] {
            assert_eq!(Status::from_store(s.as_str()), Some(s));
        }
        for p in [Priority::Low, Priority::Normal, Priority::High, Priority::Urgent] {
            assert_eq!(Priority::from_store(p.as_str()), Some(p));
        }
        assert_eq!(Status::from_store("pending"), None);
        assert_eq!(Status::Closed.after_member_message(), Status::Open);
        assert_eq!(Status::InProgress.after_member_message(), Status::InProgress);
        assert_eq!(Status::Closed.after_staff_reply(), Status::Closed);
    }

    #[test]
    fn closing_stamps_closed_at_once_and_any_other_status_clears_it() {
        let (then, now) = (DateTime::<Utc>::UNIX_EPOCH, DateTime::<Utc>::UNIX_EPOCH + chrono::Duration::hours(1));
        assert_eq!(Status::Open.closed_at_after(Status::Closed, None, now), Some(now));
        assert_eq!(Status::InProgress.closed_at_after(Status::Closed, None, now), Some(now));
        assert_eq!(Status::Closed.closed_at_after(Status::Closed, Some(then), now), Some(then));
        assert_eq!(Status::Closed.closed_at_after(Status::Open, Some(then), now), None);
        assert_eq!(Status::Closed.closed_at_after(Status::InProgress, Some(then), now), None);
        assert_eq!(Status::Open.closed_at_after(Status::InProgress, None, now), None);
    }

    #[test]
    fn a_staff_name_is_one_line_of_at_most_fifty_characters_and_blank_is_support_staff() {
        assert_eq!(AuthorName::parse("  ").map(|n| n.as_str().to_owned()), Ok("サポート担当".into()));
        assert_eq!(AuthorName::parse(" 佐藤 ").map(|n| n.as_str().to_owned()), Ok("佐藤".into()));
        assert!(AuthorName::parse(&"名".repeat(50)).is_ok());
        assert_eq!(AuthorName::parse(&"名".repeat(51)), Err(Invalid::AuthorNameTooLong));
        assert_eq!(AuthorName::parse("二行\nの名"), Err(Invalid::AuthorNameTooLong));
    }
}
