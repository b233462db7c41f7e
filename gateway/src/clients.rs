//! The gateway's gRPC clients of the services it calls, declared on the one client policy
//! (`meguri-grpc-client`: deadline `GRPC_TIMEOUT_MS`, or `READING_TIMEOUT_MS` for the reading
//! client; retries only for the RPCs marked `read` below; the internal token of the session's
//! caller; `traceparent` and `x-request-id`; the `meguri_gateway_grpc_client_*` metrics; lazy
//! connect; transport failures as `Unavailable`).

use meguri_auth::{Role, Subject};
use meguri_grpc_client::CallerContext;

use crate::session::Caller;
use crate::telemetry::RequestId;

pub use meguri_grpc_client::{Channel, ClientPolicy};

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

    /// A visitor's context for the request being served, whoever is signed in: for a call whose
    /// authority is something else the request carries (an unsubscribe token).
    #[must_use]
    pub fn visitor(req: &actix_web::HttpRequest) -> Self {
        CallContext { caller: crate::session::Caller::ANONYMOUS, request_id: RequestId::of(req) }
    }

    /// The gateway calling as a service on nobody's behalf, whoever is signed in: for a request
    /// from another server whose authority is what it carries (Stripe's signed webhook).
    #[must_use]
    pub fn service(req: &actix_web::HttpRequest) -> Self {
        let caller = crate::session::Caller { subject: Subject::Anonymous, role: Role::Service };
        CallContext { caller, request_id: RequestId::of(req) }
    }
}

impl CallerContext for CallContext {
    fn subject(&self) -> Subject {
        self.caller.subject
    }

    fn role(&self) -> Role {
        self.caller.role
    }

    fn request_id(&self) -> Option<&str> {
        self.request_id.as_ref().map(RequestId::as_str)
    }
}

/// The services' clients (one declaration each, in meguri-grpc-client, shared with the services
/// that call their peers).
pub use meguri_grpc_client::clients::{BaziEngine, Billing, Chat, Fortune, Identity, Notify, Social, Support};
