//! Phrase banks. Every fragment is complete Japanese with no slots; code only concatenates
//! fragments whose grammatical shape is fixed by the bank they live in:
//!
//! - a *head* is a clause ending in `、` (`…ので、`, `…から、`, `…今日は、`) that states the situation;
//! - a *tail* is an advice clause ending in `。` that reads well after any head of its family.
//!
//! So every head × tail of a family is one natural sentence, and tests enumerate them all.
//! Each fragment carries its key word, remembered for 14 days to steer the next readings elsewhere.

pub(crate) mod daily;
pub(crate) mod facts;
pub(crate) mod report;
pub(crate) mod ten_gods;

/// `(text, key word)` fragments.
pub(crate) type Bank = &'static [(&'static str, &'static str)];

/// A do or don't: `(text, key word, topics)`.
pub(crate) type Item = (&'static str, &'static str, u8);

/// Topics of dos and don'ts. A do carries what it encourages, a don't what it warns against; a
/// reading never holds a do and a don't sharing a topic, so the lists cannot contradict.
pub(crate) mod topic {
    /// Starting something new.
    pub(crate) const START: u8 = 1;
    /// Contracts, big purchases, decisions that bind.
    pub(crate) const BIG: u8 = 2;
    /// Spending money.
    pub(crate) const SPEND: u8 = 4;
    /// Going out and meeting people.
    pub(crate) const OUT: u8 = 8;
    /// Pushing hard.
    pub(crate) const PUSH: u8 = 16;
    /// Speaking one's mind.
    pub(crate) const SPEAK: u8 = 32;
}

#[cfg(test)]
mod tests {
    use super::{Bank, Item, daily as d, facts, ten_gods};
    use crate::compose::{MAX_ITEM_CHARS, MAX_LINE_CHARS};
    use crate::facts::Element;

    fn heads() -> Vec<Bank> {
        let mut v: Vec<Bank> = ten_gods::TEXTS.iter().flat_map(|t| [t.heads, t.topics]).collect();
        v.extend([
            d::KONG_WANG_HEADS,
            d::FUJOJU_HEADS,
            d::MIXED_HEADS,
            d::TENSHA_HEADS,
            d::ICHIRYU_HEADS,
            d::START_HEADS,
            d::MONEY_GENERIC_HEADS,
            d::TENICHI_HEADS,
            d::BUTSUMETSU_HEADS,
            d::SEASONAL_HEADS,
            d::HOLIDAY_HEADS,
            d::TAILWIND_HEADS,
            d::HEADWIND_HEADS,
            d::CALM_HEADS,
        ]);
        v.extend(d::CAUTION_HEADS);
        v.extend(d::HARMONY_HEADS);
        v.extend(d::STAGE_HEADS);
        v.extend(d::LUCKY_HEADS.iter().map(|x| x.1));
        v.extend(d::MONEY_HEADS.iter().map(|x| x.1));
        v.extend(d::TIMING.iter().map(|x| x.1));
        v
    }

    fn tails() -> Vec<Bank> {
        let mut v: Vec<Bank> = ten_gods::TEXTS.iter().map(|t| t.tails).collect();
        v.extend([
            ten_gods::GENERIC_TAILS,
            d::KONG_WANG_TAILS,
            d::FUJOJU_TAILS,
            d::CAUTION_TAILS,
            d::HARMONY_TAILS,
            d::START_TAILS,
            d::MONEY_TAILS,
            d::OUTING_TAILS,
            d::BUTSUMETSU_TAILS,
            d::SEASONAL_TAILS,
            d::HOLIDAY_TAILS,
            d::TAILWIND_TAILS,
            d::HEADWIND_TAILS,
        ]);
        v.extend(d::STAGE_TAILS);
        v.extend(d::SEASON_TAILS);
        v.extend(d::TIMING.iter().map(|x| x.2));
        v
    }

    fn items() -> Vec<&'static [Item]> {
        let mut v: Vec<&'static [Item]> = ten_gods::TEXTS.iter().flat_map(|t| [t.dos, t.donts]).collect();
        v.extend([d::KONG_WANG_DOS, d::KONG_WANG_DONTS, d::FUJOJU_DOS, d::FUJOJU_DONTS, d::CAUTION_DOS]);
        v.extend([d::GENERIC_DOS, d::GENERIC_DONTS]);
        v.extend(d::CAUTION_POSITION_DOS);
        v.extend(d::CAUTION_DONTS);
        v.extend(d::HARMONY_DOS);
        v.extend(d::STAGE_DOS);
        v.extend(d::STAGE_DONTS);
        v.extend(d::ALMANAC_ITEMS.iter().flat_map(|x| [x.1, x.2]));
        v.extend(Element::ALL.iter().map(|&e| facts::element_text(e).dos));
        v
    }

    fn assert_clean(text: &str) {
        assert!(!text.contains('|') && !text.contains('{') && !text.contains(' '), "{text}");
    }

    #[test]
    fn heads_end_in_a_comma_and_tails_in_a_full_stop() {
        for bank in heads() {
            for (text, word) in bank {
                assert!(text.ends_with('、') && !text[..text.len() - '、'.len_utf8()].contains('。'), "{text}");
                assert!(!word.is_empty());
                assert_clean(text);
            }
        }
        for bank in tails() {
            for (text, word) in bank {
                assert!(text.ends_with('。') && text.matches('。').count() == 1, "{text}");
                assert!(!word.is_empty());
                assert_clean(text);
            }
        }
        for t in &ten_gods::TEXTS {
            assert!(t.heads.iter().all(|h| h.0.ends_with("ので、") || h.0.ends_with("から、")));
            assert!(t.topics.iter().all(|h| h.0.ends_with("今日は、")));
            assert!(t.heads.len() + t.topics.len() >= 8 && t.tails.len() >= 8);
        }
    }

    #[test]
    fn any_head_and_any_tail_fit_in_a_line() {
        // Heads built in code add at most a 10-character almanac name to a 16-character frame.
        let longest = |banks: Vec<Bank>| banks.iter().flat_map(|b| b.iter()).map(|x| x.0.chars().count()).max();
        let head = longest(heads()).expect("heads").max(26);
        let tail = longest(tails()).expect("tails");
        assert!(head + tail <= MAX_LINE_CHARS, "{head} + {tail}");
    }

    #[test]
    fn dos_and_donts_are_short_and_distinct() {
        for list in items() {
            for (i, (text, word, _)) in list.iter().enumerate() {
                assert!(text.chars().count() <= MAX_ITEM_CHARS, "{text}");
                assert!(!word.is_empty());
                assert_clean(text);
                assert!(list[i + 1..].iter().all(|x| x.0 != *text), "twice: {text}");
            }
        }
    }

    #[test]
    fn items_that_start_or_bind_say_so() {
        // The topic flags keep starts off 空亡 and 不成就日; an unflagged start would slip through.
        for list in items() {
            for (text, _, topics) in list.iter() {
                if ["始め", "契約", "申し込", "即決"].iter().any(|s| text.contains(s)) {
                    assert!(topics & (super::topic::START | super::topic::BIG) != 0, "{text}");
                }
            }
        }
    }
}
