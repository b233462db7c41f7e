//! Ids that cross service boundaries. Each is a newtype with a private field, so a user id can never be
//! passed where another id is expected, and it is parsed once at the edge (`FromStr`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// The id of a user account (owned by `identity`; the join key everywhere else).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UserId(Uuid);

impl UserId {
    /// A new time-ordered id (UUID v7), for the service that creates accounts.
    #[must_use]
    pub fn new() -> Self {
        Self(Uuid::now_v7())
    }

    /// Wraps an id read from a trusted store.
    #[must_use]
    pub const fn from_uuid(id: Uuid) -> Self {
        Self(id)
    }

    #[must_use]
    pub const fn as_uuid(&self) -> &Uuid {
        &self.0
    }
}

impl Default for UserId {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The text was not a UUID.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidId;

impl fmt::Display for InvalidId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a valid id")
    }
}

impl std::error::Error for InvalidId {}

impl FromStr for UserId {
    type Err = InvalidId;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Uuid::parse_str(s).map(Self).map_err(|_| InvalidId)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_id_round_trips_through_its_text_form() {
        let id = UserId::new();
        let parsed: UserId = id.to_string().parse().expect("parse");
        assert_eq!(parsed, id);
    }

    #[test]
    fn text_that_is_not_a_uuid_is_refused() {
        assert_eq!("anonymous".parse::<UserId>(), Err(InvalidId));
    }
}
