//! The services fortune-gen calls: bazi-engine (charts, almanac, transits) and identity (birth
//! profiles, stored time-zone offsets), on the one client policy (`meguri-grpc-client`): a
//! `service` token signed with `INTERNAL_JWT_SECRET`, the current `traceparent`, the peer
//! deadline (`PEER_TIMEOUT_MS`), retries for these reads only on `Unavailable`, the
//! `meguri_fortune_gen_grpc_client_*` metrics, lazy connect.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use meguri_auth::TokenMinter;
use meguri_grpc_client::{AsService, Channel, ClientPolicy, service_client};
use meguri_ids::UserId;
use meguri_proto::bazi_engine as be;
use meguri_proto::identity as id;
use secrecy::SecretString;

use crate::domain::Failure;

service_client!(
    /// The BaziEngine RPCs fortune-gen calls (all idempotent reads).
    Engine, be::bazi_engine_client::BaziEngineClient<Channel>, {
        read calculate_chart(be::CalculateChartRequest) -> be::CalculateChartResponse = "CalculateChart";
        read get_almanac(be::GetAlmanacRequest) -> be::GetAlmanacResponse = "GetAlmanac";
        read read_transits(be::ReadTransitsRequest) -> be::ReadTransitsResponse = "ReadTransits";
    }
);

service_client!(
    /// The identity RPCs fortune-gen calls (reads).
    Identity, id::identity_client::IdentityClient<Channel>, {
        read get_birth_profile(id::GetBirthProfileRequest) -> id::GetBirthProfileResponse = "GetBirthProfile";
        read get_timezone_offset(id::GetTimezoneOffsetRequest) -> id::GetTimezoneOffsetResponse = "GetTimezoneOffset";
    }
);

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

/// The two peers, over lazily connected channels (a peer that is down fails its calls; it does not
/// stop fortune-gen from starting).
#[derive(Clone)]
pub struct Peers {
    engine: Engine,
    identity: Identity,
}

impl Peers {
    /// # Errors
    /// An address that is not a URI, or a secret the minter refuses.
    pub fn new(
        bazi_engine_addr: &str,
        identity_addr: &str,
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
            engine: Engine::new(channel(bazi_engine_addr)?, policy.clone()).max_decoding_message_size(16 * 1024 * 1024),
            identity: Identity::new(channel(identity_addr)?, policy),
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
        let request = id::GetTimezoneOffsetRequest { user_id: user.to_string() };
        match self.identity.get_timezone_offset(&AsService, request).await {
            Ok(response) => Ok(response.timezone_offset),
            Err(status) if status.code() == tonic::Code::NotFound => Ok(None),
            Err(status) => Err(PeerError::of("identity", &status)),
        }
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
