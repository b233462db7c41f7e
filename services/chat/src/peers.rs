//! The services chat calls, on the one client policy (`meguri-grpc-client`): a token signed with
//! `INTERNAL_JWT_SECRET`, the current `traceparent`, the peer deadline (`PEER_TIMEOUT_MS`),
//! retries for reads only on `Unavailable`, the `meguri_chat_grpc_client_*` metrics, lazy connect.
//!
//! - billing: Spend and Refund (as a service, naming the user), GetBalance;
//! - fortune-gen: the user's chart and day info, as the user (they are user-scoped reads), and the
//!   badge catalogue (what each almanac term means), as a service;
//! - identity: the user's birth profile (compatibility), as a service;
//! - bazi-engine: Compatibility and GetAlmanac (the LLM's `get_day_info`), as a service.
//!
//! Each answer becomes a domain value here; proto types do not travel further.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use chrono::NaiveDate;
use meguri_auth::{Role, Subject, TokenMinter};
use meguri_ganzhi::{Element, GanZhi, Stem};
use meguri_grpc_client::clients::{BaziEngine, Billing, Fortune, Identity};
use meguri_grpc_client::{AsService, CallerContext, Channel, ClientPolicy};
use meguri_ids::UserId;
use meguri_proto::bazi_engine as be;
use meguri_proto::billing as bi;
use meguri_proto::fortune as fo;
use meguri_proto::identity as id;
use secrecy::SecretString;
use tonic::Code;

use crate::config::PeerAddrs;
use crate::domain::reply::{ChartFacts, DayFacts, DayItem, Pillars};
use crate::domain::{CompatibilityTarget, Factor, Gender};

/// A peer's call failed.
#[derive(Debug, thiserror::Error)]
pub enum PeerError {
    /// The peer did not answer (down, overloaded, past the deadline).
    #[error("{0} did not answer ({1:?})")]
    Unavailable(&'static str, Code),
    /// The peer answered with a refusal chat did not expect.
    #[error("{0} refused the call ({1:?})")]
    Refused(&'static str, Code),
}

impl PeerError {
    fn of(peer: &'static str, status: &tonic::Status) -> Self {
        match status.code() {
            Code::Unavailable | Code::DeadlineExceeded | Code::Cancelled | Code::ResourceExhausted | Code::Aborted => {
                Self::Unavailable(peer, status.code())
            }
            code => Self::Refused(peer, code),
        }
    }
}

/// A call made for the user (fortune-gen's user-scoped reads): `sub` = the user, role `user`.
#[derive(Clone, Copy, Debug)]
struct AsUser(UserId);

impl CallerContext for AsUser {
    fn subject(&self) -> Subject {
        Subject::User(self.0)
    }

    fn role(&self) -> Role {
        Role::User
    }
}

/// What a spend did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Charged {
    pub balance: i64,
    /// The key was spent before (a retry); nothing was taken now.
    pub replayed: bool,
}

/// Why a spend took nothing.
#[derive(Debug, thiserror::Error)]
pub enum SpendError {
    #[error("insufficient credits")]
    InsufficientCredits,
    /// billing did not answer: the spend may or may not have happened.
    #[error(transparent)]
    Unavailable(PeerError),
    #[error(transparent)]
    Refused(PeerError),
}

/// What identity knows of a user's birth.
#[derive(Clone, Debug)]
pub enum Birth {
    Known(be::BirthInput),
    /// No birth date yet.
    NoBirthDate,
    /// identity does not know the user (deleted).
    Gone,
}

/// The engine's compatibility of the user with a target.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineCompatibility {
    pub score: i32,
    pub summary: String,
    pub factors: Vec<Factor>,
}

/// Why a compatibility has no result.
#[derive(Debug, thiserror::Error)]
pub enum CompatibilityError {
    /// The engine refused the target's birth data (a date it cannot compute).
    #[error("the engine refused the birth data")]
    Unreadable,
    #[error(transparent)]
    Peer(#[from] PeerError),
}

/// The four peers, over lazily connected channels (a peer that is down fails its calls; it does
/// not stop chat from starting).
#[derive(Clone)]
pub struct Peers {
    identity: Identity,
    billing: Billing,
    fortune: Fortune,
    engine: BaziEngine,
}

impl Peers {
    /// # Errors
    /// An address that is not a URI, or a secret the minter refuses.
    pub fn new(addrs: &PeerAddrs, jwt_secret: &SecretString, timeout: Duration) -> anyhow::Result<Self> {
        let minter = TokenMinter::new(jwt_secret, Duration::from_secs(30)).context("service token minter")?;
        let policy = ClientPolicy::new(Arc::new(minter), timeout, crate::metrics::GRPC_CLIENT);
        let channel = |addr: &str| -> anyhow::Result<Channel> {
            Ok(meguri_grpc_client::endpoint(addr, timeout)
                .with_context(|| format!("not a URI: {addr}"))?
                .connect_lazy())
        };
        Ok(Self {
            identity: Identity::new(channel(&addrs.identity)?, policy.clone()),
            billing: Billing::new(channel(&addrs.billing)?, policy.clone()),
            fortune: Fortune::new(channel(&addrs.fortune)?, policy.clone()),
            engine: BaziEngine::new(channel(&addrs.bazi_engine)?, policy).max_decoding_message_size(16 * 1024 * 1024),
        })
    }

    /// Takes `credits` from `user` under the message's key (billing replays a repeated key).
    ///
    /// # Errors
    /// [`SpendError`].
    pub async fn spend(&self, user: UserId, credits: i32, key: &str) -> Result<Charged, SpendError> {
        let request = bi::SpendRequest {
            user_id: user.to_string(),
            credits: i64::from(credits),
            reason: "chat_message".to_owned(),
            idempotency_key: key.to_owned(),
        };
        match self.billing.spend(&AsService, request).await {
            Ok(r) => Ok(Charged { balance: r.balance, replayed: r.replayed }),
            Err(status) if meguri_status::code_of(&status) == Some("INSUFFICIENT_CREDITS") => {
                Err(SpendError::InsufficientCredits)
            }
            Err(status) => match PeerError::of("billing", &status) {
                e @ PeerError::Unavailable(..) => Err(SpendError::Unavailable(e)),
                e @ PeerError::Refused(..) => Err(SpendError::Refused(e)),
            },
        }
    }

    /// Gives back the spend under `key`; `Ok(None)` when billing has no such spend (it never
    /// happened). billing refunds a spend at most once, so this may be repeated.
    ///
    /// # Errors
    /// [`PeerError`].
    pub async fn refund(&self, user: UserId, key: &str) -> Result<Option<i64>, PeerError> {
        let request = bi::RefundRequest {
            user_id: user.to_string(),
            spend_idempotency_key: key.to_owned(),
            reason: "chat_refund".to_owned(),
        };
        match self.billing.refund(&AsService, request).await {
            Ok(r) => Ok(Some(r.balance)),
            Err(status) if status.code() == Code::NotFound => Ok(None),
            Err(status) => Err(PeerError::of("billing", &status)),
        }
    }

    /// `user`'s balance.
    ///
    /// # Errors
    /// [`PeerError`].
    pub async fn balance(&self, user: UserId) -> Result<i64, PeerError> {
        let request = bi::GetBalanceRequest { user_id: user.to_string() };
        self.billing.get_balance(&AsService, request).await.map(|r| r.credits).map_err(|s| PeerError::of("billing", &s))
    }

    /// identity's stored time-zone offset of `user`; `Ok(None)` when none was reported.
    ///
    /// # Errors
    /// [`PeerError`].
    pub async fn timezone_offset(&self, user: UserId) -> Result<Option<i32>, PeerError> {
        self.identity.stored_timezone_offset(&user.to_string()).await.map_err(|s| PeerError::of("identity", &s))
    }

    /// The user's chart from fortune-gen; `Ok(None)` while there is none (no birth date yet, or
    /// still being built).
    ///
    /// # Errors
    /// [`PeerError`].
    pub async fn chart(&self, user: UserId) -> Result<Option<ChartFacts>, PeerError> {
        match self.fortune.get_chart(&AsUser(user), fo::GetChartRequest {}).await {
            Ok(response) => Ok(response.chart.as_ref().and_then(chart_of)),
            Err(status) if matches!(status.code(), Code::FailedPrecondition | Code::NotFound) => Ok(None),
            Err(status) => Err(PeerError::of("fortune-gen", &status)),
        }
    }

    /// The user's local day from fortune-gen (the offset as sent, else identity's stored one,
    /// else Japan — fortune-gen's rule).
    ///
    /// # Errors
    /// [`PeerError`]; a date that is not `YYYY-MM-DD` is a refusal.
    pub async fn day(&self, user: UserId, timezone_offset_minutes: Option<i32>) -> Result<DayFacts, PeerError> {
        let request = fo::GetDayInfoRequest { timezone_offset_minutes };
        let response =
            self.fortune.get_day_info(&AsUser(user), request).await.map_err(|s| PeerError::of("fortune-gen", &s))?;
        let date = NaiveDate::parse_from_str(&response.date, "%Y-%m-%d")
            .map_err(|_| PeerError::Refused("fortune-gen", Code::Internal))?;
        let items = response.items.into_iter().map(|i| DayItem { name: i.name, description: i.description }).collect();
        Ok(DayFacts { date, items })
    }

    /// The almanac terms the built-in responder explains: fortune-gen's badge catalogue (the
    /// almanac items bazi-engine emits and fortune-gen's personal marks), the active ones.
    ///
    /// # Errors
    /// [`PeerError`].
    pub async fn terms(&self) -> Result<Vec<DayItem>, PeerError> {
        let response = self
            .fortune
            .list_badges(&AsService, fo::ListBadgesRequest {})
            .await
            .map_err(|s| PeerError::of("fortune-gen", &s))?;
        Ok(response
            .badges
            .into_iter()
            .filter(|b| b.is_active)
            .map(|b| DayItem { name: b.name, description: b.description })
            .collect())
    }

    /// The engine's almanac of one date, as JSON for the LLM (`get_day_info`).
    ///
    /// # Errors
    /// [`PeerError`].
    pub async fn almanac(&self, date: NaiveDate) -> Result<Option<serde_json::Value>, PeerError> {
        let request = be::GetAlmanacRequest { from: date.to_string(), to: date.to_string() };
        let response =
            self.engine.get_almanac(&AsService, request).await.map_err(|s| PeerError::of("bazi-engine", &s))?;
        Ok(response.days.into_iter().next().map(|d| {
            let pillar = |p: Option<&be::Pillar>| p.map(|p| format!("{}{}", p.heavenly_stem, p.earthly_branch));
            serde_json::json!({
                "date": d.date,
                "weekday": d.weekday,
                "lunar": d.lunar_label,
                "rokuyo": d.rokuyo,
                "day_pillar": pillar(d.day_pillar.as_ref()),
                "items": d.items.iter().map(|i| serde_json::json!({"name": i.name, "description": i.description})).collect::<Vec<_>>(),
            })
        }))
    }

    /// What identity knows of `user`'s birth.
    ///
    /// # Errors
    /// [`PeerError`].
    pub async fn birth(&self, user: UserId) -> Result<Birth, PeerError> {
        let request = id::GetBirthProfileRequest { user_id: user.to_string() };
        match self.identity.get_birth_profile(&AsService, request).await {
            Ok(profile) => {
                Ok(meguri_proto::convert::engine_birth_input(&profile).map_or(Birth::NoBirthDate, Birth::Known))
            }
            Err(status) if status.code() == Code::NotFound => Ok(Birth::Gone),
            Err(status) => Err(PeerError::of("identity", &status)),
        }
    }

    /// The engine's compatibility of the user (`a`, "あなた") with `target`.
    ///
    /// # Errors
    /// [`CompatibilityError`].
    pub async fn compatibility(
        &self,
        a: &be::BirthInput,
        target: &CompatibilityTarget,
    ) -> Result<EngineCompatibility, CompatibilityError> {
        let b = be::BirthInput {
            birth_date: target.birth_date.to_string(),
            birth_time: target.birth_time.clone(),
            place: target.birth_location.clone(),
            gender: match target.gender {
                Gender::Male => be::Gender::Male,
                Gender::Female => be::Gender::Female,
            } as i32,
            ..Default::default()
        };
        let request = be::CompatibilityRequest { a: Some(a.clone()), b: Some(b) };
        match self.engine.compatibility(&AsService, request).await {
            Ok(r) => Ok(EngineCompatibility {
                score: r.score.clamp(0, 100),
                summary: r.summary,
                factors: r
                    .factors
                    .into_iter()
                    .map(|f| Factor {
                        key: f.key,
                        label: f.label,
                        // 0..=100 by the contract; rounded to whole points for the card.
                        #[allow(clippy::cast_possible_truncation)]
                        score: f.score.round().clamp(0.0, 100.0) as i32,
                        detail: f.detail,
                    })
                    .collect(),
            }),
            Err(status) if status.code() == Code::InvalidArgument => Err(CompatibilityError::Unreadable),
            Err(status) => Err(PeerError::of("bazi-engine", &status).into()),
        }
    }
}

/// The engine's chart as chat reads it: the four pillars (the hour only when the birth time is
/// known), the day master, the strongest and the weakest element, the strength verdict and the most
/// helpful element. `None` for a chart without elements or with a pillar that is not one of the
/// sixty.
fn chart_of(chart: &be::Chart) -> Option<ChartFacts> {
    let e = chart.elements.as_ref()?;
    let amounts = [
        (Element::Wood, e.wood),
        (Element::Fire, e.fire),
        (Element::Earth, e.earth),
        (Element::Metal, e.metal),
        (Element::Water, e.water),
    ];
    let strongest = amounts.iter().max_by(|a, b| a.1.total_cmp(&b.1)).map(|(el, _)| *el)?;
    let dominant = Element::from_key(&e.dominant).unwrap_or(strongest);
    let weak = amounts.iter().min_by(|a, b| a.1.total_cmp(&b.1)).map(|(el, _)| *el)?;
    let pillar =
        |p: Option<&be::Pillar>| p.and_then(|p| GanZhi::parse(&format!("{}{}", p.heavenly_stem, p.earthly_branch)));
    let pillars = Pillars {
        year: pillar(chart.year.as_ref())?,
        month: pillar(chart.month.as_ref())?,
        day: pillar(chart.day.as_ref())?,
        hour: if chart.time_known { Some(pillar(chart.hour.as_ref())?) } else { None },
    };
    let day_master = if chart.day_master.is_empty() { pillars.day.stem() } else { Stem::parse(&chart.day_master)? };
    let strength = chart.strength.as_ref();
    Some(ChartFacts {
        pillars,
        day_master,
        dominant,
        weak,
        verdict: strength.map(|s| s.verdict.clone()).filter(|v| !v.is_empty()),
        favorable: strength.and_then(|s| s.favorable_elements.first()).and_then(|f| Element::from_key(f)),
    })
}

/// A chart as bazi-engine sends it (庚午 辛巳 甲子 丙寅; a 甲 day master, fire strongest, water weakest,
/// 身弱 with water favourable, the hour known), for chat's tests and the fakes of its peers.
#[cfg(any(test, feature = "testkit"))]
#[must_use]
pub fn sample_chart() -> be::Chart {
    let p = |s: &str, b: &str| Some(be::Pillar { heavenly_stem: s.to_owned(), earthly_branch: b.to_owned() });
    be::Chart {
        year: p("庚", "午"),
        month: p("辛", "巳"),
        day: p("甲", "子"),
        hour: p("丙", "寅"),
        elements: Some(be::Elements {
            wood: 2.0,
            fire: 3.5,
            earth: 1.0,
            metal: 2.0,
            water: 0.5,
            dominant: "fire".to_owned(),
        }),
        day_master: "甲".to_owned(),
        strength: Some(be::Strength {
            verdict: "身弱".to_owned(),
            favorable_elements: vec!["water".to_owned()],
            ..Default::default()
        }),
        time_known: true,
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engines_chart_becomes_the_facts_chat_talks_from() {
        let chart = be::Chart { time_known: false, ..sample_chart() };
        let c = chart_of(&chart).expect("a chart");
        assert_eq!(c.element(), Element::Wood);
        assert_eq!((c.dominant, c.weak), (Element::Fire, Element::Water));
        assert_eq!(c.verdict.as_deref(), Some("身弱"));
        assert_eq!(c.favorable, Some(Element::Water));
        let names = [c.pillars.year, c.pillars.month, c.pillars.day].map(|p| p.name());
        assert_eq!(names, ["庚午", "辛巳", "甲子"]);
        assert_eq!(c.pillars.hour, None, "the hour of an unknown birth time is not told");
        let known = chart_of(&sample_chart()).expect("a chart");
        assert_eq!(known.pillars.hour.map(|p| p.name()).as_deref(), Some("丙寅"));
        assert!(chart_of(&be::Chart::default()).is_none());
    }

    #[test]
    fn a_peer_that_does_not_answer_is_told_from_a_refusal() {
        assert!(matches!(
            PeerError::of("billing", &tonic::Status::unavailable("down")),
            PeerError::Unavailable("billing", Code::Unavailable)
        ));
        assert!(matches!(
            PeerError::of("billing", &tonic::Status::deadline_exceeded("slow")),
            PeerError::Unavailable(..)
        ));
        assert!(matches!(PeerError::of("billing", &tonic::Status::permission_denied("no")), PeerError::Refused(..)));
    }
}
