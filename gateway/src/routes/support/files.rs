//! Serving a screenshot: the bytes support keeps, with the type support checked and headers that
//! keep a browser from reading it as anything but an image or caching it for anyone else.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, X_CONTENT_TYPE_OPTIONS};
use meguri_proto::support as pb;

use crate::error::ApiError;
use crate::routes::diary::body::path_id;

/// The NOT_FOUND code of a screenshot (unknown, someone else's, or not an id).
pub const ATTACHMENT_NOT_FOUND: &str = "ATTACHMENT_NOT_FOUND";

/// The attachment a path names.
///
/// # Errors
/// 404 `ATTACHMENT_NOT_FOUND` when it is not a UUID (support is not asked).
pub fn attachment_id(raw: &str) -> Result<String, ApiError> {
    path_id(raw, ATTACHMENT_NOT_FOUND)
}

/// 200 with the image. Only PNG and JPEG ever leave: support stores nothing else, and anything
/// else is a broken contract (500) rather than bytes a browser might sniff.
///
/// # Errors
/// A type support should never send.
pub fn image(file: pb::AttachmentFile) -> Result<HttpResponse, ApiError> {
    let pb::AttachmentFile { content_type, data } = file;
    if !matches!(content_type.as_str(), "image/png" | "image/jpeg") {
        return Err(ApiError::Unexpected(anyhow::anyhow!("support sent an attachment of type {content_type:?}")));
    }
    Ok(HttpResponse::build(StatusCode::OK)
        .insert_header((CONTENT_TYPE, content_type))
        // The member's own (or a link's) image: the browser may keep it, no shared cache may.
        .insert_header((CACHE_CONTROL, "private, max-age=3600"))
        .insert_header((X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((CONTENT_SECURITY_POLICY, "default-src 'none'; sandbox"))
        .body(data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_png_and_jpeg_are_served_with_their_type_and_no_sniffing() {
        let ok = image(pb::AttachmentFile { content_type: "image/png".into(), data: vec![1, 2] }).expect("png");
        assert_eq!(ok.headers().get(CONTENT_TYPE).map(|v| v.as_bytes()), Some(&b"image/png"[..]));
        assert_eq!(ok.headers().get(X_CONTENT_TYPE_OPTIONS).map(|v| v.as_bytes()), Some(&b"nosniff"[..]));
        assert!(image(pb::AttachmentFile { content_type: "text/html".into(), data: vec![] }).is_err());
        assert_eq!(attachment_id("../etc").expect_err("not an id").body().code, ATTACHMENT_NOT_FOUND);
    }
}
