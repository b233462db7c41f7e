//! The body of opening a ticket and of writing again: JSON (`{requestId, subject?, message}`, no
//! screenshots) or `multipart/form-data` with the same text fields and up to three file parts named
//! `attachments`. The gateway only bounds what it reads — a file over 2 MiB or a fourth file is
//! refused here, before support is called — and support checks each image by its content.

use std::future::Future;
use std::pin::Pin;

use actix_multipart::Multipart;
use actix_web::dev::Payload;
use actix_web::http::header::CONTENT_TYPE;
use actix_web::{FromRequest, HttpRequest};
use futures_util::StreamExt as _;
use serde::de::DeserializeOwned;

use crate::error::ApiError;
use crate::extract::LongJson;

/// Screenshots one message may carry (support's rule, checked here too so a fourth is never read).
pub const MAX_ATTACHMENTS: usize = 3;
/// The largest screenshot as uploaded.
pub const MAX_ATTACHMENT_BYTES: usize = 2 * 1024 * 1024;
/// The JSON bodies' limit: a 5000-character message in Japanese with its escapes fits many times
/// over, and a far longer one still reaches support, which answers TICKET_MESSAGE_TOO_LONG.
pub const JSON_LIMIT: usize = 512 * 1024;
/// The most bytes one text field may have (a 5000-character message is at most 20 KB; longer text
/// still reaches support up to this, which names the rule broken).
const TEXT_FIELD_LIMIT: usize = 256 * 1024;
/// Parts a form may have: the three text fields, three files and a few a browser may add.
const MAX_PARTS: usize = 12;

/// The code of a form the gateway cannot read.
const INVALID_REQUEST: &str = "INVALID_REQUEST";

/// A ticket form as read: the JSON body's fields, and the uploads in the order sent.
#[derive(Debug)]
pub struct TicketForm<T> {
    pub fields: T,
    pub attachments: Vec<Vec<u8>>,
}

impl<T: DeserializeOwned + 'static> FromRequest for TicketForm<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let is_form = req
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with("multipart/form-data"));
        if !is_form {
            let json = LongJson::<T, JSON_LIMIT>::from_request(req, payload);
            return Box::pin(async move { Ok(Self { fields: json.await?.into_inner(), attachments: Vec::new() }) });
        }
        let multipart = Multipart::new(req.headers(), payload.take());
        Box::pin(async move { Ok(read_form(multipart).await?) })
    }
}

/// Reads the parts: the text fields into a JSON object for `T` (the JSON body's rules), the file
/// parts named `attachments` into bytes. Other parts are read and dropped, within the limits.
async fn read_form<T: DeserializeOwned>(mut multipart: Multipart) -> Result<TicketForm<T>, ApiError> {
    let mut fields = serde_json::Map::new();
    let mut attachments = Vec::new();
    let mut parts = 0;
    while let Some(part) = multipart.next().await {
        let mut part = part.map_err(|_| ApiError::Invalid(INVALID_REQUEST))?;
        parts += 1;
        if parts > MAX_PARTS {
            return Err(ApiError::Invalid(INVALID_REQUEST));
        }
        let name = part.content_disposition().and_then(|d| d.get_name()).unwrap_or_default().to_owned();
        let file_name = part.content_disposition().and_then(|d| d.get_filename()).map(str::to_owned);
        if name == "attachments" {
            if attachments.len() == MAX_ATTACHMENTS {
                return Err(ApiError::Invalid("TOO_MANY_ATTACHMENTS"));
            }
            let bytes = read_part(&mut part, MAX_ATTACHMENT_BYTES, "IMAGE_TOO_LARGE").await?;
            // A file input with nothing chosen sends an empty part without a file name.
            if bytes.is_empty() && file_name.as_deref().is_none_or(str::is_empty) {
                continue;
            }
            attachments.push(bytes);
        } else {
            let bytes = read_part(&mut part, TEXT_FIELD_LIMIT, "PAYLOAD_TOO_LARGE").await?;
            if file_name.is_none() && matches!(name.as_str(), "requestId" | "subject" | "message") {
                let text = String::from_utf8(bytes).map_err(|_| ApiError::Invalid(INVALID_REQUEST))?;
                fields.insert(name, serde_json::Value::String(text));
            }
        }
    }
    Ok(TicketForm { fields: crate::extract::parse(serde_json::Value::Object(fields))?, attachments })
}

/// One part's bytes, at most `limit` (more is `too_large`: 400 for a screenshot, 413 for text).
async fn read_part(
    part: &mut actix_multipart::Field,
    limit: usize,
    too_large: &'static str,
) -> Result<Vec<u8>, ApiError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = part.next().await {
        let chunk = chunk.map_err(|_| ApiError::Invalid(INVALID_REQUEST))?;
        if bytes.len() + chunk.len() > limit {
            return Err(if too_large == "PAYLOAD_TOO_LARGE" {
                ApiError::Coded { status: actix_web::http::StatusCode::PAYLOAD_TOO_LARGE, code: too_large }
            } else {
                ApiError::Invalid(too_large)
            });
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}
