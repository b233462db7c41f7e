//! Reading: one message, the history (newest first, by pages), the status.

use meguri_ids::UserId;

use super::Chat;
use crate::db;
use crate::domain::{ChatMessage, Limits, MessageId, page_limit};
use crate::error::Error;

/// A page of the history and the cursor of the next one (`None` at the end).
#[derive(Clone, Debug)]
pub struct Page {
    pub messages: Vec<ChatMessage>,
    pub next_before: Option<MessageId>,
}

impl Chat {
    /// The caller's message `id`.
    ///
    /// # Errors
    /// [`Error::MessageNotFound`] (also for another user's), the database.
    pub async fn message(&self, user: UserId, id: MessageId) -> Result<ChatMessage, Error> {
        let mut conn = self.conn().await?;
        db::messages::find(&mut conn, id).await?.filter(|m| m.user == user).ok_or(Error::MessageNotFound)
    }

    /// A page of the caller's history, newest first, older than `before` when given.
    ///
    /// # Errors
    /// [`Error::InvalidLimit`], [`Error::MessageNotFound`] for a `before` that is not the caller's,
    /// the database.
    pub async fn history(&self, user: UserId, limit: i32, before: Option<MessageId>) -> Result<Page, Error> {
        let limit = page_limit(limit).ok_or(Error::InvalidLimit)?;
        let mut conn = self.conn().await?;
        let mut messages = db::messages::page(&mut conn, user, before, limit).await?.ok_or(Error::MessageNotFound)?;
        let more = messages.len() > usize::try_from(limit).unwrap_or(usize::MAX);
        messages.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
        let next_before = if more { messages.last().map(|m| m.id) } else { None };
        Ok(Page { messages, next_before })
    }

    /// The cost, the length limit and the caller's balance.
    ///
    /// # Errors
    /// [`Error::BillingUnavailable`] when billing does not answer.
    pub async fn status(&self, user: UserId) -> Result<(Limits, i64), Error> {
        let balance = self.peers.balance(user).await.map_err(|e| {
            tracing::warn!(name: "chat.billing.unavailable", error = %e, "balance not read");
            Error::BillingUnavailable
        })?;
        Ok((self.limits, balance))
    }
}
