//! The gateway's gRPC clients of the services it calls, declared on the one client policy
//! (`meguri-grpc-client`: deadline `GRPC_TIMEOUT_MS`, or `READING_TIMEOUT_MS` for the reading
//! client; retries only for the RPCs marked `read` below; the internal token of the session's
//! caller; `traceparent` and `x-request-id`; the `meguri_gateway_grpc_client_*` metrics; lazy
//! connect; transport failures as `Unavailable`).

use meguri_auth::{Role, Subject};
use meguri_grpc_client::{CallerContext, Channel, service_client};
use meguri_proto::bazi_engine::bazi_engine_client::BaziEngineClient;
use meguri_proto::bazi_engine::{
    CalculateChartRequest, CalculateChartResponse, GetAlmanacRequest, GetAlmanacResponse, ResolvePlaceRequest,
    ResolvePlaceResponse, SearchPlacesRequest, SearchPlacesResponse,
};

use crate::session::Caller;
use crate::telemetry::RequestId;

pub use meguri_grpc_client::ClientPolicy;

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

use meguri_proto::billing as billing_pb;
use meguri_proto::fortune as fortune_pb;
use meguri_proto::identity as identity_pb;
use meguri_proto::notify as notify_pb;
use meguri_proto::social as social_pb;

service_client!(
    /// The BaziEngine service (every RPC an idempotent read).
    pub BaziEngine, BaziEngineClient<Channel>, {
        read calculate_chart(CalculateChartRequest) -> CalculateChartResponse = "CalculateChart";
        read search_places(SearchPlacesRequest) -> SearchPlacesResponse = "SearchPlaces";
        read resolve_place(ResolvePlaceRequest) -> ResolvePlaceResponse = "ResolvePlace";
        read get_almanac(GetAlmanacRequest) -> GetAlmanacResponse = "GetAlmanac";
    }
);

service_client!(
    /// The identity service (accounts).
    pub Identity, identity_pb::identity_client::IdentityClient<Channel>, {
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
    pub Billing, billing_pb::billing_client::BillingClient<Channel>, {
        read get_balance(billing_pb::GetBalanceRequest) -> billing_pb::GetBalanceResponse = "GetBalance";
    }
);

service_client!(
    /// The notify service (e-mail preferences, one-click unsubscribe, the visit record of the
    /// inactivity reminder).
    pub Notify, notify_pb::notify_client::NotifyClient<Channel>, {
        read get_email_preferences(notify_pb::GetEmailPreferencesRequest) -> notify_pb::GetEmailPreferencesResponse = "GetEmailPreferences";
        write update_email_preferences(notify_pb::UpdateEmailPreferencesRequest) -> notify_pb::UpdateEmailPreferencesResponse = "UpdateEmailPreferences";
        write unsubscribe(notify_pb::UnsubscribeRequest) -> notify_pb::UnsubscribeResponse = "Unsubscribe";
        write record_visit(notify_pb::RecordVisitRequest) -> notify_pb::RecordVisitResponse = "RecordVisit";
    }
);

service_client!(
    /// The fortune-gen service (charts, readings, ratings, reports).
    pub Fortune, fortune_pb::fortune_client::FortuneClient<Channel>, {
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
        // Builds and stores the day's friend updates on the first call of the day, idempotently.
        read get_friend_updates(fortune_pb::GetFriendUpdatesRequest) -> fortune_pb::GetFriendUpdatesResponse = "GetFriendUpdates";
    }
);

service_client!(
    /// The social service (friendships, compatibility, blocks, search, invites; the diary, its
    /// mentions and letters). The state changes are writes: never retried, although social answers
    /// a repeat with the same state (and a repeated CreateDiaryEntry with the first entry).
    pub Social, social_pb::social_client::SocialClient<Channel>, {
        read list_friends(social_pb::ListFriendsRequest) -> social_pb::ListFriendsResponse = "ListFriends";
        read search_members(social_pb::SearchMembersRequest) -> social_pb::SearchMembersResponse = "SearchMembers";
        write send_friend_request(social_pb::MemberRef) -> social_pb::FriendshipAnswer = "SendFriendRequest";
        write accept_friend_request(social_pb::MemberRef) -> social_pb::FriendshipAnswer = "AcceptFriendRequest";
        write decline_friend_request(social_pb::MemberRef) -> social_pb::FriendshipAnswer = "DeclineFriendRequest";
        write cancel_friend_request(social_pb::MemberRef) -> social_pb::FriendshipAnswer = "CancelFriendRequest";
        write remove_friend(social_pb::MemberRef) -> social_pb::FriendshipAnswer = "RemoveFriend";
        read get_compatibility(social_pb::MemberRef) -> social_pb::Compatibility = "GetCompatibility";
        write block(social_pb::MemberRef) -> social_pb::BlockAnswer = "Block";
        write unblock(social_pb::MemberRef) -> social_pb::BlockAnswer = "Unblock";
        read list_blocks(social_pb::ListBlocksRequest) -> social_pb::ListBlocksResponse = "ListBlocks";
        read get_invite(social_pb::MemberRef) -> social_pb::Invite = "GetInvite";
        write create_diary_entry(social_pb::CreateDiaryEntryRequest) -> social_pb::DiaryEntry = "CreateDiaryEntry";
        write update_diary_entry(social_pb::UpdateDiaryEntryRequest) -> social_pb::DiaryEntry = "UpdateDiaryEntry";
        write delete_diary_entry(social_pb::DiaryEntryRef) -> social_pb::DeleteDiaryEntryResponse = "DeleteDiaryEntry";
        read list_diary_entries(social_pb::ListDiaryEntriesRequest) -> social_pb::ListDiaryEntriesResponse = "ListDiaryEntries";
        read get_diary_entry(social_pb::DiaryEntryRef) -> social_pb::DiaryEntry = "GetDiaryEntry";
        read list_mention_notifications(social_pb::ListMentionNotificationsRequest) -> social_pb::ListMentionNotificationsResponse = "ListMentionNotifications";
        write mark_mention_shown(social_pb::MentionRef) -> social_pb::MarkMentionShownResponse = "MarkMentionShown";
        read list_delivered_letters(social_pb::ListDeliveredLettersRequest) -> social_pb::ListDeliveredLettersResponse = "ListDeliveredLetters";
        write mark_letter_shown(social_pb::DiaryEntryRef) -> social_pb::MarkLetterShownResponse = "MarkLetterShown";
        read find_lucky_day(social_pb::FindLuckyDayRequest) -> social_pb::LuckyDay = "FindLuckyDay";
    }
);
