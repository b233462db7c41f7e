//! The audit log (`GET /api/admin/audit`): every staff action, newest first, filtered by staff
//! member, action, record and Japanese calendar days. identity keeps the log.

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use meguri_proto::identity as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::staff::Staff;
use crate::error::{ApiError, ErrorBody};
use crate::startup::AppState;

/// The query of `GET /api/admin/audit` (every filter optional).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct AuditQuery {
    /// A staff id.
    pub actor: Option<String>,
    /// e.g. `credits.adjust` (docs/api/admin.md lists them).
    pub action: Option<String>,
    /// `ticket`, `member` or `staff`.
    pub target_type: Option<String>,
    /// The record's id.
    pub target_id: Option<String>,
    /// The first Japanese calendar day (`YYYY-MM-DD`).
    pub from: Option<String>,
    /// The last Japanese calendar day (`YYYY-MM-DD`), inclusive.
    pub to: Option<String>,
    /// `nextCursor` of the previous page.
    pub cursor: Option<String>,
    /// 1..=100 (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AuditActorBody {
    pub id: String,
    /// Empty if the account is gone.
    pub email: String,
}

/// One staff action.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntryBody {
    pub id: String,
    /// RFC 3339: when the action committed.
    pub at: String,
    pub actor: AuditActorBody,
    pub action: String,
    /// `ticket`, `member` or `staff`.
    pub target_type: String,
    pub target_id: String,
    #[schema(required = true)]
    pub before: Option<String>,
    #[schema(required = true)]
    pub after: Option<String>,
    /// The staff member's reason (a credit adjustment's).
    #[schema(required = true)]
    pub reason: Option<String>,
}

impl From<pb::AuditEntry> for AuditEntryBody {
    fn from(e: pb::AuditEntry) -> Self {
        let pb::AuditEntry { id, at, actor_id, actor_email, action, target_type, target_id, before, after, reason } = e;
        Self {
            id,
            at,
            actor: AuditActorBody { id: actor_id, email: actor_email },
            action,
            target_type,
            target_id,
            before,
            after,
            reason,
        }
    }
}

/// `GET /api/admin/audit`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditPageBody {
    pub entries: Vec<AuditEntryBody>,
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// The years a filter day may be in: the log starts in this century, and the far ends of the
/// calendar would overflow the conversion to an instant.
fn day(raw: Option<&str>) -> Result<Option<NaiveDate>, ApiError> {
    match raw.map(str::trim).filter(|d| !d.is_empty()) {
        None => Ok(None),
        Some(d) => meguri_japan_day::parse_day(d).map(Some).map_err(|_| ApiError::Invalid("INVALID_AUDIT_DATE")),
    }
}

/// The instants of identity's filter: from the start of `from`'s day to the end of `to`'s.
///
/// # Errors
/// 400 `INVALID_AUDIT_DATE` for a day that is not `YYYY-MM-DD`, or `from` after `to`.
pub fn bounds(from: Option<&str>, to: Option<&str>) -> Result<(String, String), ApiError> {
    let (from, to) = (day(from)?, day(to)?);
    if let (Some(f), Some(t)) = (from, to)
        && f > t
    {
        return Err(ApiError::Invalid("INVALID_AUDIT_DATE"));
    }
    let text = |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    Ok((
        from.map(meguri_japan_day::start_of).map(text).unwrap_or_default(),
        to.map(meguri_japan_day::end_of).map(text).unwrap_or_default(),
    ))
}

/// The audit log, newest first, filtered.
#[utoipa::path(get, path = "/api/admin/audit", operation_id = "admin_audit", tag = "admin",
    params(AuditQuery),
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "One page of the log", body = AuditPageBody),
        (status = 400, description = "INVALID_ADMIN_ID, INVALID_AUDIT_ACTION, INVALID_TARGET_TYPE, INVALID_AUDIT_DATE, INVALID_CURSOR, INVALID_LIMIT", body = ErrorBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
    ))]
pub async fn audit(
    staff: Staff,
    query: web::Query<AuditQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let AuditQuery { actor, action, target_type, target_id, from, to, cursor, limit } = query.into_inner();
    let (from, to) = bounds(from.as_deref(), to.as_deref())?;
    let request = pb::ListAuditRequest {
        actor_id: actor.unwrap_or_default(),
        action: action.unwrap_or_default(),
        target_type: target_type.unwrap_or_default(),
        target_id: target_id.unwrap_or_default(),
        from,
        to,
        cursor: cursor.unwrap_or_default(),
        limit: limit.unwrap_or(0),
    };
    let page = crate::routes::rpc("ListAudit", state.identity.list_audit(&staff.ctx, request)).await?;
    let pb::ListAuditResponse { entries, next_cursor } = page;
    Ok(HttpResponse::Ok()
        .json(AuditPageBody { entries: entries.into_iter().map(AuditEntryBody::from).collect(), next_cursor }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_become_japan_day_bounds_and_bad_ones_are_refused() {
        assert_eq!(
            bounds(Some("2026-11-29"), Some("2026-11-29")).expect("one day"),
            ("2026-11-28T15:00:00Z".to_owned(), "2026-11-29T15:00:00Z".to_owned())
        );
        assert_eq!(bounds(None, None).expect("none"), (String::new(), String::new()));
        for (from, to) in [
            (Some("2026-13-01"), None),
            (None, Some("29/11/2026")),
            (Some("2026-11-30"), Some("2026-11-29")),
            (Some("0001-01-01"), None),
            (Some("-262144-01-01"), None),
            (None, Some("+262143-12-31")),
        ] {
            assert!(matches!(bounds(from, to), Err(ApiError::Invalid("INVALID_AUDIT_DATE"))), "{from:?} {to:?}");
        }
    }
}
