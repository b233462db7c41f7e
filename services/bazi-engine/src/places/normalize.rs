//! Folding of search text, shared by the index keys and the queries.
//!
//! Both sides go through [`normalize_into`], so whatever it folds can never make a key and a
//! query disagree. It folds:
//! * width: full-width ASCII and the ideographic space to ASCII, half-width katakana (with a
//!   following half-width voiced mark) to full-width;
//! * script: katakana to hiragana (ヶ and ヵ to け and か), decomposed voiced marks recomposed;
//! * case and diacritics of Latin letters (`Gyōda` → `gyoda`, `São` → `sao`, `ß` → `ss`);
//! * a few kanji variants common in place names (髙 → 高, 﨑 → 崎, 鰺 → 鯵, 竈 → 釜 …);
//! * separators: white space, control characters, hyphens and dashes, `・`, `=`, `.`, `'`.
//!
//! Everything else (kanji, hiragana, the long mark ー, other scripts, emoji) passes through.

use unicode_normalization::char::decompose_canonical;

/// Half-width katakana U+FF66..=U+FF9D in order, as full-width katakana.
const HALF_WIDTH_KATAKANA: &str =
    "ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン";

/// Hiragana that take a dakuten (゛) and the result.
const DAKUTEN_FROM: &str = "かきくけこさしすせそたちつてとはひふへほうゝ";
const DAKUTEN_TO: &str = "がぎぐげござじずぜぞだぢづでどばびぶべぼゔゞ";
/// Hiragana that take a handakuten (゜) and the result.
const HANDAKUTEN_FROM: &str = "はひふへほ";
const HANDAKUTEN_TO: &str = "ぱぴぷぺぽ";

/// Kanji variants folded to the form used in the municipality list (or the common one).
fn kanji_variant(c: char) -> Option<char> {
    Some(match c {
        '﨑' | '嵜' => '崎',
        '髙' => '高',
        '鰺' => '鯵',
        '竈' => '釜',
        '澤' => '沢',
        '濱' => '浜',
        '邊' | '邉' => '辺',
        '嶋' => '島',
        '龍' => '竜',
        '國' => '国',
        '廣' => '広',
        '櫻' => '桜',
        '檮' => '梼',
        '槇' => '槙',
        '驒' => '騨',
        '縣' => '県',
        '舘' => '館',
        _ => return None,
    })
}

/// Folds `input` as described in the module docs and returns the result.
pub(crate) fn normalize(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    normalize_into(input, &mut out);
    out
}

/// Appends the folded form of `input` to `out`.
pub(crate) fn normalize_into(input: &str, out: &mut String) {
    for c in input.chars() {
        fold_char(c, out);
    }
}

fn fold_char(c: char, out: &mut String) {
    match c {
        // voiced sound marks: combining, spacing and half-width
        '\u{3099}' | '\u{309B}' | '\u{FF9E}' => compose(out, DAKUTEN_FROM, DAKUTEN_TO),
        '\u{309A}' | '\u{309C}' | '\u{FF9F}' => compose(out, HANDAKUTEN_FROM, HANDAKUTEN_TO),
        // full-width ASCII
        '\u{FF01}'..='\u{FF5E}' => {
            if let Some(ascii) = char::from_u32(u32::from(c) - 0xFEE0) {
                fold_char(ascii, out);
            }
        }
        '\u{FF70}' => out.push('ー'),
        '\u{FF66}'..='\u{FF9D}' => {
            let i = (u32::from(c) - 0xFF66) as usize;
            if let Some(k) = HALF_WIDTH_KATAKANA.chars().nth(i) {
                fold_char(k, out);
            }
        }
        'ヵ' | 'ゕ' => out.push('か'),
        'ヶ' | 'ゖ' => out.push('け'),
        // katakana → hiragana (ァ..ヴ and the iteration marks ヽヾ)
        '\u{30A1}'..='\u{30F4}' | '\u{30FD}' | '\u{30FE}' => {
            if let Some(h) = char::from_u32(u32::from(c) - 0x60) {
                out.push(h);
            }
        }
        c if is_separator(c) => {}
        c if c.is_ascii() => out.push(c.to_ascii_lowercase()),
        '\u{0300}'..='\u{036F}' => {} // combining diacritics
        'ß' | 'ẞ' => out.push_str("ss"),
        'æ' | 'Æ' => out.push_str("ae"),
        'œ' | 'Œ' => out.push_str("oe"),
        'ø' | 'Ø' => out.push('o'),
        'đ' | 'Đ' | 'ð' | 'Ð' => out.push('d'),
        'ł' | 'Ł' => out.push('l'),
        'ħ' | 'Ħ' => out.push('h'),
        'ŧ' | 'Ŧ' => out.push('t'),
        'þ' | 'Þ' => out.push_str("th"),
        'ı' => out.push('i'),
        '\u{00C0}'..='\u{024F}' | '\u{1E00}'..='\u{1EFF}' => {
            let mut base = None;
            decompose_canonical(c, |d| {
                if base.is_none() {
                    base = Some(d);
                }
            });
            match base {
                Some(b) if b.is_ascii_alphabetic() => out.push(b.to_ascii_lowercase()),
                _ => out.push(c),
            }
        }
        c => out.push(kanji_variant(c).unwrap_or(c)),
    }
}

/// Characters dropped entirely: they separate words but carry no meaning for matching.
fn is_separator(c: char) -> bool {
    c.is_whitespace()
        || c.is_control()
        || matches!(
            c,
            '-' | '_'
                | '.'
                | '\''
                | '`'
                | '='
                | '\u{2010}'..='\u{2015}' // hyphens and dashes
                | '\u{2018}' | '\u{2019}' // quotes used as apostrophes
                | '\u{2212}' // minus sign
                | '\u{00B7}' | '\u{30FB}' | '\u{FF65}' // middle dots
                | '\u{30A0}' // katakana double hyphen ゠
                | '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}' // zero-width
        )
}

/// Replaces the last character of `out` by its voiced form, or drops the mark.
fn compose(out: &mut String, from: &str, to: &str) {
    let Some(last) = out.chars().next_back() else {
        return;
    };
    if let Some(voiced) = from.chars().position(|f| f == last).and_then(|i| to.chars().nth(i)) {
        out.pop();
        out.push(voiced);
    }
}

/// True when `c` is one of the characters a Japanese place name may end with and a user may
/// leave out (市 in 那覇市).
pub(crate) fn is_admin_suffix(c: char) -> bool {
    matches!(c, '都' | '道' | '府' | '県' | '市' | '区' | '町' | '村')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_and_half_width_ascii_fold_to_lower_case_ascii() {
        assert_eq!(normalize("ＴＯＫＹＯ"), "tokyo");
        assert_eq!(normalize("New　York"), "newyork");
        assert_eq!(normalize("ＮＥＷ－ＹＯＲＫ"), "newyork");
    }

    #[test]
    fn katakana_of_both_widths_folds_to_hiragana() {
        assert_eq!(normalize("トウキョウ"), "とうきょう");
        assert_eq!(normalize("ﾄｳｷｮｳ"), "とうきょう");
        assert_eq!(normalize("ｷﾞｮｳﾀﾞ"), "ぎょうだ");
        assert_eq!(normalize("ﾊﾟﾘ"), "ぱり");
        assert_eq!(normalize("ニューヨーク"), "にゅーよーく");
    }

    #[test]
    fn decomposed_voiced_marks_are_recomposed() {
        assert_eq!(normalize("か\u{3099}"), "が");
        assert_eq!(normalize("ハ\u{309A}リ"), "ぱり");
        assert_eq!(normalize("\u{3099}あ"), "あ");
        assert_eq!(normalize("あ\u{309B}"), "あ");
    }

    #[test]
    fn latin_diacritics_are_removed() {
        assert_eq!(normalize("Gyōda"), "gyoda");
        assert_eq!(normalize("São Paulo"), "saopaulo");
        assert_eq!(normalize("Zürich"), "zurich");
        assert_eq!(normalize("Kraków"), "krakow");
        assert_eq!(normalize("Łódź"), "lodz");
        assert_eq!(normalize("Straße"), "strasse");
        assert_eq!(normalize("e\u{0301}"), "e");
        assert_eq!(normalize("Hà Nội"), "hanoi");
    }

    #[test]
    fn separators_are_dropped() {
        assert_eq!(normalize("Sapporo-shi Chuo-ku"), "sapporoshichuoku");
        assert_eq!(normalize("Tai’an"), "taian");
        assert_eq!(normalize("ロンドン・デリー"), "ろんどんでりー");
        assert_eq!(normalize("a\u{0}b\tc\u{200B}d"), "abcd");
    }

    #[test]
    fn small_ke_and_kanji_variants_fold() {
        assert_eq!(normalize("金ヶ崎町"), normalize("金ケ﨑町"));
        assert_eq!(normalize("鰺ヶ沢"), normalize("鯵ケ沢"));
        assert_eq!(normalize("塩竈"), normalize("塩釜"));
    }

    #[test]
    fn kanji_hiragana_and_emoji_pass_through() {
        assert_eq!(normalize("東京都"), "東京都");
        assert_eq!(normalize("さっぽろ"), "さっぽろ");
        assert_eq!(normalize("🙂"), "🙂");
    }

    #[test]
    fn admin_suffixes_are_recognised() {
        assert!("都道府県市区町村".chars().all(is_admin_suffix));
        assert!(!is_admin_suffix('郡'));
    }
}
