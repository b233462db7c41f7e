//! Which optional e-mails a user wants. Transactional mail (codes, links, security notices) is
//! always sent; these switch the social, diary and reminder mail.

/// An optional mail's switch in the recipient's preferences: the five of spec §3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preference {
    FriendRequestReceived,
    FriendRequestAccepted,
    MentionedInDiary,
    FutureDiaryDelivery,
    InactivityReminder,
}

impl Preference {
    pub const ALL: [Self; 5] = [
        Self::FriendRequestReceived,
        Self::FriendRequestAccepted,
        Self::MentionedInDiary,
        Self::FutureDiaryDelivery,
        Self::InactivityReminder,
    ];

    /// The column of `email_preferences` (and the stored value of `unsubscribe_tokens.preference`).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::FriendRequestReceived => "friend_request_received",
            Self::FriendRequestAccepted => "friend_request_accepted",
            Self::MentionedInDiary => "mentioned_in_diary",
            Self::FutureDiaryDelivery => "future_diary_delivery",
            Self::InactivityReminder => "inactivity_reminder",
        }
    }

    #[must_use]
    pub fn from_stored(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.as_str() == raw)
    }

    /// The switch's label on the settings screen (frontend/src/features/settings,
    /// `email-preferences-form.tsx`): what the unsubscribe page says was turned off.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::FriendRequestReceived => "友達リクエストを受け取ったとき",
            Self::FriendRequestAccepted => "友達リクエストが承認されたとき",
            Self::MentionedInDiary => "日記でメンションされたとき",
            Self::FutureDiaryDelivery => "未来日記が届いたとき",
            Self::InactivityReminder => "しばらくログインしていないときのお知らせ",
        }
    }

    /// The change that turns this switch off.
    #[must_use]
    pub fn off(self) -> PreferencesUpdate {
        let mut update = PreferencesUpdate::default();
        let field = match self {
            Self::FriendRequestReceived => &mut update.friend_request_received,
            Self::FriendRequestAccepted => &mut update.friend_request_accepted,
            Self::MentionedInDiary => &mut update.mentioned_in_diary,
            Self::FutureDiaryDelivery => &mut update.future_diary_delivery,
            Self::InactivityReminder => &mut update.inactivity_reminder,
        };
        *field = Some(false);
        update
    }
}

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
    pub const fn allows(&self, preference: Preference) -> bool {
        match preference {
            Preference::FriendRequestReceived => self.friend_request_received,
            Preference::FriendRequestAccepted => self.friend_request_accepted,
            Preference::MentionedInDiary => self.mentioned_in_diary,
            Preference::FutureDiaryDelivery => self.future_diary_delivery,
            Preference::InactivityReminder => self.inactivity_reminder,
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
    fn turning_one_switch_off_touches_no_other() {
        for preference in Preference::ALL {
            let off = Preferences::default().with(preference.off());
            assert!(!off.allows(preference), "{preference:?}");
            for other in Preference::ALL.into_iter().filter(|p| *p != preference) {
                assert_eq!(off.allows(other), Preferences::default().allows(other), "{other:?}");
            }
            assert_eq!(Preference::from_stored(preference.as_str()), Some(preference));
            assert!(!preference.label().is_ascii());
        }
        assert_eq!(Preference::from_stored("newsletter"), None);
    }

    #[test]
    fn each_friend_mail_follows_its_own_switch() {
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
