//! The JSON shapes of the friends, blocks and invite routes (social's proto → camelCase at the
//! edge), and the one reading of a member id from a path or a body.
//!
//! Every mirror destructures its proto message without `..`: a field added to the message fails to
//! compile here until it is mapped or named and dropped.

use actix_web::http::StatusCode;
use meguri_ids::UserId;
use meguri_proto::social as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::ApiError;

/// A member id as a client sends it. Anything that is not a UUID is answered like an unknown
/// member (404 `MEMBER_NOT_FOUND`), so a probe learns nothing from the form of what it sent.
///
/// # Errors
/// 404 `MEMBER_NOT_FOUND`.
pub fn member_id(raw: &str) -> Result<UserId, ApiError> {
    raw.trim().parse().map_err(|_| ApiError::Coded { status: StatusCode::NOT_FOUND, code: "MEMBER_NOT_FOUND" })
}

/// The proto reference to the member a path or body names.
///
/// # Errors
/// 404 `MEMBER_NOT_FOUND` when it is not a UUID.
pub fn member_ref(raw: &str) -> Result<pb::MemberRef, ApiError> {
    Ok(pb::MemberRef { user_id: member_id(raw)?.to_string() })
}

/// `{userId}`: the member a request or block is about.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UserIdBody {
    #[schema(example = "0190f5c2-7d7e-7b1a-9c3e-2a4b5c6d7e8f")]
    pub user_id: String,
}

/// A member's public fields: all the app ever shows of another person.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Member {
    #[schema(example = "0190f5c2-7d7e-7b1a-9c3e-2a4b5c6d7e8f")]
    pub user_id: String,
    #[schema(example = "hanako")]
    pub username: String,
    #[schema(required = true, example = "花子")]
    pub first_name: Option<String>,
    #[schema(required = true)]
    pub profile_image_url: Option<String>,
}

impl From<pb::Member> for Member {
    fn from(m: pb::Member) -> Self {
        let pb::Member { user_id, username, first_name, profile_image_url } = m;
        Self { user_id, username, first_name, profile_image_url }
    }
}

/// The member a message carries; social always sends one, so its absence is a fault of ours.
pub fn member(m: Option<pb::Member>, what: &str) -> Result<Member, ApiError> {
    m.map(Member::from).ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("social: {what} without a member")))
}

/// Where the caller stands with a member.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FriendshipState {
    /// Nothing between them.
    None,
    /// The caller asked; not answered yet.
    Outgoing,
    /// The member asked the caller.
    Incoming,
    Friends,
    /// The caller blocked the member.
    Blocked,
}

impl FriendshipState {
    /// # Errors
    /// An unspecified or unknown state (500: social always names one).
    pub fn from_proto(raw: i32) -> Result<Self, ApiError> {
        match pb::FriendshipState::try_from(raw) {
            Ok(pb::FriendshipState::None) => Ok(Self::None),
            Ok(pb::FriendshipState::Outgoing) => Ok(Self::Outgoing),
            Ok(pb::FriendshipState::Incoming) => Ok(Self::Incoming),
            Ok(pb::FriendshipState::Friends) => Ok(Self::Friends),
            Ok(pb::FriendshipState::Blocked) => Ok(Self::Blocked),
            Ok(pb::FriendshipState::Unspecified) | Err(_) => {
                Err(ApiError::Unexpected(anyhow::anyhow!("social: friendship state {raw}")))
            }
        }
    }
}

/// The state after a change (`POST /api/friends/requests` → `outgoing` or `friends`, accept →
/// `friends`, decline, cancel, remove and unblock → `none`, block → `blocked`).
#[derive(Debug, Serialize, ToSchema)]
pub struct StateAnswer {
    pub state: FriendshipState,
}

impl StateAnswer {
    /// # Errors
    /// An unspecified state from social.
    pub fn from_proto(raw: i32) -> Result<Self, ApiError> {
        Ok(Self { state: FriendshipState::from_proto(raw)? })
    }
}

/// How far the pair's compatibility is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CompatibilityStatus {
    /// Being computed.
    Pending,
    Ready,
    /// One of the two has no birth date yet.
    Unavailable,
    /// The engine refused; tried again after the next birth-data change.
    Failed,
}

impl CompatibilityStatus {
    fn from_proto(raw: i32) -> Result<Self, ApiError> {
        match pb::CompatibilityStatus::try_from(raw) {
            Ok(pb::CompatibilityStatus::Pending) => Ok(Self::Pending),
            Ok(pb::CompatibilityStatus::Ready) => Ok(Self::Ready),
            Ok(pb::CompatibilityStatus::Unavailable) => Ok(Self::Unavailable),
            Ok(pb::CompatibilityStatus::Failed) => Ok(Self::Failed),
            Ok(pb::CompatibilityStatus::Unspecified) | Err(_) => {
                Err(ApiError::Unexpected(anyhow::anyhow!("social: compatibility status {raw}")))
            }
        }
    }
}

/// A friend with the pair's compatibility.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Friend {
    #[serde(flatten)]
    pub member: Member,
    pub compatibility_status: CompatibilityStatus,
    /// 0..100 when ready.
    #[schema(required = true, example = 78)]
    pub compatibility_score: Option<i32>,
    /// RFC 3339: when the request was accepted.
    #[schema(example = "2026-11-26T12:00:00Z")]
    pub since: String,
}

impl TryFrom<pb::Friend> for Friend {
    type Error = ApiError;

    fn try_from(f: pb::Friend) -> Result<Self, ApiError> {
        let pb::Friend { member: m, compatibility_status, compatibility_score, since } = f;
        Ok(Self {
            member: member(m, "friend")?,
            compatibility_status: CompatibilityStatus::from_proto(compatibility_status)?,
            compatibility_score,
            since,
        })
    }
}

/// A pending request: the other person and when it was sent.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FriendRequest {
    #[serde(flatten)]
    pub member: Member,
    /// RFC 3339.
    #[schema(example = "2026-11-26T12:00:00Z")]
    pub created_at: String,
}

impl TryFrom<pb::FriendRequest> for FriendRequest {
    type Error = ApiError;

    fn try_from(r: pb::FriendRequest) -> Result<Self, ApiError> {
        let pb::FriendRequest { member: m, created_at } = r;
        Ok(Self { member: member(m, "friend request")?, created_at })
    }
}

/// `GET /api/friends`.
#[derive(Debug, Serialize, ToSchema)]
pub struct FriendsBody {
    /// By username.
    pub friends: Vec<Friend>,
    /// Requests others sent the caller, newest first.
    pub incoming: Vec<FriendRequest>,
    /// The caller's requests not answered yet, newest first.
    pub outgoing: Vec<FriendRequest>,
}

impl TryFrom<pb::ListFriendsResponse> for FriendsBody {
    type Error = ApiError;

    fn try_from(r: pb::ListFriendsResponse) -> Result<Self, ApiError> {
        let pb::ListFriendsResponse { friends, incoming, outgoing } = r;
        Ok(Self {
            friends: friends.into_iter().map(Friend::try_from).collect::<Result<_, _>>()?,
            incoming: incoming.into_iter().map(FriendRequest::try_from).collect::<Result<_, _>>()?,
            outgoing: outgoing.into_iter().map(FriendRequest::try_from).collect::<Result<_, _>>()?,
        })
    }
}

/// The search query.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// The start of a username (NFKC, case-insensitive), at most 30 characters.
    #[param(example = "hana")]
    pub q: String,
    /// 1..=20 (default 10).
    #[param(example = 10, minimum = 1, maximum = 20)]
    pub limit: Option<u32>,
}

/// The most results a search may ask for, and how many it gets unless it asks.
pub const MAX_SEARCH_LIMIT: u32 = 20;
pub const DEFAULT_SEARCH_LIMIT: u32 = 10;

impl SearchQuery {
    /// The limit to ask social for.
    ///
    /// # Errors
    /// 400 `INVALID_LIMIT` outside 1..=20.
    pub fn limit(&self) -> Result<u32, ApiError> {
        match self.limit {
            None => Ok(DEFAULT_SEARCH_LIMIT),
            Some(n) if (1..=MAX_SEARCH_LIMIT).contains(&n) => Ok(n),
            Some(_) => Err(ApiError::Invalid("INVALID_LIMIT")),
        }
    }
}

/// A member found by a search, with where the caller stands with them.
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchResult {
    #[serde(flatten)]
    pub member: Member,
    pub state: FriendshipState,
}

/// `GET /api/friends/search`.
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchResults {
    pub results: Vec<SearchResult>,
}

impl TryFrom<pb::SearchMembersResponse> for SearchResults {
    type Error = ApiError;

    fn try_from(r: pb::SearchMembersResponse) -> Result<Self, ApiError> {
        let pb::SearchMembersResponse { results } = r;
        let results = results
            .into_iter()
            .map(|r| {
                let pb::SearchResult { member: m, state } = r;
                Ok(SearchResult { member: member(m, "search result")?, state: FriendshipState::from_proto(state)? })
            })
            .collect::<Result<_, ApiError>>()?;
        Ok(Self { results })
    }
}

/// One part of the analysis, in Japanese.
#[derive(Debug, Serialize, ToSchema)]
pub struct CompatibilityFactor {
    /// `dayMaster` (the two day masters), `elements` (each day master against the other's
    /// favourable element) or `keyElements` (the two favourable elements).
    #[schema(example = "dayMaster")]
    pub key: String,
    #[schema(example = "日主どうしの関係")]
    pub label: String,
    /// 0..100.
    #[schema(example = 80.0)]
    pub score: f64,
    pub detail: String,
}

/// `GET /api/friends/{userId}/compatibility`: the pair as the caller reads it ("you" = the
/// caller). No birth data of either; of the friend's chart only the day master and the favourable
/// element (喜神), never a pillar (a birth date could be worked out from the pillars).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Compatibility {
    pub friend: Member,
    pub status: CompatibilityStatus,
    /// 0..100 when ready.
    #[schema(required = true, example = 78)]
    pub score: Option<i32>,
    /// Empty unless ready.
    pub summary: String,
    pub factors: Vec<CompatibilityFactor>,
    /// What the caller brings the friend.
    pub you_bring: String,
    /// What the friend brings the caller.
    pub friend_brings: String,
    /// RFC 3339.
    #[schema(required = true)]
    pub computed_at: Option<String>,
}

impl TryFrom<pb::Compatibility> for Compatibility {
    type Error = ApiError;

    fn try_from(c: pb::Compatibility) -> Result<Self, ApiError> {
        let pb::Compatibility { friend, status, score, summary, factors, you_bring, friend_brings, computed_at } = c;
        Ok(Self {
            friend: member(friend, "compatibility")?,
            status: CompatibilityStatus::from_proto(status)?,
            score,
            summary,
            factors: factors
                .into_iter()
                .map(|f| {
                    let pb::CompatibilityFactor { key, label, score, detail } = f;
                    CompatibilityFactor { key, label, score, detail }
                })
                .collect(),
            you_bring,
            friend_brings,
            computed_at,
        })
    }
}

/// `GET /api/blocks`.
#[derive(Debug, Serialize, ToSchema)]
pub struct BlocksBody {
    /// Newest first.
    pub blocked: Vec<Member>,
}

impl From<pb::ListBlocksResponse> for BlocksBody {
    fn from(r: pb::ListBlocksResponse) -> Self {
        let pb::ListBlocksResponse { members } = r;
        Self { blocked: members.into_iter().map(Member::from).collect() }
    }
}

/// Where a signed-in visitor of an invite link stands with the inviter: a friendship state, or
/// `self` on their own link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InviteState {
    None,
    Outgoing,
    Incoming,
    Friends,
    Blocked,
    /// The visitor is the inviter.
    #[serde(rename = "self")]
    Own,
}

impl From<FriendshipState> for InviteState {
    fn from(s: FriendshipState) -> Self {
        match s {
            FriendshipState::None => Self::None,
            FriendshipState::Outgoing => Self::Outgoing,
            FriendshipState::Incoming => Self::Incoming,
            FriendshipState::Friends => Self::Friends,
            FriendshipState::Blocked => Self::Blocked,
        }
    }
}

/// `GET /api/invites/{userId}`: the inviter's public card.
#[derive(Debug, Serialize, ToSchema)]
pub struct InviteBody {
    pub inviter: Member,
    /// `null` when signed out.
    #[schema(required = true)]
    pub state: Option<InviteState>,
}

impl InviteBody {
    /// The card as `viewer` sees it: signed out → no state; the inviter themself → `self`, whatever
    /// social sent (it sends no state for one's own link); anyone else → social's state.
    ///
    /// # Errors
    /// No inviter, or no state for a signed-in visitor.
    pub fn new(invite: pb::Invite, viewer: Option<UserId>) -> Result<Self, ApiError> {
        let pb::Invite { inviter, state } = invite;
        let inviter = member(inviter, "invite")?;
        let state = match viewer {
            None => None,
            Some(viewer) if viewer.to_string() == inviter.user_id => Some(InviteState::Own),
            Some(_) => Some(FriendshipState::from_proto(state)?.into()),
        };
        Ok(Self { inviter, state })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pb_member(id: &str) -> pb::Member {
        pb::Member { user_id: id.to_owned(), username: "hanako".to_owned(), first_name: None, profile_image_url: None }
    }

    #[test]
    fn an_id_that_is_not_a_uuid_is_an_unknown_member() {
        for raw in ["", "abc", "1", "0190f5c2-7d7e-7b1a-9c3e-2a4b5c6d7e8", "../etc"] {
            let error = member_id(raw).expect_err(raw);
            assert_eq!(error.body().code, "MEMBER_NOT_FOUND", "{raw}");
        }
        let id = "0190F5C2-7D7E-7B1A-9C3E-2A4B5C6D7E8F";
        assert_eq!(member_ref(id).expect("uuid").user_id, id.to_lowercase(), "sent in the canonical form");
    }

    #[test]
    fn the_search_limit_defaults_to_ten_and_stays_within_one_to_twenty() {
        let q = |limit| SearchQuery { q: "a".to_owned(), limit };
        assert_eq!(q(None).limit().ok(), Some(10));
        assert_eq!(q(Some(1)).limit().ok(), Some(1));
        assert_eq!(q(Some(20)).limit().ok(), Some(20));
        assert!(q(Some(0)).limit().is_err());
        assert!(q(Some(21)).limit().is_err());
    }

    #[test]
    fn an_unspecified_state_is_a_fault_not_a_state() {
        assert!(FriendshipState::from_proto(pb::FriendshipState::Unspecified as i32).is_err());
        assert!(FriendshipState::from_proto(99).is_err());
        assert_eq!(
            FriendshipState::from_proto(pb::FriendshipState::Friends as i32).ok(),
            Some(FriendshipState::Friends)
        );
    }

    #[test]
    fn states_are_sent_in_lower_case_and_the_own_invite_as_self() {
        assert_eq!(serde_json::to_string(&FriendshipState::Outgoing).expect("json"), "\"outgoing\"");
        assert_eq!(serde_json::to_string(&InviteState::Own).expect("json"), "\"self\"");
        assert_eq!(serde_json::to_string(&CompatibilityStatus::Unavailable).expect("json"), "\"unavailable\"");
    }

    #[test]
    fn an_invite_is_self_for_the_inviter_null_signed_out_and_the_state_otherwise() {
        let inviter: UserId = "0190f5c2-7d7e-7b1a-9c3e-2a4b5c6d7e8f".parse().expect("uuid");
        let other = UserId::new();
        let invite = |state: pb::FriendshipState| pb::Invite {
            inviter: Some(pb_member(&inviter.to_string())),
            state: state as i32,
        };

        let signed_out = InviteBody::new(invite(pb::FriendshipState::Unspecified), None).expect("card");
        let own = InviteBody::new(invite(pb::FriendshipState::Unspecified), Some(inviter)).expect("card");
        let friend = InviteBody::new(invite(pb::FriendshipState::Friends), Some(other)).expect("card");

        assert_eq!(signed_out.state, None);
        assert_eq!(own.state, Some(InviteState::Own));
        assert_eq!(friend.state, Some(InviteState::Friends));
        assert_eq!(friend.inviter.username, "hanako");
    }

    #[test]
    fn a_friend_is_its_member_fields_flattened_with_the_compatibility() {
        let friend = Friend::try_from(pb::Friend {
            member: Some(pb_member("0190f5c2-7d7e-7b1a-9c3e-2a4b5c6d7e8f")),
            compatibility_status: pb::CompatibilityStatus::Pending as i32,
            compatibility_score: None,
            since: "2026-11-26T12:00:00Z".to_owned(),
        })
        .expect("friend");

        let json = serde_json::to_value(&friend).expect("json");

        assert_eq!(
            json,
            serde_json::json!({
                "userId": "0190f5c2-7d7e-7b1a-9c3e-2a4b5c6d7e8f",
                "username": "hanako",
                "firstName": null,
                "profileImageUrl": null,
                "compatibilityStatus": "pending",
                "compatibilityScore": null,
                "since": "2026-11-26T12:00:00Z",
            })
        );
    }
}
