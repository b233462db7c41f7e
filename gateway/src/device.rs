//! The browser a member signs in from: a random id in a long-lived `HttpOnly` cookie, set at
//! sign-in. It carries no authority; it only lets the credential limiter tell the owner's own
//! browser from a stranger's, so guesses from elsewhere never lock the owner out
//! ([`crate::rate_limit::RateLimiter::count_credential_attempt`]).

use std::fmt;
use std::time::Duration;

use actix_web::HttpRequest;
use actix_web::cookie::Cookie;

use crate::session::{gateway_cookie, is_lower_hex, random_hex};

/// The cookie's name in development (plain HTTP on localhost).
pub const COOKIE_NAME: &str = "meguri_device";
/// The cookie's name everywhere else: the `__Host-` prefix makes browsers refuse it unless it is
/// `Secure`, host-only and on `/`.
pub const SECURE_COOKIE_NAME: &str = "__Host-meguri_device";
/// Random bytes in an id.
const ID_BYTES: usize = 16;
/// How long the browser keeps the cookie.
const MAX_AGE: Duration = crate::rate_limit::KNOWN_DEVICE_TTL;

/// An opaque device id (32 lowercase hex digits).
#[derive(Clone, PartialEq, Eq)]
pub struct DeviceId(String);

impl DeviceId {
    /// A fresh id from the OS CSPRNG; `None` if the random source failed (the device then stays
    /// unknown, which only means the stricter budget applies).
    #[must_use]
    pub fn generate() -> Option<Self> {
        random_hex(ID_BYTES).map(Self)
    }

    /// The id in a cookie value, if it has the form of one.
    #[must_use]
    pub fn parse(raw: &str) -> Option<Self> {
        is_lower_hex(raw, ID_BYTES).then(|| Self(raw.to_owned()))
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The device id the request carries, if any.
    #[must_use]
    pub fn of(req: &HttpRequest, secure: bool) -> Option<Self> {
        req.cookie(cookie_name(secure)).and_then(|c| Self::parse(c.value()))
    }
}

impl fmt::Debug for DeviceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DeviceId({}…)", &self.0[..6])
    }
}

/// The cookie name for this deployment.
#[must_use]
pub const fn cookie_name(secure: bool) -> &'static str {
    if secure { SECURE_COOKIE_NAME } else { COOKIE_NAME }
}

/// The cookie that keeps `id` in the browser.
#[must_use]
pub fn cookie(id: &DeviceId, secure: bool) -> Cookie<'static> {
    gateway_cookie(cookie_name(secure), id.as_str().to_owned(), secure, MAX_AGE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_128_bit_hex_and_round_trip() {
        let id = DeviceId::generate().expect("random");

        assert_eq!(id.as_str().len(), 32);
        assert_eq!(DeviceId::parse(id.as_str()), Some(id));
        assert_eq!(DeviceId::parse("xyz"), None);
        assert_eq!(DeviceId::parse(&"A".repeat(32)), None);
    }

    #[test]
    fn outside_development_the_cookie_has_the_host_prefix_and_is_secure() {
        let id = DeviceId::generate().expect("random");

        let text = cookie(&id, true).to_string();

        assert!(text.starts_with("__Host-meguri_device="), "{text}");
        assert!(text.contains("Secure") && text.contains("Path=/") && text.contains("HttpOnly"), "{text}");
        assert!(!text.contains("Domain"), "{text}");
        assert!(cookie(&id, false).to_string().starts_with("meguri_device="));
    }
}
