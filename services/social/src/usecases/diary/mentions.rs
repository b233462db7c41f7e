//! Mentions: which accepted friends an entry's `@handles` name, their notifications (one per entry
//! and friend, which is also the friend's access to the entry) and mails, and the recipient's
//! side (the unseen list, marking one seen).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel_async::AsyncPgConnection;
use meguri_ids::UserId;

use super::super::{Social, mail_mentioned};
use crate::db::{diary, friendships};
use crate::domain::diary::{Entry, MentionId, MentionNotice, mention_keys, resolve_mentions};
use crate::domain::{Member, Refusal};
use crate::error::Error;

/// Makes `entry`'s mention rows match its text, in the caller's transaction: the `@handles` that
/// name accepted friends of `author` (not blocked either way) get a row, and each row that is new
/// a `MentionedInDiary` mail in the outbox; friends no longer mentioned lose theirs. Returns the
/// mentioned friends.
///
/// # Errors
/// A failed statement.
pub(super) async fn notify(
    conn: &mut AsyncPgConnection,
    author: &Member,
    entry: &Entry,
    now: DateTime<Utc>,
) -> Result<Vec<Member>, Error> {
    let keys = mention_keys(&entry.content);
    let friends: HashMap<String, Member> =
        friendships::mentionable_friends(conn, author.id, &keys).await?.into_iter().collect();
    let mentioned = resolve_mentions(&entry.content, author.id, &friends);
    let ids: Vec<UserId> = mentioned.iter().map(|m| m.id).collect();
    for friend in diary::set_mentions(conn, entry, &ids, now).await? {
        meguri_events::enqueue(conn, &mail_mentioned(friend, author, entry)).await?;
    }
    Ok(mentioned)
}

impl Social {
    /// `me`'s unseen mention notifications, oldest first.
    ///
    /// # Errors
    /// The database.
    pub async fn unseen_mentions(&self, me: UserId) -> Result<Vec<MentionNotice>, Error> {
        let mut conn = self.conn().await?;
        Ok(diary::unseen_mentions(&mut conn, me).await?)
    }

    /// Marks `me`'s notification `id` seen (idempotent).
    ///
    /// # Errors
    /// [`Refusal::MentionNotFound`] unless it is theirs.
    pub async fn mark_mention_shown(&self, me: UserId, id: MentionId) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        if !diary::mark_mention_shown(&mut conn, me, id).await? {
            return Err(Refusal::MentionNotFound.into());
        }
        Ok(())
    }
}
