//! What kind of message a row is, and a mail request as notify reads it from the `mail` stream.

use meguri_ids::UserId;
use meguri_proto::notify as pb;
use meguri_proto::notify::mail_requested::Kind;

/// A `meguri.notify.v1.MailRequested` event, checked: what the templates render.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailRequest {
    pub user_id: Option<UserId>,
    /// The recipient address.
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
    /// The request breaks the contract: no mail kind, an unknown security change, or a user id
    /// that is not a UUID.
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
        };
        Ok(Self { user_id, to: request.to, name: request.name, mail })
    }
}

/// The `type` column of `email_notifications`, and the `type` label of the mail metrics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MailType {
    VerificationCode,
    PasswordReset,
    EmailChange,
    Welcome,
    SecurityNotice,
}

impl MailType {
    pub const ALL: [Self; 5] =
        [Self::VerificationCode, Self::PasswordReset, Self::EmailChange, Self::Welcome, Self::SecurityNotice];

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::VerificationCode => "verification_code",
            Self::PasswordReset => "password_reset",
            Self::EmailChange => "email_change",
            Self::Welcome => "welcome",
            Self::SecurityNotice => "security_notice",
        }
    }

    /// The type of a stored row (the column's check constraint holds these five).
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

    #[test]
    fn errors_are_one_short_line() {
        assert_eq!(short_error("451 try\r\nlater"), "451 try  later");
        let long = "x".repeat(500);
        assert_eq!(short_error(&long).chars().count(), 201);
    }
}
