//! The rules of accounts, pure and unit-tested: parsed values that are valid by construction, and
//! the secrets (passwords, codes, tokens) with how they are stored.

mod audit;
mod birth;
mod email;
mod password;
mod secrets;
mod username;

pub use audit::{AuditAction, AuditRecord, PageCursor, StaffRole, TargetType, page_limit};
pub use birth::{BirthData, DstChoice, Gender, RawBirth};
pub use email::Email;
pub use password::{Password, PasswordHasher};
pub use secrets::{LinkToken, Purpose, SecretDigester, VerificationCode};
pub use username::{Clash, Username, UsernameError, clash, skeleton};

/// A rule an input broke; each names the stable code the gateway turns into Japanese.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.code())]
pub enum Invalid {
    Email,
    PasswordTooShort,
    PasswordTooLong,
    /// Which part of the username rule (`meguri-username`) failed; one code for all of them.
    Username(UsernameError),
    Name,
    BirthDate,
    BirthDateRequired,
    BirthTime,
    BirthLocation,
    Coordinates,
    DstChoice,
    Gender,
    PrivacyPolicyRequired,
    Code,
    TimezoneOffset,
}

impl Invalid {
    /// The stable code (`x-meguri-code`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::Email => "INVALID_EMAIL",
            Self::PasswordTooShort => "PASSWORD_TOO_SHORT",
            Self::PasswordTooLong => "PASSWORD_TOO_LONG",
            Self::Username(_) => "INVALID_USERNAME",
            Self::Name => "INVALID_NAME",
            Self::BirthDate => "INVALID_DATE",
            Self::BirthDateRequired => "BIRTH_DATE_REQUIRED",
            Self::BirthTime => "INVALID_TIME",
            Self::BirthLocation => "INVALID_LOCATION",
            Self::Coordinates => "INVALID_COORDINATES",
            Self::DstChoice => "INVALID_DST_CHOICE",
            Self::Gender => "GENDER_REQUIRED",
            Self::PrivacyPolicyRequired => "PRIVACY_POLICY_REQUIRED",
            Self::Code => "CODE_INVALID",
            Self::TimezoneOffset => meguri_tz::OutOfRange::CODE,
        }
    }
}

/// The privacy policy and terms version a sign-up consents to (spec: last revised 2025-09-27).
pub const PRIVACY_POLICY_VERSION: &str = "2025-09-27";
