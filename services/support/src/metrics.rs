//! support's ticket metrics, declared once (STYLE §8) and served on the admin port's `/metrics`
//! (the analytics ingest's own are in `events.rs`).
//!
//! | name | type | labels |
//! |---|---|---|
//! | `meguri_support_tickets_total` | counter | `event`: `opened`, `member_reply` (in the app or by mail), `staff_reply` (not notes), `closed` |
//! | `meguri_support_tickets_open` | gauge (tickets not closed: open or in progress) | `priority` |

use std::time::Duration;

use tokio::sync::watch;

use crate::domain::{Priority, Status};

pub const TICKETS_TOTAL: &str = "meguri_support_tickets_total";
pub const TICKETS_OPEN: &str = "meguri_support_tickets_open";

/// How often the open tickets are counted.
pub const COUNT_EVERY: Duration = Duration::from_secs(15);

/// Registers descriptions (the `# HELP` lines) and the known series at 0. Idempotent.
pub fn describe() {
    metrics::describe_counter!(
        TICKETS_TOTAL,
        "Ticket events: opened, member_reply, staff_reply (notes not counted), closed"
    );
    metrics::describe_gauge!(TICKETS_OPEN, "Tickets not closed (open or in progress), by priority");
    metrics::describe_counter!("meguri_analytics_ingested_total", "Analytics stream entries ingested, by outcome");
    metrics::describe_histogram!(
        "meguri_analytics_ingest_lag_seconds",
        "Time from an analytics event's publication to its ingest"
    );
    meguri_telemetry::zero_counter(TICKETS_TOTAL, "event", &["opened", "member_reply", "staff_reply", "closed"]);
}

/// One ticket event (see the table above).
pub fn ticket(event: &'static str) {
    metrics::counter!(TICKETS_TOTAL, "event" => event).increment(1);
}

/// The open-ticket gauges from the (status, priority, count) rows; every priority is set (0 when
/// it has none), so a ticket closed since the last count leaves no stale figure.
#[allow(clippy::cast_precision_loss)] // never 2^52 tickets
pub fn open_tickets(counts: &[(Status, Priority, i64)]) {
    for priority in Priority::ALL {
        let open: i64 =
            counts.iter().filter(|(s, p, _)| *s != Status::Closed && *p == priority).map(|(_, _, n)| n).sum();
        metrics::gauge!(TICKETS_OPEN, "priority" => priority.as_str()).set(open as f64);
    }
}

/// Counts the open tickets every [`COUNT_EVERY`] until `stop` turns true (a failed count is
/// logged and tried again next time).
pub async fn report_open_tickets(usecases: crate::usecases::UseCases, mut stop: watch::Receiver<bool>) {
    loop {
        match usecases.ticket_counts().await {
            Ok(counts) => open_tickets(&counts),
            Err(error) => {
                tracing::warn!(name: "support.tickets.count_failed", error = %error, "could not count the open tickets")
            }
        }
        tokio::select! {
            () = tokio::time::sleep(COUNT_EVERY) => {}
            _ = stop.wait_for(|s| *s) => return,
        }
    }
}
