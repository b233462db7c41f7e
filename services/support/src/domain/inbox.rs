//! The staff inbox: who is staff (an admin the internal token names), and the filters and paging of
//! the ticket list.

use base64::Engine as _;
use chrono::{DateTime, Utc};
use meguri_auth::{Caller, Role};
use uuid::Uuid;

use super::Invalid;
use crate::error::Error;

meguri_ids::uuid_id!(
    /// An admin's id (identity's `admin_users`); support stores it as a plain UUID
    /// (`assigned_to`, a staff message's `author_id`).
    pub AdminId
);

/// The admin a staff call is made for. Support trusts the admin identity only from the internal
/// token: role `admin` with the admin's id as its subject.
///
/// # Errors
/// [`Error::Unauthenticated`] without verified claims, for a visitor, or for an admin token that
/// names nobody; [`Error::PermissionDenied`] for a member or a service.
pub fn staff(caller: Option<Caller>) -> Result<AdminId, Error> {
    let caller = caller.ok_or(Error::Unauthenticated)?;
    match (caller.role, caller.user) {
        (Role::Admin | Role::Support, Some(admin)) => Ok(AdminId::from_uuid(*admin.as_uuid())),
        (Role::Admin | Role::Support | Role::Visitor, _) => Err(Error::Unauthenticated),
        (Role::User | Role::Service, _) => Err(Error::PermissionDenied),
    }
}

/// Whose tickets the list shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Assignee {
    Anyone,
    Nobody,
    Admin(AdminId),
}

impl Assignee {
    /// The word that asks for the unassigned tickets.
    pub const NOBODY: &'static str = "none";

    /// Absent or empty: anyone; "none": nobody; else an admin id.
    ///
    /// # Errors
    /// [`Invalid::AdminId`] for anything else.
    pub fn parse(raw: Option<&str>) -> Result<Self, Invalid> {
        match raw.map(str::trim) {
            None | Some("") => Ok(Self::Anyone),
            Some(word) if word.eq_ignore_ascii_case(Self::NOBODY) => Ok(Self::Nobody),
            Some(id) => id.parse().map(Self::Admin).map_err(|_| Invalid::AdminId),
        }
    }
}

/// The admin a ticket is assigned to: absent or empty clears it.
///
/// # Errors
/// [`Invalid::AdminId`] for text that is not a UUID.
pub fn assignment(raw: Option<&str>) -> Result<Option<AdminId>, Invalid> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(id) => id.parse().map(Some).map_err(|_| Invalid::AdminId),
    }
}

/// Tickets per page when the caller names no size.
pub const DEFAULT_PAGE: i64 = 50;
/// The largest page.
pub const MAX_PAGE: i64 = 100;

/// The page size: 0 is [`DEFAULT_PAGE`], else 1..=[`MAX_PAGE`].
///
/// # Errors
/// [`Invalid::Limit`] for a negative size or one over the largest page.
pub fn page_size(raw: i32) -> Result<i64, Invalid> {
    match i64::from(raw) {
        0 => Ok(DEFAULT_PAGE),
        n if (1..=MAX_PAGE).contains(&n) => Ok(n),
        _ => Err(Invalid::Limit),
    }
}

/// The `ILIKE` pattern of a subject search: the trimmed words anywhere in the subject, with `\`,
/// `%` and `_` escaped so they match themselves (PostgreSQL's default escape is `\`). `None` for
/// a blank query (no filter).
#[must_use]
pub fn subject_pattern(query: &str) -> Option<String> {
    let query = query.trim();
    if query.is_empty() {
        return None;
    }
    let mut pattern = String::with_capacity(query.len() + 2);
    pattern.push('%');
    for c in query.chars() {
        if matches!(c, '\\' | '%' | '_') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    Some(pattern)
}

/// Where a page of the list ends: the last ticket's (last_message_at, id), the list's order. The
/// next page starts strictly after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cursor {
    pub last_message_at: DateTime<Utc>,
    pub id: Uuid,
}

impl Cursor {
    /// Opaque to the caller: base64url of `<microseconds since the epoch>_<id>` (PostgreSQL keeps
    /// microseconds, so the place is exact).
    #[must_use]
    pub fn encode(self) -> String {
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(format!(
            "{}_{}",
            self.last_message_at.timestamp_micros(),
            self.id
        ))
    }

    /// Empty: the first page.
    ///
    /// # Errors
    /// [`Invalid::Cursor`]: anything [`Cursor::encode`] did not write.
    pub fn decode(raw: &str) -> Result<Option<Self>, Invalid> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Ok(None);
        }
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(raw).map_err(|_| Invalid::Cursor)?;
        let text = String::from_utf8(bytes).map_err(|_| Invalid::Cursor)?;
        let (micros, id) = text.split_once('_').ok_or(Invalid::Cursor)?;
        let micros: i64 = micros.parse().map_err(|_| Invalid::Cursor)?;
        let last_message_at = DateTime::from_timestamp_micros(micros).ok_or(Invalid::Cursor)?;
        let id = Uuid::try_parse(id).map_err(|_| Invalid::Cursor)?;
        Ok(Some(Self { last_message_at, id }))
    }
}

#[cfg(test)]
mod tests {
    use meguri_ids::UserId;
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn only_an_admin_the_token_names_is_staff() {
        let id = UserId::new();
        let of = |role, user| staff(Some(Caller { role, user }));
        assert_eq!(of(Role::Admin, Some(id)).ok().map(|a| *a.as_uuid()), Some(*id.as_uuid()));
        assert!(matches!(of(Role::User, Some(id)), Err(Error::PermissionDenied)));
        assert!(matches!(of(Role::Service, None), Err(Error::PermissionDenied)));
        assert!(matches!(of(Role::Visitor, None), Err(Error::Unauthenticated)));
        assert!(matches!(of(Role::Admin, None), Err(Error::Unauthenticated)));
        assert!(matches!(staff(None), Err(Error::Unauthenticated)));
    }

    #[test]
    fn the_assignee_filter_is_anyone_nobody_or_an_admin() {
        let admin = AdminId::new();
        assert_eq!(Assignee::parse(None), Ok(Assignee::Anyone));
        assert_eq!(Assignee::parse(Some(" ")), Ok(Assignee::Anyone));
        assert_eq!(Assignee::parse(Some("none")), Ok(Assignee::Nobody));
        assert_eq!(Assignee::parse(Some(&admin.to_string())), Ok(Assignee::Admin(admin)));
        assert_eq!(Assignee::parse(Some("someone")), Err(Invalid::AdminId));
        assert_eq!(assignment(None), Ok(None));
        assert_eq!(assignment(Some("")), Ok(None));
        assert_eq!(assignment(Some(&admin.to_string())), Ok(Some(admin)));
        assert_eq!(assignment(Some("none")), Err(Invalid::AdminId));
    }

    #[test]
    fn a_page_is_one_to_a_hundred_tickets_fifty_when_unnamed() {
        assert_eq!(page_size(0), Ok(50));
        assert_eq!(page_size(1), Ok(1));
        assert_eq!(page_size(100), Ok(100));
        assert_eq!(page_size(101), Err(Invalid::Limit));
        assert_eq!(page_size(-1), Err(Invalid::Limit));
    }

    #[test]
    fn the_search_escapes_like_wildcards() {
        assert_eq!(subject_pattern("  "), None);
        assert_eq!(subject_pattern(" ログイン "), Some("%ログイン%".to_owned()));
        assert_eq!(subject_pattern(r"100%_a\b"), Some(r"%100\%\_a\\b%".to_owned()));
    }

    #[test]
    fn garbage_is_not_a_cursor() {
        assert_eq!(Cursor::decode(""), Ok(None));
        for bad in ["x", "!!!", "MTIz", "YWJjX2RlZg", "MTIzX25vdC1hLXV1aWQ"] {
            assert_eq!(Cursor::decode(bad), Err(Invalid::Cursor), "{bad}");
        }
    }

    proptest! {
        #[test]
        fn a_cursor_reads_back_as_written(micros in 0i64..4_102_444_800_000_000, id in any::<u128>()) {
            let at = DateTime::from_timestamp_micros(micros).expect("in range");
            let cursor = Cursor { last_message_at: at, id: Uuid::from_u128(id) };
            prop_assert_eq!(Cursor::decode(&cursor.encode()), Ok(Some(cursor)));
        }

        #[test]
        fn a_pattern_has_no_unescaped_wildcard(query in "[a-z%_\\\\あ ]{1,30}") {
            if let Some(pattern) = subject_pattern(&query) {
                let inner = &pattern[1..pattern.len() - 1];
                let mut chars = inner.chars();
                while let Some(c) = chars.next() {
                    if c == '\\' {
                        prop_assert!(matches!(chars.next(), Some('\\' | '%' | '_')));
                    } else {
                        prop_assert!(c != '%' && c != '_');
                    }
                }
            }
        }
    }
}
