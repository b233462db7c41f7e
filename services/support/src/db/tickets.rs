//! support_tickets and support_ticket_messages: a ticket with its first message, a member's list,
//! a thread, a new message under the ticket's row lock (so the counters and the newest time stay
//! true however many arrive at once).

use chrono::{DateTime, Utc};
use diesel::{
    BoolExpressionMethods as _, ExpressionMethods as _, OptionalExtension as _, QueryDsl as _, Queryable, Selectable,
    SelectableHelper as _,
};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use meguri_ids::UserId;
use uuid::Uuid;

use super::schema::{support_ticket_messages as messages, support_tickets as tickets};
use crate::domain::{Priority, Status, preview};
use crate::usecases::tickets::{Author, Message, Ticket};

#[derive(Queryable, Selectable)]
#[diesel(table_name = tickets)]
pub(super) struct TicketRow {
    pub(super) id: Uuid,
    user_id: Option<Uuid>,
    subject: String,
    message: String,
    status: String,
    priority: String,
    assigned_to: Option<Uuid>,
    last_message_at: DateTime<Utc>,
    last_message_preview: String,
    message_count: i32,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    closed_at: Option<DateTime<Utc>>,
}

impl TicketRow {
    pub(super) fn into_ticket(self, unread: i64) -> Ticket {
        Ticket {
            id: self.id,
            user_id: self.user_id.map(UserId::from_uuid),
            subject: self.subject,
            message: self.message,
            // The columns' CHECKs keep both to their lists.
            status: Status::from_store(&self.status).unwrap_or(Status::Open),
            priority: Priority::from_store(&self.priority).unwrap_or(Priority::Normal),
            assigned_to: self.assigned_to,
            last_message_at: self.last_message_at,
            last_message_preview: self.last_message_preview,
            message_count: self.message_count,
            unread: i32::try_from(unread).unwrap_or(i32::MAX),
            created_at: self.created_at,
            updated_at: self.updated_at,
            closed_at: self.closed_at,
        }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = messages)]
pub(super) struct MessageRow {
    id: Uuid,
    ticket_id: Uuid,
    author_type: String,
    author_id: Option<Uuid>,
    author_name: Option<String>,
    body: String,
    via: String,
    internal: bool,
    is_read: bool,
    created_at: DateTime<Utc>,
}

impl From<MessageRow> for Message {
    fn from(r: MessageRow) -> Self {
        Self {
            id: r.id,
            ticket_id: r.ticket_id,
            author: if r.author_type == "staff" { Author::Staff } else { Author::Member },
            author_id: r.author_id,
            author_name: r.author_name,
            body: r.body,
            by_email: r.via == "email",
            attachments: Vec::new(),
            internal: r.internal,
            is_read: r.is_read,
            created_at: r.created_at,
        }
    }
}

/// What opening a ticket stores: the ticket and its first message.
pub struct NewTicket<'a> {
    pub id: Uuid,
    pub message_id: Uuid,
    pub user: UserId,
    pub request_id: Uuid,
    pub subject: &'a str,
    pub body: &'a str,
    pub now: DateTime<Utc>,
}

/// Stores the ticket with its first message; `false` (nothing stored) when the member already
/// opened one with this request id.
pub async fn insert(conn: &mut AsyncPgConnection, t: &NewTicket<'_>) -> Result<bool, diesel::result::Error> {
    let inserted = diesel::insert_into(tickets::table)
        .values((
            tickets::id.eq(t.id),
            tickets::user_id.eq(t.user.as_uuid()),
            tickets::request_id.eq(t.request_id),
            tickets::subject.eq(t.subject),
            tickets::message.eq(t.body),
            tickets::last_message_at.eq(t.now),
            tickets::last_message_preview.eq(preview(t.body)),
            tickets::message_count.eq(1),
            tickets::created_at.eq(t.now),
            tickets::updated_at.eq(t.now),
        ))
        .on_conflict((tickets::user_id, tickets::request_id))
        .do_nothing()
        .execute(conn)
        .await?;
    if inserted == 0 {
        return Ok(false);
    }
    diesel::insert_into(messages::table)
        .values((
            messages::id.eq(t.message_id),
            messages::ticket_id.eq(t.id),
            messages::request_id.eq(t.request_id),
            messages::author_type.eq("member"),
            messages::author_id.eq(t.user.as_uuid()),
            messages::body.eq(t.body),
            messages::created_at.eq(t.now),
        ))
        .execute(conn)
        .await?;
    Ok(true)
}

/// The member's ticket with id `ticket` (`None` for anyone else's, or none).
pub async fn find_for_member(
    conn: &mut AsyncPgConnection,
    user: UserId,
    ticket: Uuid,
) -> Result<Option<Ticket>, diesel::result::Error> {
    let row = tickets::table
        .filter(tickets::id.eq(ticket))
        .filter(tickets::user_id.eq(user.as_uuid()))
        .select(TicketRow::as_select())
        .first::<TicketRow>(conn)
        .await
        .optional()?;
    let Some(row) = row else { return Ok(None) };
    let unread = unread_by(conn, &[row.id], "staff").await?;
    Ok(Some(row.into_ticket(unread.as_slice().first().map_or(0, |u| u.1))))
}

/// The member's ticket opened with `request_id`.
pub async fn find_by_request(
    conn: &mut AsyncPgConnection,
    user: UserId,
    request_id: Uuid,
) -> Result<Option<Ticket>, diesel::result::Error> {
    let id = tickets::table
        .filter(tickets::user_id.eq(user.as_uuid()))
        .filter(tickets::request_id.eq(request_id))
        .select(tickets::id)
        .first::<Uuid>(conn)
        .await
        .optional()?;
    match id {
        Some(id) => find_for_member(conn, user, id).await,
        None => Ok(None),
    }
}

/// (ticket id, unopened messages by `author` — `"staff"`: the replies a member has not opened;
/// `"member"`: the messages staff has not) for each of `ids` that has any. Notes are never counted.
pub(super) async fn unread_by(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
    author: &'static str,
) -> Result<Vec<(Uuid, i64)>, diesel::result::Error> {
    messages::table
        .filter(messages::ticket_id.eq_any(ids))
        .filter(messages::author_type.eq(author))
        .filter(messages::internal.eq(false))
        .filter(messages::is_read.eq(false))
        .group_by(messages::ticket_id)
        .select((messages::ticket_id, diesel::dsl::count_star()))
        .load(conn)
        .await
}

/// The member's tickets, newest activity first.
pub async fn list_for_member(conn: &mut AsyncPgConnection, user: UserId) -> Result<Vec<Ticket>, diesel::result::Error> {
    let rows: Vec<TicketRow> = tickets::table
        .filter(tickets::user_id.eq(user.as_uuid()))
        .order((tickets::last_message_at.desc(), tickets::id.desc()))
        .select(TicketRow::as_select())
        .load(conn)
        .await?;
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    let unread = unread_by(conn, &ids, "staff").await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let n = unread.iter().find(|u| u.0 == r.id).map_or(0, |u| u.1);
            r.into_ticket(n)
        })
        .collect())
}

/// A ticket's messages, oldest first; notes only when `with_notes`.
pub async fn thread(
    conn: &mut AsyncPgConnection,
    ticket: Uuid,
    with_notes: bool,
) -> Result<Vec<Message>, diesel::result::Error> {
    let mut query = messages::table.filter(messages::ticket_id.eq(ticket)).into_boxed();
    if !with_notes {
        query = query.filter(messages::internal.eq(false));
    }
    let rows: Vec<MessageRow> = query
        .order((messages::created_at.asc(), messages::id.asc()))
        .select(MessageRow::as_select())
        .load(conn)
        .await?;
    super::attachments::fill(conn, rows.into_iter().map(Message::from).collect()).await
}

/// Marks the staff replies `shown` (ids of the ticket's messages the member was just answered) as
/// opened by the member: only those, so a reply stored meanwhile stays new, and never a note.
pub async fn mark_staff_replies_read(
    conn: &mut AsyncPgConnection,
    ticket: Uuid,
    shown: &[Uuid],
) -> Result<(), diesel::result::Error> {
    diesel::update(
        messages::table.filter(
            messages::ticket_id
                .eq(ticket)
                .and(messages::id.eq_any(shown))
                .and(messages::author_type.eq("staff"))
                .and(messages::internal.eq(false))
                .and(messages::is_read.eq(false)),
        ),
    )
    .set(messages::is_read.eq(true))
    .execute(conn)
    .await?;
    Ok(())
}

/// The ticket's row, locked until the transaction ends, if it is the member's.
pub async fn lock_for_member(
    conn: &mut AsyncPgConnection,
    user: UserId,
    ticket: Uuid,
) -> Result<Option<(Status, DateTime<Utc>)>, diesel::result::Error> {
    let row: Option<(String, DateTime<Utc>)> = tickets::table
        .filter(tickets::id.eq(ticket))
        .filter(tickets::user_id.eq(user.as_uuid()))
        .select((tickets::status, tickets::last_message_at))
        .for_update()
        .first(conn)
        .await
        .optional()?;
    Ok(row.map(|(status, at)| (Status::from_store(&status).unwrap_or(Status::Open), at)))
}

/// The message the member sent on `ticket` with `request_id`, if any.
pub async fn message_by_request(
    conn: &mut AsyncPgConnection,
    ticket: Uuid,
    request_id: Uuid,
) -> Result<Option<Message>, diesel::result::Error> {
    let row = messages::table
        .filter(messages::ticket_id.eq(ticket))
        .filter(messages::request_id.eq(request_id))
        .select(MessageRow::as_select())
        .first::<MessageRow>(conn)
        .await
        .optional()?;
    let Some(row) = row else { return Ok(None) };
    Ok(super::attachments::fill(conn, vec![Message::from(row)]).await?.pop())
}

/// What a member's new message stores.
pub struct NewMemberMessage<'a> {
    pub id: Uuid,
    pub ticket: Uuid,
    pub request_id: Uuid,
    pub user: UserId,
    pub body: &'a str,
    pub by_email: bool,
    /// Not before the ticket's newest message: the thread's order is the order of arrival.
    pub at: DateTime<Utc>,
    /// The ticket's status after it (a closed ticket opens again).
    pub status: Status,
}

/// Stores a member's message and moves the ticket's counters; call with the ticket row locked
/// ([`lock_for_member`]) in the same transaction.
pub async fn insert_member_message(
    conn: &mut AsyncPgConnection,
    m: &NewMemberMessage<'_>,
) -> Result<(), diesel::result::Error> {
    diesel::insert_into(messages::table)
        .values((
            messages::id.eq(m.id),
            messages::ticket_id.eq(m.ticket),
            messages::request_id.eq(m.request_id),
            messages::author_type.eq("member"),
            messages::author_id.eq(m.user.as_uuid()),
            messages::body.eq(m.body),
            messages::via.eq(if m.by_email { "email" } else { "web" }),
            messages::created_at.eq(m.at),
        ))
        .execute(conn)
        .await?;
    let closed_at: Option<DateTime<Utc>> = None;
    diesel::update(tickets::table.filter(tickets::id.eq(m.ticket)))
        .set((
            tickets::message_count.eq(tickets::message_count + 1),
            tickets::last_message_at.eq(m.at),
            tickets::last_message_preview.eq(preview(m.body)),
            tickets::status.eq(m.status.as_str()),
            tickets::closed_at.eq(closed_at),
            tickets::updated_at.eq(m.at),
        ))
        .execute(conn)
        .await?;
    Ok(())
}
