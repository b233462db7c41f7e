//! The content hash of a reading (what ratings point at) and the daily seed.

use chrono::NaiveDate;
use meguri_ids::UserId;
use sha2::{Digest as _, Sha256};

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// Hex SHA-256 over the lines, the dos and the don'ts. Each string is length-prefixed and each
/// list starts with its own tag, so moving an item from one list to another, or splitting one,
/// changes the hash.
#[must_use]
pub fn content_hash(lines: &[String], dos: &[String], donts: &[String]) -> String {
    let mut hasher = Sha256::new();
    for (tag, list) in [(b'L', lines), (b'D', dos), (b'N', donts)] {
        hasher.update([tag]);
        hasher.update((list.len() as u64).to_be_bytes());
        for item in list {
            hasher.update((item.len() as u64).to_be_bytes());
            hasher.update(item.as_bytes());
        }
    }
    hex(&hasher.finalize())
}

/// The seed of a user's reading on a local date: the first 8 bytes of SHA-256(`<user id>|<date>`).
/// Stable across processes and releases (unlike `std`'s hasher).
#[must_use]
pub fn daily_seed(user: UserId, date: NaiveDate) -> u64 {
    let digest = Sha256::digest(format!("{user}|{date}").as_bytes());
    let mut first = [0_u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| (*x).to_owned()).collect()
    }

    #[test]
    fn the_hash_is_hex_sha256_and_sees_which_list_an_item_is_in() {
        let h = content_hash(&s(&["一行"]), &s(&["散歩", "読書", "早寝"]), &s(&["夜更かし", "口論", "散財"]));
        assert_eq!(h.len(), 64);
        assert!(h.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(h, content_hash(&s(&["一行"]), &s(&["散歩", "読書", "早寝"]), &s(&["夜更かし", "口論", "散財"])));
        let moved = content_hash(&s(&["一行"]), &s(&["散歩", "読書"]), &s(&["早寝", "夜更かし", "口論", "散財"]));
        assert_ne!(h, moved);
        assert_ne!(content_hash(&s(&["ab"]), &[], &[]), content_hash(&s(&["a", "b"]), &[], &[]));
    }

    #[test]
    fn the_seed_is_stable_per_user_and_date() {
        let user: UserId = "018f0000-0000-7000-8000-000000000001".parse().expect("uuid");
        let day = NaiveDate::from_ymd_opt(2026, 11, 22).expect("date");
        let next = day.succ_opt().expect("date");
        assert_eq!(daily_seed(user, day), daily_seed(user, day));
        assert_ne!(daily_seed(user, day), daily_seed(user, next));
        assert_ne!(daily_seed(user, day), daily_seed(UserId::new(), day));
    }
}

/// Hex SHA-256 of a chart's input fields, each length-prefixed: two builds with the same
/// fingerprint would give the same chart.
#[must_use]
pub fn input_fingerprint(fields: &[Option<&str>]) -> String {
    let mut hasher = Sha256::new();
    for field in fields {
        match field {
            None => hasher.update([0_u8]),
            Some(text) => {
                hasher.update([1_u8]);
                hasher.update((text.len() as u64).to_be_bytes());
                hasher.update(text.as_bytes());
            }
        }
    }
    hex(&hasher.finalize())
}

#[cfg(test)]
mod fingerprint_tests {
    use super::*;

    #[test]
    fn a_missing_field_differs_from_an_empty_one_and_order_matters() {
        let a = input_fingerprint(&[Some("1990-05-15"), None, Some("")]);
        assert_eq!(a, input_fingerprint(&[Some("1990-05-15"), None, Some("")]));
        assert_ne!(a, input_fingerprint(&[Some("1990-05-15"), Some(""), None]));
        assert_ne!(a, input_fingerprint(&[Some("1990-05-16"), None, Some("")]));
    }
}
