//! The server side: a tower layer in front of every gRPC service of a process.

use std::sync::Arc;
use std::task::{Context, Poll};

use futures_util::future::{Either, Ready, ready};
use tower::{Layer, Service};

use crate::{AuthError, TokenVerifier};

/// Paths under this prefix (the standard `grpc.health.v1.Health` service) need no token: kubelet
/// probes and the gateway's readiness check carry none.
pub const HEALTH_SERVICE_PREFIX: &str = "/grpc.health.v1.Health/";

/// Refuses calls without a valid internal token; see the crate docs.
#[derive(Clone, Debug)]
pub struct AuthLayer {
    verifier: Arc<TokenVerifier>,
}

impl AuthLayer {
    #[must_use]
    pub fn new(verifier: TokenVerifier) -> Self {
        Self { verifier: Arc::new(verifier) }
    }
}

impl<S> Layer<S> for AuthLayer {
    type Service = AuthService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        AuthService { inner, verifier: Arc::clone(&self.verifier) }
    }
}

/// The service produced by [`AuthLayer`].
#[derive(Clone, Debug)]
pub struct AuthService<S> {
    inner: S,
    verifier: Arc<TokenVerifier>,
}

impl<S, B, RB> Service<http::Request<B>> for AuthService<S>
where
    S: Service<http::Request<B>, Response = http::Response<RB>>,
    RB: Default,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Either<Ready<Result<S::Response, S::Error>>, S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: http::Request<B>) -> Self::Future {
        if request.uri().path().starts_with(HEALTH_SERVICE_PREFIX) {
            return Either::Right(self.inner.call(request));
        }
        let verified = request
            .headers()
            .get(http::header::AUTHORIZATION)
            .ok_or(AuthError::MissingToken)
            .and_then(|value| self.verifier.verify_bearer(value.as_bytes()));
        match verified {
            Ok(claims) => {
                request.extensions_mut().insert(claims);
                Either::Right(self.inner.call(request))
            }
            Err(error) => {
                tracing::warn!(
                    name: "auth.token.refused",
                    path = request.uri().path(),
                    reason = %error,
                    "refused a call without a valid internal token"
                );
                let status = tonic::Status::unauthenticated("a valid internal token is required");
                Either::Left(ready(Ok(status.into_http())))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use meguri_proto::bazi_engine::bazi_engine_client::BaziEngineClient;
    use meguri_proto::bazi_engine::bazi_engine_server::{BaziEngine, BaziEngineServer};
    use meguri_proto::bazi_engine::{
        CalculateChartRequest, CalculateChartResponse, CompatibilityRequest, CompatibilityResponse, GetAlmanacRequest,
        GetAlmanacResponse, ResolvePlaceRequest, ResolvePlaceResponse, SearchPlacesRequest, SearchPlacesResponse,
    };
    use secrecy::SecretString;
    use tonic::transport::{Channel, Server};
    use tonic::{Code, Request, Response, Status};
    use tonic_health::pb::HealthCheckRequest;
    use tonic_health::pb::health_client::HealthClient;

    use super::*;
    use crate::{Claims, Role, Subject, TokenMinter};

    const SECRET: &str = "a-test-secret-that-is-long-enough-0123456789";

    /// Answers SearchPlaces with the caller's role as the only suggestion, so a test sees the claims.
    struct Echo;

    #[tonic::async_trait]
    impl BaziEngine for Echo {
        async fn calculate_chart(
            &self,
            _: Request<CalculateChartRequest>,
        ) -> Result<Response<CalculateChartResponse>, Status> {
            Err(Status::unimplemented("not in this test"))
        }
        async fn compatibility(
            &self,
            _: Request<CompatibilityRequest>,
        ) -> Result<Response<CompatibilityResponse>, Status> {
            Err(Status::unimplemented("not in this test"))
        }
        async fn get_almanac(&self, _: Request<GetAlmanacRequest>) -> Result<Response<GetAlmanacResponse>, Status> {
            Err(Status::unimplemented("not in this test"))
        }
        async fn search_places(
            &self,
            request: Request<SearchPlacesRequest>,
        ) -> Result<Response<SearchPlacesResponse>, Status> {
            let claims: &Claims = crate::claims(&request).ok_or_else(|| Status::internal("none"))?;
            Ok(Response::new(SearchPlacesResponse {
                suggestions: vec![meguri_proto::bazi_engine::PlaceSuggestion {
                    label: claims.role.to_string(),
                    ..Default::default()
                }],
            }))
        }
        async fn resolve_place(
            &self,
            _: Request<ResolvePlaceRequest>,
        ) -> Result<Response<ResolvePlaceResponse>, Status> {
            Err(Status::unimplemented("not in this test"))
        }
        async fn read_transits(
            &self,
            _: Request<meguri_proto::bazi_engine::ReadTransitsRequest>,
        ) -> Result<Response<meguri_proto::bazi_engine::ReadTransitsResponse>, Status> {
            Err(Status::unimplemented("not in this test"))
        }
    }

    async fn serve() -> Channel {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        let verifier = TokenVerifier::new(&SecretString::from(SECRET)).expect("verifier");
        let (_reporter, health) = tonic_health::server::health_reporter();
        tokio::spawn(
            Server::builder()
                .layer(AuthLayer::new(verifier))
                .add_service(health)
                .add_service(BaziEngineServer::new(Echo))
                .serve_with_incoming(tonic::transport::server::TcpIncoming::from(listener)),
        );
        Channel::from_shared(format!("http://{addr}")).expect("uri").connect_lazy()
    }

    #[tokio::test]
    async fn a_call_without_a_token_is_unauthenticated() {
        let mut client = BaziEngineClient::new(serve().await);

        let status = client.search_places(SearchPlacesRequest::default()).await.expect_err("must be refused");

        assert_eq!(status.code(), Code::Unauthenticated);
        assert!(!status.message().contains("token is invalid"));
    }

    #[tokio::test]
    async fn a_call_with_a_bad_token_is_unauthenticated() {
        let mut client = BaziEngineClient::new(serve().await);
        let mut request = Request::new(SearchPlacesRequest::default());
        request.metadata_mut().insert("authorization", "Bearer not.a.jwt".parse().expect("value"));

        let status = client.search_places(request).await.expect_err("must be refused");

        assert_eq!(status.code(), Code::Unauthenticated);
    }

    #[tokio::test]
    async fn a_call_with_a_valid_token_reaches_the_service_with_its_claims() {
        let mut client = BaziEngineClient::new(serve().await);
        let minter = TokenMinter::new(&SecretString::from(SECRET), Duration::from_secs(30)).expect("minter");
        let mut request = Request::new(SearchPlacesRequest::default());
        request
            .metadata_mut()
            .insert("authorization", minter.bearer(&Subject::Anonymous, Role::Visitor).expect("bearer"));

        let response = client.search_places(request).await.expect("call");

        assert_eq!(response.into_inner().suggestions[0].label, "visitor");
    }

    #[tokio::test]
    async fn the_health_service_needs_no_token() {
        let mut health = HealthClient::new(serve().await);

        let response = health.check(HealthCheckRequest { service: String::new() }).await.expect("health check");

        assert_eq!(response.into_inner().status, 1);
    }
}
