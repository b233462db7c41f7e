//! The reply-by-link page: whoever holds the token mailed with a staff reply may read that one
//! ticket's thread (as its member sees it) and answer it, without signing in. Any token that is not
//! a live one answers [`Error::ReplyLinkInvalid`], the same for an unknown, expired, forged or
//! malformed token, so nothing is learned by guessing.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::UseCases;
use super::files::File;
use super::tickets::{MemberPost, Message, Thread};
use crate::db::{attachments, links, tickets as store};
use crate::domain::TokenHash;
use crate::error::Error;

/// A link's thread and when the link stops working.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkThread {
    pub thread: Thread,
    pub expires_at: DateTime<Utc>,
}

impl UseCases {
    async fn live_link(&self, token: &str) -> Result<links::Link, Error> {
        let hash = TokenHash::of_link(token).ok_or(Error::ReplyLinkInvalid)?;
        let mut conn = self.conn().await?;
        links::find_live(&mut conn, &hash, self.clock.now()).await?.ok_or(Error::ReplyLinkInvalid)
    }

    /// The link's ticket with its thread (no notes). Replies are not marked read: the mail may have
    /// been forwarded, and the member's own view does that.
    ///
    /// # Errors
    /// [`Error::ReplyLinkInvalid`].
    #[tracing::instrument(skip_all)]
    pub async fn link_thread(&self, token: &str) -> Result<LinkThread, Error> {
        let link = self.live_link(token).await?;
        let mut conn = self.conn().await?;
        let ticket = store::find_for_member(&mut conn, link.user, link.ticket).await?.ok_or(Error::ReplyLinkInvalid)?;
        let messages = store::thread(&mut conn, link.ticket, false).await?;
        Ok(LinkThread { thread: Thread { ticket, messages }, expires_at: link.expires_at })
    }

    /// The member's answer through the link (via = email): as their own message in the app.
    ///
    /// # Errors
    /// [`Error::ReplyLinkInvalid`], the message checks of [`UseCases::post_message`].
    #[tracing::instrument(skip_all)]
    pub async fn reply_by_link(&self, token: &str, request_id: Uuid, body: &str) -> Result<Message, Error> {
        let link = self.live_link(token).await?;
        let post = MemberPost { user: link.user, ticket: link.ticket, request_id, by_email: true };
        let message = self.add_member_message(post, body, Vec::new(), Error::ReplyLinkInvalid).await?;
        tracing::info!(name: "support.replied_by_link", ticket_id = %link.ticket, message_id = %message.id);
        Ok(message)
    }

    /// A screenshot of the link's ticket.
    ///
    /// # Errors
    /// [`Error::ReplyLinkInvalid`]; [`Error::AttachmentNotFound`] for one of any other ticket.
    #[tracing::instrument(skip_all, fields(attachment_id = %id))]
    pub async fn link_attachment(&self, token: &str, id: Uuid) -> Result<File, Error> {
        let link = self.live_link(token).await?;
        let mut conn = self.conn().await?;
        let content_type = attachments::find(&mut conn, id, Some(link.ticket)).await?;
        self.file(id, content_type).await
    }
}
