//! The tonic service: proto → domain input, call [`Accounts`], domain → proto. No SQL, no rules.

use meguri_auth::Role;
use meguri_ids::UserId;
use meguri_proto::identity as pb;
use meguri_proto::identity::identity_server::Identity;
use tonic::{Request, Response, Status};

use crate::domain::{Gender, PageCursor, RawBirth, StaffRole};
use crate::error::Error;
use crate::usecases::accounts::{Accounts, member_profile_pb};
use crate::usecases::admins::StaffChange;
use crate::usecases::back_office::AuditQuery;
use crate::usecases::sign_up::{SignUp, SignedUp};
use crate::usecases::user::{BirthProfile, User};

pub struct IdentityService {
    pub accounts: Accounts,
}

/// Another service (or an admin tool) calling on its own behalf; users and visitors are refused.
fn service_caller<T>(request: &Request<T>) -> Result<(), Status> {
    match meguri_auth::caller(request).map(|c| c.role) {
        Some(Role::Service | Role::Admin) => Ok(()),
        // Support staff never read birth data or contacts through these.
        Some(Role::User | Role::Support | Role::Visitor) => Err(Error::PermissionDenied.into()),
        None => Err(Error::NotAUser.into()),
    }
}

/// The gateway checking a staff token, or staff themselves; members and visitors are refused.
fn staff_or_service<T>(request: &Request<T>) -> Result<(), Status> {
    match meguri_auth::caller(request).map(|c| c.role) {
        Some(Role::Service | Role::Admin | Role::Support) => Ok(()),
        Some(Role::User | Role::Visitor) => Err(Error::PermissionDenied.into()),
        None => Err(Error::NotAUser.into()),
    }
}

/// An admin (not support staff) acting in the admin SPA: their staff id.
fn admin_caller<T>(request: &Request<T>) -> Result<uuid::Uuid, Status> {
    match meguri_auth::caller(request) {
        Some(meguri_auth::Caller { role: Role::Admin, user: Some(staff) }) => Ok(*staff.as_uuid()),
        Some(_) => Err(Error::PermissionDenied.into()),
        None => Err(Error::NotAUser.into()),
    }
}

fn member_for_staff_out(m: crate::db::users::ForStaff) -> pb::MemberForStaff {
    pb::MemberForStaff {
        id: m.id.to_string(),
        username: m.username,
        email: m.email,
        email_verified: m.email_verified,
        created_at: rfc3339(m.created_at),
        deleted_at: m.deleted_at.map(rfc3339),
    }
}

fn audit_out(e: crate::db::audit::AuditRow) -> pb::AuditEntry {
    pb::AuditEntry {
        id: e.id.to_string(),
        at: e.at.to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
        actor_id: e.actor_id.to_string(),
        actor_email: e.actor_email,
        action: e.action,
        target_type: e.target_type,
        target_id: e.target_id.to_string(),
        before: e.before,
        after: e.after,
        reason: e.reason,
    }
}

fn rfc3339(at: chrono::DateTime<chrono::Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

fn staff_out(s: crate::db::admins::StaffRow) -> pb::StaffAccount {
    pb::StaffAccount {
        id: s.id.to_string(),
        email: s.email,
        role: s.role,
        is_active: s.is_active,
        last_login: s.last_login.map(rfc3339),
        created_at: rfc3339(s.created_at),
    }
}

/// A user id another service sends; INVALID_USER_ID when it is not a UUID.
fn user_id_in(raw: &str) -> Result<UserId, Status> {
    raw.trim().parse().map_err(|_| Error::InvalidUserId.into())
}

fn gender_in(value: i32) -> Option<Gender> {
    match pb::Gender::try_from(value).unwrap_or(pb::Gender::Unspecified) {
        pb::Gender::Male => Some(Gender::Male),
        pb::Gender::Female => Some(Gender::Female),
        pb::Gender::Other => Some(Gender::Other),
        pb::Gender::Unspecified => None,
    }
}

fn gender_out(gender: Option<Gender>) -> i32 {
    (match gender {
        Some(Gender::Male) => pb::Gender::Male,
        Some(Gender::Female) => pb::Gender::Female,
        Some(Gender::Other) => pb::Gender::Other,
        None => pb::Gender::Unspecified,
    }) as i32
}

fn birth_in(birth: Option<pb::BirthData>) -> RawBirth {
    let b = birth.unwrap_or_default();
    RawBirth {
        date: b.birth_date,
        time: b.birth_time,
        location: b.birth_location,
        longitude: b.longitude,
        latitude: b.latitude,
        dst_choice: b.dst_choice,
    }
}

fn birth_profile_out(p: BirthProfile) -> pb::GetBirthProfileResponse {
    pb::GetBirthProfileResponse {
        user_id: p.id.to_string(),
        gender: gender_out(p.gender),
        birth: Some(pb::BirthData {
            birth_date: p.birth_date.map(|d| d.format("%Y-%m-%d").to_string()),
            birth_time: p.birth_time,
            birth_location: p.birth_location,
            longitude: p.birth_longitude,
            latitude: p.birth_latitude,
            dst_choice: p.birth_dst_choice.map(|c| c.key().to_owned()),
        }),
        updated_at: p.updated_at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
    }
}

fn user_out(user: User) -> pb::User {
    pb::User {
        id: user.id.to_string(),
        email: user.email,
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
        profile_image_url: user.profile_image_url,
        gender: gender_out(user.gender),
        birth: Some(pb::BirthData {
            birth_date: user.birth_date.map(|d| d.format("%Y-%m-%d").to_string()),
            birth_time: user.birth_time,
            birth_location: user.birth_location,
            longitude: user.birth_longitude,
            latitude: user.birth_latitude,
            dst_choice: user.birth_dst_choice.map(|c| c.key().to_owned()),
        }),
        is_email_verified: user.is_email_verified,
        has_completed_onboarding: user.has_completed_onboarding,
        pending_email: user.pending_email,
        timezone_offset: user.timezone_offset.map(meguri_tz::TimezoneOffset::minutes),
        birth_time_unknown: user.birth_time_unknown,
        created_at: user.created_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        last_login_at: user.last_login_at.map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
    }
}

/// A window in whole seconds, as the answers report it.
fn seconds(window: std::time::Duration) -> i32 {
    i32::try_from(window.as_secs()).unwrap_or(i32::MAX)
}

#[tonic::async_trait]
impl Identity for IdentityService {
    async fn sign_up(&self, request: Request<pb::SignUpRequest>) -> Result<Response<pb::SignUpResponse>, Status> {
        let r = request.into_inner();
        let input = SignUp {
            email: r.email,
            password: r.password,
            username: r.username,
            first_name: r.first_name,
            last_name: r.last_name,
            gender: gender_in(r.gender),
            birth: birth_in(r.birth),
            privacy_policy_accepted: r.privacy_policy_accepted,
            analytics_consent: r.analytics_consent,
            marketing_consent: r.marketing_consent,
            inviter_id: r.inviter_id,
        };
        let resend_cooldown_seconds = seconds(self.accounts.resend_cooldown());
        let response = match self.accounts.sign_up(input).await? {
            SignedUp::New(id, email) => pb::SignUpResponse {
                user_id: id.to_string(),
                email: email.as_str().to_owned(),
                existing_account: false,
                resend_cooldown_seconds,
            },
            SignedUp::Existing(email) => pb::SignUpResponse {
                user_id: String::new(),
                email: email.as_str().to_owned(),
                existing_account: true,
                resend_cooldown_seconds,
            },
        };
        Ok(Response::new(response))
    }

    async fn verify_email(
        &self,
        request: Request<pb::VerifyEmailRequest>,
    ) -> Result<Response<pb::VerifyEmailResponse>, Status> {
        let r = request.into_inner();
        let user = self.accounts.verify_email(&r.email, &r.code).await?;
        Ok(Response::new(pb::VerifyEmailResponse { user: Some(user_out(user)) }))
    }

    async fn resend_verification_code(
        &self,
        request: Request<pb::ResendVerificationCodeRequest>,
    ) -> Result<Response<pb::ResendVerificationCodeResponse>, Status> {
        let cooldown = self.accounts.resend_code(&request.into_inner().email).await?;
        Ok(Response::new(pb::ResendVerificationCodeResponse { cooldown_seconds: seconds(cooldown) }))
    }

    async fn login(&self, request: Request<pb::LoginRequest>) -> Result<Response<pb::LoginResponse>, Status> {
        let r = request.into_inner();
        let user = self.accounts.login(&r.email, &r.password).await?;
        Ok(Response::new(pb::LoginResponse { user: Some(user_out(user)) }))
    }

    async fn forgot_password(
        &self,
        request: Request<pb::ForgotPasswordRequest>,
    ) -> Result<Response<pb::ForgotPasswordResponse>, Status> {
        let cooldown = self.accounts.forgot_password(&request.into_inner().email).await?;
        Ok(Response::new(pb::ForgotPasswordResponse { cooldown_seconds: seconds(cooldown) }))
    }

    async fn reset_password(
        &self,
        request: Request<pb::ResetPasswordRequest>,
    ) -> Result<Response<pb::ResetPasswordResponse>, Status> {
        let r = request.into_inner();
        let id = self.accounts.reset_password(&r.token, &r.email, &r.password).await?;
        Ok(Response::new(pb::ResetPasswordResponse { user_id: id.to_string() }))
    }

    async fn get_user(&self, request: Request<pb::GetUserRequest>) -> Result<Response<pb::GetUserResponse>, Status> {
        let id = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let user = self.accounts.get_user(id).await?;
        Ok(Response::new(pb::GetUserResponse { user: Some(user_out(user)) }))
    }

    async fn update_username(
        &self,
        request: Request<pb::UpdateUsernameRequest>,
    ) -> Result<Response<pb::UpdateUsernameResponse>, Status> {
        let id = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let user = self.accounts.update_username(id, &request.into_inner().username).await?;
        Ok(Response::new(pb::UpdateUsernameResponse { user: Some(user_out(user)) }))
    }

    async fn update_birth_data(
        &self,
        request: Request<pb::UpdateBirthDataRequest>,
    ) -> Result<Response<pb::UpdateBirthDataResponse>, Status> {
        let id = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let r = request.into_inner();
        let (user, changed) = self.accounts.update_birth_data(id, gender_in(r.gender), &birth_in(r.birth)).await?;
        Ok(Response::new(pb::UpdateBirthDataResponse { user: Some(user_out(user)), birth_data_changed: changed }))
    }

    async fn request_email_change(
        &self,
        request: Request<pb::RequestEmailChangeRequest>,
    ) -> Result<Response<pb::RequestEmailChangeResponse>, Status> {
        let id = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let r = request.into_inner();
        self.accounts.request_email_change(id, &r.new_email, &r.current_password).await?;
        Ok(Response::new(pb::RequestEmailChangeResponse {}))
    }

    async fn confirm_email_change(
        &self,
        request: Request<pb::ConfirmEmailChangeRequest>,
    ) -> Result<Response<pb::ConfirmEmailChangeResponse>, Status> {
        let (id, email) = self.accounts.confirm_email_change(&request.into_inner().token).await?;
        Ok(Response::new(pb::ConfirmEmailChangeResponse { user_id: id.to_string(), email }))
    }

    async fn change_password(
        &self,
        request: Request<pb::ChangePasswordRequest>,
    ) -> Result<Response<pb::ChangePasswordResponse>, Status> {
        let id = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let r = request.into_inner();
        self.accounts.change_password(id, &r.current_password, &r.new_password).await?;
        Ok(Response::new(pb::ChangePasswordResponse {}))
    }

    async fn delete_account(
        &self,
        request: Request<pb::DeleteAccountRequest>,
    ) -> Result<Response<pb::DeleteAccountResponse>, Status> {
        let id = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        self.accounts.delete_account(id, &request.into_inner().password).await?;
        Ok(Response::new(pb::DeleteAccountResponse {}))
    }

    async fn complete_onboarding(
        &self,
        request: Request<pb::CompleteOnboardingRequest>,
    ) -> Result<Response<pb::CompleteOnboardingResponse>, Status> {
        let id = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let user = self.accounts.complete_onboarding(id).await?;
        Ok(Response::new(pb::CompleteOnboardingResponse { user: Some(user_out(user)) }))
    }

    async fn set_timezone_offset(
        &self,
        request: Request<pb::SetTimezoneOffsetRequest>,
    ) -> Result<Response<pb::SetTimezoneOffsetResponse>, Status> {
        let id = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let offset = self.accounts.set_timezone_offset(id, request.get_ref().timezone_offset).await?;
        Ok(Response::new(pb::SetTimezoneOffsetResponse { timezone_offset: offset.minutes() }))
    }

    async fn get_consent(&self, request: Request<pb::GetConsentRequest>) -> Result<Response<pb::Consent>, Status> {
        let id = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let consent = self.accounts.get_consent(id).await?;
        Ok(Response::new(consent_out(consent)))
    }

    async fn update_consent(
        &self,
        request: Request<pb::UpdateConsentRequest>,
    ) -> Result<Response<pb::Consent>, Status> {
        let id = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let r = request.into_inner();
        let change = crate::usecases::consent::ConsentChange {
            analytics: r.analytics_consent,
            marketing: r.marketing_consent,
            delete_collected: r.delete_collected,
        };
        let consent = self.accounts.update_consent(id, change).await?;
        Ok(Response::new(consent_out(consent)))
    }

    async fn admin_login(
        &self,
        request: Request<pb::AdminLoginRequest>,
    ) -> Result<Response<pb::AdminLoginResponse>, Status> {
        let r = request.into_inner();
        let admin = self.accounts.admin_login(&r.email, &r.password).await?;
        Ok(Response::new(pb::AdminLoginResponse {
            admin_id: admin.id.to_string(),
            email: admin.email,
            role: admin.role,
        }))
    }

    async fn get_staff(&self, request: Request<pb::GetStaffRequest>) -> Result<Response<pb::StaffAccount>, Status> {
        staff_or_service(&request)?;
        let id = request.get_ref().admin_id.trim().parse().map_err(|_| Status::from(Error::StaffNotFound))?;
        Ok(Response::new(staff_out(self.accounts.staff(id).await?)))
    }

    async fn list_staff(
        &self,
        request: Request<pb::ListStaffRequest>,
    ) -> Result<Response<pb::ListStaffResponse>, Status> {
        staff_or_service(&request)?;
        let staff = self.accounts.all_staff().await?;
        Ok(Response::new(pb::ListStaffResponse { staff: staff.into_iter().map(staff_out).collect() }))
    }

    async fn get_members_for_staff(
        &self,
        request: Request<pb::GetMembersForStaffRequest>,
    ) -> Result<Response<pb::GetMembersForStaffResponse>, Status> {
        staff_or_service(&request)?;
        let ids = request
            .get_ref()
            .user_ids
            .iter()
            .map(|raw| raw.trim().parse::<uuid::Uuid>().map_err(|_| Status::from(Error::InvalidUserId)))
            .collect::<Result<Vec<_>, _>>()?;
        let members = self.accounts.members_for_staff(&ids).await?;
        Ok(Response::new(pb::GetMembersForStaffResponse {
            members: members.into_iter().map(member_for_staff_out).collect(),
        }))
    }

    async fn create_staff(
        &self,
        request: Request<pb::CreateStaffRequest>,
    ) -> Result<Response<pb::StaffAccount>, Status> {
        let by = admin_caller(&request)?;
        let r = request.into_inner();
        let role = StaffRole::parse(&r.role)?;
        Ok(Response::new(staff_out(self.accounts.create_staff(by, &r.email, role, &r.password).await?)))
    }

    async fn update_staff(
        &self,
        request: Request<pb::UpdateStaffRequest>,
    ) -> Result<Response<pb::StaffAccount>, Status> {
        let by = admin_caller(&request)?;
        let r = request.into_inner();
        let id = r.admin_id.trim().parse().map_err(|_| Status::from(Error::StaffNotFound))?;
        let change = StaffChange { is_active: r.is_active, role: r.role.as_deref().map(StaffRole::parse).transpose()? };
        Ok(Response::new(staff_out(self.accounts.update_staff(by, id, change).await?)))
    }

    async fn search_members_for_staff(
        &self,
        request: Request<pb::SearchMembersForStaffRequest>,
    ) -> Result<Response<pb::SearchMembersForStaffResponse>, Status> {
        staff_or_service(&request)?;
        let r = request.into_inner();
        let (members, next) = self.accounts.search_members(&r.query, &r.cursor, r.limit).await?;
        Ok(Response::new(pb::SearchMembersForStaffResponse {
            members: members.into_iter().map(member_for_staff_out).collect(),
            next_cursor: next.map(PageCursor::encode),
        }))
    }

    async fn get_member_detail_for_staff(
        &self,
        request: Request<pb::GetMemberDetailForStaffRequest>,
    ) -> Result<Response<pb::MemberDetailForStaff>, Status> {
        staff_or_service(&request)?;
        let id = user_id_in(&request.get_ref().user_id)?;
        let d = self.accounts.member_detail(*id.as_uuid()).await?;
        Ok(Response::new(pb::MemberDetailForStaff {
            member: Some(member_for_staff_out(d.member)),
            last_login: d.last_login.map(rfc3339),
            has_birth_data: d.has_birth_data,
            onboarding_complete: d.onboarding_complete,
        }))
    }

    async fn get_member_stats(
        &self,
        request: Request<pb::GetMemberStatsRequest>,
    ) -> Result<Response<pb::MemberStats>, Status> {
        staff_or_service(&request)?;
        let (total, new_since, verified) = self.accounts.member_stats(&request.get_ref().since).await?;
        Ok(Response::new(pb::MemberStats { total, new_since, verified }))
    }

    async fn list_audit(
        &self,
        request: Request<pb::ListAuditRequest>,
    ) -> Result<Response<pb::ListAuditResponse>, Status> {
        staff_or_service(&request)?;
        let r = request.get_ref();
        let query = AuditQuery {
            actor: &r.actor_id,
            action: &r.action,
            target_type: &r.target_type,
            target: &r.target_id,
            from: &r.from,
            to: &r.to,
            cursor: &r.cursor,
            limit: r.limit,
        };
        let (entries, next) = self.accounts.audit_page(&query).await?;
        Ok(Response::new(pb::ListAuditResponse {
            entries: entries.into_iter().map(audit_out).collect(),
            next_cursor: next.map(PageCursor::encode),
        }))
    }

    async fn get_birth_profile(
        &self,
        request: Request<pb::GetBirthProfileRequest>,
    ) -> Result<Response<pb::GetBirthProfileResponse>, Status> {
        service_caller(&request)?;
        let id = user_id_in(&request.get_ref().user_id)?;
        let profile = self.accounts.birth_profile(id).await?;
        Ok(Response::new(birth_profile_out(profile)))
    }

    async fn get_timezone_offset(
        &self,
        request: Request<pb::GetTimezoneOffsetRequest>,
    ) -> Result<Response<pb::GetTimezoneOffsetResponse>, Status> {
        service_caller(&request)?;
        let id = user_id_in(&request.get_ref().user_id)?;
        let offset = self.accounts.timezone_offset(id).await?;
        Ok(Response::new(pb::GetTimezoneOffsetResponse {
            timezone_offset: offset.map(meguri_tz::TimezoneOffset::minutes),
        }))
    }

    async fn get_contact(
        &self,
        request: Request<pb::GetContactRequest>,
    ) -> Result<Response<pb::GetContactResponse>, Status> {
        service_caller(&request)?;
        let id = user_id_in(&request.get_ref().user_id)?;
        let contact = self.accounts.contact(id).await?;
        Ok(Response::new(pb::GetContactResponse { email: contact.email, username: contact.username }))
    }

    async fn list_member_profiles(
        &self,
        request: Request<pb::ListMemberProfilesRequest>,
    ) -> Result<Response<pb::ListMemberProfilesResponse>, Status> {
        service_caller(&request)?;
        let r = request.into_inner();
        let after = match r.after_user_id.trim() {
            "" => None,
            raw => Some(user_id_in(raw)?),
        };
        let page = self.accounts.member_profiles(after, r.limit).await?;
        Ok(Response::new(pb::ListMemberProfilesResponse {
            members: page.members.into_iter().map(member_profile_pb).collect(),
            next_after_user_id: page.next_after.map(|id| id.to_string()),
        }))
    }
}

fn consent_out(c: crate::db::users::Consent) -> pb::Consent {
    pb::Consent {
        privacy_policy_accepted: c.privacy_policy_accepted,
        privacy_policy_version: c.privacy_policy_version,
        analytics_consent: c.analytics,
        marketing_consent: c.marketing,
        updated_at: meguri_analytics::rfc3339(c.updated_at),
    }
}
