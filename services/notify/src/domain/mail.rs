//! What kind of message a row is.

use meguri_events::contracts::MailKind;

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
