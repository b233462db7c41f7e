//! The admin SPA's home: today's operational figures, each from the service that owns it (members
//! from identity, failed charts from fortune-gen, open tickets from support, failed mails from
//! notify, purchases from billing). "Today" is the Japanese calendar day. A service that does not
//! answer leaves its figure null and is named in `unavailable`; the rest still show.

use actix_web::{HttpResponse, web};
use chrono::Utc;
use meguri_proto::billing as bi;
use meguri_proto::fortune as fo;
use meguri_proto::identity as id_pb;
use meguri_proto::notify as no;
use meguri_proto::support as su;
use serde::Serialize;
use utoipa::ToSchema;

use super::staff::Staff;
use crate::error::{ApiError, ErrorBody};
use crate::startup::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardMembersBody {
    /// Accounts not deleted.
    pub total: i64,
    /// Of those, created today.
    pub new_today: i64,
    /// Of those, with a verified e-mail address.
    pub verified: i64,
}

/// Tickets open or in progress, per priority.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct DashboardTicketsBody {
    pub low: i64,
    pub normal: i64,
    pub high: i64,
    pub urgent: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardPurchasesBody {
    /// Purchases completed today.
    pub count: i64,
    /// Their yen.
    pub amount_yen: i64,
}

/// `GET /api/admin/dashboard`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardBody {
    /// RFC 3339: when the figures were read.
    pub as_of: String,
    /// The Japanese calendar day they are of (`YYYY-MM-DD`).
    pub day: String,
    #[schema(required = true)]
    pub members: Option<DashboardMembersBody>,
    /// Charts whose last build failed.
    #[schema(required = true)]
    pub charts_failed: Option<i64>,
    #[schema(required = true)]
    pub tickets_open: Option<DashboardTicketsBody>,
    /// Mails given up today (every attempt failed).
    #[schema(required = true)]
    pub mails_failed_today: Option<i64>,
    #[schema(required = true)]
    pub purchases_today: Option<DashboardPurchasesBody>,
    /// Services that did not answer (`identity`, `fortune`, `support`, `notify`, `billing`).
    pub unavailable: Vec<String>,
}

/// The counts per priority of tickets that are not closed.
fn open_per_priority(counts: su::TicketCounts) -> DashboardTicketsBody {
    let mut open = DashboardTicketsBody::default();
    for c in counts.counts {
        if c.status == su::TicketStatus::Closed as i32 {
            continue;
        }
        let slot = match su::TicketPriority::try_from(c.priority) {
            Ok(su::TicketPriority::Low) => &mut open.low,
            Ok(su::TicketPriority::Normal) => &mut open.normal,
            Ok(su::TicketPriority::High) => &mut open.high,
            Ok(su::TicketPriority::Urgent) => &mut open.urgent,
            Ok(su::TicketPriority::Unspecified) | Err(_) => continue,
        };
        *slot += c.count;
    }
    open
}

fn figure<T>(service: &'static str, answer: Result<T, tonic::Status>, unavailable: &mut Vec<String>) -> Option<T> {
    match answer {
        Ok(value) => Some(value),
        Err(status) => {
            tracing::warn!(name: "gateway.admin.figure_missing", service, grpc.code = ?status.code(), "a dashboard figure is missing");
            unavailable.push(service.to_owned());
            None
        }
    }
}

/// Today's operational figures.
#[utoipa::path(get, path = "/api/admin/dashboard", operation_id = "admin_dashboard", tag = "admin",
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "The figures (null: that service did not answer)", body = DashboardBody),
        (status = 401, description = "ADMIN_UNAUTHENTICATED", body = ErrorBody),
    ))]
pub async fn dashboard(staff: Staff, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let now = Utc::now();
    let day = meguri_japan_day::day_of(now);
    let since = meguri_japan_day::start_of(day).to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let ctx = &staff.ctx;
    let (members, charts, tickets, mails, purchases) = tokio::join!(
        state.identity.get_member_stats(ctx, id_pb::GetMemberStatsRequest { since: since.clone() }),
        state.fortune.list_chart_failures(ctx, fo::ListChartFailuresRequest { limit: 1 }),
        state.support.count_tickets(ctx, su::CountTicketsRequest {}),
        state.notify.get_mail_stats(ctx, no::GetMailStatsRequest { since: since.clone() }),
        state.billing.get_purchase_stats(ctx, bi::GetPurchaseStatsRequest { since }),
    );
    let mut unavailable = Vec::new();
    let members = figure("identity", members, &mut unavailable);
    let charts = figure("fortune", charts, &mut unavailable);
    let tickets = figure("support", tickets, &mut unavailable);
    let mails = figure("notify", mails, &mut unavailable);
    let purchases = figure("billing", purchases, &mut unavailable);
    Ok(HttpResponse::Ok().json(DashboardBody {
        as_of: now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        day: day.format("%Y-%m-%d").to_string(),
        members: members.map(|m| DashboardMembersBody { total: m.total, new_today: m.new_since, verified: m.verified }),
        charts_failed: charts.map(|c| c.total),
        tickets_open: tickets.map(open_per_priority),
        mails_failed_today: mails.map(|m| m.failed),
        purchases_today: purchases.map(|p| DashboardPurchasesBody { count: p.count, amount_yen: p.amount_yen }),
        unavailable,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_tickets_are_counted_per_priority_without_the_closed_ones() {
        let count = |status: su::TicketStatus, priority: su::TicketPriority, count: i64| su::ticket_counts::Count {
            status: status as i32,
            priority: priority as i32,
            count,
        };
        let open = open_per_priority(su::TicketCounts {
            counts: vec![
                count(su::TicketStatus::Open, su::TicketPriority::Urgent, 2),
                count(su::TicketStatus::InProgress, su::TicketPriority::Urgent, 1),
                count(su::TicketStatus::Closed, su::TicketPriority::Urgent, 9),
                count(su::TicketStatus::Open, su::TicketPriority::Low, 4),
            ],
        });
        assert_eq!((open.low, open.normal, open.high, open.urgent), (4, 0, 0, 3));
    }
}
