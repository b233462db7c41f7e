//! Sending a message. An id seen before attaches (same user, same text: never charged again) or is
//! refused; a crisis is answered at once and never charged; anything else is stored pending,
//! charged once through billing's idempotent spend keyed by the id, and answered by a detached
//! reply task the caller watches (a caller that goes away changes nothing).

use std::sync::Arc;
use std::time::Instant;

use meguri_ids::UserId;
use tokio::sync::mpsc;

use super::Chat;
use super::live::{Event, Finish, Live};
use crate::db;
use crate::domain::crisis::{crisis_reply, is_crisis};
use crate::domain::{
    ChatMessage, CompatibilityTarget, FailureCode, MessageId, MessageStatus, MessageText, Seen, chunks, seen,
};
use crate::error::Error;
use crate::peers::SpendError;

/// A message to send, parsed.
#[derive(Clone, Debug)]
pub struct SendRequest {
    pub user: UserId,
    pub id: MessageId,
    pub text: MessageText,
    pub target: Option<CompatibilityTarget>,
    /// The app's offset for "today" (`getTimezoneOffset`'s sign), ±14 h.
    pub timezone_offset: Option<i32>,
}

/// How many times a send starts over when the row it looked at went away meanwhile (a concurrent
/// send of the same id was refused).
const ATTEMPTS: usize = 3;
/// How many characters a crisis answer's delta carries.
const CRISIS_CHUNK: usize = 8;

/// Checks a time-zone offset (minutes, ±14 hours).
///
/// # Errors
/// [`Error::InvalidTimezoneOffset`].
pub fn timezone_offset(raw: Option<i32>) -> Result<Option<i32>, Error> {
    match raw {
        Some(m) if !(-14 * 60..=14 * 60).contains(&m) => Err(Error::InvalidTimezoneOffset),
        other => Ok(other),
    }
}

/// The events of a stored outcome (a replay).
fn replay_events(message: ChatMessage, balance: i64) -> Vec<Event> {
    let mut events = vec![Event::Accepted { credits_used: message.credits_used, balance, replayed: true }];
    match message.status {
        MessageStatus::Completed => {
            if !message.response.is_empty() {
                events.push(Event::Delta(message.response.clone()));
            }
            events.push(Event::Finished(Finish::Completed { message, balance }));
        }
        MessageStatus::Refunded => {
            let code = message.failure.unwrap_or(FailureCode::ReplyFailed);
            events.push(Event::Finished(Finish::Failed { code, refunded: true, balance, message }));
        }
        // A reply nobody finished in time (its process went away; the sweeper refunds it).
        MessageStatus::Pending => {
            events.push(Event::Finished(Finish::Failed {
                code: FailureCode::ReplyTimeout,
                refunded: false,
                balance,
                message,
            }));
        }
    }
    events
}

/// A receiver already holding `events`.
fn channel_of(events: Vec<Event>) -> mpsc::Receiver<Event> {
    let (tx, rx) = mpsc::channel(events.len().max(1));
    for event in events {
        // The channel has room for every event.
        let _ = tx.try_send(event);
    }
    rx
}

impl Chat {
    /// Sends `request`: the events of its reply (accepted, deltas, then completed or failed).
    ///
    /// # Errors
    /// [`Error::MessageIdTaken`], [`Error::InsufficientCredits`] (nothing charged or stored),
    /// [`Error::BillingUnavailable`] (nothing stored), the database.
    pub async fn send(&self, request: SendRequest) -> Result<mpsc::Receiver<Event>, Error> {
        // A caller that goes away (the gateway's deadline under load, a closed connection) drops
        // this future; the send must not stop between storing its pending row and charging or
        // deleting it, so it runs to its end in a task of its own.
        let chat = self.clone();
        tokio::spawn(async move { chat.send_to_end(&request).await })
            .await
            .map_err(|e| Error::Unexpected(anyhow::anyhow!("the send task ended: {e}")))?
    }

    async fn send_to_end(&self, request: &SendRequest) -> Result<mpsc::Receiver<Event>, Error> {
        for _ in 0..ATTEMPTS {
            if let Some(events) = self.try_send(request).await? {
                return Ok(events);
            }
        }
        Err(Error::Unexpected(anyhow::anyhow!("the message {} kept changing under the send", request.id)))
    }

    /// One attempt; `None` when the row it looked at went away (start over).
    async fn try_send(&self, r: &SendRequest) -> Result<Option<mpsc::Receiver<Event>>, Error> {
        let mut conn = self.conn().await?;
        if let Some(existing) = db::messages::find(&mut conn, r.id).await? {
            drop(conn);
            return self.attach(r, existing).await;
        }
        let now = self.clock.now();
        if is_crisis(r.text.as_str()) {
            let answer = crisis_reply();
            if !db::messages::insert_free(&mut conn, r.id, r.user, r.text.as_str(), &answer, now).await? {
                return Ok(None);
            }
            drop(conn);
            return Ok(Some(self.answer_crisis(r, answer, now).await));
        }
        let credits = self.limits.credits_per_message;
        if !db::messages::insert_pending(&mut conn, r.id, r.user, r.text.as_str(), credits, now).await? {
            return Ok(None);
        }
        drop(conn);
        let charged = match self.peers.spend(r.user, credits, &r.id.spend_key()).await {
            Ok(charged) => charged,
            Err(error) => {
                let mut conn = self.conn().await?;
                db::messages::delete_pending(&mut conn, r.id).await?;
                return Err(self.refused(r, error));
            }
        };
        crate::metrics::message(if charged.replayed { "replayed" } else { "accepted" });
        if !charged.replayed {
            self.count_message(r, credits, now).await;
        }
        tracing::info!(name: "chat.message.accepted", user_id = %r.user, message_id = %r.id, credits, replayed = charged.replayed);
        let (live, running) = self.live.start(r.id);
        tokio::spawn(self.clone().reply(r.clone(), live.clone(), now, credits, charged.balance, running));
        let (tx, rx) = mpsc::channel(64);
        let accepted = Event::Accepted { credits_used: credits, balance: charged.balance, replayed: charged.replayed };
        tokio::spawn(live.forward(accepted, tx));
        Ok(Some(rx))
    }

    /// Puts the analytics event of an accepted message in the outbox (support keeps it only with
    /// the member's consent). A failure is logged, never the member's problem: the message is
    /// charged and answered whatever analytics does.
    async fn count_message(&self, r: &SendRequest, credits: i32, now: chrono::DateTime<chrono::Utc>) {
        let data = serde_json::json!({ "credits": credits });
        let counted = async {
            let mut conn = self.conn().await?;
            meguri_analytics::enqueue(&mut conn, r.user, meguri_analytics::Activity::ChatMessage, data, now)
                .await
                .map_err(|e| Error::Unexpected(e.into()))
        };
        match counted.await {
            Ok(()) => {
                if let Some(relay) = &self.relay {
                    relay.wake();
                }
            }
            Err(error) => {
                tracing::warn!(name: "chat.analytics.not_counted", message_id = %r.id, error = %error, "the analytics event of a message was not stored");
            }
        }
    }

    /// The status of a spend that took nothing (the pending row is already deleted).
    fn refused(&self, r: &SendRequest, error: SpendError) -> Error {
        match error {
            SpendError::InsufficientCredits => {
                crate::metrics::message("insufficient_credits");
                Error::InsufficientCredits
            }
            SpendError::Unavailable(e) => {
                crate::metrics::message("billing_unavailable");
                tracing::warn!(name: "chat.billing.unavailable", message_id = %r.id, error = %e, "spend not confirmed; nothing stored");
                // The spend may have happened before billing stopped answering: give it back
                // (billing refunds at most once, and answers NotFound when there was none).
                let (peers, user, key) = (self.peers.clone(), r.user, r.id.spend_key());
                tokio::spawn(async move {
                    if let Err(e) = peers.refund(user, &key).await {
                        tracing::warn!(name: "chat.refund.unconfirmed", error = %e, "refund after an unconfirmed spend failed");
                    }
                });
                Error::BillingUnavailable
            }
            SpendError::Refused(e) => Error::Unexpected(anyhow::Error::new(e).context("billing refused the spend")),
        }
    }

    /// The free answer to a crisis, already stored: streamed in pieces, never charged.
    async fn answer_crisis(
        &self,
        r: &SendRequest,
        answer: String,
        now: chrono::DateTime<chrono::Utc>,
    ) -> mpsc::Receiver<Event> {
        crate::metrics::message("crisis");
        tracing::info!(name: "chat.message.crisis", user_id = %r.user, message_id = %r.id);
        let balance = self.balance_or_zero(r.user).await;
        let message = ChatMessage {
            id: r.id,
            user: r.user,
            message: r.text.as_str().to_owned(),
            response: answer.clone(),
            parts: vec![crate::domain::ResponsePart::Text { text: answer.clone() }],
            credits_used: 0,
            status: MessageStatus::Completed,
            engine: Some(crate::domain::EngineKind::Builtin),
            failure: None,
            created_at: now,
            completed_at: Some(now),
        };
        let mut events = vec![Event::Accepted { credits_used: 0, balance, replayed: false }];
        events.extend(chunks(&answer, CRISIS_CHUNK).into_iter().map(Event::Delta));
        events.push(Event::Finished(Finish::Completed { message, balance }));
        let chat = self.clone();
        let user = r.user;
        tokio::spawn(async move { chat.remember(user).await });
        channel_of(events)
    }

    /// The balance for an `accepted` event that charged nothing; 0 when billing does not answer
    /// (the reply itself does not depend on it).
    async fn balance_or_zero(&self, user: UserId) -> i64 {
        self.peers.balance(user).await.unwrap_or_else(|e| {
            tracing::warn!(name: "chat.billing.unavailable", error = %e, "balance not read");
            0
        })
    }

    /// A send of an id that is stored: refused unless it is the same user's same text; then the
    /// reply in progress here is followed, a finished one replayed, and one in progress elsewhere
    /// polled until it is followed here or finished. `None` when the row went away.
    async fn attach(&self, r: &SendRequest, existing: ChatMessage) -> Result<Option<mpsc::Receiver<Event>>, Error> {
        if seen(existing.user, &existing.message, r.user, &r.text) == Seen::Taken {
            crate::metrics::message("taken");
            return Err(Error::MessageIdTaken);
        }
        crate::metrics::message("replayed");
        let started = Instant::now();
        let patience = self.timings.reply_deadline + self.timings.sweep_grace + self.timings.sweep_interval * 2;
        let mut current = existing;
        loop {
            if current.is_final() || started.elapsed() > patience {
                let balance = self.balance_or_zero(r.user).await;
                return Ok(Some(channel_of(replay_events(current, balance))));
            }
            if let Some(live) = self.live.get(r.id) {
                return Ok(Some(self.follow(r, live, current.credits_used).await));
            }
            tokio::time::sleep(self.timings.poll_interval).await;
            let mut conn = self.conn().await?;
            match db::messages::find(&mut conn, r.id).await? {
                Some(row) => current = row,
                None => return Ok(None),
            }
        }
    }

    /// Follows the reply being written here.
    async fn follow(&self, r: &SendRequest, live: Arc<Live>, credits_used: i32) -> mpsc::Receiver<Event> {
        let balance = self.balance_or_zero(r.user).await;
        let (tx, rx) = mpsc::channel(64);
        tokio::spawn(live.forward(Event::Accepted { credits_used, balance, replayed: true }, tx));
        rx
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(status: MessageStatus, response: &str) -> ChatMessage {
        ChatMessage {
            id: MessageId::new(),
            user: UserId::new(),
            message: "今日の運勢は?".to_owned(),
            response: response.to_owned(),
            parts: vec![],
            credits_used: if status == MessageStatus::Refunded { 0 } else { 1 },
            status,
            engine: None,
            failure: (status == MessageStatus::Refunded).then_some(FailureCode::ReplyTimeout),
            created_at: chrono::DateTime::UNIX_EPOCH,
            completed_at: None,
        }
    }

    #[test]
    fn a_replay_of_a_completed_message_sends_its_text_then_completed() {
        let events = replay_events(message(MessageStatus::Completed, "いい日です"), 2);
        assert!(matches!(events[0], Event::Accepted { credits_used: 1, balance: 2, replayed: true }));
        assert!(matches!(&events[1], Event::Delta(t) if t == "いい日です"));
        assert!(matches!(&events[2], Event::Finished(Finish::Completed { balance: 2, .. })));
        assert_eq!(events.len(), 3);
    }

    #[test]
    fn a_replay_of_a_refunded_message_says_so_with_its_code() {
        let events = replay_events(message(MessageStatus::Refunded, ""), 3);
        assert!(matches!(events[0], Event::Accepted { credits_used: 0, replayed: true, .. }));
        assert!(matches!(
            &events[1],
            Event::Finished(Finish::Failed { code: FailureCode::ReplyTimeout, refunded: true, balance: 3, .. })
        ));
    }

    #[test]
    fn the_offset_is_at_most_fourteen_hours_either_way() {
        assert_eq!(timezone_offset(Some(-540)).ok(), Some(Some(-540)));
        assert_eq!(timezone_offset(None).ok(), Some(None));
        assert!(timezone_offset(Some(841)).is_err());
        assert!(timezone_offset(Some(-841)).is_err());
    }
}
