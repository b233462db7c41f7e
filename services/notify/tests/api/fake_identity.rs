//! A fake identity for notify's tests (an in-process tonic server on a free port): it answers
//! GetContact from a table the test fills, can be switched "down" (UNAVAILABLE) or made to hold
//! its answers (a call that hangs until released), and counts the calls. Every other RPC is UNIMPLEMENTED: notify calls none of them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use meguri_ids::UserId;
use meguri_proto::identity as pb;
use meguri_proto::identity::identity_server::{Identity, IdentityServer};
use tonic::transport::server::TcpIncoming;
use tonic::{Request, Response, Status};

/// What the fake knows and how it behaves; shared with the test.
pub struct IdentityState {
    contacts: Mutex<HashMap<UserId, (String, String)>>,
    down: AtomicBool,
    calls: AtomicUsize,
    hold: tokio::sync::watch::Sender<bool>,
}

impl Default for IdentityState {
    fn default() -> Self {
        Self {
            contacts: Mutex::default(),
            down: AtomicBool::default(),
            calls: AtomicUsize::default(),
            hold: tokio::sync::watch::Sender::new(false),
        }
    }
}

impl IdentityState {
    /// A verified member identity would give the address of.
    pub fn add(&self, user: UserId, email: &str, username: &str) {
        self.contacts.lock().expect("lock").insert(user, (email.to_owned(), username.to_owned()));
    }

    /// While down, every GetContact answers UNAVAILABLE.
    pub fn set_down(&self, down: bool) {
        self.down.store(down, Ordering::SeqCst);
    }

    /// While held, every GetContact waits (the caller sees a call that hangs) until released.
    pub fn set_held(&self, held: bool) {
        self.hold.send_replace(held);
    }

    /// GetContact calls so far (answered or not).
    pub fn calls(&self) -> usize {
        self.calls.load(Ordering::SeqCst)
    }
}

struct Fake(Arc<IdentityState>);

/// The fake's trait impl: GetContact, then every other RPC refused.
macro_rules! fake_identity {
    ($($method:ident($req:ty) -> $resp:ty;)*) => {
        #[tonic::async_trait]
        impl Identity for Fake {
            async fn get_contact(
                &self,
                request: Request<pb::GetContactRequest>,
            ) -> Result<Response<pb::GetContactResponse>, Status> {
                self.0.calls.fetch_add(1, Ordering::SeqCst);
                let _ = self.0.hold.subscribe().wait_for(|held| !*held).await;
                let caller = meguri_auth::caller(&request).map(|c| c.role);
                if caller != Some(meguri_auth::Role::Service) {
                    return Err(Status::permission_denied("service token required"));
                }
                if self.0.down.load(Ordering::SeqCst) {
                    return Err(Status::unavailable("identity is down (test)"));
                }
                let user: UserId =
                    request.get_ref().user_id.parse().map_err(|_| Status::invalid_argument("not a UUID"))?;
                let contacts = self.0.contacts.lock().expect("lock");
                let (email, username) = contacts.get(&user).cloned().ok_or_else(|| Status::not_found("user not found"))?;
                Ok(Response::new(pb::GetContactResponse { email, username }))
            }

            $(
                async fn $method(&self, _: Request<$req>) -> Result<Response<$resp>, Status> {
                    Err(Status::unimplemented("not part of the fake"))
                }
            )*
        }
    };
}

fake_identity! {
    sign_up(pb::SignUpRequest) -> pb::SignUpResponse;
    verify_email(pb::VerifyEmailRequest) -> pb::VerifyEmailResponse;
    resend_verification_code(pb::ResendVerificationCodeRequest) -> pb::ResendVerificationCodeResponse;
    login(pb::LoginRequest) -> pb::LoginResponse;
    forgot_password(pb::ForgotPasswordRequest) -> pb::ForgotPasswordResponse;
    reset_password(pb::ResetPasswordRequest) -> pb::ResetPasswordResponse;
    get_user(pb::GetUserRequest) -> pb::GetUserResponse;
    update_username(pb::UpdateUsernameRequest) -> pb::UpdateUsernameResponse;
    update_birth_data(pb::UpdateBirthDataRequest) -> pb::UpdateBirthDataResponse;
    request_email_change(pb::RequestEmailChangeRequest) -> pb::RequestEmailChangeResponse;
    confirm_email_change(pb::ConfirmEmailChangeRequest) -> pb::ConfirmEmailChangeResponse;
    change_password(pb::ChangePasswordRequest) -> pb::ChangePasswordResponse;
    delete_account(pb::DeleteAccountRequest) -> pb::DeleteAccountResponse;
    complete_onboarding(pb::CompleteOnboardingRequest) -> pb::CompleteOnboardingResponse;
    set_timezone_offset(pb::SetTimezoneOffsetRequest) -> pb::SetTimezoneOffsetResponse;
    admin_login(pb::AdminLoginRequest) -> pb::AdminLoginResponse;
    get_birth_profile(pb::GetBirthProfileRequest) -> pb::GetBirthProfileResponse;
    get_timezone_offset(pb::GetTimezoneOffsetRequest) -> pb::GetTimezoneOffsetResponse;
    list_member_profiles(pb::ListMemberProfilesRequest) -> pb::ListMemberProfilesResponse;
}

/// A running fake; stopped on drop.
pub struct FakeIdentity {
    pub state: Arc<IdentityState>,
    pub port: u16,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for FakeIdentity {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl FakeIdentity {
    /// Serves the fake on a free loopback port, checking internal tokens signed with `secret` as
    /// identity does.
    pub async fn start(secret: &str) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let state = Arc::new(IdentityState::default());
        let verifier =
            meguri_auth::TokenVerifier::new(&secrecy::SecretString::from(secret.to_owned())).expect("a verifier");
        let service = IdentityServer::new(Fake(Arc::clone(&state)));
        let task = tokio::spawn(async move {
            let _ = tonic::transport::Server::builder()
                .layer(meguri_auth::AuthLayer::new(verifier))
                .add_service(service)
                .serve_with_incoming(TcpIncoming::from(listener))
                .await;
        });
        Self { state, port, task }
    }

    pub fn addr(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}
