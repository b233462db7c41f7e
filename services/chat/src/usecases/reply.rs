//! The detached reply task: writes the reply within `CHAT_REPLY_DEADLINE_MS` (engines, facts,
//! compatibility), stores it and the memory, or gives the charge back (REPLY_FAILED,
//! REPLY_TIMEOUT) — whatever happens to the callers watching it.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use chrono::{DateTime, NaiveDate, Utc};
use meguri_ids::UserId;
use tokio::sync::OnceCell;

use super::Chat;
use super::live::{Finish, Live, Running};
use super::send::SendRequest;
use crate::db;
use crate::domain::intent::{Intent, detect, is_injection};
use crate::domain::memory::{self, Memory, RECENT_TURNS};
use crate::domain::reply::{ChartFacts, DayFacts, DayItem, ask_gender, refusal};
use crate::domain::target::{Found, find};
use crate::domain::{
    ChatMessage, CompatibilityCard, CompatibilityRequestId, CompatibilityTarget, EngineKind, FailureCode, MessageId,
    MessageStatus, ResponsePart,
};
use crate::engine::{CompatibilityOutcome, EngineError, EngineInput, Facts, Sink as _, Special};
use crate::peers::{Birth, CompatibilityError, Peers};

/// The facts of one reply, for its user only; the chart is read once.
struct UserFacts {
    chat: Chat,
    user: UserId,
    message: MessageId,
    timezone_offset: Option<i32>,
    chart: OnceCell<Option<ChartFacts>>,
    /// The compatibility cards computed for the reply (its `compatibility` parts).
    cards: Mutex<Vec<CompatibilityCard>>,
}

fn facts_error(error: impl Into<anyhow::Error>) -> EngineError {
    EngineError::Facts(error.into())
}

#[tonic::async_trait]
impl Facts for UserFacts {
    async fn chart(&self) -> Result<Option<ChartFacts>, EngineError> {
        self.chart.get_or_try_init(|| self.chat.peers.chart(self.user)).await.cloned().map_err(facts_error)
    }

    async fn today(&self) -> Result<DayFacts, EngineError> {
        self.chat.peers.day(self.user, self.timezone_offset).await.map_err(facts_error)
    }

    async fn terms(&self) -> Result<Vec<DayItem>, EngineError> {
        self.chat.peers.terms().await.map_err(facts_error)
    }

    async fn almanac(&self, date: NaiveDate) -> Result<Option<serde_json::Value>, EngineError> {
        self.chat.peers.almanac(date).await.map_err(facts_error)
    }

    async fn compatibility(&self, target: &CompatibilityTarget) -> Result<CompatibilityOutcome, EngineError> {
        let peers: &Peers = &self.chat.peers;
        let birth = match peers.birth(self.user).await.map_err(facts_error)? {
            Birth::Known(birth) => birth,
            Birth::NoBirthDate | Birth::Gone => {
                crate::metrics::compatibility("no_birth_data");
                return Ok(CompatibilityOutcome::NoBirthData);
            }
        };
        let id = CompatibilityRequestId::new();
        {
            let mut conn = self.chat.conn().await.map_err(facts_error)?;
            db::compatibility::insert(&mut conn, id, self.user, self.message, target, self.chat.clock.now())
                .await
                .map_err(facts_error)?;
        }
        let result = match peers.compatibility(&birth, target).await {
            Ok(result) => result,
            Err(CompatibilityError::Unreadable) => {
                crate::metrics::compatibility("unreadable");
                return Ok(CompatibilityOutcome::Unreadable);
            }
            Err(CompatibilityError::Peer(e)) => return Err(facts_error(e)),
        };
        let card = CompatibilityCard {
            request_id: *id.as_uuid(),
            score: result.score,
            summary: result.summary,
            factors: result.factors,
            target: target.to_json(),
        };
        let mut conn = self.chat.conn().await.map_err(facts_error)?;
        db::compatibility::complete(&mut conn, id, &card).await.map_err(facts_error)?;
        crate::metrics::compatibility("completed");
        self.cards.lock().unwrap_or_else(PoisonError::into_inner).push(card.clone());
        Ok(CompatibilityOutcome::Card(card))
    }
}

/// A seed for the responder's phrasing, from the message id.
fn seed_of(id: MessageId) -> u64 {
    let v = id.as_uuid().as_u128();
    // Both halves, so v7's time-ordered top bits and random low bits both count.
    #[allow(clippy::cast_possible_truncation)]
    let (high, low) = ((v >> 64) as u64, v as u64);
    high ^ low.rotate_left(17)
}

/// Whether free text with a birth date asks about another person (not "what is 12/1?").
fn about_someone(text: &str) -> bool {
    detect(text) == Intent::Compatibility || text.contains("生まれ")
}

/// Today in the user's time zone (`offset` as `getTimezoneOffset` gives it).
fn local_today(now: DateTime<Utc>, offset_minutes: i32) -> NaiveDate {
    (now - chrono::Duration::minutes(i64::from(offset_minutes))).date_naive()
}

/// Japan's offset, when neither the app nor identity gave one.
const JAPAN: i32 = -540;

impl Chat {
    /// The reply task of an accepted message (`accepted_at`: its row's `created_at`).
    pub(crate) async fn reply(
        self,
        r: SendRequest,
        live: Arc<Live>,
        accepted_at: DateTime<Utc>,
        credits: i32,
        balance: i64,
        _running: Running,
    ) {
        let started = Instant::now();
        let outcome = tokio::time::timeout(self.timings.reply_deadline, self.write_reply(&r, &live)).await;
        let base = ChatMessage {
            id: r.id,
            user: r.user,
            message: r.text.as_str().to_owned(),
            response: String::new(),
            parts: vec![],
            credits_used: credits,
            status: MessageStatus::Pending,
            engine: None,
            failure: None,
            created_at: accepted_at,
            completed_at: None,
        };
        let finish = match outcome {
            Ok(Ok((engine, cards))) => match self.store(&base, engine, cards, &live, balance, started).await {
                Ok(finish) => finish,
                Err(error) => {
                    tracing::error!(name: "chat.reply.store_failed", message_id = %r.id, error = ?error, "the reply could not be stored");
                    self.give_back(base, FailureCode::ReplyFailed, Some(engine), balance).await
                }
            },
            Ok(Err(error)) => {
                tracing::warn!(name: "chat.reply.failed", message_id = %r.id, error = %error, "no reply could be written");
                crate::metrics::reply(engine_label(&self), "failed", started.elapsed());
                self.give_back(base, FailureCode::ReplyFailed, None, balance).await
            }
            Err(_) => {
                tracing::warn!(name: "chat.reply.timeout", message_id = %r.id, "the reply passed its deadline");
                crate::metrics::reply(engine_label(&self), "timeout", started.elapsed());
                self.give_back(base, FailureCode::ReplyTimeout, None, balance).await
            }
        };
        live.finish(finish);
        self.live.remove(r.id);
    }

    /// Writes the reply into `live`: who wrote it and the compatibility cards.
    async fn write_reply(&self, r: &SendRequest, live: &Live) -> anyhow::Result<(EngineKind, Vec<CompatibilityCard>)> {
        let memory = self.memory(r.user).await?;
        let facts = UserFacts {
            chat: self.clone(),
            user: r.user,
            message: r.id,
            timezone_offset: r.timezone_offset,
            chart: OnceCell::new(),
            cards: Mutex::new(Vec::new()),
        };
        let seed = seed_of(r.id);
        let text = r.text.as_str();
        let special = if is_injection(text) {
            Special::Fixed(refusal(seed))
        } else {
            let target = match (&r.target, find(text)) {
                (Some(target), _) => Some(target.clone()),
                (None, Found::Target(target)) if about_someone(text) => Some(target),
                (None, Found::DateWithoutGender(date)) if about_someone(text) => {
                    return self.write_special(r, &memory, &facts, Special::Fixed(ask_gender(date)), live).await;
                }
                _ => None,
            };
            match target {
                Some(target) => {
                    let outcome = facts.compatibility(&target).await?;
                    Special::Compatibility { name: target.name().to_owned(), outcome }
                }
                None => Special::None,
            }
        };
        self.write_special(r, &memory, &facts, special, live).await
    }

    async fn write_special(
        &self,
        r: &SendRequest,
        memory: &Memory,
        facts: &UserFacts,
        special: Special,
        live: &Live,
    ) -> anyhow::Result<(EngineKind, Vec<CompatibilityCard>)> {
        let today = self.today_of(r).await;
        let input = EngineInput { message: r.text.as_str(), memory, seed: seed_of(r.id), today, special };
        let engine = self.engines.write(&input, facts, live).await?;
        if !live.sent_any() {
            anyhow::bail!("the reply has no text");
        }
        let cards = std::mem::take(&mut *facts.cards.lock().unwrap_or_else(PoisonError::into_inner));
        Ok((engine, cards))
    }

    /// The user's local date: the app's offset, else identity's stored one (only asked when an
    /// LLM may need the date), else Japan.
    async fn today_of(&self, r: &SendRequest) -> NaiveDate {
        let now = self.clock.now();
        let offset = match r.timezone_offset {
            Some(offset) => offset,
            None if self.engines.has_llm() => self.peers.timezone_offset(r.user).await.ok().flatten().unwrap_or(JAPAN),
            None => JAPAN,
        };
        local_today(now, offset)
    }

    /// Stores a written reply; the row may have been settled by the sweeper meanwhile.
    async fn store(
        &self,
        base: &ChatMessage,
        engine: EngineKind,
        cards: Vec<CompatibilityCard>,
        live: &Live,
        balance: i64,
        started: Instant,
    ) -> anyhow::Result<Finish> {
        let text = live.text();
        let mut parts: Vec<ResponsePart> = cards.into_iter().map(ResponsePart::Compatibility).collect();
        parts.push(ResponsePart::Text { text: text.clone() });
        let now = self.clock.now();
        let mut conn = db::conn(&self.db).await?;
        if !db::messages::complete(&mut conn, base.id, &text, &parts, engine, now).await? {
            let settled = db::messages::find(&mut conn, base.id).await?.unwrap_or_else(|| base.clone());
            let code = settled.failure.unwrap_or(FailureCode::ReplyTimeout);
            return Ok(Finish::Failed {
                code,
                refunded: settled.status == MessageStatus::Refunded,
                balance,
                message: settled,
            });
        }
        drop(conn);
        crate::metrics::reply(engine.as_str(), "completed", started.elapsed());
        if let Some(first) = live.time_to_first_token() {
            crate::metrics::first_token(engine.as_str(), first);
        }
        tracing::info!(name: "chat.reply.completed", message_id = %base.id, engine = engine.as_str(), took_ms = started.elapsed().as_millis());
        self.remember(base.user).await;
        let message = ChatMessage {
            response: text,
            parts,
            status: MessageStatus::Completed,
            engine: Some(engine),
            completed_at: Some(now),
            ..base.clone()
        };
        Ok(Finish::Completed { message, balance })
    }

    /// Gives the charge back and marks the message refunded. When billing does not answer, the
    /// row stays pending and the sweeper refunds it later.
    async fn give_back(
        &self,
        base: ChatMessage,
        code: FailureCode,
        engine: Option<EngineKind>,
        balance: i64,
    ) -> Finish {
        match self.peers.refund(base.user, &base.id.spend_key()).await {
            Ok(refunded_balance) => {
                let now = self.clock.now();
                let marked = match db::conn(&self.db).await {
                    Ok(mut conn) => db::messages::mark_refunded(&mut conn, base.id, code, engine, now).await,
                    Err(e) => Err(e),
                };
                if let Err(error) = marked {
                    tracing::error!(name: "chat.reply.mark_failed", message_id = %base.id, error = ?error, "refunded, but the row was not marked (the sweeper will)");
                }
                crate::metrics::refund(code.as_str(), "reply");
                tracing::info!(name: "chat.reply.refunded", message_id = %base.id, code = code.as_str());
                let message = ChatMessage {
                    credits_used: 0,
                    status: MessageStatus::Refunded,
                    engine,
                    failure: Some(code),
                    completed_at: Some(now),
                    ..base
                };
                Finish::Failed { code, refunded: true, balance: refunded_balance.unwrap_or(balance), message }
            }
            Err(error) => {
                tracing::warn!(name: "chat.refund.deferred", message_id = %base.id, error = %error, "billing did not answer; the sweeper will refund");
                Finish::Failed { code, refunded: false, balance, message: base }
            }
        }
    }

    /// The memory a reply is written from: the summary and the recent turns.
    async fn memory(&self, user: UserId) -> anyhow::Result<Memory> {
        let mut conn = db::conn(&self.db).await?;
        let summary = db::memories::get(&mut conn, user).await?;
        let recent = db::messages::turns(&mut conn, user, None, i64::try_from(RECENT_TURNS).unwrap_or(6)).await?;
        Ok(Memory { summary: summary.map(|s| s.text), recent })
    }

    /// Folds the turns that left the recent window into the summary (best effort: a failure is
    /// logged, the reply is stored anyway).
    pub(crate) async fn remember(&self, user: UserId) {
        let result: anyhow::Result<()> = async {
            let mut conn = db::conn(&self.db).await?;
            let summary = db::memories::get(&mut conn, user).await?;
            let turns = db::messages::turns(&mut conn, user, summary.as_ref().map(|s| s.through), 64).await?;
            let older = memory::overflow(&turns);
            let Some(last) = older.last() else { return Ok(()) };
            let text = memory::fold(summary.as_ref().map(|s| s.text.as_str()), older);
            let new = db::memories::Summary { text, through: last.at };
            db::memories::save(&mut conn, user, &new, self.clock.now()).await
        }
        .await;
        if let Err(error) = result {
            tracing::warn!(name: "chat.memory.failed", user_id = %user, error = ?error, "memory not updated");
        }
    }
}

/// The engine label of a reply that failed before an engine finished.
fn engine_label(chat: &Chat) -> &'static str {
    if chat.engines.has_llm() { EngineKind::Llm.as_str() } else { EngineKind::Builtin.as_str() }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone as _;

    use super::*;

    #[test]
    fn today_follows_the_apps_offset() {
        let now = Utc.with_ymd_and_hms(2026, 11, 26, 16, 30, 0).single().expect("a time");
        assert_eq!(local_today(now, JAPAN), NaiveDate::from_ymd_opt(2026, 11, 27).expect("a date"));
        assert_eq!(local_today(now, 300), NaiveDate::from_ymd_opt(2026, 11, 26).expect("a date"));
    }

    #[test]
    fn a_date_in_free_text_is_a_compatibility_only_when_it_is_about_someone() {
        assert!(about_someone("1990年5月3日生まれの彼"));
        assert!(about_someone("1990/5/3の彼との相性"));
        assert!(!about_someone("2026年12月1日に彼とデート"));
    }

    #[test]
    fn the_seed_differs_between_messages() {
        assert_ne!(seed_of(MessageId::new()), seed_of(MessageId::new()));
    }
}
