//! Members as social knows them: identity's public fields only (username, first name, avatar),
//! and the username key friend search matches on.

use chrono::{DateTime, Utc};
use meguri_ids::UserId;

use super::Refusal;

/// The longest search query, in characters after normalising.
pub const MAX_QUERY_CHARS: usize = 30;
/// Results of one search when the caller asks for none in particular.
pub const DEFAULT_SEARCH_LIMIT: u32 = 10;
/// Results of one search, at most.
pub const MAX_SEARCH_LIMIT: u32 = 20;

/// The public fields of a member: all social ever shows of another person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    pub id: UserId,
    pub username: String,
    pub first_name: Option<String>,
    pub profile_image_url: Option<String>,
}

/// A member's public fields as identity published them, with when they last changed (the newest
/// copy wins).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberProfile {
    pub member: Member,
    pub updated_at: DateTime<Utc>,
}

impl MemberProfile {
    /// The key friend search matches on.
    #[must_use]
    pub fn username_key(&self) -> String {
        username_key(&self.member.username)
    }
}

/// A username as search compares it: NFKC (fullwidth `ＨＡＮＡ` is `HANA`, halfwidth `ﾊﾅ` is `ハナ`),
/// surrounding white space trimmed, lowercased.
#[must_use]
pub fn username_key(raw: &str) -> String {
    meguri_username::normalize(raw).to_lowercase()
}

/// A friend-search query: a prefix of username keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchQuery(String);

impl SearchQuery {
    /// # Errors
    /// [`Refusal::InvalidSearchQuery`]: empty after normalising, or over [`MAX_QUERY_CHARS`].
    pub fn parse(raw: &str) -> Result<Self, Refusal> {
        let key = username_key(raw);
        let chars = key.chars().count();
        if chars == 0 || chars > MAX_QUERY_CHARS {
            return Err(Refusal::InvalidSearchQuery);
        }
        Ok(Self(key))
    }

    /// The half-open range of keys that start with the query, in byte (C collation) order: every
    /// key `k` with `lower <= k < upper`. U+10FFFF, the largest scalar value, sorts after anything a
    /// username can continue with.
    #[must_use]
    pub fn key_range(&self) -> (String, String) {
        (self.0.clone(), format!("{}\u{10FFFF}", self.0))
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// How many results a search returns: 0 (unset) is [`DEFAULT_SEARCH_LIMIT`], more than
/// [`MAX_SEARCH_LIMIT`] is capped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimit(u32);

impl SearchLimit {
    #[must_use]
    pub fn new(requested: u32) -> Self {
        Self(if requested == 0 { DEFAULT_SEARCH_LIMIT } else { requested.min(MAX_SEARCH_LIMIT) })
    }

    #[must_use]
    pub const fn get(self) -> u32 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn the_key_is_nfkc_and_lowercase() {
        assert_eq!(username_key("ＨａＮａ_01"), "hana_01");
        assert_eq!(username_key("ﾊﾅｺ"), "ハナコ");
        assert_eq!(username_key("  Taro "), "taro");
        assert_eq!(username_key("はなこ"), "はなこ");
    }

    #[test]
    fn a_query_is_a_normalised_prefix_of_at_most_thirty_characters() {
        assert_eq!(SearchQuery::parse("ＨＡ").expect("valid").as_str(), "ha");
        assert_eq!(SearchQuery::parse("   "), Err(Refusal::InvalidSearchQuery));
        assert_eq!(SearchQuery::parse(""), Err(Refusal::InvalidSearchQuery));
        assert!(SearchQuery::parse(&"あ".repeat(30)).is_ok());
        assert_eq!(SearchQuery::parse(&"あ".repeat(31)), Err(Refusal::InvalidSearchQuery));
    }

    #[test]
    fn the_limit_defaults_to_ten_and_stops_at_twenty() {
        assert_eq!(SearchLimit::new(0).get(), 10);
        assert_eq!(SearchLimit::new(3).get(), 3);
        assert_eq!(SearchLimit::new(500).get(), 20);
    }

    proptest! {
        #[test]
        fn every_name_that_starts_with_the_query_falls_in_its_range(
            prefix in "[a-zA-Zａ-ｚあ-んア-ン_0-9]{1,8}",
            rest in "[a-zA-Zあ-んア-ン一-龥_0-9]{0,12}",
            other in "[a-zあ-ん]{1,12}",
        ) {
            let query = SearchQuery::parse(&prefix).expect("a valid query");
            let (lower, upper) = query.key_range();
            let key = username_key(&format!("{prefix}{rest}"));
            prop_assert!(lower.as_bytes() <= key.as_bytes() && key.as_bytes() < upper.as_bytes());
            let other_key = username_key(&other);
            let inside = lower.as_bytes() <= other_key.as_bytes() && other_key.as_bytes() < upper.as_bytes();
            prop_assert_eq!(inside, other_key.starts_with(query.as_str()));
        }
    }
}
