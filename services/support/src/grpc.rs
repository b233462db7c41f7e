//! The tonic implementation: only translation (proto → use case → proto, errors through
//! `error.rs`). No SQL, no rules.

use chrono::{DateTime, SecondsFormat, Utc};
use meguri_ids::UserId;
use meguri_proto::meguri::support::v1 as pb;
use pb::support_server::Support;
use tonic::{Request, Response, Status};
use uuid::Uuid;

use crate::domain::analytics::MAX_RANGE_DAYS;
use crate::domain::{Assignee, Cursor, Invalid, Priority, Status as TicketStatus, assignment, page_size, staff};
use crate::error::Error;
use crate::usecases::UseCases;
use crate::usecases::files::File;
use crate::usecases::staff::{Filter, Reply};
use crate::usecases::tickets::{Attachment, Author, Message, Thread, Ticket};
use meguri_japan_day::DayRange;

/// The Support service over the use cases.
#[derive(Clone)]
pub struct SupportService {
    pub usecases: UseCases,
}

fn time(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Millis, true)
}

fn status_out(s: TicketStatus) -> i32 {
    (match s {
        TicketStatus::Open => pb::TicketStatus::Open,
        TicketStatus::InProgress => pb::TicketStatus::InProgress,
        TicketStatus::Closed => pb::TicketStatus::Closed,
    }) as i32
}

fn priority_out(p: Priority) -> i32 {
    (match p {
        Priority::Low => pb::TicketPriority::Low,
        Priority::Normal => pb::TicketPriority::Normal,
        Priority::High => pb::TicketPriority::High,
        Priority::Urgent => pb::TicketPriority::Urgent,
    }) as i32
}

/// A status from a request: UNSPECIFIED is `None` (any / unchanged).
fn status_in(raw: i32) -> Result<Option<TicketStatus>, Error> {
    match pb::TicketStatus::try_from(raw) {
        Ok(pb::TicketStatus::Unspecified) => Ok(None),
        Ok(pb::TicketStatus::Open) => Ok(Some(TicketStatus::Open)),
        Ok(pb::TicketStatus::InProgress) => Ok(Some(TicketStatus::InProgress)),
        Ok(pb::TicketStatus::Closed) => Ok(Some(TicketStatus::Closed)),
        Err(_) => Err(Invalid::Status.into()),
    }
}

/// A priority from a request: UNSPECIFIED is `None` (any / unchanged).
fn priority_in(raw: i32) -> Result<Option<Priority>, Error> {
    match pb::TicketPriority::try_from(raw) {
        Ok(pb::TicketPriority::Unspecified) => Ok(None),
        Ok(pb::TicketPriority::Low) => Ok(Some(Priority::Low)),
        Ok(pb::TicketPriority::Normal) => Ok(Some(Priority::Normal)),
        Ok(pb::TicketPriority::High) => Ok(Some(Priority::High)),
        Ok(pb::TicketPriority::Urgent) => Ok(Some(Priority::Urgent)),
        Err(_) => Err(Invalid::Priority.into()),
    }
}

fn ticket_out(t: Ticket) -> pb::Ticket {
    pb::Ticket {
        id: t.id.to_string(),
        user_id: t.user_id.map(|u| u.to_string()),
        subject: t.subject,
        message: t.message,
        status: status_out(t.status),
        priority: priority_out(t.priority),
        assigned_to: t.assigned_to.map(|a| a.to_string()),
        last_message_at: time(t.last_message_at),
        last_message_preview: t.last_message_preview,
        message_count: t.message_count,
        unread_count: t.unread,
        created_at: time(t.created_at),
        updated_at: time(t.updated_at),
        closed_at: t.closed_at.map(time),
    }
}

fn message_out(m: Message) -> pb::TicketMessage {
    pb::TicketMessage {
        id: m.id.to_string(),
        ticket_id: m.ticket_id.to_string(),
        author_type: (match m.author {
            Author::Member => pb::AuthorType::Member,
            Author::Staff => pb::AuthorType::Staff,
        }) as i32,
        author_id: m.author_id.map(|a| a.to_string()),
        author_name: m.author_name,
        body: m.body,
        attachments: m.attachments.into_iter().map(attachment_out).collect(),
        via: (if m.by_email { pb::Via::Email } else { pb::Via::Web }) as i32,
        is_read: m.is_read,
        internal: m.internal,
        created_at: time(m.created_at),
    }
}

fn attachment_out(a: Attachment) -> pb::Attachment {
    pb::Attachment {
        id: a.id.to_string(),
        content_type: a.content_type,
        width: a.width,
        height: a.height,
        size_bytes: a.size_bytes,
    }
}

fn file_out(f: File) -> pb::AttachmentFile {
    pb::AttachmentFile { content_type: f.content_type, data: f.bytes }
}

fn thread_out(t: Thread) -> pb::TicketThread {
    pb::TicketThread { ticket: Some(ticket_out(t.ticket)), messages: t.messages.into_iter().map(message_out).collect() }
}

fn request_id(raw: &str) -> Result<Uuid, Error> {
    raw.trim().parse().map_err(|_| Error::InvalidRequestId)
}

/// A ticket id from a request: anything that is not a UUID names no ticket.
fn ticket_id(raw: &str) -> Result<Uuid, Error> {
    raw.trim().parse().map_err(|_| Error::TicketNotFound)
}

/// An attachment id from a request: anything that is not a UUID names no screenshot.
fn attachment_id(raw: &str) -> Result<Uuid, Error> {
    raw.trim().parse().map_err(|_| Error::AttachmentNotFound)
}

/// The list's member filter: empty for anyone's tickets.
fn member_filter(raw: &str) -> Result<Option<UserId>, Error> {
    match raw.trim() {
        "" => Ok(None),
        id => id.parse().map(Some).map_err(|_| Error::Invalid(Invalid::UserId)),
    }
}

#[tonic::async_trait]
impl Support for SupportService {
    #[tracing::instrument(skip_all)]
    async fn open_ticket(&self, request: Request<pb::OpenTicketRequest>) -> Result<Response<pb::TicketThread>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::Unauthenticated)?;
        let r = request.into_inner();
        let thread =
            self.usecases.open_ticket(user, request_id(&r.request_id)?, &r.subject, &r.body, r.attachments).await?;
        Ok(Response::new(thread_out(thread)))
    }

    #[tracing::instrument(skip_all)]
    async fn list_my_tickets(
        &self,
        request: Request<pb::ListMyTicketsRequest>,
    ) -> Result<Response<pb::ListTicketsResponse>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::Unauthenticated)?;
        let tickets = self.usecases.my_tickets(user).await?;
        Ok(Response::new(pb::ListTicketsResponse { tickets: tickets.into_iter().map(ticket_out).collect() }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_my_ticket(&self, request: Request<pb::TicketRef>) -> Result<Response<pb::TicketThread>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::Unauthenticated)?;
        let ticket = ticket_id(&request.get_ref().ticket_id)?;
        Ok(Response::new(thread_out(self.usecases.my_ticket(user, ticket).await?)))
    }

    #[tracing::instrument(skip_all)]
    async fn post_message(
        &self,
        request: Request<pb::PostMessageRequest>,
    ) -> Result<Response<pb::TicketMessage>, Status> {
        let user = meguri_auth::signed_in_user(&request, Error::Unauthenticated)?;
        let r = request.into_inner();
        let (ticket, request) = (ticket_id(&r.ticket_id)?, request_id(&r.request_id)?);
        let message = self.usecases.post_message(user, ticket, request, &r.body, r.attachments).await?;
        Ok(Response::new(message_out(message)))
    }

    #[tracing::instrument(skip_all)]
    async fn list_tickets(
        &self,
        request: Request<pb::ListTicketsRequest>,
    ) -> Result<Response<pb::ListTicketsPage>, Status> {
        let admin = staff(meguri_auth::caller(&request))?;
        let r = request.into_inner();
        let filter = Filter {
            status: status_in(r.status)?,
            priority: priority_in(r.priority)?,
            assignee: Assignee::parse(r.assigned_to.as_deref()).map_err(Error::from)?,
            query: r.query,
            member: member_filter(&r.user_id)?,
        };
        let after = Cursor::decode(&r.cursor).map_err(Error::from)?;
        let limit = page_size(r.limit).map_err(Error::from)?;
        let page = self.usecases.list_tickets(admin, &filter, after, limit).await?;
        Ok(Response::new(pb::ListTicketsPage {
            tickets: page.tickets.into_iter().map(ticket_out).collect(),
            next_cursor: page.next.map(Cursor::encode).unwrap_or_default(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_ticket(&self, request: Request<pb::TicketRef>) -> Result<Response<pb::TicketThread>, Status> {
        let admin = staff(meguri_auth::caller(&request))?;
        let ticket = ticket_id(&request.get_ref().ticket_id)?;
        Ok(Response::new(thread_out(self.usecases.ticket(admin, ticket).await?)))
    }

    #[tracing::instrument(skip_all)]
    async fn assign_ticket(&self, request: Request<pb::AssignTicketRequest>) -> Result<Response<pb::Ticket>, Status> {
        let admin = staff(meguri_auth::caller(&request))?;
        let r = request.into_inner();
        let to = assignment(r.admin_id.as_deref()).map_err(Error::from)?;
        Ok(Response::new(ticket_out(self.usecases.assign_ticket(admin, ticket_id(&r.ticket_id)?, to).await?)))
    }

    #[tracing::instrument(skip_all)]
    async fn update_ticket(&self, request: Request<pb::UpdateTicketRequest>) -> Result<Response<pb::Ticket>, Status> {
        let admin = staff(meguri_auth::caller(&request))?;
        let r = request.into_inner();
        let (status, priority) = (status_in(r.status)?, priority_in(r.priority)?);
        let ticket = self.usecases.update_ticket(admin, ticket_id(&r.ticket_id)?, status, priority).await?;
        Ok(Response::new(ticket_out(ticket)))
    }

    #[tracing::instrument(skip_all)]
    async fn staff_reply(
        &self,
        request: Request<pb::StaffReplyRequest>,
    ) -> Result<Response<pb::TicketMessage>, Status> {
        let admin = staff(meguri_auth::caller(&request))?;
        let r = request.into_inner();
        let reply = Reply {
            ticket: ticket_id(&r.ticket_id)?,
            request_id: request_id(&r.request_id)?,
            body: &r.body,
            internal: r.internal,
            author_name: &r.author_name,
        };
        Ok(Response::new(message_out(self.usecases.staff_reply(admin, reply).await?)))
    }

    #[tracing::instrument(skip_all)]
    async fn count_tickets(
        &self,
        request: Request<pb::CountTicketsRequest>,
    ) -> Result<Response<pb::TicketCounts>, Status> {
        let admin = staff(meguri_auth::caller(&request))?;
        let counts = self.usecases.count_tickets(admin).await?;
        Ok(Response::new(pb::TicketCounts {
            counts: counts
                .into_iter()
                .map(|(status, priority, count)| pb::ticket_counts::Count {
                    status: status_out(status),
                    priority: priority_out(priority),
                    count,
                })
                .collect(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_attachment(
        &self,
        request: Request<pb::AttachmentRef>,
    ) -> Result<Response<pb::AttachmentFile>, Status> {
        let id = attachment_id(&request.get_ref().attachment_id)?;
        let file = match meguri_auth::caller(&request) {
            // Staff see any ticket's; everyone else only their own (or none).
            Some(claims) if matches!(claims.role, meguri_auth::Role::Admin | meguri_auth::Role::Support) => {
                self.usecases.staff_attachment(staff(Some(claims))?, id).await?
            }
            _ => {
                let user = meguri_auth::signed_in_user(&request, Error::Unauthenticated)?;
                self.usecases.my_attachment(user, id).await?
            }
        };
        Ok(Response::new(file_out(file)))
    }

    #[tracing::instrument(skip_all)]
    async fn get_reply_thread(&self, request: Request<pb::ReplyLinkRef>) -> Result<Response<pb::ReplyThread>, Status> {
        let linked = self.usecases.link_thread(&request.get_ref().token).await?;
        Ok(Response::new(pb::ReplyThread {
            thread: Some(thread_out(linked.thread)),
            expires_at: time(linked.expires_at),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn reply_by_link(
        &self,
        request: Request<pb::ReplyByLinkRequest>,
    ) -> Result<Response<pb::TicketMessage>, Status> {
        let r = request.into_inner();
        let message = self.usecases.reply_by_link(&r.token, request_id(&r.request_id)?, &r.body).await?;
        Ok(Response::new(message_out(message)))
    }

    #[tracing::instrument(skip_all)]
    async fn get_reply_attachment(
        &self,
        request: Request<pb::ReplyAttachmentRef>,
    ) -> Result<Response<pb::AttachmentFile>, Status> {
        let r = request.into_inner();
        let file = self.usecases.link_attachment(&r.token, attachment_id(&r.attachment_id)?).await?;
        Ok(Response::new(file_out(file)))
    }

    #[tracing::instrument(skip_all)]
    async fn get_daily_analytics(
        &self,
        request: Request<pb::GetDailyAnalyticsRequest>,
    ) -> Result<Response<pb::DailyAnalyticsPage>, Status> {
        staff(meguri_auth::caller(&request))?;
        let r = request.into_inner();
        let range = DayRange::parse(&r.from_day, &r.to_day, MAX_RANGE_DAYS).map_err(Error::AnalyticsRange)?;
        let days = self.usecases.daily_analytics(range).await?;
        Ok(Response::new(pb::DailyAnalyticsPage { days: days.into_iter().map(daily_out).collect() }))
    }

    #[tracing::instrument(skip_all)]
    async fn roll_up_analytics(
        &self,
        request: Request<pb::GetDailyAnalyticsRequest>,
    ) -> Result<Response<pb::DailyAnalyticsPage>, Status> {
        let caller = meguri_auth::caller(&request);
        staff(caller)?;
        if caller.map(|c| c.role) != Some(meguri_auth::Role::Admin) {
            return Err(Error::PermissionDenied.into());
        }
        let r = request.into_inner();
        let range = DayRange::parse(&r.from_day, &r.to_day, MAX_ROLLUP_DAYS).map_err(Error::AnalyticsRange)?;
        let days = self.usecases.roll_up(range).await?;
        Ok(Response::new(pb::DailyAnalyticsPage { days: days.into_iter().map(daily_out).collect() }))
    }
}

/// The longest range an admin may roll up at once through the RPC (the CLI takes a year).
const MAX_ROLLUP_DAYS: i64 = 92;

fn daily_out(d: crate::db::analytics::Daily) -> pb::DailyAnalytics {
    pb::DailyAnalytics {
        day: d.date.format("%Y-%m-%d").to_string(),
        new_users: d.new_users,
        active_users: d.active_users,
        weekly_active_users: d.weekly_active_users,
        monthly_active_users: d.monthly_active_users,
        visits: d.visits,
        page_views: d.page_views,
        feature_usage_json: d.feature_usage.to_string(),
        funnel_json: d.funnel.to_string(),
        geographics_json: d.geographics.to_string(),
        browser_stats_json: d.browser_stats.to_string(),
    }
}
