//! The policy against a small in-process tonic server (the standard health service, faked).

#![allow(clippy::unwrap_used)]

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use meguri_auth::{Claims, Role, Subject, TokenMinter, TokenVerifier};
use meguri_ids::UserId;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusRecorder};
use secrecy::SecretString;
use tokio::net::TcpListener;
use tonic::metadata::MetadataMap;
use tonic::transport::server::TcpIncoming;
use tonic::{Code, Request, Response, Status};
use tonic_health::pb::health_client::HealthClient;
use tonic_health::pb::health_server::{Health, HealthServer};
use tonic_health::pb::{HealthCheckRequest, HealthCheckResponse};
use tracing::Instrument as _;

use super::*;

const SECRET: &str = "a-test-secret-that-is-long-enough-for-hs256";
const METRICS: ClientMetrics = ClientMetrics {
    requests_total: "test_grpc_client_requests_total",
    duration_seconds: "test_grpc_client_duration_seconds",
    retries_total: "test_grpc_client_retries_total",
};

service_client!(
    /// `Check` declared as an idempotent read.
    Reads, HealthClient<Channel>, {
        read check(HealthCheckRequest) -> HealthCheckResponse = "Check";
    }
);

service_client!(
    /// The same RPC declared as a write.
    Writes, HealthClient<Channel>, {
        write check(HealthCheckRequest) -> HealthCheckResponse = "Check";
    }
);

/// What the fake answers.
#[derive(Clone, Copy)]
enum Answer {
    Serving,
    /// `Unavailable` for the first `n` calls, then serving.
    UnavailableFor(u32),
    /// A status the service decides itself (with a stable code): never a transport failure.
    Internal,
    /// Answers after this long.
    Slow(Duration),
}

struct Fake {
    answer: Answer,
    calls: AtomicU32,
    seen: Mutex<Vec<MetadataMap>>,
}

#[tonic::async_trait]
impl Health for Fake {
    async fn check(&self, request: Request<HealthCheckRequest>) -> Result<Response<HealthCheckResponse>, Status> {
        let call = self.calls.fetch_add(1, Ordering::SeqCst);
        self.seen.lock().unwrap().push(request.metadata().clone());
        let serving = Response::new(HealthCheckResponse { status: 1 });
        match self.answer {
            Answer::Serving => Ok(serving),
            Answer::UnavailableFor(n) if call < n => Err(meguri_status::unavailable("database unavailable")),
            Answer::UnavailableFor(_) => Ok(serving),
            Answer::Internal => Err(meguri_status::internal()),
            Answer::Slow(delay) => {
                tokio::time::sleep(delay).await;
                Ok(serving)
            }
        }
    }

    type WatchStream = tonic::codegen::tokio_stream::Empty<Result<HealthCheckResponse, Status>>;

    async fn watch(&self, _: Request<HealthCheckRequest>) -> Result<Response<Self::WatchStream>, Status> {
        Err(Status::unimplemented("not in this fake"))
    }
}

impl Fake {
    fn calls(&self) -> u32 {
        self.calls.load(Ordering::SeqCst)
    }

    fn last_metadata(&self) -> MetadataMap {
        self.seen.lock().unwrap().last().cloned().unwrap()
    }
}

async fn serve_on(listener: TcpListener, answer: Answer) -> Arc<Fake> {
    let fake = Arc::new(Fake { answer, calls: AtomicU32::new(0), seen: Mutex::default() });
    let service = HealthServer::from_arc(fake.clone());
    tokio::spawn(
        tonic::transport::Server::builder().add_service(service).serve_with_incoming(TcpIncoming::from(listener)),
    );
    fake
}

async fn serve(answer: Answer) -> (Arc<Fake>, SocketAddr) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    (serve_on(listener, answer).await, addr)
}

fn policy(timeout: Duration) -> ClientPolicy {
    let minter = TokenMinter::new(&SecretString::from(SECRET), Duration::from_secs(30)).unwrap();
    ClientPolicy::new(Arc::new(minter), timeout, METRICS)
}

fn channel(addr: SocketAddr) -> Channel {
    endpoint(&format!("http://{addr}"), Duration::from_secs(1)).unwrap().connect_lazy()
}

fn request() -> HealthCheckRequest {
    HealthCheckRequest { service: String::new() }
}

/// A Prometheus recorder for this thread only (the tests run on a current-thread runtime).
fn recorder() -> PrometheusRecorder {
    PrometheusBuilder::new().build_recorder()
}

/// The value of the sample line that starts with `prefix` in `text`.
fn sample(text: &str, prefix: &str) -> Option<f64> {
    text.lines().find(|line| line.starts_with(prefix)).and_then(|line| line.rsplit(' ').next()?.parse().ok())
}

/// A user's call, as the gateway makes it for a signed-in person.
struct ForUser(UserId);

impl CallerContext for ForUser {
    fn subject(&self) -> Subject {
        Subject::User(self.0)
    }

    fn role(&self) -> Role {
        Role::User
    }

    fn request_id(&self) -> Option<&str> {
        Some("req-123")
    }
}

fn claims(metadata: &MetadataMap) -> Claims {
    let verifier = TokenVerifier::new(&SecretString::from(SECRET)).unwrap();
    verifier.verify_bearer(metadata.get("authorization").unwrap().as_bytes()).unwrap()
}

#[tokio::test]
async fn a_read_is_retried_twice_after_unavailable_then_gives_up() {
    let recorder = recorder();
    let _local = metrics::set_default_local_recorder(&recorder);
    let (fake, addr) = serve(Answer::UnavailableFor(u32::MAX)).await;
    let reads = Reads::new(channel(addr), policy(Duration::from_secs(2)));

    let status = reads.check(&AsService, request()).await.unwrap_err();

    assert_eq!(status.code(), Code::Unavailable);
    assert_eq!(fake.calls(), 1 + MAX_RETRIES);
    let text = recorder.handle().render();
    assert_eq!(sample(&text, r#"test_grpc_client_retries_total{rpc="Check"}"#), Some(2.0), "{text}");
    assert_eq!(
        sample(&text, r#"test_grpc_client_requests_total{rpc="Check",code="Unavailable"}"#),
        Some(1.0),
        "{text}"
    );
}

#[tokio::test]
async fn a_read_that_recovers_within_its_retries_succeeds() {
    let recorder = recorder();
    let _local = metrics::set_default_local_recorder(&recorder);
    let (fake, addr) = serve(Answer::UnavailableFor(2)).await;
    let reads = Reads::new(channel(addr), policy(Duration::from_secs(2)));

    let response = reads.check(&AsService, request()).await.unwrap();

    assert_eq!(response.status, 1);
    assert_eq!(fake.calls(), 3);
    let text = recorder.handle().render();
    assert_eq!(sample(&text, r#"test_grpc_client_requests_total{rpc="Check",code="OK"}"#), Some(1.0), "{text}");
    assert!(text.contains(r#"test_grpc_client_duration_seconds_count{rpc="Check"} 1"#), "{text}");
}

#[tokio::test]
async fn a_write_is_never_retried() {
    let recorder = recorder();
    let _local = metrics::set_default_local_recorder(&recorder);
    let (fake, addr) = serve(Answer::UnavailableFor(u32::MAX)).await;
    let writes = Writes::new(channel(addr), policy(Duration::from_secs(2)));

    let status = writes.check(&AsService, request()).await.unwrap_err();

    assert_eq!(status.code(), Code::Unavailable);
    assert_eq!(fake.calls(), 1);
    let text = recorder.handle().render();
    assert_eq!(sample(&text, "test_grpc_client_retries_total"), None, "{text}");
}

#[tokio::test]
async fn a_status_the_service_decided_is_neither_retried_nor_rewritten() {
    let (fake, addr) = serve(Answer::Internal).await;
    let reads = Reads::new(channel(addr), policy(Duration::from_secs(2)));

    let status = reads.check(&AsService, request()).await.unwrap_err();

    assert_eq!(status.code(), Code::Internal);
    assert_eq!(meguri_status::code_of(&status), Some(meguri_status::INTERNAL_ERROR));
    assert_eq!(fake.calls(), 1);
}

#[tokio::test]
async fn a_slow_answer_is_deadline_exceeded_at_the_deadline_and_the_deadline_is_sent() {
    let recorder = recorder();
    let _local = metrics::set_default_local_recorder(&recorder);
    let (fake, addr) = serve(Answer::Slow(Duration::from_secs(5))).await;
    let reads = Reads::new(channel(addr), policy(Duration::from_millis(200)));

    let started = Instant::now();
    let status = reads.check(&AsService, request()).await.unwrap_err();

    assert_eq!(status.code(), Code::DeadlineExceeded);
    assert!(started.elapsed() < Duration::from_secs(2), "took {:?}", started.elapsed());
    assert_eq!(fake.calls(), 1, "a missed deadline is not retried");
    let timeout = fake.last_metadata().get("grpc-timeout").unwrap().to_str().unwrap().to_owned();
    assert!(timeout.ends_with('u') || timeout.ends_with('m') || timeout.ends_with('n'), "{timeout}");
    let text = recorder.handle().render();
    assert_eq!(
        sample(&text, r#"test_grpc_client_requests_total{rpc="Check",code="DeadlineExceeded"}"#),
        Some(1.0),
        "{text}"
    );
}

#[tokio::test]
async fn a_service_call_carries_a_service_token() {
    let (fake, addr) = serve(Answer::Serving).await;
    let reads = Reads::new(channel(addr), policy(Duration::from_secs(2)));

    reads.check(&AsService, request()).await.unwrap();

    let metadata = fake.last_metadata();
    let claims = claims(&metadata);
    assert_eq!((claims.sub, claims.role), (Subject::Anonymous, Role::Service));
    assert!(metadata.get("x-request-id").is_none());
}

#[tokio::test]
async fn a_user_call_carries_the_users_token_and_the_request_id() {
    let (fake, addr) = serve(Answer::Serving).await;
    let reads = Reads::new(channel(addr), policy(Duration::from_secs(2)));
    let user = UserId::new();

    reads.check(&ForUser(user), request()).await.unwrap();

    let metadata = fake.last_metadata();
    let claims = claims(&metadata);
    assert_eq!((claims.sub, claims.role), (Subject::User(user), Role::User));
    assert_eq!(metadata.get("x-request-id").unwrap(), "req-123");
}

#[tokio::test]
async fn anonymous_tokens_are_reused_and_user_tokens_are_not() {
    let policy = policy(Duration::from_secs(2));

    let first = policy.bearer(&AsService).unwrap();
    let second = policy.bearer(&AsService).unwrap();
    assert_eq!(first, second);

    let user = ForUser(UserId::new());
    let user_token = policy.bearer(&user).unwrap();
    assert_ne!(user_token, first);
    // Minted in the same second, two tokens for one user are equal bytes; the cache only ever
    // holds anonymous subjects.
    assert!(policy.anonymous.lock().unwrap().keys().all(|role| *role == Role::Service));
}

#[tokio::test]
async fn the_current_trace_context_travels_as_traceparent() {
    use opentelemetry::trace::TracerProvider as _;
    use tracing_subscriber::layer::SubscriberExt as _;

    opentelemetry::global::set_text_map_propagator(opentelemetry_sdk::propagation::TraceContextPropagator::new());
    let provider = opentelemetry_sdk::trace::SdkTracerProvider::builder().build();
    let subscriber = tracing_subscriber::registry()
        .with(tracing_opentelemetry::layer().with_tracer(provider.tracer("meguri-grpc-client-test")));
    let _default = tracing::subscriber::set_default(subscriber);
    let (fake, addr) = serve(Answer::Serving).await;
    let reads = Reads::new(channel(addr), policy(Duration::from_secs(2)));

    let span = tracing::info_span!("calling");
    let trace_id = meguri_telemetry::trace_id(&span).unwrap();
    reads.check(&AsService, request()).instrument(span).await.unwrap();

    let traceparent = fake.last_metadata().get("traceparent").unwrap().to_str().unwrap().to_owned();
    assert!(traceparent.starts_with(&format!("00-{trace_id}-")), "{traceparent} vs {trace_id}");
}

#[tokio::test]
async fn a_peer_that_is_down_fails_fast_with_unavailable_and_is_reached_once_it_is_up() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    // Lazy: building the client needs no server.
    let reads = Reads::new(channel(addr), policy(Duration::from_secs(2)));

    let status = reads.check(&AsService, request()).await.unwrap_err();
    assert_eq!(status.code(), Code::Unavailable);

    let listener = TcpListener::bind(addr).await.unwrap();
    let fake = serve_on(listener, Answer::Serving).await;
    reads.check(&AsService, request()).await.unwrap();
    assert_eq!(fake.calls(), 1);
}

#[tokio::test]
async fn a_connection_that_breaks_mid_call_is_unavailable_and_a_read_retries_it() {
    // Accepts connections and answers garbage instead of HTTP/2: the failure is the transport's.
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let accepted = Arc::new(AtomicU32::new(0));
    let counter = accepted.clone();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            counter.fetch_add(1, Ordering::SeqCst);
            tokio::spawn(async move {
                use tokio::io::AsyncWriteExt as _;
                let _ = socket.write_all(b"HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n").await;
                let _ = socket.shutdown().await;
            });
        }
    });
    let reads = Reads::new(channel(addr), policy(Duration::from_secs(2)));

    let status = reads.check(&AsService, request()).await.unwrap_err();

    assert_eq!(status.code(), Code::Unavailable, "{status:?}");
    assert!(meguri_status::code_of(&status).is_none());
    assert!(accepted.load(Ordering::SeqCst) >= 2, "the read was retried on a new connection");
}

#[test]
fn a_client_made_status_with_a_transport_source_becomes_unavailable() {
    let broken = Status::from_error(Box::new(std::io::Error::new(std::io::ErrorKind::ConnectionReset, "reset")));
    assert_ne!(broken.code(), Code::Unavailable);

    assert_eq!(transport_failure_is_unavailable(broken).code(), Code::Unavailable);
}

#[test]
fn a_status_without_a_transport_source_is_kept() {
    let sent = Status::internal("internal error");
    assert_eq!(transport_failure_is_unavailable(sent).code(), Code::Internal);

    let coded = meguri_status::internal();
    assert_eq!(transport_failure_is_unavailable(coded).code(), Code::Internal);
}

#[test]
fn the_endpoint_refuses_an_address_that_is_not_a_uri() {
    assert!(endpoint("not a uri", Duration::from_secs(1)).is_err());
}
