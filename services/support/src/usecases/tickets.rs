//! A member's own tickets: open one, list them, read one (its staff replies then count as read),
//! and write again. Every read and write is scoped to the caller: another member's ticket is "not
//! found", never "forbidden".

use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection as _;
use meguri_ids::UserId;
use uuid::Uuid;

use super::UseCases;
use crate::db::tickets as store;
use crate::domain::{Body, Priority, Status, Subject};
use crate::error::Error;

/// Who wrote a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Author {
    Member,
    Staff,
}

/// A ticket as the service sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ticket {
    pub id: Uuid,
    /// `None` once the member deleted the account.
    pub user_id: Option<UserId>,
    pub subject: String,
    pub message: String,
    pub status: Status,
    pub priority: Priority,
    pub assigned_to: Option<Uuid>,
    pub last_message_at: DateTime<Utc>,
    pub last_message_preview: String,
    /// Messages the member sees.
    pub message_count: i32,
    /// Staff replies the member has not opened.
    pub unread: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub closed_at: Option<DateTime<Utc>>,
}

/// One message of a thread.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    pub id: Uuid,
    pub ticket_id: Uuid,
    pub author: Author,
    pub author_id: Option<Uuid>,
    /// The staff's display name; `None` for a member.
    pub author_name: Option<String>,
    pub body: String,
    /// Arrived through a mailed reply link.
    pub by_email: bool,
    pub internal: bool,
    pub is_read: bool,
    pub created_at: DateTime<Utc>,
}

/// A ticket with its messages, oldest first.
#[derive(Clone, Debug, PartialEq)]
pub struct Thread {
    pub ticket: Ticket,
    pub messages: Vec<Message>,
}

impl UseCases {
    /// Opens a ticket with its first message. A repeat of `request_id` answers the ticket the first
    /// call opened, unchanged.
    ///
    /// # Errors
    /// [`Error::Invalid`] for the subject or message; nothing is stored then.
    #[tracing::instrument(skip_all, fields(user_id = %user))]
    pub async fn open_ticket(
        &self,
        user: UserId,
        request_id: Uuid,
        subject: &str,
        body: &str,
    ) -> Result<Thread, Error> {
        let subject = Subject::parse(subject)?;
        let body = Body::parse(body)?;
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        let id = Uuid::now_v7();
        let ticket = store::NewTicket {
            id,
            message_id: Uuid::now_v7(),
            user,
            request_id,
            subject: subject.as_str(),
            body: body.as_str(),
            now,
        };
        let created = store::insert(&mut conn, &ticket).await?;
        let ticket = store::find_by_request(&mut conn, user, request_id).await?.ok_or(Error::TicketNotFound)?;
        if created {
            tracing::info!(name: "support.ticket_opened", ticket_id = %ticket.id);
        }
        let messages = store::thread(&mut conn, ticket.id, false).await?;
        Ok(Thread { ticket, messages })
    }

    /// The member's tickets, newest activity first.
    ///
    /// # Errors
    /// The database.
    #[tracing::instrument(skip_all, fields(user_id = %user))]
    pub async fn my_tickets(&self, user: UserId) -> Result<Vec<Ticket>, Error> {
        let mut conn = self.conn().await?;
        Ok(store::list_for_member(&mut conn, user).await?)
    }

    /// One of the member's tickets with its thread (no staff notes); its staff replies count as
    /// read from now on (the answer still marks which were new).
    ///
    /// # Errors
    /// [`Error::TicketNotFound`] for a ticket that is not the member's.
    #[tracing::instrument(skip_all, fields(user_id = %user, ticket_id = %ticket))]
    pub async fn my_ticket(&self, user: UserId, ticket: Uuid) -> Result<Thread, Error> {
        let mut conn = self.conn().await?;
        let found = store::find_for_member(&mut conn, user, ticket).await?.ok_or(Error::TicketNotFound)?;
        let messages = store::thread(&mut conn, ticket, false).await?;
        if found.unread > 0 {
            let shown: Vec<Uuid> =
                messages.iter().filter(|m| m.author == Author::Staff && !m.is_read).map(|m| m.id).collect();
            store::mark_staff_replies_read(&mut conn, ticket, &shown).await?;
        }
        Ok(Thread { ticket: found, messages })
    }

    /// Adds the member's message to their ticket; a closed ticket opens again. A repeat of
    /// `request_id` answers the message the first call stored.
    ///
    /// # Errors
    /// [`Error::Invalid`] for the message, [`Error::TicketNotFound`] for a ticket that is not the
    /// member's.
    #[tracing::instrument(skip_all, fields(user_id = %user, ticket_id = %ticket))]
    pub async fn post_message(
        &self,
        user: UserId,
        ticket: Uuid,
        request_id: Uuid,
        body: &str,
    ) -> Result<Message, Error> {
        let body = Body::parse(body)?;
        let mut conn = self.conn().await?;
        let clock = self.clock.clone();
        conn.transaction::<_, Error, _>(async |conn| {
            // The row lock orders concurrent messages: each takes its time after the one before.
            let (status, last) = store::lock_for_member(conn, user, ticket).await?.ok_or(Error::TicketNotFound)?;
            if let Some(earlier) = store::message_by_request(conn, ticket, request_id).await? {
                return Ok(earlier);
            }
            let message = store::NewMemberMessage {
                id: Uuid::now_v7(),
                ticket,
                request_id,
                user,
                body: body.as_str(),
                by_email: false,
                at: clock.now().max(last),
                status: status.after_member_message(),
            };
            store::insert_member_message(conn, &message).await?;
            store::message_by_request(conn, ticket, request_id)
                .await?
                .ok_or_else(|| Error::Unexpected(anyhow::anyhow!("the message just stored is gone")))
        })
        .await
    }
}
