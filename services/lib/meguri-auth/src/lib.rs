//! The internal JWT: the gateway mints one per gRPC call, every service verifies it.
//!
//! - HS256 with a shared secret (`INTERNAL_JWT_SECRET`), held as [`SecretString`].
//! - Claims: `sub` (a user id or `"anonymous"`), `role`, `iss = "meguri-gateway"`,
//!   `aud = "meguri-internal"`, `iat`, `exp`; a token never lives longer than [`MAX_TTL`].
//! - [`AuthLayer`] is the server side: a tower layer for `tonic::transport::Server::layer` that
//!   refuses a call without a valid `authorization: Bearer <jwt>` (`Status::unauthenticated`),
//!   except the standard gRPC health service, and puts the verified [`Claims`] in the request
//!   extensions (read them with [`claims`]).

mod layer;

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use meguri_ids::UserId;
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use layer::{AuthLayer, AuthService, HEALTH_SERVICE_PREFIX};

/// `iss` of every internal token.
pub const ISSUER: &str = "meguri-gateway";
/// `aud` of every internal token.
pub const AUDIENCE: &str = "meguri-internal";
/// The longest lifetime a token may have (`exp - iat`).
pub const MAX_TTL: Duration = Duration::from_secs(60);
/// Clock skew tolerated between the gateway and a service when checking `exp`.
const LEEWAY_SECONDS: u64 = 5;
/// A secret shorter than this is refused: HS256 with a short key is guessable offline.
pub const MIN_SECRET_BYTES: usize = 32;

/// Who a call is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// A signed-out visitor (the landing calculator, place search).
    Visitor,
    /// A signed-in user.
    User,
    /// A signed-in back-office admin (staff role `admin`: everything staff may do).
    Admin,
    /// A signed-in support staff member (staff role `support`): works tickets and reads members,
    /// but adjusts no credits and manages no staff accounts. The token's subject is the staff id.
    Support,
    /// A service calling another service on its own behalf (a consumer, a scheduled job).
    Service,
}

impl Role {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Visitor => "visitor",
            Self::User => "user",
            Self::Admin => "admin",
            Self::Support => "support",
            Self::Service => "service",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Role {
    type Err = AuthError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "visitor" => Ok(Self::Visitor),
            "user" => Ok(Self::User),
            "admin" => Ok(Self::Admin),
            "support" => Ok(Self::Support),
            "service" => Ok(Self::Service),
            _ => Err(AuthError::InvalidToken),
        }
    }
}

/// The `sub` claim: a user, or nobody in particular.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Subject {
    Anonymous,
    User(UserId),
}

impl Subject {
    const ANONYMOUS: &'static str = "anonymous";

    /// The user id, when the call is made for a user.
    #[must_use]
    pub const fn user_id(&self) -> Option<UserId> {
        match self {
            Self::Anonymous => None,
            Self::User(id) => Some(*id),
        }
    }
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Anonymous => f.write_str(Self::ANONYMOUS),
            Self::User(id) => id.fmt(f),
        }
    }
}

impl Serialize for Subject {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Subject {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
        if raw == Self::ANONYMOUS {
            return Ok(Self::Anonymous);
        }
        raw.parse::<UserId>().map(Self::User).map_err(serde::de::Error::custom)
    }
}

/// The verified claims of an internal token, as a service sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    pub sub: Subject,
    pub role: Role,
    pub iss: String,
    pub aud: String,
    pub iat: u64,
    pub exp: u64,
}

/// The claims as written by the minter (borrowed, so minting allocates only the token).
#[derive(Serialize)]
struct OutgoingClaims<'a> {
    sub: &'a Subject,
    role: Role,
    iss: &'static str,
    aud: &'static str,
    iat: u64,
    exp: u64,
}

/// Why a token could not be minted or was refused. The text is for logs only: a service answers a
/// refused token with a fixed `Status::unauthenticated`.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AuthError {
    #[error("token lifetime {0:?} exceeds the maximum of 60 s")]
    TtlTooLong(Duration),
    #[error("token lifetime must be at least one second")]
    TtlTooShort,
    #[error("the internal JWT secret must be at least {MIN_SECRET_BYTES} bytes")]
    SecretTooShort,
    #[error("no bearer token")]
    MissingToken,
    #[error("the token has expired")]
    Expired,
    #[error("the token is invalid")]
    InvalidToken,
    #[error("the token could not be signed")]
    Signing,
}

fn unix_now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

fn check_secret(secret: &SecretString) -> Result<&[u8], AuthError> {
    let bytes = secret.expose_secret().as_bytes();
    if bytes.len() < MIN_SECRET_BYTES {
        return Err(AuthError::SecretTooShort);
    }
    Ok(bytes)
}

/// Mints internal tokens (the gateway, or a service calling another as `Role::Service`).
#[derive(Clone)]
pub struct TokenMinter {
    key: EncodingKey,
    header: Header,
    ttl_seconds: u64,
}

impl fmt::Debug for TokenMinter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TokenMinter").field("ttl_seconds", &self.ttl_seconds).finish_non_exhaustive()
    }
}

impl TokenMinter {
    /// # Errors
    /// [`AuthError::TtlTooLong`] past [`MAX_TTL`], [`AuthError::TtlTooShort`] under one second,
    /// [`AuthError::SecretTooShort`] for a weak secret.
    pub fn new(secret: &SecretString, ttl: Duration) -> Result<Self, AuthError> {
        if ttl > MAX_TTL {
            return Err(AuthError::TtlTooLong(ttl));
        }
        if ttl.as_secs() == 0 {
            return Err(AuthError::TtlTooShort);
        }
        Ok(Self {
            key: EncodingKey::from_secret(check_secret(secret)?),
            header: Header::new(Algorithm::HS256),
            ttl_seconds: ttl.as_secs(),
        })
    }

    /// How long a minted token is valid.
    #[must_use]
    pub const fn ttl(&self) -> Duration {
        Duration::from_secs(self.ttl_seconds)
    }

    /// A token for `subject` acting as `role`, valid from now for the configured lifetime.
    ///
    /// # Errors
    /// [`AuthError::Signing`] if the signer fails (it does not with HS256 and a valid key).
    pub fn mint(&self, subject: &Subject, role: Role) -> Result<String, AuthError> {
        self.mint_at(subject, role, unix_now())
    }

    /// As [`mint`](Self::mint), issued at `iat` (seconds since the epoch): for tests.
    ///
    /// # Errors
    /// See [`mint`](Self::mint).
    pub fn mint_at(&self, subject: &Subject, role: Role, iat: u64) -> Result<String, AuthError> {
        let claims =
            OutgoingClaims { sub: subject, role, iss: ISSUER, aud: AUDIENCE, iat, exp: iat + self.ttl_seconds };
        jsonwebtoken::encode(&self.header, &claims, &self.key).map_err(|_| AuthError::Signing)
    }

    /// `Bearer <token>`, ready for the `authorization` metadata entry.
    ///
    /// # Errors
    /// See [`mint`](Self::mint).
    pub fn bearer(
        &self,
        subject: &Subject,
        role: Role,
    ) -> Result<tonic::metadata::MetadataValue<tonic::metadata::Ascii>, AuthError> {
        let token = self.mint(subject, role)?;
        let mut value = String::with_capacity(token.len() + 7);
        value.push_str("Bearer ");
        value.push_str(&token);
        value.parse().map_err(|_| AuthError::Signing)
    }
}

/// Verifies internal tokens (every service, through [`AuthLayer`]).
#[derive(Clone)]
pub struct TokenVerifier {
    key: DecodingKey,
    validation: Validation,
}

impl fmt::Debug for TokenVerifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TokenVerifier").finish_non_exhaustive()
    }
}

impl TokenVerifier {
    /// # Errors
    /// [`AuthError::SecretTooShort`] for a weak secret.
    pub fn new(secret: &SecretString) -> Result<Self, AuthError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "iat", "iss", "aud", "sub"]);
        validation.leeway = LEEWAY_SECONDS;
        Ok(Self { key: DecodingKey::from_secret(check_secret(secret)?), validation })
    }

    /// The claims of a valid token.
    ///
    /// # Errors
    /// [`AuthError::Expired`] past `exp`; [`AuthError::InvalidToken`] for a bad signature, issuer,
    /// audience, a lifetime over [`MAX_TTL`], or anything malformed.
    pub fn verify(&self, token: &str) -> Result<Claims, AuthError> {
        let data = jsonwebtoken::decode::<Claims>(token, &self.key, &self.validation).map_err(|e| match e.kind() {
            jsonwebtoken::errors::ErrorKind::ExpiredSignature => AuthError::Expired,
            _ => AuthError::InvalidToken,
        })?;
        let claims = data.claims;
        // A token minted elsewhere with a long life is refused even when signed with our key.
        if claims.exp < claims.iat || claims.exp - claims.iat > MAX_TTL.as_secs() {
            return Err(AuthError::InvalidToken);
        }
        Ok(claims)
    }

    /// Verifies an `authorization` header value of the form `Bearer <token>`.
    ///
    /// # Errors
    /// [`AuthError::MissingToken`] when the value is not a bearer token; otherwise as
    /// [`verify`](Self::verify).
    pub fn verify_bearer(&self, header: &[u8]) -> Result<Claims, AuthError> {
        let value = std::str::from_utf8(header).map_err(|_| AuthError::MissingToken)?;
        let (scheme, token) = value.split_once(' ').ok_or(AuthError::MissingToken)?;
        if !scheme.eq_ignore_ascii_case("bearer") || token.trim().is_empty() {
            return Err(AuthError::MissingToken);
        }
        self.verify(token.trim())
    }
}

/// Who an RPC is made for, from its verified internal token: the role, and the user when the token
/// names one. The one caller extraction of every service ([`caller`]); each service decides what a
/// role may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caller {
    pub role: Role,
    pub user: Option<UserId>,
}

impl Caller {
    /// The signed-in person a user-scoped call is made for: a user token, or an admin token that
    /// names a user. `None` for a visitor, a service, or an admin acting as nobody.
    #[must_use]
    pub const fn signed_in_user(&self) -> Option<UserId> {
        match self.role {
            Role::User | Role::Admin => self.user,
            // Support staff never act as a member.
            Role::Support | Role::Visitor | Role::Service => None,
        }
    }
}

impl From<&Claims> for Caller {
    fn from(claims: &Claims) -> Self {
        Self { role: claims.role, user: claims.sub.user_id() }
    }
}

/// The caller of the current call (from the claims set by [`AuthLayer`]). `None` only for a call
/// that did not pass through the layer.
#[must_use]
pub fn caller<T>(request: &tonic::Request<T>) -> Option<Caller> {
    claims(request).map(Caller::from)
}

/// The caller of the current call, or `missing` (the service's own "unauthenticated" case) for a
/// call without verified claims. What a service whose roles decide (billing, notify) reads first.
///
/// # Errors
/// `missing`.
pub fn required_caller<T, E>(request: &tonic::Request<T>, missing: E) -> Result<Caller, E> {
    caller(request).ok_or(missing)
}

/// The signed-in person the current call is made for ([`Caller::signed_in_user`]), or `missing`
/// (the service's own refusal) for a visitor, a service, an admin acting as nobody, or a call
/// without verified claims. What a user-scoped RPC reads first.
///
/// # Errors
/// `missing`.
pub fn signed_in_user<T, E>(request: &tonic::Request<T>, missing: E) -> Result<UserId, E> {
    caller(request).and_then(|c| c.signed_in_user()).ok_or(missing)
}

/// The verified claims of the current call (set by [`AuthLayer`]). `None` only for a call that did
/// not pass through the layer (the health service, or a server built without it).
#[must_use]
pub fn claims<T>(request: &tonic::Request<T>) -> Option<&Claims> {
    request.extensions().get::<Claims>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signed_in_user_is_a_user_or_an_admin_naming_one() {
        let id = UserId::new();
        let of = |role, user| Caller { role, user }.signed_in_user();

        assert_eq!(of(Role::User, Some(id)), Some(id));
        assert_eq!(of(Role::Admin, Some(id)), Some(id));
        assert_eq!(of(Role::Admin, None), None);
        assert_eq!(of(Role::Service, Some(id)), None);
        assert_eq!(of(Role::Visitor, None), None);
    }

    fn secret(s: &str) -> SecretString {
        SecretString::from(s.to_owned())
    }

    const SECRET: &str = "a-test-secret-that-is-long-enough-0123456789";
    const OTHER_SECRET: &str = "another-test-secret-long-enough-9876543210";

    fn minter() -> TokenMinter {
        TokenMinter::new(&secret(SECRET), Duration::from_secs(30)).expect("minter")
    }

    fn verifier() -> TokenVerifier {
        TokenVerifier::new(&secret(SECRET)).expect("verifier")
    }

    #[test]
    fn a_fresh_token_verifies_with_its_claims() {
        let user = UserId::new();
        let token = minter().mint(&Subject::User(user), Role::User).expect("mint");

        let claims = verifier().verify(&token).expect("verify");

        assert_eq!(claims.sub, Subject::User(user));
        assert_eq!(claims.role, Role::User);
        assert_eq!(claims.iss, ISSUER);
        assert_eq!(claims.aud, AUDIENCE);
        assert_eq!(claims.exp - claims.iat, 30);
    }

    #[test]
    fn an_anonymous_subject_round_trips() {
        let token = minter().mint(&Subject::Anonymous, Role::Visitor).expect("mint");

        let claims = verifier().verify(&token).expect("verify");

        assert_eq!(claims.sub, Subject::Anonymous);
        assert_eq!(claims.role, Role::Visitor);
    }

    #[test]
    fn an_expired_token_is_refused() {
        let issued_long_ago = unix_now() - 600;
        let token = minter().mint_at(&Subject::Anonymous, Role::Visitor, issued_long_ago).expect("mint");

        assert_eq!(verifier().verify(&token), Err(AuthError::Expired));
    }

    #[test]
    fn a_token_signed_with_another_secret_is_refused() {
        let other = TokenMinter::new(&secret(OTHER_SECRET), Duration::from_secs(30)).expect("minter");
        let token = other.mint(&Subject::Anonymous, Role::Visitor).expect("mint");

        assert_eq!(verifier().verify(&token), Err(AuthError::InvalidToken));
    }

    #[test]
    fn a_token_for_another_audience_is_refused() {
        let now = unix_now();
        let claims = serde_json::json!({
            "sub": "anonymous", "role": "visitor", "iss": ISSUER, "aud": "someone-else",
            "iat": now, "exp": now + 30,
        });
        let token =
            jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(SECRET.as_bytes()))
                .expect("encode");

        assert_eq!(verifier().verify(&token), Err(AuthError::InvalidToken));
    }

    #[test]
    fn a_token_living_longer_than_a_minute_is_refused_even_when_signed_with_our_key() {
        let now = unix_now();
        let claims = serde_json::json!({
            "sub": "anonymous", "role": "visitor", "iss": ISSUER, "aud": AUDIENCE,
            "iat": now, "exp": now + 3600,
        });
        let token =
            jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(SECRET.as_bytes()))
                .expect("encode");

        assert_eq!(verifier().verify(&token), Err(AuthError::InvalidToken));
    }

    #[test]
    fn minting_refuses_a_lifetime_over_sixty_seconds() {
        let result = TokenMinter::new(&secret(SECRET), Duration::from_secs(61));

        assert_eq!(result.map(|_| ()), Err(AuthError::TtlTooLong(Duration::from_secs(61))));
    }

    #[test]
    fn a_short_secret_is_refused() {
        assert_eq!(TokenVerifier::new(&secret("short")).map(|_| ()), Err(AuthError::SecretTooShort));
    }

    #[test]
    fn a_missing_or_non_bearer_header_is_refused() {
        let v = verifier();
        assert_eq!(v.verify_bearer(b""), Err(AuthError::MissingToken));
        assert_eq!(v.verify_bearer(b"Basic abc"), Err(AuthError::MissingToken));
        assert_eq!(v.verify_bearer(b"Bearer "), Err(AuthError::MissingToken));
    }

    #[test]
    fn a_bearer_header_from_the_minter_verifies() {
        let value = minter().bearer(&Subject::Anonymous, Role::Visitor).expect("bearer");

        let claims = verifier().verify_bearer(value.as_bytes()).expect("verify");

        assert_eq!(claims.role, Role::Visitor);
    }

    #[test]
    fn a_garbage_subject_is_refused() {
        let now = unix_now();
        let claims = serde_json::json!({
            "sub": "not-a-user", "role": "user", "iss": ISSUER, "aud": AUDIENCE,
            "iat": now, "exp": now + 30,
        });
        let token =
            jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(SECRET.as_bytes()))
                .expect("encode");

        assert_eq!(verifier().verify(&token), Err(AuthError::InvalidToken));
    }
}
