//! A fake identity: what other services read from identity, from tables the test fills.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use meguri_ids::UserId;
use meguri_proto::identity as pb;
use secrecy::SecretString;
use tonic::transport::Server;
use tonic::{Request, Response, Status};

use super::{fake_service, lock};

/// What the fake knows and how it behaves; shared with the test.
///
/// - GetUser answers the signed-in caller's account from [`add`](Self::add) (verified, onboarded,
///   created 2026-11-01T09:00:00Z, with the birth date of `births` if any); a caller that is not a
///   user is UNAUTHENTICATED, one never added NOT_FOUND `USER_NOT_FOUND`, as identity.
/// - GetContact answers from [`add`](Self::add) (service tokens only, as identity), counts its
///   calls and can be held (it hangs until released).
/// - GetBirthProfile answers `births` (gender female; `None` is a member without a birth date);
///   ListMemberProfiles pages through `profiles` by user id (500 a page by default).
/// - GetTimezoneOffset answers `offsets` (none stored: no offset).
/// - While `down`, GetUser, GetContact, GetBirthProfile and ListMemberProfiles answer UNAVAILABLE; while
///   `offsets_down`, GetTimezoneOffset does.
///
/// Every other RPC is UNIMPLEMENTED.
pub struct IdentityState {
    pub births: Mutex<BTreeMap<UserId, Option<String>>>,
    pub profiles: Mutex<BTreeMap<UserId, pb::MemberProfile>>,
    pub offsets: Mutex<BTreeMap<UserId, i32>>,
    pub down: AtomicBool,
    pub offsets_down: AtomicBool,
    contacts: Mutex<HashMap<UserId, (String, String)>>,
    contact_calls: AtomicUsize,
    hold: tokio::sync::watch::Sender<bool>,
}

impl Default for IdentityState {
    fn default() -> Self {
        Self {
            births: Mutex::default(),
            profiles: Mutex::default(),
            offsets: Mutex::default(),
            down: AtomicBool::default(),
            offsets_down: AtomicBool::default(),
            contacts: Mutex::default(),
            contact_calls: AtomicUsize::default(),
            hold: tokio::sync::watch::Sender::new(false),
        }
    }
}

impl IdentityState {
    /// A verified member whose account (GetUser) and address (GetContact) identity would give.
    pub fn add(&self, user: UserId, email: &str, username: &str) {
        lock(&self.contacts).insert(user, (email.to_owned(), username.to_owned()));
    }

    /// While down, the member reads answer UNAVAILABLE.
    pub fn set_down(&self, down: bool) {
        self.down.store(down, Ordering::SeqCst);
    }

    /// While held, every GetContact waits (the caller sees a call that hangs) until released.
    pub fn set_held(&self, held: bool) {
        self.hold.send_replace(held);
    }

    /// GetContact calls so far (answered or not).
    pub fn contact_calls(&self) -> usize {
        self.contact_calls.load(Ordering::SeqCst)
    }

    fn check_up(&self, flag: &AtomicBool) -> Result<(), Status> {
        if flag.load(Ordering::SeqCst) { Err(Status::unavailable("identity is down (test)")) } else { Ok(()) }
    }
}

fn user_of(raw: &str) -> Result<UserId, Status> {
    raw.parse().map_err(|_| Status::invalid_argument("not a UUID"))
}

/// The tonic service of the fake.
#[derive(Clone)]
struct Fake(Arc<IdentityState>);

fake_service! {
impl pb::identity_server::Identity, Fake, {
    unimplemented {
        sign_up(pb::SignUpRequest) -> pb::SignUpResponse;
        verify_email(pb::VerifyEmailRequest) -> pb::VerifyEmailResponse;
        resend_verification_code(pb::ResendVerificationCodeRequest) -> pb::ResendVerificationCodeResponse;
        login(pb::LoginRequest) -> pb::LoginResponse;
        forgot_password(pb::ForgotPasswordRequest) -> pb::ForgotPasswordResponse;
        reset_password(pb::ResetPasswordRequest) -> pb::ResetPasswordResponse;
        update_username(pb::UpdateUsernameRequest) -> pb::UpdateUsernameResponse;
        update_birth_data(pb::UpdateBirthDataRequest) -> pb::UpdateBirthDataResponse;
        request_email_change(pb::RequestEmailChangeRequest) -> pb::RequestEmailChangeResponse;
        confirm_email_change(pb::ConfirmEmailChangeRequest) -> pb::ConfirmEmailChangeResponse;
        change_password(pb::ChangePasswordRequest) -> pb::ChangePasswordResponse;
        delete_account(pb::DeleteAccountRequest) -> pb::DeleteAccountResponse;
        complete_onboarding(pb::CompleteOnboardingRequest) -> pb::CompleteOnboardingResponse;
        set_timezone_offset(pb::SetTimezoneOffsetRequest) -> pb::SetTimezoneOffsetResponse;
        get_consent(pb::GetConsentRequest) -> pb::Consent;
        update_consent(pb::UpdateConsentRequest) -> pb::Consent;
        admin_login(pb::AdminLoginRequest) -> pb::AdminLoginResponse;
        get_staff(pb::GetStaffRequest) -> pb::StaffAccount;
        list_staff(pb::ListStaffRequest) -> pb::ListStaffResponse;
        get_members_for_staff(pb::GetMembersForStaffRequest) -> pb::GetMembersForStaffResponse;
        create_staff(pb::CreateStaffRequest) -> pb::StaffAccount;
        update_staff(pb::UpdateStaffRequest) -> pb::StaffAccount;
        search_members_for_staff(pb::SearchMembersForStaffRequest) -> pb::SearchMembersForStaffResponse;
        get_member_detail_for_staff(pb::GetMemberDetailForStaffRequest) -> pb::MemberDetailForStaff;
        get_member_stats(pb::GetMemberStatsRequest) -> pb::MemberStats;
        list_audit(pb::ListAuditRequest) -> pb::ListAuditResponse;
    }

    async fn get_user(&self, request: Request<pb::GetUserRequest>) -> Result<Response<pb::GetUserResponse>, Status> {
        let not_a_user = meguri_status::status(tonic::Code::Unauthenticated, "UNAUTHENTICATED", "not called for a user");
        let user = meguri_auth::signed_in_user(&request, not_a_user)?;
        self.0.check_up(&self.0.down)?;
        let (email, username) = lock(&self.0.contacts)
            .get(&user)
            .cloned()
            .ok_or_else(|| meguri_status::status(tonic::Code::NotFound, "USER_NOT_FOUND", "user not found"))?;
        let birth = lock(&self.0.births)
            .get(&user)
            .map(|birth_date| pb::BirthData { birth_date: birth_date.clone(), ..Default::default() });
        Ok(Response::new(pb::GetUserResponse {
            user: Some(pb::User {
                id: user.to_string(),
                email,
                username: Some(username),
                birth,
                is_email_verified: true,
                has_completed_onboarding: true,
                created_at: "2026-11-01T09:00:00Z".to_owned(),
                ..Default::default()
            }),
        }))
    }

    async fn get_contact(
        &self,
        request: Request<pb::GetContactRequest>,
    ) -> Result<Response<pb::GetContactResponse>, Status> {
        self.0.contact_calls.fetch_add(1, Ordering::SeqCst);
        let _ = self.0.hold.subscribe().wait_for(|held| !*held).await;
        if meguri_auth::caller(&request).map(|c| c.role) != Some(meguri_auth::Role::Service) {
            return Err(Status::permission_denied("service token required"));
        }
        self.0.check_up(&self.0.down)?;
        let user = user_of(&request.get_ref().user_id)?;
        let (email, username) =
            lock(&self.0.contacts).get(&user).cloned().ok_or_else(|| Status::not_found("user not found"))?;
        Ok(Response::new(pb::GetContactResponse { email, username }))
    }

    async fn get_birth_profile(
        &self,
        request: Request<pb::GetBirthProfileRequest>,
    ) -> Result<Response<pb::GetBirthProfileResponse>, Status> {
        self.0.check_up(&self.0.down)?;
        let user = user_of(&request.get_ref().user_id)?;
        let births = lock(&self.0.births);
        let Some(date) = births.get(&user) else { return Err(Status::not_found("no such user")) };
        Ok(Response::new(pb::GetBirthProfileResponse {
            user_id: user.to_string(),
            gender: pb::Gender::Female as i32,
            birth: Some(pb::BirthData { birth_date: date.clone(), ..Default::default() }),
            updated_at: "2026-01-01T00:00:00Z".to_owned(),
        }))
    }

    async fn get_timezone_offset(
        &self,
        request: Request<pb::GetTimezoneOffsetRequest>,
    ) -> Result<Response<pb::GetTimezoneOffsetResponse>, Status> {
        self.0.check_up(&self.0.offsets_down)?;
        let user = user_of(&request.get_ref().user_id)?;
        let timezone_offset = lock(&self.0.offsets).get(&user).copied();
        Ok(Response::new(pb::GetTimezoneOffsetResponse { timezone_offset }))
    }

    async fn list_member_profiles(
        &self,
        request: Request<pb::ListMemberProfilesRequest>,
    ) -> Result<Response<pb::ListMemberProfilesResponse>, Status> {
        self.0.check_up(&self.0.down)?;
        let r = request.get_ref();
        let after = if r.after_user_id.is_empty() { None } else { Some(user_of(&r.after_user_id)?) };
        let limit = if r.limit == 0 { 500 } else { r.limit as usize };
        let profiles = lock(&self.0.profiles);
        let rest: Vec<&pb::MemberProfile> =
            profiles.iter().filter(|(k, _)| after.is_none_or(|a| **k > a)).map(|(_, p)| p).collect();
        let members: Vec<pb::MemberProfile> = rest.iter().take(limit).map(|p| (*p).clone()).collect();
        let next_after_user_id =
            if rest.len() > limit { members.last().map(|m| m.user_id.clone()) } else { None };
        Ok(Response::new(pb::ListMemberProfilesResponse { members, next_after_user_id }))
    }
}
}

/// A running fake identity: serves until the test's runtime ends.
pub struct FakeIdentity {
    pub state: Arc<IdentityState>,
    addr: String,
}

impl FakeIdentity {
    /// Serves the fake on a free loopback port, refusing calls without an internal token signed
    /// with `secret` (as identity does).
    ///
    /// # Panics
    /// When `secret` is too short for a verifier or no loopback port can be bound.
    #[allow(clippy::expect_used)]
    pub async fn start(secret: &str) -> Self {
        let state = Arc::new(IdentityState::default());
        let verifier = meguri_auth::TokenVerifier::new(&SecretString::from(secret.to_owned())).expect("a verifier");
        let service = pb::identity_server::IdentityServer::new(Fake(Arc::clone(&state)));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
        let addr = format!("http://{}", listener.local_addr().expect("the bound address"));
        tokio::spawn(
            Server::builder()
                .layer(meguri_auth::AuthLayer::new(verifier))
                .add_service(service)
                .serve_with_incoming(tonic::transport::server::TcpIncoming::from(listener)),
        );
        Self { state, addr }
    }

    /// `http://127.0.0.1:PORT`.
    #[must_use]
    pub fn addr(&self) -> String {
        self.addr.clone()
    }
}
