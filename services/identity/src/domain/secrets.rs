//! One-time secrets sent by mail: the 6-digit verification code and the link tokens (password
//! reset, e-mail change). Only their HMAC-SHA256 digest under a server-side key is stored, so a
//! copy of the database reveals neither the codes nor the tokens, and a 6-digit code cannot be
//! brute-forced offline without the key.

use std::fmt;

use base64::Engine as _;
use hmac::{Hmac, KeyInit as _, Mac as _};
use secrecy::{ExposeSecret as _, SecretString};
use sha2::Sha256;

/// A verification code: 6 decimal digits, uniformly random.
#[derive(Clone, PartialEq, Eq)]
pub struct VerificationCode(String);

impl VerificationCode {
    pub const LEN: usize = 6;

    /// # Errors
    /// The OS random source failed.
    pub fn generate() -> anyhow::Result<Self> {
        // Rejection sampling keeps every code equally likely.
        loop {
            let mut bytes = [0_u8; 4];
            getrandom::fill(&mut bytes).map_err(|e| anyhow::anyhow!("random: {e}"))?;
            let n = u32::from_le_bytes(bytes);
            if n < 4_294_000_000 {
                return Ok(Self(format!("{:06}", n % 1_000_000)));
            }
        }
    }

    /// A code as typed: surrounding blanks and full-width digits are accepted.
    #[must_use]
    pub fn parse(raw: &str) -> Option<Self> {
        let digits: String = raw
            .trim()
            .chars()
            .map(|c| match c {
                '０'..='９' => char::from_u32(c as u32 - '０' as u32 + '0' as u32).unwrap_or(c),
                _ => c,
            })
            .collect();
        (digits.len() == Self::LEN && digits.bytes().all(|b| b.is_ascii_digit())).then_some(Self(digits))
    }

    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for VerificationCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("VerificationCode(…)")
    }
}

/// A link token: 32 random bytes, base64url without padding (43 characters).
#[derive(Clone, PartialEq, Eq)]
pub struct LinkToken(String);

impl LinkToken {
    /// # Errors
    /// The OS random source failed.
    pub fn generate() -> anyhow::Result<Self> {
        let mut bytes = [0_u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| anyhow::anyhow!("random: {e}"))?;
        Ok(Self(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)))
    }

    /// A token as it came back from a link; anything not shaped like one is `None`.
    #[must_use]
    pub fn parse(raw: &str) -> Option<Self> {
        let raw = raw.trim();
        (raw.len() == 43 && raw.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
            .then(|| Self(raw.to_owned()))
    }

    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for LinkToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("LinkToken(…)")
    }
}

/// What a secret is for; part of the digest input, so a code digest never matches a token's.
#[derive(Clone, Copy, Debug)]
pub enum Purpose {
    Verification,
    PasswordReset,
    EmailChange,
}

/// Digests secrets with HMAC-SHA256 under `TOKEN_PEPPER`.
#[derive(Clone)]
pub struct SecretDigester {
    key: SecretString,
}

impl SecretDigester {
    #[must_use]
    pub fn new(key: SecretString) -> Self {
        Self { key }
    }

    /// The digest of `secret` for `purpose`, bound to `subject` (the user id or address) so one
    /// user's digest is useless for another.
    #[must_use]
    pub fn digest(&self, purpose: Purpose, subject: &str, secret: &str) -> Vec<u8> {
        #[allow(clippy::expect_used)] // HMAC takes keys of any length
        let mut mac = <Hmac<Sha256>>::new_from_slice(self.key.expose_secret().as_bytes()).expect("any key length");
        let tag: &[u8] = match purpose {
            Purpose::Verification => b"verification\0",
            Purpose::PasswordReset => b"password-reset\0",
            Purpose::EmailChange => b"email-change\0",
        };
        mac.update(tag);
        mac.update(subject.as_bytes());
        mac.update(b"\0");
        mac.update(secret.as_bytes());
        mac.finalize().into_bytes().to_vec()
    }

    /// Whether `secret` has the stored digest, compared in constant time.
    #[must_use]
    pub fn matches(&self, purpose: Purpose, subject: &str, secret: &str, stored: &[u8]) -> bool {
        use subtle::ConstantTimeEq as _;
        self.digest(purpose, subject, secret).ct_eq(stored).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_digits() {
        for _ in 0..200 {
            let code = VerificationCode::generate().expect("random");
            assert_eq!(code.expose().len(), 6);
            assert!(code.expose().bytes().all(|b| b.is_ascii_digit()));
        }
    }

    #[test]
    fn typed_codes_accept_blanks_and_full_width_digits() {
        assert_eq!(VerificationCode::parse(" 012345 ").map(|c| c.0), Some("012345".into()));
        assert_eq!(VerificationCode::parse("０１２３４５").map(|c| c.0), Some("012345".into()));
        assert_eq!(VerificationCode::parse("01234"), None);
        assert_eq!(VerificationCode::parse("01234a"), None);
    }

    #[test]
    fn tokens_round_trip_through_parse() {
        let token = LinkToken::generate().expect("random");
        assert_eq!(token.expose().len(), 43);
        assert_eq!(LinkToken::parse(token.expose()), Some(token));
        assert_eq!(LinkToken::parse("short"), None);
    }

    #[test]
    fn digests_depend_on_purpose_subject_and_key() {
        let d = SecretDigester::new(SecretString::from("k1"));
        let base = d.digest(Purpose::Verification, "u1", "123456");
        assert!(d.matches(Purpose::Verification, "u1", "123456", &base));
        assert!(!d.matches(Purpose::PasswordReset, "u1", "123456", &base));
        assert!(!d.matches(Purpose::Verification, "u2", "123456", &base));
        assert!(!d.matches(Purpose::Verification, "u1", "123457", &base));
        let other = SecretDigester::new(SecretString::from("k2"));
        assert!(!other.matches(Purpose::Verification, "u1", "123456", &base));
    }

    #[test]
    fn debug_hides_secrets() {
        assert_eq!(format!("{:?}", VerificationCode::generate().expect("random")), "VerificationCode(…)");
        assert_eq!(format!("{:?}", LinkToken::generate().expect("random")), "LinkToken(…)");
    }
}
