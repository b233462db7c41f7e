//! The one client of each service, with every RPC it serves: whoever calls a service (the gateway,
//! or a service calling a peer) uses these, on the one [`ClientPolicy`](crate::ClientPolicy). An RPC
//! marked `read` is idempotent and retried on `Unavailable`; a `write` never is. A new RPC is added
//! here once, next to its proto.

use meguri_proto::bazi_engine as be;
use meguri_proto::billing as bi;
use meguri_proto::chat as ch;
use meguri_proto::fortune as fo;
use meguri_proto::identity as id;
use meguri_proto::notify as no;
use meguri_proto::social as so;
use meguri_proto::support as su;

use crate::{Channel, service_client};

service_client!(
    /// bazi-engine (charts, compatibility, almanac, places, transits): every RPC an idempotent read.
    pub BaziEngine, be::bazi_engine_client::BaziEngineClient<Channel>, {
        read calculate_chart(be::CalculateChartRequest) -> be::CalculateChartResponse = "CalculateChart";
        read compatibility(be::CompatibilityRequest) -> be::CompatibilityResponse = "Compatibility";
        read get_almanac(be::GetAlmanacRequest) -> be::GetAlmanacResponse = "GetAlmanac";
        read read_transits(be::ReadTransitsRequest) -> be::ReadTransitsResponse = "ReadTransits";
        read resolve_place(be::ResolvePlaceRequest) -> be::ResolvePlaceResponse = "ResolvePlace";
        read search_places(be::SearchPlacesRequest) -> be::SearchPlacesResponse = "SearchPlaces";
    }
);

service_client!(
    /// identity (accounts, sessions, settings, admins; birth profiles, contacts and member profiles for services).
    pub Identity, id::identity_client::IdentityClient<Channel>, {
        read get_birth_profile(id::GetBirthProfileRequest) -> id::GetBirthProfileResponse = "GetBirthProfile";
        read get_contact(id::GetContactRequest) -> id::GetContactResponse = "GetContact";
        read get_members_for_staff(id::GetMembersForStaffRequest) -> id::GetMembersForStaffResponse = "GetMembersForStaff";
        read get_member_detail_for_staff(id::GetMemberDetailForStaffRequest) -> id::MemberDetailForStaff = "GetMemberDetailForStaff";
        read get_member_stats(id::GetMemberStatsRequest) -> id::MemberStats = "GetMemberStats";
        read list_audit(id::ListAuditRequest) -> id::ListAuditResponse = "ListAudit";
        read search_members_for_staff(id::SearchMembersForStaffRequest) -> id::SearchMembersForStaffResponse = "SearchMembersForStaff";
        read get_staff(id::GetStaffRequest) -> id::StaffAccount = "GetStaff";
        read get_timezone_offset(id::GetTimezoneOffsetRequest) -> id::GetTimezoneOffsetResponse = "GetTimezoneOffset";
        read get_user(id::GetUserRequest) -> id::GetUserResponse = "GetUser";
        read list_member_profiles(id::ListMemberProfilesRequest) -> id::ListMemberProfilesResponse = "ListMemberProfiles";
        read list_staff(id::ListStaffRequest) -> id::ListStaffResponse = "ListStaff";
        read get_consent(id::GetConsentRequest) -> id::Consent = "GetConsent";
        write admin_login(id::AdminLoginRequest) -> id::AdminLoginResponse = "AdminLogin";
        write change_password(id::ChangePasswordRequest) -> id::ChangePasswordResponse = "ChangePassword";
        write complete_onboarding(id::CompleteOnboardingRequest) -> id::CompleteOnboardingResponse = "CompleteOnboarding";
        write update_consent(id::UpdateConsentRequest) -> id::Consent = "UpdateConsent";
        write confirm_email_change(id::ConfirmEmailChangeRequest) -> id::ConfirmEmailChangeResponse = "ConfirmEmailChange";
        write create_staff(id::CreateStaffRequest) -> id::StaffAccount = "CreateStaff";
        write delete_account(id::DeleteAccountRequest) -> id::DeleteAccountResponse = "DeleteAccount";
        write forgot_password(id::ForgotPasswordRequest) -> id::ForgotPasswordResponse = "ForgotPassword";
        write login(id::LoginRequest) -> id::LoginResponse = "Login";
        write request_email_change(id::RequestEmailChangeRequest) -> id::RequestEmailChangeResponse = "RequestEmailChange";
        write resend_verification_code(id::ResendVerificationCodeRequest) -> id::ResendVerificationCodeResponse = "ResendVerificationCode";
        write reset_password(id::ResetPasswordRequest) -> id::ResetPasswordResponse = "ResetPassword";
        write set_timezone_offset(id::SetTimezoneOffsetRequest) -> id::SetTimezoneOffsetResponse = "SetTimezoneOffset";
        write sign_up(id::SignUpRequest) -> id::SignUpResponse = "SignUp";
        write update_birth_data(id::UpdateBirthDataRequest) -> id::UpdateBirthDataResponse = "UpdateBirthData";
        write update_username(id::UpdateUsernameRequest) -> id::UpdateUsernameResponse = "UpdateUsername";
        write update_staff(id::UpdateStaffRequest) -> id::StaffAccount = "UpdateStaff";
        write verify_email(id::VerifyEmailRequest) -> id::VerifyEmailResponse = "VerifyEmail";
    }
);

service_client!(
    /// fortune-gen (charts, readings, day info, badges, ratings, reports, friend updates). GetDailyReading and GetFriendUpdates build and store the day's answer on the first call, idempotently: reads.
    pub Fortune, fo::fortune_client::FortuneClient<Channel>, {
        read get_chart(fo::GetChartRequest) -> fo::GetChartResponse = "GetChart";
        read get_chart_for_staff(fo::ChartForStaffRequest) -> fo::ChartForStaff = "GetChartForStaff";
        read get_chart_status(fo::GetChartStatusRequest) -> fo::GetChartStatusResponse = "GetChartStatus";
        read get_daily_reading(fo::GetDailyReadingRequest) -> fo::DailyReading = "GetDailyReading";
        read get_day_info(fo::GetDayInfoRequest) -> fo::GetDayInfoResponse = "GetDayInfo";
        read get_friend_updates(fo::GetFriendUpdatesRequest) -> fo::GetFriendUpdatesResponse = "GetFriendUpdates";
        read get_life_report(fo::GetLifeReportRequest) -> fo::Report = "GetLifeReport";
        read get_yearly_report(fo::GetYearlyReportRequest) -> fo::Report = "GetYearlyReport";
        read list_badges(fo::ListBadgesRequest) -> fo::ListBadgesResponse = "ListBadges";
        read list_chart_failures(fo::ListChartFailuresRequest) -> fo::ListChartFailuresResponse = "ListChartFailures";
        write rate_fortune(fo::RateFortuneRequest) -> fo::Rating = "RateFortune";
        write retry_chart(fo::ChartForStaffRequest) -> fo::ChartForStaff = "RetryChart";
        write update_rating_feedback(fo::UpdateRatingFeedbackRequest) -> fo::Rating = "UpdateRatingFeedback";
    }
);

service_client!(
    /// billing (credits, the shop). Spend and Refund are idempotent by their keys, CreateCheckout by
    /// its attempt id, HandleStripeWebhook by the event id, but all change state: writes, never
    /// retried here (the caller repeats them itself when it knows the key: chat's refunds and
    /// sweeper, the app's checkout with the same attempt id, Stripe's redelivered webhook).
    pub Billing, bi::billing_client::BillingClient<Channel>, {
        read get_balance(bi::GetBalanceRequest) -> bi::GetBalanceResponse = "GetBalance";
        read get_dev_checkout(bi::GetDevCheckoutRequest) -> bi::Purchase = "GetDevCheckout";
        read get_purchase(bi::GetPurchaseRequest) -> bi::Purchase = "GetPurchase";
        read get_purchase_stats(bi::GetPurchaseStatsRequest) -> bi::PurchaseStats = "GetPurchaseStats";
        read get_daily_money(bi::GetDailyMoneyRequest) -> bi::DailyMoney = "GetDailyMoney";
        read list_ledger(bi::ListLedgerRequest) -> bi::ListLedgerResponse = "ListLedger";
        read list_packs(bi::ListPacksRequest) -> bi::ListPacksResponse = "ListPacks";
        read list_purchases(bi::ListPurchasesRequest) -> bi::ListPurchasesResponse = "ListPurchases";
        write adjust_credits(bi::AdjustCreditsRequest) -> bi::AdjustCreditsResponse = "AdjustCredits";
        write complete_dev_checkout(bi::CompleteDevCheckoutRequest) -> bi::CompleteDevCheckoutResponse = "CompleteDevCheckout";
        write create_checkout(bi::CreateCheckoutRequest) -> bi::CreateCheckoutResponse = "CreateCheckout";
        write handle_stripe_webhook(bi::HandleStripeWebhookRequest) -> bi::HandleStripeWebhookResponse = "HandleStripeWebhook";
        write refund(bi::RefundRequest) -> bi::RefundResponse = "Refund";
        write spend(bi::SpendRequest) -> bi::SpendResponse = "Spend";
    }
);

service_client!(
    /// chat (the mascot chat). SendMessage answers the reply's event stream once chat has accepted
    /// (or refused) the message: the policy's deadline bounds only that, the stream's events then
    /// come without one (chat bounds the reply itself). A write: never retried, although the same
    /// message id sent again is answered without a second charge.
    pub Chat, ch::chat_client::ChatClient<Channel>, {
        read get_chat_status(ch::GetChatStatusRequest) -> ch::GetChatStatusResponse = "GetChatStatus";
        read get_message(ch::GetMessageRequest) -> ch::ChatMessage = "GetMessage";
        read list_messages(ch::ListMessagesRequest) -> ch::ListMessagesResponse = "ListMessages";
        write send_message(ch::SendMessageRequest) -> tonic::Streaming<ch::SendMessageEvent> = "SendMessage";
    }
);

service_client!(
    /// notify (e-mail preferences, one-click unsubscribe, the visit record of the inactivity reminder).
    pub Notify, no::notify_client::NotifyClient<Channel>, {
        read get_email_preferences(no::GetEmailPreferencesRequest) -> no::GetEmailPreferencesResponse = "GetEmailPreferences";
        read get_mail_stats(no::GetMailStatsRequest) -> no::MailStats = "GetMailStats";
        write record_visit(no::RecordVisitRequest) -> no::RecordVisitResponse = "RecordVisit";
        write unsubscribe(no::UnsubscribeRequest) -> no::UnsubscribeResponse = "Unsubscribe";
        write update_email_preferences(no::UpdateEmailPreferencesRequest) -> no::UpdateEmailPreferencesResponse = "UpdateEmailPreferences";
    }
);

service_client!(
    /// social (friendships, compatibility, blocks, search, invites; the diary, its mentions and letters). State changes are writes, never retried, although social answers a repeat with the same state (and a repeated CreateDiaryEntry with the first entry).
    pub Social, so::social_client::SocialClient<Channel>, {
        read count_friends(so::MemberRef) -> so::FriendCount = "CountFriends";
        read find_lucky_day(so::FindLuckyDayRequest) -> so::LuckyDay = "FindLuckyDay";
        read get_compatibility(so::MemberRef) -> so::Compatibility = "GetCompatibility";
        read get_diary_entry(so::DiaryEntryRef) -> so::DiaryEntry = "GetDiaryEntry";
        read get_invite(so::MemberRef) -> so::Invite = "GetInvite";
        read list_blocks(so::ListBlocksRequest) -> so::ListBlocksResponse = "ListBlocks";
        read list_delivered_letters(so::ListDeliveredLettersRequest) -> so::ListDeliveredLettersResponse = "ListDeliveredLetters";
        read list_diary_entries(so::ListDiaryEntriesRequest) -> so::ListDiaryEntriesResponse = "ListDiaryEntries";
        read list_friends(so::ListFriendsRequest) -> so::ListFriendsResponse = "ListFriends";
        read list_friends_of(so::ListFriendsOfRequest) -> so::ListFriendsOfResponse = "ListFriendsOf";
        read list_mention_notifications(so::ListMentionNotificationsRequest) -> so::ListMentionNotificationsResponse = "ListMentionNotifications";
        read search_members(so::SearchMembersRequest) -> so::SearchMembersResponse = "SearchMembers";
        write accept_friend_request(so::MemberRef) -> so::FriendshipAnswer = "AcceptFriendRequest";
        write block(so::MemberRef) -> so::BlockAnswer = "Block";
        write cancel_friend_request(so::MemberRef) -> so::FriendshipAnswer = "CancelFriendRequest";
        write create_diary_entry(so::CreateDiaryEntryRequest) -> so::DiaryEntry = "CreateDiaryEntry";
        write decline_friend_request(so::MemberRef) -> so::FriendshipAnswer = "DeclineFriendRequest";
        write delete_diary_entry(so::DiaryEntryRef) -> so::DeleteDiaryEntryResponse = "DeleteDiaryEntry";
        write mark_letter_shown(so::DiaryEntryRef) -> so::MarkLetterShownResponse = "MarkLetterShown";
        write mark_mention_shown(so::MentionRef) -> so::MarkMentionShownResponse = "MarkMentionShown";
        write remove_friend(so::MemberRef) -> so::FriendshipAnswer = "RemoveFriend";
        write send_friend_request(so::MemberRef) -> so::FriendshipAnswer = "SendFriendRequest";
        write unblock(so::MemberRef) -> so::BlockAnswer = "Unblock";
        write update_diary_entry(so::UpdateDiaryEntryRequest) -> so::DiaryEntry = "UpdateDiaryEntry";
    }
);

impl Identity {
    /// identity's stored time-zone offset of `user` (minutes, as `getTimezoneOffset` gives them), for
    /// a service's own call: `Ok(None)` when none was ever reported or identity does not know the
    /// user (deleted).
    ///
    /// # Errors
    /// identity's status for any other failure.
    pub async fn stored_timezone_offset(&self, user: &str) -> Result<Option<i32>, tonic::Status> {
        let request = id::GetTimezoneOffsetRequest { user_id: user.to_owned() };
        match self.get_timezone_offset(&crate::AsService, request).await {
            Ok(response) => Ok(response.timezone_offset),
            Err(status) if status.code() == tonic::Code::NotFound => Ok(None),
            Err(status) => Err(status),
        }
    }
}

service_client!(
    /// support (a member's own tickets, their screenshots, the reply-by-link page, staff replies).
    /// Opening a ticket, posting a message, answering by link and a staff reply are writes, never
    /// retried here: support answers a repeat of the same `request_id` with the first answer, so the
    /// client repeats them itself. A screenshot's answer can pass tonic's 4 MiB default: callers
    /// that fetch them raise `max_decoding_message_size`.
    pub Support, su::support_client::SupportClient<Channel>, {
        read count_tickets(su::CountTicketsRequest) -> su::TicketCounts = "CountTickets";
        read get_daily_analytics(su::GetDailyAnalyticsRequest) -> su::DailyAnalyticsPage = "GetDailyAnalytics";
        read get_attachment(su::AttachmentRef) -> su::AttachmentFile = "GetAttachment";
        read get_my_ticket(su::TicketRef) -> su::TicketThread = "GetMyTicket";
        read get_ticket(su::TicketRef) -> su::TicketThread = "GetTicket";
        read list_tickets(su::ListTicketsRequest) -> su::ListTicketsPage = "ListTickets";
        read get_reply_attachment(su::ReplyAttachmentRef) -> su::AttachmentFile = "GetReplyAttachment";
        read get_reply_thread(su::ReplyLinkRef) -> su::ReplyThread = "GetReplyThread";
        read list_my_tickets(su::ListMyTicketsRequest) -> su::ListTicketsResponse = "ListMyTickets";
        write open_ticket(su::OpenTicketRequest) -> su::TicketThread = "OpenTicket";
        write post_message(su::PostMessageRequest) -> su::TicketMessage = "PostMessage";
        write assign_ticket(su::AssignTicketRequest) -> su::Ticket = "AssignTicket";
        write reply_by_link(su::ReplyByLinkRequest) -> su::TicketMessage = "ReplyByLink";
        write update_ticket(su::UpdateTicketRequest) -> su::Ticket = "UpdateTicket";
        write staff_reply(su::StaffReplyRequest) -> su::TicketMessage = "StaffReply";
        write roll_up_analytics(su::GetDailyAnalyticsRequest) -> su::DailyAnalyticsPage = "RollUpAnalytics";
    }
);
