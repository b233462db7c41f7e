//! The tonic implementation: only translation (proto → use case → proto, errors through
//! `error.rs`). No SQL, no rules.

use chrono::{DateTime, SecondsFormat, Utc};
use meguri_auth::Role;
use meguri_ids::UserId;
use meguri_proto::social as pb;
use pb::social_server::Social as SocialRpc;
use tonic::{Request, Response, Status};

use crate::domain::diary::{ClientId, Cursor, EntryView, MentionNotice, PageLimit, parse_day};
use crate::domain::{CompatibilityStatus, FriendshipState, Member, Refusal, SearchLimit, SearchQuery};
use crate::error::Error;
use crate::usecases::Social;
use crate::usecases::diary::{DiaryEdit, NewDiaryEntry};

/// The Social service over the use cases.
#[derive(Clone)]
pub struct SocialService {
    pub social: Social,
}

/// The member a request names; an id that is not a UUID is nobody (`missing`).
fn member_id(raw: &str, missing: Refusal) -> Result<UserId, Error> {
    id_of(raw, missing)
}

fn time(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Micros, true)
}

fn member(m: Member) -> pb::Member {
    pb::Member {
        user_id: m.id.to_string(),
        username: m.username,
        first_name: m.first_name,
        profile_image_url: m.profile_image_url,
    }
}

fn state(s: FriendshipState) -> i32 {
    (match s {
        FriendshipState::None => pb::FriendshipState::None,
        FriendshipState::Outgoing => pb::FriendshipState::Outgoing,
        FriendshipState::Incoming => pb::FriendshipState::Incoming,
        FriendshipState::Friends => pb::FriendshipState::Friends,
        FriendshipState::Blocked => pb::FriendshipState::Blocked,
    }) as i32
}

fn compatibility_status(s: CompatibilityStatus) -> i32 {
    (match s {
        CompatibilityStatus::Pending => pb::CompatibilityStatus::Pending,
        CompatibilityStatus::Ready => pb::CompatibilityStatus::Ready,
        CompatibilityStatus::Unavailable => pb::CompatibilityStatus::Unavailable,
        CompatibilityStatus::Failed => pb::CompatibilityStatus::Failed,
    }) as i32
}

/// An id a request names; one that is not a UUID is nothing (`missing`).
fn id_of<T: std::str::FromStr>(raw: &str, missing: Refusal) -> Result<T, Error> {
    raw.parse().map_err(|_| missing.into())
}

/// The offset the app sent, if any.
fn sent_offset(minutes: Option<i32>) -> Result<Option<meguri_tz::TimezoneOffset>, Error> {
    minutes.map(meguri_tz::TimezoneOffset::parse).transpose().map_err(|_| Refusal::InvalidTimezoneOffset.into())
}

fn entry(v: EntryView) -> pb::DiaryEntry {
    let e = v.entry;
    pb::DiaryEntry {
        id: e.id.to_string(),
        author: Some(member(v.author)),
        date: e.date.to_string(),
        content: v.content.unwrap_or_default(),
        publish_to_future: e.publish_to_future,
        delivery_date: e.delivery_date.map(|d| d.to_string()),
        authored_date: e.authored_date.map(|d| d.to_string()),
        sealed: e.is_sealed(),
        delivered: e.is_delivered(),
        has_been_shown: e.has_been_shown,
        email_sent: e.email_sent,
        mentions: v.mentions.into_iter().map(member).collect(),
        created_at: time(e.created_at),
        updated_at: time(e.updated_at),
        replayed: false,
    }
}

fn notification(n: MentionNotice) -> pb::MentionNotification {
    pb::MentionNotification {
        id: n.id.to_string(),
        mentioner: Some(member(n.mentioner)),
        diary_entry_id: n.entry_id.to_string(),
        diary_entry_date: n.entry_date.to_string(),
        diary_entry_content: n.entry_content,
        created_at: time(n.created_at),
    }
}

fn answer(s: FriendshipState) -> Response<pb::FriendshipAnswer> {
    Response::new(pb::FriendshipAnswer { state: state(s) })
}

#[tonic::async_trait]
impl SocialRpc for SocialService {
    #[tracing::instrument(skip_all)]
    async fn list_friends(
        &self,
        request: Request<pb::ListFriendsRequest>,
    ) -> Result<Response<pb::ListFriendsResponse>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let overview = self.social.overview(me).await?;
        let pending = |r: crate::usecases::friends::PendingRequest| pb::FriendRequest {
            member: Some(member(r.member)),
            created_at: time(r.created_at),
        };
        Ok(Response::new(pb::ListFriendsResponse {
            friends: overview
                .friends
                .into_iter()
                .map(|f| pb::Friend {
                    member: Some(member(f.member)),
                    compatibility_status: compatibility_status(f.compatibility),
                    compatibility_score: f.score,
                    since: time(f.since),
                })
                .collect(),
            incoming: overview.incoming.into_iter().map(pending).collect(),
            outgoing: overview.outgoing.into_iter().map(pending).collect(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn search_members(
        &self,
        request: Request<pb::SearchMembersRequest>,
    ) -> Result<Response<pb::SearchMembersResponse>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let query = SearchQuery::parse(&request.get_ref().query).map_err(Error::from)?;
        let limit = SearchLimit::new(request.get_ref().limit);
        let found = self.social.search(me, &query, limit).await?;
        Ok(Response::new(pb::SearchMembersResponse {
            results: found
                .into_iter()
                .map(|(m, s)| pb::SearchResult { member: Some(member(m)), state: state(s) })
                .collect(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn send_friend_request(
        &self,
        request: Request<pb::MemberRef>,
    ) -> Result<Response<pb::FriendshipAnswer>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let target = member_id(&request.get_ref().user_id, Refusal::MemberNotFound)?;
        Ok(answer(self.social.send_request(me, target).await?))
    }

    #[tracing::instrument(skip_all)]
    async fn accept_friend_request(
        &self,
        request: Request<pb::MemberRef>,
    ) -> Result<Response<pb::FriendshipAnswer>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let other = member_id(&request.get_ref().user_id, Refusal::FriendRequestNotFound)?;
        Ok(answer(self.social.accept_request(me, other).await?))
    }

    #[tracing::instrument(skip_all)]
    async fn decline_friend_request(
        &self,
        request: Request<pb::MemberRef>,
    ) -> Result<Response<pb::FriendshipAnswer>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let other = member_id(&request.get_ref().user_id, Refusal::FriendRequestNotFound)?;
        Ok(answer(self.social.decline_request(me, other).await?))
    }

    #[tracing::instrument(skip_all)]
    async fn cancel_friend_request(
        &self,
        request: Request<pb::MemberRef>,
    ) -> Result<Response<pb::FriendshipAnswer>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let other = member_id(&request.get_ref().user_id, Refusal::FriendRequestNotFound)?;
        Ok(answer(self.social.cancel_request(me, other).await?))
    }

    #[tracing::instrument(skip_all)]
    async fn remove_friend(&self, request: Request<pb::MemberRef>) -> Result<Response<pb::FriendshipAnswer>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let other = member_id(&request.get_ref().user_id, Refusal::FriendNotFound)?;
        Ok(answer(self.social.remove_friend(me, other).await?))
    }

    #[tracing::instrument(skip_all)]
    async fn get_compatibility(&self, request: Request<pb::MemberRef>) -> Result<Response<pb::Compatibility>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let friend = member_id(&request.get_ref().user_id, Refusal::FriendNotFound)?;
        let view = self.social.compatibility(me, friend).await?;
        Ok(Response::new(pb::Compatibility {
            friend: Some(member(view.friend)),
            status: compatibility_status(view.status),
            score: view.score,
            summary: view.summary,
            factors: view
                .factors
                .into_iter()
                .map(|f| pb::CompatibilityFactor { key: f.key, label: f.label, score: f.score, detail: f.detail })
                .collect(),
            you_bring: view.you_bring,
            friend_brings: view.friend_brings,
            computed_at: view.computed_at.map(time),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn block(&self, request: Request<pb::MemberRef>) -> Result<Response<pb::BlockAnswer>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let other = member_id(&request.get_ref().user_id, Refusal::MemberNotFound)?;
        Ok(Response::new(pb::BlockAnswer { state: state(self.social.block(me, other).await?) }))
    }

    #[tracing::instrument(skip_all)]
    async fn unblock(&self, request: Request<pb::MemberRef>) -> Result<Response<pb::BlockAnswer>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let other = member_id(&request.get_ref().user_id, Refusal::MemberNotFound)?;
        Ok(Response::new(pb::BlockAnswer { state: state(self.social.unblock(me, other).await?) }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_blocks(
        &self,
        request: Request<pb::ListBlocksRequest>,
    ) -> Result<Response<pb::ListBlocksResponse>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let blocked = self.social.blocked_by(me).await?;
        Ok(Response::new(pb::ListBlocksResponse { members: blocked.into_iter().map(member).collect() }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_invite(&self, request: Request<pb::MemberRef>) -> Result<Response<pb::Invite>, Status> {
        let who = meguri_auth::caller(&request).ok_or(Error::NotAUser)?;
        let inviter = member_id(&request.get_ref().user_id, Refusal::MemberNotFound)?;
        let (card, relation) = self.social.invite(inviter, who.signed_in_user()).await?;
        Ok(Response::new(pb::Invite {
            inviter: Some(member(card)),
            state: relation.map_or(pb::FriendshipState::Unspecified as i32, state),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_friends_of(
        &self,
        request: Request<pb::ListFriendsOfRequest>,
    ) -> Result<Response<pb::ListFriendsOfResponse>, Status> {
        match meguri_auth::caller(&request).map(|c| c.role) {
            Some(Role::Service) => {}
            Some(_) => return Err(Error::PermissionDenied.into()),
            None => return Err(Error::NotAUser.into()),
        }
        // An id that is not a UUID has no friends.
        let Ok(user) = request.get_ref().user_id.parse::<UserId>() else {
            return Ok(Response::new(pb::ListFriendsOfResponse { friends: vec![] }));
        };
        let friends = self.social.friends_of(user).await?;
        Ok(Response::new(pb::ListFriendsOfResponse { friends: friends.into_iter().map(member).collect() }))
    }

    async fn count_friends(&self, request: Request<pb::MemberRef>) -> Result<Response<pb::FriendCount>, Status> {
        match meguri_auth::caller(&request).map(|c| c.role) {
            Some(Role::Admin | Role::Support) => {}
            Some(_) => return Err(Error::PermissionDenied.into()),
            None => return Err(Error::NotAUser.into()),
        }
        let Ok(user) = request.get_ref().user_id.parse::<UserId>() else {
            return Ok(Response::new(pb::FriendCount { friends: 0 }));
        };
        Ok(Response::new(pb::FriendCount { friends: self.social.friend_count(user).await? }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_diary_entry(
        &self,
        request: Request<pb::CreateDiaryEntryRequest>,
    ) -> Result<Response<pb::DiaryEntry>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let r = request.into_inner();
        let new = NewDiaryEntry {
            client_id: id_of::<ClientId>(&r.client_id, Refusal::InvalidClientId)?,
            offset: sent_offset(r.timezone_offset_minutes)?,
            content: r.content,
            date: r.date,
            publish_to_future: r.publish_to_future,
            delivery_date: r.delivery_date,
        };
        let created = self.social.create_entry(me, new).await?;
        Ok(Response::new(pb::DiaryEntry { replayed: !created.created, ..entry(created.view) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_diary_entry(
        &self,
        request: Request<pb::UpdateDiaryEntryRequest>,
    ) -> Result<Response<pb::DiaryEntry>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let r = request.into_inner();
        let id = id_of(&r.id, Refusal::DiaryEntryNotFound)?;
        let edit = DiaryEdit { content: r.content, date: r.date, offset: sent_offset(r.timezone_offset_minutes)? };
        Ok(Response::new(entry(self.social.update_entry(me, id, edit).await?)))
    }

    #[tracing::instrument(skip_all)]
    async fn delete_diary_entry(
        &self,
        request: Request<pb::DiaryEntryRef>,
    ) -> Result<Response<pb::DeleteDiaryEntryResponse>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let id = id_of(&request.get_ref().id, Refusal::DiaryEntryNotFound)?;
        self.social.delete_entry(me, id).await?;
        Ok(Response::new(pb::DeleteDiaryEntryResponse {}))
    }

    #[tracing::instrument(skip_all)]
    async fn list_diary_entries(
        &self,
        request: Request<pb::ListDiaryEntriesRequest>,
    ) -> Result<Response<pb::ListDiaryEntriesResponse>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let r = request.get_ref();
        let limit = PageLimit::new(r.limit).map_err(Error::from)?;
        let after =
            r.cursor.as_deref().filter(|c| !c.is_empty()).map(Cursor::decode).transpose().map_err(Error::from)?;
        let page = self.social.list_entries(me, after, limit).await?;
        Ok(Response::new(pb::ListDiaryEntriesResponse {
            entries: page.entries.into_iter().map(entry).collect(),
            next_cursor: page.next.map(Cursor::encode),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_diary_entry(&self, request: Request<pb::DiaryEntryRef>) -> Result<Response<pb::DiaryEntry>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let id = id_of(&request.get_ref().id, Refusal::DiaryEntryNotFound)?;
        Ok(Response::new(entry(self.social.get_entry(me, id).await?)))
    }

    #[tracing::instrument(skip_all)]
    async fn list_mention_notifications(
        &self,
        request: Request<pb::ListMentionNotificationsRequest>,
    ) -> Result<Response<pb::ListMentionNotificationsResponse>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let unseen = self.social.unseen_mentions(me).await?;
        Ok(Response::new(pb::ListMentionNotificationsResponse {
            notifications: unseen.into_iter().map(notification).collect(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn mark_mention_shown(
        &self,
        request: Request<pb::MentionRef>,
    ) -> Result<Response<pb::MarkMentionShownResponse>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let id = id_of(&request.get_ref().id, Refusal::MentionNotFound)?;
        self.social.mark_mention_shown(me, id).await?;
        Ok(Response::new(pb::MarkMentionShownResponse {}))
    }

    #[tracing::instrument(skip_all)]
    async fn list_delivered_letters(
        &self,
        request: Request<pb::ListDeliveredLettersRequest>,
    ) -> Result<Response<pb::ListDeliveredLettersResponse>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let letters = self.social.unshown_letters(me).await?;
        Ok(Response::new(pb::ListDeliveredLettersResponse { letters: letters.into_iter().map(entry).collect() }))
    }

    #[tracing::instrument(skip_all)]
    async fn mark_letter_shown(
        &self,
        request: Request<pb::DiaryEntryRef>,
    ) -> Result<Response<pb::MarkLetterShownResponse>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let id = id_of(&request.get_ref().id, Refusal::DiaryEntryNotFound)?;
        self.social.mark_letter_shown(me, id).await?;
        Ok(Response::new(pb::MarkLetterShownResponse {}))
    }

    #[tracing::instrument(skip_all)]
    async fn find_lucky_day(
        &self,
        request: Request<pb::FindLuckyDayRequest>,
    ) -> Result<Response<pb::LuckyDay>, Status> {
        let me = meguri_auth::signed_in_user(&request, Error::NotAUser)?;
        let r = request.get_ref();
        let from = parse_day(&r.from).ok_or(Error::from(Refusal::InvalidDeliveryDate))?;
        let day = self.social.lucky_day(me, from, sent_offset(r.timezone_offset_minutes)?).await?;
        Ok(Response::new(pb::LuckyDay {
            date: day.date.to_string(),
            reasons: day
                .reasons
                .into_iter()
                .map(|i| pb::LuckyDayReason { id: i.id, name: i.name, description: i.description })
                .collect(),
        }))
    }
}
