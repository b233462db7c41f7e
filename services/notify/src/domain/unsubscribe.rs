//! One-click unsubscribe tokens: `base64url(id ‖ HMAC-SHA256(key, id ‖ user ‖ preference))`, no
//! padding. `id` is random and stored (`unsubscribe_tokens`, used once); the HMAC binds it to one
//! user and one preference, so a token cannot be forged or pointed at another switch. The key is
//! derived from `INTERNAL_JWT_SECRET` with the label "meguri unsubscribe v1" (no variable of its
//! own; a label change makes every earlier token invalid).

use base64::Engine as _;
use hmac::{Hmac, KeyInit as _, Mac as _};
use meguri_ids::UserId;
use secrecy::{ExposeSecret as _, SecretString};
use sha2::Sha256;
use uuid::Uuid;

use crate::domain::Preference;

const LABEL: &[u8] = b"meguri unsubscribe v1";
const ID_BYTES: usize = 16;
const MAC_BYTES: usize = 32;

/// The key that signs and checks tokens.
#[derive(Clone)]
pub struct UnsubscribeKey([u8; MAC_BYTES]);

impl std::fmt::Debug for UnsubscribeKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("UnsubscribeKey(..)")
    }
}

/// A token read back: its id and its tag, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenParts {
    pub id: Uuid,
    tag: Vec<u8>,
}

fn mac(key: &[u8]) -> Hmac<Sha256> {
    #[allow(clippy::expect_used)] // HMAC takes keys of any length
    <Hmac<Sha256>>::new_from_slice(key).expect("any key length")
}

impl UnsubscribeKey {
    /// `HMAC-SHA256(INTERNAL_JWT_SECRET, "meguri unsubscribe v1")`.
    #[must_use]
    pub fn derive(secret: &SecretString) -> Self {
        let mut m = mac(secret.expose_secret().as_bytes());
        m.update(LABEL);
        Self(m.finalize().into_bytes().into())
    }

    fn tagger(&self, id: Uuid, user: UserId, preference: Preference) -> Hmac<Sha256> {
        let mut m = mac(&self.0);
        m.update(id.as_bytes());
        m.update(user.as_uuid().as_bytes());
        m.update(preference.as_str().as_bytes());
        m
    }

    /// The token for the stored id `id`.
    #[must_use]
    pub fn token(&self, id: Uuid, user: UserId, preference: Preference) -> String {
        let mut bytes = id.as_bytes().to_vec();
        bytes.extend_from_slice(&self.tagger(id, user, preference).finalize().into_bytes());
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
    }

    /// Whether `parts` were signed for this user and preference (compared in constant time).
    #[must_use]
    pub fn verify(&self, parts: &TokenParts, user: UserId, preference: Preference) -> bool {
        self.tagger(parts.id, user, preference).verify_slice(&parts.tag).is_ok()
    }
}

/// The id and tag of `raw`; `None` when it is not a token's shape (a mangled link).
#[must_use]
pub fn parse(raw: &str) -> Option<TokenParts> {
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(raw.trim()).ok()?;
    if bytes.len() != ID_BYTES + MAC_BYTES {
        return None;
    }
    let (id, tag) = bytes.split_at(ID_BYTES);
    Some(TokenParts { id: Uuid::from_slice(id).ok()?, tag: tag.to_vec() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(secret: &str) -> UnsubscribeKey {
        UnsubscribeKey::derive(&SecretString::from(secret.to_owned()))
    }

    #[test]
    fn a_token_names_its_id_and_checks_only_for_its_user_and_preference() {
        let key = key("0123456789abcdef0123456789abcdef");
        let (id, user) = (Uuid::new_v4(), UserId::new());
        let token = key.token(id, user, Preference::MentionedInDiary);
        assert_eq!(token.len(), 64, "{token}");
        assert!(token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "base64url: {token}");

        let parts = parse(&token).expect("well formed");
        assert_eq!(parts.id, id);
        assert!(key.verify(&parts, user, Preference::MentionedInDiary));
        assert!(!key.verify(&parts, UserId::new(), Preference::MentionedInDiary), "another user");
        assert!(!key.verify(&parts, user, Preference::InactivityReminder), "another switch");
        assert!(!self::key("another-secret-another-secret-0123").verify(&parts, user, Preference::MentionedInDiary));
    }

    #[test]
    fn a_changed_or_mangled_token_is_refused() {
        let key = key("0123456789abcdef0123456789abcdef");
        let (id, user) = (Uuid::new_v4(), UserId::new());
        let token = key.token(id, user, Preference::FutureDiaryDelivery);
        let mut forged = token.clone().into_bytes();
        let last = forged.len() - 1;
        forged[last] = if forged[last] == b'A' { b'B' } else { b'A' };
        let forged = String::from_utf8(forged).expect("ascii");
        assert!(parse(&forged).is_none_or(|p| !key.verify(&p, user, Preference::FutureDiaryDelivery)));
        for bad in ["", "abc", &token[..40], &format!("{token}AA"), "!!!!", &format!("+{}", &token[1..])] {
            assert!(parse(bad).is_none_or(|p| !key.verify(&p, user, Preference::FutureDiaryDelivery)), "{bad}");
        }
    }
}
