//! The day and the almanac in the responder's words: what the user's local day is (fortune-gen's
//! day info) and what an almanac term means (天赦日, 一粒万倍日, 大安…). The terms and their
//! meanings are fortune-gen's badge catalogue (the almanac items bazi-engine emits, with their
//! descriptions) and the day's own items; nothing is defined here.

use chrono::{Datelike as _, NaiveDate};

use super::super::crisis::normalize;
use super::{Reply, pick};

/// One almanac term with its meaning: a badge of fortune-gen's catalogue, or an item of a day
/// (一粒万倍日, 大安, 勤労感謝の日…).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DayItem {
    pub name: String,
    pub description: String,
}

/// The user's local day, as fortune-gen describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DayFacts {
    pub date: NaiveDate,
    pub items: Vec<DayItem>,
}

fn weekday(date: NaiveDate) -> &'static str {
    ["月", "火", "水", "木", "金", "土", "日"][date.weekday().num_days_from_monday() as usize]
}

/// 「11月26日（木）」
fn when(date: NaiveDate) -> String {
    format!("{}月{}日（{}）", date.month(), date.day(), weekday(date))
}

/// What today is: its most notable item with its meaning and up to two more by name.
pub(super) fn today(reply: &mut Reply, day: &DayFacts, seed: u64) {
    let Some(item) = day.items.first() else {
        reply.say(format!("{}は暦の上では特別な印のない、落ち着いた日です。", when(day.date)));
        reply.say(pick(&["いつものペースを大切にしてくださいね。", "自分のリズムで過ごすのが一番ですよ。"], seed, 8));
        return;
    };
    let lead = pick(&["今日", "きょう"], seed, 7);
    reply.say(format!("{lead}{}は「{}」です。", when(day.date), item.name));
    reply.quote(&item.description);
    let others: Vec<&str> = day.items.iter().skip(1).take(2).map(|i| i.name.as_str()).collect();
    if !others.is_empty() {
        reply.say(format!("ほかにも「{}」が重なっています。", others.join("」「")));
    }
}

/// The terms `text` asks about, from `catalogue` then the day's items, each once. A term whose
/// name is part of another asked term's name is left out (巳の日 in 「己巳の日って？」).
#[must_use]
pub fn asked_terms<'a>(text: &str, catalogue: &'a [DayItem], day: Option<&'a DayFacts>) -> Vec<&'a DayItem> {
    let normalized = normalize(text);
    let mut found: Vec<&DayItem> = Vec::new();
    let items = catalogue.iter().chain(day.into_iter().flat_map(|d| d.items.iter()));
    for item in items {
        let name = normalize(&item.name);
        if !name.is_empty() && normalized.contains(&name) && !found.iter().any(|f| f.name == item.name) {
            found.push(item);
        }
    }
    let names: Vec<String> = found.iter().map(|f| normalize(&f.name)).collect();
    found
        .into_iter()
        .filter(|item| {
            let name = normalize(&item.name);
            !names.iter().any(|other| other.len() > name.len() && other.contains(&name))
        })
        .collect()
}

/// What each asked term means, and whether today is one.
pub(super) fn explain_terms(reply: &mut Reply, terms: &[&DayItem], day: Option<&DayFacts>) {
    for term in terms {
        reply.say(format!("「{}」についてお話ししますね。", term.name));
        reply.quote(&term.description);
        if let Some(day) = day
            && day.items.iter().any(|i| i.name == term.name)
        {
            reply.say(format!("ちょうど今日{}が「{}」にあたります。", when(day.date), term.name));
        }
    }
    reply.say("暦は昔からの目安なので、気持ちよく過ごすためのヒントとして使ってくださいね。");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(name: &str) -> DayItem {
        DayItem { name: name.to_owned(), description: format!("{name}の説明。") }
    }

    #[test]
    fn a_term_is_found_by_its_name_and_a_shorter_name_inside_it_is_not() {
        let catalogue = [item("天赦日"), item("巳の日"), item("己巳の日"), item("大安")];
        let names =
            |text: &str| asked_terms(text, &catalogue, None).into_iter().map(|t| t.name.clone()).collect::<Vec<_>>();
        assert_eq!(names("天赦日ってなに？"), ["天赦日"]);
        assert_eq!(names("己巳の日と大安の意味は"), ["己巳の日", "大安"]);
        assert_eq!(names("巳の日って？"), ["巳の日"]);
        assert!(names("今日の運勢は?").is_empty());
    }

    #[test]
    fn the_days_own_items_are_terms_too() {
        let day = DayFacts {
            date: NaiveDate::from_ymd_opt(2026, 11, 23).expect("a date"),
            items: vec![item("勤労感謝の日")],
        };
        assert_eq!(asked_terms("勤労感謝の日って何の日？", &[], Some(&day)).len(), 1);
    }
}
