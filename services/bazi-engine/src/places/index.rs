//! The search index: every normalised key of every place, sorted, so that the keys starting
//! with a query form one contiguous range found by two binary searches.

use super::data::Row;
use super::normalize::normalize_into;
use super::{Place, PlaceKind};

/// How strongly a key stands for its place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum KeyKind {
    /// The Japanese name, its reading, and their stems (大阪, おおさか for 大阪市).
    Name = 0,
    /// Romaji, GeoNames' own name and other-script alternates.
    Alias = 1,
}

/// One key: a slice of `Index::blob` and the place it belongs to.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    start: u32,
    len: u32,
    /// place index << 1 | key kind
    tag: u32,
}

impl Entry {
    pub(crate) fn place(self) -> usize {
        (self.tag >> 1) as usize
    }

    pub(crate) fn kind(self) -> KeyKind {
        if self.tag & 1 == 0 { KeyKind::Name } else { KeyKind::Alias }
    }

    pub(crate) fn key_len(self) -> usize {
        self.len as usize
    }
}

pub(crate) struct Index {
    blob: String,
    entries: Vec<Entry>,
}

impl Index {
    pub(crate) fn build(rows: &[Row]) -> Index {
        let mut index = Index { blob: String::with_capacity(2 << 20), entries: Vec::with_capacity(rows.len() * 3) };
        let mut scratch = String::with_capacity(256);
        for (i, row) in rows.iter().enumerate() {
            let first = index.entries.len();
            for_each_key(row, |raw, kind| {
                scratch.clear();
                normalize_into(raw, &mut scratch);
                index.add(first, &scratch, to_u32(i), kind);
            });
        }
        let Index { blob, mut entries } = index;
        let key_of = |e: &Entry| blob.get(e.start as usize..(e.start + e.len) as usize).unwrap_or("");
        entries.sort_unstable_by(|a, b| key_of(a).cmp(key_of(b)).then(a.tag.cmp(&b.tag)));
        let mut index = Index { blob, entries };
        index.blob.shrink_to_fit();
        index.entries.shrink_to_fit();
        index
    }

    /// Adds `key` for `place` unless the place already has it (entries from `first` on are
    /// this place's); a repeated key keeps the stronger kind.
    fn add(&mut self, first: usize, key: &str, place: u32, kind: KeyKind) {
        if key.is_empty() {
            return;
        }
        let tag = place << 1 | kind as u32;
        for i in first..self.entries.len() {
            let e = self.entries[i];
            if self.key(&e) == key {
                if kind < e.kind() {
                    self.entries[i].tag = tag;
                }
                return;
            }
        }
        let start = self.blob.len();
        self.blob.push_str(key);
        self.entries.push(Entry { start: to_u32(start), len: to_u32(key.len()), tag });
    }

    fn key(&self, e: &Entry) -> &str {
        self.blob.get(e.start as usize..(e.start + e.len) as usize).unwrap_or("")
    }

    /// The entries whose key starts with `prefix` (exact matches first, as they sort first).
    pub(crate) fn with_prefix(&self, prefix: &str) -> &[Entry] {
        let lo = self.entries.partition_point(|e| self.key(e) < prefix);
        let rest = &self.entries[lo..];
        let n = rest.partition_point(|e| self.key(e).starts_with(prefix));
        &rest[..n]
    }

    /// True when some place has exactly this key.
    pub(crate) fn has_key(&self, key: &str) -> bool {
        self.with_prefix(key).first().is_some_and(|e| e.key_len() == key.len())
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Calls `add` with every raw key of a place and how strongly it stands for the place.
fn for_each_key(row: &Row, mut add: impl FnMut(&str, KeyKind)) {
    let p: &Place = &row.place;
    // A foreign city without a Japanese name shows its GeoNames name: that is romaji, so it
    // must not outrank a Japanese name's romaji ('Paris' → パリ before Paris, Texas).
    let name_kind = if p.name_ja == p.romaji { KeyKind::Alias } else { KeyKind::Name };
    add(p.name_ja, name_kind);
    add(p.kana, KeyKind::Name);
    for k in row.name_keys.split('|') {
        add(k, KeyKind::Name);
    }
    if matches!(p.kind, PlaceKind::Municipality | PlaceKind::Ward) {
        // people often type the prefecture first: 東京都新宿区, 北海道札幌市
        let mut with_pref = String::with_capacity(p.admin1_ja.len() + p.name_ja.len());
        with_pref.push_str(p.admin1_ja);
        with_pref.push_str(p.name_ja);
        add(&with_pref, KeyKind::Name);
    }
    add(p.romaji, KeyKind::Alias);
    for k in row.alias_keys.split('|') {
        add(k, KeyKind::Alias);
    }
}
