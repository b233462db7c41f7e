//! The scheduler task: timed mail. Each round (every `NOTIFY_SCHEDULER_POLL_MS`, the time always
//! from the service's clock):
//!
//! 1. members due an inactivity reminder become deliveries due now (`deliveries::schedule_reminders`);
//! 2. due deliveries are claimed, oldest first (`FOR UPDATE SKIP LOCKED`, then a lease), so every
//!    overdue one goes out after downtime and two replicas never take the same row;
//! 3. each is delivered: the preference and identity's address are read first (identity down →
//!    the row stays pending, its error kept, tried again after the retry policy's delay; after the
//!    last attempt it is `failed` and a letter is still delivered in the app, without mail); then
//!    ONE transaction locks the row (still pending, or another scheduler finished it), queues the
//!    mail (its `event_id` is the delivery id, `ON CONFLICT DO NOTHING`: a retried delivery never
//!    mails twice) with its unsubscribe token, puts LetterDelivered in the outbox (letters), and
//!    marks the row `sent` (or `failed`).

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, SecondsFormat, Utc};
use diesel_async::AsyncConnection as _;
use meguri_clock::Clock;
use meguri_events::Relay;
use meguri_proto::notify::LetterDelivered;
use tokio::sync::{Notify, watch};

use crate::db::deliveries::{self, Claimed, Finish};
use crate::db::notifications::{self, NewMail};
use crate::domain::schedule::{INACTIVITY, after, before};
use crate::domain::{DeliveryKind, MailKind, MailOutcome, MailRequest, NextStep, RetryPolicy, UnsubscribeKey};
use crate::domain::{parse_date, short_error};
use crate::error::Error;
use crate::peers::Identity;

/// Deliveries claimed (and members checked for a reminder) per round.
const BATCH: i64 = 20;

/// What the scheduler needs.
#[derive(Clone)]
pub struct Scheduler {
    pub pool: meguri_db::Pool,
    pub identity: Identity,
    pub clock: Arc<dyn Clock>,
    pub key: UnsubscribeKey,
    /// `APP_BASE_URL`.
    pub app_base_url: Arc<str>,
    /// When a delivery whose address could not be had is tried again, and when it is given up.
    pub retry: RetryPolicy,
    /// How long a claimed delivery stays invisible to other schedulers.
    pub lease: Duration,
    /// How often it looks for due work.
    pub poll: Duration,
    /// Wakes the mail sender once a mail is queued.
    pub wake_sender: Arc<Notify>,
    /// Publishes LetterDelivered once committed.
    pub relay: Relay,
}

/// What the mail of one delivery will be.
enum Plan {
    Mail(MailRequest),
    Skip(MailOutcome),
}

impl Scheduler {
    /// Delivers until `stop` turns true. A round in progress is dropped when `stop` comes (as if
    /// the process died): its claimed rows go to another scheduler once their lease ends.
    pub async fn run(self, mut stop: watch::Receiver<bool>) {
        let mut backoff = Duration::from_millis(200);
        loop {
            if *stop.borrow() {
                return;
            }
            let round = tokio::select! {
                round = self.round() => round,
                _ = stop.wait_for(|s| *s) => return,
            };
            let wait = match round {
                Ok(true) => Duration::ZERO,
                Ok(false) => {
                    backoff = Duration::from_millis(200);
                    self.poll
                }
                Err(error) => {
                    tracing::warn!(name: "notify.scheduler.failed", error = format!("{error:#}"), "notify.scheduler.failed: scheduler round failed; retrying");
                    backoff = (backoff * 2).min(Duration::from_secs(5));
                    backoff.min(self.poll.max(Duration::from_millis(200)))
                }
            };
            if wait.is_zero() {
                continue;
            }
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                _ = stop.wait_for(|s| *s) => return,
            }
        }
    }

    /// One round; `true` when a full batch was claimed (more may be due).
    ///
    /// # Errors
    /// The database.
    pub async fn round(&self) -> Result<bool, Error> {
        let now = self.clock.now();
        let reminders = deliveries::schedule_reminders(&self.pool, BATCH, before(now, INACTIVITY), now).await?;
        if reminders > 0 {
            tracing::info!(name: "notify.reminders.scheduled", count = reminders, "notify.reminders.scheduled");
        }
        let claimed = deliveries::claim_due(&self.pool, BATCH, now, after(now, self.lease)).await?;
        let full = i64::try_from(claimed.len()).unwrap_or(i64::MAX) >= BATCH;
        for delivery in claimed {
            self.deliver(delivery).await?;
        }
        crate::metrics::deliveries_backlog(&deliveries::backlog(&self.pool, now).await?);
        Ok(full)
    }

    /// The mail this delivery asks for (without an address yet).
    fn request(delivery: &Claimed) -> anyhow::Result<MailRequest> {
        let mail = match delivery.kind {
            DeliveryKind::FutureLetter => {
                let date = |field: &str| {
                    parse_date(delivery.payload.get(field).and_then(serde_json::Value::as_str).unwrap_or_default())
                };
                MailKind::FutureDiaryDelivery {
                    authored_date: date("authoredDate")?,
                    delivery_date: date("deliveryDate")?,
                }
            }
            DeliveryKind::InactivityReminder => MailKind::InactivityReminder,
        };
        Ok(MailRequest { user_id: Some(delivery.user), to: String::new(), name: None, mail })
    }

    /// Decides the mail: the preference, then identity's address. `Err` = identity did not answer.
    async fn plan(&self, request: MailRequest) -> Result<Result<Plan, anyhow::Error>, Error> {
        let (Some(preference), Some(user)) = (request.mail.preference(), request.user_id) else {
            return Ok(Ok(Plan::Skip(MailOutcome::NotSent)));
        };
        if !super::mail::wanted(&self.pool, user, preference).await? {
            return Ok(Ok(Plan::Skip(MailOutcome::PreferenceOff)));
        }
        Ok(match self.identity.contact(user).await {
            Ok(Some(contact)) => Ok(Plan::Mail(request.addressed(contact.email, contact.username))),
            Ok(None) => Ok(Plan::Skip(MailOutcome::NoAddress)),
            Err(error) => Err(error),
        })
    }

    #[tracing::instrument(skip_all, fields(delivery_id = %delivery.id, kind = delivery.kind.as_str()))]
    async fn deliver(&self, delivery: Claimed) -> Result<(), Error> {
        let attempts = delivery.attempts + 1;
        let (plan, failure) = match Self::request(&delivery) {
            Err(error) => (Plan::Skip(MailOutcome::NotSent), Some(short_error(&format!("{error:#}")))),
            Ok(request) => match self.plan(request).await? {
                Ok(plan) => (plan, None),
                Err(error) => {
                    let text = short_error(&format!("{error:#}"));
                    crate::metrics::delivery_attempt_failed(delivery.kind);
                    match self.retry.after_failure(attempts) {
                        NextStep::RetryIn(delay) => {
                            let now = self.clock.now();
                            deliveries::retry_later(&self.pool, delivery.id, attempts, &text, after(now, delay), now)
                                .await?;
                            tracing::warn!(
                                name: "notify.delivery.retry",
                                delivery_id = %delivery.id,
                                attempts,
                                retry_in_ms = u64::try_from(delay.as_millis()).unwrap_or(u64::MAX),
                                error = %text,
                                "notify.delivery.retry: no address yet; will retry"
                            );
                            return Ok(());
                        }
                        NextStep::GiveUp => (Plan::Skip(MailOutcome::NotSent), Some(text)),
                    }
                }
            },
        };
        let now = self.clock.now();
        let done = self.finish(&delivery, plan, failure.as_deref(), now).await?;
        if let Some(outcome) = done {
            let status = if failure.is_some() { "failed" } else { "sent" };
            crate::metrics::delivered(delivery.kind, status);
            tracing::info!(
                name: "notify.delivery.done",
                delivery_id = %delivery.id,
                kind = delivery.kind.as_str(),
                status,
                mail = outcome.as_str(),
                late_ms = (now - delivery.due_at).num_milliseconds(),
                "notify.delivery.done"
            );
        }
        Ok(())
    }

    /// The one transaction that finishes a delivery; `None` when another scheduler finished it
    /// first (or it was cancelled or deleted meanwhile): nothing is written then.
    async fn finish(
        &self,
        delivery: &Claimed,
        plan: Plan,
        failure: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<Option<MailOutcome>, Error> {
        let (request, outcome) = match plan {
            Plan::Mail(request) => (Some(request), MailOutcome::Queued),
            Plan::Skip(outcome) => (None, outcome),
        };
        let issued = request
            .as_ref()
            .and_then(|r| r.mail.preference())
            .map(|preference| super::unsubscribe::issue(&self.key, delivery.user, preference));
        let rendered = request
            .as_ref()
            .map(|r| crate::templates::render(r, &self.app_base_url, issued.as_ref().map(|(_, token)| token.as_str())));
        let mut conn = crate::db::connection(&self.pool).await?;
        let finished = conn
            .transaction(async |conn| {
                if !deliveries::lock_pending(conn, delivery.id).await? {
                    return Ok::<_, Error>(false);
                }
                if let (Some(request), Some(rendered)) = (&request, &rendered) {
                    let mail = NewMail {
                        event_id: delivery.id,
                        user: Some(delivery.user),
                        recipient: &request.to,
                        rendered,
                        token: issued.as_ref().map(|(row, _)| *row),
                    };
                    notifications::insert(conn, &mail, now).await?;
                }
                if let (DeliveryKind::FutureLetter, Some(entry_id)) = (delivery.kind, delivery.entry_id) {
                    let event = LetterDelivered {
                        entry_id: entry_id.to_string(),
                        user_id: delivery.user.to_string(),
                        email_sent: outcome.email_sent(),
                        delivered_at: now.to_rfc3339_opts(SecondsFormat::Millis, true),
                    };
                    meguri_events::enqueue(conn, &event).await.map_err(Error::db("queue LetterDelivered"))?;
                }
                let how = failure.map_or(Finish::Sent(outcome), |error| Finish::Failed(outcome, error));
                deliveries::finish(conn, delivery.id, how, now).await?;
                Ok(true)
            })
            .await?;
        if !finished {
            tracing::info!(name: "notify.delivery.taken", delivery_id = %delivery.id, "notify.delivery.taken: finished elsewhere; nothing written");
            return Ok(None);
        }
        if outcome.email_sent() {
            self.wake_sender.notify_one();
        }
        if delivery.kind == DeliveryKind::FutureLetter {
            self.relay.wake();
        }
        Ok(Some(outcome))
    }
}
