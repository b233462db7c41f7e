//! Every fixture is built here from pixels and hand-assembled bytes: no binary file is committed.

#![allow(clippy::unwrap_used)]

use std::io::Cursor;

use image::codecs::jpeg::{JpegDecoder, JpegEncoder};
use image::codecs::png::{PngDecoder, PngEncoder};
use image::{DynamicImage, ImageDecoder, ImageEncoder, ImageFormat, Rgb, RgbImage, Rgba, RgbaImage};

use super::{CODES, CleanImage, Kind, Limits, Refusal, clean};

// --- fixtures -------------------------------------------------------------------------------

/// A picture with every pixel different, alpha included, so a lossless round trip is checkable.
fn rgba_gradient(width: u32, height: u32) -> RgbaImage {
    RgbaImage::from_fn(width, height, |x, y| {
        Rgba([low_byte(x * 7), low_byte(y * 13), low_byte((x + y) * 3), 255 - low_byte(x * y)])
    })
}

/// `value` modulo 256.
fn low_byte(value: u32) -> u8 {
    value.to_le_bytes()[0]
}

/// Red on the left half, blue on the right: big blocks JPEG keeps recognisable.
fn red_left_blue_right(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, _| if x < width / 2 { Rgb([255, 0, 0]) } else { Rgb([0, 0, 255]) })
}

fn png_of(image: &DynamicImage) -> Vec<u8> {
    let mut out = Vec::new();
    PngEncoder::new(&mut out)
        .write_image(image.as_bytes(), image.width(), image.height(), image.color().into())
        .unwrap();
    out
}

fn jpeg_of(image: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, 95)
        .write_image(image.as_raw(), image.width(), image.height(), image::ExtendedColorType::Rgb8)
        .unwrap();
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFF_u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// One PNG chunk: length, type, data, CRC over type and data.
fn png_chunk(kind: [u8; 4], data: &[u8]) -> Vec<u8> {
    let mut chunk = u32::try_from(data.len()).unwrap().to_be_bytes().to_vec();
    chunk.extend_from_slice(&kind);
    chunk.extend_from_slice(data);
    chunk.extend_from_slice(&crc32(&chunk[4..]).to_be_bytes());
    chunk
}

/// The signature (8 bytes) and the IHDR chunk (25 bytes) come first in every PNG.
const AFTER_IHDR: usize = 8 + 25;

fn insert_after_ihdr(png: &[u8], chunks: &[Vec<u8>]) -> Vec<u8> {
    assert_eq!(&png[12..16], b"IHDR");
    let mut out = png[..AFTER_IHDR].to_vec();
    for chunk in chunks {
        out.extend_from_slice(chunk);
    }
    out.extend_from_slice(&png[AFTER_IHDR..]);
    out
}

/// A PNG whose header claims `width` × `height`, followed by a few bytes of junk image data: a
/// decoder that got as far as the pixels would fail on them.
fn png_header_claiming(width: u32, height: u32) -> Vec<u8> {
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]); // 8-bit RGBA, deflate, adaptive filters, no interlace
    let mut png = Kind::PNG_SIGNATURE.to_vec();
    png.extend(png_chunk(*b"IHDR", &ihdr));
    png.extend(png_chunk(*b"IDAT", &random_bytes(64, 7)));
    png.extend(png_chunk(*b"IEND", &[]));
    png
}

/// The latitude and longitude of the GPS block, as they sit in the file (big-endian rationals):
/// the test looks for them in the output.
const LATITUDE: [u32; 6] = [35, 1, 41, 1, 2_264, 100];
const LONGITUDE: [u32; 6] = [139, 1, 41, 1, 3_012, 100];

fn rationals(values: &[u32; 6]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_be_bytes()).collect()
}

/// A big-endian TIFF structure as EXIF carries it: IFD0 with the orientation and a pointer to a GPS
/// IFD holding a latitude and a longitude (Tokyo), as a phone writes them.
fn exif_tiff(orientation: u16) -> Vec<u8> {
    fn entry(out: &mut Vec<u8>, tag: u16, kind: u16, count: u32, value: [u8; 4]) {
        out.extend_from_slice(&tag.to_be_bytes());
        out.extend_from_slice(&kind.to_be_bytes());
        out.extend_from_slice(&count.to_be_bytes());
        out.extend_from_slice(&value);
    }
    const SHORT: u16 = 3;
    const LONG: u16 = 4;
    const ASCII: u16 = 2;
    const RATIONAL: u16 = 5;
    // Offsets from the start of the TIFF header: header 8, IFD0 (2 entries) 30, GPS IFD (4) 54.
    let gps_ifd: u32 = 8 + 30;
    let latitude_at: u32 = gps_ifd + 54;
    let longitude_at: u32 = latitude_at + 24;

    let mut tiff = b"MM\x00\x2A".to_vec();
    tiff.extend_from_slice(&8_u32.to_be_bytes());
    tiff.extend_from_slice(&2_u16.to_be_bytes());
    let [high, low] = orientation.to_be_bytes();
    entry(&mut tiff, 0x0112, SHORT, 1, [high, low, 0, 0]);
    entry(&mut tiff, 0x8825, LONG, 1, gps_ifd.to_be_bytes());
    tiff.extend_from_slice(&0_u32.to_be_bytes());
    assert_eq!(tiff.len(), gps_ifd as usize);
    tiff.extend_from_slice(&4_u16.to_be_bytes());
    entry(&mut tiff, 0x0001, ASCII, 2, *b"N\0\0\0");
    entry(&mut tiff, 0x0002, RATIONAL, 3, latitude_at.to_be_bytes());
    entry(&mut tiff, 0x0003, ASCII, 2, *b"E\0\0\0");
    entry(&mut tiff, 0x0004, RATIONAL, 3, longitude_at.to_be_bytes());
    tiff.extend_from_slice(&0_u32.to_be_bytes());
    assert_eq!(tiff.len(), latitude_at as usize);
    tiff.extend(rationals(&LATITUDE));
    tiff.extend(rationals(&LONGITUDE));
    tiff
}

/// `jpeg` with an APP1 "Exif\0\0" segment right after the start-of-image marker, where a camera
/// puts it.
fn with_exif_app1(jpeg: &[u8], tiff: &[u8]) -> Vec<u8> {
    assert_eq!(&jpeg[..2], &[0xFF, 0xD8]);
    let mut app1 = vec![0xFF, 0xE1];
    app1.extend_from_slice(&u16::try_from(2 + 6 + tiff.len()).unwrap().to_be_bytes());
    app1.extend_from_slice(b"Exif\0\0");
    app1.extend_from_slice(tiff);
    let mut out = jpeg[..2].to_vec();
    out.extend(app1);
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// `jpeg` with its frame header (SOF0) claiming `width` × `height`; the scan data stays that of
/// the small real image.
fn jpeg_claiming(jpeg: &[u8], width: u16, height: u16) -> Vec<u8> {
    let mut out = jpeg.to_vec();
    let mut at = 2;
    while out[at + 1] != 0xC0 {
        assert_eq!(out[at], 0xFF, "a marker");
        at += 2 + usize::from(u16::from_be_bytes([out[at + 2], out[at + 3]]));
    }
    // FF C0, length (2), precision (1), height (2), width (2).
    out[at + 5..at + 7].copy_from_slice(&height.to_be_bytes());
    out[at + 7..at + 9].copy_from_slice(&width.to_be_bytes());
    out
}

/// Deterministic noise (xorshift), so a failure reproduces.
fn random_bytes(len: usize, seed: u64) -> Vec<u8> {
    let mut state = seed | 1;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state.to_le_bytes()[0]
        })
        .collect()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|window| window == needle)
}

fn clean_default(bytes: &[u8]) -> Result<CleanImage, Refusal> {
    clean(bytes, &Limits::default())
}

fn decoded(clean: &CleanImage) -> DynamicImage {
    let format = match clean.kind {
        Kind::Png => ImageFormat::Png,
        Kind::Jpeg => ImageFormat::Jpeg,
    };
    image::load_from_memory_with_format(&clean.bytes, format).unwrap()
}

fn assert_close(actual: Rgb<u8>, expected: [u8; 3]) {
    let near = actual.0.iter().zip(expected).all(|(&a, e)| a.abs_diff(e) <= 24);
    assert!(near, "{actual:?} is not close to {expected:?}");
}

// --- accepted images ------------------------------------------------------------------------

#[test]
fn a_png_round_trips_losslessly_with_its_alpha() {
    let original = DynamicImage::ImageRgba8(rgba_gradient(40, 30));

    let clean = clean_default(&png_of(&original)).unwrap();

    assert_eq!(clean.kind, Kind::Png);
    assert_eq!((clean.width, clean.height), (40, 30));
    assert_eq!(decoded(&clean), original);
}

#[test]
fn a_sixteen_bit_grey_png_stays_sixteen_bit_and_lossless() {
    let original = DynamicImage::ImageLuma16(image::ImageBuffer::from_fn(9, 5, |x, y| {
        image::Luma([u16::try_from(x * 7_000 + y * 97).unwrap()])
    }));

    let clean = clean_default(&png_of(&original)).unwrap();

    assert_eq!(decoded(&clean), original);
}

#[test]
fn a_jpeg_round_trips_as_a_jpeg_of_the_same_size_and_look() {
    let original = red_left_blue_right(64, 48);

    let clean = clean_default(&jpeg_of(&original)).unwrap();

    assert_eq!(clean.kind, Kind::Jpeg);
    assert_eq!((clean.width, clean.height), (64, 48));
    let back = decoded(&clean).to_rgb8();
    assert_eq!(back.dimensions(), (64, 48));
    assert_close(*back.get_pixel(8, 24), [255, 0, 0]);
    assert_close(*back.get_pixel(56, 24), [0, 0, 255]);
}

#[test]
fn a_grey_jpeg_comes_back_as_an_rgb_jpeg() {
    let grey = image::GrayImage::from_fn(16, 16, |x, _| image::Luma([u8::try_from(x * 16).unwrap()]));
    let mut jpeg = Vec::new();
    JpegEncoder::new(&mut jpeg).write_image(grey.as_raw(), 16, 16, image::ExtendedColorType::L8).unwrap();

    let clean = clean_default(&jpeg).unwrap();

    assert_eq!(decoded(&clean).color(), image::ColorType::Rgb8);
}

#[test]
fn an_image_exactly_at_the_pixel_limit_is_accepted() {
    let png = png_of(&DynamicImage::ImageRgba8(rgba_gradient(20, 10)));
    let limits = Limits { max_pixels: 200, max_side: 20, ..Limits::default() };

    assert_eq!(clean(&png, &limits).map(|c| (c.width, c.height)), Ok((20, 10)));
}

// --- metadata -------------------------------------------------------------------------------

#[test]
fn a_jpeg_loses_its_exif_and_gps_block_and_still_decodes() {
    let upload = with_exif_app1(&jpeg_of(&red_left_blue_right(32, 32)), &exif_tiff(1));
    assert!(contains(&upload, b"Exif\0\0") && contains(&upload, &rationals(&LATITUDE)));
    assert!(JpegDecoder::new(Cursor::new(&upload)).unwrap().exif_metadata().unwrap().is_some());

    let clean = clean_default(&upload).unwrap();

    assert!(!contains(&clean.bytes, b"Exif"));
    assert!(!contains(&clean.bytes, &rationals(&LATITUDE)));
    assert!(!contains(&clean.bytes, &rationals(&LONGITUDE)));
    let mut decoder = JpegDecoder::new(Cursor::new(&clean.bytes)).unwrap();
    assert_eq!(decoder.exif_metadata().unwrap(), None);
    assert_eq!(decoder.icc_profile().unwrap(), None);
    assert_eq!((decoded(&clean).width(), decoded(&clean).height()), (32, 32));
}

#[test]
fn a_phone_photo_is_turned_upright_before_its_exif_is_dropped() {
    // Orientation 6: the sensor's picture must be turned 90° clockwise to be seen upright, so
    // its left half (red) ends up on top.
    let upload = with_exif_app1(&jpeg_of(&red_left_blue_right(64, 32)), &exif_tiff(6));

    let clean = clean_default(&upload).unwrap();

    assert_eq!((clean.width, clean.height), (32, 64));
    let upright = decoded(&clean).to_rgb8();
    assert_close(*upright.get_pixel(16, 8), [255, 0, 0]);
    assert_close(*upright.get_pixel(16, 56), [0, 0, 255]);
}

#[test]
fn a_png_loses_its_text_and_exif_chunks_and_keeps_its_pixels() {
    let original = DynamicImage::ImageRgba8(rgba_gradient(24, 16));
    let upload = insert_after_ihdr(
        &png_of(&original),
        &[
            png_chunk(*b"tEXt", b"Comment\0taken at home, 35.6844 139.7532"),
            png_chunk(*b"iTXt", b"XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>serial 12345</x:xmpmeta>"),
            png_chunk(*b"eXIf", &exif_tiff(1)),
        ],
    );
    assert!(PngDecoder::new(Cursor::new(&upload)).unwrap().exif_metadata().unwrap().is_some());

    let clean = clean_default(&upload).unwrap();

    for chunk in [b"tEXt", b"iTXt", b"zTXt", b"eXIf", b"iCCP"] {
        assert!(!contains(&clean.bytes, chunk), "{} survived", String::from_utf8_lossy(chunk));
    }
    assert!(!contains(&clean.bytes, b"139.7532"));
    assert!(!contains(&clean.bytes, &rationals(&LATITUDE)));
    assert_eq!(decoded(&clean), original);
}

#[test]
fn a_png_with_an_exif_orientation_is_turned_upright_too() {
    let upload = insert_after_ihdr(
        &png_of(&DynamicImage::ImageRgba8(rgba_gradient(6, 4))),
        &[png_chunk(*b"eXIf", &exif_tiff(6))],
    );

    let clean = clean_default(&upload).unwrap();

    assert_eq!((clean.width, clean.height), (4, 6));
}

// --- refusals -------------------------------------------------------------------------------

#[test]
fn nothing_at_all_is_empty() {
    assert_eq!(clean_default(&[]), Err(Refusal::Empty));
}

#[test]
fn one_byte_over_the_size_limit_is_too_large_whatever_it_contains() {
    let max = Limits::default().max_bytes;
    assert_eq!(max, 2 * 1024 * 1024);
    let mut over = png_of(&DynamicImage::ImageRgba8(rgba_gradient(8, 8)));
    over.resize(max + 1, 0);

    assert_eq!(clean_default(&over), Err(Refusal::TooLarge { max_bytes: max }));
    // At the limit the size passes, and the next check speaks.
    assert_eq!(clean_default(&vec![b'x'; max]), Err(Refusal::NotAnImage));
}

#[test]
fn a_renamed_pdf_is_not_an_image() {
    let pdf = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";

    assert_eq!(clean_default(pdf), Err(Refusal::NotAnImage));
}

#[test]
fn other_formats_and_text_are_not_images() {
    let others: [&[u8]; 7] = [
        b"GIF89a\x01\x00\x01\x00\x00\x00\x00;",
        b"RIFF\x24\x00\x00\x00WEBPVP8 ",
        b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic",
        b"BM\x3a\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00",
        b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        b"hello, this is not a picture",
        // A PNG signature that does not start the file (a polyglot hiding it after a prefix).
        b"junk\x89PNG\r\n\x1a\n",
    ];
    for bytes in others {
        assert_eq!(clean_default(bytes), Err(Refusal::NotAnImage), "{:?}", String::from_utf8_lossy(bytes));
    }
}

#[test]
fn a_png_signature_on_random_bytes_is_corrupt() {
    let mut bytes = Kind::PNG_SIGNATURE.to_vec();
    bytes.extend(random_bytes(4096, 1));

    assert_eq!(clean_default(&bytes), Err(Refusal::Corrupt));
}

#[test]
fn a_jpeg_marker_on_random_bytes_is_corrupt() {
    let mut bytes = vec![0xFF, 0xD8, 0xFF];
    bytes.extend(random_bytes(4096, 2));

    assert_eq!(clean_default(&bytes), Err(Refusal::Corrupt));
}

#[test]
fn a_truncated_image_is_corrupt() {
    let png = png_of(&DynamicImage::ImageRgba8(rgba_gradient(64, 64)));
    let jpeg = jpeg_of(&red_left_blue_right(64, 64));

    assert_eq!(clean_default(&png[..png.len() / 2]), Err(Refusal::Corrupt));
    assert_eq!(clean_default(&jpeg[..jpeg.len() / 3]), Err(Refusal::Corrupt));
}

#[test]
fn a_png_header_claiming_a_huge_canvas_is_refused_before_decoding() {
    // The pixel data is junk: had the decoder got that far, the answer would be Corrupt.
    assert_eq!(clean_default(&png_header_claiming(100_000, 100_000)), Err(Refusal::TooManyPixels));
    // Each side within the limit, the product over it: the pixel count refuses.
    assert_eq!(clean_default(&png_header_claiming(10_000, 10_000)), Err(Refusal::TooManyPixels));
    // A strip the pixel count would allow: the side limit refuses.
    assert_eq!(clean_default(&png_header_claiming(1, 1_000_000)), Err(Refusal::TooManyPixels));
    // The same junk behind a small header: the decoder reads it and fails.
    assert_eq!(clean_default(&png_header_claiming(100, 100)), Err(Refusal::Corrupt));
}

#[test]
fn a_jpeg_frame_claiming_a_huge_canvas_is_refused_before_decoding() {
    let jpeg = jpeg_of(&red_left_blue_right(16, 16));

    assert_eq!(clean_default(&jpeg_claiming(&jpeg, 65_000, 65_000)), Err(Refusal::TooManyPixels));
    assert_eq!(clean_default(&jpeg_claiming(&jpeg, 10_000, 10_000)), Err(Refusal::TooManyPixels));
}

#[test]
fn the_callers_limits_are_the_ones_applied() {
    let png = png_of(&DynamicImage::ImageRgba8(rgba_gradient(20, 10)));

    let fewer_pixels = Limits { max_pixels: 199, ..Limits::default() };
    let shorter_side = Limits { max_side: 19, ..Limits::default() };
    let smaller_file = Limits { max_bytes: png.len() - 1, ..Limits::default() };

    assert_eq!(clean(&png, &fewer_pixels), Err(Refusal::TooManyPixels));
    assert_eq!(clean(&png, &shorter_side), Err(Refusal::TooManyPixels));
    assert_eq!(clean(&png, &smaller_file), Err(Refusal::TooLarge { max_bytes: png.len() - 1 }));
}

// --- the contract with callers ----------------------------------------------------------------

#[test]
fn refusal_codes_are_stable() {
    let all = [
        (Refusal::Empty, "IMAGE_EMPTY"),
        (Refusal::TooLarge { max_bytes: 1 }, "IMAGE_TOO_LARGE"),
        (Refusal::NotAnImage, "IMAGE_TYPE_NOT_ALLOWED"),
        (Refusal::Corrupt, "IMAGE_CORRUPT"),
        (Refusal::TooManyPixels, "IMAGE_TOO_LARGE_DIMENSIONS"),
    ];
    for (refusal, code) in all {
        assert_eq!(refusal.code(), code);
    }
    assert_eq!(CODES, all.map(|(_, code)| code));
}

#[test]
fn kinds_name_their_media_type_and_extension() {
    assert_eq!((Kind::Png.mime(), Kind::Png.extension()), ("image/png", "png"));
    assert_eq!((Kind::Jpeg.mime(), Kind::Jpeg.extension()), ("image/jpeg", "jpg"));
    assert_eq!(Kind::sniff(&Kind::PNG_SIGNATURE), Some(Kind::Png));
    assert_eq!(Kind::sniff(&[0xFF, 0xD8, 0xFF, 0xE0]), Some(Kind::Jpeg));
    assert_eq!(Kind::sniff(&[0xFF, 0xD8]), None);
}

#[test]
fn a_clean_image_debug_shows_the_length_not_the_bytes() {
    let clean = clean_default(&png_of(&DynamicImage::ImageRgba8(rgba_gradient(4, 4)))).unwrap();

    let shown = format!("{clean:?}");

    assert!(shown.contains(&format!("<{} bytes>", clean.bytes.len())), "{shown}");
}
