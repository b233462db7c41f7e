//! The services social calls: identity (birth profiles for compatibility, member profiles for the
//! backfill, stored time-zone offsets for the diary's "today") and bazi-engine (each member's chart
//! for compatibility, the almanac for the lucky day), on the one client policy (`meguri-grpc-client`): a
//! `service` token signed with `INTERNAL_JWT_SECRET`, the current `traceparent`, the peer deadline
//! (`PEER_TIMEOUT_MS`), retries for these reads only on `Unavailable`, the
//! `meguri_social_grpc_client_*` metrics, lazy connect.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use meguri_auth::TokenMinter;
use meguri_grpc_client::clients::{BaziEngine as Engine, Identity};
use meguri_grpc_client::{AsService, Channel, ClientPolicy};
use meguri_ids::UserId;
use meguri_proto::bazi_engine as be;
use meguri_proto::identity as id;
use secrecy::SecretString;

use crate::domain::diary::{AlmanacDay, AlmanacItem, parse_day};
use meguri_ganzhi::{Element, FriendFace, Stem};

use crate::domain::{Elements, Failure, Member, MemberProfile, OwnChart};

/// A call to a peer failed.
#[derive(Debug, thiserror::Error)]
#[error("{}", failure.description)]
pub struct PeerError {
    pub failure: Failure,
}

impl PeerError {
    fn of(peer: &str, status: &tonic::Status) -> Self {
        Self { failure: Failure::of_code(peer, status.code()) }
    }
}

/// The two peers, over lazily connected channels (a peer that is down fails its calls; it does not
/// stop social from starting).
#[derive(Clone)]
pub struct Peers {
    identity: Identity,
    engine: Engine,
}

impl Peers {
    /// # Errors
    /// An address that is not a URI, or a secret the minter refuses.
    pub fn new(
        identity_addr: &str,
        bazi_engine_addr: &str,
        jwt_secret: &SecretString,
        timeout: Duration,
    ) -> anyhow::Result<Self> {
        let minter = TokenMinter::new(jwt_secret, Duration::from_secs(30)).context("service token minter")?;
        let policy = ClientPolicy::new(Arc::new(minter), timeout, crate::metrics::GRPC_CLIENT);
        let channel = |addr: &str| -> anyhow::Result<Channel> {
            Ok(meguri_grpc_client::endpoint(addr, timeout)
                .with_context(|| format!("not a URI: {addr}"))?
                .connect_lazy())
        };
        Ok(Self {
            identity: Identity::new(channel(identity_addr)?, policy.clone()),
            engine: Engine::new(channel(bazi_engine_addr)?, policy).max_decoding_message_size(16 * 1024 * 1024),
        })
    }

    /// identity's birth profile of `user`; `Ok(None)` when identity does not know the user (deleted).
    ///
    /// # Errors
    /// [`PeerError`] for any other failure.
    async fn birth_profile(&self, user: UserId) -> Result<Option<id::GetBirthProfileResponse>, PeerError> {
        let request = id::GetBirthProfileRequest { user_id: user.to_string() };
        match self.identity.get_birth_profile(&AsService, request).await {
            Ok(response) => Ok(Some(response)),
            Err(status) if status.code() == tonic::Code::NotFound => Ok(None),
            Err(status) => Err(PeerError::of("identity", &status)),
        }
    }

    /// One page of identity's verified members after `after` (by user id), and the cursor of the
    /// next page (`None` on the last).
    ///
    /// # Errors
    /// [`PeerError`]; a profile or cursor that breaks the contract is a permanent failure.
    pub async fn member_profiles(
        &self,
        after: Option<UserId>,
        limit: u32,
    ) -> Result<(Vec<MemberProfile>, Option<UserId>), PeerError> {
        let request =
            id::ListMemberProfilesRequest { after_user_id: after.map(|u| u.to_string()).unwrap_or_default(), limit };
        let page =
            self.identity.list_member_profiles(&AsService, request).await.map_err(|s| PeerError::of("identity", &s))?;
        let broken = |what: &str| PeerError {
            failure: Failure { transient: false, description: format!("identity: {what} breaks the contract") },
        };
        let profiles =
            page.members.iter().map(member_profile).collect::<Result<Vec<_>, _>>().map_err(|_| broken("a profile"))?;
        let next =
            page.next_after_user_id.map(|c| c.parse::<UserId>()).transpose().map_err(|_| broken("the cursor"))?;
        Ok((profiles, next))
    }

    /// identity's stored time-zone offset of `user` (minutes, as `getTimezoneOffset` gives them);
    /// `Ok(None)` when none was ever reported or identity does not know the user.
    ///
    /// # Errors
    /// [`PeerError`] for any other failure.
    pub async fn timezone_offset(&self, user: UserId) -> Result<Option<i32>, PeerError> {
        self.identity
            .stored_timezone_offset(&user.to_string())
            .await
            .map_err(|status| PeerError::of("identity", &status))
    }

    /// The engine's almanac of `from ..= to` (its dates are calendar days, read as the member's
    /// local ones).
    ///
    /// # Errors
    /// [`PeerError`]; a day whose date is not `YYYY-MM-DD` is a permanent failure.
    pub async fn almanac(&self, from: chrono::NaiveDate, to: chrono::NaiveDate) -> Result<Vec<AlmanacDay>, PeerError> {
        let request = be::GetAlmanacRequest { from: from.to_string(), to: to.to_string() };
        let response =
            self.engine.get_almanac(&AsService, request).await.map_err(|s| PeerError::of("bazi-engine", &s))?;
        response
            .days
            .into_iter()
            .map(|day| {
                let date = parse_day(&day.date).ok_or_else(|| PeerError {
                    failure: Failure {
                        transient: false,
                        description: format!("bazi-engine: almanac date {:?} breaks the contract", day.date),
                    },
                })?;
                let items = day
                    .items
                    .into_iter()
                    .map(|i| AlmanacItem { id: i.id, name: i.name, description: i.description })
                    .collect();
                Ok(AlmanacDay { date, items })
            })
            .collect()
    }

    /// What the engine needs of `user`'s birth.
    ///
    /// # Errors
    /// [`PeerError`].
    pub async fn birth(&self, user: UserId) -> Result<Birth, PeerError> {
        Ok(match self.birth_profile(user).await? {
            None => Birth::Gone,
            Some(profile) => meguri_proto::convert::engine_birth_input(&profile)
                .map(BirthInput)
                .map_or(Birth::NoBirthDate, Birth::Known),
        })
    }

    /// The engine's chart of `birth`, reduced to what a compatibility reads of it.
    ///
    /// # Errors
    /// [`PeerError`]; an answer social cannot read is a permanent failure.
    pub async fn chart(&self, birth: &BirthInput) -> Result<OwnChart, PeerError> {
        let request = be::CalculateChartRequest { birth: Some(birth.0.clone()) };
        let response =
            self.engine.calculate_chart(&AsService, request).await.map_err(|s| PeerError::of("bazi-engine", &s))?;
        response.chart.as_ref().and_then(own_chart).ok_or_else(|| PeerError {
            failure: Failure { transient: false, description: "bazi-engine: a chart social cannot read".to_owned() },
        })
    }
}

/// What a compatibility reads of the engine's chart: the [`FriendFace`] (through
/// [`FriendFace::of`], the one projection every service and the privacy test use), the five
/// element weights and the favourable elements; `None` when a field is missing or unknown.
#[must_use]
pub fn own_chart(chart: &be::Chart) -> Option<OwnChart> {
    let e = chart.elements.as_ref()?;
    let favorable =
        chart.strength.as_ref()?.favorable_elements.iter().map(|k| Element::from_key(k)).collect::<Option<Vec<_>>>()?;
    Some(OwnChart {
        face: FriendFace::of(Stem::parse(&chart.day_master)?, &favorable)?,
        elements: Elements { wood: e.wood, fire: e.fire, earth: e.earth, metal: e.metal, water: e.water },
        favorable,
    })
}

/// A birth as the engine takes it (never stored, never returned).
#[derive(Clone, Debug)]
pub struct BirthInput(be::BirthInput);

/// What identity knows of a user's birth.
#[derive(Clone, Debug)]
pub enum Birth {
    Known(BirthInput),
    /// No birth date (yet).
    NoBirthDate,
    /// identity does not know the user (deleted).
    Gone,
}

/// identity's profile message as a [`MemberProfile`].
///
/// # Errors
/// A user id that is not a UUID or an `updated_at` that is not RFC 3339 (the contract is broken).
pub fn member_profile(p: &id::MemberProfile) -> anyhow::Result<MemberProfile> {
    let id: UserId = p.user_id.parse().map_err(|_| anyhow::anyhow!("the user id is not a UUID"))?;
    let updated_at = chrono::DateTime::parse_from_rfc3339(&p.updated_at)
        .with_context(|| format!("updated_at {:?} is not RFC 3339", p.updated_at))?
        .to_utc();
    let present = |v: &Option<String>| v.clone().filter(|s| !s.trim().is_empty());
    Ok(MemberProfile {
        member: Member {
            id,
            username: p.username.clone(),
            first_name: present(&p.first_name),
            profile_image_url: present(&p.profile_image_url),
        },
        updated_at,
    })
}
