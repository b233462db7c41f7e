//! The replies being written in this process: message id → its text so far and a broadcast of
//! what comes next, so any number of watchers (the first send, a retry, a reconnect) follow one
//! reply. A watcher that joins late first gets the text so far; one that falls behind catches up
//! from the text so far. The reply task never waits on a watcher.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use tokio::sync::{Notify, broadcast, mpsc};

use crate::domain::{ChatMessage, FailureCode, MessageId};
use crate::engine::Sink;

/// How a reply ended.
#[derive(Clone, Debug)]
pub enum Finish {
    Completed { message: ChatMessage, balance: i64 },
    Failed { code: FailureCode, refunded: bool, balance: i64, message: ChatMessage },
}

/// What a watcher of a send receives.
#[derive(Clone, Debug)]
pub enum Event {
    Accepted { credits_used: i32, balance: i64, replayed: bool },
    Delta(String),
    Finished(Finish),
}

#[derive(Clone, Debug)]
enum Update {
    /// A piece of text and where it ends in the whole text (bytes), so a watcher that caught up
    /// from the text skips what it already sent.
    Delta {
        text: String,
        end: usize,
    },
    Finished,
}

#[derive(Default)]
struct State {
    text: String,
    finished: Option<Finish>,
}

/// One reply being written.
pub struct Live {
    state: Mutex<State>,
    updates: broadcast::Sender<Update>,
    started: Instant,
    /// The engine label of the time-to-first-token metric, once known.
    first_token: Mutex<Option<std::time::Duration>>,
}

impl Live {
    fn new() -> Self {
        Self {
            state: Mutex::new(State::default()),
            updates: broadcast::channel(1024).0,
            started: Instant::now(),
            first_token: Mutex::new(None),
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The time from acceptance to the first text, once there was text.
    #[must_use]
    pub fn time_to_first_token(&self) -> Option<std::time::Duration> {
        *self.first_token.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The reply's text so far.
    #[must_use]
    pub fn text(&self) -> String {
        self.state().text.clone()
    }

    /// Ends the reply: every watcher gets `finish`.
    pub fn finish(&self, finish: Finish) {
        let mut state = self.state();
        state.finished = Some(finish);
        let _ = self.updates.send(Update::Finished);
    }

    /// Forwards the reply to `out` after `accepted`: the text so far, what follows, the end. Stops
    /// when `out` is closed (the caller went away); the reply goes on.
    pub async fn forward(self: Arc<Self>, accepted: Event, out: mpsc::Sender<Event>) {
        let (so_far, finished, mut updates) = {
            let state = self.state();
            (state.text.clone(), state.finished.clone(), self.updates.subscribe())
        };
        if out.send(accepted).await.is_err() {
            return;
        }
        let mut sent = so_far.len();
        if !so_far.is_empty() && out.send(Event::Delta(so_far)).await.is_err() {
            return;
        }
        if let Some(finish) = finished {
            let _ = out.send(Event::Finished(finish)).await;
            return;
        }
        loop {
            let next = match updates.recv().await {
                Ok(Update::Delta { text, end }) => {
                    if end <= sent {
                        continue;
                    }
                    let start = end - text.len();
                    let piece =
                        if start < sent { text.get(sent - start..).unwrap_or_default().to_owned() } else { text };
                    sent = end;
                    Event::Delta(piece)
                }
                Ok(Update::Finished) | Err(broadcast::error::RecvError::Closed) => {
                    let Some(finish) = self.state().finished.clone() else { return };
                    let _ = out.send(Event::Finished(finish)).await;
                    return;
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    // Fell behind: send what is missing from the text so far in one piece.
                    let text = self.text();
                    let missing = text.get(sent..).unwrap_or_default().to_owned();
                    sent = text.len();
                    if missing.is_empty() {
                        continue;
                    }
                    Event::Delta(missing)
                }
            };
            if out.send(next).await.is_err() {
                return;
            }
        }
    }
}

impl Sink for Live {
    fn push(&self, text: &str) {
        let mut state = self.state();
        if state.text.is_empty() {
            *self.first_token.lock().unwrap_or_else(PoisonError::into_inner) = Some(self.started.elapsed());
        }
        state.text.push_str(text);
        let _ = self.updates.send(Update::Delta { text: text.to_owned(), end: state.text.len() });
    }

    fn sent_any(&self) -> bool {
        !self.state().text.is_empty()
    }
}

/// The replies this process is writing, and how many reply tasks are still running (shutdown
/// waits for them).
#[derive(Default)]
pub struct Registry {
    replies: Mutex<HashMap<MessageId, Arc<Live>>>,
    running: AtomicUsize,
    idle: Notify,
}

/// Counts a running reply task; dropping it ends the count.
pub struct Running(Arc<Registry>);

impl Drop for Running {
    fn drop(&mut self) {
        if self.0.running.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl Registry {
    fn replies(&self) -> MutexGuard<'_, HashMap<MessageId, Arc<Live>>> {
        self.replies.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts following a new reply of `id`.
    pub fn start(self: &Arc<Self>, id: MessageId) -> (Arc<Live>, Running) {
        let live = Arc::new(Live::new());
        self.replies().insert(id, live.clone());
        self.running.fetch_add(1, Ordering::AcqRel);
        (live, Running(self.clone()))
    }

    /// The reply of `id` being written here, if any.
    #[must_use]
    pub fn get(&self, id: MessageId) -> Option<Arc<Live>> {
        self.replies().get(&id).cloned()
    }

    /// Forgets a finished reply (its row is final).
    pub fn remove(&self, id: MessageId) {
        self.replies().remove(&id);
    }

    /// Waits until no reply task is running.
    pub async fn drained(&self) {
        loop {
            let idle = self.idle.notified();
            if self.running.load(Ordering::Acquire) == 0 {
                return;
            }
            idle.await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message() -> ChatMessage {
        ChatMessage {
            id: MessageId::new(),
            user: meguri_ids::UserId::new(),
            message: "やあ".to_owned(),
            response: "こんにちは".to_owned(),
            parts: vec![],
            credits_used: 1,
            status: crate::domain::MessageStatus::Completed,
            engine: None,
            failure: None,
            created_at: chrono::DateTime::UNIX_EPOCH,
            completed_at: None,
        }
    }

    async fn collect(mut rx: mpsc::Receiver<Event>) -> (String, bool) {
        let mut text = String::new();
        let mut finished = false;
        while let Some(event) = rx.recv().await {
            match event {
                Event::Delta(t) => text.push_str(&t),
                Event::Finished(_) => finished = true,
                Event::Accepted { .. } => {}
            }
        }
        (text, finished)
    }

    #[tokio::test]
    async fn a_late_watcher_gets_the_text_so_far_then_the_rest() {
        let registry = Arc::new(Registry::default());
        let id = MessageId::new();
        let (live, running) = registry.start(id);
        live.push("こん");
        let (tx, rx) = mpsc::channel(64);
        let watcher =
            tokio::spawn(live.clone().forward(Event::Accepted { credits_used: 1, balance: 2, replayed: true }, tx));
        tokio::task::yield_now().await;
        live.push("にち");
        live.push("は");
        live.finish(Finish::Completed { message: message(), balance: 2 });
        watcher.await.expect("the watcher");
        assert_eq!(collect(rx).await, ("こんにちは".to_owned(), true));
        assert!(registry.get(id).is_some());
        registry.remove(id);
        drop(running);
        registry.drained().await;
    }

    #[tokio::test]
    async fn a_watcher_that_falls_behind_catches_up_from_the_text() {
        let registry = Arc::new(Registry::default());
        let (live, _running) = registry.start(MessageId::new());
        let (tx, rx) = mpsc::channel(4096);
        // Subscribed, but not reading until 3,000 pieces (more than the broadcast keeps) are out.
        let watcher =
            tokio::spawn(live.clone().forward(Event::Accepted { credits_used: 1, balance: 0, replayed: false }, tx));
        tokio::task::yield_now().await;
        for _ in 0..3000 {
            live.push("あ");
        }
        live.finish(Finish::Completed { message: message(), balance: 0 });
        watcher.await.expect("the watcher");
        let (text, finished) = collect(rx).await;
        assert_eq!(text.chars().count(), 3000);
        assert!(finished);
    }

    #[tokio::test]
    async fn a_watcher_that_goes_away_does_not_stop_the_reply() {
        let registry = Arc::new(Registry::default());
        let (live, _running) = registry.start(MessageId::new());
        let (tx, rx) = mpsc::channel(1);
        drop(rx);
        live.clone().forward(Event::Accepted { credits_used: 1, balance: 0, replayed: false }, tx).await;
        live.push("まだ書いています");
        assert_eq!(live.text(), "まだ書いています");
        assert!(live.sent_any());
    }
}
