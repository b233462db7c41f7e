//! The diary's rules: what an entry's text and dates may be, when a letter to the future is sealed
//! and what of it may be shown, which `@handles` become mentions, the list's cursor and page size,
//! and which almanac day is lucky. Pure; the use cases apply them.

use std::collections::HashMap;

use base64::Engine as _;
use chrono::{DateTime, Months, NaiveDate, Utc};
use meguri_ids::UserId;
use unicode_normalization::UnicodeNormalization as _;
use uuid::Uuid;

use super::{Member, Refusal, username_key};

/// The most characters (Unicode scalar values) an entry holds, after trimming and NFC.
pub const MAX_CONTENT_CHARS: usize = 1_000;
/// How far ahead a letter may be sealed: ten years (as calendar months, so 29 February clamps).
pub const MAX_DELIVERY_MONTHS: u32 = 120;
/// The days "deliver on a lucky day" looks at, from the chosen date on.
pub const LUCKY_DAY_WINDOW_DAYS: u64 = 60;
/// Entries per page when the caller asks for none in particular, and at most.
pub const DEFAULT_PAGE_LIMIT: u32 = 20;
pub const MAX_PAGE_LIMIT: u32 = 50;

meguri_ids::uuid_id!(
    /// A diary entry.
    pub EntryId
);
meguri_ids::uuid_id!(
    /// A mention notification.
    pub MentionId
);
meguri_ids::uuid_id!(
    /// The id the app chose for one draft: the same again is the same entry (idempotency).
    pub ClientId
);

/// An entry's text: trimmed, NFC, 1..=[`MAX_CONTENT_CHARS`] characters. `@handles` stay as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiaryContent(String);

impl DiaryContent {
    /// # Errors
    /// [`Refusal::InvalidDiaryContent`]: empty after trimming, or too long.
    pub fn parse(raw: &str) -> Result<Self, Refusal> {
        let text: String = raw.trim().nfc().collect();
        let chars = text.chars().count();
        if chars == 0 || chars > MAX_CONTENT_CHARS {
            return Err(Refusal::InvalidDiaryContent);
        }
        Ok(Self(text))
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A calendar day written `YYYY-MM-DD` exactly (four-digit year, two-digit month and day).
#[must_use]
pub fn parse_day(raw: &str) -> Option<NaiveDate> {
    let bytes = raw.as_bytes();
    let shape = bytes.len() == 10
        && bytes.iter().enumerate().all(|(i, b)| if i == 4 || i == 7 { *b == b'-' } else { b.is_ascii_digit() });
    if !shape {
        return None;
    }
    NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok()
}

/// The last day a letter written on `today` may be delivered: ten years ahead.
#[must_use]
pub fn latest_delivery(today: NaiveDate) -> NaiveDate {
    today.checked_add_months(Months::new(MAX_DELIVERY_MONTHS)).unwrap_or(NaiveDate::MAX)
}

/// # Errors
/// [`Refusal::InvalidDeliveryDate`] unless `day` is in tomorrow ..= ten years after `today`.
pub fn check_delivery(today: NaiveDate, day: NaiveDate) -> Result<NaiveDate, Refusal> {
    if day > today && day <= latest_delivery(today) { Ok(day) } else { Err(Refusal::InvalidDeliveryDate) }
}

/// Where an entry sits in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// A plain entry of a day not after today.
    Plain { date: NaiveDate },
    /// A letter to the future: its date is its delivery date; `authored` is the day it was written.
    Letter { delivery: NaiveDate, authored: NaiveDate },
}

impl Timing {
    /// The timing of a new entry, written on the author's local `today`. A letter ignores `date`;
    /// a plain entry may not name a delivery date (an empty one counts as none).
    ///
    /// # Errors
    /// [`Refusal::InvalidDiaryDate`] (not `YYYY-MM-DD`, or after today),
    /// [`Refusal::InvalidDeliveryDate`] (a letter's missing or out of range, or a plain entry's).
    pub fn of_new(
        today: NaiveDate,
        date: &str,
        publish_to_future: bool,
        delivery_date: Option<&str>,
    ) -> Result<Self, Refusal> {
        let delivery_date = delivery_date.filter(|d| !d.is_empty());
        if publish_to_future {
            let delivery = delivery_date.and_then(parse_day).ok_or(Refusal::InvalidDeliveryDate)?;
            return Ok(Self::Letter { delivery: check_delivery(today, delivery)?, authored: today });
        }
        if delivery_date.is_some() {
            return Err(Refusal::InvalidDeliveryDate);
        }
        Ok(Self::Plain { date: plain_date(today, date)? })
    }

    /// The day the entry is listed under.
    #[must_use]
    pub const fn date(self) -> NaiveDate {
        match self {
            Self::Plain { date } => date,
            Self::Letter { delivery, .. } => delivery,
        }
    }
}

/// A plain entry's day: `YYYY-MM-DD`, not after `today`.
///
/// # Errors
/// [`Refusal::InvalidDiaryDate`].
pub fn plain_date(today: NaiveDate, raw: &str) -> Result<NaiveDate, Refusal> {
    parse_day(raw).filter(|d| *d <= today).ok_or(Refusal::InvalidDiaryDate)
}

/// An entry as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub id: EntryId,
    pub author: UserId,
    pub client_id: ClientId,
    pub content: String,
    pub date: NaiveDate,
    pub publish_to_future: bool,
    pub delivery_date: Option<NaiveDate>,
    pub authored_date: Option<NaiveDate>,
    pub delivered_at: Option<DateTime<Utc>>,
    pub has_been_shown: bool,
    pub email_sent: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Entry {
    /// A letter not delivered yet: its text and mentions never leave social.
    #[must_use]
    pub const fn is_sealed(&self) -> bool {
        self.publish_to_future && self.delivered_at.is_none()
    }

    /// A letter notify delivered.
    #[must_use]
    pub const fn is_delivered(&self) -> bool {
        self.publish_to_future && self.delivered_at.is_some()
    }

    /// The day an edit puts the entry on: a plain entry's new date (not after `today`); a
    /// delivered letter keeps its delivery date whatever was sent.
    ///
    /// # Errors
    /// [`Refusal::LetterSealed`] for a sealed letter (it cannot be read, so not edited);
    /// [`Refusal::InvalidDiaryDate`].
    pub fn edited_date(&self, today: NaiveDate, raw: &str) -> Result<NaiveDate, Refusal> {
        if self.is_sealed() {
            return Err(Refusal::LetterSealed);
        }
        if self.publish_to_future { Ok(self.date) } else { plain_date(today, raw) }
    }
}

/// An entry as a reader may see it: a sealed letter without its text and mentions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryView {
    pub entry: Entry,
    pub author: Member,
    /// `None` while sealed.
    pub content: Option<String>,
    /// The friends it mentions (none while sealed).
    pub mentions: Vec<Member>,
}

impl EntryView {
    #[must_use]
    pub fn of(mut entry: Entry, author: Member, mentions: Vec<Member>) -> Self {
        if entry.is_sealed() {
            entry.content = String::new();
            return Self { entry, author, content: None, mentions: Vec::new() };
        }
        let content = Some(entry.content.clone());
        Self { entry, author, content, mentions }
    }
}

/// A mention notification as its recipient sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MentionNotice {
    pub id: MentionId,
    pub mentioner: Member,
    pub entry_id: EntryId,
    pub entry_date: NaiveDate,
    pub entry_content: String,
    pub created_at: DateTime<Utc>,
}

/// The username keys each `@handle` of `text` may mean, longest first per handle
/// (`meguri_username::mentions`), every key once.
#[must_use]
pub fn mention_keys(text: &str) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for mention in meguri_username::mentions(text) {
        for candidate in mention.candidates() {
            let key = username_key(candidate.as_str());
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
    }
    keys
}

/// The members `text` mentions, given the author's mentionable friends by username key: for each
/// `@handle`, its longest candidate that names one of them; each member once, in the order of
/// their first mention; never the author. Anything else stays plain text.
#[must_use]
pub fn resolve_mentions(text: &str, author: UserId, friends: &HashMap<String, Member>) -> Vec<Member> {
    let mut found: Vec<Member> = Vec::new();
    for mention in meguri_username::mentions(text) {
        let hit = mention.candidates().iter().find_map(|c| friends.get(&username_key(c.as_str())));
        if let Some(member) = hit
            && member.id != author
            && !found.iter().any(|m| m.id == member.id)
        {
            found.push(member.clone());
        }
    }
    found
}

/// How many entries one page holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageLimit(u32);

impl PageLimit {
    /// 0 (unset) is [`DEFAULT_PAGE_LIMIT`].
    ///
    /// # Errors
    /// [`Refusal::InvalidLimit`] above [`MAX_PAGE_LIMIT`].
    pub fn new(requested: u32) -> Result<Self, Refusal> {
        match requested {
            0 => Ok(Self(DEFAULT_PAGE_LIMIT)),
            1..=MAX_PAGE_LIMIT => Ok(Self(requested)),
            _ => Err(Refusal::InvalidLimit),
        }
    }

    #[must_use]
    pub const fn get(self) -> u32 {
        self.0
    }
}

/// Where the next page starts: after the entry of `date` and `id` in the list's order (date, then
/// id, both descending). Opaque to clients: base64url (no padding) of `YYYY-MM-DD_<uuid>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cursor {
    pub date: NaiveDate,
    pub id: EntryId,
}

impl Cursor {
    #[must_use]
    pub fn after(entry: &Entry) -> Self {
        Self { date: entry.date, id: entry.id }
    }

    #[must_use]
    pub fn encode(self) -> String {
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(format!("{}_{}", self.date.format("%Y-%m-%d"), self.id))
    }

    /// # Errors
    /// [`Refusal::InvalidCursor`]: anything [`Cursor::encode`] did not write.
    pub fn decode(raw: &str) -> Result<Self, Refusal> {
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(raw).map_err(|_| Refusal::InvalidCursor)?;
        let text = String::from_utf8(bytes).map_err(|_| Refusal::InvalidCursor)?;
        let (date, id) = text.split_once('_').ok_or(Refusal::InvalidCursor)?;
        let date = parse_day(date).ok_or(Refusal::InvalidCursor)?;
        let id = Uuid::try_parse(id).map_err(|_| Refusal::InvalidCursor)?;
        Ok(Self { date, id: EntryId::from_uuid(id) })
    }
}

/// One entry of an almanac day (bazi-engine's `AlmanacItem`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlmanacItem {
    pub id: String,
    pub name: String,
    pub description: String,
}

/// An almanac day: its date and items.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlmanacDay {
    pub date: NaiveDate,
    pub items: Vec<AlmanacItem>,
}

/// The almanac items that make a day lucky for a letter, strongest first: 天赦日, 一粒万倍日, 大安.
pub const LUCKY_ITEMS: [&str; 3] = ["tensha", "ichiryu_manbai", "taian"];

/// The days "deliver on a lucky day" asks the almanac for: `from` (a valid delivery date) and the
/// [`LUCKY_DAY_WINDOW_DAYS`] − 1 days after it, cut at the ten-year limit.
///
/// # Errors
/// [`Refusal::InvalidDeliveryDate`] when `from` is not a valid delivery date.
pub fn lucky_window(today: NaiveDate, from: NaiveDate) -> Result<(NaiveDate, NaiveDate), Refusal> {
    let from = check_delivery(today, from)?;
    let end = from.checked_add_days(chrono::Days::new(LUCKY_DAY_WINDOW_DAYS - 1)).unwrap_or(NaiveDate::MAX);
    Ok((from, end.min(latest_delivery(today))))
}

/// The first day (by date) carrying one of [`LUCKY_ITEMS`], with every one of them it carries in
/// [`LUCKY_ITEMS`] order.
#[must_use]
pub fn first_lucky_day(days: &[AlmanacDay]) -> Option<(NaiveDate, Vec<AlmanacItem>)> {
    let mut days: Vec<&AlmanacDay> = days.iter().collect();
    days.sort_by_key(|d| d.date);
    days.into_iter().find_map(|day| {
        let reasons: Vec<AlmanacItem> =
            LUCKY_ITEMS.iter().filter_map(|id| day.items.iter().find(|item| item.id == *id)).cloned().collect();
        (!reasons.is_empty()).then_some((day.date, reasons))
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn day(s: &str) -> NaiveDate {
        parse_day(s).expect("a date")
    }

    fn member(name: &str) -> Member {
        Member { id: UserId::new(), username: name.to_owned(), first_name: None, profile_image_url: None }
    }

    #[test]
    fn content_is_trimmed_nfc_and_one_to_a_thousand_characters() {
        assert_eq!(DiaryContent::parse("  今日は晴れ \n").expect("valid").as_str(), "今日は晴れ");
        // か + combining voiced mark composes to が.
        assert_eq!(DiaryContent::parse("か\u{3099}").expect("valid").as_str(), "が");
        assert_eq!(DiaryContent::parse(" \n\t "), Err(Refusal::InvalidDiaryContent));
        assert_eq!(DiaryContent::parse(""), Err(Refusal::InvalidDiaryContent));
        assert!(DiaryContent::parse(&"あ".repeat(1_000)).is_ok());
        assert_eq!(DiaryContent::parse(&"あ".repeat(1_001)), Err(Refusal::InvalidDiaryContent));
        // Characters, not bytes: 1,000 emoji are fine.
        assert!(DiaryContent::parse(&"🌸".repeat(1_000)).is_ok());
    }

    #[test]
    fn a_day_is_exactly_yyyy_mm_dd() {
        assert_eq!(parse_day("2026-11-26"), NaiveDate::from_ymd_opt(2026, 11, 26));
        for bad in ["2026-1-05", "2026/11/26", "26-11-2026", "2026-02-30", "2026-11-26T00:00", "", "２０２６-11-26"]
        {
            assert_eq!(parse_day(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_plain_entry_is_not_after_today_and_names_no_delivery_date() {
        let today = day("2026-11-26");
        assert_eq!(Timing::of_new(today, "2026-11-26", false, None), Ok(Timing::Plain { date: today }));
        assert_eq!(Timing::of_new(today, "2020-01-01", false, Some("")), Ok(Timing::Plain { date: day("2020-01-01") }));
        assert_eq!(Timing::of_new(today, "2026-11-27", false, None), Err(Refusal::InvalidDiaryDate));
        assert_eq!(Timing::of_new(today, "yesterday", false, None), Err(Refusal::InvalidDiaryDate));
        assert_eq!(Timing::of_new(today, "2026-11-26", false, Some("2027-01-01")), Err(Refusal::InvalidDeliveryDate));
    }

    #[test]
    fn a_letter_goes_from_tomorrow_to_ten_years_ahead_and_ignores_its_date() {
        let today = day("2026-11-26");
        assert_eq!(
            Timing::of_new(today, "garbage", true, Some("2026-11-27")),
            Ok(Timing::Letter { delivery: day("2026-11-27"), authored: today })
        );
        assert_eq!(Timing::of_new(today, "", true, Some("2036-11-26")).map(Timing::date), Ok(day("2036-11-26")));
        for bad in [None, Some(""), Some("2026-11-26"), Some("2020-01-01"), Some("2036-11-27"), Some("soon")] {
            assert_eq!(Timing::of_new(today, "2026-11-26", true, bad), Err(Refusal::InvalidDeliveryDate), "{bad:?}");
        }
        // Ten years after 29 February is 28 February.
        assert_eq!(latest_delivery(day("2028-02-29")), day("2038-02-28"));
    }

    fn entry(publish_to_future: bool, delivered: bool) -> Entry {
        let now = Utc::now();
        Entry {
            id: EntryId::new(),
            author: UserId::new(),
            client_id: ClientId::new(),
            content: "秘密 @hanako".to_owned(),
            date: day("2027-01-01"),
            publish_to_future,
            delivery_date: publish_to_future.then(|| day("2027-01-01")),
            authored_date: publish_to_future.then(|| day("2026-11-26")),
            delivered_at: delivered.then_some(now),
            has_been_shown: false,
            email_sent: false,
            created_at: now,
            updated_at: now,
        }
    }

    #[test]
    fn a_sealed_letter_shows_neither_its_text_nor_its_mentions_and_cannot_be_edited() {
        let author = member("taro_1");
        let sealed = EntryView::of(entry(true, false), author.clone(), vec![member("hanako")]);
        assert_eq!(sealed.content, None);
        assert!(sealed.entry.content.is_empty());
        assert!(sealed.mentions.is_empty());
        assert_eq!(entry(true, false).edited_date(day("2026-11-26"), "2026-11-26"), Err(Refusal::LetterSealed));

        let delivered = EntryView::of(entry(true, true), author.clone(), vec![member("hanako")]);
        assert_eq!(delivered.content.as_deref(), Some("秘密 @hanako"));
        assert_eq!(delivered.mentions.len(), 1);
        // A delivered letter keeps its delivery date when edited.
        assert_eq!(entry(true, true).edited_date(day("2027-02-01"), "2020-01-01"), Ok(day("2027-01-01")));
        let plain = entry(false, false);
        assert_eq!(plain.edited_date(day("2026-11-26"), "2026-11-20"), Ok(day("2026-11-20")));
        assert_eq!(plain.edited_date(day("2026-11-26"), "2026-11-27"), Err(Refusal::InvalidDiaryDate));
    }

    #[test]
    fn mentions_resolve_to_friends_by_their_longest_name_case_and_width_insensitively() {
        let author = member("taro_1");
        let hanako = member("Hanako");
        let hana = member("はなこ");
        let friends: HashMap<String, Member> =
            [&hanako, &hana, &author].iter().map(|m| (username_key(&m.username), (*m).clone())).collect();
        let text = "今日は＠ＨＡＮＡＫＯと@はなこさんと @hanako と @stranger と @taro_1 と mail@hanako";
        let found = resolve_mentions(text, author.id, &friends);
        assert_eq!(found, vec![hanako.clone(), hana.clone()]);
        assert!(resolve_mentions("@stranger hi", author.id, &friends).is_empty());
        assert!(mention_keys("＠ＨＡＮＡＫＯ").contains(&"hanako".to_owned()));
    }

    #[test]
    fn the_page_limit_defaults_to_twenty_and_refuses_over_fifty() {
        assert_eq!(PageLimit::new(0).map(PageLimit::get), Ok(20));
        assert_eq!(PageLimit::new(1).map(PageLimit::get), Ok(1));
        assert_eq!(PageLimit::new(50).map(PageLimit::get), Ok(50));
        assert_eq!(PageLimit::new(51), Err(Refusal::InvalidLimit));
    }

    #[test]
    fn garbage_is_not_a_cursor() {
        for bad in ["", "!!!", "bm90IGEgY3Vyc29y", "MjAyNi0xMS0yNl9ub3QtYS11dWlk", "MjAyNi0xMS0yNg"] {
            assert_eq!(Cursor::decode(bad), Err(Refusal::InvalidCursor), "{bad}");
        }
    }

    fn almanac(date: &str, ids: &[&str]) -> AlmanacDay {
        AlmanacDay {
            date: day(date),
            items: ids
                .iter()
                .map(|id| AlmanacItem {
                    id: (*id).to_owned(),
                    name: format!("{id}の名"),
                    description: "説明".to_owned(),
                })
                .collect(),
        }
    }

    #[test]
    fn the_lucky_day_is_the_first_with_tensha_ichiryu_manbai_or_taian_reasons_strongest_first() {
        let days = [
            almanac("2026-12-03", &["taian"]),
            almanac("2026-12-01", &["butsumetsu", "holiday"]),
            almanac("2026-12-02", &["taian", "tora", "ichiryu_manbai", "tensha"]),
        ];
        let (date, reasons) = first_lucky_day(&days).expect("a lucky day");
        assert_eq!(date, day("2026-12-02"));
        let ids: Vec<&str> = reasons.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, ["tensha", "ichiryu_manbai", "taian"]);
        assert_eq!(first_lucky_day(&[almanac("2026-12-01", &["shakko"])]), None);
    }

    #[test]
    fn the_lucky_window_is_sixty_days_cut_at_ten_years() {
        let today = day("2026-11-26");
        assert_eq!(lucky_window(today, day("2026-11-27")), Ok((day("2026-11-27"), day("2027-01-25"))));
        assert_eq!(lucky_window(today, day("2036-11-01")), Ok((day("2036-11-01"), day("2036-11-26"))));
        assert_eq!(lucky_window(today, today), Err(Refusal::InvalidDeliveryDate));
        assert_eq!(lucky_window(today, day("2036-11-27")), Err(Refusal::InvalidDeliveryDate));
    }

    proptest! {
        #[test]
        fn a_cursor_reads_back_as_written(days in 0u64..40_000, id in any::<u128>()) {
            let date = day("1970-01-01").checked_add_days(chrono::Days::new(days)).expect("in range");
            let cursor = Cursor { date, id: EntryId::from_uuid(Uuid::from_u128(id)) };
            prop_assert_eq!(Cursor::decode(&cursor.encode()), Ok(cursor));
        }

        #[test]
        fn content_within_the_limit_is_kept_as_written(text in "[a-zあ-ん一-龥@＠ ]{1,200}") {
            prop_assume!(!text.trim().is_empty());
            let content = DiaryContent::parse(&text).expect("valid");
            prop_assert_eq!(content.as_str(), text.trim());
        }
    }
}
