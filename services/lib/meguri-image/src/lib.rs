//! Checks an uploaded image and hands back a clean copy (issue 24: support's screenshots; identity
//! may use it for profile images later, so nothing here knows about tickets or accounts).
//!
//! [`clean`] takes the raw bytes of an upload and either refuses them with a [`Refusal`] (each
//! with a stable [`code`](Refusal::code)) or returns a [`CleanImage`]: the same picture, PNG or
//! JPEG as it came, re-encoded from its pixels.
//!
//! # What is checked, in order
//!
//! 1. Not empty ([`Refusal::Empty`]) and at most [`Limits::max_bytes`] ([`Refusal::TooLarge`]).
//! 2. The type, by content only: the PNG signature or the JPEG start-of-image marker
//!    (`FF D8 FF`). A file name, an extension or a `Content-Type` header is never asked: a PDF
//!    renamed `shot.png` is [`Refusal::NotAnImage`], as is GIF, WebP, HEIC, SVG or text.
//! 3. The dimensions, from the header alone, before any pixel is decoded: each side at most
//!    [`Limits::max_side`] and width × height at most [`Limits::max_pixels`]
//!    ([`Refusal::TooManyPixels`]). A 2 MB file can claim 100 000 × 100 000 pixels (a
//!    decompression bomb); decoding it would need tens of gigabytes.
//! 4. The whole image decodes ([`Refusal::Corrupt`] otherwise: a PNG signature on random bytes, a
//!    truncated JPEG).
//! 5. The EXIF orientation, if any, is applied to the pixels, so a phone photo taken upright stays
//!    upright once its EXIF is gone.
//! 6. The pixels are encoded again as the same kind: PNG losslessly (alpha kept), JPEG as RGB at
//!    quality [`JPEG_QUALITY`].
//!
//! # Why re-encode
//!
//! Stripping known metadata blocks one by one keeps whatever the list forgot (a vendor's APP
//! segment, a private PNG chunk, data after the end marker, a polyglot file that is also a valid
//! PDF or ZIP). Encoding from decoded pixels writes only what the encoder itself emits — image
//! header, pixel data, end marker — so EXIF (with its GPS block and camera serial), XMP, IPTC, ICC
//! profiles, `tEXt`/`iTXt`/`zTXt` chunks, JPEG comments and trailing bytes are all gone by
//! construction, and the stored file is one our own encoder wrote.
//!
//! The cost: a JPEG loses a little quality (one more generation at quality 90), and the output can
//! be somewhat larger than the input (a palette PNG comes back as RGB or RGBA; a JPEG saved below
//! quality 90 grows). Callers store [`CleanImage::bytes`] as returned; `max_bytes` bounds the
//! upload, not the clean copy. Colours are not converted: an image in a wide-gamut ICC space shows
//! slightly less saturated once its profile is dropped, which is fine for screenshots.
//!
//! # Cost and threading
//!
//! [`clean`] is pure, synchronous and CPU-bound: in a release build about 70 ms for a phone
//! screenshot (1170 × 2532 PNG) and 0.5 s for a 12 MP JPEG photo, some 25 times that in an
//! unoptimised debug build. Async callers run it in `tokio::task::spawn_blocking`. Memory is bounded by the limits: the decoded image takes at most
//! `max_pixels` × 8 bytes (16-bit RGBA), which [`Limits::default`] keeps at 320 MB in the worst
//! case and 160 MB for an ordinary 8-bit RGBA image at the limit.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageEncoder, ImageError, ImageFormat, ImageReader};

/// The quality a JPEG is re-encoded at (1–100): visually lossless for photos and screenshots, and
/// about the quality phones save at, so a re-encoded photo stays near its original size.
pub const JPEG_QUALITY: u8 = 90;

/// Every code a [`Refusal`] can carry, for the caller's error-code list (`meguri_status::codes`).
pub const CODES: &[&str] =
    &["IMAGE_EMPTY", "IMAGE_TOO_LARGE", "IMAGE_TYPE_NOT_ALLOWED", "IMAGE_CORRUPT", "IMAGE_TOO_LARGE_DIMENSIONS"];

/// What [`clean`] accepts. [`Limits::default`] is what support takes for a screenshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest upload, in bytes. Default 2 MiB.
    pub max_bytes: usize,
    /// The most pixels (width × height) the header may claim. This bounds the memory of decoding
    /// (up to 8 bytes a pixel): a small file can claim a huge canvas. Default 40 million, above a
    /// 12 MP phone photo and any screenshot, below what a 48 MP sensor saves at full resolution.
    pub max_pixels: u64,
    /// The longest side in pixels. Default 16 384: a long scrolling screenshot (1 080 × 15 000)
    /// passes; a 1 × 40 000 000 strip, which the pixel count alone would allow, does not.
    pub max_side: u32,
}

impl Limits {
    /// The default limits (see each field).
    pub const DEFAULT: Self = Self { max_bytes: 2 * 1024 * 1024, max_pixels: 40_000_000, max_side: 16_384 };
}

impl Default for Limits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// The kinds of image accepted, told apart by their first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// PNG: starts with the signature `89 50 4E 47 0D 0A 1A 0A`.
    Png,
    /// JPEG: starts with the start-of-image marker and the first marker of another segment,
    /// `FF D8 FF`.
    Jpeg,
}

impl Kind {
    const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1A, b'\n'];
    const JPEG_SOI: [u8; 3] = [0xFF, 0xD8, 0xFF];

    /// The kind the content starts as, or `None` for anything else (PDF, GIF, WebP, HEIC, text…).
    /// Only the magic bytes are read: whether the rest decodes is [`clean`]'s business.
    #[must_use]
    pub fn sniff(bytes: &[u8]) -> Option<Self> {
        if bytes.starts_with(&Self::PNG_SIGNATURE) {
            Some(Self::Png)
        } else if bytes.starts_with(&Self::JPEG_SOI) {
            Some(Self::Jpeg)
        } else {
            None
        }
    }

    /// The media type to store and serve the image with.
    #[must_use]
    pub const fn mime(self) -> &'static str {
        match self {
            Self::Png => "image/png",
            Self::Jpeg => "image/jpeg",
        }
    }

    /// The file extension to name a download with, without the dot.
    #[must_use]
    pub const fn extension(self) -> &'static str {
        match self {
            Self::Png => "png",
            Self::Jpeg => "jpg",
        }
    }

    const fn format(self) -> ImageFormat {
        match self {
            Self::Png => ImageFormat::Png,
            Self::Jpeg => ImageFormat::Jpeg,
        }
    }
}

/// An accepted image: re-encoded by this crate, carrying no metadata.
#[derive(Clone, PartialEq, Eq)]
pub struct CleanImage {
    /// The same kind as the upload.
    pub kind: Kind,
    /// The re-encoded file.
    pub bytes: Vec<u8>,
    /// The width after the EXIF orientation was applied (a portrait photo is narrower than tall).
    pub width: u32,
    /// The height after the EXIF orientation was applied.
    pub height: u32,
}

impl std::fmt::Debug for CleanImage {
    // The bytes would flood a log line or a failed assertion: their length says enough.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CleanImage")
            .field("kind", &self.kind)
            .field("bytes", &format_args!("<{} bytes>", self.bytes.len()))
            .field("width", &self.width)
            .field("height", &self.height)
            .finish()
    }
}

/// Why an upload was refused. Each case is something the uploader can fix by sending another file;
/// the caller maps it to its own error with [`Refusal::code`]. The `Display` text is English for
/// logs, never meant for the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// `IMAGE_EMPTY`: no bytes at all.
    #[error("the image is empty")]
    Empty,
    /// `IMAGE_TOO_LARGE`: more than [`Limits::max_bytes`] bytes.
    #[error("the image is larger than {max_bytes} bytes")]
    TooLarge {
        /// The limit that was exceeded, for the message shown to the user.
        max_bytes: usize,
    },
    /// `IMAGE_TYPE_NOT_ALLOWED`: the content is not PNG or JPEG (whatever its name says).
    #[error("the content is neither PNG nor JPEG")]
    NotAnImage,
    /// `IMAGE_CORRUPT`: it starts as PNG or JPEG but does not decode (truncated, damaged, random
    /// bytes behind a signature, or a variant the decoder does not support).
    #[error("the image does not decode")]
    Corrupt,
    /// `IMAGE_TOO_LARGE_DIMENSIONS`: the header claims more than [`Limits::max_pixels`] pixels or
    /// a side longer than [`Limits::max_side`]. Refused before decoding.
    #[error("the image's dimensions exceed the limits")]
    TooManyPixels,
}

impl Refusal {
    /// The stable `SNAKE_CASE` code, one of [`CODES`].
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::Empty => "IMAGE_EMPTY",
            Self::TooLarge { .. } => "IMAGE_TOO_LARGE",
            Self::NotAnImage => "IMAGE_TYPE_NOT_ALLOWED",
            Self::Corrupt => "IMAGE_CORRUPT",
            Self::TooManyPixels => "IMAGE_TOO_LARGE_DIMENSIONS",
        }
    }
}

/// Checks an upload and returns a clean copy, or says why not (the steps are in the crate docs).
///
/// # Errors
///
/// A [`Refusal`] for an empty or oversized upload, content that is not PNG or JPEG, a header
/// claiming too many pixels, or an image that does not decode.
pub fn clean(bytes: &[u8], limits: &Limits) -> Result<CleanImage, Refusal> {
    if bytes.is_empty() {
        return Err(Refusal::Empty);
    }
    if bytes.len() > limits.max_bytes {
        return Err(Refusal::TooLarge { max_bytes: limits.max_bytes });
    }
    let kind = Kind::sniff(bytes).ok_or(Refusal::NotAnImage)?;
    let image = decode(bytes, kind, limits)?;
    let bytes = encode(&image, kind)?;
    Ok(CleanImage { kind, bytes, width: image.width(), height: image.height() })
}

/// Reads the header, checks its dimensions, then decodes the pixels and turns them upright.
fn decode(bytes: &[u8], kind: Kind, limits: &Limits) -> Result<DynamicImage, Refusal> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), kind.format());
    reader.limits(decoder_limits(limits));
    // Parses the header only (for PNG, up to the first pixel data), refusing a side over the
    // limit on the way; no pixel buffer exists yet.
    let mut decoder = reader.into_decoder().map_err(|e| refusal(&e))?;
    let (width, height) = decoder.dimensions();
    check_dimensions(width, height, limits)?;
    // Unreadable EXIF is no reason to refuse the picture: it is dropped anyway.
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut image = DynamicImage::from_decoder(decoder).map_err(|e| refusal(&e))?;
    image.apply_orientation(orientation);
    Ok(image)
}

/// The decoder's own limits: the side limit is checked by the decoder on the header; the
/// allocation budget (the largest pixel buffer allowed, 16-bit RGBA, plus room for the decoders'
/// working buffers and chunks) stops a PNG from declaring huge ancillary chunks.
fn decoder_limits(limits: &Limits) -> image::Limits {
    const WORKING_MEMORY: u64 = 64 * 1024 * 1024;
    let mut decoder = image::Limits::default();
    decoder.max_image_width = Some(limits.max_side);
    decoder.max_image_height = Some(limits.max_side);
    decoder.max_alloc = Some(limits.max_pixels.saturating_mul(8).saturating_add(WORKING_MEMORY));
    decoder
}

fn check_dimensions(width: u32, height: u32, limits: &Limits) -> Result<(), Refusal> {
    if width == 0 || height == 0 {
        return Err(Refusal::Corrupt);
    }
    if width > limits.max_side || height > limits.max_side || u64::from(width) * u64::from(height) > limits.max_pixels {
        return Err(Refusal::TooManyPixels);
    }
    Ok(())
}

/// A decoder error as a refusal: a limit hit is about the dimensions; anything else means the
/// content is not a readable image of the kind its first bytes promised.
fn refusal(error: &ImageError) -> Refusal {
    match error {
        ImageError::Limits(_) => Refusal::TooManyPixels,
        _ => Refusal::Corrupt,
    }
}

/// Encodes the pixels as `kind`, writing nothing but what the encoder needs: no EXIF, XMP or ICC
/// (the encoders add those only when handed them, and they are not).
fn encode(image: &DynamicImage, kind: Kind) -> Result<Vec<u8>, Refusal> {
    let mut out = Vec::new();
    let written = match kind {
        Kind::Png => {
            // The PNG decoder yields 8- or 16-bit gray, gray+alpha, RGB or RGBA, all of which PNG
            // stores as they are: lossless, alpha kept.
            let encoder = PngEncoder::new_with_quality(&mut out, CompressionType::Default, FilterType::Adaptive);
            encoder.write_image(image.as_bytes(), image.width(), image.height(), image.color().into())
        }
        Kind::Jpeg => {
            // JPEG has no alpha, and baseline JPEG is 8-bit: the decoder yields RGB or gray,
            // stored as RGB for one simple output shape.
            let rgb = image.to_rgb8();
            let encoder = JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY);
            encoder.write_image(rgb.as_raw(), rgb.width(), rgb.height(), image::ExtendedColorType::Rgb8)
        }
    };
    // Encoding pixels that just decoded within the limits cannot fail short of a bug in the
    // encoder; the upload is refused rather than stored half-written.
    written.map_err(|_| Refusal::Corrupt)?;
    Ok(out)
}

#[cfg(feature = "testing")]
pub mod testing {
    //! Images for other crates' tests, made from pixels (no binary file is committed).

    use image::ImageEncoder as _;
    use image::codecs::png::PngEncoder;

    /// A valid `width` × `height` RGB PNG with a gradient.
    ///
    /// # Panics
    /// Never for sizes that fit in memory (the encoder writes to a `Vec`).
    #[must_use]
    #[allow(clippy::expect_used)]
    pub fn png(width: u32, height: u32) -> Vec<u8> {
        let byte = |v: u32| u8::try_from(v % 251).unwrap_or(0);
        let pixels: Vec<u8> = (0..width * height).flat_map(|i| [byte(i), byte(i * 19), 200]).collect();
        let mut out = Vec::new();
        PngEncoder::new(&mut out)
            .write_image(&pixels, width, height, image::ExtendedColorType::Rgb8)
            .expect("a PNG in memory");
        out
    }
}

#[cfg(test)]
mod tests;
