//! gRPC clients of the services the gateway calls.
//!
//! Every call:
//! - goes over one lazily connected tonic `Channel` per worker (a down service answers
//!   `Unavailable` at once, and a restarted one is reconnected on the next call);
//! - has a deadline (`GRPC_TIMEOUT_MS`), enforced here and sent as `grpc-timeout`;
//! - carries a freshly minted internal JWT for the caller, the `traceparent` of the current span
//!   and the `x-request-id`;
//! - is retried — only the idempotent reads (`read` below; every BaziEngine RPC), never a write — on
//!   `Unavailable`, at most twice, with a short backoff, and never past the deadline.

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use meguri_auth::TokenMinter;
use meguri_proto::bazi_engine::bazi_engine_client::BaziEngineClient;
use meguri_proto::bazi_engine::{
    CalculateChartRequest, CalculateChartResponse, GetAlmanacRequest, GetAlmanacResponse, ResolvePlaceRequest,
    ResolvePlaceResponse, SearchPlacesRequest, SearchPlacesResponse,
};
use tonic::metadata::MetadataValue;
use tonic::transport::{Channel, Endpoint};
use tonic::{Code, Status};

use crate::metrics;
use crate::session::Caller;
use crate::telemetry::RequestId;

/// Retries after `Unavailable`, at most.
const MAX_RETRIES: u32 = 2;
/// How close to the deadline a CANCELLED counts as the deadline having passed.
const DEADLINE_SLACK: Duration = Duration::from_millis(20);
/// The first backoff; doubled for the second retry.
const BACKOFF: Duration = Duration::from_millis(25);

/// A lazily connected channel to `addr` (`http://host:port`).
///
/// # Errors
/// `addr` is not a valid URI.
pub fn lazy_channel(addr: &str, connect_timeout: Duration) -> anyhow::Result<Channel> {
    let endpoint = Endpoint::from_shared(addr.to_owned())?
        .connect_timeout(connect_timeout)
        .tcp_nodelay(true)
        .http2_keep_alive_interval(Duration::from_secs(30))
        .keep_alive_while_idle(true);
    Ok(endpoint.connect_lazy())
}

/// Who a call is for and which request caused it.
#[derive(Clone, Debug)]
pub struct CallContext {
    pub caller: Caller,
    pub request_id: Option<RequestId>,
}

impl CallContext {
    /// The context of the HTTP request being served: its caller (from the session) and its id.
    pub async fn of(req: &actix_web::HttpRequest, session: &crate::session::TypedSession) -> Self {
        CallContext { caller: session.caller().await, request_id: RequestId::of(req) }
    }
}

/// Settings shared by the clients of every service.
#[derive(Clone, Debug)]
pub struct CallPolicy {
    pub minter: Arc<TokenMinter>,
    pub timeout: Duration,
    /// The signed-out visitors' token, shared while it is young: every anonymous call carries the
    /// same claims, so signing a fresh HMAC for each (a hot path: the landing calculator) buys
    /// nothing. Signed-in callers always get their own token.
    pub anonymous: Arc<std::sync::Mutex<Option<MintedToken>>>,
}

/// A bearer value and when it was minted.
type MintedToken = (Instant, MetadataValue<tonic::metadata::Ascii>);

/// How long an anonymous token is reused: well under its lifetime, so a reused token still has
/// far more validity left than any call's deadline.
const ANONYMOUS_TOKEN_REUSE: Duration = Duration::from_secs(15);

impl CallPolicy {
    pub fn new(minter: Arc<TokenMinter>, timeout: Duration) -> Self {
        CallPolicy { minter, timeout, anonymous: Arc::default() }
    }

    fn bearer(&self, caller: &Caller) -> Result<MetadataValue<tonic::metadata::Ascii>, Status> {
        let mint = || {
            self.minter
                .bearer(&caller.subject, caller.role)
                .map_err(|_| Status::internal("could not mint the internal token"))
        };
        if *caller != Caller::ANONYMOUS {
            return mint();
        }
        let now = Instant::now();
        let mut cached = self.anonymous.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match cached.as_ref() {
            Some((minted, token)) if now.duration_since(*minted) < ANONYMOUS_TOKEN_REUSE => Ok(token.clone()),
            _ => {
                let token = mint()?;
                *cached = Some((now, token.clone()));
                Ok(token)
            }
        }
    }
}

impl CallPolicy {
    /// Runs one RPC with the deadline, metadata and retries described in the module docs.
    async fn run<M, R, F, Fut>(&self, rpc: &'static str, ctx: &CallContext, message: &M, send: F) -> Result<R, Status>
    where
        M: Clone,
        F: Fn(tonic::Request<M>) -> Fut,
        Fut: Future<Output = Result<tonic::Response<R>, Status>>,
    {
        self.run_with(rpc, ctx, message, true, send).await
    }

    /// [`Self::run`] for a call that changes state: never retried (a retried write might apply
    /// twice; the person retries, and the service's idempotency handles a double submit).
    async fn run_once<M, R, F, Fut>(
        &self,
        rpc: &'static str,
        ctx: &CallContext,
        message: &M,
        send: F,
    ) -> Result<R, Status>
    where
        M: Clone,
        F: Fn(tonic::Request<M>) -> Fut,
        Fut: Future<Output = Result<tonic::Response<R>, Status>>,
    {
        self.run_with(rpc, ctx, message, false, send).await
    }

    async fn run_with<M, R, F, Fut>(
        &self,
        rpc: &'static str,
        ctx: &CallContext,
        message: &M,
        idempotent: bool,
        send: F,
    ) -> Result<R, Status>
    where
        M: Clone,
        F: Fn(tonic::Request<M>) -> Fut,
        Fut: Future<Output = Result<tonic::Response<R>, Status>>,
    {
        let start = Instant::now();
        let deadline = start + self.timeout;
        let bearer = self.bearer(&ctx.caller)?;
        let request_id = ctx.request_id.as_ref().and_then(|id| MetadataValue::try_from(id.as_str()).ok());
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
            // A server that enforces our `grpc-timeout` answers CANCELLED at the deadline; it is
            // still a missed deadline.
            let result = result.map_err(|status| {
                let past_deadline = deadline.saturating_duration_since(Instant::now()) < DEADLINE_SLACK;
                if status.code() == Code::Cancelled && past_deadline {
                    Status::deadline_exceeded("deadline exceeded")
                } else {
                    status
                }
            });
            let result = result.map_err(transport_failure_is_unavailable);
            match result {
                Ok(response) => break Ok(response.into_inner()),
                Err(status) if idempotent && status.code() == Code::Unavailable && retries < MAX_RETRIES => {
                    let backoff = BACKOFF * 2_u32.pow(retries);
                    if Instant::now() + backoff >= deadline {
                        break Err(status);
                    }
                    retries += 1;
                    metrics::grpc_client_retry(rpc);
                    tracing::debug!(name: "gateway.grpc.retry", rpc, retries, "retrying after Unavailable");
                    tokio::time::sleep(backoff).await;
                }
                Err(status) => break Err(status),
            }
        };
        let code = outcome.as_ref().map_or_else(Status::code, |_| Code::Ok);
        metrics::grpc_client_call(rpc, code, start.elapsed());
        outcome
    }
}

/// A status the client made from a broken connection (an h2 GOAWAY such as ENHANCE_YOUR_CALM
/// after a stalled server resumes, a reset stream, a reset socket) is `Unavailable`: the service
/// never decided it, so it is retried like one for reads and reaches the client as 503 — never as
/// the 429 or 500 its h2 reason would map to. A status the service sent itself comes from the
/// response and carries no source error; tonic attaches the transport's error as the source.
fn transport_failure_is_unavailable(status: Status) -> Status {
    let from_transport = std::error::Error::source(&status).is_some()
        && status.metadata().get(crate::error::CODE_METADATA).is_none()
        && matches!(status.code(), Code::ResourceExhausted | Code::Internal | Code::Unknown | Code::Cancelled);
    if from_transport {
        tracing::debug!(name: "gateway.grpc.transport_failure", code = ?status.code(), message = status.message(), "connection failure treated as unavailable");
        Status::unavailable("connection failed")
    } else {
        status
    }
}

/// Declares a client whose methods each call one RPC: `read` ones are retried on `Unavailable`,
/// `write` ones never.
macro_rules! service_client {
    ($(#[$doc:meta])* $name:ident, $client:ty, { $($kind:ident $method:ident($req:ty) -> $resp:ty = $rpc:literal;)* }) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        pub struct $name {
            client: $client,
            policy: CallPolicy,
        }

        impl $name {
            #[must_use]
            pub fn new(channel: Channel, policy: CallPolicy) -> Self {
                Self { client: <$client>::new(channel), policy }
            }

            $(
                #[doc = concat!("`", $rpc, "`.\n\n# Errors\nThe service's status.")]
                pub async fn $method(&self, ctx: &CallContext, message: $req) -> Result<$resp, Status> {
                    service_client!(@call $kind, self, $rpc, ctx, message, $method)
                }
            )*
        }
    };
    (@call read, $self:ident, $rpc:literal, $ctx:ident, $message:ident, $method:ident) => {
        $self.policy.run($rpc, $ctx, &$message, |r| {
            let mut client = $self.client.clone();
            async move { client.$method(r).await }
        }).await
    };
    (@call write, $self:ident, $rpc:literal, $ctx:ident, $message:ident, $method:ident) => {
        $self.policy.run_once($rpc, $ctx, &$message, |r| {
            let mut client = $self.client.clone();
            async move { client.$method(r).await }
        }).await
    };
}

use meguri_proto::billing as billing_pb;
use meguri_proto::fortune as fortune_pb;
use meguri_proto::identity as identity_pb;
use meguri_proto::notify as notify_pb;

service_client!(
    /// The BaziEngine service (every RPC an idempotent read).
    BaziEngine, BaziEngineClient<Channel>, {
        read calculate_chart(CalculateChartRequest) -> CalculateChartResponse = "CalculateChart";
        read search_places(SearchPlacesRequest) -> SearchPlacesResponse = "SearchPlaces";
        read resolve_place(ResolvePlaceRequest) -> ResolvePlaceResponse = "ResolvePlace";
        read get_almanac(GetAlmanacRequest) -> GetAlmanacResponse = "GetAlmanac";
    }
);

service_client!(
    /// The identity service (accounts).
    Identity, identity_pb::identity_client::IdentityClient<Channel>, {
        write sign_up(identity_pb::SignUpRequest) -> identity_pb::SignUpResponse = "SignUp";
        write verify_email(identity_pb::VerifyEmailRequest) -> identity_pb::VerifyEmailResponse = "VerifyEmail";
        write resend_verification_code(identity_pb::ResendVerificationCodeRequest) -> identity_pb::ResendVerificationCodeResponse = "ResendVerificationCode";
        write login(identity_pb::LoginRequest) -> identity_pb::LoginResponse = "Login";
        write forgot_password(identity_pb::ForgotPasswordRequest) -> identity_pb::ForgotPasswordResponse = "ForgotPassword";
        write reset_password(identity_pb::ResetPasswordRequest) -> identity_pb::ResetPasswordResponse = "ResetPassword";
        read get_user(identity_pb::GetUserRequest) -> identity_pb::GetUserResponse = "GetUser";
        write update_username(identity_pb::UpdateUsernameRequest) -> identity_pb::UpdateUsernameResponse = "UpdateUsername";
        write update_birth_data(identity_pb::UpdateBirthDataRequest) -> identity_pb::UpdateBirthDataResponse = "UpdateBirthData";
        write request_email_change(identity_pb::RequestEmailChangeRequest) -> identity_pb::RequestEmailChangeResponse = "RequestEmailChange";
        write confirm_email_change(identity_pb::ConfirmEmailChangeRequest) -> identity_pb::ConfirmEmailChangeResponse = "ConfirmEmailChange";
        write change_password(identity_pb::ChangePasswordRequest) -> identity_pb::ChangePasswordResponse = "ChangePassword";
        write delete_account(identity_pb::DeleteAccountRequest) -> identity_pb::DeleteAccountResponse = "DeleteAccount";
        write complete_onboarding(identity_pb::CompleteOnboardingRequest) -> identity_pb::CompleteOnboardingResponse = "CompleteOnboarding";
        write set_timezone_offset(identity_pb::SetTimezoneOffsetRequest) -> identity_pb::SetTimezoneOffsetResponse = "SetTimezoneOffset";
        write admin_login(identity_pb::AdminLoginRequest) -> identity_pb::AdminLoginResponse = "AdminLogin";
    }
);

service_client!(
    /// The billing service (credits).
    Billing, billing_pb::billing_client::BillingClient<Channel>, {
        read get_balance(billing_pb::GetBalanceRequest) -> billing_pb::GetBalanceResponse = "GetBalance";
    }
);

service_client!(
    /// The notify service (e-mail preferences).
    Notify, notify_pb::notify_client::NotifyClient<Channel>, {
        read get_email_preferences(notify_pb::GetEmailPreferencesRequest) -> notify_pb::GetEmailPreferencesResponse = "GetEmailPreferences";
        write update_email_preferences(notify_pb::UpdateEmailPreferencesRequest) -> notify_pb::UpdateEmailPreferencesResponse = "UpdateEmailPreferences";
    }
);

service_client!(
    /// The fortune-gen service (charts, readings, ratings, reports).
    Fortune, fortune_pb::fortune_client::FortuneClient<Channel>, {
        read get_chart_status(fortune_pb::GetChartStatusRequest) -> fortune_pb::GetChartStatusResponse = "GetChartStatus";
        read get_chart(fortune_pb::GetChartRequest) -> fortune_pb::GetChartResponse = "GetChart";
        // Generates and stores the day's reading on the first call of the day, idempotently.
        read get_daily_reading(fortune_pb::GetDailyReadingRequest) -> fortune_pb::DailyReading = "GetDailyReading";
        read get_day_info(fortune_pb::GetDayInfoRequest) -> fortune_pb::GetDayInfoResponse = "GetDayInfo";
        read list_badges(fortune_pb::ListBadgesRequest) -> fortune_pb::ListBadgesResponse = "ListBadges";
        write rate_fortune(fortune_pb::RateFortuneRequest) -> fortune_pb::Rating = "RateFortune";
        write update_rating_feedback(fortune_pb::UpdateRatingFeedbackRequest) -> fortune_pb::Rating = "UpdateRatingFeedback";
        read get_yearly_report(fortune_pb::GetYearlyReportRequest) -> fortune_pb::Report = "GetYearlyReport";
        read get_life_report(fortune_pb::GetLifeReportRequest) -> fortune_pb::Report = "GetLifeReport";
    }
);
