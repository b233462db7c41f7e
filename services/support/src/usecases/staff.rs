//! The staff inbox (the admin SPA's calls): list and filter every ticket, read one with its notes,
//! assign it, change its status and priority (spec §5), reply or leave an internal note. The caller
//! is an admin the internal token names (`domain::staff`); the use cases take its id.

use diesel_async::AsyncConnection as _;
use uuid::Uuid;

use super::UseCases;
use super::tickets::{Author, Message, Thread, Ticket};
use crate::db::staff as store;
use crate::db::tickets as member_store;
use meguri_ids::UserId;
use meguri_proto::audit::StaffActionRecorded;
use meguri_proto::notify::MailRequested;
use meguri_proto::notify::mail_requested::{Kind as MailKind, SupportReply};

use crate::domain::{
    AdminId, Assignee, AuthorName, Body, Cursor, Priority, ReplyToken, Status, expires_at, preview, subject_pattern,
};
use crate::error::Error;

/// What the list keeps (parsed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filter {
    pub status: Option<Status>,
    pub priority: Option<Priority>,
    pub assignee: Assignee,
    /// Words of the subject; blank: any.
    pub query: String,
    /// One member's tickets only (the admin user page).
    pub member: Option<UserId>,
}

/// One page of the list and where the next starts (`None`: the last page).
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    pub tickets: Vec<Ticket>,
    pub next: Option<Cursor>,
}

/// A staff message to store.
pub struct Reply<'a> {
    pub ticket: Uuid,
    pub request_id: Uuid,
    pub body: &'a str,
    /// A note only staff sees.
    pub internal: bool,
    pub author_name: &'a str,
}

impl UseCases {
    /// How many tickets there are per status and priority.
    ///
    /// # Errors
    /// The database.
    #[tracing::instrument(skip_all, fields(admin_id = %admin))]
    pub async fn count_tickets(&self, admin: AdminId) -> Result<Vec<(Status, Priority, i64)>, Error> {
        self.ticket_counts().await
    }

    /// The same counts for the open-ticket gauge (no admin asks).
    ///
    /// # Errors
    /// The database.
    pub async fn ticket_counts(&self) -> Result<Vec<(Status, Priority, i64)>, Error> {
        let mut conn = self.conn().await?;
        Ok(store::counts(&mut conn).await?)
    }

    /// Tickets matching `filter`, newest activity first, `limit` per page after `after`.
    ///
    /// # Errors
    /// The database.
    #[tracing::instrument(skip_all, fields(admin_id = %admin))]
    pub async fn list_tickets(
        &self,
        admin: AdminId,
        filter: &Filter,
        after: Option<Cursor>,
        limit: i64,
    ) -> Result<Page, Error> {
        let store_filter = store::Filter {
            status: filter.status,
            priority: filter.priority,
            assignee: filter.assignee,
            subject: subject_pattern(&filter.query),
            member: filter.member,
        };
        let mut conn = self.conn().await?;
        // One more than the page tells whether another page follows.
        let mut tickets = store::list(&mut conn, &store_filter, after, limit + 1).await?;
        let more = tickets.len() > usize::try_from(limit).unwrap_or(usize::MAX);
        tickets.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
        let next =
            if more { tickets.last().map(|t| Cursor { last_message_at: t.last_message_at, id: t.id }) } else { None };
        Ok(Page { tickets, next })
    }

    /// Any ticket with its whole thread, notes included; its member messages count as read by
    /// staff from now on (the answer still marks which were new).
    ///
    /// # Errors
    /// [`Error::TicketNotFound`].
    #[tracing::instrument(skip_all, fields(admin_id = %admin, ticket_id = %ticket))]
    pub async fn ticket(&self, admin: AdminId, ticket: Uuid) -> Result<Thread, Error> {
        let mut conn = self.conn().await?;
        let found = store::find(&mut conn, ticket).await?.ok_or(Error::TicketNotFound)?;
        let messages = member_store::thread(&mut conn, ticket, true).await?;
        if found.unread > 0 {
            let shown: Vec<Uuid> =
                messages.iter().filter(|m| m.author == Author::Member && !m.is_read).map(|m| m.id).collect();
            store::mark_member_messages_read(&mut conn, ticket, &shown).await?;
        }
        Ok(Thread { ticket: found, messages })
    }

    /// Assigns the ticket to `to` (`None`: nobody). Any admin id is taken: identity owns the
    /// admins, and the inbox offers only theirs.
    ///
    /// # Errors
    /// [`Error::TicketNotFound`].
    #[tracing::instrument(skip_all, fields(admin_id = %admin, ticket_id = %ticket))]
    pub async fn assign_ticket(&self, admin: AdminId, ticket: Uuid, to: Option<AdminId>) -> Result<Ticket, Error> {
        let mut conn = self.conn().await?;
        let now = self.clock.now();
        let changed = conn
            .transaction::<_, Error, _>(async |conn| {
                let locked = store::lock(conn, ticket).await?.ok_or(Error::TicketNotFound)?;
                if locked.assigned_to == to {
                    return Ok(false);
                }
                store::assign(conn, ticket, to, now).await?;
                let id = |a: Option<AdminId>| a.map(|a| a.to_string());
                let record = audit(admin, "ticket.assign", ticket, id(locked.assigned_to), id(to), now);
                meguri_events::enqueue(conn, &record).await?;
                Ok(true)
            })
            .await?;
        if changed {
            self.relay.wake();
            tracing::info!(name: "support.ticket_assigned", assigned_to = ?to.map(|a| a.to_string()));
        }
        store::find(&mut conn, ticket).await?.ok_or(Error::TicketNotFound)
    }

    /// Spec §5 ticket update: the status and / or the priority (`None` leaves it as it is).
    /// Closing sets `closed_at`, reopening clears it.
    ///
    /// # Errors
    /// [`Error::TicketNotFound`].
    #[tracing::instrument(skip_all, fields(admin_id = %admin, ticket_id = %ticket))]
    pub async fn update_ticket(
        &self,
        admin: AdminId,
        ticket: Uuid,
        status: Option<Status>,
        priority: Option<Priority>,
    ) -> Result<Ticket, Error> {
        let mut conn = self.conn().await?;
        let now = self.clock.now();
        let audited = conn
            .transaction::<_, Error, _>(async |conn| {
                // Under the row lock, as a member's message that reopens the ticket.
                let locked = store::lock(conn, ticket).await?.ok_or(Error::TicketNotFound)?;
                let status = status.filter(|s| *s != locked.status);
                let priority = priority.filter(|p| *p != locked.priority);
                if status.is_none() && priority.is_none() {
                    return Ok(false);
                }
                let next = status.unwrap_or(locked.status);
                let closed_at = locked.status.closed_at_after(next, locked.closed_at, now);
                store::set_state(conn, ticket, next, closed_at, priority, now).await?;
                let text = |s: &str| Some(s.to_owned());
                if let Some(next) = status {
                    let record =
                        audit(admin, "ticket.status", ticket, text(locked.status.as_str()), text(next.as_str()), now);
                    meguri_events::enqueue(conn, &record).await?;
                }
                if let Some(next) = priority {
                    let before = text(locked.priority.as_str());
                    let record = audit(admin, "ticket.priority", ticket, before, text(next.as_str()), now);
                    meguri_events::enqueue(conn, &record).await?;
                }
                Ok(true)
            })
            .await?;
        if audited {
            self.relay.wake();
            if status == Some(Status::Closed) {
                crate::metrics::ticket("closed");
            }
        }
        tracing::info!(name: "support.ticket_updated", status = ?status, priority = ?priority);
        store::find(&mut conn, ticket).await?.ok_or(Error::TicketNotFound)
    }

    /// A staff reply the member sees, or an internal note. The status is left as it is (a closed
    /// ticket stays closed: `Status::after_staff_reply`). A repeat of `request_id` answers the
    /// message the first call stored.
    ///
    /// # Errors
    /// [`Error::Invalid`] for the body or the name, [`Error::TicketNotFound`].
    #[tracing::instrument(skip_all, fields(admin_id = %admin, ticket_id = %reply.ticket, internal = reply.internal))]
    pub async fn staff_reply(&self, admin: AdminId, reply: Reply<'_>) -> Result<Message, Error> {
        let body = Body::parse(reply.body)?;
        let name = AuthorName::parse(reply.author_name)?;
        let (ticket, request_id, internal) = (reply.ticket, reply.request_id, reply.internal);
        let mut conn = self.conn().await?;
        let clock = self.clock.clone();
        let days = self.reply_link_days;
        let (message, stored_now) = conn
            .transaction::<_, Error, _>(async |conn| {
                // The row lock orders concurrent messages, staff's and the member's alike.
                let locked = store::lock(conn, ticket).await?.ok_or(Error::TicketNotFound)?;
                if let Some(earlier) = member_store::message_by_request(conn, ticket, request_id).await? {
                    return Ok((earlier, false));
                }
                let now = clock.now();
                // A reply (not a note) to a ticket that still has its member is mailed with a link.
                let link = match (internal, locked.user) {
                    (false, Some(user)) => Some((ReplyToken::generate()?, user)),
                    _ => None,
                };
                let message = store::NewStaffMessage {
                    id: Uuid::now_v7(),
                    ticket,
                    request_id,
                    admin,
                    author_name: name.as_str(),
                    body: body.as_str(),
                    internal,
                    at: now.max(locked.last_message_at),
                    reply_token: link.as_ref().map(|(token, _)| (token.hash(), expires_at(now, days))),
                };
                store::insert_staff_message(conn, &message).await?;
                let action = if internal { "ticket.note" } else { "ticket.reply" };
                // The message's id, never its text: the thread keeps that.
                let record = audit(admin, action, ticket, None, Some(message.id.to_string()), now);
                meguri_events::enqueue(conn, &record).await?;
                if let Some((token, user)) = &link {
                    let mail = reply_mail(*user, ticket, &locked.subject, body.as_str(), token, days);
                    meguri_events::enqueue(conn, &mail).await?;
                }
                let stored = member_store::message_by_request(conn, ticket, request_id)
                    .await?
                    .ok_or_else(|| Error::Unexpected(anyhow::anyhow!("the message just stored is gone")))?;
                Ok((stored, true))
            })
            .await?;
        // A new message has its audit record (and perhaps its mail) in the outbox.
        if stored_now {
            self.relay.wake();
            if !internal {
                crate::metrics::ticket("staff_reply");
            }
        }
        tracing::info!(name: "support.staff_replied", message_id = %message.id, stored_now);
        Ok(message)
    }
}

/// The audit record of a staff action on `ticket` (identity keeps the log; docs/api/admin.md).
fn audit(
    admin: AdminId,
    action: &str,
    ticket: Uuid,
    before: Option<String>,
    after: Option<String>,
    at: chrono::DateTime<chrono::Utc>,
) -> StaffActionRecorded {
    StaffActionRecorded {
        actor_id: admin.to_string(),
        action: action.to_owned(),
        target_type: "ticket".to_owned(),
        target_id: ticket.to_string(),
        before,
        after,
        reason: None,
        occurred_at: at.to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
    }
}

/// The mail of a staff reply: to the ticket's member (notify looks the address up), with the
/// subject, the start of the reply and the link's token. Never a note, never a screenshot.
fn reply_mail(user: UserId, ticket: Uuid, subject: &str, body: &str, token: &ReplyToken, days: u32) -> MailRequested {
    MailRequested {
        user_id: Some(user.to_string()),
        to: String::new(),
        name: None,
        kind: Some(MailKind::SupportReply(SupportReply {
            ticket_id: ticket.to_string(),
            subject: subject.to_owned(),
            preview: preview(body),
            token: token.expose().to_owned(),
            expires_in_days: days,
        })),
    }
}
