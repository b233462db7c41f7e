//! The events that cross service boundaries, with their streams. A consumer relies on these
//! shapes the way a gRPC client relies on a `.proto`: add fields as optional, never rename.

use meguri_ids::UserId;
use serde::{Deserialize, Serialize};

use crate::Event;

/// Account events of `identity`; read by billing (sign-up grant), notify (preferences) and later
/// fortune-gen (chart rebuilds).
pub const IDENTITY_STREAM: &str = "identity";
/// Mail requests of any producer; read by notify only, and deleted from the stream once handled,
/// because they carry one-time secrets (a verification code, a reset token).
pub const MAIL_STREAM: &str = "mail";

/// A person signed up (the account is not yet verified).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserSignedUp {
    pub user_id: UserId,
}
impl Event for UserSignedUp {
    const STREAM: &'static str = IDENTITY_STREAM;
    const TYPE: &'static str = "identity.user_signed_up";
}

/// The e-mail address was verified (the account can sign in).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmailVerified {
    pub user_id: UserId,
}
impl Event for EmailVerified {
    const STREAM: &'static str = IDENTITY_STREAM;
    const TYPE: &'static str = "identity.email_verified";
}

/// Birth data was set or changed: the chart must be rebuilt.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BirthDataChanged {
    pub user_id: UserId,
}
impl Event for BirthDataChanged {
    const STREAM: &'static str = IDENTITY_STREAM;
    const TYPE: &'static str = "identity.birth_data_changed";
}

/// The account was deleted; services drop or scrub what they hold about the user.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountDeleted {
    pub user_id: UserId,
}
impl Event for AccountDeleted {
    const STREAM: &'static str = IDENTITY_STREAM;
    const TYPE: &'static str = "identity.account_deleted";
}

/// Which mail to send. notify owns the templates and the links' base URL.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
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
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SecurityChange {
    EmailChanged,
    PasswordChanged,
}

/// Send one e-mail.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MailRequested {
    pub user_id: Option<UserId>,
    /// The recipient address.
    pub to: String,
    /// How to address the person (a username), if known.
    pub name: Option<String>,
    #[serde(flatten)]
    pub mail: MailKind,
}
impl Event for MailRequested {
    const STREAM: &'static str = MAIL_STREAM;
    const TYPE: &'static str = "mail.requested";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mail_request_round_trips_with_its_kind_inline() {
        let event = MailRequested {
            user_id: Some(UserId::new()),
            to: "a@example.jp".into(),
            name: Some("hanako".into()),
            mail: MailKind::VerificationCode { code: "123456".into(), expires_in_minutes: 15 },
        };
        let json = serde_json::to_value(&event).expect("serialize");
        assert_eq!(json["kind"], "verification_code");
        assert_eq!(json["code"], "123456");
        assert_eq!(serde_json::from_value::<MailRequested>(json).expect("deserialize"), event);
    }
}
