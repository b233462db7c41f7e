//! Which optional e-mails a user wants. Transactional mail (codes, links, security notices) is
//! always sent; these switch the social and reminder mail.

/// One user's preferences.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preferences {
    pub friend_request_received: bool,
    pub friend_request_accepted: bool,
    pub mentioned_in_diary: bool,
    pub future_diary_delivery: bool,
    pub inactivity_reminder: bool,
}

impl Default for Preferences {
    /// The spec's defaults (§9): inactivity reminder off, the other four on.
    fn default() -> Self {
        Self {
            friend_request_received: true,
            friend_request_accepted: true,
            mentioned_in_diary: true,
            future_diary_delivery: true,
            inactivity_reminder: false,
        }
    }
}

/// A partial change: `None` keeps the current value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PreferencesUpdate {
    pub friend_request_received: Option<bool>,
    pub friend_request_accepted: Option<bool>,
    pub mentioned_in_diary: Option<bool>,
    pub future_diary_delivery: Option<bool>,
    pub inactivity_reminder: Option<bool>,
}

impl Preferences {
    /// Whether the person wants the mail `preference` switches.
    #[must_use]
    pub const fn allows(&self, preference: crate::domain::Preference) -> bool {
        match preference {
            crate::domain::Preference::FriendRequestReceived => self.friend_request_received,
            crate::domain::Preference::FriendRequestAccepted => self.friend_request_accepted,
        }
    }

    /// `self` with the given fields changed.
    #[must_use]
    pub fn with(self, update: PreferencesUpdate) -> Self {
        Self {
            friend_request_received: update.friend_request_received.unwrap_or(self.friend_request_received),
            friend_request_accepted: update.friend_request_accepted.unwrap_or(self.friend_request_accepted),
            mentioned_in_diary: update.mentioned_in_diary.unwrap_or(self.mentioned_in_diary),
            future_diary_delivery: update.future_diary_delivery.unwrap_or(self.future_diary_delivery),
            inactivity_reminder: update.inactivity_reminder.unwrap_or(self.inactivity_reminder),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_specs() {
        let d = Preferences::default();
        assert!(
            d.friend_request_received && d.friend_request_accepted && d.mentioned_in_diary && d.future_diary_delivery
        );
        assert!(!d.inactivity_reminder);
    }

    #[test]
    fn each_friend_mail_follows_its_own_switch() {
        use crate::domain::Preference;
        let d = Preferences::default();
        assert!(d.allows(Preference::FriendRequestReceived) && d.allows(Preference::FriendRequestAccepted));
        let off = Preferences { friend_request_received: false, ..d };
        assert!(!off.allows(Preference::FriendRequestReceived));
        assert!(off.allows(Preference::FriendRequestAccepted));
        let off = Preferences { friend_request_accepted: false, ..d };
        assert!(off.allows(Preference::FriendRequestReceived));
        assert!(!off.allows(Preference::FriendRequestAccepted));
    }

    #[test]
    fn an_update_changes_only_the_given_fields() {
        let update = PreferencesUpdate {
            inactivity_reminder: Some(true),
            mentioned_in_diary: Some(false),
            ..Default::default()
        };
        let changed = Preferences::default().with(update);
        assert_eq!(
            changed,
            Preferences { inactivity_reminder: true, mentioned_in_diary: false, ..Preferences::default() }
        );
        assert_eq!(changed.with(PreferencesUpdate::default()), changed);
    }
}
