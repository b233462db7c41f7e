use actix_web::http::StatusCode;
use actix_web::http::header::{CONTENT_TYPE, HeaderMap};
use actix_web::{HttpRequest, HttpResponse, web};
use meguri_proto::notify as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::clients::CallContext;
use crate::error::{ApiError, ErrorBody};
use crate::rate_limit::Bucket;
use crate::routes::{ok_json, rpc};
use crate::startup::AppState;

/// The longest token looked at; a real one is far shorter (an id and an HMAC, base64url).
const MAX_TOKEN_LEN: usize = 512;
/// The largest body read (the JSON limit of the other routes).
const MAX_BODY: usize = 16 * 1024;
/// The code of a token that is missing, malformed, forged or no longer any user's.
const INVALID_TOKEN: &str = "INVALID_UNSUBSCRIBE_TOKEN";

/// The token in the link (`List-Unsubscribe: <…/api/unsubscribe?token=T>`).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeQuery {
    /// The token of the mail's link; when present, the body is not read (a mail client's one-click
    /// POST sends `List-Unsubscribe=One-Click` form-encoded).
    pub token: Option<String>,
}

/// The token as the app's `/unsubscribe` page sends it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct UnsubscribeBody {
    #[schema(required = true)]
    pub token: String,
}

/// A preference, by the names of `GET /api/settings/email-preferences`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PreferenceName {
    FriendRequestReceived,
    FriendRequestAccepted,
    MentionedInDiary,
    FutureDiaryDelivery,
    InactivityReminder,
}

impl PreferenceName {
    /// # Errors
    /// An unspecified or unknown preference (500: notify always names one).
    pub fn from_proto(raw: i32) -> Result<Self, ApiError> {
        match pb::Preference::try_from(raw) {
            Ok(pb::Preference::FriendRequestReceived) => Ok(Self::FriendRequestReceived),
            Ok(pb::Preference::FriendRequestAccepted) => Ok(Self::FriendRequestAccepted),
            Ok(pb::Preference::MentionedInDiary) => Ok(Self::MentionedInDiary),
            Ok(pb::Preference::FutureDiaryDelivery) => Ok(Self::FutureDiaryDelivery),
            Ok(pb::Preference::InactivityReminder) => Ok(Self::InactivityReminder),
            Ok(pb::Preference::Unspecified) | Err(_) => {
                Err(ApiError::Unexpected(anyhow::anyhow!("notify: preference {raw}")))
            }
        }
    }
}

/// The preference now off, and its label as /settings shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct UnsubscribeAnswer {
    #[schema(example = "mentionedInDiary")]
    pub preference: PreferenceName,
    #[schema(example = "日記でメンションされたとき")]
    pub label: String,
}

impl TryFrom<pb::UnsubscribeResponse> for UnsubscribeAnswer {
    type Error = ApiError;

    fn try_from(r: pb::UnsubscribeResponse) -> Result<Self, ApiError> {
        let pb::UnsubscribeResponse { preference, label } = r;
        Ok(Self { preference: PreferenceName::from_proto(preference)?, label })
    }
}

/// The token in the link (`?token=`), which a mail client posts back as it is.
#[must_use]
pub fn query_token(query: &str) -> Option<String> {
    web::Query::<UnsubscribeQuery>::from_query(query).ok().and_then(|q| q.into_inner().token)
}

/// The token in the body when the link carries none: JSON `{"token"}` from the app's page, or a
/// form field `token`; empty otherwise (a one-click body without a link token has none).
///
/// # Errors
/// 400 `INVALID_REQUEST` / `INVALID_CHARACTERS` for a JSON body that is not `{"token": string}`.
pub fn body_token(headers: &HeaderMap, body: &[u8]) -> Result<String, ApiError> {
    let content_type = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    if content_type.starts_with("application/json") {
        let value = serde_json::from_slice(body).map_err(|_| ApiError::Invalid("INVALID_REQUEST"))?;
        return Ok(crate::extract::parse::<UnsubscribeBody>(value)?.token);
    }
    if content_type.starts_with("application/x-www-form-urlencoded") {
        return Ok(std::str::from_utf8(body).ok().and_then(query_token).unwrap_or_default());
    }
    Ok(String::new())
}

/// The token if it has a token's form: base64url characters (and `.`), 1..=512 of them. Only
/// notify can tell whether it is genuine.
///
/// # Errors
/// 400 `INVALID_UNSUBSCRIBE_TOKEN`.
pub fn well_formed(token: &str) -> Result<String, ApiError> {
    let token = token.trim();
    let ok = !token.is_empty()
        && token.len() <= MAX_TOKEN_LEN
        && token.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    if ok { Ok(token.to_owned()) } else { Err(ApiError::Invalid(INVALID_TOKEN)) }
}

/// Turns off the one preference a mail's unsubscribe token names, without signing in. Mail
/// clients post it (RFC 8058 one-click: `?token=` with the form body `List-Unsubscribe=One-Click`,
/// no `Origin`), the app's `/unsubscribe` page sends `{"token"}`. The token is single-use.
#[utoipa::path(post, path = "/api/unsubscribe", tag = "settings", params(UnsubscribeQuery),
    request_body(content = UnsubscribeBody, description = "Or `?token=` with any body (RFC 8058: `List-Unsubscribe=One-Click`, form-encoded)"),
    responses(
        (status = 200, description = "The preference now off", body = UnsubscribeAnswer),
        (status = 400, description = "INVALID_UNSUBSCRIBE_TOKEN (missing, malformed, forged, or its member is gone)", body = ErrorBody),
        (status = 409, description = "UNSUBSCRIBE_TOKEN_USED (used before: the preference is off already)", body = ErrorBody),
        (status = 429, description = "RATE_LIMITED (per client address)", body = ErrorBody),
    ))]
pub async fn unsubscribe(
    req: HttpRequest,
    payload: web::Payload,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.rate_limiter.check(Bucket::Unsubscribe, &req).await?;
    let token = match query_token(req.query_string()) {
        Some(token) => token,
        // The body is read only when the link carries no token, and never past the JSON limit.
        None => {
            let body = payload
                .to_bytes_limited(MAX_BODY)
                .await
                .map_err(|_| ApiError::Coded { status: StatusCode::PAYLOAD_TOO_LARGE, code: "PAYLOAD_TOO_LARGE" })?
                .map_err(|_| ApiError::Invalid("INVALID_REQUEST"))?;
            body_token(req.headers(), &body)?
        }
    };
    let token = well_formed(&token)?;
    // Always as a visitor: the token, not a session, says whose preference it is.
    let ctx = CallContext::visitor(&req);
    ok_json(UnsubscribeAnswer::try_from(
        rpc("Unsubscribe", state.notify.unsubscribe(&ctx, pb::UnsubscribeRequest { token })).await?,
    ))
}

#[cfg(test)]
mod tests {
    use actix_web::http::header::HeaderValue;

    use super::*;

    fn headers(content_type: &'static str) -> HeaderMap {
        let mut map = HeaderMap::new();
        map.insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
        map
    }

    #[test]
    fn the_link_carries_the_token_of_a_one_click_post() {
        assert_eq!(query_token("token=abc_DEF-123").as_deref(), Some("abc_DEF-123"));
        assert_eq!(query_token(""), None);
        assert_eq!(query_token("other=1"), None);
    }

    #[test]
    fn a_json_body_or_a_form_field_carries_it_otherwise() {
        let json = body_token(&headers("application/json"), br#"{"token": "abc"}"#);
        let form = body_token(&headers("application/x-www-form-urlencoded; charset=utf-8"), b"token=xyz");
        let one_click = body_token(&headers("application/x-www-form-urlencoded"), b"List-Unsubscribe=One-Click");

        assert_eq!(json.expect("json"), "abc");
        assert_eq!(form.expect("form"), "xyz");
        assert_eq!(one_click.expect("no token"), "");
        let not_an_object = body_token(&headers("application/json"), b"[\"abc\"]").expect_err("array");
        assert_eq!(not_an_object.body().code, "INVALID_REQUEST");
    }

    #[test]
    fn only_a_tokens_form_passes_to_notify() {
        assert_eq!(well_formed(" AZG35IpO.dGhl-_ ").expect("token"), "AZG35IpO.dGhl-_");
        for token in ["", "a b", "<script>", "a/b", "a=", &"a".repeat(MAX_TOKEN_LEN + 1)] {
            let error = well_formed(token).expect_err(token);
            assert_eq!(error.body().code, "INVALID_UNSUBSCRIBE_TOKEN", "{token}");
        }
    }

    #[test]
    fn every_preference_has_its_settings_name() {
        let json = |p: pb::Preference| {
            serde_json::to_value(PreferenceName::from_proto(p as i32).expect("named")).expect("json")
        };

        assert_eq!(json(pb::Preference::FriendRequestReceived), "friendRequestReceived");
        assert_eq!(json(pb::Preference::FriendRequestAccepted), "friendRequestAccepted");
        assert_eq!(json(pb::Preference::MentionedInDiary), "mentionedInDiary");
        assert_eq!(json(pb::Preference::FutureDiaryDelivery), "futureDiaryDelivery");
        assert_eq!(json(pb::Preference::InactivityReminder), "inactivityReminder");
        assert!(PreferenceName::from_proto(0).is_err());
    }
}
