//! The look-alike key: names that a reader could take for one another share a skeleton.

use crate::name::normalize;

/// Characters folded to one representative, applied after ASCII lowercasing (so `I` and `L` are
/// covered through `i` and `l`). Each pair is documented in the crate docs, with why.
pub const CONFUSABLE_CHARS: &[(char, char)] = &[
    // Latin and digits: I (through i), l, L (through l) and 1 are one stroke; O and 0 are one ring.
    ('i', 'l'),
    ('1', 'l'),
    ('0', 'o'),
    // Kanji that are drawn like a katakana letter.
    ('力', 'カ'),
    ('口', 'ロ'),
    ('工', 'エ'),
    ('二', 'ニ'),
    ('一', 'ー'),
    ('八', 'ハ'),
    ('夕', 'タ'),
    ('卜', 'ト'),
    ('匕', 'ヒ'),
    ('才', 'オ'),
    ('丿', 'ノ'),
    ('乂', 'メ'),
    ('亻', 'イ'),
    ('乚', 'レ'),
    ('丶', 'ヽ'),
    // Hiragana he and katakana he are the same shape.
    ('へ', 'ヘ'),
    ('べ', 'ベ'),
    ('ぺ', 'ペ'),
];

/// Letter pairs that read as one letter, replaced left to right after the characters are folded.
pub const CONFUSABLE_SEQUENCES: &[(&str, &str)] = &[("rn", "m"), ("vv", "w")];

/// The look-alike key of `name` (normalized first, so any input has one): ASCII-lowercased, each
/// character of [`CONFUSABLE_CHARS`] folded to its representative, then each sequence of
/// [`CONFUSABLE_SEQUENCES`] replaced.
///
/// What holds: `skeleton(a) == skeleton(b)` whenever `a` and `b` are the same name ignoring ASCII
/// case or width, so a unique index on the skeleton also keeps names unique case-insensitively.
/// That is why `i` is folded with `l`: the capital `I` is the classic look-alike of `l`, and a
/// key that folded `I` but not `i` would tell `Ian` from `ian`.
#[must_use]
pub fn skeleton(name: &str) -> String {
    let folded: String = normalize(name).chars().map(|c| fold(c.to_ascii_lowercase())).collect();
    CONFUSABLE_SEQUENCES.iter().fold(folded, |key, (from, to)| key.replace(from, to))
}

fn fold(c: char) -> char {
    CONFUSABLE_CHARS.iter().find(|(from, _)| *from == c).map_or(c, |(_, to)| *to)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::name::is_username_char;

    #[test]
    fn latin_look_alikes_share_a_skeleton() {
        for (a, b) in [
            ("hanako1", "hanakol"),
            ("Ian", "lan"),
            ("ian", "lan"),
            ("momo", "m0m0"),
            ("corn", "com"),
            ("vvada", "wada"),
        ] {
            assert_eq!(skeleton(a), skeleton(b), "{a} / {b}");
        }
    }

    #[test]
    fn katakana_and_the_kanji_or_hiragana_drawn_like_it_share_a_skeleton() {
        for (a, b) in [
            ("カナコ", "力ナコ"),
            ("ロロナ", "口ロナ"),
            ("ヘンリー", "へンリ一"),
            ("ベル子", "べル子"),
            ("ハナタ", "八ナ夕"),
        ] {
            assert_eq!(skeleton(a), skeleton(b), "{a} / {b}");
        }
    }

    #[test]
    fn different_names_keep_different_skeletons() {
        for (a, b) in [("はなこ", "ハナコ"), ("hanako", "hanako2"), ("たろう", "たろー"), ("力士", "カ土")]
        {
            assert_ne!(skeleton(a), skeleton(b), "{a} / {b}");
        }
    }

    #[test]
    fn every_folded_character_is_a_username_character_on_both_sides() {
        // A pair with a character the rule refuses would never be reached.
        for (from, to) in CONFUSABLE_CHARS {
            assert!(is_username_char(*from) && is_username_char(*to), "{from} → {to}");
            assert_ne!(from, to);
            assert!(CONFUSABLE_CHARS.iter().all(|(f, _)| f != to), "{to} is folded again");
        }
    }

    proptest! {
        #[test]
        fn the_skeleton_ignores_ascii_case(name in "[A-Za-z0-9_あ-んア-ン]{0,12}") {
            let key = skeleton(&name);
            prop_assert_eq!(skeleton(&name.to_ascii_lowercase()), key.clone());
            prop_assert_eq!(skeleton(&name.to_ascii_uppercase()), key);
        }
    }
}
