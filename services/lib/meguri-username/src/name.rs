//! The rule itself: normalization, the allowed characters, the length, and the parsed [`Username`].

use std::fmt;

use unicode_normalization::UnicodeNormalization as _;

use crate::skeleton::skeleton;

/// The fewest characters (Unicode scalar values, after [`normalize`]) a username has.
pub const MIN_CHARS: usize = 3;
/// The most characters (Unicode scalar values, after [`normalize`]) a username has.
pub const MAX_CHARS: usize = 20;

/// NFKC, then the surrounding whitespace (Unicode `White_Space`, as [`char::is_whitespace`])
/// trimmed.
///
/// NFKC is what makes two spellings of one name one name: fullwidth `ｈａｎａｋｏ` becomes `hanako`,
/// halfwidth `ﾊﾅｺ` becomes `ハナコ`, `ｶﾞ` and `か` + U+3099 become `ガ` and `が`, `①` becomes `1`,
/// `𝐡` becomes `h`. It does not remove anything else: spaces, zero-width and control characters
/// inside (or U+FEFF at an edge, which is not `White_Space`) stay, and [`Username::parse`] refuses
/// them.
#[must_use]
pub fn normalize(raw: &str) -> String {
    let nfkc: String = raw.nfkc().collect();
    nfkc.trim_matches(char::is_whitespace).to_owned()
}

/// Whether `c` may appear in a (normalized) username: ASCII letters and digits and `_`; hiragana
/// U+3041–U+3096; katakana U+30A1–U+30FA; the long-vowel mark ー U+30FC; the iteration marks ゝゞ
/// U+309D–U+309E, ヽヾ U+30FD–U+30FE and 々 U+3005; CJK ideographs U+4E00–U+9FFF and extension A
/// U+3400–U+4DBF. Nothing else: no spaces, `@`, punctuation (・ U+30FB included), symbols, emoji,
/// zero-width or control characters, and no other script (Cyrillic and Greek letters are the
/// classic look-alikes of Latin ones).
#[must_use]
pub const fn is_username_char(c: char) -> bool {
    matches!(c,
        'a'..='z' | 'A'..='Z' | '0'..='9' | '_'
        | '\u{3041}'..='\u{3096}'
        | '\u{30A1}'..='\u{30FA}'
        | '\u{30FC}'
        | '\u{309D}'..='\u{309E}'
        | '\u{30FD}'..='\u{30FE}'
        | '\u{3005}'
        | '\u{4E00}'..='\u{9FFF}'
        | '\u{3400}'..='\u{4DBF}'
    )
}

/// Which rule a username broke. The checks run in this order, so one input has one answer
/// (the frontend's `lib/username.ts` checks in the same order; `vectors.json` holds both to it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UsernameError {
    /// A character outside [`is_username_char`]: the first one, after normalization.
    Character(char),
    /// Fewer than [`MIN_CHARS`] or more than [`MAX_CHARS`] characters after normalization (the
    /// count it had).
    Length(usize),
    /// Made only of `_`.
    OnlyUnderscores,
}

impl UsernameError {
    /// A stable name of the rule (`character`, `length`, `only_underscores`), as `vectors.json`
    /// spells it.
    #[must_use]
    pub const fn reason(self) -> &'static str {
        match self {
            Self::Character(_) => "character",
            Self::Length(_) => "length",
            Self::OnlyUnderscores => "only_underscores",
        }
    }
}

impl fmt::Display for UsernameError {
    /// English, for logs; people read the gateway's Japanese message for `INVALID_USERNAME`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Character(c) => write!(f, "character U+{:04X} is not allowed in a username", u32::from(*c)),
            Self::Length(n) => write!(f, "a username has {MIN_CHARS} to {MAX_CHARS} characters, not {n}"),
            Self::OnlyUnderscores => f.write_str("a username is not made only of underscores"),
        }
    }
}

impl std::error::Error for UsernameError {}

/// A valid username in its normalized display form (case kept).
///
/// Two usernames are the same name when they are equal ignoring ASCII case
/// ([`Username::is_same_name`]), and look alike when their [`skeleton`]s are equal; the skeleton is
/// case-insensitive, so the same name always looks alike too. A store keeps both unique.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Username(String);

impl Username {
    /// Normalizes `raw` ([`normalize`]) and checks it.
    ///
    /// # Errors
    /// [`UsernameError::Character`], then [`UsernameError::Length`], then
    /// [`UsernameError::OnlyUnderscores`]: the first rule broken.
    pub fn parse(raw: &str) -> Result<Self, UsernameError> {
        let name = normalize(raw);
        if let Some(c) = name.chars().find(|c| !is_username_char(*c)) {
            return Err(UsernameError::Character(c));
        }
        let count = name.chars().count();
        if !(MIN_CHARS..=MAX_CHARS).contains(&count) {
            return Err(UsernameError::Length(count));
        }
        if name.chars().all(|c| c == '_') {
            return Err(UsernameError::OnlyUnderscores);
        }
        Ok(Self(name))
    }

    /// The normalized display form, case kept: what is stored and shown.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    #[must_use]
    pub fn into_string(self) -> String {
        self.0
    }

    /// The look-alike key of this name ([`skeleton`]).
    #[must_use]
    pub fn skeleton(&self) -> String {
        skeleton(&self.0)
    }

    /// Whether `other` is this name, ignoring ASCII case (the only letters with case a username
    /// can hold), after normalizing `other`.
    #[must_use]
    pub fn is_same_name(&self, other: &str) -> bool {
        normalize(other).eq_ignore_ascii_case(&self.0)
    }
}

impl fmt::Display for Username {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for Username {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn kana_kanji_and_ascii_names_of_three_to_twenty_characters_are_valid() {
        for raw in [
            "abc",
            "hanako_1990",
            "はなこ",
            "ハナコ",
            "山田花子",
            "たろう_2",
            "ゆゞき",
            "佐々木",
            "a234567890123456789z",
        ] {
            assert_eq!(Username::parse(raw).map(|u| u.as_str().to_owned()), Ok(raw.to_owned()), "{raw}");
        }
    }

    #[test]
    fn the_length_counts_characters_not_bytes() {
        assert!(Username::parse("はなこはなこはなこはなこはなこはなこはな").is_ok()); // 20 × 3 bytes
        assert_eq!(Username::parse("はなこはなこはなこはなこはなこはなこはなこ"), Err(UsernameError::Length(21)));
        assert_eq!(Username::parse("はな"), Err(UsernameError::Length(2)));
        assert_eq!(Username::parse("   "), Err(UsernameError::Length(0)));
    }

    #[test]
    fn normalization_comes_first_and_the_stored_form_is_the_normalized_one() {
        assert_eq!(Username::parse("ｈａｎａｋｏ").map(Username::into_string), Ok("hanako".to_owned()));
        assert_eq!(Username::parse("ﾊﾅｺ").map(Username::into_string), Ok("ハナコ".to_owned()));
        assert_eq!(Username::parse("ｶﾞｸﾄ").map(Username::into_string), Ok("ガクト".to_owned()));
        assert_eq!(Username::parse("\u{3000}はなこ ").map(Username::into_string), Ok("はなこ".to_owned()));
        // ｶﾞ is two characters as typed and one after NFKC: 21 as typed is 20 after.
        assert!(Username::parse(&format!("{}ｶﾞ", "あ".repeat(19))).is_ok());
    }

    #[test]
    fn spaces_marks_symbols_and_other_scripts_are_refused_by_character() {
        for (raw, bad) in [
            ("hana ko", ' '),
            ("はな\u{3000}こ", ' '),
            ("hana@ko", '@'),
            ("hana-ko", '-'),
            ("はな・こ", '・'),
            ("hana\u{200B}ko", '\u{200B}'),
            ("\u{FEFF}hanako", '\u{FEFF}'),
            ("hanak\u{043E}", '\u{043E}'),
            ("hαnako", 'α'),
            ("はなこ🌸", '🌸'),
            ("hana\tko", '\t'),
            ("ｈａｎａ＠ｋｏ", '@'),
        ] {
            assert_eq!(Username::parse(raw), Err(UsernameError::Character(bad)), "{raw:?}");
        }
    }

    #[test]
    fn underscores_alone_are_not_a_name() {
        assert_eq!(Username::parse("___"), Err(UsernameError::OnlyUnderscores));
        assert!(Username::parse("_a_").is_ok());
    }

    #[test]
    fn the_same_name_ignores_ascii_case_and_width() {
        let name = Username::parse("Hanako").expect("valid");
        assert!(name.is_same_name("hanako"));
        assert!(name.is_same_name("ＨＡＮＡＫＯ"));
        assert!(!name.is_same_name("hanak0"));
    }

    fn any_text() -> impl Strategy<Value = String> {
        // Mostly characters near the rule's edges: ASCII, kana (full and half width), kanji,
        // fullwidth forms, spaces, marks.
        let chars = prop_oneof![
            proptest::char::range('\u{20}', '\u{7E}'),
            proptest::char::range('\u{3000}', '\u{30FF}'),
            proptest::char::range('\u{4E00}', '\u{4E20}'),
            proptest::char::range('\u{FF01}', '\u{FF9F}'),
            Just('\u{200B}'),
            Just('\u{0301}'),
        ];
        proptest::collection::vec(chars, 0..26).prop_map(|v| v.into_iter().collect())
    }

    proptest! {
        #[test]
        fn a_parsed_name_obeys_the_rule_and_parses_to_itself(raw in any_text()) {
            if let Ok(name) = Username::parse(&raw) {
                let count = name.as_str().chars().count();
                prop_assert!((MIN_CHARS..=MAX_CHARS).contains(&count));
                prop_assert!(name.as_str().chars().all(is_username_char));
                prop_assert!(!name.as_str().chars().all(|c| c == '_'));
                prop_assert_eq!(Username::parse(name.as_str()), Ok(name.clone()));
            }
        }

        #[test]
        fn normalize_is_idempotent(raw in any_text()) {
            let once = normalize(&raw);
            prop_assert_eq!(normalize(&once), once);
        }
    }
}
