//! The sender task: works through due `email_notifications` rows. Woken when a message is
//! queued; otherwise it sleeps until the next row is due (at most [`MAX_IDLE`]).
//!
//! Each message: sent → `sent` (bodies cleared); failed → `attempts + 1`, a short error and the
//! next attempt after the policy's delay; after the last attempt (or a message that cannot be
//! built) → `failed` (bodies cleared). Several replicas may run senders: rows are claimed with
//! `SKIP LOCKED` and a lease.

use std::sync::Arc;
use std::time::Duration;

use meguri_clock::Clock;
use tokio::sync::{Notify, watch};

use crate::db::notifications::{self, Claimed};
use crate::domain::schedule::after;
use crate::domain::{NextStep, RetryPolicy, short_error};
use crate::error::Error;
use crate::mailer::Mailer;

/// Rows claimed per round.
const BATCH: i64 = 10;
/// The longest sleep between two looks at the table (a row queued by another replica, the lease
/// of a crashed sender running out).
pub const MAX_IDLE: Duration = Duration::from_secs(10);

pub struct Sender {
    pub pool: meguri_db::Pool,
    pub mailer: Arc<dyn Mailer>,
    pub wake: Arc<Notify>,
    pub retry: RetryPolicy,
    pub lease: Duration,
    /// Due times, leases and retries are read from it, never from the database's `now()`.
    pub clock: Arc<dyn Clock>,
}

impl Sender {
    /// Sends until `stop` turns true. Database failures are logged and retried with backoff.
    pub async fn run(self, mut stop: watch::Receiver<bool>) {
        let mut backoff = Duration::from_millis(200);
        loop {
            if *stop.borrow() {
                return;
            }
            let wait = match self.round().await {
                Ok(wait) => {
                    backoff = Duration::from_millis(200);
                    wait
                }
                Err(error) => {
                    tracing::warn!(name: "notify.sender.failed", error = format!("{error:#}"), "notify.sender.failed: sender round failed; retrying");
                    backoff = (backoff * 2).min(Duration::from_secs(5));
                    backoff
                }
            };
            if wait.is_zero() {
                continue;
            }
            tokio::select! {
                () = self.wake.notified() => {}
                () = tokio::time::sleep(wait) => {}
                _ = stop.wait_for(|s| *s) => return,
            }
        }
    }

    /// Sends one batch; returns how long to wait before the next round.
    async fn round(&self) -> Result<Duration, Error> {
        let claimed = notifications::claim_due(&self.pool, BATCH, self.lease, self.clock.now()).await?;
        let full = i64::try_from(claimed.len()).unwrap_or(i64::MAX) >= BATCH;
        for message in claimed {
            self.deliver(message).await?;
        }
        let (pending, next_due) = notifications::pending(&self.pool, self.clock.now()).await?;
        crate::metrics::pending(pending);
        if full {
            return Ok(Duration::ZERO);
        }
        Ok(next_due.map_or(MAX_IDLE, |due| due.clamp(Duration::from_millis(1), MAX_IDLE)))
    }

    #[tracing::instrument(skip_all, fields(notification_id = %message.id, mail_type = message.mail_type.as_str()))]
    async fn deliver(&self, message: Claimed) -> Result<(), Error> {
        let attempts = message.attempts + 1;
        let outcome = match &message.mail {
            Some(mail) => self.mailer.send(mail).await,
            None => Err(crate::mailer::MailError { message: "message body missing".to_owned(), permanent: true }),
        };
        match outcome {
            Ok(()) => {
                notifications::mark_sent(&self.pool, message.id, self.clock.now()).await?;
                crate::metrics::sent(message.mail_type);
                tracing::info!(name: "notify.mail.sent", notification_id = %message.id, transport = self.mailer.kind(), attempts, "notify.mail.sent");
            }
            Err(error) => {
                crate::metrics::attempt_failed(message.mail_type);
                let text = short_error(&error.message);
                let step = if error.permanent { NextStep::GiveUp } else { self.retry.after_failure(attempts) };
                match step {
                    NextStep::RetryIn(delay) => {
                        let next_at = after(self.clock.now(), delay);
                        notifications::mark_retry(&self.pool, message.id, attempts, &text, next_at).await?;
                        tracing::warn!(
                            name: "notify.mail.retry",
                            notification_id = %message.id,
                            attempts,
                            retry_in_ms = u64::try_from(delay.as_millis()).unwrap_or(u64::MAX),
                            error = %text,
                            "notify.mail.retry: sending failed; will retry"
                        );
                    }
                    NextStep::GiveUp => {
                        notifications::mark_failed(&self.pool, message.id, attempts, &text).await?;
                        crate::metrics::failed(message.mail_type);
                        tracing::error!(name: "notify.mail.failed", notification_id = %message.id, attempts, error = %text, "notify.mail.failed: giving up on a message");
                    }
                }
            }
        }
        Ok(())
    }
}
