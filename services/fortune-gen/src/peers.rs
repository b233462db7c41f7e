//! The services fortune-gen calls: bazi-engine (charts, almanac, transits) and identity (birth
//! profiles, stored time-zone offsets). Every call carries a fresh `service` token signed with `INTERNAL_JWT_SECRET`, the
//! current `traceparent`, and the peer deadline.

use std::time::Duration;

use anyhow::Context as _;
use meguri_auth::{Role, Subject, TokenMinter};
use meguri_ids::UserId;
use meguri_proto::bazi_engine as be;
use meguri_proto::bazi_engine::bazi_engine_client::BaziEngineClient;
use meguri_proto::identity as id;
use meguri_proto::identity::identity_client::IdentityClient;
use secrecy::SecretString;
use tonic::service::Interceptor;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Channel, Endpoint};

use crate::domain::Failure;

/// Adds a `service` token, the `traceparent` and the deadline to every call.
#[derive(Clone, Debug)]
pub struct ServiceCalls {
    minter: TokenMinter,
    timeout: Duration,
}

impl Interceptor for ServiceCalls {
    fn call(&mut self, mut request: tonic::Request<()>) -> Result<tonic::Request<()>, tonic::Status> {
        let bearer = self
            .minter
            .bearer(&Subject::Anonymous, Role::Service)
            .map_err(|_| tonic::Status::internal("could not mint a service token"))?;
        request.metadata_mut().insert("authorization", bearer);
        meguri_telemetry::inject_span_context(&tracing::Span::current(), request.metadata_mut());
        request.set_timeout(self.timeout);
        Ok(request)
    }
}

type Engine = BaziEngineClient<InterceptedService<Channel, ServiceCalls>>;
type Identity = IdentityClient<InterceptedService<Channel, ServiceCalls>>;

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

/// A lazily connected channel whose every call ends after `timeout` on this side too (a peer
/// that accepts the connection and never answers must not hold a build forever).
fn lazy_channel(addr: &str, timeout: Duration) -> anyhow::Result<Channel> {
    let endpoint = Endpoint::from_shared(addr.to_owned())
        .with_context(|| format!("not a URI: {addr}"))?
        .connect_timeout(timeout.min(Duration::from_secs(1)))
        .timeout(timeout)
        .tcp_nodelay(true)
        .http2_keep_alive_interval(Duration::from_secs(30))
        .keep_alive_while_idle(true);
    Ok(endpoint.connect_lazy())
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
        let calls = ServiceCalls { minter, timeout };
        Ok(Self {
            engine: BaziEngineClient::with_interceptor(lazy_channel(bazi_engine_addr, timeout)?, calls.clone())
                .max_decoding_message_size(16 * 1024 * 1024),
            identity: IdentityClient::with_interceptor(lazy_channel(identity_addr, timeout)?, calls),
        })
    }

    /// identity's birth profile of `user`; `Ok(None)` when identity does not know the user (deleted).
    ///
    /// # Errors
    /// [`PeerError`] for any other failure.
    pub async fn birth_profile(&self, user: UserId) -> Result<Option<id::GetBirthProfileResponse>, PeerError> {
        let request = id::GetBirthProfileRequest { user_id: user.to_string() };
        match self.identity.clone().get_birth_profile(request).await {
            Ok(response) => Ok(Some(response.into_inner())),
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
        match self.identity.clone().get_timezone_offset(request).await {
            Ok(response) => Ok(response.into_inner().timezone_offset),
            Err(status) if status.code() == tonic::Code::NotFound => Ok(None),
            Err(status) => Err(PeerError::of("identity", &status)),
        }
    }

    /// # Errors
    /// [`PeerError`].
    pub async fn calculate_chart(&self, birth: be::BirthInput) -> Result<be::Chart, PeerError> {
        let response = self
            .engine
            .clone()
            .calculate_chart(be::CalculateChartRequest { birth: Some(birth) })
            .await
            .map_err(|s| PeerError::of("bazi-engine", &s))?;
        response.into_inner().chart.ok_or_else(|| PeerError {
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
        let response = self.engine.clone().get_almanac(request).await.map_err(|s| PeerError::of("bazi-engine", &s))?;
        Ok(response.into_inner().days)
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
        let response =
            self.engine.clone().read_transits(request).await.map_err(|s| PeerError::of("bazi-engine", &s))?;
        Ok(response.into_inner())
    }
}
