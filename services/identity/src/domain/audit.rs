//! The staff audit log's values: which actions and targets exist, an entry as recorded, the
//! staff roles, and the cursor of the log's pages.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::error::Error;

/// Every staff action the log knows (docs/api/admin.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuditAction {
    SignIn,
    StaffCreate,
    StaffRole,
    StaffDeactivate,
    StaffReactivate,
    TicketAssign,
    TicketStatus,
    TicketPriority,
    TicketReply,
    TicketNote,
    CreditsAdjust,
    ChartRetry,
}

impl AuditAction {
    pub const ALL: [Self; 12] = [
        Self::SignIn,
        Self::StaffCreate,
        Self::StaffRole,
        Self::StaffDeactivate,
        Self::StaffReactivate,
        Self::TicketAssign,
        Self::TicketStatus,
        Self::TicketPriority,
        Self::TicketReply,
        Self::TicketNote,
        Self::CreditsAdjust,
        Self::ChartRetry,
    ];

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::SignIn => "staff.sign_in",
            Self::StaffCreate => "staff.create",
            Self::StaffRole => "staff.role",
            Self::StaffDeactivate => "staff.deactivate",
            Self::StaffReactivate => "staff.reactivate",
            Self::TicketAssign => "ticket.assign",
            Self::TicketStatus => "ticket.status",
            Self::TicketPriority => "ticket.priority",
            Self::TicketReply => "ticket.reply",
            Self::TicketNote => "ticket.note",
            Self::CreditsAdjust => "credits.adjust",
            Self::ChartRetry => "chart.retry",
        }
    }

    /// # Errors
    /// [`Error::InvalidAuditAction`].
    pub fn parse(raw: &str) -> Result<Self, Error> {
        Self::ALL.into_iter().find(|a| a.as_str() == raw).ok_or(Error::InvalidAuditAction)
    }

    /// What kind of record the action is on.
    #[must_use]
    pub const fn target(self) -> TargetType {
        match self {
            Self::SignIn | Self::StaffCreate | Self::StaffRole | Self::StaffDeactivate | Self::StaffReactivate => {
                TargetType::Staff
            }
            Self::TicketAssign | Self::TicketStatus | Self::TicketPriority | Self::TicketReply | Self::TicketNote => {
                TargetType::Ticket
            }
            Self::CreditsAdjust | Self::ChartRetry => TargetType::Member,
        }
    }
}

/// The kind of record an action is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetType {
    Ticket,
    Member,
    Staff,
}

impl TargetType {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Ticket => "ticket",
            Self::Member => "member",
            Self::Staff => "staff",
        }
    }

    /// # Errors
    /// [`Error::InvalidTargetType`].
    pub fn parse(raw: &str) -> Result<Self, Error> {
        [Self::Ticket, Self::Member, Self::Staff]
            .into_iter()
            .find(|t| t.as_str() == raw)
            .ok_or(Error::InvalidTargetType)
    }
}

/// A staff role (admin_users.role).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StaffRole {
    Admin,
    Support,
}

impl StaffRole {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Admin => "admin",
            Self::Support => "support",
        }
    }

    /// # Errors
    /// [`Error::InvalidRole`].
    pub fn parse(raw: &str) -> Result<Self, Error> {
        match raw.trim() {
            "admin" => Ok(Self::Admin),
            "support" => Ok(Self::Support),
            _ => Err(Error::InvalidRole),
        }
    }
}

/// The longest before / after / reason text kept (longer is cut, marked with …).
const MAX_TEXT_CHARS: usize = 500;

fn bounded(text: Option<String>) -> Option<String> {
    text.map(|t| {
        if t.chars().count() > MAX_TEXT_CHARS {
            let mut cut: String = t.chars().take(MAX_TEXT_CHARS - 1).collect();
            cut.push('…');
            cut
        } else {
            t
        }
    })
}

/// One entry of the log, checked: the action's target type must be the one given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditRecord {
    pub id: Uuid,
    pub at: DateTime<Utc>,
    pub actor: Uuid,
    pub action: AuditAction,
    pub target: Uuid,
    pub before: Option<String>,
    pub after: Option<String>,
    pub reason: Option<String>,
}

impl AuditRecord {
    /// An action identity takes itself (sign-in, staff accounts), now.
    #[must_use]
    pub fn new(actor: Uuid, action: AuditAction, target: Uuid, at: DateTime<Utc>) -> Self {
        Self { id: Uuid::now_v7(), at, actor, action, target, before: None, after: None, reason: None }
    }

    #[must_use]
    pub fn change(mut self, before: Option<String>, after: Option<String>) -> Self {
        self.before = bounded(before);
        self.after = bounded(after);
        self
    }

    /// Another service's record, from the `audit` stream (the event id is the entry's id, so a
    /// redelivery is kept once).
    ///
    /// # Errors
    /// [`Error::InvalidAuditAction`], [`Error::InvalidTargetType`] (also for a target type that is
    /// not the action's), [`Error::InvalidAdminId`], [`Error::InvalidInstant`].
    pub fn from_event(id: Uuid, event: meguri_proto::audit::StaffActionRecorded) -> Result<Self, Error> {
        let action = AuditAction::parse(&event.action)?;
        if TargetType::parse(&event.target_type)? != action.target() {
            return Err(Error::InvalidTargetType);
        }
        let actor = event.actor_id.parse().map_err(|_| Error::InvalidAdminId)?;
        let target = event.target_id.parse().map_err(|_| Error::InvalidTargetType)?;
        let at = DateTime::parse_from_rfc3339(&event.occurred_at).map_err(|_| Error::InvalidInstant)?.to_utc();
        Ok(Self {
            id,
            at,
            actor,
            action,
            target,
            before: bounded(event.before),
            after: bounded(event.after),
            reason: bounded(event.reason),
        })
    }
}

/// Where a page starts, in a list newest first by time then id (the audit log, the member
/// search): after the row at `at` with `id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageCursor {
    pub at: DateTime<Utc>,
    pub id: Uuid,
}

impl PageCursor {
    /// `{microseconds since the epoch}.{uuid}`, as [`PageCursor::encode`] writes it.
    ///
    /// # Errors
    /// [`Error::InvalidCursor`].
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let (micros, id) = raw.split_once('.').ok_or(Error::InvalidCursor)?;
        let micros: i64 = micros.parse().map_err(|_| Error::InvalidCursor)?;
        let at = DateTime::from_timestamp_micros(micros).ok_or(Error::InvalidCursor)?;
        let id = Uuid::try_parse(id).map_err(|_| Error::InvalidCursor)?;
        Ok(Self { at, id })
    }

    #[must_use]
    pub fn encode(self) -> String {
        format!("{}.{}", self.at.timestamp_micros(), self.id)
    }
}

/// A page size: 0 means 50; otherwise 1..=100.
///
/// # Errors
/// [`Error::InvalidLimit`].
pub fn page_limit(raw: u32) -> Result<i64, Error> {
    match raw {
        0 => Ok(50),
        1..=100 => Ok(i64::from(raw)),
        _ => Err(Error::InvalidLimit),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_back_and_name_their_target() {
        for action in AuditAction::ALL {
            assert_eq!(AuditAction::parse(action.as_str()).expect("known"), action);
        }
        assert_eq!(AuditAction::CreditsAdjust.target(), TargetType::Member);
        assert_eq!(AuditAction::TicketNote.target(), TargetType::Ticket);
        assert!(matches!(AuditAction::parse("credits.steal"), Err(Error::InvalidAuditAction)));
    }

    fn event(action: &str, target_type: &str) -> meguri_proto::audit::StaffActionRecorded {
        meguri_proto::audit::StaffActionRecorded {
            actor_id: Uuid::now_v7().to_string(),
            action: action.into(),
            target_type: target_type.into(),
            target_id: Uuid::now_v7().to_string(),
            before: Some("open".into()),
            after: Some("x".repeat(600)),
            reason: None,
            occurred_at: "2026-11-29T05:00:00.123456Z".into(),
        }
    }

    #[test]
    fn an_event_is_checked_and_its_texts_bounded() {
        let record = AuditRecord::from_event(Uuid::now_v7(), event("ticket.status", "ticket")).expect("valid");
        assert_eq!(record.after.as_deref().map(|t| t.chars().count()), Some(500));
        assert!(record.after.as_deref().is_some_and(|t| t.ends_with('…')));
        assert!(matches!(
            AuditRecord::from_event(Uuid::now_v7(), event("ticket.status", "member")),
            Err(Error::InvalidTargetType)
        ));
        let mut late = event("chart.retry", "member");
        late.occurred_at = "yesterday".into();
        assert!(matches!(AuditRecord::from_event(Uuid::now_v7(), late), Err(Error::InvalidInstant)));
    }

    #[test]
    fn cursors_round_trip_and_nothing_else_reads_as_one() {
        let cursor =
            PageCursor { at: DateTime::from_timestamp_micros(1_795_000_000_123_456).expect("at"), id: Uuid::now_v7() };
        assert_eq!(PageCursor::parse(&cursor.encode()).expect("round trip"), cursor);
        for bad in ["", "12", "x.y", "12.not-a-uuid", "99999999999999999999.0193d2b0-5a1e-7000-a000-000000000001"] {
            assert!(matches!(PageCursor::parse(bad), Err(Error::InvalidCursor)), "{bad}");
        }
        assert!(matches!(page_limit(101), Err(Error::InvalidLimit)));
        assert_eq!(page_limit(0).expect("default"), 50);
    }

    #[test]
    fn roles_are_admin_or_support() {
        assert_eq!(StaffRole::parse(" admin ").expect("admin"), StaffRole::Admin);
        assert!(matches!(StaffRole::parse("root"), Err(Error::InvalidRole)));
    }
}
