//! Doubles of social, fortune-gen and notify for the friends, diary, unsubscribe and visit
//! routes: they record what the gateway sent
//! (the RPC, the internal token's claims, the member named) and answer with what the test set.
//! They exist only to test the GATEWAY's translation; social's and fortune-gen's own behaviour is
//! tested with them, and the whole flow in the fleet tests.

use std::sync::{Arc, Mutex};

use meguri_auth::{Claims, Role, TokenVerifier};
use meguri_proto::fortune as fortune_pb;
use meguri_proto::fortune::fortune_server::{Fortune, FortuneServer};
use meguri_proto::notify as notify_pb;
use meguri_proto::notify::notify_server::{Notify, NotifyServer};
use meguri_proto::social as pb;
use meguri_proto::social::social_server::{Social, SocialServer};
use secrecy::SecretString;
use tokio::net::TcpListener;
use tonic::transport::Server;
use tonic::transport::server::TcpIncoming;
use tonic::{Request, Response, Status};

use crate::helpers::SECRET;

/// One call as a double saw it.
#[derive(Clone, Debug)]
pub struct Seen {
    pub rpc: &'static str,
    pub claims: Claims,
    /// The member the call named (`MemberRef.user_id`), or the search query.
    pub subject: Option<String>,
    pub limit: Option<u32>,
    pub offset: Option<i32>,
    /// Anything else the call carried that a test checks, as text.
    pub detail: Option<String>,
}

/// What a double saw, and the failure it answers every call with when set.
pub struct Recorder {
    verifier: TokenVerifier,
    seen: Mutex<Vec<Seen>>,
    fail_with: Mutex<Option<Status>>,
}

impl Recorder {
    pub fn new() -> Self {
        Self {
            verifier: TokenVerifier::new(&SecretString::from(SECRET)).expect("verifier"),
            seen: Mutex::new(Vec::new()),
            fail_with: Mutex::new(None),
        }
    }

    pub fn seen(&self) -> Vec<Seen> {
        self.seen.lock().expect("lock").clone()
    }

    pub fn last(&self) -> Seen {
        self.seen().pop().expect("the double was called")
    }

    pub fn fail_with(&self, status: Status) {
        *self.fail_with.lock().expect("lock") = Some(status);
    }

    /// Verifies the token and records the call; answers the claims, or the failure set.
    pub fn admit<T>(
        &self,
        rpc: &'static str,
        request: &Request<T>,
        fill: impl FnOnce(&mut Seen),
    ) -> Result<Claims, Status> {
        let claims = request
            .metadata()
            .get("authorization")
            .ok_or(meguri_auth::AuthError::MissingToken)
            .and_then(|v| self.verifier.verify_bearer(v.as_bytes()))
            .map_err(|_| Status::unauthenticated("no valid internal token"))?;
        let mut seen = Seen { rpc, claims: claims.clone(), subject: None, limit: None, offset: None, detail: None };
        fill(&mut seen);
        self.seen.lock().expect("lock").push(seen);
        self.fail_with.lock().expect("lock").clone().map_or(Ok(claims), Err)
    }
}

/// A member as social would send it.
pub fn member(user_id: &str, username: &str) -> pb::Member {
    pb::Member {
        user_id: user_id.to_owned(),
        username: username.to_owned(),
        first_name: Some("花子".to_owned()),
        profile_image_url: None,
    }
}

/// The answers the social double gives.
pub struct SocialAnswers {
    pub state: pb::FriendshipState,
    pub friends: pb::ListFriendsResponse,
    pub results: Vec<pb::SearchResult>,
    pub compatibility: pb::Compatibility,
    pub blocks: Vec<pb::Member>,
    pub invite_state: pb::FriendshipState,
    pub diary: DiaryAnswers,
}

/// The answers of the diary RPCs.
pub struct DiaryAnswers {
    /// Answered by create, update and get (with the id and text of the request).
    pub entry: pb::DiaryEntry,
    pub page: pb::ListDiaryEntriesResponse,
    pub mentions: Vec<pb::MentionNotification>,
    pub letters: Vec<pb::DiaryEntry>,
    pub lucky_day: pb::LuckyDay,
}

/// The author of the sample entries.
pub const AUTHOR: &str = "0190f5c2-0000-7000-8000-0000000000a1";
/// A friend the sample entries mention.
pub const MENTIONED: &str = "0190f5c2-0000-7000-8000-0000000000b2";

/// A plain entry (`sealed` false) or a sealed letter, as social would send them.
pub fn diary_entry(id: &str, sealed: bool) -> pb::DiaryEntry {
    pb::DiaryEntry {
        id: id.to_owned(),
        author: Some(member(AUTHOR, "taro")),
        date: if sealed { "2027-01-01" } else { "2026-11-26" }.to_owned(),
        content: if sealed { String::new() } else { "@hanako と散歩した".to_owned() },
        publish_to_future: sealed,
        delivery_date: sealed.then(|| "2027-01-01".to_owned()),
        authored_date: sealed.then(|| "2026-11-26".to_owned()),
        sealed,
        delivered: false,
        has_been_shown: false,
        email_sent: false,
        mentions: if sealed { vec![] } else { vec![member(MENTIONED, "hanako")] },
        created_at: "2026-11-26T12:00:00Z".to_owned(),
        updated_at: "2026-11-26T12:30:00Z".to_owned(),
        replayed: false,
    }
}

impl DiaryAnswers {
    pub fn sample() -> Self {
        let mut letter = diary_entry("0191b7e4-0000-7000-8000-0000000000c3", false);
        letter.publish_to_future = true;
        letter.delivery_date = Some("2026-11-26".to_owned());
        letter.authored_date = Some("2025-11-26".to_owned());
        letter.delivered = true;
        letter.email_sent = true;
        Self {
            entry: diary_entry("0191b7e4-0000-7000-8000-0000000000c1", false),
            page: pb::ListDiaryEntriesResponse {
                entries: vec![
                    diary_entry("0191b7e4-0000-7000-8000-0000000000c2", true),
                    diary_entry("0191b7e4-0000-7000-8000-0000000000c1", false),
                ],
                next_cursor: Some("MjAyNi0xMS0yNg".to_owned()),
            },
            mentions: vec![pb::MentionNotification {
                id: "0191b7e4-0000-7000-8000-0000000000d1".to_owned(),
                mentioner: Some(member(AUTHOR, "taro")),
                diary_entry_id: "0191b7e4-0000-7000-8000-0000000000c1".to_owned(),
                diary_entry_date: "2026-11-26".to_owned(),
                diary_entry_content: "@hanako と散歩した".to_owned(),
                created_at: "2026-11-26T12:00:01Z".to_owned(),
            }],
            letters: vec![letter],
            lucky_day: pb::LuckyDay {
                date: "2026-12-03".to_owned(),
                reasons: vec![
                    pb::LuckyDayReason {
                        id: "tensha".to_owned(),
                        name: "天赦日".to_owned(),
                        description: "天が万物の罪を赦す日".to_owned(),
                    },
                    pb::LuckyDayReason {
                        id: "taian".to_owned(),
                        name: "大安".to_owned(),
                        description: "万事に吉".to_owned(),
                    },
                ],
            },
        }
    }
}

/// A social double: every RPC records and answers from [`SocialAnswers`]; the member a call names
/// comes back as the other person.
#[derive(Clone)]
pub struct SocialDouble {
    pub recorder: Arc<Recorder>,
    pub answers: Arc<Mutex<SocialAnswers>>,
    /// The client ids CreateDiaryEntry has seen: a repeat is answered `replayed`.
    seen_client_ids: Arc<Mutex<std::collections::HashSet<String>>>,
}

impl SocialDouble {
    fn answer<T>(&self, pick: impl FnOnce(&SocialAnswers) -> T) -> T {
        pick(&self.answers.lock().expect("lock"))
    }

    fn state_of(
        &self,
        rpc: &'static str,
        request: &Request<pb::MemberRef>,
    ) -> Result<Response<pb::FriendshipAnswer>, Status> {
        let id = request.get_ref().user_id.clone();
        self.recorder.admit(rpc, request, |s| s.subject = Some(id))?;
        Ok(Response::new(pb::FriendshipAnswer { state: self.answer(|a| a.state) as i32 }))
    }
}

#[tonic::async_trait]
impl Social for SocialDouble {
    async fn list_friends(
        &self,
        r: Request<pb::ListFriendsRequest>,
    ) -> Result<Response<pb::ListFriendsResponse>, Status> {
        self.recorder.admit("ListFriends", &r, |_| {})?;
        Ok(Response::new(self.answer(|a| a.friends.clone())))
    }

    async fn search_members(
        &self,
        r: Request<pb::SearchMembersRequest>,
    ) -> Result<Response<pb::SearchMembersResponse>, Status> {
        let (query, limit) = (r.get_ref().query.clone(), r.get_ref().limit);
        self.recorder.admit("SearchMembers", &r, |s| {
            s.subject = Some(query);
            s.limit = Some(limit);
        })?;
        Ok(Response::new(pb::SearchMembersResponse { results: self.answer(|a| a.results.clone()) }))
    }

    async fn send_friend_request(&self, r: Request<pb::MemberRef>) -> Result<Response<pb::FriendshipAnswer>, Status> {
        self.state_of("SendFriendRequest", &r)
    }

    async fn accept_friend_request(&self, r: Request<pb::MemberRef>) -> Result<Response<pb::FriendshipAnswer>, Status> {
        self.state_of("AcceptFriendRequest", &r)
    }

    async fn decline_friend_request(
        &self,
        r: Request<pb::MemberRef>,
    ) -> Result<Response<pb::FriendshipAnswer>, Status> {
        self.state_of("DeclineFriendRequest", &r)
    }

    async fn cancel_friend_request(&self, r: Request<pb::MemberRef>) -> Result<Response<pb::FriendshipAnswer>, Status> {
        self.state_of("CancelFriendRequest", &r)
    }

    async fn remove_friend(&self, r: Request<pb::MemberRef>) -> Result<Response<pb::FriendshipAnswer>, Status> {
        self.state_of("RemoveFriend", &r)
    }

    async fn get_compatibility(&self, r: Request<pb::MemberRef>) -> Result<Response<pb::Compatibility>, Status> {
        let id = r.get_ref().user_id.clone();
        self.recorder.admit("GetCompatibility", &r, |s| s.subject = Some(id))?;
        Ok(Response::new(self.answer(|a| a.compatibility.clone())))
    }

    async fn block(&self, r: Request<pb::MemberRef>) -> Result<Response<pb::BlockAnswer>, Status> {
        let id = r.get_ref().user_id.clone();
        self.recorder.admit("Block", &r, |s| s.subject = Some(id))?;
        Ok(Response::new(pb::BlockAnswer { state: pb::FriendshipState::Blocked as i32 }))
    }

    async fn unblock(&self, r: Request<pb::MemberRef>) -> Result<Response<pb::BlockAnswer>, Status> {
        let id = r.get_ref().user_id.clone();
        self.recorder.admit("Unblock", &r, |s| s.subject = Some(id))?;
        Ok(Response::new(pb::BlockAnswer { state: pb::FriendshipState::None as i32 }))
    }

    async fn list_blocks(&self, r: Request<pb::ListBlocksRequest>) -> Result<Response<pb::ListBlocksResponse>, Status> {
        self.recorder.admit("ListBlocks", &r, |_| {})?;
        Ok(Response::new(pb::ListBlocksResponse { members: self.answer(|a| a.blocks.clone()) }))
    }

    async fn get_invite(&self, r: Request<pb::MemberRef>) -> Result<Response<pb::Invite>, Status> {
        let id = r.get_ref().user_id.clone();
        let claims = self.recorder.admit("GetInvite", &r, |s| s.subject = Some(id.clone()))?;
        // Like social: a state only for a user token.
        let state =
            if claims.role == Role::User { self.answer(|a| a.invite_state) } else { pb::FriendshipState::Unspecified };
        Ok(Response::new(pb::Invite { inviter: Some(member(&id, "inviter")), state: state as i32 }))
    }

    async fn list_friends_of(
        &self,
        _: Request<pb::ListFriendsOfRequest>,
    ) -> Result<Response<pb::ListFriendsOfResponse>, Status> {
        Err(Status::unimplemented("fortune-gen's, not the gateway's"))
    }

    async fn count_friends(&self, _: Request<pb::MemberRef>) -> Result<Response<pb::FriendCount>, Status> {
        Err(Status::unimplemented("the admin user page's: tested against the fleet"))
    }

    async fn create_diary_entry(
        &self,
        r: Request<pb::CreateDiaryEntryRequest>,
    ) -> Result<Response<pb::DiaryEntry>, Status> {
        let sent = r.get_ref().clone();
        self.recorder.admit("CreateDiaryEntry", &r, |s| {
            s.subject = Some(sent.client_id.clone());
            s.offset = sent.timezone_offset_minutes;
            s.detail =
                Some(format!("{}|{}|{}|{:?}", sent.content, sent.date, sent.publish_to_future, sent.delivery_date));
        })?;
        // Like social: the same client id answers the same entry (its id here is the client id),
        // marked replayed.
        let replayed = !self.seen_client_ids.lock().expect("lock").insert(sent.client_id.clone());
        let mut entry = self.answer(|a| a.diary.entry.clone());
        entry.id = sent.client_id;
        entry.content = sent.content;
        entry.replayed = replayed;
        Ok(Response::new(entry))
    }

    async fn update_diary_entry(
        &self,
        r: Request<pb::UpdateDiaryEntryRequest>,
    ) -> Result<Response<pb::DiaryEntry>, Status> {
        let sent = r.get_ref().clone();
        self.recorder.admit("UpdateDiaryEntry", &r, |s| {
            s.subject = Some(sent.id.clone());
            s.offset = sent.timezone_offset_minutes;
            s.detail = Some(format!("{}|{}", sent.content, sent.date));
        })?;
        let mut entry = self.answer(|a| a.diary.entry.clone());
        entry.id = sent.id;
        entry.content = sent.content;
        entry.date = sent.date;
        Ok(Response::new(entry))
    }

    async fn delete_diary_entry(
        &self,
        r: Request<pb::DiaryEntryRef>,
    ) -> Result<Response<pb::DeleteDiaryEntryResponse>, Status> {
        let id = r.get_ref().id.clone();
        self.recorder.admit("DeleteDiaryEntry", &r, |s| s.subject = Some(id))?;
        Ok(Response::new(pb::DeleteDiaryEntryResponse {}))
    }

    async fn list_diary_entries(
        &self,
        r: Request<pb::ListDiaryEntriesRequest>,
    ) -> Result<Response<pb::ListDiaryEntriesResponse>, Status> {
        let (cursor, limit) = (r.get_ref().cursor.clone(), r.get_ref().limit);
        self.recorder.admit("ListDiaryEntries", &r, |s| {
            s.subject = cursor;
            s.limit = Some(limit);
        })?;
        Ok(Response::new(self.answer(|a| a.diary.page.clone())))
    }

    async fn get_diary_entry(&self, r: Request<pb::DiaryEntryRef>) -> Result<Response<pb::DiaryEntry>, Status> {
        let id = r.get_ref().id.clone();
        self.recorder.admit("GetDiaryEntry", &r, |s| s.subject = Some(id.clone()))?;
        let mut entry = self.answer(|a| a.diary.entry.clone());
        entry.id = id;
        Ok(Response::new(entry))
    }

    async fn list_mention_notifications(
        &self,
        r: Request<pb::ListMentionNotificationsRequest>,
    ) -> Result<Response<pb::ListMentionNotificationsResponse>, Status> {
        self.recorder.admit("ListMentionNotifications", &r, |_| {})?;
        Ok(Response::new(pb::ListMentionNotificationsResponse {
            notifications: self.answer(|a| a.diary.mentions.clone()),
        }))
    }

    async fn mark_mention_shown(
        &self,
        r: Request<pb::MentionRef>,
    ) -> Result<Response<pb::MarkMentionShownResponse>, Status> {
        let id = r.get_ref().id.clone();
        self.recorder.admit("MarkMentionShown", &r, |s| s.subject = Some(id))?;
        Ok(Response::new(pb::MarkMentionShownResponse {}))
    }

    async fn list_delivered_letters(
        &self,
        r: Request<pb::ListDeliveredLettersRequest>,
    ) -> Result<Response<pb::ListDeliveredLettersResponse>, Status> {
        self.recorder.admit("ListDeliveredLetters", &r, |_| {})?;
        Ok(Response::new(pb::ListDeliveredLettersResponse { letters: self.answer(|a| a.diary.letters.clone()) }))
    }

    async fn mark_letter_shown(
        &self,
        r: Request<pb::DiaryEntryRef>,
    ) -> Result<Response<pb::MarkLetterShownResponse>, Status> {
        let id = r.get_ref().id.clone();
        self.recorder.admit("MarkLetterShown", &r, |s| s.subject = Some(id))?;
        Ok(Response::new(pb::MarkLetterShownResponse {}))
    }

    async fn find_lucky_day(&self, r: Request<pb::FindLuckyDayRequest>) -> Result<Response<pb::LuckyDay>, Status> {
        let (from, offset) = (r.get_ref().from.clone(), r.get_ref().timezone_offset_minutes);
        self.recorder.admit("FindLuckyDay", &r, |s| {
            s.subject = Some(from);
            s.offset = offset;
        })?;
        Ok(Response::new(self.answer(|a| a.diary.lucky_day.clone())))
    }
}

/// A running double; stops on `Drop`.
pub struct Running<S> {
    pub double: S,
    pub port: u16,
    task: tokio::task::JoinHandle<()>,
}

impl<S> Drop for Running<S> {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl<S> std::ops::Deref for Running<S> {
    type Target = S;

    fn deref(&self) -> &S {
        &self.double
    }
}

pub async fn serve<S>(double: S, router: impl FnOnce(S) -> tonic::transport::server::Router) -> Running<S>
where
    S: Clone,
{
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("addr").port();
    let router = router(double.clone());
    let task = tokio::spawn(async move {
        let _ = router.serve_with_incoming(TcpIncoming::from(listener)).await;
    });
    Running { double, port, task }
}

/// Starts a social double answering `answers`.
pub async fn spawn_social(answers: SocialAnswers) -> Running<SocialDouble> {
    let double = SocialDouble {
        recorder: Arc::new(Recorder::new()),
        answers: Arc::new(Mutex::new(answers)),
        seen_client_ids: Arc::default(),
    };
    serve(double, |d| Server::builder().add_service(SocialServer::new(d))).await
}

/// A fortune-gen double for the friend updates only.
#[derive(Clone)]
pub struct FortuneDouble {
    pub recorder: Arc<Recorder>,
    pub updates: Arc<fortune_pb::GetFriendUpdatesResponse>,
}

/// Starts a fortune-gen double answering GetFriendUpdates with `updates`.
pub async fn spawn_fortune(updates: fortune_pb::GetFriendUpdatesResponse) -> Running<FortuneDouble> {
    let double = FortuneDouble { recorder: Arc::new(Recorder::new()), updates: Arc::new(updates) };
    serve(double, |d| Server::builder().add_service(FortuneServer::new(d))).await
}

fn not_here<T>() -> Result<Response<T>, Status> {
    Err(Status::unimplemented("not used by the routes these doubles serve"))
}

#[tonic::async_trait]
impl Fortune for FortuneDouble {
    async fn get_friend_updates(
        &self,
        r: Request<fortune_pb::GetFriendUpdatesRequest>,
    ) -> Result<Response<fortune_pb::GetFriendUpdatesResponse>, Status> {
        let offset = r.get_ref().timezone_offset_minutes;
        self.recorder.admit("GetFriendUpdates", &r, |s| s.offset = offset)?;
        Ok(Response::new((*self.updates).clone()))
    }

    async fn get_chart_status(
        &self,
        _: Request<fortune_pb::GetChartStatusRequest>,
    ) -> Result<Response<fortune_pb::GetChartStatusResponse>, Status> {
        not_here()
    }

    async fn get_chart(
        &self,
        _: Request<fortune_pb::GetChartRequest>,
    ) -> Result<Response<fortune_pb::GetChartResponse>, Status> {
        not_here()
    }

    async fn get_daily_reading(
        &self,
        _: Request<fortune_pb::GetDailyReadingRequest>,
    ) -> Result<Response<fortune_pb::DailyReading>, Status> {
        not_here()
    }

    async fn get_day_info(
        &self,
        _: Request<fortune_pb::GetDayInfoRequest>,
    ) -> Result<Response<fortune_pb::GetDayInfoResponse>, Status> {
        not_here()
    }

    async fn list_badges(
        &self,
        _: Request<fortune_pb::ListBadgesRequest>,
    ) -> Result<Response<fortune_pb::ListBadgesResponse>, Status> {
        not_here()
    }

    async fn rate_fortune(
        &self,
        _: Request<fortune_pb::RateFortuneRequest>,
    ) -> Result<Response<fortune_pb::Rating>, Status> {
        not_here()
    }

    async fn update_rating_feedback(
        &self,
        _: Request<fortune_pb::UpdateRatingFeedbackRequest>,
    ) -> Result<Response<fortune_pb::Rating>, Status> {
        not_here()
    }

    async fn get_yearly_report(
        &self,
        _: Request<fortune_pb::GetYearlyReportRequest>,
    ) -> Result<Response<fortune_pb::Report>, Status> {
        not_here()
    }

    async fn get_life_report(
        &self,
        _: Request<fortune_pb::GetLifeReportRequest>,
    ) -> Result<Response<fortune_pb::Report>, Status> {
        not_here()
    }

    async fn list_chart_failures(
        &self,
        _: Request<fortune_pb::ListChartFailuresRequest>,
    ) -> Result<Response<fortune_pb::ListChartFailuresResponse>, Status> {
        not_here()
    }

    async fn get_chart_for_staff(
        &self,
        _: Request<fortune_pb::ChartForStaffRequest>,
    ) -> Result<Response<fortune_pb::ChartForStaff>, Status> {
        not_here()
    }

    async fn retry_chart(
        &self,
        _: Request<fortune_pb::ChartForStaffRequest>,
    ) -> Result<Response<fortune_pb::ChartForStaff>, Status> {
        not_here()
    }
}

/// A notify double: Unsubscribe answers mentionedInDiary for any token (or the failure set), and
/// RecordVisit records the caller.
#[derive(Clone)]
pub struct NotifyDouble {
    pub recorder: Arc<Recorder>,
}

/// Starts a notify double.
pub async fn spawn_notify() -> Running<NotifyDouble> {
    let double = NotifyDouble { recorder: Arc::new(Recorder::new()) };
    serve(double, |d| Server::builder().add_service(NotifyServer::new(d))).await
}

#[tonic::async_trait]
impl Notify for NotifyDouble {
    async fn unsubscribe(
        &self,
        r: Request<notify_pb::UnsubscribeRequest>,
    ) -> Result<Response<notify_pb::UnsubscribeResponse>, Status> {
        let token = r.get_ref().token.clone();
        self.recorder.admit("Unsubscribe", &r, |s| s.subject = Some(token))?;
        Ok(Response::new(notify_pb::UnsubscribeResponse {
            preference: notify_pb::Preference::MentionedInDiary as i32,
            label: "日記でメンションされたとき".to_owned(),
        }))
    }

    async fn record_visit(
        &self,
        r: Request<notify_pb::RecordVisitRequest>,
    ) -> Result<Response<notify_pb::RecordVisitResponse>, Status> {
        self.recorder.admit("RecordVisit", &r, |_| {})?;
        Ok(Response::new(notify_pb::RecordVisitResponse {}))
    }

    async fn get_email_preferences(
        &self,
        _: Request<notify_pb::GetEmailPreferencesRequest>,
    ) -> Result<Response<notify_pb::GetEmailPreferencesResponse>, Status> {
        not_here()
    }

    async fn get_mail_stats(
        &self,
        _: Request<notify_pb::GetMailStatsRequest>,
    ) -> Result<Response<notify_pb::MailStats>, Status> {
        not_here()
    }

    async fn update_email_preferences(
        &self,
        _: Request<notify_pb::UpdateEmailPreferencesRequest>,
    ) -> Result<Response<notify_pb::UpdateEmailPreferencesResponse>, Status> {
        not_here()
    }
}
