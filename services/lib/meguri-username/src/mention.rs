//! `@mention` candidates in free text (diary entries).

use std::ops::Range;

use unicode_normalization::UnicodeNormalization as _;

use crate::name::{MAX_CHARS, MIN_CHARS, Username, is_username_char, normalize};

/// One `@` and the run of username characters after it, with the names it may mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mention<'a> {
    range: Range<usize>,
    written: &'a str,
    candidates: Vec<Username>,
}

impl<'a> Mention<'a> {
    /// Byte range of the mark and the run in the text.
    #[must_use]
    pub fn range(&self) -> Range<usize> {
        self.range.clone()
    }

    /// The mark and the run as written (`＠ﾊﾅｺさん`).
    #[must_use]
    pub const fn as_written(&self) -> &'a str {
        self.written
    }

    /// The usernames the run may mean: the normalized run's prefixes that are valid usernames,
    /// longest first (at most [`MAX_CHARS`], at least [`MIN_CHARS`] characters). Never empty.
    #[must_use]
    pub fn candidates(&self) -> &[Username] {
        &self.candidates
    }
}

/// The per-character NFKC of `c` (what `c` stands for inside a name).
fn nfkc(c: char) -> impl Iterator<Item = char> {
    std::iter::once(c).nfkc()
}

/// `@`, or a character NFKC turns into `@` (fullwidth ＠, small ﹫).
fn is_mark(c: char) -> bool {
    nfkc(c).eq(std::iter::once('@'))
}

/// A character that continues a run: its NFKC is made of username characters, or of the
/// combining (semi-)voiced sound marks that NFKC joins to the kana before them (ｶﾞ, か + U+3099).
fn is_run_char(c: char) -> bool {
    nfkc(c).all(|d| is_username_char(d) || matches!(d, '\u{3099}' | '\u{309A}'))
}

/// A character after which `@` is not a mention: one whose NFKC ends in an ASCII letter, digit or
/// `_`, as in `hanako@example.jp`. Kana and kanji do not block: Japanese puts no space before a
/// mention (`今日は@はなこと`).
fn blocks(c: char) -> bool {
    nfkc(c).last().is_some_and(|d| d.is_ascii_alphanumeric() || d == '_')
}

fn candidates(run: &str) -> Vec<Username> {
    let name = normalize(run);
    let ends: Vec<usize> = name.char_indices().map(|(i, c)| i + c.len_utf8()).collect();
    (MIN_CHARS..=MAX_CHARS.min(ends.len()))
        .rev()
        .filter_map(|chars| ends.get(chars - 1))
        .filter_map(|end| name.get(..*end))
        .filter_map(|prefix| Username::parse(prefix).ok())
        .collect()
}

/// The mention candidates in `text`, in order.
///
/// A mention is `@` (or ＠) at the start of the text or after a character that does not
/// [block](blocks) it, followed by the longest run of username characters (as written: fullwidth
/// and halfwidth forms count). Japanese text gives a run no natural end — `@はなこさんと` runs to
/// `はなこさんと` — so each mention carries the run's prefixes that are valid usernames, longest
/// first; a resolver takes the first one that names an existing account. Runs with no valid prefix
/// (`@ab`, `@___`) are not returned.
#[must_use]
pub fn mentions(text: &str) -> Vec<Mention<'_>> {
    let mut found = Vec::new();
    let mut previous: Option<char> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if is_mark(c) && !previous.is_some_and(blocks) {
            let mut end = start + c.len_utf8();
            let run_start = end;
            let mut last = c;
            while let Some(&(i, d)) = chars.peek() {
                if !is_run_char(d) {
                    break;
                }
                end = i + d.len_utf8();
                last = d;
                chars.next();
            }
            let candidates = text.get(run_start..end).map(candidates).unwrap_or_default();
            if let (false, Some(written)) = (candidates.is_empty(), text.get(start..end)) {
                found.push(Mention { range: start..end, written, candidates });
            }
            previous = Some(last);
        } else {
            previous = Some(c);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn names(text: &str) -> Vec<(&str, Vec<String>)> {
        mentions(text)
            .into_iter()
            .map(|m| (m.as_written(), m.candidates().iter().map(|u| u.as_str().to_owned()).collect()))
            .collect()
    }

    #[test]
    fn a_kana_run_offers_its_prefixes_longest_first() {
        assert_eq!(
            names("@はなこさんと"),
            vec![(
                "@はなこさんと",
                vec!["はなこさんと", "はなこさん", "はなこさ", "はなこ"].into_iter().map(String::from).collect()
            )]
        );
    }

    #[test]
    fn an_address_is_not_a_mention_but_japanese_before_the_mark_is_fine() {
        assert!(mentions("hanako@example.jp").is_empty());
        assert!(mentions("ｈａｎａｋｏ＠example.jp").is_empty());
        let found = names("今日は@taroと。");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, "@taroと");
        assert_eq!(found[0].1.last().map(String::as_str), Some("tar"));
    }

    #[test]
    fn the_range_covers_the_mark_and_the_run_as_written() {
        let text = "よろしく＠ﾊﾅｺさん!";
        let found = mentions(text);
        assert_eq!(found.len(), 1);
        assert_eq!(&text[found[0].range()], "＠ﾊﾅｺさん");
        assert_eq!(found[0].candidates()[0].as_str(), "ハナコさん");
    }

    #[test]
    fn runs_too_short_or_only_underscores_are_not_mentions() {
        assert!(mentions("@ab @___ @ @!").is_empty());
    }

    proptest! {
        #[test]
        fn a_valid_name_alone_is_its_own_longest_candidate(name in "[a-zA-Z0-9_あ-んア-ン一-龥]{3,20}") {
            prop_assume!(!name.chars().all(|c| c == '_'));
            let text = format!("@{name}");
            let found = mentions(&text);
            prop_assert_eq!(found.len(), 1);
            prop_assert_eq!(found[0].candidates()[0].as_str(), name.as_str());
        }

        #[test]
        fn every_candidate_is_a_valid_name_from_the_text(text in "[@＠ a-z0-9_.あ-んア-ンｦ-ﾟ、。]{0,40}") {
            for mention in mentions(&text) {
                prop_assert_eq!(&text[mention.range()], mention.as_written());
                let candidates = mention.candidates();
                prop_assert!(!candidates.is_empty());
                for pair in candidates.windows(2) {
                    prop_assert!(pair[0].as_str().chars().count() > pair[1].as_str().chars().count());
                }
                for candidate in candidates {
                    prop_assert_eq!(Username::parse(candidate.as_str()), Ok(candidate.clone()));
                }
            }
        }
    }
}
