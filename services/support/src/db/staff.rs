//! The staff inbox over support_tickets and support_ticket_messages: the filtered, keyset-paged
//! list, any ticket, assignment, status and priority, and a staff message under the ticket's row
//! lock (as a member's, so the counters stay exact).

use chrono::{DateTime, Utc};
use diesel::{
    BoolExpressionMethods as _, ExpressionMethods as _, OptionalExtension as _, PgTextExpressionMethods as _,
    QueryDsl as _, SelectableHelper as _,
};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use uuid::Uuid;

use super::schema::{support_ticket_messages as messages, support_tickets as tickets};
use super::tickets::{TicketRow, unread_by};
use meguri_ids::UserId;

use crate::domain::{AdminId, Assignee, Cursor, Priority, Status, TokenHash, preview};
use crate::usecases::tickets::Ticket;

/// What the list keeps.
pub struct Filter {
    pub status: Option<Status>,
    pub priority: Option<Priority>,
    pub assignee: Assignee,
    /// An escaped `ILIKE` pattern on the subject (`domain::subject_pattern`).
    pub subject: Option<String>,
    pub member: Option<UserId>,
}

/// Up to `limit` tickets after `after`, newest activity first (last_message_at, id: both
/// descending, the index `support_tickets_inbox`), each with the member messages staff has not
/// opened.
pub async fn list(
    conn: &mut AsyncPgConnection,
    filter: &Filter,
    after: Option<Cursor>,
    limit: i64,
) -> Result<Vec<Ticket>, diesel::result::Error> {
    let mut query = tickets::table.into_boxed();
    if let Some(status) = filter.status {
        query = query.filter(tickets::status.eq(status.as_str()));
    }
    if let Some(priority) = filter.priority {
        query = query.filter(tickets::priority.eq(priority.as_str()));
    }
    match filter.assignee {
        Assignee::Anyone => {}
        Assignee::Nobody => query = query.filter(tickets::assigned_to.is_null()),
        Assignee::Admin(admin) => query = query.filter(tickets::assigned_to.eq(*admin.as_uuid())),
    }
    if let Some(pattern) = &filter.subject {
        query = query.filter(tickets::subject.ilike(pattern.clone()));
    }
    if let Some(member) = filter.member {
        query = query.filter(tickets::user_id.eq(*member.as_uuid()));
    }
    if let Some(after) = after {
        query = query.filter(
            tickets::last_message_at
                .lt(after.last_message_at)
                .or(tickets::last_message_at.eq(after.last_message_at).and(tickets::id.lt(after.id))),
        );
    }
    let rows: Vec<TicketRow> = query
        .order((tickets::last_message_at.desc(), tickets::id.desc()))
        .limit(limit)
        .select(TicketRow::as_select())
        .load(conn)
        .await?;
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    let unread = unread_by(conn, &ids, "member").await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let n = unread.iter().find(|u| u.0 == r.id).map_or(0, |u| u.1);
            r.into_ticket(n)
        })
        .collect())
}

/// Any ticket, as staff sees it (`unread`: member messages staff has not opened).
pub async fn find(conn: &mut AsyncPgConnection, ticket: Uuid) -> Result<Option<Ticket>, diesel::result::Error> {
    let row = tickets::table
        .filter(tickets::id.eq(ticket))
        .select(TicketRow::as_select())
        .first::<TicketRow>(conn)
        .await
        .optional()?;
    let Some(row) = row else { return Ok(None) };
    let unread = unread_by(conn, &[row.id], "member").await?;
    Ok(Some(row.into_ticket(unread.as_slice().first().map_or(0, |u| u.1))))
}

/// Marks the member messages `shown` (ids of the ticket's messages staff was just answered) as
/// opened by staff: only those, so a message stored meanwhile stays new.
pub async fn mark_member_messages_read(
    conn: &mut AsyncPgConnection,
    ticket: Uuid,
    shown: &[Uuid],
) -> Result<(), diesel::result::Error> {
    diesel::update(
        messages::table.filter(
            messages::ticket_id
                .eq(ticket)
                .and(messages::id.eq_any(shown))
                .and(messages::author_type.eq("member"))
                .and(messages::is_read.eq(false)),
        ),
    )
    .set(messages::is_read.eq(true))
    .execute(conn)
    .await?;
    Ok(())
}

/// A ticket's row as staff changes it.
pub struct Locked {
    pub status: Status,
    pub last_message_at: DateTime<Utc>,
    pub closed_at: Option<DateTime<Utc>>,
    pub subject: String,
    /// `None` once the member deleted the account.
    pub user: Option<UserId>,
    pub priority: Priority,
    pub assigned_to: Option<AdminId>,
}

/// Any ticket's row, locked until the transaction ends.
pub async fn lock(conn: &mut AsyncPgConnection, ticket: Uuid) -> Result<Option<Locked>, diesel::result::Error> {
    type Row = (String, DateTime<Utc>, Option<DateTime<Utc>>, String, Option<Uuid>, String, Option<Uuid>);
    let row: Option<Row> = tickets::table
        .filter(tickets::id.eq(ticket))
        .select((
            tickets::status,
            tickets::last_message_at,
            tickets::closed_at,
            tickets::subject,
            tickets::user_id,
            tickets::priority,
            tickets::assigned_to,
        ))
        .for_update()
        .first(conn)
        .await
        .optional()?;
    Ok(row.map(|(status, last_message_at, closed_at, subject, user, priority, assigned_to)| Locked {
        status: Status::from_store(&status).unwrap_or(Status::Open),
        last_message_at,
        closed_at,
        subject,
        user: user.map(UserId::from_uuid),
        priority: Priority::from_store(&priority).unwrap_or(Priority::Normal),
        assigned_to: assigned_to.map(AdminId::from_uuid),
    }))
}

/// Sets (or clears) the admin the ticket is assigned to; `false` when there is no such ticket.
pub async fn assign(
    conn: &mut AsyncPgConnection,
    ticket: Uuid,
    admin: Option<AdminId>,
    now: DateTime<Utc>,
) -> Result<bool, diesel::result::Error> {
    let updated = diesel::update(tickets::table.filter(tickets::id.eq(ticket)))
        .set((tickets::assigned_to.eq(admin.map(|a| *a.as_uuid())), tickets::updated_at.eq(now)))
        .execute(conn)
        .await?;
    Ok(updated > 0)
}

/// Sets the status (with the `closed_at` that goes with it) and the priority; call with the row
/// locked ([`lock`]).
pub async fn set_state(
    conn: &mut AsyncPgConnection,
    ticket: Uuid,
    status: Status,
    closed_at: Option<DateTime<Utc>>,
    priority: Option<Priority>,
    now: DateTime<Utc>,
) -> Result<(), diesel::result::Error> {
    let target = tickets::table.filter(tickets::id.eq(ticket));
    let state = (tickets::status.eq(status.as_str()), tickets::closed_at.eq(closed_at), tickets::updated_at.eq(now));
    match priority {
        Some(p) => diesel::update(target).set((state, tickets::priority.eq(p.as_str()))).execute(conn).await?,
        None => diesel::update(target).set(state).execute(conn).await?,
    };
    Ok(())
}

/// What a staff message stores.
pub struct NewStaffMessage<'a> {
    pub id: Uuid,
    pub ticket: Uuid,
    pub request_id: Uuid,
    pub admin: AdminId,
    pub author_name: &'a str,
    pub body: &'a str,
    pub internal: bool,
    /// Not before the ticket's newest message: the thread's order is the order of arrival.
    pub at: DateTime<Utc>,
    /// The hash of the reply link mailed with it, and when the link stops working.
    pub reply_token: Option<(TokenHash, DateTime<Utc>)>,
}

/// Stores a staff message; a reply (not a note) also moves the member-facing fields: the count,
/// the newest time and preview, `response`. Call with the ticket row locked ([`lock`]) in the same
/// transaction.
pub async fn insert_staff_message(
    conn: &mut AsyncPgConnection,
    m: &NewStaffMessage<'_>,
) -> Result<(), diesel::result::Error> {
    diesel::insert_into(messages::table)
        .values((
            messages::id.eq(m.id),
            messages::ticket_id.eq(m.ticket),
            messages::request_id.eq(m.request_id),
            messages::author_type.eq("staff"),
            messages::author_id.eq(*m.admin.as_uuid()),
            messages::author_name.eq(m.author_name),
            messages::body.eq(m.body),
            messages::internal.eq(m.internal),
            messages::reply_token.eq(m.reply_token.as_ref().map(|(hash, _)| hash.as_str())),
            messages::reply_token_expires_at.eq(m.reply_token.as_ref().map(|(_, until)| *until)),
            messages::created_at.eq(m.at),
        ))
        .execute(conn)
        .await?;
    if m.internal {
        return Ok(());
    }
    diesel::update(tickets::table.filter(tickets::id.eq(m.ticket)))
        .set((
            tickets::message_count.eq(tickets::message_count + 1),
            tickets::last_message_at.eq(m.at),
            tickets::last_message_preview.eq(preview(m.body)),
            tickets::response.eq(m.body),
            tickets::updated_at.eq(m.at),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// (status, priority, tickets) for every combination that has tickets.
pub async fn counts(conn: &mut AsyncPgConnection) -> Result<Vec<(Status, Priority, i64)>, diesel::result::Error> {
    let rows: Vec<(String, String, i64)> = tickets::table
        .group_by((tickets::status, tickets::priority))
        .select((tickets::status, tickets::priority, diesel::dsl::count_star()))
        .load(conn)
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(status, priority, n)| Some((Status::from_store(&status)?, Priority::from_store(&priority)?, n)))
        .collect())
}
