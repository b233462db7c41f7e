//! audit_log: appended to, read by filter, never changed (a trigger refuses it).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::{BoolExpressionMethods as _, ExpressionMethods as _, QueryDsl as _};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};
use uuid::Uuid;

use super::schema::{admin_users, audit_log};
use crate::domain::{AuditAction, AuditRecord, PageCursor, TargetType};

/// Appends `record`; a record with the same id (a redelivered event) is kept once. Returns
/// whether it was new.
pub async fn append(conn: &mut AsyncPgConnection, record: &AuditRecord) -> Result<bool, diesel::result::Error> {
    let inserted = diesel::insert_into(audit_log::table)
        .values((
            audit_log::id.eq(record.id),
            audit_log::at.eq(record.at),
            audit_log::actor_id.eq(record.actor),
            audit_log::action.eq(record.action.as_str()),
            audit_log::target_type.eq(record.action.target().as_str()),
            audit_log::target_id.eq(record.target),
            audit_log::before.eq(record.before.as_deref()),
            audit_log::after.eq(record.after.as_deref()),
            audit_log::reason.eq(record.reason.as_deref()),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;
    Ok(inserted == 1)
}

/// What a page of the log is filtered by (each `None`: any).
#[derive(Clone, Debug, Default)]
pub struct AuditFilter {
    pub actor: Option<Uuid>,
    pub action: Option<AuditAction>,
    pub target_type: Option<TargetType>,
    pub target: Option<Uuid>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

/// An entry as the log shows it, with its staff member's address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditRow {
    pub id: Uuid,
    pub at: DateTime<Utc>,
    pub actor_id: Uuid,
    pub actor_email: String,
    pub action: String,
    pub target_type: String,
    pub target_id: Uuid,
    pub before: Option<String>,
    pub after: Option<String>,
    pub reason: Option<String>,
}

type Row = (Uuid, DateTime<Utc>, Uuid, String, String, Uuid, Option<String>, Option<String>, Option<String>);

/// One page, newest first (`at`, then `id`, descending), after `cursor`; and the next page's
/// cursor when there is more.
pub async fn page(
    conn: &mut AsyncPgConnection,
    filter: &AuditFilter,
    cursor: Option<PageCursor>,
    limit: i64,
) -> Result<(Vec<AuditRow>, Option<PageCursor>), diesel::result::Error> {
    let mut query = audit_log::table.into_boxed();
    if let Some(actor) = filter.actor {
        query = query.filter(audit_log::actor_id.eq(actor));
    }
    if let Some(action) = filter.action {
        query = query.filter(audit_log::action.eq(action.as_str()));
    }
    if let Some(target_type) = filter.target_type {
        query = query.filter(audit_log::target_type.eq(target_type.as_str()));
    }
    if let Some(target) = filter.target {
        query = query.filter(audit_log::target_id.eq(target));
    }
    if let Some(from) = filter.from {
        query = query.filter(audit_log::at.ge(from));
    }
    if let Some(to) = filter.to {
        query = query.filter(audit_log::at.lt(to));
    }
    if let Some(c) = cursor {
        query = query.filter(audit_log::at.lt(c.at).or(audit_log::at.eq(c.at).and(audit_log::id.lt(c.id))));
    }
    let mut rows: Vec<Row> = query
        .order((audit_log::at.desc(), audit_log::id.desc()))
        .limit(limit + 1)
        .select((
            audit_log::id,
            audit_log::at,
            audit_log::actor_id,
            audit_log::action,
            audit_log::target_type,
            audit_log::target_id,
            audit_log::before,
            audit_log::after,
            audit_log::reason,
        ))
        .load(conn)
        .await?;
    let more = i64::try_from(rows.len()).is_ok_and(|n| n > limit);
    if more {
        rows.pop();
    }
    let next = if more { rows.last().map(|r| PageCursor { at: r.1, id: r.0 }) } else { None };
    let mut actors: Vec<Uuid> = rows.iter().map(|r| r.2).collect();
    actors.sort_unstable();
    actors.dedup();
    let emails: HashMap<Uuid, String> = admin_users::table
        .filter(admin_users::id.eq_any(&actors))
        .select((admin_users::id, admin_users::email))
        .load::<(Uuid, String)>(conn)
        .await?
        .into_iter()
        .collect();
    let entries = rows
        .into_iter()
        .map(|(id, at, actor_id, action, target_type, target_id, before, after, reason)| AuditRow {
            id,
            at,
            actor_id,
            actor_email: emails.get(&actor_id).cloned().unwrap_or_default(),
            action,
            target_type,
            target_id,
            before,
            after,
            reason,
        })
        .collect();
    Ok((entries, next))
}
