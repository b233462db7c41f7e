//! The screenshots a member sends with a message: at most [`MAX_ATTACHMENTS`], each checked by its
//! content and re-encoded by meguri-image (PNG or JPEG, at most 2 MiB as uploaded, no metadata
//! kept). All are checked before anything is stored, so one bad file stores nothing.

use meguri_image::{CleanImage, Limits, Refusal};

use super::{Invalid, MAX_ATTACHMENTS};

/// The largest clean copy kept: re-encoding can grow a file (a palette PNG comes back as RGBA), and
/// a screenshot that grows past this is refused as too large rather than stored.
pub const MAX_STORED_BYTES: usize = 8 * 1024 * 1024;

/// Why a set of uploads was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// More than [`MAX_ATTACHMENTS`].
    TooMany,
    /// One of them (the first that failed), with meguri-image's reason.
    Image(Refusal),
}

impl From<Refused> for crate::error::Error {
    fn from(r: Refused) -> Self {
        match r {
            Refused::TooMany => Self::Invalid(Invalid::TooManyAttachments),
            Refused::Image(refusal) => Self::Image(refusal),
        }
    }
}

/// The count alone: checked before any image is decoded.
///
/// # Errors
/// [`Refused::TooMany`].
pub fn check_count(uploads: &[Vec<u8>]) -> Result<(), Refused> {
    if uploads.len() > MAX_ATTACHMENTS { Err(Refused::TooMany) } else { Ok(()) }
}

/// Every upload checked and re-encoded, in order. CPU-bound: run it off the async runtime.
///
/// # Errors
/// [`Refused`] for the first upload that fails (or too many).
pub fn clean_all(uploads: &[Vec<u8>]) -> Result<Vec<CleanImage>, Refused> {
    check_count(uploads)?;
    uploads
        .iter()
        .map(|bytes| {
            let clean = meguri_image::clean(bytes, &Limits::DEFAULT).map_err(Refused::Image)?;
            if clean.bytes.len() > MAX_STORED_BYTES {
                return Err(Refused::Image(Refusal::TooLarge { max_bytes: Limits::DEFAULT.max_bytes }));
            }
            Ok(clean)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        meguri_image::testing::png(width, height)
    }

    #[test]
    fn up_to_three_clean_images_pass_in_order() {
        let cleaned = clean_all(&[png(2, 3), png(4, 5), png(6, 7)]).expect("three images");
        let sizes: Vec<_> = cleaned.iter().map(|c| (c.width, c.height)).collect();
        assert_eq!(sizes, [(2, 3), (4, 5), (6, 7)]);
        assert!(clean_all(&[]).expect("none").is_empty());
    }

    #[test]
    fn a_fourth_image_or_one_bad_file_refuses_them_all() {
        assert_eq!(clean_all(&[png(1, 1), png(1, 1), png(1, 1), png(1, 1)]).err(), Some(Refused::TooMany));
        let pdf = b"%PDF-1.7\n1 0 obj\n<<>>\nendobj\n".to_vec();
        assert_eq!(clean_all(&[png(1, 1), pdf]).err(), Some(Refused::Image(Refusal::NotAnImage)));
        let mut fake = png(1, 1)[..8].to_vec();
        fake.extend(std::iter::repeat_n(0x5a, 500));
        assert_eq!(clean_all(&[fake]).err(), Some(Refused::Image(Refusal::Corrupt)));
        assert_eq!(clean_all(&[Vec::new()]).err(), Some(Refused::Image(Refusal::Empty)));
        let big = vec![0_u8; Limits::DEFAULT.max_bytes + 1];
        assert!(matches!(clean_all(&[big]).err(), Some(Refused::Image(Refusal::TooLarge { .. }))));
    }
}
