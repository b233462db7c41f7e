//! The JSON shapes of the support routes (support's proto → camelCase at the edge), the reading of
//! the two bodies and of a ticket id from a path.
//!
//! Every mirror destructures its proto message without `..`: a field added to the message fails to
//! compile here until it is mapped or named and dropped.

use anyhow::anyhow;
use meguri_proto::support as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::routes::diary::body::path_id;

/// The NOT_FOUND code of a ticket (unknown, someone else's, or not an id at all).
pub const TICKET_NOT_FOUND: &str = "TICKET_NOT_FOUND";
/// The code of a body whose `requestId` is not a UUID.
pub const INVALID_REQUEST_ID: &str = "INVALID_REQUEST_ID";

/// The proto reference to the ticket a path names.
///
/// # Errors
/// 404 `TICKET_NOT_FOUND` when it is not a UUID (support is not asked).
pub fn ticket_ref(raw: &str) -> Result<pb::TicketRef, ApiError> {
    Ok(pb::TicketRef { ticket_id: path_id(raw, TICKET_NOT_FOUND)? })
}

/// A client request id, canonical.
///
/// # Errors
/// 400 `INVALID_REQUEST_ID`.
pub fn request_id(raw: &str) -> Result<String, ApiError> {
    uuid::Uuid::parse_str(raw.trim())
        .map(|id| id.hyphenated().to_string())
        .map_err(|_| ApiError::Invalid(INVALID_REQUEST_ID))
}

/// `POST /api/support/tickets`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct OpenTicketBody {
    /// A UUID the client makes once per submission: the same id again answers the ticket the first
    /// submission opened (a double click opens one ticket).
    #[schema(
        required = true,
        example = "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b",
        pattern = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
    )]
    pub request_id: String,
    /// One line, 1..=100 characters after trimming.
    #[schema(required = true, example = "ログインできません", min_length = 1, max_length = 100)]
    pub subject: String,
    /// 1..=5000 characters after trimming.
    #[schema(
        required = true,
        example = "パスワードを再設定してもログインできません。",
        min_length = 1,
        max_length = 5000
    )]
    pub message: String,
}

impl OpenTicketBody {
    /// # Errors
    /// 400 `INVALID_REQUEST_ID`.
    pub fn request(self, attachments: Vec<Vec<u8>>) -> Result<pb::OpenTicketRequest, ApiError> {
        Ok(pb::OpenTicketRequest {
            request_id: request_id(&self.request_id)?,
            subject: self.subject,
            body: self.message,
            attachments,
        })
    }
}

/// `POST /api/support/tickets` as `multipart/form-data`: the fields of [`OpenTicketBody`] and the
/// screenshots.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // the document's shape; the form is read by `form::TicketForm`
pub struct OpenTicketForm {
    #[schema(required = true)]
    pub request_id: String,
    #[schema(required = true)]
    pub subject: String,
    #[schema(required = true)]
    pub message: String,
    /// Up to 3 PNG or JPEG files (by content), at most 2 MiB each; support stores a re-encoded copy
    /// without metadata.
    #[schema(value_type = Vec<String>, format = Binary, max_items = 3)]
    pub attachments: Vec<Vec<u8>>,
}

/// `POST /api/support/tickets/{id}/messages` as `multipart/form-data`.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // the document's shape; the form is read by `form::TicketForm`
pub struct PostTicketMessageForm {
    #[schema(required = true)]
    pub request_id: String,
    #[schema(required = true)]
    pub message: String,
    /// As [`OpenTicketForm`]'s.
    #[schema(value_type = Vec<String>, format = Binary, max_items = 3)]
    pub attachments: Vec<Vec<u8>>,
}

/// `POST /api/support/tickets/{id}/messages`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PostTicketMessageBody {
    /// A UUID the client makes once per message: the same id again answers the message stored first.
    #[schema(
        required = true,
        example = "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6c",
        pattern = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
    )]
    pub request_id: String,
    /// 1..=5000 characters after trimming.
    #[schema(
        required = true,
        example = "ありがとうございます。もう一度試してみます。",
        min_length = 1,
        max_length = 5000
    )]
    pub message: String,
}

impl PostTicketMessageBody {
    /// # Errors
    /// 400 `INVALID_REQUEST_ID`.
    pub fn request(self, ticket: pb::TicketRef, attachments: Vec<Vec<u8>>) -> Result<pb::PostMessageRequest, ApiError> {
        Ok(pb::PostMessageRequest {
            ticket_id: ticket.ticket_id,
            request_id: request_id(&self.request_id)?,
            body: self.message,
            attachments,
        })
    }

    /// The answer through a reply link.
    ///
    /// # Errors
    /// 400 `INVALID_REQUEST_ID`.
    pub fn by_link(self, token: String) -> Result<pb::ReplyByLinkRequest, ApiError> {
        Ok(pb::ReplyByLinkRequest { token, request_id: request_id(&self.request_id)?, body: self.message })
    }
}

/// Spec §4 ticket status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TicketStatus {
    Open,
    InProgress,
    Closed,
}

/// Spec §4 ticket priority.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TicketPriority {
    Low,
    Normal,
    High,
    Urgent,
}

/// A support ticket as its member sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketBody {
    #[schema(example = "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a6b")]
    pub id: String,
    #[schema(example = "ログインできません")]
    pub subject: String,
    /// The first message's text.
    pub message: String,
    pub status: TicketStatus,
    pub priority: TicketPriority,
    /// RFC 3339.
    pub last_message_at: String,
    /// The start of the newest message, one line.
    pub last_message_preview: String,
    pub message_count: i32,
    /// Staff replies the member has not opened yet.
    pub unread_count: i32,
    pub created_at: String,
    pub updated_at: String,
    #[schema(required = true)]
    pub closed_at: Option<String>,
}

/// A status support sent.
///
/// # Errors
/// One outside the proto's enum (500).
pub fn status_of(raw: i32) -> Result<TicketStatus, ApiError> {
    match pb::TicketStatus::try_from(raw) {
        Ok(pb::TicketStatus::Open) => Ok(TicketStatus::Open),
        Ok(pb::TicketStatus::InProgress) => Ok(TicketStatus::InProgress),
        Ok(pb::TicketStatus::Closed) => Ok(TicketStatus::Closed),
        _ => Err(ApiError::Unexpected(anyhow!("support sent ticket status {raw}"))),
    }
}

/// A priority support sent.
///
/// # Errors
/// One outside the proto's enum (500).
pub fn priority_of(raw: i32) -> Result<TicketPriority, ApiError> {
    match pb::TicketPriority::try_from(raw) {
        Ok(pb::TicketPriority::Low) => Ok(TicketPriority::Low),
        Ok(pb::TicketPriority::Normal) => Ok(TicketPriority::Normal),
        Ok(pb::TicketPriority::High) => Ok(TicketPriority::High),
        Ok(pb::TicketPriority::Urgent) => Ok(TicketPriority::Urgent),
        _ => Err(ApiError::Unexpected(anyhow!("support sent ticket priority {raw}"))),
    }
}

impl TryFrom<pb::Ticket> for TicketBody {
    type Error = ApiError;

    fn try_from(t: pb::Ticket) -> Result<Self, ApiError> {
        let pb::Ticket {
            id,
            // The member's own id: the caller knows it. Staff fields stay with staff.
            user_id: _,
            subject,
            message,
            status,
            priority,
            assigned_to: _,
            last_message_at,
            last_message_preview,
            message_count,
            unread_count,
            created_at,
            updated_at,
            closed_at,
        } = t;
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
        })
    }
}

/// Who wrote a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TicketAuthorType {
    Member,
    Staff,
}

/// How a message arrived.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TicketVia {
    /// The app.
    Web,
    /// The reply link of a support mail.
    Email,
}

/// A screenshot of a message. The member fetches it at `/api/support/attachments/{id}`; the reply
/// page at `/api/public/support/reply/{token}/attachments/{id}`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketAttachmentBody {
    #[schema(example = "0191b7e4-8a4e-7c3a-9b55-3f1d2c4e5a70")]
    pub id: String,
    /// `image/png` or `image/jpeg`.
    #[schema(example = "image/png")]
    pub content_type: String,
    pub width: i32,
    pub height: i32,
    /// Of the stored (re-encoded) copy.
    pub size_bytes: i32,
}

impl From<pb::Attachment> for TicketAttachmentBody {
    fn from(a: pb::Attachment) -> Self {
        let pb::Attachment { id, content_type, width, height, size_bytes } = a;
        Self { id, content_type, width, height, size_bytes }
    }
}

/// The author type support sent (the member's and the staff's message bodies share it).
///
/// # Errors
/// One outside the proto's enum (500).
pub fn author_type_of(raw: i32) -> Result<TicketAuthorType, ApiError> {
    match pb::AuthorType::try_from(raw) {
        Ok(pb::AuthorType::Member) => Ok(TicketAuthorType::Member),
        Ok(pb::AuthorType::Staff) => Ok(TicketAuthorType::Staff),
        _ => Err(ApiError::Unexpected(anyhow!("support sent author type {raw}"))),
    }
}

/// How a message arrived (support's `via`; anything but email is the app).
#[must_use]
pub fn via_of(raw: i32) -> TicketVia {
    if raw == pb::Via::Email as i32 { TicketVia::Email } else { TicketVia::Web }
}

/// A message's screenshots, in the order sent.
#[must_use]
pub fn attachments_of(attachments: Vec<pb::Attachment>) -> Vec<TicketAttachmentBody> {
    attachments.into_iter().map(TicketAttachmentBody::from).collect()
}

/// One message of a ticket's thread.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketMessageBody {
    pub id: String,
    pub ticket_id: String,
    pub author_type: TicketAuthorType,
    /// The staff's name (サポート担当); null for the member's own messages.
    #[schema(required = true, example = "サポート担当")]
    pub author_name: Option<String>,
    pub body: String,
    /// The screenshots sent with it, in the order sent.
    pub attachments: Vec<TicketAttachmentBody>,
    pub via: TicketVia,
    /// Staff replies: the member has opened them; the member's messages: staff has.
    pub is_read: bool,
    pub created_at: String,
}

impl TryFrom<pb::TicketMessage> for TicketMessageBody {
    type Error = ApiError;

    fn try_from(m: pb::TicketMessage) -> Result<Self, ApiError> {
        let pb::TicketMessage {
            id,
            ticket_id,
            author_type,
            author_id: _,
            author_name,
            body,
            attachments,
            via,
            is_read,
            internal,
            created_at,
        } = m;
        if internal {
            // support never sends a staff note to a member's call; refuse rather than show one.
            return Err(ApiError::Unexpected(anyhow!("support sent an internal note to a member")));
        }
        Ok(Self {
            id,
            ticket_id,
            author_type: author_type_of(author_type)?,
            author_name,
            body,
            attachments: attachments_of(attachments),
            via: via_of(via),
            is_read,
            created_at,
        })
    }
}

/// A ticket with its messages, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct TicketThreadBody {
    pub ticket: TicketBody,
    pub messages: Vec<TicketMessageBody>,
}

impl TryFrom<pb::TicketThread> for TicketThreadBody {
    type Error = ApiError;

    fn try_from(t: pb::TicketThread) -> Result<Self, ApiError> {
        let pb::TicketThread { ticket, messages } = t;
        let ticket = ticket.ok_or_else(|| ApiError::Unexpected(anyhow!("support sent a thread without its ticket")))?;
        Ok(Self {
            ticket: TicketBody::try_from(ticket)?,
            messages: messages.into_iter().map(TicketMessageBody::try_from).collect::<Result<_, _>>()?,
        })
    }
}

/// `GET /api/public/support/reply/{token}`: the link's ticket as its member sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReplyThreadBody {
    pub ticket: TicketBody,
    /// Oldest first; never a staff note.
    pub messages: Vec<TicketMessageBody>,
    /// RFC 3339: when the link stops working.
    pub expires_at: String,
}

impl TryFrom<pb::ReplyThread> for ReplyThreadBody {
    type Error = ApiError;

    fn try_from(r: pb::ReplyThread) -> Result<Self, ApiError> {
        let pb::ReplyThread { thread, expires_at } = r;
        let thread = thread.ok_or_else(|| ApiError::Unexpected(anyhow!("support sent a link without its thread")))?;
        let TicketThreadBody { ticket, messages } = TicketThreadBody::try_from(thread)?;
        Ok(Self { ticket, messages, expires_at })
    }
}

/// `GET /api/support/tickets`.
#[derive(Debug, Serialize, ToSchema)]
pub struct TicketsBody {
    /// Newest activity first.
    pub tickets: Vec<TicketBody>,
}

impl TryFrom<pb::ListTicketsResponse> for TicketsBody {
    type Error = ApiError;

    fn try_from(r: pb::ListTicketsResponse) -> Result<Self, ApiError> {
        let pb::ListTicketsResponse { tickets } = r;
        Ok(Self { tickets: tickets.into_iter().map(TicketBody::try_from).collect::<Result<_, _>>()? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_checked_at_the_edge() {
        assert_eq!(ticket_ref("../x").expect_err("no id").body().code, TICKET_NOT_FOUND);
        let body = OpenTicketBody { request_id: "nope".into(), subject: "s".into(), message: "m".into() };
        assert_eq!(body.request(Vec::new()).expect_err("no id").body().code, INVALID_REQUEST_ID);
        let id = "0191B7E4-8A4E-7C3A-9B55-3F1D2C4E5A6B";
        let body = OpenTicketBody { request_id: id.into(), subject: "s".into(), message: "m".into() };
        let request = body.request(vec![b"png".to_vec()]).expect("valid");
        assert_eq!(request.request_id, id.to_lowercase());
        assert_eq!(request.attachments, [b"png".to_vec()]);
    }

    #[test]
    fn a_staff_note_never_reaches_a_member() {
        let note =
            pb::TicketMessage { internal: true, author_type: pb::AuthorType::Staff as i32, ..Default::default() };
        assert!(TicketMessageBody::try_from(note).is_err());
    }
}
