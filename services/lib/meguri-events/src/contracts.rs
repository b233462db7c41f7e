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
///
/// On the wire the kind is a snake_case tag and the fields are camelCase like every other event
/// (`{"kind":"verification_code","code":"…","expiresInMinutes":15}`); the snake_case field names
/// of entries written before that change are still read.
#[serde(tag = "kind", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum MailKind {
    /// The 6-digit sign-up verification code.
    VerificationCode {
        code: String,
        #[serde(alias = "expires_in_minutes")]
        expires_in_minutes: u32,
    },
    /// A password reset link (`/reset-password?token=…&email=…`).
    PasswordReset {
        token: String,
        #[serde(alias = "expires_in_minutes")]
        expires_in_minutes: u32,
    },
    /// A link confirming a new address (`/auth/confirm-email?token=…`), sent to the new address.
    EmailChange {
        token: String,
        #[serde(alias = "expires_in_minutes")]
        expires_in_minutes: u32,
    },
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
    /// Someone tried to sign up with the address of an existing account (sign-up answers the same
    /// for any address, so the owner learns it here).
    SignUpAttempted,
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
        assert_eq!(json["expiresInMinutes"], 15);
        assert_eq!(json["userId"], serde_json::to_value(event.user_id).expect("id"));
        assert_eq!(serde_json::from_value::<MailRequested>(json).expect("deserialize"), event);
    }

    #[test]
    fn a_mail_request_written_with_snake_case_fields_is_still_read() {
        let old = serde_json::json!({"userId": null, "to": "a@example.jp", "name": null,
            "kind": "password_reset", "token": "t", "expires_in_minutes": 60});
        let read: MailRequested = serde_json::from_value(old).expect("deserialize");
        assert_eq!(read.mail, MailKind::PasswordReset { token: "t".into(), expires_in_minutes: 60 });
    }

    #[test]
    fn a_security_notice_names_its_change_in_snake_case() {
        let json =
            serde_json::to_value(MailKind::SecurityNotice { what: SecurityChange::PasswordChanged }).expect("ser");
        assert_eq!(json, serde_json::json!({"kind": "security_notice", "what": "password_changed"}));
    }
}
