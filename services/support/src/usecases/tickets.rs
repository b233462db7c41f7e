//! A member's own tickets: open one, list them, read one (its staff replies then count as read),
//! and write again. Every read and write is scoped to the caller: another member's ticket is "not
//! found", never "forbidden".

use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection as _;
use meguri_ids::UserId;
use uuid::Uuid;

use super::UseCases;
use crate::db::attachments;
use crate::db::tickets as store;
use crate::domain::{Body, Priority, Status, Subject, screenshot};
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
    /// The screenshots sent with it, in the order sent.
    pub attachments: Vec<Attachment>,
    pub internal: bool,
    pub is_read: bool,
    pub created_at: DateTime<Utc>,
}

/// A screenshot of a message (its bytes are in the attachment store).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub id: Uuid,
    /// `image/png` or `image/jpeg`.
    pub content_type: String,
    pub width: i32,
    pub height: i32,
    /// Of the stored (clean) copy.
    pub size_bytes: i32,
}

/// A ticket with its messages, oldest first.
#[derive(Clone, Debug, PartialEq)]
pub struct Thread {
    pub ticket: Ticket,
    pub messages: Vec<Message>,
}

impl UseCases {
    /// Opens a ticket with its first message and its screenshots. A repeat of `request_id` answers
    /// the ticket the first call opened, unchanged (its uploads are neither checked nor stored).
    ///
    /// # Errors
    /// [`Error::Invalid`] for the subject, the message or too many screenshots, [`Error::Image`]
    /// for a screenshot that is not a clean PNG or JPEG of at most 2 MiB; nothing is stored then.
    #[tracing::instrument(skip_all, fields(user_id = %user))]
    pub async fn open_ticket(
        &self,
        user: UserId,
        request_id: Uuid,
        subject: &str,
        body: &str,
        uploads: Vec<Vec<u8>>,
    ) -> Result<Thread, Error> {
        let subject = Subject::parse(subject)?;
        let body = Body::parse(body)?;
        screenshot::check_count(&uploads)?;
        let mut conn = self.conn().await?;
        if let Some(earlier) = store::find_by_request(&mut conn, user, request_id).await? {
            let messages = store::thread(&mut conn, earlier.id, false).await?;
            return Ok(Thread { ticket: earlier, messages });
        }
        let shots = self.keep_screenshots(uploads).await?;
        let now = self.clock.now();
        let ticket = store::NewTicket {
            id: Uuid::now_v7(),
            message_id: Uuid::now_v7(),
            user,
            request_id,
            subject: subject.as_str(),
            body: body.as_str(),
            now,
        };
        let created = conn
            .transaction::<_, Error, _>(async |conn| {
                let created = store::insert(conn, &ticket).await?;
                if created {
                    let rows: Vec<_> = shots.iter().map(Shot::row).collect();
                    attachments::insert(conn, ticket.id, ticket.message_id, &rows, true, now).await?;
                    let data = serde_json::json!({ "screenshots": rows.len() });
                    meguri_analytics::enqueue(conn, user, meguri_analytics::Activity::TicketOpened, data, now).await?;
                }
                Ok(created)
            })
            .await;
        if !matches!(created, Ok(true)) {
            // Failed, or a concurrent repeat opened it first: keep nothing of this call.
            self.discard(&shots).await;
        }
        if created? {
            crate::metrics::ticket("opened");
            self.relay.wake();
            tracing::info!(name: "support.ticket_opened", ticket_id = %ticket.id, screenshots = shots.len());
        }
        let found = store::find_by_request(&mut conn, user, request_id).await?.ok_or(Error::TicketNotFound)?;
        let messages = store::thread(&mut conn, found.id, false).await?;
        Ok(Thread { ticket: found, messages })
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

    /// Adds the member's message (with its screenshots) to their ticket; a closed ticket opens
    /// again. A repeat of `request_id` answers the message the first call stored.
    ///
    /// # Errors
    /// As [`UseCases::open_ticket`] for the message and screenshots, [`Error::TicketNotFound`] for
    /// a ticket that is not the member's.
    #[tracing::instrument(skip_all, fields(user_id = %user, ticket_id = %ticket))]
    pub async fn post_message(
        &self,
        user: UserId,
        ticket: Uuid,
        request_id: Uuid,
        body: &str,
        uploads: Vec<Vec<u8>>,
    ) -> Result<Message, Error> {
        let post = MemberPost { user, ticket, request_id, by_email: false };
        self.add_member_message(post, body, uploads, Error::TicketNotFound).await
    }

    /// Stores a member's message on `post.ticket` (the member's, or `missing`), under the ticket's
    /// row lock: the counters, the newest time and the status stay true however many arrive at once.
    pub(super) async fn add_member_message(
        &self,
        post: MemberPost,
        body: &str,
        uploads: Vec<Vec<u8>>,
        missing: Error,
    ) -> Result<Message, Error> {
        let body = Body::parse(body)?;
        screenshot::check_count(&uploads)?;
        let mut conn = self.conn().await?;
        let MemberPost { user, ticket, request_id, by_email } = post;
        // A repeat answers the first message (only the member's own: the ticket is checked below).
        if let Some(earlier) = store::message_by_request(&mut conn, ticket, request_id).await?
            && earlier.author_id == Some(*user.as_uuid())
        {
            return Ok(earlier);
        }
        let shots = self.keep_screenshots(uploads).await?;
        let clock = self.clock.clone();
        let stored = conn
            .transaction::<_, Error, _>(async |conn| {
                let Some((status, last)) = store::lock_for_member(conn, user, ticket).await? else {
                    return Err(missing);
                };
                if let Some(earlier) = store::message_by_request(conn, ticket, request_id).await? {
                    return Ok((earlier, false));
                }
                let at = clock.now().max(last);
                let message = store::NewMemberMessage {
                    id: Uuid::now_v7(),
                    ticket,
                    request_id,
                    user,
                    body: body.as_str(),
                    by_email,
                    at,
                    status: status.after_member_message(),
                };
                store::insert_member_message(conn, &message).await?;
                let rows: Vec<_> = shots.iter().map(Shot::row).collect();
                attachments::insert(conn, ticket, message.id, &rows, false, at).await?;
                let stored = store::message_by_request(conn, ticket, request_id)
                    .await?
                    .ok_or_else(|| Error::Unexpected(anyhow::anyhow!("the message just stored is gone")))?;
                Ok((stored, true))
            })
            .await;
        if matches!(stored, Ok((_, true))) {
            crate::metrics::ticket("member_reply");
        } else {
            self.discard(&shots).await;
        }
        Ok(stored?.0)
    }

    /// Checks and re-encodes `uploads` off the runtime, then stores each clean copy; on any
    /// failure nothing is left stored.
    async fn keep_screenshots(&self, uploads: Vec<Vec<u8>>) -> Result<Vec<Shot>, Error> {
        if uploads.is_empty() {
            return Ok(Vec::new());
        }
        let cleaned = tokio::task::spawn_blocking(move || screenshot::clean_all(&uploads))
            .await
            .map_err(|e| Error::Unexpected(anyhow::Error::new(e).context("the image check stopped")))??;
        let mut kept = Vec::with_capacity(cleaned.len());
        for image in cleaned {
            let shot = Shot::of(&image);
            if let Err(e) = self.files.put(shot.id, &image.bytes).await {
                self.discard(&kept).await;
                return Err(Error::Unexpected(e.context("store a screenshot")));
            }
            kept.push(shot);
        }
        Ok(kept)
    }

    /// Removes stored screenshots no row will name; a failure is logged (the file is then an orphan
    /// nobody can fetch: only a row makes a file readable).
    async fn discard(&self, shots: &[Shot]) {
        for shot in shots {
            if let Err(e) = self.files.delete(shot.id).await {
                tracing::warn!(name: "support.attachment.orphan", attachment_id = %shot.id, error = %format!("{e:#}"));
            }
        }
    }
}

/// Whose message goes where.
pub(super) struct MemberPost {
    pub user: UserId,
    pub ticket: Uuid,
    pub request_id: Uuid,
    /// Through a mailed reply link.
    pub by_email: bool,
}

/// A screenshot stored under a new id, waiting for its row.
struct Shot {
    id: Uuid,
    content_type: &'static str,
    size_bytes: i32,
    width: i32,
    height: i32,
}

impl Shot {
    fn of(image: &meguri_image::CleanImage) -> Self {
        let int = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
        Self {
            id: Uuid::now_v7(),
            content_type: image.kind.mime(),
            size_bytes: int(image.bytes.len()),
            width: i32::try_from(image.width).unwrap_or(i32::MAX),
            height: i32::try_from(image.height).unwrap_or(i32::MAX),
        }
    }

    fn row(&self) -> attachments::NewAttachment<'static> {
        attachments::NewAttachment {
            id: self.id,
            content_type: self.content_type,
            size_bytes: self.size_bytes,
            width: self.width,
            height: self.height,
        }
    }
}
