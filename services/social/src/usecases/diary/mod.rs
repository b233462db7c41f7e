//! The diary: writing, editing, deleting and reading entries. Mentions (who an entry names, their
//! notifications and mails) are in [`mentions`]; letters to the future (sealing, delivery, the
//! lucky day) in [`letters`]. Every change and the events it causes (mails, `LetterSealed`,
//! `LetterCancelled`) are written in one transaction; the relay publishes them after commit.

pub mod letters;
pub mod mentions;

use std::collections::HashMap;

use chrono::NaiveDate;
use diesel_async::AsyncConnection as _;
use meguri_ids::UserId;
use meguri_tz::TimezoneOffset;

use super::Social;
use crate::db::{self, diary, members};
use crate::domain::diary::{ClientId, Cursor, DiaryContent, Entry, EntryId, EntryView, PageLimit, Timing};
use crate::domain::{Member, Refusal};
use crate::error::Error;

/// A day, for the rolling daily limit.
const DAY: chrono::Duration = chrono::Duration::hours(24);

/// What the app sends to write an entry (the text and dates as sent; the rules parse them).
#[derive(Clone, Debug)]
pub struct NewDiaryEntry {
    pub client_id: ClientId,
    pub content: String,
    pub date: String,
    pub publish_to_future: bool,
    pub delivery_date: Option<String>,
    /// The offset the app sent, if any.
    pub offset: Option<TimezoneOffset>,
}

/// What the app sends to edit an entry.
#[derive(Clone, Debug)]
pub struct DiaryEdit {
    pub content: String,
    pub date: String,
    pub offset: Option<TimezoneOffset>,
}

/// A created entry, or the one made the first time for the same client id.
#[derive(Clone, Debug)]
pub struct Created {
    pub view: EntryView,
    /// `false` when the request was a replay.
    pub created: bool,
}

/// One page of the caller's entries.
#[derive(Clone, Debug)]
pub struct Page {
    pub entries: Vec<EntryView>,
    pub next: Option<Cursor>,
}

impl Social {
    /// The offset a request of `user` runs in and its local today: the offset `sent`, else the
    /// one identity stores, else Japan. When identity does not answer, Japan (a diary entry is
    /// not worth failing for it; logged).
    pub(crate) async fn local_today(&self, user: UserId, sent: Option<TimezoneOffset>) -> (TimezoneOffset, NaiveDate) {
        let stored = match sent {
            Some(_) => None,
            None => match self.peers.timezone_offset(user).await {
                // identity's column is range-checked; an offset it could not hold reads as none.
                Ok(minutes) => minutes.and_then(|m| TimezoneOffset::parse(m).ok()),
                Err(error) => {
                    tracing::warn!(name: "social.diary.offset_unavailable", error = %error, "identity did not answer; using Japan's offset");
                    None
                }
            },
        };
        let offset = meguri_tz::resolve(sent, stored);
        (offset, offset.local_date(self.clock.now()))
    }

    /// `me` writes an entry; see the proto for every rule. The same client id again answers the
    /// entry made the first time, whatever the rest of the request says: the author's lock
    /// serialises their writes, and the unique index on (author, client id) backs it up.
    ///
    /// # Errors
    /// [`Refusal`]s InvalidDiaryContent, InvalidDiaryDate, InvalidDeliveryDate, DiaryLimit;
    /// [`Error::CallerNotKnownYet`].
    #[tracing::instrument(skip_all, fields(user_id = %me))]
    pub async fn create_entry(&self, me: UserId, new: NewDiaryEntry) -> Result<Created, Error> {
        let mut conn = self.conn().await?;
        if let Some(first) = diary::find_by_client(&mut conn, me, new.client_id).await? {
            return self.created(&mut conn, first, false).await;
        }
        let content = DiaryContent::parse(&new.content)?;
        let (offset, today) = self.local_today(me, new.offset).await;
        let timing = Timing::of_new(today, &new.date, new.publish_to_future, new.delivery_date.as_deref())?;
        let (now, limits) = (self.clock.now(), self.limits);
        let (entry, created) = conn
            .transaction::<_, Error, _>(async |conn| {
                db::lock_members(conn, me, me).await?;
                if let Some(first) = diary::find_by_client(conn, me, new.client_id).await? {
                    return Ok((first, false));
                }
                limits.check_diary(diary::count_written_since(conn, me, now - DAY).await?)?;
                let author = members::find(conn, me).await?.ok_or(Error::CallerNotKnownYet)?;
                let row = diary::NewEntry {
                    id: EntryId::new(),
                    author: me,
                    client_id: new.client_id,
                    content: content.as_str(),
                    timing,
                };
                let Some(entry) = diary::insert(conn, &row, now).await? else {
                    let first = diary::find_by_client(conn, me, new.client_id).await?;
                    return Ok((first.ok_or_else(|| anyhow::anyhow!("the conflicting entry vanished"))?, false));
                };
                diary::log_write(conn, me, now).await?;
                let data = serde_json::json!({ "letter": matches!(timing, Timing::Letter { .. }) });
                meguri_analytics::enqueue(conn, me, meguri_analytics::Activity::DiaryEntry, data, now).await?;
                match timing {
                    Timing::Plain { .. } => {
                        mentions::notify(conn, &author, &entry, now).await?;
                    }
                    Timing::Letter { .. } => letters::seal(conn, &entry, offset).await?,
                }
                Ok((entry, true))
            })
            .await?;
        if created {
            crate::metrics::diary_entry(entry.publish_to_future);
            self.relay.wake();
            tracing::info!(name: "social.diary.created", user_id = %me, letter = entry.publish_to_future);
        }
        self.created(&mut conn, entry, created).await
    }

    async fn created(&self, conn: &mut db::Conn, entry: Entry, created: bool) -> Result<Created, Error> {
        let view = self.own_views(conn, entry.author, vec![entry]).await?.pop();
        Ok(Created { view: view.ok_or_else(|| anyhow::anyhow!("no view of the entry"))?, created })
    }

    /// `me` edits their entry: new text and (for a plain entry) date; mentions are resolved
    /// again.
    ///
    /// # Errors
    /// [`Refusal`]s DiaryEntryNotFound, LetterSealed, InvalidDiaryContent, InvalidDiaryDate;
    /// [`Error::CallerNotKnownYet`].
    #[tracing::instrument(skip_all, fields(user_id = %me))]
    pub async fn update_entry(&self, me: UserId, id: EntryId, edit: DiaryEdit) -> Result<EntryView, Error> {
        let content = DiaryContent::parse(&edit.content)?;
        let (_, today) = self.local_today(me, edit.offset).await;
        let now = self.clock.now();
        let mut conn = self.conn().await?;
        let entry = conn
            .transaction::<_, Error, _>(async |conn| {
                let entry = diary::find_own(conn, me, id, true).await?.ok_or(Refusal::DiaryEntryNotFound)?;
                let date = entry.edited_date(today, &edit.date)?;
                let author = members::find(conn, me).await?.ok_or(Error::CallerNotKnownYet)?;
                diary::update_text(conn, id, content.as_str(), date, now).await?;
                let entry = Entry { content: content.as_str().to_owned(), date, updated_at: now, ..entry };
                mentions::notify(conn, &author, &entry, now).await?;
                Ok(entry)
            })
            .await?;
        self.relay.wake();
        let view = self.own_views(&mut conn, me, vec![entry]).await?.pop();
        Ok(view.ok_or_else(|| anyhow::anyhow!("no view of the entry"))?)
    }

    /// `me` deletes their entry with its mention notifications; a sealed letter's delivery is
    /// cancelled (`LetterCancelled`).
    ///
    /// # Errors
    /// [`Refusal::DiaryEntryNotFound`].
    #[tracing::instrument(skip_all, fields(user_id = %me))]
    pub async fn delete_entry(&self, me: UserId, id: EntryId) -> Result<(), Error> {
        let mut conn = self.conn().await?;
        let entry = conn
            .transaction::<_, Error, _>(async |conn| {
                let entry = diary::delete_own(conn, me, id).await?.ok_or(Refusal::DiaryEntryNotFound)?;
                if entry.is_sealed() {
                    letters::cancel(conn, &entry).await?;
                }
                Ok(entry)
            })
            .await?;
        if entry.is_sealed() {
            self.relay.wake();
        }
        tracing::info!(name: "social.diary.deleted", user_id = %me, sealed = entry.is_sealed());
        Ok(())
    }

    /// A page of `me`'s entries, newest date first.
    ///
    /// # Errors
    /// The database; [`Error::CallerNotKnownYet`] when `me` has entries but is not in the read
    /// model (never, but for a race with account deletion).
    pub async fn list_entries(&self, me: UserId, after: Option<Cursor>, limit: PageLimit) -> Result<Page, Error> {
        let mut conn = self.conn().await?;
        let mut entries = diary::page(&mut conn, me, after, i64::from(limit.get()) + 1).await?;
        let more = entries.len() > limit.get() as usize;
        entries.truncate(limit.get() as usize);
        let next = if more { entries.last().map(Cursor::after) } else { None };
        Ok(Page { entries: self.own_views(&mut conn, me, entries).await?, next })
    }

    /// Entry `id` as `me` may read it: their own, or one that mentions them.
    ///
    /// # Errors
    /// [`Refusal::DiaryEntryNotFound`] for anything else.
    pub async fn get_entry(&self, me: UserId, id: EntryId) -> Result<EntryView, Error> {
        let mut conn = self.conn().await?;
        let entry = match diary::find_own(&mut conn, me, id, false).await? {
            Some(own) => own,
            None => diary::find_mentioning(&mut conn, me, id).await?.ok_or(Refusal::DiaryEntryNotFound)?,
        };
        let author = members::find(&mut conn, entry.author).await?.ok_or(Refusal::DiaryEntryNotFound)?;
        let mut views = views_of(&mut conn, &author, vec![entry]).await?;
        Ok(views.pop().ok_or(Refusal::DiaryEntryNotFound)?)
    }

    /// `author`'s `entries` as they see them.
    pub(crate) async fn own_views(
        &self,
        conn: &mut db::Conn,
        author: UserId,
        entries: Vec<Entry>,
    ) -> Result<Vec<EntryView>, Error> {
        if entries.is_empty() {
            return Ok(Vec::new());
        }
        let member = members::find(conn, author).await?.ok_or(Error::CallerNotKnownYet)?;
        views_of(conn, &member, entries).await
    }
}

/// `entries` of `author` with the members each mentions (sealed letters: neither text nor
/// mentions).
async fn views_of(conn: &mut db::Conn, author: &Member, entries: Vec<Entry>) -> Result<Vec<EntryView>, Error> {
    let ids: Vec<EntryId> = entries.iter().map(|e| e.id).collect();
    let mut mentioned: HashMap<EntryId, Vec<Member>> = HashMap::new();
    for (entry, member) in diary::mentioned_in(conn, &ids).await? {
        mentioned.entry(entry).or_default().push(member);
    }
    Ok(entries
        .into_iter()
        .map(|entry| {
            let mentions = mentioned.remove(&entry.id).unwrap_or_default();
            EntryView::of(entry, author.clone(), mentions)
        })
        .collect())
}
