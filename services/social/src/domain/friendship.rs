//! Friendships: one row per unordered pair, the states a caller sees, and what a request does.

use meguri_ids::UserId;

use super::Refusal;

/// Two different members, in a fixed order (`low < high`), so a pair has one row whichever of the
/// two acts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pair {
    low: UserId,
    high: UserId,
}

impl Pair {
    /// The pair of `a` and `b`; `None` when they are the same member.
    #[must_use]
    pub fn of(a: UserId, b: UserId) -> Option<Self> {
        match a.cmp(&b) {
            std::cmp::Ordering::Less => Some(Self { low: a, high: b }),
            std::cmp::Ordering::Greater => Some(Self { low: b, high: a }),
            std::cmp::Ordering::Equal => None,
        }
    }

    #[must_use]
    pub const fn low(self) -> UserId {
        self.low
    }

    #[must_use]
    pub const fn high(self) -> UserId {
        self.high
    }

    /// Whether `user` is the lower id of the pair (whose view of the analysis is `low`).
    #[must_use]
    pub fn is_low(self, user: UserId) -> bool {
        self.low == user
    }

    /// The member of the pair who is not `user`.
    #[must_use]
    pub fn other(self, user: UserId) -> UserId {
        if self.low == user { self.high } else { self.low }
    }
}

/// Where a caller stands with a member.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FriendshipState {
    None,
    /// The caller asked; not answered yet.
    Outgoing,
    /// The member asked the caller.
    Incoming,
    Friends,
    /// The caller blocked the member.
    Blocked,
}

/// What a pair's row says: who asked, and whether the other accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub requester: UserId,
    pub accepted: bool,
}

impl Link {
    /// The state as `me` sees it.
    #[must_use]
    pub fn state_for(self, me: UserId) -> FriendshipState {
        match (self.accepted, self.requester == me) {
            (true, _) => FriendshipState::Friends,
            (false, true) => FriendshipState::Outgoing,
            (false, false) => FriendshipState::Incoming,
        }
    }
}

/// What a friend request from `me` does, given the pair's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestStep {
    /// No row: a new pending request (counted against the daily limit, mailed).
    Create,
    /// The other already asked `me`: both are accepted at once.
    AcceptTheirs,
    /// `me` asked already: the same answer again, no second mail, not counted again.
    AlreadyAsked,
}

/// # Errors
/// [`Refusal::AlreadyFriends`].
pub fn on_request(me: UserId, existing: Option<Link>) -> Result<RequestStep, Refusal> {
    match existing.map(|link| link.state_for(me)) {
        None | Some(FriendshipState::None | FriendshipState::Blocked) => Ok(RequestStep::Create),
        Some(FriendshipState::Outgoing) => Ok(RequestStep::AlreadyAsked),
        Some(FriendshipState::Incoming) => Ok(RequestStep::AcceptTheirs),
        Some(FriendshipState::Friends) => Err(Refusal::AlreadyFriends),
    }
}

/// The anti-spam limits (`SOCIAL_FRIEND_REQUESTS_PER_DAY`, `SOCIAL_MAX_FRIENDS`,
/// `SOCIAL_DIARY_ENTRIES_PER_DAY`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Requests a member may send in any rolling 24 hours (cancelled ones count).
    pub requests_per_day: u32,
    /// Friends a member may have; a friendship needs room on both sides.
    pub max_friends: u32,
    /// Diary entries a member may write in any rolling 24 hours (deleted ones count).
    pub diary_entries_per_day: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Self { requests_per_day: 20, max_friends: 300, diary_entries_per_day: 100 }
    }
}

impl Limits {
    /// # Errors
    /// [`Refusal::FriendRequestLimit`] when `sent_last_day` requests already fill the day.
    pub fn check_request(self, sent_last_day: i64) -> Result<(), Refusal> {
        if sent_last_day >= i64::from(self.requests_per_day) { Err(Refusal::FriendRequestLimit) } else { Ok(()) }
    }

    /// # Errors
    /// [`Refusal::DiaryLimit`] when `written_last_day` entries already fill the day.
    pub fn check_diary(self, written_last_day: i64) -> Result<(), Refusal> {
        if written_last_day >= i64::from(self.diary_entries_per_day) { Err(Refusal::DiaryLimit) } else { Ok(()) }
    }

    /// # Errors
    /// [`Refusal::FriendLimit`] when either side has no room for one more friend.
    pub fn check_friends(self, mine: i64, theirs: i64) -> Result<(), Refusal> {
        let max = i64::from(self.max_friends);
        if mine >= max || theirs >= max { Err(Refusal::FriendLimit) } else { Ok(()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_is_the_same_whoever_acts_and_never_oneself() {
        let (a, b) = (UserId::new(), UserId::new());
        let pair = Pair::of(a, b).expect("two members");
        assert_eq!(Pair::of(b, a), Some(pair));
        assert!(pair.low() < pair.high());
        assert_eq!(pair.other(a), b);
        assert_eq!(pair.other(b), a);
        assert_eq!(Pair::of(a, a), None);
    }

    #[test]
    fn each_side_sees_the_row_from_its_end() {
        let (a, b) = (UserId::new(), UserId::new());
        let pending = Link { requester: a, accepted: false };
        assert_eq!(pending.state_for(a), FriendshipState::Outgoing);
        assert_eq!(pending.state_for(b), FriendshipState::Incoming);
        let friends = Link { requester: a, accepted: true };
        assert_eq!((friends.state_for(a), friends.state_for(b)), (FriendshipState::Friends, FriendshipState::Friends));
    }

    #[test]
    fn a_request_creates_repeats_accepts_or_is_refused() {
        let (a, b) = (UserId::new(), UserId::new());
        assert_eq!(on_request(a, None), Ok(RequestStep::Create));
        assert_eq!(on_request(a, Some(Link { requester: a, accepted: false })), Ok(RequestStep::AlreadyAsked));
        assert_eq!(on_request(a, Some(Link { requester: b, accepted: false })), Ok(RequestStep::AcceptTheirs));
        assert_eq!(on_request(a, Some(Link { requester: b, accepted: true })), Err(Refusal::AlreadyFriends));
    }

    #[test]
    fn limits_refuse_at_the_configured_count() {
        let limits = Limits { requests_per_day: 2, max_friends: 3, diary_entries_per_day: 4 };
        assert_eq!(limits.check_diary(3), Ok(()));
        assert_eq!(limits.check_diary(4), Err(Refusal::DiaryLimit));
        assert_eq!(limits.check_request(1), Ok(()));
        assert_eq!(limits.check_request(2), Err(Refusal::FriendRequestLimit));
        assert_eq!(limits.check_friends(2, 2), Ok(()));
        assert_eq!(limits.check_friends(3, 0), Err(Refusal::FriendLimit));
        assert_eq!(limits.check_friends(0, 3), Err(Refusal::FriendLimit));
    }
}
