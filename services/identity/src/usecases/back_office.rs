//! What staff read in the admin SPA: the member search, a member's page, the dashboard's member
//! figures, and the audit log (with the consumer that stores other services' records in it).

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::db::audit::{self, AuditFilter, AuditRow};
use crate::db::users::{self, DetailForStaff, ForStaff};
use crate::domain::{AuditAction, AuditRecord, PageCursor, TargetType, page_limit};
use crate::error::Error;
use crate::usecases::accounts::Accounts;

/// The longest search text, in characters.
pub const MAX_SEARCH_CHARS: usize = 100;

/// The audit log's filters as asked for (empty text: any).
#[derive(Clone, Debug, Default)]
pub struct AuditQuery<'a> {
    pub actor: &'a str,
    pub action: &'a str,
    pub target_type: &'a str,
    pub target: &'a str,
    pub from: &'a str,
    pub to: &'a str,
    pub cursor: &'a str,
    pub limit: u32,
}

fn optional<T>(raw: &str, parse: impl FnOnce(&str) -> Result<T, Error>) -> Result<Option<T>, Error> {
    let raw = raw.trim();
    if raw.is_empty() { Ok(None) } else { parse(raw).map(Some) }
}

fn instant(raw: &str) -> Result<DateTime<Utc>, Error> {
    DateTime::parse_from_rfc3339(raw).map(|t| t.to_utc()).map_err(|_| Error::InvalidInstant)
}

impl AuditQuery<'_> {
    /// # Errors
    /// INVALID_ADMIN_ID, INVALID_AUDIT_ACTION, INVALID_TARGET_TYPE (also a target id that is not
    /// a UUID), INVALID_DATE, INVALID_CURSOR, INVALID_LIMIT.
    pub fn parse(&self) -> Result<(AuditFilter, Option<PageCursor>, i64), Error> {
        let filter = AuditFilter {
            actor: optional(self.actor, |r| r.parse().map_err(|_| Error::InvalidAdminId))?,
            action: optional(self.action, AuditAction::parse)?,
            target_type: optional(self.target_type, TargetType::parse)?,
            target: optional(self.target, |r| r.parse().map_err(|_| Error::InvalidTargetType))?,
            from: optional(self.from, instant)?,
            to: optional(self.to, instant)?,
        };
        Ok((filter, optional(self.cursor, PageCursor::parse)?, page_limit(self.limit)?))
    }
}

impl Accounts {
    /// One page of the member search (see [`users::search_for_staff`]).
    ///
    /// # Errors
    /// SEARCH_TOO_LONG, INVALID_CURSOR, INVALID_LIMIT.
    pub async fn search_members(
        &self,
        query: &str,
        cursor: &str,
        limit: u32,
    ) -> Result<(Vec<ForStaff>, Option<PageCursor>), Error> {
        if query.trim().chars().count() > MAX_SEARCH_CHARS {
            return Err(Error::SearchTooLong);
        }
        // No stored address or name holds a NUL (PostgreSQL text cannot): nothing matches.
        if query.contains('\0') {
            return Ok((Vec::new(), None));
        }
        let cursor = optional(cursor, PageCursor::parse)?;
        let limit = page_limit(limit)?;
        let mut conn = self.conn().await?;
        Ok(users::search_for_staff(&mut conn, query, cursor, limit).await?)
    }

    /// One member for the user page.
    ///
    /// # Errors
    /// USER_NOT_FOUND.
    pub async fn member_detail(&self, id: Uuid) -> Result<DetailForStaff, Error> {
        let mut conn = self.conn().await?;
        users::detail_for_staff(&mut conn, id).await?.ok_or(Error::UserNotFound)
    }

    /// Members not deleted, those of them created since `since`, and the verified ones.
    ///
    /// # Errors
    /// The database.
    pub async fn member_stats(&self, since: &str) -> Result<(i64, i64, i64), Error> {
        let since = instant(since)?;
        let mut conn = self.conn().await?;
        Ok(users::stats(&mut conn, since).await?)
    }

    /// One page of the audit log, newest first.
    ///
    /// # Errors
    /// The filters' errors ([`AuditQuery::parse`]).
    pub async fn audit_page(&self, query: &AuditQuery<'_>) -> Result<(Vec<AuditRow>, Option<PageCursor>), Error> {
        let (filter, cursor, limit) = query.parse()?;
        let mut conn = self.conn().await?;
        Ok(audit::page(&mut conn, &filter, cursor, limit).await?)
    }

    /// Stores another service's audit record (from the `audit` stream); a redelivery is kept once.
    /// Returns whether it was new.
    ///
    /// # Errors
    /// The record's checks ([`AuditRecord::from_event`]), or the database.
    pub async fn record_audit_event(
        &self,
        event_id: Uuid,
        event: meguri_proto::audit::StaffActionRecorded,
    ) -> Result<bool, Error> {
        let record = AuditRecord::from_event(event_id, event)?;
        let mut conn = self.conn().await?;
        Ok(audit::append(&mut conn, &record).await?)
    }
}
