//! The sweeper: a reply still pending long after its deadline belongs to a process that went away
//! mid-reply (or whose refund billing did not take). It is refunded (billing refunds a spend at
//! most once) and marked refunded, REPLY_TIMEOUT.

use tokio::sync::watch;

use super::Chat;
use crate::db;
use crate::domain::FailureCode;
use crate::error::Error;

/// Abandoned replies settled per round.
const BATCH: i64 = 50;

impl Chat {
    /// One round; returns how many replies it refunded.
    ///
    /// # Errors
    /// The database (a refund billing does not take is tried again next round).
    pub async fn sweep(&self) -> Result<usize, Error> {
        let grace = chrono::Duration::from_std(self.timings.reply_deadline + self.timings.sweep_grace)
            .unwrap_or(chrono::Duration::MAX);
        let cutoff = self.clock.now() - grace;
        let abandoned = {
            let mut conn = self.conn().await?;
            db::messages::pending_before(&mut conn, cutoff, BATCH).await?
        };
        let mut refunded = 0;
        for message in abandoned {
            // A reply this process is still writing settles itself.
            if self.live.get(message.id).is_some() {
                continue;
            }
            if let Err(error) = self.peers.refund(message.user, &message.id.spend_key()).await {
                tracing::warn!(name: "chat.sweeper.refund_failed", message_id = %message.id, error = %error, "refund not taken; next round");
                continue;
            }
            let mut conn = self.conn().await?;
            let code = FailureCode::ReplyTimeout;
            if db::messages::mark_refunded(&mut conn, message.id, code, None, self.clock.now()).await? {
                crate::metrics::refund(code.as_str(), "sweeper");
                tracing::info!(name: "chat.sweeper.refunded", message_id = %message.id);
                refunded += 1;
            }
        }
        Ok(refunded)
    }

    /// The sweeper task: a round every `CHAT_SWEEP_INTERVAL_MS` until `stop` turns true.
    pub async fn run_sweeper(self, mut stop: watch::Receiver<bool>) {
        loop {
            if let Err(error) = self.sweep().await {
                tracing::warn!(name: "chat.sweeper.round_failed", error = ?error, "sweep failed; retrying");
            }
            tokio::select! {
                () = tokio::time::sleep(self.timings.sweep_interval) => {}
                _ = stop.wait_for(|s| *s) => return,
            }
        }
    }
}
