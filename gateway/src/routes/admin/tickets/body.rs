//! The JSON shapes of the staff inbox (support's proto → camelCase), with the member beside each
//! ticket as identity shows them to staff. Every mirror destructures its proto message without
//! `..`: a field added to the message fails to compile here until it is mapped or dropped.

use std::collections::HashMap;

use meguri_proto::identity as id_pb;
use meguri_proto::support as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::ApiError;
use crate::routes::support::body::{
    TicketAttachmentBody, TicketAuthorType, TicketPriority, TicketStatus, TicketVia, attachments_of, author_type_of,
    priority_of, status_of, via_of,
};

/// A member as staff see them (never birth data).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminMemberBody {
    pub id: String,
    #[schema(required = true)]
    pub username: Option<String>,
    /// Empty once the account is deleted.
    pub email: String,
    pub email_verified: bool,
    pub created_at: String,
    #[schema(required = true)]
    pub deleted_at: Option<String>,
}

impl From<id_pb::MemberForStaff> for AdminMemberBody {
    fn from(m: id_pb::MemberForStaff) -> Self {
        let id_pb::MemberForStaff { id, username, email, email_verified, created_at, deleted_at } = m;
        Self { id, username, email, email_verified, created_at, deleted_at }
    }
}

/// The members of a page, by id.
pub type Members = HashMap<String, AdminMemberBody>;

/// A ticket as staff see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminTicketBody {
    pub id: String,
    pub subject: String,
    pub message: String,
    pub status: TicketStatus,
    pub priority: TicketPriority,
    pub last_message_at: String,
    pub last_message_preview: String,
    pub message_count: i32,
    /// Member messages staff has not opened.
    pub unread_count: i32,
    pub created_at: String,
    pub updated_at: String,
    #[schema(required = true)]
    pub closed_at: Option<String>,
    /// Null once the member deleted the account.
    #[schema(required = true)]
    pub user_id: Option<String>,
    /// The admin id it is assigned to.
    #[schema(required = true)]
    pub assigned_to: Option<String>,
    /// The member (null: deleted, or not found).
    #[schema(required = true)]
    pub member: Option<AdminMemberBody>,
}

impl AdminTicketBody {
    /// # Errors
    /// A status or priority support should never send.
    pub fn of(t: pb::Ticket, members: &Members) -> Result<Self, ApiError> {
        let pb::Ticket {
            id,
            user_id,
            subject,
            message,
            status,
            priority,
            assigned_to,
            last_message_at,
            last_message_preview,
            message_count,
            unread_count,
            created_at,
            updated_at,
            closed_at,
        } = t;
        let member = user_id.as_ref().and_then(|u| members.get(u)).cloned();
        Ok(Self {
            id,
            subject,
            message,
            status: status_of(status)?,
            priority: priority_of(priority)?,
            last_message_at,
            last_message_preview,
            message_count,
            unread_count,
            created_at,
            updated_at,
            closed_at,
            user_id,
            assigned_to,
            member,
        })
    }
}

/// One message of a thread as staff see it: notes included.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminTicketMessageBody {
    pub id: String,
    pub ticket_id: String,
    pub author_type: TicketAuthorType,
    /// The member's or the admin's id; null once the member is anonymised.
    #[schema(required = true)]
    pub author_id: Option<String>,
    #[schema(required = true)]
    pub author_name: Option<String>,
    pub body: String,
    pub attachments: Vec<TicketAttachmentBody>,
    pub via: TicketVia,
    /// A note only staff sees (never mailed).
    pub internal: bool,
    pub is_read: bool,
    pub created_at: String,
}

impl TryFrom<pb::TicketMessage> for AdminTicketMessageBody {
    type Error = ApiError;

    fn try_from(m: pb::TicketMessage) -> Result<Self, ApiError> {
        let pb::TicketMessage {
            id,
            ticket_id,
            author_type,
            author_id,
            author_name,
            body,
            attachments,
            via,
            is_read,
            internal,
            created_at,
        } = m;
        Ok(Self {
            id,
            ticket_id,
            author_type: author_type_of(author_type)?,
            author_id,
            author_name,
            body,
            attachments: attachments_of(attachments),
            via: via_of(via),
            internal,
            is_read,
            created_at,
        })
    }
}

/// Tickets per status (the inbox's tabs).
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusCounts {
    pub open: i64,
    pub in_progress: i64,
    pub closed: i64,
}

impl From<pb::TicketCounts> for StatusCounts {
    fn from(c: pb::TicketCounts) -> Self {
        let mut out = Self::default();
        for pb::ticket_counts::Count { status, priority: _, count } in c.counts {
            match pb::TicketStatus::try_from(status) {
                Ok(pb::TicketStatus::Open) => out.open += count,
                Ok(pb::TicketStatus::InProgress) => out.in_progress += count,
                Ok(pb::TicketStatus::Closed) => out.closed += count,
                _ => {}
            }
        }
        out
    }
}

/// `GET /api/admin/tickets`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminTicketsBody {
    pub tickets: Vec<AdminTicketBody>,
    /// The next page's cursor; null on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
    pub counts: StatusCounts,
}

/// `GET /api/admin/tickets/{id}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminTicketThreadBody {
    pub ticket: AdminTicketBody,
    /// Oldest first, notes included.
    pub messages: Vec<AdminTicketMessageBody>,
    #[schema(required = true)]
    pub member: Option<AdminMemberBody>,
}

/// The inbox's query.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct TicketsQuery {
    /// `open`, `in_progress` or `closed`; absent: any.
    pub status: Option<String>,
    /// `low`, `normal`, `high` or `urgent`; absent: any.
    pub priority: Option<String>,
    /// An admin id, `me` (the caller) or `none` (unassigned); absent: anyone.
    pub assignee: Option<String>,
    /// Text the subject contains (case-insensitive).
    pub q: Option<String>,
    /// The previous answer's `nextCursor`.
    pub cursor: Option<String>,
    /// 1..=100 (default 50).
    pub limit: Option<i32>,
}

/// A status from a query or body.
///
/// # Errors
/// 400 `INVALID_STATUS`.
pub fn status_in(raw: &str) -> Result<pb::TicketStatus, ApiError> {
    match raw {
        "open" => Ok(pb::TicketStatus::Open),
        "in_progress" => Ok(pb::TicketStatus::InProgress),
        "closed" => Ok(pb::TicketStatus::Closed),
        _ => Err(ApiError::Invalid("INVALID_STATUS")),
    }
}

/// A priority from a query or body.
///
/// # Errors
/// 400 `INVALID_PRIORITY`.
pub fn priority_in(raw: &str) -> Result<pb::TicketPriority, ApiError> {
    match raw {
        "low" => Ok(pb::TicketPriority::Low),
        "normal" => Ok(pb::TicketPriority::Normal),
        "high" => Ok(pb::TicketPriority::High),
        "urgent" => Ok(pb::TicketPriority::Urgent),
        _ => Err(ApiError::Invalid("INVALID_PRIORITY")),
    }
}

/// `POST /api/admin/tickets/{id}/assign`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AssignBody {
    /// The admin to assign it to; null: unassign.
    #[schema(required = true)]
    pub admin_id: Option<String>,
}

/// `PATCH /api/admin/tickets/{id}`: either or both.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateTicketBody {
    pub status: Option<String>,
    pub priority: Option<String>,
}

/// `POST /api/admin/tickets/{id}/messages`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct StaffMessageBody {
    /// A UUID made once per submission: the same id again answers the first message.
    #[schema(required = true)]
    pub request_id: String,
    /// 1..=5000 characters.
    #[schema(required = true)]
    pub body: String,
    /// A note only staff sees (not mailed).
    pub internal: bool,
    /// The name the member sees (1..=50); absent: サポート担当.
    pub author_name: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_up_per_status_over_priorities() {
        let count = |status: pb::TicketStatus, priority: pb::TicketPriority, count| pb::ticket_counts::Count {
            status: status as i32,
            priority: priority as i32,
            count,
        };
        let counts = StatusCounts::from(pb::TicketCounts {
            counts: vec![
                count(pb::TicketStatus::Open, pb::TicketPriority::Normal, 3),
                count(pb::TicketStatus::Open, pb::TicketPriority::Urgent, 1),
                count(pb::TicketStatus::Closed, pb::TicketPriority::Low, 2),
            ],
        });
        assert_eq!((counts.open, counts.in_progress, counts.closed), (4, 0, 2));
    }

    #[test]
    fn a_note_keeps_its_mark_for_staff() {
        let note = pb::TicketMessage {
            internal: true,
            author_type: pb::AuthorType::Staff as i32,
            body: "社内メモ".into(),
            ..Default::default()
        };
        assert!(AdminTicketMessageBody::try_from(note).expect("staff sees notes").internal);
        assert_eq!(status_in("pending").expect_err("unknown").body().code, "INVALID_STATUS");
        assert_eq!(priority_in("urgent").expect("known"), pb::TicketPriority::Urgent);
    }
}
