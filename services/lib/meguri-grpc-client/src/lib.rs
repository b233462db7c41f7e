//! The one gRPC client policy of every Meguri process that calls a service (the gateway, and a
//! service calling a peer). Callers declare their clients with [`service_client!`] and keep no
//! policy of their own.
//!
//! Every call:
//! - goes over a lazily connected tonic `Channel` ([`endpoint`] + `connect_lazy`): a down service
//!   fails its calls at once instead of stopping the caller from starting, and a restarted one is
//!   reconnected on the next call;
//! - has a deadline (the policy's timeout), enforced here and sent as `grpc-timeout`; a server
//!   that enforces it answers CANCELLED at the deadline, which still counts as
//!   `DeadlineExceeded`;
//! - carries an internal token (`authorization: Bearer …`) minted for the caller named by its
//!   [`CallerContext`], the `traceparent` of the current span and, when there is one, the
//!   `x-request-id`;
//! - is retried only when the caller declared it an idempotent `read`: on `Unavailable`, at most
//!   [`MAX_RETRIES`] times, with a short doubling backoff, never past the deadline. A `write` is
//!   never retried (it might apply twice; the person retries, and the service's idempotency
//!   handles a double submit);
//! - is counted and timed per RPC (the caller names its three metrics in [`ClientMetrics`]);
//! - reaches the caller as `Unavailable` when the failure came from the connection rather than
//!   from the service ([`transport_failure_is_unavailable`]).

pub mod clients;
pub mod retry;

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use meguri_auth::{Role, Subject, TokenMinter};
use tonic::metadata::{Ascii, MetadataValue};
use tonic::{Code, Status};

pub use tonic;
pub use tonic::transport::{Channel, Endpoint};

/// Retries after `Unavailable`, at most (reads only).
pub const MAX_RETRIES: u32 = 2;
/// How close to the deadline a CANCELLED counts as the deadline having passed.
const DEADLINE_SLACK: Duration = Duration::from_millis(20);
/// The first backoff; doubled for each further retry.
const BACKOFF: Duration = Duration::from_millis(25);
/// How long a token for nobody in particular (a visitor, a service) is reused, at most: every such
/// call carries the same claims, so signing a fresh HMAC for each (a hot path: the landing
/// calculator) buys nothing. Capped at half the token's lifetime, so a reused token still has far
/// more validity left than any call's deadline. Tokens that name a user are never reused.
const ANONYMOUS_TOKEN_REUSE: Duration = Duration::from_secs(15);

/// A lazily connectable endpoint for `addr` (`http://host:port`) whose connection attempts end
/// after `timeout` (at most one second). Call `connect_lazy()` on it where the channel should live
/// (the gateway makes one per worker, so each HTTP/2 connection stays on its worker's runtime).
///
/// # Errors
/// `addr` is not a valid URI.
pub fn endpoint(addr: &str, timeout: Duration) -> Result<Endpoint, tonic::transport::Error> {
    Ok(Endpoint::from_shared(addr.to_owned())?
        .connect_timeout(timeout.min(Duration::from_secs(1)))
        .tcp_nodelay(true)
        .http2_keep_alive_interval(Duration::from_secs(30))
        .keep_alive_while_idle(true))
}

/// Whom a call is made for (the `sub` and `role` of its internal token) and which request caused
/// it.
pub trait CallerContext {
    fn subject(&self) -> Subject;
    fn role(&self) -> Role;
    /// The id of the request being served, sent as `x-request-id`.
    fn request_id(&self) -> Option<&str> {
        None
    }
}

/// A service calling a peer on its own behalf (a build, a consumer, a scheduled job):
/// `sub = anonymous`, `role = service`.
#[derive(Clone, Copy, Debug, Default)]
pub struct AsService;

impl CallerContext for AsService {
    fn subject(&self) -> Subject {
        Subject::Anonymous
    }

    fn role(&self) -> Role {
        Role::Service
    }
}

/// The names of a caller's three client metrics, declared in the caller's `metrics.rs`
/// (`meguri_<caller>_grpc_client_…`, STYLE §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientMetrics {
    /// Counter, labels `rpc`, `code` (the outcome after retries).
    pub requests_total: &'static str,
    /// Histogram in seconds, label `rpc` (retries included).
    pub duration_seconds: &'static str,
    /// Counter, label `rpc`: retries after `Unavailable`.
    pub retries_total: &'static str,
}

impl ClientMetrics {
    /// Registers the descriptions (the `# HELP` lines). Idempotent.
    pub fn describe(&self) {
        metrics::describe_counter!(self.requests_total, "gRPC calls made, by RPC and outcome (after retries)");
        metrics::describe_histogram!(
            self.duration_seconds,
            metrics::Unit::Seconds,
            "gRPC call latency (retries included) by RPC"
        );
        metrics::describe_counter!(self.retries_total, "gRPC retries after Unavailable, by RPC");
    }

    fn call(&self, rpc: &'static str, code: Code, elapsed: Duration) {
        metrics::counter!(self.requests_total, "rpc" => rpc, "code" => meguri_telemetry::grpc_code_label(code))
            .increment(1);
        metrics::histogram!(self.duration_seconds, "rpc" => rpc).record(elapsed.as_secs_f64());
    }

    fn retry(&self, rpc: &'static str) {
        metrics::counter!(self.retries_total, "rpc" => rpc).increment(1);
    }
}

/// Whether a call may be retried. The caller decides, per RPC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallKind {
    /// An idempotent read: retried on `Unavailable`.
    Read,
    /// A call that changes state: never retried (it might apply twice; the person retries, and
    /// the service's idempotency handles a double submit).
    Write,
}

/// A bearer value and when it was minted.
type MintedToken = (Instant, MetadataValue<Ascii>);

/// How a caller calls: its token minter, the deadline of every call and its metric names. Cheap to
/// clone; clones share the cache of anonymous tokens.
#[derive(Clone, Debug)]
pub struct ClientPolicy {
    minter: Arc<TokenMinter>,
    timeout: Duration,
    metrics: ClientMetrics,
    anonymous: Arc<Mutex<HashMap<Role, MintedToken>>>,
}

impl ClientPolicy {
    #[must_use]
    pub fn new(minter: Arc<TokenMinter>, timeout: Duration, metrics: ClientMetrics) -> Self {
        Self { minter, timeout, metrics, anonymous: Arc::default() }
    }

    /// The same policy with another deadline (the gateway gives reading RPCs a longer one).
    #[must_use]
    pub fn with_timeout(&self, timeout: Duration) -> Self {
        Self { timeout, ..self.clone() }
    }

    /// The deadline of every call.
    #[must_use]
    pub const fn timeout(&self) -> Duration {
        self.timeout
    }

    fn bearer(&self, caller: &impl CallerContext) -> Result<MetadataValue<Ascii>, Status> {
        let (subject, role) = (caller.subject(), caller.role());
        let mint =
            || self.minter.bearer(&subject, role).map_err(|_| Status::internal("could not mint the internal token"));
        if subject != Subject::Anonymous {
            return mint();
        }
        let reuse = ANONYMOUS_TOKEN_REUSE.min(self.minter.ttl() / 2);
        let now = Instant::now();
        let mut cached = self.anonymous.lock().unwrap_or_else(PoisonError::into_inner);
        match cached.get(&role) {
            Some((minted, token)) if now.duration_since(*minted) < reuse => Ok(token.clone()),
            _ => {
                let token = mint()?;
                cached.insert(role, (now, token.clone()));
                Ok(token)
            }
        }
    }

    /// Runs one call of `rpc`: `send` is called once per attempt with the request, its deadline
    /// and metadata set (see the crate docs).
    ///
    /// # Errors
    /// The service's status, `DeadlineExceeded`, or `Unavailable` for a failed connection.
    pub async fn call<M, R, F, Fut>(
        &self,
        kind: CallKind,
        rpc: &'static str,
        caller: &impl CallerContext,
        message: &M,
        send: F,
    ) -> Result<R, Status>
    where
        M: Clone,
        F: Fn(tonic::Request<M>) -> Fut,
        Fut: Future<Output = Result<tonic::Response<R>, Status>>,
    {
        let start = Instant::now();
        let deadline = start + self.timeout;
        let bearer = self.bearer(caller)?;
        let request_id = caller.request_id().and_then(|id| MetadataValue::try_from(id).ok());
        let span = tracing::Span::current();
        let mut retries = 0;
        let outcome = loop {
            let remaining = deadline.saturating_duration_since(Instant::now());
            if remaining.is_zero() {
                break Err(Status::deadline_exceeded("deadline exceeded"));
            }
            let mut request = tonic::Request::new(message.clone());
            request.set_timeout(remaining);
            let metadata = request.metadata_mut();
            metadata.insert("authorization", bearer.clone());
            if let Some(id) = &request_id {
                metadata.insert("x-request-id", id.clone());
            }
            meguri_telemetry::inject_span_context(&span, metadata);

            let result = match tokio::time::timeout(remaining, send(request)).await {
                Ok(result) => result,
                Err(_) => Err(Status::deadline_exceeded("deadline exceeded")),
            };
            let result = result.map_err(|status| {
                let past_deadline = deadline.saturating_duration_since(Instant::now()) < DEADLINE_SLACK;
                if status.code() == Code::Cancelled && past_deadline {
                    Status::deadline_exceeded("deadline exceeded")
                } else {
                    transport_failure_is_unavailable(status)
                }
            });
            match result {
                Ok(response) => break Ok(response.into_inner()),
                Err(status)
                    if kind == CallKind::Read && status.code() == Code::Unavailable && retries < MAX_RETRIES =>
                {
                    let backoff = BACKOFF * 2_u32.pow(retries);
                    if Instant::now() + backoff >= deadline {
                        break Err(status);
                    }
                    retries += 1;
                    self.metrics.retry(rpc);
                    tracing::debug!(name: "grpc_client.retry", rpc, retries, "retrying after Unavailable");
                    tokio::time::sleep(backoff).await;
                }
                Err(status) => break Err(status),
            }
        };
        let code = outcome.as_ref().map_or_else(Status::code, |_| Code::Ok);
        self.metrics.call(rpc, code, start.elapsed());
        outcome
    }
}

/// A status the client made from a broken connection (an h2 GOAWAY such as ENHANCE_YOUR_CALM
/// after a stalled server resumes, a reset stream, a reset socket, a refused connection) is
/// `Unavailable`: the service never decided it, so it is retried like one for reads and reaches
/// the caller as "try again later" — never as the `ResourceExhausted` or `Internal` its h2 reason
/// would map to. A status the service sent itself comes from the response and carries no source
/// error (and, from a Meguri service, a stable code); tonic attaches the transport's error as the
/// source.
#[must_use]
pub fn transport_failure_is_unavailable(status: Status) -> Status {
    let from_transport = std::error::Error::source(&status).is_some()
        && meguri_status::code_of(&status).is_none()
        && matches!(status.code(), Code::ResourceExhausted | Code::Internal | Code::Unknown | Code::Cancelled);
    if from_transport {
        tracing::debug!(name: "grpc_client.transport_failure", code = ?status.code(), message = status.message(), "connection failure treated as unavailable");
        Status::unavailable("connection failed")
    } else {
        status
    }
}

/// Declares a client whose methods each call one RPC under a [`ClientPolicy`]. The caller marks
/// each RPC: `read` (idempotent: retried on `Unavailable`) or `write` (never retried).
///
/// ```ignore
/// meguri_grpc_client::service_client!(
///     /// The BaziEngine service.
///     pub BaziEngine, BaziEngineClient<Channel>, {
///         read calculate_chart(CalculateChartRequest) -> CalculateChartResponse = "CalculateChart";
///     }
/// );
/// let engine = BaziEngine::new(endpoint(addr, timeout)?.connect_lazy(), policy);
/// let chart = engine.calculate_chart(&AsService, request).await?;
/// ```
#[macro_export]
macro_rules! service_client {
    ($(#[$doc:meta])* $vis:vis $name:ident, $client:ty, { $($kind:ident $method:ident($req:ty) -> $resp:ty = $rpc:literal;)* }) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        $vis struct $name {
            client: $client,
            policy: $crate::ClientPolicy,
        }

        impl $name {
            #[must_use]
            pub fn new(channel: $crate::Channel, policy: $crate::ClientPolicy) -> Self {
                Self { client: <$client>::new(channel), policy }
            }

            /// Accepts answers up to `limit` bytes (tonic's default is 4 MiB).
            #[must_use]
            #[allow(dead_code)] // only some callers need it
            pub fn max_decoding_message_size(mut self, limit: usize) -> Self {
                self.client = self.client.max_decoding_message_size(limit);
                self
            }

            $(
                #[doc = concat!("`", $rpc, "` (", stringify!($kind), ").\n\n# Errors\nThe service's status.")]
                pub async fn $method(
                    &self,
                    caller: &impl $crate::CallerContext,
                    message: $req,
                ) -> ::std::result::Result<$resp, $crate::tonic::Status> {
                    $crate::service_client!(@call $kind, self, $rpc, caller, message, $method)
                }
            )*
        }
    };
    (@call $kind:ident, $self:ident, $rpc:literal, $caller:ident, $message:ident, $method:ident) => {
        $self.policy.call($crate::service_client!(@kind $kind), $rpc, $caller, &$message, |r| {
            let mut client = $self.client.clone();
            async move { client.$method(r).await }
        }).await
    };
    (@kind read) => { $crate::CallKind::Read };
    (@kind write) => { $crate::CallKind::Write };
}

#[cfg(test)]
mod tests;
