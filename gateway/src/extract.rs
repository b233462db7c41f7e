//! The request-body extractor every handler uses instead of `web::Json`: a JSON **object** (serde
//! would otherwise also accept an array for a struct, field by position), with no NUL character
//! in any string (PostgreSQL refuses them in text, so they would surface as a 500 further down).
//! Every refusal is a 400 with a Japanese message; the body limit and the content type are the
//! app's `JsonConfig` ones ([`Json`]), or a route's own limit ([`LongJson`]).

use std::future::Future;
use std::ops::Deref;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::error::JsonPayloadError;
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, web};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::ApiError;

/// A JSON object body, deserialised into `T`.
#[derive(Debug)]
pub struct Json<T>(pub T);

impl<T> Json<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> Deref for Json<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for Json<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        // The app's JsonConfig (limit, content type, its error handler) reads the body.
        let value = web::Json::<Value>::from_request(req, payload);
        Box::pin(async move {
            let value = value.await?.into_inner();
            Ok(Self(parse(value)?))
        })
    }
}

/// A JSON body the app's limit refuses: 413 `PAYLOAD_TOO_LARGE` over the limit, 400
/// `INVALID_REQUEST` for anything else (not JSON, the wrong content type).
#[must_use]
pub fn payload_error(error: &JsonPayloadError) -> ApiError {
    match error {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            ApiError::Coded { status: StatusCode::PAYLOAD_TOO_LARGE, code: "PAYLOAD_TOO_LARGE" }
        }
        _ => ApiError::Invalid("INVALID_REQUEST"),
    }
}

/// [`Json`] with a limit of `LIMIT` bytes instead of the app's, for the routes whose text may be
/// longer (a support message of 5000 characters is up to 15 KB of UTF-8 before JSON escapes; a
/// text over the service's own limit must reach the service, which names the rule broken).
#[derive(Debug)]
pub struct LongJson<T, const LIMIT: usize>(pub T);

impl<T, const LIMIT: usize> LongJson<T, LIMIT> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T: DeserializeOwned + 'static, const LIMIT: usize> FromRequest for LongJson<T, LIMIT> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = web::JsonBody::<Value>::new(req, payload, None, true).limit(LIMIT);
        Box::pin(async move {
            let value = body.await.map_err(|e| payload_error(&e))?;
            Ok(Self(parse(value)?))
        })
    }
}

/// The rules of the module docs, on an already parsed body.
///
/// # Errors
/// 400 `INVALID_REQUEST` for a non-object or a shape `T` refuses, 400 `INVALID_CHARACTERS` for a NUL.
pub fn parse<T: DeserializeOwned>(value: Value) -> Result<T, ApiError> {
    if !value.is_object() {
        return Err(ApiError::Invalid("INVALID_REQUEST"));
    }
    if has_nul(&value) {
        return Err(ApiError::Invalid("INVALID_CHARACTERS"));
    }
    serde_json::from_value(value).map_err(|_| ApiError::Invalid("INVALID_REQUEST"))
}

fn has_nul(value: &Value) -> bool {
    match value {
        Value::String(s) => s.contains('\0'),
        Value::Array(items) => items.iter().any(has_nul),
        Value::Object(map) => map.iter().any(|(k, v)| k.contains('\0') || has_nul(v)),
        Value::Null | Value::Bool(_) | Value::Number(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    #[derive(Debug, Default, Deserialize, PartialEq)]
    #[serde(default)]
    struct Login {
        email: String,
        password: String,
    }

    fn code(result: Result<Login, ApiError>) -> &'static str {
        match result {
            Err(ApiError::Invalid(code)) => code,
            other => panic!("expected a 400, got {other:?}"),
        }
    }

    #[test]
    fn an_object_is_read() {
        let login: Login = parse(json!({"email": "a@b.jp", "password": "x"})).expect("object");

        assert_eq!(login, Login { email: "a@b.jp".into(), password: "x".into() });
    }

    #[test]
    fn an_array_is_refused_although_serde_would_fill_the_struct_from_it() {
        assert!(serde_json::from_value::<Login>(json!(["a@b.jp", "x"])).is_ok(), "serde alone accepts it");

        assert_eq!(code(parse(json!(["a@b.jp", "x"]))), "INVALID_REQUEST");
        assert_eq!(code(parse(json!("text"))), "INVALID_REQUEST");
        assert_eq!(code(parse(json!(null))), "INVALID_REQUEST");
    }

    #[test]
    fn a_nul_anywhere_is_refused() {
        assert_eq!(code(parse(json!({"email": "a\u{0}@b.jp"}))), "INVALID_CHARACTERS");
        assert_eq!(code(parse(json!({"nested": {"list": ["ok", "bad\u{0}"]}}))), "INVALID_CHARACTERS");
        assert_eq!(code(parse(json!({"key\u{0}": 1}))), "INVALID_CHARACTERS");
    }
}
