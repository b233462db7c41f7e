//! Ledger changes: what a grant, spend or refund is, how it moves a balance, and when a repeated
//! idempotency key is a replay rather than a mistake.

use std::fmt;

use chrono::{DateTime, Utc};
use meguri_ids::UserId;

use super::Credits;
use crate::error::Error;

/// Credits every new user receives (spec §9 "New user credits: 3").
pub const SIGNUP_BONUS: i64 = 3;

/// The key of the sign-up grant: one per user, so a replayed event grants once.
#[must_use]
pub fn signup_bonus_key(user: UserId) -> IdempotencyKey {
    IdempotencyKey(format!("signup_bonus:{user}"))
}

/// The key of the refund of `spend`: the refund row also names the spend in `refund_of`, whose
/// unique constraint allows one refund per spend.
#[must_use]
pub fn refund_key(spend: &IdempotencyKey) -> IdempotencyKey {
    IdempotencyKey(format!("refund:{}", spend.0))
}

/// The caller's name for one intended change; the same key always means the same change.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    const MAX_LEN: usize = 128;

    /// 1 to 128 visible ASCII characters (no spaces).
    ///
    /// # Errors
    /// [`Error::InvalidIdempotencyKey`].
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let ok = !raw.is_empty() && raw.len() <= Self::MAX_LEN && raw.bytes().all(|b| b.is_ascii_graphic());
        if ok { Ok(Self(raw.to_owned())) } else { Err(Error::InvalidIdempotencyKey) }
    }

    /// A key read back from the ledger, where it was checked when written (a refund's key,
    /// `refund:` + a key, may be longer than a caller's).
    #[must_use]
    pub const fn stored(raw: String) -> Self {
        Self(raw)
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for IdempotencyKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why credits moved, as a stable snake_case word (`signup_bonus`, `chat_message`, `refund`…).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason(String);

impl Reason {
    const MAX_LEN: usize = 64;

    /// `^[a-z][a-z0-9_]{0,63}$`.
    ///
    /// # Errors
    /// [`Error::InvalidReason`].
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let mut bytes = raw.bytes();
        let first = bytes.next().is_some_and(|b| b.is_ascii_lowercase());
        let rest = bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        if first && rest && raw.len() <= Self::MAX_LEN { Ok(Self(raw.to_owned())) } else { Err(Error::InvalidReason) }
    }

    /// The reason of a refund whose request gave none.
    #[must_use]
    pub fn refund() -> Self {
        Self("refund".to_owned())
    }

    /// The reason of the sign-up grant.
    #[must_use]
    pub fn signup_bonus() -> Self {
        Self("signup_bonus".to_owned())
    }

    /// The reason of a purchase's grant.
    #[must_use]
    pub fn purchase() -> Self {
        Self("purchase".to_owned())
    }

    /// The reason of a staff member's adjustment ([`super::Adjustment`]).
    #[must_use]
    pub fn admin_adjustment() -> Self {
        Self(super::ADJUSTMENT_REASON.to_owned())
    }

    /// The reason of a refunded purchase's clawback.
    #[must_use]
    pub fn purchase_refund() -> Self {
        Self("purchase_refund".to_owned())
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChangeKind {
    Grant,
    Spend,
    Refund,
}

impl ChangeKind {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Grant => "grant",
            Self::Spend => "spend",
            Self::Refund => "refund",
        }
    }
}

/// One intended change of one user's balance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub user: UserId,
    pub kind: ChangeKind,
    pub amount: Credits,
    pub reason: Reason,
    pub key: IdempotencyKey,
    /// For a refund: the key of the spend it gives back.
    pub refund_of: Option<IdempotencyKey>,
    /// For a staff adjustment: who made it and why.
    pub staff: Option<super::StaffNote>,
}

impl Change {
    #[must_use]
    pub const fn grant(user: UserId, amount: Credits, reason: Reason, key: IdempotencyKey) -> Self {
        Self { user, kind: ChangeKind::Grant, amount, reason, key, refund_of: None, staff: None }
    }

    #[must_use]
    pub const fn spend(user: UserId, amount: Credits, reason: Reason, key: IdempotencyKey) -> Self {
        Self { user, kind: ChangeKind::Spend, amount, reason, key, refund_of: None, staff: None }
    }

    /// The refund of `spend` (a recorded row) for `user`: gives back exactly what it took.
    ///
    /// # Errors
    /// [`Error::SpendNotFound`] when the row is not a spend of this user.
    pub fn refund(user: UserId, spend: &Recorded, reason: Reason) -> Result<Self, Error> {
        if spend.user != user || spend.delta >= 0 || spend.refund_of.is_some() {
            return Err(Error::SpendNotFound);
        }
        let amount = spend.delta.checked_neg().map(Credits::amount).ok_or(Error::SpendNotFound)??;
        Ok(Self {
            user,
            kind: ChangeKind::Refund,
            amount,
            reason,
            key: refund_key(&spend.key),
            refund_of: Some(spend.key.clone()),
            staff: None,
        })
    }

    /// The signed change written to the ledger.
    #[must_use]
    pub const fn delta(&self) -> i64 {
        match self.kind {
            ChangeKind::Grant | ChangeKind::Refund => self.amount.get(),
            ChangeKind::Spend => -self.amount.get(),
        }
    }

    /// The balance after this change.
    ///
    /// # Errors
    /// [`Error::InsufficientCredits`] for a spend beyond `balance`; [`Error::BalanceLimit`].
    pub fn apply(&self, balance: Credits) -> Result<Credits, Error> {
        match self.kind {
            ChangeKind::Grant | ChangeKind::Refund => balance.plus(self.amount),
            ChangeKind::Spend => balance.minus(self.amount),
        }
    }
}

/// A ledger row as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    pub user: UserId,
    pub delta: i64,
    pub balance_after: Credits,
    pub key: IdempotencyKey,
    pub refund_of: Option<IdempotencyKey>,
}

/// The outcome of a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The balance right after the change (for a replay: after the first application).
    pub balance: Credits,
    /// The key had been used for this same change before; nothing changed now.
    pub replayed: bool,
}

/// `change` arrives with a key that `existing` already holds: the first result when it is the
/// same change (same user, same signed amount, same refunded spend), a refusal otherwise.
///
/// # Errors
/// [`Error::IdempotencyKeyReused`].
pub fn replay(existing: &Recorded, change: &Change) -> Result<Applied, Error> {
    let same =
        existing.user == change.user && existing.delta == change.delta() && existing.refund_of == change.refund_of;
    if same {
        Ok(Applied { balance: existing.balance_after, replayed: true })
    } else {
        Err(Error::IdempotencyKeyReused)
    }
}

/// One ledger row as `ListLedger` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerEntry {
    pub id: uuid::Uuid,
    /// Its place among the user's changes in the order they were applied (1, 2, 3…).
    pub seq: LedgerSeq,
    pub delta: i64,
    pub balance_after: Credits,
    pub reason: String,
    pub created_at: DateTime<Utc>,
    /// A staff adjustment's reason and staff member (None for every other entry).
    pub note: Option<String>,
    pub actor: Option<UserId>,
}

/// A change's place among its user's changes, in the order they moved the balance: 1 for the
/// first, then one more for each. Assigned while the user's balance row is locked, so it is the
/// order of application even for changes sent at the same moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LedgerSeq(i64);

impl LedgerSeq {
    pub const FIRST: Self = Self(1);

    /// A number read back from the ledger (the migration keeps it 1 or more).
    #[must_use]
    pub const fn stored(raw: i64) -> Self {
        Self(raw)
    }

    #[must_use]
    pub const fn get(self) -> i64 {
        self.0
    }

    /// The place after this one.
    #[must_use]
    pub const fn next(self) -> Self {
        Self(self.0.saturating_add(1))
    }
}

/// Where and when a new ledger entry goes, given the user's latest entry (its place and time)
/// and the clock's `now`: the next place, at `now`, but never earlier than that entry, so the
/// times read in the order of application never go back (a clock stepped back, or two
/// services' clocks apart, cannot make a later change look older).
#[must_use]
pub fn placement(latest: Option<(LedgerSeq, DateTime<Utc>)>, now: DateTime<Utc>) -> (LedgerSeq, DateTime<Utc>) {
    match latest {
        None => (LedgerSeq::FIRST, now),
        Some((seq, at)) => (seq.next(), now.max(at)),
    }
}

/// Where a ledger page starts: only entries before this place. Written as the decimal place of
/// the previous page's last entry (`next_before`); anything else is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LedgerCursor(LedgerSeq);

impl LedgerCursor {
    /// `None` for an absent or empty cursor (the newest page).
    ///
    /// # Errors
    /// [`Error::InvalidCursor`] for anything but a whole number of 1 or more.
    pub fn parse(raw: Option<&str>) -> Result<Option<Self>, Error> {
        let Some(raw) = raw.filter(|r| !r.is_empty()) else {
            return Ok(None);
        };
        let digits = raw.len() <= 19 && raw.bytes().all(|b| b.is_ascii_digit());
        match raw.parse::<i64>() {
            Ok(n) if digits && n >= 1 => Ok(Some(Self(LedgerSeq(n)))),
            _ => Err(Error::InvalidCursor),
        }
    }

    /// The cursor of the page after the one that ends with `last`.
    #[must_use]
    pub const fn after(last: LedgerSeq) -> Self {
        Self(last)
    }

    /// Entries of this page have a place below this.
    #[must_use]
    pub const fn before(self) -> LedgerSeq {
        self.0
    }
}

impl fmt::Display for LedgerCursor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.0)
    }
}

/// One page of a user's ledger, newest first, and where the next (older) page starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerPage {
    pub entries: Vec<LedgerEntry>,
    /// `None` on the last page.
    pub next_before: Option<LedgerCursor>,
}

/// How many ledger rows one `ListLedger` returns: `1..=100`, 0 meaning the default 20.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LedgerLimit(i64);

impl LedgerLimit {
    const DEFAULT: i64 = 20;
    const MAX: i64 = 100;

    /// # Errors
    /// [`Error::InvalidLimit`] for a negative number or one over 100.
    pub fn parse(raw: i32) -> Result<Self, Error> {
        match i64::from(raw) {
            0 => Ok(Self(Self::DEFAULT)),
            n if (1..=Self::MAX).contains(&n) => Ok(Self(n)),
            _ => Err(Error::InvalidLimit),
        }
    }

    #[must_use]
    pub const fn get(self) -> i64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(k: &str) -> IdempotencyKey {
        IdempotencyKey::parse(k).expect("key")
    }

    fn amount(n: i64) -> Credits {
        Credits::amount(n).expect("amount")
    }

    fn reason(r: &str) -> Reason {
        Reason::parse(r).expect("reason")
    }

    #[test]
    fn keys_are_visible_ascii_up_to_128_characters() {
        assert!(IdempotencyKey::parse("chat:0191b7e4-aaaa:1").is_ok());
        assert!(IdempotencyKey::parse(&"k".repeat(128)).is_ok());
        for bad in ["", "has space", "改行", "tab\t", &"k".repeat(129)] {
            assert!(matches!(IdempotencyKey::parse(bad), Err(Error::InvalidIdempotencyKey)), "{bad:?}");
        }
    }

    #[test]
    fn reasons_are_snake_case_words() {
        for ok in ["signup_bonus", "chat_message", "a", "admin_grant2"] {
            assert!(Reason::parse(ok).is_ok(), "{ok}");
        }
        for bad in ["", "Chat", "1st", "chat-message", "chat message", &"a".repeat(65)] {
            assert!(matches!(Reason::parse(bad), Err(Error::InvalidReason)), "{bad:?}");
        }
    }

    #[test]
    fn a_spend_takes_and_a_grant_gives() {
        let user = UserId::new();
        let spend = Change::spend(user, amount(2), reason("chat_message"), key("s1"));
        assert_eq!(spend.delta(), -2);
        assert_eq!(spend.apply(amount(3)).expect("enough").get(), 1);
        assert!(matches!(spend.apply(amount(1)), Err(Error::InsufficientCredits)));
        let grant = Change::grant(user, amount(3), Reason::signup_bonus(), signup_bonus_key(user));
        assert_eq!(grant.delta(), 3);
        assert_eq!(grant.apply(Credits::ZERO).expect("grant").get(), 3);
        assert_eq!(grant.key.as_str(), format!("signup_bonus:{user}"));
    }

    #[test]
    fn a_refund_gives_back_exactly_one_spend_of_the_same_user() {
        let user = UserId::new();
        let spent = Recorded { user, delta: -2, balance_after: amount(1), key: key("s1"), refund_of: None };
        let refund = Change::refund(user, &spent, Reason::refund()).expect("refund");
        assert_eq!((refund.kind, refund.delta()), (ChangeKind::Refund, 2));
        assert_eq!(refund.refund_of, Some(key("s1")));
        assert_eq!(refund.key.as_str(), "refund:s1");

        assert!(matches!(Change::refund(UserId::new(), &spent, Reason::refund()), Err(Error::SpendNotFound)));
        let granted = Recorded { delta: 2, ..spent.clone() };
        assert!(matches!(Change::refund(user, &granted, Reason::refund()), Err(Error::SpendNotFound)));
    }

    #[test]
    fn the_same_key_for_the_same_change_is_a_replay_otherwise_a_reuse() {
        let user = UserId::new();
        let first = Recorded { user, delta: -1, balance_after: amount(2), key: key("k"), refund_of: None };
        let same = Change::spend(user, amount(1), reason("chat_message"), key("k"));
        assert_eq!(replay(&first, &same).expect("replay"), Applied { balance: amount(2), replayed: true });

        let more = Change::spend(user, amount(2), reason("chat_message"), key("k"));
        let other_user = Change::spend(UserId::new(), amount(1), reason("chat_message"), key("k"));
        let grant = Change::grant(user, amount(1), reason("admin_grant"), key("k"));
        for change in [more, other_user, grant] {
            assert!(matches!(replay(&first, &change), Err(Error::IdempotencyKeyReused)), "{change:?}");
        }
    }

    #[test]
    fn a_new_entry_takes_the_next_place_and_never_an_earlier_time() {
        let at = |s: &str| DateTime::parse_from_rfc3339(s).expect("time").with_timezone(&Utc);
        let now = at("2026-11-29T03:00:00Z");
        assert_eq!(placement(None, now), (LedgerSeq::FIRST, now), "the first entry");
        let earlier = at("2026-11-29T02:59:59Z");
        assert_eq!(placement(Some((LedgerSeq::stored(7), earlier)), now), (LedgerSeq::stored(8), now));
        let later = at("2026-11-29T03:00:01Z");
        assert_eq!(
            placement(Some((LedgerSeq::stored(7), later)), now),
            (LedgerSeq::stored(8), later),
            "a clock behind the latest entry does not put the new one before it"
        );
    }

    #[test]
    fn a_cursor_is_a_place_of_one_or_more_as_next_before_writes_it() {
        assert_eq!(LedgerCursor::parse(None).expect("none"), None);
        assert_eq!(LedgerCursor::parse(Some("")).expect("empty"), None);
        let cursor = LedgerCursor::after(LedgerSeq::stored(41));
        let written = cursor.to_string();
        assert_eq!(written, "41");
        assert_eq!(LedgerCursor::parse(Some(&written)).expect("round trip"), Some(cursor));
        assert_eq!(cursor.before(), LedgerSeq::stored(41));
        for bad in ["0", "-1", "+3", " 3", "3.0", "abc", "99999999999999999999", "0191b7e4-8a4e-7c3a"] {
            assert!(matches!(LedgerCursor::parse(Some(bad)), Err(Error::InvalidCursor)), "{bad:?}");
        }
    }

    #[test]
    fn the_ledger_limit_defaults_to_20_and_stops_at_100() {
        assert_eq!(LedgerLimit::parse(0).expect("default").get(), 20);
        assert_eq!(LedgerLimit::parse(1).expect("one").get(), 1);
        assert_eq!(LedgerLimit::parse(100).expect("max").get(), 100);
        assert!(matches!(LedgerLimit::parse(101), Err(Error::InvalidLimit)));
        assert!(matches!(LedgerLimit::parse(-1), Err(Error::InvalidLimit)));
    }
}
