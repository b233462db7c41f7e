//! What kind of message a row is, and a mail request as notify reads it from the `mail` stream.

use chrono::{DateTime, NaiveDate, Utc};
use meguri_ids::UserId;
use meguri_proto::notify as pb;
use meguri_proto::notify::mail_requested::Kind;
use uuid::Uuid;

use crate::domain::Preference;

/// A `meguri.notify.v1.MailRequested` event, checked: what the templates render.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailRequest {
    pub user_id: Option<UserId>,
    /// The recipient address; empty when the publisher does not know it (social): notify asks
    /// identity for the address of `user_id` before rendering (see [`MailRequest::addressed`]).
    pub to: String,
    /// How to address the person (a username), if known.
    pub name: Option<String>,
    pub mail: MailKind,
}

/// Which mail to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MailKind {
    /// The 6-digit sign-up verification code.
    VerificationCode { code: String, expires_in_minutes: u32 },
    /// A password reset link (`/reset-password?token=…&email=…`).
    PasswordReset { token: String, expires_in_minutes: u32 },
    /// A link confirming a new address (`/auth/confirm-email?token=…`), sent to the new address.
    EmailChange { token: String, expires_in_minutes: u32 },
    /// Sent once the address is verified.
    Welcome,
    /// Sent to the old address after an e-mail change, and after a password change or reset.
    SecurityNotice { what: SecurityChange },
    /// Someone (`from`) asked the recipient to be friends. Optional: preference
    /// `friendRequestReceived`.
    FriendRequestReceived { from: Person },
    /// The recipient's friend request was accepted by `by`. Optional: preference
    /// `friendRequestAccepted`.
    FriendRequestAccepted { by: Person },
    /// A friend (`from`) mentioned the recipient in the diary entry `entry_id` of `entry_date`.
    /// Optional: preference `mentionedInDiary`. Never the entry's text.
    MentionedInDiary { from: Person, entry_id: Uuid, entry_date: NaiveDate },
    /// The recipient's letter to the future, written on `authored_date`, arrived (the scheduler).
    /// Optional: preference `futureDiaryDelivery`. notify never has the letter's text.
    FutureDiaryDelivery { authored_date: NaiveDate, delivery_date: NaiveDate },
    /// Seven days without a visit (the scheduler). Optional: preference `inactivityReminder`.
    InactivityReminder,
    /// The receipt of a completed credit-pack purchase (billing). Always sent: a receipt is not
    /// marketing.
    PurchaseReceipt(Receipt),
    /// Staff answered the recipient's support ticket (support): the subject, the start of the
    /// reply and the link to `/support/reply/{token}`. Always sent: the member asked.
    SupportReply(SupportReply),
}

/// What the mail of a staff reply says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SupportReply {
    pub ticket_id: Uuid,
    pub subject: String,
    /// The start of the reply, one line.
    pub preview: String,
    /// The reply link's token (support keeps only its hash).
    pub token: String,
    pub expires_in_days: u32,
}

/// What a purchase receipt states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Receipt {
    pub purchase_id: Uuid,
    /// The pack's title at the time of purchase (`30クレジット`).
    pub item_title: String,
    /// Yen, tax included.
    pub amount_yen: i64,
    pub quantity: i32,
    pub credits_granted: i64,
    pub completed_at: DateTime<Utc>,
}

/// Another member as a social mail names them (public fields only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    pub username: String,
    pub first_name: Option<String>,
}

impl MailKind {
    /// The preference that switches this mail, `None` for the mail always sent (codes, links,
    /// welcome, security notices).
    #[must_use]
    pub const fn preference(&self) -> Option<Preference> {
        match self {
            Self::FriendRequestReceived { .. } => Some(Preference::FriendRequestReceived),
            Self::FriendRequestAccepted { .. } => Some(Preference::FriendRequestAccepted),
            Self::MentionedInDiary { .. } => Some(Preference::MentionedInDiary),
            Self::FutureDiaryDelivery { .. } => Some(Preference::FutureDiaryDelivery),
            Self::InactivityReminder => Some(Preference::InactivityReminder),
            Self::VerificationCode { .. }
            | Self::PasswordReset { .. }
            | Self::EmailChange { .. }
            | Self::Welcome
            | Self::SecurityNotice { .. }
            | Self::PurchaseReceipt(_)
            | Self::SupportReply(_) => None,
        }
    }
}

impl MailRequest {
    /// Whether the recipient's address must come from identity (the publisher left `to` empty).
    #[must_use]
    pub fn needs_address(&self) -> bool {
        self.to.trim().is_empty()
    }

    /// The request sent to `email`; the username identity gave addresses the person unless the
    /// publisher named them.
    #[must_use]
    pub fn addressed(self, email: String, username: String) -> Self {
        let name = self.name.or_else(|| Some(username).filter(|u| !u.trim().is_empty()));
        Self { to: email, name, ..self }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SecurityChange {
    EmailChanged,
    PasswordChanged,
    /// Someone tried to sign up with the address of an existing account.
    SignUpAttempted,
}

impl TryFrom<pb::MailRequested> for MailRequest {
    type Error = anyhow::Error;

    /// # Errors
    /// The request breaks the contract: no mail kind, an unknown security change, a user id that
    /// is not a UUID, no address and no user to find one for, or a social mail without a user.
    fn try_from(request: pb::MailRequested) -> Result<Self, Self::Error> {
        let user_id = match request.user_id {
            Some(raw) => Some(raw.parse().map_err(|_| anyhow::anyhow!("the user id {raw:?} is not a UUID"))?),
            None => None,
        };
        let mail = match request.kind.ok_or_else(|| anyhow::anyhow!("a mail request without a kind"))? {
            Kind::VerificationCode(m) => {
                MailKind::VerificationCode { code: m.code, expires_in_minutes: m.expires_in_minutes }
            }
            Kind::PasswordReset(m) => {
                MailKind::PasswordReset { token: m.token, expires_in_minutes: m.expires_in_minutes }
            }
            Kind::EmailChange(m) => MailKind::EmailChange { token: m.token, expires_in_minutes: m.expires_in_minutes },
            Kind::Welcome(_) => MailKind::Welcome,
            Kind::SecurityNotice(m) => MailKind::SecurityNotice {
                what: match pb::SecurityChange::try_from(m.what) {
                    Ok(pb::SecurityChange::EmailChanged) => SecurityChange::EmailChanged,
                    Ok(pb::SecurityChange::PasswordChanged) => SecurityChange::PasswordChanged,
                    Ok(pb::SecurityChange::SignUpAttempted) => SecurityChange::SignUpAttempted,
                    Ok(pb::SecurityChange::Unspecified) | Err(_) => {
                        anyhow::bail!("a security notice about an unknown change ({})", m.what)
                    }
                },
            },
            Kind::FriendRequestReceived(m) => MailKind::FriendRequestReceived {
                from: Person { username: m.from_username, first_name: m.from_first_name },
            },
            Kind::FriendRequestAccepted(m) => {
                MailKind::FriendRequestAccepted { by: Person { username: m.by_username, first_name: m.by_first_name } }
            }
            Kind::MentionedInDiary(m) => MailKind::MentionedInDiary {
                from: Person { username: m.from_username, first_name: m.from_first_name },
                entry_id: m
                    .entry_id
                    .parse()
                    .map_err(|_| anyhow::anyhow!("the entry id {:?} is not a UUID", m.entry_id))?,
                entry_date: parse_date(&m.entry_date)?,
            },
            Kind::PurchaseReceipt(m) => MailKind::PurchaseReceipt(Receipt {
                purchase_id: m
                    .purchase_id
                    .parse()
                    .map_err(|_| anyhow::anyhow!("the purchase id {:?} is not a UUID", m.purchase_id))?,
                amount_yen: if m.amount_yen > 0 { m.amount_yen } else { anyhow::bail!("a receipt without an amount") },
                quantity: if m.quantity > 0 { m.quantity } else { anyhow::bail!("a receipt without a quantity") },
                credits_granted: m.credits_granted,
                completed_at: DateTime::parse_from_rfc3339(&m.completed_at)
                    .map_err(|_| anyhow::anyhow!("the completion time {:?} is not RFC 3339", m.completed_at))?
                    .with_timezone(&Utc),
                item_title: m.item_title,
            }),
            Kind::SupportReply(m) => MailKind::SupportReply(SupportReply {
                ticket_id: m
                    .ticket_id
                    .parse()
                    .map_err(|_| anyhow::anyhow!("the ticket id {:?} is not a UUID", m.ticket_id))?,
                subject: m.subject,
                preview: m.preview,
                token: if m.token.trim().is_empty() {
                    anyhow::bail!("a support reply without a link")
                } else {
                    m.token
                },
                expires_in_days: m.expires_in_days,
            }),
        };
        if user_id.is_none() && (request.to.trim().is_empty() || mail.preference().is_some()) {
            anyhow::bail!("a mail request that names no user needs an address, and cannot be an optional mail");
        }
        Ok(Self { user_id, to: request.to, name: request.name, mail })
    }
}

/// A `YYYY-MM-DD` date of an event.
///
/// # Errors
/// Anything else (the publisher broke the contract).
pub fn parse_date(raw: &str) -> anyhow::Result<NaiveDate> {
    NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .ok()
        .filter(|_| raw.len() == 10)
        .ok_or_else(|| anyhow::anyhow!("the date {raw:?} is not YYYY-MM-DD"))
}

/// The `type` column of `email_notifications`, and the `type` label of the mail metrics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MailType {
    VerificationCode,
    PasswordReset,
    EmailChange,
    Welcome,
    SecurityNotice,
    FriendRequestReceived,
    FriendRequestAccepted,
    MentionedInDiary,
    FutureDiaryDelivery,
    InactivityReminder,
    PurchaseReceipt,
    SupportReply,
}

impl MailType {
    pub const ALL: [Self; 12] = [
        Self::VerificationCode,
        Self::PasswordReset,
        Self::EmailChange,
        Self::Welcome,
        Self::SecurityNotice,
        Self::FriendRequestReceived,
        Self::FriendRequestAccepted,
        Self::MentionedInDiary,
        Self::FutureDiaryDelivery,
        Self::InactivityReminder,
        Self::PurchaseReceipt,
        Self::SupportReply,
    ];

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::VerificationCode => "verification_code",
            Self::PasswordReset => "password_reset",
            Self::EmailChange => "email_change",
            Self::Welcome => "welcome",
            Self::SecurityNotice => "security_notice",
            Self::FriendRequestReceived => "friend_request_received",
            Self::FriendRequestAccepted => "friend_request_accepted",
            Self::MentionedInDiary => "mentioned_in_diary",
            Self::FutureDiaryDelivery => "future_diary_delivery",
            Self::InactivityReminder => "inactivity_reminder",
            Self::PurchaseReceipt => "purchase_receipt",
            Self::SupportReply => "support_reply",
        }
    }

    /// The type of a stored row (the column's check constraint holds these twelve).
    #[must_use]
    pub fn from_stored(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.as_str() == raw)
    }
}

impl From<&MailKind> for MailType {
    fn from(kind: &MailKind) -> Self {
        match kind {
            MailKind::VerificationCode { .. } => Self::VerificationCode,
            MailKind::PasswordReset { .. } => Self::PasswordReset,
            MailKind::EmailChange { .. } => Self::EmailChange,
            MailKind::Welcome => Self::Welcome,
            MailKind::SecurityNotice { .. } => Self::SecurityNotice,
            MailKind::FriendRequestReceived { .. } => Self::FriendRequestReceived,
            MailKind::FriendRequestAccepted { .. } => Self::FriendRequestAccepted,
            MailKind::MentionedInDiary { .. } => Self::MentionedInDiary,
            MailKind::FutureDiaryDelivery { .. } => Self::FutureDiaryDelivery,
            MailKind::InactivityReminder => Self::InactivityReminder,
            MailKind::PurchaseReceipt(_) => Self::PurchaseReceipt,
            MailKind::SupportReply(_) => Self::SupportReply,
        }
    }
}

/// The longest error text stored on a row.
const MAX_ERROR_CHARS: usize = 200;

/// `message` cut to 200 characters, on one line: stored as `error_message`, never a transcript.
#[must_use]
pub fn short_error(message: &str) -> String {
    let one_line: String = message.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let mut out: String = one_line.trim().chars().take(MAX_ERROR_CHARS).collect();
    if one_line.trim().chars().count() > MAX_ERROR_CHARS {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_types_round_trip() {
        for t in MailType::ALL {
            assert_eq!(MailType::from_stored(t.as_str()), Some(t));
        }
        assert_eq!(MailType::from_stored("newsletter"), None);
    }

    fn friend_request(user_id: Option<String>, to: &str) -> pb::MailRequested {
        pb::MailRequested {
            user_id,
            to: to.into(),
            name: None,
            kind: Some(Kind::FriendRequestReceived(pb::mail_requested::FriendRequestReceived {
                from_username: "hanako".into(),
                from_first_name: Some("花子".into()),
            })),
        }
    }

    #[test]
    fn a_social_mail_names_its_user_and_may_leave_the_address_to_identity() {
        let user = UserId::new();
        let request = MailRequest::try_from(friend_request(Some(user.to_string()), "")).expect("valid");
        assert!(request.needs_address());
        assert_eq!(request.mail.preference(), Some(Preference::FriendRequestReceived));
        assert_eq!(
            request.mail,
            MailKind::FriendRequestReceived {
                from: Person { username: "hanako".into(), first_name: Some("花子".into()) }
            }
        );
        let addressed = request.addressed("taro@example.jp".into(), "taro".into());
        assert!(!addressed.needs_address());
        assert_eq!((addressed.to.as_str(), addressed.name.as_deref()), ("taro@example.jp", Some("taro")));

        // Without a user there is nobody to look up, and no preference to honour.
        assert!(MailRequest::try_from(friend_request(None, "")).is_err());
        assert!(MailRequest::try_from(friend_request(None, "taro@example.jp")).is_err());
    }

    #[test]
    fn a_mention_mail_needs_an_entry_id_and_a_date() {
        let mention = |entry_id: &str, entry_date: &str| pb::MailRequested {
            user_id: Some(UserId::new().to_string()),
            to: String::new(),
            name: None,
            kind: Some(Kind::MentionedInDiary(pb::mail_requested::MentionedInDiary {
                from_username: "hanako".into(),
                from_first_name: None,
                entry_id: entry_id.into(),
                entry_date: entry_date.into(),
            })),
        };
        let entry = Uuid::now_v7();
        let request = MailRequest::try_from(mention(&entry.to_string(), "2026-12-03")).expect("valid");
        assert_eq!(request.mail.preference(), Some(Preference::MentionedInDiary));
        assert_eq!(
            request.mail,
            MailKind::MentionedInDiary {
                from: Person { username: "hanako".into(), first_name: None },
                entry_id: entry,
                entry_date: NaiveDate::from_ymd_opt(2026, 12, 3).expect("date"),
            }
        );
        assert!(MailRequest::try_from(mention("entry-1", "2026-12-03")).is_err());
        for bad in ["2026-13-01", "2026-1-3", "", "2026-12-03T00:00"] {
            assert!(MailRequest::try_from(mention(&entry.to_string(), bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_receipt_needs_a_purchase_id_an_amount_and_a_completion_time() {
        let receipt = |purchase_id: &str, amount_yen: i64, completed_at: &str| pb::MailRequested {
            user_id: Some(UserId::new().to_string()),
            to: String::new(),
            name: None,
            kind: Some(Kind::PurchaseReceipt(pb::mail_requested::PurchaseReceipt {
                purchase_id: purchase_id.into(),
                item_title: "30クレジット".into(),
                amount_yen,
                quantity: 2,
                credits_granted: 60,
                completed_at: completed_at.into(),
            })),
        };
        let id = Uuid::now_v7();
        let request = MailRequest::try_from(receipt(&id.to_string(), 2400, "2026-12-03T05:06:07.000Z")).expect("valid");
        assert_eq!(request.mail.preference(), None, "a receipt is always sent");
        let MailKind::PurchaseReceipt(r) = request.mail else { panic!("{:?}", request.mail) };
        assert_eq!((r.purchase_id, r.amount_yen, r.quantity, r.credits_granted), (id, 2400, 2, 60));
        assert_eq!(r.completed_at.to_rfc3339(), "2026-12-03T05:06:07+00:00");
        assert!(MailRequest::try_from(receipt("p-1", 2400, "2026-12-03T05:06:07Z")).is_err());
        assert!(MailRequest::try_from(receipt(&id.to_string(), 0, "2026-12-03T05:06:07Z")).is_err());
        assert!(MailRequest::try_from(receipt(&id.to_string(), 2400, "2026-12-03")).is_err());
    }

    #[test]
    fn transactional_mail_has_no_preference_and_keeps_the_name_it_was_given() {
        let request = MailRequest {
            user_id: Some(UserId::new()),
            to: String::new(),
            name: Some("はなこ".into()),
            mail: MailKind::Welcome,
        };
        assert_eq!(request.mail.preference(), None);
        let addressed = request.addressed("h@example.jp".into(), "hanako".into());
        assert_eq!(addressed.name.as_deref(), Some("はなこ"));
    }

    #[test]
    fn errors_are_one_short_line() {
        assert_eq!(short_error("451 try\r\nlater"), "451 try  later");
        let long = "x".repeat(500);
        assert_eq!(short_error(&long).chars().count(), 201);
    }
}
