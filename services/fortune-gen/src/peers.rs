//! The services fortune-gen calls: bazi-engine (charts, almanac, transits), identity (birth
//! profiles, stored time-zone offsets) and social (a member's friends, for the friend updates), on
//! the one client policy (`meguri-grpc-client`): a
//! `service` token signed with `INTERNAL_JWT_SECRET`, the current `traceparent`, the peer
//! deadline (`PEER_TIMEOUT_MS`), retries for these reads only on `Unavailable`, the
//! `meguri_fortune_gen_grpc_client_*` metrics, lazy connect.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use meguri_auth::TokenMinter;
use meguri_grpc_client::clients::{BaziEngine as Engine, Identity, Social};
use meguri_grpc_client::{AsService, Channel, ClientPolicy};
use meguri_ids::UserId;
use meguri_proto::bazi_engine as be;
use meguri_proto::identity as id;
use meguri_proto::social as so;
use secrecy::SecretString;

use crate::domain::Failure;
use crate::domain::friend_updates::FriendRef;

/// A call to a peer failed.
#[derive(Debug, thiserror::Error)]
#[error("{}", failure.description)]
pub struct PeerError {
    pub failure: Failure,
    pub code: tonic::Code,
}

impl PeerError {
    fn of(peer: &str, status: &tonic::Status) -> Self {
        Self { failure: Failure::of_code(peer, status.code()), code: status.code() }
    }
}

impl From<PeerError> for crate::error::Error {
    /// A transient failure is the caller's `UNAVAILABLE`; anything else is unexpected (the peer
    /// refused what fortune-gen itself built).
    fn from(e: PeerError) -> Self {
        if e.failure.transient {
            Self::Unavailable(e.failure.description)
        } else {
            Self::Unexpected(anyhow::Error::new(e))
        }
    }
}

/// The three peers, over lazily connected channels (a peer that is down fails its calls; it does not
/// stop fortune-gen from starting).
#[derive(Clone)]
pub struct Peers {
    engine: Engine,
    identity: Identity,
    social: Social,
}

/// The addresses of the peers (`http://host:port`).
#[derive(Clone, Copy, Debug)]
pub struct PeerAddrs<'a> {
    pub bazi_engine: &'a str,
    pub identity: &'a str,
    pub social: &'a str,
}

impl Peers {
    /// # Errors
    /// An address that is not a URI, or a secret the minter refuses.
    pub fn new(addrs: PeerAddrs<'_>, jwt_secret: &SecretString, timeout: Duration) -> anyhow::Result<Self> {
        let minter = TokenMinter::new(jwt_secret, Duration::from_secs(30)).context("service token minter")?;
        let policy = ClientPolicy::new(Arc::new(minter), timeout, crate::metrics::GRPC_CLIENT);
        let channel = |addr: &str| -> anyhow::Result<Channel> {
            Ok(meguri_grpc_client::endpoint(addr, timeout)
                .with_context(|| format!("not a URI: {addr}"))?
                .connect_lazy())
        };
        Ok(Self {
            engine: Engine::new(channel(addrs.bazi_engine)?, policy.clone())
                .max_decoding_message_size(16 * 1024 * 1024),
            identity: Identity::new(channel(addrs.identity)?, policy.clone()),
            social: Social::new(channel(addrs.social)?, policy),
        })
    }

    /// identity's birth profile of `user`; `Ok(None)` when identity does not know the user (deleted).
    ///
    /// # Errors
    /// [`PeerError`] for any other failure.
    pub async fn birth_profile(&self, user: UserId) -> Result<Option<id::GetBirthProfileResponse>, PeerError> {
        let request = id::GetBirthProfileRequest { user_id: user.to_string() };
        match self.identity.get_birth_profile(&AsService, request).await {
            Ok(response) => Ok(Some(response)),
            Err(status) if status.code() == tonic::Code::NotFound => Ok(None),
            Err(status) => Err(PeerError::of("identity", &status)),
        }
    }

    /// identity's stored time-zone offset of `user` (minutes); `Ok(None)` when none was ever
    /// reported, or identity does not know the user (deleted).
    ///
    /// # Errors
    /// [`PeerError`] for any other failure.
    pub async fn timezone_offset(&self, user: UserId) -> Result<Option<i32>, PeerError> {
        self.identity
            .stored_timezone_offset(&user.to_string())
            .await
            .map_err(|status| PeerError::of("identity", &status))
    }

    /// social's accepted friends of `user`, with their public fields; none when social does not
    /// know the member (yet).
    ///
    /// # Errors
    /// [`PeerError`] for a failed call, or a friend whose id is not a UUID (social broke the
    /// contract).
    pub async fn friends_of(&self, user: UserId) -> Result<Vec<FriendRef>, PeerError> {
        let request = so::ListFriendsOfRequest { user_id: user.to_string() };
        let response = match self.social.list_friends_of(&AsService, request).await {
            Ok(response) => response,
            Err(status) if status.code() == tonic::Code::NotFound => return Ok(Vec::new()),
            Err(status) => return Err(PeerError::of("social", &status)),
        };
        response
            .friends
            .into_iter()
            .map(|m| {
                let user_id = m.user_id.parse().map_err(|_| PeerError {
                    failure: Failure { transient: false, description: "social: a friend id is not a UUID".to_owned() },
                    code: tonic::Code::Internal,
                })?;
                Ok(FriendRef {
                    user_id,
                    username: m.username,
                    first_name: m.first_name.filter(|n| !n.trim().is_empty()),
                    profile_image_url: m.profile_image_url.filter(|u| !u.trim().is_empty()),
                })
            })
            .collect()
    }

    /// # Errors
    /// [`PeerError`].
    pub async fn calculate_chart(&self, birth: be::BirthInput) -> Result<be::Chart, PeerError> {
        let response = self
            .engine
            .calculate_chart(&AsService, be::CalculateChartRequest { birth: Some(birth) })
            .await
            .map_err(|s| PeerError::of("bazi-engine", &s))?;
        response.chart.ok_or_else(|| PeerError {
            failure: Failure { transient: false, description: "bazi-engine: no chart in the answer".to_owned() },
            code: tonic::Code::Internal,
        })
    }

    /// The almanac days `from..=to` (at most 366).
    ///
    /// # Errors
    /// [`PeerError`].
    pub async fn almanac(
        &self,
        from: chrono::NaiveDate,
        to: chrono::NaiveDate,
    ) -> Result<Vec<be::AlmanacDay>, PeerError> {
        let request = be::GetAlmanacRequest { from: from.to_string(), to: to.to_string() };
        let response =
            self.engine.get_almanac(&AsService, request).await.map_err(|s| PeerError::of("bazi-engine", &s))?;
        Ok(response.days)
    }

    /// How `pillars` meet the natal chart.
    ///
    /// # Errors
    /// [`PeerError`].
    pub async fn transits(
        &self,
        natal: be::NatalPillars,
        pillars: Vec<be::Pillar>,
    ) -> Result<be::ReadTransitsResponse, PeerError> {
        let request = be::ReadTransitsRequest { natal: Some(natal), pillars };
        self.engine.read_transits(&AsService, request).await.map_err(|s| PeerError::of("bazi-engine", &s))
    }
}
