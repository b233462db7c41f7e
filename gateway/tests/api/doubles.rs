//! Doubles of social and fortune-gen for the friends routes: they record what the gateway sent
//! (the RPC, the internal token's claims, the member named) and answer with what the test set.
//! They exist only to test the GATEWAY's translation; social's and fortune-gen's own behaviour is
//! tested with them, and the whole flow in the fleet tests.

use std::sync::{Arc, Mutex};

use meguri_auth::{Claims, Role, TokenVerifier};
use meguri_proto::fortune as fortune_pb;
use meguri_proto::fortune::fortune_server::{Fortune, FortuneServer};
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
}

/// What a double saw, and the failure it answers every call with when set.
pub struct Recorder {
    verifier: TokenVerifier,
    seen: Mutex<Vec<Seen>>,
    fail_with: Mutex<Option<Status>>,
}

impl Recorder {
    fn new() -> Self {
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
    fn admit<T>(
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
        let mut seen = Seen { rpc, claims: claims.clone(), subject: None, limit: None, offset: None };
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
}

/// A social double: every RPC records and answers from [`SocialAnswers`]; the member a call names
/// comes back as the other person.
#[derive(Clone)]
pub struct SocialDouble {
    pub recorder: Arc<Recorder>,
    pub answers: Arc<Mutex<SocialAnswers>>,
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

    async fn create_diary_entry(
        &self,
        _: Request<pb::CreateDiaryEntryRequest>,
    ) -> Result<Response<pb::DiaryEntry>, Status> {
        Err(Status::unimplemented("the diary double comes next"))
    }

    async fn update_diary_entry(
        &self,
        _: Request<pb::UpdateDiaryEntryRequest>,
    ) -> Result<Response<pb::DiaryEntry>, Status> {
        Err(Status::unimplemented("the diary double comes next"))
    }

    async fn delete_diary_entry(
        &self,
        _: Request<pb::DiaryEntryRef>,
    ) -> Result<Response<pb::DeleteDiaryEntryResponse>, Status> {
        Err(Status::unimplemented("the diary double comes next"))
    }

    async fn list_diary_entries(
        &self,
        _: Request<pb::ListDiaryEntriesRequest>,
    ) -> Result<Response<pb::ListDiaryEntriesResponse>, Status> {
        Err(Status::unimplemented("the diary double comes next"))
    }

    async fn get_diary_entry(&self, _: Request<pb::DiaryEntryRef>) -> Result<Response<pb::DiaryEntry>, Status> {
        Err(Status::unimplemented("the diary double comes next"))
    }

    async fn list_mention_notifications(
        &self,
        _: Request<pb::ListMentionNotificationsRequest>,
    ) -> Result<Response<pb::ListMentionNotificationsResponse>, Status> {
        Err(Status::unimplemented("the diary double comes next"))
    }

    async fn mark_mention_shown(
        &self,
        _: Request<pb::MentionRef>,
    ) -> Result<Response<pb::MarkMentionShownResponse>, Status> {
        Err(Status::unimplemented("the diary double comes next"))
    }

    async fn list_delivered_letters(
        &self,
        _: Request<pb::ListDeliveredLettersRequest>,
    ) -> Result<Response<pb::ListDeliveredLettersResponse>, Status> {
        Err(Status::unimplemented("the diary double comes next"))
    }

    async fn mark_letter_shown(
        &self,
        _: Request<pb::DiaryEntryRef>,
    ) -> Result<Response<pb::MarkLetterShownResponse>, Status> {
        Err(Status::unimplemented("the diary double comes next"))
    }

    async fn find_lucky_day(&self, _: Request<pb::FindLuckyDayRequest>) -> Result<Response<pb::LuckyDay>, Status> {
        Err(Status::unimplemented("the diary double comes next"))
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

async fn serve<S>(double: S, router: impl FnOnce(S) -> tonic::transport::server::Router) -> Running<S>
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
    let double = SocialDouble { recorder: Arc::new(Recorder::new()), answers: Arc::new(Mutex::new(answers)) };
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
    Err(Status::unimplemented("not used by the friends routes"))
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
}
