//! Ids that cross service boundaries. Each is a newtype with a private field, so a user id can never be
//! passed where another id is expected, and it is parsed once at the edge (`FromStr`). [`uuid_id!`]
//! writes such a newtype, for these ids and for a service's own (social's diary entries).

use std::fmt;

use serde::{Deserialize, Serialize};
#[doc(hidden)]
pub use uuid::Uuid;

/// Writes a UUID newtype `$name` with a private field: `new()` (a time-ordered UUID v7),
/// `from_uuid` (an id read from a trusted store), `as_uuid`, `Default` (a new id), `Display` and
/// `FromStr` (text that is not a UUID is [`InvalidId`]). Attributes before the name (docs, more
/// derives) go on the struct.
#[macro_export]
macro_rules! uuid_id {
    ($(#[$attr:meta])* $vis:vis $name:ident) => {
        $(#[$attr])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis struct $name($crate::Uuid);

        impl $name {
            /// A new time-ordered id (UUID v7).
            #[must_use]
            pub fn new() -> Self {
                Self($crate::Uuid::now_v7())
            }

            /// Wraps an id read from a trusted store.
            #[must_use]
            pub const fn from_uuid(id: $crate::Uuid) -> Self {
                Self(id)
            }

            #[must_use]
            pub const fn as_uuid(&self) -> &$crate::Uuid {
                &self.0
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::InvalidId;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                $crate::Uuid::parse_str(s).map(Self).map_err(|_| $crate::InvalidId)
            }
        }
    };
}

uuid_id!(
    /// The id of a user account (owned by `identity`; the join key everywhere else).
    #[derive(Serialize, Deserialize)]
    #[serde(transparent)]
    pub UserId
);

/// The text was not a UUID.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidId;

impl fmt::Display for InvalidId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a valid id")
    }
}

impl std::error::Error for InvalidId {}

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
